//! Compresses the built-in texts (`variants/*.toml`, `variants/fairy-stockfish.ini`)
//! into one stream in `OUT_DIR`, which `src/variant/packed.rs` includes and
//! decompresses on first use: 166 KB of text, about 25 KB stored.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

#[path = "src/variant/packed/compress.rs"]
mod compress;

fn main() {
    println!("cargo:rerun-if-changed=variants");
    println!("cargo:rerun-if-changed=src/variant/packed/compress.rs");
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("variants");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").file_name())
        .filter_map(|name| Some(name.to_str()?.strip_suffix(".toml")?.to_string()))
        .collect();
    names.sort();
    let mut text = Vec::new();
    // The names serve compile-time lookups only; the run time reads the
    // texts' ends (each starts where the one before ends).
    let mut table = String::from("const TEXT_NAMES: &[&str] = &[\n");
    let mut ends = String::from("static TEXT_ENDS: [u32; TEXT_NAMES.len() + 1] = [0, ");
    for name in &names {
        text.extend(read(&dir.join(format!("{name}.toml"))));
        writeln!(table, "    {name:?},").unwrap();
        write!(ends, "{}, ", text.len()).unwrap();
    }
    table.push_str("];\n");
    table.push_str(&ends);
    table.push_str("];\n");
    let start = text.len();
    text.extend(read(&dir.join("fairy-stockfish.ini")));
    writeln!(
        table,
        "const FSF_INI: (usize, usize) = ({start}, {});",
        text.len()
    )
    .unwrap();
    writeln!(table, "const UNPACKED_LEN: usize = {};", text.len()).unwrap();
    table.push_str(
        "const PACKED: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/packed_texts.bin\"));\n",
    );
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets it")).to_path_buf();
    fs::write(out.join("packed_texts.bin"), compress::pack(&text)).expect("OUT_DIR is writable");
    fs::write(out.join("packed_texts.rs"), table).expect("OUT_DIR is writable");
}

/// A text file's bytes: UTF-8, as `include_str!` required.
fn read(path: &Path) -> Vec<u8> {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Err(e) = std::str::from_utf8(&bytes) {
        panic!("{}: not UTF-8: {e}", path.display());
    }
    bytes
}
