//! XBetza's compound legs: a multi-leg `K` or `Q` move is each of its
//! component atoms' moves (W and F, R and B), later legs turning by any
//! multiple of 45 degrees, an empty later group every direction but back, as
//! XBoard reads them (Chu Shogi's Lion is `KNADcaKmcabK` in its
//! documentation). Each spelling counts the same as its spelled-out form.

use betza::{LargeVariant, Position, Variant};

const CHU: &str = include_str!("../variants/chushogi.toml");
const CHU_LION: &str = "betza = \"KNADmcavsWmcafsbsWmcavsFmcafsbsF\"";

/// An 8x8 variant with a King each, and `X` moving as `betza`.
fn with_piece(betza: &str) -> Variant {
    let text = format!(
        "name = \"compound\"\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\
         [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Wazir\"\ntoken = \"W\"\nbetza = \"W\"\n\
         [[piece]]\nname = \"X\"\ntoken = \"X\"\nbetza = \"{betza}\"\n"
    );
    Variant::from_definition(&text).unwrap_or_else(|e| panic!("{betza}: {e}"))
}

/// The sorted move texts and the perft counts to depth 3 of `fen` in each
/// spelling must agree.
fn same_moves(a: &str, b: &str, fens: &[&str]) {
    let (va, vb) = (with_piece(a), with_piece(b));
    for fen in fens {
        let pa = Position::from_fen(&va, fen).expect("FEN");
        let pb = Position::from_fen(&vb, fen).expect("FEN");
        let texts = |p: &Position<'_>| {
            let mut t: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
            t.sort();
            t
        };
        assert_eq!(texts(&pa), texts(&pb), "{a} and {b} in {fen}");
        assert!(!texts(&pa).is_empty());
        for depth in 1..=3 {
            assert_eq!(pa.perft(depth), pb.perft(depth), "{a} and {b} in {fen}");
        }
    }
}

const FENS: &[&str] = &[
    "4k3/8/8/3w4/3X4/8/8/4K3 w - - 0 1",
    "4k3/8/2w1w3/3ww3/2wXw3/3w4/8/4K3 w - - 0 1",
    "k7/8/1w3w2/8/3X4/8/1w6/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/1w6/X3K3 w - - 0 1",
];

#[test]
fn a_k_leg_is_its_w_and_f_legs() {
    // Capture, then any step but back: straight and right-angle turns, and
    // 45- and 135-degree ones, of W and of F.
    same_moves("caK", "casfWcafsbsWcasfFcafsbsF", FENS);
    // An explicit direction: back (igui), and the 45-degree turns alone.
    same_moves("mcabK", "mcabWmcabF", FENS);
    same_moves("mcafsK", "mcafsWmcafsF", FENS);
    // Mixed in one group: forward and the 45-degree turns forward.
    same_moves("cafK", "cafWcafF", FENS);
    same_moves("cafafsK", "cafafsWcafafsF", FENS);
    same_moves("mcavsafsK", "mcavsafsWmcavsafsF", FENS);
    // A first leg with directions, as on one leg.
    same_moves("fcaK", "fcasfWfcafsbsWfcasfFfcafsbsF", FENS);
}

#[test]
fn a_q_leg_is_its_r_and_b_legs() {
    same_moves("caQ", "casfRcafsbsRcasfBcafsbsB", FENS);
    same_moves("mcabQ", "mcabRmcabB", FENS);
    // 'y' toggles every component the same way: a Queen's slide, then a King step.
    same_moves("ymcaQ", "ymcasfRymcafsbsRymcasfBymcafsbsB", FENS);
}

#[test]
fn the_lion_as_xboard_writes_it_is_the_lion_spelled_out() {
    // tests/data/variants/lion.toml's Lion: capture one step away, then a
    // second step anywhere (back included); XBoard's spelling splits off the
    // return, `cabK`.
    same_moves(
        "KNADcaKcabK",
        "KNADcavsWcafsbsWcavsFcafsbsF",
        &[
            "4k3/8/8/3w4/3X4/8/8/4K3 w - - 0 1",
            "4k3/8/2w1w3/3ww3/2wXw3/3w4/8/4K3 w - - 0 1",
        ],
    );
    // XBoard's documented Lion, `KNADcaKmcabK`, against its own parts.
    same_moves(
        "KNADcaKmcabK",
        "KNADcasfWcafsbsWcasfFcafsbsFmcabWmcabF",
        &["4k3/8/2w1w3/3ww3/2wXw3/3w4/8/4K3 w - - 0 1"],
    );
}

/// Chu Shogi with its Lion (and Promoted Kirin) written with K legs
/// (`mcaK` + `mcabK`: any two King steps) counts as the built-in one on
/// shogiops's published random positions.
#[test]
fn chu_shogi_with_k_legs_counts_as_published() {
    assert_eq!(CHU.matches(CHU_LION).count(), 2, "the Lion and the Kirin");
    let plain = LargeVariant::from_definition(CHU).expect("chushogi.toml");
    let k_legs = LargeVariant::from_definition(&CHU.replace(CHU_LION, "betza = \"KNADmcaKmcabK\""))
        .expect("Chu Shogi with K legs");
    let data = include_str!("data/chushogi-random.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let (depth, want): (u32, u64) =
            (f[1].parse().expect("depth"), f[2].parse().expect("count"));
        let a = plain.from_sfen(f[0]).expect("SFEN");
        let b = k_legs.from_sfen(f[0]).expect("SFEN");
        assert_eq!(b.perft(depth), want, "{}", f[0]);
        assert_eq!(a.perft(depth), want, "{}", f[0]);
        checked += 1;
    }
    assert!(checked >= 50, "{checked} positions");
    assert_eq!(k_legs.start().perft(2), 1_296);
}

#[test]
fn compound_legs_keep_their_limits() {
    let message = |betza: &str| {
        betza::notation::parse(betza)
            .map(|_| ())
            .expect_err(betza)
            .message
    };
    assert_eq!(message("zK"), "'z' and 'q' need a single atom, not K or Q");
    // Too many paths are still refused quickly.
    assert!(message("caaaQ").contains("too many paths"));
}
