//! The rules of the lichess family (`[rules]` in a definition file):
//! explosions, compulsory capture, check counting, moves that may not give
//! check, sides without a royal piece, extinction and regions that win.
//!
//! Each is a switch that any definition may combine; without a `[rules]`
//! table nothing changes. A variant with any of them plays on a generic
//! path (pseudo-legal moves filtered by playing each one), chosen once per
//! generation by the flag that already sends the bare King there, so the
//! other variants pay nothing.

use std::fmt;

use super::toml_de::toml_table;
use super::toml_parse::Spanned;

use super::def::{Region, VariantDef, WideRegion};
use super::text::{self, flag, items_line, line, quoted, some_list_line, string_line};
use super::{Role, VariantError};
use crate::bitboard::{BoardSize, Color, Square};

/// Which sides play without a royal piece (`kingless`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Kingless {
    /// Both sides have exactly one royal piece (the default).
    #[default]
    Neither,
    /// White has none (horde).
    White,
    /// Black has none.
    Black,
    /// Neither side has one, and no type is royal (antichess).
    Both,
}

impl Kingless {
    fn as_str(self) -> &'static str {
        match self {
            Kingless::Neither => "neither",
            Kingless::White => "white",
            Kingless::Black => "black",
            Kingless::Both => "both",
        }
    }

    /// Whether `color` plays without a royal piece.
    pub fn of(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Kingless::Both, _) | (Kingless::White, Color::White) | (Kingless::Black, Color::Black)
        )
    }
}

/// How a turn places a wall after its move (`[rules] wall`, Fairy-Stockfish's
/// `wallingRule`): a wall is a square no piece may enter, cross or capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WallRule {
    /// The wall is shot from the moved piece's destination along one of its
    /// quiet moves on the board after the move (Amazons' arrow).
    Arrow,
    /// One wall, moved every turn to another empty square (duck chess: the
    /// previous wall leaves, the new one may not stand where it stood).
    Duck,
    /// On a square of the board's edge or orthogonally next to a wall.
    Edge,
    /// On the square the moved piece left (Snailtrail).
    Past,
    /// On any empty square; walls stay (Isolation).
    Static,
}

impl WallRule {
    /// The name in a definition: `"arrow"`, `"duck"`, `"edge"`, `"past"`,
    /// `"static"`.
    pub fn as_str(self) -> &'static str {
        match self {
            WallRule::Arrow => "arrow",
            WallRule::Duck => "duck",
            WallRule::Edge => "edge",
            WallRule::Past => "past",
            WallRule::Static => "static",
        }
    }

    /// Every rule, in the order of their names.
    pub const ALL: [WallRule; 5] = [
        WallRule::Arrow,
        WallRule::Duck,
        WallRule::Edge,
        WallRule::Past,
        WallRule::Static,
    ];

    /// The rule of a name of [`WallRule::as_str`].
    pub fn from_name(name: &str) -> Option<WallRule> {
        WallRule::ALL.into_iter().find(|w| w.as_str() == name)
    }
}

/// Which drops a side may make, or which enemy pieces a move turns over
/// (`[rules] enclosing-drop`, `flip`; Fairy-Stockfish's `enclosingDrop`
/// and `flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Enclosing {
    /// Reversi: a drop must enclose a line of enemy pieces between it and
    /// an own piece (in any of the eight directions); the pieces so
    /// enclosed turn over.
    Reversi,
    /// Ataxx: a drop must land next to an own piece (any of the eight
    /// neighbours); every enemy piece next to where a piece lands turns
    /// over.
    Ataxx,
}

impl Enclosing {
    /// The name in a definition: `"reversi"`, `"ataxx"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Enclosing::Reversi => "reversi",
            Enclosing::Ataxx => "ataxx",
        }
    }

    /// Every rule, in the order of their names.
    pub const ALL: [Enclosing; 2] = [Enclosing::Reversi, Enclosing::Ataxx];

    /// The rule of a name of [`Enclosing::as_str`].
    pub fn from_name(name: &str) -> Option<Enclosing> {
        Enclosing::ALL.into_iter().find(|e| e.as_str() == name)
    }
}

/// A region that wins: a piece of type `piece` of a side standing on that
/// side's squares of `region` wins the game for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionWinDef {
    /// The piece type's token.
    pub piece: String,
    /// Each side's winning squares (a side with none cannot win so).
    pub region: WideRegion,
}

/// A piece's first moves (`first-moves`, Fairy-Stockfish's
/// `cambodianMoves`): leaps in Betza that a piece of type `piece` may make
/// only from a square of its side's first rank that keeps its right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMoveDef {
    /// The piece type's token.
    pub piece: String,
    /// Its first moves: leaps only (`fsmN`, `fmD`).
    pub betza: String,
}

/// The `[rules]` table: see `docs/definitions.md`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RulesDef {
    /// A capture explodes: the capturer and every piece on the eight
    /// neighbouring squares of the destination (but those of
    /// `explosion_immune` types) leave the board with the captured one; a
    /// royal piece may not capture, royal pieces side by side do not
    /// attack each other, a move that explodes the own royal piece is
    /// illegal and one that explodes the enemy's wins.
    pub explosions: bool,
    /// Types a neighbouring explosion spares (atomic: the Pawn).
    pub explosion_immune: Vec<String>,
    /// Types no explosion removes, not even when they capture
    /// (Fairy-Stockfish's `blastImmuneTypes`; atomar: the King).
    pub explosion_proof: Vec<String>,
    /// Types whose pieces may not capture a piece of their own type
    /// (Fairy-Stockfish's `mutuallyImmuneTypes`; atomar: a King never
    /// takes a King).
    pub mutually_immune: Vec<String>,
    /// When a side can capture, it must (any capture).
    pub capture_forced: bool,
    /// No move may give check.
    pub check_illegal: bool,
    /// The side that gives check this many times wins (0: no such rule).
    pub check_limit: u8,
    /// Which sides have no royal piece.
    pub kingless: Kingless,
    /// A side with no piece left: `Some(true)` wins, `Some(false)` loses
    /// (Fairy-Stockfish's `extinctionValue`). With `extinction_pieces`, a
    /// side left without some listed type instead.
    pub extinction: Option<bool>,
    /// Extinction draws instead (`extinction = "draw"`, with `extinction`
    /// `Some(false)`): Shatar's bare King (Fairy-Stockfish's
    /// `extinctionValue = draw`).
    pub extinction_draw: bool,
    /// The types counted one by one (Fairy-Stockfish's
    /// `extinctionPieceTypes`): a side whose count of any of them (on the
    /// board and in hand) falls to `extinction_count` is extinct. Empty:
    /// all the side's pieces are counted together.
    pub extinction_pieces: Vec<String>,
    /// At most this many left is extinct (`extinctionPieceCount`; 0 by
    /// default, 2 in Three Kings: losing one of three Kings loses).
    pub extinction_count: u8,
    /// Extinct only while the opponent has at least this many of the same
    /// count (`extinctionOpponentPieceCount`; 0 by default).
    pub extinction_opponent_count: u8,
    /// The listed types' pieces are royal while a side has at most
    /// `extinction_count + 1` of a type (Fairy-Stockfish's
    /// `extinctionPseudoRoyal`): they may not be left attacked, being
    /// attacked is check, and extinction itself is never reached (such a
    /// piece is never taken). Coregal: every Queen is royal.
    pub extinction_pseudo_royal: bool,
    /// Types counted as another listed type, (type, counted as) pairs
    /// (`extinction-as`): Fairy-Stockfish's promoted pieces keep their
    /// type, so Sho shogi's Crown Prince (`+E`) counts as its King, a
    /// commoner. A promotion to such a type is judged with the pseudo-royal
    /// pieces of the position before it (the promoted piece joins the count
    /// after the move).
    pub extinction_as: Vec<(String, String)>,
    /// Duple check (Fairy-Stockfish's `dupleCheck`, Spartan): with
    /// `extinction_pseudo_royal`, a side whose pieces of the listed types
    /// are all attacked is in check, and no move may leave them so.
    pub duple_check: bool,
    /// Regions that win.
    pub region_win: Vec<RegionWinDef>,
    /// Racing kings: when White reaches its region first and Black, to
    /// move, can reach its own with its next move, the game goes on; if
    /// Black does, the game is drawn.
    pub region_reply: bool,
    /// Each turn is a move then a wall placed by this rule (`wall`).
    pub wall: Option<WallRule>,
    /// Where each side may place a wall (`wall-region`; `None`: anywhere).
    pub wall_region: Option<WideRegion>,
    /// A capturing piece of one of these types turns into a wall
    /// (`petrify`, Fairy-Stockfish's `petrifyOnCaptureTypes`).
    pub petrify: Vec<String>,
    /// Gating (S-chess, Fairy-Stockfish's `seirawanGating`): a piece in
    /// hand may enter on the square a piece of the side's first rank has
    /// just left, as part of that move, while that square still has its
    /// gating right (castling: on the King's or the partner's square). The
    /// rights are per square, written in FEN's castling field. Without
    /// `[drops]` the hands hold the types of the start position's hands,
    /// and captures do not enter them.
    pub gating: bool,
    /// A piece on its winning region counts only while no enemy piece
    /// attacks it (Fairy-Stockfish's `flagPieceSafe`, Dobutsu shogi's
    /// Lion "reaching the last rank and not taken"): a move that brings it
    /// there unattacked wins at once; one that brings it there attacked
    /// wins when, after the opponent's reply, it stands there unattacked
    /// (both sides so: a draw).
    pub region_safe: bool,
    /// A side may pass: a move of its royal piece to its own square, legal
    /// where the piece is not attacked (Fairy-Stockfish's `pass`). Two
    /// passes in a row end the game: a draw, or by `material_values`.
    pub pass: bool,
    /// Bikjang (Janggi, Fairy-Stockfish's `bikjangRule`): royal pieces may
    /// face each other on a file or rank with nothing between; the side that
    /// faces it must end it or pass (passing is then legal even in check),
    /// and a pass that leaves them facing ends the game: a draw, or by
    /// `material_values`.
    pub bikjang: bool,
    /// A hopper of one of these types may neither hop over nor capture a
    /// piece of one of these types, of either side (`hop-immune`; Janggi's
    /// Cannon, Fairy-Stockfish's `janggiCannon`).
    pub hop_immune: Vec<String>,
    /// Material counting (`material-values`, Fairy-Stockfish's
    /// `materialCounting`): where the rules would end the game in a draw
    /// (repetition, the move rule, two passes, bikjang), each side's sum of
    /// the values of its pieces on the board decides instead, Black's sum
    /// plus `material_komi`; equal sums draw. Types not listed count 0.
    pub material_values: Vec<(String, u16)>,
    /// Black's bonus in material counting, in half points (3: Janggi's
    /// 1.5 points); written `material-komi = 1.5`.
    pub material_komi: i32,
    /// A setup phase (Fairy-Stockfish's `mustDrop`: placement, Sittuyin):
    /// while a side has pieces in hand and may drop one, it must drop. With
    /// `[drops]`; a side whose royal piece is still in hand has no King to
    /// keep safe until it is dropped.
    pub must_drop: bool,
    /// The one type `must_drop` applies to (Fairy-Stockfish's
    /// `mustDropType`: Koedem's King): while a side has one in hand, its
    /// drops are of this type only, and it must drop one where it can.
    /// `None`: every type. Needs `must_drop`.
    pub must_drop_type: Option<String>,
    /// No drop may give check (Fairy-Stockfish's `dropChecks = false`:
    /// supply chess). Needs `[drops]`.
    pub drop_check_illegal: bool,
    /// The types whose pieces must end on squares of both colours
    /// (Fairy-Stockfish's `dropOppositeColoredBishop`, placement's
    /// Bishops): no drop may leave a side unable to stand half of its
    /// pieces of such a type (on the board and in hand) on each colour.
    pub drop_opposite_colors: Vec<String>,
    /// A dropped King or Rook gives castling rights (Fairy-Stockfish's
    /// `castlingDroppedPiece`): the royal piece dropped on its castling
    /// square gains the rights of the partners on the rank's two ends, a
    /// partner dropped on an end gains its right while the King stands on
    /// its castling square. With `[castling]` and `[drops]`.
    pub castle_dropped: bool,
    /// Promotion is a move of its own (Fairy-Stockfish's
    /// `sittuyinPromotion`): a pawn on the promotion zone (anywhere when it
    /// is its side's last pawn) turns into a type it promotes to, in place
    /// (a move with `from == to`) or with one quiet move of that type; the
    /// new piece may attack no enemy piece and the move may not give check.
    /// Moves into the zone do not promote. With `[promotion] scheme =
    /// "zone"` (its `limits` count).
    pub promotion_in_place: bool,
    /// Makpong's rule (Fairy-Stockfish's `makpongRule`): a royal piece in
    /// check may move only to capture its one checker; otherwise the check
    /// is met by another piece.
    pub makpong: bool,
    /// First moves (Cambodian's King and Met, Fairy-Stockfish's
    /// `cambodianMoves`): each side's first-rank squares hold rights,
    /// written as file letters in FEN's castling field (`DEde`), on squares
    /// of its pieces; a piece standing on a square with its right may also
    /// make its type's first moves (non-capturing where the Betza says `m`),
    /// the royal piece not while in check. A square loses its right when
    /// its piece leaves or is taken there.
    pub first_moves: Vec<FirstMoveDef>,
    /// The royal piece's right is lost when a piece of one of these types
    /// moves where its own moves on an empty board reach it (Cambodian: a
    /// Rook in line with the King, `first-move-lost-to = ["R"]`).
    pub first_move_lost_to: Vec<String>,
    /// The position may hold walls that no turn adds or removes (`*` in
    /// FEN: holes in the board, as Gustav III, Omicron and Troitzky chess
    /// have in Fairy-Stockfish's start positions, and Ataxx's blocked
    /// squares).
    pub fixed_walls: bool,
    /// A piece on its winning region wins only when its side is to move:
    /// it stood there through the opponent's reply (Fairy-Stockfish's
    /// `flagMove` with a flag piece other than the King; Jeson Mor's Knight
    /// on the centre square, which wins by leaving it). A piece of the side
    /// that just moved on its region ends nothing: the reply may take it.
    pub region_hold: bool,
    /// Where a drop may go (`enclosing-drop`, Fairy-Stockfish's
    /// `enclosingDrop`): see [`Enclosing`].
    pub enclosing_drop: Option<Enclosing>,
    /// While any of these squares is empty, drops go only there, enclosing
    /// nothing (`enclosing-start`, `enclosingDropStart`: Reversi's four
    /// centre squares). Needs `enclosing-drop`.
    pub enclosing_start: Option<WideRegion>,
    /// Which enemy pieces turn over when a piece lands (`flip`,
    /// `flipEnclosedPieces`): see [`Enclosing`].
    pub flip: Option<Enclosing>,
    /// A side with no legal move passes (`pass-stuck`, Fairy-Stockfish's
    /// `passOnStalemate`; Othello, Ataxx): the pass is the move of its royal
    /// piece, or without one of its first piece (the lowest square, `a1`
    /// before `b1` before `a2`), to its own square, legal only when no
    /// other move is and the side is not in check; a side without a piece
    /// cannot pass. Two passes in a row end the game: a draw, or by
    /// `material_values`.
    pub pass_stuck: bool,
    /// Drops take no piece from a hand (`free-drops`, Fairy-Stockfish's
    /// `freeDrops`; Ataxx): each type of `[drops]` may always be dropped,
    /// and FEN writes no hands.
    pub free_drops: bool,
    /// A full board ends the game (`full-board`, Fairy-Stockfish's
    /// `adjudicateFullBoard`): a draw, or by `material_values`.
    pub full_board: bool,
}

toml_table! {
    pub(super) struct RawRules {
        explosions: Option<bool>,
        explosion_immune: Option<Vec<Spanned<String>>>,
        explosion_proof: Option<Vec<Spanned<String>>>,
        mutually_immune: Option<Vec<Spanned<String>>>,
        capture_forced: Option<bool>,
        check_illegal: Option<bool>,
        check_limit: Option<Spanned<i64>>,
        kingless: Option<Spanned<String>>,
        extinction: Option<Spanned<String>>,
        extinction_pieces: Option<Vec<Spanned<String>>>,
        extinction_count: Option<Spanned<i64>>,
        extinction_opponent_count: Option<Spanned<i64>>,
        extinction_pseudo_royal: Option<Spanned<bool>>,
        extinction_as: Option<Spanned<std::collections::BTreeMap<String, Spanned<String>>>>,
        duple_check: Option<Spanned<bool>>,
        region_win: Option<Vec<Spanned<RawRegionWin>>>,
        region_reply: Option<bool>,
        region_safe: Option<bool>,
        region_hold: Option<bool>,
        enclosing_drop: Option<Spanned<String>>,
        enclosing_start: Option<Spanned<String>>,
        flip: Option<Spanned<String>>,
        pass_stuck: Option<bool>,
        free_drops: Option<bool>,
        full_board: Option<bool>,
        gating: Option<bool>,
        wall: Option<Spanned<String>>,
        wall_region: Option<Spanned<RawSides>>,
        petrify: Option<Vec<Spanned<String>>>,
        pass: Option<bool>,
        bikjang: Option<bool>,
        hop_immune: Option<Vec<Spanned<String>>>,
        material_values: Option<Spanned<std::collections::BTreeMap<String, Spanned<i64>>>>,
        material_komi: Option<Spanned<super::toml_de::Number>>,
        must_drop: Option<bool>,
        must_drop_type: Option<Spanned<String>>,
        drop_check_illegal: Option<bool>,
        drop_opposite_colors: Option<Vec<Spanned<String>>>,
        castle_dropped: Option<bool>,
        promotion_in_place: Option<bool>,
        makpong: Option<bool>,
        first_moves: Option<Vec<Spanned<RawFirstMove>>>,
        first_move_lost_to: Option<Vec<Spanned<String>>>,
        fixed_walls: Option<bool>,
    }
}

toml_table! {
    pub(super) struct RawFirstMove {
        piece: Spanned<String>,
        betza: Spanned<String>,
    }
}

toml_table! {
    pub(super) struct RawSides {
        white: Spanned<String>,
        black: Spanned<String>,
    }
}

toml_table! {
    pub(super) struct RawRegionWin {
        piece: Spanned<String>,
        white: Spanned<String>,
        black: Spanned<String>,
    }
}

/// Reads the `[rules]` table.
pub(super) fn read(
    raw: &RawRules,
    size: BoardSize,
    err: text::ErrFn<'_>,
) -> Result<RulesDef, VariantError> {
    let choice = |v: &Spanned<String>, key: &str, options: &[&str]| {
        text::choice(err, v, key, options, text::TOML_QUOTED)
    };
    let check_limit = match &raw.check_limit {
        None => 0,
        Some(n) => text::number(err, n, "rules.check-limit", 1, 99)? as u8,
    };
    let kingless = match &raw.kingless {
        None => Kingless::Neither,
        Some(k) => [
            Kingless::Neither,
            Kingless::White,
            Kingless::Black,
            Kingless::Both,
        ][choice(k, "rules.kingless", &["neither", "white", "black", "both"])?],
    };
    let (extinction, extinction_draw) = match &raw.extinction {
        None => (None, false),
        Some(e) => match choice(e, "rules.extinction", &["loss", "win", "draw"])? {
            1 => (Some(true), false),
            2 => (Some(false), true),
            _ => (Some(false), false),
        },
    };
    let count = |v: &Option<Spanned<i64>>, key: &str| match v {
        None => Ok(0),
        Some(n) => text::number(err, n, key, 0, 255).map(|n| n as u8),
    };
    let extinction_count = count(&raw.extinction_count, "rules.extinction-count")?;
    let extinction_opponent_count = count(
        &raw.extinction_opponent_count,
        "rules.extinction-opponent-count",
    )?;
    let extinction_pseudo_royal = raw
        .extinction_pseudo_royal
        .as_ref()
        .is_some_and(|b| *b.get_ref());
    if extinction.is_none() {
        // Each extinction key refines `extinction`: alone it means nothing.
        let stray = raw
            .extinction_pieces
            .as_ref()
            .and_then(|v| v.first())
            .map(|t| (t.span(), "rules.extinction-pieces"))
            .or(raw
                .extinction_count
                .as_ref()
                .map(|n| (n.span(), "rules.extinction-count")))
            .or(raw
                .extinction_opponent_count
                .as_ref()
                .map(|n| (n.span(), "rules.extinction-opponent-count")))
            .or(raw
                .extinction_pseudo_royal
                .as_ref()
                .map(|b| (b.span(), "rules.extinction-pseudo-royal")))
            .or(raw
                .extinction_as
                .as_ref()
                .map(|m| (m.span(), "rules.extinction-as")));
        if let Some((span, key)) = stray {
            return Err(text::refuse(
                err,
                span,
                key,
                "needs `extinction = \"loss\"` or `\"win\"`",
            ));
        }
    }
    let duple_check = raw.duple_check.as_ref().is_some_and(|b| *b.get_ref());
    if let Some(b) = raw
        .duple_check
        .as_ref()
        .filter(|_| duple_check && !extinction_pseudo_royal)
    {
        return Err(text::refuse(
            err,
            b.span(),
            "rules.duple-check",
            "needs `extinction-pseudo-royal = true`",
        ));
    }
    let mut region_win = Vec::new();
    for r in raw.region_win.iter().flatten() {
        let r = r.get_ref();
        region_win.push(RegionWinDef {
            piece: r.piece.get_ref().clone(),
            region: text::sides(err, size, &r.white, &r.black, "rules.region-win")?,
        });
    }
    let wall = match &raw.wall {
        None => None,
        Some(w) => {
            let names: Vec<&str> = WallRule::ALL.iter().map(|w| w.as_str()).collect();
            Some(WallRule::ALL[choice(w, "rules.wall", &names)?])
        }
    };
    let wall_region = match &raw.wall_region {
        None => None,
        Some(r) => Some(text::sides(
            err,
            size,
            &r.get_ref().white,
            &r.get_ref().black,
            "rules.wall-region",
        )?),
    };
    let mut material_values = Vec::new();
    if let Some(m) = &raw.material_values {
        for (token, n) in m.get_ref() {
            let key = format!("rules.material-values.{}", crate::quote::quoted(token));
            let v = text::number(err, n, &key, 0, 1000)?;
            material_values.push((token.clone(), v as u16));
        }
    }
    let material_komi = match &raw.material_komi {
        None => 0,
        Some(k) => {
            let halves = k.get_ref().0.map(|x| 2.0 * x);
            match halves {
                Some(h) if h.fract() == 0.0 && (-2000.0..=2000.0).contains(&h) => h as i32,
                _ => {
                    return Err(text::refuse(
                        err,
                        k.span(),
                        "rules.material-komi",
                        "expected a number of points in -1000..=1000, in whole or half points",
                    ));
                }
            }
        }
    };
    if raw.material_komi.is_some() && raw.material_values.is_none() {
        let span = raw
            .material_komi
            .as_ref()
            .map(|k| k.span())
            .unwrap_or_default();
        return Err(text::refuse(
            err,
            span,
            "rules.material-komi",
            "needs material-values",
        ));
    }
    let enclosing = |v: &Option<Spanned<String>>, key: &str| match v {
        None => Ok(None),
        Some(e) => {
            let names: Vec<&str> = Enclosing::ALL.iter().map(|e| e.as_str()).collect();
            Ok(Some(Enclosing::ALL[choice(e, key, &names)?]))
        }
    };
    let enclosing_drop = enclosing(&raw.enclosing_drop, "rules.enclosing-drop")?;
    let flip = enclosing(&raw.flip, "rules.flip")?;
    let enclosing_start = match &raw.enclosing_start {
        None => None,
        Some(s) => {
            let set = Region::parse_squares_in(size, s.get_ref())
                .map_err(|m| err(s.span(), "rules.enclosing-start", m))?;
            if enclosing_drop.is_none() {
                return Err(text::refuse(
                    err,
                    s.span(),
                    "rules.enclosing-start",
                    "needs `enclosing-drop`",
                ));
            }
            Some(Region {
                white: set,
                black: set,
            })
        }
    };
    let tokens = |v: &Option<Vec<Spanned<String>>>| text::strings(v.as_deref().unwrap_or_default());
    Ok(RulesDef {
        explosions: raw.explosions.unwrap_or(false),
        explosion_immune: tokens(&raw.explosion_immune),
        explosion_proof: tokens(&raw.explosion_proof),
        mutually_immune: tokens(&raw.mutually_immune),
        capture_forced: raw.capture_forced.unwrap_or(false),
        check_illegal: raw.check_illegal.unwrap_or(false),
        check_limit,
        kingless,
        extinction,
        extinction_draw,
        extinction_pieces: tokens(&raw.extinction_pieces),
        extinction_count,
        extinction_opponent_count,
        extinction_pseudo_royal,
        extinction_as: raw
            .extinction_as
            .as_ref()
            .map(|m| {
                m.get_ref()
                    .iter()
                    .map(|(a, t)| (a.clone(), t.get_ref().clone()))
                    .collect()
            })
            .unwrap_or_default(),
        duple_check,
        region_win,
        region_reply: raw.region_reply.unwrap_or(false),
        wall,
        wall_region,
        petrify: tokens(&raw.petrify),
        gating: raw.gating.unwrap_or(false),
        region_safe: raw.region_safe.unwrap_or(false),
        pass: raw.pass.unwrap_or(false),
        bikjang: raw.bikjang.unwrap_or(false),
        hop_immune: tokens(&raw.hop_immune),
        material_values,
        material_komi,
        must_drop: raw.must_drop.unwrap_or(false),
        must_drop_type: text::string(&raw.must_drop_type),
        drop_check_illegal: raw.drop_check_illegal.unwrap_or(false),
        drop_opposite_colors: tokens(&raw.drop_opposite_colors),
        castle_dropped: raw.castle_dropped.unwrap_or(false),
        promotion_in_place: raw.promotion_in_place.unwrap_or(false),
        makpong: raw.makpong.unwrap_or(false),
        first_moves: raw
            .first_moves
            .iter()
            .flatten()
            .map(|f| FirstMoveDef {
                piece: f.get_ref().piece.get_ref().clone(),
                betza: f.get_ref().betza.get_ref().clone(),
            })
            .collect(),
        first_move_lost_to: tokens(&raw.first_move_lost_to),
        fixed_walls: raw.fixed_walls.unwrap_or(false),
        region_hold: raw.region_hold.unwrap_or(false),
        enclosing_drop,
        enclosing_start,
        flip,
        pass_stuck: raw.pass_stuck.unwrap_or(false),
        free_drops: raw.free_drops.unwrap_or(false),
        full_board: raw.full_board.unwrap_or(false),
    })
}

/// Writes the `[rules]` table (nothing when every rule is off).
pub(super) fn write(f: &mut fmt::Formatter<'_>, r: &RulesDef, size: BoardSize) -> fmt::Result {
    if *r == RulesDef::default() {
        return Ok(());
    }
    let squares = |set| quoted(&Region::format_squares(size, set));
    f.write_str("\n[rules]\n")?;
    flag(f, r.explosions, "explosions")?;
    some_list_line(f, "explosion-immune", &r.explosion_immune)?;
    some_list_line(f, "explosion-proof", &r.explosion_proof)?;
    some_list_line(f, "mutually-immune", &r.mutually_immune)?;
    flag(f, r.capture_forced, "capture-forced")?;
    flag(f, r.check_illegal, "check-illegal")?;
    if r.check_limit != 0 {
        line(f, "check-limit", &r.check_limit)?;
    }
    if r.kingless != Kingless::Neither {
        string_line(f, "kingless", r.kingless.as_str())?;
    }
    if let Some(win) = r.extinction {
        let value = match (win, r.extinction_draw) {
            (_, true) => "draw",
            (true, false) => "win",
            (false, false) => "loss",
        };
        string_line(f, "extinction", value)?;
    }
    some_list_line(f, "extinction-pieces", &r.extinction_pieces)?;
    for (key, n) in [
        ("extinction-count", r.extinction_count),
        ("extinction-opponent-count", r.extinction_opponent_count),
    ] {
        if n != 0 {
            line(f, key, &n)?;
        }
    }
    flag(f, r.extinction_pseudo_royal, "extinction-pseudo-royal")?;
    if !r.extinction_as.is_empty() {
        items_line(
            f,
            "extinction-as",
            "{ ",
            &mut r
                .extinction_as
                .iter()
                .map(|(a, t)| format!("{} = {}", quoted(a), quoted(t))),
        )?;
    }
    flag(f, r.duple_check, "duple-check")?;
    if !r.region_win.is_empty() {
        items_line(
            f,
            "region-win",
            "[",
            &mut r.region_win.iter().map(|w| {
                format!(
                    "{{ piece = {}, white = {}, black = {} }}",
                    quoted(&w.piece),
                    squares(w.region.white),
                    squares(w.region.black)
                )
            }),
        )?;
    }
    flag(f, r.region_reply, "region-reply")?;
    flag(f, r.region_safe, "region-safe")?;
    flag(f, r.region_hold, "region-hold")?;
    if let Some(e) = r.enclosing_drop {
        string_line(f, "enclosing-drop", e.as_str())?;
    }
    if let Some(region) = &r.enclosing_start {
        line(f, "enclosing-start", &squares(region.white))?;
    }
    if let Some(e) = r.flip {
        string_line(f, "flip", e.as_str())?;
    }
    flag(f, r.gating, "gating")?;
    if let Some(w) = r.wall {
        string_line(f, "wall", w.as_str())?;
    }
    if let Some(region) = &r.wall_region {
        line(f, "wall-region", &super::def::RegionText(size, region))?;
    }
    some_list_line(f, "petrify", &r.petrify)?;
    flag(f, r.pass, "pass")?;
    flag(f, r.bikjang, "bikjang")?;
    some_list_line(f, "hop-immune", &r.hop_immune)?;
    if !r.material_values.is_empty() {
        items_line(
            f,
            "material-values",
            "{ ",
            &mut r
                .material_values
                .iter()
                .map(|(t, v)| format!("{} = {v}", quoted(t))),
        )?;
    }
    if r.material_komi != 0 {
        // A half point, written without float formatting (which would
        // link Rust's float printing into the web module).
        let sign = if r.material_komi < 0 { "-" } else { "" };
        let whole = r.material_komi.unsigned_abs() / 2;
        let half = if r.material_komi % 2 == 0 { "" } else { ".5" };
        line(f, "material-komi", &format_args!("{sign}{whole}{half}"))?;
    }
    flag(f, r.must_drop, "must-drop")?;
    if let Some(t) = &r.must_drop_type {
        string_line(f, "must-drop-type", t)?;
    }
    flag(f, r.drop_check_illegal, "drop-check-illegal")?;
    some_list_line(f, "drop-opposite-colors", &r.drop_opposite_colors)?;
    flag(f, r.castle_dropped, "castle-dropped")?;
    flag(f, r.promotion_in_place, "promotion-in-place")?;
    flag(f, r.makpong, "makpong")?;
    if !r.first_moves.is_empty() {
        items_line(
            f,
            "first-moves",
            "[",
            &mut r.first_moves.iter().map(|m| {
                format!(
                    "{{ piece = {}, betza = {} }}",
                    quoted(&m.piece),
                    quoted(&m.betza)
                )
            }),
        )?;
    }
    some_list_line(f, "first-move-lost-to", &r.first_move_lost_to)?;
    flag(f, r.fixed_walls, "fixed-walls")?;
    flag(f, r.pass_stuck, "pass-stuck")?;
    flag(f, r.free_drops, "free-drops")?;
    flag(f, r.full_board, "full-board")
}

/// The compiled `[rules]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpecialRules {
    /// Some rule is on: the generic path plays.
    pub any: bool,
    /// The rules on decide only when the game ends (a region reached,
    /// checks counted, a side without a King, extinction of pieces that
    /// are not royal): every move is legal as
    /// without them, so generation and counting keep the fast path, the
    /// end judged at each node. A whitelist, so that a rule added later
    /// takes the generic path until it is judged plain too.
    pub plain: bool,
    /// Plain but for `capture-forced`: the fast generator's legal moves,
    /// captures only when there is one (`position::forced`).
    pub forced_plain: bool,
    /// Plain but for `check-illegal`: the fast generator's legal moves
    /// less those giving check (`position::no_check`).
    pub no_check_plain: bool,
    /// Plain but for `explosions` (and `explosion-immune`,
    /// `explosion-proof`, `mutually-immune`): pseudo-legal moves judged on
    /// bitboards (`position::explosions`).
    pub explosions_plain: bool,
    /// Plain but for `gating`: the fast generator's legal moves, each
    /// also with the gates it may make (`position::gating`).
    pub gating_plain: bool,
    /// Some rule changes the position or the rules' state after a move
    /// (explosions, check counts, gates, walls...): `apply_rules` runs and
    /// a move's undo record keeps what it changed. False for rules that
    /// only judge (regions, extinction, a side without a King, compulsory
    /// capture, no check given), whose variants play and take back moves
    /// as those without rules.
    pub applies: bool,
    pub explosions: bool,
    /// `explosion-immune`, one bit per role.
    pub immune: u64,
    /// `explosion-proof`, one bit per role.
    pub proof: u64,
    /// `mutually-immune`, one bit per role.
    pub mutual: u64,
    pub capture_forced: bool,
    pub check_illegal: bool,
    pub check_limit: u8,
    /// `[colour]`: plays without a royal piece.
    pub kingless: [bool; 2],
    /// See [`RulesDef::extinction`].
    pub extinction: Option<bool>,
    /// See [`RulesDef::extinction_draw`].
    pub extinction_draw: bool,
    /// [`RulesDef::extinction_pieces`], one bit per role; 0: all pieces
    /// counted together.
    pub extinction_roles: u64,
    pub extinction_count: u8,
    pub extinction_opponent_count: u8,
    /// [`RulesDef::extinction_pseudo_royal`]: the roles of
    /// `extinction_roles` are royal while few.
    pub pseudo_royal: bool,
    /// [`RulesDef::extinction_as`]: (role, counted as role) pairs.
    pub extinction_as: Vec<(usize, usize)>,
    /// [`RulesDef::duple_check`].
    pub duple_check: bool,
    /// (type, region) pairs.
    pub regions: Vec<(Role, WideRegion)>,
    pub region_reply: bool,
    /// [`RulesDef::wall`].
    pub wall: Option<WallRule>,
    /// Where each side may place a wall (all squares without a region).
    pub wall_region: WideRegion,
    /// [`RulesDef::petrify`], one bit per role.
    pub petrify: u64,
    /// [`RulesDef::gating`].
    pub gating: bool,
    /// [`RulesDef::fixed_walls`].
    pub fixed_walls: bool,
    /// [`RulesDef::region_safe`].
    pub region_safe: bool,
    /// [`RulesDef::pass`].
    pub pass: bool,
    /// [`RulesDef::bikjang`].
    pub bikjang: bool,
    /// [`RulesDef::hop_immune`], one bit per role.
    pub hop_immune: u64,
    /// [`RulesDef::material_values`] per role (0 for types not listed);
    /// `None` without material counting.
    pub material: Option<Vec<i32>>,
    /// [`RulesDef::material_komi`], in half points.
    pub material_komi: i32,
    /// [`RulesDef::must_drop`].
    pub must_drop: bool,
    /// [`RulesDef::must_drop_type`]'s role.
    pub must_drop_role: Option<Role>,
    /// [`RulesDef::drop_check_illegal`].
    pub drop_check_illegal: bool,
    /// [`RulesDef::drop_opposite_colors`], one bit per role.
    pub drop_opposite: u64,
    /// [`RulesDef::castle_dropped`].
    pub castle_dropped: bool,
    /// [`RulesDef::promotion_in_place`].
    pub promotion_in_place: bool,
    /// [`RulesDef::makpong`].
    pub makpong: bool,
    /// [`RulesDef::first_moves`]: the types (table role `i` is the `i`-th
    /// entry) and their leaps' tables.
    pub first_moves: Option<FirstMoves>,
    /// [`RulesDef::first_move_lost_to`], one bit per role.
    pub first_lost_to: u64,
    /// [`RulesDef::region_hold`].
    pub region_hold: bool,
    /// [`RulesDef::enclosing_drop`].
    pub enclosing_drop: Option<Enclosing>,
    /// [`RulesDef::enclosing_start`] (either side's part: they are equal).
    pub enclosing_start: Option<WideRegion>,
    /// [`RulesDef::flip`].
    pub flip: Option<Enclosing>,
    /// [`RulesDef::pass_stuck`].
    pub pass_stuck: bool,
    /// [`RulesDef::free_drops`].
    pub free_drops: bool,
    /// [`RulesDef::full_board`].
    pub full_board: bool,
}

/// The compiled first moves: per entry its piece type, and the leaps of
/// every entry as the tables of a board with one type per entry.
#[derive(Clone)]
pub(crate) struct FirstMoves {
    pub roles: Vec<Role>,
    pub tables: std::sync::Arc<crate::tables::Tables>,
}

impl fmt::Debug for FirstMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FirstMoves")
            .field("roles", &self.roles)
            .finish()
    }
}

/// Checks the rules against the piece types and compiles them.
pub(super) fn compile(def: &VariantDef) -> Result<SpecialRules, VariantError> {
    let r = &def.rules;
    let role = |place: &str, token: &str| -> Result<Role, VariantError> {
        def.pieces
            .iter()
            .position(|p| p.token == token)
            .map(|i| Role(i as u8))
            .ok_or_else(|| VariantError::UnknownToken {
                place: place.to_string(),
                token: super::prefix(token),
            })
    };
    let mut immune = 0u64;
    for t in &r.explosion_immune {
        immune |= 1 << role("rules.explosion-immune", t)?.0;
    }
    let mut proof = 0u64;
    for t in &r.explosion_proof {
        proof |= 1 << role("rules.explosion-proof", t)?.0;
    }
    let mut mutual = 0u64;
    for t in &r.mutually_immune {
        mutual |= 1 << role("rules.mutually-immune", t)?.0;
    }
    for (key, set) in [
        ("explosion-immune", &r.explosion_immune),
        ("explosion-proof", &r.explosion_proof),
    ] {
        if !r.explosions && !set.is_empty() {
            return Err(VariantError::GameEnd(format!(
                "rules.{key} needs explosions = true"
            )));
        }
    }
    if def
        .pieces
        .iter()
        .any(|p| p.royal && r.explosion_proof.contains(&p.token))
    {
        return Err(super::end_def::game_end_error(
            "rules.explosion-proof may not list a royal type (an explosion is how it is lost)",
        ));
    }
    let mut regions = Vec::new();
    for w in &r.region_win {
        regions.push((role("rules.region-win.piece", &w.piece)?, w.region));
    }
    if r.region_reply && regions.is_empty() {
        return Err(super::end_def::game_end_error(
            "rules.region-reply needs a region-win",
        ));
    }
    if r.region_safe && (regions.is_empty() || r.region_reply) {
        return Err(super::end_def::game_end_error(
            "rules.region-safe needs a region-win and no region-reply",
        ));
    }
    if r.region_hold && (regions.is_empty() || r.region_reply || r.region_safe) {
        return Err(super::end_def::game_end_error(
            "rules.region-hold needs a region-win and neither region-reply nor region-safe",
        ));
    }
    if (r.enclosing_drop.is_some() || r.flip.is_some())
        && (def.files > 16
            || usize::from(def.files) * usize::from(def.ranks) > crate::bitboard::MAX_SQUARES)
    {
        return Err(super::end_def::game_end_error(
            "rules.enclosing-drop and rules.flip need a board of at most 16 files and 128 squares",
        ));
    }
    if r.enclosing_drop.is_some() && def.drops.is_none() && !start_has_hands(&def.start_fen) {
        return Err(super::end_def::game_end_error(
            "rules.enclosing-drop needs drops ([drops] or pieces in the start position's hands)",
        ));
    }
    if r.flip.is_some() && (r.wall.is_some() || !r.petrify.is_empty() || r.explosions) {
        return Err(super::end_def::game_end_error(
            "rules.flip does not go with walls or explosions",
        ));
    }
    let mut extinction_roles = 0u64;
    for t in &r.extinction_pieces {
        extinction_roles |= 1 << role("rules.extinction-pieces", t)?.0;
    }
    let mut extinction_as = Vec::new();
    for (a, t) in &r.extinction_as {
        let (ar, tr) = (
            role("rules.extinction-as", a)?.0,
            role("rules.extinction-as", t)?.0,
        );
        if extinction_roles >> tr & 1 == 0 || extinction_roles >> ar & 1 != 0 {
            return Err(VariantError::GameEnd(format!(
                "rules.extinction-as: {a} = {t}: {t} must be listed in extinction-pieces and {a} not"
            )));
        }
        extinction_as.push((usize::from(ar), usize::from(tr)));
    }
    if r.extinction_pseudo_royal {
        if extinction_roles == 0 {
            return Err(super::end_def::game_end_error(
                "rules.extinction-pseudo-royal needs extinction-pieces (the types made royal)",
            ));
        }
        if r.explosions || def.game_end.royal_capture {
            return Err(super::end_def::game_end_error(
                "rules.extinction-pseudo-royal does not go with explosions or royal capture",
            ));
        }
    }
    let kingless = [r.kingless.of(Color::White), r.kingless.of(Color::Black)];
    if kingless.iter().any(|&k| k) && def.game_end.royal_capture {
        return Err(super::end_def::game_end_error(
            "rules.kingless does not go with royal-capture",
        ));
    }
    if r.kingless == Kingless::Both && def.castling.as_ref().is_some_and(|c| c.king.is_none()) {
        return Err(super::end_def::game_end_error(
            "rules.kingless = \"both\" goes with [castling] only when it names the piece that castles (`king`)",
        ));
    }
    if r.makpong && (r.kingless != Kingless::Neither || def.game_end.royal_capture) {
        return Err(super::end_def::game_end_error(
            "rules.makpong needs both sides' royal pieces, without royal capture",
        ));
    }
    if (r.check_limit != 0 || r.check_illegal) && r.kingless == Kingless::Both {
        return Err(super::end_def::game_end_error(
            "rules.check-limit and check-illegal need royal pieces to check",
        ));
    }
    if r.gating {
        if def.files > 16
            || usize::from(def.files) * usize::from(def.ranks) > crate::bitboard::MAX_SQUARES
        {
            return Err(super::end_def::game_end_error(
                "rules.gating needs a board of at most 16 files and 128 squares",
            ));
        }
        if def.drops.is_none() && !start_has_hands(&def.start_fen) {
            return Err(super::end_def::game_end_error(
                "rules.gating without [drops] needs pieces in the start position's hands (`[HEhe]`): they are what gates",
            ));
        }
    }
    let mut petrify = 0u64;
    for t in &r.petrify {
        petrify |= 1 << role("rules.petrify", t)?.0;
    }
    if r.wall.is_some() || petrify != 0 || r.fixed_walls {
        walls_allowed(def, r)?;
    } else if r.wall_region.is_some() {
        return Err(super::end_def::game_end_error(
            "rules.wall-region needs a wall rule (`wall = ...`)",
        ));
    }
    let has_drops = def.drops.is_some();
    if r.must_drop && !has_drops {
        return Err(super::end_def::game_end_error(
            "rules.must-drop needs [drops] (pieces in hand to drop)",
        ));
    }
    let must_drop_role = match &r.must_drop_type {
        None => None,
        Some(_) if !r.must_drop => {
            return Err(super::end_def::game_end_error(
                "rules.must-drop-type needs must-drop = true",
            ));
        }
        Some(t) => Some(role("rules.must-drop-type", t)?),
    };
    if r.drop_check_illegal && !has_drops {
        return Err(super::end_def::game_end_error(
            "rules.drop-check-illegal needs [drops]",
        ));
    }
    let mut drop_opposite = 0u64;
    for t in &r.drop_opposite_colors {
        drop_opposite |= 1 << role("rules.drop-opposite-colors", t)?.0;
    }
    if drop_opposite != 0 && !has_drops {
        return Err(super::end_def::game_end_error(
            "rules.drop-opposite-colors needs [drops]",
        ));
    }
    if r.castle_dropped && (!has_drops || def.castling.is_none()) {
        return Err(super::end_def::game_end_error(
            "rules.castle-dropped needs [drops] and [castling]",
        ));
    }
    if r.castle_dropped && def.castling.as_ref().is_some_and(|c| c.any_start) {
        return Err(super::end_def::game_end_error(
            "rules.castle-dropped does not go with castling from any start",
        ));
    }
    if r.promotion_in_place && !matches!(def.promotion, super::PromotionDef::Zone { .. }) {
        return Err(super::end_def::game_end_error(
            "rules.promotion-in-place needs [promotion] scheme = \"zone\" (where pawns promote)",
        ));
    }
    let first_moves = compile_first_moves(def, &role)?;
    let mut first_lost_to = 0u64;
    for t in &r.first_move_lost_to {
        first_lost_to |= 1 << role("rules.first-move-lost-to", t)?.0;
    }
    if first_lost_to != 0 && first_moves.is_none() {
        return Err(super::end_def::game_end_error(
            "rules.first-move-lost-to needs first-moves",
        ));
    }
    let all = WideRegion {
        white: !<crate::bitboard::Huge as crate::bitboard::Board>::EMPTY,
        black: !<crate::bitboard::Huge as crate::bitboard::Board>::EMPTY,
    };
    let mut hop_immune = 0u64;
    for t in &r.hop_immune {
        hop_immune |= 1 << role("rules.hop-immune", t)?.0;
    }
    let material = if r.material_values.is_empty() {
        None
    } else {
        let mut values = vec![0i32; def.pieces.len()];
        for (t, v) in &r.material_values {
            values[role("rules.material-values", t)?.index()] = i32::from(*v);
        }
        Some(values)
    };
    if (r.pass || r.bikjang) && (r.wall.is_some() || r.gating || r.kingless != Kingless::Neither) {
        return Err(super::end_def::game_end_error(
            "rules.pass and rules.bikjang need a royal piece on each side, and no walls or gating",
        ));
    }
    if (r.pass || r.bikjang) && def.game_end.royal_capture {
        return Err(super::end_def::game_end_error(
            "rules.pass and rules.bikjang do not go with royal capture",
        ));
    }
    if r.bikjang && def.facing_kings {
        return Err(super::end_def::game_end_error(
            "rules.bikjang does not go with facing-kings (which forbids what bikjang allows)",
        ));
    }
    if r.pass_stuck && (r.pass || r.bikjang || r.wall.is_some() || r.gating) {
        return Err(super::end_def::game_end_error(
            "rules.pass-stuck does not go with pass, bikjang, walls or gating",
        ));
    }
    // Captures would fill the hands that free drops keep unchanged.
    if r.free_drops
        && (r.gating
            || def
                .drops
                .is_none_or(|d| d.captured != super::def::CapturedRule::Lost))
    {
        return Err(super::end_def::game_end_error(
            "rules.free-drops needs [drops] with captured = \"lost\", and no gating",
        ));
    }
    let any = *r != RulesDef::default();
    let plain = judged_plain(r);
    // Plain but for one rule that has a fast path of its own.
    let forced_plain = r.capture_forced
        && judged_plain(&RulesDef {
            capture_forced: false,
            ..r.clone()
        });
    let no_check_plain = r.check_illegal
        && judged_plain(&RulesDef {
            check_illegal: false,
            ..r.clone()
        });
    let explosions_plain = r.explosions
        && judged_plain(&RulesDef {
            explosions: false,
            explosion_immune: Vec::new(),
            explosion_proof: Vec::new(),
            mutually_immune: Vec::new(),
            ..r.clone()
        });
    let gating_plain = r.gating
        && judged_plain(&RulesDef {
            gating: false,
            ..r.clone()
        });
    Ok(SpecialRules {
        any,
        plain,
        gating_plain,
        applies: !judged_stateless(r),
        forced_plain,
        no_check_plain,
        explosions_plain,
        explosions: r.explosions,
        immune,
        proof,
        mutual,
        capture_forced: r.capture_forced,
        check_illegal: r.check_illegal,
        check_limit: r.check_limit,
        kingless,
        extinction: r.extinction,
        extinction_draw: r.extinction_draw && r.extinction.is_some(),
        extinction_roles,
        extinction_count: r.extinction_count,
        extinction_opponent_count: r.extinction_opponent_count,
        pseudo_royal: r.extinction_pseudo_royal,
        extinction_as,
        duple_check: r.duple_check && r.extinction_pseudo_royal,
        regions,
        region_reply: r.region_reply,
        gating: r.gating,
        wall: r.wall,
        wall_region: r.wall_region.unwrap_or(all),
        petrify,
        region_safe: r.region_safe,
        pass: r.pass,
        bikjang: r.bikjang,
        hop_immune,
        material,
        material_komi: r.material_komi,
        must_drop: r.must_drop,
        must_drop_role,
        drop_check_illegal: r.drop_check_illegal,
        drop_opposite,
        castle_dropped: r.castle_dropped,
        promotion_in_place: r.promotion_in_place,
        makpong: r.makpong,
        first_moves,
        first_lost_to,
        fixed_walls: r.fixed_walls,
        region_hold: r.region_hold,
        enclosing_drop: r.enclosing_drop,
        enclosing_start: r.enclosing_start,
        flip: r.flip,
        pass_stuck: r.pass_stuck,
        free_drops: r.free_drops,
        full_board: r.full_board,
    })
}

/// Whether the rules `r` decide only when the game ends (see
/// [`SpecialRules::plain`]).
fn judged_plain(r: &RulesDef) -> bool {
    // Extinction decides only the end while its pieces are not royal.
    let extinction_plain = !r.extinction_pseudo_royal;
    RulesDef {
        region_win: Vec::new(),
        region_reply: false,
        region_safe: false,
        check_limit: 0,
        kingless: Kingless::default(),
        extinction: r.extinction.filter(|_| !extinction_plain),
        extinction_pieces: if extinction_plain {
            Vec::new()
        } else {
            r.extinction_pieces.clone()
        },
        extinction_count: if extinction_plain {
            0
        } else {
            r.extinction_count
        },
        extinction_as: if extinction_plain {
            Vec::new()
        } else {
            r.extinction_as.clone()
        },
        extinction_opponent_count: if extinction_plain {
            0
        } else {
            r.extinction_opponent_count
        },
        ..r.clone()
    } == RulesDef::default()
}

/// Whether the rules `r` change nothing after a move (see
/// [`SpecialRules::applies`]): a whitelist, so that a rule added later
/// is applied until it is judged stateless too.
fn judged_stateless(r: &RulesDef) -> bool {
    RulesDef {
        capture_forced: false,
        check_illegal: false,
        kingless: Kingless::default(),
        extinction: None,
        extinction_draw: false,
        extinction_pieces: Vec::new(),
        extinction_count: 0,
        extinction_opponent_count: 0,
        extinction_pseudo_royal: false,
        duple_check: false,
        region_win: Vec::new(),
        region_reply: false,
        region_safe: false,
        region_hold: false,
        ..r.clone()
    } == RulesDef::default()
}

/// Compiles `first-moves`: each entry's Betza as a piece type of a board
/// of the variant's size, whose tables give the leaps from each square.
fn compile_first_moves(
    def: &VariantDef,
    role: &dyn Fn(&str, &str) -> Result<Role, VariantError>,
) -> Result<Option<FirstMoves>, VariantError> {
    let r = &def.rules;
    if r.first_moves.is_empty() {
        return Ok(None);
    }
    let fail = |m: String| Err(VariantError::GameEnd(format!("rules.first-moves: {m}")));
    if r.gating {
        return fail("not with gating (both keep rights in the castling field)".into());
    }
    let size = match def.size() {
        Some(s) if s.squares() <= crate::bitboard::MAX_SQUARES && def.files <= 16 => s,
        _ => return fail("needs a board of at most 16 files and 128 squares".into()),
    };
    let mut roles = Vec::new();
    let mut parsed = Vec::new();
    for m in &r.first_moves {
        roles.push(role("rules.first-moves", &m.piece)?);
        match crate::notation::parse(&m.betza) {
            Ok(p) => parsed.push(p),
            Err(e) => return fail(format!("{}: {e}", quoted(&m.betza))),
        }
    }
    let specs = [0, 1].map(|_| {
        parsed
            .iter()
            .map(|p| crate::tables::PieceSpec {
                royal: false,
                terms: &p.terms,
                confinement: None,
                initial: None,
                lines: None,
            })
            .collect::<Vec<_>>()
    });
    let tables = crate::tables::Tables::build(size, &specs)
        .map_err(|_| super::end_def::game_end_error("rules.first-moves: too many moves"))?;
    for color in Color::ALL {
        for i in 0..roles.len() {
            for sq in 0..size.squares() {
                if !tables.slot(color, i, Square(sq as u16)).leaps_only {
                    return fail(format!(
                        "{}: only leaps (no slides, hops or paths)",
                        quoted(&r.first_moves[i].betza)
                    ));
                }
            }
        }
    }
    Ok(Some(FirstMoves {
        roles,
        tables: std::sync::Arc::new(tables),
    }))
}

/// Refuses walls (a wall rule or petrification) where this library does
/// not place them: with locust captures (a move's `via` holds its wall
/// square), drops (fixed walls aside), castling from any start (the partner is found from the
/// King's direction) or a piece type too many (walls keep one type's slot).
fn walls_allowed(def: &VariantDef, r: &RulesDef) -> Result<(), VariantError> {
    let refuse = |what: &str| {
        Err(VariantError::GameEnd(format!(
            "walls (rules.wall, rules.petrify, rules.fixed-walls) do not go with {what}"
        )))
    };
    if def.pieces.iter().any(|p| has_locust(&p.betza)) {
        return refuse("locust captures (moves that capture on their way)");
    }
    // Fixed walls place nothing: drops go to empty squares, which walls
    // are not (Ataxx's blocked squares).
    if def.drops.is_some() && (r.wall.is_some() || !r.petrify.is_empty()) {
        return refuse("drops");
    }
    if def.castling.as_ref().is_some_and(|c| c.any_start) {
        return refuse("castling from any start");
    }
    if r.explosions {
        return refuse("explosions");
    }
    let squares = def.files as usize * def.ranks as usize;
    let max = if squares <= crate::bitboard::MAX_SQUARES {
        super::MAX_ROLES
    } else {
        crate::bitboard::MAX_LARGE_ROLES
    };
    if def.pieces.len() + 2 > max {
        return refuse(&format!(
            "more than {} piece types on this board (a wall takes a type's place)",
            max - 2
        ));
    }
    Ok(())
}

/// Whether a Betza text has a locust capture (`a` chaining a capture, or
/// `x`/`y` captures on the way): XBetza's `c...a` and Chu Shogi's Lion moves.
fn has_locust(betza: &str) -> bool {
    use crate::notation::Term;
    crate::notation::parse(betza).is_ok_and(|p| {
        p.terms
            .iter()
            .any(|t| matches!(t, Term::Move(m) if m.locust.is_some()))
    })
}

/// Whether a FEN's placement has a nonempty hands part (`[...]`).
pub(super) fn start_has_hands(fen: &str) -> bool {
    let placement = fen.split(' ').next().unwrap_or("");
    placement
        .find('[')
        .and_then(|i| placement[i + 1..].strip_suffix(']'))
        .is_some_and(|h| !h.is_empty() && h != "-")
}
