//! Positions and moves over the C ABI.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::meta::{BetzaVariant, Holder, color_arg, create_by_name, create_in};
use super::{BETZA_NONE, Fail, PositionOf, Result, boundary, fail, fail_with};
use super::{change_by_text, handle_answer, handle_text};
use super::{mut_arg, need, quote, ref_arg, str_arg, write_handle, write_out};
use crate::bitboard::{BitWord, Board, BoardSize};
use crate::{Bitboard, Color, EndReason, Move, MoveError, MoveFlags, MoveList, Position, Square};

/// An opaque position. It keeps its variant alive. Free it with
/// betza_position_free.
pub struct BetzaPosition {
    /// The position of its board type, holding its variant (the crate's one
    /// owned position).
    pub(crate) owned: PositionOf,
    /// The variant's C handle, for betza_position_variant.
    pub(crate) holder: Holder,
}

impl BetzaPosition {
    /// An owned position of the variant `holder` keeps alive.
    pub(crate) fn of(holder: Holder, owned: PositionOf) -> BetzaPosition {
        BetzaPosition { owned, holder }
    }

    /// The board size.
    pub(crate) fn size(&self) -> BoardSize {
        with_pos!(self, |p| p.size())
    }
}

/// The square of number `n`, which the caller checked is on the board.
pub(crate) fn square_of(n: u32) -> Square {
    // `as _`: the width of `Square`'s number, whatever it is.
    Square(n as _)
}

/// The move is castling; to is the King's destination.
pub const BETZA_MOVE_CASTLE: u32 = 1;
/// The move captures en passant.
pub const BETZA_MOVE_EN_PASSANT: u32 = 2;
/// The move is a Pawn's double step.
pub const BETZA_MOVE_DOUBLE_STEP: u32 = 4;
/// The move promotes because it must.
pub const BETZA_MOVE_FORCED_PROMOTION: u32 = 8;
/// The move drops a piece of type piece from the hand onto to (from equals
/// to; nothing is captured or promoted).
pub const BETZA_MOVE_DROP: u32 = 16;
/// The move passes through `via` before its destination, capturing there
/// when `via_captured` is a piece type (a locust capture, Chu Shogi's Lion:
/// written `<from><via><to>`; igui, capturing and returning, has `to` equal
/// to `from`); without this bit `via` is ignored.
pub const BETZA_MOVE_VIA: u32 = 32;
/// After its move the turn places a wall on `via` (a variant with walls,
/// `[rules] wall`: duck chess's duck, Amazons' arrow; FEN `*`); never with
/// BETZA_MOVE_VIA. Such a variant's every turn has it.
pub const BETZA_MOVE_WALL: u32 = 128;

/// A piece from the hand enters the board as part of the move (gating,
/// S-chess): `via` is the square it enters on (the square the move leaves;
/// castling: the King's or the Rook's) and `via_captured` its piece type.
/// Never with BETZA_MOVE_VIA.
pub const BETZA_MOVE_GATE: u32 = 64;

/// A move as plain data. A move is identified by from, to, promotion and,
/// with BETZA_MOVE_VIA or BETZA_MOVE_WALL in `flags`, `via`, with
/// BETZA_MOVE_GATE `via` and `via_captured`; the other fields describe it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// Square left, rank * width + file.
    pub from: u32,
    /// Square reached (castling: the King's destination).
    pub to: u32,
    /// Piece type moving (index into the variant's pieces).
    pub piece: i32,
    /// Piece type captured, or BETZA_NONE.
    pub captured: i32,
    /// Piece type promoted to, or BETZA_NONE.
    pub promotion: i32,
    /// BETZA_MOVE_* bits.
    pub flags: u32,
    /// With BETZA_MOVE_VIA: the square passed through; with BETZA_MOVE_WALL:
    /// the wall's square; with BETZA_MOVE_GATE: the square the gated piece
    /// enters on; else BETZA_NONE.
    pub via: i32,
    /// Piece type captured on `via` (with BETZA_MOVE_GATE: the piece type
    /// gated there), or BETZA_NONE.
    pub via_captured: i32,
}

impl From<Move> for BetzaMove {
    fn from(m: Move) -> BetzaMove {
        BetzaMove {
            from: m.from().0 as u32,
            to: m.to().0 as u32,
            piece: m.role().0 as i32,
            captured: m.captured().map_or(BETZA_NONE, |r| r.0 as i32),
            promotion: m.promotion().map_or(BETZA_NONE, |r| r.0 as i32),
            flags: m.flags().bits() as u32,
            // A gated move has no square captured on the way: its gate
            // takes the two fields; a wall takes `via`.
            via: m
                .via()
                .or(m.wall())
                .or(m.gate_square())
                .map_or(BETZA_NONE, |s| s.0 as i32),
            via_captured: m
                .via_captured()
                .or(m.gate())
                .map_or(BETZA_NONE, |r| r.0 as i32),
        }
    }
}

/// Who won, if anyone.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaResult {
    /// The game goes on (in PGN: "*").
    BETZA_RESULT_ONGOING = 0,
    /// White won.
    BETZA_RESULT_WHITE_WINS = 1,
    /// Black won.
    BETZA_RESULT_BLACK_WINS = 2,
    /// A draw.
    BETZA_RESULT_DRAW = 3,
}

/// Why the game ended.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaReason {
    /// Not ended by the rules.
    BETZA_REASON_NONE = 0,
    /// Checkmate.
    BETZA_REASON_CHECKMATE = 1,
    /// No legal move without being in check.
    BETZA_REASON_STALEMATE = 2,
    /// A side was left with its royal piece alone (Shatranj, Courier).
    BETZA_REASON_BARE_KING = 3,
    /// A dead position: only royal pieces, or material the variant lists
    /// as unable to win. The position still has legal moves.
    BETZA_REASON_INSUFFICIENT_MATERIAL = 4,
    /// The variant's n-fold repetition ended the game (games only).
    BETZA_REASON_REPETITION = 5,
    /// A repetition in which a side checked with every move (games only).
    BETZA_REASON_PERPETUAL_CHECK = 6,
    /// The variant's n-move rule ended the game (games only).
    BETZA_REASON_MOVE_RULE = 7,
    /// Makruk's count ran out (games only).
    BETZA_REASON_COUNTING = 8,
    /// Royal capture: the side has no royal piece left (Chu Shogi).
    BETZA_REASON_ROYAL_CAPTURED = 9,
    /// A capture exploded the side's royal piece (atomic).
    BETZA_REASON_EXPLOSION = 10,
    /// A piece reached a region that wins (king of the hill, racing kings).
    BETZA_REASON_REGION = 11,
    /// The side gave its n-th check (three-check, five-check).
    BETZA_REASON_CHECKS = 12,
    /// A side has no piece left (antichess, horde).
    BETZA_REASON_EXTINCTION = 13,
    /// Both sides passed in a row (passing variants; Janggi).
    BETZA_REASON_PASSES = 14,
    /// A pass left the Kings facing each other (Janggi's bikjang).
    BETZA_REASON_BIKJANG = 15,
    /// A repetition in which a side chased a piece with every move
    /// (Xiangqi's chasing rules; games only).
    BETZA_REASON_PERPETUAL_CHASE = 16,
    /// The board is full (Othello, Ataxx): decided by counting pieces.
    BETZA_REASON_FULL_BOARD = 17,
}

/// The rule's name in words ("checkmate", "bare king", "perpetual check",
/// ...; "none" for BETZA_REASON_NONE), as PGN's Termination tag writes it;
/// static, never freed. Any int is accepted: an unknown value gives
/// "unknown reason".
#[unsafe(no_mangle)]
pub extern "C" fn betza_reason_text(reason: i32) -> *const c_char {
    let s: &'static str = match reason {
        0 => "none\0",
        1 => "checkmate\0",
        2 => "stalemate\0",
        3 => "bare king\0",
        4 => "insufficient material\0",
        5 => "repetition\0",
        6 => "perpetual check\0",
        7 => "move rule\0",
        8 => "counting\0",
        9 => "royal captured\0",
        10 => "explosion\0",
        11 => "region\0",
        12 => "checks\0",
        13 => "extinction\0",
        14 => "passes\0",
        15 => "bikjang\0",
        16 => "perpetual chase\0",
        17 => "full board\0",
        _ => "unknown reason\0",
    };
    s.as_ptr().cast()
}

/// A position's outcome by the rules.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaOutcome {
    /// Who won.
    pub result: BetzaResult,
    /// Why.
    pub reason: BetzaReason,
}

pub(crate) fn result_of(winner: Option<Color>) -> BetzaResult {
    match winner {
        Some(Color::White) => BetzaResult::BETZA_RESULT_WHITE_WINS,
        Some(Color::Black) => BetzaResult::BETZA_RESULT_BLACK_WINS,
        None => BetzaResult::BETZA_RESULT_DRAW,
    }
}

impl BetzaOutcome {
    pub(crate) fn of(o: Option<crate::Outcome>) -> BetzaOutcome {
        match o {
            None => BetzaOutcome {
                result: BetzaResult::BETZA_RESULT_ONGOING,
                reason: BetzaReason::BETZA_REASON_NONE,
            },
            Some(o) => BetzaOutcome {
                result: result_of(o.winner),
                reason: match o.reason {
                    EndReason::Checkmate => BetzaReason::BETZA_REASON_CHECKMATE,
                    EndReason::Stalemate => BetzaReason::BETZA_REASON_STALEMATE,
                    EndReason::BareKing => BetzaReason::BETZA_REASON_BARE_KING,
                    EndReason::InsufficientMaterial => {
                        BetzaReason::BETZA_REASON_INSUFFICIENT_MATERIAL
                    }
                    EndReason::Repetition => BetzaReason::BETZA_REASON_REPETITION,
                    EndReason::PerpetualCheck => BetzaReason::BETZA_REASON_PERPETUAL_CHECK,
                    EndReason::MoveRule => BetzaReason::BETZA_REASON_MOVE_RULE,
                    EndReason::Counting => BetzaReason::BETZA_REASON_COUNTING,
                    EndReason::RoyalCaptured => BetzaReason::BETZA_REASON_ROYAL_CAPTURED,
                    EndReason::Explosion => BetzaReason::BETZA_REASON_EXPLOSION,
                    EndReason::Region => BetzaReason::BETZA_REASON_REGION,
                    EndReason::Checks => BetzaReason::BETZA_REASON_CHECKS,
                    EndReason::Extinction => BetzaReason::BETZA_REASON_EXTINCTION,
                    EndReason::Passes => BetzaReason::BETZA_REASON_PASSES,
                    EndReason::Bikjang => BetzaReason::BETZA_REASON_BIKJANG,
                    EndReason::PerpetualChase => BetzaReason::BETZA_REASON_PERPETUAL_CHASE,
                    EndReason::FullBoard => BetzaReason::BETZA_REASON_FULL_BOARD,
                },
            },
        }
    }
}

/// A piece on a square.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaPiece {
    /// Piece type (index into the variant's pieces), or BETZA_NONE for an
    /// empty square.
    pub piece: i32,
    /// BETZA_WHITE or BETZA_BLACK, or BETZA_NONE for an empty square.
    pub color: i32,
}

pub(crate) fn square_arg(size: BoardSize, sq: u32, what: &str) -> Result<Square> {
    let n = size.squares();
    if (sq as usize) < n {
        Ok(square_of(sq))
    } else {
        fail(
            BETZA_INVALID_ARGUMENT,
            format!("{what} {sq} is not a square of the board (0..{n})"),
        )
    }
}

/// Finds the legal move a `BetzaMove` names (by from, to, promotion and via
/// or the wall; a drop by its square and piece type; a gated move by its
/// gate's square and type too).
pub(crate) fn move_arg<B: Board>(pos: &Position<'_, B>, m: &BetzaMove) -> Result<Move> {
    let via = (m.flags & BETZA_MOVE_VIA != 0).then_some(m.via);
    let wall = (m.flags & BETZA_MOVE_WALL != 0).then_some(m.via);
    let gate = (m.flags & BETZA_MOVE_GATE != 0).then_some((m.via, m.via_captured));
    let drop = m.flags & BETZA_MOVE_DROP != 0;
    // Only the moves of the piece on `from`, unless it drops: not every move
    // is listed.
    let moves: MoveList = if drop {
        pos.legal_moves()
    } else {
        let from = (m.from < pos.size().squares() as u32).then(|| square_of(m.from));
        from.map(|f| pos.legal_moves_from(f).into_iter().collect())
            .unwrap_or_default()
    };
    let found = moves.into_iter().find(|x| {
        x.from().0 as u32 == m.from
            && x.to().0 as u32 == m.to
            && x.promotion().map_or(BETZA_NONE, |r| r.0 as i32) == m.promotion
            && x.via().map(|s| s.0 as i32) == via
            && x.wall().map(|s| s.0 as i32) == wall
            && x.gate_square()
                .zip(x.gate())
                .map(|(s, r)| (s.0 as i32, r.0 as i32))
                == gate
            && x.is_drop() == drop
            && (!drop || x.role().0 as i32 == m.piece)
    });
    match found {
        Some(x) => Ok(x),
        None => fail(
            BETZA_ILLEGAL_MOVE,
            format!(
                "move from {} to {} (promotion {}) is not legal here",
                m.from, m.to, m.promotion
            ),
        ),
    }
}

pub(crate) fn move_error(e: MoveError) -> Fail {
    let status = match e {
        MoveError::KingExposed { .. } | MoveError::Illegal { .. } | MoveError::Forbidden { .. } => {
            BETZA_ILLEGAL_MOVE
        }
        MoveError::GameOver { .. } => BETZA_INVALID_STATE,
        _ => BETZA_INVALID_MOVE,
    };
    fail_with(status)(&e)
}

/// A position of `holder`'s variant from `fen_or_null` (NULL: the start).
pub(crate) fn fen_position(holder: Holder, fen_or_null: *const c_char) -> Result<BetzaPosition> {
    let fen = if fen_or_null.is_null() {
        None
    } else {
        // SAFETY: a C string from the caller.
        Some(unsafe { str_arg(fen_or_null, "fen") }?)
    };
    let pos = map_board!(holder.variant(), |v| match fen {
        None => v.start_owned(),
        Some(fen) => v.owned_from_fen(fen).map_err(super::errors::fen_fail)?,
    });
    Ok(BetzaPosition::of(holder, pos))
}

/// Legal moves as `BetzaMove`s, with BETZA_MOVE_GIVES_CHECK where they check.
pub(crate) fn annotated_all<B: Board>(
    pos: &Position<'_, B>,
    moves: impl IntoIterator<Item = Move>,
) -> Result<Vec<BetzaMove>> {
    Ok(moves
        .into_iter()
        .map(|m| super::query::annotated(pos, m))
        .collect())
}

/// The squares of a set as the C ABI numbers them.
pub(crate) fn square_numbers<W: BitWord>(squares: Bitboard<W>) -> Result<Vec<u32>> {
    Ok(squares.squares().map(|s| s.index() as u32).collect())
}

/// A `count`-long array argument that may be NULL only when `count` is 0.
pub(crate) unsafe fn slice_arg<'a, T>(p: *const T, count: usize, what: &str) -> Result<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return fail(
            BETZA_NULL_ARGUMENT,
            format!("{what} is NULL but count is not 0"),
        );
    }
    // SAFETY: the caller passes `count` values.
    Ok(unsafe { std::slice::from_raw_parts(p, count) })
}

impl BetzaPiece {
    /// The piece on a square, or the empty square's BETZA_NONE pair.
    pub(crate) fn of(piece: Option<crate::Piece>) -> BetzaPiece {
        match piece {
            None => BetzaPiece {
                piece: BETZA_NONE,
                color: BETZA_NONE,
            },
            Some(x) => BetzaPiece {
                piece: x.role.0 as i32,
                color: x.color.index() as i32,
            },
        }
    }
}

/// Creates a position of the built-in variant named variant from
/// fen_or_null (NULL: the variant's start position) into *out; free it with
/// betza_position_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_UNKNOWN_VARIANT; BETZA_INVALID_FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_new(
    variant: *const c_char,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { create_by_name(variant, out, |h| fen_position(h, fen_or_null)) }
}

/// Creates a position of variant (any handle: built-in or from
/// betza_variant_new) from fen_or_null (NULL: the variant's start position)
/// into *out; free it with betza_position_free. The position keeps the
/// variant alive: the variant handle may be freed first.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_new_in(
    variant: *const BetzaVariant,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { create_in(variant, out, |h| fen_position(h, fen_or_null)) }
}

/// A copy of pos into *out; free it with betza_position_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_clone(
    pos: *const BetzaPosition,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let copy = BetzaPosition::of(p.holder.clone(), p.owned.clone());
        unsafe { write_handle(out, copy) }
    })
}

/// Frees a position; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_free(pos: *mut BetzaPosition) {
    if !pos.is_null() {
        // SAFETY: a position from this library, freed once.
        drop(unsafe { Box::from_raw(pos) });
    }
}

/// The position as FEN.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_fen(
    pos: *const BetzaPosition,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(pos, "pos", buf, cap, len, |p| {
            Ok(with_pos!(p, |q| q.to_fen()))
        })
    }
}

/// Every legal move into buf (capacity cap moves); *count gets the number.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_legal_moves(
    pos: *const BetzaPosition,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    position_array!(pos, buf, cap, count, |p| annotated_all(p, p.legal_moves()))
}

/// The legal moves from square from to square to: none, one, or a
/// promotion choice.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_INVALID_ARGUMENT if from or to is not a
/// square; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_moves_between(
    pos: *const BetzaPosition,
    from: u32,
    to: u32,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    position_array!(pos, buf, cap, count, |p| {
        let (f, t) = (
            square_arg(p.size(), from, "from")?,
            square_arg(p.size(), to, "to")?,
        );
        annotated_all(p, p.moves_between(f, t))
    })
}

/// The squares the piece on square from may move to (none for an empty
/// square or a piece of the side not to move).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_INVALID_ARGUMENT if from is not a square;
/// BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_legal_targets(
    pos: *const BetzaPosition,
    from: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    position_array!(pos, buf, cap, count, |p| {
        square_numbers(p.legal_targets(square_arg(p.size(), from, "from")?))
    })
}

/// The legal move mv (found by from, to and promotion) as move text, such
/// as "e3e5" or "c9c10+".
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_ILLEGAL_MOVE if no legal move matches;
/// BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_move_text(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    move_string!(pos, mv, buf, cap, len, |p, m| Result::Ok(p.move_text(m)))
}

/// Reads move text (such as "e3e5") into *out, without playing it.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, text or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE if the text is malformed or names
/// no move of the piece; BETZA_ILLEGAL_MOVE if the move leaves the King
/// attacked; BETZA_INVALID_STATE if the game is over.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_parse_move(
    pos: *const BetzaPosition,
    text: *const c_char,
    out: *mut BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let text = unsafe { str_arg(text, "text") }?;
        need(out, "out")?;
        let m = with_pos!(p, |q| super::query::annotated(
            q,
            q.parse_move(text).map_err(move_error)?
        ));
        unsafe { write_out(out, m, "out") }
    })
}

/// Plays the legal move mv (found by from, to and promotion) on pos; on
/// failure pos is unchanged.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or mv is NULL;
/// BETZA_ILLEGAL_MOVE if no legal move matches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_play(
    pos: *mut BetzaPosition,
    mv: *const BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { mut_arg(pos, "pos") }?;
        let mv = unsafe { ref_arg(mv, "move") }?;
        on_board!(&mut p.owned, |o| {
            let m = move_arg(o.as_position(), mv)?;
            o.play(&m).map_err(move_error)
        })
    })
}

/// Plays a move given as move text (such as "e3e5"); on failure pos is
/// unchanged.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or move_text is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE; BETZA_ILLEGAL_MOVE;
/// BETZA_INVALID_STATE if the side to move has no legal move.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_play_text(
    pos: *mut BetzaPosition,
    move_text: *const c_char,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        change_by_text(pos, "pos", move_text, "move_text", |p, text| {
            on_board!(&mut p.owned, |o| {
                let m = o.as_position().parse_move(text).map_err(move_error)?;
                o.play(&m).map_err(move_error)
            })
        })
    }
}

/// Perft: the number of leaves of the legal-move tree depth plies deep
/// (depth at most 20; 0 gives 1), into *nodes.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or nodes is NULL;
/// BETZA_INVALID_ARGUMENT if depth is over 20.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_perft(
    pos: *const BetzaPosition,
    depth: u32,
    nodes: *mut u64,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", nodes, "nodes", |p| {
            if depth > 20 {
                return fail(BETZA_INVALID_ARGUMENT, format!("depth {depth} is over 20"));
            }
            Ok(with_pos!(p, |q| q.perft(depth)))
        })
    }
}

/// The outcome a lone position decides into *out: the bare King,
/// checkmate, stalemate, or a dead position (BETZA_REASON_INSUFFICIENT_MATERIAL,
/// which keeps its legal moves); BETZA_RESULT_ONGOING otherwise. Repetition
/// and move counts need the game: betza_game_status.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_outcome(
    pos: *const BetzaPosition,
    out: *mut BetzaOutcome,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            Ok(BetzaOutcome::of(with_pos!(p, |q| q.outcome())))
        })
    }
}

/// Whether the side to move is in check, into *out.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_is_check(
    pos: *const BetzaPosition,
    out: *mut bool,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            Ok(with_pos!(p, |q| q.is_check()))
        })
    }
}

/// The side to move into *out: BETZA_WHITE or BETZA_BLACK.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_side_to_move(
    pos: *const BetzaPosition,
    out: *mut i32,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            Ok(with_pos!(p, |q| q.side_to_move()).index() as i32)
        })
    }
}

/// Whether color may still castle, into *out: kingside (true) is with the
/// Rook on the highest file, queenside (false) with the Rook on file a.
/// Always false in a variant without castling.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL;
/// BETZA_INVALID_ARGUMENT if color is not BETZA_WHITE or BETZA_BLACK.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_can_castle(
    pos: *const BetzaPosition,
    color: i32,
    kingside: bool,
    out: *mut bool,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            let c = color_arg(color)?;
            Ok(with_pos!(p, |q| q.can_castle(c, kingside)))
        })
    }
}

/// The en-passant square into *out, or BETZA_NONE: the square a double
/// step just skipped, given only when the side to move can capture there
/// en passant (as FEN writes it and the hash counts it).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_ep_square(
    pos: *const BetzaPosition,
    out: *mut i32,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            Ok(with_pos!(p, |q| q.legal_ep_square()).map_or(BETZA_NONE, |s| s.0 as i32))
        })
    }
}

/// How many pieces of type piece color holds in hand, into *out (0 in a
/// variant without drops, or for a type that never enters a hand).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL;
/// BETZA_INVALID_ARGUMENT if color is not BETZA_WHITE or BETZA_BLACK, or
/// piece is not a piece type of the variant.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_hand_count(
    pos: *const BetzaPosition,
    color: i32,
    piece: i32,
    out: *mut u32,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            let c = color_arg(color)?;
            let n = p.holder.get().pieces().len();
            if piece < 0 || piece as usize >= n {
                return fail(
                    BETZA_INVALID_ARGUMENT,
                    format!("piece {piece} is not a piece type of the variant (0..{n})"),
                );
            }
            Ok(with_pos!(p, |q| q.hand_count(c, betza_role(piece))) as u32)
        })
    }
}

fn betza_role(piece: i32) -> crate::Role {
    crate::Role(piece as u8)
}

/// The clocks: *halfmove gets the plies since the last capture or Pawn move
/// (the fifty-move count), *fullmove the move number (1 at the start, one
/// more after each Black move).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if any pointer is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_clocks(
    pos: *const BetzaPosition,
    halfmove: *mut u32,
    fullmove: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        need(halfmove, "halfmove")?;
        need(fullmove, "fullmove")?;
        unsafe {
            write_out(halfmove, with_pos!(p, |q| q.halfmove_clock()), "halfmove")?;
            write_out(fullmove, with_pos!(p, |q| q.fullmove_number()), "fullmove")
        }
    })
}

/// The piece on square into *out (piece and color BETZA_NONE if empty).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL;
/// BETZA_INVALID_ARGUMENT if square is not a square of the board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_piece_at(
    pos: *const BetzaPosition,
    square: u32,
    out: *mut BetzaPiece,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(pos, "pos", out, "out", |p| {
            let sq = square_arg(p.size(), square, "square")?;
            Ok(BetzaPiece::of(with_pos!(p, |q| q.piece_at(sq))))
        })
    }
}

/// The board's width (files) and height (ranks).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if any pointer is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_board_size(
    pos: *const BetzaPosition,
    files: *mut u32,
    ranks: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        need(files, "files")?;
        need(ranks, "ranks")?;
        let size = p.size();
        unsafe {
            write_out(files, size.files() as u32, "files")?;
            write_out(ranks, size.ranks() as u32, "ranks")
        }
    })
}

/// The name of square, such as "j10".
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_INVALID_ARGUMENT if square is not a square
/// of the board; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_square_name(
    pos: *const BetzaPosition,
    square: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(pos, "pos", buf, cap, len, |p| {
            let sq = square_arg(p.size(), square, "square")?;
            Ok(with_pos!(p, |q| q.size()).square_name(sq))
        })
    }
}

/// Reads a square name such as "e4" into *out.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, name or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_SQUARE if name is not a square of the
/// board (malformed, or off the board as "k1" is on 10 files).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_parse_square(
    pos: *const BetzaPosition,
    name: *const c_char,
    out: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let name = unsafe { str_arg(name, "name") }?;
        need(out, "out")?;
        let size = p.size();
        match size.parse_square(name) {
            Some(sq) => unsafe { write_out(out, sq.0 as u32, "out") },
            None => fail(
                BETZA_INVALID_SQUARE,
                format!(
                    "{} is not a square of the {}x{} board (a1 to {})",
                    quote(name),
                    size.files(),
                    size.ranks(),
                    size.square_name(square_of(size.squares() as u32 - 1)),
                ),
            ),
        }
    })
}

/// The position's Zobrist hash into *out (placement, side to move, castling
/// rights, usable en-passant square): equal positions have equal hashes.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_hash(
    pos: *const BetzaPosition,
    out: *mut u64,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { handle_answer(pos, "pos", out, "out", |p| Ok(with_pos!(p, |q| q.hash()))) }
}

// Keep the flag constants and the Rust flags in one place of truth.
const _: () = {
    assert!(MoveFlags::CASTLE.bits() as u32 == BETZA_MOVE_CASTLE);
    assert!(MoveFlags::EN_PASSANT.bits() as u32 == BETZA_MOVE_EN_PASSANT);
    assert!(MoveFlags::DOUBLE_STEP.bits() as u32 == BETZA_MOVE_DOUBLE_STEP);
    assert!(MoveFlags::FORCED_PROMOTION.bits() as u32 == BETZA_MOVE_FORCED_PROMOTION);
    assert!(MoveFlags::DROP.bits() as u32 == BETZA_MOVE_DROP);
    assert!(MoveFlags::VIA.bits() as u32 == BETZA_MOVE_VIA);
    assert!(MoveFlags::WALL.bits() as u32 == BETZA_MOVE_WALL);
    assert!(MoveFlags::GATE.bits() as u32 == BETZA_MOVE_GATE);
    assert!(Color::White as usize == super::BETZA_WHITE as usize);
    assert!(Color::Black as usize == super::BETZA_BLACK as usize);
};

// The README's thread rules: a handle may move between threads, and read-only
// positions and variant handles may be shared, so these must be `Send` and
// `Sync` (no interior mutability behind a `const` pointer).
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<BetzaPosition>();
    shareable::<super::BetzaVariant>();
    shareable::<super::BetzaGame>();
    shareable::<super::BetzaPgnReader>();
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locust_captures_cross_the_abi() {
        let text = "name = \"l\"\nfiles = 8\nranks = 8\nstart = \"7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1\"\n\
                    [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
                    [[piece]]\nname = \"Lion\"\ntoken = \"L\"\nbetza = \"KNADcavsWcafsbsWcavsFcafsbsF\"\n\
                    [[piece]]\nname = \"Wazir\"\ntoken = \"W\"\nbetza = \"W\"\n";
        let v = crate::Variant::from_definition(text).expect("valid");
        let pos = Position::start(&v);
        for m in pos.legal_moves() {
            let c = BetzaMove::from(m);
            assert_eq!(c.flags & BETZA_MOVE_VIA != 0, m.via().is_some());
            assert_eq!(move_arg(&pos, &c).ok(), Some(m), "{}", pos.move_text(&m));
        }
        let twice = pos.parse_move("d4d5e6").expect("legal");
        let c = BetzaMove::from(twice);
        assert_eq!((c.via, c.via_captured, c.captured), (35, 2, 2));
        // Without the flag the same squares name the plain move, if any.
        let plain = BetzaMove { flags: 0, ..c };
        assert_eq!(move_arg(&pos, &plain).ok().map(|m| m.via()), Some(None));
    }

    #[test]
    fn walls_cross_the_abi_in_via() {
        let pos = Position::start(crate::Variant::by_name("duck").expect("built in"));
        for m in pos.legal_moves().iter().step_by(7) {
            let c = BetzaMove::from(*m);
            assert_eq!(c.flags & BETZA_MOVE_WALL, BETZA_MOVE_WALL);
            assert_eq!(c.via, m.wall().map_or(-1, |w| w.0 as i32));
            assert_eq!(move_arg(&pos, &c).ok(), Some(*m), "{}", pos.move_text(m));
        }
        // The wall on a piece names no move.
        let c = BetzaMove::from(pos.parse_move("e2e4,e4d5").expect("legal"));
        let on_piece = BetzaMove { via: 51, ..c };
        assert!(move_arg(&pos, &on_piece).is_err());
    }

    /// A gated move crosses the ABI with its gate in `via` and
    /// `via_captured` (BETZA_MOVE_GATE), castling's on either square; the
    /// same move without the flag is the move without the gate.
    #[test]
    fn gated_moves_cross_the_abi() {
        let v = crate::Variant::by_name("seirawan").expect("built in");
        let pos = Position::from_fen(
            v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[EHeh] w KQBCDFGkqbcdfg - 0 1",
        )
        .expect("valid");
        let mut gated = 0;
        for m in pos.legal_moves() {
            let c = BetzaMove::from(m);
            assert_eq!(c.flags & BETZA_MOVE_GATE != 0, m.gate().is_some());
            assert_eq!(move_arg(&pos, &c).ok(), Some(m), "{}", pos.move_text(&m));
            gated += usize::from(m.gate().is_some());
        }
        assert_eq!(gated, 14);
        let m = pos.parse_move("h1e1h").expect("legal");
        let c = BetzaMove::from(m);
        let hawk = v.role_by_token("H").expect("a Hawk").0 as i32;
        assert_eq!((c.from, c.to, c.via, c.via_captured), (4, 6, 7, hawk));
        let plain = BetzaMove {
            flags: c.flags & !BETZA_MOVE_GATE,
            ..c
        };
        assert_eq!(move_arg(&pos, &plain).ok().map(|m| m.gate()), Some(None));
    }
}
