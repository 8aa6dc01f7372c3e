//! Exhaustive analysis: the exact distance to the goal of every state of a
//! finite puzzle, and its connected components.
//!
//! A puzzle whose states can be numbered `0..len` (ranked into a dense index)
//! implements [`DenseSpace`]. The engine then keeps one byte per state instead
//! of a hash table:
//!
//! * [`distances`] runs a breadth-first search backwards from all goal states at
//!   once and returns [`Distances`]: for every state the fewest moves to the
//!   nearest goal, or [`UNREACHABLE`].
//! * [`components`] labels the connected components with a concurrent
//!   union–find over ranks and returns [`Components`].
//!
//! Both split the work over [`Options::threads`] threads and report [`Progress`]
//! through a callback. The results do not depend on the number of threads or on
//! their timing: a layer's states get the same distance whichever thread finds
//! them first, and each component is labelled by its smallest rank.
//!
//! Ready-made atlases: [`klotski::KlotskiAtlas`] (all 29,334,498 Klotski
//! layouts, or one piece set) and [`knights::KnightTable`] (all 67,603,900
//! positions of the knight puzzle). [`file`](mod@file) saves and loads the tables.
//!
//! # Example
//!
//! The Tower of Hanoi with four disks has 3⁴ = 81 states: a state lists the peg
//! of each disk, smallest first, and its rank reads those pegs as a base-3 number.
//!
//! ```
//! use puzzle_search::atlas::{self, DenseSpace, Options};
//! use puzzle_search::{Backward, Puzzle};
//!
//! struct Hanoi;
//!
//! impl Puzzle for Hanoi {
//!     type State = [u8; 4];
//!     type Move = (u8, u8);
//!     type Key = [u8; 4];
//!
//!     fn encode(&self, state: &[u8; 4]) -> [u8; 4] {
//!         *state
//!     }
//!
//!     fn successors(&self, state: &[u8; 4], mut emit: impl FnMut((u8, u8), [u8; 4])) {
//!         for from in 0..3 {
//!             // The top disk of a peg is the smallest disk on it.
//!             let Some(disk) = state.iter().position(|&peg| peg == from) else { continue };
//!             for to in 0..3 {
//!                 if to != from && !state[..disk].contains(&to) {
//!                     let mut next = *state;
//!                     next[disk] = to;
//!                     emit((from, to), next);
//!                 }
//!             }
//!         }
//!     }
//!
//!     fn is_goal(&self, state: &[u8; 4]) -> bool {
//!         *state == [2; 4]
//!     }
//! }
//!
//! impl Backward for Hanoi {
//!     fn goal_states(&self, _start: &[u8; 4], mut emit: impl FnMut([u8; 4])) {
//!         emit([2; 4]);
//!     }
//!
//!     fn predecessors(&self, state: &[u8; 4], mut emit: impl FnMut((u8, u8), [u8; 4])) {
//!         self.successors(state, |(from, to), previous| emit((to, from), previous));
//!     }
//! }
//!
//! impl DenseSpace for Hanoi {
//!     fn len(&self) -> u64 {
//!         81
//!     }
//!
//!     fn rank(&self, state: &[u8; 4]) -> u64 {
//!         state.iter().rev().fold(0, |rank, &peg| rank * 3 + u64::from(peg))
//!     }
//!
//!     fn unrank(&self, mut rank: u64) -> [u8; 4] {
//!         let mut state = [0; 4];
//!         for peg in &mut state {
//!             *peg = (rank % 3) as u8;
//!             rank /= 3;
//!         }
//!         state
//!     }
//! }
//!
//! let mut layers = 0;
//! let distances = atlas::distances(&Hanoi, &Options::new(), &mut |progress| {
//!     if progress.phase == atlas::Phase::Distances {
//!         layers = layers.max(progress.depth);
//!     }
//! })?;
//! // Moving n disks takes 2ⁿ - 1 moves, and no state is farther than that.
//! assert_eq!(distances.get(Hanoi.rank(&[0; 4])), Some(15));
//! assert_eq!(distances.max(), Some(15));
//! assert_eq!(distances.histogram().iter().sum::<u64>(), 81);
//! assert_eq!(layers, 15);
//!
//! let components = atlas::components(&Hanoi, &Options::new(), &mut |_| {})?;
//! assert_eq!(components.count(), 1);
//! assert_eq!(components.sizes(), &[81]);
//! # Ok::<(), atlas::AtlasError>(())
//! ```

pub mod file;
pub mod klotski;
pub mod knights;
pub(crate) mod parallel;

use core::fmt;
use core::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering::Relaxed};

use crate::Backward;
use parallel::run_chunks;

/// A finite puzzle whose states are numbered `0..len()`.
///
/// # Contract
///
/// * [`rank`](DenseSpace::rank) maps every state to a distinct number below
///   [`len`](DenseSpace::len), and [`unrank`](DenseSpace::unrank) maps it back.
/// * [`successors`](crate::Puzzle::successors) and
///   [`predecessors`](Backward::predecessors) stay inside the space and agree:
///   `b` is a successor of `a` exactly when `a` is a predecessor of `b`.
/// * [`for_each_goal`](DenseSpace::for_each_goal) emits exactly the states for
///   which [`is_goal`](crate::Puzzle::is_goal) holds.
///
/// [`Puzzle::encode`](crate::Puzzle::encode) and the heuristic play no part
/// here: the space numbers states, not keys.
pub trait DenseSpace: Backward {
    /// The number of states.
    fn len(&self) -> u64;

    /// Whether the space has no state at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of `state`, below [`len`](DenseSpace::len).
    fn rank(&self, state: &Self::State) -> u64;

    /// The state numbered `rank`, for `rank` below [`len`](DenseSpace::len).
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `visit(rank, state)` for every rank in `ranks`, in increasing order.
    ///
    /// The engine scans whole ranges of states this way. The default unranks each
    /// one; override it when the next state can be derived from the previous one
    /// more cheaply.
    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Self::State)) {
        for rank in ranks {
            visit(rank, self.unrank(rank));
        }
    }

    /// Calls `emit` once for every goal state.
    ///
    /// The default scans the whole space with
    /// [`is_goal`](crate::Puzzle::is_goal); override it when the goals can be
    /// listed directly.
    fn for_each_goal(&self, mut emit: impl FnMut(Self::State)) {
        self.for_each_state(0..self.len(), |_, state| {
            if self.is_goal(&state) {
                emit(state);
            }
        });
    }
}

/// The distance byte of a state that cannot reach a goal (or was not reached
/// within [`Options::max_depth`]).
pub const UNREACHABLE: u8 = u8::MAX;

/// The deepest layer a distance table can hold: distances are bytes, and
/// [`UNREACHABLE`] takes the last value.
pub const MAX_DEPTH: u8 = UNREACHABLE - 1;

/// How the engine runs.
///
/// ```
/// use puzzle_search::atlas::Options;
///
/// let options = Options::new().with_threads(1).with_max_depth(20);
/// assert_eq!(options.threads(), 1);
/// assert_eq!(options.max_depth(), 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    threads: usize,
    max_depth: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

impl Options {
    /// As many threads as the machine has cores, and no depth limit.
    pub fn new() -> Self {
        Options {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            max_depth: MAX_DEPTH,
        }
    }

    /// Work with `threads` threads (at least one).
    pub fn with_threads(self, threads: usize) -> Self {
        Options {
            threads: threads.max(1),
            ..self
        }
    }

    /// Stop [`distances`] after layer `depth`: states farther from the goals are
    /// left [`UNREACHABLE`] instead of making the search fail with
    /// [`AtlasError::TooDeep`]. Capped at [`MAX_DEPTH`].
    pub fn with_max_depth(self, depth: u8) -> Self {
        Options {
            max_depth: depth.min(MAX_DEPTH),
            ..self
        }
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The deepest layer [`distances`] computes.
    pub fn max_depth(&self) -> u8 {
        self.max_depth
    }
}

/// What the engine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Phase {
    /// Breadth-first layers of [`distances`].
    Distances,
    /// The union–find pass of [`components`].
    Components,
    /// A pass over all states that gathers statistics (the atlases' summaries).
    Summary,
}

impl Phase {
    /// `distances`, `components` or `summary`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Distances => "distances",
            Phase::Components => "components",
            Phase::Summary => "summary",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A progress report: `done` of `total` states handled in `phase`.
///
/// For [`Phase::Distances`], `done` counts the states whose distance is known
/// and `depth` is the last layer finished; the final report has `done == total`,
/// once every state left is known to be unreachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What the engine is doing.
    pub phase: Phase,
    /// The last finished breadth-first layer (0 outside [`Phase::Distances`]).
    pub depth: u32,
    /// States handled so far.
    pub done: u64,
    /// States to handle in this phase.
    pub total: u64,
}

/// Why an atlas could not be built, saved or loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AtlasError {
    /// The space has more states than the tables can index on this machine.
    #[error("the space has {states} states, more than this table can index")]
    TooLarge {
        /// The number of states.
        states: u64,
    },
    /// A goal is farther than [`MAX_DEPTH`] moves from some state.
    #[error(
        "some states are more than {MAX_DEPTH} moves from a goal; distance bytes cannot hold that"
    )]
    TooDeep,
    /// Reading or writing a table file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A table file is not what was expected (see [`file`](mod@file)).
    #[error("{0}")]
    File(#[from] file::FileError),
}

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

/// The connected components: a label per state, numbered from 0 in the order
/// of each component's smallest rank.
#[derive(Clone, PartialEq, Eq)]
pub struct Components {
    labels: Vec<u32>,
    sizes: Vec<u32>,
}

impl fmt::Debug for Components {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Components")
            .field("states", &self.labels.len())
            .field("count", &self.sizes.len())
            .field("largest", &self.largest())
            .finish()
    }
}

impl Components {
    /// Wraps a table of labels, one per rank, after checking that they are
    /// numbered from 0 in order of first appearance (as [`components`] numbers
    /// them); `None` otherwise.
    pub fn from_labels(labels: Vec<u32>) -> Option<Self> {
        let mut sizes: Vec<u32> = Vec::new();
        for &label in &labels {
            let label = label as usize;
            if let Some(size) = sizes.get_mut(label) {
                *size += 1;
            } else if label == sizes.len() {
                sizes.push(1);
            } else {
                return None;
            }
        }
        Some(Components { labels, sizes })
    }

    /// The label of every state, by rank.
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }

    /// The label of the state of rank `rank`, if `rank` is in range.
    pub fn get(&self, rank: u64) -> Option<u32> {
        self.labels.get(usize::try_from(rank).ok()?).copied()
    }

    /// The number of states.
    pub fn len(&self) -> u64 {
        self.labels.len() as u64
    }

    /// Whether there is no state.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The number of components.
    pub fn count(&self) -> u32 {
        self.sizes.len() as u32
    }

    /// The number of states of each component, by label.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The size of the largest component (0 for an empty space).
    pub fn largest(&self) -> u32 {
        self.sizes.iter().copied().max().unwrap_or(0)
    }
}

/// The number of states as a table length, if this machine can index it.
fn table_len(states: u64) -> Result<usize, AtlasError> {
    usize::try_from(states).map_err(|_| AtlasError::TooLarge { states })
}

/// States per unit of work handed to a thread.
const CHUNK: u64 = 1 << 14;

/// The fewest moves from every state of `space` to the nearest goal.
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
///
/// # Complexity
///
/// One byte per state, plus the current and next layers as lists of states.
/// Every state that reaches a goal is expanded once, and each of its
/// predecessors ranked once.
pub fn distances<S>(
    space: &S,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError>
where
    S: DenseSpace + Sync,
    S::State: Send + Sync,
{
    let states = space.len();
    let table: Vec<AtomicU8> = (0..table_len(states)?)
        .map(|_| AtomicU8::new(UNREACHABLE))
        .collect();
    let mut frontier = Vec::new();
    space.for_each_goal(|goal| {
        let cell = table.get(space.rank(&goal) as usize);
        if cell.is_some_and(|cell| cell.swap(0, Relaxed) == UNREACHABLE) {
            frontier.push(goal);
        }
    });
    let mut settled = frontier.len() as u64;
    let mut depth = 0u8;
    let mut report = |depth: u8, done: u64| {
        progress(Progress {
            phase: Phase::Distances,
            depth: u32::from(depth),
            done,
            total: states,
        })
    };
    report(depth, settled);
    while !frontier.is_empty() {
        if depth >= options.max_depth {
            if options.max_depth == MAX_DEPTH && extends(space, &table, &frontier) {
                return Err(AtlasError::TooDeep);
            }
            break;
        }
        frontier = push(space, &table, options, &frontier, depth + 1);
        if frontier.is_empty() {
            break;
        }
        depth += 1;
        settled += frontier.len() as u64;
        report(depth, settled);
    }
    report(depth, states);
    Ok(Distances {
        table: table.into_iter().map(AtomicU8::into_inner).collect(),
    })
}

/// Marks the unreached predecessors of `frontier` with `next` and returns them.
fn push<S>(
    space: &S,
    table: &[AtomicU8],
    options: &Options,
    frontier: &[S::State],
    next: u8,
) -> Vec<S::State>
where
    S: DenseSpace + Sync,
    S::State: Send + Sync,
{
    let found = run_chunks(
        options.threads,
        frontier.len() as u64,
        CHUNK,
        Vec::new,
        |range, found: &mut Vec<S::State>| {
            let chunk = frontier
                .get(range.start as usize..range.end as usize)
                .unwrap_or(&[]);
            for state in chunk {
                space.predecessors(state, |_, previous| {
                    let Some(cell) = table.get(space.rank(&previous) as usize) else {
                        return;
                    };
                    // Several threads may find the same state: only the one
                    // that flips it lists it, and all would write `next`.
                    if cell.load(Relaxed) == UNREACHABLE
                        && cell
                            .compare_exchange(UNREACHABLE, next, Relaxed, Relaxed)
                            .is_ok()
                    {
                        found.push(previous);
                    }
                });
            }
        },
        &mut |_| {},
    );
    found.into_iter().flatten().collect()
}

/// Whether some unreached state is a predecessor of `frontier`.
fn extends<S: DenseSpace>(space: &S, table: &[AtomicU8], frontier: &[S::State]) -> bool {
    frontier.iter().any(|state| {
        let mut found = false;
        space.predecessors(state, |_, previous| {
            found = found
                || table
                    .get(space.rank(&previous) as usize)
                    .is_some_and(|cell| cell.load(Relaxed) == UNREACHABLE);
        });
        found
    })
}

/// The connected components of `space`, moves taken as undirected edges.
///
/// For a puzzle whose moves can all be undone these are the sets of states
/// reachable from one another; otherwise they are the weakly connected
/// components. Each component is labelled by the order of its smallest rank, so
/// the labels do not depend on the number of threads.
///
/// # Errors
///
/// [`AtlasError::TooLarge`] if the space has more than `u32::MAX` states.
///
/// # Complexity
///
/// Four bytes per state; every state's successors are generated once.
pub fn components<S>(
    space: &S,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Components, AtlasError>
where
    S: DenseSpace + Sync,
{
    let states = space.len();
    if states > u64::from(u32::MAX) {
        return Err(AtlasError::TooLarge { states });
    }
    let parent: Vec<AtomicU32> = (0..table_len(states)? as u32).map(AtomicU32::new).collect();
    run_chunks(
        options.threads,
        states,
        CHUNK,
        || (),
        |range, _| {
            space.for_each_state(range, |rank, state| {
                space.successors(&state, |_, successor| {
                    let other = space.rank(&successor);
                    if other < states {
                        union(&parent, rank as u32, other as u32);
                    }
                });
            });
        },
        &mut |done| {
            progress(Progress {
                phase: Phase::Components,
                depth: 0,
                done,
                total: states,
            })
        },
    );
    let mut labels: Vec<u32> = parent.into_iter().map(AtomicU32::into_inner).collect();
    // Parents point to smaller ranks and roots are their component's smallest
    // rank, so in rank order a state's parent already holds its final label.
    let mut sizes: Vec<u32> = Vec::new();
    // `labels[index]` starts as the parent of `index`, a rank no larger than it.
    #[allow(clippy::indexing_slicing)]
    for index in 0..labels.len() {
        let parent = labels[index] as usize;
        let label = if parent == index {
            sizes.push(0);
            sizes.len() as u32 - 1
        } else {
            labels[parent]
        };
        labels[index] = label;
        if let Some(size) = sizes.get_mut(label as usize) {
            *size += 1;
        }
    }
    Ok(Components { labels, sizes })
}

/// The root of `node`: the smallest rank of its tree, halving the path on the way.
// `parent` holds one entry per rank and only ever ranks, so every node is in bounds.
#[allow(clippy::indexing_slicing)]
fn find(parent: &[AtomicU32], mut node: u32) -> u32 {
    loop {
        let up = parent[node as usize].load(Relaxed);
        if up == node {
            return node;
        }
        let grand = parent[up as usize].load(Relaxed);
        if grand != up {
            // `grand` is an ancestor of `node` and trees only ever merge, so the
            // shortcut stays valid whatever other threads do meanwhile.
            parent[node as usize].store(grand, Relaxed);
        }
        node = grand;
    }
}

/// Joins the trees of `a` and `b`, always hanging the larger root under the
/// smaller so that every root is its component's smallest rank.
// `a` and `b` are ranks below `parent.len()`, and so are their roots.
#[allow(clippy::indexing_slicing)]
fn union(parent: &[AtomicU32], mut a: u32, mut b: u32) {
    loop {
        a = find(parent, a);
        b = find(parent, b);
        if a == b {
            return;
        }
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        if parent[high as usize]
            .compare_exchange(high, low, Relaxed, Relaxed)
            .is_ok()
        {
            return;
        }
    }
}
