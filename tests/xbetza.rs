//! XBetza constructs beyond the classic ones (docs/betza.md): grasshoppers, locust captures
//! and the check and pin logic they need, each against the king-capture reference.

mod common;

use common::{assert_reference, pos, targets, texts_from};

fn no_more(_: &betza::Position<'_>) -> bool {
    false
}

#[test]
fn a_grasshopper_checks_over_a_screen() {
    // Black's Grasshopper on e8, White's Pawn on e2 the screen next to the King.
    let p = pos("grasshopper", "k3g3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(p.is_check());
    assert_reference(&p, &no_more);
    // The Pawn stepping away takes the screen away: e2e3 is legal (the
    // Grasshopper would land on e2).
    assert_eq!(texts_from(&p, "e2"), ["e2e3"]);
    // A piece between the Grasshopper and the screen blocks the check.
    let p = pos("grasshopper", "k3g3/8/8/4N3/8/8/4P3/4K3 w - - 0 1");
    assert!(!p.is_check());
    assert_reference(&p, &no_more);
    // ... and is pinned: any move of it gives the check back.
    assert!(texts_from(&p, "e5").is_empty());
}

#[test]
fn moving_onto_an_empty_screen_square_gives_check() {
    let p = pos("grasshopper", "k3g3/8/8/8/8/8/7R/4K3 w - - 0 1");
    assert!(!p.is_check());
    assert_reference(&p, &no_more);
    assert!(
        !targets(&p, "h2").contains("e2"),
        "the Rook would be the screen"
    );
    assert!(targets(&p, "h2").contains("d2"));
    // The King may not step next to a screen on the line either.
    // The King may not step just beyond a screen on a Grasshopper's line
    // (a5-b4-c3-d2 screen-e1).
    let p = pos("grasshopper", "k7/8/8/g7/8/8/3P4/5K2 w - - 0 1");
    assert_reference(&p, &no_more);
    assert!(!targets(&p, "f1").contains("e1"));
    assert!(targets(&p, "f1").contains("f2"));
}

#[test]
fn grasshopper_moves_land_just_beyond_the_screen() {
    let p = pos("grasshopper", "k7/8/8/8/2p1p3/8/2PGP3/K7 w - - 0 1");
    assert_reference(&p, &no_more);
    // From d2: over c2 to b2, over e2 to f2, over e4? no (d3 ... d8 empty, no screen),
    // diagonals: c3 empty, b4 empty, a5 empty: none; e3, f4 ...: none; c1, e1: edge.
    assert_eq!(texts_from(&p, "d2"), ["d2b2", "d2f2"]);
    let p = pos("grasshopper", "k7/8/8/8/8/3p4/3G4/K7 w - - 0 1");
    assert_eq!(texts_from(&p, "d2"), ["d2d4"]);
    let p = pos("grasshopper", "k7/8/8/8/3p4/3p4/3G4/K7 w - - 0 1");
    assert_eq!(texts_from(&p, "d2"), ["d2d4"], "captures the piece beyond");
}

#[test]
fn random_grasshopper_games_agree_with_the_reference() {
    let v = common::variant("grasshopper");
    for seed in 0..8 {
        let game = common::random_game(v, seed * 31 + 7, 100);
        let mut p = betza::Position::start(v);
        assert_reference(&p, &no_more);
        for m in game.moves() {
            p = p.play(&m).expect("legal");
            assert_reference(&p, &no_more);
        }
    }
}

/// The Lion-like test variant of `tests/data/variants/lion.toml`.
fn lion_variant() -> &'static betza::Variant {
    static V: std::sync::OnceLock<betza::Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/lion.toml");
        let text = std::fs::read_to_string(path).expect("lion.toml");
        betza::Variant::from_definition(&text).expect("a valid definition")
    })
}

fn lion(fen: &str) -> betza::Position<'static> {
    let p = betza::Position::from_fen(lion_variant(), fen).expect("a valid FEN");
    assert_eq!(p.to_fen(), fen);
    p
}

#[test]
fn a_lion_counts_by_hand() {
    // White: King a1, Lion d4. Black: King h8, Wazir d5.
    let p = lion("7k/8/8/3w4/3L4/8/8/K7 w - - 0 1");
    // Depth 1: the King's 3 steps; the Lion's 24 jumps to every square within
    // two (d5 a capture); and 8 locust captures: take d5 on the first step,
    // then one step on in any of 8 directions (c4 c5 c6 d6 e6 e5 e4, or back
    // to d4). 3 + 24 + 8 = 35.
    assert_eq!(p.perft(1), 35);
    // Depth 2, Black's replies:
    // - after the 3 King moves: King g8 g7 h7 and Wazir d6 c5 e5 d4 (taking
    //   the Lion): 7 each, 21;
    // - after Lion d4xd5: King only, g8 g7 h7 out of reach: 3;
    // - after the 23 other jumps the Wazir has 4 moves and the King 3, less
    //   the squares the Lion reaches (all within two): e5 takes g7 (2 + 4),
    //   f5 g7 h7 (1 + 4), e6 g7 g8 (1 + 4), f6 gives mate (0); 19 others 7
    //   each: 133 + 6 + 5 + 5 + 0 = 149;
    // - after the 8 locust captures the King alone: 3 each but e5 (2) and
    //   e6 (1): 6 * 3 + 2 + 1 = 21.
    // 21 + 3 + 149 + 21 = 194.
    assert_eq!(p.perft(2), 194);
    let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    for t in ["d4d5d4", "d4d5e6", "d4d5c4", "d4d5", "d4f6"] {
        assert!(texts.contains(&t.to_string()), "{t} in {texts:?}");
    }
    assert_reference(&p, &no_more);
}

#[test]
fn a_lion_captures_twice_or_captures_and_returns() {
    let p = lion("7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1");
    // As above, with e6 now a capture too (for the jump and the locust move).
    assert_eq!(p.perft(1), 35);
    let wazir = lion_variant().role_by_token("W").expect("a Wazir");
    let twice = p.parse_move("d4d5e6").expect("legal");
    assert_eq!(p.name(twice.via().expect("a via square")).to_string(), "d5");
    assert_eq!(twice.via_captured(), Some(wazir));
    assert_eq!(twice.captured(), Some(wazir));
    let after = p.play(&twice).expect("legal");
    assert_eq!(after.to_fen(), "7k/8/4L3/8/8/8/8/K7 b - - 0 1");
    assert_eq!(after.hash(), p.hash_after(&twice, p.hash()));
    let igui = p.parse_move("d4d5d4").expect("legal");
    assert_eq!((igui.from(), igui.to()), (igui.to(), igui.from()));
    assert_eq!(igui.captured(), None);
    assert!(igui.is_capture());
    let after = p.play(&igui).expect("legal");
    assert_eq!(after.to_fen(), "7k/8/4w3/8/3L4/8/8/K7 b - - 0 1");
    assert_eq!(after.hash(), p.hash_after(&igui, p.hash()));
    // The plain capture on d5 is another move.
    let plain = p.parse_move("d4d5").expect("legal");
    assert_eq!(plain.via(), None);
    assert!(
        p.parse_move("d4d6d5").is_err(),
        "d6 is empty: no locust capture there"
    );
    assert_reference(&p, &no_more);
}

#[test]
fn locust_captures_and_king_safety() {
    // A locust capture removes the checking Rook on e8 (Lion d7 takes it on
    // its first step and steps on) or the King's attacker on the way.
    let p = lion("4r2k/3L4/8/8/8/8/8/4K3 w - - 0 1");
    assert!(p.is_check());
    assert_reference(&p, &no_more);
    let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    assert!(texts.contains(&"d7e8f8".to_string()), "{texts:?}");
    assert!(texts.contains(&"d7e8d7".to_string()));
    // A Black Lion gives check by a locust capture whose first step takes
    // the White Rook beside the King... and whose second takes the King.
    let p = lion("7k/8/8/8/8/8/3lR3/5K2 w - - 0 1");
    assert!(p.is_check(), "d2xe2xf1 takes the King");
    assert_reference(&p, &no_more);
    // The same Lion pins nothing but attacks over a piece it captures first:
    // the King may not step next to it beyond a White piece.
    let p = lion("7k/8/8/8/8/3l4/3R4/5K2 w - - 0 1");
    assert_reference(&p, &no_more);
    for fen in [
        "r3k2r/8/8/8/3l4/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/2WlW3/3L4/8/8/4K3 b - - 0 1",
        "4k3/8/8/3lw3/2WLR3/8/8/4K3 w - - 0 1",
    ] {
        assert_reference(&lion(fen), &no_more);
    }
}

#[test]
fn random_lion_games_agree_with_the_reference() {
    let v = lion_variant();
    for seed in 0..12u64 {
        let mut rng = common::Rng::new(seed * 977 + 3);
        let mut p = lion("r2lk2r/wwwwwwww/8/8/8/8/WWWWWWWW/R2LK2R w KQkq - 0 1");
        for _ in 0..80 {
            assert_reference(&p, &no_more);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let caps: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let m = if !caps.is_empty() && rng.below(2) == 0 {
                *caps[rng.below(caps.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let next = p.play(&m).expect("legal");
            assert_eq!(
                next.hash(),
                p.hash_after(&m, p.hash()),
                "{}",
                p.move_text(&m)
            );
            assert_eq!(
                betza::Position::from_fen(v, &next.to_fen())
                    .expect("FEN")
                    .hash(),
                next.hash()
            );
            p = next;
        }
    }
}

#[test]
fn a_locust_check_depends_on_the_square_beyond() {
    // Black's Checker (`cafmW`: takes a piece one step away and lands just
    // beyond it, which must be empty) on e5 checks the King on e4 over e3.
    let p = lion("7k/8/8/4c3/4K3/3W4/8/8 w - - 0 1");
    assert!(p.is_check());
    // The King: e3 f3 d4 f4 and e5 (taking the Checker); d5 and f5 are
    // attacked (landing on c5 and g5), d3 is the Wazir's. The Wazir: only
    // d3e3, filling the landing square. 5 + 1.
    assert_eq!(p.perft(1), 6);
    assert_reference(&p, &no_more);
    // With the Wazir on e3 there is no check, but the Wazir may not move:
    // it would empty the landing square. The King: d3 f3 d4 f4 e5.
    let p = lion("7k/8/8/4c3/4K3/4W3/8/8 w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(p.perft(1), 5);
    assert!(texts_from(&p, "e3").is_empty());
    assert_reference(&p, &no_more);
}

#[test]
fn locust_captures_in_san_and_pgn() {
    let p = lion("7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1");
    let san = |t: &str| p.san(&p.parse_move(t).expect("legal"));
    assert_eq!(san("d4d5e6"), "Lxd5xe6");
    assert_eq!(san("d4d5c4"), "Lxd5-c4");
    assert_eq!(san("d4d5d4"), "Lxd5-d4");
    assert_eq!(san("d4d5"), "Lxd5");
    assert_eq!(san("d4e6"), "Lxe6");
    for m in p.legal_moves() {
        let text = p.san(&m);
        assert_eq!(p.parse_san(&text).expect("reads back"), m, "{text}");
        let parsed: betza::San = text.parse().expect("a SAN");
        assert_eq!(parsed.to_string(), text);
        assert_eq!(parsed.resolve(&p).expect("resolves"), m);
    }
    assert!(matches!(
        p.parse_san("Lxd5e6"),
        Err(betza::SanError::Syntax { .. }) | Err(betza::SanError::NoSuchMove { .. })
    ));
    assert!(matches!(
        p.parse_san("Lxd5-e6"),
        Err(betza::SanError::CaptureMark { captures: true, .. })
    ));
    assert!(p.parse_san("Lxd6-c4").is_err(), "nothing to capture on d6");
    // A game with locust captures writes and reads back as PGN.
    let mut game = betza::Game::from_position(p);
    game.play_san("Lxd5xe6").expect("legal");
    game.play_san("Kh7").expect("legal");
    let pgn = game.to_pgn();
    assert!(pgn.contains("Lxd5xe6"), "{pgn}");
    let again = betza::Game::from_pgn_in(lion_variant(), &pgn).expect("reads back");
    assert_eq!(again.position(), game.position());
    assert_eq!(again.san_moves(), ["Lxd5xe6", "Kh7"]);
}

#[test]
fn crooked_circular_and_cylindrical_pieces_agree_with_the_reference() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/curves.toml"
    );
    let text = std::fs::read_to_string(path).expect("curves.toml");
    let v: &'static betza::Variant = Box::leak(Box::new(
        betza::Variant::from_definition(&text).expect("valid"),
    ));
    // The cylindrical Rook on h1 wraps to a1... which its own Rook holds.
    let p = betza::Position::from_fen(v, "3k4/8/8/8/8/8/8/R2K3R w - - 0 1").expect("FEN");
    assert_eq!(
        targets(&p, "h1"),
        common::set("e1 f1 g1 h2 h3 h4 h5 h6 h7 h8")
    );
    // a1 wraps west to h1.
    let p = betza::Position::from_fen(v, "3k4/8/8/8/8/8/8/R2K4 w - - 0 1").expect("FEN");
    assert_eq!(
        targets(&p, "a1"),
        common::set("b1 c1 e1 f1 g1 h1 a2 a3 a4 a5 a6 a7 a8")
    );
    for seed in 0..10u64 {
        let mut rng = common::Rng::new(seed * 131 + 5);
        let mut p = betza::Position::start(v);
        for _ in 0..80 {
            assert_reference(&p, &no_more);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            p = p.play(&m).expect("legal");
        }
    }
}

#[test]
fn locust_captures_as_uci_move_text() {
    let p = lion("7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1");
    for m in p.legal_moves() {
        let u = betza::UciMove::from_move(&p, &m);
        assert_eq!(u.to_string(), p.move_text(&m));
        let back: betza::UciMove = u.to_string().parse().expect("reads back");
        assert_eq!(back, u);
        assert_eq!(back.resolve(&p).expect("legal"), m);
    }
    let u: betza::UciMove = "d4d5d4".parse().expect("a move text");
    assert_eq!(u.via.map(|s| s.to_string()), Some("d5".to_string()));
}

#[test]
fn a_locust_capture_must_not_open_a_line_to_its_own_king() {
    // White: King e1, Lion e2. Black: Rooks e3 (next to the Lion) and e8
    // (behind it). The Lion may take e3 and stay on the file (back to e2,
    // on to e4, or the plain capture on e3); any other second step opens the
    // file to the Rook on e8.
    let p = lion("4r2k/8/8/8/8/4r3/4L3/4K3 w - - 0 1");
    assert_reference(&p, &no_more);
    let from_e2 = texts_from(&p, "e2");
    for legal in ["e2e3e2", "e2e3e4", "e2e3"] {
        assert!(
            from_e2.contains(&legal.to_string()),
            "{legal} in {from_e2:?}"
        );
    }
    for exposed in ["e2e3d4", "e2e3f4", "e2e3d3", "e2e3f3", "e2e3d2", "e2e3f2"] {
        assert!(!from_e2.contains(&exposed.to_string()), "{exposed}");
        assert!(matches!(
            p.parse_move(exposed),
            Err(betza::MoveError::KingExposed { .. })
        ));
    }
}

#[test]
fn hostile_new_constructs_build_or_fail_quickly() {
    let hostile = [
        "caRaRaR",
        "cavsWcafsbsWcavsFcafsbsFcaNaNcaRaR",
        "zNN",
        "qQ",
        "zQ",
        "oQoNNo(7,3)0",
        "qNzNoNgQgB2gR15",
        "caRaR",
        "mcaBaBaB",
        "oR15zB15qN15",
    ];
    for betza in hostile {
        let text = format!(
            "name = \"h\"\nfiles = 12\nranks = 10\nstart = \"k11/12/12/12/12/12/12/12/12/X10K w - - 0 1\"\n\
             [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
             [[piece]]\nname = \"X\"\ntoken = \"X\"\nbetza = \"{betza}\"\n"
        );
        let started = std::time::Instant::now();
        match betza::Variant::from_definition(&text) {
            Ok(v) => {
                let p = betza::Position::start(&v);
                assert!(p.perft(2) > 0, "{betza}");
            }
            Err(e) => assert!(!e.to_string().is_empty(), "{betza}"),
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{betza} took {:?}",
            started.elapsed()
        );
    }
}
