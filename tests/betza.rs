//! The Betza parser and compiler: grammar, errors with positions, and custom
//! variants built in Rust code.

use std::collections::BTreeSet;

use betza::notation::{Term, parse};
use betza::{
    CastlingDef, PieceDef, Position, PromotionDef, Region, StalemateRule, Variant, VariantDef,
    VariantError,
};

/// A 9x9 test variant: White King b1, Black King h9 (offsets (-3,-4) and
/// (3,4) from the centre e5, which no tested piece reaches), and `betza` as
/// the only other piece type, token `X`.
fn lab(betza: &str) -> Result<Variant, VariantError> {
    Variant::new(VariantDef {
        name: "lab".into(),
        files: 9,
        ranks: 9,
        pieces: vec![
            PieceDef::new("King", "K", "K").royal(),
            PieceDef::new("Test", "X", betza),
        ],
        start_fen: "7k1/9/9/9/9/9/9/9/1K7 w - - 0 1".into(),
        promotion: PromotionDef::None,
        en_passant: false,
        castling: None,
        facing_kings: false,
        stalemate: StalemateRule::Draw,
        ..VariantDef::default()
    })
}

fn targets_in(v: &Variant, fen: &str, from: &str) -> BTreeSet<String> {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let size = pos.size();
    let sq = size.parse_square(from).expect("square");
    pos.legal_targets(sq)
        .squares()
        .map(|s| size.square_name(s))
        .collect()
}

/// Targets of the piece alone on e5 (White, or Black to move).
fn centre(betza: &str, white: bool) -> BTreeSet<String> {
    let v = lab(betza).unwrap_or_else(|e| panic!("{betza}: {e}"));
    let fen = if white {
        "7k1/9/9/9/4X4/9/9/9/1K7 w - - 0 1"
    } else {
        "7k1/9/9/9/4x4/9/9/9/1K7 b - - 0 1"
    };
    targets_in(&v, fen, "e5")
}

/// Squares at these offsets from e5.
fn off(offsets: &[(i32, i32)]) -> BTreeSet<String> {
    offsets
        .iter()
        .map(|&(x, y)| {
            assert!(
                (-4..=4).contains(&x) && (-4..=4).contains(&y),
                "({x},{y}) is off the board"
            );
            format!("{}{}", (b'e' as i32 + x) as u8 as char, 5 + y)
        })
        .collect()
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

const N8: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

#[test]
fn atoms_leap_to_every_rotation() {
    assert_eq!(centre("W", true), off(&[(0, 1), (1, 0), (0, -1), (-1, 0)]));
    assert_eq!(
        centre("F", true),
        off(&[(1, 1), (1, -1), (-1, -1), (-1, 1)])
    );
    assert_eq!(centre("D", true), off(&[(0, 2), (2, 0), (0, -2), (-2, 0)]));
    assert_eq!(
        centre("A", true),
        off(&[(2, 2), (2, -2), (-2, -2), (-2, 2)])
    );
    assert_eq!(centre("N", true), off(&N8));
    assert_eq!(centre("H", true), off(&[(0, 3), (3, 0), (0, -3), (-3, 0)]));
    assert_eq!(
        centre("G", true),
        off(&[(3, 3), (3, -3), (-3, -3), (-3, 3)])
    );
    assert_eq!(
        centre("C", true),
        off(&[
            (1, 3),
            (3, 1),
            (3, -1),
            (1, -3),
            (-1, -3),
            (-3, -1),
            (-3, 1),
            (-1, 3)
        ])
    );
    assert_eq!(
        centre("Z", true),
        off(&[
            (2, 3),
            (3, 2),
            (3, -2),
            (2, -3),
            (-2, -3),
            (-3, -2),
            (-3, 2),
            (-2, 3)
        ])
    );
    assert_eq!(
        centre("(4,1)", true),
        off(&[
            (1, 4),
            (4, 1),
            (4, -1),
            (1, -4),
            (-1, -4),
            (-4, -1),
            (-4, 1),
            (-1, 4)
        ])
    );
    // (x,y) is the same as its letter, in either order.
    assert_eq!(centre("(1,2)", true), centre("N", true));
    assert_eq!(centre("(0,3)", true), centre("H", true));
}

#[test]
fn shorthands_and_riders() {
    assert_eq!(centre("K", true), centre("WF", true));
    let mut rook = Vec::new();
    for k in 1..=4 {
        rook.extend([(0, k), (k, 0), (0, -k), (-k, 0)]);
    }
    assert_eq!(centre("R", true), off(&rook));
    assert_eq!(centre("WW", true), off(&rook));
    assert_eq!(centre("W0", true), off(&rook));
    assert_eq!(
        centre("W2", true),
        off(&[
            (0, 1),
            (0, 2),
            (1, 0),
            (2, 0),
            (0, -1),
            (0, -2),
            (-1, 0),
            (-2, 0)
        ])
    );
    assert_eq!(centre("B", true), centre("FF", true));
    assert_eq!(centre("Q", true), centre("RB", true));
    // Nightrider: one or two knight leaps in one direction on 9x9 from e5.
    let mut nn: Vec<(i32, i32)> = N8.to_vec();
    nn.extend(N8.iter().map(|&(x, y)| (2 * x, 2 * y)));
    assert_eq!(centre("NN", true), off(&nn));
    assert_eq!(centre("N0", true), off(&nn));
    assert_eq!(centre("N1", true), centre("N", true));
}

#[test]
fn directions_on_each_kind_of_atom() {
    assert_eq!(centre("fW", true), off(&[(0, 1)]));
    assert_eq!(centre("fsW", true), off(&[(0, 1), (1, 0), (-1, 0)]));
    assert_eq!(centre("vW", true), off(&[(0, 1), (0, -1)]));
    assert_eq!(centre("sW", true), off(&[(1, 0), (-1, 0)]));
    assert_eq!(centre("fF", true), off(&[(1, 1), (-1, 1)]));
    assert_eq!(centre("flF", true), off(&[(-1, 1)]));
    assert_eq!(centre("brF", true), off(&[(1, -1)]));
    assert_eq!(centre("lF", true), off(&[(-1, 1), (-1, -1)]));
    assert_eq!(centre("fN", true), off(&[(-1, 2), (1, 2)]));
    assert_eq!(centre("fsN", true), off(&[(-2, 1), (2, 1)]));
    assert_eq!(centre("bsN", true), off(&[(-2, -1), (2, -1)]));
    assert_eq!(
        centre("sN", true),
        off(&[(-2, 1), (2, 1), (-2, -1), (2, -1)])
    );
    assert_eq!(
        centre("vN", true),
        off(&[(-1, 2), (1, 2), (-1, -2), (1, -2)])
    );
    // Two letters name one move, the second giving the long side (XBoard).
    assert_eq!(centre("lfN", true), off(&[(-1, 2)]));
    assert_eq!(centre("flN", true), off(&[(-2, 1)]));
    assert_eq!(centre("brN", true), off(&[(2, -1)]));
    assert_eq!(centre("rbN", true), off(&[(1, -2)]));
    // Black's directions are White's rotated 180 degrees.
    assert_eq!(centre("fW", false), off(&[(0, -1)]));
    assert_eq!(centre("lfN", false), off(&[(1, -2)]));
}

#[test]
fn modes_lame_and_blocking() {
    // Move-only W, capture-only F: enemies on e6 (a W target) and f6 (an F
    // target), an own piece on d4.
    let v = lab("mWcF").expect("valid");
    let t = targets_in(&v, "7k1/9/9/4xx3/4X4/3X5/9/9/1K7 w - - 0 1", "e5");
    assert_eq!(t, set(&["d5", "f5", "e4", "f6"]));
    // Lame D: blocked by a piece on the square between (own piece on e4).
    let v = lab("nD").expect("valid");
    let t = targets_in(&v, "7k1/9/9/9/4X4/4X4/9/9/1K7 w - - 0 1", "e5");
    assert_eq!(t, set(&["e7", "c5", "g5"]));
    // Lame N goes orthogonally first (the xiangqi horse): e4 blocks d3, f3.
    let v = lab("nN").expect("valid");
    let t = targets_in(&v, "7k1/9/9/9/4X4/4X4/9/9/1K7 w - - 0 1", "e5");
    assert_eq!(
        t,
        off(&[(1, 2), (2, 1), (2, -1), (-2, -1), (-2, 1), (-1, 2)])
    );
    // A rider stops at the first piece, capturing an enemy one.
    let v = lab("fR").expect("valid");
    let t = targets_in(&v, "7k1/9/4x4/9/4X4/9/9/9/1K7 w - - 0 1", "e5");
    assert_eq!(t, set(&["e6", "e7"]));
}

#[test]
fn multi_leg_moves() {
    // Gryphon: a Ferz step, then outward slides along the file and the rank.
    let mut g = vec![(1, 1), (1, -1), (-1, -1), (-1, 1)];
    for (sx, sy) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
        for k in 2..=4 {
            g.push((sx, sy * k));
            g.push((sx * k, sy));
        }
    }
    assert_eq!(centre("FyafsF", true), off(&g));
    // Two-step zig-zag: a W step then a 45-degree turn each way.
    assert_eq!(centre("afsW", true), off(&N8));
    // Three legs, spelled hand by hand: on, right 45, left 45 back.
    assert_eq!(
        centre("afraflW", true),
        off(&[(1, 3), (3, -1), (-1, -3), (-3, 1)])
    );
    assert_eq!(
        centre("aflafrW", true),
        off(&[(-1, 3), (3, 1), (1, -3), (-3, -1)])
    );
    // A blocked first leg blocks the whole move: own piece on e6.
    let v = lab("afraflW").expect("valid");
    let t = targets_in(&v, "7k1/9/9/4X4/4X4/9/9/9/1K7 w - - 0 1", "e5");
    assert_eq!(t, off(&[(3, -1), (-1, -3), (-3, 1)]));
}

#[test]
fn castling_and_initial_terms_parse() {
    let p = parse("KisO3").expect("valid");
    assert_eq!(p.terms.len(), 3);
    assert_eq!(p.terms[2], Term::Castle { distance: 3 });
    let p = parse("fmWfceFifmnD").expect("valid");
    assert_eq!(p.terms.len(), 3);
    match &p.terms[2] {
        Term::Move(m) => assert!(m.initial && m.lame && m.modes.quiet && !m.modes.capture),
        t => panic!("{t:?}"),
    }
}

#[test]
fn errors_name_the_position() {
    let cases: &[(&str, usize)] = &[
        ("", 0),
        ("WjR", 1),
        ("WgK", 1),
        ("pW", 0),
        ("WpaR", 1),
        ("WepR", 2),
        ("pO2", 0),
        ("fX", 1),
        ("W?", 1),
        ("fm", 2),
        ("N(3", 3),
        ("(3,1", 4),
        ("(0,0)", 1),
        ("3W", 0),
        ("O", 1),
        ("KfO2", 1),
        ("nR", 0),
        ("WW3", 2),
        ("afrN", 1),
        ("W26", 1),
        ("eaW", 0),
        ("cacaW", 2),
        ("yW", 0),
        ("fzK", 1),
        ("Wé", 1),
        ("aaaaaaaaaaaW", 8),
    ];
    for &(text, pos) in cases {
        let err = parse(text).expect_err(text);
        assert_eq!(err.position, pos, "{text:?}: {err}");
        assert!(err.to_string().contains("position"), "{err}");
    }
}

#[test]
fn parsing_never_panics() {
    let alphabet = b"WFDNAHCZGKRBQfblrvsmcenyaiO0123(,)pj+ ";
    let mut state = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        let len = (state % 12) as usize;
        let mut s = String::new();
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            s.push(alphabet[(state % alphabet.len() as u64) as usize] as char);
        }
        let _ = parse(&s);
        if let Ok(v) = lab(&s) {
            let _ = Position::start(&v).perft(2);
        }
    }
}

#[test]
fn custom_variant_built_in_code() {
    // A 6x6 game: King, Rook, and a Camel-riding "Kirin" (F and D leaps),
    // promoting on the last rank from a Pawn that has no double step.
    let zone = |s| Region::ranks(betza::BoardSize::new(6, 6).expect("size"), s, s);
    let def = VariantDef {
        name: "mini".into(),
        files: 6,
        ranks: 6,
        pieces: vec![
            PieceDef::new("King", "K", "K").royal(),
            PieceDef::new("Rook", "R", "R"),
            PieceDef::new("Kirin", "I", "FD"),
            PieceDef::new("Pawn", "P", "fmWfcF")
                .promotes_to(&["R", "I"])
                .pawn(),
        ],
        start_fen: "ri2kr/pppppp/6/6/PPPPPP/RI2KR w - - 0 1".into(),
        promotion: PromotionDef::Zone {
            zone: zone(6),
            forced: zone(6),
            limits: Default::default(),
            from_zone: false,
            from_zone_captures: false,
            captures_only: false,
        },
        en_passant: false,
        castling: None,
        facing_kings: false,
        stalemate: StalemateRule::Draw,
        ..VariantDef::default()
    };
    let v = Variant::new(def.clone()).expect("valid");
    let pos = Position::start(&v);
    // Six Pawn steps; the Kirin on b1 leaps D to b3 and d1 (its F squares
    // hold own Pawns); the King steps to d1; the Rooks are boxed in.
    assert_eq!(pos.legal_moves().len(), 6 + 2 + 1);
    // Promotion to both listed types, forced.
    let pos = Position::from_fen(&v, "4k1/P5/6/6/6/4K1 w - - 0 1").expect("valid");
    let texts: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_text(m))
        .filter(|t| t.starts_with("a5"))
        .collect();
    assert_eq!(texts, set(&["a5a6r", "a5a6i"]));

    // Errors of definitions.
    let bad = |f: &dyn Fn(&mut VariantDef)| {
        let mut d = def.clone();
        f(&mut d);
        Variant::new(d).expect_err("refused")
    };
    assert!(matches!(
        bad(&|d| d.files = 17),
        VariantError::BoardSize { .. }
    ));
    assert!(matches!(
        bad(&|d| d.files = 12),
        VariantError::BoardSize { .. } | VariantError::StartFen(_)
    ));
    assert!(matches!(
        bad(&|d| d.pieces[1].token = "r".into()),
        VariantError::BadToken { .. }
    ));
    assert!(matches!(
        bad(&|d| d.pieces[2].token = "R".into()),
        VariantError::DuplicateToken(_)
    ));
    assert!(matches!(
        bad(&|d| d.pieces[3].promotions = vec!["Q".into()]),
        VariantError::UnknownToken { .. }
    ));
    assert!(matches!(
        bad(&|d| d.pieces[2].betza = "FpD".into()),
        VariantError::Betza { .. }
    ));
    assert!(matches!(
        bad(&|d| d.pieces[1].royal = true),
        VariantError::RoyalCount(2)
    ));
    assert!(matches!(
        bad(&|d| d.castling = Some(CastlingDef {
            rook: "R".into(),
            kingside: None,
            queenside: None,
            any_start: false,
            king: None,
            partner_files: [None; 2],
            other_rooks: Vec::new(),
        })),
        VariantError::CastlingIncomplete
    ));
    assert!(matches!(
        bad(&|d| d.start_fen = "6/6/6/6/6/6 w - - 0 1".into()),
        VariantError::StartFen(_)
    ));
    assert!(matches!(
        bad(&|d| d.pieces[3].betza = "ifmnD".into()),
        VariantError::InitialRegionMissing(_)
    ));
}

#[test]
fn rhino_string_is_generated_and_rendered_back() {
    let v = Variant::by_name("meiriqi").expect("built in");
    let rhino = v.piece(v.role_by_token("H").expect("Rhino"));
    assert!(
        rhino
            .betza
            .starts_with("WafsWafraflWaflafrWafraflafrWaflafraflWafraflafraflWaflafraflafrW")
    );
    // Nine steps is the longest zig-zag: the last two terms have 8 'a's.
    let last = rhino.betza.rsplit('W').nth(1).expect("terms");
    assert_eq!(last.matches('a').count(), 8, "{last}");
    assert!(parse(&rhino.betza).is_ok());
}

#[test]
fn definitions_that_would_make_indistinguishable_moves_are_refused() {
    let chess = betza::builtin::definition("chess").expect("built in");
    let refused = |f: &dyn Fn(&mut VariantDef)| {
        let mut d = chess.clone();
        f(&mut d);
        Variant::new(d).expect_err("refused")
    };
    // Castling onto a square the King reaches anyway (found by fuzzing)
    // is a move of its own, its text naming the partner's square, as
    // Fairy-Stockfish writes it (UCI_Chess960's King takes Rook): every
    // move's text names that move alone.
    for betza in ["KO1", "KDO2"] {
        let mut d = chess.clone();
        d.pieces[0].betza = betza.into();
        let v = Variant::new(d).unwrap_or_else(|e| panic!("{betza}: {e}"));
        let pos = betza::Position::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castles: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.is_castle())
            .map(|m| pos.move_text(m))
            .collect();
        assert_eq!(castles.len(), 2, "{betza}");
        for m in pos.legal_moves() {
            let text = pos.move_text(&m);
            assert_eq!(pos.parse_move(&text).unwrap(), m, "{betza}: {text}");
        }
        assert!(
            castles.contains(&"e1h1".to_string()),
            "{betza}: {castles:?}"
        );
    }
    // Promoting to the royal piece or to itself.
    assert!(matches!(
        refused(&|d| d.pieces[5].promotions = vec!["K".into()]),
        VariantError::PromotesToRoyalOrSelf(_)
    ));
    assert!(matches!(
        refused(&|d| d.pieces[5].promotions = vec!["P".into()]),
        VariantError::PromotesToRoyalOrSelf(_)
    ));
    // Two promotion choices with one letter (found by fuzzing).
    let mut d = chess.clone();
    d.pieces.push(PieceDef::new("Amazon", "+Q", "QN"));
    d.pieces[5].promotions = vec!["Q".into(), "+Q".into()];
    assert!(matches!(
        Variant::new(d),
        Err(VariantError::PromotionLetterClash(_))
    ));
    // A promotion to a '+' type is written with its letter.
    let mut d = chess.clone();
    d.pieces.push(PieceDef::new("Amazon", "+A", "QN"));
    d.pieces[5].promotions = vec!["Q".into(), "+A".into()];
    let v = Variant::new(d).expect("valid");
    let pos = Position::from_fen(&v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let m = pos.parse_move("a7a8a").expect("the Amazon promotion");
    assert_eq!(v.piece(m.promotion().expect("promotes")).name, "Amazon");
    assert_eq!(pos.move_text(&m), "a7a8a");
    // Promotion to a confined type (found by fuzzing).
    let mut mq = betza::builtin::definition("meiriqi").expect("built in");
    mq.pieces[11].promotions = vec!["M".into()];
    assert!(matches!(
        Variant::new(mq),
        Err(VariantError::PromotesToConfined { .. })
    ));
    // The royal piece as the pawn type (found by fuzzing).
    assert!(matches!(
        refused(&|d| {
            d.pieces[5].pawn = false;
            d.pieces[0].pawn = true;
        }),
        VariantError::RoyalPawn(_)
    ));
    // The castling partner must not be the King or the Pawn.
    assert!(matches!(
        refused(&|d| d.castling.as_mut().unwrap().rook = "K".into()),
        VariantError::CastlingPartner(_)
    ));
}
