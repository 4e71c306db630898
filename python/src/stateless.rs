//! pyffish's stateless calls, `(variant, fen, moves)` in, text out: each call
//! builds a game, replays the moves and answers. `betza/stateless.py` gives
//! them pyffish's names and argument order. Every board type: the game is
//! an [`AnyGame`], matched once per call.

use std::sync::Mutex;

use betza::fen::{FenCode, complete_fen};
use betza::{
    AnyVariant, Board, CapturedRule, CastlingNotation, Color, EndReason, FenError, Game, Notation,
    with_board,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::boards::{AnyGame, variant_id};
use crate::{VariantError, play_text, register, registered_names, variant_by_name};

/// pyffish's `VALUE_MATE`: a won or lost game's value.
pub(crate) const VALUE_MATE: i32 = 32000;
/// pyffish's `VALUE_DRAW`.
pub(crate) const VALUE_DRAW: i32 = 0;

/// Each variant's Chess960 form made so far: (the variant, its form), the
/// variant kept so that its address (the key) is not reused.
static CHESS960: Mutex<Vec<(AnyVariant, AnyVariant)>> = Mutex::new(Vec::new());
/// The most Chess960 forms kept (the oldest is dropped).
const CHESS960_KEPT: usize = 64;

/// The variant of this name, in its Chess960 form with `chess960`
/// (pyffish's argument): castling from any start, the King and its
/// partners anywhere on the first rank (Chess960's rule, `any-start` in a
/// definition), and the move text of castling the King taking its partner.
/// A variant without castling, or one that castles from any start already,
/// is itself.
fn variant_for(name: &str, chess960: bool) -> PyResult<AnyVariant> {
    let v = variant_by_name(name)?;
    let castles = v.definition().castling.as_ref();
    if !chess960 || castles.is_none_or(|c| c.any_start) {
        return Ok(v);
    }
    let mut made = CHESS960.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, v960)) = made
        .iter()
        .find(|(base, _)| variant_id(base) == variant_id(&v))
    {
        return Ok(v960.clone());
    }
    let mut def = v.definition().clone();
    if let Some(c) = def.castling.as_mut() {
        c.any_start = true;
    }
    let v960 = AnyVariant::new(def)
        .map_err(|e| VariantError::new_err(format!("{name} has no Chess960 form: {e}")))?;
    if made.len() >= CHESS960_KEPT {
        made.remove(0);
    }
    made.push((v, v960.clone()));
    Ok(v960)
}

/// The game of `variant` (its Chess960 form with `chess960`) from `fen`
/// ("startpos": the start; a FEN cut short as pyffish reads it is made
/// whole) after `moves`.
fn build(variant: &str, fen: &str, moves: &[String], chess960: bool) -> PyResult<AnyGame> {
    let v = variant_for(variant, chess960)?;
    let mut game = if fen == "startpos" {
        AnyGame::start(&v)
    } else {
        let fen = complete_fen(fen);
        match AnyGame::new(&v, Some(&fen)) {
            Ok(game) => game,
            // Read again (only a refused FEN pays for it) without the rights
            // Fairy-Stockfish would skip.
            Err(e) => {
                // A gating variant's misplaced right still names its
                // partner's gate; if that reading fails too, the right goes.
                let gates = v.definition().rules.gating;
                let as_gate = without_misplaced_rights(&v, &fen, gates);
                let fixed = without_misplaced_rights(&v, &fen, false);
                if fixed == *fen {
                    return Err(e);
                }
                match AnyGame::new(&v, Some(&as_gate)) {
                    Ok(game) if gates => game,
                    _ if gates => AnyGame::new(&v, Some(&fixed))?,
                    other => other?,
                }
            }
        }
    };
    with_game!(&mut game, |g| {
        for m in moves {
            // Past an end by a rule of the history (a repetition, the
            // n-move rule) or a dead position, as pyffish replays a list:
            // only the last position is judged.
            match crate::text_move(g.position(), m) {
                Ok(mv) => {
                    g.play_past_end(&mv).map_err(crate::move_err)?;
                }
                Err(_) => {
                    play_text(g, m)?;
                }
            }
        }
    });
    Ok(game)
}

/// `fen` without the castling rights (`K`, `Q`, `k`, `q`) whose King or
/// Rook is not on its start square, as Fairy-Stockfish reads a FEN (it
/// skips such rights); `validate_fen` still refuses them. With `as_gate`
/// (a gating variant) such a right becomes the gating right of its
/// partner's file (`Q`: `A`), as Fairy-Stockfish keeps the gate of a
/// right it cannot castle with.
fn without_misplaced_rights(v: &AnyVariant, fen: &str, as_gate: bool) -> String {
    let def = v.definition();
    let files = def.files;
    let partner_file = |right: char| {
        let c = def.castling.as_ref()?;
        let (i, corner) = match right.to_ascii_lowercase() {
            'k' => (0, files.checked_sub(1)?),
            'q' => (1, 0),
            _ => return None,
        };
        let letter = (b'a' + c.partner_files[i].unwrap_or(corner)) as char;
        Some(if right.is_ascii_uppercase() {
            letter.to_ascii_uppercase()
        } else {
            letter
        })
    };
    let mut fen = fen.to_string();
    // At most one try per right.
    for _ in 0..4 {
        let error = with_board!(v, |b| b.from_fen(&fen).err());
        let Some(FenError::CastlingPieces { right, .. }) = error else {
            break;
        };
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        let Some(castling) = fields.get_mut(2).filter(|c| c.contains(right)) else {
            break;
        };
        let gate = partner_file(right)
            .filter(|_| as_gate)
            .map(String::from)
            .unwrap_or_default();
        *castling = castling.replace(right, &gate);
        if castling.is_empty() {
            *castling = "-".to_string();
        }
        fen = fields.join(" ");
    }
    fen
}

/// Whether pyffish reports an end by this rule in `is_immediate_game_end`
/// (a rule of the position alone, other than checkmate and stalemate, which
/// pyffish leaves to `game_result`: Fairy-Stockfish's extinction, flag,
/// check-counting, passing and full-board ends); the rules of the game's
/// history (repetition, perpetual check, the n-move rule, counting) it
/// reports in `is_optional_game_end`.
fn is_immediate(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::BareKing
            | EndReason::InsufficientMaterial
            | EndReason::RoyalCaptured
            | EndReason::Passes
            | EndReason::Bikjang
            | EndReason::FullBoard
            | EndReason::Region
            | EndReason::Checks
            | EndReason::Extinction
            | EndReason::Explosion
    )
}

/// Whether `is_optional_game_end` reports an end by this rule.
fn is_history(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::Repetition
            | EndReason::PerpetualCheck
            | EndReason::PerpetualChase
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
    let game = build(variant, fen, &moves, chess960)?;
    Ok(with_game!(&game, |g| {
        let pos = g.position();
        let moves = pos.legal_moves();
        if chess960 {
            moves
                .iter()
                .map(|m| pos.move_text_king_takes_partner(m))
                .collect()
        } else {
            moves.iter().map(|m| pos.move_text(m)).collect()
        }
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
    let notation = notation_for(notation, variant)?;
    let game = build(variant, fen, &[], chess960)?;
    with_game!(&game, |g| {
        let pos = g.position();
        let m = crate::text_move(pos, r#move)?;
        as_pyffish_writes(pos.notation(&m, notation), notation)
    })
}

/// A move written in `notation` as pyffish writes it: WXF's sideways move
/// with `=` (the WXF allows `.` and `=`; the library writes `.`).
fn as_pyffish_writes(
    text: Result<String, betza::MoveError>,
    notation: Notation,
) -> PyResult<String> {
    let text = text.map_err(crate::move_err)?;
    Ok(if notation == Notation::Wxf {
        text.replace('.', "=")
    } else {
        text
    })
}

/// pyffish's `NOTATION_*` constants: (value, name, the library's notation
/// that writes as pyffish does; `None`: the variant's, [`default_notation`]).
pub(crate) const NOTATIONS: [(i32, &str, Option<Notation>); 10] = [
    // pyffish writes each type's alias (Xiangqi's Horse H) in SAN and LAN.
    (0, "NOTATION_DEFAULT", None),
    (1, "NOTATION_SAN", Some(Notation::SanAlias)),
    (2, "NOTATION_LAN", Some(Notation::LanAlias)),
    (3, "NOTATION_SHOGI_HOSKING", Some(Notation::ShogiHosking)),
    (4, "NOTATION_SHOGI_HODGES", Some(Notation::ShogiHodges)),
    (
        5,
        "NOTATION_SHOGI_HODGES_NUMBER",
        Some(Notation::ShogiHodgesNumber),
    ),
    (6, "NOTATION_JANGGI", Some(Notation::Janggi)),
    (7, "NOTATION_XIANGQI_WXF", Some(Notation::Wxf)),
    (8, "NOTATION_THAI_SAN", Some(Notation::ThaiSan)),
    (9, "NOTATION_THAI_LAN", Some(Notation::ThaiLan)),
];

/// pyffish's `NOTATION_DEFAULT` for the variant of `def`, as Fairy-Stockfish
/// chooses it: Hodges' notation with numbers (`P-76`) in the shogi family
/// (its variants of template "shogi"), SAN (with aliases) otherwise. The
/// shogi family, read from the definition: shogi-style promoted types
/// (`+X` tokens), no chess Pawn (the pawn type; Wolf chess's `+P` is a
/// promoted Pawn of chess) and no Lion, whose two-step moves Hodges'
/// notation does not write (Chu Shogi, which pyffish lacks, keeps SAN).
fn default_notation(def: &betza::VariantDef) -> Notation {
    let shogi_style = def.pieces.iter().any(|p| p.token.starts_with('+'));
    if shogi_style && !def.pieces.iter().any(|p| p.pawn || p.lion) {
        Notation::ShogiHodgesNumber
    } else {
        Notation::SanAlias
    }
}

/// The library's notation of a pyffish `NOTATION_*` value in `variant`
/// (`NOTATION_DEFAULT`: the variant's, [`default_notation`]), or a
/// `ValueError` for another number.
fn notation_for(notation: i32, variant: &str) -> PyResult<Notation> {
    match NOTATIONS.iter().find(|(n, _, _)| *n == notation) {
        Some((_, _, Some(written))) => Ok(*written),
        Some((_, _, None)) => Ok(default_notation(variant_by_name(variant)?.definition())),
        None => Err(PyValueError::new_err(format!(
            "notation {notation}: no such NOTATION_* value (0 to 9)"
        ))),
    }
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
    let notation = notation_for(notation, variant)?;
    let mut game = build(variant, fen, &[], chess960)?;
    let mut out = Vec::with_capacity(moves.len());
    with_game!(&mut game, |g| {
        for text in &moves {
            let m = crate::text_move(g.position(), text)?;
            out.push(as_pyffish_writes(
                g.position().notation(&m, notation),
                notation,
            )?);
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
    let game = build(variant, fen, &moves, chess960)?;
    Ok(with_game!(&game, |g| {
        let pos = g.position();
        if sfen {
            return Ok(pos.to_sfen());
        }
        // pyffish's Chess960 FEN names each castling partner's file.
        let castling = if chess960 {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        };
        let fen = if show_promoted {
            pos.to_fen_promoted_with(castling)
        } else {
            pos.to_fen_with(castling)
        };
        Ok::<String, PyErr>(with_count_started(g, fen, count_started))
    })?)
}

/// The FEN with Makruk's counting fields (`Game::with_counting_fields`),
/// the board's honour counted as pyffish's `count_started` says: 0, as the
/// game counted it; negative, not started (0 plies); else from that ply
/// (plies since, the last one counted). The pieces' honour ignores it.
fn with_count_started<B: betza::Board>(g: &Game<B>, fen: String, count_started: i64) -> String {
    let fen = g.with_counting_fields(fen);
    let Some((limit, counted)) = g.counting() else {
        return fen;
    };
    if count_started == 0 {
        return fen;
    }
    let pos = g.position();
    let pieces_honour = [Color::White, Color::Black]
        .iter()
        .any(|&c| pos.occupied_by(c).into_iter().count() <= 1);
    let game_ply =
        2 * (i64::from(pos.fullmove_number()) - 1) + i64::from(pos.side_to_move() == Color::Black);
    let ply = if count_started < 0 {
        0
    } else {
        (1 + game_ply - count_started).max(0)
    };
    // Cambodian (`board-honour-shown`): the board's honour, counted from
    // `count_started`, is written when it ends sooner than the count.
    let variant = g.board_variant();
    let board = variant
        .definition()
        .game_end
        .counting
        .as_ref()
        .filter(|c| c.board_honour_shown)
        .map(|c| 2 * i64::from(c.board_honour));
    let shorter = board.filter(|&b| b - ply < i64::from(limit) - i64::from(counted));
    if pieces_honour && shorter.is_none() {
        return fen;
    }
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let n = fields.len();
    if n >= 2 && fields[n - 2] == counted.to_string() {
        fields[n - 2] = ply.to_string();
    }
    if let Some(b) = shorter {
        // The limit's field: before the checks of a variant that counts them.
        if let Some(f) = fields
            .iter_mut()
            .rev()
            .skip(2)
            .find(|f| **f == limit.to_string())
        {
            *f = b.to_string();
        }
    }
    fields.join(" ")
}

#[pyfunction]
fn _sl_start_fen(variant: &str) -> PyResult<String> {
    Ok(variant_by_name(variant)?.start_fen().to_string())
}

#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn _sl_validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    let v = variant_for(variant, chess960)?;
    let fen = complete_fen(fen);
    Ok(with_board!(&v, |b| b.fen_code(&fen)) as i32)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let game = match build(variant, fen, &moves, chess960) {
        Ok(game) => game,
        // A FEN whose side to move could take the enemy King (Xiangqi's
        // Kings facing each other), without moves: its material alone
        // answers, as pyffish answers it. Every other call refuses it.
        Err(e) if moves.is_empty() => {
            let v = variant_for(variant, chess960)?;
            let fen = complete_fen(fen);
            return with_board!(&v, |b| b.insufficient_material_in_fen(&fen)).map_err(|_| e);
        }
        Err(e) => return Err(e),
    };
    Ok(with_game!(&game, |g| {
        let pos = g.position();
        (
            pos.has_insufficient_material(Color::White),
            pos.has_insufficient_material(Color::Black),
        )
    }))
}

/// pyffish's `piece_to_partner`: the piece the last of `moves` captured, as
/// it would go to the partner's hand in bughouse: in the captured side's
/// case, as it enters a hand (a promoted piece as the type it promoted
/// from, in variants with hands), or `""` when the last move captured
/// nothing (or there is none).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_piece_to_partner(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    let game = build(variant, fen, &moves, chess960)?;
    Ok(with_game!(&game, |g| {
        let n = g.ply_count();
        let (Some(m), Some(before)) = (
            g.moves().last(),
            n.checked_sub(1).and_then(|p| g.position_at(p)),
        ) else {
            return Ok(String::new());
        };
        let after = g.position();
        let v = g.board_variant();
        let mover = before.side_to_move();
        let captured_color = mover.opposite();
        // With hands, what entered the capturer's hand is the answer.
        let entered = v
            .hand_roles()
            .iter()
            .find(|&&r| after.hand_count(mover, r) > before.hand_count(mover, r));
        // A marked piece (promoted from a pawn) goes to the partner as one.
        let marked = m.is_capture() && !m.is_en_passant() && before.is_marked(m.to());
        let role = match entered {
            Some(&r) => Some(r),
            None if marked => v
                .definition()
                .pieces
                .iter()
                .position(|p| p.pawn)
                .map(|i| betza::Role(i as u8)),
            None => m.captured().or(m.via_captured()),
        };
        Ok::<String, PyErr>(role.map_or_else(String::new, |r| v.piece(r).token.fen(captured_color)))
    })?)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    let game = build(variant, fen, &moves, chess960)?;
    with_game!(&game, |g| {
        let status = g.status();
        match status.outcome {
            Some(o) => Ok(value_for_side_to_move(g, o.winner)),
            // pyffish's test of Armageddon's fifty moves: a draw that can
            // be claimed is the game's result once claimed.
            None if !status.claims.is_empty() => Ok(claimed_value(g)),
            None => Err(PyValueError::new_err(format!(
                "the game is not over: the side to move has {} legal moves",
                g.position().legal_moves().len()
            ))),
        }
    })
}

/// The value of a draw claimed for the side to move, as Fairy-Stockfish
/// values its n-move and n-fold ends: a win by material where the variant
/// counts it (Janggi), else a win for the side with draw odds (Armageddon's
/// Black), else a draw.
fn claimed_value<B: Board>(g: &Game<B>) -> i32 {
    let odds = g.board_variant().definition().game_end.draw_winner;
    value_for_side_to_move(g, g.position().material_winner().or(odds))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    let game = build(variant, fen, &moves, chess960)?;
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
    let _ = count_started;
    let game = build(variant, fen, &moves, chess960)?;
    Ok(with_game!(&game, |g| {
        let status = g.status();
        // Fairy-Stockfish asks its claimable n-move rule first, before a
        // repetition (a perpetual chase over a long history is then a draw).
        // (A history's end implies legal moves: mates are judged first.)
        // (Later under the chasing rules where checks were many.)
        let n_move_claim = g.move_rule() == Some(true);
        match status.outcome {
            Some(o) if is_history(o.reason) && n_move_claim => (true, claimed_value(g)),
            Some(o) if is_history(o.reason) => (true, value_for_side_to_move(g, o.winner)),
            Some(_) => (false, VALUE_DRAW),
            None if status.claims.is_empty() => (false, VALUE_DRAW),
            None => (true, claimed_value(g)),
        }
    }))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn _sl_gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    let game = build(variant, fen, &moves, chess960)?;
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
    let game = build(variant, fen, &moves, chess960)?;
    with_game!(&game, |g| Ok(
        crate::text_move(g.position(), r#move)?.is_capture()
    ))
}

/// pyffish's `two_boards`: whether the variant is played on two boards
/// (bughouse, Koedem, supply chess: `[drops] captured = "partner"`, one
/// board of which the library plays).
#[pyfunction]
fn _sl_two_boards(variant: &str) -> PyResult<bool> {
    Ok(variant_by_name(variant)?
        .definition()
        .drops
        .is_some_and(|d| d.captured == CapturedRule::Partner))
}

/// pyffish's `captures_to_hand`: whether captured pieces go to the
/// capturer's hand (crazyhouse, shogi; not placement's or bughouse's
/// hands, which captures never fill).
#[pyfunction]
fn _sl_captures_to_hand(variant: &str) -> PyResult<bool> {
    Ok(variant_by_name(variant)?
        .definition()
        .drops
        .is_some_and(|d| !matches!(d.captured, CapturedRule::Lost | CapturedRule::Partner)))
}

/// pyffish's `get_fog_fen`: the FEN as the side to move sees it in fog of
/// war, every square it does not see written `*` (`Position::to_fog_fen`).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn _sl_get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    let game = build(variant, fen, &[], chess960)?;
    Ok(with_game!(&game, |g| {
        let castling = if chess960 {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        };
        with_count_started(g, g.position().to_fog_fen_with(castling), 0)
    }))
}

/// pyffish's `version`: this package's version as three numbers.
#[pyfunction]
fn _sl_version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION")
        .split('.')
        .map(|p| p.parse().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
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
    m.add_function(wrap_pyfunction!(_sl_has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(_sl_version, m)?)?;
    for (code, name) in FenCode::ALL {
        m.add(name, code as i32)?;
    }
    for (value, name, _) in NOTATIONS {
        m.add(name, value)?;
    }
    m.add_function(wrap_pyfunction!(_sl_load_variant_config, m)?)?;
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    Ok(())
}
