//! `cargo run --release --example perft -- VARIANT DEPTH [--fen FEN | --sfen SFEN | --start N] [--divide]
//! [--no-bulk] [--threads N] [--shard K/N]`, or `--variant-file FILE DEPTH ...`
//! for a variant defined in a file (the TOML format of `docs/`).
//!
//! Prints `total N` (with `--divide`, first a line `MOVE COUNT` per legal root
//! move, sorted by move text). `--no-bulk` plays every leaf move instead of
//! counting the last ply; `--threads N` counts on N threads; `--shard K/N`
//! counts only the K-th of N disjoint parts of the tree (the depth-2 move
//! pairs dealt out in turn), so that the N parts, run anywhere, add up to the
//! whole. `--start N` counts from start position number N of a variant with
//! shuffled starts (`chess960`: Scharnagl's 0-959, 518 the standard array).
//! Timing and nodes per second go to stderr.

// The test `tests/example_perft.rs` includes this file as a module.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use betza::{AnyVariant, Board, BoardVariant, PerftOptions, Position, Shard, with_board};

#[path = "support/load.rs"]
mod load;

/// The usage text.
pub const USAGE: &str =
    "usage: perft VARIANT DEPTH [--fen FEN | --sfen SFEN | --start N] [--divide] [--no-bulk] [--threads N] [--shard K/N]
       perft --variant-file FILE DEPTH [OPTIONS]";

/// The command line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The variant's name (empty with `variant_file`).
    pub variant: String,
    /// The file defining the variant, instead of a built-in's name.
    pub variant_file: Option<PathBuf>,
    /// Plies to count.
    pub depth: u32,
    /// The position, when not the start.
    pub fen: Option<String>,
    /// The position in SFEN (the shogi family), instead of `fen`.
    pub sfen: Option<String>,
    /// The number of a shuffled start position (`chess960`'s 0-959).
    pub start: Option<u64>,
    /// One line per root move.
    pub divide: bool,
    /// How to count.
    pub perft: PerftOptions,
}

/// A command-line mistake: what is wrong, and whether to show the usage.
#[derive(Debug, PartialEq, Eq)]
pub struct ArgError {
    /// The message.
    pub message: String,
    /// The usage helps (the shape of the command line is wrong).
    pub usage: bool,
}

fn usage_error(message: impl Into<String>) -> ArgError {
    ArgError {
        message: message.into(),
        usage: true,
    }
}

/// Reads the command line (without the program name).
pub fn parse_args(args: &[OsString]) -> Result<Options, ArgError> {
    let mut positional = Vec::new();
    let mut fen = None;
    let mut sfen = None;
    let mut start = None;
    let mut divide = false;
    let mut no_bulk = false;
    let mut threads = None;
    let mut shard = None;
    let mut variant_file: Option<PathBuf> = None;
    let mut i = 0;
    let text = |a: &OsString| {
        a.to_str().map(str::to_string).ok_or_else(|| ArgError {
            message: format!("argument {a:?} is not valid UTF-8"),
            usage: false,
        })
    };
    while i < args.len() {
        let arg = text(&args[i])?;
        let mut value = |what: &str| {
            i += 1;
            match args.get(i) {
                Some(v) => text(v),
                None => Err(usage_error(format!("{arg} needs {what}"))),
            }
        };
        let once = |seen: bool| {
            if seen {
                Err(usage_error(format!("{arg} is given twice")))
            } else {
                Ok(())
            }
        };
        match arg.as_str() {
            "--divide" => {
                once(divide)?;
                divide = true;
            }
            "--no-bulk" => {
                once(no_bulk)?;
                no_bulk = true;
            }
            "--fen" => {
                once(fen.is_some() || sfen.is_some() || start.is_some())?;
                fen = Some(value("a FEN argument")?);
            }
            "--start" => {
                once(fen.is_some() || sfen.is_some() || start.is_some())?;
                let v = value("a start position's number")?;
                start = Some(
                    v.parse::<u64>()
                        .map_err(|_| usage_error(format!("--start {v:?}: not a whole number")))?,
                );
            }
            "--sfen" => {
                once(fen.is_some() || sfen.is_some() || start.is_some())?;
                sfen = Some(value("an SFEN argument")?);
            }
            "--variant-file" => {
                once(variant_file.is_some())?;
                i += 1;
                match args.get(i) {
                    // A path need not be UTF-8.
                    Some(p) => variant_file = Some(PathBuf::from(p)),
                    None => return Err(usage_error("--variant-file needs a FILE")),
                }
            }
            "--threads" => {
                once(threads.is_some())?;
                let v = value("a number of threads")?;
                threads = Some(match v.parse::<usize>() {
                    Ok(n) if (1..=1024).contains(&n) => n,
                    _ => {
                        return Err(usage_error(format!(
                            "--threads {v:?}: not a whole number from 1 to 1024"
                        )));
                    }
                });
            }
            "--shard" => {
                once(shard.is_some())?;
                let v = value("K/N, as in 2/8")?;
                let parsed = v
                    .split_once('/')
                    .and_then(|(k, n)| Shard::new(k.parse().ok()?, n.parse().ok()?));
                shard = Some(parsed.ok_or_else(|| {
                    usage_error(format!(
                        "--shard {v:?}: expected K/N with 1 <= K <= N, as in 2/8"
                    ))
                })?);
            }
            s if s.starts_with("--") => return Err(usage_error(format!("unknown option {s}"))),
            s => positional.push(s.to_string()),
        }
        i += 1;
    }
    let (name, depth) = match (&variant_file, positional.as_slice()) {
        (None, [name, depth]) => (name.clone(), depth),
        (Some(_), [depth]) => (String::new(), depth),
        (Some(_), [_, _]) => {
            return Err(usage_error(
                "a variant name and --variant-file: give one of them",
            ));
        }
        (Some(_), _) => return Err(usage_error("expected DEPTH after --variant-file FILE")),
        (None, _) => return Err(usage_error("expected VARIANT and DEPTH")),
    };
    if variant_file.is_none() && AnyVariant::by_name(&name).is_err() {
        return Err(ArgError {
            message: format!(
                "unknown variant {name:?}; the built-in variants are {}",
                AnyVariant::builtin_names().join(", ")
            ),
            usage: false,
        });
    }
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 32 => d,
        _ => {
            return Err(ArgError {
                message: format!("depth {depth:?} is not a whole number from 0 to 32"),
                usage: false,
            });
        }
    };
    Ok(Options {
        variant: name,
        variant_file,
        depth,
        fen,
        sfen,
        start,
        divide,
        perft: PerftOptions {
            bulk: !no_bulk,
            threads: threads.unwrap_or(1),
            shard: shard.unwrap_or(Shard::whole()),
        },
    })
}

/// Counts as `opts` say and prints the lines to `out`; the total, or what is
/// wrong with the position.
pub fn run(opts: &Options, out: &mut impl Write) -> Result<u64, String> {
    let variant = match &opts.variant_file {
        Some(path) => load::variant_file(path)?,
        None => AnyVariant::by_name(&opts.variant)
            .map_err(|_| format!("unknown variant {:?}", opts.variant))?,
    };
    // The one dispatch on the board type; the rest is written once.
    with_board!(&variant, |v| start_and_count(v, opts, out))
}

/// Counts from the start, the FEN or the SFEN, in a variant of the board
/// type `B`.
fn start_and_count<B: Board>(
    variant: &BoardVariant<B>,
    opts: &Options,
    out: &mut impl Write,
) -> Result<u64, String> {
    let pos: Position<'_, B> = match (&opts.fen, &opts.sfen) {
        (Some(f), _) => variant.from_fen(f).map_err(|e| e.to_string())?,
        (None, Some(f)) => variant.from_sfen(f).map_err(|e| e.to_string())?,
        (None, None) => match opts.start {
            None => variant.start(),
            Some(n) => {
                let fen = match variant.random_start_count() {
                    None => {
                        return Err(format!(
                            "{} has no numbered start positions",
                            variant.name()
                        ));
                    }
                    Some(count) if n >= count => {
                        return Err(format!(
                            "--start {n}: {} numbers its start positions 0 to {}",
                            variant.name(),
                            count - 1
                        ));
                    }
                    Some(_) => variant.random_start_fen(n).unwrap_or_default(),
                };
                variant.from_fen(&fen).map_err(|e| e.to_string())?
            }
        },
    };
    count(pos, opts, out)
}

/// Counts from `pos` and prints the lines.
fn count<B: Board>(
    pos: Position<'_, B>,
    opts: &Options,
    out: &mut impl Write,
) -> Result<u64, String> {
    let io = |e: io::Error| e.to_string();
    let (root, list) = if opts.divide {
        pos.divide_with(opts.depth, opts.perft)
    } else {
        (pos.perft_with(opts.depth, opts.perft), Vec::new())
    };
    let mut total = root;
    for (_, text, n) in list {
        writeln!(out, "{text} {n}").map_err(io)?;
        total += n;
    }
    writeln!(out, "total {total}").map_err(io)?;
    Ok(total)
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {}", e.message);
            if e.usage {
                eprintln!("{USAGE}");
                eprintln!("variants: {}", AnyVariant::builtin_names().join(", "));
                return ExitCode::from(2);
            }
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let mut out = io::stdout().lock();
    match run(&opts, &mut out) {
        Ok(total) => {
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "{:.3} s, {:.2} million nodes/s",
                secs,
                total as f64 / secs.max(1e-9) / 1e6
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
