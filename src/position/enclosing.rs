//! Drops that must enclose and pieces that turn over (`[rules]`
//! `enclosing-drop`, `enclosing-start` and `flip`; Fairy-Stockfish's
//! `enclosingDrop`, `enclosingDropStart` and `flipEnclosedPieces`):
//! Reversi and Ataxx. Only variants with these switches come here, from
//! the `[rules]` generic path.

use crate::bitboard::{Board, Color, Square, SquareSet};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Enclosing;

/// The eight directions, as (file, rank) steps.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl<B: Board> Position<'_, B> {
    /// The colour of the piece on `sq` (`None`: empty or off the board).
    fn color_on(&self, sq: Square) -> Option<Color> {
        let code = *self.board.as_ref().get(sq.index())?;
        (code != 0).then_some(if code >> 7 == 0 {
            Color::White
        } else {
            Color::Black
        })
    }

    /// Whether the drop `m` by the side to move may be made under the
    /// variant's `enclosing-drop` rule.
    pub(crate) fn enclosing_allows(&self, m: &Move) -> bool {
        let r = &self.variant.rules;
        let Some(rule) = r.enclosing_drop else {
            return true;
        };
        let us = self.side;
        let size = self.variant.size;
        if let Some(start) = &r.enclosing_start {
            // While a start square is empty, drops go there and nowhere else.
            let start = B::from_region(start.of(us)) & size.all_of::<B::Word>();
            if !(start & !self.occupied()).is_empty() {
                return start.contains(m.to);
            }
        }
        match rule {
            Enclosing::Reversi => !self.enclosed_by(m.to, us).is_empty(),
            Enclosing::Ataxx => self
                .neighbours(m.to)
                .any(|sq| self.color_on(sq) == Some(us)),
        }
    }

    /// The squares next to `sq` on the board.
    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let size = self.variant.size;
        let (f, r) = (size.file(sq) as i32, size.rank(sq) as i32);
        DIRECTIONS
            .iter()
            .filter_map(move |(df, dr)| size.square(f + df, r + dr))
    }

    /// The enemy pieces a piece of `us` on `to` encloses, Reversi's way:
    /// in each direction, an unbroken line of enemy pieces ended by one
    /// of `us`.
    fn enclosed_by(&self, to: Square, us: Color) -> Vec<Square> {
        let size = self.variant.size;
        let (f, r) = (size.file(to) as i32, size.rank(to) as i32);
        let mut out = Vec::new();
        for (df, dr) in DIRECTIONS {
            let start = out.len();
            let mut k = 1;
            loop {
                let Some(sq) = size.square(f + df * k, r + dr * k) else {
                    out.truncate(start);
                    break;
                };
                match self.color_on(sq) {
                    Some(c) if c != us => out.push(sq),
                    Some(_) => break,
                    None => {
                        out.truncate(start);
                        break;
                    }
                }
                k += 1;
            }
        }
        out
    }

    /// The enemy pieces that turn over when a piece of `us` lands on `to`,
    /// by the variant's `flip` rule (none without one).
    pub(crate) fn flips(&self, to: Square, us: Color) -> Vec<Square> {
        match self.variant.rules.flip {
            None => Vec::new(),
            Some(Enclosing::Reversi) => self.enclosed_by(to, us),
            Some(Enclosing::Ataxx) => self
                .neighbours(to)
                .filter(|&sq| self.color_on(sq) == Some(us.opposite()))
                .collect(),
        }
    }
}
