//! What restarts the half-move clock beyond captures and moves of the
//! `move-rule-types`: `[game-end] move-rule-types-white` / `-black`,
//! `move-rule-irreversible`, `move-rule-drops` and `move-rule-promotions`,
//! and Fairy-Stockfish's variants, which its configuration reader gives
//! them (clocks checked against a Fairy-Stockfish built from its sources).

use betza::{Position, Variant, VariantDef};

/// The half-move clock after `moves` from `fen` (the start when empty).
fn clock_after(v: &Variant, fen: &str, moves: &[&str]) -> u32 {
    let mut p = if fen.is_empty() {
        Position::start(v)
    } else {
        Position::from_fen(v, fen).unwrap()
    };
    for m in moves {
        let mv = p
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
        p = p.play(&mv).unwrap();
    }
    p.halfmove_clock()
}

/// Pawn-sideways chess: a sideways Pawn move can be taken back, so it keeps
/// the clock running; a forward one restarts it (pyffish's test_get_fen).
#[test]
fn pawnsideways_sideways_moves_keep_the_clock() {
    let v = Variant::by_name("pawnsideways").unwrap();
    let mut q = Position::start(v);
    for m in ["e2e4", "g8f6", "e4d4"] {
        q = q.play(&q.parse_move(m).unwrap()).unwrap();
    }
    assert_eq!(
        q.to_fen(),
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPPP1PPP/RNBQKBNR b KQkq - 2 2"
    );
    let fen = "4k3/8/8/8/8/4P3/8/4K3 w - - 7 20";
    assert_eq!(clock_after(v, fen, &["e3e4"]), 0);
    assert_eq!(clock_after(v, fen, &["e3d3"]), 8);
    assert_eq!(clock_after(v, fen, &["e3f3"]), 8);
    // Petrified chess is built on it.
    let v = Variant::by_name("petrified").unwrap();
    assert_eq!(clock_after(v, fen, &["e3d3"]), 8);
    assert_eq!(clock_after(v, fen, &["e3e4"]), 0);
}

/// Pawn-back chess: Pawn moves never restart the clock (they may be taken
/// back), but a promotion does, as every promotion does in
/// Fairy-Stockfish.
#[test]
fn pawnback_promotion_restarts_the_clock() {
    let v = Variant::by_name("pawnback").unwrap();
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 9 30";
    assert_eq!(clock_after(v, fen, &["b7b8q"]), 0);
    assert_eq!(clock_after(v, fen, &["b7b6"]), 10);
}

/// Every drop restarts Fairy-Stockfish's clock (pocketknight, pyffish's
/// test_get_fen); crazyhouse keeps chess's rule (a Pawn's drop only), as
/// python-chess counts it.
#[test]
fn drops_restart_the_clock_where_the_definition_says() {
    let v = Variant::by_name("pocketknight").unwrap();
    let mut p = Position::start(v);
    p = p.play(&p.parse_move("N@e4").unwrap()).unwrap();
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 0 1"
    );
    let fen = "4k3/8/8/8/8/8/8/4K3[NPnp] w - - 6 30";
    let v = Variant::by_name("capahouse").unwrap();
    let capa = "5k4/10/10/10/10/10/10/5K4[NPnp] w - - 6 30";
    assert_eq!(clock_after(v, capa, &["N@e4"]), 0);
    assert_eq!(clock_after(v, capa, &["f1g1"]), 7);
    let v = Variant::by_name("crazyhouse").unwrap();
    assert_eq!(clock_after(v, fen, &["N@e4"]), 7);
    assert_eq!(clock_after(v, fen, &["P@e4"]), 0);
}

/// Shogi-style promotions restart Fairy-Stockfish's clock, whatever the
/// type (minishogi's Silver); Kyoto shogi's turning over does not (its
/// pieces demote too), its drops do.
#[test]
fn shogi_promotions_restart_the_clock() {
    let v = Variant::by_name("mini").unwrap();
    let fen = "4k/1S3/5/5/K4[-] w 5 9";
    assert_eq!(clock_after(v, fen, &["b4b5+"]), 0);
    assert_eq!(clock_after(v, fen, &["b4b5"]), 6);
    assert_eq!(clock_after(v, fen, &["a1a2"]), 6);
    let v = Variant::by_name("kyotoshogi").unwrap();
    // Fairy-Stockfish: after these moves the clocks are 0 (the drop), 1
    // and 2 (moves that turn a piece over).
    let start = "";
    let moves = [
        "a1b2-", "a5a4+", "d1c2-", "d5e4+", "b2b3+", "e4d3-", "b3c4-", "d3c4+", "e1e2+", "+L@a1",
    ];
    assert_eq!(clock_after(v, start, &moves), 0);
    let mut more = moves.to_vec();
    more.push("c1d1");
    assert_eq!(clock_after(v, start, &more), 1);
    more.push("a4a5-");
    assert_eq!(clock_after(v, start, &more), 2);
}

/// Spartan chess: Black's Hoplite moves restart the clock, as White's Pawn
/// moves do (`nMoveRuleTypesBlack`); other moves do not.
#[test]
fn spartan_hoplites_restart_blacks_clock() {
    let v = Variant::by_name("spartan").unwrap();
    assert_eq!(clock_after(v, "", &["b1a3", "e7c5"]), 0);
    assert_eq!(clock_after(v, "", &["b1a3", "e7c5", "a1b1"]), 1);
    assert_eq!(clock_after(v, "", &["b1a3", "g8h6"]), 2);
    assert_eq!(clock_after(v, "", &["e2e4"]), 0);
}

const CLOCK_BASE: &str = r#"
name = "clock-test"
files = 5
ranks = 5
start = "k4/5/2X2/5/K4[Xx] w - - 3 1"

[drops]
captured = "as-is"

[game-end]
GAME_END

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Ex"
token = "X"
betza = "fsW"
"#;

fn clock_variant(game_end: &str) -> Variant {
    Variant::from_definition(&CLOCK_BASE.replace("GAME_END", game_end))
        .unwrap_or_else(|e| panic!("{game_end}: {e}"))
}

/// `move-rule-irreversible`: a move of a listed type restarts the clock
/// only when the type cannot move straight back (a forward step of `fsW`,
/// not a sideways one); `move-rule-drops`: every drop restarts it.
#[test]
fn irreversible_and_drop_switches() {
    let plain = clock_variant("move-rule-types = [\"X\"]");
    let irreversible = clock_variant("move-rule-types = [\"X\"]\nmove-rule-irreversible = true");
    for (m, plain_clock, irreversible_clock) in [
        ("c3c4", 0, 0),
        ("c3b3", 0, 4),
        ("c3d3", 0, 4),
        ("a1b1", 4, 4),
        ("X@e1", 0, 0),
    ] {
        assert_eq!(clock_after(&plain, "", &[m]), plain_clock, "{m}");
        assert_eq!(
            clock_after(&irreversible, "", &[m]),
            irreversible_clock,
            "{m}"
        );
    }
    // Drops: of a listed type always; of any type with the switch.
    let none = clock_variant("move-rule-types = []");
    assert_eq!(clock_after(&none, "", &["X@e1"]), 4);
    let drops = clock_variant("move-rule-types = []\nmove-rule-drops = true");
    assert_eq!(clock_after(&drops, "", &["X@e1"]), 0);
    assert_eq!(clock_after(&drops, "", &["c3c4"]), 4);
    // A type whose moves all go back (a Rook-like `W`) never restarts it.
    let back = Variant::from_definition(
        &CLOCK_BASE
            .replace(
                "GAME_END",
                "move-rule-types = [\"X\"]\nmove-rule-irreversible = true",
            )
            .replace("betza = \"fsW\"", "betza = \"W\""),
    )
    .unwrap();
    assert_eq!(clock_after(&back, "", &["c3c4"]), 4);
}

/// `move-rule-types-white` / `-black`: each side's own types.
#[test]
fn per_side_types() {
    let v = clock_variant("move-rule-types-black = [\"X\"]\nmove-rule-types-white = []");
    let fen = "k4/5/2X2/3x1/K4[] w - - 3 1";
    assert_eq!(clock_after(&v, fen, &["c3c4"]), 4);
    assert_eq!(clock_after(&v, fen, &["a1b1", "d2c2"]), 0);
    assert_eq!(clock_after(&v, fen, &["a1b1", "a5b5"]), 5);
    // Written back as read, and an unknown token named with its key.
    let text = CLOCK_BASE.replace(
        "GAME_END",
        "move-rule-types-white = [\"K\"]\nmove-rule-types-black = [\"X\"]\nmove-rule-irreversible = true\nmove-rule-drops = true\nmove-rule-promotions = true",
    );
    let def: VariantDef = text.parse().unwrap();
    let written = def.to_string();
    for key in [
        "move-rule-types-white = [\"K\"]",
        "move-rule-types-black = [\"X\"]",
        "move-rule-irreversible = true",
        "move-rule-drops = true",
        "move-rule-promotions = true",
    ] {
        assert!(written.contains(key), "{key}: {written}");
    }
    assert_eq!(written.parse::<VariantDef>().unwrap(), def);
    let bad = text.replace("[\"X\"]", "[\"Y\"]");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("move-rule-types-black"), "{e}");
}

/// `move-rule-promotions`: a promotion restarts the clock whatever the
/// type; without it only one by a listed type does.
#[test]
fn promotion_switch() {
    let text = r#"
name = "promo-clock"
files = 5
ranks = 5
start = "4k/1S3/5/5/K4 w - - 3 1"

[promotion]
scheme = "zone"
zone = { white = "a5-e5", black = "a1-e1" }
forced = { white = "", black = "" }
from-zone = true

[game-end]
GAME_END

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Silver"
token = "S"
betza = "FfW"
promotes = ["G"]

[[piece]]
name = "Gold"
token = "G"
betza = "WfF"
"#;
    let with = |g: &str| Variant::from_definition(&text.replace("GAME_END", g)).unwrap();
    let off = with("move-rule-types = []");
    let on = with("move-rule-types = []\nmove-rule-promotions = true");
    assert_eq!(clock_after(&off, "", &["b4b5+"]), 4);
    assert_eq!(clock_after(&on, "", &["b4b5+"]), 0);
    assert_eq!(clock_after(&on, "", &["b4b5"]), 4);
}

/// Fairy-Stockfish's configuration: each key read into the switches that
/// give its clock.
#[test]
fn fsf_configuration_gives_the_switches() {
    let read = |extra: &str| {
        let d = VariantDef::from_fsf_ini(&format!("[a:chess]\n{extra}")).unwrap();
        d[0].game_end.clone()
    };
    let g = read("");
    assert!(!g.move_rule_irreversible && !g.move_rule_drops && !g.move_rule_promotions);
    assert_eq!(g.move_rule_types_by_side, [None, None]);
    // Its own Pawn never moves back; a Knight does.
    assert!(read("nMoveRuleTypes = pn\n").move_rule_irreversible);
    let g = read("nMoveRuleTypesBlack = n\n");
    assert_eq!(
        g.move_rule_types_by_side,
        [Some(vec!["P".to_string()]), Some(vec!["N".to_string()])]
    );
    assert!(g.move_rule_irreversible && g.move_rule_promotions);
    assert!(read("pieceDrops = true\n").move_rule_drops);
    let spartan = &VariantDef::fairy_stockfish("spartan").unwrap().game_end;
    assert_eq!(
        spartan.move_rule_types_by_side,
        [Some(vec!["P".to_string()]), Some(vec!["H".to_string()])]
    );
}
