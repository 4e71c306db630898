//! FEN reading and writing (docs/notation.md, "FEN") and move text
//! errors (docs/notation.md, "Move text").
//!
//! Every position the rule tests build is also checked for its round trip by
//! `common::pos`; this file adds the start positions, hand-written FENs, and
//! every error case.

mod common;

use betza::{Color, FenError, MoveError, Position, Variant};
use common::*;

const D: &str = "decimaka";
const M: &str = "meiriqi";

const DECIMAKA_START: &str =
    "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1";
const MEIRIQI_START: &str =
    "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CAPABLANCA_START: &str =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

fn read(name: &str, fen: &str) -> Result<Position<'static>, FenError> {
    Position::from_fen(variant(name), fen)
}

// ---------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------

#[test]
fn start_positions_round_trip() {
    for (name, fen) in [
        (D, DECIMAKA_START),
        (M, MEIRIQI_START),
        ("chess", CHESS_START),
        ("capablanca", CAPABLANCA_START),
    ] {
        pos(name, fen);
        assert_eq!(Position::start(variant(name)).to_fen(), fen);
        assert_eq!(variant(name).start_fen(), fen);
        assert_eq!(
            Position::from_fen(variant(name), fen).unwrap(),
            Position::start(variant(name))
        );
    }
}

/// Canonical FENs, each read and written back unchanged.
#[test]
fn canonical_fens_round_trip() {
    let cases: &[(&str, &str)] = &[
        // Decimaka: promoted tokens of both colours, every castling subset,
        // en passant with a capturer, counters.
        (
            D,
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/4P5/10/PPPP1PPPPP/CTNBLSBNTC/R2YFKY2R b KQkq - 0 1",
        ),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w Kk - 12 40"),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R b Qq - 3 7"),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w q - 0 1"),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w Q - 0 1"),
        (D, "9k/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 2"),
        (D, "9k/10/10/10/10/3Pp5/10/10/10/9K b - d4 0 1"),
        (
            D,
            "k4+f+t+n+p1/10/10/10/10/10/10/10/10/K4+F+T+N+P1 w - - 99 123",
        ),
        (D, "P8k/10/10/10/10/10/10/10/10/p8K w - - 0 1"),
        // Meiriqi: every piece type.
        (
            M,
            "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM b - - 0 1",
        ),
        (M, "cqorj4k/10/10/10/10/10/10/10/10/CQORJ3K1 w - - 0 1"),
        (M, "8k1/10/10/10/10/10/10/10/10/7K2 b - - 17 33"),
        // Chess and Capablanca.
        (
            "chess",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
        ("chess", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"),
        ("chess", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 9"),
        ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        (
            "capablanca",
            "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2",
        ),
    ];
    for (name, fen) in cases {
        pos(name, fen);
    }
}

/// Multi-digit runs are written as one number, never split.
#[test]
fn empty_runs_are_merged() {
    let p = read(D, "k9/10/10/10/10/10/10/10/10/9K w - - 0 1").unwrap();
    assert_eq!(p.to_fen(), "k9/10/10/10/10/10/10/10/10/9K w - - 0 1");
    // Adjacent digits are one number: "18" is eighteen squares.
    let err = read(D, "k18/10/10/10/10/10/10/10/10/9K w - - 0 1").unwrap_err();
    assert!(
        matches!(err, FenError::RankWidth { rank: 10, .. }),
        "{err:?}"
    );
}

/// Every position reached by playing out all moves from a few positions
/// round-trips.
#[test]
fn positions_after_every_legal_move_round_trip() {
    for (name, fen) in [
        (D, DECIMAKA_START),
        (M, MEIRIQI_START),
        ("chess", CHESS_START),
        ("capablanca", CAPABLANCA_START),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
    ] {
        let p = pos(name, fen);
        for m in p.legal_moves() {
            let next = p.play(&m).unwrap();
            let text = next.to_fen();
            assert_eq!(read(name, &text).unwrap().to_fen(), text);
            for m2 in next.legal_moves() {
                let t2 = next.play(&m2).unwrap().to_fen();
                assert_eq!(read(name, &t2).unwrap().to_fen(), t2);
            }
        }
    }
}

/// The 4-field form is accepted; the counters become `0 1`.
#[test]
fn four_field_form() {
    for (name, four, six) in [
        (
            D,
            DECIMAKA_START.strip_suffix(" 0 1").unwrap(),
            DECIMAKA_START,
        ),
        (
            M,
            MEIRIQI_START.strip_suffix(" 0 1").unwrap(),
            MEIRIQI_START,
        ),
        (
            "chess",
            "4k3/8/8/3Pp3/8/8/8/4K3 w - e6",
            "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        ),
        (
            D,
            "9k/10/10/10/3Pp5/10/10/10/10/9K w - e7",
            "9k/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 1",
        ),
    ] {
        let p = read(name, four).unwrap_or_else(|e| panic!("{four}: {e}"));
        assert_eq!(p.halfmove_clock(), 0);
        assert_eq!(p.fullmove_number(), 1);
        assert_eq!(p.to_fen(), six);
    }
    // Five fields is neither form.
    assert_eq!(
        read(
            D,
            &format!("{} 0", DECIMAKA_START.strip_suffix(" 0 1").unwrap())
        )
        .unwrap_err(),
        FenError::FieldCount(5)
    );
}

// ---------------------------------------------------------------------------
// The writer's en-passant field
// ---------------------------------------------------------------------------

#[test]
fn ep_written_only_when_a_legal_capture_exists() {
    // No Pawn can capture: "-".
    let p = Position::start(variant(D));
    let next = p.play(&p.parse_move("e3e5").unwrap()).unwrap();
    assert_eq!(
        next.ep_square(),
        Some(sq(&next, "e4")),
        "the skipped square is still known"
    );
    assert!(next.to_fen().contains(" b KQkq - 0 1"), "{}", next.to_fen());

    // A capturer: written.
    let p = setup(D, "Pd6 pe8 Kj1 kj10", "b - - 0 1");
    let next = play(&p, "e8e6");
    assert!(next.to_fen().ends_with(" w - e7 0 2"), "{}", next.to_fen());

    // The capturer would expose its King: not written (RULES 5.10).
    let p = setup(D, "Ka6 Pd6 pe8 rj6 kj10", "b - - 0 1");
    let next = play(&p, "e8e6");
    assert_eq!(next.ep_square(), Some(sq(&next, "e7")));
    assert!(between(&next, "d6", "e7").is_empty());
    assert_eq!(
        next.to_fen(),
        format!("{} w - - 0 2", placement(D, "Ka6 Pd6 pe6 rj6 kj10"))
    );

    // A Pawn next to the double-stepped one but of the mover's own colour: not written.
    let p = setup(D, "pd6 pe8 Kj1 kj10", "b - - 0 1");
    assert!(play(&p, "e8e6").to_fen().ends_with(" w - - 0 2"));

    // Chess, the same.
    let p = pos("chess", "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        play(&p, "e7e5").to_fen(),
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"
    );
    let p = pos("chess", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(play(&p, "e7e5").to_fen(), "4k3/8/8/4p3/8/8/8/4K3 w - - 0 2");
    let p = pos("chess", "8/4p3/8/K2P3r/8/8/8/7k b - - 0 1");
    assert_eq!(play(&p, "e7e5").to_fen(), "8/8/8/K2Pp2r/8/8/8/7k w - - 0 2");
}

/// The reader accepts an e.p. square on the right rank with no capture; the
/// writer drops it.
#[test]
fn ep_read_without_capture_is_dropped_on_writing() {
    for (name, fen, written) in [
        (
            D,
            "9k/10/10/10/4p5/10/10/10/10/9K w - e7 0 2",
            "9k/10/10/10/4p5/10/10/10/10/9K w - - 0 2",
        ),
        (
            D,
            "9k/10/10/10/10/10/10/10/10/9K w - e7 0 2",
            "9k/10/10/10/10/10/10/10/10/9K w - - 0 2",
        ),
        (
            D,
            "9k/10/10/10/10/10/10/10/10/9K b - a4 0 1",
            "9k/10/10/10/10/10/10/10/10/9K b - - 0 1",
        ),
        (
            "chess",
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
        ),
    ] {
        let p = read(name, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(p.ep_square().is_some());
        assert_eq!(p.to_fen(), written);
    }
}

// ---------------------------------------------------------------------------
// Every FEN error of docs/notation.md
// ---------------------------------------------------------------------------

/// Replaces rank `rank` (1-based) of a FEN's placement.
fn with_rank(fen: &str, ranks: u8, rank: u8, text: &str) -> String {
    let (placement, rest) = fen.split_once(' ').unwrap();
    let mut rows: Vec<&str> = placement.split('/').collect();
    rows[(ranks - rank) as usize] = text;
    format!("{} {rest}", rows.join("/"))
}

/// Replaces field `i` (0-based) of a FEN.
fn with_field(fen: &str, i: usize, text: &str) -> String {
    let mut f: Vec<&str> = fen.split(' ').collect();
    f[i] = text;
    f.join(" ")
}

#[track_caller]
fn refused(name: &str, fen: &str, want: FenError, field: &str) {
    let err = read(name, fen).map(|p| p.to_fen()).unwrap_err();
    assert_eq!(err, want, "{name}: {fen}");
    let msg = err.to_string();
    assert!(
        msg.starts_with(field),
        "{name}: {fen}: message {msg:?} should name the field {field:?}"
    );
}

#[test]
fn error_field_count() {
    for (fen, n) in [
        ("", 1),
        (
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R",
            1,
        ),
        (
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w",
            2,
        ),
        (
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq",
            3,
        ),
        (
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0",
            5,
        ),
        (
            "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1 x",
            7,
        ),
        // A trailing space is surrounding white space, accepted (issue 27).
    ] {
        let err = read(D, fen).unwrap_err();
        assert_eq!(err, FenError::FieldCount(n), "{fen:?}");
        assert!(err.to_string().contains("fields"));
    }
}

#[test]
fn error_unknown_token() {
    let unknown = |rank, token: &str| FenError::UnknownPiece {
        rank,
        token: token.into(),
    };
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 1, "R2YXKY2R"),
        unknown(1, "X"),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 1, "R2Y+QKY2R"),
        unknown(1, "+Q"),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 10, "r2ykfy2r+"),
        unknown(10, "+"),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "?9"),
        unknown(5, "?"),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 9, "ctnbslbnt+1"),
        unknown(9, "+1"),
        "placement",
    );
    // Decimaka has no `+L`, `+K`, or plain `Q`.
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "+L9"),
        unknown(5, "+L"),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "9q"),
        unknown(5, "q"),
        "placement",
    );
    // Meiriqi has no `+` tokens; chess has no `A`.
    refused(
        M,
        &with_rank(MEIRIQI_START, 10, 5, "+F9"),
        unknown(5, "+F"),
        "placement",
    );
    refused(
        "chess",
        &with_rank(CHESS_START, 8, 4, "A7"),
        unknown(4, "A"),
        "placement",
    );
}

#[test]
fn error_rank_width() {
    let width = |rank, found| FenError::RankWidth {
        rank,
        found,
        expected: 10,
    };
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "11"),
        width(5, 11),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "5P5"),
        width(5, 11),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 3, "PPPPPPPPPPP"),
        width(3, 11),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "9"),
        width(5, 9),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, ""),
        width(5, 0),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 3, "PPPPPPPPP"),
        width(3, 9),
        "placement",
    );
    refused(
        "chess",
        &with_rank(CHESS_START, 8, 4, "9"),
        FenError::RankWidth {
            rank: 4,
            found: 9,
            expected: 8,
        },
        "placement",
    );
    // Zero and zero-padded counts.
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "0P9"),
        FenError::BadCount {
            rank: 5,
            count: "0".into(),
        },
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "010"),
        FenError::BadCount {
            rank: 5,
            count: "010".into(),
        },
        "placement",
    );
}

#[test]
fn error_rank_count() {
    let nine =
        "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1";
    refused(
        D,
        nine,
        FenError::RankCount {
            found: 9,
            expected: 10,
        },
        "placement",
    );
    let eleven =
        "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1";
    refused(
        D,
        eleven,
        FenError::RankCount {
            found: 11,
            expected: 10,
        },
        "placement",
    );
    refused(
        D,
        "10 w - - 0 1",
        FenError::RankCount {
            found: 1,
            expected: 10,
        },
        "placement",
    );
    refused(
        D,
        "/ w - - 0 1",
        FenError::RankCount {
            found: 2,
            expected: 10,
        },
        "placement",
    );
    refused(
        "capablanca",
        &format!("10/{CAPABLANCA_START}"),
        FenError::RankCount {
            found: 9,
            expected: 8,
        },
        "placement",
    );
}

#[test]
fn error_side_to_move() {
    for bad in ["x", "W", "B", "white", ""] {
        refused(
            D,
            &with_field(DECIMAKA_START, 1, bad),
            FenError::Side(bad.into()),
            "side to move",
        );
    }
}

#[test]
fn error_castling_text() {
    for bad in [
        "KQkqK", "kK", "qQ", "KK", "KQ-", "--", "kqKQ", "JJ", "jJ", "aJ",
    ] {
        refused(
            D,
            &with_field(DECIMAKA_START, 2, bad),
            FenError::Castling(bad.into()),
            "castling",
        );
    }
}

/// A file letter off the board (Shredder-FEN, X-FEN) names the letter and the
/// board's width; the file letters of the start's Rooks read as `KQkq`.
#[test]
fn castling_file_letters() {
    let err = Position::from_fen(
        Variant::by_name(D).unwrap(),
        &with_field(DECIMAKA_START, 2, "X"),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "castling: \"X\": \"X\" names file x, which is off the board (10 files)"
    );
    let v = Variant::by_name(D).unwrap();
    let shredder = Position::from_fen(v, &with_field(DECIMAKA_START, 2, "JAja")).unwrap();
    assert_eq!(shredder, Position::start(v));
    assert_eq!(shredder.to_fen(), DECIMAKA_START);
}

/// An empty castling field (two spaces) is neither `-` nor a list of rights.
#[test]
fn error_castling_empty_field() {
    refused(
        D,
        &with_field(DECIMAKA_START, 2, ""),
        FenError::Castling(String::new()),
        "castling",
    );
}

#[test]
fn error_castling_rights_without_pieces() {
    let rights = |right, color, king: &str, rook: &str| FenError::CastlingPieces {
        right,
        color,
        king: king.parse::<betza::SquareName>().unwrap(),
        rook: rook.parse::<betza::SquareName>().unwrap(),
    };
    // The King moved (to e1).
    let fen = with_rank(DECIMAKA_START, 10, 1, "R2YKFY2R");
    refused(D, &fen, rights('K', Color::White, "f1", "j1"), "castling");
    // A Rook missing.
    let base = "Ra1 Kf1 ke10 ra10 rj10";
    refused(
        D,
        &format!("{} w K - 0 1", placement(D, base)),
        rights('K', Color::White, "f1", "j1"),
        "castling",
    );
    refused(
        D,
        &format!("{} w Q - 0 1", placement(D, "Kf1 Rj1 ke10 ra10 rj10")),
        rights('Q', Color::White, "f1", "a1"),
        "castling",
    );
    refused(
        D,
        &format!("{} w k - 0 1", placement(D, "Ra1 Kf1 Rj1 ke10 ra10")),
        rights('k', Color::Black, "e10", "j10"),
        "castling",
    );
    refused(
        D,
        &format!("{} w q - 0 1", placement(D, "Ra1 Kf1 Rj1 ke10 rj10")),
        rights('q', Color::Black, "e10", "a10"),
        "castling",
    );
    // Black's King on f10 (where White's would be, mirrored) has no right.
    refused(
        D,
        &format!("{} w k - 0 1", placement(D, "Ra1 Kf1 Rj1 kf10 ra10 rj10")),
        rights('k', Color::Black, "e10", "j10"),
        "castling",
    );
    // Another piece on the Rook's square.
    refused(
        D,
        &format!("{} w K - 0 1", placement(D, "Ra1 Kf1 Nj1 ke10 ra10 rj10")),
        rights('K', Color::White, "f1", "j1"),
        "castling",
    );
    // A Black Rook on a White Rook's square.
    refused(
        D,
        &format!("{} w Q - 0 1", placement(D, "ra1 Kf1 Rj1 ke10 rj10")),
        rights('Q', Color::White, "f1", "a1"),
        "castling",
    );
    // Chess: King on e1, Rooks on a1 and h1.
    refused(
        "chess",
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
        rights('K', Color::White, "e1", "h1"),
        "castling",
    );
}

#[test]
fn error_castling_in_a_variant_without_castling() {
    for bad in ["K", "KQkq", "q"] {
        refused(
            M,
            &with_field(MEIRIQI_START, 2, bad),
            FenError::NoCastling(bad.into()),
            "castling",
        );
    }
}

#[test]
fn error_en_passant_malformed() {
    for bad in [
        "", "e", "e0", "e11", "z5", "E7", "e07", "7e", "e7e", "ee", "+", "k7",
    ] {
        refused(
            D,
            &with_field(DECIMAKA_START, 3, bad),
            FenError::EnPassantSyntax(bad.into()),
            "en passant",
        );
    }
    refused(
        "chess",
        &with_field(CHESS_START, 3, "e9"),
        FenError::EnPassantSyntax("e9".into()),
        "en passant",
    );
}

#[test]
fn error_en_passant_wrong_rank() {
    let wrong = |s: &str, color| FenError::EnPassantSquare {
        square: s.parse::<betza::SquareName>().unwrap(),
        color,
    };
    // White to move: Black just moved, so only rank 7 is possible.
    for bad in ["e4", "e6", "e8", "e3", "a1", "j10", "e9"] {
        refused(
            D,
            &with_field(DECIMAKA_START, 3, bad),
            wrong(bad, Color::Black),
            "en passant",
        );
    }
    // Black to move: only rank 4.
    let black = with_field(DECIMAKA_START, 1, "b");
    for bad in ["e7", "e5", "e3", "a10"] {
        refused(
            D,
            &with_field(&black, 3, bad),
            wrong(bad, Color::White),
            "en passant",
        );
    }
    // And the right ranks are accepted.
    assert!(read(D, &with_field(DECIMAKA_START, 3, "e7")).is_ok());
    assert!(read(D, &with_field(&black, 3, "e4")).is_ok());
    refused(
        "chess",
        &with_field(CHESS_START, 3, "e3"),
        wrong("e3", Color::Black),
        "en passant",
    );
}

#[test]
fn error_en_passant_in_a_variant_without_it() {
    for bad in ["a4", "e7", "x"] {
        refused(
            M,
            &with_field(MEIRIQI_START, 3, bad),
            FenError::NoEnPassant(bad.into()),
            "en passant",
        );
    }
}

#[test]
fn error_counters() {
    for bad in [
        "-1",
        "x",
        "1.5",
        "+3",
        "",
        " ",
        "99999999999999999999",
        "0x1",
        "1e3",
    ] {
        let fen = with_field(DECIMAKA_START, 4, bad);
        if fen.split(' ').count() != 6 {
            continue;
        }
        refused(D, &fen, FenError::Halfmove(bad.into()), "half-move clock");
    }
    for bad in ["0", "-1", "x", "+1", "99999999999999999999", "1.0", "00"] {
        refused(
            D,
            &with_field(DECIMAKA_START, 5, bad),
            FenError::Fullmove(bad.into()),
            "move number",
        );
    }
    // An empty last field is trailing white space, trimmed: five fields.
    assert_eq!(
        read(D, &with_field(DECIMAKA_START, 5, "")).unwrap_err(),
        FenError::FieldCount(5)
    );
    // Zero-padded but positive numbers are whole numbers.
    assert!(read(D, &with_field(DECIMAKA_START, 4, "0")).is_ok());
}

#[test]
fn error_royal_count() {
    let royal = |color, count| FenError::RoyalCount {
        color,
        count,
        token: "K".parse().unwrap(),
    };
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 1, "R2YFFY2R"),
        royal(Color::White, 0),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 10, "r2yffy2r"),
        royal(Color::Black, 0),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "K9"),
        royal(Color::White, 2),
        "placement",
    );
    refused(
        D,
        &with_rank(DECIMAKA_START, 10, 5, "k9"),
        royal(Color::Black, 2),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki1 Kh2 kh9")),
        royal(Color::White, 2),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki1")),
        royal(Color::Black, 0),
        "placement",
    );
    refused(
        "chess",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        royal(Color::White, 0),
        "placement",
    );
}

#[test]
fn error_confinement() {
    let outside = |color, name: &str, square: &str| FenError::Confinement {
        color,
        name: name.into(),
        square: square.parse::<betza::SquareName>().unwrap(),
    };
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Kg1 kh9")),
        outside(Color::White, "King", "g1"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki4 kh9")),
        outside(Color::White, "King", "i4"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 kh7")),
        outside(Color::Black, "King", "h7"),
        "placement",
    );
    // A King in the enemy's fortress is outside its own.
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki9 kh10")),
        outside(Color::White, "King", "i9"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 Mi1 kh9")),
        outside(Color::White, "Mandarin", "i1"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 Mg3 kh9")),
        outside(Color::White, "Mandarin", "g3"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 mi8 kh10")),
        outside(Color::Black, "Mandarin", "i8"),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 mh3 kh10")),
        outside(Color::Black, "Mandarin", "h3"),
        "placement",
    );
}

#[test]
fn error_side_to_move_could_capture_the_king() {
    let e = FenError::OpponentInCheck;
    refused(
        D,
        &format!("{} w - - 0 1", placement(D, "Kj1 kj10 Ra10")),
        e.clone(),
        "placement",
    );
    refused(
        D,
        &format!("{} b - - 0 1", placement(D, "Kj1 kj10 rj5")),
        e.clone(),
        "placement",
    );
    refused(
        D,
        &format!("{} w - - 0 1", placement(D, "Ke4 ke5")),
        e.clone(),
        "placement",
    );
    refused(
        M,
        &format!("{} w - - 0 1", placement(M, "Ki2 kh9 Gg8")),
        e.clone(),
        "placement",
    );
    refused("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", e, "placement");
    // The side to move may be in check itself.
    assert!(
        read(D, &format!("{} b - - 0 1", placement(D, "Kj1 kj10 Ra10")))
            .unwrap()
            .is_check()
    );
}

#[test]
fn error_kings_facing() {
    for side in ["w", "b"] {
        for pieces in ["Ki1 ki10", "Kh3 kh8", "Kj2 Pa5 kj9"] {
            let fen = format!("{} {side} - - 0 1", placement(M, pieces));
            let err = read(M, &fen).unwrap_err();
            assert!(matches!(err, FenError::KingsFacing), "{fen}: {err:?}");
            let msg = err.to_string();
            assert!(
                msg.starts_with("placement") && msg.contains("face"),
                "{msg}"
            );
        }
    }
    // A piece between: fine.
    assert!(read(M, &format!("{} w - - 0 1", placement(M, "Ki1 Pi5 ki10"))).is_ok());
}

/// A FEN's fields are checked in order: the first wrong field is reported.
#[test]
fn first_wrong_field_is_reported() {
    let fen = "10/10/10/10/10/10/10/10/10/11 x ? ? y z";
    assert!(matches!(
        read(D, fen).unwrap_err(),
        FenError::RankWidth { rank: 1, .. }
    ));
}

/// A FEN that breaks rules in several fields (not only syntax) reports the
/// first of them too: the reading that builds the position once, for a FEN
/// without fault, falls back to checking field by field.
#[test]
fn first_broken_rule_is_reported() {
    // Castling right K without the Rook on h1, and e3 no en-passant square
    // for Black's last move: the castling field is reported.
    assert!(matches!(
        read("chess", "4k3/8/8/8/8/8/8/4K3 w K e3 0 1").unwrap_err(),
        FenError::CastlingPieces { .. }
    ));
    // A second white King as well: the placement is reported.
    assert!(matches!(
        read("chess", "4k3/8/8/8/8/8/8/4KK2 w K e3 0 1").unwrap_err(),
        FenError::RoyalCount { .. }
    ));
    // Only the en-passant square is wrong.
    assert!(matches!(
        read("chess", "4k3/8/8/8/8/8/8/4K2R w K e3 0 1").unwrap_err(),
        FenError::EnPassantSquare { .. }
    ));
    // Without fault: the same position as through a Setup.
    let v = betza::Variant::by_name("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 3 9";
    let setup = betza::Setup::from_fen(v, fen).unwrap();
    assert_eq!(
        read("chess", fen).unwrap(),
        Position::from_setup(v, &setup).unwrap()
    );
}

// ---------------------------------------------------------------------------
// Move text errors
// ---------------------------------------------------------------------------

#[test]
fn move_text_syntax_errors() {
    let p = Position::start(variant(D));
    for bad in [
        "",
        "e",
        "e3",
        "e3e",
        "E3E5",
        "e3-e5",
        "e0e1",
        "a01a02",
        "z1z2",
        "q3q4",
        "e3 e5",
        "e3e5x",
        "e3e5++",
        "e3e5q",
        "é3e5",
        "e3é5",
        "e3e5é",
        "e11e5",
        "e3e11x",
        "e99999999999e5",
        "e3e5+\u{0}",
    ] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}: {:?}",
            p.parse_move(bad)
        );
    }
    let c = pos("chess", "1n3k2/P7/8/8/8/8/8/7K w - - 0 1");
    for bad in [
        "a7a8+", "a7a8x", "a7a8Q", "a7a8qq", "a7a8 q", "a7a9q", "i7i8q",
    ] {
        assert!(
            matches!(c.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}: {:?}",
            c.parse_move(bad)
        );
    }
}

#[test]
fn move_text_errors() {
    let p = Position::start(variant(D));
    assert_eq!(
        p.parse_move("e5e6"),
        Err(MoveError::EmptySquare {
            text: "e5e6".into(),
            square: "e5".parse::<betza::SquareName>().unwrap()
        })
    );
    assert_eq!(
        p.parse_move("e8e7"),
        Err(MoveError::WrongSide {
            text: "e8e7".into(),
            square: "e8".parse::<betza::SquareName>().unwrap()
        })
    );
    assert_eq!(
        p.parse_move("e3e6"),
        Err(MoveError::NoSuchMove {
            text: "e3e6".into(),
            piece: "Pawn".into(),
            from: "e3".parse::<betza::SquareName>().unwrap(),
            to: "e6".parse::<betza::SquareName>().unwrap(),
            via: None,
        })
    );
    // A blocked piece and an own-piece target are "no such move".
    assert!(matches!(
        p.parse_move("a1a5"),
        Err(MoveError::NoSuchMove { .. })
    ));
    assert!(matches!(
        p.parse_move("e2e3"),
        Err(MoveError::NoSuchMove { .. })
    ));
    // Castling text while pieces stand between King and Rook.
    assert!(matches!(
        p.parse_move("f1i1"),
        Err(MoveError::NoSuchMove { .. })
    ));

    // Pinned piece.
    let p = setup(D, "Kf1 Nf3 rf8 kj10", "w - - 0 1");
    assert_eq!(
        p.parse_move("f3g5"),
        Err(MoveError::KingExposed {
            text: "f3g5".into()
        })
    );
    // A King stepping into an attack.
    let p = setup(D, "Kf1 re8 kj10", "w - - 0 1");
    assert_eq!(
        p.parse_move("f1e1"),
        Err(MoveError::KingExposed {
            text: "f1e1".into()
        })
    );

    // Mandatory promotion omitted (Decimaka rules 2 and 3; chess).
    let p = setup(D, "Ra5 +fa8 Nc6 +pe5 Kj1 kj10", "w - - 0 1");
    assert_eq!(
        p.parse_move("a5a8"),
        Err(MoveError::PromotionRequired {
            text: "a5a8".into(),
            example: "a5a8+".into()
        })
    );
    assert_eq!(
        p.parse_move("c6e5"),
        Err(MoveError::PromotionRequired {
            text: "c6e5".into(),
            example: "c6e5+".into()
        })
    );
    let c = pos("chess", "1n3k2/P7/8/8/8/8/8/7K w - - 0 1");
    let err = c.parse_move("a7a8").unwrap_err();
    assert!(
        matches!(&err, MoveError::PromotionRequired { example, .. } if example.len() == 5 && example.starts_with("a7a8")),
        "{err:?}"
    );
    assert!(err.to_string().contains("mandatory"), "{err}");

    // A promotion the move cannot make.
    let p = Position::start(variant(D));
    assert!(matches!(
        p.parse_move("e3e4+"),
        Err(MoveError::BadPromotion { .. })
    ));
    let p = setup(D, "Ra5 nb5 Kj1 kj10", "w - - 0 1");
    assert!(
        matches!(p.parse_move("a5b5+"), Err(MoveError::BadPromotion { .. })),
        "a Rook never promotes"
    );
    let p = setup(M, "Nc6 Kj2 kh9", "w - - 0 1");
    assert!(
        matches!(p.parse_move("c6a5+"), Err(MoveError::BadPromotion { .. })),
        "outside the zone"
    );
    assert!(p.parse_move("c6b8+").is_ok());
    for bad in ["a7a8k", "a7a8p"] {
        assert!(
            matches!(c.parse_move(bad), Err(MoveError::BadPromotion { .. })),
            "{bad}"
        );
    }
    let chess = Position::start(variant("chess"));
    assert!(matches!(
        chess.parse_move("e2e4q"),
        Err(MoveError::BadPromotion { .. })
    ));
    let capa = pos("capablanca", "1n3k4/P9/10/10/10/10/10/9K w - - 0 1");
    assert!(capa.parse_move("a7a8c").is_ok());
    assert!(capa.parse_move("a7a8a").is_ok());
    assert!(matches!(
        capa.parse_move("a7a8k"),
        Err(MoveError::BadPromotion { .. })
    ));
}

/// Move texts are written as docs/notation.md says and read back to the same move.
#[test]
fn move_text_round_trip() {
    for (name, fen) in [
        (D, DECIMAKA_START),
        (M, MEIRIQI_START),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        (D, "9k/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 2"),
        (D, "Ra5 +fa8 Nc6 +pe5 Pd4 Kj1 kj10"),
        (M, "Nc8 Pe7 Ge8 Kj2 kh9"),
        ("chess", "1n3k2/P7/8/8/8/8/8/7K w - - 0 1"),
        ("capablanca", "1n3k4/P9/10/10/10/10/10/9K w - - 0 1"),
    ] {
        let p = if fen.contains('/') {
            pos(name, fen)
        } else {
            setup(name, fen, "w - - 0 1")
        };
        for m in p.legal_moves() {
            let text = p.move_text(&m);
            assert_eq!(p.parse_move(&text), Ok(m), "{name} {text}");
            match (name, m.promotion()) {
                (_, None) => assert!(text.chars().last().unwrap().is_ascii_digit(), "{text}"),
                (D | M, Some(_)) => assert!(text.ends_with('+'), "{text}"),
                (_, Some(r)) => assert!(
                    text.ends_with(&variant(name).piece(r).token.fen(betza::Color::Black)),
                    "{text}"
                ),
            }
        }
    }
}

/// A move built by hand that is not legal is refused by `play`.
#[test]
fn playing_an_illegal_move_is_refused() {
    let p = Position::start(variant(D));
    let legal = p.parse_move("e3e5").unwrap();
    let other = betza::Move::new(
        legal.from(),
        sq(&p, "e6"),
        legal.role(),
        None,
        None,
        legal.flags(),
    );
    assert!(matches!(p.play(&other), Err(MoveError::Illegal { .. })));
    let black = betza::Move::new(
        sq(&p, "e8"),
        sq(&p, "e6"),
        legal.role(),
        None,
        None,
        legal.flags(),
    );
    assert!(p.play(&black).is_err());
}

// ---------------------------------------------------------------------------
// No panics on garbage
// ---------------------------------------------------------------------------

const GARBAGE: &[&str] = &[
    "",
    " ",
    "      ",
    "/",
    "//////////",
    "////////// w - - 0 1",
    "10/10/10/10/10/10/10/10/10/10 w - - 0 1",
    "99999999999999999999999999/10/10/10/10/10/10/10/10/10 w - - 0 1",
    "18446744073709551616/10/10/10/10/10/10/10/10/10 w - - 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - - 18446744073709551616 18446744073709551616",
    "k9/10/10/10/10/10/10/10/10/9K w - - 4294967295 4294967295",
    "k9/10/10/10/10/10/10/10/10/9K w - - 4294967296 1",
    "k9/10/10/10/10/10/10/10/10/9K w - p99 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - a16 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - a99999999999999 0 1",
    "♔9/10/10/10/10/10/10/10/10/9K w - - 0 1",
    "k9/10/10/10/10/10/10/10/10/9♚ w - - 0 1",
    "k9/10/10/10/10/10/10/10/10/9K ｗ - - 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w é - 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - é 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - - ٣ ١",
    "+/+/+/+/+/+/+/+/+/+ w - - 0 1",
    "+é9/10/10/10/10/10/10/10/10/9K w - - 0 1",
    "++++++++++/10/10/10/10/10/10/10/10/9K w - - 0 1",
    "\u{0}\u{0}\u{0}",
    "k9/10/10/10/10/10/10/10/10/9K\tw - - 0 1",
    "k9/10/10/10/10/10/10/10/10/9K w - - 0 1\n",
];

#[test]
fn garbage_fens_do_not_panic() {
    for name in [D, M, "chess", "capablanca"] {
        for g in GARBAGE {
            if let Ok(p) = read(name, g) {
                let _ = p.to_fen();
                let _ = p.legal_moves();
            }
        }
    }
    // The ones that are plainly invalid are refused.
    for g in &GARBAGE[..6] {
        assert!(read(D, g).is_err(), "{g:?}");
    }
    assert!(read(D, GARBAGE[8]).is_err());
}

#[test]
fn garbage_move_texts_do_not_panic() {
    let texts = [
        "",
        "é",
        "ééé",
        "a",
        "a1",
        "a1a",
        "a1a1",
        "j10j10",
        "j10j11",
        "p16p16",
        "q17q17",
        "a0a0",
        "a99999999999999999999a1",
        "e3e5+++++",
        "e3e5\u{301}",
        "\u{0}",
        "e3\u{0}e5",
        "😀😀😀😀",
        "a1😀",
        "e3e5😀",
        "+",
        "++",
        "e3+",
        "99e3e5",
    ];
    for name in [D, M, "chess", "capablanca"] {
        let p = Position::start(variant(name));
        for t in texts {
            assert!(p.parse_move(t).is_err(), "{name} {t:?}");
        }
    }
}

/// Deterministic fuzzing: mutated FENs and random move texts never panic, and
/// whatever FEN is accepted writes a FEN that reads back to the same position.
#[test]
fn fuzzed_input_does_not_panic() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet: Vec<char> =
        "0123456789/+ -wbKQkqRNBPFLSTYCMHEWJOGAkrnbpflstycmhewjogaz\u{e9}\u{2654}\u{0}"
            .chars()
            .collect();
    let bases = [
        (D, DECIMAKA_START),
        (M, MEIRIQI_START),
        ("chess", CHESS_START),
        ("capablanca", CAPABLANCA_START),
        (D, "9k/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 2"),
        (D, "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
    ];
    let mut accepted = 0;
    for _ in 0..4000 {
        let (name, base) = bases[(next() % bases.len() as u64) as usize];
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..1 + next() % 3 {
            let i = (next() % chars.len().max(1) as u64) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            let last = chars.len().saturating_sub(1);
            match next() % 3 {
                0 if !chars.is_empty() => {
                    chars[i.min(last)] = c;
                }
                1 if !chars.is_empty() => {
                    chars.remove(i.min(last));
                }
                _ => chars.insert(i.min(chars.len()), c),
            }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(p) = read(name, &fen) {
            accepted += 1;
            let written = p.to_fen();
            let again =
                read(name, &written).unwrap_or_else(|e| panic!("{fen:?} -> {written:?}: {e}"));
            assert_eq!(again.to_fen(), written);
            for m in p.legal_moves() {
                assert_eq!(p.parse_move(&p.move_text(&m)), Ok(m));
            }
            let _ = p.outcome();
        }
        // Random move texts on a start position.
        let p = Position::start(variant(name));
        let len = next() % 7;
        let text: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let _ = p.parse_move(&text);
    }
    assert!(accepted > 0);
}
