//! XBetza constructs beyond the classic ones (`RULES.md` section 10): grasshoppers, and the
//! check and pin logic they need, each against the king-capture reference.

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
