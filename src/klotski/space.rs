//! Klotski's dense spaces: all 29,334,498 layouts ranked by their
//! [`ShortCode`](super::ShortCode), or the layouts of one piece set.

use core::ops::Range;

use super::error::LayoutError;
use super::layout::{Layout, FULL};
use super::pieces::{PieceCounts, Shape};
use super::rank::{self, LAYOUT_COUNT};
use super::GOAL_ANCHOR;
use crate::DenseSpace;

/// All legal layouts, numbered by ShortCode rank (CommonCode order).
///
/// The numbering is the same under every metric and with or without mirror
/// folding: it numbers layouts, and the puzzle searched over it brings the moves.
///
/// ```
/// use puzzle_search::DenseSpace;
/// use puzzle_search::klotski::{AllLayouts, Layout, ShortCode};
///
/// let layout: Layout = "1A9BF0C".parse()?;
/// assert_eq!(AllLayouts.len(), 29_334_498);
/// assert_eq!(AllLayouts.rank(&layout), 4_091_296);
/// assert_eq!(AllLayouts.rank(&layout), u64::from(ShortCode::from(layout).rank()));
/// assert_eq!(AllLayouts.unrank(4_091_296), layout);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AllLayouts;

impl DenseSpace for AllLayouts {
    type State = Layout;

    fn len(&self) -> u64 {
        u64::from(LAYOUT_COUNT)
    }

    #[inline]
    fn rank(&self, layout: &Layout) -> u64 {
        u64::from(rank::rank(*layout))
    }

    fn unrank(&self, rank: u64) -> Layout {
        rank::unrank(clamp(rank).min(LAYOUT_COUNT - 1))
    }

    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Layout)) {
        rank::for_each_layout(clamp(ranks.start)..clamp(ranks.end), |rank, layout| {
            visit(u64::from(rank), layout)
        });
    }

    /// The solved layouts: their ranks are one range, as the general's anchor
    /// leads the CommonCode.
    fn for_each_goal(&self, mut emit: impl FnMut(Layout)) {
        rank::for_each_layout(rank::solved_ranks(), |_, layout| emit(layout));
    }
}

/// A rank as a `u32`, capped at [`LAYOUT_COUNT`].
fn clamp(rank: u64) -> u32 {
    u32::try_from(rank).map_or(LAYOUT_COUNT, |rank| rank.min(LAYOUT_COUNT))
}

/// The layouts of one piece set (one general and given numbers of vertical,
/// horizontal and soldier pieces) as a dense space, in CommonCode order.
///
/// Moves never change the pieces, so a piece set is closed under moves and its
/// atlas is the full atlas restricted to it. It is much smaller, which makes it
/// handy for tests and for studying one family of layouts. Like
/// [`AllLayouts`], it serves every metric.
///
/// ```
/// use puzzle_search::DenseSpace;
/// use puzzle_search::klotski::{PieceCounts, PieceSetSpace};
///
/// // The general and two soldiers: 12 places for the general, C(16, 2) for the soldiers.
/// let counts = PieceCounts { vertical: 0, horizontal: 0, soldiers: 2 };
/// let space = PieceSetSpace::new(counts).unwrap();
/// assert_eq!(space.len(), 12 * 120);
/// let layout = space.unrank(100);
/// assert_eq!(layout.counts(), counts);
/// assert_eq!(space.rank(&layout), 100);
/// ```
#[derive(Clone, Debug)]
pub struct PieceSetSpace {
    counts: PieceCounts,
    /// The layouts in CommonCode order.
    layouts: Vec<Layout>,
    /// Their ShortCode ranks, increasing.
    ranks: Vec<u32>,
}

impl PieceSetSpace {
    /// The layouts with exactly these pieces besides the general.
    ///
    /// # Errors
    ///
    /// [`LayoutError::TooFewEmptyCells`] if the pieces leave fewer than two
    /// cells empty (`found` is 0 when they do not fit at all).
    pub fn new(counts: PieceCounts) -> Result<Self, LayoutError> {
        let pieces = 4
            + 2 * usize::from(counts.vertical)
            + 2 * usize::from(counts.horizontal)
            + usize::from(counts.soldiers);
        let empty = super::CELLS.saturating_sub(pieces);
        if empty < 2 {
            return Err(LayoutError::TooFewEmptyCells { found: empty });
        }
        let mut layouts = Vec::new();
        for general in 0..super::CELLS as u8 {
            if Shape::General.fits(FULL) >> general & 1 == 1 {
                fill(general, 0, counts, empty, &mut |layout| {
                    layouts.push(layout)
                });
            }
        }
        let ranks = layouts.iter().map(|&layout| rank::rank(layout)).collect();
        Ok(PieceSetSpace {
            counts,
            layouts,
            ranks,
        })
    }

    /// The pieces besides the general.
    pub fn counts(&self) -> PieceCounts {
        self.counts
    }

    /// The layouts, in CommonCode order (the order of the dense index).
    pub fn layouts(&self) -> &[Layout] {
        &self.layouts
    }
}

/// Every layout with the general at `general`, the cells `kept_empty` empty,
/// and the pieces `left` on the other cells with `empty` more of them left
/// empty, in CommonCode order: row-major by top-left cell, and at each cell
/// empty before horizontal before vertical before soldier.
pub(super) fn fill(
    general: u8,
    kept_empty: u32,
    left: PieceCounts,
    empty: usize,
    out: &mut impl FnMut(Layout),
) {
    let covered = Shape::General.footprint() << general | kept_empty;
    let start = Layout::from_parts(general, 0, 0, 0);
    place(covered, left, empty, start, out);
}

/// Places the pieces `left` on the cells not in `covered`, first cell first,
/// adding them to `layout`.
fn place(
    covered: u32,
    left: PieceCounts,
    empty: usize,
    layout: Layout,
    out: &mut impl FnMut(Layout),
) {
    let free = !covered & FULL;
    if free == 0 {
        out(layout);
        return;
    }
    let cell = free.trailing_zeros() as u8;
    let bit = 1u32 << cell;
    if empty > 0 {
        place(covered | bit, left, empty - 1, layout, out);
    }
    for shape in [Shape::Horizontal, Shape::Vertical, Shape::Soldier] {
        if let Some(rest) = left.without(shape).filter(|_| shape.fits(free) & bit != 0) {
            let cells = shape.footprint() << cell;
            place(
                covered | cells,
                rest,
                empty,
                layout.with_piece(shape, cell),
                out,
            );
        }
    }
}

/// Layouts of the piece set in CommonCode order. A layout of another piece set
/// ranks as [`len`](DenseSpace::len), outside the space.
impl DenseSpace for PieceSetSpace {
    type State = Layout;

    fn len(&self) -> u64 {
        self.layouts.len() as u64
    }

    #[inline]
    fn rank(&self, layout: &Layout) -> u64 {
        let rank = rank::rank(*layout);
        self.ranks.binary_search(&rank).unwrap_or(self.ranks.len()) as u64
    }

    fn unrank(&self, rank: u64) -> Layout {
        let index = usize::try_from(rank).unwrap_or(usize::MAX);
        let last = self.layouts.len().saturating_sub(1);
        self.layouts
            .get(index.min(last))
            .copied()
            .unwrap_or_else(|| Layout::from_parts(GOAL_ANCHOR, 0, 0, 0))
    }

    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Layout)) {
        let end = self.len().min(ranks.end);
        let start = ranks.start.min(end);
        if let Some(layouts) = self.layouts.get(start as usize..end as usize) {
            for (rank, &layout) in (start..).zip(layouts) {
                visit(rank, layout);
            }
        }
    }

    fn for_each_goal(&self, mut emit: impl FnMut(Layout)) {
        for layout in self.layouts.iter().filter(|layout| layout.is_solved()) {
            emit(*layout);
        }
    }
}
