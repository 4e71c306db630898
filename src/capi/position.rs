//! Positions and moves over the C ABI.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::{Result, boundary, fail, mut_arg, ref_arg, str_arg, write_array, write_out, write_str};
use crate::{Color, EndReason, Move, MoveError, MoveFlags, Position, Square, Variant};

/// An opaque position of a built-in variant. Free with `betza_position_free`.
pub struct BetzaPosition {
    pub(crate) pos: Position<'static>,
}

/// The move is castling; `to` is the King's destination.
pub const BETZA_MOVE_CASTLE: u32 = 1;
/// The move captures en passant.
pub const BETZA_MOVE_EN_PASSANT: u32 = 2;
/// The move is a Pawn's double step.
pub const BETZA_MOVE_DOUBLE_STEP: u32 = 4;
/// The move promotes because it must.
pub const BETZA_MOVE_FORCED_PROMOTION: u32 = 8;

/// A move as plain data. A move is identified by `from`, `to` and `promotion`;
/// the other fields describe it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// Square left, `rank * width + file`.
    pub from: u32,
    /// Square reached (castling: the King's destination).
    pub to: u32,
    /// Piece type moving (index into the variant's pieces).
    pub piece: i32,
    /// Piece type captured, or -1.
    pub captured: i32,
    /// Piece type promoted to, or -1.
    pub promotion: i32,
    /// `BETZA_MOVE_*` bits.
    pub flags: u32,
}

impl From<Move> for BetzaMove {
    fn from(m: Move) -> BetzaMove {
        BetzaMove {
            from: m.from().0 as u32,
            to: m.to().0 as u32,
            piece: m.role().0 as i32,
            captured: m.captured().map_or(-1, |r| r.0 as i32),
            promotion: m.promotion().map_or(-1, |r| r.0 as i32),
            flags: m.flags().bits() as u32,
        }
    }
}

/// Who won, if anyone.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaResult {
    /// The game goes on.
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
    /// Not ended.
    BETZA_REASON_NONE = 0,
    /// Checkmate.
    BETZA_REASON_CHECKMATE = 1,
    /// No legal move without being in check.
    BETZA_REASON_STALEMATE = 2,
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

impl BetzaOutcome {
    pub(crate) fn of(o: Option<crate::Outcome>) -> BetzaOutcome {
        match o {
            None => BetzaOutcome {
                result: BetzaResult::BETZA_RESULT_ONGOING,
                reason: BetzaReason::BETZA_REASON_NONE,
            },
            Some(o) => BetzaOutcome {
                result: match o.winner {
                    Some(Color::White) => BetzaResult::BETZA_RESULT_WHITE_WINS,
                    Some(Color::Black) => BetzaResult::BETZA_RESULT_BLACK_WINS,
                    None => BetzaResult::BETZA_RESULT_DRAW,
                },
                reason: match o.reason {
                    EndReason::Checkmate => BetzaReason::BETZA_REASON_CHECKMATE,
                    EndReason::Stalemate => BetzaReason::BETZA_REASON_STALEMATE,
                },
            },
        }
    }
}

/// A piece on a square.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaPiece {
    /// Piece type (index into the variant's pieces), or -1 for an empty square.
    pub piece: i32,
    /// 0 White, 1 Black, -1 for an empty square.
    pub color: i32,
}

pub(crate) fn variant_arg(name: &str) -> Result<&'static Variant> {
    match Variant::by_name(name) {
        Some(v) => Ok(v),
        None => fail(
            BETZA_UNKNOWN_VARIANT,
            format!(
                "unknown variant {name:?}: the built-in variants are {}",
                Variant::builtin_names().join(", ")
            ),
        ),
    }
}

pub(crate) fn square_arg(pos: &Position<'_>, sq: u32, what: &str) -> Result<Square> {
    let n = pos.size().squares();
    if (sq as usize) < n {
        Ok(Square(sq as u8))
    } else {
        fail(
            BETZA_INVALID_ARGUMENT,
            format!("{what} {sq} is not a square of the board (0..{n})"),
        )
    }
}

/// Finds the legal move a `BetzaMove` names (by from, to and promotion).
pub(crate) fn move_arg(pos: &Position<'_>, m: &BetzaMove) -> Result<Move> {
    let found = pos.legal_moves().into_iter().find(|x| {
        x.from().0 as u32 == m.from
            && x.to().0 as u32 == m.to
            && x.promotion().map_or(-1, |r| r.0 as i32) == m.promotion
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

pub(crate) fn move_error(e: MoveError) -> super::Fail {
    let status = match e {
        MoveError::KingExposed { .. } | MoveError::Illegal { .. } => BETZA_ILLEGAL_MOVE,
        MoveError::GameOver { .. } => BETZA_INVALID_STATE,
        _ => BETZA_INVALID_MOVE,
    };
    super::Fail {
        status,
        message: e.to_string(),
    }
}

pub(crate) fn fen_position(
    variant: *const c_char,
    fen_or_null: *const c_char,
) -> Result<Position<'static>> {
    // SAFETY: C strings from the caller.
    let v = variant_arg(unsafe { str_arg(variant, "variant") }?)?;
    if fen_or_null.is_null() {
        return Ok(Position::start(v));
    }
    // SAFETY: as above.
    let fen = unsafe { str_arg(fen_or_null, "fen") }?;
    Position::from_fen(v, fen).or_else(|e| fail(BETZA_INVALID_FEN, e.to_string()))
}

/// Writes a legal move named by a `BetzaMove` as text made by `f`.
pub(crate) unsafe fn write_move_string(
    p: &BetzaPosition,
    mv: *const BetzaMove,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
    f: impl Fn(&Position<'static>, &Move) -> String,
) -> Result<()> {
    // SAFETY: pointers from the caller.
    let m = move_arg(&p.pos, unsafe { ref_arg(mv, "move") }?)?;
    unsafe { write_str(&f(&p.pos, &m), buf, cap, len) }
}

/// Creates a position of the built-in `variant` from `fen_or_null` (NULL: the
/// start position) into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_new(
    variant: *const c_char,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        if out.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "out is NULL");
        }
        let pos = fen_position(variant, fen_or_null)?;
        // SAFETY: out is not NULL.
        unsafe { *out = Box::into_raw(Box::new(BetzaPosition { pos })) };
        Ok(())
    })
}

/// A copy of `pos` (NULL if `pos` is NULL); free it with `betza_position_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_clone(pos: *const BetzaPosition) -> *mut BetzaPosition {
    // SAFETY: NULL or a position from this library.
    match unsafe { pos.as_ref() } {
        Some(p) => Box::into_raw(Box::new(BetzaPosition { pos: p.pos })),
        None => std::ptr::null_mut(),
    }
}

/// Frees a position; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_free(pos: *mut BetzaPosition) {
    if !pos.is_null() {
        // SAFETY: a position from betza_position_new/clone, freed once.
        drop(unsafe { Box::from_raw(pos) });
    }
}

/// The position as FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_fen(
    pos: *const BetzaPosition,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_str(&p.pos.to_fen(), buf, cap, len) }
    })
}

/// Every legal move into `buf` (capacity `cap`); `*count` gets the number.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_legal_moves(
    pos: *const BetzaPosition,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let moves: Vec<BetzaMove> = p
            .pos
            .legal_moves()
            .into_iter()
            .map(BetzaMove::from)
            .collect();
        unsafe { write_array(&moves, buf, cap, count) }
    })
}

/// The legal moves from `from` to `to`: none, one, or a promotion choice.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_moves_between(
    pos: *const BetzaPosition,
    from: u32,
    to: u32,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let (f, t) = (
            square_arg(&p.pos, from, "from")?,
            square_arg(&p.pos, to, "to")?,
        );
        let moves: Vec<BetzaMove> = p
            .pos
            .moves_between(f, t)
            .into_iter()
            .map(BetzaMove::from)
            .collect();
        unsafe { write_array(&moves, buf, cap, count) }
    })
}

/// The squares the piece on `from` may move to.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_legal_targets(
    pos: *const BetzaPosition,
    from: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let f = square_arg(&p.pos, from, "from")?;
        let squares: Vec<u32> = p.pos.legal_targets(f).map(|s| s.0 as u32).collect();
        unsafe { write_array(&squares, buf, cap, count) }
    })
}

/// The move as move text (`e3e5`, `c9c10+`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_move_text(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_move_string(p, mv, buf, cap, len, Position::move_text) }
    })
}

/// Reads a move text into `*out`, without playing it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_parse_move(
    pos: *const BetzaPosition,
    text: *const c_char,
    out: *mut BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let text = unsafe { str_arg(text, "move_text") }?;
        let m = p.pos.parse_move(text).map_err(move_error)?;
        unsafe { write_out(out, BetzaMove::from(m), "out") }
    })
}

/// Plays a legal move on `pos`; on failure `pos` is unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_play(
    pos: *mut BetzaPosition,
    mv: *const BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { mut_arg(pos, "pos") }?;
        let m = move_arg(&p.pos, unsafe { ref_arg(mv, "move") }?)?;
        p.pos = p.pos.play(&m).map_err(move_error)?;
        Ok(())
    })
}

/// Plays a move given as move text; on failure `pos` is unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_play_text(
    pos: *mut BetzaPosition,
    move_text: *const c_char,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { mut_arg(pos, "pos") }?;
        let text = unsafe { str_arg(move_text, "move_text") }?;
        let m = p.pos.parse_move(text).map_err(move_error)?;
        p.pos = p.pos.play(&m).map_err(move_error)?;
        Ok(())
    })
}

/// Perft: the number of leaves of the legal-move tree `depth` plies deep
/// (`depth` at most 20).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_perft(
    pos: *const BetzaPosition,
    depth: u32,
    nodes: *mut u64,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        if nodes.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "nodes is NULL");
        }
        if depth > 20 {
            return fail(BETZA_INVALID_ARGUMENT, format!("depth {depth} is over 20"));
        }
        unsafe { write_out(nodes, p.pos.perft(depth), "nodes") }
    })
}

/// The outcome by the rules (`BETZA_RESULT_ONGOING` while moves remain).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_outcome(
    pos: *const BetzaPosition,
    out: *mut BetzaOutcome,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_out(out, BetzaOutcome::of(p.pos.outcome()), "out") }
    })
}

/// Whether the side to move is in check.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_is_check(
    pos: *const BetzaPosition,
    out: *mut bool,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_out(out, p.pos.is_check(), "out") }
    })
}

/// The side to move: 0 White, 1 Black.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_side_to_move(
    pos: *const BetzaPosition,
    out: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_out(out, p.pos.side_to_move().index() as u32, "out") }
    })
}

/// The piece on `square` (`piece` -1 if empty).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_piece_at(
    pos: *const BetzaPosition,
    square: u32,
    out: *mut BetzaPiece,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let sq = square_arg(&p.pos, square, "square")?;
        let piece = match p.pos.piece_at(sq) {
            None => BetzaPiece {
                piece: -1,
                color: -1,
            },
            Some(x) => BetzaPiece {
                piece: x.role.0 as i32,
                color: x.color.index() as i32,
            },
        };
        unsafe { write_out(out, piece, "out") }
    })
}

/// The board's width and height.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_board_size(
    pos: *const BetzaPosition,
    files: *mut u32,
    ranks: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        if files.is_null() || ranks.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "files or ranks is NULL");
        }
        let size = p.pos.size();
        unsafe {
            write_out(files, size.files() as u32, "files")?;
            write_out(ranks, size.ranks() as u32, "ranks")
        }
    })
}

/// The name of `square`, such as `"j10"`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_square_name(
    pos: *const BetzaPosition,
    square: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let sq = square_arg(&p.pos, square, "square")?;
        unsafe { write_str(&p.pos.size().square_name(sq), buf, cap, len) }
    })
}

/// Reads a square name such as `"e4"` into `*out`.
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
        match p.pos.size().parse_square(name) {
            Some(sq) => unsafe { write_out(out, sq.0 as u32, "out") },
            None => fail(
                BETZA_INVALID_ARGUMENT,
                format!("{name:?} is not a square of the board"),
            ),
        }
    })
}

// Keep the flag constants and the Rust flags in one place of truth.
const _: () = {
    assert!(MoveFlags::CASTLE.bits() as u32 == BETZA_MOVE_CASTLE);
    assert!(MoveFlags::EN_PASSANT.bits() as u32 == BETZA_MOVE_EN_PASSANT);
    assert!(MoveFlags::DOUBLE_STEP.bits() as u32 == BETZA_MOVE_DOUBLE_STEP);
    assert!(MoveFlags::FORCED_PROMOTION.bits() as u32 == BETZA_MOVE_FORCED_PROMOTION);
};
