//! The web package's perft on small boards (chess, shogi, Meiriqi, ...), in
//! a crate of its own: the library's perft is generic over the board type, so
//! its code for [`Small`] is compiled in the crate that names `Small` first.
//! Here, Cargo's profile `web` compiles this one crate at opt-level 2 while
//! the library and the bindings stay at "z" (docs/web.md, "Speed"): only the
//! counting path (the move generator inlined into bulk counting) is compiled
//! for speed, not the whole library.

use betza::{Position, Small};

/// The leaf count of the legal-move tree `depth` plies deep from `pos`, with
/// bulk counting: [`Position::perft`].
pub fn perft_small(pos: &Position<'_, Small>, depth: u32) -> u64 {
    pos.perft(depth)
}
