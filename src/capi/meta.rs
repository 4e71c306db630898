//! Variant handles and piece metadata over the C ABI, for drawing and help
//! screens.

use std::ffi::c_char;
use std::sync::{Arc, OnceLock};

use super::BetzaStatus::{self, *};
use super::position::BetzaPosition;
use super::{Result, boundary, buffer_args, fail, ref_arg, str_arg};
use super::{VariantOf, need, write_handle, write_out, write_str};
use super::{handle_answer, handle_array, handle_text};
use crate::bitboard::{Board, BoardSize};
use crate::{AnyVariant, Color, PieceType};

/// An opaque variant: a built-in one (static, from betza_variant_by_name) or
/// one read from a definition (betza_variant_new), of any board size the
/// library takes. A variant is immutable: a handle may be used by many
/// threads at once.
pub struct BetzaVariant {
    variant: VariantOf,
}

impl BetzaVariant {
    /// The variant, of its board type; variants are `Sync`, so handles may
    /// be shared by threads.
    pub(crate) fn variant(&self) -> &VariantOf {
        &self.variant
    }

    /// Its name.
    fn name(&self) -> &str {
        on_board!(&self.variant, |v| v.name())
    }

    /// Its board size.
    pub(crate) fn size(&self) -> BoardSize {
        on_board!(&self.variant, |v| v.size())
    }

    /// Its piece types.
    pub(crate) fn pieces(&self) -> &[PieceType] {
        on_board!(&self.variant, |v| v.pieces())
    }
}

/// Keeps a variant alive for a position or a game, and gives its handle.
#[derive(Clone)]
pub(crate) enum Holder {
    /// A built-in variant: static.
    Builtin(&'static BetzaVariant),
    /// A variant from a definition: the handle C got from
    /// `betza_variant_new` is `Arc::into_raw` of this.
    Custom(Arc<BetzaVariant>),
}

impl Holder {
    /// The variant's handle.
    pub(crate) fn get(&self) -> &BetzaVariant {
        match self {
            Holder::Builtin(v) => v,
            Holder::Custom(v) => v,
        }
    }

    /// The variant, of its board type.
    pub(crate) fn variant(&self) -> &VariantOf {
        self.get().variant()
    }

    /// The handle C sees, valid while this holder lives.
    pub(crate) fn handle(&self) -> *const BetzaVariant {
        match self {
            Holder::Builtin(v) => *v,
            Holder::Custom(v) => Arc::as_ptr(v),
        }
    }

    /// The holder of a handle from C.
    pub(crate) fn of(v: &BetzaVariant) -> Holder {
        match builtin_handle(v) {
            Some(b) => Holder::Builtin(b),
            // SAFETY: every other handle is `Arc::into_raw` of a live
            // `Arc<BetzaVariant>` (betza_variant_new): take one more count.
            None => unsafe {
                let p: *const BetzaVariant = v;
                Arc::increment_strong_count(p);
                Holder::Custom(Arc::from_raw(p))
            },
        }
    }

    /// The built-in variant `name`.
    pub(crate) fn by_name(name: &str) -> Result<Holder> {
        // As `AnyVariant::by_name` reads names (ignoring ASCII case); the
        // built-ins' names are distinct.
        let found = AnyVariant::by_name(name).ok().and_then(|v| {
            let names = AnyVariant::builtin_names();
            names.iter().position(|n| *n == v.name()).map(builtin)
        });
        match found {
            Some(b) => Ok(Holder::Builtin(b)),
            None => fail(BETZA_UNKNOWN_VARIANT, crate::builtin::unknown_message(name)),
        }
    }
}

/// The body of a call that creates a handle (a position, a game) of the
/// built-in variant named `name` into `*out`, made by `make`.
pub(crate) unsafe fn create_by_name<T>(
    name: *const c_char,
    out: *mut *mut T,
    make: impl FnOnce(Holder) -> Result<T>,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: pointers from the caller.
        let holder = Holder::by_name(unsafe { str_arg(name, "variant") }?)?;
        let made = make(holder)?;
        unsafe { write_handle(out, made) }
    })
}

/// The same as `create_by_name` for a variant handle.
pub(crate) unsafe fn create_in<T>(
    variant: *const BetzaVariant,
    out: *mut *mut T,
    make: impl FnOnce(Holder) -> Result<T>,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: pointers from the caller.
        let holder = Holder::of(unsafe { ref_arg(variant, "variant") }?);
        let made = make(holder)?;
        unsafe { write_handle(out, made) }
    })
}

/// The places of the static handles of the built-in variants of every
/// board type, in `AnyVariant::builtin_names` order, each made on first use
/// (so that asking for chess does not compile Chu Shogi).
fn builtin_slots() -> &'static [OnceLock<BetzaVariant>] {
    static ALL: OnceLock<Vec<OnceLock<BetzaVariant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let names = AnyVariant::builtin_names();
        names.iter().map(|_| OnceLock::new()).collect()
    })
}

/// The static handle of built-in variant number `i`.
fn builtin(i: usize) -> &'static BetzaVariant {
    builtin_slots()[i].get_or_init(|| {
        let name = AnyVariant::builtin_names()[i];
        BetzaVariant {
            variant: VariantOf::of(AnyVariant::by_name(name).expect("a built-in name")),
        }
    })
}

/// The static handle `v` is, if it is one.
fn builtin_handle(v: &BetzaVariant) -> Option<&'static BetzaVariant> {
    builtin_slots()
        .iter()
        .filter_map(OnceLock::get)
        .find(|b| std::ptr::eq(*b, v))
}

/// Reads a variant definition (the TOML format of the README's "Variant
/// definitions" and docs/, boards past 128 squares and 20 piece types
/// included) into *out: a new handle to free with
/// betza_variant_free. Positions and games made in it keep it alive, so the
/// handle may be freed before them. The handle may be used by many threads
/// at once.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if definition or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_DEFINITION if the definition is
/// refused (betza_last_error says where and why).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_new(
    definition: *const c_char,
    out: *mut *mut BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        super::need(out, "out")?;
        // SAFETY: a C string from the caller.
        let text = unsafe { str_arg(definition, "definition") }?;
        // Compiled for the board type it needs (a large one past 128 squares
        // or 20 piece types).
        let variant = AnyVariant::from_definition(text).map_err(super::errors::definition_fail)?;
        let handle = Arc::new(BetzaVariant {
            variant: VariantOf::of(variant),
        });
        // SAFETY: out is not NULL.
        unsafe { *out = Arc::into_raw(handle).cast_mut() };
        Ok(())
    })
}

/// Reads a text in Fairy-Stockfish's configuration format (its
/// variants.ini: `[name]` and `[name:template]` sections of key = value lines)
/// and makes the variant of the section called name (NULL: the last
/// section) into *out: a new handle to free with betza_variant_free. The
/// templates may be earlier sections or Fairy-Stockfish's built-in
/// variants. docs/fairy-stockfish.md lists the keys read.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if text or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_DEFINITION if the text is refused (an
/// unknown key, a rule the library lacks, a bad value or template: the
/// message of betza_last_error names the section, line and key) or has no
/// section of that name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_from_fsf_ini(
    text: *const c_char,
    name: *const c_char,
    out: *mut *mut BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        super::need(out, "out")?;
        // SAFETY: C strings from the caller.
        let text = unsafe { str_arg(text, "text") }?;
        let name = if name.is_null() {
            None
        } else {
            // SAFETY: a C string from the caller, not NULL.
            Some(unsafe { str_arg(name, "name") }?)
        };
        let defs = crate::VariantDef::from_fsf_ini(text).map_err(super::errors::definition_fail)?;
        let def = match name {
            None => defs.into_iter().next_back(),
            Some(n) => defs.into_iter().find(|d| d.name == n),
        }
        .ok_or_else(|| {
            super::errors::definition_fail(crate::VariantError::Fsf {
                section: name.unwrap_or("").to_string(),
                line: 0,
                key: None,
                message: "no such section in the text".to_string(),
            })
        })?;
        let variant = AnyVariant::new(def).map_err(super::errors::definition_fail)?;
        let handle = Arc::new(BetzaVariant {
            variant: VariantOf::of(variant),
        });
        // SAFETY: out is not NULL.
        unsafe { *out = Arc::into_raw(handle).cast_mut() };
        Ok(())
    })
}

/// Another handle of the same variant into *out, to free with
/// betza_variant_free: for a built-in variant the same static handle, for
/// a variant from betza_variant_new one more reference to it. It lets a
/// program keep the variant of a position (betza_position_variant) after
/// the position is freed.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_clone(
    variant: *const BetzaVariant,
    out: *mut *mut BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(variant, "variant") }?;
        super::need(out, "out")?;
        let handle = match Holder::of(v) {
            Holder::Builtin(b) => (b as *const BetzaVariant).cast_mut(),
            Holder::Custom(arc) => Arc::into_raw(arc).cast_mut(),
        };
        // SAFETY: out is not NULL.
        unsafe { *out = handle };
        Ok(())
    })
}

/// Frees a variant handle from betza_variant_new or betza_variant_clone;
/// NULL is a no-op, and so is a built-in handle. Positions and games made in the
/// variant keep it alive: they stay valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_free(variant: *mut BetzaVariant) {
    let Some(v) = (unsafe { variant.as_ref() }) else {
        return;
    };
    if builtin_handle(v).is_none() {
        // SAFETY: `Arc::into_raw` of a handle from this library, freed once.
        drop(unsafe { Arc::from_raw(variant.cast_const()) });
    }
}

/// Which text of a piece type to read.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaPieceText {
    /// Its name, such as "Rhino".
    BETZA_PIECE_NAME = 0,
    /// Its FEN token as White, such as "+F".
    BETZA_PIECE_TOKEN = 1,
    /// Its moves in Betza notation.
    BETZA_PIECE_BETZA = 2,
    /// Its FEN token as Black, such as "+f".
    BETZA_PIECE_TOKEN_BLACK = 3,
}

/// Facts about a piece type.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaPieceInfo {
    /// The royal piece.
    pub royal: bool,
    /// Counts as a promoted piece.
    pub promoted: bool,
    /// Confined to a region (see betza_variant_piece_region).
    pub confined: bool,
    /// How many types it may promote to (see betza_variant_piece_promotions).
    pub promotion_count: u32,
}

pub(crate) fn piece_arg(v: &BetzaVariant, piece: u32) -> Result<usize> {
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

pub(crate) fn color_arg(color: i32) -> Result<Color> {
    match color {
        super::BETZA_WHITE => Ok(Color::White),
        super::BETZA_BLACK => Ok(Color::Black),
        _ => fail(
            BETZA_INVALID_ARGUMENT,
            format!("color {color} is not BETZA_WHITE (0) or BETZA_BLACK (1)"),
        ),
    }
}

/// The number of built-in variants; betza_builtin_variant_name names them.
#[unsafe(no_mangle)]
pub extern "C" fn betza_builtin_variant_count() -> usize {
    AnyVariant::builtin_names().len()
}

/// The name of built-in variant number index (0 to
/// betza_builtin_variant_count() - 1), such as "meiriqi" or "chushogi"
/// (built-ins of large boards come last): the name
/// betza_variant_by_name and betza_position_new take.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if len is NULL, or buf is NULL and
/// cap is not 0; BETZA_INVALID_ARGUMENT if index is out of range;
/// BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_builtin_variant_name(
    index: usize,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        buffer_args(buf, cap, len)?;
        let names = AnyVariant::builtin_names();
        let Some(name) = names.get(index) else {
            return fail(
                BETZA_INVALID_ARGUMENT,
                format!("index {index} is not below {}", names.len()),
            );
        };
        // SAFETY: pointers from the caller.
        unsafe { write_str(name, buf, cap, len) }
    })
}

/// The built-in variant name (ASCII case ignored) into *out: a static
/// handle, never freed (betza_variant_free ignores it).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if name or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_UNKNOWN_VARIANT.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_by_name(
    name: *const c_char,
    out: *mut *const BetzaVariant,
) -> BetzaStatus {
    boundary(|| {
        super::need(out, "out")?;
        // SAFETY: pointers from the caller.
        let holder = Holder::by_name(unsafe { str_arg(name, "name") }?)?;
        unsafe { write_out(out, holder.handle(), "out") }
    })
}

/// The variant of a position into *out. The handle is valid as long as the
/// position is; it needs no free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_variant(
    pos: *const BetzaPosition,
    out: *mut *const BetzaVariant,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { handle_answer(pos, "pos", out, "out", |p| Ok(p.holder.handle())) }
}

/// The variant's name, such as "meiriqi".
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_name(
    variant: *const BetzaVariant,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(variant, "variant", buf, cap, len, |v| {
            Ok(v.name().to_string())
        })
    }
}

/// The variant's start position as FEN.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_start_fen(
    variant: *const BetzaVariant,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(variant, "variant", buf, cap, len, |v| {
            Ok(on_board!(v.variant(), |v| v.handle().start_fen()).to_string())
        })
    }
}

/// The board's width (files) and height (ranks).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if any pointer is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_board_size(
    variant: *const BetzaVariant,
    files: *mut u32,
    ranks: *mut u32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let v = unsafe { ref_arg(variant, "variant") }?;
        super::need(files, "files")?;
        super::need(ranks, "ranks")?;
        let size = v.size();
        unsafe {
            write_out(files, size.files() as u32, "files")?;
            write_out(ranks, size.ranks() as u32, "ranks")
        }
    })
}

/// The number of piece types; piece types are 0 to this number - 1.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_count(
    variant: *const BetzaVariant,
    out: *mut u32,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(variant, "variant", out, "out", |v| {
            Ok(v.pieces().len() as u32)
        })
    }
}

/// Facts about piece type piece.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL;
/// BETZA_INVALID_ARGUMENT if piece is not a piece type.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_info(
    variant: *const BetzaVariant,
    piece: u32,
    out: *mut BetzaPieceInfo,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(variant, "variant", out, "out", |v| {
            let p = &v.pieces()[piece_arg(v, piece)?];
            Ok(BetzaPieceInfo {
                royal: p.royal,
                promoted: p.promoted,
                confined: p.confinement.is_some(),
                promotion_count: p.promotions.len() as u32,
            })
        })
    }
}

/// A text of piece type piece: which is a BetzaPieceText value (its name,
/// its token as White or as Black, its Betza notation).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if piece is not a piece
/// type or which is not a BetzaPieceText; BETZA_BUFFER_TOO_SMALL (the length
/// is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_text(
    variant: *const BetzaVariant,
    piece: u32,
    which: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(variant, "variant", buf, cap, len, |v| {
            let p = &v.pieces()[piece_arg(v, piece)?];
            Ok(match which {
                0 => p.name.clone(),
                1 => p.token.to_string(),
                2 => p.betza.clone(),
                // As FEN writes Black's pieces.
                3 => p.token.fen(crate::Color::Black),
                _ => {
                    return fail(
                        BETZA_INVALID_ARGUMENT,
                        format!("which {which} is not a BetzaPieceText (0 to 3)"),
                    );
                }
            })
        })
    }
}

/// The piece types piece type piece may promote to.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or count is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if piece is not a piece
/// type; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_promotions(
    variant: *const BetzaVariant,
    piece: u32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_array(variant, "variant", buf, cap, count, |v| {
            let p = &v.pieces()[piece_arg(v, piece)?];
            Ok(p.promotions.iter().map(|r| r.0 as u32).collect())
        })
    }
}

/// The squares piece type piece of color is confined to (none if it is not
/// confined), such as Meiriqi's fortress for the King.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or count is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if piece is not a piece
/// type or color is not BETZA_WHITE or BETZA_BLACK; BETZA_BUFFER_TOO_SMALL
/// (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_region(
    variant: *const BetzaVariant,
    piece: u32,
    color: i32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_array(variant, "variant", buf, cap, count, |v| {
            let p = &v.pieces()[piece_arg(v, piece)?];
            let c = color_arg(color)?;
            // The definition's region, wide enough for every board.
            let bb = p.confinement.map(|r| r.of(c)).unwrap_or_default();
            Ok(bb.squares().map(|s| s.index() as u32).collect())
        })
    }
}

/// The promotion zone of color (none if the variant promotes otherwise).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or count is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if color is not
/// BETZA_WHITE or BETZA_BLACK; BETZA_BUFFER_TOO_SMALL (the count is
/// reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_promotion_zone(
    variant: *const BetzaVariant,
    color: i32,
    buf: *mut u32,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_array(variant, "variant", buf, cap, count, |v| {
            let c = color_arg(color)?;
            Ok(on_board!(v.variant(), |v| zone_squares(v, c)))
        })
    }
}

/// How piece type piece moves, in plain words generated from its Betza
/// string and the variant's castling rules, such as "leaps (2,1)" for a
/// Knight: for help screens. Empty when no description can be made.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if piece is not a piece
/// type; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_variant_piece_description(
    variant: *const BetzaVariant,
    piece: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(variant, "variant", buf, cap, len, |v| {
            let role = crate::Role(piece_arg(v, piece)? as u8);
            Ok(on_board!(v.variant(), |v| v.handle().describe_piece(role)).unwrap_or_default())
        })
    }
}

/// The promotion zone of `color` as square numbers (none if the variant
/// promotes otherwise), in the board type's own word.
fn zone_squares<B: Board>(v: &crate::BoardVariant<B>, color: Color) -> Vec<u32> {
    match B::promotion(v.handle()) {
        crate::variant::Promotion::Zone { zone, .. } => {
            zone.of(color).squares().map(|s| s.index() as u32).collect()
        }
        _ => Vec::new(),
    }
}
