//! Move generation and attack tests.
//!
//! Generation works per piece: leap targets come from table lookups, a ray's
//! targets from one mask up to its first occupied square (found by a bit
//! trick, without a loop over its squares), other blockable moves from a walk
//! of the piece's path trie; the union of all is a target bitboard, so a
//! square reached two ways (the Eagle's step and slide) is one move. Legality
//! is decided without playing the move: a non-royal move is legal outright
//! when the King is not in check and the piece does not stand on any path
//! between an enemy blockable attacker (or the facing King) and the own King;
//! every other move is tested by recomputing the attacks on the King with the
//! occupancy the move leaves. An attack test looks only at the enemy pieces
//! standing where their type could attack the square from.
//!
//! Locust captures (a move that captures on its way, `tables::LocustPath`)
//! stay off this path: they are listed per piece from their own table, only
//! for the variants that have them, and while an enemy piece that captures
//! so stands on the board every move is tested by recomputing the attacks.
//! Grasshoppers, crooked, circular and cylindrical moves are paths of the
//! tables like any other.
//!
//! Bulk counting (perft's last ply) also counts whole piece types at once
//! where all their moves are shifts of the board (`tables::Shift`): each
//! shift moves every piece of the type one step, and the targets of one step
//! are one move each.

use crate::bitboard::{BitWord, Bitboard, Board, Color, Square, SquareSet};
use crate::moves::{Move, MoveFlags, RoleByte};
use crate::position::hands::HandCounts;
use crate::position::{Position, castle_bit};
use crate::tables::{CAPTURE, EP, QUIET, Slot, VIA_EMPTY};
use crate::variant::clock::has;
use crate::variant::{DropRules, MAX_WIDE_HAND_TYPES, NO_SLOT, Promotion, Role};

/// A piece's (quiet, capture, en-passant) targets.
type Targets<W> = (Bitboard<W>, Bitboard<W>, Bitboard<W>);

/// What a move generation needs to know about the side to move's King.
pub(crate) struct Safety<W: BitWord = u128> {
    pub(crate) king: Square,
    pub(crate) in_check: bool,
    /// Squares whose piece may be pinned (or may have to stay between the Kings).
    danger: Bitboard<W>,
    /// Empty squares between an enemy hopper and the King: a piece moving
    /// there would be the screen of a check.
    block: Bitboard<W>,
    /// The enemy has a piece with locust captures on the board: every move
    /// is tested by recomputing the attacks (rare, and kept off the tables).
    suspect: bool,
}

impl<'v, B: Board> Position<'v, B> {
    /// The role on an occupied square.
    #[inline(always)]
    pub(crate) fn role_on(&self, sq: Square) -> usize {
        crate::position::code_role(self.board[sq.index()])
    }

    /// Whether `sq` is attacked by `by`'s pieces (restricted to `by_mask`) with
    /// occupancy `occ`; includes the facing-Kings rule when `sq` would hold the
    /// opposing royal piece, which is the only way it is asked.
    ///
    /// Only pieces standing where some type could attack `sq` from (the
    /// per-square unions of the tables) are looked at one by one.
    #[inline]
    pub(crate) fn attacked(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard<B::Word>,
        by_mask: Bitboard<B::Word>,
    ) -> bool {
        let v = self.variant;
        let t = B::tables(v);
        for from in t.leap_reach(by, sq) & by_mask {
            if t.leap_attackers(by, self.role_on(from), sq).contains(from) {
                return true;
            }
        }
        if !(t.path_reach(by, sq) & by_mask).is_empty() {
            // Role by role: the union of all types' reach is too coarse
            // where many types have long moves.
            let reach = t.path_from(by, sq);
            for &r in t.path_roles(by) {
                let r = r as usize;
                for from in self.roles[r] & by_mask & reach[r] {
                    for &m in t.attack_paths(by, r, from, sq) {
                        if (m & occ).is_empty() {
                            return true;
                        }
                    }
                }
            }
        }
        if t.has_hops(by) && !(t.hop_reach(by, sq) & by_mask).is_empty() {
            let reach = t.hop_from(by, sq);
            for &r in t.hop_roles(by) {
                let r = r as usize;
                for from in self.roles[r] & by_mask & reach[r] {
                    for &m in t.hop_paths(by, r, from, sq) {
                        if (m & occ).count() == 1 {
                            return true;
                        }
                    }
                    for pair in t.grass_paths(by, r, from, sq).chunks_exact(2) {
                        if (pair[0] & occ).is_empty() && !(pair[1] & occ).is_empty() {
                            return true;
                        }
                    }
                }
            }
        }
        if v.facing_kings
            && let Some(k) = (self.roles[v.royal.index()] & by_mask).first()
            && t.same_file(k, sq)
            && (t.file_between(k, sq) & occ).is_empty()
        {
            return true;
        }
        !t.locust_roles(by).is_empty() && self.locust_attack(sq, by, occ, by_mask)
    }

    /// Whether a locust capture of `by`'s pieces (restricted to `by_mask`)
    /// takes a piece on `sq`, on its way or at its end, with occupancy `occ`
    /// (the other side's pieces being `occ & !by_mask`).
    #[cold]
    #[inline(never)]
    fn locust_attack(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard<B::Word>,
        by_mask: Bitboard<B::Word>,
    ) -> bool {
        let t = B::tables(self.variant);
        let prey = occ & !by_mask;
        for &r in t.locust_roles(by) {
            for from in self.roles[r as usize] & by_mask {
                for p in t.locust_paths(by, r as usize, from) {
                    if !(p.empty & occ).is_empty() || !prey.contains(p.via) {
                        continue;
                    }
                    let end = if p.to == from || !occ.contains(p.to) {
                        QUIET
                    } else if prey.contains(p.to) {
                        CAPTURE
                    } else {
                        0
                    };
                    if p.flags & end != 0 && (p.via == sq || (p.to == sq && end == CAPTURE)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Generates the locust captures of the side to move (legal ones when
    /// `legal`): each (via, to) once per piece, with every promotion choice.
    #[cold]
    #[inline(never)]
    fn locust_moves(&self, s: &Safety<B::Word>, legal: bool, sink: &mut dyn FnMut(Move)) {
        let t = B::tables(self.variant);
        let us = self.side;
        let them = us.opposite();
        let theirs = self.colors[them.index()];
        let occ = self.occupied();
        for &r in t.locust_roles(us) {
            let role = Role(r);
            for from in self.roles[r as usize] & self.colors[us.index()] {
                let mut last: Option<(Square, Square)> = None;
                for p in t.locust_paths(us, r as usize, from) {
                    if !(p.empty & occ).is_empty() {
                        continue;
                    }
                    // Through an empty square only with `distinct-two-step`.
                    let via_taken = theirs.contains(p.via);
                    if !via_taken && (p.flags & VIA_EMPTY == 0 || occ.contains(p.via)) {
                        continue;
                    }
                    let capture = p.to != from && theirs.contains(p.to);
                    let ok = if capture {
                        p.flags & CAPTURE != 0
                    } else {
                        (p.to == from || !occ.contains(p.to)) && p.flags & QUIET != 0
                    };
                    // Paths are sorted by (via, to): a second way to the same
                    // move is the same move.
                    if !ok || last == Some((p.via, p.to)) {
                        continue;
                    }
                    last = Some((p.via, p.to));
                    if legal {
                        let mut theirs_after = theirs.without(p.via);
                        if capture {
                            theirs_after = theirs_after.without(p.to);
                        }
                        let occ_after = occ.without(from).without(p.via).with(p.to);
                        let king = if role == self.variant.royal {
                            p.to
                        } else {
                            s.king
                        };
                        if self.attacked(king, them, occ_after, theirs_after) {
                            continue;
                        }
                    }
                    let captured = capture.then(|| Role(self.role_on(p.to) as u8));
                    let via_captured = via_taken.then(|| Role(self.role_on(p.via) as u8));
                    self.emit(from, p.to, role, captured, MoveFlags::empty(), &mut |m| {
                        sink(m.with_via(p.via, via_captured))
                    });
                }
            }
        }
    }

    /// Royal capture's [`Safety`]: no royal piece to keep safe (a side may
    /// have none of the first royal type and play on with another).
    #[cold]
    #[inline(never)]
    fn no_safety(&self) -> Safety<B::Word> {
        Safety {
            king: Square(0),
            in_check: false,
            danger: B::EMPTY,
            block: B::EMPTY,
            suspect: false,
        }
    }

    /// Royal capture with Lions: the pseudo-legal moves but those the
    /// Lion-trading rules forbid.
    #[cold]
    #[inline(never)]
    fn generate_lion_rules(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        // The common case in the closure, the rules out of line: a move
        // that takes no Lion (on its destination or on its way) is allowed
        // without more (one test of the Lion types, held here).
        let lions = self.variant.lions;
        let is = |r: Option<Role>| r.is_some_and(|r| has(lions, r));
        self.generate_from(skip, drops, false, &mut |m: Move| {
            if !(is(m.captured()) || is(m.via_captured())) || self.lion_capture_allowed(&m) {
                sink(m)
            }
        });
    }

    /// Lion-trading rules 1-3: a Lion may take an enemy Lion two squares
    /// away only if no other enemy piece attacks its square once the Lion
    /// has left (a two-step move through an empty square or a `lion-bait`
    /// piece alike, which protects still); an adjacent Lion always. Rule 4: right after a
    /// non-Lion took a Lion (the square in [`Position::lion_square`]), a
    /// non-Lion may take a Lion only on that square.
    #[cold]
    #[inline(never)]
    fn lion_capture_allowed(&self, m: &Move) -> bool {
        let v = self.variant;
        let is = |bits: u64, r: Option<Role>| r.is_some_and(|r| has(bits, r));
        if let Some(sq) = self.ep.get()
            && !is(v.lions, Some(m.role))
            && ((is(v.lions, m.captured()) && m.to != sq)
                || (is(v.lions, m.via_captured()) && m.via() != Some(sq)))
        {
            return false;
        }
        if !is(v.lions, Some(m.role)) || !is(v.lions, m.captured()) {
            return true;
        }
        let size = v.size;
        let (df, dr) = (
            (size.file(m.from) as i32 - size.file(m.to) as i32).abs(),
            (size.rank(m.from) as i32 - size.rank(m.to) as i32).abs(),
        );
        if df.max(dr) <= 1 {
            return true;
        }
        if m.via_captured().is_some_and(|r| !is(v.lion_bait, Some(r))) {
            return true;
        }
        // As shogiops judges it: the start and the first step are emptied,
        // but a `lion-bait` piece taken on the first step still protects.
        let them = self.side.opposite();
        let mut occ = self.occupied().without(m.from);
        let by = self.colors[them.index()].without(m.to);
        if let Some(via) = m.via() {
            occ = occ.without(via);
        }
        !self.attacked(m.to, them, occ, by)
    }

    /// The number of legal moves by generating them (royal capture, where
    /// they are the pseudo-legal ones; `from-zone-captures`, whose targets
    /// are not sets).
    #[cold]
    #[inline(never)]
    fn count_generated(&self) -> u64 {
        let mut n = 0u64;
        self.generate(true, &mut |_| n += 1);
        n
    }

    #[inline]
    pub(crate) fn safety(&self) -> Option<Safety<B::Word>> {
        let us = self.side;
        let them = us.opposite();
        let king = self.king(us)?;
        let occ = self.occupied();
        let ours = self.colors[us.index()];
        let theirs = self.colors[them.index()];
        let v = self.variant;
        let t = B::tables(v);
        let mut in_check = false;
        for from in t.leap_reach(them, king) & theirs {
            in_check |= t
                .leap_attackers(them, self.role_on(from), king)
                .contains(from);
        }
        // A path to the King with nothing on it is a check; with exactly one
        // piece on it, and that one ours, the piece may be pinned.
        let mut danger = B::EMPTY;
        let mut path = |m: Bitboard<B::Word>| {
            let on = (m & occ).0;
            if on.is_zero() {
                in_check = true;
            } else if on.clear_lowest().is_zero() && !(ours.0 & on).is_zero() {
                danger |= Bitboard(on);
            }
        };
        if !(t.path_reach(them, king) & theirs).is_empty() {
            let reach = t.path_from(them, king);
            for &r in t.path_roles(them) {
                let r = r as usize;
                for from in self.roles[r] & theirs & reach[r] {
                    for &m in t.attack_paths(them, r, from, king) {
                        path(m);
                    }
                }
            }
        }
        if v.facing_kings
            && let Some(k) = self.king(them)
            && t.same_file(k, king)
        {
            path(t.file_between(k, king));
        }
        // A hop onto the King needs one screen: none on the line, and a piece
        // moving there makes one; two, and one of ours leaving unmakes one.
        let mut block = B::EMPTY;
        if t.has_hops(them) && !(t.hop_reach(them, king) & theirs).is_empty() {
            let reach = t.hop_from(them, king);
            for &r in t.hop_roles(them) {
                let r = r as usize;
                for from in self.roles[r] & theirs & reach[r] {
                    for &m in t.hop_paths(them, r, from, king) {
                        let on = m & occ;
                        match on.count() {
                            0 => block |= m,
                            1 => in_check = true,
                            2 => danger |= on & ours,
                            _ => {}
                        }
                    }
                    // A grasshopper: the way to the screen must be empty
                    // and the screen occupied. One of ours on the way may
                    // unblock it or move onto the screen; a move onto an
                    // empty screen with the way clear gives check.
                    for pair in t.grass_paths(them, r, from, king).chunks_exact(2) {
                        let (way, screen) = (pair[0] & occ, pair[1] & occ);
                        match (way.count(), screen.is_empty()) {
                            (0, false) => in_check = true,
                            (0, true) => block |= pair[1],
                            (1, _) => danger |= way & ours,
                            _ => {}
                        }
                    }
                }
            }
        }
        // Locust captures are not in the attack tables: with such an enemy
        // piece on the board, every move is tested in full.
        let suspect = t
            .locust_roles(them)
            .iter()
            .any(|&r| !(self.roles[r as usize] & theirs).is_empty());
        if suspect {
            in_check |= self.locust_attack(king, them, occ, theirs);
        }
        Some(Safety {
            king,
            in_check,
            danger,
            block,
            suspect,
        })
    }

    /// Whether a move of `role` from `from` to `to` (capturing on `capture_sq`,
    /// if any) leaves the own King safe.
    #[inline]
    fn safe_after(
        &self,
        s: &Safety<B::Word>,
        from: Square,
        to: Square,
        role: Role,
        capture_sq: Option<Square>,
    ) -> bool {
        let them = self.side.opposite();
        let mut theirs = self.colors[them.index()];
        let mut occ = self.occupied().without(from).with(to);
        if let Some(c) = capture_sq {
            theirs = theirs.without(c);
            if c != to {
                occ = occ.without(c);
            }
        }
        let king = if role == self.variant.royal {
            to
        } else {
            s.king
        };
        !self.attacked(king, them, occ, theirs)
    }

    /// Target squares of the piece of `role` on `from` (side to move), with
    /// occupancy `occ` and the opponent's pieces `theirs`:
    /// (quiet targets, capture targets, en-passant targets).
    #[inline(always)]
    pub(crate) fn targets(
        &self,
        slot: &Slot<B::Word>,
        role: usize,
        from: Square,
        occ: Bitboard<B::Word>,
        theirs: Bitboard<B::Word>,
    ) -> Targets<B::Word> {
        let us = self.side;
        let t = B::tables(self.variant);
        if slot.leaps_only {
            let ep = if self.ep.is_some() {
                t.ep(us, role, from) & !occ
            } else {
                B::EMPTY
            };
            return (slot.quiet & !occ, slot.capture & theirs, ep);
        }
        // Everything up to and including each ray's first occupied square:
        // masked with the empty squares for moves, with `theirs` for captures.
        let mut quiet = slot.quiet.0;
        let mut caps = slot.capture.0;
        let (asc, desc, other) = t.rays(slot);
        let o = occ.0;
        let mut both = <B::Word as BitWord>::ZERO;
        for ray in asc {
            // The lowest occupied square and all below it (all ones if none).
            both |= ray.all.0 & (ray.all.0 & o).through_lowest();
        }
        for ray in desc {
            // The highest occupied square and all above it (all if none).
            both |= ray.all.0 & (ray.all.0 & o).up_from_highest();
        }
        quiet |= both;
        caps |= both;
        for ray in other {
            let reach = if ray.ascending {
                ray.all.0 & (ray.all.0 & o).through_lowest()
            } else {
                ray.all.0 & (ray.all.0 & o).up_from_highest()
            };
            if ray.quiet {
                quiet |= reach;
            }
            if ray.capture {
                caps |= reach;
            }
        }
        let mut quiet = Bitboard(quiet);
        let mut caps = Bitboard(caps);
        if slot.hops != 0 {
            self.hop_targets(slot, occ, &mut quiet, &mut caps);
        }
        let mut ep = B::EMPTY;
        if slot.nodes_len != 0 {
            self.walk_nodes(slot, occ, &mut quiet, &mut caps, &mut ep);
        }
        if self.ep.is_some() {
            ep |= t.ep(us, role, from);
        }
        (quiet & !occ, caps & theirs, ep & !occ)
    }

    /// Adds the targets of a slot's path trie: a walk that skips every
    /// continuation through an occupied square.
    #[inline]
    fn walk_nodes(
        &self,
        slot: &Slot<B::Word>,
        occ: Bitboard<B::Word>,
        quiet: &mut Bitboard<B::Word>,
        caps: &mut Bitboard<B::Word>,
        ep: &mut Bitboard<B::Word>,
    ) {
        let nodes = B::tables(self.variant).nodes(slot);
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            let b = B::bb(n.sq());
            if (occ & b).is_empty() {
                if n.flags() & QUIET != 0 {
                    *quiet |= b;
                }
                if n.flags() & EP != 0 {
                    *ep |= b;
                }
                i += 1;
            } else {
                if n.flags() & CAPTURE != 0 {
                    *caps |= b;
                }
                i = n.skip as usize;
            }
        }
    }

    /// Adds the targets of a slot's hop rays.
    #[cold]
    fn hop_targets(
        &self,
        slot: &Slot<B::Word>,
        occ: Bitboard<B::Word>,
        quiet: &mut Bitboard<B::Word>,
        caps: &mut Bitboard<B::Word>,
    ) {
        let t = B::tables(self.variant);
        for ray in t.hops(slot) {
            // The first occupied square is the screen, then the squares
            // past it along the ray, and the next occupied one among them.
            let on = (ray.all & occ).0;
            let (past, next) = if ray.ascending {
                let Some(screen) = on.lowest() else { continue };
                let past = ray.all.0 & <B::Word as BitWord>::from_bit(screen + 1);
                (past, (past & on).lowest())
            } else {
                let Some(screen) = on.highest() else { continue };
                let past = ray.all.0 & <B::Word as BitWord>::below(screen);
                (past, (past & on).highest())
            };
            if ray.grass {
                // The square just beyond the screen, if on the ray.
                let land = if ray.ascending {
                    past.lowest()
                } else {
                    past.highest()
                };
                let Some(land) = land else { continue };
                if Some(land) != next {
                    if ray.quiet {
                        *quiet |= Bitboard(<B::Word as BitWord>::bit(land));
                    }
                } else if ray.capture {
                    *caps |= Bitboard(<B::Word as BitWord>::bit(land));
                }
                continue;
            }
            if ray.quiet {
                // Up to the next piece: below it ascending, above it descending.
                let open = match (next, ray.ascending) {
                    (None, _) => past,
                    (Some(n), true) => past & <B::Word as BitWord>::below(n),
                    (Some(n), false) => past & <B::Word as BitWord>::from_bit(n + 1),
                };
                *quiet |= Bitboard(open);
            }
            if ray.capture
                && let Some(n) = next
            {
                *caps |= Bitboard(<B::Word as BitWord>::bit(n));
            }
        }
    }

    /// The type an en-passant capture takes: that of the piece on the
    /// victim's square, when it is the opponent's and of a type taken en
    /// passant (the pawn type, `double-step` ones). Asked once per
    /// generation or count, where an en-passant square is set.
    #[inline]
    pub(crate) fn ep_victim_role(&self) -> Option<Role> {
        let p = self.piece_at(self.ep_victim.get()?)?;
        (p.color != self.side && self.variant.ep_roles >> (p.role.0 & 63) & 1 != 0)
            .then_some(p.role)
    }

    /// Calls `f(role, from, quiet, captures, en_passant)` for each piece of the
    /// side to move with its targets, already filtered for King safety when
    /// `legal` (`en_passant`: whether its e.p. capture is allowed).
    #[inline]
    fn for_each_piece(
        &self,
        s: &Safety<B::Word>,
        legal: bool,
        skip: Bitboard<B::Word>,
        mut f: impl FnMut(Role, Square, Bitboard<B::Word>, Bitboard<B::Word>, bool),
    ) {
        let v = self.variant;
        let us = self.side;
        let ours = self.colors[us.index()];
        let theirs = self.colors[us.opposite().index()];
        let occ = self.occupied();
        let ep_ok = self
            .ep
            .get()
            .zip(self.ep_victim.get())
            .filter(|_| self.ep_victim_role().is_some());
        let t = B::tables(v);
        let every = s.in_check || s.suspect;
        for role in 0..v.pieces.len() {
            let pieces = self.roles[role] & ours & !skip;
            if pieces.is_empty() {
                continue;
            }
            let r = Role(role as u8);
            let check_all = legal && (r == v.royal || every);
            // The type's pieces that may be pinned, once per type: most
            // types have none, and their pieces skip the test.
            let danger = if legal { s.danger & pieces } else { B::EMPTY };
            let slots = t.slots(us, role);
            for from in pieces {
                let slot = &slots[from.index()];
                let (mut quiet, mut caps, ept) = self.targets(slot, role, from, occ, theirs);
                let pinned = !danger.is_empty() && danger.contains(from);
                if check_all || pinned {
                    for to in quiet {
                        if !self.safe_after(s, from, to, r, None) {
                            quiet = quiet.without(to);
                        }
                    }
                    for to in caps {
                        if !self.safe_after(s, from, to, r, Some(to)) {
                            caps = caps.without(to);
                        }
                    }
                } else if legal && !s.block.is_empty() {
                    // Only moves onto an empty hop line can expose the King.
                    for to in quiet & s.block {
                        if !self.safe_after(s, from, to, r, None) {
                            quiet = quiet.without(to);
                        }
                    }
                }
                let ep = ep_ok.is_some_and(|(e, victim)| {
                    ept.contains(e) && (!legal || self.safe_after(s, from, e, r, Some(victim)))
                });
                f(r, from, quiet, caps, ep);
            }
        }
    }

    /// Generates moves into `sink`: the legal ones, or with `legal == false`
    /// every pseudo-legal one (own King safety not checked).
    pub(crate) fn generate(&self, legal: bool, sink: &mut impl FnMut(Move)) {
        self.generate_from(B::EMPTY, true, legal, sink)
    }

    /// [`generate`](Self::generate) through one compiled copy per board
    /// type, for the callers off perft's path: each caller's own closure
    /// would compile the whole generator again (6-21 KB each; the web
    /// module's size, docs/web.md).
    #[inline(never)]
    pub(crate) fn generate_dyn(&self, legal: bool, sink: &mut dyn FnMut(Move)) {
        self.generate_from_dyn(B::EMPTY, true, legal, sink)
    }

    /// [`generate_from`](Self::generate_from) through one compiled copy per
    /// board type (see [`generate_dyn`](Self::generate_dyn)).
    #[inline(never)]
    pub(crate) fn generate_from_dyn(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        self.generate_from(skip, drops, legal, &mut |m| sink(m))
    }

    /// [`generate_moves`](Self::generate_moves) through one compiled copy
    /// per board type, for the rules' paths that wrap it (gating, first
    /// moves; see [`generate_dyn`](Self::generate_dyn)).
    #[inline(never)]
    pub(crate) fn generate_moves_dyn(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        self.generate_moves(skip, drops, legal, &mut |m| sink(m))
    }

    /// [`generate`](Self::generate) without the moves of the pieces on
    /// `skip` and, unless `drops`, without drops: the moves of one piece
    /// come from the same code as all moves.
    #[inline(always)]
    pub(crate) fn generate_from(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut impl FnMut(Move),
    ) {
        // A game over at once (bare King) has no legal moves; its pieces
        // still have their pseudo-legal ones (what attacks what).
        // Royal capture: a pseudo-legal move is legal (one flag test for
        // the variants without a rule that ends a game at once).
        let legal = if !self.variant.end.at_once {
            legal
        } else if legal {
            if self.ended_at_once() {
                return;
            }
            if self.variant.lions != 0 {
                return self.generate_lion_rules(skip, drops, sink);
            }
            let r = &self.variant.rules;
            if r.any {
                if !r.plain {
                    return self.generate_rules(skip, drops, sink);
                }
                // Without a King every pseudo-legal move is legal (all
                // generated: castling's piece is found by its start square,
                // not by a King to skip).
                if r.kingless[self.side.index()] {
                    return self.generate_unguarded(drops, &mut |m: Move| {
                        if m.is_drop() || !skip.contains(m.from) {
                            sink(m)
                        }
                    });
                }
            }
            !self.variant.end.royal_capture
        } else if self.variant.rules.gating {
            // The pseudo-legal moves of a gating variant (on the rules'
            // path, `at_once`): each also with every gate it may make.
            return self.generate_gated(skip, drops, false, sink);
        } else if self.variant.rules.first_moves.is_some() {
            return self.generate_first_moves(skip, drops, sink);
        } else {
            false
        };
        self.generate_moves(skip, drops, legal, sink)
    }

    /// [`generate_from`](Self::generate_from) once the rules' paths are
    /// decided: the moves of the pieces, castling and drops.
    #[inline(always)]
    pub(crate) fn generate_moves(
        &self,
        skip: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut impl FnMut(Move),
    ) {
        self.generate_pieces(skip, skip, drops, legal, sink)
    }

    /// [`generate_moves`](Self::generate_moves) where the pieces on `each`
    /// (a superset of `skip`) have their moves left out too, castling and
    /// drops being left out only by `skip`.
    #[inline(always)]
    pub(crate) fn generate_pieces(
        &self,
        skip: Bitboard<B::Word>,
        each: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut impl FnMut(Move),
    ) {
        if B::COMPACT {
            return self.generate_pieces_dyn(skip, each, drops, legal, sink);
        }
        self.generate_pieces_with(skip, each, drops, legal, sink)
    }

    /// [`generate_pieces`](Self::generate_pieces) compiled once per board
    /// type, for a [`Board::COMPACT`] board: every caller's sink goes
    /// through it.
    #[inline(never)]
    fn generate_pieces_dyn(
        &self,
        skip: Bitboard<B::Word>,
        each: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        self.generate_pieces_with(skip, each, drops, legal, &mut |m| sink(m))
    }

    /// The body of [`generate_pieces`](Self::generate_pieces).
    #[inline(always)]
    fn generate_pieces_with(
        &self,
        skip: Bitboard<B::Word>,
        each: Bitboard<B::Word>,
        drops: bool,
        legal: bool,
        sink: &mut impl FnMut(Move),
    ) {
        let s = match self.safety() {
            Some(s) => s,
            None if self.variant.end.royal_capture || self.variant.rules.any => self.no_safety(),
            None => return,
        };
        let v = self.variant;
        // Per call, not per piece or move: the promotion zone (and the part
        // of it a piece promotes from), and a double step's length.
        let (zone, zone_from) = match *B::promotion(v) {
            Promotion::Zone { zone, .. } => {
                let zone = zone.of(self.side);
                (zone, if v.promote_from_zone { zone } else { B::EMPTY })
            }
            _ => (B::EMPTY, B::EMPTY),
        };
        // Two ranks forward on the same file: two board widths up the index.
        let two = 2 * v.size.files() as i32;
        let double = if self.side == Color::White { two } else { -two };
        // The type an en-passant capture takes, once per call.
        let ep_role = if self.ep.is_some() {
            self.ep_victim_role()
        } else {
            None
        };
        self.for_each_piece(&s, legal, each, |r, from, quiet, caps, ep| {
            // Which targets may promote: none (the usual case) are emitted
            // directly, without asking `emit` about promotion.
            let (plain_quiet, plain_caps) = match *B::promotion(v) {
                Promotion::None => (true, true),
                Promotion::OnCapture { .. } => (true, false),
                Promotion::Zone { .. } => {
                    let plain = v.promotion_choices[r.index()] == 0
                        || (((quiet | caps) & zone).is_empty() && !zone_from.contains(from));
                    (plain, plain)
                }
            };
            // A Pawn's double step lands here (no square for other pieces
            // but `double-step` ones), and Berolina's diagonal double steps
            // only where the variant has them.
            let (double_to, diagonal) = if v.double_roles >> (r.0 & 63) & 1 != 0 {
                (from.0 as i32 + double, v.ep_diagonal && Some(r) == v.pawn)
            } else {
                (-1, false)
            };
            let plain = |to: Square, captured: Option<Role>, flags: MoveFlags| {
                Move::plain(from, to, r, captured, flags)
            };
            let mut push = |to: Square, flags: MoveFlags| {
                if plain_quiet {
                    sink(plain(to, None, flags));
                } else {
                    self.emit(from, to, r, None, flags, sink);
                }
            };
            // Two loops, so that the usual one asks nothing more per move.
            if diagonal {
                for to in quiet {
                    let double = to.0 as i32 == double_to || self.diagonal_double(from, to);
                    push(
                        to,
                        if double {
                            MoveFlags::DOUBLE_STEP
                        } else {
                            MoveFlags::empty()
                        },
                    );
                }
            } else {
                for to in quiet {
                    let mut flags = MoveFlags::empty();
                    if to.0 as i32 == double_to {
                        flags |= MoveFlags::DOUBLE_STEP;
                    }
                    push(to, flags);
                }
            }
            for to in caps {
                let captured = Some(Role(self.role_on(to) as u8));
                if plain_caps {
                    sink(plain(to, captured, MoveFlags::empty()));
                } else {
                    self.emit(from, to, r, captured, MoveFlags::empty(), sink);
                }
            }
            if let (true, Some(e)) = (ep, self.ep.get()) {
                self.emit(from, e, r, ep_role, MoveFlags::EN_PASSANT, sink);
            }
        });
        if !B::tables(v).locust_roles(self.side).is_empty() {
            self.locust_moves(&s, legal, &mut |m: Move| {
                if !skip.contains(m.from) {
                    sink(m)
                }
            });
        }
        if (!s.in_check || self.check_connected()) && !skip.contains(s.king) {
            self.castles(&s, legal, sink);
        }
        if let (true, Some(d)) = (drops, B::drops(v)) {
            self.generate_drops(&s, legal, d, sink);
        }
    }

    /// The drops, out of line: variants without them pay one test.
    #[inline(never)]
    fn generate_drops(
        &self,
        s: &Safety<B::Word>,
        legal: bool,
        d: &DropRules<B::Word>,
        sink: &mut dyn FnMut(Move),
    ) {
        self.for_each_drop(s, legal, d, |r, targets| {
            for to in targets {
                sink(Move::drop(r, to));
            }
            // `[drops] promoted`: the same squares once more, as the
            // promoted type (the squares do not depend on the type).
            let p = d.as_promoted[d.slot[r.index()] as usize % MAX_WIDE_HAND_TYPES];
            if p != NO_SLOT {
                for to in targets {
                    sink(Move::drop(r, to).promoted_drop(Role(p)));
                }
            }
        });
    }

    /// The number of legal drops (bulk counting), out of line.
    #[inline(never)]
    fn count_drops(&self, s: &Safety<B::Word>, d: &DropRules<B::Word>) -> u64 {
        let mut n = 0;
        self.for_each_drop(s, true, d, |r, targets| {
            let twice = d.as_promoted[d.slot[r.index()] as usize % MAX_WIDE_HAND_TYPES] != NO_SLOT;
            n += targets.count() as u64 * (1 + u64::from(twice));
        });
        n
    }

    /// Calls `f(role, squares)` for each type in the side to move's hand with
    /// the squares it may be dropped on: empty, in its drop region, not on a
    /// file already holding its limit, and with `legal` leaving the own King
    /// safe and not checkmating where the type may not.
    #[inline]
    fn for_each_drop(
        &self,
        s: &Safety<B::Word>,
        legal: bool,
        d: &DropRules<B::Word>,
        mut f: impl FnMut(Role, Bitboard<B::Word>),
    ) {
        let us = self.side;
        let hands = self.hands;
        if hands.is_empty(us) {
            return;
        }
        let occ = self.occupied();
        let mut safe = self.variant.size.all_of() & !occ;
        if legal {
            // A drop moves nothing: it can only block a check (or, onto an
            // empty hop line, make a screen for one).
            let them = us.opposite();
            let theirs = self.colors[them.index()];
            let risky = if s.in_check { safe } else { safe & s.block };
            for to in risky {
                if self.attacked(s.king, them, occ.with(to), theirs) {
                    safe = safe.without(to);
                }
            }
        }
        let ours = self.colors[us.index()];
        for (i, &r) in d.roles.iter().enumerate() {
            if hands.count(us, i as u8) == 0 {
                continue;
            }
            let mut targets = safe & d.region[i][us.index()];
            let limit = d.per_file[i];
            if limit != 0 {
                let mine = self.roles[r.index()] & ours;
                for &file in &d.files {
                    if (mine & file).count() >= limit as u32 {
                        targets &= !file;
                    }
                }
            }
            if legal && d.no_mate[i] && !targets.is_empty() {
                targets = self.without_drop_mates(r, targets);
            }
            f(r, targets);
        }
    }

    /// `targets` without the drops of `role` that checkmate. Only squares
    /// from which the piece would attack the enemy King (or any, where a
    /// drop could make a screen for a hopper) are tried.
    #[cold]
    fn without_drop_mates(&self, role: Role, mut targets: Bitboard<B::Word>) -> Bitboard<B::Word> {
        let us = self.side;
        let t = B::tables(self.variant);
        let Some(k) = self.king(us.opposite()) else {
            return targets;
        };
        let r = role.index();
        let candidates = if t.has_hops(us) {
            targets
        } else {
            let mut c = t.leap_attackers(us, r, k);
            if t.path_roles(us).contains(&(r as u8)) {
                c |= t.path_from(us, k)[r];
            }
            c & targets
        };
        for to in candidates {
            let m = Move::drop(role, to);
            let next = self.play_unchecked(&m);
            // A check that reaches the check limit wins by checks, not mate
            // (Fairy-Stockfish's checkshogi).
            let limit = self.variant.rules.check_limit;
            if limit != 0 && next.checks[us.index()] >= limit {
                continue;
            }
            if next.is_check() && !next.has_legal_move() {
                targets = targets.without(to);
            }
        }
        targets
    }

    /// The number of legal moves, counted from the target sets without
    /// building moves (perft's bulk counting); agrees with `emit`.
    pub(crate) fn count_legal(&self) -> u64 {
        // One test for the variants counted by generating (royal capture,
        // `from-zone-captures`) or that may end at once (bare King).
        if self.variant.count_slowly {
            if self.ended_at_once() {
                return 0;
            }
            let r = &self.variant.rules;
            if r.forced_plain {
                return self.count_forced();
            }
            if self.variant.end.royal_capture
                || self.variant.from_zone_captures
                || (r.any && (!r.plain || r.kingless[self.side.index()]))
            {
                return self.count_generated();
            }
        }
        let Some(s) = self.safety() else { return 0 };
        let v = self.variant;
        let mut n = 0u64;
        let ep_role = if self.ep.is_some() {
            self.ep_victim_role()
        } else {
            None
        };
        let by_shifts = if s.in_check || s.suspect || !s.block.is_empty() {
            B::EMPTY
        } else {
            self.count_by_shifts(&s, &mut n, ep_role)
        };
        self.for_each_piece(&s, true, by_shifts, |r, from, quiet, caps, ep| {
            let all = quiet | caps;
            n += match *B::promotion(v) {
                Promotion::None => all.count() as u64,
                Promotion::Zone { .. } if v.promotion_choices[r.index()] == 0 => all.count() as u64,
                Promotion::Zone { zone, forced } => {
                    // A target in the zone is one move per choice, plus the
                    // plain move where promotion is not forced.
                    let eligible = self.promotion_eligible(from, all, zone.of(self.side));
                    let inside = eligible.count() as u64;
                    if inside == 0 {
                        all.count() as u64
                    } else {
                        // Limits depend on the position, so count the choices
                        // left now (rarely needed).
                        let choices = self.allowed_promotions(r).count() as u64;
                        let must = self.promotion_forced(r, from, eligible, forced.of(self.side));
                        all.count() as u64 + inside * choices - must.count() as u64
                    }
                }
                Promotion::OnCapture { .. } => {
                    let mut k = quiet.count() as u64;
                    for to in caps {
                        let captured = self.piece_at(to).map(|p| p.role);
                        k += capture_promotion(v, r, captured).count();
                    }
                    k
                }
            };
            if let (true, Some(e)) = (ep, self.ep.get()) {
                self.emit(from, e, r, ep_role, MoveFlags::EN_PASSANT, &mut |_| n += 1);
            }
        });
        if !B::tables(v).locust_roles(self.side).is_empty() {
            self.locust_moves(&s, true, &mut |_| n += 1);
        }
        if !s.in_check || self.check_connected() {
            self.castles(&s, true, &mut |_| n += 1);
        }
        if let Some(d) = B::drops(v) {
            n += self.count_drops(&s, d);
        }
        n
    }

    /// Counts the moves of whole piece types at once where their moves are
    /// shifts (see `tables::Shift`): every piece not on a possible pin line,
    /// when the King is not in check and no hop line is open. Returns the
    /// pieces counted, which the caller skips.
    #[inline(never)]
    fn count_by_shifts(
        &self,
        s: &Safety<B::Word>,
        n: &mut u64,
        ep_role: Option<Role>,
    ) -> Bitboard<B::Word> {
        let v = self.variant;
        let t = B::tables(v);
        let us = self.side;
        let ours = self.colors[us.index()];
        let theirs = self.colors[us.opposite().index()];
        let empty = !(ours | theirs);
        let mut done = B::EMPTY;
        for (role, shifts) in t.shift_roles(us) {
            let pieces = self.roles[role] & ours & !s.danger;
            // A shift costs about as much as one piece's leaps. Promotion
            // from the zone depends on each piece's square: counted singly.
            if (pieces.count() as usize) < shifts.len()
                || (v.promote_from_zone && v.promotion_choices[role] != 0)
            {
                continue;
            }
            let r = Role(role as u8);
            let counter = TargetCounter::new(self, r);
            for sh in shifts {
                let mut on = pieces.0 & sh.from.0;
                let quiet = if sh.quiet { empty.0 } else { BitWord::ZERO };
                let caps = if sh.capture { theirs.0 } else { BitWord::ZERO };
                for _ in 0..sh.steps {
                    if on.is_zero() {
                        break;
                    }
                    on = on.rotate_left(sh.rotate as u32);
                    *n += counter.count(self, Bitboard(on & quiet), Bitboard(on & caps));
                    on &= empty.0;
                }
            }
            // En passant, piece by piece: a capture that also takes a piece
            // off the Pawn's rank.
            if let Some(e) = self.ep.get()
                && let Some(victim) = self.ep_victim.get()
                && let Some(ep_role) = ep_role
            {
                for from in pieces & t.ep_attackers(us, role, e) {
                    if self.safe_after(s, from, e, r, Some(victim)) {
                        self.emit(
                            from,
                            e,
                            r,
                            Some(ep_role),
                            MoveFlags::EN_PASSANT,
                            &mut |_| *n += 1,
                        );
                    }
                }
            }
            done |= pieces;
        }
        done
    }

    /// Whether `from` to `to` is two squares diagonally forward for the side
    /// to move (a diagonal double step, `ep_diagonal`).
    #[cold]
    #[inline(never)]
    fn diagonal_double(&self, from: Square, to: Square) -> bool {
        let size = self.variant.size;
        let fwd = if self.side == Color::White { 2 } else { -2 };
        (size.file(to) as i32 - size.file(from) as i32).abs() == 2
            && size.rank(to) as i32 - size.rank(from) as i32 == fwd
    }

    pub(crate) fn castles(&self, s: &Safety<B::Word>, legal: bool, sink: &mut impl FnMut(Move)) {
        let v = self.variant;
        let Some(c) = &v.castling else { return };
        if c.any_start {
            return self.castles_any_start(c, s, legal, &mut |m| sink(m));
        }
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let theirs = self.colors[them.index()];
        let size = v.size;
        // A castling piece that is not royal (no side has a royal piece
        // then) castles with no test of attack, from its start square.
        let king = if c.royal {
            s.king
        } else {
            c.king_start[us.index()]
        };
        let castler = crate::Piece {
            role: c.king,
            color: us,
        };
        for side in 0..2 {
            if self.castling & castle_bit(us, side) == 0
                || king != c.king_start[us.index()]
                || (!c.royal && self.piece_at(king) != Some(castler))
            {
                continue;
            }
            let rook = c.rook_start[us.index()][side];
            if !c.is_partner(self.piece_at(rook), us) {
                continue;
            }
            let rank = size.rank(king) as i32;
            let (kf, rf) = (size.file(king) as i32, size.file(rook) as i32);
            let dir = (rf - kf).signum();
            let between = (1..(rf - kf).abs()).any(|i| {
                size.square(kf + dir * i, rank)
                    .is_some_and(|q| occ.contains(q))
            });
            if between {
                continue;
            }
            let to = c.king_to[us.index()][side];
            // Castling's own conditions (not in check, the squares the King
            // crosses not attacked) hold for pseudo-legal moves too; only
            // the landing square is a question of King safety.
            let without_king = occ.without(king);
            let crossed = !c.royal
                || (1..c.distance[side] as i32).all(|i| {
                    let q = size
                        .square(kf + dir * i, rank)
                        .expect("between King and Rook");
                    self.castle_square_connected(q)
                        || !self.attacked(q, them, without_king.with(q), theirs)
                });
            let landed = without_king
                .without(rook)
                .with(to)
                .with(c.rook_to[us.index()][side]);
            if !crossed
                || (c.royal
                    && legal
                    && !self.castle_square_connected(to)
                    && self.attacked(to, them, landed, theirs))
            {
                continue;
            }
            sink(Move {
                from: king,
                to,
                role: c.king,
                captured: RoleByte::NONE,
                promotion: RoleByte::NONE,
                flags: MoveFlags::CASTLE,
                via: rook,
                via_captured: RoleByte::NONE,
                gate: crate::moves::Gate::NONE,
            });
        }
    }

    /// Emits a move with every promotion choice the variant gives it.
    #[inline]
    pub(crate) fn emit(
        &self,
        from: Square,
        to: Square,
        role: Role,
        captured: Option<Role>,
        flags: MoveFlags,
        sink: &mut impl FnMut(Move),
    ) {
        let v = self.variant;
        let plain = Move::plain(from, to, role, captured, flags);
        let promote = |p: Role, forced: bool| Move {
            promotion: RoleByte::new(Some(p)),
            flags: if forced {
                flags | MoveFlags::FORCED_PROMOTION
            } else {
                flags
            },
            ..plain
        };
        match *B::promotion(v) {
            Promotion::None => sink(plain),
            Promotion::OnCapture { .. } => match capture_promotion(v, role, captured) {
                CapturePromotion::None => sink(plain),
                CapturePromotion::Forced(p) => sink(promote(p, true)),
                CapturePromotion::Optional(p) => {
                    sink(plain);
                    sink(promote(p, false));
                }
            },
            Promotion::Zone { zone, forced } => {
                let piece = &v.pieces[role.index()];
                if piece.promotions.is_empty()
                    || if v.from_zone_captures
                        && (zone.of(self.side).contains(from) || v.promote_captures_only)
                    {
                        self.zone_captures_eligible(from, B::bb(to), zone.of(self.side))
                            .is_empty()
                    } else {
                        self.promotion_eligible(from, B::bb(to), zone.of(self.side))
                            .is_empty()
                    }
                {
                    sink(plain);
                } else {
                    let mandatory = !self
                        .promotion_forced(role, from, B::bb(to), forced.of(self.side))
                        .is_empty();
                    if !mandatory {
                        sink(plain);
                    }
                    // With no choice left a move into the forced part has no
                    // form at all.
                    for p in self.allowed_promotions(role) {
                        sink(promote(p, mandatory));
                    }
                }
            }
        }
    }

    /// Of the targets `all` of the piece of `role` on `from` (which has
    /// promotions): those where it may promote (zone scheme).
    #[inline(always)]
    fn promotion_eligible(
        &self,
        from: Square,
        all: Bitboard<B::Word>,
        zone: Bitboard<B::Word>,
    ) -> Bitboard<B::Word> {
        if self.variant.promote_from_zone && zone.contains(from) {
            all
        } else {
            all & zone
        }
    }

    /// `from-zone-captures` (Chu Shogi): of the targets `all` of the piece
    /// on `from`, in the zone, those where it may promote: captures on the
    /// destination, and squares it could never move from again.
    #[cold]
    #[inline(never)]
    fn zone_captures_eligible(
        &self,
        from: Square,
        all: Bitboard<B::Word>,
        zone: Bitboard<B::Word>,
    ) -> Bitboard<B::Word> {
        if self.variant.promote_captures_only {
            // `captures-only`: where it may promote, captures alone.
            let caps = all & self.colors[self.side.opposite().index()];
            return self.promotion_eligible(from, caps, zone);
        }
        let t = B::tables(self.variant);
        let role = self.role_on(from);
        let mut out = all & self.colors[self.side.opposite().index()];
        for to in all & !out {
            if t.reach_on_empty_board(self.side, role, to).is_empty() {
                out = out.with(to);
            }
        }
        out
    }

    /// Of the targets `all` where the piece may promote: those where it must.
    #[inline]
    fn promotion_forced(
        &self,
        r: Role,
        from: Square,
        all: Bitboard<B::Word>,
        forced: Bitboard<B::Word>,
    ) -> Bitboard<B::Word> {
        let v = self.variant;
        if v.promote_from_zone && forced.contains(from) {
            all
        } else {
            all & B::must_promote(v, self.side)[r.index()]
        }
    }

    /// The types a piece of `role` of the side to move may promote to now:
    /// those of which the side has fewer on the board than their limit.
    #[inline]
    pub(crate) fn allowed_promotions(&self, role: Role) -> impl Iterator<Item = Role> + '_ {
        let v = self.variant;
        let ours = self.colors[self.side.index()];
        let piece = &v.pieces[role.index()];
        let barred = piece.promotions_barred[self.side.index()];
        piece.promotions.iter().copied().filter(move |p| {
            let limit = v.limits[p.index()];
            barred >> p.index() & 1 == 0
                && (limit == u8::MAX || (self.roles[p.index()] & ours).count() < limit as u32)
        })
    }

    /// Whether the side to move has any legal move.
    pub(crate) fn has_legal_move(&self) -> bool {
        // Generation is cheap enough; a short-circuit would need another path.
        let mut any = false;
        self.generate_dyn(true, &mut |_| any = true);
        any
    }
}

/// Counts the moves a piece type makes onto sets of targets, promotion
/// choices included: what `count_legal` does per piece, for sets.
struct TargetCounter<W: BitWord> {
    plain: bool,
    zone: Bitboard<W>,
    forced: Bitboard<W>,
    /// The type counted: its promotion choices are counted only where a
    /// target lies in the zone (rarely; they depend on the position).
    role: Role,
    /// Promotion on capture: the types whose capture may or may not promote
    /// (two moves each), one bit per role.
    optional: Option<u64>,
}

impl<W: BitWord> TargetCounter<W> {
    fn new<B: Board<Word = W>>(pos: &Position<'_, B>, r: Role) -> TargetCounter<W> {
        let v = pos.variant;
        let mut c = TargetCounter {
            plain: true,
            zone: B::EMPTY,
            forced: B::EMPTY,
            role: r,
            optional: None,
        };
        match *B::promotion(v) {
            Promotion::None => {}
            Promotion::Zone { zone, forced } => {
                if v.promotion_choices[r.index()] != 0 {
                    c.plain = false;
                    c.zone = zone.of(pos.side);
                    c.forced = forced.of(pos.side) | B::must_promote(v, pos.side)[r.index()];
                }
            }
            Promotion::OnCapture { .. } => {
                let optional = v.optional_victims[r.index()];
                if optional != 0 {
                    c.plain = false;
                    c.optional = Some(optional);
                }
            }
        }
        c
    }

    /// The moves onto `quiet` (empty squares) and `caps` (their pieces).
    #[inline(always)]
    fn count<B: Board<Word = W>>(
        &self,
        pos: &Position<'_, B>,
        quiet: Bitboard<W>,
        caps: Bitboard<W>,
    ) -> u64 {
        let all = quiet | caps;
        if self.plain {
            return all.count() as u64;
        }
        if let Some(optional) = self.optional {
            let two = caps
                .into_iter()
                .filter(|&to| optional >> pos.role_on(to) & 1 != 0)
                .count();
            return all.count() as u64 + two as u64;
        }
        // As `count_legal` counts one piece's targets.
        let inside = (all & self.zone).count() as u64;
        if inside == 0 {
            return all.count() as u64;
        }
        let must = (all & self.forced).count() as u64;
        let choices = pos.allowed_promotions(self.role).count() as u64;
        all.count() as u64 + inside * choices - must
    }
}

/// Whether a capture of `victim` by `role` may promote or not (two moves).
pub(crate) fn captures_optionally(v: &crate::Variant, role: Role, victim: Role) -> bool {
    matches!(
        capture_promotion(v, role, Some(victim)),
        CapturePromotion::Optional(_)
    )
}

/// What a capture does under promotion on capture (Decimaka).
enum CapturePromotion {
    None,
    Forced(Role),
    Optional(Role),
}

impl CapturePromotion {
    /// How many moves the capture makes.
    fn count(&self) -> u64 {
        match self {
            CapturePromotion::Optional(_) => 2,
            _ => 1,
        }
    }
}

/// A non-royal capturing the `captured_becomes` type turns into it (unless it
/// already is one); otherwise a piece with a promotion must promote when it
/// captures a promoted piece and may when it captures another.
#[inline]
fn capture_promotion(v: &crate::Variant, role: Role, captured: Option<Role>) -> CapturePromotion {
    let Promotion::OnCapture { captured_becomes } = v.promotion else {
        return CapturePromotion::None;
    };
    match captured {
        Some(c) if role != v.royal => {
            if Some(c) == captured_becomes {
                if role == c {
                    CapturePromotion::None
                } else {
                    CapturePromotion::Forced(c)
                }
            } else if let Some(&p) = v.pieces[role.index()].promotions.first() {
                if v.pieces[c.index()].promoted {
                    CapturePromotion::Forced(p)
                } else {
                    CapturePromotion::Optional(p)
                }
            } else {
                CapturePromotion::None
            }
        }
        _ => CapturePromotion::None,
    }
}
