//! Bughouse's family on one board and the hands' other rules: captured
//! pieces kept as they are (`captured = "as-is"`, loop chess), captures
//! going to a partner's board (`captured = "partner"`: bughouse, Koedem,
//! supply chess as Fairy-Stockfish's single-board perft counts them), the
//! type that must be dropped first (`must-drop-type`), drops that may not
//! check (`drop-check-illegal`), lame leaps past a confinement's edge, and
//! fog of war's FEN (`Position::to_fog_fen`).

use betza::{Color, Position, Variant, VariantDef};

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

fn play(pos: &Position<'static>, text: &str) -> Position<'static> {
    pos.play(&pos.parse_move(text).unwrap()).unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut m: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    m.sort();
    m
}

const PROMOTE: &str = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1";

#[test]
fn loop_chess_keeps_a_promoted_piece_in_hand() {
    for (name, hand) in [
        ("loop", "[Rq]"),
        ("chessgi", "[Rq]"),
        ("crazyhouse", "[Rp]"),
    ] {
        let pos = Position::from_fen(v(name), PROMOTE).unwrap();
        let pos = play(&play(&pos, "b7a8q"), "d8a8");
        assert!(pos.to_fen().contains(hand), "{name}: {}", pos.to_fen());
    }
    // Loop chess writes no marks (Fairy-Stockfish's FEN without them).
    let pos = play(&Position::from_fen(v("loop"), PROMOTE).unwrap(), "b7a8q");
    assert!(pos.to_fen().starts_with("Q2qkbnr/"), "{}", pos.to_fen());
}

#[test]
fn chessgi_drops_pawns_on_the_first_rank() {
    let fen = "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1";
    for (name, first) in [("chessgi", true), ("loop", false)] {
        let pos = Position::from_fen(v(name), fen).unwrap();
        let m = moves(&pos);
        assert_eq!(m.contains(&"P@a1".to_string()), first, "{name}");
        assert!(!m.contains(&"P@a8".to_string()), "{name}");
        let black = Position::from_fen(v(name), &fen.replace(" w ", " b ")).unwrap();
        assert_eq!(moves(&black).contains(&"P@a8".to_string()), first, "{name}");
    }
    // A Pawn dropped on the first rank steps one square at a time.
    let pos = Position::from_fen(v("chessgi"), "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1").unwrap();
    let m = moves(&pos);
    assert!(m.contains(&"a1a2".to_string()) && !m.contains(&"a1a3".to_string()));
}

#[test]
fn bughouse_captures_leave_the_board_and_promotions_stay_marked() {
    let pos = Position::from_fen(v("bughouse"), PROMOTE).unwrap();
    let pos = play(&pos, "b7a8q");
    // The Rook goes to the partner: no hand here fills.
    assert!(pos.to_fen().starts_with("Q~2qkbnr/"), "{}", pos.to_fen());
    assert!(pos.to_fen().contains("[]"));
    assert!(pos.is_marked(pos.square("a8").unwrap()));
    let pos = play(&pos, "d8a8");
    assert!(pos.to_fen().contains("[]"), "{}", pos.to_fen());
    // Pieces the position gives in hand are dropped as in crazyhouse.
    let pos = Position::from_fen(v("bughouse"), "4k3/8/8/8/8/8/8/4K3[QNPqp] w - - 0 1").unwrap();
    let m = moves(&pos);
    assert!(m.contains(&"Q@d5".to_string()) && m.contains(&"N@a1".to_string()));
    assert!(!m.contains(&"P@a1".to_string()) && !m.contains(&"P@a8".to_string()));
    // No King in hand: it is royal.
    assert!(Position::from_fen(v("bughouse"), "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").is_err());
}

#[test]
fn bughouse_stalemate_loses() {
    let pos = Position::from_fen(v("bughouse"), "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
    let pos = Position::from_fen(v("crazyhouse"), "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap().winner, None);
}

#[test]
fn koedem_drops_its_king_first() {
    let pos = Position::from_fen(
        v("koedem"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1",
    )
    .unwrap();
    let m = moves(&pos);
    assert_eq!(m.len(), 34);
    assert!(m.iter().all(|t| t.starts_with("K@")), "{m:?}");
    let why = pos.parse_move("Q@d1").unwrap_err().to_string();
    assert!(why.contains("dropped first"), "{why}");
    // With its King on the board it moves and drops freely.
    let pos = Position::from_fen(
        v("koedem"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(pos.legal_moves().len(), 54);
    // The King is no royal piece: it may be captured, and stepping into
    // attack is a move.
    let pos = Position::from_fen(v("koedem"), "4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1").unwrap();
    assert!(moves(&pos).contains(&"e1d2".to_string()));
    assert!(moves(&pos).contains(&"e1e2".to_string()));
}

#[test]
fn koedem_is_lost_when_the_opponent_holds_both_kings() {
    // Black holds both Kings (one on the board, one in hand): White has lost.
    let pos = Position::from_fen(v("koedem"), "4k3/8/8/8/8/8/8/R7[k] w - - 0 1").unwrap();
    assert_eq!(pos.outcome().unwrap().winner, Some(Color::Black));
    assert!(pos.legal_moves().is_empty());
    // One King captured is no loss on one board: it went to the partner.
    let pos = Position::from_fen(v("koedem"), "4k3/8/8/8/8/8/8/R7[] w - - 0 1").unwrap();
    assert!(pos.outcome().is_none());
}

#[test]
fn supply_drops_on_its_own_half_without_check() {
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4[RPr] w - - 0 1";
    let pos = Position::from_fen(v("supply"), fen).unwrap();
    let m = moves(&pos);
    assert!(m.contains(&"R@a1".to_string()) && m.contains(&"R@i5".to_string()));
    assert!(!m.contains(&"R@a6".to_string()), "the own half only");
    // The Rook on the d-file would check the General: not as a drop.
    assert!(!m.contains(&"R@d1".to_string()));
    let why = pos.parse_move("R@d1").unwrap_err().to_string();
    assert!(why.contains("may not give check"), "{why}");
    // A Soldier keeps to where it could have walked: a4, not b4.
    assert!(m.contains(&"P@a4".to_string()) && !m.contains(&"P@b4".to_string()));
    assert!(!m.contains(&"P@a1".to_string()));
}

#[test]
fn lame_leaps_cross_squares_outside_the_confinement() {
    // Supply's Elephants keep to their seven points; the eye between need
    // not be one of them.
    let pos = Position::start(v("supply"));
    let m = moves(&pos);
    for t in ["c1a3", "c1e3", "g1e3", "g1i3"] {
        assert!(m.contains(&t.to_string()), "{t}: {m:?}");
    }
    // A blocked eye still blocks.
    let pos = Position::from_fen(v("supply"), "3k5/9/9/9/9/9/9/9/1R7/2B1K4[] w - - 0 1").unwrap();
    assert!(!moves(&pos).contains(&"c1a3".to_string()));
}

#[test]
fn fog_of_war_hides_what_the_side_to_move_cannot_reach() {
    let pos = Position::start(v("chess"));
    assert_eq!(
        pos.to_fog_fen(),
        "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // pyffish's test: the en-passant square is seen, the empty e3 not.
    let fog = &VariantDef::from_fsf_ini(
        "[fogofwar:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\nextinctionPieceTypes = k\n",
    )
    .unwrap()[0];
    let fog = fog.clone().build().unwrap();
    let pos = Position::from_fen(
        &fog,
        "rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1",
    )
    .unwrap();
    assert_eq!(
        pos.to_fog_fen(),
        "********/********/2******/Pp*p***1/4P3/4*3/1PPP1PPP/RNBQKBNR w KQkq b6 0 1"
    );
    // The Rook sees its file and g1, the King its five squares.
    let pos = Position::from_fen(v("chess"), "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert!(pos.legal_moves().iter().any(|m| m.is_castle()));
    assert_eq!(
        pos.to_fog_fen(),
        "*******1/*******1/*******1/*******1/*******1/*******1/***3*1/***1K2R w K - 0 1"
    );
    // Drops show every empty square they reach; a finished game only the own pieces.
    let pos = Position::from_fen(v("crazyhouse"), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    assert_eq!(pos.to_fog_fen(), "4*3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let mated = Position::from_fen(v("chess"), "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert!(mated.legal_moves().is_empty());
    assert_eq!(
        mated.to_fog_fen(),
        "******k*/*****ppp/********/********/********/********/********/******** b - - 0 1"
    );
}

#[test]
fn definitions_refuse_the_new_keys_out_of_place() {
    let chess = betza::builtin::definition_text("chess")
        .unwrap()
        .to_string();
    let with_rules = |rules: &str| format!("{chess}\n[rules]\n{rules}\n");
    let e = Variant::from_definition(&with_rules("drop-check-illegal = true"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("drop-check-illegal needs [drops]"), "{e}");
    let e = Variant::from_definition(&with_rules("must-drop-type = \"K\""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("must-drop-type needs must-drop"), "{e}");
    let house = betza::builtin::definition_text("crazyhouse")
        .unwrap()
        .to_string();
    let e = Variant::from_definition(&house.replace("\"marked\"", "\"kept\""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"as-is\" or \"partner\""), "{e}");
    // Each value reads back as written.
    for name in ["loop", "bughouse", "koedem", "supply"] {
        let def = Variant::by_name(name).unwrap().definition().clone();
        let again: VariantDef = def.to_string().parse().unwrap();
        assert_eq!(again, def, "{name}");
    }
}
