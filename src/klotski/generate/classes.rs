//! Shapes as arithmetic: [`PieceClass`] numbers a shape so that its
//! geometry needs no branch, and [`targets_of`] finds where a piece can go.

use crate::klotski::layout::{
    CELLS, COLUMNS, COLUMN_3, GENERAL_SHIFT, HORIZONTAL_SHIFT, ROWS_0_TO_3, SOLDIER_SHIFT,
    VERTICAL_SHIFT,
};
use crate::klotski::moves::{neighbours, Direction};
use crate::klotski::pieces::Shape;
use crate::metric::Metric;

/// Bits per shape mask in a layout's code.
pub(super) const MASK_BITS: u32 = CELLS as u32;

// `PieceClass` numbers the masks in the order the code stores them.
const _: () = assert!(
    SOLDIER_SHIFT == 0
        && VERTICAL_SHIFT == MASK_BITS
        && HORIZONTAL_SHIFT == 2 * MASK_BITS
        && GENERAL_SHIFT == 3 * MASK_BITS
);

/// A shape as a number: 0 soldier, 1 vertical, 2 horizontal, 3 general, the
/// order of the masks in a layout's code. Bit 0 says the piece is two rows
/// tall, bit 1 that it is two columns wide, so geometry is arithmetic.
#[derive(Clone, Copy)]
pub(super) struct PieceClass(pub(super) u32);

impl PieceClass {
    #[inline]
    pub(super) fn of(shape: Shape) -> Self {
        // A table rather than a match, which compiles to a jump. Evaluated at
        // compile time, where an index out of bounds fails the build.
        #[allow(clippy::indexing_slicing)]
        const CLASSES: [u32; 4] = {
            let mut classes = [0; 4];
            classes[Shape::General as usize] = 3;
            classes[Shape::Vertical as usize] = 1;
            classes[Shape::Horizontal as usize] = 2;
            classes
        };
        PieceClass(CLASSES.get(shape as usize).map_or(0, |&class| class))
    }

    #[inline]
    pub(super) const fn shape(self) -> Shape {
        match self.0 {
            0 => Shape::Soldier,
            1 => Shape::Vertical,
            2 => Shape::Horizontal,
            _ => Shape::General,
        }
    }

    #[inline]
    pub(super) const fn is_general(self) -> bool {
        self.0 == 3
    }

    /// The bit of a layout's code that records this piece at `anchor`
    /// ([`GENERAL_SHIFT`] for the general, which the code records by its anchor).
    #[inline]
    pub(super) const fn bit(self, anchor: u8) -> u32 {
        if self.is_general() {
            GENERAL_SHIFT
        } else {
            self.0 * MASK_BITS + anchor as u32
        }
    }

    /// What the move from anchor `from` to anchor `to` changes in a layout's
    /// code, as the bits to flip: the piece's bit at both anchors, or for the
    /// general the bits that turn one anchor number into the other.
    #[inline]
    pub(super) const fn change(self, from: u8, to: u8) -> u64 {
        if self.is_general() {
            ((from ^ to) as u64 & 0xF) << GENERAL_SHIFT
        } else {
            let base = self.0 * MASK_BITS;
            1 << ((base + from as u32) & 63) | 1 << ((base + to as u32) & 63)
        }
    }

    /// All ones if the piece is two columns wide, else 0.
    #[inline]
    pub(super) const fn wide(self) -> u32 {
        0u32.wrapping_sub(self.0 >> 1)
    }

    /// All ones if the piece is two rows tall, else 0.
    #[inline]
    pub(super) const fn tall(self) -> u32 {
        0u32.wrapping_sub(self.0 & 1)
    }

    /// The anchors at which the piece fits inside `free` (see [`Shape::fits`]).
    #[inline]
    pub(super) const fn fits(self, free: u32) -> u32 {
        let row = free & (free >> 1 & !COLUMN_3 | !self.wide());
        row & (row >> COLUMNS & ROWS_0_TO_3 | !self.tall())
    }

    /// The cells it covers when anchored at bit 0 (see [`Shape::footprint`]).
    #[inline]
    pub(super) const fn footprint(self) -> u32 {
        let (wide, tall) = (self.wide(), self.tall());
        1 | 0x2 & wide | 0x10 & tall | 0x20 & wide & tall
    }
}

/// `NEIGHBOURS[cell]`: the cells one unit step from `cell` (32 entries, so any
/// five-bit index is in bounds).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
pub(super) const NEIGHBOURS: [u32; 32] = {
    let mut table = [0; 32];
    let mut cell = 0;
    while cell < CELLS {
        table[cell] = neighbours(1 << cell);
        cell += 1;
    }
    table
};

/// The anchors the piece of `class` at `anchor` can reach in one move (never
/// `anchor` itself), `empty` being the empty cells. A `const fn`, so that the
/// pair tables are built by the compiler.
// A `const fn` cannot call `get`: `NEIGHBOURS` has 32 entries for any five-bit
// index, and `index` stays below the length of `Direction::ALL`.
#[allow(clippy::indexing_slicing)]
#[inline(always)]
pub(super) const fn targets_of(metric: Metric, class: PieceClass, anchor: u8, empty: u32) -> u32 {
    let start = 1u32 << (anchor & 31);
    let fit = class.fits(empty | class.footprint() << (anchor & 31)) & !start;
    let first = NEIGHBOURS[(anchor & 31) as usize];
    let mut targets = first & fit;
    match metric {
        Metric::Step => {}
        Metric::Slide => {
            let mut index = 0;
            while index < Direction::ALL.len() {
                let direction = Direction::ALL[index];
                let mut at = direction.shift(start) & fit;
                while at != 0 {
                    at = direction.shift(at) & fit;
                    targets |= at;
                }
                index += 1;
            }
        }
        Metric::Piece => {
            // Flood the places the piece fits, stopping as soon as all are reached.
            let mut frontier = targets;
            let mut rest = fit & !targets;
            while rest != 0 && frontier != 0 {
                frontier = neighbours(frontier) & rest;
                targets |= frontier;
                rest &= !frontier;
            }
        }
    }
    targets
}
