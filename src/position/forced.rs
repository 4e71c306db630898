//! Compulsory capture (`[rules] capture-forced`: antichess, giveaway,
//! losers) on the fast generator, where it is the only rule that changes
//! which moves are legal (`SpecialRules::forced_plain`): the legal moves
//! as without it, then only the captures when there is one. The generic
//! path plays every pseudo-legal move on a copy instead.

use crate::bitboard::{Bitboard, Board, SquareSet};
use crate::moves::{Move, MoveList};
use crate::position::Position;

impl<'v, B: Board> Position<'v, B> {
    /// Every legal move as if captures were optional (the game known not
    /// to be over): a side without a royal piece has its pseudo-legal ones.
    #[inline(always)]
    fn forced_candidates(&self, sink: &mut impl FnMut(Move)) {
        let legal =
            !self.variant.rules.kingless[self.side.index()] && !self.variant.end.royal_capture;
        if legal {
            self.generate_moves(B::EMPTY, true, true, sink)
        } else {
            self.generate_unguarded(true, &mut |m| sink(m))
        }
    }

    /// The legal moves under compulsory capture into `sink`, but those of
    /// pieces on `skip` (and drops unless `drops`): whether a capture is
    /// compulsory depends on every piece's moves.
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_forced(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        let mut list: MoveList = MoveList::new();
        let mut captures = false;
        self.forced_candidates(&mut |m: Move| {
            captures |= m.is_capture();
            list.push(m);
        });
        for m in &list {
            let kept = if m.is_drop() {
                drops
            } else {
                !skip.contains(m.from)
            };
            if kept && (!captures || m.is_capture()) {
                sink(*m);
            }
        }
    }

    /// The number of legal moves under compulsory capture (bulk counting):
    /// the captures when there is one, else every move.
    #[cold]
    #[inline(never)]
    pub(crate) fn count_forced(&self) -> u64 {
        let (mut all, mut captures) = (0u64, 0u64);
        self.forced_candidates(&mut |m: Move| {
            all += 1;
            captures += u64::from(m.is_capture());
        });
        if captures > 0 { captures } else { all }
    }
}
