//! Hostile piece definitions: compiling never hangs, overflows the stack or
//! takes unbounded time and memory; what passes a limit is refused with an
//! error naming it (issue 10). Each test is bounded by construction: it
//! asserts an error, or that the variant builds and generates moves.

use std::collections::BTreeSet;

use betza::{PieceDef, Position, PromotionDef, Variant, VariantDef, VariantError};

/// A `files` x `ranks` board with a King each (White a1, Black on the last
/// square) and `betza` as the one other piece type, token `X`.
fn board(files: u8, ranks: u8, betza: &str) -> Result<Variant, VariantError> {
    let mut d: VariantDef = betza::builtin::definition("chess").expect("built in");
    d.name = "hostile".into();
    d.files = files;
    d.ranks = ranks;
    d.pieces = vec![
        PieceDef::new("King", "K", "K").royal(),
        PieceDef::new("Test", "X", betza),
    ];
    let rows: Vec<String> = (0..ranks)
        .map(|r| match r {
            0 => format!("{}k", files - 1),
            _ if r == ranks - 1 => format!("K{}", files - 1),
            _ => files.to_string(),
        })
        .collect();
    d.start_fen = format!("{} w - - 0 1", rows.join("/"));
    d.promotion = PromotionDef::None;
    d.en_passant = false;
    d.castling = None;
    d.game_end = Default::default();
    Variant::new(d)
}

/// The legal targets of the White `X` on `square`, Kings as in [`board`].
fn targets(v: &Variant, square: &str) -> BTreeSet<String> {
    let size = v.size();
    let (files, ranks) = (size.files(), size.ranks());
    let sq = size.parse_square(square).expect("a square");
    let (f, r) = (size.file(sq), size.rank(sq));
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|rank| {
            let mut cells: Vec<char> = vec!['.'; files as usize];
            if rank == 0 {
                cells[0] = 'K';
            }
            if rank == ranks - 1 {
                cells[files as usize - 1] = 'k';
            }
            if rank == r {
                cells[f as usize] = 'X';
            }
            let mut row = String::new();
            let mut empty = 0;
            for c in cells {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let fen = format!("{} w - - 0 1", rows.join("/"));
    let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    pos.legal_targets(sq)
        .squares()
        .map(|s| size.square_name(s))
        .collect()
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

#[track_caller]
fn too_large(r: Result<Variant, VariantError>) -> String {
    match r {
        Err(e @ VariantError::TooManyMoves { .. }) => e.to_string(),
        Err(e) => panic!("expected a TooManyMoves error, got {e}"),
        Ok(_) => panic!("expected a TooManyMoves error, got a variant"),
    }
}

/// More than 65,535 trie nodes from one square used to wrap the 16-bit skip
/// index, and `legal_moves` looped forever.
#[test]
fn more_blockable_steps_on_a_square_than_the_skip_index_holds_is_refused() {
    let betza = "avavavavavavavavavavavavmWasasasasasasasasasasasasmW\
                 avavavavavavavavavavavavmFasasasasasasasasasasasasmF";
    let msg = too_large(board(8, 8, betza));
    assert!(msg.contains("\"Test\""), "{msg}");
    assert!(msg.contains("65535"), "{msg}");
}

/// 12,000 `ab` legs used to overflow the stack (one recursion per leg).
#[test]
fn a_move_of_thousands_of_legs_is_refused_at_the_first_leg_too_many() {
    let betza = format!("{}mW", "ab".repeat(12_000));
    match board(8, 8, &betza) {
        Err(VariantError::Betza { name, error }) => {
            assert_eq!(name, "Test");
            // The 32nd 'a' would start leg 33.
            assert_eq!(error.position, 2 * (betza::notation::MAX_LEGS - 1));
            assert!(
                error.message.contains("at most 32 legs"),
                "{}",
                error.message
            );
        }
        other => panic!("expected a Betza error, got {other:?}"),
    }
}

/// The longest move allowed compiles and moves. A step, a right turn, then
/// left turns only: after e4-e5 it circles e5 f5 f6 e6, and the 32nd step
/// ends on e6; the same turned for the other three first steps.
#[test]
fn a_move_of_the_most_legs_compiles_and_moves() {
    let legs = betza::notation::MAX_LEGS;
    let v = board(8, 8, &format!("ar{}mW", "al".repeat(legs - 2))).expect("within the limits");
    assert_eq!(targets(&v, "e4"), set("e6 g4 e2 c4"));
    // One leg more is refused.
    assert!(board(8, 8, &format!("ar{}mW", "al".repeat(legs - 1))).is_err());
}

/// 26 bytes that took a second to compile; now quick, and the moves are the
/// walks of 13 steps along one line that never pass the piece's own square.
#[test]
fn a_short_string_with_thousands_of_paths_compiles() {
    let v = board(8, 8, "avavavavavavavavavavavavmW").expect("within the limits");
    assert_eq!(targets(&v, "e4"), set("e5 e7 e3 e1 d4 b4 f4 h4"));
    // The same term many times over is the same piece, traced once.
    let many = board(8, 8, &"avavavavavavavavavavavavmW".repeat(16)).expect("within the limits");
    assert_eq!(targets(&many, "e4"), targets(&v, "e4"));
}

/// Three legs of up to 10 steps each, turning 90 degrees twice, on 11x11:
/// 4,000 paths per direction; every square but its own and the Kings'.
#[test]
fn long_three_leg_riders_compile() {
    let v = board(11, 11, "asasmW10").expect("within the limits");
    let t = targets(&v, "f6");
    assert_eq!(t.len(), 121 - 3, "{t:?}");
    assert!(!t.contains("f6") && !t.contains("a1") && !t.contains("k11"));
}

/// A variant whose moves need more tracing than the whole-variant budget is
/// refused, naming the limit.
#[test]
fn tracing_past_the_variant_budget_is_refused() {
    let msg = too_large(board(16, 8, "avavavavavavavavavavavavmW"));
    assert!(msg.contains("steps to trace"), "{msg}");
}

/// Every leap a 16x8 board has, as one piece: large but real, and accepted.
#[test]
fn a_universal_leaper_compiles() {
    let mut betza = String::new();
    for a in 0..16 {
        for b in 0..=a {
            if a > 0 {
                betza.push_str(&format!("({a},{b})"));
            }
        }
    }
    let v = board(16, 8, &betza).expect("within the limits");
    // From h4 it attacks every square: the Black King cannot escape.
    let pos = Position::from_fen(&v, "15k/16/16/16/7X8/16/16/K15 b - - 0 1").expect("valid");
    assert!(pos.is_check());
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(betza::Color::White));
    assert_eq!(outcome.reason, betza::EndReason::Checkmate);
}

/// The largest built-in piece, the Rhino, fits easily on a 16x8 board at
/// its longest (15 zig-zag steps).
#[test]
fn a_long_rhino_compiles() {
    let fen = "15k/16/16/16/7X8/16/16/K15 b - - 0 1";
    // From h4 the zig-zag i4 j5 k5 l6 m6 n7 o7 p8 (8 steps) gives check.
    for (steps, check) in [(15, true), (8, true), (7, false)] {
        let v = board(16, 8, &betza::builtin::rhino_betza(steps)).expect("within the limits");
        let pos = Position::from_fen(&v, fen).expect("valid");
        assert_eq!(pos.is_check(), check, "Rhino of {steps} steps");
    }
}

/// 64 types of long multi-leg pieces on 26x26, the size issue 24 aims at:
/// until boards past 128 squares and 20 types are in, such a definition is
/// refused at once by its size, before any table is traced, and so is the
/// same set of types on a board of today.
#[test]
fn a_26x26_board_of_64_multi_leg_types_is_refused_at_once_by_its_limits() {
    let types = |d: &mut VariantDef| {
        d.pieces = vec![PieceDef::new("King", "K", "K").royal()];
        for i in 0..63u8 {
            let token = format!(
                "{}{}",
                if i >= 26 { "+" } else { "" },
                (b'A' + i % 26) as char
            );
            let token = if token == "K" {
                "+Z".to_string()
            } else {
                token
            };
            d.pieces
                .push(PieceDef::new(&format!("T{i}"), &token, "afsafsafsW0"));
        }
    };
    let started = std::time::Instant::now();
    let mut d: VariantDef = betza::builtin::definition("chess").expect("built in");
    d.files = 26;
    d.ranks = 26;
    types(&mut d);
    let e = Variant::new(d).expect_err("too large for today's boards");
    assert!(matches!(e, VariantError::BoardSize { .. }), "{e}");
    assert!(e.to_string().contains("26x26"), "{e}");
    let mut d: VariantDef = betza::builtin::definition("chess").expect("built in");
    types(&mut d);
    let e = Variant::new(d).expect_err("too many types for today");
    assert!(matches!(e, VariantError::PieceCount(64)), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}
