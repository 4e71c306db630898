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

use std::sync::Mutex;

use betza::perft::{PerftOptions, Shard};
use betza::pgn::PgnGames;
use betza::{AnyVariant, Board, Color, Game, GameResult, Move, Position, Square, with_board};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

#[macro_use]
mod boards;
mod interrupt;
mod stateless;

use boards::{AnyGame, variant_id};

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

/// Variants loaded at run time by name (`betza.stateless.load_variant_config`,
/// `betza.register_variant`): looked up before the built-ins.
static REGISTERED: Mutex<Vec<AnyVariant>> = Mutex::new(Vec::new());

/// The variant of this name: a registered one, else a built-in of any board
/// type (any case).
pub(crate) fn variant_by_name(name: &str) -> PyResult<AnyVariant> {
    let registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = registered
        .iter()
        .rev()
        .find(|v| v.name().eq_ignore_ascii_case(name))
    {
        return Ok(v.clone());
    }
    drop(registered);
    AnyVariant::by_name(name).map_err(|e| VariantError::new_err(e.to_string()))
}

pub(crate) fn register(v: AnyVariant) {
    let mut registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    registered.retain(|old| !old.name().eq_ignore_ascii_case(v.name()));
    registered.push(v);
}

pub(crate) fn registered_names() -> Vec<String> {
    let registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    registered.iter().map(|v| v.name().to_string()).collect()
}

/// A variant given from Python: a `Variant` or a name.
pub(crate) fn variant_arg(arg: &Bound<'_, PyAny>) -> PyResult<AnyVariant> {
    if let Ok(v) = arg.cast::<PyVariant>() {
        return Ok(v.get().v.clone());
    }
    match arg.extract::<String>() {
        Ok(name) => variant_by_name(&name),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
            "variant must be a betza.Variant or a variant name (str)",
        )),
    }
}

/// A square of `pos`'s board by name, or a ValueError saying why not.
pub(crate) fn square_arg<B: Board>(pos: &Position<'_, B>, name: &str) -> PyResult<Square> {
    pos.square(name).ok_or_else(|| {
        let size = pos.size();
        PyValueError::new_err(format!(
            "{} is not a square of the {}x{} board (a1 to {})",
            betza::limits::quoted(name),
            size.files(),
            size.ranks(),
            size.square_name(
                size.square(size.files() as i32 - 1, size.ranks() as i32 - 1)
                    .expect("the corner is on the board")
            )
        ))
    })
}

fn is_white(c: Color) -> bool {
    c == Color::White
}

// ---------------------------------------------------------------- Variant

/// A compiled variant: built in, or read from definition text at run time;
/// of any board type.
#[pyclass(name = "Variant", module = "betza", frozen)]
pub(crate) struct PyVariant {
    pub(crate) v: AnyVariant,
}

#[pymethods]
impl PyVariant {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(PyVariant {
            v: variant_by_name(name)?,
        })
    }

    /// Reads, checks and compiles a definition (TOML, the format of the
    /// built-ins' ``variants/*.toml``, docs/definitions.md), for the board
    /// type it needs (past 128 squares or 20 piece types, the large one).
    /// Raises :class:`VariantError` naming the line and key.
    #[staticmethod]
    fn from_definition(text: &str) -> PyResult<Self> {
        let v =
            AnyVariant::from_definition(text).map_err(|e| VariantError::new_err(e.to_string()))?;
        Ok(PyVariant { v })
    }

    /// Every variant of a text in Fairy-Stockfish's configuration format
    /// (``variants.ini``: ``[name]`` and ``[name:template]`` sections), in
    /// file order. Raises :class:`VariantError` naming the section, line and
    /// key of an option the library cannot express, an unknown key, a bad
    /// value or an unknown template.
    #[staticmethod]
    fn from_fsf_ini(text: &str) -> PyResult<Vec<Self>> {
        let defs = betza::VariantDef::from_fsf_ini(text)
            .map_err(|e| VariantError::new_err(e.to_string()))?;
        defs.into_iter()
            .map(|d| {
                AnyVariant::new(d)
                    .map(|v| PyVariant { v })
                    .map_err(|e| VariantError::new_err(e.to_string()))
            })
            .collect()
    }

    /// :meth:`from_definition` of a file's text (``OSError`` if unreadable).
    /// At most 64 KiB (and a byte, to tell) is read: a larger file (or
    /// ``/dev/zero``) raises :class:`VariantError` at once.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<Self> {
        let max = betza::limits::MAX_DEFINITION_BYTES;
        let bytes = betza::limits::read_at_most(std::fs::File::open(&path)?, max)?;
        if bytes.len() > max {
            return Err(VariantError::new_err(format!(
                "{}: more than {max} bytes: a definition has at most {max}",
                path.display()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "the text is not UTF-8")
        })?;
        PyVariant::from_definition(&text)
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> String {
        self.v.name().to_string()
    }

    /// The board's number of files (columns).
    #[getter]
    fn files(&self) -> u8 {
        self.v.size().files()
    }

    /// The board's number of ranks (rows).
    #[getter]
    fn ranks(&self) -> u8 {
        self.v.size().ranks()
    }

    /// Whether the variant is compiled for the large board type (more than
    /// 128 squares or 20 piece types).
    #[getter]
    fn is_large(&self) -> bool {
        self.v.is_large()
    }

    /// The start position in FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.v.start_fen().to_string()
    }

    /// The piece types, in the definition's order.
    #[getter]
    fn pieces(&self) -> Vec<PyPieceType> {
        let pieces = self.v.pieces();
        pieces
            .iter()
            .map(|p| PyPieceType {
                name: p.name.clone(),
                token: p.token.to_string(),
                betza: p.betza.clone(),
                royal: p.royal,
                promotions: p
                    .promotions
                    .iter()
                    .map(|&r| pieces[r.index()].token.to_string())
                    .collect(),
                description: p.describe(),
            })
            .collect()
    }

    /// The definition as TOML text (reads back to the same variant).
    fn definition(&self) -> String {
        self.v.definition().to_string()
    }

    /// The same compiled variant object.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyVariant>()
            .is_ok_and(|o| variant_id(&o.get().v) == variant_id(&self.v))
    }

    fn __hash__(&self) -> u64 {
        // Equal variants are the same object: hash its address.
        variant_id(&self.v) as u64
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.v.name())
    }
}

/// One piece type of a variant.
#[pyclass(name = "PieceType", module = "betza", frozen)]
pub(crate) struct PyPieceType {
    /// The name for people (``Knight``).
    #[pyo3(get)]
    name: String,
    /// The FEN token, uppercase (``N``, ``+F``).
    #[pyo3(get)]
    token: String,
    /// Its moves in Betza notation.
    #[pyo3(get)]
    betza: String,
    /// Whether it is the royal piece (the King).
    #[pyo3(get)]
    royal: bool,
    /// The tokens of the types it may promote to.
    #[pyo3(get)]
    promotions: Vec<String>,
    description: String,
}

#[pymethods]
impl PyPieceType {
    /// Its moves in words, generated from the Betza string
    /// (``leaps (3,2) or (4,1)``).
    fn description(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "PieceType(name={:?}, token={:?}, betza={:?})",
            self.name, self.token, self.betza
        )
    }
}

// ---------------------------------------------------------------- Move

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
    board: Py<PyBoard>,
    moves: Vec<Move>,
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

// ---------------------------------------------------------------- Piece

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
fn token_of<B: Board>(pos: &Position<'_, B>, role: betza::Role) -> String {
    pos.piece_type(role)
        .map_or_else(|| "?".to_string(), |t| t.token.to_string())
}

fn py_piece<B: Board>(pos: &Position<'_, B>, p: betza::Piece) -> PyPiece {
    let t = pos
        .piece_type(p.role)
        .expect("a piece on the board is of a type of the variant");
    PyPiece {
        token: t.token.to_string(),
        color: is_white(p.color),
        name: t.name.clone(),
    }
}

// ---------------------------------------------------------------- Outcome

/// How a game ended.
#[pyclass(name = "Outcome", module = "betza", frozen, eq, get_all)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct PyOutcome {
    /// ``WHITE``, ``BLACK``, or ``None`` for a draw.
    winner: Option<bool>,
    /// The rule that ended the game, in the library's words with ``_`` for
    /// spaces: ``"checkmate"``, ``"stalemate"``, ``"bare_king"``,
    /// ``"insufficient_material"``, ``"repetition"``, ``"perpetual_check"``,
    /// ``"move_rule"``, ``"counting"``, ``"royal_captured"`` (the side to move
    /// has no royal piece left: Chu Shogi); with ``claim_draw`` also
    /// ``"threefold_repetition"`` or ``"fifty_moves"`` (a claimable draw).
    termination: String,
}

#[pymethods]
impl PyOutcome {
    /// ``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``.
    fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let w = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!("Outcome(winner={w}, termination={:?})", self.termination)
    }
}

// ---------------------------------------------------------------- Board

/// Whether `m` is legal in `pos`. `Position::is_legal` looks only at the
/// moves of a piece standing on `m.from()`, which misses drops and moves
/// that capture on the way; those are checked against the full list.
fn is_legal<B: Board>(pos: &Position<'_, B>, m: &Move) -> bool {
    pos.is_legal(m) || ((m.is_drop() || m.via().is_some()) && pos.legal_moves().contains(m))
}

/// `m` if it is legal in `pos`, else :class:`IllegalMoveError` saying why.
fn legal_in<B: Board>(pos: &Position<'_, B>, m: &Move) -> PyResult<Move> {
    if is_legal(pos, m) {
        return Ok(*m);
    }
    match pos.play(m) {
        Ok(_) => Ok(*m),
        Err(e) => Err(move_err(e)),
    }
}

/// The legal move a USI text names; drops as [`by_text`] finds them.
fn usi_move<B: Board>(pos: &Position<'_, B>, text: &str) -> PyResult<Move> {
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
fn by_text<B: Board>(pos: &Position<'_, B>, text: &str) -> Option<Move> {
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

/// The end of `game` by its rules, else (with `claim_draw`) a claimable draw.
fn outcome_of<B: Board>(game: &Game<B>, claim_draw: bool) -> Option<PyOutcome> {
    // One call for both: the end by the rules, else the claims.
    let status = game.status();
    if let Some(o) = status.outcome {
        return Some(PyOutcome {
            winner: o.winner.map(is_white),
            termination: o.reason.as_str().replace(' ', "_"),
        });
    }
    if claim_draw {
        let claims = status.claims;
        let why = if claims.contains(betza::Claims::THREEFOLD_REPETITION) {
            "threefold_repetition"
        } else if claims.contains(betza::Claims::FIFTY_MOVES) {
            "fifty_moves"
        } else {
            return None;
        };
        return Some(PyOutcome {
            winner: None,
            termination: why.to_string(),
        });
    }
    None
}

/// The pieces `color` holds in hand, by token.
fn hand_of<'py, B: Board>(
    py: Python<'py>,
    pos: &Position<'_, B>,
    color: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let c = if color { Color::White } else { Color::Black };
    let dict = PyDict::new(py);
    for (role, n) in pos.hand(c) {
        dict.set_item(token_of(pos, role), n)?;
    }
    Ok(dict)
}

use interrupt::PerftJob;

/// A game of any variant: the position, the moves played (the move
/// stack) and undo. Usable from any thread.
#[pyclass(name = "Board", module = "betza")]
pub(crate) struct PyBoard {
    pub(crate) game: AnyGame,
}

impl PyBoard {
    /// A ply of the game for its annotations: at most the ply count, and
    /// from 1 when it names a move.
    fn check_ply(&self, ply: usize, a_move: bool) -> PyResult<()> {
        let n = with_game!(&self.game, |g| g.ply_count());
        if ply > n {
            return Err(PyValueError::new_err(format!(
                "ply {ply} is over the game's {n} plies"
            )));
        }
        if a_move && ply == 0 {
            return Err(PyValueError::new_err(
                "ply 0 is no move: moves count from 1",
            ));
        }
        Ok(())
    }

    fn fen_of(&self) -> String {
        with_game!(&self.game, |g| g.position().to_fen())
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (variant = None, fen = None))]
    fn new(variant: Option<&Bound<'_, PyAny>>, fen: Option<&str>) -> PyResult<Self> {
        let v = match variant {
            Some(v) => variant_arg(v)?,
            None => variant_by_name("chess")?,
        };
        Ok(PyBoard {
            game: AnyGame::new(&v, fen)?,
        })
    }

    /// The board's variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant {
            v: self.game.variant(),
        }
    }

    /// The legal moves, each promotion choice separately.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoves {
        let moves = with_game!(&slf.borrow().game, |g| g.position().legal_moves().to_vec());
        LegalMoves {
            board: slf.clone().unbind(),
            moves,
        }
    }

    /// The side to move: ``WHITE`` or ``BLACK``.
    #[getter]
    fn turn(&self) -> bool {
        with_game!(&self.game, |g| is_white(g.position().side_to_move()))
    }

    /// The moves played since the start position, in order.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            g.moves().map(|m| PyMove::of(pos, m)).collect()
        })
    }

    /// The move number (from 1, counted up after Black's move).
    #[getter]
    fn fullmove_number(&self) -> u32 {
        with_game!(&self.game, |g| g.position().fullmove_number())
    }

    /// Plies since the last capture or Pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        with_game!(&self.game, |g| g.position().halfmove_clock())
    }

    /// How many moves have been pushed.
    fn ply(&self) -> usize {
        with_game!(&self.game, |g| g.ply_count())
    }

    /// The comment at ``ply`` (0: before the first move; k: after the k-th
    /// move), as PGN keeps it, or ``None``; ``ValueError`` beyond the game.
    fn comment(&self, ply: usize) -> PyResult<Option<String>> {
        self.check_ply(ply, false)?;
        Ok(with_game!(&self.game, |g| g
            .comment(ply)
            .map(str::to_string)))
    }

    /// Sets the comment at ``ply`` (an empty text removes it); written with
    /// the game's PGN. Popping the move before it removes it. At most 1 MiB
    /// (its white space made single spaces), as PGN reading allows;
    /// ``ValueError`` if longer.
    fn set_comment(&mut self, ply: usize, text: &str) -> PyResult<()> {
        self.check_ply(ply, false)?;
        if !with_game!(&mut self.game, |g| g.set_comment(ply, text)) {
            let max = betza::pgn::MAX_COMMENT_BYTES;
            return Err(PyValueError::new_err(format!(
                "a comment of more than {max} bytes"
            )));
        }
        Ok(())
    }

    /// The numeric annotation glyphs of the ``ply``-th move (1 for the
    /// first): PGN's ``$n``, with ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``
    /// read as 1 to 6.
    fn nags(&self, ply: usize) -> PyResult<Vec<u32>> {
        self.check_ply(ply, true)?;
        // A list of ints (a `Vec<u8>` would become `bytes`).
        Ok(with_game!(&self.game, |g| g
            .nags(ply)
            .iter()
            .map(|&n| u32::from(n))
            .collect()))
    }

    /// Sets the NAGs of the ``ply``-th move (each 0 to 255, at most 255 of
    /// them, as PGN reading allows; ``ValueError`` otherwise).
    fn set_nags(&mut self, ply: usize, nags: Vec<u8>) -> PyResult<()> {
        self.check_ply(ply, true)?;
        if nags.len() > betza::pgn::MAX_NAGS {
            let max = betza::pgn::MAX_NAGS;
            return Err(PyValueError::new_err(format!(
                "{} NAGs: a move carries at most {max}",
                nags.len()
            )));
        }
        with_game!(&mut self.game, |g| g.set_nags(ply, &nags));
        Ok(())
    }

    /// Plays a legal move; :class:`IllegalMoveError` otherwise.
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        with_game!(&mut self.game, |g| {
            let m = legal_in(g.position(), &r#move.m)?;
            if g.play(&m).is_err() {
                // A capture on the way is refused by `Game::play` but played
                // by its text (see `is_legal`).
                let text = g.position().move_text(&m);
                g.play_text(&text).map_err(move_err)?;
            }
            Ok(())
        })
    }

    /// Plays a move given as the library's move text (``e3e5``, ``c6d8+``,
    /// ``P@e5``, ``d4d5e6``) and returns it; :class:`IllegalMoveError` with
    /// the reason otherwise.
    fn push_uci(&mut self, text: &str) -> PyResult<PyMove> {
        with_game!(&mut self.game, |g| {
            let m = play_text(g, text)?;
            Ok(PyMove::of(g.position(), m))
        })
    }

    /// Plays a move given in SAN (``Nf3``, ``Lxe5=+P``) and returns it;
    /// :class:`SanError` otherwise.
    fn push_san(&mut self, san: &str) -> PyResult<PyMove> {
        with_game!(&mut self.game, |g| {
            let m = g.play_san(san).map_err(san_err)?;
            Ok(PyMove::of(g.position(), m))
        })
    }

    /// Takes back the last move and returns it (``IndexError`` at the start).
    fn pop(&mut self) -> PyResult<PyMove> {
        with_game!(&mut self.game, |g| match g.undo() {
            Some(m) => Ok(PyMove::of(g.position(), m)),
            None => Err(PyIndexError::new_err("pop from an empty move stack")),
        })
    }

    /// The last move played (``IndexError`` at the start).
    fn peek(&self) -> PyResult<PyMove> {
        with_game!(&self.game, |g| match g.moves().next_back() {
            Some(m) => Ok(PyMove::of(g.position(), m)),
            None => Err(PyIndexError::new_err("peek at an empty move stack")),
        })
    }

    /// The move in SAN (:class:`IllegalMoveError` if it is not legal here).
    fn san(&self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let m = legal_in(pos, &r#move.m)?;
            Ok(pos.san(&m))
        })
    }

    /// The move as the library's move text.
    fn uci(&self, r#move: PyRef<'_, PyMove>) -> String {
        with_game!(&self.game, |g| g.position().move_text(&r#move.m))
    }

    /// The legal move a SAN text names (:class:`SanError` otherwise).
    fn parse_san(&self, san: &str) -> PyResult<PyMove> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let m = pos.parse_san(san).map_err(san_err)?;
            Ok(PyMove::of(pos, m))
        })
    }

    /// The legal move a move text names (:class:`IllegalMoveError` otherwise).
    fn parse_uci(&self, text: &str) -> PyResult<PyMove> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            Ok(PyMove::of(pos, text_move(pos, text)?))
        })
    }

    /// Whether the legal move captures (:class:`IllegalMoveError` if not legal).
    fn is_capture(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        with_game!(&self.game, |g| Ok(
            legal_in(g.position(), &r#move.m)?.is_capture()
        ))
    }

    /// Whether the legal move puts the opponent in check.
    fn gives_check(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let m = legal_in(pos, &r#move.m)?;
            Ok(pos.play_unchecked(&m).is_check())
        })
    }

    /// Whether the move is legal in the position.
    fn is_legal(&self, r#move: PyRef<'_, PyMove>) -> bool {
        with_game!(&self.game, |g| is_legal(g.position(), &r#move.m))
    }

    /// The position in FEN.
    fn fen(&self) -> String {
        self.fen_of()
    }

    /// Sets up the position ``fen`` (same variant) and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.game = AnyGame::new(&self.game.variant(), Some(fen))?;
        Ok(())
    }

    /// Back to the variant's start position, with an empty move stack.
    fn reset(&mut self) {
        self.game = AnyGame::start(&self.game.variant());
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_check())
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_checkmate())
    }

    /// Whether the side to move has no legal move and is not in check
    /// (a draw or, in Meiriqi, a loss: see :meth:`outcome`).
    fn is_stalemate(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_stalemate())
    }

    /// Whether neither side can win: only royal pieces are left, or
    /// material the variant lists as dead. The rules then end the game
    /// as a draw (``outcome().termination == "insufficient_material"``).
    fn is_insufficient_material(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_insufficient_material())
    }

    /// Whether the current position has occurred at least ``count`` times
    /// in this game, counting now (positions compared by placement, hands,
    /// side to move, rights and usable en-passant square).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        with_game!(&self.game, |g| g.repetitions() >= count)
    }

    /// Whether a draw could be claimed now by the variant's claimable
    /// rules (threefold repetition, fifty moves); never once the game is
    /// over by the rules.
    fn can_claim_draw(&self) -> bool {
        with_game!(&self.game, |g| !g.claims().is_empty())
    }

    /// Whether the rules end the game (the library's ``Game::status()``:
    /// checkmate, stalemate, bare King, insufficient material, the capture
    /// of the last royal piece, and the repetition, move-count and counting
    /// rules the variant turns on) or, with ``claim_draw``, a draw could be
    /// claimed.
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// The end by the variant's rules (the library's ``Game::status()``),
    /// ``None`` while the game goes on; ``termination`` names the rule. With
    /// ``claim_draw``, a claimable draw (threefold repetition, fifty moves)
    /// counts as an end.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, claim_draw: bool) -> Option<PyOutcome> {
        with_game!(&self.game, |g| outcome_of(g, claim_draw))
    }

    /// ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` (not over).
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> String {
        with_game!(&self.game, |g| match outcome_of(g, claim_draw) {
            Some(o) => o.result().to_string(),
            None => g.result().as_str().to_string(),
        })
    }

    /// Whether the position has occurred three times.
    fn can_claim_threefold_repetition(&self) -> bool {
        with_game!(&self.game, |g| g
            .claims()
            .contains(betza::Claims::THREEFOLD_REPETITION))
    }

    /// Whether fifty moves by each side passed without capture or Pawn move.
    fn can_claim_fifty_moves(&self) -> bool {
        with_game!(&self.game, |g| g
            .claims()
            .contains(betza::Claims::FIFTY_MOVES))
    }

    /// The pieces ``color`` holds in hand, by token (``{"P": 2, "N": 1}``;
    /// types held only). Empty in variants without drops.
    fn hand<'py>(&self, py: Python<'py>, color: bool) -> PyResult<Bound<'py, PyDict>> {
        with_game!(&self.game, |g| hand_of(py, g.position(), color))
    }

    /// Both hands, indexed by colour as python-chess's crazyhouse
    /// ``board.pockets[color]``: ``pockets[WHITE]`` is :meth:`hand` of
    /// White (a dict token -> count, a copy).
    #[getter]
    fn pockets<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        // BLACK is False (index 0), WHITE is True (index 1).
        Ok((self.hand(py, false)?, self.hand(py, true)?))
    }

    /// The position in SFEN (shogi's notation: ``b`` moves first, hands as
    /// ``2Pb``, a move count); for any variant, most useful for the shogi
    /// family.
    fn sfen(&self) -> String {
        with_game!(&self.game, |g| g.position().to_sfen())
    }

    /// Sets up the position of an SFEN (same variant) and clears the move
    /// stack; :class:`FenError` naming the field at fault otherwise.
    fn set_sfen(&mut self, sfen: &str) -> PyResult<()> {
        self.game = AnyGame::from_sfen(&self.game.variant(), sfen)?;
        Ok(())
    }

    /// The move in USI text (``7g7f``, ``8h2b+``, ``P*5e``).
    fn usi(&self, r#move: PyRef<'_, PyMove>) -> String {
        with_game!(&self.game, |g| g.position().usi(&r#move.m))
    }

    /// The legal move a USI text names (:class:`IllegalMoveError` otherwise).
    fn parse_usi(&self, text: &str) -> PyResult<PyMove> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            Ok(PyMove::of(pos, usi_move(pos, text)?))
        })
    }

    /// Plays a move given in USI text and returns it
    /// (:class:`IllegalMoveError` otherwise).
    fn push_usi(&mut self, text: &str) -> PyResult<PyMove> {
        with_game!(&mut self.game, |g| {
            let m = usi_move(g.position(), text)?;
            let before = PyMove::of(g.position(), m);
            g.play(&m).map_err(move_err)?;
            Ok(before)
        })
    }

    /// The piece on the square, ``None`` if it is empty (``ValueError`` if
    /// the name is not a square of the board).
    fn piece_at(&self, square: &str) -> PyResult<Option<PyPiece>> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let sq = square_arg(pos, square)?;
            Ok(pos.piece_at(sq).map(|p| py_piece(pos, p)))
        })
    }

    /// Every piece by its square's name.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        with_game!(&self.game, |g| {
            let pos = g.position();
            let size = pos.size();
            for rank in 0..size.ranks() as i32 {
                for file in 0..size.files() as i32 {
                    let sq = size.square(file, rank).expect("on the board");
                    if let Some(p) = pos.piece_at(sq) {
                        dict.set_item(size.square_name(sq), py_piece(pos, p))?;
                    }
                }
            }
        });
        Ok(dict)
    }

    /// The squares the piece on ``square`` may legally move to (empty if
    /// it is empty or not the side to move's).
    fn legal_targets(&self, square: &str) -> PyResult<Vec<String>> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let sq = square_arg(pos, square)?;
            let size = pos.size();
            Ok(pos
                .legal_targets(sq)
                .into_iter()
                .map(|t| size.square_name(t))
                .collect())
        })
    }

    /// The legal moves from one square to another: none, one, or several
    /// (the promotion choices to offer).
    fn moves_between(&self, from_square: &str, to_square: &str) -> PyResult<Vec<PyMove>> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let from = square_arg(pos, from_square)?;
            let to = square_arg(pos, to_square)?;
            Ok(pos
                .moves_between(from, to)
                .iter()
                .map(|&m| PyMove::of(pos, m))
                .collect())
        })
    }

    /// A copy, with the move stack unless ``stack`` is false.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> PyResult<PyBoard> {
        if stack {
            return Ok(PyBoard {
                game: self.game.clone(),
            });
        }
        Ok(PyBoard {
            game: AnyGame::new(&self.game.variant(), Some(&self.fen_of()))?,
        })
    }

    fn __copy__(&self) -> PyResult<PyBoard> {
        self.copy(true)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        self.copy(true)
    }

    /// The number of leaves of the legal-move tree ``depth`` plies deep
    /// (promotion choices count separately), on ``threads`` threads, with
    /// the GIL released. ``depth`` is at most 20 (``ValueError``); Ctrl-C
    /// interrupts a long count (``KeyboardInterrupt``).
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(slf: PyRef<'_, Self>, depth: u32, threads: usize) -> PyResult<u64> {
        interrupt::check_depth(depth)?;
        let py = slf.py();
        let options = PerftOptions {
            threads,
            ..PerftOptions::default()
        };
        let job: PerftJob = with_game!(&slf.game, |g| {
            let pos = g.owned_position();
            Box::new(move |stop| pos.position().perft_until(depth, options, stop))
        });
        // The board is not borrowed while counting: other threads may use it.
        drop(slf);
        interrupt::run(py, job)
    }

    /// The board as text, highest rank first, ``.`` for empty squares.
    fn __str__(&self) -> String {
        with_game!(&self.game, |g| g.position().to_string())
    }

    fn __repr__(&self) -> String {
        format!(
            "Board({:?}, {:?})",
            self.game.variant().name(),
            self.fen_of()
        )
    }

    /// Same variant and same position (placement, side, rights,
    /// en passant, clocks); the move stacks are not compared.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyBoard>() {
            Ok(o) => match o.try_borrow() {
                Ok(o) => {
                    // As FEN compares: an en-passant square only when usable.
                    variant_id(&self.game.variant()) == variant_id(&o.game.variant())
                        && self.__hash__() == o.__hash__()
                        && self.fen_of() == o.fen_of()
                }
                // `other` is this board, mutably borrowed elsewhere: not equal-checkable.
                Err(_) => false,
            },
            Err(_) => false,
        }
    }

    /// The position's Zobrist hash (changes as moves are pushed).
    fn __hash__(&self) -> u64 {
        with_game!(&self.game, |g| g.hash())
    }

    /// The board as SVG (``betza.svg.board``), for Jupyter.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let svg = py.import("betza.svg")?;
        svg.call_method1("board", (slf,))?.extract()
    }
}

// ---------------------------------------------------------------- perft

/// Perft of part ``k`` of ``n`` (numbered from 1) of the tree ``depth``
/// plies deep below ``fen`` (the variant's start when ``None``), as the
/// library's ``--shard K/N``: the parts are disjoint and add up to the whole
/// count. Counts with the GIL released; ``depth`` is at most 20, and Ctrl-C
/// interrupts a long count (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (variant, fen, depth, k, n, threads = 1))]
fn perft_shard(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: Option<&str>,
    depth: u32,
    k: u32,
    n: u32,
    threads: usize,
) -> PyResult<u64> {
    interrupt::check_depth(depth)?;
    let v = variant_arg(variant)?;
    let shard = Shard::new(k, n).ok_or_else(|| {
        PyValueError::new_err(format!(
            "shard {k} of {n}: the parts are numbered 1 to n (n at least 1)"
        ))
    })?;
    let options = PerftOptions {
        threads,
        shard,
        ..PerftOptions::default()
    };
    let job: PerftJob = with_board!(&v, |v| {
        let pos = match fen {
            None => v.start_owned(),
            Some(fen) => v.owned_from_fen(fen).map_err(fen_err)?,
        };
        Box::new(move |stop| pos.position().perft_until(depth, options, stop))
    });
    interrupt::run(py, job)
}

/// The built-in variants' names (``decimaka``, ``meiriqi``, ``chess``, ...,
/// ``chushogi``): of every board type.
#[pyfunction]
fn variants() -> Vec<String> {
    AnyVariant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Makes a run-time variant known by its name to ``Board(name)``,
/// ``Variant(name)`` and ``betza.stateless`` (replacing one of the same name).
#[pyfunction]
fn register_variant(variant: PyRef<'_, PyVariant>) {
    register(variant.v.clone());
}

// ---------------------------------------------------------------- PGN

fn headers<'py>(py: Python<'py>, game: &AnyGame) -> PyResult<Bound<'py, PyDict>> {
    // The order of `to_pgn`: the roster, Variant, SetUp and FEN, the others.
    let pgn = with_game!(game, |g| g.to_pgn());
    let dict = PyDict::new(py);
    for line in pgn.lines() {
        let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix("\"]")) else {
            break;
        };
        let Some((name, value)) = inner.split_once(" \"") else {
            continue;
        };
        // Undo the writer's escapes (`\"` and `\\`) in one pass.
        let mut unescaped = String::with_capacity(value.len());
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            unescaped.push(if c == '\\' {
                chars.next().unwrap_or(c)
            } else {
                c
            });
        }
        let value = unescaped;
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// Reads the games of a PGN text one by one: each `(Board, headers)`.
#[pyclass(module = "betza")]
struct PgnReader {
    text: String,
    at: usize,
    line: usize,
    variant: Option<AnyVariant>,
}

/// The next game of `games`, and where the text after it starts (its offset
/// in the text `games` read, and its line).
fn next_game<B: Board>(
    mut games: PgnGames<'_, B>,
) -> (Option<Result<AnyGame, betza::PgnError>>, usize, usize)
where
    AnyGame: From<Game<B>>,
{
    let next = games.next().map(|r| r.map(AnyGame::from));
    (next, games.offset(), games.line())
}

#[pymethods]
impl PgnReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Option<(PyBoard, Bound<'py, PyDict>)>> {
        let rest = &self.text[self.at..];
        let line = self.line;
        let in_variant = |v: &AnyVariant| {
            with_board!(v, |v| next_game(v.pgn_games(rest).starting_at_line(line)))
        };
        let (next, offset, line) = match &self.variant {
            Some(v) => in_variant(v),
            None => {
                // The `Variant` tag names a built-in of a small board (or
                // none: chess), else a variant of another board type or a
                // registered one: read again in it.
                let first = next_game(PgnGames::new(rest).starting_at_line(line));
                match &first.0 {
                    Some(Err(betza::PgnError::UnknownVariant(name))) => {
                        match variant_by_name(name) {
                            Ok(v) => in_variant(&v),
                            Err(_) => first,
                        }
                    }
                    _ => first,
                }
            }
        };
        self.at += offset;
        self.line = line;
        match next {
            None => Ok(None),
            Some(Err(e)) => Err(pgn_err(e)),
            Some(Ok(game)) => {
                let h = headers(py, &game)?;
                Ok(Some((PyBoard { game }, h)))
            }
        }
    }
}

#[pyfunction]
#[pyo3(signature = (text, variant = None))]
fn _pgn_reader(text: String, variant: Option<&Bound<'_, PyAny>>) -> PyResult<PgnReader> {
    Ok(PgnReader {
        text,
        at: 0,
        line: 1,
        variant: variant.map(variant_arg).transpose()?,
    })
}

/// The PGN of `board`'s game (its start and moves) with `headers`.
#[pyfunction]
fn _pgn_write(board: PyRef<'_, PyBoard>, headers: &Bound<'_, PyDict>) -> PyResult<String> {
    let mut tags = Vec::new();
    for (k, v) in headers.iter() {
        tags.push((k.extract::<String>()?, v.extract::<String>()?));
    }
    let mut game = board.game.clone();
    with_game!(&mut game, |game| {
        for (k, v) in &tags {
            match k.as_str() {
                "Variant" | "SetUp" | "FEN" => {}
                "Result" => {
                    if game.outcome().is_none() {
                        let r = GameResult::from_pgn_text(v).ok_or_else(|| {
                            PgnError::new_err(format!(
                                "tag Result: {} is not 1-0, 0-1, 1/2-1/2 or *",
                                betza::limits::quoted(v)
                            ))
                        })?;
                        game.declare_result(r);
                    }
                }
                _ => game.set_tag(k, v).map_err(pgn_err)?,
            }
        }
        Ok(game.to_pgn())
    })
}

#[pyfunction]
fn _pgn_headers<'py>(py: Python<'py>, board: PyRef<'_, PyBoard>) -> PyResult<Bound<'py, PyDict>> {
    headers(py, &board.game)
}

// ---------------------------------------------------------------- module

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
