//! The Lion-trading reference (Chu Shogi's rules 1-4), on any board type:
//! shared by the tests' king-capture reference and the fuzz targets.

use betza::bitboard::Square;
use betza::{Board, Move, MoveFlags, Position, Role, VariantDef};

/// The Lion-trading rules 1-4 (royal capture with `lion` types), judged by
/// moves rather than attack tables: a Lion may not take an enemy Lion two
/// squares away (a jump, or two steps whose first took nothing or a
/// `lion-bait` piece) if some enemy move could then capture on its square,
/// or the bait piece, left in place, could; right after a non-Lion took a
/// Lion, a non-Lion takes a Lion only on that square.
pub fn lion_ok<B: Board>(def: &VariantDef, pos: &Position<'_, B>, m: &Move) -> bool {
    let lion = |r: Role| def.pieces.get(r.index()).is_some_and(|p| p.lion);
    if let Some(sq) = pos.lion_square()
        && !lion(m.role())
        && (m.captured().is_some_and(lion) && m.to() != sq
            || m.via_captured().is_some_and(lion) && m.via() != Some(sq))
    {
        return false;
    }
    if !lion(m.role()) || !m.captured().is_some_and(lion) {
        return true;
    }
    let size = pos.size();
    let far = size.file(m.from()).abs_diff(size.file(m.to())) > 1
        || size.rank(m.from()).abs_diff(size.rank(m.to())) > 1;
    if !far
        || m.via_captured()
            .is_some_and(|r| !def.pieces.get(r.index()).is_some_and(|p| p.lion_bait))
    {
        return true;
    }
    let takes_on = |next: &Position<'_, B>, from: Option<Square>| {
        next.pseudo_legal_moves().iter().any(|x| {
            from.is_none_or(|f| x.from() == f)
                && ((x.to() == m.to() && x.captured().is_some())
                    || (x.via() == Some(m.to()) && x.via_captured().is_some()))
        })
    };
    if takes_on(&pos.play_unchecked(m), None) {
        return false;
    }
    // The bait protects still: with it left in place (the Lion jumping
    // instead), could it take on the destination?
    match m.via().filter(|_| m.via_captured().is_some()) {
        Some(via) => {
            let jump = Move::new(
                m.from(),
                m.to(),
                m.role(),
                m.captured(),
                None,
                MoveFlags::empty(),
            );
            !takes_on(&pos.play_unchecked(&jump), Some(via))
        }
        None => true,
    }
}
