//! Whether a move restarts the half-move clock under a variant's
//! [`ClockRule`](crate::variant::clock::ClockRule): per-side types,
//! irreversible moves only, every drop, every promotion.

use crate::bitboard::{Board, Color, SquareSet};
use crate::moves::Move;
use crate::variant::clock::has;

use super::Position;

impl<B: Board> Position<'_, B> {
    /// Whether `m`, a move by `us` that captures nothing, of a type of
    /// `clock_roles`, restarts the clock (the variant has a `clock` rule).
    #[inline(never)]
    pub(crate) fn clock_restarts(&self, m: &Move, us: Color) -> bool {
        let v = self.variant;
        let Some(c) = &v.clock else {
            return true;
        };
        let listed = has(c.roles[us.index()], m.role);
        if m.is_drop() {
            return c.drops || listed;
        }
        if c.promotions && m.promotion().is_some() {
            return true;
        }
        if !listed {
            return false;
        }
        if !c.irreversible {
            return true;
        }
        // A move the same type could take back keeps the clock running; a
        // pass (`from == to`) is no move back.
        let squares = v.size.squares();
        m.from.index() >= squares
            || m.to.index() >= squares
            || m.role.index() >= v.pieces.len()
            || !B::tables(v)
                .quiet_reach_on_empty_board(us, m.role.index(), m.to)
                .contains(m.from)
    }
}
