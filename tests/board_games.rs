//! Fairy-Stockfish's board games (issue 37, item 8): `clobber`,
//! `clobber10` (no royal piece; a side that cannot move loses) and
//! `jesonmor` (`[rules] region-hold`, Fairy-Stockfish's `flagMove`: a
//! Knight on the centre square wins once it has stood there through the
//! reply), `ataxx`, `flipersi`, `flipello` and `flipello10` (`[rules]`
//! `pass-stuck`, `free-drops`, `full-board`, and hands of more than 31
//! stones). Their perft counts are in `tests/data/fairy-stockfish*.perft`
//! (run by tests/fsf.rs).

use betza::{Color, EndReason, Game, Position, Variant, VariantDef};

fn pos(variant: &str, fen: &str) -> Position<'static> {
    Position::from_fen(Variant::by_name(variant).unwrap(), fen).unwrap()
}

fn play<'v>(p: &Position<'v>, text: &str) -> Position<'v> {
    let m = p.parse_move(text).unwrap();
    p.play(&m).unwrap()
}

#[test]
fn clobber_captures_only_and_the_side_without_a_move_loses() {
    let p = Position::start(Variant::by_name("clobber").unwrap());
    // Every move is an orthogonal capture.
    assert!(p.legal_moves().iter().all(|m| m.is_capture()));
    assert_eq!(p.legal_moves().len(), 49);
    // A quiet step is no move.
    assert!(!p.parse_move("a1a2").is_ok_and(|m| p.is_legal(&m)));
    // No capture left: the side to move loses.
    let q = pos("clobber", "P4/5/5/5/5/4p w - - 0 9");
    let o = q.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
    // The last capture wins.
    let r = pos("clobber", "Pp3/5/5/5/5/5 w - - 0 9");
    let o = play(&r, "a6b6").outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
    assert!(
        Position::start(Variant::by_name("clobber10").unwrap())
            .outcome()
            .is_none()
    );
}

#[test]
fn jesonmor_the_knight_on_the_centre_must_outlive_the_reply() {
    let p = pos("jesonmor", "2n6/9/3n5/9/9/9/5N3/9/4N4 w - - 0 20");
    // Reaching e5 ends nothing: Black may take the Knight.
    let q = play(&p, "f3e5");
    assert!(q.outcome().is_none());
    assert!(q.parse_move("d7e5").is_ok_and(|m| q.is_legal(&m)));
    assert!(play(&q, "d7e5").outcome().is_none());
    // A reply that leaves it there loses: White, to move, wins.
    let r = play(&q, "c9b7");
    let o = r.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Region)
    );
    assert!(r.legal_moves().is_empty());
    let mut g = Game::new(Variant::by_name("jesonmor").unwrap());
    for m in ["e1f3", "e9f7", "f3e5"] {
        g.play_text(m).unwrap();
    }
    assert!(g.outcome().is_none());
}

#[test]
fn flag_move_reads_as_region_hold_and_is_refused_where_it_contradicts() {
    let ini = "[kn]\nknight = n\nking = k\nstartFen = 4k3/8/8/8/8/8/8/4K1N1 w - - 0 1\nflagPiece = n\nflagRegion = e5\nflagMove = true\n";
    let d = &VariantDef::from_fsf_ini(ini).unwrap()[0];
    assert!(d.rules.region_hold && !d.rules.region_reply);
    let toml = "name = \"x\"\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\n[rules]\nregion-hold = true\n\n[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n";
    let e = toml.parse::<VariantDef>().unwrap().build().unwrap_err();
    assert!(
        e.to_string().contains("region-hold needs a region-win"),
        "{e}"
    );
}

/// Reversi on 6x4 and Ataxx with hands, in Fairy-Stockfish's configuration
/// format: the same text loaded into a Fairy-Stockfish built from its
/// sources (`VariantPath`) gave the counts below.
const ENCLOSING_INI: &str = "[reversi6x4]
maxRank = 4
maxFile = 6
immobile = p
startFen = 6/6/6/6[PPPPPPPPPPPPpppppppppppp] w - - 0 1
pieceDrops = true
capturesToHand = true
stalemateValue = loss
stalematePieceCount = true
enclosingDrop = reversi
enclosingDropStart = c2 d2 c3 d3
flipEnclosedPieces = reversi

[ataxxhand]
maxRank = 5
maxFile = 5
customPiece1 = p:mDmNmA
startFen = P3p/5/5/5/p3P[PPPPPPPPPPpppppppppp] w - - 0 1
pieceDrops = true
capturesToHand = true
stalemateValue = loss
stalematePieceCount = true
enclosingDrop = ataxx
flipEnclosedPieces = ataxx
";

fn enclosing(name: &str) -> Variant {
    VariantDef::from_fsf_ini(ENCLOSING_INI)
        .unwrap()
        .into_iter()
        .find(|d| d.name == name)
        .unwrap()
        .build()
        .unwrap()
}

fn texts(p: &Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn enclosing_rules_read_from_fairy_stockfish_keys() {
    let d = VariantDef::from_fsf_ini(ENCLOSING_INI).unwrap();
    let r = &d[0].rules;
    assert_eq!(r.enclosing_drop, Some(betza::variant::Enclosing::Reversi));
    assert_eq!(r.flip, Some(betza::variant::Enclosing::Reversi));
    assert!(r.enclosing_start.is_some());
    assert_eq!(d[0].stalemate, betza::variant::StalemateRule::MorePieces);
    // The TOML written reads back the same.
    for def in &d {
        assert_eq!(def.to_string().parse::<VariantDef>().unwrap(), *def);
    }
    let refuse = |extra: &str| {
        VariantDef::from_fsf_ini(&format!("{ENCLOSING_INI}\n[x:reversi6x4]\n{extra}\n"))
            .unwrap_err()
            .to_string()
    };
    let e = refuse("enclosingDrop = snort");
    assert!(e.contains("enclosingDrop") && e.contains("snort"), "{e}");
    let e = refuse("enclosingDrop = none");
    assert!(e.contains("enclosingDropStart"), "{e}");
}

/// FENs after each move as the built Fairy-Stockfish writes them.
#[test]
fn reversi_drops_start_in_the_centre_then_must_enclose_and_turn_pieces_over() {
    let v = enclosing("reversi6x4");
    let p = Position::start(&v);
    assert_eq!(texts(&p), ["P@c2", "P@c3", "P@d2", "P@d3"]);
    let p = Position::from_fen(&v, "6/2pP2/2Pp2/6[PPPPPPPPPPpppppppppp] w - - 0 3").unwrap();
    // Only drops that enclose a line of Black's stones.
    assert_eq!(texts(&p), ["P@b3", "P@c4", "P@d1", "P@e2"]);
    let q = play(&p, "P@e2");
    // Fairy-Stockfish's FEN: a drop that must enclose restarts the clock.
    assert_eq!(q.to_fen(), "6/2pP2/2PPP1/6[PPPPPPPPPpppppppppp] b - - 0 3");
    // Several lines at once turn over, and play in place takes them back.
    let r = Position::from_fen(&v, "1p4/1Pp3/2ppP1/3P2[PPPPPPPpppppppp] w - - 0 5").unwrap();
    let mut s = r;
    let e = s.parse_move("P@a1").unwrap_err().to_string();
    assert!(e.contains("encloses no line of enemy pieces"), "{e}");
    let m = s.parse_move("P@d3").unwrap();
    let undo = s.play_in_place(&m).unwrap();
    assert_eq!(s.to_fen(), "1p4/1PPP2/2pPP1/3P2[PPPPPPpppppppp] b - - 0 5");
    s.undo_move(&undo).unwrap();
    assert_eq!(s, r);
}

#[test]
fn reversi_stuck_side_loses_with_fewer_pieces() {
    let v = enclosing("reversi6x4");
    // Black, to move, has no enclosing drop: the side with more stones wins.
    let p = Position::from_fen(&v, "6/2PP2/2PP2/6[PPPPPPPPpppppppppppp] b - - 0 9").unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Stalemate)
    );
}

#[test]
fn ataxx_drops_next_to_a_stone_and_turns_over_every_neighbour() {
    let v = enclosing("ataxxhand");
    let p = Position::start(&v);
    // Drops only next to White's stones; jumps two squares away.
    assert!(texts(&p).contains(&"P@b5".to_string()));
    let e = p.parse_move("P@b1").unwrap_err().to_string();
    assert!(
        e.contains("b1 is not next to a piece of the side to move"),
        "{e}"
    );
    assert!(!texts(&p).contains(&"P@c3".to_string()));
    assert!(texts(&p).contains(&"a5c3".to_string()));
    let p = Position::from_fen(&v, "5/1pp2/1P3/5/5[PPPPPPPPPPpppppppppp] w - - 0 4").unwrap();
    let q = play(&p, "P@c3");
    assert_eq!(q.to_fen(), "5/1PP2/1PP2/5/5[PPPPPPPPPpppppppppp] b - - 0 4");
    // A jump turns the neighbours over too.
    let q = play(&p, "b3d5");
    assert_eq!(q.to_fen(), "3P1/1pP2/5/5/5[PPPPPPPPPPpppppppppp] b - - 1 4");
}

#[test]
fn enclosing_counts_as_fairy_stockfish_counts_them() {
    for (name, fen, depth, n) in [("reversi6x4", None, 8, 4704), ("ataxxhand", None, 4, 86956)] {
        let v = enclosing(name);
        let p = match fen {
            Some(f) => Position::from_fen(&v, f).unwrap(),
            None => Position::start(&v),
        };
        assert_eq!(p.perft(depth), n, "{name}");
    }
}

/// `n` White stones then `n` Black ones: a hands text.
fn stones(n: usize) -> String {
    "P".repeat(n) + &"p".repeat(n)
}

#[test]
fn othello_hands_hold_sixty_and_ninety_six_stones() {
    let p = Position::start(Variant::by_name("flipello").unwrap());
    let fen = format!("8/8/8/3pP3/3Pp3/8/8/8[{}] w - - 0 1", stones(60));
    assert_eq!(p.to_fen(), fen);
    let v = p.variant();
    let stone = v.role_by_token("P").unwrap();
    assert_eq!(p.hand_count(Color::White, stone), 60);
    // A drop takes one stone from the hand, and the clock restarts.
    let q = play(&p, "P@e3");
    assert_eq!(q.hand_count(Color::White, stone), 59);
    assert_eq!(
        q.to_fen(),
        format!(
            "8/8/8/3pP3/3PP3/4P3/8/8[{}{}] b - - 0 1",
            "P".repeat(59),
            "p".repeat(60)
        )
    );
    let p10 = Position::start(Variant::by_name("flipello10").unwrap());
    assert_eq!(p10.hand_count(Color::Black, stone), 96);
    assert_eq!(
        Position::from_fen(p10.variant(), &p10.to_fen()).unwrap(),
        p10
    );
    let p32 = Position::start(Variant::by_name("flipersi").unwrap());
    assert_eq!(p32.hand_count(Color::White, stone), 32);
    // More than the hands of the start can hold is refused, by name.
    let e = Position::from_fen(
        v,
        &format!("8/8/8/3pP3/3Pp3/8/8/8[{}] w - - 0 1", "P".repeat(121)),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("hands"), "{e}");
    // Crazyhouse still refuses more pieces of a type than a hand may come
    // to hold (a capture fills it).
    let zh = Variant::by_name("crazyhouse").unwrap();
    assert!(Position::from_fen(zh, "4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w - - 0 1").is_err());
}

#[test]
fn othello_side_without_a_move_passes_with_its_first_stone() {
    let v = Variant::by_name("flipello").unwrap();
    let h = stones(60);
    // White cannot enclose the corner stone, nor Black anything: each
    // passes, with its stone of the lowest square (d4 before e4 before d5).
    let p = Position::from_fen(v, &format!("p7/8/8/3PP3/3PP3/8/8/8[{h}] w - - 0 1")).unwrap();
    assert_eq!(texts(&p), ["d4d4"]);
    let m = p.parse_move("d4d4").unwrap();
    assert!(m.is_pass());
    assert_eq!(p.san(&m), "Pd4");
    assert_eq!(p.parse_san("Pd4").unwrap(), m);
    let e = p.parse_move("e4e4").unwrap_err().to_string();
    assert!(e.contains("first piece"), "{e}");
    let q = p.play(&m).unwrap();
    assert!(q.outcome().is_none());
    assert_eq!(texts(&q), ["a8a8"]);
    // Two passes in a row end the game, counted: four stones to one.
    let r = play(&q, "a8a8");
    assert_eq!(r.to_fen(), format!("p7/8/8/3PP3/3PP3/8/8/8[{h}] w - - 2 2"));
    let o = r.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Passes)
    );
    assert!(r.legal_moves().is_empty());
    // While a drop is legal, passing is not.
    let s = Position::start(v);
    let e = s.parse_move("d4d4").unwrap_err().to_string();
    assert!(e.contains("only when no other move"), "{e}");
    assert!(!texts(&s).iter().any(|t| t == "d4d4"));
    // A side without a stone cannot pass: stuck, it loses by count.
    let t = Position::from_fen(v, &format!("8/8/8/3PP3/3PP3/8/8/8[{h}] b - - 0 1")).unwrap();
    assert!(t.legal_moves().is_empty());
    let o = t.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Stalemate)
    );
    // Flipersi has no pass: stuck is the end.
    let f = Variant::by_name("flipersi").unwrap();
    let u = Position::from_fen(
        f,
        &format!("p7/8/8/3PP3/3PP3/8/8/8[{}] w - - 0 1", stones(30)),
    )
    .unwrap();
    assert!(u.legal_moves().is_empty());
    assert_eq!(u.outcome().unwrap().reason, EndReason::Stalemate);
    // In a game: the pass in PGN, and the game over by passes.
    let mut g = Game::from_fen(v, &format!("p7/8/8/3PP3/3PP3/8/8/8[{h}] w - - 0 1")).unwrap();
    g.play_text("d4d4").unwrap();
    g.play_text("a8a8").unwrap();
    assert_eq!(
        g.status().outcome.map(|o| o.reason),
        Some(EndReason::Passes)
    );
}

#[test]
fn the_full_board_ends_the_game_by_count() {
    // pyffish's test.py: the full board is an immediate end, counted.
    let p = pos(
        "flipello",
        "pppppppp/pppppppp/pppPpppp/pPpPpppp/pppppppp/pPpPPPPP/ppPpPPpp/pppppppp[PPpp] b - - 63 32",
    );
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::FullBoard)
    );
    assert!(p.legal_moves().is_empty());
    let p = pos(
        "ataxx",
        "PPPpppp/pppPPPp/pPPPPPP/PPPPPPp/ppPPPpp/pPPPPpP/pPPPPPP b - - 99 50",
    );
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::FullBoard)
    );
    // One empty square: play goes on.
    let p = pos(
        "ataxx",
        "PPPpppp/pppPPPp/pPPPPPP/PPPPPPp/ppPPPpp/pPPPPpP/pPPPPP1 b - - 99 50",
    );
    assert!(p.outcome().is_none());
    assert_eq!(
        EndReason::from_name("full board"),
        Some(EndReason::FullBoard)
    );
}

#[test]
fn ataxx_drops_come_from_no_hand() {
    let v = Variant::by_name("ataxx").unwrap();
    let p = Position::start(v);
    // No hands in FEN, as Fairy-Stockfish writes it.
    assert_eq!(p.to_fen(), "P5p/7/7/7/7/7/p5P w - - 0 1");
    assert_eq!(p.legal_moves().len(), 16);
    // Drop after drop, the hand never runs out nor shows.
    let mut q = p;
    for m in ["P@b7", "P@f7", "P@c7", "P@e7", "P@d6"] {
        q = play(&q, m);
    }
    // Fairy-Stockfish's FENs (d6 turned e7 over).
    assert_eq!(q.to_fen(), "PPP1Ppp/3P3/7/7/7/7/p5P b - - 0 3");
    assert!(texts(&q).contains(&"P@f6".to_string()));
    // Taking back restores the same position.
    let mut r = q;
    let m = r.parse_move("P@e6").unwrap();
    let undo = r.play_in_place(&m).unwrap();
    assert_eq!(r.to_fen(), "PPP1ppp/3pp2/7/7/7/7/p5P w - - 0 4");
    r.undo_move(&undo).unwrap();
    assert_eq!(r, q);
    // A jump does not restart the clock; a drop does.
    let s = play(&p, "g1e3");
    assert_eq!(s.to_fen(), "P5p/7/7/7/4P2/7/p6 b - - 1 1");
    // A hands field in FEN is not read (Fairy-Stockfish ignores it too).
    let t = Position::from_fen(v, "P5p/7/7/7/7/7/p5P[PPpp] w - - 0 1").unwrap();
    assert_eq!(t, p);
    // Stuck with stones (no jump over two full ranks, no empty neighbour):
    // pass, from the lowest square, as Fairy-Stockfish's perft script
    // counts it; Black then has moves again.
    let u = pos("ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w - - 0 1");
    assert_eq!(texts(&u), ["a1a1"]);
    let w = play(&u, "a1a1");
    assert!(w.outcome().is_none() && w.legal_moves().len() > 1);
    assert!(!texts(&w).contains(&"a2a2".to_string()));
}

#[test]
fn passing_when_stuck_free_drops_and_full_board_are_read_and_checked() {
    let ini = "[x]\nmaxRank = 4\nmaxFile = 4\ncustomPiece1 = p:mDmNmA\nstartFen = P2p/4/4/p2P w - - 0 1\npieceDrops = true\nenclosingDrop = ataxx\nflipEnclosedPieces = ataxx\npassOnStalemate = true\nfreeDrops = true\nadjudicateFullBoard = true\n";
    let d = &VariantDef::from_fsf_ini(ini).unwrap()[0];
    assert!(d.rules.pass_stuck && d.rules.free_drops && d.rules.full_board);
    assert_eq!(d.to_string().parse::<VariantDef>().unwrap(), *d);
    let refuse = |extra: &str| {
        VariantDef::from_fsf_ini(&format!("{ini}{extra}\n"))
            .unwrap_err()
            .to_string()
    };
    let e = refuse("passOnStalemateBlack = false");
    assert!(e.contains("one side only"), "{e}");
    let e = refuse("capturesToHand = true");
    assert!(e.contains("freeDrops"), "{e}");
    // In the definition format: pass-stuck not with pass, free drops only
    // with hands that captures never fill.
    let base = "name = \"x\"\nfiles = 4\nranks = 4\nstart = \"3k/4/4/K3 w - - 0 1\"\n\n[[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\n[[piece]]\nname = \"Stone\"\ntoken = \"S\"\nbetza = \"\"\n";
    let build = |rules: &str, drops: &str| {
        format!("{base}\n[rules]\n{rules}\n{drops}")
            .parse::<VariantDef>()
            .unwrap()
            .build()
    };
    let e = build("pass-stuck = true\npass = true", "")
        .unwrap_err()
        .to_string();
    assert!(e.contains("pass-stuck"), "{e}");
    let e = build("free-drops = true", "[drops]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("free-drops"), "{e}");
    // With a King: the pass is the King's, never in check.
    let rook = "\n[[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n";
    let v = format!("{base}{rook}\n[rules]\npass-stuck = true\n")
        .parse::<VariantDef>()
        .unwrap()
        .build()
        .unwrap();
    let p = Position::from_fen(&v, "3k/1r2/2r1/K3 w - - 0 1").unwrap();
    assert_eq!(texts(&p), ["a1a1"]);
    let mate = Position::from_fen(&v, "3k/rr2/4/K3 w - - 0 1").unwrap();
    assert_eq!(mate.outcome().unwrap().reason, EndReason::Checkmate);
}
