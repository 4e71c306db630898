//! Gating (`[rules] gating`, S-chess: `seirawan`, `shouse`): the counts of
//! Fairy-Stockfish's tests/perft.sh, FEN's gating rights, the move text
//! and its bad forms, and the switch itself (off, the gated moves go).

use betza::{Color, Move, MoveError, Position, Variant, VariantDef};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

fn pos<'v>(v: &'v Variant, fen: &str) -> Position<'v> {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The counts of `tests/data/fairy-stockfish-gating.perft` (Fairy-Stockfish's
/// tests/perft.sh, and random-game positions counted by a Fairy-Stockfish
/// built from its sources), each with the built-in variant and with the
/// variant read from `variants/fairy-stockfish.ini`.
#[test]
fn fairy_stockfish_counts() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fairy-stockfish-gating.perft"
    ))
    .unwrap();
    let (mut variant, mut fen) = (String::new(), String::new());
    let mut ran = 0;
    for line in text.lines().map(str::trim) {
        if let Some(x) = line.strip_prefix("variant ") {
            variant = x.to_string();
        } else if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            // Debug builds: one ply less, checked against the divide's sum.
            let d = if cfg!(debug_assertions) { d - 1 } else { d };
            let ini = VariantDef::fairy_stockfish(&variant)
                .unwrap()
                .build()
                .unwrap();
            for var in [v(&variant), &ini] {
                let p = pos(var, &fen);
                let got = p.perft(d);
                if !cfg!(debug_assertions) {
                    assert_eq!(got, n, "{variant} {fen} depth {d}");
                }
                assert_eq!(got, p.perft_no_bulk(d), "{variant} {fen} depth {d}");
            }
            ran += 1;
        }
    }
    assert_eq!(ran, 15);
}

#[test]
fn start_position_and_its_gates() {
    let p = Position::start(v("seirawan"));
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.legal_moves().len(), 28);
    assert_eq!(p.gating_squares(Color::White).count(), 8);
    let m = p.parse_move("g1f3h").unwrap();
    assert_eq!(
        m.gate().map(|r| p.variant().piece(r).name.clone()),
        Some("Hawk".into())
    );
    assert_eq!(m.gate_square(), p.square("g1"));
    let next = p.play(&m).unwrap();
    assert_eq!(
        next.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    // A move without a gate loses the square's right too.
    let next = p.play(&p.parse_move("b1c3").unwrap()).unwrap();
    assert!(
        next.to_fen().contains(" b KQCDFGkqbcdfg "),
        "{}",
        next.to_fen()
    );
    assert_eq!(next.gating_squares(Color::White).count(), 7);
}

/// Fairy-Stockfish's own positions (pyffish's test.py): the FEN it writes
/// after a move, and its reading of gating rights without a King or a
/// piece behind them.
#[test]
fn fen_as_fairy_stockfish_writes_it() {
    let s = v("seirawan");
    let p = pos(
        s,
        "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqac - 2 6",
    );
    let next = p.play(&p.parse_move("e8g8").unwrap()).unwrap();
    assert_eq!(
        next.to_fen(),
        "reb2rk1/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] w KQac - 3 7"
    );
    // Rights on an empty square or without a King on its square are dropped.
    let p = pos(
        s,
        "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b BCEHabcdh - 0 10",
    );
    assert_eq!(
        p.to_fen(),
        "rnbq3r/pp2bkpp/8/2p1p2K/2p1P3/8/PPPP1PPP/RNB4R[EHeh] b BCHabcdh - 0 10"
    );
    assert!(p.legal_moves().iter().any(|m| p.move_text(m) == "c8g4h"));
    // Every square's right named by letter, the King's too: castling.
    let p = pos(
        s,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w ABCDEFGHabcdefgh - 0 1",
    );
    assert_eq!(p.to_fen(), START);
    // A side whose hand is empty has no rights; its letters are castling.
    let p = pos(s, "r3k2r/8/8/8/8/8/8/R3K2R[eh] w KQkq - 0 1");
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R[eh] w KQkq - 0 1");
    assert_eq!(p.gating_squares(Color::White).count(), 0);
    assert_eq!(p.gating_squares(Color::Black).count(), 3);
}

#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let s = v("seirawan");
    let p = pos(
        s,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[EHeh] w KQBCDFGkqbcdfg - 0 1",
    );
    let texts: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| p.move_text(m))
        .collect();
    assert_eq!(texts, ["e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h"]);
    let m = p.parse_move("h1e1h").unwrap();
    assert_eq!(m.gate_square(), p.square("h1"));
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RKH[Eeh] b ABCDkqbcdfg - 1 1"
    );
    let m = p.parse_move("e1g1e").unwrap();
    assert_eq!(m.gate_square(), p.square("e1"));
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQERK1[Heh] b ABCDkqbcdfg - 1 1"
    );
}

#[test]
fn the_last_piece_in_hand_ends_the_rights() {
    let s = v("seirawan");
    let p = pos(s, "4k3/8/8/8/8/8/8/RN2K3[H] w QB - 0 1");
    let next = p.play(&p.parse_move("b1c3h").unwrap()).unwrap();
    assert_eq!(next.to_fen(), "4k3/8/8/8/8/2N5/8/RH2K3[] b Q - 1 1");
    // S-House: captures refill the hand, so the rights stay.
    let h = v("shouse");
    let p = pos(h, "4k3/8/8/8/8/8/8/RN2K3[H] w QB - 0 1");
    let next = p.play(&p.parse_move("b1c3h").unwrap()).unwrap();
    assert_eq!(next.to_fen(), "4k3/8/8/8/8/2N5/8/RH2K3[] b Q - 1 1");
    assert_eq!(
        pos(h, "4k3/8/8/8/8/8/8/RN2K3[] w QB - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/RN2K3[] w QB - 0 1"
    );
}

/// As Fairy-Stockfish judges a gate (its `Position::legal` tests the King
/// with the gate square empty): the gated piece never shields the King, so
/// a gated move is legal exactly when the same move without the gate is.
#[test]
fn gates_never_shield_the_king() {
    let s = v("seirawan");
    // The Rook on a1 pins the Knight on d1: neither d1c3 nor d1c3h.
    let p = pos(s, "4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1");
    let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    assert!(!texts.iter().any(|t| t.starts_with("d1")), "{texts:?}");
    // Without the pin both are legal.
    let p = pos(s, "4k3/8/8/8/8/8/8/3NK3[H] w D - 0 1");
    let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    assert!(texts.contains(&"d1c3".to_string()) && texts.contains(&"d1c3h".to_string()));
}

#[test]
fn bad_gates_are_refused_with_their_reason() {
    let s = v("seirawan");
    let p = Position::start(s);
    let err = |text: &str| p.parse_move(text).unwrap_err().to_string();
    assert_eq!(
        err("g1f3q"),
        "move \"g1f3q\": cannot gate: the side to move has no Queen in hand"
    );
    assert_eq!(
        err("e2e4h"),
        "move \"e2e4h\": cannot gate: e2 has no gating right"
    );
    assert_eq!(
        err("g1g3h"),
        "move \"g1g3\": the Knight on g1 has no move to g3"
    );
    let p = pos(s, "4k3/8/8/8/8/8/8/RN2K3[H] w Q - 0 1");
    assert_eq!(
        p.parse_move("b1c3h").unwrap_err().to_string(),
        "move \"b1c3h\": cannot gate: b1 has no gating right"
    );
    assert!(matches!(
        p.parse_move("b1c3x"),
        Err(MoveError::Syntax { .. })
    ));
    // A hand-made gate play refuses: no such legal move.
    let m = p.parse_move("b1c3").unwrap();
    let gated: Move = m.with_gate(s.role_by_token("H").unwrap(), m.from());
    assert!(p.play(&gated).is_err());
    // A square the move does not leave gives the move unchanged.
    assert_eq!(m.with_gate(s.role_by_token("H").unwrap(), m.to()), m);
}

/// Without the switch (the definition's `[rules] gating` removed) the same
/// position has no gated moves, and its hands stay where they are.
#[test]
fn the_switch_off_removes_the_gates() {
    let text = v("seirawan").definition().to_string();
    assert!(text.contains("gating = true"));
    let off = text.replace("\n[rules]\ngating = true\n", "\n");
    let err = Variant::from_definition(&off).unwrap_err().to_string();
    assert!(err.contains("hands"), "{err}");
    let on = Variant::from_definition(&text).unwrap();
    assert_eq!(Position::start(&on).legal_moves().len(), 28);
}

#[test]
fn move_and_position_sizes_stay() {
    assert_eq!(std::mem::size_of::<Move>(), 12);
}

/// pyffish's SAN assertions for Seirawan chess (its test.py): the gate
/// after `/`, castling's with its square, no disambiguation for a gated
/// move; and each SAN reads back to its move.
#[test]
fn san_as_fairy_stockfish_writes_it() {
    let s = v("seirawan");
    let mut p = Position::start(s);
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6h", "f1c4", "f8c5e"];
    let sans = ["e4", "e5", "Nf3", "Nc6/H", "Bc4", "Bc5/E"];
    for (m, want) in moves.iter().zip(sans) {
        let mv = p.parse_move(m).unwrap();
        assert_eq!(p.san(&mv), want);
        assert_eq!(p.parse_san(want).unwrap(), mv);
        let parsed: betza::San = want.parse().unwrap();
        assert_eq!(parsed.to_string(), want);
        assert_eq!(betza::San::from_move(&p, &mv).to_string(), want);
        p = p.play(&mv).unwrap();
    }
    for (m, want) in [
        ("e1g1", "O-O"),
        ("e1g1h", "O-O/He1"),
        ("e1g1e", "O-O/Ee1"),
        ("h1e1h", "O-O/Hh1"),
        ("h1e1e", "O-O/Eh1"),
    ] {
        let mv = p.parse_move(m).unwrap();
        assert_eq!(p.san(&mv), want, "{m}");
        assert_eq!(p.parse_san(want).unwrap(), mv, "{want}");
        assert_eq!(betza::San::from_move(&p, &mv).to_string(), want);
    }
    let p = pos(
        s,
        "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R[EHeh] w KQABCDEFHkqabcdefh - 2 3",
    );
    assert_eq!(p.san(&p.parse_move("b1d2e").unwrap()), "Nd2/E");
    assert_eq!(p.san(&p.parse_move("b1d2").unwrap()), "Nbd2");
    assert_eq!(
        p.parse_san("Nd2/E").unwrap(),
        p.parse_move("b1d2e").unwrap()
    );
    // Bad gates in SAN, each with its reason.
    let err = |t: &str| p.parse_san(t).unwrap_err().to_string();
    assert_eq!(
        err("Nfd2/E"),
        "SAN \"Nfd2/E\": illegal, f3 has no gating right"
    );
    assert_eq!(
        err("Nbd2/Q"),
        "SAN \"Nbd2/Q\": illegal, the side to move has no Queen in hand"
    );
    assert!(err("Nd2/").contains("a gate is '/' and a piece token"));
}

/// A game through `Game`: SAN with gates, a mate that `status` names, and
/// its PGN read back to the same position.
#[test]
fn a_game_with_gates_its_status_and_pgn() {
    let mut game = betza::Game::new(v("seirawan"));
    for san in ["f3", "e5", "g4/H", "Qh4#"] {
        // "g4/H": a Pawn leaves no first-rank square, so it cannot gate.
        if san == "g4/H" {
            let err = game.play_san(san).unwrap_err().to_string();
            assert_eq!(err, "SAN \"g4/H\": illegal, g2 has no gating right");
            game.play_san("g4").unwrap();
            continue;
        }
        game.play_san(san).unwrap();
    }
    let o = game.status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), betza::EndReason::Checkmate)
    );
    let mut game = betza::Game::new(v("seirawan"));
    for text in ["g1f3h", "b8c6e", "e2e4", "e7e5"] {
        game.play_text(text).unwrap();
    }
    let pgn = game.to_pgn();
    assert!(pgn.contains("1. Nf3/H Nc6/E 2. e4 e5"), "{pgn}");
    let back = betza::Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.position().to_fen(), game.position().to_fen());
}

/// Seirawan from any start (pyffish's `chess960=True`): Fairy-Stockfish
/// writes the castling rights as the partners' files, then the other gates
/// (`HABCDEFG`), and reads that back the same; gates on the King's square
/// and on partners, with no castling right named, give castling.
#[test]
fn gates_from_any_start_read_back_as_written() {
    let mut def = v("seirawan").definition().clone();
    def.castling.as_mut().unwrap().any_start = true;
    let s960 = Variant::new(def).unwrap();
    let p = pos(&s960, START);
    let shredder = p.to_fen_with(betza::CastlingNotation::Shredder);
    assert_eq!(
        shredder,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w HABCDEFGhabcdefg - 0 1"
    );
    let again = pos(&s960, &shredder);
    assert_eq!(
        again.to_fen_with(betza::CastlingNotation::Shredder),
        shredder
    );
    assert!(again.can_castle(Color::White, true) && again.can_castle(Color::Black, false));
    // File order, every gate named: castling with the outermost partners.
    let files = pos(
        &s960,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w ABCDEFGHabcdefgh - 0 1",
    );
    assert_eq!(
        files.to_fen_with(betza::CastlingNotation::Shredder),
        shredder
    );
    // No gate on the King's square: no castling.
    let no_king = pos(
        &s960,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w ABCDFGHabcdefgh - 0 1",
    );
    assert!(!no_king.can_castle(Color::White, true));
    assert!(no_king.can_castle(Color::Black, true));
}

/// pyffish's `validate_fen` refuses a gating right on a square without a
/// piece of its side, which the reader drops (pyffish's test.py).
#[test]
fn validation_refuses_rights_on_squares_without_a_piece() {
    use betza::BoardVariant;
    use betza::fen::FenCode;
    let s = BoardVariant::from(v("seirawan"));
    assert_eq!(s.fen_code(START), FenCode::Ok);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        // An enemy piece holds no right either.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBnR[HEhe] w KQBCDFGkqbcdf - 0 1",
    ] {
        assert!(s.from_fen(fen).is_ok(), "{fen}");
        assert_eq!(s.fen_code(fen), FenCode::InvalidCastlingInfo, "{fen}");
    }
    // Cambodian's first-move rights: on the King's and the Met's squares.
    let c = BoardVariant::from(v("cambodian"));
    let fen = "1ns1ksn1/r6r/pppmpppp/3p4/8/PPPPPPPP/RK2N2R/1NS1MS2 w Ee - 6 5";
    assert_eq!(c.fen_code(fen), FenCode::Ok);
    assert_eq!(
        c.fen_code(&fen.replace(" Ee ", " Ede ")),
        FenCode::InvalidCastlingInfo
    );
}
