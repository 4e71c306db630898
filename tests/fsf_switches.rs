//! Fairy-Stockfish configuration keys that pyffish's own test suite uses
//! (its `test.py` configuration): each read as Fairy-Stockfish defines it.

use betza::{Position, VariantDef};

/// The one variant of a configuration text, built.
fn variant(text: &str) -> betza::Variant {
    let defs = VariantDef::from_fsf_ini(text).unwrap_or_else(|e| panic!("{e}"));
    defs.last()
        .unwrap()
        .clone()
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The legal moves' texts from `fen`, sorted.
fn moves(v: &betza::Variant, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

fn refusal(text: &str) -> String {
    VariantDef::from_fsf_ini(text)
        .map(|d| d.len())
        .unwrap_err()
        .to_string()
}

/// pyffish's Shogun: `promotionLimit` names the Centaur `g`, a type only
/// a Knight's promotion reaches (`promotedPieceType = n:g`): Fairy-Stockfish
/// counts the promoted Knights, so a Knight may not promote while one is on
/// the board.
const SHOGUN: &str = "[shogun:crazyhouse]
startFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1
commoner = c
centaur = g
archbishop = a
chancellor = m
fers = f
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotionLimit = g:1 a:1 m:1 q:1
promotionPieceTypes = -
promotedPieceType = p:c n:g b:a r:m f:q
mandatoryPawnPromotion = false
firstRankPawnDrops = true
promotionZonePawnDrops = true
dropRegionWhite = *1 *2 *3 *4 *5
dropRegionBlack = *4 *5 *6 *7 *8
immobilityIllegal = true
";

#[test]
fn promotion_limit_of_a_type_reached_only_by_promotion() {
    let v = variant(SHOGUN);
    // Fairy-Stockfish's counts (a Fairy-Stockfish built from its sources).
    assert_eq!(v.start_position().perft(3), 8978);
    let free = moves(&v, "4k3/8/8/3N4/8/8/8/4K3[] w - - 0 1");
    assert!(free.contains(&"d5c7+".to_string()), "{free:?}");
    // A promoted Knight on b3: no second one.
    let limited = moves(&v, "4k3/8/8/3N4/8/1+N6/8/4K3[] w - - 0 1");
    assert!(limited.contains(&"d5c7".to_string()), "{limited:?}");
    assert!(
        !limited
            .iter()
            .any(|m| m.starts_with("d5") && m.ends_with('+')),
        "{limited:?}"
    );
    // The start position's promoted Fers is the one Queen: a Fers may not
    // promote, the Bishop may.
    let start = moves(&v, "4k3/8/8/3F4/3B4/8/8/+F3K3[] w - - 0 1");
    assert!(start.contains(&"d4f6+".to_string()), "{start:?}");
    assert!(
        !start
            .iter()
            .any(|m| m.starts_with("d5") && m.ends_with('+')),
        "{start:?}"
    );
}

#[test]
fn promotion_limit_zero_is_no_limit_and_shared_counts_are_refused() {
    // 0 is Fairy-Stockfish's "no limit".
    let v = variant(&SHOGUN.replace("g:1 a:1", "g:0 a:1"));
    let two = moves(&v, "4k3/8/8/3N4/8/1+N6/8/4K3[] w - - 0 1");
    assert!(two.contains(&"d5c7+".to_string()), "{two:?}");
    // Two types promoting to one counted type: not per-token limits.
    let e = refusal(&SHOGUN.replace("n:g b:a", "n:g b:g"));
    assert!(
        e.contains("key `promotionLimit`") && e.contains("together"),
        "{e}"
    );
    let e = refusal(&SHOGUN.replace("g:1 a:1", "x:1 a:1"));
    assert!(e.contains("'x' is no piece type's letter here"), "{e}");
}

/// pyffish's `betzatest`: Fairy-Stockfish's halves (`lh`, `rh`) and chiral
/// halves (`hl`, `hr`) of the Knight.
const BETZATEST: &str = "[betzatest]
maxRank = 7
maxFile = 7
customPiece1 = a:lhN
customPiece2 = b:rhN
customPiece3 = c:hlN
customPiece4 = d:hrN
startFen = 7/7/7/3A3/7/7/7 w - - 0 1
";

#[test]
fn betza_halves_and_chiral_halves() {
    let v = variant(BETZATEST);
    // pyffish's test.py's expectations.
    for (piece, want) in [
        ('A', ["d4c2", "d4b3", "d4b5", "d4c6"]),
        ('B', ["d4e2", "d4f3", "d4f5", "d4e6"]),
        ('C', ["d4e2", "d4b3", "d4f5", "d4c6"]),
        ('D', ["d4c2", "d4f3", "d4b5", "d4e6"]),
    ] {
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(
            moves(&v, &format!("7/7/7/3{piece}3/7/7/7 w - - 0 1")),
            want,
            "{piece}"
        );
    }
}

/// Each Betza string's destinations from d4 on an empty board, as a
/// Fairy-Stockfish built from its sources lists them (`go perft 1`).
#[test]
fn betza_dialect_moves_are_fairy_stockfishs() {
    let cases = [
        ("fhN", "b5 c6 e6 f5"),
        ("bhN", "b3 c2 e2 f3"),
        ("lhN", "b3 b5 c2 c6"),
        ("rhN", "e2 e6 f3 f5"),
        ("hlN", "b3 c6 e2 f5"),
        ("hrN", "b5 c2 e6 f3"),
        ("fsK", "c4 c5 e4 e5"),
        ("fK", "c5 d5 e5"),
        ("rfW", "d5 e4"),
        ("hlW", "c4"),
        ("hrF", "c3 c5 e3 e5"),
        ("fsN", "b5 f5"),
        ("lvN", "c2 c6"),
        ("rvN", "e2 e6"),
        ("fbW", "d3 d5"),
        ("K2", "b2 b4 b6 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6"),
        ("fQ3", "a7 b6 c5 d5 d6 d7 e5 f6 g7"),
    ];
    for (betza, want) in cases {
        let v = variant(&format!(
            "[t]\nmaxRank = 8\nmaxFile = 8\ncustomPiece1 = a:{betza}\nstartFen = 8/8/8/8/3A4/8/8/8 w - - 0 1\n"
        ));
        let got: Vec<String> = moves(&v, "8/8/8/8/3A4/8/8/8 w - - 0 1")
            .iter()
            .map(|m| m[2..].to_string())
            .collect();
        assert_eq!(got.join(" "), want, "{betza}");
    }
    // Letters that select nothing (Fairy-Stockfish gives the atom no move).
    for betza in ["hN", "vsN"] {
        let e = refusal(&format!(
            "[t]\ncustomPiece1 = a:{betza}\nstartFen = 8/8/8/8/3A4/8/8/8 w - - 0 1\n"
        ));
        assert!(e.contains("select none"), "{betza}: {e}");
    }
}

/// pyffish's `repetitionloss`: `nFoldValue = loss` (relative) is the side
/// to move's loss when the position repeats: the player who completed the
/// repetition wins.
#[test]
fn n_fold_value_loss_is_a_win_for_the_completer() {
    let def = VariantDef::from_fsf_ini("[repetitionloss:chess]\nnFoldValue = loss\n").unwrap();
    assert!(
        def[0]
            .to_string()
            .contains("repetition-result = \"win-for-completer\"")
    );
    let v = std::sync::Arc::new(def[0].clone().build().unwrap());
    // The start position a third time after Black's move: Black wins.
    let mut g = betza::Game::new(&v);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_text(m).unwrap();
        assert!(g.outcome().is_none(), "{m}");
    }
    g.play_text("f6g8").unwrap();
    let o = g.outcome().expect("the third occurrence ends the game");
    assert_eq!(o.winner, Some(betza::Color::Black));
    // After White's move: White wins (Black to move at the start).
    let mut g = betza::Game::from_fen(&v, "k7/8/8/8/8/8/8/K7 b - - 0 1").unwrap();
    for m in ["a8b8", "a1b1", "b8a8", "b1a1", "a8b8", "a1b1", "b8a8"] {
        g.play_text(m).unwrap();
        assert!(g.outcome().is_none(), "{m}");
    }
    g.play_text("b1a1").unwrap();
    let o = g.outcome().expect("a third occurrence");
    assert_eq!(o.winner, Some(betza::Color::White));
    // Lone Kings are no dead position: a repetition can still be won
    // (pyffish's `has_insufficient_material` answers (False, False)).
    let pos = Position::from_fen(&v, "k7/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(!pos.is_insufficient_material());
    assert!(!pos.has_insufficient_material(betza::Color::White));
    assert!(!pos.has_insufficient_material(betza::Color::Black));
    let chess = betza::Variant::by_name("chess").unwrap();
    let pos = Position::from_fen(chess, "k7/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(pos.has_insufficient_material(betza::Color::White));
}

/// pyffish's `diana`: the King castles one square, onto a square it also
/// steps to; castling is written as the King taking its Rook.
const DIANA: &str = "[diana:losalamos]
pieceToCharTable = PNBRQ................Kpnbrq................k
bishop = b
promotionPieceTypes = rbn
castling = true
castlingKingsideFile = e
castlingQueensideFile = b
startFen = rbnkbr/pppppp/6/6/PPPPPP/RBNKBR w KQkq - 0 1
";

#[test]
fn castling_onto_an_ordinary_move_names_the_partner() {
    let v = variant(DIANA);
    // Fairy-Stockfish's counts (built from its sources).
    assert_eq!(v.start_position().perft(4), 7110);
    let fen = "rbnk1r/pppbpp/3p2/5P/PPPPPB/RBNK1R w KQkq - 2 3";
    let pos = Position::from_fen(&v, fen).unwrap();
    assert_eq!(pos.perft(3), 3217);
    let list = moves(&v, fen);
    assert!(list.contains(&"d1f1".to_string()), "{list:?}");
    assert!(list.contains(&"d1e1".to_string()), "{list:?}");
    let castle = pos.parse_move("d1f1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(pos.move_text(&castle), "d1f1");
    assert!(!pos.parse_move("d1e1").unwrap().is_castle());
    assert_eq!(pos.san(&castle), "O-O");
}

/// pyffish's `cannonatomic`: `atomic` as a template, with a Cannon added.
#[test]
fn atomic_serves_as_a_template() {
    let v = variant("[cannonatomic:atomic]\ncannon = c\n");
    // Fairy-Stockfish's counts (built from its sources).
    assert_eq!(v.start_position().perft(4), 197_326);
    let pos = Position::from_fen(&v, "r3k2r/8/8/2C5/8/6c1/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(pos.perft(3), 55_002);
    // A capture explodes the neighbours; the King may not capture.
    let list = moves(&v, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert!(!list.contains(&"e1d2".to_string()), "{list:?}");
    // Its King is royal (atomic), not a commoner that may be left attacked.
    let text = VariantDef::from_fsf_ini("[a:atomic]\n").unwrap()[0].to_string();
    assert!(
        text.contains("explosions = true") && text.contains("royal = true"),
        "{text}"
    );
    let text = VariantDef::from_fsf_ini("[a:nocheckatomic]\n").unwrap()[0].to_string();
    assert!(
        text.contains("kingless = \"both\"") && text.contains("extinction = \"loss\""),
        "{text}"
    );
    let text = VariantDef::from_fsf_ini("[a:atomar]\n").unwrap()[0].to_string();
    assert!(
        text.contains("explosion-proof = [\"K\"]") && text.contains("mutually-immune = [\"K\"]"),
        "{text}"
    );
    let e = refusal("[a:chess]\nblastOnCapture = true\n");
    assert!(e.contains("key `blastOnCapture`: true with a king"), "{e}");
    let e = refusal("[a:chess]\nblastImmuneTypes = q\n");
    assert!(e.contains("needs blastOnCapture"), "{e}");
}

/// pyffish's `cannonshogi` sets `promotedPieceType` for its new pieces
/// only: Fairy-Stockfish keeps the template's promotions of the other types
/// (its values are per type), but not of a type the section replaced (the
/// Soldier that took the shogi Pawn's letter does not promote).
#[test]
fn promoted_piece_type_keeps_the_templates_other_types() {
    let defs = VariantDef::from_fsf_ini(
        "[cs:shogi]\nsoldier = p\ncustomPiece1 = a:pR\ncustomPiece4 = w:mRpRmFpB2\npromotedPieceType = a:w\n",
    )
    .unwrap();
    let def = &defs[0];
    let promotes = |token: &str| {
        def.pieces
            .iter()
            .find(|p| p.token == token)
            .unwrap_or_else(|| panic!("{token}"))
            .promotions
            .clone()
    };
    assert_eq!(promotes("R"), ["+R"]);
    assert_eq!(promotes("B"), ["+B"]);
    assert_eq!(promotes("S"), ["+S"]);
    assert_eq!(promotes("A"), ["+A"]);
    assert!(promotes("P").is_empty());
    // Dragon and Horse stay promoted forms, not types of their own.
    assert!(!def.pieces.iter().any(|p| p.token == "H" || p.token == "D"));
}

/// pyffish's `cannonshogi`: 11 types in hand and 21 piece types, compiled
/// for the large board (whose positions keep a byte a hand count).
const CANNONSHOGI: &str = "[cannonshogi:shogi]
dropNoDoubled = -
shogiPawnDropMateIllegal = false
soldier = p
cannon = u
customPiece1 = a:pR
customPiece2 = c:mBcpB
customPiece3 = i:pB
customPiece4 = w:mRpRmFpB2
customPiece5 = f:mBpBmWpR2
promotedPieceType = u:w a:w c:f i:f
startFen = lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL[-] w 0 1
";

#[test]
fn more_than_eight_types_in_hand_on_the_large_board() {
    let def = VariantDef::from_fsf_ini(CANNONSHOGI).unwrap().remove(0);
    let betza::AnyVariant::Large(v) = betza::AnyVariant::new(def).unwrap() else {
        panic!("not the large board");
    };
    // Fairy-Stockfish's counts (built from its sources).
    assert_eq!(v.start_owned().position().perft(3), 216_600);
    let full = v
        .owned_from_fen("4k4/9/9/9/9/9/9/9/4K4[LNSGBRUACIPlnsgbruacip] w - - 0 1")
        .unwrap();
    assert_eq!(full.position().perft(2), 675_481);
    // pyffish's test.py: the promoted Cannon's diagonal step and its
    // two-square diagonal hop.
    let pos = v
        .owned_from_fen(
            "lnsg1gsnl/1rc1kuab1/p1+A1p1p1p/3P5/6i2/6P2/P1P1P3P/1B1U1ICR1/LNSGKGSNL[] w - - 1 3",
        )
        .unwrap();
    let p = pos.position();
    let list: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    for m in ["c7b6", "c7d8", "c7a9", "c7e5"] {
        assert!(list.contains(&m.to_string()), "{m}");
    }
    for m in ["c7d6", "c7b8", "c7a5", "c7e9", "c7f4", "c7g3"] {
        assert!(!list.contains(&m.to_string()), "{m}");
    }
    assert_eq!(p.perft(2), 3010);
}

/// pyffish's `passchess` (`pass = true` on chess): a pass moves nothing, so
/// it keeps both sides' castling rights, as Fairy-Stockfish's do_move skips
/// the castling update for a pass; only a real King or Rook move loses them.
#[test]
fn a_pass_keeps_the_castling_rights() {
    let v = variant("[passchess:chess]\npass = true\n");
    let mut p = Position::start(&v);
    for text in ["e1e1", "e8e8"] {
        let m = p.parse_move(text).unwrap();
        assert!(m.is_pass(), "{text}");
        p = p.play(&m).unwrap();
    }
    // Fairy-Stockfish's FEN after the two passes (pyffish's test.py).
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2"
    );
    // Castling is still there to be played after a pass.
    let p = Position::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let p = p.play(&p.parse_move("e1e1").unwrap()).unwrap();
    assert_eq!(p.castling_rights().to_string(), "KQkq");
    assert!(moves(&v, &p.to_fen()).contains(&"e8g8".to_string()));
    // A King's real move still gives them up.
    let p = p.play(&p.parse_move("e8f8").unwrap()).unwrap();
    assert_eq!(p.castling_rights().to_string(), "KQ");
}

/// pyffish's SAN writes a promoted piece with the letter of the type it
/// promotes to in Fairy-Stockfish (Shogun's Bishop becomes an Archbishop
/// `A`, its Fers a Queen `Q`): the reader gives a promoted type that
/// letter as its alias, where no other type has it.
#[test]
fn promoted_types_are_written_with_their_own_letter() {
    use betza::Notation;
    let v = variant(SHOGUN);
    let mut p = Position::start(&v);
    let mut sans = Vec::new();
    for text in ["e2e4", "d7d5", "f1a6+", "d8d6"] {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        sans.push(p.notation(&m, Notation::SanAlias).unwrap());
        // The alias is read back.
        assert_eq!(p.parse_san(sans.last().unwrap()).unwrap(), m);
        p = p.play(&m).unwrap();
    }
    assert_eq!(sans, ["e4", "d5", "Ba6=A", "Qd6"]);
    // Plain SAN keeps the tokens.
    let p = Position::from_fen(
        &v,
        "rnb+fkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNB+FKBNR[] b KQkq - 0 2",
    )
    .unwrap();
    let m = p.parse_move("d8d6").unwrap();
    assert_eq!(p.san(&m), "+Fd6");
    // Kyoto shogi's Lance and Knight both become a Gold: no alias for
    // either, while its Silver's Bishop and Pawn's Rook have theirs.
    let k = betza::VariantDef::fairy_stockfish("kyotoshogi").unwrap();
    let alias = |t: &str| {
        k.pieces
            .iter()
            .find(|p| p.token == t)
            .unwrap()
            .alias
            .clone()
    };
    assert_eq!(alias("+S").as_deref(), Some("B"));
    assert_eq!(alias("+P").as_deref(), Some("R"));
    assert_eq!(alias("+L"), None);
    assert_eq!(alias("+N"), None);
}
