//! The built-in texts (`variants/*.toml` and `variants/fairy-stockfish.ini`),
//! stored compressed and decompressed once, on first use.
//!
//! The build script (`build.rs`) joins every text into one stream, so that
//! the files share their matches, and compresses it with
//! `packed/compress.rs`. The format, LZ77 in byte-aligned sequences (after
//! LZ4's): each sequence is a token byte, whose high nibble is the number of
//! literals and low nibble the match length less [`MIN_MATCH`]; a nibble of
//! 15 is followed by extension bytes added to it (255 means another follows);
//! then the literals; then, unless the stream ends there, the match: its
//! offset back into the output (LEB128, at least 1) and its length's
//! extension. A match may overlap its own output (a run).

use std::sync::OnceLock;

#[cfg(test)]
mod compress;

// PACKED (the stream), UNPACKED_LEN, TEXT_NAMES (each definition's name),
// TEXT_ENDS (where each ends in the decompressed text, after a 0) and FSF_INI
// (its range), written by build.rs.
include!(concat!(env!("OUT_DIR"), "/packed_texts.rs"));

/// The shortest match the format encodes.
const MIN_MATCH: usize = 4;
/// The most bytes of an offset (LEB128): offsets up to 2^28, far beyond
/// any output [`unpack`] allows.
const MAX_OFFSET_BYTES: usize = 4;

/// Why a stream does not decompress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnpackError {
    /// The stream ends inside a sequence.
    Truncated,
    /// A match's offset is 0 or reaches back before the output's start.
    BadOffset,
    /// The output would pass the length allowed.
    TooLong,
}

/// Decompresses `packed`, refusing output longer than `max_len`.
pub(crate) fn unpack(packed: &[u8], max_len: usize) -> Result<Vec<u8>, UnpackError> {
    let mut out = Vec::with_capacity(max_len);
    let mut input = packed.iter().copied();
    loop {
        let token = input.next().ok_or(UnpackError::Truncated)?;
        let literals = length(token >> 4, &mut input)?;
        if literals > max_len - out.len() {
            return Err(UnpackError::TooLong);
        }
        for _ in 0..literals {
            out.push(input.next().ok_or(UnpackError::Truncated)?);
        }
        if input.len() == 0 {
            return Ok(out);
        }
        let mut offset = 0usize;
        for i in 0..MAX_OFFSET_BYTES {
            let b = input.next().ok_or(UnpackError::Truncated)?;
            offset |= usize::from(b & 0x7F) << (7 * i);
            if b < 0x80 {
                break;
            }
            if i + 1 == MAX_OFFSET_BYTES {
                return Err(UnpackError::BadOffset);
            }
        }
        let len = length(token & 15, &mut input)?.saturating_add(MIN_MATCH);
        if offset == 0 || offset > out.len() {
            return Err(UnpackError::BadOffset);
        }
        if len > max_len - out.len() {
            return Err(UnpackError::TooLong);
        }
        // Byte by byte: the match may overlap what it writes.
        let from = out.len() - offset;
        for k in from..from + len {
            out.push(out[k]);
        }
    }
}

/// A length from its token nibble and, for 15, its extension bytes.
fn length(nibble: u8, input: &mut impl Iterator<Item = u8>) -> Result<usize, UnpackError> {
    let mut len = usize::from(nibble);
    if nibble == 15 {
        loop {
            let b = input.next().ok_or(UnpackError::Truncated)?;
            // Saturating: a length past any allowed output is refused by
            // the caller, however long the extension.
            len = len.saturating_add(usize::from(b));
            if b != 255 {
                break;
            }
        }
    }
    Ok(len)
}

/// Every built-in text, decompressed on first use.
fn all() -> &'static str {
    static ALL: OnceLock<String> = OnceLock::new();
    ALL.get_or_init(|| {
        let bytes = unpack(PACKED, UNPACKED_LEN).expect("the built-in texts decompress");
        String::from_utf8(bytes).expect("the built-in texts are UTF-8")
    })
}

fn range(start: usize, end: usize) -> &'static str {
    all().get(start..end).unwrap_or_default()
}

/// The text of the definition [`index_of`] gave.
pub(crate) fn definition(index: usize) -> &'static str {
    match (TEXT_ENDS.get(index), TEXT_ENDS.get(index + 1)) {
        (Some(&start), Some(&end)) => range(start as usize, end as usize),
        _ => "",
    }
}

/// `variants/fairy-stockfish.ini` as shipped.
pub(crate) fn fsf_ini() -> &'static str {
    range(FSF_INI.0, FSF_INI.1)
}

/// Where `variants/NAME.toml` is among the packed texts, for [`definition`]:
/// evaluated at compile time, where a name without its file stops the build
/// (as `include_str!` did) with the message `missing`.
pub(crate) const fn index_of(name: &str, missing: &str) -> usize {
    let mut i = 0;
    while i < TEXT_NAMES.len() {
        if eq(TEXT_NAMES[i].as_bytes(), name.as_bytes()) {
            return i;
        }
        i += 1;
    }
    panic!("{}", missing)
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::compress::pack;
    use super::*;

    fn round_trip(input: &[u8]) -> usize {
        let packed = pack(input);
        assert_eq!(unpack(&packed, input.len()).as_deref(), Ok(input));
        // The length allowed is a bound, not a promise.
        assert_eq!(unpack(&packed, input.len() + 7).as_deref(), Ok(input));
        if !input.is_empty() {
            assert_eq!(unpack(&packed, input.len() - 1), Err(UnpackError::TooLong));
        }
        packed.len()
    }

    #[test]
    fn round_trips_edge_cases() {
        assert_eq!(round_trip(b""), 1);
        round_trip(b"a");
        round_trip(b"abc");
        round_trip(b"abcd");
        // No matches: every byte a literal, past one and several extension bytes.
        let distinct: Vec<u8> = (0..=255).collect();
        assert_eq!(round_trip(&distinct), 1 + 1 + 256);
        round_trip(&distinct[..14]);
        round_trip(&distinct[..15]);
        round_trip(&distinct[..16]);
        // Long runs: one literal and a match overlapping itself at offset 1.
        for len in [5, 18, 19, 20, 273, 274, 275, 100_000] {
            let run = vec![b'x'; len];
            assert!(round_trip(&run) < 10 + len / 255, "{len}");
        }
        // Overlapping matches of longer periods, and runs after literals.
        let mut periodic = Vec::new();
        for _ in 0..500 {
            periodic.extend_from_slice(b"abcdefg");
        }
        assert!(round_trip(&periodic) < 30);
        let mut mixed = distinct.clone();
        mixed.extend(std::iter::repeat_n(b'-', 1000));
        mixed.extend_from_slice(&distinct[..100]);
        mixed.extend_from_slice(b"tail");
        round_trip(&mixed);
        // Offsets of one, two and three LEB128 bytes.
        let far: Vec<u8> = (0..40_000u32)
            .flat_map(|i| i.wrapping_mul(2_654_435_761).to_le_bytes())
            .collect();
        let mut text = far.clone();
        text.extend_from_slice(&far[159_000..159_990]);
        text.extend_from_slice(&far[1_000..2_000]);
        let end = text.len();
        text.extend_from_within(end - 200..end - 100);
        round_trip(&text);
    }

    /// A match 4 bytes long at every offset size, and text like the files'.
    #[test]
    fn round_trips_text() {
        let all = all().as_bytes();
        assert_eq!(all.len(), UNPACKED_LEN);
        let packed = round_trip(all);
        assert_eq!(packed, PACKED.len());
        round_trip(&all[..all.len() / 3]);
    }

    #[test]
    fn corrupt_input_is_an_error_not_a_panic() {
        assert_eq!(unpack(&[], 10), Err(UnpackError::Truncated));
        // Literals promised but missing.
        assert_eq!(unpack(&[0x30, b'a'], 10), Err(UnpackError::Truncated));
        // An offset of 0, one past the output, one never ending.
        assert_eq!(
            unpack(&[0x10, b'a', 0, 0x00], 10),
            Err(UnpackError::BadOffset)
        );
        assert_eq!(
            unpack(&[0x10, b'a', 2, 0x00], 10),
            Err(UnpackError::BadOffset)
        );
        assert_eq!(
            unpack(&[0x10, b'a', 0x81, 0x80, 0x80, 0x80, 0x01, 0], 10),
            Err(UnpackError::BadOffset)
        );
        // A match or literal run longer than allowed, and extensions without end.
        assert_eq!(unpack(&[0x1F, b'a', 1, 200], 10), Err(UnpackError::TooLong));
        assert_eq!(
            unpack(&[0xF0, 255, 255, 255, 3], 10),
            Err(UnpackError::TooLong)
        );
        let mut endless = vec![0x1F, b'a', 1];
        endless.extend(std::iter::repeat_n(255, 100_000));
        assert_eq!(unpack(&endless, 1 << 20), Err(UnpackError::Truncated));
        // Every truncation and every single-byte change of the real stream:
        // an error or some text, never a panic, never past the bound.
        for cut in 0..PACKED.len().min(4000) {
            let _ = unpack(&PACKED[..cut], UNPACKED_LEN);
        }
        let mut bytes = PACKED.to_vec();
        for i in (0..bytes.len()).step_by(61) {
            for flip in [0x01, 0x10, 0x80, 0xFF] {
                bytes[i] ^= flip;
                if let Ok(out) = unpack(&bytes, UNPACKED_LEN) {
                    assert!(out.len() <= UNPACKED_LEN);
                }
                bytes[i] ^= flip;
            }
        }
    }
}
