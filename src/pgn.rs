//! Games as PGN: writing a [`Game`] and reading one back.
//!
//! The writer emits the seven-tag roster (`?` where unknown), then
//! `Variant` (the variant's name), `SetUp "1"` and `FEN` when the start is
//! not the variant's standard one, the game's other tags, and the moves in
//! SAN (see [`san`](crate::san)) with move numbers, wrapped below 80
//! characters and ended by the result.
//!
//! The reader takes one game. It skips comments (`{...}`, `;` to the end of
//! the line), variations (`(...)`, nested), numeric annotation glyphs (`$1`),
//! move suffix annotations (`!`, `?`, `!?`...), `%` escape lines and move
//! numbers. It reads a game without a termination marker, but refuses a
//! `Result` tag and a marker that disagree, a result that contradicts the
//! final position's outcome by the rules, and any text after the game.
//! Without a `Variant` tag the game is orthodox chess. A result given for a
//! game the rules have not ended (a claimed draw, a resignation) becomes the
//! game's declared result ([`Game::declare_result`]).

use thiserror::Error;

use crate::bitboard::Color;
use crate::fen::FenError;
use crate::game::{Game, GameResult};
use crate::position::Position;
use crate::san::SanError;
use crate::variant::{Variant, VariantRef};

/// Why a PGN text was refused, or a tag name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    /// The text is not well-formed PGN.
    #[error("PGN line {line}: {reason}")]
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The `Variant` tag names no built-in variant.
    #[error(
        "PGN: Variant tag {name:?} names no built-in variant ({list})",
        name = .0,
        list = crate::builtin::NAMES.join(", ")
    )]
    UnknownVariant(String),
    /// The `Variant` tag differs from the variant the caller gave.
    #[error("PGN: Variant tag {found:?}, but the game is read as {expected}")]
    VariantMismatch {
        /// The tag's value.
        found: String,
        /// The variant given.
        expected: String,
    },
    /// The `FEN` tag was refused.
    #[error("PGN: FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A move was refused.
    #[error("PGN line {line}, move {number}: {error}")]
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
    #[error("PGN: result {found} contradicts {source_of_truth} ({expected})")]
    ResultMismatch {
        /// The result read.
        found: String,
        /// What it disagrees with.
        source_of_truth: String,
        /// What that says.
        expected: String,
    },
    /// A tag name is not allowed here.
    #[error("PGN tag {name:?}: {reason}")]
    Tag {
        /// The name.
        name: String,
        /// Why it is refused.
        reason: &'static str,
    },
}

/// The tags a game derives itself.
const DERIVED_TAGS: [&str; 4] = ["Variant", "SetUp", "FEN", "Result"];

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

impl Game {
    /// The game as PGN (see the [`pgn`](crate::pgn) module).
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
        for (name, unknown) in ROSTER {
            write_tag(&mut out, name, self.tag(name).unwrap_or(unknown));
        }
        let result = self.result();
        write_tag(&mut out, "Result", result.as_str());
        write_tag(&mut out, "Variant", self.variant().name());
        let start = self.start_position();
        if *start != Position::start(self.variant()) {
            write_tag(&mut out, "SetUp", "1");
            write_tag(&mut out, "FEN", &start.to_fen());
        }
        for (name, value) in self.tags() {
            if !ROSTER.iter().any(|(n, _)| *n == name) {
                write_tag(&mut out, name, value);
            }
        }
        out.push('\n');

        let mut line = String::new();
        let mut push = |word: &str, out: &mut String| {
            if !line.is_empty() && line.len() + 1 + word.len() >= 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        };
        for (i, (before, m)) in self.plies().enumerate() {
            // A move number stays on the line of its move.
            let san = &before.san(&m);
            let number = before.fullmove_number();
            if before.side_to_move() == Color::White {
                push(&format!("{number}. {san}"), &mut out);
            } else if i == 0 {
                push(&format!("{number}... {san}"), &mut out);
            } else {
                push(san, &mut out);
            }
        }
        push(result.as_str(), &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads one game of PGN (see the [`pgn`](crate::pgn) module) in the
    /// built-in variant its `Variant` tag names (chess without one).
    pub fn from_pgn(text: &str) -> Result<Game, PgnError> {
        let raw = Raw::parse(text)?;
        let name = raw.tag("Variant").unwrap_or("chess");
        let lower = name.to_ascii_lowercase();
        let lower = if lower == "standard" {
            "chess"
        } else {
            lower.as_str()
        };
        let variant =
            Variant::by_name(lower).ok_or_else(|| PgnError::UnknownVariant(name.to_string()))?;
        raw.into_game(variant.into())
    }

    /// Reads one game of PGN in `variant`; a `Variant` tag, if present, must
    /// name it.
    pub fn from_pgn_in(variant: impl Into<VariantRef>, text: &str) -> Result<Game, PgnError> {
        let variant = variant.into();
        let raw = Raw::parse(text)?;
        if let Some(name) = raw.tag("Variant")
            && !name.eq_ignore_ascii_case(variant.name())
        {
            return Err(PgnError::VariantMismatch {
                found: name.to_string(),
                expected: variant.name().to_string(),
            });
        }
        raw.into_game(variant)
    }
}

/// A PGN game split into tags and move tokens, before any move is read.
struct Raw<'t> {
    /// Each tag's name, value and line.
    tags: Vec<(&'t str, String, usize)>,
    /// Each move's text and line.
    moves: Vec<(&'t str, usize)>,
    /// The termination marker, if any.
    end: Option<GameResult>,
}

impl<'t> Raw<'t> {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, ..)| *k == name)
            .map(|(_, v, _)| v.as_str())
    }

    fn parse(text: &'t str) -> Result<Raw<'t>, PgnError> {
        let mut raw = Raw {
            tags: Vec::new(),
            moves: Vec::new(),
            end: None,
        };
        let b = text.as_bytes();
        let mut i = 0;
        let mut line = 1;
        let mut depth = 0usize;
        let mut in_moves = false;
        let err = |line, reason: &str| PgnError::Syntax {
            line,
            reason: reason.to_string(),
        };
        while i < b.len() {
            let c = b[i];
            let line_start = i == 0 || b[i - 1] == b'\n';
            let blank = matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'{' | b';')
                || (c == b'%' && line_start);
            if raw.end.is_some() && !blank {
                return Err(err(line, "text after the game's result: one PGN game only"));
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
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                b'{' => {
                    let start = line;
                    i += 1;
                    while i < b.len() && b[i] != b'}' {
                        line += usize::from(b[i] == b'\n');
                        i += 1;
                    }
                    if i == b.len() {
                        return Err(err(start, "comment '{' never closed"));
                    }
                    i += 1;
                }
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    if depth == 0 {
                        return Err(err(line, "')' without '('"));
                    }
                    depth -= 1;
                    i += 1;
                }
                b'[' if !in_moves && depth == 0 => {
                    let (name, value, next) =
                        parse_tag(text, i).map_err(|reason| err(line, reason))?;
                    if raw.tags.iter().any(|(k, ..)| *k == name) {
                        return Err(err(line, &format!("tag {name} given twice")));
                    }
                    raw.tags.push((name, value, line));
                    i = next;
                }
                b'[' => return Err(err(line, "a tag after the moves")),
                _ => {
                    let start = i;
                    while i < b.len() && !b" \t\r\n{}()[];".contains(&b[i]) {
                        i += 1;
                    }
                    if i == start {
                        // A stray '}' or ']': no word, and no progress.
                        return Err(err(line, &format!("unexpected '{}'", c as char)));
                    }
                    let word = &text[start..i];
                    in_moves = true;
                    if depth > 0 || word.starts_with('$') {
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
                    let mv = mv.trim_end_matches(['!', '?']);
                    if !mv.is_empty() {
                        raw.moves.push((mv, line));
                    }
                }
            }
        }
        if depth > 0 {
            return Err(err(line, "variation '(' never closed"));
        }
        Ok(raw)
    }

    fn into_game(self, variant: VariantRef) -> Result<Game, PgnError> {
        let mut game = match self.tag("FEN") {
            Some(fen) => Game::from_fen(variant, fen)?,
            None => Game::new(variant),
        };
        for (mv, line) in &self.moves {
            let pos = game.position();
            let number = match pos.side_to_move() {
                Color::White => format!("{}.", pos.fullmove_number()),
                Color::Black => format!("{}...", pos.fullmove_number()),
            };
            game.play_san(mv).map_err(|error| PgnError::Move {
                line: *line,
                number,
                error,
            })?;
        }
        let tag = match self.tags.iter().find(|(k, ..)| *k == "Result") {
            None => None,
            Some((_, t, line)) => {
                Some(
                    GameResult::from_pgn_text(t).ok_or_else(|| PgnError::Syntax {
                        line: *line,
                        reason: format!("Result tag {t:?} is not 1-0, 0-1, 1/2-1/2 or *"),
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
            Some(o) if result != GameResult::Undecided && result != GameResult::from_outcome(o) => {
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
        for (name, value, line) in self.tags {
            let unknown = ROSTER.iter().any(|&(n, u)| n == name && u == value);
            if !DERIVED_TAGS.contains(&name) && !unknown {
                game.set_tag(name, &value).map_err(|e| PgnError::Syntax {
                    line,
                    reason: e.to_string(),
                })?;
            }
        }
        Ok(game)
    }
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
