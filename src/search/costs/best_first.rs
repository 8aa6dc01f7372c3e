//! Best-first search with costs: Dijkstra, A* and weighted A*, one engine
//! with three orders.

use super::frontier::{stopping, Frontier};
use super::result::Found;
use super::targets::costs_to_in;
use super::{CostResult, Weight};
use crate::cost::{Cost, Weighted};
use crate::search::grow::Budget;
use crate::search::run::{Countdown, Run, Watch};
use crate::search::{Distances, Limit, Limits, Outcome, Stats};

/// Dijkstra's algorithm (uniform-cost search): expands states by their cost
/// from the start, the cheapest first, and ignores the heuristic.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve, with its costs.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states and time (the depth limit is not
///   used: costs, not moves, are bounded).
///
/// # Returns
///
/// A [`CostResult`] whose outcome is [`Outcome::Solved`] with a cheapest path
/// from `start` to a goal (both included) and its cost, [`Outcome::Unsolvable`],
/// or [`Outcome::LimitReached`] (with [`Limit::CostOverflow`] when a cost
/// does not fit its type).
///
/// # Complexity
///
/// `O(E log V)` time for the `V` states cheaper than the goal and their `E`
/// successors; `O(V)` memory.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}};
///
/// // Halve, or add three: from 11 to 4 in 11 → 5 → 8 → 4.
/// let walk = adapt::unit_costs(adapt::from_fn(|&n: &u8| [n / 2, n.saturating_add(3)], |&n| n == 4));
/// let result = costs::dijkstra(&walk, 11, &Limits::new());
/// assert_eq!(result.cost, Some(3));
/// assert!(result.outcome.path().unwrap().replays(&walk));
/// ```
pub fn dijkstra<P: Weighted>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().dijkstra(puzzle, start, limits)
}

/// Dijkstra's algorithm from several starts at once: a cheapest path from
/// any of them to a goal.
///
/// As [`dijkstra`], with every state of `starts` at cost zero; the path
/// starts at one of them. No starts is [`Outcome::Unsolvable`].
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}};
///
/// let walk = adapt::unit_costs(adapt::from_fn(|&n: &u32| [n + 1], |&n| n == 10));
/// let result = costs::dijkstra_from(&walk, [2, 7, 4], &Limits::new());
/// assert_eq!(result.cost, Some(3));
/// assert_eq!(result.outcome.path().unwrap().start(), &7);
/// ```
pub fn dijkstra_from<P: Weighted>(
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().dijkstra_from(puzzle, starts, limits)
}

/// A* with costs: expands states by their cost from the start plus
/// [`Weighted::cost_heuristic`].
///
/// A state reached again more cheaply is reopened, so the cost is optimal
/// with any admissible heuristic, consistent or not.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its cost heuristic must be admissible.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states and time.
///
/// # Returns
///
/// As [`dijkstra`]: a cheapest path from `start` to a goal (both included)
/// and its cost.
///
/// # Complexity
///
/// `O(E log V)` for the states whose cost plus heuristic is below the
/// optimum (more when an inconsistent heuristic reopens states).
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 33);
/// let informed = adapt::unit_costs(walk.with_heuristic(|&n: &u32| u32::from(n != 33)));
/// let result = costs::astar(&informed, 1, &Limits::new());
/// assert_eq!(result.cost, Some(6)); // 1 2 4 8 16 32 33
/// ```
pub fn astar<P: Weighted>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().astar(puzzle, start, limits)
}

/// A* with costs from several starts at once: a cheapest path from any of
/// them to a goal.
///
/// As [`astar`], with every state of `starts` at cost zero; the path starts
/// at the one it left from. No starts is [`Outcome::Unsolvable`].
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = costs::astar_from(&adapt::unit_costs(line), [10, 57, 44], &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// assert_eq!(result.outcome.path().unwrap().start(), &44);
/// ```
pub fn astar_from<P: Weighted>(
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().astar_from(puzzle, starts, limits)
}

/// Weighted A*: A* on `g + w·h`, whose path costs at most `w` times the
/// optimum (the result's `bound`).
///
/// The order is kept exact: with `w = p/q` the engine compares `q·g + p·h`
/// in the puzzle's cost type (a value that does not fit it is
/// [`Limit::CostOverflow`]). States are reopened, as in [`astar`]. `w = 1`
/// is [`astar`].
///
/// # Returns
///
/// As [`astar`], with a path of cost at most `w` × the optimal cost.
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, sliding::Sliding};
///
/// let board: puzzle_search::sliding::Board = "1 5 2 3 4 9 6 7 8 13 10 11 12 0 14 15".parse()?;
/// let puzzle = adapt::unit_costs(Sliding::new());
/// let optimal = costs::astar(&puzzle, board, &Limits::new());
/// let weight = "2".parse()?;
/// let quick = costs::weighted_astar(&puzzle, board, weight, &Limits::new());
/// assert_eq!(quick.bound, weight);
/// assert!(quick.cost.unwrap() <= 2 * optimal.cost.unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_astar<P: Weighted>(
    puzzle: &P,
    start: P::State,
    weight: Weight,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().weighted_astar(puzzle, start, weight, limits)
}

/// Weighted A* from several starts at once: a path from one of them of at
/// most `w` × the cheapest cost from any of them.
///
/// As [`weighted_astar`], with every state of `starts` at cost zero; the
/// path starts at the one it left from. No starts is
/// [`Outcome::Unsolvable`].
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let weight = costs::Weight::new(3, 2)?;
/// let result = costs::weighted_astar_from(&adapt::unit_costs(line), [10, 44], weight, &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_astar_from<P: Weighted>(
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    weight: Weight,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().weighted_astar_from(puzzle, starts, weight, limits)
}

/// The storage of the best-first engines ([`dijkstra`], [`astar`],
/// [`weighted_astar`]), kept from one search to the next.
///
/// A program that runs many searches of one puzzle type (every scenario of
/// a map, say) runs them through one workspace: each search after the first
/// starts with the room the earlier ones grew, instead of growing its
/// tables again in fresh memory, and clears only the entries it used. The
/// free functions are a search in a new workspace. A search under a byte
/// limit ([`Limits::with_max_bytes`]) starts small, as in a new workspace.
///
/// ```
/// use puzzle_search::cost::Octile;
/// use puzzle_search::grid::{Grid, GridMap, Point};
/// use puzzle_search::search::{costs::Workspace, Limits};
///
/// let map = GridMap::parse("type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n")?;
/// let mut workspace = Workspace::new();
/// let start = Point { x: 0, y: 0 };
/// for (goal, cost) in [(Point { x: 3, y: 1 }, Octile::new(2, 1)), (Point { x: 0, y: 1 }, Octile::new(1, 0))] {
///     let grid = Grid::new(&map, goal);
///     let result = workspace.astar(&grid, start, &Limits::new());
///     assert_eq!(result.cost, Some(cost));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Workspace<P: Weighted> {
    /// The last search's frontier, forgotten; `None` before the first search
    /// ends.
    kept: Option<Frontier<P>>,
    /// Whether to keep the frontier: not for the free functions' one
    /// search, which would clear it for nothing.
    keeps: bool,
}

impl<P: Weighted> Default for Workspace<P> {
    fn default() -> Self {
        Workspace::new()
    }
}

impl<P: Weighted> Workspace<P> {
    /// A workspace that holds nothing yet.
    #[must_use]
    pub fn new() -> Self {
        Workspace {
            kept: None,
            keeps: true,
        }
    }

    /// A workspace for one search, which keeps nothing after it.
    pub(super) fn once() -> Self {
        Workspace {
            kept: None,
            keeps: false,
        }
    }

    /// The frontier kept from the last search, if any.
    pub(super) fn take(&mut self) -> Option<Frontier<P>> {
        self.kept.take()
    }

    /// Keeps `search`'s frontier for the next search, if this workspace
    /// keeps one.
    pub(super) fn keep(&mut self, search: BestFirst<'_, P>) {
        if self.keeps {
            self.kept = Some(search.into_frontier());
        }
    }

    /// [`dijkstra`] in this workspace.
    pub fn dijkstra(
        &mut self,
        puzzle: &P,
        start: P::State,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.dijkstra_from(puzzle, [start], limits)
    }

    /// [`dijkstra_from`] in this workspace.
    pub fn dijkstra_from(
        &mut self,
        puzzle: &P,
        starts: impl IntoIterator<Item = P::State>,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        best_first_from(self, puzzle, starts, Order::Cost, limits)
    }

    /// [`astar`] in this workspace.
    pub fn astar(
        &mut self,
        puzzle: &P,
        start: P::State,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.astar_from(puzzle, [start], limits)
    }

    /// [`astar_from`] in this workspace.
    pub fn astar_from(
        &mut self,
        puzzle: &P,
        starts: impl IntoIterator<Item = P::State>,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.weighted_astar_from(puzzle, starts, Weight::ONE, limits)
    }

    /// [`weighted_astar`] in this workspace.
    pub fn weighted_astar(
        &mut self,
        puzzle: &P,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.weighted_astar_from(puzzle, [start], weight, limits)
    }

    /// [`weighted_astar_from`] in this workspace.
    pub fn weighted_astar_from(
        &mut self,
        puzzle: &P,
        starts: impl IntoIterator<Item = P::State>,
        weight: Weight,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        let order = Order::Weighted(weight);
        best_first_from(self, puzzle, starts, order, limits)
    }

    /// [`costs_to`](super::costs_to) in this workspace.
    pub fn costs_to(
        &mut self,
        puzzle: &P,
        starts: impl IntoIterator<Item = P::State>,
        targets: &[P::State],
        limits: &Limits,
    ) -> Distances<P::Cost> {
        costs_to_in(self, puzzle, starts, targets, limits)
    }
}

/// What a best-first search expands first.
#[derive(Clone, Copy)]
pub(super) enum Order {
    /// The lowest cost so far: Dijkstra.
    Cost,
    /// The lowest `q·g + p·h`: A* for `p/q = 1`, weighted A* above.
    Weighted(Weight),
}

impl Order {
    /// The priority of `state` reached at cost `g`, or `None` on overflow.
    #[inline(always)]
    fn priority<P: Weighted>(self, puzzle: &P, g: P::Cost, state: &P::State) -> Option<P::Cost> {
        match self {
            Order::Cost => Some(g),
            Order::Weighted(weight) if weight.is_one() => {
                g.checked_add(puzzle.cost_heuristic(state))
            }
            Order::Weighted(weight) => {
                let h = puzzle
                    .cost_heuristic(state)
                    .checked_scale(weight.numerator())?;
                g.checked_scale(weight.denominator())?.checked_add(h)
            }
        }
    }

    fn bound(self) -> Weight {
        match self {
            Order::Cost => Weight::ONE,
            Order::Weighted(weight) => weight,
        }
    }
}

/// A best-first search from `starts` in `order`, in `workspace`.
fn best_first_from<P: Weighted>(
    workspace: &mut Workspace<P>,
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    order: Order,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    let mut cost = None;
    let result = Run::search_from(puzzle, starts, limits, |puzzle, starts, run| {
        let search = BestFirst::new(workspace.take(), puzzle, starts, order, run);
        let mut search = match search {
            Ok(search) => search,
            Err(limit) => return Outcome::LimitReached(limit),
        };
        let ended = search.advance::<false>(run, u64::MAX, |state, _| puzzle.is_goal(state));
        let (outcome, found) = match ended {
            Some(ended) => search.answer(ended),
            None => (Outcome::Unsolvable, None),
        };
        cost = found;
        workspace.keep(search);
        outcome
    });
    CostResult {
        // Only a start that is a goal is solved without a search.
        cost: cost.or(result.outcome.path().map(|_| P::Cost::ZERO)),
        outcome: result.outcome,
        bound: order.bound(),
        stats: result.stats,
    }
}

/// How a best-first search ended.
pub(in crate::search) enum Ended<C> {
    /// At a node that the caller's test accepted, and its cost.
    Reached(u32, C),
    /// Every reachable state was expanded.
    Exhausted,
    /// A limit stopped it.
    Stopped(Limit),
}

/// A best-first search under way, which may pause between two states
/// expanded: its frontier, and the watch and count of what it generates.
pub(in crate::search) struct BestFirst<'p, P: Weighted> {
    puzzle: &'p P,
    order: Order,
    frontier: Frontier<P>,
    /// The bytes of `frontier`, and the limit on them.
    budget: Budget,
    watch: Watch<'p>,
    /// The children generated, and when to look at the watch.
    generated: Countdown,
}

impl<'p, P: Weighted> BestFirst<'p, P> {
    /// Dijkstra's algorithm from `starts` (one per key, all admitted), in
    /// a new frontier.
    pub(in crate::search) fn dijkstra(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Limit> {
        BestFirst::new(None, puzzle, starts, Order::Cost, run)
    }

    /// A search from `starts` (one per key, all admitted) in `order`, in
    /// the room of the frontier `kept` if there is one.
    pub(super) fn new(
        kept: Option<Frontier<P>>,
        puzzle: &'p P,
        starts: Vec<P::State>,
        order: Order,
        run: &Run<'p>,
    ) -> Result<Self, Limit> {
        let watch = run.watch();
        let mut budget = run.budget();
        let mut frontier = Frontier::renew(kept, puzzle, run.max_states(), &mut budget)?;
        for root in starts {
            let priority = order
                .priority(puzzle, P::Cost::ZERO, &root)
                .ok_or(Limit::CostOverflow)?;
            let key = puzzle.encode(&root);
            frontier.push_root(puzzle, key, root, priority, &mut budget)?;
        }
        Ok(BestFirst {
            puzzle,
            order,
            frontier,
            budget,
            generated: watch.countdown(0),
            watch,
        })
    }

    /// Expands nodes until the search ends at a node whose state and cost
    /// `reached` accepts, or at the end of the frontier or a limit (the
    /// statistics written to `run`), or, `SLICED`, until `run` counts
    /// `until` states expanded (`None`: paused, to go on from the next
    /// node). Inlined, the search in one call keeps its loop's state where
    /// a loop of its own would.
    #[inline(always)]
    pub(in crate::search) fn advance<const SLICED: bool>(
        &mut self,
        run: &mut Run<'_>,
        until: u64,
        mut reached: impl FnMut(&P::State, P::Cost) -> bool,
    ) -> Option<Ended<P::Cost>> {
        let puzzle = self.puzzle;
        let order = self.order;
        let frontier = &mut self.frontier;
        let budget = &mut self.budget;
        let generated = &mut self.generated;
        let mut stop = None;
        let ended = loop {
            if SLICED && run.stats.expanded >= until {
                return None;
            }
            let Some(node) = frontier.pop() else {
                break Ended::Exhausted;
            };
            let (state, g, last) = frontier.node(node);
            if reached(state, g) {
                break Ended::Reached(node, g);
            }
            if let Err(limit) = self.watch.check() {
                break Ended::Stopped(limit);
            }
            run.stats.expanded += 1;
            let (state, last) = (state.clone(), last.cloned());
            let mut visit = |mv: P::Move, child: P::State| {
                if stopping(generated, &self.watch, &mut stop) {
                    return;
                }
                let Some(child_cost) = g.checked_add(puzzle.cost(&state, &mv, &child)) else {
                    stop = Some(Limit::CostOverflow);
                    return;
                };
                let key = puzzle.encode(&child);
                let priority = |child: &P::State| order.priority(puzzle, child_cost, child);
                if let Err(limit) =
                    frontier.offer(puzzle, key, child, node, mv, child_cost, priority, budget)
                {
                    stop = Some(limit);
                }
            };
            match &last {
                Some(last) => puzzle.weighted_successors_after(&state, last, &mut visit),
                None => puzzle.successors(&state, &mut visit),
            }
            run.stats.max_stored = run.stats.max_stored.max(frontier.keys());
            if let Some(limit) = stop {
                break Ended::Stopped(limit);
            }
        };
        run.stats.generated += generated.count();
        run.stats.max_stored = run.stats.max_stored.max(frontier.keys());
        Some(ended)
    }

    /// The answer of a search that ended so: the path to the node reached
    /// and its cost, or why there is none.
    pub(in crate::search) fn answer(&self, ended: Ended<P::Cost>) -> Found<P> {
        match ended {
            Ended::Reached(node, cost) => {
                (Outcome::Solved(self.frontier.path_to(node)), Some(cost))
            }
            Ended::Exhausted => (Outcome::Unsolvable, None),
            Ended::Stopped(limit) => (Outcome::LimitReached(limit), None),
        }
    }

    /// The statistics so far: `run`'s, with the children generated that
    /// the search has not written there yet.
    pub(in crate::search) fn stats(&self, run: &Run<'_>) -> Stats {
        let mut stats = run.stats;
        stats.generated += self.generated.count();
        stats
    }

    /// The cost of the cheapest node of `key` found so far, if the key was
    /// reached.
    pub(super) fn cheapest(&self, key: &P::Key) -> Option<P::Cost> {
        self.frontier.best(self.puzzle, key).map(|(_, cost)| cost)
    }

    /// The puzzle searched.
    pub(in crate::search) fn puzzle(&self) -> &'p P {
        self.puzzle
    }

    /// The frontier, its keys forgotten, for the next search's room.
    pub(super) fn into_frontier(mut self) -> Frontier<P> {
        self.frontier.forget(self.puzzle);
        self.frontier
    }
}
