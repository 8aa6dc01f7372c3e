//! The cheapest costs from a set of starts to a set of targets: one
//! Dijkstra search, stopped once every target is reached.

use super::best_first::{BestFirst, Ended, Order};
use super::Workspace;
use crate::cost::Weighted;
use crate::search::distances::Targets;
use crate::search::run::{self, Run};
use crate::search::{Distances, DistancesEnd, Limits, Starts};

/// The cheapest cost from any of `starts` to each of `targets`: one
/// Dijkstra search from every start at once, stopped when the last target
/// is taken from its frontier.
///
/// The weighted [`distances_to`](crate::search::distances_to): the puzzle's
/// goal and heuristic are not used. States are compared by
/// [`Puzzle::encode`](crate::Puzzle::encode): a target is reached when a
/// state with its key is. Starts and targets may repeat; a start that is a
/// target costs zero. No targets is [`DistancesEnd::AllReached`] with
/// nothing expanded; no starts is [`DistancesEnd::Exhausted`] with no
/// target reached. Successors that pass over states reach only the states
/// they stop at: measure a grid with its plain successors, not with its
/// jump points (`Grid::with_jump_points`), whose jumps stop only where the
/// grid's goal or the walls make them.
///
/// # Arguments
///
/// * `puzzle` – the puzzle, with its costs; its goal and heuristic are not used.
/// * `starts` – the states to measure from.
/// * `targets` – the states to measure to.
/// * `limits` – bounds on stored states, bytes, time and the cancel flag
///   (the depth limit is not used: costs, not moves, are bounded).
///
/// # Returns
///
/// [`Distances`]: a cost per target, why the search ended, and its
/// statistics. A cost found is the cheapest, whatever ended the search;
/// a cost that does not fit its type ends it with
/// [`Limit::CostOverflow`](crate::search::Limit::CostOverflow).
///
/// # Complexity
///
/// `O(E log V)` time for the `V` states cheaper than the dearest target and
/// their `E` successors; `O(V)` memory.
///
/// # Example
///
/// ```
/// use puzzle_search::cost::Octile;
/// use puzzle_search::grid::{Grid, GridMap, Point};
/// use puzzle_search::search::{costs, DistancesEnd, Limits};
///
/// let map = GridMap::parse("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n")?;
/// // The grid's own goal is not used.
/// let grid = Grid::new(&map, Point { x: 0, y: 0 });
/// let targets = [Point { x: 3, y: 2 }, Point { x: 0, y: 1 }, Point { x: 1, y: 1 }];
/// let found = costs::costs_to(&grid, [Point { x: 0, y: 0 }], &targets, &Limits::new());
/// // Around the wall (no diagonal step cuts its corners): five steps; one
/// // step down; the wall itself, never reached.
/// assert_eq!(found.distances, [Some(Octile::new(5, 0)), Some(Octile::new(1, 0)), None]);
/// assert_eq!(found.end, DistancesEnd::Exhausted);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn costs_to<P: Weighted>(
    puzzle: &P,
    starts: impl Starts<P::State>,
    targets: &[P::State],
    limits: &Limits,
) -> Distances<P::Cost> {
    Workspace::once().costs_to(puzzle, starts, targets, limits)
}

impl<P: Weighted> Workspace<P> {
    /// [`costs_to`] in this workspace.
    pub fn costs_to(
        &mut self,
        puzzle: &P,
        starts: impl Starts<P::State>,
        targets: &[P::State],
        limits: &Limits,
    ) -> Distances<P::Cost> {
        let starts = run::distinct(puzzle, starts);
        let mut targets = Targets::new(puzzle, targets);
        let mut run = Run::start(limits);
        let end = if targets.all_reached() {
            DistancesEnd::AllReached
        } else {
            match BestFirst::new(self.take(), puzzle, starts, Order::Cost, &run) {
                Err(limit) => DistancesEnd::LimitReached(limit),
                Ok(mut search) => {
                    let ended = search.advance::<false>(&mut run, u64::MAX, |state, cost| {
                        targets.reach(&puzzle.encode(state), cost)
                    });
                    self.keep(search);
                    match ended {
                        Some(Ended::Reached(..)) => DistancesEnd::AllReached,
                        Some(Ended::Stopped(limit)) => DistancesEnd::LimitReached(limit),
                        Some(Ended::Exhausted) | None => DistancesEnd::Exhausted,
                    }
                }
            }
        };
        Distances {
            distances: targets.values(),
            end,
            stats: run.finish(),
        }
    }
}
