//! Pattern databases: the least distance of each pattern of an abstraction.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::distances::{claim, unreached};
use super::error::table_len;
use super::layers::{breadth_first, expand, extends, sort_in_runs, Mark};
use super::{AtlasError, Distances, Options, Phase, Progress, MAX_DEPTH};
use crate::{Abstraction, Backward};

/// The pattern database of the abstraction `puzzle` over `space`: for every
/// pattern, the fewest moves from any of its states to a goal.
///
/// A breadth-first search backwards from the goals over the whole abstract
/// space, as [`distances`](super::distances()) runs, but keeping one *bit*
/// per abstract state (seen or not) and one byte per pattern: the first
/// layer that meets a state of a pattern is that pattern's distance. The
/// table is indexed by pattern, [`UNREACHABLE`](super::UNREACHABLE) for a
/// pattern none of whose states reaches a goal. Abstract spaces are large
/// and patterns few (the 15-puzzle's seven-tile database has 58 million
/// patterns in 922 million abstract states), so the bits and the table fit
/// in a cache where a byte per state would not. Each layer is expanded in
/// the order of its states' ranks (sorted in one run a thread), so that the
/// bits and entries its predecessors touch come nearly in order, and mostly
/// from a cache. `progress` is called after
/// every layer, `done` counting the patterns whose entry is known, of
/// `total` patterns.
///
/// # Errors
///
/// [`AtlasError::TooLarge`] if the bits or the table do not fit in memory,
/// [`AtlasError::TooDeep`] if some state is more than
/// [`MAX_DEPTH`] moves from a goal.
/// [`AtlasError::Cancelled`] if the options' cancel flag was set: no table is returned.
///
/// # Complexity
///
/// One bit per abstract state and one byte per pattern, plus the layers as
/// lists of states; every abstract state is expanded once. Each layer is
/// sorted by rank, which calls [`DenseSpace::rank`](crate::DenseSpace::rank)
/// some twenty times a state: it should be cheap (a pattern space's is a
/// shift and an or).
///
/// # Example
///
/// See [`Abstraction`].
pub fn pattern_database<P, A>(
    puzzle: &P,
    space: &A,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError>
where
    P: Backward + Sync,
    A: Abstraction<State = P::State> + Sync,
    P::State: Send + Sync,
{
    let states = space.len();
    let words = table_len(states.div_ceil(64))?;
    let mut seen: Vec<AtomicU64> = Vec::new();
    seen.try_reserve_exact(words)
        .map_err(|_| AtlasError::TooLarge { states })?;
    seen.extend((0..words).map(|_| AtomicU64::new(0)));
    let table = unreached(space.patterns())?;
    let marks = Marks {
        space,
        seen: &seen,
        table: &table,
    };
    // The patterns whose entry is known.
    let known = Cell::new(0u64);
    let mut goals = Vec::new();
    space.for_each_goal(|goal| {
        let mark = marks.mark(&goal, 0);
        if mark != Mark::Old {
            known.set(known.get() + u64::from(mark == Mark::NewCounted));
            goals.push(goal);
        }
    });
    let patterns = space.patterns();
    let mut report = |depth: u8, _: u64| {
        progress(Progress {
            phase: Phase::Distances,
            depth: u32::from(depth),
            done: known.get(),
            total: patterns,
        })
    };
    let end = breadth_first(
        goals,
        MAX_DEPTH.min(options.max_depth()),
        |layer| layer.len() as u64,
        |frontier, depth| {
            let (mut next, counted) = expand(puzzle, options, frontier, |previous| {
                marks.mark(previous, depth)
            })?;
            known.set(known.get() + counted);
            sort_in_runs(&mut next, options.threads(), |state| space.rank(state));
            Ok(next)
        },
        &mut report,
    )?;
    if extends(puzzle, &end.frontier, |state| !marks.seen(state)) {
        return Err(AtlasError::TooDeep);
    }
    progress(Progress {
        phase: Phase::Distances,
        depth: u32::from(end.depth),
        done: patterns,
        total: patterns,
    });
    Ok(Distances::from_bytes(
        table.into_iter().map(AtomicU8::into_inner).collect(),
    ))
}

/// What a pattern-database pass has seen.
struct Marks<'a, A> {
    space: &'a A,
    /// One bit per abstract state.
    seen: &'a [AtomicU64],
    /// One byte per pattern.
    table: &'a [AtomicU8],
}

impl<A: Abstraction + Sync> Marks<'_, A>
where
    A::State: Send + Sync,
{
    /// Marks `state` seen at `depth`, and its pattern if this is the first of
    /// its states seen: [`Mark::Old`] if it was seen before,
    /// [`Mark::NewCounted`] if it is the first state of its pattern, and
    /// [`Mark::New`] otherwise.
    #[inline]
    fn mark(&self, state: &A::State, depth: u8) -> Mark {
        let rank = self.space.rank(state);
        let Some(word) = self.seen.get((rank / 64) as usize) else {
            return Mark::Old;
        };
        let bit = 1u64 << (rank % 64);
        if word.load(Relaxed) & bit != 0 || word.fetch_or(bit, Relaxed) & bit != 0 {
            return Mark::Old;
        }
        // Layers come in order, so the first depth a pattern gets is its
        // least: the thread that writes it counts the pattern.
        let entry = self.table.get(self.space.pattern_of(rank) as usize);
        if entry.is_some_and(|entry| claim(entry, depth)) {
            Mark::NewCounted
        } else {
            Mark::New
        }
    }

    /// Whether `state` has been seen.
    fn seen(&self, state: &A::State) -> bool {
        let rank = self.space.rank(state);
        self.seen
            .get((rank / 64) as usize)
            .is_none_or(|word| word.load(Relaxed) & 1 << (rank % 64) != 0)
    }
}
