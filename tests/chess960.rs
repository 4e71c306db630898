//! Castling from any start (Fischer random): shakmaty's published perft
//! files (`tests/data/shakmaty/`, source named there) in `chess960`, and the
//! castling rules one by one.
//!
//! `cargo test` counts every position up to 1,000,000 nodes (all 960 start
//! positions at depth 4); the full depths run in release mode:
//! `cargo test --release --test chess960 -- --ignored`.

use std::fs;

use betza::{CastlingNotation, Position, Variant};

struct Entry {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads shakmaty's format: `id`, `epd`, then `perft DEPTH NODES` lines.
fn entries(file: &str) -> Vec<Entry> {
    let path = format!("{}/tests/data/shakmaty/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).expect("readable data file");
    let mut out: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => out.push(Entry {
                id: value.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => out.last_mut().expect("id first").fen = value.to_string(),
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft DEPTH NODES");
                out.last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().expect("depth"), n.parse().expect("nodes")));
            }
            _ => {}
        }
    }
    out
}

/// Counts every entry's depths that `take` picks; returns how many ran.
fn run(file: &str, take: impl Fn(u32, u64) -> bool) -> usize {
    let v = Variant::by_name("chess960").expect("built in");
    let mut ran = 0;
    let mut failures = Vec::new();
    for e in entries(file) {
        let pos = match Position::from_fen(v, &e.fen) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{}: {} refused: {err}", e.id, e.fen));
                continue;
            }
        };
        for &(depth, nodes) in e.counts.iter().filter(|(d, n)| take(*d, *n)) {
            let got = pos.perft(depth);
            if got != nodes {
                failures.push(format!(
                    "{} depth {depth}: expected {nodes}, got {got}",
                    e.id
                ));
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

const LIMIT: u64 = 1_000_000;

#[test]
fn tricky_every_position() {
    assert_eq!(entries("tricky.perft").len(), 26);
    let ran = run("tricky.perft", |d, n| n <= LIMIT && d < 10);
    assert!(ran >= 70, "only {ran} counts ran");
}

#[test]
fn chess960_every_position_to_depth_4() {
    let all = entries("chess960.perft");
    assert_eq!(all.len(), 960);
    let ran = run("chess960.perft", |d, _| d <= 4);
    assert_eq!(ran, 960 * 4);
}

#[test]
#[ignore = "deep: run in release mode (`cargo test --release --test chess960 -- --ignored`)"]
fn published_counts_to_full_depth() {
    run("tricky.perft", |d, n| n > LIMIT || d >= 10);
    run("chess960.perft", |d, _| d > 4);
}
