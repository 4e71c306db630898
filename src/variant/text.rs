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

impl Reader<'_> {
    fn err(&self, span: Range<usize>, key: &str, message: String) -> VariantError {
        VariantError::Value {
            line: line_of(self.text, span.start),
            key: key.to_string(),
            message,
        }
    }

    fn count(&self, v: &Spanned<i64>, key: &str, max: i64) -> Result<u8, VariantError> {
        let n = *v.get_ref();
        if (1..=max).contains(&n) {
            Ok(n as u8)
        } else {
            Err(self.err(v.span(), key, format!("{n} is not in 1..={max}")))
        }
    }

    fn region(
        &self,
        size: BoardSize,
        r: &Spanned<RawRegion>,
        key: &str,
    ) -> Result<WideRegion, VariantError> {
        let r = r.get_ref();
        let side = |s: &Spanned<String>, color: &str| {
            Region::parse_squares_in(size, s.get_ref())
                .map_err(|m| self.err(s.span(), &format!("{key}.{color}"), m))
        };
        Ok(Region {
            white: side(&r.white, "white")?,
            black: side(&r.black, "black")?,
        })
    }

    fn def(&self, raw: RawDef) -> Result<VariantDef, VariantError> {
        let name = raw.name.get_ref();
        let name_ok = !name.is_empty()
            && name.len() <= 64
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !name_ok {
            return Err(self.err(
                raw.name.span(),
                "name",
                format!(
                    "{}: a name is 1-64 lowercase letters, digits and '-'",
                    crate::quote::quoted(name)
                ),
            ));
        }
        let most = if self.large { 26 } else { 16 };
        let files = self.count(&raw.files, "files", most)?;
        let ranks = self.count(&raw.ranks, "ranks", most)?;
        let size = if self.large {
            BoardSize::new_huge(files, ranks)
        } else {
            BoardSize::new(files, ranks)
        };
        let size = size.ok_or_else(|| {
            self.err(
                raw.ranks.span(),
                "ranks",
                format!("a {files}x{ranks} board has more than 128 squares"),
            )
        })?;
        let stalemate = match &raw.stalemate {
            None => StalemateRule::Draw,
            Some(s) => match s.get_ref().as_str() {
                "draw" => StalemateRule::Draw,
                "loss" => StalemateRule::Loss,
                "win" => StalemateRule::Win,
                "fewer-pieces" => StalemateRule::FewerPieces,
                "more-pieces" => StalemateRule::MorePieces,
                other => {
                    return Err(self.err(
                        s.span(),
                        "stalemate",
                        format!(
                            "{}: expected \"draw\", \"loss\", \"win\", \"fewer-pieces\" or \"more-pieces\"",
                            crate::quote::quoted(other)
                        ),
                    ));
                }
            },
        };
        let promotion = match &raw.promotion {
            None => PromotionDef::None,
            Some(p) => self.promotion(size, p)?,
        };
        let castling = match &raw.castling {
            None => None,
            Some(c) => Some(CastlingDef {
                rook: c.rook.get_ref().clone(),
                kingside: c
                    .kingside
                    .as_ref()
                    .map(|d| self.count(d, "castling.kingside", 15))
                    .transpose()?,
                queenside: c
                    .queenside
                    .as_ref()
                    .map(|d| self.count(d, "castling.queenside", 15))
                    .transpose()?,
                any_start: c.any_start.unwrap_or(false),
                king: c.king.as_ref().map(|k| k.get_ref().clone()),
                partner_files: [
                    self.partner_file(size, &c.kingside_partner, "castling.kingside-partner")?,
                    self.partner_file(size, &c.queenside_partner, "castling.queenside-partner")?,
                ],
                other_rooks: c
                    .other_rooks
                    .iter()
                    .flatten()
                    .map(|t| t.get_ref().clone())
                    .collect(),
            }),
        };
        let game_end = match &raw.game_end {
            None => Default::default(),
            Some(g) => super::end_def::read(g, &|span, key, message| self.err(span, key, message))?,
        };
        let rules = match &raw.rules {
            None => Default::default(),
            Some(r) => {
                super::rules_def::read(r, size, &|span, key, message| self.err(span, key, message))?
            }
        };
        let drops = match &raw.drops {
            None => None,
            Some(d) => Some(DropsDef {
                captured: match &d.captured {
                    None => CapturedRule::Unpromoted,
                    Some(c) => match c.get_ref().as_str() {
                        "unpromoted" => CapturedRule::Unpromoted,
                        "marked" => CapturedRule::Marked,
                        "lost" => CapturedRule::Lost,
                        "as-is" => CapturedRule::AsIs,
                        "partner" => CapturedRule::Partner,
                        other => {
                            return Err(self.err(
                                c.span(),
                                "drops.captured",
                                format!(
                                    "{}: expected \"unpromoted\", \"marked\", \"lost\", \"as-is\" or \"partner\"",
                                    crate::quote::quoted(other)
                                ),
                            ));
                        }
                    },
                },
                promoted: d.promoted.unwrap_or(false),
            }),
        };
        let mut pieces = Vec::with_capacity(raw.piece.len());
        for p in &raw.piece {
            pieces.push(self.piece(size, p.get_ref())?);
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

    /// A castling partner's file letter, on the board.
    fn partner_file(
        &self,
        size: BoardSize,
        file: &Option<Spanned<String>>,
        key: &str,
    ) -> Result<Option<u8>, VariantError> {
        file.as_ref()
            .map(|f| match f.get_ref().as_bytes() {
                [c @ b'a'..=b'z'] if usize::from(c - b'a') < size.files() as usize => Ok(c - b'a'),
                _ => Err(self.err(
                    f.span(),
                    key,
                    format!("{:?}: not a file of the board", f.get_ref()),
                )),
            })
            .transpose()
    }

    fn promotion(&self, size: BoardSize, p: &RawPromotion) -> Result<PromotionDef, VariantError> {
        let only_in = |present: Option<Range<usize>>, key: &str, scheme: &str| match present {
            Some(span) => Err(self.err(
                span,
                key,
                format!("`{key}` belongs to the {scheme} scheme only"),
            )),
            None => Ok(()),
        };
        match p.scheme.get_ref().as_str() {
            "capture" => {
                only_in(p.zone.as_ref().map(Spanned::span), "promotion.zone", "zone")?;
                only_in(
                    p.forced.as_ref().map(Spanned::span),
                    "promotion.forced",
                    "zone",
                )?;
                only_in(
                    p.limits.as_ref().map(Spanned::span),
                    "promotion.limits",
                    "zone",
                )?;
                only_in(
                    p.from_zone.as_ref().map(Spanned::span),
                    "promotion.from-zone",
                    "zone",
                )?;
                only_in(
                    p.from_zone_captures.as_ref().map(Spanned::span),
                    "promotion.from-zone-captures",
                    "zone",
                )?;
                only_in(
                    p.captures_only.as_ref().map(Spanned::span),
                    "promotion.captures-only",
                    "zone",
                )?;
                Ok(PromotionDef::OnCapture {
                    captured_becomes: p.captured_becomes.as_ref().map(|t| t.get_ref().clone()),
                })
            }
            "zone" => {
                only_in(
                    p.captured_becomes.as_ref().map(Spanned::span),
                    "promotion.captured-becomes",
                    "capture",
                )?;
                let zone = match &p.zone {
                    Some(z) => self.region(size, z, "promotion.zone")?,
                    None => {
                        return Err(self.err(
                            p.scheme.span(),
                            "promotion.zone",
                            "the zone scheme needs a `zone`".into(),
                        ));
                    }
                };
                let forced = match &p.forced {
                    Some(f) => self.region(size, f, "promotion.forced")?,
                    None => Region::default(),
                };
                let mut limits = BTreeMap::new();
                if let Some(l) = &p.limits {
                    for (token, n) in l.get_ref() {
                        let key = format!("promotion.limits.{}", prefix(token));
                        let v = *n.get_ref();
                        if !(0..=128).contains(&v) {
                            return Err(self.err(n.span(), &key, format!("{v} is not in 0..=128")));
                        }
                        limits.insert(token.clone(), v as u8);
                    }
                }
                let from_zone = p.from_zone.as_ref().is_some_and(|b| *b.get_ref());
                let from_zone_captures =
                    p.from_zone_captures.as_ref().is_some_and(|b| *b.get_ref());
                if let (true, Some(c)) = (from_zone, &p.from_zone_captures)
                    && from_zone_captures
                {
                    return Err(self.err(
                        c.span(),
                        "promotion.from-zone-captures",
                        "not with `from-zone = true` (which lets every move from the zone promote)"
                            .into(),
                    ));
                }
                let captures_only = p.captures_only.as_ref().is_some_and(|b| *b.get_ref());
                if let (true, Some(c)) = (from_zone_captures, &p.captures_only)
                    && captures_only
                {
                    return Err(self.err(
                        c.span(),
                        "promotion.captures-only",
                        "not with `from-zone-captures` (only captures promote anywhere)".into(),
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
            other => Err(self.err(
                p.scheme.span(),
                "promotion.scheme",
                format!(
                    "{}: expected \"zone\" or \"capture\"",
                    crate::quote::quoted(other)
                ),
            )),
        }
    }

    fn piece(&self, size: BoardSize, p: &RawPiece) -> Result<PieceDef, VariantError> {
        let region = |r: &Option<Spanned<RawRegion>>, key: &str| {
            r.as_ref().map(|r| self.region(size, r, key)).transpose()
        };
        Ok(PieceDef {
            name: p.name.get_ref().clone(),
            token: p.token.get_ref().clone(),
            alias: p.alias.as_ref().map(|a| a.get_ref().clone()),
            betza: p.betza.get_ref().clone(),
            royal: p.royal,
            pawn: p.pawn,
            promotions: p.promotes.iter().map(|t| t.get_ref().clone()).collect(),
            promotions_by_side: [&p.promotes_white, &p.promotes_black].map(|l| {
                l.as_ref()
                    .map(|l| l.iter().map(|t| t.get_ref().clone()).collect())
            }),
            promoted: p.promoted,
            confinement: region(&p.confined, "confined")?,
            initial: region(&p.initial, "initial")?,
            diagonal_lines: region(&p.diagonal_lines, "diagonal-lines")?,
            en_passant_from: region(&p.en_passant_from, "en-passant-from")?,
            double_step: p.double_step,
            drop_region: region(&p.drop_region, "drop-region")?,
            drops_per_file: p
                .drops_per_file
                .as_ref()
                .map(|n| self.count(n, "drops-per-file", 26))
                .transpose()?,
            drop_mate_illegal: p.drop_mate_illegal,
            distinct_two_step: p.distinct_two_step,
            lion: p.lion,
            lion_bait: p.lion_bait,
        })
    }
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
        writeln!(f, "name = {}", quoted(&self.name))?;
        writeln!(f, "files = {}", self.files)?;
        writeln!(f, "ranks = {}", self.ranks)?;
        writeln!(f, "start = {}", quoted(&self.start_fen))?;
        match self.stalemate {
            StalemateRule::Draw => {}
            StalemateRule::Loss => writeln!(f, "stalemate = \"loss\"")?,
            StalemateRule::Win => writeln!(f, "stalemate = \"win\"")?,
            StalemateRule::FewerPieces => writeln!(f, "stalemate = \"fewer-pieces\"")?,
            StalemateRule::MorePieces => writeln!(f, "stalemate = \"more-pieces\"")?,
        }
        if self.facing_kings {
            writeln!(f, "facing-kings = true")?;
        }
        if self.mark_promoted {
            writeln!(f, "mark-promoted = true")?;
        }
        if self.en_passant {
            writeln!(f, "en-passant = true")?;
        }
        if self.immobility_illegal {
            writeln!(f, "immobility-illegal = true")?;
        }
        if self.random_start {
            writeln!(f, "random-start = true")?;
        }
        match &self.promotion {
            PromotionDef::None => {}
            PromotionDef::OnCapture { captured_becomes } => {
                writeln!(f, "\n[promotion]\nscheme = \"capture\"")?;
                if let Some(t) = captured_becomes {
                    writeln!(f, "captured-becomes = {}", quoted(t))?;
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
                writeln!(f, "\n[promotion]\nscheme = \"zone\"")?;
                writeln!(f, "zone = {}", RegionText(size, zone))?;
                if *forced != Region::default() {
                    writeln!(f, "forced = {}", RegionText(size, forced))?;
                }
                if !limits.is_empty() {
                    let items: Vec<String> = limits
                        .iter()
                        .map(|(t, n)| format!("{} = {n}", key(t)))
                        .collect();
                    writeln!(f, "limits = {{ {} }}", items.join(", "))?;
                }
                if *from_zone {
                    writeln!(f, "from-zone = true")?;
                }
                if *from_zone_captures {
                    writeln!(f, "from-zone-captures = true")?;
                }
                if *captures_only {
                    writeln!(f, "captures-only = true")?;
                }
            }
        }
        if let Some(d) = &self.drops {
            writeln!(f, "\n[drops]")?;
            let captured = match d.captured {
                CapturedRule::Unpromoted => "unpromoted",
                CapturedRule::Marked => "marked",
                CapturedRule::Lost => "lost",
                CapturedRule::AsIs => "as-is",
                CapturedRule::Partner => "partner",
            };
            writeln!(f, "captured = \"{captured}\"")?;
            if d.promoted {
                writeln!(f, "promoted = true")?;
            }
        }
        if let Some(c) = &self.castling {
            writeln!(f, "\n[castling]\nrook = {}", quoted(&c.rook))?;
            if let Some(d) = c.kingside {
                writeln!(f, "kingside = {d}")?;
            }
            if let Some(d) = c.queenside {
                writeln!(f, "queenside = {d}")?;
            }
            if c.any_start {
                writeln!(f, "any-start = true")?;
            }
            if let Some(k) = &c.king {
                writeln!(f, "king = {}", quoted(k))?;
            }
            for (key, file) in ["kingside-partner", "queenside-partner"]
                .into_iter()
                .zip(c.partner_files)
            {
                if let Some(file) = file {
                    writeln!(f, "{key} = \"{}\"", (b'a' + file) as char)?;
                }
            }
            if !c.other_rooks.is_empty() {
                let list: Vec<String> = c.other_rooks.iter().map(|t| quoted(t)).collect();
                writeln!(f, "other-rooks = [{}]", list.join(", "))?;
            }
        }
        super::end_def::write(f, &self.game_end)?;
        super::rules_def::write(f, &self.rules, size)?;
        for p in &self.pieces {
            writeln!(f, "\n[[piece]]")?;
            writeln!(f, "name = {}", quoted(&p.name))?;
            writeln!(f, "token = {}", quoted(&p.token))?;
            if let Some(a) = &p.alias {
                writeln!(f, "alias = {}", quoted(a))?;
            }
            writeln!(f, "betza = {}", quoted(&p.betza))?;
            if p.royal {
                writeln!(f, "royal = true")?;
            }
            if p.pawn {
                writeln!(f, "pawn = true")?;
            }
            if p.promoted {
                writeln!(f, "promoted = true")?;
            }
            if let Some(r) = &p.confinement {
                writeln!(f, "confined = {}", RegionText(size, r))?;
            }
            if let Some(r) = &p.initial {
                writeln!(f, "initial = {}", RegionText(size, r))?;
            }
            if let Some(r) = &p.diagonal_lines {
                writeln!(f, "diagonal-lines = {}", RegionText(size, r))?;
            }
            if let Some(r) = &p.en_passant_from {
                writeln!(f, "en-passant-from = {}", RegionText(size, r))?;
            }
            if p.double_step {
                writeln!(f, "double-step = true")?;
            }
            if !p.promotions.is_empty() {
                let list: Vec<String> = p.promotions.iter().map(|t| quoted(t)).collect();
                writeln!(f, "promotes = [{}]", list.join(", "))?;
            }
            for (key, side) in ["promotes-white", "promotes-black"]
                .into_iter()
                .zip(&p.promotions_by_side)
            {
                if let Some(side) = side {
                    let list: Vec<String> = side.iter().map(|t| quoted(t)).collect();
                    writeln!(f, "{key} = [{}]", list.join(", "))?;
                }
            }
            if let Some(r) = &p.drop_region {
                writeln!(f, "drop-region = {}", RegionText(size, r))?;
            }
            if let Some(n) = p.drops_per_file {
                writeln!(f, "drops-per-file = {n}")?;
            }
            if p.drop_mate_illegal {
                writeln!(f, "drop-mate-illegal = true")?;
            }
            if p.distinct_two_step {
                writeln!(f, "distinct-two-step = true")?;
            }
            if p.lion {
                writeln!(f, "lion = true")?;
            }
            if p.lion_bait {
                writeln!(f, "lion-bait = true")?;
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
