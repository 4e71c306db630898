//! Finds where another engine's move generation differs from this library's,
//! the way perftree does for chess, in any variant:
//!
//! ```text
//! perft_diff --variant V [--variant-file F] [--fen FEN] --depth D [--timeout SECS] -- ENGINE ARGS...
//! perft_diff --variant V ... --random N [--seed S] [--plies P] [--depth D] -- ENGINE ARGS...
//! ```
//!
//! The engine is run as `ENGINE ARGS... DEPTH FEN MOVES`: MOVES is one
//! argument, the move texts (`docs/notation.md`) to play from FEN first, separated
//! by spaces, empty for none. It prints one `MOVE COUNT` line per legal move
//! (COUNT: the leaves DEPTH-1 plies below it), a blank line, and the total.
//!
//! perft_diff compares that with the library, descends into the first move
//! whose counts differ, and prints the deepest position where they disagree:
//! its FEN, the moves played to reach it, and each move the engine lists that
//! is not legal (`extra`) or misses (`missing`), with the rule that allows or
//! forbids it when it can tell. `--random N` plays N seeded random games of
//! up to P plies (default 100; captures, promotions and castling are preferred
//! now and then) and compares at every ply (DEPTH defaults to 1).
//!
//! Exit status: 0 when all agree, 1 when they differ, 2 when no comparison
//! could be made: an engine error (it could not start, crashed, printed
//! something that is not perft output, printed more than 4 MiB, or ran longer
//! than the time-out, 60 s per call unless `--timeout` says otherwise), or bad
//! arguments.

#![allow(dead_code)]

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use betza::{
    AnyVariant, Board, BoardVariant, Color, Huge, Large, Move, MoveError, Position, Small, Square,
    with_board,
};

#[path = "support/placement.rs"]
mod placement;

/// Exit status: the engine agrees with the library.
pub const AGREE: u8 = 0;
/// Exit status: they differ.
pub const DIFFER: u8 = 1;
/// Exit status: no comparison could be made (engine error, bad arguments).
pub const FAILED: u8 = 2;

/// The most output read from one engine call.
pub const MAX_OUTPUT: usize = 4 << 20;

const USAGE: &str = "usage: perft_diff --variant V [--variant-file F] [--fen FEN] --depth D [--timeout SECS] -- ENGINE ARGS...
       perft_diff --variant V [--variant-file F] [--fen FEN] --random N [--seed S] [--plies P] [--depth D] -- ENGINE ARGS...
The engine is run as: ENGINE ARGS... DEPTH FEN MOVES
and prints one 'MOVE COUNT' line per legal move, a blank line and the total.
Exit status: 0 all agree, 1 they differ, 2 engine error or bad arguments.";

/// What the command line asks for.
#[derive(Debug)]
pub struct Options {
    /// A built-in variant's name.
    pub variant: Option<String>,
    /// A variant definition file (TOML).
    pub variant_file: Option<PathBuf>,
    /// The root position; the variant's start when `None`.
    pub fen: Option<String>,
    /// Perft depth (at every ply, in random mode).
    pub depth: Option<u32>,
    /// Random mode: the number of playouts.
    pub random: Option<u32>,
    /// Random mode: the seed.
    pub seed: u64,
    /// Random mode: the longest playout.
    pub plies: usize,
    /// Longest run of one engine call.
    pub timeout: Duration,
    /// The engine's command and its own arguments.
    pub engine: Vec<OsString>,
}

fn value<'a>(flag: &str, it: &mut impl Iterator<Item = &'a OsString>) -> Result<String, String> {
    let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
    v.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("the value of {flag} is not valid UTF-8: {v:?}"))
}

fn number<T: std::str::FromStr>(flag: &str, text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} {text:?}: expected {what}"))
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[OsString]) -> Result<Options, String> {
    let mut o = Options {
        variant: None,
        variant_file: None,
        fen: None,
        depth: None,
        random: None,
        seed: 1,
        plies: 100,
        timeout: Duration::from_secs(60),
        engine: Vec::new(),
    };
    let mut it = args.iter();
    let mut saw_separator = false;
    while let Some(arg) = it.next() {
        let Some(flag) = arg.to_str() else {
            return Err(format!("argument {arg:?} is not valid UTF-8"));
        };
        match flag {
            "--" => {
                saw_separator = true;
                break;
            }
            "--variant" => o.variant = Some(value(flag, &mut it)?),
            "--variant-file" => {
                let v = it.next().ok_or("--variant-file needs a value")?;
                o.variant_file = Some(PathBuf::from(v));
            }
            "--fen" => o.fen = Some(value(flag, &mut it)?),
            "--depth" => {
                let d: u32 = number(flag, &value(flag, &mut it)?, "a whole number from 1 to 20")?;
                if !(1..=20).contains(&d) {
                    return Err(format!("--depth {d}: expected a whole number from 1 to 20"));
                }
                o.depth = Some(d);
            }
            "--random" => {
                o.random = Some(number(
                    flag,
                    &value(flag, &mut it)?,
                    "a number of playouts",
                )?)
            }
            "--seed" => o.seed = number(flag, &value(flag, &mut it)?, "a whole number")?,
            "--plies" => o.plies = number(flag, &value(flag, &mut it)?, "a number of plies")?,
            "--timeout" => {
                let s: f64 = number(flag, &value(flag, &mut it)?, "seconds")?;
                if !(s > 0.0 && s <= 86_400.0) {
                    return Err(format!(
                        "--timeout {s}: expected seconds, more than 0 and at most a day"
                    ));
                }
                o.timeout = Duration::from_secs_f64(s);
            }
            _ if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            _ => {
                return Err(format!(
                    "unexpected argument {flag:?}: the engine's command goes after --"
                ));
            }
        }
    }
    o.engine = it.cloned().collect();
    if !saw_separator || o.engine.is_empty() {
        return Err("no engine: give its command after --, as in -- ./my_engine --perft".into());
    }
    if o.variant.is_some() == o.variant_file.is_some() {
        return Err("give the variant: --variant NAME or --variant-file FILE (one of them)".into());
    }
    if o.random.is_none() && o.depth.is_none() {
        return Err("--depth D is needed (or --random N)".into());
    }
    Ok(o)
}

/// Runs perft_diff: the report goes to `out`, errors to `err`; returns the
/// exit status.
pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        let _ = writeln!(out, "{USAGE}");
        return AGREE;
    }
    let opts = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(err, "perft_diff: {e}\n{USAGE}");
            return FAILED;
        }
    };
    let session = load_variant(&opts).and_then(|variant| {
        // The one dispatch on the board type; the session is written once.
        with_board!(variant, |v| {
            // Lives as long as the program.
            let v = Box::leak(Box::new(v));
            Session::new(v, &opts).map(|mut s| s.run(&opts, out, err))
        })
    });
    match session {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "perft_diff: {e}");
            FAILED
        }
    }
}

/// The variant named on the command line, on the board type it needs.
fn load_variant(opts: &Options) -> Result<AnyVariant, String> {
    if let Some(name) = &opts.variant {
        return AnyVariant::by_name(name).map_err(|_| {
            format!(
                "unknown variant {name:?}; the built-in variants are {}",
                AnyVariant::builtin_names().join(", ")
            )
        });
    }
    let path = opts.variant_file.as_ref().expect("checked by parse_args");
    let text =
        read_definition(path).map_err(|e| format!("--variant-file {}: {e}", path.display()))?;
    AnyVariant::from_definition(&text)
        .map_err(|e| format!("--variant-file {}: {e}", path.display()))
}

/// Why a move the engine lists is wrong, or one it misses is right: told
/// on small boards (the explanations ask the rules through
/// [`Position::variant`]), not yet on large ones.
pub trait Explain: Board {
    /// [`explain_extra`] where it can be told.
    fn extra(
        pos: &Position<'_, Self>,
        text: &str,
        prev: Option<&(Position<'_, Self>, Move)>,
    ) -> Option<String>;
    /// [`explain_missing`] where it can be told.
    fn missing(pos: &Position<'_, Self>, m: &Move, all: &[Move]) -> Option<String>;
}

impl Explain for Small {
    fn extra(
        pos: &Position<'_, Small>,
        text: &str,
        prev: Option<&(Position<'_, Small>, Move)>,
    ) -> Option<String> {
        explain_extra(pos, text, prev)
    }
    fn missing(pos: &Position<'_, Small>, m: &Move, all: &[Move]) -> Option<String> {
        explain_missing(pos, m, all)
    }
}

impl Explain for Large {
    fn extra(
        _: &Position<'_, Large>,
        _: &str,
        _: Option<&(Position<'_, Large>, Move)>,
    ) -> Option<String> {
        None
    }
    fn missing(_: &Position<'_, Large>, _: &Move, _: &[Move]) -> Option<String> {
        None
    }
}

impl Explain for Huge {
    fn extra(
        _: &Position<'_, Huge>,
        _: &str,
        _: Option<&(Position<'_, Huge>, Move)>,
    ) -> Option<String> {
        None
    }
    fn missing(_: &Position<'_, Huge>, _: &Move, _: &[Move]) -> Option<String> {
        None
    }
}

/// Reads a definition file of at most 64 KiB (a definition is never larger).
pub fn read_definition(path: &std::path::Path) -> Result<String, String> {
    betza::limits::read_text_file(path, betza::limits::MAX_DEFINITION_BYTES)
        .map_err(|e| e.to_string())
}

/// One engine call's answer: its moves with their counts, in its order.
type Divide = Vec<(String, u64)>;

struct Engine {
    argv: Vec<OsString>,
    timeout: Duration,
    calls: u64,
}

impl Engine {
    /// Runs the engine once; an error says what went wrong, for people.
    fn call(&mut self, depth: u32, fen: &str, moves: &str) -> Result<Divide, String> {
        self.calls += 1;
        let shown = format!(
            "{} {depth} \"{fen}\" \"{moves}\"",
            self.argv
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let mut child = Command::new(&self.argv[0])
            .args(&self.argv[1..])
            .arg(depth.to_string())
            .arg(fen)
            .arg(moves)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {:?}: {e}", self.argv[0]))?;
        let deadline = Instant::now() + self.timeout;
        let (tx, rx) = mpsc::channel();
        // Readers on threads, so a silent or endless engine cannot block us.
        let mut stdout = child.stdout.take().expect("piped");
        let tx_out = tx.clone();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let r = (&mut stdout)
                .take(MAX_OUTPUT as u64 + 1)
                .read_to_end(&mut buf);
            let _ = tx_out.send((true, buf, r.is_ok()));
        });
        let mut stderr = child.stderr.take().expect("piped");
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let r = (&mut stderr).take(64 << 10).read_to_end(&mut buf);
            // Drain the rest so the engine never blocks on a full pipe.
            let _ = std::io::copy(&mut stderr, &mut std::io::sink());
            let _ = tx.send((false, buf, r.is_ok()));
        });
        let timed_out = |child: &mut std::process::Child| {
            let _ = child.kill();
            let _ = child.wait();
            format!(
                "the engine ran longer than {:.1} s: {shown}",
                self.timeout.as_secs_f64()
            )
        };
        let (mut output, mut errors) = (None, None);
        while output.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok((true, buf, _)) => output = Some(buf),
                Ok((false, buf, _)) => errors = Some(buf),
                Err(_) => return Err(timed_out(&mut child)),
            }
        }
        let output = output.expect("received");
        if output.len() > MAX_OUTPUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "the engine printed more than {} MiB: {shown}",
                MAX_OUTPUT >> 20
            ));
        }
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break s,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1))
                }
                Ok(None) => return Err(timed_out(&mut child)),
                Err(e) => return Err(format!("waiting for the engine: {e}")),
            }
        };
        if !status.success() {
            if errors.is_none() {
                errors = rx
                    .recv_timeout(Duration::from_millis(500))
                    .ok()
                    .map(|(_, b, _)| b);
            }
            let tail = errors
                .map(|e| String::from_utf8_lossy(&e).trim().to_string())
                .filter(|e| !e.is_empty())
                .map(|e| {
                    // Its first and last lines: a panic message, an assertion.
                    let lines: Vec<&str> = e.lines().collect();
                    let shown = if lines.len() <= 10 {
                        lines.join("\n")
                    } else {
                        format!(
                            "{}\n...\n{}",
                            lines[..5].join("\n"),
                            lines[lines.len() - 5..].join("\n")
                        )
                    };
                    format!("; its error output:\n{shown}")
                })
                .unwrap_or_default();
            return Err(format!("the engine failed ({status}): {shown}{tail}"));
        }
        let text = String::from_utf8(output)
            .map_err(|_| format!("the engine's output is not UTF-8: {shown}"))?;
        parse_divide(&text).map_err(|e| {
            format!("the engine's output is not perft output: {e}\n  command: {shown}")
        })
    }
}

/// Shortens a line of engine output for a message.
fn clip(line: &str) -> String {
    let mut s: String = line.chars().take(80).collect();
    if s.len() < line.len() {
        s.push_str("...");
    }
    format!("{s:?}")
}

/// Reads `MOVE COUNT` lines, a blank line and the total.
pub fn parse_divide(text: &str) -> Result<Divide, String> {
    let mut moves: Divide = Vec::new();
    let mut lines = text.lines().enumerate();
    let mut blank = false;
    for (i, line) in lines.by_ref() {
        let line = line.trim();
        if line.is_empty() {
            blank = true;
            break;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        let count = match parts.as_slice() {
            [_, count] => count.parse::<u64>().ok(),
            _ => None,
        };
        let Some(count) = count else {
            return Err(format!(
                "line {}: expected 'MOVE COUNT', got {}",
                i + 1,
                clip(line)
            ));
        };
        if moves.iter().any(|(m, _)| m == parts[0]) {
            return Err(format!(
                "line {}: move {} is listed twice",
                i + 1,
                clip(parts[0])
            ));
        }
        moves.push((parts[0].to_string(), count));
    }
    if !blank {
        return Err("no blank line and total after the moves".into());
    }
    let mut total = None;
    for (i, line) in lines {
        let line = line.trim();
        match (line.is_empty(), total) {
            (true, _) => {}
            (false, None) => match line.parse::<u64>() {
                Ok(t) => total = Some(t),
                Err(_) => {
                    return Err(format!(
                        "line {}: expected the total, got {}",
                        i + 1,
                        clip(line)
                    ));
                }
            },
            (false, Some(_)) => {
                return Err(format!(
                    "line {}: unexpected text after the total: {}",
                    i + 1,
                    clip(line)
                ));
            }
        }
    }
    let total = total.ok_or("no total after the blank line")?;
    let sum = moves.iter().try_fold(0u64, |s, (_, n)| s.checked_add(*n));
    if sum != Some(total) {
        return Err(format!(
            "the total {total} is not the sum of the move counts ({})",
            sum.map_or("overflow".into(), |s| s.to_string())
        ));
    }
    Ok(moves)
}

/// Where the engine and the library disagree.
#[derive(Debug, Default)]
pub struct Report {
    /// The root FEN.
    pub root: String,
    /// Moves from the root to the position (texts).
    pub moves: Vec<String>,
    /// The position's FEN.
    pub fen: String,
    /// The depth compared there.
    pub depth: u32,
    /// The descent: (move, engine's count, library's count); the first entry's
    /// move is empty (the root's totals).
    pub path: Vec<(String, u64, u64)>,
    /// Moves the engine lists that are not legal, with the rule when known.
    pub extra: Vec<(String, Option<String>)>,
    /// Legal moves the engine does not list, with the rule when known.
    pub missing: Vec<(String, Option<String>)>,
    /// Moves both list whose counts differ: (move, engine, library).
    pub counts: Vec<(String, u64, u64)>,
    /// Anything else worth saying.
    pub note: Option<String>,
}

impl Report {
    fn print(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "DIFFER: the engine and betza disagree")?;
        writeln!(out, "root:     {}", self.root)?;
        let moves = if self.moves.is_empty() {
            "(none)".to_string()
        } else {
            self.moves.join(" ")
        };
        writeln!(out, "moves:    {moves}")?;
        writeln!(out, "position: {}", self.fen)?;
        writeln!(out, "depth:    {}", self.depth)?;
        for (i, (m, e, b)) in self.path.iter().enumerate() {
            let at = if i == 0 {
                "perft".to_string()
            } else {
                format!("after {m}")
            };
            writeln!(out, "path:     {at}: engine {e}, betza {b}")?;
        }
        let why = |r: &Option<String>| r.as_deref().map_or(String::new(), |r| format!("  {r}"));
        for (m, r) in &self.extra {
            // The engine's own text: quoted if it could upset a terminal.
            let m = if m.chars().all(|c| c.is_ascii_graphic()) {
                m.clone()
            } else {
                format!("{m:?}")
            };
            writeln!(out, "extra    {m}{}", why(r))?;
        }
        for (m, r) in &self.missing {
            writeln!(out, "missing  {m}{}", why(r))?;
        }
        for (m, e, b) in &self.counts {
            writeln!(out, "count    {m}  engine {e}, betza {b}")?;
        }
        if let Some(n) = &self.note {
            writeln!(out, "note:     {n}")?;
        }
        Ok(())
    }
}

/// The outcome of one comparison.
pub enum Verdict {
    /// All counts agree.
    Agree,
    /// They differ.
    Differ(Box<Report>),
}

struct Session<B: Board> {
    root: Position<'static, B>,
    root_fen: String,
    engine: Engine,
}

impl<B: Explain> Session<B> {
    fn new(variant: &'static BoardVariant<B>, opts: &Options) -> Result<Session<B>, String> {
        let root = match &opts.fen {
            None => variant.start(),
            Some(f) => variant.from_fen(f).map_err(|e| format!("--fen: {e}"))?,
        };
        Ok(Session {
            root,
            root_fen: root.to_fen(),
            engine: Engine {
                argv: opts.engine.clone(),
                timeout: opts.timeout,
                calls: 0,
            },
        })
    }

    fn run(&mut self, opts: &Options, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
        let result = match opts.random {
            None => self
                .compare(&[], opts.depth.expect("checked"))
                .map(|v| (v, None)),
            Some(n) => self.random(n, opts),
        };
        match result {
            Ok((Verdict::Agree, summary)) => {
                let what = summary.unwrap_or_else(|| {
                    format!(
                        "perft {} of {}",
                        opts.depth.expect("checked"),
                        self.root_fen
                    )
                });
                let _ = writeln!(out, "AGREE: {what} ({} engine calls)", self.engine.calls);
                AGREE
            }
            Ok((Verdict::Differ(report), context)) => {
                let _ = report.print(out);
                if let Some(c) = context {
                    let _ = writeln!(out, "found:    {c}");
                }
                DIFFER
            }
            Err(e) => {
                let _ = writeln!(err, "perft_diff: engine error: {e}");
                FAILED
            }
        }
    }

    /// Random playouts, compared at every ply.
    fn random(
        &mut self,
        playouts: u32,
        opts: &Options,
    ) -> Result<(Verdict, Option<String>), String> {
        let depth = opts.depth.unwrap_or(1);
        let mut rng = Rng(opts.seed);
        let mut positions = 0u64;
        for game in 0..playouts {
            let mut path: Vec<Move> = Vec::new();
            let mut pos = self.root;
            for ply in 0..=opts.plies {
                positions += 1;
                if let Verdict::Differ(r) = self.compare(&path, depth)? {
                    let found = format!(
                        "random playout {} of {playouts} (seed {}), ply {ply}",
                        game + 1,
                        opts.seed
                    );
                    return Ok((Verdict::Differ(r), Some(found)));
                }
                let moves = pos.legal_moves();
                if moves.is_empty() || ply == opts.plies {
                    break;
                }
                // Special moves now and then, to reach the rarer rules sooner.
                let special: Vec<&Move> = moves
                    .iter()
                    .filter(|m| m.is_capture() || m.promotion().is_some() || m.is_castle())
                    .collect();
                let m = if !special.is_empty() && rng.below(3) == 0 {
                    *special[rng.below(special.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                path.push(m);
                pos = pos.play_unchecked(&m);
            }
        }
        let summary = format!(
            "{playouts} random playouts from {} (seed {}), {positions} positions at depth {depth}",
            self.root_fen, opts.seed
        );
        Ok((Verdict::Agree, Some(summary)))
    }

    /// Compares perft `depth` after `path` and descends to the deepest
    /// disagreement.
    fn compare(&mut self, path: &[Move], depth: u32) -> Result<Verdict, String> {
        let mut trail: Vec<Position<'static, B>> = vec![self.root];
        let mut played: Vec<Move> = path.to_vec();
        for m in path {
            let next = trail.last().expect("non-empty").play_unchecked(m);
            trail.push(next);
        }
        let mut depth = depth;
        let mut steps: Vec<(String, u64, u64)> = Vec::new();
        let mut parent: Option<Report> = None;
        loop {
            let pos = *trail.last().expect("non-empty");
            let texts = self.texts(&played);
            let theirs = self.engine.call(depth, &self.root_fen, &texts.join(" "))?;
            let ours = pos.divide(depth);
            let their_total: u64 = theirs.iter().map(|(_, n)| n).sum();
            let our_total: u64 = ours.iter().map(|(_, _, n)| n).sum();
            let step = steps
                .is_empty()
                .then(String::new)
                .unwrap_or_else(|| texts.last().cloned().unwrap_or_default());
            steps.push((step, their_total, our_total));
            let prev =
                (!played.is_empty()).then(|| (trail[trail.len() - 2], played[played.len() - 1]));
            let mut report = Report {
                root: self.root_fen.clone(),
                moves: texts,
                fen: pos.to_fen(),
                depth,
                path: steps.clone(),
                ..Report::default()
            };
            let our_moves: Vec<Move> = ours.iter().map(|(m, _, _)| *m).collect();
            for (text, n) in &theirs {
                match ours.iter().find(|(_, t, _)| t == text) {
                    None => report
                        .extra
                        .push((text.clone(), B::extra(&pos, text, prev.as_ref()))),
                    Some((_, _, ours_n)) if ours_n != n => {
                        report.counts.push((text.clone(), *n, *ours_n))
                    }
                    Some(_) => {}
                }
            }
            for (m, text, _) in &ours {
                if !theirs.iter().any(|(t, _)| t == text) {
                    report
                        .missing
                        .push((text.clone(), B::missing(&pos, m, &our_moves)));
                }
            }
            let agrees =
                report.extra.is_empty() && report.missing.is_empty() && report.counts.is_empty();
            if agrees {
                return Ok(match parent {
                    None => Verdict::Agree,
                    Some(mut p) => {
                        let (m, e, b) = &p.counts[0];
                        p.note = Some(format!(
                            "the engine counts {e} below {m} (betza {b}), but asked about the position after {m} it agrees with betza: its counts below a move differ from its own move lists (or it plays MOVES differently)"
                        ));
                        Verdict::Differ(Box::new(p))
                    }
                });
            }
            let descend = depth > 1 && !report.counts.is_empty();
            if !descend {
                return Ok(Verdict::Differ(Box::new(report)));
            }
            let text = report.counts[0].0.clone();
            let m = *ours
                .iter()
                .find(|(_, t, _)| *t == text)
                .map(|(m, _, _)| m)
                .expect("a common move");
            trail.push(pos.play_unchecked(&m));
            played.push(m);
            depth -= 1;
            parent = Some(report);
        }
    }

    /// The move texts of `moves` played from the root.
    fn texts(&self, moves: &[Move]) -> Vec<String> {
        let mut pos = self.root;
        moves
            .iter()
            .map(|m| {
                let t = pos.move_text(m);
                pos = pos.play_unchecked(m);
                t
            })
            .collect()
    }
}

/// A small seeded generator (SplitMix64) for the random playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Whether the side to move has a pseudo-legal capture of the other King.
fn king_capturable(pos: &Position<'_>) -> bool {
    let royal = pos.variant().royal();
    pos.pseudo_legal_moves()
        .iter()
        .any(|m| m.captured() == Some(royal))
}

/// The file on which the two Kings face each other with nothing between, if they do.
fn kings_facing(pos: &Position<'_>) -> Option<String> {
    let (a, b) = (pos.king(Color::White)?, pos.king(Color::Black)?);
    let size = pos.size();
    if size.file(a) != size.file(b) {
        return None;
    }
    let (lo, hi) = (
        size.rank(a).min(size.rank(b)),
        size.rank(a).max(size.rank(b)),
    );
    let file = size.file(a) as i32;
    (lo + 1..hi)
        .all(|r| {
            pos.piece_at(size.square(file, r as i32).expect("on the board"))
                .is_none()
        })
        .then(|| ((b'a' + size.file(a)) as char).to_string())
}

/// Whether the side to move's King would be attacked standing on `to`
/// (moved there from `from`); `None` when that position cannot be asked about.
fn attacked_at(pos: &Position<'_>, from: Square, to: Square) -> Option<bool> {
    let king = pos.piece_at(from)?;
    let board = placement::placement(pos, |sq, p| {
        if sq == to {
            Some(king)
        } else if sq == from {
            None
        } else {
            p
        }
    });
    let side = if pos.side_to_move() == Color::White {
        "w"
    } else {
        "b"
    };
    let probe = Position::from_fen(pos.variant(), &format!("{board} {side} - - 0 1")).ok()?;
    Some(probe.is_check())
}

/// Why a move text the engine lists is not a legal move here, when it can be told.
pub fn explain_extra(
    pos: &Position<'_>,
    text: &str,
    prev: Option<&(Position<'_>, Move)>,
) -> Option<String> {
    let size = pos.size();
    let name = |sq: Square| size.square_name(sq);
    match pos.parse_move(text) {
        Ok(m) => Some(format!(
            "notation: betza writes this move {}",
            pos.move_text(&m)
        )),
        Err(MoveError::PromotionRequired { example, .. }) => Some(format!(
            "forced promotion: the move must promote ({example})"
        )),
        Err(MoveError::BadPromotion { hint, .. }) => {
            let legal = hint.trim_start_matches("; legal: ");
            Some(
                promotion_limit(pos, text).unwrap_or_else(|| {
                    format!("promotion: not allowed this way (betza has {legal})")
                }),
            )
        }
        Err(MoveError::KingExposed { .. }) => {
            let pseudo = pos.pseudo_legal_moves();
            let m = pseudo
                .iter()
                .find(|m| pos.move_text(m) == text)
                .or_else(|| {
                    pseudo
                        .iter()
                        .find(|m| text.starts_with(&format!("{}{}", name(m.from()), name(m.to()))))
                })?;
            let after = pos.play_unchecked(m);
            if !king_capturable(&after)
                && let Some(file) = kings_facing(&after)
            {
                return Some(format!(
                    "facing kings: the Kings would face each other on the {file} file"
                ));
            }
            Some(if m.is_castle() {
                "castling into check: leaves the King in check on its landing square".into()
            } else if m.is_en_passant() {
                "en passant: leaves the King in check".into()
            } else {
                "leaves the King in check".into()
            })
        }
        Err(MoveError::NoSuchMove {
            from,
            to,
            piece: piece_name,
            ..
        }) => {
            let (from_sq, to_sq) = (from.to_square(size)?, to.to_square(size)?);
            let piece = pos.piece_at(from_sq)?;
            let v = pos.variant();
            let pt = v.piece(piece.role);
            let (df, dr) = (
                size.file(to_sq) as i32 - size.file(from_sq) as i32,
                size.rank(to_sq) as i32 - size.rank(from_sq) as i32,
            );
            // En passant: a Pawn taking the square a double step just skipped.
            if let Some((_, last)) = prev
                && last.is_double_step()
                && Some(piece.role) == v.pawn()
                && pos.piece_at(to_sq).is_none()
                && size.file(last.from()) == size.file(to_sq)
                && (size.rank(last.from()) as i32 + size.rank(last.to()) as i32)
                    == 2 * size.rank(to_sq) as i32
            {
                return Some(if v.en_passant() {
                    "en passant: not possible here".into()
                } else {
                    "en passant: this variant has no en passant".into()
                });
            }
            if piece.role == v.royal() && dr == 0 && df.abs() >= 2 {
                return Some(castling_refusal(pos, from_sq, to_sq));
            }
            if let Some(region) = pt.confinement
                && !region.narrow().of(piece.color).contains(to_sq)
            {
                return Some(format!(
                    "confinement: the {} may not leave its region",
                    pt.name
                ));
            }
            if Some(piece.role) == v.pawn()
                && df == 0
                && dr.abs() == 2
                && pt
                    .initial
                    .is_some_and(|r| !r.narrow().of(piece.color).contains(from_sq))
            {
                return Some(format!(
                    "double step: only from the {}'s initial squares",
                    pt.name
                ));
            }
            Some(format!("the {piece_name} on {from} has no move to {to}"))
        }
        Err(e) => Some(e.to_string()),
    }
}

/// The promotion limit that refuses the promotion `text` asks for, if one does.
fn promotion_limit(pos: &Position<'_>, text: &str) -> Option<String> {
    let v = pos.variant();
    let size = pos.size();
    let from = (2..=3)
        .rev()
        .find_map(|n| text.get(..n).and_then(|t| size.parse_square(t)))?;
    let piece = pos.piece_at(from)?;
    let letter = text.chars().last()?.to_ascii_uppercase();
    let targets = &v.piece(piece.role).promotions;
    targets
        .iter()
        .filter(|r| letter == '+' || v.piece(**r).token.letter() == letter)
        .find_map(|&r| {
            let limit = v.promotion_limit(r)?;
            let have = (pos.pieces_of(r) & pos.occupied_by(piece.color)).count();
            (have >= u32::from(limit)).then(|| {
                format!(
                    "promotion limit: the side has {have} {}, and may promote to it only with fewer than {limit}",
                    v.piece(r).name
                )
            })
        })
}

/// Why the King may not castle from `from` to `to`.
fn castling_refusal(pos: &Position<'_>, from: Square, to: Square) -> String {
    let v = pos.variant();
    let size = pos.size();
    if !v.has_castling() {
        return "castling: this variant has no castling".into();
    }
    let us = pos.side_to_move();
    let kingside = size.file(to) > size.file(from);
    if !pos.can_castle(us, kingside) {
        return format!(
            "castling: the right is gone (castling rights: {})",
            pos.castling_rights()
        );
    }
    let dir = if kingside { 1 } else { -1 };
    let rank = size.rank(from) as i32;
    let rook_token = v
        .definition()
        .castling
        .as_ref()
        .map(|c| c.rook.clone())
        .unwrap_or_default();
    let mut f = size.file(from) as i32 + dir;
    while let Some(q) = size.square(f, rank) {
        match pos.piece_at(q) {
            None => {}
            Some(p) if p.color == us && v.piece(p.role).token.to_string() == rook_token => break,
            Some(_) => return "castling: a piece stands between the King and the Rook".into(),
        }
        f += dir;
    }
    if pos.is_check() {
        return "castling out of check: the King is in check".into();
    }
    let mut f = size.file(from) as i32 + dir;
    while let Some(q) = size.square(f, rank).filter(|&q| q != to) {
        if attacked_at(pos, from, q) == Some(true) {
            return format!(
                "castling through check: the King crosses {}, which is attacked",
                size.square_name(q)
            );
        }
        f += dir;
    }
    if attacked_at(pos, from, to) == Some(true) {
        return "castling into check: the King lands on an attacked square".into();
    }
    "castling: the King does not castle to that square".into()
}

/// The rule a legal move the engine misses depends on, when it can be told.
pub fn explain_missing(pos: &Position<'_>, m: &Move, all: &[Move]) -> Option<String> {
    if m.is_en_passant() {
        return Some("en passant".into());
    }
    if m.is_castle() {
        return Some("castling".into());
    }
    if m.promotion().is_some() {
        return Some(if m.is_forced_promotion() {
            "promotion (forced)".into()
        } else {
            "optional promotion: promoting".into()
        });
    }
    if all.iter().any(|o| {
        o.from() == m.from()
            && o.to() == m.to()
            && o.promotion().is_some()
            && !o.is_forced_promotion()
    }) {
        return Some("optional promotion: not promoting".into());
    }
    if m.is_double_step() {
        return Some("double step".into());
    }
    let after = pos.play_unchecked(m);
    if !pos.variant().facing_kings()
        && let Some(file) = kings_facing(&after)
    {
        return Some(format!(
            "facing kings: not a rule of this variant (the Kings face each other on the {file} file after it)"
        ));
    }
    if pos.is_check() {
        return Some("check evasion".into());
    }
    None
}

fn main() -> std::process::ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let code = run(
        &args,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::ExitCode::from(code)
}
