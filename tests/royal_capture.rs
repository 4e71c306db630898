//! Royal capture (`[game-end] royal-capture = "loss"`, Chu Shogi's rule):
//! several royal types, moves not filtered for their safety, a side with
//! no royal piece left loses. The test variant is
//! `tests/data/variants/royal-capture.toml` (King and Crown Prince royal).

mod common;

use betza::{Color, EndReason, Game, Position, Variant};
use common::assert_reference;

fn text() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/royal-capture.toml"
    );
    std::fs::read_to_string(path).expect("royal-capture.toml")
}

fn variant() -> &'static Variant {
    static V: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| Variant::from_definition(&text()).expect("a valid definition"))
}

fn pos(fen: &str) -> Position<'static> {
    let p = Position::from_fen(variant(), fen).expect("a valid FEN");
    assert_eq!(p.to_fen(), fen);
    p
}

fn moves(p: &Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn definition_switch_and_its_checks() {
    let v = variant();
    assert!(v.royal_capture());
    assert_eq!(v.pieces().iter().filter(|p| p.royal).count(), 2);
    // The switch is written back.
    let again = Variant::from_definition(&v.definition().to_string()).expect("round trip");
    assert!(again.royal_capture());
    // Two royal types need the switch.
    let t = text().replace("[game-end]\nroyal-capture = \"loss\"\n", "");
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(err.contains("2 royal piece types"), "{err}");
    // It does not go with castling or facing Kings.
    let t = text().replace(
        "stalemate = \"loss\"",
        "stalemate = \"loss\"\nfacing-kings = true",
    );
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(
        err.contains("royal-capture does not go with facing kings"),
        "{err}"
    );
    let t = text().replace(
        "[game-end]",
        "[castling]\nrook = \"R\"\nkingside = 2\nqueenside = 2\n\n[game-end]",
    );
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(
        err.contains("royal-capture does not go with castling"),
        "{err}"
    );
    // Other variants keep the check rules.
    assert!(!Variant::by_name("meiriqi").unwrap().royal_capture());
    assert!(!Variant::by_name("decimaka").unwrap().royal_capture());
}

#[test]
fn start_counts() {
    // White: 8 Pawn steps, Rook a1 to b1 and c1, Elephant d1 to c1 (its only
    // free neighbour), King e1 to f1: 12; Black the same.
    let p = Position::start(variant());
    assert_eq!(p.legal_moves().len(), 12);
    assert_eq!(p.perft(1), 12);
    assert_eq!(p.perft(2), 144);
}

#[test]
fn moves_into_attack_are_legal() {
    // The Rook on a1 attacks e1, d1 and f1: the King's five steps are all
    // legal (check rules would allow d2, e2, f2 only).
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(p.is_check());
    assert_eq!(moves(&p), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    assert_eq!(p.perft(1), 5);
    assert_eq!(p.legal_moves().len(), p.pseudo_legal_moves().len());
    assert!(p.outcome().is_none());
}

#[test]
fn no_royal_left_loses() {
    // Black's Rook: 7 up the a-file and 4 along the first rank (capturing
    // the King on e1); the King on e8: 5. 16 moves.
    let p = pos("4k3/8/8/8/8/8/8/r3K3 b - - 0 1");
    assert_eq!(p.perft(1), 16);
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| p.move_text(m) == "a1e1")
        .expect("the King's capture");
    let next = p.play(&m).expect("legal");
    let o = next.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::RoyalCaptured)
    );
    assert_eq!(o.reason.as_str(), "royal captured");
    assert_eq!(
        EndReason::from_name("royal captured"),
        Some(EndReason::RoyalCaptured)
    );
    assert!(next.legal_moves().is_empty());
    assert_eq!(next.perft(1), 0);
    // A Game reports it too.
    let mut g = Game::from_fen(variant(), "4k3/8/8/8/8/8/8/r3K3 b - - 0 1").expect("fen");
    g.play(&m).expect("legal");
    let s = g.status().outcome.expect("over");
    assert_eq!(
        (s.winner, s.reason),
        (Some(Color::Black), EndReason::RoyalCaptured)
    );
}

#[test]
fn the_prince_plays_on_without_the_king() {
    // King taken, the Crown Prince on h1 remains: g1, g2, h2.
    let p = pos("4k3/8/8/8/8/8/8/4r2+E w - - 0 2");
    assert!(p.outcome().is_none());
    assert_eq!(moves(&p), ["h1g1", "h1g2", "h1h2"]);
    // Taking the Prince too ends it.
    let p = pos("4k3/8/8/8/8/8/8/4r2+E b - - 0 2");
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| p.move_text(m) == "e1h1")
        .expect("the Prince's capture");
    let o = p.play(&m).unwrap().outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::RoyalCaptured)
    );
    // A position may be set up with a side without royal pieces: it is over.
    let p = pos("4k3/8/8/8/8/8/8/4r3 w - - 0 2");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().map(|o| o.winner), Some(Some(Color::Black)));
}

#[test]
fn no_legal_move_loses() {
    // The King on a8 is walled in by its own Pawns, which are blocked (the
    // one on b8 by the board's edge, the others by the King and that Pawn).
    let p = pos("KP2k3/PP6/8/8/8/8/8/8 w - - 0 1");
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
}

#[test]
fn elephant_promotes_to_a_royal_prince() {
    // The Elephant steps into the zone and may become the Crown Prince: a
    // second royal piece, so losing the King is not the end.
    let p = pos("4k3/8/8/3E4/8/8/8/4K3 w - - 0 1");
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| p.move_text(m) == "d5d6+")
        .expect("a promotion to the Prince");
    let next = p.play(&m).unwrap();
    assert_eq!(next.to_fen(), "4k3/8/3+E4/8/8/8/8/4K3 b - - 1 1");
}

#[test]
fn agrees_with_the_reference_along_random_games() {
    for seed in 0..30 {
        let g = common::random_game(variant(), seed, 120);
        let mut p = Position::start(variant());
        assert_reference(&p, &|_| false);
        for m in g.moves() {
            p = p.play(&m).expect("legal");
            assert_reference(&p, &|_| false);
        }
    }
}

// Chu Shogi's promotion rule: `[promotion] from-zone-captures = true`.

fn chu_variant() -> &'static Variant {
    static V: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/chu-promotion.toml"
        );
        let text = std::fs::read_to_string(path).expect("chu-promotion.toml");
        Variant::from_definition(&text).expect("a valid definition")
    })
}

/// The legal moves of the piece on `from`, as move text, sorted.
fn from(fen: &str, sq: &str) -> Vec<String> {
    let p = Position::from_fen(chu_variant(), fen).expect("a valid FEN");
    assert_eq!(p.to_fen(), fen);
    let from = p.square(sq).expect("a square");
    let list = p.legal_moves_from(from);
    // Never forced.
    assert!(list.iter().all(|m| !m.is_forced_promotion()), "{fen}");
    let mut v: Vec<String> = list.iter().map(|m| p.move_text(m)).collect();
    v.sort();
    // The same rule with check rules (no royal capture): bulk counting, which
    // then counts from target sets, agrees with the generated moves.
    let q = Position::from_fen(chu_checked(), fen).expect("a valid FEN");
    assert_eq!(q.perft(1), q.legal_moves().len() as u64, "{fen}");
    let mut w: Vec<String> = q
        .legal_moves_from(from)
        .iter()
        .map(|m| q.move_text(m))
        .collect();
    w.sort();
    assert_eq!(v, w, "{fen}");
    v
}

/// [`chu_variant`] without royal capture.
fn chu_checked() -> &'static Variant {
    static V: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/chu-promotion.toml"
        );
        let text = std::fs::read_to_string(path).expect("chu-promotion.toml");
        let text = text.replace("[game-end]\nroyal-capture = \"loss\"\n", "");
        let v = Variant::from_definition(&text).expect("a valid definition");
        assert!(!v.royal_capture());
        v
    })
}

#[test]
fn chu_promotion_entering_the_zone() {
    // A Silver on d5 enters the zone (ranks 6-8) on c6, d6, e6: each with
    // and without promotion; its back steps c4, e4 plain. 8 moves.
    let got = from("4k3/8/8/3S4/8/8/8/4K3 w - - 0 1", "d5");
    assert_eq!(
        got,
        [
            "d5c4", "d5c6", "d5c6+", "d5d6", "d5d6+", "d5e4", "d5e6", "d5e6+"
        ]
    );
}

#[test]
fn chu_promotion_inside_the_zone_only_capturing() {
    // A Silver on d6 (in the zone): c7, d7 quiet, no promotion; e7 captures
    // in the zone and c5 captures leaving it: both may promote; e5 quiet,
    // leaving the zone: no promotion. 2 + 2 + 2 + 1 = 7.
    let got = from("4k3/4p3/3S4/2p5/8/8/8/4K3 w - - 0 1", "d6");
    assert_eq!(
        got,
        ["d6c5", "d6c5+", "d6c7", "d6d7", "d6e5", "d6e7", "d6e7+"]
    );
    // A capture outside the zone from outside it: no promotion.
    let got = from("4k3/8/8/8/3S4/2p5/8/4K3 w - - 0 1", "d4");
    assert_eq!(got, ["d4c3", "d4c5", "d4d5", "d4e3", "d4e5"]);
}

#[test]
fn chu_promotion_pawn_and_lance_on_the_last_rank() {
    // A Pawn on d7 steps to the last rank: may promote (not forced): 2.
    assert_eq!(
        from("k7/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7"),
        ["d7d8", "d7d8+"]
    );
    // On d6 (in the zone) to d7: a quiet move inside the zone: 1.
    assert_eq!(from("k7/8/3P4/8/8/8/8/4K3 w - - 0 1", "d6"), ["d6d7"]);
    // On d5 to d6: entering: 2.
    assert_eq!(
        from("k7/8/8/3P4/8/8/8/4K3 w - - 0 1", "d5"),
        ["d5d6", "d5d6+"]
    );
    // A Lance on b6 (in the zone): b7 plain, b8 (last rank) both ways: 3.
    assert_eq!(
        from("k7/8/1L6/8/8/8/8/4K3 w - - 0 1", "b6"),
        ["b6b7", "b6b8", "b6b8+"]
    );
    // A Lance on b3: b4, b5 plain; b6, b7, b8 entering, both ways: 8.
    assert_eq!(
        from("k7/8/8/8/8/1L6/8/4K3 w - - 0 1", "b3"),
        [
            "b3b4", "b3b5", "b3b6", "b3b6+", "b3b7", "b3b7+", "b3b8", "b3b8+"
        ]
    );
    // A Rook on h7 (in the zone) may move from the last rank again: its
    // quiet moves there do not promote. h8, h6..h1 and g7..a7: 1 + 6 + 7 =
    // 14, all plain.
    let got = from("k7/7R/8/8/8/8/8/4K3 w - - 0 1", "h7");
    assert_eq!(got.len(), 14);
    assert!(got.iter().all(|m| !m.ends_with('+')), "{got:?}");
}

#[test]
fn chu_promotion_definition_checks() {
    let v = chu_variant();
    let again = Variant::from_definition(&v.definition().to_string()).expect("round trip");
    assert_eq!(again.definition(), v.definition());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/chu-promotion.toml"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let t = text.replace(
        "from-zone-captures = true",
        "from-zone-captures = true\nfrom-zone = true",
    );
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(err.contains("from-zone-captures"), "{err}");
}

#[test]
fn chu_promotion_agrees_with_the_reference_along_random_games() {
    for v in [chu_variant(), chu_checked()] {
        for seed in 0..30 {
            let g = common::random_game(v, seed, 150);
            let mut p = Position::start(v);
            for m in g.moves() {
                assert_reference(&p, &|_| false);
                p = p.play(&m).expect("legal");
            }
        }
    }
}

// Lion power: two-step moves as moves of their own (`distinct-two-step`).

fn lion_variant() -> &'static Variant {
    static V: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/lion-power.toml"
        );
        let text = std::fs::read_to_string(path).expect("lion-power.toml");
        Variant::from_definition(&text).expect("a valid definition")
    })
}

/// The moves of the piece on `sq` (text, sorted) in `fen` of the 11x11 test variant.
fn lion_moves(fen: &str, sq: &str) -> Vec<String> {
    let p = Position::from_fen(lion_variant(), fen).expect("a valid FEN");
    let from = p.square(sq).expect("a square");
    let mut v: Vec<String> = p
        .legal_moves_from(from)
        .iter()
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

#[test]
fn lone_lion_power_pieces_in_the_middle() {
    // f6 is the centre of 11x11, five squares from every edge; the Kings
    // stand far away (e1, e11) and block nothing.
    // Lion: the 24 squares within two, plus 8 first steps x 8 second steps
    // (the pass, back to f6, among them): 24 + 64 = 88, as on 12x12.
    let lion = lion_moves("4k6/11/11/11/11/5N5/11/11/11/11/4K6 w - - 0 1", "f6");
    assert_eq!(lion.len(), 88);
    assert!(lion.contains(&"f6f7f6".to_string()), "the pass");
    assert!(lion.contains(&"f6f7f8".to_string()) && lion.contains(&"f6f8".to_string()));
    // Horned Falcon: diagonals 4 x 5 = 20, sideways 5 + 5, back 5, forward a
    // step and a leap (f7, f8), and two two-step moves (f6f7f8, the pass
    // f6f7f6): 20 + 10 + 5 + 2 + 2 = 39 (on 12x12 f6 the board's longer
    // sides give 41).
    let falcon = lion_moves("4k6/11/11/11/11/5H5/11/11/11/11/4K6 w - - 0 1", "f6");
    assert_eq!(falcon.len(), 39, "{falcon:?}");
    assert!(falcon.contains(&"f6f7f6".to_string()) && falcon.contains(&"f6f7f8".to_string()));
    // Soaring Eagle: orthogonals 4 x 5 = 20, back diagonals 2 x 5 = 10, on
    // each forward diagonal a step, a leap and two two-step moves: 20 + 10
    // + 2 x 4 = 38 (40 on 12x12).
    let eagle = lion_moves("4k6/11/11/11/11/5E5/11/11/11/11/4K6 w - - 0 1", "f6");
    assert_eq!(eagle.len(), 38, "{eagle:?}");
    assert!(eagle.contains(&"f6g7f6".to_string()) && eagle.contains(&"f6e7d8".to_string()));
}

#[test]
fn lion_igui_and_double_capture() {
    // A Black Gold on g7 next to the Lion on f6: the capture g7 and the
    // leap-captures, the igui f6g7f6 and the double moves through g7 stay;
    // the first step onto g7 captures, so the 8 two-step moves through g7
    // are captures there (igui among them), and the other 7 first squares
    // still give 8 each: 24 + 64 = 88 moves, 9 of them capturing on g7 on
    // the way or at the end (g7 itself, and 8 through it).
    let p = Position::from_fen(
        lion_variant(),
        "4k6/11/11/11/6g4/5N5/11/11/11/11/4K6 w - - 0 1",
    )
    .unwrap();
    let from = p.square("f6").unwrap();
    let list = p.legal_moves_from(from);
    assert_eq!(list.len(), 88);
    let through_g7 = list.iter().filter(|m| m.via_captured().is_some()).count();
    assert_eq!(through_g7, 8);
    let igui = list
        .iter()
        .find(|m| p.move_text(m) == "f6g7f6")
        .expect("igui");
    let after = p.play(igui).unwrap();
    assert_eq!(
        after.to_fen(),
        "4k6/11/11/11/11/5N5/11/11/11/11/4K6 b - - 0 1"
    );
    // The pass changes nothing but the side to move.
    let pass = list
        .iter()
        .find(|m| p.move_text(m) == "f6f5f6")
        .expect("pass");
    assert_eq!(pass.via_captured(), None);
    let after = p.play(pass).unwrap();
    assert_eq!(
        after.to_fen(),
        "4k6/11/11/11/6g4/5N5/11/11/11/11/4K6 b - - 1 1"
    );
    // Text and SAN round trips of the two-step moves.
    for m in &list {
        let text = p.move_text(m);
        assert_eq!(p.parse_move(&text).ok(), Some(*m), "{text}");
        let san = p.san(m);
        assert_eq!(p.parse_san(&san).ok(), Some(*m), "{san}");
    }
}

#[test]
fn lion_power_agrees_with_the_reference_along_random_games() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion-power.toml"
    ))
    .unwrap();
    let text = text.replace(
        "start = \"4k6/11/11/11/11/11/11/11/11/11/4K6 w - - 0 1\"",
        "start = \"2gnhkeng2/11/11/11/11/11/11/11/11/11/2GNEKHNG2 w - - 0 1\"",
    );
    // Kings alone (the file's start) are a dead position: this start adds
    // the Lion-power pieces (two Lions) and Golds.
    let v: &'static Variant = Box::leak(Box::new(Variant::from_definition(&text).unwrap()));
    // And with check rules: the two-step moves' legality by the reference.
    let checked = text
        .replace("[game-end]\nroyal-capture = \"loss\"\n", "")
        .replace("lion = true\n", "")
        .replace("lion-bait = true\n", "");
    let w: &'static Variant = Box::leak(Box::new(Variant::from_definition(&checked).unwrap()));
    assert!(v.royal_capture() && !w.royal_capture());
    let (mut seen, mut passes) = (0, 0);
    for v in [v, w] {
        for seed in 0..20 {
            let g = common::random_game(v, seed, 80);
            let mut p = Position::start(v);
            for m in g.moves() {
                assert_reference(&p, &|_| false);
                p = p.play(&m).expect("legal");
                seen += 1;
                passes += usize::from(m.via().is_some() && m.via_captured().is_none());
            }
        }
    }
    assert!(
        seen > 2000 && passes > 20,
        "{seen} positions, {passes} empty-via moves"
    );
}

/// The Lion-trading rules 1-3 (`lion`, `lion-bait`): the White Lion on f6
/// and a Black Lion on f8, two squares away.
#[test]
fn lion_trading_rules() {
    let count = |fen: &str| lion_moves(fen, "f6").len();
    let has = |fen: &str, m: &str| lion_moves(fen, "f6").contains(&m.to_string());
    // Unprotected: every capture of it stands (88 moves).
    let open = "4k6/11/11/5n5/11/5N5/11/11/11/11/4K6 w - - 0 1";
    assert_eq!(count(open), 88);
    assert!(has(open, "f6f8") && has(open, "f6f7f8"));
    // Protected by a Gold on f9: the jump f6f8 and the two-step moves
    // through the empty e7, f7, g7 onto f8 are forbidden: 88 - 4 = 84.
    let guarded = "4k6/11/5g5/5n5/11/5N5/11/11/11/11/4K6 w - - 0 1";
    assert_eq!(count(guarded), 84);
    assert!(!has(guarded, "f6f8") && !has(guarded, "f6f7f8") && !has(guarded, "f6e7f8"));
    // A Gold on f7 taken on the first step opens the way: f6f7f8 stands;
    // f6f8, f6e7f8, f6g7f8 do not: 85.
    let gold = "4k6/11/5g5/5n5/5g5/5N5/11/11/11/11/4K6 w - - 0 1";
    assert_eq!(count(gold), 85);
    assert!(has(gold, "f6f7f8") && !has(gold, "f6f8") && !has(gold, "f6g7f8"));
    // A Pawn (lion-bait) there does not: 84.
    let pawn = "4k6/11/5g5/5n5/5p5/5N5/11/11/11/11/4K6 w - - 0 1";
    assert_eq!(count(pawn), 84);
    assert!(!has(pawn, "f6f7f8") && has(pawn, "f6f7f6"));
    // An adjacent Lion may always be taken, protected or not: 88.
    let near = "4k6/11/11/5g5/5n5/5N5/11/11/11/11/4K6 w - - 0 1";
    assert_eq!(count(near), 88);
    assert!(has(near, "f6f7"));
    // Bulk counting agrees (it generates with the rules).
    for fen in [open, guarded, gold, pawn, near] {
        let p = Position::from_fen(lion_variant(), fen).unwrap();
        assert_eq!(p.perft(1), p.legal_moves().len() as u64, "{fen}");
    }
    // The rules need royal capture.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion-power.toml"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let t = text.replace("[game-end]\nroyal-capture = \"loss\"\n", "");
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(err.contains("Lion-trading rules"), "{err}");
}

/// Lion-trading rule 4's square along random games of the 11x11 test
/// variant (the small board type, so the Zobrist key and `Game` apply):
/// the incremental hash agrees with the full one, FEN keeps the square,
/// and a position with the square hashes apart from the same without it.
#[test]
fn lion_square_in_hash_and_fen_along_random_games() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion-power.toml"
    ))
    .unwrap();
    // Lions among Golds, Falcons and Eagles (non-Lions that take them).
    let text = text.replace(
        "start = \"4k6/11/11/11/11/11/11/11/11/11/4K6 w - - 0 1\"",
        "start = \"1gngnkngng1/2hehe1eh2/11/11/11/11/11/11/11/2HEHE1EH2/1GNGNKNGNG1 w - - 0 1\"",
    );
    let v: &'static Variant = Box::leak(Box::new(Variant::from_definition(&text).unwrap()));
    let mut with_square = 0;
    for seed in 0..30 {
        let g = common::random_game(v, seed, 120);
        let mut p = Position::start(v);
        for m in g.moves() {
            let next = p.play(&m).expect("legal");
            assert_eq!(p.hash_after(&m, p.hash()), next.hash(), "{}", p.to_fen());
            let back = Position::from_fen(v, &next.to_fen()).unwrap();
            assert_eq!(back, next);
            assert_eq!(back.lion_square(), next.lion_square());
            if let Some(sq) = next.lion_square() {
                with_square += 1;
                assert!(next.to_fen().contains(&format!(" {} ", next.name(sq))));
                let without = next
                    .to_fen()
                    .replace(&format!(" {} ", next.name(sq)), " - ");
                let without = Position::from_fen(v, &without).unwrap();
                assert_ne!(without.hash(), next.hash());
                assert_eq!(without.lion_square(), None);
            }
            assert_reference(&next, &|_| false);
            p = next;
        }
    }
    assert!(
        with_square > 5,
        "{with_square} positions with a Lion square"
    );
}

/// A definition with Lions and en passant is refused: the en-passant field
/// carries Lion-trading rule 4's square.
#[test]
fn lions_with_en_passant_are_refused() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion-power.toml"
    ))
    .unwrap();
    let t = text.replace(
        "stalemate = \"loss\"\n",
        "stalemate = \"loss\"\nen-passant = true\n",
    );
    let err = Variant::from_definition(&t).unwrap_err().to_string();
    assert!(
        err.contains("no en passant") && err.contains("rule 4"),
        "{err}"
    );
}

/// Rule 2 as shogiops judges it: a `lion-bait` piece taken on the first
/// step still protects the Lion behind it (shogiops's case `8f8g8h`).
#[test]
fn a_pawn_taken_on_the_first_step_still_protects() {
    // White Lion f6, Black Pawn f5 (it protects f4), Black Lion f4.
    let pawn = "4k6/11/11/11/11/5N5/5p5/5n5/11/11/4K6 w - - 0 1";
    let m = lion_moves(pawn, "f6");
    assert!(m.contains(&"f6f5".to_string()) && m.contains(&"f6f5f6".to_string()));
    assert!(!m.contains(&"f6f5f4".to_string()) && !m.contains(&"f6f4".to_string()));
    // A Gold there is no bait: taking it first opens the way.
    let gold = pawn.replace("5p5", "5g5");
    let m = lion_moves(&gold, "f6");
    assert!(m.contains(&"f6f5f4".to_string()) && !m.contains(&"f6f4".to_string()));
    for fen in [pawn, gold.as_str()] {
        assert_reference(&Position::from_fen(lion_variant(), fen).unwrap(), &|_| {
            false
        });
    }
}

/// SAN and move text of the Lion's two-step moves (docs/notation.md, a
/// move that captures on its way): igui, the pass, a double capture.
#[test]
fn lion_two_step_text_and_san() {
    let p = Position::from_fen(
        lion_variant(),
        "4k6/11/11/11/6p4/5Ng4/11/11/11/11/4K6 w - - 0 1",
    )
    .unwrap();
    let san = |text: &str| {
        let m = p.parse_move(text).unwrap();
        let s = p.san(&m);
        assert_eq!(p.parse_san(&s).ok(), Some(m), "{s}");
        s
    };
    // A Gold on g6 and a Pawn on g7 next to the Lion on f6.
    assert_eq!(san("f6g6f6"), "Nxg6-f6"); // igui
    assert_eq!(san("f6g6g7"), "Nxg6xg7"); // a double capture
    assert_eq!(san("f6g6f7"), "Nxg6-f7"); // a capture on the way
    assert_eq!(san("f6g7"), "Nxg7"); // the plain capture: another move
    // The pass (out to the empty f5 and back) is a move of its own: `-`
    // before a first step that captures nothing, and `x` there is refused.
    assert_eq!(san("f6f5f6"), "N-f5-f6");
    assert_eq!(san("f6f5g6"), "N-f5xg6");
    assert!(p.parse_san("Nxf5-f6").is_err());
    assert!(p.parse_san("N-g6-f6").is_err());
    let m = p.parse_move("f6f5f6").unwrap();
    assert_eq!((m.via_captured(), m.captured()), (None, None));
    assert_eq!(p.move_text(&m), "f6f5f6");
}

/// Chu Shogi's game-end switches on the small board type (the 11x11 test
/// variant): a Pawn stuck on its last rank does not keep a King from being
/// bare, nor two Kings from being alone.
#[test]
fn chu_game_end_switches_on_a_small_board() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion-power.toml"
    ))
    .unwrap()
    .replace(
        "[game-end]\nroyal-capture = \"loss\"\n",
        "[game-end]\nroyal-capture = \"loss\"\nbare-king = \"loss\"\nbare-king-escape = \"attack\"\n\
         bare-king-weak = [\"P\"]\nignore-stuck-pieces = true\nroyals-alone = \"draw\"\n",
    );
    let v = Variant::from_definition(&text).unwrap();
    let end = |fen: &str| {
        let p = Position::from_fen(&v, fen).unwrap();
        let o = p.outcome();
        assert_eq!(o.is_some(), p.perft(1) == 0, "{fen}");
        o.map(|o| (o.winner, o.reason))
    };
    // Black: King and a Pawn on a1, its last rank (stuck): bare.
    assert_eq!(
        end("4k6/11/11/11/11/11/11/11/2G8/11/p3K6 w - - 0 1"),
        Some((Some(Color::White), EndReason::BareKing))
    );
    // On a2 the Pawn can move: play goes on.
    assert_eq!(end("4k6/11/11/11/11/11/11/11/2G8/p10/4K6 w - - 0 1"), None);
    // A White Pawn (too weak) is no material to bare with.
    assert_eq!(end("4k6/11/11/11/11/11/11/11/2P8/11/p3K6 w - - 0 1"), None);
    // Kings alone but for the stuck Pawn: a draw.
    assert_eq!(
        end("4k6/11/11/11/11/11/11/11/11/11/p3K6 w - - 0 1"),
        Some((None, EndReason::InsufficientMaterial))
    );
}
