//! Move notations over the C ABI: one move in a chosen notation, a line of
//! moves to SAN, a line of moves played in one call.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::position::{BetzaMove, BetzaPosition, move_arg, move_error, slice_arg};
use super::{Result, fail, fail_with};
use super::{change_by_text, handle_text};
use crate::{Error, Notation};

/// A way to write a move, for betza_position_move_notation.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaNotation {
    /// Move text, such as "e2e4" or "c9c10+".
    BETZA_NOTATION_MOVE_TEXT = 0,
    /// SAN, such as "Nf3" or "e8=Q#".
    BETZA_NOTATION_SAN = 1,
    /// Long algebraic notation, such as "Ng1-f3" or "e4xd5".
    BETZA_NOTATION_LAN = 2,
    /// Xiangqi's WXF notation, such as "C2.5" or "H8+7".
    BETZA_NOTATION_WXF = 3,
    /// Move text with castling as the King taking its partner
    /// (UCI_Chess960), such as "e1h1".
    BETZA_NOTATION_UCI_CHESS960 = 4,
    /// Western shogi notation as Hosking writes it, such as "P76" or
    /// "G49-58".
    BETZA_NOTATION_SHOGI_HOSKING = 5,
    /// Western shogi notation as Hodges writes it, such as "P-7f" or "B*3c".
    BETZA_NOTATION_SHOGI_HODGES = 6,
    /// Hodges' notation with numbered ranks, such as "P-76" or "B*33".
    BETZA_NOTATION_SHOGI_HODGES_NUMBER = 7,
    /// SAN with each type's alias in place of its token (Fairy-Stockfish's
    /// SAN), such as Xiangqi's "Hg3".
    BETZA_NOTATION_SAN_ALIAS = 8,
    /// LAN with each type's alias in place of its token, such as "Hh1-g3".
    BETZA_NOTATION_LAN_ALIAS = 9,
    /// Janggi's notation (Fairy-Stockfish's), such as "H02-83".
    BETZA_NOTATION_JANGGI = 10,
    /// Thai SAN (Fairy-Stockfish's, Makruk), such as "จ๔" (UTF-8).
    BETZA_NOTATION_THAI_SAN = 11,
    /// Thai long notation, such as "บ จ๓-จ๔" (UTF-8).
    BETZA_NOTATION_THAI_LAN = 12,
}

fn notation_arg(which: u32) -> Result<Notation> {
    Ok(match which {
        0 => Notation::MoveText,
        1 => Notation::San,
        2 => Notation::Lan,
        3 => Notation::Wxf,
        4 => Notation::MoveTextChess960,
        5 => Notation::ShogiHosking,
        6 => Notation::ShogiHodges,
        7 => Notation::ShogiHodgesNumber,
        8 => Notation::SanAlias,
        9 => Notation::LanAlias,
        10 => Notation::Janggi,
        11 => Notation::ThaiSan,
        12 => Notation::ThaiLan,
        _ => {
            return fail(
                BETZA_INVALID_ARGUMENT,
                format!("notation {which} is not a BetzaNotation (0 to 12)"),
            );
        }
    })
}

/// The legal move mv (found by from, to and promotion) written in notation,
/// a BetzaNotation value.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if notation is not a
/// BetzaNotation; BETZA_ILLEGAL_MOVE if no legal move matches;
/// BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_move_notation(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    notation: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    move_string!(pos, mv, buf, cap, len, |p, m| {
        notation_arg(notation).and_then(|n| p.notation(m, n).map_err(move_error))
    })
}

/// The SAN of a line of count moves played from pos (each found by from,
/// to and promotion in the position the ones before it leave), separated
/// by single spaces, such as "e4 e5 Nf3".
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or len is NULL, moves is
/// NULL and count is not 0, or buf is NULL and cap is not 0;
/// BETZA_ILLEGAL_MOVE if a move is not legal where it is played (the
/// message says which); BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_san_line(
    pos: *const BetzaPosition,
    moves: *const BetzaMove,
    count: usize,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(pos, "pos", buf, cap, len, |p| {
            // SAFETY: the caller passes count moves.
            let given = slice_arg(moves, count, "moves")?;
            let line = with_pos!(p, |q| {
                let mut at = *q;
                let mut line = Vec::with_capacity(count);
                for (i, mv) in given.iter().enumerate() {
                    let m = move_arg(&at, mv).map_err(|mut e| {
                        e.message = format!("move {} of the line: {}", i + 1, e.message);
                        e
                    })?;
                    line.push(at.san(&m));
                    at = at.play_unchecked(&m);
                }
                line
            });
            Ok(line.join(" "))
        })
    }
}

/// Plays a line of moves given as text, separated by white space, each
/// move text ("e2e4") or SAN ("Nf3"); move numbers ("1.", "12...") are
/// skipped. All or nothing: on failure pos is unchanged and the message
/// names the move refused.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or line is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE if a text is malformed or names
/// no move; BETZA_ILLEGAL_MOVE if a move is not legal where it is played.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_play_line(
    pos: *mut BetzaPosition,
    line: *const c_char,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        change_by_text(pos, "pos", line, "line", |p, text| {
            on_board!(&mut p.owned, |o| o
                .update(|at| at.play_text_line(text).map_err(line_error)))
        })
    }
}

/// The failure of a line of moves.
fn line_error(e: Error) -> super::Fail {
    match e {
        Error::Move(e) => move_error(e),
        e @ Error::San(crate::SanError::KingExposed { .. }) => fail_with(BETZA_ILLEGAL_MOVE)(&e),
        e @ Error::San(crate::SanError::GameOver { .. }) => fail_with(BETZA_INVALID_STATE)(&e),
        e => fail_with(BETZA_INVALID_MOVE)(&e),
    }
}
