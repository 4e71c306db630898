//! Game-end rules beyond checkmate and stalemate (`[game-end]` in a
//! definition file): the plain data, its text form, and the compiled rules
//! that [`crate::game_end`] applies.
//!
//! Every rule is a switch that a definition turns on; without a
//! `[game-end]` table a variant keeps the claims of old (threefold
//! repetition and fifty moves claimable, nothing ends the game) plus the
//! one rule of every variant: only royal pieces left is a dead position.

use std::fmt;

use super::toml_de::toml_table;
use super::toml_parse::Spanned;

use super::def::VariantDef;
use super::text::{
    ErrFn, flag, items_line, line, list, list_line, quoted, some_list_line, string_line, strings,
};
use super::{CapturedRule, MAX_DEF_ROLES, Role, VariantError};
use crate::Color;

/// What the n-fold repetition of a position means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum RepetitionResult {
    /// Either player may claim a draw; the game goes on otherwise (chess).
    #[default]
    Claim,
    /// The game ends as a draw (shogi, Xiangqi).
    Draw,
    /// The game ends; the player whose move completed the repetition
    /// loses (Tori shogi).
    CompleterLoses,
    /// The game ends; White, the first player, loses whoever completed it
    /// (minishogi).
    WhiteLoses,
    /// The game ends; the player whose move completed the repetition wins,
    /// the side to move loses (Fairy-Stockfish's `nFoldValue = loss`).
    CompleterWins,
}

impl RepetitionResult {
    fn as_str(self) -> &'static str {
        match self {
            RepetitionResult::Claim => "claim",
            RepetitionResult::Draw => "draw",
            RepetitionResult::CompleterLoses => "loss-for-completer",
            RepetitionResult::WhiteLoses => "loss-for-white",
            RepetitionResult::CompleterWins => "win-for-completer",
        }
    }
}

/// When a side left with its royal piece alone escapes the bare-King rule
/// (`bare-king-escape`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum BareKingEscape {
    /// Shatranj's and Courier's (Fairy-Stockfish's `extinction` with the
    /// claim): the bared side escapes when it is to move and the opponent
    /// has a single piece besides its royal one, which it may take.
    #[default]
    ToMove,
    /// Chu Shogi's (shogiops): whoever is to move, the bared side loses
    /// only when the opponent has a single royal piece, not attacked, and
    /// pieces besides it that count: two or more, or one that the bared
    /// royal piece does not attack.
    Attack,
}

impl BareKingEscape {
    fn as_str(self) -> &'static str {
        match self {
            BareKingEscape::ToMove => "to-move",
            BareKingEscape::Attack => "attack",
        }
    }
}

/// The n-fold repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionDef {
    /// The occurrence of one position (placement, side to move, rights)
    /// that counts: 3 for chess and Xiangqi, 4 for the shogi family;
    /// 0 turns the rule off.
    pub count: u8,
    /// What it means.
    pub result: RepetitionResult,
    /// Whether a player who gave check with every one of its moves since
    /// the position's first occurrence loses instead (perpetual check;
    /// both players doing so is a draw). Only with a result that ends the
    /// game.
    pub perpetual_check_loses: bool,
}

impl Default for RepetitionDef {
    fn default() -> RepetitionDef {
        RepetitionDef {
            count: 3,
            result: RepetitionResult::Claim,
            perpetual_check_loses: false,
        }
    }
}

/// The n-move rule: so many moves by each side without a capture or a
/// move of the pawn type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveRuleDef {
    /// Moves by each side (50 for chess, 70 for Shatranj); 0 turns the
    /// rule off.
    pub moves: u16,
    /// Whether it is a claim (chess) or ends the game as a draw
    /// (Shatranj). A checkmate on the last move still wins.
    pub claim: bool,
}

impl Default for MoveRuleDef {
    fn default() -> MoveRuleDef {
        MoveRuleDef {
            moves: 50,
            claim: true,
        }
    }
}

/// One line of the pieces' honour table: the strong side has at least
/// `count` pieces of type `piece`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HonourDef {
    /// The piece type's token.
    pub piece: String,
    /// At least this many of it.
    pub count: u8,
    /// The count's limit in moves.
    pub moves: u16,
}

/// Makruk's counting rules, as Fairy-Stockfish's `MAKRUK_COUNTING` reads
/// them: with no pawn-type piece left on the board, the side that is not
/// stronger counts; when the count passes its limit the game is a draw.
/// *Board's honour*: the counting side still has pieces besides its royal
/// one; the count starts at 0 and its limit is `board_honour` moves.
/// *Pieces' honour*: the counting side has its royal piece alone; the
/// count starts at the number of pieces on the board and its limit is the
/// first line of `pieces_honour` that the opponent's material meets, else
/// `pieces_honour_default`.
///
/// The other counting rules of Fairy-Stockfish are switches of the same
/// table: Cambodian (`CAMBODIAN_COUNTING`: `counting-side-max = 3`,
/// `board-honour-with-pawns`, `board-honour-shown`) and ASEAN
/// (`ASEAN_COUNTING`: no board's honour, `pieces-honour-from-zero`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CountingDef {
    /// The board's honour limit, in moves (0: no board's honour).
    pub board_honour: u16,
    /// The pieces' honour table, first match wins.
    pub pieces_honour: Vec<HonourDef>,
    /// The pieces' honour limit when no line matches (0: no count then).
    pub pieces_honour_default: u16,
    /// A side counts only while it has at most this many pieces, its
    /// royal one included (0: any number; Cambodian: 3).
    pub counting_side_max: u8,
    /// The board's honour counts with pawn-type pieces still on the board
    /// (Cambodian); the pieces' honour never does.
    pub board_honour_with_pawns: bool,
    /// The pieces' honour count starts at 0 (ASEAN), not at the number of
    /// pieces on the board; a bare royal piece taking the last pawn then
    /// starts no count of its own at once.
    pub pieces_honour_from_zero: bool,
    /// Where the board's honour was started at another ply than the
    /// count's (pyffish's `count_started`), the count written is the
    /// board's honour's when it ends sooner (Cambodian: Fairy-Stockfish's
    /// `board_honor_counting_shorter`).
    pub board_honour_shown: bool,
}

/// Material that cannot win: one side has its royal piece and exactly
/// `pieces` (tokens, repeated for several), the other its royal piece and
/// exactly `against`. A position with that material is a dead position, a
/// draw. (Only royal pieces left is dead in every variant and needs no
/// entry.)
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct DeadMaterialDef {
    /// One side's pieces besides its royal piece.
    pub pieces: Vec<String>,
    /// The other side's pieces besides its royal piece.
    pub against: Vec<String>,
    /// Only when all those pieces stand on squares of one color (chess's
    /// King and Bishop against King and Bishop).
    pub same_color: bool,
}

/// Xiangqi's chasing rules (`chasing = "axf"`), as the Asian Xiangqi
/// Federation's rules and Fairy-Stockfish's `chasingRule = axf` judge them:
/// when a repetition ends the game and neither side checked with every
/// move, a side that *chased* with every one of its moves since the first
/// occurrence loses (both doing so is a draw). A move chases a piece when
/// it newly attacks it (directly, or by uncovering an attack) and the piece
/// is unprotected, or of a higher `values` entry than its attacker; royal
/// pieces never chase nor are chased, the `exempt` pieces never chase and
/// are chased only on the squares of their `initial` region (a Soldier
/// across the river). `docs/definitions.md` gives the whole rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ChasingDef {
    /// Piece values (token, value) of `chase-values`: an attack on a piece
    /// of a higher value than its attacker chases it even when protected.
    /// Pieces without a value are never stronger or weaker.
    pub values: Vec<(String, u8)>,
    /// Tokens of `chase-exempt`: pieces that never chase, and are chased
    /// only on their `initial` region's squares.
    pub exempt: Vec<String>,
}

/// The game-end rules of a definition (`[game-end]`); the default is a
/// variant without the table.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameEndDef {
    /// Bare King (Shatranj, Courier; Fairy-Stockfish's `extinction`
    /// settings for them): a side left with its royal piece alone loses at
    /// once, unless it is to move and can bare the opponent in return (the
    /// opponent has one piece besides its royal one), which leaves royal
    /// pieces alone: a dead position, a draw. A position that ends so has
    /// no legal moves.
    pub bare_king: bool,
    /// When the bared side escapes the bare-King rule
    /// (`bare-king-escape`); Shatranj's way by default.
    pub bare_king_escape: BareKingEscape,
    /// Piece types (tokens) that do not count as the material of the side
    /// that bares the other (`bare-king-weak`; Chu Shogi: Pawn and
    /// Go-Between): with only these besides its royal piece it wins nothing.
    pub bare_king_weak: Vec<String>,
    /// Pieces that can never move again (no move from their square even on
    /// an empty board: Chu Shogi's Pawns and Lances on the last rank) do
    /// not count for the bare-King rule and `royals_alone`
    /// (`ignore-stuck-pieces`).
    pub ignore_stuck_pieces: bool,
    /// Only one royal piece a side left (pieces that count aside), neither
    /// attacked: the game ends at once, drawn (`royals-alone = "draw"`; Chu
    /// Shogi). Such a position has no legal moves. Without it, royal pieces
    /// alone are a dead position that keeps its moves.
    pub royals_alone_draw: bool,
    /// Royal capture (Chu Shogi; `royal-capture = "loss"`): moves are not
    /// filtered for the safety of the royal pieces (a pseudo-legal move is
    /// legal, moving into attack included), several types may be royal, and
    /// a side with no royal piece left has lost. Check, checkmate, castling,
    /// facing Kings and drops do not go with it.
    pub royal_capture: bool,
    /// The n-fold repetition rule.
    pub repetition: RepetitionDef,
    /// The n-move rule.
    pub move_rule: MoveRuleDef,
    /// The types (tokens) whose moves restart the half-move clock, as
    /// captures always do (`move-rule-types`; Fairy-Stockfish's
    /// `nMoveRuleTypes`: Wolf chess's Pawn and Sergeant). `None`: the
    /// `pawn` type.
    pub move_rule_types: Option<Vec<String>>,
    /// Per side (White, Black), where the sides differ: the types whose
    /// moves restart the half-move clock for that side
    /// (`move-rule-types-white`, `move-rule-types-black`; Fairy-Stockfish's
    /// `nMoveRuleTypesWhite` / `Black`: Spartan chess's Black Hoplite).
    /// `None`: `move_rule_types`.
    pub move_rule_types_by_side: [Option<Vec<String>>; 2],
    /// A move of a type that restarts the clock does so only when it cannot
    /// be taken back: when the type's non-capturing moves on an empty board
    /// do not lead from its destination back to its start
    /// (`move-rule-irreversible`; Fairy-Stockfish: a sideways Pawn move of
    /// `pawnsideways` keeps the clock running).
    pub move_rule_irreversible: bool,
    /// Every drop restarts the half-move clock, not only a drop of a type
    /// that does (`move-rule-drops`; Fairy-Stockfish).
    pub move_rule_drops: bool,
    /// Every promotion restarts the half-move clock, not only one by a
    /// type that does (`move-rule-promotions`; Fairy-Stockfish: a shogi
    /// Silver's promotion).
    pub move_rule_promotions: bool,
    /// Xiangqi's chasing rules (`chasing = "axf"`), judged when a
    /// repetition ends the game.
    pub chasing: Option<ChasingDef>,
    /// Janggi's rule against moving one piece back and forth
    /// (`move-repetition = "loss"`; Fairy-Stockfish's
    /// `moveRepetitionIllegal`, which makes the move lose rather than
    /// refusing it): a side whose last four moves took one piece back and
    /// forth between two squares, out of check each time, loses.
    /// `docs/definitions.md` gives the whole rule. Needs a `repetition`
    /// rule (2 or more).
    pub move_repetition_loses: bool,
    /// Makruk's counting rules.
    pub counting: Option<CountingDef>,
    /// Material that cannot win, besides royal pieces alone.
    pub dead_material: Vec<DeadMaterialDef>,
    /// A side with its royal piece and one pawn alone, not in check, whose
    /// every legal move is a promotion may claim a draw instead
    /// (`promotions-only = "claim"`; Sittuyin, where promotion is never
    /// compulsory: Fairy-Stockfish's stalemate by optional promotion).
    pub promotions_only_claim: bool,
    /// Types that never leave the color of their square (`dead-color-bound`;
    /// chess's Bishop): a position whose pieces besides the royal ones are
    /// all of these types, of either side and any number, on squares of one
    /// color, with no piece in hand, is dead (no square of the other color
    /// is ever attacked, so no royal piece is ever mated).
    pub dead_color_bound: Vec<String>,
    /// Pieces confined to a region that the other side's royal piece's
    /// region does not meet count as no material (`dead-confined = true`;
    /// Xiangqi's Advisors and Elephants, which never cross the river, as
    /// Fairy-Stockfish's "restricted" pieces): such pieces never attack a
    /// square the enemy royal piece may stand on, so they never give
    /// check. A side with nothing else besides its royal piece cannot win,
    /// and `dead-material`, `dead-color-bound` and royal pieces alone are
    /// judged as if those pieces were not on the board.
    pub dead_confined: bool,
    /// Shatar's mate rule (Fairy-Stockfish's `shatarMateRule`; `mate-needs`):
    /// a checkmate wins only when a check by a piece of one of these types
    /// is in the unbroken series of checks by the mating side that ends in
    /// it; otherwise it is a draw (`EndReason::Checkmate` with no winner).
    pub mate_needs: Vec<String>,
    /// A checkmate given only by pieces of these types loses for the side
    /// that gave it (`mate-loses-by`; Shatar: the Knight).
    pub mate_loses_by: Vec<String>,
    /// The checkmated side wins (`checkmate = "win"`; Fairy-Stockfish's
    /// `checkmateValue = win`: misère and losers chess). Checkmate still
    /// ends the game; only its winner changes.
    pub checkmate_wins: bool,
    /// The side that wins every game the rules end drawn (`draw-winner`;
    /// Fairy-Stockfish's `materialCounting = blackdrawodds`: Armageddon's
    /// Black): stalemate, a dead position, the n-move rule, repetition,
    /// counting. Claims are not the rules' ends and stay draws.
    pub draw_winner: Option<Color>,
}

// ---------------------------------------------------------------------------
// Text form

toml_table! {
    pub(super) struct RawGameEnd {
        bare_king: Option<Spanned<String>>,
        bare_king_escape: Option<Spanned<String>>,
        bare_king_weak: Option<Vec<Spanned<String>>>,
        ignore_stuck_pieces: Option<Spanned<bool>>,
        royals_alone: Option<Spanned<String>>,
        royal_capture: Option<Spanned<String>>,
        repetition: Option<Spanned<i64>>,
        repetition_result: Option<Spanned<String>>,
        perpetual_check: Option<Spanned<String>>,
        chasing: Option<Spanned<String>>,
        chase_values: Option<Spanned<std::collections::BTreeMap<String, Spanned<i64>>>>,
        chase_exempt: Option<Vec<Spanned<String>>>,
        move_repetition: Option<Spanned<String>>,
        move_rule: Option<Spanned<i64>>,
        move_rule_result: Option<Spanned<String>>,
        move_rule_types: Option<Vec<Spanned<String>>>,
        move_rule_types_white: Option<Vec<Spanned<String>>>,
        move_rule_types_black: Option<Vec<Spanned<String>>>,
        move_rule_irreversible: bool = default,
        move_rule_drops: bool = default,
        move_rule_promotions: bool = default,
        counting: Option<Spanned<RawCounting>>,
        dead_material: Vec<Spanned<RawDead>> = default,
        dead_color_bound: Vec<Spanned<String>> = default,
        dead_confined: bool = default,
        promotions_only: Option<Spanned<String>>,
        mate_needs: Vec<Spanned<String>> = default,
        mate_loses_by: Vec<Spanned<String>> = default,
        checkmate: Option<Spanned<String>>,
        draw_winner: Option<Spanned<String>>,
    }
}

toml_table! {
    struct RawCounting {
        board_honour: Spanned<i64>,
        pieces_honour: Vec<Spanned<RawHonour>> = default,
        pieces_honour_default: Spanned<i64>,
        counting_side_max: Option<Spanned<i64>>,
        board_honour_with_pawns: bool = default,
        pieces_honour_from_zero: bool = default,
        board_honour_shown: bool = default,
    }
}

toml_table! {
    struct RawHonour {
        piece: Spanned<String>,
        count: Spanned<i64>,
        moves: Spanned<i64>,
    }
}

toml_table! {
    struct RawDead {
        pieces: Vec<Spanned<String>>,
        against: Vec<Spanned<String>> = default,
        same_color: bool = default,
    }
}

/// Reads `[game-end]`; `err` makes an error naming the line of a span.
pub(super) fn read(raw: &RawGameEnd, err: ErrFn<'_>) -> Result<GameEndDef, VariantError> {
    let choice = |v: &Spanned<String>, key: &str, options: &[&str]| {
        super::text::choice(err, v, key, options, 0)
    };
    let number = |v: &Spanned<i64>, key: &str, min: i64, max: i64| {
        super::text::number(err, v, key, min, max)
    };
    let mut def = GameEndDef::default();
    if let Some(v) = &raw.bare_king {
        choice(v, "game-end.bare-king", &["loss"])?;
        def.bare_king = true;
    }
    if let Some(v) = &raw.bare_king_escape {
        const ALL: [BareKingEscape; 2] = [BareKingEscape::ToMove, BareKingEscape::Attack];
        let names = ALL.map(BareKingEscape::as_str);
        def.bare_king_escape = ALL[choice(v, "game-end.bare-king-escape", &names)?];
        if !def.bare_king {
            return Err(super::text::refuse(
                err,
                v.span(),
                "game-end.bare-king-escape",
                "needs `bare-king = \"loss\"`",
            ));
        }
    }
    if let Some(list) = &raw.bare_king_weak {
        def.bare_king_weak = strings(list);
        if let Some(t) = list.first().filter(|_| !def.bare_king) {
            return Err(super::text::refuse(
                err,
                t.span(),
                "game-end.bare-king-weak",
                "needs `bare-king = \"loss\"`",
            ));
        }
    }
    if let Some(v) = &raw.ignore_stuck_pieces {
        def.ignore_stuck_pieces = *v.get_ref();
    }
    if let Some(v) = &raw.royals_alone {
        choice(v, "game-end.royals-alone", &["draw"])?;
        def.royals_alone_draw = true;
    }
    if let Some(v) = &raw.royal_capture {
        choice(v, "game-end.royal-capture", &["loss"])?;
        def.royal_capture = true;
    }
    if let Some(v) = &raw.promotions_only {
        choice(v, "game-end.promotions-only", &["claim"])?;
        def.promotions_only_claim = true;
    }
    if let Some(v) = &raw.checkmate {
        def.checkmate_wins = choice(v, "game-end.checkmate", &["loss", "win"])? == 1;
    }
    if let Some(v) = &raw.draw_winner {
        def.draw_winner = Some(Color::ALL[choice(v, "game-end.draw-winner", &["white", "black"])?]);
    }
    if let Some(v) = &raw.repetition {
        def.repetition.count = number(v, "game-end.repetition", 0, 100)? as u8;
    }
    if let Some(v) = &raw.repetition_result {
        const ALL: [RepetitionResult; 5] = [
            RepetitionResult::Claim,
            RepetitionResult::Draw,
            RepetitionResult::CompleterLoses,
            RepetitionResult::WhiteLoses,
            RepetitionResult::CompleterWins,
        ];
        let names = ALL.map(RepetitionResult::as_str);
        def.repetition.result = ALL[choice(v, "game-end.repetition-result", &names)?];
    }
    if let Some(v) = &raw.perpetual_check {
        choice(v, "game-end.perpetual-check", &["loss"])?;
        if def.repetition.result == RepetitionResult::Claim || def.repetition.count == 0 {
            return Err(super::text::refuse(
                err,
                v.span(),
                "game-end.perpetual-check",
                "perpetual check is judged when a repetition ends the game: set \
                 `repetition-result` to a result other than \"claim\"",
            ));
        }
        def.repetition.perpetual_check_loses = true;
    }
    if let Some(v) = &raw.chasing {
        choice(v, "game-end.chasing", &["axf"])?;
        if def.repetition.result == RepetitionResult::Claim || def.repetition.count == 0 {
            return Err(super::text::refuse(
                err,
                v.span(),
                "game-end.chasing",
                "chasing is judged when a repetition ends the game: set \
                 `repetition-result` to a result other than \"claim\"",
            ));
        }
        let mut c = ChasingDef::default();
        if let Some(values) = &raw.chase_values {
            for (token, n) in values.get_ref() {
                let n = number(n, "game-end.chase-values", 1, 255)? as u8;
                c.values.push((token.clone(), n));
            }
        }
        if let Some(list) = &raw.chase_exempt {
            c.exempt = strings(list);
        }
        def.chasing = Some(c);
    } else if let Some(v) = &raw.chase_values {
        return Err(super::text::refuse(
            err,
            v.span(),
            "game-end.chase-values",
            "needs `chasing = \"axf\"`",
        ));
    } else if let Some(t) = raw.chase_exempt.as_ref().and_then(|l| l.first()) {
        return Err(super::text::refuse(
            err,
            t.span(),
            "game-end.chase-exempt",
            "needs `chasing = \"axf\"`",
        ));
    }
    if let Some(v) = &raw.move_repetition {
        choice(v, "game-end.move-repetition", &["loss"])?;
        if def.repetition.count == 0 {
            return Err(super::text::refuse(
                err,
                v.span(),
                "game-end.move-repetition",
                "judged with the n-fold repetition rule: set `repetition` to 2 or more",
            ));
        }
        def.move_repetition_loses = true;
    }
    if let Some(v) = &raw.move_rule {
        def.move_rule.moves = number(v, "game-end.move-rule", 0, 10_000)? as u16;
    }
    if let Some(v) = &raw.move_rule_result {
        def.move_rule.claim = choice(v, "game-end.move-rule-result", &["claim", "draw"])? == 0;
    }
    if let Some(list) = &raw.move_rule_types {
        def.move_rule_types = Some(strings(list));
    }
    for (side, list) in [&raw.move_rule_types_white, &raw.move_rule_types_black]
        .into_iter()
        .enumerate()
    {
        if let Some(list) = list {
            def.move_rule_types_by_side[side] = Some(strings(list));
        }
    }
    def.move_rule_irreversible = raw.move_rule_irreversible;
    def.move_rule_drops = raw.move_rule_drops;
    def.move_rule_promotions = raw.move_rule_promotions;
    if let Some(c) = &raw.counting {
        let c = c.get_ref();
        let moves = |v: &Spanned<i64>, k: &str| number(v, k, 1, 10_000).map(|n| n as u16);
        let mut pieces_honour = Vec::new();
        for h in &c.pieces_honour {
            let h = h.get_ref();
            pieces_honour.push(HonourDef {
                piece: h.piece.get_ref().clone(),
                count: number(&h.count, "game-end.counting.pieces-honour.count", 1, 128)? as u8,
                moves: moves(&h.moves, "game-end.counting.pieces-honour.moves")?,
            });
        }
        let limit = |v: &Spanned<i64>, k: &str| number(v, k, 0, 10_000).map(|n| n as u16);
        def.counting = Some(CountingDef {
            board_honour: limit(&c.board_honour, "game-end.counting.board-honour")?,
            pieces_honour,
            pieces_honour_default: limit(
                &c.pieces_honour_default,
                "game-end.counting.pieces-honour-default",
            )?,
            counting_side_max: match &c.counting_side_max {
                None => 0,
                Some(v) => number(v, "game-end.counting.counting-side-max", 1, 255)? as u8,
            },
            board_honour_with_pawns: c.board_honour_with_pawns,
            pieces_honour_from_zero: c.pieces_honour_from_zero,
            board_honour_shown: c.board_honour_shown,
        });
    }
    def.mate_needs = strings(&raw.mate_needs);
    def.mate_loses_by = strings(&raw.mate_loses_by);
    def.dead_color_bound = strings(&raw.dead_color_bound);
    def.dead_confined = raw.dead_confined;
    for d in &raw.dead_material {
        let d = d.get_ref();
        def.dead_material.push(DeadMaterialDef {
            pieces: strings(&d.pieces),
            against: strings(&d.against),
            same_color: d.same_color,
        });
    }
    Ok(def)
}

/// Writes `[game-end]` when it differs from the default (reading it back
/// gives an equal definition).
pub(super) fn write(f: &mut fmt::Formatter<'_>, g: &GameEndDef) -> fmt::Result {
    if *g == GameEndDef::default() {
        return Ok(());
    }
    f.write_str("\n[game-end]\n")?;
    if g.bare_king {
        string_line(f, "bare-king", "loss")?;
    }
    if g.bare_king_escape != BareKingEscape::ToMove {
        string_line(f, "bare-king-escape", g.bare_king_escape.as_str())?;
    }
    some_list_line(f, "bare-king-weak", &g.bare_king_weak)?;
    flag(f, g.ignore_stuck_pieces, "ignore-stuck-pieces")?;
    for (on, key, value) in [
        (g.royals_alone_draw, "royals-alone", "draw"),
        (g.royal_capture, "royal-capture", "loss"),
        (g.checkmate_wins, "checkmate", "win"),
        (g.promotions_only_claim, "promotions-only", "claim"),
    ] {
        if on {
            string_line(f, key, value)?;
        }
    }
    if let Some(c) = g.draw_winner {
        string_line(f, "draw-winner", ["white", "black"][c.index()])?;
    }
    let r = g.repetition;
    if r.count != RepetitionDef::default().count {
        line(f, "repetition", &r.count)?;
    }
    if r.result != RepetitionResult::Claim {
        string_line(f, "repetition-result", r.result.as_str())?;
    }
    if r.perpetual_check_loses {
        string_line(f, "perpetual-check", "loss")?;
    }
    if let Some(c) = &g.chasing {
        string_line(f, "chasing", "axf")?;
        if !c.values.is_empty() {
            items_line(
                f,
                "chase-values",
                "{ ",
                &mut c.values.iter().map(|(t, n)| format!("{} = {n}", quoted(t))),
            )?;
        }
        some_list_line(f, "chase-exempt", &c.exempt)?;
    }
    if g.move_repetition_loses {
        string_line(f, "move-repetition", "loss")?;
    }
    let m = g.move_rule;
    if m.moves != MoveRuleDef::default().moves {
        line(f, "move-rule", &m.moves)?;
    }
    if !m.claim {
        string_line(f, "move-rule-result", "draw")?;
    }
    for (key, types) in [
        ("move-rule-types", &g.move_rule_types),
        ("move-rule-types-white", &g.move_rule_types_by_side[0]),
        ("move-rule-types-black", &g.move_rule_types_by_side[1]),
    ] {
        if let Some(types) = types {
            list_line(f, key, types)?;
        }
    }
    for (on, key) in [
        (g.move_rule_irreversible, "move-rule-irreversible"),
        (g.move_rule_drops, "move-rule-drops"),
        (g.move_rule_promotions, "move-rule-promotions"),
    ] {
        flag(f, on, key)?;
    }
    some_list_line(f, "mate-needs", &g.mate_needs)?;
    some_list_line(f, "mate-loses-by", &g.mate_loses_by)?;
    some_list_line(f, "dead-color-bound", &g.dead_color_bound)?;
    flag(f, g.dead_confined, "dead-confined")?;
    if !g.dead_material.is_empty() {
        f.write_str("dead-material = [\n")?;
        for d in &g.dead_material {
            f.write_str("  { ")?;
            list(f, "pieces", &d.pieces)?;
            f.write_str(", ")?;
            list(f, "against", &d.against)?;
            if d.same_color {
                f.write_str(", same-color = true")?;
            }
            f.write_str(" },\n")?;
        }
        f.write_str("]\n")?;
    }
    if let Some(c) = &g.counting {
        f.write_str("\n[game-end.counting]\n")?;
        line(f, "board-honour", &c.board_honour)?;
        line(f, "pieces-honour-default", &c.pieces_honour_default)?;
        if !c.pieces_honour.is_empty() {
            f.write_str("pieces-honour = [\n")?;
            for h in &c.pieces_honour {
                writeln!(
                    f,
                    "  {{ piece = {}, count = {}, moves = {} }},",
                    quoted(&h.piece),
                    h.count,
                    h.moves
                )?;
            }
            f.write_str("]\n")?;
        }
        if c.counting_side_max != 0 {
            line(f, "counting-side-max", &c.counting_side_max)?;
        }
        for (on, key) in [
            (c.board_honour_with_pawns, "board-honour-with-pawns"),
            (c.pieces_honour_from_zero, "pieces-honour-from-zero"),
            (c.board_honour_shown, "board-honour-shown"),
        ] {
            flag(f, on, key)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Compiled form

/// The pieces' honour line, resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Honour {
    pub role: Role,
    pub count: u8,
    pub moves: u16,
}

/// Counting rules, resolved.
#[derive(Clone, Debug)]
pub(crate) struct Counting {
    pub board_honour: u16,
    pub pieces_honour: Vec<Honour>,
    pub pieces_honour_default: u16,
    pub side_max: u8,
    pub board_with_pawns: bool,
    pub from_zero: bool,
}

/// The chasing rules, resolved (see [`ChasingDef`]).
#[derive(Clone, Debug)]
pub(crate) struct Chasing {
    /// Per role, its value (0: none).
    pub values: [u8; MAX_DEF_ROLES],
    /// The exempt roles, one bit per role.
    pub exempt: u64,
}

/// The rule against moving back and forth, resolved (see
/// [`GameEndDef::move_repetition_loses`]).
#[derive(Clone, Debug)]
pub(crate) struct MoveRepetition {
    /// Per side that moves, the roles (one bit each) exempt from the rule:
    /// confined to a region that the other side's royal piece's region
    /// does not meet (Janggi's King and Advisors, kept to their palace),
    /// as Fairy-Stockfish compares the two types' mobility regions.
    pub exempt: [u64; 2],
    /// Captures fill a hand: the scan goes back over the whole game, not
    /// only to the last capture or pawn move (Fairy-Stockfish's
    /// `capturesToHand`).
    pub whole_game: bool,
}

/// Dead material, resolved: per role, how many of it each side has.
#[derive(Clone, Debug)]
pub(crate) struct DeadMaterial {
    pub pieces: [u8; MAX_DEF_ROLES],
    pub against: [u8; MAX_DEF_ROLES],
    pub same_color: bool,
}

/// The compiled game-end rules of a variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct EndRules {
    pub bare_king: bool,
    /// [`GameEndDef::bare_king_escape`] is [`BareKingEscape::Attack`].
    pub bare_king_attack: bool,
    /// [`GameEndDef::bare_king_weak`], one bit per role.
    pub bare_king_weak: u64,
    /// [`GameEndDef::ignore_stuck_pieces`].
    pub ignore_stuck: bool,
    /// [`GameEndDef::royals_alone_draw`].
    pub royals_alone: bool,
    /// With `ignore_stuck`: the types that are stuck on some square (one
    /// bit per role), found from the board's tables when the variant is
    /// compiled.
    pub stuck_roles: u64,
    /// [`GameEndDef::royal_capture`].
    pub royal_capture: bool,
    /// [`GameEndDef::checkmate_wins`].
    pub checkmate_wins: bool,
    /// [`GameEndDef::promotions_only_claim`].
    pub promotions_only_claim: bool,
    /// [`GameEndDef::draw_winner`].
    pub draw_winner: Option<Color>,
    /// Some rule may end a game at once, leaving no legal move (bare King,
    /// royal capture): one test on the generator's path.
    pub at_once: bool,
    pub repetition: RepetitionDef,
    pub move_rule: MoveRuleDef,
    /// [`GameEndDef::chasing`], resolved.
    pub chasing: Option<Chasing>,
    /// [`GameEndDef::move_repetition_loses`], resolved.
    pub move_repetition: Option<MoveRepetition>,
    pub counting: Option<Counting>,
    pub dead_material: Vec<DeadMaterial>,
    /// [`GameEndDef::dead_color_bound`], one bit per role.
    pub dead_color_bound: u64,
    /// [`GameEndDef::dead_confined`], resolved: per side, the roles (one
    /// bit each) that count as no material (0 without the rule).
    pub dead_confined: [u64; 2],
    /// [`GameEndDef::mate_needs`], one bit per role.
    pub mate_needs: u64,
    /// [`GameEndDef::mate_loses_by`], one bit per role.
    pub mate_loses: u64,
}

impl EndRules {
    /// `outcome`, a draw given to the side with draw odds if there is one.
    pub(crate) fn draw_odds(&self, outcome: crate::Outcome) -> crate::Outcome {
        match (outcome.winner, self.draw_winner) {
            (None, Some(c)) => crate::Outcome {
                winner: Some(c),
                ..outcome
            },
            _ => outcome,
        }
    }
}

/// A [`VariantError::GameEnd`] of a fixed message: one call, not the
/// copy of the text at each of the many places that refuse a rule.
#[inline(never)]
pub(super) fn game_end_error(message: &str) -> VariantError {
    VariantError::GameEnd(message.to_string())
}

/// Checks the rules against the piece types and resolves tokens.
pub(super) fn compile(def: &VariantDef, royal: Role) -> Result<EndRules, VariantError> {
    let g = &def.game_end;
    let role = |place: &str, token: &str| -> Result<Role, VariantError> {
        let i = def
            .pieces
            .iter()
            .position(|p| p.token == token)
            .ok_or_else(|| VariantError::UnknownToken {
                place: place.to_string(),
                token: token.to_string(),
            })?;
        if Role(i as u8) == royal {
            return Err(VariantError::GameEnd(format!(
                "{place}: {token:?} is the royal piece, which every side has; list the others"
            )));
        }
        Ok(Role(i as u8))
    };
    if g.repetition.perpetual_check_loses
        && (g.repetition.result == RepetitionResult::Claim || g.repetition.count == 0)
    {
        return Err(game_end_error(
            "perpetual check is judged only when a repetition ends the game",
        ));
    }
    if g.repetition.count == 1 {
        return Err(game_end_error(
            "a repetition needs at least 2 occurrences (0 turns the rule off)",
        ));
    }
    let counting = match &g.counting {
        None => None,
        Some(c) => {
            if c.board_honour == 0 && c.pieces_honour_default == 0 && c.pieces_honour.is_empty() {
                return Err(game_end_error(
                    "counting: no limit is set (board-honour, pieces-honour or its default)",
                ));
            }
            let mut lines = Vec::new();
            for h in &c.pieces_honour {
                if h.count == 0 || h.moves == 0 {
                    return Err(VariantError::GameEnd(format!(
                        "counting, pieces' honour of {}: count and moves are at least 1",
                        crate::quote::quoted(&h.piece)
                    )));
                }
                lines.push(Honour {
                    role: role("game-end.counting.pieces-honour", &h.piece)?,
                    count: h.count,
                    moves: h.moves,
                });
            }
            Some(Counting {
                board_honour: c.board_honour,
                pieces_honour: lines,
                pieces_honour_default: c.pieces_honour_default,
                side_max: c.counting_side_max,
                board_with_pawns: c.board_honour_with_pawns,
                from_zero: c.pieces_honour_from_zero,
            })
        }
    };
    let mut dead_material = Vec::new();
    for d in &g.dead_material {
        let side = |tokens: &[String]| -> Result<[u8; MAX_DEF_ROLES], VariantError> {
            let mut n = [0u8; MAX_DEF_ROLES];
            for t in tokens {
                let r = role("game-end.dead-material", t)?;
                n[r.index()] = n[r.index()].saturating_add(1);
            }
            Ok(n)
        };
        let (pieces, against) = (side(&d.pieces)?, side(&d.against)?);
        if d.pieces.is_empty() && d.against.is_empty() {
            return Err(game_end_error(
                "game-end.dead-material: an entry lists no piece (royal pieces alone are always dead)",
            ));
        }
        dead_material.push(DeadMaterial {
            pieces,
            against,
            same_color: d.same_color,
        });
    }
    if g.ignore_stuck_pieces && !g.bare_king && !g.royals_alone_draw {
        return Err(game_end_error(
            "game-end.ignore-stuck-pieces: only with bare-king or royals-alone",
        ));
    }
    let mut mate_needs = 0u64;
    for t in &g.mate_needs {
        mate_needs |= 1u64 << (role("game-end.mate-needs", t)?.0 % 64);
    }
    let mut mate_loses = 0u64;
    for t in &g.mate_loses_by {
        mate_loses |= 1u64 << (role("game-end.mate-loses-by", t)?.0 % 64);
    }
    if (mate_needs != 0 || mate_loses != 0) && g.royal_capture {
        return Err(game_end_error(
            "game-end.mate-needs and mate-loses-by need checkmate (not with royal-capture)",
        ));
    }
    let mut dead_color_bound = 0u64;
    for t in &g.dead_color_bound {
        let r = role("game-end.dead-color-bound", t)?;
        if def.pieces[r.index()].royal {
            return Err(VariantError::GameEnd(format!(
                "game-end.dead-color-bound: {} is a royal piece",
                crate::quote::quoted(t)
            )));
        }
        dead_color_bound |= 1u64.checked_shl(u32::from(r.0)).unwrap_or(0);
    }
    let mut weak = 0u64;
    for t in &g.bare_king_weak {
        let i = def
            .pieces
            .iter()
            .position(|p| &p.token == t)
            .ok_or_else(|| VariantError::UnknownToken {
                place: "game-end.bare-king-weak".into(),
                token: t.to_string(),
            })?;
        if def.pieces[i].royal {
            return Err(VariantError::GameEnd(format!(
                "game-end.bare-king-weak: {t:?} is a royal piece; list the others"
            )));
        }
        weak |= 1u64.checked_shl(i as u32).unwrap_or(0);
    }
    let chasing = match &g.chasing {
        None => None,
        Some(c) => {
            if g.repetition.result == RepetitionResult::Claim || g.repetition.count < 2 {
                return Err(game_end_error(
                    "chasing is judged only when a repetition ends the game",
                ));
            }
            let mut values = [0u8; MAX_DEF_ROLES];
            for (t, n) in &c.values {
                let r = role("game-end.chase-values", t)?;
                if *n == 0 {
                    return Err(VariantError::GameEnd(format!(
                        "game-end.chase-values: {}: a value is at least 1",
                        crate::quote::quoted(t)
                    )));
                }
                values[r.index()] = *n;
            }
            let mut exempt = 0u64;
            for t in &c.exempt {
                exempt |= 1u64
                    .checked_shl(role("game-end.chase-exempt", t)?.0 as u32)
                    .unwrap_or(0);
            }
            Some(Chasing { values, exempt })
        }
    };
    if g.move_repetition_loses && g.repetition.count < 2 {
        return Err(game_end_error(
            "move-repetition is judged with the n-fold repetition rule: set repetition to 2 or more",
        ));
    }
    let move_repetition = g.move_repetition_loses.then(|| {
        let exempt = kept_from_royal(def, royal);
        let whole_game = def
            .drops
            .as_ref()
            .is_some_and(|d| !matches!(d.captured, CapturedRule::Lost | CapturedRule::Partner));
        MoveRepetition { exempt, whole_game }
    });
    Ok(EndRules {
        bare_king: g.bare_king,
        bare_king_attack: g.bare_king_escape == BareKingEscape::Attack,
        bare_king_weak: weak,
        ignore_stuck: g.ignore_stuck_pieces,
        royals_alone: g.royals_alone_draw,
        stuck_roles: 0,
        royal_capture: g.royal_capture,
        checkmate_wins: g.checkmate_wins,
        promotions_only_claim: g.promotions_only_claim,
        draw_winner: g.draw_winner,
        at_once: g.bare_king || g.royal_capture || g.royals_alone_draw,
        repetition: g.repetition,
        move_rule: g.move_rule,
        chasing,
        move_repetition,
        counting,
        dead_material,
        dead_color_bound,
        dead_confined: if g.dead_confined {
            kept_from_royal(def, royal)
        } else {
            [0; 2]
        },
        mate_needs,
        mate_loses,
    })
}

/// Per side, the roles (one bit each) confined to a region that the other
/// side's royal piece's region does not meet (Xiangqi's Advisors and
/// Elephants, Janggi's Advisors), as Fairy-Stockfish compares the two
/// types' mobility regions. The royal piece itself is one of them when it
/// is kept from the other's region.
fn kept_from_royal(def: &VariantDef, royal: Role) -> [u64; 2] {
    let royal_region = def.pieces.get(royal.index()).and_then(|p| p.confinement);
    let mut kept = [0u64; 2];
    for (i, p) in def.pieces.iter().enumerate() {
        let (Some(own), Some(theirs)) = (p.confinement, royal_region) else {
            continue;
        };
        for c in Color::ALL {
            if (own.of(c) & theirs.of(c.opposite())).is_empty() {
                kept[c.index()] |= 1u64.checked_shl(i as u32).unwrap_or(0);
            }
        }
    }
    kept
}
