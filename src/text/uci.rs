//! Move text not yet bound to a position: [`UciMove`], the `<from><to>[suffix]`
//! form of `docs/notation.md` (`e3e5`, `c9c10+`, `e7e8q`), as UCI and XBoard
//! engines write it, and `<from><via><to>` for a move that captures on its way.
//!
//! [`Position::parse_move`] reads and checks text in one step; a `UciMove`
//! splits that in two: [`str::parse`] checks the syntax alone (for a protocol
//! reader that has no position at hand), [`UciMove::resolve`] finds the legal
//! move it names in a position.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::{Board, SquareName};
use crate::moves::{Move, MoveError};
use crate::position::Position;
use crate::variant::PromotionText;

/// What a move text's suffix asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PromotionSuffix {
    /// `+`: the promotion (in variants whose text writes promotion so).
    Plus,
    /// `-`: a promoted piece turning back into its unpromoted type (Kyoto
    /// shogi, where `+` writes the promotion).
    Minus,
    /// A lowercase letter: the promotion to the type with that letter
    /// (kept lowercase).
    Letter(char),
    /// A lowercase letter and `'`: the promotion to the type whose token is
    /// that letter dressed with `'` (`N'`; the letter kept lowercase).
    Primed(char),
}

/// A move text taken apart but not checked against any position.
///
/// ```
/// use betza::{Position, UciMove, Variant};
/// let m: UciMove = "e7e8q".parse()?;
/// assert_eq!(m.from.to_string(), "e7");
/// assert_eq!(m.to_string(), "e7e8q");
/// let pos = Position::from_fen(Variant::by_name("chess").unwrap(), "8/4P3/8/8/8/k7/8/K7 w - - 0 1")?;
/// let mv = m.resolve(&pos)?;
/// assert_eq!(pos.san(&mv), "e8=Q");
/// assert_eq!(UciMove::from_move(&pos, &mv), m);
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The from-square.
    pub from: SquareName,
    /// The to-square.
    pub to: SquareName,
    /// The suffix, if any.
    pub promotion: Option<PromotionSuffix>,
    /// The square captured on the way, for a move that captures before its
    /// destination (`<from><via><to>`, as `d4d5e6`).
    pub via: Option<SquareName>,
}

impl UciMove {
    /// The legal move this text names in `pos`: the same as
    /// [`Position::parse_move`] on the text, with the same errors.
    pub fn resolve<B: Board>(&self, pos: &Position<'_, B>) -> Result<Move, MoveError> {
        pos.parse_move(&self.to_string())
    }

    /// The text of `m`, a move of `pos`.
    pub fn from_move<B: Board>(pos: &Position<'_, B>, m: &Move) -> UciMove {
        let size = pos.size();
        let promotion = m.promotion().map(|p| match pos.variant.promotion_text() {
            PromotionText::Plus if pos.variant.demotes(m) => PromotionSuffix::Minus,
            PromotionText::Plus => PromotionSuffix::Plus,
            PromotionText::Letter if pos.variant.promotes_to_own_plus(m) => PromotionSuffix::Plus,
            PromotionText::Letter => match pos.piece_type(p).map(|t| t.token) {
                Some(t) if t.prime() => PromotionSuffix::Primed(t.lower_letter()),
                t => PromotionSuffix::Letter(t.map_or('?', |t| t.lower_letter())),
            },
        });
        // Castling as `move_text` writes it (the partner's square where the
        // King's destination would name another move).
        let to = if pos.castle_text_names_partner(m, false) {
            m.via
        } else {
            m.to()
        };
        UciMove {
            from: size.name(m.from()),
            to: size.name(to),
            promotion,
            via: m.via().map(|v| size.name(v)),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.via {
            Some(via) => write!(f, "{}{via}{}", self.from, self.to)?,
            None => write!(f, "{}{}", self.from, self.to)?,
        }
        match self.promotion {
            None => Ok(()),
            Some(PromotionSuffix::Plus) => f.write_str("+"),
            Some(PromotionSuffix::Minus) => f.write_str("-"),
            Some(PromotionSuffix::Letter(c)) => write!(f, "{c}"),
            Some(PromotionSuffix::Primed(c)) => write!(f, "{c}'"),
        }
    }
}

impl FromStr for UciMove {
    type Err = MoveError;

    /// Reads `<from><to>[+ or a lowercase letter]`, squares of boards up to
    /// 26x26 (files `a`..`z`, ranks 1..26); the errors are [`MoveError::Syntax`].
    fn from_str(text: &str) -> Result<UciMove, MoveError> {
        let syntax = |reason| MoveError::Syntax {
            text: text.to_string(),
            reason,
        };
        let bytes = text.as_bytes();
        let (from, n1) = SquareName::parse_prefix(bytes)
            .ok_or_else(|| syntax("it must start with a square, as in e3e5"))?;
        let (to, n2) = SquareName::parse_prefix(&bytes[n1..])
            .ok_or_else(|| syntax("the from-square must be followed by a to-square, as in e3e5"))?;
        // A third square: the second is captured on the way.
        let (via, to, n2) = match SquareName::parse_prefix(&bytes[n1 + n2..]) {
            Some((last, n3)) => (Some(to), last, n2 + n3),
            None => (None, to, n2),
        };
        let promotion = match &bytes[n1 + n2..] {
            [] => None,
            [b'+'] => Some(PromotionSuffix::Plus),
            [b'-'] => Some(PromotionSuffix::Minus),
            [c] if c.is_ascii_lowercase() => Some(PromotionSuffix::Letter(*c as char)),
            [c, b'\''] if c.is_ascii_lowercase() => Some(PromotionSuffix::Primed(*c as char)),
            _ => {
                return Err(syntax(
                    "the only suffix is '+' (or '-' for a promoted piece turning back) or the lowercase letter of the promotion type",
                ));
            }
        };
        Ok(UciMove {
            from,
            to,
            promotion,
            via,
        })
    }
}
