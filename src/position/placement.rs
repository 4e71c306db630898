//! Placement before play (`[rules] must-drop`, Fairy-Stockfish's
//! `mustDrop`: placement, Sittuyin), with the rules that come with it:
//! drops that keep a type on both colours (`drop-opposite-colors`),
//! castling rights from dropped pieces (`castle-dropped`) and Sittuyin's
//! promotion as a move of its own (`promotion-in-place`).
//!
//! Only variants with one of these switches come here: they play on the
//! rules' generic path (`special.rs`), which asks these functions, so the
//! fast path of every other variant is untouched.

use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Move, MoveFlags, MoveList, RoleByte};
use crate::position::hands::HandCounts;
use crate::position::{Piece, Position};
use crate::variant::{NO_SLOT, Promotion, Role};

impl<'v, B: Board> Position<'v, B> {
    /// Whether `color`'s royal piece is still in its hand (a setup phase):
    /// there is no King to keep safe until it is dropped.
    pub(crate) fn royal_in_hand(&self, color: Color) -> bool {
        self.variant.rules.must_drop && self.hand_count(color, self.variant.royal) > 0
    }

    /// Whether the side to move must drop now: it has pieces in hand
    /// (`must-drop`). The caller then keeps only drops, if any is legal.
    #[inline]
    pub(crate) fn must_drop_now(&self) -> bool {
        let r = &self.variant.rules;
        r.must_drop
            && match r.must_drop_role {
                None => !self.hands.is_empty(self.side),
                Some(t) => self.hand_count(self.side, t) > 0,
            }
    }

    /// The placement rules' own test of the pseudo-legal `m` (beside the
    /// King's safety): a drop that keeps each `drop-opposite-colors` type
    /// able to stand half its pieces on each colour.
    /// Also the drops' own rules: while a `must-drop-type` piece is in
    /// hand only it drops, and with `drop-check-illegal` no drop checks.
    #[inline]
    pub(crate) fn placement_allows(&self, m: &Move) -> bool {
        if !m.is_drop() {
            return true;
        }
        let r = &self.variant.rules;
        if self.wrong_drop_type(m) || (r.drop_check_illegal && self.play_unchecked(m).is_check()) {
            return false;
        }
        r.drop_opposite == 0 || self.opposite_colors_kept(m, r.drop_opposite)
    }

    /// Whether the drop `m` is of another type than the `must-drop-type`
    /// piece its side still holds (Koedem's King must come first).
    pub(crate) fn wrong_drop_type(&self, m: &Move) -> bool {
        self.variant
            .rules
            .must_drop_role
            .is_some_and(|t| m.role != t && self.hand_count(self.side, t) > 0)
    }

    /// As Fairy-Stockfish's `dropOppositeColoredBishop` judges a drop:
    /// dropping one of the types keeps at most half (rounded up) of them on
    /// the drop square's colour; dropping another piece leaves room in
    /// their drop region for half of them on each colour.
    fn opposite_colors_kept(&self, m: &Move, set: u64) -> bool {
        let v = self.variant;
        let Some(d) = B::drops(v) else {
            return true;
        };
        let us = self.side;
        let size = v.size;
        let dark = |sq: Square| (size.file(sq) + size.rank(sq)).is_multiple_of(2);
        let ours = self.colors[us.index()];
        let empty = size.all_of::<B::Word>() & !self.occupied();
        let mut bits = set;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let role = Role(t as u8);
            let on_board = self.roles[t] & ours;
            let total = on_board.count() + u32::from(self.hand_count(us, role));
            if m.role == role {
                let same = on_board
                    .into_iter()
                    .filter(|&s| dark(s) == dark(m.to))
                    .count() as u32;
                if same + 1 > total.div_ceil(2) {
                    return false;
                }
            } else {
                let slot = d.slot[t % d.slot.len()];
                if slot == NO_SLOT {
                    continue;
                }
                let room = (d.region[slot as usize][us.index()] & empty).without(m.to);
                let squares = on_board | room;
                let n_dark = squares.into_iter().filter(|&s| dark(s)).count() as u32;
                let n_light = squares.count() - n_dark;
                if n_dark < total / 2 || n_light < total / 2 {
                    return false;
                }
            }
        }
        true
    }

    /// After the drop `m` (made by `mover`): the castling rights a dropped
    /// King or partner gains (`castle-dropped`, Fairy-Stockfish's
    /// `castlingDroppedPiece`).
    pub(crate) fn castle_dropped(&mut self, m: &Move, mover: Color) {
        let v = self.variant;
        let Some(c) = &v.castling else {
            return;
        };
        if !m.is_drop() {
            return;
        }
        let ours = self.colors[mover.index()];
        let king_sq = c.king_start[mover.index()];
        let king_home = (self.roles[c.king.index()] & ours).contains(king_sq);
        for side in 0..2 {
            let rook_sq = c.rook_start[mover.index()][side];
            let rook_home = (self.roles[c.rook.index()] & ours).contains(rook_sq);
            let dropped_here = m.to == king_sq || m.to == rook_sq;
            if dropped_here && king_home && rook_home {
                let i = 2 * mover.index() + side;
                self.castling |= 1 << i;
                self.castle_files[i] = v.size.file(rook_sq);
            }
        }
    }

    /// Adds to `list` the promotions of `promotion-in-place` (Sittuyin, as
    /// Fairy-Stockfish generates and judges them): each pawn on its zone
    /// (or anywhere, when it is its side's only one) becomes a type it
    /// promotes to, in place or with one quiet move of that type, where the
    /// new piece attacks no enemy piece and the move gives no check.
    pub(crate) fn in_place_promotions(&self, list: &mut MoveList) {
        let v = self.variant;
        let Promotion::Zone { zone, .. } = B::promotion(v) else {
            return;
        };
        let us = self.side;
        let them = us.opposite();
        let zone = zone.of(us);
        let ours = self.colors[us.index()];
        for (r, p) in v.pieces.iter().enumerate() {
            if p.promotions.is_empty() {
                continue;
            }
            let role = Role(r as u8);
            let pawns = self.roles[r] & ours;
            let from_set = if pawns.count() > 1 {
                pawns & zone
            } else {
                pawns
            };
            for from in from_set {
                for to_role in self.allowed_promotions(role) {
                    for to in self.promotion_squares(from, to_role) {
                        let m = Move {
                            from,
                            to,
                            role,
                            captured: RoleByte::NONE,
                            promotion: RoleByte::new(Some(to_role)),
                            flags: MoveFlags::empty(),
                            via: Square(0),
                            via_captured: RoleByte::NONE,
                            gate: crate::moves::Gate::NONE,
                        };
                        let mut next = self.play_unchecked(&m);
                        if next.royal_attacked(them) {
                            continue;
                        }
                        // The new piece, its side to move again: it may
                        // capture nothing from where it stands.
                        next.side = us;
                        next.ep = crate::bitboard::OptSquare::NONE;
                        let mut attacks = false;
                        next.generate_from_dyn(!B::bb(to), false, false, &mut |x: Move| {
                            attacks |= x.is_capture();
                        });
                        if !attacks {
                            list.push(m);
                        }
                    }
                }
            }
        }
    }

    /// Where a pawn on `from` may promote to `role`: in place, or onto an
    /// empty square one quiet move of `role` from `from` reaches.
    fn promotion_squares(&self, from: Square, role: Role) -> Bitboard<B::Word> {
        let mut probe = *self;
        probe.put(
            from,
            Some(Piece {
                role,
                color: self.side,
            }),
        );
        probe.ep = crate::bitboard::OptSquare::NONE;
        let mut squares = B::bb(from);
        probe.generate_from_dyn(!B::bb(from), false, false, &mut |x: Move| {
            if !x.is_capture() && !x.is_castle() && x.via().is_none() {
                squares = squares.with(x.to);
            }
        });
        squares
    }
}
