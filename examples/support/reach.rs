//! Where a piece type goes from a central square of an otherwise empty board,
//! found by asking the library's own move generation (so it is exactly the
//! rules, for any variant): the `show` command of the terminal game.
//!
//! A position needs both royal pieces, which can stand in the way; the reach
//! is the union over a few placements of them far from the centre. A square
//! is a move target if the piece can go there while it is empty, a capture
//! target if it can take an enemy piece standing there, and a jump if no
//! single piece placed anywhere else stops it.

use betza::{Board, BoardVariant, Color, Role, Square};

use super::engine::{Values, fen_of};

/// What a piece can do on one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// Moves there when it is empty.
    pub quiet: bool,
    /// Captures an enemy piece there.
    pub capture: bool,
    /// Gets there whatever stands on any one other square.
    pub jump: bool,
}

impl Mark {
    /// The letter drawn for it: `o` moves or captures, `m` moves only, `x`
    /// captures only; capitals for jumps. `None` for a square not reached.
    pub fn letter(self) -> Option<char> {
        let c = match (self.quiet, self.capture) {
            (true, true) => 'o',
            (true, false) => 'm',
            (false, true) => 'x',
            (false, false) => return None,
        };
        Some(if self.jump { c.to_ascii_uppercase() } else { c })
    }
}

/// A piece type's reach from one square.
#[derive(Clone, Debug)]
pub struct Reach {
    /// Where the piece (White's) stands.
    pub from: Square,
    /// What it does on each square, by square index.
    pub marks: Vec<Mark>,
}

/// The most placements of the two royal pieces tried.
const PLACEMENTS: usize = 3;

/// The reach of White's piece of type `role`, from the square nearest the
/// centre where it may stand; `None` if no position with it (and the two
/// royal pieces) is accepted. `values` orders the types used as victims and
/// blockers, weakest first, so that they seldom give check.
pub fn reach<B: Board>(variant: &BoardVariant<B>, role: Role, values: &Values) -> Option<Reach> {
    let size = variant.size();
    let royal = variant.royal();
    let token = |r: Role, c: Color| variant.piece(r).token.fen(c);
    let squares: Vec<Square> = (0..size.squares()).map(|s| Square(s as u16)).collect();
    let (cx, cy) = (
        (f64::from(size.files()) - 1.0) / 2.0,
        (f64::from(size.ranks()) - 1.0) / 2.0,
    );
    let dist = |s: &Square| {
        let (x, y) = (f64::from(size.file(*s)) - cx, f64::from(size.rank(*s)) - cy);
        x * x + y * y
    };
    let mut near = squares.clone();
    near.sort_by(|a, b| dist(a).total_cmp(&dist(b)));
    let mut far = near.clone();
    far.reverse();

    // Victims and blockers: the other types, weakest first.
    let mut others: Vec<Role> = (0..variant.pieces().len())
        .map(|i| Role(i as u8))
        .filter(|&r| r != royal)
        .collect();
    others.sort_by_key(|&r| values.of(r));

    let position = |pieces: &[(Square, String)]| {
        let refs: Vec<(Square, &str)> = pieces.iter().map(|(s, t)| (*s, t.as_str())).collect();
        variant.from_fen(&fen_of(variant, &refs)).ok()
    };
    // The pieces of a placement: the piece itself and the royal pieces (the
    // piece is White's royal one when it is royal).
    // A variant without royal pieces (antichess) gets none.
    let has_royal = royal.index() < variant.pieces().len();
    let base = |from: Square, wk: Option<Square>, bk: Square| {
        let mut p = vec![(from, token(role, Color::White))];
        if has_royal {
            p.push((bk, token(royal, Color::Black)));
        }
        if let Some(w) = wk {
            p.push((w, token(royal, Color::White)));
        }
        p
    };
    // A piece on a square that wins for its side (king of the hill's
    // centre) ends the game at once: no such placement shows moves.
    let def = variant.definition();
    let wins_on = |r: Role, c: Color, sq: Square| {
        def.rules.region_win.iter().any(|w| {
            def.pieces
                .get(r.index())
                .is_some_and(|p| w.piece == p.token)
                && w.region.of(c).contains(sq)
        })
    };
    near.retain(|&sq| !wins_on(role, Color::White, sq));
    far.retain(|&sq| !wins_on(royal, Color::Black, sq) && !wins_on(royal, Color::White, sq));
    let is_royal = role == royal;
    let mut placements: Vec<(Square, Option<Square>, Square)> = Vec::new();
    'from: for &from in &near {
        let mut used: Vec<Square> = vec![from];
        for _ in 0..PLACEMENTS {
            let found = far.iter().filter(|s| !used.contains(s)).find_map(|&bk| {
                // A side without royal pieces (horde's White) gets none.
                if is_royal || !has_royal || def.rules.kingless.of(Color::White) {
                    return position(&base(from, None, bk)).map(|_| (None, bk));
                }
                far.iter()
                    .filter(|s| !used.contains(s) && **s != bk)
                    .find(|&&wk| position(&base(from, Some(wk), bk)).is_some())
                    .map(|&wk| (Some(wk), bk))
            });
            let Some((wk, bk)) = found else { break };
            used.push(bk);
            used.extend(wk);
            placements.push((from, wk, bk));
        }
        if !placements.is_empty() {
            break 'from;
        }
    }
    let &(from, _, _) = placements.first()?;

    // With the royal pieces alone the game may be over already (Chu Shogi's
    // bare King): then Black keeps one more piece, as far from the piece as
    // can be, so that White has moves to show.
    let with_spare = |mut pieces: Vec<(Square, String)>| {
        if position(&pieces).is_none_or(|p| !p.legal_moves().is_empty()) {
            return pieces;
        }
        let mut spots: Vec<Square> = squares.clone();
        let from_dist = |s: &Square| {
            let (dx, dy) = (
                size.file(*s).abs_diff(size.file(from)),
                size.rank(*s).abs_diff(size.rank(from)),
            );
            dx * dx + dy * dy
        };
        spots.sort_by_key(|s| std::cmp::Reverse(from_dist(s)));
        let spare = spots
            .iter()
            .filter(|s| !pieces.iter().any(|(p, _)| p == *s))
            .find_map(|&s| {
                others.iter().find_map(|&r| {
                    let mut all = pieces.clone();
                    all.push((s, token(r, Color::Black)));
                    position(&all)
                        .is_some_and(|p| !p.legal_moves().is_empty())
                        .then(|| (s, token(r, Color::Black)))
                })
            });
        pieces.extend(spare);
        pieces
    };
    let mut marks = vec![Mark::default(); size.squares()];
    for &(_, wk, bk) in &placements {
        let pieces = with_spare(base(from, wk, bk));
        let taken = |s: Square| pieces.iter().any(|(p, _)| *p == s);
        let Some(empty) = position(&pieces) else {
            continue;
        };
        // With a piece of `extra` on some squares: does the piece reach `to`?
        let reaches = |extra: &[(Square, String)], to: Square, capture: bool| {
            let mut all = pieces.clone();
            all.extend(extra.iter().cloned());
            position(&all).map(|pos| {
                pos.moves_between(from, to)
                    .iter()
                    .any(|m| m.is_capture() == capture)
            })
        };
        let victim = |to: Square| {
            others
                .iter()
                .map(|&r| vec![(to, token(r, Color::Black))])
                .find(|v| reaches(v, to, true) == Some(true))
        };
        for &to in &squares {
            if taken(to) {
                continue;
            }
            let quiet = empty
                .moves_between(from, to)
                .iter()
                .any(|m| !m.is_capture());
            let victim = victim(to);
            let capture = victim
                .as_ref()
                .is_some_and(|v| reaches(v, to, true) == Some(true));
            if !quiet && !capture {
                continue;
            }
            let mark = &mut marks[to.index()];
            mark.quiet |= quiet;
            mark.capture |= capture;
            // A jump: no single white piece on another square stops it.
            let step = size.file(to).abs_diff(size.file(from)) <= 1
                && size.rank(to).abs_diff(size.rank(from)) <= 1;
            if step || mark.jump {
                continue;
            }
            let target: Vec<(Square, String)> = if quiet {
                Vec::new()
            } else {
                victim.clone().unwrap_or_default()
            };
            let stopped = squares.iter().filter(|&&s| s != to && !taken(s)).any(|&s| {
                others.iter().find_map(|&r| {
                    let mut extra = target.clone();
                    extra.push((s, token(r, Color::White)));
                    reaches(&extra, to, !quiet)
                }) == Some(false)
            });
            mark.jump = !stopped;
        }
    }
    Some(Reach { from, marks })
}
