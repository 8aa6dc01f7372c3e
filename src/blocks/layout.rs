//! A layout packed into one `u128`: where the pieces stand, and the class of
//! each; with, on a symmetric board, the code of its mirror image, and the
//! empty cells, from which the moves are found.

use core::fmt;

/// A layout of the pieces: a `Copy` value, its code its own key.
///
/// The code's low 64 bits mark the anchor (top-left cell) of every piece,
/// bit `row * columns + column`; the high 64 bits list the class of each
/// piece in the order of its anchor, a few bits each. Interchangeable pieces
/// share a class, so two layouts that differ only by swapping them are the
/// same value: they fold to one key without any work. On a board whose walls
/// and goal are symmetric left to right, a layout also carries the code of
/// its mirror image, kept up to date move by move, so that a layout and its
/// mirror image can share one key at the cost of a comparison. It carries
/// its empty cells as a mask too, kept up to date the same way: the moves
/// are found from them, without covering the board piece by piece. A layout
/// is 40 bytes; its key, 16.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Layout {
    /// The code, low half first: two `u64`s rather than a `u128`, which
    /// would align the search's records on 16 bytes and make them larger.
    code: [u64; 2],
    /// The code of the mirror image, or 0 on a board that is not symmetric.
    mirror: [u64; 2],
    /// The empty cells, bit `row * columns + column` each: a function of the
    /// code (so comparisons and hashes agree with the code's), kept beside it.
    empty: u64,
}

impl Layout {
    #[inline(always)]
    pub(super) fn new(code: u128, mirror: u128, empty: u64) -> Self {
        Layout::from_halves(
            [code as u64, (code >> 64) as u64],
            [mirror as u64, (mirror >> 64) as u64],
            empty,
        )
    }

    /// A layout from its code and its mirror image's, low half first.
    #[inline(always)]
    pub(super) fn from_halves(code: [u64; 2], mirror: [u64; 2], empty: u64) -> Self {
        Layout {
            code,
            mirror,
            empty,
        }
    }

    /// The code, low half (the anchors) first.
    #[inline(always)]
    pub(super) fn halves(self) -> [u64; 2] {
        self.code
    }

    /// The code of the mirror image, low half first.
    #[inline(always)]
    pub(super) fn mirror_halves(self) -> [u64; 2] {
        self.mirror
    }

    /// The empty cells, bit `row * columns + column` each, walls left out.
    ///
    /// ```
    /// use puzzle_search::blocks::Setup;
    ///
    /// let setup: Setup = "AA.\n#b.\ngoal A 1,2\n".parse()?;
    /// assert_eq!(setup.start().empty(), 0b100_100);
    /// # Ok::<(), puzzle_search::blocks::ParseError>(())
    /// ```
    #[inline(always)]
    pub fn empty(self) -> u64 {
        self.empty
    }

    /// The packed code: the key of the layout.
    #[inline(always)]
    pub fn code(self) -> u128 {
        u128::from(self.code[1]) << 64 | u128::from(self.code[0])
    }

    /// The code of the mirror image (0 on a board that is not symmetric).
    #[inline(always)]
    pub(super) fn mirror_code(self) -> u128 {
        u128::from(self.mirror[1]) << 64 | u128::from(self.mirror[0])
    }

    /// The anchors of the pieces, as a mask.
    #[inline(always)]
    pub fn anchors(self) -> u64 {
        self.code[0]
    }

    /// The classes in anchor order.
    #[inline(always)]
    pub(super) fn sequence(self) -> u64 {
        self.code[1]
    }

    /// The class of the piece of rank `rank` among the anchors.
    #[inline(always)]
    pub(super) fn class_at_rank(self, rank: u32, bits: u32) -> u8 {
        let mask = (1u64 << bits) - 1;
        (self.sequence().checked_shr(rank * bits).unwrap_or(0) & mask) as u8
    }
}

/// The code of `pieces`, (anchor, class) pairs with distinct anchors, `bits`
/// bits per class; `pieces` is sorted on the way.
pub(super) fn pack(pieces: &mut [(u8, u8)], bits: u32) -> u128 {
    pieces.sort_unstable();
    let mut anchors = 0u64;
    let mut sequence = 0u128;
    for (rank, &(cell, class)) in pieces.iter().enumerate() {
        anchors |= 1u64.checked_shl(u32::from(cell)).unwrap_or(0);
        sequence |= u128::from(class)
            .checked_shl(rank as u32 * bits)
            .unwrap_or(0);
    }
    (sequence & u128::from(u64::MAX)) << 64 | u128::from(anchors)
}

/// `code` (low half first) with the piece of rank `rank` and class `class`
/// moved from anchor `from` to anchor `to`, which is free.
///
/// The classes of the pieces whose anchors lie between `from` and `to` move
/// one place down (or up) the sequence and the class enters at its new rank:
/// a few masks and shifts on the high half, none of which can overflow since
/// every rank times `bits` is below 64 (the setup checks that the sequence
/// fits).
#[inline(always)]
pub(super) fn moved(code: [u64; 2], rank: u32, class: u8, from: u8, to: u8, bits: u32) -> [u64; 2] {
    let [anchors, sequence] = code;
    let anchors = anchors ^ (1u64 << (from & 63)) ^ (1u64 << (to & 63));
    let new_rank = (anchors & ((1u64 << (to & 63)) - 1)).count_ones();
    if new_rank == rank || bits == 0 {
        return [anchors, sequence];
    }
    let (i, j) = ((rank * bits) & 63, (new_rank * bits) & 63);
    // The fields from rank `rank` to rank `new_rank`, both included (bits
    // `low..high`), are rotated by one field.
    let (low, high) = (i.min(j), i.max(j) + bits);
    let span = (u64::MAX >> (64 - high).min(63)) & (u64::MAX << low);
    let rotated = if j > i {
        (sequence >> bits) & span & !(u64::MAX << j)
    } else {
        (sequence << bits) & span & (u64::MAX << (j + bits))
    };
    let sequence = (sequence & !span) | rotated | u64::from(class) << j;
    [anchors, sequence]
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({:#034x})", self.code())
    }
}
