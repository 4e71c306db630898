//! Perft against the numbers in `tests/data/*.perft`.
//!
//! `cargo test` runs every entry up to 1,000,000 nodes; the deep ones run in
//! release mode: `cargo test --release --test perft -- --ignored`. Counts too
//! slow for CI (over a minute each) are in `tests/data/slow/`, read only with
//! `BETZA_SLOW=1` set:
//! `BETZA_SLOW=1 cargo test --release --test perft -- --ignored perft_deep`.

use std::fs;

use betza::{Position, Variant};

struct Entry {
    id: String,
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let mut out = entries_in(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"));
    if std::env::var_os("BETZA_SLOW").is_some_and(|v| v == "1") {
        out.extend(entries_in(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/slow"
        )));
    }
    out
}

fn entries_in(dir: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("tests/data exists")
        .map(|e| e.expect("readable dir").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data files");
    for path in files {
        let text = fs::read_to_string(&path).expect("readable data file");
        let (mut id, mut variant, mut fen) = (String::new(), String::new(), String::new());
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => id = value.to_string(),
                "variant" => variant = value.to_string(),
                "fen" => fen = value.to_string(),
                "perft" => {
                    let (d, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                    out.push(Entry {
                        id: id.clone(),
                        variant: variant.clone(),
                        fen: fen.clone(),
                        depth: d.parse().expect("depth"),
                        nodes: nodes.parse().expect("nodes"),
                    });
                }
                _ => panic!("{}:{}: unknown key {key:?}", path.display(), n + 1),
            }
        }
    }
    out
}

fn run(filter: impl Fn(&Entry) -> bool) -> usize {
    let mut ran = 0;
    let mut failures = Vec::new();
    for e in entries().iter().filter(|e| filter(e)) {
        let v = Variant::by_name(&e.variant).expect("built-in variant");
        let pos = Position::from_fen(v, &e.fen).expect("valid FEN");
        let got = pos.perft(e.depth);
        if got != e.nodes {
            failures.push(format!(
                "{} depth {}: expected {}, got {}",
                e.id, e.depth, e.nodes, got
            ));
        }
        ran += 1;
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    ran
}

const LIMIT: u64 = 1_000_000;

#[test]
fn perft_shallow() {
    let ran = run(|e| e.nodes <= LIMIT);
    assert!(ran >= 30, "only {ran} entries ran");
}

#[test]
#[ignore = "deep: run in release mode (`cargo test --release --test perft -- --ignored`)"]
fn perft_deep() {
    let ran = run(|e| e.nodes > LIMIT);
    assert!(ran >= 5, "only {ran} entries ran");
}

#[test]
fn divide_sums_to_perft() {
    for name in Variant::builtin_names() {
        let pos = Position::start(Variant::by_name(name).expect("built in"));
        let divide = pos.divide(3);
        let sum: u64 = divide.iter().map(|(_, _, n)| n).sum();
        assert_eq!(sum, pos.perft(3), "{name}");
        assert_eq!(divide.len() as u64, pos.perft(1), "{name}");
        let texts: Vec<&String> = divide.iter().map(|(_, t, _)| t).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted, "{name}: divide is sorted by move text");
    }
}
