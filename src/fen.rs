//! Reading and writing positions as FEN, with every validation of `docs/notation.md`.

use crate::bitboard::{Color, Square};
use crate::position::{Piece, Position};
use crate::setup::{CastlingRights, Part, Setup, SetupProblem};
use crate::variant::Variant;

/// Why a FEN was refused. Each message names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Not 6 fields (or 4, without the counters).
    FieldCount(usize),
    /// A character of the placement is not a piece token, digit or `/`.
    UnknownPiece {
        /// The rank (as written, 1-based).
        rank: u8,
        /// The token.
        token: String,
    },
    /// An empty-square count is 0 or has a leading zero.
    BadCount {
        /// The rank.
        rank: u8,
        /// The count as written.
        count: String,
    },
    /// A rank does not add up to the board width.
    RankWidth {
        /// The rank.
        rank: u8,
        /// Squares described.
        found: usize,
        /// The board width.
        expected: u8,
    },
    /// The placement has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the board.
        expected: u8,
    },
    /// A side has not exactly one royal piece.
    RoyalCount {
        /// The side.
        color: Color,
        /// How many.
        count: u32,
        /// The royal token.
        token: String,
    },
    /// A confined piece stands outside its region.
    Confinement {
        /// The side.
        color: Color,
        /// The piece's name.
        name: String,
        /// Its square.
        square: String,
    },
    /// The side-to-move field is not `w` or `b`.
    Side(String),
    /// The castling field is malformed.
    Castling(String),
    /// The variant has no castling but the field is not `-`.
    NoCastling(String),
    /// A castling right without its King and Rook on their start squares.
    CastlingPieces {
        /// The right's letter.
        right: char,
        /// The side.
        color: Color,
        /// The King's start square.
        king: String,
        /// The Rook's start square.
        rook: String,
    },
    /// The en-passant field is not `-` or a square.
    EnPassantSyntax(String),
    /// An en-passant square no double step could have produced.
    EnPassantSquare {
        /// The square.
        square: String,
        /// The side that just moved.
        color: Color,
    },
    /// The variant has no en passant but the field is not `-`.
    NoEnPassant(String),
    /// The half-move clock is not a number.
    Halfmove(String),
    /// The move number is not a positive number.
    Fullmove(String),
    /// The side to move could capture the enemy royal piece.
    OpponentInCheck,
    /// The royal pieces face each other on an open file, in a variant that
    /// forbids it.
    KingsFacing,
}

/// Reads the placement field into (square, piece) pairs.
pub(crate) fn parse_placement(v: &Variant, text: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let size = v.size;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != size.ranks() as usize {
        return Err(FenError::RankCount {
            found: ranks.len(),
            expected: size.ranks(),
        });
    }
    let mut out = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = size.ranks() as usize - 1 - i;
        let rank_no = (rank + 1) as u8;
        let b = row.as_bytes();
        let mut file = 0usize;
        let mut j = 0;
        while j < b.len() {
            let c = b[j];
            if c.is_ascii_digit() {
                let start = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let digits = &row[start..j];
                let n: usize = digits.parse().unwrap_or(usize::MAX);
                if digits.starts_with('0') || n > size.files() as usize {
                    if digits.starts_with('0') {
                        return Err(FenError::BadCount {
                            rank: rank_no,
                            count: digits.to_string(),
                        });
                    }
                    return Err(FenError::RankWidth {
                        rank: rank_no,
                        found: file.saturating_add(n),
                        expected: size.files(),
                    });
                }
                file += n;
                continue;
            }
            let (plus, letter_at) = if c == b'+' { (true, j + 1) } else { (false, j) };
            let token_end = (letter_at + 1).min(b.len());
            let bad = || FenError::UnknownPiece {
                rank: rank_no,
                token: row
                    .get(j..token_end)
                    .unwrap_or(&row[j..])
                    .chars()
                    .take(2)
                    .collect(),
            };
            let Some(&l) = b.get(letter_at) else {
                return Err(bad());
            };
            if !l.is_ascii_alphabetic() {
                return Err(bad());
            }
            let color = if l.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let mut token = String::with_capacity(2);
            if plus {
                token.push('+');
            }
            token.push(l.to_ascii_uppercase() as char);
            let role = v.role_by_token(&token).ok_or_else(bad)?;
            if file < size.files() as usize {
                let sq = size.square(file as i32, rank as i32).expect("on board");
                out.push((sq, Piece { role, color }));
            }
            file += 1;
            j = letter_at + 1;
        }
        if file != size.files() as usize {
            return Err(FenError::RankWidth {
                rank: rank_no,
                found: file,
                expected: size.files(),
            });
        }
    }
    Ok(out)
}

/// Reads a FEN into a [`Setup`]. With `strict`, each field's rules are
/// checked as it is read, so the first wrong field is the one reported.
pub(crate) fn read_setup(v: &Variant, fen: &str, strict: bool) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let size = v.size;
    let mut setup = Setup::empty();
    for (sq, piece) in parse_placement(v, fields[0])? {
        setup.set(sq, Some(piece));
    }
    let check = |setup: &Setup, part: Part| -> Result<(), FenError> {
        if !strict {
            return Ok(());
        }
        let (_, problems) = crate::setup::build(v, setup);
        match problems.into_iter().find(|p| p.part() == part) {
            Some(p) => Err(fen_error(v, &p, &fields)),
            None => Ok(()),
        }
    };
    check(&setup, Part::Placement)?;
    setup.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(FenError::Side(s.to_string())),
    };

    let c = fields[2];
    if c.is_empty() {
        return Err(FenError::Castling(c.to_string()));
    }
    if c != "-" {
        if strict && v.castling.is_none() {
            return Err(FenError::NoCastling(c.to_string()));
        }
        let mut last = None;
        for ch in c.chars() {
            let (color, king_side, order) = match ch {
                'K' => (Color::White, true, 0),
                'Q' => (Color::White, false, 1),
                'k' => (Color::Black, true, 2),
                'q' => (Color::Black, false, 3),
                _ => return Err(FenError::Castling(c.to_string())),
            };
            if last.is_some_and(|l| l >= order) {
                return Err(FenError::Castling(c.to_string()));
            }
            last = Some(order);
            setup.castling |= CastlingRights::of(color, king_side);
        }
    }
    check(&setup, Part::Castling)?;

    let e = fields[3];
    if e != "-" {
        if strict && !v.en_passant {
            return Err(FenError::NoEnPassant(e.to_string()));
        }
        let sq = size
            .parse_square(e)
            .ok_or_else(|| FenError::EnPassantSyntax(e.to_string()))?;
        setup.ep_square = Some(sq);
    }
    check(&setup, Part::EnPassant)?;

    if fields.len() == 6 {
        setup.halfmove_clock = fields[4]
            .parse()
            .map_err(|_| FenError::Halfmove(fields[4].to_string()))?;
        if !fields[4].bytes().all(|b| b.is_ascii_digit()) {
            return Err(FenError::Halfmove(fields[4].to_string()));
        }
        setup.fullmove_number = match fields[5].parse::<u32>() {
            Ok(n) if n >= 1 && fields[5].bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return Err(FenError::Fullmove(fields[5].to_string())),
        };
    }
    Ok(setup)
}

/// The FEN error for a setup problem found while reading `fields`.
fn fen_error(v: &Variant, p: &SetupProblem, fields: &[&str]) -> FenError {
    let size = v.size;
    match *p {
        SetupProblem::RoyalCount { color, count } => FenError::RoyalCount {
            color,
            count,
            token: v.pieces[v.royal.index()].token.clone(),
        },
        SetupProblem::Confinement {
            color,
            role,
            square,
        } => FenError::Confinement {
            color,
            name: v.pieces[role.index()].name.clone(),
            square: size.square_name(square),
        },
        SetupProblem::NoCastling => FenError::NoCastling(fields[2].to_string()),
        SetupProblem::CastlingPieces {
            color,
            king_side,
            king,
            rook,
        } => FenError::CastlingPieces {
            right: crate::setup::right_letter(color, king_side),
            color,
            king: size.square_name(king),
            rook: size.square_name(rook),
        },
        SetupProblem::NoEnPassant => FenError::NoEnPassant(fields[3].to_string()),
        SetupProblem::EnPassantSquare { color, .. } => FenError::EnPassantSquare {
            square: fields[3].to_string(),
            color,
        },
        SetupProblem::KingsFacing => FenError::KingsFacing,
        // A FEN cannot place a piece off the board or of an unknown type,
        // nor write move 0: the rest is a check.
        _ => FenError::OpponentInCheck,
    }
}

pub(crate) fn parse<'v>(v: &'v Variant, fen: &str) -> Result<Position<'v>, FenError> {
    let setup = read_setup(v, fen, true)?;
    let (pos, problems) = crate::setup::build(v, &setup);
    match problems.first() {
        None => Ok(pos),
        Some(p) => {
            let fields: Vec<&str> = fen.split(' ').collect();
            Err(fen_error(v, p, &fields))
        }
    }
}

pub(crate) fn castling_text(rights: u8) -> String {
    let mut s = String::new();
    for (bit, ch) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
        if rights & bit != 0 {
            s.push(ch);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

pub(crate) fn write(pos: &Position<'_>) -> String {
    let v = pos.variant;
    let size = v.size;
    let mut s = String::with_capacity(96);
    for rank in (0..size.ranks() as i32).rev() {
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let t = &v.pieces[p.role.index()].token;
                    if p.color == Color::White {
                        s.push_str(t);
                    } else {
                        s.push_str(&t.to_ascii_lowercase());
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.side == Color::White { 'w' } else { 'b' });
    s.push(' ');
    s.push_str(&castling_text(pos.castling));
    s.push(' ');
    match pos.legal_ep_square() {
        Some(sq) => size.write_square(sq, &mut s),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}

use crate::quote::quoted;

/// Whether a refused counter is refused only for its size: digits alone, not
/// all zeros (a move number of 0 is refused for being 0).
fn too_large(counter: &str) -> bool {
    !counter.is_empty()
        && counter.bytes().all(|b| b.is_ascii_digit())
        && counter.bytes().any(|b| b != b'0')
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenError::FieldCount(v0) => write!(
                f,
                "FEN has {v0} fields: expected 6 (placement, side, castling, en passant, half-move clock, move number) or the first 4"
            ),
            FenError::UnknownPiece { rank, token } => {
                write!(
                    f,
                    "placement, rank {rank}: unknown piece token {}",
                    quoted(token)
                )
            }
            FenError::BadCount { rank, count } => write!(
                f,
                "placement, rank {rank}: bad empty-square count {}",
                quoted(count)
            ),
            FenError::RankWidth {
                rank,
                found,
                expected,
            } => write!(
                f,
                "placement, rank {rank}: {found} squares, the board is {expected} wide"
            ),
            FenError::RankCount { found, expected } => {
                write!(f, "placement: {found} ranks, the board has {expected}")
            }
            FenError::RoyalCount {
                color,
                count,
                token,
            } => write!(
                f,
                "placement: {color} has {count} royal pieces ({token}), needs exactly one"
            ),
            FenError::Confinement {
                color,
                name,
                square,
            } => write!(
                f,
                "placement: the {color} {name} on {square} is outside its confinement"
            ),
            FenError::Side(v0) => {
                write!(f, "side to move: {} is not 'w' or 'b'", quoted(v0))
            }
            FenError::Castling(v0) => write!(
                f,
                "castling: {} is not '-' or some of 'KQkq' in that order",
                quoted(v0)
            ),
            FenError::NoCastling(v0) => write!(
                f,
                "castling: {} given, but this variant has no castling",
                quoted(v0)
            ),
            FenError::CastlingPieces {
                right,
                color,
                king,
                rook,
            } => write!(
                f,
                "castling: right '{right}' needs the {color} King on {king} and a Rook on {rook}"
            ),
            FenError::EnPassantSyntax(v0) => {
                write!(
                    f,
                    "en passant: {} is not '-' or a square of the board",
                    quoted(v0)
                )
            }
            FenError::EnPassantSquare { square, color } => write!(
                f,
                "en passant: {square} cannot be the square skipped by a double step of {color}, who just moved"
            ),
            FenError::NoEnPassant(v0) => write!(
                f,
                "en passant: {} given, but this variant has no en passant",
                quoted(v0)
            ),
            FenError::Halfmove(v0) if too_large(v0) => write!(
                f,
                "half-move clock: {} is too large (at most {})",
                quoted(v0),
                u32::MAX
            ),
            FenError::Halfmove(v0) => {
                write!(f, "half-move clock: {} is not a whole number", quoted(v0))
            }
            FenError::Fullmove(v0) if too_large(v0) => write!(
                f,
                "move number: {} is too large (at most {})",
                quoted(v0),
                u32::MAX
            ),
            FenError::Fullmove(v0) => write!(
                f,
                "move number: {} is not a whole number from 1",
                quoted(v0)
            ),
            FenError::OpponentInCheck => {
                f.write_str("placement: the side to move could capture the enemy King")
            }
            FenError::KingsFacing => f.write_str(
                "placement: the side to move could capture the enemy King (the Kings face each other on an open file)",
            ),
        }
    }
}

impl std::error::Error for FenError {}
