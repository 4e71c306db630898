//! Zobrist hashing of positions, for repetition detection.
//!
//! The hash covers what makes two positions "the same" for the repetition
//! rule: the placement, the side to move, the castling rights, and the
//! en-passant square **only when the side to move has a legal en-passant
//! capture** there (in a variant with Lions, the square of Lion-trading
//! rule 4, [`Position::lion_square`]), in variants with drops both hands and which pieces
//! were promoted from a pawn (the square the FEN writer writes), and in variants that
//! count checks the checks given, and the walls. A double step that no
//! enemy Pawn can answer therefore leaves a position equal to the same
//! placement reached without it. The move counters are not hashed.
//!
//! There is no key table: each key is a splitmix64 mix of a small integer
//! naming (kind, piece type, colour, square), so any variant works without
//! building one, and a position's hash is the same on every run and platform.
//! The mix is a bijection of `u64`, so every key is distinct.

use crate::bitboard::{Board, Color, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Role;

const PIECE: u64 = 1 << 32;
const SIDE: u64 = 2 << 32;
const CASTLING: u64 = 3 << 32;
const EN_PASSANT: u64 = 4 << 32;
const HAND: u64 = 5 << 32;
const MARK: u64 = 6 << 32;
const CHECKS: u64 = 7 << 32;
const WALL: u64 = 8 << 32;
const GATES: u64 = 9 << 32;

/// The splitmix64 output function: a bijective mix of a 64-bit value.
#[inline]
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a piece of `role` and `color` on `sq`.
#[inline]
fn piece_key(role: Role, color: Color, sq: Square) -> u64 {
    mix(PIECE | (role.0 as u64) << 16 | (color.index() as u64) << 8 | sq.0 as u64)
}

/// The key of a set of castling rights (one key per right held).
#[inline]
fn castling_key(rights: u8) -> u64 {
    (0..4)
        .filter(|i| rights & (1 << i) != 0)
        .fold(0, |h, i| h ^ mix(CASTLING | i as u64))
}

/// The key of the en-passant square, when it is hashed at all.
#[inline]
fn ep_key<B: Board>(pos: &Position<'_, B>) -> u64 {
    pos.ep_field().map_or(0, |sq| {
        // A diagonal double step's victim aside tells two such rights apart.
        let aside = pos
            .ep_victim_aside()
            .map_or(0, |v| (u64::from(v.0) + 1) << 16);
        mix(EN_PASSANT | sq.0 as u64 | aside)
    })
}

impl<'v, B: Board> Position<'v, B> {
    /// The key of `rights`, rights of this position: from any start each
    /// with its partner's file, else [`castling_key`].
    fn rights_key(&self, rights: u8) -> u64 {
        if self.variant.castling.as_ref().is_some_and(|c| c.any_start) {
            (0..4).filter(|i| rights & (1 << i) != 0).fold(0, |h, i| {
                h ^ mix(CASTLING | i as u64 | (self.castle_files[i] as u64 + 1) << 4)
            })
        } else {
            castling_key(rights)
        }
    }

    /// The position's Zobrist hash, computed from scratch (see the
    /// [`zobrist`](crate::zobrist) module for what it covers).
    ///
    /// Two positions that differ only in their move counters, or in an
    /// en-passant square no legal capture can use, hash the same.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let start = Position::start(Variant::by_name("chess").unwrap());
    /// let mut pos = start;
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos = pos.play(&pos.parse_move(text)?)?;
    /// }
    /// assert_ne!(pos, start); // the move counters differ...
    /// assert_eq!(pos.hash(), start.hash()); // ...but it is the same position
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn hash(&self) -> u64 {
        let mut h = self.rights_key(self.castling) ^ ep_key(self);
        if self.side == Color::Black {
            h ^= mix(SIDE);
        }
        let has_hands = self.variant.drops.is_some();
        for sq in self.pieces_bb() {
            let p = self.piece_at(sq).expect("occupied");
            h ^= piece_key(p.role, p.color, sq);
            // The mark matters where a hand takes the piece back as a pawn;
            // Makruk's promoted Met moves as any Met.
            if has_hands && self.is_marked(sq) {
                h ^= mix(MARK | sq.0 as u64);
            }
        }
        for sq in self.walls() {
            h ^= mix(WALL | sq.0 as u64);
        }
        if self.variant.rules.check_limit != 0 {
            h ^= mix(CHECKS | (self.checks[0] as u64) << 8 | self.checks[1] as u64);
        }
        if self.gates != [0; 2] {
            h ^= mix(GATES | (self.gates[1] as u64) << 16 | self.gates[0] as u64);
        }
        if self.variant.drops.is_some() {
            // One key per (side, type, count held).
            for color in Color::ALL {
                for (role, n) in self.hand(color) {
                    h ^= mix(HAND | (role.0 as u64) << 16 | (color.index() as u64) << 8 | n as u64);
                }
            }
        }
        h
    }

    /// The hash of the position after the legal move `m`, given this
    /// position's `hash`, updated from what the move changes instead of
    /// recomputed. Equal to `self.play(m)?.hash()`.
    ///
    /// Only around double steps does it look at more than the move: whether
    /// an en-passant capture is legal before or after it decides whether the
    /// en-passant square is hashed.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("decimaka").unwrap());
    /// let m = pos.parse_move("e3e5")?;
    /// assert_eq!(pos.hash_after(&m, pos.hash()), pos.play(&m)?.hash());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn hash_after(&self, m: &Move, hash: u64) -> u64 {
        if self.variant.drops.is_some() || self.variant.rules.any {
            // Hands and marks change with captures and drops, explosions
            // empty squares around a capture, checks are counted: recomputed.
            let _ = hash;
            return self.play_unchecked(m).hash();
        }
        let us = self.side;
        let them = us.opposite();
        let mut h =
            hash ^ mix(SIDE) ^ piece_key(m.role, us, m.from) ^ piece_key(m.role_after(), us, m.to);
        if let Some(captured) = m.captured() {
            let sq = if m.is_en_passant() {
                self.ep_victim.get().unwrap_or(m.to)
            } else {
                m.to
            };
            h ^= piece_key(captured, them, sq);
        }
        if let (Some(via), Some(captured)) = (m.via(), m.via_captured()) {
            h ^= piece_key(captured, them, via);
        }
        if let Some(c) = &self.variant.castling {
            if m.is_castle() {
                // A castling move's `via` field is its partner's square.
                let side = usize::from(m.via.0 < m.from.0);
                let rook = self.piece_at(m.via).map_or(c.rook, |p| p.role);
                h ^= piece_key(rook, us, m.via);
                h ^= piece_key(rook, us, c.rook_to[us.index()][side]);
            }
            if c.any_start {
                h ^= self.rights_key(self.castling & self.any_start_rights_lost(m));
            } else {
                let via = m
                    .via()
                    .map_or(0, |v| c.rights_lost[v.index() % B::MAX_SQUARES]);
                let lost = self.castling
                    & (c.rights_lost[m.from.index() % B::MAX_SQUARES]
                        | c.rights_lost[m.to.index() % B::MAX_SQUARES]
                        | via);
                h ^= castling_key(lost);
            }
        }
        if self.ep.is_some() {
            h ^= ep_key(self);
        }
        if (m.is_double_step() && self.variant.en_passant)
            || (self.variant.lions != 0 && m.is_capture())
        {
            h ^= ep_key(&self.play_unchecked(m));
        }
        h
    }
}
