//! The C ABI: a thin layer over the Rust API, with no rules logic of its own.
//!
//! Conventions (also in the README's "C API" section):
//! - Objects the library creates are opaque handles freed by their `_free`
//!   function, which accepts NULL.
//! - Functions return a [`BetzaStatus`]; `BETZA_OK` is zero. Outputs are
//!   written only on success, except the needed length of a string or array,
//!   which is always reported: call with a NULL buffer and capacity 0 to ask
//!   for it (the status is then `BETZA_BUFFER_TOO_SMALL`).
//! - Strings are NUL-terminated UTF-8; a reported length excludes the NUL, so a
//!   buffer needs `len + 1` bytes.
//! - `betza_last_error` copies the message of the calling thread's last failed
//!   call. No panic crosses the boundary: it becomes `BETZA_PANIC`.
//! - Squares are `rank * width + file` indices; piece types are indices into the
//!   variant's piece list; colours are 0 (White) and 1 (Black).

#![allow(unsafe_code)]
#![allow(clippy::missing_safety_doc)] // every function shares the safety rules above

mod game;
mod meta;
mod position;

use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

pub use game::*;
pub use meta::*;
pub use position::*;

/// The library's version: `BETZA_VERSION_MAJOR`.
pub const BETZA_VERSION_MAJOR: u32 = 0;
/// The library's version: `BETZA_VERSION_MINOR`.
pub const BETZA_VERSION_MINOR: u32 = 1;
/// The library's version: `BETZA_VERSION_PATCH`.
pub const BETZA_VERSION_PATCH: u32 = 0;

/// What a call did. `BETZA_OK` is zero; every other value is a failure whose
/// message `betza_last_error` returns.
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
    /// The move text is malformed or names no move of the piece.
    BETZA_INVALID_MOVE = 4,
    /// The move is not legal in the position.
    BETZA_ILLEGAL_MOVE = 5,
    /// The caller's buffer is too small; the needed length was reported.
    BETZA_BUFFER_TOO_SMALL = 6,
    /// A string argument is not valid UTF-8.
    BETZA_INVALID_UTF8 = 7,
    /// A number argument is out of range (square, piece index, colour, depth).
    BETZA_INVALID_ARGUMENT = 8,
    /// The PGN text was refused.
    BETZA_INVALID_PGN = 9,
    /// Nothing to undo, or no move allowed because the game is over.
    BETZA_INVALID_STATE = 10,
    /// An internal error (a bug): the call had no effect.
    BETZA_PANIC = 99,
}

use BetzaStatus::*;

/// A failure on its way to C.
pub(crate) struct Fail {
    status: BetzaStatus,
    message: String,
}

pub(crate) type Result<T> = std::result::Result<T, Fail>;

pub(crate) fn fail<T>(status: BetzaStatus, message: impl Into<String>) -> Result<T> {
    Err(Fail {
        status,
        message: message.into(),
    })
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// Runs one exported call: catches panics and records failures.
pub(crate) fn boundary(f: impl FnOnce() -> Result<()>) -> BetzaStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => BETZA_OK,
        Ok(Err(e)) => {
            set_last_error(e.message);
            e.status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            set_last_error(format!("internal error (a bug in betza): {what}"));
            BETZA_PANIC
        }
    }
}

/// A `const char *` argument as `&str`.
pub(crate) unsafe fn str_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str> {
    if p.is_null() {
        return fail(BETZA_NULL_ARGUMENT, format!("{what} is NULL"));
    }
    // SAFETY: the caller passes a NUL-terminated string.
    let c = unsafe { CStr::from_ptr(p) };
    c.to_str().or_else(|e| {
        fail(
            BETZA_INVALID_UTF8,
            format!("{what} is not valid UTF-8 (byte {})", e.valid_up_to()),
        )
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

/// Copies `s` and a NUL into `buf` (capacity `cap`), reporting the length in
/// `*len` (which may be NULL) whether or not it fits.
pub(crate) unsafe fn write_str(
    s: &str,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> Result<()> {
    if !len.is_null() {
        // SAFETY: non-NULL output pointer from the caller.
        unsafe { *len = s.len() };
    }
    if buf.is_null() && cap > 0 {
        return fail(BETZA_NULL_ARGUMENT, "buf is NULL but cap is not 0");
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
/// (which may be NULL) whether or not they fit.
pub(crate) unsafe fn write_array<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    count: *mut usize,
) -> Result<()> {
    if !count.is_null() {
        // SAFETY: non-NULL output pointer from the caller.
        unsafe { *count = items.len() };
    }
    if buf.is_null() && cap > 0 {
        return fail(BETZA_NULL_ARGUMENT, "buf is NULL but cap is not 0");
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

static VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library's version as text, such as `"0.1.0"`; static, never freed.
#[unsafe(no_mangle)]
pub extern "C" fn betza_version() -> *const c_char {
    VERSION.as_ptr().cast()
}

/// The text of a status code; static, never freed.
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
        99 => "internal error\0",
        _ => "unknown status code\0",
    };
    s.as_ptr().cast()
}

/// Copies the calling thread's last error message (NUL-terminated, cut to
/// fit) into `buf` and returns its full length without the NUL. `buf` may be
/// NULL when `cap` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_last_error(buf: *mut c_char, cap: usize) -> usize {
    catch_unwind(|| {
        LAST_ERROR.with(|e| {
            let e = e.borrow();
            if !buf.is_null() && cap > 0 {
                let n = e.len().min(cap - 1);
                // SAFETY: buf has room for cap > n bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(e.as_ptr(), buf.cast::<u8>(), n);
                    *buf.add(n) = 0;
                }
            }
            e.len()
        })
    })
    .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_constants_match_the_package() {
        let v = format!(
            "{}.{}.{}",
            super::BETZA_VERSION_MAJOR,
            super::BETZA_VERSION_MINOR,
            super::BETZA_VERSION_PATCH
        );
        assert_eq!(v, env!("CARGO_PKG_VERSION"));
    }
}
