//! The game-end rules beyond checkmate (`[game-end]`, docs/definitions.md):
//! each rule in every built-in variant that has it, shown firing and not
//! firing, and the shogi family's repetition rules through run-time
//! definitions. Expectations come from the rule text, never from the
//! library's output.

mod common;

use std::sync::Arc;

use betza::{
    Claims, Color, EndReason, Game, GameResult, MoveError, Outcome, Position, Variant, VariantError,
};

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

fn game(name: &str, fen: &str) -> Game {
    Game::from_fen(v(name), fen).unwrap()
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position().to_fen()));
    }
}

fn outcome(winner: Option<Color>, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

// ---------------------------------------------------------------------------
// Fairy-Stockfish's published counts for the bare King
// ---------------------------------------------------------------------------

#[test]
fn section_9_counts() {
    for (name, fen, depth, nodes) in [
        (
            "shatranj",
            "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41",
            5,
            0u64,
        ),
        ("shatranj", "4qb2/8/k3b3/8/8/8/2K2p2/8 b - - 0 44", 5, 0),
        ("shatranj", "8/8/8/3k4/3r4/8/3R4/3K4 w - - 0 1", 4, 7_481),
        (
            "courier",
            "12/12/12/5k6/5r6/12/5R6/P4K6 w - - 0 1",
            4,
            12_710,
        ),
    ] {
        let pos = Position::from_fen(v(name), fen).unwrap();
        assert_eq!(pos.perft(depth), nodes, "{name} {fen} depth {depth}");
    }
}

#[test]
fn the_perft_example_prints_total_0() {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "run",
            "--quiet",
            "--example",
            "perft",
            "--",
            "shatranj",
            "5",
        ])
        .args(["--fen", "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.lines().any(|l| l == "total 0"), "{text}");
}

// ---------------------------------------------------------------------------
// Bare King (Shatranj, Courier)
// ---------------------------------------------------------------------------

#[test]
fn a_bare_king_loses_at_once_with_no_legal_moves() {
    // White to move is bare, Black has more than one other piece.
    let p = Position::from_fen(v("shatranj"), "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41").unwrap();
    assert_eq!(
        p.outcome(),
        outcome(Some(Color::Black), EndReason::BareKing)
    );
    assert!(p.legal_moves().is_empty());
    // The pieces still attack (pseudo-legal moves are the pieces' powers).
    assert!(!p.pseudo_legal_moves().is_empty());
    assert!(!p.is_checkmate() && !p.is_stalemate());
    // Black to move, White's King is alone: Black has won.
    let p = Position::from_fen(v("shatranj"), "4qb2/8/k3b3/8/8/8/2K2p2/8 b - - 0 44").unwrap();
    assert_eq!(
        p.outcome(),
        outcome(Some(Color::Black), EndReason::BareKing)
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn a_bare_king_that_bares_the_opponent_back_draws() {
    for (name, fen, take, mv, retake, other) in [
        (
            "shatranj",
            "8/8/8/3k4/3r4/8/3R4/3K4 w - - 0 1",
            "d2d4",
            "d5",
            "d5d4",
            "d5c6",
        ),
        (
            "courier",
            "12/12/12/5k6/5r6/12/5R6/5K6 w - - 0 1",
            "f2f4",
            "f5",
            "f5f4",
            "f5e6",
        ),
    ] {
        let mut g = game(name, fen);
        play(&mut g, take);
        // Bare, but to move and able to take the last piece: not over yet.
        assert_eq!(g.status().outcome, None, "{name}");
        assert!(g.position().legal_moves().len() > 1);
        assert!(
            g.position()
                .piece_at(g.position().square(mv).unwrap())
                .is_some()
        );
        let mut back = g.clone();
        play(&mut back, retake);
        assert_eq!(
            back.status().outcome,
            outcome(None, EndReason::InsufficientMaterial),
            "{name}"
        );
        assert_eq!(back.result(), GameResult::Draw);
        // Not taking: the bared side has lost after its move.
        play(&mut g, other);
        assert_eq!(
            g.status().outcome,
            outcome(Some(Color::White), EndReason::BareKing),
            "{name}"
        );
        assert!(g.position().legal_moves().is_empty());
        assert!(matches!(
            g.play_text("d1d2"),
            Err(MoveError::GameOver { .. })
        ));
    }
}

#[test]
fn baring_a_side_with_two_pieces_left_against_it_ends_at_once() {
    // Courier: the Pawn stays, so the bared Black King cannot bare White.
    let mut g = game("courier", "12/12/12/5k6/5r6/12/5R6/P4K6 w - - 0 1");
    play(&mut g, "f2f4");
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::BareKing)
    );
    assert!(g.position().legal_moves().is_empty());
}

#[test]
fn variants_without_the_rule_play_on_with_a_bare_king() {
    for (name, fen) in [
        ("chess", "4k3/8/8/8/8/8/3QR3/4K3 b - - 0 1"),
        ("makruk", "4k3/8/8/8/8/8/3MR3/4K3 b - - 0 1"),
    ] {
        let p = Position::from_fen(v(name), fen).unwrap();
        assert_eq!(p.outcome(), None, "{name}");
        assert!(!p.legal_moves().is_empty());
    }
}

// ---------------------------------------------------------------------------
// The n-move rule
// ---------------------------------------------------------------------------

#[test]
fn shatranj_draws_after_seventy_moves() {
    let fen = "8/8/3k4/8/8/3K4/8/R6r w - - 139 80";
    let mut g = game("shatranj", fen);
    assert_eq!(g.status().outcome, None);
    play(&mut g, "a1a2");
    assert_eq!(g.status().outcome, outcome(None, EndReason::MoveRule));
    assert!(g.claims().is_empty());
    assert!(matches!(
        g.play_text("h1h2"),
        Err(MoveError::GameOver { .. })
    ));
    // A capture on the 140th ply resets the clock instead (and bares
    // Black, who may still move).
    let mut g = game("shatranj", "8/8/3k4/8/8/3K4/8/R6r w - - 139 80");
    play(&mut g, "a1h1");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.status().outcome, None);
}

#[test]
fn chess_fifty_moves_stay_a_claim() {
    let mut g = game("chess", "8/8/3k4/8/8/3K4/8/R6r w - - 99 80");
    assert!(g.claims().is_empty());
    play(&mut g, "a1a2");
    let s = g.status();
    assert_eq!(s.outcome, None);
    assert_eq!(s.claims, Claims::FIFTY_MOVES);
    play(&mut g, "h1h2");
    assert!(g.claims().contains(Claims::FIFTY_MOVES));
    // Makruk has no move rule: the counting rules replace it.
    let mut g = game("makruk", "8/8/3k4/8/8/3K4/8/R6r w - - 99 80");
    play(&mut g, "a1a2");
    assert!(g.claims().is_empty());
}

#[test]
fn mate_on_the_last_move_beats_the_move_rule() {
    // White mates with the 140th ply.
    let mut g = game("shatranj", "k7/8/1K6/8/8/8/p7/7R w - - 139 80");
    play(&mut g, "h1h8");
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::Checkmate)
    );
}

// ---------------------------------------------------------------------------
// Repetition
// ---------------------------------------------------------------------------

/// Xiangqi: Black King f10, White Chariot a9, White King d1.
const XQ: &str = "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn xiangqi_perpetual_check_loses_for_the_checker() {
    let mut g = game("xiangqi", XQ);
    let cycle = "a9a10 f10f9 a10a9 f9f10";
    play(&mut g, cycle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.status().outcome, None);
    play(&mut g, "a9a10 f10f9 a10a9");
    assert_eq!(g.status().outcome, None);
    play(&mut g, "f9f10");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::PerpetualCheck)
    );
    assert_eq!(g.result(), GameResult::BlackWins);
    assert!(matches!(
        g.play_text("a9a10"),
        Err(MoveError::GameOver { .. })
    ));
    // Undo reopens the game.
    g.undo();
    assert_eq!(g.status().outcome, None);
}

#[test]
fn xiangqi_repetition_with_a_quiet_move_in_the_cycle_draws() {
    let mut g = game("xiangqi", "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    // White checks, then retreats quietly.
    let cycle = "a1a10 f10f9 a10a1 f9f10";
    play(&mut g, cycle);
    play(&mut g, cycle);
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
    assert_eq!(g.result(), GameResult::Draw);
}

#[test]
fn chess_threefold_stays_a_claim_and_xiangqi_ends() {
    let mut g = Game::new(v("chess"));
    for _ in 0..2 {
        play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    }
    let s = g.status();
    assert_eq!(s.outcome, None);
    assert_eq!(s.claims, Claims::THREEFOLD_REPETITION);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert!(g.status().claims.contains(Claims::THREEFOLD_REPETITION));
    let mut g = Game::new(v("xiangqi"));
    play(&mut g, "b1c3 b10c8 c3b1 c8b10");
    assert_eq!(g.status().outcome, None);
    play(&mut g, "b1c3 b10c8 c3b1 c8b10");
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
    assert!(g.status().claims.is_empty());
}

/// A 5x5 shogi-like game without drops: King and Rook a side, the
/// repetition rules of `repetition` and `extra`.
fn shogi_like(result: &str, extra: &str) -> Arc<Variant> {
    let text = format!(
        r#"name = "mini-repetition"
files = 5
ranks = 5
start = "2k2/5/5/R4/4K w - - 0 1"
stalemate = "loss"

[game-end]
repetition = 4
repetition-result = "{result}"
move-rule = 0
{extra}

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
token = "R"
betza = "R"
"#
    );
    Arc::new(Variant::from_definition(&text).unwrap())
}

const QUIET: &str = "a2b2 c5d5 b2a2 d5c5";
/// From `2k2/R4/5/5/4K`: the Rook checks on rank 5, then on rank 4.
const CHECKS: &str = "a4a5 c5c4 a5a4 c4c5";

fn run(v: &Arc<Variant>, fen: &str, cycle: &str, times: usize) -> Game {
    let mut g = Game::from_fen(v.clone(), fen).unwrap();
    for _ in 0..times {
        play(&mut g, cycle);
    }
    g
}

#[test]
fn shogi_fourfold_draws_unless_perpetual_check() {
    let v = shogi_like("draw", "perpetual-check = \"loss\"");
    let start = v.start_fen().to_string();
    let g = run(&v, &start, QUIET, 2);
    assert_eq!(g.status().outcome, None);
    let g = run(&v, &start, QUIET, 3);
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
    // White's Rook checks with every move: White loses at the fourth
    // occurrence (the King steps c5-c4-c5 out of the checks).
    let fen = "2k2/R4/5/5/4K w - - 0 1";
    let checks = CHECKS;
    let g = run(&v, fen, checks, 2);
    assert_eq!(g.status().outcome, None);
    let mut g = run(&v, fen, checks, 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::PerpetualCheck)
    );
    assert!(g.play_text("a4a3").is_err());
}

#[test]
fn minishogi_fourfold_loses_for_white_whoever_completes_it() {
    let v = shogi_like("loss-for-white", "perpetual-check = \"loss\"");
    let start = v.start_fen().to_string();
    let g = run(&v, &start, QUIET, 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
    // Completed by White's move: White still loses.
    let g = run(&v, "2k2/5/5/R4/4K b - - 0 1", "c5d5 a2b2 d5c5 b2a2", 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
    // Perpetual check by White still loses for White; by Black, for Black.
    let g = run(&v, "2k2/R4/5/5/4K w - - 0 1", CHECKS, 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::PerpetualCheck)
    );
    let g = run(&v, "2k2/5/5/K4/4r b - - 0 1", "e1e2 a2a1 e2e1 a1a2", 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::PerpetualCheck)
    );
}

#[test]
fn torishogi_fourfold_loses_for_the_player_who_completes_it() {
    let v = shogi_like("loss-for-completer", "");
    let start = v.start_fen().to_string();
    // Black's move completes it: Black loses.
    let g = run(&v, &start, QUIET, 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::Repetition)
    );
    // White's move completes it: White loses.
    let g = run(&v, "2k2/5/5/R4/4K b - - 0 1", "c5d5 a2b2 d5c5 b2a2", 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
    // Without the perpetual-check switch, checking does not change it.
    let g = run(&v, "2k2/R4/5/5/4K w - - 0 1", CHECKS, 3);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::Repetition)
    );
}

// ---------------------------------------------------------------------------
// Makruk's counting
// ---------------------------------------------------------------------------

/// Plays `n` plies of shuffling: White's Rook h8-h7, Black's King e5-d5.
fn shuffle(g: &mut Game, n: usize) {
    let cycle = ["h8h7", "e5d5", "h7h8", "d5e5"];
    for i in 0..n {
        play(g, cycle[i % 4]);
    }
}

#[test]
fn makruk_pieces_honour_runs_out() {
    // Black's King alone against a Rook: 16 moves (32 plies), counted from
    // the number of pieces on the board (3, so the count starts at 6 plies).
    let fen = "7R/8/8/4k3/8/8/8/K7 w - - 0 1";
    let mut g = game("makruk", fen);
    shuffle(&mut g, 27);
    assert_eq!(g.status().outcome, None);
    let mut over = g.clone();
    shuffle_from(&mut over, 27, 1);
    assert_eq!(over.status().outcome, outcome(None, EndReason::Counting));
    assert!(over.status().claims.is_empty());
}

#[test]
fn makruk_board_honour_runs_out_after_64_moves() {
    // No Pawns, both sides have pieces: the board's honour, 64 moves
    // counted from 0 after the first move.
    let fen = "7R/8/8/4k3/8/8/7m/K7 w - - 0 1";
    let mut g = game("makruk", fen);
    shuffle(&mut g, 129);
    assert_eq!(g.status().outcome, None);
    shuffle_from(&mut g, 129, 1);
    assert_eq!(g.status().outcome, outcome(None, EndReason::Counting));
}

fn shuffle_from(g: &mut Game, start: usize, n: usize) {
    let cycle = ["h8h7", "e5d5", "h7h8", "d5e5"];
    for i in start..start + n {
        play(g, cycle[i % 4]);
    }
}

#[test]
fn makruk_no_count_while_a_pawn_is_on_the_board_and_a_promotion_starts_it() {
    // A White Pawn on b4 (promotes on rank 6): no count at all.
    let fen = "7R/8/8/4k3/1P6/8/8/K7 w - - 0 1";
    let mut g = game("makruk", fen);
    shuffle(&mut g, 60);
    assert_eq!(g.status().outcome, None);
    // The Pawn moves and promotes: now the pieces' honour counts (Rook:
    // 16 moves, from 4 pieces: 8 plies), so it runs out 25 plies later.
    play(&mut g, "b4b5 e5d5 b5b6m"); // b6 promotes
    let b6 = g.position().square("b6").unwrap();
    assert!(
        g.position().piece_at(b6).unwrap().role
            == betza::Variant::by_name("makruk")
                .unwrap()
                .role_by_token("M")
                .unwrap()
    );
    // Black to move, King on d5, Rook on h8: the shuffle's fourth ply.
    shuffle_from(&mut g, 3, 24);
    assert_eq!(g.status().outcome, None);
    shuffle_from(&mut g, 27, 1);
    assert_eq!(g.status().outcome, outcome(None, EndReason::Counting));
}

#[test]
fn makruk_a_capture_that_bares_a_king_restarts_the_count() {
    // Board's honour runs from White's first move; Black's Met is taken on
    // ply 3: Black's bare King counts the pieces' honour (Rook: 16 moves,
    // 3 pieces: from 6 plies), so it ends 27 plies after the capture, not
    // 128.
    let fen = "7R/8/8/4k3/8/8/7m/K7 w - - 0 1";
    let mut g = game("makruk", fen);
    play(&mut g, "h8h7 e5d5 h7h2");
    // After the capture (Black to move): plies 7..=32 are 26 more plies.
    let mut g2 = g.clone();
    let cycle = ["d5e5", "h2h3", "e5d5", "h3h2"];
    for i in 0..26 {
        play(&mut g2, cycle[i % 4]);
    }
    assert_eq!(g2.status().outcome, None);
    play(&mut g2, cycle[26 % 4]);
    assert_eq!(g2.status().outcome, outcome(None, EndReason::Counting));
    let _ = g;
}

// ---------------------------------------------------------------------------
// Dead positions
// ---------------------------------------------------------------------------

#[test]
fn royal_pieces_alone_are_dead_in_every_variant() {
    for name in Variant::builtin_names() {
        let variant = v(name);
        // Not where a King alone can still win (a region to reach, a
        // side's last piece: losers) or a side has none (horde,
        // antichess), nor where a draw is a side's win (armageddon), nor
        // where a repetition has a winner (minishogi, Tori shogi: the
        // Kings can always reach it).
        let rules = &variant.definition().rules;
        let repetition = variant.definition().game_end.repetition;
        if !rules.region_win.is_empty()
            || rules.kingless.of(Color::White)
            || rules.kingless.of(Color::Black)
            || rules.extinction.is_some()
            || variant.definition().game_end.draw_winner.is_some()
            || (repetition.count >= 2
                && !matches!(
                    repetition.result,
                    betza::RepetitionResult::Claim | betza::RepetitionResult::Draw
                ))
        {
            continue;
        }
        let start = Position::start(variant);
        // Kings still in hand (placement) stand nowhere yet.
        let (Some(wk), Some(bk)) = (start.king(Color::White), start.king(Color::Black)) else {
            continue;
        };
        let size = variant.size();
        let token = &variant.piece(variant.royal()).token;
        // The Kings on their start squares, or the Black one a file aside
        // where they would face each other.
        let p = [0, 1, -1]
            .into_iter()
            .filter_map(|df| size.square(size.file(bk) as i32 + df, size.rank(bk) as i32))
            .find_map(|b| {
                let list = format!(
                    "{token}{} {}{}",
                    size.square_name(wk),
                    token.fen(betza::Color::Black),
                    size.square_name(b)
                );
                let fen = format!("{} w - - 0 1", common::placement(name, &list));
                Position::from_fen(variant, &fen).ok()
            })
            .unwrap();
        assert!(p.is_insufficient_material(), "{name}");
        // A bare King's draw by extinction (Shatar) comes first.
        let reason = if variant.definition().rules.extinction_draw {
            EndReason::Extinction
        } else {
            EndReason::InsufficientMaterial
        };
        assert_eq!(p.outcome(), outcome(None, reason), "{name}");
        if reason == EndReason::Extinction {
            // Ended at once: no moves (Fairy-Stockfish's immediate end).
            assert!(p.legal_moves().is_empty(), "{name}");
            continue;
        }
        // The moves stay (perft counts go on), the game refuses them.
        assert!(!p.legal_moves().is_empty(), "{name}");
        let mut g = Game::from_position(p);
        assert_eq!(g.result(), GameResult::Draw);
        let m = p.legal_moves()[0];
        assert!(
            matches!(g.play(&m), Err(MoveError::GameOver { .. })),
            "{name}"
        );
    }
}

#[test]
fn chess_like_dead_material() {
    for name in [
        "chess",
        "capablanca",
        "gothic",
        "embassy",
        "janus",
        "modern",
        "chancellor",
        "centaur",
        "grand",
    ] {
        let dead = |pieces: &str| {
            common::setup(name, &format!("Ke2 ke7 {pieces}"), "w - - 0 1")
                .is_insufficient_material()
        };
        assert!(dead("Nc3"), "{name}: K+N v K");
        assert!(dead("bc6"), "{name}: K v K+B");
        // b2 and c1 share a colour, b2 and c2 do not.
        assert!(dead("Bb2 bc1"), "{name}: Bishops on one colour");
        assert!(!dead("Bb2 bc2"), "{name}: Bishops on both colours");
        assert!(!dead("Nb2 nc3"), "{name}: a Knight each");
        assert!(!dead("Rb2"), "{name}: a Rook");
    }
    // Makruk, Shatranj and Courier name none.
    for name in ["makruk", "shatranj", "courier"] {
        let p = common::setup(name, "Ke2 ke7 Nc3 Rh1", "w - - 0 1");
        assert!(!p.is_insufficient_material(), "{name}");
    }
}

#[test]
fn chess_dead_material_fires_and_does_not() {
    let dead = |fen: &str| {
        Position::from_fen(v("chess"), fen)
            .unwrap()
            .is_insufficient_material()
    };
    assert!(dead("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"));
    assert!(dead("8/8/4k3/8/8/3BK3/8/8 b - - 0 1"));
    assert!(dead("8/8/4k1n1/8/8/4K3/8/8 w - - 0 1"));
    // Bishops on d3 and d5: both light squares.
    assert!(dead("8/8/4k3/3b4/8/3BK3/8/8 w - - 0 1"));
    // Bishops on d3 (light) and c5 (dark).
    assert!(!dead("8/8/4k3/2b5/8/3BK3/8/8 w - - 0 1"));
    // Two Knights, a Knight against a Bishop, a Pawn, a Rook: not listed.
    assert!(!dead("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1"));
    assert!(!dead("8/8/4k3/3b4/8/3NK3/8/8 w - - 0 1"));
    assert!(!dead("8/8/4k3/8/8/3PK3/8/8 w - - 0 1"));
    assert!(!dead("8/8/4k3/8/8/3RK3/8/8 w - - 0 1"));
    // Decimaka and Meiriqi list none: a minor piece can still win there.
    let p =
        Position::from_fen(v("decimaka"), "4k5/10/10/10/10/10/10/10/3NK5/10 w - - 0 1").unwrap();
    assert!(!p.is_insufficient_material());
    // A game reaching K+N v K by a capture is over, a draw.
    let mut g = game("chess", "8/8/4k3/8/3q4/2N5/8/4K3 w - - 0 1");
    play(&mut g, "c3d5");
    assert_eq!(g.status().outcome, None);
    let mut g = game("chess", "8/8/4k3/8/3q4/8/4N3/4K3 w - - 0 1");
    play(&mut g, "e2d4");
    assert_eq!(
        g.status().outcome,
        outcome(None, EndReason::InsufficientMaterial)
    );
}

/// `dead-color-bound`: Bishops alone (any number, either side) on one
/// color are dead in chess (pyffish's test.py: two Bishops against a bare
/// King); Sittuyin's Mets likewise, and its lone Pawn, which can only
/// become a Met. A type that leaves its color is refused.
#[test]
fn color_bound_pieces_on_one_color_are_dead() {
    let dead = |name: &str, fen: &str| {
        Position::from_fen(v(name), fen)
            .unwrap()
            .is_insufficient_material()
    };
    assert!(dead("chess", "k7/b1b5/8/8/8/8/8/K7 w - - 0 1"));
    assert!(dead("chess", "k7/b1b5/8/8/8/8/8/K1B5 w - - 0 1"));
    assert!(!dead("chess", "k7/bb6/8/8/8/8/8/K7 w - - 0 1"));
    assert!(!dead("chess", "k7/b1b5/8/8/8/8/8/KN6 w - - 0 1"));
    assert!(!dead("chess", "k7/b1b5/8/8/8/8/P7/K7 w - - 0 1"));
    assert!(dead("sittuyin", "k6P/8/8/8/8/8/8/K7[] w - - 0 1"));
    assert!(dead("sittuyin", "k7/8/8/8/8/8/8/KF6[] w - - 0 1"));
    assert!(!dead("sittuyin", "k6P/8/8/8/8/8/8/K6p[] w - - 0 1"));
    assert!(!dead("sittuyin", "k7/8/8/8/8/8/8/KFF5[] w - - 0 1"));
    let pos = Position::from_fen(v("sittuyin"), "k6P/8/8/8/8/8/8/K7[] w - - 0 1").unwrap();
    assert!(pos.has_insufficient_material(Color::White));
    // A piece in hand may land on either color.
    assert!(!dead("crazyhouse", "k7/b1b5/8/8/8/8/8/K7[B] w - - 0 1"));
    let err = with_game_end("[game-end]\ndead-color-bound = [\"N\"]")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("\"N\" reaches squares of both colors"),
        "{err}"
    );
    let err = with_game_end("[game-end]\ndead-color-bound = [\"P\"]")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("both colors") || err.contains("promotes"),
        "{err}"
    );
    let round: betza::VariantDef = v("chess").definition().to_string().parse().unwrap();
    assert_eq!(&round, v("chess").definition());
}

/// Sittuyin: a King and Pawn alone whose every move promotes may claim a
/// draw (pyffish's test.py: the Pawn on g8, the King hemmed in by a Rook).
#[test]
fn sittuyin_promotions_only_is_a_claim() {
    let fen = "1k4PK/3r4/8/8/8/8/8/8[] w - - 0 1";
    let g = game("sittuyin", fen);
    let s = g.status();
    assert_eq!(s.outcome, None);
    assert_eq!(s.claims, Claims::PROMOTIONS_ONLY);
    // A King move besides: no claim; in chess no such rule.
    let g = game("sittuyin", "1k4P1/3r4/7K/8/8/8/8/8[] w - - 0 1");
    assert!(g.status().claims.is_empty());
    let round: betza::VariantDef = v("sittuyin").definition().to_string().parse().unwrap();
    assert!(round.game_end.promotions_only_claim);
    let err = with_game_end("[game-end]\npromotions-only = \"draw\"")
        .unwrap_err()
        .to_string();
    assert!(err.contains("promotions-only"), "{err}");
}

/// A FEN whose side to move could take the enemy King is read for its
/// material alone (pyffish's Xiangqi and Janggi positions); any other
/// fault is still refused.
#[test]
fn material_of_a_fen_with_the_king_en_prise() {
    let x = betza::BoardVariant::from(v("xiangqi"));
    let facing = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert!(x.from_fen(facing).is_err());
    assert_eq!(
        x.insufficient_material_in_fen(facing).unwrap(),
        (true, true)
    );
    let j = betza::BoardVariant::from(v("janggi"));
    let fen = "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46";
    assert!(j.from_fen(fen).is_err());
    assert_eq!(j.insufficient_material_in_fen(fen).unwrap(), (false, false));
    assert!(x.insufficient_material_in_fen("4k4/9/9 w - - 0 1").is_err());
    assert!(
        x.insufficient_material_in_fen("4k4/9/9/9/9/9/9/9/9/4K4 x - - 0 1")
            .is_err()
    );
}

// ---------------------------------------------------------------------------
// Definitions: errors and round trip
// ---------------------------------------------------------------------------

fn with_game_end(table: &str) -> Result<Variant, VariantError> {
    let text = betza::builtin::definition_text("chess").unwrap();
    let i = text.find("\n[[piece]]").unwrap();
    let text = format!("{}\n{table}\n{}", &text[..i], &text[i..]);
    let text = text.replace(
        "[game-end]\ndead-color-bound = [\"B\"]\ndead-material = [\n  { pieces = [\"N\"], against = [] },\n  { pieces = [\"B\"], against = [] },\n  { pieces = [\"B\"], against = [\"B\"], same-color = true },\n]\n",
        "",
    );
    Variant::from_definition(&text)
}

#[test]
fn game_end_errors_are_clear() {
    for (table, says) in [
        (
            "[game-end]\nbare-king = \"win\"",
            "key `game-end.bare-king`: \"win\": expected \"loss\"",
        ),
        (
            "[game-end]\nrepetition = 101",
            "key `game-end.repetition`: 101 is not in 0..=100",
        ),
        ("[game-end]\nrepetition = 1", "at least 2 occurrences"),
        (
            "[game-end]\nrepetition-result = \"lose\"",
            "expected \"claim\" or \"draw\" or \"loss-for-completer\" or \"loss-for-white\"",
        ),
        (
            "[game-end]\nperpetual-check = \"loss\"",
            "`repetition-result` to a result other than \"claim\"",
        ),
        (
            "[game-end]\nmove-rule = -1",
            "key `game-end.move-rule`: -1 is not in 0..=10000",
        ),
        (
            "[game-end]\nmove-rule-result = \"win\"",
            "expected \"claim\" or \"draw\"",
        ),
        (
            "[game-end]\ndead-material = [{ pieces = [\"X\"] }]",
            "no piece type has token \"X\"",
        ),
        (
            "[game-end]\ndead-material = [{ pieces = [\"K\"] }]",
            "is the royal piece",
        ),
        (
            "[game-end]\ndead-material = [{ pieces = [] }]",
            "lists no piece",
        ),
        (
            "[game-end]\nsudden-death = true",
            "unknown field `sudden-death`",
        ),
        (
            "[game-end.counting]\nboard-honour = 0\npieces-honour-default = 0",
            "counting: no limit is set",
        ),
        (
            "[game-end.counting]\nboard-honour = 64\npieces-honour-default = 64\npieces-honour = [{ piece = \"Z\", count = 1, moves = 8 }]",
            "no piece type has token \"Z\"",
        ),
    ] {
        let e = with_game_end(table)
            .err()
            .unwrap_or_else(|| panic!("{table} accepted"));
        assert!(e.to_string().contains(says), "{table}: {e}");
    }
}

#[test]
fn definitions_with_game_end_rules_round_trip() {
    for name in ["shatranj", "courier", "xiangqi", "makruk", "chess", "grand"] {
        let def = v(name).definition().clone();
        let text = def.to_string();
        assert_eq!(
            text.parse::<betza::VariantDef>().unwrap(),
            def,
            "{name}:\n{text}"
        );
    }
    let v = shogi_like("loss-for-white", "perpetual-check = \"loss\"");
    let def = v.definition().clone();
    assert_eq!(def.to_string().parse::<betza::VariantDef>().unwrap(), def);
}

// ---------------------------------------------------------------------------
// PGN
// ---------------------------------------------------------------------------

#[test]
fn pgn_names_the_rule_that_ended_the_game() {
    let mut g = game("xiangqi", XQ);
    for _ in 0..2 {
        play(&mut g, "a9a10 f10f9 a10a9 f9f10");
    }
    g.set_tag("Termination", "time forfeit").unwrap();
    let pgn = g.to_pgn();
    assert!(pgn.contains("[Result \"0-1\"]\n"), "{pgn}");
    assert!(pgn.contains("[Termination \"perpetual check\"]\n"), "{pgn}");
    assert!(!pgn.contains("time forfeit"), "{pgn}");
    assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.status(), g.status());
    assert_eq!(back.to_pgn(), pgn);
    // A game going on keeps a GUI's own Termination.
    g.undo();
    let pgn = g.to_pgn();
    assert!(pgn.contains("[Termination \"time forfeit\"]\n"), "{pgn}");
    // Moves after the end are refused.
    let mut over = g.clone();
    play(&mut over, "f9f10");
    let bad = over.to_pgn().replace(" 0-1\n", " Ra10 0-1\n");
    assert!(Game::from_pgn(&bad).is_err());
}

// ---------------------------------------------------------------------------
// The example programs report the same
// ---------------------------------------------------------------------------

/// Runs an example program with `input` on its standard input.
fn run_example(name: &str, args: &[&str], input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", name, "--"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_xboard_result_line_names_the_rule() {
    // XBoard numbers a 10-rank board's ranks from 0: a9a10 is a8a9.
    let script = "new\nvariant xiangqi\nforce\nsetboard 5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\n\
        usermove a8a9\nusermove f9f8\nusermove a9a8\nusermove f8f9\n\
        usermove a8a9\nusermove f9f8\nusermove a9a8\nusermove f8f9\nusermove a8a9\nquit\n";
    let out = run_example("xboard", &["--seed", "1"], script);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| {
            !l.starts_with("feature") && !l.starts_with("piece ") && !l.starts_with("setup ")
        })
        .collect();
    assert_eq!(
        lines,
        [
            "0-1 {Black wins by perpetual check}",
            "Illegal move (the game is over): a8a9"
        ],
        "{out}"
    );
    let out = run_example(
        "xboard",
        &[],
        "new\nvariant shatranj\nsetboard 4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41\ngo\nquit\n",
    );
    assert!(out.contains("0-1 {Black wins by bare king}"), "{out}");
    let out = run_example(
        "xboard",
        &[],
        "new\nsetboard 8/8/4k3/8/8/3NK3/8/8 w - - 0 1\ngo\nquit\n",
    );
    assert!(
        out.contains("1/2-1/2 {Draw by insufficient material}"),
        "{out}"
    );
}

#[test]
fn play_announces_the_rule() {
    let out = run_example(
        "play",
        &[
            "xiangqi",
            "--no-color",
            "--black",
            "human",
            "--fen",
            "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
        ],
        "a9a10\nf10f9\na10a9\nf9f10\na9a10\nf10f9\na10a9\nf9f10\nquit\n",
    );
    assert!(
        out.contains("Game over: black wins by perpetual check. Result 0-1."),
        "{out}"
    );
}

#[test]
fn end_reasons_have_distinct_names_that_read_back() {
    let all = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::BareKing,
        EndReason::InsufficientMaterial,
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::MoveRule,
        EndReason::Counting,
    ];
    let mut names: Vec<&str> = all.iter().map(|r| r.as_str()).collect();
    for r in all {
        assert_eq!(EndReason::from_name(r.as_str()), Some(r));
        assert_eq!(r.to_string(), r.as_str());
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), all.len());
    assert_eq!(EndReason::from_name("resignation"), None);
    let o = Outcome {
        winner: Some(Color::Black),
        reason: EndReason::PerpetualCheck,
    };
    assert_eq!(o.to_string(), "black wins by perpetual check");
}

// ---------------------------------------------------------------------------
// The shogi family's built-in rules (docs/variants.md) and hands
// ---------------------------------------------------------------------------

#[test]
fn shogi_fourfold_repetition_is_a_draw() {
    let cycle = "h2g2 b8c8 g2h2 c8b8";
    let mut g = Game::new(v("shogi"));
    play(&mut g, cycle);
    play(&mut g, cycle);
    assert_eq!(g.repetitions(), 3);
    // The third occurrence ends nothing and is no claim either.
    assert_eq!(g.status().outcome, None);
    assert!(g.status().claims.is_empty());
    play(&mut g, "h2g2 b8c8 g2h2");
    assert_eq!(g.status().outcome, None);
    play(&mut g, "c8b8");
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
    assert_eq!(g.result(), GameResult::Draw);
    assert!(g.play_text("h2g2").is_err());
}

#[test]
fn shogi_perpetual_check_loses_for_the_checker() {
    // White's Rook checks along rank 9, then rank 8; Black's King steps
    // e9-e8-e9 out of each check.
    let fen = "4k4/R8/9/9/9/9/9/9/4K4[] w - - 0 1";
    let cycle = "a8a9 e9e8 a9a8 e8e9";
    let mut g = game("shogi", fen);
    for _ in 0..2 {
        play(&mut g, cycle);
    }
    assert_eq!(g.status().outcome, None);
    play(&mut g, cycle);
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::PerpetualCheck)
    );
    // One quiet move by White in the cycle: a plain draw.
    let mut g = game("shogi", fen);
    for _ in 0..3 {
        play(&mut g, "a8a7 e9e8 a7a8 e8e9");
    }
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
}

#[test]
fn minishogi_fourfold_repetition_loses_for_white() {
    // Black's move completes it.
    let mut g = Game::new(v("minishogi"));
    for _ in 0..3 {
        play(&mut g, "e1e2 a5a4 e2e1 a4a5");
    }
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
    // White's move completes it.
    let mut g = game("minishogi", "rbsgk/4p/5/P4/KGSBR[] b - - 0 1");
    for _ in 0..3 {
        play(&mut g, "a5a4 e1e2 a4a5 e2e1");
    }
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
}

#[test]
fn torishogi_fourfold_repetition_loses_for_the_completer() {
    let cycle = "d2c2 d6c6 c2d2 c6d6";
    let mut g = Game::new(v("torishogi"));
    for _ in 0..3 {
        play(&mut g, cycle);
    }
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::White), EndReason::Repetition)
    );
    let mut g = game(
        "torishogi",
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] b - - 0 1",
    );
    for _ in 0..3 {
        play(&mut g, "d6c6 d2c2 c6d6 c2d2");
    }
    assert_eq!(
        g.status().outcome,
        outcome(Some(Color::Black), EndReason::Repetition)
    );
}

#[test]
fn the_shogi_family_has_no_move_count_rule_and_crazyhouse_claims_as_chess() {
    for name in ["shogi", "minishogi", "torishogi"] {
        let end = &v(name).definition().game_end;
        assert_eq!(end.move_rule.moves, 0, "{name}");
        assert_eq!(end.repetition.count, 4, "{name}");
    }
    // A shogi position with a huge half-move clock is not over.
    let g = game("shogi", "4k4/9/9/9/9/9/9/9/R3K4[] w - - 500 300");
    assert_eq!(g.status().outcome, None);
    assert!(g.status().claims.is_empty());
    // Crazyhouse: threefold repetition and fifty moves are claims.
    let mut g = Game::new(v("crazyhouse"));
    for _ in 0..2 {
        play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    }
    let s = g.status();
    assert_eq!(s.outcome, None);
    assert_eq!(s.claims, Claims::THREEFOLD_REPETITION);
    let mut g = game("crazyhouse", "4k3/8/8/8/8/8/8/R3K3[] w - - 99 80");
    play(&mut g, "a1a2");
    assert_eq!(g.status().outcome, None);
    assert!(g.status().claims.contains(Claims::FIFTY_MOVES));
}

#[test]
fn the_shogi_family_definitions_round_trip() {
    for name in ["shogi", "minishogi", "torishogi", "crazyhouse"] {
        let def = v(name).definition().clone();
        let text = def.to_string();
        assert_eq!(
            text.parse::<betza::VariantDef>().unwrap(),
            def,
            "{name}:\n{text}"
        );
    }
}

#[test]
fn repetition_compares_hands() {
    // Same placement and side to move, different hands: different
    // positions, different hashes.
    let fens = [
        "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4[p] w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4[PP] w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4[G] w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1",
    ];
    let ps: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(v("shogi"), f).unwrap())
        .collect();
    for (i, a) in ps.iter().enumerate() {
        for b in &ps[i + 1..] {
            assert_ne!(a.hash(), b.hash(), "{} {}", a.to_fen(), b.to_fen());
            assert_ne!(a, b);
        }
    }
    // A cycle with a piece in hand counts as usual.
    let mut g = game("shogi", "4k4/9/9/9/9/9/9/9/R3K4[P] w - - 0 1");
    for _ in 0..3 {
        play(&mut g, "a1a2 e9e8 a2a1 e8e9");
    }
    assert_eq!(g.status().outcome, outcome(None, EndReason::Repetition));
}

/// Crazyhouse's definition with `edit` applied, under another name.
fn crazyhouse_with(edit: impl FnOnce(&mut betza::VariantDef)) -> Arc<Variant> {
    let mut def = v("crazyhouse").definition().clone();
    def.name = "crazyhouse-test".into();
    edit(&mut def);
    Arc::new(Variant::new(def).unwrap())
}

#[test]
fn pieces_in_hand_are_material() {
    let zh = v("crazyhouse");
    let pos = |fen: &str| Position::from_fen(zh, fen).unwrap();
    // Only the Kings on the board but a Queen and a Knight in hand: alive.
    let p = pos("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert!(!p.is_insufficient_material());
    assert_eq!(p.outcome(), None);
    assert_eq!(Game::from_position(p).status().outcome, None);
    for fen in [
        "2k5/8/8/8/8/8/8/4K3[p] w - - 0 1",
        "2k5/8/8/8/8/8/8/4K3[N] b - - 0 1",
    ] {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
    // Empty hands: dead.
    let p = pos("2k5/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(p.is_insufficient_material());
    assert_eq!(p.outcome(), outcome(None, EndReason::InsufficientMaterial));
    // A game whose last capture leaves Kings alone but a piece in hand goes on.
    let mut g = game("crazyhouse", "2k5/8/8/8/8/8/3q4/4K3[] w - - 0 1");
    play(&mut g, "e1d2");
    assert_eq!(g.position().to_fen(), "2k5/8/8/8/8/8/3K4/8[Q] b - - 0 1");
    assert_eq!(g.status().outcome, None);

    // Listed dead material counts the hand too: King and Knight against
    // King is dead whether the Knight stands or is held; Bishops "on one
    // colour" are not when one is in hand (it may land on either).
    let v = crazyhouse_with(|d| {
        d.game_end.dead_material = v("chess").definition().game_end.dead_material.clone();
    });
    let dead = |fen: &str| {
        Position::from_fen(&v, fen)
            .unwrap()
            .is_insufficient_material()
    };
    assert!(dead("8/8/4k3/8/8/3NK3/8/8[] w - - 0 1"));
    assert!(dead("8/8/4k3/8/8/4K3/8/8[N] w - - 0 1"));
    assert!(!dead("8/8/4k3/8/8/3NK3/8/8[N] w - - 0 1"));
    assert!(!dead("8/8/4k3/8/8/3NK3/8/8[q] w - - 0 1"));
    assert!(dead("8/8/4k3/3b4/8/3BK3/8/8[] w - - 0 1"));
    assert!(!dead("8/8/4k3/8/8/3BK3/8/8[b] w - - 0 1"));
}

#[test]
fn a_king_with_pieces_in_hand_is_not_bare() {
    let v = crazyhouse_with(|d| d.game_end.bare_king = true);
    let pos = |fen: &str| Position::from_fen(&v, fen).unwrap();
    // Black's King is alone on the board and in hand: White wins at once.
    let p = pos("4k3/8/8/8/8/8/8/3QK3[] w - - 0 1");
    assert_eq!(
        p.outcome(),
        outcome(Some(Color::White), EndReason::BareKing)
    );
    assert!(p.legal_moves().is_empty());
    assert!(common::reference_bare_king_end(&p));
    // With a Knight in Black's hand it is not bare.
    let p = pos("4k3/8/8/8/8/8/8/3QK3[n] w - - 0 1");
    assert_eq!(p.outcome(), None);
    assert!(!p.legal_moves().is_empty());
    assert!(!common::reference_bare_king_end(&p));
    common::assert_reference(&p, &|_| false);
    // Black to move, its King alone against a Queen and a Rook in hand:
    // three pieces, it cannot bare White back.
    let p = pos("4k3/8/8/8/8/8/8/3QK3[R] b - - 0 1");
    assert_eq!(
        p.outcome(),
        outcome(Some(Color::White), EndReason::BareKing)
    );
    assert!(common::reference_bare_king_end(&p));
}

#[test]
fn kings_alone_are_not_dead_where_a_king_can_reach_a_winning_region() {
    for (name, fen) in [
        ("kingofthehill", "k7/8/8/8/8/8/8/7K w - - 0 1"),
        ("racingkings", "8/8/8/8/8/8/8/k6K w - - 0 1"),
    ] {
        let p = Position::from_fen(v(name), fen).unwrap();
        assert!(!p.is_insufficient_material(), "{name}");
        assert_eq!(p.outcome(), None, "{name}");
        assert!(!p.legal_moves().is_empty(), "{name}");
    }
}

/// `dead-confined` (Xiangqi): Advisors and Elephants never leave their own
/// half, so they never attack the enemy General's palace and count as no
/// material, as Fairy-Stockfish's restricted pieces (pyffish's test.py:
/// an Elephant each is (true, true)); a side with only them cannot win.
#[test]
fn xiangqi_pieces_kept_from_the_palace_are_no_material() {
    let x = betza::BoardVariant::from(v("xiangqi"));
    let both = |fen: &str| x.insufficient_material_in_fen(fen).unwrap();
    // An Elephant each (pyffish's test.py); Advisors and Elephants each.
    assert_eq!(both("4k4/9/4b4/9/9/9/9/4B4/9/4K4 w - - 0 1"), (true, true));
    assert_eq!(
        both("2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1"),
        (true, true)
    );
    // A Horse, Chariot or Soldier can cross: only the other side is short.
    assert_eq!(
        both("4k4/9/4b4/9/9/9/9/4B4/9/3KN4 w - - 0 1"),
        (false, true)
    );
    assert_eq!(
        both("4k4/4a4/9/9/9/9/9/9/4A4/3KR4 w - - 0 1"),
        (false, true)
    );
    assert_eq!(both("3k5/9/9/9/9/9/9/4p4/4A4/4K4 w - - 0 1"), (true, false));
    // The dead position is a draw that keeps its moves.
    let p = Position::from_fen(v("xiangqi"), "3k5/9/4b4/9/9/9/9/4B4/4A4/4K4 w - - 0 1").unwrap();
    assert!(p.is_insufficient_material());
    assert_eq!(p.outcome(), outcome(None, EndReason::InsufficientMaterial));
    assert!(!p.legal_moves().is_empty());
    // Janggi's Elephants cross the river: no such key, not dead.
    let j = betza::BoardVariant::from(v("janggi"));
    assert_eq!(
        j.insufficient_material_in_fen("4k4/9/9/9/9/4B4/4B4/9/9/4K4 w - - 0 1")
            .unwrap(),
        (false, true)
    );
    // Without the key the same Xiangqi position is not dead.
    let text = v("xiangqi")
        .definition()
        .to_string()
        .replace("dead-confined = true\n", "");
    let def: betza::VariantDef = text.parse().unwrap();
    let plain = def.build().unwrap();
    let p = Position::from_fen(&plain, "3k5/9/4b4/9/9/9/9/4B4/4A4/4K4 w - - 0 1").unwrap();
    assert!(!p.is_insufficient_material());
    // The key is written back.
    let round: betza::VariantDef = v("xiangqi").definition().to_string().parse().unwrap();
    assert!(round.game_end.dead_confined);
}

/// Dead material of Fairy-Stockfish's variants, derived from its piece
/// classes when its configuration format is read (Shako: Knight, Cannon
/// alone; Bishops and Elephants on one color), as pyffish's test.py has it.
#[test]
fn shako_dead_material_from_fairy_stockfishs_piece_classes() {
    let s = betza::BoardVariant::from(v("shako"));
    let both = |fen: &str| s.insufficient_material_in_fen(fen).unwrap();
    let k = "k9/10/10/10/10/10/10/10/10";
    assert_eq!(both(&format!("{k}/KC8 w - - 0 1")), (true, true));
    assert_eq!(both(&format!("{k}/KN8 w - - 0 1")), (true, true));
    assert_eq!(both(&format!("{k}/KCC7 w - - 0 1")), (false, true));
    assert_eq!(both(&format!("{k}/KEC7 w - - 0 1")), (false, true));
    assert_eq!(both(&format!("{k}/KNE7 w - - 0 1")), (false, true));
    assert_eq!(both(&format!("{k}/KQ8 w - - 0 1")), (false, true));
    let kb = "kb8/10/10/10/10/10/10/10/10";
    assert_eq!(both(&format!("{kb}/KE8 w - - 0 1")), (false, false));
    assert_eq!(both(&format!("{kb}/K1E7 w - - 0 1")), (true, true));
    // A Pawn may become a Queen: never dead.
    assert_eq!(both(&format!("{k}/KP8 w - - 0 1")), (false, true));
    let def = v("shako").definition();
    assert_eq!(def.game_end.dead_color_bound, ["B", "E"]);
    // The same keys from the configuration format, for any variant.
    let read = |ini: &str| {
        let defs = betza::VariantDef::from_fsf_ini(ini).unwrap();
        defs.last().unwrap().game_end.clone()
    };
    let g = read("[knightonly:chess]\nqueen = -\n");
    assert_eq!(g.dead_color_bound, ["B"]);
    assert_eq!(g.dead_material.len(), 1);
    assert_eq!(g.dead_material[0].pieces, ["N"]);
    // A custom piece may mate: none for it. A Kniroo attacks as a Rook:
    // a major here although Fairy-Stockfish's classes call it minor.
    let g = read("[c:chess]\nknight = -\ncustomPiece1 = n:N\n");
    assert!(g.dead_material.is_empty());
    let g = read("[k:chess]\nknight = -\nkniroo = n\n");
    assert!(g.dead_material.is_empty());
    // A stalemate that wins leaves only the confined pieces' rule.
    let g = read("[s:chess]\nstalemateValue = loss\n");
    assert!(g.dead_material.is_empty() && g.dead_color_bound.is_empty());
    // Captures to hand: nothing is ever dead (and, as Fairy-Stockfish's
    // clock has it, every drop resets the move clock).
    let want = betza::GameEndDef {
        move_rule_drops: true,
        ..Default::default()
    };
    assert_eq!(read("[h:crazyhouse]\n"), want);
    // Xiangqi's palace and river: the confined pieces' rule.
    let g = read("[x:xiangqi]\n");
    assert!(g.dead_confined);
}
