//! Games as PGN: writing a [`Game`] and reading one back.
//!
//! The writer emits the seven-tag roster (`?` where unknown), then
//! `Variant` (the variant's name), `SetUp "1"` and `FEN` when the start is
//! not the variant's standard one, the game's other tags, and the moves in
//! SAN (see [`san`](crate::san)) with move numbers, wrapped below 80
//! characters and ended by the result.
//!
//! [`Game::from_pgn`] reads a text of one game, and refuses a text with none;
//! [`PgnGames`] reads the games of a file one by one, and goes on after a
//! refused one; [`PgnReader`] does the same over a stream (a file, any
//! `BufRead`), holding one game's text at a time. Reading is linear in the text's length, however many tags
//! it has; errors quote at most a short prefix of a long name. The reader
//! keeps the main line's comments (`{...}`, `;` to the end of the line:
//! [`Game::comment`], the text with its runs of white space made one
//! space) and numeric annotation glyphs (`$1`, and the move suffixes `!`,
//! `?`, `!!`, `??`, `!?`, `?!` as `$1` to `$6`: [`Game::nags`]), which the
//! writer writes back (a NAG as `$n`, a comment as `{...}`, or as a `;`
//! comment when it holds a `}`). It skips variations (`(...)`, nested, with
//! their comments and NAGs), comments after the result, `%` escape lines
//! and move numbers. It
//! reads a game without a termination marker (in a file, the next tag ends
//! it), but refuses a `Result` tag and a marker that disagree, a result that
//! contradicts the final position's outcome by the rules, and (in
//! `from_pgn`) any text after the game.
//! Without a `Variant` tag the game is orthodox chess. A result given for a
//! game the rules have not ended (a claimed draw, a resignation) becomes the
//! game's declared result ([`Game::declare_result`]).
//!
//! [`XboardPgn`] reads, apart from this, the PGN and FENs that XBoard writes
//! (its rank numbers, piece letters and FEN fields).
//!
//! Every reader (a text, a file, a stream; Rust, C and Python) skips a UTF-8
//! byte-order mark at the start, and holds a game to the same bounds, which
//! [`Game`] keeps too, so that what is written can be read back: at most
//! [`MAX_NAGS`] NAGs on one move, [`MAX_COMMENT_BYTES`] of comment at one
//! point, [`MAX_GAME_BYTES`] of text for one game. A NAG out of `$0` to
//! `$255` is refused (not dropped); a NAG before the first move is skipped.

use crate::bitboard::Square;
use crate::bitboard::{Board, Color, Small};
use crate::fen::FenError;
use crate::game::{Game, GameResult};
use crate::large::BoardVariant;
use crate::moves::Move;
use crate::owned::OwnedPosition;
use crate::position::Position;
use crate::san::SanError;
use crate::variant::{Role, Variant, VariantRef};

/// Why a PGN text was refused, or a tag name.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnError {
    /// The text is not well-formed PGN.
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The `Variant` tag names no built-in variant.
    UnknownVariant(String),
    /// The `Variant` tag differs from the variant the caller gave.
    VariantMismatch {
        /// The tag's value.
        found: String,
        /// The variant given.
        expected: String,
    },
    /// The `FEN` tag was refused.
    Fen(FenError),
    /// A move was refused.
    Move {
        /// The line (1-based).
        line: usize,
        /// The move number as PGN writes it (`12.` or `12...`).
        number: String,
        /// Why.
        error: SanError,
    },
    /// The `Result` tag and the termination marker disagree, or the result
    /// contradicts the rules' outcome of the final position.
    ResultMismatch {
        /// The result read.
        found: String,
        /// What it disagrees with.
        source_of_truth: String,
        /// What that says.
        expected: String,
    },
    /// A tag name is not allowed here.
    Tag {
        /// The name.
        name: String,
        /// Why it is refused.
        reason: &'static str,
    },
}

/// The tags a game derives itself.
const DERIVED_TAGS: [&str; 4] = ["Variant", "SetUp", "FEN", "Result"];

/// The most NAGs one move carries: more are refused when reading, by
/// [`Game::set_nags`] and by the C and Python APIs, so a game written can
/// always be read back.
pub const MAX_NAGS: usize = 255;

/// The most bytes of comment at one point of a game (the comments there
/// joined, their white space made single spaces): a longer one is refused
/// when reading and by [`Game::set_comment`].
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

/// The most bytes of text one game of PGN takes (its tags, moves, comments
/// and variations): a longer game is refused by every reader, and
/// [`PgnReader`] never holds more than this (and 4 KB) of a stream.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// The most bytes of a PGN file a reader that takes the whole file at once
/// reads (`play --pgn`, Python's `read_games` of a file): a larger file is
/// refused ([`PgnReader`] streams files of any size).
pub const MAX_FILE_BYTES: usize = 256 << 20;

/// The seven-tag roster except `Result`, with their unknown values.
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

pub(crate) fn check_tag(name: &str, value: &str) -> Result<(), PgnError> {
    let tag = |reason| {
        Err(PgnError::Tag {
            name: name.to_string(),
            reason,
        })
    };
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return tag("a tag name is letters, digits and '_'");
    }
    if DERIVED_TAGS.contains(&name) {
        return tag("this tag is derived from the game itself");
    }
    if value.contains(['\n', '\r']) {
        return tag("a tag value cannot hold a line break");
    }
    Ok(())
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

impl<B: Board> Game<B> {
    /// The tags [`to_pgn`](Self::to_pgn) writes, in its order and
    /// unescaped: the seven-tag roster (`"?"` for one not set), `Variant`,
    /// `SetUp` and `FEN` for a game from another start, `Termination` for a
    /// game over by the rules, then the game's other tags.
    ///
    /// ```
    /// use betza::{Game, Variant};
    /// let mut game = Game::new(Variant::by_name("chess").unwrap());
    /// game.set_tag("White", "Ann \"the Rook\"")?;
    /// let tags = game.pgn_tags();
    /// assert_eq!(tags[0], ("Event", "?".into()));
    /// assert!(tags.contains(&("White", "Ann \"the Rook\"".into())));
    /// assert_eq!(tags[6], ("Result", "*".into()));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn pgn_tags(&self) -> Vec<(&str, std::borrow::Cow<'_, str>)> {
        use std::borrow::Cow;
        let mut out: Vec<(&str, Cow<'_, str>)> = Vec::new();
        for (name, unknown) in ROSTER {
            out.push((name, Cow::Borrowed(self.tag(name).unwrap_or(unknown))));
        }
        out.push(("Result", Cow::Borrowed(self.result().as_str())));
        out.push((
            "Variant",
            Cow::Owned(variant_tag(self.board_variant().name()).to_string()),
        ));
        let start = self.start_position();
        if *start != self.board_variant().start() {
            out.push(("SetUp", Cow::Borrowed("1")));
            out.push(("FEN", Cow::Owned(start.to_fen())));
        }
        // A game over by the rules names the rule; a GUI's own Termination
        // (a time forfeit, say) is written only when the rules decided nothing.
        let outcome = self.outcome();
        if let Some(o) = outcome {
            out.push(("Termination", Cow::Borrowed(o.reason.as_str())));
        }
        for (name, value) in self.tags() {
            let derived = name == "Termination" && outcome.is_some();
            if !ROSTER.iter().any(|(n, _)| *n == name) && !derived {
                out.push((name, Cow::Borrowed(value)));
            }
        }
        out
    }

    /// The game as PGN (see the [`pgn`](crate::pgn) module). A game over
    /// by the rules has its `Result` and a `Termination` tag naming the rule
    /// ([`EndReason::as_str`](crate::EndReason::as_str): `"checkmate"`,
    /// `"perpetual check"`, ...).
    ///
    /// ```
    /// use betza::{Game, Variant};
    /// let mut game = Game::new(Variant::by_name("decimaka").unwrap());
    /// for san in ["e5", "f6", "Ne3", "Lf7"] {
    ///     game.play_san(san)?;
    /// }
    /// game.set_tag("White", "Ann")?;
    /// let pgn = game.to_pgn();
    /// assert!(pgn.contains("[Variant \"decimaka\"]\n"));
    /// assert!(pgn.ends_with("\n1. e5 f6 2. Ne3 Lf7 *\n"));
    /// let again = Game::from_pgn(&pgn)?;
    /// assert_eq!(again.position(), game.position());
    /// assert_eq!(again.tag("White"), Some("Ann"));
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.pgn_tags() {
            write_tag(&mut out, name, &value);
        }
        out.push('\n');

        let mut w = Lines {
            out,
            line: String::new(),
        };
        let mut commented = w.comment(self.comment(0));
        for (i, (before, m)) in self.plies().enumerate() {
            // A move number stays on the line of its move; Black's move
            // has its number after a comment, as after the first move.
            let san = &before.san(&m);
            let number = before.fullmove_number();
            if before.side_to_move() == Color::White {
                w.push(&format!("{number}. {san}"));
            } else if i == 0 || commented {
                w.push(&format!("{number}... {san}"));
            } else {
                w.push(san);
            }
            for nag in self.nags(i + 1) {
                w.push(&format!("${nag}"));
            }
            commented = w.comment(self.comment(i + 1));
        }
        w.push(self.result().as_str());
        w.flush();
        w.out
    }

    /// Reads one game of PGN of the built-in variant of the board type `B`
    /// its `Variant` tag names (chess without one).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn from_pgn_builtin(text: &str) -> Result<Game<B>, PgnError> {
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        let variant = builtin_for::<B>(&raw)?;
        raw.into_game(variant)
    }

    /// Reads one game of PGN of the variant `variant` (a `Variant` tag, if
    /// present, must name it), for any board type.
    pub(crate) fn from_pgn_of(variant: &BoardVariant<B>, text: &str) -> Result<Game<B>, PgnError> {
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        check_variant_tag(&raw, variant.name())?;
        raw.into_game(variant.handle().clone())
    }
}

impl Game {
    /// Reads one game of PGN (see the [`pgn`](crate::pgn) module) in the
    /// built-in variant its `Variant` tag names (chess without one). The text
    /// must hold exactly one game; [`PgnGames`] reads a file of many.
    pub fn from_pgn(text: &str) -> Result<Game, PgnError> {
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        let variant = builtin_of(&raw)?;
        raw.into_game(variant.into())
    }

    /// Reads one game of PGN in `variant`; a `Variant` tag, if present, must
    /// name it.
    pub fn from_pgn_in(variant: impl Into<VariantRef>, text: &str) -> Result<Game, PgnError> {
        let variant = variant.into();
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        check_variant_tag(&raw, variant.name())?;
        raw.into_game(variant)
    }
}

/// Move text written in lines below 80 characters (a longer word, such as
/// a long comment's, stands alone on its line).
struct Lines {
    out: String,
    line: String,
}

impl Lines {
    fn push(&mut self, word: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + word.len() >= 80 {
            self.flush();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }

    fn flush(&mut self) {
        if !self.line.is_empty() {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
    }

    /// Writes a comment if there is one: `{...}`, its words wrapped like
    /// moves, or, when it holds a `}`, a `;` comment ending its line. Whether
    /// one was written.
    fn comment(&mut self, comment: Option<&str>) -> bool {
        let Some(text) = comment else { return false };
        if text.contains('}') {
            self.push(&format!("; {text}"));
            self.flush();
            return true;
        }
        let mut words = text.split_whitespace().peekable();
        let mut first = true;
        let mut word_text = String::new();
        while let Some(word) = words.next() {
            word_text.clear();
            if std::mem::take(&mut first) {
                word_text.push('{');
            }
            word_text.push_str(word);
            if words.peek().is_none() {
                word_text.push('}');
            }
            self.push(&word_text);
        }
        true
    }
}

/// Appends `text` to the comment `out` as the reader keeps comments (runs
/// of white space made one space, the ends trimmed; after a space if `out`
/// is not empty), in time and memory linear in what it appends; `false`
/// (with `out` cut) once `out` would pass `max` bytes.
pub(crate) fn append_comment(out: &mut String, text: &str, max: usize) -> bool {
    for word in text.split_whitespace() {
        let space = usize::from(!out.is_empty());
        if out.len() + space + word.len() > max {
            return false;
        }
        if space == 1 {
            out.push(' ');
        }
        out.push_str(word);
    }
    true
}

/// The NAG of a move suffix: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
fn suffix_nag(suffix: &str) -> Option<u8> {
    Some(match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The `Variant` tags lichess and python-chess write (python-chess's
/// aliases too), each with the variant's name here, written as their
/// letters and digits in lower case (`King of the Hill`: `kingofthehill`).
const PGN_TAGS: &[(&str, &str)] = &[
    ("standard", "chess"),
    ("classical", "chess"),
    ("fromposition", "chess"),
    ("chess960", "chess960"),
    ("fischerandom", "chess960"),
    ("fischerrandom", "chess960"),
    ("atomic", "atomic"),
    ("atom", "atomic"),
    ("atomicchess", "atomic"),
    ("antichess", "antichess"),
    ("anti", "antichess"),
    ("giveaway", "giveaway"),
    ("giveawaychess", "giveaway"),
    ("suicide", "suicide"),
    ("suicidechess", "suicide"),
    ("kingofthehill", "kingofthehill"),
    ("koth", "kingofthehill"),
    ("threecheck", "3check"),
    ("threecheckchess", "3check"),
    ("3check", "3check"),
    ("fivecheck", "5check"),
    ("racingkings", "racingkings"),
    ("racing", "racingkings"),
    ("race", "racingkings"),
    ("horde", "horde"),
    ("hordechess", "horde"),
    ("crazyhouse", "crazyhouse"),
    ("house", "crazyhouse"),
    ("zh", "crazyhouse"),
];

/// The `Variant` tag the writer gives a variant of this name: lichess's
/// spelling for the variants lichess plays, else the name.
const PGN_WRITTEN: &[(&str, &str)] = &[
    ("chess960", "Chess960"),
    ("atomic", "Atomic"),
    ("antichess", "Antichess"),
    ("kingofthehill", "King of the Hill"),
    ("3check", "Three-check"),
    ("racingkings", "Racing Kings"),
    ("horde", "Horde"),
    ("crazyhouse", "Crazyhouse"),
];

/// The `Variant` tag written for the variant named `name`.
pub(crate) fn variant_tag(name: &str) -> &str {
    PGN_WRITTEN
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, tag)| tag)
}

/// The variant name a `Variant` tag stands for: the tag in lower case
/// (`Meiriqi`: `meiriqi`), or, when it is one of lichess's or
/// python-chess's ([`PGN_TAGS`]), that variant's name here.
pub(crate) fn variant_name_of_tag(tag: &str) -> String {
    let key: String = tag
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    PGN_TAGS
        .iter()
        .find(|(t, _)| *t == key)
        .map_or_else(|| tag.to_ascii_lowercase(), |(_, name)| name.to_string())
}

/// The built-in variant of the board type `B` a game's `Variant` tag names
/// (chess without one).
fn builtin_for<B: Board>(raw: &Raw<'_>) -> Result<VariantRef, PgnError> {
    let name = raw.tag("Variant").unwrap_or("chess");
    crate::large::builtin_for::<B>(&variant_name_of_tag(name))
        .ok_or_else(|| PgnError::UnknownVariant(name.to_string()))
}

/// The built-in variant a game's `Variant` tag names (chess without one).
fn builtin_of(raw: &Raw<'_>) -> Result<&'static Variant, PgnError> {
    let name = raw.tag("Variant").unwrap_or("chess");
    Variant::by_name(&variant_name_of_tag(name))
        .map_err(|_| PgnError::UnknownVariant(name.to_string()))
}

fn check_variant_tag(raw: &Raw<'_>, expected: &str) -> Result<(), PgnError> {
    match raw.tag("Variant") {
        Some(name)
            if !name.eq_ignore_ascii_case(expected)
                && variant_name_of_tag(name) != expected.to_ascii_lowercase() =>
        {
            Err(PgnError::VariantMismatch {
                found: name.to_string(),
                expected: expected.to_string(),
            })
        }
        _ => Ok(()),
    }
}

/// The games of a PGN file, read one by one: an iterator of games, each
/// `Ok` or the error that refused it. After a refused game the reader goes
/// on with the next one (the next tag section after the bad game's moves).
/// Line numbers in errors count from the start of the text.
///
/// ```
/// use betza::pgn::PgnGames;
/// let text = "[White \"Ann\"]\n\n1. e4 e5 1-0\n\n[White \"Bo\"]\n\n1. e4 Ke7 *\n\n1. d4 *\n";
/// let games: Vec<_> = PgnGames::new(text).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().tag("White"), Some("Ann"));
/// assert!(games[1].as_ref().unwrap_err().to_string().contains("line 7"));
/// assert_eq!(games[2].as_ref().unwrap().san_moves(), ["d4"]);
/// ```
///
/// The games of a variant of any board type are read by
/// [`BoardVariant::pgn_games`](crate::BoardVariant::pgn_games).
#[derive(Clone, Debug)]
pub struct PgnGames<'t, B: Board = Small> {
    text: &'t str,
    at: usize,
    line: usize,
    variant: Option<VariantRef>,
    board: std::marker::PhantomData<fn() -> B>,
    /// Whether the text is the start of a file, whose byte-order mark is
    /// skipped (not in a [`PgnReader`]'s buffer, which it skipped itself).
    mark: bool,
}

impl<'t> PgnGames<'t> {
    /// The games of `text`, each in the built-in variant its `Variant` tag
    /// names (chess without one).
    pub fn new(text: &'t str) -> PgnGames<'t> {
        PgnGames {
            text,
            at: 0,
            line: 1,
            variant: None,
            board: std::marker::PhantomData,
            mark: true,
        }
    }

    /// The games of `text`, all in `variant`; a `Variant` tag, if present,
    /// must name it.
    pub fn new_in(variant: impl Into<VariantRef>, text: &'t str) -> PgnGames<'t> {
        PgnGames {
            text,
            at: 0,
            line: 1,
            variant: Some(variant.into()),
            board: std::marker::PhantomData,
            mark: true,
        }
    }
}

impl<'t, B: Board> PgnGames<'t, B> {
    /// The games of `text`, all in `variant` (compiled for `B`).
    pub(crate) fn of(variant: VariantRef, text: &'t str) -> PgnGames<'t, B> {
        PgnGames {
            text,
            at: 0,
            line: 1,
            variant: Some(variant),
            board: std::marker::PhantomData,
            mark: true,
        }
    }

    /// Numbers lines from `line` (for a text that is the rest of a file).
    pub fn starting_at_line(mut self, line: usize) -> Self {
        self.line = line;
        self
    }

    /// How many bytes of the text the games read so far took.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The line the rest of the text starts on.
    pub fn line(&self) -> usize {
        self.line
    }

    fn advance_to(&mut self, at: usize) {
        let at = at.max(self.at);
        self.line += self.text.as_bytes()[self.at..at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.at = at;
    }
}

impl<B: Board> Iterator for PgnGames<'_, B> {
    type Item = Result<Game<B>, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mark = self.mark && self.at == 0;
        let parsed = Raw::parse_at(self.text, self.at, self.line, Mode::Many, mark);
        let (raw, end) = match parsed {
            Err((e, resume)) => {
                // Always progress, so that a bad game is never read twice.
                self.advance_to(resume.max(self.at + 1).min(self.text.len()));
                return Some(Err(e));
            }
            Ok((raw, end)) => (raw, end),
        };
        self.advance_to(end);
        if raw.is_empty() {
            return None;
        }
        let game = match &self.variant {
            Some(v) => check_variant_tag(&raw, v.name()).and_then(|()| raw.into_game(v.clone())),
            None => builtin_for::<B>(&raw).and_then(|v| raw.into_game(v)),
        };
        Some(game)
    }
}

/// Whether the text must hold one game, or may hold many.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Single,
    Many,
}

/// A PGN game split into tags and move tokens, before any move is read.
struct Raw<'t> {
    /// Each tag's name, value and line.
    tags: Vec<(&'t str, String, usize)>,
    /// Each move's text and line.
    moves: Vec<(&'t str, usize)>,
    /// The termination marker, if any.
    end: Option<GameResult>,
    /// The main line's comments, each with the number of moves before it
    /// and its line.
    comments: Vec<(usize, &'t str, usize)>,
    /// The main line's NAGs, each with its move's number (1-based).
    nags: Vec<(usize, u8)>,
}

impl<'t> Raw<'t> {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, ..)| *k == name)
            .map(|(_, v, _)| v.as_str())
    }

    /// The line of a tag (0 if absent).
    fn tag_line(&self, name: &str) -> usize {
        self.tags
            .iter()
            .find(|(k, ..)| *k == name)
            .map_or(0, |(.., line)| *line)
    }

    /// No tag, no move and no result: only blanks and comments.
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.end.is_none()
    }

    /// Reads the game starting at byte `at` (on line `line`) of `text`.
    /// Returns it and where it ends: with `Mode::Many`, after its result or
    /// before the next game's tags; with `Mode::Single`, the end of the text,
    /// and any other game is an error. An error comes with where the next
    /// game may start. A UTF-8 byte-order mark at the start of the text is
    /// skipped; a game of more than [`MAX_GAME_BYTES`] is refused.
    fn parse(
        text: &'t str,
        at: usize,
        line: usize,
        mode: Mode,
    ) -> Result<(Raw<'t>, usize), (PgnError, usize)> {
        Raw::parse_at(text, at, line, mode, at == 0)
    }

    /// [`Raw::parse`], skipping a byte-order mark at `at` only if `mark`
    /// (the start of a file, not of a later game).
    fn parse_at(
        text: &'t str,
        at: usize,
        line: usize,
        mode: Mode,
        mark: bool,
    ) -> Result<(Raw<'t>, usize), (PgnError, usize)> {
        let from = if mark && text[at..].starts_with('\u{feff}') {
            at + '\u{feff}'.len_utf8()
        } else {
            at
        };
        let (raw, end) = Raw::parse_from(text, from, line, mode)?;
        if end - at > MAX_GAME_BYTES {
            let reason = format!("a game of more than {MAX_GAME_BYTES} bytes");
            let error = PgnError::Syntax { line, reason };
            return Err((error, end));
        }
        Ok((raw, end))
    }

    /// [`Raw::parse`] without its byte-order mark and size bound.
    fn parse_from(
        text: &'t str,
        at: usize,
        line: usize,
        mode: Mode,
    ) -> Result<(Raw<'t>, usize), (PgnError, usize)> {
        let mut raw = Raw {
            tags: Vec::new(),
            moves: Vec::new(),
            end: None,
            comments: Vec::new(),
            nags: Vec::new(),
        };
        // Duplicate tags are found by a set: linear in the number of tags.
        let mut names = std::collections::HashSet::new();
        let b = text.as_bytes();
        let mut i = at;
        let mut line = line;
        let mut depth = 0usize;
        let mut in_moves = false;
        let err = |line, reason: &str, i: usize, in_moves: bool| {
            (
                PgnError::Syntax {
                    line,
                    reason: reason.to_string(),
                },
                next_game(text, i, in_moves),
            )
        };
        while i < b.len() {
            let c = b[i];
            let line_start = i == 0 || b[i - 1] == b'\n';
            let blank = matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'{' | b';')
                || (c == b'%' && line_start);
            if raw.end.is_some() && !blank {
                if mode == Mode::Many {
                    return Ok((raw, i));
                }
                return Err(err(
                    line,
                    "text after the game's result: one PGN game only",
                    i,
                    true,
                ));
            }
            match c {
                b'\n' => {
                    line += 1;
                    i += 1;
                }
                b' ' | b'\t' | b'\r' => i += 1,
                b'%' if line_start => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                b';' => {
                    let from = i + 1;
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                    if depth == 0 && raw.end.is_none() {
                        raw.comments.push((raw.moves.len(), &text[from..i], line));
                    }
                }
                b'{' => {
                    let start = line;
                    i += 1;
                    let from = i;
                    while i < b.len() && b[i] != b'}' {
                        line += usize::from(b[i] == b'\n');
                        i += 1;
                    }
                    if i == b.len() {
                        return Err(err(start, "comment '{' never closed", i, in_moves));
                    }
                    if depth == 0 && raw.end.is_none() {
                        raw.comments.push((raw.moves.len(), &text[from..i], start));
                    }
                    i += 1;
                }
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    if depth == 0 {
                        return Err(err(line, "')' without '('", i, in_moves));
                    }
                    depth -= 1;
                    i += 1;
                }
                b'[' if !in_moves && depth == 0 => {
                    let (name, value, next) =
                        parse_tag(text, i).map_err(|reason| err(line, reason, i, false))?;
                    if !names.insert(name) {
                        let reason = format!("tag {} given twice", crate::variant::prefix(name));
                        return Err(err(line, &reason, i, false));
                    }
                    raw.tags.push((name, value, line));
                    i = next;
                }
                b'[' if mode == Mode::Many && depth == 0 => {
                    // The next game's tags: this game has no result marker.
                    return Ok((raw, i));
                }
                b'[' => return Err(err(line, "a tag after the moves", i, true)),
                _ => {
                    let start = i;
                    while i < b.len() && !b" \t\r\n{}()[];".contains(&b[i]) {
                        i += 1;
                    }
                    if i == start {
                        // A stray '}' or ']': no word, and no progress.
                        let reason = format!("unexpected '{}'", c as char);
                        return Err(err(line, &reason, i, in_moves));
                    }
                    let word = &text[start..i];
                    in_moves = true;
                    if depth > 0 {
                        continue;
                    }
                    if let Some(n) = word.strip_prefix('$') {
                        // A NAG of the last move (`$0` too, which the
                        // writer writes); one before the first move is
                        // skipped.
                        let Some(n) = n
                            .parse::<u8>()
                            .ok()
                            .filter(|_| n.starts_with(|c: char| c.is_ascii_digit()))
                        else {
                            let reason =
                                format!("NAG {} is not $0 to $255", crate::quote::quoted(word));
                            return Err(err(line, &reason, i, true));
                        };
                        if let k @ 1.. = raw.moves.len() {
                            raw.push_nag(k, n).map_err(|r| err(line, &r, i, true))?;
                        }
                        continue;
                    }
                    if let Some(r) = GameResult::from_pgn_text(word) {
                        raw.end = Some(r);
                        continue;
                    }
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = word[digits..].bytes().take_while(|&c| c == b'.').count();
                    let mv = if digits > 0 && dots > 0 {
                        &word[digits + dots..]
                    } else {
                        word
                    };
                    let bare = mv.trim_end_matches(['!', '?']);
                    if !bare.is_empty() {
                        raw.moves.push((bare, line));
                    }
                    // A suffix (or a suffix standing alone) marks the last
                    // move; an unknown one (`!!!`) is skipped.
                    if let (Some(n), k @ 1..) = (suffix_nag(&mv[bare.len()..]), raw.moves.len()) {
                        raw.push_nag(k, n).map_err(|r| err(line, &r, i, true))?;
                    }
                }
            }
        }
        if depth > 0 {
            return Err(err(line, "variation '(' never closed", i, true));
        }
        if mode == Mode::Single && raw.is_empty() {
            return Err(err(line, "no PGN game in the text", i, true));
        }
        Ok((raw, i))
    }

    /// Adds the NAG `n` of the `k`-th move, refusing more than [`MAX_NAGS`]
    /// on one move (the NAGs come in the order of the moves).
    fn push_nag(&mut self, k: usize, n: u8) -> Result<(), String> {
        let on_move = self.nags.iter().rev().take_while(|(ply, _)| *ply == k);
        if on_move.take(MAX_NAGS).count() == MAX_NAGS {
            return Err(format!("more than {MAX_NAGS} NAGs on one move"));
        }
        self.nags.push((k, n));
        Ok(())
    }

    fn into_game<B: Board>(self, variant: VariantRef) -> Result<Game<B>, PgnError> {
        self.into_game_as(variant, None)
    }

    /// The game, its FEN and moves read as XBoard writes them if `xboard`.
    fn into_game_as<B: Board>(
        self,
        variant: VariantRef,
        xboard: Option<&XboardPgn>,
    ) -> Result<Game<B>, PgnError> {
        let mut game = match (self.tag("FEN"), xboard) {
            (Some(fen), Some(x)) => {
                let ours = x.fen(&variant, fen).map_err(|reason| PgnError::Syntax {
                    line: self.tag_line("FEN"),
                    reason: format!("FEN tag: {reason}"),
                })?;
                Game::from_owned(OwnedPosition::from_fen_of(variant, &ours)?)
            }
            (Some(fen), None) => Game::from_owned(OwnedPosition::from_fen_of(variant, fen)?),
            (
                None,
                Some(XboardPgn {
                    start: Some(fen), ..
                }),
            ) => Game::from_owned(OwnedPosition::from_fen_of(variant, fen)?),
            (None, _) => Game::from_owned(OwnedPosition::start_of(variant)),
        };
        if let Some(x) = xboard {
            let texts: Vec<&str> = self.moves.iter().map(|(m, _)| *m).collect();
            let moves = x
                .resolve(game.position(), &texts)
                .map_err(|(i, number, error)| PgnError::Move {
                    line: self.moves[i].1,
                    number,
                    error,
                })?;
            // XBoard's record is replayed as played: the resolved moves are
            // legal, and where the rules ended the game earlier (a repetition
            // XBoard let go on) its moves still stand.
            for m in &moves {
                game.push(*m);
            }
        }
        for (mv, line) in self.moves.iter().filter(|_| xboard.is_none()) {
            let pos = game.position();
            let number = move_number(pos);
            game.play_san(mv).map_err(|error| PgnError::Move {
                line: *line,
                number,
                error,
            })?;
        }
        // Comments at one point are joined with a space, each point's once
        // (they come in the order of the moves): linear in their length.
        for point in self.comments.chunk_by(|a, b| a.0 == b.0) {
            let mut joined = String::new();
            for (_, text, line) in point {
                if !append_comment(&mut joined, text, MAX_COMMENT_BYTES) {
                    return Err(PgnError::Syntax {
                        line: *line,
                        reason: format!(
                            "a comment of more than {MAX_COMMENT_BYTES} bytes at one point"
                        ),
                    });
                }
            }
            game.set_comment(point[0].0, &joined);
        }
        let mut nags = Vec::new();
        for point in self.nags.chunk_by(|a, b| a.0 == b.0) {
            nags.clear();
            nags.extend(point.iter().map(|&(_, n)| n));
            game.set_nags(point[0].0, &nags);
        }
        let tag = match self.tags.iter().find(|(k, ..)| *k == "Result") {
            None => None,
            Some((_, t, line)) => {
                Some(
                    GameResult::from_pgn_text(t).ok_or_else(|| PgnError::Syntax {
                        line: *line,
                        reason: format!(
                            "Result tag {} is not 1-0, 0-1, 1/2-1/2 or *",
                            crate::quote::quoted(t)
                        ),
                    })?,
                )
            }
        };
        if let (Some(t), Some(e)) = (tag, self.end)
            && t != e
        {
            return Err(PgnError::ResultMismatch {
                found: e.to_string(),
                source_of_truth: "the Result tag".into(),
                expected: t.to_string(),
            });
        }
        let result = tag.or(self.end).unwrap_or(GameResult::Undecided);
        match game.outcome() {
            // XBoard judges the end by its own rules (a stalemate in
            // Courier is its draw): the rules' result stands.
            Some(o)
                if result != GameResult::Undecided
                    && result != GameResult::from_outcome(o)
                    && xboard.is_none() =>
            {
                return Err(PgnError::ResultMismatch {
                    found: result.to_string(),
                    source_of_truth: "the final position".into(),
                    expected: o.to_string(),
                });
            }
            Some(_) => {}
            None if result != GameResult::Undecided => game.declare_result(result),
            None => {}
        }
        // A game over by the rules derives its Termination tag.
        let over = game.outcome().is_some();
        for (name, value, line) in self.tags {
            let unknown = ROSTER.iter().any(|&(n, u)| n == name && u == value);
            let derived = name == "Termination" && over;
            if !DERIVED_TAGS.contains(&name) && !unknown && !derived {
                game.set_tag(name, &value).map_err(|e| PgnError::Syntax {
                    line,
                    reason: e.to_string(),
                })?;
            }
        }
        Ok(game)
    }
}

/// The move number of the side to move as PGN writes it (`12.`, `12...`).
fn move_number<B: Board>(pos: &Position<'_, B>) -> String {
    match pos.side_to_move() {
        Color::White => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}...", pos.fullmove_number()),
    }
}

/// Where the game after a refused one may start, from byte `at` where the
/// error was found (`in_moves`: in the moves, else in the tags): after the
/// bad game's termination marker, or at the next tag after its moves.
fn next_game(text: &str, at: usize, in_moves: bool) -> usize {
    let b = text.as_bytes();
    let to_line_end = |i: &mut usize| {
        while *i < b.len() && b[*i] != b'\n' {
            *i += 1;
        }
    };
    let mut i = at;
    let mut in_moves = in_moves;
    if !in_moves {
        to_line_end(&mut i); // the rest of the bad tag
    }
    while i < b.len() {
        match b[i] {
            b'{' => {
                while i < b.len() && b[i] != b'}' {
                    i += 1;
                }
                i = (i + 1).min(b.len());
            }
            b';' => to_line_end(&mut i),
            b'[' if in_moves => return i,
            b'[' => to_line_end(&mut i),
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < b.len() && !b" \t\r\n{}()[];".contains(&b[i]) {
                    i += 1;
                }
                if i == start {
                    i += 1; // a stray bracket
                    continue;
                }
                in_moves = true;
                if GameResult::from_pgn_text(&text[start..i]).is_some() {
                    return i;
                }
            }
        }
    }
    b.len()
}

/// Reads `[Name "value"]` starting at `at`; returns the name, the unescaped
/// value and the index after `]`.
fn parse_tag(text: &str, at: usize) -> Result<(&str, String, usize), &'static str> {
    let b = text.as_bytes();
    let mut i = at + 1;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == start {
        return Err("a tag needs a name: [Name \"value\"]");
    }
    let name = &text[start..i];
    skip_ws(&mut i);
    if b.get(i) != Some(&b'"') {
        return Err("a tag's value must be in double quotes: [Name \"value\"]");
    }
    i += 1;
    let mut value = String::new();
    loop {
        match b.get(i) {
            None | Some(b'\n') => return Err("a tag's value is not closed by '\"'"),
            Some(b'"') => break,
            Some(b'\\') if matches!(b.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(b[i + 1] as char);
                i += 2;
            }
            Some(_) => {
                let c = text[i..].chars().next().expect("inside the text");
                value.push(c);
                i += c.len_utf8();
            }
        }
    }
    i += 1;
    skip_ws(&mut i);
    if b.get(i) != Some(&b']') {
        return Err("a tag must end with ']'");
    }
    Ok((name, value, i + 1))
}

// ---------------------------------------------------------------------------
// XBoard's PGN: a reading option of its own, apart from the standard reader.

/// Reads the PGN that XBoard saves, and the FENs it writes, which differ from
/// this library's notation in four ways:
///
/// - On a board of exactly 10 ranks XBoard numbers the ranks from `0`
///   (Meiriqi's `a3` is XBoard's `a2`; its last rank is `9`). Off with
///   [`ranks_from_0(false)`](XboardPgn::ranks_from_0).
/// - Pieces go by XBoard's letters: a one-letter token is its own letter, a
///   letter given with [`letter`](XboardPgn::letter) names that token (as the
///   `xboard` example assigns Decimaka's `+P` the letter `O`), and any other
///   letter names the one piece type whose name starts with it (Xiangqi's
///   Horse `H` and Elephant `E`).
/// - Moves: the check suffix is XBoard's own judgement and is not checked;
///   a Pawn move without its from-file that fits more than one Pawn is the
///   straight move (Meiriqi's `j6` is the push even where a Pawn beside it
///   could step sideways to the same square), as XBoard reads it; a
///   promotion names the type by its letter (`=O`), the moving piece's own
///   letter meaning "stays", and without a letter a move that may stay does.
/// - FEN tags (and [`fen`](XboardPgn::fen)): the castling field is missing
///   in variants without castling, the en-passant field in those without a
///   double step (`... w 0 1`), the counters may be missing, holdings may
///   follow the board in brackets (`[-]`, ignored for a variant without
///   them: XBoard's Grand counts there what a Pawn may promote to).
///
/// The rest (tags, comments, results) reads as in [`Game::from_pgn`], except
/// that a result which contradicts the final position by the rules is not
/// refused (XBoard ends games by its own rules: a stalemate in Courier is
/// its draw, a loss here); the rules' result stands. The variant comes from
/// the `Variant` tag; XBoard's other tags (`VariantMen`) are kept as they
/// are.
///
/// ```
/// use betza::pgn::XboardPgn;
/// let text = "[Variant \"meiriqi\"]\n\n1. Wi1 Gb7 2. g4 Fc5 3. Ld3 *\n";
/// let game = XboardPgn::new().read(text)?;
/// assert_eq!(game.san_moves(), ["Wi2", "Gb8", "g5", "Fc6", "Ld4"]);
/// # Ok::<_, betza::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug)]
pub struct XboardPgn {
    letters: Vec<(char, String)>,
    ranks_from_0: bool,
    variant_tag: Option<String>,
    start: Option<String>,
}

impl Default for XboardPgn {
    fn default() -> Self {
        XboardPgn::new()
    }
}

impl XboardPgn {
    /// XBoard's conventions, with no letter given.
    pub fn new() -> XboardPgn {
        XboardPgn {
            letters: Vec::new(),
            ranks_from_0: true,
            variant_tag: None,
            start: None,
        }
    }

    /// The position (a FEN in this library's notation) a game without a
    /// `FEN` tag starts from, where XBoard's start of the variant is not the
    /// variant's: XBoard's Courier has every Pawn on its second rank and
    /// writes no `FEN` tag for it. A game with a `FEN` tag starts there.
    pub fn start_fen(mut self, fen: &str) -> XboardPgn {
        self.start = Some(fen.to_string());
        self
    }

    /// The name XBoard writes in the `Variant` tag of the variant read with
    /// [`read_in_board`](XboardPgn::read_in_board), where it is not the
    /// library's (XBoard's `chu` for `chushogi`).
    pub fn variant_tag(mut self, name: &str) -> XboardPgn {
        self.variant_tag = Some(name.to_string());
        self
    }

    /// Reads the letter `letter` (either case) as the piece of token `token`
    /// (uppercase, as in a FEN's White pieces); a letter given twice keeps
    /// the last token.
    pub fn letter(mut self, letter: char, token: &str) -> XboardPgn {
        let letter = letter.to_ascii_uppercase();
        self.letters.retain(|(l, _)| *l != letter);
        self.letters.push((letter, token.to_string()));
        self
    }

    /// Whether 10-rank boards number their ranks from `0` (XBoard's way, the
    /// default) or from `1`.
    pub fn ranks_from_0(mut self, on: bool) -> XboardPgn {
        self.ranks_from_0 = on;
        self
    }

    /// Reads one game, as [`Game::from_pgn`] does (the text holds exactly one).
    pub fn read(&self, text: &str) -> Result<Game, PgnError> {
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        let variant = builtin_of(&raw)?;
        raw.into_game_as(variant.into(), Some(self))
    }

    /// Reads one game in `variant`; a `Variant` tag, if present, must name it.
    pub fn read_in(&self, variant: impl Into<VariantRef>, text: &str) -> Result<Game, PgnError> {
        let variant = variant.into();
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        check_variant_tag(&raw, variant.name())?;
        raw.into_game_as(variant, Some(self))
    }

    /// [`read_in`](XboardPgn::read_in) for a variant of any board type
    /// (XBoard's Chu Shogi is 12x12): one game, its `Variant` tag the
    /// variant's name or the one given with
    /// [`variant_tag`](XboardPgn::variant_tag). XBoard's null move `--` is
    /// read as a pass (a move out to an empty square and back, as the
    /// Lion's), where the rules have one.
    pub fn read_in_board<B: Board>(
        &self,
        variant: &BoardVariant<B>,
        text: &str,
    ) -> Result<Game<B>, PgnError> {
        let (raw, _) = Raw::parse(text, 0, 1, Mode::Single).map_err(|(e, _)| e)?;
        let tag_ok = self.variant_tag.as_deref().is_some_and(|t| {
            raw.tag("Variant")
                .is_some_and(|n| n.eq_ignore_ascii_case(t))
        });
        if !tag_ok {
            check_variant_tag(&raw, variant.name())?;
        }
        raw.into_game_as(variant.handle().clone(), Some(self))
    }

    /// Reads every game of a file, each `Ok` or the error that refused it
    /// (the reading goes on after a refused game, as [`PgnGames`] does).
    /// `variant`: read every game in it, else in the variant of its tag.
    pub fn read_all(&self, variant: Option<VariantRef>, text: &str) -> Vec<Result<Game, PgnError>> {
        let mut games = Vec::new();
        let (mut at, mut line) = (0, 1);
        while at < text.len() {
            let count_lines = |from: usize, to: usize| {
                text.as_bytes()[from..to]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
            };
            match Raw::parse(text, at, line, Mode::Many) {
                Err((e, resume)) => {
                    let next = resume.max(at + 1).min(text.len());
                    line += count_lines(at, next);
                    at = next;
                    games.push(Err(e));
                }
                Ok((raw, end)) => {
                    let end = end.max(at);
                    line += count_lines(at, end);
                    at = end;
                    if raw.is_empty() {
                        break;
                    }
                    let game = match &variant {
                        Some(v) => check_variant_tag(&raw, v.name())
                            .and_then(|()| raw.into_game_as(v.clone(), Some(self))),
                        None => {
                            builtin_of(&raw).and_then(|v| raw.into_game_as(v.into(), Some(self)))
                        }
                    };
                    games.push(game);
                }
            }
        }
        games
    }

    /// The piece type an XBoard letter names in `v` (see the type's notes).
    pub fn role(&self, v: &Variant, c: char) -> Option<Role> {
        let c = c.to_ascii_uppercase();
        if let Some((_, token)) = self.letters.iter().find(|(l, _)| *l == c) {
            return v.role_by_token(token);
        }
        if let Some(r) = v.role_by_token(&c.to_string()) {
            return Some(r);
        }
        let mut named = v
            .pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.name.chars().next().map(|n| n.to_ascii_uppercase()) == Some(c));
        match (named.next(), named.next()) {
            (Some((i, _)), None) => Some(Role(i as u8)),
            _ => None,
        }
    }

    /// Whether ranks are numbered from 0 on this board.
    fn zero_based(&self, v: &Variant) -> bool {
        self.ranks_from_0 && v.size().ranks() == 10
    }

    /// Reads a square (`e0`, `j9`, `a10` with ranks from 1) at the start of
    /// `b`: the square and the bytes it took.
    fn square_prefix(&self, v: &Variant, b: &[u8]) -> Option<(Square, usize)> {
        let file = b.first()?.checked_sub(b'a')?;
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let n: i32 = std::str::from_utf8(&b[1..1 + digits]).ok()?.parse().ok()?;
        let rank = if self.zero_based(v) { n } else { n - 1 };
        let sq = v.size().square(i32::from(file), rank)?;
        Some((sq, 1 + digits))
    }

    /// An XBoard FEN as this library's FEN of six fields (see the type's
    /// notes), or why it cannot be read.
    ///
    /// ```
    /// use betza::{pgn::XboardPgn, Variant};
    /// let v = Variant::by_name("xiangqi").unwrap();
    /// let fen = XboardPgn::new()
    ///     .fen(v, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1")
    ///     .unwrap();
    /// assert_eq!(fen, v.start_fen());
    /// ```
    pub fn fen(&self, v: &Variant, fen: &str) -> Result<String, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let (&board, rest) = fields.split_first().ok_or("an empty FEN")?;
        let board = match board.find('[') {
            Some(i) if board.ends_with(']') && !v.start_fen().contains('[') => &board[..i],
            _ => board,
        };
        let mut placement = String::new();
        for c in board.chars() {
            if c.is_ascii_alphabetic() {
                let role = self
                    .role(v, c)
                    .ok_or_else(|| format!("the letter '{c}' names no piece of {}", v.name()))?;
                let color = if c.is_ascii_lowercase() {
                    Color::Black
                } else {
                    Color::White
                };
                placement.push_str(&v.pieces()[role.index()].token.fen(color));
            } else {
                placement.push(c);
            }
        }
        let (&side, rest) = rest
            .split_first()
            .ok_or("no side to move after the board")?;
        // The counters are the trailing numbers; before them at most a
        // castling and an en-passant field.
        let numbers = rest
            .iter()
            .rev()
            .take(2)
            .take_while(|f| f.bytes().all(|b| b.is_ascii_digit()))
            .count();
        let (middle, counters) = rest.split_at(rest.len() - numbers);
        let (halfmove, fullmove) = match counters {
            [full] => ("0", *full),
            [half, full] => (*half, *full),
            _ => ("0", "1"),
        };
        let mut castling: Option<&str> = None;
        let mut ep: Option<String> = None;
        for &f in middle {
            let square = self
                .square_prefix(v, f.as_bytes())
                .filter(|&(_, n)| n == f.len());
            match square {
                Some((sq, _)) if ep.is_none() => ep = Some(v.size().square_name(sq)),
                _ if f == "-" && castling.is_none() => castling = Some("-"),
                _ if f == "-" && ep.is_none() => ep = Some("-".into()),
                _ if castling.is_none()
                    && ep.is_none()
                    && f.bytes().all(|b| b.is_ascii_alphabetic()) =>
                {
                    castling = Some(f)
                }
                _ => {
                    return Err(format!(
                        "the field {f:?} is neither castling rights nor an en-passant square"
                    ));
                }
            }
        }
        // XBoard gives every fairy King castling rights.
        if v.castling.is_none() {
            castling = None;
        }
        Ok(format!(
            "{placement} {side} {} {} {halfmove} {fullmove}",
            castling.unwrap_or("-"),
            ep.as_deref().unwrap_or("-")
        ))
    }

    /// [`fen`](XboardPgn::fen) for a variant of any board type (a
    /// [`BoardVariant`] of a large board too: XBoard's
    /// Chu Shogi is 12x12).
    ///
    /// ```
    /// use betza::{pgn::XboardPgn, LargeVariant};
    /// let chu = LargeVariant::by_name("chushogi").unwrap();
    /// let fen = XboardPgn::new().fen_in(&chu, chu.start_fen()).unwrap();
    /// assert_eq!(fen, chu.start_fen());
    /// ```
    pub fn fen_in<B: Board>(&self, v: &BoardVariant<B>, fen: &str) -> Result<String, String> {
        self.fen(v.handle(), fen)
    }

    /// The legal move an XBoard SAN text names in `pos` (see the type's
    /// notes); where XBoard's text leaves open whether a piece other than
    /// the Pawn promoted (it writes the promotion of Pawns only), the move
    /// that stays.
    pub fn read_move<B: Board>(&self, pos: &Position<'_, B>, text: &str) -> Result<Move, SanError> {
        self.candidates(pos, text).map(|c| c[0])
    }

    /// The moves of a game from `start`: each text's move, where a piece's
    /// promotion is left open the one that lets the rest of the game be
    /// read (staying first; a bounded search back over such choices). An
    /// error comes with the index of the text, its move number (`12...`)
    /// and the first reason found.
    fn resolve<'v, B: Board>(
        &self,
        start: &Position<'v, B>,
        texts: &[&str],
    ) -> Result<Vec<Move>, (usize, String, SanError)> {
        let mut positions = vec![*start];
        let mut options: Vec<Vec<Move>> = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
        let mut first_error = None;
        // The moves read, counting those read again after going back: at
        // most 16 times the game and a thousand more.
        let mut budget = texts.len().saturating_mul(16).saturating_add(1_000);
        while options.len() < texts.len() {
            let i = options.len();
            budget = budget.saturating_sub(1);
            match self.candidates(&positions[i], texts[i]) {
                Ok(c) => {
                    positions.push(positions[i].play(&c[0]).expect("a legal move"));
                    options.push(c);
                    chosen.push(0);
                    continue;
                }
                Err(e) => {
                    first_error.get_or_insert_with(|| (i, move_number(&positions[i]), e));
                }
            }
            // Back to the latest open choice not yet exhausted.
            let back = (0..i).rev().find(|&j| chosen[j] + 1 < options[j].len());
            match back {
                Some(j) if budget > 0 => {
                    chosen[j] += 1;
                    chosen.truncate(j + 1);
                    options.truncate(j + 1);
                    positions.truncate(j + 1);
                    let m = options[j][chosen[j]];
                    positions.push(positions[j].play(&m).expect("a legal move"));
                }
                _ => return Err(first_error.expect("an error was found")),
            }
        }
        Ok(options.iter().zip(&chosen).map(|(o, &c)| o[c]).collect())
    }

    /// The moves an XBoard SAN text may name: one, or, for a piece's move
    /// whose promotion the text leaves open, staying and then promoting.
    fn candidates<B: Board>(
        &self,
        pos: &Position<'_, B>,
        text: &str,
    ) -> Result<Vec<Move>, SanError> {
        let v = pos.variant;
        let syntax = |reason: &str| SanError::Syntax {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Err(SanError::GameOver {
                text: text.to_string(),
            });
        }
        if matches!(body, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
            return pos.parse_san(body).map(|m| vec![m]);
        }
        // XBoard's null move: the pass, where the rules have one.
        if body == "--" {
            let pass = legal
                .iter()
                .find(|m| m.from() == m.to() && m.via().is_some_and(|v| pos.piece_at(v).is_none()));
            return pass
                .map(|m| vec![*m])
                .ok_or_else(|| syntax("a null move, and no piece may pass here"));
        }
        // A drop: `P@e5`.
        if let Some((piece, square)) = body.split_once('@') {
            let mut chars = piece.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(syntax("a drop is a piece letter, '@' and a square"));
            };
            let role = self
                .role(v, c)
                .ok_or_else(|| syntax("the letter names no piece of the variant"))?;
            let to = match self.square_prefix(v, square.as_bytes()) {
                Some((sq, n)) if n == square.len() => sq,
                _ => return Err(syntax("a drop is a piece letter, '@' and a square")),
            };
            return match legal
                .iter()
                .find(|m| m.is_drop() && m.role() == role && m.to() == to)
            {
                Some(m) => Ok(vec![*m]),
                None => Err(SanError::NoSuchMove {
                    text: text.to_string(),
                    reason: format!("no legal drop of a {}", v.pieces()[role.index()].name),
                }),
            };
        }
        let b = body.as_bytes();
        let mut i = 0;
        let mut role = None;
        // XBoard's shogi writes a promoted piece as `+` and its unpromoted
        // letter (`+Bh9`).
        let promoted = b.first() == Some(&b'+');
        if promoted {
            i = 1;
        }
        if let Some(&c) = b.get(i)
            && c.is_ascii_uppercase()
        {
            let r = self
                .role(v, c as char)
                .ok_or_else(|| syntax("the letter names no piece of the variant"))?;
            role = Some(if promoted {
                let token = format!("+{}", v.pieces()[r.index()].token);
                v.role_by_token(&token)
                    .ok_or_else(|| syntax("'+' before a piece that has no promoted type"))?
            } else {
                r
            });
            i += 1;
        } else if promoted {
            return Err(syntax("'+' without a piece letter"));
        }
        // The squares and disambiguation; then `=X` or `X`, the promotion.
        let mut squares: Vec<(Option<u8>, Option<u8>)> = Vec::new();
        let mut promotion = None;
        while i < b.len() {
            match b[i] {
                b'x' | b':' | b'-' => i += 1,
                // A bare `=` at the end: the piece stays (XBoard's shogi).
                b'=' if i + 1 == b.len() => {
                    promotion = Some('=');
                    i = b.len();
                }
                b'=' | b'A'..=b'Z' => {
                    let c = if b[i] == b'=' { b.get(i + 1) } else { b.get(i) };
                    let c = *c.ok_or_else(|| syntax("'=' without a piece letter"))?;
                    promotion = Some(c as char);
                    i = b.len();
                }
                b'a'..=b'z' => {
                    let file = b[i] - b'a';
                    match self.square_prefix(v, &b[i..]) {
                        Some((sq, n)) => {
                            let size = v.size();
                            squares.push((Some(size.file(sq)), Some(size.rank(sq))));
                            i += n;
                        }
                        None => {
                            squares.push((Some(file), None));
                            i += 1;
                        }
                    }
                }
                b'0'..=b'9' => {
                    let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                    let r: u8 = body[i..i + n].parse().map_err(|_| syntax("a bad rank"))?;
                    let r = if self.zero_based(v) {
                        r
                    } else {
                        r.wrapping_sub(1)
                    };
                    squares.push((None, Some(r)));
                    i += n;
                }
                _ => return Err(syntax("an unexpected character")),
            }
        }
        let (to, from) = match squares.as_slice() {
            [(Some(f), Some(r))] => ((*f, *r), (None, None)),
            [from, (Some(f), Some(r))] => ((*f, *r), *from),
            _ => return Err(syntax("no target square")),
        };
        let size = v.size();
        let to = size
            .square(i32::from(to.0), i32::from(to.1))
            .ok_or_else(|| syntax("the target square is off the board"))?;
        // Without a letter: the Pawn, or the type written `P` (the Soldier).
        let pawn_move = role.is_none();
        let role = role
            .or(v.pawn())
            .or_else(|| v.role_by_token("P"))
            .ok_or_else(|| syntax("no piece letter, and the variant has no Pawn"))?;
        let mut fits: Vec<Move> = legal
            .iter()
            .filter(|m| {
                m.role() == role
                    && m.to() == to
                    && !m.is_castle()
                    && !m.is_drop()
                    && from.0.is_none_or(|f| size.file(m.from()) == f)
                    && from.1.is_none_or(|r| size.rank(m.from()) == r)
            })
            .copied()
            .collect();
        // A square named before the target that no piece moves from is
        // the square a two-step move passes (XBoard's `Nxf6xf7`).
        let via = match from {
            (Some(f), Some(r)) if fits.is_empty() => size.square(i32::from(f), i32::from(r)),
            _ => None,
        };
        if via.is_some() {
            fits = legal
                .iter()
                .filter(|m| m.role() == role && m.to() == to && m.via() == via)
                .copied()
                .collect();
        } else if fits.iter().any(|m| m.via().is_none()) {
            // XBoard counts a step over an empty square and on as the one
            // move with that result.
            fits.retain(|m| m.via().is_none());
        }
        if fits.is_empty() {
            let piece = &v.pieces()[role.index()].name;
            return Err(SanError::NoSuchMove {
                text: text.to_string(),
                reason: format!(
                    "no {} {piece} can move to {}",
                    pos.side_to_move(),
                    size.square_name(to)
                ),
            });
        }
        // XBoard's trailing `+` where the piece may promote or stay: its
        // promotion (it writes `=` for staying), tried first.
        let mut plus_first = false;
        match promotion {
            Some('+') => fits.retain(|m| m.promotion().is_some()),
            Some('=') => fits.retain(|m| m.promotion().is_none()),
            Some(c) => {
                let new = self.role(v, c);
                if new == Some(role) {
                    fits.retain(|m| m.promotion().is_none());
                } else {
                    fits.retain(|m| m.promotion().is_some() && m.promotion() == new);
                }
            }
            None => {
                // Staying first; a Pawn's promotion XBoard always writes.
                fits.sort_by_key(|m| m.promotion().is_some());
                let one_piece = fits.iter().all(|m| m.from() == fits[0].from());
                // XBoard's shogi writes a promotion as a trailing `+`, which
                // reads like a check: then a Pawn's may be either.
                let plus = text.trim_end_matches(['#', '!', '?']).ends_with('+')
                    && v.pieces().iter().any(|p| p.token.plus());
                if fits[0].promotion().is_none() && (!one_piece || (pawn_move && !plus)) {
                    fits.retain(|m| m.promotion().is_none());
                } else if plus && one_piece && !pawn_move && fits.len() > 1 {
                    fits.sort_by_key(|m| m.promotion().is_none());
                    plus_first = fits[0].promotion().is_some();
                }
            }
        }
        if fits.len() > 1 && from.0.is_none() && pawn_move {
            let straight: Vec<Move> = fits
                .iter()
                .filter(|m| size.file(m.from()) == size.file(to))
                .copied()
                .collect();
            if !straight.is_empty() {
                fits = straight;
            }
        }
        let open = fits.len() > 1
            && fits.iter().all(|m| m.from() == fits[0].from())
            && (plus_first || fits[1..].iter().all(|m| m.promotion().is_some()));
        match fits.as_slice() {
            _ if open => Ok(fits),
            [m] => Ok(vec![*m]),
            [] => Err(SanError::Promotion {
                text: text.to_string(),
                reason: "the move cannot take this promotion".into(),
                legal: Vec::new(),
            }),
            many => Err(SanError::Ambiguous {
                text: text.to_string(),
                candidates: many.iter().map(|m| pos.san(m)).collect(),
            }),
        }
    }
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgnError::Syntax { line, reason } => write!(f, "PGN line {line}: {reason}"),
            PgnError::UnknownVariant(v0) => write!(
                f,
                "PGN: Variant tag: {}",
                crate::builtin::unknown_message(v0)
            ),
            PgnError::VariantMismatch { found, expected } => write!(
                f,
                "PGN: Variant tag {}, but the game is read as {expected}",
                crate::quote::quoted(found)
            ),
            PgnError::Fen(v0) => write!(f, "PGN: FEN tag: {v0}"),
            PgnError::Move {
                line,
                number,
                error,
            } => write!(f, "PGN line {line}, move {number}: {error}"),
            PgnError::ResultMismatch {
                found,
                source_of_truth,
                expected,
            } => write!(
                f,
                "PGN: result {found} contradicts {source_of_truth} ({expected})"
            ),
            PgnError::Tag { name, reason } => {
                write!(f, "PGN tag {}: {reason}", crate::quote::quoted(name))
            }
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PgnError::Fen(v0) => Some(v0),
            _ => None,
        }
    }
}

impl From<FenError> for PgnError {
    fn from(e: FenError) -> PgnError {
        PgnError::Fen(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn many_tags(n: usize) -> String {
        let mut text = String::new();
        for i in 0..n {
            text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
        }
        text.push_str("\n1. e4 e5 *\n");
        text
    }

    /// `f` on 100,000 tags (2.6 MB) within 3 s: linear work takes a tenth
    /// of that even on a busy machine, the quadratic duplicate check took
    /// 10 s for 30,000 tags (so minutes here). Ratios of timings proved too
    /// noisy beside the allocator's jumps to fresh pages.
    fn assert_linear(f: impl Fn(&str) -> usize) {
        let text = many_tags(100_000);
        let t = Instant::now();
        assert_eq!(f(&text), 100_000);
        let took = t.elapsed();
        assert!(took.as_secs_f64() < 3.0, "{took:?} for 100,000 tags");
    }

    #[test]
    fn splitting_is_linear_in_the_number_of_tags() {
        assert_linear(|text| {
            let (raw, _) = Raw::parse(text, 0, 1, Mode::Single)
                .map_err(|(e, _)| e)
                .unwrap();
            raw.tags.len()
        });
    }

    #[test]
    fn reading_is_linear_in_the_number_of_tags() {
        assert_linear(|text| Game::from_pgn(text).expect("reads").tags().count());
    }

    #[test]
    fn a_text_without_a_game_is_refused() {
        for text in ["", "  \n", "{just a comment}\n; and another\n"] {
            let e = Game::from_pgn(text).unwrap_err();
            assert!(e.to_string().contains("no PGN game"), "{text:?}: {e}");
            assert_eq!(PgnGames::new(text).count(), 0, "{text:?}");
        }
    }

    #[test]
    fn games_of_a_file_are_read_one_by_one() {
        let text = "[Event \"one\"]\n\n1. e4 e5 1-0\n\n\
                    [Event \"two\"]\n[Black \"B\"]\n\n1. e4 Qxe1 *\n\n\
                    [Event \"three\"]\n\n1. d4 d5\n\
                    [Event \"four\"]\n[Bad tag]\n\n1. d4 *\n\n\
                    1. c4 { no tags } *\n";
        let mut games = PgnGames::new(text);
        let one = games.next().unwrap().unwrap();
        assert_eq!(
            (one.tag("Event"), one.result()),
            (Some("one"), GameResult::WhiteWins)
        );
        let e = games.next().unwrap().unwrap_err();
        assert!(e.to_string().starts_with("PGN line 8, move 1...: "), "{e}");
        let three = games.next().unwrap().unwrap();
        assert_eq!(three.san_moves(), ["d4", "d5"]); // ended by the next tags
        assert_eq!(three.result(), GameResult::Undecided);
        let e = games.next().unwrap().unwrap_err();
        assert!(e.to_string().starts_with("PGN line 14: "), "{e}");
        let five = games.next().unwrap().unwrap();
        assert_eq!(five.san_moves(), ["c4"]);
        assert!(games.next().is_none());
        assert_eq!(games.offset(), text.len());
        assert!(games.next().is_none());
    }

    #[test]
    fn games_are_read_in_a_given_variant() {
        let v = Variant::by_name("decimaka").unwrap();
        let text = "1. e5 f6 *\n\n[Variant \"Decimaka\"]\n\n1. e5 *\n\n\
                    [Variant \"meiriqi\"]\n\n*\n";
        let games: Vec<_> = PgnGames::new_in(v, text).collect();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().variant().name(), "decimaka");
        assert_eq!(games[1].as_ref().unwrap().ply_count(), 1);
        let e = games[2].as_ref().unwrap_err();
        assert!(matches!(e, PgnError::VariantMismatch { .. }), "{e}");
    }

    #[test]
    fn a_bad_game_never_stops_the_reader() {
        // Every prefix of a file: the reader ends, each step progresses.
        let text = "[A \"1\"]\n\n1. e4 (1. d4 *\n\n[B \"2\"]\n{x\n\n[C \"3\"]\n1. Nf3 *\n";
        for end in 0..=text.len() {
            if !text.is_char_boundary(end) {
                continue;
            }
            let mut games = PgnGames::new(&text[..end]);
            let mut steps = 0;
            while games.next().is_some() {
                steps += 1;
                assert!(steps <= end + 1, "no progress at {end}");
            }
        }
    }

    #[test]
    fn errors_quote_a_short_prefix() {
        let long = "x".repeat(100_000);
        let text = format!("[{long} \"1\"]\n[{long} \"2\"]\n");
        let e = Game::from_pgn(&text).unwrap_err().to_string();
        assert!(e.len() < 200, "{}", e.len());
        // As for a 41-byte name: only a prefix is quoted, with the length.
        let text = format!("[Variant \"{long}\"]\n*");
        let e = Game::from_pgn(&text).unwrap_err().to_string();
        let text = format!("[Variant \"{}\"]\n*", &long[..41]);
        let e41 = Game::from_pgn(&text).unwrap_err().to_string();
        assert_eq!(e, e41.replace("(41 bytes)", "(100000 bytes)"));
    }
}

// ---------------------------------------------------------------------------
// PgnReader: the games of a stream, holding one game's text at a time.

/// The games of a PGN stream (a file, a socket, any [`BufRead`]), read one by
/// one without ever holding the whole text: an iterator of games, each `Ok`
/// or the error that refused it, as [`PgnGames`] gives them for a text (the
/// same reading, the same errors, line numbers counted from the start of the
/// stream). A UTF-8 byte-order mark at the start is skipped.
///
/// The reader keeps the text of the game it is reading and at most as much
/// again of what follows (it looks 4 KB ahead): memory is bounded by the
/// longest game, whatever the number of games. A stream of 100,000 short
/// games (9.4 MB) is read with a heap peak of about 7 KB (measured in
/// `tests/pgn_reader.rs`). It never holds more than [`MAX_GAME_BYTES`] and a
/// byte: a game longer than that (a stream without a line break, such as
/// `/dev/zero`) gives one error and ends the reading. Reading is linear in
/// the stream's length.
///
/// A stream with a line that is not UTF-8, or that fails to read, gives the
/// games before that line (not the one it cuts, unless that game's result
/// marker came before it), then one error naming the line, and ends.
///
/// ```
/// use betza::pgn::PgnReader;
/// let file = "\u{feff}[White \"Ann\"]\n\n1. e4 e5 1-0\n\n[White \"Bo\"]\n\n1. e4 Ke7 *\n";
/// let games: Vec<_> = PgnReader::new(file.as_bytes()).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().tag("White"), Some("Ann"));
/// assert!(games[1].as_ref().unwrap_err().to_string().contains("line 7"));
/// ```
///
/// [`BufRead`]: std::io::BufRead
///
/// The games of a variant of any board type are read by
/// [`BoardVariant::pgn_reader`](crate::BoardVariant::pgn_reader).
#[derive(Debug)]
pub struct PgnReader<R, B: Board = Small> {
    input: R,
    variant: Option<VariantRef>,
    board: std::marker::PhantomData<fn() -> B>,
    /// The text read and not yet given out as games: starts at a game.
    buf: String,
    /// The line `buf` starts on.
    line: usize,
    /// `buf`'s length when it last held no whole game: it is read again once
    /// it has doubled, so that reading stays linear in the stream's length.
    tried: usize,
    /// Lines read from the input so far.
    lines: usize,
    /// Whether the input is exhausted (or failed: then `failure` says why).
    eof: bool,
    failure: Option<PgnError>,
    /// Whether the first line (and its byte-order mark) is still to come.
    first: bool,
    /// Whether the last read stopped at [`MAX_GAME_BYTES`] inside a line.
    over: bool,
    /// The bytes of a character that such a read cut, read on next time.
    carry: Vec<u8>,
    /// Whether the last read ended inside a line.
    mid_line: bool,
}

impl<R: std::io::BufRead> PgnReader<R> {
    /// The games of `input`, each in the built-in variant its `Variant` tag
    /// names (chess without one).
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with(None, input)
    }

    /// The games of `input`, all in `variant`; a `Variant` tag, if present,
    /// must name it.
    pub fn new_in(variant: impl Into<VariantRef>, input: R) -> PgnReader<R> {
        PgnReader {
            variant: Some(variant.into()),
            ..PgnReader::new(input)
        }
    }
}

impl<R: std::io::BufRead, B: Board> PgnReader<R, B> {
    /// The games of `input`, all in `variant` (compiled for `B`).
    pub(crate) fn of(variant: VariantRef, input: R) -> PgnReader<R, B> {
        PgnReader::with(Some(variant), input)
    }

    /// A reader at the start of `input`, in `variant` or by `Variant` tags.
    fn with(variant: Option<VariantRef>, input: R) -> PgnReader<R, B> {
        PgnReader {
            input,
            variant,
            board: std::marker::PhantomData,
            buf: String::new(),
            line: 1,
            tried: 0,
            lines: 0,
            eof: false,
            failure: None,
            first: true,
            over: false,
            carry: Vec::new(),
            mid_line: false,
        }
    }

    /// The bytes of text the reader holds now (the rest of the current game
    /// and what it read past it): what its memory is bounded by.
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// Reads one more line into `buf`, or notes the end of the input. A line
    /// is read only as far as `buf` may grow: to one byte past
    /// [`MAX_GAME_BYTES`] (then `over` is set).
    fn read_line(&mut self) {
        use std::io::{BufRead, Read};
        let mut bytes = std::mem::take(&mut self.carry);
        let room = (MAX_GAME_BYTES + 1).saturating_sub(self.buf.len()).max(1);
        let read = (&mut self.input)
            .take(room as u64)
            .read_until(b'\n', &mut bytes);
        match read {
            Ok(0) if bytes.is_empty() => self.eof = true,
            Ok(n) => {
                let cut = n == room && !bytes.ends_with(b"\n");
                self.over = cut;
                if !std::mem::replace(&mut self.mid_line, cut) {
                    self.lines += 1;
                }
                let mut text = bytes.as_slice();
                if std::mem::take(&mut self.first) {
                    text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
                }
                match std::str::from_utf8(text) {
                    Ok(s) => self.buf.push_str(s),
                    // A character the bound cut: its first bytes wait.
                    Err(e) if cut && e.error_len().is_none() => {
                        let (whole, rest) = text.split_at(e.valid_up_to());
                        self.buf
                            .push_str(std::str::from_utf8(whole).unwrap_or_default());
                        self.carry = rest.to_vec();
                    }
                    Err(_) => self.fail("the text is not UTF-8".to_string()),
                }
            }
            Err(e) => {
                self.lines += 1;
                self.fail(format!("the input could not be read: {e}"));
            }
        }
    }

    fn fail(&mut self, reason: String) {
        self.eof = true;
        self.failure = Some(PgnError::Syntax {
            line: self.lines,
            reason,
        });
    }
}

impl<R: std::io::BufRead, B: Board> Iterator for PgnReader<R, B> {
    type Item = Result<Game<B>, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            // Read the buffer when it may hold a whole game: at the end of
            // the input, or once it has doubled since it last held none.
            if self.eof || self.over || self.buf.len() >= 2 * self.tried.max(2048) {
                let mut games = PgnGames::<B> {
                    text: &self.buf,
                    at: 0,
                    line: 1,
                    variant: self.variant.clone(),
                    board: std::marker::PhantomData,
                    mark: false,
                }
                .starting_at_line(self.line);
                let game = games.next();
                let (used, line) = (games.offset(), games.line());
                // The game is whole when the reading stopped before the end
                // of the buffer (on the next game's text), or the input
                // ended; when a line could not be read, only if the game had
                // its result marker (else it is cut, and no game).
                let whole = used < self.buf.len()
                    || (self.eof
                        && (self.failure.is_none() || ends_with_marker(&self.buf, self.line)));
                if whole && game.is_some() {
                    self.buf.drain(..used);
                    self.line = line;
                    self.tried = 0;
                    self.over = false;
                    return game;
                }
                if whole && !self.eof {
                    // Only blanks and comments so far: read on.
                    self.buf.drain(..used);
                    self.line = line;
                    self.tried = 0;
                    self.over = false;
                } else if self.eof {
                    // The end: nothing left, or a cut game and the failure.
                    self.buf = String::new();
                    return self.failure.take().map(Err);
                } else if self.over {
                    // A game past the bound: refused, and the reading ends.
                    self.fail(format!("a game of more than {MAX_GAME_BYTES} bytes"));
                    self.buf = String::new();
                    return self.failure.take().map(Err);
                } else {
                    self.tried = self.buf.len();
                }
            }
            self.read_line();
        }
    }
}

/// Whether the first game of `text` (starting on `line`) has its
/// termination marker.
fn ends_with_marker(text: &str, line: usize) -> bool {
    matches!(Raw::parse_at(text, 0, line, Mode::Many, false), Ok((raw, _)) if raw.end.is_some())
}

impl PgnReader<std::io::BufReader<std::fs::File>> {
    /// The games of the PGN file at `path`, read as [`PgnReader::new`] reads
    /// them: one game's text in memory at a time.
    pub fn open(path: impl AsRef<std::path::Path>) -> std::io::Result<Self> {
        Ok(PgnReader::new(std::io::BufReader::new(
            std::fs::File::open(path)?,
        )))
    }
}
