//! Compiles the C test and the C example against `include/betza.h` and the
//! static library with the system C compiler (as C99 and as C++), and runs them.
//! With `BETZA_VALGRIND=1` the programs run under valgrind, which must report
//! no errors and no leaks.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folder holding a fresh `libbetza.a` for this build (target/<profile>).
/// `cargo test` builds the library only as an rlib for the tests, so this
/// builds the static library once per run with the same profile.
fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable path");
        let dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>/deps/..")
            .to_path_buf();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "--lib", "--quiet"]).current_dir(root());
        if dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "cargo build --lib failed");
        assert!(
            dir.join("libbetza.a").exists(),
            "{} has no libbetza.a",
            dir.display()
        );
        dir
    })
}

fn compile(source: &str, cxx: bool) -> PathBuf {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let stem = Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("file name");
    let exe = out_dir.join(format!("{stem}{}", if cxx { "-cxx" } else { "" }));
    let mut cmd = Command::new(if cxx { "c++" } else { "cc" });
    if cxx {
        cmd.args(["-x", "c++", "-std=c++11"]);
    } else {
        cmd.arg("-std=c99");
    }
    cmd.args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join(source))
        .arg("-x")
        .arg("none")
        .arg(lib_dir().join("libbetza.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe);
    let out = cmd.output().expect("the C compiler runs");
    assert!(
        out.status.success(),
        "compiling {source} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &Path, args: &[&str]) -> String {
    let valgrind = std::env::var_os("BETZA_VALGRIND").is_some();
    let mut cmd = if valgrind {
        let mut c = Command::new("valgrind");
        c.args([
            "--error-exitcode=97",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible",
            "--quiet",
        ])
        .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let out = cmd.args(args).output().expect("the program runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{} {args:?} failed ({}):\n{stdout}\n{}",
        exe.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    if valgrind {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stderr.contains("ERROR SUMMARY") || stderr.contains("ERROR SUMMARY: 0 errors"),
            "{stderr}"
        );
    }
    stdout
}

#[test]
fn c_api_test_passes_as_c() {
    let out = run(&compile("tests/c/capi_test.c", false), &[]);
    let last = out.lines().last().unwrap_or("");
    assert!(
        last.ends_with(" 0 failed") && !last.starts_with("0 passed"),
        "{out}"
    );
}

#[test]
fn c_api_test_passes_as_cxx() {
    let out = run(&compile("tests/c/capi_test.c", true), &[]);
    assert!(
        out.lines().last().unwrap_or("").ends_with(" 0 failed"),
        "{out}"
    );
}

#[test]
fn c_example_plays_a_game() {
    let exe = compile("examples/c/demo.c", false);
    for variant in ["meiriqi", "decimaka", "chess", "capablanca"] {
        let out = run(&exe, &[variant, "7"]);
        assert!(out.contains("legal moves:"), "{out}");
        assert!(
            out.contains("Knight e4 takes d6: 2 choices: e4d6 e4d6+ (promotes)"),
            "{out}"
        );
        assert!(out.contains("after "), "{out}");
    }
}
