//! The exact distance from every state to the nearest goal, breadth-first backwards.

use core::fmt;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::error::state_table;
use super::layers::{breadth_first, expand, extends, Mark};
use super::{AtlasError, Options, Phase, Progress, MAX_DEPTH, UNREACHABLE};
use crate::{Backward, DenseSpace};

/// The fewest moves from every state to the nearest goal.
///
/// Indexed by rank; one byte per state, [`UNREACHABLE`] for a state from which
/// no goal can be reached.
#[derive(Clone, PartialEq, Eq)]
pub struct Distances {
    table: Vec<u8>,
}

impl fmt::Debug for Distances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Distances")
            .field("states", &self.table.len())
            .field("max", &self.max())
            .finish()
    }
}

impl Distances {
    /// Wraps a table of distance bytes, one per rank.
    pub fn from_bytes(table: Vec<u8>) -> Self {
        Distances { table }
    }

    /// The distance bytes, one per rank ([`UNREACHABLE`] for unreachable states).
    pub fn as_bytes(&self) -> &[u8] {
        &self.table
    }

    /// The distance bytes, taking ownership.
    pub fn into_bytes(self) -> Vec<u8> {
        self.table
    }

    /// The number of states.
    pub fn len(&self) -> u64 {
        self.table.len() as u64
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The distance of the state of rank `rank`, or `None` if it is unreachable
    /// (or `rank` is out of range).
    pub fn get(&self, rank: u64) -> Option<u8> {
        let index = usize::try_from(rank).ok()?;
        self.table
            .get(index)
            .copied()
            .filter(|&distance| distance != UNREACHABLE)
    }

    /// The largest distance, or `None` if no state can reach a goal.
    pub fn max(&self) -> Option<u8> {
        let length = self.histogram().len();
        length.checked_sub(1).map(|max| max as u8)
    }

    /// The number of states at each distance, from 0 to [`max`](Distances::max).
    // `counts` has 256 entries, one for every `u8`.
    #[allow(clippy::indexing_slicing)]
    pub fn histogram(&self) -> Vec<u64> {
        let mut counts = vec![0u64; 256];
        for &byte in &self.table {
            counts[usize::from(byte)] += 1;
        }
        counts.truncate(usize::from(UNREACHABLE));
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    /// The number of states that can reach a goal.
    pub fn reachable(&self) -> u64 {
        self.histogram().iter().sum()
    }
}

/// The fewest moves from every state of `space` to the nearest goal of `puzzle`.
///
/// Breadth-first from all goals at once, backwards (over
/// [`predecessors`](Backward::predecessors)), layer by layer: the predecessors
/// of each state of the frontier that are not reached yet form the next layer.
/// `progress` is called after every layer.
///
/// Only this "push" direction is implemented. Its alternative for large
/// frontiers, "pull" (scan the unreached states for one with a successor in
/// the frontier), was measured slower at every layer for both Klotski and the
/// knight puzzle: their states have few neighbours (3.8 and 7 to 14 on
/// average), and most unreached states do not touch the frontier, so pulling
/// generates and ranks all their neighbours layer after layer.
///
/// # Errors
///
/// [`AtlasError::TooLarge`] if the space does not fit in memory indexing, and
/// [`AtlasError::TooDeep`] if some state is more than [`MAX_DEPTH`] moves from
/// a goal (unless [`Options::with_max_depth`] set a lower limit).
/// [`AtlasError::Cancelled`] if the options' cancel flag was set: no table is returned.
///
/// # Complexity
///
/// One byte per state, plus the current and next layers as lists of states.
/// Every state that reaches a goal is expanded once, and each of its
/// predecessors ranked once.
pub fn distances<P, D>(
    puzzle: &P,
    space: &D,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError>
where
    P: Backward + Sync,
    D: DenseSpace<State = P::State> + Sync,
    P::State: Send + Sync,
{
    let states = space.len();
    let table = unreached(states)?;
    let mut goals = Vec::new();
    space.for_each_goal(|goal| {
        let cell = table.get(space.rank(&goal) as usize);
        if cell.is_some_and(|cell| cell.swap(0, Relaxed) == UNREACHABLE) {
            goals.push(goal);
        }
    });
    let mut report = |depth: u8, done: u64| {
        progress(Progress {
            phase: Phase::Distances,
            depth: u32::from(depth),
            done,
            total: states,
        })
    };
    let end = breadth_first(
        goals,
        options.max_depth(),
        |layer| layer.len() as u64,
        |frontier, depth| {
            let (next, _) = expand(puzzle, options, frontier, |previous| {
                let cell = table.get(space.rank(previous) as usize);
                if cell.is_some_and(|cell| claim(cell, depth)) {
                    Mark::New
                } else {
                    Mark::Old
                }
            })?;
            Ok(next)
        },
        &mut report,
    )?;
    let unreached = |state: &P::State| {
        table
            .get(space.rank(state) as usize)
            .is_some_and(|cell| cell.load(Relaxed) == UNREACHABLE)
    };
    if options.max_depth() == MAX_DEPTH && extends(puzzle, &end.frontier, unreached) {
        return Err(AtlasError::TooDeep);
    }
    report(end.depth, states);
    Ok(Distances {
        table: table.into_iter().map(AtomicU8::into_inner).collect(),
    })
}

/// Writes `depth` into `cell` if it is still [`UNREACHABLE`]; whether this
/// call did.
///
/// Several threads of a layer may find the same state: only the one that
/// flips its cell lists it, and all would write the same `depth`, as layers
/// come in order.
#[inline]
pub(super) fn claim(cell: &AtomicU8, depth: u8) -> bool {
    cell.load(Relaxed) == UNREACHABLE
        && cell
            .compare_exchange(UNREACHABLE, depth, Relaxed, Relaxed)
            .is_ok()
}

/// A table of `states` bytes, all [`UNREACHABLE`], or
/// [`AtlasError::TooLarge`] when this machine cannot hold it (rather than
/// aborting the process).
pub(super) fn unreached(states: u64) -> Result<Vec<AtomicU8>, AtlasError> {
    state_table(states, || AtomicU8::new(UNREACHABLE))
}
