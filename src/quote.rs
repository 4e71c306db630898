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
    fn long_lists_are_cut() {
        let items: Vec<String> = (0..30).map(|i| i.to_string()).collect();
        assert_eq!(some_of(&items[..3], ", ", 12), "0, 1, 2");
        assert_eq!(some_of(&items, ", ", 3), "0, 1, 2, ... (27 more)");
    }
}
