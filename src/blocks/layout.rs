//! A layout packed into one `u128`: where the pieces stand, and the class of each.

use core::fmt;

/// A layout of the pieces: a `Copy` value of 16 bytes, its own key.
///
/// The low 64 bits mark the anchor (top-left cell) of every piece, bit
/// `row * columns + column`; the high 64 bits list the class of each piece
/// in the order of its anchor, a few bits each. Interchangeable pieces share
/// a class, so two layouts that differ only by swapping them are the same
/// value: they fold to one key without any work. A search stores 16 bytes of
/// layout per state (plus its own bookkeeping).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Layout(u128);

impl Layout {
    /// The packed value.
    #[inline]
    pub fn code(self) -> u128 {
        self.0
    }

    /// The anchors of the pieces, as a mask.
    #[inline(always)]
    pub fn anchors(self) -> u64 {
        self.0 as u64
    }

    /// The classes in anchor order.
    #[inline(always)]
    pub(super) fn sequence(self) -> u64 {
        (self.0 >> 64) as u64
    }

    /// The layout of `pieces`, (anchor, class) pairs with distinct anchors,
    /// `bits` bits per class; `pieces` is sorted on the way.
    pub(super) fn from_pieces(pieces: &mut [(u8, u8)], bits: u32) -> Self {
        pieces.sort_unstable();
        let mut anchors = 0u64;
        let mut sequence = 0u128;
        for (rank, &(cell, class)) in pieces.iter().enumerate() {
            anchors |= 1u64.checked_shl(u32::from(cell)).unwrap_or(0);
            sequence |= u128::from(class)
                .checked_shl(rank as u32 * bits)
                .unwrap_or(0);
        }
        Layout((sequence & u128::from(u64::MAX)) << 64 | u128::from(anchors))
    }

    /// The class of the piece of rank `rank` among the anchors.
    #[inline(always)]
    pub(super) fn class_at_rank(self, rank: u32, bits: u32) -> u8 {
        let mask = (1u64 << bits) - 1;
        (self.sequence().checked_shr(rank * bits).unwrap_or(0) & mask) as u8
    }

    /// This layout with the piece of rank `rank` and class `class` moved
    /// from anchor `from` to anchor `to`, which is free.
    #[inline(always)]
    pub(super) fn moved(self, rank: u32, class: u8, from: u8, to: u8, bits: u32) -> Self {
        let anchors = self.anchors() ^ (1u64 << (from & 63)) ^ (1u64 << (to & 63));
        let new_rank = (anchors & ((1u64 << (to & 63)) - 1)).count_ones();
        let sequence = u128::from(self.sequence());
        if new_rank == rank || bits == 0 {
            return Layout(sequence << 64 | u128::from(anchors));
        }
        // Take the class out at its old rank and put it back at the new one.
        let (i, j) = (rank * bits, new_rank * bits);
        let removed = (sequence & ((1u128 << i) - 1)) | (sequence >> (i + bits)) << i;
        let inserted =
            (removed & ((1u128 << j) - 1)) | u128::from(class) << j | (removed >> j) << (j + bits);
        Layout((inserted & u128::from(u64::MAX)) << 64 | u128::from(anchors))
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({:#034x})", self.0)
    }
}
