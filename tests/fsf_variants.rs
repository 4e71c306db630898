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

/// Sho shogi: the King and the Crown Prince (`+E`) count as one
/// pseudo-royal kind (`extinction-as`): with both, neither is royal; alone,
/// either is.
#[test]
fn shoshogi_king_and_prince_count_together() {
    let v = Variant::by_name("shoshogi").unwrap();
    let both = Position::from_fen(v, "4k4/9/K7r/9/4+E4/9/9/9/9 w - - 0 1").unwrap();
    assert!(!both.is_check());
    assert_eq!(both.perft(2), 311);
    let king = Position::from_fen(v, "4k4/9/K7r/9/9/9/9/9/9 w - - 0 1").unwrap();
    assert!(king.is_check());
    let prince = Position::from_fen(v, "4k4/9/+E7r/9/9/9/9/9/9 w - - 0 1").unwrap();
    assert!(prince.is_check());
}

/// Sho shogi: a Drunk Elephant promoting to a Crown Prince is judged with
/// the royal pieces of before the move, as Fairy-Stockfish does: the lone
/// King may not be left attacked by it.
#[test]
fn shoshogi_promotion_keeps_the_royals_of_before() {
    assert_eq!(
        moves("shoshogi", "4k4/9/KE6r/9/9/9/9/9/9 w - - 0 1"),
        ["a7a6", "a7a8", "a7b6", "a7b8", "b7c7", "b7c7+"]
    );
}

/// Micro shogi (`[promotion] captures-only`): a piece turns over only by
/// capturing, and then must; a quiet move never turns it.
#[test]
fn micro_turns_over_only_by_capturing() {
    assert_eq!(
        moves("micro", "k3/4/p3/P3/3K[-] w 0 1"),
        ["a2a3+", "d1c1", "d1c2", "d1d2"]
    );
    // The promoted Pawn (a Knight) demotes by capturing, not by moving.
    assert_eq!(
        moves("micro", "k3/4/2p1/4/1+P1K[-] w 0 1"),
        ["b1a3", "b1c3-", "d1c1", "d1d2"]
    );
}

/// Fairy-Stockfish's configuration: a pawn with promotedPieceType promotes
/// shogi-style too, where it promotes as a pawn (`g7g8+`; Wolf chess's
/// Elephant). Counts from a Fairy-Stockfish built from its sources, with
/// this same section loaded (`VariantPath`).
#[test]
fn fsf_pawn_with_a_promoted_piece_type() {
    let defs = betza::VariantDef::from_fsf_ini(
        "[pawnelephant:chess]\narchbishop = a\npromotedPieceType = p:a\n",
    )
    .unwrap();
    let v = defs.into_iter().next().unwrap().build().unwrap();
    let p = Position::from_fen(&v, "8/k5P1/8/8/8/8/8/7K w - - 0 1").unwrap();
    let mut texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    texts.retain(|t| t.starts_with("g7g8"));
    texts.sort();
    assert_eq!(texts, ["g7g8+", "g7g8b", "g7g8n", "g7g8q", "g7g8r"]);
    let m = p.parse_move("g7g8+").unwrap();
    assert_eq!(p.move_text(&m), "g7g8+");
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "6+P1/k7/8/8/8/8/8/7K b - - 0 1"
    );
    assert_eq!(p.move_text(&p.parse_move("g7g8q").unwrap()), "g7g8q");
    assert_eq!(p.perft(3), 433);
    let p = Position::from_fen(&v, "r3k3/1P6/8/8/8/8/6p1/4K2R w - - 0 1").unwrap();
    assert_eq!(p.perft(3), 6999);
}
