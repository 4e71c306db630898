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

fn play(p: &Position<'static>, text: &str) -> Position<'static> {
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
