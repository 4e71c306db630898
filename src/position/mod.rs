//! The position: placement, side to move, castling rights, en passant, counters.

// The position's parts, each a file of this folder.
pub(crate) mod castling;
pub(crate) mod clock;
pub(crate) mod enclosing;
pub(crate) mod explosions;
pub(crate) mod first_moves;
pub(crate) mod fog;
pub(crate) mod forced;
pub(crate) mod gating;
pub(crate) mod hands;
pub(crate) mod movegen;
pub mod moves;
pub(crate) mod no_check;
pub mod owned;
pub mod perft;
pub(crate) mod placement;
pub mod query;
pub mod setup;
pub(crate) mod shifts;
pub(crate) mod special;
pub mod zobrist;

use std::fmt;

use crate::bitboard::{
    Bitboard, Board, BoardSize, Color, OptSquare, Small, Square, SquareName, SquareSet,
};
use crate::fen::FenError;
use crate::moves::{Move, MoveError, MoveFlags, MoveList};
use crate::position::hands::HandCounts;
use crate::variant::{
    MAX_DEF_ROLES, NO_SLOT, PieceType, PromotionText, Role, StalemateRule, Variant,
};

/// The board-code bit of a piece promoted from a pawn (FEN `~`).
///
/// A board code is 0 for an empty square, else `role + 1` in the low seven
/// bits, plus 0x80 for Black, plus `MARKED` for a marked piece. The 64th
/// type's `role + 1` is 0x40 itself: a variant that marks pieces has at most
/// 63 types, so the low six bits of `code - 1` are the role either way, and
/// a code is marked only with a nonzero `role + 1` beside the bit.
pub(crate) const MARKED: u8 = 0x40;

/// The role of a nonzero board code (see [`MARKED`]).
#[inline(always)]
pub(crate) const fn code_role(code: u8) -> usize {
    (code.wrapping_sub(1) & 0x3f) as usize
}

/// Whether a board code is of a marked piece (see [`MARKED`]).
#[inline(always)]
pub(crate) const fn code_marked(code: u8) -> bool {
    code & MARKED != 0 && code & 0x3f != 0
}

/// A piece: its type and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece type.
    pub role: Role,
    /// Its side.
    pub color: Color,
}

impl Piece {
    /// This piece's type in `variant` (its name, token, moves), or `None` if
    /// its role is not one of that variant's.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::start(v);
    /// let piece = pos.piece_at(pos.square("g8").unwrap()).unwrap();
    /// assert_eq!(piece.piece_type(v).unwrap().name, "Knight");
    /// assert_eq!(piece.token(v).unwrap().to_string(), "N");
    /// assert_eq!(piece.fen_token(v).unwrap(), "n");
    /// ```
    pub fn piece_type(self, variant: &Variant) -> Option<&PieceType> {
        variant.piece_type(self.role)
    }

    /// Its type's token (`N`, `+F`; print it for a side with
    /// [`PieceToken::fen`](crate::PieceToken::fen)).
    pub fn token(self, variant: &Variant) -> Option<crate::PieceToken> {
        Some(self.piece_type(variant)?.token)
    }

    /// The piece as written in FEN: its type's token, lowercase for Black
    /// (`N`, `n`, `+f`).
    pub fn fen_token(self, variant: &Variant) -> Option<String> {
        Some(self.token(variant)?.fen(self.color))
    }
}

/// A move shown with its position's names, from [`Position::debug_move`]:
/// `Display` writes the move text (`e2e4`), `Debug` the squares by name and
/// the piece tokens.
#[derive(Clone, Copy)]
pub struct MoveDebug<'a, B: Board = Small> {
    pos: &'a Position<'a, B>,
    m: Move,
}

impl<B: Board> fmt::Debug for MoveDebug<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.pos.variant;
        let size = v.size;
        // Tokens only for roles of this variant: a hand-made move may name any.
        let token = |r: Role| match v.piece_type(r) {
            Some(t) => t.token.to_string(),
            None => format!("{r:?}"),
        };
        let mut d = f.debug_struct("Move");
        d.field("piece", &format_args!("{}", token(self.m.role)))
            .field("from", &size.name(self.m.from))
            .field("to", &size.name(self.m.to));
        if let Some(c) = self.m.captured() {
            d.field("captured", &format_args!("{}", token(c)));
        }
        if let Some(via) = self.m.via() {
            d.field("via", &size.name(via));
        }
        if let Some(c) = self.m.via_captured() {
            d.field("via_captured", &format_args!("{}", token(c)));
        }
        if let Some(p) = self.m.promotion() {
            d.field("promotion", &format_args!("{}", token(p)));
        }
        if let (Some(g), Some(sq)) = (self.m.gate(), self.m.gate_square()) {
            d.field("gate", &format_args!("{}", token(g)))
                .field("gate_square", &size.name(sq));
        }
        if !self.m.flags.is_empty() {
            d.field("flags", &self.m.flags);
        }
        d.finish()
    }
}

impl<B: Board> fmt::Display for MoveDebug<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pos.move_text(&self.m))
    }
}

/// How a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side was left with its royal piece alone (Shatranj, Courier).
    BareKing,
    /// Neither side can win: only royal pieces, or material the variant
    /// lists as dead ([`Position::is_insufficient_material`]).
    InsufficientMaterial,
    /// The variant's n-fold repetition ended the game.
    Repetition,
    /// A repetition in which a side gave check with every one of its moves.
    PerpetualCheck,
    /// The variant's n-move rule ended the game.
    MoveRule,
    /// Makruk's count ran out.
    Counting,
    /// Royal capture: the side has no royal piece left (Chu Shogi).
    RoyalCaptured,
    /// A capture exploded the side's royal piece (`[rules] explosions`,
    /// atomic).
    Explosion,
    /// A piece reached a region that wins (`[rules] region-win`: king of
    /// the hill, racing kings; a draw when both reached, racing kings).
    Region,
    /// The side gave its n-th check (`[rules] check-limit`, three-check).
    Checks,
    /// A side has no piece left (`[rules] extinction`: antichess, horde).
    Extinction,
    /// Both sides passed in a row (`[rules] pass`): drawn, or decided by
    /// material counting.
    Passes,
    /// A pass left the royal pieces facing each other (`[rules] bikjang`,
    /// Janggi): drawn, or decided by material counting.
    Bikjang,
    /// A repetition in which a side chased a piece with every one of its
    /// moves (`[game-end] chasing`, Xiangqi's rules); both doing so is a
    /// draw.
    PerpetualChase,
    /// The board is full (`[rules] full-board`: Othello, Ataxx): drawn, or
    /// decided by material counting.
    FullBoard,
}

impl EndReason {
    /// The rule's name in words, as PGN's `Termination` tag and the XBoard
    /// result line write it: `"checkmate"`, `"stalemate"`, `"bare king"`,
    /// `"insufficient material"`, `"repetition"`, `"perpetual check"`,
    /// `"move rule"`, `"counting"`, `"royal captured"`.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BareKing => "bare king",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::MoveRule => "move rule",
            EndReason::Counting => "counting",
            EndReason::RoyalCaptured => "royal captured",
            EndReason::Explosion => "explosion",
            EndReason::Region => "region",
            EndReason::Checks => "checks",
            EndReason::Extinction => "extinction",
            EndReason::Passes => "passes",
            EndReason::Bikjang => "bikjang",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::FullBoard => "full board",
        }
    }

    /// Reads [`EndReason::as_str`]'s text back.
    pub fn from_name(name: &str) -> Option<EndReason> {
        const ALL: [EndReason; 17] = [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::BareKing,
            EndReason::InsufficientMaterial,
            EndReason::Repetition,
            EndReason::PerpetualCheck,
            EndReason::MoveRule,
            EndReason::Counting,
            EndReason::RoyalCaptured,
            EndReason::Explosion,
            EndReason::Region,
            EndReason::Checks,
            EndReason::Extinction,
            EndReason::Passes,
            EndReason::Bikjang,
            EndReason::PerpetualChase,
            EndReason::FullBoard,
        ];
        ALL.into_iter().find(|r| r.as_str() == name)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = self.reason.as_str();
        match self.winner {
            Some(c) => write!(f, "{c} wins by {why}"),
            None => write!(f, "draw by {why}"),
        }
    }
}

/// A position of a variant: a small `Copy` value (about 500 bytes) that
/// borrows its [`Variant`].
///
/// Construct one with [`Position::start`] or [`Position::from_fen`]; every
/// position that exists is valid (one royal piece a side, confinement kept,
/// the side not to move not in check, castling rights backed by pieces).
///
/// ```
/// use betza::{Position, Variant};
/// let v = Variant::by_name("decimaka").unwrap();
/// let pos = Position::start(v);
/// assert_eq!(pos.legal_moves().len(), 50);
/// let m = pos.parse_move("e3e5")?;
/// let next = pos.play(&m)?;
/// assert_eq!(next.to_fen(), "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/4P5/10/PPPP1PPPPP/CTNBLSBNTC/R2YFKY2R b KQkq - 0 1");
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position<'v, B: Board = Small> {
    pub(crate) variant: &'v Variant,
    pub(crate) colors: [Bitboard<B::Word>; 2],
    /// `[Bitboard; MAX_ROLES]` on a [`Small`] board.
    pub(crate) roles: B::Roles,
    /// 0 = empty, else `role + 1`, plus 0x80 for Black, plus [`MARKED`] for a
    /// piece promoted from a pawn in a variant that marks them (crazyhouse
    /// `~`); `[u8; MAX_SQUARES]` on a [`Small`] board.
    pub(crate) board: B::Mailbox,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// Per castling right (bit index of `castling`): the partner's file,
    /// meaningful while the right is held (see `castle_partner`).
    pub(crate) castle_files: [u8; 4],
    pub(crate) ep: OptSquare,
    pub(crate) ep_victim: OptSquare,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hands: B::Hands,
    /// Checks given by each side (`[rules] check-limit`; else 0).
    pub(crate) checks: [u8; 2],
    /// `[colour]`: the files of its first rank whose piece may still gate
    /// (`[rules] gating`; else 0).
    pub(crate) gates: [u16; 2],
    /// Passes in a row that led here, at most 2 (`[rules] pass`; else 0):
    /// two end the game, and one that leaves royal pieces facing ends it
    /// under bikjang.
    pub(crate) passes: u8,
}

impl<B: Board> PartialEq for Position<'_, B> {
    fn eq(&self, other: &Self) -> bool {
        self.variant.same_definition(other.variant)
            && self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.held_castle_files() == other.held_castle_files()
            && self.ep == other.ep
            && self.ep_victim == other.ep_victim
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hands == other.hands
            && self.checks == other.checks
            && self.walls() == other.walls()
            && self.gates == other.gates
    }
}

impl<B: Board> Eq for Position<'_, B> {}

impl<B: Board> std::hash::Hash for Position<'_, B> {
    /// Hashes what `==` compares (the variant by its name: equal
    /// definitions have equal names), so positions can key a `HashMap`;
    /// [`Position::hash`] is the Zobrist key instead.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.variant.name.hash(state);
        self.board.hash(state);
        self.side.hash(state);
        self.castling.hash(state);
        self.held_castle_files().hash(state);
        self.ep.hash(state);
        self.ep_victim.hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
        self.hands.hash(state);
        self.checks.hash(state);
        self.walls().hash(state);
        self.gates.hash(state);
    }
}

impl<B: Board> fmt::Debug for Position<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant.name, self.to_fen())
    }
}

impl<B: Board> fmt::Display for Position<'_, B> {
    /// The board as text, highest rank first, `.` for empty squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.variant.size;
        for rank in (0..size.ranks() as i32).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..size.files() as i32 {
                let sq = size.square(file, rank).expect("on board");
                match self.piece_at(sq) {
                    None => write!(f, "  .")?,
                    Some(p) => {
                        let t = self.variant.pieces[p.role.index()].token.fen(p.color);
                        write!(f, "{t:>3}")?;
                    }
                }
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..size.files() {
            write!(f, "  {}", (b'a' + file) as char)?;
        }
        writeln!(f)
    }
}

impl<'v, B: Board> Position<'v, B> {
    /// The same position borrowing `variant` for another lifetime, if it is
    /// this position's variant (the same object, or one of the same
    /// definition): to keep a copy of a
    /// [`crate::Game`]'s position while the game changes, borrow the variant
    /// from a [`crate::VariantRef`] of your own.
    ///
    /// ```
    /// use betza::{Game, Variant};
    /// let mut game = Game::new(Variant::by_name("chess").unwrap());
    /// let v = game.variant_ref().clone();
    /// let before = game.position().rebind(&v).unwrap();
    /// game.play_text("e2e4")?;
    /// assert_ne!(&before, game.position());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn rebind<'w>(&self, variant: &'w Variant) -> Option<Position<'w, B>> {
        // The same board type too: a large board's tables are its own.
        (self.variant.same_definition(variant)
            && self.variant.large.is_some() == variant.large.is_some()
            && self.variant.huge.is_some() == variant.huge.is_some())
        .then_some(Position { variant, ..*self })
    }
}

impl<'v> Position<'v> {
    /// The variant's start position.
    pub fn start(variant: &'v Variant) -> Position<'v> {
        Position::from_fen(variant, &variant.start_fen)
            .expect("a variant's start position is checked when it is built")
    }

    /// Reads a position in FEN (see `docs/notation.md`).
    pub fn from_fen(variant: &'v Variant, fen: &str) -> Result<Position<'v>, FenError> {
        crate::fen::parse(variant, fen)
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> &'v Variant {
        self.variant
    }
}

impl<'v, B: Board> Position<'v, B> {
    /// An empty board, White to move, no rights; for building positions
    /// piece by piece before validating them through FEN.
    pub(crate) fn empty(variant: &'v Variant) -> Position<'v, B> {
        Position {
            variant,
            colors: [B::EMPTY; 2],
            roles: B::NO_ROLES,
            board: B::NO_PIECES,
            side: Color::White,
            castling: 0,
            castle_files: [0; 4],
            ep: OptSquare::NONE,
            ep_victim: OptSquare::NONE,
            halfmove: 0,
            fullmove: 1,
            hands: B::Hands::default(),
            checks: [0; 2],
            gates: [0; 2],
            passes: 0,
        }
    }

    /// Writes the position as FEN. The en-passant square is written only when a
    /// legal en-passant capture exists.
    pub fn to_fen(&self) -> String {
        crate::fen::write(self, crate::CastlingNotation::XFen, false)
    }

    /// Writes the position as FEN with every piece promoted from a pawn
    /// marked `~` (variants with `mark-promoted`: Makruk's promoted Met),
    /// as Fairy-Stockfish's FEN with promoted pieces shown. Variants whose
    /// hands take such pieces back as pawns mark them in every FEN.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("makruk").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/4M~3/8/8/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(pos.to_fen_promoted(), "4k3/8/4M~3/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(pos.to_fen(), "4k3/8/4M3/8/8/8/8/4K3 w - - 0 1");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn to_fen_promoted(&self) -> String {
        crate::fen::write(self, crate::CastlingNotation::XFen, true)
    }

    /// [`to_fen_with`](Self::to_fen_with) with promoted pieces marked, as
    /// [`to_fen_promoted`](Self::to_fen_promoted) marks them.
    pub fn to_fen_promoted_with(&self, notation: crate::CastlingNotation) -> String {
        crate::fen::write(self, notation, true)
    }

    /// Writes the position as FEN with the castling field in `notation`:
    /// X-FEN (as [`to_fen`](Self::to_fen)) or Shredder-FEN (`HAha`).
    ///
    /// ```
    /// use betza::{CastlingNotation, Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// assert!(pos.to_fen_with(CastlingNotation::Shredder).contains(" w HAha - "));
    /// ```
    pub fn to_fen_with(&self, notation: crate::CastlingNotation) -> String {
        crate::fen::write(self, notation, false)
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.variant.size
    }

    /// The square of this name on this position's board (`"e5"`), if it is
    /// one; shorthand for [`BoardSize::parse_square`].
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("meiriqi").unwrap());
    /// let sq = pos.square("j10").unwrap();
    /// assert_eq!(pos.name(sq).to_string(), "j10");
    /// assert_eq!(pos.square("k1"), None);
    /// ```
    #[inline]
    pub fn square(&self, name: &str) -> Option<Square> {
        self.variant.size.parse_square(name)
    }

    /// The name of `sq` on this position's board; prints as `e5`.
    #[inline]
    pub fn name(&self, sq: Square) -> SquareName {
        self.variant.size.name(sq)
    }

    /// The piece type of `role` in this position's variant (name, token,
    /// moves); `None` for a role the variant does not have.
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// let m = pos.parse_move("g1f3")?;
    /// assert_eq!(pos.piece_type(m.role()).unwrap().name, "Knight");
    /// # Ok::<_, betza::Error>(())
    /// ```
    #[inline]
    pub fn piece_type(&self, role: Role) -> Option<&'v PieceType> {
        self.variant.piece_type(role)
    }

    /// The move shown with this position's names: `{:?}` gives
    /// `Move { piece: N, from: g1, to: f3 }` (with `captured`, `promotion`
    /// and `flags` when there are any), `{}` the move text. A [`Move`] alone
    /// does not know its board's width, so its own `Debug` shows indices.
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// let m = pos.parse_move("e2e4")?;
    /// assert_eq!(
    ///     format!("{:?}", pos.debug_move(&m)),
    ///     "Move { piece: P, from: e2, to: e4, flags: MoveFlags(DOUBLE_STEP) }"
    /// );
    /// assert_eq!(pos.debug_move(&m).to_string(), "e2e4");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn debug_move<'a>(&'a self, m: &Move) -> MoveDebug<'a, B> {
        MoveDebug { pos: self, m: *m }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = *self.board.as_ref().get(sq.index())?;
        (code != 0).then(|| Piece {
            role: Role(code_role(code) as u8),
            color: if code & 0x80 != 0 {
                Color::Black
            } else {
                Color::White
            },
        })
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights still held; they print as the FEN field
    /// (`KQkq`, `-` for none).
    ///
    /// ```
    /// use betza::{CastlingRights, Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// assert_eq!(pos.castling_rights(), CastlingRights::all());
    /// assert_eq!(pos.castling_rights().to_string(), "KQkq");
    /// ```
    pub fn castling_rights(&self) -> crate::CastlingRights {
        crate::CastlingRights::from_bits_truncate(self.castling)
    }

    /// Whether `color` may still castle with the Rook on the highest file
    /// (`king_side`) or on file a.
    pub fn can_castle(&self, color: Color, king_side: bool) -> bool {
        self.castling & castle_bit(color, if king_side { 0 } else { 1 }) != 0
    }

    /// The square skipped by the double step just played, if any (whether or
    /// not an en-passant capture is possible); in a variant with Lions, which
    /// has no en passant, the [`lion_square`](Self::lion_square).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep.get()
    }

    /// In a variant with Lions (`lion = true`, Chu Shogi's Lion-trading
    /// rule 4): the square where a piece that is not a Lion has just taken a
    /// Lion. On this move no piece but a Lion may take a Lion elsewhere.
    /// FEN writes it in the en-passant field, SFEN in its third field
    /// (such a variant has no en passant). `None` in other variants.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::from_definition(
    ///     r#"
    /// name = "lions"
    /// files = 5
    /// ranks = 5
    /// start = "n3k/5/5/5/R3K w - - 0 1"
    /// [game-end]
    /// royal-capture = "loss"
    /// [[piece]]
    /// name = "King"
    /// token = "K"
    /// betza = "K"
    /// royal = true
    /// [[piece]]
    /// name = "Lion"
    /// token = "N"
    /// betza = "KNAD"
    /// lion = true
    /// [[piece]]
    /// name = "Rook"
    /// token = "R"
    /// betza = "R"
    /// "#,
    /// )?;
    /// // The Rook takes the Lion: no piece but a Lion may take a Lion elsewhere.
    /// let pos = Position::start(&v);
    /// let next = pos.play(&pos.parse_move("a1a5")?)?;
    /// assert_eq!(next.lion_square(), next.square("a5"));
    /// assert_eq!(next.to_fen(), "R3k/5/5/5/4K b - a5 0 1");
    /// assert_eq!(pos.lion_square(), None);
    /// # Ok::<_, betza::Error>(())
    /// ```
    #[inline]
    pub fn lion_square(&self) -> Option<Square> {
        self.ep.get().filter(|_| self.variant.lions != 0)
    }

    /// The en-passant victim's square when it is not straight beyond the
    /// en-passant square (a diagonal double step's, Berolina).
    pub(crate) fn ep_victim_aside(&self) -> Option<Square> {
        let (ep, victim) = (self.ep.get()?, self.ep_victim.get()?);
        let size = self.variant.size;
        (self.variant.lions == 0 && size.file(ep) != size.file(victim)).then_some(victim)
    }

    /// The en-passant field as FEN writes it and the hash keys it: the
    /// legal en-passant square, or in a variant with Lions the
    /// [`lion_square`](Self::lion_square).
    pub(crate) fn ep_field(&self) -> Option<Square> {
        if self.variant.lions != 0 {
            self.ep.get()
        } else {
            self.legal_ep_square()
        }
    }

    /// The en-passant square, but only when the side to move has a legal
    /// en-passant capture there: what the FEN writer writes and what the
    /// position hash includes.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep.get()?;
        let mut found = false;
        self.generate_dyn(true, &mut |m| found |= m.is_en_passant());
        found.then_some(ep)
    }

    /// Plies since the last capture or Pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, growing after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Squares holding pieces of `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> Bitboard<B::Word> {
        self.colors[color.index()]
    }

    /// Squares holding pieces of type `role` (both sides).
    #[inline]
    pub fn pieces_of(&self, role: Role) -> Bitboard<B::Word> {
        // A role of no variant (hand-made, or the walls' spare one) stands
        // nowhere.
        if !self.has_role(role) {
            return B::EMPTY;
        }
        self.roles
            .as_ref()
            .get(role.index())
            .copied()
            .unwrap_or(B::EMPTY)
    }

    /// The royal piece's square of `color`.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        (self.roles[self.variant.royal.index()] & self.colors[color.index()]).first()
    }

    /// The squares of `color`'s royal pieces: its King's, or with royal
    /// capture (several royal types) all of them.
    pub fn royal_pieces(&self, color: Color) -> Bitboard<B::Word> {
        let v = self.variant;
        let mut royals = B::EMPTY;
        for (i, p) in v.pieces.iter().enumerate() {
            if p.royal {
                royals |= self.roles[i];
            }
        }
        royals & self.colors[color.index()]
    }

    /// Royal capture's [`Position::is_check`]: any royal piece of the side
    /// to move attacked (out of line: other variants pay one flag test).
    #[cold]
    #[inline(never)]
    fn any_royal_attacked(&self) -> bool {
        let them = self.side.opposite();
        let (occ, by) = (self.occupied(), self.colors[them.index()]);
        self.royal_pieces(self.side)
            .into_iter()
            .any(|k| self.attacked(k, them, occ, by))
    }

    /// Whether the side to move's royal piece is attacked (with royal
    /// capture: any of its royal pieces).
    pub fn is_check(&self) -> bool {
        let us = self.side;
        if self.variant.end.royal_capture {
            return self.any_royal_attacked();
        }
        if self.variant.rules.any {
            return self.royal_attacked(us);
        }
        match self.king(us) {
            Some(k) => self.attacked(
                k,
                us.opposite(),
                self.occupied(),
                self.colors[us.opposite().index()],
            ),
            None => false,
        }
    }

    /// The game's end by the rules that a lone position decides, in this
    /// order: royal capture, the bare King (Shatranj, Courier, Chu Shogi),
    /// royal pieces alone (`royals-alone`, Chu Shogi), checkmate,
    /// stalemate, a dead position
    /// ([`Position::is_insufficient_material`], a draw).
    /// Rules that need the game's history (repetition, move counts,
    /// counting) are [`crate::Game::status`]'s. Every outcome but a dead
    /// position leaves no legal move.
    ///
    /// ```
    /// use betza::{Color, EndReason, Position, Variant};
    /// let v = Variant::by_name("shatranj").unwrap();
    /// // White's King stands alone and Black has more than one other piece.
    /// let pos = Position::from_fen(v, "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41")?;
    /// let o = pos.outcome().unwrap();
    /// assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::BareKing));
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_by_rules()
            .map(|o| self.variant.end.draw_odds(o))
    }

    /// [`Position::outcome`] before a draw is given to the side with draw
    /// odds (`[game-end] draw-winner`).
    fn outcome_by_rules(&self) -> Option<Outcome> {
        if self.variant.rules.any
            && let Some(o) = self.rules_outcome()
        {
            return Some(o);
        }
        if let Some(o) = self.royal_capture_outcome() {
            return Some(o);
        }
        if let Some(o) = self.bare_king_outcome() {
            return Some(o);
        }
        if let Some(o) = self.royals_alone_outcome() {
            return Some(o);
        }
        if self.has_legal_move() {
            return self.is_insufficient_material().then_some(Outcome {
                winner: None,
                reason: EndReason::InsufficientMaterial,
            });
        }
        // Royal capture: no legal move is the stalemate rule's, in check or not.
        Some(if !self.variant.end.royal_capture && self.is_check() {
            Outcome {
                winner: self.mate_winner(),
                reason: EndReason::Checkmate,
            }
        } else {
            Outcome {
                winner: match self.variant.stalemate {
                    StalemateRule::Draw => None,
                    StalemateRule::Loss => Some(self.side.opposite()),
                    StalemateRule::Win => Some(self.side),
                    rule @ (StalemateRule::FewerPieces | StalemateRule::MorePieces) => {
                        let (us, them) = (self.side, self.side.opposite());
                        let n = |c: Color| self.colors[c.index()].count();
                        let (fewer, more) = match rule {
                            StalemateRule::FewerPieces => (us, them),
                            _ => (them, us),
                        };
                        match n(us).cmp(&n(them)) {
                            std::cmp::Ordering::Less => Some(fewer),
                            std::cmp::Ordering::Greater => Some(more),
                            std::cmp::Ordering::Equal => None,
                        }
                    }
                },
                reason: EndReason::Stalemate,
            }
        })
    }

    /// Who wins the checkmate of the side to move: the other side, but by
    /// a mate rule (`mate-needs`, `mate-loses-by`, Shatar's) the mated
    /// side when only pieces of `mate-loses-by` types give it, and nobody
    /// (a draw) when no piece of a `mate-needs` type does; the game's
    /// history may still show an earlier check by one ([`crate::Game`]).
    fn mate_winner(&self) -> Option<Color> {
        let end = &self.variant.end;
        // Misère: the mated side wins.
        let winner = Some(if end.checkmate_wins {
            self.side
        } else {
            self.side.opposite()
        });
        if end.mate_needs == 0 && end.mate_loses == 0 {
            return winner;
        }
        let bits = self.checker_roles();
        if end.mate_loses != 0 && bits & !end.mate_loses == 0 {
            return Some(self.side);
        }
        if end.mate_needs != 0 && bits & end.mate_needs == 0 {
            return None;
        }
        winner
    }

    /// The types of the pieces giving check, one bit per role.
    pub(crate) fn checker_roles(&self) -> u64 {
        let mut bits = 0u64;
        for sq in self.checkers() {
            if let Some(p) = self.piece_at(sq) {
                bits |= 1u64 << (p.role.index() % 64);
            }
        }
        bits
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.outcome()
            .is_some_and(|o| o.reason == EndReason::Checkmate)
    }

    /// Whether the side to move has no legal move and is not in check
    /// (what that means is the variant's: a draw or a loss).
    pub fn is_stalemate(&self) -> bool {
        self.outcome()
            .is_some_and(|o| o.reason == EndReason::Stalemate)
    }

    /// Every legal move, each promotion choice separately.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_dyn(true, &mut |m| list.push(m));
        list
    }

    /// The legal moves from `from` to `to`: none, one, or several when the
    /// piece may choose a promotion (each tells the type it becomes and whether
    /// the promotion is forced) or may capture on its way ([`Move::via`]:
    /// one move per square it can capture on). A GUI asks this when a piece
    /// is dropped.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "7k/P7/8/8/8/8/8/K7 w - - 0 1")?;
    /// let choices = pos.moves_between(pos.square("a7").unwrap(), pos.square("a8").unwrap());
    /// assert_eq!(choices.len(), 4);
    /// assert!(choices.iter().all(|m| m.is_forced_promotion()));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn moves_between(&self, from: Square, to: Square) -> MoveList<8> {
        let mut list = MoveList::new();
        if self.piece_at(from).is_some_and(|p| p.color == self.side) {
            self.generate_dyn(true, &mut |m| {
                if m.from == from && m.to == to {
                    list.push(m)
                }
            });
        }
        list
    }

    /// The squares the piece on `from` may legally move to (for highlighting).
    /// Found from that piece's moves alone.
    pub fn legal_targets(&self, from: Square) -> Bitboard<B::Word> {
        let mut targets = B::EMPTY;
        self.for_each_legal_move_from(from, |m| targets = targets.with(m.to));
        targets
    }

    /// Every pseudo-legal move: the legal moves plus those that would leave
    /// the own King attacked (or the Kings facing). For engines that test
    /// legality themselves, and for tests.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.variant.rules.wall.is_some() {
            // A turn of a variant with walls is a move and its wall.
            self.generate_dyn(false, &mut |m| {
                for w in self.wall_squares(&m) {
                    list.push(m.with_wall(w));
                }
            });
            return list;
        }
        self.generate_dyn(false, &mut |m| list.push(m));
        // A pass when stuck (`[rules] pass-stuck`) is pseudo-legal where it
        // is legal.
        if self.variant.rules.pass_stuck
            && let Some(pass) = self.stuck_pass()
            && self.is_legal(&pass)
        {
            list.push(pass);
        }
        // A pass (`[rules] pass`) is the royal piece's move to its square.
        if self.variant.rules.pass
            && let Some(k) = self.king(self.side)
        {
            list.push(Move::pass(self.variant.royal, k));
        }
        list
    }

    /// Whether `m` is a legal move here,
    /// decided from the moving piece's moves alone (see `src/position/query.rs`);
    /// any `Move` is accepted: one of another position or variant, or a
    /// hand-made one, is simply not legal unless this position has it.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_move(m)
    }

    /// The position after `m`, which must be legal here.
    pub fn play(&self, m: &Move) -> Result<Position<'v, B>, MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: self.move_text(m),
            });
        }
        Ok(self.play_unchecked(m))
    }

    /// Places a piece, replacing whatever stood there.
    pub(crate) fn put(&mut self, sq: Square, piece: Option<Piece>) {
        let code = match piece {
            None => 0,
            Some(p) if p.role.index() < B::MAX_ROLES => {
                (p.role.0 + 1) | if p.color == Color::Black { 0x80 } else { 0 }
            }
            Some(_) => return, // only a hand-made move can get here
        };
        self.put_code(sq, code);
    }

    /// Places a piece by its board code (0: none), replacing whatever stood
    /// there; off-board squares are ignored (only a hand-made move has them).
    #[inline(always)]
    pub(crate) fn put_code(&mut self, sq: Square, code: u8) {
        let Some(&old) = self.board.as_ref().get(sq.index()) else {
            return;
        };
        let bit = B::bb(sq);
        if old != 0 {
            self.colors[(old >> 7) as usize] &= !bit;
            self.roles[code_role(old)] &= !bit;
        }
        self.board[sq.index()] = code;
        if code != 0 {
            self.colors[(code >> 7) as usize] |= bit;
            self.roles[code_role(code)] |= bit;
        }
    }

    /// The position after `m`, without checking that `m` is legal: the fast
    /// path for engines and perft.
    ///
    /// `m` must come from this position's [`legal_moves`](Self::legal_moves)
    /// or [`pseudo_legal_moves`](Self::pseudo_legal_moves). After a
    /// pseudo-legal move the result may leave the mover's King attacked: such a
    /// position is good only for asking that. Any other move gives a
    /// meaningless (but memory-safe) result; one naming a square off this
    /// board or a type this variant lacks leaves the position as it is.
    pub fn play_unchecked(&self, m: &Move) -> Position<'v, B> {
        let mut next = *self;
        if self.fits(m) {
            if self.variant.rules.any {
                // The piece's move, then what the rules add (walls too).
                next.make(&self.piece_move(m));
                if self.variant.rules.applies {
                    next.apply_rules(m, self.side);
                }
            } else {
                next.make(m);
            }
        }
        next
    }

    /// Plays `m` (as [`play_unchecked`](Self::play_unchecked) does) in place,
    /// returning what [`unmake`](Self::unmake) needs to take it back: perft
    /// plays and takes back rather than copying the position for each move.
    #[inline(always)]
    pub(crate) fn make(&mut self, m: &Move) -> Undo {
        if self.variant.drops.is_some() {
            self.make_with::<true>(m)
        } else {
            self.make_with::<false>(m)
        }
    }

    /// `make` for a variant with hands (`HANDS`) or without: perft picks
    /// once, so that variants without hands pay nothing for them.
    #[inline(always)]
    pub(crate) fn make_with<const HANDS: bool>(&mut self, m: &Move) -> Undo {
        let us = self.side;
        let v = self.variant;
        let mut undo = Undo {
            from: m.from,
            to: m.to,
            from_code: 0,
            to_code: 0,
            placed: 0,
            extra_sq: [Square(0); 5],
            extra_code: [0; 5],
            extra_len: 0,
            hand: NO_SLOT,
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        // A role beyond the board codes comes only from a hand-made move.
        let code = |role: Role| {
            if role.index() < B::MAX_ROLES {
                (role.0 + 1) | ((us as u8) << 7)
            } else {
                0
            }
        };
        let plain = !m
            .flags
            .intersects(MoveFlags::EN_PASSANT | MoveFlags::CASTLE | MoveFlags::VIA);
        if plain
            && m.from != m.to
            && m.from.index() < B::PLAIN_SQUARES
            && m.to.index() < B::PLAIN_SQUARES
        {
            // The common move: two squares, the bitboards toggled directly.
            let (fc, tc) = (self.board[m.from.index()], self.board[m.to.index()]);
            // Without promotion the piece placed is the one that left.
            let placed = match m.promotion() {
                None => fc,
                Some(p) => code(p) | v.promotion_mark,
            };
            if HANDS && tc != 0 {
                self.capture_to_hand_slow(tc, &mut undo);
            }
            let (fb, tb) = (B::square_bit(m.from), B::square_bit(m.to));
            self.toggle(tb, tc);
            if fc == placed {
                self.toggle(fb | tb, fc);
            } else {
                self.toggle(fb, fc);
                self.toggle(tb, placed);
            }
            self.board[m.from.index()] = 0;
            self.board[m.to.index()] = placed;
            (undo.from_code, undo.to_code, undo.placed) = (fc, tc, placed);
            self.castling_after(v, m);
        } else {
            if m.is_drop() {
                self.make_drop(m, code(m.role_after()), &mut undo);
            } else {
                self.make_special(m, code(m.role_after()), &mut undo);
            }
            // A pass moves nothing: it keeps the castling rights (as
            // Fairy-Stockfish's `pass` does), though written as the King's
            // move. Asked here only: the common move above is no pass.
            if !m.is_pass() {
                self.castling_after(v, m);
            }
        }
        self.ep = OptSquare::NONE;
        self.ep_victim = OptSquare::NONE;
        // A Pawn whose other moves also go two squares straight forward
        // (`FaW`) does so from anywhere, and gives no right there.
        if m.is_double_step() && v.en_passant && v.double_step_from(us, m.from) {
            let mid = (m.from.0 + m.to.0) / 2;
            self.ep = OptSquare::new(Some(Square(mid)));
            self.ep_victim = OptSquare::new(Some(m.to));
        }
        if m.is_capture() {
            self.halfmove = 0;
            if v.lions != 0 {
                self.ep = OptSquare::new(self.lion_taken(m));
            }
        } else if v.clock_roles >> (m.role.0 & 63) & 1 != 0
            && (v.clock.is_none() || self.clock_restarts(m, us))
        {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.opposite();
        undo
    }

    /// The castling rights left once `m` (no pass) has been played: those
    /// of the squares it leaves, reaches or captures on are lost. `v` is
    /// `self.variant`, passed so that the board's writes before need not
    /// read it again.
    #[inline(always)]
    fn castling_after(&mut self, v: &Variant, m: &Move) {
        if let Some(c) = &v.castling
            && self.castling != 0
        {
            if c.any_start {
                self.castling &= !self.any_start_rights_lost(m);
            }
            let lost = |s: Square| c.rights_lost[s.index() % B::MAX_SQUARES];
            self.castling &= !(lost(m.from) | lost(m.to));
            if let Some(via) = m.via() {
                self.castling &= !lost(via);
            }
        }
    }

    /// Where `m`, a capture, takes a Lion with a piece that is not one
    /// (Lion-trading rule 4; a capture on the destination counts over one
    /// on the way), or `None`.
    #[cold]
    #[inline(never)]
    fn lion_taken(&self, m: &Move) -> Option<Square> {
        let lions = self.variant.lions;
        let is = |r: Option<Role>| {
            r.is_some_and(|r| lions.checked_shr(r.0 as u32).unwrap_or(0) & 1 != 0)
        };
        if is(Some(m.role)) {
            None
        } else if is(m.captured()) {
            Some(m.to)
        } else if is(m.via_captured()) {
            m.via()
        } else {
            None
        }
    }

    /// Takes back the move [`make`](Self::make) played and returned `undo` for.
    #[inline(always)]
    pub(crate) fn unmake(&mut self, undo: &Undo) {
        if self.variant.drops.is_some() {
            self.unmake_with::<true>(undo)
        } else {
            self.unmake_with::<false>(undo)
        }
    }

    /// Takes back the move `make_with::<HANDS>` played and returned `undo` for.
    #[inline(always)]
    pub(crate) fn unmake_with<const HANDS: bool>(&mut self, undo: &Undo) {
        if undo.from.index() < B::PLAIN_SQUARES {
            let (fb, tb) = (B::square_bit(undo.from), B::square_bit(undo.to));
            if undo.from_code == undo.placed {
                self.toggle(fb | tb, undo.placed);
            } else {
                self.toggle(tb, undo.placed);
                self.toggle(fb, undo.from_code);
            }
            self.toggle(tb, undo.to_code);
            self.board[undo.from.index()] = undo.from_code;
            self.board[undo.to.index()] = undo.to_code;
        } else {
            self.unmake_special(undo);
        }
        if HANDS && undo.hand != NO_SLOT {
            self.unmake_hand(undo.hand);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.side = self.side.opposite();
    }

    /// Puts the piece of board code `captured`, just captured by the side
    /// to move, into its hand as the variant says.
    #[inline]
    fn capture_to_hand(&mut self, d: &crate::variant::DropRules, captured: u8, undo: &mut Undo) {
        let slot = if code_marked(captured) {
            d.pawn_slot
        } else {
            d.into_hand[code_role(captured) % MAX_DEF_ROLES]
        };
        if slot != NO_SLOT {
            self.hands.add(self.side, slot);
            undo.hand = slot | (self.side as u8) << 4;
        }
    }

    /// `capture_to_hand`, out of the common move's path.
    #[inline(never)]
    fn capture_to_hand_slow(&mut self, captured: u8, undo: &mut Undo) {
        if let Some(d) = &self.variant.drops {
            self.capture_to_hand(d, captured, undo);
        }
    }

    /// Takes back what `capture_to_hand` or `make_drop` did to the hands (`hand`:
    /// slot, colour in bit 4, bit 5 set for a drop).
    #[inline(never)]
    fn unmake_hand(&mut self, hand: u8) {
        let color = if hand & 16 != 0 {
            Color::Black
        } else {
            Color::White
        };
        if hand & 32 != 0 {
            self.hands.add(color, hand & 15);
        } else {
            self.hands.remove(color, hand & 15);
        }
    }

    /// A drop: the piece leaves the hand for its square.
    #[inline]
    fn make_drop(&mut self, m: &Move, placed: u8, undo: &mut Undo) {
        undo.from = Square(u16::MAX);
        let slot = self
            .variant
            .drops
            .as_ref()
            .map_or(NO_SLOT, |d| d.slot[m.role.index() % MAX_DEF_ROLES]);
        if slot == NO_SLOT {
            return; // only a hand-made move can get here
        }
        self.set(m.to, placed, undo);
        self.hands.remove(self.side, slot);
        undo.hand = slot | (self.side as u8) << 4 | 32;
    }

    /// The squares of a move that is not plain (en passant, castling, or a
    /// hand-made move), each through `set`.
    #[cold]
    #[inline(never)]
    fn make_special(&mut self, m: &Move, placed: u8, undo: &mut Undo) {
        let us = self.side;
        // Marks the plain part unused: `unmake` restores `extra` alone.
        undo.from = Square(u16::MAX);
        let victim = match self.ep_victim.get().filter(|_| m.is_en_passant()) {
            Some(v) => Some(v),
            None => (m.from != m.to).then_some(m.to),
        };
        if let Some(d) = &self.variant.drops
            && let Some(&c) = victim.and_then(|v| self.board.as_ref().get(v.index()))
            && c != 0
            && c & 0x80 != (us as u8) << 7
        {
            self.capture_to_hand(d, c, undo);
        }
        let placed = if m.promotion.is_some() && placed != 0 {
            placed | self.variant.promotion_mark
        } else if m.promotion().is_none() {
            // The piece keeps its mark when it moves.
            self.board
                .as_ref()
                .get(m.from.index())
                .copied()
                .unwrap_or(placed)
        } else {
            placed
        };
        if let Some(victim) = self.ep_victim.get().filter(|_| m.is_en_passant()) {
            self.set(victim, 0, undo);
        }
        if let Some(via) = m.via() {
            self.set(via, 0, undo);
        }
        // Castling: the partner (on `via`, the move's partner square) leaves
        // first, since from any start the King may land where it stood.
        let castle = self
            .variant
            .castling
            .as_ref()
            .filter(|c| m.is_castle() && c.rook.index() < B::MAX_ROLES);
        // The partner keeps its type (`other-rooks`).
        let mut rook = 0;
        if let Some(c) = castle {
            rook = self
                .board
                .as_ref()
                .get(m.via.index())
                .copied()
                .filter(|&code| code != 0)
                .unwrap_or((c.rook.0 + 1) | ((us as u8) << 7));
            self.set(m.via, 0, undo);
        }
        self.set(m.from, 0, undo);
        self.set(m.to, placed, undo);
        if let Some(c) = castle {
            let side = usize::from(m.via.0 < m.from.0);
            self.set(c.rook_to[us.index()][side], rook, undo);
        }
    }

    #[cold]
    #[inline(never)]
    fn unmake_special(&mut self, undo: &Undo) {
        let n = undo.extra_len as usize;
        for (&sq, &code) in undo.extra_sq[..n].iter().zip(&undo.extra_code[..n]).rev() {
            self.put_code(sq, code);
        }
    }

    /// Adds or removes the piece of board code `code` on the square `bit`
    /// in the bitboards (not the board array).
    #[inline(always)]
    fn toggle(&mut self, bit: Bitboard<B::Word>, code: u8) {
        if code != 0 {
            self.colors[(code >> 7) as usize] ^= bit;
            self.roles[code_role(code)] ^= bit;
        }
    }

    /// `put_code`, remembering what stood there.
    #[inline(always)]
    fn set(&mut self, sq: Square, code: u8, undo: &mut Undo) {
        if let Some(&old) = self.board.as_ref().get(sq.index()) {
            undo.extra_sq[undo.extra_len as usize] = sq;
            undo.extra_code[undo.extra_len as usize] = old;
            undo.extra_len += 1;
            self.put_code(sq, code);
        }
    }

    /// The move as text: `<from><to>[suffix]` (see `docs/notation.md`).
    /// Castling is the King's move (`e1g1`); from any start, where the King
    /// does not move or its destination is also an ordinary King move, the
    /// King takes its partner instead (`f1h1`).
    pub fn move_text(&self, m: &Move) -> String {
        self.move_text_with(m, false)
    }

    /// The move as text with castling written as the King taking its
    /// partner, as UCI engines in `UCI_Chess960` mode write it (`e1h1`);
    /// any other move as [`move_text`](Self::move_text) writes it.
    /// [`parse_move`](Self::parse_move) reads both forms.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::from_fen(Variant::by_name("chess").unwrap(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// let m = pos.parse_move("e1h1")?;
    /// assert_eq!(pos.move_text(&m), "e1g1");
    /// assert_eq!(pos.move_text_king_takes_partner(&m), "e1h1");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn move_text_king_takes_partner(&self, m: &Move) -> String {
        self.move_text_with(m, true)
    }

    fn move_text_with(&self, m: &Move, king_takes_partner: bool) -> String {
        if let Some(w) = m.wall() {
            // Fairy-Stockfish's turn: the move, then `,` and the wall shot
            // from the square written as its destination (`e2e4,e4d5`).
            let pm = self.piece_move(m);
            let mut s = self.move_text_with(&pm, king_takes_partner);
            let size = self.variant.size;
            s.push(',');
            size.write_square(self.written_to(&pm, king_takes_partner), &mut s);
            size.write_square(w, &mut s);
            return s;
        }
        let size = self.variant.size;
        let mut s = String::with_capacity(8);
        if m.is_drop() {
            // A drop as the promoted type names that type (`+P@c3`).
            match self.variant.pieces.get(m.role_after().index()) {
                Some(p) => s.push_str(&p.token.to_string()),
                None => s.push('?'),
            }
            s.push('@');
            size.write_square(m.to, &mut s);
            return s;
        }
        if m.is_castle() && m.gate.on_partner() {
            // Castling that gates on the partner's square: from the
            // partner's square to the King's, as Fairy-Stockfish writes it.
            size.write_square(m.via, &mut s);
            size.write_square(m.from, &mut s);
            self.push_gate_suffix(m, &mut s);
            return s;
        }
        size.write_square(m.from, &mut s);
        if let Some(via) = m.via() {
            size.write_square(via, &mut s);
        }
        if self.castle_text_names_partner(m, king_takes_partner) {
            size.write_square(m.via, &mut s);
        } else {
            size.write_square(m.to, &mut s);
        }
        if let Some(p) = m.promotion() {
            match self.variant.promotion_text {
                // A promoted piece turning back (Kyoto shogi) writes `-`.
                PromotionText::Plus if self.variant.demotes(m) => s.push('-'),
                PromotionText::Plus => s.push('+'),
                PromotionText::Letter if self.variant.promotes_to_own_plus(m) => s.push('+'),
                PromotionText::Letter => {
                    // A hand-made Move may name any type: never index blindly.
                    if let Some(piece) = self.variant.pieces.get(p.index()) {
                        s.push_str(piece.token.suffix());
                    } else {
                        s.push('?');
                    }
                }
            }
        }
        self.push_gate_suffix(m, &mut s);
        s
    }

    /// The destination square a move text writes: the partner's square
    /// where castling is written as the King taking it, else `to`.
    fn written_to(&self, m: &Move, king_takes_partner: bool) -> Square {
        if self.castle_text_names_partner(m, king_takes_partner) {
            m.via
        } else {
            m.to
        }
    }

    /// A gated move's suffix: the gated type's lowercase letter (`h`).
    fn push_gate_suffix(&self, m: &Move, s: &mut String) {
        if let Some(g) = m.gate() {
            match self.variant.pieces.get(g.index()) {
                Some(piece) => s.push_str(piece.token.suffix()),
                None => s.push('?'),
            }
        }
    }

    /// Reads a move text and finds the legal move it names.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// assert!(pos.parse_move("e2e4").is_ok());
    /// let err = pos.parse_move("e2e5").unwrap_err();
    /// assert_eq!(err.to_string(), "move \"e2e5\": the Pawn on e2 has no move to e5");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        // Surrounding white space is no error.
        let text = text.trim();
        if text.contains(',') || self.variant.rules.wall.is_some() {
            return self.parse_turn(text);
        }
        self.parse_piece_move(text, None)
    }

    /// Reads a turn with a wall, `<move>,<to><wall>` as Fairy-Stockfish
    /// writes it (or `<move>,<wall>`), and finds the legal turn it names.
    #[cold]
    #[inline(never)]
    fn parse_turn(&self, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let size = v.size;
        let wall_err = |reason: String| MoveError::Wall {
            text: crate::variant::prefix(text),
            reason,
        };
        let Some((base, wall_text)) = text.split_once(',') else {
            return Err(wall_err(format!(
                "a turn of {} places a wall: write it after a comma, as in e2e4,e4d5",
                v.name
            )));
        };
        if v.rules.wall.is_none() {
            return Err(wall_err(format!("{} places no walls", v.name)));
        }
        let bytes = wall_text.as_bytes();
        let syntax = || {
            wall_err("after the comma come the destination and the wall's square (e4d5), or the wall's square alone".into())
        };
        let (first, n1) = size.parse_square_prefix(bytes).ok_or_else(syntax)?;
        let (from_sq, wall) = match size.parse_square_prefix(&bytes[n1..]) {
            Some((w, n2)) if n1 + n2 == bytes.len() => (Some(first), w),
            None if n1 == bytes.len() => (None, first),
            _ => return Err(syntax()),
        };
        let m = match self.parse_piece_move(base, Some(wall)) {
            Ok(m) => m,
            Err(e) => {
                // The piece's move is legal with another wall: the wall is wrong.
                let Ok(other) = self.parse_piece_move(base, None) else {
                    return Err(e);
                };
                let sq = size.name(wall);
                let reason = if !size.contains(wall) {
                    format!("{sq} is not a square of the board")
                } else if self.piece_at(wall).is_some() && wall != other.from {
                    format!("a piece stands on {sq}: a wall goes on an empty square")
                } else if self.is_wall(wall) {
                    format!("{sq} is a wall already")
                } else {
                    format!(
                        "no wall may go on {sq} after this move (the {} rule)",
                        v.rules.wall.map_or("wall", |r| r.as_str())
                    )
                };
                return Err(wall_err(reason));
            }
        };
        if let Some(f) = from_sq {
            let pm = self.piece_move(&m);
            if f != self.written_to(&pm, false) && f != self.written_to(&pm, true) {
                return Err(wall_err(format!(
                    "the wall is placed from the move's destination, {}, not from {}",
                    size.name(self.written_to(&pm, false)),
                    size.name(f)
                )));
            }
        }
        Ok(m)
    }

    /// Reads a move text; with `wall`, finds the turn placing that wall.
    fn parse_piece_move(&self, text: &str, wall: Option<Square>) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.contains('@') {
            return self.parse_drop(text);
        }
        if self.variant.rules.gating
            && let Some(found) = self.parse_gated(text)
        {
            return found;
        }
        let size = self.variant.size;
        let MoveText {
            from,
            to,
            via,
            suffix,
            wanted,
        } = move_text_squares(self.variant, text)?;
        let suffix_of = |r: Role| self.variant.pieces.get(r.index()).map(|p| p.token.suffix());
        let sq_name = |s| size.name(s);
        let piece = self.piece_at(from).ok_or_else(|| MoveError::EmptySquare {
            text: text.to_string(),
            square: sq_name(from),
        })?;
        if piece.color != self.side {
            return Err(MoveError::WrongSide {
                text: text.to_string(),
                square: sq_name(from),
            });
        }
        // The moving piece's moves only (its own, not the whole list).
        let mut legal: MoveList = MoveList::new();
        self.for_each_legal_move_from(from, |m| {
            // Castling: named by the King's destination, or by the
            // partner's square (UCI_Chess960: the King takes its partner).
            let named = if m.is_castle() {
                let m = self.piece_move(&m);
                via.is_none()
                    && ((m.to == to && !self.castle_text_names_partner(&m, false)) || m.via == to)
            } else {
                m.to == to && m.via() == via
            };
            if named && (wall.is_none() || m.wall() == wall) {
                legal.push(m)
            }
        });
        if legal.is_empty() && from == to && via.is_none() && wanted.is_none() {
            // A pass (`[rules] pass`): the royal piece's move to its own square.
            let r = &self.variant.rules;
            if r.pass_stuck {
                if self.outcome().is_some() {
                    return Err(MoveError::GameOver {
                        text: text.to_string(),
                    });
                }
                let pass = Move::pass(Role(self.role_on(from) as u8), from);
                return Err(MoveError::Forbidden {
                    text: text.to_string(),
                    reason: self
                        .rules_refusal(&pass)
                        .unwrap_or("a pass is legal only when no other move is"),
                });
            }
            if !r.pass {
                // No such move (the C ABI's BETZA_INVALID_MOVE), said plainly.
                return Err(MoveError::Syntax {
                    text: text.to_string(),
                    reason: "passing (a move to the piece's own square) is not a move in this variant",
                });
            }
            let reason = if self.king(self.side) != Some(from) {
                "only the King passes"
            } else {
                "a pass is illegal in check"
            };
            return Err(MoveError::Forbidden {
                text: text.to_string(),
                reason,
            });
        }
        if legal.is_empty() {
            let mut pseudo = false;
            let mut forbidden = None;
            self.generate_from_dyn(!B::bb(from), false, false, &mut |m: Move| {
                if m.to == to && m.via() == via {
                    pseudo = true;
                    if self.variant.rules.any && forbidden.is_none() {
                        forbidden = self.rules_refusal(&m);
                    }
                }
            });
            if let Some(reason) = forbidden.filter(|_| self.outcome().is_none()) {
                return Err(MoveError::Forbidden {
                    text: text.to_string(),
                    reason,
                });
            }
            return Err(if pseudo && !self.is_check() && !self.has_legal_move() {
                // No move at all, and not for the King's safety: a rule
                // ended the game (bare King, royal capture, ...).
                MoveError::GameOver {
                    text: text.to_string(),
                }
            } else if pseudo {
                MoveError::KingExposed {
                    text: text.to_string(),
                }
            } else {
                MoveError::NoSuchMove {
                    text: text.to_string(),
                    piece: self.variant.pieces[piece.role.index()].name.clone(),
                    from: sq_name(from),
                    to: sq_name(to),
                    via: via.map(sq_name),
                }
            });
        }
        let found = legal.iter().find(|m| match wanted {
            None => m.promotion().is_none(),
            // `+` a promotion, `-` a demotion (the variant's Plus text).
            Some(None) => m.promotion.is_some() && self.variant.demotes(m) == (suffix == "-"),
            Some(Some("+")) => self.variant.promotes_to_own_plus(m),
            Some(Some(s)) => {
                !self.variant.promotes_to_own_plus(m)
                    && m.promotion().and_then(suffix_of) == Some(s)
            }
        });
        match found {
            Some(m) => Ok(*m),
            None if wanted.is_none() => Err(MoveError::PromotionRequired {
                text: text.to_string(),
                example: self.move_text(&legal[0]),
            }),
            None => {
                let options: Vec<String> = legal.iter().map(|m| self.move_text(m)).collect();
                Err(MoveError::BadPromotion {
                    text: text.to_string(),
                    hint: format!("; legal: {}", options.join(", ")),
                })
            }
        }
    }

    /// Reads a drop's text, `P@e5` (the type's token in either case, `@`,
    /// the square), and finds the legal drop it names.
    fn parse_drop(&self, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let syntax = |reason| MoveError::Syntax {
            text: crate::variant::prefix(text),
            reason,
        };
        let (token, square) = text.split_once('@').expect("has '@'");
        let drop_err = |reason: String| MoveError::Drop {
            text: crate::variant::prefix(text),
            reason,
        };
        let Some(d) = &v.drops else {
            return Err(drop_err("this variant has no drops".into()));
        };
        let role = v
            .role_by_token(token)
            .ok_or_else(|| syntax("a drop is a piece token, '@' and a square, as in P@e5"))?;
        let to = v
            .size
            .parse_square(square)
            .ok_or_else(|| syntax("a drop is a piece token, '@' and a square, as in P@e5"))?;
        // `+P@c3` (`[drops] promoted`): a Pawn from the hand placed as `+P`.
        let (role, placed) = match (0..d.roles.len())
            .find(|&i| d.slot[role.index()] == NO_SLOT && d.as_promoted[i] == role.0)
        {
            Some(i) => (d.roles[i], Some(role)),
            None => (role, None),
        };
        let slot = d.slot[role.index()];
        let name = &v.pieces[role.index()].name;
        if slot == NO_SLOT || self.hands.count(self.side, slot) == 0 {
            return Err(drop_err(format!("the side to move has no {name} in hand")));
        }
        let m = match placed {
            Some(p) => Move::drop(role, to).promoted_drop(p),
            None => Move::drop(role, to),
        };
        if self.is_legal(&m) {
            return Ok(m);
        }
        let mut pseudo = false;
        self.generate_dyn(false, &mut |x| pseudo |= x == m);
        let def = &v.definition().pieces[role.index()];
        let sq = self.name(to);
        let reason = if self.piece_at(to).is_some() {
            format!("{sq} is not empty")
        } else if pseudo {
            let next = self.play_unchecked(&m);
            let theirs_in_check = next.is_check();
            if def.drop_mate_illegal && theirs_in_check && !next.has_legal_move() {
                format!("a {name} may not be dropped to give checkmate")
            } else if !self.enclosing_allows(&m) {
                match v.rules.enclosing_drop {
                    Some(crate::variant::Enclosing::Ataxx) => {
                        format!("{sq} is not next to a piece of the side to move")
                    }
                    _ => format!("a {name} on {sq} encloses no line of enemy pieces"),
                }
            } else if let Some(reason) = self.rules_refusal(&m) {
                // `[rules] drop-opposite-colors`.
                reason.into()
            } else {
                "it would leave the King attacked".into()
            }
        } else if !d.region[slot as usize][self.side.index()].contains(to) {
            match def.drop_region {
                Some(r) if !r.of(self.side).contains(to) => {
                    format!("{sq} is outside the {name}'s drop region")
                }
                _ => format!("a {name} on {sq} could never move again"),
            }
        } else {
            let file = self.size().file(to);
            format!(
                "file {} already holds {} unpromoted {name} of the side to move",
                (b'a' + file) as char,
                def.drops_per_file.unwrap_or(0)
            )
        };
        Err(drop_err(reason))
    }

    /// How many pieces of `role` `color` holds in hand.
    ///
    /// ```
    /// use betza::{Color, Position, Variant};
    /// let v = Variant::by_name("crazyhouse").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[QNNp] w - - 0 1")?;
    /// let knight = v.role_by_token("N").unwrap();
    /// assert_eq!(pos.hand_count(Color::White, knight), 2);
    /// assert_eq!(pos.hand_count(Color::Black, knight), 0);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        match &self.variant.drops {
            Some(d) => match d.slot.get(role.index()) {
                Some(&slot) if slot != NO_SLOT => self.hands.count(color, slot),
                _ => 0,
            },
            None => 0,
        }
    }

    /// Each type in `color`'s hand with its count (types held only), in
    /// the variant's order.
    pub fn hand(&self, color: Color) -> impl Iterator<Item = (Role, u8)> + '_ {
        self.variant
            .hand_roles()
            .iter()
            .enumerate()
            .map(move |(slot, &r)| (r, self.hands.count(color, slot as u8)))
            .filter(|&(_, n)| n > 0)
    }

    /// The squares a piece of `role` from the side to move's hand may legally
    /// be dropped on (for highlighting; empty if none is in hand).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("crazyhouse").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")?;
    /// assert_eq!(pos.drop_squares(v.role_by_token("P").unwrap()).count(), 48);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn drop_squares(&self, role: Role) -> Bitboard<B::Word> {
        let mut targets = B::EMPTY;
        if self.hand_count(self.side, role) > 0 {
            self.generate_dyn(true, &mut |m| {
                if m.is_drop() && m.role == role {
                    targets = targets.with(m.to)
                }
            });
        }
        targets
    }

    /// Whether the piece on `sq` was promoted from a pawn (crazyhouse's
    /// `~`): captured, it enters the hand as a pawn.
    pub fn is_marked(&self, sq: Square) -> bool {
        self.board
            .as_ref()
            .get(sq.index())
            .is_some_and(|&c| code_marked(c))
    }

    /// The squares no piece may enter: pieces and walls.
    #[inline]
    pub(crate) fn occupied(&self) -> Bitboard<B::Word> {
        self.colors[0] | self.colors[1] | self.roles[B::MAX_ROLES - 1]
    }

    /// The squares holding pieces (walls aside).
    #[inline]
    pub(crate) fn pieces_bb(&self) -> Bitboard<B::Word> {
        self.colors[0] | self.colors[1]
    }

    /// The wall squares (`[rules] wall`, FEN `*`): no piece enters, crosses
    /// or captures them. Empty in a variant without walls.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("duck").unwrap();
    /// let pos = Position::from_fen(v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1")?;
    /// assert_eq!(pos.walls().count(), 1);
    /// assert!(pos.is_wall(pos.square("e2").unwrap()));
    /// # Ok::<_, betza::Error>(())
    /// ```
    #[inline]
    pub fn walls(&self) -> Bitboard<B::Word> {
        // Walls keep the last role's bitboard: a variant with walls has a
        // type fewer than the board allows (`rules_def::walls_allowed`).
        self.roles[B::MAX_ROLES - 1]
    }

    /// Whether `sq` is a wall.
    #[inline]
    pub fn is_wall(&self, sq: Square) -> bool {
        self.walls().contains(sq)
    }

    /// Makes `sq` a wall or not.
    #[inline]
    pub(crate) fn set_wall(&mut self, sq: Square, wall: bool) {
        let bit = B::bb(sq);
        if wall {
            self.roles[B::MAX_ROLES - 1] |= bit;
        } else {
            self.roles[B::MAX_ROLES - 1] &= !bit;
        }
    }
}

/// What taking back a move needs: for a plain move its two squares with
/// their codes before and the code placed; for any other move the squares it
/// changed with what stood there (in the order changed); and the state it
/// replaced.
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    /// `Square(u16::MAX)` when the move was not plain.
    from: Square,
    to: Square,
    from_code: u8,
    to_code: u8,
    placed: u8,
    extra_sq: [Square; 5],
    extra_code: [u8; 5],
    extra_len: u8,
    /// What the move did to a hand (see `unmake_hand`), or `NO_SLOT`.
    hand: u8,
    castling: u8,
    ep: OptSquare,
    ep_victim: OptSquare,
    halfmove: u32,
    fullmove: u32,
}

#[inline]
pub(crate) fn castle_bit(color: Color, side: usize) -> u8 {
    1 << (2 * color.index() + side)
}

impl Move {
    /// Builds a move that [`Position::play`] will check; for tests and callers
    /// that keep moves by value. Prefer [`Position::legal_moves`].
    pub fn new(
        from: Square,
        to: Square,
        role: Role,
        captured: Option<Role>,
        promotion: Option<Role>,
        flags: MoveFlags,
    ) -> Move {
        let flags = flags - MoveFlags::VIA - MoveFlags::WALL - MoveFlags::GATE;
        Move {
            promotion: promotion.into(),
            ..Move::plain(from, to, role, captured, flags)
        }
    }
}

/// A move text read without the position: its squares and what its suffix
/// asks for. Free of the board type: compiled once.
struct MoveText<'t> {
    from: Square,
    to: Square,
    /// A square captured on the way (a third square).
    via: Option<Square>,
    suffix: &'t str,
    /// Nothing, any promotion (`Some(None)`), or the promotion type's
    /// lowercase token (`Some(Some("q"))`).
    wanted: Option<Option<&'t str>>,
}

fn move_text_squares<'t>(v: &Variant, text: &'t str) -> Result<MoveText<'t>, MoveError> {
    let size = v.size;
    let bytes = text.as_bytes();
    let syntax = |reason| MoveError::Syntax {
        text: text.to_string(),
        reason,
    };
    let (from, n1) = size
        .parse_square_prefix(bytes)
        .ok_or_else(|| syntax("it must start with a square of the board, as in e3e5"))?;
    let (to, n2) = size
        .parse_square_prefix(&bytes[n1..])
        .ok_or_else(|| syntax("the from-square must be followed by a to-square, as in e3e5"))?;
    // A third square: the move captures on the second on its way.
    let (via, to, n2) = match size.parse_square_prefix(&bytes[n1 + n2..]) {
        Some((last, n3)) => (Some(to), last, n2 + n3),
        None => (None, to, n2),
    };
    let suffix = &text[n1 + n2..];
    // What the suffix asks for: nothing, any promotion ('+'), or the
    // promotion whose type's token without '+', lowercase, it is (`q`, `q'`).
    let suffix_of = |r: Role| v.pieces.get(r.index()).map(|p| p.token.suffix());
    let wanted: Option<Option<&str>> = match (suffix, v.promotion_text) {
        ("", _) => None,
        ("+" | "-", PromotionText::Plus) => Some(None),
        // A piece's own promoted form beside its letter promotions.
        ("+", PromotionText::Letter) if v.has_own_plus_promotion() => Some(Some("+")),
        (s, PromotionText::Letter) if matches!(s.as_bytes(), [c] | [c, b'\''] if c.is_ascii_lowercase()) =>
        {
            if !(0..v.pieces.len()).any(|i| suffix_of(Role(i as u8)) == Some(s)) {
                return Err(syntax(
                    "the promotion letter names no piece type of this variant",
                ));
            }
            Some(Some(s))
        }
        (_, PromotionText::Plus) => {
            return Err(syntax("the only suffix is '+', for a promotion"));
        }
        (_, PromotionText::Letter) => {
            return Err(syntax(
                "the only suffix is the lowercase letter of the promotion type",
            ));
        }
    };
    Ok(MoveText {
        from,
        to,
        via,
        suffix,
        wanted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Make sets Lion-trading rule 4's square and unmake restores what
    /// stood before, square included, for every move.
    #[test]
    fn make_and_unmake_the_lion_square() {
        let v = Variant::from_definition(
            "name = \"lions\"\nfiles = 5\nranks = 5\nstart = \"n3k/5/5/5/R3K w - - 0 1\"\n\
             [game-end]\nroyal-capture = \"loss\"\n\
             [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
             [[piece]]\nname = \"Lion\"\ntoken = \"N\"\nbetza = \"KNAD\"\nlion = true\n\
             [[piece]]\nname = \"Rook\"\ntoken = \"R\"\nbetza = \"R\"\n",
        )
        .unwrap();
        for fen in ["n3k/5/5/5/R3K w - - 0 1", "n3k/5/5/5/R3K w - c3 0 1"] {
            let pos = Position::from_fen(&v, fen).unwrap();
            for m in pos.legal_moves() {
                let mut p = pos;
                let undo = p.make(&m);
                let taken = pos.move_text(&m) == "a1a5";
                assert_eq!(p.lion_square(), taken.then(|| pos.square("a5").unwrap()));
                p.unmake(&undo);
                assert!(p == pos, "{fen} {}", pos.move_text(&m));
            }
        }
    }
}
