//! The C ABI from C and C++: compiles the C test, the C and C++ examples and
//! the header checks against `include/` and the C library with the system
//! compilers (`-Wall -Wextra -Werror -pedantic`), and runs them. With
//! `BETZA_VALGRIND=1` the programs run under valgrind, which must report no
//! errors and no leaks. Also checks what `libbetza.so` exports and that the
//! structs have one layout in C and in Rust.
//!
//! Needs the `capi` feature (`cargo test --features capi --test capi`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn header() -> String {
    std::fs::read_to_string(root().join("include/betza.h")).expect("include/betza.h")
}

/// The folder holding a fresh `libbetza.a` and `libbetza.so` (target/<profile>).
/// The crate is a plain Rust library, so this builds the C library once per
/// run, as cargo-c would: the `capi` feature and the two crate types.
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
        cmd.args(["rustc", "--lib", "--quiet", "--features", "capi"])
            .args(["--crate-type", "staticlib,cdylib"])
            .current_dir(root());
        if dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "building the C library failed");
        for lib in ["libbetza.a", "libbetza.so"] {
            assert!(dir.join(lib).exists(), "{} has no {lib}", dir.display());
        }
        dir
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Lang {
    C99,
    C11,
    /// C++11: the oldest C++ the C header supports.
    Cxx11,
    /// C++17: what `betza.hpp` needs.
    Cxx17,
}

/// Compiles `source` (a path in the repository, or C text written to a file)
/// into a program linked with the static library.
fn compile(name: &str, source: &Path, lang: Lang) -> PathBuf {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let exe = out_dir.join(name);
    let (compiler, std) = match lang {
        Lang::C99 => ("cc", ["-std=c99"].as_slice()),
        Lang::C11 => ("cc", ["-std=c11"].as_slice()),
        Lang::Cxx11 => ("c++", ["-x", "c++", "-std=c++11"].as_slice()),
        Lang::Cxx17 => ("c++", ["-x", "c++", "-std=c++17"].as_slice()),
    };
    let out = Command::new(compiler)
        .args(std)
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg("-I")
        .arg(root().join("include"))
        .arg(source)
        .arg("-x")
        .arg("none")
        .arg(lib_dir().join("libbetza.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .output()
        .expect("the C compiler runs");
    assert!(
        out.status.success(),
        "compiling {} failed:\n{}{}",
        source.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Writes `text` to a source file named `name` under the target's temporary
/// folder.
fn source(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("source written");
    path
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

fn assert_all_passed(out: &str) {
    let last = out.lines().last().unwrap_or("");
    assert!(
        last.ends_with(" 0 failed") && !last.starts_with("0 passed"),
        "{out}"
    );
}

#[test]
fn c_api_test_passes_as_c() {
    let exe = compile("capi_test", &root().join("tests/c/capi_test.c"), Lang::C99);
    assert_all_passed(&run(&exe, &[]));
}

#[test]
fn c_api_test_passes_as_cxx() {
    let exe = compile(
        "capi_test-cxx",
        &root().join("tests/c/capi_test.c"),
        Lang::Cxx11,
    );
    assert_all_passed(&run(&exe, &[]));
}

/// The calls of issue 27 (tests/c/api_test.c), as C and as C++.
#[test]
fn c_api_round_two_test_passes() {
    let exe = compile("api_test", &root().join("tests/c/api_test.c"), Lang::C99);
    assert_all_passed(&run(&exe, &[]));
    let exe = compile(
        "api_test-cxx",
        &root().join("tests/c/api_test.c"),
        Lang::Cxx11,
    );
    assert_all_passed(&run(&exe, &[]));
}

/// Large boards through the C ABI (tests/c/chu_test.c): Chu Shogi's start
/// counts, the Lion's two-step moves as BetzaMove and text, SAN, a game to
/// the capture of the King, PGN out and back, setups, a 16x16 definition;
/// as C and as C++.
#[test]
fn c_api_large_boards_test_passes() {
    let exe = compile("chu_test", &root().join("tests/c/chu_test.c"), Lang::C99);
    assert_all_passed(&run(&exe, &[]));
    let exe = compile(
        "chu_test-cxx",
        &root().join("tests/c/chu_test.c"),
        Lang::Cxx11,
    );
    assert_all_passed(&run(&exe, &[]));
}

/// betza.hpp's calls of issue 27 (tests/c/hpp_api_test.cpp).
#[test]
fn cxx_wrapper_round_two_test_passes() {
    let exe = compile(
        "hpp_api_test",
        &root().join("tests/c/hpp_api_test.cpp"),
        Lang::Cxx17,
    );
    assert_all_passed(&run(&exe, &[]));
}

#[test]
fn c_example_plays_a_game() {
    let exe = compile("demo", &root().join("examples/c/demo.c"), Lang::C99);
    for variant in ["meiriqi", "decimaka", "chess", "capablanca", "chushogi"] {
        let out = run(&exe, &[variant, "7"]);
        assert!(out.contains("legal moves:"), "{out}");
        assert!(
            out.contains("Knight e4 takes d6: 2 choices: e4d6 e4d6+ (promotes)"),
            "{out}"
        );
        assert!(out.contains("after "), "{out}");
        if variant == "chushogi" {
            // A large board, played to the capture of a King.
            assert!(out.contains("(royal captured)"), "{out}");
            assert!(
                out.contains("     a  b  c  d  e  f  g  h  i  j  k  l"),
                "{out}"
            );
        }
    }
}

#[test]
fn cxx_wrapper_test_passes() {
    let exe = compile(
        "hpp_test",
        &root().join("tests/c/hpp_test.cpp"),
        Lang::Cxx17,
    );
    assert_all_passed(&run(&exe, &[]));
}

#[test]
fn cxx_example_plays_a_game() {
    let exe = compile(
        "demo-cpp",
        &root().join("examples/cpp/demo.cpp"),
        Lang::Cxx17,
    );
    for variant in ["meiriqi", "chess"] {
        let out = run(&exe, &[variant, "7"]);
        assert!(out.contains("legal moves: "), "{out}");
        assert!(out.contains("\n[Variant \""), "{out}");
        assert!(out.contains("error caught: "), "{out}");
    }
}

/// A GUI's own `Color`, `Bitboard` and `Variant` (most chess GUIs have
/// them) must not clash with the header, in C or C++.
#[test]
fn header_coexists_with_a_guis_own_types() {
    let text = r#"
typedef enum { WHITE, BLACK } Color;
typedef unsigned long long Bitboard;
typedef struct Variant { int files, ranks; } Variant;
typedef struct Position { Bitboard white; } Position;
typedef struct Move { int from, to; } Move;
typedef struct Game { int id; } Game;
typedef int Status;
typedef int Result;
#include "betza.h"
#include "betza.h" /* twice: the include guard */
int main(void) {
    Color c = BLACK;
    Bitboard b = 1;
    Variant v = {8, 8};
    const BetzaVariant *bv = 0;
    return betza_variant_by_name("chess", &bv) == BETZA_OK && bv && c == BLACK && b == 1 && v.files == 8 ? 0 : 1;
}
"#;
    let src = source("own_types.c", text);
    run(&compile("own_types", &src, Lang::C99), &[]);
    run(&compile("own_types-cxx", &src, Lang::Cxx11), &[]);
    let src = source(
        "own_types_hpp.cpp",
        &text.replace("#include \"betza.h\" /*", "#include \"betza.hpp\" /*"),
    );
    run(&compile("own_types-hpp", &src, Lang::Cxx17), &[]);
}

/// Every name the header declares: macros, types, enum values, functions.
fn declared_names(header: &str) -> Vec<String> {
    // Drop comments first.
    let mut code = String::new();
    let mut rest = header;
    while let Some(i) = rest.find("/*") {
        code.push_str(&rest[..i]);
        rest = &rest[i + 2..];
        rest = &rest[rest.find("*/").expect("comment closed") + 2..];
    }
    code.push_str(rest);
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut names = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let prev = if i > 0 { words[i - 1] } else { "" };
        if matches!(prev, "define" | "struct" | "enum" | "ifndef") {
            names.push(w.to_string());
        }
    }
    for line in code.lines() {
        let t = line.trim();
        // `} Name;` ends a typedef; `NAME = 1,` is an enum value; `f(` a function.
        if let Some(n) = t.strip_prefix("} ").and_then(|n| n.strip_suffix(';')) {
            names.push(n.to_string());
        }
        if let Some((n, _)) = t.split_once(" = ") {
            names.push(n.to_string());
        }
        if !t.starts_with('#')
            && let Some(open) = t.find('(')
        {
            let before = &t[..open];
            let name = before.rsplit([' ', '*']).next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

#[test]
fn header_declares_only_betza_names() {
    let header = header();
    let names = declared_names(&header);
    assert!(names.len() > 100, "{names:?}");
    for n in &names {
        assert!(
            n.starts_with("Betza") || n.starts_with("betza_") || n.starts_with("BETZA_"),
            "include/betza.h declares {n}"
        );
    }
    for needed in [
        "BetzaVariant",
        "BETZA_WHITE",
        "BETZA_NONE",
        "betza_game_clone",
    ] {
        assert!(names.iter().any(|n| n == needed), "{needed} missing");
    }
}

/// The header reads as C: no Rust link syntax or Rust paths in comments.
#[test]
fn header_comments_read_as_c() {
    let header = header();
    for bad in ["[`", "`]", "::", "Option<", "&str", "Self"] {
        assert!(!header.contains(bad), "include/betza.h contains {bad:?}");
    }
    // Every function says what it returns, and so which statuses.
    let mut comment = String::new();
    let mut checked = 0;
    for line in header.lines() {
        let t = line.trim();
        if t.starts_with("enum BetzaStatus betza_") {
            assert!(
                comment.contains("Returns BETZA_OK"),
                "{t} does not document its statuses"
            );
            checked += 1;
        }
        if t.starts_with("void betza_") && t.contains("_free(") {
            assert!(comment.contains("NULL is a no-op"), "{t}");
        }
        if t.starts_with("/*") {
            comment.clear();
        }
        comment.push_str(t);
        comment.push(' ');
    }
    assert!(checked > 60, "{checked} functions");
}

fn header_functions() -> BTreeSet<String> {
    let header = header();
    declared_names(&header)
        .into_iter()
        .filter(|n| n.starts_with("betza_"))
        .collect()
}

#[test]
fn the_shared_library_exports_exactly_the_betza_functions() {
    let so = lib_dir().join("libbetza.so");
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&so)
        .output()
        .expect("nm runs");
    assert!(out.status.success());
    let exported: BTreeSet<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect();
    assert_eq!(exported, header_functions());
}

/// Size, alignment and field offsets of every public struct, and the size
/// of every enum, written the same way from C and from Rust.
#[test]
fn structs_have_one_layout_in_c_and_rust() {
    use betza::capi::*;
    use std::fmt::Write;
    use std::mem::{align_of, offset_of, size_of};

    let mut rust = String::new();
    let mut c = String::from(
        "#include \"betza.h\"\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n",
    );
    let mut structs = BTreeSet::new();
    macro_rules! layout {
        ($t:ident { $($f:ident),* }) => {
            structs.insert(stringify!($t).to_string());
            writeln!(rust, "{} {} {}", stringify!($t), size_of::<$t>(), align_of::<$t>()).unwrap();
            writeln!(
                c,
                "printf(\"{} %zu %zu\\n\", sizeof({}), _Alignof({}));",
                stringify!($t), stringify!($t), stringify!($t)
            ).unwrap();
            $(
                writeln!(rust, "{}.{} {}", stringify!($t), stringify!($f), offset_of!($t, $f)).unwrap();
                writeln!(
                    c,
                    "printf(\"{}.{} %zu\\n\", offsetof({}, {}));",
                    stringify!($t), stringify!($f), stringify!($t), stringify!($f)
                ).unwrap();
            )*
        };
    }
    layout!(BetzaMove {
        from,
        to,
        piece,
        captured,
        promotion,
        flags,
        via,
        via_captured
    });
    layout!(BetzaOutcome { result, reason });
    layout!(BetzaGameStatus {
        outcome,
        threefold_repetition,
        fifty_moves,
        repetitions
    });
    layout!(BetzaPieceInfo {
        royal,
        promoted,
        confined,
        promotion_count
    });
    layout!(BetzaPiece { piece, color });
    layout!(BetzaErrorDetail {
        fen_field,
        fen_rank,
        line,
        byte_offset
    });
    layout!(BetzaNotation {});
    layout!(BetzaStatus {});
    layout!(BetzaResult {});
    layout!(BetzaReason {});
    layout!(BetzaPieceText {});
    c.push_str("return 0;\n}\n");

    // The list above is every struct the header defines with fields.
    let header = header();
    let defined: BTreeSet<String> = header
        .lines()
        .filter_map(|l| l.strip_prefix("typedef struct "))
        .filter_map(|l| l.strip_suffix(" {"))
        .map(str::to_string)
        .collect();
    let enums = [
        "BetzaStatus",
        "BetzaResult",
        "BetzaReason",
        "BetzaPieceText",
        "BetzaNotation",
    ];
    let listed: BTreeSet<String> = structs
        .into_iter()
        .filter(|s| !enums.contains(&s.as_str()))
        .collect();
    assert_eq!(listed, defined, "a struct of the header is not checked");

    let exe = compile("layout", &source("layout.c", &c), Lang::C11);
    assert_eq!(run(&exe, &[]), rust);
    let exe = compile(
        "layout-cxx",
        &source("layout.cpp", &c.replace("_Alignof", "alignof")),
        Lang::Cxx11,
    );
    assert_eq!(run(&exe, &[]), rust);
}

/// `cargo cinstall` installs a library a C program builds against with
/// pkg-config, dynamically and statically. Needs cargo-c
/// (`cargo install cargo-c`); slow, so ignored by default.
#[test]
#[ignore = "needs cargo-c; run with --ignored"]
fn cargo_cinstall_installs_a_usable_library() {
    let prefix = Path::new(env!("CARGO_TARGET_TMPDIR")).join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(&cargo)
        .args(["cinstall", "--release", "--prefix"])
        .arg(&prefix)
        .args(["--libdir"])
        .arg(prefix.join("lib"))
        .arg("--target-dir")
        .arg(Path::new(env!("CARGO_TARGET_TMPDIR")).join("cinstall-target"))
        .current_dir(root())
        .output()
        .expect("cargo cinstall runs");
    assert!(
        out.status.success(),
        "cargo cinstall failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lib = prefix.join("lib");
    for f in ["libbetza.a", "libbetza.so", "pkgconfig/betza.pc"] {
        assert!(lib.join(f).exists(), "{f} not installed");
    }
    for f in ["betza/betza.h", "betza/betza.hpp"] {
        assert!(prefix.join("include").join(f).exists(), "{f} not installed");
    }
    // The shared library has a SONAME and a versioned file name.
    let out = Command::new("readelf")
        .args(["-d"])
        .arg(lib.join("libbetza.so"))
        .output()
        .expect("readelf runs");
    let dynamic = String::from_utf8_lossy(&out.stdout);
    let soname = format!(
        "Library soname: [libbetza.so.{}]",
        if betza::capi::BETZA_VERSION_MAJOR == 0 {
            format!("0.{}", betza::capi::BETZA_VERSION_MINOR)
        } else {
            betza::capi::BETZA_VERSION_MAJOR.to_string()
        }
    );
    assert!(dynamic.contains(&soname), "{dynamic}");
    assert!(
        lib.join(format!("libbetza.so.{}", env!("CARGO_PKG_VERSION")))
            .exists()
    );

    let pkg_config = |args: &[&str]| {
        let out = Command::new("pkg-config")
            .args(args)
            .arg("betza")
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
            .output()
            .expect("pkg-config runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let demo = root().join("examples/c/demo.c");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (exe, flags) in [
        ("demo-shared", pkg_config(&["--cflags", "--libs"])),
        (
            "demo-static",
            pkg_config(&["--static", "--cflags", "--libs"]),
        ),
    ] {
        // The static link names the archive, as the README says.
        let flags = flags.into_iter().map(|f| match (f.as_str(), exe) {
            ("-lbetza", "demo-static") => "-l:libbetza.a".to_string(),
            _ => f,
        });
        let out = Command::new("cc")
            .arg("-std=c99")
            .arg(&demo)
            .args(flags)
            .arg("-o")
            .arg(tmp.join(exe))
            .output()
            .expect("cc runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut demo_run = Command::new(tmp.join(exe));
        if exe == "demo-shared" {
            demo_run.env("LD_LIBRARY_PATH", &lib);
        }
        let out = demo_run
            .args(["chess", "3"])
            .output()
            .expect("the demo runs");
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("legal moves:"));
        // The static program does not need the shared library.
        let dynamic = Command::new("readelf")
            .arg("-d")
            .arg(tmp.join(exe))
            .output()
            .expect("readelf runs");
        let needs_so = String::from_utf8_lossy(&dynamic.stdout).contains("libbetza.so");
        assert_eq!(needs_so, exe == "demo-shared", "{exe}");
    }
}
