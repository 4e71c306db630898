//! Checking a [`VariantDef`]: each rule a small named function with its own
//! [`VariantError`]. What passes is resolved (tokens to roles, Betza parsed)
//! for [`super::compile`].

use crate::bitboard::{BoardSize, Color};
use crate::notation::{self, Term};

use super::def::{CapturedRule, PieceDef, PromotionDef, PromotionText, VariantDef, WideRegion};
use super::{MAX_DEF_ROLES, MAX_ROLES, PieceToken, PieceType, Promotion, Role, VariantError};

/// A definition that passed every check, resolved.
pub(super) struct Checked {
    pub size: BoardSize,
    pub royal: Role,
    pub pawn: Option<Role>,
    pub parsed: Vec<notation::ParsedPiece>,
    pub pieces: Vec<PieceType>,
    pub promotion: Promotion,
    pub promotion_text: PromotionText,
    pub limits: [u8; MAX_DEF_ROLES],
    pub castling: Option<CheckedCastling>,
    /// Per role, the type it enters the hand as (`None`: never), when the
    /// variant has drops.
    pub into_hand: Option<[Option<Role>; MAX_DEF_ROLES]>,
}

/// Checked castling: the partner, the distance towards each side, castling
/// from any start, and the piece that castles.
pub(super) struct CheckedCastling {
    pub rook: Role,
    pub distance: [u8; 2],
    pub any_start: bool,
    pub king: Role,
    pub partner_files: [Option<u8>; 2],
    /// The partner types, one bit per role (`rook` and `other-rooks`).
    pub rooks: u64,
}

pub(super) fn check(def: &VariantDef) -> Result<Checked, VariantError> {
    let size = board(def)?;
    piece_count(def, MAX_ROLES)?;
    check_on(def, size, super::MAX_HAND_TYPES)
}

/// [`check`] for the [`crate::bitboard::Large`] board type: boards of up
/// to 16x16, every rule (the definition's regions are held in
/// [`super::RegionWord`]).
pub(super) fn check_large(
    def: &VariantDef,
    new_size: fn(u8, u8) -> Option<BoardSize>,
    max_roles: usize,
) -> Result<Checked, VariantError> {
    let size = new_size(def.files, def.ranks).ok_or(VariantError::BoardSize {
        files: def.files,
        ranks: def.ranks,
    })?;
    piece_count(def, max_roles)?;
    check_on(def, size, super::MAX_WIDE_HAND_TYPES)
}

/// The types a hand may hold: at most `max` ([`super::MAX_HAND_TYPES`] on
/// a small board, whose positions pack the counts, more on a large one);
/// on a large board each among the first [`MAX_ROLES`] types (a `Setup`
/// counts hands per type, issue 24).
fn hand_kinds(
    into: Option<&[Option<Role>; MAX_DEF_ROLES]>,
    max: usize,
) -> Result<(), VariantError> {
    let Some(into) = into else { return Ok(()) };
    let mut kinds: Vec<Role> = into.iter().flatten().copied().collect();
    kinds.sort();
    kinds.dedup();
    if kinds.len() > max {
        let more = if max == super::MAX_HAND_TYPES {
            " (LargeVariant holds more)"
        } else {
            ""
        };
        return Err(VariantError::Drops(format!(
            "{} types can be in hand: at most {max}{more}",
            kinds.len()
        )));
    }
    if kinds.iter().any(|r| r.index() >= MAX_ROLES) {
        return Err(VariantError::LargeBoard(format!(
            "drops of a type beyond the first {MAX_ROLES} piece types"
        )));
    }
    Ok(())
}

fn check_on(def: &VariantDef, size: BoardSize, max_hand: usize) -> Result<Checked, VariantError> {
    tokens(def)?;
    // The mark is a bit of the board code beside the role (`MARKED`).
    if def.mark_promoted && def.pieces.len() > 63 {
        return Err(VariantError::LargeBoard(
            "mark-promoted with more than 63 piece types".into(),
        ));
    }
    let royal = royal(def)?;
    if def.game_end.royal_capture {
        royal_capture(def)?;
    }
    if let Some(p) = def.pieces.iter().find(|p| p.lion || p.lion_bait)
        && (!def.game_end.royal_capture || def.en_passant)
    {
        // The en-passant field of a position carries rule 4's square.
        return Err(VariantError::GameEnd(format!(
            "piece {:?}: the Lion-trading rules (lion, lion-bait) need royal-capture and no en passant{}",
            p.name,
            if def.en_passant {
                " (a position's en-passant field holds the square of Lion-trading rule 4)"
            } else {
                ""
            }
        )));
    }
    let pawn = pawn(def, royal)?;
    regions_on_board(def, size)?;
    let mut parsed = Vec::with_capacity(def.pieces.len());
    let mut pieces = Vec::with_capacity(def.pieces.len());
    for p in &def.pieces {
        // An empty Betza string: a piece that never moves (Fairy-Stockfish's
        // `immobile`, Reversi's stones, placed by drops).
        let mut piece = if p.betza.is_empty() {
            notation::ParsedPiece { terms: Vec::new() }
        } else {
            notation::parse(&p.betza).map_err(|error| VariantError::Betza {
                name: p.name.clone(),
                error,
            })?
        };
        if p.distinct_two_step {
            distinct_two_step(p, &mut piece)?;
        }
        let castle_distance = castle_terms(p, &piece)?;
        if p.diagonal_lines.is_some() {
            diagonal_lines(p, &piece)?;
        }
        pieces.push(PieceType {
            name: p.name.clone(),
            // `tokens` checked every token's form.
            token: p.token.parse().map_err(|_| VariantError::BadToken {
                name: p.name.clone(),
                token: p.token.clone(),
            })?,
            // `tokens` checked every alias's form.
            alias: p.alias.as_ref().and_then(|a| a.parse().ok()),
            betza: p.betza.clone(),
            royal: p.royal,
            promotions: promotions(def, p)?,
            promotions_barred: promotions_barred(def, p)?,
            promoted: p.promoted,
            confinement: p.confinement,
            initial: p.initial,
            diagonal_lines: p.diagonal_lines,
            castle_distance,
        });
        parsed.push(piece);
    }
    promotion_targets(&pieces, royal, &def.promotion)?;
    let promotion = scheme(def, &pieces, royal)?;
    let limits = limits(def)?;
    let from_zone = matches!(
        def.promotion,
        PromotionDef::Zone {
            from_zone: true,
            ..
        } | PromotionDef::Zone {
            from_zone_captures: true,
            ..
        }
    );
    // A promotion that is a move of its own names its type (`h4h4f`).
    let promotion_text = if def.rules.promotion_in_place {
        PromotionText::Letter
    } else {
        promotion_text(&pieces, promotion, from_zone)
    };
    if promotion_text == PromotionText::Letter {
        promotion_letters(&pieces)?;
    }
    en_passant(def, pawn, &pieces)?;
    let castling = castling(def, &pieces, royal, pawn)?;
    let into_hand = drops(def, &pieces, royal, pawn)?;
    hand_kinds(into_hand.as_ref(), max_hand)?;
    Ok(Checked {
        size,
        royal,
        pawn,
        parsed,
        pieces,
        promotion,
        promotion_text,
        limits,
        castling,
        into_hand,
    })
}

/// What each captured type becomes in hand; the drop keys only with
/// `[drops]`, at most [`super::MAX_HAND_TYPES`] types in hand.
fn drops(
    def: &VariantDef,
    pieces: &[PieceType],
    royal: Role,
    pawn: Option<Role>,
) -> Result<Option<[Option<Role>; MAX_DEF_ROLES]>, VariantError> {
    let Some(d) = &def.drops else {
        if def.rules.gating {
            return Ok(Some(gating_hands(def, pieces)?));
        }
        if let Some(p) = def
            .pieces
            .iter()
            .find(|p| p.drop_region.is_some() || p.drops_per_file.is_some() || p.drop_mate_illegal)
        {
            return Err(VariantError::Drops(format!(
                "piece {:?} has drop settings but the variant has no [drops] table",
                p.name
            )));
        }
        return Ok(None);
    };
    if d.captured == CapturedRule::Lost {
        // Captures never enter a hand: it holds what the start gives and
        // the types with drop settings.
        let mut into = gating_hands(def, pieces)?;
        for (i, p) in def.pieces.iter().enumerate() {
            // Free drops (`[rules] free-drops`) drop every type but a royal.
            let free = def.rules.free_drops && !p.royal;
            if free || p.drop_region.is_some() || p.drops_per_file.is_some() || p.drop_mate_illegal
            {
                into[i] = Some(Role(i as u8));
            }
        }
        return Ok(Some(into));
    }
    let mut into = [None; MAX_DEF_ROLES];
    for (i, _) in pieces.iter().enumerate() {
        if i == royal.index() {
            continue;
        }
        let r = Role(i as u8);
        into[i] = Some(match d.captured {
            // Partner: the types a hand may hold (compile keeps captures out).
            CapturedRule::Marked
            | CapturedRule::Lost
            | CapturedRule::AsIs
            | CapturedRule::Partner => r,
            CapturedRule::Unpromoted => {
                // A promoted type that turns back into an unpromoted one
                // (a demotion: Kyoto shogi's flip) is not its origin.
                let from: Vec<usize> = (0..pieces.len())
                    .filter(|&j| pieces[j].promotions.contains(&r))
                    .filter(|&j| !pieces[j].promoted || pieces[i].promoted)
                    .collect();
                match from[..] {
                    [] => r,
                    [j] => Role(j as u8),
                    _ => {
                        return Err(VariantError::Drops(format!(
                            "piece {:?}: several types promote to it, so its unpromoted type in hand is ambiguous",
                            pieces[i].name
                        )));
                    }
                }
            }
        });
    }
    // Bughouse's hands mark promotions only where a pawn type promotes.
    let partner_marks = d.captured == CapturedRule::Partner
        && pawn.is_some_and(|p| !pieces[p.index()].promotions.is_empty());
    if d.captured == CapturedRule::Marked || partner_marks {
        let rule = if partner_marks { "partner" } else { "marked" };
        let Some(p) = pawn else {
            return Err(VariantError::Drops(
                "captured = \"marked\" needs a pawn type (marked pieces enter the hand as it)"
                    .into(),
            ));
        };
        if let Some(q) = pieces
            .iter()
            .enumerate()
            .find(|&(i, q)| i != p.index() && !q.promotions.is_empty())
        {
            return Err(VariantError::Drops(format!(
                "captured = \"{rule}\": only the pawn type may promote, but {:?} does",
                q.1.name
            )));
        }
    }
    drop_settings_in_hand(def, &into)?;
    Ok(Some(into))
}

/// Refuses drop settings on a type that never enters a hand.
fn drop_settings_in_hand(
    def: &VariantDef,
    into: &[Option<Role>; MAX_DEF_ROLES],
) -> Result<(), VariantError> {
    for (i, p) in def.pieces.iter().enumerate() {
        let in_hand = into.iter().flatten().any(|r| r.index() == i);
        let set = p.drop_region.is_some() || p.drops_per_file.is_some() || p.drop_mate_illegal;
        if set && !in_hand {
            return Err(VariantError::Drops(format!(
                "piece {:?} has drop settings but never enters a hand",
                p.name
            )));
        }
    }
    Ok(())
}

/// Gating without `[drops]`: the hands hold the types of the start
/// position's hands, each as itself (captures never enter them: the
/// compiler clears `into_hand`).
fn gating_hands(
    def: &VariantDef,
    pieces: &[PieceType],
) -> Result<[Option<Role>; MAX_DEF_ROLES], VariantError> {
    let placement = def.start_fen.split(' ').next().unwrap_or("");
    let text = placement
        .find('[')
        .and_then(|i| placement[i + 1..].strip_suffix(']'))
        .unwrap_or("");
    let mut into = [None; MAX_DEF_ROLES];
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let Some((token, _, n)) = crate::PieceToken::read_prefix(&b[i..]) else {
            return Err(VariantError::StartFen(format!(
                "hands {}: expected a piece letter",
                crate::quote::quoted(text)
            )));
        };
        i += n;
        let Some(r) = pieces.iter().position(|p| p.token == token) else {
            return Err(VariantError::StartFen(format!(
                "hands {}: unknown piece token \"{token}\"",
                crate::quote::quoted(text)
            )));
        };
        into[r] = Some(Role(r as u8));
    }
    Ok(into)
}

/// The type of `token` in `def`, else `UnknownToken` naming `place`.
pub(super) fn role_of(def: &VariantDef, place: &str, token: &str) -> Result<Role, VariantError> {
    def.pieces
        .iter()
        .position(|p| p.token == token)
        .map(|i| Role(i as u8))
        .ok_or_else(|| VariantError::UnknownToken {
            place: place.to_string(),
            token: token.to_string(),
        })
}

fn board(def: &VariantDef) -> Result<BoardSize, VariantError> {
    def.size().ok_or(VariantError::BoardSize {
        files: def.files,
        ranks: def.ranks,
    })
}

/// 1 to `max` piece types: [`MAX_ROLES`] on a small board, 64 on a large one.
fn piece_count(def: &VariantDef, max: usize) -> Result<(), VariantError> {
    if def.pieces.is_empty() || def.pieces.len() > max {
        return Err(VariantError::PieceCount(def.pieces.len()));
    }
    Ok(())
}

/// An uppercase token: `N`, `+N`, `N'` or `+N'`.
fn is_token(token: &str) -> bool {
    PieceToken::read_prefix(token.as_bytes()).is_some_and(|(_, upper, n)| upper && n == token.len())
}

fn tokens(def: &VariantDef) -> Result<(), VariantError> {
    for (i, p) in def.pieces.iter().enumerate() {
        if !is_token(&p.token) {
            return Err(VariantError::BadToken {
                name: p.name.clone(),
                token: p.token.clone(),
            });
        }
        if def.pieces[..i].iter().any(|q| q.token == p.token) {
            return Err(VariantError::DuplicateToken(p.token.clone()));
        }
        // An alias is read back in SAN: it must name one type only.
        if let Some(a) = &p.alias {
            if !is_token(a) {
                return Err(VariantError::BadToken {
                    name: p.name.clone(),
                    token: a.clone(),
                });
            }
            let taken = def.pieces.iter().enumerate().any(|(j, q)| {
                (j != i && q.token == *a) || (j < i && q.alias.as_deref() == Some(a))
            });
            if taken {
                return Err(VariantError::DuplicateToken(a.clone()));
            }
        }
    }
    Ok(())
}

fn royal(def: &VariantDef) -> Result<Role, VariantError> {
    let royals: Vec<usize> = (0..def.pieces.len())
        .filter(|&i| def.pieces[i].royal)
        .collect();
    match royals[..] {
        [r] => Ok(Role(r as u8)),
        // Royal capture: several types may be royal (King and Crown
        // Prince); the first is the one `Variant::royal` names.
        [r, ..] if def.game_end.royal_capture => royal_capture(def).map(|()| Role(r as u8)),
        // No royal type (antichess): a role no piece has, so that every
        // position's royal set is empty.
        [] if def.rules.kingless == super::Kingless::Both
            && def.pieces.len() < super::MAX_ROLES =>
        {
            Ok(Role(def.pieces.len() as u8))
        }
        _ => Err(VariantError::RoyalCount(royals.len())),
    }
}

/// `distinct-two-step`: marks the piece's `mca` locust terms, of which it
/// needs one.
fn distinct_two_step(p: &PieceDef, piece: &mut notation::ParsedPiece) -> Result<(), VariantError> {
    let mut any = false;
    for t in &mut piece.terms {
        if let Term::Move(m) = t
            && let Some(l) = &mut m.locust
            && l.may_be_empty
        {
            l.distinct = true;
            any = true;
        }
    }
    if any {
        Ok(())
    } else {
        Err(VariantError::Betza {
            name: p.name.clone(),
            error: notation::BetzaError {
                text: p.betza.clone(),
                position: 0,
                message: "distinct-two-step needs a two-step term whose first leg may end on an \
                          empty square or capture (mca)"
                    .into(),
            },
        })
    }
}

/// The rules that royal capture does not go with: castling, facing Kings
/// and drops assume one royal piece kept safe (or none ever captured).
fn royal_capture(def: &VariantDef) -> Result<(), VariantError> {
    let clash = if def.castling.is_some() {
        Some("castling")
    } else if def.facing_kings {
        Some("facing kings")
    } else if def.drops.is_some() {
        Some("drops")
    } else {
        None
    };
    if let Some(what) = clash {
        return Err(VariantError::GameEnd(format!(
            "royal-capture does not go with {what}"
        )));
    }
    // A start without a royal piece of a side would be a game over.
    let royal: Vec<&str> = def
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.token.as_str())
        .collect();
    let placement = def.start_fen.split(' ').next().unwrap_or("");
    for color in Color::ALL {
        let mut found = false;
        let b = placement.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match PieceToken::read_prefix(&b[i..]) {
                Some((token, upper, n)) => {
                    found |= upper == (color == Color::White)
                        && royal.contains(&token.to_string().as_str());
                    i += n;
                }
                None => i += 1,
            }
        }
        if !found {
            return Err(VariantError::StartFen(format!("no {color} royal piece")));
        }
    }
    Ok(())
}

fn pawn(def: &VariantDef, royal: Role) -> Result<Option<Role>, VariantError> {
    let pawns: Vec<usize> = (0..def.pieces.len())
        .filter(|&i| def.pieces[i].pawn)
        .collect();
    match pawns[..] {
        [] => Ok(None),
        [p] if p == royal.index() => Err(VariantError::RoyalPawn(def.pieces[p].name.clone())),
        [p] => Ok(Some(Role(p as u8))),
        _ => Err(VariantError::PawnCount(pawns.len())),
    }
}

fn regions_on_board(def: &VariantDef, size: BoardSize) -> Result<(), VariantError> {
    let all = size.all_of::<super::RegionWord>();
    let off = |r: &WideRegion| !(r.white & !all).is_empty() || !(r.black & !all).is_empty();
    for p in &def.pieces {
        let regions = [
            &p.drop_region,
            &p.confinement,
            &p.initial,
            &p.diagonal_lines,
        ];
        if regions.into_iter().flatten().any(off) {
            return Err(VariantError::RegionOffBoard(format!(
                "piece {} %s",
                crate::quote::quoted(&p.name)
            )));
        }
    }
    if let PromotionDef::Zone { zone, forced, .. } = &def.promotion {
        for (place, r) in [("promotion zone", zone), ("promotion forced", forced)] {
            if off(r) {
                return Err(VariantError::RegionOffBoard(place.into()));
            }
        }
    }
    Ok(())
}

/// `diagonal-lines` keeps a piece's straight diagonal moves to its lines:
/// crooked, circular, cylindrical and locust moves are refused with it.
fn diagonal_lines(p: &PieceDef, piece: &notation::ParsedPiece) -> Result<(), VariantError> {
    let curved = piece.terms.iter().any(|t| {
        matches!(t, Term::Move(m) if m.crooked || m.circular || m.cylinder || m.locust.is_some())
    });
    if curved {
        return Err(VariantError::GameEnd(format!(
            "piece {}: diagonal-lines goes only with straight moves (no z, q, o or locust terms)",
            crate::quote::quoted(&p.name)
        )));
    }
    Ok(())
}

/// Castling terms belong to the royal piece; `i` terms need a region.
/// Returns the `O<n>` distance.
fn castle_terms(p: &PieceDef, piece: &notation::ParsedPiece) -> Result<Option<u8>, VariantError> {
    let mut distance = None;
    for term in &piece.terms {
        match term {
            Term::Castle { .. } if !p.royal => {
                return Err(VariantError::CastleNotRoyal(p.name.clone()));
            }
            Term::Castle { distance: d } => distance = Some(*d),
            Term::Move(m) if m.initial && p.initial.is_none() => {
                return Err(VariantError::InitialRegionMissing(p.name.clone()));
            }
            Term::Move(_) => {}
        }
    }
    Ok(distance)
}

/// Per side, the roles of `promotions` that side may not take: those its
/// `promotes-white` / `promotes-black` list leaves out.
fn promotions_barred(def: &VariantDef, p: &PieceDef) -> Result<[u64; 2], VariantError> {
    let mut barred = [0u64; 2];
    for (side, list) in p.promotions_by_side.iter().enumerate() {
        let Some(list) = list else { continue };
        let key = ["promotes-white", "promotes-black"][side];
        if let Some(t) = list.iter().find(|t| !p.promotions.contains(t)) {
            return Err(VariantError::GameEnd(format!(
                "{key} of piece {}: {} is not in its promotes list",
                crate::quote::quoted(&p.name),
                crate::quote::quoted(t)
            )));
        }
        for t in &p.promotions {
            if !list.contains(t) {
                let r = role_of(def, key, t)?;
                barred[side] |= 1u64.checked_shl(u32::from(r.0)).unwrap_or(0);
            }
        }
    }
    Ok(barred)
}

fn promotions(def: &VariantDef, p: &PieceDef) -> Result<Vec<Role>, VariantError> {
    if p.royal && !p.promotions.is_empty() {
        return Err(VariantError::RoyalPromotes(p.name.clone()));
    }
    p.promotions
        .iter()
        .map(|t| {
            role_of(
                def,
                &format!("promotes of piece {}", crate::quote::quoted(&p.name)),
                t,
            )
        })
        .collect()
}

/// No second King, no "promotion" that changes nothing, nothing that could
/// stand outside its confinement: such moves no text could tell apart, or
/// positions the library refuses.
///
/// A confined type may be a promotion target only where every promotion
/// ends inside its region: the zone scheme without `from-zone` (a promotion
/// ends in the zone), with each side's zone inside that side's confinement.
/// That is what walls a small board inside a larger one (a 10x8 game on a
/// 12x10 board, every type confined to the 10x8 part).
fn promotion_targets(
    pieces: &[PieceType],
    royal: Role,
    promotion: &PromotionDef,
) -> Result<(), VariantError> {
    let lands_inside = |target: &PieceType| match (&target.confinement, promotion) {
        (None, _) => true,
        (
            Some(c),
            PromotionDef::Zone {
                zone,
                from_zone: false,
                from_zone_captures: false,
                ..
            },
        ) => Color::ALL
            .into_iter()
            .all(|color| (zone.of(color) & !c.of(color)).is_empty()),
        (Some(_), _) => false,
    };
    for (i, p) in pieces.iter().enumerate() {
        if p.promotions.iter().any(|r| *r == royal || r.index() == i) {
            return Err(VariantError::PromotesToRoyalOrSelf(p.name.clone()));
        }
        if let Some(r) = p
            .promotions
            .iter()
            .find(|r| !lands_inside(&pieces[r.index()]))
        {
            return Err(VariantError::PromotesToConfined {
                name: p.name.clone(),
                target: pieces[r.index()].name.clone(),
            });
        }
    }
    Ok(())
}

fn scheme(def: &VariantDef, pieces: &[PieceType], royal: Role) -> Result<Promotion, VariantError> {
    match &def.promotion {
        PromotionDef::None => match pieces.iter().find(|p| !p.promotions.is_empty()) {
            Some(p) => Err(VariantError::PromotionWithoutScheme(p.name.clone())),
            None => Ok(Promotion::None),
        },
        PromotionDef::OnCapture { captured_becomes } => {
            if let Some(p) = pieces.iter().find(|p| p.promotions.len() > 1) {
                return Err(VariantError::CapturePromotionChoices(p.name.clone()));
            }
            let becomes = captured_becomes
                .as_deref()
                .map(|t| role_of(def, "promotion captured-becomes", t))
                .transpose()?;
            if let Some(r) = becomes
                && (r == royal || pieces[r.index()].confinement.is_some())
            {
                return Err(VariantError::CapturedBecomes(
                    pieces[r.index()].name.clone(),
                ));
            }
            Ok(Promotion::OnCapture {
                captured_becomes: becomes,
            })
        }
        PromotionDef::Zone { zone, forced, .. } => {
            for color in Color::ALL {
                if !(forced.of(color) & !zone.of(color)).is_empty() {
                    return Err(VariantError::ForcedOutsideZone(color));
                }
            }
            Ok(Promotion::Zone {
                zone: zone.narrow(),
                forced: forced.narrow(),
            })
        }
    }
}

fn limits(def: &VariantDef) -> Result<[u8; MAX_DEF_ROLES], VariantError> {
    let mut out = [u8::MAX; MAX_DEF_ROLES];
    if let PromotionDef::Zone { limits, .. } = &def.promotion {
        for (token, &n) in limits {
            out[role_of(def, "promotion limits", token)?.index()] = n;
        }
    }
    Ok(out)
}

/// `+` when the rules fix what a piece becomes (at most one type each) and
/// the suffix tells a promotion from the plain move (the capture scheme, a
/// zone not forced throughout, or shogi's rule); the type's letter otherwise.
fn promotion_text(pieces: &[PieceType], promotion: Promotion, from_zone: bool) -> PromotionText {
    let single = pieces.iter().all(|p| p.promotions.len() <= 1);
    // Shogi's rule (`from_zone`) writes `+` as shogi does, forced or not.
    let optional_somewhere = match promotion {
        Promotion::None => false,
        Promotion::OnCapture { .. } => true,
        Promotion::Zone { zone, forced } => zone != forced || from_zone,
    };
    if single && optional_somewhere {
        PromotionText::Plus
    } else {
        PromotionText::Letter
    }
}

fn promotion_letters(pieces: &[PieceType]) -> Result<(), VariantError> {
    for p in pieces {
        let letters: Vec<&str> = p
            .promotions
            .iter()
            .map(|r| pieces[r.index()].token.suffix())
            .collect();
        if (1..letters.len()).any(|i| letters[..i].contains(&letters[i])) {
            return Err(VariantError::PromotionLetterClash(p.name.clone()));
        }
    }
    Ok(())
}

fn en_passant(
    def: &VariantDef,
    pawn: Option<Role>,
    pieces: &[PieceType],
) -> Result<(), VariantError> {
    if def.en_passant && pawn.is_none_or(|p| pieces[p.index()].initial.is_none()) {
        return Err(VariantError::EnPassantWithoutPawn);
    }
    for (i, p) in def.pieces.iter().enumerate() {
        if p.double_step
            && (!def.en_passant || pawn == Some(Role(i as u8)) || pieces[i].initial.is_none())
        {
            return Err(VariantError::DoubleStep(p.name.clone()));
        }
    }
    Ok(())
}

fn castling(
    def: &VariantDef,
    pieces: &[PieceType],
    royal: Role,
    pawn: Option<Role>,
) -> Result<Option<CheckedCastling>, VariantError> {
    let o = pieces.get(royal.index()).and_then(|p| p.castle_distance);
    let Some(c) = &def.castling else {
        return match o {
            Some(_) => Err(VariantError::CastlingIncomplete),
            None => Ok(None),
        };
    };
    let rook = role_of(def, "castling rook", &c.rook)?;
    let king = match &c.king {
        None => royal,
        Some(t) => {
            let k = role_of(def, "castling king", t)?;
            if def.rules.kingless != super::Kingless::Both {
                return Err(super::end_def::game_end_error(
                    "castling.king: only without royal pieces (kingless = \"both\"); else the royal piece castles",
                ));
            }
            if c.any_start {
                return Err(super::end_def::game_end_error(
                    "castling.king: a piece that is not royal castles only from fixed squares (no any-start)",
                ));
            }
            if Some(k) == pawn || k == rook {
                return Err(VariantError::CastlingPartner(
                    pieces[k.index()].name.clone(),
                ));
            }
            k
        }
    };
    if rook == royal || rook == king || Some(rook) == pawn {
        return Err(VariantError::CastlingPartner(
            pieces[rook.index()].name.clone(),
        ));
    }
    if c.any_start && c.partner_files.iter().any(Option::is_some) {
        return Err(super::end_def::game_end_error(
            "castling.kingside-partner and queenside-partner: not with any-start (the partners stand anywhere)",
        ));
    }
    let mut rooks = 1u64 << rook.0;
    for t in &c.other_rooks {
        let r = role_of(def, "castling other-rooks", t)?;
        if r == royal || r == king || Some(r) == pawn {
            return Err(VariantError::CastlingPartner(
                pieces[r.index()].name.clone(),
            ));
        }
        rooks |= 1 << r.0;
    }
    if c.any_start && !c.other_rooks.is_empty() {
        return Err(super::end_def::game_end_error(
            "castling.other-rooks: not with any-start",
        ));
    }
    let o = o.or(pieces.get(king.index()).and_then(|p| p.castle_distance));
    match (c.kingside.or(o), c.queenside.or(o)) {
        (Some(k), Some(q)) => Ok(Some(CheckedCastling {
            rook,
            distance: [k, q],
            any_start: c.any_start,
            king,
            partner_files: c.partner_files,
            rooks,
        })),
        _ => Err(VariantError::CastlingIncomplete),
    }
}
