//! Variant and piece metadata over the C ABI, for drawing and help screens.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::position::{BetzaPosition, variant_arg};
use super::{Result, boundary, fail, ref_arg, str_arg, write_array, write_out, write_str};
use crate::{Bitboard, Color, Variant};

/// An opaque built-in variant; static, never freed.
#[repr(transparent)]
pub struct BetzaVariant {
    inner: Variant,
}

impl BetzaVariant {
    fn of(v: &'static Variant) -> *const BetzaVariant {
        (v as *const Variant).cast()
    }
}

/// Which text of a piece type to read.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaPieceText {
    /// Its name, such as `"Rhino"`.
    BETZA_PIECE_NAME = 0,
    /// Its FEN token as White, such as `"+F"`.
    BETZA_PIECE_TOKEN = 1,
    /// Its moves in Betza notation.
    BETZA_PIECE_BETZA = 2,
}

/// Facts about a piece type.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaPieceInfo {
    /// The royal piece.
    pub royal: bool,
    /// Counts as a promoted piece.
    pub promoted: bool,
    /// Confined to a region (see `betza_variant_piece_region`).
    pub confined: bool,
    /// How many types it may promote to (see `betza_variant_piece_promotions`).
    pub promotion_count: u32,
}

fn piece_arg(v: &Variant, piece: u32) -> Result<usize> {
    let n = v.pieces().len();
    if (piece as usize) < n {
        Ok(piece as usize)
    } else {
        fail(
            BETZA_INVALID_ARGUMENT,
            format!("piece {piece} is not a piece type of {} (0..{n})", v.name()),
        )
    }
}

fn color_arg(color: u32) -> Result<Color> {
    match color {
        0 => Ok(Color::White),
        1 => Ok(Color::Black),
        _ => fail(
            BETZA_INVALID_ARGUMENT,
            format!("color {color} is not 0 (White) or 1 (Black)"),
        ),
    }
}

unsafe fn write_squares(bb: Bitboard, buf: *mut u32, cap: usize, count: *mut usize) -> Result<()> {
    let squares: Vec<u32> = bb.map(|s| s.0 as u32).collect();
    // SAFETY: caller's buffer and count.
    unsafe { write_array(&squares, buf, cap, count) }
}

/// The built-in variant `name` into `*out` (static, never freed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_by_name(
    name: *const c_char,
    out: *mut *const BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = variant_arg(unsafe { str_arg(name, "name") }?)?;
        unsafe { write_out(out, BetzaVariant::of(v), "out") }
    })
}

/// The variant of a position into `*out` (static, never freed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_variant(
    pos: *const BetzaPosition,
    out: *mut *const BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_out(out, BetzaVariant::of(p.pos.variant()), "out") }
    })
}

/// The variant's name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_name(
    v: *const BetzaVariant,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        unsafe { write_str(v.inner.name(), buf, cap, len) }
    })
}

/// The variant's start position as FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_start_fen(
    v: *const BetzaVariant,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        unsafe { write_str(v.inner.start_fen(), buf, cap, len) }
    })
}

/// The board's width and height.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_board_size(
    v: *const BetzaVariant,
    files: *mut u32,
    ranks: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        if files.is_null() || ranks.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "files or ranks is NULL");
        }
        let size = v.inner.size();
        unsafe {
            write_out(files, size.files() as u32, "files")?;
            write_out(ranks, size.ranks() as u32, "ranks")
        }
    })
}

/// The number of piece types.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_count(
    v: *const BetzaVariant,
    out: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        unsafe { write_out(out, v.inner.pieces().len() as u32, "out") }
    })
}

/// Facts about piece type `piece`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_info(
    v: *const BetzaVariant,
    piece: u32,
    out: *mut BetzaPieceInfo,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let p = &v.inner.pieces()[piece_arg(&v.inner, piece)?];
        let info = BetzaPieceInfo {
            royal: p.royal,
            promoted: p.promoted,
            confined: p.confinement.is_some(),
            promotion_count: p.promotions.len() as u32,
        };
        unsafe { write_out(out, info, "out") }
    })
}

/// A text of piece type `piece`: `which` is a `BetzaPieceText` value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_text(
    v: *const BetzaVariant,
    piece: u32,
    which: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let p = &v.inner.pieces()[piece_arg(&v.inner, piece)?];
        let text = match which {
            0 => &p.name,
            1 => &p.token,
            2 => &p.betza,
            _ => {
                return fail(
                    BETZA_INVALID_ARGUMENT,
                    format!("which {which} is not a BetzaPieceText"),
                );
            }
        };
        unsafe { write_str(text, buf, cap, len) }
    })
}

/// The types piece type `piece` may promote to.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_promotions(
    v: *const BetzaVariant,
    piece: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let p = &v.inner.pieces()[piece_arg(&v.inner, piece)?];
        let types: Vec<u32> = p.promotions.iter().map(|r| r.0 as u32).collect();
        unsafe { write_array(&types, buf, cap, count) }
    })
}

/// The squares piece type `piece` of `color` is confined to (none if it is not
/// confined), such as Meiriqi's fortress for the King.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_region(
    v: *const BetzaVariant,
    piece: u32,
    color: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let p = &v.inner.pieces()[piece_arg(&v.inner, piece)?];
        let c = color_arg(color)?;
        let bb = p.confinement.map_or(Bitboard::EMPTY, |r| r.of(c));
        unsafe { write_squares(bb, buf, cap, count) }
    })
}

/// The promotion zone of `color` (none if the variant promotes otherwise).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_promotion_zone(
    v: *const BetzaVariant,
    color: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let c = color_arg(color)?;
        let bb = v
            .inner
            .promotion_zone()
            .map_or(Bitboard::EMPTY, |r| r.of(c));
        unsafe { write_squares(bb, buf, cap, count) }
    })
}

/// How piece type `piece` moves, in plain words generated from its Betza
/// string and the variant's castling rules (the Rust
/// `Variant::describe_piece`), such as `"leaps (2,1)"` for a Knight: for
/// help screens.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_description(
    v: *const BetzaVariant,
    piece: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(v, "variant") }?;
        let role = crate::Role(piece_arg(&v.inner, piece)? as u8);
        let text = v.inner.describe_piece(role).unwrap_or_default();
        unsafe { write_str(&text, buf, cap, len) }
    })
}
