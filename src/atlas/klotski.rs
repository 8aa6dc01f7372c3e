//! The Klotski atlas: every layout's distance to the nearest solved layout and
//! its group (connected component), with a summary per piece set.
//!
//! ```
//! use puzzle_search::atlas::{klotski::KlotskiAtlas, Options};
//! use puzzle_search::klotski::{Klotski, Layout, Metric, PieceCounts, PieceSetSpace};
//! use puzzle_search::search::{Engine, Limits};
//!
//! // The general, one vertical piece and two soldiers: a small piece set.
//! let counts = PieceCounts { vertical: 1, horizontal: 0, soldiers: 2 };
//! let space = PieceSetSpace::new(Metric::Piece, counts).unwrap();
//! let atlas = KlotskiAtlas::build_piece_set(space, &Options::new(), &mut |_| {})?;
//!
//! // The distance of every layout is what a search from it finds.
//! let start: Layout = "4420/4420/1100/0000/0000".parse()?;
//! let solved = Engine::Bfs.solve(&Klotski::new(Metric::Piece), start, &Limits::new());
//! assert_eq!(atlas.distance(start), Some(2));
//! assert_eq!(solved.outcome.path().map(|path| path.len() as u32), Some(2));
//!
//! let summary = atlas.summary(&Options::new(), &mut |_| {});
//! assert_eq!(summary.layouts, atlas.len());
//! assert_eq!(summary.piece_sets.len(), 1);
//! assert_eq!(summary.piece_sets[0].counts, counts);
//! println!("{} groups, the hardest layout needs {:?} moves", summary.groups, summary.max_distance);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The full atlas ([`KlotskiAtlas::build`]) maps all 29,334,498 layouts: 25,422
//! groups, the largest with 964,656 layouts; 28,913,089 layouts are solvable,
//! the hardest in 138 `piece` moves (179 `step`, 150 `slide`). It takes about
//! 20 s on two cores and under 200 MB; see the `atlas` example.

use std::io::{Read, Write};

use super::{
    components, distances, file, AtlasError, Components, DenseSpace, Distances, Options, Phase,
    Progress, UNREACHABLE,
};
use crate::klotski::{Klotski, Layout, Metric, PieceCounts, PieceSetSpace};

/// The most hardest layouts a summary lists per piece set (and overall).
pub const HARDEST_LIMIT: usize = 16;

/// Which layouts an atlas covers.
#[derive(Clone, Debug)]
enum Scope {
    /// All legal layouts, indexed by ShortCode rank.
    All(Klotski),
    /// The layouts of one piece set.
    PieceSet(PieceSetSpace),
}

/// Distances and groups of Klotski layouts under one metric.
///
/// The groups are the same under every metric (a `piece` move is a chain of
/// `step` moves of one piece, so the same layouts are reachable); the distances
/// are not.
#[derive(Clone, Debug)]
pub struct KlotskiAtlas {
    scope: Scope,
    distances: Distances,
    components: Components,
}

/// The summary of an atlas (see [`KlotskiAtlas::summary`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KlotskiSummary {
    /// The move metric of the distances.
    pub metric: Metric,
    /// The layouts covered.
    pub layouts: u64,
    /// The number of groups (connected components).
    pub groups: u32,
    /// The size of the largest group.
    pub largest_group: u32,
    /// The layouts from which a solved layout can be reached.
    pub solvable: u64,
    /// The largest distance of a solvable layout.
    pub max_distance: Option<u32>,
    /// Layouts at `max_distance`, in CommonCode order, at most [`HARDEST_LIMIT`].
    pub hardest: Vec<Layout>,
    /// The number of layouts at `max_distance`.
    pub hardest_count: u64,
    /// Solvable layouts per distance, from 0 to `max_distance`.
    pub histogram: Vec<u64>,
    /// One entry per piece set that has layouts, ordered by counts.
    pub piece_sets: Vec<PieceSetSummary>,
}

/// The summary of one piece set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSetSummary {
    /// The pieces besides the general.
    pub counts: PieceCounts,
    /// Its layouts.
    pub layouts: u64,
    /// Its groups.
    pub groups: u32,
    /// Its solvable layouts.
    pub solvable: u64,
    /// The largest distance of its solvable layouts.
    pub max_distance: Option<u32>,
    /// Its layouts at `max_distance`, in CommonCode order, at most [`HARDEST_LIMIT`].
    pub hardest: Vec<Layout>,
    /// The number of its layouts at `max_distance`.
    pub hardest_count: u64,
}

impl KlotskiAtlas {
    /// Maps all 29,334,498 layouts under `metric`.
    ///
    /// # Errors
    ///
    /// [`AtlasError::TooDeep`] if a layout were more than 254 moves from a
    /// solved one (none is, in any metric).
    pub fn build(
        metric: Metric,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        let space = Klotski::new(metric).with_mirror_folding(false);
        let distances = distances(&space, options, progress)?;
        // The groups do not depend on the metric, and `step` moves are the cheapest to list.
        let components = components(&Klotski::new(Metric::Step), options, progress)?;
        Ok(KlotskiAtlas {
            scope: Scope::All(space),
            distances,
            components,
        })
    }

    /// Maps the layouts of one piece set.
    ///
    /// # Errors
    ///
    /// As [`build`](KlotskiAtlas::build).
    pub fn build_piece_set(
        space: PieceSetSpace,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        let distances = distances(&space, options, progress)?;
        let components = components(&space, options, progress)?;
        Ok(KlotskiAtlas {
            scope: Scope::PieceSet(space),
            distances,
            components,
        })
    }

    /// The atlas of all layouts from its tables, indexed by ShortCode rank.
    ///
    /// # Errors
    ///
    /// [`file::FileError::WrongSize`] if a table does not have one entry per layout.
    pub fn from_tables(
        metric: Metric,
        distances: Distances,
        components: Components,
    ) -> Result<Self, AtlasError> {
        let space = Klotski::new(metric).with_mirror_folding(false);
        for found in [distances.len(), components.len()] {
            if found != space.len() {
                return Err(file::FileError::WrongSize {
                    expected: space.len(),
                    found,
                }
                .into());
            }
        }
        Ok(KlotskiAtlas {
            scope: Scope::All(space),
            distances,
            components,
        })
    }

    /// The move metric of the distances.
    pub fn metric(&self) -> Metric {
        match &self.scope {
            Scope::All(space) => space.metric(),
            Scope::PieceSet(space) => space.metric(),
        }
    }

    /// The piece set covered, or `None` for all layouts.
    pub fn piece_set(&self) -> Option<PieceCounts> {
        match &self.scope {
            Scope::All(_) => None,
            Scope::PieceSet(space) => Some(space.counts()),
        }
    }

    /// The number of layouts covered.
    pub fn len(&self) -> u64 {
        self.distances.len()
    }

    /// Whether no layout is covered (a piece set that fits nowhere).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The distance table, by index (ShortCode rank for the full atlas).
    pub fn distances(&self) -> &Distances {
        &self.distances
    }

    /// The group labels, by index.
    pub fn components(&self) -> &Components {
        &self.components
    }

    /// The index of `layout` in the tables, if the atlas covers it.
    pub fn index(&self, layout: Layout) -> Option<u64> {
        let index = match &self.scope {
            Scope::All(space) => space.rank(&layout),
            Scope::PieceSet(space) => space.rank(&layout),
        };
        (index < self.len()).then_some(index)
    }

    /// The layout at `index`, if in range.
    pub fn layout(&self, index: u64) -> Option<Layout> {
        (index < self.len()).then(|| match &self.scope {
            Scope::All(space) => space.unrank(index),
            Scope::PieceSet(space) => space.unrank(index),
        })
    }

    /// The fewest moves from `layout` to a solved layout; `None` if it is
    /// unsolvable or not covered.
    pub fn distance(&self, layout: Layout) -> Option<u32> {
        self.distances.get(self.index(layout)?).map(u32::from)
    }

    /// The group label of `layout`, if covered. Two layouts can reach each other
    /// exactly when their labels are equal.
    pub fn group(&self, layout: Layout) -> Option<u32> {
        self.components.get(self.index(layout)?)
    }

    /// The name of the tables in a table file: `klotski/<metric>`, plus
    /// `/<vertical>-<horizontal>-<soldiers>` for a piece set.
    pub fn file_name(&self) -> String {
        match &self.scope {
            Scope::All(_) => format!("klotski/{}", self.metric()),
            Scope::PieceSet(space) => piece_set_name(space),
        }
    }

    /// Writes the distance and group tables as a [table file](super::file).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn save(&self, writer: impl Write) -> Result<(), AtlasError> {
        file::save(
            writer,
            &self.file_name(),
            &self.distances,
            Some(&self.components),
        )
    }

    /// Reads the atlas of all layouts under `metric` from a [table file](super::file).
    ///
    /// # Errors
    ///
    /// A [`file::FileError`] naming what is wrong with the file, or the reader's error.
    pub fn load(reader: impl Read, metric: Metric) -> Result<Self, AtlasError> {
        let space = Klotski::new(metric).with_mirror_folding(false);
        let (distances, components) =
            file::load(reader, &format!("klotski/{metric}"), space.len())?;
        let components = components.ok_or(file::FileError::UnknownSections(1))?;
        Ok(KlotskiAtlas {
            scope: Scope::All(space),
            distances,
            components,
        })
    }

    /// Reads the atlas of one piece set from a [table file](super::file).
    ///
    /// # Errors
    ///
    /// As [`load`](KlotskiAtlas::load).
    pub fn load_piece_set(reader: impl Read, space: PieceSetSpace) -> Result<Self, AtlasError> {
        let (distances, components) = file::load(reader, &piece_set_name(&space), space.len())?;
        let components = components.ok_or(file::FileError::UnknownSections(1))?;
        Ok(KlotskiAtlas {
            scope: Scope::PieceSet(space),
            distances,
            components,
        })
    }

    /// Counts layouts, groups, solvable layouts and the hardest layouts, in all
    /// and per piece set, in one pass over the tables.
    pub fn summary(&self, options: &Options, progress: &mut dyn FnMut(Progress)) -> KlotskiSummary {
        let states = self.len();
        let bytes = self.distances.as_bytes();
        let tallies = super::parallel::run_chunks(
            options.threads(),
            states,
            1 << 16,
            Tally::new,
            |range, tally: &mut Tally| {
                let mut visit = |index: u64, layout: Layout| {
                    let distance = bytes.get(index as usize).copied().unwrap_or(UNREACHABLE);
                    tally.add(index, layout, distance);
                };
                match &self.scope {
                    Scope::All(space) => space.for_each_state(range, &mut visit),
                    Scope::PieceSet(space) => space.for_each_state(range, &mut visit),
                }
            },
            &mut |done| {
                progress(Progress {
                    phase: Phase::Summary,
                    depth: 0,
                    done,
                    total: states,
                })
            },
        );
        let mut total = Tally::new();
        for tally in tallies {
            total.merge(tally);
        }
        // Labels are numbered by first appearance, so the first layout of each
        // group is where the next new label shows up.
        let mut next = 0u32;
        for (index, &label) in self.components.labels().iter().enumerate() {
            if label == next {
                next += 1;
                if let Some(layout) = self.layout(index as u64) {
                    total.set(layout.counts()).groups += 1;
                }
            }
        }
        let histogram = self.distances.histogram();
        let max_distance = histogram.len().checked_sub(1).map(|max| max as u8);
        let mut hardest = Vec::new();
        let mut hardest_count = 0;
        for set in total.sets.iter().flatten() {
            if set.max.is_some() && set.max == max_distance {
                hardest_count += set.hardest_count;
                hardest.extend(set.hardest.iter().copied());
            }
        }
        hardest.sort_unstable();
        hardest.truncate(HARDEST_LIMIT);
        let piece_sets = total
            .sets
            .iter()
            .flatten()
            .map(|set| PieceSetSummary {
                counts: set.counts,
                layouts: set.layouts,
                groups: set.groups,
                solvable: set.solvable,
                max_distance: set.max.map(u32::from),
                hardest: set
                    .hardest
                    .iter()
                    .filter_map(|&index| self.layout(index))
                    .collect(),
                hardest_count: set.hardest_count,
            })
            .collect();
        KlotskiSummary {
            metric: self.metric(),
            layouts: states,
            groups: self.components.count(),
            largest_group: self.components.largest(),
            solvable: histogram.iter().sum(),
            max_distance: max_distance.map(u32::from),
            hardest: hardest
                .into_iter()
                .filter_map(|index| self.layout(index))
                .collect(),
            hardest_count,
            histogram,
            piece_sets,
        }
    }
}

fn piece_set_name(space: &PieceSetSpace) -> String {
    let counts = space.counts();
    format!(
        "klotski/{}/{}-{}-{}",
        space.metric(),
        counts.vertical,
        counts.horizontal,
        counts.soldiers
    )
}

/// Piece sets are told apart by counts up to these bounds (exclusive).
const MAX_VERTICAL: usize = 8;
const MAX_HORIZONTAL: usize = 8;
const MAX_SOLDIERS: usize = 17;

/// What one thread has counted for one piece set.
#[derive(Clone, Debug)]
struct SetTally {
    counts: PieceCounts,
    layouts: u64,
    groups: u32,
    solvable: u64,
    max: Option<u8>,
    /// Indices at `max`, smallest first, at most [`HARDEST_LIMIT`].
    hardest: Vec<u64>,
    hardest_count: u64,
}

impl SetTally {
    fn new(counts: PieceCounts) -> Self {
        SetTally {
            counts,
            layouts: 0,
            groups: 0,
            solvable: 0,
            max: None,
            hardest: Vec::new(),
            hardest_count: 0,
        }
    }

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

    fn merge(&mut self, other: SetTally) {
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
}

/// Counts per piece set, indexed by [`Tally::slot`].
struct Tally {
    sets: Vec<Option<SetTally>>,
}

impl Tally {
    fn new() -> Self {
        Tally {
            sets: vec![None; MAX_VERTICAL * MAX_HORIZONTAL * MAX_SOLDIERS],
        }
    }

    /// Ordered by vertical, then horizontal, then soldier count.
    fn slot(counts: PieceCounts) -> usize {
        let vertical = usize::from(counts.vertical).min(MAX_VERTICAL - 1);
        let horizontal = usize::from(counts.horizontal).min(MAX_HORIZONTAL - 1);
        let soldiers = usize::from(counts.soldiers).min(MAX_SOLDIERS - 1);
        (vertical * MAX_HORIZONTAL + horizontal) * MAX_SOLDIERS + soldiers
    }

    // `slot` clamps each count below its bound, so it is below the length of `sets`.
    #[allow(clippy::indexing_slicing)]
    fn set(&mut self, counts: PieceCounts) -> &mut SetTally {
        let slot = Self::slot(counts);
        self.sets[slot].get_or_insert_with(|| SetTally::new(counts))
    }

    fn add(&mut self, index: u64, layout: Layout, distance: u8) {
        self.set(layout.counts()).add(index, distance);
    }

    fn merge(&mut self, other: Tally) {
        for (mine, theirs) in self.sets.iter_mut().zip(other.sets) {
            match (mine.as_mut(), theirs) {
                (Some(mine), Some(theirs)) => mine.merge(theirs),
                (None, Some(theirs)) => *mine = Some(theirs),
                _ => {}
            }
        }
    }
}
