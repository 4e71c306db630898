//! `include/betza.h` must be what cbindgen generates from `src/capi/` now.
//! Run with `BETZA_BLESS=1` to rewrite it:
//! `BETZA_BLESS=1 cargo test -p header-check`.

use std::path::Path;

#[test]
fn committed_header_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let config =
        cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml parses");
    // Only the C ABI module: no other type of the crate can reach the header.
    let bindings = cbindgen::Builder::new()
        .with_src(root.join("src/capi/mod.rs"))
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = root.join("include/betza.h");
    if std::env::var_os("BETZA_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("header written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/betza.h is stale: the C ABI in src/capi/ changed. Regenerate it with \
         `BETZA_BLESS=1 cargo test -p header-check` and commit the result."
    );
}
