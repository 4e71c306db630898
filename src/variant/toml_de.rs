//! Definitions read through one serde deserializer.
//!
//! `toml::from_str` hands values to several deserializer types of its own
//! (table, array, value, key, datetime), so every definition struct's
//! `#[derive(Deserialize)]` code was compiled once per type: the bulk of the
//! library's TOML reading. Here `toml` only parses the text into its tree
//! ([`DeTable`], byte spans kept), and this one deserializer turns the tree
//! into the structs: each struct's code is compiled once. Errors keep the
//! span of the innermost value at fault (so that their line can be named),
//! and the messages are serde's, as with `toml::from_str`.

use std::fmt;
use std::ops::Range;

use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};
use toml::de::{DeArray, DeString, DeTable, DeValue};

/// A refused definition: serde's (or the TOML parser's) message and the
/// bytes it is about.
#[derive(Debug)]
pub(super) struct Error {
    pub(super) message: String,
    pub(super) span: Option<Range<usize>>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error {
            message: msg.to_string(),
            span: None,
        }
    }
}

impl Error {
    /// Names `span` unless an inner value already did.
    fn at(mut self, span: &Range<usize>) -> Self {
        if self.span.is_none() {
            self.span = Some(span.clone());
        }
        self
    }
}

/// Parses `text` as a TOML document and reads a `T` from it.
pub(super) fn from_str<'de, T: de::Deserialize<'de>>(text: &'de str) -> Result<T, Error> {
    let root = DeTable::parse(text).map_err(|e| Error {
        message: e.message().to_string(),
        span: e.span(),
    })?;
    let span = root.span();
    T::deserialize(Value {
        value: DeValue::Table(root.into_inner()),
        span,
    })
}

/// A value of the tree and its bytes: the one deserializer.
struct Value<'de> {
    value: DeValue<'de>,
    span: Range<usize>,
}

impl<'de> Value<'de> {
    fn any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let span = self.span;
        match self.value {
            DeValue::String(DeString::Borrowed(s)) => visitor.visit_borrowed_str(s),
            DeValue::String(DeString::Owned(s)) => visitor.visit_string(s),
            // The widths `toml::from_str` tries, for its messages.
            DeValue::Integer(n) => {
                let (digits, radix) = (n.as_str(), n.radix());
                if let Ok(v) = i64::from_str_radix(digits, radix) {
                    visitor.visit_i64(v)
                } else if let Ok(v) = u64::from_str_radix(digits, radix) {
                    visitor.visit_u64(v)
                } else if let Ok(v) = i128::from_str_radix(digits, radix) {
                    visitor.visit_i128(v)
                } else if let Ok(v) = u128::from_str_radix(digits, radix) {
                    visitor.visit_u128(v)
                } else {
                    Err(de::Error::custom("integer number overflowed"))
                }
            }
            DeValue::Float(x) => match x.as_str().parse::<f64>() {
                Ok(v) if v.is_finite() || x.as_str().contains("inf") => visitor.visit_f64(v),
                _ => Err(de::Error::custom("floating-point number overflowed")),
            },
            DeValue::Boolean(b) => visitor.visit_bool(b),
            // No definition key takes a date.
            DeValue::Datetime(_) => Err(de::Error::invalid_type(
                Unexpected::Other("date-time"),
                &visitor,
            )),
            DeValue::Array(items) => visitor.visit_seq(Seq(items.into_iter())),
            DeValue::Table(table) => visitor.visit_map(Map {
                entries: table.into_iter(),
                value: None,
            }),
        }
        .map_err(|e| e.at(&span))
    }
}

impl<'de> de::Deserializer<'de> for Value<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.any(visitor)
    }

    // A key that is there is `Some`; a missing one is `None` by serde.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let span = self.span.clone();
        visitor.visit_some(self).map_err(|e| e.at(&span))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let span = self.span.clone();
        visitor.visit_newtype_struct(self).map_err(|e| e.at(&span))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.span.clone();
            return visitor.visit_map(serde_spanned::de::SpannedDeserializer::new(self, span));
        }
        self.any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, Error> for Value<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

struct Seq<'de>(<DeArray<'de> as IntoIterator>::IntoIter);

impl<'de> de::SeqAccess<'de> for Seq<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|v| {
                let span = v.span();
                seed.deserialize(Value {
                    value: v.into_inner(),
                    span,
                })
            })
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

type Entries<'de> = <DeTable<'de> as IntoIterator>::IntoIter;

struct Map<'de> {
    entries: Entries<'de>,
    value: Option<toml::Spanned<DeValue<'de>>>,
}

impl<'de> de::MapAccess<'de> for Map<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        let span = key.span();
        self.value = Some(value);
        seed.deserialize(StrDeserializer::<Error>::new(key.get_ref()))
            .map(Some)
            .map_err(|e| e.at(&span))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let Some(v) = self.value.take() else {
            return Err(de::Error::custom("a value without its key"));
        };
        let span = v.span();
        seed.deserialize(Value {
            value: v.into_inner(),
            span,
        })
    }
}

/// A whole or half number of points (`material-komi`): any other value is
/// `None`, refused by the caller with its own message.
pub(super) struct Number(pub(super) Option<f64>);

impl<'de> de::Deserialize<'de> for Number {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(Number(Some(v as f64)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(Number(Some(v as f64)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Number, E> {
                Ok(Number(Some(v)))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Number, E> {
                Ok(Number(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<Number, E> {
                Ok(Number(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut a: A) -> Result<Number, A::Error> {
                while a.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(Number(None))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut a: A) -> Result<Number, A::Error> {
                while a.next_entry::<de::IgnoredAny, de::IgnoredAny>()?.is_some() {}
                Ok(Number(None))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::RawDef;
    use super::*;

    /// Our reading of `text` and `toml::from_str`'s: the same definition,
    /// or the same message about the same bytes.
    fn same_as_toml(text: &str) {
        let ours = from_str::<RawDef>(text);
        let theirs = toml::from_str::<RawDef>(text);
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
                if let Some((key, _)) = line.split_once(" = ") {
                    for v in values {
                        same_as_toml(&edit(&format!("{key} = {v}")));
                    }
                }
            }
        }
        assert!(files > 50, "{files} definition files in {dir}");
    }

    #[test]
    fn bad_documents_are_refused_with_a_span() {
        for (text, message) in [
            ("name = ", "string values must be quoted"),
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
            (
                "files = 8\n[rules]\nmaterial-komi = 1979-05-27",
                "expected a number",
            ),
            ("files = [[[[[[[[[[]]]]]]]]]]", "invalid type: sequence"),
        ] {
            let e = from_str::<RawDef>(text).err().unwrap();
            assert!(e.message.contains(message), "{text}: {}", e.message);
            assert!(e.span.is_some(), "{text}: {}", e.message);
        }
    }

    #[test]
    fn komi_takes_whole_and_half_numbers_and_refuses_the_rest() {
        let komi = |v: &str| {
            from_str::<std::collections::BTreeMap<String, Number>>(&format!("k = {v}"))
                .map(|m| m["k"].0)
        };
        assert_eq!(komi("2").unwrap(), Some(2.0));
        assert_eq!(komi("-0.5").unwrap(), Some(-0.5));
        for other in ["\"2\"", "true", "[2]", "{ a = 2 }"] {
            assert_eq!(komi(other).unwrap(), None, "{other}");
        }
    }
}
