//! Machine-readable error details and the version number over the C ABI.

use std::cell::Cell;

use super::BetzaStatus::{self, *};
use super::{BETZA_NONE, BETZA_VERSION_MAJOR, BETZA_VERSION_MINOR, BETZA_VERSION_PATCH};
use super::{Fail, boundary, write_out};
use crate::{FenError, PgnError, VariantError};

/// Where the last error's fault lies in the caller's text, as numbers; each
/// field is BETZA_NONE when it does not apply.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaErrorDetail {
    /// The FEN field at fault: 1 placement, 2 side to move, 3 castling, 4
    /// en passant, 5 half-move clock, 6 move number.
    pub fen_field: i32,
    /// The rank (as written, 1-based) of a FEN placement fault.
    pub fen_rank: i32,
    /// The 1-based line of a variant definition or PGN text.
    pub line: i32,
    /// The byte offset in a string argument (invalid UTF-8: the first bad
    /// byte).
    pub byte_offset: i64,
}

impl BetzaErrorDetail {
    /// No detail.
    pub(crate) const NONE: BetzaErrorDetail = BetzaErrorDetail {
        fen_field: BETZA_NONE,
        fen_rank: BETZA_NONE,
        line: BETZA_NONE,
        byte_offset: BETZA_NONE as i64,
    };
}

thread_local! {
    static LAST_DETAIL: Cell<BetzaErrorDetail> = const { Cell::new(BetzaErrorDetail::NONE) };
}

pub(crate) fn set_last_detail(d: BetzaErrorDetail) {
    LAST_DETAIL.with(|c| c.set(d));
}

fn line_of(line: usize) -> i32 {
    i32::try_from(line).unwrap_or(i32::MAX)
}

/// A refused FEN, with its field and rank.
pub(crate) fn fen_fail(e: FenError) -> Fail {
    let (field, rank) = match &e {
        FenError::UnknownPiece { rank, .. }
        | FenError::BadCount { rank, .. }
        | FenError::RankWidth { rank, .. } => (1, *rank as i32),
        FenError::RankCount { .. } | FenError::RoyalCount { .. } | FenError::Confinement { .. } => {
            (1, BETZA_NONE)
        }
        FenError::Side(_) => (2, BETZA_NONE),
        FenError::Castling(_)
        | FenError::NoCastling(_)
        | FenError::CastlingPieces { .. }
        | FenError::CastlingLetter { .. }
        | FenError::CastlingPartner { .. } => (3, BETZA_NONE),
        FenError::EnPassantSyntax(_)
        | FenError::EnPassantSquare { .. }
        | FenError::NoEnPassant(_) => (4, BETZA_NONE),
        FenError::Halfmove(_) => (5, BETZA_NONE),
        FenError::Fullmove(_) => (6, BETZA_NONE),
        _ => (BETZA_NONE, BETZA_NONE),
    };
    Fail {
        status: BETZA_INVALID_FEN,
        message: e.to_string(),
        detail: BetzaErrorDetail {
            fen_field: field,
            fen_rank: rank,
            ..BetzaErrorDetail::NONE
        },
    }
}

/// A refused variant definition, with its line.
pub(crate) fn definition_fail(e: VariantError) -> Fail {
    let line = match &e {
        VariantError::Syntax { line, .. } | VariantError::Value { line, .. } => line_of(*line),
        VariantError::Fsf { line, .. } if *line > 0 => line_of(*line),
        _ => BETZA_NONE,
    };
    Fail {
        status: BETZA_INVALID_DEFINITION,
        message: e.to_string(),
        detail: BetzaErrorDetail {
            line,
            ..BetzaErrorDetail::NONE
        },
    }
}

/// The detail of a refused PGN text: its line.
pub(crate) fn pgn_detail(e: &PgnError) -> BetzaErrorDetail {
    let line = match e {
        PgnError::Syntax { line, .. } | PgnError::Move { line, .. } => line_of(*line),
        _ => BETZA_NONE,
    };
    BetzaErrorDetail {
        line,
        ..BetzaErrorDetail::NONE
    }
}

/// The detail of the calling thread's last failed call into *out (all
/// BETZA_NONE when it has none, or no call failed). Like betza_last_error,
/// it stays until the thread's next failed call.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_last_error_detail(out: *mut BetzaErrorDetail) -> BetzaStatus {
    // Read before `boundary`, which records a failure of this call itself.
    let d = LAST_DETAIL.with(|c| c.get());
    // SAFETY: a pointer from the caller.
    boundary(|| unsafe { write_out(out, d, "out") })
}

/// The library's version as one number, major * 10000 + minor * 100 +
/// patch (0.2.0 is 200), to compare with BETZA_VERSION_NUMBER of the header
/// the program was compiled with.
#[unsafe(no_mangle)]
pub extern "C" fn betza_version_number() -> u32 {
    BETZA_VERSION_NUMBER
}

/// The header's version as one number: major * 10000 + minor * 100 + patch.
pub const BETZA_VERSION_NUMBER: u32 =
    BETZA_VERSION_MAJOR * 10000 + BETZA_VERSION_MINOR * 100 + BETZA_VERSION_PATCH;
