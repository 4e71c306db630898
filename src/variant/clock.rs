//! The half-move clock's rules beyond "a capture or a move of these types":
//! per-side types, irreversible moves only, every drop, every promotion
//! (`[game-end] move-rule-types-white` / `-black`, `move-rule-irreversible`,
//! `move-rule-drops`, `move-rule-promotions`; Fairy-Stockfish's rules).
//!
//! Compiled into [`ClockRule`] only where they change what restarts the
//! clock: elsewhere `Variant::clock_roles` alone decides, as before.

use crate::bitboard::{Board, Color, SquareSet};

use super::{NO_SLOT, Role, Variant, VariantError};

/// What restarts the half-move clock, when one mask of types cannot say it.
/// `make` asks it only for moves of a type of `Variant::clock_roles`, which
/// then holds every type whose move might restart the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ClockRule {
    /// Per side: the types whose moves restart the clock (one bit a role).
    pub roles: [u64; 2],
    /// Such a move restarts it only when its type's non-capturing moves on
    /// an empty board do not lead from its destination back to its start.
    pub irreversible: bool,
    /// Every drop restarts it.
    pub drops: bool,
    /// Every promotion restarts it.
    pub promotions: bool,
}

/// One bit per role of `tokens`, `place` naming the key in an error.
fn role_bits(v: &Variant, tokens: &[String], place: &str) -> Result<u64, VariantError> {
    let mut bits = 0u64;
    for t in tokens {
        bits |= 1u64 << super::check::role_of(&v.def, place, t)?.index();
    }
    Ok(bits)
}

/// Whether a type of `roles[colour]` has a non-capturing move on an empty
/// board that the same type could take back by another one.
fn any_reversible<B: Board>(v: &Variant, roles: [u64; 2]) -> bool {
    let t = B::tables(v);
    Color::ALL.iter().any(|&color| {
        (0..v.pieces.len().min(64))
            .filter(|r| roles[color.index()] >> r & 1 != 0)
            .any(|r| {
                v.size.all_of::<B::Word>().squares().any(|from| {
                    t.quiet_reach_on_empty_board(color, r, from)
                        .squares()
                        .any(|to| t.quiet_reach_on_empty_board(color, r, to).contains(from))
                })
            })
    })
}

/// Sets `v.clock_roles` and `v.clock` from the definition's `[game-end]`
/// clock keys, once the tables (in board `B`'s word, read when `tables`)
/// and the drop rules are built.
pub(crate) fn compile<B: Board>(v: &mut Variant, tables: bool) -> Result<(), VariantError> {
    let g = &v.def.game_end;
    let general = match &g.move_rule_types {
        None => v.pawn.map_or(0, |p| 1u64 << p.index()),
        Some(tokens) => role_bits(v, tokens, "game-end.move-rule-types")?,
    };
    let mut roles = [general; 2];
    for (side, key) in ["white", "black"].into_iter().enumerate() {
        if let Some(tokens) = &g.move_rule_types_by_side[side] {
            roles[side] = role_bits(v, tokens, &format!("game-end.move-rule-types-{key}"))?;
        }
    }
    let union = roles[0] | roles[1];
    // The types that may be dropped (as themselves or promoted).
    let mut dropped = 0u64;
    if let Some(d) = v.drops.as_ref().filter(|d| d.drops) {
        for (r, &slot) in d.slot.iter().enumerate().take(v.pieces.len().min(64)) {
            if slot != NO_SLOT {
                dropped |= 1 << r;
                let as_promoted = d.as_promoted[slot as usize % d.as_promoted.len()];
                if as_promoted != NO_SLOT && (as_promoted as usize) < 64 {
                    dropped |= 1 << as_promoted;
                }
            }
        }
    }
    let promoting = v
        .pieces
        .iter()
        .take(64)
        .enumerate()
        .filter(|(_, p)| !p.promotions.is_empty())
        .fold(0u64, |b, (r, _)| b | 1 << r);
    let drops = g.move_rule_drops && dropped & !union != 0;
    let promotions = g.move_rule_promotions && promoting & !union != 0;
    let irreversible = g.move_rule_irreversible && (!tables || any_reversible::<B>(v, roles));
    v.clock_roles = union;
    v.clock = None;
    if roles[0] != roles[1] || irreversible || drops || promotions {
        // Irreversibility aside, a drop or promotion by a type of both
        // sides' lists restarts the clock anyway: the switches are needed
        // only for the others, and keep the faster test for all when not.
        let (drops, promotions) = (g.move_rule_drops, g.move_rule_promotions);
        if drops {
            v.clock_roles |= dropped;
        }
        if promotions {
            v.clock_roles |= promoting;
        }
        v.clock = Some(ClockRule {
            roles,
            irreversible,
            drops,
            promotions,
        });
    }
    Ok(())
}

/// The role bit of `role` in a mask of up to 64 roles (0 beyond).
#[inline(always)]
pub(crate) fn has(mask: u64, role: Role) -> bool {
    mask.checked_shr(role.0 as u32).unwrap_or(0) & 1 != 0
}
