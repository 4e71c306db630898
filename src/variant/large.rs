//! Variants on the large board types: [`Large`] (boards of up to 16x16)
//! and [`Huge`] (up to 26x26) (issue 24).
//!
//! A [`LargeVariant`] is a [`Variant`] compiled for the generator
//! instantiated for [`Large`] (bitboards of four 64-bit words, see the
//! module docs of [`crate::bitboard`]): the one generator, not a second
//! one. Its positions are [`Position<'_, Large>`](Position): they read and
//! write FEN, list, play and text moves and count perft; SAN, PGN, [`Game`](crate::Game)
//! and the C ABI take a [`Variant`] and stay with boards of at most 128
//! squares so far, which is why a large variant is its own type (it cannot
//! be handed to them by mistake). Every rule holds past 128 squares
//! (confinement, initial squares, promotion zones, castling, drops,
//! immobility: the definition's regions are held in
//! [`RegionWord`](crate::RegionWord)); a board of at most 128 squares may
//! be compiled as a large one too, which is how the tests hold the two
//! board types to the same counts, and small boards walled into large
//! ones by confinement count as the small ones (tests/large.rs).

use std::marker::PhantomData;

use crate::bitboard::{Board, BoardSize, Huge, Large, Small};
use crate::fen::FenError;
use crate::position::Position;
use crate::variant::{PieceType, Variant, VariantDef, VariantError};

/// A variant compiled for the board type `B`: for the large ones,
/// [`Large`] (up to 16x16, [`LargeVariant`]) or [`Huge`] (up to 26x26,
/// [`HugeVariant`]).
///
/// ```
/// use betza::{LargeVariant, Position, Variant};
/// // Chess compiled for the large board type counts as chess does.
/// let chess = Variant::by_name("chess").unwrap();
/// let v = LargeVariant::from_definition(&chess.definition().to_string())?;
/// let pos = v.start();
/// assert_eq!(pos.perft(3), 8902);
/// assert_eq!(pos.to_fen(), Position::start(chess).to_fen());
/// let next = pos.play(&pos.parse_move("e2e4")?)?;
/// assert_eq!(next.legal_moves().len(), 20);
/// # Ok::<_, betza::Error>(())
/// ```
///
/// ```
/// use betza::HugeVariant;
/// let chess = betza::Variant::by_name("chess").unwrap();
/// let text = chess.definition().to_string();
/// let v = HugeVariant::from_definition_for(&text)?;
/// assert_eq!(v.start().perft(2), 400);
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Debug)]
pub struct BoardVariant<B: Board = Small>(Variant, PhantomData<fn() -> B>);

/// A variant compiled for a large board type: [`Large`] (up to 16x16, 63
/// piece types) by default, or [`Huge`]. See [`BoardVariant`].
pub type LargeVariant<B = Large> = BoardVariant<B>;

/// A variant compiled for the [`Huge`] board type (up to 26x26):
/// [`BoardVariant::from_definition_for`] makes one.
pub type HugeVariant = BoardVariant<Huge>;

impl BoardVariant<Large> {
    /// Checks and compiles a definition for the [`Large`] board type:
    /// boards of up to 16x16 files and ranks.
    pub fn new(def: VariantDef) -> Result<LargeVariant, VariantError> {
        BoardVariant::compile(def)
    }

    /// Reads, checks and compiles a definition file's text (TOML, as
    /// [`Variant::from_definition`]) for the [`Large`] board type.
    pub fn from_definition(text: &str) -> Result<LargeVariant, VariantError> {
        LargeVariant::new(Variant::read_large(text)?)
    }
}

impl<B: Board> BoardVariant<B> {
    /// Checks and compiles a definition for the board type `B` named
    /// (`HugeVariant::new_for(def)`): boards of up to 16x16 files and
    /// ranks for [`Large`], 26x26 for [`Huge`].
    pub fn new_for(def: VariantDef) -> Result<BoardVariant<B>, VariantError> {
        BoardVariant::compile(def)
    }

    /// Reads, checks and compiles a definition file's text (TOML, as
    /// [`Variant::from_definition`]) for the board type `B` named
    /// (`HugeVariant::from_definition_for(text)`).
    pub fn from_definition_for(text: &str) -> Result<BoardVariant<B>, VariantError> {
        BoardVariant::compile(Variant::read_large(text)?)
    }

    /// Checks and compiles a definition for the board type `B`.
    fn compile(def: VariantDef) -> Result<BoardVariant<B>, VariantError> {
        Variant::new_on::<B>(def).map(|v| BoardVariant(v, PhantomData))
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        self.0.name()
    }

    /// The definition it was compiled from; its text
    /// (`definition().to_string()`) reads back as the same variant.
    pub fn definition(&self) -> &VariantDef {
        self.0.definition()
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.0.size()
    }

    /// The piece types, indexed by [`crate::Role`].
    pub fn pieces(&self) -> &[PieceType] {
        self.0.pieces()
    }

    /// The start position.
    pub fn start(&self) -> Position<'_, B> {
        crate::fen::parse(&self.0, &self.0.start_fen)
            .expect("a variant's start position is checked when it is built")
    }

    /// Reads a position in FEN (`docs/notation.md`).
    pub fn from_fen(&self, fen: &str) -> Result<Position<'_, B>, FenError> {
        crate::fen::parse(&self.0, fen)
    }
}
