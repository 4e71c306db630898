//! The built-in variants: Decimaka, Meiriqi, and orthodox and Capablanca chess
//! as proofs of the generic machinery. Each is nothing but a [`VariantDef`].

use std::sync::OnceLock;

use crate::bitboard::BoardSize;
use crate::variant::{
    PieceDef, PromotionDef, PromotionText, Region, StalemateRule, Variant, VariantDef,
};

/// Names accepted by [`Variant::by_name`].
pub(crate) const NAMES: &[&str] = &["decimaka", "meiriqi", "chess", "capablanca"];

pub(crate) fn by_name(name: &str) -> Option<&'static Variant> {
    static CELLS: [OnceLock<Variant>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = NAMES.iter().position(|n| *n == name)?;
    Some(CELLS[i].get_or_init(|| {
        let def = definition(name).expect("listed name");
        Variant::new(def).expect("built-in variants are valid")
    }))
}

/// The definition of a built-in variant, as data (a starting point for
/// custom variants).
pub fn definition(name: &str) -> Option<VariantDef> {
    Some(match name {
        "decimaka" => decimaka(),
        "meiriqi" => meiriqi(),
        "chess" => chess(),
        "capablanca" => capablanca(),
        _ => return None,
    })
}

fn size(files: u8, ranks: u8) -> BoardSize {
    BoardSize::new(files, ranks).expect("built-in sizes are valid")
}

fn decimaka() -> VariantDef {
    let s = size(10, 10);
    let pawn_start = Region::ranks(s, 3, 3);
    VariantDef {
        name: "decimaka".into(),
        files: 10,
        ranks: 10,
        pieces: vec![
            PieceDef::new("King", "K", "KisO3").royal(),
            PieceDef::new("Queen", "+F", "Q").promoted(),
            PieceDef::new("Lion", "L", "KNAD").promotes_to(&["+P"]),
            PieceDef::new("Star", "S", "KDAHG").promotes_to(&["+P"]),
            PieceDef::new("Trident", "+T", "vRfB").promoted(),
            PieceDef::new("Nightrider", "+N", "NN").promoted(),
            PieceDef::new("Rook", "R", "R"),
            PieceDef::new("Bishop", "B", "B"),
            PieceDef::new("Knight", "N", "N").promotes_to(&["+N"]),
            PieceDef::new("Fiancee", "F", "K").promotes_to(&["+F"]),
            PieceDef::new("Y", "Y", "bWbDbHfFfAfG").promotes_to(&["+P"]),
            PieceDef::new("Cross", "C", "WD").promotes_to(&["+P"]),
            PieceDef::new("Tee", "T", "vWfF").promotes_to(&["+T"]),
            PieceDef::new("Omni", "+P", "mWcF").promoted(),
            PieceDef::new("Pawn", "P", "fmWfceFifmnD")
                .promotes_to(&["+P"])
                .initial(pawn_start),
        ],
        start_fen:
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1"
                .into(),
        promotion: PromotionDef::OnCapture {
            captured_becomes: Some("+F".into()),
        },
        promotion_text: PromotionText::Plus,
        pawn: Some("P".into()),
        en_passant: true,
        castling_rook: Some("R".into()),
        facing_kings: false,
        stalemate: StalemateRule::Draw,
    }
}

/// The Rhino's Betza string: every zig-zag length up to `max_steps`.
///
/// ```
/// assert_eq!(betza::builtin::rhino_betza(4), "WafsWafraflWaflafrWafraflafrWaflafraflW");
/// ```
pub fn rhino_betza(max_steps: usize) -> String {
    let mut s = String::from("W");
    if max_steps >= 2 {
        s.push_str("afsW");
    }
    for len in 3..=max_steps {
        for first in ["fr", "fl"] {
            let mut t = String::new();
            let mut hand = first;
            for _ in 1..len {
                t.push('a');
                t.push_str(hand);
                hand = if hand == "fr" { "fl" } else { "fr" };
            }
            s.push_str(&t);
            s.push('W');
        }
    }
    s
}

fn meiriqi() -> VariantDef {
    let s = size(10, 10);
    let names = |w: &[&str], b: &[&str]| Region::from_names(s, w, b).expect("squares of the board");
    let fortress = names(
        &["h1", "i1", "j1", "h2", "i2", "j2", "h3", "i3", "j3"],
        &["h8", "i8", "j8", "h9", "i9", "j9", "h10", "i10", "j10"],
    );
    let x_squares = names(
        &["h1", "j1", "i2", "h3", "j3"],
        &["h10", "j10", "i9", "h8", "j8"],
    );
    VariantDef {
        name: "meiriqi".into(),
        files: 10,
        ranks: 10,
        pieces: vec![
            PieceDef::new("King", "K", "K").royal().confined(fortress),
            PieceDef::new("Mandarin", "M", "F").confined(x_squares),
            PieceDef::new("Pegasus", "F", "Z(4,1)"),
            PieceDef::new("Gryphon", "Y", "FyafsF"),
            PieceDef::new("Eagle", "E", "KfBbRbF2"),
            // A zig-zag of 9 steps needs 9 ranks: the longest a 10x10 board has.
            PieceDef::new("Rhino", "H", &rhino_betza(9)),
            PieceDef::new("Wildebeest", "W", "NC"),
            PieceDef::new("Knight", "N", "N").promotes_to(&["J"]),
            PieceDef::new("Gold", "G", "WfF").promotes_to(&["R"]),
            PieceDef::new("Silver", "S", "FfW").promotes_to(&["O"]),
            PieceDef::new("Lion", "L", "DAcK").promotes_to(&["Q"]),
            PieceDef::new("Pawn", "P", "fsmWfcFifmnD").promotes_to(&["C"]).initial(Region::ranks(s, 3, 3)),
            PieceDef::new("Janus", "J", "NB").promoted(),
            PieceDef::new("Rook", "R", "R").promoted(),
            PieceDef::new("Ogyo", "O", "sRvW").promoted(),
            PieceDef::new("Queen", "Q", "Q").promoted(),
            PieceDef::new("Champion", "C", "WDA").promoted(),
        ],
        start_fen: "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1".into(),
        promotion: PromotionDef::Zone { zone: Region::ranks(s, 8, 10), mandatory: false },
        promotion_text: PromotionText::Plus,
        pawn: Some("P".into()),
        en_passant: false,
        castling_rook: None,
        facing_kings: true,
        stalemate: StalemateRule::Loss,
    }
}

/// Orthodox rules on a board of `files` x 8: Pawns with the double step and en
/// passant promoting on the last rank to `promotions`, castling with Rooks,
/// stalemate a draw. Chess and Capablanca chess differ only in their pieces.
fn western(
    name: &str,
    files: u8,
    mut pieces: Vec<PieceDef>,
    promotions: &[&str],
    start_fen: &str,
) -> VariantDef {
    let s = size(files, 8);
    pieces.push(
        PieceDef::new("Pawn", "P", "fmWfceFifmnD")
            .promotes_to(promotions)
            .initial(Region::ranks(s, 2, 2)),
    );
    VariantDef {
        name: name.into(),
        files,
        ranks: 8,
        pieces,
        start_fen: start_fen.into(),
        promotion: PromotionDef::Zone {
            zone: Region::ranks(s, 8, 8),
            mandatory: true,
        },
        promotion_text: PromotionText::Letter,
        pawn: Some("P".into()),
        en_passant: true,
        castling_rook: Some("R".into()),
        facing_kings: false,
        stalemate: StalemateRule::Draw,
    }
}

fn chess() -> VariantDef {
    western(
        "chess",
        8,
        vec![
            PieceDef::new("King", "K", "KisO2").royal(),
            PieceDef::new("Queen", "Q", "Q"),
            PieceDef::new("Rook", "R", "R"),
            PieceDef::new("Bishop", "B", "B"),
            PieceDef::new("Knight", "N", "N"),
        ],
        &["Q", "R", "B", "N"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
}

fn capablanca() -> VariantDef {
    western(
        "capablanca",
        10,
        vec![
            PieceDef::new("King", "K", "KisO3").royal(),
            PieceDef::new("Queen", "Q", "Q"),
            PieceDef::new("Chancellor", "C", "RN"),
            PieceDef::new("Archbishop", "A", "BN"),
            PieceDef::new("Rook", "R", "R"),
            PieceDef::new("Bishop", "B", "B"),
            PieceDef::new("Knight", "N", "N"),
        ],
        &["Q", "C", "A", "R", "B", "N"],
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    )
}
