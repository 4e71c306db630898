//! Checking a [`VariantDef`]: each rule a small named function with its own
//! [`VariantError`]. What passes is resolved (tokens to roles, Betza parsed)
//! for [`super::compile`].

use crate::bitboard::{BoardSize, Color};
use crate::notation::{self, Term};

use super::def::{PieceDef, PromotionDef, PromotionText, Region, VariantDef};
use super::{MAX_ROLES, PieceType, Promotion, Role, VariantError};

/// A definition that passed every check, resolved.
pub(super) struct Checked {
    pub size: BoardSize,
    pub royal: Role,
    pub pawn: Option<Role>,
    pub parsed: Vec<notation::ParsedPiece>,
    pub pieces: Vec<PieceType>,
    pub promotion: Promotion,
    pub promotion_text: PromotionText,
    pub limits: [u8; MAX_ROLES],
    /// The partner and the distance towards each side.
    pub castling: Option<(Role, [u8; 2])>,
}

pub(super) fn check(def: &VariantDef) -> Result<Checked, VariantError> {
    let size = board(def)?;
    piece_count(def)?;
    tokens(def)?;
    let royal = royal(def)?;
    let pawn = pawn(def, royal)?;
    regions_on_board(def, size)?;
    let mut parsed = Vec::with_capacity(def.pieces.len());
    let mut pieces = Vec::with_capacity(def.pieces.len());
    for p in &def.pieces {
        let piece = notation::parse(&p.betza).map_err(|error| VariantError::Betza {
            name: p.name.clone(),
            error,
        })?;
        let castle_distance = castle_terms(p, &piece)?;
        pieces.push(PieceType {
            name: p.name.clone(),
            token: p.token.clone(),
            betza: p.betza.clone(),
            royal: p.royal,
            promotions: promotions(def, p)?,
            promoted: p.promoted,
            confinement: p.confinement,
            initial: p.initial,
            castle_distance,
        });
        parsed.push(piece);
    }
    promotion_targets(&pieces, royal)?;
    let promotion = scheme(def, &pieces, royal)?;
    let limits = limits(def)?;
    let promotion_text = promotion_text(&pieces, promotion);
    if promotion_text == PromotionText::Letter {
        promotion_letters(&pieces)?;
    }
    en_passant(def, pawn, &pieces)?;
    let castling = castling(def, &pieces, royal, pawn)?;
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
    })
}

fn role_of(def: &VariantDef, place: &str, token: &str) -> Result<Role, VariantError> {
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

fn piece_count(def: &VariantDef) -> Result<(), VariantError> {
    if def.pieces.is_empty() || def.pieces.len() > MAX_ROLES {
        return Err(VariantError::PieceCount(def.pieces.len()));
    }
    Ok(())
}

fn is_token(token: &str) -> bool {
    match token.as_bytes() {
        [c] | [b'+', c] => c.is_ascii_uppercase(),
        _ => false,
    }
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
    }
    Ok(())
}

fn royal(def: &VariantDef) -> Result<Role, VariantError> {
    let royals: Vec<usize> = (0..def.pieces.len())
        .filter(|&i| def.pieces[i].royal)
        .collect();
    match royals[..] {
        [r] => Ok(Role(r as u8)),
        _ => Err(VariantError::RoyalCount(royals.len())),
    }
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
    let off =
        |r: &Region| !(r.white & !size.all()).is_empty() || !(r.black & !size.all()).is_empty();
    let mut named: Vec<(String, &Region)> = Vec::new();
    for p in &def.pieces {
        named.extend(p.confinement.iter().map(|r| {
            (
                format!("piece {} confined", crate::quote::quoted(&p.name)),
                r,
            )
        }));
        named.extend(p.initial.iter().map(|r| {
            (
                format!("piece {} initial", crate::quote::quoted(&p.name)),
                r,
            )
        }));
    }
    if let PromotionDef::Zone { zone, forced, .. } = &def.promotion {
        named.push(("promotion zone".into(), zone));
        named.push(("promotion forced".into(), forced));
    }
    match named.into_iter().find(|(_, r)| off(r)) {
        Some((place, _)) => Err(VariantError::RegionOffBoard(place)),
        None => Ok(()),
    }
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
fn promotion_targets(pieces: &[PieceType], royal: Role) -> Result<(), VariantError> {
    for (i, p) in pieces.iter().enumerate() {
        if p.promotions.iter().any(|r| *r == royal || r.index() == i) {
            return Err(VariantError::PromotesToRoyalOrSelf(p.name.clone()));
        }
        if let Some(r) = p
            .promotions
            .iter()
            .find(|r| pieces[r.index()].confinement.is_some())
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
                zone: *zone,
                forced: *forced,
            })
        }
    }
}

fn limits(def: &VariantDef) -> Result<[u8; MAX_ROLES], VariantError> {
    let mut out = [u8::MAX; MAX_ROLES];
    if let PromotionDef::Zone { limits, .. } = &def.promotion {
        for (token, &n) in limits {
            out[role_of(def, "promotion limits", token)?.index()] = n;
        }
    }
    Ok(out)
}

/// `+` when the rules fix what a piece becomes (at most one type each) and
/// the suffix tells a promotion from the plain move (the capture scheme, or
/// a zone not forced throughout); the type's letter otherwise.
fn promotion_text(pieces: &[PieceType], promotion: Promotion) -> PromotionText {
    let single = pieces.iter().all(|p| p.promotions.len() <= 1);
    let optional_somewhere = match promotion {
        Promotion::None => false,
        Promotion::OnCapture { .. } => true,
        Promotion::Zone { zone, forced } => zone != forced,
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
            .map(|r| pieces[r.index()].token.trim_start_matches('+'))
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
    Ok(())
}

fn castling(
    def: &VariantDef,
    pieces: &[PieceType],
    royal: Role,
    pawn: Option<Role>,
) -> Result<Option<(Role, [u8; 2])>, VariantError> {
    let o = pieces[royal.index()].castle_distance;
    let Some(c) = &def.castling else {
        return match o {
            Some(_) => Err(VariantError::CastlingIncomplete),
            None => Ok(None),
        };
    };
    let rook = role_of(def, "castling rook", &c.rook)?;
    if rook == royal || Some(rook) == pawn {
        return Err(VariantError::CastlingPartner(
            pieces[rook.index()].name.clone(),
        ));
    }
    match (c.kingside.or(o), c.queenside.or(o)) {
        (Some(k), Some(q)) => Ok(Some((rook, [k, q]))),
        _ => Err(VariantError::CastlingIncomplete),
    }
}
