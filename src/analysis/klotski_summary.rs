//! The per-piece-set summary of a Klotski atlas: layouts, groups, solvable
//! layouts and the hardest ones, counted in one pass over the tables.

use super::piece_slots::{slot, SLOTS};
use super::KlotskiAtlas;
use crate::atlas::{parallel::run_chunks, AtlasError, Options, Phase, Progress, UNREACHABLE};
use crate::klotski::{Layout, Metric, PieceCounts};

/// The most hardest layouts a summary lists per piece set (and overall).
pub const HARDEST_LIMIT: usize = 16;

/// The summary of an atlas (see [`KlotskiAtlas::summary`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KlotskiSummary {
    /// The move metric of the distances.
    pub metric: Metric,
    /// The counts over all the layouts covered.
    pub stats: LayoutStats,
    /// The size of the largest group.
    pub largest_group: u32,
    /// Solvable layouts per distance, from 0 to `stats.max_distance`.
    pub histogram: Vec<u64>,
    /// One entry per piece set that has layouts, ordered by counts.
    pub piece_sets: Vec<PieceSetSummary>,
}

/// The summary of one piece set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSetSummary {
    /// The pieces besides the general.
    pub counts: PieceCounts,
    /// The counts over its layouts.
    pub stats: LayoutStats,
}

/// What a summary counts over a set of layouts: all those of an atlas
/// ([`KlotskiSummary::stats`]), or those of one piece set
/// ([`PieceSetSummary::stats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutStats {
    /// The layouts.
    pub layouts: u64,
    /// The number of groups (connected components) they fall into.
    pub groups: u32,
    /// The layouts from which a solved layout can be reached.
    pub solvable: u64,
    /// The largest distance of a solvable layout.
    pub max_distance: Option<u32>,
    /// Layouts at `max_distance`, in CommonCode order, at most [`HARDEST_LIMIT`].
    pub hardest: Vec<Layout>,
    /// The number of layouts at `max_distance`.
    pub hardest_count: u64,
}

/// The summary of `atlas`: see [`KlotskiAtlas::summary`].
pub(super) fn summarise(
    atlas: &KlotskiAtlas,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<KlotskiSummary, AtlasError> {
    let states = atlas.len();
    let bytes = atlas.distances().as_bytes();
    let tallies = run_chunks(
        options,
        states,
        1 << 16,
        Tally::new,
        |range, tally: &mut Tally| {
            let mut visit = |index: u64, layout: Layout| {
                let distance = bytes.get(index as usize).copied().unwrap_or(UNREACHABLE);
                tally.add(index, layout, distance);
            };
            atlas.scope_layouts(range, &mut visit);
        },
        &mut |done| {
            progress(Progress {
                phase: Phase::Summary,
                depth: 0,
                done,
                total: states,
            })
        },
    )?;
    let mut total = Tally::new();
    for tally in tallies {
        total.merge(tally);
    }
    // Labels are numbered by first appearance, so the first layout of each
    // group is where the next new label shows up.
    let mut next = 0u32;
    for (index, &label) in atlas.components().labels().iter().enumerate() {
        if label == next {
            next += 1;
            if let Some(layout) = atlas.layout(index as u64) {
                total.set(layout.counts()).tally.groups += 1;
            }
        }
    }
    // Every layout is in one piece set: the whole atlas's counts are its
    // piece sets' counts merged.
    let mut all = StatsTally::default();
    let mut piece_sets = Vec::new();
    for set in total.sets.into_iter().flatten() {
        piece_sets.push(PieceSetSummary {
            counts: set.counts,
            stats: set.tally.stats(atlas),
        });
        all.merge(set.tally);
    }
    Ok(KlotskiSummary {
        metric: atlas.metric(),
        stats: all.stats(atlas),
        largest_group: atlas.components().largest(),
        histogram: atlas.distances().histogram(),
        piece_sets,
    })
}

/// [`LayoutStats`] as a thread counts them: layouts by index, distances as bytes.
#[derive(Clone, Debug, Default)]
struct StatsTally {
    layouts: u64,
    groups: u32,
    solvable: u64,
    max: Option<u8>,
    /// Indices at `max`, smallest first, at most [`HARDEST_LIMIT`].
    hardest: Vec<u64>,
    hardest_count: u64,
}

impl StatsTally {
    fn add(&mut self, index: u64, distance: u8) {
        self.layouts += 1;
        if distance == UNREACHABLE {
            return;
        }
        self.solvable += 1;
        if self.max.is_none_or(|max| distance > max) {
            self.max = Some(distance);
            self.hardest.clear();
            self.hardest_count = 0;
        }
        if self.max == Some(distance) {
            self.hardest_count += 1;
            if self.hardest.len() < HARDEST_LIMIT {
                self.hardest.push(index);
            }
        }
    }

    fn merge(&mut self, other: StatsTally) {
        self.layouts += other.layouts;
        self.groups += other.groups;
        self.solvable += other.solvable;
        if other.max > self.max {
            self.max = other.max;
            self.hardest = other.hardest;
            self.hardest_count = other.hardest_count;
        } else if other.max == self.max {
            self.hardest.extend(other.hardest);
            self.hardest_count += other.hardest_count;
        }
        // Threads took chunks in any order: sort, so the list is the smallest indices.
        self.hardest.sort_unstable();
        self.hardest.truncate(HARDEST_LIMIT);
    }

    /// The stats counted, with the layouts of `atlas` for their indices.
    fn stats(&self, atlas: &KlotskiAtlas) -> LayoutStats {
        LayoutStats {
            layouts: self.layouts,
            groups: self.groups,
            solvable: self.solvable,
            max_distance: self.max.map(u32::from),
            hardest: self
                .hardest
                .iter()
                .filter_map(|&index| atlas.layout(index))
                .collect(),
            hardest_count: self.hardest_count,
        }
    }
}

/// What one thread has counted for one piece set.
#[derive(Clone, Debug)]
struct SetTally {
    counts: PieceCounts,
    tally: StatsTally,
}

/// Counts per piece set, indexed by [`slot`].
struct Tally {
    sets: Vec<Option<SetTally>>,
}

impl Tally {
    fn new() -> Self {
        Tally {
            sets: vec![None; SLOTS],
        }
    }

    // `slot` clamps each count below its bound, so it is below the length of `sets`.
    #[allow(clippy::indexing_slicing)]
    fn set(&mut self, counts: PieceCounts) -> &mut SetTally {
        let at = slot(counts);
        self.sets[at].get_or_insert_with(|| SetTally {
            counts,
            tally: StatsTally::default(),
        })
    }

    fn add(&mut self, index: u64, layout: Layout, distance: u8) {
        self.set(layout.counts()).tally.add(index, distance);
    }

    fn merge(&mut self, other: Tally) {
        for (mine, theirs) in self.sets.iter_mut().zip(other.sets) {
            match (mine.as_mut(), theirs) {
                (Some(mine), Some(theirs)) => mine.tally.merge(theirs.tally),
                (None, Some(theirs)) => *mine = Some(theirs),
                _ => {}
            }
        }
    }
}
