//! Fairy-Stockfish's Betza dialect, translated into the XBetza of
//! `docs/betza.md` move set by move set: for each atom the reader works out
//! the moves Fairy-Stockfish's direction letters select (its own rules for
//! pairing letters, `h` halves and chiral halves included), then writes an
//! XBetza direction spec this library reads as exactly those moves.

use crate::notation::{self, Term};

/// Fairy-Stockfish's atoms: `(long, short)` leaps, two for `K` and `Q`.
fn atom_leaps(c: u8) -> Option<(&'static [(i8, i8)], bool)> {
    // (leaps, rider)
    Some(match c {
        b'W' => (&[(1, 0)], false),
        b'F' => (&[(1, 1)], false),
        b'D' => (&[(2, 0)], false),
        b'N' => (&[(2, 1)], false),
        b'A' => (&[(2, 2)], false),
        b'H' => (&[(3, 0)], false),
        b'C' => (&[(3, 1)], false),
        b'J' | b'Z' => (&[(3, 2)], false),
        b'G' => (&[(3, 3)], false),
        b'K' => (&[(1, 0), (1, 1)], false),
        b'R' => (&[(1, 0)], true),
        b'B' => (&[(1, 1)], true),
        b'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// Fairy-Stockfish's direction pairs that select one move.
type DirPairs = &'static [&'static [u8; 2]];

/// The eight moves of a leap `(p, q)` as `(dx, dy)` (White's view, `dy > 0`
/// forward), each with the direction pairs of Fairy-Stockfish's that select
/// it (its `from_betza`: a pair names a move set of its own, `h` being the
/// half on the side of the other letter, `hr` and `hl` the two chiral
/// halves).
fn leap_moves(p: i8, q: i8) -> [((i8, i8), DirPairs); 8] {
    [
        ((q, p), &[b"ff", b"vv", b"rf", b"rv", b"fh", b"rh", b"hr"]),
        ((-q, -p), &[b"bb", b"vv", b"lb", b"lv", b"bh", b"lh", b"hr"]),
        ((p, -q), &[b"rr", b"ss", b"br", b"bs", b"bh", b"rh", b"hr"]),
        ((-p, q), &[b"ll", b"ss", b"fl", b"fs", b"fh", b"lh", b"hr"]),
        ((p, q), &[b"rr", b"ss", b"fr", b"fs", b"fh", b"rh", b"hl"]),
        ((-p, -q), &[b"ll", b"ss", b"bl", b"bs", b"bh", b"lh", b"hl"]),
        ((q, -p), &[b"bb", b"vv", b"rb", b"rv", b"bh", b"rh", b"hl"]),
        ((-q, p), &[b"ff", b"vv", b"lf", b"lv", b"fh", b"lh", b"hl"]),
    ]
}

/// The moves of leap `(p, q)` that Fairy-Stockfish's direction pairs
/// select (all of them without any). On a single orthogonal atom (`W`,
/// `R`...) a mixed pair counts as its two letters doubled (`fs` is `ff`
/// and `ss`), as Fairy-Stockfish splits it; on `K` and `Q` it does not.
fn selected(p: i8, q: i8, dirs: &[[u8; 2]], single: bool) -> Vec<(i8, i8)> {
    let mut tokens: Vec<[u8; 2]> = Vec::new();
    for d in dirs {
        if single && q == 0 && d[0] != d[1] {
            tokens.push([d[0], d[0]]);
            tokens.push([d[1], d[1]]);
        } else {
            tokens.push(*d);
        }
    }
    let mut out = Vec::new();
    for (v, names) in leap_moves(p, q) {
        if (tokens.is_empty() || names.iter().any(|n| tokens.contains(n))) && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The first-leg moves this library reads for `dirs` before the leaper
/// `atom` (a leap letter, or `K` for both unit leaps), or `None` if it
/// refuses them.
fn library_moves(dirs: &str, atom: char) -> Option<Vec<(i8, i8)>> {
    let parsed = notation::parse(&format!("{dirs}{atom}")).ok()?;
    let mut out = Vec::new();
    for t in &parsed.terms {
        let Term::Move(t) = t else { return None };
        out.extend(t.first.iter().copied());
    }
    Some(out)
}

/// The leaper letter of this library for leap `(p, q)` (its moves are the
/// leap's, whatever the range).
fn leaper_letter(p: i8, q: i8) -> char {
    match (p, q) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        _ => 'G',
    }
}

/// An XBetza direction spec that selects exactly `want` of leap `(p, q)`:
/// none for all its moves, else one or two of the usual spellings, else
/// each move by name (two letters on diagonal and oblique leaps, the
/// second giving the long side on an oblique one; one on orthogonal ones,
/// where letters add up).
fn spec_for(p: i8, q: i8, want: &[(i8, i8)], written: &str) -> Result<String, String> {
    let atom = leaper_letter(p, q);
    let same = |dirs: &str| {
        library_moves(dirs, atom)
            .is_some_and(|got| got.len() == want.len() && got.iter().all(|v| want.contains(v)))
    };
    if same("") {
        return Ok(String::new());
    }
    // Oblique leaps keep Fairy-Stockfish's doubled letter (`ffN`), which
    // XBoard reads as the same two moves; a single letter there is four.
    // Other leaps keep the letters as written where they mean the same.
    let oblique = q != 0 && p != q;
    if !oblique && same(written) {
        return Ok(written.to_string());
    }
    let usual: &[&str] = if oblique {
        &["ff", "bb", "ll", "rr", "vv", "ss", "fs", "bs"]
    } else {
        &["f", "b", "l", "r", "v", "s", "fs", "bs"]
    };
    if let Some(u) = usual.iter().find(|u| same(u)) {
        return Ok((*u).to_string());
    }
    // Two of them (`fffs`: Fairy-Stockfish's forward half `fhN`).
    for u in usual {
        for w in usual {
            let spec = format!("{u}{w}");
            if same(&spec) {
                return Ok(spec);
            }
        }
    }
    let mut spec = String::new();
    for &(x, y) in want {
        let h = if x > 0 { 'r' } else { 'l' };
        let v = if y > 0 { 'f' } else { 'b' };
        if q == 0 {
            spec.push(if x == 0 { v } else { h });
        } else if y.abs() > x.abs() {
            spec.push(h);
            spec.push(v);
        } else {
            spec.push(v);
            spec.push(h);
        }
    }
    if same(&spec) {
        Ok(spec)
    } else {
        Err(format!(
            "the moves {want:?} of atom {atom} have no XBetza spelling here"
        ))
    }
}

/// Fairy-Stockfish's Betza (`customPieceN = x:...`) as this library's
/// XBetza, with the same moves. Fairy-Stockfish reads direction letters in
/// pairs: two letters at right angles, or one doubled, name a set of moves
/// of their own, and a single letter is doubled (`fN` is `ffN`, the two
/// narrow forward leaps); `h` with `f`, `b`, `l` or `r` is that half of
/// the moves (`lhN`: the four leftward Knight moves), `hl` and `hr` the
/// two chiral halves (`hrN`: the four Knight moves turning right,
/// d4 to e6 f3 c2 b5). Each atom's set is written in XBetza; on `K` and
/// `Q` with direction letters the orthogonal and the diagonal parts are
/// written apart (`fK` is `fWfF`), since Fairy-Stockfish selects each
/// part's moves on its own.
pub fn betza_to_xbetza(fsf: &str) -> Result<String, String> {
    let b = fsf.as_bytes();
    let mut out = String::new();
    // The current atom's modifiers, where its direction letters stood
    // (byte position in `mods`), and its direction pairs.
    let mut mods = String::new();
    let mut dirs_at: Option<usize> = None;
    let mut dirs: Vec<[u8; 2]> = Vec::new();
    // The direction letters as written.
    let mut written = String::new();
    let vertical = |x: u8| b"fbvh".contains(&x);
    let horizontal = |x: u8| b"rlsh".contains(&x);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'm' | b'c' | b'p' | b'g' | b'n' | b'i' | b'e' => mods.push(c as char),
            b'f' | b'b' | b'v' | b'r' | b'l' | b's' | b'h' => {
                dirs_at.get_or_insert(mods.len());
                written.push(c as char);
                match b.get(i + 1) {
                    Some(&n)
                        if n == c
                            || (vertical(c) && horizontal(n))
                            || (horizontal(c) && vertical(n)) =>
                    {
                        dirs.push([c, n]);
                        written.push(n as char);
                        i += 1;
                    }
                    _ => dirs.push([c, c]),
                }
            }
            _ => {
                let Some((leaps, _)) = atom_leaps(c) else {
                    return Err(format!(
                        "{:?} at {}: not in Fairy-Stockfish's Betza (its letters are mcpgnie fbrlvsh and the atoms WFDNAHCJZGKRBQ)",
                        c as char,
                        i + 1
                    ));
                };
                // A range digit, or the atom doubled (a rider).
                let range = match b.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() || d == c => {
                        i += 1;
                        Some(d)
                    }
                    _ => None,
                };
                let at = dirs_at.unwrap_or(mods.len());
                let (before, after) = mods.split_at(at);
                let term = |spec: &str, letter: char, out: &mut String| {
                    out.push_str(before);
                    out.push_str(spec);
                    out.push_str(after);
                    out.push(letter);
                    match range {
                        Some(d) if d == c => out.push(letter),
                        Some(d) => out.push(d as char),
                        None => {}
                    }
                };
                if dirs.is_empty() {
                    term("", c as char, &mut out);
                } else if leaps.len() == 2
                    && library_moves(&written, 'K').is_some_and(|got| {
                        let want: Vec<(i8, i8)> = leaps
                            .iter()
                            .flat_map(|&(p, q)| selected(p, q, &dirs, false))
                            .collect();
                        got.len() == want.len() && got.iter().all(|v| want.contains(v))
                    })
                {
                    // `K` or `Q` whose letters mean the same here (`fK`).
                    term(&written, c as char, &mut out);
                } else {
                    let single = leaps.len() == 1;
                    for &(p, q) in leaps {
                        let want = selected(p, q, &dirs, single);
                        if want.is_empty() {
                            continue;
                        }
                        // `K` and `Q` are written as their parts.
                        let letter = match (c, q) {
                            (b'K', 0) => 'W',
                            (b'K', _) => 'F',
                            (b'Q', 0) => 'R',
                            (b'Q', _) => 'B',
                            _ => c as char,
                        };
                        let spec = spec_for(p, q, &want, &written)
                            .map_err(|e| format!("{:?} at {}: {e}", c as char, i + 1))?;
                        term(&spec, letter, &mut out);
                    }
                    if !dirs.iter().any(|d| {
                        leaps
                            .iter()
                            .any(|&(p, q)| !selected(p, q, &[*d], leaps.len() == 1).is_empty())
                    }) {
                        return Err(format!(
                            "{:?} at {}: its direction letters select none of its moves in Fairy-Stockfish",
                            c as char,
                            i + 1
                        ));
                    }
                }
                mods.clear();
                dirs.clear();
                written.clear();
                dirs_at = None;
            }
        }
        i += 1;
    }
    if !mods.is_empty() || !dirs.is_empty() {
        return Err("modifiers without an atom at the end".to_string());
    }
    Ok(out)
}
