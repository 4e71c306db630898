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

fn after(variant: &str, fen: &str, moves: &[&str]) -> String {
    let v = Variant::by_name(variant).unwrap();
    let mut game = betza::Game::from_fen(v, fen).unwrap();
    for m in moves {
        game.play_text(m)
            .unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    game.to_fen()
}

const CAMBODIAN: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

/// Cambodian first moves: the King's sideways Knight leap to the second
/// rank and the Met's two steps forward, neither capturing; the King's
/// not out of check (pyffish's test.py).
#[test]
fn cambodian_first_moves() {
    // Makruk's 23 moves and the King's two leaps; the Met's square ahead
    // is a Pawn's (Fairy-Stockfish counts 25).
    let start = moves("cambodian", CAMBODIAN);
    assert!(start.contains(&"d1b2".to_string()) && start.contains(&"d1f2".to_string()));
    assert_eq!(start.len(), 25, "{start:?}");
    // With e3 empty the Met leaps there, over nothing.
    let open = moves(
        "cambodian",
        "rnsmksnr/8/pppppppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1",
    );
    assert!(open.contains(&"e1e3".to_string()), "{open:?}");
    let v = Variant::by_name("cambodian").unwrap();
    let mut game = betza::Game::from_fen(v, CAMBODIAN).unwrap();
    for m in ["b1d2", "g8e7", "d2e4", "d6d5", "e4d6"] {
        game.play_text(m).unwrap();
    }
    let legal: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(|m| game.position().move_text(m))
        .collect();
    for m in ["d8d6", "e8g7", "e8c7"] {
        assert!(!legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    // A King that has moved keeps no right: back on d1 it steps only.
    let fen = after("cambodian", CAMBODIAN, &["d1c2", "a6a5", "c2d1"]);
    assert!(fen.contains(" b Ede "), "{fen}");
}

/// The rights in FEN, and the King's lost to a Rook in line with it
/// (pyffish's test.py).
#[test]
fn cambodian_rights_in_fen() {
    for (fen, m, want) in [
        (
            "rnsmk1nr/4s3/pppppppp/8/8/PPPPPPPP/R7/1NSKMSNR w DEde - 2 2",
            "a2e2",
            "rnsmk1nr/4s3/pppppppp/8/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 3 2",
        ),
        (
            "1nsmksnr/r7/pppppppp/8/8/PPPPPPPP/2SN4/R2KMSNR b DEde - 3 2",
            "a7d7",
            "1nsmksnr/3r4/pppppppp/8/8/PPPPPPPP/2SN4/R2KMSNR w Ede - 4 3",
        ),
        (
            "rnsmksnr/8/1ppppppp/8/8/1PPPPPPP/8/RNSKMSNR w DEde - 0 1",
            "a1a8",
            "Rnsmksnr/8/1ppppppp/8/8/1PPPPPPP/8/1NSKMSNR b DEd - 0 1",
        ),
    ] {
        assert_eq!(after("cambodian", fen, &[m]), want);
    }
}

/// Cambodian counting as pyffish's test.py has it (`count_started` 0).
#[test]
fn cambodian_counting_as_pyffish() {
    for (fen, m, want) in [
        (
            "8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1",
            "g5g6m",
            "8/3k4/6M1/2K1S3/8/8/8/8 b - 86 8 1",
        ),
        (
            "8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 97 1",
            "e5f6",
            "8/2K3k1/5S2/6S1/8/8/8/8 b - 42 8 1",
        ),
        // (pyffish's "8/8/4k3/5P2/8/2RMK3/8/8 w - 126 41 50" f5f6m is refused
        // here: White to move gives check, the Pawn on f5 attacks e6.)
        (
            "8/8/4k3/5P2/8/2RMK3/8/8 b - 126 42 50",
            "e6f5",
            "8/8/8/5k2/8/2RMK3/8/8 w - 30 7 51",
        ),
        (
            "3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1",
            "f5f6m",
            "3k4/2m5/5M2/4M3/3KS3/8/8/8 b - 126 0 1",
        ),
        (
            "3k4/2m5/5M~2/4M3/3KS3/8/8/8 w - 126 0 33",
            "d4d5",
            "3k4/2m5/5M2/3KM3/4S3/8/8/8 b - 126 1 33",
        ),
    ] {
        assert_eq!(after("cambodian", fen, &[m]), want, "{fen} {m}");
    }
}

/// Kar Ouk: the first check wins.
#[test]
fn karouk_first_check_wins() {
    let v = Variant::by_name("karouk").unwrap();
    let mut game = betza::Game::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    game.play_text("a1a8").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(betza::Color::White), betza::EndReason::Checks)
    );
}

/// The built-in definitions (their own files) count as the sections of
/// `variants/fairy-stockfish.ini` that Fairy-Stockfish's binary counted:
/// every row of the data files for these variants, to 300,000 nodes.
#[test]
fn builtins_count_as_fairy_stockfish() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let text = ["fairy-stockfish.perft", "fairy-stockfish-built.perft"]
        .map(|f| std::fs::read_to_string(format!("{dir}{f}")).unwrap())
        .join("\n");
    let mine = ["makpong", "cambodian", "karouk", "asean", "shatar"];
    let (mut variant, mut fen) = (String::new(), String::new());
    let mut ran = 0;
    for line in text.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix("variant ") {
            variant = v.to_string();
        } else if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if !mine.contains(&variant.as_str()) || n > 300_000 {
                continue;
            }
            let v = Variant::by_name(&variant).unwrap();
            let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos.perft(d), n, "{variant} {fen} depth {d}");
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran}");
}

/// Kar Ouk's FEN with a count running: the limit, the checks, the plies,
/// as Fairy-Stockfish writes them; read back.
#[test]
fn karouk_counting_fields_around_the_checks() {
    let fen = after("karouk", "3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1", &["f5f6m"]);
    assert_eq!(fen, "3k4/2m5/5M2/4M3/3KS3/8/8/8 b - 126 1+1 0 1");
    let again = after("karouk", &fen, &["c7b6"]);
    assert_eq!(again, "3k4/8/1m3M2/4M3/3KS3/8/8/8 w - 126 1+1 1 2");
}

fn outcome(variant: &str, fen: &str) -> Option<(Option<betza::Color>, betza::EndReason)> {
    let v = Variant::by_name(variant).unwrap();
    let game = betza::Game::from_fen(v, fen).unwrap();
    game.outcome().map(|o| (o.winner, o.reason))
}

/// Shatar's mate rule: a mate by the Knight alone loses for the mating
/// side; a mate with no check by Knight, Rook or Bers in its series is a
/// draw; a bare King draws at once.
#[test]
fn shatar_mate_rule_and_bare_king() {
    use betza::{Color, EndReason};
    // Mated by the Knight alone: Black, mated, wins.
    assert_eq!(
        outcome("shatar", "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1"),
        Some((Some(Color::Black), EndReason::Checkmate))
    );
    // By the Bishop, no earlier check: a draw.
    assert_eq!(
        outcome("shatar", "6bk/7p/8/8/8/8/1B6/4K3 b - - 0 1"),
        Some((None, EndReason::Checkmate))
    );
    // By the Rook: White wins.
    assert_eq!(
        outcome("shatar", "R6k/6pp/8/8/8/8/8/4K3 b - - 0 1"),
        Some((Some(Color::White), EndReason::Checkmate))
    );
    // A bare King: a draw at once, no legal moves.
    let v = Variant::by_name("shatar").unwrap();
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").unwrap();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        outcome("shatar", "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"),
        Some((None, EndReason::Extinction))
    );
}
