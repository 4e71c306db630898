//! `cargo run --release --example perft -- VARIANT DEPTH [--fen FEN] [--divide]`
//!
//! Prints `total N` (with `--divide`, first a line `MOVE COUNT` per legal root
//! move, sorted by move text). Timing and nodes per second go to stderr.

use std::process::ExitCode;
use std::time::Instant;

use betza::{Position, Variant};

fn usage() -> ExitCode {
    eprintln!("usage: perft VARIANT DEPTH [--fen FEN] [--divide]");
    eprintln!("variants: {}", Variant::builtin_names().join(", "));
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut positional = Vec::new();
    let mut fen = None;
    let mut divide = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--divide" => divide = true,
            "--fen" => {
                i += 1;
                match args.get(i) {
                    Some(f) => fen = Some(f.clone()),
                    None => {
                        eprintln!("error: --fen needs a FEN argument");
                        return usage();
                    }
                }
            }
            s if s.starts_with("--") => {
                eprintln!("error: unknown option {s}");
                return usage();
            }
            s => positional.push(s.to_string()),
        }
        i += 1;
    }
    let [name, depth] = positional.as_slice() else {
        eprintln!("error: expected VARIANT and DEPTH");
        return usage();
    };
    let Some(variant) = Variant::by_name(name) else {
        eprintln!(
            "error: unknown variant {name:?}; the built-in variants are {}",
            Variant::builtin_names().join(", ")
        );
        return ExitCode::FAILURE;
    };
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 32 => d,
        _ => {
            eprintln!("error: depth {depth:?} is not a whole number from 0 to 32");
            return ExitCode::FAILURE;
        }
    };
    let pos = match fen {
        None => Position::start(variant),
        Some(f) => match Position::from_fen(variant, &f) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let start = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (_, text, n) in pos.divide(depth) {
            println!("{text} {n}");
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("total {total}");
    eprintln!(
        "{:.3} s, {:.2} million nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
