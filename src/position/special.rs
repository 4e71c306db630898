//! The lichess family's rules (`[rules]`, `variant::rules_def`) on a
//! generic path: the pseudo-legal moves, each played and kept if the rules
//! allow it. Only variants with such rules come here (the flag that sends
//! the bare King to `ended_at_once` is tested once per generation), so the
//! fast path of every other variant is untouched.

use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Move, MoveFlags, MoveList};
use crate::position::hands::HandCounts;
use crate::position::{EndReason, Outcome, Position, code_role};
use crate::variant::{MAX_DEF_ROLES, NO_SLOT, Role, WallRule};

/// What [`Position::apply_rules`] changed besides `make`, to take it back:
/// the squares an explosion emptied (with what stood there) and the check
/// counters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RulesUndo {
    squares: [Square; UNDO_SQUARES],
    codes: [u8; UNDO_SQUARES],
    len: u8,
    checks: [u8; 2],
    gate: crate::gating::GateUndo,
    passes: u8,
    /// The squares whose pieces a `flip` turned over, one bit each (flips
    /// need boards of at most 128 squares): a mask keeps the record small
    /// for every variant's undo.
    flipped: [u64; 2],
    /// The hand slot a free drop gave back (colour in bit 4), or `NO_SLOT`.
    free_hand: u8,
}

/// The squares a [`RulesUndo`] remembers: an explosion's nine.
const UNDO_SQUARES: usize = 9;

/// In `RulesUndo::codes`: the square became a wall (taken back by
/// removing it), or stopped being one. Never a piece's code in a variant
/// with walls: both have the marked bit, and such a variant has no drops.
const WALL_ADDED: u8 = 0xFE;
const WALL_REMOVED: u8 = 0xFD;

impl RulesUndo {
    /// Remembers that `sq` held `code` (or a wall change) before the rules.
    #[inline]
    fn push(&mut self, sq: Square, code: u8) {
        let i = self.len as usize;
        if i < self.squares.len() {
            self.squares[i] = sq;
            self.codes[i] = code;
            self.len += 1;
        }
    }
}

impl Default for RulesUndo {
    fn default() -> RulesUndo {
        RulesUndo {
            squares: [Square(0); UNDO_SQUARES],
            codes: [0; UNDO_SQUARES],
            len: 0,
            checks: [0; 2],
            gate: crate::gating::GateUndo::default(),
            passes: 0,
            flipped: [0; 2],
            free_hand: NO_SLOT,
        }
    }
}

/// The roles of a one-bit-per-role set, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let role = set.trailing_zeros() as usize;
            set &= set - 1;
            role
        })
    })
}

impl<'v, B: Board> Position<'v, B> {
    /// Whether the royal pieces of both sides stand side by side.
    fn kings_touch(&self) -> bool {
        let size = self.variant.size;
        match (self.king(Color::White), self.king(Color::Black)) {
            (Some(a), Some(b)) => {
                let df = (size.file(a) as i32 - size.file(b) as i32).abs();
                let dr = (size.rank(a) as i32 - size.rank(b) as i32).abs();
                df <= 1 && dr <= 1
            }
            _ => false,
        }
    }

    /// Whether an attack on the King to move is no check because the Kings
    /// stand side by side where captures explode (it may castle then).
    #[inline]
    pub(crate) fn check_connected(&self) -> bool {
        self.variant.rules.explosions && self.kings_touch()
    }

    /// Whether `color`'s royal piece is attacked, as the rules see it: with
    /// explosions, royal pieces side by side do not attack each other (a
    /// royal piece may not capture, and nothing attacks through the other
    /// King's explosion).
    pub(crate) fn royal_attacked(&self, color: Color) -> bool {
        if self.variant.rules.pseudo_royal && self.pseudo_royal_attacked(color) {
            return true;
        }
        let Some(k) = self.king(color) else {
            return false;
        };
        if self.variant.rules.explosions && self.kings_touch() {
            return false;
        }
        let them = color.opposite();
        if self.variant.rules.hop_immune != 0 {
            return self.attacked_hop_immune(k, them);
        }
        self.attacked(k, them, self.occupied(), self.colors[them.index()])
    }

    /// The pieces of the types of `roles` (one bit per role), of both sides.
    pub(crate) fn pieces_of_roles(&self, roles: u64) -> Bitboard<B::Word> {
        let mut set = B::EMPTY;
        for role in bits(roles) {
            set |= self.roles[role];
        }
        set
    }

    /// The pieces of the `hop-immune` types, of both sides.
    fn hop_immune_pieces(&self) -> Bitboard<B::Word> {
        self.pieces_of_roles(self.variant.rules.hop_immune)
    }

    /// The squares strictly between `a` and `b` when they share a file, a
    /// rank or a diagonal (else none).
    pub(crate) fn line_between(&self, a: Square, b: Square) -> Bitboard<B::Word> {
        let size = self.variant.size;
        let (fa, ra) = (size.file(a) as i32, size.rank(a) as i32);
        let (fb, rb) = (size.file(b) as i32, size.rank(b) as i32);
        let (df, dr) = (fb - fa, rb - ra);
        let mut set = B::EMPTY;
        if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return set;
        }
        // A file, the common case (facing Kings, Cannons): from the tables.
        if df == 0 {
            return B::tables(self.variant).file_between(a, b);
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let (mut f, mut r) = (fa + sf, ra + sr);
        while (f, r) != (fb, rb) {
            if let Some(sq) = size.square(f, r) {
                set = set.with(sq);
            }
            f += sf;
            r += sr;
        }
        set
    }

    /// Whether `by` attacks `sq` where a piece of a `hop-immune` type may
    /// not pass over another (its attack through one does not count).
    #[cold]
    #[inline(never)]
    fn attacked_hop_immune(&self, sq: Square, by: Color) -> bool {
        let occ = self.occupied();
        let immune = self.hop_immune_pieces();
        let theirs = self.colors[by.index()];
        // Unattacked by all, unattacked by any part (the common case).
        if !self.attacked(sq, by, occ, theirs) {
            return false;
        }
        if self.attacked(sq, by, occ, theirs & !immune) {
            return true;
        }
        (theirs & immune).into_iter().any(|from| {
            self.attacked(sq, by, occ, B::bb(from))
                && (self.line_between(from, sq) & occ & immune).is_empty()
        })
    }

    /// Whether the royal pieces face each other on a file or a rank with
    /// nothing between (bikjang).
    pub(crate) fn kings_face(&self) -> bool {
        let size = self.variant.size;
        match (self.king(Color::White), self.king(Color::Black)) {
            (Some(a), Some(b)) => {
                (size.file(a) == size.file(b) || size.rank(a) == size.rank(b))
                    && (self.line_between(a, b) & self.occupied()).is_empty()
            }
            _ => false,
        }
    }

    /// The winner by material counting (`[rules] material-values`), or
    /// `None` for a draw (or a variant that does not count material): where
    /// the rules end a game drawn.
    ///
    /// ```
    /// use betza::{Color, Position, Variant};
    /// let start = Position::start(Variant::by_name("janggi").unwrap());
    /// // Equal material: Black's 1.5 points of komi decide.
    /// assert_eq!(start.material_winner(), Some(Color::Black));
    /// ```
    pub fn material_winner(&self) -> Option<Color> {
        let r = &self.variant.rules;
        let values = r.material.as_ref()?;
        let sum = |c: Color| -> i64 {
            values
                .iter()
                .enumerate()
                .map(|(role, v)| {
                    i64::from(*v) * i64::from((self.roles[role] & self.colors[c.index()]).count())
                })
                .sum()
        };
        // In half points, Black's with its komi.
        let diff = 2 * (sum(Color::White) - sum(Color::Black)) - i64::from(r.material_komi);
        match diff.cmp(&0) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// `color`'s pieces that are royal by `extinction-pseudo-royal`: those
    /// of each listed type of which it has at most `extinction-count + 1`
    /// on the board.
    pub(crate) fn pseudo_royals(&self, color: Color) -> Bitboard<B::Word> {
        let r = &self.variant.rules;
        let mut set = B::EMPTY;
        for role in bits(r.extinction_roles) {
            let mut b = self.roles[role] & self.colors[color.index()];
            for &(a, _) in r.extinction_as.iter().filter(|&&(_, t)| t == role) {
                b |= self.roles[a] & self.colors[color.index()];
            }
            if b.count() <= u32::from(r.extinction_count) + 1 {
                set |= b;
            }
        }
        set
    }

    /// The roles of `extinction-pieces` and those counted as them.
    fn extinction_group_roles(&self) -> u64 {
        let r = &self.variant.rules;
        r.extinction_as
            .iter()
            .fold(r.extinction_roles, |m, &(a, _)| m | 1 << a)
    }

    /// `color`'s pseudo-royal pieces that are attacked, and with duple
    /// check all its pieces of the listed types when every one is.
    pub(crate) fn checked_pseudo_royals(&self, color: Color) -> Bitboard<B::Word> {
        self.checked_among(color, self.pseudo_royals(color))
    }

    /// Those of `royals` (`color`'s pieces) that are attacked, and with
    /// duple check all `color`'s pieces of the listed types when every one is.
    fn checked_among(&self, color: Color, royals: Bitboard<B::Word>) -> Bitboard<B::Word> {
        let them = color.opposite();
        let (occ, mut by) = (self.occupied(), self.colors[them.index()]);
        // A piece that would turn to stone by taking one of these types'
        // pieces gives no check (Fairy-Stockfish's petrified King).
        for role in bits(self.variant.rules.petrify & self.extinction_group_roles()) {
            by &= !self.roles[role];
        }
        let mut checked = B::EMPTY;
        for sq in royals {
            if self.attacked(sq, them, occ, by) {
                checked = checked.with(sq);
            }
        }
        if self.variant.rules.duple_check {
            let mut all = B::EMPTY;
            for role in bits(self.extinction_group_roles()) {
                all |= self.roles[role] & self.colors[color.index()];
            }
            if !all.is_empty() && all.into_iter().all(|sq| self.attacked(sq, them, occ, by)) {
                checked |= all;
            }
        }
        checked
    }

    /// Whether one of `color`'s pseudo-royal pieces is attacked, or with
    /// duple check all its pieces of the listed types are.
    #[cold]
    #[inline(never)]
    fn pseudo_royal_attacked(&self, color: Color) -> bool {
        !self.checked_pseudo_royals(color).is_empty()
    }

    /// Whether `color` is extinct (`[rules] extinction`): it has at most
    /// `extinction-count` pieces of some listed type (of all its pieces
    /// together when none is listed), counting its hand, while the
    /// opponent has at least `extinction-opponent-count` of them.
    fn extinct(&self, color: Color) -> bool {
        let r = &self.variant.rules;
        let (n, opp) = (
            u32::from(r.extinction_count),
            u32::from(r.extinction_opponent_count),
        );
        let them = color.opposite();
        if r.extinction_roles == 0 {
            let total = |c: Color| {
                self.colors[c.index()].count()
                    + self.hand(c).map(|(_, k)| u32::from(k)).sum::<u32>()
            };
            return total(color) <= n && total(them) >= opp;
        }
        let count = |c: Color, role: usize| {
            (self.roles[role] & self.colors[c.index()]).count()
                + u32::from(self.hand_count(c, crate::variant::Role(role as u8)))
        };
        let group = |c: Color, role: usize| {
            r.extinction_as
                .iter()
                .filter(|&&(_, t)| t == role)
                .fold(count(c, role), |k, &(a, _)| k + count(c, a))
        };
        bits(r.extinction_roles).any(|role| group(color, role) <= n && group(them, role) >= opp)
    }

    /// After `make` of `m` by `mover`: the explosion and the check counter.
    /// Returns what [`Self::undo_rules`] needs.
    pub(crate) fn apply_rules(&mut self, m: &Move, mover: Color) -> RulesUndo {
        let v = self.variant;
        let r = &v.rules;
        let mut undo = RulesUndo {
            checks: self.checks,
            passes: self.passes,
            ..RulesUndo::default()
        };
        if r.pass || r.pass_stuck {
            self.passes = if m.is_pass() {
                (self.passes + 1).min(2)
            } else {
                0
            };
        }
        if r.gating {
            undo.gate = self.apply_gate(m, mover);
        } else if r.first_moves.is_some() {
            undo.gate = self.apply_first_rights(m, mover);
        }
        if r.castle_dropped {
            // Taken back by `unmake`, which restores the rights.
            self.castle_dropped(m, mover);
        }
        if (r.must_drop || r.enclosing_drop.is_some()) && m.is_drop() {
            // A drop is irreversible: the move clock restarts, as
            // Fairy-Stockfish counts it (`unmake` restores the clock).
            self.halfmove = 0;
        }
        if r.free_drops
            && m.is_drop()
            && let Some(d) = &v.drops
        {
            // The hand gives nothing: the piece `make` took goes back.
            let slot = d.slot[m.role.index() % MAX_DEF_ROLES];
            if slot != NO_SLOT {
                self.hands.add(mover, slot);
                undo.free_hand = slot | (mover as u8) << 4;
            }
        }
        if r.explosions && m.is_capture() {
            let size = v.size;
            let (f, rk) = (size.file(m.to) as i32, size.rank(m.to) as i32);
            // The capture square, then its eight neighbours.
            for (df, dr) in std::iter::once((0, 0)).chain(crate::position::enclosing::DIRECTIONS) {
                let Some(sq) = size.square(f + df, rk + dr) else {
                    continue;
                };
                let code = self.board[sq.index()];
                if code == 0 {
                    continue;
                }
                // The capturer goes unless proof; a neighbour unless
                // immune or proof.
                let role = code_role(code);
                let immune = r.immune >> role & 1 != 0;
                if (sq != m.to && immune) || r.proof >> role & 1 != 0 {
                    continue;
                }
                undo.squares[undo.len as usize] = sq;
                undo.codes[undo.len as usize] = code;
                undo.len += 1;
                self.put_code(sq, 0);
                if let Some(c) = &v.castling {
                    self.castling &= !c.rights_lost[sq.index() % B::MAX_SQUARES];
                }
            }
        }
        if r.petrify >> m.role.index().min(63) & 1 != 0 && m.is_capture() && v.size.contains(m.to) {
            // The capturing piece turns to stone: a wall where it stands.
            undo.push(m.to, self.board[m.to.index()]);
            self.put_code(m.to, 0);
            undo.push(m.to, WALL_ADDED);
            self.set_wall(m.to, true);
        }
        if r.flip.is_some() && (m.from != m.to || m.is_drop()) {
            // The enemy pieces the landing piece encloses turn over (a
            // pass, from == to, turns nothing).
            for sq in self.flips(m.to, mover) {
                let i = sq.index();
                if i < 128 {
                    undo.flipped[i / 64] |= 1 << (i % 64);
                    self.put_code(sq, self.board[i] ^ 0x80);
                }
            }
        }
        if let (Some(rule), Some(w)) = (r.wall, m.wall())
            && v.size.contains(w)
        {
            if rule == WallRule::Duck
                && let Some(old) = self.walls().first()
            {
                undo.push(old, WALL_REMOVED);
                self.set_wall(old, false);
            }
            undo.push(w, WALL_ADDED);
            self.set_wall(w, true);
        }
        if r.check_limit != 0 && self.royal_attacked(self.side) {
            let c = &mut self.checks[mover.index()];
            *c = c.saturating_add(1);
        }
        undo
    }

    /// Takes back [`Self::apply_rules`] (before `unmake`).
    pub(crate) fn undo_rules(&mut self, undo: &RulesUndo) {
        for (w, &word) in undo.flipped.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let sq = Square((64 * w) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
                self.put_code(sq, self.board[sq.index()] ^ 0x80);
            }
        }
        for i in (0..undo.len as usize).rev() {
            match undo.codes[i] {
                WALL_ADDED => self.set_wall(undo.squares[i], false),
                WALL_REMOVED => self.set_wall(undo.squares[i], true),
                code => self.put_code(undo.squares[i], code),
            }
        }
        if undo.free_hand != NO_SLOT {
            let color = if undo.free_hand & 16 != 0 {
                Color::Black
            } else {
                Color::White
            };
            self.hands.remove(color, undo.free_hand & 15);
        }
        self.checks = undo.checks;
        self.passes = undo.passes;
        if self.variant.rules.gating || self.variant.rules.first_moves.is_some() {
            self.undo_gate(&undo.gate);
        }
    }

    /// Whether the pseudo-legal `m` is legal under the rules.
    pub(crate) fn rules_allow(&self, m: &Move) -> bool {
        let v = self.variant;
        let r = &v.rules;
        let us = self.side;
        let them = us.opposite();
        if m.is_gating() {
            // As Fairy-Stockfish judges a gate: the gated piece never
            // shields the King, so the move is legal when the same move
            // without it is (and, where checks are illegal, gives none).
            return self.rules_allow(&m.without_gate())
                && !(r.check_illegal && self.play_unchecked(m).royal_attacked(them));
        }
        if r.explosions && m.is_capture() && m.role == v.royal {
            return false;
        }
        if m.is_drop() && !self.enclosing_allows(m) {
            return false;
        }
        if r.mutual >> m.role.index() & 1 != 0 && m.captured() == Some(m.role) {
            return false;
        }
        if m.is_pass() && r.pass_stuck {
            return self.stuck_pass() == Some(*m) && !self.moves_besides_pass();
        }
        if m.is_pass() {
            // Under bikjang a pass is legal even in check.
            return r.pass
                && self.king(us) == Some(m.from)
                && ((r.bikjang && self.kings_face()) || !self.royal_attacked(us));
        }
        if r.hop_immune >> m.role.index().min(63) & 1 != 0 && self.hop_immune_refuses(m) {
            return false;
        }
        if r.makpong && !self.makpong_allows(m) {
            return false;
        }
        // Nothing of the position after the move is judged: no need to play it
        // (a side without a King, Reversi's and Ataxx's stones).
        if r.kingless[us.index()] && !r.pseudo_royal && !r.bikjang && !r.check_illegal {
            return true;
        }
        let next = self.play_unchecked(m);
        if r.bikjang && self.kings_face() && next.kings_face() {
            return false;
        }
        if r.pseudo_royal {
            // Taking a pseudo-royal piece needs no safety of one's own
            // (Fairy-Stockfish); the King's still holds.
            let takes_royal = m.is_capture() && {
                let at = match self.ep_victim.get() {
                    Some(v) if m.is_en_passant() => v,
                    _ => m.to,
                };
                self.pseudo_royals(them).contains(at)
            };
            // A promotion to a type counted as a listed one is judged with
            // the pseudo-royal pieces of before it (Fairy-Stockfish's).
            let before = m
                .promotion()
                .filter(|p| r.extinction_as.iter().any(|&(a, _)| a == usize::from(p.0)));
            let attacked = if before.is_some() {
                let mut royals = self.pseudo_royals(us);
                if royals.contains(m.from) {
                    royals = royals.without(m.from).with(m.to);
                }
                !next.checked_among(us, royals).is_empty()
            } else {
                next.pseudo_royal_attacked(us)
            };
            if !takes_royal && attacked {
                return false;
            }
            // A pseudo-royal piece that would turn to stone may not capture.
            if m.is_capture()
                && r.petrify >> m.role.index().min(63) & 1 != 0
                && self.pseudo_royals(us).contains(m.from)
            {
                return false;
            }
            // A pseudo-royal piece castles as a King: not out of or through
            // attack (its landing square is the test above).
            if m.is_castle() && self.pseudo_royals(us).contains(m.from) {
                let size = v.size;
                let occ = self.occupied().without(m.from);
                let theirs = self.colors[them.index()];
                let (ff, tf) = (size.file(m.from) as i32, size.file(m.to) as i32);
                let rank = size.rank(m.from) as i32;
                let dir = (tf - ff).signum();
                let mut f = ff;
                while f != tf || (ff == tf && f == ff) {
                    let sq = size.square(f, rank).expect("on the castling rank");
                    if self.attacked(sq, them, occ, theirs) {
                        return false;
                    }
                    if dir == 0 {
                        break;
                    }
                    f += dir;
                }
            }
        }
        // A royal piece still in hand (a setup phase) has nothing to keep safe.
        if !r.kingless[us.index()] && !next.royal_in_hand(us) {
            if next.king(us).is_none() {
                return false;
            }
            // Exploding the enemy King wins, whatever else stands.
            if r.explosions && !r.kingless[them.index()] && next.king(them).is_none() {
                return true;
            }
            if next.royal_attacked(us) {
                return false;
            }
        }
        !(r.check_illegal && next.royal_attacked(them))
    }

    /// Whether a move of a `hop-immune` type passes over or captures a
    /// piece of such a type.
    fn hop_immune_refuses(&self, m: &Move) -> bool {
        let r = &self.variant.rules;
        if m.captured()
            .is_some_and(|c| r.hop_immune >> c.index().min(63) & 1 != 0)
        {
            return true;
        }
        !(self.line_between(m.from, m.to) & self.occupied() & self.hop_immune_pieces()).is_empty()
    }

    /// Makpong's rule: a royal piece in check moves only to take its one
    /// checker (Fairy-Stockfish's `makpongRule`).
    fn makpong_allows(&self, m: &Move) -> bool {
        if m.role != self.variant.royal || m.is_drop() {
            return true;
        }
        let checkers = self.checkers();
        checkers.is_empty() || (m.is_capture() && checkers == B::bb(m.to))
    }

    /// Why the rules refuse the pseudo-legal `m`, when a rule of `[rules]`
    /// does (for error messages; `None`: they allow it, or only the King's
    /// safety refuses it).
    #[cold]
    pub(crate) fn rules_refusal(&self, m: &Move) -> Option<&'static str> {
        let v = self.variant;
        let r = &v.rules;
        if !r.any {
            return None;
        }
        let us = self.side;
        if r.explosions && m.is_capture() && m.role == v.royal {
            return Some("the King may not capture where captures explode");
        }
        if r.mutual >> m.role.index() & 1 != 0 && m.captured() == Some(m.role) {
            return Some("a piece of this type may not capture one of its own type");
        }
        if m.is_pass() && r.pass_stuck {
            return Some(if self.stuck_pass().is_some_and(|p| p.from != m.from) {
                "a side passes with its first piece (the lowest square)"
            } else {
                "a pass is legal only when no other move is"
            });
        }
        if m.is_pass() && !r.pass {
            return Some("passing is not a move in this variant");
        }
        if !m.is_pass()
            && r.hop_immune >> m.role.index().min(63) & 1 != 0
            && self.hop_immune_refuses(m)
        {
            return Some("this piece may not pass over or capture a piece of a hop-immune type");
        }
        if r.bikjang && !m.is_pass() && self.kings_face() && self.play_unchecked(m).kings_face() {
            return Some(
                "the royal pieces face each other (bikjang): the move must end it, or pass",
            );
        }
        if !m.is_drop() && self.must_drop_now() {
            let mut drop = false;
            self.rules_moves(B::EMPTY, true, &mut |d| drop |= d.is_drop());
            if drop {
                return Some("a piece in hand must be dropped first (the setup phase)");
            }
        }
        if r.makpong && !self.makpong_allows(m) {
            return Some("a King in check may only capture its one checker (makpong)");
        }
        if self.placement_allows(m) && self.rules_allow(m) {
            if r.capture_forced && !m.is_capture() {
                let mut capture = false;
                self.rules_moves(B::EMPTY, true, &mut |c| capture |= c.is_capture());
                if capture {
                    return Some("a capture is compulsory");
                }
            }
            return None;
        }
        let next = self.play_unchecked(m);
        if r.explosions && !r.kingless[us.index()] && next.king(us).is_none() {
            return Some("the explosion would take the own King");
        }
        if m.is_drop() && self.wrong_drop_type(m) {
            return Some("the piece of the type that must be dropped first is still in hand");
        }
        if m.is_drop() && r.drop_check_illegal && next.is_check() {
            return Some("a drop may not give check in this variant");
        }
        if !self.placement_allows(m) {
            return Some(
                "the pieces of a type that must stand on both colours could no longer do so",
            );
        }
        let exposed = !r.kingless[us.index()] && next.royal_attacked(us);
        if r.check_illegal && !exposed && next.royal_attacked(us.opposite()) {
            return Some("it would give check, and no move may give check");
        }
        None
    }

    /// The legal moves under the rules, without asking whether the game
    /// has ended: into `sink`, but those of pieces on `skip` (and drops
    /// unless `drops`).
    fn rules_moves(&self, skip: Bitboard<B::Word>, drops: bool, sink: &mut dyn FnMut(Move)) {
        let moved = self.moves_but_passes(skip, drops, sink);
        let r = &self.variant.rules;
        if r.pass_stuck && !moved {
            self.pass_when_stuck(skip, drops, sink);
        }
    }

    /// The pass of a side with no other legal move (`[rules] pass-stuck`),
    /// into `sink` unless its piece is on `skip`. Called when the moves
    /// generated (not those of `skip`, nor drops unless `drops`) were none.
    #[cold]
    fn pass_when_stuck(&self, skip: Bitboard<B::Word>, drops: bool, sink: &mut dyn FnMut(Move)) {
        let Some(pass) = self.stuck_pass() else {
            return;
        };
        if skip.contains(pass.from) {
            return;
        }
        // Moves left out of this generation may exist.
        if (!skip.is_empty() || !drops) && self.moves_besides_pass() {
            return;
        }
        sink(pass);
    }

    /// The pass the side to move would make under `pass-stuck`: its royal
    /// piece's, or its first piece's (lowest square, as Fairy-Stockfish
    /// picks it), to its own square; none without a piece or in check.
    pub(crate) fn stuck_pass(&self) -> Option<Move> {
        let us = self.side;
        let sq = self.king(us).or_else(|| self.colors[us.index()].first())?;
        if self.royal_attacked(us) {
            return None;
        }
        Some(Move::pass(Role(self.role_on(sq) as u8), sq))
    }

    /// Whether the side to move has a legal move other than a pass.
    fn moves_besides_pass(&self) -> bool {
        self.moves_but_passes(B::EMPTY, true, &mut |_| {})
    }

    /// [`Self::rules_moves`] but `pass-stuck`'s pass; whether it gave any.
    fn moves_but_passes(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) -> bool {
        let mut moved = false;
        // Every piece's moves: compulsory capture looks at all of them.
        let mut list = self.pseudo_list();
        let r = &self.variant.rules;
        if r.promotion_in_place {
            self.in_place_promotions(&mut list);
        }
        // A setup phase: while a drop is legal, only drops are.
        let must_drop = self.must_drop_now()
            && list
                .iter()
                .any(|m| m.is_drop() && self.placement_allows(m) && self.rules_allow(m));
        let mut must_capture = false;
        if r.capture_forced {
            must_capture = list.iter().any(|m| {
                m.is_capture()
                    && if r.wall.is_some() {
                        self.wall_moves_allowed(m, &mut |_| {})
                    } else {
                        self.rules_allow(m)
                    }
            });
        }
        for m in &list {
            if (m.is_drop() && !drops) || (!m.is_drop() && skip.contains(m.from)) {
                continue;
            }
            if (must_capture && !m.is_capture()) || (must_drop && !m.is_drop()) {
                continue;
            }
            if r.wall.is_some() {
                moved |= self.wall_moves_allowed(m, sink);
            } else if self.placement_allows(m) && self.rules_allow(m) {
                moved = true;
                sink(*m);
            }
        }
        if r.pass
            && !must_capture
            && let Some(k) = self.king(self.side)
            && !skip.contains(k)
        {
            let m = Move::pass(self.variant.royal, k);
            if self.rules_allow(&m) {
                moved = true;
                sink(m);
            }
        }
        moved
    }

    /// The move `m` of a piece without its wall, as `make` plays it: a
    /// castling move's `via` is its partner's square again.
    #[inline]
    pub(crate) fn piece_move(&self, m: &Move) -> Move {
        if !m.flags.contains(MoveFlags::WALL) {
            return *m;
        }
        let via = if m.is_castle() {
            // Castling with walls is never from any start: the King moves
            // towards its partner.
            self.castle_partner(self.side, usize::from(m.to.0 < m.from.0))
                .unwrap_or(Square(0))
        } else {
            Square(0)
        };
        Move {
            flags: m.flags - MoveFlags::WALL,
            via,
            ..*m
        }
    }

    /// The squares where the turn of the piece move `m` (without its
    /// wall) may place its wall, by the variant's wall rule (Fairy-Stockfish's
    /// `wallingRule`): empty squares after the move, of the side's
    /// `wall-region`, and by the rule: any (static, duck: the duck's own
    /// square is not empty), the square left (past), the board's edge or
    /// next to a wall (edge), a quiet move of the piece from where it
    /// landed (arrow).
    pub(crate) fn wall_squares(&self, m: &Move) -> Bitboard<B::Word> {
        let v = self.variant;
        let r = &v.rules;
        let Some(rule) = r.wall else {
            return B::EMPTY;
        };
        let us = self.side;
        let mut after = *self;
        after.make(m);
        let empty = v.size.all_of::<B::Word>() & !after.occupied();
        let mut b = empty & B::from_region(r.wall_region.of(us));
        match rule {
            WallRule::Duck | WallRule::Static => {}
            WallRule::Past => {
                b = if m.is_drop() {
                    B::EMPTY
                } else {
                    b & B::bb(m.from)
                };
            }
            WallRule::Edge => {
                let size = v.size;
                let walls = after.walls();
                let mut near = B::EMPTY;
                for sq in b {
                    let (f, rk) = (size.file(sq) as i32, size.rank(sq) as i32);
                    let edge = f == 0
                        || rk == 0
                        || f == size.files() as i32 - 1
                        || rk == size.ranks() as i32 - 1;
                    let next_to_wall = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|(df, dr)| {
                        size.square(f + df, rk + dr)
                            .is_some_and(|n| walls.contains(n))
                    });
                    if edge || next_to_wall {
                        near = near.with(sq);
                    }
                }
                b = near;
            }
            WallRule::Arrow => {
                // The landed piece's quiet moves, its side to move again.
                after.side = us;
                after.ep = crate::bitboard::OptSquare::NONE;
                let mut shots = B::EMPTY;
                after.generate_from_dyn(!B::bb(m.to), false, false, &mut |x: Move| {
                    if !x.is_capture() && !x.is_castle() {
                        shots = shots.with(x.to);
                    }
                });
                b &= shots;
            }
        }
        b
    }

    /// Every legal turn of the piece move `m` and a wall, into `sink`;
    /// whether there is one. Where the side has no royal piece to keep
    /// safe (and no rule forbids giving check), the wall changes nothing
    /// of the move's legality: it is judged once.
    fn wall_moves_allowed(&self, m: &Move, sink: &mut dyn FnMut(Move)) -> bool {
        let r = &self.variant.rules;
        let squares = self.wall_squares(m);
        let once = r.kingless[self.side.index()] && !r.pseudo_royal && !r.check_illegal;
        if once && !self.rules_allow(m) {
            return false;
        }
        let mut any = false;
        for w in squares {
            let turn = m.with_wall(w);
            if once || self.rules_allow(&turn) {
                any = true;
                sink(turn);
            }
        }
        any
    }

    /// Every pseudo-legal move (a closure of its own type: the generic
    /// generator calls the rules' path, which calls it back).
    fn pseudo_list(&self) -> MoveList {
        let mut list: MoveList = MoveList::new();
        self.generate_from(B::EMPTY, true, false, &mut |m| list.push(m));
        list
    }

    /// Generation under the rules (the game is known not to be over).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_rules(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        // A rule with a fast path of its own (tested here, out of the
        // generator's line, so that other variants pay nothing for it).
        let r = &self.variant.rules;
        if r.forced_plain {
            return self.generate_forced(skip, drops, sink);
        }
        if r.no_check_plain {
            return self.generate_no_check(skip, drops, sink);
        }
        if r.explosions_plain {
            return self.generate_explosions(skip, drops, sink);
        }
        if r.gating_plain {
            let legal = !r.kingless[self.side.index()] && !self.variant.end.royal_capture;
            return self.generate_gated(skip, drops, legal, sink);
        }
        self.rules_moves(skip, drops, sink)
    }

    /// Perft by copying the position per move (explosions empty squares
    /// that `unmake` does not know).
    pub(crate) fn perft_rules(&self, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 && bulk {
            return self.count_legal();
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.play_unchecked(m).perft_rules(depth - 1, bulk))
            .sum()
    }

    /// Whether `color` has a piece of a region type on its region (with
    /// `region-safe`, one that no enemy piece attacks).
    #[inline]
    fn reached(&self, color: Color) -> bool {
        let r = &self.variant.rules;
        let ours = self.colors[color.index()];
        // On bitboards: asked at every node of king of the hill's tree.
        r.regions.iter().any(|(role, region)| {
            let on = self.roles[role.index()] & ours & B::from_region(region.of(color));
            if !r.region_safe {
                return !on.is_empty();
            }
            let them = color.opposite();
            let (occ, theirs) = (self.occupied(), self.colors[them.index()]);
            on.squares().any(|sq| !self.attacked(sq, them, occ, theirs))
        })
    }

    /// The game's end by the rules of `[rules]`, if one applies here.
    #[cold]
    #[inline(never)]
    pub(crate) fn rules_outcome(&self) -> Option<Outcome> {
        let v = self.variant;
        let r = &v.rules;
        if !r.any {
            return None;
        }
        let us = self.side;
        let them = us.opposite();
        let win = |winner: Option<Color>, reason| Some(Outcome { winner, reason });
        if r.explosions {
            for c in [us, them] {
                if !r.kingless[c.index()] && self.king(c).is_none() {
                    return win(Some(c.opposite()), EndReason::Explosion);
                }
            }
        }
        // Pseudo-royal pieces are never taken: no extinction to judge.
        if let Some(wins) = r.extinction.filter(|_| !r.pseudo_royal) {
            // The side that moved first, as Fairy-Stockfish judges.
            for c in [them, us] {
                if self.extinct(c) {
                    let winner = if wins { c } else { c.opposite() };
                    return win(
                        Some(winner).filter(|_| !r.extinction_draw),
                        EndReason::Extinction,
                    );
                }
            }
        }
        if (r.pass || r.pass_stuck) && self.passes >= 2 {
            return win(self.material_winner(), EndReason::Passes);
        }
        if r.full_board
            && (v.size.all_of::<B::Word>() & !self.occupied() & !self.walls()).is_empty()
        {
            return win(self.material_winner(), EndReason::FullBoard);
        }
        if r.bikjang && self.passes >= 1 && self.kings_face() {
            return win(self.material_winner(), EndReason::Bikjang);
        }
        if r.check_limit != 0 {
            for c in [them, us] {
                if self.checks[c.index()] >= r.check_limit {
                    return win(Some(c), EndReason::Checks);
                }
            }
        }
        if !r.regions.is_empty() {
            if r.region_safe {
                // The side to move's piece outlived the reply: it wins,
                // unless the other's stands safe too (Fairy-Stockfish's
                // order); the other's, unattacked now, cannot be taken.
                if self.reached(us) {
                    return win((!self.reached(them)).then_some(us), EndReason::Region);
                }
                if self.reached(them) {
                    return win(Some(them), EndReason::Region);
                }
            } else if r.region_hold {
                // Only a piece that outlived the reply wins.
                if self.reached(us) {
                    return win(Some(us), EndReason::Region);
                }
            } else if !r.region_reply {
                for c in [them, us] {
                    if self.reached(c) {
                        return win(Some(c), EndReason::Region);
                    }
                }
            } else {
                let (w, b) = (self.reached(Color::White), self.reached(Color::Black));
                if w && b {
                    return win(None, EndReason::Region);
                } else if b {
                    return win(Some(Color::Black), EndReason::Region);
                } else if w {
                    // Black, to move, may still draw by reaching its region.
                    let mut catches = false;
                    if us == Color::Black {
                        self.rules_moves(B::EMPTY, true, &mut |m| {
                            catches |= r.regions.iter().any(|(role, _)| *role == m.role)
                                && self.play_unchecked(&m).reached(Color::Black);
                        });
                    }
                    if !catches {
                        return win(Some(Color::White), EndReason::Region);
                    }
                }
            }
        }
        None
    }

    /// How many checks `color` has given (a variant that counts them).
    pub fn checks_given(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant, builtin};

    /// The rules judged to change nothing after a move (`applies` false)
    /// indeed change nothing: `apply_rules` after each legal move of a few
    /// playouts leaves the position as `make` left it.
    #[test]
    fn rules_not_applied_change_nothing_after_a_move() {
        let mut judged = 0;
        for name in builtin::NAMES {
            let v = Variant::by_name(name).unwrap();
            if !v.rules.any || v.rules.applies {
                continue;
            }
            judged += 1;
            let mut pos = Position::start(v);
            for ply in 0..30 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in moves.iter() {
                    let mut made = pos;
                    made.make(&pos.piece_move(m));
                    let mut applied = made;
                    let undo = applied.apply_rules(m, pos.side);
                    assert_eq!(applied, made, "{name} {}", pos.debug_move(m));
                    assert_eq!(applied.passes, made.passes, "{name}");
                    applied.undo_rules(&undo);
                    assert_eq!(applied, made, "{name}");
                }
                pos = pos.play_unchecked(&moves[(ply * 7) % moves.len()]);
            }
        }
        // King of the hill, horde, antichess, racing kings at least.
        assert!(judged >= 4, "{judged}");
        for (name, applies) in [
            ("kingofthehill", false),
            ("horde", false),
            ("antichess", false),
            ("racingkings", false),
            ("3check", true),
            ("atomic", true),
            ("seirawan", true),
            ("duck", true),
        ] {
            assert_eq!(
                Variant::by_name(name).unwrap().rules.applies,
                applies,
                "{name}"
            );
        }
    }
}
