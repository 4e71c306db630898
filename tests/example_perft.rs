//! The `perft` example driven through its command line and output.

#[path = "../examples/perft.rs"]
mod perft;

use std::ffi::OsString;

fn args(s: &str) -> Vec<OsString> {
    s.split_whitespace().map(OsString::from).collect()
}

/// Runs the example on a command line; its output, or the error message.
fn run(line: &str) -> Result<String, String> {
    let opts = perft::parse_args(&args(line)).map_err(|e| e.message)?;
    let mut out = Vec::new();
    perft::run(&opts, &mut out)?;
    Ok(String::from_utf8(out).expect("UTF-8"))
}

#[test]
fn totals_divide_and_depth_zero() {
    assert_eq!(run("meiriqi 2").unwrap(), "total 1934\n");
    let divide = run("chess 2 --divide").unwrap();
    assert_eq!(divide.lines().count(), 21);
    assert!(divide.starts_with("a2a3 20\n"), "{divide}");
    assert!(divide.ends_with("total 400\n"), "{divide}");
    // Depth 0 is one leaf: the root, with no move lines.
    assert_eq!(run("decimaka 0 --divide").unwrap(), "total 1\n");
    assert_eq!(run("decimaka 0").unwrap(), "total 1\n");
    // A position with one legal move (Kxg2), after which Black has three.
    let opts = perft::parse_args(&[
        "chess".into(),
        "2".into(),
        "--fen".into(),
        "7k/8/8/8/8/8/6q1/7K w - - 0 1".into(),
        "--divide".into(),
    ])
    .unwrap();
    let mut out = Vec::new();
    assert_eq!(perft::run(&opts, &mut out), Ok(3));
    assert_eq!(String::from_utf8(out).unwrap(), "h1g2 3\ntotal 3\n");
}

#[test]
fn no_bulk_and_threads_give_the_same_counts() {
    for line in ["meiriqi 3", "decimaka 3", "capablanca 3", "chess 4"] {
        let want = run(line).unwrap();
        assert_eq!(run(&format!("{line} --no-bulk")).unwrap(), want, "{line}");
        assert_eq!(run(&format!("{line} --threads 2")).unwrap(), want, "{line}");
        assert_eq!(
            run(&format!("{line} --threads 3 --no-bulk")).unwrap(),
            want,
            "{line}"
        );
        let divide = run(&format!("{line} --divide")).unwrap();
        assert_eq!(
            run(&format!("{line} --divide --threads 2")).unwrap(),
            divide
        );
    }
}

#[test]
fn shards_add_up_to_the_whole() {
    let total = |out: &str| -> u64 {
        out.lines()
            .last()
            .and_then(|l| l.strip_prefix("total "))
            .and_then(|n| n.parse().ok())
            .expect("a total line")
    };
    for (line, whole) in [("meiriqi 3", 90_313), ("chess 3", 8902), ("decimaka 1", 0)] {
        let whole = if whole == 0 {
            total(&run(line).unwrap())
        } else {
            whole
        };
        for n in [1, 2, 5] {
            let parts: Vec<u64> = (1..=n)
                .map(|k| total(&run(&format!("{line} --shard {k}/{n} --threads 2")).unwrap()))
                .collect();
            assert_eq!(parts.iter().sum::<u64>(), whole, "{line} {n}: {parts:?}");
            if n > 1 && line != "decimaka 1" {
                assert!(parts.iter().all(|&p| p > 0 && p < whole), "{parts:?}");
            }
        }
    }
    // A shard's divide lists that shard's part below each root move.
    let lines = run("meiriqi 3 --divide --shard 2/3").unwrap();
    let sum: u64 = lines
        .lines()
        .filter(|l| !l.starts_with("total"))
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total(&lines), sum);
}

#[test]
fn command_line_mistakes() {
    let err = |s: &str| perft::parse_args(&args(s)).unwrap_err();
    assert_eq!(
        err("chess 1 --fen x --fen y").message,
        "--fen is given twice"
    );
    assert_eq!(
        err("chess 1 --divide --divide").message,
        "--divide is given twice"
    );
    assert_eq!(
        err("chess 1 --no-bulk --no-bulk").message,
        "--no-bulk is given twice"
    );
    assert_eq!(
        err("chess 1 --threads 2 --threads 2").message,
        "--threads is given twice"
    );
    assert_eq!(
        err("chess 1 --shard 1/2 --shard 2/2").message,
        "--shard is given twice"
    );
    assert_eq!(err("chess 1 --fen").message, "--fen needs a FEN argument");
    assert_eq!(
        err("chess 1 --threads 0").message,
        "--threads \"0\": not a whole number from 1 to 1024"
    );
    for bad in ["0/2", "3/2", "1", "a/b", "1/0", "-1/2"] {
        assert_eq!(
            err(&format!("chess 1 --shard {bad}")).message,
            format!("--shard \"{bad}\": expected K/N with 1 <= K <= N, as in 2/8")
        );
    }
    assert_eq!(err("chess 1 --fast").message, "unknown option --fast");
    assert_eq!(err("chess").message, "expected VARIANT and DEPTH");
    assert!(err("chess").usage);
    assert_eq!(
        err("no-such-chess 1").message,
        format!(
            "unknown variant \"no-such-chess\"; the built-in variants are {}",
            betza::AnyVariant::builtin_names().join(", ")
        )
    );
    assert_eq!(
        err("chess 33").message,
        "depth \"33\" is not a whole number from 0 to 32"
    );
    // A FEN the variant refuses is an error of the run, with the reason.
    let opts = perft::parse_args(&[
        "chess".into(),
        "1".into(),
        "--fen".into(),
        "8/8/8/8/8/8/8/8 w - - 0 1".into(),
    ])
    .unwrap();
    let e = perft::run(&opts, &mut Vec::new()).unwrap_err();
    assert!(e.contains("royal"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_reported_not_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let bad = OsString::from_vec(vec![b'c', 0xff, b'h']);
    let e = perft::parse_args(&[bad, OsString::from("1")]).unwrap_err();
    assert_eq!(e.message, "argument \"c\\xFFh\" is not valid UTF-8");
    assert!(!e.usage);
}

/// A file in the temporary directory holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("betza-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn a_variant_from_a_definition_file() {
    // Meiriqi written out in the format, under another name.
    let text = betza::Variant::by_name("meiriqi")
        .unwrap()
        .definition()
        .to_string()
        .replace("name = \"meiriqi\"", "name = \"my-meiriqi\"");
    assert!(text.contains("my-meiriqi"));
    let file = TempFile::new("perft-meiriqi.toml", &text);
    let path = file.0.to_str().unwrap();
    for (depth, nodes) in [(1, 44), (2, 1934), (3, 90_313)] {
        assert_eq!(
            run(&format!("--variant-file {path} {depth}")).unwrap(),
            format!("total {nodes}\n")
        );
    }
    assert_eq!(
        run(&format!("--variant-file {path} 3 --threads 2 --no-bulk")).unwrap(),
        "total 90313\n"
    );
    let err = |s: &str| perft::parse_args(&args(s)).unwrap_err().message;
    assert_eq!(
        err(&format!("meiriqi --variant-file {path} 2")),
        "a variant name and --variant-file: give one of them"
    );
    assert_eq!(
        err(&format!("--variant-file {path}")),
        "expected DEPTH after --variant-file FILE"
    );
    assert_eq!(
        err(&format!("--variant-file {path} --variant-file {path} 1")),
        "--variant-file is given twice"
    );
    assert_eq!(err("1 --variant-file"), "--variant-file needs a FILE");
    // A file that is missing, or whose definition is refused: the error
    // names the file, and the library's message the line and the key.
    let missing = run("--variant-file /nonexistent/betza.toml 1").unwrap_err();
    assert!(
        missing.starts_with("--variant-file /nonexistent/betza.toml: "),
        "{missing}"
    );
    let bad = TempFile::new(
        "perft-bad.toml",
        &text.replace("files = 10", "files = 10\nfiles-typo = 3"),
    );
    let e = run(&format!("--variant-file {} 1", bad.0.display())).unwrap_err();
    assert!(
        e.starts_with(&format!("--variant-file {}: ", bad.0.display())),
        "{e}"
    );
    assert!(e.contains("files-typo"), "{e}");
}

#[test]
fn a_lion_definition_counts_through_variant_file() {
    // The Lion-like test variant (captures on its first step and goes on, or
    // comes back): the position and counts worked out by hand in
    // tests/xbetza.rs.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/lion.toml");
    for (depth, nodes) in [(1, 35), (2, 194)] {
        let opts = perft::parse_args(&[
            "--variant-file".into(),
            path.into(),
            depth.to_string().into(),
            "--fen".into(),
            "7k/8/8/3w4/3L4/8/8/K7 w - - 0 1".into(),
        ])
        .unwrap();
        let mut out = Vec::new();
        assert_eq!(perft::run(&opts, &mut out), Ok(nodes));
        assert_eq!(String::from_utf8(out).unwrap(), format!("total {nodes}\n"));
    }
    let opts = perft::parse_args(&[
        "--variant-file".into(),
        path.into(),
        "1".into(),
        "--fen".into(),
        "7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1".into(),
        "--divide".into(),
    ])
    .unwrap();
    let mut out = Vec::new();
    perft::run(&opts, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("d4d5e6 1\n"), "{text}");
    assert!(text.contains("d4d5d4 1\n"), "{text}");
}

/// A variant of a large board, by name or from its file, through the one
/// dispatch at start-up: Chu Shogi's published 36 / 1,296 (shogiops).
#[test]
fn chushogi_and_large_definition_files_are_counted() {
    assert_eq!(run("chushogi 2").unwrap(), "total 1296\n");
    assert_eq!(run("ChuShogi 1 --no-bulk").unwrap(), "total 36\n");
    let divide = run("chushogi 1 --divide").unwrap();
    assert_eq!(divide.lines().count(), 37, "{divide}");
    let file = format!("{}/variants/chushogi.toml", env!("CARGO_MANIFEST_DIR"));
    assert_eq!(
        run(&format!("--variant-file {file} 2 --threads 2")).unwrap(),
        "total 1296\n"
    );
    // A FEN of the large board: each King in a corner with a Pawn beside
    // it (two Kings alone would be a draw at once): 2 King moves and 1
    // Pawn move each.
    let opts = perft::parse_args(&[
        "chushogi".into(),
        "2".into(),
        "--fen".into(),
        "11k/10p1/12/12/12/12/12/12/12/12/1P10/K11 w - - 0 1".into(),
    ])
    .unwrap();
    assert_eq!(perft::run(&opts, &mut Vec::new()), Ok(9));
    // An SFEN of another board's size names what is wrong with it.
    let opts = perft::parse_args(&[
        "chushogi".into(),
        "1".into(),
        "--sfen".into(),
        "9/9/9/9/9/9/9/9/9 b - 1".into(),
    ])
    .unwrap();
    let e = perft::run(&opts, &mut Vec::new()).unwrap_err();
    assert!(!e.contains("128") && e.contains("rank"), "{e}");
}

/// SFEN on the large board: shogiops's published Chu Shogi counts
/// (tests/data/chushogi-random.txt, every one) through `--sfen`, with
/// `--divide` and threads adding up the same.
#[test]
fn chushogi_sfen_counts_are_shogiops_counts() {
    let data = include_str!("data/chushogi-random.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let count = |extra: &[&str]| {
            let mut argv: Vec<OsString> =
                vec!["chushogi".into(), f[1].into(), "--sfen".into(), f[0].into()];
            argv.extend(extra.iter().map(OsString::from));
            let opts = perft::parse_args(&argv).unwrap();
            perft::run(&opts, &mut Vec::new()).unwrap_or_else(|e| panic!("{}: {e}", f[0]))
        };
        let want: u64 = f[2].parse().unwrap();
        assert_eq!(count(&[]), want, "{}", f[0]);
        if checked % 20 == 0 {
            assert_eq!(count(&["--divide", "--threads", "2"]), want, "{}", f[0]);
        }
        checked += 1;
    }
    assert_eq!(checked, 140);
}

/// SFEN on the huge board type (a 19x19 definition): the SFEN the library
/// writes of its start reads back through `--sfen` to the start's count.
#[test]
fn sfen_of_a_huge_board_is_counted() {
    let path = format!(
        "{}/tests/data/variants/huge-19x19.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let v = betza::AnyVariant::from_definition(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(matches!(v, betza::AnyVariant::Huge(_)));
    let (sfen, want) = betza::with_board!(&v, |v| (v.start().to_sfen(), v.start().perft(2)));
    let argv: Vec<OsString> = vec![
        "--variant-file".into(),
        path.into(),
        "2".into(),
        "--sfen".into(),
        sfen.into(),
    ];
    let opts = perft::parse_args(&argv).unwrap();
    assert_eq!(perft::run(&opts, &mut Vec::new()), Ok(want));
}

/// Issue 24's end: a definition file of a 19x19 board with 40 piece types
/// (the Huge board type) reads and counts through `--variant-file`, with the
/// library's own count, and so does the 26x26 one.
#[test]
fn huge_definition_files_are_counted() {
    for (file, depth) in [("huge-19x19", 2), ("huge-26x26", 1)] {
        let path = format!(
            "{}/tests/data/variants/{file}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let v = betza::AnyVariant::from_definition(&text).unwrap();
        assert!(matches!(v, betza::AnyVariant::Huge(_)), "{file}");
        assert!(v.pieces().len() >= 40, "{file}");
        let expected = betza::with_board!(&v, |v| v.start().perft(depth));
        assert!(expected > 0);
        assert_eq!(
            run(&format!("--variant-file {path} {depth}")).unwrap(),
            format!("total {expected}\n"),
            "{file}"
        );
    }
}

#[test]
fn numbered_start_positions_of_shuffled_variants() {
    // Scharnagl's 518 is the standard array.
    assert_eq!(run("chess960 3 --start 518").unwrap(), "total 8902\n");
    // Number 0 is BBQNNRKR: its Bishops on a1 and b1 have no move at the start.
    let divide = run("chess960 1 --start 0 --divide").unwrap();
    assert!(
        divide.contains("d1c3 1\n") && divide.contains("e1f3 1\n"),
        "{divide}"
    );
    assert!(!divide.contains("a1"), "{divide}");
    assert_eq!(
        run("chess960 1 --start 960").unwrap_err(),
        "--start 960: chess960 numbers its start positions 0 to 959"
    );
    assert_eq!(
        run("chess 1 --start 3").unwrap_err(),
        "chess has no numbered start positions"
    );
    assert!(run("chess960 1 --start x").is_err());
    assert!(run("chess960 1 --start 1 --fen 8/8/8/8/8/8/8/8").is_err());
}

/// `/dev/zero` reports a size of 0 but never ends: at most the bound on a
/// definition and a byte are read (it read until memory ran out).
#[test]
#[cfg(unix)]
fn an_endless_variant_file_is_refused_at_the_bound() {
    let started = std::time::Instant::now();
    let e = run("--variant-file /dev/zero 1").expect_err("endless");
    assert!(
        e.contains("/dev/zero") && e.contains("more than 65536 bytes"),
        "{e}"
    );
    assert!(started.elapsed().as_secs() < 5);
}
