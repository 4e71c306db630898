//! Text formats of positions and moves: FEN ([`fen`]), SFEN and USI ([`sfen`]), SAN ([`san`]),
//! move text before a position binds it ([`uci`]), LAN and WXF ([`notations`]), and with the
//! `serde` feature the `serde` implementations.

pub mod fen;
pub mod notations;
pub mod san;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod sfen;
pub mod uci;
