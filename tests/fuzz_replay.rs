//! Replays the fuzz corpora on stable: every file of `fuzz/corpus/<target>/`
//! (the committed seeds) and of `fuzz/artifacts/<target>/` (crash files the
//! fuzzer saved, if any) goes through the same function the fuzz target
//! `<target>` runs. The functions come from `fuzz/src/targets.rs` itself, so
//! nothing here needs nightly or libfuzzer.
//!
//! A failing input is reported with its target, file and panic message; all
//! inputs run even after a failure, so one test run lists every failure.

use std::cell::{Cell, RefCell};
use std::fs;
use std::panic;
use std::path::{Path, PathBuf};
use std::sync::Once;

#[path = "../fuzz/src/targets.rs"]
mod targets;

/// The files of `dir/<target>/`, per target folder; nothing if `dir` is absent.
fn inputs(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(targets) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for target in targets {
        let target = target.expect("readable folder entry").path();
        if !target.is_dir() {
            continue;
        }
        let name = target
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 folder name")
            .to_string();
        for file in fs::read_dir(&target).expect("readable target folder") {
            let file = file.expect("readable folder entry").path();
            if file.is_file() {
                out.push((name.clone(), file));
            }
        }
    }
    out.sort();
    out
}

thread_local! {
    /// Whether this thread is replaying: its panics are expected and reported
    /// in the test's own message, not printed by the panic hook.
    static REPLAYING: Cell<bool> = const { Cell::new(false) };
    /// Where the last panic on this thread happened.
    static LOCATION: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs, once, a panic hook that stays quiet on replaying threads (and
/// notes the location) and behaves as before on every other thread.
fn install_quiet_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if REPLAYING.with(Cell::get) {
                let at = info.location().map(|l| l.to_string()).unwrap_or_default();
                LOCATION.with(|l| *l.borrow_mut() = at);
            } else {
                default(info);
            }
        }));
    });
}

/// Runs each input through its target; returns one line per failure.
fn replay(inputs: &[(String, PathBuf)]) -> Vec<String> {
    install_quiet_hook();
    let mut failures = Vec::new();
    for (target, path) in inputs {
        let Some(&(_, run)) = targets::TARGETS.iter().find(|(n, _)| n == target) else {
            failures.push(format!(
                "{}: no fuzz target named {target:?}",
                path.display()
            ));
            continue;
        };
        let data = fs::read(path).expect("readable input");
        REPLAYING.with(|r| r.set(true));
        let outcome = panic::catch_unwind(|| run(&data));
        REPLAYING.with(|r| r.set(false));
        if let Err(payload) = outcome {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            let at = LOCATION.with(|l| l.borrow().clone());
            let file = path
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(path);
            failures.push(format!(
                "{target}: {} (panicked at {at}):\n    {}",
                file.display(),
                message.replace('\n', "\n    ")
            ));
        }
    }
    failures
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

#[test]
fn every_target_has_seeds() {
    let corpus = inputs(&fuzz_dir().join("corpus"));
    for (name, _) in targets::TARGETS {
        assert!(
            corpus.iter().any(|(t, _)| t == name),
            "fuzz/corpus/{name}/ has no seed"
        );
    }
}

#[test]
fn corpus_replays_cleanly() {
    let corpus = inputs(&fuzz_dir().join("corpus"));
    let failures = replay(&corpus);
    assert!(
        failures.is_empty(),
        "{} of {} corpus inputs fail:\n{}",
        failures.len(),
        corpus.len(),
        failures.join("\n")
    );
}

#[test]
fn crash_artifacts_replay_cleanly() {
    // Absent unless the fuzzer has saved something (the folder is git-ignored).
    let artifacts = inputs(&fuzz_dir().join("artifacts"));
    let failures = replay(&artifacts);
    assert!(
        failures.is_empty(),
        "{} of {} crash files still fail:\n{}",
        failures.len(),
        artifacts.len(),
        failures.join("\n")
    );
}

/// The `play` seed that once took 15 s (the king-capture reference built a
/// variant per move in Grand) replays, and says how long it took. Wall-clock
/// time is not asserted: it depends on the machine; `fuzz/run.sh` checks
/// the rates.
#[test]
fn grand_play_seed_replays_and_says_its_time() {
    let path = fuzz_dir().join("corpus/play/bug-grand-pawn-without-promotion-attacks");
    let data = fs::read(&path).expect("the committed seed");
    assert!(data.starts_with(b"grand\n"), "the seed names Grand");
    // The fastest of a few runs: the first builds Grand without limits.
    let fastest = (0..3)
        .map(|_| {
            let start = std::time::Instant::now();
            targets::play(&data);
            start.elapsed()
        })
        .min()
        .expect("three runs");
    eprintln!("play seed of {} bytes: {fastest:?}", data.len());
}

/// Every built-in variant, the ones added later too, goes through `play`,
/// `move_text` and `san` by name: a short game of fixed bytes, then its
/// moves as text. (New variants need no code here; a seed
/// `fuzz/corpus/play/start-<name>` lets the fuzzer start from them.)
#[test]
fn every_built_in_variant_goes_through_the_targets_by_name() {
    let bytes: Vec<u8> = (0u8..40)
        .map(|i| i.wrapping_mul(97).wrapping_add(13))
        .collect();
    for name in betza::Variant::builtin_names() {
        let mut input = format!("{name}\n").into_bytes();
        input.extend_from_slice(&bytes);
        targets::play(&input);
        let game = targets::play_game(
            betza::Variant::by_name(name).expect("built in"),
            &bytes[..12],
            12,
            false,
        );
        let start = game.start_position();
        let mut pos = *start;
        let (mut texts, mut sans) = (Vec::new(), Vec::new());
        for m in game.moves() {
            texts.push(pos.move_text(&m));
            sans.push(pos.san(&m).to_string());
            pos = pos.play(&m).expect("legal");
        }
        targets::move_text(format!("{name}\n{}", texts.join(" ")).as_bytes());
        targets::san(format!("{name}\n{}", sans.join(" ")).as_bytes());
    }
}

/// The `move_text` seeds reach every variant of `BOARD_DEFINITIONS` (the
/// large and huge board types' variants an input may name): for each, some
/// seed plays at least four of its words as legal moves in turn from its
/// position (a seed whose moves were all refused would only check that
/// position). And
/// those variants include huge boards of 19x19 and 26x26.
#[test]
fn move_text_seeds_play_on_every_named_board() {
    use betza::{AnyVariant, Board, BoardVariant, Huge, with_board};
    /// How many words of `words` are read as legal moves in turn, from
    /// `fen` (empty: the start position).
    fn played<B: Board>(v: &BoardVariant<B>, fen: &str, words: &str) -> usize {
        let mut pos = if fen.is_empty() {
            v.start()
        } else {
            v.from_fen(fen).expect("the seed's FEN is read")
        };
        let mut n = 0;
        for word in words.split_whitespace() {
            if let Ok(m) = pos.parse_move(word) {
                pos = pos.play(&m).expect("a read move is legal");
                n += 1;
            }
        }
        n
    }
    let corpus = inputs(&fuzz_dir().join("corpus"));
    let mut huge_sizes = Vec::new();
    for (name, text) in targets::BOARD_DEFINITIONS {
        let v = AnyVariant::from_definition(text).expect("the definition compiles");
        if let Some(h) = v.get::<Huge>() {
            huge_sizes.push((h.size().files(), h.size().ranks()));
        }
        let most = corpus
            .iter()
            .filter(|(t, _)| t == "move_text")
            .filter_map(|(_, path)| {
                let data = fs::read_to_string(path).ok()?;
                let (line, words) = data.split_once('\n')?;
                let line = line.trim();
                let (word, fen) = line.split_once(' ').unwrap_or((line, ""));
                (word == *name).then(|| with_board!(&v, |v| played(v, fen.trim(), words)))
            })
            .max();
        assert!(
            most.is_some_and(|n| n >= 4),
            "no move_text seed plays four moves on {name} (at most {most:?})"
        );
    }
    for size in [(19, 19), (26, 26)] {
        assert!(
            huge_sizes.contains(&size),
            "no variant of BOARD_DEFINITIONS is a huge {size:?} board (only {huge_sizes:?})"
        );
    }
}
