//! Every rule and ruling of `docs/decimaka.md` and `docs/meiriqi.md`, each shown by
//! a small position.
//!
//! Positions are built from piece lists (`"Kj1 kj10 Ra5 +fa8"`, uppercase
//! White) by `common::setup`, which also checks each FEN's round trip.
//! Expectations are exact move sets, counts and flags, derived from the rule
//! text, never from the library's output.

mod common;

use betza::{Color, EndReason, MoveError, Outcome};
use common::*;

const D: &str = "decimaka";
const M: &str = "meiriqi";

// ---------------------------------------------------------------------------
// Start positions and reference counts (the pages' "Reference counts")
// ---------------------------------------------------------------------------

#[test]
fn reference_perft_counts() {
    for (name, counts) in [
        (D, [50u64, 2_500, 135_301]),
        (M, [44, 1_934, 90_313]),
        ("chess", [20, 400, 8_902]),
        ("capablanca", [28, 784, 25_228]),
    ] {
        let p = betza::Position::start(variant(name));
        for (depth, &n) in counts.iter().enumerate() {
            assert_eq!(p.perft(depth as u32 + 1), n, "{name} perft({})", depth + 1);
        }
    }
}

#[test]
fn start_fens_are_the_rules_setups() {
    for (name, fen) in [
        (
            D,
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1",
        ),
        (
            M,
            "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "capablanca",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ),
    ] {
        assert_eq!(
            betza::Position::start(variant(name)).to_fen(),
            fen,
            "{name}"
        );
        pos(name, fen);
    }
}

/// "White moves first."
#[test]
fn white_moves_first() {
    for name in [D, M, "chess", "capablanca"] {
        let p = betza::Position::start(variant(name));
        assert_eq!(p.side_to_move(), Color::White, "{name}");
        assert_eq!(p.halfmove_clock(), 0);
        assert_eq!(p.fullmove_number(), 1);
    }
}

/// Meiriqi: "only three of the 23 pieces have no move in the starting
/// position": the Gryphon, Eagle and Rhino.
#[test]
fn meiriqi_three_pieces_without_moves_at_start() {
    let p = betza::Position::start(variant(M));
    let movers: std::collections::BTreeSet<String> =
        p.legal_moves().iter().map(|m| name(&p, m.from())).collect();
    let white: std::collections::BTreeSet<String> = p
        .occupied_by(Color::White)
        .squares()
        .map(|s| name(&p, s))
        .collect();
    assert_eq!(white.len(), 23);
    let idle: Vec<&String> = white.difference(&movers).collect();
    assert_eq!(idle, vec!["c1", "d1", "e1"]);
    assert_eq!(token_at(&p, "c1").as_deref(), Some("Y"));
    assert_eq!(token_at(&p, "d1").as_deref(), Some("E"));
    assert_eq!(token_at(&p, "e1").as_deref(), Some("H"));
}

// ---------------------------------------------------------------------------
// Piece moves, on an otherwise empty board (Kings out of every line)
// ---------------------------------------------------------------------------

fn king_vectors() -> Vec<(i32, i32)> {
    [sym(1, 0), sym(1, 1)].concat()
}

/// Leaps `vectors` (range 1).
fn leaps(vectors: &[Vec<(i32, i32)>]) -> Vec<((i32, i32), usize)> {
    ranged(&vectors.concat(), 1)
}

fn decimaka_vectors(token: &str) -> Vec<((i32, i32), usize)> {
    match token {
        "K" | "F" => leaps(&[king_vectors()]),
        "+F" => ranged(&king_vectors(), 0),
        "L" => leaps(&[king_vectors(), sym(2, 1), sym(2, 2), sym(2, 0)]),
        "S" => leaps(&[king_vectors(), sym(2, 0), sym(2, 2), sym(3, 0), sym(3, 3)]),
        "+T" => ranged(&[(0, 1), (0, -1), (1, 1), (-1, 1)], 0),
        "+N" => ranged(&sym(2, 1), 0),
        "R" => ranged(&sym(1, 0), 0),
        "B" => ranged(&sym(1, 1), 0),
        "N" => leaps(&[sym(2, 1)]),
        "Y" => leaps(&[vec![
            (0, -1),
            (0, -2),
            (0, -3),
            (1, 1),
            (-1, 1),
            (2, 2),
            (-2, 2),
            (3, 3),
            (-3, 3),
        ]]),
        "C" => leaps(&[sym(1, 0), sym(2, 0)]),
        "T" => leaps(&[vec![(0, 1), (0, -1), (1, 1), (-1, 1)]]),
        // Quiet moves only on an empty board: the orthogonal steps.
        "+P" => leaps(&[sym(1, 0)]),
        "P" => leaps(&[vec![(0, 1)]]),
        _ => unreachable!(),
    }
}

fn meiriqi_vectors(token: &str) -> Vec<((i32, i32), usize)> {
    match token {
        "F" => leaps(&[sym(3, 2), sym(4, 1)]),
        "E" => {
            let mut v = leaps(&[king_vectors()]);
            v.extend(ranged(&[(1, 1), (-1, 1), (0, -1)], 0));
            v.extend(ranged(&[(1, -1), (-1, -1)], 2));
            v
        }
        "W" => leaps(&[sym(2, 1), sym(3, 1)]),
        "N" => leaps(&[sym(2, 1)]),
        "G" => leaps(&[sym(1, 0), vec![(1, 1), (-1, 1)]]),
        "S" => leaps(&[sym(1, 1), vec![(0, 1)]]),
        // The one-step King move captures only: not on an empty board.
        "L" => leaps(&[sym(2, 0), sym(2, 2)]),
        "P" => leaps(&[vec![(0, 1), (1, 0), (-1, 0)]]),
        "J" => {
            let mut v = leaps(&[sym(2, 1)]);
            v.extend(ranged(&sym(1, 1), 0));
            v
        }
        "R" => ranged(&sym(1, 0), 0),
        "O" => {
            let mut v = ranged(&[(1, 0), (-1, 0)], 0);
            v.extend(leaps(&[vec![(0, 1), (0, -1)]]));
            v
        }
        "Q" => ranged(&king_vectors(), 0),
        "C" => leaps(&[sym(1, 0), sym(2, 0), sym(2, 2)]),
        _ => unreachable!(),
    }
}

/// The Gryphon from e5 (RULES 5.5): the four Ferz steps, then outward slides
/// along the file and the rank of each.
const GRYPHON_E5: &str = "d6 f6 d4 f4 \
     f7 f8 f9 f10 g6 h6 i6 j6 \
     d7 d8 d9 d10 c6 b6 a6 \
     f3 f2 f1 g4 h4 i4 j4 \
     d3 d2 d1 c4 b4 a4";

/// The Rhino from e5 (RULES 5.6): each first orthogonal step, then two
/// zig-zags turning 45 degrees outward and back.
const RHINO_E5: &str = "e6 f7 f8 g9 g10 d7 d8 c9 c10 \
     f5 g6 h6 i7 j7 g4 h4 i3 j3 \
     e4 f3 f2 g1 d3 d2 c1 \
     d5 c6 b6 a7 c4 b4 a3";

/// Mirrors square names across the middle rank (Black's view of White's moves).
fn mirror(
    p: &betza::Position<'_>,
    squares: &std::collections::BTreeSet<String>,
) -> std::collections::BTreeSet<String> {
    let size = p.size();
    squares
        .iter()
        .map(|s| {
            let q = sq(p, s);
            let m = size
                .square(
                    size.file(q) as i32,
                    size.ranks() as i32 - 1 - size.rank(q) as i32,
                )
                .unwrap();
            size.square_name(m)
        })
        .collect()
}

/// Checks a piece on e5 (White) and on e6 (Black, mirrored), each move once.
fn check_piece(variant_name: &str, token: &str, expected_e5: std::collections::BTreeSet<String>) {
    let white_kings = if token == "K" { "kh9" } else { "Kj2 kh9" };
    let p = setup(
        variant_name,
        &format!("{token}e5 {white_kings}"),
        "w - - 0 1",
    );
    assert_eq!(
        targets(&p, "e5"),
        expected_e5,
        "{variant_name} White {token} on e5"
    );
    assert_eq!(
        texts_from(&p, "e5").len(),
        expected_e5.len(),
        "{variant_name} {token}: one move per square"
    );

    let black_kings = if token == "K" { "Kh2" } else { "kj9 Kh2" };
    let lower = token.to_ascii_lowercase();
    let p = setup(
        variant_name,
        &format!("{lower}e6 {black_kings}"),
        "b - - 0 1",
    );
    let expected_e6 = mirror(&p, &expected_e5);
    assert_eq!(
        targets(&p, "e6"),
        expected_e6,
        "{variant_name} Black {token} on e6"
    );
    assert_eq!(
        texts_from(&p, "e6").len(),
        expected_e6.len(),
        "{variant_name} {token}: one move per square"
    );
}

#[test]
fn decimaka_piece_moves() {
    for token in [
        "K", "+F", "L", "S", "+T", "+N", "R", "B", "N", "F", "Y", "C", "T", "+P", "P",
    ] {
        check_piece(D, token, geometry(D, (4, 4), &decimaka_vectors(token)));
    }
}

#[test]
fn meiriqi_piece_moves() {
    for token in [
        "F", "E", "W", "N", "G", "S", "L", "P", "J", "R", "O", "Q", "C",
    ] {
        check_piece(M, token, geometry(M, (4, 4), &meiriqi_vectors(token)));
    }
    check_piece(M, "Y", set(GRYPHON_E5));
    check_piece(M, "H", set(RHINO_E5));
    assert_eq!(set(GRYPHON_E5).len(), 32);
    assert_eq!(set(RHINO_E5).len(), 32);
}

/// "Star, Y, Lion and Cross leap": surrounded by pieces they still reach
/// their far squares.
#[test]
fn decimaka_leapers_jump() {
    // Every square around e5 is filled with White Pawns (which cannot move
    // backwards onto anything that matters here).
    let ring = "Pd4 Pe4 Pf4 Pd5 Pf5 Pd6 Pe6 Pf6";
    let inner = set("d4 e4 f4 d5 f5 d6 e6 f6");
    for token in ["S", "Y", "L", "C"] {
        let p = setup(D, &format!("{token}e5 {ring} Kj2 kh9"), "w - - 0 1");
        let want: std::collections::BTreeSet<String> =
            geometry(D, (4, 4), &decimaka_vectors(token))
                .difference(&inner)
                .cloned()
                .collect();
        assert_eq!(targets(&p, "e5"), want, "{token} leaps over its neighbours");
    }
}

/// Decimaka Omni: moves (never captures) orthogonally, captures (only)
/// diagonally.
#[test]
fn decimaka_omni_moves_and_captures() {
    let p = setup(D, "+Pe5 ne6 nd5 nf6 nd4 Kj2 kh9", "w - - 0 1");
    assert_eq!(texts_from(&p, "e5"), list("e5e4 e5f5 e5f6 e5d4"));
}

/// Decimaka Pawn: no forward capture, diagonal capture, double step only
/// from rank 3 over an empty square.
#[test]
fn decimaka_pawn_moves() {
    let p = setup(D, "Pe3 Pb3 nb4 Ph3 nh5 Pc5 nc6 nd6 Kj1 kj10", "w - - 0 1");
    assert_eq!(descs_between(&p, "e3", "e5"), vec!["e3e5 double"]);
    assert_eq!(targets(&p, "e3"), set("e4 e5"));
    assert_eq!(
        targets(&p, "b3"),
        set(""),
        "blocked Pawn: no capture forward, no jump"
    );
    assert_eq!(
        targets(&p, "h3"),
        set("h4"),
        "double step needs both squares empty"
    );
    assert_eq!(
        texts_from(&p, "c5"),
        list("c5d6 c5d6+"),
        "capture diagonally, not forward"
    );
    // Black mirrors: double step from rank 8.
    let p = setup(D, "pe8 Kj1 kj10", "b - - 0 1");
    assert_eq!(targets(&p, "e8"), set("e7 e6"));
    let p = setup(D, "pe7 Kj1 kj10", "b - - 0 1");
    assert_eq!(
        targets(&p, "e7"),
        set("e6"),
        "no double step off the start rank"
    );
}

/// Meiriqi Lion: leaps 2 (move or capture), one step only to capture.
#[test]
fn meiriqi_lion_captures_one_step() {
    let p = setup(M, "Le5 pe6 pc7 Kj2 kh9", "w - - 0 1");
    assert_eq!(targets(&p, "e5"), set("e7 e3 c5 g5 c7 g7 c3 g3 e6"));
}

/// Meiriqi Pawn: steps forward or sideways without capturing, captures
/// diagonally forward only.
#[test]
fn meiriqi_pawn_steps_and_captures() {
    let p = setup(M, "Pe5 pe6 pd5 pf5 nd6 nf6 Kj2 kh9", "w - - 0 1");
    assert_eq!(texts_from(&p, "e5"), list("e5d6 e5f6"));
    let p = setup(M, "Pe5 Kj2 kh9", "w - - 0 1");
    assert_eq!(texts_from(&p, "e5"), list("e5d5 e5e6 e5f5"));
    let p = setup(M, "pe6 Nd5 Kj2 kh9", "b - - 0 1");
    assert_eq!(
        texts_from(&p, "e6"),
        list("e6d5 e6d6 e6e5 e6f6"),
        "Black moves down"
    );
}

/// RULES 5.5: a piece on the Gryphon's diagonal square ends the move there.
#[test]
fn meiriqi_gryphon_blocked_on_the_diagonal_square() {
    let p = setup(M, "Ye5 pf6 Pd6 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        targets(&p, "e5"),
        set("f6 d4 d3 d2 d1 c4 b4 a4 f4 f3 f2 f1 g4 h4 i4 j4")
    );
    // A piece further along a slide stops that slide only.
    let p = setup(M, "Ye5 pf8 Kj2 kh9", "w - - 0 1");
    let mut want = set(GRYPHON_E5);
    want.remove("f9");
    want.remove("f10");
    assert_eq!(targets(&p, "e5"), want);
}

/// RULES 5.6: the Rhino's first step is a move; each zig-zag is blocked
/// independently.
#[test]
fn meiriqi_rhino_zigzags_blocked_independently() {
    let p = setup(M, "He5 pf7 Kj2 kh9", "w - - 0 1");
    let mut want = set(RHINO_E5);
    for s in ["f8", "g9", "g10"] {
        want.remove(s);
    }
    assert_eq!(
        targets(&p, "e5"),
        want,
        "f7 captured, the right-hand zig-zag stops, the left goes on"
    );
    let p = setup(M, "He5 Pe6 Kj2 kh9", "w - - 0 1");
    let mut want = set(RHINO_E5);
    for s in ["e6", "f7", "f8", "g9", "g10", "d7", "d8", "c9", "c10"] {
        want.remove(s);
    }
    assert_eq!(
        targets(&p, "e5"),
        want,
        "a piece on the first step blocks both"
    );
    assert_eq!(
        descs_between(&p, "e5", "e4"),
        vec!["e5e4"],
        "the first step alone is a move"
    );
}

/// The Eagle's backward diagonal: at most two squares, blocked by a piece on
/// the first.
#[test]
fn meiriqi_eagle_backward_diagonal_is_blocked() {
    let p = setup(M, "Ee5 Pd4 Kj2 kh9", "w - - 0 1");
    let mut want = geometry(M, (4, 4), &meiriqi_vectors("E"));
    want.remove("d4");
    want.remove("c3");
    assert_eq!(targets(&p, "e5"), want);
    assert!(
        !targets(&p, "e5").contains("b2"),
        "never three squares back"
    );
}

/// RULES 5.1: a square reached two ways is one move.
#[test]
fn square_reached_two_ways_is_one_move() {
    let p = setup(M, "Ee5 He4 Kj2 kh9", "w - - 0 1");
    // Eagle: the King step to f6 is also the start of the forward slide.
    assert_eq!(descs_between(&p, "e5", "f6"), vec!["e5f6"]);
    assert_eq!(descs_between(&p, "e5", "d4"), vec!["e5d4"]);
    assert_eq!(texts_from(&p, "e5").len(), targets(&p, "e5").len());
    // Rhino: the first step d4 starts both zig-zags west.
    assert_eq!(descs_between(&p, "e4", "d4"), vec!["e4d4"]);
    assert_eq!(texts_from(&p, "e4").len(), targets(&p, "e4").len());
    let all = texts(&p);
    let mut dedup = all.clone();
    dedup.dedup();
    assert_eq!(all, dedup, "no move listed twice");
}

// ---------------------------------------------------------------------------
// Decimaka promotion by capture, rules 1-5
// ---------------------------------------------------------------------------

/// The capturers, each on a square from which it captures on e5.
const CAPTURERS: &[(&str, &str)] = &[
    ("P", "d4"),
    ("T", "d4"),
    ("F", "d5"),
    ("L", "c3"),
    ("Y", "c3"),
    ("S", "b5"),
    ("C", "e3"),
    ("N", "c6"),
    ("R", "e1"),
    ("B", "b2"),
    ("+P", "f4"),
    ("+T", "e2"),
    ("+T", "c3"),
    ("+N", "a3"),
    ("+F", "e9"),
];

/// The promotion column of the Decimaka table.
fn promotes_to(token: &str) -> Option<&'static str> {
    match token {
        "L" | "S" | "Y" | "C" | "P" => Some("+P"),
        "T" => Some("+T"),
        "N" => Some("+N"),
        "F" => Some("+F"),
        _ => None,
    }
}

fn capture_on_e5(capturer: &str, from: &str, victim: &str) -> Vec<String> {
    let kings = if capturer == "K" { "kj10" } else { "Kj1 kj10" };
    let p = setup(
        D,
        &format!("{capturer}{from} {victim}e5 {kings}"),
        "w - - 0 1",
    );
    descs_between(&p, from, "e5")
}

/// Rule 2: any piece but a King capturing a Queen becomes a Queen, forced;
/// a Queen capturing a Queen does not change.
#[test]
fn decimaka_rule2_capturing_a_queen_makes_a_queen() {
    for &(c, from) in CAPTURERS {
        let got = capture_on_e5(c, from, "+f");
        let want = if c == "+F" {
            vec![format!("{from}e5 x+F")]
        } else {
            vec![format!("{from}e5+ x+F =+F forced")]
        };
        assert_eq!(got, want, "{c} on {from} takes a Queen");
    }
}

/// Rule 2 with the move text: the `+` is required, and a Queen takes a Queen
/// without it.
#[test]
fn decimaka_rule2_move_text() {
    let p = setup(D, "Ra5 +fa8 +Fe9 +fe5 Kj1 kj10", "w - - 0 1");
    assert!(matches!(
        p.parse_move("a5a8"),
        Err(MoveError::PromotionRequired { .. })
    ));
    let m = mv(&p, "a5a8+");
    assert_eq!(m.promotion(), Some(role(D, "+F")));
    assert!(m.is_forced_promotion());
    assert!(matches!(
        p.parse_move("e9e5+"),
        Err(MoveError::BadPromotion { .. })
    ));
    let m = mv(&p, "e9e5");
    assert_eq!(m.promotion(), None);
    assert_eq!(m.role_after(), role(D, "+F"));
}

/// Rule 3: capturing a promoted piece (Omni, Trident, Nightrider) forces the
/// promotion: exactly one move, flagged forced. A Fiancee becomes a Queen
/// (5.3).
#[test]
fn decimaka_rule3_capturing_a_promoted_piece_forces_promotion() {
    for victim in ["+p", "+t", "+n"] {
        let vt = victim.to_ascii_uppercase();
        for &(c, from) in CAPTURERS {
            let got = capture_on_e5(c, from, victim);
            let want = match promotes_to(c) {
                Some(to) => vec![format!("{from}e5+ x{vt} ={to} forced")],
                None => vec![format!("{from}e5 x{vt}")],
            };
            assert_eq!(got, want, "{c} on {from} takes {victim}");
        }
    }
    assert_eq!(capture_on_e5("F", "d5", "+p"), vec!["d5e5+ x+P =+F forced"]);
}

/// Rule 4: capturing an unpromoted piece: two moves, promoting or not.
/// Rule 5: Rook, Bishop and promoted pieces never promote otherwise.
#[test]
fn decimaka_rule4_and_rule5_ordinary_captures() {
    for victim in ["p", "n", "r", "f", "l"] {
        let vt = victim.to_ascii_uppercase();
        for &(c, from) in CAPTURERS {
            let got = capture_on_e5(c, from, victim);
            let want = match promotes_to(c) {
                Some(to) => vec![format!("{from}e5 x{vt}"), format!("{from}e5+ x{vt} ={to}")],
                None => vec![format!("{from}e5 x{vt}")],
            };
            assert_eq!(got, want, "{c} on {from} takes {victim}");
        }
    }
}

/// Rule 1: a King never promotes, whatever it captures.
#[test]
fn decimaka_rule1_king_never_promotes() {
    for victim in ["+f", "+p", "+t", "+n", "p", "n", "f"] {
        let vt = victim.to_ascii_uppercase();
        assert_eq!(
            capture_on_e5("K", "d4", victim),
            vec![format!("d4e5 x{vt}")],
            "King takes {victim}"
        );
    }
}

/// Promotion happens only on a capture: no quiet move promotes.
#[test]
fn decimaka_quiet_moves_never_promote() {
    let p = betza::Position::start(variant(D));
    assert!(p.legal_moves().iter().all(|m| m.promotion().is_none()));
    let p = setup(D, "Nc6 Pd9 Fe5 Ta5 Kj1 kj10", "w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.promotion().is_none()));
}

/// RULES 5.3: a Queen made by rule 2 is an ordinary Queen afterwards.
#[test]
fn decimaka_queen_made_by_rule2_is_an_ordinary_queen() {
    let p = setup(D, "Ra5 +fa8 Kj1 kj10", "w - - 0 1");
    assert_eq!(descs_between(&p, "a5", "a8"), vec!["a5a8+ x+F =+F forced"]);
    let p = play(&p, "a5a8+");
    assert_eq!(token_at(&p, "a8").as_deref(), Some("+F"));
    assert_eq!(
        p.to_fen(),
        format!("{} b - - 0 1", placement(D, "+Fa8 Kj1 kj10"))
    );
    let p = play(&p, "j10i10");
    let want = geometry(D, (0, 7), &decimaka_vectors("+F"));
    assert_eq!(want.len(), 27);
    assert_eq!(
        targets(&p, "a8"),
        want,
        "moves like a Queen, diagonals included"
    );
    // And it does not promote again.
    let p = setup(D, "+Fa8 +pb7 Kj1 ki10", "w - - 0 1");
    assert_eq!(descs_between(&p, "a8", "b7"), vec!["a8b7 x+P"]);
}

// ---------------------------------------------------------------------------
// Decimaka Pawns: en passant, dead wood
// ---------------------------------------------------------------------------

#[test]
fn decimaka_en_passant_may_promote() {
    let p = setup(D, "Pd6 pe8 Kj1 kj10", "b - - 0 1");
    assert_eq!(descs_between(&p, "e8", "e6"), vec!["e8e6 double"]);
    let p = play(&p, "e8e6");
    assert_eq!(
        p.to_fen(),
        format!("{} w - e7 0 2", placement(D, "Pd6 pe6 Kj1 kj10"))
    );
    assert_eq!(p.ep_square(), Some(sq(&p, "e7")));
    assert_eq!(
        descs_between(&p, "d6", "e7"),
        vec!["d6e7 xP ep", "d6e7+ xP =+P ep"],
        "en passant captures an unpromoted Pawn: rule 4, two moves"
    );
    let plain = play(&p, "d6e7");
    assert_eq!(
        plain.to_fen(),
        format!("{} b - - 0 2", placement(D, "Pe7 Kj1 kj10"))
    );
    let promoted = play(&p, "d6e7+");
    assert_eq!(
        promoted.to_fen(),
        format!("{} b - - 0 2", placement(D, "+Pe7 Kj1 kj10"))
    );
}

#[test]
fn decimaka_en_passant_by_black() {
    let p = setup(D, "Pd3 pe5 Kj1 kj10", "w - - 0 1");
    let p = play(&p, "d3d5");
    assert_eq!(
        p.to_fen(),
        format!("{} b - d4 0 1", placement(D, "Pd5 pe5 Kj1 kj10"))
    );
    assert_eq!(
        descs_between(&p, "e5", "d4"),
        vec!["e5d4 xP ep", "e5d4+ xP =+P ep"]
    );
    let after = play(&p, "e5d4+");
    assert_eq!(
        after.to_fen(),
        format!("{} w - - 0 2", placement(D, "+pd4 Kj1 kj10"))
    );
}

/// En passant only right after the double step.
#[test]
fn decimaka_en_passant_only_right_after() {
    let p = setup(D, "Pd6 pe8 Kj1 kj10", "b - - 0 1");
    let p = play(&p, "e8e6");
    let p = play(&p, "j1i1");
    let p = play(&p, "j10i10");
    assert_eq!(p.ep_square(), None);
    assert!(between(&p, "d6", "e7").is_empty());
    assert_eq!(targets(&p, "d6"), set("d7"));
}

/// RULES 5.10: en passant needs the double-stepped Pawn on its square.
#[test]
fn decimaka_en_passant_needs_the_pawn() {
    // The e.p. square is readable without a Pawn behind it (docs/notation.md), but
    // gives no capture; the writer then drops it.
    for (pieces, what) in [
        ("Pd6 Kj1 kj10", "e6 empty"),
        ("Pd6 ne6 Kj1 kj10", "a Knight on e6"),
        ("Pd6 Pe6 Kj1 kj10", "a White Pawn on e6"),
    ] {
        let fen = format!("{} w - e7 0 1", placement(D, pieces));
        let p = betza::Position::from_fen(variant(D), &fen).unwrap();
        assert!(between(&p, "d6", "e7").is_empty(), "{what}");
        assert!(p.legal_moves().iter().all(|m| !m.is_en_passant()), "{what}");
        assert_eq!(
            p.to_fen(),
            format!("{} w - - 0 1", placement(D, pieces)),
            "{what}"
        );
    }
}

/// A Pawn on the last rank stays a Pawn with no moves, attacks nothing and
/// can be captured (RULES 5.4).
#[test]
fn decimaka_dead_wood_pawn() {
    let p = setup(D, "Pc9 Kj1 kj10", "w - - 0 1");
    assert_eq!(
        descs_between(&p, "c9", "c10"),
        vec!["c9c10"],
        "a quiet step does not promote"
    );
    let p = play(&p, "c9c10");
    assert_eq!(token_at(&p, "c10").as_deref(), Some("P"));
    // White's Pawn on c10: no moves.
    let w = setup(D, "Pc10 Kj1 kj10", "w - - 0 1");
    assert!(targets(&w, "c10").is_empty());
    // Black King next to it: every neighbour is free, c10 can be captured.
    let b = setup(D, "Pc10 Kj1 kc9", "b - - 0 1");
    assert!(!b.is_check());
    assert_eq!(targets(&b, "c9"), set("b8 c8 d8 b9 d9 b10 c10 d10"));
    assert_eq!(descs_between(&b, "c9", "c10"), vec!["c9c10 xP"]);
    let b = setup(D, "Pc10 Kj1 kd10", "b - - 0 1");
    assert!(!b.is_check());
    assert_eq!(targets(&b, "d10"), set("c9 d9 e9 c10 e10"));
    // Black's dead wood on rank 1.
    let p = setup(D, "pc1 Kc2 kj10", "b - - 0 1");
    assert!(targets(&p, "c1").is_empty());
    let p = setup(D, "pc1 Kc2 kj10", "w - - 0 1");
    assert_eq!(targets(&p, "c2"), set("b1 c1 d1 b2 d2 b3 c3 d3"));
    let p = setup(D, "pc1 Kd1 kj10", "w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(targets(&p, "d1"), set("c1 e1 c2 d2 e2"));
}

/// A Pawn capture onto the last rank may promote (and must, when it takes a
/// promoted piece).
#[test]
fn decimaka_pawn_capture_onto_last_rank() {
    let p = setup(D, "Pc9 nd10 +tb10 Kj1 kj10", "w - - 0 1");
    assert_eq!(
        descs_between(&p, "c9", "d10"),
        vec!["c9d10 xN", "c9d10+ xN =+P"]
    );
    assert_eq!(
        descs_between(&p, "c9", "b10"),
        vec!["c9b10+ x+T =+P forced"]
    );
    let dead = play(&p, "c9d10");
    assert_eq!(token_at(&dead, "d10").as_deref(), Some("P"));
    let omni = play(&p, "c9d10+");
    assert_eq!(token_at(&omni, "d10").as_deref(), Some("+P"));
}

// ---------------------------------------------------------------------------
// Decimaka castling
// ---------------------------------------------------------------------------

const CASTLE_BASE: &str = "Ra1 Kf1 Rj1 ra10 ke10 rj10";

fn castles(p: &betza::Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

#[test]
fn decimaka_castling_white() {
    let p = setup(D, CASTLE_BASE, "w KQkq - 0 1");
    assert_eq!(castles(&p), list("f1i1 f1c1"));
    assert_eq!(descs_between(&p, "f1", "i1"), vec!["f1i1 castle"]);
    assert_eq!(descs_between(&p, "f1", "c1"), vec!["f1c1 castle"]);
    let k = play(&p, "f1i1");
    assert_eq!(k.to_fen(), "r3k4r/10/10/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    let q = play(&p, "f1c1");
    assert_eq!(q.to_fen(), "r3k4r/10/10/10/10/10/10/10/10/2KR5R b kq - 1 1");
}

#[test]
fn decimaka_castling_black() {
    let p = setup(D, CASTLE_BASE, "b KQkq - 0 1");
    assert_eq!(castles(&p), list("e10h10 e10b10"));
    let k = play(&p, "e10h10");
    assert_eq!(k.to_fen(), "r5rk2/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");
    let q = play(&p, "e10b10");
    assert_eq!(q.to_fen(), "1kr6r/10/10/10/10/10/10/10/10/R4K3R w KQ - 1 2");
}

#[test]
fn decimaka_castling_refused_in_check() {
    let p = setup(D, &format!("{CASTLE_BASE} rf8"), "w KQkq - 0 1");
    assert!(p.is_check());
    assert_eq!(castles(&p), Vec::<String>::new());
    assert!(matches!(
        p.parse_move("f1i1"),
        Err(MoveError::KingExposed { .. }) | Err(MoveError::NoSuchMove { .. })
    ));
    let p = setup(D, &format!("{CASTLE_BASE} Re3"), "b KQkq - 0 1");
    assert!(p.is_check());
    assert_eq!(castles(&p), Vec::<String>::new());
}

#[test]
fn decimaka_castling_refused_through_or_onto_attacked_squares() {
    for (attacker, want) in [
        ("rg8", "f1c1"), // crosses g1
        ("rh8", "f1c1"), // crosses h1
        ("ri8", "f1c1"), // lands on i1
        ("re8", "f1i1"), // crosses e1
        ("rd8", "f1i1"), // crosses d1
        ("rc8", "f1i1"), // lands on c1
    ] {
        let p = setup(D, &format!("{CASTLE_BASE} {attacker}"), "w KQkq - 0 1");
        assert_eq!(castles(&p), list(want), "White, attacker {attacker}");
    }
    for (attacker, want) in [
        ("Rf3", "e10b10"), // crosses f10
        ("Rg3", "e10b10"), // crosses g10
        ("Rh3", "e10b10"), // lands on h10
        ("Rd3", "e10h10"), // crosses d10
        ("Rc3", "e10h10"), // crosses c10
        ("Rb3", "e10h10"), // lands on b10
    ] {
        let p = setup(D, &format!("{CASTLE_BASE} {attacker}"), "b KQkq - 0 1");
        assert_eq!(castles(&p), list(want), "Black, attacker {attacker}");
    }
}

/// RULES 5.2: squares only the Rook crosses or lands on may be attacked.
#[test]
fn decimaka_castling_allowed_when_only_rook_squares_attacked() {
    let p = setup(D, &format!("{CASTLE_BASE} rb8"), "w KQkq - 0 1");
    assert_eq!(
        castles(&p),
        list("f1i1 f1c1"),
        "b1 is crossed only by the Rook"
    );
    assert_eq!(
        play(&p, "f1c1").to_fen(),
        format!(
            "{} b kq - 1 1",
            placement(D, "Kc1 Rd1 Rj1 ra10 ke10 rj10 rb8")
        )
    );
    let p = setup(D, &format!("{CASTLE_BASE} Ri3"), "b KQkq - 0 1");
    assert_eq!(
        castles(&p),
        list("e10h10 e10b10"),
        "i10 is crossed only by the Rook"
    );
}

#[test]
fn decimaka_castling_refused_with_a_piece_between() {
    for (blocker, want) in [
        ("Ng1", "f1c1"),
        ("Nh1", "f1c1"),
        ("bi1", "f1c1"),
        ("Nb1", "f1i1"), // b1 is not crossed by the King, but it is between
        ("Nc1", "f1i1"),
        ("nd1", "f1i1"),
        ("Ne1", "f1i1"),
    ] {
        let p = setup(D, &format!("{CASTLE_BASE} {blocker}"), "w KQkq - 0 1");
        assert_eq!(castles(&p), list(want), "White, blocker {blocker}");
    }
    for (blocker, want) in [("ni10", "e10b10"), ("nb10", "e10h10"), ("Bd10", "e10h10")] {
        let p = setup(D, &format!("{CASTLE_BASE} {blocker}"), "b KQkq - 0 1");
        assert_eq!(castles(&p), list(want), "Black, blocker {blocker}");
    }
}

#[test]
fn decimaka_castling_needs_the_right() {
    for (rights, white, black) in [
        ("Qkq", "f1c1", "e10h10 e10b10"),
        ("Kkq", "f1i1", "e10h10 e10b10"),
        ("KQq", "f1i1 f1c1", "e10b10"),
        ("KQk", "f1i1 f1c1", "e10h10"),
        ("-", "", ""),
    ] {
        let p = setup(D, CASTLE_BASE, &format!("w {rights} - 0 1"));
        assert_eq!(castles(&p), list(white), "White with {rights}");
        let p = setup(D, CASTLE_BASE, &format!("b {rights} - 0 1"));
        assert_eq!(castles(&p), list(black), "Black with {rights}");
    }
}

#[test]
fn decimaka_castling_rights_lost() {
    let p = setup(D, CASTLE_BASE, "w KQkq - 0 1");
    assert_eq!(
        play(&p, "f1f2").castling_rights().to_string(),
        "kq",
        "King moved"
    );
    assert_eq!(
        play(&p, "j1j2").castling_rights().to_string(),
        "Qkq",
        "j1 Rook moved"
    );
    assert_eq!(
        play(&p, "a1a2").castling_rights().to_string(),
        "Kkq",
        "a1 Rook moved"
    );
    assert_eq!(
        play(&p, "a1a10").castling_rights().to_string(),
        "Kk",
        "a10 Rook captured"
    );
    assert_eq!(
        play(&p, "j1j10").castling_rights().to_string(),
        "Qq",
        "j10 Rook captured"
    );
    // The King back on its square does not restore them.
    let back = play(&play(&play(&p, "f1f2"), "a10a9"), "f2f1");
    assert_eq!(back.castling_rights().to_string(), "k");
    assert_eq!(castles(&back), list("e10h10"));
    assert_eq!(castles(&play(&back, "a9a8")), Vec::<String>::new());
    let p = setup(D, CASTLE_BASE, "b KQkq - 0 1");
    assert_eq!(play(&p, "e10e9").castling_rights().to_string(), "KQ");
    assert_eq!(
        play(&p, "j10j1").castling_rights().to_string(),
        "Qq",
        "j1 Rook captured"
    );
    assert_eq!(
        play(&p, "a10a1").castling_rights().to_string(),
        "Kk",
        "a1 Rook captured"
    );
    // A Rook captured on its start square by another piece.
    let p = setup(D, &format!("{CASTLE_BASE} ni3"), "b KQkq - 0 1");
    let p = play(&p, "i3j1");
    assert_eq!(p.castling_rights().to_string(), "Qkq");
    assert_eq!(castles(&p), list("f1c1"));
}

/// Capablanca shares Decimaka's castling.
#[test]
fn capablanca_castling() {
    let p = pos("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_eq!(castles(&p), list("f1i1 f1c1"));
    assert_eq!(
        play(&p, "f1i1").to_fen(),
        "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"
    );
    assert_eq!(
        play(&p, "f1c1").to_fen(),
        "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1"
    );
    let p = pos("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1");
    assert_eq!(castles(&p), list("f8i8 f8c8"));
    assert_eq!(
        play(&p, "f8i8").to_fen(),
        "r6rk1/10/10/10/10/10/10/R4K3R w KQ - 1 2"
    );
    assert_eq!(
        play(&p, "f8c8").to_fen(),
        "2kr5r/10/10/10/10/10/10/R4K3R w KQ - 1 2"
    );
}

// ---------------------------------------------------------------------------
// Decimaka end of game; King safety
// ---------------------------------------------------------------------------

#[test]
fn decimaka_stalemate_is_a_draw() {
    let p = setup(D, "ka10 +Fc9 Kj1", "b - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn decimaka_checkmate() {
    let p = setup(D, "ka10 +Fb1 Kc8", "w - - 0 1");
    assert_eq!(p.outcome(), None);
    let p = play(&p, "b1b9");
    assert!(p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    // Black mates White.
    let p = setup(D, "Ka1 +fb2 kc3", "w - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
}

/// A move may never leave the own King attacked (a pinned piece, a King
/// stepping into an attack).
#[test]
fn decimaka_king_safety() {
    let p = setup(D, "Kf1 Nf3 rf8 kj10", "w - - 0 1");
    assert!(targets(&p, "f3").is_empty(), "pinned Knight");
    assert!(matches!(
        p.parse_move("f3g5"),
        Err(MoveError::KingExposed { .. })
    ));
    let p = setup(D, "Kf1 +Tf3 rf8 kj10", "w - - 0 1");
    assert_eq!(
        targets(&p, "f3"),
        set("f2 f4 f5 f6 f7 f8"),
        "pinned Trident slides along the pin"
    );
    let p = setup(D, "Kf1 re8 kj10", "w - - 0 1");
    assert_eq!(targets(&p, "f1"), set("g1 f2 g2"));
}

// ---------------------------------------------------------------------------
// Meiriqi
// ---------------------------------------------------------------------------

/// The King never leaves its fortress.
#[test]
fn meiriqi_king_confined_to_fortress() {
    let p = setup(M, "Kh2 kj9", "w - - 0 1");
    assert_eq!(targets(&p, "h2"), set("h1 h3 i1 i2 i3"));
    let p = setup(M, "Ki2 Ph5 kh9", "w - - 0 1");
    assert_eq!(targets(&p, "i2"), set("h1 h2 h3 i1 i3 j1 j2 j3"));
    let p = setup(M, "Kj3 Ph5 kh9", "w - - 0 1");
    assert_eq!(targets(&p, "j3"), set("i2 i3 j2"));
    let p = setup(M, "kh8 Kj2", "b - - 0 1");
    assert_eq!(targets(&p, "h8"), set("h9 i8 i9"));
}

/// RULES 5.7: a King cannot capture a checking piece outside its fortress;
/// squares outside the enemy King's fortress are not attacked by it.
#[test]
fn meiriqi_king_cannot_capture_outside_fortress() {
    let p = setup(M, "Kh2 gg3 kj9", "w - - 0 1");
    assert!(p.is_check());
    assert_eq!(targets(&p, "h2"), set("h1 i1 i2 i3"));
    assert!(matches!(
        p.parse_move("h2g3"),
        Err(MoveError::NoSuchMove { .. })
    ));
    // Black: a White Gold next to the King, outside its fortress.
    let p = setup(M, "kh9 Gg8 Kj2", "b - - 0 1");
    assert!(p.is_check());
    assert_eq!(targets(&p, "h9"), set("h10 i8 i9 i10"));
    // So a lone checker next to the fortress mates.
    let p = setup(M, "Kh1 Pi1 Mi2 gg2 kj9", "w - - 0 1");
    assert!(p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
}

/// The Mandarin only moves to its own five X squares.
#[test]
fn meiriqi_mandarin_confined_to_x_squares() {
    let p = setup(M, "Mi2 Ki1 kj9", "w - - 0 1");
    assert_eq!(targets(&p, "i2"), set("h1 j1 h3 j3"));
    let p = setup(M, "Mh3 pg4 pi4 Ki1 kj9", "w - - 0 1");
    assert_eq!(
        targets(&p, "h3"),
        set("i2"),
        "g2, g4, i4 are not X squares: no move, no capture"
    );
    let p = setup(M, "Mj3 Ki1 kh9", "w - - 0 1");
    assert_eq!(targets(&p, "j3"), set("i2"));
    let p = setup(M, "mi9 Mh3 ki10 Kj2", "b - - 0 1");
    assert_eq!(targets(&p, "i9"), set("h10 j10 h8 j8"));
    let p = setup(M, "mh8 Gg7 Pi7 ki10 Kj2", "b - - 0 1");
    assert_eq!(
        targets(&p, "h8"),
        set("i9"),
        "g7 and i7 are outside: no capture"
    );
}

/// Facing Kings: a move that opens the file between the Kings is illegal.
#[test]
fn meiriqi_facing_kings_move_opening_the_file() {
    let p = setup(M, "Ki1 Ni5 ki10", "w - - 0 1");
    assert!(
        targets(&p, "i5").is_empty(),
        "the Knight is the only piece between the Kings"
    );
    assert!(matches!(
        p.parse_move("i5g6"),
        Err(MoveError::KingExposed { .. })
    ));
    let p = setup(M, "Ki1 Ni5 pi8 ki10", "w - - 0 1");
    assert_eq!(
        targets(&p, "i5"),
        set("g4 g6 h3 h7 j3 j7"),
        "another piece between: free"
    );
    // Black is bound the same way.
    let p = setup(M, "Ki1 ni5 ki10", "b - - 0 1");
    assert!(targets(&p, "i5").is_empty());
}

/// Facing Kings: a King may not step onto an open file facing the other.
#[test]
fn meiriqi_facing_kings_king_move() {
    let p = setup(M, "Kh2 ki10", "w - - 0 1");
    assert_eq!(targets(&p, "h2"), set("h1 h3"));
    assert!(matches!(
        p.parse_move("h2i2"),
        Err(MoveError::KingExposed { .. })
    ));
    let p = setup(M, "Kh2 Pi5 ki10", "w - - 0 1");
    assert_eq!(targets(&p, "h2"), set("h1 h3 i1 i2 i3"));
    let p = setup(M, "kh9 Ki1", "b - - 0 1");
    assert_eq!(targets(&p, "h9"), set("h8 h10"));
    // A King capture that lands on the open file is illegal too.
    let p = setup(M, "Kh1 ni2 ki10", "w - - 0 1");
    assert_eq!(targets(&p, "h1"), set("h2 i1"));
}

/// RULES 5.8: a capture that opens the file is illegal.
#[test]
fn meiriqi_facing_kings_capture_opening_the_file() {
    let p = setup(M, "Ki1 Oi5 ph5 pj5 ki10", "w - - 0 1");
    assert_eq!(targets(&p, "i5"), set("i4 i6"));
    assert!(matches!(
        p.parse_move("i5h5"),
        Err(MoveError::KingExposed { .. })
    ));
    let p = setup(M, "Ki1 Oi5 ph5 pj5 pi8 ki10", "w - - 0 1");
    assert_eq!(targets(&p, "i5"), set("h5 j5 i4 i6"));
}

/// A FEN with facing Kings is rejected, whoever is to move.
#[test]
fn meiriqi_facing_kings_fen_rejected() {
    for side in ["w", "b"] {
        let fen = format!("{} {side} - - 0 1", placement(M, "Ki1 ki10"));
        let err = betza::Position::from_fen(variant(M), &fen).unwrap_err();
        assert!(matches!(err, betza::FenError::KingsFacing), "{err:?}");
        assert!(err.to_string().contains("face"), "{err}");
    }
}

/// Promotion when the move ends in the zone, optional: two moves, none
/// forced.
#[test]
fn meiriqi_promotion_into_the_zone() {
    let p = setup(M, "Nc6 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        texts_from(&p, "c6"),
        list("c6a5 c6a7 c6b4 c6b8 c6b8+ c6d4 c6d8 c6d8+ c6e5 c6e7")
    );
    assert_eq!(descs_between(&p, "c6", "b8"), vec!["c6b8", "c6b8+ =J"]);
    assert!(p.legal_moves().iter().all(|m| !m.is_forced_promotion()));
    assert_eq!(mv(&p, "c6b8").promotion(), None);
    assert_eq!(mv(&p, "c6b8+").promotion(), Some(role(M, "J")));
    // Black's zone is ranks 1-3.
    let p = setup(M, "nc5 Kj2 kh9", "b - - 0 1");
    assert_eq!(
        texts_from(&p, "c5"),
        list("c5a4 c5a6 c5b3 c5b3+ c5b7 c5d3 c5d3+ c5d7 c5e4 c5e6")
    );
    assert_eq!(token_at(&play(&p, "c5d3+"), "d3").as_deref(), Some("j"));
}

/// A move inside the zone promotes too; a move leaving it does not.
#[test]
fn meiriqi_promotion_inside_and_leaving_the_zone() {
    let p = setup(M, "Nc8 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        texts_from(&p, "c8"),
        list("c8a7 c8a9 c8a9+ c8b6 c8b10 c8b10+ c8d6 c8d10 c8d10+ c8e7 c8e9 c8e9+")
    );
    let p = setup(M, "Ge8 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        texts_from(&p, "e8"),
        list("e8d8 e8d8+ e8d9 e8d9+ e8e7 e8e9 e8e9+ e8f8 e8f8+ e8f9 e8f9+")
    );
    let p = setup(M, "Pe8 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        texts_from(&p, "e8"),
        list("e8d8 e8d8+ e8e9 e8e9+ e8f8 e8f8+"),
        "sideways in the zone"
    );
    assert!(p.legal_moves().iter().all(|m| !m.is_forced_promotion()));
}

/// Which type each promotes to: N->J, G->R, S->O, L->Q, P->C.
#[test]
fn meiriqi_promotion_types() {
    for (pieces, from, to, texts, becomes) in [
        (
            "Nc6",
            "c6",
            "d8",
            "c6a5 c6a7 c6b4 c6b8 c6b8+ c6d4 c6d8 c6d8+ c6e5 c6e7",
            "J",
        ),
        (
            "Ge7",
            "e7",
            "e8",
            "e7d7 e7d8 e7d8+ e7e6 e7e8 e7e8+ e7f7 e7f8 e7f8+",
            "R",
        ),
        (
            "Se7",
            "e7",
            "e8",
            "e7d6 e7d8 e7d8+ e7e8 e7e8+ e7f6 e7f8 e7f8+",
            "O",
        ),
        (
            "Le6",
            "e6",
            "e8",
            "e6c4 e6c6 e6c8 e6c8+ e6e4 e6e8 e6e8+ e6g4 e6g6 e6g8 e6g8+",
            "Q",
        ),
        ("Pe7", "e7", "e8", "e7d7 e7e8 e7e8+ e7f7", "C"),
    ] {
        let p = setup(M, &format!("{pieces} Kj2 kh9"), "w - - 0 1");
        assert_eq!(texts_from(&p, from), list(texts), "{pieces}");
        let after = play(&p, &format!("{from}{to}+"));
        assert_eq!(token_at(&after, to).as_deref(), Some(becomes), "{pieces}");
        let after = play(&p, &format!("{from}{to}"));
        assert_eq!(
            token_at(&after, to),
            Some(pieces[..1].to_string()),
            "{pieces} unpromoted"
        );
    }
    // A capture in the zone: still optional.
    let p = setup(M, "Pe7 nd8 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        descs_between(&p, "e7", "d8"),
        vec!["e7d8 xN", "e7d8+ xN =C"]
    );
}

/// Only Knight, Gold, Silver, Lion and Pawn promote.
#[test]
fn meiriqi_other_pieces_never_promote() {
    for t in ["F", "Y", "E", "H", "W", "J", "R", "O", "Q", "C"] {
        let p = setup(M, &format!("{t}e7 Kj2 ki10"), "w - - 0 1");
        assert!(
            p.legal_moves().iter().all(|m| m.promotion().is_none()),
            "{t} must not promote"
        );
        assert!(!texts_from(&p, "e7").is_empty());
    }
}

/// The double step from the Pawn's own third rank, kept after a sideways
/// move; h, i, j Pawns (rank 4) never double-step.
#[test]
fn meiriqi_pawn_double_step() {
    let p = setup(M, "Pa3 Kj2 kh9", "w - - 0 1");
    assert_eq!(texts_from(&p, "a3"), list("a3a4 a3a5 a3b3"));
    assert_eq!(descs_between(&p, "a3", "a5"), vec!["a3a5 double"]);
    let p = setup(M, "Pa3 na4 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        texts_from(&p, "a3"),
        list("a3b3"),
        "blocked: no jump, no forward capture"
    );
    let p = setup(M, "Pa3 na5 Kj2 kh9", "w - - 0 1");
    assert_eq!(texts_from(&p, "a3"), list("a3a4 a3b3"));
    // Sideways along rank 3 keeps the right.
    let p = setup(M, "Pc3 Kj2 kh9", "w - - 0 1");
    let p = play(&p, "c3d3");
    let p = play(&p, "h9h8");
    assert_eq!(descs_between(&p, "d3", "d5"), vec!["d3d5 double"]);
    let p = setup(M, "Pg3 Kj1 kh9", "w - - 0 1");
    let p = play(&play(&p, "g3h3"), "h9i9");
    assert_eq!(texts_from(&p, "h3"), list("h3g3 h3h4 h3h5 h3i3"));
    // From the fourth rank: no double step.
    let p = setup(M, "Ph4 Pj4 Kh1 ki9", "w - - 0 1");
    assert_eq!(texts_from(&p, "h4"), list("h4g4 h4h5 h4i4"));
    assert_eq!(texts_from(&p, "j4"), list("j4i4 j4j5"));
    let p = betza::Position::start(variant(M));
    for f in ["h4", "i4", "j4"] {
        assert!(
            p.legal_moves()
                .iter()
                .all(|m| !(name(&p, m.from()) == f && m.is_double_step()))
        );
    }
    // Black: from rank 8.
    let p = setup(M, "pa8 ph7 Kj2 ki9", "b - - 0 1");
    assert_eq!(texts_from(&p, "a8"), list("a8a7 a8a6 a8b8"));
    assert_eq!(texts_from(&p, "h7"), list("h7g7 h7h6 h7i7"));
}

/// No en passant in Meiriqi.
#[test]
fn meiriqi_no_en_passant() {
    let p = setup(M, "Pa3 pb5 Kj2 kh9", "w - - 0 1");
    let p = play(&p, "a3a5");
    assert_eq!(p.ep_square(), None);
    assert_eq!(
        p.to_fen(),
        format!("{} b - - 0 1", placement(M, "Pa5 pb5 Kj2 kh9"))
    );
    assert_eq!(texts_from(&p, "b5"), list("b5b4 b5c5"));
    assert!(p.legal_moves().iter().all(|m| !m.is_en_passant()));
}

/// No castling in Meiriqi.
#[test]
fn meiriqi_no_castling() {
    let p = setup(M, "Ki2 Ph5 kh9", "w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| !m.is_castle()));
    assert_eq!(targets(&p, "i2"), set("h1 h2 h3 i1 i3 j1 j2 j3"));
    assert_eq!(
        betza::Position::start(variant(M))
            .castling_rights()
            .to_string(),
        "-"
    );
    assert!(!variant(M).has_castling());
}

/// "Any piece may enter the enemy fortress."
#[test]
fn meiriqi_fortress_open_to_other_pieces() {
    let p = setup(M, "Rg9 Ki1 kj10", "w - - 0 1");
    assert!(targets(&p, "g9").contains("h9"));
    assert!(targets(&p, "g9").contains("i9"));
    let p = setup(M, "Rg9 Ki1 kj10", "w - - 0 1");
    let p = play(&p, "g9i9");
    assert_eq!(token_at(&p, "i9").as_deref(), Some("R"));
}

/// Stalemate is a loss for the stalemated side.
#[test]
fn meiriqi_stalemate_is_a_loss() {
    let p = setup(M, "Kh1 ra2 ki10", "w - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Stalemate
        })
    );
    let p = setup(M, "kh10 Ra9 Ki1", "b - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn meiriqi_checkmate() {
    let p = setup(M, "kh10 Ra9 Rb1 Ki1", "w - - 0 1");
    assert_eq!(p.outcome(), None);
    let p = play(&p, "b1b10");
    assert!(p.is_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
}

// ---------------------------------------------------------------------------
// Chess and Capablanca
// ---------------------------------------------------------------------------

#[test]
fn chess_promotion_to_four_types_all_forced() {
    let p = pos("chess", "1n3k2/P7/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(
        texts_from(&p, "a7"),
        list("a7a8b a7a8n a7a8q a7a8r a7b8b a7b8n a7b8q a7b8r")
    );
    assert!(
        between(&p, "a7", "a8")
            .iter()
            .all(|m| m.is_forced_promotion())
    );
    assert!(
        between(&p, "a7", "b8")
            .iter()
            .all(|m| m.is_forced_promotion())
    );
    assert!(matches!(
        p.parse_move("a7a8"),
        Err(MoveError::PromotionRequired { .. })
    ));
    assert_eq!(token_at(&play(&p, "a7a8n"), "a8").as_deref(), Some("N"));
    // Black.
    let p = pos("chess", "7k/8/8/8/8/8/p7/1N3K2 b - - 0 1");
    assert_eq!(
        texts_from(&p, "a2"),
        list("a2a1b a2a1n a2a1q a2a1r a2b1b a2b1n a2b1q a2b1r")
    );
}

#[test]
fn capablanca_promotion_to_six_types_all_forced() {
    let p = pos("capablanca", "1n3k4/P9/10/10/10/10/10/9K w - - 0 1");
    assert_eq!(
        texts_from(&p, "a7"),
        list("a7a8a a7a8b a7a8c a7a8n a7a8q a7a8r a7b8a a7b8b a7b8c a7b8n a7b8q a7b8r")
    );
    assert!(
        between(&p, "a7", "a8")
            .iter()
            .all(|m| m.is_forced_promotion())
    );
    assert_eq!(token_at(&play(&p, "a7a8c"), "a8").as_deref(), Some("C"));
    assert_eq!(token_at(&play(&p, "a7a8a"), "a8").as_deref(), Some("A"));
}

#[test]
fn chess_and_capablanca_end() {
    let p = pos("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
    let mut p = betza::Position::start(variant("chess"));
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        p = play(&p, m);
    }
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
    let p = pos("capablanca", "9k/7Q2/8K1/10/10/10/10/10 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn chess_en_passant() {
    let p = pos("chess", "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
    let p = play(&p, "e7e5");
    assert_eq!(p.to_fen(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2");
    assert_eq!(descs_between(&p, "d5", "e6"), vec!["d5e6 xP ep"]);
}

// ---------------------------------------------------------------------------
// Counters (RULES 5.9)
// ---------------------------------------------------------------------------

#[test]
fn decimaka_halfmove_clock() {
    let p = setup(D, "Pa3 +Pc5 Nh5 ng7 nd6 Kj1 kj10", "w - - 7 12");
    for (m, clock) in [
        ("c5c6", 8),  // Omni: a promoted Pawn, not of type Pawn
        ("c5d6", 0),  // Omni capture
        ("h5f6", 8),  // Knight
        ("h5g7", 0),  // capture
        ("h5g7+", 0), // capture with promotion
        ("a3a4", 0),  // Pawn
        ("a3a5", 0),  // Pawn double step
        ("j1i1", 8),  // King
    ] {
        let next = play(&p, m);
        assert_eq!(next.halfmove_clock(), clock, "after {m}");
        assert_eq!(next.fullmove_number(), 12, "fullmove after a White move");
    }
    let p = setup(D, "Pa3 +Pc5 Nh5 ng7 nd6 Kj1 kj10", "b - - 7 12");
    let next = play(&p, "g7e8");
    assert_eq!(next.halfmove_clock(), 8);
    assert_eq!(
        next.fullmove_number(),
        13,
        "fullmove grows after Black's move"
    );
}

#[test]
fn meiriqi_halfmove_clock() {
    let p = setup(M, "Ce5 Pa5 Nc6 Pe7 nb9 Kj2 kh9", "w - - 5 20");
    for (m, clock) in [
        ("e5e6", 6), // Champion: a promoted Pawn, not of type Pawn
        ("e5c3", 6),
        ("c6b8", 6),
        ("c6b8+", 6), // a quiet promotion of a non-Pawn
        ("c6d8+", 6),
        ("a5a6", 0),
        ("a5b5", 0),  // sideways Pawn step
        ("e7e8+", 0), // Pawn promoting to Champion
        ("c6b4", 6),
    ] {
        let next = play(&p, m);
        assert_eq!(next.halfmove_clock(), clock, "after {m}");
        assert_eq!(next.fullmove_number(), 20);
    }
    let p = setup(M, "Ce7 nb9 Kj2 kh9", "w - - 5 20");
    assert_eq!(play(&p, "e7e9").halfmove_clock(), 6);
    let p = setup(M, "Ce7 pe9 Kj2 kh9", "w - - 5 20");
    assert_eq!(play(&p, "e7e9").halfmove_clock(), 0, "Champion capture");
}

#[test]
fn fullmove_number_counts_black_moves() {
    let mut p = betza::Position::start(variant(D));
    let line = ["e3e5", "e8e6", "c2d4", "c9d7", "d4f5"];
    let expected = [(1, 0), (2, 0), (2, 1), (3, 2), (3, 3)];
    for (m, (full, half)) in line.iter().zip(expected) {
        p = play(&p, m);
        assert_eq!(
            (p.fullmove_number(), p.halfmove_clock()),
            (full, half),
            "after {m}"
        );
    }
}

// ---------------------------------------------------------------------------
// Attacks follow the capture moves (common ground: "attacked" means an enemy
// piece has a capture move onto that square)
// ---------------------------------------------------------------------------

/// Decimaka Omni attacks only its diagonal neighbours; a Pawn only its
/// forward diagonals.
#[test]
fn decimaka_attacks_are_capture_moves() {
    let p = setup(D, "ke6 +Pe5 Kj1", "b - - 0 1");
    assert!(!p.is_check(), "an Omni does not capture orthogonally");
    assert_eq!(targets(&p, "e6"), set("d7 e7 f7 d5 e5 f5"));
    let p = setup(D, "ke6 Pe5 Kj1", "b - - 0 1");
    assert!(!p.is_check(), "a Pawn does not capture straight ahead");
    assert_eq!(
        targets(&p, "e6"),
        set("d7 e7 f7 d5 f5 e5"),
        "d6 and f6 are attacked"
    );
    let p = setup(D, "kf6 Pe5 Kj1", "b - - 0 1");
    assert!(p.is_check());
    assert_eq!(targets(&p, "f6"), set("e7 f7 g7 e6 g6 e5 f5 g5"));
}

/// Meiriqi Lion: the one-step capture is an attack, so is the two-square leap.
#[test]
fn meiriqi_lion_attacks() {
    let p = setup(M, "kh9 Lg7 Kj2", "b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        targets(&p, "h9"),
        set("h10 i8 i10"),
        "h8 by the step, i9 by the leap"
    );
    // The one-step capture promotes optionally in the zone.
    let p = setup(M, "Le7 pe8 Kj2 kh9", "w - - 0 1");
    assert_eq!(
        descs_between(&p, "e7", "e8"),
        vec!["e7e8 xP", "e7e8+ xP =Q"]
    );
}

/// Meiriqi Gryphon and Rhino give check along their bent paths; the King
/// cannot step back along the line of the attack.
#[test]
fn meiriqi_bent_attacks() {
    let p = setup(M, "ki8 Yf7 Kj2 Pj5", "b - - 0 1");
    assert!(p.is_check(), "f7-g8, then along rank 8");
    assert_eq!(targets(&p, "i8"), set("h9 i9 j9"));
    let p = setup(M, "kh8 Hg5 Kj2", "b - - 0 1");
    assert!(p.is_check(), "g6-h7-h8");
    assert_eq!(targets(&p, "h8"), set("h9 i8"));
}

/// An en-passant capture may remove the Pawn that gives check.
#[test]
fn decimaka_en_passant_answers_check() {
    let p = setup(D, "Kd5 Pf6 pe8 kj10", "b - - 0 1");
    let p = play(&p, "e8e6");
    assert!(p.is_check());
    assert_eq!(
        descs_between(&p, "f6", "e7"),
        vec!["f6e7 xP ep", "f6e7+ xP =+P ep"]
    );
    assert_eq!(
        p.to_fen(),
        format!("{} w - e7 0 2", placement(D, "Kd5 Pf6 pe6 kj10"))
    );
    assert!(!play(&p, "f6e7").is_check());
}

// ---------------------------------------------------------------------------
// No draw by repetition or move counter (the pages' "End of the game")
// ---------------------------------------------------------------------------

#[test]
fn no_game_end_by_repetition_or_counter() {
    for name in [D, M, "chess", "capablanca"] {
        let start = betza::Position::start(variant(name));
        // Knights out and back, four times: the start position repeats.
        let (w_out, w_back, b_out, b_back) = match name {
            "decimaka" => ("c2d4", "d4c2", "c9d7", "d7c9"),
            "meiriqi" => ("a2b4", "b4a2", "a9b7", "b7a9"),
            "chess" => ("g1f3", "f3g1", "g8f6", "f6g8"),
            _ => ("b1c3", "c3b1", "b8c6", "c6b8"),
        };
        let mut p = start;
        for _ in 0..4 {
            for m in [w_out, b_out, w_back, b_back] {
                p = play(&p, m);
                assert_eq!(p.outcome(), None, "{name}: no end by repetition");
            }
        }
        assert_eq!(p.halfmove_clock(), 16);
        assert_eq!(p.fullmove_number(), 9);
        let fen = start.to_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[4] = "500";
        let p = pos(name, &fields.join(" "));
        assert_eq!(p.outcome(), None, "{name}: no end by the fifty-move rule");
        assert!(!p.legal_moves().is_empty());
    }
}
