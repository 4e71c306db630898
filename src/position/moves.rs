//! Moves: the `Move` value, move lists, and move text (`e3e5`, `c9c10+`, `e7e8q`).

use bitflags::bitflags;
use smallvec::SmallVec;

use crate::bitboard::{Square, SquareName};
use crate::variant::Role;

bitflags! {
    /// What is special about a move.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct MoveFlags: u8 {
        /// The royal piece castles; `to` is its destination.
        const CASTLE = 1;
        /// An en-passant capture; the captured Pawn is not on `to`.
        const EN_PASSANT = 2;
        /// A Pawn's two-square step straight forward.
        const DOUBLE_STEP = 4;
        /// The promotion is forced: no non-promoting move has this from and to.
        const FORCED_PROMOTION = 8;
        /// A piece from the hand placed on an empty square: `from == to`,
        /// `role` the type taken from the hand, no capture; `promotion`
        /// the type placed when it is dropped promoted (`[drops] promoted`,
        /// Kyoto shogi's `+P@c3`), else none.
        const DROP = 16;
        /// The move passes through `via` and captures there (an XBetza
        /// locust capture): see [`Move::via`].
        const VIA = 32;
        /// After the piece's move a wall is placed on `via` (`[rules]
        /// wall`): see [`Move::wall`]. Never with [`MoveFlags::VIA`].
        const WALL = 128;
        /// A piece from the hand enters on the square the move left
        /// (`[rules] gating`, S-chess): see [`Move::gate`].
        const GATE = 64;
    }
}

/// A move: from, to, the moving piece type, what it captures, what it becomes.
///
/// A small `Copy` value. Moves come from [`Position::legal_moves`] or
/// [`Position::parse_move`]; each promotion choice is a separate move.
///
/// A move may capture on one square besides its destination (a locust
/// capture, see `docs/betza.md`; Chu Shogi's Lion): [`via`](Self::via) is
/// that square and [`via_captured`](Self::via_captured) what it takes there.
/// One such square per move is the limit; its text is `<from><via><to>`, and
/// `to` may equal `from` (capture and return).
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
/// [`Position::parse_move`]: crate::Position::parse_move
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) role: Role,
    pub(crate) captured: RoleByte,
    pub(crate) promotion: RoleByte,
    pub(crate) flags: MoveFlags,
    /// With [`MoveFlags::VIA`]: the square captured on the way (else unused, 0).
    pub(crate) via: Square,
    pub(crate) via_captured: RoleByte,
    /// With [`MoveFlags::GATE`]: the type gated, and for castling whether
    /// on the partner's square (see [`Gate`]); else [`Gate::NONE`].
    pub(crate) gate: Gate,
}

/// A gated move's piece in one byte (the byte a 12-byte [`Move`] had
/// spare): the type in the low seven bits, bit 7 set when a castling move
/// gates on its partner's square rather than the King's; `u8::MAX` for
/// none.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Gate(u8);

impl std::fmt::Debug for Gate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.role() {
            None => f.write_str("None"),
            Some(r) if self.on_partner() => write!(f, "{r:?} on partner"),
            Some(r) => write!(f, "{r:?}"),
        }
    }
}

impl Gate {
    /// No gate.
    pub(crate) const NONE: Gate = Gate(u8::MAX);

    /// `role` gated (on the partner's square of a castling move when
    /// `on_partner`); a role past 126 is none.
    #[inline]
    pub(crate) const fn new(role: Role, on_partner: bool) -> Gate {
        if role.0 >= 0x7f {
            Gate::NONE
        } else {
            Gate(role.0 | if on_partner { 0x80 } else { 0 })
        }
    }

    /// The type gated.
    #[inline]
    pub(crate) const fn role(self) -> Option<Role> {
        if self.0 == u8::MAX {
            None
        } else {
            Some(Role(self.0 & 0x7f))
        }
    }

    /// Whether a castling move gates on its partner's square.
    #[inline]
    pub(crate) const fn on_partner(self) -> bool {
        self.0 != u8::MAX && self.0 & 0x80 != 0
    }
}

/// An optional [`Role`] in one byte (`u8::MAX` for none; no variant has so
/// many types): a move of 12 bytes with two-byte squares, where
/// `Option<Role>` would make it 14.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RoleByte(u8);

impl std::fmt::Debug for RoleByte {
    /// As the `Option<Role>` it stands for.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.get(), f)
    }
}

impl RoleByte {
    /// No role.
    pub(crate) const NONE: RoleByte = RoleByte(u8::MAX);

    /// `role`, or none.
    #[inline(always)]
    pub(crate) const fn new(role: Option<Role>) -> RoleByte {
        match role {
            Some(r) => RoleByte(r.0),
            None => RoleByte::NONE,
        }
    }

    /// The role, if any.
    #[inline(always)]
    pub(crate) const fn get(self) -> Option<Role> {
        if self.0 == u8::MAX {
            None
        } else {
            Some(Role(self.0))
        }
    }

    /// Whether there is a role.
    #[inline(always)]
    pub(crate) const fn is_some(self) -> bool {
        self.0 != u8::MAX
    }
}

impl From<Option<Role>> for RoleByte {
    #[inline(always)]
    fn from(role: Option<Role>) -> RoleByte {
        RoleByte::new(role)
    }
}

impl Move {
    /// A move of `role` from `from` to `to` (capturing `captured` there),
    /// with no promotion, gate or capture on its way.
    #[inline(always)]
    pub(crate) fn plain(
        from: Square,
        to: Square,
        role: Role,
        captured: Option<Role>,
        flags: MoveFlags,
    ) -> Move {
        Move {
            from,
            to,
            role,
            captured: RoleByte::new(captured),
            promotion: RoleByte::NONE,
            flags,
            via: Square(0),
            via_captured: RoleByte::NONE,
            gate: Gate::NONE,
        }
    }

    /// A drop of `role` from the hand onto `to`.
    #[inline]
    pub(crate) fn drop(role: Role, to: Square) -> Move {
        Move {
            from: to,
            to,
            role,
            captured: RoleByte::NONE,
            promotion: RoleByte::NONE,
            flags: MoveFlags::DROP,
            via: Square(0),
            via_captured: RoleByte::NONE,
            gate: Gate::NONE,
        }
    }

    /// This drop, the piece placed as `role` (`[drops] promoted`).
    #[inline]
    pub(crate) fn promoted_drop(self, role: Role) -> Move {
        Move {
            promotion: RoleByte::new(Some(role)),
            ..self
        }
    }

    /// The square the piece leaves.
    #[inline]
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece lands on (for castling, the King's destination).
    #[inline]
    pub fn to(&self) -> Square {
        self.to
    }

    /// The moving piece's type (before any promotion).
    #[inline]
    pub fn role(&self) -> Role {
        self.role
    }

    /// The type captured, if the move captures.
    #[inline]
    pub fn captured(&self) -> Option<Role> {
        self.captured.get()
    }

    /// The type the piece becomes, if it promotes.
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        self.promotion.get()
    }

    /// The type on `to` after the move.
    #[inline]
    pub fn role_after(&self) -> Role {
        self.promotion.get().unwrap_or(self.role)
    }

    /// Special properties.
    #[inline]
    pub fn flags(&self) -> MoveFlags {
        self.flags
    }

    /// Whether the move captures (on its destination or on the way).
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some() || self.via_captured.is_some()
    }

    /// The square the move captures on before its destination, if any (a
    /// locust capture, written `<from><via><to>`).
    #[inline]
    pub fn via(&self) -> Option<Square> {
        self.flags.contains(MoveFlags::VIA).then_some(self.via)
    }

    /// The type captured on [`via`](Self::via), if any.
    #[inline]
    pub fn via_captured(&self) -> Option<Role> {
        self.via_captured.get()
    }

    /// The move passing through `via` and capturing `captured` there (for
    /// callers that build moves by hand, as [`Move::new`] does; `play`
    /// checks it).
    pub fn with_via(self, via: Square, captured: Option<Role>) -> Move {
        Move {
            via,
            via_captured: RoleByte::new(captured),
            flags: self.flags | MoveFlags::VIA,
            ..self
        }
    }

    /// The square the turn places a wall on after the move (`[rules]
    /// wall`: duck chess's duck, Amazons' arrow), if any.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("duck").unwrap());
    /// let m = pos.parse_move("e2e4,e4e2")?;
    /// assert_eq!(m.wall(), pos.square("e2"));
    /// assert_eq!(pos.play(&m)?.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<_, betza::Error>(())
    /// ```
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        self.flags.contains(MoveFlags::WALL).then_some(self.via)
    }

    /// The move followed by a wall on `wall` (for callers that build moves
    /// by hand; `play` checks it). A castling move keeps its partner:
    /// the position finds it again.
    pub fn with_wall(self, wall: Square) -> Move {
        Move {
            via: wall,
            via_captured: RoleByte::NONE,
            flags: (self.flags - MoveFlags::VIA) | MoveFlags::WALL,
            ..self
        }
    }

    /// The type a gated move brings in from the hand (`[rules] gating`,
    /// S-chess), if any: it enters on [`gate_square`](Self::gate_square).
    #[inline]
    pub fn gate(&self) -> Option<Role> {
        self.gate.role()
    }

    /// Where a gated move's piece enters: the square the piece left, or
    /// for castling the King's square or its partner's.
    #[inline]
    pub fn gate_square(&self) -> Option<Square> {
        self.gate.role()?;
        Some(if self.gate.on_partner() {
            self.via
        } else {
            self.from
        })
    }

    /// The same move with a piece of `role` gated on `square`: the square
    /// the move leaves, or for castling its partner's square (for callers
    /// that build moves by hand; `play` checks it). Another square gives
    /// the move unchanged.
    pub fn with_gate(self, role: Role, square: Square) -> Move {
        let on_partner = if square == self.from {
            false
        } else if self.is_castle() && square == self.via {
            true
        } else {
            return self;
        };
        Move {
            gate: Gate::new(role, on_partner),
            flags: self.flags | MoveFlags::GATE,
            ..self
        }
    }

    /// Whether the move gates a piece from the hand ([`gate`](Self::gate)).
    #[inline]
    pub fn is_gating(&self) -> bool {
        self.flags.contains(MoveFlags::GATE)
    }

    /// The same move without its gate.
    #[inline]
    pub(crate) fn without_gate(self) -> Move {
        Move {
            gate: Gate::NONE,
            flags: self.flags - MoveFlags::GATE,
            ..self
        }
    }

    /// Whether the move castles.
    #[inline]
    pub fn is_castle(&self) -> bool {
        self.flags.contains(MoveFlags::CASTLE)
    }

    /// Whether the move captures en passant.
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.flags.contains(MoveFlags::EN_PASSANT)
    }

    /// Whether the move is a Pawn's double step.
    #[inline]
    pub fn is_double_step(&self) -> bool {
        self.flags.contains(MoveFlags::DOUBLE_STEP)
    }

    /// Whether the move drops a piece from the hand onto `to` (`from` is
    /// then `to` as well).
    #[inline]
    pub fn is_drop(&self) -> bool {
        self.flags.contains(MoveFlags::DROP)
    }

    /// Whether the move is a pass (`[rules] pass`): the royal piece "moves"
    /// to its own square, with no flag, capture or promotion; written as
    /// Fairy-Stockfish writes it, `e2e2`.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.from == self.to
            && self.flags.is_empty()
            && !self.promotion.is_some()
            && !self.captured.is_some()
    }

    /// The pass of `role` standing on `sq` (see [`Move::is_pass`]).
    #[inline]
    pub(crate) fn pass(role: Role, sq: Square) -> Move {
        Move {
            from: sq,
            to: sq,
            role,
            captured: RoleByte::NONE,
            promotion: RoleByte::NONE,
            flags: MoveFlags::empty(),
            via: Square(0),
            via_captured: RoleByte::NONE,
            gate: Gate::NONE,
        }
    }

    /// Whether the move promotes because it must.
    #[inline]
    pub fn is_forced_promotion(&self) -> bool {
        self.flags.contains(MoveFlags::FORCED_PROMOTION)
    }
}

/// A list of moves kept inline (on the stack), spilling to the heap only
/// past `N` moves: [`Position::legal_moves`](crate::Position::legal_moves)
/// gives a `MoveList` (256 inline), [`Position::moves_between`](crate::Position::moves_between)
/// a `MoveList<8>` (a few promotion choices at most).
///
/// It dereferences to `[Move]` (`len`, `iter`, indexing, `contains`, `sort`)
/// and iterates by value or by reference.
///
/// ```
/// use betza::{Move, MoveList, Position, Variant};
/// let pos = Position::start(Variant::by_name("chess").unwrap());
/// let moves: MoveList = pos.legal_moves();
/// assert_eq!(moves.len(), 20);
/// let captures: MoveList = moves.iter().filter(|m| m.is_capture()).copied().collect();
/// assert!(captures.is_empty());
/// let all: Vec<Move> = moves.into_iter().collect();
/// assert_eq!(all.len(), 20);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveList<const N: usize = 256>(SmallVec<[Move; N]>);

impl<const N: usize> MoveList<N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList(SmallVec::new())
    }

    /// Adds a move at the end.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.0.push(m)
    }

    /// Removes and returns the last move.
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        self.0.pop()
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| keep(m))
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear()
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }
}

impl<const N: usize> Default for MoveList<N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<const N: usize> std::fmt::Debug for MoveList<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<const N: usize> std::ops::Deref for MoveList<N> {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl<const N: usize> std::ops::DerefMut for MoveList<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl<const N: usize> FromIterator<Move> for MoveList<N> {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        MoveList(iter.into_iter().collect())
    }
}

impl<const N: usize> Extend<Move> for MoveList<N> {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

/// The moves of a [`MoveList`], by value.
pub struct IntoIter<const N: usize>(smallvec::IntoIter<[Move; N]>);

impl<const N: usize> Iterator for IntoIter<N> {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<const N: usize> DoubleEndedIterator for IntoIter<N> {
    fn next_back(&mut self) -> Option<Move> {
        self.0.next_back()
    }
}

impl<const N: usize> ExactSizeIterator for IntoIter<N> {}

impl<const N: usize> IntoIterator for MoveList<N> {
    type Item = Move;
    type IntoIter = IntoIter<N>;
    fn into_iter(self) -> IntoIter<N> {
        IntoIter(self.0.into_iter())
    }
}

impl<'a, const N: usize> IntoIterator for &'a MoveList<N> {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<const N: usize> PartialEq<[Move]> for MoveList<N> {
    fn eq(&self, other: &[Move]) -> bool {
        self.as_slice() == other
    }
}

/// Why a move text or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not `<from><to>[suffix]`.
    Syntax {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// No piece stands on the from-square.
    EmptySquare {
        /// The text.
        text: String,
        /// The from-square.
        square: SquareName,
    },
    /// The piece on the from-square belongs to the side not to move.
    WrongSide {
        /// The text.
        text: String,
        /// The from-square.
        square: SquareName,
    },
    /// The piece has no such move at all.
    NoSuchMove {
        /// The text.
        text: String,
        /// The moving piece's name.
        piece: String,
        /// The from-square.
        from: SquareName,
        /// The to-square.
        to: SquareName,
        /// The square the text captures on the way, if it names one.
        via: Option<SquareName>,
    },
    /// The move would leave the own King attacked, or the Kings facing.
    KingExposed {
        /// The text.
        text: String,
    },
    /// The text omits a promotion that is mandatory.
    PromotionRequired {
        /// The text.
        text: String,
        /// A legal text for the move.
        example: String,
    },
    /// The text asks for a promotion the move cannot make.
    BadPromotion {
        /// The text.
        text: String,
        /// What would be accepted, if anything.
        hint: String,
    },
    /// A rule of the variant's `[rules]` forbids the move (a capture is
    /// compulsory, no move may give check, a capture would explode the own
    /// King, ...); `reason` says which.
    Forbidden {
        /// The text.
        text: String,
        /// The rule, in words.
        reason: &'static str,
    },
    /// The move is not a legal move of this position.
    Illegal {
        /// The move written as text.
        text: String,
    },
    /// The game is over: no moves may be played.
    GameOver {
        /// The text.
        text: String,
    },
    /// A drop (`P@e5`) that is not legal here; `reason` says why.
    Drop {
        /// The text.
        text: String,
        /// Why, in words.
        reason: String,
    },
    /// The wall part of a turn (`e2e4,e4d5`: after the comma) is missing
    /// where the variant places walls, given where it does not, or names a
    /// square no wall may go to.
    Wall {
        /// The text.
        text: String,
        /// Why, in words.
        reason: String,
    },
    /// A gated move (`b1c3h`, `[rules] gating`) that is not legal here;
    /// `reason` says why (no such piece in hand, no gating right, the
    /// square not empty after the move).
    Gate {
        /// The text.
        text: String,
        /// Why, in words.
        reason: String,
    },
}

use crate::quote::quoted;

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => write!(f, "move text {}: {reason}", quoted(text)),
            MoveError::EmptySquare { text, square } => {
                write!(f, "move {}: there is no piece on {square}", quoted(text))
            }
            MoveError::WrongSide { text, square } => write!(
                f,
                "move {}: the piece on {square} is not the side to move's",
                quoted(text)
            ),
            MoveError::NoSuchMove {
                text,
                piece,
                from,
                to,
                via,
            } => {
                write!(
                    f,
                    "move {}: the {piece} on {from} has no move to {to}",
                    quoted(text)
                )?;
                match via {
                    Some(v) => write!(f, " capturing on {v}"),
                    None => Ok(()),
                }
            }
            MoveError::KingExposed { text } => write!(
                f,
                "move {}: illegal, it would leave the King attacked or the Kings facing",
                quoted(text)
            ),
            MoveError::PromotionRequired { text, example } => write!(
                f,
                "move {}: promotion is mandatory here; write {example}",
                quoted(text)
            ),
            MoveError::BadPromotion { text, hint } => {
                write!(
                    f,
                    "move {}: this move cannot promote that way{hint}",
                    quoted(text)
                )
            }
            MoveError::Forbidden { text, reason } => {
                write!(f, "move {}: illegal, {reason}", quoted(text))
            }
            MoveError::Illegal { text } => {
                write!(
                    f,
                    "move {}: not a legal move in this position",
                    quoted(text)
                )
            }
            MoveError::GameOver { text } => write!(f, "move {}: the game is over", quoted(text)),
            MoveError::Drop { text, reason } => write!(f, "drop {}: {reason}", quoted(text)),
            MoveError::Wall { text, reason } => write!(f, "move {}: {reason}", quoted(text)),
            MoveError::Gate { text, reason } => {
                write!(f, "move {}: cannot gate: {reason}", quoted(text))
            }
        }
    }
}

impl std::error::Error for MoveError {}
