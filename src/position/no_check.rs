//! No move may give check (`[rules] check-illegal`: racing kings) on the
//! fast generator, where it is the only rule that changes which moves are
//! legal (`SpecialRules::no_check_plain`): the legal moves as without it,
//! less those that attack the enemy royal piece, judged on bitboards
//! rather than by playing each move on a copy.

use crate::bitboard::{Bitboard, Board, Square, SquareSet};
use crate::moves::Move;
use crate::position::Position;

impl<'v, B: Board> Position<'v, B> {
    /// The legal moves where no move may give check, into `sink`, but
    /// those of pieces on `skip` (and drops unless `drops`).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_no_check(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        let us = self.side;
        let legal = !self.variant.rules.kingless[us.index()] && !self.variant.end.royal_capture;
        // All generated, then skipped: a side without a royal piece finds
        // its castling piece by its start square, not by a King to skip.
        let mut sink = |m: Move| {
            if m.is_drop() || !skip.contains(m.from) {
                sink(m);
            }
        };
        let Some(ek) = self.king(us.opposite()) else {
            // No royal piece to check.
            return self.generate_moves(B::EMPTY, drops, legal, &mut sink);
        };
        let t = B::tables(self.variant);
        // Hops, locusts and facing Kings attack in ways the tables below do
        // not say: each move is played on a copy then.
        let simple = !t.has_hops(us) && t.locust_roles(us).is_empty() && !self.variant.facing_kings;
        self.generate_moves(B::EMPTY, drops, legal, &mut |m: Move| {
            let check = if simple && !m.is_castle() && m.via().is_none() {
                self.checks_with(&m, ek)
            } else {
                self.play_unchecked(&m).royal_attacked(us.opposite())
            };
            if !check {
                sink(m);
            }
        });
    }

    /// Whether the move `m` of the side to move (no castling, no capture
    /// on its way) attacks `ek` once played: a piece it uncovers, or the
    /// piece itself from where it lands.
    #[inline]
    fn checks_with(&self, m: &Move, ek: Square) -> bool {
        let us = self.side;
        let t = B::tables(self.variant);
        let mut occ = self.occupied().without(m.from).with(m.to);
        if m.is_en_passant()
            && let Some(victim) = self.ep_victim.get()
        {
            occ = occ.without(victim);
        }
        let ours = self.colors[us.index()].without(m.from);
        let r = m.role_after().index();
        t.leap_attackers(us, r, ek).contains(m.to)
            || (t.path_from(us, ek)[r].contains(m.to)
                && t.attack_paths(us, r, m.to, ek)
                    .iter()
                    .any(|p| (*p & occ).is_empty()))
            || self.attacked(ek, us, occ, ours)
    }
}
