//! Fairy-Stockfish's configuration format (`VariantDef::from_fsf_ini`) and
//! its built-in variants as this library reads them.

use betza::{Position, VariantDef};

#[test]
fn every_builtin_section_builds() {
    for name in betza::variant::fsf::builtin_names() {
        let def = VariantDef::fairy_stockfish(&name)
            .unwrap_or_else(|| panic!("{name}: {:?}", betza::variant::fsf::builtin_names()));
        let v = def.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!v.start_position().legal_moves().is_empty(), "{name}");
    }
}

/// Every count of `tests/data/fairy-stockfish.perft` (Fairy-Stockfish's
/// tests/perft.sh) and `fairy-stockfish-built.perft` (counted by a
/// Fairy-Stockfish built from its sources) with the variant read from
/// `variants/fairy-stockfish.ini`.
#[test]
fn fairy_stockfish_perft_from_ini() {
    // Its published counts, then counts of a Fairy-Stockfish built here.
    let text = [
        "/tests/data/fairy-stockfish.perft",
        "/tests/data/fairy-stockfish-built.perft",
    ]
    .map(|f| std::fs::read_to_string(format!("{}{f}", env!("CARGO_MANIFEST_DIR"))).unwrap())
    .join("\n");
    let only = std::env::var("ONLY").ok();
    let (mut variant, mut fen) = (String::new(), String::new());
    let mut failures = Vec::new();
    let mut ran = 0;
    for line in text.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix("variant ") {
            variant = v.to_string();
        } else if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            if only.as_ref().is_some_and(|o| *o != variant) {
                continue;
            }
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if cfg!(debug_assertions) && n > 300_000 && only.is_none() {
                continue;
            }
            let v = VariantDef::fairy_stockfish(&variant)
                .unwrap_or_else(|| panic!("{variant}"))
                .build()
                .unwrap();
            let got = Position::from_fen(&v, &fen)
                .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
                .perft(d);
            ran += 1;
            if got != n {
                failures.push(format!(
                    "{variant} {fen} depth {d}: expected {n}, got {got}"
                ));
            }
        }
    }
    eprintln!("ran {ran} counts");
    assert!(ran > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn refusal(text: &str) -> String {
    VariantDef::from_fsf_ini(text)
        .map(|d| d.len())
        .unwrap_err()
        .to_string()
}

#[test]
fn refusals_name_section_line_and_key() {
    let e = refusal("[a:chess]\nmaxFile = 8\nfoo = 1\n");
    assert_eq!(
        e,
        "section [a], line 3, key `foo`: not a Fairy-Stockfish option"
    );
    let e = refusal("[a:chess]\n\npetrifyBlastPieces = true\n");
    assert!(
        e.starts_with(
            "section [a], line 3, key `petrifyBlastPieces`: \"true\": this library has no such rule"
        ),
        "{e}"
    );
    let e = refusal("[a:nosuch]\n");
    assert!(
        e.contains("section [a], line 1") && e.contains("unknown template `nosuch`"),
        "{e}"
    );
    let e = refusal("[a:3check]\n");
    assert!(e.contains("checkCounting"), "{e}");
    let e = refusal("[a:chess]\ncastling = yes\n");
    assert!(
        e.starts_with("section [a], line 2, key `castling`: \"yes\""),
        "{e}"
    );
    let e = refusal("[a:chess]\npromotionRegionWhite = a3-h3\n");
    assert!(
        e.contains("line 2, key `promotionRegionWhite`") && e.contains("ranges"),
        "{e}"
    );
    let e = refusal("[a:chess]\npromotionRegionWhite = *9\n");
    assert!(e.contains("no such rank"), "{e}");
    let e = refusal("[a:chess]\npromotionRegionWhite = z1\n");
    assert!(e.contains("not a square"), "{e}");
    let e = refusal("[a:chess]\ncustomPiece1 = x:mQy\n");
    assert!(e.contains("key `customPiece1`") && e.contains("'y'"), "{e}");
    let e = refusal("maxFile = 8\n");
    assert!(
        e.contains("line 1") && e.contains("before the first"),
        "{e}"
    );
    let e = refusal("[a:chess]\nmaxFile\n");
    assert!(e.contains("line 2") && e.contains("key = value"), "{e}");
    // A template's refused key is named with the template.
    let e = refusal("[b]\nking = k\ncheckmateValue = draw\n[c:b]\n");
    assert!(
        e.starts_with("section [b], line 3, key `checkmateValue`"),
        "{e}"
    );
}

#[test]
fn templates_chain_and_override() {
    let defs = VariantDef::from_fsf_ini(
        "# a comment\n; another\n[mini6:chess]\nmaxFile = 6\nmaxRank = 6\nbishop = -\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\npromotionPieceTypes = qrn\ndoubleStep = false\ncastling = false\n[mini6b:mini6]\nknight = -\ncustomPiece1 = n:NN\n",
    )
    .unwrap();
    assert_eq!(defs.len(), 2);
    let a = defs[0].clone().build().unwrap();
    let b = defs[1].clone().build().unwrap();
    // Same board as Los Alamos: Fairy-Stockfish's count.
    assert_eq!(a.start_position().perft(5), 191846);
    assert!(b.start_position().perft(2) > a.start_position().perft(2));
}

#[test]
fn dialect_fn_is_xbetza_ffn() {
    use betza::variant::fsf::betza_to_xbetza;
    assert_eq!(betza_to_xbetza("fN").unwrap(), "ffN");
    assert_eq!(betza_to_xbetza("fNsW").unwrap(), "ffNsW");
    assert_eq!(betza_to_xbetza("ffN").unwrap(), "ffN");
    assert_eq!(betza_to_xbetza("fsN").unwrap(), "fsN");
    assert_eq!(betza_to_xbetza("mfFcfeWimfnA").unwrap(), "mfFcfeWimfnA");
    assert_eq!(betza_to_xbetza("fRffN").unwrap(), "fRffN");
    assert!(betza_to_xbetza("fy").is_err());
    assert!(betza_to_xbetza("mf").is_err());
}

#[test]
fn hostile_texts_are_refused_quickly() {
    let t = std::time::Instant::now();
    let many: String = (0..100_000).map(|i| format!("[v{i}:chess]\n")).collect();
    let e = refusal(&many);
    assert!(
        e.contains("more than 1000 sections") || e.contains("bytes"),
        "{e}"
    );
    let long = format!("[a:chess]\nstartFen = {}\n", "p".repeat(10 << 20));
    let e = refusal(&long);
    assert!(e.contains("bytes"), "{e}");
    let long_line = format!("[a:chess]\nstartFen = {}\n", "p".repeat(5000));
    let e = refusal(&long_line);
    assert!(e.contains("line 2") && e.contains("at most 4096"), "{e}");
    // A chain of 999 templates resolves (each copies its parent's keys).
    let chain: String = std::iter::once("[v0:chess]\n".to_string())
        .chain((1..999).map(|i| format!("[v{i}:v{}]\n", i - 1)))
        .collect();
    assert_eq!(VariantDef::from_fsf_ini(&chain).unwrap().len(), 999);
    // A template cycle cannot be written: a template is an earlier section.
    let e = refusal("[a:b]\n[b:a]\n");
    assert!(e.contains("unknown template `b`"), "{e}");
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}

#[cfg(feature = "capi")]
#[test]
fn c_abi_reads_a_section_by_name() {
    use betza::capi::*;
    use std::ffi::{CStr, CString};
    let text = CString::new(
        "[a:chess]\n[b:a]\ncastling = false\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    )
    .unwrap();
    let name = CString::new("b").unwrap();
    let mut v = std::ptr::null_mut();
    // SAFETY: valid C strings and out pointer.
    let status = unsafe { betza_variant_from_fsf_ini(text.as_ptr(), name.as_ptr(), &mut v) };
    assert_eq!(status, BetzaStatus::BETZA_OK);
    let mut buf = [0 as std::ffi::c_char; 64];
    let mut len = 0;
    // SAFETY: v is a live handle; buf holds 64 bytes.
    unsafe { betza_variant_start_fen(v, buf.as_mut_ptr(), buf.len(), &mut len) };
    // SAFETY: written NUL-terminated.
    let fen = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    assert_eq!(fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // SAFETY: v came from betza_variant_from_fsf_ini.
    unsafe { betza_variant_free(v) };
    let bad = CString::new("[a:chess]\nfoo = 1\n").unwrap();
    let mut v = std::ptr::null_mut();
    // SAFETY: as above; NULL name: the last section.
    let status = unsafe { betza_variant_from_fsf_ini(bad.as_ptr(), std::ptr::null(), &mut v) };
    assert_eq!(status, BetzaStatus::BETZA_INVALID_DEFINITION);
    let mut detail = BetzaErrorDetail {
        fen_field: 0,
        fen_rank: 0,
        line: 0,
        byte_offset: 0,
    };
    // SAFETY: a valid out pointer.
    unsafe { betza_last_error_detail(&mut detail) };
    assert_eq!(detail.line, 2);
}

/// The built-in files `variants/<name>.toml` of Fairy-Stockfish's variants
/// are what the reader makes of `variants/fairy-stockfish.ini`.
#[test]
fn builtin_files_agree_with_the_ini() {
    let mut checked = 0;
    for name in betza::variant::fsf::builtin_names() {
        let Some(text) = betza::builtin::definition_text(&name) else {
            continue;
        };
        if !text.starts_with("# Fairy-Stockfish's") {
            continue; // a hand-written definition of an older built-in
        }
        let mut file: VariantDef = text.parse().unwrap();
        let read = VariantDef::fairy_stockfish(&name).unwrap();
        // The configuration format has no letter synonyms but a promoted
        // type's own letter: any other `alias` of a file (minixiangqi's
        // Horse `H`, as Fairy-Stockfish's variant.cpp gives it) is added by
        // hand after fsf2toml.
        for p in &mut file.pieces {
            let of_read = read.pieces.iter().find(|q| q.token == p.token);
            if of_read.is_none_or(|q| q.alias.is_none()) {
                p.alias = None;
            }
        }
        assert_eq!(file, read, "{name}: regenerate with fsf2toml");
        checked += 1;
    }
    assert!(checked >= 28, "{checked}");
}
