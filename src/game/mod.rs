//! A game: a start position, the moves played, undo, the outcome and the
//! claimable draws (`docs/notation.md`, "Games and claims").

pub(crate) mod chasing;
pub(crate) mod game_end;
mod move_repetition;
pub mod pgn;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use bitflags::bitflags;

use crate::bitboard::{Board, Color, Small};
use crate::fen::FenError;
use crate::game_end::{CountState, Judge};
use crate::moves::{Move, MoveError};
use crate::owned::OwnedPosition;
use crate::pgn::PgnError;
use crate::position::{EndReason, Outcome, Position};
use crate::san::SanError;
use crate::variant::{RepetitionResult, Variant, VariantRef};

bitflags! {
    /// Draws a player could claim: the variant's repetition and n-move rules
    /// where its definition makes them claims (the default: threefold
    /// repetition and fifty moves, as in chess). They never end a game by
    /// themselves: a [`Game`] only reports them, and a GUI decides (see
    /// [`Game::declare_result`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Claims: u8 {
        /// The current position has occurred as often as the variant's
        /// claimable repetition rule asks, three times by default (same
        /// placement, side to move, castling rights and usable en-passant
        /// square; see [`Position::hash`]).
        const THREEFOLD_REPETITION = 1;
        /// The variant's claimable n-move rule: fifty moves by each side
        /// (100 plies) by default, without a capture or a Pawn move.
        const FIFTY_MOVES = 2;
        /// The side to move has its royal piece and one pawn alone, is not
        /// in check, and every legal move promotes: promotion not being
        /// compulsory, it may claim a draw (`[game-end] promotions-only =
        /// "claim"`; Sittuyin).
        const PROMOTIONS_ONLY = 4;
    }
}

/// Everything a GUI asks after a move: is the game over by the rules, and
/// what could be claimed. From [`Game::status`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Status {
    /// The end by the rules (who won, and in `reason` the rule that
    /// decided it), if the game is over.
    pub outcome: Option<Outcome>,
    /// Claimable draws, which never end the game by themselves.
    pub claims: Claims,
}

impl Status {
    /// Whether the game is over by the rules.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

/// A game's result as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: not decided (yet).
    Undecided,
}

impl GameResult {
    /// The result of an end by the rules.
    pub fn from_outcome(outcome: Outcome) -> GameResult {
        match outcome.winner {
            None => GameResult::Draw,
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
        }
    }

    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Undecided => "*",
        }
    }

    /// Reads a PGN result text.
    pub fn from_pgn_text(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Undecided,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One move of the history, with the hash of the position it was played
/// from, whether that position was check, and the count before it.
#[derive(Clone, Copy, Debug)]
struct Ply {
    hash: u64,
    check: bool,
    count: CountState,
    m: Move,
}

/// Plies between two kept positions of the history: undo and
/// [`Game::position_at`] replay at most this many moves, and a long game
/// keeps one position (about 500 bytes) per this many plies, not per ply.
const CHECKPOINT_EVERY: usize = 64;

/// The hasher of [`Game`]'s count of positions: the keys are Zobrist hashes,
/// already uniform, so the key is its own hash.
#[derive(Default)]
struct ZobristKey(u64);

impl Hasher for ZobristKey {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used (the keys are `u64`); any other input
        // is folded in, never lost.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

/// Position hash to how often it occurs before a ply of the history.
type Occurrences = HashMap<u64, u32, BuildHasherDefault<ZobristKey>>;

/// A game: its start position and the moves played since, with undo, the
/// outcome by the variant's rules and the claimable draws.
///
/// A game owns its variant through a [`VariantRef`] (a built-in or an
/// `Arc<Variant>` read at run time), so it is `Send + 'static`: it can live
/// in a struct or go to another thread. It is generic over the board type
/// like [`Position`] (`B = Small` unless named): a `Game<Large>` comes from
/// a [`crate::LargeVariant`] ([`crate::BoardVariant::new_game`]).
///
/// ```
/// use betza::{Claims, Game, Variant};
/// let mut game = Game::new(Variant::by_name("chess").unwrap());
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     game.play_san(san)?;
/// }
/// let status = game.status();
/// assert!(!status.is_over());
/// assert_eq!(status.claims, Claims::THREEFOLD_REPETITION);
/// assert_eq!(game.undo().map(|m| game.position().san(&m)), Some("Ng8".to_string()));
/// assert!(game.claims().is_empty());
///
/// let game = Game::new(Variant::by_name("meiriqi").unwrap());
/// assert_eq!(game.outcome(), None);
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<B: Board = Small> {
    // Every position holds the variant (`OwnedPosition`, the crate's one
    // owned position): the game needs no lifetime handling of its own.
    start: OwnedPosition<B>,
    /// The position before ply `i * CHECKPOINT_EVERY`.
    checkpoints: Vec<OwnedPosition<B>>,
    history: Vec<Ply>,
    /// How often each position before a ply occurs (the hashes of
    /// `history`): [`Game::repetitions`] in constant time, so playing a
    /// long game stays linear.
    occurrences: Occurrences,
    current: OwnedPosition<B>,
    hash: u64,
    /// Makruk's count at the current position.
    count: CountState,
    declared: Option<GameResult>,
    tags: Vec<(String, String)>,
    /// Tag name to index in `tags`, so setting many tags stays linear.
    tag_index: BTreeMap<String, usize>,
    /// Comments and NAGs by ply (0: before the first move; `k`: after move
    /// `k`), only where there are some.
    notes: BTreeMap<usize, Note>,
}

/// A game's history as the rules of its end read it: the same for every
/// board type (these rules are compiled once, not once per board type).
struct History<'a> {
    v: &'a Variant,
    history: &'a [Ply],
    occurrences: &'a Occurrences,
    /// The current position's hash, count, side to move and half-move clock.
    hash: u64,
    count: CountState,
    to_move: Color,
    halfmove: u32,
    /// What needs the game's positions.
    game: &'a dyn Replay,
}

/// What [`History`] asks of the game's positions, one copy per board type.
trait Replay {
    /// Whether the side to move is in check now.
    fn is_check(&self) -> bool;
    /// [`Game::chase_verdict`].
    fn chase_verdict(&self, first: usize) -> Option<Option<Color>>;
}

impl<B: Board> Replay for Game<B> {
    fn is_check(&self) -> bool {
        self.position().is_check()
    }
    fn chase_verdict(&self, first: usize) -> Option<Option<Color>> {
        Game::chase_verdict(self, first)
    }
}

impl History<'_> {
    /// [`Game::repetitions`].
    fn repetitions(&self) -> usize {
        1 + self.occurrences.get(&self.hash).map_or(0, |&n| n as usize)
    }

    /// The end by a rule of the game's history, before material counting.
    fn outcome_drawn(&self) -> Option<Outcome> {
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.move_rule() == Some(false) {
            return draw(EndReason::MoveRule);
        }
        if let Some(o) = self.move_repetition_end() {
            return Some(o);
        }
        if let Some(o) = self.repetition_end() {
            return Some(o);
        }
        if self.count.ran_out() {
            return draw(EndReason::Counting);
        }
        None
    }

    /// The end by the rule against moving back and forth
    /// ([`crate::GameEndDef::move_repetition_loses`]): the side to move
    /// wins, by repetition, unless an n-fold repetition (ending the game or
    /// a claim) lies nearer than the series, which Fairy-Stockfish's scan
    /// meets first.
    fn move_repetition_end(&self) -> Option<Outcome> {
        let back = self.move_repetition()?;
        let count = self.v.end.repetition.count as usize;
        let nearer = self.repetitions() >= count
            && self
                .occurrence_back(count)
                .is_some_and(|first| self.history.len() - first < back);
        (!nearer).then_some(Outcome {
            winner: Some(self.to_move),
            reason: EndReason::Repetition,
        })
    }

    /// The end by a repetition rule that ends the game, if any.
    fn repetition_end(&self) -> Option<Outcome> {
        let rule = self.v.end.repetition;
        if rule.result == RepetitionResult::Claim
            || rule.count < 2
            || self.repetitions() < rule.count as usize
        {
            return None;
        }
        // Only the span since the occurrence that makes this the count-th
        // is judged: the work is that span's, not the whole game's.
        let first = self.occurrence_back(rule.count as usize)?;
        let span = &self.history[first..];
        let hashes: Vec<u64> = span.iter().map(|p| p.hash).chain([self.hash]).collect();
        let checks: Vec<bool> = span
            .iter()
            .map(|p| p.check)
            .chain([self.game.is_check()])
            .collect();
        let judge = Judge {
            hashes: &hashes,
            checks: &checks,
        };
        let o = judge.repetition(self.v, self.to_move)?;
        if o.reason == EndReason::Repetition
            && self.v.end.chasing.is_some()
            && let Some(winner) = self.game.chase_verdict(first)
        {
            return Some(Outcome {
                winner,
                reason: EndReason::PerpetualChase,
            });
        }
        Some(o)
    }

    /// The earlier position (its ply) that makes the current one its
    /// `count`-th occurrence, looking back; `None`: fewer occurrences.
    fn occurrence_back(&self, count: usize) -> Option<usize> {
        let mut seen = 1;
        for (k, p) in self.history.iter().enumerate().rev() {
            if p.hash == self.hash {
                seen += 1;
                if seen == count {
                    return Some(k);
                }
            }
        }
        None
    }
}

/// The annotations of one point of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Note {
    comment: String,
    nags: Vec<u8>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(variant: impl Into<VariantRef>) -> Game {
        Game::from_position(OwnedPosition::start(variant))
    }

    /// A game from a position in FEN; in a variant with counting rules
    /// (Makruk), with the count of the FEN's counting fields
    /// ([`Game::to_fen`]).
    pub fn from_fen(variant: impl Into<VariantRef>, fen: &str) -> Result<Game, FenError> {
        Game::from_position(OwnedPosition::from_fen(variant, fen)?).with_fen_count(fen)
    }

    /// A game from a start position: an [`OwnedPosition`] (of any variant,
    /// built-in or made at run time), or a `Position` of a built-in (or
    /// otherwise `'static`) variant.
    ///
    /// ```
    /// use betza::{Game, OwnedPosition, Position, Variant};
    /// let chess = Variant::by_name("chess")?;
    /// let game = Game::from_position(Position::start(chess));
    /// assert_eq!(game.ply_count(), 0);
    /// let game = Game::from_position(OwnedPosition::start(chess));
    /// assert_eq!(game.position().legal_moves().len(), 20);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_position(start: impl Into<OwnedPosition>) -> Game {
        Game::from_start(start.into())
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        self.start.variant()
    }

    /// The handle that keeps the variant alive (to start another game).
    pub fn variant_ref(&self) -> &VariantRef {
        self.start.variant_ref()
    }
}

impl<B: Board> Game<B> {
    /// A game from its start position.
    pub(crate) fn from_start(start: OwnedPosition<B>) -> Game<B> {
        Game {
            hash: start.position().hash(),
            checkpoints: vec![start.clone()],
            current: start.clone(),
            start,
            history: Vec::new(),
            occurrences: Occurrences::default(),
            count: CountState::default(),
            declared: None,
            tags: Vec::new(),
            tag_index: BTreeMap::new(),
            notes: BTreeMap::new(),
        }
    }

    /// The game with the count of `fen`'s counting fields, if it has some
    /// (see [`Game::to_fen`]).
    pub(crate) fn with_fen_count(mut self, fen: &str) -> Result<Game<B>, FenError> {
        let v = self.start.variant_data();
        if let Some(count) = crate::fen::counting_fields(v, fen)? {
            self.count = count;
        }
        Ok(self)
    }

    /// Makruk's count at the current position, as Fairy-Stockfish keeps
    /// it: `(limit, plies)`, the plies after which the game is drawn and
    /// the plies counted so far; `None` while nobody counts (or the variant
    /// has no counting rules).
    ///
    /// ```
    /// use betza::{Game, Variant};
    /// let v = Variant::by_name("makruk").unwrap();
    /// // The bare King counts its pieces' honour: two Khons, 22 moves.
    /// let mut game = Game::from_fen(v, "8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 97 1")?;
    /// assert_eq!(game.counting(), Some((128, 97)));
    /// game.play_text("e5f6")?;
    /// assert_eq!(game.counting(), Some((44, 8)));
    /// assert_eq!(game.to_fen(), "8/2K3k1/5S2/6S1/8/8/8/8 b - 44 8 1");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn counting(&self) -> Option<(u32, u32)> {
        (self.count.limit != 0).then_some((self.count.limit, self.count.ply))
    }

    /// The current position's FEN ([`Position::to_fen`]) with Makruk's
    /// counting fields while a count runs, as Fairy-Stockfish writes them:
    /// the limit in the en-passant field's place and the plies counted in
    /// the half-move clock's (`b - 88 8 1`). [`Game::from_fen`] reads it.
    pub fn to_fen(&self) -> String {
        self.with_counting_fields(self.position().to_fen())
    }

    /// A FEN of the current position with Makruk's counting fields put in
    /// while a count runs (see [`Game::to_fen`]).
    pub fn with_counting_fields(&self, fen: String) -> String {
        let Some((limit, ply)) = self.counting() else {
            return fen;
        };
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let (limit, ply) = (limit.to_string(), ply.to_string());
        // The limit takes the en-passant field (before the checks of a
        // variant that counts them), the plies the half-move clock.
        let checks = usize::from(self.start.variant_data().rules.check_limit != 0);
        if fields.len() >= 4 + checks {
            let n = fields.len();
            fields[n - 3 - checks] = &limit;
            fields[n - 2] = &ply;
        }
        fields.join(" ")
    }

    /// The variant, as the handle of its board type (to start another
    /// game of it).
    pub fn board_variant(&self) -> crate::BoardVariant<B> {
        self.start.board_variant()
    }

    /// The current position.
    pub fn position(&self) -> &Position<'_, B> {
        self.current.as_position()
    }

    /// The current position, holding its variant: to keep, or to send to
    /// another thread (a reference count and a copy).
    pub fn owned_position(&self) -> OwnedPosition<B> {
        self.current.clone()
    }

    /// The start position.
    pub fn start_position(&self) -> &Position<'_, B> {
        self.start.as_position()
    }

    /// The position before ply `ply` (0 is the start); `ply_count()` gives the
    /// current position; `None` beyond. Replays at most 63 moves from the
    /// nearest kept position.
    pub fn position_at(&self, ply: usize) -> Option<Position<'_, B>> {
        if ply > self.history.len() {
            return None;
        }
        if ply == self.history.len() {
            return Some(self.current.position());
        }
        let k = ply / CHECKPOINT_EVERY;
        let mut pos = self.checkpoints[k].position();
        for p in &self.history[k * CHECKPOINT_EVERY..ply] {
            pos = pos.play_unchecked(&p.m);
        }
        Some(pos)
    }

    /// Each ply's position before it and its move, in order, replayed once.
    pub(crate) fn plies(&self) -> impl Iterator<Item = (Position<'_, B>, Move)> + '_ {
        let mut pos = self.start.position();
        self.history.iter().map(move |p| {
            let before = pos;
            pos = pos.play_unchecked(&p.m);
            (before, p.m)
        })
    }

    /// The number of moves (plies) played.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.history.iter().map(|p| p.m)
    }

    /// The moves played, in SAN.
    pub fn san_moves(&self) -> Vec<String> {
        self.plies().map(|(before, m)| before.san(&m)).collect()
    }

    /// The current position's hash (kept up to date move by move, equal to
    /// `self.position().hash()`).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plays a legal move and returns it. Clears a declared result. Once
    /// the game is over by the rules ([`Game::status`]) every move is
    /// refused with [`MoveError::GameOver`], even where the position still
    /// has moves (a repetition, a dead position).
    pub fn play(&mut self, m: &Move) -> Result<Move, MoveError> {
        self.play_checked(m, false)
    }

    /// Plays a legal move even where a rule of the game's history (a
    /// repetition, the n-move rule, counting) or a dead position has ended
    /// the game: what a stateless call replaying a list of moves does, as
    /// pyffish and Fairy-Stockfish judge the last position only. The
    /// status then judges the new position. An illegal move is refused.
    ///
    /// ```
    /// use betza::{Game, Variant};
    /// let mut game = Game::new(Variant::by_name("xiangqi").unwrap());
    /// for _ in 0..2 {
    ///     for m in ["b1c3", "b10c8", "c3b1", "c8b10"] {
    ///         game.play_text(m)?;
    ///     }
    /// }
    /// assert!(game.status().is_over()); // the start position, a third time
    /// assert!(game.play_text("a1a2").is_err());
    /// let m = game.position().parse_move("a1a2")?;
    /// game.play_past_end(&m)?;
    /// assert!(!game.status().is_over()); // a position not seen before
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn play_past_end(&mut self, m: &Move) -> Result<Move, MoveError> {
        self.play_checked(m, true)
    }

    /// [`Game::play`] (`past_end` false) or [`Game::play_past_end`]: an
    /// illegal move is [`MoveError::Illegal`] where the side to move has a
    /// legal move and (unless `past_end`) the history has not ended the
    /// game, else [`MoveError::GameOver`].
    fn play_checked(&mut self, m: &Move, past_end: bool) -> Result<Move, MoveError> {
        let over = |game: &Self| !past_end && game.over_with_moves();
        if !self.position().is_legal(m) {
            let text = self.position().move_text(m);
            return Err(if self.position().has_legal_move() && !over(self) {
                MoveError::Illegal { text }
            } else {
                MoveError::GameOver { text }
            });
        }
        if over(self) {
            return Err(MoveError::GameOver {
                text: self.position().move_text(m),
            });
        }
        self.push(*m);
        Ok(*m)
    }

    /// Whether the game is over although the side to move has a legal move
    /// (a dead position, or a rule of the history); a legal move being
    /// known, this is [`Game::outcome`] without generating the moves again.
    fn over_with_moves(&self) -> bool {
        self.position().is_insufficient_material() || self.history_outcome().is_some()
    }

    /// Plays a move given as move text (`e3e5`, see [`Position::parse_move`]).
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let over = || MoveError::GameOver {
            text: text.to_string(),
        };
        match self.position().parse_move(text) {
            Ok(_) if self.over_with_moves() => Err(over()),
            Ok(m) => {
                self.push(m);
                Ok(m)
            }
            Err(_) if !self.position().has_legal_move() || self.over_with_moves() => Err(over()),
            Err(e) => Err(e),
        }
    }

    /// Plays a move given in SAN (`Nf3`, see [`Position::parse_san`]).
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        let parsed = self.position().parse_san(san);
        if !matches!(parsed, Err(SanError::GameOver { .. })) && self.over_with_moves() {
            return Err(SanError::GameOver {
                text: san.to_string(),
            });
        }
        let m = parsed?;
        self.push(m);
        Ok(m)
    }

    /// Appends a move known to be legal.
    pub(crate) fn push(&mut self, m: Move) {
        let before = self.current.as_position();
        let hash = before.hash_after(&m, self.hash);
        self.history.push(Ply {
            hash: self.hash,
            check: before.is_check(),
            count: self.count,
            m,
        });
        *self.occurrences.entry(self.hash).or_insert(0) += 1;
        let mut count = self.count;
        self.current.update_with(|before| {
            let after = before.play_unchecked(&m);
            count = count.after(&before, &m, &after);
            after
        });
        self.count = count;
        if self.history.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.current.clone());
        }
        self.hash = hash;
        self.declared = None;
    }

    /// Takes back the last move and returns it; the position and hash are
    /// exactly those before it. Clears a declared result. `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let n = self.history.len();
        if n == 0 {
            return None;
        }
        // As `position_at(n - 1)`, borrowing only the fields it reads.
        let k = (n - 1) / CHECKPOINT_EVERY;
        let mut before = self.checkpoints[k].position();
        for p in &self.history[k * CHECKPOINT_EVERY..n - 1] {
            before = before.play_unchecked(&p.m);
        }
        let same = self.current.set(before);
        debug_assert!(same, "a checkpoint of the game's own variant");
        if n.is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.pop();
        }
        self.notes.remove(&n);
        let ply = self.history.pop().expect("not empty");
        if let Some(seen) = self.occurrences.get_mut(&ply.hash) {
            *seen -= 1;
            if *seen == 0 {
                self.occurrences.remove(&ply.hash);
            }
        }
        self.hash = ply.hash;
        self.count = ply.count;
        self.declared = None;
        Some(ply.m)
    }

    /// The end by the variant's rules, if the game is over:
    /// [`Position::outcome`] (bare King, checkmate, stalemate, dead
    /// position), then the rules of the game's history that the variant's
    /// definition turns on, in this order: the n-move rule, n-fold
    /// repetition (perpetual check losing where the variant says so),
    /// Makruk's counting. Claims are [`Game::claims`].
    pub fn outcome(&self) -> Option<Outcome> {
        match self.position().outcome() {
            Some(o) => Some(self.mate_series(o)),
            None => self
                .history_outcome()
                .map(|o| self.position().variant.end.draw_odds(o)),
        }
    }

    /// A checkmate drawn by the mate rule (`mate-needs`, Shatar's) wins
    /// after all when a check by a piece of a listed type came earlier in
    /// the unbroken series of the mating side's checks (Fairy-Stockfish
    /// walks back two plies at a time while the mated side was in check).
    fn mate_series(&self, o: Outcome) -> Outcome {
        let needs = self.start.variant_data().end.mate_needs;
        if needs == 0 || o.reason != EndReason::Checkmate || o.winner.is_some() {
            return o;
        }
        let n = self.history.len();
        let mut k = n;
        while k >= 2 && self.history[k - 2].check {
            k -= 2;
            let Some(pos) = self.position_at(k) else {
                break;
            };
            if pos.checker_roles() & needs != 0 {
                return Outcome {
                    winner: Some(self.position().side_to_move().opposite()),
                    reason: EndReason::Checkmate,
                };
            }
        }
        o
    }

    /// The end by a rule of the game's history, if any.
    fn history_outcome(&self) -> Option<Outcome> {
        let o = self.history_outcome_drawn();
        // Material counting (`[rules] material-values`) decides what the
        // rules would draw.
        match o {
            Some(o) if o.winner.is_none() && self.start.variant_data().rules.material.is_some() => {
                Some(Outcome {
                    winner: self.position().material_winner(),
                    reason: o.reason,
                })
            }
            o => o,
        }
    }

    /// [`Self::history_outcome`] before material counting.
    fn history_outcome_drawn(&self) -> Option<Outcome> {
        self.with_history(|h| h.outcome_drawn())
    }

    /// `f` of the game's history as its rules read it ([`History`]).
    fn with_history<R>(&self, f: impl FnOnce(&History<'_>) -> R) -> R {
        let pos = self.position();
        f(&History {
            v: self.start.variant_data(),
            history: &self.history,
            occurrences: &self.occurrences,
            hash: self.hash,
            count: self.count,
            to_move: pos.side_to_move(),
            halfmove: pos.halfmove_clock(),
            game: self,
        })
    }

    /// The chasing rules' verdict on the repetition since position `first`
    /// (see [`crate::game::chasing::verdict`]): replays the plies from
    /// there once, finding what each move chased. The verdict's indexes
    /// start at position `base`, the one before `first` (or the start):
    /// its position 0 is the game's start only when `first` is.
    fn chase_verdict(&self, first: usize) -> Option<Option<Color>> {
        let n = self.history.len();
        let base = first.saturating_sub(1);
        let plies = self.history.get(base..)?;
        let mut pos = self.position_at(base)?;
        let mut chased = vec![B::EMPTY; n - base + 1];
        for (slot, ply) in chased[1..].iter_mut().zip(plies) {
            let after = pos.play_unchecked(&ply.m);
            *slot = after.chased_by(&pos, &ply.m);
            pos = after;
        }
        let dummy = plies.first()?.m;
        let moves: Vec<Move> = std::iter::once(dummy)
            .chain(plies.iter().map(|p| p.m))
            .collect();
        let to_move = self.position().side_to_move();
        crate::game::chasing::verdict(&chased, &moves, first - base, n - base, to_move)
    }

    /// How often the current position has occurred in this game, counting
    /// now (1 the first time). Positions are compared by [`Position::hash`].
    pub fn repetitions(&self) -> usize {
        1 + self.occurrences.get(&self.hash).map_or(0, |&n| n as usize)
    }

    /// The draws that could be claimed now, by the variant's claimable
    /// rules (none once the game is over by the rules).
    pub fn claims(&self) -> Claims {
        if self.outcome().is_some() {
            return Claims::empty();
        }
        self.open_claims()
    }

    /// The claims, the game being known not to be over.
    fn open_claims(&self) -> Claims {
        let mut claims = Claims::empty();
        let rule = self.start.variant_data().end.repetition;
        if rule.result == RepetitionResult::Claim
            && rule.count >= 2
            && self.repetitions() >= rule.count as usize
        {
            claims |= Claims::THREEFOLD_REPETITION;
        }
        if self.move_rule() == Some(true) {
            claims |= Claims::FIFTY_MOVES;
        }
        if self.start.variant_data().end.promotions_only_claim
            && crate::game_end::promotions_only(self.position())
        {
            claims |= Claims::PROMOTIONS_ONLY;
        }
        claims
    }

    /// Is the game over, and why; and what could be claimed. One call for a GUI.
    ///
    /// ```
    /// use betza::{Color, EndReason, Game, Variant};
    /// let v = Variant::by_name("meiriqi").unwrap();
    /// // White to move has no legal move and is not in check: in Meiriqi
    /// // that loses.
    /// let game = Game::from_fen(v, "7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1")?;
    /// let status = game.status();
    /// assert!(status.is_over());
    /// let outcome = status.outcome.unwrap();
    /// assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Stalemate));
    /// assert_eq!(outcome.to_string(), "black wins by stalemate");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn status(&self) -> Status {
        let outcome = self.outcome();
        Status {
            outcome,
            claims: if outcome.is_some() {
                Claims::empty()
            } else {
                self.open_claims()
            },
        }
    }

    /// The result: by the rules when the game is over by them, else the one
    /// declared with [`Game::declare_result`], else [`GameResult::Undecided`].
    pub fn result(&self) -> GameResult {
        match self.outcome() {
            Some(o) => GameResult::from_outcome(o),
            None => self.declared.unwrap_or(GameResult::Undecided),
        }
    }

    /// Records a result decided outside the rules: an accepted draw claim,
    /// an agreement, a resignation, a loss on time. Playing or undoing a move
    /// clears it; a game over by the rules keeps the rules' result.
    pub fn declare_result(&mut self, result: GameResult) {
        self.declared = Some(result);
    }

    /// The comment at `ply`: with `ply` 0, the comment before the first move;
    /// with `ply` k, the comment after the k-th move (as PGN writes it, `{...}`
    /// after the move). `None` where there is none or beyond the game.
    /// Read from PGN and written back by [`Game::to_pgn`]; see
    /// [`Game::set_comment`].
    ///
    /// ```
    /// use betza::Game;
    /// let game = Game::from_pgn("{Ann's game} 1. e4 $1 {best by test} e5 *")?;
    /// assert_eq!(game.comment(0), Some("Ann's game"));
    /// assert_eq!(game.comment(1), Some("best by test"));
    /// assert_eq!(game.nags(1), [1]);
    /// assert!(game.to_pgn().ends_with("{Ann's game} 1. e4 $1 {best by test} 1... e5 *\n"));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.notes
            .get(&ply)
            .map(|n| n.comment.as_str())
            .filter(|c| !c.is_empty())
    }

    /// Sets the comment at `ply` (see [`Game::comment`]); an empty (or
    /// blank) text removes it. Runs of white space, line breaks included,
    /// become one space, and the ends are trimmed, as the PGN reader reads
    /// comments. `false` (and nothing changed) if `ply` is beyond the game,
    /// or the comment so read has more than
    /// [`MAX_COMMENT_BYTES`](crate::pgn::MAX_COMMENT_BYTES).
    /// Undoing the move before `ply` removes it.
    pub fn set_comment(&mut self, ply: usize, text: &str) -> bool {
        if ply > self.history.len() {
            return false;
        }
        let mut comment = String::new();
        if !crate::pgn::append_comment(&mut comment, text, crate::pgn::MAX_COMMENT_BYTES) {
            return false;
        }
        self.note(ply, |n| n.comment = comment);
        true
    }

    /// The numeric annotation glyphs of the `ply`-th move (1 for the first),
    /// in order: PGN's `$n`, with the suffixes `!`, `?`, `!!`, `??`, `!?`,
    /// `?!` read as 1 to 6. Empty where there are none.
    pub fn nags(&self, ply: usize) -> &[u8] {
        self.notes.get(&ply).map_or(&[], |n| n.nags.as_slice())
    }

    /// Sets the NAGs of the `ply`-th move (see [`Game::nags`]). `false` (and
    /// nothing changed) if there is no such move (`ply` 0 or beyond the
    /// game) or there are more than [`MAX_NAGS`](crate::pgn::MAX_NAGS).
    /// Undoing the move removes them.
    pub fn set_nags(&mut self, ply: usize, nags: &[u8]) -> bool {
        if ply == 0 || ply > self.history.len() || nags.len() > crate::pgn::MAX_NAGS {
            return false;
        }
        self.note(ply, |n| n.nags = nags.to_vec());
        true
    }

    /// Changes the note at `ply`, dropping it when it becomes empty.
    fn note(&mut self, ply: usize, f: impl FnOnce(&mut Note)) {
        let note = self.notes.entry(ply).or_default();
        f(note);
        if *note == Note::default() {
            self.notes.remove(&ply);
        }
    }

    /// The extra PGN tags (Event, White, ...), in order; see [`Game::set_tag`].
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The value of an extra PGN tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_index.get(name).map(|&i| self.tags[i].1.as_str())
    }

    /// Sets a PGN tag to write with the game, such as `White` or `Event`
    /// (replacing an earlier value). `Variant`, `FEN`, `SetUp` and `Result`
    /// come from the game itself and are refused, as is a name that is not
    /// letters, digits and `_`, and a value with a line break.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), PgnError> {
        crate::pgn::check_tag(name, value)?;
        match self.tag_index.get(name) {
            Some(&i) => self.tags[i].1 = value.to_string(),
            None => {
                self.tag_index.insert(name.to_string(), self.tags.len());
                self.tags.push((name.to_string(), value.to_string()));
            }
        }
        Ok(())
    }
}
