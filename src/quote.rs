//! Quoting a caller's text in error messages. Every message that repeats
//! user input (a FEN field, move text, SAN, a PGN tag, a Betza string, a
//! name or token of a definition, a square name) quotes it through
//! [`quoted`], so a message stays short whatever the input: at most
//! [`QUOTE_CHARS`] characters of it, then its true length in bytes.

use std::fmt;

/// The most characters of a caller's text an error message repeats.
pub(crate) const QUOTE_CHARS: usize = 40;

/// `text` as an error message quotes it: escaped as `{:?}` writes a string,
/// whole when it has at most [`QUOTE_CHARS`] characters, else its first
/// [`QUOTE_CHARS`] characters, `...` and its length in bytes:
/// `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (100000 bytes)`.
pub(crate) fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// See [`quoted`].
#[derive(Clone, Copy)]
pub(crate) struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match text.char_indices().nth(QUOTE_CHARS) {
            None => write!(f, "{text:?}"),
            Some((cut, _)) => write!(f, "{:?}... ({} bytes)", &text[..cut], text.len()),
        }
    }
}

impl fmt::Debug for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A message from elsewhere (the TOML reader's) with each quotation in it,
/// `` `...` `` or `"..."` (with `\"` escapes), of more than [`QUOTE_CHARS`]
/// characters shortened as [`quoted`] does: its first characters, the
/// closing quote, `...` and its length in bytes (as the message wrote it).
/// A quotation never closed is shortened the same way.
pub(crate) fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut chars = message.char_indices();
    while let Some((_, c)) = chars.next() {
        out.push(c);
        if c != '`' && c != '"' {
            continue;
        }
        // Inside a quotation: up to its closing quote.
        let (mut kept, mut kept_bytes, mut len) = (0usize, 0usize, 0usize);
        let (mut escaped, mut closed) = (false, false);
        for (_, d) in chars.by_ref() {
            if d == c && !escaped {
                closed = true;
                break;
            }
            escaped = c == '"' && d == '\\' && !escaped;
            len += d.len_utf8();
            if kept < QUOTE_CHARS {
                out.push(d);
                kept += 1;
                kept_bytes += d.len_utf8();
            }
        }
        if closed {
            out.push(c);
        }
        if len > kept_bytes {
            out.push_str(&format!("... ({len} bytes)"));
        }
    }
    shorten_expected(out)
}

/// The most bytes of a message [`shorten_quotes`] keeps of a list of what
/// was expected before cutting it with `and N more` (a definition's table
/// has dozens of keys; the line number and that tail still fit 300 bytes).
const EXPECTED_BYTES: usize = 240;

/// serde's `expected one of `a`, `b`, ...` list cut to [`EXPECTED_BYTES`]
/// with how many more there were, as the unknown-variant message lists
/// names.
fn shorten_expected(message: String) -> String {
    const MARK: &str = "expected one of ";
    let Some(at) = message.find(MARK).map(|i| i + MARK.len()) else {
        return message;
    };
    let items: Vec<&str> = message[at..].split(", ").collect();
    let mut out = message[..at].to_string();
    for (i, item) in items.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        if i > 0 && out.len() + sep.len() + item.len() > EXPECTED_BYTES {
            out.push_str(&format!(" and {} more", items.len() - i));
            break;
        }
        out.push_str(sep);
        out.push_str(item);
    }
    out
}

/// At most `max` items joined by `sep`, then how many more there were: for
/// lists of moves in a message (a large board has hundreds).
pub(crate) fn some_of(items: &[String], sep: &str, max: usize) -> String {
    if items.len() <= max {
        return items.join(sep);
    }
    format!(
        "{}{sep}... ({} more)",
        items[..max].join(sep),
        items.len() - max
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_in_part_with_its_length() {
        assert_eq!(quoted("e4").to_string(), "\"e4\"");
        assert_eq!(quoted("a\"b").to_string(), "\"a\\\"b\"");
        let forty = "x".repeat(QUOTE_CHARS);
        assert_eq!(quoted(&forty).to_string(), format!("{forty:?}"));
        let long = "é".repeat(50_000);
        assert_eq!(
            quoted(&long).to_string(),
            format!("\"{}\"... (100000 bytes)", "é".repeat(QUOTE_CHARS))
        );
    }

    #[test]
    fn long_quotations_in_a_message_are_shortened_with_their_length() {
        let key = "k".repeat(60_000);
        let m = shorten_quotes(&format!("unknown field `{key}`, expected `name`"));
        let forty = "k".repeat(QUOTE_CHARS);
        assert_eq!(
            m,
            format!("unknown field `{forty}`... (60000 bytes), expected `name`")
        );
        let m = shorten_quotes(&format!("invalid type: string \"a\\\"{key}\", expected u8"));
        assert!(m.starts_with("invalid type: string \"a\\\""), "{m}");
        assert!(m.ends_with("\"... (60003 bytes), expected u8"), "{m}");
        assert!(m.len() < 120, "{m}");
        // A long list of what was expected is cut with how many more.
        let keys: Vec<String> = (0..60).map(|i| format!("`key-{i}`")).collect();
        let m = shorten_quotes(&format!(
            "unknown field `{key}`, expected one of {}",
            keys.join(", ")
        ));
        assert!(m.len() <= EXPECTED_BYTES + 20, "{m}");
        let shown = m.matches("`key-").count();
        assert!(shown > 5, "{m}");
        assert!(
            m.ends_with(&format!(", `key-{}` and {} more", shown - 1, 60 - shown)),
            "{m}"
        );
        let few = shorten_quotes("unknown field `x`, expected one of `a`, `b`");
        assert_eq!(few, "unknown field `x`, expected one of `a`, `b`");
        // Unclosed, and short ones kept whole.
        let m = shorten_quotes(&format!("x `{key}"));
        assert_eq!(m, format!("x `{forty}... (60000 bytes)"));
        assert_eq!(shorten_quotes("a `b` \"c\""), "a `b` \"c\"");
        let exact = format!("`{forty}`");
        assert_eq!(shorten_quotes(&exact), exact);
    }

    #[test]
    fn long_lists_are_cut() {
        let items: Vec<String> = (0..30).map(|i| i.to_string()).collect();
        assert_eq!(some_of(&items[..3], ", ", 12), "0, 1, 2");
        assert_eq!(some_of(&items, ", ", 3), "0, 1, 2, ... (27 more)");
    }
}
