//! `Board`: a game of any variant and board type, python-chess style (the
//! position, the move stack, undo, text in and out).

use betza::perft::PerftOptions;
use betza::{Board, Color, Position, Square};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::boards::{AnyGame, variant_id};
use crate::errors::{move_err, san_err};
use crate::interrupt::{self, PerftJob};
use crate::moves::{LegalMoves, PyMove, is_legal, legal_in, play_text, text_move, usi_move};
use crate::outcome::{PyOutcome, outcome_of};
use crate::piece::{PyPiece, is_white, py_piece, token_of};
use crate::registry::{variant_arg, variant_by_name};
use crate::variant::PyVariant;

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

/// The pieces `color` holds in hand, by token.
pub(crate) fn hand_of<'py, B: Board>(
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
