//! Walls placed by the turn (`[rules] wall`, Fairy-Stockfish's `wallingRule`):
//! duck chess, Amazons, Isolation, Snailtrail, Joust. Their counts against
//! Fairy-Stockfish are in tests/data/fairy-stockfish*.perft (tests/fsf.rs
//! and tests/perft.rs run them); here are the rules one by one.

use std::collections::HashSet;

use betza::{Color, EndReason, Game, Position, Variant, VariantDef};

fn variant(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap()
}

/// A 6x6 variant of a King and a Rook a side, from `start`, with the
/// `[rules]` lines `rules`.
fn king_and_rook(name: &str, start: &str, rules: &str) -> Variant {
    Variant::from_definition(&format!(
        r#"
name = "{name}"
files = 6
ranks = 6
start = "{start}"
[rules]
kingless = "both"
{rules}
[[piece]]
name = "King"
token = "K"
betza = "K"
[[piece]]
name = "Rook"
token = "R"
betza = "R"
"#
    ))
    .unwrap()
}

/// A small variant of `wall` with a Rook, a King-like stepper and more.
fn custom(wall: &str, extra: &str) -> Variant {
    king_and_rook(
        "walls",
        "k5/6/6/6/6/R4K w - - 0 1",
        &format!("wall = \"{wall}\"\n{extra}"),
    )
}

#[test]
fn fen_writes_and_reads_walls_as_fairy_stockfish_does() {
    let v = variant("duck");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1";
    let pos = Position::from_fen(v, fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.walls().count(), 1);
    let e2 = pos.square("e2").unwrap();
    assert!(pos.is_wall(e2));
    assert_eq!(pos.piece_at(e2), None);
    // Through a Setup and back.
    let setup = pos.setup();
    assert!(setup.walls.contains(e2));
    assert_eq!(Position::from_setup(v, &setup).unwrap(), pos);
    let iso = variant("isolation");
    let fen = "***3/3p*1/6/6/*2*2/P5/4*1/1*4 w - - 8 5";
    assert_eq!(Position::from_fen(iso, fen).unwrap().to_fen(), fen);
}

#[test]
fn bad_walls_in_a_fen_are_refused_with_the_reason() {
    let chess = variant("chess");
    let err = Position::from_fen(
        chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "placement: a wall on e2, but chess has no walls"
    );
    let duck = variant("duck");
    let err = Position::from_fen(
        duck,
        "rnbqkbnr/pppppppp/8/8/4P3/*7/PPPP*PPP/RNBQKBNR b KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "placement: 2 walls, but duck has one (its wall moves each turn)"
    );
    // A wall and a piece on one square, through a Setup.
    let pos = Position::start(duck);
    let mut setup = pos.setup();
    setup.walls = setup.walls.with(pos.square("e1").unwrap());
    let err = Position::from_setup(duck, &setup).unwrap_err();
    assert_eq!(err.to_string(), "a wall and a piece on e1");
}

#[test]
fn a_turn_is_written_and_read_as_fairy_stockfish_writes_it() {
    let pos = Position::start(variant("duck"));
    let m = pos.parse_move("e2e4,e4d5").unwrap();
    assert_eq!(pos.move_text(&m), "e2e4,e4d5");
    assert_eq!(m.wall(), pos.square("d5"));
    assert_eq!(m.to(), pos.square("e4").unwrap());
    // The wall alone after the comma.
    assert_eq!(pos.parse_move("e2e4,d5").unwrap(), m);
    // Every legal turn's text reads back as itself.
    for m in pos.legal_moves() {
        assert_eq!(pos.parse_move(&pos.move_text(&m)).unwrap(), m);
    }
    // Castling with a wall: the King's move, then the wall.
    let pos = Position::from_fen(
        variant("duck"),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let m = pos.parse_move("e1g1,g1e4").unwrap();
    assert!(m.is_castle());
    let next = pos.play(&m).unwrap();
    assert_eq!(
        next.to_fen(),
        "r3k2r/pppppppp/8/8/4*3/8/PPPPPPPP/R4RK1 b kq - 1 1"
    );
    assert_eq!(pos.move_text(&m), "e1g1,g1e4");
    assert_eq!(pos.move_text_king_takes_partner(&m), "e1h1,h1e4");
    assert_eq!(pos.parse_move("e1h1,h1e4").unwrap(), m);
    assert_eq!(
        pos.castling_rook(&m)
            .map(|(a, b)| (pos.name(a).to_string(), pos.name(b).to_string())),
        Some(("h1".into(), "f1".into()))
    );
}

#[test]
fn bad_wall_text_is_refused_with_the_reason() {
    let pos = Position::start(variant("duck"));
    let err = |t: &str| pos.parse_move(t).unwrap_err().to_string();
    assert_eq!(
        err("e2e4"),
        "move \"e2e4\": a turn of duck places a wall: write it after a comma, as in e2e4,e4d5"
    );
    assert_eq!(
        err("e2e4,e4d7"),
        "move \"e2e4,e4d7\": a piece stands on d7: a wall goes on an empty square"
    );
    assert_eq!(
        err("e2e4,d3d5"),
        "move \"e2e4,d3d5\": the wall is placed from the move's destination, e4, not from d3"
    );
    assert!(err("e2e4,e4").contains("no wall may go on e4"));
    assert!(err("e2e4,x9").contains("after the comma"));
    let chess = Position::start(variant("chess"));
    assert_eq!(
        chess.parse_move("e2e4,e4d5").unwrap_err().to_string(),
        "move \"e2e4,e4d5\": chess places no walls"
    );
    // A hand-made move with a wall on a piece is not legal.
    let m = pos.parse_move("e2e4,e4d5").unwrap();
    let on_piece = m.with_wall(pos.square("d7").unwrap());
    assert!(!pos.is_legal(&on_piece));
    assert!(pos.play(&on_piece).is_err());
}

#[test]
fn the_duck_moves_each_turn_and_never_stays() {
    let v = variant("duck");
    let pos = Position::start(v);
    // 20 moves, 32 empty squares after each.
    assert_eq!(pos.legal_moves().len(), 640);
    let next = pos.play(&pos.parse_move("e2e4,e4d5").unwrap()).unwrap();
    let d5 = next.square("d5").unwrap();
    // Black's turns move the duck: never onto d5 again, and the old leaves.
    let moves = next.legal_moves();
    assert!(moves.iter().all(|m| m.wall() != Some(d5)));
    let after = next.play(&moves[0]).unwrap();
    assert!(!after.is_wall(d5));
    assert_eq!(after.walls().count(), 1);
    // No piece lands on or crosses the duck: d5 blocks the Queen's d-file.
    let pos = Position::from_fen(v, "4k3/8/8/3*4/8/8/8/3QK3 w - - 0 1").unwrap();
    assert!(pos.legal_moves().iter().all(|m| {
        let to = pos.name(m.to()).to_string();
        to != "d5" && to != "d6" && to != "d7" && to != "d8"
    }));
}

#[test]
fn a_move_list_of_more_than_256_turns_spills_and_stays_whole() {
    let pos = Position::start(variant("duck"));
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 640);
    let distinct: HashSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), 640);
    let mut n = 0;
    pos.for_each_legal_move(|_| n += 1);
    assert_eq!(n, 640);
}

#[test]
fn duck_chess_is_won_by_taking_the_king() {
    let v = variant("duck");
    // White's Queen takes the King: no check exists, and the King may be left attacked.
    let pos = Position::from_fen(v, "3k4/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    assert!(!pos.is_check());
    // The King steps onto the Queen's file, and the Queen may take it.
    let next = pos.play(&pos.parse_move("d8d7,d7a1").unwrap()).unwrap();
    assert!(next.parse_move("d1d7,d7a2").unwrap().is_capture());
    let mut game = Game::from_fen(v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    game.play_text("d1e2,e2a3").unwrap();
    game.play_text("e8d8,d8h8").unwrap();
    assert!(game.status().outcome.is_none());
    let mut game = Game::from_fen(v, "3k4/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    game.play_text("d1d8,d8a3").unwrap();
    let o = game.status().outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Extinction)
    );
    // Stalemate wins for the side with no move (`stalemate = "win"`).
    assert_eq!(v.definition().stalemate, betza::StalemateRule::Win);
}

#[test]
fn amazons_shoot_along_a_queen_line_from_where_they_land() {
    let v = variant("amazons");
    let pos = Position::start(v);
    assert_eq!(pos.legal_moves().len(), 2176);
    for m in pos.legal_moves().iter().take(300) {
        let (to, w) = (m.to(), m.wall().unwrap());
        let s = pos.size();
        let (df, dr) = (
            s.file(w) as i32 - s.file(to) as i32,
            s.rank(w) as i32 - s.rank(to) as i32,
        );
        assert!(
            df == 0 || dr == 0 || df.abs() == dr.abs(),
            "{}",
            pos.move_text(m)
        );
    }
    // The square left is open to the arrow: d1-d2, shooting back on d1.
    assert!(pos.parse_move("d1d2,d2d1").is_ok());
    // The arrow stops at a piece.
    assert!(pos.parse_move("d1d2,d2d10").is_err());
    // An Amazon walled in loses: no move is a loss.
    let pos = Position::from_fen(v, "q9/**8/10/10/10/10/10/10/10/9Q b - - 0 1").unwrap();
    let moves = pos.legal_moves();
    assert!(
        moves
            .iter()
            .all(|m| pos.name(m.from()).to_string() == "a10")
    );
}

#[test]
fn isolation_snailtrail_and_joust_leave_walls_behind() {
    // Snailtrail: the square left becomes a wall.
    let pos = Position::start(variant("snailtrail"));
    for m in pos.legal_moves() {
        assert_eq!(m.wall(), Some(m.from()));
    }
    let next = pos.play(&pos.parse_move("a1b2,b2a1").unwrap()).unwrap();
    assert_eq!(next.to_fen(), "6p/7/7/7/7/1P5/*6 b - - 1 1");
    // Isolation: any empty square but the two start squares.
    let pos = Position::start(variant("isolation"));
    let c1 = pos.square("c1").unwrap();
    let d8 = pos.square("d8").unwrap();
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| m.wall() != Some(c1) && m.wall() != Some(d8))
    );
    // Joust: a Knight that cannot take; its start square is walled.
    let pos = Position::start(variant("joust"));
    assert!(pos.legal_moves().iter().all(|m| m.wall() == Some(m.from())));
}

#[test]
fn walls_block_and_are_never_taken() {
    let v = custom("static", "");
    let pos = Position::from_fen(&v, "k5/6/6/R1*3/6/5K w - - 0 1").unwrap();
    let rook = pos.square("a3").unwrap();
    let targets = pos.legal_targets(rook);
    let names: Vec<String> = targets.squares().map(|s| pos.name(s).to_string()).collect();
    assert!(names.contains(&"b3".to_string()));
    assert!(!names.contains(&"c3".to_string()) && !names.contains(&"d3".to_string()));
    // Walls stay under the static rule.
    let m = pos.legal_moves()[0];
    let next = pos.play(&m).unwrap();
    assert_eq!(next.walls().count(), 2);
}

#[test]
fn edge_walls_go_on_the_edge_or_next_to_a_wall_and_regions_bound_them() {
    let v = custom("edge", "");
    let pos = Position::from_fen(&v, "k5/6/6/6/6/R4K w - - 0 1").unwrap();
    let s = pos.size();
    for m in pos.legal_moves() {
        let w = m.wall().unwrap();
        let (f, r) = (s.file(w), s.rank(w));
        assert!(
            f == 0 || r == 0 || f == 5 || r == 5,
            "{}",
            pos.move_text(&m)
        );
    }
    let pos = Position::from_fen(&v, "k5/6/6/3*2/6/R4K w - - 0 1").unwrap();
    assert!(pos.parse_move("a1b1,b1d4").is_ok());
    assert!(pos.parse_move("a1b1,b1c4").is_err());
    let v = custom(
        "static",
        "wall-region = { white = \"a6-f6\", black = \"a1-f1\" }",
    );
    let pos = Position::start(&v);
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| pos.size().rank(m.wall().unwrap()) == 5)
    );
}

#[test]
fn play_in_place_and_undo_restore_the_walls() {
    for name in ["duck", "amazons", "isolation", "snailtrail"] {
        let v = variant(name);
        let start = Position::start(v);
        let first = start.legal_moves();
        let mut pos = start.play(&first[7 % first.len()]).unwrap();
        for m in pos.legal_moves().iter().step_by(37) {
            let before = pos;
            let undo = pos.play_in_place(m).unwrap();
            assert_eq!(pos, before.play(m).unwrap(), "{name}");
            assert_eq!(before.hash_after(m, before.hash()), pos.hash(), "{name}");
            pos.undo_move(&undo).unwrap();
            assert_eq!(pos, before, "{name}");
        }
    }
    // Positions that differ only by a wall differ, and hash apart.
    let v = variant("isolation");
    let a = Position::from_fen(v, "3p2/6/6/6/6/6/6/2P3 w - - 0 1").unwrap();
    let b = Position::from_fen(v, "3p2/6/6/6/*5/6/6/2P3 w - - 0 1").unwrap();
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn the_definition_compiler_refuses_walls_it_cannot_place() {
    let def = |rules: &str, betza: &str| {
        format!(
            "name = \"x\"\nfiles = 6\nranks = 6\nstart = \"k5/6/6/6/6/R4K w - - 0 1\"\n[rules]\nkingless = \"both\"\n{rules}\n[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\n[[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"{betza}\"\n"
        )
    };
    let err = |t: String| Variant::from_definition(&t).unwrap_err().to_string();
    assert!(err(def("wall = \"duck\"", "mRcaW")).contains("locust"));
    assert!(err(def("wall = \"moat\"", "R")).contains("\"arrow\" or \"duck\""));
    assert!(
        err(def("wall-region = { white = \"a1\", black = \"a1\" }", "R"))
            .contains("needs a wall rule")
    );
    // The table writes back what it read.
    let text = def(
        "wall = \"arrow\"\nwall-region = { white = \"a1-f3\", black = \"a4-f6\" }",
        "R",
    );
    let d: VariantDef = text.parse().unwrap();
    let again: VariantDef = d.to_string().parse().unwrap();
    assert_eq!(d, again);
}

#[test]
fn san_writes_the_wall_after_a_comma_as_fairy_stockfish_does() {
    let pos = Position::start(variant("duck"));
    let m = pos.parse_move("g1f3,f3a3").unwrap();
    assert_eq!(pos.san(&m), "Nf3,a3");
    assert_eq!(pos.parse_san("Nf3,a3").unwrap(), m);
    for m in pos.legal_moves().iter().step_by(11) {
        assert_eq!(pos.parse_san(&pos.san(m)).unwrap(), *m);
    }
    let pos = Position::from_fen(
        variant("duck"),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let m = pos.parse_move("e1g1,g1e4").unwrap();
    assert_eq!(pos.san(&m), "O-O,e4");
    assert_eq!(pos.parse_san("O-O,e4").unwrap(), m);
    let start = Position::start(variant("duck"));
    let err = |t: &str| start.parse_san(t).unwrap_err().to_string();
    assert!(err("e4").contains("places a wall"), "{}", err("e4"));
    assert!(err("e4,e7").contains("no legal turn places a wall on e7"));
    assert!(err("e4,z9").contains("not a square"));
    let chess = Position::start(variant("chess"));
    assert!(
        chess
            .parse_san("e4,d5")
            .unwrap_err()
            .to_string()
            .contains("places no walls")
    );
    // A game's SAN and PGN moves.
    let mut game = Game::new(variant("amazons"));
    game.play_san("Qd1d2,d1").unwrap();
    assert_eq!(game.san_moves(), ["Qd2,d1"]);
}

#[test]
fn a_petrifying_capture_turns_the_capturer_into_a_wall() {
    let v = king_and_rook(
        "stone",
        "k5/6/6/r5/6/R4K w - - 0 1",
        "extinction = \"loss\"\nextinction-pieces = [\"K\"]\npetrify = [\"R\"]",
    );
    let mut pos = Position::start(&v);
    let m = pos.parse_move("a1a3").unwrap();
    let before = pos;
    let undo = pos.play_in_place(&m).unwrap();
    assert_eq!(pos.to_fen(), "k5/6/6/*5/6/5K b - - 0 1");
    assert_eq!(pos, before.play(&m).unwrap());
    pos.undo_move(&undo).unwrap();
    assert_eq!(pos, before);
    // The wall blocks: Black's King cannot cross a3 to the first rank later.
    let after = before.play(&m).unwrap();
    assert!(after.is_wall(after.square("a3").unwrap()));
    // With pseudo-royal pieces too (Fairy-Stockfish's petrified): a
    // pseudo-royal piece that would turn to stone may not capture.
    let v = Variant::from_definition(
        "name = \"x\"\nfiles = 6\nranks = 6\nstart = \"k5/6/6/6/6/1R3K w - - 0 1\"\n[rules]\nkingless = \"both\"\nextinction = \"loss\"\nextinction-pieces = [\"K\"]\nextinction-pseudo-royal = true\npetrify = [\"R\", \"K\"]\n[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\n[[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n",
    )
    .unwrap();
    let pos = Position::from_fen(&v, "6/6/6/6/4r1/5K w - - 0 1").unwrap();
    assert!(
        pos.parse_move("f1e2").is_err(),
        "the King may not take the Rook"
    );
}

/// Ataxx's blocked squares (`fixed-walls`; Fairy-Stockfish reads `*` in its
/// FENs): no stone is dropped or jumps there, none turns over, and a board
/// full but for them ends the game (pyffish's test.py). Counts of a
/// Fairy-Stockfish built from its sources.
#[test]
fn ataxx_holds_blocked_squares() {
    let ataxx = variant("ataxx");
    for (fen, depth, nodes) in [
        ("P5p/7/2*1*2/3*3/2*1*2/7/p5P w - - 0 1", 4, 83_104),
        ("P5p/1*3*1/7/3*3/7/1*3*1/p5P b - - 0 1", 4, 94_452),
        (
            "1P3p1/P*1p1*p/2*P*2/pp1*1Pp/2*1*2/p*3*P/1p3P1 w - - 0 9",
            3,
            69_444,
        ),
    ] {
        let pos = Position::from_fen(ataxx, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(pos.perft(depth), nodes, "{fen}");
    }
    // Full but for the walls: White has more stones and wins.
    let fen = "PPPpppp/pppPPPp/pPP*PPP/PP*P*Pp/ppP*Ppp/pPPPPpP/pPPPPPP b - - 99 50";
    let game = Game::from_fen(ataxx, fen).unwrap();
    let outcome = game.status().outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::FullBoard);
    assert_eq!(outcome.winner, Some(Color::White));
}
