//! Move-generation benchmark: nodes per second of perft, ours and shakmaty's.
//!
//! ```text
//! cargo run --release -p betza-bench -- [--quick] [--runs N] [--bulk | --full] [FILTER...]
//! cargo run --release -p betza-bench -- --gen-fens
//! cargo run --release -p betza-bench -- --perft [--shakmaty] [--no-bulk | --engine] [--fen FEN] VARIANT DEPTH
//! ```
//!
//! Every case is timed `--runs` times (default 7, at least 5 are needed for a
//! meaningful median; a run repeats a short perft to last at least 100 ms)
//! and the median time is reported. The machine's load average is printed
//! with the table: other processes make the figures noisy. Two modes:
//!
//! - `bulk`: [`Position::perft`], which counts the last ply's moves without
//!   playing them (shakmaty: `shakmaty::perft`, which does the same);
//! - `full`: [`perft_full`] below, which plays every leaf move. Our only public
//!   way to play a move is the checked [`Position::play`], which first proves
//!   the move legal by generating the position's moves again, so this mode
//!   costs about one extra generation per leaf; it runs one ply shallower than
//!   `bulk` to keep the run short. shakmaty's counterpart plays with its
//!   `play_unchecked`.
//!
//! `--quick` (for CI smoke runs) does 3 runs one ply shallower. FILTER words
//! keep the cases whose name contains any of them (`decimaka`, `kiwipete`,
//! `start`, ...). `--gen-fens` prints the middlegame positions again from
//! their seeds; they are hard-coded below so the benchmark stays fixed when
//! the move order of the generator changes.
//!
//! Every board type runs: a case's variant comes from
//! [`AnyVariant::by_name`] and [`with_board!`] picks the board, so Chu
//! Shogi (12x12, `Large`) is the large-board case, with a target of 20 M
//! nodes/s with bulk counting (issue 24).
//!
//! The table goes to stdout (Markdown), progress to stderr. Node counts are
//! checked: bulk against full at the same depth, and ours against shakmaty's.
//!
//! A third mode, `engine`, walks the tree as a search does (without its
//! pruning): at every node it asks [`Position::is_check`], lists the legal
//! moves into a buffer kept per depth ([`Position::legal_moves_into`]), and
//! plays each with [`Position::play_in_place_unchecked`] and takes it back
//! with [`Position::undo_move`]. Its node count is every node of the tree,
//! the root included (the sum of the perfts of depths 0 to D); shakmaty walks
//! the same tree with `is_check`, `legal_moves` and a `play_unchecked` on a
//! clone (it has no unmake), and the two walks must agree on nodes and checks.
//! It runs for [`ENGINE_CASES`], one ply shallower than `bulk`.
//!
//! `--perft` runs one perft of the variant's start position (or of the
//! position `--fen` gives) and prints its
//! node count, nothing else: `bench/ir.sh` runs it under callgrind to count
//! instructions per node. `--no-bulk` plays every leaf move
//! ([`Position::perft_no_bulk`]; shakmaty: its `play_unchecked`), `--engine`
//! walks the tree as the `engine` mode does (and prints its node count), and
//! `--shakmaty` counts with shakmaty instead (chess and chess960; the six
//! lichess variants too when built with the feature `variants`, which turns
//! on shakmaty's `variant`).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use betza::{AnyVariant, Board, BoardVariant, MoveList, Position, Variant, with_board};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Printed by `--gen-fens` (seeded random play from the start position, see
// `middlegames`), then copied here.
const DECIMAKA_20: &str = "r2yk1y2r/ctnbf1b1tc/pp1pppp1pp/6n3/2p4p2/3l1S4/YBPN1PP3/PP1PsN1PPP/CT4B1TC/1RL1FKY2R w Kkq - 0 11";
const DECIMAKA_40: &str = "1r1yk4r/ct1bf3tc/np1+Pppp1pp/6n2y/p6p1b/1p2N5/YBP2PP2P/P1+pP3PP1/C3FY2TC/1RL2K1B1R w Kk - 3 21";
const MEIRIQI_20: &str =
    "2yehg1mkm/ngsls1nw2/2p1p2ps1/p4p2p1/4N3p1/4P5/7PPP/P1fS1P2S1/NG1LSG1WM1/1FYEH2M1K w - - 0 11";
const MEIRIQI_40: &str = "1gyNh2m1m/n1s1s1nw1k/3pg1p1s1/p2l4p1/5p2p1/4P4P/P1F4P1P/1GfSGP2S1/N2LS2WM1/2YEH2M1K w - - 3 21";

/// Which variants get random-play middlegames, with their seeds.
const MIDDLEGAME_SEEDS: &[(&str, u64)] = &[("decimaka", 0x000D_EC1A), ("meiriqi", 0x0003_E191)];
/// The plies at which the middlegames are taken (from one game).
const MIDDLEGAME_PLIES: [usize; 2] = [20, 40];

struct Case {
    name: &'static str,
    variant: &'static str,
    /// `None` for the variant's start position.
    fen: Option<&'static str>,
    /// Depth of the bulk-counting perft.
    depth: u32,
    /// Whether shakmaty can run the position too (orthodox chess).
    shakmaty: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "chess start",
        variant: "chess",
        fen: None,
        depth: 5,
        shakmaty: true,
    },
    Case {
        name: "chess kiwipete",
        variant: "chess",
        fen: Some(KIWIPETE),
        depth: 4,
        shakmaty: true,
    },
    Case {
        name: "capablanca start",
        variant: "capablanca",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "decimaka start",
        variant: "decimaka",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "decimaka ply 20",
        variant: "decimaka",
        fen: Some(DECIMAKA_20),
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "decimaka ply 40",
        variant: "decimaka",
        fen: Some(DECIMAKA_40),
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "meiriqi start",
        variant: "meiriqi",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "meiriqi ply 20",
        variant: "meiriqi",
        fen: Some(MEIRIQI_20),
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "meiriqi ply 40",
        variant: "meiriqi",
        fen: Some(MEIRIQI_40),
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "xiangqi start",
        variant: "xiangqi",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "grand start",
        variant: "grand",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "shogi start",
        variant: "shogi",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
    Case {
        name: "crazyhouse start",
        variant: "crazyhouse",
        fen: None,
        depth: 5,
        shakmaty: false,
    },
    // The large-board row: 12x12, a `Large` board (4 x u64 bitboards).
    Case {
        name: "chushogi start",
        variant: "chushogi",
        fen: None,
        depth: 4,
        shakmaty: false,
    },
];

/// The performance targets of the project's performance issue.
enum Target {
    /// Bulk nodes/s at least this fraction of shakmaty's.
    RatioToShakmaty(f64),
    /// Bulk nodes/s at least this many million.
    MillionNodesPerSecond(f64),
}

const TARGETS: &[(&str, Target)] = &[
    ("chess start", Target::RatioToShakmaty(0.25)),
    ("capablanca start", Target::MillionNodesPerSecond(30.0)),
    ("decimaka start", Target::MillionNodesPerSecond(20.0)),
    ("meiriqi start", Target::MillionNodesPerSecond(20.0)),
    // Issue 24: a 12x12 variant with Chu Shogi's material.
    ("chushogi start", Target::MillionNodesPerSecond(20.0)),
];

/// splitmix64: a tiny, good-enough PRNG for picking random moves.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`); the modulo bias is irrelevant here.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays random legal moves from the start position and returns the
/// positions after each of `plies` (ascending). A game that ends before the
/// last of them, or whose last position has no legal move, is thrown away and
/// another is played with the generator's next numbers.
fn middlegames<'v>(variant: &'v Variant, seed: u64, plies: &[usize]) -> Vec<Position<'v>> {
    let mut rng = SplitMix64(seed);
    let last = *plies.last().expect("at least one ply count");
    'game: loop {
        let mut pos = Position::start(variant);
        let mut out = Vec::new();
        for ply in 1..=last {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                continue 'game;
            }
            let m = moves[rng.below(moves.len())];
            pos = pos.play(&m).expect("a move from the legal list");
            if plies.contains(&ply) {
                out.push(pos);
            }
        }
        if pos.outcome().is_some() {
            continue 'game;
        }
        return out;
    }
}

/// Perft without bulk counting: every move of the last ply is played too.
fn perft_full<B: Board>(pos: &Position<'_, B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let child = pos.play_unchecked(&m);
        nodes += perft_full(&child, depth - 1);
    }
    nodes
}

/// shakmaty's perft without bulk counting.
fn shakmaty_full<P: shakmaty::Position + Clone>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += shakmaty_full(&child, depth - 1);
    }
    nodes
}

/// The cases the `engine` mode runs for.
const ENGINE_CASES: &[&str] = &[
    "chess start",
    "chess kiwipete",
    "decimaka start",
    "meiriqi start",
    "shogi start",
    "chushogi start",
];

/// What an engine's walk counts: the nodes visited and those in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Walked {
    nodes: u64,
    checks: u64,
}

/// A search's loop without the search: at every node ask whether the side
/// to move is in check, list the legal moves, and play each in place and
/// take it back, `depth` plies deep. `buffers[d]` is the move list of the
/// nodes `d` plies above the leaves, reused from node to node as an engine
/// keeps one per ply.
fn engine_walk<B: Board>(
    pos: &mut Position<'_, B>,
    depth: usize,
    buffers: &mut [MoveList],
    out: &mut Walked,
) {
    out.nodes += 1;
    out.checks += u64::from(pos.is_check());
    if depth == 0 {
        return;
    }
    let (moves, below) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves_into(moves);
    for m in moves.iter() {
        let undo = pos.play_in_place_unchecked(m);
        engine_walk(pos, depth - 1, below, out);
        pos.undo_move(&undo).expect("taken back in order");
    }
}

/// [`engine_walk`] from `pos`, `depth` plies deep.
fn engine<B: Board>(pos: &Position<'_, B>, depth: u32) -> Walked {
    let mut pos = *pos;
    let mut buffers: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    let mut out = Walked::default();
    engine_walk(&mut pos, depth as usize, &mut buffers, &mut out);
    out
}

/// shakmaty's [`engine`]: the same walk, each move played on a clone.
fn shakmaty_engine<P: shakmaty::Position + Clone>(pos: &P, depth: u32) -> Walked {
    fn walk<P: shakmaty::Position + Clone>(pos: &P, depth: u32, out: &mut Walked) {
        out.nodes += 1;
        out.checks += u64::from(pos.is_check());
        if depth == 0 {
            return;
        }
        for &m in &pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            walk(&child, depth - 1, out);
        }
    }
    let mut out = Walked::default();
    walk(pos, depth, &mut out);
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Bulk,
    Full,
    Engine,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Full => "full",
            Mode::Engine => "engine",
        }
    }
}

struct Options {
    quick: bool,
    runs: usize,
    modes: Vec<Mode>,
    filters: Vec<String>,
    gen_fens: bool,
}

fn usage() -> ExitCode {
    eprintln!("usage: bench [--quick] [--runs N] [--bulk | --full | --engine] [FILTER...]");
    eprintln!("       bench --gen-fens");
    eprintln!("       bench --perft [--shakmaty] [--no-bulk | --engine] [--fen FEN] VARIANT DEPTH");
    eprintln!("cases:");
    for c in CASES {
        eprintln!("  {}", c.name);
    }
    ExitCode::from(2)
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        quick: false,
        runs: 0,
        modes: vec![Mode::Bulk, Mode::Full, Mode::Engine],
        filters: Vec::new(),
        gen_fens: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--bulk" => o.modes = vec![Mode::Bulk],
            "--full" => o.modes = vec![Mode::Full],
            "--engine" => o.modes = vec![Mode::Engine],
            "--gen-fens" => o.gen_fens = true,
            "--runs" => {
                let n = args.next().ok_or("--runs needs a number")?;
                o.runs = match n.parse() {
                    Ok(n) if n > 0 => n,
                    _ => return Err(format!("--runs {n:?} is not a positive number")),
                };
            }
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s => o.filters.push(s.to_ascii_lowercase()),
        }
    }
    if o.runs == 0 {
        o.runs = if o.quick { 3 } else { 7 };
    }
    Ok(o)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

fn mnps(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64().max(1e-9) / 1e6
}

/// One measured row: our figures and, for chess, shakmaty's.
struct Row {
    case: &'static str,
    mode: Mode,
    depth: u32,
    nodes: u64,
    ours: Duration,
    theirs: Option<Duration>,
}

/// One run lasts at least this long: a perft that is quicker is repeated,
/// and its time is the run's time divided by the repetitions.
const MIN_RUN: Duration = Duration::from_millis(100);

/// Runs `perft` once or more (see [`MIN_RUN`]): the time of one call and its
/// node count.
fn timed(mut perft: impl FnMut() -> u64) -> (Duration, u64) {
    let start = Instant::now();
    let mut calls = 0u32;
    loop {
        let nodes = black_box(perft());
        calls += 1;
        let t = start.elapsed();
        if t >= MIN_RUN {
            return (t / calls, nodes);
        }
    }
}

/// The 1-minute load average, where the system tells it (Linux).
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(text.split_whitespace().next()?.to_string())
}

/// Times one case in one mode, alternating ours and shakmaty's runs so that
/// both see the same machine load.
fn measure(case: &Case, mode: Mode, depth: u32, runs: usize) -> Result<Row, String> {
    let variant = AnyVariant::by_name(case.variant).expect("a built-in variant");
    with_board!(&variant, |v| measure_on(v, case, mode, depth, runs))
}

/// [`measure`] in a variant of the board type `B`.
fn measure_on<B: Board>(
    variant: &BoardVariant<B>,
    case: &Case,
    mode: Mode,
    depth: u32,
    runs: usize,
) -> Result<Row, String> {
    let pos = match case.fen {
        None => variant.start(),
        Some(f) => variant
            .from_fen(f)
            .map_err(|e| format!("{}: {e}", case.name))?,
    };
    let chess: Option<Chess> = if case.shakmaty {
        let fen: Fen = case
            .fen
            .unwrap_or(variant.start_fen())
            .parse()
            .map_err(|e| format!("{}: shakmaty FEN: {e}", case.name))?;
        Some(
            fen.into_position(CastlingMode::Standard)
                .map_err(|e| format!("{}: shakmaty position: {e}", case.name))?,
        )
    } else {
        None
    };
    // The engine walk visits every node of the tree, not only the leaves.
    let expected = match mode {
        Mode::Engine => (0..=depth).map(|d| pos.perft(d)).sum(),
        _ => pos.perft(depth),
    };
    // Our walk's checks, which shakmaty's must match.
    let checks = (mode == Mode::Engine).then(|| engine(&pos, depth).checks);
    let mut ours = Vec::with_capacity(runs);
    let mut theirs = Vec::with_capacity(runs);
    for _ in 0..runs {
        let (t, n) = timed(|| match mode {
            Mode::Bulk => black_box(&pos).perft(depth),
            Mode::Full => perft_full(black_box(&pos), depth),
            Mode::Engine => engine(black_box(&pos), depth).nodes,
        });
        ours.push(t);
        if n != expected {
            return Err(format!(
                "{} {} depth {depth}: {n} nodes, perft says {expected}",
                case.name,
                mode.name()
            ));
        }
        if let Some(c) = &chess {
            if mode == Mode::Engine && Some(shakmaty_engine(c, depth).checks) != checks {
                return Err(format!(
                    "{} engine depth {depth}: shakmaty finds other checks than ours",
                    case.name
                ));
            }
            let (t, n) = timed(|| match mode {
                Mode::Bulk => shakmaty::perft(black_box(c), depth),
                Mode::Full => shakmaty_full(black_box(c), depth),
                Mode::Engine => shakmaty_engine(black_box(c), depth).nodes,
            });
            theirs.push(t);
            if n != expected {
                return Err(format!(
                    "{} {} depth {depth}: shakmaty counts {n} nodes, we count {expected}",
                    case.name,
                    mode.name()
                ));
            }
        }
    }
    Ok(Row {
        case: case.name,
        mode,
        depth,
        nodes: expected,
        ours: median(&mut ours),
        theirs: (!theirs.is_empty()).then(|| median(&mut theirs)),
    })
}

/// `--perft [--shakmaty] [--no-bulk | --engine] [--fen FEN] VARIANT DEPTH`:
/// one perft of the start position (or of FEN), its count printed.
fn perft_once(args: &[String]) -> Result<u64, String> {
    let (mut shakmaty, mut bulk, mut walk, mut positional) = (false, true, false, Vec::new());
    let mut fen: Option<&str> = None;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--shakmaty" => shakmaty = true,
            "--no-bulk" => bulk = false,
            "--engine" => walk = true,
            "--fen" => fen = Some(args.next().ok_or("--fen needs a FEN")?),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s => positional.push(s),
        }
    }
    let [name, depth] = positional[..] else {
        return Err("--perft needs VARIANT and DEPTH".to_string());
    };
    let variant = AnyVariant::by_name(name).map_err(|e| e.to_string())?;
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 16 => d,
        _ => {
            return Err(format!(
                "depth {depth:?} is not a whole number from 0 to 16"
            ));
        }
    };
    if shakmaty {
        let run = (fen, walk, bulk, depth);
        return match name {
            "chess" => shakmaty_count::<Chess>(run, CastlingMode::Standard),
            "chess960" => shakmaty_count::<Chess>(run, CastlingMode::Chess960),
            #[cfg(feature = "variants")]
            _ => shakmaty_variant(name, run),
            #[cfg(not(feature = "variants"))]
            _ => Err(format!(
                "shakmaty plays chess and chess960 here, not {name} (the lichess variants need the feature `variants`)"
            )),
        };
    }
    with_board!(&variant, |v| count_once(v, fen, bulk, walk, depth))
}

/// The count of [`perft_once`] by shakmaty in one of the lichess variants
/// (shakmaty's `variant` feature).
#[cfg(feature = "variants")]
fn shakmaty_variant(name: &str, run: (Option<&str>, bool, bool, u32)) -> Result<u64, String> {
    use shakmaty::variant::{Antichess, Atomic, Horde, KingOfTheHill, RacingKings, ThreeCheck};
    let mode = CastlingMode::Standard;
    match name {
        "atomic" => shakmaty_count::<Atomic>(run, mode),
        "antichess" => shakmaty_count::<Antichess>(run, mode),
        "kingofthehill" => shakmaty_count::<KingOfTheHill>(run, mode),
        "3check" => shakmaty_count::<ThreeCheck>(run, mode),
        "horde" => shakmaty_count::<Horde>(run, mode),
        "racingkings" => shakmaty_count::<RacingKings>(run, mode),
        _ => Err(format!(
            "shakmaty plays chess, chess960 and the six lichess variants, not {name}"
        )),
    }
}

/// The count of [`perft_once`] by shakmaty in its position type `P`
/// (`run`: the FEN, engine walk, bulk counting and depth).
fn shakmaty_count<P>(
    (fen, walk, bulk, depth): (Option<&str>, bool, bool, u32),
    mode: CastlingMode,
) -> Result<u64, String>
where
    P: shakmaty::Position + shakmaty::FromSetup + Clone + Default,
{
    let pos: P = match fen {
        None => P::default(),
        Some(f) => f
            .parse::<Fen>()
            .map_err(|e| format!("shakmaty FEN: {e}"))?
            .into_position(mode)
            .map_err(|e| format!("shakmaty position: {e}"))?,
    };
    Ok(if walk {
        shakmaty_engine(&pos, depth).nodes
    } else if bulk {
        shakmaty::perft(&pos, depth)
    } else {
        shakmaty_full(&pos, depth)
    })
}

/// The count of [`perft_once`] in a variant of the board type `B`.
fn count_once<B: Board>(
    variant: &BoardVariant<B>,
    fen: Option<&str>,
    bulk: bool,
    walk: bool,
    depth: u32,
) -> Result<u64, String> {
    let pos = match fen {
        None => variant.start(),
        Some(f) => variant.from_fen(f).map_err(|e| e.to_string())?,
    };
    Ok(if walk {
        engine(&pos, depth).nodes
    } else if bulk {
        pos.perft(depth)
    } else {
        pos.perft_no_bulk(depth)
    })
}

fn gen_fens() {
    for &(name, seed) in MIDDLEGAME_SEEDS {
        let variant = Variant::by_name(name).expect("a built-in variant");
        let positions = middlegames(variant, seed, &MIDDLEGAME_PLIES);
        for (ply, pos) in MIDDLEGAME_PLIES.iter().zip(positions) {
            println!("{name} ply {ply}: {}", pos.to_fen());
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--perft") {
        return match perft_once(&args[1..]) {
            Ok(n) => {
                println!("{n}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                usage()
            }
        };
    }
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            return usage();
        }
    };
    if o.gen_fens {
        gen_fens();
        return ExitCode::SUCCESS;
    }
    let cases: Vec<&Case> = CASES
        .iter()
        .filter(|c| o.filters.is_empty() || o.filters.iter().any(|f| c.name.contains(f.as_str())))
        .collect();
    if cases.is_empty() {
        eprintln!("error: no case matches {:?}", o.filters);
        return usage();
    }

    let load_before = load_average();
    let mut rows = Vec::new();
    for case in &cases {
        for &mode in &o.modes {
            if mode == Mode::Engine && !ENGINE_CASES.contains(&case.name) {
                continue;
            }
            // The full and engine modes play every leaf move: one ply
            // shallower keeps them to seconds.
            let depth = case.depth - u32::from(o.quick) - u32::from(mode != Mode::Bulk);
            eprint!("{} {} depth {depth}: ", case.name, mode.name());
            match measure(case, mode, depth, o.runs) {
                Ok(row) => {
                    eprintln!("{:.1} M nodes/s", mnps(row.nodes, row.ours));
                    rows.push(row);
                }
                Err(e) => {
                    eprintln!();
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }

    println!(
        "betza {} perft, single thread, median of {} runs of at least {} ms{}",
        env!("CARGO_PKG_VERSION"),
        o.runs,
        MIN_RUN.as_millis(),
        if o.quick { " (--quick)" } else { "" }
    );
    if let (Some(before), Some(after)) = (load_before, load_average()) {
        println!("load average (1 min) {before} before, {after} after");
    }
    println!();
    println!(
        "| position | mode | depth | nodes | median ms | M nodes/s | shakmaty M nodes/s | ratio |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|");
    for r in &rows {
        let ours = mnps(r.nodes, r.ours);
        let (theirs, ratio) = match r.theirs {
            Some(t) => {
                let theirs = mnps(r.nodes, t);
                (format!("{theirs:.1}"), format!("{:.2}", ours / theirs))
            }
            None => ("".to_string(), "".to_string()),
        };
        println!(
            "| {} | {} | {} | {} | {:.1} | {:.1} | {} | {} |",
            r.case,
            r.mode.name(),
            r.depth,
            r.nodes,
            r.ours.as_secs_f64() * 1e3,
            ours,
            theirs,
            ratio
        );
    }

    println!();
    println!(
        "Targets (bulk counting){}:",
        if o.quick {
            "; they are set at the full depths, so --quick only hints"
        } else {
            ""
        }
    );
    for (name, target) in TARGETS {
        let Some(r) = rows
            .iter()
            .find(|r| r.case == *name && r.mode == Mode::Bulk)
        else {
            continue;
        };
        let ours = mnps(r.nodes, r.ours);
        let (want, got, met) = match *target {
            Target::RatioToShakmaty(min) => match r.theirs {
                Some(t) => {
                    let ratio = ours / mnps(r.nodes, t);
                    (
                        format!(">= {min:.2}x shakmaty"),
                        format!("{ratio:.2}x"),
                        ratio >= min,
                    )
                }
                None => continue,
            },
            Target::MillionNodesPerSecond(min) => (
                format!(">= {min:.0} M nodes/s"),
                format!("{ours:.1} M nodes/s"),
                ours >= min,
            ),
        };
        println!(
            "- {name} depth {}: {got}, target {want}: {}",
            r.depth,
            if met { "met" } else { "NOT met" }
        );
    }
    ExitCode::SUCCESS
}
