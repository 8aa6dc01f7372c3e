//! The flood of one piece set: its groups labelled over the frame index, the
//! soldiers' moves made in bulk (every arrangement of a region of free cells
//! at once) and mirror images labelled without a flood of their own.
//!
//! A class of arrangements reached is expanded by its frame's steps, and a
//! step is tried from few of its arrangements, not from all: the class
//! reached depends only on how many soldiers stand in each region of the next
//! frame, so one arrangement stands for all of a region the step leaves in
//! one piece (see `Flooder::targets`); only a region it cuts apart needs each.
//! The mirror images of a class reached are a class too, of the mirror frame:
//! unless it is the same class, its layouts are marked as images in one
//! sweep, without mirroring each layout.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::klotski::frames::{compress, deposit, Frame, FrameClass, FrameIndex, PieceSet};
use crate::klotski::Layout;

/// A class of layouts the flood has reached and whose frame's moves are
/// still to list: a frame and the soldiers of one of its layouts, packed as
/// [`compress`] packs them, which stand for all the arrangements of as many
/// soldiers in each region of free cells.
struct Arrangements {
    frame: u32,
    packed: u32,
}

/// Sets bit `at` of `bits`.
#[inline]
fn set_bit(bits: &mut [u64], at: usize) {
    if let Some(word) = bits.get_mut(at / 64) {
        *word |= 1 << (at % 64);
    }
}

/// Whether bit `at` of `bits` is set (`true` outside the table, which then
/// needs no visit).
#[inline]
fn test(bits: &[u64], at: usize) -> bool {
    bits.get(at / 64)
        .is_none_or(|word| word >> (at % 64) & 1 == 1)
}

/// The regions of a frame whose soldiers can be arranged more than one way:
/// each one's cells (packed as [`compress`] packs them), its number of cells
/// and its number of soldiers.
type Regions = ([(u32, u32, u32); 16], usize);

/// Calls `visit(packed)` for every packing of soldiers that puts `base` in
/// the fixed regions and as many soldiers as `regions` say in each of theirs.
fn for_each_arrangement(regions: &[(u32, u32, u32)], base: u32, visit: &mut impl FnMut(u32)) {
    let Some((&(cells, size, soldiers), rest)) = regions.split_first() else {
        visit(base);
        return;
    };
    // Every set of `soldiers` bits below `size`, in increasing order (Gosper's hack).
    let mut local: u32 = (1 << soldiers) - 1;
    while local < 1 << size {
        for_each_arrangement(rest, base | deposit(local, cells), visit);
        let low = local & local.wrapping_neg();
        let carried = local + low;
        local = carried | ((carried ^ local) >> 2) >> low.trailing_zeros();
    }
}

/// What a thread keeps while it floods piece sets.
pub(super) struct Flooder<'a> {
    index: &'a FrameIndex,
    /// The numbers of the floods, shared by all threads.
    floods: &'a AtomicU32,
    stack: Vec<Arrangements>,
    /// The indices (within the piece set) of the layouts the flood under way
    /// reached as mirror images only.
    images: Vec<u32>,
    /// A bit per layout of the piece set under way: reached, by a flood or as
    /// an image. The labels could tell, but this table is 32 times smaller,
    /// and it is what every neighbour looks up.
    seen: Vec<u64>,
    /// A bit per layout of the piece set under way: reached as an image.
    image: Vec<u64>,
}

/// A piece set, its class and its labels, as a flood sees them.
struct SetView<'s> {
    set: PieceSet,
    class: FrameClass,
    labels: &'s mut [u32],
}

impl SetView<'_> {
    /// The index within the set of the layout of frame `frame` whose soldiers
    /// are packed as `packed`.
    #[inline]
    fn at(&self, index: &FrameIndex, frame: u32, packed: u32) -> usize {
        let soldiers = index.packed_rank(packed);
        (frame.wrapping_sub(self.class.first) * self.set.per_frame + soldiers) as usize
    }
}

impl<'a> Flooder<'a> {
    /// A flooder over `index`, numbering its floods from `floods`.
    pub(super) fn new(index: &'a FrameIndex, floods: &'a AtomicU32) -> Self {
        Flooder {
            index,
            floods,
            stack: Vec::new(),
            images: Vec::new(),
            seen: Vec::new(),
            image: Vec::new(),
        }
    }

    /// Labels every layout of the piece set `set`, whose labels (by index
    /// within the set) are `labels`.
    pub(super) fn flood_set(&mut self, set: &PieceSet, labels: &mut [u32]) {
        let Some(class) = self.index.classes.get(set.class as usize).copied() else {
            return;
        };
        let len = labels.len();
        for bits in [&mut self.seen, &mut self.image] {
            bits.clear();
            bits.resize(len.div_ceil(64), 0);
        }
        let mut view = SetView {
            set: *set,
            class,
            labels,
        };
        // Each flood starts from the first layout no flood has reached.
        for word in 0..len.div_ceil(64) {
            loop {
                let unseen = !self.seen.get(word).copied().unwrap_or(u64::MAX);
                let start = word * 64 + unseen.trailing_zeros() as usize;
                if unseen == 0 || start >= len {
                    break;
                }
                let Some((layout, frame)) = self.index.layout_at(set, &class, start as u32) else {
                    break;
                };
                self.flood(&mut view, layout, frame);
            }
        }
    }

    /// Marks the mirror image of `layout` (of frame `frame`) reached as an
    /// image, unless it is reached already or `layout` itself.
    #[inline]
    fn mark_image(&mut self, view: &SetView<'_>, layout: Layout, frame: u32) {
        let mirror = layout.mirror();
        if mirror != layout {
            let image_frame = self
                .index
                .frames
                .get(frame as usize)
                .map_or(0, |f| f.mirror);
            let free = self
                .index
                .frames
                .get(image_frame as usize)
                .map_or(0, |f| f.free);
            let image = view.at(self.index, image_frame, compress(mirror.soldiers(), free));
            self.mark_unseen_image(image);
        }
    }

    /// Marks the layout at `at` reached as an image, unless it is reached.
    #[inline]
    fn mark_unseen_image(&mut self, at: usize) {
        if !test(&self.seen, at) {
            set_bit(&mut self.seen, at);
            set_bit(&mut self.image, at);
            self.images.push(at as u32);
        }
    }

    /// The regions of `frame` with a choice of arrangement (the regions and
    /// their soldiers as `packed` has them), and the soldiers of the others.
    fn choices(&self, frame: &Frame, packed: u32) -> (Regions, u32) {
        let mut choices: Regions = ([(0, 0, 0); 16], 0);
        let mut fixed = 0;
        for &cells in self.index.regions_of(frame.regions) {
            let size = cells.count_ones();
            let soldiers = (packed & cells).count_ones();
            if soldiers == 0 || soldiers == size {
                fixed |= packed & cells;
            } else if let Some(choice) = choices.0.get_mut(choices.1) {
                *choice = (cells, size, soldiers);
                choices.1 += 1;
            }
        }
        (choices, fixed)
    }

    /// The arrangements of soldiers (of the class `packed` stands for, in
    /// `frame`, whose regions with a choice are `regions` and whose other
    /// soldiers are `fixed`) that meet a class of frame `to` each after the
    /// step that needs the cells `entered` empty: `None` if none can make it.
    ///
    /// The class reached depends only on the soldiers in each region of
    /// `to`. A region of `frame` that `entered` does not touch stays whole in
    /// `to`, so its arrangement in `packed` stands for all; so does one
    /// arrangement of a region whose cells left free fall in one region of
    /// `to`. Only the regions cut apart need each of their arrangements.
    fn targets(
        &self,
        frame: &Frame,
        regions: &[(u32, u32, u32)],
        (fixed, packed): (u32, u32),
        (entered, to): (u32, u32),
    ) -> Option<(Regions, u32)> {
        let entered = compress(entered, frame.free);
        if fixed & entered != 0 {
            return None;
        }
        let target = self.index.frames.get(to as usize)?;
        let mut open: Regions = ([(0, 0, 0); 16], 0);
        let mut base = fixed;
        for &(cells, _, soldiers) in regions {
            if cells & entered == 0 {
                base |= packed & cells;
                continue;
            }
            let left = cells & !entered;
            let room = left.count_ones();
            if soldiers > room {
                return None;
            }
            let cells_there = compress(deposit(left, frame.free), target.free);
            let whole = self
                .index
                .regions_of(target.regions)
                .iter()
                .any(|&region| cells_there & !region == 0);
            if soldiers == room || whole {
                base |= deposit((1 << soldiers) - 1, left);
            } else if let Some(slot) = open.0.get_mut(open.1) {
                *slot = (left, room, soldiers);
                open.1 += 1;
            }
        }
        Some((open, base))
    }

    /// Reaches the unreached layout of frame `frame` whose soldiers are
    /// `packed`, and every layout its soldiers' steps lead to: all the
    /// arrangements of as many soldiers in each region of free cells, since a
    /// region with an empty cell lets its soldiers take every arrangement.
    /// Pushes the class of arrangements, for the moves of its frame; whether
    /// one of them was an image.
    fn reach_arrangements(
        &mut self,
        view: &mut SetView<'_>,
        stack: &mut Vec<Arrangements>,
        (frame, packed): (u32, u32),
        flood: u32,
    ) -> bool {
        let Some(&found) = self.index.frames.get(frame as usize) else {
            return false;
        };
        let ((regions, count), fixed) = self.choices(&found, packed);
        let regions = regions.get(..count).unwrap_or(&[]);
        // The images of a class are a class of the mirror frame. Unless that
        // is this class again, it is reached whole, as images, without a
        // mirror image per layout.
        let image_frame = found.mirror;
        let image_free = self
            .index
            .frames
            .get(image_frame as usize)
            .map_or(0, |f| f.free);
        let soldiers = Layout::from_code(u64::from(deposit(packed, found.free))).mirror();
        let image_packed = compress(soldiers.soldiers(), image_free);
        let apart =
            image_frame != frame
                || self.index.regions_of(found.regions).iter().any(|&cells| {
                    (packed & cells).count_ones() != (image_packed & cells).count_ones()
                });
        let mut symmetric = false;
        let mut whole = true;
        for_each_arrangement(regions, fixed, &mut |arranged| {
            let at = view.at(self.index, frame, arranged);
            if test(&self.seen, at) {
                symmetric |= test(&self.image, at);
                whole = false;
                return;
            }
            set_bit(&mut self.seen, at);
            if let Some(label) = view.labels.get_mut(at) {
                *label = flood;
            }
            if !apart {
                let layout =
                    Layout::from_code(found.code | u64::from(deposit(arranged, found.free)));
                self.mark_image(view, layout, frame);
            }
        });
        if apart && whole {
            let image = self.index.frames.get(image_frame as usize).copied();
            if let Some(image) = image {
                let ((regions, count), fixed) = self.choices(&image, image_packed);
                for_each_arrangement(
                    regions.get(..count).unwrap_or(&[]),
                    fixed,
                    &mut |arranged| {
                        let at = view.at(self.index, image_frame, arranged);
                        self.mark_unseen_image(at);
                    },
                );
            }
        } else if apart {
            // Part of the class was reached before (which the flood's
            // order never makes, but costs nothing to allow): the images of
            // the layouts this flood labelled, one by one.
            for_each_arrangement(regions, fixed, &mut |arranged| {
                let at = view.at(self.index, frame, arranged);
                if view.labels.get(at) == Some(&flood) && !test(&self.image, at) {
                    let layout =
                        Layout::from_code(found.code | u64::from(deposit(arranged, found.free)));
                    self.mark_image(view, layout, frame);
                }
            });
        }
        stack.push(Arrangements { frame, packed });
        symmetric
    }

    /// Floods the group of `layout` (unreached, of frame `frame`), one layout
    /// of each mirror pair, the other one kept aside as an image.
    ///
    /// The group holds both layouts of every pair exactly when some neighbour
    /// comes up as an image; if none does, the images form a group of their
    /// own, the mirror image of this one, which needs no flood.
    fn flood(&mut self, view: &mut SetView<'_>, layout: Layout, frame: u32) {
        let flood = self.floods.fetch_add(1, Relaxed);
        self.images.clear();
        let mut stack = core::mem::take(&mut self.stack);
        let free = self.index.frames.get(frame as usize).map_or(0, |f| f.free);
        let start = (frame, compress(layout.soldiers(), free));
        let mut symmetric = self.reach_arrangements(view, &mut stack, start, flood);
        while let Some(Arrangements { frame, packed }) = stack.pop() {
            let Some(&found) = self.index.frames.get(frame as usize) else {
                continue;
            };
            // The steps of the frame's pieces, the same for all its
            // arrangements of soldiers.
            let mut moves = [(0u32, 0u32, 0u32); 32];
            let mut count = 0;
            self.index
                .frame_steps(&view.class, &found, |entered, to, free| {
                    if let Some(slot) = moves.get_mut(count) {
                        *slot = (entered, to, free);
                        count += 1;
                    }
                });
            let ((regions, choices), fixed) = self.choices(&found, packed);
            let regions = regions.get(..choices).unwrap_or(&[]);
            for &(entered, to, free) in moves.get(..count).unwrap_or(&[]) {
                let Some(targets) = self.targets(&found, regions, (fixed, packed), (entered, to))
                else {
                    continue;
                };
                let ((open, choices), base) = targets;
                for_each_arrangement(open.get(..choices).unwrap_or(&[]), base, &mut |arranged| {
                    let packed = compress(deposit(arranged, found.free), free);
                    let at = view.at(self.index, to, packed);
                    if test(&self.seen, at) {
                        symmetric |= test(&self.image, at);
                    } else {
                        symmetric |= self.reach_arrangements(view, &mut stack, (to, packed), flood);
                    }
                });
            }
        }
        self.stack = stack;
        let images = if symmetric {
            flood
        } else {
            self.floods.fetch_add(1, Relaxed)
        };
        for &image in &self.images {
            if let Some(label) = view.labels.get_mut(image as usize) {
                *label = images;
            }
        }
    }
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::atlas::Options;
    use crate::klotski::frames::FrameCache;
    use crate::DenseSpace;

    /// The label of a layout no flood has reached.
    const UNSEEN: u32 = u32::MAX;

    /// The flood of a piece set finds the groups the union–find over all
    /// `step` moves finds, in piece sets with one region of free cells and
    /// with many, with and without groups that are their own mirror image.
    #[test]
    fn piece_set_floods_agree_with_union_find() {
        use crate::atlas::components;
        use crate::klotski::{Klotski, Metric, PieceCounts, PieceSetSpace};
        let index = FrameIndex::build();
        let floods = AtomicU32::new(0);
        let mut flooder = Flooder::new(&index, &floods);
        for (vertical, horizontal, soldiers) in
            [(0, 0, 2), (2, 1, 4), (4, 1, 4), (1, 3, 5), (3, 3, 2)]
        {
            let counts = PieceCounts {
                vertical,
                horizontal,
                soldiers,
            };
            let space = PieceSetSpace::new(counts).unwrap();
            let steps = Klotski::new(Metric::Step).with_mirror_folding(false);
            let expected = components(&steps, &space, &Options::new(), &mut |_| {}).unwrap();
            let class = index.class_of[usize::from(vertical * 8 + horizontal)];
            let set = index.sets
                [(index.classes[class as usize].first_set + u32::from(soldiers)) as usize];
            let mut labels = vec![UNSEEN; set.len(&index.classes[class as usize])];
            flooder.flood_set(&set, &mut labels);
            // The same partition: each label of one side maps to one of the other.
            let mut to_flood = vec![UNSEEN; expected.count() as usize];
            let mut to_group = std::collections::HashMap::new();
            let mut cache = FrameCache::new();
            space.for_each_state(0..space.len(), |rank, layout| {
                let at = index.index_of(layout, &mut cache).unwrap() - set.base;
                let flood = labels[at as usize];
                let group = expected.get(rank).unwrap();
                assert_ne!(flood, UNSEEN, "{layout:?}");
                let mapped = &mut to_flood[group as usize];
                if *mapped == UNSEEN {
                    *mapped = flood;
                }
                assert_eq!(*mapped, flood, "{counts:?} {layout:?}");
                assert_eq!(*to_group.entry(flood).or_insert(group), group, "{counts:?}");
            });
        }
    }
}
