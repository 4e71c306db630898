//! pyffish's stateless calls, `(variant, fen, moves)` in, text out: each call
//! builds a game, replays the moves and answers. `betza/stateless.py` gives
//! them pyffish's names and argument order. Every board type: the game is
//! an [`AnyGame`], matched once per call.

use betza::{AnyVariant, Board, Color, EndReason, Game, with_board};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::boards::AnyGame;
use crate::{VariantError, play_text, register, registered_names, variant_by_name};

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
fn build(variant: &str, fen: &str, moves: &[String]) -> PyResult<AnyGame> {
    let v = variant_by_name(variant)?;
    let mut game = AnyGame::new(&v, (fen != "startpos").then_some(fen))?;
    with_game!(&mut game, |g| {
        for m in moves {
            play_text(g, m)?;
        }
    });
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

/// The value of an ended game for the side to move, as pyffish gives it.
fn value_for_side_to_move<B: Board>(game: &Game<B>, winner: Option<Color>) -> i32 {
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
    Ok(with_game!(&game, |g| {
        let pos = g.position();
        pos.legal_moves().iter().map(|m| pos.move_text(m)).collect()
    }))
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
    with_game!(&game, |g| {
        let pos = g.position();
        let m = crate::text_move(pos, r#move)?;
        Ok(pos.san(&m))
    })
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
    with_game!(&mut game, |g| {
        for text in &moves {
            let m = crate::text_move(g.position(), text)?;
            out.push(g.position().san(&m));
            play_text(g, text)?;
        }
    });
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
    Ok(with_game!(&game, |g| if sfen {
        g.position().to_sfen()
    } else {
        g.position().to_fen()
    }))
}

#[pyfunction]
fn _sl_start_fen(variant: &str) -> PyResult<String> {
    Ok(variant_by_name(variant)?.definition().start_fen.clone())
}

#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn _sl_validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let v = variant_by_name(variant)?;
    let valid = with_board!(&v, |v| v.from_fen(fen).is_ok());
    Ok(if valid { 1 } else { -1 })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    with_game!(&game, |g| match g.status().outcome {
        Some(o) => Ok(value_for_side_to_move(g, o.winner)),
        None => Err(PyValueError::new_err(format!(
            "the game is not over: the side to move has {} legal moves",
            g.position().legal_moves().len()
        ))),
    })
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
    Ok(with_game!(&game, |g| match g.status().outcome {
        Some(o) if is_immediate(o.reason) => (true, value_for_side_to_move(g, o.winner)),
        _ => (false, VALUE_DRAW),
    }))
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
    Ok(with_game!(&game, |g| {
        let status = g.status();
        match status.outcome {
            Some(o) if is_history(o.reason) => (true, value_for_side_to_move(g, o.winner)),
            Some(_) => (false, VALUE_DRAW),
            None => (!status.claims.is_empty(), VALUE_DRAW),
        }
    }))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    no_chess960(chess960)?;
    let game = build(variant, fen, &moves)?;
    Ok(with_game!(&game, |g| g.position().is_check()))
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
    with_game!(&game, |g| Ok(
        crate::text_move(g.position(), r#move)?.is_capture()
    ))
}

#[pyfunction]
fn _sl_variants() -> Vec<String> {
    let mut names: Vec<String> = AnyVariant::builtin_names()
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

/// Whether `text` is in Fairy-Stockfish's format: its first line that is
/// not blank or a comment is a `[section]` (a TOML definition starts with
/// top-level keys).
pub(crate) fn is_fsf_ini(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .is_some_and(|l| l.starts_with('[') && !l.starts_with("[["))
}

/// Loads a configuration text; returns the refusals (section, message) of
/// a Fairy-Stockfish text's sections that the library cannot express (the
/// Python layer warns of each); a TOML definition is all or nothing.
#[pyfunction]
fn _sl_load_variant_config(config: &str) -> PyResult<Vec<(String, String)>> {
    if is_fsf_ini(config) {
        let sections = betza::VariantDef::from_fsf_ini_each(config)
            .map_err(|e| VariantError::new_err(e.to_string()))?;
        let mut refused = Vec::new();
        for (name, def) in sections {
            match def.and_then(AnyVariant::new) {
                Ok(v) => register(v),
                Err(e) => refused.push((name, e.to_string())),
            }
        }
        return Ok(refused);
    }
    let v =
        AnyVariant::from_definition(config).map_err(|e| VariantError::new_err(e.to_string()))?;
    register(v);
    Ok(Vec::new())
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
