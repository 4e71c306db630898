//! `Piece`: a piece's type token, name and side; and the token of a type.

use betza::{Board, Color, Position};
use pyo3::prelude::*;

pub(crate) fn is_white(c: Color) -> bool {
    c == Color::White
}

/// A piece: its type's token and name, and its side.
#[pyclass(name = "Piece", module = "betza", frozen, eq, hash, get_all)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyPiece {
    /// The type's token, uppercase (``N``).
    token: String,
    /// ``WHITE`` (``True``) or ``BLACK`` (``False``).
    color: bool,
    /// The type's name (``Knight``).
    name: String,
}

#[pymethods]
impl PyPiece {
    /// The FEN token: uppercase for White, lowercase for Black.
    fn symbol(&self) -> String {
        if self.color {
            self.token.clone()
        } else {
            self.token.to_ascii_lowercase()
        }
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece({:?}, {:?})", self.symbol(), self.name)
    }
}

/// The FEN token of a type of `pos`'s variant (uppercase).
pub(crate) fn token_of<B: Board>(pos: &Position<'_, B>, role: betza::Role) -> String {
    pos.piece_type(role)
        .map_or_else(|| "?".to_string(), |t| t.token.to_string())
}

pub(crate) fn py_piece<B: Board>(pos: &Position<'_, B>, p: betza::Piece) -> PyPiece {
    let t = pos
        .piece_type(p.role)
        .expect("a piece on the board is of a type of the variant");
    PyPiece {
        token: t.token.to_string(),
        color: is_white(p.color),
        name: t.name.clone(),
    }
}
