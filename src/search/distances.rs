//! The distances from a set of starts to a set of targets: one
//! breadth-first sweep that stops once every target is reached.

// Indices in this module are targets' places, made here from `targets`
// itself: all in bounds.
#![allow(clippy::indexing_slicing)]

use core::ops::ControlFlow;

use super::run::{self, Run};
use super::sweep::{sweep, Swept};
use super::table::KeyTable;
use super::{Limit, Limits, Stats};
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

/// What [`distances_to`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Distances {
    /// The distance of each target from the nearest start, in moves, in the
    /// targets' order; `None` for a target not reached.
    pub distances: Vec<Option<u32>>,
    /// Why the sweep stopped.
    pub end: DistancesEnd,
    /// What the sweep did.
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
    starts: impl IntoIterator<Item = P::State>,
    targets: &[P::State],
    limits: &Limits,
) -> Distances {
    let starts = run::distinct(puzzle, starts);
    // Each target's key, and the first target with each key: the one the
    // sweep fills in, the others copied from it at the end.
    let mut first: KeyTable<P::Key, usize> = KeyTable::new();
    let owners: Vec<usize> = targets
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
    let mut distances = vec![None; targets.len()];
    let mut left = first.len();
    let mut run = Run::start(limits);
    let on_layer = |depth: u32, layer: &_| {
        let layer: &Vec<(P::State, Option<P::Move>)> = layer;
        for (state, _) in layer {
            if left == 0 {
                break;
            }
            if let Some(&index) = first.get(&puzzle.encode(state)) {
                distances[index] = Some(depth);
                left -= 1;
            }
        }
        if left == 0 {
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
    let distances = owners.iter().map(|&owner| distances[owner]).collect();
    Distances {
        distances,
        end,
        stats: run.finish(),
    }
}
