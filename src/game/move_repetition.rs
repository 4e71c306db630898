//! Janggi's rule against moving one piece back and forth
//! (`[game-end] move-repetition = "loss"`), as Fairy-Stockfish's
//! `moveRepetitionIllegal` judges it in its n-fold repetition scan: not by
//! refusing the move (its legal moves keep it) but by ending the game, the
//! side that moved so losing.
//!
//! The side that just moved (the *mover*) loses when, going back from the
//! current position:
//! - its last move is a plain move (not a drop, castling, en passant, a
//!   promotion or a pass) of a piece not exempt (a type confined to a region
//!   that the other side's royal piece's region does not meet), played out of
//!   check, as was its move before;
//! - its last four moves took one piece back and forth between two squares
//!   (`b-a`, `a-b`, `b-a`, `a-b` back from now), or its last five did with a
//!   pass second to last (`b-a`, pass, `a-b`, `b-a`, `a-b`);
//! - the move before those brought the piece to the square the series
//!   starts from, without a capture;
//! - the mover was not in check before any of those moves, nor before
//!   the one that brought the piece;
//! - all of this lies within the plies since the last capture or pawn move
//!   (the whole game where captures fill a hand).
//!
//! The other side's moves in between do not matter. Where the series
//! reaches back to the game's start (no move brought the piece), there is no
//! verdict; Fairy-Stockfish compares the series' first square with square
//! `a1` there.

use crate::moves::Move;

use super::History;

/// A move Fairy-Stockfish would call `NORMAL`: none of its special kinds.
fn plain(m: &Move) -> bool {
    !m.is_drop() && !m.is_castle() && !m.is_en_passant() && !m.is_pass() && m.promotion().is_none()
}

/// Whether `back` takes the piece of `m` straight back: a plain move from
/// `m`'s destination to its origin, with nothing else to it.
fn reverses(back: &Move, m: &Move) -> bool {
    plain(back)
        && back.gate().is_none()
        && back.wall().is_none()
        && back.via().is_none()
        && back.from() == m.to()
        && back.to() == m.from()
}

impl History<'_> {
    /// How far back (in plies) the rule against moving back and forth
    /// finds that the side that just moved has lost, if it does: the side
    /// to move wins. Fairy-Stockfish meets this in its repetition scan at
    /// that distance, before an n-fold repetition found further back.
    pub(super) fn move_repetition(&self) -> Option<usize> {
        let rule = self.v.end.move_repetition.as_ref()?;
        let n = self.history.len();
        let end = if rule.whole_game {
            n
        } else {
            n.min(self.halfmove as usize)
        };
        if end < 4 {
            return None;
        }
        // The move into position `k` (k >= 1), and whether the side to
        // move at `k` is in check.
        let into = |k: usize| self.history[k - 1].m;
        let check = |k: usize| {
            if k == n {
                self.game.is_check()
            } else {
                self.history[k].check
            }
        };
        let last = into(n);
        let mover = self.to_move.opposite();
        let exempt = rule.exempt[mover.index()]
            .checked_shr(last.role_after().index() as u32)
            .is_some_and(|bits| bits & 1 != 0);
        if !plain(&last) || exempt || check(n - 1) || check(n - 3) {
            return None;
        }
        let before = into(n - 2);
        // The moves of the series found so far (the pass counts as one).
        let mut found = if reverses(&before, &last) {
            2
        } else if before.is_pass() {
            1
        } else {
            return None;
        };
        for i in (4..=end).step_by(2) {
            if (i < end && check(n - i - 1)) || i == n {
                return None;
            }
            let earlier = into(n - i);
            if found < 4 {
                // After a pass the series resumes from the last move.
                let next = if found == 1 { last } else { into(n - i + 2) };
                if !reverses(&earlier, &next) {
                    return None;
                }
                found += 1;
            } else {
                let arrives = !earlier.is_capture() && into(n - i + 2).from() == earlier.to();
                return arrives.then_some(i);
            }
        }
        None
    }
}
