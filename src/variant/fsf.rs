//! Fairy-Stockfish's configuration format (`variants.ini`), read into
//! [`VariantDef`]s: [`VariantDef::from_fsf_ini`].
//!
//! A section `[name]` or `[name:template]` is a variant; its `key = value`
//! lines are Fairy-Stockfish's rule options. A template is a section earlier
//! in the file or one of Fairy-Stockfish's built-in variants (described in
//! `variants/fairy-stockfish.ini` in this same format); a section without one
//! starts from Fairy-Stockfish's default (chess's rules, no pieces).
//!
//! Fairy-Stockfish ignores a key it does not know; this reader refuses it,
//! and refuses every option this library cannot express, naming the section,
//! the line and the key (docs/fairy-stockfish.md lists the keys).

use std::fmt::Write as _;

use super::{VariantDef, VariantError};

mod dialect;
pub use dialect::betza_to_xbetza;

/// The most bytes of configuration text read.
pub const MAX_FSF_INI_BYTES: usize = 1 << 20;
/// The most sections (variants) of one text.
pub const MAX_FSF_SECTIONS: usize = 1000;
/// The longest line read, in bytes.
const MAX_LINE: usize = 4096;
/// The most keys one section may set.
const MAX_KEYS: usize = 400;

/// Fairy-Stockfish's built-in variants that this library can express, in
/// this same format: the templates of `[name:template]`. The text of
/// `variants/fairy-stockfish.ini` as shipped (stored compressed with the
/// built-in definitions, decompressed on first use).
///
/// ```
/// assert!(betza::variant::fsf::builtin_ini().contains("[chess]"));
/// ```
pub fn builtin_ini() -> &'static str {
    super::packed::fsf_ini()
}

/// Fairy-Stockfish's built-in variant names whose rules the library lacks,
/// with the rule: a template of one of these is refused with that reason.
pub const NOT_EXPRESSIBLE: &[(&str, &str)] = &[
    ("fischerandom", "Chess960 castling (chess960)"),
    ("caparandom", "Chess960 castling (chess960)"),
    (
        "horde",
        "a side without a King and a partial enPassantRegion",
    ),
    ("3check", "checkCounting"),
    ("5check", "checkCounting"),
];

/// One `key = value` line.
#[derive(Clone, Debug)]
struct Entry {
    value: String,
    line: usize,
    section: String,
}

/// A section, its own keys merged over its template's, sorted by key: a
/// list rather than a map (a few hundred keys at most, and a map's code
/// per value type is kilobytes of the WebAssembly module).
#[derive(Clone, Debug, Default)]
struct Config {
    keys: Vec<(String, Entry)>,
}

impl Config {
    /// Where `key` is, or would be inserted.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.keys.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    fn get(&self, key: &str) -> Option<&Entry> {
        self.find(key).ok().map(|i| &self.keys[i].1)
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut Entry> {
        self.find(key).ok().map(|i| &mut self.keys[i].1)
    }

    /// Sets `key`, replacing its entry if it has one.
    fn insert(&mut self, key: String, entry: Entry) {
        match self.find(&key) {
            Ok(i) => self.keys[i].1 = entry,
            Err(i) => self.keys.insert(i, (key, entry)),
        }
    }
}

/// A conversion's error, boxed: a `Result` of it is one word, so that
/// each `?` of the reader's hundreds moves a pointer, not the error
/// (the WebAssembly module's size; the public API returns
/// [`VariantError`]).
type Fail = Box<VariantError>;

#[inline(never)]
fn err(section: &str, line: usize, key: Option<&str>, message: impl Into<String>) -> VariantError {
    VariantError::Fsf {
        section: section.to_string(),
        line,
        key: key.map(str::to_string),
        message: message.into(),
    }
}

/// Fairy-Stockfish's piece types that a key names, with their Betza moves
/// (the `pieceMap`'s; written in Fairy-Stockfish's dialect), in its enum
/// order: a later type of the same letter replaces an earlier one.
const PIECE_TYPES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// The most custom piece slots (`customPiece1` ..).
const CUSTOM_SLOTS: usize = 25;

/// Whether `key` names a piece type; its rank in Fairy-Stockfish's order.
fn piece_rank(key: &str) -> Option<usize> {
    if let Some(i) = PIECE_TYPES.iter().position(|(n, _)| *n == key) {
        return Some(i);
    }
    if let Some(n) = key.strip_prefix("customPiece") {
        let n: usize = n.parse().ok().filter(|n| (1..=CUSTOM_SLOTS).contains(n))?;
        if key == format!("customPiece{n}") {
            return Some(PIECE_TYPES.len() + n);
        }
    }
    if key == "king" {
        return Some(PIECE_TYPES.len() + CUSTOM_SLOTS + 1);
    }
    None
}

/// Keys that only change how an engine or a GUI shows or plays the
/// variant, not its rules: read and not used.
const DISPLAY_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Rule keys read with their values (anything else is refused).
const RULE_KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "pawnTypes",
    "promotionLimit",
    "promotedPieceType",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "piecePromotionOnCapture",
    "dropPromoted",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "castlingKingPiece",
    "castlingRank",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "pieceDrops",
    "capturesToHand",
    "twoBoards",
    "dropLoop",
    "dropChecks",
    "mustDropType",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropRegionWhite",
    "dropRegionBlack",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "shogiPawnDropMateIllegal",
    "flyingGeneral",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "moveRepetitionIllegal",
    "chasingRule",
    "stalemateValue",
    "checkmateValue",
    "extinctionValue",
    "extinctionClaim",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "gating",
    "seirawanGating",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "flagPieceSafe",
    "checking",
    "mustCapture",
    "stalematePieceCount",
    "countingRule",
    "soldierPromotionRank",
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "petrifyOnCaptureTypes",
    "diagonalLines",
    "pass",
    "passWhite",
    "passBlack",
    "bikjangRule",
    "materialCounting",
    "mustDrop",
    "sittuyinPromotion",
    "sittuyinRookDrop",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "makpongRule",
    "cambodianMoves",
    "checkCounting",
    "shatarMateRule",
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "freeDrops",
    "adjudicateFullBoard",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
];

/// Fairy-Stockfish's keys of rules this library does not have, with the
/// value that leaves the rule off: any other value is refused.
const OFF_KEYS: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("petrifyBlastPieces", "false"),
    ("tripleStepRegionWhite", "-"),
    ("tripleStepRegionBlack", "-"),
    ("castlingKingFile", "e"),
    ("castlingKingPieceWhite", "k"),
    ("castlingKingPieceBlack", "k"),
    ("oppositeCastling", "false"),
    ("wallOrMove", "false"),
    ("flagPieceCount", "1"),
    ("flagPieceBlockedWin", "false"),
    ("connectN", "0"),
    ("connectPieceTypes", "*"),
    ("connectVertical", "true"),
    ("connectHorizontal", "true"),
    ("connectDiagonal", "true"),
    ("connectRegion1White", "-"),
    ("connectRegion2White", "-"),
    ("connectRegion1Black", "-"),
    ("connectRegion2Black", "-"),
    ("connectNxN", "0"),
    ("collinearN", "0"),
    ("connectValue", "win"),
    ("castlingWins", "-"),
];

fn known_key(key: &str) -> bool {
    piece_rank(key).is_some()
        || DISPLAY_KEYS.contains(&key)
        || RULE_KEYS.contains(&key)
        || OFF_KEYS.iter().any(|(k, _)| *k == key)
        || mobility_key(key).is_some()
}

/// `mobilityRegionWhiteRook` and the like: the colour and the piece key.
fn mobility_key(key: &str) -> Option<(bool, String)> {
    let rest = key.strip_prefix("mobilityRegion")?;
    let (white, name) = if let Some(n) = rest.strip_prefix("White") {
        (true, n)
    } else {
        (false, rest.strip_prefix("Black")?)
    };
    let mut chars = name.chars();
    let first = chars.next()?;
    let piece = format!("{}{}", first.to_ascii_lowercase(), chars.as_str());
    if first.is_ascii_uppercase() && piece_rank(&piece).is_some() {
        Some((white, piece))
    } else {
        None
    }
}

/// Parsed sections: name, template, keys (each with its line), and the
/// section's own line.
struct Section {
    /// The first problem of the section itself (an unknown key): the
    /// section is refused, the others read.
    error: Option<VariantError>,
    name: String,
    template: Option<String>,
    line: usize,
    keys: Vec<(String, Entry)>,
}

fn parse_sections(text: &str, origin: &str) -> Result<Vec<Section>, VariantError> {
    if text.len() > MAX_FSF_INI_BYTES {
        return Err(err(
            origin,
            0,
            None,
            format!(
                "the configuration has {} bytes: at most {MAX_FSF_INI_BYTES} are read",
                text.len()
            ),
        ));
    }
    let mut sections: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let current = sections.last().map(|s| s.name.as_str()).unwrap_or(origin);
        if raw.len() > MAX_LINE {
            return Err(err(
                current,
                line,
                None,
                format!("the line has {} bytes: at most {MAX_LINE}", raw.len()),
            ));
        }
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if let Some(head) = l.strip_prefix('[') {
            let Some(head) = head.strip_suffix(']') else {
                return Err(err(current, line, None, "a section header ends with `]`"));
            };
            if sections.len() >= MAX_FSF_SECTIONS {
                return Err(err(
                    head,
                    line,
                    None,
                    format!("more than {MAX_FSF_SECTIONS} sections"),
                ));
            }
            let (name, template) = match head.split_once(':') {
                Some((n, t)) => (n.trim(), Some(t.trim().to_string())),
                None => (head.trim(), None),
            };
            if name.is_empty() || template.as_deref() == Some("") {
                return Err(err(
                    head,
                    line,
                    None,
                    "a section is `[name]` or `[name:template]`",
                ));
            }
            sections.push(Section {
                error: None,
                name: name.to_string(),
                template,
                line,
                keys: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = l.split_once('=') else {
            return Err(err(
                current,
                line,
                None,
                format!("expected `key = value`, a `[section]` or a comment, found {l:?}"),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        let Some(section) = sections.last_mut() else {
            return Err(err(
                origin,
                line,
                Some(key),
                "a key before the first `[section]`",
            ));
        };
        if !known_key(key) {
            if section.error.is_none() {
                section.error = Some(err(
                    &section.name,
                    line,
                    Some(key),
                    "not a Fairy-Stockfish option",
                ));
            }
            continue;
        }
        if section.keys.len() >= MAX_KEYS {
            return Err(err(
                &section.name,
                line,
                Some(key),
                format!("more than {MAX_KEYS} keys in one section"),
            ));
        }
        let entry = Entry {
            value: value.to_string(),
            line,
            section: section.name.clone(),
        };
        section.keys.push((key.to_string(), entry));
    }
    Ok(sections)
}

/// Resolved sections by name, in a list rather than a map: a few hundred
/// at most, looked up once per section, and a map's code per value type
/// is kilobytes of the WebAssembly module.
#[derive(Default)]
struct Configs(Vec<(String, Config)>);

impl Configs {
    fn get(&self, name: &str) -> Option<&Config> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    /// Adds or replaces `name`'s configuration.
    fn insert(&mut self, name: String, config: Config) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = config,
            None => self.0.push((name, config)),
        }
    }

    fn remove(&mut self, name: &str) {
        self.0.retain(|(n, _)| n != name);
    }
}

/// Sections resolved against their templates, by name.
struct Resolver {
    refused: Vec<String>,
    resolved: Configs,
    builtin: Configs,
}

impl Resolver {
    fn resolve(&mut self, s: Section) -> Result<(String, Config), VariantError> {
        if let Some(e) = s.error {
            return Err(e);
        }
        let mut config = match &s.template {
            None => Config::default(),
            Some(t) => {
                if let Some(c) = self.resolved.get(t).or_else(|| self.builtin.get(t)) {
                    c.clone()
                } else if self.refused.contains(t) {
                    return Err(err(
                        &s.name,
                        s.line,
                        None,
                        format!("template `{t}` was refused"),
                    ));
                } else if let Some((_, why)) = NOT_EXPRESSIBLE.iter().find(|(n, _)| n == t) {
                    return Err(err(
                        &s.name,
                        s.line,
                        None,
                        format!(
                            "template `{t}`: a Fairy-Stockfish variant whose rules this library lacks: {why}"
                        ),
                    ));
                } else {
                    return Err(err(
                        &s.name,
                        s.line,
                        None,
                        format!(
                            "unknown template `{t}`: neither an earlier section nor a Fairy-Stockfish variant this library knows"
                        ),
                    ));
                }
            }
        };
        let template = config.clone();
        for (key, entry) in s.keys {
            // A piece letter given here replaces the template's piece of
            // that letter, as Fairy-Stockfish's add_piece does.
            if piece_rank(&key).is_some()
                && let Some(letter) = entry.value.chars().next().filter(char::is_ascii_alphabetic)
            {
                config.keys.retain(|(k, e)| {
                    !(piece_rank(k).is_some()
                        && *k != key
                        && e.section != entry.section
                        && e.value.chars().next().map(|c| c.to_ascii_lowercase())
                            == Some(letter.to_ascii_lowercase()))
                });
            }
            config.insert(key, entry);
        }
        merge_per_type(&template, &mut config);
        Ok((s.name, config))
    }
}

/// The piece key that `letter` names in `config` (the last type of the
/// letter in Fairy-Stockfish's order), if any.
fn type_of_letter(config: &Config, letter: char) -> Option<&str> {
    config
        .keys
        .iter()
        .filter(|(k, e)| {
            piece_rank(k).is_some()
                && e.value.chars().next().map(|c| c.to_ascii_lowercase()) == Some(letter)
        })
        .max_by_key(|(k, _)| piece_rank(k))
        .map(|(k, _)| k.as_str())
}

/// Fairy-Stockfish keeps a template's `promotedPieceType` and
/// `promotionLimit` for each piece type and sets only the types a section
/// names (its values are per type, not one text): the template's pairs
/// whose types keep their letters in the section come first, the
/// section's own after them (a later pair of a letter wins).
fn merge_per_type(template: &Config, config: &mut Config) {
    for key in ["promotedPieceType", "promotionLimit"] {
        let (Some(old), Some(new)) = (template.get(key), config.get(key)) else {
            continue;
        };
        if old.section == new.section && old.line == new.line {
            continue;
        }
        let same_type = |c: char| {
            c == '-' || {
                let c = c.to_ascii_lowercase();
                let t = type_of_letter(template, c);
                t.is_some() && t == type_of_letter(config, c)
            }
        };
        let kept: Vec<&str> = old
            .value
            .split_whitespace()
            .filter(|item| {
                let mut letters = item.split(':').map(|x| x.chars().next());
                let from = letters.next().flatten();
                let to = letters.next().flatten();
                from.is_some_and(same_type)
                    && (key != "promotedPieceType" || to.is_some_and(same_type))
            })
            .collect();
        if kept.is_empty() {
            continue;
        }
        let value = format!("{} {}", kept.join(" "), new.value);
        if let Some(e) = config.get_mut(key) {
            e.value = value;
        }
    }
}

fn builtin_configs() -> Configs {
    let mut r = Resolver {
        refused: Vec::new(),
        resolved: Configs::default(),
        builtin: Configs::default(),
    };
    let sections = parse_sections(builtin_ini(), "fairy-stockfish.ini")
        .expect("variants/fairy-stockfish.ini reads");
    for s in sections {
        let (name, c) = r.resolve(s).expect("built-in templates resolve");
        r.resolved.insert(name, c);
    }
    r.resolved
}

/// Reads every variant of a Fairy-Stockfish configuration text, each
/// converted to this library's definition; see [`VariantDef::from_fsf_ini`].
pub(crate) fn read(text: &str) -> Result<Vec<VariantDef>, VariantError> {
    read_each(text)?.into_iter().map(|(_, d)| d).collect()
}

/// Each section of a configuration text, read or refused on its own (a
/// section whose template was refused is refused too); `Err` only for a
/// text that cannot be read at all (a line that is no section, key or
/// comment, a line too long, too many sections). See
/// [`VariantDef::from_fsf_ini_each`].
pub(crate) fn read_each(text: &str) -> Result<Vec<SectionResult>, VariantError> {
    let sections = parse_sections(text, "configuration")?;
    let mut r = Resolver {
        refused: Vec::new(),
        resolved: Configs::default(),
        builtin: builtin_configs(),
    };
    let mut out = Vec::new();
    for s in sections {
        let line = s.line;
        let name = s.name.clone();
        let result = r.resolve(s).and_then(|(name, config)| {
            let def = convert(&name, line, &config)?;
            r.resolved.insert(name, config);
            Ok(def)
        });
        if result.is_err() {
            r.resolved.remove(&name);
            r.refused.push(name.clone());
        }
        out.push((name, result));
    }
    Ok(out)
}

/// A section's name and its variant, or why it was refused.
pub type SectionResult = (String, Result<VariantDef, VariantError>);

/// Fairy-Stockfish's built-in variant `name` as this library's definition,
/// if it is one of those the library expresses.
pub(crate) fn builtin(name: &str) -> Option<Result<VariantDef, VariantError>> {
    let configs = builtin_configs();
    let c = configs.get(name)?;
    Some(convert(name, 0, c))
}

/// The names of [`builtin_ini`]'s sections, in file order.
pub fn builtin_names() -> Vec<String> {
    parse_sections(builtin_ini(), "fairy-stockfish.ini")
        .map(|s| s.into_iter().map(|s| s.name).collect())
        .unwrap_or_default()
}

impl VariantDef {
    /// Every variant of a text in Fairy-Stockfish's configuration format
    /// (its `variants.ini`), in file order: `[name]` and `[name:template]`
    /// sections of `key = value` lines, templates being earlier sections
    /// or Fairy-Stockfish's built-in variants. An option the library cannot
    /// express, an unknown key, a bad value or an unknown template is
    /// [`VariantError::Fsf`], naming the section, the line and the key.
    /// docs/fairy-stockfish.md lists the keys read.
    ///
    /// ```
    /// let defs = betza::VariantDef::from_fsf_ini("[minichess:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\ndoubleStep = false\ncastling = false\nbishop = -\npromotionPieceTypes = qrn\n")?;
    /// let v = defs[0].clone().build()?;
    /// assert_eq!(v.start_position().perft(5), 191846);
    /// # Ok::<_, betza::VariantError>(())
    /// ```
    pub fn from_fsf_ini(text: &str) -> Result<Vec<VariantDef>, VariantError> {
        read(text)
    }

    /// [`VariantDef::from_fsf_ini`] section by section: each section's name
    /// with its variant or its refusal, so that a program can load what
    /// the library expresses and report the rest (pyffish's
    /// `load_variant_config` in `betza.stateless` does). `Err` only when
    /// the text cannot be read at all.
    pub fn from_fsf_ini_each(text: &str) -> Result<Vec<SectionResult>, VariantError> {
        read_each(text)
    }

    /// Fairy-Stockfish's built-in variant `name` as this library reads it
    /// (the section of `variants/fairy-stockfish.ini`), or `None` when
    /// the library cannot express it or it is unknown.
    pub fn fairy_stockfish(name: &str) -> Option<VariantDef> {
        builtin(name).and_then(Result::ok)
    }
}

// ---------------------------------------------------------------------------
// Values

/// A region as a set of (file, rank), 0-based.
type Squares = Vec<(u8, u8)>;

struct Ctx<'a> {
    name: &'a str,
    line: usize,
    config: &'a Config,
    files: u8,
    ranks: u8,
}

impl Ctx<'_> {
    #[inline(never)]
    fn get(&self, key: &str) -> Option<&Entry> {
        self.config.get(key)
    }

    #[inline(never)]
    fn fail(&self, key: &str, message: impl Into<String>) -> Fail {
        match self.get(key) {
            Some(e) => {
                let msg = message.into();
                let msg = if e.section == self.name {
                    msg
                } else {
                    format!("{msg} (set by template `{}`)", e.section)
                };
                err(self.name, e.line, Some(key), msg).into()
            }
            None => err(self.name, self.line, Some(key), message).into(),
        }
    }

    #[inline(never)]
    fn boolean(&self, key: &str, default: bool) -> Result<bool, Fail> {
        match self.get(key).map(|e| e.value.as_str()) {
            None => Ok(default),
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(v) => Err(self.fail(key, format!("{v:?}: expected true or false"))),
        }
    }

    #[inline(never)]
    fn int(&self, key: &str, default: i64, max: i64) -> Result<i64, Fail> {
        match self.get(key) {
            None => Ok(default),
            Some(e) => match e.value.parse::<i64>() {
                Ok(n) if (0..=max).contains(&n) => Ok(n),
                _ => Err(self.fail(key, format!("{:?}: expected a number 0-{max}", e.value))),
            },
        }
    }

    /// Fairy-Stockfish's `[File]`: a letter or a 1-based number.
    #[inline(never)]
    fn file(&self, key: &str, default: u8) -> Result<u8, Fail> {
        let Some(e) = self.get(key) else {
            return Ok(default);
        };
        let v = e.value.as_str();
        let f = if let Ok(n) = v.parse::<u8>() {
            n.checked_sub(1)
        } else if v.len() == 1 && v.as_bytes()[0].is_ascii_lowercase() {
            Some(v.as_bytes()[0] - b'a')
        } else {
            None
        };
        match f {
            Some(f) if f < 16 => Ok(f),
            _ => Err(self.fail(key, format!("{v:?}: expected a file, a-p or 1-16"))),
        }
    }

    #[inline(never)]
    fn value_of(&self, key: &str, default: &str) -> Result<String, Fail> {
        let v = self.get(key).map(|e| e.value.as_str()).unwrap_or(default);
        if ["win", "loss", "draw", "none"].contains(&v) {
            Ok(v.to_string())
        } else {
            Err(self.fail(key, format!("{v:?}: expected win, loss, draw or none")))
        }
    }

    /// Fairy-Stockfish's `[Bitboard]`: squares (`d4`), ranks (`*8`), files
    /// (`a*`), space separated; `-` ends it.
    #[inline(never)]
    fn region(&self, key: &str, default: Squares) -> Result<Squares, Fail> {
        let Some(e) = self.get(key) else {
            return Ok(default);
        };
        let mut out = Vec::new();
        for sym in e.value.split_whitespace() {
            if sym == "-" {
                break;
            }
            let bad = |why: &str| self.fail(key, format!("{sym:?}: {why}"));
            if let Some(r) = sym.strip_prefix('*') {
                let r: u8 = r
                    .parse()
                    .map_err(|_| bad("`*` and a rank number expected"))?;
                if r == 0 || r > self.ranks {
                    return Err(bad("no such rank on this board"));
                }
                out.extend((0..self.files).map(|f| (f, r - 1)));
            } else if let Some(f) = sym.strip_suffix('*') {
                let b = f.as_bytes();
                if b.len() != 1 || !b[0].is_ascii_alphabetic() {
                    return Err(bad("a file letter and `*` expected"));
                }
                let f = b[0].to_ascii_lowercase() - b'a';
                if f >= self.files {
                    return Err(bad("no such file on this board"));
                }
                out.extend((0..self.ranks).map(|r| (f, r)));
            } else {
                let b = sym.as_bytes();
                if b.len() < 2 || !b[0].is_ascii_alphabetic() {
                    return Err(bad(
                        "a square (`d4`), a rank (`*4`) or a file (`d*`) expected",
                    ));
                }
                let f = b[0].to_ascii_lowercase() - b'a';
                let r: u8 = sym[1..].parse().map_err(|_| {
                    bad("a square (`d4`), a rank (`*4`) or a file (`d*`) expected; ranges such as `a3-h3` are not Fairy-Stockfish's syntax (it reads only their first square)")
                })?;
                if f >= self.files || r == 0 || r > self.ranks {
                    return Err(bad("not a square of this board"));
                }
                out.push((f, r - 1));
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    #[inline(never)]
    fn all(&self) -> Squares {
        let mut v = Vec::new();
        for f in 0..self.files {
            for r in 0..self.ranks {
                v.push((f, r));
            }
        }
        v
    }

    #[inline(never)]
    fn rank(&self, r: u8) -> Squares {
        (0..self.files).map(|f| (f, r)).collect()
    }
}

/// Keeps the squares of `v` on rank `rank` (`on`) or those off it.
#[inline(never)]
fn keep_rank(v: &mut Squares, rank: u8, on: bool) {
    v.retain(|s| (s.1 == rank) == on);
}

/// Removes `zone`'s squares from `v`.
#[inline(never)]
fn remove_squares(v: &mut Squares, zone: &Squares) {
    v.retain(|s| !zone.contains(s));
}

/// Each piece type's confinement (`mobilityRegion...`), White's and
/// Black's regions by piece key: a list rather than a map (the module's
/// size).
#[derive(Default)]
struct Confined(Vec<(String, (Squares, Squares))>);

impl Confined {
    #[inline(never)]
    fn get(&self, key: &str) -> Option<&(Squares, Squares)> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, r)| r)
    }
}

fn squares_text(s: &Squares) -> String {
    let mut v: Vec<String> = s
        .iter()
        .map(|(f, r)| format!("{}{}", (b'a' + f) as char, r + 1))
        .collect();
    v.sort();
    v.join(",")
}

/// A `key = { white = "...", black = "..." }` line of each side's region.
#[inline(never)]
fn region_line(out: &mut String, key: &str, w: &Squares, b: &Squares) {
    let _ = writeln!(
        out,
        "{key} = {{ white = \"{}\", black = \"{}\" }}",
        squares_text(w),
        squares_text(b)
    );
}

/// Appends a line (or lines) to a TOML text: one call, not the copy's
/// code at each of the reader's many lines.
trait Put {
    fn put(&mut self, s: &str);
}

impl Put for String {
    #[inline(never)]
    fn put(&mut self, s: &str) {
        self.push_str(s);
    }
}

/// A piece type's token in quotes: `"A"`.
#[inline(never)]
fn quoted(l: char) -> String {
    format!("\"{}\"", l.to_ascii_uppercase())
}

/// Tokens in quotes, comma separated: `"A", "B"`.
#[inline(never)]
fn quoted_list(set: &[char]) -> String {
    set.iter()
        .map(|l| quoted(*l))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a piece of `pieces` has `letter`.
#[inline(never)]
fn has_letter(pieces: &[PieceSpec], letter: char) -> bool {
    pieces.iter().any(|p| p.letter == letter)
}

/// The letter of the piece of type `key`, if the variant has one.
#[inline(never)]
fn letter_of(pieces: &[PieceSpec], key: &str) -> Option<char> {
    pieces.iter().find(|p| p.key == key).map(|p| p.letter)
}

// ---------------------------------------------------------------------------
// Conversion

/// Fairy-Stockfish's `chasingRule`: `axf` is `[game-end] chasing`, its
/// stronger pieces (a Horse or Cannon attacking a Chariot, an Elephant or
/// Advisor attacking those three) as `chase-values` by piece type, its
/// Soldiers exempt.
fn chasing_rule(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    repetition: &str,
    soldier_rank: u8,
    ge: &mut String,
) -> Result<(), Fail> {
    let rule = ctx.get("chasingRule").map_or("none", |e| e.value.trim());
    match rule {
        "none" => return Ok(()),
        "axf" => {}
        v => return Err(ctx.fail("chasingRule", format!("{v:?}: expected axf or none"))),
    }
    if repetition == "claim" {
        return Err(ctx.fail(
            "chasingRule",
            "axf: judged when a repetition ends the game (nFoldValue other than a draw, \
             or perpetualCheckIllegal)",
        ));
    }
    const VALUES: &[(&str, u8)] = &[
        ("rook", 4),
        ("horse", 3),
        ("cannon", 3),
        ("elephant", 2),
        ("fers", 2),
    ];
    let values: Vec<String> = pieces
        .iter()
        .filter_map(|p| {
            let (_, n) = VALUES.iter().find(|(k, _)| *k == p.key)?;
            Some(format!("\"{}\" = {n}", p.letter.to_ascii_uppercase()))
        })
        .collect();
    ge.put("chasing = \"axf\"\n");
    if !values.is_empty() {
        let _ = writeln!(ge, "chase-values = {{ {} }}", values.join(", "));
    }
    if let Some(l) = letter_of(pieces, "soldier") {
        if soldier_rank <= 1 {
            return Err(ctx.fail(
                "chasingRule",
                "axf with Soldiers promoted everywhere (soldierPromotionRank 1): not expressible here",
            ));
        }
        let _ = writeln!(ge, "chase-exempt = [{}]", quoted(l));
    }
    Ok(())
}

/// Janggi's rules in `[rules]`: passing (`pass`, `passWhite`, `passBlack`),
/// `bikjangRule`, `materialCounting` and the Janggi cannon's `hop-immune`.
fn janggi_rules(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    royal: Option<char>,
    rules: &mut String,
) -> Result<(), Fail> {
    let pass = ctx.boolean("pass", false)?;
    let (pw, pb) = (
        ctx.boolean("passWhite", pass)?,
        ctx.boolean("passBlack", pass)?,
    );
    if pw != pb {
        return Err(ctx.fail(
            if ctx.get("passWhite").is_some() {
                "passWhite"
            } else {
                "passBlack"
            },
            "passing for one side only is not expressible here",
        ));
    }
    let bikjang = ctx.boolean("bikjangRule", false)?;
    if (pw || bikjang) && royal.is_none() {
        let key = if pw { "pass" } else { "bikjangRule" };
        return Err(ctx.fail(
            key,
            "true: needs a King (a pass is the King's move to its square)",
        ));
    }
    if pw {
        rules.put("pass = true\n");
    }
    if bikjang {
        if ctx.boolean("flyingGeneral", false)? {
            return Err(ctx.fail("bikjangRule", "true: not with flyingGeneral"));
        }
        rules.put("bikjang = true\n");
    }
    if let Some(l) = letter_of(pieces, "janggiCannon") {
        let _ = writeln!(rules, "hop-immune = [{}]", quoted(l));
    }
    let counting = ctx
        .get("materialCounting")
        .map_or("none", |e| e.value.trim())
        .to_string();
    // Janggi's values by Fairy-Stockfish's piece type; Black has 1.5 more.
    const JANGGI: &[(&str, u16)] = &[
        ("rook", 13),
        ("janggiCannon", 7),
        ("horse", 5),
        ("janggiElephant", 3),
        ("wazir", 3),
        ("soldier", 2),
    ];
    let (values, komi): (Vec<(char, u16)>, &str) = match counting.as_str() {
        // Draw odds are the game end's (below).
        "none" | "whitedrawodds" | "blackdrawodds" => return Ok(()),
        "janggi" => (
            pieces
                .iter()
                .filter_map(|p| {
                    JANGGI
                        .iter()
                        .find(|(k, _)| *k == p.key)
                        .map(|(_, v)| (p.letter, *v))
                })
                .collect(),
            "1.5",
        ),
        "unweighted" => (pieces.iter().map(|p| (p.letter, 1)).collect(), "0"),
        v => {
            return Err(ctx.fail(
                "materialCounting",
                format!("{v:?}: only janggi, unweighted, whitedrawodds, blackdrawodds or none"),
            ));
        }
    };
    let items: Vec<String> = values
        .iter()
        .map(|(l, v)| format!("{} = {v}", l.to_ascii_uppercase()))
        .collect();
    let _ = writeln!(rules, "material-values = {{ {} }}", items.join(", "));
    if komi != "0" {
        let _ = writeln!(rules, "material-komi = {komi}");
    }
    Ok(())
}

/// A piece key as a name for people: `dragonHorse` → `DragonHorse`.
fn display_name(key: &str) -> String {
    // Janggi's own types under their pieces' names.
    match key {
        "janggiCannon" => return "Cannon".into(),
        "janggiElephant" => return "Elephant".into(),
        _ => {}
    }
    let mut c = key.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

#[derive(Clone)]
struct PieceSpec {
    key: String,
    letter: char,
    betza: String,
}

/// Fairy-Stockfish's piece classes for its insufficient material
/// (`has_insufficient_material`): majors (and every custom piece) always
/// suffice, colour-bound types (bishop, fers, alfil, fersAlfil, elephant)
/// on one colour do not, a weak type alone does not, and a type confined
/// away from the enemy King's region counts as no material. Where
/// Fairy-Stockfish's classes call a type that can mate a minor one, it is
/// a major here: a dead position is a draw, never claimed where a mate is
/// possible.
struct DeadClasses<'a> {
    pieces: &'a [PieceSpec],
    all_pieces: &'a [PieceSpec],
    royal: char,
    /// `promotedPieceType` pairs (a type and the type it promotes to).
    promoted: &'a [(char, char)],
    /// Each pawn type that promotes, with the types it promotes to.
    pawn_promotions: Vec<(char, Vec<char>)>,
    confined: &'a Confined,
}

/// A piece class of [`DeadClasses`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum DeadClass {
    Major,
    ColorBound,
    Minor,
    Kept,
}

impl DeadClasses<'_> {
    fn key_of(&self, letter: char) -> Option<&str> {
        self.all_pieces
            .iter()
            .find(|p| p.letter == letter)
            .map(|p| p.key.as_str())
    }

    /// The class of a type by its key.
    fn class(&self, key: &str) -> DeadClass {
        let royal_key = self.key_of(self.royal).unwrap_or("king");
        if let (Some((w, b)), Some((kw, kb))) =
            (self.confined.get(key), self.confined.get(royal_key))
            && !w.iter().any(|s| kb.contains(s))
            && !b.iter().any(|s| kw.contains(s))
        {
            return DeadClass::Kept;
        }
        const MAJORS: &[&str] = &[
            "rook",
            "queen",
            "archbishop",
            "chancellor",
            "silver",
            "gold",
            "commoner",
            "centaur",
            "amazon",
            "bers",
        ];
        const BOUND: &[&str] = &["bishop", "fers", "fersAlfil", "alfil", "elephant"];
        // Types that cannot mate with their King alone: each attacks as a
        // Knight, a Bishop (knibis), a Wazir, a Cannon, or less.
        const WEAK: &[&str] = &[
            "pawn",
            "knight",
            "horse",
            "cannon",
            "janggiCannon",
            "rookni",
            "biskni",
            "knibis",
            "shogiKnight",
            "shogiPawn",
            "soldier",
            "wazir",
        ];
        if MAJORS.contains(&key) || key.starts_with("customPiece") || key == "king" {
            DeadClass::Major
        } else if BOUND.contains(&key) {
            DeadClass::ColorBound
        } else if WEAK.contains(&key) {
            DeadClass::Minor
        } else {
            // Fairy-Stockfish counts the rest as minor pieces too, but a
            // King and an Aiwok, a Kniroo (attacking as a Rook), a Lance, a
            // Dragon Horse or a Banner can mate: never dead here.
            DeadClass::Major
        }
    }

    /// The `[game-end]` lines: `dead-confined` where a type is kept from
    /// the enemy King's region; with `minor_ok` (stalemate a draw, no
    /// check counting or Makpong), `dead-color-bound` and a `dead-material`
    /// line for each other type that cannot mate alone.
    fn keys(&self, minor_ok: bool) -> String {
        let mut kept = false;
        // Tokens by class: `("", 'B')` is `B`, `("+", 'P')` is `+P`.
        let mut bound: Vec<(&str, char)> = Vec::new();
        let mut minors: Vec<(&str, char)> = Vec::new();
        let mut add = |prefix, letter: char, class| {
            let token = (prefix, letter.to_ascii_uppercase());
            match class {
                DeadClass::Kept => kept = true,
                DeadClass::ColorBound => bound.push(token),
                DeadClass::Minor => minors.push(token),
                DeadClass::Major => {}
            }
        };
        for p in self.pieces {
            if p.letter == self.royal {
                continue;
            }
            let mut class = self.class(&p.key);
            // A pawn that may become a major is as good as one; a type that
            // promotes is no colour-bound type here.
            if let Some((_, to)) = self.pawn_promotions.iter().find(|(l, _)| *l == p.letter) {
                let reaches_major = to.iter().any(|t| {
                    self.key_of(*t)
                        .is_some_and(|k| self.class(k) == DeadClass::Major)
                });
                if reaches_major && class != DeadClass::Kept {
                    class = DeadClass::Major;
                }
            }
            let promotes = self.promoted.iter().any(|(from, _)| *from == p.letter);
            if promotes && class == DeadClass::ColorBound {
                class = DeadClass::Major;
            }
            add("", p.letter, class);
        }
        for (from, to) in self.promoted {
            if let Some(k) = self.key_of(*to) {
                let class = match self.class(k) {
                    DeadClass::ColorBound => DeadClass::Major,
                    c => c,
                };
                add("+", *from, class);
            }
        }
        let mut out = String::new();
        if kept {
            out.put("dead-confined = true\n");
        }
        if minor_ok && !bound.is_empty() {
            let list: Vec<String> = bound.iter().map(|(p, l)| format!("\"{p}{l}\"")).collect();
            let _ = writeln!(out, "dead-color-bound = [{}]", list.join(", "));
        }
        if minor_ok && !minors.is_empty() {
            out.put("dead-material = [\n");
            for (p, l) in minors {
                let _ = writeln!(out, "  {{ pieces = [\"{p}{l}\"], against = [] }},");
            }
            out.put("]\n");
        }
        out
    }
}

/// The letters of a `[PieceSet]` value (`nbrq`, `*` for all, `-` none).
fn piece_set(ctx: &Ctx, key: &str, pieces: &[PieceSpec], default: &str) -> Result<Vec<char>, Fail> {
    let v = ctx.get(key).map(|e| e.value.as_str()).unwrap_or(default);
    let mut out = Vec::new();
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        if c == '-' {
            break;
        }
        if c == '*' {
            out.extend(pieces.iter().map(|p| p.letter));
            continue;
        }
        let l = c.to_ascii_lowercase();
        if !has_letter(pieces, l) {
            if ctx.get(key).is_none() {
                continue; // a default naming a piece the variant lacks
            }
            return Err(ctx.fail(key, format!("{c:?} is no piece type's letter here")));
        }
        if !out.contains(&l) {
            out.push(l);
        }
    }
    Ok(out)
}

/// `nMoveRuleTypes` (and its `White`/`Black` forms): each side's types
/// whose moves restart the move clock (sorted letters). Without the keys
/// Fairy-Stockfish's default is its pawn type (`pawnTypes`).
fn move_rule_types(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    pawn: Option<char>,
) -> Result<[Vec<char>; 2], Fail> {
    let default: Vec<char> = pawn.into_iter().collect();
    let side = |key: &str| -> Result<Vec<char>, Fail> {
        for k in [key, "nMoveRuleTypes"] {
            if ctx.get(k).is_some() {
                let mut set = piece_set(ctx, k, pieces, "")?;
                set.sort_unstable();
                return Ok(set);
            }
        }
        Ok(default.clone())
    };
    Ok([side("nMoveRuleTypesWhite")?, side("nMoveRuleTypesBlack")?])
}

/// The `[game-end]` keys of each side's move-clock types
/// (`move_rule_types`), where they differ from the pawn type.
fn clock_keys(
    ctx: &Ctx,
    ge: &mut String,
    types: &[Vec<char>; 2],
    pieces: &[PieceSpec],
    pawn: Option<char>,
) -> Result<(), Fail> {
    let list = |set: &[char]| -> Result<String, Fail> {
        let mut tokens = Vec::new();
        for l in set {
            if !has_letter(pieces, *l) {
                // A type reached only by promotion is no type of its own.
                let key = [
                    "nMoveRuleTypes",
                    "nMoveRuleTypesWhite",
                    "nMoveRuleTypesBlack",
                ]
                .into_iter()
                .find(|k| ctx.get(k).is_some())
                .unwrap_or("nMoveRuleTypes");
                return Err(ctx.fail(
                    key,
                    format!("{l:?}: a promoted type has no clock of its own here"),
                ));
            }
            tokens.push(quoted(*l));
        }
        Ok(tokens.join(", "))
    };
    let default: Vec<char> = pawn.into_iter().collect();
    if types[0] == types[1] {
        if types[0] != default {
            let _ = writeln!(ge, "move-rule-types = [{}]", list(&types[0])?);
        }
    } else {
        for (side, set) in ["white", "black"].into_iter().zip(types) {
            let _ = writeln!(ge, "move-rule-types-{side} = [{}]", list(set)?);
        }
    }
    Ok(())
}

/// Fairy-Stockfish's move clock restarts at every drop, at every promotion
/// (a shogi-style one too, unless pieces demote), and at a move of a clock
/// type only when the type could not move straight back: the
/// `[game-end]` switches that say so, each written where it changes
/// something. Its own Pawn never moves back (`fmW`, `fceF`, `ifmnD`), so
/// `move-rule-irreversible` is needed only with other types.
#[allow(clippy::too_many_arguments)]
fn clock_switches(
    ctx: &Ctx,
    ge: &mut String,
    types: &[Vec<char>; 2],
    pieces: &[PieceSpec],
    drops: bool,
    demotion: bool,
    pawn_promoting: &[char],
    promoted: &[(char, char)],
) -> Result<(), Fail> {
    let key_of = |l: &char| {
        pieces
            .iter()
            .find(|p| p.letter == *l)
            .map(|p| p.key.as_str())
    };
    let irreversible = types.iter().flatten().any(|l| key_of(l) != Some("pawn"));
    if irreversible {
        ge.put("move-rule-irreversible = true\n");
    }
    if drops {
        ge.put("move-rule-drops = true\n");
    }
    // Promotions that restart the clock only by the switch: by a type off
    // a side's list, or by any type where moves of listed ones may not.
    let needs = |set: &[char]| {
        set.iter()
            .any(|l| irreversible || !types.iter().all(|t| t.contains(l)))
    };
    let promoting: Vec<char> = promoted.iter().map(|(from, _)| *from).collect();
    let shogi_style = !demotion && needs(&promoting);
    let by_pawns = needs(pawn_promoting);
    if by_pawns && demotion {
        return Err(ctx.fail(
            "pieceDemotion",
            "true with pawn promotions that restart the move clock while demotions do not: not expressible here",
        ));
    }
    if shogi_style || by_pawns {
        ge.put("move-rule-promotions = true\n");
    }
    Ok(())
}

/// The `i` (initial-only) terms of an XBetza string.
fn initial_terms(betza: &str) -> Vec<&str> {
    let mut terms = Vec::new();
    let mut start = 0;
    let bytes = betza.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_uppercase() {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            let term = &betza[start..end];
            if term[..i - start].contains('i') {
                terms.push(term);
            }
            start = end;
            i = end;
        } else {
            i += 1;
        }
    }
    terms
}

fn pair_list(ctx: &Ctx, key: &str) -> Result<Vec<(char, String)>, Fail> {
    let mut out = Vec::new();
    if let Some(e) = ctx.get(key) {
        for item in e.value.split_whitespace() {
            let Some((a, b)) = item.split_once(':') else {
                return Err(ctx.fail(key, format!("{item:?}: expected `letter:value`")));
            };
            let mut ac = a.chars();
            let (Some(a), None) = (ac.next(), ac.next()) else {
                return Err(ctx.fail(key, format!("{item:?}: expected one letter before `:`")));
            };
            out.push((a.to_ascii_lowercase(), b.to_string()));
        }
    }
    Ok(out)
}

/// Fairy-Stockfish's atomic King: with `blastOnCapture`, a King that is
/// no `king` but the one type of a pseudo-royal extinction
/// (`extinctionValue = loss`, `extinctionPieceTypes = k`,
/// `extinctionPseudoRoyal`) is this library's royal piece of `explosions`,
/// which may not be left attacked, may not capture (its own explosion
/// would take it) and is not attacked by the enemy's beside it. Its letter,
/// or `None` for any other configuration.
fn blast_royal(ctx: &Ctx, royal: Option<char>, pieces: &[PieceSpec]) -> Result<Option<char>, Fail> {
    if !ctx.boolean("blastOnCapture", false)? {
        return Ok(None);
    }
    if royal.is_some() {
        return Err(ctx.fail(
            "blastOnCapture",
            "true with a king: Fairy-Stockfish's explosions take a commoner King (king = -, commoner = k) made royal by extinctionPseudoRoyal",
        ));
    }
    let types = ctx
        .get("extinctionPieceTypes")
        .map_or("", |e| e.value.trim());
    let mut letters = types.chars();
    let pseudo = ctx.boolean("extinctionPseudoRoyal", false)?;
    Ok(match (letters.next(), letters.next()) {
        (Some(l), None)
            if pseudo
                && ctx.value_of("extinctionValue", "none")? == "loss"
                && !ctx.boolean("extinctionClaim", false)?
                && !ctx.boolean("dupleCheck", false)?
                && ctx.int("extinctionPieceCount", 0, 64)? == 0
                && ctx.int("extinctionOpponentPieceCount", 0, 64)? == 0
                && pieces.iter().any(|p| p.letter == l.to_ascii_lowercase()) =>
        {
            Some(l.to_ascii_lowercase())
        }
        _ => None,
    })
}

/// `blastOnCapture`, `blastImmuneTypes` and `mutuallyImmuneTypes`:
/// `[rules] explosions` (Fairy-Stockfish spares the `pawn` type beside a
/// capture: `explosion-immune`), `explosion-proof` and `mutually-immune`.
fn explosions(ctx: &Ctx, pieces: &[PieceSpec], rules: &mut String) -> Result<(), Fail> {
    let list = quoted_list;
    let blast = ctx.boolean("blastOnCapture", false)?;
    let proof = piece_set(ctx, "blastImmuneTypes", pieces, "-")?;
    if blast {
        rules.put("explosions = true\n");
        let pawns: Vec<char> = pieces
            .iter()
            .filter(|p| p.key == "pawn")
            .map(|p| p.letter)
            .collect();
        if !pawns.is_empty() {
            let _ = writeln!(rules, "explosion-immune = [{}]", list(&pawns));
        }
        if !proof.is_empty() {
            let _ = writeln!(rules, "explosion-proof = [{}]", list(&proof));
        }
    } else if !proof.is_empty() {
        return Err(ctx.fail("blastImmuneTypes", "needs blastOnCapture = true"));
    }
    let immune = piece_set(ctx, "mutuallyImmuneTypes", pieces, "-")?;
    if !immune.is_empty() {
        let _ = writeln!(rules, "mutually-immune = [{}]", list(&immune));
    }
    Ok(())
}

/// The token a `promotionLimit` letter limits. Fairy-Stockfish counts
/// the pieces of that type, promoted ones included: a type reached only by
/// promotion (Shogun's Centaur `g`, its Knight's promotion) is the one
/// promoted token that becomes it (`+N`); a type on the board that nothing
/// promotes to is itself. A type both on the board and reached by
/// promotion, or reached from several types, counts pieces of several
/// tokens together, which this library's per-token limits cannot.
fn limit_token(
    ctx: &Ctx,
    letter: char,
    pieces: &[PieceSpec],
    all_pieces: &[PieceSpec],
    promoted: &[(char, char)],
) -> Result<String, Fail> {
    if !has_letter(all_pieces, letter) {
        return Err(ctx.fail(
            "promotionLimit",
            format!("{letter:?} is no piece type's letter here"),
        ));
    }
    let sources: Vec<char> = promoted
        .iter()
        .filter(|(_, to)| *to == letter)
        .map(|(from, _)| *from)
        .collect();
    let kept = has_letter(pieces, letter);
    match (kept, sources.as_slice()) {
        (true, []) => Ok(letter.to_ascii_uppercase().to_string()),
        (false, [from]) => Ok(format!("+{}", from.to_ascii_uppercase())),
        _ => Err(ctx.fail(
            "promotionLimit",
            format!(
                "{letter:?}: Fairy-Stockfish counts its pieces and the promoted pieces of {} together; this library limits each type on its own",
                sources.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

fn convert(name: &str, line: usize, config: &Config) -> Result<VariantDef, VariantError> {
    let toml = to_toml(name, line, config).map_err(|e| *e)?;
    toml.parse::<VariantDef>().map_err(|e| {
        err(
            name,
            line,
            None,
            format!("the variant read is refused: {e}"),
        )
    })
}

/// `[castling]`: the King's and its partners' files from `startFen`'s
/// first rank and the castling keys.
#[inline(never)]
fn castling_toml(
    ctx: &Ctx,
    t: &mut String,
    pieces: &[PieceSpec],
    royal: Option<char>,
    start_fields: &[&str],
    dropped_castling: bool,
) -> Result<(), Fail> {
    let rooks = piece_set(ctx, "castlingRookPieces", pieces, "r")?;
    if rooks.is_empty() {
        return Err(ctx.fail(
            "castlingRookPieces",
            "a castling partner type is needed here",
        ));
    }
    for key in ["castlingRookPiecesWhite", "castlingRookPiecesBlack"] {
        if ctx.get(key).is_some() && piece_set(ctx, key, pieces, "r")? != rooks {
            return Err(ctx.fail(
                key,
                "one castling partner type for both colours here (castlingRookPieces)",
            ));
        }
    }
    let king_piece = ctx
        .get("castlingKingPiece")
        .and_then(|e| e.value.chars().next())
        .map_or('k', |c| c.to_ascii_lowercase());
    // Without a King, another piece castles (Extinction's commoner).
    let castler = match royal {
        Some(r) if r == king_piece => r,
        None if has_letter(pieces, king_piece) => king_piece,
        _ => {
            return Err(ctx.fail(
                "castlingKingPiece",
                "only the royal piece castles here (another one only without a King)",
            ));
        }
    };
    // The King's file: White's royal piece on the castling rank.
    let rank = ctx.int("castlingRank", 1, 16)?;
    let rows: Vec<&str> = start_fields[0]
        .split('[')
        .next()
        .unwrap_or("")
        .split('/')
        .collect();
    let first_rank = usize::try_from(rank)
        .ok()
        .and_then(|r| rows.len().checked_sub(r))
        .and_then(|i| rows.get(i))
        .copied()
        .unwrap_or("");
    let mut file = 0u8;
    let mut king_file = None;
    let mut digits = 0u32;
    // White's pieces on that rank, by file.
    let mut row: Vec<(u8, char)> = Vec::new();
    for c in first_rank.chars() {
        if let Some(d) = c.to_digit(10) {
            digits = digits * 10 + d;
            continue;
        }
        file = file.saturating_add(u8::try_from(digits).unwrap_or(u8::MAX));
        digits = 0;
        if c.is_ascii_alphabetic() || c == '*' {
            if c == castler.to_ascii_uppercase() {
                king_file = Some(file);
            }
            row.push((file, c));
            file = file.saturating_add(1);
        }
    }
    // A King still in hand castles from the middle file, as this
    // library places it (Fairy-Stockfish's castlingKingFile, e).
    let king_file = king_file.or_else(|| {
        let middle = ctx.files / 2;
        (dropped_castling && ctx.file("castlingKingFile", 4).ok() == Some(middle)).then_some(middle)
    });
    let Some(kf) = king_file else {
        return Err(ctx.fail(
            if ctx.get("castlingRank").is_some() {
                "castlingRank"
            } else {
                "castling"
            },
            "castling needs White's royal piece on the castling rank of startFen (or, with castlingDroppedPiece, castlingKingFile on the middle file)",
        ));
    };
    let ks = ctx.file("castlingKingsideFile", 6)?;
    let qs = ctx.file("castlingQueensideFile", 2)?;
    // As Fairy-Stockfish reads `K` and `Q`: the partner nearest the
    // partner file (the corner unless given), looking towards the King.
    let rook_letters: Vec<char> = rooks.iter().map(char::to_ascii_uppercase).collect();
    let outer_ks = match ctx.get("castlingRookKingsideFile").map(|e| e.value.trim()) {
        None | Some("-") => ctx.files - 1,
        Some(_) => ctx.file("castlingRookKingsideFile", 0)?,
    };
    let outer_qs = ctx.file("castlingRookQueensideFile", 0)?;
    let rook_at = |f: &u8| rook_letters.iter().any(|&l| row.contains(&(*f, l)));
    let (rook_ks, rook_qs) = match (
        (kf + 1..=outer_ks).rev().find(rook_at),
        (outer_qs..kf).find(rook_at),
    ) {
        (Some(k), Some(q)) => (k, q),
        // Partners still in hand are dropped on the partner files.
        _ if dropped_castling => (outer_ks, outer_qs),
        _ => {
            return Err(ctx.fail(
                "castling",
                "castling needs White's partner on each side of its royal piece in startFen",
            ));
        }
    };
    if ks <= kf || qs >= kf {
        return Err(ctx.fail(
            "castlingKingsideFile",
            "the King must move towards each corner when castling",
        ));
    }
    if rook_ks <= ks || rook_ks >= ctx.files || rook_qs >= qs {
        return Err(ctx.fail(
            "castlingRookKingsideFile",
            "each partner must stand beyond the King's castling square, on the board",
        ));
    }
    t.put("\n[castling]\n");
    let _ = writeln!(t, "rook = \"{}\"", rooks[0].to_ascii_uppercase());
    if royal.is_none() {
        let _ = writeln!(t, "king = \"{}\"", castler.to_ascii_uppercase());
    }
    let _ = writeln!(t, "kingside = {}", ks - kf);
    let _ = writeln!(t, "queenside = {}", kf - qs);
    if rook_ks != ctx.files - 1 {
        let _ = writeln!(t, "kingside-partner = \"{}\"", (b'a' + rook_ks) as char);
    }
    if rook_qs != 0 {
        let _ = writeln!(t, "queenside-partner = \"{}\"", (b'a' + rook_qs) as char);
    }
    if rooks.len() > 1 {
        let others: Vec<String> = rook_letters[1..]
            .iter()
            .map(|l| format!("\"{l}\""))
            .collect();
        let _ = writeln!(t, "other-rooks = [{}]", others.join(", "));
    }
    Ok(())
}

/// Extinction (`extinctionValue` and its keys): `[rules] extinction` and
/// the like, or the bare King rule in `[game-end]`. The value read.
#[inline(never)]
fn extinction(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    promoted: &[(char, char)],
    blast_royal: Option<char>,
    ge: &mut String,
    rules: &mut String,
) -> Result<String, Fail> {
    let ext = ctx.value_of("extinctionValue", "none")?;
    let claim = ctx.boolean("extinctionClaim", false)?;
    let types = ctx
        .get("extinctionPieceTypes")
        .map(|e| e.value.trim())
        .unwrap_or("");
    let count = ctx.int("extinctionPieceCount", 0, 64)?;
    let opp = ctx.int("extinctionOpponentPieceCount", 0, 64)?;
    let pseudo = ctx.boolean("extinctionPseudoRoyal", false)?;
    if blast_royal.is_some() {
        // Read as the royal piece of explosions (above).
    } else if ext == "loss" && claim && types == "*" && count == 1 && opp == 2 && !pseudo {
        ge.put("bare-king = \"loss\"\n");
    } else if ext != "none" && !types.is_empty() && !types.starts_with('-') {
        if claim {
            return Err(ctx.fail(
                "extinctionClaim",
                "a claimed extinction only as the bare King rule (extinctionValue = loss, extinctionPieceTypes = *, extinctionPieceCount = 1, extinctionOpponentPieceCount = 2)",
            ));
        }
        let _ = writeln!(rules, "extinction = \"{ext}\"");
        // `*` is all pieces counted together, not each type.
        if types.contains('*') {
            if types != "*" {
                return Err(ctx.fail(
                    "extinctionPieceTypes",
                    format!(
                        "{types:?}: `*` (all pieces together) with other types is not expressible"
                    ),
                ));
            }
        } else {
            let set = piece_set(ctx, "extinctionPieceTypes", pieces, "-")?;
            let _ = writeln!(rules, "extinction-pieces = [{}]", quoted_list(&set));
            // A piece promoted to a counted type is of that type in
            // Fairy-Stockfish; here it is a type of its own (`+E`).
            let aliases: Vec<String> = promoted
                .iter()
                .filter(|(_, to)| set.contains(to))
                .map(|(a, to)| {
                    format!(
                        "\"+{}\" = \"{}\"",
                        a.to_ascii_uppercase(),
                        to.to_ascii_uppercase()
                    )
                })
                .collect();
            if !aliases.is_empty() {
                let _ = writeln!(rules, "extinction-as = {{ {} }}", aliases.join(", "));
            }
        }
        if count != 0 {
            let _ = writeln!(rules, "extinction-count = {count}");
        }
        if opp != 0 {
            let _ = writeln!(rules, "extinction-opponent-count = {opp}");
        }
        if pseudo {
            rules.put("extinction-pseudo-royal = true\n");
        }
        if ctx.boolean("dupleCheck", false)? {
            if !pseudo {
                return Err(ctx.fail("dupleCheck", "needs extinctionPseudoRoyal"));
            }
            rules.put("duple-check = true\n");
        }
    } else if pseudo {
        return Err(ctx.fail(
            "extinctionPseudoRoyal",
            "needs extinctionValue and extinctionPieceTypes",
        ));
    } else if ctx.boolean("dupleCheck", false)? {
        return Err(ctx.fail("dupleCheck", "needs extinctionPseudoRoyal"));
    }
    Ok(ext)
}

/// Walls, petrification, Reversi's and Ataxx's drops and passes, free
/// drops and the full board's end: their `[rules]` keys.
#[inline(never)]
fn board_rules(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    start_fields: &[&str],
    drops: bool,
    to_hand: bool,
    rules: &mut String,
) -> Result<(), Fail> {
    // Walls: a turn is a move then a wall placed (`wallingRule`).
    let walling = ctx.get("wallingRule").map_or("none", |e| e.value.trim());
    match walling {
        "none" => {
            for key in ["wallingRegion", "wallingRegionWhite", "wallingRegionBlack"] {
                if ctx.get(key).is_some() {
                    return Err(ctx.fail(key, "needs a wallingRule"));
                }
            }
        }
        "arrow" | "duck" | "edge" | "past" | "static" => {
            let _ = writeln!(rules, "wall = \"{walling}\"");
            let all = ctx.all();
            let region = ctx.region("wallingRegion", all.clone())?;
            let w = ctx.region("wallingRegionWhite", region.clone())?;
            let b = ctx.region("wallingRegionBlack", region)?;
            let mut whole = all;
            whole.sort_unstable();
            if w != whole || b != whole {
                region_line(rules, "wall-region", &w, &b);
            }
        }
        v => {
            return Err(ctx.fail(
                "wallingRule",
                format!("{v:?}: expected none, arrow, duck, edge, past or static"),
            ));
        }
    }
    let petrify = piece_set(ctx, "petrifyOnCaptureTypes", pieces, "-")?;
    if !petrify.is_empty() {
        let _ = writeln!(rules, "petrify = [{}]", quoted_list(&petrify));
    }
    // Walls in the start position that no rule places: holes in the board;
    // and Ataxx's blocked squares, which its positions (not its empty
    // start) hold: Fairy-Stockfish reads `*` in any FEN.
    let ataxx = ctx
        .get("enclosingDrop")
        .is_some_and(|e| e.value.trim() == "ataxx");
    if walling == "none"
        && petrify.is_empty()
        && (ataxx || start_fields.first().is_some_and(|p| p.contains('*')))
    {
        rules.put("fixed-walls = true\n");
    }
    // Reversi and Ataxx: where drops go and which pieces turn over.
    for (key, out) in [
        ("enclosingDrop", "enclosing-drop"),
        ("flipEnclosedPieces", "flip"),
    ] {
        match ctx.get(key).map_or("none", |e| e.value.trim()) {
            "none" => {}
            v @ ("reversi" | "ataxx") => {
                let _ = writeln!(rules, "{out} = \"{v}\"");
            }
            v => {
                return Err(ctx.fail(
                    key,
                    format!("{v:?}: expected none, reversi or ataxx (snort, anyside, top and quadwrangle are not expressible here)"),
                ));
            }
        }
    }
    let start = ctx.region("enclosingDropStart", Vec::new())?;
    if !start.is_empty() {
        if ctx
            .get("enclosingDrop")
            .is_none_or(|e| e.value.trim() == "none")
        {
            return Err(ctx.fail("enclosingDropStart", "needs enclosingDrop"));
        }
        let _ = writeln!(rules, "enclosing-start = \"{}\"", squares_text(&start));
    }
    // Othello and Ataxx: a pass when stuck, drops from no hand, and the
    // full board's end.
    let stuck = ctx.boolean("passOnStalemate", false)?;
    let (stuck_w, stuck_b) = (
        ctx.boolean("passOnStalemateWhite", stuck)?,
        ctx.boolean("passOnStalemateBlack", stuck)?,
    );
    if stuck_w != stuck_b {
        return Err(ctx.fail(
            if ctx.get("passOnStalemateWhite").is_some() {
                "passOnStalemateWhite"
            } else {
                "passOnStalemateBlack"
            },
            "passing when stuck for one side only is not expressible here",
        ));
    }
    if stuck_w {
        rules.put("pass-stuck = true\n");
    }
    if ctx.boolean("freeDrops", false)? {
        if !drops || to_hand {
            return Err(ctx.fail("freeDrops", "true: needs pieceDrops without capturesToHand"));
        }
        rules.put("free-drops = true\n");
    }
    if ctx.boolean("adjudicateFullBoard", false)? {
        rules.put("full-board = true\n");
    }
    Ok(())
}

/// Flags: a piece of the flag type on its side's region wins (`[rules]`
/// `region-win` and its switches). Each side's flag region.
#[inline(never)]
fn flags(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    royal: Option<char>,
    rules: &mut String,
) -> Result<(Squares, Squares), Fail> {
    // Flags: a piece of the flag type on its side's region wins.
    let flag_region = ctx.region("flagRegion", Vec::new())?;
    let region_w = ctx.region("flagRegionWhite", flag_region.clone())?;
    let region_b = ctx.region("flagRegionBlack", flag_region)?;
    let flag_piece = |key: &str| -> Result<Vec<char>, Fail> {
        let v = ctx.get(key).map_or("*", |e| e.value.trim());
        if v == "*" {
            return Ok(pieces.iter().map(|p| p.letter).collect());
        }
        let mut c = v.chars();
        match (c.next().map(|l| l.to_ascii_lowercase()), c.next()) {
            (Some(l), None) if has_letter(pieces, l) => Ok(vec![l]),
            _ => Err(ctx.fail(key, format!("{v:?}: a piece type's letter or `*` expected"))),
        }
    };
    let general = flag_piece("flagPiece")?;
    let piece_w = if ctx.get("flagPieceWhite").is_some() {
        flag_piece("flagPieceWhite")?
    } else {
        general.clone()
    };
    let piece_b = if ctx.get("flagPieceBlack").is_some() {
        flag_piece("flagPieceBlack")?
    } else {
        general
    };
    let flag_move = ctx.boolean("flagMove", false)?;
    if !region_w.is_empty() || !region_b.is_empty() {
        let mut items = Vec::new();
        for p in pieces {
            let w: Squares = if piece_w.contains(&p.letter) {
                region_w.clone()
            } else {
                Vec::new()
            };
            let b: Squares = if piece_b.contains(&p.letter) {
                region_b.clone()
            } else {
                Vec::new()
            };
            if !w.is_empty() || !b.is_empty() {
                items.push(format!(
                    "{{ piece = \"{}\", white = \"{}\", black = \"{}\" }}",
                    p.letter.to_ascii_uppercase(),
                    squares_text(&w),
                    squares_text(&b)
                ));
            }
        }
        let _ = writeln!(rules, "region-win = [{}]", items.join(", "));
        if flag_move {
            // Fairy-Stockfish's extra move: with the royal piece as both
            // sides' flag, racing kings' reply; with other types only, the
            // flag counts for the side to move alone (Jeson Mor).
            let king_flag = royal.is_some_and(|k| piece_w == [k] && piece_b == [k]);
            let king_any = royal.is_some_and(|k| piece_w.contains(&k) || piece_b.contains(&k));
            if king_flag {
                rules.put("region-reply = true\n");
            } else if !king_any {
                rules.put("region-hold = true\n");
            } else {
                return Err(ctx.fail(
                    "flagMove",
                    "with the King as one side's flag piece only: not expressible here",
                ));
            }
        }
        if ctx.boolean("flagPieceSafe", false)? {
            if flag_move {
                return Err(ctx.fail(
                    "flagPieceSafe",
                    "with flagMove: not expressible here (only one of them)",
                ));
            }
            rules.put("region-safe = true\n");
        }
    } else if flag_move {
        return Err(ctx.fail("flagMove", "needs a flag region"));
    } else if ctx.boolean("flagPieceSafe", false)? {
        return Err(ctx.fail("flagPieceSafe", "needs a flag region"));
    }
    Ok((region_w, region_b))
}

/// `countingRule`: `[game-end.counting]`, Makruk's, Cambodian's or ASEAN's.
#[inline(never)]
fn counting_rule(ctx: &Ctx, pieces: &[PieceSpec], ge: &mut String) -> Result<(), Fail> {
    let counting = ctx
        .get("countingRule")
        .map(|e| e.value.as_str())
        .unwrap_or("none");
    match counting {
        "none" => {}
        "makruk" | "cambodian" | "asean" => {
            // Fairy-Stockfish counts by type: its Rook, Khon (silver) and
            // Knight, whatever their letters.
            let letter = |key: &str| {
                letter_of(pieces, key)
                    .map(|l| l.to_ascii_uppercase())
                    .ok_or_else(|| {
                        ctx.fail(
                            "countingRule",
                            format!("{counting}: the counting rules need a {key}"),
                        )
                    })
            };
            let (r, s, n) = (letter("rook")?, letter("silver")?, letter("knight")?);
            // Each rule's rows: the piece (0 Rook, 1 Khon, 2 Knight), the
            // count and the moves.
            type Rows = &'static [(usize, u8, u16)];
            const MAKRUK: Rows = &[(0, 2, 8), (0, 1, 16), (1, 2, 22), (2, 2, 32), (1, 1, 44)];
            // Cambodian: one move less, counting sides of at most 3 pieces.
            const CAMBODIAN: Rows = &[(0, 2, 7), (0, 1, 15), (1, 2, 21), (2, 2, 31), (1, 1, 43)];
            const ASEAN: Rows = &[(0, 1, 16), (1, 1, 44), (2, 1, 64)];
            let (board, rows, extra): (u8, Rows, &str) = match counting {
                "cambodian" => (
                    63,
                    CAMBODIAN,
                    "counting-side-max = 3\nboard-honour-with-pawns = true\nboard-honour-shown = true\n",
                ),
                "asean" => (0, ASEAN, "pieces-honour-from-zero = true\n"),
                _ => (64, MAKRUK, ""),
            };
            let _ = write!(
                ge,
                "\n[game-end.counting]\nboard-honour = {board}\npieces-honour-default = {board}\npieces-honour = [\n"
            );
            for &(piece, count, moves) in rows {
                let p = [r, s, n][piece];
                let _ = writeln!(
                    ge,
                    "  {{ piece = \"{p}\", count = {count}, moves = {moves} }},"
                );
            }
            let _ = write!(ge, "]\n{extra}");
        }
        v => {
            return Err(ctx.fail(
                "countingRule",
                format!("{v:?}: expected makruk, cambodian, asean or none"),
            ));
        }
    }
    Ok(())
}

/// The pieces, in Fairy-Stockfish's order (a later type of a letter wins),
/// and the King's letter.
#[inline(never)]
fn read_pieces(ctx: &Ctx) -> Result<(Vec<PieceSpec>, Option<char>), Fail> {
    let config = ctx.config;
    // Pieces, in Fairy-Stockfish's order; a later type of a letter wins.
    let mut keys: Vec<&(String, Entry)> = config
        .keys
        .iter()
        .filter(|(k, _)| piece_rank(k).is_some())
        .collect();
    keys.sort_by_key(|(k, _)| piece_rank(k));
    let mut pieces: Vec<PieceSpec> = Vec::new();
    let mut royal = None;
    for (key, e) in keys {
        let v = e.value.as_str();
        let mut chars = v.chars();
        let letter = match chars.next() {
            None | Some('-') => continue,
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
            Some(c) => return Err(ctx.fail(key, format!("{c:?}: a piece letter expected"))),
        };
        let rest = chars.as_str();
        let custom = key.starts_with("customPiece") || key == "king";
        let betza = if let Some(b) = rest.strip_prefix(':') {
            if !custom {
                return Err(ctx.fail(key, "only custom pieces and the king take Betza moves"));
            }
            b.to_string()
        } else if rest.is_empty() {
            if key.starts_with("customPiece") {
                return Err(ctx.fail(key, "a custom piece needs `letter:Betza`"));
            }
            if key == "king" {
                "K".to_string()
            } else {
                let b = PIECE_TYPES
                    .iter()
                    .find(|(n, _)| n == key)
                    .map(|(_, b)| *b)
                    .unwrap_or("");
                // `immobile` has no moves at all (Reversi's stones).
                if b.is_empty() && key != "immobile" {
                    return Err(ctx.fail(key, "this piece type's moves are not expressible here"));
                }
                b.to_string()
            }
        } else {
            return Err(ctx.fail(
                key,
                format!("{v:?}: expected a letter, `letter:Betza` or `-`"),
            ));
        };
        pieces.retain(|p| p.letter != letter);
        if key == "king" {
            royal = Some(letter);
        }
        pieces.push(PieceSpec {
            key: key.clone(),
            letter,
            betza,
        });
    }
    Ok((pieces, royal))
}

/// `gating`, `seirawanGating` and `cambodianMoves`: S-chess's gating or
/// Cambodian's first moves, in `[rules]`.
#[inline(never)]
fn gating(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    royal: Option<char>,
    rules: &mut String,
) -> Result<(), Fail> {
    // Gating: Fairy-Stockfish's `gating` keeps the rights, `seirawanGating`
    // gates the pieces in hand; only the two together are S-chess's.
    match (
        ctx.boolean("gating", false)?,
        ctx.boolean("seirawanGating", false)?,
    ) {
        (false, false) => {}
        (true, true) => rules.put("gating = true\n"),
        // Rights without gating: Cambodian's first moves.
        (true, false) if ctx.boolean("cambodianMoves", false)? => {
            let letter = |key: &str| letter_of(pieces, key).map(|l| l.to_ascii_uppercase());
            let (Some(king), Some(met)) = (royal, letter("fers")) else {
                return Err(ctx.fail("cambodianMoves", "needs a king and a fers (the Met)"));
            };
            let _ = writeln!(
                rules,
                "first-moves = [{{ piece = \"{}\", betza = \"fsmN\" }}, {{ piece = \"{met}\", betza = \"fmD\" }}]",
                king.to_ascii_uppercase()
            );
            if let Some(r) = letter("rook") {
                let _ = writeln!(rules, "first-move-lost-to = [\"{r}\"]");
            }
        }
        (true, false) => {
            return Err(ctx.fail(
                "gating",
                "gating rights without seirawanGating are expressible only with cambodianMoves",
            ));
        }
        (false, true) => return Err(ctx.fail("seirawanGating", "needs gating = true")),
    }
    Ok(())
}

/// The rules of a King: check counting, Shatar's mate, Makpong and
/// `checking`.
#[inline(never)]
fn king_rules(
    ctx: &Ctx,
    pieces: &[PieceSpec],
    royal: Option<char>,
    start_fields: &[&str],
    ge: &mut String,
    rules: &mut String,
) -> Result<(), Fail> {
    if ctx.boolean("cambodianMoves", false)? && !ctx.boolean("gating", false)? {
        return Err(ctx.fail("cambodianMoves", "true: needs gating = true"));
    }
    if ctx.boolean("checkCounting", false)? {
        // The checks each side needs: the start FEN's `W+B`, else 1.
        let limit = start_fields
            .iter()
            .find_map(|f| f.split_once('+'))
            .and_then(|(w, _)| w.parse::<u8>().ok())
            .unwrap_or(1);
        if royal.is_none() || !(1..=99).contains(&limit) {
            return Err(ctx.fail("checkCounting", "true: needs a King and 1-99 checks"));
        }
        let _ = writeln!(rules, "check-limit = {limit}");
    }
    if ctx.boolean("shatarMateRule", false)? {
        let letter = |key: &str| letter_of(pieces, key).map(quoted);
        let shak: Vec<String> = ["knight", "rook", "bers"]
            .iter()
            .filter_map(|k| letter(k))
            .collect();
        if royal.is_none() || shak.is_empty() {
            return Err(ctx.fail(
                "shatarMateRule",
                "true: needs a King and a knight, rook or bers",
            ));
        }
        let _ = writeln!(ge, "mate-needs = [{}]", shak.join(", "));
        if let Some(n) = letter("knight") {
            let _ = writeln!(ge, "mate-loses-by = [{n}]");
        }
    }
    if ctx.boolean("makpongRule", false)? {
        if royal.is_none() {
            return Err(ctx.fail("makpongRule", "true: needs a King"));
        }
        rules.put("makpong = true\n");
    }
    if !ctx.boolean("checking", true)? {
        if royal.is_none() {
            return Err(ctx.fail("checking", "false: needs a King to check"));
        }
        rules.put("check-illegal = true\n");
    }
    Ok(())
}

/// The library's TOML definition of one resolved section.
fn to_toml(name: &str, line: usize, config: &Config) -> Result<String, Fail> {
    let mut ctx = Ctx {
        name,
        line,
        config,
        files: 8,
        ranks: 8,
    };
    if name.is_empty()
        || name.len() > 64
        || !name
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
    {
        return Err(err(
            name,
            line,
            None,
            "a variant name here is 1-64 lowercase letters, digits and '-'",
        )
        .into());
    }
    // Refused rules first: each names its key.
    for (key, off) in OFF_KEYS {
        if let Some(e) = ctx.get(key)
            && e.value != *off
            && !(off == &"-" && e.value.is_empty())
        {
            return Err(ctx.fail(
                key,
                format!(
                    "{:?}: this library has no such rule (only {off:?} is read)",
                    e.value
                ),
            ));
        }
    }
    ctx.files = ctx.file("maxFile", 7)? + 1;
    ctx.ranks = u8::try_from(ctx.int("maxRank", 8, 16)?).unwrap_or(16);
    if ctx.ranks == 0 {
        return Err(ctx.fail("maxRank", "0: a board has at least one rank"));
    }
    let (files, ranks) = (ctx.files, ctx.ranks);

    let (mut pieces, royal) = read_pieces(&ctx)?;
    // Without a King no piece is royal (Breakthrough, Three Kings): the
    // library's `kingless = "both"`.
    let royal = royal.filter(|r| has_letter(&pieces, *r));
    let blast_royal = blast_royal(&ctx, royal, &pieces)?;
    let royal = royal.or(blast_royal);
    if pieces.len() > 20 {
        return Err(err(
            name,
            line,
            None,
            format!("{} piece types: at most 20", pieces.len()),
        )
        .into());
    }

    let start = ctx
        .get("startFen")
        .map(|e| e.value.clone())
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string());
    if start.contains('"') || start.contains('\\') {
        return Err(ctx.fail("startFen", "a FEN has no quotes or backslashes"));
    }
    let start_fields: Vec<&str> = start.split_whitespace().collect();

    // Pawns: the promotion pawn types.
    let mut general_pawns = piece_set(&ctx, "promotionPawnTypes", &pieces, "p")?;
    if ctx.get("pawnTypes").is_some() {
        general_pawns = piece_set(&ctx, "pawnTypes", &pieces, "p")?;
    }
    // the default `p` means the `pawn` type, not another piece lettered p
    if ctx.get("promotionPawnTypes").is_none() && ctx.get("pawnTypes").is_none() {
        general_pawns.retain(|l| pieces.iter().any(|p| p.letter == *l && p.key == "pawn"));
    }
    let colour_set = |key: &str, general: &Vec<char>, default: &str| match ctx.get(key) {
        Some(_) => piece_set(&ctx, key, &pieces, default),
        None => Ok(general.clone()),
    };
    let pawn_w = colour_set("promotionPawnTypesWhite", &general_pawns, "p")?;
    let pawn_b = colour_set("promotionPawnTypesBlack", &general_pawns, "p")?;
    let general_promo = piece_set(&ctx, "promotionPieceTypes", &pieces, "qrbn")?;
    let promo_w = colour_set("promotionPieceTypesWhite", &general_promo, "qrbn")?;
    let promo_b = colour_set("promotionPieceTypesBlack", &general_promo, "qrbn")?;
    // Each colour's own pawn types are expressible when no pawn type is
    // both colours' (Spartan's Hoplite); a pawn type of both colours with
    // each colour's own promotions lists them per side (Chigorin chess).
    if pawn_w != pawn_b && pawn_w.iter().any(|l| pawn_b.contains(l)) {
        return Err(ctx.fail(
            "promotionPawnTypesBlack",
            "different pawn types for White and Black sharing one type: this library's pawn types are per piece type, not per colour",
        ));
    }
    let per_side = promo_w != promo_b && pawn_w == pawn_b;
    let mut pawn_types = pawn_w.clone();
    pawn_types.extend(pawn_b.iter().filter(|l| !pawn_w.contains(l)));
    let mut promo_types = promo_w.clone();
    promo_types.extend(promo_b.iter().filter(|l| !promo_w.contains(l)));
    // Each pawn type's promotions: its colour's set.
    let promotes_of = |l: char| {
        if per_side {
            &promo_types
        } else if pawn_w.contains(&l) {
            &promo_w
        } else {
            &promo_b
        }
    };
    let promoted_pairs = pair_list(&ctx, "promotedPieceType")?;
    let mut promoted: Vec<(char, char)> = Vec::new();
    for (a, b) in &promoted_pairs {
        let mut bc = b.chars();
        let (Some(b), None) = (bc.next(), bc.next()) else {
            return Err(ctx.fail(
                "promotedPieceType",
                format!("{a}:{b}: one letter after `:`"),
            ));
        };
        let b = b.to_ascii_lowercase();
        if b == '-' {
            promoted.retain(|(x, _)| x != a);
            continue;
        }
        for l in [*a, b] {
            if !has_letter(&pieces, l) {
                return Err(ctx.fail(
                    "promotedPieceType",
                    format!("{l:?} is no piece type's letter here"),
                ));
            }
        }
        promoted.retain(|(x, _)| x != a);
        promoted.push((*a, b));
    }
    // A type reached only as a promotion's result (shogi's dragonHorse
    // `h`) is written as its promoted form (`+B`): it is no type of its own
    // unless the start position holds it or it promotes itself.
    let board_letters: Vec<char> = start
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let all_pieces = pieces.clone();
    pieces.retain(|p| {
        !promoted.iter().any(|(_, to)| *to == p.letter)
            || board_letters.contains(&p.letter)
            || promoted.iter().any(|(from, _)| *from == p.letter)
            || (!pawn_types.is_empty() && promo_types.contains(&p.letter))
            || Some(p.letter) == royal
    });
    let double_step = ctx.boolean("doubleStep", true)?;
    let ds_w = ctx.region("doubleStepRegionWhite", ctx.rank(1.min(ranks - 1)))?;
    let ds_b = ctx.region("doubleStepRegionBlack", ctx.rank(ranks.saturating_sub(2)))?;
    let ep_all = ctx.all();
    let ep_w = ctx.region(
        "enPassantRegionWhite",
        ctx.region("enPassantRegion", ep_all.clone())?,
    )?;
    let ep_b = ctx.region(
        "enPassantRegionBlack",
        ctx.region("enPassantRegion", ep_all.clone())?,
    )?;
    let pawn_piece = pieces
        .iter()
        .find(|p| p.key == "pawn" && pawn_types.contains(&p.letter))
        .map(|p| p.letter)
        .or_else(|| pawn_types.first().copied());
    let pawn_double = pieces.iter().any(|p| {
        Some(p.letter) == pawn_piece
            && if p.key == "pawn" {
                true
            } else {
                p.betza.contains('i') && p.betza.contains('e')
            }
    });
    let en_passant = double_step && pawn_double && !ep_w.is_empty() && !ds_w.is_empty();
    for (key, region) in [
        ("enPassantRegionWhite", &ep_w),
        ("enPassantRegionBlack", &ep_b),
    ] {
        if !region.is_empty() && *region != ep_all {
            return Err(ctx.fail(
                key,
                "only all squares or none: this library has no partial en-passant region",
            ));
        }
    }
    if ep_w.is_empty() != ep_b.is_empty() {
        return Err(ctx.fail(
            "enPassantRegionBlack",
            "en passant for one colour only is not expressible",
        ));
    }
    // Only the pawn type takes en passant here: these keys (either
    // colour's too) may name it and nothing else.
    const EP: &str = "only the pawn takes en passant here";
    for key in [
        "enPassantTypes",
        "enPassantTypesWhite",
        "enPassantTypesBlack",
    ] {
        if let Some(e) = ctx.get(key) {
            let set = piece_set(&ctx, key, &pieces, "p")?;
            if set.is_empty() || set.iter().any(|l| Some(*l) != pawn_piece) {
                return Err(ctx.fail(key, format!("{:?}: {EP}", e.value)));
            }
        }
    }
    let clock_types = move_rule_types(&ctx, &pieces, pawn_piece)?;

    let zone_w = ctx.region("promotionRegionWhite", ctx.rank(ranks - 1))?;
    let zone_b = ctx.region("promotionRegionBlack", ctx.rank(0))?;
    let mandatory_pawn = ctx.boolean("mandatoryPawnPromotion", true)?;
    let mandatory_piece = ctx.boolean("mandatoryPiecePromotion", false)?;
    let has_pawn_promotion = !pawn_types.is_empty() && !promo_types.is_empty();
    // Fairy-Stockfish's pawn (the `pawn` key's type) with a promotedPieceType
    // promotes shogi-style too, only where it promotes as a pawn: one more
    // choice of its promotion (Wolf chess's Elephant, `+P`).
    let pawn_letter = letter_of(&pieces, "pawn");
    let pawn_piece_promotion = has_pawn_promotion
        && promoted.len() == 1
        && Some(promoted[0].0) == pawn_letter
        && pawn_types.contains(&promoted[0].0);
    if has_pawn_promotion && !promoted.is_empty() && !pawn_piece_promotion {
        return Err(ctx.fail(
            "promotedPieceType",
            "pawn promotion and piece promotion together: Fairy-Stockfish's pawns promote only ending in the zone, its pieces starting there too",
        ));
    }
    let limits = pair_list(&ctx, "promotionLimit")?;
    // Promoted pieces turn back on moving (Kyoto shogi's flip): each
    // promoted type lists its unpromoted type as its promotion.
    let demotion = ctx.boolean("pieceDemotion", false)?;
    if demotion && promoted.is_empty() {
        return Err(ctx.fail(
            "pieceDemotion",
            "true: needs promotedPieceType (no promoted piece to turn back)",
        ));
    }

    // Drops
    let drops = ctx.boolean("pieceDrops", false)?;
    let to_hand = ctx.boolean("capturesToHand", false)?;
    if to_hand && !drops {
        return Err(ctx.fail(
            "pieceDrops",
            "captures to hand without drops are not expressible here",
        ));
    }
    // Drops without captures to hand: the hands hold what startFen gives
    // (placement, Sittuyin); only those types get drop settings.
    let start_hand: Vec<char> = start_fields
        .first()
        .and_then(|p| p.split_once('['))
        .map(|(_, h)| {
            h.trim_end_matches(']')
                .chars()
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        })
        .unwrap_or_default();
    // Bughouse on one board: captures go to a partner's hand, not here.
    let two_boards = ctx.boolean("twoBoards", false)?;
    if two_boards && (to_hand || !drops) {
        return Err(ctx.fail(
            "twoBoards",
            "true: only with pieceDrops and without capturesToHand (one board of bughouse)",
        ));
    }
    let drop_loop = ctx.boolean("dropLoop", false)?;
    if drop_loop && !to_hand {
        return Err(ctx.fail("dropLoop", "true: needs capturesToHand"));
    }
    let drop_checks = ctx.boolean("dropChecks", true)?;
    if !drop_checks && !drops {
        return Err(ctx.fail("dropChecks", "false: needs pieceDrops"));
    }
    let must_drop = ctx.boolean("mustDrop", false)?;
    if must_drop && !drops {
        return Err(ctx.fail("mustDrop", "true: needs pieceDrops"));
    }
    let must_drop_type = match ctx.get("mustDropType").map_or("*", |e| e.value.as_str()) {
        "*" => None,
        v => {
            let c = v.chars().next().map(|c| c.to_ascii_lowercase());
            match c.filter(|c| v.len() == 1 && has_letter(&pieces, *c)) {
                Some(c) if must_drop => Some(c),
                Some(_) => return Err(ctx.fail("mustDropType", "needs mustDrop = true")),
                None => {
                    return Err(ctx.fail(
                        "mustDropType",
                        format!("{v:?}: expected * or the letter of one of the variant's pieces"),
                    ));
                }
            }
        }
    };
    let rook_drop = ctx.boolean("sittuyinRookDrop", false)?;
    let bishops_apart = ctx.boolean("dropOppositeColoredBishop", false)?;
    let dropped_castling = ctx.boolean("castlingDroppedPiece", false)?;
    for (key, on) in [
        ("sittuyinRookDrop", rook_drop),
        ("dropOppositeColoredBishop", bishops_apart),
        ("castlingDroppedPiece", dropped_castling),
    ] {
        if on && !drops {
            return Err(ctx.fail(key, "true: needs pieceDrops"));
        }
    }
    let sittuyin_promotion = ctx.boolean("sittuyinPromotion", false)?;
    let drop_w = ctx.region("dropRegionWhite", ctx.all())?;
    let drop_b = ctx.region("dropRegionBlack", ctx.all())?;
    let no_doubled = piece_set(&ctx, "dropNoDoubled", &pieces, "-")?;
    let no_doubled_count = ctx.int("dropNoDoubledCount", 1, 16)?;
    let first_rank_pawn_drops = ctx.boolean("firstRankPawnDrops", false)?;
    let zone_pawn_drops = ctx.boolean("promotionZonePawnDrops", false)?;
    let drop_mate = ctx.boolean("shogiPawnDropMateIllegal", false)?;
    let drop_promoted = ctx.boolean("dropPromoted", false)?;
    if drop_promoted && (!drops || promoted.is_empty()) {
        return Err(ctx.fail(
            "dropPromoted",
            "true: needs pieceDrops and promotedPieceType",
        ));
    }
    let soldier_rank =
        u8::try_from(ctx.int("soldierPromotionRank", 1, i64::from(ranks))?).unwrap_or(1);
    let lines = ctx.region("diagonalLines", Vec::new())?;

    // The TOML text.
    let mut t = String::new();
    let _ = writeln!(t, "# Read from Fairy-Stockfish's configuration format.");
    let _ = writeln!(t, "name = \"{name}\"");
    let _ = writeln!(t, "files = {files}");
    let _ = writeln!(t, "ranks = {ranks}");
    let _ = writeln!(t, "start = \"{start}\"");
    let by_count = ctx.boolean("stalematePieceCount", false)?;
    match (ctx.value_of("stalemateValue", "draw")?.as_str(), by_count) {
        ("draw", false) => {}
        ("loss", false) => t.put("stalemate = \"loss\"\n"),
        ("win", false) => t.put("stalemate = \"win\"\n"),
        // The side with fewer pieces wins (suicide chess).
        ("win", true) => t.put("stalemate = \"fewer-pieces\"\n"),
        // The side with more pieces wins (Reversi, Ataxx).
        ("loss", true) => t.put("stalemate = \"more-pieces\"\n"),
        (v, true) => {
            return Err(ctx.fail(
                "stalematePieceCount",
                format!(
                    "with stalemateValue {v:?}: only with win or loss (fewer or more pieces wins)"
                ),
            ));
        }
        (v, false) => {
            return Err(ctx.fail("stalemateValue", format!("{v:?}: only draw, loss or win")));
        }
    }
    let checkmate = ctx.value_of("checkmateValue", "loss")?;
    if !["loss", "win"].contains(&checkmate.as_str()) {
        return Err(ctx.fail(
            "checkmateValue",
            format!("{checkmate:?}: only loss or win (the mated side wins)"),
        ));
    }
    if ctx.boolean("flyingGeneral", false)? {
        t.put("facing-kings = true\n");
    }
    if en_passant {
        t.put("en-passant = true\n");
    }
    if ctx.boolean("immobilityIllegal", false)? {
        t.put("immobility-illegal = true\n");
    }

    // [promotion]
    let any_promotion = has_pawn_promotion || !promoted.is_empty();
    // Only captures promote (and demote): Micro shogi.
    let on_capture = ctx.boolean("piecePromotionOnCapture", false)?;
    if on_capture && (has_pawn_promotion || promoted.is_empty()) {
        return Err(ctx.fail(
            "piecePromotionOnCapture",
            "true: only with promotedPieceType and without pawn promotion (promotionPieceTypes)",
        ));
    }
    if any_promotion {
        t.put("\n[promotion]\nscheme = \"zone\"\n");
        region_line(&mut t, "zone", &zone_w, &zone_b);
        let (fw, fb) = if sittuyin_promotion {
            // Promotion is a move of its own, never forced.
            (Vec::new(), Vec::new())
        } else if has_pawn_promotion {
            if mandatory_pawn {
                (zone_w.clone(), zone_b.clone())
            } else {
                let lw: Squares = zone_w
                    .iter()
                    .copied()
                    .filter(|s| s.1 == ranks - 1)
                    .collect();
                let lb: Squares = zone_b.iter().copied().filter(|s| s.1 == 0).collect();
                (lw, lb)
            }
        } else if mandatory_piece {
            (zone_w.clone(), zone_b.clone())
        } else {
            (Vec::new(), Vec::new())
        };
        region_line(&mut t, "forced", &fw, &fb);
        if !promoted.is_empty() && !pawn_piece_promotion {
            t.put("from-zone = true\n");
        }
        if on_capture {
            t.put("captures-only = true\n");
        }
        if !limits.is_empty() {
            let mut parts = Vec::new();
            for (l, n) in &limits {
                let n: u8 = n.parse().ok().filter(|n| *n <= 128).ok_or_else(|| {
                    ctx.fail("promotionLimit", format!("{l}:{n}: a count 0-128 expected"))
                })?;
                let token = limit_token(&ctx, *l, &pieces, &all_pieces, &promoted)?;
                // A later pair of a type wins (a template's come first).
                parts.retain(|(t, _)| *t != token);
                parts.push((token, n));
            }
            // Fairy-Stockfish's 0 is no limit.
            let parts: Vec<String> = parts
                .iter()
                .filter(|(_, n)| *n != 0)
                .map(|(t, n)| format!("\"{t}\" = {n}"))
                .collect();
            if !parts.is_empty() {
                let _ = writeln!(t, "limits = {{ {} }}", parts.join(", "));
            }
        }
    } else if ctx.get("promotionLimit").is_some() {
        return Err(ctx.fail("promotionLimit", "no promotion to limit"));
    }
    if sittuyin_promotion && !has_pawn_promotion {
        return Err(ctx.fail("sittuyinPromotion", "true: needs a pawn that promotes"));
    }

    // [castling]
    let castling = ctx.boolean("castling", true)?;
    let rights = start_fields.get(2).copied().unwrap_or("-");
    // With gating the field holds the gating rights' letters too.
    let gates = ctx.boolean("gating", false)? && ctx.boolean("seirawanGating", false)?;
    // `castlingDroppedPiece`: rights come from dropped pieces, whatever
    // startFen's field says.
    let castles = castling && dropped_castling
        || castling
            && rights != "-"
            && start_fields.len() > 2
            && if gates {
                rights.chars().any(|c| "KQkq".contains(c))
            } else {
                rights.chars().all(|c| "KQkq".contains(c))
            };
    if castles {
        castling_toml(
            &ctx,
            &mut t,
            &pieces,
            royal,
            &start_fields,
            dropped_castling,
        )?;
    }
    // [game-end]
    let mut ge = String::new();
    if checkmate == "win" {
        ge.put("checkmate = \"win\"\n");
    }
    // Draw odds: a drawn end is that side's win (Armageddon's Black).
    match ctx
        .get("materialCounting")
        .map_or("none", |e| e.value.trim())
    {
        "whitedrawodds" => ge.put("draw-winner = \"white\"\n"),
        "blackdrawodds" => ge.put("draw-winner = \"black\"\n"),
        // None, or material counting (the rules', read above).
        _ => {}
    }
    let n_move = ctx.int("nMoveRule", 50, 10000)?;
    if n_move != 50 {
        let _ = writeln!(ge, "move-rule = {n_move}");
    }
    clock_keys(&ctx, &mut ge, &clock_types, &pieces, pawn_piece)?;
    clock_switches(
        &ctx,
        &mut ge,
        &clock_types,
        &pieces,
        drops,
        demotion,
        if has_pawn_promotion {
            &pawn_types[..]
        } else {
            &[]
        },
        &promoted,
    )?;
    let n_fold = ctx.int("nFoldRule", 3, 100)?;
    if n_fold == 1 {
        return Err(ctx.fail("nFoldRule", "1: a repetition is at least 2"));
    }
    let fold_value = ctx.value_of("nFoldValue", "draw")?;
    let absolute = ctx.boolean("nFoldValueAbsolute", false)?;
    let perpetual = ctx.boolean("perpetualCheckIllegal", false)?;
    let result = match (fold_value.as_str(), absolute) {
        ("draw", _) if perpetual => "draw",
        ("draw", _) => "claim",
        ("win", false) => "loss-for-completer",
        // Fairy-Stockfish's value is the side to move's: it loses, the
        // player who completed the repetition wins.
        ("loss", false) => "win-for-completer",
        ("loss", true) => "loss-for-white",
        (v, a) => {
            return Err(ctx.fail(
                "nFoldValue",
                format!("{v:?} (nFoldValueAbsolute = {a}): not expressible here"),
            ));
        }
    };
    if n_fold != 3 {
        let _ = writeln!(ge, "repetition = {n_fold}");
    }
    if result != "claim" {
        let _ = writeln!(ge, "repetition-result = \"{result}\"");
    }
    if perpetual {
        ge.put("perpetual-check = \"loss\"\n");
    }
    // Judged in Fairy-Stockfish's n-fold scan: without one it does nothing.
    if ctx.boolean("moveRepetitionIllegal", false)? && n_fold != 0 {
        ge.put("move-repetition = \"loss\"\n");
    }
    chasing_rule(&ctx, &pieces, result, soldier_rank, &mut ge)?;
    // [rules]: extinction, flags, no King.
    let mut rules = String::new();
    if royal.is_none() {
        rules.put("kingless = \"both\"\n");
    }
    janggi_rules(&ctx, &pieces, royal, &mut rules)?;
    let ext = extinction(&ctx, &pieces, &promoted, blast_royal, &mut ge, &mut rules)?;
    explosions(&ctx, &pieces, &mut rules)?;
    if ctx.boolean("mustCapture", false)? {
        rules.put("capture-forced = true\n");
    }
    board_rules(&ctx, &pieces, &start_fields, drops, to_hand, &mut rules)?;
    gating(&ctx, &pieces, royal, &mut rules)?;
    if must_drop {
        rules.put("must-drop = true\n");
    }
    if let Some(c) = must_drop_type {
        let _ = writeln!(rules, "must-drop-type = \"{}\"", c.to_ascii_uppercase());
    }
    if !drop_checks {
        rules.put("drop-check-illegal = true\n");
    }
    if bishops_apart {
        let Some(b) = letter_of(&pieces, "bishop") else {
            return Err(ctx.fail("dropOppositeColoredBishop", "true: needs a bishop"));
        };
        let _ = writeln!(rules, "drop-opposite-colors = [{}]", quoted(b));
    }
    if dropped_castling && castles {
        rules.put("castle-dropped = true\n");
    }
    if sittuyin_promotion {
        rules.put("promotion-in-place = true\n");
    }
    king_rules(&ctx, &pieces, royal, &start_fields, &mut ge, &mut rules)?;
    let (region_w, region_b) = flags(&ctx, &pieces, royal, &mut rules)?;
    counting_rule(&ctx, &pieces, &mut ge)?;
    // Confinement
    let mut confined = Confined::default();
    for (key, _) in &config.keys {
        if let Some((white, piece)) = mobility_key(key) {
            let r = ctx.region(key, ctx.all())?;
            let i = match confined.0.iter().position(|(k, _)| *k == piece) {
                Some(i) => i,
                None => {
                    confined.0.push((piece, (ctx.all(), ctx.all())));
                    confined.0.len() - 1
                }
            };
            let entry = &mut confined.0[i].1;
            if white {
                entry.0 = r;
            } else {
                entry.1 = r;
            }
        }
    }

    // Dead material, from Fairy-Stockfish's piece classes.
    if !drops
        && ext == "none"
        && matches!(result, "draw" | "claim")
        && region_w.is_empty()
        && region_b.is_empty()
        && blast_royal.is_none()
        && !ctx.boolean("blastOnCapture", false)?
        && matches!(
            ctx.get("materialCounting")
                .map_or("none", |e| e.value.trim()),
            "none" | "whitedrawodds" | "blackdrawodds"
        )
        && let Some(royal) = royal
    {
        let minor_ok = ctx.value_of("stalemateValue", "draw")? == "draw"
            && !ctx.boolean("checkCounting", false)?
            && !ctx.boolean("makpongRule", false)?;
        let classes = DeadClasses {
            pieces: &pieces,
            all_pieces: &all_pieces,
            royal,
            promoted: &promoted,
            pawn_promotions: if has_pawn_promotion {
                pawn_types
                    .iter()
                    .map(|&l| (l, promotes_of(l).clone()))
                    .collect()
            } else {
                Vec::new()
            },
            confined: &confined,
        };
        // Before a `[game-end.counting]` subtable, in `[game-end]` itself.
        let at = ge.find("\n[game-end.counting]").unwrap_or(ge.len());
        ge.insert_str(at, &classes.keys(minor_ok));
    }
    if !ge.is_empty() {
        t.put("\n[game-end]\n");
        t.put(&ge);
    }
    if !rules.is_empty() {
        t.put("\n[rules]\n");
        t.put(&rules);
    }
    if drops {
        let captured = if two_boards {
            "partner"
        } else if !to_hand {
            "lost"
        } else if drop_loop {
            "as-is"
        } else if has_pawn_promotion {
            "marked"
        } else {
            "unpromoted"
        };
        let _ = writeln!(t, "\n[drops]\ncaptured = \"{captured}\"");
        if drop_promoted {
            t.put("promoted = true\n");
        }
    }

    // [[piece]]
    let mut extra = Vec::new();
    for p in &pieces {
        let upper = p.letter.to_ascii_uppercase();
        let mut betza = if p.key == "pawn" {
            let mut b = if en_passant { "fmWfceF" } else { "fmWfcF" }.to_string();
            if double_step && !ds_w.is_empty() {
                b.put("ifmnD");
            }
            b
        } else {
            betza_to_xbetza(&p.betza)
                .map_err(|m| ctx.fail(&p.key, format!("Betza {:?}: {m}", p.betza)))?
        };
        if !en_passant {
            betza.retain(|c| c != 'e');
        }
        let soldier = p.key == "soldier" && soldier_rank > 1;
        if soldier {
            // Fairy-Stockfish's soldierPromotionRank: sideways steps from
            // that rank on, as XBetza's initial moves on those squares.
            betza = "fWisW".to_string();
        }
        // Fairy-Stockfish's diagonalLines: the diagonal moves its wazir
        // (a King `k:W` too: its built-in Janggi's wazir King), soldier,
        // rook and Janggi cannon add along the lines.
        let line_moves = match p.key.as_str() {
            _ if lines.is_empty() => None,
            "wazir" => Some("F"),
            "king" if p.betza == "W" => Some("F"),
            "soldier" => Some("fF"),
            "rook" => Some("B"),
            "janggiCannon" => Some("pB"),
            _ => None,
        };
        if let Some(extra) = line_moves {
            betza.put(extra);
        }
        let _ = writeln!(
            t,
            "\n[[piece]]\nname = \"{}\"\ntoken = \"{upper}\"\nbetza = \"{betza}\"",
            display_name(&p.key)
        );
        if Some(p.letter) == royal {
            t.put("royal = true\n");
        }
        if Some(p.letter) == pawn_piece {
            t.put("pawn = true\n");
        } else if en_passant && betza.contains('i') && !soldier {
            // Fairy-Stockfish's initial move of a piece other than its
            // pawn gives an en-passant right over the squares it passes
            // (Wolf chess's Sergeant): here a straight double step only.
            if initial_terms(&betza) != ["ifmnD"] {
                return Err(ctx.fail(
                    &p.key,
                    format!(
                        "Betza {:?}: with en passant, initial moves of a type other than the pawn give an en-passant right; only a two-square step straight forward (ifmnD) is expressible",
                        p.betza
                    ),
                ));
            }
            t.put("double-step = true\n");
        }
        if soldier {
            // Fairy-Stockfish's soldierPromotionRank: sideways steps from
            // that rank on, as XBetza's initial moves on those squares.
            let w: Squares = ctx
                .all()
                .into_iter()
                .filter(|s| s.1 + 1 >= soldier_rank)
                .collect();
            let b: Squares = ctx
                .all()
                .into_iter()
                .filter(|s| s.1 + soldier_rank <= ranks)
                .collect();
            region_line(&mut t, "initial", &w, &b);
        } else if betza.contains('i') {
            let (w, b) = if double_step {
                (ds_w.clone(), ds_b.clone())
            } else {
                (Vec::new(), Vec::new())
            };
            region_line(&mut t, "initial", &w, &b);
        }
        if let Some((w, b)) = confined.get(&p.key) {
            region_line(&mut t, "confined", w, b);
        }
        if line_moves.is_some() {
            region_line(&mut t, "diagonal-lines", &lines, &lines);
        }
        if pawn_types.contains(&p.letter) && !promotes_of(p.letter).is_empty() {
            let mut list: Vec<String> = promotes_of(p.letter).iter().map(|l| quoted(*l)).collect();
            if pawn_piece_promotion && Some(p.letter) == pawn_letter {
                list.push(format!("\"+{upper}\""));
            }
            let _ = writeln!(t, "promotes = [{}]", list.join(", "));
            if per_side {
                for (key, set) in [("promotes-white", &promo_w), ("promotes-black", &promo_b)] {
                    let _ = writeln!(t, "{key} = [{}]", quoted_list(set));
                }
            }
        }
        if let Some((_, to)) = promoted.iter().find(|(a, _)| *a == p.letter) {
            if !pawn_piece_promotion {
                let _ = writeln!(t, "promotes = [\"+{upper}\"]");
            }
            let target = all_pieces
                .iter()
                .find(|q| q.letter == *to)
                .expect("checked above");
            extra.push((
                format!("+{upper}"),
                format!("Promoted {}", display_name(&p.key)),
                target,
                upper,
            ));
        }
        // On one board of bughouse any piece but the King may be in hand.
        // The royal piece is never captured into a hand.
        let in_hand =
            start_hand.contains(&p.letter) || ((to_hand || two_boards) && Some(p.letter) != royal);
        if drops && in_hand {
            let (mut w, mut b) = (drop_w.clone(), drop_b.clone());
            if rook_drop && p.key == "rook" {
                // Sittuyin's Rooks: on the side's first rank only.
                keep_rank(&mut w, 0, true);
                keep_rank(&mut b, ranks - 1, true);
            }
            if p.key == "pawn" {
                if !first_rank_pawn_drops {
                    keep_rank(&mut w, 0, false);
                    keep_rank(&mut b, ranks - 1, false);
                }
                if !zone_pawn_drops {
                    remove_squares(&mut w, &zone_w);
                    remove_squares(&mut b, &zone_b);
                }
            }
            if w != ctx.all() || b != ctx.all() {
                region_line(&mut t, "drop-region", &w, &b);
            }
            if no_doubled.contains(&p.letter) {
                let _ = writeln!(t, "drops-per-file = {no_doubled_count}");
            }
            if drop_mate && p.key == "shogiPawn" {
                t.put("drop-mate-illegal = true\n");
            }
        }
    }
    for (token, pname, target, origin) in extra {
        let betza = betza_to_xbetza(&target.betza)
            .map_err(|m| ctx.fail(&target.key, format!("Betza {:?}: {m}", target.betza)))?;
        let _ = writeln!(
            t,
            "\n[[piece]]\nname = \"{pname}\"\ntoken = \"{token}\"\nbetza = \"{betza}\"\npromoted = true"
        );
        // Fairy-Stockfish's SAN writes a promoted piece with its own type's
        // letter (Shogun's `+B` is its Archbishop `A`): the alias, where that
        // letter names no other type here (Kyoto's Lance and Knight both
        // become a Gold, `G`: neither has one).
        let letter = target.letter.to_ascii_uppercase();
        let shared = promoted
            .iter()
            .filter(|(_, to)| *to == target.letter)
            .count()
            > 1;
        if !shared && !pieces.iter().any(|q| q.letter == target.letter) {
            let _ = writeln!(t, "alias = \"{letter}\"");
        }
        if demotion {
            let _ = writeln!(t, "promotes = [\"{origin}\"]");
        }
        if let Some((w, b)) = confined.get(&target.key) {
            region_line(&mut t, "confined", w, b);
        }
    }
    Ok(t)
}
