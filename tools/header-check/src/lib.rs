//! Holds no code: `tests/header.rs` checks `include/betza.h` against the C ABI
//! in `src/capi/` of the betza crate.
