//! Reading and writing positions as FEN, with every validation of `docs/notation.md`.

use crate::bitboard::{Board, Color, Square, SquareName};
use crate::position::hands::HandCounts;
use crate::position::{Piece, Position, code_marked};
use crate::setup::{Marks, Part, Setup, SetupProblem};
use crate::variant::MAX_ROLES;
use crate::variant::{PieceToken, Variant};
use std::fmt::Write as _;

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
        token: crate::PieceToken,
    },
    /// A confined piece stands outside its region.
    Confinement {
        /// The side.
        color: Color,
        /// The piece's name.
        name: String,
        /// Its square.
        square: SquareName,
    },
    /// The side-to-move field is not `w` or `b`.
    Side(String),
    /// The castling field is malformed.
    Castling(String),
    /// The variant has no castling but the field is not `-`.
    NoCastling(String),
    /// A file letter of the castling field (X-FEN, Shredder-FEN) names no
    /// right: a file off the board, the King's file, or no King on its rank.
    CastlingLetter {
        /// The field.
        field: String,
        /// Why.
        reason: String,
    },
    /// Castling from any start: a right with no partner (see
    /// [`SetupProblem::CastlingPartner`]).
    CastlingPartner {
        /// The field.
        field: String,
        /// The message, naming the right.
        reason: String,
    },
    /// A castling right without its King and Rook on their start squares.
    CastlingPieces {
        /// The right's letter.
        right: char,
        /// The side.
        color: Color,
        /// The King's start square.
        king: SquareName,
        /// The Rook's start square.
        rook: SquareName,
    },
    /// The en-passant field is not `-` or a square.
    EnPassantSyntax(String),
    /// An en-passant square no double step could have produced.
    EnPassantSquare {
        /// The square.
        square: SquareName,
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
    /// The hands (`[...]`) are malformed or hold what they may not.
    Hands {
        /// The hands' text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A piece marked `~` (promoted from a pawn) where no mark may be.
    Marked(String),
    /// A wall (`*`) in a variant without walls, on a piece, or one too
    /// many: the reason.
    Wall(String),
    /// The check counters (`3+3` remaining, or lichess's `+0+0` given) are
    /// malformed or past the variant's limit.
    Checks {
        /// The field as written (at most 40 characters).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// Makruk's counting fields (the count's limit and the plies counted,
    /// in the en-passant and half-move fields) are malformed or out of range.
    Counting(String),
}

/// Reads the placement field into (square, piece) pairs (hands and marks
/// ignored).
pub(crate) fn parse_placement(v: &Variant, text: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let (board, _) = split_hands(v, text);
    Ok(parse_board(v, board)?.0)
}

/// The placement without its hands, and the hands' text: `[...]` after it,
/// or python-chess's extra rank after the last (variants with drops only).
pub(crate) fn split_hands<'a>(v: &Variant, text: &'a str) -> (&'a str, Option<&'a str>) {
    if let Some(open) = text.find('[')
        && let Some(inner) = text[open + 1..].strip_suffix(']')
    {
        return (&text[..open], Some(inner));
    }
    if v.drops.is_some() && text.split('/').count() == v.size.ranks() as usize + 1 {
        let cut = text.rfind('/').expect("has a '/'");
        return (&text[..cut], Some(&text[cut + 1..]));
    }
    (text, None)
}

/// Reads a hands text (`PPn`, `2Pn`, `-` or empty) into `hands[colour][role]`.
pub(crate) fn parse_hands(v: &Variant, text: &str) -> Result<[[u8; MAX_ROLES]; 2], FenError> {
    let mut hands = [[0u8; MAX_ROLES]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let bad = |reason: String| FenError::Hands {
        text: text.to_string(),
        reason,
    };
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let count: u32 = if i == start {
            1
        } else {
            match text[start..i].parse::<u32>() {
                Ok(n) if (1..=255).contains(&n) && b[start] != b'0' => n,
                _ => return Err(bad(format!("bad count {}", quoted(&text[start..i])))),
            }
        };
        let Some((token, upper, n)) = PieceToken::read_prefix(&b[i..]) else {
            return Err(bad("expected a piece letter".into()));
        };
        i += n;
        let role =
            role_in_fen(v, token).ok_or_else(|| bad(format!("unknown piece token \"{token}\"")))?;
        let color = if upper { Color::White } else { Color::Black };
        let n = &mut hands[color.index()][role.index()];
        *n = (*n as u32 + count).min(255) as u8;
    }
    Ok(hands)
}

/// A placement's board part read: the pieces, the squares of pieces
/// marked `~` (promoted from a pawn), and the walls (`*`).
pub(crate) type BoardPart = (Vec<(Square, Piece)>, Marks, Marks);

/// Reads the board part of a placement (see [`BoardPart`]).
pub(crate) fn parse_board(v: &Variant, text: &str) -> Result<BoardPart, FenError> {
    let size = v.size;
    let mut marked = <crate::Huge as Board>::EMPTY;
    let mut walls = <crate::Huge as Board>::EMPTY;
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
            if c == b'*' {
                // A wall, as Fairy-Stockfish writes it (checked by `setup`).
                if let Some(sq) = size.square(file as i32, rank as i32) {
                    walls = walls.with(sq);
                }
                file += 1;
                j += 1;
                continue;
            }
            let read = PieceToken::read_prefix(&b[j..]);
            let bad = || FenError::UnknownPiece {
                rank: rank_no,
                token: row[j..]
                    .chars()
                    .take(read.map_or(usize::from(c == b'+') + 1, |(_, _, n)| n))
                    .collect(),
            };
            let Some((token, upper, n)) = read else {
                return Err(bad());
            };
            let color = if upper { Color::White } else { Color::Black };
            let role = role_in_fen(v, token).ok_or_else(bad)?;
            let mark = b.get(j + n) == Some(&b'~');
            if file < size.files() as usize {
                let sq = size.square(file as i32, rank as i32).expect("on board");
                out.push((sq, Piece { role, color }));
                if mark {
                    marked = marked.with(sq);
                }
            }
            file += 1;
            j += n + usize::from(mark);
        }
        if file != size.files() as usize {
            return Err(FenError::RankWidth {
                rank: rank_no,
                found: file,
                expected: size.files(),
            });
        }
    }
    Ok((out, marked, walls))
}

/// The problems of a setup in a variant, found by building it on the
/// variant's board type ([`setup_problems`]).
pub(crate) type SetupCheck = fn(&Variant, &Setup) -> Vec<SetupProblem>;

/// The problems of `setup` built on the board type `B`, the one `v` is
/// compiled for: the caller names it, so only its board type's code is
/// linked in (a WebAssembly build without `Large` is 200 KB smaller).
fn setup_problems<B: Board>(v: &Variant, setup: &Setup) -> Vec<SetupProblem> {
    crate::setup::build::<B>(v, setup).1
}

/// Reads a FEN into a [`Setup`]. With `strict` (the check of the variant's
/// board type), each field's rules are checked as it is read, so the first
/// wrong field is the one reported.
pub(crate) fn read_setup(
    v: &Variant,
    fen: &str,
    strict: Option<SetupCheck>,
) -> Result<Setup, FenError> {
    let check_setup = strict;
    let strict = check_setup.is_some();
    // Surrounding white space (a pasted line, a trailing newline) is no error.
    let fen = fen.trim();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    // Fairy-Stockfish's shogi form: `<placement> <side> [<halfmove>] <fullmove>`,
    // without the castling and en-passant fields.
    let digits = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if v.drops.is_some()
        && v.castling.is_none()
        && ((fields.len() == 4 && digits(fields[2]) && digits(fields[3]))
            || (fields.len() == 3 && digits(fields[2])))
    {
        let (half, full) = if fields.len() == 4 {
            (fields[2], fields[3])
        } else {
            ("0", fields[2])
        };
        fields = vec![fields[0], fields[1], "-", "-", half, full];
    }
    // Makruk's counting fields: the position keeps no count (a `Game`
    // does: `counting_fields`), its half-move clock is 0.
    if let Some(count) = counting_fields(v, fen)? {
        fields[3] = "-";
        // The plies after the checks still needed, where they stand between.
        let plies = if fields.len() == 7 && fields[4].contains('+') {
            5
        } else {
            4
        };
        if count.limit != 0 {
            fields[plies] = "0";
        }
    }
    let mut checks = None;
    if v.rules.check_limit != 0 {
        checks = take_checks(v.rules.check_limit, &mut fields)?;
    }
    if fields.len() != 6 && fields.len() != 4 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let size = v.size;
    let mut setup = Setup::empty();
    if let Some(c) = checks {
        setup.checks = c;
    }
    let (board, hands) = split_hands(v, fields[0]);
    let (pieces, marked, walls) = parse_board(v, board)?;
    for (sq, piece) in pieces {
        setup.set(sq, Some(piece));
    }
    setup.marked = marked;
    setup.walls = walls;
    if let Some(h) = hands {
        setup.hands = parse_hands(v, h)?;
    }
    let check = |setup: &Setup, part: Part| -> Result<(), FenError> {
        // Built in the variant's board type (one test per FEN, not per move).
        let Some(check_setup) = check_setup else {
            return Ok(());
        };
        let problems = check_setup(v, setup);
        match problems.into_iter().find(|p| p.part() == part) {
            Some(p) => Err(fen_error(v, &p, &fields)),
            None => Ok(()),
        }
    };
    let side = match fields[1] {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    };
    match side {
        Some(side) => {
            setup.side = side;
            check(&setup, Part::Placement)?;
        }
        // A placement can be valid for one side to move only (an explosion
        // took that side's King): a bad side field is named when the
        // placement is valid for either.
        None => {
            setup.side = Color::Black;
            if check(&setup, Part::Placement).is_err() {
                setup.side = Color::White;
                check(&setup, Part::Placement)?;
            }
        }
    }
    check(&setup, Part::Hands)?;
    setup.side = match side {
        Some(side) => side,
        None => return Err(FenError::Side(fields[1].to_string())),
    };

    let c = fields[2];
    if c.is_empty() {
        return Err(FenError::Castling(c.to_string()));
    }
    if c != "-" {
        // First-move rights (Cambodian) are letters of this field too.
        if strict && v.castling.is_none() && v.rules.first_moves.is_none() {
            return Err(FenError::NoCastling(c.to_string()));
        }
        crate::castling::read_castling_field(v, c, &mut setup).map_err(|reason| {
            if reason.is_empty() {
                FenError::Castling(c.to_string())
            } else {
                FenError::CastlingLetter {
                    field: c.to_string(),
                    reason,
                }
            }
        })?;
    }
    check(&setup, Part::Castling)?;

    let e = fields[3];
    if e != "-" {
        // A variant with Lions carries Lion-trading rule 4's square here.
        if strict && !v.en_passant && v.lions == 0 {
            return Err(FenError::NoEnPassant(e.to_string()));
        }
        match size.parse_square(e) {
            Some(sq) => setup.ep_square = Some(sq),
            None => {
                // Fairy-Stockfish's two squares (`c5d6`, `f5f6`): the
                // square passed over and the pawn's, in either order.
                let (sq, victim) = ep_pair(size, e, setup.side)
                    .ok_or_else(|| FenError::EnPassantSyntax(e.to_string()))?;
                setup.ep_square = Some(sq);
                setup.ep_victim = (size.file(sq) != size.file(victim)).then_some(victim);
            }
        }
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

/// Makruk's count in a FEN as Fairy-Stockfish writes it, in a variant with
/// counting rules: `<placement> <side> <castling> <limit> <plies> <move>`,
/// the count's limit (in plies, non-zero) in the en-passant field's place
/// and the plies counted in the half-move clock's (`w - 128 14 46`).
/// `Ok(None)` for any other FEN (also an ordinary `-` or square there); a
/// limit of 0 is no count.
pub(crate) fn counting_fields(
    v: &Variant,
    fen: &str,
) -> Result<Option<crate::game_end::CountState>, FenError> {
    let mut fields: Vec<&str> = fen.trim().split(' ').collect();
    // The checks still needed (`1+1`) stand between the limit and the plies.
    if v.rules.check_limit != 0 && fields.len() == 7 && fields[4].contains('+') {
        fields.remove(4);
    }
    let digits = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if v.end.counting.is_none() || fields.len() != 6 || !digits(fields[3]) {
        return Ok(None);
    }
    // The longest count is the board's honour, at most 65,535 moves.
    let number = |text: &str, what: &str| match text.parse::<u32>() {
        Ok(n) if n <= 2 * u16::MAX as u32 + 2 => Ok(n),
        _ => Err(FenError::Counting(format!(
            "{what} {} is not a number of plies up to {}",
            crate::quote::quoted(&crate::variant::prefix(text)),
            2 * u16::MAX as u32 + 2
        ))),
    };
    let limit = number(fields[3], "the limit")?;
    if !digits(fields[4]) {
        return Err(FenError::Counting(format!(
            "the plies counted {} are not a number",
            crate::quote::quoted(&crate::variant::prefix(fields[4]))
        )));
    }
    let ply = number(fields[4], "the plies counted")?;
    // A limit of 0: nobody counts, the field after it is the half-move clock.
    let ply = if limit == 0 { 0 } else { ply };
    Ok(Some(crate::game_end::CountState { limit, ply }))
}

/// Takes the check counters out of a FEN's fields: lichess's `+W+B` (checks
/// given) as the last field, or the remaining checks `W+B` of shakmaty and
/// Fairy-Stockfish after the en-passant field. Returns the checks given.
/// Fairy-Stockfish's two-square en-passant field: the square passed over
/// and the pawn's, one rank beyond it for the side that moved (the
/// opponent of `side`, to move), in either order.
fn ep_pair(size: crate::bitboard::BoardSize, text: &str, side: Color) -> Option<(Square, Square)> {
    let (a, used) = size.parse_square_prefix(text.as_bytes())?;
    let b = size.parse_square(text.get(used..)?)?;
    let fwd = if side == Color::White { -1 } else { 1 };
    let beyond = |ep: Square, victim: Square| {
        size.rank(victim) as i32 == size.rank(ep) as i32 + fwd
            && (size.file(victim) as i32 - size.file(ep) as i32).abs() <= 1
    };
    if beyond(a, b) {
        Some((a, b))
    } else if beyond(b, a) {
        Some((b, a))
    } else {
        None
    }
}

fn take_checks(limit: u8, fields: &mut Vec<&str>) -> Result<Option<[u8; 2]>, FenError> {
    let error = |text: &str, reason: String| FenError::Checks {
        text: crate::variant::prefix(text),
        reason,
    };
    let pair = |text: &str, body: &str| -> Result<[u8; 2], FenError> {
        let (a, b) = body
            .split_once('+')
            .ok_or_else(|| error(text, "expected two counts joined by '+'".into()))?;
        let n = |s: &str| -> Result<u8, FenError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 3 {
                return Err(error(text, format!("{} is not a count", quoted(s))));
            }
            let n: u16 = s.parse().unwrap_or(u16::MAX);
            if n > limit as u16 {
                return Err(error(
                    text,
                    format!("{n} is past the variant's limit of {limit} checks"),
                ));
            }
            Ok(n as u8)
        };
        Ok([n(a)?, n(b)?])
    };
    if let Some(&last) = fields.last()
        && fields.len() >= 5
        && let Some(body) = last.strip_prefix('+')
    {
        let given = pair(last, body)?;
        fields.pop();
        return Ok(Some(given));
    }
    if fields.len() >= 5 && fields[4].contains('+') {
        let text = fields[4];
        let left = pair(text, text)?;
        fields.remove(4);
        return Ok(Some([limit - left[0], limit - left[1]]));
    }
    Ok(None)
}

/// The FEN error for a setup problem found while reading `fields`.
fn fen_error(v: &Variant, p: &SetupProblem, fields: &[&str]) -> FenError {
    let size = v.size;
    match *p {
        SetupProblem::RoyalCount { color, count } => FenError::RoyalCount {
            color,
            count,
            token: v.pieces[v.royal.index()].token,
        },
        SetupProblem::Confinement {
            color,
            role,
            square,
        } => FenError::Confinement {
            color,
            name: v.pieces[role.index()].name.clone(),
            square: size.name(square),
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
            king: size.name(king),
            rook: size.name(rook),
        },
        SetupProblem::CastlingPartner {
            color,
            king_side,
            file,
        } => FenError::CastlingPartner {
            field: fields[2].to_string(),
            reason: crate::setup::castling_partner_message(v, color, king_side, file),
        },
        SetupProblem::NoEnPassant => FenError::NoEnPassant(fields[3].to_string()),
        SetupProblem::EnPassantSquare { color, square } => FenError::EnPassantSquare {
            square: size.name(square),
            color,
        },
        SetupProblem::KingsFacing => FenError::KingsFacing,
        SetupProblem::HandRole { .. }
        | SetupProblem::HandCount { .. }
        | SetupProblem::HandTotal { .. } => FenError::Hands {
            text: split_hands(v, fields[0]).1.unwrap_or("").to_string(),
            reason: crate::setup::error(v, vec![*p]).to_string(),
        },
        SetupProblem::Marked { square } => FenError::Marked(size.square_name(square)),
        SetupProblem::WallsOff { .. }
        | SetupProblem::WallOnPiece { .. }
        | SetupProblem::WallCount { .. } => {
            FenError::Wall(crate::setup::error(v, vec![*p]).to_string())
        }
        // A FEN cannot place a piece off the board or of an unknown type,
        // nor write move 0: the rest is a check.
        _ => FenError::OpponentInCheck,
    }
}

pub(crate) fn parse<'v, B: Board>(v: &'v Variant, fen: &str) -> Result<Position<'v, B>, FenError> {
    read_position(v, fen, |_| false).map(|(pos, _)| pos)
}

/// `fen` read and built on the board type `B`, with the setup read; a
/// problem that `allowed` accepts is no error.
fn read_position<'v, B: Board>(
    v: &'v Variant,
    fen: &str,
    allowed: fn(&SetupProblem) -> bool,
) -> Result<(Position<'v, B>, Setup), FenError> {
    let fen = fen.trim();
    // A FEN without fault, the common case: read without the checks between
    // fields and built once. Otherwise it is read again, field by field, for
    // the first fault: each field's check sees the problems of the fields
    // read so far, which do not depend on the fields after them, so a FEN
    // that passes here passes there too, and gives the same position.
    if let Ok(setup) = read_setup(v, fen, None) {
        let (pos, problems) = crate::setup::build(v, &setup);
        if problems.iter().all(allowed) {
            return Ok((pos, setup));
        }
    }
    let setup = read_setup(v, fen, Some(setup_problems::<B>))?;
    let (pos, problems) = crate::setup::build(v, &setup);
    match problems.iter().find(|p| !allowed(p)) {
        None => Ok((pos, setup)),
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

pub(crate) fn write<B: Board>(
    pos: &Position<'_, B>,
    notation: crate::castling::CastlingNotation,
    show_promoted: bool,
) -> String {
    write_hiding(pos, notation, show_promoted, &|_| false)
}

/// [`write`] with the squares `hidden` says written as walls (`*`),
/// whatever stands there: fog of war's FEN.
pub(crate) fn write_hiding<B: Board>(
    pos: &Position<'_, B>,
    notation: crate::castling::CastlingNotation,
    show_promoted: bool,
    hidden: &dyn Fn(Square) -> bool,
) -> String {
    let v = pos.variant;
    // A hand takes a marked piece back as a pawn: its mark is always shown.
    let show_promoted = show_promoted || v.drops.as_ref().is_some_and(|d| d.marked);
    let square = |sq: Square| match pos.piece_at(sq) {
        p if hidden(sq) || (p.is_none() && pos.is_wall(sq)) => None,
        p => Some((p, show_promoted && code_marked(pos.board[sq.index()]))),
    };
    // Free drops take nothing from a hand: Fairy-Stockfish writes none.
    let hands = (v.drops.is_some() && !v.rules.free_drops).then(|| hands_text(pos));
    let fields = FenFields {
        side: pos.side,
        castling: crate::castling::castling_field(pos, notation),
        ep: pos.ep_field(),
        ep_victim: pos.ep_victim_aside(),
        checks: pos.checks,
        halfmove: pos.halfmove,
        fullmove: pos.fullmove,
    };
    write_fields(v, &square, hands, &fields)
}

/// A position's FEN fields after its placement, for [`write_fields`].
struct FenFields {
    side: Color,
    castling: String,
    ep: Option<Square>,
    ep_victim: Option<Square>,
    checks: [u8; 2],
    halfmove: u32,
    fullmove: u32,
}

/// The FEN of [`write_hiding`], written once for every board type: `square`
/// tells what stands on each square (`None`: a wall or hidden; else the
/// piece, if any, and whether its mark is written).
fn write_fields(
    v: &Variant,
    square: &dyn Fn(Square) -> Option<(Option<Piece>, bool)>,
    hands: Option<String>,
    f: &FenFields,
) -> String {
    let size = v.size;
    let mut s = String::with_capacity(96);
    for rank in (0..size.ranks() as i32).rev() {
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on board");
            match square(sq) {
                None => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    s.push('*');
                }
                Some((None, _)) => empty += 1,
                Some((Some(p), marked)) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    v.pieces[p.role.index()].token.push_fen(&mut s, p.color);
                    if marked {
                        s.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if rank > 0 {
            s.push('/');
        }
    }
    if let Some(hands) = hands {
        s.push('[');
        s.push_str(&hands);
        s.push(']');
    }
    s.push(' ');
    s.push(if f.side == Color::White { 'w' } else { 'b' });
    s.push(' ');
    s.push_str(&f.castling);
    s.push(' ');
    match (f.ep, f.ep_victim) {
        // A victim aside: both squares, in Fairy-Stockfish's order (by index).
        (Some(sq), Some(victim)) => {
            let (a, b) = if victim.0 < sq.0 {
                (victim, sq)
            } else {
                (sq, victim)
            };
            size.write_square(a, &mut s);
            size.write_square(b, &mut s);
        }
        (Some(sq), None) => size.write_square(sq, &mut s),
        (None, _) => s.push('-'),
    }
    let limit = v.rules.check_limit;
    if limit != 0 {
        // The remaining checks, as shakmaty and Fairy-Stockfish write them.
        let left = |c: Color| limit.saturating_sub(f.checks[c.index()]);
        let _ = write!(s, " {}+{}", left(Color::White), left(Color::Black));
    }
    let _ = write!(s, " {} {}", f.halfmove, f.fullmove);
    s
}

/// Both hands as FEN writes them: White's pieces then Black's, in the
/// variant's order of types, one letter per piece (`PPn`).
pub(crate) fn hands_text<B: Board>(pos: &Position<'_, B>) -> String {
    let mut s = String::new();
    let Some(d) = &pos.variant.drops else {
        return s;
    };
    for color in Color::ALL {
        for (slot, r) in d.roles.iter().enumerate() {
            let t = pos.variant.pieces[r.index()].token.fen(color);
            for _ in 0..pos.hands.count(color, slot as u8) {
                s.push_str(&t);
            }
        }
    }
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

/// The type a FEN's piece letter names: its token, or else its alias, as
/// Fairy-Stockfish reads its letter synonyms (Janggi's `h` and `e`).
fn role_in_fen(v: &crate::Variant, token: PieceToken) -> Option<crate::variant::Role> {
    v.role_of_token(token).or_else(|| {
        v.pieces
            .iter()
            .position(|p| p.alias == Some(token))
            .map(|i| crate::variant::Role(i as u8))
    })
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
                "castling: {} is not '-' or some of 'KQkq' (or file letters, X-FEN and Shredder-FEN) in that order, each right once",
                quoted(v0)
            ),
            FenError::NoCastling(v0) => write!(
                f,
                "castling: {} given, but this variant has no castling",
                quoted(v0)
            ),
            FenError::CastlingLetter { field, reason } => {
                write!(f, "castling: {}: {reason}", quoted(field))
            }
            FenError::CastlingPartner { field, reason } => {
                write!(f, "castling: {}: {reason}", quoted(field))
            }
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
            FenError::Hands { text, reason } => write!(f, "hands {}: {reason}", quoted(text)),
            FenError::Marked(sq) => write!(
                f,
                "placement: the piece on {sq} is marked '~' (promoted from a pawn), which this variant or piece type does not allow"
            ),
            FenError::Checks { text, reason } => {
                write!(f, "check counters {}: {reason}", quoted(text))
            }
            FenError::Wall(reason) => write!(f, "placement: {reason}"),
            FenError::KingsFacing => f.write_str(
                "placement: the side to move could capture the enemy King (the Kings face each other on an open file)",
            ),
            FenError::Counting(why) => write!(f, "counting fields: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// The codes of Fairy-Stockfish's FEN validation (`FEN::FenValidation`),
/// which pyffish's `validate_fen` returns and its `FEN_*` constants name:
/// [`FenCode::Ok`] (1) for a valid FEN, [`FenCode::Empty`] (0) for an empty
/// one, a negative code naming the field at fault otherwise. See
/// [`fen_code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
#[non_exhaustive]
pub enum FenCode {
    /// `FEN_INVALID_COUNTING_RULE`: Makruk's counting fields.
    InvalidCountingRule = -14,
    /// `FEN_INVALID_CHECK_COUNT`: the check counters.
    InvalidCheckCount = -13,
    /// `FEN_INVALID_PROMOTED_PIECE`: a `+` (or `~`) mark where no promoted
    /// piece may be.
    InvalidPromotedPiece = -12,
    /// `FEN_INVALID_NB_PARTS`: the number of fields.
    InvalidNbParts = -11,
    /// `FEN_INVALID_CHAR`: a character that is no piece, count or `/`.
    InvalidChar = -10,
    /// `FEN_TOUCHING_KINGS`: the side to move could take the enemy King.
    TouchingKings = -9,
    /// `FEN_INVALID_BOARD_GEOMETRY`: ranks and files that do not add up.
    InvalidBoardGeometry = -8,
    /// `FEN_INVALID_POCKET_INFO`: the hands.
    InvalidPocketInfo = -7,
    /// `FEN_INVALID_SIDE_TO_MOVE`.
    InvalidSideToMove = -6,
    /// `FEN_INVALID_CASTLING_INFO`.
    InvalidCastlingInfo = -5,
    /// `FEN_INVALID_EN_PASSANT_SQ`.
    InvalidEnPassantSq = -4,
    /// `FEN_INVALID_NUMBER_OF_KINGS`.
    InvalidNumberOfKings = -3,
    /// `FEN_INVALID_HALF_MOVE_COUNTER`.
    InvalidHalfMoveCounter = -2,
    /// `FEN_INVALID_MOVE_COUNTER`: the move number.
    InvalidMoveCounter = -1,
    /// `FEN_EMPTY`: no text.
    Empty = 0,
    /// `FEN_OK`: a valid FEN.
    Ok = 1,
}

impl FenCode {
    /// Every code, with pyffish's constant name (`"FEN_OK"`...).
    pub const ALL: [(FenCode, &'static str); 16] = [
        (FenCode::InvalidCountingRule, "FEN_INVALID_COUNTING_RULE"),
        (FenCode::InvalidCheckCount, "FEN_INVALID_CHECK_COUNT"),
        (FenCode::InvalidPromotedPiece, "FEN_INVALID_PROMOTED_PIECE"),
        (FenCode::InvalidNbParts, "FEN_INVALID_NB_PARTS"),
        (FenCode::InvalidChar, "FEN_INVALID_CHAR"),
        (FenCode::TouchingKings, "FEN_TOUCHING_KINGS"),
        (FenCode::InvalidBoardGeometry, "FEN_INVALID_BOARD_GEOMETRY"),
        (FenCode::InvalidPocketInfo, "FEN_INVALID_POCKET_INFO"),
        (FenCode::InvalidSideToMove, "FEN_INVALID_SIDE_TO_MOVE"),
        (FenCode::InvalidCastlingInfo, "FEN_INVALID_CASTLING_INFO"),
        (FenCode::InvalidEnPassantSq, "FEN_INVALID_EN_PASSANT_SQ"),
        (FenCode::InvalidNumberOfKings, "FEN_INVALID_NUMBER_OF_KINGS"),
        (
            FenCode::InvalidHalfMoveCounter,
            "FEN_INVALID_HALF_MOVE_COUNTER",
        ),
        (FenCode::InvalidMoveCounter, "FEN_INVALID_MOVE_COUNTER"),
        (FenCode::Empty, "FEN_EMPTY"),
        (FenCode::Ok, "FEN_OK"),
    ];
}

/// pyffish's validation code for `fen` read in the variant `v` with the outcome `error`
/// (`None`: read without fault): the one mapping from this library's FEN
/// errors to Fairy-Stockfish's codes, for every binding that speaks
/// pyffish's interface.
///
/// Where the library checks what Fairy-Stockfish does not, the code is the
/// nearest field's: a piece outside its confinement is
/// [`FenCode::InvalidBoardGeometry`], a side to move that could take the
/// enemy King (also across facing Kings) [`FenCode::TouchingKings`], a `~`
/// mark where none may be [`FenCode::InvalidPromotedPiece`]. An unknown
/// token starting with `+` is [`FenCode::InvalidPromotedPiece`] in a variant
/// with `+`-promoted types (shogi) and [`FenCode::InvalidChar`] elsewhere,
/// as Fairy-Stockfish has it.
///
/// ```
/// use betza::fen::{FenCode, fen_code};
/// use betza::{Position, Variant};
/// let chess = Variant::by_name("chess").unwrap();
/// let code = |fen: &str| fen_code(chess.definition(), fen, Position::from_fen(chess, fen).err().as_ref());
/// assert_eq!(code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), FenCode::Ok);
/// assert_eq!(code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g KQkq - 0 1"), FenCode::InvalidSideToMove);
/// assert_eq!(code(" "), FenCode::Empty);
/// ```
pub fn fen_code(v: &crate::VariantDef, fen: &str, error: Option<&FenError>) -> FenCode {
    if fen.trim().is_empty() {
        return FenCode::Empty;
    }
    let Some(error) = error else {
        return FenCode::Ok;
    };
    match error {
        FenError::FieldCount(_) => FenCode::InvalidNbParts,
        FenError::UnknownPiece { token, .. } => {
            let promoted_types = v.pieces.iter().any(|p| p.token.starts_with('+'));
            if token.starts_with('+') && promoted_types {
                FenCode::InvalidPromotedPiece
            } else {
                FenCode::InvalidChar
            }
        }
        FenError::BadCount { .. }
        | FenError::RankWidth { .. }
        | FenError::RankCount { .. }
        | FenError::Confinement { .. } => FenCode::InvalidBoardGeometry,
        FenError::RoyalCount { .. } => FenCode::InvalidNumberOfKings,
        FenError::Side(_) => FenCode::InvalidSideToMove,
        FenError::Castling(_)
        | FenError::NoCastling(_)
        | FenError::CastlingLetter { .. }
        | FenError::CastlingPartner { .. }
        | FenError::CastlingPieces { .. } => FenCode::InvalidCastlingInfo,
        FenError::EnPassantSyntax(_)
        | FenError::EnPassantSquare { .. }
        | FenError::NoEnPassant(_) => FenCode::InvalidEnPassantSq,
        FenError::Halfmove(_) => FenCode::InvalidHalfMoveCounter,
        FenError::Fullmove(_) => FenCode::InvalidMoveCounter,
        FenError::OpponentInCheck | FenError::KingsFacing => FenCode::TouchingKings,
        FenError::Hands { .. } => FenCode::InvalidPocketInfo,
        FenError::Marked(_) => FenCode::InvalidPromotedPiece,
        FenError::Wall(_) => FenCode::InvalidChar,
        FenError::Checks { .. } => FenCode::InvalidCheckCount,
        FenError::Counting(_) => FenCode::InvalidCountingRule,
    }
}

/// `fen` read as [`parse`] reads it, but also where the side to move could
/// capture the enemy King (across facing Kings too): a position no game
/// reaches, which Fairy-Stockfish reads and pyffish answers questions of
/// material about. Only the material of the position returned is used.
pub(crate) fn parse_king_en_prise<'v, B: Board>(
    v: &'v Variant,
    fen: &str,
) -> Result<Position<'v, B>, FenError> {
    let en_prise =
        |p: &SetupProblem| matches!(p, SetupProblem::OpponentInCheck | SetupProblem::KingsFacing);
    read_position(v, fen, en_prise).map(|(pos, _)| pos)
}

/// pyffish's validation code of `fen` in `v`, read by the board type `B`:
/// [`fen_code`] of the reader's outcome, and the checks Fairy-Stockfish's
/// validation makes where its reading (and this library's) lets a field
/// pass: a gating right (S-chess's `KQBCDFGkqbcdfg`, Cambodian's first
/// moves) on a square without a piece of its side, which the reader drops,
/// is [`FenCode::InvalidCastlingInfo`].
pub(crate) fn validation_code<B: Board>(v: &Variant, fen: &str) -> FenCode {
    let setup = match read_position::<B>(v, fen, |_| false) {
        Ok((_, setup)) => setup,
        Err(error) => return fen_code(&v.def, fen, Some(&error)),
    };
    if !(v.rules.gating || v.rules.first_moves.is_some()) {
        return FenCode::Ok;
    }
    for color in Color::ALL {
        let rank = match color {
            Color::White => 0,
            Color::Black => v.size.ranks() as i32 - 1,
        };
        let files = setup.gates[color.index()];
        let unheld = (0..v.size.files().min(32)).any(|f| {
            files >> f & 1 != 0
                && v.size
                    .square(i32::from(f), rank)
                    .and_then(|sq| setup.piece_at(sq))
                    .is_none_or(|p| p.color != color)
        });
        if unheld {
            return FenCode::InvalidCastlingInfo;
        }
    }
    FenCode::Ok
}

/// A FEN as Fairy-Stockfish and pyffish read it, made one this library
/// reads: one cut short (the placement alone: `w - - 0 1` added; without the
/// counters: `0 1`; without the castling and en-passant fields before the
/// counters, `<placement> w 1 2`: `- -` put in), and castling letters in any
/// order (`BGbg`, `kqKQ`: put in the order the reader takes, each side's
/// `K`, file letters from the highest file, `Q`, White first). Any other
/// text is returned as it is, for the FEN reader to judge; a FEN with check
/// counters (a field with `+`), an empty field or more than 6 fields is
/// never changed.
///
/// ```
/// use betza::fen::complete_fen;
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
/// assert_eq!(complete_fen(start), format!("{start} w - - 0 1"));
/// assert_eq!(complete_fen(&format!("{start} w KQkq -")), format!("{start} w KQkq - 0 1"));
/// assert_eq!(complete_fen(&format!("{start} w 1 2")), format!("{start} w - - 1 2"));
/// assert_eq!(complete_fen(&format!("{start} w AHah - 0 1")), format!("{start} w HAha - 0 1"));
/// ```
pub fn complete_fen(fen: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    let fields: Vec<&str> = fen.trim().split(' ').collect();
    let digits = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if fields.len() > 6
        || fields.iter().any(|f| f.is_empty())
        || fields[1..].iter().any(|f| f.contains('+'))
    {
        return Cow::Borrowed(fen);
    }
    let mut out: Vec<String> = vec![
        fields[0].to_string(),
        fields.get(1).copied().unwrap_or("w").to_string(),
    ];
    let mut rest = &fields[fields.len().min(2)..];
    if rest.first().is_some_and(|f| digits(f)) {
        out.extend(["-".to_string(), "-".to_string()]);
    } else {
        out.push(castling_in_order(rest.first().copied().unwrap_or("-")));
        out.push(rest.get(1).copied().unwrap_or("-").to_string());
        rest = &rest[rest.len().min(2)..];
    }
    if rest.len() > 2 {
        return Cow::Borrowed(fen);
    }
    out.push(rest.first().copied().unwrap_or("0").to_string());
    out.push(rest.get(1).copied().unwrap_or("1").to_string());
    let whole = out.join(" ");
    if whole == fen {
        Cow::Borrowed(fen)
    } else {
        Cow::Owned(whole)
    }
}

/// A castling field of letters alone in the order the reader takes: White's
/// then Black's, each `K`, then file letters from the highest file, then
/// `Q`. Any other text (`-`, digits) is returned as it is.
fn castling_in_order(field: &str) -> String {
    if field == "-" || !field.bytes().all(|b| b.is_ascii_alphabetic()) {
        return field.to_string();
    }
    let rank = |c: u8| -> (bool, u8) {
        let black = c.is_ascii_lowercase();
        let key = match c.to_ascii_uppercase() {
            b'K' => 0,
            b'Q' => 255,
            f => 1 + (b'Z' - f),
        };
        (black, key)
    };
    let mut letters: Vec<u8> = field.bytes().collect();
    letters.sort_by_key(|&c| rank(c));
    String::from_utf8(letters).expect("ASCII letters")
}
