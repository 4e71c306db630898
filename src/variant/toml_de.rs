//! Definitions read from the parsed TOML tree without serde.
//!
//! [`super::toml_parse`] parses the text into its tree (byte spans kept); the
//! [`Read`] impls here turn the tree into the definition structs (declared
//! with [`toml_table!`]). serde's derived code did this before, compiled
//! once per deserializer type and per field type: most of the library's
//! TOML reading, hundreds of kilobytes of code; these impls are a loop and
//! a comparison per key. The messages and spans are those
//! `toml::from_str` gave (`unknown field`, `invalid type`, `missing field`:
//! the tests compare the two on every built-in definition, altered line by
//! line), so that every error still names its line and key.

use std::collections::BTreeMap;
use std::ops::Range;

use super::toml_parse::{Entries, Spanned, Value};

/// A refused definition: the message and the bytes it is about.
#[derive(Debug)]
pub(super) struct Error {
    pub(super) message: String,
    pub(super) span: Option<Range<usize>>,
}

impl Error {
    pub(super) fn at(message: String, span: Range<usize>) -> Error {
        Error {
            message,
            span: Some(span),
        }
    }
}

/// A value of the tree with its bytes.
pub(super) type Node<'i> = super::toml_parse::Node<'i>;

/// Parses `text` as a TOML document and reads a `T` from it.
pub(super) fn from_str<T: Read>(text: &str) -> Result<T, Error> {
    T::read(&super::toml_parse::parse(text)?)
}

/// A type read from a TOML value.
pub(super) trait Read: Sized {
    /// What a message says was expected (serde's words).
    const EXPECTED: &'static str;

    /// Reads `node`; an error names the innermost bytes at fault.
    fn read(node: &Node<'_>) -> Result<Self, Error>;

    /// Whether the key may be left out (its value is then the type's
    /// default: `None`).
    const OPTIONAL: bool = false;
}

/// A whole number of the tree, in the first width that holds it (the
/// widths `toml::from_str` tried: its messages name them).
enum Integer {
    I64(i64),
    U64(u64),
    I128(i128),
    U128(u128),
}

fn integer(node: &Node<'_>) -> Result<Option<Integer>, Error> {
    let Value::Integer(digits, radix) = node.get_ref() else {
        return Ok(None);
    };
    let (digits, radix) = (digits.as_ref(), *radix);
    if let Ok(v) = i64::from_str_radix(digits, radix) {
        Ok(Some(Integer::I64(v)))
    } else if let Ok(v) = u64::from_str_radix(digits, radix) {
        Ok(Some(Integer::U64(v)))
    } else if let Ok(v) = i128::from_str_radix(digits, radix) {
        Ok(Some(Integer::I128(v)))
    } else if let Ok(v) = u128::from_str_radix(digits, radix) {
        Ok(Some(Integer::U128(v)))
    } else {
        Err(Error::at("integer number overflowed".into(), node.span()))
    }
}

fn float(node: &Node<'_>) -> Result<Option<f64>, Error> {
    let Value::Float(x) = node.get_ref() else {
        return Ok(None);
    };
    match x.parse::<f64>() {
        Ok(v) if v.is_finite() || x.contains("inf") => Ok(Some(v)),
        _ => Err(Error::at(
            "floating-point number overflowed".into(),
            node.span(),
        )),
    }
}

/// `x` as Rust's `Display` writes it: the shortest decimal that reads back
/// as `x` (of two, the nearer; a tie rounded up, as Rust's Dragon4 does),
/// without an exponent. Ours so that the module links no float formatting
/// (Grisu and Dragon4: 8 KB of WebAssembly) for the one message that
/// shows a float; reading back uses the parser `toml` links anyway.
fn float_text(x: f64) -> String {
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_nan() {
        return "NaN".into();
    } else if x.is_infinite() {
        return format!("{sign}inf");
    } else if x == 0.0 {
        return format!("{sign}0");
    }
    let x = x.abs();
    let bits = x.to_bits();
    let (biased, fraction) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (mantissa, exp) = match biased {
        0 => (fraction, -1074),
        _ => (fraction | 1 << 52, biased - 1075),
    };
    // Its exact digits: mantissa * 2^exp = (mantissa * 5^-exp) / 10^-exp.
    const LIMB: u64 = 1_000_000_000;
    let mut limbs = vec![mantissa % LIMB, mantissa / LIMB];
    let (factor, times) = if exp >= 0 { (2, exp) } else { (5, -exp) };
    for _ in 0..times {
        let mut carry = 0;
        for l in &mut limbs {
            let v = *l * factor + carry;
            *l = v % LIMB;
            carry = v / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut digits = limbs.last().map(u64::to_string).unwrap_or_default();
    for l in limbs.iter().rev().skip(1) {
        digits.push_str(&format!("{l:09}"));
    }
    // x = 0.digits * 10^point
    let point = digits.len() as i32 + exp.min(0);
    let digits = digits.trim_end_matches('0').as_bytes();
    let reads_back = |d: &[u8], p: i32| {
        let text = format!("0.{}e{p}", std::str::from_utf8(d).unwrap_or("0"));
        text.parse::<f64>() == Ok(x)
    };
    for n in 1..digits.len() {
        let down = &digits[..n];
        let mut up = down.to_vec();
        let mut up_point = point;
        while up.last() == Some(&b'9') {
            up.pop();
        }
        match up.last_mut() {
            Some(d) => *d += 1,
            None => {
                up.push(b'1');
                up_point += 1;
            }
        }
        match (reads_back(down, point), reads_back(&up, up_point)) {
            (false, false) => continue,
            (true, false) => return sign.to_string() + &layout(down, point),
            (false, true) => return sign.to_string() + &layout(&up, up_point),
            (true, true) if digits[n] >= b'5' => return sign.to_string() + &layout(&up, up_point),
            (true, true) => return sign.to_string() + &layout(down, point),
        }
    }
    sign.to_string() + &layout(digits, point)
}

/// `0.digits * 10^point` in positional notation.
fn layout(digits: &[u8], point: i32) -> String {
    let digits = std::str::from_utf8(digits)
        .unwrap_or("0")
        .trim_end_matches('0');
    let len = digits.len() as i32;
    if point <= 0 {
        format!("0.{}{digits}", "0".repeat(-point as usize))
    } else if point >= len {
        format!("{digits}{}", "0".repeat((point - len) as usize))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    }
}

/// `invalid type: <what node is>, expected <T>`.
fn invalid_type<T: Read>(node: &Node<'_>) -> Error {
    invalid_type_of(node, T::EXPECTED)
}

fn invalid_type_of(node: &Node<'_>, expected: &str) -> Error {
    let found = match node.get_ref() {
        Value::String(s) => format!("string {:?}", s.as_ref()),
        Value::Integer(..) => match integer(node) {
            Err(e) => return e,
            Ok(Some(Integer::I64(v))) => format!("integer `{v}`"),
            Ok(Some(Integer::U64(v))) => format!("integer `{v}`"),
            Ok(Some(Integer::I128(v))) => format!("integer `{v}` as i128"),
            Ok(Some(Integer::U128(v))) => format!("integer `{v}` as u128"),
            Ok(None) => unreachable!("an integer"),
        },
        Value::Float(_) => match float(node) {
            Err(e) => return e,
            Ok(x) => {
                let x = x.unwrap_or_default();
                let mut text = float_text(x);
                if x.is_finite() && !text.contains('.') {
                    text.push_str(".0");
                }
                format!("floating point `{text}`")
            }
        },
        Value::Boolean(b) => format!("boolean `{b}`"),
        Value::Datetime => "date-time".into(),
        Value::Array(_) => "sequence".into(),
        Value::Table(_) => "map".into(),
    };
    Error::at(
        format!("invalid type: {found}, expected {expected}"),
        node.span(),
    )
}

impl Read for String {
    const EXPECTED: &'static str = "a string";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        match node.get_ref() {
            Value::String(s) => Ok(s.to_string()),
            _ => Err(invalid_type::<Self>(node)),
        }
    }
}

impl Read for bool {
    const EXPECTED: &'static str = "a boolean";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        match node.get_ref() {
            Value::Boolean(b) => Ok(*b),
            _ => Err(invalid_type::<Self>(node)),
        }
    }
}

impl Read for i64 {
    const EXPECTED: &'static str = "i64";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        let value =
            |found: String| Error::at(format!("invalid value: {found}, expected i64"), node.span());
        match integer(node)? {
            Some(Integer::I64(v)) => Ok(v),
            Some(Integer::U64(v)) => Err(value(format!("integer `{v}`"))),
            _ => Err(invalid_type::<Self>(node)),
        }
    }
}

impl<T: Read> Read for Option<T> {
    const EXPECTED: &'static str = T::EXPECTED;
    const OPTIONAL: bool = true;

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        T::read(node).map(Some)
    }
}

impl<T: Read> Read for Spanned<T> {
    const EXPECTED: &'static str = T::EXPECTED;

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        Ok(Spanned::new(node.span(), T::read(node)?))
    }
}

impl<T: Read> Read for Vec<T> {
    const EXPECTED: &'static str = "a sequence";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        match node.get_ref() {
            Value::Array(a) => {
                let mut out = Vec::with_capacity(a.items.len());
                for item in &a.items {
                    out.push(T::read(item)?);
                }
                Ok(out)
            }
            _ => Err(invalid_type::<Self>(node)),
        }
    }
}

impl<T: Read> Read for BTreeMap<String, T> {
    const EXPECTED: &'static str = "a map";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        // Inserted one by one: `collect` would sort (more code, no gain).
        let mut out = BTreeMap::new();
        for (k, v) in table(node, Self::EXPECTED)? {
            out.insert(k.get_ref().to_string(), T::read(v)?);
        }
        Ok(out)
    }
}

/// The table `node` is, else `invalid type`.
fn table<'a, 'i>(node: &'a Node<'i>, expected: &str) -> Result<&'a Entries<'i>, Error> {
    match node.get_ref() {
        Value::Table(t) => Ok(&t.entries),
        _ => Err(invalid_type_of(node, expected)),
    }
}

/// Whether a TOML key names a Rust field: `en-passant` names `en_passant`
/// (`en_passant` names none).
fn is_field(key: &str, field: &str) -> bool {
    key.len() == field.len()
        && key
            .bytes()
            .zip(field.bytes())
            .all(|(k, f)| k == if f == b'_' { b'-' } else { f })
}

/// `unknown field`, listing the fields (kebab-case) as serde did.
fn unknown_field(key: &Spanned<std::borrow::Cow<'_, str>>, fields: &[&str]) -> Error {
    let mut message = format!("unknown field `{}`, ", key.get_ref());
    let names: Vec<String> = fields
        .iter()
        .map(|f| format!("`{}`", f.replace('_', "-")))
        .collect();
    match names.len() {
        0 => message.push_str("there are no fields"),
        1 => message.push_str(&format!("expected {}", names[0])),
        2 => message.push_str(&format!("expected {} or {}", names[0], names[1])),
        _ => message.push_str(&format!("expected one of {}", names.join(", "))),
    }
    Error::at(message, key.span())
}

/// `missing field`, about the table that lacks it.
fn missing_field(field: &str, table: &Node<'_>) -> Error {
    Error::at(
        format!("missing field `{}`", field.replace('_', "-")),
        table.span(),
    )
}

/// A field of a [`toml_table!`] struct while its table is read: its
/// type's default until its key is read. Behind `dyn`, so that
/// [`read_fields`] and each field type's reading are compiled once, not
/// once per field.
pub(super) trait Slot {
    /// Reads the field's value from its key's `node`.
    fn set(&mut self, node: &Node<'_>) -> Result<(), Error>;
}

impl<T: Read> Slot for T {
    fn set(&mut self, node: &Node<'_>) -> Result<(), Error> {
        *self = T::read(node)?;
        Ok(())
    }
}

/// Reads a table's keys into a struct's fields (for [`toml_table!`]), in
/// the table's order: `slots[i]` reads the value of the key of `fields[i]`
/// (snake_case); an unknown key is refused, then the first `required` field
/// left out.
pub(super) fn read_fields(
    node: &Node<'_>,
    expected: &str,
    fields: &[&str],
    required: &[bool],
    slots: &mut [&mut dyn Slot],
) -> Result<(), Error> {
    let table = table(node, expected)?;
    // `toml_table!` structs have at most 64 fields (a bit each).
    let mut seen = 0u64;
    for (key, value) in table {
        let k = key.get_ref();
        match fields.iter().position(|f| is_field(k, f)) {
            Some(i) => {
                slots[i].set(value)?;
                seen |= 1 << i;
            }
            None => return Err(unknown_field(key, fields)),
        }
    }
    match (0..fields.len()).find(|&i| required[i] && seen & (1 << i) == 0) {
        Some(i) => Err(missing_field(fields[i], node)),
        None => Ok(()),
    }
}

/// Declares a struct read from a TOML table by [`Read`]: its fields are
/// the table's keys in kebab-case (`en_passant` is `en-passant`); a field
/// `= default` takes its type's default when left out, an `Option` is
/// `None`, any other is required. Unknown keys are refused.
macro_rules! toml_table {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $($field:ident : $ty:ty $(= $default:ident)?),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[cfg_attr(test, derive(serde::Deserialize))]
        #[cfg_attr(test, serde(deny_unknown_fields, rename_all = "kebab-case"))]
        $vis struct $name {
            $(
                $(#[cfg_attr(test, serde($default))])?
                $field: $ty,
            )*
        }

        impl $crate::variant::toml_de::Read for $name {
            const EXPECTED: &'static str = concat!("struct ", stringify!($name));

            fn read(
                node: &$crate::variant::toml_de::Node<'_>,
            ) -> Result<Self, $crate::variant::toml_de::Error> {
                use $crate::variant::toml_de as de;
                const FIELDS: &[&str] = &[$(stringify!($field)),*];
                const REQUIRED: &[bool] = &[$(toml_table!(@required $ty $(, $default)?)),*];
                // Each field its type's default (`None`, `false`, empty)
                // until read: a required field left out is refused.
                let mut out = $name {
                    $($field: Default::default(),)*
                };
                de::read_fields(node, Self::EXPECTED, FIELDS, REQUIRED, &mut [$(&mut out.$field),*])?;
                Ok(out)
            }
        }
    };
    (@required $ty:ty, default) => {
        false
    };
    (@required $ty:ty) => {
        !<$ty as $crate::variant::toml_de::Read>::OPTIONAL
    };
}
pub(super) use toml_table;

/// A whole or half number of points (`material-komi`): any other value is
/// `None`, refused by the caller with its own message (as `toml::Value`
/// was read: a number, or anything else).
#[cfg_attr(test, derive(serde::Deserialize))]
#[cfg_attr(test, serde(from = "toml::Value"))]
pub(super) struct Number(pub(super) Option<f64>);

#[cfg(test)]
impl From<toml::Value> for Number {
    fn from(v: toml::Value) -> Number {
        Number(match v {
            toml::Value::Integer(i) => Some(i as f64),
            toml::Value::Float(x) => Some(x),
            _ => None,
        })
    }
}

impl Read for Number {
    const EXPECTED: &'static str = "any valid TOML value";

    fn read(node: &Node<'_>) -> Result<Self, Error> {
        if let Some(x) = float(node)? {
            return Ok(Number(Some(x)));
        }
        match integer(node)? {
            Some(Integer::I64(v)) => Ok(Number(Some(v as f64))),
            Some(Integer::U64(_)) => Err(Error::at("u64 value was too large".into(), node.span())),
            Some(_) => Err(invalid_type::<Self>(node)),
            None => Ok(Number(None)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::RawDef;
    use super::*;

    /// Our reading of `text` and `toml::from_str`'s: the same definition,
    /// or the same message about the same bytes (bad TOML: both refuse it,
    /// the syntax messages are each parser's own).
    fn same_as_toml(text: &str) {
        let ours = from_str::<RawDef>(text);
        let theirs = toml::from_str::<RawDef>(text);
        if super::super::toml_parse::parse(text).is_err() {
            assert!(theirs.is_err(), "bad TOML read by toml: {text}");
            return;
        }
        // The one difference: serde's derived code also read a table's
        // fields from an array, in their order (`zone = ["a8", "a1"]`,
        // undocumented); an array where a table belongs is refused here.
        if let Err(e) = &ours
            && e.message
                .starts_with("invalid type: sequence, expected struct ")
        {
            return;
        }
        match (ours, theirs) {
            (Ok(a), Ok(b)) => {
                let read = |raw| super::super::text::def_of(text, raw);
                assert_eq!(read(a), read(b), "{text}");
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.message, b.message(), "{text}");
                assert_eq!(a.span, b.span(), "{}: {text}", a.message);
            }
            (a, b) => panic!("ours {:?}, toml's {:?}: {text}", a.err(), b.err()),
        }
    }

    /// Every built-in definition, and each with one line's value replaced
    /// by a value of each other kind, a key added or the line removed.
    #[test]
    fn reads_as_toml_from_str_does() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants");
        let values = [
            "\"x\"",
            "'lit'",
            "\"\\u00e9\\n\"",
            "-3",
            "0x10",
            "99999999999999999999",
            "1.5",
            "-0.5",
            "true",
            "[1, \"a\"]",
            "[]",
            "{ a = 1 }",
            "{ white = \"a1\", black = 2 }",
        ];
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            same_as_toml(&text);
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let edit = |new: &str| {
                    let mut l = lines.clone();
                    l[i] = new;
                    l.join("\n")
                };
                same_as_toml(&edit(""));
                same_as_toml(&edit("mystery = 1"));
                same_as_toml(&edit(&format!("{line}\n{line}")));
                same_as_toml(&edit(&line.replace('-', "_")));
                if let Some((key, _)) = line.split_once(" = ") {
                    for v in values {
                        same_as_toml(&edit(&format!("{key} = {v}")));
                    }
                }
            }
        }
        assert!(files > 50, "{files} definition files in {dir}");
    }

    /// Our float text is Rust's `Display`, for every kind of `f64`.
    #[test]
    fn float_text_is_rusts_display() {
        let mut values = vec![
            0.0,
            -0.0,
            1.5,
            -0.5,
            0.1,
            0.3,
            1e300,
            1e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::EPSILON,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            9007199254740993.0,
            123456789012345680000.0,
            5e-324,
            2.5,
            1e23,
            8.41e21,
            5e22,
        ];
        for k in -330..310 {
            values.push(10f64.powi(k));
            values.push(-(2f64.powi(k.clamp(-1074, 1023))));
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            values.push(f64::from_bits(seed));
            values.push((seed % 100_000) as f64 / 1000.0);
        }
        for x in values {
            assert_eq!(float_text(x), x.to_string(), "{:?}", x.to_bits());
        }
    }

    #[test]
    fn bad_documents_are_refused_with_a_span() {
        for (text, message) in [
            ("name = ", "missing value"),
            ("name = chess", "string values must be quoted"),
            ("name = \"x\"\nname = \"y\"", "duplicate key"),
            ("[piece", "unclosed table"),
            (
                "name = 1979-05-27",
                "invalid type: date-time, expected a string",
            ),
            ("files = 99999999999999999999", "expected i64"),
            (
                "files = 0x7fffffffffffffffffffffffffffffffff",
                "integer number overflowed",
            ),
            ("files = 1e999", "floating-point number overflowed"),
            ("files = [[[[[[[[[[]]]]]]]]]]", "invalid type: sequence"),
            (
                "[promotion]\nscheme = \"zone\"\nzone = [\"a8\", \"a1\"]",
                "invalid type: sequence, expected struct RawRegion",
            ),
            (
                "[[piece]]\nname = 1",
                "invalid type: integer `1`, expected a string",
            ),
            ("name = \"x\"\nfiles = 8", "missing field `ranks`"),
            (
                "en_passant = true",
                "unknown field `en_passant`, expected one of `name`",
            ),
        ] {
            let e = from_str::<RawDef>(text).err().unwrap();
            assert!(e.message.contains(message), "{text}: {}", e.message);
            assert!(e.span.is_some(), "{text}: {}", e.message);
        }
    }

    #[test]
    fn komi_takes_whole_and_half_numbers_and_refuses_the_rest() {
        let komi =
            |v: &str| from_str::<BTreeMap<String, Number>>(&format!("k = {v}")).map(|m| m["k"].0);
        assert_eq!(komi("2").unwrap(), Some(2.0));
        assert_eq!(komi("-0.5").unwrap(), Some(-0.5));
        for other in ["\"2\"", "true", "[2]", "{ a = 2 }", "1979-05-27"] {
            assert_eq!(komi(other).unwrap(), None, "{other}");
        }
    }
}
