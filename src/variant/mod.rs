//! Variants as data: board, piece types and rule features, compiled once into
//! move tables.
//!
//! Three steps, each in its own file: [`text`](VariantDef#impl-FromStr-for-VariantDef)
//! reads a definition file (TOML) into a [`VariantDef`], plain data; `check`
//! refuses definitions that cannot make a playable variant, one named check
//! per [`VariantError`]; `compile` builds the move tables. Move generation
//! reads only the compiled features: it has no knowledge of which game it
//! plays.
//!
//! # Ownership
//!
//! A [`Position`] borrows its variant (`&'v Variant`): copying one in perft
//! is a plain memory copy, with no reference count touched per node. What
//! must own a variant (a [`crate::Game`], a GUI's state, a C handle) holds a
//! [`VariantRef`]: a built-in `&'static Variant` or an `Arc<Variant>` made
//! at run time, so a game of a variant read from a file is `Send + 'static`.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::bitboard::{
    BitWord, Bitboard, Board, BoardSize, Color, Huge, Large, MAX_HUGE_SQUARES, Square,
};
use crate::notation::BetzaError;
use crate::position::Position;
use crate::tables::Tables;

pub mod builtin;
mod check;
pub(crate) mod clock;
mod compile;
mod def;
mod end_def;
pub mod fsf;
pub mod large;
mod packed;
mod rules_def;
mod shuffle;
mod text;
mod toml_de;
mod toml_parse;

pub use def::{
    CapturedRule, CastlingDef, DropsDef, PieceDef, PromotionDef, PromotionText, Region, RegionWord,
    StalemateRule, VariantDef, WideRegion,
};
pub(crate) use end_def::EndRules;
pub use end_def::{
    BareKingEscape, ChasingDef, CountingDef, DeadMaterialDef, GameEndDef, HonourDef, MoveRuleDef,
    RepetitionDef, RepetitionResult,
};
pub(crate) use rules_def::SpecialRules;
pub use rules_def::{Enclosing, Kingless, RegionWinDef, RulesDef, WallRule};
pub use text::MAX_DEFINITION_BYTES;
pub(crate) use text::prefix;

/// The most piece types a variant may have (on a board of at most 128
/// squares; [`crate::LargeVariant`] takes [`crate::bitboard::MAX_LARGE_ROLES`]).
pub const MAX_ROLES: usize = 20;

/// The length of a compiled variant's per-type arrays: the most piece
/// types of any board type.
pub(crate) const MAX_DEF_ROLES: usize = crate::bitboard::MAX_LARGE_ROLES;

/// The most piece types a variant's hands may hold on a small board (each
/// hand keeps a count of up to [`MAX_HAND_COUNT`] per type, packed in the
/// position's spare bytes).
pub const MAX_HAND_TYPES: usize = 8;

/// The most piece types a variant's hands may hold on the large and huge
/// boards ([`crate::LargeVariant`], [`crate::HugeVariant`]), whose
/// positions keep a byte per hand count: a variant with more types in hand
/// than [`MAX_HAND_TYPES`] is compiled for them ([`crate::AnyVariant::new`];
/// Fairy-Stockfish's Cannon shogi).
pub const MAX_WIDE_HAND_TYPES: usize = 16;

/// The most pieces of one type a hand holds.
pub const MAX_HAND_COUNT: u8 = 127;

/// No hand slot: the type never enters a hand.
pub(crate) const NO_SLOT: u8 = u8::MAX;

/// Compiled hands and drops.
#[derive(Clone, Debug)]
pub(crate) struct DropRules<W: BitWord = u128> {
    /// Hand slot to role, in the variant's order of types.
    pub roles: Vec<Role>,
    /// Role to its hand slot, or [`NO_SLOT`].
    pub slot: [u8; MAX_DEF_ROLES],
    /// A captured piece's role to the slot it enters, or [`NO_SLOT`].
    pub into_hand: [u8; MAX_DEF_ROLES],
    /// Promotions are marked and marked pieces enter as `pawn_slot`.
    pub marked: bool,
    /// The slot a marked capture enters (the pawn type's), or [`NO_SLOT`]
    /// where captures enter no hand.
    pub pawn_slot: u8,
    /// `[slot][colour]`: where the type may be dropped, squares where it
    /// could never move taken out when immobility is illegal.
    pub region: [[Bitboard<W>; 2]; MAX_WIDE_HAND_TYPES],
    /// `[slot]`: the most unpromoted pieces of the type a side may have on
    /// one file for a drop there (0: no limit).
    pub per_file: [u8; MAX_WIDE_HAND_TYPES],
    /// `[slot]`: a drop of the type that checkmates is illegal.
    pub no_mate: [bool; MAX_WIDE_HAND_TYPES],
    /// Each file's squares.
    pub files: Vec<Bitboard<W>>,
    /// `[slot][colour]`: where the type may gate (`[rules] gating`): its
    /// drop region, whether or not the variant drops.
    pub gate_region: [[Bitboard<W>; 2]; MAX_WIDE_HAND_TYPES],
    /// Pieces in hand are dropped (`[drops]`); without, the hands only
    /// gate, and captures do not enter them.
    pub drops: bool,
    /// `[slot]`: the type the piece may also be dropped as (`[drops]
    /// promoted`: its first promotion), or [`NO_SLOT`].
    pub as_promoted: [u8; MAX_WIDE_HAND_TYPES],
}

/// A piece type, as its index in its variant's piece list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(pub u8);

impl Role {
    /// The index into [`Variant::pieces`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece type's token as written in FEN and SAN, without a variant:
/// an uppercase letter, optionally after `+` and optionally followed by `'`
/// (`N`, `+F`, `N'`, `+N'`: XBoard's "dressed letters", for variants of more
/// than 52 types).
///
/// Reading accepts either case; the token is kept and printed uppercase
/// (White's form). [`Variant::role_of_token`] finds its type.
///
/// ```
/// use betza::PieceToken;
/// let t: PieceToken = "+f".parse().unwrap();
/// assert_eq!(t.to_string(), "+F");
/// assert_eq!((t.letter(), t.plus(), t.prime()), ('F', true, false));
/// let v = betza::Variant::by_name("decimaka").unwrap();
/// assert_eq!(v.piece(v.role_of_token(t).unwrap()).name, "Queen");
/// assert!("++F".parse::<PieceToken>().is_err());
/// let dressed: PieceToken = "+n'".parse().unwrap();
/// assert_eq!(dressed.to_string(), "+N'");
/// assert!(dressed.prime());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceToken {
    plus: bool,
    letter: u8,
    prime: bool,
}

impl PieceToken {
    /// The token of `letter` (either case), with `+` if `plus`; `None` unless
    /// `letter` is an ASCII letter.
    pub const fn new(letter: char, plus: bool) -> Option<PieceToken> {
        if letter.is_ascii_alphabetic() {
            Some(PieceToken {
                plus,
                letter: (letter as u8).to_ascii_uppercase(),
                prime: false,
            })
        } else {
            None
        }
    }

    /// The uppercase letter.
    pub const fn letter(self) -> char {
        self.letter as char
    }

    /// Whether the token has a `+` before its letter.
    pub const fn plus(self) -> bool {
        self.plus
    }

    /// The same token followed by `'` (`N'`).
    pub const fn primed(self) -> PieceToken {
        PieceToken {
            prime: true,
            ..self
        }
    }

    /// Whether the token has a `'` after its letter.
    pub const fn prime(self) -> bool {
        self.prime
    }

    /// Reads the token at the start of `b` (`N`, `+n`, `N'`, `+n'`, either
    /// case): the token, whether its letter is uppercase, and its length.
    pub(crate) fn read_prefix(b: &[u8]) -> Option<(PieceToken, bool, usize)> {
        let plus = b.first() == Some(&b'+');
        let at = usize::from(plus);
        let &c = b.get(at).filter(|c| c.is_ascii_alphabetic())?;
        let prime = b.get(at + 1) == Some(&b'\'');
        let token = PieceToken::new(c as char, plus)?;
        let token = if prime { token.primed() } else { token };
        Some((token, c.is_ascii_uppercase(), at + 1 + usize::from(prime)))
    }

    /// The token as FEN writes it for `color`: uppercase for White
    /// (`+F`), lowercase for Black (`+f`).
    ///
    /// ```
    /// use betza::{Color, PieceToken};
    /// let t: PieceToken = "+F".parse()?;
    /// assert_eq!(t.fen(Color::Black), "+f");
    /// # Ok::<_, betza::PieceTokenError>(())
    /// ```
    pub fn fen(self, color: Color) -> String {
        let mut s = String::with_capacity(3);
        self.push_fen(&mut s, color);
        s
    }

    /// Appends [`PieceToken::fen`] to `s`.
    pub(crate) fn push_fen(self, s: &mut String, color: Color) {
        let start = s.len();
        s.push_str(self.as_str(&mut [0; 3]));
        if color == Color::Black {
            s[start..].make_ascii_lowercase();
        }
    }

    /// The letter without `+`, lowercase: what a promotion suffix of move
    /// text writes (`e7e8q`; `e7e8q'` for `Q'`, see [`PieceToken::suffix`]).
    pub fn lower_letter(self) -> char {
        self.letter.to_ascii_lowercase() as char
    }

    /// A promotion suffix of move text: the token without `+`, lowercase
    /// (`q`, `q'`).
    pub fn suffix(self) -> &'static str {
        const SUFFIXES: [[&str; 26]; 2] = [
            [
                "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
                "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
            ],
            [
                "a'", "b'", "c'", "d'", "e'", "f'", "g'", "h'", "i'", "j'", "k'", "l'", "m'", "n'",
                "o'", "p'", "q'", "r'", "s'", "t'", "u'", "v'", "w'", "x'", "y'", "z'",
            ],
        ];
        SUFFIXES[usize::from(self.prime)][usize::from(self.letter - b'A') % 26]
    }

    pub(crate) fn as_str(self, buf: &mut [u8; 3]) -> &str {
        buf[0] = b'+';
        buf[1] = self.letter;
        buf[2] = b'\'';
        let end = 2 + usize::from(self.prime);
        let s = if self.plus { &buf[..end] } else { &buf[1..end] };
        std::str::from_utf8(s).expect("ASCII")
    }
}

impl fmt::Display for PieceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 3];
        // `pad`: widths and alignment apply, as for a `str` (`{:>3}`).
        f.pad(self.as_str(&mut buf))
    }
}

/// Why a text is not a [`PieceToken`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PieceTokenError(pub String);

impl fmt::Display for PieceTokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a piece token (a letter, optionally after '+' and before '\'')",
            crate::quote::quoted(&self.0)
        )
    }
}

impl std::error::Error for PieceTokenError {}

impl std::str::FromStr for PieceToken {
    type Err = PieceTokenError;

    fn from_str(s: &str) -> Result<PieceToken, PieceTokenError> {
        let err = || PieceTokenError(s.to_string());
        match PieceToken::read_prefix(s.as_bytes()) {
            Some((token, _, n)) if n == s.len() => Ok(token),
            _ => Err(err()),
        }
    }
}

/// Why a definition was refused: each kind of mistake is its own variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantError {
    /// No built-in variant has this name ([`Variant::by_name`]).
    Unknown(String),
    /// A Fairy-Stockfish configuration text ([`VariantDef::from_fsf_ini`])
    /// was refused: its section, line (0: none) and key.
    Fsf {
        /// The section (variant) concerned.
        section: String,
        /// 1-based line; 0 when no line is at fault.
        line: usize,
        /// The key concerned, when one is.
        key: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// The definition text is larger than [`MAX_DEFINITION_BYTES`].
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// Compiling a piece's moves would pass a limit that keeps compiling
    /// quick and small (against hostile definitions); `limit` says which.
    TooManyMoves {
        /// The piece's name.
        name: String,
        /// Which limit, in words.
        limit: String,
    },
    /// The text is not TOML, has an unknown key, a value of the wrong type
    /// or misses a required key.
    Syntax {
        /// 1-based line.
        line: usize,
        /// The key concerned, when it can be told.
        key: Option<String>,
        /// What the TOML reader says is wrong.
        message: String,
    },
    /// A value has the right type but is not allowed (a region square off
    /// the board, an unknown rule name, a count out of range).
    Value {
        /// 1-based line.
        line: usize,
        /// The key, dotted (`promotion.zone.white`).
        key: String,
        /// What is wrong.
        message: String,
    },
    /// A region (confinement, initial, promotion zone) has squares off the
    /// board.
    RegionOffBoard(String),
    /// The board is larger than the board type holds (16x16 or 128
    /// squares for [`Variant`], 16x16 for [`crate::LargeVariant`], 26x26
    /// for [`crate::HugeVariant`]), or empty.
    BoardSize {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
    /// No piece types, or more than [`MAX_ROLES`].
    PieceCount(usize),
    /// A rule that [`crate::LargeVariant`] does not have yet; the text
    /// names it: drops with more than [`MAX_ROLES`] piece types.
    LargeBoard(String),
    /// A token is not `[+]LETTER`.
    BadToken {
        /// The piece's name.
        name: String,
        /// The token given.
        token: String,
    },
    /// Two piece types share a token (an alias counts as one).
    DuplicateToken(String),
    /// A token named somewhere is not a piece type of the variant.
    UnknownToken {
        /// Where it was named.
        place: String,
        /// The token.
        token: String,
    },
    /// A Betza string did not parse.
    Betza {
        /// The piece's name.
        name: String,
        /// The parse error.
        error: BetzaError,
    },
    /// Not exactly one royal type.
    RoyalCount(usize),
    /// More than one pawn type.
    PawnCount(usize),
    /// The royal type is also the pawn type.
    RoyalPawn(String),
    /// A non-royal type has an `O<n>` (castling) term.
    CastleNotRoyal(String),
    /// A type has `i` moves but no `initial` region.
    InitialRegionMissing(String),
    /// The royal type lists promotions.
    RoyalPromotes(String),
    /// A type promotes to the royal type or to itself.
    PromotesToRoyalOrSelf(String),
    /// A type promotes to a confined type which could then stand outside
    /// its region (allowed only when each side's promotion zone lies inside
    /// that type's confinement, without `from-zone`).
    PromotesToConfined {
        /// The promoting type.
        name: String,
        /// The confined type.
        target: String,
    },
    /// Two promotion choices share a letter, so letter move text could not
    /// tell them apart.
    PromotionLetterClash(String),
    /// A type lists promotions but the variant has no promotion scheme.
    PromotionWithoutScheme(String),
    /// In the capture scheme a type has more than one promotion type.
    CapturePromotionChoices(String),
    /// `captured-becomes` names the royal or a confined type.
    CapturedBecomes(String),
    /// The forced part of the zone lies outside the zone.
    ForcedOutsideZone(Color),
    /// En passant without a pawn type, or without its initial region.
    EnPassantWithoutPawn,
    /// A type with `double-step = true` (named) is the pawn type, has no
    /// `initial` region, or the variant has no en passant.
    DoubleStep(String),
    /// The royal piece has an `O<n>` term but there is no `[castling]`
    /// table, or the table has no distance for a side and no `O<n>`.
    CastlingIncomplete,
    /// The castling partner is the royal or the pawn type.
    CastlingPartner(String),
    /// The King cannot move that far towards the Rook.
    CastlingDistance {
        /// The side.
        color: Color,
        /// The King's start square.
        square: String,
        /// The distance asked for.
        distance: u8,
        /// The Rook's file.
        file: char,
    },
    /// No longer returned: castling onto a square the King also steps to is
    /// allowed (its move text names the partner, as Fairy-Stockfish's
    /// `diana` needs). Kept so that code matching on it still compiles.
    CastlingOverlapsMove(Color),
    /// The start position is not a valid position of the variant.
    StartFen(String),
    /// A game-end rule (`[game-end]`) cannot apply as written.
    GameEnd(String),
    /// The hands and drops settings cannot work; the text says why.
    Drops(String),
    /// `immobility-illegal`: a type could stand where it never moves again
    /// and cannot promote there.
    Immobile {
        /// The piece's name.
        name: String,
        /// Such a square.
        square: String,
    },
}

/// A compiled piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Name for people.
    pub name: String,
    /// FEN token (uppercase, as White).
    pub token: PieceToken,
    /// Its alias in move notation ([`PieceDef::alias`]), if any.
    pub alias: Option<PieceToken>,
    /// Betza string.
    pub betza: String,
    /// Whether it is the royal piece.
    pub royal: bool,
    /// The types it may promote to.
    pub promotions: Vec<Role>,
    /// Per side (White, Black), one bit per role of `promotions` that this
    /// side may not promote to ([`PieceDef::promotions_by_side`]).
    pub promotions_barred: [u64; 2],
    /// Whether it counts as promoted.
    pub promoted: bool,
    /// Its confinement, if any.
    pub confinement: Option<WideRegion>,
    /// Where its `i` moves apply, if anywhere.
    pub initial: Option<WideRegion>,
    /// The squares its diagonal moves keep to ([`PieceDef::diagonal_lines`]).
    pub diagonal_lines: Option<WideRegion>,
    /// The castling distance of an `O<n>` term.
    pub castle_distance: Option<u8>,
}

/// Compiled promotion scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Promotion<W: BitWord = u128> {
    None,
    OnCapture { captured_becomes: Option<Role> },
    Zone { zone: Region<W>, forced: Region<W> },
}

/// Compiled castling set-up.
#[derive(Clone, Debug)]
pub(crate) struct Castling {
    pub rook: Role,
    /// The piece that castles: the royal one, or `[castling] king`.
    pub king: Role,
    /// Whether it is royal (castling's own checks of attack apply).
    pub royal: bool,
    /// `[side]` (0 = towards the highest file, 1 = towards file a).
    pub distance: [u8; 2],
    /// `[colour]`: where the King starts.
    pub king_start: [Square; 2],
    /// `[colour][side]` (side 0 = highest file, 1 = file a): the Rook's start square.
    pub rook_start: [[Square; 2]; 2],
    /// `[colour][side]`: the King's destination.
    pub king_to: [[Square; 2]; 2],
    /// `[colour][side]`: the Rook's destination.
    pub rook_to: [[Square; 2]; 2],
    /// Per square: the rights lost when a move starts or ends there
    /// (unused from any start: the partners' squares are the position's).
    pub rights_lost: [u8; MAX_HUGE_SQUARES],
    /// Castling from any start: the King and partners anywhere on the
    /// start rank (`king_start` and `rook_start` are the start position's);
    /// `king_to` and `rook_to` hold for every start.
    pub any_start: bool,
    /// The partner types, one bit per role: `rook` and `[castling]
    /// other-rooks`.
    pub rooks: u64,
}

impl Castling {
    /// Whether `piece` of `color` may be `color`'s castling partner.
    #[inline]
    pub(crate) fn is_partner(&self, piece: Option<crate::Piece>, color: Color) -> bool {
        piece.is_some_and(|p| p.color == color && self.rooks >> p.role.index().min(63) & 1 != 0)
    }
}

/// A compiled variant: immutable, shareable, many may live in one process.
pub struct Variant {
    pub(crate) name: String,
    pub(crate) size: BoardSize,
    pub(crate) pieces: Vec<PieceType>,
    pub(crate) start_fen: String,
    pub(crate) promotion: Promotion,
    pub(crate) promotion_text: PromotionText,
    pub(crate) pawn: Option<Role>,
    pub(crate) en_passant: bool,
    pub(crate) castling: Option<Castling>,
    pub(crate) facing_kings: bool,
    pub(crate) stalemate: StalemateRule,
    pub(crate) royal: Role,
    pub(crate) tables: Tables,
    /// Per role, how many types it may promote to (hot in bulk counting).
    pub(crate) promotion_choices: [u8; MAX_DEF_ROLES],
    /// Per role, under promotion on capture: the captured types (one bit
    /// per role) after whose capture it may promote or not (two moves).
    pub(crate) optional_victims: [u64; MAX_DEF_ROLES],
    /// Per role: promote to it only while the side has fewer on the board
    /// (`u8::MAX`: no limit).
    pub(crate) limits: [u8; MAX_DEF_ROLES],
    /// Game-end rules beyond mate (`[game-end]`).
    pub(crate) end: EndRules,
    /// The lichess family's rules (`[rules]`).
    pub(crate) rules: SpecialRules,
    /// Where the pawn type's double step gives an en-passant right: its
    /// `en-passant-from`, else its `initial` region.
    pub(crate) ep_from: Option<WideRegion>,
    /// With en passant, the types whose double steps give the right and
    /// are taken en passant (one bit per role): the pawn type and the
    /// `double-step` ones.
    pub(crate) ep_roles: u64,
    /// The types whose quiet double steps are flagged (one bit per role):
    /// the pawn type and the `ep_roles` ones, one test per piece.
    pub(crate) double_roles: u64,
    /// The types whose moves restart the half-move clock (one bit per
    /// role; `[game-end] move-rule-types`, else the pawn type); with
    /// `clock`, those whose moves may.
    pub(crate) clock_roles: u64,
    /// With per-side types, irreversible moves only, every drop or every
    /// promotion: the rule `make` asks for moves of `clock_roles` types.
    pub(crate) clock: Option<clock::ClockRule>,
    /// Hands and drops, if the variant has them.
    pub(crate) drops: Option<DropRules>,
    /// What a promotion adds to the board code: `MARKED` where promoted
    /// pieces are marked (crazyhouse), else 0.
    pub(crate) promotion_mark: u8,
    /// Moves starting in the zone may promote (and starting in the forced
    /// part must).
    pub(crate) promote_from_zone: bool,
    /// Of the moves starting in the zone, only captures (and moves onto a
    /// square the piece could never leave) may promote (Chu Shogi); with
    /// `promote_captures_only`, of all moves only captures may.
    pub(crate) from_zone_captures: bool,
    /// `[promotion] captures-only` (Micro shogi): only captures promote.
    /// Sets `from_zone_captures` too, so that the test costs the others
    /// nothing.
    pub(crate) promote_captures_only: bool,
    /// Bulk counting asks first whether the game ended at once or counts
    /// by generating: bare King, royal capture, `from-zone-captures`.
    pub(crate) count_slowly: bool,
    /// The Lion types (one bit per role): the Lion-trading rules apply.
    pub(crate) lions: u64,
    /// With en passant: the pawn type's initial moves include a diagonal
    /// two-square step (Berolina), which is a double step too.
    pub(crate) ep_diagonal: bool,
    /// The `lion-bait` types (one bit per role).
    pub(crate) lion_bait: u64,
    /// `[colour][role]`: where a move of the type must promote (the forced
    /// squares and, with immobility illegal, where it could never move).
    pub(crate) must_promote: [[Bitboard; MAX_DEF_ROLES]; 2],
    pub(crate) def: VariantDef,
    /// For a variant on a [`Large`] board: its tables and squares in the
    /// large board's word (the fields above that hold squares are then
    /// unused).
    pub(crate) large: Option<Box<LargeData>>,
    /// For a variant on a [`Huge`] board: as `large`, in the huge board's
    /// word.
    pub(crate) huge: Option<Box<LargeData<HugeWord>>>,
}

/// What a variant on a [`Large`] board compiles in the large board's word:
/// the fields of [`Variant`] that hold squares, for the generator
/// instantiated for [`Large`].
pub(crate) struct LargeData<W: BitWord = LargeWord> {
    pub tables: Tables<W>,
    pub must_promote: [[Bitboard<W>; MAX_DEF_ROLES]; 2],
    pub promotion: Promotion<W>,
    pub drops: Option<DropRules<W>>,
}

/// The bitboard word of a [`Large`] board.
pub(crate) type LargeWord = <Large as Board>::Word;
/// The bitboard word of a [`Huge`] board.
pub(crate) type HugeWord = <Huge as Board>::Word;

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Variant {
    /// The large board's data; only positions of a [`Large`] board ask,
    /// and those are made only for a variant compiled for one.
    #[inline]
    pub(crate) fn large(&self) -> &LargeData {
        self.large
            .as_deref()
            .expect("a position of a large board exists only for a variant compiled for one")
    }

    /// The huge board's data; only positions of a [`Huge`] board ask,
    /// and those are made only for a variant compiled for one.
    #[inline]
    pub(crate) fn huge(&self) -> &LargeData<HugeWord> {
        self.huge
            .as_deref()
            .expect("a position of a huge board exists only for a variant compiled for one")
    }

    /// The built-in variant of that name, in any case (`"Meiriqi"` as a PGN
    /// `Variant` tag writes it): `decimaka`, `meiriqi`, `chess`,
    /// `capablanca` and the others of [`Variant::builtin_names`]. Built once,
    /// on first use.
    ///
    /// ```
    /// let v = betza::Variant::by_name("Meiriqi")?;
    /// assert_eq!(v.size().files(), 10);
    /// assert!(matches!(betza::Variant::by_name("no-such-chess"), Err(betza::VariantError::Unknown(_))));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn by_name(name: &str) -> Result<&'static Variant, VariantError> {
        crate::builtin::by_name(name).ok_or_else(|| VariantError::Unknown(name.to_string()))
    }

    /// Names of the built-in variants.
    pub fn builtin_names() -> &'static [&'static str] {
        crate::builtin::NAMES
    }

    /// Checks and compiles a variant definition.
    pub fn new(def: VariantDef) -> Result<Variant, VariantError> {
        let checked = check::check(&def)?;
        compile::compile::<crate::bitboard::Small>(def, checked)
    }

    /// Reads a definition's text for the large board types (boards up to
    /// 26x26, [`crate::LargeVariant`]).
    pub(crate) fn read_large(text: &str) -> Result<VariantDef, VariantError> {
        text::read_for(text, true)
    }

    /// Checks and compiles a definition for the large board type
    /// ([`crate::LargeVariant`]).
    #[allow(dead_code)] // Kept for callers of the board type `Large` alone.
    pub(crate) fn new_large(def: VariantDef) -> Result<Variant, VariantError> {
        Variant::new_on::<Large>(def)
    }

    /// Checks and compiles a definition for the board type `B`:
    /// [`Large`] (boards up to 16x16) or [`Huge`] (up to 26x26).
    pub(crate) fn new_on<B: Board>(def: VariantDef) -> Result<Variant, VariantError> {
        let checked = check::check_large(&def, B::new_size, B::MAX_ROLES)?;
        compile::compile::<B>(def, checked)
    }

    /// Reads, checks and compiles a definition file's text (TOML; see
    /// `docs/definitions.md`).
    ///
    /// ```
    /// use std::sync::Arc;
    /// let text = betza::Variant::by_name("chess").unwrap().definition().to_string();
    /// let text = text.replace("name = \"chess\"", "name = \"my-chess\"");
    /// let v: Arc<betza::Variant> = betza::Variant::from_definition(&text)?.into();
    /// let game = betza::Game::new(v.clone());
    /// let count = std::thread::spawn(move || game.position().perft(2)).join().unwrap();
    /// assert_eq!(count, 400);
    /// # Ok::<_, betza::VariantError>(())
    /// ```
    pub fn from_definition(text: &str) -> Result<Variant, VariantError> {
        Variant::new(text.parse()?)
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The piece types, indexed by [`Role`].
    pub fn pieces(&self) -> &[PieceType] {
        &self.pieces
    }

    /// One piece type.
    pub fn piece(&self, role: Role) -> &PieceType {
        &self.pieces[role.index()]
    }

    /// The type with this FEN token, in either case (`N` or `n`, `+F` or
    /// `+f`), with `+` if it has one.
    ///
    /// ```
    /// let v = betza::Variant::by_name("chess").unwrap();
    /// assert_eq!(v.role_by_token("n"), v.role_by_token("N"));
    /// assert_eq!(v.piece(v.role_by_token("n").unwrap()).name, "Knight");
    /// assert_eq!(v.role_by_token("X"), None);
    /// ```
    pub fn role_by_token(&self, token: &str) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.token.as_str(&mut [0; 3]).eq_ignore_ascii_case(token))
            .map(|i| Role(i as u8))
    }

    /// The type with exactly this token (case matters): for SAN and FEN,
    /// where the case carries meaning.
    pub(crate) fn role_by_exact_token(&self, token: &str) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.token.as_str(&mut [0; 3]) == token)
            .or_else(|| {
                // An alias (SAN as Fairy-Stockfish writes it): no type's token.
                self.pieces
                    .iter()
                    .position(|p| p.alias.is_some_and(|a| a.as_str(&mut [0; 3]) == token))
            })
            .map(|i| Role(i as u8))
    }

    /// The type with this token, if the variant has one.
    pub fn role_of_token(&self, token: PieceToken) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.token == token)
            .map(|i| Role(i as u8))
    }

    /// The piece type of `role`, or `None` if `role` is not one of this
    /// variant's (a hand-made role); [`Variant::piece`] panics instead.
    ///
    /// ```
    /// let v = betza::Variant::by_name("decimaka").unwrap();
    /// let queen = v.role_by_token("+F").unwrap();
    /// assert_eq!(v.piece_type(queen).map(|t| t.name.as_str()), Some("Queen"));
    /// assert!(v.piece_type(betza::Role(99)).is_none());
    /// ```
    pub fn piece_type(&self, role: Role) -> Option<&PieceType> {
        self.pieces.get(role.index())
    }

    /// The type of the piece a move moves (before any promotion).
    ///
    /// ```
    /// use betza::Position;
    /// let v = betza::Variant::by_name("chess").unwrap();
    /// let pos = Position::start(v);
    /// let m = pos.parse_move("g1f3")?;
    /// let t = v.piece_type_of(&m).unwrap();
    /// assert_eq!((t.name.as_str(), t.token.to_string().as_str()), ("Knight", "N"));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn piece_type_of(&self, m: &crate::Move) -> Option<&PieceType> {
        self.piece_type(m.role())
    }

    /// The start position's FEN, as the FEN writer writes it (the
    /// definition's `start` may be another form of it).
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The royal piece type (with royal capture, the first of the royal
    /// types: [`PieceType::royal`] tells them all).
    pub fn royal(&self) -> Role {
        self.royal
    }

    /// Whether the variant plays by royal capture (`[game-end]
    /// royal-capture`): moves are not filtered for the safety of the royal
    /// pieces, several types may be royal, and a side with none left loses.
    pub fn royal_capture(&self) -> bool {
        self.end.royal_capture
    }

    /// The Pawn type, if the variant has one.
    pub fn pawn(&self) -> Option<Role> {
        self.pawn
    }

    /// What a stalemate means.
    pub fn stalemate_rule(&self) -> StalemateRule {
        self.stalemate
    }

    /// Whether the royal pieces may not face each other on an open file.
    pub fn facing_kings(&self) -> bool {
        self.facing_kings
    }

    /// Whether double steps allow en passant.
    pub fn en_passant(&self) -> bool {
        self.en_passant
    }

    /// The promotion zone, for variants that promote in a zone.
    pub fn promotion_zone(&self) -> Option<Region> {
        match self.promotion {
            Promotion::Zone { zone, .. } => Some(zone),
            _ => None,
        }
    }

    /// Where promotion is forced, for variants that promote in a zone (a
    /// part of [`Variant::promotion_zone`]; chess: all of it).
    pub fn forced_promotion_zone(&self) -> Option<Region> {
        match self.promotion {
            Promotion::Zone { forced, .. } => Some(forced),
            _ => None,
        }
    }

    /// The most pieces of type `role` a side may have for a promotion to it
    /// to be allowed (Grand chess: only to a type it has lost), if limited.
    pub fn promotion_limit(&self, role: Role) -> Option<u8> {
        self.limits
            .get(role.index())
            .copied()
            .filter(|&n| n != u8::MAX)
    }

    /// Castling distances of the royal piece: towards the highest file and
    /// towards file `a`, if the variant castles.
    pub fn castling_distances(&self) -> Option<(u8, u8)> {
        self.castling
            .as_ref()
            .map(|c| (c.distance[0], c.distance[1]))
    }

    /// Each confined piece type with the region it may never leave, for
    /// drawing: in Meiriqi the King's region is the fortress and the
    /// Mandarin's its five X squares.
    ///
    /// ```
    /// let v = betza::Variant::by_name("meiriqi").unwrap();
    /// let names: Vec<(&str, u32)> =
    ///     v.confinements().map(|(role, region)| (v.piece(role).name.as_str(), region.white.count())).collect();
    /// assert_eq!(names, [("King", 9), ("Mandarin", 5)]);
    /// let fortress = v.confinements().next().unwrap().1;
    /// assert!(fortress.black.contains(v.size().parse_square("i9").unwrap()));
    /// ```
    pub fn confinements(&self) -> impl Iterator<Item = (Role, Region)> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.confinement.map(|r| (Role(i as u8), r.narrow())))
    }

    /// Whether pieces promote by capturing (Decimaka).
    pub fn promotes_on_capture(&self) -> bool {
        matches!(self.promotion, Promotion::OnCapture { .. })
    }

    /// How promotions are written in move text.
    pub fn promotion_text(&self) -> PromotionText {
        self.promotion_text
    }

    /// The definition this variant was compiled from.
    pub fn definition(&self) -> &VariantDef {
        &self.def
    }

    /// Whether the royal piece castles.
    pub fn has_castling(&self) -> bool {
        self.castling.is_some()
    }

    /// Whether captured pieces go to the capturer's hand, to be dropped.
    pub fn has_drops(&self) -> bool {
        self.drops.as_ref().is_some_and(|d| d.drops)
    }

    /// Whether the sides have hands: with drops, or with gating
    /// (`[rules] gating`), whose hands hold the pieces that gate.
    pub fn has_hands(&self) -> bool {
        self.drops.is_some()
    }

    /// Whether pieces in hand may gate (`[rules] gating`, S-chess).
    pub fn has_gating(&self) -> bool {
        self.rules.gating
    }

    /// Whether `color`'s Pawn double-steps from `sq` (its initial region):
    /// where a double step gives an en-passant right, the one a FEN can say.
    /// Regions index squares as every board type does, so any board's
    /// square is asked directly.
    pub(crate) fn double_step_from(&self, color: Color, sq: Square) -> bool {
        // One word read in place: a make of every double step asks it.
        self.ep_from.as_ref().is_some_and(|initial| {
            let side = match color {
                Color::White => &initial.white,
                Color::Black => &initial.black,
            };
            let i = sq.index();
            (side.0)
                .0
                .get(i / 64)
                .is_some_and(|w| w >> (i % 64) & 1 != 0)
        })
    }

    /// The types a hand may hold, in the variant's order (empty without
    /// drops).
    pub fn hand_roles(&self) -> &[Role] {
        self.drops.as_ref().map_or(&[], |d| &d.roles)
    }

    /// The most pieces of `role` one hand may hold: as many as the start
    /// position has of the types that enter a hand as it, or promote to
    /// such a type (both sides, on the board and in hand), at most
    /// [`MAX_HAND_COUNT`]; 0 for a type that
    /// never enters a hand. With `captured = "partner"` (bughouse on one
    /// board) every piece of the start position counts as its own type.
    pub fn hand_limit(&self, role: Role) -> u8 {
        let Some(d) = &self.drops else { return 0 };
        let Some(&slot) = d.slot.get(role.index()).filter(|&&s| s != NO_SLOT) else {
            return 0;
        };
        let placement = self.start_fen.split(' ').next().unwrap_or("");
        let start = crate::fen::parse_placement(self, placement).unwrap_or_default();
        // Bughouse's hands (`partner`) hold what the partner's board, set
        // up as this one, captures: each type as itself.
        let partner = self
            .def
            .drops
            .is_some_and(|x| x.captured == CapturedRule::Partner);
        // The types counted (one bit per role): those a capture can put
        // into this slot; with `partner`, the slot's own types.
        let entering = if partner {
            (0..self.pieces.len().min(MAX_DEF_ROLES))
                .filter(|&r| d.slot.get(r) == Some(&slot))
                .fold(0u64, |m, r| m | 1 << r)
        } else {
            self.roles_entering_hand(slot)
        };
        let enters = |r: usize| r < MAX_DEF_ROLES && entering >> r & 1 != 0;
        let on_board = start.iter().filter(|(_, p)| enters(p.role.index())).count();
        // Pieces the start position has in hand count too: in hand as
        // themselves, or back in it once dropped.
        let in_hand = crate::fen::split_hands(self, placement)
            .1
            .and_then(|h| crate::fen::parse_hands(self, h).ok())
            .map_or(0, |h| {
                h.iter()
                    .flat_map(|side| side.iter().enumerate())
                    .filter(|&(r, _)| d.slot.get(r) == Some(&slot) || enters(r))
                    .map(|(_, &n)| n as usize)
                    .sum()
            });
        (on_board + in_hand).min(MAX_HAND_COUNT as usize) as u8
    }

    /// The types (one bit per role) whose pieces may end in hand slot
    /// `slot` when captured: as themselves, or as any type their promotions
    /// reach where promoted pieces keep their type in hand (Loop, Chessgi: a
    /// Pawn promoted to a Queen is taken as a Queen), or as a Pawn where
    /// they are marked (crazyhouse).
    fn roles_entering_hand(&self, slot: u8) -> u64 {
        let Some(d) = &self.drops else { return 0 };
        let n = self.pieces.len().min(MAX_DEF_ROLES);
        let promotes_to = |r: usize| {
            self.pieces
                .get(r)
                .map_or(&[][..], |t| &t.promotions[..])
                .iter()
                .fold(0u64, |m, p| m | 1u64.checked_shl(p.0 as u32).unwrap_or(0))
        };
        let mut entering = 0;
        for role in 0..n {
            // The types its promotions reach, each visited once.
            let (mut reach, mut todo) = (0u64, 1u64 << role);
            while todo != 0 {
                let r = todo.trailing_zeros() as usize;
                reach |= 1 << r;
                todo = (todo | promotes_to(r)) & !reach;
            }
            // Marked promoted pieces go back as Pawns, not as their type.
            let enters = (0..n).filter(|&r| reach >> r & 1 != 0).any(|r| {
                let into = if d.marked && r != role {
                    d.pawn_slot
                } else {
                    d.into_hand[r]
                };
                into == slot
            });
            if enters {
                entering |= 1 << role;
            }
        }
        entering
    }

    /// Whether `m` turns a promoted piece back into an unpromoted type (a
    /// demotion: Kyoto shogi's flip, written with `-` where promotions are
    /// written with `+`).
    pub fn demotes(&self, m: &crate::Move) -> bool {
        !m.is_drop()
            && m.promotion().is_some_and(|p| {
                self.piece_type(p).is_some_and(|t| !t.promoted)
                    && self.piece_type(m.role()).is_some_and(|t| t.promoted)
            })
    }

    /// Whether `m` promotes a piece to its own promoted form (`+P` from
    /// `P`) beside other promotion choices: written `+` where promotions
    /// are written by letter (Fairy-Stockfish's pawn with a
    /// `promotedPieceType`, `g7g8+`, beside `g7g8q`).
    pub(crate) fn promotes_to_own_plus(&self, m: &crate::Move) -> bool {
        m.promotion().is_some_and(|p| {
            let (Some(t), Some(q)) = (self.piece_type(p), self.piece_type(m.role())) else {
                return false;
            };
            t.token.plus()
                && !q.token.plus()
                && !t.token.prime()
                && t.token.lower_letter() == q.token.lower_letter()
                && q.promotions.len() > 1
        })
    }

    /// Whether some type promotes to its own promoted form beside other
    /// choices (see `promotes_to_own_plus`): move text reads `+` then.
    pub(crate) fn has_own_plus_promotion(&self) -> bool {
        self.pieces.iter().any(|q| {
            q.promotions.len() > 1
                && q.promotions.iter().any(|&p| {
                    self.piece_type(p).is_some_and(|t| {
                        t.token.plus()
                            && !q.token.plus()
                            && !t.token.prime()
                            && t.token.lower_letter() == q.token.lower_letter()
                    })
                })
        })
    }

    /// The start position.
    pub fn start_position(&self) -> Position<'_> {
        Position::start(self)
    }
}

/// An owning handle to a variant: a built-in `&'static Variant` or one made
/// at run time and shared by `Arc`. Cheap to clone; dereferences to the
/// [`Variant`]. What keeps games or positions beside their variant (a
/// [`crate::Game`], a GUI, a C handle) holds one.
///
/// ```
/// use std::sync::Arc;
/// use betza::{Variant, VariantRef};
/// let built_in: VariantRef = Variant::by_name("chess").unwrap().into();
/// let text = built_in.definition().to_string().replace("\"chess\"", "\"copy\"");
/// let made: VariantRef = Arc::new(Variant::from_definition(&text)?).into();
/// assert_eq!(built_in.size(), made.size());
/// # Ok::<_, betza::VariantError>(())
/// ```
#[derive(Clone, Debug)]
pub struct VariantRef(Shared);

#[derive(Clone, Debug)]
enum Shared {
    Static(&'static Variant),
    Arc(Arc<Variant>),
}

impl VariantRef {
    /// The variant, for as long as this handle lives.
    #[inline]
    pub fn get(&self) -> &Variant {
        match &self.0 {
            Shared::Static(v) => v,
            Shared::Arc(v) => v,
        }
    }

    /// Whether both handles name the same variant (the same compiled object).
    pub fn same(&self, other: &VariantRef) -> bool {
        std::ptr::eq(self.get(), other.get())
    }
}

impl Deref for VariantRef {
    type Target = Variant;

    #[inline]
    fn deref(&self) -> &Variant {
        self.get()
    }
}

impl From<&'static Variant> for VariantRef {
    fn from(v: &'static Variant) -> VariantRef {
        VariantRef(Shared::Static(v))
    }
}

impl From<Arc<Variant>> for VariantRef {
    fn from(v: Arc<Variant>) -> VariantRef {
        VariantRef(Shared::Arc(v))
    }
}

impl From<&Arc<Variant>> for VariantRef {
    fn from(v: &Arc<Variant>) -> VariantRef {
        VariantRef(Shared::Arc(v.clone()))
    }
}

impl From<Variant> for VariantRef {
    fn from(v: Variant) -> VariantRef {
        VariantRef(Shared::Arc(Arc::new(v)))
    }
}

use crate::quote::quoted;

impl std::fmt::Display for VariantError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantError::Unknown(name) => f.write_str(&crate::builtin::unknown_message(name)),
            VariantError::Fsf {
                section,
                line,
                key,
                message,
            } => {
                write!(f, "section [{section}]")?;
                if *line > 0 {
                    write!(f, ", line {line}")?;
                }
                if let Some(k) = key {
                    write!(f, ", key `{k}`")?;
                }
                write!(f, ": {message}")
            }
            VariantError::TooLarge { bytes, max } => write!(
                f,
                "the definition has {bytes} bytes: at most {max} are read"
            ),
            VariantError::TooManyMoves { name, limit } => {
                write!(
                    f,
                    "piece {}: too many moves to compile: {limit}",
                    quoted(name)
                )
            }
            VariantError::Syntax { line, key, message } => write!(
                f,
                "line {line}{}: {message}",
                key.as_ref()
                    .map(|k| format!(", key `{k}`"))
                    .unwrap_or_default()
            ),
            VariantError::Value { line, key, message } => {
                write!(f, "line {line}, key `{key}`: {message}")
            }
            VariantError::RegionOffBoard(v0) => {
                write!(f, "{v0}: the region has squares off the board")
            }
            VariantError::BoardSize { files, ranks } => write!(
                f,
                "board {files}x{ranks}: a board has 1-16 files and ranks and at most 128 squares \
                 (up to 16x16 with LargeVariant or AnyVariant, 26x26 with HugeVariant)"
            ),
            VariantError::LargeBoard(what) => write!(
                f,
                "large boards are supported in perft/FEN only so far, without {what}"
            ),
            VariantError::PieceCount(v0) => write!(
                f,
                "{v0} piece types: a variant has 1 to 20 (64 with LargeVariant)"
            ),
            VariantError::BadToken { name, token } => write!(
                f,
                "piece {}: token {} must be an uppercase letter, optionally after '+' and before '\''",
                quoted(name),
                quoted(token)
            ),
            VariantError::DuplicateToken(v0) => {
                write!(f, "token {} is used by two piece types", quoted(v0))
            }
            VariantError::UnknownToken { place, token } => {
                write!(f, "{place}: no piece type has token {}", quoted(token))
            }
            VariantError::Betza { name, error } => write!(f, "piece {}: {error}", quoted(name)),
            VariantError::RoyalCount(v0) => {
                write!(
                    f,
                    "{v0} royal piece types: a variant has exactly one (several only with [game-end] royal-capture)"
                )
            }
            VariantError::PawnCount(v0) => write!(f, "{v0} pawn types: a variant has at most one"),
            VariantError::RoyalPawn(v0) => write!(
                f,
                "piece {}: the royal piece cannot be the pawn type (it could be taken en passant)",
                quoted(v0)
            ),
            VariantError::CastleNotRoyal(v0) => {
                write!(
                    f,
                    "piece {}: only the royal piece may castle (O)",
                    quoted(v0)
                )
            }
            VariantError::InitialRegionMissing(v0) => {
                write!(
                    f,
                    "piece {}: its 'i' moves need an initial region",
                    quoted(v0)
                )
            }
            VariantError::RoyalPromotes(v0) => {
                write!(f, "piece {}: the royal piece cannot promote", quoted(v0))
            }
            VariantError::PromotesToRoyalOrSelf(v0) => write!(
                f,
                "piece {}: it may not promote to the royal piece or to itself",
                quoted(v0)
            ),
            VariantError::PromotesToConfined { name, target } => write!(
                f,
                "piece {}: it may not promote to the confined {} (only where the promotion zone, without from-zone, lies inside its confinement)",
                quoted(name),
                quoted(target)
            ),
            VariantError::PromotionLetterClash(v0) => write!(
                f,
                "piece {}: two promotion choices share a letter, so move text cannot tell them apart",
                quoted(v0)
            ),
            VariantError::PromotionWithoutScheme(v0) => write!(
                f,
                "piece {} lists promotions but the variant has no [promotion] table",
                quoted(v0)
            ),
            VariantError::CapturePromotionChoices(v0) => write!(
                f,
                "piece {}: promotion on capture allows one promotion type per piece",
                quoted(v0)
            ),
            VariantError::CapturedBecomes(v0) => write!(
                f,
                "captured-becomes: capturers may not turn into the royal or a confined piece ({})",
                quoted(v0)
            ),
            VariantError::ForcedOutsideZone(v0) => write!(
                f,
                "promotion: the {v0} forced squares must lie inside the zone"
            ),
            VariantError::DoubleStep(name) => write!(
                f,
                "piece {}: double-step needs en-passant = true, an initial region, and a type other than the pawn (whose double steps are its own)",
                quoted(name)
            ),
            VariantError::EnPassantWithoutPawn => write!(
                f,
                "en passant needs a pawn type with an initial region (where its double step starts)"
            ),
            VariantError::CastlingIncomplete => write!(
                f,
                "castling needs a [castling] table and a distance for each side (kingside/queenside or the royal piece's O<n>)"
            ),
            VariantError::CastlingPartner(v0) => write!(
                f,
                "castling: the partner {} must be a type of its own (not royal, not the pawn)",
                quoted(v0)
            ),
            VariantError::CastlingDistance {
                color,
                square,
                distance,
                file,
            } => write!(
                f,
                "castling: the {color} King on {square} cannot move {distance} squares towards file {file}"
            ),
            VariantError::CastlingOverlapsMove(v0) => write!(
                f,
                "castling: the {v0} King's castling square is also one of its ordinary moves"
            ),
            VariantError::StartFen(v0) => write!(f, "start position: {v0}"),
            VariantError::GameEnd(v0) => write!(f, "game-end rules: {v0}"),
            VariantError::Drops(v0) => write!(f, "drops: {v0}"),
            VariantError::Immobile { name, square } => write!(
                f,
                "immobility-illegal: piece {name:?} could never move again from {square} and cannot promote there, so it could not be played"
            ),
        }
    }
}

impl std::error::Error for VariantError {}
