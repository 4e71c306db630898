//! The C ABI keeps its promise (docs: "ABI promises"): within one ABI
//! version (the major version, or the minor version while the major is 0, as
//! the SONAME says) no function signature, constant, enum value or layout of
//! a struct passed by value changes.
//!
//! `include/abi/<version>.txt` records each released ABI: one line per
//! item, read from `include/betza.h` and from a small C program printing
//! `sizeof`, `_Alignof`, `offsetof` and the constants' values. This test
//! extracts the current surface the same way and compares:
//! - an item recorded for this version that changed or went fails, naming
//!   the item, its recorded form and its current one: bump the version
//!   (Cargo.toml, `BETZA_VERSION_MINOR` in src/capi/mod.rs, the header) and
//!   record the new ABI;
//! - a new item (a function, a constant, a type) is allowed but must be
//!   recorded too; `BETZA_BLESS=1 cargo test --test capi_abi` appends the
//!   additions (and writes the file of a version not yet recorded), and never
//!   rewrites a recorded item.
//!
//! Needs a C compiler (`cc`), as tests/capi.rs does; no library is linked.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The header's text without its comments.
fn strip_comments(header: &str) -> String {
    let mut code = String::new();
    let mut rest = header;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                code.push_str(&rest[..b]);
                let end = rest[b + 2..].find("*/").expect("comment closed");
                rest = &rest[b + 2 + end + 2..];
            }
            (_, Some(l)) => {
                code.push_str(&rest[..l]);
                rest = &rest[l..];
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
            }
            _ => break,
        }
    }
    code.push_str(rest);
    code
}

/// `type name` without the name: `const char *buf` is `const char *`,
/// `void` stays `void`.
fn type_only(param: &str) -> String {
    let p = param.split_whitespace().collect::<Vec<_>>().join(" ");
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let name_start = p.trim_end_matches(is_ident).len();
    let head = p[..name_start].trim_end();
    if head.is_empty() || head == "const" || head == "struct" || head == "enum" {
        p
    } else {
        head.to_string()
    }
}

/// What the header declares, before the C program measures it.
#[derive(Default)]
struct Declared {
    /// `#define` names (but the include guard and the version numbers).
    defines: Vec<String>,
    /// Enum name and its enumerators.
    enums: Vec<(String, Vec<String>)>,
    /// Struct name and its fields as (type, name).
    structs: Vec<(String, Vec<(String, String)>)>,
    opaque: Vec<String>,
    /// Function name and its signature with parameter names dropped.
    functions: Vec<(String, String)>,
    major: u32,
    minor: u32,
}

fn declared(header: &str) -> Declared {
    let code = strip_comments(header);
    let mut d = Declared::default();
    let mut lines = code.lines().map(str::trim).filter(|l| !l.is_empty());
    while let Some(line) = lines.next() {
        if let Some(def) = line.strip_prefix("#define ") {
            let (name, value) = def.split_once(' ').unwrap_or((def, ""));
            match name {
                "BETZA_VERSION_MAJOR" => d.major = value.parse().expect("major"),
                "BETZA_VERSION_MINOR" => d.minor = value.parse().expect("minor"),
                // The include guard, and the patch version that may change.
                "BETZA_H" | "BETZA_VERSION_PATCH" | "BETZA_VERSION_NUMBER" => {}
                _ => d.defines.push(name.to_string()),
            }
        } else if line.starts_with('#') || line.starts_with("extern \"C\"") || line == "}" {
        } else if let Some(rest) = line.strip_prefix("typedef enum ") {
            let name = rest.trim_end_matches(" {").to_string();
            let mut values = Vec::new();
            for l in lines.by_ref() {
                if l.starts_with('}') {
                    break;
                }
                let v = l.split(['=', ',']).next().unwrap_or("").trim();
                values.push(v.to_string());
            }
            d.enums.push((name, values));
        } else if let Some(rest) = line.strip_prefix("typedef struct ") {
            if let Some(name) = rest.strip_suffix(" {") {
                let mut fields = Vec::new();
                for l in lines.by_ref() {
                    if l.starts_with('}') {
                        break;
                    }
                    let f = l.trim_end_matches(';');
                    let ty = type_only(f);
                    let field = f[ty.len()..].trim().to_string();
                    fields.push((ty, field));
                }
                d.structs.push((name.to_string(), fields));
            } else {
                let name = rest.split_whitespace().next().unwrap_or("");
                d.opaque.push(name.to_string());
            }
        } else if line.contains('(') {
            // A function declaration, perhaps over several lines.
            let mut decl = line.to_string();
            while !decl.ends_with(';') {
                decl.push(' ');
                decl.push_str(lines.next().expect("declaration ends"));
            }
            let open = decl.find('(').expect("(");
            let head = decl[..open].trim();
            let ret = type_only(head);
            let name = head[ret.len()..].trim().to_string();
            let params = decl[open + 1..decl.rfind(')').expect(")")]
                .split(',')
                .map(type_only)
                .collect::<Vec<_>>()
                .join(", ");
            d.functions.push((name, format!("{ret} ({params})")));
        } else {
            panic!("include/betza.h: a line this check does not read: {line}");
        }
    }
    d
}

/// The ABI of the header at `include_dir/betza.h`: item key to its line.
fn surface(include_dir: &Path, tag: &str) -> (String, BTreeMap<String, String>) {
    let header = std::fs::read_to_string(include_dir.join("betza.h")).expect("betza.h");
    let d = declared(&header);
    let version = if d.major == 0 {
        format!("0.{}", d.minor)
    } else {
        d.major.to_string()
    };
    let mut c = String::from(
        "#include \"betza.h\"\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n",
    );
    for name in &d.defines {
        writeln!(c, "printf(\"const {name}: %lld\\n\", (long long)({name}));").unwrap();
    }
    for (name, values) in &d.enums {
        writeln!(
            c,
            "printf(\"enum {name}: size %zu, align %zu\\n\", sizeof(enum {name}), _Alignof(enum {name}));"
        )
        .unwrap();
        for v in values {
            writeln!(
                c,
                "printf(\"const {v}: %lld ({name})\\n\", (long long)({v}));"
            )
            .unwrap();
        }
    }
    for (name, fields) in &d.structs {
        write!(
            c,
            "printf(\"struct {name}: size %zu, align %zu;\", sizeof({name}), _Alignof({name}));"
        )
        .unwrap();
        for (ty, field) in fields {
            write!(
                c,
                " printf(\" {ty} {field} @%zu/%zu\", offsetof({name}, {field}), sizeof((({name} *)0)->{field}));"
            )
            .unwrap();
        }
        c.push_str(" printf(\"\\n\");\n");
    }
    c.push_str("return 0;\n}\n");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let src = tmp.join(format!("abi-{tag}.c"));
    let exe = tmp.join(format!("abi-{tag}"));
    std::fs::write(&src, c).expect("C source written");
    let out = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(include_dir)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("the C compiler runs");
    assert!(
        out.status.success(),
        "compiling {} failed:\n{}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe)
        .output()
        .expect("the layout program runs");
    assert!(out.status.success());
    let mut items: Vec<String> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect();
    items.extend(d.opaque.iter().map(|n| format!("opaque {n}: incomplete")));
    items.extend(d.functions.iter().map(|(n, s)| format!("fn {n}: {s}")));
    let map = items
        .into_iter()
        .map(|l| (key(&l).to_string(), l))
        .collect();
    (version, map)
}

/// An item's key: `fn betza_version`, `struct BetzaMove`, `const BETZA_OK`.
fn key(line: &str) -> &str {
    line.split_once(": ").map_or(line, |(k, _)| k)
}

/// A recorded ABI file: comment lines start with `#`.
fn recorded(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| (key(l).to_string(), l.to_string()))
        .collect()
}

/// What differs between a recorded ABI and the current one.
#[derive(Debug, Default)]
struct Diff {
    /// Recorded and current form of each item that changed.
    changed: Vec<(String, String)>,
    removed: Vec<String>,
    added: Vec<String>,
}

fn compare(old: &BTreeMap<String, String>, new: &BTreeMap<String, String>) -> Diff {
    let mut diff = Diff::default();
    for (k, line) in old {
        match new.get(k) {
            None => diff.removed.push(line.clone()),
            Some(now) if now != line => diff.changed.push((line.clone(), now.clone())),
            Some(_) => {}
        }
    }
    diff.added = new
        .iter()
        .filter(|(k, _)| !old.contains_key(*k))
        .map(|(_, l)| l.clone())
        .collect();
    diff
}

fn abi_file(version: &str) -> PathBuf {
    root().join("include/abi").join(format!("{version}.txt"))
}

const FILE_HEAD: &str = "# The C ABI of betza, version {V}: what include/betza.h declares, measured by a C program\n\
# (tests/capi_abi.rs). Items of a version never change; additions are appended.\n";

#[test]
fn the_c_abi_changes_only_with_the_version() {
    let (version, current) = surface(&root().join("include"), "current");
    let bless = std::env::var_os("BETZA_BLESS").is_some();
    let path = abi_file(&version);
    let Ok(text) = std::fs::read_to_string(&path) else {
        if bless {
            let mut out = FILE_HEAD.replace("{V}", &version);
            for line in current.values() {
                out.push_str(line);
                out.push('\n');
            }
            std::fs::write(&path, out).expect("ABI file written");
            return;
        }
        panic!(
            "the C ABI of version {version} is not recorded in {}: record it with \
             `BETZA_BLESS=1 cargo test --test capi_abi` and commit the file",
            path.display()
        );
    };
    let old = recorded(&text);
    let diff = compare(&old, &current);
    let mut problems = String::new();
    for (was, now) in &diff.changed {
        writeln!(problems, "changed: {was}\n     now: {now}").unwrap();
    }
    for was in &diff.removed {
        writeln!(problems, "removed: {was}").unwrap();
    }
    if !problems.is_empty() {
        panic!(
            "the C ABI of version {version} ({}) changed without a version bump:\n{problems}\
             A program built against the {version} header would break. Bump the version \
             (Cargo.toml, BETZA_VERSION_MINOR in src/capi/mod.rs, then regenerate \
             include/betza.h) and record the new ABI with `BETZA_BLESS=1 cargo test --test capi_abi`.",
            path.display()
        );
    }
    if !diff.added.is_empty() {
        if bless {
            let mut out = text.clone();
            for line in &diff.added {
                out.push_str(line);
                out.push('\n');
            }
            std::fs::write(&path, out).expect("ABI file written");
            return;
        }
        panic!(
            "the C ABI of version {version} gained items not recorded in {}:\n{}\n\
             Additions are allowed; record them with `BETZA_BLESS=1 cargo test --test capi_abi`.",
            path.display(),
            diff.added.join("\n")
        );
    }
}

/// The check would have caught the break it was written for: 0.1's
/// `BetzaMove` (include/abi/0.1.txt) is not 0.2's, and 0.1's other items are
/// all in 0.2 unchanged (the recorded surfaces, so that later versions leave
/// this test alone).
#[test]
fn the_check_catches_the_break_of_version_0_1() {
    let read = |v: &str| recorded(&std::fs::read_to_string(abi_file(v)).expect("ABI file"));
    let diff = compare(&read("0.1"), &read("0.2"));
    let changed: Vec<&str> = diff.changed.iter().map(|(was, _)| key(was)).collect();
    assert_eq!(changed, ["struct BetzaMove"], "{diff:?}");
    assert!(diff.removed.is_empty(), "{diff:?}");
    assert!(
        diff.added
            .iter()
            .any(|l| l.starts_with("const BETZA_MOVE_VIA:"))
    );
    // And the header of today is no longer 0.1.
    let (version, _) = surface(&root().join("include"), "current-vs-0.1");
    assert_ne!(version, "0.1");
}

/// Every recorded version is at most the current one, and each file records
/// the surface of its version (a header line naming it).
#[test]
fn recorded_versions_are_released_ones() {
    let (version, _) = surface(&root().join("include"), "versions");
    let parse = |v: &str| -> (u32, u32) {
        let (a, b) = v.split_once('.').unwrap_or((v, "0"));
        (a.parse().expect("major"), b.parse().expect("minor"))
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(root().join("include/abi")).expect("include/abi") {
        let path = entry.expect("entry").path();
        let v = path.file_stem().and_then(|s| s.to_str()).expect("name");
        assert!(
            parse(v) <= parse(&version),
            "{} is newer than {version}",
            path.display()
        );
        let text = std::fs::read_to_string(&path).expect("ABI file");
        assert!(
            text.starts_with(&FILE_HEAD.replace("{V}", v)),
            "{} does not name its version",
            path.display()
        );
        assert!(recorded(&text).len() > 100, "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 2, "{seen} versions recorded");
}
