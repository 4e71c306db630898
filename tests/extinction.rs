//! Extinction of named piece types and flag regions (`[rules]`
//! `extinction-pieces`, `extinction-count`, `extinction-opponent-count`,
//! `extinction-pseudo-royal`, `region-win`; Fairy-Stockfish's
//! `extinctionPieceTypes` and its siblings, `flagPiece`, `flagRegion`,
//! `flagMove`), through the built-in variants `threekings`, `breakthrough`,
//! `fox-and-hounds` and Fairy-Stockfish's configuration format. Their perft
//! counts are in `tests/data/fairy-stockfish*.perft` (run by tests/fsf.rs).

use betza::{Color, EndReason, Position, Variant, VariantDef};

fn pos(variant: &str, fen: &str) -> Position<'static> {
    Position::from_fen(Variant::by_name(variant).unwrap(), fen).unwrap()
}

fn play(p: &Position<'static>, text: &str) -> Position<'static> {
    let m = p.parse_move(text).unwrap();
    p.play(&m).unwrap()
}

#[test]
fn three_kings_losing_one_king_of_three_loses() {
    let p = pos("threekings", "k3k2k/8/8/8/8/8/4R3/K3K2K w - - 0 1");
    assert!(p.outcome().is_none());
    let q = play(&p, "e2e8");
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Extinction)
    );
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.perft(1), 0);
}

#[test]
fn three_kings_kings_are_not_royal() {
    // The e1 King may step into the Rook's attack: no check, no pin.
    let p = pos("threekings", "k3k2k/8/8/8/8/8/3r4/K3K2K w - - 0 1");
    assert!(!p.is_check());
    assert!(p.parse_move("e1d1").is_ok_and(|m| p.is_legal(&m)));
    // A side that starts with two Kings has already lost.
    let two = pos("threekings", "k3k3/8/8/8/8/8/8/K3K2K w - - 0 1");
    let o = two.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Extinction)
    );
}

#[test]
fn breakthrough_reaching_the_last_rank_wins() {
    let p = pos("breakthrough", "8/P7/8/8/8/8/7p/8 w - - 0 1");
    let o = play(&p, "a7a8").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Region)
    );
    // Black's flag is rank 1.
    let p = pos("breakthrough", "8/8/8/P7/8/8/7p/8 b - - 0 1");
    let o = play(&p, "h2h1").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Region)
    );
    // A side with no piece left cannot move: it loses (stalemate = loss).
    let p = pos("breakthrough", "8/8/8/8/8/1p6/P7/8 w - - 0 1");
    let q = play(&p, "a2b3");
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Stalemate)
    );
}

#[test]
fn fox_and_hounds_fox_wins_on_rank_8_and_loses_when_trapped() {
    let p = pos("fox-and-hounds", "1h1h1h2/6F1/8/8/8/8/8/8 w - - 0 1");
    let o = play(&p, "g7h8").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Region)
    );
    // The Hounds have no flag: one on rank 1 wins nothing.
    let p = pos("fox-and-hounds", "8/8/8/3F4/8/8/1h6/8 b - - 0 1");
    let q = play(&p, "b2a1");
    assert_eq!(q.outcome(), None);
    // The Fox with no move loses.
    let trapped = pos("fox-and-hounds", "8/8/8/8/8/8/1h6/F7 w - - 0 1");
    let o = trapped.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
}

/// A definition of chess where losing every Knight, or all but one Rook
/// while the opponent keeps two, loses: each key of `[rules]` extinction.
const COUNTED: &str = r#"
name = "counted"
files = 8
ranks = 8
start = "rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1"

[rules]
extinction = "loss"
extinction-pieces = ["N", "R"]
extinction-count = 1
extinction-opponent-count = 2

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
name = "Knight"
token = "N"
betza = "N"
"#;

#[test]
fn extinction_counts_each_listed_type_against_the_opponents() {
    let v = Variant::from_definition(COUNTED).unwrap();
    let p = Position::from_fen(&v, "rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1").unwrap();
    assert!(p.outcome().is_none());
    // Black down to one Knight while White has two: Black loses.
    let q = Position::from_fen(&v, "r3k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1").unwrap();
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Extinction)
    );
    // Both down to one Knight: the opponent lacks the two it needs.
    let q = Position::from_fen(&v, "r3k1nr/8/8/8/8/8/8/R3K1NR w - - 0 1").unwrap();
    assert!(q.outcome().is_none());
    // The definition writes itself back.
    let def: VariantDef = COUNTED.parse().unwrap();
    assert_eq!(def.to_string().parse::<VariantDef>().unwrap(), def);
}

#[test]
fn extinction_refinements_need_extinction() {
    for (key, line) in [
        ("extinction-pieces", "extinction-pieces = [\"N\"]"),
        ("extinction-count", "extinction-count = 1"),
        ("extinction-pseudo-royal", "extinction-pseudo-royal = true"),
    ] {
        let text = COUNTED.replace("extinction = \"loss\"\n", "").replace(
            "extinction-pieces = [\"N\", \"R\"]\nextinction-count = 1\nextinction-opponent-count = 2\n",
            &format!("{line}\n"),
        );
        let e = Variant::from_definition(&text).unwrap_err().to_string();
        assert!(e.contains(key) && e.contains("needs `extinction"), "{e}");
    }
    let bad = COUNTED.replace("extinction-count = 1", "extinction-count = 300");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("300 is not in 0..=255"), "{e}");
    let bad = COUNTED.replace("[\"N\", \"R\"]", "[\"N\", \"X\"]");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("X"), "{e}");
}

fn refusal(text: &str) -> String {
    VariantDef::from_fsf_ini(text).unwrap_err().to_string()
}

#[test]
fn fairy_stockfish_extinction_and_flag_keys() {
    // Read: extinction of a type, a flag for one side.
    let defs = VariantDef::from_fsf_ini(
        "[pawnsout:chess]\nextinctionValue = loss\nextinctionPieceTypes = p\n\
         [hill:chess]\nflagPieceWhite = k\nflagRegionWhite = d4 e4\n",
    )
    .unwrap();
    assert_eq!(defs[0].rules.extinction, Some(false));
    assert_eq!(defs[0].rules.extinction_pieces, ["P"]);
    assert_eq!(defs[1].rules.region_win.len(), 1);
    // A draw value is read (Shatar's bare King, issue 37).
    let defs =
        VariantDef::from_fsf_ini("[x:chess]\nextinctionValue = draw\nextinctionPieceTypes = q\n")
            .unwrap();
    assert!(defs[0].rules.extinction_draw);
    // Refused, naming the key: a claim but the bare King's, `*` mixed with
    // types, an extra move for a piece that is not the King.
    let e = refusal(
        "[x:chess]\nextinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = q\n",
    );
    assert!(e.contains("extinctionClaim"), "{e}");
    let e = refusal("[x:chess]\nextinctionValue = win\nextinctionPieceTypes = *q\n");
    assert!(e.contains("extinctionPieceTypes"), "{e}");
    // The King as one side's flag only (a Queen flag alone is Jeson
    // Mor's `region-hold`: tests/board_games.rs).
    let e = refusal(
        "[x:chess]\nflagPieceWhite = k\nflagPieceBlack = q\nflagRegion = *8\nflagMove = true\n",
    );
    assert!(e.contains("flagMove"), "{e}");
    let e = refusal("[x:chess]\nflagPiece = z\nflagRegion = *8\n");
    assert!(e.contains("flagPiece"), "{e}");
    let e = refusal("[x:chess]\nextinctionPseudoRoyal = true\n");
    assert!(e.contains("extinctionPseudoRoyal"), "{e}");
    let e = refusal("[x:chess]\ndupleCheck = true\n");
    assert!(e.contains("dupleCheck"), "{e}");
    let e = refusal("[x:breakthrough]\nchecking = false\n");
    assert!(e.contains("checking"), "{e}");
    let e = refusal("[x:chess]\nstalematePieceCount = true\nstalemateValue = draw\n");
    assert!(e.contains("stalematePieceCount"), "{e}");
    // Antichess's keys: compulsory capture, stalemate and extinction win.
    let defs = VariantDef::from_fsf_ini("[a:antichess]\n[s:suicide]\n").unwrap();
    assert!(defs[0].rules.capture_forced && defs[0].rules.extinction == Some(true));
    assert_eq!(defs[0].stalemate, betza::StalemateRule::Win);
    assert_eq!(defs[1].stalemate, betza::StalemateRule::FewerPieces);
    // `checking = false` is racing kings' rule: no move may give check.
    let defs = VariantDef::from_fsf_ini("[rk:racingkings]\n").unwrap();
    assert!(defs[0].rules.check_illegal && defs[0].rules.region_reply);
}

#[test]
fn coregal_every_queen_is_royal() {
    // The Queen on d1 is attacked by the Rook: check, and every move must
    // end it; the King may not step into attack either.
    let p = pos("coregal", "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(p.is_check());
    let queen = p.variant().role_by_token("Q").unwrap();
    assert!(p.legal_moves().iter().all(|m| m.role() == queen));
    let legal = |t: &str| p.parse_move(t).is_ok_and(|m| p.is_legal(&m));
    assert!(legal("d1a4") && legal("d1h5"));
    assert!(!legal("e1f1") && !legal("d1d2") && !legal("d1d8"));
    // A Queen mated: attacked, no move saves it.
    let mated = pos("coregal", "7k/8/8/8/8/1n6/RP6/QN5K w - - 0 1");
    assert!(mated.is_check());
    let o = mated.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Checkmate)
    );
    // Without a Queen a side plays on: no extinction with royal pieces.
    let none = pos("coregal", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(
        none.outcome()
            .is_some_and(|o| o.reason == EndReason::InsufficientMaterial)
    );
    assert!(!none.legal_moves().is_empty());
}

#[test]
fn kinglet_king_castles_through_attack_and_the_mover_dies_out_first() {
    // The Bishop on f3 attacks e2..h1 and the Bishop on b5 e8's path:
    // Kings are no royal pieces, so both sides castle anyway.
    let p = pos(
        "kinglet",
        "r3k2r/pppp1ppp/8/1B6/8/5b2/PPPP1P1P/R3K2R w KQkq - 0 1",
    );
    let castle = p.parse_move("e1g1").unwrap();
    assert!(p.is_legal(&castle));
    let q = p.play(&castle).unwrap();
    assert_eq!(
        q.to_fen(),
        "r3k2r/pppp1ppp/8/1B6/8/5b2/PPPP1P1P/R4RK1 b kq - 1 1"
    );
    assert!(q.parse_move("e8c8").is_ok_and(|m| q.is_legal(&m)));
    // Promoting the last Pawn dies out: the mover is judged first, even
    // when the capture takes the opponent's last Pawn too.
    let p = pos("kinglet", "1p2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let o = play(&p, "a7b8k").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Extinction)
    );
    // A castling piece of its own only without royal pieces.
    let bad = Variant::by_name("chess")
        .unwrap()
        .definition()
        .to_string()
        .replace("rook = \"R\"", "rook = \"R\"\nking = \"K\"");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("castling.king"), "{e}");
}

#[test]
fn spartan_duple_check_and_a_lone_king_is_royal() {
    // Both Spartan Kings attacked by the Queen: duple check.
    let p = pos("spartan", "k2Q3k/hh5h/8/8/8/8/8/4K3 b - - 0 1");
    assert!(p.is_check());
    // One King of two may step into attack; a lone King may not.
    let legal = |p: &Position<'static>, t: &str| p.parse_move(t).is_ok_and(|m| p.is_legal(&m));
    let two = pos("spartan", "k6k/hh5h/8/8/8/8/8/4K1Q1 b - - 0 1");
    assert!(!two.is_check() && legal(&two, "h8g8"));
    let one = pos("spartan", "7k/hh5h/8/8/8/8/8/4K1Q1 b - - 0 1");
    assert!(!one.is_check() && !legal(&one, "h8g8"));
    // The Persian King is royal alone: it castles as a King, not through
    // attack (the General on d3 attacks d1 through the open d-file).
    let p = pos(
        "spartan",
        "l1k1k2l/hhh2hhh/8/8/8/3g4/PPP2PPP/R3K2R w KQ - 0 1",
    );
    assert!(!legal(&p, "e1c1") && legal(&p, "e1g1"));
    // Black's Kings never castle: the castling field refuses its rights.
    let v = Variant::by_name("spartan").unwrap();
    assert!(
        Position::from_fen(
            v,
            "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        )
        .is_err()
    );
}
