//! # betza
//!
//! The rules core for chess variants whose pieces are defined in Betza
//! notation: **Decimaka** and **Meiriqi** (10x10), chess, Capablanca and more
//! built in, and any variant read from a definition file at run time.
//!
//! ```
//! use betza::{Position, Variant};
//! let pos = Position::start(Variant::by_name("meiriqi").expect("built in"));
//! let pos = pos.play(&pos.parse_move("a3a5")?)?; // a Pawn's double step
//! assert_eq!(pos.legal_moves().len(), 44);
//! # Ok::<_, betza::Error>(())
//! ```
//!
//! # Architecture
//!
//! Data flows one way: text → definition → compiled variant → positions.
//!
//! - **Variants.** [`notation`] parses Betza piece notation; [`variant`] reads a
//!   definition file (TOML) into a [`VariantDef`], checks it and compiles it
//!   (with the internal `tables` module) into an immutable [`Variant`];
//!   [`builtin`] ships the built-in definition files. [`VariantRef`] owns one.
//! - **Positions.** [`Position`] is a small `Copy` value borrowing its
//!   variant; it generates legal moves (`movegen`), plays them and counts
//!   them (`perft`). [`Setup`] ([`setup`]) is its unvalidated, editable form;
//!   [`fen`] reads and writes it as text ([`sfen`]: SFEN and USI moves for
//!   the shogi family). [`zobrist`] hashes positions. In variants with drops
//!   a position also holds both hands (packed counts, so it stays within 528
//!   bytes), and a drop is a [`Move`] with `from == to` and
//!   [`MoveFlags::DROP`].
//! - **Moves and squares.** [`Move`] ([`moves`]) is a small `Copy` value of
//!   a position; [`Square`], [`Bitboard`] and [`BoardSize`] ([`bitboard`])
//!   are the geometry, [`SquareName`] a square's board-free name (up to
//!   `z26`). A [`Bitboard`] is generic over its word (`u128` for every board
//!   of today, `bitboard::Words` for larger ones): the module docs of
//!   [`bitboard`] give the design for boards past 128 squares. Text forms
//!   not yet bound to a position: [`UciMove`] ([`uci`]) and [`San`] ([`san`]).
//! - **Games.** [`Game`] ([`game`]) keeps a game with undo, the outcome
//!   by every rule of the variant (mate, bare King, repetition and
//!   perpetual check, move counts, Makruk's counting, dead positions) and
//!   claimable draws; [`pgn`] writes and reads games (XBoard's saved games
//!   too: [`pgn::XboardPgn`]); [`describe`] explains
//!   pieces in words. With the `capi` feature, `capi` is the C ABI; with
//!   `proptest`, `testing` holds proptest strategies for testing other
//!   engines against this one.
//!
//! Errors are one type per concern ([`FenError`], [`MoveError`],
//! [`SanError`], [`SetupError`], [`VariantError`], [`PgnError`]), all
//! convertible into [`Error`].
//!
//! A game, as a GUI keeps one:
//!
//! ```
//! use betza::{Game, Variant};
//!
//! let mut game = Game::new(Variant::by_name("decimaka").expect("built in"));
//! let pos = *game.position();
//! let (from, to) = (pos.square("e3").unwrap(), pos.square("e5").unwrap());
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

// The folders are the modules, lowest layer first (README, "Layout"). The flat paths users
// name (`betza::fen`, `betza::moves`, ...) stay as re-exports of the folders' files.
// Squares and bitboards:
pub mod board;
// How error messages quote caller text, for every layer:
mod quote;
// Reading files and streams within the bounds on hostile input:
pub mod limits;
// Betza notation and the move tables compiled from it:
pub mod pieces;
// Variants as data, and the built-in definition files:
pub mod variant;
pub use variant::builtin;
// The position, its moves and their generation:
pub mod position;
// Text formats:
pub mod text;
// Games, their ends and records:
pub mod game;
// Bindings and test support:
#[cfg(feature = "capi")]
pub mod capi;
#[cfg(feature = "proptest")]
pub mod testing;

pub use crate::board::bitboard;
pub(crate) use crate::game::game_end;
pub use crate::game::pgn;
pub(crate) use crate::pieces::tables;
pub use crate::pieces::{describe, notation};
pub(crate) use crate::position::{castling, gating, movegen, special};
pub use crate::position::{moves, owned, perft, query, setup, zobrist};
pub use crate::text::{fen, notations, san, sfen, uci};
pub use crate::variant::large;

pub use crate::bitboard::{
    Bitboard, Board, BoardSize, Color, Huge, Large, Small, Square, SquareName, SquareNameError,
    SquareNames, Squares,
};
pub use crate::castling::CastlingNotation;
pub use crate::fen::FenError;
pub use crate::game::{Claims, Game, GameResult, Status};
pub use crate::large::{AnyVariant, BoardFn, BoardVariant, HugeVariant, LargeVariant};
pub use crate::moves::{Move, MoveError, MoveFlags, MoveList};
pub use crate::notations::Notation;
pub use crate::owned::OwnedPosition;
pub use crate::perft::{PerftOptions, Shard};
pub use crate::pgn::PgnError;
pub use crate::position::{EndReason, MoveDebug, Outcome, Piece, Position};
pub use crate::query::{MoveUndo, UndoError};
pub use crate::san::{CheckMark, San, SanError, SanGate};
pub use crate::setup::{CastlingRights, Marks, Setup, SetupError, SetupProblem};
pub use crate::uci::{PromotionSuffix, UciMove};
pub use crate::variant::{
    BareKingEscape, ChasingDef, CountingDef, DeadMaterialDef, GameEndDef, HonourDef, MoveRuleDef,
    RepetitionDef, RepetitionResult,
};
pub use crate::variant::{
    CapturedRule, CastlingDef, DropsDef, PieceDef, PieceToken, PieceTokenError, PieceType,
    PromotionDef, PromotionText, Region, RegionWord, Role, StalemateRule, Variant, VariantDef,
    VariantError, VariantRef, WideRegion,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The examples of docs/rust.md, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/rust.md")]
struct RustGuideDoctests;

/// Any error of the library.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A FEN was refused.
    Fen(FenError),
    /// A move or move text was refused.
    Move(MoveError),
    /// A variant definition was refused.
    Variant(VariantError),
    /// A position setup was refused.
    Setup(SetupError),
    /// A SAN move was refused.
    San(SanError),
    /// A PGN text was refused.
    Pgn(PgnError),
    /// A Betza string was refused.
    Betza(notation::BetzaError),
    /// No built-in variant has this name. Kept for code that matches on
    /// it; [`Variant::by_name`] now gives [`VariantError::Unknown`].
    UnknownVariant(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Fen(v0) => std::fmt::Display::fmt(v0, f),
            Error::Move(v0) => std::fmt::Display::fmt(v0, f),
            Error::Variant(v0) => std::fmt::Display::fmt(v0, f),
            Error::Setup(v0) => std::fmt::Display::fmt(v0, f),
            Error::San(v0) => std::fmt::Display::fmt(v0, f),
            Error::Pgn(v0) => std::fmt::Display::fmt(v0, f),
            Error::Betza(v0) => std::fmt::Display::fmt(v0, f),
            Error::UnknownVariant(v0) => f.write_str(&crate::builtin::unknown_message(v0)),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Fen(v0) => Some(v0),
            Error::Move(v0) => Some(v0),
            Error::Variant(v0) => Some(v0),
            Error::Setup(v0) => Some(v0),
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

impl From<SetupError> for Error {
    fn from(e: SetupError) -> Error {
        Error::Setup(e)
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

impl From<notation::BetzaError> for Error {
    fn from(e: notation::BetzaError) -> Error {
        Error::Betza(e)
    }
}
