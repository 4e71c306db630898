//! # betza
//!
//! The rules core for the 10x10 chess variants **Decimaka** and **Meiriqi**, on a
//! generic engine whose pieces are defined in Betza-like notation. Orthodox chess
//! and Capablanca chess are built in too, as proof of the generic machinery.
//!
//! ```
//! use betza::{Position, Variant};
//!
//! let variant = Variant::by_name("meiriqi").expect("built in");
//! let pos = Position::start(variant);
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = pos.parse_move("a3a5")?;          // a Pawn's double step
//! let pos = pos.play(&m)?;
//! assert_eq!(pos.perft(1), 44);
//! assert!(pos.outcome().is_none());
//! # Ok::<_, betza::Error>(())
//! ```
//!
//! The architecture, one concern per module: [`betza`] parses piece notation,
//! `tables` compiles it into per-square move tables, [`variant`] holds variants
//! as data ([`builtin`] defines the four built-ins), [`position`] and [`fen`]
//! hold and read positions, `movegen` generates legal moves, [`moves`] is the
//! move value and its text, and `perft` counts. For GUIs and game records:
//! [`zobrist`] hashes positions, [`san`] writes and reads moves for people,
//! [`game`] keeps a game with undo, outcome and claimable draws, and [`pgn`]
//! writes and reads games. With the `proptest` feature, `testing` holds
//! proptest strategies (random positions, moves, FEN-like text) for testing
//! other engines against this one.
//!
//! ```
//! use betza::{Game, Variant};
//!
//! let mut game = Game::new(Variant::by_name("decimaka").expect("built in"));
//! let pos = *game.position();
//! let from = pos.size().parse_square("e3").unwrap();
//! let to = pos.size().parse_square("e5").unwrap();
//! assert_eq!(pos.moves_between(from, to).len(), 1); // one move: no choice to offer
//! game.play_san("e5")?;
//! game.play_text("f8f6")?;
//! assert_eq!(game.san_moves(), ["e5", "f6"]);
//! assert!(!game.status().is_over());
//! let pgn = game.to_pgn();
//! assert_eq!(Game::from_pgn(&pgn)?.position(), game.position());
//! game.undo();
//! # Ok::<_, betza::Error>(())
//! ```

#![warn(missing_docs)]

pub mod betza;
pub mod bitboard;
pub mod builtin;
#[cfg(feature = "capi")]
pub mod capi;
pub mod describe;
pub mod fen;
pub mod game;
mod movegen;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod san;
mod tables;
#[cfg(feature = "proptest")]
pub mod testing;
pub mod variant;
pub mod zobrist;

pub use crate::bitboard::{Bitboard, BoardSize, Color, Square};
pub use crate::fen::FenError;
pub use crate::game::{Claims, Game, GameResult, Status};
pub use crate::moves::{Move, MoveError, MoveFlags, MoveList};
pub use crate::perft::{PerftOptions, Shard};
pub use crate::pgn::PgnError;
pub use crate::position::{EndReason, Outcome, Piece, Position};
pub use crate::san::SanError;
pub use crate::variant::{
    CastlingDef, PieceDef, PieceType, PromotionDef, PromotionText, Region, Role, StalemateRule,
    Variant, VariantDef, VariantError, VariantRef,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Any error of the library.
#[derive(Debug)]
pub enum Error {
    /// A FEN was refused.
    Fen(FenError),
    /// A move or move text was refused.
    Move(MoveError),
    /// A variant definition was refused.
    Variant(VariantError),
    /// A SAN move was refused.
    San(SanError),
    /// A PGN text was refused.
    Pgn(PgnError),
    /// A Betza string was refused.
    Betza(betza::BetzaError),
    /// No built-in variant has this name.
    UnknownVariant(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Fen(v0) => std::fmt::Display::fmt(v0, f),
            Error::Move(v0) => std::fmt::Display::fmt(v0, f),
            Error::Variant(v0) => std::fmt::Display::fmt(v0, f),
            Error::San(v0) => std::fmt::Display::fmt(v0, f),
            Error::Pgn(v0) => std::fmt::Display::fmt(v0, f),
            Error::Betza(v0) => std::fmt::Display::fmt(v0, f),
            Error::UnknownVariant(v0) => write!(
                f,
                "unknown variant {name:?}: the built-in variants are {list}",
                name = v0,
                list = crate::builtin::NAMES.join(", ")
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Fen(v0) => Some(v0),
            Error::Move(v0) => Some(v0),
            Error::Variant(v0) => Some(v0),
            Error::San(v0) => Some(v0),
            Error::Pgn(v0) => Some(v0),
            Error::Betza(v0) => Some(v0),
            _ => None,
        }
    }
}

impl From<FenError> for Error {
    fn from(e: FenError) -> Error {
        Error::Fen(e)
    }
}

impl From<MoveError> for Error {
    fn from(e: MoveError) -> Error {
        Error::Move(e)
    }
}

impl From<VariantError> for Error {
    fn from(e: VariantError) -> Error {
        Error::Variant(e)
    }
}

impl From<SanError> for Error {
    fn from(e: SanError) -> Error {
        Error::San(e)
    }
}

impl From<PgnError> for Error {
    fn from(e: PgnError) -> Error {
        Error::Pgn(e)
    }
}

impl From<betza::BetzaError> for Error {
    fn from(e: betza::BetzaError) -> Error {
        Error::Betza(e)
    }
}
