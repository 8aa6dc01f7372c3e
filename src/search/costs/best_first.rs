//! Best-first search with costs: Dijkstra, A* and weighted A*, one engine
//! with three orders.

use super::frontier::{stopping, Frontier};
use super::result::Found;
use super::{CostResult, Weight};
use crate::cost::{Cost, Weighted};
use crate::search::run::Run;
use crate::search::{Limit, Limits, Outcome};

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
    Workspace::new().dijkstra(puzzle, start, limits)
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
    Workspace::new().dijkstra_from(puzzle, starts, limits)
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
    Workspace::new().astar(puzzle, start, limits)
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
    Workspace::new().astar_from(puzzle, starts, limits)
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
    Workspace::new().weighted_astar(puzzle, start, weight, limits)
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
    Workspace::new().weighted_astar_from(puzzle, starts, weight, limits)
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
        Workspace { kept: None }
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
        best_first_from(&mut self.kept, puzzle, starts, Order::Cost, limits)
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
        best_first_from(&mut self.kept, puzzle, starts, order, limits)
    }
}

/// What a best-first search expands first.
#[derive(Clone, Copy)]
enum Order {
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

/// [`best_first`] from `starts`: a goal among them first, if there is one.
fn best_first_from<P: Weighted>(
    kept: &mut Option<Frontier<P>>,
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    order: Order,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    let mut starts = starts.into_iter();
    let Some(first) = starts.next() else {
        return CostResult {
            outcome: Outcome::Unsolvable,
            cost: None,
            bound: order.bound(),
            stats: Default::default(),
        };
    };
    // A goal among the starts is a path of no moves, whichever it is.
    let mut others: Vec<P::State> = starts.collect();
    let first = match others.iter().position(|state| puzzle.is_goal(state)) {
        Some(goal) if !puzzle.is_goal(&first) => others.swap_remove(goal),
        _ => first,
    };
    best_first(kept, puzzle, first, others, order, limits)
}

fn best_first<P: Weighted>(
    kept: &mut Option<Frontier<P>>,
    puzzle: &P,
    start: P::State,
    others: Vec<P::State>,
    order: Order,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    let mut cost = None;
    let result = Run::search(puzzle, start, limits, |puzzle, start, run| {
        let (outcome, found) = search(kept, puzzle, start, others, order, run);
        cost = found;
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

fn search<P: Weighted>(
    kept: &mut Option<Frontier<P>>,
    puzzle: &P,
    start: P::State,
    others: Vec<P::State>,
    order: Order,
    run: &mut Run<'_>,
) -> Found<P> {
    let mut watch = run.watch();
    let mut budget = run.budget();
    let renewed = Frontier::renew(kept.take(), puzzle, run.max_states(), &mut budget);
    let mut frontier = match renewed {
        Ok(frontier) => frontier,
        Err(limit) => return (Outcome::LimitReached(limit), None),
    };
    for root in core::iter::once(start).chain(others) {
        let Some(priority) = order.priority(puzzle, P::Cost::ZERO, &root) else {
            return (Outcome::LimitReached(Limit::CostOverflow), None);
        };
        let key = puzzle.encode(&root);
        if let Err(limit) = frontier.push_root(puzzle, key, root, priority, &mut budget) {
            return (Outcome::LimitReached(limit), None);
        }
    }
    let mut generated = watch.countdown(0);
    let mut stop = None;
    let found = loop {
        let Some(node) = frontier.pop() else {
            break (Outcome::Unsolvable, None);
        };
        let (state, g, last) = frontier.node(node);
        if puzzle.is_goal(state) {
            break (Outcome::Solved(frontier.path_to(node)), Some(g));
        }
        if let Err(limit) = watch.check() {
            break (Outcome::LimitReached(limit), None);
        }
        run.stats.expanded += 1;
        let (state, last) = (state.clone(), last.cloned());
        let mut visit = |mv: P::Move, child: P::State| {
            if stopping(&mut generated, &watch, &mut stop) {
                return;
            }
            let Some(child_cost) = g.checked_add(puzzle.cost(&state, &mv, &child)) else {
                stop = Some(Limit::CostOverflow);
                return;
            };
            let key = puzzle.encode(&child);
            let priority = |child: &P::State| order.priority(puzzle, child_cost, child);
            let budget = &mut budget;
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
            break (Outcome::LimitReached(limit), None);
        }
    };
    run.stats.generated += generated.count();
    run.stats.max_stored = run.stats.max_stored.max(frontier.keys());
    frontier.forget(puzzle);
    *kept = Some(frontier);
    found
}
