//! `examples/perft_diff.rs` against engines that each get one rule wrong, an
//! honest one, and engines that misbehave (garbage, crash, hang, flood).
//!
//! The engines are `examples/perft_engine.rs` with `--break RULE`, run as
//! this very test binary: started with `--engine` first, `main` acts as the
//! engine instead of running the tests (hence `harness = false`).
//! `cargo test --test perft_diff [FILTER]` runs the tests whose names contain FILTER.

// Both examples load `examples/support/placement.rs` for themselves.
#![allow(clippy::duplicate_mod)]

#[path = "../examples/perft_diff.rs"]
mod perft_diff;
#[path = "../examples/perft_engine.rs"]
mod perft_engine;

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What one perft_diff run gave.
struct Run {
    code: u8,
    out: String,
    err: String,
}

/// Runs perft_diff with `args`, then `--` and the engine with `engine` args.
fn diff(args: &[&str], engine: &[&str]) -> Run {
    let mut all: Vec<OsString> = args.iter().map(OsString::from).collect();
    all.push("--".into());
    all.push(std::env::current_exe().expect("own path").into());
    all.push("--engine".into());
    all.extend(engine.iter().map(OsString::from));
    diff_os(&all)
}

fn diff_os(args: &[OsString]) -> Run {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = perft_diff::run(args, &mut out, &mut err);
    Run {
        code,
        out: String::from_utf8(out).expect("UTF-8"),
        err: String::from_utf8(err).expect("UTF-8"),
    }
}

#[track_caller]
fn assert_lines(run: &Run, code: u8, lines: &[&str]) {
    assert_eq!(
        run.code, code,
        "exit status; output:\n{}{}",
        run.out, run.err
    );
    for line in lines {
        assert!(
            run.out.lines().any(|l| l.trim_end() == *line),
            "no line {line:?} in:\n{}{}",
            run.out,
            run.err
        );
    }
}

/// The report lines starting with `kind` (`extra`, `missing`, `count`).
fn lines_of<'a>(run: &'a Run, kind: &str) -> Vec<&'a str> {
    run.out
        .lines()
        .filter(|l| l.split_whitespace().next() == Some(kind))
        .collect()
}

/// A variant of a large board, on both sides of the comparison: Chu Shogi
/// by name, and a large definition file.
fn large_boards_are_compared() {
    let run = diff(
        &["--variant", "chushogi", "--depth", "2"],
        &["--variant", "chushogi"],
    );
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
    assert!(
        run.out.starts_with("AGREE: perft 2 of lfcsgekgscfl/"),
        "{}",
        run.out
    );
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chushogi.toml");
    let run = diff(
        &["--variant-file", file, "--random", "2", "--plies", "6"],
        &["--variant-file", file],
    );
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
    // An engine that adds one to its total is caught on the large board too.
    let run = diff(
        &["--variant", "chushogi", "--depth", "1"],
        &["--variant", "chushogi", "--break", "bad-total"],
    );
    assert_ne!(run.code, 0, "{}{}", run.out, run.err);
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn honest_engines_agree() {
    for (variant, fen, depth) in [
        ("chess", KIWIPETE, "2"),
        ("meiriqi", "", "2"),
        ("decimaka", "", "2"),
        ("capablanca", "", "2"),
    ] {
        let mut args = vec!["--variant", variant, "--depth", depth];
        if !fen.is_empty() {
            args.extend(["--fen", fen]);
        }
        let run = diff(&args, &["--variant", variant]);
        assert_eq!(run.code, 0, "{variant}: {}{}", run.out, run.err);
        assert!(run.out.starts_with("AGREE: perft 2 of "), "{}", run.out);
        assert!(run.err.is_empty(), "{}", run.err);
    }
}

fn honest_engine_agrees_in_random_playouts() {
    let run = diff(
        &[
            "--variant",
            "meiriqi",
            "--random",
            "2",
            "--seed",
            "5",
            "--plies",
            "40",
        ],
        &["--variant", "meiriqi"],
    );
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
    assert!(run.out.contains("2 random playouts"), "{}", run.out);
    let run = diff(
        &[
            "--variant",
            "chess",
            "--random",
            "2",
            "--plies",
            "30",
            "--depth",
            "2",
        ],
        &["--variant", "chess"],
    );
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
}

fn missing_en_passant_is_found_below_the_double_step() {
    let fen = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    let run = diff(
        &["--variant", "chess", "--fen", fen, "--depth", "2"],
        &["--variant", "chess", "--break", "en-passant"],
    );
    assert_lines(
        &run,
        1,
        &[
            "moves:    a2a4",
            "position: 4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",
            "depth:    1",
            "missing  b4a3  en passant",
        ],
    );
    assert_eq!(lines_of(&run, "missing").len(), 1, "{}", run.out);
    assert!(lines_of(&run, "extra").is_empty(), "{}", run.out);
    // Deeper, from Kiwipete: still an en-passant capture, whichever it is.
    let run = diff(
        &["--variant", "chess", "--fen", KIWIPETE, "--depth", "3"],
        &["--variant", "chess", "--break", "en-passant"],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let missing = lines_of(&run, "missing");
    assert!(
        !missing.is_empty() && missing.iter().all(|l| l.ends_with("  en passant")),
        "{}",
        run.out
    );
    assert!(run.out.contains("path:     after "), "{}", run.out);
    // And by random play, at the ply it happens.
    let run = diff(
        &[
            "--variant",
            "chess",
            "--random",
            "3",
            "--seed",
            "5",
            "--plies",
            "60",
        ],
        &["--variant", "chess", "--break", "en-passant"],
    );
    assert_lines(
        &run,
        1,
        &[
            "missing  d5e6  en passant",
            "found:    random playout 2 of 3 (seed 5), ply 8",
        ],
    );
    assert_eq!(
        run.out.lines().filter(|l| l.starts_with("moves:")).count(),
        1
    );
}

fn an_engine_that_contradicts_itself_is_reported() {
    let fen = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    let run = diff(
        &["--variant", "chess", "--fen", fen, "--depth", "2"],
        &["--variant", "chess", "--break", "deep-en-passant"],
    );
    assert_lines(
        &run,
        1,
        &[
            "moves:    (none)",
            "depth:    2",
            "count    a2a4  engine 6, betza 7",
            "note:     the engine counts 6 below a2a4 (betza 7), but asked about the position after a2a4 it agrees with betza: its counts below a move differ from its own move lists (or it plays MOVES differently)",
        ],
    );
}

fn castling_through_check_is_named() {
    // The Rook on f2 attacks f1: e1g1 crosses it, e1c1 is legal.
    let fen = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
    let run = diff(
        &["--variant", "chess", "--fen", fen, "--depth", "1"],
        &["--variant", "chess", "--break", "castling-through-check"],
    );
    assert_lines(
        &run,
        1,
        &[
            "moves:    (none)",
            "extra    e1g1  castling through check: the King crosses f1, which is attacked",
        ],
    );
    assert!(lines_of(&run, "missing").is_empty(), "{}", run.out);
    // One ply deeper: each Knight move attacks a square the King crosses
    // (f1 or d1), none gives check.
    let fen = "4k3/8/8/8/4n3/8/8/R3K2R b KQ - 0 1";
    let run = diff(
        &["--variant", "chess", "--fen", fen, "--depth", "2"],
        &["--variant", "chess", "--break", "castling-through-check"],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let extra = lines_of(&run, "extra");
    assert_eq!(extra.len(), 1, "{}", run.out);
    assert!(
        extra[0].starts_with("extra    e1g1  castling through check: the King crosses f1"),
        "{}",
        run.out
    );
    // Capablanca's King castles three squares.
    let fen = "5k4/10/10/10/10/10/6r3/R4K3R w KQ - 0 1";
    let run = diff(
        &["--variant", "capablanca", "--fen", fen, "--depth", "1"],
        &[
            "--variant",
            "capablanca",
            "--break",
            "castling-through-check",
        ],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let extra = lines_of(&run, "extra");
    assert_eq!(extra.len(), 1, "{}", run.out);
    assert!(
        extra[0].contains("castling through check: the King crosses g1"),
        "{}",
        run.out
    );
}

fn missing_optional_promotions_are_named() {
    // Meiriqi: a Knight entering the zone may become a Janus.
    let fen = "10/7k2/10/10/2N7/10/10/10/8K1/10 w - - 0 1";
    let run = diff(
        &["--variant", "meiriqi", "--fen", fen, "--depth", "1"],
        &["--variant", "meiriqi", "--break", "optional-promotion"],
    );
    assert_lines(
        &run,
        1,
        &[
            "missing  c6b8+  optional promotion: promoting",
            "missing  c6d8+  optional promotion: promoting",
        ],
    );
    assert_eq!(lines_of(&run, "missing").len(), 2, "{}", run.out);
    assert!(lines_of(&run, "extra").is_empty(), "{}", run.out);
    // Two plies deeper, by descent from a count that differs at the root.
    let fen = "10/7k2/10/10/10/2N7/10/10/8K1/10 w - - 0 1";
    let run = diff(
        &["--variant", "meiriqi", "--fen", fen, "--depth", "3"],
        &["--variant", "meiriqi", "--break", "optional-promotion"],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let missing = lines_of(&run, "missing");
    assert!(!missing.is_empty(), "{}", run.out);
    assert!(
        missing
            .iter()
            .all(|l| l.ends_with("optional promotion: promoting")),
        "{}",
        run.out
    );
    assert!(run.out.contains("depth:    1"), "{}", run.out);
    // Decimaka: a capture of an unpromoted piece may promote.
    let fen = "9k/10/10/5p4/10/4N5/10/10/10/K9 w - - 0 1";
    let run = diff(
        &["--variant", "decimaka", "--fen", fen, "--depth", "1"],
        &["--variant", "decimaka", "--break", "optional-promotion"],
    );
    assert_lines(&run, 1, &["missing  e5f7+  optional promotion: promoting"]);
}

fn a_drop_mate_is_named() {
    // P@a8 mates: the Silver guards a8, the Gold b8 and b9.
    let fen = "k8/2G6/1S7/9/9/9/9/9/8K[P] w - - 0 1";
    let run = diff(
        &["--variant", "shogi", "--fen", fen, "--depth", "1"],
        &["--variant", "shogi", "--break", "drop-mate"],
    );
    assert_lines(
        &run,
        1,
        &["extra    P@a8  drop \"P@a8\": a Pawn may not be dropped to give checkmate"],
    );
    assert_eq!(lines_of(&run, "extra").len(), 1, "{}", run.out);
}

fn missing_facing_rule_is_named() {
    // The Knight on i5 is all that stands between the Kings.
    let fen = "10/8k1/10/10/10/8N1/10/10/8K1/10 w - - 0 1";
    let run = diff(
        &["--variant", "meiriqi", "--fen", fen, "--depth", "1"],
        &["--variant", "meiriqi", "--break", "facing-kings"],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let extra = lines_of(&run, "extra");
    assert_eq!(extra.len(), 6, "i5 to g4, g6, h3, h7, j3, j7:\n{}", run.out);
    assert!(
        extra.iter().all(|l| l.starts_with("extra    i5")
            && l.ends_with("facing kings: the Kings would face each other on the i file")),
        "{}",
        run.out
    );
    assert_lines(
        &run,
        1,
        &["extra    i5h7  facing kings: the Kings would face each other on the i file"],
    );
    // Found by random play from the start too.
    let run = diff(
        &[
            "--variant",
            "meiriqi",
            "--random",
            "2",
            "--seed",
            "28",
            "--plies",
            "40",
        ],
        &["--variant", "meiriqi", "--break", "facing-kings"],
    );
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    assert!(!lines_of(&run, "extra").is_empty(), "{}", run.out);
    assert!(
        lines_of(&run, "extra")
            .iter()
            .all(|l| l.contains("facing kings: the Kings would face each other")),
        "{}",
        run.out
    );
    assert!(run.out.contains("found:    random playout "), "{}", run.out);
}

fn variant_files_are_read() {
    let dir = std::env::temp_dir().join(format!("perft_diff_test_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("my-chess.toml");
    let text = betza::builtin::definition_text("chess").expect("built in");
    std::fs::write(
        &file,
        text.replace("name = \"chess\"", "name = \"my-chess\""),
    )
    .expect("write");
    let path = file.to_str().expect("UTF-8 path");
    let fen = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    let args = ["--variant-file", path, "--fen", fen, "--depth", "2"];
    let run = diff(&args, &["--variant-file", path]);
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
    let run = diff(&args, &["--variant-file", path, "--break", "en-passant"]);
    assert_lines(&run, 1, &["missing  b4a3  en passant"]);
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\nfiles = 99\n").expect("write");
    let bad_path = bad.to_str().expect("UTF-8 path");
    let run = diff(
        &["--variant-file", bad_path, "--depth", "1"],
        &["--variant-file", bad_path],
    );
    assert_eq!(run.code, 2, "{}{}", run.out, run.err);
    assert!(
        run.err
            .starts_with(&format!("perft_diff: --variant-file {bad_path}: ")),
        "{}",
        run.err
    );
    let run = diff(
        &["--variant-file", "/nonexistent.toml", "--depth", "1"],
        &["--variant", "chess"],
    );
    assert_eq!(run.code, 2, "{}{}", run.out, run.err);
    assert!(
        run.err.contains("--variant-file /nonexistent.toml: "),
        "{}",
        run.err
    );
    let run = diff(
        &["--variant", "chess", "--variant-file", path, "--depth", "1"],
        &["--variant", "chess"],
    );
    assert_eq!(run.code, 2);
    assert!(run.err.contains("one of them"), "{}", run.err);
    let _ = std::fs::remove_dir_all(&dir);
}

fn engine_errors_exit_2() {
    let cases: [(&str, &str); 4] = [
        (
            "garbage",
            "the engine's output is not perft output: line 1: expected 'MOVE COUNT'",
        ),
        ("crash", "deliberate crash after the first move"),
        (
            "bad-total",
            "the total 21 is not the sum of the move counts (20)",
        ),
        ("flood", "the engine printed more than 4 MiB"),
    ];
    for (fault, message) in cases {
        let run = diff(
            &["--variant", "chess", "--depth", "1"],
            &["--variant", "chess", "--break", fault],
        );
        assert_eq!(run.code, 2, "{fault}: {}{}", run.out, run.err);
        assert!(
            run.err.starts_with("perft_diff: engine error: "),
            "{fault}: {}",
            run.err
        );
        assert!(run.err.contains(message), "{fault}: {}", run.err);
        assert!(run.out.is_empty(), "{fault}: {}", run.out);
    }
    let run = diff(
        &["--variant", "chess", "--depth", "1"],
        &["--variant", "chess", "--break", "crash"],
    );
    assert!(
        run.err.contains("the engine failed (exit status: 101)"),
        "{}",
        run.err
    );
    // An engine that never answers is stopped at the time-out.
    let start = Instant::now();
    let run = diff(
        &["--variant", "chess", "--depth", "1", "--timeout", "0.5"],
        &["--variant", "chess", "--break", "hang"],
    );
    assert_eq!(run.code, 2, "{}{}", run.out, run.err);
    assert!(
        run.err.contains("the engine ran longer than 0.5 s"),
        "{}",
        run.err
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    // An engine that cannot be started, or refuses its arguments.
    let run = diff_os(&[
        "--variant".into(),
        "chess".into(),
        "--depth".into(),
        "1".into(),
        "--".into(),
        "/nonexistent/engine".into(),
    ]);
    assert_eq!(run.code, 2, "{}{}", run.out, run.err);
    assert!(
        run.err.contains("cannot run \"/nonexistent/engine\""),
        "{}",
        run.err
    );
    let run = diff(
        &["--variant", "chess", "--depth", "1"],
        &["--variant", "nochess"],
    );
    assert_eq!(run.code, 2, "{}{}", run.out, run.err);
    assert!(
        run.err
            .contains("perft_engine: unknown variant \"nochess\""),
        "{}",
        run.err
    );
}

fn bad_arguments_are_reported() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--variant", "chess", "--depth", "1"],
            "no engine: give its command after --",
        ),
        (&["--variant", "chess", "--depth", "1", "--"], "no engine"),
        (&["--depth", "1", "--", "x"], "give the variant"),
        (
            &["--variant", "no-such-chess", "--depth", "1", "--", "x"],
            "unknown variant \"no-such-chess\"",
        ),
        (&["--variant", "chess", "--", "x"], "--depth D is needed"),
        (
            &["--variant", "chess", "--depth", "0", "--", "x"],
            "--depth 0: expected a whole number from 1 to 20",
        ),
        (
            &[
                "--variant",
                "chess",
                "--depth",
                "1",
                "--fen",
                "8/8 w - -",
                "--",
                "x",
            ],
            "--fen: placement: 2 ranks",
        ),
        (
            &[
                "--variant",
                "chess",
                "--depth",
                "1",
                "--frobnicate",
                "--",
                "x",
            ],
            "unknown option --frobnicate",
        ),
        (
            &[
                "--variant",
                "chess",
                "--depth",
                "1",
                "--timeout",
                "-3",
                "--",
                "x",
            ],
            "--timeout -3",
        ),
    ];
    for (args, message) in cases {
        let run = diff_os(&args.iter().map(OsString::from).collect::<Vec<_>>());
        assert_eq!(run.code, 2, "{args:?}: {}", run.err);
        assert!(run.err.contains(message), "{args:?}: {}", run.err);
        assert!(run.out.is_empty());
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        let run = diff_os(&[
            "--variant".into(),
            OsString::from_vec(vec![b'c', 0xff]),
            "--depth".into(),
            "1".into(),
            "--".into(),
            "x".into(),
        ]);
        assert_eq!(run.code, 2);
        assert!(
            run.err
                .contains("the value of --variant is not valid UTF-8"),
            "{}",
            run.err
        );
    }
    let run = diff_os(&["--help".into()]);
    assert_eq!(run.code, 0);
    assert!(run.out.contains("ENGINE ARGS... DEPTH FEN MOVES"));
}

/// The reason perft_diff gives for an engine's move `text` in `fen`.
fn why_extra(variant: &str, fen: &str, text: &str) -> String {
    let v = betza::Variant::by_name(variant).expect("built in");
    let pos = betza::Position::from_fen(v, fen).expect("valid FEN");
    perft_diff::explain_extra(&pos, text, None).expect("a reason")
}

fn why_missing(variant: &str, fen: &str, text: &str) -> Option<String> {
    let v = betza::Variant::by_name(variant).expect("built in");
    let pos = betza::Position::from_fen(v, fen).expect("valid FEN");
    let m = pos.parse_move(text).expect("legal");
    perft_diff::explain_missing(&pos, &m, &pos.legal_moves())
}

fn rules_are_named() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        why_extra("chess", start, "e2e5"),
        "the Pawn on e2 has no move to e5"
    );
    assert_eq!(
        why_extra("chess", start, "e4e5"),
        "move \"e4e5\": there is no piece on e4"
    );
    assert_eq!(
        why_extra("chess", start, "e7e5"),
        "move \"e7e5\": the piece on e7 is not the side to move's"
    );
    assert!(why_extra("chess", start, "zz").starts_with("move text \"zz\": "));
    let seventh = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        why_extra("chess", seventh, "a7a8"),
        "forced promotion: the move must promote (a7a8q)"
    );
    assert_eq!(
        why_extra("chess", start, "e2e4q"),
        "promotion: not allowed this way (betza has e2e4)"
    );
    // A pinned Knight, and Kings that would face each other.
    let pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        why_extra("chess", pinned, "e2c3"),
        "leaves the King in check"
    );
    assert_eq!(
        why_extra(
            "meiriqi",
            "10/8k1/10/10/10/8N1/10/10/8K1/10 w - - 0 1",
            "i5g4"
        ),
        "facing kings: the Kings would face each other on the i file"
    );
    // Confinement: the Meiriqi King keeps to its fortress.
    assert_eq!(
        why_extra(
            "meiriqi",
            "10/8k1/10/10/10/10/10/10/7K2/10 w - - 0 1",
            "h2g2"
        ),
        "confinement: the King may not leave its region"
    );
    // Castling refused for each of its reasons.
    assert_eq!(
        why_extra("chess", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1"),
        "castling: the right is gone (castling rights: Q)"
    );
    assert_eq!(
        why_extra("chess", "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1g1"),
        "castling: a piece stands between the King and the Rook"
    );
    assert_eq!(
        why_extra("chess", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"),
        "castling out of check: the King is in check"
    );
    assert_eq!(
        why_extra(
            "meiriqi",
            "10/8k1/10/10/10/10/10/10/10/7K2 w - - 0 1",
            "h1j1"
        ),
        "castling: this variant has no castling"
    );
    // En passant where the variant has none: Black's double step b8b6.
    let v = betza::Variant::by_name("meiriqi").expect("built in");
    let before =
        betza::Position::from_fen(v, "10/7k2/1p8/10/P9/10/10/10/8K1/10 b - - 0 1").expect("valid");
    let step = before.parse_move("b8b6").expect("a double step");
    let after = before.play(&step).expect("legal");
    assert_eq!(
        perft_diff::explain_extra(&after, "a6b7", Some(&(before, step))).as_deref(),
        Some("en passant: this variant has no en passant")
    );
    // Missing moves.
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(
        why_missing("chess", ep, "e5d6").as_deref(),
        Some("en passant")
    );
    assert_eq!(
        why_missing("chess", start, "e2e4").as_deref(),
        Some("double step")
    );
    assert_eq!(why_missing("chess", start, "e2e3"), None);
    assert_eq!(
        why_missing("chess", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8").as_deref(),
        Some("castling")
    );
    assert_eq!(
        why_missing("chess", seventh, "a7a8n").as_deref(),
        Some("promotion (forced)")
    );
    let zone = "10/7k2/10/10/2N7/10/10/10/8K1/10 w - - 0 1";
    assert_eq!(
        why_missing("meiriqi", zone, "c6d8+").as_deref(),
        Some("optional promotion: promoting")
    );
    assert_eq!(
        why_missing("meiriqi", zone, "c6d8").as_deref(),
        Some("optional promotion: not promoting")
    );
    assert_eq!(
        why_missing("chess", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4c3").as_deref(),
        Some(
            "facing kings: not a rule of this variant (the Kings face each other on the e file after it)"
        )
    );
    assert_eq!(
        why_missing("chess", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f2").as_deref(),
        Some("check evasion")
    );
}

fn engine_output_is_read_strictly() {
    let ok = perft_diff::parse_divide("e2e4 20\r\ne2e3 20\r\n\r\n40\r\n").expect("CRLF is fine");
    assert_eq!(ok, vec![("e2e4".to_string(), 20), ("e2e3".to_string(), 20)]);
    assert_eq!(perft_diff::parse_divide("\n0\n").expect("no moves"), vec![]);
    for (text, message) in [
        ("", "no blank line and total"),
        ("e2e4 1\n", "no blank line and total"),
        ("e2e4 1\n\n", "no total after the blank line"),
        ("e2e4\n\n1\n", "line 1: expected 'MOVE COUNT', got \"e2e4\""),
        ("e2e4 x\n\n1\n", "line 1: expected 'MOVE COUNT'"),
        (
            "e2e4 1\ne2e4 1\n\n2\n",
            "line 2: move \"e2e4\" is listed twice",
        ),
        (
            "e2e4 1\n\n1\n2\n",
            "line 4: unexpected text after the total",
        ),
        ("e2e4 1\n\ntotal 1\n", "line 3: expected the total"),
        ("a 18446744073709551615\nb 1\n\n0\n", "(overflow)"),
    ] {
        let e = perft_diff::parse_divide(text).expect_err(text);
        assert!(e.contains(message), "{text:?}: {e}");
    }
}

const TESTS: &[(&str, fn())] = &[
    ("honest_engines_agree", honest_engines_agree),
    ("large_boards_are_compared", large_boards_are_compared),
    (
        "honest_engine_agrees_in_random_playouts",
        honest_engine_agrees_in_random_playouts,
    ),
    (
        "missing_en_passant_is_found_below_the_double_step",
        missing_en_passant_is_found_below_the_double_step,
    ),
    (
        "castling_through_check_is_named",
        castling_through_check_is_named,
    ),
    (
        "missing_optional_promotions_are_named",
        missing_optional_promotions_are_named,
    ),
    ("missing_facing_rule_is_named", missing_facing_rule_is_named),
    ("a_drop_mate_is_named", a_drop_mate_is_named),
    ("variant_files_are_read", variant_files_are_read),
    ("engine_errors_exit_2", engine_errors_exit_2),
    ("bad_arguments_are_reported", bad_arguments_are_reported),
    (
        "an_engine_that_contradicts_itself_is_reported",
        an_engine_that_contradicts_itself_is_reported,
    ),
    ("rules_are_named", rules_are_named),
    (
        "engine_output_is_read_strictly",
        engine_output_is_read_strictly,
    ),
];

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == "--engine") {
        return perft_engine::run(args[1..].to_vec());
    }
    // A filter, as with libtest; other options (--quiet, --nocapture...) are ignored.
    let filters: Vec<String> = args
        .iter()
        .filter_map(|a| a.to_str())
        .filter(|a| !a.starts_with('-'))
        .map(str::to_string)
        .collect();
    let chosen: Vec<_> = TESTS
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    println!("\nrunning {} tests", chosen.len());
    let mut failed = Vec::new();
    for (name, test) in &chosen {
        let start = Instant::now();
        let ok = std::panic::catch_unwind(test).is_ok();
        println!(
            "test {name} ... {} ({:.1} s)",
            if ok { "ok" } else { "FAILED" },
            start.elapsed().as_secs_f64()
        );
        if !ok {
            failed.push(*name);
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        chosen.len() - failed.len(),
        failed.len()
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
