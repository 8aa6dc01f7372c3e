//! Klotski's layouts split by piece set, for the atlas: a [`PartedSpace`] for
//! the distances, folded by mirror images and keyed by layout codes.

use super::piece_slots::{slot, SLOTS};
use crate::atlas::PartedSpace;
use crate::klotski::{AllLayouts, Klotski, Layout, Metric, PieceCounts, LAYOUT_COUNT};
use crate::{Backward, DenseSpace};

/// The part of each piece set, by [`slot`], numbered from the largest, and the
/// number of parts.
fn piece_set_parts() -> (Vec<u8>, u64) {
    let mut sets: Vec<PieceCounts> = PieceCounts::all().collect();
    sets.sort_by_key(|&counts| core::cmp::Reverse(arrangements(counts)));
    let mut parts = vec![0u8; SLOTS];
    for (part, &counts) in sets.iter().enumerate() {
        if let Some(slot) = parts.get_mut(slot(counts)) {
            *slot = part.min(usize::from(u8::MAX)) as u8;
        }
    }
    (parts, sets.len() as u64)
}

/// All layouts under one metric, a part per piece set, a layout and its
/// mirror image one key: they are as far from the exit, so each pair is
/// expanded once.
pub(super) struct MirroredSets {
    puzzle: Klotski,
    /// The solved layouts of each part, one of each mirror pair.
    goals: Vec<Vec<Layout>>,
}

impl MirroredSets {
    pub(super) fn new(metric: Metric) -> Self {
        let (parts, count) = piece_set_parts();
        let mut goals = vec![Vec::new(); count as usize];
        AllLayouts.for_each_goal(|layout| {
            if layout.code() <= layout.mirror().code() {
                // `slot` is below `SLOTS`, the length of `parts`.
                #[allow(clippy::indexing_slicing)]
                let part = parts[slot(layout.counts())];
                if let Some(list) = goals.get_mut(usize::from(part)) {
                    list.push(layout);
                }
            }
        });
        MirroredSets {
            puzzle: Klotski::new(metric).with_mirror_folding(false),
            goals,
        }
    }
}

impl PartedSpace for MirroredSets {
    type Node = Layout;

    fn len(&self) -> u64 {
        u64::from(LAYOUT_COUNT)
    }

    fn parts(&self) -> u64 {
        self.goals.len() as u64
    }

    fn for_each_goal(&self, part: u64, mut emit: impl FnMut(Layout)) {
        if let Some(goals) = self.goals.get(part as usize) {
            goals.iter().for_each(|&goal| emit(goal));
        }
    }

    #[inline]
    fn key(&self, layout: &Layout) -> u64 {
        layout.mirror_folded_code()
    }

    #[inline]
    fn for_each_rank(&self, layout: &Layout, mut emit: impl FnMut(u64)) {
        emit(AllLayouts.rank(layout));
        let mirror = layout.mirror();
        if mirror != *layout {
            emit(AllLayouts.rank(&mirror));
        }
    }

    #[inline]
    fn predecessors(&self, layout: &Layout, mut emit: impl FnMut(Layout)) {
        self.puzzle
            .predecessors(layout, |_, previous| emit(previous));
    }
}

/// The ways to arrange the pieces `counts` in the 16 cells the general leaves,
/// shapes aside: a guess at the size of a piece set that orders them well enough.
fn arrangements(counts: PieceCounts) -> u64 {
    let items = [
        counts.vertical,
        counts.horizontal,
        counts.soldiers,
        counts.empty_cells() as u8,
    ];
    // A multinomial coefficient, as a product of binomials, exact at every step.
    let mut total = 1u64;
    let mut placed = 0u64;
    for count in items {
        for k in 1..=u64::from(count) {
            placed += 1;
            total = total * placed / k;
        }
    }
    total
}
