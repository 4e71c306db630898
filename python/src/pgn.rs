//! PGN for `betza.pgn`: a reader of games one by one, the writer with
//! headers, and a game's headers as a dict.

use betza::pgn::PgnGames;
use betza::{AnyVariant, Board, Game, GameResult, with_board};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::PyBoard;
use crate::boards::AnyGame;
use crate::errors::{PgnError, pgn_err};
use crate::registry::{variant_arg, variant_by_name};

pub(crate) fn headers<'py>(py: Python<'py>, game: &AnyGame) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    with_game!(game, |g| {
        for (name, value) in g.pgn_tags() {
            dict.set_item(name, value.as_ref())?;
        }
    });
    Ok(dict)
}

/// Reads the games of a PGN text one by one: each `(Board, headers)`.
#[pyclass(module = "betza")]
pub(crate) struct PgnReader {
    text: String,
    at: usize,
    line: usize,
    variant: Option<AnyVariant>,
}

/// The next game of `games`, and where the text after it starts (its offset
/// in the text `games` read, and its line).
pub(crate) fn next_game<B: Board>(
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
pub(crate) fn _pgn_reader(text: String, variant: Option<&Bound<'_, PyAny>>) -> PyResult<PgnReader> {
    Ok(PgnReader {
        text,
        at: 0,
        line: 1,
        variant: variant.map(variant_arg).transpose()?,
    })
}

/// The PGN of `board`'s game (its start and moves) with `headers`.
#[pyfunction]
pub(crate) fn _pgn_write(
    board: PyRef<'_, PyBoard>,
    headers: &Bound<'_, PyDict>,
) -> PyResult<String> {
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
pub(crate) fn _pgn_headers<'py>(
    py: Python<'py>,
    board: PyRef<'_, PyBoard>,
) -> PyResult<Bound<'py, PyDict>> {
    headers(py, &board.game)
}
