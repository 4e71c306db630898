//! Fairy-Stockfish's chess-like variants built in under its names, and the
//! switches they brought: holes in the board (`[rules] fixed-walls`),
//! castling partners inside the corners (`[castling] kingside-partner`,
//! `queenside-partner`, from `castlingRookKingsideFile` and the like) and a
//! checkmate that wins for the mated side (`[game-end] checkmate = "win"`).
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
fn holes_block_every_piece_and_stay_in_the_fen() {
    let t = v("troitzky");
    let p = Position::start(t);
    assert_eq!(
        p.to_fen(),
        "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1"
    );
    assert!(p.is_wall(p.square("a1").unwrap()));
    // A Rook beside a hole: neither enters nor crosses it.
    let p = Position::from_fen(
        t,
        "****qk****/**r5**/*8*/*8*/10/10/*8*/*8*/**R5**/****QK**** w - - 0 1",
    )
    .unwrap();
    let moves = texts(&p);
    assert!(moves.contains("c2c9"));
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("c2b2") || m.starts_with("c2a2"))
    );
    // A hole in a variant without them is refused.
    assert!(
        Position::from_fen(
            v("chess"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPP*PPP/RNBQKBNR w KQkq - 0 1"
        )
        .is_err()
    );
    // Without the switch the definition refuses the start position's holes.
    let def = VariantDef::fairy_stockfish("troitzky").unwrap();
    let mut plain = def.clone();
    plain.rules.fixed_walls = false;
    assert!(plain.build().is_err());
    assert!(def.to_string().contains("fixed-walls = true"));
}

#[test]
fn castling_partners_inside_the_corners() {
    // Shako: the King on f2 castles with the Rooks of b2 and i2, landing
    // on h2 or d2, as Fairy-Stockfish's castlingRookKingsideFile says.
    let s = v("shako");
    let p = Position::from_fen(
        s,
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1",
    )
    .unwrap();
    let moves = texts(&p);
    assert!(
        moves.contains("f2h2") && moves.contains("f2d2"),
        "{moves:?}"
    );
    let after = p.play(&p.parse_move("f2h2").unwrap()).unwrap();
    assert_eq!(
        after.to_fen(),
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER4RK1E/C8C b kq - 1 1"
    );
    let after = p.play(&p.parse_move("f2d2").unwrap()).unwrap();
    assert_eq!(
        after.to_fen(),
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/E2KR3RE/C8C b kq - 1 1"
    );
    // Without the partner files the corners' Elephants are no partners:
    // the definition is refused (no Rook on the corners to castle with).
    let mut def = VariantDef::fairy_stockfish("shako").unwrap();
    assert_eq!(
        def.castling.as_ref().unwrap().partner_files,
        [Some(8), Some(1)]
    );
    def.castling.as_mut().unwrap().partner_files = [None, None];
    assert!(def.build().is_err());
    // A partner file off the board is refused where it is written.
    let text = VariantDef::fairy_stockfish("shako")
        .unwrap()
        .to_string()
        .replace("kingside-partner = \"i\"", "kingside-partner = \"k\"");
    let e = text.parse::<VariantDef>().unwrap_err().to_string();
    assert!(e.contains("castling.kingside-partner"), "{e}");
}

#[test]
fn the_mated_side_wins_in_misere_chess() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = Position::from_fen(v("misere"), fen)
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
    let o = Position::from_fen(v("chess"), fen)
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.winner, Some(Color::Black));
    // Losers: the same, a capture is compulsory and a bare King wins.
    let o = Position::from_fen(v("losers"), fen)
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.winner, Some(Color::White));
    let p = Position::from_fen(v("losers"), "4k3/8/8/8/8/8/3p4/4K2N w - - 0 1").unwrap();
    assert_eq!(texts(&p), ["e1d2".to_string()].into());
    let after = p.play(&p.parse_move("e1d2").unwrap()).unwrap();
    assert_eq!(after.outcome().unwrap().winner, Some(Color::Black));
    assert!(
        v("misere")
            .definition()
            .to_string()
            .contains("checkmate = \"win\"")
    );
}

#[test]
fn each_side_promotes_to_its_own_types() {
    // Chigorin chess: White's Pawn becomes a Chancellor, Rook or Knight,
    // Black's a Queen, Rook or Bishop (Fairy-Stockfish's
    // promotionPieceTypesWhite and promotionPieceTypesBlack).
    let c = v("chigorin");
    let promotions = |fen: &str| -> BTreeSet<String> {
        let p = Position::from_fen(c, fen).unwrap();
        texts(&p).into_iter().filter(|m| m.len() == 5).collect()
    };
    let set = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        promotions("8/1k5P/8/8/8/3K4/p7/8 w - - 0 1"),
        set(&["h7h8c", "h7h8r", "h7h8n"])
    );
    assert_eq!(
        promotions("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"),
        set(&["a2a1q", "a2a1r", "a2a1b"])
    );
    let p = Position::from_fen(c, "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1").unwrap();
    assert!(p.parse_move("h7h8q").is_err());
    // A side's list must be part of `promotes`.
    let text = c.definition().to_string().replace(
        "promotes-black = [\"Q\", \"R\", \"B\"]",
        "promotes-black = [\"Q\", \"K\"]",
    );
    let e = betza::Variant::from_definition(&text)
        .unwrap_err()
        .to_string();
    assert!(e.contains("promotes-black") && e.contains("\"K\""), "{e}");
}

#[test]
fn armageddon_gives_every_draw_to_black() {
    // pyffish's cases: either side stalemated, and the fifty-move rule.
    let a = v("armageddon");
    let o = Position::from_fen(a, "k7/P7/K7/8/8/8/8/8 b - - 0 1")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
    let o = Position::from_fen(a, "8/8/8/8/8/k7/p7/K7 w - - 0 1")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
    let o = Position::from_fen(a, "8/8/8/3k4/8/3K4/8/8 w - - 0 1")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.winner, Some(Color::Black));
    // Chess's stalemate stays a draw; a checkmate keeps its winner.
    let o = Position::from_fen(v("chess"), "k7/P7/K7/8/8/8/8/8 b - - 0 1")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.winner, None);
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = Position::from_fen(a, mate).unwrap().outcome().unwrap();
    assert_eq!(o.winner, Some(Color::Black));
    let o = Position::from_fen(
        a,
        "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/2N5/PPPP1PPP/R1B1KBNR b KQkq - 1 3",
    )
    .unwrap()
    .outcome()
    .unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
    // A game drawn by its history: the fivefold repetition of a game whose
    // repetition ends it is Black's too.
    let text = a
        .definition()
        .to_string()
        .replace("[game-end]\n", "[game-end]\nrepetition-result = \"draw\"\n");
    let def: VariantDef = text.parse().unwrap();
    let v2 = def.build().unwrap();
    let mut g = betza::Game::new(v2);
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(Color::Black)));
}
