//! Distances part by part: breadth-first from the goals of each part no move
//! leaves, new states told by their keys.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::distances::unreached;
use super::parallel::run_chunks;
use super::{AtlasError, Distances, Options, Phase, Progress, MAX_DEPTH};
use crate::search::table::KeySet;

/// A space split into parts that no move leaves, for [`distances_by_parts`].
///
/// # Contract
///
/// * [`key`](PartedSpace::key) tells states apart (it may give a state and its
///   images under a symmetry of the puzzle one key, if they are as far from
///   the goals), and [`for_each_rank`](PartedSpace::for_each_rank) lists the
///   ranks, below [`len`](PartedSpace::len), of the states one key stands for.
/// * [`for_each_goal`](PartedSpace::for_each_goal) emits the goals of a part,
///   and [`predecessors`](PartedSpace::predecessors) of a state of a part are in
///   that part.
/// * Every state belongs to one part.
pub trait PartedSpace: Sync {
    /// A state, with whatever else makes its predecessors cheap to list.
    type Node: Send;

    /// The number of states.
    fn len(&self) -> u64;

    /// Whether there is no state.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of parts: up to as many threads search at once.
    fn parts(&self) -> u64;

    /// Calls `emit` for every goal of `part`.
    fn for_each_goal(&self, part: u64, emit: impl FnMut(Self::Node));

    /// The key of the state of `node`, cheaper than its rank: the key of the
    /// hash set of the search of its part.
    fn key(&self, node: &Self::Node) -> u64;

    /// Calls `emit` with the rank of every state that the key of `node` stands for.
    fn for_each_rank(&self, node: &Self::Node, emit: impl FnMut(u64));

    /// Calls `emit` for every state one move before `node`.
    fn predecessors(&self, node: &Self::Node, emit: impl FnMut(Self::Node));
}

/// The fewest moves from every state of `space` to the nearest goal of its
/// part: what [`distances`](super::distances()) finds, searched another way.
///
/// Each thread takes whole parts and searches each breadth-first from all its
/// goals at once, with a hash set of the keys reached: so a move costs a hash
/// probe rather than a rank, and a state with its images under a symmetry
/// (one key) is expanded once. Every state is ranked once, when it is reached.
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
/// One byte per state, plus a node and a key for every state of the largest part.
pub fn distances_by_parts<S: PartedSpace>(
    space: &S,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError> {
    let states = space.len();
    let table = unreached(states)?;
    let settled = AtomicU64::new(0);
    let deepest = AtomicU64::new(0);
    let max_depth = options.max_depth();
    let outcomes = run_chunks(
        options,
        space.parts(),
        1,
        || false,
        |parts, too_deep: &mut bool| {
            for part in parts {
                let (depth, found, deeper) = search_part(space, part, max_depth, &table);
                settled.fetch_add(found, Relaxed);
                deepest.fetch_max(u64::from(depth), Relaxed);
                *too_deep |= deeper;
            }
        },
        &mut |_| {
            progress(Progress {
                phase: Phase::Distances,
                depth: deepest.load(Relaxed) as u32,
                done: settled.load(Relaxed),
                total: states,
            })
        },
    )?;
    if max_depth == MAX_DEPTH && outcomes.into_iter().any(|too_deep| too_deep) {
        return Err(AtlasError::TooDeep);
    }
    progress(Progress {
        phase: Phase::Distances,
        depth: deepest.load(Relaxed) as u32,
        done: states,
        total: states,
    });
    Ok(Distances::from_bytes(
        table.into_iter().map(AtomicU8::into_inner).collect(),
    ))
}

/// Searches `part` breadth-first from its goals up to `max_depth`, writing the
/// distances into `table`. Returns the last layer's depth, the states found,
/// and whether the search stopped at `max_depth` with more states beyond.
fn search_part<S: PartedSpace>(
    space: &S,
    part: u64,
    max_depth: u8,
    table: &[AtomicU8],
) -> (u8, u64, bool) {
    let mut seen: KeySet<u64> = KeySet::default();
    let mut layer = Vec::new();
    space.for_each_goal(part, |goal| {
        if seen.insert(space.key(&goal)) {
            layer.push(goal);
        }
    });
    let mut found = 0u64;
    let mut depth = 0u8;
    let mut next = Vec::new();
    loop {
        for node in &layer {
            space.for_each_rank(node, |rank| {
                if let Some(cell) = table.get(rank as usize) {
                    // Parts are closed: no other thread writes this state's
                    // distance, so a plain store is enough.
                    cell.store(depth, Relaxed);
                    found += 1;
                }
            });
        }
        if layer.is_empty() {
            return (depth.saturating_sub(1), found, false);
        }
        let stop = depth == max_depth;
        for node in &layer {
            space.predecessors(node, |previous| {
                if seen.insert(space.key(&previous)) {
                    next.push(previous);
                }
            });
            if stop && !next.is_empty() {
                return (depth, found, true);
            }
        }
        if stop || next.is_empty() {
            return (depth, found, false);
        }
        core::mem::swap(&mut layer, &mut next);
        next.clear();
        depth += 1;
    }
}
