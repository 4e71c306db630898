//! Move generation and attack tests.
//!
//! Generation works per piece: leap targets come from table lookups, blockable
//! moves from a walk of the piece's path trie; the union of both is a target
//! bitboard, so a square reached two ways (the Eagle's step and slide) is one
//! move. Legality is decided without playing the move: a non-royal move is
//! legal outright when the King is not in check and the piece does not stand
//! on any path between an enemy blockable attacker (or the facing King) and
//! the own King; every other move is tested by recomputing the attacks on the
//! King with the occupancy the move leaves.

use crate::bitboard::{Bitboard, Color, Square};
use crate::moves::{Move, MoveFlags};
use crate::position::{Position, castle_bit};
use crate::tables::{CAPTURE, EP, QUIET};
use crate::variant::{Promotion, Role};

/// What a move generation needs to know about the side to move's King.
struct Safety {
    king: Square,
    in_check: bool,
    /// Squares whose piece may be pinned (or may have to stay between the Kings).
    danger: Bitboard,
}

impl<'v> Position<'v> {
    /// Whether `sq` is attacked by `by`'s pieces (restricted to `by_mask`) with
    /// occupancy `occ`; includes the facing-Kings rule when `sq` would hold the
    /// opposing royal piece, which is the only way it is asked.
    #[inline]
    pub(crate) fn attacked(&self, sq: Square, by: Color, occ: Bitboard, by_mask: Bitboard) -> bool {
        let v = self.variant;
        let t = &v.tables;
        for &r in &v.leap_attackers[by.index()] {
            let own = self.roles[r as usize] & by_mask;
            if !own.is_empty() && !(t.leap_attackers(by, r as usize, sq) & own).is_empty() {
                return true;
            }
        }
        for &r in &v.path_attackers[by.index()] {
            for from in self.roles[r as usize] & by_mask {
                for &m in t.attack_paths(by, r as usize, from, sq) {
                    if (m & occ).is_empty() {
                        return true;
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
        false
    }

    fn safety(&self) -> Option<Safety> {
        let us = self.side;
        let them = us.opposite();
        let king = self.king(us)?;
        let occ = self.occupied();
        let theirs = self.colors[them.index()];
        let v = self.variant;
        let t = &v.tables;
        let in_check = self.attacked(king, them, occ, theirs);
        let mut danger = Bitboard::EMPTY;
        for &r in &v.path_attackers[them.index()] {
            for from in self.roles[r as usize] & theirs {
                for &m in t.attack_paths(them, r as usize, from, king) {
                    danger |= m;
                }
            }
        }
        if v.facing_kings
            && let Some(k) = self.king(them)
            && t.same_file(k, king)
        {
            danger |= t.file_between(k, king);
        }
        Some(Safety {
            king,
            in_check,
            danger,
        })
    }

    /// Whether a move of `role` from `from` to `to` (capturing on `capture_sq`,
    /// if any) leaves the own King safe.
    #[inline]
    fn safe_after(
        &self,
        s: &Safety,
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

    /// Target squares of the piece of `role` on `from` (side to move):
    /// (quiet targets, capture targets, en-passant targets).
    #[inline]
    pub(crate) fn targets(&self, role: usize, from: Square) -> (Bitboard, Bitboard, Bitboard) {
        let us = self.side;
        let t = &self.variant.tables;
        let occ = self.occupied();
        let theirs = self.colors[us.opposite().index()];
        let mut quiet = t.quiet(us, role, from) & !occ;
        let mut caps = t.capture(us, role, from) & theirs;
        let mut ep = t.ep(us, role, from) & !occ;
        let nodes = t.nodes(us, role, from);
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            let b = Square(n.sq).bb();
            if (occ & b).is_empty() {
                if n.flags & QUIET != 0 {
                    quiet |= b;
                }
                if n.flags & EP != 0 {
                    ep |= b;
                }
                i += 1;
            } else {
                if n.flags & CAPTURE != 0 {
                    caps |= b & theirs;
                }
                i = n.skip as usize;
            }
        }
        (quiet, caps, ep)
    }

    /// Generates moves into `sink`: the legal ones, or with `legal == false`
    /// every pseudo-legal one (own King safety not checked).
    pub(crate) fn generate(&self, legal: bool, sink: &mut impl FnMut(Move)) {
        let Some(s) = self.safety() else { return };
        let v = self.variant;
        let us = self.side;
        let ours = self.colors[us.index()];
        let royal = v.royal;
        let ep_ok = self.ep.filter(|_| {
            self.ep_victim.is_some_and(|x| {
                self.piece_at(x)
                    .is_some_and(|p| p.color != us && Some(p.role) == v.pawn)
            })
        });
        for role in 0..v.pieces.len() {
            let r = Role(role as u8);
            let is_royal = r == royal;
            for from in self.roles[role] & ours {
                let (quiet, caps, ept) = self.targets(role, from);
                let test = legal && (is_royal || s.in_check || s.danger.contains(from));
                for to in quiet {
                    if !test || self.safe_after(&s, from, to, r, None) {
                        let mut flags = MoveFlags::empty();
                        if Some(r) == v.pawn && self.is_double_step(from, to) {
                            flags |= MoveFlags::DOUBLE_STEP;
                        }
                        self.emit(from, to, r, None, flags, sink);
                    }
                }
                for to in caps {
                    if !test || self.safe_after(&s, from, to, r, Some(to)) {
                        let captured = self.piece_at(to).map(|p| p.role);
                        self.emit(from, to, r, captured, MoveFlags::empty(), sink);
                    }
                }
                if let (Some(e), Some(victim)) = (ep_ok, self.ep_victim)
                    && ept.contains(e)
                    && (!legal || self.safe_after(&s, from, e, r, Some(victim)))
                {
                    self.emit(from, e, r, v.pawn, MoveFlags::EN_PASSANT, sink);
                }
            }
        }
        if !s.in_check {
            self.castles(&s, legal, sink);
        }
    }

    fn is_double_step(&self, from: Square, to: Square) -> bool {
        let size = self.variant.size;
        let fwd: i32 = if self.side == Color::White { 2 } else { -2 };
        size.file(from) == size.file(to) && size.rank(to) as i32 - size.rank(from) as i32 == fwd
    }

    fn castles(&self, s: &Safety, legal: bool, sink: &mut impl FnMut(Move)) {
        let v = self.variant;
        let Some(c) = &v.castling else { return };
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let theirs = self.colors[them.index()];
        let size = v.size;
        for side in 0..2 {
            if self.castling & castle_bit(us, side) == 0 || s.king != c.king_start[us.index()] {
                continue;
            }
            let rook = c.rook_start[us.index()][side];
            if self.piece_at(rook)
                != Some(crate::Piece {
                    role: c.rook,
                    color: us,
                })
            {
                continue;
            }
            let rank = size.rank(s.king) as i32;
            let (kf, rf) = (size.file(s.king) as i32, size.file(rook) as i32);
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
            let without_king = occ.without(s.king);
            let crossed = (1..c.distance as i32).all(|i| {
                let q = size
                    .square(kf + dir * i, rank)
                    .expect("between King and Rook");
                !self.attacked(q, them, without_king.with(q), theirs)
            });
            let landed = without_king
                .without(rook)
                .with(to)
                .with(c.rook_to[us.index()][side]);
            if !crossed || (legal && self.attacked(to, them, landed, theirs)) {
                continue;
            }
            sink(Move {
                from: s.king,
                to,
                role: v.royal,
                captured: None,
                promotion: None,
                flags: MoveFlags::CASTLE,
            });
        }
    }

    /// Emits a move with every promotion choice the variant gives it.
    #[inline]
    fn emit(
        &self,
        from: Square,
        to: Square,
        role: Role,
        captured: Option<Role>,
        flags: MoveFlags,
        sink: &mut impl FnMut(Move),
    ) {
        let v = self.variant;
        let plain = Move {
            from,
            to,
            role,
            captured,
            promotion: None,
            flags,
        };
        let promote = |p: Role, forced: bool| Move {
            promotion: Some(p),
            flags: if forced {
                flags | MoveFlags::FORCED_PROMOTION
            } else {
                flags
            },
            ..plain
        };
        match v.promotion {
            Promotion::None => sink(plain),
            Promotion::OnCapture { captured_becomes } => {
                let piece = &v.pieces[role.index()];
                match captured {
                    Some(c) if role != v.royal => {
                        if Some(c) == captured_becomes {
                            if role == c {
                                sink(plain)
                            } else {
                                sink(promote(c, true))
                            }
                        } else if let Some(&p) = piece.promotions.first() {
                            if v.pieces[c.index()].promoted {
                                sink(promote(p, true));
                            } else {
                                sink(plain);
                                sink(promote(p, false));
                            }
                        } else {
                            sink(plain);
                        }
                    }
                    _ => sink(plain),
                }
            }
            Promotion::Zone { zone, mandatory } => {
                let piece = &v.pieces[role.index()];
                if piece.promotions.is_empty() || !zone.of(self.side).contains(to) {
                    sink(plain);
                } else {
                    if !mandatory {
                        sink(plain);
                    }
                    for &p in &piece.promotions {
                        sink(promote(p, mandatory));
                    }
                }
            }
        }
    }

    /// Whether the side to move has any legal move.
    pub(crate) fn has_legal_move(&self) -> bool {
        // Generation is cheap enough; a short-circuit would need another path.
        let mut any = false;
        self.generate(true, &mut |_| any = true);
        any
    }

    /// The number of legal moves.
    pub(crate) fn count_legal(&self) -> u64 {
        let mut n = 0u64;
        self.generate(true, &mut |_| n += 1);
        n
    }
}
