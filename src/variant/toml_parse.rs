//! A TOML parser of the library's own: text to a tree of values with their
//! byte spans, read by [`super::toml_de`].
//!
//! It replaces the `toml` crate's parser (about 55 KB of the WebAssembly
//! module): TOML 1.1 as `toml` 1.x reads it (1.0, plus newlines and a
//! trailing comma in inline tables, `\e` and `\xHH` escapes, times without
//! seconds). The tree is the one `toml` built (tables in key order, the
//! same spans: a value's text, a key's text with its quotes, a `[header]`
//! for its table, the key for a table a dotted key or a header's path made),
//! so the definitions' reading and its messages did not change; the tests
//! compare the two parsers on every built-in definition, on altered ones
//! and on edge cases. Bounded: nesting of arrays and inline tables and the
//! parts of a dotted key are limited (as `toml` did, 80), so no input
//! recurses deeply; each byte is looked at a bounded number of times, and
//! the tables are ordered maps. The first error stops the parse.

use std::borrow::{Borrow, Cow};
use std::collections::BTreeMap;
use std::ops::Range;

use super::toml_de::Error;

/// A value and the bytes of the text it was read from (by default, no
/// bytes: a value not yet read).
#[derive(Clone, Debug, Default)]
pub(crate) struct Spanned<T> {
    span: Range<usize>,
    value: T,
}

impl<T> Spanned<T> {
    /// `value`, read from the bytes `span`.
    pub(crate) fn new(span: Range<usize>, value: T) -> Spanned<T> {
        Spanned { span, value }
    }

    /// The bytes the value was read from.
    pub(crate) fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The value.
    pub(crate) fn get_ref(&self) -> &T {
        &self.value
    }
}

// Keys are compared by their text alone (a table is ordered by key).
impl PartialEq for Spanned<Cow<'_, str>> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl Eq for Spanned<Cow<'_, str>> {}
impl PartialOrd for Spanned<Cow<'_, str>> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Spanned<Cow<'_, str>> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}
impl Borrow<str> for Spanned<Cow<'_, str>> {
    fn borrow(&self) -> &str {
        &self.value
    }
}

/// A key with its bytes (quotes included).
pub(crate) type Key<'i> = Spanned<Cow<'i, str>>;
/// A value with its bytes.
pub(crate) type Node<'i> = Spanned<Value<'i>>;
/// A table's entries, in key order.
pub(crate) type Entries<'i> = BTreeMap<Key<'i>, Node<'i>>;

/// A TOML value.
#[derive(Debug)]
pub(crate) enum Value<'i> {
    String(Cow<'i, str>),
    /// The digits (sign kept, `_` and a radix prefix removed) and the radix.
    Integer(Cow<'i, str>, u32),
    /// The text without `_` (`inf`, `nan` with their sign).
    Float(Cow<'i, str>),
    Boolean(bool),
    /// A date, a time or both: checked, not kept (definitions have none).
    Datetime,
    Array(Array<'i>),
    Table(Table<'i>),
}

/// An array: its items, and whether `[[headers]]` made it.
#[derive(Debug, Default)]
pub(crate) struct Array<'i> {
    pub(crate) items: Vec<Node<'i>>,
    of_tables: bool,
}

/// A table: its entries and how it was made (what may still extend it).
#[derive(Debug, Default)]
pub(crate) struct Table<'i> {
    pub(crate) entries: Entries<'i>,
    /// Made by a dotted key or a header's path, not defined itself.
    implicit: bool,
    /// Made or extended by a dotted key.
    dotted: bool,
    /// An inline table `{ ... }` (or made in one): closed.
    inline: bool,
}

impl Value<'_> {
    fn kind(&self) -> &'static str {
        match self {
            Value::String(_) => "string",
            Value::Integer(..) => "integer",
            Value::Float(_) => "float",
            Value::Boolean(_) => "boolean",
            Value::Datetime => "datetime",
            Value::Array(_) => "array",
            Value::Table(_) => "table",
        }
    }
}

/// Nesting of arrays and inline tables, and parts of a dotted key, allowed.
const MAX_DEPTH: usize = 80;

/// Parses a TOML document: its root table (span `0..0`).
pub(crate) fn parse(text: &str) -> Result<Node<'_>, Error> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        pos: if text.starts_with('\u{feff}') { 3 } else { 0 },
        depth: 0,
    };
    let mut doc = Document::default();
    loop {
        p.skip_ws();
        match p.peek() {
            None => break,
            Some(b'\n' | b'\r' | b'#') => p.line_end("")?,
            Some(b'[') => {
                doc.finish_table()?;
                let header = p.header()?;
                p.line_end("a table header")?;
                doc.start_table(header)?;
            }
            Some(_) => {
                let (path, key) = p.key()?;
                p.skip_ws();
                p.expect(b'=', "key with no value, expected `=`")?;
                p.skip_ws();
                let value = p.value()?;
                p.line_end("a value")?;
                doc.key_value(path, key, value)?;
            }
        }
    }
    doc.finish_table()?;
    Ok(Spanned::new(0..0, Value::Table(doc.root)))
}

fn error(message: &str, span: Range<usize>) -> Error {
    Error::at(message.into(), span)
}

fn duplicate(key: &Key<'_>) -> Error {
    error("duplicate key", key.span())
}

/// `[a.b]` or `[[a.b]]`, read.
struct Header<'i> {
    path: Vec<Key<'i>>,
    key: Key<'i>,
    span: Range<usize>,
    array: bool,
}

/// The document's tables as the headers define them: the table under its
/// header is built apart and put in place at the next header (as `toml` did).
#[derive(Default)]
struct Document<'i> {
    root: Table<'i>,
    current: Table<'i>,
    header: Option<Header<'i>>,
}

impl<'i> Document<'i> {
    fn key_value(
        &mut self,
        path: Vec<Key<'i>>,
        key: Key<'i>,
        value: Node<'i>,
    ) -> Result<(), Error> {
        let dotted = !path.is_empty();
        let parent = descend(&mut self.current, path, dotted)?;
        if dotted && !parent.implicit {
            return Err(duplicate(&key));
        }
        insert(parent, key, value)
    }

    fn finish_table(&mut self) -> Result<(), Error> {
        let table = std::mem::take(&mut self.current);
        let Some(h) = self.header.take() else {
            self.root = table;
            return Ok(());
        };
        let node = Spanned::new(h.span.clone(), Value::Table(table));
        let parent = descend(&mut self.root, h.path, false)?;
        if !h.array {
            return insert(parent, h.key, node);
        }
        let key_span = h.key.span();
        let entry = parent.entries.entry(h.key).or_insert_with(|| {
            let array = Array {
                items: Vec::new(),
                of_tables: true,
            };
            Spanned::new(h.span, Value::Array(array))
        });
        match &mut entry.value {
            Value::Array(a) if a.of_tables => {
                a.items.push(node);
                Ok(())
            }
            _ => Err(error("duplicate key", key_span)),
        }
    }

    fn start_table(&mut self, h: Header<'i>) -> Result<(), Error> {
        if !h.array {
            let parent = descend(&mut self.root, h.path.clone(), false)?;
            if let Some(old) = parent.entries.remove(h.key.get_ref().as_ref()) {
                match old.value {
                    // A table a header's path made may be defined once.
                    Value::Table(t) if t.implicit && !t.dotted => self.current = t,
                    _ => return Err(duplicate(&h.key)),
                }
            }
        }
        self.current.implicit = false;
        self.current.dotted = false;
        self.header = Some(h);
        Ok(())
    }
}

fn insert<'i>(table: &mut Table<'i>, key: Key<'i>, value: Node<'i>) -> Result<(), Error> {
    if table.entries.contains_key(key.get_ref().as_ref()) {
        return Err(duplicate(&key));
    }
    table.entries.insert(key, value);
    Ok(())
}

/// The table `path` names under `table`, made (implicit) where missing; a
/// path through an array of tables goes to its last table.
fn descend<'t, 'i>(
    mut table: &'t mut Table<'i>,
    path: Vec<Key<'i>>,
    dotted: bool,
) -> Result<&'t mut Table<'i>, Error> {
    for key in path {
        let span = key.span();
        let node = table.entries.entry(key).or_insert_with(|| {
            let t = Table {
                implicit: true,
                dotted,
                ..Table::default()
            };
            Spanned::new(span.clone(), Value::Table(t))
        });
        let kind = node.value.kind();
        table = match &mut node.value {
            Value::Array(a) if a.of_tables => match a.items.last_mut().map(|n| &mut n.value) {
                Some(Value::Table(t)) => t,
                _ => return Err(cannot_extend(kind, span)),
            },
            Value::Table(t) if t.inline => {
                return Err(cannot_extend("inline table", span));
            }
            Value::Table(t) => {
                if dotted && !t.implicit {
                    return Err(error("duplicate key", span));
                }
                t.dotted |= dotted;
                t
            }
            _ => return Err(cannot_extend(kind, span)),
        };
    }
    Ok(table)
}

/// [`descend`] in an inline table: what a dotted key makes there is closed too.
fn descend_inline<'t, 'i>(
    mut table: &'t mut Table<'i>,
    path: Vec<Key<'i>>,
) -> Result<&'t mut Table<'i>, Error> {
    for key in path {
        let span = key.span();
        let node = table.entries.entry(key).or_insert_with(|| {
            let t = Table {
                implicit: true,
                dotted: true,
                inline: true,
                ..Table::default()
            };
            Spanned::new(span.clone(), Value::Table(t))
        });
        let kind = node.value.kind();
        table = match &mut node.value {
            Value::Table(t) if t.implicit => t,
            Value::Table(_) => return Err(error("duplicate key", span)),
            _ => return Err(cannot_extend(kind, span)),
        };
    }
    Ok(table)
}

fn cannot_extend(kind: &str, span: Range<usize>) -> Error {
    Error::at(
        format!("cannot extend value of type {kind} with a dotted key"),
        span,
    )
}

struct Parser<'i> {
    text: &'i str,
    b: &'i [u8],
    pos: usize,
    /// Arrays and inline tables open around the current value.
    depth: usize,
}

/// Bytes that end a bare value (`.` does not: `1.5`, times).
fn ends_bare(b: u8) -> bool {
    matches!(
        b,
        b'=' | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b' '
            | b'\t'
            | b'#'
            | b'\r'
            | b'\n'
            | b'"'
            | b'\''
    )
}

fn is_bare_key(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// A byte a string or comment may hold as it is: tab, printable ASCII, or
/// part of a non-ASCII character (no other control character, no DEL).
fn is_text(b: u8) -> bool {
    b == b'\t' || (0x20..0x7f).contains(&b) || b >= 0x80
}

impl<'i> Parser<'i> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn at(&self, s: &str) -> bool {
        self.b[self.pos..].starts_with(s.as_bytes())
    }

    fn here(&self, message: &str) -> Error {
        error(message, self.pos..self.pos)
    }

    fn expect(&mut self, b: u8, message: &str) -> Result<(), Error> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.here(message))
        }
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    /// Spaces, comments and newlines (inside arrays and inline tables).
    fn skip_ws_lines(&mut self) -> Result<(), Error> {
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'\n' | b'\r' | b'#') => self.line_end("")?,
                _ => return Ok(()),
            }
        }
    }

    /// An optional comment, then the end of the line (or of the text).
    fn line_end(&mut self, after: &str) -> Result<(), Error> {
        self.skip_ws();
        if self.peek() == Some(b'#') {
            self.pos += 1;
            while let Some(b) = self.peek() {
                if b == b'\n' || b == b'\r' {
                    break;
                }
                if !is_text(b) {
                    return Err(
                        self.here("invalid comment character, expected printable characters")
                    );
                }
                self.pos += 1;
            }
        }
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.pos += 1;
                Ok(())
            }
            Some(b'\r') if self.b.get(self.pos + 1) == Some(&b'\n') => {
                self.pos += 2;
                Ok(())
            }
            Some(b'\r') => {
                self.pos += 1;
                Err(self.here("carriage return must be followed by newline"))
            }
            Some(_) => Err(self.here(&format!(
                "unexpected text after {after}, expected a newline or `#`"
            ))),
        }
    }

    /// `[a.b]` or `[[a.b]]`, the spaces inside allowed.
    fn header(&mut self) -> Result<Header<'i>, Error> {
        let start = self.pos;
        self.pos += 1;
        let array = self.peek() == Some(b'[');
        if array {
            self.pos += 1;
        }
        self.skip_ws();
        let (path, key) = self.key()?;
        self.skip_ws();
        self.expect(
            b']',
            if array {
                "unclosed array table, expected `]]`"
            } else {
                "unclosed table, expected `]`"
            },
        )?;
        if array {
            self.expect(b']', "unclosed array table, expected `]`")?;
        }
        Ok(Header {
            path,
            key,
            span: start..self.pos,
            array,
        })
    }

    /// A key, dotted or not: the path to its table and the last key.
    fn key(&mut self) -> Result<(Vec<Key<'i>>, Key<'i>), Error> {
        let mut path = Vec::new();
        loop {
            let key = self.simple_key()?;
            self.skip_ws();
            if self.peek() != Some(b'.') {
                return Ok((path, key));
            }
            self.pos += 1;
            self.skip_ws();
            path.push(key);
            if path.len() >= MAX_DEPTH {
                return Err(error(
                    "a dotted key has too many parts (at most 80)",
                    path[0].span().start..self.pos,
                ));
            }
        }
    }

    fn simple_key(&mut self) -> Result<Key<'i>, Error> {
        let start = self.pos;
        let text = match self.peek() {
            Some(b'"' | b'\'') if self.at("\"\"\"") || self.at("'''") => {
                return Err(self.here(
                    "keys cannot be multi-line strings, expected basic string, literal string",
                ));
            }
            Some(b'"') => self.basic_string()?,
            Some(b'\'') => self.literal_string()?,
            _ => {
                while self.peek().is_some_and(is_bare_key) {
                    self.pos += 1;
                }
                if self.pos == start {
                    return Err(self
                        .here("invalid key, expected letters, numbers, `-`, `_` or a quoted key"));
                }
                Cow::Borrowed(&self.text[start..self.pos])
            }
        };
        Ok(Spanned::new(start..self.pos, text))
    }

    fn value(&mut self) -> Result<Node<'i>, Error> {
        let start = self.pos;
        let value = match self.peek() {
            Some(b'"') if self.at("\"\"\"") => Value::String(self.multi_line_string(b'"')?),
            Some(b'"') => Value::String(self.basic_string()?),
            Some(b'\'') if self.at("'''") => Value::String(self.multi_line_string(b'\'')?),
            Some(b'\'') => Value::String(self.literal_string()?),
            Some(b'[') => self.nested(Parser::array)?,
            Some(b'{') => self.nested(Parser::inline_table)?,
            _ => return self.bare_value(),
        };
        Ok(Spanned::new(start..self.pos, value))
    }

    /// An array or an inline table, within the nesting allowed.
    fn nested(
        &mut self,
        read: fn(&mut Self) -> Result<Value<'i>, Error>,
    ) -> Result<Value<'i>, Error> {
        if self.depth >= MAX_DEPTH {
            return Err(error(
                "cannot recurse further; max recursion depth met",
                self.pos..self.pos + 1,
            ));
        }
        self.depth += 1;
        self.pos += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn array(&mut self) -> Result<Value<'i>, Error> {
        let mut items = Vec::new();
        loop {
            self.skip_ws_lines()?;
            match self.peek() {
                Some(b']') => break,
                Some(b',') => {
                    return Err(error(
                        "extra comma in array, expected value",
                        self.pos..self.pos + 1,
                    ));
                }
                None => return Err(self.here("unclosed array, expected `]`")),
                _ => {}
            }
            items.push(self.value()?);
            self.skip_ws_lines()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => break,
                None => return Err(self.here("unclosed array, expected `]`")),
                _ => return Err(self.here("missing comma between array elements, expected `,`")),
            }
        }
        self.pos += 1;
        Ok(Value::Array(Array {
            items,
            of_tables: false,
        }))
    }

    fn inline_table(&mut self) -> Result<Value<'i>, Error> {
        let mut table = Table {
            inline: true,
            ..Table::default()
        };
        loop {
            self.skip_ws_lines()?;
            match self.peek() {
                Some(b'}') => break,
                Some(b',') => return Err(self.here("extra comma in inline table, expected key")),
                None => return Err(self.here("unclosed inline table, expected `}`")),
                _ => {}
            }
            let (path, key) = self.key()?;
            self.skip_ws_lines()?;
            self.expect(
                b'=',
                "missing assignment between key-value pairs, expected `=`",
            )?;
            self.skip_ws_lines()?;
            let value = self.value()?;
            let dotted = !path.is_empty();
            let parent = descend_inline(&mut table, path)?;
            if parent.dotted != dotted {
                return Err(duplicate(&key));
            }
            insert(parent, key, value)?;
            self.skip_ws_lines()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => break,
                None => return Err(self.here("unclosed inline table, expected `}`")),
                _ => return Err(self.here("missing comma between key-value pairs, expected `,`")),
            }
        }
        self.pos += 1;
        Ok(Value::Table(table))
    }

    /// A value without quotes or brackets: a number, a boolean, a date-time.
    /// Words separated by spaces are read together (`1979-05-27 07:32:00`).
    fn bare_value(&mut self) -> Result<Node<'i>, Error> {
        let start = self.pos;
        loop {
            while self.peek().is_some_and(|b| !ends_bare(b)) {
                self.pos += 1;
            }
            let end = self.pos;
            self.skip_ws();
            if self.pos == end || self.peek().is_none_or(|b| ends_bare(b) || b == b'.') {
                self.pos = end;
                break;
            }
        }
        let span = start..self.pos;
        if span.is_empty() {
            return Err(self.here("missing value, expected a value"));
        }
        let s = &self.text[span.clone()];
        let invalid = |what: &str| Err(error(what, span.clone()));
        let value = match s {
            "true" => Value::Boolean(true),
            "false" => Value::Boolean(false),
            "inf" | "+inf" | "-inf" | "nan" | "+nan" | "-nan" => Value::Float(Cow::Borrowed(s)),
            _ => {
                let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
                let digits = unsigned.bytes().take_while(u8::is_ascii_digit).count();
                let radix = match unsigned.get(..2) {
                    Some("0x") => 16,
                    Some("0o") => 8,
                    Some("0b") => 2,
                    _ => 10,
                };
                if digits == 0 && !unsigned.starts_with(['_', '.']) {
                    return invalid("string values must be quoted, expected literal string");
                } else if radix != 10 {
                    if unsigned.len() != s.len() {
                        return invalid("integers with a radix cannot be signed");
                    }
                    match without_underscores(&s[2..], |b| (b as char).is_digit(radix)) {
                        Some(d) if !d.is_empty() => Value::Integer(d, radix),
                        _ => return invalid("invalid integer, expected digits"),
                    }
                } else if matches!(unsigned.as_bytes().get(digits), Some(b'-' | b':')) {
                    if !is_datetime(s.as_bytes()) {
                        return invalid("invalid date-time");
                    }
                    Value::Datetime
                } else if s.contains(' ') {
                    return invalid("string values must be quoted, expected literal string");
                } else {
                    match number(unsigned) {
                        Some(float) => {
                            let text = without_underscores(s, |_| true).unwrap_or_default();
                            if float {
                                Value::Float(text)
                            } else {
                                Value::Integer(text, 10)
                            }
                        }
                        None => return invalid("invalid number"),
                    }
                }
            }
        };
        Ok(Spanned::new(span, value))
    }

    /// A `"basic string"` on one line, its escapes read.
    fn basic_string(&mut self) -> Result<Cow<'i, str>, Error> {
        self.pos += 1;
        let start = self.pos;
        // The text read so far, once an escape made it differ from the input.
        let mut out: Option<String> = None;
        loop {
            let at = self.pos;
            match self.peek() {
                Some(b'"') => break,
                Some(b'\\') => {
                    let c = self.escape()?;
                    out.get_or_insert_with(|| self.text[start..at].to_string())
                        .push(c);
                    continue;
                }
                Some(b) if is_text(b) => self.pos += utf8_len(b),
                None | Some(b'\n' | b'\r') => {
                    return Err(self.here("invalid basic string, expected `\"`"));
                }
                Some(_) => {
                    return Err(self.here(
                        "invalid basic string, expected non-double-quote visible characters, `\\`",
                    ));
                }
            }
            if let Some(s) = &mut out {
                s.push_str(&self.text[at..self.pos]);
            }
        }
        self.pos += 1;
        Ok(match out {
            Some(s) => Cow::Owned(s),
            None => Cow::Borrowed(&self.text[start..self.pos - 1]),
        })
    }

    /// An escape after `\` (at `self.pos`).
    fn escape(&mut self) -> Result<char, Error> {
        let at = self.pos;
        self.pos += 2;
        let digits = match self.b.get(at + 1) {
            Some(b'b') => return Ok('\u{8}'),
            Some(b't') => return Ok('\t'),
            Some(b'n') => return Ok('\n'),
            Some(b'f') => return Ok('\u{c}'),
            Some(b'r') => return Ok('\r'),
            Some(b'e') => return Ok('\u{1b}'),
            Some(b'"') => return Ok('"'),
            Some(b'\\') => return Ok('\\'),
            Some(b'x') => 2,
            Some(b'u') => 4,
            Some(b'U') => 8,
            _ => {
                self.pos = at + 1;
                return Err(self.here(
                    "missing escaped value, expected `b`, `e`, `f`, `n`, `r`, `t`, `\\`, `\"`, `x`, `u`, `U`",
                ));
            }
        };
        let hex = self.b.get(self.pos..self.pos + digits);
        let value = hex
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())
            .and_then(char::from_u32);
        match value {
            Some(c) => {
                self.pos += digits;
                Ok(c)
            }
            None => {
                Err(self
                    .here("invalid escape, expected a Unicode scalar value in hexadecimal digits"))
            }
        }
    }

    fn literal_string(&mut self) -> Result<Cow<'i, str>, Error> {
        self.pos += 1;
        let start = self.pos;
        loop {
            match self.peek() {
                Some(b'\'') => break,
                Some(b) if is_text(b) => self.pos += utf8_len(b),
                None | Some(b'\n' | b'\r') => {
                    return Err(self.here("invalid literal string, expected `'`"));
                }
                Some(_) => {
                    return Err(self.here(
                        "invalid literal string, expected non-single-quote visible characters",
                    ));
                }
            }
        }
        self.pos += 1;
        Ok(Cow::Borrowed(&self.text[start..self.pos - 1]))
    }

    /// A `"""basic"""` or `'''literal'''` string over lines: a newline
    /// right after the opening is left out; one or two quotes may end the text.
    fn multi_line_string(&mut self, quote: u8) -> Result<Cow<'i, str>, Error> {
        self.pos += 3;
        if self.at("\n") {
            self.pos += 1;
        } else if self.at("\r\n") {
            self.pos += 2;
        }
        let start = self.pos;
        let mut out: Option<String> = None;
        let basic = quote == b'"';
        loop {
            let at = self.pos;
            match self.peek() {
                Some(q) if q == quote => {
                    let run = self.b[at..].iter().take_while(|&&b| b == quote).count();
                    if run >= 3 {
                        let end = at + (run - 3).min(2);
                        if let Some(s) = &mut out {
                            s.push_str(&self.text[at..end]);
                        }
                        self.pos = end + 3;
                        let text = match out {
                            Some(s) => Cow::Owned(s),
                            None => Cow::Borrowed(&self.text[start..end]),
                        };
                        return Ok(text);
                    }
                    self.pos += run;
                }
                Some(b'\\') if basic => {
                    let s = out.get_or_insert_with(|| self.text[start..at].to_string());
                    if matches!(self.b.get(at + 1), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                        // A line-ending backslash: the newline and the
                        // spaces and newlines after it are left out.
                        self.pos += 1;
                        self.skip_ws();
                        if !self.at("\n") && !self.at("\r\n") {
                            return Err(
                                self.here("invalid multi-line basic string, expected newline")
                            );
                        }
                        loop {
                            match self.peek() {
                                Some(b' ' | b'\t' | b'\n') => self.pos += 1,
                                Some(b'\r') if self.at("\r\n") => self.pos += 2,
                                _ => break,
                            }
                        }
                    } else {
                        s.push(self.escape()?);
                    }
                    continue;
                }
                Some(b'\n') => self.pos += 1,
                Some(b'\r') if self.at("\r\n") => self.pos += 2,
                Some(b) if is_text(b) => self.pos += utf8_len(b),
                None => {
                    let what = if basic {
                        "invalid multi-line basic string, expected `\"\"\"`"
                    } else {
                        "invalid multi-line literal string, expected `'''`"
                    };
                    return Err(self.here(what));
                }
                Some(_) => return Err(self.here("invalid character in a multi-line string")),
            }
            if let Some(s) = &mut out {
                s.push_str(&self.text[at..self.pos]);
            }
        }
    }
}

/// The length of the UTF-8 character starting with `b` (a valid `str`).
fn utf8_len(b: u8) -> usize {
    match b {
        0..0x80 => 1,
        0xc0..0xe0 => 2,
        0xe0..0xf0 => 3,
        _ => 4,
    }
}

/// `s` without its `_`, each between two bytes `digit` accepts; `None` if a
/// `_` is elsewhere or another byte is refused.
fn without_underscores(s: &str, digit: impl Fn(u8) -> bool) -> Option<Cow<'_, str>> {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let ok = |j: Option<usize>| {
                j.and_then(|j| b.get(j))
                    .is_some_and(|&d| d.is_ascii_hexdigit() && digit(d))
            };
            if !ok(i.checked_sub(1)) || !ok(Some(i + 1)) {
                return None;
            }
        } else if !digit(c) {
            return None;
        }
    }
    Some(if s.contains('_') {
        Cow::Owned(s.replace('_', ""))
    } else {
        Cow::Borrowed(s)
    })
}

/// Whether `s` (without its sign) is a decimal integer (`Some(false)`) or a
/// float (`Some(true)`): `0` or digits without a leading zero, then
/// `.digits` and/or an exponent; `_` only between digits.
fn number(s: &str) -> Option<bool> {
    let b = s.as_bytes();
    // Digits with single `_` between them, from `i`: the index after them.
    let digits = |mut i: usize| -> Option<usize> {
        let start = i;
        loop {
            if !b.get(i)?.is_ascii_digit() {
                return None;
            }
            i += 1;
            match b.get(i) {
                Some(b'_') => i += 1,
                Some(d) if d.is_ascii_digit() => {}
                _ => return Some(i).filter(|_| i > start),
            }
        }
    };
    let mut i = digits(0)?;
    if b[0] == b'0' && i > 1 {
        return None;
    }
    let mut float = false;
    if b.get(i) == Some(&b'.') {
        i = digits(i + 1)?;
        float = true;
    }
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = b.get(i) {
            i += 1;
        }
        i = digits(i)?;
        float = true;
    }
    (i == b.len()).then_some(float)
}

/// Whether `s` is a TOML date-time: a date `YYYY-MM-DD`, a time
/// `HH:MM[:SS[.fraction]]`, or a date, `T` (or a space) and a time with an
/// optional offset (`Z`, `+HH:MM`, `-HH:MM`); each field in its range.
fn is_datetime(s: &[u8]) -> bool {
    datetime(s).is_some()
}

fn datetime(s: &[u8]) -> Option<()> {
    let mut i = 0;
    // A run of exactly `len` digits at `i`: its value, at most `max`.
    let field = |i: &mut usize, len: usize, max: u32| -> Option<u32> {
        let n = s[*i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if n != len {
            return None;
        }
        let v = s[*i..*i + n]
            .iter()
            .fold(0, |v, &d| v * 10 + u32::from(d - b'0'));
        *i += n;
        (v <= max).then_some(v)
    };
    let sep = |i: &mut usize, c: u8| -> Option<()> {
        let found = s.get(*i) == Some(&c);
        *i += usize::from(found);
        found.then_some(())
    };
    let date = s.iter().find(|b| !b.is_ascii_digit()) == Some(&b'-');
    if date {
        let year = field(&mut i, 4, 9999)?;
        sep(&mut i, b'-')?;
        let month = field(&mut i, 2, 12)?;
        sep(&mut i, b'-')?;
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        let day = field(&mut i, 2, days)?;
        if month == 0 || day == 0 {
            return None;
        }
        match s.get(i) {
            None => return Some(()),
            Some(b'T' | b't' | b' ') => i += 1,
            Some(_) => return None,
        }
    }
    field(&mut i, 2, 23)?;
    sep(&mut i, b':')?;
    field(&mut i, 2, 59)?;
    if sep(&mut i, b':').is_some() {
        field(&mut i, 2, 60)?;
        if sep(&mut i, b'.').is_some() {
            let n = s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            if n == 0 {
                return None;
            }
            i += n;
        }
    }
    if date {
        match s.get(i) {
            Some(b'Z' | b'z') => i += 1,
            Some(b'+' | b'-') => {
                i += 1;
                field(&mut i, 2, 23)?;
                sep(&mut i, b':')?;
                field(&mut i, 2, 59)?;
            }
            _ => {}
        }
    }
    (i == s.len()).then_some(())
}

/// For the tests that compare the reading with `toml::from_str`'s (serde's
/// derived code over `toml`'s deserializer): read as `toml::Spanned`.
#[cfg(test)]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Spanned<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = toml::Spanned::<T>::deserialize(d)?;
        Ok(Spanned::new(s.span(), s.into_inner()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// A tree as text: each value with its span, tables in key order.
    fn dump(node: &Node<'_>, out: &mut String) {
        let _ = write!(out, "@{:?}", node.span());
        match node.get_ref() {
            Value::String(s) => {
                let _ = write!(out, "S{s:?}");
            }
            Value::Integer(d, r) => {
                let _ = write!(out, "I{d}/{r}");
            }
            Value::Float(x) => {
                let _ = write!(out, "F{x}");
            }
            Value::Boolean(b) => {
                let _ = write!(out, "B{b}");
            }
            Value::Datetime => out.push('D'),
            Value::Array(a) => {
                out.push('[');
                for item in &a.items {
                    dump(item, out);
                    out.push(',');
                }
                out.push(']');
            }
            Value::Table(t) => {
                out.push('{');
                for (k, v) in &t.entries {
                    let _ = write!(out, "{:?}@{:?}=", k.get_ref(), k.span());
                    dump(v, out);
                    out.push(',');
                }
                out.push('}');
            }
        }
    }

    /// `toml`'s tree in [`dump`]'s form; `None` where it holds an integer
    /// that is none (`0x`, `1_a`: `toml` parses them, and reading them
    /// always failed, "integer number overflowed"; refused here at once).
    fn dump_toml(node: &toml::Spanned<toml::de::DeValue<'_>>, out: &mut String) -> Option<()> {
        use toml::de::DeValue as V;
        let _ = write!(out, "@{:?}", node.span());
        match node.get_ref() {
            V::String(s) => {
                let _ = write!(out, "S{s:?}");
            }
            V::Integer(n) => {
                let d = n.as_str();
                let digits = d
                    .strip_prefix(['+', '-'])
                    .filter(|_| n.radix() == 10)
                    .unwrap_or(d);
                if digits.is_empty() || !digits.chars().all(|c| c.is_digit(n.radix())) {
                    return None;
                }
                let _ = write!(out, "I{d}/{}", n.radix());
            }
            V::Float(x) => {
                let _ = write!(out, "F{}", x.as_str());
            }
            V::Boolean(b) => {
                let _ = write!(out, "B{b}");
            }
            V::Datetime(_) => out.push('D'),
            V::Array(a) => {
                out.push('[');
                for item in a.iter() {
                    dump_toml(item, out)?;
                    out.push(',');
                }
                out.push(']');
            }
            V::Table(t) => {
                out.push('{');
                for (k, v) in t.iter() {
                    let _ = write!(out, "{:?}@{:?}=", k.get_ref(), k.span());
                    dump_toml(v, out)?;
                    out.push(',');
                }
                out.push('}');
            }
        }
        Some(())
    }

    fn ours(text: &str) -> Result<String, Error> {
        let mut out = String::new();
        dump(&parse(text)?, &mut out);
        Ok(out)
    }

    fn theirs(text: &str) -> Option<String> {
        let root = toml::de::DeTable::parse(text).ok()?;
        let node = toml::Spanned::new(root.span(), toml::de::DeValue::Table(root.into_inner()));
        let mut out = String::new();
        dump_toml(&node, &mut out)?;
        Some(out)
    }

    /// Both parsers accept `text` with the same tree, or both refuse it.
    fn same_as_toml(text: &str) {
        match (ours(text), theirs(text)) {
            (Ok(a), Some(b)) => assert_eq!(a, b, "{text:?}"),
            (Err(_), None) => {}
            (a, b) => panic!("ours {a:?}, toml's {b:?}: {text:?}"),
        }
    }

    fn builtins() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants");
        let mut texts: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        texts.sort();
        assert!(texts.len() > 50, "{} definitions", texts.len());
        texts
    }

    /// `text` with the bytes `at..at + len` replaced by `with`, if still UTF-8.
    fn edit(text: &str, at: usize, len: usize, with: &[u8]) -> Option<String> {
        let mut b = text.as_bytes().to_vec();
        b.splice(at..(at + len).min(b.len()), with.iter().copied());
        String::from_utf8(b).ok()
    }

    #[test]
    fn every_built_in_definition_parses_as_toml_parses_it() {
        for text in builtins() {
            assert!(theirs(&text).is_some());
            same_as_toml(&text);
        }
    }

    /// Each built-in definition with bytes deleted, doubled or inserted
    /// (every 7th byte, each edit starting at another offset).
    #[test]
    fn altered_definitions_parse_as_toml_parses_them() {
        let inserts: [&[u8]; 14] = [
            b"\"", b"'", b"[", b"]", b"{", b"}", b"=", b".", b",", b"#", b"\n", b"\\", b" ", b"\r",
        ];
        for (n, text) in builtins().iter().enumerate() {
            let mut at = n % 7;
            let mut k = n;
            while at < text.len() {
                let byte = [text.as_bytes()[at]];
                for altered in [
                    edit(text, at, 1, b""),
                    edit(text, at, 0, &byte),
                    edit(text, at, 0, inserts[k % inserts.len()]),
                    edit(text, at, 8, b""),
                ]
                .into_iter()
                .flatten()
                {
                    same_as_toml(&altered);
                }
                at += 7;
                k += 1;
            }
        }
    }

    #[test]
    fn edge_cases_parse_as_toml_parses_them() {
        for text in EDGE_CASES {
            same_as_toml(text);
        }
    }

    /// Documents of every construct, valid and not (TOML 1.0 and what
    /// `toml` 1.x reads of 1.1).
    const EDGE_CASES: &[&str] = &[
        "",
        "\u{feff}a = 1",
        "# only a comment",
        "a = 1 # c\n\n\t b = 2\r\n",
        "a = 1\rb = 2",
        "a = 1 # c\u{1}",
        "a = 1 #\u{7f}",
        "a = 1 # é ok",
        // Keys.
        "\"k\" = 1",
        "'k' = 1",
        "\"\" = 1",
        "'' = 1",
        "\"a.b\" = 1",
        "a . b . c = 1",
        "a.\"b\".'c' = 1",
        "1.5 = 1",
        "-_ = 1",
        "é = 1",
        "a b = 1",
        "\"a\"b = 1",
        "a\"b\" = 1",
        "\"\"\"a\"\"\" = 1",
        "'''a''' = 1",
        "= 1",
        "a",
        "a =",
        "a = ",
        "a\n= 1",
        "a.\nb = 1",
        "a. = 1",
        ".a = 1",
        "\"\\u00e9\" = 1",
        "\"\\q\" = 1",
        // Strings.
        "a = \"\"",
        "a = \"x\\ty\\n\\\"\\\\\\b\\f\\r\\e\\x41\\u00e9\\U0001F600\"",
        "a = \"\\x4\"",
        "a = \"\\u00zz\"",
        "a = \"\\ud800\"",
        "a = \"\\U00110000\"",
        "a = \"\\\"",
        "a = \"x",
        "a = \"x\ny\"",
        "a = \"tab\tok\"",
        "a = \"\u{7f}\"",
        "a = \"\u{1}\"",
        "a = 'lit\\eral'",
        "a = 'x",
        "a = '\u{7f}'",
        "a = \"\"\"\"\"\"",
        "a = \"\"\"\nx\"\"\"",
        "a = \"\"\"\r\nx\r\ny\"\"\"",
        "a = \"\"\"a\"\"\"\"",
        "a = \"\"\"a\"\"\"\"\"",
        "a = \"\"\"a\"\"\"\"\"\"",
        "a = \"\"\"\"\"\"\"",
        "a = \"\"\"\\  \n  x\"\"\"",
        "a = \"\"\"x\\\n\n   \n y\"\"\"",
        "a = \"\"\"\\  x\"\"\"",
        "a = \"\"\"\\\r\nx\"\"\"",
        "a = \"\"\"\\\rx\"\"\"",
        "a = \"\"\"a\rb\"\"\"",
        "a = \"\"\"a\\\"\"\"\"\"",
        "a = \"\"\"a\\q\"\"\"",
        "a = \"\"\"x",
        "a = '''\nx'''",
        "a = '''a''''",
        "a = '''a'''''",
        "a = '''a''''''",
        "a = '''a\\'''",
        "a = '''x",
        "a = '''\u{1}'''",
        "a = '''a\r\nb'''",
        "a = \"é\u{10348}\"",
        // Numbers.
        "a = 0",
        "a = -0",
        "a = +0",
        "a = 00",
        "a = 01",
        "a = 0_0",
        "a = 1_000",
        "a = 1__0",
        "a = _1",
        "a = 1_",
        "a = -_1",
        "a = +-1",
        "a = --1",
        "a = 1x",
        "a = 1a",
        "a = 1_a",
        "a = 99999999999999999999999999999999999999999",
        "a = 0xDEADbeef",
        "a = 0xff_FF",
        "a = 0x_1",
        "a = 0x1_",
        "a = 0x",
        "a = 0X1",
        "a = -0x1",
        "a = +0x1",
        "a = 0o17_7",
        "a = 0o8",
        "a = 0b101",
        "a = 0b2",
        "a = 0b",
        "a = 0d1",
        "a = 1.5",
        "a = -0.0",
        "a = 1.",
        "a = .5",
        "a = +.5",
        "a = 1.e5",
        "a = 1e5",
        "a = 1E+05",
        "a = 1e-0_1",
        "a = 1e_1",
        "a = 1e",
        "a = 01.5",
        "a = 0.5",
        "a = 00.5",
        "a = 1_0.0_1e1_0",
        "a = 1._5",
        "a = 1.5x",
        "a = 1e999",
        "a = inf",
        "a = +inf",
        "a = -inf",
        "a = nan",
        "a = +nan",
        "a = -nan",
        "a = Inf",
        "a = NaN",
        "a = infinity",
        "a = 1 2",
        "a = 1  2",
        "a = 1 .5",
        "a = 1.2.3",
        // Booleans and words.
        "a = true",
        "a = false",
        "a = True",
        "a = tru",
        "a = true2",
        "a = chess",
        "a = x y",
        "a = 1=2",
        "a = = 1",
        // Date-times.
        "a = 1979-05-27",
        "a = 1979-05-27T07:32:00Z",
        "a = 1979-05-27t07:32:00z",
        "a = 1979-05-27 07:32:00",
        "a = 1979-05-27 07:32:00 ",
        "a = 1979-05-27  07:32:00",
        "a = 1979-05-27\t07:32:00",
        "a = 1979-05-27 07:32",
        "a = 1979-05-27T07:32:00.999999999999-07:00",
        "a = 1979-05-27T07:32:00.",
        "a = 1979-05-27T07:32.5",
        "a = 1979-05-27T",
        "a = 1979-05-27Z",
        "a = 1979-05-27 # c",
        "a = 1979-05-27 x",
        "a = 1979-5-27",
        "a = 979-05-27",
        "a = 1979-13-27",
        "a = 1979-00-27",
        "a = 1979-02-29",
        "a = 2000-02-29",
        "a = 1900-02-29",
        "a = 1979-04-31",
        "a = 1979-04-00",
        "a = 1979-05-27T24:00:00",
        "a = 1979-05-27T23:60:00",
        "a = 1979-05-27T23:59:60",
        "a = 1979-05-27T23:59:61",
        "a = 1979-05-27T23:59:59+23:59",
        "a = 1979-05-27T23:59:59+24:00",
        "a = 1979-05-27T23:59:59+01:60",
        "a = 1979-05-27T23:59:59+0100",
        "a = 07:32:00",
        "a = 07:32",
        "a = 7:32",
        "a = 07:32:00Z",
        "a = 07:32:00.5",
        "a = -1979-05-27",
        "a = 1979-05-27T07:32:00Zx",
        "a = [1979-05-27 07:32:00, 1979-05-27]",
        "a = {d = 1979-05-27 07:32:00}",
        // Arrays.
        "a = []",
        "a = [ ]",
        "a = [,]",
        "a = [1,]",
        "a = [1,,2]",
        "a = [1 2]",
        "a = [1\n,2]",
        "a = [\n1, # c\n2 # d\n,\n]",
        "a = [1, \"a\", [2, [3]], {b = 1}]",
        "a = [1",
        "a = [1,",
        "a = [1]]",
        "a = [=]",
        "a = [1 = 2]",
        "a = [}]",
        // Inline tables.
        "a = {}",
        "a = { }",
        "a = {,}",
        "a = {b = 1,}",
        "a = {b = 1,,}",
        "a = {b = 1 c = 2}",
        "a = {b = 1, c = 2}",
        "a = {\nb = 1 # c\n}",
        "a = {b\n= 1}",
        "a = {b =\n1}",
        "a = {b.\nc = 1}",
        "a = {b",
        "a = {b =",
        "a = {b = 1",
        "a = {b = }",
        "a = {= 1}",
        "a = {}}",
        "a = {b = 1, b = 2}",
        "a = {b.c = 1, b.d = 2}",
        "a = {b.c = 1, b = {d = 2}}",
        "a = {b = {d = 2}, b.c = 1}",
        "a = {b = 1, b.c = 2}",
        "a = {b.c = 1, b.c.d = 2}",
        "a = {b = [1], b.c = 2}",
        "a = {b.c = 1}\na.b.e = 2",
        "a = {b.c = 1}\n[a.b]",
        "a = {}\n[a]",
        "a = {}\n[[a]]",
        "a = {b = {}}\n[a.b.c]",
        // Tables.
        "[a]",
        "[ a ]",
        "[a.b.c]",
        "[ a . \"b\" ]",
        "[a",
        "[a\n]",
        "[a]]",
        "[]",
        "[a.]",
        "[a] x = 1",
        "[a]x",
        "[a] # c",
        "[ [a] ]",
        "[[a]]",
        "[[ a ]]",
        "[[a]",
        "[[a] ]",
        "[[a]\n]",
        "]",
        "}",
        "{",
        ",",
        "[a]\n[a]",
        "[a]\nb = 1\n[a]",
        "[a.b]\n[a]",
        "[a.b]\n[a]\n[a]",
        "[a]\n[a.b]\n[a]",
        "[a]\n[a.b]\n[a.b.c]\n[a.b]",
        "a = 1\n[a]",
        "a.b = 1\n[a]",
        "a.b = 1\n[a.c]",
        "a.b = 1\n[a.b]",
        "[a]\nb.c = 1\n[a.b]",
        "[a]\nb.c = 1\n[a.b.d]",
        "[a.b.c]\nz = 9\n[a]\nb.c.t = 1",
        "[a.b.c]\n[a]\nb.c = 1",
        "[a]\nb = 1\n[a.b]",
        "[a]\nb = {}\n[a.b]",
        "a.b.c = 1\na.b = 2",
        "a.b = 1\na.b.c = 2",
        "a = 1\na.b = 2",
        "a = [1]\na.b = 2",
        "a = 1\na = 2",
        "\"a\" = 1\na = 2",
        "a = 1\n'a' = 2",
        // Arrays of tables.
        "[[a]]\n[[a]]",
        "[[a]]\nb = 1\n[[a]]\nb = 2",
        "[[a]]\n[a.b]\n[[a]]\n[a.b]",
        "[[a]]\n[[a.b]]\n[[a.b]]\n[[a]]",
        "[[a]]\n[a]",
        "[a]\n[[a]]",
        "a = []\n[[a]]",
        "a = [{}]\n[[a]]",
        "[[a.b]]\n[a]\nb.y = 2",
        "[[a.b]]\n[a]\nc = 1",
        "[[a]]\nb.c = 1\n[a.b]",
        "[[a]]\n[a.b]\nc = 1\n[a.b]",
        "[x]\na.b = 1\n[x.a]",
        "[x]\n[x.a.b]\n[x]",
        // Nesting.
        "a = [[[[[[[[[[]]]]]]]]]]",
        "a = {b = {c = {d = {}}}}",
    ];

    fn err(text: &str) -> Error {
        parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} was accepted"))
    }

    fn root(text: &str) -> Entries<'_> {
        match parse(text).unwrap().value {
            Value::Table(t) => t.entries,
            _ => unreachable!("the root is a table"),
        }
    }

    #[test]
    fn values_keep_their_text_and_span() {
        let text = "a = \"x\\ny\"\nb = 'c:\\d'\nc = -1_000\nd = 0x1F\ne = 1.5e3\nf = true\ng = 1979-05-27\n";
        let t = root(text);
        // The key's and the value's bytes, found in the text, and the value.
        let get = |k: &str| {
            let (key, v) = t.get_key_value(k).unwrap();
            (
                &text[key.span()],
                &text[v.span()],
                format!("{:?}", v.get_ref()),
            )
        };
        assert_eq!(get("a"), ("a", "\"x\\ny\"", "String(\"x\\ny\")".into()));
        assert_eq!(get("b"), ("b", "'c:\\d'", "String(\"c:\\\\d\")".into()));
        assert_eq!(get("c"), ("c", "-1_000", "Integer(\"-1000\", 10)".into()));
        assert_eq!(get("d"), ("d", "0x1F", "Integer(\"1F\", 16)".into()));
        assert_eq!(get("e"), ("e", "1.5e3", "Float(\"1.5e3\")".into()));
        assert_eq!(get("f"), ("f", "true", "Boolean(true)".into()));
        assert_eq!(get("g"), ("g", "1979-05-27", "Datetime".into()));
        assert_eq!(t.get_key_value("b").unwrap().1.span(), 15..21);
    }

    #[test]
    fn strings_read_every_escape_and_form() {
        let s = |text: &str| match root(text).into_values().next().unwrap().value {
            Value::String(s) => s.into_owned(),
            v => panic!("{v:?}"),
        };
        assert_eq!(
            s("a = \"\\b\\t\\n\\f\\r\\e\\\"\\\\\\x41\\u00e9\\U0001F600\""),
            "\u{8}\t\n\u{c}\r\u{1b}\"\\Aé😀"
        );
        assert_eq!(s("a = 'c:\\n'"), "c:\\n");
        assert_eq!(
            s("a = \"\"\"\nline 1\nline \\\n   2\"\"\""),
            "line 1\nline 2"
        );
        assert_eq!(s("a = \"\"\"q\"\"\"\"\""), "q\"\"");
        assert_eq!(s("a = '''\nraw \\n '' '''"), "raw \\n '' ");
        assert_eq!(s("a = \"\"\"a\r\nb\"\"\""), "a\r\nb");
    }

    #[test]
    fn tables_take_their_header_or_key_as_span() {
        let t = root("[a.b]\nc = 1\n[[p]]\n[[p]]\nd.e = 2\n");
        let (key, a) = t.get_key_value("a").unwrap();
        assert_eq!((key.span(), a.span()), (1..2, 1..2));
        let Value::Table(a) = a.get_ref() else {
            panic!()
        };
        assert_eq!(a.entries.get("b").unwrap().span(), 0..5);
        let Value::Array(p) = t.get("p").unwrap().get_ref() else {
            panic!()
        };
        let spans: Vec<_> = p.items.iter().map(|n| n.span()).collect();
        assert_eq!(spans, [12..17, 18..23]);
        assert_eq!(t.get("p").unwrap().span(), 12..17);
    }

    #[test]
    fn errors_name_the_bytes_at_fault() {
        for (text, message, span) in [
            ("a = 1\na = 2", "duplicate key", 6..7),
            ("[a]\n[a]", "duplicate key", 5..6),
            ("a.b = 1\n[a]", "duplicate key", 9..10),
            (
                "a = {b = 1}\na.c = 2",
                "cannot extend value of type inline table",
                12..13,
            ),
            (
                "a = 1\na.b = 2",
                "cannot extend value of type integer",
                6..7,
            ),
            ("a = [1]\n[[a]]", "duplicate key", 10..11),
            ("name = ", "missing value", 7..7),
            ("name = chess", "string values must be quoted", 7..12),
            ("files = 10 10", "string values must be quoted", 8..13),
            ("[piece", "unclosed table", 6..6),
            ("[[piece]", "unclosed array table", 8..8),
            ("a = [1 2]", "string values must be quoted", 5..8),
            ("a = [1, 2", "unclosed array", 9..9),
            ("a = [,]", "extra comma in array", 5..6),
            (
                "a = {b = \"1\" c}",
                "missing comma between key-value pairs",
                13..13,
            ),
            ("a = {b = 1, c}", "missing assignment", 13..13),
            ("a = {,}", "extra comma in inline table", 5..5),
            ("a = \"x", "invalid basic string", 6..6),
            ("a = \"\\q\"", "missing escaped value", 6..6),
            ("a = \"\\ud800\"", "invalid escape", 7..7),
            ("a = '''x", "invalid multi-line literal string", 8..8),
            ("a = 1 2", "string values must be quoted", 4..7),
            ("a = 1 # \u{1}", "invalid comment character", 8..8),
            ("a = 1\rb = 2", "carriage return", 6..6),
            ("a = 1 b", "string values must be quoted", 4..7),
            ("a = \"x\" b", "unexpected text after a value", 8..8),
            ("[a] b", "unexpected text after a table header", 4..4),
            ("a = 0x", "invalid integer", 4..6),
            ("a = -0x1", "cannot be signed", 4..8),
            ("a = 01", "invalid number", 4..6),
            ("a = 1979-02-30", "invalid date-time", 4..14),
            ("é = 1", "invalid key", 0..0),
            ("a", "key with no value", 1..1),
            (
                "\"\"\"a\"\"\" = 1",
                "keys cannot be multi-line strings",
                0..0,
            ),
        ] {
            let e = err(text);
            assert!(e.message.contains(message), "{text:?}: {}", e.message);
            assert_eq!(e.span, Some(span), "{text:?}: {}", e.message);
        }
    }

    #[test]
    fn nesting_is_limited_without_deep_recursion() {
        let nested = |n: usize| format!("a = {}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse(&nested(MAX_DEPTH)).is_ok());
        let e = err(&nested(MAX_DEPTH + 1));
        assert!(e.message.contains("max recursion depth"), "{}", e.message);
        let e = err(&format!("a = {}", "{b = ".repeat(100_000)));
        assert!(e.message.contains("max recursion depth"), "{}", e.message);
        same_as_toml(&nested(MAX_DEPTH));
        same_as_toml(&nested(MAX_DEPTH + 1));
        let dotted = |n: usize| format!("{} = 1", vec!["k"; n].join("."));
        assert!(parse(&dotted(MAX_DEPTH)).is_ok());
        assert!(parse(&dotted(MAX_DEPTH + 1)).is_err());
        assert!(parse(&format!("[{}]", vec!["k"; 100_000].join("."))).is_err());
        same_as_toml(&dotted(MAX_DEPTH));
        same_as_toml(&dotted(MAX_DEPTH + 1));
    }

    #[test]
    fn a_large_document_parses_in_linear_time() {
        // 64 KiB of keys, tables and arrays of tables (the definitions'
        // limit): well under a second even in a debug build.
        let mut text = String::new();
        let mut i = 0;
        while text.len() < 64 * 1024 {
            let _ = write!(text, "[[t]]\nk{i} = [1, 2, \"x\"]\nd.e{i} = {{ a = 1 }}\n");
            i += 1;
        }
        let start = std::time::Instant::now();
        let t = root(&text);
        assert!(start.elapsed().as_secs() < 2);
        let Value::Array(a) = t.get("t").unwrap().get_ref() else {
            panic!()
        };
        assert_eq!(a.items.len(), i);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// A built-in definition with a few random bytes replaced,
        /// deleted or inserted: both parsers agree.
        #[test]
        fn mutated_definitions_parse_as_toml_parses_them(
            file in 0usize..1000,
            edits in proptest::collection::vec((0usize..100_000, 0usize..4, proptest::sample::select(
                b"\"'[]{}=.,#\n\\ \tx1-_+eE:Tz\r\x7f".to_vec())), 1..4),
        ) {
            let texts = builtins();
            let mut text = texts[file % texts.len()].clone();
            for (at, len, byte) in edits {
                let at = at % (text.len() + 1);
                if let Some(t) = edit(&text, at, len % 3, &[byte][..len.min(1)]) {
                    text = t;
                }
            }
            same_as_toml(&text);
        }

        /// Random documents of TOML's pieces: keys, values, brackets.
        #[test]
        fn documents_of_toml_pieces_parse_as_toml_parses_them(
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "a", "b", "\"k\"", "'k'", ".", " ", " = ", "=", "1", "-1", "1.5", "1e3", "true",
                "\"s\\n\"", "'s'", "\"\"\"m\n\"\"\"", "'''m'''", "[", "]", "[[", "]]", "{", "}",
                ",", "\n", "#c\n", "1979-05-27", " 07:32:00", "T", "\\", "_", "0x1f", "inf",
                "nan", "\t", "a = ", "\n[a]\n", "\n[[a]]\n", "a.b = 1\n", "\r\n",
            ]), 0..30),
        ) {
            same_as_toml(&pieces.concat());
        }

        /// Random short documents of TOML's own characters.
        #[test]
        fn random_documents_parse_as_toml_parses_them(
            text in "[a-c0-9 \t\n=\\[\\]{}.,#\"'\\\\_+:eTZx-]{0,40}",
        ) {
            same_as_toml(&text);
        }
    }
}
