//! Xiangqi's chasing rules (`[game-end] chasing = "axf"`), as
//! Fairy-Stockfish's `chasingRule = axf` judges them: the positions and
//! values of pyffish's test suite (its `test_is_optional_game_end`), and
//! more, each checked with a Fairy-Stockfish built from its sources.

use betza::{Color, EndReason, Game, Outcome, Variant};

/// The game from `fen` after `moves`, played on past earlier ends as
/// pyffish replays a move list.
fn game(fen: &str, moves: &[&str]) -> Game {
    let v = Variant::by_name("xiangqi").expect("built in");
    let mut g = Game::from_fen(v, fen).expect("FEN");
    for m in moves {
        let mv = g
            .position()
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play_past_end(&mv).expect("legal");
    }
    g
}

/// pyffish's value for the side to move: 1 won, -1 lost, 0 drawn.
fn value(fen: &str, moves: &[&str]) -> (Option<i32>, Option<EndReason>) {
    let g = game(fen, moves);
    match g.outcome() {
        None => (None, None),
        Some(Outcome { winner, reason }) => {
            let side = g.position().side_to_move();
            let v = match winner {
                None => 0,
                Some(c) if c == side => 1,
                Some(_) => -1,
            };
            (Some(v), Some(reason))
        }
    }
}

fn twice<'a>(cycle: &[&'a str]) -> Vec<&'a str> {
    cycle.iter().chain(cycle).copied().collect()
}

#[test]
fn pyffish_chasing_cases() {
    let cases: Vec<(&str, Vec<&str>, i32)> = vec![
        (
            "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
            vec![
                "c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3",
            ],
            1,
        ),
        (
            "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
            vec![
                "c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8",
                "a3b3", "b8a8",
            ],
            -1,
        ),
        (
            "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
            vec![
                "a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6",
            ],
            1,
        ),
        (
            "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
            vec![
                "a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6",
            ],
            0,
        ),
        (
            "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
            vec![
                "f5d5", "f6d6", "d5f5", "d6f6", "f5d5", "f6d6", "d5f5", "d6f6",
            ],
            -1,
        ),
        (
            "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
            [
                &["f7h7"][..],
                &twice(&[
                    "h9f8", "h7h8", "f8g6", "h8g8", "g6i7", "g8g7", "i7h9", "g7h7",
                ]),
            ]
            .concat(),
            0,
        ),
        (
            "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1",
            [&["b7b9"][..], &twice(&["f10e9", "b9b10", "e9f10", "b10b9"])].concat(),
            1,
        ),
        (
            "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
            twice(&["d7e7", "e5d5", "e7d7", "d5e5"]),
            1,
        ),
        (
            "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
            twice(&["f2e2", "f3e3", "e2f2", "e3f3"]),
            1,
        ),
        (
            "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1",
            twice(&["d7e7", "e8g6", "e7d7", "g6e8"]),
            1,
        ),
        (
            "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1",
            twice(&["d2d4", "b2b4", "d4d2", "b4b2"]),
            1,
        ),
        (
            "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
            twice(&["f5d5", "f6d6", "d5f5", "d6f6"]),
            -1,
        ),
        (
            "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1",
            twice(&["g7g6", "f7g9", "g6g7", "g9f7"]),
            1,
        ),
        (
            "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1",
            twice(&["d10e10", "d9e9", "e10d10", "e9d9"]),
            1,
        ),
        (
            "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1",
            twice(&["e5e4", "c5c4", "e4e5", "c4c5"]),
            1,
        ),
        (
            "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1",
            twice(&["a2c2", "a5c5", "c2a2", "c5a5"]),
            1,
        ),
        (
            "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
            twice(&["e4d4", "d7e7", "d4e4", "e7d7"]),
            0,
        ),
        (
            "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1",
            twice(&["h7g7", "g6h6", "g7h7", "h6g6"]),
            0,
        ),
        (
            "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1",
            twice(&["e5e4", "c5c4", "e4e5", "c4c5"]),
            0,
        ),
        (
            "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1",
            twice(&["c3a3", "a7c7", "a3c3", "c7a7"]),
            0,
        ),
        (
            "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1",
            twice(&["h1h2", "h5h4", "h2h1", "h4h5"]),
            0,
        ),
        (
            "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1",
            twice(&["e2f1", "h4h2", "f1e2", "h2h4"]),
            1,
        ),
        (
            "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
            twice(&["e4g5", "e2f2", "g5e4", "f2e2"]),
            -1,
        ),
        (
            "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1",
            twice(&["b5c3", "b1c1", "c3b5", "c1b1"]),
            1,
        ),
        (
            "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1",
            twice(&["e1d1", "e5d5", "d1e1", "d5e5"]),
            1,
        ),
        (
            "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1",
            twice(&["e1d1", "e5d5", "d1e1", "d5e5"]),
            1,
        ),
        (
            "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1",
            twice(&["d1c3", "h1h3", "c3d1", "h3h1"]),
            1,
        ),
        (
            "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
            twice(&["d1c3", "d4c4", "c3d1", "c4d4"]),
            0,
        ),
        (
            "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1",
            twice(&["d1c3", "d4c4", "c3d1", "c4d4"]),
            1,
        ),
        (
            "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1",
            twice(&["b5c5", "b4c4", "c5b5", "c4b4"]),
            1,
        ),
        (
            "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
            twice(&["f9f7", "f10e9", "f7f9", "e9f10"]),
            0,
        ),
    ];
    let mut failed = Vec::new();
    for (fen, moves, want) in &cases {
        let got = value(fen, moves);
        if got.0 != Some(*want) {
            failed.push(format!("{fen} {moves:?}: want {want}, got {got:?}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

const CANNON_CHASE: &str = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";

#[test]
fn a_perpetual_chase_loses_and_says_so() {
    // White's Cannon follows Black's Chariot along rank 8, attacking it
    // over the Pawns of rank 6 with every move.
    let mut moves = vec!["c3a3"];
    moves.extend(twice(&["a8b8", "a3b3", "b8a8", "b3a3"]));
    let g = game(CANNON_CHASE, &moves);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::PerpetualChase
        })
    );
    assert_eq!(
        g.outcome().map(|o| o.reason.as_str()),
        Some("perpetual chase")
    );
    assert_eq!(
        EndReason::from_name("perpetual chase"),
        Some(EndReason::PerpetualChase)
    );
    // One repetition short: nothing yet.
    let g = game(CANNON_CHASE, &moves[..moves.len() - 4]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_repetition_without_a_chase_or_a_check_is_a_draw() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let g = game(start, &twice(&["b1c3", "b10c8", "c3b1", "c8b10"]));
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
    // A Soldier's attacks never chase.
    let g = game(
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
        &[&["a5a6"][..], &twice(&["a7b7", "a6b6", "b7a7", "b6a6"])].concat(),
    );
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::Repetition))
    );
}

#[test]
fn perpetual_check_is_judged_before_a_chase() {
    // Pyffish's "perpetual check vs. intermittent checks": White checks
    // with every move, Black only with some.
    let g = game(
        "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
        &twice(&["d7e7", "e5d5", "e7d7", "d5e5"]),
    );
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), EndReason::PerpetualCheck))
    );
    // Both sides check with every move: a draw by perpetual check.
    let g = game(
        "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
        &twice(&["e4d4", "d7e7", "d4e4", "e7d7"]),
    );
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::PerpetualCheck))
    );
}

#[test]
fn mutual_chases_are_a_draw() {
    // Pyffish's "fake protection by Cannon + mutual chase".
    let g = game(
        "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
        &twice(&["f9f7", "f10e9", "f7f9", "e9f10"]),
    );
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::PerpetualChase))
    );
    // Mutual pins by the facing Kings: pyffish's test asserts only that
    // the game ends.
    let g = game(
        "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1",
        &twice(&["e2g1", "e10f10", "g1e2", "f10e10"]),
    );
    assert!(g.outcome().is_some());
}

#[test]
fn a_history_of_100_000_plies_is_judged_at_once() {
    let mut moves = vec!["c3a3"];
    for _ in 0..25_000 {
        moves.extend(["a8b8", "a3b3", "b8a8", "b3a3"]);
    }
    let t = std::time::Instant::now();
    let g = game(CANNON_CHASE, &moves);
    assert_eq!(g.ply_count(), 100_001);
    let status = g.status();
    assert_eq!(
        status.outcome.map(|o| (o.winner, o.reason)),
        Some((Some(Color::Black), EndReason::PerpetualChase))
    );
    // Playing on past the ends and judging: linear work, well under the
    // seconds a quadratic judge would take.
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    // Asked again, alone: the history is read once per question.
    let t = std::time::Instant::now();
    for _ in 0..10 {
        assert!(g.status().is_over());
    }
    assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
}

#[test]
fn the_definition_keys_read_back_and_refuse_what_is_wrong() {
    let xq = Variant::by_name("xiangqi").expect("built in");
    let text = xq.definition().to_string();
    assert!(text.contains("chasing = \"axf\""), "{text}");
    assert!(text.contains("chase-exempt = [\"P\"]"), "{text}");
    let again = Variant::from_definition(&text).expect("reads back");
    assert_eq!(again.definition(), xq.definition());
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        let t = text.replace(from, to);
        Variant::from_definition(&t)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let e = with("repetition-result = \"draw\"\n", "").expect_err("needs an ending repetition");
    assert!(e.contains("chasing") || e.contains("perpetual"), "{e}");
    let e = with("chasing = \"axf\"", "chasing = \"wxf\"").expect_err("unknown rule");
    assert!(
        e.contains("game-end.chasing") && e.contains("\"axf\""),
        "{e}"
    );
    let e = with("chasing = \"axf\"\n", "").expect_err("values need the rule");
    assert!(e.contains("chase-values") && e.contains("needs"), "{e}");
    let e = with("\"R\" = 4", "\"Q\" = 4").expect_err("unknown token");
    assert!(e.contains("chase-values") && e.contains("Q"), "{e}");
    let e = with("\"R\" = 4", "\"R\" = 0").expect_err("value 0");
    assert!(e.contains("chase-values"), "{e}");
    let e = with("chase-exempt = [\"P\"]", "chase-exempt = [\"K\"]").expect_err("royal");
    assert!(e.contains("chase-exempt"), "{e}");
}

#[test]
fn fairy_stockfish_configurations_read_chasing_rule() {
    use betza::VariantDef;
    let ini = VariantDef::fairy_stockfish("xiangqi").expect("expressible");
    let built = Variant::by_name("xiangqi").expect("built in");
    assert_eq!(ini.game_end.chasing, built.definition().game_end.chasing);
    // Janggi and Manchu come from Xiangqi's rules without chasing.
    for name in ["janggi", "manchu"] {
        let d = VariantDef::fairy_stockfish(name).expect("expressible");
        assert_eq!(d.game_end.chasing, None, "{name}");
    }
    let defs =
        VariantDef::from_fsf_ini("[myxq:janggi]\nchasingRule = axf\nsoldierPromotionRank = 6\n")
            .expect("reads");
    assert!(defs[0].game_end.chasing.is_some());
    let e = VariantDef::from_fsf_ini("[myxq:xiangqi]\nchasingRule = wxf\n").expect_err("unknown");
    assert!(e.to_string().contains("chasingRule"), "{e}");
    let e = VariantDef::from_fsf_ini("[myxq:chess]\nchasingRule = axf\n").expect_err("claims");
    assert!(e.to_string().contains("repetition"), "{e}");
}

/// Under the chasing rules Fairy-Stockfish's n-move rule comes later where
/// checks were many: after 20 plies of the game, each check beyond ten
/// by the side that checked more since the last capture or pawn move adds
/// two plies. Here White's Chariot checks with each of its 11 moves: the
/// claim of ply 20 goes away at ply 21, White's eleventh check, and
/// comes back at ply 22.
#[test]
fn many_checks_extend_the_move_rule() {
    use betza::Claims;
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 80 1";
    let moves = "a1a10 e10e9 a10a9 e9e8 a9a8 e8e9 a8e8 e9f9 e8e9 f9f8 e9f9 f8e8 f9f8 e8e9 \
                 f8f9 e9e10 f9e9 e10f10 e9e10 f10f9 e10f10 f9e9";
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let claims = |g: &Game| g.status().claims.contains(Claims::FIFTY_MOVES);
    // Xiangqi without the chasing rules: the rule at the clock's 100.
    let mut def = Variant::by_name("xiangqi").unwrap().definition().clone();
    def.game_end.chasing = None;
    let plain = std::sync::Arc::new(Variant::new(def).unwrap());
    for (ply, with, without) in [
        (19, false, false),
        (20, true, true),
        (21, false, true),
        (22, true, true),
    ] {
        let g = game(fen, &moves[..ply]);
        assert_eq!(g.position().halfmove_clock(), 80 + ply as u32);
        assert_eq!(claims(&g), with, "ply {ply}");
        assert_eq!(g.move_rule(), with.then_some(true), "ply {ply}");
        let mut h = Game::from_fen(plain.clone(), fen).unwrap();
        for m in &moves[..ply] {
            h.play_text(m).unwrap();
        }
        assert_eq!(claims(&h), without, "ply {ply} without chasing");
    }
}
