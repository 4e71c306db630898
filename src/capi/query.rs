//! Queries a GUI or an engine asks of a position over the C ABI: checking
//! pieces, check and capture of a move, legality of one move, one piece's
//! moves, the castling Rook's squares.

use super::BetzaStatus;
use super::position::{
    BetzaMove, BetzaPosition, annotated_all, move_arg, square_arg, square_numbers,
};
use super::{BETZA_NONE, boundary, need, ref_arg, write_out};
use crate::bitboard::Board;
use crate::{Move, Position};

/// Set in the flags of a move listed or parsed from a position when the
/// move gives check (betza_position_legal_moves, _moves_between,
/// _legal_moves_from, _parse_move). Not part of a move's identity.
pub const BETZA_MOVE_GIVES_CHECK: u32 = 256;

/// A legal move as a `BetzaMove`, with BETZA_MOVE_GIVES_CHECK when it checks.
pub(crate) fn annotated<B: Board>(pos: &Position<'_, B>, m: Move) -> BetzaMove {
    let mut b = BetzaMove::from(m);
    if pos.play_unchecked(&m).is_check() {
        b.flags |= BETZA_MOVE_GIVES_CHECK;
    }
    b
}

/// The squares of the pieces giving check to the side to move (none when
/// not in check) into buf (capacity cap); *count gets their number.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_checkers(
    pos: *const BetzaPosition,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    position_array!(pos, buf, cap, count, |p| square_numbers(p.checkers()))
}

/// The legal moves of the piece on square from (none for an empty square or
/// a piece of the side not to move) into buf (capacity cap moves), found
/// from that piece alone; *count gets the number.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_INVALID_ARGUMENT if from is not a square;
/// BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_legal_moves_from(
    pos: *const BetzaPosition,
    from: u32,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    position_array!(pos, buf, cap, count, |p| {
        annotated_all(p, p.legal_moves_from(square_arg(p.size(), from, "from")?))
    })
}

/// Whether mv (by from, to and promotion) is a legal move here, into *out;
/// decided from the moving piece's moves alone. Any values are accepted: a
/// move that is not legal (or names no square) gives false.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_is_legal(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    out: *mut bool,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let mv = unsafe { ref_arg(mv, "move") }?;
        need(out, "out")?;
        let legal = with_pos!(p, |q| move_arg(q, mv).is_ok());
        unsafe { write_out(out, legal, "out") }
    })
}

/// Whether the legal move mv (by from, to and promotion) gives check, into
/// *out.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or out is NULL;
/// BETZA_ILLEGAL_MOVE if no legal move matches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_gives_check(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    out: *mut bool,
) -> BetzaStatus {
    move_answer!(pos, mv, out, |p, m| p.gives_check(m))
}

/// Whether the legal move mv (by from, to and promotion) captures, en
/// passant included, into *out.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or out is NULL;
/// BETZA_ILLEGAL_MOVE if no legal move matches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_is_capture(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    out: *mut bool,
) -> BetzaStatus {
    move_answer!(pos, mv, out, |p, m| p.is_capture(m))
}

/// For the legal move mv: the castling Rook's square before and after the
/// move into *rook_from and *rook_to, or BETZA_NONE in both when mv does not
/// castle.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv, rook_from or rook_to is
/// NULL; BETZA_ILLEGAL_MOVE if no legal move matches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_castling_rook(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    rook_from: *mut i32,
    rook_to: *mut i32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let mv = unsafe { ref_arg(mv, "move") }?;
        let rook = with_pos!(p, |q| q.castling_rook(&move_arg(q, mv)?));
        need(rook_from, "rook_from")?;
        need(rook_to, "rook_to")?;
        let (f, t) = match rook {
            Some((f, t)) => (f.0 as i32, t.0 as i32),
            None => (BETZA_NONE, BETZA_NONE),
        };
        unsafe {
            write_out(rook_from, f, "rook_from")?;
            write_out(rook_to, t, "rook_to")
        }
    })
}
