//! The connected components of a whole space, by a concurrent union–find over ranks.

use core::fmt;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use super::error::table_len;
use super::parallel::run_chunks;
use super::{AtlasError, Options, Phase, Progress, CHUNK};
use crate::{DenseSpace, Puzzle};

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
    /// them).
    ///
    /// # Errors
    ///
    /// [`AtlasError::UnnumberedLabel`] for the first label that comes before
    /// every smaller one.
    ///
    /// ```
    /// use puzzle_search::atlas::{AtlasError, Components};
    ///
    /// let components = Components::from_labels(vec![0, 0, 1, 0, 2])?;
    /// assert_eq!((components.count(), components.sizes()), (3, &[3, 1, 1][..]));
    /// assert!(matches!(
    ///     Components::from_labels(vec![0, 2, 1]),
    ///     Err(AtlasError::UnnumberedLabel { rank: 1, label: 2 })
    /// ));
    /// # Ok::<(), AtlasError>(())
    /// ```
    pub fn from_labels(labels: Vec<u32>) -> Result<Self, AtlasError> {
        let mut sizes: Vec<u32> = Vec::new();
        for (rank, &label) in (0u64..).zip(&labels) {
            if let Some(size) = sizes.get_mut(label as usize) {
                *size += 1;
            } else if label as usize == sizes.len() {
                sizes.push(1);
            } else {
                return Err(AtlasError::UnnumberedLabel { rank, label });
            }
        }
        Ok(Components { labels, sizes })
    }

    /// The components of floods: `labels` gives each state's flood, below
    /// `floods`. The floods are numbered in the order of their first state,
    /// so that the labels depend neither on the threads nor on their timing.
    /// A state with no flood (a flood that broke its contract) is a
    /// component of its own.
    pub(crate) fn from_floods(mut labels: Vec<u32>, floods: u32) -> Self {
        const UNNUMBERED: u32 = u32::MAX;
        let mut numbers = vec![UNNUMBERED; floods as usize];
        let mut sizes: Vec<u32> = Vec::new();
        for label in &mut labels {
            let number = match numbers.get_mut(*label as usize) {
                Some(number) if *number != UNNUMBERED => *number,
                Some(number) => {
                    *number = sizes.len() as u32;
                    sizes.push(0);
                    *number
                }
                None => {
                    sizes.push(0);
                    sizes.len() as u32 - 1
                }
            };
            *label = number;
            if let Some(size) = sizes.get_mut(number as usize) {
                *size += 1;
            }
        }
        Components { labels, sizes }
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

/// The connected components of `space` under the moves of `puzzle`, taken as undirected edges.
///
/// For a puzzle whose moves can all be undone these are the sets of states
/// reachable from one another; otherwise they are the weakly connected
/// components. Each component is labelled by the order of its smallest rank, so
/// the labels do not depend on the number of threads.
///
/// # Errors
///
/// [`AtlasError::TooLarge`] if the space has more than `u32::MAX` states.
/// [`AtlasError::Cancelled`] if the options' cancel flag was set: no table is returned.
///
/// # Complexity
///
/// Four bytes per state; every state's successors are generated once.
pub fn components<P, D>(
    puzzle: &P,
    space: &D,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Components, AtlasError>
where
    P: Puzzle + Sync,
    D: DenseSpace<State = P::State> + Sync,
{
    let states = space.len();
    if states > u64::from(u32::MAX) {
        return Err(AtlasError::TooLarge { states });
    }
    let parent: Vec<AtomicU32> = (0..table_len(states)? as u32).map(AtomicU32::new).collect();
    run_chunks(
        options,
        states,
        CHUNK,
        || (),
        |range, _| {
            space.for_each_state(range, |rank, state| {
                puzzle.successors(&state, |_, successor| {
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
    )?;
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
