//! pyffish's stateless calls, `(variant, fen, moves)` in, text out: each call
//! builds a game, replays the moves and answers. `betza/stateless.py` gives
//! them pyffish's names and argument order.

use betza::{Color, EndReason, Game, Outcome, Position, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{VariantError, fen_err, move_err, register, registered_names, variant_by_name};

/// pyffish's `VALUE_MATE`: a won or lost game's value.
pub(crate) const VALUE_MATE: i32 = 32000;
/// pyffish's `VALUE_DRAW`.
pub(crate) const VALUE_DRAW: i32 = 0;

fn no_chess960(chess960: bool) -> PyResult<()> {
    if chess960 {
        return Err(PyValueError::new_err(
            "chess960 is not supported: betza has no Chess960 castling",
        ));
    }
    Ok(())
}

/// The game of `variant` from `fen` ("startpos": the start) after `moves`.
fn build(variant: &str, fen: &str, moves: &[String]) -> PyResult<Game> {
    let v = variant_by_name(variant)?;
    let mut game = if fen == "startpos" {
        Game::new(v)
    } else {
        Game::from_fen(v, fen).map_err(fen_err)?
    };
    for m in moves {
        game.play_text(m).map_err(move_err)?;
    }
    Ok(game)
}

/// Whether pyffish reports an end by this rule in `is_immediate_game_end`
/// (a rule of the position alone, other than checkmate and stalemate, which
/// pyffish leaves to `game_result`); the rules of the game's history
/// (repetition, perpetual check, the n-move rule, counting) it reports in
/// `is_optional_game_end`.
fn is_immediate(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::BareKing | EndReason::InsufficientMaterial | EndReason::RoyalCaptured
    )
}

/// Whether `is_optional_game_end` reports an end by this rule.
fn is_history(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::Repetition
            | EndReason::PerpetualCheck
            | EndReason::MoveRule
            | EndReason::Counting
    )
}

fn outcome_value(game: &Game, o: Outcome) -> i32 {
    value_for_side_to_move(game, o.winner)
}

/// The value of an ended game for the side to move, as pyffish gives it.
fn value_for_side_to_move(game: &Game, winner: Option<Color>) -> i32 {
    match winner {
        None => VALUE_DRAW,
        Some(c) if c == game.position().side_to_move() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    let pos = game.position();
    Ok(pos.legal_moves().iter().map(|m| pos.move_text(m)).collect())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
fn _sl_get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i32,
) -> PyResult<String> {
    no_chess960(chess960)?;
    check_notation(notation)?;
    let game = build(variant, fen, &[])?;
    let pos = game.position();
    let m = pos.parse_move(r#move).map_err(move_err)?;
    Ok(pos.san(&m))
}

fn check_notation(notation: i32) -> PyResult<()> {
    // NOTATION_DEFAULT (0) and NOTATION_SAN (1): the library writes SAN only.
    if notation != 0 && notation != 1 {
        return Err(PyValueError::new_err(format!(
            "notation {notation}: only NOTATION_DEFAULT (0) and NOTATION_SAN (1) are supported"
        )));
    }
    Ok(())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = 0))]
fn _sl_get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    no_chess960(chess960)?;
    check_notation(notation)?;
    let mut game = build(variant, fen, &[])?;
    let mut out = Vec::with_capacity(moves.len());
    for text in &moves {
        let m = game.position().parse_move(text).map_err(move_err)?;
        out.push(game.position().san(&m));
        game.play(&m).map_err(move_err)?;
    }
    Ok(out)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false, show_promoted = false, count_started = 0))]
fn _sl_get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i64,
) -> PyResult<String> {
    no_chess960(chess960)?;
    let _ = (show_promoted, count_started);
    let game = build(variant, fen, &moves)?;
    Ok(if sfen {
        game.position().to_sfen()
    } else {
        game.position().to_fen()
    })
}

#[pyfunction]
fn _sl_start_fen(variant: &str) -> PyResult<String> {
    Ok(variant_by_name(variant)?.start_fen().to_string())
}

#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn _sl_validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let v = variant_by_name(variant)?;
    Ok(match Position::from_fen(&v, fen) {
        Ok(_) => 1,
        Err(_) => -1,
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    match game.status().outcome {
        Some(o) => Ok(outcome_value(&game, o)),
        None => Err(PyValueError::new_err(format!(
            "the game is not over: the side to move has {} legal moves",
            game.position().legal_moves().len()
        ))),
    }
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    Ok(match game.status().outcome {
        Some(o) if is_immediate(o.reason) => (true, outcome_value(&game, o)),
        _ => (false, VALUE_DRAW),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, count_started = 0))]
fn _sl_is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    no_chess960(chess960)?;
    let _ = count_started;
    let game = build(variant, fen, &moves)?;
    let status = game.status();
    Ok(match status.outcome {
        Some(o) if is_history(o.reason) => (true, outcome_value(&game, o)),
        Some(_) => (false, VALUE_DRAW),
        None => (!status.claims.is_empty(), VALUE_DRAW),
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    no_chess960(chess960)?;
    Ok(build(variant, fen, &moves)?.position().is_check())
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn _sl_is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    let m = game.position().parse_move(r#move).map_err(move_err)?;
    Ok(m.is_capture())
}

#[pyfunction]
fn _sl_variants() -> Vec<String> {
    let mut names: Vec<String> = Variant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    for n in registered_names() {
        if !names.iter().any(|b| b.eq_ignore_ascii_case(&n)) {
            names.push(n);
        }
    }
    names
}

#[pyfunction]
fn _sl_load_variant_config(config: &str) -> PyResult<()> {
    let v = Variant::from_definition(config).map_err(|e| VariantError::new_err(e.to_string()))?;
    register(v.into());
    Ok(())
}

pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_sl_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_get_san, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_game_result, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_variants, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_load_variant_config, m)?)?;
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    Ok(())
}
