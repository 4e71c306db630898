//! Gating (`[rules] gating`, S-chess; Fairy-Stockfish's `seirawanGating`):
//! a piece from the hand enters on the square a piece of the side's first
//! rank has just left, as part of that move, while that square keeps its
//! gating right. Castling may gate on the King's square or its partner's.
//!
//! Only variants with the switch come here: they play on the rules' generic
//! path (`special.rs`), whose pseudo-legal moves `generate_gated` extends
//! with the gated ones and whose `apply_rules` places the gated piece, so
//! the fast path of every other variant is untouched. Where gating is the
//! only rule that changes which moves are legal
//! (`SpecialRules::gating_plain`), the fast generator's legal moves are
//! extended instead: a gate is legal when its move is (the gated piece
//! never shields the King, as Fairy-Stockfish judges it).

use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Gate, Move, MoveError, MoveFlags, MoveList};
use crate::position::Position;
use crate::position::hands::HandCounts;
use crate::setup::Setup;
use crate::variant::{MAX_DEF_ROLES, NO_SLOT, Role, Variant};

/// What [`Position::apply_gate`] changed, to take it back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GateUndo {
    gates: [u16; 2],
    /// The square the gated piece entered, `u16::MAX` for none.
    square: Square,
    /// Its hand slot, with the colour in bit 4.
    hand: u8,
}

impl GateUndo {
    /// An undo that restores `gates` alone (first moves' rights).
    pub(crate) fn keeping(gates: [u16; 2]) -> GateUndo {
        GateUndo {
            gates,
            ..GateUndo::default()
        }
    }
}

impl Default for GateUndo {
    fn default() -> GateUndo {
        GateUndo {
            gates: [0; 2],
            square: Square(u16::MAX),
            hand: NO_SLOT,
        }
    }
}

/// `color`'s first rank: where its gating rights are.
fn first_rank(v: &Variant, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => v.size.ranks() - 1,
    }
}

/// Whether captured pieces refill the hands (with `[drops]`): then a side
/// keeps its gating rights while its hand is empty.
pub(crate) fn hands_refill(v: &Variant) -> bool {
    v.drops.as_ref().is_some_and(|d| d.drops)
}

/// The gating rights `setup` gives in `pos` (placement and hands already
/// on it): those on squares holding a piece of the side, of a side whose
/// hand holds a piece or can fill, as Fairy-Stockfish keeps them.
pub(crate) fn resolve_gates<B: Board>(v: &Variant, setup: &Setup, pos: &mut Position<'_, B>) {
    for color in Color::ALL {
        pos.gates[color.index()] = 0;
        // First moves' rights need no hand.
        if v.rules.gating && !hands_refill(v) && pos.hands.is_empty(color) {
            continue;
        }
        let rank = first_rank(v, color) as i32;
        for file in 0..v.size.files().min(16) {
            let held = setup.gates[color.index()] >> file & 1 != 0;
            let ours = v
                .size
                .square(file as i32, rank)
                .and_then(|sq| pos.piece_at(sq))
                .is_some_and(|p| p.color == color);
            if held && ours {
                pos.gates[color.index()] |= 1 << file;
            }
        }
    }
}

/// Whether `color` is in gating mode for reading a castling field: the
/// variant gates and the side's hand (in `setup`) holds a piece or can
/// fill. Then file letters are gating rights, as Fairy-Stockfish reads
/// them; otherwise they are castling rights.
pub(crate) fn reads_gates(v: &Variant, setup: &Setup, color: Color) -> bool {
    (v.rules.gating && (hands_refill(v) || setup.hands[color.index()].iter().any(|&n| n != 0)))
        || v.rules.first_moves.is_some()
}

impl<B: Board> Position<'_, B> {
    /// The squares on which `color` may still gate: its gating rights
    /// (`[rules] gating`; none in other variants).
    ///
    /// ```
    /// use betza::{Color, Position, Variant};
    /// let pos = Position::start(Variant::by_name("seirawan").unwrap());
    /// assert_eq!(pos.gating_squares(Color::White).count(), 8);
    /// let pos = pos.play(&pos.parse_move("g1f3h")?)?;
    /// assert_eq!(pos.gating_squares(Color::White).count(), 7);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn gating_squares(&self, color: Color) -> Bitboard<B::Word> {
        let v = self.variant;
        let mut set = B::EMPTY;
        let mut files = self.gates[color.index()];
        let rank = first_rank(v, color) as i32;
        while files != 0 {
            let f = files.trailing_zeros() as i32;
            files &= files - 1;
            if let Some(sq) = v.size.square(f, rank) {
                set = set.with(sq);
            }
        }
        set
    }

    /// The pseudo-legal moves of a gating variant (the legal ones with
    /// `legal`): each move, then the
    /// same move with each piece of the hand that may gate on the square
    /// it leaves (castling: on the King's square or the partner's), where
    /// that square has its right and is empty after the move. A move that
    /// promotes, drops or captures on its way does not gate.
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_gated(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        let us = self.side;
        let v = self.variant;
        let gates = self.gating_squares(us);
        let d = match B::drops(v) {
            Some(d) if !gates.is_empty() && !self.hands.is_empty(us) => d,
            _ => return self.generate_moves_dyn(skip, drops, legal, sink),
        };
        let hands = self.hands;
        let castling = v.castling.as_ref();
        self.generate_moves_dyn(skip, drops, legal, &mut |m: Move| {
            sink(m);
            // One square besides from and to per move: a capture on the
            // way (`via`) does not gate either.
            if m.is_drop() || m.promotion.is_some() || m.flags.contains(MoveFlags::VIA) {
                return;
            }
            // Castling's partner lands beside the King: not a gate square.
            let rook_to = castling.filter(|_| m.is_castle()).map(|c| {
                let side = usize::from(m.via.0 < m.from.0);
                c.rook_to[us.index()][side]
            });
            let mut gate = |sq: Square, on_partner: bool| {
                if !gates.contains(sq) || sq == m.to || Some(sq) == rook_to {
                    return;
                }
                for (slot, &r) in d.roles.iter().enumerate() {
                    if hands.count(us, slot as u8) > 0
                        && d.gate_region[slot][us.index()].contains(sq)
                    {
                        sink(Move {
                            gate: Gate::new(r, on_partner),
                            flags: m.flags | MoveFlags::GATE,
                            ..m
                        });
                    }
                }
            };
            gate(m.from, false);
            if m.is_castle() {
                gate(m.via, true);
            }
        });
    }

    /// After `make` of `m` by `mover`: the gated piece leaves the hand for
    /// its square; the mover's rights on the squares the move left (the
    /// King's and the partner's, castling) and the opponent's on the
    /// squares it took are lost, and a side whose hand is now empty and
    /// cannot fill loses all. Returns what [`undo_gate`](Self::undo_gate)
    /// needs.
    pub(crate) fn apply_gate(&mut self, m: &Move, mover: Color) -> GateUndo {
        let v = self.variant;
        let mut undo = GateUndo {
            gates: self.gates,
            ..GateUndo::default()
        };
        if let (Some(role), Some(sq), Some(d)) = (m.gate(), m.gate_square(), &v.drops) {
            let slot = d.slot[role.index() % MAX_DEF_ROLES];
            // A hand-made move's gate may name any type (`fits` leaves the
            // gate to this check).
            if slot != NO_SLOT && sq.index() < v.size.squares() && role.index() < v.pieces.len() {
                self.put_code(sq, (role.0 + 1) | (mover as u8) << 7);
                self.hands.remove(mover, slot);
                undo.square = sq;
                undo.hand = slot | (mover as u8) << 4;
            }
        }
        let size = v.size;
        let them = mover.opposite();
        let mut lose = |color: Color, sq: Square| {
            if sq.index() < size.squares() && size.rank(sq) == first_rank(v, color) {
                let file = size.file(sq);
                if file < 16 {
                    self.gates[color.index()] &= !(1u16 << file);
                }
            }
        };
        if !m.is_drop() {
            lose(mover, m.from);
        }
        if m.is_castle() {
            lose(mover, m.via);
        }
        if m.captured.is_some() {
            lose(them, m.to);
        }
        if let (Some(via), true) = (m.via(), m.via_captured.is_some()) {
            lose(them, via);
        }
        if !hands_refill(v) && self.hands.is_empty(mover) {
            self.gates[mover.index()] = 0;
        }
        undo
    }

    /// Takes back [`apply_gate`](Self::apply_gate).
    pub(crate) fn undo_gate(&mut self, undo: &GateUndo) {
        if undo.hand != NO_SLOT {
            self.put_code(undo.square, 0);
            let color = if undo.hand & 16 != 0 {
                Color::Black
            } else {
                Color::White
            };
            self.hands.add(color, undo.hand & 15);
        }
        self.gates = undo.gates;
    }

    /// The gating letters of `color` for the castling field, as
    /// Fairy-Stockfish writes them: each file with a right, but the King's
    /// (while the side may castle, castling from fixed squares) and the
    /// partners' of the rights held, which `KQ` already tell.
    pub(crate) fn gate_letters(&self, color: Color) -> String {
        let v = self.variant;
        let mut s = String::new();
        let files = self.gates[color.index()];
        if files == 0 {
            return s;
        }
        let mut skip = 0u16;
        if let Some(c) = &v.castling {
            let mut holds = false;
            for side in 0..2 {
                if let Some(p) = self.castle_partner(color, side) {
                    holds = true;
                    skip |= 1 << (v.size.file(p) % 16);
                }
            }
            if holds && !c.any_start {
                skip |= 1 << (v.size.file(c.king_start[color.index()]) % 16);
            }
        }
        for f in 0..16u8 {
            if files >> f & 1 != 0 && skip >> f & 1 == 0 {
                let letter = (b'a' + f) as char;
                s.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        s
    }

    /// Reads a gated move's text (`b1c3h`; castling `e1g1h`, or `h1e1h`
    /// for a gate on the partner's square), as Fairy-Stockfish writes it:
    /// `None` when the text is no gated move (no letter after its squares,
    /// or a promotion's), left to [`parse_move`](Self::parse_move).
    pub(crate) fn parse_gated(&self, text: &str) -> Option<Result<Move, MoveError>> {
        let v = self.variant;
        let size = v.size;
        let bytes = text.as_bytes();
        let (from, n1) = size.parse_square_prefix(bytes)?;
        let (to, n2) = size.parse_square_prefix(&bytes[n1..])?;
        let (squares, suffix) = text.split_at(n1 + n2);
        if suffix.is_empty() {
            return None;
        }
        let mut legal: MoveList = MoveList::new();
        self.generate_dyn(true, &mut |m| {
            if m.from == from || m.via == from {
                legal.push(m)
            }
        });
        if let Some(m) = legal.iter().find(|m| self.move_text(m) == text) {
            return Some(Ok(*m));
        }
        let role = (0..v.pieces.len())
            .map(|i| Role(i as u8))
            .find(|r| v.pieces[r.index()].token.suffix() == suffix)?;
        // A promotion's letter: the promotion's errors.
        if legal
            .iter()
            .any(|m| m.from == from && m.to == to && m.promotion().is_some())
        {
            return None;
        }
        let us = self.side;
        let fail = |reason: String| {
            Some(Err(MoveError::Gate {
                text: text.to_string(),
                reason,
            }))
        };
        // `h1e1h`: castling gating on the partner's square (the King on `to`).
        let castle = v.castling.as_ref().is_some_and(|c| {
            self.piece_at(to)
                .is_some_and(|k| k.color == us && k.role == c.king)
                && self
                    .piece_at(from)
                    .is_some_and(|r| r.color == us && r.role == c.rook)
        });
        let (base, square) = if castle {
            let found = legal
                .iter()
                .find(|m| m.is_castle() && m.via == from && m.from == to && !m.is_gating());
            match found {
                Some(m) => (*m, from),
                None => {
                    return fail(format!(
                        "the King on {} cannot castle with the piece on {}",
                        self.name(to),
                        self.name(from)
                    ));
                }
            }
        } else {
            match self.parse_move(squares) {
                Ok(m) => (m, from),
                Err(e) => return Some(Err(e)),
            }
        };
        fail(self.gate_problem(&base, role, square))
    }

    /// Why the legal move `base` cannot gate a piece of `role` on `square`
    /// (its from-square, or castling's partner's), in words.
    pub(crate) fn gate_problem(&self, base: &Move, role: Role, square: Square) -> String {
        let v = self.variant;
        let us = self.side;
        let name = v.piece_type(role).map_or("piece", |p| p.name.as_str());
        let sq = self.name(square);
        if self.hand_count(us, role) == 0 {
            return format!("the side to move has no {name} in hand");
        }
        if !self.gating_squares(us).contains(square) {
            return format!("{sq} has no gating right");
        }
        if let Some(d) = &v.drops {
            let slot = d.slot[role.index() % MAX_DEF_ROLES];
            if slot != NO_SLOT && !d.gate_region[slot as usize][us.index()].contains(square) {
                return format!("a {name} may not enter on {sq}");
            }
        }
        if base.promotion().is_some() || base.is_drop() || base.via().is_some() {
            return "a move that promotes, drops or captures on its way does not gate".into();
        }
        if square != base.from && !(base.is_castle() && square == base.via) {
            return format!("{sq} is not a square the move leaves");
        }
        format!("{sq} is not empty after the move")
    }
}
