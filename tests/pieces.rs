//! Move sets of every piece type of Decimaka and Meiriqi.
//!
//! Each case sets up an otherwise empty board (the two Kings placed out of the
//! way, plus any blockers or targets the case is about) and compares the
//! squares the tested piece may move to with a list worked out by hand from
//! `RULES.md` and `NOTATION.md`. The expected lists are literals: nothing here
//! asks the library what a piece "should" do.
//!
//! Positions are chosen so that the side to move is not in check and the
//! tested piece is not pinned (in Meiriqi the Kings never share a file unless
//! a case is about facing Kings), so the legal moves are the piece's move set.
//! Targets are compared as square sets, since a move that may promote appears
//! twice in the move list.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::panic::Location;

use betza::{Color, Position, Variant};

/// (file, rank) of a square name, both from 0.
fn coords(square: &str) -> (usize, usize) {
    let bytes = square.as_bytes();
    let file = usize::from(bytes[0] - b'a');
    let rank: usize = square[1..].parse().expect("rank number");
    assert!(
        file < 10 && (1..=10).contains(&rank),
        "square {square} is off the 10x10 board"
    );
    (file, rank - 1)
}

/// The FEN placement field of a 10x10 board holding `pieces` (token, square).
fn placement(pieces: &[(&str, &str)]) -> String {
    let mut grid: [[Option<&str>; 10]; 10] = [[None; 10]; 10];
    for &(token, square) in pieces {
        let (f, r) = coords(square);
        assert!(grid[r][f].is_none(), "two pieces placed on {square}");
        grid[r][f] = Some(token);
    }
    let mut out = String::new();
    for r in (0..10).rev() {
        let mut empty = 0;
        for cell in grid[r] {
            match cell {
                Some(token) => {
                    if empty > 0 {
                        write!(out, "{empty}").unwrap();
                        empty = 0;
                    }
                    out.push_str(token);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}").unwrap();
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// A full FEN: `pieces` placed, `side` to move, no castling, no en passant.
fn board(pieces: &[(&str, &str)], side: char) -> String {
    format!("{} {side} - - 0 1", placement(pieces))
}

/// The squares the piece on `from` may legally move to, by name.
fn targets(pos: &Position, from: &str) -> BTreeSet<String> {
    let size = pos.size();
    let sq = size.parse_square(from).expect("square name");
    pos.legal_targets(sq).map(|t| size.square_name(t)).collect()
}

/// Runs many cases and reports every failing one (not only the first).
struct Check {
    variant: &'static Variant,
    failures: Vec<String>,
}

impl Check {
    fn new(name: &str) -> Check {
        Check {
            variant: Variant::by_name(name).expect("built-in variant"),
            failures: Vec::new(),
        }
    }

    /// `pieces` on an otherwise empty board, `side` to move: the piece on
    /// `from` (which must be one of `pieces`) moves exactly to `expected`.
    #[track_caller]
    fn on(&mut self, pieces: &[(&str, &str)], side: char, from: &str, expected: &[&str]) {
        let token = pieces
            .iter()
            .find(|&&(_, sq)| sq == from)
            .map(|&(token, _)| token)
            .unwrap_or_else(|| panic!("test bug: no piece placed on {from}"));
        let fen = board(pieces, side);
        let Some(pos) = self.parse(&fen) else { return };
        // Guard against typos in the set-up: the piece is the intended one.
        let piece = pos
            .piece_at(pos.size().parse_square(from).unwrap())
            .expect("placed piece");
        let want_color = if token.chars().any(|c| c.is_ascii_lowercase()) {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            self.variant.piece(piece.role).token,
            token.to_ascii_uppercase(),
            "test bug: token on {from}"
        );
        assert_eq!(piece.color, want_color, "test bug: color on {from}");
        self.compare(&pos, &fen, from, expected);
    }

    /// Like [`Check::on`] for a FEN written out in full.
    #[track_caller]
    fn fen(&mut self, fen: &str, from: &str, expected: &[&str]) {
        if let Some(pos) = self.parse(fen) {
            self.compare(&pos, fen, from, expected);
        }
    }

    #[track_caller]
    fn parse(&mut self, fen: &str) -> Option<Position<'static>> {
        match Position::from_fen(self.variant, fen) {
            Ok(pos) => Some(pos),
            Err(e) => {
                let at = Location::caller();
                self.failures
                    .push(format!("{at}: FEN {fen:?} refused: {e}"));
                None
            }
        }
    }

    #[track_caller]
    fn compare(&mut self, pos: &Position, label: &str, from: &str, expected: &[&str]) {
        let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            want.len(),
            expected.len(),
            "test bug: duplicate square in the expected list for {from}"
        );
        for s in expected {
            coords(s);
        }
        let sq = pos.size().parse_square(from).expect("square name");
        let piece = pos
            .piece_at(sq)
            .unwrap_or_else(|| panic!("test bug: {from} is empty in {label}"));
        assert_eq!(
            piece.color,
            pos.side_to_move(),
            "test bug: the piece on {from} is not the side to move's"
        );
        assert!(
            !pos.is_check(),
            "test bug: the side to move is in check in {label}"
        );
        let got = targets(pos, from);
        if got != want {
            let missing: Vec<&String> = want.difference(&got).collect();
            let extra: Vec<&String> = got.difference(&want).collect();
            let at = Location::caller();
            let name = &self.variant.piece(piece.role).name;
            self.failures.push(format!(
                "{at}: {variant} {name} on {from} in {label}\n    missing: {missing:?}\n    extra:   {extra:?}\n    got:     {got:?}",
                variant = self.variant.name(),
            ));
        }
    }
}

impl Drop for Check {
    fn drop(&mut self) {
        if !self.failures.is_empty() && !std::thread::panicking() {
            panic!(
                "{} case(s) failed:\n{}",
                self.failures.len(),
                self.failures.join("\n")
            );
        }
    }
}

/// The piece types each variant has, by FEN token: every one has a test below.
#[test]
fn every_piece_type_is_covered() {
    let decimaka: BTreeSet<&str> = [
        "K", "+F", "L", "S", "+T", "+N", "R", "B", "N", "F", "Y", "C", "T", "+P", "P",
    ]
    .into_iter()
    .collect();
    let meiriqi: BTreeSet<&str> = [
        "K", "M", "F", "Y", "E", "H", "W", "N", "G", "S", "L", "P", "J", "R", "O", "Q", "C",
    ]
    .into_iter()
    .collect();
    for (name, tested) in [("decimaka", decimaka), ("meiriqi", meiriqi)] {
        let v = Variant::by_name(name).unwrap();
        let have: BTreeSet<&str> = v.pieces().iter().map(|p| p.token.as_str()).collect();
        assert_eq!(have, tested, "{name}: piece types");
    }
}

// ---------------------------------------------------------------------------
// Decimaka. Default Kings: White j1, Black a10.
// ---------------------------------------------------------------------------

#[test]
fn decimaka_king() {
    let mut c = Check::new("decimaka");
    c.on(&[("K", "a1"), ("k", "j10")], 'w', "a1", &["a2", "b1", "b2"]);
    c.on(
        &[("K", "e5"), ("k", "a10")],
        'w',
        "e5",
        &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"],
    );
    c.on(
        &[("K", "j5"), ("k", "a10")],
        'w',
        "j5",
        &["i4", "i5", "i6", "j4", "j6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10")],
        'b',
        "a10",
        &["a9", "b9", "b10"],
    );
    // Not next to the enemy King (d6 e6 f6 touch e7).
    c.on(
        &[("K", "e5"), ("k", "e7")],
        'w',
        "e5",
        &["d4", "d5", "e4", "f4", "f5"],
    );
    // Castling: the King moves three squares, f1->i1 / f1->c1, e10->h10 / e10->b10.
    c.fen(
        "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        "f1",
        &["c1", "e1", "e2", "f2", "g1", "g2", "i1"],
    );
    c.fen(
        "r3k4r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1",
        "e10",
        &["b10", "d10", "d9", "e9", "f9", "f10", "h10"],
    );
    // Without castling rights only the King steps.
    c.fen(
        "r3k4r/10/10/10/10/10/10/10/10/R4K3R w - - 0 1",
        "f1",
        &["e1", "e2", "f2", "g1", "g2"],
    );
}

#[test]
fn decimaka_queen() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "h4"), ("k", "c8"), ("+F", "a1")],
        'w',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b1", "c1", "d1", "e1", "f1",
            "g1", "h1", "i1", "j1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+F", "e5")],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
            "e7", "e8", "e9", "e10", "a1", "b2", "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9",
            "b8", "c7", "d6", "f4", "g3", "h2", "i1",
        ],
    );
    // Black Queen, same shape.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+f", "e5")],
        'b',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
            "e7", "e8", "e9", "e10", "a1", "b2", "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9",
            "b8", "c7", "d6", "f4", "g3", "h2", "i1",
        ],
    );
    // Blocked by an own Pawn on e7, stopped by capturing the Bishop on h5.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("+F", "e5"),
            ("P", "e7"),
            ("b", "h5"),
        ],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "e1", "e2", "e3", "e4", "e6", "a1", "b2",
            "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9", "b8", "c7", "d6", "f4", "g3", "h2",
            "i1",
        ],
    );
}

#[test]
fn decimaka_rook() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "h4"), ("k", "c8"), ("R", "a1")],
        'w',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b1", "c1", "d1", "e1", "f1",
            "g1", "h1", "i1", "j1",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("R", "e5")],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
            "e7", "e8", "e9", "e10",
        ],
    );
    // Own Pawn d7 and own Knight b4 block; enemy Bishop d2 and Knight g4 are captured.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("R", "d4"),
            ("P", "d7"),
            ("N", "b4"),
            ("b", "d2"),
            ("n", "g4"),
        ],
        'w',
        "d4",
        &["c4", "d2", "d3", "d5", "d6", "e4", "f4", "g4"],
    );
}

#[test]
fn decimaka_bishop() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("B", "e5")],
        'w',
        "e5",
        &[
            "a1", "b2", "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9", "b8", "c7", "d6", "f4",
            "g3", "h2", "i1",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("B", "a1")],
        'w',
        "a1",
        &["b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("B", "j4")],
        'w',
        "j4",
        &["i3", "h2", "g1", "i5", "h6", "g7", "f8", "e9", "d10"],
    );
    // Own Pawn f6 and own King e1 block, enemy Knight b4 is captured.
    c.on(
        &[
            ("K", "e1"),
            ("k", "j10"),
            ("B", "c3"),
            ("P", "f6"),
            ("n", "b4"),
        ],
        'w',
        "c3",
        &["a1", "b2", "b4", "d2", "d4", "e5"],
    );
}

#[test]
fn decimaka_knight() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("N", "e5")],
        'w',
        "e5",
        &["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("N", "a1")],
        'w',
        "a1",
        &["b3", "c2"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("N", "j5")],
        'w',
        "j5",
        &["h4", "h6", "i3", "i7"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("N", "b2")],
        'w',
        "b2",
        &["a4", "c4", "d1", "d3"],
    );
    // Leaps over a ring of own pieces.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("N", "e5"),
            ("P", "d4"),
            ("P", "d5"),
            ("P", "d6"),
            ("P", "e4"),
            ("P", "e6"),
            ("P", "f4"),
            ("P", "f5"),
            ("P", "f6"),
        ],
        'w',
        "e5",
        &["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"],
    );
}

#[test]
fn decimaka_nightrider() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+N", "b2")],
        'w',
        "b2",
        &["a4", "c4", "d6", "e8", "f10", "d3", "f4", "h5", "j6", "d1"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+N", "e5")],
        'w',
        "e5",
        &[
            "f7", "g9", "g6", "i7", "g4", "i3", "f3", "g1", "d3", "c1", "c4", "a3", "c6", "a7",
            "d7", "c9",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+N", "a1")],
        'w',
        "a1",
        &["b3", "c5", "d7", "e9", "c2", "e3", "g4", "i5"],
    );
    // Own Pawn g6 stops the (2,1) ray (no i7); the enemy Rook f3 is captured (no g1);
    // own Pawns on e6 and f6 are not on any landing square and do not matter.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("+N", "e5"),
            ("P", "g6"),
            ("P", "e6"),
            ("P", "f6"),
            ("r", "f3"),
        ],
        'w',
        "e5",
        &[
            "f7", "g9", "g4", "i3", "f3", "d3", "c1", "c4", "a3", "c6", "a7", "d7", "c9",
        ],
    );
}

#[test]
fn decimaka_fiancee() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("F", "e5")],
        'w',
        "e5",
        &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("F", "a1")],
        'w',
        "a1",
        &["a2", "b1", "b2"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("F", "j5")],
        'w',
        "j5",
        &["i4", "i5", "i6", "j4", "j6"],
    );
}

#[test]
fn decimaka_lion() {
    let mut c = Check::new("decimaka");
    // KNAD: every square within two steps.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("L", "e5")],
        'w',
        "e5",
        &[
            "c3", "c4", "c5", "c6", "c7", "d3", "d4", "d5", "d6", "d7", "e3", "e4", "e6", "e7",
            "f3", "f4", "f5", "f6", "f7", "g3", "g4", "g5", "g6", "g7",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("L", "a1")],
        'w',
        "a1",
        &["a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("L", "j5")],
        'w',
        "j5",
        &[
            "h3", "h4", "h5", "h6", "h7", "i3", "i4", "i5", "i6", "i7", "j3", "j4", "j6", "j7",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("L", "b2")],
        'w',
        "b2",
        &[
            "a1", "a2", "a3", "a4", "b1", "b3", "b4", "c1", "c2", "c3", "c4", "d1", "d2", "d3",
            "d4",
        ],
    );
    // Leaps over a ring of own pieces.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("L", "e5"),
            ("P", "d4"),
            ("P", "d5"),
            ("P", "d6"),
            ("P", "e4"),
            ("P", "e6"),
            ("P", "f4"),
            ("P", "f5"),
            ("P", "f6"),
        ],
        'w',
        "e5",
        &[
            "c3", "c4", "c5", "c6", "c7", "d3", "d7", "e3", "e7", "f3", "f7", "g3", "g4", "g5",
            "g6", "g7",
        ],
    );
}

#[test]
fn decimaka_star() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("S", "b2")],
        'w',
        "b2",
        &[
            "a1", "a2", "a3", "b1", "b3", "b4", "b5", "c1", "c2", "c3", "d2", "d4", "e2", "e5",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("S", "e5")],
        'w',
        "e5",
        &[
            "e6", "e7", "e8", "e4", "e3", "e2", "f5", "g5", "h5", "d5", "c5", "b5", "f6", "g7",
            "h8", "d4", "c3", "b2", "f4", "g3", "h2", "d6", "c7", "b8",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("S", "a1")],
        'w',
        "a1",
        &["a2", "a3", "a4", "b1", "c1", "d1", "b2", "c3", "d4"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("S", "j5")],
        'w',
        "j5",
        &[
            "j6", "j7", "j8", "j4", "j3", "j2", "i5", "h5", "g5", "i6", "h7", "g8", "i4", "h3",
            "g2",
        ],
    );
    // Leaps over a ring of own pieces; captures the Pawn on e7; own Pawn g7 is
    // not a target but h8 behind it is.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("S", "e5"),
            ("P", "d4"),
            ("P", "d5"),
            ("P", "d6"),
            ("P", "e4"),
            ("P", "e6"),
            ("P", "f4"),
            ("P", "f5"),
            ("P", "f6"),
            ("P", "g7"),
            ("p", "e7"),
        ],
        'w',
        "e5",
        &[
            "e7", "e8", "e3", "e2", "g5", "h5", "c5", "b5", "h8", "c3", "b2", "g3", "h2", "c7",
            "b8",
        ],
    );
}

#[test]
fn decimaka_y() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("Y", "e5")],
        'w',
        "e5",
        &["e4", "e3", "e2", "f6", "g7", "h8", "d6", "c7", "b8"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("Y", "a1")],
        'w',
        "a1",
        &["b2", "c3", "d4"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("Y", "e2")],
        'w',
        "e2",
        &["e1", "f3", "g4", "h5", "d3", "c4", "b5"],
    );
    // Black: backward is towards rank 10, forward towards rank 1.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("y", "e5")],
        'b',
        "e5",
        &["e6", "e7", "e8", "d4", "c3", "b2", "f4", "g3", "h2"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("y", "j10")],
        'b',
        "j10",
        &["i9", "h8", "g7"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("y", "e9")],
        'b',
        "e9",
        &["e10", "d8", "c7", "b6", "f8", "g7", "h6"],
    );
    // Leaps: over the own Pawn e4 to capture e3 and reach e2; over own f6 to capture g7 and reach h8.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("Y", "e5"),
            ("P", "e4"),
            ("P", "f6"),
            ("p", "e3"),
            ("p", "g7"),
        ],
        'w',
        "e5",
        &["b8", "c7", "d6", "e2", "e3", "g7", "h8"],
    );
}

#[test]
fn decimaka_cross() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("C", "b2")],
        'w',
        "b2",
        &["a2", "b1", "b3", "b4", "c2", "d2"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("C", "e5")],
        'w',
        "e5",
        &["e6", "e7", "e4", "e3", "d5", "c5", "f5", "g5"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("C", "a1")],
        'w',
        "a1",
        &["a2", "a3", "b1", "c1"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("C", "j5")],
        'w',
        "j5",
        &["j6", "j7", "j4", "j3", "i5", "h5"],
    );
    // Leaps over the own Pawns e6 and d5 (capturing the Knight on e7, reaching c5).
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("C", "e5"),
            ("P", "e6"),
            ("P", "d5"),
            ("n", "e7"),
        ],
        'w',
        "e5",
        &["e7", "e4", "e3", "c5", "f5", "g5"],
    );
}

#[test]
fn decimaka_tee() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("T", "e5")],
        'w',
        "e5",
        &["e6", "e4", "d6", "f6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("T", "a1")],
        'w',
        "a1",
        &["a2", "b2"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("T", "j10")],
        'w',
        "j10",
        &["j9"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("t", "e5")],
        'b',
        "e5",
        &["e4", "e6", "d4", "f4"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("t", "j10")],
        'b',
        "j10",
        &["j9", "i9"],
    );
}

#[test]
fn decimaka_trident() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+T", "e5")],
        'w',
        "e5",
        &[
            "e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "e10", "f6", "g7", "h8", "i9", "j10",
            "d6", "c7", "b8", "a9",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "f10"), ("+T", "a1")],
        'w',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b2", "c3", "d4", "e5", "f6",
            "g7", "h8", "i9", "j10",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+t", "e5")],
        'b',
        "e5",
        &[
            "e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "e10", "d4", "c3", "b2", "a1", "f4",
            "g3", "h2", "i1",
        ],
    );
    // Captures the Knight on e8, blocked by the own Pawn g7.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("+T", "e5"),
            ("n", "e8"),
            ("P", "g7"),
        ],
        'w',
        "e5",
        &[
            "e1", "e2", "e3", "e4", "e6", "e7", "e8", "f6", "d6", "c7", "b8", "a9",
        ],
    );
}

#[test]
fn decimaka_omni() {
    let mut c = Check::new("decimaka");
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+P", "e5")],
        'w',
        "e5",
        &["e6", "e4", "d5", "f5"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+P", "a1")],
        'w',
        "a1",
        &["a2", "b1"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("+p", "e5")],
        'b',
        "e5",
        &["e6", "e4", "d5", "f5"],
    );
    // mWcF: cannot take the Knight on e6 (orthogonal), takes the one on f6
    // (diagonal); does not move to the empty diagonals.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("+P", "e5"),
            ("n", "e6"),
            ("n", "f6"),
        ],
        'w',
        "e5",
        &["e4", "d5", "f5", "f6"],
    );
}

#[test]
fn decimaka_pawn() {
    let mut c = Check::new("decimaka");
    // Double step from rank 3 only.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e3")],
        'w',
        "e3",
        &["e4", "e5"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "a3")],
        'w',
        "a3",
        &["a4", "a5"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e2")],
        'w',
        "e2",
        &["e3"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e4")],
        'w',
        "e4",
        &["e5"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e5")],
        'w',
        "e5",
        &["e6"],
    );
    // The double step cannot jump, nor capture.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e3"), ("N", "e4")],
        'w',
        "e3",
        &[],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e3"), ("n", "e5")],
        'w',
        "e3",
        &["e4"],
    );
    // Captures diagonally forward only; blocked straight ahead.
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("P", "e5"),
            ("n", "d6"),
            ("n", "e6"),
            ("n", "f6"),
        ],
        'w',
        "e5",
        &["d6", "f6"],
    );
    // Onto the last rank, also by capture.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e9")],
        'w',
        "e9",
        &["e10"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("P", "e9"), ("n", "d10")],
        'w',
        "e9",
        &["d10", "e10"],
    );
    // Dead wood on the last rank.
    c.on(&[("K", "j1"), ("k", "a10"), ("P", "e10")], 'w', "e10", &[]);
    c.on(&[("K", "j1"), ("k", "a10"), ("p", "e1")], 'b', "e1", &[]);
    // Black: start rank 8.
    c.on(
        &[("K", "j1"), ("k", "a10"), ("p", "e8")],
        'b',
        "e8",
        &["e7", "e6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("p", "e7")],
        'b',
        "e7",
        &["e6"],
    );
    c.on(
        &[("K", "j1"), ("k", "a10"), ("p", "e3")],
        'b',
        "e3",
        &["e2"],
    );
    c.on(
        &[
            ("K", "j1"),
            ("k", "a10"),
            ("p", "e5"),
            ("N", "d4"),
            ("N", "f4"),
            ("N", "e4"),
        ],
        'b',
        "e5",
        &["d4", "f4"],
    );
    // En passant right after a double step.
    c.fen(
        "k9/10/10/10/3pP5/10/10/10/10/9K w - d7 0 1",
        "e6",
        &["d7", "e7"],
    );
    c.fen(
        "k9/10/10/10/10/3Pp5/10/10/10/9K b - d4 0 1",
        "e5",
        &["d4", "e4"],
    );
}
