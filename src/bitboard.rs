//! Squares, colours, board geometry and the `u128` bitboard every board fits in.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The most squares a board may have: one bit each in a `u128`.
pub const MAX_SQUARES: usize = 128;
/// The most files (`a`..`p`) and the most ranks a board may have.
pub const MAX_FILES: u8 = 16;
/// The most ranks a board may have.
pub const MAX_RANKS: u8 = 16;

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
pub struct Square(pub u8);

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
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bitboard")?;
        f.debug_list().entries(self.squares().map(|s| s.0)).finish()
    }
}

/// The squares of a [`Bitboard`], lowest first: what
/// [`Bitboard::squares`] returns.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.0.first()?;
        self.0.0 &= self.0.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl std::iter::FusedIterator for Squares {}

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
            Some(Square(self.0.trailing_zeros() as u8))
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

    /// The squares of the set, lowest first.
    #[inline]
    pub const fn squares(self) -> Squares {
        Squares(self)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    /// The squares, lowest first: `for sq in bitboard`.
    #[inline]
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
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
        if n == 128 {
            Bitboard(u128::MAX)
        } else {
            Bitboard((1u128 << n) - 1)
        }
    }

    /// The square at 0-based `file` and `rank`, if on the board.
    #[inline]
    pub const fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(Square((rank * self.files as i32 + file) as u8))
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
        sq.0 % self.files
    }

    /// The 0-based rank of `sq`.
    #[inline]
    pub const fn rank(self, sq: Square) -> u8 {
        sq.0 / self.files
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
        out.push_str(&r.to_string());
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
/// It reads and writes square names (files `a`..`p`, ranks 1..16, no
/// zero-padding) for any board up to 16x16; [`SquareName::to_square`] binds
/// it to a board, [`BoardSize::name`] names a [`Square`]. `Debug` and
/// `Display` both print the name.
///
/// ```
/// use betza::SquareName;
/// let n: SquareName = "j10".parse()?;
/// assert_eq!((n.file(), n.rank()), (9, 9));
/// assert_eq!(n.to_string(), "j10");
/// assert!("a0".parse::<SquareName>().is_err());
/// assert!("q1".parse::<SquareName>().is_err());
/// # Ok::<_, betza::SquareNameError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl SquareName {
    /// The name of 0-based `file` and `rank`; `None` beyond 16 files or ranks.
    pub const fn new(file: u8, rank: u8) -> Option<SquareName> {
        if file < MAX_FILES && rank < MAX_RANKS {
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
    /// Takes a two-digit rank when it is a rank (10..16).
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<(SquareName, usize)> {
        let f = *bytes.first()?;
        if !(b'a'..b'a' + MAX_FILES).contains(&f) {
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
            "{} is not a square name (a file a-p and a rank 1-16, as in e4 or j10)",
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
