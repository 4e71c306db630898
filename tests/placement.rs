//! Placement before play (`[rules] must-drop` and what comes with it:
//! `drop-opposite-colors`, `castle-dropped`, `promotion-in-place`,
//! `[drops] captured = "lost"`): Fairy-Stockfish's `placement` and
//! `sittuyin`. Their counts are in `tests/data/fairy-stockfish.perft` and
//! `fairy-stockfish-built.perft` (run by tests/fsf.rs with the variants read
//! from `variants/fairy-stockfish.ini`); here with the built-ins too, and
//! the rules one by one.

use betza::{MoveError, Position, Variant, VariantDef};

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

fn pos<'v>(v: &'v Variant, fen: &str) -> Position<'v> {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &Position<'_>) -> Vec<String> {
    p.legal_moves().iter().map(|m| p.move_text(m)).collect()
}

/// Every count of the two data files for these variants, with the
/// built-in definitions (tests/fsf.rs runs them with the ini's).
#[test]
fn fairy_stockfish_counts_with_the_builtins() {
    let mut ran = 0;
    for file in ["fairy-stockfish.perft", "fairy-stockfish-built.perft"] {
        let text =
            std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        let (mut variant, mut fen) = (String::new(), String::new());
        for line in text.lines().map(str::trim) {
            if let Some(x) = line.strip_prefix("variant ") {
                variant = x.to_string();
            } else if let Some(f) = line.strip_prefix("fen ") {
                fen = f.to_string();
            } else if let Some(p) = line.strip_prefix("perft ") {
                if variant != "placement" && variant != "sittuyin" {
                    continue;
                }
                let (d, n) = p.split_once(' ').unwrap();
                let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                if cfg!(debug_assertions) && n > 100_000 {
                    continue;
                }
                let p = pos(v(&variant), &fen);
                assert_eq!(p.perft(d), n, "{variant} {fen} depth {d}");
                ran += 1;
            }
        }
    }
    assert!(ran >= 10, "{ran}");
}

#[test]
fn the_setup_phase_drops_only() {
    let p = Position::start(v("placement"));
    assert_eq!(
        p.to_fen(),
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
    );
    // Five types on eight squares; Pawns wait.
    assert_eq!(p.legal_moves().len(), 40);
    assert!(p.legal_moves().iter().all(|m| m.is_drop()));
    assert_eq!(
        p.parse_move("e2e4").unwrap_err().to_string(),
        "move \"e2e4\": illegal, a piece in hand must be dropped first (the setup phase)"
    );
    // A placement outside the side's region: a clear error.
    let err = p.parse_move("Q@e4").unwrap_err();
    assert!(matches!(err, MoveError::Drop { .. }));
    assert_eq!(
        err.to_string(),
        "drop \"Q@e4\": e4 is outside the Queen's drop region"
    );
    let s = Position::start(v("sittuyin"));
    assert_eq!(
        s.parse_move("R@a2").unwrap_err().to_string(),
        "drop \"R@a2\": a2 is outside the Rook's drop region"
    );
    assert_eq!(
        s.parse_move("K@d4").unwrap_err().to_string(),
        "drop \"K@d4\": d4 is outside the King's drop region"
    );
    // Once the hands are empty, play goes on as chess.
    let p = pos(
        v("placement"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    );
    assert_eq!(p.legal_moves().len(), 20);
    // A side whose hand is full but cannot drop moves instead (none here:
    // a full first rank with a piece still in hand).
    let p = pos(
        v("placement"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
    );
    assert_eq!(p.legal_moves().len(), 20);
}

/// FEN counts a royal piece in hand; a side with none on the board or in
/// hand is refused (pyffish's invalid Sittuyin FEN).
#[test]
fn the_king_may_wait_in_hand() {
    let s = v("sittuyin");
    assert!(
        Position::from_fen(
            s,
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[FRRSSNNkfrrssnn] w - - 0 1"
        )
        .is_err()
    );
    assert!(
        Position::from_fen(
            s,
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[KFRRSSNNkfrrssnn] w - - 0 1"
        )
        .is_err()
    );
    let p = pos(
        s,
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    );
    // Written in Fairy-Stockfish's order of the hands.
    assert_eq!(
        p.to_fen(),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
    );
    assert!(!p.is_check());
    // A drop restarts the move clock, as Fairy-Stockfish counts it.
    let p = pos(
        s,
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 7 1",
    );
    let next = p.play(&p.parse_move("R@a1").unwrap()).unwrap();
    assert_eq!(
        next.to_fen(),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7[KSSFRNNkssfrrnn] b - - 0 1"
    );
}

#[test]
fn bishops_on_both_colours() {
    let pl = v("placement");
    // A Bishop on b1 (light): the other may not go on a light square.
    let p = pos(
        pl,
        "8/pppppppp/8/8/8/8/PPPPPPPP/1B6[KQRRBNNkqrrbbnn] w - - 0 1",
    );
    assert_eq!(
        p.parse_move("B@d1").unwrap_err().to_string(),
        "drop \"B@d1\": the pieces of a type that must stand on both colours could no longer do so"
    );
    assert!(p.parse_move("B@c1").is_ok());
    // A Bishop on c1 (dark), f1 (light) and g1 (dark) left, a Bishop and
    // a Knight in hand: the Bishop goes on f1, so the Knight may not.
    let p = pos(
        pl,
        "8/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[BNkqrrbbnn] w - - 0 1",
    );
    let t = texts(&p);
    assert_eq!(t, ["B@f1", "N@g1"], "{t:?}");
}

/// A King dropped on e1 with a Rook on a corner, or a Rook dropped on a
/// corner with the King on e1, may castle there (the FENs as
/// Fairy-Stockfish writes them).
#[test]
fn dropped_pieces_castle() {
    let pl = v("placement");
    let p = pos(
        pl,
        "8/pppppppp/8/8/8/8/PPPPPPPP/7R[KQRBBNNkqrrbbnn] w - - 0 1",
    );
    let next = p.play(&p.parse_move("K@e1").unwrap()).unwrap();
    assert_eq!(
        next.to_fen(),
        "8/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNkqrrbbnn] b K - 0 1"
    );
    let p = pos(
        pl,
        "8/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNkqrrbbnn] w - - 0 1",
    );
    let next = p.play(&p.parse_move("R@a1").unwrap()).unwrap();
    assert_eq!(
        next.to_fen(),
        "8/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNkqrrbbnn] b Q - 0 1"
    );
    // Not with the King elsewhere.
    let p = pos(
        pl,
        "8/pppppppp/8/8/8/8/PPPPPPPP/3K4[QRRBBNNkqrrbbnn] w - - 0 1",
    );
    let next = p.play(&p.parse_move("R@a1").unwrap()).unwrap();
    assert!(next.to_fen().contains(" b - - "), "{}", next.to_fen());
    // Castling itself, once the hands are empty.
    let p = pos(pl, "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQq - 0 1");
    assert!(texts(&p).contains(&"e1g1".to_string()));
}

/// pyffish's test.py: Sittuyin's SAN and move text, as Fairy-Stockfish
/// writes them, and the in-place promotion that is no capture.
#[test]
fn sittuyin_text_as_pyffish_writes_it() {
    let s = v("sittuyin");
    let san = |fen: &str, text: &str| {
        let p = pos(s, fen);
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.parse_san(&p.san(&m)).unwrap(), m);
        p.san(&m)
    };
    let start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    assert_eq!(san(start, "R@a1"), "R@a1");
    assert_eq!(
        san(
            "3rr3/1kn3n1/1ss1p1pp/1pPpP3/6PP/p3KN2/2SSFN2/3R3R[] b - - 0 14",
            "c6c5"
        ),
        "Scxc5"
    );
    assert_eq!(
        san(
            "7R/1r6/3k1np1/3s2N1/3s3P/4n3/6p1/2R3K1[] w - - 2 55",
            "h4h4f"
        ),
        "h4=F"
    );
    assert_eq!(
        san("k7/2K3P1/8/4P3/8/8/8/1R6[] w - - 0 1", "e5f6f"),
        "e5f6=F"
    );
    let p = pos(s, "8/2k5/8/4P3/4P1N1/5K2/8/8[] w - - 0 1");
    let m = p.parse_move("e5e5f").unwrap();
    assert!(!m.is_capture());
    assert_eq!((m.from(), m.promotion()), (m.to(), s.role_by_token("F")));
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "8/2k5/8/4F3/4P1N1/5K2/8/8[] b - - 0 1"
    );
}

/// Sittuyin's promotion as Fairy-Stockfish judges it.
#[test]
fn sittuyin_promotion_rules() {
    let s = v("sittuyin");
    let promotions = |fen: &str| -> Vec<String> {
        let p = pos(s, fen);
        p.legal_moves()
            .iter()
            .filter(|m| m.promotion().is_some())
            .map(|m| p.move_text(m))
            .collect()
    };
    // Two Pawns: only the one on the zone (e5, not e4) promotes, in place
    // or by a step of the Met to an empty square (not d6: check).
    assert_eq!(
        promotions("8/2k5/8/4P3/4P1N1/5K2/8/8[] w - - 0 1"),
        ["e5d4f", "e5f4f", "e5e5f", "e5f6f"]
    );
    // A side's last Pawn promotes anywhere.
    assert_eq!(
        promotions("8/2k5/8/8/4P1N1/5K2/8/8[] w - - 0 1"),
        ["e4d3f", "e4e4f", "e4d5f", "e4f5f"]
    );
    // Not while the side has a Met on the board.
    assert!(promotions("8/2k5/8/8/4P1N1/5K2/8/F7[] w - - 0 1").is_empty());
    // The new Met may attack no enemy piece: not on d6 or f6, next to the
    // Knight on e7.
    assert_eq!(
        promotions("8/2k1n3/8/4P3/8/5K2/8/8[] w - - 0 1"),
        ["e5d4f", "e5f4f", "e5e5f"]
    );
    // Nor give check: not on c6, next to the King on b7.
    assert_eq!(
        promotions("8/1k6/8/3P4/8/5K2/8/8[] w - - 0 1"),
        ["d5c4f", "d5e4f", "d5d5f", "d5e6f"]
    );
    // Moves into the zone do not promote.
    let p = pos(s, "8/2k5/8/8/4P3/5K2/8/8[] w - - 0 1");
    assert!(p.parse_move("e4e5").unwrap().promotion().is_none());
}

/// The switch off (the definition's `must-drop` removed): a side with
/// pieces in hand may move its Pawns too.
#[test]
fn the_switch_off_lets_pawns_move() {
    let text = v("placement").definition().to_string();
    assert!(text.contains("must-drop = true"));
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 1";
    let off = text
        .replace("must-drop = true\n", "")
        .replace(v("placement").start_fen(), fen);
    let off = Variant::from_definition(&off).unwrap();
    let p = pos(&off, fen);
    assert!(p.parse_move("e2e4").is_ok() && p.parse_move("Q@d1").is_ok());
    assert!(pos(v("placement"), fen).parse_move("e2e4").is_err());
    // `must-drop` without `[drops]`: refused.
    let chess = v("chess").definition().to_string();
    let err = Variant::from_definition(&format!("{chess}\n[rules]\nmust-drop = true\n"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("must-drop needs [drops]"), "{err}");
}

/// The definitions round-trip through their text, and the configuration
/// format reads the same rules.
#[test]
fn definitions_round_trip() {
    for name in ["placement", "sittuyin"] {
        let def = v(name).definition().clone();
        let text = def.to_string();
        assert_eq!(text.parse::<VariantDef>().unwrap(), def, "{name}");
        let ini = VariantDef::fairy_stockfish(name).unwrap().build().unwrap();
        let a = Position::start(v(name));
        let b = Position::start(&ini);
        assert_eq!(a.perft(2), b.perft(2), "{name}");
    }
}
