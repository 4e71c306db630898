//! More of Fairy-Stockfish's variants under its names (issues 36 and 37)
//! and the switches they brought: a second castling partner type
//! (`[castling] other-rooks`, Perfect chess), en passant after a diagonal
//! double step (Berolina chess, FEN's two-square field), and a check that
//! wins by the check limit being no drop mate (Check-shogi).
//! Counts: tests/data/fairy-stockfish*.perft (tests/fsf.rs).

use std::collections::BTreeSet;

use betza::{Color, EndReason, Position, Variant, VariantDef};

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn texts(p: &Position<'_>) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| p.move_text(m)).collect()
}

#[test]
fn a_second_partner_type_castles() {
    // Perfect chess: the Chancellor in a1 castles as the Rook in h1 does,
    // and keeps its type.
    let p = Position::from_fen(v("perfect"), "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1").unwrap();
    let moves = texts(&p);
    assert!(
        moves.contains("e1c1") && moves.contains("e1g1"),
        "{moves:?}"
    );
    let after = p.play(&p.parse_move("e1c1").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "c3k2r/8/8/8/8/8/8/2KC3R b kq - 1 1");
    // Black's King may not cross d8, which the Chancellor on d1 attacks.
    assert!(!texts(&after).contains("e8c8"));
    let after = after.play(&after.parse_move("e8g8").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "c4rk1/8/8/8/8/8/8/2KC3R w - - 2 2");
    // The hash of the castled position is the one computed afresh.
    let m = p.parse_move("e1c1").unwrap();
    assert_eq!(p.hash_after(&m, p.hash()), p.play(&m).unwrap().hash());
    // Without the switch the Chancellor is no partner: no right on a1.
    let mut def = VariantDef::fairy_stockfish("perfect").unwrap();
    assert_eq!(def.castling.as_ref().unwrap().other_rooks, ["C"]);
    def.castling.as_mut().unwrap().other_rooks.clear();
    // Without the switch the Chancellor is no partner: the start position's
    // right `Q` is refused.
    let e = def.build().unwrap_err().to_string();
    assert!(e.contains("a1"), "{e}");
    // The key is written and read back; a royal or unknown partner is refused.
    assert!(
        v("perfect")
            .definition()
            .to_string()
            .contains("other-rooks = [\"C\"]")
    );
    let mut bad = VariantDef::fairy_stockfish("perfect").unwrap();
    bad.castling.as_mut().unwrap().other_rooks = vec!["K".into()];
    assert!(bad.clone().build().is_err());
    bad.castling.as_mut().unwrap().other_rooks = vec!["X".into()];
    assert!(bad.build().is_err());
}

#[test]
fn a_diagonal_double_step_gives_en_passant() {
    // Berolina: the Pawn moves diagonally and takes straight ahead. Black's
    // e7-c5 passes d6; White's d5 Pawn takes it there, en passant.
    let b = v("berolina");
    let p = Position::from_fen(
        b,
        "rnbqkbnr/pppppppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    )
    .unwrap();
    let after = p.play(&p.parse_move("e7c5").unwrap()).unwrap();
    // Fairy-Stockfish's field: the square passed over and the Pawn's.
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppp1ppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 0 2"
    );
    assert!(texts(&after).contains("d5d6"));
    let ep = after.play(&after.parse_move("d5d6").unwrap()).unwrap();
    assert_eq!(
        ep.to_fen(),
        "rnbqkbnr/pppp1ppp/3P4/8/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2"
    );
    // Read back in either order, the same position.
    for field in ["c5d6", "d6c5"] {
        let fen = format!("rnbqkbnr/pppp1ppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq {field} 0 2");
        let q = Position::from_fen(b, &fen).unwrap();
        assert_eq!(q.to_fen(), after.to_fen());
        assert_eq!(q.hash(), after.hash());
        assert_eq!(texts(&q), texts(&after));
    }
    // Two Black Pawns a file aside of d6: the victim tells the rights apart.
    let fen =
        |field: &str| format!("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq {field} 0 1");
    let from_c = Position::from_fen(b, &fen("c5d6")).unwrap();
    let from_e = Position::from_fen(b, &fen("d6e5")).unwrap();
    assert_ne!(from_c.hash(), from_e.hash());
    let took = |p: &Position<'_>| p.play(&p.parse_move("d5d6").unwrap()).unwrap().to_fen();
    assert_eq!(
        took(&from_c),
        "rnbqkbnr/pp1p1ppp/3P4/4p3/8/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        took(&from_e),
        "rnbqkbnr/pp1p1ppp/3P4/2p5/8/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(from_c.setup().ep_victim, from_c.square("c5"));
    // A victim two files away, or a variant whose pawn has no diagonal
    // double step, is refused.
    assert!(Position::from_fen(b, &fen("d6f5")).is_err());
    assert!(
        Position::from_fen(
            v("chess"),
            "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq c5d6 0 1"
        )
        .is_err()
    );
    // Fairy-Stockfish's two squares for a straight double step are read too
    // (pawnsideways' `f5f6`), and the usual single square written.
    let p = Position::from_fen(
        v("pawnsideways"),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5f6 0 3",
    )
    .unwrap();
    assert!(texts(&p).contains("e5f6"));
    assert!(p.to_fen().contains(" f6 "), "{}", p.to_fen());
}

#[test]
fn a_winning_check_by_a_pawn_drop_is_no_drop_mate() {
    // Check-shogi: the first check wins, so a Pawn dropped with check
    // ends the game at once and is legal, though the other side then has
    // no move (shogi's drop-mate rule judges mates only).
    let c = v("checkshogi");
    let start = Position::start(c);
    let fen = start.to_fen().replace(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[]",
        "4k4/9/9/9/9/9/9/9/4K4[P]",
    );
    let p = Position::from_fen(c, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves = texts(&p);
    assert!(moves.contains("P@e8"), "{moves:?}");
    let after = p.play(&p.parse_move("P@e8").unwrap()).unwrap();
    let o = after.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checks)
    );
    // In shogi the same drop is a check the King answers.
    let s = Position::from_fen(v("shogi"), "4k4/9/9/9/9/9/9/9/4K4[P] w 0 1").unwrap();
    assert!(texts(&s).contains("P@e8"));
}
