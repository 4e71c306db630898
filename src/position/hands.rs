//! A position's hand counts: packed into the small board's position, a
//! byte a count on the large boards (which hold more types in hand).

use std::fmt;
use std::hash::Hash;

use crate::Color;
use crate::variant::{MAX_HAND_COUNT, MAX_HAND_TYPES, MAX_WIDE_HAND_TYPES};

/// Both sides' hand counts, by hand slot (`variant::DropRules`): the
/// board type's [`crate::bitboard::Board::Hands`].
pub trait HandCounts: Copy + Default + Eq + Hash + fmt::Debug + Send + Sync {
    /// The count of hand slot `slot` of `color`.
    fn count(&self, color: Color, slot: u8) -> u8;
    /// Sets the count (at most [`MAX_HAND_COUNT`]; more is kept at it).
    fn set(&mut self, color: Color, slot: u8, n: u8);
    /// Whether `color`'s hand is empty.
    fn is_empty(&self, color: Color) -> bool;
    /// One more in the slot.
    #[inline(always)]
    fn add(&mut self, color: Color, slot: u8) {
        let n = self.count(color, slot);
        self.set(color, slot, n.saturating_add(1));
    }
    /// One fewer in the slot.
    #[inline(always)]
    fn remove(&mut self, color: Color, slot: u8) {
        let n = self.count(color, slot);
        self.set(color, slot, n.saturating_sub(1));
    }
}

/// Both sides' hands, packed: a [`HAND_BITS`]-bit count per hand slot (see
/// `variant::DropRules`), [`MAX_HAND_TYPES`] slots a side: fourteen bytes,
/// which the position's alignment pads to anyway (it stays 528 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands([u8; 2 * HAND_BITS * MAX_HAND_TYPES / 8]);

/// The bits of one count: up to [`MAX_HAND_COUNT`] (Othello's 60 stones a
/// side, or 96 on 10x10, fit).
const HAND_BITS: usize = 7;
const HAND_MASK: u16 = (1 << HAND_BITS) - 1;
const _: () = assert!(MAX_HAND_COUNT as u16 == HAND_MASK);

impl Hands {
    /// The bit where the count of `slot` of `color` starts.
    #[inline(always)]
    fn bit(color: Color, slot: u8) -> usize {
        color.index() * HAND_BITS * MAX_HAND_TYPES + HAND_BITS * slot as usize
    }
}

impl HandCounts for Hands {
    /// The count of hand slot `slot` of `color`.
    #[inline(always)]
    fn count(&self, color: Color, slot: u8) -> u8 {
        let b = Self::bit(color, slot);
        let (i, shift) = (b / 8, b % 8);
        let lo = self.0.get(i).copied().unwrap_or(0) as u16;
        let hi = self.0.get(i + 1).copied().unwrap_or(0) as u16;
        (((lo | hi << 8) >> shift) & HAND_MASK) as u8
    }

    /// Sets the count (at most [`MAX_HAND_COUNT`]; more is kept at it).
    #[inline(always)]
    fn set(&mut self, color: Color, slot: u8, n: u8) {
        if slot as usize >= MAX_HAND_TYPES {
            return;
        }
        let b = Self::bit(color, slot);
        let (i, shift) = (b / 8, b % 8);
        let lo = self.0[i] as u16;
        let hi = self.0.get(i + 1).copied().unwrap_or(0) as u16;
        let w = (lo | hi << 8) & !(HAND_MASK << shift) | ((n.min(MAX_HAND_COUNT) as u16) << shift);
        self.0[i] = w as u8;
        if let Some(h) = self.0.get_mut(i + 1) {
            *h = (w >> 8) as u8;
        }
    }

    /// Whether `color`'s hand is empty: its counts fill whole bytes
    /// ([`HAND_BITS`] bits a slot, [`MAX_HAND_TYPES`] slots), tested at once.
    #[inline(always)]
    fn is_empty(&self, color: Color) -> bool {
        const SIDE: usize = HAND_BITS * MAX_HAND_TYPES / 8;
        const _: () = assert!((HAND_BITS * MAX_HAND_TYPES).is_multiple_of(8));
        let start = color.index() * SIDE;
        self.0[start..start + SIDE] == [0; SIDE]
    }
}

/// Both sides' hand counts a byte each, [`MAX_WIDE_HAND_TYPES`] slots a
/// side: the large boards' positions, where 32 bytes are little.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WideHands([u8; 2 * MAX_WIDE_HAND_TYPES]);

impl HandCounts for WideHands {
    #[inline(always)]
    fn count(&self, color: Color, slot: u8) -> u8 {
        self.0
            .get(color.index() * MAX_WIDE_HAND_TYPES + slot as usize)
            .copied()
            .unwrap_or(0)
    }

    #[inline(always)]
    fn set(&mut self, color: Color, slot: u8, n: u8) {
        if (slot as usize) < MAX_WIDE_HAND_TYPES {
            self.0[color.index() * MAX_WIDE_HAND_TYPES + slot as usize] = n.min(MAX_HAND_COUNT);
        }
    }

    #[inline(always)]
    fn is_empty(&self, color: Color) -> bool {
        let start = color.index() * MAX_WIDE_HAND_TYPES;
        self.0[start..start + MAX_WIDE_HAND_TYPES] == [0; MAX_WIDE_HAND_TYPES]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side's hand is empty exactly when each of its slots counts 0, the
    /// other side's hand aside (the fast test of `for_each_drop`); each
    /// count holds up to [`MAX_HAND_COUNT`].
    fn empty_when_every_slot_is<H: HandCounts>(slots: usize) {
        for color in [Color::White, Color::Black] {
            for slot in 0..slots as u8 {
                let mut h = H::default();
                assert!(h.is_empty(color));
                h.add(color.opposite(), slot);
                assert!(h.is_empty(color), "{color:?} {slot}");
                h.add(color, slot);
                assert!(!h.is_empty(color), "{color:?} {slot}");
                h.remove(color, slot);
                assert!(h.is_empty(color), "{color:?} {slot}");
                h.set(color, slot, MAX_HAND_COUNT);
                assert_eq!(h.count(color, slot), MAX_HAND_COUNT);
                assert_eq!(h.count(color.opposite(), slot), 1);
                assert!(!h.is_empty(color) && !h.is_empty(color.opposite()));
            }
        }
    }

    #[test]
    fn a_hand_is_empty_when_every_slot_is() {
        empty_when_every_slot_is::<Hands>(MAX_HAND_TYPES);
        empty_when_every_slot_is::<WideHands>(MAX_WIDE_HAND_TYPES);
    }
}
