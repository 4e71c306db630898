//! Xiangqi's chasing rules (`[game-end] chasing = "axf"`), as the Asian
//! Xiangqi Federation's rules and Fairy-Stockfish's `chasingRule = axf`
//! judge them.
//!
//! Each move gets the set of the opponent's pieces it *chases*
//! ([`Position::chased_by`]); when a repetition ends the game, a side whose
//! every move since the position's first occurrence chased one and the
//! same piece (followed as it moves) loses, unless the other side did too
//! (a draw). Perpetual check is judged first.
//!
//! The work is linear in the plies of the repetition judged: a few attack
//! tests per piece and ply, no search.

use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::moves::Move;
use crate::position::Position;

impl<B: Board> Position<'_, B> {
    /// The role of the piece on an occupied square.
    #[inline]
    fn chase_role(&self, sq: Square) -> usize {
        crate::position::code_role(self.board[sq.index()])
    }

    /// Whether the piece of `color` and `role` on `from` attacks `sq` with
    /// occupancy `occ` (a capture it could make there; facing royal pieces
    /// aside).
    fn hits(
        &self,
        color: Color,
        role: usize,
        from: Square,
        sq: Square,
        occ: Bitboard<B::Word>,
    ) -> bool {
        let t = B::tables(self.variant);
        if t.leap_attackers(color, role, sq).contains(from) {
            return true;
        }
        if t.attack_paths(color, role, from, sq)
            .iter()
            .any(|&m| (m & occ).is_empty())
        {
            return true;
        }
        if !t.has_hops(color) {
            return false;
        }
        if t.hop_paths(color, role, from, sq)
            .iter()
            .any(|&m| (m & occ).count() == 1)
        {
            return true;
        }
        t.grass_paths(color, role, from, sq)
            .chunks_exact(2)
            .any(|p| (p[0] & occ).is_empty() && !(p[1] & occ).is_empty())
    }

    /// The pieces of `mask` (all of one color, `by`) that attack `sq` with
    /// occupancy `occ`.
    fn attackers_of(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard<B::Word>,
        mask: Bitboard<B::Word>,
    ) -> Bitboard<B::Word> {
        let mut set = B::EMPTY;
        for p in mask {
            if self.hits(by, self.chase_role(p), p, sq, occ) {
                set = set.with(p);
            }
        }
        set
    }

    /// The pieces of `set` that the piece on `from` (of `color`) attacks
    /// with occupancy `occ`.
    fn attacked_in(
        &self,
        color: Color,
        from: Square,
        set: Bitboard<B::Word>,
        occ: Bitboard<B::Word>,
    ) -> Bitboard<B::Word> {
        let role = self.chase_role(from);
        let mut out = B::EMPTY;
        for sq in set {
            if self.hits(color, role, from, sq, occ) {
                out = out.with(sq);
            }
        }
        out
    }

    /// The pieces, of either color, whose leaving would open an attack by
    /// the other side on `color`'s royal piece: alone on the path of a
    /// rider or lame leaper, or one of two on a hopper's line
    /// (Fairy-Stockfish's `blockers_for_king`; facing royal pieces aside).
    fn king_blockers(&self, color: Color) -> Bitboard<B::Word> {
        let Some(king) = self.king(color) else {
            return B::EMPTY;
        };
        let them = color.opposite();
        let t = B::tables(self.variant);
        let occ = self.occupied();
        let mut out = B::EMPTY;
        for from in self.colors[them.index()] {
            let role = self.chase_role(from);
            for &m in t.attack_paths(them, role, from, king) {
                let on = m & occ;
                if on.count() == 1 {
                    out |= on;
                }
            }
            if t.has_hops(them) {
                for &m in t.hop_paths(them, role, from, king) {
                    let on = m & occ;
                    if on.count() == 2 {
                        out |= on;
                    }
                }
            }
        }
        out
    }

    /// The pieces of `color` that the chasing rules leave alone: its royal
    /// pieces, and its exempt ones off their `initial` region (a Soldier
    /// that has not crossed the river).
    fn never_chased(&self, color: Color, exempt: u64) -> Bitboard<B::Word> {
        let mut out = self.royal_pieces(color);
        let ours = self.colors[color.index()];
        for (r, p) in self.variant.pieces.iter().enumerate().take(64) {
            if exempt >> r & 1 == 0 {
                continue;
            }
            let zone = p.initial.map_or(B::EMPTY, |z| B::from_region(z.of(color)));
            out |= self.roles[r] & ours & !zone;
        }
        out
    }

    /// The opponent's pieces that the last move, `m` (played from
    /// `before` to reach this position), chases: the set Fairy-Stockfish
    /// keeps per position as `chased`. Empty without the chasing rules and
    /// for a pass or a drop.
    pub(crate) fn chased_by(&self, before: &Position<'_, B>, m: &Move) -> Bitboard<B::Word> {
        let Some(rules) = self.variant.end.chasing.as_ref() else {
            return B::EMPTY;
        };
        if m.is_pass() || m.is_drop() {
            return B::EMPTY;
        }
        let v = self.variant;
        let chased = self.side;
        let mover = chased.opposite();
        let occ = self.occupied();
        let theirs = self.colors[chased.index()];
        let ours = self.colors[mover.index()];
        let royal = |r: usize| v.pieces[r].royal;
        let exempt = |r: usize| r < 64 && rules.exempt >> r & 1 != 0;
        let value = |r: usize| rules.values.get(r).copied().unwrap_or(0);
        let untouchable = self.never_chased(chased, rules.exempt);
        let their_king = self.king(chased);
        let our_king = self.king(mover);
        let t = B::tables(v);

        // Pins of the chased side: blockers of its royal piece, and with
        // facing royal pieces its lone piece on our royal piece's file.
        let blockers = self.king_blockers(chased);
        let mut pins = blockers;
        if v.facing_kings
            && let (Some(k), Some(ours_k)) = (their_king, our_king)
            && t.same_file(k, ours_k)
        {
            let on_file: Bitboard<B::Word> = theirs
                .into_iter()
                .filter(|&s| s != k && t.same_file(s, ours_k))
                .collect();
            if on_file.count() <= 1 {
                pins |= on_file;
            }
        }

        let mut b = B::EMPTY;
        let add = |attacker: Square,
                   role: usize,
                   attacks: Bitboard<B::Word>,
                   b: &mut Bitboard<B::Word>| {
            let mut attacks = attacks & !untouchable;
            if (attacks & !*b).is_empty() {
                return;
            }
            let mine = value(role);
            for s in attacks {
                let theirs_value = value(self.chase_role(s));
                if mine != 0 && theirs_value > mine {
                    *b = b.with(s);
                }
            }
            // A piece of the attacker's type that attacks it back is a
            // mutual attack, not a chase, unless it is pinned.
            for s in attacks & self.roles[role] {
                if !pins.contains(s) && self.hits(chased, role, s, attacker, occ) {
                    attacks = attacks.without(s);
                }
            }
            let occ_without = occ.without(attacker);
            for s in attacks {
                let roots = self.attackers_of(s, chased, occ_without, theirs & !pins);
                let king_only = roots.count() == 1 && their_king.is_some_and(|k| roots.contains(k));
                // With facing royal pieces a root that is the royal piece
                // alone does not protect a square our royal piece sees.
                let king_cannot = king_only
                    && v.facing_kings
                    && our_king.is_some_and(|k| {
                        t.same_file(k, s) && (t.file_between(k, s) & occ_without).is_empty()
                    });
                if roots.is_empty() || king_cannot {
                    *b = b.with(s);
                }
            }
        };

        // Direct attacks of the moved piece, only the new ones: a piece
        // that slid along a line attacked that line before.
        let (from, to) = (m.from(), m.to());
        let moved = self.chase_role(to);
        if !royal(moved) && !exempt(moved) {
            let mut direct = self.attacked_in(mover, to, theirs, occ);
            if self.slid(mover, moved, from, to) {
                let size = v.size;
                let (f0, r0) = (size.file(from) as i32, size.rank(from) as i32);
                let (f1, r1) = (size.file(to) as i32, size.rank(to) as i32);
                for s in direct {
                    let (f, r) = (size.file(s) as i32, size.rank(s) as i32);
                    if (f0 - f1) * (r - r1) == (r0 - r1) * (f - f1) {
                        direct = direct.without(s);
                    }
                }
            }
            add(to, moved, direct, &mut b);
        }

        // Attacks the move uncovered: each of our pieces' attacks now that
        // it did not have with the occupancy before the move.
        let mut occ_before = occ.with(from);
        if m.captured().is_none() {
            occ_before = occ_before.without(to);
        }
        for p in ours {
            let r = self.chase_role(p);
            if royal(r) || exempt(r) || t.slot(mover, r, p).leaps_only {
                continue;
            }
            let now = self.attacked_in(mover, p, theirs, occ);
            if now.is_empty() {
                continue;
            }
            let new = now & !self.attacked_in(mover, p, now, occ_before);
            add(p, r, new, &mut b);
        }

        // Pins the move made: a pinned piece no longer protects, and a
        // piece of ours the move made a blocker of their royal piece may
        // take with a discovered check.
        let old_blockers = before.king_blockers(chased);
        for s in blockers & !old_blockers & theirs {
            let protected = self.attacked_in(chased, s, theirs & !untouchable, occ);
            let our_free = ours & !self.king_blockers(mover);
            for s2 in protected {
                if !self.attackers_of(s2, mover, occ, our_free).is_empty() {
                    b = b.with(s2);
                }
            }
        }
        if let Some(k) = their_king {
            for s in blockers & !old_blockers & ours {
                let attacks = self.attacked_in(mover, s, theirs, occ);
                let near = self.attacked_in(chased, k, attacks, occ);
                b |= attacks & !near;
                let occ2 = occ.without(s).without(k);
                for s2 in near {
                    if !self
                        .attackers_of(s2, mover, occ2, ours.without(s))
                        .is_empty()
                    {
                        b = b.with(s2);
                    }
                }
            }
        }
        b
    }

    /// Whether the piece of `role` (of `color`) on `to` came from `from`
    /// along one of its lines (a slide or a hop), not by a leap. A line's
    /// first step may be kept as a leap, so both ends are asked.
    fn slid(&self, color: Color, role: usize, from: Square, to: Square) -> bool {
        let t = B::tables(self.variant);
        let on_line = |a: Square, b: Square| {
            let slot = t.slot(color, role, a);
            if slot.leaps_only {
                return false;
            }
            let (asc, desc, other) = t.rays(slot);
            asc.iter()
                .chain(desc)
                .chain(other)
                .chain(t.hops(slot))
                .any(|r| r.all.contains(b))
        };
        on_line(to, from) || on_line(from, to)
    }
}

/// A set of pieces followed back over a move: a piece on the move's
/// destination stood on its origin before (Fairy-Stockfish's
/// `undo_move_board`).
fn undo<W: crate::bitboard::BitWord>(set: Bitboard<W>, m: &Move) -> Bitboard<W> {
    if !m.is_drop() && set.contains(m.to()) {
        set.without(m.to()).with(m.from())
    } else {
        set
    }
}

/// The verdict of the chasing rules on a repetition: `chased[k]` is the
/// set the move into position `k` chased (position 0 being the game's
/// start, which no move led to), `moves[k]` that move (`moves[0]` unused),
/// `first` the position's first occurrence, `n` the current position and
/// `to_move` its side to move. `Some(winner)` when a side chased with
/// every move (`Some(None)`: both did, a draw).
pub(crate) fn verdict<W: crate::bitboard::BitWord>(
    chased: &[Bitboard<W>],
    moves: &[Move],
    first: usize,
    n: usize,
    to_move: Color,
) -> Option<Option<Color>> {
    if n < first + 2 || chased.len() <= n || moves.len() <= n {
        return None;
    }
    // One side's moves led to positions top, top-2, ..., bottom: the
    // pieces each of them chased, followed back move by move.
    let chain = |top: usize, bottom: usize| {
        let mut set = chased[top];
        let mut k = top;
        while k >= bottom + 2 && !set.is_empty() {
            k -= 2;
            set = undo(set, &moves[k + 1]);
            if k != 0 {
                set &= chased[k];
            }
        }
        set
    };
    // The side that completed the repetition moved into n, n-2, ...,
    // first; the other into n-1, ..., first+1.
    let by_completer = !chain(n, first).is_empty();
    let by_other = !chain(n - 1, first + 1).is_empty();
    match (by_completer, by_other) {
        (true, false) => Some(Some(to_move)),
        (false, true) => Some(Some(to_move.opposite())),
        (true, true) => Some(None),
        (false, false) => None,
    }
}

impl<B: crate::bitboard::Board> crate::Game<B> {
    /// Whether the variant's n-move rule applies now: `Some(true)` when it
    /// may be claimed, `Some(false)` when it ends the game, `None` before
    /// the half-move clock reaches twice its moves. With the chasing rules it comes
    /// later where checks were many, as Fairy-Stockfish extends it: once 20
    /// plies have been played since the game's start, the side that gave
    /// more checks in the plies since the last capture or pawn move counts
    /// them, and each check beyond ten adds a move (two plies) to the rule.
    pub fn move_rule(&self) -> Option<bool> {
        self.with_history(|h| h.move_rule())
    }
}

impl super::History<'_> {
    /// [`crate::Game::move_rule`].
    pub(super) fn move_rule(&self) -> Option<bool> {
        let due = crate::game_end::move_rule(self.v, self.halfmove)?;
        let n = self.history.len();
        if self.v.end.chasing.is_none() || n < 20 {
            return Some(due);
        }
        let clock = self.halfmove as usize;
        let end = clock.min(n);
        let check = |k: usize| {
            usize::from(if k == n {
                self.game.is_check()
            } else {
                self.history[k].check
            })
        };
        // Checks by the side that just moved (positions n, n-2, ...) and
        // by the other (n-1, n-3, ...), over pairs of plies back while
        // `i < end`, the first pair always.
        let (mut by_mover, mut by_other) = (0, 0);
        let mut i = 0;
        loop {
            by_mover += check(n - i);
            by_other += check(n - i - 1);
            i += 2;
            if i >= end {
                break;
            }
        }
        let extra = 2 * by_mover.max(by_other).saturating_sub(10);
        let moves = self.v.end.move_rule.moves as usize;
        (clock >= 2 * moves + extra).then_some(due)
    }
}
