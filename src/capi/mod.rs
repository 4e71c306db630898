//! The C ABI: a thin layer over the Rust API, with no rules logic of its own.
//! Compiled with the `capi` feature; cargo-c (`cargo cinstall`) builds it
//! into `libbetza.so` and `libbetza.a`, and `include/betza.h` is its header,
//! generated from this module by cbindgen.
//!
//! Conventions (also in the README's "C API" section and the header):
//! - Objects the library creates are opaque handles freed by their `_free`
//!   function, which accepts NULL.
//! - Functions return a `BetzaStatus`; `BETZA_OK` is zero. Outputs are
//!   written only on success, except the needed length of a string or array,
//!   which is always reported through the required `len`/`count` pointer:
//!   call with a NULL buffer and capacity 0 to ask for it (a size query:
//!   `BETZA_OK`, the last error left alone); a buffer too small for the
//!   result gives `BETZA_BUFFER_TOO_SMALL`.
//! - `betza_last_error_detail` gives the last error's place in the caller's
//!   text (FEN field, line, byte offset) as numbers.
//! - Strings are NUL-terminated UTF-8; a reported length excludes the NUL, so a
//!   buffer needs `len + 1` bytes.
//! - `betza_last_error` copies the message of the calling thread's last failed
//!   call. No panic crosses the boundary: it becomes `BETZA_PANIC`.
//! - Squares are `rank * width + file` indices; piece types are indices into
//!   the variant's piece list; colours are `BETZA_WHITE` and `BETZA_BLACK`.
//! - Every board size the library takes crosses the ABI the same way: a
//!   variant of a large board (Chu Shogi's 12x12, a definition past 128
//!   squares or 20 piece types) is used through the same handles and
//!   functions as any other. Every square number, square count and piece
//!   type of the ABI is a `uint32_t` or `int32_t` (square sets are arrays of
//!   square numbers), so larger boards need no new types.
//!
//! The doc comments here become the header's comments: they are written as C
//! documentation, without Rust link syntax.

#![allow(unsafe_code)]
#![allow(clippy::missing_safety_doc)] // every function shares the safety rules above

use crate::bitboard::{Huge, Large, Small};
use crate::{AnyVariant, BoardVariant, Game, OwnedPosition};

/// A value of one board type: what a handle holds (a variant, a position,
/// a game), written once per board type. With the macros `on_board!` (run
/// an expression on the value, whatever its board type) and `map_board!`
/// (the same, keeping the board type in the result), this enum is the C
/// layer's one dispatch on the board type, once per call: another board
/// type is one more parameter, one more variant here and one more arm in
/// each macro and in `VariantOf::of`.
#[derive(Clone)]
pub(crate) enum Boards<S, L, H> {
    /// A board of at most 128 squares and 20 piece types.
    Small(S),
    /// A large board, up to 16x16.
    Large(L),
    /// A huge board, up to 26x26.
    Huge(H),
}

/// A variant of its board type.
pub(crate) type VariantOf = Boards<BoardVariant<Small>, BoardVariant<Large>, BoardVariant<Huge>>;
/// An owned position of its board type.
pub(crate) type PositionOf =
    Boards<OwnedPosition<Small>, OwnedPosition<Large>, OwnedPosition<Huge>>;
/// A game of its board type.
pub(crate) type GameOf = Boards<Game<Small>, Game<Large>, Game<Huge>>;

impl VariantOf {
    /// The variant of a variant chosen at run time.
    pub(crate) fn of(v: AnyVariant) -> VariantOf {
        match v {
            AnyVariant::Small(v) => Boards::Small(v),
            AnyVariant::Large(v) => Boards::Large(v),
            AnyVariant::Huge(v) => Boards::Huge(v),
        }
    }
}

/// Runs `$body` with `$v` bound to the value inside a `Boards` (by
/// reference for `&x`, mutably for `&mut x`): compiled once per board type.
macro_rules! on_board {
    ($x:expr, |$v:ident| $body:expr) => {
        match $x {
            $crate::capi::Boards::Small($v) => $body,
            $crate::capi::Boards::Large($v) => $body,
            $crate::capi::Boards::Huge($v) => $body,
        }
    };
}

/// As `on_board!`, and wraps the result in the same board type's variant.
macro_rules! map_board {
    ($x:expr, |$v:ident| $body:expr) => {
        match $x {
            $crate::capi::Boards::Small($v) => $crate::capi::Boards::Small($body),
            $crate::capi::Boards::Large($v) => $crate::capi::Boards::Large($body),
            $crate::capi::Boards::Huge($v) => $crate::capi::Boards::Huge($body),
        }
    };
}

/// Runs `$body` with `$pos` bound to the `&Position<'_, B>` of a
/// `BetzaPosition` (whatever its board type).
macro_rules! with_pos {
    ($p:expr, |$pos:ident| $body:expr) => {
        on_board!(&$p.owned, |owned| {
            let $pos = owned.as_position();
            $body
        })
    };
}

/// The body of a call that lists values of a position into a caller's
/// buffer: checks `pos` and the buffer's pointers, then writes what
/// `$body` lists (a `Result<Vec<_>>`; the count always, the values when
/// they fit).
macro_rules! position_array {
    ($pos:expr, $buf:expr, $cap:expr, $count:expr, |$p:ident| $body:expr) => {
        // SAFETY: pointers from the caller.
        unsafe {
            $crate::capi::handle_array($pos, "pos", $buf, $cap, $count, |bp| {
                with_pos!(bp, |$p| $body)
            })
        }
    };
}

/// The body of a call that answers a question about a legal move `$m` of
/// a position `$p` into `*out`.
macro_rules! move_answer {
    ($pos:expr, $mv:expr, $out:expr, |$p:ident, $m:ident| $body:expr) => {
        $crate::capi::boundary(|| {
            // SAFETY: pointers from the caller.
            let bp = unsafe { $crate::capi::ref_arg($pos, "pos") }?;
            let mv = unsafe { $crate::capi::ref_arg($mv, "move") }?;
            let answer = with_pos!(bp, |$p| {
                let $m = &$crate::capi::position::move_arg($p, mv)?;
                $body
            });
            $crate::capi::need($out, "out")?;
            unsafe { $crate::capi::write_out($out, answer, "out") }
        })
    };
}

/// The body of a call that writes a legal move `$m` of a position `$p` as
/// the text `$body` makes (a `Result<String>`).
macro_rules! move_string {
    ($pos:expr, $mv:expr, $buf:expr, $cap:expr, $len:expr, |$p:ident, $m:ident| $body:expr) => {
        $crate::capi::boundary(|| {
            // SAFETY: pointers from the caller.
            let bp = unsafe { $crate::capi::ref_arg($pos, "pos") }?;
            let mv = unsafe { $crate::capi::ref_arg($mv, "move") }?;
            $crate::capi::buffer_args($buf, $cap, $len)?;
            let text: String = with_pos!(bp, |$p| {
                let $m = &$crate::capi::position::move_arg($p, mv)?;
                $body?
            });
            unsafe { $crate::capi::write_str(&text, $buf, $cap, $len) }
        })
    };
}

mod errors;
mod game;
mod meta;
mod notations;
mod position;
mod query;
mod setup;

use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

pub use errors::*;
pub use game::*;
pub use meta::*;
pub use notations::*;
pub use position::*;
pub use query::*;
pub use setup::*;

/// The library's major version. Versions within one major version (within
/// one minor version while the major version is 0, as the SONAME says) keep
/// the ABI: functions, constants and struct layouts; include/abi/ records it.
pub const BETZA_VERSION_MAJOR: u32 = 0;
/// The library's minor version.
pub const BETZA_VERSION_MINOR: u32 = 2;
/// The library's patch version.
pub const BETZA_VERSION_PATCH: u32 = 0;

/// The colour White, as colours are passed and returned.
pub const BETZA_WHITE: i32 = 0;
/// The colour Black, as colours are passed and returned.
pub const BETZA_BLACK: i32 = 1;
/// "None" in an int32_t field or output that may hold none. The header
/// defines it by hand (cbindgen would write `-1` without parentheses); the C
/// test checks the two agree.
pub const BETZA_NONE: i32 = -1;

/// What a call did. BETZA_OK is zero; every other value is a failure whose
/// message betza_last_error returns. New codes may be added in a minor
/// version; the values of existing codes never change.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaStatus {
    /// Success.
    BETZA_OK = 0,
    /// A required pointer argument was NULL.
    BETZA_NULL_ARGUMENT = 1,
    /// No built-in variant has that name.
    BETZA_UNKNOWN_VARIANT = 2,
    /// The FEN was refused.
    BETZA_INVALID_FEN = 3,
    /// The move text or SAN is malformed or names no move of the piece.
    BETZA_INVALID_MOVE = 4,
    /// The move is not legal in the position.
    BETZA_ILLEGAL_MOVE = 5,
    /// The caller's buffer is too small; the needed length was reported.
    BETZA_BUFFER_TOO_SMALL = 6,
    /// A string argument is not valid UTF-8.
    BETZA_INVALID_UTF8 = 7,
    /// A number argument is out of range (a square index, a piece type
    /// index, a colour, a ply, a depth, an enum value).
    BETZA_INVALID_ARGUMENT = 8,
    /// The PGN text was refused.
    BETZA_INVALID_PGN = 9,
    /// Not allowed in this state: nothing to undo, a move after the end by
    /// the rules, a declared result that contradicts the rules' result.
    BETZA_INVALID_STATE = 10,
    /// A square name (text such as "e4") is malformed or not on the board.
    BETZA_INVALID_SQUARE = 11,
    /// A PGN tag name or value was refused.
    BETZA_INVALID_TAG = 12,
    /// A variant definition was refused.
    BETZA_INVALID_DEFINITION = 13,
    /// A position setup breaks a rule of its variant (betza_setup_position).
    BETZA_INVALID_SETUP = 14,
    /// An internal error (a bug): the call had no effect.
    BETZA_PANIC = 99,
}

use BetzaStatus::*;

/// A failure on its way to C.
pub(crate) struct Fail {
    status: BetzaStatus,
    message: String,
    /// Where in the caller's text the fault is, when known.
    detail: BetzaErrorDetail,
}

pub(crate) type Result<T> = std::result::Result<T, Fail>;

pub(crate) fn fail<T>(status: BetzaStatus, message: impl Into<String>) -> Result<T> {
    Err(Fail {
        status,
        message: message.into(),
        detail: BetzaErrorDetail::NONE,
    })
}

/// A failure with the message of a Rust error.
pub(crate) fn fail_with(status: BetzaStatus) -> impl FnOnce(&dyn std::fmt::Display) -> Fail {
    move |e| Fail {
        status,
        message: e.to_string(),
        detail: BetzaErrorDetail::NONE,
    }
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The longest quotation a message keeps whole, in bytes: every Rust error
/// quotes caller text through `crate::quote::quoted` (at most 40 characters,
/// each escaped in at most 10 bytes), so only a quotation from elsewhere is
/// ever cut here.
const QUOTE_MAX: usize = 402;
/// The longest message kept, in bytes.
const MESSAGE_MAX: usize = 1024;

/// The longest prefix of `s` of at most `max` bytes that ends on a character
/// boundary.
pub(crate) fn prefix(s: &str, max: usize) -> &str {
    let mut n = max.min(s.len());
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    &s[..n]
}

/// `s` quoted as every error message quotes caller text: at most its first
/// 40 characters, then its length in bytes (see `crate::quote::quoted`).
pub(crate) fn quote(s: &str) -> String {
    crate::quote::quoted(s).to_string()
}

/// A message short enough to keep: a safety net, since the Rust errors
/// already quote at most a prefix of the text they refuse. A quotation longer
/// than `QUOTE_MAX` bytes is cut to a prefix, and the message to
/// `MESSAGE_MAX` bytes.
fn shorten(message: String) -> String {
    if message.len() <= QUOTE_MAX {
        return message;
    }
    let mut out = String::with_capacity(message.len().min(MESSAGE_MAX));
    let mut rest = message.as_str();
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // The closing quote: the first '"' not escaped by a backslash.
        let mut close = None;
        let mut escaped = false;
        for (i, b) in rest.bytes().enumerate() {
            match b {
                b'\\' if !escaped => escaped = true,
                b'"' if !escaped => {
                    close = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(close) = close else { break };
        let quoted = &rest[..close];
        if quoted.len() > QUOTE_MAX {
            // Cut before a backslash so no escape is left half written.
            let cut = prefix(quoted, QUOTE_MAX);
            let cut = cut.trim_end_matches('\\');
            out.push_str(cut);
            out.push_str(&format!("...\" ({} bytes quoted)", quoted.len()));
        } else {
            out.push_str(quoted);
            out.push('"');
        }
        rest = &rest[close + 1..];
        if out.len() > MESSAGE_MAX {
            break;
        }
    }
    out.push_str(prefix(rest, MESSAGE_MAX + 1));
    if out.len() > MESSAGE_MAX {
        out.truncate(prefix(&out, MESSAGE_MAX - 3).len());
        out.push_str("...");
    }
    out
}

fn set_last_error(message: String, detail: BetzaErrorDetail) {
    LAST_ERROR.with(|e| *e.borrow_mut() = shorten(message));
    errors::set_last_detail(detail);
}

/// Runs one exported call: catches panics and records failures.
pub(crate) fn boundary(f: impl FnOnce() -> Result<()>) -> BetzaStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => BETZA_OK,
        Ok(Err(e)) => {
            set_last_error(e.message, e.detail);
            e.status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            set_last_error(
                format!("internal error (a bug in betza): {what}"),
                BetzaErrorDetail::NONE,
            );
            BETZA_PANIC
        }
    }
}

/// A required pointer argument must not be NULL.
pub(crate) fn need<T>(p: *const T, what: &str) -> Result<()> {
    if p.is_null() {
        fail(BETZA_NULL_ARGUMENT, format!("{what} is NULL"))
    } else {
        Ok(())
    }
}

/// A `const char *` argument as `&str`.
pub(crate) unsafe fn str_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str> {
    need(p, what)?;
    // SAFETY: the caller passes a NUL-terminated string.
    let c = unsafe { CStr::from_ptr(p) };
    c.to_str().map_err(|e| Fail {
        status: BETZA_INVALID_UTF8,
        message: format!("{what} is not valid UTF-8 (byte {})", e.valid_up_to()),
        detail: BetzaErrorDetail {
            byte_offset: e.valid_up_to() as i64,
            ..BetzaErrorDetail::NONE
        },
    })
}

/// A `const T *` argument as `&T`.
pub(crate) unsafe fn ref_arg<'a, T>(p: *const T, what: &str) -> Result<&'a T> {
    // SAFETY: the caller passes NULL or a valid pointer.
    match unsafe { p.as_ref() } {
        Some(r) => Ok(r),
        None => fail(BETZA_NULL_ARGUMENT, format!("{what} is NULL")),
    }
}

/// A `T *` argument as `&mut T`.
pub(crate) unsafe fn mut_arg<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T> {
    // SAFETY: the caller passes NULL or a valid, unaliased pointer.
    match unsafe { p.as_mut() } {
        Some(r) => Ok(r),
        None => fail(BETZA_NULL_ARGUMENT, format!("{what} is NULL")),
    }
}

/// Checks the pointers of a buffer output: `len` is required, `buf` may be
/// NULL only when `cap` is 0. Called before any work, so that a NULL is
/// reported whatever else is wrong.
pub(crate) fn buffer_args<T>(buf: *const T, cap: usize, len: *const usize) -> Result<()> {
    need(len, "len/count")?;
    if buf.is_null() && cap > 0 {
        return fail(BETZA_NULL_ARGUMENT, "buf is NULL but cap is not 0");
    }
    Ok(())
}

/// Copies `s` and a NUL into `buf` (capacity `cap`), reporting the length in
/// `*len` whether or not it fits.
pub(crate) unsafe fn write_str(
    s: &str,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> Result<()> {
    buffer_args(buf, cap, len)?;
    // SAFETY: len is not NULL.
    unsafe { *len = s.len() };
    if buf.is_null() && cap == 0 {
        return Ok(()); // a size query: not a failure
    }
    if cap < s.len() + 1 {
        return fail(
            BETZA_BUFFER_TOO_SMALL,
            format!("buffer of {cap} bytes is too small: {} needed", s.len() + 1),
        );
    }
    // SAFETY: buf has room for cap >= len + 1 bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        *buf.add(s.len()) = 0;
    }
    Ok(())
}

/// Copies `items` into `buf` (capacity `cap`), reporting the count in `*count`
/// whether or not they fit.
pub(crate) unsafe fn write_array<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    count: *mut usize,
) -> Result<()> {
    buffer_args(buf, cap, count)?;
    // SAFETY: count is not NULL.
    unsafe { *count = items.len() };
    if buf.is_null() && cap == 0 {
        return Ok(()); // a size query: not a failure
    }
    if cap < items.len() {
        return fail(
            BETZA_BUFFER_TOO_SMALL,
            format!("buffer of {cap} items is too small: {} needed", items.len()),
        );
    }
    if !items.is_empty() {
        // SAFETY: buf has room for cap >= items.len() values.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    Ok(())
}

/// The body of a call that writes text about one handle into a caller's
/// buffer: checks the handle (named `what`), then the buffer's pointers,
/// then writes what `text` makes of the handle (the length always, the text
/// when it fits). `text` checks the call's other arguments.
pub(crate) unsafe fn handle_text<H>(
    handle: *const H,
    what: &str,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
    text: impl FnOnce(&H) -> Result<String>,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let h = unsafe { ref_arg(handle, what) }?;
        buffer_args(buf, cap, len)?;
        let text = text(h)?;
        unsafe { write_str(&text, buf, cap, len) }
    })
}

/// The body of a call that answers a question about one handle into
/// `*out`: checks the handle (named `what`) and `out` (named `out_what`),
/// then writes what `answer` finds (`answer` checks the other arguments).
pub(crate) unsafe fn handle_answer<H, T>(
    handle: *const H,
    what: &str,
    out: *mut T,
    out_what: &str,
    answer: impl FnOnce(&H) -> Result<T>,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let h = unsafe { ref_arg(handle, what) }?;
        need(out, out_what)?;
        let value = answer(h)?;
        unsafe { write_out(out, value, out_what) }
    })
}

/// The body of a call that changes one handle by a text argument: checks
/// the handle (named `what`), then the text (named `text_what`), then runs
/// `change`.
pub(crate) unsafe fn change_by_text<H>(
    handle: *mut H,
    what: &str,
    text: *const c_char,
    text_what: &str,
    change: impl FnOnce(&mut H, &str) -> Result<()>,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let h = unsafe { mut_arg(handle, what) }?;
        let text = unsafe { str_arg(text, text_what) }?;
        change(h, text)
    })
}

/// As [`handle_text`] for an array: writes the values `items` lists (the
/// count always, the values when they fit).
pub(crate) unsafe fn handle_array<H, T: Copy>(
    handle: *const H,
    what: &str,
    buf: *mut T,
    cap: usize,
    count: *mut usize,
    items: impl FnOnce(&H) -> Result<Vec<T>>,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let h = unsafe { ref_arg(handle, what) }?;
        buffer_args(buf, cap, count)?;
        let items = items(h)?;
        unsafe { write_array(&items, buf, cap, count) }
    })
}

/// Writes one output value.
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T, what: &str) -> Result<()> {
    // SAFETY: the caller passes NULL or a valid pointer.
    match unsafe { out.as_mut() } {
        Some(o) => {
            *o = value;
            Ok(())
        }
        None => fail(BETZA_NULL_ARGUMENT, format!("{what} is NULL")),
    }
}

/// Writes a new handle into `*out`, which was checked not to be NULL.
pub(crate) unsafe fn write_handle<T>(out: *mut *mut T, value: T) -> Result<()> {
    need(out, "out")?;
    // SAFETY: out is not NULL.
    unsafe { *out = Box::into_raw(Box::new(value)) };
    Ok(())
}

static VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library's version as text, such as "0.2.0"; static, never freed.
/// It agrees with BETZA_VERSION_MAJOR, _MINOR and _PATCH of the header the
/// program was compiled with when the library is that version.
#[unsafe(no_mangle)]
pub extern "C" fn betza_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

/// The text of a status code, such as "invalid FEN"; static, never freed.
/// Any int is accepted: an unknown code gives "unknown status code".
#[unsafe(no_mangle)]
pub extern "C" fn betza_status_text(status: i32) -> *const c_char {
    let s: &'static str = match status {
        0 => "ok\0",
        1 => "a required pointer argument is NULL\0",
        2 => "unknown variant\0",
        3 => "invalid FEN\0",
        4 => "invalid move\0",
        5 => "illegal move\0",
        6 => "buffer too small\0",
        7 => "invalid UTF-8\0",
        8 => "argument out of range\0",
        9 => "invalid PGN\0",
        10 => "not allowed in this state\0",
        11 => "invalid square name\0",
        12 => "invalid PGN tag\0",
        13 => "invalid variant definition\0",
        14 => "invalid position setup\0",
        99 => "internal error\0",
        _ => "unknown status code\0",
    };
    s.as_ptr().cast()
}

/// Copies the calling thread's last error message into buf (capacity cap)
/// and returns its full length in bytes, without the NUL. A message that
/// does not fit is cut at a UTF-8 character boundary and NUL-terminated.
/// buf may be NULL when cap is 0 (to ask for the length). Messages quote at
/// most a short prefix of the caller's text. The message stays until the
/// thread's next failed call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_last_error(buf: *mut c_char, cap: usize) -> usize {
    catch_unwind(|| {
        LAST_ERROR.with(|e| {
            let e = e.borrow();
            if !buf.is_null() && cap > 0 {
                let cut = prefix(&e, cap - 1);
                // SAFETY: buf has room for cap > cut.len() bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(cut.as_ptr(), buf.cast::<u8>(), cut.len());
                    *buf.add(cut.len()) = 0;
                }
            }
            e.len()
        })
    })
    .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_constants_match_the_package() {
        let v = format!("{BETZA_VERSION_MAJOR}.{BETZA_VERSION_MINOR}.{BETZA_VERSION_PATCH}");
        assert_eq!(v, env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn long_quotations_are_cut_to_a_prefix() {
        let long = "x".repeat(1_000_000);
        let m = shorten(format!("move text {long:?}: malformed"));
        assert!(m.len() < QUOTE_MAX + 100, "{m}");
        assert!(m.starts_with(&format!("move text \"{}...\"", "x".repeat(QUOTE_MAX))));
        assert!(m.ends_with(": malformed"), "{m}");
        // Short quotations and escapes are kept.
        let m = shorten(format!(
            "a {:?} b {:?} and {:?}",
            "q\"x",
            "é",
            "y".repeat(10)
        ));
        assert_eq!(
            m,
            format!("a {:?} b {:?} and {:?}", "q\"x", "é", "y".repeat(10))
        );
        // A cut never ends inside a character or an escape.
        let m = shorten(format!("{:?}", "é".repeat(1000)));
        assert!(
            m.starts_with(&format!("\"{}...\"", "é".repeat(QUOTE_MAX / 2))),
            "{m}"
        );
        let m = shorten(format!("{:?}", "\"".repeat(1000)));
        assert!(
            m.starts_with(&format!("\"{}...\"", "\\\"".repeat(QUOTE_MAX / 2))),
            "{m}"
        );
        // Text without quotes is capped.
        let m = shorten("z".repeat(5000));
        assert_eq!(m.len(), MESSAGE_MAX);
        assert!(m.ends_with("..."));
    }

    #[test]
    fn quote_keeps_a_prefix() {
        assert_eq!(quote("e4"), "\"e4\"");
        let q = quote(&"é".repeat(50));
        assert_eq!(q, format!("\"{}\"... (100 bytes)", "é".repeat(40)));
    }
}
