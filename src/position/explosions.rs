//! Explosions (`[rules] explosions`: atomic) on the fast generator, where
//! they (with `explosion-immune`, `explosion-proof` and `mutually-immune`)
//! are the only rules that change which moves are legal
//! (`SpecialRules::explosions_plain`): each pseudo-legal move is judged on
//! bitboards, the blast taken off the occupancy, rather than played on a
//! copy of the position. Moves of other shapes (castling, drops, captures
//! on the way) are judged by the generic rules.

use crate::bitboard::{Bitboard, Board, Square, SquareSet};
use crate::moves::Move;
use crate::position::{Position, code_role};

impl<'v, B: Board> Position<'v, B> {
    /// The legal moves where captures explode, into `sink`, but those of
    /// pieces on `skip` (and drops unless `drops`).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_explosions(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        // All generated, then skipped: a side without a royal piece finds
        // its castling piece by its start square, not by a King to skip.
        self.generate_moves(B::EMPTY, drops, false, &mut |m: Move| {
            if (m.is_drop() || !skip.contains(m.from)) && self.explosion_allows(&m) {
                sink(m);
            }
        });
    }

    /// Whether the pseudo-legal `m` is legal where captures explode: as the
    /// generic rules judge it, on bitboards.
    #[inline]
    fn explosion_allows(&self, m: &Move) -> bool {
        let v = self.variant;
        let r = &v.rules;
        if m.is_castle()
            || m.via().is_some()
            || m.is_drop()
            || m.role_after() == v.royal && m.promotion().is_some()
        {
            return self.rules_allow(m);
        }
        if m.is_capture() && m.role == v.royal {
            return false;
        }
        if r.mutual >> m.role.index() & 1 != 0 && m.captured() == Some(m.role) {
            return false;
        }
        let us = self.side;
        let them = us.opposite();
        if r.kingless[us.index()] {
            return true;
        }
        let Some(king) = self.king(us) else {
            return self.rules_allow(m);
        };
        let king = if m.role == v.royal { m.to } else { king };
        let victim = match self.ep_victim.get() {
            Some(x) if m.is_en_passant() => x,
            _ => m.to,
        };
        let mut occ = self.occupied().without(m.from).without(victim).with(m.to);
        let mut theirs = self.colors[them.index()].without(victim);
        if m.is_capture() {
            // The blast: the capturer unless proof, each neighbour unless
            // immune or proof.
            let size = v.size;
            let mut blast = B::EMPTY;
            if r.proof >> m.role_after().index() & 1 == 0 {
                blast = blast.with(m.to);
            }
            let (f, rk) = (size.file(m.to) as i32, size.rank(m.to) as i32);
            for (df, dr) in crate::position::enclosing::DIRECTIONS {
                if let Some(sq) = size.square(f + df, rk + dr)
                    && occ.contains(sq)
                {
                    let role = code_role(self.board[sq.index()]);
                    if (r.immune | r.proof) >> role & 1 == 0 {
                        blast = blast.with(sq);
                    }
                }
            }
            if blast.contains(king) {
                return false;
            }
            occ &= !blast;
            theirs &= !blast;
            // Taking or exploding the enemy King wins, whatever else stands.
            if !r.kingless[them.index()]
                && let Some(ek) = self.king(them)
                && !theirs.contains(ek)
            {
                return true;
            }
        }
        // Kings side by side do not check each other.
        if let Some(ek) = (self.roles[v.royal.index()] & theirs).first()
            && self.adjacent(king, ek)
        {
            return true;
        }
        !self.attacked(king, them, occ, theirs)
    }

    /// Whether two squares touch (share a side or a corner).
    #[inline]
    fn adjacent(&self, a: Square, b: Square) -> bool {
        let size = self.variant.size;
        (size.file(a) as i32 - size.file(b) as i32).abs() <= 1
            && (size.rank(a) as i32 - size.rank(b) as i32).abs() <= 1
    }
}
