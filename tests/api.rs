//! The Rust API's conveniences: squares and moves that print and parse,
//! unbound move text and SAN, roles with names, `Setup`.

use betza::{
    Bitboard, BoardSize, Color, Piece, PieceToken, Position, PromotionSuffix, San, Square,
    SquareName, UciMove, Variant,
};

fn variant(name: &str) -> &'static Variant {
    Variant::by_name(name).expect("built in")
}

#[test]
fn square_names_parse_and_print_without_a_board() {
    // Names reach z26 (docs/notation.md), beyond the boards of today.
    for text in [
        "a1", "e5", "j10", "p16", "a16", "h9", "q1", "a17", "z26", "l12",
    ] {
        let n: SquareName = text.parse().unwrap();
        assert_eq!(n.to_string(), text);
        assert_eq!(format!("{n:?}"), text);
    }
    for bad in [
        "", "a", "a0", "a01", "a27", "z27", "{1", "A1", "e5 ", "1a", "é1",
    ] {
        assert!(bad.parse::<SquareName>().is_err(), "{bad:?}");
    }
    let n: SquareName = "j10".parse().unwrap();
    assert_eq!((n.file(), n.rank()), (9, 9));
    assert_eq!(SquareName::new(9, 9), Some(n));
    assert_eq!(
        SquareName::new(25, 25).map(|n| n.to_string()).as_deref(),
        Some("z26")
    );
    assert_eq!(SquareName::new(26, 0), None);
    assert_eq!(SquareName::new(0, 26), None);
}

#[test]
fn squares_bind_to_a_board() {
    let ten = BoardSize::new(10, 10).unwrap();
    let eight = BoardSize::new(8, 8).unwrap();
    let e5: SquareName = "e5".parse().unwrap();
    assert_eq!(e5.to_square(ten), Some(Square(44)));
    assert_eq!(e5.to_square(eight), Some(Square(36)));
    assert_eq!("j10".parse::<SquareName>().unwrap().to_square(eight), None);
    assert_eq!(Square::parse("j10", ten), Some(Square(99)));
    assert_eq!(Square::parse("j10", eight), None);
    // The same index names different squares on boards of different widths.
    assert_eq!(ten.name(Square(10)).to_string(), "a2");
    assert_eq!(eight.name(Square(10)).to_string(), "c2");
    let pos = Position::start(variant("meiriqi"));
    for sq in pos.size().all().squares() {
        assert_eq!(pos.square(&pos.name(sq).to_string()), Some(sq));
    }
}

#[test]
fn bitboards_list_their_squares() {
    let ten = BoardSize::new(10, 10).unwrap();
    let set: Bitboard = [Square(0), Square(5), Square(12)].into_iter().collect();
    assert_eq!(format!("{set:?}"), "Bitboard[0, 5, 12]");
    assert_eq!(format!("{:?}", Bitboard::EMPTY), "Bitboard[]");
    assert_eq!(ten.names(set).to_string(), "{a1, f1, c2}");
    assert_eq!(format!("{:?}", ten.names(set)), "{a1, f1, c2}");
    let squares: Vec<Square> = set.squares().collect();
    assert_eq!(squares, [Square(0), Square(5), Square(12)]);
    assert_eq!(set.squares().len(), 3);
    assert_eq!(set.count(), 3);
}

#[test]
fn moves_debug_with_names_and_tokens() {
    let v = variant("decimaka");
    let pos = Position::from_fen(v, "4k5/10/10/10/10/4+p5/10/3N1L4/10/5K4 w - - 0 1").unwrap();
    let m = pos.parse_san("Nxe5=+N").unwrap();
    assert_eq!(
        format!("{:?}", pos.debug_move(&m)),
        "Move { piece: N, from: d3, to: e5, captured: +P, promotion: +N, flags: MoveFlags(FORCED_PROMOTION) }"
    );
    assert_eq!(pos.debug_move(&m).to_string(), pos.move_text(&m));
    let chess = Position::start(variant("chess"));
    let m = chess.parse_move("e2e4").unwrap();
    assert_eq!(
        format!("{:?}", chess.debug_move(&m)),
        "Move { piece: P, from: e2, to: e4, flags: MoveFlags(DOUBLE_STEP) }"
    );
}

#[test]
fn uci_moves_parse_print_and_resolve() {
    for text in ["e3e5", "c9c10+", "e7e8q", "a10j1", "p16a1"] {
        let m: UciMove = text.parse().unwrap();
        assert_eq!(m.to_string(), text);
    }
    let m: UciMove = "c9c10+".parse().unwrap();
    assert_eq!(m.promotion, Some(PromotionSuffix::Plus));
    assert_eq!(m.to.to_string(), "c10");
    // Move text names squares up to z26 (docs/notation.md), without a board.
    let m: UciMove = "y25z26+".parse().unwrap();
    assert_eq!(
        (m.from.to_string(), m.to.to_string()),
        ("y25".into(), "z26".into())
    );
    assert_eq!(m.to_string(), "y25z26+");
    let m: UciMove = "l12k11l10".parse().unwrap();
    assert_eq!(m.via.map(|v| v.to_string()).as_deref(), Some("k11"));
    assert!("a27a26".parse::<UciMove>().is_err());
    let m: UciMove = "e7e8q".parse().unwrap();
    assert_eq!(m.promotion, Some(PromotionSuffix::Letter('q')));
    for bad in [
        "", "e3", "e3e", "E3E5", "e3-e5", "e0e1", "e3e5x+", "e3e5Q", "e3e5 ",
    ] {
        assert!(
            matches!(bad.parse::<UciMove>(), Err(betza::MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
    let pos = Position::start(variant("decimaka"));
    for m in pos.legal_moves() {
        let text = UciMove::from_move(&pos, &m);
        assert_eq!(text.to_string(), pos.move_text(&m));
        assert_eq!(text.resolve(&pos).unwrap(), m);
    }
    // Resolving gives the errors parse_move gives.
    let far: UciMove = "e3e6".parse().unwrap();
    assert_eq!(far.resolve(&pos), pos.parse_move("e3e6"));
    assert!(far.resolve(&pos).is_err());
    let chess = Position::start(variant("chess"));
    let off: UciMove = "i2i4".parse().unwrap();
    assert!(matches!(
        off.resolve(&chess),
        Err(betza::MoveError::Syntax { .. })
    ));
}

#[test]
fn san_parses_prints_and_resolves() {
    for text in [
        "Nf3", "exd5", "e8=Q", "Lxe5=+P", "+Fxe5", "Rad1", "R1a3", "Qh4e1#", "O-O", "O-O-O+",
        "Gd8=R", "Nz26", "R26xa26", "Rzxl12",
    ] {
        let san: San = text.parse().unwrap();
        assert_eq!(san.to_string(), text);
    }
    assert_eq!("0-0-0".parse::<San>().unwrap().to_string(), "O-O-O");
    for bad in [
        "", "N", "Nf", "Nz27", "N{3", "R27a1", "e8=", "e8=q", "N0f3", "xx", "Nf3++",
    ] {
        assert!(
            matches!(bad.parse::<San>(), Err(betza::SanError::Syntax { .. })),
            "{bad:?}"
        );
    }
    for name in ["decimaka", "meiriqi", "chess", "capablanca"] {
        let mut pos = Position::start(variant(name));
        for _ in 0..6 {
            let moves = pos.legal_moves();
            for m in &moves {
                let san = San::from_move(&pos, m);
                assert_eq!(san.to_string(), pos.san(m));
                assert_eq!(san.resolve(&pos).unwrap(), *m);
            }
            pos = pos.play(&moves[moves.len() / 2]).unwrap();
        }
    }
    let pos = Position::start(variant("chess"));
    let bad: San = "Nf4".parse().unwrap();
    assert_eq!(bad.resolve(&pos), pos.parse_san("Nf4"));
    assert!(bad.resolve(&pos).is_err());
}

#[test]
fn roles_have_names_and_tokens() {
    let v = variant("decimaka");
    assert_eq!(v.role_by_token("+f"), v.role_by_token("+F"));
    assert_eq!(v.role_by_token("n"), v.role_by_token("N"));
    assert!(v.role_by_token("N").is_some());
    assert_eq!(v.role_by_token("+"), None);
    let pos = Position::start(v);
    let m = pos.parse_move("d3d5").unwrap();
    assert_eq!(
        pos.piece_type(m.role()).unwrap().token,
        v.piece(m.role()).token
    );
    assert_eq!(v.piece_type_of(&m).unwrap().name, v.piece(m.role()).name);
    assert!(v.piece_type(betza::Role(200)).is_none());
    let queen: PieceToken = "+F".parse().unwrap();
    let role = v.role_of_token(queen).unwrap();
    assert_eq!(v.piece(role).name, "Queen");
    let black_queen = Piece {
        role,
        color: Color::Black,
    };
    assert_eq!(black_queen.fen_token(v).unwrap(), "+f");
    assert_eq!(black_queen.piece_type(v).unwrap().name, "Queen");
    assert_eq!(PieceToken::new('f', true), Some(queen));
    assert_eq!(PieceToken::new('1', false), None);
    for bad in ["", "+", "++F", "F+", "1", "NN"] {
        assert!(bad.parse::<PieceToken>().is_err(), "{bad:?}");
    }
}

#[test]
fn setup_round_trips_and_lists_every_problem() {
    use betza::{CastlingRights, Setup, SetupProblem};
    for name in ["decimaka", "meiriqi", "chess", "capablanca"] {
        let v = variant(name);
        let mut pos = Position::start(v);
        for _ in 0..8 {
            let setup = pos.setup();
            assert_eq!(Position::from_setup(v, &setup).unwrap(), pos);
            // FEN writes the e.p. square only when a capture is possible.
            let fen = pos.to_fen();
            let read = Setup::from_fen(v, &fen).unwrap().position(v).unwrap();
            assert_eq!(read.to_fen(), fen);
            assert_eq!(read, Position::from_fen(v, &fen).unwrap());
            let moves = pos.legal_moves();
            pos = pos.play(&moves[moves.len() / 3]).unwrap();
        }
    }
    let v = variant("chess");
    let sq = |s| v.size().parse_square(s).unwrap();
    let king = v.role_by_token("K").unwrap();
    let rook = v.role_by_token("R").unwrap();
    let mut setup = Setup::empty();
    setup.set(
        sq("e1"),
        Some(Piece {
            role: king,
            color: Color::White,
        }),
    );
    setup.set(
        sq("d1"),
        Some(Piece {
            role: king,
            color: Color::White,
        }),
    );
    setup.set(
        sq("h1"),
        Some(Piece {
            role: rook,
            color: Color::Black,
        }),
    );
    setup.castling = CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE;
    setup.ep_square = Some(sq("e4"));
    setup.fullmove_number = 0;
    setup.board[100] = Some(Piece {
        role: rook,
        color: Color::White,
    });
    let err = Position::from_setup(v, &setup).unwrap_err();
    assert_eq!(
        err.problems(),
        [
            SetupProblem::OffBoard {
                square: Square(100)
            },
            SetupProblem::RoyalCount {
                color: Color::White,
                count: 2
            },
            SetupProblem::RoyalCount {
                color: Color::Black,
                count: 0
            },
            SetupProblem::CastlingPieces {
                color: Color::White,
                king_side: true,
                king: sq("e1"),
                rook: sq("h1")
            },
            SetupProblem::CastlingPieces {
                color: Color::Black,
                king_side: false,
                king: sq("e8"),
                rook: sq("a8")
            },
            SetupProblem::EnPassantSquare {
                square: sq("e4"),
                color: Color::Black
            },
            SetupProblem::FullmoveZero,
        ]
    );
    assert_eq!(err.messages().len(), 7);
    assert!(
        err.to_string()
            .contains("castling right 'K' needs the white King on e1 and a Rook on h1"),
        "{err}"
    );
    // Typed data where a program branches: facing Kings are their own problem.
    let m = variant("meiriqi");
    let facing = Setup::from_fen(m, "8k1/10/10/10/10/10/10/10/10/8K1 w - - 0 1");
    let facing = facing.unwrap();
    let err = Position::from_setup(m, &facing).unwrap_err();
    assert_eq!(err.problems(), [SetupProblem::KingsFacing]);
    let check = Setup::from_fen(v, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    assert_eq!(
        Position::from_setup(v, &check).unwrap_err().problems(),
        [SetupProblem::OpponentInCheck]
    );
    // Variants without castling or en passant refuse them.
    let mut no = Position::start(m).setup();
    no.castling = CastlingRights::WHITE_KING_SIDE;
    no.ep_square = Some(sq("e3"));
    let err = Position::from_setup(m, &no).unwrap_err();
    assert!(err.contains(&SetupProblem::NoCastling));
    assert!(err.problems().len() >= 2, "{err}");
    // Confinement: every piece outside, each reported.
    let out = Setup::from_fen(m, "7k2/10/10/10/10/10/10/10/10/K1K7 w - - 0 1").unwrap();
    let err = Position::from_setup(m, &out).unwrap_err();
    assert!(
        err.problems()
            .iter()
            .filter(|p| matches!(p, SetupProblem::Confinement { .. }))
            .count()
            == 2,
        "{err}"
    );
}

#[test]
fn variant_definitions_build_step_by_step() {
    let chess = variant("chess").definition().clone();
    let mut def = betza::VariantDef::new(&chess.name, chess.files, chess.ranks)
        .start(&chess.start_fen)
        .stalemate(chess.stalemate)
        .promotion(chess.promotion.clone());
    for p in &chess.pieces {
        def = def.piece(p.clone());
    }
    if chess.en_passant {
        def = def.en_passant();
    }
    if chess.facing_kings {
        def = def.facing_kings();
    }
    if let Some(c) = &chess.castling {
        def = def.castling(c.clone());
    }
    def = def.game_end(chess.game_end.clone());
    assert_eq!(def, chess);
    let v = def.build().unwrap();
    assert_eq!(v.start_position().perft(2), 400);
    assert!(betza::VariantDef::new("empty", 8, 8).build().is_err());
}

#[test]
fn breaking_forms_work_as_documented() {
    use std::collections::HashSet;
    // by_name: any case, an error naming the built-ins otherwise.
    assert!(std::ptr::eq(
        variant("chess"),
        Variant::by_name("CHESS").unwrap()
    ));
    let err = Variant::by_name("no-such-chess").unwrap_err();
    assert!(matches!(err, betza::VariantError::Unknown(ref n) if n == "no-such-chess"));
    assert!(err.to_string().contains("decimaka"), "{err}");
    // Position: Hash agrees with ==.
    let pos = Position::start(variant("chess"));
    let after = pos.play(&pos.parse_move("g1f3").unwrap()).unwrap();
    let back = after.play(&after.parse_move("g8f6").unwrap()).unwrap();
    let set: HashSet<Position<'_>> = [pos, after, pos, back].into_iter().collect();
    assert_eq!(set.len(), 3);
    // moves_between: a small list of the crate's own type.
    let promo = Position::from_fen(variant("chess"), "7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let choices: betza::MoveList<8> =
        promo.moves_between(promo.square("a7").unwrap(), promo.square("a8").unwrap());
    assert_eq!(choices.len(), 4);
    assert!(std::mem::size_of::<betza::MoveList<8>>() < 256);
    let all: betza::MoveList = promo.legal_moves();
    assert!(choices.iter().all(|m| all.contains(m)));
    // Bitboard: count() is the inherent u32, iteration through squares()/for.
    let white = pos.occupied_by(Color::White);
    let mut n = 0;
    for _ in white {
        n += 1;
    }
    assert_eq!((white.count(), n), (16, 16));
}
