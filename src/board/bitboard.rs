//! Squares, colours, board geometry and the bitboards boards are held in.
//!
//! # Board sizes: the design for boards past 128 squares (issue 24)
//!
//! A [`crate::Variant`]'s board fits a `u128`: at most 16 files, 16 ranks
//! and 128 squares ([`MAX_SQUARES`]), and at most 20 piece types
//! ([`MAX_ROLES`](crate::variant::MAX_ROLES)). Boards of up to 26x26 (files
//! `a`..`z`, ranks 1..26) and up to 64 piece types must come without
//! slowing the boards of today, and with one move generator, so the chosen
//! design is **one generator, monomorphised over the bitboard's word**:
//!
//! - A [`Bitboard<W>`](Bitboard) is a set of squares held in a word `W`
//!   ([`BitWord`]): `u128` for every board of at most 128 squares (the
//!   default, `Bitboard` alone means `Bitboard<u128>`), and
//!   [`Words<N>`]`([u64; N])` for larger ones: `Words<4>` up to 256
//!   squares (Chu Shogi's 12x12, 16x16) and `Words<11>` up to 704 (26x26
//!   has 676). The generator's primitives (the lowest and highest square,
//!   the squares below or from a square, counts) are [`BitWord`] methods,
//!   so the generic code compiles, for `u128`, to the code of before: the
//!   cost to small boards is nothing, which `bench/ir.sh` checks.
//! - The position, the move tables and the generator are generic over a
//!   board type ([`Board`]) that names the word, the position's storage and
//!   the piece types' bound. The variant is compiled for one board type;
//!   no rule is written twice: the one generator is instantiated per board
//!   type.
//!
//! What stands today:
//!
//! - [`BitWord`] with its two kinds of word (`u128` and [`Words<N>`]),
//!   `Bitboard<W>` over either with the set operations of [`SquareSet`]
//!   (the inherent `const` methods of `Bitboard<u128>` are unchanged), square
//!   names and move text up to `z26` ([`SquareName`], [`MAX_NAME_FILES`]),
//!   walls of confinement that hold a small board inside a larger one
//!   (tests/walls.rs).
//! - A [`Square`] is a `u16` (`Square(pub u16)`), so that it names the 676
//!   squares of 26x26. Small boards keep their sizes where it counts: the
//!   position's en passant squares are two bytes each (`OptSquare`, not
//!   `Option<Square>`), so `Position<Small>` stays 528 bytes; a `Move` keeps
//!   its optional types in a byte each (`RoleByte`, 255 for none, behind the
//!   same `Option<Role>` accessors): 12 bytes with three two-byte squares;
//!   a move table's trie node packs its square (10 bits) and flags in two
//!   bytes, four a node as before. `bench/ir.sh` gives every row of small
//!   boards within 1% of before (chess 159.2 -> 158.2 instructions a node,
//!   without bulk counting 447.6 -> 449.9, Meiriqi 129.8 -> 130.0, without
//!   bulk counting 349.7 -> 352.2).
//! - The sealed [`Board`] trait, with [`Small`] (`u128`, 20 types, the
//!   position of 528 bytes), [`Large`] (`Words<4>`, up to
//!   [`MAX_LARGE_SQUARES`] = 16x16 squares: Chu Shogi's 12x12 keeps its
//!   speed) and [`Huge`] (`Words<11>`, up to [`MAX_HUGE_SQUARES`] = 26x26,
//!   [`BoardSize::new_huge`]). It names the word, the bounds, the position's
//!   storage (`Board::Roles`, `Board::Mailbox`: 676 bytes of mailbox for
//!   `Huge`, 256 for `Large`, 128 for `Small`) and reaches the variant's
//!   data in its word (tables, promotion zones, drops). A position is 512
//!   bytes on `Small`, 2,400 on `Large` and 6,520 on `Huge`, most of it a
//!   bitboard per piece type (tests/perf_guards.rs bounds all three).
//! - `tables::Tables<W>`, [`Position<'v, B = Small>`](crate::Position), the
//!   generator, make/unmake, the attack and game-end tests, FEN reading
//!   (`setup::build`) and writing, and perft are written once, generic over
//!   `B`.
//! - [`crate::LargeVariant`] compiles a definition for [`Large`] (any board
//!   up to 16x16) and [`crate::HugeVariant`]
//!   (`HugeVariant::from_definition_for`) for [`Huge`] (up to 26x26): read,
//!   played and counted (FEN, move text, perft) through `Position<'_, B>`,
//!   with every rule of the definition format. A definition's regions
//!   (confinement, initial squares, promotion zones, drop regions) are held
//!   in [`crate::RegionWord`] (the huge word; [`crate::WideRegion`]),
//!   narrowed to the board type's word when compiled
//!   ([`Board::from_region`]). tests/large.rs holds the two instantiations
//!   to the same counts on boards both hold, and small games walled into
//!   boards past 128 squares by confinement to their own counts;
//!   tests/huge.rs counts Rook endings on 19x19 and 26x26 by hand and holds
//!   variants of 40 types on 19x19 and 26x26 (every kind of piece, castling
//!   over seven squares, en passant, promotion) to the king-capture
//!   reference. Betza ranges, leaps and castling distances reach 25.
//! - Up to [`MAX_LARGE_ROLES`] = 64 piece types for [`Large`] and [`Huge`]
//!   (Chu Shogi needs 39): the board code keeps `role + 1` in 7 bits, the
//!   64th type's being the bit a marked piece sets (a variant that marks
//!   pieces has drops, so at most 20 types: `position::MARKED`); the
//!   variant's per-type arrays are sized for the largest board type
//!   (`variant::MAX_DEF_ROLES`), role sets are 64 bits, the piece count is
//!   checked per board type; [`Small`] keeps 20
//!   ([`crate::variant::MAX_ROLES`]). Tokens past the 52 of `A`..`Z` and
//!   `+A`..`+Z` are XBoard's dressed letters (`N'`, `+N'`). A large variant
//!   with drops keeps to 20 types (a [`crate::Setup`]'s hands are counted
//!   per type in 20).
//! - Every layer above the position is generic over `B` too: [`crate::Game`],
//!   [`crate::OwnedPosition`], SAN, PGN (its streaming readers too), the
//!   notations (`B = Small` unless named, so the API of before is
//!   unchanged). A variant compiled for a board type is a
//!   [`crate::BoardVariant`]; [`crate::AnyVariant`] with
//!   [`with_board!`](crate::with_board) is the one dispatch on the board
//!   type, once per call (module docs of [`crate::large`]); the examples
//!   (`perft`, `play`, `perft_diff`), the C ABI and the Python package
//!   dispatch through it.
//!
//! The XBoard adapter plays every board type up to XBoard's own 16x16
//! (12 files with holdings; `examples/xboard.rs`). What is left, in order:
//!
//! 1. Drops with more than 20 types on the large board types (a
//!    [`crate::Setup`]'s hands per type, `fen::parse_hands`).
//! 2. A rider's captures are stored as blockable paths for the attack
//!    tests (one per target): on 26x26 that caps a variant at about 30
//!    long rider types (1,048,576 paths), and a 26x26 variant compiles
//!    several times slower than a 16x16 one; the rays the generator already
//!    has would serve the attack tests of riders without them. (Past 256
//!    squares the paths are indexed per square and then per target, not
//!    per pair of squares, whose index was 1.8 MB a type and colour on
//!    26x26.)

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The most squares a board may have: one bit each in a `u128`.
pub const MAX_SQUARES: usize = 128;
/// The most files (`a`..`p`) and the most ranks a board may have.
pub const MAX_FILES: u8 = 16;
/// The most ranks a board may have.
pub const MAX_RANKS: u8 = 16;
/// The most files a square name may have (`a`..`z`, docs/notation.md):
/// [`SquareName`] and move text read and write them all, though a board
/// has at most [`MAX_FILES`] today.
pub const MAX_NAME_FILES: u8 = 26;
/// The most ranks a square name may have (`1`..`26`).
pub const MAX_NAME_RANKS: u8 = 26;

/// `SQUARE_BITS[sq]`: the bitboard of one square, read rather than shifted
/// (a variable shift of a `u128` takes several instructions).
static SQUARE_BITS: [Bitboard; MAX_SQUARES] = {
    let mut t = [Bitboard::EMPTY; MAX_SQUARES];
    let mut i = 0;
    while i < MAX_SQUARES {
        t[i] = Bitboard(1u128 << i);
        i += 1;
    }
    t
};

/// The bitboard of `sq` from a table: for hot paths whose squares are on
/// the board (an index past it wraps around).
#[inline(always)]
pub(crate) fn square_bit(sq: Square) -> Bitboard {
    SQUARE_BITS[sq.index() % MAX_SQUARES]
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, from ranks 1 upward.
    White = 0,
    /// Moves second, from the highest rank downward.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;

    /// The other side: `!Color::White == Color::Black`.
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square of a board, numbered `rank * width + file` from 0 (`a1`).
///
/// A `Square` is an index into a board of some width, so it cannot name itself:
/// `Square(10)` is `a2` on a board 10 wide and `c2` on one 8 wide. Its `Debug`
/// shows the index (`Square(10)`). To name it, ask the board:
/// [`BoardSize::name`] gives a [`SquareName`] (file and rank, `Display`s as
/// `a2`), [`Position::square`](crate::Position::square) and [`Square::parse`]
/// read a name for a board. [`SquareName`] is the board-free form: it parses
/// and prints without knowing the board.
///
/// ```
/// use betza::{BoardSize, Square, SquareName};
/// let size = BoardSize::new(10, 10).unwrap();
/// let sq = Square::parse("e5", size).unwrap();
/// assert_eq!(sq, Square(44));
/// assert_eq!(size.name(sq).to_string(), "e5");
/// let name: SquareName = "e5".parse()?;
/// assert_eq!(name.to_square(size), Some(sq));
/// assert_eq!(format!("{:?}", size.name(sq)), "e5");
/// # Ok::<_, betza::SquareNameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Square {
    /// Reads a square name such as `e4` or `j10` on a board of `size`; `None`
    /// unless it is exactly a square of that board. The same as
    /// [`BoardSize::parse_square`].
    pub fn parse(text: &str, size: BoardSize) -> Option<Square> {
        size.parse_square(text)
    }

    /// The square's index, `rank * width + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u128 << self.0)
    }
}

/// An optional [`Square`] in the square's own two bytes (`u16::MAX` for
/// none): `Option<Square>` takes four, which the position of a small board
/// cannot spare (528 bytes, tests/perf_guards.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct OptSquare(u16);

impl OptSquare {
    /// No square.
    pub(crate) const NONE: OptSquare = OptSquare(u16::MAX);

    /// `sq`, or none for `None`.
    #[inline(always)]
    pub(crate) const fn new(sq: Option<Square>) -> OptSquare {
        match sq {
            Some(s) => OptSquare(s.0),
            None => OptSquare::NONE,
        }
    }

    /// The square, if any.
    #[inline(always)]
    pub(crate) const fn get(self) -> Option<Square> {
        if self.0 == u16::MAX {
            None
        } else {
            Some(Square(self.0))
        }
    }

    /// Whether there is a square.
    #[inline(always)]
    pub(crate) const fn is_some(self) -> bool {
        self.0 != u16::MAX
    }
}

/// A set of squares, one bit each.
///
/// Its `Debug` lists the square indices (`Bitboard[0, 5, 12]`); for names,
/// [`BoardSize::names`] shows it as `{a1, f1, c2}` on a given board.
///
/// ```
/// use betza::{Bitboard, BoardSize, Square};
/// let set = Bitboard::EMPTY.with(Square(0)).with(Square(12));
/// assert_eq!(format!("{set:?}"), "Bitboard[0, 12]");
/// let size = BoardSize::new(10, 10).unwrap();
/// assert_eq!(size.names(set).to_string(), "{a1, c2}");
/// assert_eq!(set.squares().count(), 2);
/// ```
///
/// `W` is the word holding the bits (see the module docs): `u128`, the
/// default, for every board of today; [`Words<N>`] for larger boards.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard<W: BitWord = u128>(pub W);

impl<W: BitWord> fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bitboard")?;
        f.debug_list().entries(self.0.indices()).finish()
    }
}

/// The squares of a [`Bitboard`], lowest first: what
/// [`Bitboard::squares`] returns.
#[derive(Clone, Debug)]
pub struct Squares<W: BitWord = u128>(Bitboard<W>);

impl<W: BitWord> Iterator for Squares<W> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        // Tested before `lowest`, not through its `Option`: the generator's
        // hottest loop compiles to what a bare `u128` loop does.
        if W::OUT_OF_LINE {
            return self.0.0.pop_lowest().map(|i| Square(i as u16));
        }
        let w = self.0.0;
        if w.is_zero() {
            return None;
        }
        self.0.0 = w.clear_lowest();
        w.lowest().map(|i| Square(i as u16))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> ExactSizeIterator for Squares<W> {}
impl<W: BitWord> std::iter::FusedIterator for Squares<W> {}

impl<W: BitWord> Bitboard<W> {
    /// The squares of the set, lowest first.
    #[inline]
    pub fn squares(self) -> Squares<W> {
        Squares(self)
    }
}

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        // Boards of up to 64 squares leave the high half empty; without a
        // hardware popcount this skips half the work.
        let hi = (self.0 >> 64) as u64;
        (self.0 as u64).count_ones() + if hi == 0 { 0 } else { hi.count_ones() }
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u16))
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.0)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.0))
    }
}

/// The same methods on the wide bitboards ([`crate::Large`]'s and
/// [`crate::Huge`]'s words, [`crate::Marks`]), without importing
/// [`SquareSet`].
impl<const N: usize> Bitboard<Words<N>> {
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        SquareSet::is_empty(self)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        SquareSet::contains(self, sq)
    }

    /// The number of squares in the set.
    #[inline]
    pub fn count(self) -> u32 {
        SquareSet::count(self)
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        SquareSet::first(self)
    }

    /// The set with `sq` added (past the words: unchanged).
    #[inline]
    pub fn with(self, sq: Square) -> Self {
        SquareSet::with(self, sq)
    }

    /// The set with `sq` removed.
    #[inline]
    pub fn without(self, sq: Square) -> Self {
        SquareSet::without(self, sq)
    }
}

impl<W: BitWord> IntoIterator for Bitboard<W> {
    type Item = Square;
    type IntoIter = Squares<W>;

    /// The squares, lowest first: `for sq in bitboard`.
    #[inline]
    fn into_iter(self) -> Squares<W> {
        self.squares()
    }
}

impl<W: BitWord> FromIterator<Square> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(SquareSet::empty(), SquareSet::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<W: BitWord> $tr for Bitboard<W> {
            type Output = Bitboard<W>;
            #[inline]
            fn $f(self, rhs: Bitboard<W>) -> Bitboard<W> {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: BitWord> $tra for Bitboard<W> {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard<W>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: BitWord> Not for Bitboard<W> {
    type Output = Bitboard<W>;
    #[inline]
    fn not(self) -> Bitboard<W> {
        Bitboard(!self.0)
    }
}

/// A board's width and height, and the naming of its squares.
///
/// ```
/// use betza::{BoardSize, Square};
/// let size = BoardSize::new(10, 10).unwrap();
/// assert_eq!(size.parse_square("j10"), Some(Square(99)));
/// assert_eq!(size.square_name(Square(10)), "a2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    /// A board of `files` x `ranks`; `None` unless both are 1..=16 and the
    /// board has at most 128 squares.
    pub const fn new(files: u8, ranks: u8) -> Option<BoardSize> {
        if files == 0
            || ranks == 0
            || files > MAX_FILES
            || ranks > MAX_RANKS
            || files as usize * ranks as usize > MAX_SQUARES
        {
            None
        } else {
            Some(BoardSize { files, ranks })
        }
    }

    /// A board of `files` x `ranks` for the [`Large`] board type: `None`
    /// unless both are 1..=16 (up to [`MAX_LARGE_SQUARES`] squares).
    ///
    /// ```
    /// use betza::BoardSize;
    /// assert!(BoardSize::new(16, 16).is_none());
    /// assert_eq!(BoardSize::new_large(16, 16).map(|s| s.squares()), Some(256));
    /// assert!(BoardSize::new_large(17, 4).is_none());
    /// ```
    pub const fn new_large(files: u8, ranks: u8) -> Option<BoardSize> {
        if files == 0 || ranks == 0 || files > MAX_FILES || ranks > MAX_RANKS {
            None
        } else {
            Some(BoardSize { files, ranks })
        }
    }

    /// A board of `files` x `ranks` for the [`Huge`] board type: `None`
    /// unless both are 1..=26 (files `a`..`z`, up to [`MAX_HUGE_SQUARES`]
    /// squares).
    ///
    /// ```
    /// use betza::BoardSize;
    /// assert_eq!(BoardSize::new_huge(26, 26).map(|s| s.squares()), Some(676));
    /// assert!(BoardSize::new_huge(27, 4).is_none());
    /// assert!(BoardSize::new_huge(4, 0).is_none());
    /// ```
    pub const fn new_huge(files: u8, ranks: u8) -> Option<BoardSize> {
        if files == 0 || ranks == 0 || files > MAX_NAME_FILES || ranks > MAX_NAME_RANKS {
            None
        } else {
            Some(BoardSize { files, ranks })
        }
    }

    /// Number of files (the width).
    #[inline]
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (the height).
    #[inline]
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares.
    #[inline]
    pub const fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Every square of the board.
    #[inline]
    pub const fn all(self) -> Bitboard {
        let n = self.squares();
        if n >= 128 {
            // Every square of a board of 128 (a larger board's squares
            // are not all in a `u128`: see `all_of`).
            Bitboard(u128::MAX)
        } else {
            Bitboard((1u128 << n) - 1)
        }
    }

    /// Every square of the board, in a bitboard of any word.
    #[inline]
    pub fn all_of<W: BitWord>(self) -> Bitboard<W> {
        Bitboard(W::below(self.squares()))
    }

    /// The square at 0-based `file` and `rank`, if on the board.
    #[inline]
    pub const fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(Square((rank * self.files as i32 + file) as u16))
        }
    }

    /// Whether `sq` is on this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (sq.0 as usize) < self.squares()
    }

    /// The 0-based file of `sq`.
    #[inline]
    pub const fn file(self, sq: Square) -> u8 {
        (sq.0 % self.files as u16) as u8
    }

    /// The 0-based rank of `sq`.
    #[inline]
    pub const fn rank(self, sq: Square) -> u8 {
        (sq.0 / self.files as u16) as u8
    }

    /// Every square of 0-based `rank`.
    pub fn rank_squares(self, rank: u8) -> Bitboard {
        (0..self.files as i32)
            .filter_map(|f| self.square(f, rank as i32))
            .collect()
    }

    /// The square's name on this board, as a value that prints (`Display`
    /// and `Debug`) as `a1` or `j10`.
    #[inline]
    pub const fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }

    /// A set of squares shown by name on this board: `{a1, f1, c2}`, for
    /// `Display` and `Debug`.
    pub const fn names(self, set: Bitboard) -> SquareNames {
        SquareNames { size: self, set }
    }

    /// The square's name, such as `a1` or `j10`.
    pub fn square_name(self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.write_square(sq, &mut s);
        s
    }

    pub(crate) fn write_square(self, sq: Square, out: &mut String) {
        out.push((b'a' + self.file(sq)) as char);
        // u32: a square beyond the board (from a hand-made Move) must not overflow.
        let r = self.rank(sq) as u32 + 1;
        // Digit by digit (at most 256: three), without a string of its own.
        for unit in [100, 10] {
            if r >= unit {
                out.push(char::from(b'0' + (r / unit % 10) as u8));
            }
        }
        out.push(char::from(b'0' + (r % 10) as u8));
    }

    /// Reads a square name such as `e4` or `j10`; `None` if it is not exactly a
    /// square of this board (no zero-padding, no trailing text).
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let (sq, used) = self.parse_square_prefix(text.as_bytes())?;
        (used == text.len()).then_some(sq)
    }

    /// Reads a square name at the start of `bytes`; returns it and the bytes used.
    /// Takes the longest rank number that is on the board.
    pub(crate) fn parse_square_prefix(self, bytes: &[u8]) -> Option<(Square, usize)> {
        let f = *bytes.first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = (f - b'a') as i32;
        let d1 = *bytes.get(1)?;
        if !(b'1'..=b'9').contains(&d1) {
            return None;
        }
        if let Some(&d2) = bytes.get(2)
            && d2.is_ascii_digit()
        {
            let rank = ((d1 - b'0') * 10 + (d2 - b'0')) as i32;
            if let Some(sq) = self.square(file, rank - 1) {
                return Some((sq, 3));
            }
        }
        let sq = self.square(file, (d1 - b'1') as i32)?;
        Some((sq, 2))
    }
}

/// A square named by file and rank, without a board: `e5`, `j10`.
///
/// It reads and writes square names (files `a`..`z`, ranks 1..26, no
/// zero-padding: [`MAX_NAME_FILES`], [`MAX_NAME_RANKS`]) for any board up
/// to 26x26; [`SquareName::to_square`] binds
/// it to a board, [`BoardSize::name`] names a [`Square`]. `Debug` and
/// `Display` both print the name.
///
/// ```
/// use betza::SquareName;
/// let n: SquareName = "j10".parse()?;
/// assert_eq!((n.file(), n.rank()), (9, 9));
/// assert_eq!(n.to_string(), "j10");
/// assert!("a0".parse::<SquareName>().is_err());
/// assert_eq!("z26".parse::<SquareName>()?.to_string(), "z26");
/// assert!("a27".parse::<SquareName>().is_err());
/// # Ok::<_, betza::SquareNameError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl SquareName {
    /// The name of 0-based `file` and `rank`; `None` beyond 26 files or ranks.
    pub const fn new(file: u8, rank: u8) -> Option<SquareName> {
        if file < MAX_NAME_FILES && rank < MAX_NAME_RANKS {
            Some(SquareName { file, rank })
        } else {
            None
        }
    }

    /// The 0-based file (`a` is 0).
    #[inline]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The 0-based rank (rank 1 is 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The square of this name on a board of `size`, if it is on that board.
    #[inline]
    pub const fn to_square(self, size: BoardSize) -> Option<Square> {
        size.square(self.file as i32, self.rank as i32)
    }

    /// Reads a name at the start of `bytes`: the name and the bytes used.
    /// Takes a two-digit rank when it is a rank (10..26).
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<(SquareName, usize)> {
        let f = *bytes.first()?;
        if !(b'a'..b'a' + MAX_NAME_FILES).contains(&f) {
            return None;
        }
        let d1 = *bytes.get(1)?;
        if !(b'1'..=b'9').contains(&d1) {
            return None;
        }
        if let Some(&d2) = bytes.get(2)
            && d2.is_ascii_digit()
        {
            let rank = (d1 - b'0') * 10 + (d2 - b'0');
            if let Some(n) = SquareName::new(f - b'a', rank - 1) {
                return Some((n, 3));
            }
        }
        Some((SquareName::new(f - b'a', d1 - b'1')?, 2))
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

impl fmt::Debug for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a [`SquareName`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SquareNameError(pub String);

impl fmt::Display for SquareNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a square name (a file a-z and a rank 1-26, as in e4 or j10)",
            crate::quote::quoted(&self.0)
        )
    }
}

impl std::error::Error for SquareNameError {}

impl std::str::FromStr for SquareName {
    type Err = SquareNameError;

    fn from_str(s: &str) -> Result<SquareName, SquareNameError> {
        match SquareName::parse_prefix(s.as_bytes()) {
            Some((n, used)) if used == s.len() => Ok(n),
            _ => Err(SquareNameError(s.to_string())),
        }
    }
}

/// A set of squares named on a board, from [`BoardSize::names`]; prints as
/// `{a1, f1, c2}`.
#[derive(Clone, Copy)]
pub struct SquareNames {
    size: BoardSize,
    set: Bitboard,
}

impl fmt::Display for SquareNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.set.squares().map(|s| self.size.name(s)))
            .finish()
    }
}

impl fmt::Debug for SquareNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

mod sealed {
    /// Keeps [`BitWord`](super::BitWord) closed: the generator relies on
    /// exactly the words this module defines.
    pub trait Sealed {}
    impl Sealed for u128 {}
    impl<const N: usize> Sealed for super::Words<N> {}
}

/// The word a [`Bitboard`] keeps its bits in, one bit per square index:
/// `u128` (boards of at most 128 squares) or [`Words<N>`] (larger boards).
///
/// Its methods are the primitives the move generator needs, so that one
/// generator, generic over the word, serves every board size. Bit indices
/// at or past [`BitWord::BITS`] are not in any set: `bit` of such an index
/// is empty and `below` of it is every bit.
pub trait BitWord:
    sealed::Sealed
    + Copy
    + Send
    + Sync
    + Default
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Not<Output = Self>
{
    /// How many bits (squares) the word holds.
    const BITS: usize;
    /// No bits.
    const ZERO: Self;
    /// Whether the operations are calls rather than inlined (words of more
    /// than 4 `u64`s): a set's squares are then taken by one call each.
    const OUT_OF_LINE: bool = false;

    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// The word of bit `i` alone (empty if `i` is past the word).
    fn bit(i: usize) -> Self;
    /// Whether bit `i` is set.
    fn test(self, i: usize) -> bool;
    /// The number of bits set.
    fn count_ones(self) -> u32;
    /// The lowest bit set.
    fn lowest(self) -> Option<usize>;
    /// The highest bit set.
    fn highest(self) -> Option<usize>;
    /// The word without its lowest bit.
    fn clear_lowest(self) -> Self;
    /// Every bit below `i` (all bits if `i` is past the word).
    fn below(i: usize) -> Self;
    /// The word of bit `i` alone, for `i` below [`BitWord::BITS`] (a square
    /// of the board: past the word, the result is unspecified). For `u128`
    /// the shift of [`Square::bb`].
    fn bit_on(i: usize) -> Self;
    /// Whether bit `i` is set, for `i` below [`BitWord::BITS`] (past the
    /// word, the result is unspecified).
    fn test_on(self, i: usize) -> bool;
    /// The word rotated left by `k` bits (`k` below [`BitWord::BITS`]):
    /// a shift of the board for a move that never leaves it.
    fn rotate_left(self, k: u32) -> Self;

    /// Every bit from `i` up: the squares of an ascending ray from `i` on.
    #[inline]
    fn from_bit(i: usize) -> Self {
        !Self::below(i)
    }

    /// The bits up to and including the lowest set bit; all bits if none is
    /// set. An ascending ray masked with it ends at its first occupied square.
    fn through_lowest(self) -> Self;

    /// The bits from the highest set bit up; all bits if none is set. A
    /// descending ray masked with it ends at its first occupied square.
    fn up_from_highest(self) -> Self;

    /// Removes the lowest bit set and gives its index (`None` when no bit
    /// is set): the next square of a set's squares.
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        let w = *self;
        if w.is_zero() {
            return None;
        }
        *self = w.clear_lowest();
        w.lowest()
    }

    /// The indices of the bits set, lowest first.
    #[inline]
    fn indices(self) -> BitIndices<Self> {
        BitIndices(self)
    }
}

impl BitWord for u128 {
    const BITS: usize = 128;
    const ZERO: u128 = 0;

    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn bit(i: usize) -> u128 {
        if i < 128 { 1 << i } else { 0 }
    }
    #[inline(always)]
    fn test(self, i: usize) -> bool {
        i < 128 && self >> i & 1 != 0
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        // As `Bitboard::count`: boards of up to 64 squares leave the high
        // half empty, which skips half the work without a hardware popcount.
        let hi = (self >> 64) as u64;
        (self as u64).count_ones() + if hi == 0 { 0 } else { hi.count_ones() }
    }
    #[inline(always)]
    fn lowest(self) -> Option<usize> {
        if self == 0 {
            None
        } else {
            Some(self.trailing_zeros() as usize)
        }
    }
    #[inline(always)]
    fn highest(self) -> Option<usize> {
        (self != 0).then(|| 127 - self.leading_zeros() as usize)
    }
    #[inline(always)]
    fn clear_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn below(i: usize) -> u128 {
        if i >= 128 { u128::MAX } else { (1 << i) - 1 }
    }
    #[inline(always)]
    fn bit_on(i: usize) -> u128 {
        1u128.wrapping_shl(i as u32)
    }
    #[inline(always)]
    fn test_on(self, i: usize) -> bool {
        // A table's bit, not a variable shift (several instructions on a
        // `u128`): the generator asks this of every piece it moves.
        self & SQUARE_BITS[i % MAX_SQUARES].0 != 0
    }
    #[inline(always)]
    fn rotate_left(self, k: u32) -> u128 {
        u128::rotate_left(self, k)
    }
    #[inline(always)]
    fn through_lowest(self) -> u128 {
        self ^ self.wrapping_sub(1)
    }
    #[inline(always)]
    fn up_from_highest(self) -> u128 {
        // The extra low bit stands for "none": then every bit.
        FROM_HIGHEST[(self | 1).leading_zeros() as usize]
    }
}

/// `FROM_HIGHEST[k]`: the bits from bit `127 - k` up, for the squares of a
/// descending ray from its first occupied square on (`k` its leading zeros;
/// read rather than shifted, as `SQUARE_BITS`).
static FROM_HIGHEST: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut k = 0;
    while k < 128 {
        t[k] = u128::MAX << (127 - k);
        k += 1;
    }
    t
};

/// A bitboard word of `N` 64-bit words, for boards past 128 squares:
/// `Words<3>` holds 192 squares, `Words<6>` 384 (19x19), `Words<11>` 704
/// (26x26). Bit `i` is bit `i % 64` of word `i / 64`.
///
/// ```
/// use betza::bitboard::{BitWord, Words};
/// let w = Words::<11>::bit(675) | Words::<11>::bit(3);
/// assert_eq!((w.lowest(), w.highest(), w.count_ones()), (Some(3), Some(675), 2));
/// assert_eq!(w.indices().collect::<Vec<_>>(), [3, 675]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Words<const N: usize>(pub [u64; N]);

impl<const N: usize> Words<N> {
    /// The same bits in `M` words: the low ones kept, or zeros added.
    #[inline]
    pub(crate) fn resize<const M: usize>(self) -> Words<M> {
        let mut w = Words([0; M]);
        for (a, b) in w.0.iter_mut().zip(self.0) {
            *a = b;
        }
        w
    }
}

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words([0; N])
    }
}

impl<const N: usize> fmt::Debug for Words<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Words")?;
        f.debug_list().entries(self.indices()).finish()
    }
}

/// Words up to this many are handled inline (the loops unrolled: `Large`'s
/// `Words<4>`, Chu Shogi's speed); past it each operation is a call to one
/// loop compiled once per `N` (`Huge`'s `Words<11>`, which no speed goal
/// covers: inlined, its 11-word code was most of the size of its
/// generator, docs/web.md "Size"). `N` is a constant, so the test is
/// compiled away.
const INLINE_WORDS: usize = 4;

macro_rules! words_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $wide:ident) => {
        impl<const N: usize> $tr for Words<N> {
            type Output = Words<N>;
            #[inline(always)]
            fn $f(mut self, rhs: Words<N>) -> Words<N> {
                if N > INLINE_WORDS {
                    Words::$wide(&mut self, &rhs);
                    return self;
                }
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
                self
            }
        }
        impl<const N: usize> $tra for Words<N> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Words<N>) {
                if N > INLINE_WORDS {
                    return Words::$wide(self, &rhs);
                }
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
        impl<const N: usize> Words<N> {
            /// The operation out of line, for words past [`INLINE_WORDS`].
            #[inline(never)]
            fn $wide(&mut self, rhs: &Words<N>) {
                for i in 0..N {
                    self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
words_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=, and_wide);
words_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=, or_wide);
words_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=, xor_wide);

impl<const N: usize> Not for Words<N> {
    type Output = Words<N>;
    #[inline(always)]
    fn not(mut self) -> Words<N> {
        if N > INLINE_WORDS {
            self.not_wide();
            return self;
        }
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

/// The [`BitWord`] operations of words past [`INLINE_WORDS`], out of line.
impl<const N: usize> Words<N> {
    #[inline(never)]
    fn not_wide(&mut self) {
        for a in &mut self.0 {
            *a = !*a;
        }
    }
    #[inline(never)]
    fn is_zero_wide(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(never)]
    fn bit_wide(i: usize) -> Words<N> {
        let mut w = Self::ZERO;
        if let Some(x) = w.0.get_mut(i / 64) {
            *x = 1 << (i % 64);
        }
        w
    }
    #[inline(never)]
    fn count_ones_wide(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(never)]
    fn lowest_wide(&self) -> Option<usize> {
        let (k, w) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(64 * k + w.trailing_zeros() as usize)
    }
    #[inline(never)]
    fn highest_wide(&self) -> Option<usize> {
        let (k, w) = self.0.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Some(64 * k + 63 - w.leading_zeros() as usize)
    }
    #[inline(never)]
    fn clear_lowest_wide(&mut self) {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
    }
    #[inline(never)]
    fn pop_lowest_wide(&mut self) -> Option<usize> {
        let (k, w) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let i = w.trailing_zeros() as usize;
        *w &= *w - 1;
        Some(64 * k + i)
    }
    #[inline(never)]
    fn below_wide(i: usize) -> Words<N> {
        Self::below_words(i)
    }
    #[inline(always)]
    fn below_words(i: usize) -> Words<N> {
        let mut w = Self::ZERO;
        for (k, x) in w.0.iter_mut().enumerate() {
            let lo = 64 * k;
            *x = if i >= lo + 64 {
                u64::MAX
            } else if i > lo {
                (1 << (i - lo)) - 1
            } else {
                0
            };
        }
        w
    }
    #[inline(never)]
    fn through_lowest_wide(&mut self) {
        self.through_lowest_words()
    }
    #[inline(always)]
    fn through_lowest_words(&mut self) {
        let mut found = false;
        for w in &mut self.0 {
            *w = if found {
                0
            } else if *w == 0 {
                u64::MAX
            } else {
                found = true;
                *w ^ (*w - 1)
            };
        }
    }
    #[inline(never)]
    fn up_from_highest_wide(&mut self) {
        self.up_from_highest_words()
    }
    #[inline(always)]
    fn up_from_highest_words(&mut self) {
        let mut found = false;
        for w in self.0.iter_mut().rev() {
            *w = if found {
                0
            } else if *w == 0 {
                u64::MAX
            } else {
                found = true;
                u64::MAX << (63 - w.leading_zeros())
            };
        }
    }
}

impl<const N: usize> BitWord for Words<N> {
    const BITS: usize = 64 * N;
    const ZERO: Words<N> = Words([0; N]);
    const OUT_OF_LINE: bool = N > INLINE_WORDS;

    #[inline(always)]
    fn is_zero(self) -> bool {
        if N > INLINE_WORDS {
            return self.is_zero_wide();
        }
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn bit(i: usize) -> Words<N> {
        if N > INLINE_WORDS {
            return Self::bit_wide(i);
        }
        let mut w = Self::ZERO;
        if let Some(x) = w.0.get_mut(i / 64) {
            *x = 1 << (i % 64);
        }
        w
    }
    #[inline(always)]
    fn test(self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|&x| x >> (i % 64) & 1 != 0)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        if N > INLINE_WORDS {
            return self.count_ones_wide();
        }
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lowest(self) -> Option<usize> {
        if N > INLINE_WORDS {
            return self.lowest_wide();
        }
        let (k, w) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(64 * k + w.trailing_zeros() as usize)
    }
    #[inline(always)]
    fn highest(self) -> Option<usize> {
        if N > INLINE_WORDS {
            return self.highest_wide();
        }
        let (k, w) = self.0.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Some(64 * k + 63 - w.leading_zeros() as usize)
    }
    #[inline(always)]
    fn clear_lowest(mut self) -> Words<N> {
        if N > INLINE_WORDS {
            self.clear_lowest_wide();
            return self;
        }
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        self
    }
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<usize> {
        if N > INLINE_WORDS {
            return self.pop_lowest_wide();
        }
        let w = *self;
        if w.is_zero() {
            return None;
        }
        *self = w.clear_lowest();
        w.lowest()
    }
    #[inline(always)]
    fn below(i: usize) -> Words<N> {
        if N > INLINE_WORDS {
            return Self::below_wide(i);
        }
        Self::below_words(i)
    }
    #[inline(always)]
    fn bit_on(i: usize) -> Words<N> {
        Self::bit(i)
    }
    #[inline(always)]
    fn test_on(self, i: usize) -> bool {
        self.test(i)
    }
    fn rotate_left(self, k: u32) -> Words<N> {
        let k = k as usize % Self::BITS;
        let (w, b) = (k / 64, (k % 64) as u32);
        let mut out = Self::ZERO;
        for i in 0..N {
            let lo = self.0[(i + N - w) % N];
            let hi = self.0[(i + 2 * N - w - 1) % N];
            out.0[i] = if b == 0 { lo } else { lo << b | hi >> (64 - b) };
        }
        out
    }
    #[inline(always)]
    fn through_lowest(mut self) -> Words<N> {
        if N > INLINE_WORDS {
            self.through_lowest_wide();
        } else {
            self.through_lowest_words();
        }
        self
    }
    #[inline(always)]
    fn up_from_highest(mut self) -> Words<N> {
        if N > INLINE_WORDS {
            self.up_from_highest_wide();
        } else {
            self.up_from_highest_words();
        }
        self
    }
}

/// The type of a board: the word of its bitboards, the most squares and
/// piece types it holds, and the storage of a position's per-type
/// bitboards and mailbox (arrays sized by the board type, as stable Rust
/// has no arrays sized by an associated constant). Sealed: [`Small`] and
/// [`Large`] are the only board types.
///
/// The position, its make and unmake, and (as the conversion goes on) the
/// generator are written once, generic over the board type, and
/// monomorphised: for [`Small`] they compile to the code of the `u128`
/// board of before (module docs).
pub trait Board:
    board_sealed::Sealed + Copy + fmt::Debug + Default + Eq + Hash + Send + Sync + 'static
{
    /// The word a bitboard of this board keeps its bits in.
    type Word: BitWord;
    /// A position's bitboard per piece type: `[Bitboard<Word>; MAX_ROLES]`.
    type Roles: Copy
        + Send
        + Sync
        + Eq
        + Hash
        + fmt::Debug
        + AsRef<[Bitboard<Self::Word>]>
        + AsMut<[Bitboard<Self::Word>]>
        + std::ops::Index<usize, Output = Bitboard<Self::Word>>
        + std::ops::IndexMut<usize>;
    /// A position's mailbox, one board code (a byte) per square:
    /// `[u8; MAX_SQUARES]`.
    type Mailbox: Copy
        + Send
        + Sync
        + Eq
        + Hash
        + fmt::Debug
        + AsRef<[u8]>
        + AsMut<[u8]>
        + std::ops::Index<usize, Output = u8>
        + std::ops::IndexMut<usize>;
    /// A position's hand counts: packed into the small board's spare
    /// bytes (at most [`crate::variant::MAX_HAND_TYPES`] types), a byte
    /// each on the large boards.
    type Hands: crate::position::hands::HandCounts;
    /// The most squares a board of this type has.
    const MAX_SQUARES: usize;
    /// The most piece types a variant on a board of this type has.
    const MAX_ROLES: usize;
    /// Make and unmake take their fast path for moves between squares
    /// below this: `Square(u16::MAX)` marks a move that took the other one.
    const PLAIN_SQUARES: usize;
    /// Compiled for size rather than speed: the generator's callers (the
    /// rules' paths, each with its own sink) share one compiled copy of it
    /// through a `dyn` sink rather than each inlining its own. [`Huge`]'s
    /// (no speed goal covers boards past 256 squares; the web module's
    /// size, docs/web.md "Size").
    const COMPACT: bool = false;
    /// Every piece type's bitboard empty.
    const NO_ROLES: Self::Roles;
    /// Every square empty.
    const NO_PIECES: Self::Mailbox;
    /// No squares: `Bitboard::EMPTY` in this board's word.
    const EMPTY: Bitboard<Self::Word>;

    /// The bitboard of `sq` alone, shifted ([`Square::bb`] on a small
    /// board), for a square of the board.
    fn bb(sq: Square) -> Bitboard<Self::Word>;
    /// The bitboard of `sq` alone, read from a table on a small board (a
    /// variable shift of a `u128` takes several instructions).
    fn square_bit(sq: Square) -> Bitboard<Self::Word>;

    /// A set of squares of a board of at most 128 squares (what a
    /// definition's regions hold) in this board's word.
    fn widen(set: Bitboard) -> Bitboard<Self::Word>;
    /// A definition's region ([`crate::RegionWord`]) in this board's word:
    /// on a small board its squares below 128, all it can hold.
    fn from_region(set: Bitboard<crate::RegionWord>) -> Bitboard<Self::Word>;

    /// The variant's move tables for this board type.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn tables(v: &crate::Variant) -> &crate::tables::Tables<Self::Word>;
    /// `[colour][role]`: where a move of the type must promote.
    #[doc(hidden)]
    fn must_promote(v: &crate::Variant, color: Color) -> &[Bitboard<Self::Word>];
    /// The variant's promotion scheme, its zones in this board's word.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn promotion(v: &crate::Variant) -> &crate::variant::Promotion<Self::Word>;
    /// The variant's drop rules, their regions in this board's word.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn drops(v: &crate::Variant) -> Option<&crate::variant::DropRules<Self::Word>>;
    /// The board of `files` x `ranks` if this board type holds it.
    #[doc(hidden)]
    fn new_size(files: u8, ranks: u8) -> Option<BoardSize>;
    /// Stores a large board type's compiled data in the variant (what
    /// [`Board::tables`] and the others read); [`Small`] has none.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn attach(v: &mut crate::Variant, data: crate::variant::LargeData<Self::Word>);
}

mod board_sealed {
    /// Keeps [`Board`](super::Board) closed: the position's layout and the
    /// generator rely on exactly these board types.
    pub trait Sealed {}
    impl Sealed for super::Small {}
    impl Sealed for super::Large {}
    impl Sealed for super::Huge {}
}

/// The board type of every variant of at most 128 squares and 20 piece
/// types: `u128` bitboards, the position of 528 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Small;

impl Board for Small {
    type Word = u128;
    type Roles = [Bitboard; crate::variant::MAX_ROLES];
    type Mailbox = [u8; MAX_SQUARES];
    type Hands = crate::position::hands::Hands;
    const MAX_SQUARES: usize = MAX_SQUARES;
    const MAX_ROLES: usize = crate::variant::MAX_ROLES;
    const PLAIN_SQUARES: usize = MAX_SQUARES;
    const NO_ROLES: Self::Roles = [Bitboard::EMPTY; crate::variant::MAX_ROLES];
    const NO_PIECES: Self::Mailbox = [0; MAX_SQUARES];
    const EMPTY: Bitboard = Bitboard::EMPTY;

    #[inline(always)]
    fn bb(sq: Square) -> Bitboard {
        // Read, as `test_on`: fewer instructions than a variable shift of a
        // `u128`, which in wasm32 is a call (`__ashlti3`).
        square_bit(sq)
    }
    #[inline(always)]
    fn square_bit(sq: Square) -> Bitboard {
        square_bit(sq)
    }
    #[inline(always)]
    fn widen(set: Bitboard) -> Bitboard {
        set
    }
    #[inline]
    fn from_region(set: Bitboard<crate::RegionWord>) -> Bitboard {
        crate::Region {
            white: set,
            black: set,
        }
        .narrow()
        .white
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn tables(v: &crate::Variant) -> &crate::tables::Tables {
        &v.tables
    }
    #[inline(always)]
    fn must_promote(v: &crate::Variant, color: Color) -> &[Bitboard] {
        &v.must_promote[color.index()]
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn promotion(v: &crate::Variant) -> &crate::variant::Promotion {
        &v.promotion
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn drops(v: &crate::Variant) -> Option<&crate::variant::DropRules> {
        v.drops.as_ref()
    }
    fn new_size(files: u8, ranks: u8) -> Option<BoardSize> {
        BoardSize::new(files, ranks)
    }
    #[allow(private_interfaces)]
    fn attach(_: &mut crate::Variant, _: crate::variant::LargeData<u128>) {
        // A small board's data is the variant's own fields.
    }
}

/// The most squares of a [`Large`] board: 16x16 (larger boards take
/// [`Huge`], whose wider bitboards would slow Chu Shogi's 12x12).
pub const MAX_LARGE_SQUARES: usize = 256;
/// The most piece types of a variant on a [`Large`] board: the board code
/// keeps a type in 6 bits (`role + 1`, 0 for empty).
pub const MAX_LARGE_ROLES: usize = 64;

/// The board type of variants past [`Small`]: up to
/// [`MAX_LARGE_SQUARES`] squares (Chu Shogi's 12x12, 16x16) and
/// [`MAX_LARGE_ROLES`] piece types, bitboards of four 64-bit words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Large;

impl Board for Large {
    type Word = Words<4>;
    type Roles = [Bitboard<Words<4>>; MAX_LARGE_ROLES];
    type Mailbox = [u8; MAX_LARGE_SQUARES];
    type Hands = crate::position::hands::WideHands;
    const MAX_SQUARES: usize = MAX_LARGE_SQUARES;
    const MAX_ROLES: usize = MAX_LARGE_ROLES;
    const PLAIN_SQUARES: usize = u16::MAX as usize;
    const NO_ROLES: Self::Roles = [Bitboard(Words([0; 4])); MAX_LARGE_ROLES];
    const NO_PIECES: Self::Mailbox = [0; MAX_LARGE_SQUARES];
    const EMPTY: Bitboard<Words<4>> = Bitboard(Words([0; 4]));

    #[inline(always)]
    fn bb(sq: Square) -> Bitboard<Words<4>> {
        Bitboard(Words::bit(sq.index()))
    }
    #[inline(always)]
    fn square_bit(sq: Square) -> Bitboard<Words<4>> {
        Bitboard(Words::bit(sq.index()))
    }
    #[inline]
    fn widen(set: Bitboard) -> Bitboard<Words<4>> {
        Bitboard(Words([set.0 as u64, (set.0 >> 64) as u64, 0, 0]))
    }
    #[inline]
    fn from_region(set: Bitboard<crate::RegionWord>) -> Bitboard<Words<4>> {
        Bitboard(set.0.resize())
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn tables(v: &crate::Variant) -> &crate::tables::Tables<Words<4>> {
        &v.large().tables
    }
    #[inline(always)]
    fn must_promote(v: &crate::Variant, color: Color) -> &[Bitboard<Words<4>>] {
        &v.large().must_promote[color.index()]
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn promotion(v: &crate::Variant) -> &crate::variant::Promotion<Words<4>> {
        &v.large().promotion
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn drops(v: &crate::Variant) -> Option<&crate::variant::DropRules<Words<4>>> {
        v.large().drops.as_ref()
    }
    fn new_size(files: u8, ranks: u8) -> Option<BoardSize> {
        BoardSize::new_large(files, ranks)
    }
    #[allow(private_interfaces)]
    fn attach(v: &mut crate::Variant, data: crate::variant::LargeData<Words<4>>) {
        v.large = Some(Box::new(data));
    }
}

const _: () = assert!(<<Large as Board>::Word as BitWord>::BITS >= MAX_LARGE_SQUARES);

/// The most squares of a [`Huge`] board: 26x26, files `a`..`z` and ranks
/// 1..26 ([`BoardSize::new_huge`]).
pub const MAX_HUGE_SQUARES: usize = MAX_NAME_FILES as usize * MAX_NAME_RANKS as usize;
/// The most piece types of a variant on a [`Huge`] board: as [`Large`].
pub const MAX_HUGE_ROLES: usize = MAX_LARGE_ROLES;

/// The board type of the largest boards: up to 26x26 ([`MAX_HUGE_SQUARES`]
/// squares, Maka Dai Dai Shogi's 19x19, Taikyoku's 25x25) and
/// [`MAX_HUGE_ROLES`] piece types, bitboards of eleven 64-bit words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Huge;

impl Board for Huge {
    type Word = Words<11>;
    type Roles = [Bitboard<Words<11>>; MAX_HUGE_ROLES];
    type Mailbox = [u8; MAX_HUGE_SQUARES];
    type Hands = crate::position::hands::WideHands;
    const MAX_SQUARES: usize = MAX_HUGE_SQUARES;
    const MAX_ROLES: usize = MAX_HUGE_ROLES;
    const PLAIN_SQUARES: usize = u16::MAX as usize;
    const COMPACT: bool = true;
    const NO_ROLES: Self::Roles = [Bitboard(Words([0; 11])); MAX_HUGE_ROLES];
    const NO_PIECES: Self::Mailbox = [0; MAX_HUGE_SQUARES];
    const EMPTY: Bitboard<Words<11>> = Bitboard(Words([0; 11]));

    #[inline(always)]
    fn bb(sq: Square) -> Bitboard<Words<11>> {
        Bitboard(Words::bit(sq.index()))
    }
    #[inline(always)]
    fn square_bit(sq: Square) -> Bitboard<Words<11>> {
        Bitboard(Words::bit(sq.index()))
    }
    #[inline]
    fn widen(set: Bitboard) -> Bitboard<Words<11>> {
        let mut w = Words([0; 11]);
        (w.0[0], w.0[1]) = (set.0 as u64, (set.0 >> 64) as u64);
        Bitboard(w)
    }
    #[inline]
    fn from_region(set: Bitboard<crate::RegionWord>) -> Bitboard<Words<11>> {
        set
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn tables(v: &crate::Variant) -> &crate::tables::Tables<Words<11>> {
        &v.huge().tables
    }
    #[inline(always)]
    fn must_promote(v: &crate::Variant, color: Color) -> &[Bitboard<Words<11>>] {
        &v.huge().must_promote[color.index()]
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn promotion(v: &crate::Variant) -> &crate::variant::Promotion<Words<11>> {
        &v.huge().promotion
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn drops(v: &crate::Variant) -> Option<&crate::variant::DropRules<Words<11>>> {
        v.huge().drops.as_ref()
    }
    fn new_size(files: u8, ranks: u8) -> Option<BoardSize> {
        BoardSize::new_huge(files, ranks)
    }
    #[allow(private_interfaces)]
    fn attach(v: &mut crate::Variant, data: crate::variant::LargeData<Words<11>>) {
        v.huge = Some(Box::new(data));
    }
}

const _: () = assert!(<<Huge as Board>::Word as BitWord>::BITS >= MAX_HUGE_SQUARES);

/// The indices of the bits of a [`BitWord`], lowest first: what
/// [`BitWord::indices`] returns.
#[derive(Clone, Debug)]
pub struct BitIndices<W>(W);

impl<W: BitWord> Iterator for BitIndices<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let i = self.0.lowest()?;
        self.0 = self.0.clear_lowest();
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> ExactSizeIterator for BitIndices<W> {}
impl<W: BitWord> std::iter::FusedIterator for BitIndices<W> {}

/// The set operations of a [`Bitboard`] of any word, for code generic over
/// the board size, for squares of the board (as the inherent methods: a
/// square past the word gives an unspecified answer). `Bitboard<u128>` also has them as inherent `const`
/// methods of the same names and meaning (those win where the word is
/// known to be `u128`).
///
/// ```
/// use betza::bitboard::{Bitboard, SquareSet, Words};
/// use betza::Square;
/// let set = <Bitboard<Words<3>>>::empty().with(Square(150)).with(Square(2));
/// assert_eq!((set.count(), set.first()), (2, Some(Square(2))));
/// assert!(set.contains(Square(150)) && !set.without(Square(150)).contains(Square(150)));
/// ```
pub trait SquareSet: Sized {
    /// No squares.
    fn empty() -> Self;
    /// Whether the set is empty.
    // By value, as the inherent method: a bitboard is a small `Copy` value.
    #[allow(clippy::wrong_self_convention)]
    fn is_empty(self) -> bool;
    /// Whether `sq` is in the set.
    fn contains(self, sq: Square) -> bool;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square, if any.
    fn first(self) -> Option<Square>;
    /// The set with `sq` added.
    fn with(self, sq: Square) -> Self;
    /// The set with `sq` removed.
    fn without(self, sq: Square) -> Self;
    /// The set of `sq` alone.
    fn of(sq: Square) -> Self;
}

impl<W: BitWord> SquareSet for Bitboard<W> {
    #[inline(always)]
    fn empty() -> Self {
        Bitboard(W::ZERO)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.is_zero()
    }
    #[inline(always)]
    fn contains(self, sq: Square) -> bool {
        self.0.test_on(sq.index())
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline(always)]
    fn first(self) -> Option<Square> {
        // A `Square` is a `u8` until the board type widens it (module docs).
        self.0.lowest().map(|i| Square(i as u16))
    }
    #[inline(always)]
    fn with(self, sq: Square) -> Self {
        Bitboard(self.0 | W::bit_on(sq.index()))
    }
    #[inline(always)]
    fn without(self, sq: Square) -> Self {
        Bitboard(self.0 & !W::bit_on(sq.index()))
    }
    #[inline(always)]
    fn of(sq: Square) -> Self {
        Bitboard(W::bit_on(sq.index()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few words of every shape: empty, full, single bits at the edges of
    /// the 64-bit words, and scattered bits.
    fn samples() -> Vec<u128> {
        let mut v = vec![
            0,
            u128::MAX,
            1,
            1 << 63,
            1 << 64,
            1 << 127,
            0x8000_0001 << 60,
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834_u128;
        for _ in 0..40 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(x);
        }
        v
    }

    fn words(x: u128) -> Words<2> {
        Words([x as u64, (x >> 64) as u64])
    }

    fn back(w: Words<2>) -> u128 {
        w.0[0] as u128 | (w.0[1] as u128) << 64
    }

    #[test]
    fn words_of_two_agree_with_u128_on_every_primitive() {
        for a in samples() {
            let w = words(a);
            assert_eq!(w.is_zero(), a.is_zero());
            assert_eq!(w.count_ones(), BitWord::count_ones(a), "{a:#x}");
            assert_eq!(w.lowest(), a.lowest(), "{a:#x}");
            assert_eq!(w.highest(), a.highest(), "{a:#x}");
            assert_eq!(back(w.clear_lowest()), a.clear_lowest(), "{a:#x}");
            assert_eq!(back(!w), !a);
            assert!(w.indices().eq(a.indices()));
            assert_eq!(back(w.through_lowest()), a.through_lowest(), "{a:#x}");
            assert_eq!(back(w.up_from_highest()), a.up_from_highest(), "{a:#x}");
            for k in [0, 1, 5, 63, 64, 65, 100, 127] {
                assert_eq!(
                    back(w.rotate_left(k)),
                    BitWord::rotate_left(a, k),
                    "{a:#x} {k}"
                );
            }
            // Against their definitions.
            let lowest = a.lowest().map_or(u128::MAX, |i| u128::below(i + 1));
            assert_eq!(a.through_lowest(), lowest, "{a:#x}");
            let highest = a.highest().map_or(u128::MAX, u128::from_bit);
            assert_eq!(a.up_from_highest(), highest, "{a:#x}");
            for b in samples() {
                assert_eq!(back(w & words(b)), a & b);
                assert_eq!(back(w | words(b)), a | b);
                assert_eq!(back(w ^ words(b)), a ^ b);
            }
        }
        for i in 0..=130 {
            assert_eq!(back(Words::<2>::bit(i)), u128::bit(i), "bit {i}");
            assert_eq!(back(Words::<2>::below(i)), u128::below(i), "below {i}");
            assert_eq!(back(Words::<2>::from_bit(i)), u128::from_bit(i), "from {i}");
            for a in samples() {
                assert_eq!(words(a).test(i), a.test(i));
            }
        }
    }

    #[test]
    fn u128_primitives_match_the_bitboard_methods_of_today() {
        for a in samples() {
            let bb = Bitboard(a);
            assert_eq!(bb.count(), SquareSet::count(bb));
            assert_eq!(bb.first(), SquareSet::first(bb));
            assert_eq!(bb.is_empty(), SquareSet::is_empty(bb));
            for i in 0..128u16 {
                let sq = Square(i);
                assert_eq!(bb.contains(sq), SquareSet::contains(bb, sq));
                assert_eq!(bb.with(sq), SquareSet::with(bb, sq));
                assert_eq!(bb.without(sq), SquareSet::without(bb, sq));
            }
            let past: Vec<usize> = bb.squares().map(Square::index).collect();
            assert!(a.indices().eq(past));
        }
    }

    #[test]
    fn a_26x26_board_fits_eleven_words_and_its_corners_are_kept() {
        const SQUARES: usize = 26 * 26;
        type Big = Words<11>;
        const { assert!(Big::BITS >= SQUARES && Words::<10>::BITS < SQUARES) };
        let all = Big::below(SQUARES);
        assert_eq!(all.count_ones(), SQUARES as u32);
        assert_eq!((all.lowest(), all.highest()), (Some(0), Some(SQUARES - 1)));
        // The squares of a rank as seen by a descending ray: all below z26.
        let last = Big::bit(SQUARES - 1);
        assert_eq!((all & !last).highest(), Some(SQUARES - 2));
        assert_eq!(
            (Big::from_bit(300) & all).count_ones(),
            (SQUARES - 300) as u32
        );
        assert!(Big::bit(704).is_zero() && !Big::bit(703).test(702));
        assert_eq!(Big::below(704), !Big::ZERO);
        let ones: Vec<usize> = (0..SQUARES).step_by(25).collect();
        let set = ones.iter().fold(Big::ZERO, |w, &i| w | Big::bit(i));
        assert!(set.indices().eq(ones.iter().copied()));
        assert_eq!(format!("{:?}", Bitboard(Big::bit(675))), "Bitboard[675]");
    }
}
