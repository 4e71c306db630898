//! How a piece moves, in plain words, generated from its parsed Betza terms
//! (so a variant defined at run time is described as well as a built-in).
//!
//! ```
//! use betza::describe::describe_betza;
//! assert_eq!(describe_betza("fB").unwrap(), "slides any distance diagonally forward");
//! assert_eq!(describe_betza("Z(4,1)").unwrap(), "leaps (3,2) or (4,1)");
//! assert_eq!(
//!     describe_betza("fmWfceF").unwrap(),
//!     "steps one square forward, without capturing; \
//!      steps one square diagonally forward, only capturing (also en passant)"
//! );
//! ```
//!
//! Terms that differ only in a leap's length or its shape are told together
//! (`KNAD`: "steps one square in any direction; leaps (2,1); jumps 2 squares in
//! any direction"), and so are multi-leg terms that make a zig-zag of every
//! length (the Rhino). The description is read from White's side: "forward"
//! is towards the opponent, for either colour.

use crate::notation::{self, Atom, BetzaError, LaterLeg, Modes, MoveTerm, Shape, Term};
use crate::variant::{PieceType, Role, Variant};

impl PieceType {
    /// How a piece of this type moves, in plain words, from its Betza
    /// string: clauses separated by `"; "`, lower case, without a final stop.
    /// A confined type's description ends with `"; never leaves its region"`.
    ///
    /// ```
    /// let v = betza::Variant::by_name("chess").unwrap();
    /// let knight = &v.pieces()[v.role_by_token("N").unwrap().index()];
    /// assert_eq!(knight.describe(), "leaps (2,1)");
    /// ```
    pub fn describe(&self) -> String {
        // A variant's Betza strings were parsed when it was built.
        let mut text = match notation::parse(&self.betza) {
            _ if self.betza.is_empty() => "never moves".to_string(),
            Ok(piece) => describe_terms(&piece.terms),
            Err(e) => e.to_string(),
        };
        if self.confinement.is_some() {
            text.push_str("; never leaves its region");
        }
        text
    }
}

impl Variant {
    /// How a piece of type `role` moves in this variant: as
    /// [`PieceType::describe`], but castling is told from the variant's rules
    /// (its partner and the distance towards each side), which the Betza
    /// string alone need not say (`None` for a role of no type).
    ///
    /// ```
    /// let v = betza::Variant::by_name("chess").unwrap();
    /// assert_eq!(
    ///     v.describe_piece(v.royal()).unwrap(),
    ///     "steps one square in any direction; castles: moves 2 squares sideways \
    ///      towards a Rook, which then stands beside it on the side it came from"
    /// );
    /// ```
    ///
    /// In a variant with drops a type that may be in hand says how it is
    /// dropped:
    ///
    /// ```
    /// let v = betza::Variant::by_name("shogi").unwrap();
    /// assert_eq!(
    ///     v.describe_piece(v.role_by_token("P").unwrap()).unwrap(),
    ///     "steps one square forward; from the hand, dropped onto an empty square from which \
    ///      it can move, not on a file holding another of its side unpromoted, never to give checkmate"
    /// );
    /// ```
    pub fn describe_piece(&self, role: Role) -> Option<String> {
        let p = self.pieces().get(role.index())?;
        let Ok(parsed) = notation::parse(&p.betza) else {
            return Some(p.describe());
        };
        let moves: Vec<Term> = parsed
            .terms
            .into_iter()
            .filter(|t| matches!(t, Term::Move(_)))
            .collect();
        let mut text = describe_terms(&moves);
        if let (true, Some((kingside, queenside))) =
            (role == self.royal(), self.castling_distances())
        {
            let partner = self
                .definition()
                .castling
                .as_ref()
                .and_then(|c| self.role_by_token(&c.rook))
                .map_or_else(
                    || "its castling partner".to_string(),
                    |r| format!("a {}", self.piece(r).name),
                );
            let how = if kingside == queenside {
                format!("{kingside} squares sideways towards {partner}")
            } else {
                let last = (b'a' + self.size().files() - 1) as char;
                format!(
                    "{kingside} squares towards {partner} on file {last} or {queenside} towards one on file a"
                )
            };
            if !text.is_empty() {
                text.push_str("; ");
            }
            text.push_str(&format!(
                "castles: moves {how}, which then stands beside it on the side it came from"
            ));
        }
        if p.confinement.is_some() {
            text.push_str("; never leaves its region");
        }
        text.push_str(&self.describe_drops(role));
        Some(text)
    }

    /// How a type in hand may be dropped (empty for a type never in hand).
    fn describe_drops(&self, role: Role) -> String {
        if !self.hand_roles().contains(&role) {
            return String::new();
        }
        let d = &self.definition().pieces[role.index()];
        let mut text = String::from("; from the hand, dropped onto an empty square");
        if d.drop_region.is_some() {
            text.push_str(" of its drop region");
        }
        if self.definition().immobility_illegal {
            text.push_str(" from which it can move");
        }
        if let Some(n) = d.drops_per_file {
            let which = if n == 1 {
                "another".to_string()
            } else {
                format!("{n} others")
            };
            text.push_str(&format!(
                ", not on a file holding {which} of its side unpromoted"
            ));
        }
        if d.drop_mate_illegal {
            text.push_str(", never to give checkmate");
        }
        // `[drops] promoted`: either side up.
        if self.definition().drops.is_some_and(|x| x.promoted)
            && let Some(&p) = self.piece(role).promotions.first()
        {
            text.push_str(&format!(", or as {}", self.piece(p).token));
        }
        text
    }
}

/// How a piece with these Betza moves moves, in plain words (see
/// [`PieceType::describe`]); the parse error for a string the library refuses.
pub fn describe_betza(text: &str) -> Result<String, BetzaError> {
    Ok(describe_terms(&notation::parse(text)?.terms))
}

/// The plain words for parsed terms: one clause per kind of move, in the order
/// of first appearance, clauses of the same kind merged.
pub fn describe_terms(terms: &[Term]) -> String {
    let moves: Vec<&MoveTerm> = terms
        .iter()
        .filter_map(|t| match t {
            Term::Move(m) => Some(m),
            Term::Castle { .. } => None,
        })
        .collect();
    // (position of the first term told, words)
    let mut clauses: Vec<(usize, String)> = Vec::new();
    let mut told = vec![false; moves.len()];
    for f in zigzag_families(&moves) {
        for &j in &f.members {
            told[j] = true;
        }
        clauses.push((f.members[0], f.text));
    }
    let mut singles = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if told[i] {
            continue;
        }
        if m.later.is_empty() {
            singles.push((i, single(m)));
        } else {
            clauses.push((i, multi_leg(m)));
        }
    }
    for (i, s) in merge_singles(singles) {
        clauses.push((i, single_text(&s)));
    }
    // Castling comes after the moves, in its own order.
    for t in terms {
        if let Term::Castle { distance } = t {
            clauses.push((
                moves.len(),
                format!(
                    "castles: moves {distance} squares sideways towards its castling partner, \
                     which then stands beside it on the side it came from"
                ),
            ));
        }
    }
    clauses.sort_by_key(|c| c.0);
    let texts: Vec<String> = clauses.into_iter().map(|c| c.1).collect();
    texts.join("; ")
}

/// What single-leg terms do, before the words are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Single {
    /// The leaps told together, in order of appearance.
    atoms: Vec<Atom>,
    /// Directions, White's view, of the orthogonal and diagonal atoms (as
    /// unit vectors) and of the oblique ones (as vectors of the (2,1) shape).
    orthogonal: Vec<(i8, i8)>,
    diagonal: Vec<(i8, i8)>,
    oblique: Vec<(i8, i8)>,
    range: u8,
    modes: Modes,
    lame: bool,
    initial: bool,
    /// 0: an ordinary move, 1: a hopper (`p`), 2: a grasshopper (`g`).
    hop: u8,
    /// Bits: 1 crooked (`z`), 2 circular (`q`), 4 cylindrical (`o`).
    curve: u8,
}

fn single(m: &MoveTerm) -> Single {
    let unit = |&(x, y): &(i8, i8)| (x.signum(), y.signum());
    let mut s = Single {
        atoms: vec![m.atom],
        orthogonal: Vec::new(),
        diagonal: Vec::new(),
        oblique: Vec::new(),
        range: m.range,
        modes: m.modes,
        lame: m.lame,
        initial: m.initial,
        hop: if m.grasshopper { 2 } else { u8::from(m.hop) },
        curve: u8::from(m.crooked) | u8::from(m.circular) << 1 | u8::from(m.cylinder) << 2,
    };
    match m.atom.shape() {
        Shape::Orthogonal => s.orthogonal = m.first.iter().map(unit).collect(),
        Shape::Diagonal => s.diagonal = m.first.iter().map(unit).collect(),
        Shape::Oblique => s.oblique = oblique_units(m.atom, &m.first),
    }
    s
}

/// Merges single-leg terms in two passes: first those of one length (a
/// Wazir and a Ferz step make "in any direction", `fW` and `bW` "forward or
/// backward"), then those of the same directions and other lengths (a (2,0)
/// and a (3,0) jump; never a step with a jump). Each keeps the position of
/// its first term.
fn merge_singles(singles: Vec<(usize, Single)>) -> Vec<(usize, Single)> {
    let kind = |s: &Single| {
        (
            s.range,
            s.modes,
            s.lame,
            s.initial,
            s.hop,
            s.curve,
            is_oblique(s),
            s.atoms[0].a == 1,
        )
    };
    let mut by_length: Vec<(usize, Single)> = Vec::new();
    for (i, s) in singles {
        let a = s.atoms[0];
        let same = by_length.iter_mut().find(|(_, c)| {
            kind(c) == kind(&s)
                && if is_oblique(&s) {
                    c.atoms[0] == a
                } else {
                    c.atoms[0].a == a.a
                }
        });
        match same {
            Some((_, c)) => {
                for x in s.atoms {
                    if !c.atoms.contains(&x) {
                        c.atoms.push(x);
                    }
                }
                union(&mut c.orthogonal, &s.orthogonal);
                union(&mut c.diagonal, &s.diagonal);
                union(&mut c.oblique, &s.oblique);
            }
            None => by_length.push((i, s)),
        }
    }
    let mut out: Vec<(usize, Single)> = Vec::new();
    for (i, s) in by_length {
        let step = s.range == 1 && s.atoms[0].a == 1 && !is_oblique(&s);
        let lame_leap = s.lame && is_oblique(&s);
        let same = out.iter_mut().find(|(_, c)| {
            !step
                && !lame_leap
                && kind(c) == kind(&s)
                && same_set(&c.orthogonal, &s.orthogonal)
                && same_set(&c.diagonal, &s.diagonal)
                && same_set(&c.oblique, &s.oblique)
        });
        match same {
            Some((_, c)) => c.atoms.extend(s.atoms),
            None => out.push((i, s)),
        }
    }
    out
}

fn union(into: &mut Vec<(i8, i8)>, from: &[(i8, i8)]) {
    for v in from {
        if !into.contains(v) {
            into.push(*v);
        }
    }
}

fn is_oblique(s: &Single) -> bool {
    s.atoms[0].shape() == Shape::Oblique
}

fn same_set(a: &[(i8, i8)], b: &[(i8, i8)]) -> bool {
    a.len() == b.len() && a.iter().all(|v| b.contains(v))
}

/// An oblique atom's directions as vectors of the atom `(2,1)`, so that
/// leaps of different lengths compare equal when they point the same ways.
fn oblique_units(atom: Atom, first: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let (a, b) = (atom.a as i8, atom.b as i8);
    first
        .iter()
        .map(|&(x, y)| {
            let f = |v: i8| {
                if v.abs() == a {
                    2 * v.signum()
                } else {
                    v.signum()
                }
            };
            debug_assert!(x.abs() == a && y.abs() == b || x.abs() == b && y.abs() == a);
            (f(x), f(y))
        })
        .collect()
}

fn single_text(s: &Single) -> String {
    let atom = s.atoms[0];
    let lengths = || {
        let mut l: Vec<u8> = s.atoms.iter().map(|a| a.a).collect();
        l.sort_unstable();
        l.dedup();
        join_or(&l.iter().map(u8::to_string).collect::<Vec<_>>())
    };
    let leaps = || {
        join_or(
            &s.atoms
                .iter()
                .map(|a| format!("({},{})", a.a, a.b))
                .collect::<Vec<_>>(),
        )
    };
    let dirs = if is_oblique(s) {
        oblique_phrase(&s.oblique)
    } else {
        straight_phrase(&s.orthogonal, &s.diagonal)
    };
    let unit = atom.a == 1 && !is_oblique(s);
    // A ride of (2,0) leaps in every orthogonal direction needs no more words.
    let full_one_shape = s.orthogonal.len() == 4 && s.diagonal.is_empty()
        || s.diagonal.len() == 4 && s.orthogonal.is_empty();
    let dirs = if s.range != 1 && !unit && full_one_shape {
        String::new()
    } else {
        dirs
    };
    let mut text = match (s.range, unit, is_oblique(s)) {
        (1, true, _) => format!("steps one square {dirs}"),
        (1, false, false) if s.lame => format!("moves {} squares {dirs}", lengths()),
        (1, false, false) => format!("jumps {} squares {dirs}", lengths()),
        (1, _, true) if s.lame => {
            let (long, short) = (atom.a - atom.b, atom.b);
            format!(
                "moves {}{}{} without jumping: first {} straight, then {} diagonally outwards",
                leaps(),
                if dirs.is_empty() { "" } else { " " },
                dirs,
                squares(long),
                squares(short)
            )
        }
        (1, _, true) => format!(
            "leaps {}{}{dirs}",
            leaps(),
            if dirs.is_empty() { "" } else { " " }
        ),
        (0, true, _) => format!("slides any distance {dirs}"),
        (n, true, _) => format!("slides up to {n} squares {dirs}"),
        (r, false, _) => format!(
            "rides {} {} leaps in a straight line{}{dirs}",
            if r == 0 {
                "any number of".to_string()
            } else {
                format!("up to {r}")
            },
            leaps(),
            if dirs.is_empty() { "" } else { ", " }
        ),
    };
    if s.lame && !is_oblique(s) {
        text.push_str(if atom.a == 2 {
            ", not jumping: the square between must be empty"
        } else {
            ", not jumping: the squares between must be empty"
        });
    }
    if s.curve & 3 != 0 {
        // Crooked and circular leaps change direction.
        text = text.replace(" in a straight line", "");
    }
    if s.curve & 1 != 0 {
        text.push_str(
            ", zig-zagging: each step turns to the next direction round and the next back",
        );
    }
    if s.curve & 2 != 0 {
        text.push_str(
            ", round a circle: each step turns to the next direction, the same way round",
        );
    }
    if s.curve & 4 != 0 {
        text.push_str(", the files wrapping around (from the last to the first)");
    }
    text.push_str(match s.hop {
        1 => ", over exactly one piece of either side on the way (a hopper)",
        2 => " as a grasshopper: over the first piece in the way, landing just beyond it",
        _ => "",
    });
    push_modes(&mut text, s.modes);
    if s.initial {
        text.push_str(", only from its initial squares");
    }
    text
}

fn squares(n: u8) -> String {
    if n == 1 {
        "one square".into()
    } else {
        format!("{n} squares")
    }
}

fn push_modes(text: &mut String, m: Modes) {
    text.push_str(match (m.quiet, m.capture, m.en_passant) {
        (true, false, false) => ", without capturing",
        (false, true, false) => ", only capturing",
        (false, true, true) => ", only capturing (also en passant)",
        (false, false, true) => ", only capturing en passant",
        (true, false, true) => ", without capturing, or capturing en passant",
        (true, true, true) => " (also capturing en passant)",
        _ => "",
    });
}

/// Names for a set of directions: the first groups (in the order given) that
/// lie wholly inside the set and add something, joined by "or".
fn cover(set: &[(i8, i8)], groups: &[(&str, &[(i8, i8)])]) -> Vec<String> {
    let mut covered: Vec<(i8, i8)> = Vec::new();
    let mut words = Vec::new();
    for (word, group) in groups {
        if group.iter().all(|v| set.contains(v)) && group.iter().any(|v| !covered.contains(v)) {
            covered.extend(group.iter());
            words.push(word.to_string());
        }
    }
    words
}

const F: (i8, i8) = (0, 1);
const B: (i8, i8) = (0, -1);
const L: (i8, i8) = (-1, 0);
const R: (i8, i8) = (1, 0);
const FL: (i8, i8) = (-1, 1);
const FR: (i8, i8) = (1, 1);
const BL: (i8, i8) = (-1, -1);
const BR: (i8, i8) = (1, -1);

/// Directions of orthogonal and diagonal moves: "orthogonally", "sideways",
/// "diagonally forward", "in any direction", ...
fn straight_phrase(orth: &[(i8, i8)], diag: &[(i8, i8)]) -> String {
    if orth.len() == 4 && diag.len() == 4 {
        return "in any direction".into();
    }
    let mut parts: Vec<String> = Vec::new();
    if !orth.is_empty() {
        let words = cover(
            orth,
            &[
                ("orthogonally", &[F, B, L, R]),
                ("forward", &[F]),
                ("backward", &[B]),
                ("sideways", &[L, R]),
                ("left", &[L]),
                ("right", &[R]),
            ],
        );
        parts.extend(words);
    }
    if !diag.is_empty() {
        let words = cover(
            diag,
            &[
                ("", &[FL, FR, BL, BR]),
                ("forward", &[FL, FR]),
                ("backward", &[BL, BR]),
                ("left", &[FL, BL]),
                ("right", &[FR, BR]),
                ("forward-left", &[FL]),
                ("forward-right", &[FR]),
                ("backward-left", &[BL]),
                ("backward-right", &[BR]),
            ],
        );
        let words = join_or(&words);
        parts.push(if words.is_empty() {
            "diagonally".into()
        } else {
            format!("diagonally {words}")
        });
    }
    join_or(&parts)
}

/// Directions of an oblique leap, in vectors of the (2,1) shape: empty for
/// all eight, else "forward", "to either side and forward", ...
fn oblique_phrase(set: &[(i8, i8)]) -> String {
    if set.len() == 8 {
        return String::new();
    }
    let words = cover(
        set,
        &[
            ("forward", &[(-1, 2), (1, 2), (-2, 1), (2, 1)]),
            ("backward", &[(-1, -2), (1, -2), (-2, -1), (2, -1)]),
            ("to the left", &[(-2, 1), (-2, -1), (-1, 2), (-1, -2)]),
            ("to the right", &[(2, 1), (2, -1), (1, 2), (1, -2)]),
            ("long side forward", &[(-1, 2), (1, 2)]),
            ("long side backward", &[(-1, -2), (1, -2)]),
            ("long side sideways and forward", &[(-2, 1), (2, 1)]),
            ("long side sideways and backward", &[(-2, -1), (2, -1)]),
            ("long side left", &[(-2, 1), (-2, -1)]),
            ("long side right", &[(2, 1), (2, -1)]),
            ("long side forward, to the left", &[(-1, 2)]),
            ("long side forward, to the right", &[(1, 2)]),
            ("long side backward, to the left", &[(-1, -2)]),
            ("long side backward, to the right", &[(1, -2)]),
            ("long side left, forward", &[(-2, 1)]),
            ("long side right, forward", &[(2, 1)]),
            ("long side left, backward", &[(-2, -1)]),
            ("long side right, backward", &[(2, -1)]),
        ],
    );
    join_or(&words)
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The distance of a leg: "one square", "any distance", "one (2,1) leap", ...
fn leg_distance(atom: Atom, range: u8) -> String {
    let unit = atom.a == 1;
    match (range, unit) {
        (1, true) => "one square".into(),
        (0, true) => "any distance".into(),
        (n, true) => format!("up to {n} squares"),
        (1, false) => format!("one ({},{}) leap", atom.a, atom.b),
        (0, false) => format!(
            "any number of ({},{}) leaps in a straight line",
            atom.a, atom.b
        ),
        (n, false) => format!("up to {n} ({},{}) leaps in a straight line", atom.a, atom.b),
    }
}

/// A later leg's turn from the previous leg's direction, in words.
fn turn_phrase(turns: u8) -> String {
    if turns == 0b0100_0101 {
        return "straight on or turned 90 degrees".into();
    }
    let pair =
        |right: u8, left: u8, what: &str| match (turns & 1 << right != 0, turns & 1 << left != 0) {
            (true, true) => Some(format!("turned {what} either way")),
            (true, false) => Some(format!("turned {what} right")),
            (false, true) => Some(format!("turned {what} left")),
            _ => None,
        };
    let words: Vec<String> = [
        (turns & 1 != 0).then(|| "straight on".to_string()),
        pair(1, 7, "45 degrees"),
        pair(2, 6, "90 degrees"),
        pair(3, 5, "135 degrees"),
        (turns & 1 << 4 != 0).then(|| "straight back".to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    join_or(&words)
}

/// The first leg of a multi-leg term: "moves one square diagonally".
fn first_leg(m: &MoveTerm) -> String {
    let dirs = match m.atom.shape() {
        Shape::Oblique => oblique_phrase(&oblique_units(m.atom, &m.first)),
        Shape::Orthogonal | Shape::Diagonal => {
            let unit: Vec<(i8, i8)> = m
                .first
                .iter()
                .map(|&(x, y)| (x.signum(), y.signum()))
                .collect();
            if m.atom.shape() == Shape::Orthogonal {
                straight_phrase(&unit, &[])
            } else {
                straight_phrase(&[], &unit)
            }
        }
    };
    let sep = if dirs.is_empty() { "" } else { " " };
    format!("moves {}{sep}{dirs}", leg_distance(m.atom, m.range))
}

/// The atom of a later leg: a 45-degree turn swaps orthogonal and diagonal,
/// which keeps the length; only the length matters for the words.
fn later_leg(m: &MoveTerm, leg: &LaterLeg) -> String {
    format!(
        "{} {}",
        leg_distance(m.atom, leg.range),
        turn_phrase(leg.turns)
    )
}

fn multi_leg(m: &MoveTerm) -> String {
    let mut text = first_leg(m);
    let legs: Vec<String> = m.later.iter().map(|l| later_leg(m, l)).collect();
    // A locust capture: the leg that ends on an enemy piece and takes it.
    let taking = |l: crate::notation::Locust| {
        if l.may_be_empty {
            "to an empty square or onto an enemy piece, which it captures"
        } else {
            "onto an enemy piece, which it captures"
        }
    };
    if let [only] = legs.as_slice() {
        match m.locust {
            Some(l) => {
                text.push(' ');
                text.push_str(taking(l));
                text.push_str(", then ");
            }
            None => text.push_str(" to an empty square, then "),
        }
        text.push_str(only);
    } else {
        for (i, l) in legs.iter().enumerate() {
            if let Some(x) = m.locust.filter(|x| x.leg as usize == i) {
                text.push(' ');
                text.push_str(taking(x));
            }
            text.push_str(", then ");
            text.push_str(l);
        }
        text.push_str(if m.locust.is_some() {
            ", each other leg but the last ending on an empty square"
        } else {
            ", each leg but the last ending on an empty square"
        });
    }
    push_modes(&mut text, m.modes);
    if m.initial {
        text.push_str(", only from its initial squares");
    }
    text
}

/// Multi-leg terms told as one zig-zag: the same first leg of one step, then
/// `k` more single steps, each turned the same angle from the one before,
/// alternately right and left; for every `k` of a range, with the same
/// choice of first hands.
struct Family {
    members: Vec<usize>,
    text: String,
}

fn zigzag_families(moves: &[&MoveTerm]) -> Vec<Family> {
    // (index, later legs k, angle in eighths, first hand: bit 0 right, bit 1 left)
    let shape: Vec<Option<(usize, u8, u8)>> = moves.iter().map(|m| zigzag(m)).collect();
    let mut families = Vec::new();
    let mut used = vec![false; moves.len()];
    for i in 0..moves.len() {
        let Some((_, angle, _)) = shape[i] else {
            continue;
        };
        if used[i] {
            continue;
        }
        let key = |m: &MoveTerm| (m.atom, m.first.clone(), m.range, m.modes, m.initial);
        let members: Vec<usize> = (i..moves.len())
            .filter(|&j| {
                !used[j] && shape[j].is_some_and(|s| s.1 == angle) && key(moves[j]) == key(moves[i])
            })
            .collect();
        // Hands by length.
        let mut hands: Vec<(usize, u8)> = Vec::new();
        for &j in &members {
            let (k, _, h) = shape[j].expect("a zig-zag");
            match hands.iter_mut().find(|(kk, _)| *kk == k) {
                Some((_, hh)) => *hh |= h,
                None => hands.push((k, h)),
            }
        }
        hands.sort_unstable();
        let (lo, hi) = (hands[0].0, hands[hands.len() - 1].0);
        let same_hands = hands.iter().all(|h| h.1 == hands[0].1);
        let contiguous = hands.len() == hi - lo + 1;
        // Worth telling as a family: some term with two legs turned or more.
        if !(same_hands && contiguous && hi >= 2) {
            continue;
        }
        for &j in &members {
            used[j] = true;
        }
        let m = moves[i];
        let degrees = u32::from(angle) * 45;
        let hand = match hands[0].1 {
            0b11 => "alternately right and left, either first",
            0b01 => "right first, then alternately left and right",
            _ => "left first, then alternately right and left",
        };
        let count = if lo == hi {
            format!("{lo} more squares")
        } else {
            format!("{lo} to {hi} more squares")
        };
        let mut text = format!(
            "{}, then zig-zags on for {count}, each turned {degrees} degrees from the one before, \
             {hand}; every square but the last must be empty",
            first_leg(m)
        );
        push_modes(&mut text, m.modes);
        if m.initial {
            text.push_str(", only from its initial squares");
        }
        families.push(Family { members, text });
    }
    families
}

/// A term's zig-zag shape: (later legs, angle in eighths, hands), if its first
/// leg is one square and every later leg one square turned by the same angle
/// alternately right and left (a single later leg may turn either way).
fn zigzag(m: &MoveTerm) -> Option<(usize, u8, u8)> {
    if m.atom.a != 1 || m.range != 1 || m.lame || m.later.is_empty() || m.locust.is_some() {
        return None;
    }
    let first = m.later[0].turns;
    let angle = (1..4).find(|&e| first & (1 << e | 1 << (8 - e)) != 0)?;
    let (right, left) = (1u8 << angle, 1u8 << (8 - angle));
    if m.later.iter().any(|l| l.range != 1) {
        return None;
    }
    if m.later.len() == 1 {
        return match first {
            t if t == right | left => Some((1, angle, 0b11)),
            t if t == right => Some((1, angle, 0b01)),
            t if t == left => Some((1, angle, 0b10)),
            _ => None,
        };
    }
    let mut expect = if first == right {
        right
    } else if first == left {
        left
    } else {
        return None;
    };
    for l in &m.later {
        if l.turns != expect {
            return None;
        }
        expect = if expect == right { left } else { right };
    }
    Some((
        m.later.len(),
        angle,
        if first == right { 0b01 } else { 0b10 },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn d(betza: &str) -> String {
        describe_betza(betza).unwrap()
    }

    /// Every piece of a built-in variant, by name, with its description.
    fn pieces(variant: &str) -> Vec<(String, String)> {
        let v = Variant::by_name(variant).unwrap();
        v.pieces()
            .iter()
            .map(|p| (p.name.clone(), p.describe()))
            .collect()
    }

    fn of(variant: &str, name: &str) -> String {
        pieces(variant)
            .into_iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{variant} has no {name}"))
            .1
    }

    #[test]
    fn chess_and_capablanca() {
        assert_eq!(
            of("chess", "King"),
            "steps one square in any direction; castles: moves 2 squares sideways towards its castling partner, which then stands beside it on the side it came from"
        );
        assert_eq!(of("chess", "Queen"), "slides any distance in any direction");
        assert_eq!(of("chess", "Rook"), "slides any distance orthogonally");
        assert_eq!(of("chess", "Bishop"), "slides any distance diagonally");
        assert_eq!(of("chess", "Knight"), "leaps (2,1)");
        assert_eq!(
            of("chess", "Pawn"),
            "steps one square forward, without capturing; \
             steps one square diagonally forward, only capturing (also en passant); \
             moves 2 squares forward, not jumping: the square between must be empty, \
             without capturing, only from its initial squares"
        );
        assert_eq!(
            of("capablanca", "Chancellor"),
            "slides any distance orthogonally; leaps (2,1)"
        );
        assert_eq!(
            of("capablanca", "Archbishop"),
            "slides any distance diagonally; leaps (2,1)"
        );
        assert!(of("capablanca", "King").contains("moves 3 squares sideways"));
    }

    #[test]
    fn decimaka() {
        assert_eq!(
            of("decimaka", "Lion"),
            "steps one square in any direction; leaps (2,1); jumps 2 squares in any direction"
        );
        assert_eq!(
            of("decimaka", "Star"),
            "steps one square in any direction; jumps 2 or 3 squares in any direction"
        );
        assert_eq!(
            of("decimaka", "Trident"),
            "slides any distance forward, backward or diagonally forward"
        );
        assert_eq!(
            of("decimaka", "Nightrider"),
            "rides any number of (2,1) leaps in a straight line"
        );
        assert_eq!(
            of("decimaka", "Fiancee"),
            "steps one square in any direction"
        );
        assert_eq!(
            of("decimaka", "Y"),
            "steps one square backward or diagonally forward; \
             jumps 2 or 3 squares backward or diagonally forward"
        );
        assert_eq!(
            of("decimaka", "Cross"),
            "steps one square orthogonally; jumps 2 squares orthogonally"
        );
        assert_eq!(
            of("decimaka", "Tee"),
            "steps one square forward, backward or diagonally forward"
        );
        assert_eq!(
            of("decimaka", "Omni"),
            "steps one square orthogonally, without capturing; steps one square diagonally, only capturing"
        );
        assert_eq!(of("decimaka", "Queen"), of("chess", "Queen"));
        assert!(of("decimaka", "King").ends_with("moves 3 squares sideways towards its castling partner, which then stands beside it on the side it came from"));
        assert_eq!(of("decimaka", "Pawn"), of("chess", "Pawn"));
    }

    #[test]
    fn meiriqi() {
        assert_eq!(
            of("meiriqi", "King"),
            "steps one square in any direction; never leaves its region"
        );
        assert_eq!(
            of("meiriqi", "Mandarin"),
            "steps one square diagonally; never leaves its region"
        );
        assert_eq!(of("meiriqi", "Pegasus"), "leaps (3,2) or (4,1)");
        assert_eq!(
            of("meiriqi", "Gryphon"),
            "steps one square diagonally; moves one square diagonally to an empty square, \
             then any distance turned 45 degrees either way"
        );
        assert_eq!(
            of("meiriqi", "Eagle"),
            "steps one square in any direction; slides any distance backward or diagonally \
             forward; slides up to 2 squares diagonally backward"
        );
        assert_eq!(
            of("meiriqi", "Rhino"),
            "steps one square orthogonally; moves one square orthogonally, then zig-zags on \
             for 1 to 8 more squares, each turned 45 degrees from the one before, alternately \
             right and left, either first; every square but the last must be empty"
        );
        assert_eq!(of("meiriqi", "Wildebeest"), "leaps (2,1) or (3,1)");
        assert_eq!(
            of("meiriqi", "Gold"),
            "steps one square orthogonally or diagonally forward"
        );
        assert_eq!(
            of("meiriqi", "Silver"),
            "steps one square forward or diagonally"
        );
        assert_eq!(
            of("meiriqi", "Lion"),
            "jumps 2 squares in any direction; steps one square in any direction, only capturing"
        );
        assert_eq!(
            of("meiriqi", "Pawn"),
            "steps one square forward or sideways, without capturing; \
             steps one square diagonally forward, only capturing; \
             moves 2 squares forward, not jumping: the square between must be empty, \
             without capturing, only from its initial squares"
        );
        assert_eq!(
            of("meiriqi", "Janus"),
            "leaps (2,1); slides any distance diagonally"
        );
        assert_eq!(
            of("meiriqi", "Ogyo"),
            "slides any distance sideways; steps one square forward or backward"
        );
        assert_eq!(
            of("meiriqi", "Champion"),
            "steps one square orthogonally; jumps 2 squares in any direction"
        );
    }

    #[test]
    fn every_builtin_piece_is_described_in_words() {
        for name in Variant::builtin_names() {
            for (piece, text) in pieces(name) {
                assert!(
                    !text.is_empty() && !text.contains("Betza string"),
                    "{name} {piece}: {text}"
                );
                assert!(
                    text.is_ascii() && !text.contains("  "),
                    "{name} {piece}: {text}"
                );
            }
        }
    }

    #[test]
    fn directions() {
        assert_eq!(d("fB"), "slides any distance diagonally forward");
        assert_eq!(d("flF"), "steps one square diagonally forward-left");
        assert_eq!(d("lF"), "steps one square diagonally left");
        assert_eq!(d("bR"), "slides any distance backward");
        assert_eq!(d("sW"), "steps one square sideways");
        assert_eq!(d("vW"), "steps one square forward or backward");
        assert_eq!(d("fsW"), "steps one square forward or sideways");
        assert_eq!(d("lW"), "steps one square left");
        assert_eq!(d("fN"), "leaps (2,1) long side forward");
        assert_eq!(d("fsN"), "leaps (2,1) long side sideways and forward");
        assert_eq!(d("ffN"), "leaps (2,1) long side forward");
        assert_eq!(d("fNfsN"), "leaps (2,1) forward");
        assert_eq!(d("lfN"), "leaps (2,1) long side forward, to the left");
        assert_eq!(d("flN"), "leaps (2,1) long side left, forward");
        assert_eq!(d("fZ"), "leaps (3,2) long side forward");
        assert_eq!(d("fNfC"), "leaps (2,1) or (3,1) long side forward");
        assert_eq!(d("bN"), "leaps (2,1) long side backward");
        assert_eq!(d("bNbsN"), "leaps (2,1) backward");
        assert_eq!(
            d("lNrfN"),
            "leaps (2,1) long side left or long side forward, to the right"
        );
        assert_eq!(d("fFbrF"), "steps one square diagonally forward or right");
        assert_eq!(
            d("zB"),
            "slides any distance diagonally, zig-zagging: each step turns to the next direction round and the next back"
        );
        assert_eq!(
            d("qN"),
            "rides any number of (2,1) leaps, round a circle: each step turns to the next direction, the same way round"
        );
        assert_eq!(
            d("oR"),
            "slides any distance orthogonally, the files wrapping around (from the last to the first)"
        );
        assert_eq!(
            d("cafmW"),
            "moves one square orthogonally onto an enemy piece, which it captures, then one square straight on, without capturing"
        );
        assert_eq!(
            d("gQ"),
            "slides any distance in any direction as a grasshopper: over the first piece in the way, landing just beyond it"
        );
        assert_eq!(
            d("mRcpR"),
            "slides any distance orthogonally, without capturing; slides any distance orthogonally, over exactly one piece of either side on the way (a hopper), only capturing"
        );
        assert_eq!(
            d("flFbrF"),
            "steps one square diagonally forward-left or backward-right"
        );
        assert_eq!(d("fWbW"), "steps one square forward or backward");
    }

    #[test]
    fn ranges_riders_modes_lame_and_initial() {
        assert_eq!(d("R4"), "slides up to 4 squares orthogonally");
        assert_eq!(d("WW"), "slides any distance orthogonally");
        assert_eq!(
            d("DD"),
            "rides any number of (2,0) leaps in a straight line"
        );
        assert_eq!(d("N3"), "rides up to 3 (2,1) leaps in a straight line");
        assert_eq!(
            d("fNN"),
            "rides any number of (2,1) leaps in a straight line, long side forward"
        );
        assert_eq!(
            d("mR"),
            "slides any distance orthogonally, without capturing"
        );
        assert_eq!(d("cB"), "slides any distance diagonally, only capturing");
        assert_eq!(
            d("eF"),
            "steps one square diagonally, only capturing en passant"
        );
        assert_eq!(
            d("meF"),
            "steps one square diagonally, without capturing, or capturing en passant"
        );
        assert_eq!(
            d("mceF"),
            "steps one square diagonally (also capturing en passant)"
        );
        assert_eq!(
            d("nA"),
            "moves 2 squares diagonally, not jumping: the square between must be empty"
        );
        assert_eq!(
            d("nH"),
            "moves 3 squares orthogonally, not jumping: the squares between must be empty"
        );
        assert_eq!(
            d("nN"),
            "moves (2,1) without jumping: first one square straight, then one square diagonally outwards"
        );
        assert_eq!(
            d("nC"),
            "moves (3,1) without jumping: first 2 squares straight, then one square diagonally outwards"
        );
        assert_eq!(
            d("iW"),
            "steps one square orthogonally, only from its initial squares"
        );
        // Different modes or conditions are not merged.
        assert_eq!(
            d("mWcF"),
            "steps one square orthogonally, without capturing; steps one square diagonally, only capturing"
        );
        assert_eq!(
            d("DiA"),
            "jumps 2 squares orthogonally; jumps 2 squares diagonally, only from its initial squares"
        );
        // A step and a jump in the same directions stay apart; jumps of two
        // lengths in the same directions merge; a repeated term is told once.
        assert_eq!(
            d("WD"),
            "steps one square orthogonally; jumps 2 squares orthogonally"
        );
        assert_eq!(d("DHD"), "jumps 2 or 3 squares orthogonally");
        assert_eq!(d("(5,0)"), "jumps 5 squares orthogonally");
        assert_eq!(
            d("(3,3)(0,4)"),
            "jumps 3 squares diagonally; jumps 4 squares orthogonally"
        );
    }

    #[test]
    fn multi_leg_moves() {
        assert_eq!(
            d("afW"),
            "moves one square orthogonally to an empty square, then one square straight on"
        );
        assert_eq!(
            d("aW"),
            "moves one square orthogonally to an empty square, then one square straight on or turned 90 degrees"
        );
        assert_eq!(
            d("fasW"),
            "moves one square forward to an empty square, then one square turned 90 degrees either way"
        );
        assert_eq!(
            d("FyafsF"),
            "steps one square diagonally; moves one square diagonally to an empty square, \
             then any distance turned 45 degrees either way"
        );
        assert_eq!(
            d("RyaW"),
            "slides any distance orthogonally; moves one square orthogonally to an empty square, \
             then any distance straight on or turned 90 degrees"
        );
        assert_eq!(
            d("yaR"),
            "moves any distance orthogonally to an empty square, then one square straight on or turned 90 degrees"
        );
        assert_eq!(
            d("abW"),
            "moves one square orthogonally to an empty square, then one square straight back"
        );
        assert_eq!(
            d("afrafcW"),
            "moves one square orthogonally, then one square turned 45 degrees right, \
             then one square straight on, each leg but the last ending on an empty square, \
             only capturing"
        );
        assert_eq!(
            d("afraflcW"),
            "moves one square orthogonally, then zig-zags on for 2 more squares, each turned \
             45 degrees from the one before, right first, then alternately left and right; every \
             square but the last must be empty, only capturing"
        );
        assert_eq!(
            d("afN"),
            "moves one (2,1) leap to an empty square, then one (2,1) leap straight on"
        );
        assert_eq!(
            d("abrW"),
            "moves one square orthogonally to an empty square, then one square turned 135 degrees right"
        );
        // A zig-zag of one hand, and one that is not every length.
        assert_eq!(
            d("WafrWafraflW"),
            "steps one square orthogonally; moves one square orthogonally, then zig-zags on for \
             1 to 2 more squares, each turned 45 degrees from the one before, right first, then \
             alternately left and right; every square but the last must be empty"
        );
        assert_eq!(
            d("WasWafraflafrW"),
            "steps one square orthogonally; moves one square orthogonally to an empty square, \
             then one square turned 90 degrees either way; moves one square orthogonally, then \
             zig-zags on for 3 more squares, each turned 45 degrees from the one before, right \
             first, then alternately left and right; every square but the last must be empty"
        );
        assert_eq!(
            d("WafrWafrafrafrW"),
            "steps one square orthogonally; moves one square orthogonally to an empty square, \
             then one square turned 45 degrees right; moves one square orthogonally, then one \
             square turned 45 degrees right, then one square turned 45 degrees right, then one \
             square turned 45 degrees right, each leg but the last ending on an empty square"
        );
        // Both hands at every length, as the Rhino.
        assert_eq!(
            d("afsWafraflWaflafrW"),
            "moves one square orthogonally, then zig-zags on for 1 to 2 more squares, each turned \
             45 degrees from the one before, alternately right and left, either first; every \
             square but the last must be empty"
        );
    }

    #[test]
    fn castling_told_from_the_variant() {
        let v = |n| Variant::by_name(n).unwrap();
        let king = |n| v(n).describe_piece(v(n).royal()).unwrap();
        assert_eq!(
            king("decimaka"),
            "steps one square in any direction; castles: moves 3 squares sideways towards \
             a Rook, which then stands beside it on the side it came from"
        );
        // Janus: the Betza string has no O; the variant castles 4 and 3.
        assert_eq!(v("janus").pieces()[v("janus").royal().index()].betza, "K");
        assert_eq!(
            king("janus"),
            "steps one square in any direction; castles: moves 4 squares towards a Rook on \
             file j or 3 towards one on file a, which then stands beside it on the side it came from"
        );
        // No castling in the variant: none told.
        assert_eq!(
            king("meiriqi"),
            "steps one square in any direction; never leaves its region"
        );
        assert_eq!(king("shatranj"), "steps one square in any direction");
        let chess = v("chess");
        for (i, p) in chess.pieces().iter().enumerate().skip(1) {
            assert_eq!(chess.describe_piece(Role(i as u8)).unwrap(), p.describe());
        }
        assert!(chess.describe_piece(Role(99)).is_none());
    }

    #[test]
    fn castling() {
        assert_eq!(
            d("KisO3"),
            "steps one square in any direction; castles: moves 3 squares sideways towards its \
             castling partner, which then stands beside it on the side it came from"
        );
    }

    #[cfg(feature = "capi")]
    #[test]
    fn the_c_api_gives_the_same_words() {
        use crate::capi::{BetzaStatus, betza_variant_by_name, betza_variant_piece_description};
        use std::ffi::{CStr, c_char};
        let v = Variant::by_name("meiriqi").unwrap();
        let mut handle = std::ptr::null();
        // SAFETY: valid pointers; a buffer of the reported size.
        unsafe {
            assert_eq!(
                betza_variant_by_name(c"meiriqi".as_ptr(), &mut handle),
                BetzaStatus::BETZA_OK
            );
            for i in 0..v.pieces().len() {
                let mut len = 0;
                let status = betza_variant_piece_description(
                    handle,
                    i as u32,
                    std::ptr::null_mut(),
                    0,
                    &mut len,
                );
                // A size query (NULL, 0) is no failure.
                assert_eq!(status, BetzaStatus::BETZA_OK);
                let mut buf = vec![0 as c_char; len + 1];
                let status = betza_variant_piece_description(
                    handle,
                    i as u32,
                    buf.as_mut_ptr(),
                    buf.len(),
                    &mut len,
                );
                assert_eq!(status, BetzaStatus::BETZA_OK);
                let text = CStr::from_ptr(buf.as_ptr()).to_str().unwrap();
                assert_eq!(
                    Some(text.to_string()),
                    v.describe_piece(crate::Role(i as u8))
                );
            }
            let n = v.pieces().len() as u32;
            let mut len = 0usize;
            let status =
                betza_variant_piece_description(handle, n, std::ptr::null_mut(), 0, &mut len);
            assert_eq!(status, BetzaStatus::BETZA_INVALID_ARGUMENT);
            let status = betza_variant_piece_description(
                handle,
                0,
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
            );
            assert_eq!(status, BetzaStatus::BETZA_NULL_ARGUMENT);
            let status = betza_variant_piece_description(
                std::ptr::null(),
                0,
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
            );
            assert_eq!(status, BetzaStatus::BETZA_NULL_ARGUMENT);
        }
    }
}
