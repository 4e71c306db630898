//! Fairy-Stockfish's board games (issue 37, item 8): `clobber`,
//! `clobber10` (no royal piece; a side that cannot move loses) and
//! `jesonmor` (`[rules] region-hold`, Fairy-Stockfish's `flagMove`: a
//! Knight on the centre square wins once it has stood there through the
//! reply). Their perft counts are in `tests/data/fairy-stockfish*.perft`
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
    // Fairy-Stockfish's FEN, but for the half-move clock: it resets the
    // clock on every drop, this library counts a drop as any other move.
    assert_eq!(q.to_fen(), "6/2pP2/2PPP1/6[PPPPPPPPPpppppppppp] b - - 1 3");
    // Several lines at once turn over, and play in place takes them back.
    let r = Position::from_fen(&v, "1p4/1Pp3/2ppP1/3P2[PPPPPPPpppppppp] w - - 0 5").unwrap();
    let mut s = r;
    let e = s.parse_move("P@a1").unwrap_err().to_string();
    assert!(e.contains("encloses no line of enemy pieces"), "{e}");
    let m = s.parse_move("P@d3").unwrap();
    let undo = s.play_in_place(&m).unwrap();
    assert_eq!(s.to_fen(), "1p4/1PPP2/2pPP1/3P2[PPPPPPpppppppp] b - - 1 5");
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
    assert_eq!(q.to_fen(), "5/1PP2/1PP2/5/5[PPPPPPPPPpppppppppp] b - - 1 4");
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
