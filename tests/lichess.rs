//! The lichess variants' rules (`[rules]`): end reasons, FEN check
//! counters, bad input. Their perft counts are in `tests/data/lichess.perft`
//! (run by `tests/perft.rs`).

use betza::{Color, EndReason, Position, Variant};

fn pos(variant: &str, fen: &str) -> Position<'static> {
    Position::from_fen(Variant::by_name(variant).unwrap(), fen).unwrap()
}

#[test]
fn three_check_counters_read_both_forms_and_write_the_remaining_one() {
    let p = pos("3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1");
    assert_eq!(p.checks_given(Color::White), 2);
    assert_eq!(p.checks_given(Color::Black), 2);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1");
    let lichess = pos(
        "3check",
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0",
    );
    let remaining = pos(
        "3check",
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
    );
    assert_eq!(lichess, remaining);
    assert_eq!(lichess.checks_given(Color::White), 2);
}

fn play(p: &Position<'static>, uci: &str) -> Position<'static> {
    let m = p.parse_move(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    p.play_unchecked(&m)
}

#[test]
fn atomar_kings_are_proof_against_explosions_and_never_take_each_other() {
    // Kings side by side, a Queen beside both.
    let p = pos("atomar", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
    // The King takes the Queen and stays; the explosion spares Black's King.
    let next = play(&p, "e4e5");
    assert_eq!(next.to_fen(), "8/8/8/3kK3/8/8/8/8 b - - 0 1");
    assert_eq!(next.outcome(), None);
    // A King never takes a King (`mutually-immune`).
    assert!(next.parse_move("d5e5").is_err());
    assert!(!next.is_check(), "nothing is check");
    // Taking the King itself wins (`extinction-pieces = ["K"]`).
    let p = pos("atomar", "4k3/8/8/8/8/8/4r3/3QK3 b - - 0 1");
    let over = play(&p, "e2e1");
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, EndReason::Extinction);
    assert!(over.legal_moves().is_empty());
}

#[test]
fn nocheckatomic_kings_explode_and_the_mover_loses_when_both_do() {
    // The King takes the Queen: it explodes with her, and so does Black's.
    let p = pos("nocheckatomic", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
    let both = play(&p, "e4e5");
    assert_eq!(both.to_fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    let outcome = both.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::Extinction)
    );
    // A move that leaves the King attacked is legal: nothing is check.
    let p = pos("nocheckatomic", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert!(p.parse_move("e1f1").is_ok() && p.parse_move("e1d2").is_ok());
    assert!(!p.is_check());
    // Exploding the own King alone loses too.
    let p = pos("nocheckatomic", "7k/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let lost = play(&p, "e1e2");
    assert_eq!(lost.outcome().unwrap().winner, Some(Color::Black));
}

#[test]
fn explosion_proof_and_mutually_immune_are_written_back_and_checked() {
    let def = Variant::by_name("atomar").unwrap().definition();
    let text = def.to_string();
    assert!(text.contains("explosion-proof = [\"K\"]"), "{text}");
    assert!(text.contains("mutually-immune = [\"K\"]"), "{text}");
    assert_eq!(Variant::from_definition(&text).unwrap().definition(), def);
    let bad = text
        .replace("explosions = true\n", "")
        .replace("explosion-immune = [\"P\"]\n", "");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("explosion-proof needs explosions"), "{e}");
}

#[test]
fn pgn_variant_tags_as_lichess_and_python_chess_write_them() {
    use betza::Game;
    // (tag as lichess writes it, name here, a first move).
    let written = [
        ("Chess960", "chess960", "e4"),
        ("Atomic", "atomic", "e4"),
        ("Antichess", "antichess", "e3"),
        ("King of the Hill", "kingofthehill", "e4"),
        ("Three-check", "3check", "e4"),
        ("Racing Kings", "racingkings", "Nd3"),
        ("Horde", "horde", "e5"),
        ("Crazyhouse", "crazyhouse", "e4"),
    ];
    for (tag, name, first) in written {
        let text = format!("[Variant \"{tag}\"]\n\n1. {first} *\n");
        let game = Game::from_pgn(&text).unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(game.variant().name(), name, "{tag}");
        let pgn = game.to_pgn();
        assert!(pgn.contains(&format!("[Variant \"{tag}\"]\n")), "{pgn}");
        let again = Game::from_pgn(&pgn).unwrap();
        assert_eq!(again.position(), game.position(), "{tag}");
        // Read in the variant given, the tag must name it.
        let v = Variant::by_name(name).unwrap();
        assert!(Game::from_pgn_in(v, &pgn).is_ok(), "{tag}");
    }
    // python-chess's aliases and Fairy-Stockfish's name; case, spaces and
    // hyphens do not matter.
    for (tag, name) in [
        ("Fischerandom", "chess960"),
        ("Fischer Random", "chess960"),
        ("KOTH", "kingofthehill"),
        ("three check", "3check"),
        ("Three-check chess", "3check"),
        ("racing kings", "racingkings"),
        ("Anti", "antichess"),
        ("Giveaway", "giveaway"),
        ("Suicide chess", "suicide"),
        ("From Position", "chess"),
        ("Standard", "chess"),
        ("5check", "5check"),
        ("atomar", "atomar"),
    ] {
        let game = Game::from_pgn(&format!("[Variant \"{tag}\"]\n\n*\n"))
            .unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(game.variant().name(), name, "{tag}");
    }
    let e = Game::from_pgn("[Variant \"King of the Mountain\"]\n\n*\n").unwrap_err();
    assert!(e.to_string().contains("King of the Mountain"), "{e}");
    let e = Game::from_pgn_in(
        Variant::by_name("atomic").unwrap(),
        "[Variant \"Horde\"]\n\n*\n",
    )
    .unwrap_err();
    assert!(e.to_string().contains("Horde"), "{e}");
}

#[test]
fn san_marks_a_win_by_the_rules_with_a_hash() {
    let san = |variant: &str, fen: &str, uci: &str| {
        let p = pos(variant, fen);
        let m = p.parse_move(uci).unwrap();
        let text = p.san(&m);
        // Read back with and without its mark; a wrong mark is refused.
        assert_eq!(p.parse_san(&text).unwrap(), m, "{text}");
        assert_eq!(p.parse_san(text.trim_end_matches(['#', '+'])).unwrap(), m);
        if text.ends_with('#') {
            assert!(p.parse_san(&text.replace('#', "+")).is_err(), "{text}");
        }
        text
    };
    // An explosion takes the King.
    let atomic = "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(san("atomic", atomic, "g5f7"), "Nxf7#");
    // The hill reached, without check.
    let hill = "rnbqkbnr/pppp1ppp/4p3/8/8/3K4/PPPPPPPP/RNBQ1BNR w kq - 0 1";
    assert_eq!(san("kingofthehill", hill, "d3d4"), "Kd4#");
    assert_eq!(san("kingofthehill", hill, "d3c3"), "Kc3");
    // The third check.
    let checks = "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1";
    assert_eq!(san("3check", checks, "a1a8"), "Ra8#");
    // Antichess: taking Black's last piece wins for Black, and still ends
    // the game with a winner.
    let anti = "8/8/8/8/8/8/p7/R7 w - - 0 1";
    assert_eq!(san("antichess", anti, "a1a2"), "Rxa2#");
    // No-check atomic: the King taking next to the other explodes both.
    assert_eq!(
        san("nocheckatomic", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1", "e4e5"),
        "Kxe5#"
    );
    // Racing kings: White arrives and Black cannot follow: a win.
    let race = "8/5K2/8/8/8/8/1k6/8 w - - 0 1";
    assert_eq!(san("racingkings", race, "f7f8"), "Kf8#");
    // Black can follow: the game goes on, and Black's arrival draws, a
    // result with no winner and no mark.
    let race = "8/1k3K2/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(san("racingkings", race, "f7f8"), "Kf8");
    let p = play(&pos("racingkings", race), "f7f8");
    assert_eq!(p.san(&p.parse_move("b7b8").unwrap()), "Kb8");
    assert_eq!(play(&p, "b7b8").outcome().unwrap().winner, None);
}

#[test]
fn moves_the_rules_forbid_are_refused_with_the_rule() {
    let refusal = |variant: &str, fen: &str, uci: &str, san: &str| {
        let p = pos(variant, fen);
        let by_uci = p.parse_move(uci).unwrap_err();
        assert!(
            matches!(by_uci, betza::MoveError::Forbidden { .. }),
            "{by_uci:?}"
        );
        let by_san = p.parse_san(san).unwrap_err().to_string();
        let reason = by_uci.to_string();
        let reason = reason.split("illegal, ").nth(1).unwrap().to_string();
        assert!(by_san.ends_with(&reason), "{by_san} / {reason}");
        reason
    };
    // Antichess: a capture stands, so a quiet move is refused.
    let anti = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1";
    assert_eq!(
        refusal("antichess", anti, "a2a3", "a3"),
        "a capture is compulsory"
    );
    // Racing kings: no move may give check.
    let race = "8/8/8/8/8/k7/8/6RK w - - 0 1";
    assert_eq!(
        refusal("racingkings", race, "g1a1", "Ra1"),
        "it would give check, and no move may give check"
    );
    // Atomic: the King never captures; a capture beside the own King
    // would explode it.
    assert_eq!(
        refusal("atomic", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2", "Kxd2"),
        "the King may not capture where captures explode"
    );
    assert_eq!(
        refusal("atomic", "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "d1d2", "Qxd2"),
        "the explosion would take the own King"
    );
    // Atomar: a King never takes a King.
    assert_eq!(
        refusal("atomar", "8/8/8/3kK3/8/8/8/8 b - - 0 1", "d5e5", "Kxe5"),
        "a piece of this type may not capture one of its own type"
    );
    // Leaving the King attacked is still told as before.
    let p = pos("atomic", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let e = p.parse_move("e1f2").unwrap_err();
    assert!(matches!(e, betza::MoveError::KingExposed { .. }), "{e:?}");
}

/// Atomic with Chess960 castling (`[castling] any-start`, as Python's
/// `chess960=True` makes it): shakmaty's `atomic960-castle-*` counts (its
/// tests/atomic.perft) and the four of Fairy-Stockfish's perft script
/// (`perft.sh`, its Chess960 part).
#[test]
fn atomic960_castling_counts() {
    let mut def = Variant::by_name("atomic").unwrap().definition().clone();
    def.name = "atomic960".into();
    def.castling.as_mut().unwrap().any_start = true;
    let v = Variant::new(def).unwrap();
    let cases: [(&str, &[u64]); 4] = [
        ("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", &[18, 180, 4364, 61401]),
        ("r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", &[25, 282, 6753, 98729]),
        (
            "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1",
            &[21, 465, 10631, 241478],
        ),
        ("1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", &[0, 0, 0, 17915]),
    ];
    for (fen, counts) in cases {
        let p = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (d, &n) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            if n != 0 && (depth < 4 || !cfg!(debug_assertions) || n < 100_000) {
                assert_eq!(p.perft(depth), n, "{fen} depth {depth}");
            }
        }
    }
}
