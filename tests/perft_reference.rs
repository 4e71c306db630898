//! The deep Decimaka and Meiriqi counts of `tests/data/` were computed by this
//! library's own perft; here their shallow depths are checked against the
//! independent king-capture reference of `tests/common` (pseudo-legal moves,
//! minus those after which the King can be taken), which shares no attack
//! tables or pin logic with the generator.
//!
//! `cargo test --test perft_reference` checks the counts up to 200,000 nodes;
//! the rest of depths 1-4 takes minutes:
//! `cargo test --release --test perft_reference -- --ignored`.

mod common;

use std::fs;

use betza::{Position, Variant};
use common::reference_legal;

/// The files whose counts are checked.
const FILES: [&str; 2] = ["decimaka-meiriqi.perft", "decimaka-meiriqi-deep.perft"];

/// `(id, variant, fen, depth, nodes)` of every `perft` line of [`FILES`].
fn entries() -> Vec<(String, String, String, u32, u64)> {
    let mut out = Vec::new();
    for file in FILES {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (mut id, mut variant, mut fen) = (String::new(), String::new(), String::new());
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => id = value.to_string(),
                "variant" => variant = value.to_string(),
                "fen" => fen = value.to_string(),
                "perft" => {
                    let (d, n) = value.split_once(' ').expect("perft DEPTH NODES");
                    let (d, n) = (d.parse().expect("depth"), n.parse().expect("nodes"));
                    out.push((id.clone(), variant.clone(), fen.clone(), d, n));
                }
                _ => panic!("{path}: unknown key {key:?}"),
            }
        }
    }
    out
}

/// Perft by the king-capture reference.
fn reference_perft(pos: &Position<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    reference_legal(pos)
        .iter()
        .map(|m| reference_perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}

/// Checks every entry `pick` keeps, each on its own thread; returns how many
/// ran.
fn check(pick: impl Fn(u32, u64) -> bool) -> usize {
    let chosen: Vec<_> = entries().into_iter().filter(|e| pick(e.3, e.4)).collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chosen
            .iter()
            .map(|(id, variant, fen, depth, nodes)| {
                s.spawn(move || {
                    let v = Variant::by_name(variant).expect("a built-in variant");
                    let pos = Position::from_fen(v, fen).expect("a valid FEN");
                    let got = reference_perft(&pos, *depth);
                    (got != *nodes).then(|| {
                        format!("{id} depth {depth}: the data says {nodes}, the reference {got}")
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    chosen.len()
}

/// Entries up to this many nodes are checked by default (a few seconds).
const QUICK: u64 = 200_000;

#[test]
fn small_counts_agree_with_the_king_capture_reference() {
    // Depths 1-2 of six positions (two starts, four middlegames), depth 3 of
    // the starts.
    assert!(check(|depth, nodes| depth <= 4 && nodes <= QUICK) >= 14);
}

#[test]
#[ignore = "minutes: run in release mode (`cargo test --release --test perft_reference -- --ignored`)"]
fn depths_3_and_4_agree_with_the_king_capture_reference() {
    assert!(check(|depth, nodes| depth <= 4 && nodes > QUICK) >= 10);
}
