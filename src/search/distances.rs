//! The distances from a set of starts to a set of targets: one
//! breadth-first sweep that stops once every target is reached.

// Indices in this module are targets' places, made here from `targets`
// itself: all in bounds.
#![allow(clippy::indexing_slicing)]

use core::ops::ControlFlow;

use super::run::{self, Run};
use super::sweep::{sweep, Swept};
use super::table::KeyTable;
use super::{Limit, Limits, Starts, Stats};
use crate::Puzzle;

/// Why [`distances_to`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistancesEnd {
    /// Every target was reached.
    AllReached,
    /// Every state reachable from the starts was seen: the targets without
    /// a distance are unreachable.
    Exhausted,
    /// A limit stopped the sweep: the targets without a distance lie
    /// farther than the last layer swept, or beyond the limit.
    LimitReached(Limit),
}

/// What [`distances_to`] found: the distance to each target, in moves
/// (`V = u32`), or in the puzzle's costs for
/// [`costs::costs_to`](super::costs::costs_to).
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Distances<V = u32> {
    /// The distance of each target from the nearest start, in the targets'
    /// order; `None` for a target not reached.
    pub distances: Vec<Option<V>>,
    /// Why the search stopped.
    pub end: DistancesEnd,
    /// What the search did.
    pub stats: Stats,
}

/// The fewest moves from any of `starts` to each of `targets`: one
/// breadth-first sweep from every start at once, stopped after the layer
/// in which the last target is found.
///
/// The puzzle's goal is not used. States are compared by
/// [`Puzzle::encode`]: a target is reached when a state with its key is.
/// Starts and targets may repeat; a start that is a target is at distance
/// 0. No targets is [`DistancesEnd::AllReached`] with nothing expanded; no
/// starts is [`DistancesEnd::Exhausted`] with no target reached.
///
/// # Arguments
///
/// * `puzzle` – the puzzle; its goal and heuristic are not used.
/// * `starts` – the states to measure from.
/// * `targets` – the states to measure to.
/// * `limits` – bounds on stored states, depth, bytes, time and the cancel flag.
///
/// # Returns
///
/// [`Distances`]: a distance per target, why the sweep ended, and its
/// statistics. A distance found is exact, whatever ended the sweep.
///
/// # Complexity
///
/// Time linear in the states closer to the starts than the farthest target
/// (and the layer it is in), and the moves between them; memory one key per
/// state reached, plus two layers of states.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, search::{distances_to, DistancesEnd, Limits}};
///
/// // Steps of +1 and +3 modulo 10, from 0 or 5.
/// let ring = adapt::from_fn(|&n: &u8| [(n + 1) % 10, (n + 3) % 10], |_| false);
/// let found = distances_to(&ring, [0, 5], &[3, 9, 5, 3], &Limits::new());
/// assert_eq!(found.distances, [Some(1), Some(2), Some(0), Some(1)]);
/// assert_eq!(found.end, DistancesEnd::AllReached);
///
/// // 10 is never reached: the sweep sees the whole ring.
/// let found = distances_to(&ring, [0], &[2, 10], &Limits::new());
/// assert_eq!(found.distances, [Some(2), None]);
/// assert_eq!(found.end, DistancesEnd::Exhausted);
/// ```
pub fn distances_to<P: Puzzle>(
    puzzle: &P,
    starts: impl Starts<P::State>,
    targets: &[P::State],
    limits: &Limits,
) -> Distances {
    let starts = run::distinct(puzzle, starts);
    let mut targets = Targets::new(puzzle, targets);
    let mut run = Run::start(limits);
    let on_layer = |depth: u32, layer: &_| {
        let layer: &Vec<(P::State, Option<P::Move>)> = layer;
        for (state, _) in layer {
            if targets.reach(&puzzle.encode(state), depth) {
                break;
            }
        }
        if targets.all_reached() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let end = match sweep(puzzle, starts, &mut run, on_layer) {
        Ok(Swept::Stopped(())) => DistancesEnd::AllReached,
        Ok(Swept::Exhausted { .. }) => DistancesEnd::Exhausted,
        Err(limit) => DistancesEnd::LimitReached(limit),
    };
    Distances {
        distances: targets.values(),
        end,
        stats: run.finish(),
    }
}

/// A set of targets, and the value (a distance, a cost) found for each:
/// what a search that measures to every target fills in.
pub(crate) struct Targets<K, V> {
    /// The first target of each key, the one the search fills in.
    first: KeyTable<K, usize>,
    /// For each target, the first target of its key.
    owners: Vec<usize>,
    values: Vec<Option<V>>,
    /// The keys not reached yet.
    left: usize,
}

impl<K: Copy + Eq + core::hash::Hash, V: Copy> Targets<K, V> {
    /// `targets`, none reached.
    pub(crate) fn new<P: Puzzle<Key = K>>(puzzle: &P, targets: &[P::State]) -> Self {
        let mut first: KeyTable<K, usize> = KeyTable::new();
        let owners = targets
            .iter()
            .enumerate()
            .map(|(index, target)| {
                let key = puzzle.encode(target);
                match first.get(&key) {
                    Some(&owner) => owner,
                    None => {
                        first.insert_new(key, index);
                        index
                    }
                }
            })
            .collect();
        Targets {
            left: first.len(),
            first,
            owners,
            values: vec![None; targets.len()],
        }
    }

    /// Records `value` for the targets of `key` unless they have one, and
    /// tells whether every target has one now.
    #[inline]
    pub(crate) fn reach(&mut self, key: &K, value: V) -> bool {
        if self.left > 0 {
            if let Some(&index) = self.first.get(key) {
                if self.values[index].is_none() {
                    self.values[index] = Some(value);
                    self.left -= 1;
                }
            }
        }
        self.left == 0
    }

    /// Whether every target has a value.
    pub(crate) fn all_reached(&self) -> bool {
        self.left == 0
    }

    /// The value of each target, in the targets' order.
    pub(crate) fn values(&self) -> Vec<Option<V>> {
        self.owners
            .iter()
            .map(|&owner| self.values[owner])
            .collect()
    }
}
