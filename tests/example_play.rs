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
        variant_file: None,
        white,
        black,
        seed: Some(seed),
        fen: None,
        color: false,
        echo: true,
        ..Options::default()
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
         c6d8\n\
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
            "Promote the Knight to Janus? (y/n, anything else takes the move back) perhaps\nMove taken back.\n",
            "White to move> c6d8\nPromote the Knight to Janus? (y/n, anything else takes the move back) y\nWhite plays Nd8=J (c6d8+).",
            // The last move is marked without colour, and the moves so far listed.
            "  8   .  .  p *J  p  .  p  .  s  .\n",
            "  6   .  . *.  .  .  .  .  .  .  p\n",
            "Moves: 1. Nb4 a7 2. Nc6 j6 3. Nd8=J\nBlack to move> ",
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
         Sxh3\n\
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
            "Promote the Star to Omni? (y/n, anything else takes the move back) maybe\nMove taken back.\n",
            "Black to move> Sxh3\nPromote the Star to Omni? (y/n, anything else takes the move back) n\nBlack plays Sxh3# (e6h3).",
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
         bxa8\n\
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
            "Promote to (q/r/b/n)? (q Queen, r Rook, b Bishop, n Knight; anything else takes the move back) x\nMove taken back.\n",
            "White to move> bxa8\nPromote to (q/r/b/n)? (q Queen, r Rook, b Bishop, n Knight; anything else takes the move back) n\nWhite plays bxa8=N (b7a8n).",
            "Took back bxa8=N.",
            "Promote to (q/r/b/n)? (q Queen, r Rook, b Bishop, n Knight; anything else takes the move back) q\nWhite plays bxa8=Q (b7a8q).",
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
    let values = engine::Values::new(&betza::BoardVariant::from(chess));
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
    let out = people("meiriqi", "help\nnew no-such-chess\nnew chess\nfen\nquit\n");
    let unknown = format!(
        "new no-such-chess\nUnknown variant \"no-such-chess\"; the built-in variants are {}.\n",
        betza::AnyVariant::builtin_names().join(", ")
    );
    assert_in_order(
        &out,
        &[
            "Commands:\n",
            "  moves [SQUARE]",
            "  quit ",
            &unknown,
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
        err("no-such-chess"),
        format!(
            "unknown variant \"no-such-chess\"; the built-in variants are {}",
            betza::AnyVariant::builtin_names().join(", ")
        )
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

/// How many boards a transcript draws (each ends with the file letters).
fn boards(out: &str, files: &str) -> usize {
    out.matches(&format!("{files}\n")).count()
}

#[test]
fn one_board_per_turn_against_the_computer_with_the_move_list() {
    let out = run(
        "chess",
        Player::Human,
        Player::Computer,
        3,
        "e4\nd4\nboard\nquit\n",
    );
    let files = "      a  b  c  d  e  f  g  h";
    // The start, after each of the two replies, and once for `board`.
    assert_eq!(boards(&out, files), 4, "{out}");
    let pgn_moves: Vec<&str> = out.lines().filter(|l| l.starts_with("Moves: ")).collect();
    assert_eq!(pgn_moves.len(), 2, "{out}");
    assert!(pgn_moves[0].starts_with("Moves: 1. e4 "), "{out}");
    assert!(
        pgn_moves[1].starts_with("Moves: 1. e4 ") && pgn_moves[1].contains(" 2. d4 "),
        "{out}"
    );
    // Between the person's move and the prompt: the reply, then one board.
    let turn = &out[out.find("White plays e4").unwrap()..out.find("White to move> d4").unwrap()];
    assert_eq!(boards(turn, files), 1, "{turn}");
    assert_in_order(
        turn,
        &[
            "White plays e4 (e2e4).\nBlack plays ",
            files,
            "Moves: 1. e4 ",
        ],
    );
}

#[test]
fn check_is_shown_and_the_list_numbers_from_the_fen() {
    let out = people("chess", "e4\nd5\nBb5\nc6\nquit\n");
    assert_in_order(
        &out,
        &[
            "White plays Bb5+ (f1b5).",
            "Moves: 1. e4 d5 2. Bb5+\nCheck! Black's King is attacked.\nBlack to move (check)> c6\n",
            "Black plays c6 (c7c6).",
            "Moves: 1. e4 d5 2. Bb5+ c6\nWhite to move> ",
        ],
    );
    // A game from a FEN, Black to move at move 5: the list starts "5...".
    let opts = Options {
        variant: "chess".into(),
        variant_file: None,
        white: Player::Human,
        black: Player::Human,
        seed: Some(1),
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 5".into()),
        color: false,
        echo: true,
        ..Options::default()
    };
    let mut out = Vec::new();
    play::run(&opts, "Kd7\ne4\nfen\nquit\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(
        &out,
        &[
            "  8   .  .  .  .  k  .  .  .\n",
            "Black to move> Kd7",
            "Moves: 5... Kd7\n",
            "Moves: 5... Kd7 6. e4\n",
            "fen\n8/3k4/8/8/4P3/8/8/4K3 b - - 0 6\n",
        ],
    );
}

#[test]
fn a_long_game_shows_its_last_moves() {
    let game = (0..15).map(|_| "Nf3\nNf6\nNg1\nNg8\n").collect::<String>();
    let out = people("chess", &format!("{game}quit\n"));
    let last = out.lines().rfind(|l| l.starts_with("Moves: ")).unwrap();
    assert!(
        last.starts_with("Moves: ... 19. Nf3 Nf6 20. Ng1 Ng8 "),
        "{last}"
    );
    assert!(last.ends_with(" 30. Ng1 Ng8"), "{last}");
}

#[test]
fn fen_option_and_setup_command() {
    let Ok(Command::Play(o)) = play::parse_args(&[
        "chess".into(),
        "--fen".into(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(),
    ]) else {
        panic!("a FEN")
    };
    assert_eq!(o.fen.as_deref(), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    let bad = play::parse_args(&["chess".into(), "--fen".into(), "8/8 w - - 0 1".into()]);
    assert!(bad.unwrap_err().starts_with("--fen: "));
    let out = people(
        "decimaka",
        "setup 4k5/10/10/10/10/10/10/10/4P5/5K4 w - - 0 1\nfen\ne3\nsetup nonsense\nfen\nnew\nfen\nsetup\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "setup 4k5/10/10/10/10/10/10/10/4P5/5K4 w - - 0 1\nNew game.\ndecimaka: White human, Black human.",
            "  2   .  .  .  .  P  .  .  .  .  .\n",
            "fen\n4k5/10/10/10/10/10/10/10/4P5/5K4 w - - 0 1\n",
            "White plays e3 (e2e3).",
            "setup nonsense\nThe position is refused: ",
            "fen\n4k5/10/10/10/10/10/10/4P5/10/5K4 b - - 0 1\n",
            "new\nNew game.",
            "fen\nr2ykfy2r/",
            "setup\nType setup and a FEN, as in: setup r2ykfy2r/",
        ],
    );
}

#[test]
fn pieces_lists_every_type_with_its_moves_in_words() {
    let out = people("meiriqi", "pieces\nquit\n");
    let v = betza::Variant::by_name("meiriqi").unwrap();
    let list = &out[out.find("The pieces of meiriqi").unwrap()..];
    for p in v.pieces() {
        assert!(
            list.contains(&format!("\n{:>3} {}", p.token, p.name)),
            "{} in {list}",
            p.name
        );
    }
    // Wrapped lines are joined again to compare the words.
    let joined = list.replace("\n       ", " ");
    assert_in_order(
        &joined,
        &[
            "  K King (royal: the game is lost when it is mated): steps one square in any direction; never leaves its region (White's: h1 i1 j1 h2 i2 j2 h3 i3 j3).",
            "  F Pegasus: leaps (3,2) or (4,1).",
            "  H Rhino: steps one square orthogonally; moves one square orthogonally, then zig-zags on for 1 to 8 more squares,",
            "  N Knight, promotes to Janus (J): leaps (2,1).",
            "  Q Queen: slides any distance in any direction.",
        ],
    );
    assert!(list.lines().all(|l| l.len() <= 78), "{list}");
    // Decimaka's promoted types have two-character tokens.
    let out = people("decimaka", "pieces\nquit\n");
    assert!(
        out.contains("\n +F Queen: slides any distance in any direction.\n"),
        "{out}"
    );
    assert!(
        out.contains("  N Knight, promotes to Nightrider (+N): leaps (2,1).\n"),
        "{out}"
    );
}

#[test]
fn show_draws_the_squares_a_piece_reaches() {
    let out = people(
        "meiriqi",
        "show l\nshow Knight\nshow K\nshow x\nshow\nquit\n",
    );
    // The Meiriqi Lion: captures only on the eight neighbours, jumps two
    // squares away in every direction.
    assert_in_order(
        &out,
        &[
            "show l\nThe Lion (L) on e5, on a board with only the two Kings: jumps 2 squares in any\ndirection; steps one square in any direction, only capturing.\n",
            "  7   .  .  O  .  O  .  O  .  .  .\n",
            "  6   .  .  .  x  x  x  .  .  .  .\n",
            "  5   .  .  O  x  L  x  O  .  .  .\n",
            "  4   .  .  .  x  x  x  .  .  .  .\n",
            "  3   .  .  O  .  O  .  O  .  .  .\n",
            "o moves or captures, m moves only, x captures only;\n",
            "show Knight\nThe Knight (N) on e5",
            "  7   .  .  .  O  .  O  .  .  .  .\n",
            "  6   .  .  O  .  .  .  O  .  .  .\n",
            // The confined King, from its fortress square nearest the centre.
            "show K\nThe King (K) on h3, on a board with only the other King:",
            "  3   .  .  .  .  .  .  .  K  o  .\n",
            "  2   .  .  .  .  .  .  .  o  o  .\n",
            "show x\n\"x\" names no piece of meiriqi; its pieces are K M F Y E H W N G S L P J R O Q C.\n",
            "show\nType show and a piece's letter or name, as in: show K\n",
        ],
    );
    // Pawns: moves only ahead and aside, captures only diagonally forward;
    // Black's view is the same seen from Black's side. The Gryphon slides:
    // lower case, a piece on the way stops it.
    let out = people("meiriqi", "show P\nshow Y\nquit\n");
    assert_in_order(
        &out,
        &[
            "  6   .  .  .  x  m  x  .  .  .  .\n  5   .  .  .  m  P  m  .  .  .  .\n  4   .  .  .  .  .  .  .  .  .  .\n",
            "show Y\n",
            " 10   .  .  .  o  .  o  .  .  .  .\n",
            "  6   o  o  o  o  .  o  o  o  o  o\n  5   .  .  .  .  Y  .  .  .  .  .\n  4   o  o  o  o  .  o  o  o  o  o\n",
        ],
    );
    // Chess: a Rook's lines, the Pawn from d4.
    let out = people("chess", "show r\nshow p\nquit\n");
    assert_in_order(
        &out,
        &[
            "The Rook (R) on d4",
            "  8   .  .  .  o  .  .  .  .\n",
            "  4   o  o  o  R  o  o  o  o\n",
            "The Pawn (P) on d4",
            "  5   .  .  x  m  x  .  .  .\n  4   .  .  .  P  .  .  .  .\n",
        ],
    );
}

#[test]
fn reach_agrees_with_the_legal_moves() {
    // Every square marked is a legal target from the same square with the
    // royal pieces far away; and the marks of a leaper are jumps.
    use betza::{AnyVariant, Board, BoardVariant, with_board};
    fn agree<B: Board>(v: &BoardVariant<B>) {
        let name = v.name();
        let values = engine::Values::new(v);
        for (i, p) in v.pieces().iter().enumerate() {
            let role = betza::Role(i as u8);
            // White never holds a royal piece where it plays without one.
            if role == v.royal() && v.definition().rules.kingless.of(betza::Color::White) {
                assert!(play::reach::reach(v, role, &values).is_none(), "{name}");
                continue;
            }
            let r =
                play::reach::reach(v, role, &values).unwrap_or_else(|| panic!("{name} {}", p.name));
            let reached = r.marks.iter().filter(|m| m.letter().is_some()).count();
            // A grasshopper, or a hopper (Janggi's Cannon), goes nowhere
            // without a piece to hop over.
            let needs_screen = betza::notation::parse(&p.betza).is_ok_and(|parsed| {
                parsed
                    .terms
                    .iter()
                    .all(|t| matches!(t, betza::notation::Term::Move(m) if m.grasshopper || m.hop))
            });
            // A board of a piece or two is an extinct side's where the
            // variant counts some types (three Kings each, every type in
            // Extinction, Shatar's bare King): the game is over.
            let rules = &v.definition().rules;
            let extinct_alone = (!rules.extinction_pieces.is_empty() || rules.extinction.is_some())
                && !rules.extinction_pseudo_royal;
            // A stone that never moves (Reversi's) reaches nothing.
            let immobile = p.betza.trim().is_empty();
            assert!(
                reached > 0 || needs_screen || extinct_alone || immobile,
                "{name} {}: reaches nothing",
                p.name
            );
            // Where no move may give check a line onto the enemy King is
            // cut; where captures are compulsory a capture leaves one move.
            let rules = &v.definition().rules;
            // A piece that wins by standing on its region (Jeson Mor's
            // Knight in the middle) has ended the game where it stands.
            let cut =
                rules.check_illegal || rules.capture_forced || extinct_alone || rules.region_hold;
            if p.betza == "N" && !cut {
                assert!(
                    r.marks.iter().all(|m| m.letter().is_none() || m.jump),
                    "{name} knight"
                );
                assert_eq!(reached, 8);
            }
            if p.betza == "R" && !cut {
                assert!(r.marks.iter().all(|m| !m.jump));
                let size = v.size();
                assert_eq!(
                    reached,
                    size.files() as usize + size.ranks() as usize - 2,
                    "{name} rook"
                );
            }
        }
    }
    // Every built-in, Chu Shogi's large board too.
    for name in AnyVariant::builtin_names() {
        with_board!(&AnyVariant::by_name(name).unwrap(), |v| agree(v));
    }
}

#[test]
fn a_variant_from_a_definition_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/gardner.toml"
    );
    let Ok(Command::Play(mut o)) = play::parse_args(&["--variant-file".into(), path.into()]) else {
        panic!("a variant file")
    };
    assert_eq!(o.variant_file.as_deref(), Some(std::path::Path::new(path)));
    o.white = Player::Human;
    o.black = Player::Human;
    o.color = false;
    o.echo = true;
    let mut out = Vec::new();
    play::run(
        &o,
        "e3\npieces\nshow q\nnew\nfen\nquit\n".as_bytes(),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(
        &out,
        &[
            "gardner: White human, Black human.",
            "  5   r  n  b  q  k\n",
            "  1   R  N  B  Q  K\n      a  b  c  d  e\n",
            "White plays e3 (e2e3).",
            "  3   .  .  .  . *P\n",
            "The pieces of gardner",
            "  P Pawn, promotes to Queen (Q) or Rook (R) or Bishop (B) or Knight (N): steps",
            "The Queen (Q) on c3",
            "  3   o  o  Q  o  o\n",
            "new\nNew game.\ngardner: White human, Black human.",
            "fen\nrnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n",
        ],
    );
    let err = |a: &[&str]| {
        let args: Vec<String> = a.iter().map(|s| s.to_string()).collect();
        play::parse_args(&args).unwrap_err()
    };
    assert_eq!(
        err(&["chess", "--variant-file", path]),
        "\"chess\" and --variant-file: give one of them"
    );
    assert!(
        err(&["--variant-file", "/nonexistent.toml"])
            .starts_with("--variant-file /nonexistent.toml: "),
    );
    assert!(err(&["--variant-file", path, "--fen", "8/8 w - - 0 1"]).starts_with("--fen: "));
}

#[test]
fn a_game_of_a_pgn_file_goes_on_from_its_final_position() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    // XBoard's saved Xiangqi match: game 1 ended in a draw XBoard adjudicated
    // after a perpetual check the rules decide, game 2 is the last one.
    let run = |a: &str, script: &str| {
        let Ok(Command::Play(mut o)) = play::parse_args(&args(a)) else {
            panic!("{a}")
        };
        o.white = Player::Human;
        o.black = Player::Human;
        o.color = false;
        o.echo = true;
        let mut out = Vec::new();
        play::run(&o, script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let pgn = format!("{dir}xiangqi.pgn");
    let xq = betza::Variant::by_name("xiangqi").unwrap();
    let reader = play::xboard_reader(xq);
    let games = reader.read_all(None, &std::fs::read_to_string(&pgn).unwrap());
    let first = games[0].as_ref().unwrap();
    let last = games[1].as_ref().unwrap();
    let out = run(&format!("--pgn {pgn} --game 1"), "fen\nquit\n");
    assert!(out.contains(&first.position().to_fen()), "{out}");
    // Black checked with every move of the repetition XBoard let go on:
    // the rules end the game there, whatever XBoard adjudicated.
    assert!(
        out.contains("Game over: white wins by perpetual check"),
        "{out}"
    );
    // The last game by default; the same file named by its variant too.
    for a in [
        format!("--pgn {pgn}"),
        format!("xiangqi --pgn {pgn} --game 2"),
    ] {
        let out = run(&a, "fen\nquit\n");
        assert!(out.contains(&last.position().to_fen()), "{out}");
    }
    // This library's own PGN reads too.
    let own = format!("{}/own.pgn", std::env::temp_dir().display());
    let mut game = betza::Game::new(betza::Variant::by_name("meiriqi").unwrap());
    game.play_san("a4").unwrap();
    std::fs::write(&own, game.to_pgn()).unwrap();
    let out = run(&format!("--pgn {own}"), "fen\nquit\n");
    assert!(out.contains(&game.position().to_fen()), "{out}");
    // What is refused.
    let err = |s: &str| play::parse_args(&args(s)).unwrap_err();
    assert_eq!(
        err(&format!("--pgn {pgn} --game 3")),
        format!("--game 3: {pgn} has 2 games")
    );
    assert_eq!(err("--game 1"), "--game N needs --pgn FILE");
    assert_eq!(
        err("--game 0 --pgn x"),
        "--game \"0\": not a game number (1, 2, ...)"
    );
    assert_eq!(
        err(&format!("--pgn {pgn} --fen 8/8")),
        "--pgn and --fen: give one of them"
    );
    let e = err(&format!("chess --pgn {pgn}"));
    assert!(e.contains("game 2: PGN: Variant tag \"xiangqi\""), "{e}");
    assert!(err("--pgn /no/such/file").starts_with("--pgn /no/such/file: "));
}

#[test]
fn a_lion_from_a_definition_file_captures_twice() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/lion.toml");
    let Ok(Command::Play(mut o)) = play::parse_args(&[
        "--variant-file".into(),
        path.into(),
        "--fen".into(),
        "7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1".into(),
    ]) else {
        panic!("a variant file")
    };
    o.white = Player::Human;
    o.black = Player::Human;
    o.color = false;
    o.echo = true;
    let mut out = Vec::new();
    play::run(&o, "d4d5e6\nKh7\nfen\nquit\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(
        &out,
        &[
            "White plays Lxd5xe6 (d4d5e6).",
            "Black plays Kh7 (h8h7).",
            "fen\n8/7k/4L3/8/8/8/8/K7 w - - 1 2\n",
        ],
    );
}

#[test]
fn drops_are_typed_with_an_at_sign_and_both_hands_are_shown() {
    let out = people(
        "crazyhouse",
        "e2e4\nd7d5\ne4d5\nd8d5\nP@e6\nQ@e2\nfen\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "white hand: P",
            "black hand: -",
            "white hand: P",
            "black hand: p",
            "White plays P@e6",
            "white hand: -",
            "black hand: p",
            "SAN \"Q@e2\": illegal, the side to move has no Queen in hand.",
            "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3",
        ],
    );
}

#[test]
fn moves_are_listed_in_the_chosen_notation() {
    let out = people(
        "xiangqi",
        "notation wxf\nmoves h1\nnotation lan\nmoves h1\nnotation chinese\nnotation\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "Horse on h1: H2+3 (h1g3), H2+1 (h1i3)",
            "Horse on h1: Nh1-g3 (h1g3), Nh1-i3 (h1i3)",
            "unknown notation \"chinese\"",
            "Moves are listed in Lan.",
        ],
    );
}

/// Chu Shogi, a variant of a large board, through the one dispatch at
/// start-up: its 12x12 board fits 80 columns, moves are typed as move text
/// and SAN, the Lion's two-step moves as `<from><via><to>` (igui too),
/// `pieces` and `show` explain the Lion, and a game against the computer
/// runs to its end (the King captured).
#[test]
fn chushogi_is_played_on_its_12x12_board() {
    let out = people(
        "chushogi",
        "pieces\nshow N\nf4f5\nf9f8\nf3f4e5\nmoves e5\nundo\nPe5\nquit\n",
    );
    // The board: 12 files, the widest line well inside 80 columns.
    assert!(
        out.contains("      a  b  c  d  e  f  g  h  i  j  k  l\n"),
        "{out}"
    );
    let board_lines = out
        .lines()
        .filter(|l| l.starts_with("  ") || l.starts_with(" 1"));
    assert!(board_lines.clone().count() >= 13, "{out}");
    assert!(
        board_lines.clone().all(|l| l.chars().count() <= 80),
        "{out}"
    );
    assert!(
        out.contains(" 12   l  f  c  s  g  e  k  g  s  c  f  l\n"),
        "{out}"
    );
    assert_in_order(
        &out,
        &[
            "The pieces of chushogi",
            "K King (royal: a side with no royal piece left has lost)",
            "N Lion: steps one square in any direction; leaps (2,1); jumps 2 squares",
            "The Lion (N) on",
            "White plays Pf5 (f4f5).",
            "Black plays Pf8 (f9f8).",
            // The Lion's two-step move through the empty f4.
            " (f3f4e5).",
        ],
    );
    // A two-step move of the Lion that captures twice, and igui (capturing
    // without moving): typed as move text.
    let fen = "11k/12/12/12/12/4p7/4N7/3p8/12/12/12/K11 w - - 0 1";
    let opts = play::Options {
        variant: "chushogi".into(),
        fen: Some(fen.into()),
        white: Player::Human,
        black: Player::Human,
        seed: Some(1),
        color: false,
        echo: true,
        ..play::Options::default()
    };
    let script = "e6e7e6\nfen\nundo\ne6d5e6\nundo\ne6e7e8\nfen\nquit\n";
    let mut out = Vec::new();
    play::run(&opts, script.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(
        &out,
        &[
            "White plays Nxe7-e6 (e6e7e6).",
            "11k/12/12/12/12/12/4N7/3p8/12/12/12/K11 b - - 0 1",
            "White plays Nxd5-e6 (e6d5e6).",
            "White plays Nxe7-e8 (e6e7e8).",
            "11k/12/12/12/4N7/12/12/3p8/12/12/12/K11 b - - 0 1",
        ],
    );
    // Against the computer: whatever the King does, the Lion two squares
    // away takes it or bares it, and the game is over (White's Pawn keeps
    // its King from being bare, which would have ended the game at once).
    let opts = play::Options {
        fen: Some("11k/12/12/12/12/12/12/12/P11/2n9/12/K11 w - - 0 1".into()),
        black: Player::Computer,
        ..opts
    };
    let mut out = Vec::new();
    play::run(&opts, "a1b1\npgn\nquit\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(
        &out,
        &[
            "White plays Kb1 (a1b1).",
            "Black plays N",
            "Game over: black wins",
            "Result 0-1.",
            "[Result \"0-1\"]",
        ],
    );
    // A Chu game's PGN goes on with `--pgn`, by its Variant tag or named.
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let mut game = chu.new_game();
    for m in ["f4f5", "f9f8", "f3f4e5"] {
        game.play_text(m).unwrap();
    }
    let file = format!(
        "{}/betza-chu-{}.pgn",
        std::env::temp_dir().display(),
        std::process::id()
    );
    std::fs::write(&file, game.to_pgn()).unwrap();
    for line in [format!("--pgn {file}"), format!("chushogi --pgn {file}")] {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        let Ok(Command::Play(mut o)) = play::parse_args(&args) else {
            panic!("{line}")
        };
        o.white = Player::Human;
        o.black = Player::Human;
        o.echo = true;
        o.color = false;
        let mut out = Vec::new();
        play::run(&o, "fen\nundo\nfen\nquit\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_in_order(
            &out,
            &[
                &game.position().to_fen(),
                &game.position_at(2).unwrap().to_fen(),
            ],
        );
    }
    let _ = std::fs::remove_file(&file);
    // A definition file past 128 squares plays through the same dispatch.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chushogi.toml");
    let Ok(Command::Play(mut o)) = play::parse_args(&["--variant-file".into(), path.into()]) else {
        panic!("a variant file")
    };
    o.white = Player::Human;
    o.black = Player::Human;
    o.echo = true;
    o.color = false;
    let mut out = Vec::new();
    play::run(&o, "f4f5\nfen\nquit\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_in_order(&out, &["White plays Pf5 (f4f5).", "/3I1P2I3/PPPPP1PPPPPP/"]);
    // `new` with a variant of another board type starts it on its board,
    // and back: chess (small), Chu Shogi (large), a move there, shogi
    // (small), a move there.
    let out = people(
        "chess",
        "new chushogi\nf4f5\nfen\nnew shogi\nc3c4\nfen\nquit\n",
    );
    assert_in_order(
        &out,
        &[
            "chushogi: White human",
            "     a  b  c  d  e  f  g  h  i  j  k  l",
            "White plays Pf5 (f4f5).",
            "/3I1P2I3/PPPPP1PPPPPP/",
            "shogi: White human",
            "White plays",
            "/2P6/PP1PPPPPP/",
            "Bye.",
        ],
    );
    assert!(!out.contains("another size"), "{out}");
}

/// Issue 24's end: the 19x19 definition of 40 types (and the 26x26 one)
/// reads and plays through `--variant-file`, its board within 80 columns.
#[test]
fn huge_definition_files_play_within_80_columns() {
    for (file, files) in [("huge-19x19", 19u8), ("huge-26x26", 26)] {
        let path = format!(
            "{}/tests/data/variants/{file}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let Ok(Command::Play(mut o)) = play::parse_args(&["--variant-file".into(), path]) else {
            panic!("a variant file")
        };
        o.white = Player::Human;
        o.black = Player::Computer;
        o.color = false;
        o.echo = true;
        let mut out = Vec::new();
        play::run(&o, "a3a4\npieces\nquit\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_in_order(
            &out,
            &["White plays a4 (a3a4).", "Black plays ", "The pieces of"],
        );
        let board: Vec<&str> = out
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert!(board.len() >= usize::from(files), "{file}: {out}");
        for line in board {
            assert!(line.len() <= 80, "{file}: {} columns: {line}", line.len());
        }
        let axis = out
            .lines()
            .find(|l| l.trim_start().starts_with("a  b"))
            .unwrap();
        assert!(axis.len() <= 80 && axis.trim_end().ends_with((b'a' + files - 1) as char));
    }
}

#[test]
fn every_game_xboard_saved_goes_on_in_play() {
    // Each PGN XBoard 4.9.1 saved with the `xboard` engine (tests/data/
    // xboard/, Chu Shogi's `Variant "chu"` included) reads back in `play
    // --pgn`, each of its games, by its tag or with the variant named.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard");
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let chu_reader = betza::pgn::XboardPgn::new().variant_tag("chu");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 16, "{files:?}");
    let mut chu_games = 0;
    for path in &files {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let count = text.matches("[Event ").count();
        // A variant of a definition file is named by it.
        let file = format!("{dir}/../variants/{name}.toml");
        let mut lines = vec![format!("--pgn {}", path.display())];
        if std::path::Path::new(&file).exists() {
            lines = vec![format!("--variant-file {file} --pgn {}", path.display())];
        } else if name.starts_with("chu") {
            lines.push(format!("chushogi --pgn {}", path.display()));
        }
        for line in &lines {
            for n in 1..=count {
                let args: Vec<String> = format!("{line} --game {n}")
                    .split_whitespace()
                    .map(String::from)
                    .collect();
                let Ok(Command::Play(mut o)) = play::parse_args(&args) else {
                    panic!("{line}: {:?}", play::parse_args(&args).err())
                };
                o.white = Player::Human;
                o.black = Player::Human;
                o.echo = true;
                o.color = false;
                let mut out = Vec::new();
                play::run(&o, "fen\nquit\n".as_bytes(), &mut out)
                    .unwrap_or_else(|e| panic!("{line} --game {n}: {e}"));
                let out = String::from_utf8(out).unwrap();
                if name.starts_with("chu") {
                    let game = chu_reader.read_in_board(&chu, &text).unwrap();
                    assert!(out.contains(&game.position().to_fen()), "{line}: {out}");
                    chu_games += 1;
                }
                // XBoard's own Courier start (no FEN tag): read from there.
                if name == "courier-xboard-start" {
                    let v = betza::Variant::by_name("courier").unwrap();
                    let game = play::xboard_reader(v).read_in(v, &text).unwrap();
                    assert_eq!(game.ply_count(), 195);
                    assert!(out.contains(&game.position().to_fen()), "{line}: {out}");
                }
            }
        }
    }
    assert_eq!(chu_games, 16, "8 Chu games, each by its tag and named");
}

/// `--pgn /dev/zero`: at most the bound on a PGN file and a byte are read
/// (it read until memory ran out), and a byte-order mark is read as the
/// library's readers read it.
#[test]
#[cfg(unix)]
fn an_endless_pgn_file_is_refused_and_a_byte_order_mark_read() {
    let opts = Options {
        pgn: Some("/dev/zero".into()),
        ..Options::default()
    };
    let started = std::time::Instant::now();
    let e = play::load_pgn(&opts).expect_err("endless");
    assert!(e.contains("/dev/zero") && e.contains("more than"), "{e}");
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    let path = std::env::temp_dir().join(format!("betza-bom-{}.pgn", std::process::id()));
    std::fs::write(&path, "\u{feff}[White \"Ann\"]\n\n1. e4 e5 *\n").expect("written");
    let opts = Options {
        pgn: Some(path.clone()),
        ..Options::default()
    };
    let game = play::load_pgn(&opts);
    std::fs::remove_file(&path).expect("removed");
    assert_eq!(game.expect("read").san_moves(), ["e4", "e5"]);
}
