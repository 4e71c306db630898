//! Bulk counting (what `perft` does at its last ply) against move generation.
//! Where all the moves of a piece type are shifts of the board (leaps and
//! short lines), perft counts the type's pieces at once; those counts must
//! agree with the moves listed one by one, with pins, checks, en passant and
//! every kind of promotion.

mod common;

use betza::{Position, Variant};
use common::Rng;

/// Bulk and listed counts agree at depths 1 and 2.
#[track_caller]
fn agree(pos: &Position<'_>) {
    let fen = pos.to_fen();
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64, "{fen}");
    assert_eq!(pos.perft(2), pos.perft_no_bulk(2), "{fen}");
}

/// Every position of a few random games of `v`.
fn along_random_games(v: &Variant, games: u64, plies: usize) {
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start(v);
        for _ in 0..plies {
            agree(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn every_built_in_counts_as_it_generates() {
    for name in Variant::builtin_names() {
        along_random_games(Variant::by_name(name).unwrap(), 4, 80);
    }
}

/// Pieces whose lines overlap (two-square riders on one file block each
/// other), lines that only move or only capture, and a Pawn that promotes on
/// the last rank to either of them.
const SHIFTERS: &str = r#"
name = "shifters"
files = 8
ranks = 8
start = "k7/pppppppp/wwmmwwmm/8/8/WWMMWWMM/PPPPPPPP/K7 w - - 0 1"
en-passant = true

[promotion]
scheme = "zone"
zone = { white = "a7-h8", black = "a1-h2" }
forced = { white = "a8-h8", black = "a1-h1" }

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Walker"
token = "W"
betza = "W2"

[[piece]]
name = "Mover"
token = "M"
betza = "mF2cW3"

[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfceFifmnD"
pawn = true
initial = { white = "a2-h2", black = "a7-h7" }
promotes = ["W", "M"]
"#;

#[test]
fn overlapping_short_lines_count_as_they_generate() {
    let v = Variant::from_definition(SHIFTERS).expect("valid");
    agree(&Position::start(&v));
    along_random_games(&v, 12, 120);
}

#[test]
fn pinned_and_checked_pieces_are_counted_one_by_one() {
    let v = Variant::by_name("chess").unwrap();
    // Four Pawns or more, so that the Pawns are counted as a type.
    for fen in [
        // The d-pawn is pinned by the Bishop and may not take the Knight.
        "4r2k/8/8/8/1b6/4n3/PPPPPPPP/4K3 w - - 0 1",
        // In check from a Knight: only the captures and King moves count.
        "7k/8/8/8/8/5n2/PPPPPPPP/4K3 w - - 0 1",
        // An en-passant capture that would open the rank to the Rook.
        "7k/8/8/KPp4r/8/8/PPP5/8 w - c6 0 1",
        // Promotions, quiet and capturing.
        "1n5k/PPPP4/8/8/8/8/8/K7 w - - 0 1",
    ] {
        agree(&Position::from_fen(v, fen).expect("valid FEN"));
    }
}
