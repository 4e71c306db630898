//! Janggi (`janggi`, `janggitraditional`, `janggimodern`, `janggicasual`):
//! the palace's diagonal lines, the Cannon that never jumps over or takes a
//! Cannon, passing, bikjang and material counting, as Fairy-Stockfish
//! judges each; its counts and pyffish's Janggi cases.

use betza::{Color, EndReason, Game, Notation, Position, Variant, VariantDef};

const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

fn v(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

fn pos<'v>(v: &'v Variant, fen: &str) -> Position<'v> {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    let mut t: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    t.sort();
    t
}

/// Random-game positions counted by a Fairy-Stockfish built from its
/// sources (`tests/data/fairy-stockfish-janggi.perft`), with the built-in
/// variant and the one read from `variants/fairy-stockfish.ini`.
#[test]
fn fairy_stockfish_counts() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fairy-stockfish-janggi.perft"
    ))
    .unwrap();
    let (mut variant, mut fen) = (String::new(), String::new());
    let mut ran = 0;
    for line in text.lines().map(str::trim) {
        if let Some(x) = line.strip_prefix("variant ") {
            variant = x.to_string();
        } else if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            ran += 1;
            // Debug builds: every tenth position, one ply less, checked
            // against the count without bulk counting.
            if cfg!(debug_assertions) && ran % 10 != 0 {
                continue;
            }
            let d = if cfg!(debug_assertions) { d - 1 } else { d };
            let ini = VariantDef::fairy_stockfish(&variant)
                .unwrap()
                .build()
                .unwrap();
            for var in [v(&variant), &ini] {
                let p = pos(var, &fen);
                let got = p.perft(d);
                if !cfg!(debug_assertions) {
                    assert_eq!(got, n, "{variant} {fen} depth {d}");
                }
                assert_eq!(got, p.perft_no_bulk(d), "{variant} {fen} depth {d}");
            }
        }
    }
    assert_eq!(ran, 248);
}

#[test]
fn palace_diagonals() {
    let j = v("janggi");
    // A Rook in the palace's corner slides along its diagonal to the
    // centre and the far corner, not beyond.
    let p = pos(j, "4k4/9/9/9/9/9/9/9/5K3/3R5 w - - 0 1");
    let rook: Vec<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("d1"))
        .collect();
    assert!(rook.contains(&"d1f3".to_string()), "{rook:?}");
    assert!(!rook.iter().any(|t| t == "d1c2" || t == "d1g4"), "{rook:?}");
    // Off the lines (d2 is no point of a diagonal) the Guard steps only
    // orthogonally.
    let p = pos(j, "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1");
    let guard: Vec<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("d2"))
        .collect();
    assert_eq!(guard, ["d2d1", "d2d3", "d2e2"]);
    // A Soldier in the enemy palace steps diagonally forward along a line.
    let p = pos(j, "3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1");
    let soldier: Vec<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("d8"))
        .collect();
    assert_eq!(soldier, ["d8c8", "d8d9", "d8e8", "d8e9"]);
}

#[test]
fn cannons_never_jump_over_or_take_cannons() {
    let j = v("janggi");
    // The Cannon on e1 with a Cannon screen on e3: no move along the file.
    let p = pos(j, "3k5/9/9/9/4r4/9/9/4C4/9/3CK4 w - - 0 1");
    assert!(
        !texts(&p)
            .iter()
            .any(|t| t.starts_with("e3e") && t != "e3e3")
    );
    let d1: Vec<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("d1"))
        .collect();
    // From d1 over the King on e1 along rank 1 it jumps; over nothing on
    // the diagonal it does not move.
    assert!(d1.iter().all(|t| t.as_str() > "d1e1"), "{d1:?}");
    // A Cannon screened by a Cannon gives no check.
    let p = pos(j, "4k4/9/9/4c4/9/9/9/4C4/9/3K5 b - - 0 1");
    assert!(!p.is_check());
    let p = pos(j, "4k4/9/9/4c4/9/9/9/4N4/9/4K4 w - - 0 1");
    assert!(p.is_check());
    let p = pos(j, "4k4/9/9/4c4/9/9/9/4C4/9/4K4 w - - 0 1");
    assert!(!p.is_check());
    // Nor does it take one.
    let p = pos(j, "4k4/9/9/4c4/9/4N4/9/4C4/9/3K5 w - - 0 1");
    assert!(!texts(&p).contains(&"e3e7".to_string()));
}

#[test]
fn passing() {
    let j = v("janggi");
    let p = Position::start(j);
    assert_eq!(p.legal_moves().len(), 32);
    let m = p.parse_move("e2e2").unwrap();
    assert!(m.is_pass());
    assert_eq!(p.move_text(&m), "e2e2");
    assert_eq!(p.san(&m), "Ke2");
    assert_eq!(p.parse_san("Ke2").unwrap(), m);
    assert_eq!(p.notation(&m, Notation::Janggi).unwrap(), "K95-95");
    let next = p.play(&m).unwrap();
    assert_eq!(
        next.to_fen(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
    // pyffish: in a stalemate the pass is the only move.
    let p = pos(j, "4k4/c7R/9/3R1R3/9/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(texts(&p), ["e10e10"]);
    // In check there is no pass.
    let p = pos(j, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1");
    assert!(!texts(&p).contains(&"e10e10".to_string()));
    // Where passing is off, it is a clear error.
    let x = Position::start(v("xiangqi"));
    let e = x.parse_move("e1e1").unwrap_err().to_string();
    assert!(e.contains("pass"), "{e}");
    // Two passes in a row end the game: decided by material in janggi,
    // drawn in janggicasual.
    for (name, winner) in [("janggi", Some(Color::Black)), ("janggicasual", None)] {
        let mut g = Game::new(v(name));
        g.play_text("e2e2").unwrap();
        assert!(g.status().outcome.is_none());
        g.play_text("e9e9").unwrap();
        let o = g.status().outcome.unwrap();
        assert_eq!((o.winner, o.reason), (winner, EndReason::Passes), "{name}");
        assert!(g.position().legal_moves().is_empty());
    }
}

#[test]
fn bikjang() {
    // The Kings face each other on the e-file: Black must end it or pass,
    // and the pass ends the game.
    let j = v("janggi");
    let p = pos(j, "4k4/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1");
    let t = texts(&p);
    assert!(t.contains(&"e10e10".to_string()));
    assert!(!t.contains(&"e10e9".to_string()), "{t:?}");
    assert!(t.contains(&"e10f10".to_string()));
    let mut g = Game::from_fen(j, "4k4/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1").unwrap();
    g.play_text("e10e10").unwrap();
    let o = g.status().outcome.unwrap();
    // White has a Rook more: 13 > 1.5.
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Bikjang)
    );
    // Traditional rules: a draw.
    let mut g = Game::from_fen(
        v("janggitraditional"),
        "4k4/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1",
    )
    .unwrap();
    g.play_text("e10e10").unwrap();
    let o = g.status().outcome.unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Bikjang));
    // Casual rules: facing Kings mean nothing.
    let p = pos(v("janggicasual"), "4k4/9/9/9/9/9/9/9/4K4/3R5 b - - 0 1");
    assert!(texts(&p).contains(&"e10e9".to_string()));
    // Under bikjang a pass is legal even in check.
    let p = pos(j, "4k4/9/9/9/9/9/1b7/9/4K4/9 w - - 0 1");
    assert!(p.is_check());
    assert!(texts(&p).contains(&"e2e2".to_string()));
    // That pass ends the game, and its position reads back from its FEN
    // though Black could take the King: the one way to it is such a pass.
    let mut g = Game::from_fen(j, "4k4/9/9/9/9/9/1b7/9/4K4/9 w - - 0 1").unwrap();
    g.play_text("e2e2").unwrap();
    let fen = g.position().to_fen();
    let back = Game::from_fen(j, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.position().to_fen(), fen);
    let (o, read) = (g.status().outcome.unwrap(), back.status().outcome.unwrap());
    // Black's Elephant and 1.5 points win the count.
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Bikjang)
    );
    assert_eq!((read.winner, read.reason), (o.winner, o.reason), "{fen}");
    // Without facing Kings such a position is still refused.
    let e = Game::from_fen(j, "3k5/9/9/9/9/9/1b7/9/4K4/9 b - - 0 1").unwrap_err();
    assert!(
        e.to_string().contains("could capture the enemy King"),
        "{e}"
    );
    // pyffish's game: bikjang after 62 plies is no end; the pass after it is.
    let moves = "e2e3 e9f9 h3d3 e7f7 i1i3 h10i8 i3h3 c10e7 h3h8 i10i9 h8b8 i9g9 d3f3 f9e9 f3f10 e7c10 f10c10 b10c8 c10g10 g9f9 b8c8 a10b10 b3f3 f9h9 a1a2 h9f9 a2d2 b10b9 d2d10 e9d10 c8c10 d10d9 f3f9 i8g9 f9b9 a7a6 g10g7 f7f6 e4e5 c7d7 g1e4 i7i6 e4b6 d9d8 c10c8 d8d9 b9g9 d7d6 b6e8 i6h6 e5e6 f6e6 c1e4 a6b6 e4b6 d6d5 c4c5 d9d10 e3d3 h6i6 c5c6 d5c5";
    let mut g = Game::new(j);
    for m in moves.split(' ') {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(g.status().outcome.is_none());
    g.play_text("d3d3").unwrap();
    let o = g.status().outcome.unwrap();
    // pyffish: -VALUE_MATE for the side to move (Black).
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Bikjang)
    );
}

#[test]
fn material_counting_decides_repetition() {
    // The start position a third time: Black's 1.5 points win equal
    // material in janggi; janggicasual draws.
    for (name, winner) in [("janggi", Some(Color::Black)), ("janggicasual", None)] {
        let mut g = Game::new(v(name));
        for m in "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10".split(' ') {
            g.play_text(m).unwrap();
        }
        let o = g.status().outcome.unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (winner, EndReason::Repetition),
            "{name}"
        );
    }
}

/// pyffish's test.py Janggi notation and SAN cases.
#[test]
fn pyffish_notation() {
    let j = v("janggi");
    let p = Position::start(j);
    let m = p.parse_move("b1c3").unwrap();
    assert_eq!(p.notation(&m, Notation::Janggi).unwrap(), "H02-83");
    let p = pos(
        j,
        "1b1aa2b1/5k3/3ncn3/1pp1pp3/5r2p/9/P1PPB1PPB/2N1CCN1c/9/R2AKAR2 w - - 19 17",
    );
    assert_eq!(p.san(&p.parse_move("d1e2").unwrap()), "Ade2");
    let p = pos(j, "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23");
    assert_eq!(p.san(&p.parse_move("f8f10").unwrap()), "Cfxf10");
    // A discovered check along the palace's diagonal.
    let p = pos(j, "4ka3/4a4/9/4R4/2B6/9/9/5K3/4p4/3r5 b - - 0 113");
    let next = p.play(&p.parse_move("e2f2").unwrap()).unwrap();
    assert!(next.is_check());
    assert_eq!(Position::start(j).to_fen(), START);
    // pyffish's get_fen: Janggi's letters H and E read as N and B.
    let p = pos(
        j,
        "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
    );
    assert_eq!(p.to_fen(), START);
}

/// PGN carries passes (as SAN, `Ke2`) both ways.
#[test]
fn pgn_with_passes() {
    let mut g = Game::new(v("janggi"));
    for m in ["b1c3", "e9e9", "e2e2"] {
        g.play_text(m).unwrap();
    }
    let pgn = g.to_pgn();
    assert!(pgn.contains("2. Ke2"), "{pgn}");
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.position().to_fen(), g.position().to_fen());
    assert_eq!(back.san_moves(), g.san_moves());
    // The two passes in a row: the game is over, PGN says why.
    assert_eq!(
        back.status().outcome.map(|o| o.reason),
        Some(EndReason::Passes)
    );
}

/// A pass through the C ABI: a BetzaMove from the King's square to itself.
#[cfg(feature = "capi")]
#[test]
fn c_abi_pass() {
    use betza::capi::*;
    let j = v("janggi");
    let king = (0..j.pieces().len())
        .find(|&i| j.pieces()[i].royal)
        .unwrap() as i32;
    let pass = |sq: u32| BetzaMove {
        from: sq,
        to: sq,
        piece: king,
        captured: BETZA_NONE,
        promotion: BETZA_NONE,
        flags: 0,
        via: BETZA_NONE,
        via_captured: BETZA_NONE,
    };
    let mut g: *mut BetzaGame = std::ptr::null_mut();
    // SAFETY: valid pointers; the game is freed below.
    unsafe {
        assert_eq!(
            betza_game_new(c"janggi".as_ptr(), std::ptr::null(), &mut g),
            BetzaStatus::BETZA_OK
        );
        // e2 = rank 1 * 9 + file 4; e9 = 8 * 9 + 4.
        assert_eq!(betza_game_play(g, &pass(13)), BetzaStatus::BETZA_OK);
        assert_eq!(betza_game_play(g, &pass(76)), BetzaStatus::BETZA_OK);
        let mut s = std::mem::zeroed::<BetzaGameStatus>();
        assert_eq!(betza_game_status(g, &mut s), BetzaStatus::BETZA_OK);
        assert_eq!(s.outcome.reason, BetzaReason::BETZA_REASON_PASSES);
        assert_eq!(s.outcome.result, BetzaResult::BETZA_RESULT_BLACK_WINS);
        betza_game_free(g);
    }
    // Where passing is off, the same move is refused.
    let mut g: *mut BetzaGame = std::ptr::null_mut();
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            betza_game_new(c"xiangqi".as_ptr(), std::ptr::null(), &mut g),
            BetzaStatus::BETZA_OK
        );
        assert_ne!(betza_game_play(g, &pass(4)), BetzaStatus::BETZA_OK);
        betza_game_free(g);
    }
}

/// pyffish's has_insufficient_material cases for janggi: (White, Black).
/// Its "issue #53" position (`5k3/4a4/3CN4/...`) is refused: the Cannon on
/// d8 checks the King on f10 along the palace's diagonal with White to move.
#[test]
fn pyffish_insufficient_material() {
    let j = v("janggi");
    for (fen, want) in [
        (START, (false, false)),
        ("4k4/9/9/9/9/4B4/4B4/9/9/4K4 w - - 0 1", (false, true)),
        ("4k4/9/9/9/9/9/9/9/4A4/4KC3 w - - 0 1", (false, true)),
    ] {
        let p = pos(j, fen);
        let got = (
            p.has_insufficient_material(Color::White),
            p.has_insufficient_material(Color::Black),
        );
        assert_eq!(got, want, "{fen}");
    }
}

/// The game of `name` from the start after `moves` (move text, spaces).
fn game(name: &str, moves: &str) -> Game {
    let mut g = Game::new(v(name));
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{name} {m}: {e}"));
    }
    g
}

/// `janggimodern`'s rule against moving one piece back and forth
/// (`[game-end] move-repetition = "loss"`, Fairy-Stockfish's
/// `moveRepetitionIllegal`): the move that completes four moves back and
/// forth stays legal, as in Fairy-Stockfish, and loses. Each verdict was
/// checked against a Fairy-Stockfish built from its sources (`go depth 1
/// searchmoves` on the move: `score mate 0` where it loses).
#[test]
fn moving_back_and_forth_loses_in_janggimodern() {
    // White's Chariot comes to a2, then a3, a2, a3, a2: the fourth move
    // back and forth loses. Black's moves in between do not matter.
    let before = "a1a2 a10a9 a2a3 i10i9 a3a2 a9a8 a2a3 i9i8";
    let mut g = game("janggimodern", before);
    for k in 0..=g.ply_count() {
        let mut h = game("janggimodern", "");
        for m in before.split_whitespace().take(k) {
            h.play_text(m).unwrap();
        }
        assert!(h.status().outcome.is_none(), "ply {k}");
    }
    assert!(
        g.position()
            .legal_moves()
            .iter()
            .any(|m| g.position().move_text(m) == "a3a2")
    );
    g.play_text("a3a2").unwrap();
    let o = g.status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Repetition)
    );
    assert!(g.play_text("b10c8").is_err());
    // Another move, or the same series in janggi, ends nothing.
    assert!(
        game("janggimodern", &format!("{before} a3a1"))
            .status()
            .outcome
            .is_none()
    );
    assert!(
        game("janggi", &format!("{before} a3a2"))
            .status()
            .outcome
            .is_none()
    );

    // Only the plies since the last capture count (Soldiers' moves do not
    // reset the clock in Janggi): Black's capture on a4 saves White.
    let soldiers = "a1a2 a7a6 a2a3 a6a5 a3a2 i10i9 a2a3 i9i8 a3a2";
    let o = game("janggimodern", soldiers).status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Repetition)
    );
    let capture = "a1a2 a7a6 a2a3 a6a5 a3a2 a5a4 a2a3 i10i9 a3a2";
    assert!(game("janggimodern", capture).status().outcome.is_none());

    // A pass may stand for the fifth move from the end.
    let g = game(
        "janggimodern",
        "a1a2 a10a9 a2a3 i10i9 a3a2 a9a8 a2a3 i9i8 e2e2 b10c8 a3a2",
    );
    let o = g.status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Repetition)
    );

    // The Advisor, kept to its palace, which the enemy King's does not
    // meet, is exempt (and so is the King).
    let g = game(
        "janggimodern",
        "d1d2 a10a9 d2d3 i10i9 d3d2 a9a8 d2d3 i9i8 d3d2",
    );
    assert!(g.status().outcome.is_none());

    // Both Chariots shuffling: White's fifth move completes its series
    // first, long before a fourfold repetition.
    let shuffle = "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10";
    let mut g = game("janggimodern", shuffle);
    assert!(g.status().outcome.is_none());
    g.play_text("a1a2").unwrap();
    let o = g.status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Repetition)
    );

    // pyffish's `is_optional_game_end` reports the loss; its
    // `legal_moves` keeps the move (python/tests).
}

/// `move-repetition` needs the n-fold repetition rule it is judged with,
/// and reads back as written.
#[test]
fn move_repetition_definitions() {
    let def = v("janggimodern").definition();
    assert!(def.game_end.move_repetition_loses);
    let text = def.to_string();
    assert!(text.contains("move-repetition = \"loss\""), "{text}");
    let again = text.parse::<VariantDef>().unwrap();
    assert_eq!(&again, def);
    let off = text
        .replace("repetition = 4\n", "repetition = 0\n")
        .replace("perpetual-check = \"loss\"\n", "");
    let e = off.parse::<VariantDef>().unwrap_err().to_string();
    assert!(e.contains("move-repetition"), "{e}");
    let bad = text.replace("move-repetition = \"loss\"", "move-repetition = \"draw\"");
    let e = bad.parse::<VariantDef>().unwrap_err().to_string();
    assert!(
        e.contains("move-repetition") && e.contains("\"loss\""),
        "{e}"
    );
    // Fairy-Stockfish's key, which does nothing without an n-fold rule.
    let ini = |keys: &str| VariantDef::from_fsf_ini(&format!("[mj:janggi]\n{keys}"));
    let rule = |keys: &str| ini(keys).unwrap()[0].game_end.move_repetition_loses;
    assert!(rule("moveRepetitionIllegal = true\nnFoldRule = 4\n"));
    let off = "moveRepetitionIllegal = true\nnFoldRule = 0\nperpetualCheckIllegal = false\n";
    assert!(!rule(off));
    assert!(!rule("moveRepetitionIllegal = false\n"));
    let e = ini("moveRepetitionIllegal = maybe\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("moveRepetitionIllegal"), "{e}");
}
