//! The fuzz targets' bodies. They live in `targets.rs`, which depends only on
//! `betza`, so that `tests/fuzz_replay.rs` in the main crate can include the
//! same file and replay the corpora on stable.

mod targets;

pub use targets::*;
