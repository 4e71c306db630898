//! The `play` example driven through its input: a scripted game in each
//! variant, bad input, undo, FEN, PGN, promotion questions, the computer.

#[path = "../examples/play.rs"]
mod play;

use play::engine;

use play::{Command, Options, Player};

/// Runs `play` with `script` as its input and returns what it printed.
fn run(variant: &str, white: Player, black: Player, seed: u64, script: &str) -> String {
    let opts = Options {
        variant: variant.into(),
        white,
        black,
        seed: Some(seed),
        color: false,
        echo: true,
    };
    let mut out = Vec::new();
    play::run(&opts, script.as_bytes(), &mut out).expect("no I/O error on memory buffers");
    String::from_utf8(out).expect("UTF-8")
}

fn people(variant: &str, script: &str) -> String {
    run(variant, Player::Human, Player::Human, 1, script)
}

/// Asserts that `text` contains each of `parts`, in order.
#[track_caller]
fn assert_in_order(text: &str, parts: &[&str]) {
    let mut rest = text;
    for part in parts {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => panic!("{part:?} not found (in order) in:\n{text}"),
        }
    }
}

#[test]
fn meiriqi_game_with_promotion_undo_fen_pgn_and_mate() {
    let out = people(
        "meiriqi",
        "moves a2\n\
         a2b4\n\
         a7\n\
         Nc6\n\
         j6\n\
         c6d8\n\
         perhaps\n\
         y\n\
         fen\n\
         undo\n\
         fen\n\
         pgn\n\
         new\n\
         Fd4\n\
         Wi9\n\
         d4h3\n\
         Sh9\n\
         Fg7\n\
         e3e5\n\
         pgn\n\
         quit\n",
    );
    assert_in_order(
        &out,
        &[
            "meiriqi: White human, Black human.",
            " 10   .  f  y  e  h  w  .  m  k  m\n",
            "      a  b  c  d  e  f  g  h  i  j\n",
            "White to move> moves a2\nKnight on a2: Nb4 (a2b4)\n",
            "White plays Nb4 (a2b4).",
            "Black plays a7 (a8a7).",
            "White plays Nc6 (b4c6).",
            "Black plays j6 (j7j6).",
            "Promote the Knight to Janus? (y/n) perhaps\nAnswer y to promote or n not to.\n",
            "Promote the Knight to Janus? (y/n) y\nWhite plays Nd8=J (c6d8+).",
            "fen\n1fyehw1mkm/ngslsgn3/2pJp1p1s1/p6pp1/9p/10/7PPP/P1P1P1P1S1/1GSLSGN3/1FYEHW1MKM b - - 1 3\n",
            "undo\nTook back Nd8=J.",
            "fen\n1fyehw1mkm/ngslsgn3/2p1p1p1s1/p6pp1/2N6p/10/7PPP/P1P1P1P1S1/1GSLSGN3/1FYEHW1MKM w - - 0 3\n",
            "[Variant \"meiriqi\"]",
            "1. Nb4 a7 2. Nc6 j6 *",
            "New game.",
            "White plays Fd4 (b1d4).",
            "Black plays Wi9 (f10i9).",
            "White plays Fh3 (d4h3).",
            "Black plays Sh9 (i8h9).",
            "White plays Fg7# (h3g7).",
            "Game over: white wins by checkmate. Result 1-0.",
            "Game over> e3e5\nThe game is over (1-0); type undo, new, pgn or quit.\n",
            "1. Fd4 Wi9 2. Fh3 Sh9 3. Fg7# 1-0",
            "Game over> quit\nBye.\n",
        ],
    );
}

#[test]
fn decimaka_game_with_bad_input_and_a_declined_promotion() {
    let out = people(
        "decimaka",
        "moves e3\n\
         moves z1\n\
         moves e8\n\
         moves f1\n\
         e3e6\n\
         e3e5+\n\
         Nf9\n\
         hello\n\
         two words\n\
         Bh1\n\
         Se6\n\
         Ti1\n\
         Sxh3\n\
         maybe\n\
         n\n\
         quit\n",
    );
    assert_in_order(
        &out,
        &[
            "decimaka: White human, Black human.",
            " 10   r  .  .  y  k  f  y  .  .  r\n",
            "  1   R  .  .  Y  F  K  Y  .  .  R\n",
            "Pawn on e3: e4 (e3e4), e5 (e3e5)\n",
            "\"z1\" is not a square of the board (a1 to j10).\n",
            "The Pawn on e8 is Black's; it is White's turn.\n",
            "The King on f1 has no legal move.\n",
            "White to move> e3e6\nMove \"e3e6\": the Pawn on e3 has no move to e6.\n",
            "White to move> e3e5+\nMove \"e3e5+\": this move cannot promote that way; legal: e3e5.\n",
            "White to move> Nf9\nSAN \"Nf9\": illegal, no white Knight can move to f9.\n",
            "White to move> hello\n\"hello\" is not a command, move text (e3e5) or SAN (e5, Nf3)",
            "White to move> two words\n\"two words\" is not a command or a move; type help for the commands.\n",
            "White plays Bh1 (g2h1).",
            "Black plays Se6 (e9e6).",
            "White plays Ti1 (i2i1).",
            "Promote the Star to Omni? (y/n) maybe\nAnswer y to promote or n not to.\n",
            "Promote the Star to Omni? (y/n) n\nBlack plays Sxh3# (e6h3).",
            "Game over: black wins by checkmate. Result 0-1.",
            "Bye.",
        ],
    );
}

#[test]
fn chess_promotion_asks_for_the_type_and_fools_mate_ends_the_game() {
    let out = people(
        "chess",
        "e4\nd5\nexd5\nc6\ndxc6\nNf6\ncxb7\nNbd7\n\
         bxa8\n\
         x\n\
         n\n\
         undo\n\
         b7a8\n\
         q\n\
         undo\n\
         b7a8r\n\
         new chess\n\
         f3\ne5\ng4\nQh4\n\
         undo\n\
         d8h4\n\
         quit\n",
    );
    assert_in_order(
        &out,
        &[
            "chess: White human, Black human.",
            "  8   r  n  b  q  k  b  n  r\n",
            "White plays cxb7 (c6b7).",
            "Promote to (q/r/b/n)? x\nAnswer q for Queen, r for Rook, b for Bishop, n for Knight.\n",
            "Promote to (q/r/b/n)? n\nWhite plays bxa8=N (b7a8n).",
            "Took back bxa8=N.",
            "Promote to (q/r/b/n)? q\nWhite plays bxa8=Q (b7a8q).",
            "Took back bxa8=Q.",
            "White plays bxa8=R (b7a8r).",
            "New game.",
            "Black plays Qh4# (d8h4).",
            "Game over: black wins by checkmate. Result 0-1.",
            "Game over> undo\nTook back Qh4#.",
            "Black to move> d8h4\nBlack plays Qh4# (d8h4).",
            "Game over: black wins by checkmate. Result 0-1.",
        ],
    );
}

#[test]
fn capablanca_game_in_move_text_and_san() {
    let out = people("capablanca", "c1b3\nf5\nAxg8\nh8f7\ng8h7\npgn\nquit\n");
    assert_in_order(
        &out,
        &[
            "capablanca: White human, Black human.",
            "  8   r  n  a  b  q  k  b  c  n  r\n",
            "White plays Ab3 (c1b3).",
            "Black plays f5 (f7f5).",
            "White plays Axg8 (b3g8).",
            "Black plays Cf7 (h8f7).",
            "White plays Axh7# (g8h7).",
            "Game over: white wins by checkmate. Result 1-0.",
            "[Variant \"capablanca\"]",
            "1. Ab3 f5 2. Axg8 Cf7 3. Axh7# 1-0",
        ],
    );
}

#[test]
fn against_the_computer_undo_takes_back_both_moves() {
    let out = run(
        "meiriqi",
        Player::Human,
        Player::Computer,
        7,
        "e3e5\nundo\nfen\n",
    );
    assert_in_order(
        &out,
        &[
            "meiriqi: White human, Black computer.",
            "White plays e5 (e3e5).",
            "Black plays ",
            "White to move> undo\nTook back e5 ",
            "fen\n1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1\n",
        ],
    );
    // The input ends without quit: the program stops cleanly.
    assert!(out.ends_with("White to move> \n"), "{out}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let script = "e3e5\nc3c5\na3a5\n";
    let a = run("meiriqi", Player::Human, Player::Computer, 42, script);
    let b = run("meiriqi", Player::Human, Player::Computer, 42, script);
    assert_eq!(a, b);
}

#[test]
fn different_seeds_play_different_games() {
    let game = |seed| {
        run(
            "chess",
            Player::Computer,
            Player::Computer,
            seed,
            "pgn\nquit\n",
        )
    };
    assert_ne!(game(2), game(3));
    let mut firsts: Vec<u64> = (0..1000).map(|s| engine::Rng::new(s).next_u64()).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 1000);
}

#[test]
fn the_computer_mates_in_one_and_takes_a_free_queen() {
    use betza::{Position, Variant};
    let chess = Variant::by_name("chess").unwrap();
    let values = engine::Values::new(chess);
    let choose = |fen: &str, seed: u64| {
        let pos = Position::from_fen(chess, fen).unwrap();
        let m = engine::choose_move(&pos, &values, &mut engine::Rng::new(seed)).unwrap();
        pos.move_text(&m)
    };
    // After 1. f3 e5 2. g4 only Qh4 mates.
    let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    for seed in 0..5 {
        assert_eq!(choose(fools, seed), "d8h4");
    }
    // A Queen left hanging is taken (by the Knight, which nothing attacks).
    let hanging = "rnb1kbnr/pppp1ppp/8/4p3/3q4/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 1";
    assert!(["e1e2", "c3d5"].iter().all(|m| *m != choose(hanging, 1)));
    let free = "4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1";
    assert_eq!(choose(free, 1), "c3d5");
    // Values follow mobility: Queen > Rook > Bishop > Knight > Pawn.
    let v = |t: &str| values.of(chess.role_by_token(t).unwrap());
    assert!(v("Q") > v("R") && v("R") > v("B") && v("B") > v("N") && v("N") > v("P"));
    assert_eq!(v("K"), 0);
    // No legal move: no choice.
    let mated = Position::from_fen(chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(engine::choose_move(&mated, &values, &mut engine::Rng::new(1)).is_none());
}

#[test]
fn two_computers_play_a_game_to_its_end() {
    let out = run(
        "decimaka",
        Player::Computer,
        Player::Computer,
        11,
        "pgn\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "decimaka: White computer, Black computer.",
            "Game over: ",
            "Result ",
            "Game over> pgn\n",
        ],
    );
    let end = &out[out.find("Game over: ").expect("ended")..];
    let result = ["Result 1-0.", "Result 0-1.", "Result 1/2-1/2."]
        .into_iter()
        .find(|r| end.contains(r))
        .expect("a decided result");
    let pgn_result = result.trim_start_matches("Result ").trim_end_matches('.');
    assert!(end.contains(&format!("[Result \"{pgn_result}\"]")), "{end}");
}

#[test]
fn help_new_variant_and_unknown_variant() {
    let out = people("meiriqi", "help\nnew xiangqi\nnew chess\nfen\nquit\n");
    assert_in_order(
        &out,
        &[
            "Commands:\n",
            "  moves [SQUARE]",
            "  quit ",
            "new xiangqi\nUnknown variant \"xiangqi\"; the built-in variants are decimaka, meiriqi, chess, capablanca.\n",
            "New game.\nchess: White human, Black human.",
            "fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ],
    );
}

#[test]
fn claim_and_resign() {
    let out = people(
        "chess",
        "claim\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nclaim\nundo\nresign\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "claim\nNo draw can be claimed",
            "Black plays Ng8 (f6g8).",
            "A draw by threefold repetition can be claimed: type claim.",
            "claim\nGame over: draw claimed by threefold repetition. Result 1/2-1/2.",
            "undo\nTook back Ng8.",
            "resign\nGame over: Black resigns. Result 1-0.",
        ],
    );
}

#[test]
fn command_line() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let Ok(Command::Play(o)) = play::parse_args(&[]) else {
        panic!("defaults")
    };
    assert_eq!(
        (o.variant.as_str(), o.white, o.black, o.seed),
        ("meiriqi", Player::Human, Player::Computer, None)
    );
    assert!(o.color);
    let Ok(Command::Play(o)) = play::parse_args(&args(
        "decimaka --white computer --black human --seed 9 --no-color",
    )) else {
        panic!("all options")
    };
    assert_eq!(
        (o.variant.as_str(), o.white, o.black, o.seed, o.color),
        ("decimaka", Player::Computer, Player::Human, Some(9), false)
    );
    assert!(matches!(
        play::parse_args(&args("--help")),
        Ok(Command::Help)
    ));
    let err = |s: &str| play::parse_args(&args(s)).unwrap_err();
    assert_eq!(
        err("shogi"),
        "unknown variant \"shogi\"; the built-in variants are decimaka, meiriqi, chess, capablanca"
    );
    assert_eq!(
        err("--white robot"),
        "\"robot\": a player is human or computer"
    );
    assert_eq!(err("--seed"), "--seed needs a value");
    assert_eq!(err("--seed x"), "--seed \"x\": not a whole number");
    assert_eq!(err("--fast"), "unknown option --fast");
    assert_eq!(err("chess meiriqi"), "unexpected argument \"meiriqi\"");
}

#[test]
fn board_in_colour_and_in_ascii() {
    let v = betza::Variant::by_name("decimaka").unwrap();
    let pos = betza::Position::start(v);
    let plain = play::render_board(&pos, None, false);
    assert!(plain.is_ascii() && !plain.contains('\x1b'));
    assert!(
        plain.starts_with(" 10   r  .  .  y  k  f  y  .  .  r\n"),
        "{plain}"
    );
    let m = pos.parse_move("e3e5").unwrap();
    let next = pos.play(&m).unwrap();
    let colour = play::render_board(&next, Some(m), true);
    assert!(colour.contains("\x1b[48;5;"));
    // The last move's squares are marked.
    assert_eq!(colour.matches("\x1b[48;5;143;").count(), 2);
    // Promoted tokens keep their '+': a Queen would be drawn as " +F".
    let q = betza::Position::from_fen(v, "4k5/10/10/10/10/+F9/10/10/10/5K4 w - - 0 1").unwrap();
    assert!(play::render_board(&q, None, false).contains(" +F"));
}
