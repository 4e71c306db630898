//! `Move` and `LegalMoveList`, and reading moves from text (move text, USI)
//! as the library reads them, completed for drops and captures on the way.

use betza::{Board, Game, Move, Position};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::PyBoard;
use crate::errors::move_err;
use crate::piece::token_of;

/// A legal move of a position. Moves come from a board
/// (``legal_moves``, ``parse_uci``, ``parse_san``, ``push_*``); equal when
/// their squares, promotion, dropped type, ``via`` and ``wall`` squares are.
#[pyclass(name = "Move", module = "betza", frozen)]
#[derive(Clone)]
pub(crate) struct PyMove {
    pub(crate) m: Move,
    text: String,
    from: String,
    to: String,
    promotion: Option<String>,
    drop: Option<String>,
    via: Option<String>,
    via_captured: Option<String>,
    wall: Option<String>,
}

impl PyMove {
    pub(crate) fn of<B: Board>(pos: &Position<'_, B>, m: Move) -> PyMove {
        let size = pos.size();
        let token = |r| token_of(pos, r);
        PyMove {
            m,
            text: pos.move_text(&m),
            from: size.square_name(m.from()),
            to: size.square_name(m.to()),
            promotion: m.promotion().map(token),
            drop: m.is_drop().then(|| token(m.role())),
            via: m.via().map(|sq| size.square_name(sq)),
            via_captured: m.via_captured().map(token),
            wall: m.wall().map(|sq| size.square_name(sq)),
        }
    }

    /// What equality compares: the squares, what the piece becomes, the
    /// type dropped, the square captured on the way and the wall placed.
    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        &str,
        &str,
        Option<&str>,
        Option<&str>,
        Option<&str>,
        Option<&str>,
    ) {
        (
            &self.from,
            &self.to,
            self.promotion.as_deref(),
            self.drop.as_deref(),
            self.via.as_deref(),
            self.wall.as_deref(),
        )
    }
}

#[pymethods]
impl PyMove {
    /// The square the piece leaves (for a drop, the drop square, as
    /// python-chess has it).
    #[getter(from_square)]
    fn get_from_square(&self) -> String {
        self.from.clone()
    }

    /// The square it lands on (for castling, the King's).
    #[getter(to_square)]
    fn get_to_square(&self) -> String {
        self.to.clone()
    }

    /// The token of the type it becomes, ``None`` without promotion.
    #[getter]
    fn promotion(&self) -> Option<String> {
        self.promotion.clone()
    }

    /// The token of the type dropped from the hand (``P`` for ``P@e5``),
    /// ``None`` for a move of a piece on the board (python-chess's
    /// ``Move.drop``).
    #[getter]
    fn drop(&self) -> Option<String> {
        self.drop.clone()
    }

    /// Whether it drops a piece from the hand.
    #[getter]
    fn is_drop(&self) -> bool {
        self.m.is_drop()
    }

    /// The square the move captures on before its destination (a locust
    /// capture, move text ``<from><via><to>``), ``None`` otherwise.
    #[getter]
    fn via(&self) -> Option<String> {
        self.via.clone()
    }

    /// The token of the type captured on :attr:`via`, ``None`` if none.
    #[getter]
    fn via_captured(&self) -> Option<String> {
        self.via_captured.clone()
    }

    /// The square the turn places a wall on after the move (duck chess's
    /// duck, Amazons' arrow; move text ``e2e4,e4d5``), ``None`` otherwise.
    #[getter]
    fn wall(&self) -> Option<String> {
        self.wall.clone()
    }

    /// Whether it captures (on its destination or on the way).
    #[getter]
    fn is_capture(&self) -> bool {
        self.m.is_capture()
    }

    /// Whether the King castles.
    #[getter]
    fn is_castle(&self) -> bool {
        self.m.is_castle()
    }

    /// Whether it captures en passant.
    #[getter]
    fn is_en_passant(&self) -> bool {
        self.m.is_en_passant()
    }

    /// Whether it promotes because it must (no non-promoting move has
    /// these squares).
    #[getter]
    fn is_forced_promotion(&self) -> bool {
        self.m.is_forced_promotion()
    }

    /// The library's move text: ``e3e5``, ``c6d8+`` (a promotion in
    /// Decimaka and Meiriqi), ``e7e8q``, ``P@e5`` (a drop), ``d4d5e6`` (a
    /// capture on ``d5`` on the way).
    fn uci(&self) -> String {
        self.text.clone()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMove>()
            .is_ok_and(|o| o.get().key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }
}

/// The legal moves of a position (each promotion choice separately): a
/// sequence supporting ``len()``, ``in`` (a :class:`Move` or move text),
/// iteration and indexing. A snapshot: it does not change with the board.
#[pyclass(name = "LegalMoveList", module = "betza", frozen, sequence)]
pub(crate) struct LegalMoves {
    /// The board they were generated on: its variant names them (a board
    /// never changes variant), so a `Move` is made only when one is asked for.
    pub(crate) board: Py<PyBoard>,
    pub(crate) moves: Vec<Move>,
}

impl LegalMoves {
    fn make(&self, py: Python<'_>, ms: &[Move]) -> PyResult<Vec<PyMove>> {
        let board = self.board.bind(py).try_borrow()?;
        Ok(with_game!(&board.game, |g| {
            let pos = g.position();
            ms.iter().map(|&m| PyMove::of(pos, m)).collect()
        }))
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of legal moves (python-chess's ``legal_moves.count()``).
    fn count(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is a legal move (python-chess's ``legal_moves.any()``).
    fn any(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<PyMove> {
        let n = self.moves.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        let i = i as usize;
        Ok(self.make(py, &self.moves[i..=i])?.remove(0))
    }

    fn __contains__(&self, py: Python<'_>, item: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(m) = item.cast::<PyMove>() {
            let m = m.get();
            return Ok(self
                .make(py, &self.moves)?
                .iter()
                .any(|x| x.key() == m.key()));
        }
        if let Ok(text) = item.extract::<String>() {
            return Ok(self.make(py, &self.moves)?.iter().any(|x| x.text == text));
        }
        Ok(false)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.make(py, &self.moves)?)?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let texts: Vec<String> = self
            .make(py, &self.moves)?
            .into_iter()
            .map(|m| m.text)
            .collect();
        Ok(format!("<LegalMoveList ({})>", texts.join(", ")))
    }
}

/// Whether `m` is legal in `pos`. `Position::is_legal` looks only at the
/// moves of a piece standing on `m.from()`, which misses drops and moves
/// that capture on the way; those are checked against the full list.
pub(crate) fn is_legal<B: Board>(pos: &Position<'_, B>, m: &Move) -> bool {
    pos.is_legal(m) || ((m.is_drop() || m.via().is_some()) && pos.legal_moves().contains(m))
}

/// `m` if it is legal in `pos`, else :class:`IllegalMoveError` saying why.
pub(crate) fn legal_in<B: Board>(pos: &Position<'_, B>, m: &Move) -> PyResult<Move> {
    if is_legal(pos, m) {
        return Ok(*m);
    }
    match pos.play(m) {
        Ok(_) => Ok(*m),
        Err(e) => Err(move_err(e)),
    }
}

/// The legal move a USI text names; drops as [`by_text`] finds them.
pub(crate) fn usi_move<B: Board>(pos: &Position<'_, B>, text: &str) -> PyResult<Move> {
    match pos.parse_usi(text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let text = text.trim();
            pos.legal_moves()
                .iter()
                .copied()
                .find(|m| m.is_drop() && text.contains('*') && pos.usi(m) == text)
                .ok_or_else(|| move_err(e))
        }
    }
}

/// The legal move whose text is `text`, when `Position::parse_move`
/// refuses a drop or a capture on the way (see [`is_legal`]).
pub(crate) fn by_text<B: Board>(pos: &Position<'_, B>, text: &str) -> Option<Move> {
    let text = text.trim();
    if !text.contains('@') && text.len() < 6 {
        return None;
    }
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| (m.is_drop() || m.via().is_some()) && pos.move_text(m) == text)
}

/// The legal move a move text names, as [`by_text`] completes
/// `Position::parse_move`.
pub(crate) fn text_move<B: Board>(pos: &Position<'_, B>, text: &str) -> PyResult<Move> {
    match pos.parse_move(text) {
        Ok(m) => Ok(m),
        Err(e) => by_text(pos, text).ok_or_else(|| move_err(e)),
    }
}

/// Plays a move given as move text on `game` and returns it.
pub(crate) fn play_text<B: Board>(game: &mut Game<B>, text: &str) -> PyResult<Move> {
    match game.play_text(text) {
        Ok(m) => Ok(m),
        Err(e) => match by_text(game.position(), text) {
            Some(m) => game.play(&m).map_err(move_err),
            None => Err(move_err(e)),
        },
    }
}
