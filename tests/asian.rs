//! The Asian game rules of issue 37 (item 7): Makpong's King in check,
//! ASEAN's and Cambodian counting, Cambodian first moves, Shatar's mate,
//! as Fairy-Stockfish judges them (counts from its binary where noted).

use betza::{Position, Variant};

fn moves(variant: &str, fen: &str) -> Vec<String> {
    let v = Variant::by_name(variant).unwrap();
    let pos = Position::from_fen(v, fen).unwrap();
    let mut list: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    list.sort();
    list
}

#[test]
fn makpong_king_in_check_may_only_take_its_checker() {
    // Makruk: the King steps away from the Rook's check.
    assert_eq!(
        moves("makruk", "4k3/8/8/8/8/4r3/8/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
    // Makpong: it may not (Fairy-Stockfish counts 0 moves: mate).
    assert!(moves("makpong", "4k3/8/8/8/8/4r3/8/4K3 w - - 0 1").is_empty());
    // Taking the one checker is allowed.
    assert_eq!(
        moves("makpong", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
        ["e1e2"]
    );
    // Out of check the King moves freely.
    assert_eq!(moves("makpong", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").len(), 5);
    // The check is met by another piece; a refused King move says why.
    let fen = "4k3/8/8/8/8/4r3/8/2N1K3 w - - 0 1";
    assert_eq!(moves("makpong", fen), ["c1e2"]);
    let v = Variant::by_name("makpong").unwrap();
    let pos = Position::from_fen(v, fen).unwrap();
    let e = pos.parse_move("e1d1").unwrap_err().to_string();
    assert!(e.contains("makpong"), "{e}");
}

/// pyffish's ASEAN counting assertions (test.py, `get_fen`): the bare
/// King counts from 0 against a Rook (16 moves), a Khon (44) or a Knight
/// (64); never with a pawn on the board, nor against Mets alone.
#[test]
fn asean_counting_as_pyffish() {
    let v = Variant::by_name("asean").unwrap();
    for (fen, m, want) in [
        (
            "4k3/3r4/2K5/8/3R4/8/8/8 w - - 0 1",
            "d4d7",
            "4k3/3R4/2K5/8/8/8/8/8 b - 32 0 1",
        ),
        (
            "4k3/3r4/2K5/8/3R4/1P6/8/8 w - - 0 1",
            "d4d7",
            "4k3/3R4/2K5/8/8/1P6/8/8 b - - 0 1",
        ),
        (
            "8/2P1k3/2K5/8/8/8/8/8 w - - 0 1",
            "c7c8b",
            "2B5/4k3/2K5/8/8/8/8/8 b - 88 0 1",
        ),
        (
            "8/8/4K3/3Q4/1k1N4/5b2/8/8 w - - 0 1",
            "d4f3",
            "8/8/4K3/3Q4/1k6/5N2/8/8 b - 128 0 1",
        ),
        (
            "3Q4/4P3/4K3/3Q4/1k6/8/8/8 w - - 0 1",
            "e7e8q",
            "3QQ3/8/4K3/3Q4/1k6/8/8/8 b - - 0 1",
        ),
    ] {
        let mut game = betza::Game::from_fen(v, fen).unwrap();
        game.play_text(m).unwrap();
        assert_eq!(game.to_fen(), want, "{fen} {m}");
    }
}

/// The ASEAN count runs out: a draw by counting, the count read from FEN.
#[test]
fn asean_count_runs_out() {
    let v = Variant::by_name("asean").unwrap();
    let mut game = betza::Game::from_fen(v, "4k3/3R4/2K5/8/8/8/8/8 b - 32 32 1").unwrap();
    assert!(game.outcome().is_none());
    game.play_text("e8f8").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, betza::EndReason::Counting));
}
