//! The Python extension module `betza._betza`: thin PyO3 wrappers over the
//! public API of the `betza` crate. The Python package `betza` (python/betza/)
//! re-exports these names and adds the pure-Python parts (`betza.pgn`'s
//! `Game`, `betza.svg`, `betza.stateless`'s signatures).
//!
//! Every wrapper owns its Rust values (a `Game` owns its variant through a
//! `VariantRef`), so nothing borrows across the boundary, and every rule is
//! the library's: this crate converts and delegates.
//!
//! Variants and games of every board type (Chu Shogi's 12x12 board, a
//! definition past 128 squares) are held in enums of the board types and
//! matched once per call: see [`boards`].
//!
//! One file per class (the Rust side's split): [`variant`] (`Variant`,
//! `PieceType`), [`moves`] (`Move`, `LegalMoveList`), [`piece`], [`outcome`],
//! [`board`] (`Board`), [`pgn`], [`perft`]; [`errors`] (the exceptions),
//! [`registry`] (variants by name), [`stateless`] (pyffish's calls).

use pyo3::prelude::*;

#[macro_use]
mod boards;
mod board;
mod errors;
mod interrupt;
mod moves;
mod outcome;
mod perft;
mod pgn;
mod piece;
mod registry;
mod stateless;
mod variant;

// The names other modules (stateless.rs) take from the crate root.
pub(crate) use errors::{VariantError, move_err};
pub(crate) use moves::{play_text, text_move};
pub(crate) use registry::{register, registered_names, variant_by_name};

use board::PyBoard;
use errors::{FenError, IllegalMoveError, PgnError, SanError};
use moves::{LegalMoves, PyMove};
use outcome::PyOutcome;
use perft::perft_shard;
use pgn::{_pgn_headers, _pgn_reader, _pgn_write, PgnReader};
use piece::PyPiece;
use variant::{PyPieceType, PyVariant, register_variant, variants};

#[pymodule]
fn _betza(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyVariant>()?;
    m.add_class::<PyPieceType>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PgnReader>()?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("SanError", py.get_type::<SanError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add("_PGN_FILE_CHARS", betza::pgn::MAX_FILE_BYTES)?;
    m.add("_PGN_GAME_CHARS", betza::pgn::MAX_GAME_BYTES)?;
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(register_variant, m)?)?;
    m.add_function(wrap_pyfunction!(perft_shard, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_reader, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_write, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_headers, m)?)?;
    stateless::add(m)?;
    Ok(())
}
