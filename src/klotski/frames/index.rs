//! The index: frames numbered by class through open-addressing tables, and
//! the layouts of each piece set numbered frame by frame.

use super::packing::{colex_table, colex_unrank, compress, deposit};
use crate::klotski::generate::frame_step_moves;
use crate::klotski::layout::{Layout, FULL, HORIZONTAL_SHIFT, VERTICAL_SHIFT};
use crate::klotski::pieces::Shape;
use crate::klotski::rank::{GENERAL_ANCHORS, LAYOUT_COUNT};
use crate::util::binomial::binomial;

/// A layout's code holds the soldiers in its low bits and the frame above,
/// from the verticals on.
const FRAME_SHIFT: u32 = VERTICAL_SHIFT;
/// The verticals' and horizontals' masks in a frame key (the code shifted
/// down by [`FRAME_SHIFT`]).
const KEY_VERTICALS: u32 = VERTICAL_SHIFT - FRAME_SHIFT;
const KEY_HORIZONTALS: u32 = HORIZONTAL_SHIFT - FRAME_SHIFT;
/// The cells a general anchored at bit 0 covers.
const GENERAL_FOOTPRINT: u32 = Shape::General.footprint();
/// An empty slot of a frame table.
const EMPTY_SLOT: u64 = u64::MAX;

/// A frame: the general, verticals and horizontals of a layout.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    /// The layout's code without soldiers.
    pub(crate) code: u64,
    /// The cells it leaves to soldiers and empty cells.
    pub(crate) free: u32,
    /// The frame's mirror image, as a frame number.
    pub(crate) mirror: u32,
    /// Its regions of free cells (connected by unit steps), as
    /// [`FrameIndex::regions_of`] finds them.
    pub(crate) regions: (u32, u32),
}

/// The frames with a number of verticals and horizontals: their numbers are
/// `first..first + count`, and a table finds a frame's number from its code.
#[derive(Clone, Copy)]
pub(crate) struct FrameClass {
    pub(crate) first: u32,
    pub(crate) count: u32,
    /// The first of its piece sets (one per number of soldiers, from 0).
    pub(crate) first_set: u32,
    /// Where its table starts in [`FrameIndex::slots`], and its size less one
    /// (a power of two less one).
    table: usize,
    mask: usize,
}

/// A piece set: a class of frames and a number of soldiers.
#[derive(Clone, Copy)]
pub(crate) struct PieceSet {
    pub(crate) class: u32,
    pub(crate) soldiers: u32,
    /// Its first index: the piece sets' layouts follow one another.
    pub(crate) base: u32,
    /// Layouts per frame: C(free cells, soldiers).
    pub(crate) per_frame: u32,
}

impl PieceSet {
    pub(crate) fn len(&self, class: &FrameClass) -> usize {
        class.count as usize * self.per_frame as usize
    }
}

/// The index of all layouts by frame and soldiers.
pub(crate) struct FrameIndex {
    pub(crate) frames: Vec<Frame>,
    pub(crate) classes: Vec<FrameClass>,
    /// The class of `verticals * 8 + horizontals`, if any frame has them.
    pub(crate) class_of: [u32; 64],
    pub(crate) sets: Vec<PieceSet>,
    /// The frame tables of all classes: a frame's key (its code shifted down
    /// by [`FRAME_SHIFT`]) above bit 20, its number below.
    slots: Vec<u64>,
    /// The colexicographic rank of each set of up to 16 places.
    colex: Vec<u16>,
    /// The regions of free cells of every frame, one after another, each
    /// packed as [`compress`] packs the frame's free cells.
    regions: Vec<u32>,
}

/// No class: the frames of these numbers of pieces leave fewer than two cells.
const NO_CLASS: u32 = u32::MAX;

impl FrameIndex {
    pub(crate) fn build() -> Self {
        // Every frame, by class.
        let mut by_class: Vec<Vec<u64>> = vec![Vec::new(); 64];
        for &anchor in &GENERAL_ANCHORS {
            let covered = GENERAL_FOOTPRINT << anchor;
            place_frames(0, covered, 0, 0, &mut |verticals, horizontals| {
                let pieces = verticals.count_ones() + horizontals.count_ones();
                // At least two cells must stay empty.
                if pieces <= 7 {
                    let class = (verticals.count_ones() * 8 + horizontals.count_ones()) as usize;
                    if let Some(list) = by_class.get_mut(class) {
                        list.push(Layout::from_parts(anchor, verticals, horizontals, 0).code());
                    }
                }
            });
        }
        let mut index = FrameIndex {
            frames: Vec::new(),
            classes: Vec::new(),
            class_of: [NO_CLASS; 64],
            sets: Vec::new(),
            slots: Vec::new(),
            colex: colex_table(),
            regions: Vec::new(),
        };
        let mut base = 0u32;
        for (slot, codes) in by_class.iter().enumerate() {
            if codes.is_empty() {
                continue;
            }
            let free_cells = 16 - 2 * (slot / 8 + slot % 8) as u32;
            let size = (2 * codes.len()).next_power_of_two().max(16);
            let class = FrameClass {
                first: index.frames.len() as u32,
                count: codes.len() as u32,
                first_set: index.sets.len() as u32,
                table: index.slots.len(),
                mask: size - 1,
            };
            index.slots.resize(index.slots.len() + size, EMPTY_SLOT);
            for (number, &code) in codes.iter().enumerate() {
                let free = !Layout::from_code(code).occupied() & FULL;
                let start = index.regions.len() as u32;
                let mut rest = free;
                while rest != 0 {
                    let region = region_of(rest & rest.wrapping_neg(), free);
                    index.regions.push(compress(region, free));
                    rest &= !region;
                }
                index.frames.push(Frame {
                    code,
                    free,
                    mirror: 0,
                    regions: (start, index.regions.len() as u32 - start),
                });
                index.insert(&class, code >> FRAME_SHIFT, class.first + number as u32);
            }
            for soldiers in 0..=free_cells - 2 {
                let per_frame = binomial(free_cells, soldiers);
                index.sets.push(PieceSet {
                    class: index.classes.len() as u32,
                    soldiers,
                    base,
                    per_frame,
                });
                base += per_frame * class.count;
            }
            if let Some(entry) = index.class_of.get_mut(slot) {
                *entry = index.classes.len() as u32;
            }
            index.classes.push(class);
        }
        debug_assert_eq!(base, LAYOUT_COUNT);
        for number in 0..index.frames.len() {
            let Some(frame) = index.frames.get(number).copied() else {
                continue;
            };
            let mirror = Layout::from_code(frame.code).mirror().code();
            let found = index.frame_of(mirror).unwrap_or(number as u32);
            if let Some(frame) = index.frames.get_mut(number) {
                frame.mirror = found;
            }
        }
        index
    }

    /// The table slot where the probe for `key` starts.
    #[inline]
    fn home(key: u64, class: &FrameClass) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & class.mask
    }

    fn insert(&mut self, class: &FrameClass, key: u64, number: u32) {
        // A slot holds the key above the number, in 64 bits, and no entry
        // is the empty one.
        debug_assert!(number < FULL && key >> (u64::BITS - FRAME_SHIFT) == 0);
        let mut slot = Self::home(key, class);
        // The table is at most half full, so the probe ends.
        while let Some(entry) = self.slots.get_mut(class.table + slot) {
            if *entry == EMPTY_SLOT {
                *entry = key << FRAME_SHIFT | u64::from(number);
                return;
            }
            slot = (slot + 1) & class.mask;
        }
    }

    /// The number of the frame with this key in `class`.
    #[inline]
    fn find(&self, class: &FrameClass, key: u64) -> Option<u32> {
        let mut slot = Self::home(key, class);
        loop {
            let entry = *self.slots.get(class.table + slot)?;
            if entry >> FRAME_SHIFT == key {
                return Some(entry as u32 & FULL);
            }
            if entry == EMPTY_SLOT {
                return None;
            }
            slot = (slot + 1) & class.mask;
        }
    }

    /// The class of a frame key, by its numbers of verticals and horizontals.
    #[inline]
    fn class_of_key(&self, key: u64) -> Option<&FrameClass> {
        let verticals = (key >> KEY_VERTICALS) as u32 & FULL;
        let horizontals = (key >> KEY_HORIZONTALS) as u32 & FULL;
        let slot = (verticals.count_ones() * 8 + horizontals.count_ones()) as usize;
        let class = *self.class_of.get(slot)?;
        self.classes.get(class as usize)
    }

    /// The number of the frame of `code` (whose soldiers are ignored).
    pub(crate) fn frame_of(&self, code: u64) -> Option<u32> {
        let key = code >> FRAME_SHIFT;
        self.find(self.class_of_key(key)?, key)
    }

    /// The regions of a frame, from its [`Frame::regions`].
    #[inline]
    pub(crate) fn regions_of(&self, (start, count): (u32, u32)) -> &[u32] {
        self.regions
            .get(start as usize..(start + count) as usize)
            .unwrap_or(&[])
    }

    /// The colexicographic rank of `soldiers` among the cells `free` of their frame.
    #[inline]
    fn soldiers_rank(&self, soldiers: u32, free: u32) -> u32 {
        self.packed_rank(compress(soldiers, free))
    }

    /// The colexicographic rank of a set of places packed as [`compress`]
    /// packs a frame's free cells.
    #[inline]
    // A frame leaves at most 16 free cells, so `packed` is below 1 << 16, the
    // table's length: an invariant of the index, not of any input.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn packed_rank(&self, packed: u32) -> u32 {
        debug_assert!((packed as usize) < self.colex.len(), "{packed:#x}");
        u32::from(self.colex[packed as usize])
    }

    /// Calls `emit(entered, to, free)` for every `step` move of a piece of
    /// `frame` (of class `class`): the free cells it needs empty, the number
    /// of the frame it leads to and that frame's free cells. A frame's moves
    /// are the same for all its arrangements of soldiers.
    #[inline]
    pub(crate) fn frame_steps(
        &self,
        class: &FrameClass,
        frame: &Frame,
        mut emit: impl FnMut(u32, u32, u32),
    ) {
        frame_step_moves(Layout::from_code(frame.code), |_, next| {
            let entered = next.occupied() & frame.free;
            let key = next.code() >> FRAME_SHIFT;
            let Some(to) = self.find(class, key) else {
                return;
            };
            let free = self.frames.get(to as usize).map_or(0, |f| f.free);
            emit(entered, to, free);
        });
    }

    /// The layout of index `index` within piece set `set` (of class `class`).
    pub(crate) fn layout_at(
        &self,
        set: &PieceSet,
        class: &FrameClass,
        index: u32,
    ) -> Option<(Layout, u32)> {
        let number = class.first + index / set.per_frame;
        let frame = self.frames.get(number as usize)?;
        let places = colex_unrank(index % set.per_frame, set.soldiers);
        let soldiers = deposit(places, frame.free);
        Some((Layout::from_code(frame.code | u64::from(soldiers)), number))
    }

    /// The index of `layout` among all layouts, found from the layout alone;
    /// `cache` keeps frames found before, which the next layouts most often
    /// share (in rank order, the soldiers change the most often, and the
    /// frame changes among a few).
    #[inline]
    pub(crate) fn index_of(&self, layout: Layout, cache: &mut FrameCache) -> Option<u32> {
        let key = layout.code() >> FRAME_SHIFT;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (u64::BITS - CACHE_BITS)) as usize;
        let entry = cache.entries.get_mut(slot)?;
        if key != entry.key {
            let class = self.class_of_key(key)?;
            let number = self.find(class, key)?;
            *entry = CachedFrame {
                key,
                first_set: class.first_set,
                place: number - class.first,
                free: self.frames.get(number as usize)?.free,
            };
        }
        let soldiers = layout.soldiers();
        let set = self
            .sets
            .get((entry.first_set + soldiers.count_ones()) as usize)?;
        Some(set.base + entry.place * set.per_frame + self.soldiers_rank(soldiers, entry.free))
    }
}

/// The frames [`FrameIndex::index_of`] keeps: `1 << CACHE_BITS` of them,
/// each in the slot of its key's hash. A walk in rank order changes frames
/// at more than every other layout, among a few that a cache of one missed.
const CACHE_BITS: u32 = 8;

/// The frames [`FrameIndex::index_of`] found last.
pub(crate) struct FrameCache {
    entries: Box<[CachedFrame; 1 << CACHE_BITS]>,
}

/// A frame [`FrameIndex::index_of`] found.
#[derive(Clone, Copy)]
struct CachedFrame {
    /// The frame's key ([`EMPTY_SLOT`], which no frame has, at first).
    key: u64,
    first_set: u32,
    /// Its place among the frames of its class.
    place: u32,
    free: u32,
}

impl FrameCache {
    pub(crate) fn new() -> Self {
        let empty = CachedFrame {
            key: EMPTY_SLOT,
            first_set: 0,
            place: 0,
            free: 0,
        };
        FrameCache {
            entries: Box::new([empty; 1 << CACHE_BITS]),
        }
    }
}

/// The cells of `free` connected to `seed` by unit steps through `free`.
fn region_of(seed: u32, free: u32) -> u32 {
    let mut region = seed;
    loop {
        let grown = (region
            | region << 4
            | region >> 4
            | (region << 1 & !0x1_1111)
            | (region >> 1 & !0x8_8888))
            & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Calls `emit(verticals, horizontals)` for every way to place verticals and
/// horizontals on the cells from `cell` on that `covered` leaves, the other
/// cells left to soldiers or empty.
fn place_frames(
    cell: u32,
    covered: u32,
    verticals: u32,
    horizontals: u32,
    emit: &mut impl FnMut(u32, u32),
) {
    let Some(cell) = (cell..20).find(|&cell| covered >> cell & 1 == 0) else {
        emit(verticals, horizontals);
        return;
    };
    let bit = 1u32 << cell;
    place_frames(cell + 1, covered | bit, verticals, horizontals, emit);
    if cell < 16 && covered & bit << 4 == 0 {
        place_frames(
            cell + 1,
            covered | bit | bit << 4,
            verticals | bit,
            horizontals,
            emit,
        );
    }
    if cell % 4 < 3 && covered & bit << 1 == 0 {
        place_frames(
            cell + 2,
            covered | bit | bit << 1,
            verticals,
            horizontals | bit,
            emit,
        );
    }
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::klotski::AllLayouts;
    use crate::DenseSpace;

    /// The index is a one-to-one numbering of all layouts.
    #[test]
    fn index_numbers_every_layout_once() {
        let index = FrameIndex::build();
        assert_eq!(index.frames.len(), 73_900 - frames_without_room());
        let mut seen = vec![false; LAYOUT_COUNT as usize];
        let mut cache = FrameCache::new();
        AllLayouts.for_each_state(0..u64::from(LAYOUT_COUNT), |_, layout| {
            let at = index.index_of(layout, &mut cache).map(|at| at as usize);
            let slot = at.and_then(|at| seen.get_mut(at));
            assert!(slot.as_ref().is_some_and(|seen| !**seen), "{layout:?}");
            if let Some(slot) = slot {
                *slot = true;
            }
        });
        // And every index goes back to its layout.
        for set in &index.sets {
            let class = index.classes[set.class as usize];
            for local in (0..set.len(&class) as u32).step_by(97) {
                let (layout, frame) = index.layout_at(set, &class, local).unwrap();
                let mut cache = FrameCache::new();
                assert_eq!(index.index_of(layout, &mut cache), Some(set.base + local));
                assert_eq!(index.frame_of(layout.code()), Some(frame));
            }
        }
    }

    /// Frames of eight verticals and horizontals leave no room for two empty cells.
    fn frames_without_room() -> usize {
        let mut count = 0;
        for &anchor in &GENERAL_ANCHORS {
            place_frames(0, GENERAL_FOOTPRINT << anchor, 0, 0, &mut |v, h| {
                count += usize::from(v.count_ones() + h.count_ones() > 7);
            });
        }
        count
    }
}
