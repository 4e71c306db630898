//! The one dispatch on the board type in this crate (issue 24).
//!
//! The library compiles a variant for one board type ([`Small`]: up to 128
//! squares and 20 piece types; [`Large`]: up to 16x16 and 63 types) and
//! gives a game of it the type [`Game<B>`]. A Python object holds such a
//! value in an enum of the board types: [`AnyVariant`] (the library's) for
//! a `Variant`, [`AnyGame`] (below) for a `Board`. Every call matches the
//! enum once, with [`with_board!`](betza::with_board) or [`with_game!`],
//! and runs code written once, generic over [`Board`]; no call matches on
//! the board type per move.
//!
//! A third board type is one more variant of [`AnyGame`], one more arm of
//! [`with_game!`] and one more `From` impl
//! (besides the library's own arms of `AnyVariant` and `with_board!`).

use betza::{AnyVariant, Game, Huge, Large, Small};
use pyo3::PyResult;

use crate::errors::fen_err;

/// A game of any board type: what a Python `Board` holds. Boxed, as its
/// positions are held inline and grow with the board (a game of the large
/// board type holds some 5 kB).
#[derive(Clone)]
pub(crate) enum AnyGame {
    /// A game of a variant of at most 128 squares and 20 piece types.
    Small(Box<Game<Small>>),
    /// A game of a variant of a board up to 16x16, or of more types.
    Large(Box<Game<Large>>),
    /// A game of a variant of a board past 16x16, up to 26x26.
    Huge(Box<Game<Huge>>),
}

/// Runs an expression once with a variable bound to the boxed [`Game`]
/// inside an [`AnyGame`] (a reference to it, for `&AnyGame` and `&mut
/// AnyGame`; methods and `&Game<B>` arguments see through the box): the
/// expression is compiled once per board type.
macro_rules! with_game {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            $crate::boards::AnyGame::Small($g) => $body,
            $crate::boards::AnyGame::Large($g) => $body,
            $crate::boards::AnyGame::Huge($g) => $body,
        }
    };
}

impl From<Game<Small>> for AnyGame {
    fn from(g: Game<Small>) -> Self {
        AnyGame::Small(Box::new(g))
    }
}

impl From<Game<Large>> for AnyGame {
    fn from(g: Game<Large>) -> Self {
        AnyGame::Large(Box::new(g))
    }
}

impl From<Game<Huge>> for AnyGame {
    fn from(g: Game<Huge>) -> Self {
        AnyGame::Huge(Box::new(g))
    }
}

impl AnyGame {
    /// A game of `v` from its start position.
    pub(crate) fn start(v: &AnyVariant) -> AnyGame {
        betza::with_board!(v, |v| AnyGame::from(v.new_game()))
    }

    /// A game of `v` from `fen` (the start position when `None`).
    pub(crate) fn new(v: &AnyVariant, fen: Option<&str>) -> PyResult<AnyGame> {
        let Some(fen) = fen else {
            return Ok(AnyGame::start(v));
        };
        betza::with_board!(v, |v| Ok(AnyGame::from(
            v.game_from_fen(fen).map_err(fen_err)?
        )))
    }

    /// A game of `v` from an SFEN.
    pub(crate) fn from_sfen(v: &AnyVariant, sfen: &str) -> PyResult<AnyGame> {
        betza::with_board!(v, |v| Ok(AnyGame::from(Game::from_owned(
            v.owned(v.from_sfen(sfen).map_err(fen_err)?)
                .expect("a position read in the variant is of it")
        ))))
    }

    /// The game's variant.
    pub(crate) fn variant(&self) -> AnyVariant {
        with_game!(self, |g| AnyVariant::from(g.board_variant()))
    }
}

/// What identifies a compiled variant, of any board type: the address of
/// its definition (handles of one compiled variant share it).
pub(crate) fn variant_id(v: &AnyVariant) -> usize {
    std::ptr::from_ref(v.definition()) as usize
}
