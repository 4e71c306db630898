//! `Outcome`: how a game ended, by its rules or by a claimable draw.

use betza::{Board, Game};
use pyo3::prelude::*;

use crate::piece::is_white;

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
    pub(crate) fn result(&self) -> &'static str {
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

/// The end of `game` by its rules, else (with `claim_draw`) a claimable draw.
pub(crate) fn outcome_of<B: Board>(game: &Game<B>, claim_draw: bool) -> Option<PyOutcome> {
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
