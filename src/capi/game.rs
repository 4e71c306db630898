//! Games (history, undo, outcome, claims, tags, PGN) and SAN over the C ABI.

use std::ffi::c_char;

use super::BetzaStatus::{self, *};
use super::meta::{BetzaVariant, Holder, create_by_name, create_in};
use super::position::{
    BetzaMove, BetzaOutcome, BetzaPosition, BetzaResult, move_arg, move_error, result_of, slice_arg,
};
use super::{Boards, Fail, GameOf, Result, boundary, buffer_args, fail, fail_with, mut_arg, need};
use super::{change_by_text, handle_answer, handle_array, handle_text};
use super::{ref_arg, str_arg, write_handle, write_out, write_str};
use crate::game::GameResult;
use crate::pgn::{PgnError, PgnGames};
use crate::san::SanError;
use crate::{Claims, Game};

/// An opaque game: a start position, the moves played, the current position,
/// a declared result and PGN tags. It keeps its variant alive. Free it with
/// betza_game_free.
pub struct BetzaGame {
    /// The game, of its board type.
    game: GameOf,
    /// The same variant as the game's, as C sees it.
    holder: Holder,
}

impl BetzaGame {
    fn new(holder: Holder, game: GameOf) -> BetzaGame {
        BetzaGame { game, holder }
    }
}

/// The built-in variant of a board type other than the small one that a
/// PGN game's Variant tag names, when the small boards' reader refused the
/// name (`e`).
fn other_builtin(e: &PgnError) -> Option<Holder> {
    match e {
        PgnError::UnknownVariant(name) => Holder::by_name(name).ok(),
        _ => None,
    }
}

/// Is the game over, why, and what could be claimed.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetzaGameStatus {
    /// The end by the variant's rules (BETZA_RESULT_ONGOING if not over).
    pub outcome: BetzaOutcome,
    /// The variant's claimable repetition (threefold by default) could be
    /// claimed (never ends the game by itself).
    pub threefold_repetition: bool,
    /// The variant's claimable n-move rule (fifty moves by default) could be
    /// claimed (never ends the game by itself).
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
    fail_with(status)(&e)
}

fn pgn_error(e: PgnError) -> Fail {
    let mut f = fail_with(BETZA_INVALID_PGN)(&e);
    f.detail = super::errors::pgn_detail(&e);
    f
}

fn game_result(r: GameResult) -> BetzaResult {
    match r {
        GameResult::WhiteWins => result_of(Some(crate::Color::White)),
        GameResult::BlackWins => result_of(Some(crate::Color::Black)),
        GameResult::Draw => result_of(None),
        GameResult::Undecided => BetzaResult::BETZA_RESULT_ONGOING,
    }
}

/// A game of `holder`'s variant from `fen_or_null` (NULL: the start).
unsafe fn fen_game(holder: Holder, fen_or_null: *const c_char) -> Result<BetzaGame> {
    let fen = if fen_or_null.is_null() {
        None
    } else {
        // SAFETY: a C string from the caller.
        Some(unsafe { str_arg(fen_or_null, "fen") }?)
    };
    let game = map_board!(holder.variant(), |v| match fen {
        None => v.new_game(),
        Some(fen) => v.game_from_fen(fen).map_err(super::errors::fen_fail)?,
    });
    Ok(BetzaGame::new(holder, game))
}

/// Creates a game of the built-in variant named variant from fen_or_null
/// (NULL: the variant's start position) into *out; free it with
/// betza_game_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_UNKNOWN_VARIANT; BETZA_INVALID_FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_new(
    variant: *const c_char,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { create_by_name(variant, out, |h| fen_game(h, fen_or_null)) }
}

/// Creates a game of variant (any handle: built-in or from
/// betza_variant_new) from fen_or_null (NULL: the variant's start position)
/// into *out; free it with betza_game_free. The game keeps the variant
/// alive: the variant handle may be freed first.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_FEN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_new_in(
    variant: *const BetzaVariant,
    fen_or_null: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe { create_in(variant, out, |h| fen_game(h, fen_or_null)) }
}

/// Reads one game of PGN text into *out, in the built-in variant its
/// Variant tag names (chess without one); free it with betza_game_free.
/// The text must hold exactly one game.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pgn or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_PGN (also for a text without a game).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_from_pgn(
    pgn: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: a C string from the caller.
        let text = unsafe { str_arg(pgn, "pgn") }?;
        let made = match Game::from_pgn(text) {
            Ok(game) => {
                BetzaGame::new(Holder::by_name(game.variant().name())?, Boards::Small(game))
            }
            Err(e) => {
                // A built-in of a large board: read again in it.
                let Some(holder) = other_builtin(&e) else {
                    return Err(pgn_error(e));
                };
                let game = map_board!(holder.variant(), |v| v
                    .game_from_pgn(text)
                    .map_err(pgn_error)?);
                BetzaGame::new(holder, game)
            }
        };
        unsafe { write_handle(out, made) }
    })
}

/// Reads one game of PGN text in variant (any handle) into *out; a Variant
/// tag, if present, must name that variant. Free the game with
/// betza_game_free; it keeps the variant alive.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if variant, pgn or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_PGN (also for a text without a game).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_from_pgn_in(
    variant: *const BetzaVariant,
    pgn: *const c_char,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: pointers from the caller.
        let holder = Holder::of(unsafe { ref_arg(variant, "variant") }?);
        let text = unsafe { str_arg(pgn, "pgn") }?;
        let game = map_board!(holder.variant(), |v| v
            .game_from_pgn(text)
            .map_err(pgn_error)?);
        unsafe { write_handle(out, BetzaGame::new(holder, game)) }
    })
}

/// A copy of game (history, declared result and tags included) into *out;
/// free it with betza_game_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_clone(
    game: *const BetzaGame,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        need(out, "out")?;
        let copy = BetzaGame::new(g.holder.clone(), g.game.clone());
        unsafe { write_handle(out, copy) }
    })
}

/// Frees a game; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_free(game: *mut BetzaGame) {
    if !game.is_null() {
        // SAFETY: a game from this library, freed once.
        drop(unsafe { Box::from_raw(game) });
    }
}

/// Plays the legal move mv (found by from, to and promotion); on failure the
/// game is unchanged. Clears a declared result.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or mv is NULL;
/// BETZA_ILLEGAL_MOVE if no legal move matches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play(
    game: *mut BetzaGame,
    mv: *const BetzaMove,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let mv = unsafe { ref_arg(mv, "move") }?;
        on_board!(&mut g.game, |game| {
            let m = move_arg(game.position(), mv)?;
            game.play(&m).map(drop).map_err(move_error)
        })
    })
}

/// Plays a move given as move text (such as "e3e5"); on failure the game is
/// unchanged. Clears a declared result.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or move_text is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE; BETZA_ILLEGAL_MOVE;
/// BETZA_INVALID_STATE if the game is over by the rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play_text(
    game: *mut BetzaGame,
    move_text: *const c_char,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        change_by_text(game, "game", move_text, "move_text", |g, text| {
            on_board!(&mut g.game, |game| game
                .play_text(text)
                .map(drop)
                .map_err(move_error))
        })
    }
}

/// Plays a move given in SAN (such as "Nf3" or "+Fxe5"); on failure the game
/// is unchanged. Clears a declared result.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or san is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE (malformed, ambiguous, or no such
/// move); BETZA_ILLEGAL_MOVE; BETZA_INVALID_STATE if the game is over by the
/// rules.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_play_san(
    game: *mut BetzaGame,
    san: *const c_char,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        change_by_text(game, "game", san, "san", |g, text| {
            on_board!(&mut g.game, |game| game
                .play_san(text)
                .map(drop)
                .map_err(san_error))
        })
    }
}

/// Takes back the last move, writing it to *out unless out is NULL (out is
/// optional). Clears a declared result.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game is NULL;
/// BETZA_INVALID_STATE at the start of the game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_undo(game: *mut BetzaGame, out: *mut BetzaMove) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        match on_board!(&mut g.game, |game| game.undo()) {
            None => fail(BETZA_INVALID_STATE, "no move to undo"),
            Some(m) => {
                if !out.is_null() {
                    // SAFETY: a non-NULL output pointer.
                    unsafe { *out = BetzaMove::from(m) };
                }
                Ok(())
            }
        }
    })
}

/// A copy of the current position into *out; free it with
/// betza_position_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_position(
    game: *const BetzaGame,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        need(out, "out")?;
        unsafe {
            write_handle(
                out,
                BetzaPosition::of(
                    g.holder.clone(),
                    map_board!(&g.game, |game| game.owned_position()),
                ),
            )
        }
    })
}

/// The number of moves (plies) played, into *out.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_ply_count(
    game: *const BetzaGame,
    out: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(game, "game", out, "out", |g| {
            Ok(on_board!(&g.game, |game| game.ply_count()))
        })
    }
}

/// A copy of the position before ply number ply into *out: 0 is the start
/// position, betza_game_ply_count the current one. Free it with
/// betza_position_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL;
/// BETZA_INVALID_ARGUMENT if ply is over the ply count.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_position_at(
    game: *const BetzaGame,
    ply: usize,
    out: *mut *mut BetzaPosition,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        need(out, "out")?;
        let owned = map_board!(&g.game, |game| {
            let Some(pos) = game.position_at(ply) else {
                return fail(
                    BETZA_INVALID_ARGUMENT,
                    format!("ply {ply} is over the game's {} plies", game.ply_count()),
                );
            };
            game.board_variant()
                .owned(pos)
                .expect("a position of the game's variant")
        });
        let pos = BetzaPosition::of(g.holder.clone(), owned);
        unsafe { write_handle(out, pos) }
    })
}

/// The start position as FEN.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_start_fen(
    game: *const BetzaGame,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(game, "game", buf, cap, len, |g| {
            Ok(on_board!(&g.game, |game| game.start_position().to_fen()))
        })
    }
}

/// Checks a ply number for the annotation calls: at most the ply count,
/// and at least 1 when it names a move.
fn ply_arg(g: &BetzaGame, ply: usize, a_move: bool) -> Result<()> {
    let n = on_board!(&g.game, |game| game.ply_count());
    if ply > n {
        return fail(
            BETZA_INVALID_ARGUMENT,
            format!("ply {ply} is over the game's {n} plies"),
        );
    }
    if a_move && ply == 0 {
        return fail(
            BETZA_INVALID_ARGUMENT,
            "ply 0 is no move: moves count from 1",
        );
    }
    Ok(())
}

/// The comment at ply: with ply 0, the comment before the first move; with
/// ply k, the comment after the k-th move. Comments are read from PGN
/// (the main line's; runs of white space made one space) and written back
/// by betza_game_pgn. An empty string where there is none.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_INVALID_ARGUMENT if ply is over the ply
/// count; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_comment(
    game: *const BetzaGame,
    ply: usize,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(game, "game", buf, cap, len, |g| {
            ply_arg(g, ply, false)?;
            Ok(on_board!(&g.game, |game| game.comment(ply))
                .unwrap_or("")
                .to_string())
        })
    }
}

/// Sets the comment at ply (see betza_game_comment); an empty or blank
/// text removes it. Runs of white space become one space. Undoing the move
/// before it removes it. A comment has at most 1 MiB (1,048,576 bytes,
/// after its white space is made single spaces), as PGN reading allows.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or text is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_ARGUMENT if ply is over the ply count
/// or the comment is longer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_set_comment(
    game: *mut BetzaGame,
    ply: usize,
    text: *const c_char,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        change_by_text(game, "game", text, "text", |g, text| {
            ply_arg(g, ply, false)?;
            if !on_board!(&mut g.game, |game| game.set_comment(ply, text)) {
                return fail(
                    BETZA_INVALID_ARGUMENT,
                    format!(
                        "a comment of more than {} bytes",
                        crate::pgn::MAX_COMMENT_BYTES
                    ),
                );
            }
            Ok(())
        })
    }
}

/// The numeric annotation glyphs (NAGs) of the ply-th move (1 for the
/// first) into buf, in order: PGN's $n, with the suffixes !, ?, !!, ??, !?
/// and ?! read as 1 to 6. The count is 0 where there are none.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or count is NULL, or buf
/// is NULL and cap is not 0; BETZA_INVALID_ARGUMENT if ply is 0 or over the
/// ply count; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_nags(
    game: *const BetzaGame,
    ply: usize,
    buf: *mut u8,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_array(game, "game", buf, cap, count, |g| {
            ply_arg(g, ply, true)?;
            Ok(on_board!(&g.game, |game| game.nags(ply)).to_vec())
        })
    }
}

/// Sets the NAGs of the ply-th move to the count values of nags (nags may
/// be NULL when count is 0, which removes them). Undoing the move removes
/// them. A move carries at most 255 NAGs, as PGN reading allows.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game is NULL, or nags is NULL
/// and count is not 0; BETZA_INVALID_ARGUMENT if ply is 0 or over the ply
/// count, or count is over 255.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_set_nags(
    game: *mut BetzaGame,
    ply: usize,
    nags: *const u8,
    count: usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        // SAFETY: the caller passes count values.
        let nags = unsafe { slice_arg(nags, count, "nags") }?;
        ply_arg(g, ply, true)?;
        if nags.len() > crate::pgn::MAX_NAGS {
            return fail(
                BETZA_INVALID_ARGUMENT,
                format!(
                    "{} NAGs: a move carries at most {}",
                    nags.len(),
                    crate::pgn::MAX_NAGS
                ),
            );
        }
        on_board!(&mut g.game, |game| game.set_nags(ply, nags));
        Ok(())
    })
}

/// Is the game over by the rules, why, and what could be claimed: one call
/// for a GUI after each move.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_status(
    game: *const BetzaGame,
    out: *mut BetzaGameStatus,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(game, "game", out, "out", |g| {
            let s = on_board!(&g.game, |game| game.status());
            Ok(BetzaGameStatus {
                outcome: BetzaOutcome::of(s.outcome),
                threefold_repetition: s.claims.contains(Claims::THREEFOLD_REPETITION),
                fifty_moves: s.claims.contains(Claims::FIFTY_MOVES),
                repetitions: on_board!(&g.game, |game| game.repetitions()) as u32,
            })
        })
    }
}

/// The game's result into *out, as PGN writes it: the rules' result when
/// the game is over by them, else the one declared with
/// betza_game_declare_result, else BETZA_RESULT_ONGOING.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or out is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_result(
    game: *const BetzaGame,
    out: *mut BetzaResult,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_answer(game, "game", out, "out", |g| {
            Ok(game_result(on_board!(&g.game, |game| game.result())))
        })
    }
}

/// Records a result decided outside the rules: an accepted draw claim or
/// offer, a resignation, a loss on time, an adjudication. result is a
/// BetzaResult value; BETZA_RESULT_ONGOING takes a declared result back.
/// Playing or undoing a move clears it.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game is NULL;
/// BETZA_INVALID_ARGUMENT if result is not a BetzaResult value;
/// BETZA_INVALID_STATE if the game is over by the rules with another result
/// (declaring the rules' own result is accepted).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_declare_result(
    game: *mut BetzaGame,
    result: i32,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let r = match result {
            0 => GameResult::Undecided,
            1 => GameResult::WhiteWins,
            2 => GameResult::BlackWins,
            3 => GameResult::Draw,
            _ => {
                return fail(
                    BETZA_INVALID_ARGUMENT,
                    format!("result {result} is not a BetzaResult (0 to 3)"),
                );
            }
        };
        if let Some(o) = on_board!(&g.game, |game| game.outcome())
            && GameResult::from_outcome(o) != r
        {
            return fail(
                BETZA_INVALID_STATE,
                format!("the game is over by the rules: {o}; {r} cannot be declared"),
            );
        }
        on_board!(&mut g.game, |game| game.declare_result(r));
        Ok(())
    })
}

/// Sets a PGN tag written with the game, such as "White", "Black", "Event"
/// or "Date" (replacing an earlier value).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game, name or value is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_TAG if the name is not letters, digits
/// and '_', is one the game derives itself (Variant, SetUp, FEN, Result), or
/// the value holds a line break.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_set_tag(
    game: *mut BetzaGame,
    name: *const c_char,
    value: *const c_char,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { mut_arg(game, "game") }?;
        let name = unsafe { str_arg(name, "name") }?;
        let value = unsafe { str_arg(value, "value") }?;
        on_board!(&mut g.game, |game| game.set_tag(name, value))
            .map_err(|e| fail_with(BETZA_INVALID_TAG)(&e))
    })
}

/// The value of PGN tag name, such as the "White" player's name; an empty
/// string when the game has no such tag (PGN's unknown "?" included).
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game, name or len is NULL, or
/// buf is NULL and cap is not 0; BETZA_INVALID_UTF8; BETZA_BUFFER_TOO_SMALL
/// (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_tag(
    game: *const BetzaGame,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let g = unsafe { ref_arg(game, "game") }?;
        let name = unsafe { str_arg(name, "name") }?;
        buffer_args(buf, cap, len)?;
        unsafe {
            write_str(
                on_board!(&g.game, |game| game.tag(name)).unwrap_or(""),
                buf,
                cap,
                len,
            )
        }
    })
}

/// The moves played so far, in order.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or count is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the count is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_moves(
    game: *const BetzaGame,
    buf: *mut BetzaMove,
    cap: usize,
    count: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_array(game, "game", buf, cap, count, |g| {
            Ok(on_board!(&g.game, |game| game
                .moves()
                .map(BetzaMove::from)
                .collect()))
        })
    }
}

/// The moves played so far in SAN, separated by single spaces, such as
/// "e4 e5 Nf3" (SAN holds no space); an empty string before the first move.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_san_moves(
    game: *const BetzaGame,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(game, "game", buf, cap, len, |g| {
            Ok(on_board!(&g.game, |game| game.san_moves()).join(" "))
        })
    }
}

/// The game as PGN text.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if game or len is NULL, or buf is
/// NULL and cap is not 0; BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_game_pgn(
    game: *const BetzaGame,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    // SAFETY: pointers from the caller.
    unsafe {
        handle_text(game, "game", buf, cap, len, |g| {
            Ok(on_board!(&g.game, |game| game.to_pgn()))
        })
    }
}

/// The legal move mv (found by from, to and promotion) in SAN, such as
/// "Nf3", "Lxe5=+P" or "O-O", with "+" or "#" for check or mate.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, mv or len is NULL, or buf
/// is NULL and cap is not 0; BETZA_ILLEGAL_MOVE if no legal move matches;
/// BETZA_BUFFER_TOO_SMALL (the length is reported).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_move_san(
    pos: *const BetzaPosition,
    mv: *const BetzaMove,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> BetzaStatus {
    move_string!(pos, mv, buf, cap, len, |p, m| Result::Ok(p.san(m)))
}

/// Reads a SAN move into *out, without playing it.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pos, san or out is NULL;
/// BETZA_INVALID_UTF8; BETZA_INVALID_MOVE (malformed, ambiguous, or no such
/// move); BETZA_ILLEGAL_MOVE; BETZA_INVALID_STATE if the side to move has no
/// legal move.
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
        need(out, "out")?;
        let m = with_pos!(p, |q| q.parse_san(text).map_err(san_error)?);
        unsafe { write_out(out, BetzaMove::from(m), "out") }
    })
}

/// An opaque reader of the games of a PGN file, one by one. It holds a copy
/// of the text. Free it with betza_pgn_reader_free.
pub struct BetzaPgnReader {
    text: String,
    /// Where the next game starts, and its line.
    at: usize,
    line: usize,
    /// The variant to read the games in; `None`: each game's `Variant` tag.
    holder: Option<Holder>,
}

/// Creates a reader of the games in PGN text (a copy is kept) into *out.
/// With variant NULL each game is read in the built-in variant its Variant
/// tag names (chess without one); otherwise every game is read in variant,
/// and a Variant tag must name it. Free the reader with
/// betza_pgn_reader_free.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if pgn or out is NULL;
/// BETZA_INVALID_UTF8.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_pgn_reader_new(
    variant: *const BetzaVariant,
    pgn: *const c_char,
    out: *mut *mut BetzaPgnReader,
) -> BetzaStatus {
    boundary(|| {
        need(out, "out")?;
        // SAFETY: pointers from the caller.
        let text = unsafe { str_arg(pgn, "pgn") }?;
        let holder = unsafe { variant.as_ref() }.map(Holder::of);
        let reader = BetzaPgnReader {
            text: text.to_string(),
            at: 0,
            line: 1,
            holder,
        };
        unsafe { write_handle(out, reader) }
    })
}

/// Reads the next game into *out, a new game to free with betza_game_free;
/// after the last game *out is set to NULL (and BETZA_OK returned). A game
/// that is refused gives BETZA_INVALID_PGN, its message names the line, and
/// the next call goes on with the game after it.
///
/// Returns BETZA_OK; BETZA_NULL_ARGUMENT if reader or out is NULL;
/// BETZA_INVALID_PGN.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_pgn_reader_next(
    reader: *mut BetzaPgnReader,
    out: *mut *mut BetzaGame,
) -> BetzaStatus {
    boundary(|| {
        // SAFETY: pointers from the caller.
        let r = unsafe { mut_arg(reader, "reader") }?;
        need(out, "out")?;
        // Disjoint fields: the text is read while the place moves on.
        let rest = &r.text[r.at..];
        let (at, line) = (r.at, r.line);
        let made = match &r.holder {
            Some(h) => {
                let game = map_board!(h.variant(), |v| {
                    let mut games = v.pgn_games(rest).starting_at_line(line);
                    let next = games.next();
                    r.at = at + games.offset();
                    r.line = games.line();
                    match next {
                        None => {
                            // SAFETY: out is not NULL.
                            unsafe { *out = std::ptr::null_mut() };
                            return Ok(());
                        }
                        Some(Err(e)) => return Err(pgn_error(e)),
                        Some(Ok(game)) => game,
                    }
                });
                Some(BetzaGame::new(h.clone(), game))
            }
            None => {
                let mut games = PgnGames::new(rest).starting_at_line(line);
                let next = games.next();
                let used = games.offset();
                r.at = at + used;
                r.line = games.line();
                match next {
                    None => None,
                    Some(Ok(game)) => {
                        let holder = Holder::by_name(game.variant().name())?;
                        Some(BetzaGame::new(holder, Boards::Small(game)))
                    }
                    Some(Err(e)) => {
                        // A built-in of a large board: read the game again in it.
                        let Some(holder) = other_builtin(&e) else {
                            return Err(pgn_error(e));
                        };
                        let text = &rest[..used];
                        let game = map_board!(holder.variant(), |v| {
                            match v.pgn_games(text).starting_at_line(line).next() {
                                Some(Ok(game)) => game,
                                Some(Err(e)) => return Err(pgn_error(e)),
                                None => return Err(pgn_error(e)),
                            }
                        });
                        Some(BetzaGame::new(holder, game))
                    }
                }
            }
        };
        match made {
            // SAFETY: out is not NULL.
            None => unsafe {
                *out = std::ptr::null_mut();
                Ok(())
            },
            Some(game) => unsafe { write_handle(out, game) },
        }
    })
}

/// Frees a PGN reader; NULL is a no-op. The games it gave stay valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn betza_pgn_reader_free(reader: *mut BetzaPgnReader) {
    if !reader.is_null() {
        // SAFETY: a reader from this library, freed once.
        drop(unsafe { Box::from_raw(reader) });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn result_values_match_their_declared_numbers() {
        use super::BetzaResult::*;
        for (r, n) in [
            (BETZA_RESULT_ONGOING, 0),
            (BETZA_RESULT_WHITE_WINS, 1),
            (BETZA_RESULT_BLACK_WINS, 2),
            (BETZA_RESULT_DRAW, 3),
        ] {
            assert_eq!(r as i32, n);
        }
    }
}
