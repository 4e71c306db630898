//! PGN: writing, reading back, and what the reader skips or refuses.

mod common;

use betza::{Game, GameResult, PgnError, Position, SanError};
use common::{Rng, VARIANTS, long_random_game, variant};

fn assert_same_game(a: &Game, b: &Game) {
    assert_eq!(a.variant().name(), b.variant().name());
    assert_eq!(a.start_position().to_fen(), b.start_position().to_fen());
    assert_eq!(a.moves().collect::<Vec<_>>(), b.moves().collect::<Vec<_>>());
    for ply in 0..=a.ply_count() {
        assert_eq!(
            a.position_at(ply).unwrap().to_fen(),
            b.position_at(ply).unwrap().to_fen()
        );
    }
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.result(), b.result());
    assert_eq!(a.tags().collect::<Vec<_>>(), b.tags().collect::<Vec<_>>());
    for ply in 0..=a.ply_count() + 1 {
        assert_eq!(a.comment(ply), b.comment(ply), "comment at ply {ply}");
        assert_eq!(a.nags(ply), b.nags(ply), "NAGs at ply {ply}");
    }
}

#[test]
fn long_random_games_round_trip_in_every_variant() {
    for (i, name) in VARIANTS.iter().enumerate() {
        for seed in [1000 * i as u64, 1000 * i as u64 + 500] {
            let game = long_random_game(variant(name), seed, 150);
            assert!(game.ply_count() >= 150);
            let pgn = game.to_pgn();
            assert!(pgn.contains(&format!("[Variant \"{name}\"]\n")), "{pgn}");
            assert!(!pgn.contains("[FEN "), "standard start: no FEN tag");
            assert!(pgn.lines().all(|l| l.len() < 80), "{pgn}");
            let back = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{name}: {e}\n{pgn}"));
            assert_same_game(&game, &back);
            assert_eq!(back.to_pgn(), pgn);
            // Read into a given variant too.
            let again = Game::from_pgn_in(variant(name), &pgn).unwrap();
            assert_same_game(&game, &again);
        }
    }
}

#[test]
fn games_from_a_set_up_position_carry_fen_and_setup() {
    for (i, name) in VARIANTS.iter().enumerate() {
        // Start after 31 random plies (Black to move), then play on.
        let v = variant(name);
        let mut rng = Rng::new(77 + i as u64);
        let mut pos = Position::start(v);
        for _ in 0..31 {
            let moves = pos.legal_moves();
            pos = pos.play(&moves[rng.below(moves.len())]).unwrap();
        }
        let mut game = Game::from_position(pos);
        for _ in 0..150 {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(&moves[rng.below(moves.len())]).unwrap();
        }
        let pgn = game.to_pgn();
        assert!(pgn.contains("[SetUp \"1\"]\n"), "{pgn}");
        assert!(
            pgn.contains(&format!("[FEN \"{}\"]\n", pos.to_fen())),
            "{pgn}"
        );
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        assert!(movetext.starts_with("16... "), "{name}: {movetext}");
        let back = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{name}: {e}\n{pgn}"));
        assert_same_game(&game, &back);
        assert_eq!(back.to_pgn(), pgn);
    }
}

#[test]
fn writes_the_tags_and_results() {
    let mut game = Game::new(variant("chess"));
    for san in ["f3", "e5", "g4", "Qh4#"] {
        game.play_san(san).unwrap();
    }
    game.set_tag("White", "A \"quoted\" name\\").unwrap();
    game.set_tag("Annotator", "betza").unwrap();
    assert_eq!(
        game.to_pgn(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A \\\"quoted\\\" name\\\\\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n\
         [Termination \"checkmate\"]\n[Annotator \"betza\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
    );
    let back = Game::from_pgn(&game.to_pgn()).unwrap();
    assert_eq!(back.tag("White"), Some("A \"quoted\" name\\"));
    assert_eq!(back.result(), GameResult::BlackWins);

    // A result the rules did not decide is kept as declared.
    let mut game = Game::new(variant("meiriqi"));
    game.play_text("a3a5").unwrap();
    game.declare_result(GameResult::Draw);
    let pgn = game.to_pgn();
    assert!(
        pgn.contains("[Result \"1/2-1/2\"]") && pgn.ends_with("1. a5 1/2-1/2\n"),
        "{pgn}"
    );
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.result(), GameResult::Draw);
    assert!(back.outcome().is_none());
    // An empty game.
    let game = Game::new(variant("decimaka"));
    assert!(game.to_pgn().ends_with("[Variant \"decimaka\"]\n\n*\n"));
    assert_same_game(&game, &Game::from_pgn(&game.to_pgn()).unwrap());
}

#[test]
fn reading_skips_comments_variations_and_annotations() {
    let pgn = "% an escape line\n\
        [Event \"Casual\"]\n[Variant \"Decimaka\"]\n\n\
        1.e5 {a comment (with parens)} f6 ; to the end of the line\n\
        2. Ne3! (2. Nd4 Lf7 (2... Ne7) 3. Nb5) 2... Lf7?! $14 3. Nd5 $1\n\
        { multi\nline } 1-0\n";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.variant().name(), "decimaka");
    assert_eq!(game.san_moves(), ["e5", "f6", "Ne3", "Lf7", "Nd5"]);
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(game.tag("Event"), Some("Casual"));
    // The main line's comments and NAGs are kept; the variations' are not.
    let comments: Vec<_> = (0..=6).map(|k| game.comment(k)).collect();
    assert_eq!(
        comments,
        [
            None,
            Some("a comment (with parens)"),
            Some("to the end of the line"),
            None,
            None,
            Some("multi line"),
            None
        ]
    );
    let nags: Vec<_> = (0..=6).map(|k| game.nags(k).to_vec()).collect();
    assert_eq!(
        nags,
        [
            vec![],
            vec![],
            vec![],
            vec![1],
            vec![6, 14],
            vec![1],
            vec![]
        ]
    );
    // No Variant tag: orthodox chess; no result at all: undecided.
    let game = Game::from_pgn("1. e4 e5 2. Nf3").unwrap();
    assert_eq!(
        (game.variant().name(), game.ply_count(), game.result()),
        ("chess", 3, GameResult::Undecided)
    );
    let game = Game::from_pgn("[Variant \"Standard\"]\n1. O-O").unwrap_err();
    assert!(matches!(game, PgnError::Move { .. }));
}

#[test]
fn reading_refuses_what_is_wrong() {
    let err = |text: &str| Game::from_pgn(text).unwrap_err();
    // The library's message names the built-ins while it stays within 270
    // bytes, then says how many more there are.
    let mut listed = String::from("unknown variant \"no-such-chess\": the built-in variants are ");
    let names = betza::Variant::builtin_names();
    for (i, n) in names.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        if listed.len() + sep.len() + n.len() > 270 {
            listed.push_str(&format!(" and {} more", names.len() - i));
            break;
        }
        listed.push_str(sep);
        listed.push_str(n);
    }
    assert!(listed.contains("decimaka, meiriqi, chess"), "{listed}");
    assert_eq!(
        err("[Variant \"no-such-chess\"]\n*").to_string(),
        format!("PGN: Variant tag: {listed}")
    );
    let e = err("[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *");
    assert_eq!(
        e,
        PgnError::Move {
            line: 3,
            number: "2.".into(),
            error: SanError::NoSuchMove {
                text: "Ke3".into(),
                reason: "no white King can move to e3".into()
            }
        }
    );
    assert_eq!(
        e.to_string(),
        "PGN line 3, move 2.: SAN \"Ke3\": illegal, no white King can move to e3"
    );
    assert_eq!(
        err("1. e4 Nf3 *").to_string(),
        "PGN line 1, move 1...: SAN \"Nf3\": illegal, no black Knight can move to f3"
    );
    assert_eq!(
        err("[Result \"1-0\"]\n1. e4 0-1").to_string(),
        "PGN: result 0-1 contradicts the Result tag (1-0)"
    );
    assert_eq!(
        err("1. f3 e5 2. g4 Qh4# 1-0").to_string(),
        "PGN: result 1-0 contradicts the final position (black wins by checkmate)"
    );
    assert!(matches!(
        err("[Result \"2-0\"]\n*"),
        PgnError::Syntax { line: 1, .. }
    ));
    assert_eq!(
        err("1. e4 * 1. d4 *").to_string(),
        "PGN line 1: text after the game's result: one PGN game only"
    );
    assert_eq!(
        err("1. e4 {never closed").to_string(),
        "PGN line 1: comment '{' never closed"
    );
    assert_eq!(
        err("1. e4 (1. d4 *").to_string(),
        "PGN line 1: variation '(' never closed"
    );
    assert_eq!(err("1. e4 ) *").to_string(), "PGN line 1: ')' without '('");
    assert_eq!(
        err("[Event \"x\"]\n[Event \"y\"]\n*").to_string(),
        "PGN line 2: tag Event given twice"
    );
    assert_eq!(
        err("[Event x]\n*").to_string(),
        "PGN line 1: a tag's value must be in double quotes: [Name \"value\"]"
    );
    assert_eq!(
        err("1. e4 [Event \"x\"] *").to_string(),
        "PGN line 1: a tag after the moves"
    );
    assert!(matches!(
        err("[Variant \"meiriqi\"]\n[FEN \"10/10 w - - 0 1\"]\n*"),
        PgnError::Fen(_)
    ));
    let pgn = Game::new(variant("meiriqi")).to_pgn();
    assert_eq!(
        Game::from_pgn_in(variant("decimaka"), &pgn)
            .unwrap_err()
            .to_string(),
        "PGN: Variant tag \"meiriqi\", but the game is read as decimaka"
    );
    // Trailing comments and blank lines after the result are fine.
    assert!(Game::from_pgn("1. e4 *\n{ end }\n\n").is_ok());
}

#[test]
fn stray_closing_brackets_are_errors_not_hangs() {
    for text in ["}", "1. e4 } e5 *", "]", "1. e4 ] *", "[Event \"x\"] ]"] {
        let err = betza::Game::from_pgn(text).expect_err(text);
        assert!(err.to_string().contains("unexpected"), "{text}: {err}");
    }
}

#[test]
fn comments_and_nags_round_trip() {
    let mut rng = Rng::new(7);
    let texts = [
        "short",
        "a } brace, written as a ; comment",
        "several   words\nover two lines",
        "{ an opening brace is fine }",
        "a long comment that goes on and on, far past the end of one line of PGN, so that it wraps",
    ];
    for (i, name) in VARIANTS.iter().enumerate() {
        let mut game = long_random_game(variant(name), 77 + i as u64, 40);
        let n = game.ply_count();
        assert!(game.set_comment(0, "before the first move"));
        for ply in 1..=n {
            if rng.below(3) == 0 {
                assert!(game.set_comment(ply, texts[rng.below(texts.len())]));
            }
            if rng.below(4) == 0 {
                let nags = [rng.below(256) as u8, 1 + rng.below(6) as u8];
                assert!(game.set_nags(ply, &nags[..1 + rng.below(2)]));
            }
        }
        assert!(!game.set_comment(n + 1, "beyond"));
        assert!(!game.set_nags(0, &[1]));
        assert!(!game.set_nags(n + 1, &[1]));
        let pgn = game.to_pgn();
        assert!(
            pgn.lines().all(|l| l.len() < 100),
            "only a long word makes a long line: {pgn}"
        );
        let back = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{name}: {e}\n{pgn}"));
        assert_same_game(&game, &back);
        assert_eq!(back.to_pgn(), pgn);
        assert_eq!(back.comment(0), Some("before the first move"));
    }
}

#[test]
fn comments_are_normalized_and_undo_drops_them() {
    let mut game =
        Game::from_pgn("1. e4!! {  first\n  comment } {second} e5?? $200 2. Nf3 *").unwrap();
    assert_eq!(game.comment(1), Some("first comment second"));
    assert_eq!(game.nags(1), [3]);
    assert_eq!(game.nags(2), [4, 200]);
    // `$300` is no NAG: refused, not dropped (issue 40).
    let e = Game::from_pgn("1. e4 e5 $300 *").unwrap_err().to_string();
    assert!(e.contains("NAG \"$300\" is not $0 to $255"), "{e}");
    assert!(
        game.to_pgn()
            .ends_with("1. e4 $3 {first comment second} 1... e5 $4 $200 2. Nf3 *\n")
    );
    assert!(game.set_comment(3, "after Nf3"));
    game.undo();
    assert_eq!(game.comment(3), None);
    assert!(game.set_comment(1, "   "));
    assert_eq!(game.comment(1), None);
    // Nothing after the result belongs to the game.
    let game = Game::from_pgn("1. e4 {kept} 1-0 {not kept}").unwrap();
    assert_eq!((game.comment(1), game.comment(2)), (Some("kept"), None));
}
