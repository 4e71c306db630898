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
//! move value and its text, and `perft` counts.

#![warn(missing_docs)]

pub mod betza;
pub mod bitboard;
pub mod builtin;
pub mod fen;
mod movegen;
pub mod moves;
mod perft;
pub mod position;
pub mod san;
mod tables;
pub mod variant;
pub mod zobrist;

pub use crate::bitboard::{Bitboard, BoardSize, Color, Square};
pub use crate::fen::FenError;
pub use crate::moves::{Move, MoveError, MoveFlags, MoveList};
pub use crate::position::{EndReason, Outcome, Piece, Position};
pub use crate::san::SanError;
pub use crate::variant::{
    PieceDef, PieceType, PromotionDef, PromotionText, Region, Role, StalemateRule, Variant, VariantDef,
    VariantError,
};

/// Any error of the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A FEN was refused.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move or move text was refused.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A variant definition was refused.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A SAN move was refused.
    #[error(transparent)]
    San(#[from] SanError),
    /// A Betza string was refused.
    #[error(transparent)]
    Betza(#[from] betza::BetzaError),
    /// No built-in variant has this name.
    #[error("unknown variant {0:?}: the built-in variants are decimaka, meiriqi, chess, capablanca")]
    UnknownVariant(String),
}
