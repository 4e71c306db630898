//! Moves: the `Move` value, move lists, and move text (`e3e5`, `c9c10+`, `e7e8q`).

use bitflags::bitflags;
use smallvec::SmallVec;

use crate::bitboard::Square;
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
    }
}

/// A move: from, to, the moving piece type, what it captures, what it becomes.
///
/// A small `Copy` value. Moves come from [`Position::legal_moves`] or
/// [`Position::parse_move`]; each promotion choice is a separate move.
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
/// [`Position::parse_move`]: crate::Position::parse_move
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) role: Role,
    pub(crate) captured: Option<Role>,
    pub(crate) promotion: Option<Role>,
    pub(crate) flags: MoveFlags,
}

impl Move {
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
        self.captured
    }

    /// The type the piece becomes, if it promotes.
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// The type on `to` after the move.
    #[inline]
    pub fn role_after(&self) -> Role {
        self.promotion.unwrap_or(self.role)
    }

    /// Special properties.
    #[inline]
    pub fn flags(&self) -> MoveFlags {
        self.flags
    }

    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
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

    /// Whether the move promotes because it must.
    #[inline]
    pub fn is_forced_promotion(&self) -> bool {
        self.flags.contains(MoveFlags::FORCED_PROMOTION)
    }
}

/// A list of moves kept on the stack (it spills to the heap only past 256).
pub type MoveList = SmallVec<[Move; 256]>;

/// Why a move text or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        square: String,
    },
    /// The piece on the from-square belongs to the side not to move.
    WrongSide {
        /// The text.
        text: String,
        /// The from-square.
        square: String,
    },
    /// The piece has no such move at all.
    NoSuchMove {
        /// The text.
        text: String,
        /// The moving piece's name.
        piece: String,
        /// The from-square.
        from: String,
        /// The to-square.
        to: String,
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
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => write!(f, "move text {text:?}: {reason}"),
            MoveError::EmptySquare { text, square } => {
                write!(f, "move {text:?}: there is no piece on {square}")
            }
            MoveError::WrongSide { text, square } => write!(
                f,
                "move {text:?}: the piece on {square} is not the side to move's"
            ),
            MoveError::NoSuchMove {
                text,
                piece,
                from,
                to,
            } => write!(
                f,
                "move {text:?}: the {piece} on {from} has no move to {to}"
            ),
            MoveError::KingExposed { text } => write!(
                f,
                "move {text:?}: illegal, it would leave the King attacked or the Kings facing"
            ),
            MoveError::PromotionRequired { text, example } => write!(
                f,
                "move {text:?}: promotion is mandatory here; write {example}"
            ),
            MoveError::BadPromotion { text, hint } => {
                write!(f, "move {text:?}: this move cannot promote that way{hint}")
            }
            MoveError::Illegal { text } => {
                write!(f, "move {text}: not a legal move in this position")
            }
            MoveError::GameOver { text } => write!(f, "move {text:?}: the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}
