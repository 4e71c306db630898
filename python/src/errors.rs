//! The exceptions the module raises (`betza.FenError`, ...) and the
//! conversions of the library's errors into them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    betza,
    FenError,
    PyValueError,
    "A FEN was refused; the message names the field at fault."
);
create_exception!(
    betza,
    IllegalMoveError,
    PyValueError,
    "A move or move text was refused (not legal here, or not move text)."
);
create_exception!(
    betza,
    SanError,
    PyValueError,
    "A SAN move was refused (unreadable, illegal or ambiguous)."
);
create_exception!(
    betza,
    VariantError,
    PyValueError,
    "A variant definition was refused, or no variant has the name."
);
create_exception!(betza, PgnError, PyValueError, "A PGN text was refused.");

pub(crate) fn fen_err(e: betza::FenError) -> PyErr {
    FenError::new_err(e.to_string())
}
pub(crate) fn move_err(e: betza::MoveError) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}
pub(crate) fn san_err(e: betza::SanError) -> PyErr {
    SanError::new_err(e.to_string())
}
pub(crate) fn pgn_err(e: betza::PgnError) -> PyErr {
    PgnError::new_err(e.to_string())
}
