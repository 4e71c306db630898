//! Move sets of every piece type of Decimaka and Meiriqi.
//!
//! Each case sets up an otherwise empty board (the two Kings placed out of the
//! way, plus any blockers or targets the case is about) and compares the
//! squares the tested piece may move to with a list worked out by hand from
//! `docs/` (the variant pages and `betza.md`). The expected lists are literals: nothing here
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
    pos.legal_targets(sq)
        .squares()
        .map(|t| size.square_name(t))
        .collect()
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
            self.variant.piece(piece.role).token.to_string(),
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
        let have: BTreeSet<String> = v.pieces().iter().map(|p| p.token.to_string()).collect();
        let tested: BTreeSet<String> = tested.iter().map(|t| t.to_string()).collect();
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

// ---------------------------------------------------------------------------
// Meiriqi. Default Kings: White j1, Black h10 (in their fortresses, on
// different files, so no piece is pinned by the facing-Kings rule).
// ---------------------------------------------------------------------------

#[test]
fn meiriqi_king() {
    let mut c = Check::new("meiriqi");
    // Captures the Pegasus on h3, inside the fortress (the Gold on h5 keeps the h-file closed).
    c.on(
        &[("K", "i2"), ("k", "h10"), ("G", "h5"), ("f", "h3")],
        'w',
        "i2",
        &["h1", "h2", "h3", "i1", "i3", "j1", "j2", "j3"],
    );
    // Centre of the fortress; the Gold on h5 keeps the h-file closed.
    c.on(
        &[("K", "i2"), ("k", "h10"), ("G", "h5")],
        'w',
        "i2",
        &["h1", "h2", "h3", "i1", "i3", "j1", "j2", "j3"],
    );
    // Open h-file: h1 h2 h3 would face the Black King.
    c.on(
        &[("K", "i2"), ("k", "h10")],
        'w',
        "i2",
        &["i1", "i3", "j1", "j2", "j3"],
    );
    // Corner and edge of the fortress: never out of it.
    c.on(&[("K", "h1"), ("k", "j10")], 'w', "h1", &["h2", "i1", "i2"]);
    c.on(&[("K", "j3"), ("k", "h10")], 'w', "j3", &["i2", "i3", "j2"]);
    // Cannot capture the Pegasus on i4, outside the fortress.
    c.on(
        &[("K", "i3"), ("k", "i10"), ("f", "i4")],
        'w',
        "i3",
        &["h2", "h3", "i2", "j2", "j3"],
    );
    // Black: j8 j9 j10 would face the White King on j1.
    c.on(
        &[("K", "j1"), ("k", "i9")],
        'b',
        "i9",
        &["h8", "h9", "h10", "i8", "i10"],
    );
    c.on(&[("K", "j1"), ("k", "h8")], 'b', "h8", &["h9", "i8", "i9"]);
}

#[test]
fn meiriqi_mandarin() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "i2")],
        'w',
        "i2",
        &["h1", "h3", "j1", "j3"],
    );
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "h1")],
        'w',
        "h1",
        &["i2"],
    );
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "h3")],
        'w',
        "h3",
        &["i2"],
    );
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "j3")],
        'w',
        "j3",
        &["i2"],
    );
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "j1")],
        'w',
        "j1",
        &["i2"],
    );
    // Cannot capture the Pawn on g4, outside its X squares.
    c.on(
        &[("K", "i1"), ("k", "h10"), ("M", "h3"), ("p", "g4")],
        'w',
        "h3",
        &["i2"],
    );
    // Black X squares: h10 j10 i9 h8 j8.
    c.on(
        &[("K", "j1"), ("k", "i10"), ("m", "i9")],
        'b',
        "i9",
        &["h8", "h10", "j8", "j10"],
    );
    c.on(
        &[("K", "j1"), ("k", "i10"), ("m", "h10")],
        'b',
        "h10",
        &["i9"],
    );
    c.on(
        &[("K", "j1"), ("k", "i10"), ("m", "j8")],
        'b',
        "j8",
        &["i9"],
    );
}

#[test]
fn meiriqi_pegasus() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("F", "b2")],
        'w',
        "b2",
        &["a6", "c6", "d5", "e4", "f1", "f3"],
    );
    let e5 = &[
        "a4", "a6", "b3", "b7", "c2", "c8", "d1", "d9", "f1", "f9", "g2", "g8", "h3", "h7", "i4",
        "i6",
    ];
    c.on(&[("K", "j1"), ("k", "h10"), ("F", "e5")], 'w', "e5", e5);
    c.on(
        &[("K", "j1"), ("k", "h10"), ("F", "a1")],
        'w',
        "a1",
        &["b5", "c4", "d3", "e2"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("F", "j5")],
        'w',
        "j5",
        &["f4", "f6", "g3", "g7", "h2", "h8", "i1", "i9"],
    );
    c.on(&[("K", "j1"), ("k", "h10"), ("f", "e5")], 'b', "e5", e5);
    // Leaps over a ring of own Golds.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("F", "e5"),
            ("G", "d4"),
            ("G", "d5"),
            ("G", "d6"),
            ("G", "e4"),
            ("G", "e6"),
            ("G", "f4"),
            ("G", "f5"),
            ("G", "f6"),
        ],
        'w',
        "e5",
        e5,
    );
}

#[test]
fn meiriqi_gryphon() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("Y", "e5")],
        'w',
        "e5",
        &[
            "d4", "d6", "f4", "f6", // the diagonal steps
            "f7", "f8", "f9", "f10", "g6", "h6", "i6", "j6", // from f6
            "d7", "d8", "d9", "d10", "c6", "b6", "a6", // from d6
            "f3", "f2", "f1", "g4", "h4", "i4", "j4", // from f4
            "d3", "d2", "d1", "c4", "b4", "a4", // from d4
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("Y", "a1")],
        'w',
        "a1",
        &[
            "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "c2", "d2", "e2", "f2", "g2",
            "h2", "i2", "j2",
        ],
    );
    // Near the corner; the own King on j1 ends the slide along rank 1.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("Y", "b2")],
        'w',
        "b2",
        &[
            "a1", "c1", "a3", "c3", // the diagonal steps
            "d1", "e1", "f1", "g1", "h1", "i1", // from c1 east
            "a4", "a5", "a6", "a7", "a8", "a9", "a10", // from a3 north
            "c4", "c5", "c6", "c7", "c8", "c9", "c10", // from c3 north
            "d3", "e3", "f3", "g3", "h3", "i3", "j3", // from c3 east
        ],
    );
    // RULES 5.5: a piece on the diagonal square ends the move there (own Gold f6:
    // nothing that way; enemy Pawn d6: captured, no slide beyond). The slides
    // from f4 stop at the enemy Pawn f2 (captured) and before the own Gold h4.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("Y", "e5"),
            ("G", "f6"),
            ("p", "d6"),
            ("p", "f2"),
            ("G", "h4"),
        ],
        'w',
        "e5",
        &[
            "a4", "b4", "c4", "d1", "d2", "d3", "d4", "d6", "f2", "f3", "f4", "g4",
        ],
    );
}

#[test]
fn meiriqi_eagle() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("E", "b2")],
        'w',
        "b2",
        &[
            "a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3", "d4", "e5", "f6", "g7", "h8", "i9",
            "j10",
        ],
    );
    // KfBbRbF2 as White.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("E", "e5")],
        'w',
        "e5",
        &[
            "d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6", // King step
            "g7", "h8", "i9", "j10", "c7", "b8", "a9", // forward diagonals
            "e3", "e2", "e1", // straight back
            "g3", "c3", // second backward-diagonal step
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("E", "a1")],
        'w',
        "a1",
        &[
            "a2", "b1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10",
        ],
    );
    c.on(
        &[("K", "i1"), ("k", "h9"), ("E", "j10")],
        'w',
        "j10",
        &[
            "i9", "i10", "h8", "j9", "j8", "j7", "j6", "j5", "j4", "j3", "j2", "j1",
        ],
    );
    // As Black: forward is towards rank 1.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("e", "e5")],
        'b',
        "e5",
        &[
            "d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6", // King step
            "c3", "b2", "a1", "g3", "h2", "i1", // forward diagonals
            "e7", "e8", "e9", "e10", // straight back
            "c7", "g7", // second backward-diagonal step
        ],
    );
    // bF2 is blocked by a piece on the first square: own Gold f4 (no g3), enemy
    // Pawn d4 (captured, no c3).
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("E", "e5"),
            ("G", "f4"),
            ("p", "d4"),
        ],
        'w',
        "e5",
        &[
            "d4", "d5", "d6", "e4", "e6", "f5", "f6", "g7", "h8", "i9", "j10", "c7", "b8", "a9",
            "e3", "e2", "e1",
        ],
    );
}

#[test]
fn meiriqi_rhino() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("H", "b2")],
        'w',
        "b2",
        &[
            "b3", "c4", "c5", "d6", "d7", "e8", "e9", "f10", "a4", "a5", // north first
            "b1", // south first: both diagonals leave the board
            "c2", "d3", "e3", "f4", "g4", "h5", "i5", "j6", "d1", "e1", // east first
            "a2", // west first: both diagonals leave the board
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("H", "e5")],
        'w',
        "e5",
        &[
            "e6", "f7", "f8", "g9", "g10", "d7", "d8", "c9", "c10", // north first
            "e4", "f3", "f2", "g1", "d3", "d2", "c1", // south first
            "f5", "g6", "h6", "i7", "j7", "g4", "h4", "i3", "j3", // east first
            "d5", "c6", "b6", "a7", "c4", "b4", "a3", // west first
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("H", "a1")],
        'w',
        "a1",
        &[
            "a2", "b3", "b4", "c5", "c6", "d7", "d8", "e9",
            "e10", // north first, turning east
            "b1", "c2", "d2", "e3", "f3", "g4", "h4", "i5", "j5", // east first, turning north
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("h", "j10")],
        'b',
        "j10",
        &[
            "j9", "i8", "i7", "h6", "h5", "g4", "g3", "f2", "f1", // south first, turning west
            "i10", "h9", "g9", "f8", "e8", "d7", "c7", "b6",
            "a6", // west first, turning south
        ],
    );
    // RULES 5.6: the first step alone is a move even when both zig-zags are blocked.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("H", "e5"),
            ("G", "d7"),
            ("G", "f7"),
        ],
        'w',
        "e5",
        &[
            "e6", // north first: both diagonals blocked by own Golds
            "e4", "f3", "f2", "g1", "d3", "d2", "c1", // south first
            "f5", "g6", "h6", "i7", "j7", "g4", "h4", "i3", "j3", // east first
            "d5", "c6", "b6", "a7", "c4", "b4", "a3", // west first
        ],
    );
    // Own Pawn e4 blocks all of south; enemy f7 is captured (north-east hand
    // ends), north-west hand goes on; own Gold h6 ends the east/north hand;
    // enemy b4 is captured (west/south hand ends there).
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("H", "e5"),
            ("P", "e4"),
            ("p", "f7"),
            ("G", "h6"),
            ("p", "b4"),
        ],
        'w',
        "e5",
        &[
            "e6", "f7", "d7", "d8", "c9", "c10", // north
            "f5", "g6", "g4", "h4", "i3", "j3", // east
            "d5", "c6", "b6", "a7", "c4", "b4", // west
        ],
    );
}

#[test]
fn meiriqi_wildebeest() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("W", "b2")],
        'w',
        "b2",
        &["a4", "a5", "c4", "c5", "d1", "d3", "e1", "e3"],
    );
    let e5 = &[
        "b4", "b6", "c4", "c6", "d2", "d3", "d7", "d8", "f2", "f3", "f7", "f8", "g4", "g6", "h4",
        "h6",
    ];
    c.on(&[("K", "j1"), ("k", "h10"), ("W", "e5")], 'w', "e5", e5);
    c.on(
        &[("K", "j1"), ("k", "h10"), ("W", "a1")],
        'w',
        "a1",
        &["b3", "b4", "c2", "d2"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("W", "j5")],
        'w',
        "j5",
        &["g4", "g6", "h4", "h6", "i2", "i3", "i7", "i8"],
    );
    // Leaps over a ring of own Golds.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("W", "e5"),
            ("G", "d4"),
            ("G", "d5"),
            ("G", "d6"),
            ("G", "e4"),
            ("G", "e6"),
            ("G", "f4"),
            ("G", "f5"),
            ("G", "f6"),
        ],
        'w',
        "e5",
        e5,
    );
}

#[test]
fn meiriqi_knight() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("N", "e5")],
        'w',
        "e5",
        &["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("N", "a1")],
        'w',
        "a1",
        &["b3", "c2"],
    );
    // In the promotion zone: same squares (promoting or not).
    c.on(
        &[("K", "j1"), ("k", "h10"), ("N", "e8")],
        'w',
        "e8",
        &["c7", "c9", "d6", "d10", "f6", "f10", "g7", "g9"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("n", "b9")],
        'b',
        "b9",
        &["a7", "c7", "d8", "d10"],
    );
}

#[test]
fn meiriqi_gold() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("G", "e5")],
        'w',
        "e5",
        &["d5", "d6", "e4", "e6", "f5", "f6"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("G", "a1")],
        'w',
        "a1",
        &["a2", "b1", "b2"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("G", "e10")],
        'w',
        "e10",
        &["d10", "e9", "f10"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("g", "e5")],
        'b',
        "e5",
        &["d4", "d5", "e4", "e6", "f4", "f5"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("g", "a1")],
        'b',
        "a1",
        &["a2", "b1"],
    );
}

#[test]
fn meiriqi_silver() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("S", "e5")],
        'w',
        "e5",
        &["d4", "d6", "e6", "f4", "f6"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("S", "a1")],
        'w',
        "a1",
        &["a2", "b2"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("S", "j10")],
        'w',
        "j10",
        &["i9"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("s", "e5")],
        'b',
        "e5",
        &["d4", "d6", "e4", "f4", "f6"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("s", "a10")],
        'b',
        "a10",
        &["a9", "b9"],
    );
}

#[test]
fn meiriqi_lion() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("L", "e5")],
        'w',
        "e5",
        &["c3", "c5", "c7", "e3", "e7", "g3", "g5", "g7"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("L", "a1")],
        'w',
        "a1",
        &["a3", "c1", "c3"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("l", "e5")],
        'b',
        "e5",
        &["c3", "c5", "c7", "e3", "e7", "g3", "g5", "g7"],
    );
    // The King step only captures (d5, e6), never moves to an empty square; the
    // 2-leaps move and capture (c7) and jump (e7 over e6); own Gold g5 is no target.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("L", "e5"),
            ("p", "d5"),
            ("p", "e6"),
            ("p", "c7"),
            ("G", "g5"),
        ],
        'w',
        "e5",
        &["c3", "c5", "c7", "d5", "e3", "e6", "e7", "g3", "g7"],
    );
}

#[test]
fn meiriqi_pawn() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e5")],
        'w',
        "e5",
        &["d5", "e6", "f5"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "a5")],
        'w',
        "a5",
        &["a6", "b5"],
    );
    // Double step from the own third rank only.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e3")],
        'w',
        "e3",
        &["d3", "e4", "e5", "f3"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "a3")],
        'w',
        "a3",
        &["a4", "a5", "b3"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e2")],
        'w',
        "e2",
        &["d2", "e3", "f2"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e4")],
        'w',
        "e4",
        &["d4", "e5", "f4"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "h4")],
        'w',
        "h4",
        &["g4", "h5", "i4"],
    );
    // The double step cannot jump, nor capture.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e3"), ("G", "e4")],
        'w',
        "e3",
        &["d3", "f3"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e3"), ("g", "e5")],
        'w',
        "e3",
        &["d3", "e4", "f3"],
    );
    // Captures only diagonally forward: not e6 (ahead), not d5 (sideways).
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("P", "e5"),
            ("g", "d6"),
            ("g", "e6"),
            ("g", "f6"),
            ("g", "d5"),
        ],
        'w',
        "e5",
        &["d6", "f5", "f6"],
    );
    // On the last rank (promotion is never forced) only sideways steps remain.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("P", "e10")],
        'w',
        "e10",
        &["d10", "f10"],
    );
    // Black: third rank is rank 8, forward is down.
    c.on(
        &[("K", "j1"), ("k", "h10"), ("p", "e8")],
        'b',
        "e8",
        &["d8", "e6", "e7", "f8"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("p", "e5")],
        'b',
        "e5",
        &["d5", "e4", "f5"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("p", "h7")],
        'b',
        "h7",
        &["g7", "h6", "i7"],
    );
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("p", "e5"),
            ("G", "d4"),
            ("G", "e4"),
            ("G", "f4"),
            ("G", "f5"),
        ],
        'b',
        "e5",
        &["d4", "d5", "f4"],
    );
}

/// A Pawn that moved sideways along its third rank keeps the double step.
#[test]
fn meiriqi_pawn_double_step_after_sideways_move() {
    let v = Variant::by_name("meiriqi").unwrap();
    let play = |pos: &Position<'static>, text: &str| {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(&m).unwrap()
    };
    let mut c = Check::new("meiriqi");

    let pos =
        Position::from_fen(v, &board(&[("K", "j1"), ("k", "h10"), ("P", "e3")], 'w')).unwrap();
    let pos = play(&pos, "e3d3");
    let pos = play(&pos, "h10h9");
    c.compare(
        &pos,
        "start e3, after e3d3 h10h9",
        "d3",
        &["c3", "d4", "d5", "e3"],
    );

    let pos =
        Position::from_fen(v, &board(&[("K", "j1"), ("k", "h10"), ("p", "e8")], 'b')).unwrap();
    let pos = play(&pos, "e8d8");
    let pos = play(&pos, "j1j2");
    c.compare(
        &pos,
        "start e8, after e8d8 j1j2",
        "d8",
        &["c8", "d6", "d7", "e8"],
    );
}

#[test]
fn meiriqi_janus() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("J", "e5")],
        'w',
        "e5",
        &[
            "c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6", // knight
            "a1", "b2", "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9", "b8", "c7", "d6", "f4",
            "g3", "h2", "i1",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("J", "a1")],
        'w',
        "a1",
        &[
            "b3", "c2", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10",
        ],
    );
    // The knight part leaps over a ring of own Golds; the bishop part is blocked.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("J", "e5"),
            ("G", "d4"),
            ("G", "d5"),
            ("G", "d6"),
            ("G", "e4"),
            ("G", "e6"),
            ("G", "f4"),
            ("G", "f5"),
            ("G", "f6"),
        ],
        'w',
        "e5",
        &["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"],
    );
}

#[test]
fn meiriqi_rook() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("R", "a1")],
        'w',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b1", "c1", "d1", "e1", "f1",
            "g1", "h1", "i1",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("R", "e5")],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
            "e7", "e8", "e9", "e10",
        ],
    );
    // Blocked by the own Gold e7, captures the Pawn on c5.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("R", "e5"),
            ("G", "e7"),
            ("p", "c5"),
        ],
        'w',
        "e5",
        &[
            "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
        ],
    );
}

#[test]
fn meiriqi_ogyo() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("O", "e5")],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e4", "e6",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("O", "a1")],
        'w',
        "a1",
        &["a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("O", "j5")],
        'w',
        "j5",
        &[
            "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5", "j4", "j6",
        ],
    );
}

#[test]
fn meiriqi_queen() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("Q", "e5")],
        'w',
        "e5",
        &[
            "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5", "j5", "e1", "e2", "e3", "e4", "e6",
            "e7", "e8", "e9", "e10", "a1", "b2", "c3", "d4", "f6", "g7", "h8", "i9", "j10", "a9",
            "b8", "c7", "d6", "f4", "g3", "h2", "i1",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("Q", "a1")],
        'w',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b1", "c1", "d1", "e1", "f1",
            "g1", "h1", "i1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10",
        ],
    );
}

#[test]
fn meiriqi_champion() {
    let mut c = Check::new("meiriqi");
    c.on(
        &[("K", "j1"), ("k", "h10"), ("C", "j9")],
        'w',
        "j9",
        &["h7", "h9", "i9", "j7", "j8", "j10"],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("C", "e5")],
        'w',
        "e5",
        &[
            "c3", "c5", "c7", "d5", "e3", "e4", "e6", "e7", "f5", "g3", "g5", "g7",
        ],
    );
    c.on(
        &[("K", "j1"), ("k", "h10"), ("C", "a1")],
        'w',
        "a1",
        &["a2", "a3", "b1", "c1", "c3"],
    );
    // The 2-leaps jump over the own Golds d6 e6 f6.
    c.on(
        &[
            ("K", "j1"),
            ("k", "h10"),
            ("C", "e5"),
            ("G", "d6"),
            ("G", "e6"),
            ("G", "f6"),
        ],
        'w',
        "e5",
        &[
            "c3", "c5", "c7", "d5", "e3", "e4", "e7", "f5", "g3", "g5", "g7",
        ],
    );
}
