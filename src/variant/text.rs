//! Definition files: TOML text to a [`VariantDef`] and back.
//!
//! Reading is two steps. [`super::toml_parse`] parses the text and [`super::toml_de`]
//! turns its tree into raw values
//! that keep their byte spans (unknown keys, wrong types and bad TOML fail
//! here); then each value is converted on its own (regions, rules, counts),
//! so every error can name its line and key. Nothing here knows whether the
//! variant is playable: that is [`super::check`]'s work.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::ops::Range;
use std::str::FromStr;

use super::toml_de::toml_table;
use super::toml_parse::Spanned;

use super::VariantError;
use super::def::{
    CapturedRule, CastlingDef, DropsDef, PieceDef, PromotionDef, Region, RegionText, StalemateRule,
    VariantDef, WideRegion,
};
use crate::bitboard::BoardSize;

/// The largest definition read: bigger texts are refused before parsing.
pub const MAX_DEFINITION_BYTES: usize = 64 * 1024;

toml_table! {
    pub(super) struct RawDef {
        name: Spanned<String>,
        files: Spanned<i64>,
        ranks: Spanned<i64>,
        start: Spanned<String>,
        stalemate: Option<Spanned<String>>,
        facing_kings: Option<bool>,
        mark_promoted: Option<bool>,
        en_passant: Option<bool>,
        promotion: Option<RawPromotion>,
        castling: Option<RawCastling>,
        game_end: Option<super::end_def::RawGameEnd>,
        drops: Option<RawDrops>,
        immobility_illegal: Option<bool>,
        rules: Option<super::rules_def::RawRules>,
        random_start: Option<bool>,
        piece: Vec<Spanned<RawPiece>>,
    }
}

toml_table! {
    struct RawDrops {
        captured: Option<Spanned<String>>,
        promoted: Option<bool>,
    }
}

toml_table! {
    struct RawRegion {
        white: Spanned<String>,
        black: Spanned<String>,
    }
}

toml_table! {
    struct RawPromotion {
        scheme: Spanned<String>,
        zone: Option<Spanned<RawRegion>>,
        forced: Option<Spanned<RawRegion>>,
        limits: Option<Spanned<BTreeMap<String, Spanned<i64>>>>,
        captured_becomes: Option<Spanned<String>>,
        from_zone: Option<Spanned<bool>>,
        from_zone_captures: Option<Spanned<bool>>,
        captures_only: Option<Spanned<bool>>,
    }
}

toml_table! {
    struct RawCastling {
        rook: Spanned<String>,
        kingside: Option<Spanned<i64>>,
        queenside: Option<Spanned<i64>>,
        any_start: Option<bool>,
        king: Option<Spanned<String>>,
        kingside_partner: Option<Spanned<String>>,
        queenside_partner: Option<Spanned<String>>,
        other_rooks: Option<Vec<Spanned<String>>>,
    }
}

toml_table! {
    struct RawPiece {
        name: Spanned<String>,
        token: Spanned<String>,
        alias: Option<Spanned<String>>,
        betza: Spanned<String>,
        royal: bool = default,
        pawn: bool = default,
        promoted: bool = default,
        confined: Option<Spanned<RawRegion>>,
        initial: Option<Spanned<RawRegion>>,
        diagonal_lines: Option<Spanned<RawRegion>>,
        en_passant_from: Option<Spanned<RawRegion>>,
        double_step: bool = default,
        promotes: Vec<Spanned<String>> = default,
        promotes_white: Option<Vec<Spanned<String>>>,
        promotes_black: Option<Vec<Spanned<String>>>,
        drop_region: Option<Spanned<RawRegion>>,
        drops_per_file: Option<Spanned<i64>>,
        drop_mate_illegal: bool = default,
        distinct_two_step: bool = default,
        lion: bool = default,
        lion_bait: bool = default,
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// At most 40 characters of a user's text, unquoted, for error messages
/// that name a key: a huge input is never copied whole (its length is said
/// instead). Quotations use [`crate::quote::quoted`].
pub(crate) fn prefix(text: &str) -> String {
    match text.char_indices().nth(crate::quote::QUOTE_CHARS) {
        None => text.to_string(),
        Some((i, _)) => format!("{}... ({} bytes)", &text[..i], text.len()),
    }
}

/// The key written before the value at `at`, on its line (`zone` in
/// `zone = { ... }`, or the innermost key for an inline table).
fn key_before(text: &str, at: usize) -> Option<String> {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[start..at];
    let eq = before.rfind('=')?;
    let key = before[..eq].trim_end();
    let key = key
        .rsplit(|c: char| c == '{' || c == ',' || c.is_whitespace())
        .next()
        .unwrap_or(key);
    let key = key.trim_matches('"');
    (!key.is_empty()).then(|| prefix(key))
}

/// Reads a definition's text. See [`VariantDef`]'s `FromStr`.
pub(crate) fn read(text: &str) -> Result<VariantDef, VariantError> {
    read_for(text, false)
}

/// [`read`], with `large` for the large board types: boards of up to
/// 26x26 (which board type holds which is checked when compiled).
pub(crate) fn read_for(text: &str, large: bool) -> Result<VariantDef, VariantError> {
    if text.len() > MAX_DEFINITION_BYTES {
        return Err(VariantError::TooLarge {
            bytes: text.len(),
            max: MAX_DEFINITION_BYTES,
        });
    }
    let raw: RawDef = super::toml_de::from_str(text).map_err(|e| {
        let at = e.span.as_ref().map_or(0, |s| s.start);
        VariantError::Syntax {
            line: line_of(text, at),
            key: e.span.and_then(|s| key_before(text, s.start)),
            message: crate::quote::shorten_quotes(e.message.trim()),
        }
    })?;
    Reader { text, large }.def(raw)
}

/// The definition a deserialized `raw` makes: the second step of
/// [`read_for`], for the deserializer's tests.
#[cfg(test)]
pub(super) fn def_of(text: &str, raw: RawDef) -> Result<VariantDef, VariantError> {
    Reader { text, large: true }.def(raw)
}

struct Reader<'t> {
    text: &'t str,
    /// Boards past 128 squares are read, up to 26x26 (for `LargeVariant`).
    large: bool,
}

/// Makes the error about a value: its bytes, its key, the message.
pub(super) type ErrFn<'a> = &'a dyn Fn(Range<usize>, &str, String) -> VariantError;

// The reading steps shared by the tables' readers, each compiled once (the
// WebAssembly module's size, issue 38).

/// The texts of a list of strings.
#[inline(never)]
pub(super) fn strings(list: &[Spanned<String>]) -> Vec<String> {
    list.iter().map(|t| t.get_ref().clone()).collect()
}

/// The text of a string that may be left out.
#[inline(never)]
pub(super) fn string(s: &Option<Spanned<String>>) -> Option<String> {
    s.as_ref().map(|t| t.get_ref().clone())
}

/// `v` in `min..=max`, else `{n} is not in {min}..={max}`.
#[inline(never)]
pub(super) fn number(
    err: ErrFn<'_>,
    v: &Spanned<i64>,
    key: &str,
    min: i64,
    max: i64,
) -> Result<i64, VariantError> {
    let n = *v.get_ref();
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(err(v.span(), key, format!("{n} is not in {min}..={max}")))
    }
}

/// How [`choice`] writes its message: the value quoted as a TOML string
/// (else as [`crate::quote::quoted`] does), the options joined by `, `
/// and a last ` or ` (else all by ` or `).
pub(super) const TOML_QUOTED: u8 = 1;
pub(super) const COMMAS: u8 = 2;

/// The index of `v` among `options`, else `"v": expected "a" or "b"`
/// (written as `how` says: [`TOML_QUOTED`], [`COMMAS`]).
#[inline(never)]
pub(super) fn choice(
    err: ErrFn<'_>,
    v: &Spanned<String>,
    key: &str,
    options: &[&str],
    how: u8,
) -> Result<usize, VariantError> {
    let text = v.get_ref();
    if let Some(i) = options.iter().position(|o| o == text) {
        return Ok(i);
    }
    let mut message = if how & TOML_QUOTED != 0 {
        quoted(text)
    } else {
        crate::quote::quoted(text).to_string()
    };
    message.push_str(": expected ");
    for (i, o) in options.iter().enumerate() {
        if i + 1 == options.len() && i > 0 {
            message.push_str(" or ");
        } else if i > 0 {
            message.push_str(if how & COMMAS != 0 { ", " } else { " or " });
        }
        let _ = write!(message, "{o:?}");
    }
    Err(err(v.span(), key, message))
}

/// `err` with a fixed message: one call, not a copy of the text at each
/// place that refuses a value.
#[inline(never)]
pub(super) fn refuse(err: ErrFn<'_>, span: Range<usize>, key: &str, message: &str) -> VariantError {
    err(span, key, message.to_string())
}

/// A region of two sides' squares; an error names `key.white` or
/// `key.black`.
#[inline(never)]
pub(super) fn sides(
    err: ErrFn<'_>,
    size: BoardSize,
    white: &Spanned<String>,
    black: &Spanned<String>,
    key: &str,
) -> Result<WideRegion, VariantError> {
    let side = |s: &Spanned<String>, color: &str| {
        Region::parse_squares_in(size, s.get_ref())
            .map_err(|m| err(s.span(), &format!("{key}.{color}"), m))
    };
    Ok(Region {
        white: side(white, "white")?,
        black: side(black, "black")?,
    })
}

/// [`sides`] of a region that may be left out.
#[inline(never)]
fn region(
    err: ErrFn<'_>,
    size: BoardSize,
    r: &Option<Spanned<RawRegion>>,
    key: &str,
) -> Result<Option<WideRegion>, VariantError> {
    match r {
        None => Ok(None),
        Some(r) => sides(err, size, &r.get_ref().white, &r.get_ref().black, key).map(Some),
    }
}

/// A flag that may be left out.
fn on(b: &Option<Spanned<bool>>) -> bool {
    b.as_ref().is_some_and(|b| *b.get_ref())
}

impl Reader<'_> {
    fn err(&self, span: Range<usize>, key: &str, message: String) -> VariantError {
        VariantError::Value {
            line: line_of(self.text, span.start),
            key: key.to_string(),
            message,
        }
    }

    fn def(&self, raw: RawDef) -> Result<VariantDef, VariantError> {
        let err: ErrFn<'_> = &|span, key, message| self.err(span, key, message);
        let name = raw.name.get_ref();
        let name_ok = !name.is_empty()
            && name.len() <= 64
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !name_ok {
            return Err(err(
                raw.name.span(),
                "name",
                format!(
                    "{}: a name is 1-64 lowercase letters, digits and '-'",
                    crate::quote::quoted(name)
                ),
            ));
        }
        let most = if self.large { 26 } else { 16 };
        let files = number(err, &raw.files, "files", 1, most)? as u8;
        let ranks = number(err, &raw.ranks, "ranks", 1, most)? as u8;
        let size = if self.large {
            BoardSize::new_huge(files, ranks)
        } else {
            BoardSize::new(files, ranks)
        };
        let Some(size) = size else {
            return Err(err(
                raw.ranks.span(),
                "ranks",
                format!("a {files}x{ranks} board has more than 128 squares"),
            ));
        };
        let stalemate = match &raw.stalemate {
            None => StalemateRule::Draw,
            Some(s) => [
                StalemateRule::Draw,
                StalemateRule::Loss,
                StalemateRule::Win,
                StalemateRule::FewerPieces,
                StalemateRule::MorePieces,
            ][choice(
                err,
                s,
                "stalemate",
                &["draw", "loss", "win", "fewer-pieces", "more-pieces"],
                COMMAS,
            )?],
        };
        let promotion = match &raw.promotion {
            None => PromotionDef::None,
            Some(p) => promotion(err, size, p)?,
        };
        let castling = match &raw.castling {
            None => None,
            Some(c) => {
                let distance = |d: &Option<Spanned<i64>>, key| match d {
                    None => Ok(None),
                    Some(d) => number(err, d, key, 1, 15).map(|n| Some(n as u8)),
                };
                Some(CastlingDef {
                    rook: c.rook.get_ref().clone(),
                    kingside: distance(&c.kingside, "castling.kingside")?,
                    queenside: distance(&c.queenside, "castling.queenside")?,
                    any_start: c.any_start.unwrap_or(false),
                    king: string(&c.king),
                    partner_files: [
                        partner_file(err, size, &c.kingside_partner, "castling.kingside-partner")?,
                        partner_file(
                            err,
                            size,
                            &c.queenside_partner,
                            "castling.queenside-partner",
                        )?,
                    ],
                    other_rooks: strings(c.other_rooks.as_deref().unwrap_or_default()),
                })
            }
        };
        let game_end = match &raw.game_end {
            None => Default::default(),
            Some(g) => super::end_def::read(g, err)?,
        };
        let rules = match &raw.rules {
            None => Default::default(),
            Some(r) => super::rules_def::read(r, size, err)?,
        };
        let drops = match &raw.drops {
            None => None,
            Some(d) => Some(DropsDef {
                captured: match &d.captured {
                    None => CapturedRule::Unpromoted,
                    Some(c) => [
                        CapturedRule::Unpromoted,
                        CapturedRule::Marked,
                        CapturedRule::Lost,
                        CapturedRule::AsIs,
                        CapturedRule::Partner,
                    ][choice(
                        err,
                        c,
                        "drops.captured",
                        &["unpromoted", "marked", "lost", "as-is", "partner"],
                        COMMAS,
                    )?],
                },
                promoted: d.promoted.unwrap_or(false),
            }),
        };
        let mut pieces = Vec::with_capacity(raw.piece.len());
        for p in &raw.piece {
            pieces.push(piece(err, size, p.get_ref())?);
        }
        Ok(VariantDef {
            name: name.clone(),
            files,
            ranks,
            pieces,
            start_fen: raw.start.get_ref().clone(),
            stalemate,
            facing_kings: raw.facing_kings.unwrap_or(false),
            mark_promoted: raw.mark_promoted.unwrap_or(false),
            en_passant: raw.en_passant.unwrap_or(false),
            promotion,
            castling,
            game_end,
            drops,
            immobility_illegal: raw.immobility_illegal.unwrap_or(false),
            rules,
            random_start: raw.random_start.unwrap_or(false),
        })
    }
}

/// A castling partner's file letter, on the board.
fn partner_file(
    err: ErrFn<'_>,
    size: BoardSize,
    file: &Option<Spanned<String>>,
    key: &str,
) -> Result<Option<u8>, VariantError> {
    match file {
        None => Ok(None),
        Some(f) => match f.get_ref().as_bytes() {
            [c @ b'a'..=b'z'] if usize::from(c - b'a') < size.files() as usize => {
                Ok(Some(c - b'a'))
            }
            _ => Err(err(
                f.span(),
                key,
                format!("{:?}: not a file of the board", f.get_ref()),
            )),
        },
    }
}

fn promotion(
    err: ErrFn<'_>,
    size: BoardSize,
    p: &RawPromotion,
) -> Result<PromotionDef, VariantError> {
    // The keys of one scheme only, and their spans.
    let spans = |v: &Option<Spanned<bool>>| v.as_ref().map(Spanned::span);
    let zone_keys = [
        ("promotion.zone", p.zone.as_ref().map(Spanned::span)),
        ("promotion.forced", p.forced.as_ref().map(Spanned::span)),
        ("promotion.limits", p.limits.as_ref().map(Spanned::span)),
        ("promotion.from-zone", spans(&p.from_zone)),
        ("promotion.from-zone-captures", spans(&p.from_zone_captures)),
        ("promotion.captures-only", spans(&p.captures_only)),
    ];
    let capture_keys = [(
        "promotion.captured-becomes",
        p.captured_becomes.as_ref().map(Spanned::span),
    )];
    let scheme = choice(err, &p.scheme, "promotion.scheme", &["zone", "capture"], 0)?;
    let (other, others) = match scheme {
        0 => ("capture", &capture_keys[..]),
        _ => ("zone", &zone_keys[..]),
    };
    for (key, span) in others {
        if let Some(span) = span {
            return Err(err(
                span.clone(),
                key,
                format!("`{key}` belongs to the {other} scheme only"),
            ));
        }
    }
    if scheme == 1 {
        return Ok(PromotionDef::OnCapture {
            captured_becomes: string(&p.captured_becomes),
        });
    }
    let Some(zone) = &p.zone else {
        return Err(refuse(
            err,
            p.scheme.span(),
            "promotion.zone",
            "the zone scheme needs a `zone`",
        ));
    };
    let zone = sides(
        err,
        size,
        &zone.get_ref().white,
        &zone.get_ref().black,
        "promotion.zone",
    )?;
    let forced = region(err, size, &p.forced, "promotion.forced")?.unwrap_or_default();
    let mut limits = BTreeMap::new();
    if let Some(l) = &p.limits {
        for (token, n) in l.get_ref() {
            let key = format!("promotion.limits.{}", prefix(token));
            limits.insert(token.clone(), number(err, n, &key, 0, 128)? as u8);
        }
    }
    let from_zone = on(&p.from_zone);
    let from_zone_captures = on(&p.from_zone_captures);
    if let (true, Some(c)) = (from_zone, &p.from_zone_captures)
        && from_zone_captures
    {
        return Err(refuse(
            err,
            c.span(),
            "promotion.from-zone-captures",
            "not with `from-zone = true` (which lets every move from the zone promote)",
        ));
    }
    let captures_only = on(&p.captures_only);
    if let (true, Some(c)) = (from_zone_captures, &p.captures_only)
        && captures_only
    {
        return Err(refuse(
            err,
            c.span(),
            "promotion.captures-only",
            "not with `from-zone-captures` (only captures promote anywhere)",
        ));
    }
    Ok(PromotionDef::Zone {
        zone,
        forced,
        limits,
        from_zone,
        from_zone_captures,
        captures_only,
    })
}

fn piece(err: ErrFn<'_>, size: BoardSize, p: &RawPiece) -> Result<PieceDef, VariantError> {
    Ok(PieceDef {
        name: p.name.get_ref().clone(),
        token: p.token.get_ref().clone(),
        alias: string(&p.alias),
        betza: p.betza.get_ref().clone(),
        royal: p.royal,
        pawn: p.pawn,
        promotions: strings(&p.promotes),
        promotions_by_side: [&p.promotes_white, &p.promotes_black]
            .map(|l| l.as_deref().map(strings)),
        promoted: p.promoted,
        confinement: region(err, size, &p.confined, "confined")?,
        initial: region(err, size, &p.initial, "initial")?,
        diagonal_lines: region(err, size, &p.diagonal_lines, "diagonal-lines")?,
        en_passant_from: region(err, size, &p.en_passant_from, "en-passant-from")?,
        double_step: p.double_step,
        drop_region: region(err, size, &p.drop_region, "drop-region")?,
        drops_per_file: match &p.drops_per_file {
            None => None,
            Some(n) => Some(number(err, n, "drops-per-file", 1, 26)? as u8),
        },
        drop_mate_illegal: p.drop_mate_illegal,
        distinct_two_step: p.distinct_two_step,
        lion: p.lion,
        lion_bait: p.lion_bait,
    })
}

/// A TOML basic string.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare where it may be, quoted otherwise (`"+F"`).
fn key(s: &str) -> String {
    let bare = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if bare { s.to_string() } else { quoted(s) }
}

// The writer's lines are calls of these few functions, not a `writeln!`
// each: a `format_args!` is built at each call site, and the writer has a
// hundred lines (the WebAssembly module's size, issue 38).

/// `key = value`.
#[inline(never)]
pub(super) fn line(f: &mut fmt::Formatter<'_>, key: &str, value: &dyn fmt::Display) -> fmt::Result {
    writeln!(f, "{key} = {value}")
}

/// `key = true`, when `on`.
#[inline(never)]
pub(super) fn flag(f: &mut fmt::Formatter<'_>, on: bool, key: &str) -> fmt::Result {
    if on { line(f, key, &"true") } else { Ok(()) }
}

/// `key = "text"`, a TOML basic string.
#[inline(never)]
pub(super) fn string_line(f: &mut fmt::Formatter<'_>, key: &str, text: &str) -> fmt::Result {
    line(f, key, &quoted(text))
}

/// `key = ["a", "b"]`, the tokens as TOML strings, without the line's end.
#[inline(never)]
pub(super) fn list(f: &mut fmt::Formatter<'_>, key: &str, items: &[String]) -> fmt::Result {
    write!(f, "{key} = [")?;
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(&quoted(t))?;
    }
    f.write_str("]")
}

/// `key = ["a", "b"]`: the tokens as TOML strings.
#[inline(never)]
pub(super) fn list_line(f: &mut fmt::Formatter<'_>, key: &str, items: &[String]) -> fmt::Result {
    list(f, key, items)?;
    f.write_str("\n")
}

/// [`list_line`] when the list is not empty.
#[inline(never)]
pub(super) fn some_list_line(
    f: &mut fmt::Formatter<'_>,
    key: &str,
    items: &[String],
) -> fmt::Result {
    if items.is_empty() {
        Ok(())
    } else {
        list_line(f, key, items)
    }
}

/// `key = { a, b }` or `key = [a, b]` (`open` is `{ ` or `[`): the items
/// written as they are.
#[inline(never)]
pub(super) fn items_line(
    f: &mut fmt::Formatter<'_>,
    key: &str,
    open: &str,
    items: &mut dyn Iterator<Item = String>,
) -> fmt::Result {
    write!(f, "{key} = {open}")?;
    for (i, t) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(&t)?;
    }
    f.write_str(if open == "[" { "]\n" } else { " }\n" })
}

/// `key = { white = "a1", black = "a8" }`, when there is a region.
#[inline(never)]
fn region_line(
    f: &mut fmt::Formatter<'_>,
    key: &str,
    size: BoardSize,
    region: Option<&WideRegion>,
) -> fmt::Result {
    match region {
        Some(r) => line(f, key, &RegionText(size, r)),
        None => Ok(()),
    }
}

impl fmt::Display for VariantDef {
    /// Writes the definition in the definition-file format; reading it back
    /// gives an equal definition.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Regions need a board; a definition without a valid one is written
        // on the largest board so that no square is lost.
        let size = self
            .size()
            .or_else(|| BoardSize::new_huge(self.files, self.ranks))
            .unwrap_or_else(|| BoardSize::new(16, 8).expect("valid"));
        string_line(f, "name", &self.name)?;
        line(f, "files", &self.files)?;
        line(f, "ranks", &self.ranks)?;
        string_line(f, "start", &self.start_fen)?;
        let stalemate = match self.stalemate {
            StalemateRule::Draw => None,
            StalemateRule::Loss => Some("loss"),
            StalemateRule::Win => Some("win"),
            StalemateRule::FewerPieces => Some("fewer-pieces"),
            StalemateRule::MorePieces => Some("more-pieces"),
        };
        if let Some(s) = stalemate {
            string_line(f, "stalemate", s)?;
        }
        for (on, key) in [
            (self.facing_kings, "facing-kings"),
            (self.mark_promoted, "mark-promoted"),
            (self.en_passant, "en-passant"),
            (self.immobility_illegal, "immobility-illegal"),
            (self.random_start, "random-start"),
        ] {
            flag(f, on, key)?;
        }
        match &self.promotion {
            PromotionDef::None => {}
            PromotionDef::OnCapture { captured_becomes } => {
                f.write_str("\n[promotion]\nscheme = \"capture\"\n")?;
                if let Some(t) = captured_becomes {
                    string_line(f, "captured-becomes", t)?;
                }
            }
            PromotionDef::Zone {
                zone,
                forced,
                limits,
                from_zone,
                from_zone_captures,
                captures_only,
            } => {
                f.write_str("\n[promotion]\nscheme = \"zone\"\n")?;
                region_line(f, "zone", size, Some(zone))?;
                region_line(
                    f,
                    "forced",
                    size,
                    Some(forced).filter(|r| **r != Region::default()),
                )?;
                if !limits.is_empty() {
                    items_line(
                        f,
                        "limits",
                        "{ ",
                        &mut limits.iter().map(|(t, n)| format!("{} = {n}", key(t))),
                    )?;
                }
                for (on, key) in [
                    (*from_zone, "from-zone"),
                    (*from_zone_captures, "from-zone-captures"),
                    (*captures_only, "captures-only"),
                ] {
                    flag(f, on, key)?;
                }
            }
        }
        if let Some(d) = &self.drops {
            f.write_str("\n[drops]\n")?;
            let captured = match d.captured {
                CapturedRule::Unpromoted => "unpromoted",
                CapturedRule::Marked => "marked",
                CapturedRule::Lost => "lost",
                CapturedRule::AsIs => "as-is",
                CapturedRule::Partner => "partner",
            };
            string_line(f, "captured", captured)?;
            flag(f, d.promoted, "promoted")?;
        }
        if let Some(c) = &self.castling {
            f.write_str("\n[castling]\n")?;
            string_line(f, "rook", &c.rook)?;
            for (key, d) in [("kingside", c.kingside), ("queenside", c.queenside)] {
                if let Some(d) = d {
                    line(f, key, &d)?;
                }
            }
            flag(f, c.any_start, "any-start")?;
            if let Some(k) = &c.king {
                string_line(f, "king", k)?;
            }
            for (key, file) in ["kingside-partner", "queenside-partner"]
                .into_iter()
                .zip(c.partner_files)
            {
                if let Some(file) = file {
                    string_line(f, key, char::from(b'a' + file).encode_utf8(&mut [0; 4]))?;
                }
            }
            some_list_line(f, "other-rooks", &c.other_rooks)?;
        }
        super::end_def::write(f, &self.game_end)?;
        super::rules_def::write(f, &self.rules, size)?;
        for p in &self.pieces {
            f.write_str("\n[[piece]]\n")?;
            string_line(f, "name", &p.name)?;
            string_line(f, "token", &p.token)?;
            if let Some(a) = &p.alias {
                string_line(f, "alias", a)?;
            }
            string_line(f, "betza", &p.betza)?;
            for (on, key) in [
                (p.royal, "royal"),
                (p.pawn, "pawn"),
                (p.promoted, "promoted"),
            ] {
                flag(f, on, key)?;
            }
            for (key, r) in [
                ("confined", &p.confinement),
                ("initial", &p.initial),
                ("diagonal-lines", &p.diagonal_lines),
                ("en-passant-from", &p.en_passant_from),
            ] {
                region_line(f, key, size, r.as_ref())?;
            }
            flag(f, p.double_step, "double-step")?;
            some_list_line(f, "promotes", &p.promotions)?;
            for (key, side) in ["promotes-white", "promotes-black"]
                .into_iter()
                .zip(&p.promotions_by_side)
            {
                if let Some(side) = side {
                    list_line(f, key, side)?;
                }
            }
            region_line(f, "drop-region", size, p.drop_region.as_ref())?;
            if let Some(n) = p.drops_per_file {
                line(f, "drops-per-file", &n)?;
            }
            for (on, key) in [
                (p.drop_mate_illegal, "drop-mate-illegal"),
                (p.distinct_two_step, "distinct-two-step"),
                (p.lion, "lion"),
                (p.lion_bait, "lion-bait"),
            ] {
                flag(f, on, key)?;
            }
        }
        Ok(())
    }
}

impl FromStr for VariantDef {
    type Err = VariantError;

    /// Reads a definition file's text (TOML). Errors name the line and the
    /// key; the definition is not yet checked for playability
    /// ([`crate::Variant::new`] does that).
    fn from_str(text: &str) -> Result<VariantDef, VariantError> {
        read(text)
    }
}
