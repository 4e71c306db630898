//! Compiling a checked definition: move tables, castling
//! squares, and the start position's own check.

use crate::bitboard::{
    Bitboard, Board, Color, MAX_HUGE_SQUARES, MAX_SQUARES, Small, Square, SquareSet,
};
use crate::position::Position;
use crate::tables::{PieceSpec, Tables};

use super::check::Checked;
use super::def::{CapturedRule, VariantDef};
use super::{
    Castling, DropRules, LargeData, MAX_DEF_ROLES, MAX_WIDE_HAND_TYPES, NO_SLOT, Promotion, Role,
    Variant, VariantError,
};

/// Compiles for the board type `B`: [`Small`], or a large one
/// ([`crate::bitboard::Large`], [`Huge`]) whose data [`Board::attach`] stores.
pub(super) fn compile<B: Board>(def: VariantDef, c: Checked) -> Result<Variant, VariantError> {
    let (mut v, (parsed, into_hand)) = compile_shared(def, c)?;
    if B::MAX_SQUARES > MAX_SQUARES {
        let data = large_data::<B>(&v, &parsed, into_hand.as_ref())?;
        B::attach(&mut v, data);
        super::clock::compile::<B>(&mut v, true)?;
        v.end.stuck_roles = stuck_roles::<B>(&v);
        color_bound_check::<B>(&v)?;
        // Kept as the FEN writer writes it (a definition may give another form).
        let start = crate::fen::parse::<B>(&v, &v.start_fen)
            .map_err(|e| VariantError::StartFen(e.to_string()))?
            .to_fen();
        v.start_fen = start;
        return Ok(v);
    }
    compile_small(v)
}

/// The parsed pieces and the types captures enter the hand as, which the
/// large board's tables are built from.
type LargeInputs = (
    Vec<crate::notation::ParsedPiece>,
    Option<[Option<Role>; MAX_DEF_ROLES]>,
);

/// What [`compile`] does for every board type, compiled once (not once per
/// board type): the variant with its small board's tables (empty past 128
/// squares), drops, castling and the rest of the definition's rules.
fn compile_shared(def: VariantDef, c: Checked) -> Result<(Variant, LargeInputs), VariantError> {
    let specs: [Vec<PieceSpec<'_>>; 2] = Color::ALL.map(|color| {
        c.parsed
            .iter()
            .zip(&c.pieces)
            .enumerate()
            .map(|(i, (b, p))| PieceSpec {
                royal: i == c.royal.index(),
                terms: &b.terms,
                confinement: p.confinement.map(|r| r.narrow().of(color)),
                initial: p.initial.map(|r| r.narrow().of(color)),
                lines: p.diagonal_lines.map(|r| r.narrow().of(color)),
            })
            .collect()
    });
    // A board past 128 squares has only the large board's tables (built
    // below); its small ones are empty and never read.
    let large = c.size.squares() > MAX_SQUARES;
    let small_specs: [Vec<PieceSpec<'_>>; 2] = [Vec::new(), Vec::new()];
    let small_size = if large {
        crate::BoardSize::new(1, 1).expect("1x1")
    } else {
        c.size
    };
    let tables = Tables::build(small_size, if large { &small_specs } else { &specs })
        .map_err(|e| e.into_variant_error(&c.pieces))?;
    let mut promotion_choices = [0u8; MAX_DEF_ROLES];
    for (i, p) in c.pieces.iter().enumerate() {
        promotion_choices[i] = p.promotions.len().min(u8::MAX as usize) as u8;
    }
    let mut end = super::end_def::compile(&def, c.royal)?;
    let rules = super::rules_def::compile(&def)?;
    if rules.promotion_in_place {
        // No move promotes on its way: promotions are moves of their own,
        // made on the rules' path.
        promotion_choices = [0; MAX_DEF_ROLES];
    }
    // The rules end games at once and are counted by generating.
    end.at_once |= rules.any;
    // The types whose double steps give an en-passant right: the pawn type
    // and the `double-step` ones, from their regions together.
    let ep_roles = if def.en_passant {
        c.pawn.map_or(0, |p| 1u64 << p.index()) | role_bits(&def, |p| p.double_step)
    } else {
        0
    };
    let ep_from = c.pawn.and_then(|p| {
        let d = &def.pieces[p.index()];
        let mut from = d.en_passant_from.or(d.initial)?;
        for o in def.pieces.iter().filter(|o| o.double_step) {
            if let Some(r) = o.initial {
                from.white |= r.white;
                from.black |= r.black;
            }
        }
        Some(from)
    });
    let mut v = Variant {
        name: def.name.clone(),
        size: c.size,
        pieces: c.pieces,
        start_fen: def.start_fen.clone(),
        promotion: c.promotion,
        promotion_text: c.promotion_text,
        pawn: c.pawn,
        en_passant: def.en_passant,
        castling: None,
        facing_kings: def.facing_kings,
        stalemate: def.stalemate,
        royal: c.royal,
        tables,
        promotion_choices,
        optional_victims: [0; MAX_DEF_ROLES],
        limits: c.limits,
        end,
        rules,
        ep_from,
        ep_roles,
        double_roles: ep_roles | c.pawn.map_or(0, |p| 1u64 << (p.0 & 63)),
        // Set with `clock` once the tables and drops are built.
        clock_roles: 0,
        clock: None,
        drops: None,
        // Drops with marked captures set it again below.
        promotion_mark: if def.mark_promoted {
            crate::position::MARKED
        } else {
            0
        },
        promote_from_zone: matches!(
            def.promotion,
            super::PromotionDef::Zone {
                from_zone: true,
                ..
            } | super::PromotionDef::Zone {
                from_zone_captures: true,
                ..
            }
        ),
        count_slowly: def.rules != super::RulesDef::default()
            || def.game_end.bare_king
            || def.game_end.royal_capture
            || def.game_end.royals_alone_draw
            || matches!(
                def.promotion,
                super::PromotionDef::Zone {
                    from_zone_captures: true,
                    ..
                } | super::PromotionDef::Zone {
                    captures_only: true,
                    ..
                }
            ),
        lions: role_bits(&def, |p| p.lion),
        ep_diagonal: false,
        lion_bait: role_bits(&def, |p| p.lion_bait),
        from_zone_captures: matches!(
            def.promotion,
            super::PromotionDef::Zone {
                from_zone_captures: true,
                ..
            } | super::PromotionDef::Zone {
                captures_only: true,
                ..
            }
        ),
        promote_captures_only: matches!(
            def.promotion,
            super::PromotionDef::Zone {
                captures_only: true,
                ..
            }
        ),
        must_promote: [[Bitboard::EMPTY; MAX_DEF_ROLES]; 2],
        def,
        large: None,
        huge: None,
    };
    // A board past 128 squares finds them with the large board's tables.
    let immobile = if large {
        [[Bitboard::EMPTY; MAX_DEF_ROLES]; 2]
    } else {
        immobility::<Small>(&v, &v.tables)?
    };
    if !large {
        v.ep_diagonal = diagonal_double_step(&v);
    }
    if let Promotion::Zone { forced, .. } = v.promotion {
        for color in Color::ALL {
            for (r, p) in v.pieces.iter().enumerate() {
                if !p.promotions.is_empty() {
                    v.must_promote[color.index()][r] =
                        forced.of(color) | immobile[color.index()][r];
                }
            }
        }
    }
    if let Some(into) = c.into_hand {
        let d = if large {
            // Only the large board's squares are read: those are in
            // `large_data`.
            drop_rules_shared(&v, &into)
        } else {
            drop_rules::<Small>(&v, &into, &immobile)
        };
        if d.marked {
            v.promotion_mark = crate::position::MARKED;
        }
        v.drops = Some(d);
    }
    for r in 0..v.pieces.len() {
        for victim in 0..v.pieces.len() {
            if crate::movegen::captures_optionally(&v, Role(r as u8), Role(victim as u8)) {
                v.optional_victims[r] |= 1 << victim;
            }
        }
    }
    if let Some(super::check::CheckedCastling {
        rook,
        distance,
        any_start,
        king,
        partner_files,
        rooks,
    }) = c.castling
    {
        let mut castling = castling_setup(&v, rook, king, distance, any_start, partner_files)?;
        castling.rooks = rooks;
        // Where the King's castling square is also one of its ordinary
        // moves, the move text names the partner (docs/notation.md).
        v.castling = Some(castling);
    }
    Ok((v, (c.parsed, c.into_hand)))
}

/// The end of [`compile`] for the small board type: its clock, the
/// game-end rules' types and the start position's check.
fn compile_small(mut v: Variant) -> Result<Variant, VariantError> {
    let large = v.size.squares() > MAX_SQUARES;
    super::clock::compile::<Small>(&mut v, !large)?;
    if !large {
        v.end.stuck_roles = stuck_roles::<Small>(&v);
        color_bound_check::<Small>(&v)?;
    }
    // The start position must be valid (castling rights included).
    let start = Position::from_fen(&v, &v.start_fen)
        .map_err(|e| VariantError::StartFen(e.to_string()))?
        .to_fen();
    v.start_fen = start;
    if v.def.random_start {
        v.random_start_check().map_err(VariantError::StartFen)?;
    }
    Ok(v)
}

/// `dead-color-bound`: each type listed must keep to its square's color:
/// no move on an empty board reaches a square of the other color, and it
/// promotes to nothing.
fn color_bound_check<B: Board>(v: &Variant) -> Result<(), VariantError> {
    let bits = v.end.dead_color_bound;
    if bits == 0 {
        return Ok(());
    }
    let t = B::tables(v);
    let size = v.size;
    let color_of = |sq| (size.file(sq) + size.rank(sq)) % 2;
    for r in (0..v.pieces.len().min(64)).filter(|r| bits >> r & 1 != 0) {
        let p = &v.def.pieces[r];
        let leaves = Color::ALL.iter().any(|&color| {
            size.all_of::<B::Word>().squares().any(|sq| {
                t.reach_on_empty_board(color, r, sq)
                    .squares()
                    .any(|to| color_of(to) != color_of(sq))
            })
        });
        if leaves || !v.pieces[r].promotions.is_empty() {
            return Err(VariantError::GameEnd(format!(
                "game-end.dead-color-bound: {} {}",
                crate::quote::quoted(&p.token),
                if leaves {
                    "reaches squares of both colors"
                } else {
                    "promotes"
                }
            )));
        }
    }
    Ok(())
}

/// With `ignore-stuck-pieces`: the types that some square leaves without
/// a move even on an empty board (one bit per role), for the game-end rules.
fn stuck_roles<B: Board>(v: &Variant) -> u64 {
    if !v.end.ignore_stuck {
        return 0;
    }
    let t = B::tables(v);
    let mut bits = 0u64;
    for r in 0..v.pieces.len().min(64) {
        let stuck = Color::ALL.iter().any(|&color| {
            v.size
                .all_of::<B::Word>()
                .squares()
                .any(|sq| t.reach_on_empty_board(color, r, sq).is_empty())
        });
        if stuck {
            bits |= 1 << r;
        }
    }
    bits
}

/// What the generator instantiated for a large board type `B` reads: the
/// tables built in its word, the squares of the variant's rules widened.
fn large_data<B: Board>(
    v: &Variant,
    parsed: &[crate::notation::ParsedPiece],
    into_hand: Option<&[Option<Role>; MAX_DEF_ROLES]>,
) -> Result<LargeData<B::Word>, VariantError> {
    let pieces = &v.pieces;
    let w = B::widen;
    let specs: [Vec<PieceSpec<'_, B::Word>>; 2] = Color::ALL.map(|color| {
        parsed
            .iter()
            .zip(pieces)
            .enumerate()
            .map(|(i, (b, p))| PieceSpec {
                royal: i == v.royal.index(),
                terms: &b.terms,
                confinement: p.confinement.map(|r| B::from_region(r.of(color))),
                initial: p.initial.map(|r| B::from_region(r.of(color))),
                lines: p.diagonal_lines.map(|r| B::from_region(r.of(color))),
            })
            .collect()
    });
    let tables = Tables::build(v.size, &specs).map_err(|e| e.into_variant_error(pieces))?;
    let region = |r: super::Region| super::Region {
        white: w(r.white),
        black: w(r.black),
    };
    // The zones from the definition, which holds every square of the
    // board (the compiled ones hold 128).
    let promotion = match (v.promotion, &v.def.promotion) {
        (Promotion::None, _) => Promotion::None,
        (Promotion::OnCapture { captured_becomes }, _) => Promotion::OnCapture { captured_becomes },
        (Promotion::Zone { .. }, super::PromotionDef::Zone { zone, forced, .. }) => {
            Promotion::Zone {
                zone: zone.map_word(B::from_region),
                forced: forced.map_word(B::from_region),
            }
        }
        (Promotion::Zone { zone, forced }, _) => Promotion::Zone {
            zone: region(zone),
            forced: region(forced),
        },
    };
    let mut must_promote = v.must_promote.map(|r| r.map(w));
    if let Promotion::Zone { forced, .. } = promotion {
        for color in Color::ALL {
            for (r, p) in pieces.iter().enumerate() {
                if !p.promotions.is_empty() {
                    must_promote[color.index()][r] |= forced.of(color);
                }
            }
        }
    }
    let immobile = immobility::<B>(v, &tables)?;
    for color in Color::ALL {
        for r in 0..pieces.len() {
            if !pieces[r].promotions.is_empty() {
                must_promote[color.index()][r] |= immobile[color.index()][r];
            }
        }
    }
    let drops = into_hand.map(|into| drop_rules::<B>(v, into, &immobile));
    Ok(LargeData {
        tables,
        must_promote,
        promotion,
        drops,
    })
}

/// `[colour][role]`: the squares where a piece could never move again, when
/// the variant makes standing there illegal (else none). Such a square must
/// lie in the type's promotion zone, where promotion is then forced.
fn immobility<B: Board>(
    v: &Variant,
    tables: &Tables<B::Word>,
) -> Result<Immobile<B>, VariantError> {
    let mut out = [[B::EMPTY; MAX_DEF_ROLES]; 2];
    if !v.def.immobility_illegal {
        return Ok(out);
    }
    // The definition's zone holds every square of the board.
    let zone = match &v.def.promotion {
        super::PromotionDef::Zone { zone, .. } => Some(zone.map_word(B::from_region)),
        _ => None,
    };
    for color in Color::ALL {
        for (r, p) in v.pieces.iter().enumerate() {
            let mut stuck = B::EMPTY;
            for sq in v.size.all_of::<B::Word>().squares() {
                if tables.reach_on_empty_board(color, r, sq).is_empty() {
                    stuck = stuck.with(sq);
                }
            }
            if let Some(p) = p.confinement {
                stuck &= B::from_region(p.of(color));
            }
            let promotable = match zone {
                Some(z) if !p.promotions.is_empty() => z.of(color),
                _ => B::EMPTY,
            };
            if let Some(sq) = (stuck & !promotable).first() {
                return Err(VariantError::Immobile {
                    name: p.name.clone(),
                    square: v.size.square_name(sq),
                });
            }
            out[color.index()][r] = stuck;
        }
    }
    Ok(out)
}

/// `[colour][role]`: the squares of [`immobility`], in a board's word.
type Immobile<B> = [[Bitboard<<B as Board>::Word>; MAX_DEF_ROLES]; 2];

/// The drop rules of the types in hand, their squares in the board's word
/// (the rest from [`drop_rules_shared`]).
fn drop_rules<B: Board>(
    v: &Variant,
    into: &[Option<Role>; MAX_DEF_ROLES],
    immobile: &Immobile<B>,
) -> DropRules<B::Word> {
    let d = drop_rules_shared(v, into);
    let mut region = [[B::EMPTY; 2]; MAX_WIDE_HAND_TYPES];
    for (i, r) in d.roles.iter().enumerate() {
        let def = &v.def.pieces[r.index()];
        let p = &v.pieces[r.index()];
        for color in Color::ALL {
            let mut ok = def
                .drop_region
                .map_or(v.size.all_of(), |reg| B::from_region(reg.of(color)));
            if let Some(c) = p.confinement {
                ok &= B::from_region(c.of(color));
            }
            region[i][color.index()] = ok & !immobile[color.index()][r.index()];
        }
    }
    let size = v.size;
    let files = (0..size.files())
        .map(|f| {
            (0..size.ranks())
                .map(|r| size.square(f as i32, r as i32).expect("on board"))
                .collect()
        })
        .collect();
    DropRules {
        roles: d.roles,
        slot: d.slot,
        into_hand: d.into_hand,
        marked: d.marked,
        pawn_slot: d.pawn_slot,
        gate_region: region,
        // Gating without `[drops]`: the regions say where each type may
        // gate, and there are no drops.
        region: if d.drops {
            region
        } else {
            [[B::EMPTY; 2]; MAX_WIDE_HAND_TYPES]
        },
        per_file: d.per_file,
        no_mate: d.no_mate,
        files,
        drops: d.drops,
        as_promoted: d.as_promoted,
    }
}

/// The drop rules of the types in hand but their squares (no regions,
/// no files): the same for every board type, compiled once.
fn drop_rules_shared(v: &Variant, into: &[Option<Role>; MAX_DEF_ROLES]) -> DropRules {
    let mut roles: Vec<Role> = into.iter().flatten().copied().collect();
    roles.sort();
    roles.dedup();
    let mut slot = [NO_SLOT; MAX_DEF_ROLES];
    for (i, r) in roles.iter().enumerate() {
        slot[r.index()] = i as u8;
    }
    let mut into_hand = [NO_SLOT; MAX_DEF_ROLES];
    for (r, t) in into.iter().enumerate() {
        if let Some(t) = t {
            into_hand[r] = slot[t.index()];
        }
    }
    // Bughouse's hands (`partner`) mark promotions too: a captured one
    // would reach the partner as a pawn.
    let marked = v.def.drops.is_some_and(|d| {
        d.captured == CapturedRule::Marked
            || (d.captured == CapturedRule::Partner
                && v.pawn
                    .is_some_and(|p| !v.pieces[p.index()].promotions.is_empty()))
    });
    let mut per_file = [0u8; MAX_WIDE_HAND_TYPES];
    let mut no_mate = [false; MAX_WIDE_HAND_TYPES];
    let mut as_promoted = [NO_SLOT; MAX_WIDE_HAND_TYPES];
    let drop_promoted = v.def.drops.is_some_and(|d| d.promoted);
    for (i, r) in roles.iter().enumerate() {
        let d = &v.def.pieces[r.index()];
        let p = &v.pieces[r.index()];
        if drop_promoted && let Some(t) = p.promotions.first() {
            as_promoted[i] = t.0;
        }
        per_file[i] = d.drops_per_file.unwrap_or(0);
        no_mate[i] = d.drop_mate_illegal;
    }
    // Gating without `[drops]`: hands that captures never fill and no
    // drops.
    let drops = v.def.drops.is_some();
    // `captured = "lost"`: drops, but captures never fill a hand.
    let to_hand = v
        .def
        .drops
        .is_some_and(|d| !matches!(d.captured, CapturedRule::Lost | CapturedRule::Partner));
    DropRules {
        // A marked capture enters as a pawn only where captures enter.
        pawn_slot: match v.pawn {
            Some(p) if marked && to_hand => slot[p.index()],
            _ => NO_SLOT,
        },
        roles,
        slot,
        into_hand: if to_hand {
            into_hand
        } else {
            [NO_SLOT; MAX_DEF_ROLES]
        },
        marked,
        gate_region: [[Bitboard::EMPTY; 2]; MAX_WIDE_HAND_TYPES],
        region: [[Bitboard::EMPTY; 2]; MAX_WIDE_HAND_TYPES],
        per_file,
        no_mate,
        files: Vec::new(),
        drops,
        as_promoted,
    }
}

fn castling_setup(
    v: &Variant,
    rook: Role,
    king_role: Role,
    distance: [u8; 2],
    any_start: bool,
    partner_files: [Option<u8>; 2],
) -> Result<Castling, VariantError> {
    let start = crate::fen::parse_placement(v, v.start_fen.split(' ').next().unwrap_or(""))
        .map_err(|e| VariantError::StartFen(e.to_string()))?;
    let size = v.size;
    let mut king_start = [Square(0); 2];
    let mut rook_start = [[Square(0); 2]; 2];
    let mut king_to = [[Square(0); 2]; 2];
    let mut rook_to = [[Square(0); 2]; 2];
    let mut rights_lost = [0u8; MAX_HUGE_SQUARES];
    let royal = v.pieces[king_role.index()].royal;
    // A castling piece that is not royal castles where the start position
    // has one on the back rank between the two corners' partners, with
    // room for both distances; a side with none there never castles
    // (Spartan's Black, whose Kings do not castle).
    let files = size.files() as i32;
    // Each side's partner file: the corner unless the definition names one.
    let partner_file =
        |side: usize| partner_files[side].map_or(if side == 0 { files - 1 } else { 0 }, i32::from);
    let can_castle_from = |sq: Square, color: Color| {
        let back = if color == Color::White {
            0
        } else {
            size.ranks() as i32 - 1
        };
        let (f, r) = (size.file(sq) as i32, size.rank(sq) as i32);
        let partner_on = |f: i32| {
            start.iter().any(|(s, p)| {
                p.role == rook
                    && p.color == color
                    && size.file(*s) as i32 == f
                    && size.rank(*s) as i32 == back
            })
        };
        r == back
            && partner_file(0) - f > distance[0] as i32
            && f - partner_file(1) > distance[1] as i32
            && partner_on(partner_file(1))
            && partner_on(partner_file(0))
    };
    for color in Color::ALL {
        let found = start
            .iter()
            .find(|(s, p)| {
                p.role == king_role && p.color == color && (royal || can_castle_from(*s, color))
            })
            .map(|(s, _)| *s);
        // A side without a royal piece (horde's White) never castles.
        if found.is_none() && (v.rules.kingless[color.index()] || !royal) {
            continue;
        }
        // `castle-dropped`: a King still in hand castles from the middle
        // file of its first rank (Fairy-Stockfish's `castlingKingFile`).
        let dropped = v.rules.castle_dropped.then(|| {
            let back = if color == Color::White {
                0
            } else {
                size.ranks() as i32 - 1
            };
            size.square(size.files() as i32 / 2, back)
        });
        let king = found
            .or(dropped.flatten())
            .ok_or_else(|| VariantError::StartFen(format!("no {color} royal piece")))?;
        let (kf, kr) = (size.file(king) as i32, size.rank(king) as i32);
        king_start[color.index()] = king;
        rights_lost[king.index()] |= 0b11 << (2 * color.index());
        for side in 0..2 {
            let d = distance[side] as i32;
            let rf = partner_file(side);
            let dir = if rf > kf { 1 } else { -1 };
            // The King must land strictly between its start and the Rook.
            if (rf - kf).abs() <= d {
                return Err(VariantError::CastlingDistance {
                    color,
                    square: size.square_name(king),
                    distance: distance[side],
                    file: (b'a' + rf as u8) as char,
                });
            }
            let to_f = kf + dir * d;
            let sq = |f: i32| size.square(f, kr).expect("on the King's rank");
            rook_start[color.index()][side] = sq(rf);
            king_to[color.index()][side] = sq(to_f);
            rook_to[color.index()][side] = sq(to_f - dir);
            rights_lost[sq(rf).index()] |= 1 << (2 * color.index() + side);
        }
    }
    if any_start {
        // The partners' squares are the position's (`castling.rs`).
        rights_lost = [0; MAX_HUGE_SQUARES];
    }
    Ok(Castling {
        rook,
        king: king_role,
        royal: v.pieces[king_role.index()].royal,
        distance,
        king_start,
        rook_start,
        king_to,
        rook_to,
        rights_lost,
        any_start,
        rooks: 1 << rook.0,
    })
}

/// Whether the pawn type, with en passant, reaches two squares diagonally
/// forward from a square of its initial region on an empty board
/// (Berolina's `imfnA`): such a step is a double step.
fn diagonal_double_step(v: &Variant) -> bool {
    let (Some(pawn), true) = (v.pawn, v.en_passant) else {
        return false;
    };
    let size = v.size;
    let Some(from) = size
        .all()
        .squares()
        .find(|&sq| v.double_step_from(Color::White, sq))
    else {
        return false;
    };
    let reach = v
        .tables
        .reach_on_empty_board(Color::White, pawn.index(), from);
    let (f, r) = (size.file(from) as i32, size.rank(from) as i32);
    [-2, 2]
        .into_iter()
        .filter_map(|df| size.square(f + df, r + 2))
        .any(|sq| reach.contains(sq))
}

/// One bit per piece type of `def` that `pick` chooses.
fn role_bits(def: &VariantDef, pick: impl Fn(&super::PieceDef) -> bool) -> u64 {
    def.pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| pick(p))
        .fold(0, |bits, (i, _)| bits | 1u64 << i)
}
