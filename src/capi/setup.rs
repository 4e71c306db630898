//! A position editor over the C ABI: `BetzaSetup` holds an unchecked
//! position (place and remove pieces, side, rights, en passant, clocks) and
//! converts it into a `BetzaPosition` with every problem listed, as Rust's
//! `Setup` does.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::meta::{BetzaVariant, Holder, color_arg};
use super::position::{BetzaPiece, BetzaPosition};
use super::{BETZA_NONE, Result, boundary, fail, mut_arg, need, ref_arg};
use super::{handle_answer, handle_text, write_handle};
use crate::bitboard::{Board, Huge, Large, Small};
use crate::{CastlingRights, Piece, Position, Role, Setup, Square};

/// An opaque position editor: a position's data, unchecked. It keeps its
/// variant alive. Free it with betza_setup_free.
pub struct BetzaSetup {
    setup: Setup,
    holder: Holder,
    /// The problems of the last failed betza_setup_position, one a line.
    problems: Vec<String>,
}

fn square_of(s: &BetzaSetup, sq: u32) -> Result<Square> {
    super::position::square_arg(s.holder.get().size(), sq, "square")
}

/// A position's data as a `Setup`, per board type (a third board type is
/// one more impl).
trait SetupOf: Board {
    fn setup_of(pos: &Position<'_, Self>) -> Setup;
}

impl SetupOf for Small {
    fn setup_of(pos: &Position<'_, Small>) -> Setup {
        pos.setup()
    }
}

impl SetupOf for Large {
    fn setup_of(pos: &Position<'_, Large>) -> Setup {
        // Through its FEN, which keeps everything a Setup holds.
        Setup::from_fen(pos.variant, &pos.to_fen())
            .expect("a position's FEN reads back as its setup")
    }
}

impl SetupOf for Huge {
    fn setup_of(pos: &Position<'_, Huge>) -> Setup {
        // Through its FEN, which keeps everything a Setup holds.
        Setup::from_fen(pos.variant, &pos.to_fen())
            .expect("a position's FEN reads back as its setup")
    }
}

/// An empty board of variant (White to move, no rights, clocks 0 and 1)
/// into *out; free it with betza_setup_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_new(
    variant: *const BetzaVariant,
    out: *mut *mut BetzaSetup,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: pointers from the caller.
        let holder = Holder::of(unsafe { ref_arg(variant, "variant") }?);
        let s = BetzaSetup {
            setup: Setup::empty(),
            holder,
            problems: Vec::new(),
        };
        unsafe { write_handle(out, s) }
    })
}

/// The data of pos, to edit, into *out; free it with betza_setup_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_from_position(
    pos: *const BetzaPosition,
    out: *mut *mut BetzaSetup,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        need(out, "out")?;
        let s = BetzaSetup {
            setup: with_pos!(p, |q| SetupOf::setup_of(q)),
            holder: p.holder.clone(),
            problems: Vec::new(),
        };
        unsafe { write_handle(out, s) }
    })
}

/// Frees a setup; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_free(setup: *mut BetzaSetup) {
    if !setup.is_null() {
        // SAFETY: a setup from this library, freed once.
        drop(unsafe { Box::from_raw(setup) });
    }
}

/// Places a piece of type piece and colour color on square, replacing
/// whatever stood there.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if square, piece or color is out of range.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_place(
    setup: *mut BetzaSetup,
    square: u32,
    piece: u32,
    color: i32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        let sq = square_of(s, square)?;
        let count = s.holder.get().pieces().len();
        if piece as usize >= count {
            return fail(
                BETZA_INVALID_ARGUMENT,
                format!("piece {piece} is not a piece type (0..{count})"),
            );
        }
        let color = color_arg(color)?;
        let role = Role(piece as u8);
        s.setup.set(sq, Some(Piece { role, color }));
        Ok(())
    })
}

/// Empties square.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if square is not a square of the board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_remove(setup: *mut BetzaSetup, square: u32) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        let sq = square_of(s, square)?;
        s.setup.set(sq, None);
        Ok(())
    })
}

/// The piece on square into *out (piece and color BETZA_NONE if empty).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup or out is NULL;
/// BETZA_INVALID_ARGUMENT if square is not a square of the board.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_piece_at(
    setup: *const BetzaSetup,
    square: u32,
    out: *mut BetzaPiece,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(setup, "setup", out, "out", |s| {
            let sq = square_of(s, square)?;
            Ok(BetzaPiece::of(s.setup.piece_at(sq)))
        })
    }
}

/// Sets the side to move: BETZA_WHITE or BETZA_BLACK.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if color is not a colour.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_set_side(setup: *mut BetzaSetup, color: i32) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        s.setup.side = color_arg(color)?;
        Ok(())
    })
}

/// Gives (allowed true) or takes away color's castling right towards the
/// highest file (king_side true) or towards file a.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if color is not a colour.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_set_castling(
    setup: *mut BetzaSetup,
    color: i32,
    king_side: bool,
    allowed: bool,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        let right = CastlingRights::of(color_arg(color)?, king_side);
        s.setup.castling.set(right, allowed);
        Ok(())
    })
}

/// Sets the en-passant square (the square the last double step skipped), or
/// none with BETZA_NONE.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if square is neither a square nor BETZA_NONE.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_set_ep_square(
    setup: *mut BetzaSetup,
    square: i32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        s.setup.ep_square = if square == BETZA_NONE {
            None
        } else {
            Some(square_of(s, u32::try_from(square).unwrap_or(u32::MAX))?)
        };
        Ok(())
    })
}

/// Sets the half-move clock and the move number (from 1).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup is NULL;
/// BETZA_INVALID_ARGUMENT if fullmove is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_set_clocks(
    setup: *mut BetzaSetup,
    halfmove: u32,
    fullmove: u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        if fullmove == 0 {
            return fail(
                BETZA_INVALID_ARGUMENT,
                "fullmove 0: move numbers start at 1",
            );
        }
        s.setup.halfmove_clock = halfmove;
        s.setup.fullmove_number = fullmove;
        Ok(())
    })
}

/// Checks the setup against the variant's rules and makes a position of it
/// into *out (free it with betza_position_free). On failure every problem
/// is kept: betza_setup_problems lists them, one a line, and the message of
/// betza_last_error is the first.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup or out is NULL;
/// BETZA_INVALID_SETUP if a rule is broken.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_position(
    setup: *mut BetzaSetup,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let s = unsafe { mut_arg(setup, "setup") }?;
        need(out, "out")?;
        // Built in the variant's board type, as Position::from_setup does.
        let problems = &mut s.problems;
        let pos = map_board!(s.holder.variant(), |v| {
            let (pos, found) = crate::setup::build(v.handle(), &s.setup);
            if !found.is_empty() {
                return setup_fail(problems, crate::setup::error(v.handle(), found));
            }
            v.owned(pos).expect("a position of the variant")
        });
        problems.clear();
        let pos = BetzaPosition::of(s.holder.clone(), pos);
        unsafe { write_handle(out, pos) }
    })
}

/// Keeps a refused setup's problems and fails with the first.
fn setup_fail(problems: &mut Vec<String>, e: crate::SetupError) -> Result<()> {
    *problems = e.messages().to_vec();
    let n = problems.len();
    fail(
        BETZA_INVALID_SETUP,
        format!(
            "{} ({n} problem{} in all: betza_setup_problems lists them)",
            e.messages().first().map_or("invalid setup", String::as_str),
            if n == 1 { "" } else { "s" }
        ),
    )
}

/// The problems found by the last betza_setup_position of this setup, one a
/// line (empty if it succeeded or was not called); *count (may be NULL)
/// gets their number.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if setup or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_setup_problems(
    setup: *const BetzaSetup,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(setup, "setup", buf, cap, len, |s| {
            if !count.is_null() {
                // SAFETY: not NULL, from the caller.
                *count = s.problems.len();
            }
            Ok(s.problems.join("\n"))
        })
    }
}

const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<BetzaSetup>();
};
