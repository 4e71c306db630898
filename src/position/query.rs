//! Queries a GUI and an engine ask of a position without listing every
//! move: the checking pieces, whether a move checks or captures, the legal
//! moves of one piece, moves played and taken back in place, and move
//! generation into a visitor or a caller's buffer.
//!
//! One piece's moves come from that piece's targets alone: each is tried by
//! playing it on a copy and asking whether the own King is attacked, which
//! is what the full generator's faster pin logic decides (the tests compare
//! the two on random positions of every built-in variant).

use std::fmt;

use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Move, MoveFlags, MoveList};
use crate::position::{Piece, Position, Undo};
use crate::variant::Role;

/// What [`Position::play_in_place`] returns: what taking the move back
/// needs. Pass it to [`Position::undo_move`] on the same position, moves
/// taken back in the reverse order of play.
#[derive(Clone, Copy)]
pub struct MoveUndo {
    undo: Undo,
    /// False for a move [`Position::play_in_place_unchecked`] did not play.
    played: bool,
    /// What the position looks like right after the move: checked by
    /// `undo_move`, so an undo record of another position is refused.
    side_after: Color,
    to: Square,
    on_to: Option<Piece>,
    fullmove_after: u32,
    halfmove_after: u32,
    /// What the `[rules]` changed (explosions, check counters): only for
    /// rules that change something (`SpecialRules::applies`), so that the
    /// other variants neither fill nor carry the record.
    rules: Option<crate::special::RulesUndo>,
}

impl fmt::Debug for MoveUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveUndo")
            .field("to", &self.to)
            .finish_non_exhaustive()
    }
}

/// Why [`Position::undo_move`] refused an undo record: it does not belong
/// to the position as it stands (another position's record, or one whose
/// later moves were not taken back first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoError;

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "this undo record does not belong to the position as it stands: \
             take moves back in the reverse order of play, on the position that played them",
        )
    }
}

impl std::error::Error for UndoError {}

impl<'v, B: Board> Position<'v, B> {
    /// The squares of the opponent's pieces that attack the side to move's
    /// royal piece (empty when not in check): what a GUI highlights.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1")?;
    /// let names: Vec<String> = pos.checkers().squares().map(|s| pos.name(s).to_string()).collect();
    /// assert_eq!(names, ["a1", "f3"]);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn checkers(&self) -> Bitboard<B::Word> {
        let us = self.side;
        let them = us.opposite();
        // The royal pieces in check: the King, and pseudo-royal pieces
        // (`extinction-pseudo-royal`: coregal's Queens, Spartan's Kings).
        let mut royals = self.king(us).map_or(B::EMPTY, B::bb);
        if self.variant.rules.pseudo_royal {
            royals |= self.checked_pseudo_royals(us);
        }
        let occ = self.occupied();
        let mut found = B::EMPTY;
        for k in royals {
            if self.attacked(k, them, occ, self.colors[them.index()]) {
                for sq in self.colors[them.index()] {
                    if self.attacked(k, them, occ, B::bb(sq)) {
                        found = found.with(sq);
                    }
                }
            }
        }
        found
    }

    /// Calls `f` with every legal move, without building a list: the
    /// visitor form of [`legal_moves`](Self::legal_moves).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let mut captures = 0;
    /// pos.for_each_legal_move(|m| captures += m.is_capture() as u32);
    /// assert_eq!(captures, 0);
    /// ```
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        self.generate(true, &mut f);
    }

    /// The legal moves into `buf`, which is cleared first: a caller that
    /// keeps one list (per search depth, say) reuses it rather than
    /// receiving a new one by value.
    ///
    /// ```
    /// use betza::{MoveList, Position, Variant};
    /// let pos = Position::start(Variant::by_name("decimaka").unwrap());
    /// let mut buf: MoveList = MoveList::new();
    /// pos.legal_moves_into(&mut buf);
    /// assert_eq!(buf.len(), 50);
    /// ```
    pub fn legal_moves_into<const N: usize>(&self, buf: &mut MoveList<N>) {
        buf.clear();
        self.generate(true, &mut |m| buf.push(m));
    }

    /// Calls `f` with every legal move of the piece on `from` (none for an
    /// empty square or a piece of the side not to move), found from that
    /// piece's moves alone.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let mut n = 0;
    /// pos.for_each_legal_move_from(pos.square("g1").unwrap(), |_| n += 1);
    /// assert_eq!(n, 2);
    /// ```
    pub fn for_each_legal_move_from(&self, from: Square, mut f: impl FnMut(Move)) {
        if from.index() < self.size().squares() && self.colors[self.side.index()].contains(from) {
            self.generate_from_dyn(!B::bb(from), false, true, &mut f);
        }
    }

    /// The legal moves of the piece on `from`, found from that piece alone.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("meiriqi").unwrap());
    /// let from = pos.square("a3").unwrap();
    /// assert!(pos.legal_moves_from(from).iter().all(|m| m.from() == from));
    /// ```
    pub fn legal_moves_from(&self, from: Square) -> MoveList<32> {
        let mut list = MoveList::new();
        self.for_each_legal_move_from(from, |m| list.push(m));
        list
    }

    /// [`is_legal`](Self::is_legal): whether `m` is one of the legal moves
    /// of the piece on its from-square.
    pub(crate) fn is_legal_move(&self, m: &Move) -> bool {
        let mut found = false;
        if m.is_drop() {
            // A drop has no piece to start from: the drops of its type.
            self.generate_from_dyn(!B::EMPTY, true, true, &mut |x| found |= x == *m);
        } else if self.board.as_ref().get(m.from.index()).is_some() {
            self.for_each_legal_move_from(m.from, |x| found |= x == *m);
        }
        found
    }

    /// Whether the legal move `m` gives check (attacks the opponent's
    /// royal piece, or faces the Kings). `false` for a move that is not
    /// legal here.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// assert!(pos.gives_check(&pos.parse_move("a1a8")?));
    /// assert!(!pos.gives_check(&pos.parse_move("a1a7")?));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn gives_check(&self, m: &Move) -> bool {
        self.is_legal(m) && self.play_unchecked(m).is_check()
    }

    /// Whether the legal move `m` captures (en passant included), as this
    /// position sees it. `false` for a move that is not legal here.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")?;
    /// assert!(pos.is_capture(&pos.parse_move("e5d6")?));
    /// assert!(!pos.is_capture(&pos.parse_move("e5e6")?));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn is_capture(&self, m: &Move) -> bool {
        m.is_capture() && self.is_legal(m)
    }

    /// For a legal castling move, the Rook's squares: where it stands and
    /// where it lands (a GUI animates it). `None` for any other move.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// let (from, to) = pos.castling_rook(&pos.parse_move("e1g1")?).unwrap();
    /// assert_eq!((pos.name(from).to_string(), pos.name(to).to_string()), ("h1".into(), "f1".into()));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn castling_rook(&self, m: &Move) -> Option<(Square, Square)> {
        let c = self.variant.castling.as_ref()?;
        if !m.is_castle() || !self.is_legal(m) {
            return None;
        }
        // A castling move's `via` field is its partner's square (but for
        // its wall's, the turn's piece move has it).
        let m = self.piece_move(m);
        let side = usize::from(m.via.0 < m.from.0);
        Some((m.via, c.rook_to[self.side.index()][side]))
    }

    /// Plays the legal move `m` in place and returns what
    /// [`undo_move`](Self::undo_move) needs to take it back: an engine's
    /// make/unmake, without copying the position. On error the position is
    /// unchanged.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let mut pos = Position::start(Variant::by_name("chess").unwrap());
    /// let before = pos;
    /// let m = pos.parse_move("e2e4")?;
    /// let undo = pos.play_in_place(&m)?;
    /// assert_eq!(pos, before.play(&m)?);
    /// pos.undo_move(&undo)?;
    /// assert_eq!(pos, before);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_in_place(&mut self, m: &Move) -> Result<MoveUndo, crate::MoveError> {
        if !self.is_legal(m) {
            return Err(crate::MoveError::Illegal {
                text: self.move_text(m),
            });
        }
        Ok(self.play_in_place_unchecked(m))
    }

    /// [`play_in_place`](Self::play_in_place) without the legality check:
    /// `m` must come from this position's legal (or pseudo-legal) moves, as
    /// for [`play_unchecked`](Self::play_unchecked); any other move gives a
    /// meaningless but memory-safe position.
    pub fn play_in_place_unchecked(&mut self, m: &Move) -> MoveUndo {
        // A move naming squares off the board or types the variant lacks
        // would leave a position later calls cannot read: it changes nothing.
        if !self.fits(m) {
            return self.not_played(m);
        }
        if self.variant.rules.any {
            return self.play_under_rules(m);
        }
        // Without rules the record is `make`'s and no rules record: built
        // in place (an engine's loop: nothing else copied or tested).
        let undo = self.make(m);
        self.played(undo, m, None)
    }

    /// The record of `m` just played (`undo` from `make`, `rules` from the
    /// rules): what the position looks like after it, for `undo_move`.
    #[inline(always)]
    fn played(&self, undo: Undo, m: &Move, rules: Option<crate::special::RulesUndo>) -> MoveUndo {
        MoveUndo {
            undo,
            played: true,
            side_after: self.side,
            to: m.to,
            on_to: self.piece_at(m.to),
            fullmove_after: self.fullmove,
            halfmove_after: self.halfmove,
            rules,
        }
    }

    /// [`play_in_place_unchecked`](Self::play_in_place_unchecked) of a
    /// variant with `[rules]`: the piece's move, then what the rules add.
    #[inline(never)]
    fn play_under_rules(&mut self, m: &Move) -> MoveUndo {
        let mover = self.side;
        let undo = self.make(&self.piece_move(m));
        let rules = self
            .variant
            .rules
            .applies
            .then(|| self.apply_rules(m, mover));
        self.played(undo, m, rules)
    }

    /// The record of a move that does not fit the position, not played:
    /// `undo_move` takes nothing back.
    #[cold]
    #[inline(never)]
    fn not_played(&self, m: &Move) -> MoveUndo {
        let mut copy = *self;
        let undo = copy.make(&Move::new(
            m.from,
            m.from,
            m.role,
            None,
            None,
            MoveFlags::empty(),
        ));
        MoveUndo {
            undo,
            played: false,
            side_after: self.side,
            to: m.to,
            on_to: self.piece_at(m.to),
            fullmove_after: self.fullmove,
            halfmove_after: self.halfmove,
            rules: None,
        }
    }

    /// Whether every square and type `m` names is one of this position's
    /// board and variant: what `make` needs to leave a readable position.
    #[inline]
    pub(crate) fn fits(&self, m: &Move) -> bool {
        let squares = self.variant.size.squares();
        let roles = self.variant.pieces.len();
        m.from.index() < squares
            && m.to.index() < squares
            && m.role.index() < roles
            && m.promotion().is_none_or(|p| p.index() < roles)
    }

    /// Takes back the move whose record `undo` is, if the position is as
    /// that move left it (otherwise refused, the position unchanged).
    pub fn undo_move(&mut self, undo: &MoveUndo) -> Result<(), UndoError> {
        if self.side != undo.side_after
            || self.piece_at(undo.to) != undo.on_to
            || self.fullmove != undo.fullmove_after
            || self.halfmove != undo.halfmove_after
        {
            return Err(UndoError);
        }
        if undo.played {
            if let Some(rules) = &undo.rules
                && self.variant.rules.applies
            {
                self.undo_rules(rules);
            }
            self.unmake(&undo.undo);
        }
        Ok(())
    }

    /// Whether `role` is one of this position's variant's piece types.
    pub fn has_role(&self, role: Role) -> bool {
        role.index() < self.variant.pieces.len()
    }
}

impl crate::Variant {
    /// Whether `other` is this variant: the same object, or one compiled
    /// from an equal definition (the same built-in loaded twice, a file
    /// read twice). Positions of such variants compare equal, and one's
    /// moves are the other's.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let chess = Variant::by_name("chess").unwrap();
    /// let again = Variant::from_definition(&chess.definition().to_string())?;
    /// assert!(again.same_definition(chess));
    /// assert!(!again.same_definition(Variant::by_name("meiriqi").unwrap()));
    /// assert_eq!(Position::start(&again), Position::start(chess));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn same_definition(&self, other: &crate::Variant) -> bool {
        std::ptr::eq(self, other) || self.def == other.def
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant, builtin};

    /// Random positions of every built-in variant: pseudo-random playouts.
    fn positions(v: &Variant, n: usize) -> Vec<Position<'_>> {
        let mut out = Vec::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..n {
            let mut pos = Position::start(v);
            for _ in 0..40 {
                out.push(pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play_unchecked(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
        out
    }

    #[test]
    fn one_piece_moves_agree_with_the_generator() {
        for name in builtin::NAMES {
            let v = Variant::by_name(name).unwrap();
            for pos in positions(v, 6) {
                let all = pos.legal_moves();
                for i in 0..pos.size().squares() {
                    let sq = crate::Square(i as u16);
                    let mut mine: Vec<_> = pos.legal_moves_from(sq).to_vec();
                    // A drop names its square as `from` but moves no piece from it.
                    let mut want: Vec<_> = all
                        .iter()
                        .filter(|m| m.from() == sq && !m.is_drop())
                        .copied()
                        .collect();
                    let key =
                        |m: &crate::Move| (m.to().0, m.promotion().map(|r| r.0), m.flags().bits());
                    mine.sort_by_key(key);
                    want.sort_by_key(key);
                    assert_eq!(mine, want, "{name} {} from {}", pos.to_fen(), pos.name(sq));
                }
                for m in &all {
                    assert!(pos.is_legal(m));
                    assert_eq!(pos.gives_check(m), pos.play_unchecked(m).is_check());
                }
                for m in pos.pseudo_legal_moves().iter() {
                    assert_eq!(pos.is_legal(m), all.contains(m), "{name} {}", pos.to_fen());
                }
            }
        }
    }

    #[test]
    fn checkers_are_the_attackers_of_the_king() {
        for name in builtin::NAMES {
            let v = Variant::by_name(name).unwrap();
            for pos in positions(v, 4) {
                assert_eq!(
                    pos.checkers().is_empty(),
                    !pos.is_check(),
                    "{name} {}",
                    pos.to_fen()
                );
                // Removing all but one checker keeps the check: each attacks.
                for sq in pos.checkers() {
                    assert_ne!(pos.piece_at(sq).unwrap().color, pos.side_to_move());
                }
            }
        }
    }

    #[test]
    fn play_in_place_and_undo_restore_every_position() {
        for name in builtin::NAMES {
            let v = Variant::by_name(name).unwrap();
            for pos in positions(v, 2) {
                let mut p = pos;
                for m in pos.legal_moves().iter() {
                    let u = p.play_in_place(m).unwrap();
                    assert_eq!(p, pos.play_unchecked(m));
                    p.undo_move(&u).unwrap();
                    assert_eq!(p, pos, "{name} {}", pos.debug_move(m));
                }
            }
        }
    }

    #[test]
    fn a_foreign_undo_record_is_refused() {
        let v = Variant::by_name("chess").unwrap();
        let mut a = Position::start(v);
        let e4 = a.parse_move("e2e4").unwrap();
        let u = a.play_in_place(&e4).unwrap();
        let e5 = a.parse_move("e7e5").unwrap();
        let u2 = a.play_in_place(&e5).unwrap();
        let before = a;
        assert!(a.undo_move(&u).is_err());
        assert_eq!(a, before);
        a.undo_move(&u2).unwrap();
        a.undo_move(&u).unwrap();
        assert_eq!(a, Position::start(v));
        // An illegal move is refused, the position unchanged.
        assert!(a.play_in_place(&e5).is_err());
        assert_eq!(a, Position::start(v));
    }
}
