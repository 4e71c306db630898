//! Reading a caller's file or stream within a bound: at most the bound and
//! one byte more (to tell a text at the bound from a longer one), so that a
//! file such as `/dev/zero` or an endless pipe is refused at once instead of
//! read until memory runs out. The bounds on hostile input are listed in
//! `docs/reliability.md`; the ones a reader needs are re-exported here.

use std::io::{self, Read};
use std::path::Path;

pub use crate::pgn::{MAX_COMMENT_BYTES, MAX_FILE_BYTES, MAX_GAME_BYTES, MAX_NAGS};
pub use crate::variant::MAX_DEFINITION_BYTES;

/// `text` as the library's messages quote a caller's text, for a binding's
/// own messages: escaped as `{:?}` writes it, whole when short, else its
/// first 40 characters, `...` and its length in bytes:
/// `"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"... (100000 bytes)`.
///
/// ```
/// assert_eq!(betza::limits::quoted("e4"), "\"e4\"");
/// assert!(betza::limits::quoted(&"z".repeat(100_000)).ends_with("\"... (100000 bytes)"));
/// ```
pub fn quoted(text: &str) -> String {
    crate::quote::quoted(text).to_string()
}

/// At most `max + 1` bytes of `input`: more than `max` bytes read means the
/// input is longer than `max`, and the rest is never read.
pub fn read_at_most(input: impl Read, max: usize) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    input.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The UTF-8 text of `input` if it has at most `max` bytes; else an
/// [`io::ErrorKind::InvalidData`] error saying it has more than `max`
/// bytes (or that it is not UTF-8). At most `max + 1` bytes are read.
pub fn read_text_at_most(input: impl Read, max: usize) -> io::Result<String> {
    let bytes = read_at_most(input, max)?;
    if bytes.len() > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("more than {max} bytes: at most {max} are read"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the text is not UTF-8"))
}

/// [`read_text_at_most`] of the file at `path`.
///
/// ```
/// use betza::limits::{read_text_file, MAX_DEFINITION_BYTES};
/// let text = read_text_file("variants/chess.toml", MAX_DEFINITION_BYTES)?;
/// assert!(text.contains("name = \"chess\""));
/// # #[cfg(unix)]
/// let e = read_text_file("/dev/zero", MAX_DEFINITION_BYTES).unwrap_err();
/// # #[cfg(unix)]
/// assert!(e.to_string().contains("more than 65536 bytes"));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read_text_file(path: impl AsRef<Path>, max: usize) -> io::Result<String> {
    read_text_at_most(std::fs::File::open(path)?, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_at_the_bound_is_read_and_one_byte_more_refused() {
        let text = "x".repeat(10);
        assert_eq!(read_text_at_most(text.as_bytes(), 10).unwrap(), text);
        let e = read_text_at_most(text.as_bytes(), 9).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("more than 9 bytes"), "{e}");
        // An endless stream: only the bound and a byte are read.
        assert_eq!(read_at_most(io::repeat(0), 1000).unwrap().len(), 1001);
        let e = read_text_at_most(&[0xff_u8][..], 9).unwrap_err();
        assert!(e.to_string().contains("not UTF-8"), "{e}");
    }
}
