//! Variants per board type, and the one dispatch on the board type
//! (issue 24).
//!
//! The generator, the position and every layer above it (SAN, PGN,
//! [`Game`], [`OwnedPosition`], the notations) are written once, generic
//! over the [`Board`] type: [`Small`] (`u128`, the boards of at most 128
//! squares and 20 piece types) and [`Large`] (four 64-bit words, boards up
//! to 16x16 and 64 types; see the module docs of [`crate::bitboard`]). A
//! variant is compiled for one board type, so its handles say which:
//!
//! - [`BoardVariant<B>`]: a variant compiled for the board type `B`, what
//!   [`Position<'_, B>`](Position), [`OwnedPosition<B>`] and [`Game<B>`]
//!   are built from ([`BoardVariant::start`], [`BoardVariant::new_game`],
//!   ...). For a small board it is a [`VariantRef`] (`From` each handle of
//!   a [`Variant`]); the existing API of [`Variant`], [`Game`] and
//!   [`OwnedPosition`] is that of `B = Small`.
//! - [`LargeVariant`] (`BoardVariant<Large>`): a variant compiled for
//!   [`Large`], by [`LargeVariant::by_name`] (the built-in `chushogi`),
//!   [`LargeVariant::from_definition`] or [`LargeVariant::new`]. It cannot
//!   be handed to the API of small boards by mistake.
//! - [`AnyVariant`]: **the one place that matches on the board type**, for
//!   programs that choose the variant at run time (the examples, the C ABI,
//!   Python). [`AnyVariant::by_name`] knows every built-in;
//!   [`AnyVariant::from_definition`] chooses the board type from the
//!   definition (small when it fits, large past 128 squares or 20 piece
//!   types). The caller writes its code once as a generic function of a
//!   `&BoardVariant<B>` and dispatches once, at start-up or per call, never
//!   per move: with the macro [`with_board!`](crate::with_board) (a closure
//!   body instantiated per board type) or with [`AnyVariant::run`] and a
//!   [`BoardFn`] (a generic method).
//!
//! ```
//! use betza::{with_board, AnyVariant, Board, BoardVariant};
//! fn moves_after<B: Board>(v: &BoardVariant<B>, line: &str) -> Result<usize, betza::Error> {
//!     let mut game = v.new_game();
//!     for m in line.split_whitespace() {
//!         game.play_text(m)?;
//!     }
//!     Ok(game.position().legal_moves().len())
//! }
//! let chess = AnyVariant::by_name("chess")?;
//! let chu = AnyVariant::by_name("chushogi")?;
//! assert!(!chess.is_large() && chu.is_large());
//! assert_eq!(with_board!(&chess, |v| moves_after(v, "e2e4 e7e5"))?, 29);
//! assert_eq!(with_board!(&chu, |v| v.start().legal_moves().len()), 36);
//! # Ok::<_, betza::Error>(())
//! ```
//!
//! [`HugeVariant`] (`BoardVariant<Huge>`, boards up to 26x26, by
//! [`BoardVariant::from_definition_for`]) is the third board type, and
//! [`AnyVariant`] chooses it for boards past 16 files or ranks. Another
//! board type would be one more variant of [`AnyVariant`], one more arm
//! of [`with_board!`](crate::with_board) and [`AnyVariant::run`], and one
//! more choice in [`AnyVariant::new`]; nothing else matches on the board.
//!
//! Every rule holds past 128 squares (confinement, initial squares,
//! promotion zones, castling, drops, immobility: the definition's regions
//! are held in [`RegionWord`](crate::RegionWord)); a board of at most 128
//! squares may be compiled as a large one too, which is how the tests hold
//! the two board types to the same counts, and small boards walled into
//! large ones by confinement count as the small ones (tests/large.rs).

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::bitboard::{Board, BoardSize, Huge, Large, Small};
use crate::fen::FenError;
use crate::game::Game;
use crate::owned::OwnedPosition;
use crate::pgn::{PgnError, PgnGames, PgnReader};
use crate::position::Position;
use crate::variant::{MAX_ROLES, PieceType, Variant, VariantDef, VariantError, VariantRef};

/// A variant compiled for the board type `B`: what positions, owned
/// positions and games of that board type are built from. Cheap to clone
/// (a handle), `Send`, `Sync` and `'static`.
///
/// For a small board (`B = Small`, the default) it is made `From` any
/// handle of a [`Variant`]; for [`Large`] it is a [`LargeVariant`].
///
/// ```
/// use betza::{BoardVariant, LargeVariant, Position, Variant};
/// // Chess compiled for the large board type counts as chess does.
/// let chess = Variant::by_name("chess").unwrap();
/// let v = LargeVariant::from_definition(&chess.definition().to_string())?;
/// let pos = v.start();
/// assert_eq!(pos.perft(3), 8902);
/// assert_eq!(pos.to_fen(), Position::start(chess).to_fen());
/// let next = pos.play(&pos.parse_move("e2e4")?)?;
/// assert_eq!(next.legal_moves().len(), 20);
/// // Games, SAN and PGN work on either board type.
/// let mut game = v.new_game();
/// game.play_san("e4")?;
/// assert_eq!(game.to_pgn(), BoardVariant::from(chess).game_from_pgn("1. e4 *")?.to_pgn());
/// # Ok::<_, betza::Error>(())
/// ```
pub struct BoardVariant<B: Board = Small> {
    // A variant compiled for `B` (for `Large`, its `large` data is set).
    // The handle of a large variant is never handed out: its small-board
    // fields are unused, and a `Position<Small>` of it would read them.
    variant: VariantRef,
    board: PhantomData<fn() -> B>,
}

/// A variant compiled for a large board type: [`Large`] (up to 16x16, 64
/// piece types) by default, or [`Huge`]. See [`BoardVariant`].
pub type LargeVariant<B = Large> = BoardVariant<B>;

/// A variant compiled for the [`Huge`] board type (up to 26x26):
/// [`BoardVariant::from_definition_for`] makes one.
///
/// ```
/// use betza::HugeVariant;
/// let chess = betza::Variant::by_name("chess").unwrap();
/// let text = chess.definition().to_string();
/// let v = HugeVariant::from_definition_for(&text)?;
/// assert_eq!(v.start().perft(2), 400);
/// # Ok::<_, betza::Error>(())
/// ```
pub type HugeVariant = BoardVariant<Huge>;

impl<B: Board> Clone for BoardVariant<B> {
    fn clone(&self) -> Self {
        BoardVariant::of(self.variant.clone())
    }
}

impl<B: Board> fmt::Debug for BoardVariant<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardVariant")
            .field("name", &self.variant.name())
            .field("board", &board_name::<B>())
            .finish()
    }
}

/// `"small"`, `"large"` or `"huge"`: the board type's name in messages.
fn board_name<B: Board>() -> &'static str {
    if B::MAX_SQUARES <= Small::MAX_SQUARES {
        "small"
    } else if B::MAX_SQUARES <= Large::MAX_SQUARES {
        "large"
    } else {
        "huge"
    }
}

/// Whether `v` is compiled for the board type `B`: the one test of a
/// compiled variant's board type.
pub(crate) fn compiled_for<B: Board>(v: &Variant) -> bool {
    if B::MAX_SQUARES <= Small::MAX_SQUARES {
        v.large.is_none() && v.huge.is_none()
    } else if B::MAX_SQUARES <= Large::MAX_SQUARES {
        v.large.is_some()
    } else {
        v.huge.is_some()
    }
}

/// The built-in variant of that name, if it is compiled for `B`. Only the
/// built-ins of `B`'s kind are looked at: a small board's lookup never
/// compiles Chu Shogi (and a build that uses only `Small` and `Huge` links
/// no code of `Large`).
pub(crate) fn builtin_for<B: Board>(name: &str) -> Option<VariantRef> {
    let v = if B::MAX_SQUARES <= Small::MAX_SQUARES {
        crate::builtin::by_name(name)
    } else {
        crate::builtin::large_by_name(name)
    };
    v.filter(|v| compiled_for::<B>(v)).map(VariantRef::from)
}

impl<B: Board> BoardVariant<B> {
    /// The handle of a variant compiled for `B` (the caller knows it is).
    pub(crate) fn of(variant: VariantRef) -> BoardVariant<B> {
        debug_assert!(compiled_for::<B>(&variant));
        BoardVariant {
            variant,
            board: PhantomData,
        }
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        self.variant.name()
    }

    /// The definition it was compiled from; its text
    /// (`definition().to_string()`) reads back as the same variant.
    pub fn definition(&self) -> &VariantDef {
        self.variant.definition()
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.variant.size()
    }

    /// The piece types, indexed by [`crate::Role`].
    pub fn pieces(&self) -> &[PieceType] {
        self.variant.pieces()
    }

    /// The piece type of `role`.
    pub fn piece(&self, role: crate::Role) -> &PieceType {
        self.variant.piece(role)
    }

    /// The piece type of `role`, or `None` if `role` is not one of this
    /// variant's: a variant without a royal type answers `None` for its
    /// [`royal`](Self::royal), a past-the-end role.
    pub fn piece_type(&self, role: crate::Role) -> Option<&PieceType> {
        self.variant.piece_type(role)
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        self.variant.start_fen()
    }

    /// A piece type's moves in words ([`Variant::describe_piece`]).
    pub fn describe_piece(&self, role: crate::Role) -> Option<String> {
        self.variant.describe_piece(role)
    }

    /// The royal piece type (the first, where there are several).
    pub fn royal(&self) -> crate::Role {
        self.variant.royal()
    }

    /// The types a hand may hold, in the variant's order (empty without
    /// drops), as [`Variant::hand_roles`]: on every board type.
    ///
    /// ```
    /// use betza::LargeVariant;
    /// let text = std::fs::read_to_string("tests/data/variants/drops-16x16.toml").unwrap();
    /// let v = LargeVariant::from_definition(&text)?;
    /// let hand: Vec<&str> = v.hand_roles().iter().map(|&r| v.piece(r).name.as_str()).collect();
    /// assert_eq!(hand.len(), 8);
    /// assert_eq!(hand[0], "Pawn");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn hand_roles(&self) -> &[crate::Role] {
        self.variant.hand_roles()
    }

    /// Whether both handles name the same compiled variant.
    pub fn same(&self, other: &BoardVariant<B>) -> bool {
        self.variant.same(&other.variant)
    }

    /// How many start positions a `random-start` variant numbers
    /// ([`Variant::random_start_count`]), on any board type.
    pub fn random_start_count(&self) -> Option<u64> {
        self.variant.random_start_count()
    }

    /// The FEN of start position number `n` of a `random-start` variant
    /// ([`Variant::random_start_fen`]), on any board type.
    pub fn random_start_fen(&self, n: u64) -> Option<String> {
        self.variant.random_start_fen(n)
    }

    /// The start position.
    pub fn start(&self) -> Position<'_, B> {
        crate::fen::parse(&self.variant, &self.variant.start_fen)
            .expect("a variant's start position is checked when it is built")
    }

    /// `(white, black)`: whether each side can no longer win
    /// ([`Position::has_insufficient_material`]) in `fen`, read as
    /// [`from_fen`](Self::from_fen) reads it but also where the side to move
    /// could capture the enemy King: material alone decides, as pyffish
    /// answers for such a position (its test of Xiangqi's Kings facing
    /// each other). Any other fault of the FEN is refused as `from_fen`
    /// refuses it.
    ///
    /// ```
    /// use betza::{BoardVariant, Variant};
    /// let x = BoardVariant::from(Variant::by_name("xiangqi").unwrap());
    /// let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    /// assert!(x.from_fen(fen).is_err());
    /// assert_eq!(x.insufficient_material_in_fen(fen)?, (true, true));
    /// # Ok::<_, betza::FenError>(())
    /// ```
    pub fn insufficient_material_in_fen(&self, fen: &str) -> Result<(bool, bool), FenError> {
        let pos = crate::fen::parse_king_en_prise::<B>(&self.variant, fen)?;
        Ok((
            pos.has_insufficient_material(crate::Color::White),
            pos.has_insufficient_material(crate::Color::Black),
        ))
    }

    /// pyffish's `validate_fen` code of `fen` ([`crate::fen::FenCode`]):
    /// [`crate::fen::fen_code`] of what [`from_fen`](Self::from_fen) makes
    /// of it, and the faults Fairy-Stockfish's validation refuses although
    /// its reader (and this one) passes over them: a gating right on a
    /// square without a piece of its side.
    ///
    /// ```
    /// use betza::{BoardVariant, Variant};
    /// use betza::fen::FenCode;
    /// let s = BoardVariant::from(Variant::by_name("seirawan").unwrap());
    /// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    /// assert_eq!(s.fen_code(start), FenCode::Ok);
    /// // No Knight on g1 for the gating right G.
    /// let fen = start.replace("KBNR[", "KB1R[");
    /// assert!(s.from_fen(&fen).is_ok());
    /// assert_eq!(s.fen_code(&fen), FenCode::InvalidCastlingInfo);
    /// ```
    pub fn fen_code(&self, fen: &str) -> crate::fen::FenCode {
        crate::fen::validation_code::<B>(&self.variant, fen)
    }

    /// Reads a position in FEN (`docs/notation.md`).
    pub fn from_fen(&self, fen: &str) -> Result<Position<'_, B>, FenError> {
        crate::fen::parse(&self.variant, fen)
    }

    /// Reads a position in SFEN (see the [`sfen`](crate::sfen) module;
    /// Chu Shogi's third field is Lion-trading rule 4's square or `-`).
    ///
    /// ```
    /// use betza::{LargeVariant, Variant};
    /// let chess = Variant::by_name("chess").unwrap();
    /// let v = LargeVariant::from_definition(&chess.definition().to_string())?;
    /// // `w` is the second player (Black here), at the fourth ply.
    /// let pos = v.from_sfen("4k3/8/8/8/8/8/8/4K3 w - 4")?;
    /// assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 2");
    /// assert_eq!(pos.to_sfen(), "4k3/8/8/8/8/8/8/4K3 w - 4");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_sfen(&self, sfen: &str) -> Result<Position<'_, B>, FenError> {
        crate::sfen::parse(&self.variant, sfen)
    }

    /// The start position, holding the variant.
    pub fn start_owned(&self) -> OwnedPosition<B> {
        OwnedPosition::start_of(self.variant.clone())
    }

    /// A position from FEN, holding the variant.
    pub fn owned_from_fen(&self, fen: &str) -> Result<OwnedPosition<B>, FenError> {
        OwnedPosition::from_fen_of(self.variant.clone(), fen)
    }

    /// `pos` holding the variant, if it is a position of this variant.
    pub fn owned(&self, pos: Position<'_, B>) -> Option<OwnedPosition<B>> {
        OwnedPosition::new_of(self.variant.clone(), pos)
    }

    /// A game from the start position.
    pub fn new_game(&self) -> Game<B> {
        Game::from_owned(self.start_owned())
    }

    /// A game from a position in FEN.
    pub fn game_from_fen(&self, fen: &str) -> Result<Game<B>, FenError> {
        Game::from_owned(self.owned_from_fen(fen)?).with_fen_count(fen)
    }

    /// Reads a game in PGN of this variant (as [`Game::from_pgn_in`]).
    pub fn game_from_pgn(&self, text: &str) -> Result<Game<B>, PgnError> {
        Game::from_pgn_of(self, text)
    }

    /// The games of a PGN text, all of this variant, read one by one (as
    /// [`PgnGames::new_in`]).
    pub fn pgn_games<'t>(&self, text: &'t str) -> PgnGames<'t, B> {
        PgnGames::of(self.variant.clone(), text)
    }

    /// The games of a PGN stream, all of this variant, read one by one (as
    /// [`PgnReader::new_in`]).
    pub fn pgn_reader<R: std::io::BufRead>(&self, input: R) -> PgnReader<R, B> {
        PgnReader::of(self.variant.clone(), input)
    }

    /// The handle, for the crate.
    pub(crate) fn handle(&self) -> &VariantRef {
        &self.variant
    }

    /// Checks and compiles a definition for the board type `B` named
    /// (`HugeVariant::new_for(def)`): boards of up to 16x16 files and
    /// ranks for [`Large`], 26x26 for [`Huge`] (a board of at most 128
    /// squares may be compiled for either).
    pub fn new_for(def: VariantDef) -> Result<BoardVariant<B>, VariantError> {
        if B::MAX_SQUARES <= Small::MAX_SQUARES {
            return Ok(BoardVariant::of(Variant::new(def)?.into()));
        }
        Ok(BoardVariant::of(Variant::new_on::<B>(def)?.into()))
    }

    /// Reads, checks and compiles a definition file's text (TOML, as
    /// [`Variant::from_definition`]) for the board type `B` named
    /// (`HugeVariant::from_definition_for(text)`).
    pub fn from_definition_for(text: &str) -> Result<BoardVariant<B>, VariantError> {
        BoardVariant::new_for(Variant::read_large(text)?)
    }
}

impl BoardVariant<Small> {
    /// The variant (of a small board: the whole API of [`Variant`]).
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The handle that keeps the variant alive.
    pub fn variant_ref(&self) -> &VariantRef {
        &self.variant
    }
}

impl From<VariantRef> for BoardVariant<Small> {
    fn from(variant: VariantRef) -> Self {
        // A `Variant` handed out is always compiled for a small board.
        BoardVariant::of(variant)
    }
}

impl From<&'static Variant> for BoardVariant<Small> {
    fn from(variant: &'static Variant) -> Self {
        BoardVariant::of(variant.into())
    }
}

impl From<Arc<Variant>> for BoardVariant<Small> {
    fn from(variant: Arc<Variant>) -> Self {
        BoardVariant::of(variant.into())
    }
}

impl From<Variant> for BoardVariant<Small> {
    fn from(variant: Variant) -> Self {
        BoardVariant::of(variant.into())
    }
}

impl BoardVariant<Large> {
    /// Checks and compiles a definition for the [`Large`] board type:
    /// boards of up to 16x16 files and ranks.
    pub fn new(def: VariantDef) -> Result<LargeVariant, VariantError> {
        Ok(BoardVariant::of(Variant::new_large(def)?.into()))
    }

    /// Reads, checks and compiles a definition file's text (TOML, as
    /// [`Variant::from_definition`]) for the [`Large`] board type.
    pub fn from_definition(text: &str) -> Result<LargeVariant, VariantError> {
        LargeVariant::new(Variant::read_large(text)?)
    }

    /// The built-in variant of a large board of that name, in any case:
    /// `chushogi` ([`AnyVariant::builtin_names`] lists every built-in).
    /// Built once, on first use.
    ///
    /// ```
    /// let chu = betza::LargeVariant::by_name("chushogi")?;
    /// assert_eq!(chu.start().perft(2), 1296);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn by_name(name: &str) -> Result<LargeVariant, VariantError> {
        crate::builtin::large_by_name(name)
            .map(|v| BoardVariant::of(v.into()))
            .ok_or_else(|| VariantError::Unknown(name.to_string()))
    }
}

/// A variant of any board type, chosen at run time: the one place that
/// matches on the board type (see the [module docs](self)). Match it once
/// per call with [`with_board!`](crate::with_board) or
/// [`AnyVariant::run`], and write the rest generic over [`Board`].
#[derive(Clone, Debug)]
pub enum AnyVariant {
    /// A variant of at most 128 squares and 20 piece types.
    Small(BoardVariant<Small>),
    /// A variant of a board up to 16x16, or of more than 20 piece types.
    Large(BoardVariant<Large>),
    /// A variant of a board past 16x16, up to 26x26.
    Huge(BoardVariant<Huge>),
}

/// A function generic over the board type, for [`AnyVariant::run`]: what a
/// closure cannot be (use [`with_board!`](crate::with_board) for a
/// closure's body instead).
pub trait BoardFn {
    /// What it returns, the same for every board type.
    type Output;
    /// Runs on a variant of the board type `B`.
    fn call<B: Board>(self, variant: &BoardVariant<B>) -> Self::Output;
}

/// Runs an expression once with a variable bound to the [`BoardVariant`]
/// inside an [`AnyVariant`] (or a reference to it, for `&AnyVariant`): the
/// expression is compiled once per board type, and the match is the only
/// one on the board type. See the [`large`](crate::large) module docs.
///
/// ```
/// use betza::{with_board, AnyVariant};
/// let v = AnyVariant::by_name("chushogi")?;
/// let fen = with_board!(&v, |v| v.start().to_fen());
/// assert!(fen.starts_with("lfcsgekgscfl/"));
/// # Ok::<_, betza::Error>(())
/// ```
#[macro_export]
macro_rules! with_board {
    ($variant:expr, |$v:ident| $body:expr) => {
        match $variant {
            $crate::AnyVariant::Small($v) => $body,
            $crate::AnyVariant::Large($v) => $body,
            $crate::AnyVariant::Huge($v) => $body,
        }
    };
}

impl AnyVariant {
    /// The built-in variant of that name, in any case, of either board
    /// type ([`AnyVariant::builtin_names`]).
    pub fn by_name(name: &str) -> Result<AnyVariant, VariantError> {
        if let Some(v) = crate::builtin::by_name(name) {
            return Ok(AnyVariant::Small(v.into()));
        }
        LargeVariant::by_name(name).map(AnyVariant::Large)
    }

    /// The names of every built-in variant: those of
    /// [`Variant::builtin_names`] (small boards), then those of large
    /// boards (`chushogi`).
    pub fn builtin_names() -> &'static [&'static str] {
        crate::builtin::ALL_NAMES
    }

    /// Checks and compiles a definition for the board type it needs: a
    /// small board when it has at most 128 squares and 20 piece types (and
    /// at most [`crate::variant::MAX_HAND_TYPES`] types that may be in
    /// hand), a large one up to 16x16 (and 64 types), a huge one up to
    /// 26x26.
    pub fn new(def: VariantDef) -> Result<AnyVariant, VariantError> {
        let squares = def.files as usize * def.ranks as usize;
        if squares <= Small::MAX_SQUARES && def.pieces.len() <= MAX_ROLES && !wide_hands(&def) {
            Ok(AnyVariant::Small(Variant::new(def)?.into()))
        } else if def.files <= 16 && def.ranks <= 16 {
            LargeVariant::new(def).map(AnyVariant::Large)
        } else {
            HugeVariant::new_for(def).map(AnyVariant::Huge)
        }
    }

    /// Reads, checks and compiles a definition file's text (TOML, as
    /// [`Variant::from_definition`]) for the board type it needs
    /// ([`AnyVariant::new`]).
    ///
    /// ```
    /// use betza::{builtin, AnyVariant};
    /// let chu = AnyVariant::from_definition(builtin::definition_text("chushogi").unwrap())?;
    /// assert!(chu.is_large());
    /// let chess = AnyVariant::from_definition(builtin::definition_text("chess").unwrap())?;
    /// assert!(!chess.is_large());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_definition(text: &str) -> Result<AnyVariant, VariantError> {
        AnyVariant::new(Variant::read_large(text)?)
    }

    /// Runs `f` on the variant, instantiated for its board type.
    pub fn run<F: BoardFn>(&self, f: F) -> F::Output {
        with_board!(self, |v| f.call(v))
    }

    /// Whether the variant is compiled for a large board type.
    pub fn is_large(&self) -> bool {
        !matches!(self, AnyVariant::Small(_))
    }

    /// The variant, if it is compiled for the board type `B`: what code
    /// generic over `B` uses to take a variant chosen at run time (`None`
    /// for a variant of another board type).
    pub fn get<B: Board>(&self) -> Option<BoardVariant<B>> {
        let handle = with_board!(self, |v| v.handle().clone());
        compiled_for::<B>(&handle).then(|| BoardVariant::of(handle))
    }

    /// The variant of a small board, if it is one.
    pub fn as_small(&self) -> Option<&BoardVariant<Small>> {
        match self {
            AnyVariant::Small(v) => Some(v),
            _ => None,
        }
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        with_board!(self, |v| v.name())
    }

    /// The definition it was compiled from.
    pub fn definition(&self) -> &VariantDef {
        with_board!(self, |v| v.definition())
    }

    /// The start position's FEN, as the FEN writer writes it.
    pub fn start_fen(&self) -> &str {
        with_board!(self, |v| v.start_fen())
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        with_board!(self, |v| v.size())
    }

    /// The piece types, indexed by [`crate::Role`].
    pub fn pieces(&self) -> &[PieceType] {
        with_board!(self, |v| v.pieces())
    }

    /// The piece type of `role`, or `None` if `role` is not one of this
    /// variant's ([`BoardVariant::piece_type`]).
    ///
    /// ```
    /// use betza::AnyVariant;
    /// let chess = AnyVariant::by_name("chess").unwrap();
    /// assert_eq!(chess.piece_type(chess.royal()).map(|t| t.name.as_str()), Some("King"));
    /// let antichess = AnyVariant::by_name("antichess").unwrap();
    /// assert!(antichess.piece_type(antichess.royal()).is_none());
    /// ```
    pub fn piece_type(&self, role: crate::Role) -> Option<&PieceType> {
        with_board!(self, |v| v.piece_type(role))
    }

    /// The royal piece type ([`BoardVariant::royal`]): past the end of
    /// [`pieces`](Self::pieces) in a variant without one.
    pub fn royal(&self) -> crate::Role {
        with_board!(self, |v| v.royal())
    }
}

impl From<BoardVariant<Small>> for AnyVariant {
    fn from(v: BoardVariant<Small>) -> Self {
        AnyVariant::Small(v)
    }
}

impl From<BoardVariant<Large>> for AnyVariant {
    fn from(v: BoardVariant<Large>) -> Self {
        AnyVariant::Large(v)
    }
}

impl From<BoardVariant<Huge>> for AnyVariant {
    fn from(v: BoardVariant<Huge>) -> Self {
        AnyVariant::Huge(v)
    }
}

impl From<&'static Variant> for AnyVariant {
    fn from(v: &'static Variant) -> Self {
        AnyVariant::Small(v.into())
    }
}

impl From<Arc<Variant>> for AnyVariant {
    fn from(v: Arc<Variant>) -> Self {
        AnyVariant::Small(v.into())
    }
}

/// Whether the definition may hold more types in hand than a small
/// board's position packs (its unpromoted types but the royal one, in a
/// variant with hands): then [`AnyVariant::new`] compiles it for the large
/// board.
fn wide_hands(def: &VariantDef) -> bool {
    (def.drops.is_some() || def.rules.gating)
        && def
            .pieces
            .iter()
            .filter(|p| !p.royal && !p.promoted)
            .count()
            > crate::variant::MAX_HAND_TYPES
}
