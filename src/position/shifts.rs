//! Generating whole piece types at once by shifts of the board (see
//! `tables::Shift`, and `count_by_shifts` for bulk counting), for a side
//! with no royal piece to keep safe (horde's White, antichess): every
//! pseudo-legal move is legal there, so a type's moves need no piece-by-piece
//! test, and 36 Pawns cost four shifts rather than 36 target computations.

use crate::bitboard::{BitWord, Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Move, MoveFlags};
use crate::position::Position;
use crate::variant::{Promotion, Role};

impl<'v, B: Board> Position<'v, B> {
    /// Every pseudo-legal move, for a side with no royal piece to keep
    /// safe (each is legal): whole types by shifts, the rest piece by piece.
    /// Out of line, so that the generators that inline this path stay small.
    #[inline(never)]
    pub(crate) fn generate_unguarded(&self, drops: bool, mut sink: &mut dyn FnMut(Move)) {
        let shifted = self.generate_by_shifts(B::EMPTY, sink);
        self.generate_pieces(B::EMPTY, shifted, drops, false, &mut sink)
    }

    /// Generates, without any test of King safety, the moves of the piece
    /// types (not on `skip`) whose moves are all shifts, where that is
    /// cheaper than piece by piece; returns the pieces done, which the
    /// caller skips. Emits what the per-piece generation emits for them,
    /// in another order.
    #[inline(never)]
    pub(crate) fn generate_by_shifts(
        &self,
        skip: Bitboard<B::Word>,
        mut sink: &mut dyn FnMut(Move),
    ) -> Bitboard<B::Word> {
        let v = self.variant;
        let t = B::tables(v);
        let us = self.side;
        let ours = self.colors[us.index()];
        let theirs = self.colors[us.opposite().index()];
        let occ = self.occupied();
        let empty = !occ;
        let (zone, on_capture) = match *B::promotion(v) {
            Promotion::None => (B::EMPTY, false),
            Promotion::Zone { zone, .. } => (zone.of(us), false),
            Promotion::OnCapture { .. } => (B::EMPTY, true),
        };
        // A double step's displacement (the flag of a Pawn's quiet move).
        let two = 2 * v.size.files() as i32;
        let double = if us == Color::White { two } else { -two };
        // The type an en-passant capture takes (the pawn, a `double-step`
        // type), and the types whose double steps are flagged.
        let ep = self
            .ep
            .get()
            .filter(|&e| !occ.contains(e))
            .zip(self.ep_victim_role());
        let doubles = v.double_roles;
        let mut done = B::EMPTY;
        for (role, shifts) in t.shift_roles(us) {
            let pieces = self.roles[role] & ours & !skip;
            let r = Role(role as u8);
            let promotes = v.promotion_choices[role] != 0;
            // Few pieces are cheaper one by one; promotion decided by the
            // start square, and Berolina's diagonal double steps, are left
            // to the per-piece generation.
            if (pieces.count() as usize) < shifts.len()
                || (promotes && (v.promote_from_zone || v.from_zone_captures))
                || (v.ep_diagonal && Some(r) == v.pawn)
            {
                continue;
            }
            let zone = if promotes { zone } else { B::EMPTY };
            let doubling = doubles >> (role & 63) & 1 != 0;
            for sh in shifts {
                let mut on = pieces.0 & sh.from.0;
                let quiet = if sh.quiet { empty.0 } else { BitWord::ZERO };
                let caps = if sh.capture { theirs.0 } else { BitWord::ZERO };
                let mut moved = 0i32;
                for _ in 0..sh.steps {
                    if on.is_zero() {
                        break;
                    }
                    on = on.rotate_left(sh.rotate as u32);
                    moved += i32::from(sh.delta);
                    let from = |to: Square| Square((i32::from(to.0) - moved) as u16);
                    let flags = if doubling && moved == double {
                        MoveFlags::DOUBLE_STEP
                    } else {
                        MoveFlags::empty()
                    };
                    for to in Bitboard::<B::Word>(on & quiet) {
                        if zone.contains(to) {
                            self.emit(from(to), to, r, None, flags, &mut sink);
                        } else {
                            sink(Move::plain(from(to), to, r, None, flags));
                        }
                    }
                    for to in Bitboard::<B::Word>(on & caps) {
                        let captured = Some(Role(self.role_on(to) as u8));
                        if on_capture || zone.contains(to) {
                            self.emit(from(to), to, r, captured, MoveFlags::empty(), &mut sink);
                        } else {
                            sink(Move::plain(from(to), to, r, captured, MoveFlags::empty()));
                        }
                    }
                    on &= empty.0;
                }
            }
            if let Some((e, victim)) = ep {
                for from in pieces & t.ep_attackers(us, role, e) {
                    self.emit(from, e, r, Some(victim), MoveFlags::EN_PASSANT, &mut sink);
                }
            }
            done |= pieces;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use crate::bitboard::{Board, Small};
    use crate::moves::Move;
    use crate::{Position, Variant};

    /// The moves of a side with no royal piece: by shifts and piece by
    /// piece (the pseudo-legal generation), sorted.
    fn both_ways(variant: &str, fen: &str) -> (Vec<String>, Vec<String>) {
        let v = Variant::by_name(variant).unwrap();
        let pos: Position<'_, Small> = Position::from_fen(v, fen).unwrap();
        let list = |shifts: bool| {
            let mut out: Vec<Move> = Vec::new();
            if shifts {
                pos.generate_unguarded(true, &mut |m| out.push(m));
            } else {
                pos.generate_moves(Small::EMPTY, true, false, &mut |m| out.push(m));
            }
            let mut out: Vec<String> = out.iter().map(|m| format!("{m:?}")).collect();
            out.sort();
            out
        };
        (list(true), list(false))
    }

    #[test]
    fn shifts_generate_what_pieces_generate() {
        let cases = [
            // Horde: single and double steps from ranks 1 and 2, blocked
            // ones, captures, promotions (quiet and capturing), en passant,
            // and a Knight generated piece by piece.
            (
                "horde",
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            ),
            ("horde", "2r4k/1P6/8/3pP3/8/8/P7/P3N2P w - d6 0 1"),
            (
                "horde",
                "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1",
            ),
            // Antichess: no royal piece on either side; Pawns promote to
            // a King too.
            (
                "antichess",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - e3 0 1",
            ),
            ("antichess", "8/8/8/8/8/8/p1p1p1p1/1R6 b - - 0 1"),
        ];
        for (variant, fen) in cases {
            let (shifted, each) = both_ways(variant, fen);
            assert!(!shifted.is_empty(), "{fen}");
            assert_eq!(shifted, each, "{variant} {fen}");
        }
    }
}
