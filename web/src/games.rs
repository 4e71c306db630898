//! The one dispatch on the board type in this crate: a JavaScript `Board`
//! holds its game in [`AnyGame`], an enum of the library's board types, as
//! the library's [`AnyVariant`] holds a variant; every call matches it once
//! with [`with_game!`] and runs code written once, generic over
//! [`betza::Board`]. Chu Shogi (12x12) and definitions past 128 squares or
//! 16x16 go through the same code.

use betza::{AnyVariant, Game, Huge, Large, Small};

/// A game of any board type. Boxed: a position is held inline and grows
/// with the board.
#[derive(Clone)]
pub(crate) enum AnyGame {
    /// At most 128 squares and 20 piece types.
    Small(Box<Game<Small>>),
    /// Up to 16x16.
    Large(Box<Game<Large>>),
    /// Past 16x16, up to 26x26.
    Huge(Box<Game<Huge>>),
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`]: the body
/// is compiled once per board type.
macro_rules! with_game {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            $crate::games::AnyGame::Small($g) => $body,
            $crate::games::AnyGame::Large($g) => $body,
            $crate::games::AnyGame::Huge($g) => $body,
        }
    };
}
pub(crate) use with_game;

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
    /// A game of `v` from `fen` (read as ffish.js reads it: see
    /// `betza::fen::complete_fen`), or from its start position.
    pub(crate) fn new(v: &AnyVariant, fen: Option<&str>) -> Result<AnyGame, betza::FenError> {
        Ok(betza::with_board!(v, |v| match fen {
            None => AnyGame::from(v.new_game()),
            Some(fen) => AnyGame::from(v.game_from_fen(&betza::fen::complete_fen(fen))?),
        }))
    }

    /// The game's variant.
    pub(crate) fn variant(&self) -> AnyVariant {
        with_game!(self, |g| AnyVariant::from(g.board_variant()))
    }
}
