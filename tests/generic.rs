//! The generic engine features of issue 11, each proven by a rule test and,
//! together, by the perft counts other programs published (docs/variants.md): hoppers (the Cannon), lame oblique leaps (the Horse), confinement of
//! any type (the Elephant), region-dependent moves (the Soldier), castling
//! by a distance per side (Janus), zone promotion with a forced part and
//! limits (Grand), boards of 9x9, 9x10 and 12x8.
//!
//! The definitions are the built-in `variants/*.toml`; their published
//! counts are in `tests/data/validation.perft` (run by `tests/perft.rs`).

mod common;

use std::collections::BTreeSet;

use betza::{Color, Position, Square, Variant};
use common::{Rng, assert_reference, desc, king_capturable};

/// A built-in variant (its file is `variants/NAME.toml`).
fn variant(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap_or_else(|_| panic!("{name} is built in"))
}

const NAMES: [&str; 18] = [
    "gothic",
    "embassy",
    "janus",
    "modern",
    "chancellor",
    "centaur",
    "courier",
    "shatranj",
    "makruk",
    "grand",
    "xiangqi",
    "nightrider",
    "amazon",
    "grasshopper",
    "shogi",
    "minishogi",
    "torishogi",
    "crazyhouse",
];

/// Builds a position from a piece list such as `"Ke1 ke10 Cb3 pb7"` and the
/// other FEN fields, and checks the FEN round trip.
#[track_caller]
fn setup(name: &str, pieces: &str, rest: &str) -> Position<'static> {
    let v = variant(name);
    let size = v.size();
    let (w, h) = (size.files() as usize, size.ranks() as usize);
    let mut board = vec![vec![None; w]; h];
    for item in pieces.split_whitespace() {
        let (token, square) = item.split_at(1);
        let sq = size
            .parse_square(square)
            .unwrap_or_else(|| panic!("bad square in {item:?}"));
        let (f, r) = (size.file(sq) as usize, size.rank(sq) as usize);
        assert!(board[r][f].is_none(), "{square} twice");
        board[r][f] = Some(token.to_string());
    }
    let mut rows = Vec::new();
    for r in (0..h).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &board[r] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let fen = format!("{} {rest}", rows.join("/"));
    let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
    assert_eq!(pos.to_fen(), fen, "FEN round trip");
    pos
}

fn sq(pos: &Position<'_>, name: &str) -> Square {
    pos.size().parse_square(name).expect("a square")
}

/// The legal targets of the piece on `from`.
fn targets(pos: &Position<'_>, from: &str) -> BTreeSet<String> {
    let size = pos.size();
    pos.legal_targets(sq(pos, from))
        .squares()
        .map(|s| size.square_name(s))
        .collect()
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
}

/// Every legal move as text.
fn texts(pos: &Position<'_>) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| pos.move_text(m)).collect()
}

// Hoppers.

#[test]
fn cannon_slides_to_move_and_hops_one_screen_to_capture() {
    // Screens of either colour: the Black Pawn on b7, the White Horse on e3.
    let pos = setup("xiangqi", "Kd1 kf10 Cb3 pb7 rb9 Ne3 rh3", "w - - 0 1");
    assert_eq!(
        targets(&pos, "b3"),
        set("b1 b2 b4 b5 b6 a3 c3 d3 b9 h3"),
        "quiet up to the first piece; capture the first piece after one screen"
    );
    // The first piece after the screen is taken, not a later one.
    let pos = setup("xiangqi", "Kd1 kf10 Cb3 pb7 pb8 rb9", "w - - 0 1");
    assert!(targets(&pos, "b3").contains("b8") && !targets(&pos, "b3").contains("b9"));
    // No screen: no capture; an own piece after the screen: no capture.
    let pos = setup("xiangqi", "Kd1 kf10 Cb3 rb9 Ph3 Ne3", "w - - 0 1");
    let t = targets(&pos, "b3");
    assert!(!t.contains("b9") && !t.contains("h3") && !t.contains("b10"));
}

#[test]
fn a_hopper_with_both_modes_may_stop_beyond_the_screen() {
    let v = Variant::from_definition(
        r#"name = "hop"
files = 8
ranks = 8
start = "7k/8/8/8/8/8/8/K7 w - - 0 1"
[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true
[[piece]]
name = "Grasshopper-ish"
token = "X"
betza = "pR"
"#,
    )
    .expect("valid");
    // From d3: past the screen b3 to a3; past d5 to d6 d7 d8; nothing past
    // d1; no screen to the right.
    let pos = Position::from_fen(&v, "7k/8/8/3x4/8/1X1X4/8/K2X4 w - - 0 1").expect("valid");
    assert_eq!(targets(&pos, "d3"), set("a3 d6 d7 d8"));
    let pos = Position::from_fen(&v, "3x3k/8/8/3x4/8/3X4/8/K7 w - - 0 1").expect("valid");
    assert_eq!(targets(&pos, "d3"), set("d6 d7 d8"), "d8 captured");
    assert!(pos.moves_between(sq(&pos, "d3"), sq(&pos, "d8"))[0].is_capture());
}

#[test]
fn a_cannon_checks_over_exactly_one_screen_and_every_evasion_is_found() {
    // Black in check: Cannon e3, screen the Chariot e7. d10 would face the
    // White King; the Chariot staying on the file keeps the one screen.
    let pos = setup("xiangqi", "Kd1 Ce3 ke10 re7 af10", "b - - 0 1");
    assert!(pos.is_check());
    assert_eq!(
        texts(&pos),
        set("e7a7 e7b7 e7c7 e7d7 e7f7 e7g7 e7h7 e7i7 e7e3 f10e9"),
    );
    // Two screens: no check.
    let pos = setup("xiangqi", "Kd1 Ce3 ke10 re7 ae9", "b - - 0 1");
    assert!(!pos.is_check());
}

#[test]
fn removing_one_of_two_screens_of_either_colour_is_illegal() {
    // The Cannon e8 aims at the King e1 over the Chariot e4 and the Horse e6.
    let pos = setup("xiangqi", "Ke1 Re4 Ne6 ce8 kd10", "w - - 0 1");
    assert_eq!(
        targets(&pos, "e6"),
        set(""),
        "every Horse move leaves the file"
    );
    assert_eq!(targets(&pos, "e4"), set("e2 e3 e5"), "only along the file");
    // One screen Black's: the White one still may not leave.
    let pos = setup("xiangqi", "Ke1 Re4 pe6 ce8 kd10", "w - - 0 1");
    assert_eq!(targets(&pos, "e4"), set("e2 e3 e5"));
}

#[test]
fn stepping_between_as_the_only_screen_is_illegal() {
    let pos = setup("xiangqi", "Ke1 Ra5 ce8 kd10", "w - - 0 1");
    assert!(!pos.is_check(), "a Cannon needs a screen");
    assert_eq!(
        targets(&pos, "a5"),
        set("a1 a2 a3 a4 a6 a7 a8 a9 a10 b5 c5 d5 f5 g5 h5 i5"),
        "e5 would be the screen of a check"
    );
    // The King may stand on the open file: no screen, no check.
    assert!(targets(&pos, "e1").contains("e2"));
}

// Lame leaps.

#[test]
fn the_horse_is_blocked_on_its_orthogonal_first_step() {
    let all = "c4 c6 d3 d7 f3 f7 g4 g6";
    let pos = setup("xiangqi", "Kd1 kf10 Ne5", "w - - 0 1");
    assert_eq!(targets(&pos, "e5"), set(all));
    // A piece on e6 blocks both leaps whose long leg goes up; a diagonal
    // neighbour blocks nothing.
    let pos = setup("xiangqi", "Kd1 kf10 Ne5 pe6 Pf6", "w - - 0 1");
    assert_eq!(targets(&pos, "e5"), set("c4 c6 d3 f3 g4 g6"));
    // Its check is blocked the same way.
    let checks = setup("xiangqi", "Kf1 ke10 Nd8", "b - - 0 1");
    assert!(checks.is_check());
    let blocked = setup("xiangqi", "Kf1 ke10 Nd8 ad9", "b - - 0 1");
    assert!(!blocked.is_check());
}

#[test]
fn the_elephant_is_blocked_at_the_midpoint_and_stays_on_its_side() {
    let pos = setup("xiangqi", "Kd1 kf10 Bc5", "w - - 0 1");
    assert_eq!(
        targets(&pos, "c5"),
        set("a3 e3"),
        "a7 and e7 are over the river"
    );
    let pos = setup("xiangqi", "Kd1 kf10 Bc5 Pd4", "w - - 0 1");
    assert_eq!(targets(&pos, "c5"), set("a3"));
    let pos = setup("xiangqi", "Kd1 kf10 bc6", "b - - 0 1");
    assert_eq!(targets(&pos, "c6"), set("a8 e8"));
}

#[test]
fn a_confined_piece_attacks_only_squares_it_may_move_to() {
    // The same King-like piece X, confined to a1-c3 or free.
    let def = |confined: &str| {
        format!(
            r#"name = "cage"
files = 8
ranks = 8
start = "7k/8/8/8/8/8/8/K7 w - - 0 1"
[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true
[[piece]]
name = "Guard"
token = "X"
betza = "K"
{confined}
"#
        )
    };
    let caged =
        Variant::from_definition(&def(r#"confined = { white = "a1-c3", black = "f6-h8" }"#))
            .expect("valid");
    let free = Variant::from_definition(&def("")).expect("valid");
    let fen = "8/8/8/4k3/8/2X5/8/K7 b - - 0 1";
    let on = |v: &Variant| {
        let pos = Position::from_fen(v, fen).expect("valid");
        let size = pos.size();
        pos.legal_targets(sq(&pos, "e5"))
            .squares()
            .map(|s| size.square_name(s))
            .collect::<BTreeSet<_>>()
    };
    assert!(
        on(&caged).contains("d4"),
        "d4 is outside the Guard's region"
    );
    assert!(!on(&free).contains("d4"), "d4 is attacked by a free Guard");
}

// Region-dependent moves.

#[test]
fn the_soldier_steps_sideways_only_beyond_the_river() {
    let pos = setup("xiangqi", "Kd1 kf10 Pe4 Pa6", "w - - 0 1");
    assert_eq!(targets(&pos, "e4"), set("e5"));
    assert_eq!(targets(&pos, "a6"), set("a7 b6"));
    let pos = setup("xiangqi", "Kd1 kf10 Pe6", "w - - 0 1");
    assert_eq!(targets(&pos, "e6"), set("e7 d6 f6"), "never backwards");
    let pos = setup("xiangqi", "Kd1 kf10 pe7 pe5", "b - - 0 1");
    assert_eq!(targets(&pos, "e7"), set("e6"));
    assert_eq!(targets(&pos, "e5"), set("e4 d5 f5"));
}

// Castling with a distance per side.

#[test]
fn janus_castles_four_squares_towards_j_and_three_towards_a() {
    let pos = setup("janus", "Ke1 Ra1 Rj1 ke8 ra8 rj8", "w KQkq - 0 1");
    let castles: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| pos.move_text(m))
        .collect();
    assert_eq!(castles, set("e1i1 e1b1"));
    let king_side = common::play(&pos, "e1i1");
    assert!(
        king_side.to_fen().contains("/R6RK1 b kq"),
        "{}",
        king_side.to_fen()
    );
    let queen_side = common::play(&pos, "e1b1");
    assert!(
        queen_side.to_fen().contains("/1KR6R b kq"),
        "{}",
        queen_side.to_fen()
    );
    // Black the same way.
    let black = setup("janus", "Ke1 ke8 ra8 rj8", "b kq - 0 1");
    let castles: BTreeSet<String> = black
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| black.move_text(m))
        .collect();
    assert_eq!(castles, set("e8i8 e8b8"));
    // The King crosses f1 g1 h1 towards j: a Rook on g8 forbids it.
    let pos = setup("janus", "Ke1 Ra1 Rj1 ke8 rg8", "w KQ - 0 1");
    let t = targets(&pos, "e1");
    assert!(!t.contains("i1") && t.contains("b1"));
}

// Zone promotion: a forced part and limits.

/// White's full set of Grand pieces but those named in `missing`.
fn grand_white(missing: &[&str]) -> String {
    let mut all = vec![
        "Qb1", "Cc1", "Ad1", "Re1", "Rf1", "Bg1", "Bh1", "Ni1", "Nj1",
    ];
    all.retain(|p| !missing.contains(p));
    format!("Ka2 {} Pe7 Pg9 ka10", all.join(" "))
}

fn promotions(pos: &Position<'_>, from: &str, to: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .moves_between(sq(pos, from), sq(pos, to))
        .iter()
        .map(|m| desc(pos, m))
        .collect();
    v.sort();
    v
}

#[test]
fn grand_promotes_only_to_a_lost_type_and_a_move_with_none_left_is_illegal() {
    // Everything on the board: ranks 8-9 give the plain move only; rank 10
    // has no move at all.
    let pos = setup("grand", &grand_white(&[]), "w - - 0 1");
    assert_eq!(promotions(&pos, "e7", "e8"), ["e7e8"]);
    assert!(promotions(&pos, "g9", "g10").is_empty());
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    // The Queen lost: optional on 8, forced on 10, to the Queen only.
    let pos = setup("grand", &grand_white(&["Qb1"]), "w - - 0 1");
    assert_eq!(promotions(&pos, "e7", "e8"), ["e7e8", "e7e8q =Q"]);
    assert_eq!(promotions(&pos, "g9", "g10"), ["g9g10q =Q forced"]);
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    // One Rook lost (the limit is two): the Rook only.
    let pos = setup("grand", &grand_white(&["Rf1"]), "w - - 0 1");
    assert_eq!(promotions(&pos, "g9", "g10"), ["g9g10r =R forced"]);
    // Everything lost: every type, optional on 9.
    let pos = setup("grand", "Ka2 Pg8 ka10", "w - - 0 1");
    assert_eq!(promotions(&pos, "g8", "g9").len(), 7);
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
}

#[test]
fn makruk_promotes_on_its_sixth_rank_to_the_met_only() {
    let pos = setup("makruk", "Kd1 ke8 Pa5", "w - - 0 1");
    assert_eq!(promotions(&pos, "a5", "a6"), ["a5a6m =M forced"]);
    let pos = setup("makruk", "Kd1 ke8 pa4", "b - - 0 1");
    assert_eq!(promotions(&pos, "a4", "a3"), ["a4a3m =M forced"]);
}

// The reference and the published counts.

/// In Grand a Pawn attacks the last rank even when it has no promotion
/// left (it cannot move there, but it still gives check); the reference
/// sees that attack here, since no move shows it.
fn grand_pawn_attack(pos: &Position<'_>) -> bool {
    let v = pos.variant();
    let us = pos.side_to_move();
    let (Some(pawn), Some(king)) = (v.pawn(), pos.king(us.opposite())) else {
        return false;
    };
    let size = pos.size();
    let fwd = if us == Color::White { 1 } else { -1 };
    let (kf, kr) = (size.file(king) as i32, size.rank(king) as i32);
    [-1, 1].into_iter().any(|dx| {
        size.square(kf + dx, kr - fwd).is_some_and(|s| {
            pos.piece_at(s)
                .is_some_and(|p| p.role == pawn && p.color == us)
        })
    })
}

#[test]
fn legal_moves_agree_with_the_king_capture_reference() {
    for name in NAMES {
        let v = variant(name);
        let also: &dyn Fn(&Position<'_>) -> bool = if name == "grand" {
            &grand_pawn_attack
        } else {
            &|_| false
        };
        for seed in 0..6 {
            let mut rng = Rng::new(seed * 7919 + name.len() as u64);
            let mut pos = Position::start(v);
            for _ in 0..120 {
                assert_reference(&pos, also);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Captures now and then, to reach the rarer rules.
                let caps: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let m = if !caps.is_empty() && rng.below(3) == 0 {
                    *caps[rng.below(caps.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos = pos.play(&m).expect("legal");
            }
        }
    }
}

#[test]
fn the_reference_sees_cannon_checks() {
    let pos = setup("xiangqi", "Kd1 Ce3 ke10 re7 af10", "b - - 0 1");
    let after = |text: &str| {
        let m = pos
            .pseudo_legal_moves()
            .into_iter()
            .find(|m| pos.move_text(m) == text)
            .expect("pseudo-legal");
        king_capturable(&pos.play_unchecked(&m))
    };
    assert!(after("e7e5"), "the Cannon takes the King over e5");
    assert!(!after("e7a7"), "no screen");
}

#[test]
fn every_definition_round_trips_through_its_text() {
    for name in NAMES {
        let v = variant(name);
        let text = v.definition().to_string();
        let again = Variant::from_definition(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.definition(), v.definition(), "{name}");
        assert_eq!(
            Position::start(&again).perft(2),
            Position::start(v).perft(2),
            "{name}"
        );
    }
}
