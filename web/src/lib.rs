//! The WebAssembly bindings of `betza` (the npm package `betza`, built by
//! `tools/build-web`): Fairy-Stockfish's ffish.js interface (`variants()`,
//! `loadVariantConfig`, `startingFen`, `validateFen`, `capturesToHand`,
//! `readGamePGN`, a `Board` with ffish.js's methods) plus what a GUI needs
//! beyond it (the moves of one piece with their squares, promotion choices
//! and drops, the outcome with its rule, board size, piece tokens and names,
//! perft). See `docs/web.md`.
//!
//! Thin wrappers over the library's public API: every rule is the library's,
//! this crate converts and delegates. Strings where ffish.js has strings
//! (moves joined by spaces); errors become JavaScript exceptions carrying the
//! library's message. The crate also compiles for the host, so that
//! `cargo clippy --workspace` checks it (calling the bindings needs a
//! JavaScript engine, so they are tested from Node: `web/test/`).

use std::sync::Mutex;

use betza::pgn::PgnGames;
use betza::{Board as BoardType, Color, Game, Move, Position, Square};
use wasm_bindgen::prelude::*;

mod games;

use games::{AnyGame, WebVariant, with_game, with_variant};

/// Variants loaded at run time by `loadVariantConfig`: looked up before
/// the built-ins, so a loaded definition may replace a built-in's name.
static LOADED: Mutex<Vec<WebVariant>> = Mutex::new(Vec::new());

fn err(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string())
}

/// The variant of this name (any case): a loaded one, else a built-in of
/// any board type. ffish.js's names for chess, `""` and `standard`, are
/// chess.
fn variant_by_name(name: &str) -> Result<WebVariant, String> {
    let name = name.trim();
    let name = if name.is_empty() || name.eq_ignore_ascii_case("standard") {
        "chess"
    } else {
        name
    };
    let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = loaded
        .iter()
        .rev()
        .find(|v| v.name().eq_ignore_ascii_case(name))
    {
        return Ok(v.clone());
    }
    drop(loaded);
    WebVariant::by_name(name).map_err(|e| e.to_string())
}

/// The variant `name`, or with `is960` its Chess960 form: the variant named
/// `<name>960` (as the library or a loaded definition names it).
fn variant_960(name: Option<&str>, is960: bool) -> Result<WebVariant, String> {
    let name = name.unwrap_or("chess");
    if !is960 {
        return variant_by_name(name);
    }
    let base = variant_by_name(name)?;
    let name960 = format!("{}960", base.name());
    variant_by_name(&name960).map_err(|_| {
        format!(
            "no Chess960 form of {}: no variant is named {name960:?}",
            base.name()
        )
    })
}

/// A section of a Fairy-Stockfish configuration that the library refused.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Refusal {
    /// The section (the variant's name).
    section: String,
    /// The 1-based line at fault, if the library names one.
    line: Option<usize>,
    /// The key at fault, if one is.
    key: Option<String>,
    /// The library's whole message (it names the section, line and key).
    message: String,
}

/// What a configuration text yields: the variants read, and the sections
/// refused (only a Fairy-Stockfish text has any: a TOML definition is all or
/// nothing).
struct Config {
    variants: Vec<WebVariant>,
    refused: Vec<Refusal>,
}

/// Reads configuration text: the library's TOML definition (one variant,
/// docs/definitions.md) or Fairy-Stockfish's `variants.ini` format (every
/// section the library can express; the others are refused one by one, as
/// `betza.stateless.load_variant_config` does in Python). `Err` when nothing
/// can be read: a refused TOML definition, or a text that is no
/// configuration at all.
fn read_config(text: &str) -> Result<Config, String> {
    if !is_fsf_ini(text) {
        let v = WebVariant::from_definition(text).map_err(|e| e.to_string())?;
        return Ok(Config {
            variants: vec![v],
            refused: Vec::new(),
        });
    }
    let sections = betza::VariantDef::from_fsf_ini_each(text).map_err(|e| e.to_string())?;
    let mut config = Config {
        variants: Vec::new(),
        refused: Vec::new(),
    };
    for (name, def) in sections {
        match def.and_then(WebVariant::new) {
            Ok(v) => config.variants.push(v),
            Err(e) => {
                let (line, key) = match &e {
                    betza::VariantError::Fsf { line, key, .. } => {
                        ((*line > 0).then_some(*line), key.clone())
                    }
                    _ => (None, None),
                };
                config.refused.push(Refusal {
                    section: name,
                    line,
                    key,
                    message: e.to_string(),
                });
            }
        }
    }
    Ok(config)
}

/// Whether `text` is in Fairy-Stockfish's format: its first line that is
/// not blank or a comment is a `[section]` (a TOML definition starts with
/// its top-level keys, `name = ...`). The Python package decides the same way.
fn is_fsf_ini(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .is_some_and(|l| l.starts_with('[') && !l.starts_with("[["))
}

/// The error of a configuration with refused sections: how many, what was
/// loaded, and each refusal in the library's words.
fn refusal_message(loaded: &[String], refused: &[Refusal]) -> String {
    let mut out = format!(
        "{} section{} of the configuration refused",
        refused.len(),
        if refused.len() == 1 { "" } else { "s" }
    );
    if loaded.is_empty() {
        out.push_str(" (none loaded)");
    } else {
        out.push_str(&format!(" (loaded: {})", loaded.join(" ")));
    }
    for r in refused {
        out.push_str("; ");
        out.push_str(&r.message);
    }
    out
}

/// Loads configuration text (see [`read_config`]) into [`LOADED`] and
/// writes what happened as JSON for `loadVariantConfig` in `index.js`:
/// `{"loaded": [names], "refused": [{"section", "line", "key",
/// "message"}], "error": text}` (`error` only when a section was refused).
fn load_config_json(text: &str) -> Result<String, String> {
    let config = read_config(text)?;
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    let mut names = Vec::new();
    for v in config.variants {
        loaded.retain(|old| !old.name().eq_ignore_ascii_case(v.name()));
        names.push(v.name().to_string());
        loaded.push(v);
    }
    drop(loaded);
    let mut out = String::from("{\"loaded\":[");
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json_string(&mut out, n);
    }
    out.push_str("],\"refused\":[");
    for (i, r) in config.refused.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"section\":");
        push_json_string(&mut out, &r.section);
        out.push_str(",\"line\":");
        match r.line {
            Some(l) => out.push_str(&l.to_string()),
            None => out.push_str("null"),
        }
        out.push_str(",\"key\":");
        match &r.key {
            Some(k) => push_json_string(&mut out, k),
            None => out.push_str("null"),
        }
        out.push_str(",\"message\":");
        push_json_string(&mut out, &r.message);
        out.push('}');
    }
    out.push(']');
    if !config.refused.is_empty() {
        out.push_str(",\"error\":");
        push_json_string(&mut out, &refusal_message(&names, &config.refused));
    }
    out.push('}');
    Ok(out)
}

/// The square of `pos`'s board named `name`, or an error naming the board.
fn square_arg<B: BoardType>(pos: &Position<'_, B>, name: &str) -> Result<Square, JsError> {
    pos.square(name.trim()).ok_or_else(|| {
        let size = pos.size();
        err(format!(
            "{name:?} is not a square of the {}x{} board",
            size.files(),
            size.ranks()
        ))
    })
}

/// The legal move named by move text (`e2e4`, `e7e8q`, `c6d8+`, `P@e5`,
/// `d4d5e6`): the library's reader, then the legal list for drops and
/// captures on the way.
fn text_move<B: BoardType>(pos: &Position<'_, B>, text: &str) -> Result<Move, String> {
    match pos.parse_move(text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let text = text.trim();
            pos.legal_moves()
                .iter()
                .copied()
                .find(|m| pos.move_text(m) == text)
                .ok_or_else(|| e.to_string())
        }
    }
}

/// Plays move text on `game`: the game's reader, then the legal list as
/// [`text_move`] completes it.
fn play_text<B: BoardType>(game: &mut Game<B>, text: &str) -> Result<Move, String> {
    match game.play_text(text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let pos = game.position();
            let text = text.trim();
            match pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| pos.move_text(m) == text)
            {
                Some(m) => game.play(&m).map_err(|e| e.to_string()),
                None => Err(e.to_string()),
            }
        }
    }
}

/// A side given as ffish.js gives it: `true` White, `false` Black.
fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// The FEN token of a type (uppercase).
fn token<B: BoardType>(pos: &Position<'_, B>, role: betza::Role) -> String {
    pos.piece_type(role)
        .map_or_else(|| "?".to_string(), |t| t.token.to_string())
}

/// The notation ffish.js's `Notation` value asks for, if the library
/// writes it.
fn notation(n: Option<u32>) -> Result<betza::Notation, JsError> {
    match n.unwrap_or(0) {
        0 | 1 => Ok(betza::Notation::San),
        2 => Ok(betza::Notation::Lan),
        7 => Ok(betza::Notation::Wxf),
        n => Err(err(format!(
            "notation {n}: only Notation.DEFAULT, SAN, LAN and XIANGQI_WXF are written"
        ))),
    }
}

/// ffish.js's `Notation`: the move notations of `sanMove`, `variationSan`,
/// `pushSan` and `pushSanMoves`. The library writes DEFAULT (SAN), SAN,
/// LAN and XIANGQI_WXF and reads SAN; the others are refused with an
/// exception.
#[wasm_bindgen]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Clone, Copy, Debug)]
pub enum Notation {
    /// The variant's usual notation: SAN here.
    DEFAULT = 0,
    /// Standard algebraic notation.
    SAN = 1,
    /// Long algebraic notation (`Ng1-f3`).
    LAN = 2,
    /// Not written by this package.
    SHOGI_HOSKING = 3,
    /// Not written by this package.
    SHOGI_HODGES = 4,
    /// Not written by this package.
    SHOGI_HODGES_NUMBER = 5,
    /// Not written by this package.
    JANGGI = 6,
    /// Xiangqi's WXF notation.
    XIANGQI_WXF = 7,
    /// Not written by this package.
    THAI_SAN = 8,
    /// Not written by this package.
    THAI_LAN = 9,
}

// ------------------------------------------------------------ functions

/// The package's name and version.
#[wasm_bindgen]
pub fn info() -> String {
    format!("betza {} (WebAssembly)", env!("CARGO_PKG_VERSION"))
}

/// The variants' names, joined by spaces: the built-ins, then those
/// loaded by `loadVariantConfig`.
#[wasm_bindgen]
pub fn variants() -> String {
    let mut names: Vec<String> = betza::AnyVariant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    for v in loaded.iter() {
        if !names.iter().any(|n| n.eq_ignore_ascii_case(v.name())) {
            names.push(v.name().to_string());
        }
    }
    names.join(" ")
}

/// Loads configuration text: the library's TOML definition or
/// Fairy-Stockfish's `variants.ini` format, each variant read made known by
/// its name to `Board`, `startingFen` and the other calls (replacing a
/// variant of the same name). Returns JSON: the names loaded and the
/// sections refused with their section, line, key and message;
/// `loadVariantConfig` in `index.js` turns it into ffish.js's call (it
/// throws after loading the good sections). Throws with the library's
/// message when nothing can be read (a refused TOML definition).
#[wasm_bindgen(js_name = loadVariantConfigJson)]
pub fn load_variant_config_json(text: &str) -> Result<String, JsError> {
    load_config_json(text).map_err(err)
}

/// The start position of a variant in FEN.
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsError> {
    Ok(variant_by_name(variant)
        .map_err(err)?
        .definition()
        .start_fen
        .clone())
}

/// Whether captured pieces go to the capturer's hand (crazyhouse, shogi).
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: &str) -> Result<bool, JsError> {
    Ok(variant_by_name(variant)
        .map_err(err)?
        .definition()
        .drops
        .is_some())
}

/// Checks a FEN of `variant` (chess by default; with `chess960`, the
/// variant's Chess960 form): 1 if the library reads it, 0 for an empty
/// text, else Fairy-Stockfish's negative code of the field at fault
/// (-11 fields, -10 characters, -9 facing Kings, -8 board geometry, -7
/// hands, -6 side to move, -5 castling, -4 en passant, -3 royal pieces,
/// -2 halfmove clock, -1 move number). `fenError` gives the message.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(
    fen: &str,
    variant: Option<String>,
    chess960: Option<bool>,
) -> Result<i32, JsError> {
    if fen.trim().is_empty() {
        return Ok(0);
    }
    let v = variant_960(variant.as_deref(), chess960.unwrap_or(false)).map_err(err)?;
    // As ffish.js reads it: cut short or with castling letters in any order.
    let fen = betza::fen::complete_fen(fen);
    Ok(with_variant!(&v, |v| v.fen_code(&fen)) as i32)
}

/// Why the library refuses a FEN of `variant`, or `""` if it reads it.
#[wasm_bindgen(js_name = fenError)]
pub fn fen_error(fen: &str, variant: Option<String>) -> Result<String, JsError> {
    let v = variant_by_name(variant.as_deref().unwrap_or("chess")).map_err(err)?;
    Ok(with_variant!(&v, |v| match v.from_fen(fen) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }))
}

/// Reads one game of PGN: in the variant its `Variant` tag names (a
/// built-in or a loaded one; chess without the tag).
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: &str) -> Result<PgnGame, JsError> {
    let game = match PgnGames::new(pgn).next() {
        None => return Err(err("no game in the PGN text")),
        Some(Ok(g)) => AnyGame::from(g),
        Some(Err(betza::PgnError::UnknownVariant(name))) => {
            let v = variant_by_name(&name).map_err(err)?;
            with_variant!(&v, |v| AnyGame::from(v.game_from_pgn(pgn).map_err(err)?))
        }
        Some(Err(e)) => return Err(err(e)),
    };
    Ok(PgnGame { game })
}

/// The leaf count of the legal-move tree `depth` plies deep below `fen`
/// (the start position when absent) of `variant`. A JavaScript number:
/// exact up to 2^53.
#[wasm_bindgen]
pub fn perft(variant: &str, depth: u32, fen: Option<String>) -> Result<f64, JsError> {
    let v = variant_by_name(variant).map_err(err)?;
    let game = AnyGame::new(&v, fen.as_deref()).map_err(err)?;
    Ok(game.perft(depth) as f64)
}

/// The piece types of `variant`, in its definition's order.
#[wasm_bindgen(js_name = pieceTypes)]
pub fn piece_types(variant: &str) -> Result<Vec<PieceInfo>, JsError> {
    Ok(pieces_of(&variant_by_name(variant).map_err(err)?))
}

/// A variant's definition as TOML text (reads back to the same variant).
#[wasm_bindgen(js_name = variantDefinition)]
pub fn variant_definition(variant: &str) -> Result<String, JsError> {
    Ok(variant_by_name(variant)
        .map_err(err)?
        .definition()
        .to_string())
}

/// The bytes of the module's linear memory (it only grows): for tests that
/// check that freed boards are reused.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        (core::arch::wasm32::memory_size(0) * 65536) as f64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

fn pieces_of(v: &WebVariant) -> Vec<PieceInfo> {
    v.pieces()
        .iter()
        .map(|p| PieceInfo {
            token: p.token.to_string(),
            name: p.name.clone(),
            betza: p.betza.clone(),
            royal: p.royal,
            description: p.describe(),
        })
        .collect()
}

// ------------------------------------------------------------ small types

/// One piece type of a variant.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// The FEN token, uppercase (`N`, `+P`).
    pub token: String,
    /// The name for people (`Knight`).
    pub name: String,
    /// Its moves in Betza notation.
    pub betza: String,
    /// Whether it is royal.
    pub royal: bool,
    /// Its moves in words.
    pub description: String,
}

/// A legal move with what a GUI needs to show it: `Board.legalMovesInfo()`
/// gives these as plain JavaScript objects (from JSON: nothing to free).
struct MoveInfo {
    /// The move text (`e2e4`, `e7e8q`, `P@e5`, `d4d5e6`): what `push` takes.
    uci: String,
    /// The move in SAN.
    san: String,
    /// The square the piece leaves (for a drop, the drop square).
    from: String,
    /// The square it lands on (for castling, the King's).
    to: String,
    /// The square captured on the way (a Lion's first step), if any.
    via: Option<String>,
    /// The token of the type it becomes, if it promotes.
    promotion: Option<String>,
    /// The token of the type dropped from the hand, for a drop.
    drop: Option<String>,
    /// Whether it captures (on its destination or on the way).
    capture: bool,
}

impl MoveInfo {
    fn of<B: BoardType>(pos: &Position<'_, B>, m: &Move) -> MoveInfo {
        let size = pos.size();
        MoveInfo {
            uci: pos.move_text(m),
            san: pos.san(m),
            from: size.square_name(m.from()),
            to: size.square_name(m.to()),
            via: m.via().map(|sq| size.square_name(sq)),
            promotion: m.promotion().map(|r| token(pos, r)),
            drop: m.is_drop().then(|| token(pos, m.role())),
            capture: m.is_capture(),
        }
    }

    /// Appends the move as a JSON object; absent fields are left out.
    fn push_json(&self, out: &mut String) {
        out.push('{');
        let fields = [
            ("uci", Some(&self.uci)),
            ("san", Some(&self.san)),
            ("from", Some(&self.from)),
            ("to", Some(&self.to)),
            ("via", self.via.as_ref()),
            ("promotion", self.promotion.as_ref()),
            ("drop", self.drop.as_ref()),
        ];
        for (name, value) in fields {
            if let Some(v) = value {
                out.push_str(&format!("\"{name}\":"));
                push_json_string(out, v);
                out.push(',');
            }
        }
        out.push_str(if self.capture {
            "\"capture\":true}"
        } else {
            "\"capture\":false}"
        });
    }
}

/// Appends `s` as a JSON string.
fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How a game ended.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `true` White won, `false` Black won, `undefined` a draw.
    pub winner: Option<bool>,
    /// The rule, in the library's words: `checkmate`, `stalemate`,
    /// `bare king`, `insufficient material`, `repetition`, `perpetual
    /// check`, `move rule`, `counting`, `royal captured`; with a claimed
    /// draw `threefold repetition` or `fifty moves`.
    pub termination: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
}

// ------------------------------------------------------------ Board

/// A game of any variant: its position, the moves played, undo.
/// ffish.js's `Board`; free it with `delete()`.
#[wasm_bindgen]
pub struct Board {
    game: AnyGame,
    is960: bool,
}

fn outcome_of<B: BoardType>(game: &Game<B>, claim_draw: bool) -> Option<Outcome> {
    let status = game.status();
    if let Some(o) = status.outcome {
        return Some(Outcome {
            winner: o.winner.map(|c| c == Color::White),
            termination: o.reason.as_str().to_string(),
            result: betza::GameResult::from_outcome(o).as_str().to_string(),
        });
    }
    if !claim_draw {
        return None;
    }
    let why = if status.claims.contains(betza::Claims::THREEFOLD_REPETITION) {
        "threefold repetition"
    } else if status.claims.contains(betza::Claims::FIFTY_MOVES) {
        "fifty moves"
    } else {
        return None;
    };
    Some(Outcome {
        winner: None,
        termination: why.to_string(),
        result: "1/2-1/2".to_string(),
    })
}

/// The SAN of each move of `line` from `pos`, numbered as ffish.js's
/// `variationSan` (`1...e5 2. Nf3 Nc6`), or `None` if one is not legal.
fn variation<B: BoardType>(
    pos: &Position<'_, B>,
    line: &str,
    n: betza::Notation,
    numbers: bool,
) -> Option<String> {
    let mut pos = *pos;
    let mut out = String::new();
    for (i, text) in line.split_whitespace().enumerate() {
        let m = text_move(&pos, text).ok()?;
        let written = pos.notation(&m, n).ok()?;
        if !out.is_empty() {
            out.push(' ');
        }
        if numbers {
            let number = pos.fullmove_number();
            if pos.side_to_move() == Color::White {
                out.push_str(&format!("{number}. "));
            } else if i == 0 {
                out.push_str(&format!("{number}..."));
            }
        }
        out.push_str(&written);
        pos = pos.play(&m).ok()?;
    }
    Some(out)
}

#[wasm_bindgen]
impl Board {
    /// A board of `variant` (chess by default) at `fen` (its start position
    /// by default); with `is960`, of the variant's Chess960 form. Throws if
    /// the variant is unknown or the FEN refused.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: Option<String>,
        fen: Option<String>,
        is960: Option<bool>,
    ) -> Result<Board, JsError> {
        let is960 = is960.unwrap_or(false);
        let v = variant_960(variant.as_deref(), is960).map_err(err)?;
        let fen = fen.filter(|f| !f.trim().is_empty());
        Ok(Board {
            game: AnyGame::new(&v, fen.as_deref()).map_err(err)?,
            is960,
        })
    }

    /// Frees the board (ffish.js's name for wasm-bindgen's `free()`).
    pub fn delete(self) {}

    /// The legal moves as move text, joined by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let moves = pos.legal_moves();
            let mut out = String::with_capacity(moves.len() * 5);
            for m in moves.iter() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&pos.move_text(m));
            }
            out
        })
    }

    /// The legal moves in SAN, joined by spaces.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&self) -> String {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
            texts.join(" ")
        })
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&self) -> u32 {
        with_game!(&self.game, |g| g.position().legal_moves().len() as u32)
    }

    /// The legal moves of the piece on `square`, as move text joined by
    /// spaces (empty if it has none or the square is empty).
    #[wasm_bindgen(js_name = legalMovesFrom)]
    pub fn legal_moves_from(&self, square: &str) -> Result<String, JsError> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let sq = square_arg(pos, square)?;
            let texts: Vec<String> = pos
                .legal_moves_from(sq)
                .iter()
                .filter(|m| !m.is_drop())
                .map(|m| pos.move_text(m))
                .collect();
            Ok(texts.join(" "))
        })
    }

    /// The legal moves from one square to another: each promotion choice
    /// separately, as move text joined by spaces.
    #[wasm_bindgen(js_name = movesBetween)]
    pub fn moves_between(&self, from: &str, to: &str) -> Result<String, JsError> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let (f, t) = (square_arg(pos, from)?, square_arg(pos, to)?);
            let texts: Vec<String> = pos
                .moves_between(f, t)
                .iter()
                .map(|m| pos.move_text(m))
                .collect();
            Ok(texts.join(" "))
        })
    }

    /// Every legal move with its squares (`from`, `to`, `via`: the square
    /// captured on the way), `promotion` and `drop` tokens, `capture` and
    /// `san`, as a JSON array; `legalMovesInfo()` (index.js) parses it.
    #[wasm_bindgen(js_name = legalMovesJson)]
    pub fn legal_moves_json(&self) -> String {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let mut out = String::from("[");
            for (i, m) in pos.legal_moves().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                MoveInfo::of(pos, m).push_json(&mut out);
            }
            out.push(']');
            out
        })
    }

    /// Plays a legal move given as move text; `false` (and no change) if
    /// it is not legal here.
    pub fn push(&mut self, uci: &str) -> bool {
        with_game!(&mut self.game, |g| play_text(g, uci).is_ok())
    }

    /// Plays a move given in SAN; `false` (and no change) if it is not
    /// legal, unreadable or ambiguous. Throws for a notation not read.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: &str, notation: Option<u32>) -> Result<bool, JsError> {
        check_san_notation(notation)?;
        Ok(with_game!(&mut self.game, |g| g.play_san(san).is_ok()))
    }

    /// Plays move texts joined by spaces; throws naming the first move
    /// refused (the moves before it stay played).
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, uci_moves: &str) -> Result<(), JsError> {
        with_game!(&mut self.game, |g| {
            for text in uci_moves.split_whitespace() {
                play_text(g, text).map_err(|e| err(format!("{text}: {e}")))?;
            }
            Ok(())
        })
    }

    /// Plays SAN moves joined by spaces; throws naming the first refused.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(
        &mut self,
        san_moves: &str,
        notation: Option<u32>,
    ) -> Result<(), JsError> {
        check_san_notation(notation)?;
        with_game!(&mut self.game, |g| {
            for text in san_moves.split_whitespace() {
                g.play_san(text).map_err(|e| err(format!("{text}: {e}")))?;
            }
            Ok(())
        })
    }

    /// Takes back the last move; throws at the start of the game.
    pub fn pop(&mut self) -> Result<(), JsError> {
        with_game!(&mut self.game, |g| match g.undo() {
            Some(_) => Ok(()),
            None => Err(err("pop from an empty move stack")),
        })
    }

    /// Back to the variant's start position, with no moves played.
    pub fn reset(&mut self) {
        let v = self.game.variant();
        self.game = AnyGame::new(&v, None).expect("the start position is read");
    }

    /// Whether the board was made as Chess960.
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        self.is960
    }

    /// The position in FEN. ffish.js's arguments (`showPromoted`,
    /// `countStarted`) are accepted and ignored: the library writes the
    /// promoted marks its variant needs.
    pub fn fen(&self, _show_promoted: Option<bool>, _count_started: Option<i32>) -> String {
        with_game!(&self.game, |g| g.position().to_fen())
    }

    /// Sets up a position of the same variant, with no moves played; throws
    /// naming the field at fault.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsError> {
        self.game = AnyGame::new(&self.game.variant(), Some(fen)).map_err(err)?;
        Ok(())
    }

    /// A legal move (move text) in SAN, or in `notation`; throws if it is
    /// not legal.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&self, uci: &str, notation: Option<u32>) -> Result<String, JsError> {
        let n = self::notation(notation)?;
        with_game!(&self.game, |g| {
            let pos = g.position();
            let m = text_move(pos, uci).map_err(err)?;
            pos.notation(&m, n).map_err(err)
        })
    }

    /// Move texts joined by spaces, played from here, in SAN (or
    /// `notation`) with move numbers (`1...e5 2. Nf3`) unless
    /// `moveNumbers` is false; `""` if one is not legal. The board does not
    /// change.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(
        &self,
        uci_moves: &str,
        notation: Option<u32>,
        move_numbers: Option<bool>,
    ) -> Result<String, JsError> {
        let n = self::notation(notation)?;
        Ok(with_game!(&self.game, |g| variation(
            g.position(),
            uci_moves,
            n,
            move_numbers.unwrap_or(true)
        )
        .unwrap_or_default()))
    }

    /// The side to move: `true` White, `false` Black.
    pub fn turn(&self) -> bool {
        with_game!(&self.game, |g| g.position().side_to_move() == Color::White)
    }

    /// The move number, from 1, counted up after Black's move.
    #[wasm_bindgen(js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        with_game!(&self.game, |g| g.position().fullmove_number())
    }

    /// Plies since the last capture or Pawn move.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        with_game!(&self.game, |g| g.position().halfmove_clock())
    }

    /// The ply of the position counted from the game's first move, as its
    /// move number and side to move give it.
    #[wasm_bindgen(js_name = gamePly)]
    pub fn game_ply(&self) -> u32 {
        with_game!(&self.game, |g| {
            let pos = g.position();
            2 * pos.fullmove_number().saturating_sub(1)
                + u32::from(pos.side_to_move() == Color::Black)
        })
    }

    /// Whether neither side can win (only royal pieces, or material the
    /// variant lists as dead).
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_insufficient_material())
    }

    /// Whether the variant's rules end the game, or with `claimDraw` a draw
    /// (threefold repetition, fifty moves) could be claimed.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self, claim_draw: Option<bool>) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on (a claimable
    /// draw counts with `claimDraw`).
    pub fn result(&self, claim_draw: Option<bool>) -> String {
        match self.outcome(claim_draw) {
            Some(o) => o.result,
            None => "*".to_string(),
        }
    }

    /// How the game ended, with the rule; `undefined` while it goes on.
    pub fn outcome(&self, claim_draw: Option<bool>) -> Option<Outcome> {
        with_game!(&self.game, |g| outcome_of(g, claim_draw.unwrap_or(false)))
    }

    /// The squares of the side to move's royal pieces in check, joined by
    /// spaces (`""` when not in check). With royal capture (Chu Shogi), a
    /// side in check with several royal pieces lists all of them: the
    /// library tells whether any is attacked, not which.
    #[wasm_bindgen(js_name = checkedPieces)]
    pub fn checked_pieces(&self) -> String {
        with_game!(&self.game, |g| {
            let pos = g.position();
            if !pos.is_check() {
                return String::new();
            }
            let size = pos.size();
            let us = pos.side_to_move();
            let squares: Vec<String> = if g.board_variant().definition().game_end.royal_capture {
                pos.royal_pieces(us)
                    .into_iter()
                    .map(|sq| size.square_name(sq))
                    .collect()
            } else {
                pos.king(us)
                    .map(|sq| size.square_name(sq))
                    .into_iter()
                    .collect()
            };
            squares.join(" ")
        })
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        with_game!(&self.game, |g| g.position().is_check())
    }

    /// Whether a legal move (move text) captures; throws if not legal.
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&self, uci: &str) -> Result<bool, JsError> {
        with_game!(&self.game, |g| Ok(text_move(g.position(), uci)
            .map_err(err)?
            .is_capture()))
    }

    /// The moves played since the start or the last `setFen`, as move text
    /// joined by spaces.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        with_game!(&self.game, |g| {
            let mut pos = *g.start_position();
            let mut texts = Vec::with_capacity(g.ply_count());
            for m in g.moves() {
                texts.push(pos.move_text(&m));
                pos = pos.play_unchecked(&m);
            }
            texts.join(" ")
        })
    }

    /// The moves played, in SAN (one string per move).
    #[wasm_bindgen(js_name = sanMoves)]
    pub fn san_moves(&self) -> Vec<String> {
        with_game!(&self.game, |g| g.san_moves())
    }

    /// The pieces `color` (`true` White) holds in hand, each token as
    /// often as it is held, in lowercase (ffish.js's `pocket`).
    pub fn pocket(&self, color: bool) -> String {
        self.hand(color).concat().to_ascii_lowercase()
    }

    /// The pieces `color` holds in hand: one uppercase token per piece.
    pub fn hand(&self, color: bool) -> Vec<String> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let mut out = Vec::new();
            for (role, n) in pos.hand(self::color(color)) {
                for _ in 0..n {
                    out.push(token(pos, role));
                }
            }
            out
        })
    }

    /// The board as text: ranks from the top, tokens joined by spaces, `.`
    /// for an empty square (ffish.js's `toString`).
    #[wasm_bindgen(js_name = toString)]
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> String {
        let files = self.files() as usize;
        let squares = self.squares();
        let mut rows: Vec<String> = squares
            .chunks(files)
            .map(|row| {
                row.iter()
                    .map(|t| if t.is_empty() { "." } else { t.as_str() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        rows.reverse();
        rows.join("\n")
    }

    /// The board with coordinates, then its FEN.
    #[wasm_bindgen(js_name = toVerboseString)]
    pub fn to_verbose_string(&self) -> String {
        with_game!(&self.game, |g| format!(
            "{}\nFen: {}",
            g.position(),
            g.position().to_fen()
        ))
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.game.variant().name().to_string()
    }

    /// The variant's definition as TOML text.
    #[wasm_bindgen(js_name = variantDefinition)]
    pub fn variant_definition(&self) -> String {
        self.game.variant().definition().to_string()
    }

    /// The board's number of files (columns).
    pub fn files(&self) -> u8 {
        self.game.variant().size().files()
    }

    /// The board's number of ranks (rows).
    pub fn ranks(&self) -> u8 {
        self.game.variant().size().ranks()
    }

    /// The name of the square at `file`, `rank` (from 0, `a1` is 0, 0).
    #[wasm_bindgen(js_name = squareName)]
    pub fn square_name(&self, file: u8, rank: u8) -> Result<String, JsError> {
        let size = self.game.variant().size();
        match size.square(i32::from(file), i32::from(rank)) {
            Some(sq) => Ok(size.square_name(sq)),
            None => Err(err(format!(
                "file {file}, rank {rank} is off the {}x{} board",
                size.files(),
                size.ranks()
            ))),
        }
    }

    /// The piece on every square, rank by rank from `a1` (index `rank *
    /// files + file`): its FEN token (uppercase White, lowercase Black),
    /// `""` for an empty square.
    pub fn squares(&self) -> Vec<String> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            let size = pos.size();
            let mut out = Vec::with_capacity(usize::from(size.files()) * usize::from(size.ranks()));
            for rank in 0..i32::from(size.ranks()) {
                for file in 0..i32::from(size.files()) {
                    let sq = size.square(file, rank).expect("on the board");
                    out.push(piece_text(pos, sq));
                }
            }
            out
        })
    }

    /// The piece on `square` as its FEN token (uppercase White), `""` if
    /// the square is empty; throws if it is not a square of the board.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<String, JsError> {
        with_game!(&self.game, |g| {
            let pos = g.position();
            Ok(piece_text(pos, square_arg(pos, square)?))
        })
    }

    /// The variant's piece types, in its definition's order.
    #[wasm_bindgen(js_name = pieceTypes)]
    pub fn piece_types(&self) -> Vec<PieceInfo> {
        pieces_of(&self.game.variant())
    }

    /// The leaf count of the legal-move tree `depth` plies deep from here.
    pub fn perft(&self, depth: u32) -> f64 {
        self.game.perft(depth) as f64
    }

    /// The game (the start position and the moves played) in PGN, with the
    /// result when it is over.
    pub fn pgn(&self) -> String {
        with_game!(&self.game, |g| g.to_pgn())
    }

    /// A copy of the board, with its moves.
    pub fn copy(&self) -> Board {
        Board {
            game: self.game.clone(),
            is960: self.is960,
        }
    }
}

fn check_san_notation(n: Option<u32>) -> Result<(), JsError> {
    match n.unwrap_or(0) {
        0 | 1 => Ok(()),
        n => Err(err(format!(
            "notation {n}: moves are read in SAN only (Notation.DEFAULT or SAN)"
        ))),
    }
}

fn piece_text<B: BoardType>(pos: &Position<'_, B>, sq: Square) -> String {
    match pos.piece_at(sq) {
        None => String::new(),
        Some(p) => pos
            .piece_type(p.role)
            .map_or_else(|| "?".to_string(), |t| t.token.fen(p.color)),
    }
}

// ------------------------------------------------------------ Game (PGN)

/// A game read from PGN by `readGamePGN`: its tags and main line.
#[wasm_bindgen(js_name = Game)]
pub struct PgnGame {
    game: AnyGame,
}

impl PgnGame {
    /// The game's tags in the order PGN writes them, unescaped.
    fn tags(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = with_game!(&self.game, |g| {
            g.pgn_tags()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.into_owned()))
                .collect()
        });
        // The writer fills the seven-tag roster with "?"; ffish.js lists
        // only the tags the game has.
        let kept = |name: &str| {
            matches!(name, "Variant" | "FEN" | "SetUp" | "Result" | "Termination")
                || with_game!(&self.game, |g| g.tag(name).is_some())
        };
        out.retain(|(name, _)| kept(name));
        out
    }
}

#[wasm_bindgen(js_class = Game)]
impl PgnGame {
    /// Frees the game (ffish.js's name for `free()`).
    pub fn delete(self) {}

    /// The tag names, joined by spaces.
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        let names: Vec<String> = self.tags().into_iter().map(|(k, _)| k).collect();
        names.join(" ")
    }

    /// The value of a tag, `""` if the game has none.
    pub fn headers(&self, key: &str) -> String {
        self.tags()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap_or_default()
    }

    /// The main line as move text joined by spaces.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        with_game!(&self.game, |g| {
            let mut pos = *g.start_position();
            let mut texts = Vec::with_capacity(g.ply_count());
            for m in g.moves() {
                texts.push(pos.move_text(&m));
                pos = pos.play_unchecked(&m);
            }
            texts.join(" ")
        })
    }

    /// The game's variant.
    pub fn variant(&self) -> String {
        self.game.variant().name().to_string()
    }

    /// A board at the game's final position, with its moves.
    pub fn board(&self) -> Board {
        Board {
            game: self.game.clone(),
            is960: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIXED: &str = "# two variants, one the library lacks a rule for\n\
        [minichess:chess]\nmaxFile = 6\nmaxRank = 6\n\
        startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n\
        doubleStep = false\ncastling = false\nbishop = -\npromotionPieceTypes = qrn\n\
        [blast:chess]\n\nblastOnCapture = true\n\
        [typo:chess]\nmaxFile = 8\nfoo = 1\n";

    #[test]
    fn fsf_text_loads_the_good_sections_and_names_the_refused() {
        let config = read_config(MIXED).unwrap();
        let names: Vec<&str> = config.variants.iter().map(|v| v.name()).collect();
        assert_eq!(names, ["minichess"]);
        // Its perft as the library's doctest of `VariantDef::from_fsf_ini` has it.
        let game = AnyGame::new(&config.variants[0], None).unwrap();
        assert_eq!(with_game!(&game, |g| g.position().perft(5)), 191846);
        let refused: Vec<_> = config
            .refused
            .iter()
            .map(|r| (r.section.as_str(), r.line, r.key.as_deref()))
            .collect();
        assert_eq!(
            refused,
            [
                ("blast", Some(12), Some("blastOnCapture")),
                ("typo", Some(15), Some("foo"))
            ]
        );
        assert_eq!(
            config.refused[1].message,
            "section [typo], line 15, key `foo`: not a Fairy-Stockfish option"
        );
        let msg = refusal_message(&["minichess".to_string()], &config.refused);
        assert!(
            msg.starts_with("2 sections of the configuration refused (loaded: minichess); section [blast], line 12, key `blastOnCapture`"),
            "{msg}"
        );
        assert!(
            msg.ends_with("; section [typo], line 15, key `foo`: not a Fairy-Stockfish option"),
            "{msg}"
        );
    }

    #[test]
    fn the_json_report_and_the_registry() {
        let json = load_config_json(&MIXED.replace("minichess", "minichess-json")).unwrap();
        assert!(json.starts_with("{\"loaded\":[\"minichess-json\"],\"refused\":[{\"section\":\"blast\",\"line\":12,\"key\":\"blastOnCapture\",\"message\":\"section [blast], line 12"), "{json}");
        assert!(
            json.contains(
                "\"error\":\"2 sections of the configuration refused (loaded: minichess-json); "
            ),
            "{json}"
        );
        assert!(variants().split(' ').any(|n| n == "minichess-json"));
        assert!(!variants().split(' ').any(|n| n == "blast" || n == "typo"));
        // All good: no `error`.
        let json = load_config_json("[minichess-ok:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\ncastling = false\nbishop = -\n").unwrap();
        assert_eq!(json, "{\"loaded\":[\"minichess-ok\"],\"refused\":[]}");
    }

    #[test]
    fn unreadable_texts_are_errors() {
        // Neither format: the TOML reader's message.
        assert!(read_config("").is_err());
        assert!(read_config("name = ").is_err());
        // An ini text that cannot be read at all: a line that is no key.
        let e = read_config("[a:chess]\nmaxFile\n").err().unwrap();
        assert!(
            e.starts_with("section [a], line 2: expected `key = value`"),
            "{e}"
        );
        // A section refused alone.
        let e = read_config("; comment\n[a:nosuch]\n").unwrap().refused;
        assert_eq!(e[0].section, "a");
        assert!(e[0].message.contains("unknown template `nosuch`"), "{e:?}");
    }

    #[test]
    fn format_detection() {
        assert!(is_fsf_ini("# c\n; c\n\n[a:chess]\n"));
        assert!(is_fsf_ini("[a]\nking = k\n"));
        assert!(!is_fsf_ini("name = \"a\"\n[promotion]\n"));
        assert!(!is_fsf_ini("[[piece]]\n"));
        assert!(!is_fsf_ini(""));
    }
}
