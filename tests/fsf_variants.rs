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

/// Wolf chess: a Sergeant's double step (`double-step = true`) gives an
/// en-passant right as a Pawn's does, and a Pawn takes it en passant; the
/// Sergeant's move restarts the move clock (`move-rule-types`). Counts from
/// a Fairy-Stockfish built from its sources.
#[test]
fn wolf_sergeant_double_step_is_taken_en_passant() {
    let v = Variant::by_name("wolf").unwrap();
    let p = Position::from_fen(v, "8/k7/8/8/8/8/2p5/8/1S6/7K w - - 5 1").unwrap();
    assert_eq!(p.perft(2), 43);
    let next = p.play(&p.parse_move("b2b4").unwrap()).unwrap();
    assert_eq!(next.to_fen(), "8/k7/8/8/8/8/1Sp5/8/8/7K b - b3 0 1");
    let ep = next.parse_move("c4b3").unwrap();
    assert!(ep.is_en_passant());
    assert_eq!(
        next.play(&ep).unwrap().to_fen(),
        "8/k7/8/8/8/8/8/1p6/8/7K w - - 0 2"
    );
    assert_eq!(next.perft(1), 7);
    // The same square read from a FEN, and Fairy-Stockfish's form, which
    // names the Sergeant's square too.
    for fen in [
        "8/k7/8/8/8/8/1Sp5/8/8/7K b - b3 0 1",
        "8/k7/8/8/8/8/1Sp5/8/8/7K b - b3b4 0 1",
    ] {
        let q = Position::from_fen(v, fen).unwrap();
        assert!(q.parse_move("c4b3").unwrap().is_en_passant(), "{fen}");
    }
}

/// Wolf chess: only the Pawn takes en passant; a Sergeant beside a Pawn's
/// double step steps onto the square passed over without taking it.
#[test]
fn wolf_sergeant_does_not_take_en_passant() {
    let v = Variant::by_name("wolf").unwrap();
    let p = Position::from_fen(v, "8/k7/8/8/8/8/1s6/8/P7/7K w - - 0 1").unwrap();
    let next = p.play(&p.parse_move("a2a4").unwrap()).unwrap();
    let step = next.parse_move("b4a3").unwrap();
    assert!(!step.is_en_passant());
    assert_eq!(
        next.play(&step).unwrap().to_fen(),
        "8/k7/8/8/8/8/P7/s7/8/7K w - - 0 2"
    );
}

/// Wolf chess's move clock: Pawn and Sergeant moves and captures restart
/// it; a move of another type (the Nightrider) does not.
#[test]
fn wolf_move_clock_follows_its_types() {
    let v = Variant::by_name("wolf").unwrap();
    let p = Position::from_fen(v, "k7/8/8/8/8/8/8/8/1S2P3/N6K w - - 7 9").unwrap();
    let clock = |m: &str| p.play(&p.parse_move(m).unwrap()).unwrap().halfmove_clock();
    assert_eq!(clock("b2c3"), 0);
    assert_eq!(clock("e2e4"), 0);
    assert_eq!(clock("a1c2"), 8);
    assert_eq!(clock("h1g1"), 8);
}

/// `[game-end] move-rule-types` in any definition: here only the Rook's
/// moves restart the clock, the Pawn's do not.
#[test]
fn move_rule_types_restart_the_clock() {
    let text = r#"
name = "rook-clock"
files = 4
ranks = 4
start = "1k2/4/1P2/R2K w - - 3 1"
[game-end]
move-rule-types = ["R"]
[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true
[[piece]]
name = "Rook"
token = "R"
betza = "R"
[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfcF"
pawn = true
"#;
    let v = Variant::from_definition(text).unwrap();
    let p = Position::start(&v);
    let clock = |m: &str| p.play(&p.parse_move(m).unwrap()).unwrap().halfmove_clock();
    assert_eq!(clock("a1a2"), 0);
    assert_eq!(clock("b2b3"), 4);
    assert_eq!(clock("d1d2"), 4);
    // Written back as read.
    let def: betza::VariantDef = text.parse().unwrap();
    assert!(def.to_string().contains("move-rule-types = [\"R\"]"));
    assert_eq!(def.to_string().parse::<betza::VariantDef>().unwrap(), def);
    // An unknown token is refused, naming the key.
    let bad = text.replace("[\"R\"]", "[\"X\"]");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("move-rule-types"), "{e}");
}

/// `double-step = true` needs en passant, an initial region and a type
/// other than the pawn.
#[test]
fn double_step_is_checked() {
    let wolf = include_str!("../variants/wolf.toml");
    for (what, text) in [
        ("no en passant", wolf.replace("en-passant = true\n", "")),
        (
            "the pawn",
            wolf.replacen("pawn = true\n", "pawn = true\ndouble-step = true\n", 1),
        ),
    ] {
        let e = Variant::from_definition(&text).unwrap_err().to_string();
        assert!(e.contains("double-step"), "{what}: {e}");
    }
}

/// Fairy-Stockfish's `nMoveRuleTypes`: read as `move-rule-types` (each
/// side's where they differ: tests/move_clock.rs); `-` leaves captures
/// alone restarting it.
#[test]
fn fsf_n_move_rule_types() {
    let read = |extra: &str| {
        betza::VariantDef::from_fsf_ini(&format!("[a:chess]\n{extra}"))
            .map(|d| d[0].game_end.move_rule_types.clone())
    };
    assert_eq!(read("").unwrap(), None);
    assert_eq!(read("nMoveRuleTypes = p\n").unwrap(), None);
    assert_eq!(
        read("nMoveRuleTypes = pn\n").unwrap(),
        Some(vec!["N".to_string(), "P".to_string()])
    );
    assert_eq!(read("nMoveRuleTypes = -\n").unwrap(), Some(vec![]));
}

/// Pawn-back chess: a Pawn's moves may be taken back, so only captures
/// restart the move clock (`move-rule-types = []`), as Fairy-Stockfish
/// counts it (`e2e3` and `e2e4` from a clock of 5: 6).
#[test]
fn pawnback_pawn_moves_keep_the_clock() {
    let v = Variant::by_name("pawnback").unwrap();
    let p = Position::from_fen(v, "4k3/8/8/8/8/8/4P3/4K3 w - - 5 1").unwrap();
    for m in ["e2e3", "e2e4"] {
        let next = p.play(&p.parse_move(m).unwrap()).unwrap();
        assert_eq!(next.halfmove_clock(), 6, "{m}");
    }
}
