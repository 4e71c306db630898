//! The compressor of the built-in texts' format (decoded by
//! `src/variant/packed.rs`, which describes it). Used by the build script
//! (`build.rs` includes this file) and by the decoder's tests: one source, so
//! the round trip tested is the one built.

/// The shortest match the format encodes.
pub const MIN_MATCH: usize = 4;
/// How many earlier positions of the same hash the matcher tries per
/// position: more finds little more on these texts and costs build time.
const CHAIN_DEPTH: usize = 256;
const HASH_BITS: u32 = 16;
/// A match this long is taken as found, and no matches are looked for
/// inside it: long runs cost linear time, not quadratic.
const NICE: usize = 1024;

/// Compresses `input` into the format that `packed::unpack` reads.
pub fn pack(input: &[u8]) -> Vec<u8> {
    let n = input.len();
    let candidates = find_matches(input);
    // cost[i]: the fewest bytes that encode input[i..] (literals priced one
    // byte each, a match its token, offset and length bytes), and the step
    // taken from i: 0 for a literal, else the match's (length, offset).
    let mut cost = vec![0u32; n + 1];
    let mut step = vec![(0u32, 0u32); n];
    for i in (0..n).rev() {
        let mut best = cost[i + 1] + 1;
        let mut best_step = (0, 0);
        // Candidates come nearest first, each longer than the last: a
        // length is priced with the nearest (cheapest) offset reaching it.
        let mut shortest = MIN_MATCH;
        if let Some(&(len, off)) = candidates[i].last().filter(|m| m.0 as usize >= NICE) {
            cost[i] = match_cost(len as usize, off as usize) + cost[i + len as usize];
            step[i] = (len, off);
            continue;
        }
        for &(len, off) in &candidates[i] {
            for l in shortest..=len as usize {
                let c = match_cost(l, off as usize) + cost[i + l];
                if c < best {
                    best = c;
                    best_step = (l as u32, off);
                }
            }
            shortest = len as usize + 1;
        }
        cost[i] = best;
        step[i] = best_step;
    }
    let mut out = Vec::new();
    let mut literals_from = 0;
    let mut i = 0;
    while i < n {
        let (len, off) = step[i];
        if len == 0 {
            i += 1;
            continue;
        }
        let len = len as usize;
        write_sequence(
            &mut out,
            &input[literals_from..i],
            Some((len, off as usize)),
        );
        i += len;
        literals_from = i;
    }
    write_sequence(&mut out, &input[literals_from..], None);
    out
}

/// For each position, its matches: (length, offset) pairs, nearest first,
/// each longer than the one before (a farther match is kept only if longer).
fn find_matches(input: &[u8]) -> Vec<Vec<(u32, u32)>> {
    let n = input.len();
    let mut head = vec![usize::MAX; 1 << HASH_BITS];
    let mut prev = vec![usize::MAX; n];
    let mut all = vec![Vec::new(); n];
    let mut skip_to = 0;
    for i in 0..n.saturating_sub(MIN_MATCH - 1) {
        let h = hash(&input[i..i + MIN_MATCH]);
        if i < skip_to {
            prev[i] = head[h];
            head[h] = i;
            continue;
        }
        let mut j = head[h];
        let mut found: Vec<(u32, u32)> = Vec::new();
        let mut longest = MIN_MATCH - 1;
        let mut depth = 0;
        while j != usize::MAX && depth < CHAIN_DEPTH {
            depth += 1;
            if input.get(j + longest) == input.get(i + longest) {
                let len = input[j..]
                    .iter()
                    .zip(&input[i..])
                    .take_while(|(a, b)| a == b)
                    .count();
                if len > longest {
                    longest = len;
                    found.push((len as u32, (i - j) as u32));
                    if len >= NICE {
                        skip_to = i + len;
                        break;
                    }
                }
            }
            j = prev[j];
        }
        all[i] = found;
        prev[i] = head[h];
        head[h] = i;
    }
    all
}

fn hash(four: &[u8]) -> usize {
    let v = u32::from_le_bytes([four[0], four[1], four[2], four[3]]);
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The bytes of a length's extension past its token's nibble (`15` in the
/// nibble, then bytes of 255 and one below 255).
fn extension_len(excess: usize) -> u32 {
    if excess < 15 {
        0
    } else {
        ((excess - 15) / 255 + 1) as u32
    }
}

fn varint_len(mut v: usize) -> u32 {
    let mut len = 1;
    while v >= 0x80 {
        v >>= 7;
        len += 1;
    }
    len
}

fn match_cost(len: usize, offset: usize) -> u32 {
    1 + varint_len(offset) + extension_len(len - MIN_MATCH)
}

fn write_extension(out: &mut Vec<u8>, excess: usize) {
    if excess >= 15 {
        let mut rest = excess - 15;
        while rest >= 255 {
            out.push(255);
            rest -= 255;
        }
        out.push(rest as u8);
    }
}

/// One sequence: its token, the literals, then the match (absent in the
/// last sequence, which ends the stream).
fn write_sequence(out: &mut Vec<u8>, literals: &[u8], matched: Option<(usize, usize)>) {
    let excess = matched.map_or(0, |(len, _)| len - MIN_MATCH);
    let token = (literals.len().min(15) << 4) | excess.min(15);
    out.push(token as u8);
    write_extension(out, literals.len());
    out.extend_from_slice(literals);
    if let Some((_, mut offset)) = matched {
        while offset >= 0x80 {
            out.push((offset & 0x7F) as u8 | 0x80);
            offset >>= 7;
        }
        out.push(offset as u8);
        write_extension(out, excess);
    }
}
