//! The Klotski atlas: every layout's distance to the nearest solved layout and
//! its group (connected component), with a summary per piece set.
//!
//! ```
//! use puzzle_search::analysis::KlotskiAtlas;
//! use puzzle_search::atlas::Options;
//! use puzzle_search::klotski::{Klotski, Layout, Metric, PieceCounts, PieceSetSpace};
//! use puzzle_search::search::{Engine, Limits, TwoWay};
//!
//! // The general, one vertical piece and two soldiers: a small piece set.
//! let counts = PieceCounts { vertical: 1, horizontal: 0, soldiers: 2 };
//! let space = PieceSetSpace::new(counts).unwrap();
//! let atlas = KlotskiAtlas::build_piece_set(Metric::Piece, space, &Options::new(), &mut |_| {})?;
//!
//! // The distance of every layout is what a search from it finds.
//! let start: Layout = "4420/4420/1100/0000/0000".parse()?;
//! let solved = Engine::Bfs.solve(TwoWay(&Klotski::new(Metric::Piece)), start, &Limits::new());
//! assert_eq!(atlas.distance(start), Some(2));
//! assert_eq!(solved.outcome.path().map(|path| path.len() as u32), Some(2));
//!
//! let summary = atlas.summary(&Options::new(), &mut |_| {})?;
//! assert_eq!(summary.stats.layouts, atlas.len());
//! assert_eq!(summary.piece_sets.len(), 1);
//! assert_eq!(summary.piece_sets[0].counts, counts);
//! println!("{} groups, the hardest layout needs {:?} moves", summary.stats.groups, summary.stats.max_distance);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The full atlas ([`KlotskiAtlas::build`]) maps all 29,334,498 layouts: 25,422
//! groups, the largest with 964,656 layouts; 28,913,089 layouts are solvable,
//! the hardest in 138 `piece` moves (179 `step`, 150 `slide`); see the `atlas`
//! example, and the README's performance section for its time and memory.

use core::ops::Range;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

use super::klotski_graph::MirroredSets;
use super::klotski_groups::flood_groups;
use super::klotski_summary::{self, KlotskiSummary};
use crate::atlas::parallel::run_chunks;
use crate::atlas::{
    distances, distances_by_parts, file, flood, AtlasError, Components, Distances, MoveGraph,
    Options, Progress,
};
use crate::klotski::{
    AllLayouts, Klotski, Layout, Metric, PieceCounts, PieceSetSpace, LAYOUT_COUNT,
};
use crate::DenseSpace;

/// How long each phase of building an atlas took: zero for an atlas loaded
/// from a file or made from its tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PhaseTimes {
    /// Listing every layout once, in rank order, counting them: the walk
    /// the other phases make as they go, timed alone (the atlas of all
    /// layouts only; a piece set's layouts are listed when its
    /// [`PieceSetSpace`] is made). It includes building the ranking's
    /// tables, on the atlas's first use of them.
    pub enumeration: Duration,
    /// Computing the distances.
    pub distances: Duration,
    /// Labelling the groups.
    pub components: Duration,
}

/// Which layouts an atlas covers.
#[derive(Clone, Debug)]
enum Scope {
    /// All legal layouts, indexed by ShortCode rank.
    All,
    /// The layouts of one piece set.
    PieceSet(PieceSetSpace),
}

impl Scope {
    /// Calls `visit(index, layout)` for every index in `indices`.
    pub(super) fn for_each_layout(&self, indices: Range<u64>, visit: impl FnMut(u64, Layout)) {
        match self {
            Scope::All => AllLayouts.for_each_state(indices, visit),
            Scope::PieceSet(space) => space.for_each_state(indices, visit),
        }
    }
}

/// Lists all layouts on the threads of `options` and checks that they are
/// [`LAYOUT_COUNT`] (a run of ranks a chunk, each thread counting its own).
fn count_layouts(options: &Options) -> Result<(), AtlasError> {
    let layouts = u64::from(LAYOUT_COUNT);
    let counts = run_chunks(
        options,
        layouts,
        1 << 16,
        || 0u64,
        |ranks, count| AllLayouts.for_each_state(ranks, |_, _| *count += 1),
        &mut |_| {},
    )?;
    let found = counts.iter().sum();
    if found == layouts {
        Ok(())
    } else {
        Err(AtlasError::TableSize {
            expected: layouts,
            found,
        })
    }
}

/// Distances and groups of Klotski layouts under one metric.
///
/// The groups are the same under every metric (a `piece` move is a chain of
/// `step` moves of one piece, so the same layouts are reachable); the distances
/// are not.
///
/// ```no_run
/// use puzzle_search::analysis::KlotskiAtlas;
/// use puzzle_search::atlas::Options;
/// use puzzle_search::klotski::{Layout, Metric};
///
/// // All 29,334,498 layouts: a few seconds on two cores.
/// let atlas = KlotskiAtlas::build(Metric::Piece, &Options::new(), &mut |_| {})?;
/// let start: Layout = "2442/2442/2332/2112/1001".parse()?;
/// assert_eq!(atlas.distance(start), Some(81));
/// let summary = atlas.summary(&Options::new(), &mut |_| {})?;
/// assert_eq!(summary.stats.layouts, 29_334_498);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct KlotskiAtlas {
    metric: Metric,
    scope: Scope,
    phases: PhaseTimes,
    distances: Distances,
    components: Components,
}

impl KlotskiAtlas {
    /// Maps all 29,334,498 layouts under `metric`.
    ///
    /// # Errors
    ///
    /// [`AtlasError::TooDeep`] if a layout were more than 254 moves from a
    /// solved one (none is, in any metric). The groups' tables (a few bytes
    /// per layout of all 29,334,498) are allocated as a whole: a process
    /// without that memory aborts, as on any failed allocation.
    pub fn build(
        metric: Metric,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        Self::map(metric, Scope::All, options, progress)
    }

    /// Maps the layouts of one piece set under `metric`.
    ///
    /// # Errors
    ///
    /// As [`build`](KlotskiAtlas::build).
    pub fn build_piece_set(
        metric: Metric,
        space: PieceSetSpace,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        Self::map(metric, Scope::PieceSet(space), options, progress)
    }

    /// Maps the layouts of `scope` under `metric`.
    fn map(
        metric: Metric,
        scope: Scope,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        let started = Instant::now();
        if let Scope::All = scope {
            count_layouts(options)?;
        }
        let enumerated = Instant::now();
        let distances = match &scope {
            Scope::All => distances_by_parts(&MirroredSets::new(metric), options, progress)?,
            Scope::PieceSet(space) => distances_of(metric, space, options, progress)?,
        };
        let labelling = Instant::now();
        // The groups do not depend on the metric, and `step` moves are the
        // fewest and cheapest to list. Every move can be undone, so a flood
        // finds them.
        let components = match &scope {
            Scope::All => klotski_groups(options, progress)?,
            Scope::PieceSet(space) => {
                let steps = Klotski::new(Metric::Step).with_mirror_folding(false);
                flood(&MoveGraph::new(&steps, space), options, progress)?
            }
        };
        let phases = PhaseTimes {
            enumeration: enumerated - started,
            distances: labelling - enumerated,
            components: labelling.elapsed(),
        };
        Ok(KlotskiAtlas {
            metric,
            scope,
            phases,
            distances,
            components,
        })
    }

    /// The atlas of all layouts from its tables, indexed by ShortCode rank.
    ///
    /// # Errors
    ///
    /// [`AtlasError::TableSize`] if a table does not have one entry per layout.
    pub fn from_tables(
        metric: Metric,
        distances: Distances,
        components: Components,
    ) -> Result<Self, AtlasError> {
        for found in [distances.len(), components.len()] {
            if found != AllLayouts.len() {
                return Err(AtlasError::TableSize {
                    expected: AllLayouts.len(),
                    found,
                });
            }
        }
        Ok(Self::of_tables(metric, Scope::All, distances, components))
    }

    /// An atlas made of tables built elsewhere: no phase took time here.
    fn of_tables(
        metric: Metric,
        scope: Scope,
        distances: Distances,
        components: Components,
    ) -> Self {
        KlotskiAtlas {
            metric,
            scope,
            phases: PhaseTimes::default(),
            distances,
            components,
        }
    }

    /// How long building each table took (zero for tables loaded or handed over).
    pub fn phase_times(&self) -> PhaseTimes {
        self.phases
    }

    /// The move metric of the distances.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The piece set covered, or `None` for all layouts.
    pub fn piece_set(&self) -> Option<PieceCounts> {
        match &self.scope {
            Scope::All => None,
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
            Scope::All => AllLayouts.rank(&layout),
            Scope::PieceSet(space) => space.rank(&layout),
        };
        (index < self.len()).then_some(index)
    }

    /// The layout at `index`, if in range.
    pub fn layout(&self, index: u64) -> Option<Layout> {
        (index < self.len()).then(|| match &self.scope {
            Scope::All => AllLayouts.unrank(index),
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

    /// The space's name in a table file, which [`save`](Self::save) writes
    /// and the loads expect: `klotski/<metric>`, plus
    /// `/<vertical>-<horizontal>-<soldiers>` for a piece set.
    pub fn space_name(&self) -> String {
        let counts = match &self.scope {
            Scope::All => None,
            Scope::PieceSet(space) => Some(space.counts()),
        };
        space_name(self.metric, counts)
    }

    /// Writes the distance and group tables as a [table file](crate::atlas::file).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn save(&self, writer: impl Write) -> Result<(), AtlasError> {
        file::save(
            writer,
            &self.space_name(),
            &self.distances,
            Some(&self.components),
        )
    }

    /// Reads the atlas of all layouts under `metric` from a [table file](crate::atlas::file).
    ///
    /// # Errors
    ///
    /// A [`file::FileError`] naming what is wrong with the file, or the reader's error.
    pub fn load(reader: impl Read, metric: Metric) -> Result<Self, AtlasError> {
        let (distances, components) =
            file::load(reader, &space_name(metric, None), AllLayouts.len())?;
        let components = components.ok_or(file::FileError::MissingComponents)?;
        Ok(Self::of_tables(metric, Scope::All, distances, components))
    }

    /// Reads the atlas of one piece set from a [table file](crate::atlas::file).
    ///
    /// # Errors
    ///
    /// As [`load`](KlotskiAtlas::load).
    pub fn load_piece_set(
        reader: impl Read,
        metric: Metric,
        space: PieceSetSpace,
    ) -> Result<Self, AtlasError> {
        let name = space_name(metric, Some(space.counts()));
        let (distances, components) = file::load(reader, &name, space.len())?;
        let components = components.ok_or(file::FileError::MissingComponents)?;
        let scope = Scope::PieceSet(space);
        Ok(Self::of_tables(metric, scope, distances, components))
    }

    /// Counts layouts, groups, solvable layouts and the hardest layouts, in all
    /// and per piece set, in one pass over the tables.
    ///
    /// # Errors
    ///
    /// [`AtlasError::Cancelled`] if the options' cancel flag was set.
    pub fn summary(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<KlotskiSummary, AtlasError> {
        klotski_summary::summarise(self, options, progress)
    }

    pub(super) fn scope_layouts(&self, indices: Range<u64>, visit: impl FnMut(u64, Layout)) {
        self.scope.for_each_layout(indices, visit);
    }
}

/// The groups (connected components) of all 29,334,498 layouts, labelled by
/// ShortCode rank, without the distances: [`KlotskiAtlas::build`] finds them
/// this way.
///
/// A flood of one group at a time over `step` moves, each piece set by one
/// thread, marking layouts in a bitmap by an index cheaper than the rank (a
/// layout's general, verticals and horizontals, looked up in a table, and its
/// soldiers' places among the cells they leave). Only the general's, the
/// verticals' and the horizontals' steps are generated (those of
/// [`step_moves`](crate::klotski::step_moves) but the soldiers'); the
/// soldiers' are made in bulk, every arrangement of a region of free cells at
/// once. Then one pass in rank order reads each layout's group, so no layout
/// is ranked.
///
/// # Errors
///
/// [`AtlasError::Cancelled`] if the options' cancel flag was set: no labels
/// are returned.
pub fn klotski_groups(
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Components, AtlasError> {
    flood_groups(options, progress)
}

/// The distances under `metric` of the layouts of `space`.
fn distances_of<D: DenseSpace<State = Layout> + Sync>(
    metric: Metric,
    space: &D,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError> {
    let puzzle = Klotski::new(metric).with_mirror_folding(false);
    distances(&puzzle, space, options, progress)
}

/// The space's name of the atlas under `metric` of all layouts (`None`) or of
/// the piece set `counts`: see [`KlotskiAtlas::space_name`].
fn space_name(metric: Metric, counts: Option<PieceCounts>) -> String {
    match counts {
        None => format!("klotski/{metric}"),
        Some(counts) => format!(
            "klotski/{metric}/{}-{}-{}",
            counts.vertical, counts.horizontal, counts.soldiers
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_is_listed_once_on_any_number_of_threads() {
        for threads in [1, 2] {
            let options = Options::new().with_threads(threads);
            assert!(count_layouts(&options).is_ok(), "{threads} threads");
        }
    }
}
