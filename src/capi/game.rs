//! Games (history, undo, outcome, claims, PGN) and SAN over the C ABI.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::position::{
    BetzaMove, BetzaOutcome, BetzaPosition, fen_position, move_arg, move_error, write_move_string,
};
use super::{Fail, boundary, fail, mut_arg, ref_arg, str_arg, write_array, write_out, write_str};
use crate::san::SanError;
use crate::{Claims, Game, Position};

/// An opaque game: a start position, the moves played, and the current
/// position. Free with `betza_game_free`.
pub struct BetzaGame {
    game: Game,
}

/// Is the game over, why, and what could be claimed.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaGameStatus {
    /// The end by the variant's rules (`BETZA_RESULT_ONGOING` if not over).
    pub outcome: BetzaOutcome,
    /// A threefold repetition could be claimed (never ends the game by itself).
    pub threefold_repetition: bool,
    /// The fifty-move rule could be claimed (never ends the game by itself).
    pub fifty_moves: bool,
    /// How often the current position has occurred, counting now.
    pub repetitions: u32,
}

fn san_error(e: SanError) -> Fail {
    let status = match e {
        SanError::KingExposed { .. } => BETZA_ILLEGAL_MOVE,
        SanError::GameOver { .. } => BETZA_INVALID_STATE,
        _ => BETZA_INVALID_MOVE,
    };
    Fail {
        status,
        message: e.to_string(),
    }
}

/// Creates a game of the built-in `variant` from `fen_or_null` (NULL: the
/// start position) into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_new(
    variant: *const c_char,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        if out.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "out is NULL");
        }
        let game = Game::from_position(fen_position(variant, fen_or_null)?);
        // SAFETY: out is not NULL.
        unsafe { *out = Box::into_raw(Box::new(BetzaGame { game })) };
        Ok(())
    })
}

/// Reads a game from PGN text into `*out`; the variant comes from the
/// `Variant` tag (chess without one).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_from_pgn(
    pgn: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        if out.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "out is NULL");
        }
        // SAFETY: C string from the caller.
        let text = unsafe { str_arg(pgn, "pgn") }?;
        let game = Game::from_pgn(text).or_else(|e| fail(BETZA_INVALID_PGN, e.to_string()))?;
        // SAFETY: out is not NULL.
        unsafe { *out = Box::into_raw(Box::new(BetzaGame { game })) };
        Ok(())
    })
}

/// Frees a game; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_free(game: *mut BetzaGame) {
    if !game.is_null() {
        // SAFETY: a game from betza_game_new/from_pgn, freed once.
        drop(unsafe { Box::from_raw(game) });
    }
}

/// Plays a legal move; on failure the game is unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play(
    game: *mut BetzaGame,
    mv: *const BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let m = move_arg(g.game.position(), unsafe { ref_arg(mv, "move") }?)?;
        g.game.play(&m).map(drop).map_err(move_error)
    })
}

/// Plays a move given as move text (`e3e5`); on failure the game is unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play_text(
    game: *mut BetzaGame,
    move_text: *const c_char,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let text = unsafe { str_arg(move_text, "move_text") }?;
        g.game.play_text(text).map(|_| ()).map_err(move_error)
    })
}

/// Plays a move given in SAN (`Nf3`, `+Fxe5`); on failure the game is unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play_san(
    game: *mut BetzaGame,
    san: *const c_char,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let text = unsafe { str_arg(san, "san") }?;
        g.game.play_san(text).map(|_| ()).map_err(san_error)
    })
}

/// Takes back the last move, writing it to `*out` unless `out` is NULL.
/// `BETZA_INVALID_STATE` at the start of the game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_undo(game: *mut BetzaGame, out: *mut BetzaMove) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        match g.game.undo() {
            None => fail(BETZA_INVALID_STATE, "no move to undo"),
            Some(m) => {
                if !out.is_null() {
                    // SAFETY: non-NULL output pointer.
                    unsafe { *out = BetzaMove::from(m) };
                }
                Ok(())
            }
        }
    })
}

/// A copy of the current position into `*out`; free it with `betza_position_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_position(
    game: *const BetzaGame,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        if out.is_null() {
            return fail(BETZA_NULL_ARGUMENT, "out is NULL");
        }
        // SAFETY: out is not NULL.
        unsafe {
            *out = Box::into_raw(Box::new(BetzaPosition {
                pos: *g.game.position(),
            }))
        };
        Ok(())
    })
}

/// Is the game over, why, and what could be claimed: one call for a GUI.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_status(
    game: *const BetzaGame,
    out: *mut BetzaGameStatus,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        let s = g.game.status();
        let status = BetzaGameStatus {
            outcome: BetzaOutcome::of(s.outcome),
            threefold_repetition: s.claims.contains(Claims::THREEFOLD_REPETITION),
            fifty_moves: s.claims.contains(Claims::FIFTY_MOVES),
            repetitions: g.game.repetitions() as u32,
        };
        unsafe { write_out(out, status, "out") }
    })
}

/// The moves played so far, in order.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_moves(
    game: *const BetzaGame,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        let moves: Vec<BetzaMove> = g.game.moves().map(BetzaMove::from).collect();
        unsafe { write_array(&moves, buf, cap, count) }
    })
}

/// The game as PGN text.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_pgn(
    game: *const BetzaGame,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        unsafe { write_str(&g.game.to_pgn(), buf, cap, len) }
    })
}

/// The move in SAN (`Nf3`, `Lxe5=+P`, `O-O`), with `+`/`#` for check/mate.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_move_san(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_move_string(p, mv, buf, cap, len, Position::san) }
    })
}

/// Reads a SAN move into `*out`, without playing it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_parse_san(
    pos: *const BetzaPosition,
    san: *const c_char,
    out: *mut BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        let text = unsafe { str_arg(san, "san") }?;
        let m = p.pos.parse_san(text).map_err(san_error)?;
        unsafe { write_out(out, BetzaMove::from(m), "out") }
    })
}

/// The position's Zobrist hash (placement, side, castling rights, e.p.).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_position_hash(
    pos: *const BetzaPosition,
    out: *mut u64,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let p = unsafe { ref_arg(pos, "pos") }?;
        unsafe { write_out(out, p.pos.hash(), "out") }
    })
}
