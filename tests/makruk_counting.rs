//! Makruk's count in FEN, as Fairy-Stockfish writes it (`w - 128 14 46`: the
//! limit and the plies counted in the en-passant and half-move fields), and
//! its promoted Met marked `~`: the positions and answers of pyffish's own
//! test suite (test.py, `test_get_fen`).

use betza::{FenError, Game, Position, Variant};

fn makruk() -> &'static Variant {
    Variant::by_name("makruk").unwrap()
}

/// The FEN after `moves` from `fen`, with promoted Mets shown, as pyffish's
/// `get_fen(..., show_promoted=True)` writes it.
fn fen_after(fen: &str, moves: &[&str]) -> String {
    let mut game = Game::from_fen(makruk(), fen).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    game.with_counting_fields(game.position().to_fen_promoted())
}

#[test]
fn a_promoted_met_is_marked() {
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    let fen = "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3";
    assert_eq!(
        fen_after(start, &["e3e4", "d6d5", "e4d5", "a6a5", "d5c6m"]),
        fen
    );
    assert_eq!(fen_after(fen, &[]), fen);
    // Plain FEN leaves the mark out, as Fairy-Stockfish does by default.
    let game = Game::from_fen(makruk(), fen).unwrap();
    assert_eq!(game.to_fen(), fen.replace("M~", "M"));
    // A mark on a piece no pawn promotes to is refused.
    let err = Position::from_fen(makruk(), "4k3/8/4S~3/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    assert!(matches!(err, FenError::Marked(_)), "{err}");
}

#[test]
fn pieces_honour_counts_from_the_pieces_on_the_board() {
    // The promotion leaves the black King bare: one Khon left, 44 moves,
    // counted from the 4 pieces on the board.
    assert_eq!(
        fen_after("8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1", &["g5g6m"]),
        "8/3k4/6M~1/2K1S3/8/8/8/8 b - 88 8 1"
    );
    // A capture that bares the King starts a new count: two Khons, 22 moves.
    assert_eq!(
        fen_after("8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 97 1", &["e5f6"]),
        "8/2K3k1/5S2/6S1/8/8/8/8 b - 44 8 1"
    );
}

#[test]
fn boards_honour_counts_on() {
    assert_eq!(
        fen_after("3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1", &["f5f6m"]),
        "3k4/2m5/5M~2/4M3/3KS3/8/8/8 b - 128 0 1"
    );
    assert_eq!(
        fen_after("3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 0 33", &["d4d5"]),
        "3k4/2m5/5M~2/3KM3/4S3/8/8/8 b - 128 1 33"
    );
    assert_eq!(
        fen_after("3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 36 1", &["d4d5"]),
        "3k4/2m5/5M~2/3KM3/4S3/8/8/8 b - 128 37 1"
    );
}

#[test]
fn the_count_read_from_a_fen_ends_the_game() {
    // 127 plies of 128 counted: one more move and the count has run out.
    let mut game = Game::from_fen(makruk(), "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 128 40").unwrap();
    assert_eq!(game.counting(), Some((128, 128)));
    assert!(game.outcome().is_none());
    game.play_text("d4d5").unwrap();
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(betza::EndReason::Counting)
    );
    // The position alone keeps no count: its half-move clock is 0.
    let pos = Position::from_fen(makruk(), "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 128 36 1").unwrap();
    assert_eq!(pos.to_fen(), "3k4/2m5/5M2/4M3/3KS3/8/8/8 w - - 0 1");
}

#[test]
fn bad_counting_fields_are_refused() {
    for fen in [
        "3k4/2m5/8/4M3/3KS3/8/8/8 w - 99999999999 0 1",
        "3k4/2m5/8/4M3/3KS3/8/8/8 w - 128 x 1",
        "3k4/2m5/8/4M3/3KS3/8/8/8 w - 128 -1 1",
    ] {
        let err = Game::from_fen(makruk(), fen).unwrap_err();
        assert!(matches!(err, FenError::Counting(_)), "{fen}: {err}");
        assert!(err.to_string().starts_with("counting fields"), "{err}");
    }
    // Chess has no counting: a number there is no en-passant square.
    let chess = Variant::by_name("chess").unwrap();
    assert!(Game::from_fen(chess, "4k3/8/8/8/8/8/8/4K3 w - 128 0 1").is_err());
}
