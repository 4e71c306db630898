//! Pieces: Betza notation parsed ([`notation`]), described in words ([`describe`]) and compiled
//! into per-square move tables (the internal `tables`).

pub mod describe;
pub mod notation;
pub(crate) mod tables;
