//! The one dispatch on the board type in this crate: a variant is a
//! [`WebVariant`] and a JavaScript `Board` holds its game in [`AnyGame`],
//! enums of two of the library's board types; every call matches one of
//! them once ([`with_variant!`], [`with_game!`]) and runs code written once,
//! generic over [`betza::Board`].
//!
//! Two board types, not the library's three: [`Small`] (at most 128 squares
//! and 20 piece types: chess, shogi, ...) and [`Huge`] for every board past
//! it (Chu Shogi's 12x12, definitions up to 26x26), where the library's
//! [`betza::AnyVariant`] compiles boards up to 16x16 for `Large`. Every
//! board `Large` takes, `Huge` takes too (the same 64 piece types, more
//! squares), with the same rules; leaving `Large` out leaves out a third copy
//! of everything generic over the board type, about 500 KB of the module
//! (docs/web.md, "Size").

use std::sync::Mutex;

use betza::{BoardVariant, Game, Huge, HugeVariant, Small, Variant, VariantDef, VariantError};

/// A variant of either board type of the web package.
#[derive(Clone, Debug)]
pub(crate) enum WebVariant {
    /// At most 128 squares and 20 piece types.
    Small(BoardVariant<Small>),
    /// Past that, up to 26x26.
    Huge(HugeVariant),
}

/// Runs `$body` with `$v` bound to the variant inside a [`WebVariant`] (a
/// reference to it for `&WebVariant`): the body is compiled once per board
/// type.
macro_rules! with_variant {
    ($variant:expr, |$v:ident| $body:expr) => {
        match $variant {
            $crate::games::WebVariant::Small($v) => $body,
            $crate::games::WebVariant::Huge($v) => $body,
        }
    };
}
pub(crate) use with_variant;

/// The built-in variants of boards past [`Small`] (Chu Shogi), compiled for
/// [`Huge`] on first use.
static LARGE_BUILTINS: Mutex<Vec<HugeVariant>> = Mutex::new(Vec::new());

impl WebVariant {
    /// The built-in variant of that name, in any case.
    pub(crate) fn by_name(name: &str) -> Result<WebVariant, VariantError> {
        if let Ok(v) = Variant::by_name(name) {
            return Ok(WebVariant::Small(v.into()));
        }
        let mut built = LARGE_BUILTINS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = built.iter().find(|v| v.name().eq_ignore_ascii_case(name)) {
            return Ok(WebVariant::Huge(v.clone()));
        }
        // `definition` reads the built-ins of every board type; those of
        // small boards were found above.
        let def = betza::builtin::definition(name)
            .ok_or_else(|| VariantError::Unknown(name.to_string()))?;
        let v = HugeVariant::new_for(def)?;
        built.push(v.clone());
        Ok(WebVariant::Huge(v))
    }

    /// Checks and compiles a definition for the board type it needs: as
    /// [`betza::AnyVariant::new`], with [`Huge`] for every board past
    /// [`Small`].
    pub(crate) fn new(def: VariantDef) -> Result<WebVariant, VariantError> {
        let squares = def.files as usize * def.ranks as usize;
        if squares <= betza::bitboard::MAX_SQUARES && def.pieces.len() <= betza::variant::MAX_ROLES
        {
            Ok(WebVariant::Small(Variant::new(def)?.into()))
        } else {
            HugeVariant::new_for(def).map(WebVariant::Huge)
        }
    }

    /// Reads, checks and compiles a definition's text (TOML): as
    /// [`betza::AnyVariant::from_definition`]. The library's reader of
    /// small boards takes up to 16x16; a text it refuses is read again by
    /// the reader of the large board types (up to 26x26), whose message is
    /// the one `AnyVariant` gives.
    pub(crate) fn from_definition(text: &str) -> Result<WebVariant, VariantError> {
        match text.parse::<VariantDef>() {
            Ok(def) => WebVariant::new(def),
            Err(_) => HugeVariant::from_definition_for(text).map(WebVariant::Huge),
        }
    }

    /// The variant's name.
    pub(crate) fn name(&self) -> &str {
        with_variant!(self, |v| v.name())
    }

    /// The definition it was compiled from.
    pub(crate) fn definition(&self) -> &VariantDef {
        with_variant!(self, |v| v.definition())
    }

    /// The board size.
    pub(crate) fn size(&self) -> betza::BoardSize {
        with_variant!(self, |v| v.size())
    }

    /// The piece types, indexed by role.
    pub(crate) fn pieces(&self) -> &[betza::PieceType] {
        with_variant!(self, |v| v.pieces())
    }
}

impl From<BoardVariant<Small>> for WebVariant {
    fn from(v: BoardVariant<Small>) -> Self {
        WebVariant::Small(v)
    }
}

impl From<HugeVariant> for WebVariant {
    fn from(v: HugeVariant) -> Self {
        WebVariant::Huge(v)
    }
}

/// A game of either board type. Boxed: a position is held inline and grows
/// with the board.
#[derive(Clone)]
pub(crate) enum AnyGame {
    /// At most 128 squares and 20 piece types.
    Small(Box<Game<Small>>),
    /// Past that, up to 26x26.
    Huge(Box<Game<Huge>>),
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`]: the body
/// is compiled once per board type.
macro_rules! with_game {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            $crate::games::AnyGame::Small($g) => $body,
            $crate::games::AnyGame::Huge($g) => $body,
        }
    };
}
pub(crate) use with_game;

impl From<Game<Small>> for AnyGame {
    fn from(g: Game<Small>) -> Self {
        AnyGame::Small(Box::new(g))
    }
}

impl From<Game<Huge>> for AnyGame {
    fn from(g: Game<Huge>) -> Self {
        AnyGame::Huge(Box::new(g))
    }
}

impl AnyGame {
    /// A game of `v` from `fen` (read as ffish.js reads it: see
    /// `betza::fen::complete_fen`), or from its start position.
    pub(crate) fn new(v: &WebVariant, fen: Option<&str>) -> Result<AnyGame, betza::FenError> {
        Ok(with_variant!(v, |v| match fen {
            None => AnyGame::from(v.new_game()),
            Some(fen) => AnyGame::from(v.game_from_fen(&betza::fen::complete_fen(fen))?),
        }))
    }

    /// The game's variant.
    pub(crate) fn variant(&self) -> WebVariant {
        with_game!(self, |g| WebVariant::from(g.board_variant()))
    }

    /// The leaf count of the legal-move tree `depth` plies deep from the
    /// current position. A small board counts with the library's perft (the
    /// speed goal's), compiled for speed in its own crate (`web/perft`); a
    /// huge one (no speed goal) plays each legal move on a
    /// copy: the library's perft has four copies of the move generator per
    /// board type, 120 KB of the module for `Huge`. The same count.
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        match self {
            AnyGame::Small(g) => betza_web_perft::perft_small(g.position(), depth),
            AnyGame::Huge(g) => perft_by_play(g.position(), depth),
        }
    }
}

/// Perft through the public moves: the legal moves, each played on a copy
/// (`play_unchecked`, which applies the variant's rules as `play` does).
fn perft_by_play<B: betza::Board>(pos: &betza::Position<'_, B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft_by_play(&pos.play_unchecked(m), depth - 1))
        .sum()
}
