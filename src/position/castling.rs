//! Castling from any start (Fischer random, `[castling] any-start = true`):
//! the partners' squares a position holds, the castling moves, the rights a
//! move loses, the rights a [`Setup`] names, and the castling field of FEN in
//! X-FEN and Shredder-FEN.
//!
//! With the switch off castling keeps its fixed squares (`movegen.rs`); this
//! module is only reached from there through one test of the switch.

use crate::Piece;
use crate::bitboard::{Bitboard, Board, Color, Square, SquareSet};
use crate::movegen::Safety;
use crate::moves::{Move, MoveFlags, RoleByte};
use crate::position::{Position, castle_bit};
use crate::setup::{CastlingRights, Setup, SetupProblem};
use crate::variant::{Castling, Variant};

/// The rights in the order FEN writes them: `(bit index, colour, towards the
/// highest file)`.
pub(crate) const RIGHTS: [(usize, Color, bool); 4] = [
    (0, Color::White, true),
    (1, Color::White, false),
    (2, Color::Black, true),
    (3, Color::Black, false),
];

/// How the castling field of a FEN is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingNotation {
    /// X-FEN: `KQkq` for the outermost partner on each side, the partner's
    /// file letter (`B`, `g`) for another one. Standard chess reads as usual.
    #[default]
    XFen,
    /// Shredder-FEN: always the partner's file letter (`HAha`).
    Shredder,
}

impl<'v, B: Board> Position<'v, B> {
    /// The partner files of the rights held, 0 for the others: what `==`
    /// compares.
    #[inline]
    pub(crate) fn held_castle_files(&self) -> [u8; 4] {
        let mut files = self.castle_files;
        for (i, f) in files.iter_mut().enumerate() {
            if self.castling & (1 << i) == 0 {
                *f = 0;
            }
        }
        files
    }

    /// The square of the partner `color` castles with towards the highest
    /// file (`king_side`) or towards file `a`, while that right is held.
    ///
    /// ```
    /// use betza::{Color, Position, Variant};
    /// let v = Variant::by_name("chess960").unwrap();
    /// let pos = Position::from_fen(v, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// let f1 = v.size().parse_square("f1").unwrap();
    /// assert_eq!(pos.castling_partner(Color::White, false), Some(f1));
    /// assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn castling_partner(&self, color: Color, king_side: bool) -> Option<Square> {
        self.castle_partner(color, usize::from(!king_side))
    }

    /// [`castling_partner`](Self::castling_partner) by side index (0: the
    /// highest file).
    #[inline]
    pub(crate) fn castle_partner(&self, color: Color, side: usize) -> Option<Square> {
        let c = self.variant.castling.as_ref()?;
        if self.castling & castle_bit(color, side) == 0 {
            return None;
        }
        let size = self.variant.size;
        let rank = size.rank(c.king_start[color.index()]) as i32;
        size.square(self.castle_files[2 * color.index() + side] as i32, rank)
    }

    /// Whether a castling King on `q` would stand beside the enemy royal
    /// piece where captures explode: no attack counts there (connected
    /// Kings do not check; atomic castles so in python-chess, shakmaty and
    /// Fairy-Stockfish).
    #[inline]
    pub(crate) fn castle_square_connected(&self, q: Square) -> bool {
        if !self.variant.rules.explosions {
            return false;
        }
        let size = self.variant.size;
        self.king(self.side.opposite()).is_some_and(|k| {
            (size.file(k) as i32 - size.file(q) as i32).abs() <= 1
                && (size.rank(k) as i32 - size.rank(q) as i32).abs() <= 1
        })
    }

    /// The castling moves from any start: the King and its partner land on
    /// the squares the start position's castling gives; every square either
    /// crosses or lands on is empty but for the two; the squares the King
    /// crosses are not attacked (nor, for legal moves, the one it lands on;
    /// the caller has checked it stands in no check).
    #[cold]
    #[inline(never)]
    pub(crate) fn castles_any_start(
        &self,
        c: &Castling,
        s: &Safety<B::Word>,
        legal: bool,
        sink: &mut dyn FnMut(Move),
    ) {
        let v = self.variant;
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        let theirs = self.colors[them.index()];
        let size = v.size;
        let rank = size.rank(c.king_start[us.index()]) as i32;
        if size.rank(s.king) as i32 != rank {
            return;
        }
        let partner = Piece {
            role: c.rook,
            color: us,
        };
        let kf = size.file(s.king) as i32;
        for side in 0..2 {
            let Some(rook) = self.castle_partner(us, side) else {
                continue;
            };
            if self.piece_at(rook) != Some(partner) {
                continue;
            }
            let to = c.king_to[us.index()][side];
            let rook_to = c.rook_to[us.index()][side];
            let (rf, tf) = (size.file(rook) as i32, size.file(to) as i32);
            let rtf = size.file(rook_to) as i32;
            let lo = kf.min(rf).min(tf).min(rtf);
            let hi = kf.max(rf).max(tf).max(rtf);
            let blocked = (lo..=hi).any(|f| {
                size.square(f, rank)
                    .is_some_and(|q| q != s.king && q != rook && occ.contains(q))
            });
            if blocked {
                continue;
            }
            let without_king: Bitboard<B::Word> = occ.without(s.king);
            let dir = (tf - kf).signum();
            let crossed = (1..(tf - kf).abs()).all(|i| {
                size.square(kf + dir * i, rank).is_none_or(|q| {
                    self.castle_square_connected(q)
                        || !self.attacked(q, them, without_king.with(q), theirs)
                })
            });
            let landed = without_king.without(rook).with(to).with(rook_to);
            if !crossed
                || (legal
                    && !self.castle_square_connected(to)
                    && self.attacked(to, them, landed, theirs))
            {
                continue;
            }
            sink(Move {
                from: s.king,
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

    /// Whether `m`, a castling move, is the King's move towards the highest
    /// file (its partner stands there; from any start the King may step the
    /// other way, or not at all).
    /// A walled turn's `via` holds its wall: walls come only with castling
    /// from the usual start, where the King always moves towards its partner.
    #[inline]
    pub(crate) fn castles_king_side(m: &Move) -> bool {
        if m.wall().is_some() {
            m.to.0 > m.from.0
        } else {
            m.via.0 > m.from.0
        }
    }

    /// Whether the move text of `m` names the partner's square for `to`
    /// (UCI_Chess960's King-takes-partner): always with `king_takes_partner`;
    /// otherwise only where the King's destination is also one of its
    /// ordinary moves (Fairy-Stockfish's Diana chess, whose King castles one
    /// square; Chess960 starts) or, from any start, where it does not move.
    pub(crate) fn castle_text_names_partner(&self, m: &Move, king_takes_partner: bool) -> bool {
        if !m.is_castle() || !self.variant.size.contains(m.via) {
            return false;
        }
        if king_takes_partner {
            return true;
        }
        let Some(c) = &self.variant.castling else {
            return false;
        };
        (c.any_start && m.from == m.to)
            || (self.variant.size.contains(m.from)
                && B::tables(self.variant)
                    .reach_on_empty_board(self.side, c.king.index(), m.from)
                    .contains(m.to))
    }

    /// The rights `m` takes away from any start: a move of the King takes
    /// its side's; a move from or to a partner's square takes that right.
    #[cold]
    #[inline(never)]
    pub(crate) fn any_start_rights_lost(&self, m: &Move) -> u8 {
        let mut lost = 0;
        if self
            .variant
            .castling
            .as_ref()
            .is_some_and(|c| m.role == c.king)
            && !m.is_drop()
        {
            lost |= 0b11 << (2 * self.side.index());
        }
        for (i, color, king_side) in RIGHTS {
            if let Some(sq) = self.castle_partner(color, usize::from(!king_side))
                && (sq == m.from || sq == m.to || Some(sq) == m.via())
            {
                lost |= 1 << i;
            }
        }
        lost
    }
}

/// The rights of `setup` in `pos` (placement already on it): each held right
/// backed by the King and its partner, recorded with the partner's file.
pub(crate) fn resolve_rights<B: Board>(
    v: &Variant,
    c: &Castling,
    setup: &Setup,
    pos: &mut Position<'_, B>,
    problems: &mut Vec<SetupProblem>,
) {
    let size = v.size;
    for (i, color, king_side) in RIGHTS {
        if !setup
            .castling
            .contains(CastlingRights::of(color, king_side))
        {
            continue;
        }
        let side = usize::from(!king_side);
        let royal = Piece {
            role: c.king,
            color,
        };
        let partner = Piece {
            role: c.rook,
            color,
        };
        let wanted = setup.castling_files[i];
        let found = if c.any_start {
            let rank = size.rank(c.king_start[color.index()]) as i32;
            let king = (0..size.files() as i32)
                .filter_map(|f| size.square(f, rank))
                .find(|&q| pos.piece_at(q) == Some(royal));
            king.and_then(|k| {
                let kf = size.file(k) as i32;
                let is_partner = |f: i32| {
                    size.square(f, rank)
                        .filter(|&q| pos.piece_at(q) == Some(partner))
                };
                match (wanted, king_side) {
                    (Some(f), true) if f as i32 > kf => is_partner(f as i32),
                    (Some(f), false) if (f as i32) < kf => is_partner(f as i32),
                    (Some(_), _) => None,
                    // The outermost partner on that side.
                    (None, true) => (kf + 1..size.files() as i32).rev().find_map(is_partner),
                    (None, false) => (0..kf).find_map(is_partner),
                }
            })
        } else {
            let king = c.king_start[color.index()];
            let rook = c.rook_start[color.index()][side];
            (pos.piece_at(king) == Some(royal)
                && c.is_partner(pos.piece_at(rook), color)
                && wanted.is_none_or(|f| f == size.file(rook)))
            .then_some(rook)
        };
        match found {
            Some(rook) => {
                pos.castling |= 1 << i;
                pos.castle_files[i] = size.file(rook);
            }
            None if c.any_start => problems.push(SetupProblem::CastlingPartner {
                color,
                king_side,
                file: wanted,
            }),
            None => problems.push(SetupProblem::CastlingPieces {
                color,
                king_side,
                king: c.king_start[color.index()],
                rook: c.rook_start[color.index()][side],
            }),
        }
    }
}

impl<B: Board> Position<'_, B> {
    /// Per right held: `Some(None)` where its partner is the outermost on
    /// its side (X-FEN's `K`), `Some(Some(file))` otherwise; `None` where the
    /// right is not held.
    fn named_file(&self, color: Color, king_side: bool) -> Option<Option<u8>> {
        let c = self.variant.castling.as_ref()?;
        let rook = self.castle_partner(color, usize::from(!king_side))?;
        let size = self.variant.size;
        let file = size.file(rook) as i32;
        let rank = size.rank(rook) as i32;
        let partner = Piece {
            role: c.rook,
            color,
        };
        let is_partner = |f: i32| {
            size.square(f, rank)
                .is_some_and(|q| self.piece_at(q) == Some(partner))
        };
        let further = if king_side {
            (file + 1..size.files() as i32).any(is_partner)
        } else {
            (0..file).any(is_partner)
        };
        Some(further.then_some(file as u8))
    }

    /// [`Setup::castling_files`] of this position.
    pub(crate) fn castling_files_named(&self) -> [Option<u8>; 4] {
        RIGHTS.map(|(_, color, king_side)| self.named_file(color, king_side).flatten())
    }
}

/// The castling field of `pos` in `notation` (`-` for none).
pub(crate) fn castling_field<B: Board>(
    pos: &Position<'_, B>,
    notation: CastlingNotation,
) -> String {
    let mut s = String::new();
    for (i, color, king_side) in RIGHTS {
        // Gating rights follow each side's castling rights.
        if i == 2 && (pos.variant.rules.gating || pos.variant.rules.first_moves.is_some()) {
            s.push_str(&pos.gate_letters(Color::White));
        }
        let Some(named) = pos.named_file(color, king_side) else {
            continue;
        };
        let file = match (notation, named) {
            (CastlingNotation::XFen, None) => {
                s.push(crate::setup::right_letter(color, king_side));
                continue;
            }
            (_, Some(f)) => f,
            (CastlingNotation::Shredder, None) => pos
                .castle_partner(color, usize::from(!king_side))
                .map_or(0, |q| pos.variant.size.file(q)),
        };
        let letter = (b'a' + file) as char;
        s.push(if color == Color::White {
            letter.to_ascii_uppercase()
        } else {
            letter
        });
    }
    if pos.variant.rules.gating || pos.variant.rules.first_moves.is_some() {
        s.push_str(&pos.gate_letters(Color::Black));
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// Reads a castling field (`KQkq`, X-FEN, Shredder-FEN) into `setup`, whose
/// placement is read: a file letter is a right towards the side of the King
/// on its start rank that the file lies on. `Err` holds the message after
/// `castling: `.
pub(crate) fn read_castling_field(
    v: &Variant,
    field: &str,
    setup: &mut Setup,
) -> Result<(), String> {
    let size = v.size;
    let mut last = None;
    let gating = Color::ALL.map(|c| crate::gating::reads_gates(v, setup, c));
    for ch in field.chars() {
        // Gating (`[rules] gating`): a file letter is a gating right of
        // that file; `K` and `Q` give castling and the rights of the King's
        // and the partner's squares, as Fairy-Stockfish reads them.
        if let Some(color) = gating_letter(v, size, ch, gating) {
            let file = ch.to_ascii_lowercase() as u8 - b'a';
            setup.gates[color.index()] |= 1 << file;
            continue;
        }
        if matches!(ch, 'K' | 'Q' | 'k' | 'q') {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if let Some(c) = v.castling.as_ref().filter(|_| gating[color.index()]) {
                let side = usize::from(ch.eq_ignore_ascii_case(&'q'));
                setup.gates[color.index()] |= 1 << size.file(c.king_start[color.index()])
                    | 1 << size.file(c.rook_start[color.index()][side]);
            }
        }
        let (color, king_side, file) = match ch {
            'K' => (Color::White, true, None),
            'Q' => (Color::White, false, None),
            'k' => (Color::Black, true, None),
            'q' => (Color::Black, false, None),
            c if c.is_ascii_alphabetic() => {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let file = c.to_ascii_lowercase() as u8 - b'a';
                if file >= size.files() {
                    return Err(format!(
                        "{} names file {}, which is off the board ({} files)",
                        crate::quote::quoted(&c.to_string()),
                        c.to_ascii_lowercase(),
                        size.files()
                    ));
                }
                let Some(c) = &v.castling else {
                    return Err(String::new());
                };
                // The King on its start rank decides the side.
                let rank = size.rank(c.king_start[color.index()]) as i32;
                let king = (0..size.files() as i32)
                    .filter_map(|f| size.square(f, rank))
                    .find(|&q| {
                        setup.piece_at(q)
                            == Some(Piece {
                                role: c.king,
                                color,
                            })
                    });
                let Some(king) = king else {
                    return Err(format!(
                        "{} needs the {color} King on rank {}",
                        crate::quote::quoted(&ch.to_string()),
                        rank + 1
                    ));
                };
                let kf = size.file(king);
                if file == kf {
                    return Err(format!(
                        "{} names the file of the {color} King",
                        crate::quote::quoted(&ch.to_string())
                    ));
                }
                (color, file > kf, Some(file))
            }
            _ => return Err(String::new()),
        };
        let i = 2 * color.index() + usize::from(!king_side);
        if last.is_some_and(|l| l >= i) {
            return Err(String::new());
        }
        last = Some(i);
        setup.castling |= CastlingRights::of(color, king_side);
        setup.castling_files[i] = file;
    }
    // Gating rights on the King's square and a partner's, and no castling
    // right named: castling with that partner (Fairy-Stockfish's S-Chess960
    // fields, `ABCDEFGH`, and what it writes from any start, `HABCDEFG`).
    if let Some(c) = v.castling.as_ref() {
        for color in Color::ALL {
            let named = setup.castling.contains(CastlingRights::of(color, true))
                || setup.castling.contains(CastlingRights::of(color, false));
            if gating[color.index()] && !named {
                rights_from_gates(v, c, color, setup);
            }
        }
    }
    Ok(())
}

/// The castling rights a gating side's rights give when its field names
/// none: with a gate on its King's square, castling with each partner that
/// has a gate (from fixed squares: the start squares; from any start: the
/// outermost such partner on each side of the King on its start rank).
fn rights_from_gates(v: &Variant, c: &Castling, color: Color, setup: &mut Setup) {
    let size = v.size;
    let gates = setup.gates[color.index()];
    let gated = |sq: Square| gates >> size.file(sq) & 1 != 0;
    let on = |sq: Square, role| setup.piece_at(sq) == Some(Piece { role, color });
    let rank = size.rank(c.king_start[color.index()]) as i32;
    let king = if c.any_start {
        (0..size.files() as i32)
            .filter_map(|f| size.square(f, rank))
            .find(|&q| on(q, c.king))
    } else {
        Some(c.king_start[color.index()]).filter(|&q| on(q, c.king))
    };
    let Some(king) = king.filter(|&k| gated(k)) else {
        return;
    };
    let kf = size.file(king) as i32;
    let partner = |f: i32| size.square(f, rank).filter(|&q| gated(q) && on(q, c.rook));
    let rooks = [(0, true), (1, false)].map(|(side, king_side)| {
        if !c.any_start {
            Some(c.rook_start[color.index()][side]).filter(|&q| gated(q) && on(q, c.rook))
        } else if king_side {
            (kf + 1..size.files() as i32).rev().find_map(partner)
        } else {
            (0..kf).find_map(partner)
        }
    });
    for (side, king_side) in [(0, true), (1, false)] {
        if let Some(rook) = rooks[side] {
            setup.castling |= CastlingRights::of(color, king_side);
            if c.any_start {
                setup.castling_files[2 * color.index() + side] = Some(size.file(rook));
            }
        }
    }
}

/// In a gating variant, the side whose gating right the castling-field
/// letter `ch` names: a file letter of the board other than `K` and `Q`
/// (`k`, `q`), for a side in gating mode (see `gating::reads_gates`).
fn gating_letter(
    v: &Variant,
    size: crate::BoardSize,
    ch: char,
    gating: [bool; 2],
) -> Option<Color> {
    if !ch.is_ascii_alphabetic() || (v.castling.is_some() && matches!(ch, 'K' | 'Q' | 'k' | 'q')) {
        return None;
    }
    let color = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let file = ch.to_ascii_lowercase() as u8 - b'a';
    (gating[color.index()] && file < size.files() && file < 16).then_some(color)
}
