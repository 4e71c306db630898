//! Foreign values: every function taking a `Move`, `Square` or `Role` from
//! the caller either works or returns an error, never panics, for moves of
//! other variants and positions and for hand-made values of any field.

use betza::{Game, Move, MoveFlags, Piece, Position, Role, San, Square, UciMove, Variant};

/// Moves of every built-in variant's start position and after a few plies.
fn moves_of_everyone() -> Vec<Move> {
    let mut all = Vec::new();
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        let mut pos = Position::start(v);
        for i in 0..6 {
            let moves = pos.legal_moves();
            all.extend(moves.iter().copied());
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[i % moves.len()]);
        }
    }
    all
}

/// Hand-made moves with out-of-range fields.
fn hand_made() -> Vec<Move> {
    let squares = [Square(0), Square(99), Square(127), Square(200), Square(255)];
    let roles = [Role(0), Role(5), Role(31), Role(200), Role(255)];
    let flag_sets = [
        MoveFlags::empty(),
        MoveFlags::CASTLE,
        MoveFlags::EN_PASSANT,
        MoveFlags::DOUBLE_STEP,
        MoveFlags::all(),
    ];
    let mut out = Vec::new();
    for &from in &squares {
        for &to in &squares {
            for &role in &roles {
                for &flags in &flag_sets {
                    out.push(Move::new(from, to, role, Some(role), Some(role), flags));
                    out.push(Move::new(from, to, role, None, None, flags));
                }
            }
        }
    }
    out
}

#[test]
fn foreign_moves_are_refused_or_written_without_a_panic() {
    let foreign: Vec<Move> = moves_of_everyone().into_iter().chain(hand_made()).collect();
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        let pos = Position::start(v);
        let legal = pos.legal_moves();
        for m in &foreign {
            let is_legal = legal.contains(m);
            assert_eq!(pos.is_legal(m), is_legal, "{name} {m:?}");
            assert_eq!(pos.try_san(m).is_ok(), is_legal, "{name} {m:?}");
            // The structured `San` holds no wall: a walled turn is refused.
            assert_eq!(
                San::try_from_move(&pos, m).is_ok(),
                is_legal && m.wall().is_none()
            );
            let _ = (pos.san(m), San::from_move(&pos, m).to_string());
            let _ = (pos.move_text(m), format!("{:?}", pos.debug_move(m)));
            let _ = UciMove::from_move(&pos, m).to_string();
            assert_eq!(pos.play(m).is_ok(), is_legal);
            assert_eq!(
                pos.gives_check(m),
                is_legal && pos.play_unchecked(m).is_check()
            );
            assert_eq!(pos.is_capture(m), is_legal && m.is_capture());
            let _ = pos.castling_rook(m);
            let mut p = pos;
            assert_eq!(p.play_in_place(m).is_ok(), is_legal);
            let _ = pos.hash_after(m, pos.hash());
            let _ = pos.play_unchecked(m).to_fen();
            let mut game = Game::new(v);
            assert_eq!(game.play(m).is_ok(), is_legal);
        }
    }
}

#[test]
fn foreign_squares_and_roles_are_answered_without_a_panic() {
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        let pos = Position::start(v);
        for i in 0..=255u8 {
            let (sq, role) = (Square(i.into()), Role(i));
            let on_board = (i as usize) < pos.size().squares();
            assert!(pos.piece_at(sq).is_none() || on_board);
            let _ = pos.name(sq).to_string();
            let _ = pos.size().square_name(sq);
            assert!(pos.legal_targets(sq).is_empty() || on_board);
            assert!(pos.legal_moves_from(sq).is_empty() || on_board);
            // Only a pass (Janggi) or a promotion in place (Sittuyin)
            // stays on its square.
            assert!(
                pos.moves_between(sq, sq)
                    .iter()
                    .all(|m| m.is_pass() || m.promotion().is_some())
            );
            assert!(pos.pieces_of(role).is_empty() || pos.has_role(role));
            assert_eq!(pos.piece_type(role).is_some(), pos.has_role(role));
            let _ = v.promotion_limit(role);
            let _ = v.describe_piece(role);
            let piece = Piece {
                role,
                color: betza::Color::White,
            };
            let _ = (piece.token(v), piece.piece_type(v));
            let mut setup = pos.setup();
            setup.set(sq, Some(piece));
            let _ = setup.piece_at(sq);
            let _ = setup.position(v);
        }
    }
}

#[test]
fn positions_of_equal_definitions_compare_equal() {
    let chess = Variant::by_name("chess").unwrap();
    let again = Variant::from_definition(&chess.definition().to_string()).unwrap();
    let (a, b) = (Position::start(chess), Position::start(&again));
    assert_eq!(a, b);
    let hash = |p: &Position<'_>| {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(p)
    };
    let _ = hash(&a);
    let mut set = std::collections::HashSet::new();
    set.insert(a);
    assert!(set.contains(&b));
    // One's moves are the other's.
    let m = a.parse_move("e2e4").unwrap();
    assert!(b.is_legal(&m));
    assert_eq!(b.san(&m), "e4");
    assert!(a.rebind(&again).is_some());
    // Another definition is another variant.
    let text = chess
        .definition()
        .to_string()
        .replace("\"chess\"", "\"copy\"");
    let copy = Variant::from_definition(&text).unwrap();
    assert_ne!(Position::start(&copy), a);
}

#[test]
fn typed_values() {
    use betza::{CastlingRights, Color, FenError, MoveError, SquareName, VariantError};
    assert_eq!(!Color::White, Color::Black);
    assert_eq!(!!Color::Black, Color::Black);
    assert!(matches!(
        Variant::by_name("no-such-chess"),
        Err(VariantError::Unknown(ref n)) if n == "no-such-chess"
    ));
    let v = Variant::by_name("chess").unwrap();
    let pos = Position::start(v);
    assert_eq!(pos.castling_rights(), CastlingRights::all());
    let e2: SquareName = "e2".parse().unwrap();
    match pos.parse_move("e3e4") {
        Err(MoveError::EmptySquare { square, .. }) => assert_eq!(square.to_string(), "e3"),
        other => panic!("{other:?}"),
    }
    match pos.parse_move("e2e5") {
        Err(MoveError::NoSuchMove { from, to, .. }) => {
            assert_eq!((from, to.to_string()), (e2, "e5".to_string()))
        }
        other => panic!("{other:?}"),
    }
    match Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w K - 0 1") {
        Err(FenError::CastlingPieces { king, rook, .. }) => {
            assert_eq!(
                (king.to_string(), rook.to_string()),
                ("e1".into(), "h1".into())
            )
        }
        other => panic!("{other:?}"),
    }
    // The Illegal error quotes its text as the other move errors do.
    let foreign = Position::start(Variant::by_name("meiriqi").unwrap())
        .parse_move("a3a5")
        .unwrap();
    let err = pos.play(&foreign).unwrap_err().to_string();
    assert!(err.starts_with("move \""), "{err}");
    // Tokens are Copy values.
    let knight = v.piece(v.role_by_token("N").unwrap()).token;
    let copy = knight;
    assert_eq!(
        (knight.to_string(), copy.fen(Color::Black)),
        ("N".into(), "n".to_string())
    );
}

#[test]
fn surrounding_white_space_is_accepted() {
    let v = Variant::by_name("chess").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = Position::from_fen(v, &format!("  {fen}\n")).unwrap();
    assert_eq!(pos, Position::start(v));
    assert!(betza::Setup::from_fen(v, &format!("\t{fen} ")).is_ok());
    assert_eq!(
        pos.parse_move(" e2e4\n").unwrap(),
        pos.parse_move("e2e4").unwrap()
    );
    assert_eq!(
        pos.parse_san("\tNf3 ").unwrap(),
        pos.parse_move("g1f3").unwrap()
    );
    // Inside, white space is still refused.
    assert!(pos.parse_move("e2 e4").is_err());
    assert!(Position::from_fen(v, &fen.replace(" w ", "  w ")).is_err());
}
