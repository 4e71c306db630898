//! Judging the end of a game beyond "no legal move": the rules a variant
//! turns on in its definition's `[game-end]` table (`docs/definitions.md`).
//!
//! Two kinds, as Fairy-Stockfish and python-chess have them:
//! - **at once**: the bare King of Shatranj and Courier ends the game the
//!   moment the position arises; such a position has no legal moves (so
//!   perft counts 0 below it). Dead positions (material that cannot win)
//!   are also judged from the position alone, but keep their moves: the
//!   published perft counts go on below them.
//! - **from the history**: n-fold repetition (with perpetual check), the
//!   n-move rule and Makruk's counting, judged by [`crate::Game`].

use crate::bitboard::{Bitboard, Board, Color, SquareSet};
use crate::moves::Move;
use crate::position::{EndReason, Outcome, Position};
use crate::variant::{MAX_DEF_ROLES, RepetitionResult, Role};

impl<B: Board> Position<'_, B> {
    /// The pieces of `color`, royal ones included, on the board and in
    /// hand: a piece in hand can come back, so a King with pieces in hand
    /// is not bare.
    fn piece_count(&self, color: Color) -> u32 {
        self.colors[color.index()].count() + self.hand_total(color)
    }

    /// How many pieces `color` holds in hand (0 without drops).
    #[inline]
    fn hand_total(&self, color: Color) -> u32 {
        if self.variant.drops.is_none() {
            return 0;
        }
        self.hand(color).map(|(_, n)| n as u32).sum()
    }

    /// The bare-King end, if the variant has the rule and it applies here
    /// (see [`crate::GameEndDef::bare_king`]): Fairy-Stockfish's
    /// `extinction` with piece count 1, opponent count 2 and the claim.
    pub(crate) fn bare_king_outcome(&self) -> Option<Outcome> {
        if !self.variant.end.bare_king {
            return None;
        }
        if self.variant.end.bare_king_attack || self.variant.end.ignore_stuck {
            return self.bare_king_attack_outcome();
        }
        let us = self.side;
        let them = us.opposite();
        let (n_us, n_them) = (self.piece_count(us), self.piece_count(them));
        let winner = if n_them <= 1 && n_us >= 2 {
            // The side that just moved is bare and could not bare us back.
            us
        } else if n_us <= 1 && n_them >= 3 {
            // We are bare and cannot take the opponent down to its King.
            them
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(winner),
            reason: EndReason::BareKing,
        })
    }

    /// The pieces of `color` that count for the bare-King rule and
    /// `royals-alone`: all of them, or with `ignore-stuck-pieces` those
    /// that could still move on an empty board. Pieces in hand count.
    fn counted(&self, color: Color) -> Bitboard<B::Word> {
        let mut set = self.colors[color.index()];
        if self.variant.end.ignore_stuck {
            let stuck = self.variant.end.stuck_roles;
            let t = B::tables(self.variant);
            for r in 0..self.variant.pieces.len().min(64) {
                if stuck >> r & 1 != 0 {
                    for sq in self.roles[r] & set {
                        if t.reach_on_empty_board(color, r, sq).is_empty() {
                            set = set.without(sq);
                        }
                    }
                }
            }
        }
        set
    }

    /// Whether `color` may be bare: at most one piece besides those of the
    /// types that can be stuck (a fast test before [`Self::counted`]).
    #[inline]
    fn may_be_bare(&self, color: Color) -> bool {
        let mut set = self.colors[color.index()];
        if self.variant.end.ignore_stuck {
            let stuck = self.variant.end.stuck_roles;
            for r in 0..self.variant.pieces.len().min(64) {
                if stuck >> r & 1 != 0 {
                    set &= !self.roles[r];
                }
            }
        }
        set.count() + self.hand_total(color) <= 1
    }

    /// The bare-King rule with `bare-king-escape = "attack"` or
    /// `ignore-stuck-pieces` (Chu Shogi, as shogiops judges it): a side
    /// whose counted pieces are a single royal one loses, whoever is to
    /// move, when the opponent has a single royal piece that is not
    /// attacked and counted pieces besides it (not of a `bare-king-weak`
    /// type): two or more, or one that the bared royal piece does not
    /// attack. With the `"to-move"` escape it is Shatranj's rule on the
    /// counted pieces.
    fn bare_king_attack_outcome(&self) -> Option<Outcome> {
        let end = &self.variant.end;
        for bared in [self.side, self.side.opposite()] {
            if !self.may_be_bare(bared) {
                continue;
            }
            let ours = self.counted(bared);
            let winner = bared.opposite();
            let royals = self.royal_pieces(bared);
            if ours.count() + self.hand_total(bared) != 1 || (ours & royals).is_empty() {
                continue;
            }
            let mut theirs = self.counted(winner);
            for r in 0..self.variant.pieces.len().min(64) {
                if end.bare_king_weak >> r & 1 != 0 {
                    theirs &= !self.roles[r];
                }
            }
            let their_royals = self.royal_pieces(winner);
            let others = theirs & !their_royals;
            let n = others.count() + self.hand_total(winner);
            let ends = if end.bare_king_attack {
                let occ = self.occupied();
                let by = self.colors[bared.index()];
                let royal = ours.first().expect("one piece");
                their_royals.count() == 1
                    && !their_royals
                        .into_iter()
                        .any(|k| self.attacked(k, bared, occ, by))
                    && (n >= 2
                        || (n == 1
                            && !others
                                .into_iter()
                                .all(|p| self.attacked(p, bared, occ, B::bb(royal)))))
            } else if bared == self.side {
                n >= 2
            } else {
                n >= 1
            };
            if ends {
                return Some(Outcome {
                    winner: Some(winner),
                    reason: EndReason::BareKing,
                });
            }
        }
        None
    }

    /// `royals-alone = "draw"`: each side's counted pieces are a single
    /// royal one, neither attacked.
    pub(crate) fn royals_alone_outcome(&self) -> Option<Outcome> {
        if !self.variant.end.royals_alone
            || !self.may_be_bare(Color::White)
            || !self.may_be_bare(Color::Black)
        {
            return None;
        }
        let occ = self.occupied();
        for color in Color::ALL {
            let set = self.counted(color);
            let royals = self.royal_pieces(color);
            if set.count() != 1 || (set & royals).is_empty() || self.hand_total(color) != 0 {
                return None;
            }
            let them = color.opposite();
            if royals
                .into_iter()
                .any(|k| self.attacked(k, them, occ, self.colors[them.index()]))
            {
                return None;
            }
        }
        Some(Outcome {
            winner: None,
            reason: EndReason::InsufficientMaterial,
        })
    }

    /// Whether the game has ended at once by a rule that leaves no legal
    /// move (the bare King); move generation asks this first.
    #[inline]
    pub(crate) fn ended_at_once(&self) -> bool {
        self.variant.end.at_once && self.at_once_outcome().is_some()
    }

    /// The outcome by a rule that ends the game at once (bare King, royal
    /// capture), for variants that have one.
    #[cold]
    #[inline(never)]
    pub(crate) fn at_once_outcome(&self) -> Option<Outcome> {
        let end = &self.variant.end;
        if self.variant.rules.any
            && let Some(o) = self.rules_outcome()
        {
            return Some(o);
        }
        if end.royal_capture
            && let Some(o) = self.royal_capture_outcome()
        {
            return Some(o);
        }
        if end.bare_king
            && let Some(o) = self.bare_king_outcome()
        {
            return Some(o);
        }
        if end.royals_alone {
            return self.royals_alone_outcome();
        }
        None
    }

    /// Royal capture: a side with no royal piece left has lost (the side to
    /// move first; the other only in a position set up so).
    pub(crate) fn royal_capture_outcome(&self) -> Option<Outcome> {
        if !self.variant.end.royal_capture {
            return None;
        }
        let us = self.side;
        let loser = if self.royal_pieces(us).is_empty() {
            us
        } else if self.royal_pieces(us.opposite()).is_empty() {
            us.opposite()
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(loser.opposite()),
            reason: EndReason::RoyalCaptured,
        })
    }

    /// Whether neither side can ever win here (a dead position, a draw):
    /// only royal pieces are left, or the material is one the variant's
    /// definition lists as unable to win (chess: King and minor piece
    /// against King; King and Bishop against King and Bishop on squares of
    /// one color). Pieces in hand count as material (they may be dropped
    /// on either color), so only royal pieces on the board with a piece in
    /// either hand is not dead. Nothing is dead where a repetition ends the
    /// game with a winner (`repetition-result` other than a draw or a
    /// claim), which the sides can always reach. Such a position keeps its legal moves, as published
    /// perft counts have them; [`Position::outcome`] and
    /// [`crate::Game::status`] report it as a draw.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let chess = Variant::by_name("chess").unwrap();
    /// let dead = |fen| Position::from_fen(chess, fen).unwrap().is_insufficient_material();
    /// assert!(dead("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"));
    /// assert!(dead("8/8/4k3/3b4/8/3BK3/8/8 w - - 0 1")); // d3, d5: both light
    /// assert!(!dead("8/8/4k3/2b5/8/3BK3/8/8 w - - 0 1")); // d3 light, c5 dark
    /// assert!(!dead("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1"));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        // A repetition that has a winner is never out of reach.
        if Color::ALL.iter().any(|&c| self.repetition_may_win(c)) {
            return false;
        }
        let v = self.variant;
        let royal = self.roles[v.royal.index()];
        // `dead-confined`: pieces kept from the enemy royal piece's region
        // count as no material.
        let kept = self.kept_from_royal(Color::White) | self.kept_from_royal(Color::Black);
        let others = self.pieces_bb() & !royal & !kept;
        let in_hand = self.hand_total(Color::White) + self.hand_total(Color::Black);
        if others.is_empty() && in_hand == 0 {
            // With `royals-alone` that rule judges royal pieces alone (with
            // royal capture a King may still take a King).
            // A region that wins keeps lone royal pieces alive (king of
            // the hill, racing kings).
            return !v.end.royals_alone && v.rules.regions.is_empty();
        }
        // Color-bound pieces alone, all on one color (chess's Bishops).
        let bound = v.end.dead_color_bound;
        if bound != 0 && in_hand == 0 && self.one_color(others) {
            let all_bound = (0..v.pieces.len().min(64))
                .filter(|r| bound >> r & 1 == 0 && *r != v.royal.index())
                .all(|r| (self.roles[r] & !kept).is_empty());
            if all_bound {
                return true;
            }
        }
        if v.end.dead_material.is_empty() {
            return false;
        }
        let mut count = [[0u8; MAX_DEF_ROLES]; 2];
        for c in Color::ALL {
            for (r, n) in count[c.index()].iter_mut().enumerate().take(v.pieces.len()) {
                if r != v.royal.index() {
                    let b = self.roles[r] & self.colors[c.index()] & !kept;
                    let held = self.hand_count(c, Role(r as u8)) as u32;
                    *n = (b.count() + held).min(u8::MAX as u32) as u8;
                }
            }
        }
        let [w, b] = count;
        v.end.dead_material.iter().any(|d| {
            let matches = (w == d.pieces && b == d.against) || (w == d.against && b == d.pieces);
            // A piece in hand may land on either color.
            matches && (!d.same_color || (in_hand == 0 && self.one_color(others)))
        })
    }

    /// Whether `color` can no longer win by any series of legal moves: the
    /// question FIDE's rule 6.9 asks when the other side's time runs out
    /// (then the game is drawn, not lost), and pyffish's
    /// `has_insufficient_material` answers per side.
    ///
    /// True when the position is dead ([`is_insufficient_material`](Self::is_insufficient_material)),
    /// or when `color` has nothing but its royal piece (and, with
    /// `dead-confined`, pieces kept from the enemy royal piece's region), on
    /// the board and in hand, in a variant where a lone royal piece cannot win: no region it
    /// could reach wins (racing kings, king of the hill), capturing the
    /// enemy royal piece is not how the game is won (Chu Shogi), and losing
    /// every piece does not win (antichess). A lone King gives no check, so
    /// check counting does not help it.
    ///
    /// ```
    /// use betza::{Color, Position, Variant};
    /// let chess = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(chess, "k7/r7/8/8/8/8/8/K7 w - - 0 1")?;
    /// assert!(pos.has_insufficient_material(Color::White)); // a lone King
    /// assert!(!pos.has_insufficient_material(Color::Black)); // King and Rook
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        if self.is_insufficient_material() {
            return true;
        }
        let v = self.variant;
        let rules = &v.rules;
        if !rules.regions.is_empty()
            || rules.extinction == Some(true)
            || v.end.royal_capture
            || self.repetition_may_win(color)
        {
            return false;
        }
        let royal = if rules.kingless[color.index()] {
            B::EMPTY
        } else {
            self.roles[v.royal.index()]
        };
        let others = self.colors[color.index()] & !royal & !self.kept_from_royal(color);
        others.is_empty() && self.hand_total(color) == 0
    }

    /// `color`'s pieces that count as no material under `dead-confined`
    /// (confined away from the enemy royal piece's region); none without it.
    fn kept_from_royal(&self, color: Color) -> Bitboard<B::Word> {
        let mask = self.variant.end.dead_confined[color.index()];
        self.pieces_of_roles(mask) & self.colors[color.index()]
    }

    /// Whether the repetition rule can make `color` the winner: a
    /// repetition that ends the game with a winner (Fairy-Stockfish's
    /// `nFoldValue` other than a draw, whose `has_insufficient_material`
    /// then never says yes), which lone royal pieces can always reach.
    fn repetition_may_win(&self, color: Color) -> bool {
        let r = self.variant.end.repetition;
        r.count >= 2
            && match r.result {
                RepetitionResult::CompleterLoses | RepetitionResult::CompleterWins => true,
                RepetitionResult::WhiteLoses => color == Color::Black,
                RepetitionResult::Claim | RepetitionResult::Draw => false,
            }
    }

    /// Whether all the squares of `set` have one color.
    fn one_color(&self, set: Bitboard<B::Word>) -> bool {
        let size = self.variant.size;
        let mut colours = [false; 2];
        for sq in set {
            colours[((size.file(sq) + size.rank(sq)) % 2) as usize] = true;
        }
        !(colours[0] && colours[1])
    }
}

/// Makruk's count as the game goes: Fairy-Stockfish's `countingLimit` and
/// `countingPly`, in plies; `limit == 0` while nobody counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CountState {
    pub limit: u32,
    pub ply: u32,
}

/// The counting limit in moves for `side` in `pos` (0: that side does not
/// count here).
fn count_limit<B: Board>(pos: &Position<'_, B>, side: Color) -> u32 {
    let v = pos.variant;
    let Some(c) = &v.end.counting else { return 0 };
    let other = side.opposite();
    let pawns = v.pawn.is_some_and(|p| !pos.roles[p.index()].is_empty());
    let n = pos.piece_count(side);
    if (pawns && !c.board_with_pawns)
        || pos.piece_count(other) <= 1
        || (c.side_max != 0 && n > u32::from(c.side_max))
    {
        return 0;
    }
    if n > 1 {
        return c.board_honour as u32;
    }
    if pawns {
        return 0;
    }
    let theirs = pos.colors[other.index()];
    c.pieces_honour
        .iter()
        .find(|h| (pos.roles[h.role.index()] & theirs).count() >= h.count as u32)
        .map_or(c.pieces_honour_default as u32, |h| h.moves as u32)
}

impl CountState {
    /// The count after `m`, played from `before` to `after`.
    pub(crate) fn after<B: Board>(
        self,
        before: &Position<'_, B>,
        m: &Move,
        after: &Position<'_, B>,
    ) -> CountState {
        let v = before.variant;
        let Some(c) = &v.end.counting else {
            return self;
        };
        let mut s = self;
        if s.limit != 0 {
            s.ply = s.ply.saturating_add(1);
        }
        let mover = before.side;
        let next = after.side;
        let total = after.pieces_bb().count();
        let pawns = v.pawn.is_some_and(|p| !after.roles[p.index()].is_empty());
        // A bare royal piece took the last pawn: it counts its pieces' honour.
        let l = count_limit(after, mover);
        if !c.from_zero
            && m.captured.is_some()
            && m.captured() == v.pawn
            && after.piece_count(mover) == 1
            && !pawns
            && l > 0
        {
            s = CountState {
                limit: 2 * l,
                ply: 2 * total - 1,
            };
        }
        let l = count_limit(after, next);
        let restart =
            (m.captured.is_some() || m.promotion.is_some()) && after.piece_count(next) == 1;
        if (s.limit == 0 || restart) && l > 0 {
            s = CountState {
                limit: 2 * l,
                ply: if c.from_zero || after.piece_count(next) > 1 {
                    0
                } else {
                    2 * total
                },
            };
        }
        s
    }

    /// Whether the count has run out (a draw).
    pub(crate) fn ran_out(self) -> bool {
        self.limit != 0 && self.ply > self.limit
    }
}

/// The history a game judges: per position since the start (the last is
/// the current one), its hash and whether its side to move is in check.
pub(crate) struct Judge<'a> {
    pub hashes: &'a [u64],
    pub checks: &'a [bool],
}

impl Judge<'_> {
    /// The earlier occurrence of the current position that makes it the
    /// `count`-th, looking back (`None`: it has occurred fewer times).
    pub(crate) fn first_occurrence(&self, count: usize) -> Option<usize> {
        let n = self.hashes.len().checked_sub(1)?;
        let now = self.hashes[n];
        let mut seen = 1;
        for j in (0..n).rev() {
            if self.hashes[j] == now {
                seen += 1;
                if seen == count {
                    return Some(j);
                }
            }
        }
        None
    }

    /// The end by repetition of the current position, if the variant's
    /// rule ends the game there (not a claim), `to_move` the side to move
    /// in the current position.
    pub(crate) fn repetition(&self, v: &crate::Variant, to_move: Color) -> Option<Outcome> {
        let rule = v.end.repetition;
        if rule.count < 2 || rule.result == RepetitionResult::Claim {
            return None;
        }
        let n = self.hashes.len() - 1;
        let first = self.first_occurrence(rule.count as usize)?;
        let completer = to_move.opposite();
        if rule.perpetual_check_loses {
            // Positions after the completer's moves are n, n-2, ..., first;
            // after the other side's, n-1, n-3, ..., first+1.
            let all = |from: usize| (from..=n).step_by(2).all(|k| self.checks[k]);
            let by_completer = all(first);
            let by_other = n > first && all(first + 1);
            let winner = match (by_completer, by_other) {
                (true, false) => Some(Some(to_move)),
                (false, true) => Some(Some(completer)),
                (true, true) => Some(None),
                (false, false) => None,
            };
            if let Some(winner) = winner {
                return Some(Outcome {
                    winner,
                    reason: EndReason::PerpetualCheck,
                });
            }
        }
        let winner = match rule.result {
            RepetitionResult::CompleterLoses => Some(to_move),
            RepetitionResult::WhiteLoses => Some(Color::Black),
            RepetitionResult::CompleterWins => Some(completer),
            _ => None,
        };
        Some(Outcome {
            winner,
            reason: EndReason::Repetition,
        })
    }
}

/// Whether the side to move has its royal piece and one pawn alone, is
/// not in check, and has legal moves that all promote (`[game-end]
/// promotions-only`).
pub(crate) fn promotions_only<B: Board>(pos: &Position<'_, B>) -> bool {
    let v = pos.variant;
    let us = pos.side_to_move();
    let ours = pos.colors[us.index()];
    let Some(pawn) = v.pawn else { return false };
    if ours.count() != 2 || (pos.roles[pawn.index()] & ours).count() != 1 || pos.is_check() {
        return false;
    }
    let moves = pos.legal_moves();
    !moves.is_empty() && moves.iter().all(|m| m.promotion().is_some())
}

/// The n-move rule: `Some(true)` when it can be claimed, `Some(false)`
/// when it ends the game, `None` when it does not apply yet (`halfmove`
/// the half-move clock).
pub(crate) fn move_rule(v: &crate::Variant, halfmove: u32) -> Option<bool> {
    let rule = v.end.move_rule;
    (rule.moves > 0 && halfmove >= 2 * rule.moves as u32).then_some(rule.claim)
}
