//! First moves (`[rules] first-moves`, Fairy-Stockfish's `cambodianMoves`):
//! a piece standing on a first-rank square that keeps its right may also
//! make its type's first moves (Cambodian: the King's leap to the side,
//! the Met's two steps forward). The rights are the gating rights' field
//! (`Position::gates`, FEN's castling field), kept here by their own rules.
//!
//! Only variants with the switch come here, on the rules' generic path.

use crate::bitboard::{Board, Color, Square, SquareSet};
use crate::gating::GateUndo;
use crate::moves::{Gate, Move, MoveFlags, RoleByte};
use crate::position::Position;

impl<B: Board> Position<'_, B> {
    /// Whether `sq` is one of `color`'s first-rank squares with a right.
    fn has_first_right(&self, color: Color, sq: Square) -> bool {
        let size = self.variant.size;
        let rank = match color {
            Color::White => 0,
            Color::Black => size.ranks() - 1,
        };
        sq.index() < size.squares()
            && size.rank(sq) == rank
            && size.file(sq) < 16
            && self.gates[color.index()] >> size.file(sq) & 1 != 0
    }

    /// The pseudo-legal moves, then each first move of a piece on a square
    /// with its right (the royal piece's not while in check).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_first_moves(
        &self,
        skip: crate::bitboard::Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        self.generate_moves_dyn(skip, drops, false, sink);
        let v = self.variant;
        let Some(first) = &v.rules.first_moves else {
            return;
        };
        let us = self.side;
        if self.gates[us.index()] == 0 {
            return;
        }
        let in_check = self.king(us).is_some()
            && self.attacked(
                self.king(us).expect("a King"),
                us.opposite(),
                self.occupied(),
                self.colors[us.opposite().index()],
            );
        let occ = self.occupied();
        let theirs = self.colors[us.opposite().index()];
        for (i, &role) in first.roles.iter().enumerate() {
            if role == v.royal && in_check {
                continue;
            }
            for from in self.roles[role.index()] & self.colors[us.index()] {
                if skip.contains(from) || !self.has_first_right(us, from) {
                    continue;
                }
                let slot = first.tables.slot(us, i, from);
                let plain = |to: Square, captured: Option<crate::variant::Role>| Move {
                    from,
                    to,
                    role,
                    captured: RoleByte::from(captured),
                    promotion: RoleByte::NONE,
                    flags: MoveFlags::empty(),
                    via: Square(0),
                    via_captured: RoleByte::NONE,
                    gate: Gate::NONE,
                };
                for to in slot.quiet.squares() {
                    if to.index() < v.size.squares() && !occ.contains(to) {
                        sink(plain(to, None));
                    }
                }
                for to in slot.capture.squares() {
                    if to.index() < v.size.squares() && theirs.contains(to) {
                        sink(plain(to, self.piece_at(to).map(|p| p.role)));
                    }
                }
            }
        }
    }

    /// After `make` of `m` by `mover`: the rights of the square the move
    /// left and of the square it took are lost, and the opponent's royal
    /// piece loses its right when a piece of a `first-move-lost-to` type
    /// lands where its moves on an empty board reach it.
    pub(crate) fn apply_first_rights(&mut self, m: &Move, mover: Color) -> GateUndo {
        let undo = GateUndo::keeping(self.gates);
        let v = self.variant;
        let size = v.size;
        let them = mover.opposite();
        let lose = |pos: &mut Self, color: Color, sq: Square| {
            if pos.has_first_right(color, sq) {
                pos.gates[color.index()] &= !(1u16 << size.file(sq));
            }
        };
        if !m.is_drop() {
            lose(self, mover, m.from);
        }
        if m.captured.is_some() {
            lose(self, them, m.to);
        }
        if v.rules.first_lost_to >> m.role.index().min(63) & 1 != 0
            && let Some(k) = self.king(them)
            && self.has_first_right(them, k)
            && B::tables(v)
                .reach_on_empty_board(mover, m.role.index(), m.to)
                .contains(k)
        {
            lose(self, them, k);
        }
        undo
    }
}
