//! Rules added for Fairy-Stockfish's `petrified`, `shoshogi`, `micro` and
//! `wolf`: each test fails if its rule breaks.

use betza::{Position, Variant};

fn moves(variant: &str, fen: &str) -> Vec<String> {
    let v = Variant::by_name(variant).unwrap();
    let p = Position::from_fen(v, fen).unwrap();
    let mut out: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    out.sort();
    out
}

/// Petrified: a pseudo-royal King would turn to stone by capturing, so it
/// may not capture and gives no check; a King next to it is no check.
#[test]
fn petrified_king_neither_captures_nor_checks() {
    let v = Variant::by_name("petrified").unwrap();
    let p = Position::from_fen(v, "8/8/8/8/8/8/3k4/4K3 w - - 0 1").unwrap();
    assert!(!p.is_check());
    assert_eq!(
        moves("petrified", "8/8/8/8/8/8/3k4/4K3 w - - 0 1"),
        ["e1d1", "e1e2", "e1f1", "e1f2"]
    );
    // A Queen next to the King checks, and the King may not take her: mate.
    let p = Position::from_fen(v, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1").unwrap();
    assert!(p.is_check());
    assert!(p.legal_moves().is_empty());
}

/// Petrified: a capturing Queen turns into a wall where it lands; the
/// King may not take a Pawn next to it.
#[test]
fn petrified_capturer_turns_to_stone() {
    let v = Variant::by_name("petrified").unwrap();
    let p = Position::from_fen(v, "4k3/8/8/4p3/8/8/4p3/Q3K3 w - - 0 1").unwrap();
    let m = p.parse_move("a1e5").unwrap();
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "4k3/8/8/4*3/8/8/4p3/4K3 b - - 0 1"
    );
    assert!(
        p.parse_move("e1e2").is_err(),
        "the King may not take the Pawn"
    );
}
