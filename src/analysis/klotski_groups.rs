//! The groups of all Klotski layouts, flooded over an index that is cheaper to
//! compute than the ShortCode rank.
//!
//! A layout is its *frame* (where the general, the verticals and the
//! horizontals stand: 73,900 frames in all) and the soldiers spread over the
//! cells the frame leaves free. Within a piece set the frame leaves the same
//! number `n` of free cells, so with `s` soldiers each frame holds exactly
//! C(`n`, `s`) layouts: a layout's *index* is its frame's place among the
//! piece set's frames times C(`n`, `s`), plus the colexicographic rank of its
//! soldiers among the free cells. That is a table lookup per frame (and none
//! at all for a soldier's move, which keeps the frame) and a few shifts,
//! against about 250 instructions for a rank; and the index of every layout of
//! a piece set is dense, so a flood marks the layouts it reaches in a table
//! instead of a hash set.
//!
//! The groups are found in two passes. The first floods every piece set, a
//! group at a time, labelling layouts by index; the second walks all layouts
//! in rank order and reads each one's label, so the labels come out by rank
//! without ranking anything.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

use crate::atlas::{Components, Options, Phase, Progress};
use crate::klotski::{
    frame_step_moves, AllLayouts, Layout, Shape, FULL, GENERAL_ANCHORS, HORIZONTAL_SHIFT,
    LAYOUT_COUNT, VERTICAL_SHIFT,
};
use crate::DenseSpace;

/// A layout's code holds the soldiers in its low bits and the frame above,
/// from the verticals on.
const FRAME_SHIFT: u32 = VERTICAL_SHIFT;
/// The verticals' and horizontals' masks in a frame key (the code shifted
/// down by [`FRAME_SHIFT`]).
const KEY_VERTICALS: u32 = VERTICAL_SHIFT - FRAME_SHIFT;
const KEY_HORIZONTALS: u32 = HORIZONTAL_SHIFT - FRAME_SHIFT;
/// The cells a general anchored at bit 0 covers.
const GENERAL_FOOTPRINT: u32 = Shape::General.footprint();

/// The label of a layout no flood has reached.
const UNSEEN: u32 = u32::MAX;
/// An empty slot of a frame table.
const EMPTY_SLOT: u64 = u64::MAX;
/// Layouts labelled by rank per job of the second pass.
const RANK_CHUNK: usize = 1 << 16;

/// `COMPRESS[free << 8 | cells]`: the bits of `cells` at the places of the set
/// bits of `free`, packed down (a `pext` of eight bits, which Rust offers only
/// as an unsafe intrinsic, and which is slow on many AMD processors).
static COMPRESS: [u8; 1 << 16] = bit_table(true);

/// The table of [`COMPRESS`] (`pack`) or of [`DEPOSIT`] (not `pack`).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
const fn bit_table(pack: bool) -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    let mut index = 0;
    while index < 1 << 16 {
        let (free, value) = (index >> 8, index & 0xFF);
        let (mut out, mut at, mut bit) = (0u8, 0, 0);
        while bit < 8 {
            if free >> bit & 1 == 1 {
                out |= if pack {
                    ((value >> bit & 1) as u8) << at
                } else {
                    ((value >> at & 1) as u8) << bit
                };
                at += 1;
            }
            bit += 1;
        }
        table[index] = out;
        index += 1;
    }
    table
}

/// `BINOMIAL[n][k]`: n choose k, for n and k up to 16.
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
const BINOMIAL: [[u32; 17]; 17] = {
    let mut table = [[0u32; 17]; 17];
    let mut n = 0;
    while n < 17 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// n choose k (0 outside the table).
fn binomial(n: u32, k: u32) -> u32 {
    BINOMIAL
        .get(n as usize)
        .and_then(|row| row.get(k as usize))
        .copied()
        .unwrap_or(0)
}

/// The bits of `cells` at the places of the set bits of `free`, packed down:
/// eight cells at a time.
#[inline]
fn compress(cells: u32, free: u32) -> u32 {
    let part = |shift: u32| {
        let slot = ((free >> shift & 0xFF) << 8 | cells >> shift & 0xFF) as usize;
        u32::from(COMPRESS.get(slot).copied().unwrap_or(0))
    };
    part(0) | part(8) << (free & 0xFF).count_ones() | part(16) << (free & 0xFFFF).count_ones()
}

/// `DEPOSIT[free << 8 | packed]`: the low bits of `packed`, in order, at the
/// places of the set bits of `free` (a `pdep` of eight bits).
static DEPOSIT: [u8; 1 << 16] = bit_table(false);

/// The inverse of [`compress`]: the bits of `packed`, in order, at the places
/// of the set bits of `free`; eight cells at a time.
#[inline]
fn deposit(packed: u32, free: u32) -> u32 {
    let part = |shift: u32, packed: u32| {
        let slot = ((free >> shift & 0xFF) << 8 | packed & 0xFF) as usize;
        u32::from(DEPOSIT.get(slot).copied().unwrap_or(0)) << shift
    };
    let middle = packed >> (free & 0xFF).count_ones();
    let high = middle >> (free >> 8 & 0xFF).count_ones();
    part(0, packed) | part(8, middle) | part(16, high)
}

/// The set of `k` places with colexicographic rank `rank` (the inverse of the
/// [`GroupIndex::colex`] table).
fn colex_unrank(mut rank: u32, mut k: u32) -> u32 {
    let mut places = 0;
    for place in (0..16).rev() {
        if k == 0 {
            break;
        }
        let below = binomial(place, k);
        if below <= rank {
            rank -= below;
            places |= 1 << place;
            k -= 1;
        }
    }
    places
}

/// A frame: the general, verticals and horizontals of a layout.
#[derive(Clone, Copy)]
struct Frame {
    /// The layout's code without soldiers.
    code: u64,
    /// The cells it leaves to soldiers and empty cells.
    free: u32,
    /// The frame's mirror image, as a frame number.
    mirror: u32,
    /// Its regions of free cells (connected by unit steps), as
    /// [`GroupIndex::regions_of`] finds them.
    regions: (u32, u32),
}

/// The frames with a number of verticals and horizontals: their numbers are
/// `first..first + count`, and a table finds a frame's number from its code.
#[derive(Clone, Copy)]
struct FrameClass {
    first: u32,
    count: u32,
    /// The first of its piece sets (one per number of soldiers, from 0).
    first_set: u32,
    /// Where its table starts in [`GroupIndex::slots`], and its size less one
    /// (a power of two less one).
    table: usize,
    mask: usize,
}

/// A piece set: a class of frames and a number of soldiers.
#[derive(Clone, Copy)]
struct PieceSet {
    class: u32,
    soldiers: u32,
    /// Its first index: the piece sets' layouts follow one another.
    base: u32,
    /// Layouts per frame: C(free cells, soldiers).
    per_frame: u32,
}

impl PieceSet {
    fn len(&self, class: &FrameClass) -> usize {
        class.count as usize * self.per_frame as usize
    }
}

/// The index of all layouts by frame and soldiers.
struct GroupIndex {
    frames: Vec<Frame>,
    classes: Vec<FrameClass>,
    /// The class of `verticals * 8 + horizontals`, if any frame has them.
    class_of: [u32; 64],
    sets: Vec<PieceSet>,
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

impl GroupIndex {
    fn build() -> Self {
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
        let mut index = GroupIndex {
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
    fn frame_of(&self, code: u64) -> Option<u32> {
        let key = code >> FRAME_SHIFT;
        self.find(self.class_of_key(key)?, key)
    }

    /// The regions of a frame, from its [`Frame::regions`].
    #[inline]
    fn regions_of(&self, (start, count): (u32, u32)) -> &[u32] {
        self.regions
            .get(start as usize..(start + count) as usize)
            .unwrap_or(&[])
    }

    /// The colexicographic rank of `soldiers` among the cells `free` of their frame.
    #[inline]
    fn soldiers_rank(&self, soldiers: u32, free: u32) -> u32 {
        let packed = compress(soldiers, free) as usize;
        u32::from(self.colex.get(packed).copied().unwrap_or(0))
    }

    /// The layout of index `index` within piece set `set` (of class `class`).
    fn layout_at(&self, set: &PieceSet, class: &FrameClass, index: u32) -> Option<(Layout, u32)> {
        let number = class.first + index / set.per_frame;
        let frame = self.frames.get(number as usize)?;
        let places = colex_unrank(index % set.per_frame, set.soldiers);
        let soldiers = deposit(places, frame.free);
        Some((Layout::from_code(frame.code | u64::from(soldiers)), number))
    }

    /// The index of `layout` among all layouts, found from the layout alone;
    /// `cache` keeps the last frame found, which the next layout most often
    /// shares (in rank order, the soldiers change the most often).
    #[inline]
    fn index_of(&self, layout: Layout, cache: &mut FrameCache) -> Option<u32> {
        let key = layout.code() >> FRAME_SHIFT;
        if key != cache.key {
            let class = self.class_of_key(key)?;
            let number = self.find(class, key)?;
            *cache = FrameCache {
                key,
                first_set: class.first_set,
                place: number - class.first,
                free: self.frames.get(number as usize)?.free,
            };
        }
        let soldiers = layout.soldiers();
        let set = self
            .sets
            .get((cache.first_set + soldiers.count_ones()) as usize)?;
        Some(set.base + cache.place * set.per_frame + self.soldiers_rank(soldiers, cache.free))
    }
}

/// The last frame [`GroupIndex::index_of`] found.
#[derive(Clone, Copy)]
struct FrameCache {
    /// The frame's key ([`EMPTY_SLOT`], which no frame has, at first).
    key: u64,
    first_set: u32,
    /// Its place among the frames of its class.
    place: u32,
    free: u32,
}

impl FrameCache {
    fn new() -> Self {
        FrameCache {
            key: EMPTY_SLOT,
            first_set: 0,
            place: 0,
            free: 0,
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

/// `colex[places]`: the colexicographic rank of a set of places below 16
/// among the sets of as many: the sets of `k` places below `n` get the ranks
/// `0..C(n, k)`.
fn colex_table() -> Vec<u16> {
    let mut colex = vec![0u16; 1 << 16];
    for places in 1..1u32 << 16 {
        let top = 31 - places.leading_zeros();
        let rest = places & !(1 << top);
        let rank = colex.get(rest as usize).copied().unwrap_or(0);
        // C(16, 8) = 12,870 is the largest rank.
        let step = binomial(top, places.count_ones()) as u16;
        if let Some(entry) = colex.get_mut(places as usize) {
            *entry = rank + step;
        }
    }
    colex
}

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
struct Flooder<'a> {
    index: &'a GroupIndex,
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
    fn at(&self, index: &GroupIndex, frame: u32, packed: u32) -> usize {
        let soldiers = index.colex.get(packed as usize).copied().unwrap_or(0);
        (frame.wrapping_sub(self.class.first) * self.set.per_frame + u32::from(soldiers)) as usize
    }
}

impl<'a> Flooder<'a> {
    /// A flooder over `index`, numbering its floods from `floods`.
    fn new(index: &'a GroupIndex, floods: &'a AtomicU32) -> Self {
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
    fn flood_set(&mut self, set: &PieceSet, labels: &mut [u32]) {
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

    /// Marks `layout` (at `at`, of frame `frame`) reached by flood `flood`, and
    /// its mirror image reached as an image.
    #[inline]
    fn reach(&mut self, view: &mut SetView<'_>, layout: Layout, frame: u32, at: usize, flood: u32) {
        set_bit(&mut self.seen, at);
        if let Some(label) = view.labels.get_mut(at) {
            *label = flood;
        }
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
            if !test(&self.seen, image) {
                set_bit(&mut self.seen, image);
                set_bit(&mut self.image, image);
                self.images.push(image as u32);
            }
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
        let mut symmetric = false;
        for_each_arrangement(
            regions.get(..count).unwrap_or(&[]),
            fixed,
            &mut |arranged| {
                let at = view.at(self.index, frame, arranged);
                if test(&self.seen, at) {
                    symmetric |= test(&self.image, at);
                    return;
                }
                let layout =
                    Layout::from_code(found.code | u64::from(deposit(arranged, found.free)));
                self.reach(view, layout, frame, at, flood);
            },
        );
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
            // The steps of the frame's pieces, each with the free cells it
            // needs empty, the frame it leads to and that frame's free cells:
            // a frame's moves are the same for all its arrangements of soldiers.
            let mut moves = [(0u32, 0u32, 0u32); 32];
            let mut count = 0;
            frame_step_moves(Layout::from_code(found.code), |_, next| {
                let entered = next.occupied() & found.free;
                let key = next.code() >> FRAME_SHIFT;
                let Some(to) = self.index.find(&view.class, key) else {
                    return;
                };
                let free = self.index.frames.get(to as usize).map_or(0, |f| f.free);
                if let Some(slot) = moves.get_mut(count) {
                    *slot = (entered, to, free);
                    count += 1;
                }
            });
            let moves = moves.get(..count).unwrap_or(&[]);
            let ((regions, choices), fixed) = self.choices(&found, packed);
            for_each_arrangement(
                regions.get(..choices).unwrap_or(&[]),
                fixed,
                &mut |arranged| {
                    let soldiers = deposit(arranged, found.free);
                    for &(entered, to, free) in moves {
                        if soldiers & entered != 0 {
                            continue;
                        }
                        let packed = compress(soldiers, free);
                        let at = view.at(self.index, to, packed);
                        if test(&self.seen, at) {
                            symmetric |= test(&self.image, at);
                        } else {
                            symmetric |=
                                self.reach_arrangements(view, &mut stack, (to, packed), flood);
                        }
                    }
                },
            );
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

/// The groups of all layouts under `step` moves (the same under every
/// metric), labelled by rank; see the [module docs](self).
pub(super) fn flood_groups(options: &Options, progress: &mut dyn FnMut(Progress)) -> Components {
    let states = u64::from(LAYOUT_COUNT);
    let index = GroupIndex::build();
    let threads = options.threads().max(1);
    let done = AtomicU64::new(0);
    let mut report = |done: u64| {
        progress(Progress {
            phase: Phase::Components,
            depth: 0,
            // Each layout is counted once per pass.
            done: done / 2,
            total: states,
        })
    };
    // The first pass: a job per piece set, the largest first.
    // Every index gets its label (the floods start wherever the bitmaps say
    // none has been), and so does every rank: zeroed tables come from the
    // system without a pass to fill them.
    let mut by_index = vec![0; LAYOUT_COUNT as usize];
    let mut jobs: Vec<(PieceSet, &mut [u32])> = Vec::with_capacity(index.sets.len());
    let mut rest: &mut [u32] = &mut by_index;
    for set in &index.sets {
        let len = index
            .classes
            .get(set.class as usize)
            .map_or(0, |class| set.len(class));
        let (labels, after) = rest.split_at_mut(len.min(rest.len()));
        jobs.push((*set, labels));
        rest = after;
    }
    jobs.sort_by_key(|(_, labels)| labels.len());
    let floods = AtomicU32::new(0);
    {
        let jobs = Mutex::new(jobs);
        let first_pass = |report: &mut dyn FnMut(u64)| {
            let mut flooder = Flooder::new(&index, &floods);
            loop {
                let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).pop();
                let Some((set, labels)) = job else { break };
                flooder.flood_set(&set, labels);
                report(done.fetch_add(labels.len() as u64, Relaxed) + labels.len() as u64);
            }
        };
        on_threads(threads, &first_pass, &mut report);
    }
    // The second pass: every layout in rank order reads its label.
    let mut by_rank = vec![0; LAYOUT_COUNT as usize];
    let chunks = Mutex::new(by_rank.chunks_mut(RANK_CHUNK).enumerate());
    let second_pass = |report: &mut dyn FnMut(u64)| loop {
        let chunk = chunks.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some((number, labels)) = chunk else { break };
        let first = (number * RANK_CHUNK) as u64;
        let ranks = first..first + labels.len() as u64;
        let mut cache = FrameCache::new();
        AllLayouts.for_each_state(ranks, |rank, layout| {
            let label = index
                .index_of(layout, &mut cache)
                .and_then(|at| by_index.get(at as usize))
                .copied()
                .unwrap_or(UNSEEN);
            if let Some(slot) = labels.get_mut((rank - first) as usize) {
                *slot = label;
            }
        });
        report(done.fetch_add(labels.len() as u64, Relaxed) + labels.len() as u64);
    };
    on_threads(threads, &second_pass, &mut report);
    drop(by_index);
    report(2 * states);
    Components::from_floods(by_rank, floods.into_inner())
}

/// Runs `work` on `threads` threads, the calling thread one of them and the
/// only one to report progress.
fn on_threads(
    threads: usize,
    work: &(impl Fn(&mut dyn FnMut(u64)) + Sync),
    report: &mut dyn FnMut(u64),
) {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| scope.spawn(|| work(&mut |_| {})))
            .collect();
        work(report);
        for helper in helpers {
            // A helper panics only through a bug; pass it on.
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// The index is a one-to-one numbering of all layouts.
    #[test]
    fn index_numbers_every_layout_once() {
        let index = GroupIndex::build();
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

    /// The flood of a piece set finds the groups the union–find over all
    /// `step` moves finds, in piece sets with one region of free cells and
    /// with many, with and without groups that are their own mirror image.
    #[test]
    fn piece_set_floods_agree_with_union_find() {
        use crate::atlas::components;
        use crate::klotski::{Klotski, Metric, PieceCounts, PieceSetSpace};
        let index = GroupIndex::build();
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

    #[test]
    fn colex_ranks_are_dense() {
        let colex = colex_table();
        for n in 0..=16u32 {
            for k in 0..=n {
                let mut ranks: Vec<u32> = (0..1u32 << n)
                    .filter(|places| places.count_ones() == k)
                    .map(|places| u32::from(colex[places as usize]))
                    .collect();
                ranks.sort_unstable();
                assert!(ranks.iter().copied().eq(0..binomial(n, k)), "{n} {k}");
                for rank in 0..binomial(n, k) {
                    assert_eq!(u32::from(colex[colex_unrank(rank, k) as usize]), rank);
                }
            }
        }
    }

    #[test]
    fn compress_and_deposit_are_inverse() {
        for free in [0xF_FFFFu32, 0x0_F0F0, 0x1_2345, 0xA_5A5A, 0] {
            for packed in 0..1u32 << free.count_ones().min(12) {
                let cells = deposit(packed, free);
                assert_eq!(cells & !free, 0);
                assert_eq!(compress(cells, free), packed);
            }
        }
    }
}
