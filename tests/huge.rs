//! The huge board type (issue 24): boards up to 26x26 (676 squares, files
//! `a`..`z`) through `HugeVariant`, the one generator instantiated for
//! `Huge` (bitboards of eleven 64-bit words). Counts on boards with a few
//! pieces are worked out by hand; a 19x19 and a 26x26 variant with every
//! kind of piece agree with the king-capture reference along random games.

use betza::{Board, HugeVariant, LargeVariant, Position, Role, Variant};

fn text(name: &str) -> String {
    let path = format!(
        "{}/tests/data/variants/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A King and a Rook against a lone King on a `size` x `size` board: White
/// Ka1, the Rook in the middle (`rook`), Black's King in the far corner.
fn rook_and_kings(size: u8, rook: &str) -> HugeVariant {
    let n = size as usize;
    let (file, rank) = (
        (rook.as_bytes()[0] - b'a') as usize,
        rook[1..].parse::<usize>().expect("a rank"),
    );
    let mut ranks: Vec<String> = Vec::new();
    for r in (1..=n).rev() {
        ranks.push(if r == n {
            format!("{}k", n - 1)
        } else if r == rank {
            let after = n - file - 1;
            let before = if file > 0 {
                file.to_string()
            } else {
                String::new()
            };
            format!("{before}R{after}")
        } else if r == 1 {
            format!("K{}", n - 1)
        } else {
            n.to_string()
        });
    }
    let def = format!(
        "name = \"rook-{size}x{size}\"\nfiles = {size}\nranks = {size}\n\
         start = \"{} w - - 0 1\"\n\n\
         [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
         [[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n",
        ranks.join("/")
    );
    HugeVariant::from_definition_for(&def).unwrap_or_else(|e| panic!("{e}\n{def}"))
}

/// A Rook and two Kings on 26x26: White Ka1 and Rm13, Black Kz26.
///
/// Depth 1: the King in the corner has a2, b1 and b2 (nothing attacks
/// them); the Rook on an empty rank and file has 25 + 25 squares: 53.
///
/// Depth 2, Black's replies from z26 (y26, y25, z25 when safe):
/// - after a King move, all 3 (3 moves: 9);
/// - the Rook along rank 13: on y13 it guards the y file (y26, y25), 1
///   reply; on z13 it checks along the z file, the King goes to y26 or y25,
///   2; on the 23 other squares, 3 each (69);
/// - the Rook along the m file: on m25 it guards rank 25 (y25, z25), 1; on
///   m26 it checks along rank 26, the King goes to y25 or z25, 2; on the 23
///   other squares, 3 each (69);
///
/// so 9 + 1 + 2 + 69 + 1 + 2 + 69 = 153.
#[test]
fn a_rook_and_two_kings_on_26x26_count_as_worked_out_by_hand() {
    let v = rook_and_kings(26, "m13");
    assert_eq!(v.size().squares(), 676);
    let pos = v.start();
    assert_eq!(pos.legal_moves().len(), 53);
    assert_eq!(pos.perft(1), 53);
    assert_eq!(pos.perft(2), 153);
    assert_eq!(pos.perft_no_bulk(2), 153);
    let divide = pos.divide(2);
    let of = |text: &str| divide.iter().find(|(_, t, _)| t == text).map(|d| d.2);
    assert_eq!(of("m13y13"), Some(1));
    assert_eq!(of("m13z13"), Some(2));
    assert_eq!(of("m13m25"), Some(1));
    assert_eq!(of("m13m26"), Some(2));
    assert_eq!(of("m13a13"), Some(3));
    assert_eq!(of("m13m1"), Some(3));
    assert_eq!(of("a1b2"), Some(3));
    // The last square, z26 (675), in move text, FEN and play.
    let m = pos.parse_move("m13m26").expect("a move");
    let next = pos.play(&m).expect("legal");
    assert!(next.is_check());
    let fen = next.to_fen();
    assert!(fen.starts_with("12R12k/26/"), "{fen}");
    assert!(fen.ends_with("/K25 b - - 1 1"), "{fen}");
    assert_eq!(v.from_fen(&fen).expect("FEN"), next);
    let replies: Vec<String> = next
        .legal_moves()
        .iter()
        .map(|m| next.move_text(m))
        .collect();
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies.contains(&"z26y25".to_string()), "{replies:?}");
    assert!(replies.contains(&"z26z25".to_string()), "{replies:?}");
}

/// The same on 19x19: White Ka1 and Rj10, Black Ks19.
///
/// Depth 1: 3 King moves and 18 + 18 Rook moves: 39.
///
/// Depth 2: 9 after the King moves; along rank 10, r10 leaves 1 reply,
/// s10 (check) 2, the 16 others 3 each (48); along the j file, j18 leaves
/// 1, j19 (check) 2, the 16 others 3 each (48): 9 + 51 + 51 = 111.
#[test]
fn a_rook_and_two_kings_on_19x19_count_as_worked_out_by_hand() {
    let v = rook_and_kings(19, "j10");
    assert_eq!(v.size().squares(), 361);
    let pos = v.start();
    assert_eq!(pos.perft(1), 39);
    assert_eq!(pos.perft(2), 111);
    assert_eq!(pos.perft_no_bulk(2), 111);
    let divide = pos.divide(2);
    let of = |text: &str| divide.iter().find(|(_, t, _)| t == text).map(|d| d.2);
    assert_eq!(of("j10r10"), Some(1));
    assert_eq!(of("j10s10"), Some(2));
    assert_eq!(of("j10j18"), Some(1));
    assert_eq!(of("j10j19"), Some(2));
}

/// Boards both types hold count the same on each: the 16x16 Rook ending of
/// tests/large.rs and chess.
#[test]
fn boards_the_large_type_holds_count_the_same_on_the_huge_one() {
    let t = text("rook-16x16");
    let large = LargeVariant::from_definition(&t).expect("16x16");
    let huge = HugeVariant::from_definition_for(&t).expect("16x16 on Huge");
    assert_eq!(huge.start().perft(2), 93);
    assert_eq!(large.start().perft(3), huge.start().perft(3));
    let chess = Variant::by_name("chess").unwrap();
    let huge = HugeVariant::from_definition_for(&chess.definition().to_string()).expect("chess");
    let pos = huge.start();
    assert_eq!(pos.to_fen(), Position::start(chess).to_fen());
    assert_eq!(pos.perft(3), 8902);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(huge.from_fen(kiwipete).expect("FEN").perft(2), 2039);
}

#[test]
fn sizes_past_26_and_past_the_large_type_are_refused_with_the_limit_named() {
    let t = rook_and_kings(26, "m13").definition().to_string();
    // 26x26 is past Large's 16x16.
    let e = LargeVariant::from_definition(&t).expect_err("26x26 on Large");
    assert!(e.to_string().contains("26x26"), "{e}");
    // 27 files: past the square names.
    let wide = t.replace("files = 26", "files = 27");
    let e = HugeVariant::from_definition_for(&wide).expect_err("27 files");
    assert!(
        e.to_string().contains("files") && e.to_string().contains("26"),
        "{e}"
    );
    let e = Variant::from_definition(&t).expect_err("26x26 on Small");
    assert!(e.to_string().contains("files"), "{e}");
}

/// Whether the side to move could take the other side's King by a
/// pseudo-legal move (the generator's own moves, not the attack tables).
fn king_capturable<B: Board>(pos: &Position<'_, B>, royal: Role) -> bool {
    pos.pseudo_legal_moves()
        .iter()
        .any(|m| m.captured() == Some(royal) || m.via_captured() == Some(royal))
}

/// The legal moves by king capture, sharing no attack tables or pin logic
/// with the generator: the pseudo-legal moves after which no pseudo-legal
/// move of the opponent takes the King. (Castling's own conditions, not
/// crossing attacked squares, are part of the pseudo-legal moves.)
fn reference_legal<B: Board>(pos: &Position<'_, B>, royal: Role) -> Vec<String> {
    let mut out: Vec<String> = pos
        .pseudo_legal_moves()
        .iter()
        .filter(|m| !king_capturable(&pos.play_unchecked(m), royal))
        .map(|m| pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// Plays seeded random games of `plies` from `start`, comparing the legal
/// moves with the reference at every ply; returns how many positions were
/// compared and how many castling, en-passant, promotion and multi-leg
/// moves were among the legal ones.
fn agree_along_random_games<B: Board>(
    start: Position<'_, B>,
    royal: Role,
    games: u64,
    plies: usize,
) -> (usize, [usize; 4]) {
    let mut checked = 0;
    let mut seen = [0; 4];
    for seed in 1..=games {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut pos = start;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let mut ours: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
            ours.sort();
            assert_eq!(ours, reference_legal(&pos, royal), "{}", pos.to_fen());
            checked += 1;
            for m in moves.iter() {
                seen[0] += m.is_castle() as usize;
                seen[1] += m.is_en_passant() as usize;
                seen[2] += m.promotion().is_some() as usize;
                seen[3] += m.via().is_some() as usize;
            }
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Captures and Pawn moves first half the time: games that
            // open up the board, promote and take en passant.
            let pick = if x & 1 == 0 {
                let hot: Vec<_> = moves
                    .iter()
                    .filter(|m| m.is_capture() || m.is_castle() || m.promotion().is_some())
                    .collect();
                if hot.is_empty() {
                    moves[(x % moves.len() as u64) as usize]
                } else {
                    *hot[(x >> 8) as usize % hot.len()]
                }
            } else {
                moves[(x % moves.len() as u64) as usize]
            };
            pos = pos.play(&pick).expect("legal");
        }
    }
    (checked, seen)
}

#[test]
fn forty_types_on_19x19_agree_with_the_king_capture_reference_along_random_games() {
    let v = HugeVariant::from_definition_for(&text("huge-19x19")).expect("huge-19x19");
    assert_eq!(v.pieces().len(), 40);
    assert_eq!(v.size().squares(), 361);
    let royal = Role(0);
    assert!(v.pieces()[0].royal);
    let start = v.start();
    let (checked, seen) = agree_along_random_games(start, royal, 3, 60);
    assert!(checked >= 100 && seen[3] > 0, "{checked} {seen:?}");
    // Castling over seven squares and en passant: an open back rank, a
    // white Pawn on e3 and a black one on d5.
    let open = "r8k8r/19/19/19/19/19/19/19/19/19/19/19/19/19/3p15/19/4P14/19/R8K8R w KQkq - 0 1";
    let pos = v.from_fen(open).expect("FEN");
    let castles: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| pos.move_text(m))
        .collect();
    assert_eq!(castles.len(), 2, "{castles:?}");
    assert!(castles.contains(&"j1q1".to_string()), "{castles:?}");
    assert!(castles.contains(&"j1c1".to_string()), "{castles:?}");
    let castled = pos
        .play(&pos.parse_move("j1q1").expect("castling"))
        .expect("legal");
    assert!(
        castled.to_fen().starts_with("r8k8r/") && castled.to_fen().contains("/R14RK2 b kq - 1 1"),
        "{}",
        castled.to_fen()
    );
    let pushed = pos
        .play(&pos.parse_move("e3e5").expect("double step"))
        .expect("legal");
    assert_eq!(
        pushed.ep_square().map(|s| v.size().name(s).to_string()),
        Some("e4".into())
    );
    let ep: Vec<String> = pushed
        .legal_moves()
        .iter()
        .filter(|m| m.is_en_passant())
        .map(|m| pushed.move_text(m))
        .collect();
    // e4 is in Black's zone: the capture, and one per promotion choice.
    assert_eq!(ep, ["d5e4", "d5e4q", "d5e4r", "d5e4n", "d5e4g", "d5e4u"]);
    assert_eq!(
        {
            let mut ours: Vec<String> = pushed
                .legal_moves()
                .iter()
                .map(|m| pushed.move_text(m))
                .collect();
            ours.sort();
            ours
        },
        reference_legal(&pushed, royal)
    );
    let (checked, seen) = agree_along_random_games(pos, royal, 2, 30);
    assert!(checked >= 20 && seen[0] > 0, "{checked} {seen:?}");
    // Promotion: Pawns a step from the zone's last rank, Lions, Dragons.
    let promo = "r8k8r/2P5+g10/19/4u9P4/19/19/19/19/19/3Q5x5I3/19/19/19/19/19/4p9U4/19/2p5+G10/R8K8R w KQkq - 0 1";
    let pos = v.from_fen(promo).expect("FEN");
    let (checked, seen) = agree_along_random_games(pos, royal, 2, 30);
    assert!(checked >= 20 && seen[2] > 0, "{checked} {seen:?}");
}

#[test]
fn forty_types_on_26x26_agree_with_the_king_capture_reference_along_random_games() {
    let v = HugeVariant::from_definition_for(&text("huge-26x26")).expect("huge-26x26");
    assert_eq!(v.pieces().len(), 40);
    assert_eq!(v.size().squares(), 676);
    let royal = Role(0);
    assert!(v.pieces()[0].royal);
    let (checked, seen) = agree_along_random_games(v.start(), royal, 2, 50);
    assert!(checked >= 60 && seen[3] > 0, "{checked} {seen:?}");
    // Castling over seven squares on the 26-file rank, promotion by the
    // last rank, z26's corner reached.
    let open = format!(
        "r8k15r/2P21+g1/{}4p21/{}R8K15R w KQkq - 0 1",
        "26/".repeat(10),
        "26/".repeat(12)
    );
    let pos = v.from_fen(&open).expect("FEN");
    let mut castles: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| pos.move_text(m))
        .collect();
    castles.sort();
    assert_eq!(castles, ["j1c1", "j1q1"]);
    let (checked, seen) = agree_along_random_games(pos, royal, 2, 30);
    assert!(
        checked >= 20 && seen[0] > 0 && seen[2] > 0,
        "{checked} {seen:?}"
    );
}

/// A FEN with a fault on a huge board is refused with the fault named, not
/// checked in a smaller board type (which panicked on a confined type past
/// the 20th): an Advisor outside its palace, a second White King.
#[test]
fn faulty_fens_on_26x26_are_refused_with_the_fault_named() {
    let v = HugeVariant::from_definition_for(&text("huge-26x26")).unwrap();
    let empty = "26/".repeat(24);
    let e = v
        .from_fen(&format!("k25/{empty}+A24K w - - 0 1"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("+A") || e.contains("Advisor"), "{e}");
    let e = v
        .from_fen(&format!("k25/{empty}K24K w - - 0 1"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("King") || e.contains('K'), "{e}");
    assert!(v.from_fen(&format!("k25/{empty}7+A17K w - - 0 1")).is_ok());
}

/// A FEN refused on a huge board is re-checked on the huge board type (it
/// was checked as a small board, and a piece type past 20 panicked).
#[test]
fn refused_fens_of_a_huge_board_are_errors_not_panics() {
    let v = HugeVariant::from_definition_for(&text("huge-19x19")).expect("huge-19x19");
    let mut refused = 0;
    for p in v.pieces().iter().skip(20) {
        // The piece on the last rank of each side, next to the Kings.
        for placement in [
            format!(
                "k{}17/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K18",
                p.token
            ),
            format!(
                "k18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K{}17",
                p.token
            ),
        ] {
            let fen = format!("{placement} w - - 0 1");
            if v.from_fen(&fen).is_err() {
                refused += 1;
            }
        }
    }
    // Some are refused (the first check fails, and the FEN is read again
    // for the error): those used to panic.
    assert!(refused > 0);
}
