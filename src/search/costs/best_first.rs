//! Best-first search with costs: Dijkstra, A* and weighted A*, one engine
//! with three orders.

use super::frontier::{stopping, Frontier};
use super::result::{search_with_costs, Found};
use super::{CostResult, Weight};
use crate::cost::{Cost, Weighted};
use crate::search::grow::Budget;
use crate::search::resumable::Resumable;
use crate::search::run::{Countdown, Run, Watch};
use crate::search::{Limit, Limits, Outcome, Starts, Stats};

/// The storage of the best-first engines ([`dijkstra`](super::dijkstra), [`astar`](super::astar),
/// [`weighted_astar`](super::weighted_astar)), kept from one search to the next.
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

    /// [`dijkstra`](super::dijkstra) in this workspace.
    pub fn dijkstra(
        &mut self,
        puzzle: &P,
        start: impl Starts<P::State>,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.best_first(puzzle, start, Order::Cost, limits)
    }

    /// [`astar`](super::astar) in this workspace.
    pub fn astar(
        &mut self,
        puzzle: &P,
        start: impl Starts<P::State>,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.weighted_astar(puzzle, start, Weight::ONE, limits)
    }

    /// [`weighted_astar`](super::weighted_astar) in this workspace.
    pub fn weighted_astar(
        &mut self,
        puzzle: &P,
        start: impl Starts<P::State>,
        weight: Weight,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        self.best_first(puzzle, start, Order::Weighted(weight), limits)
    }

    /// A best-first search from `start` in `order`, in this workspace.
    fn best_first(
        &mut self,
        puzzle: &P,
        start: impl Starts<P::State>,
        order: Order,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        search_with_costs(
            puzzle,
            start,
            order.bound(),
            limits,
            |puzzle, starts, run| {
                let search = BestFirst::new(self.take(), puzzle, starts, order, run);
                let mut search = match search {
                    Ok(search) => search,
                    Err(limit) => return (Outcome::LimitReached(limit), None),
                };
                let ended =
                    search.advance::<false>(run, u64::MAX, |state, _| puzzle.is_goal(state));
                let found = match ended {
                    Some(ended) => search.answer(ended),
                    None => (Outcome::Unsolvable, None),
                };
                self.keep(search);
                found
            },
        )
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

// Dijkstra to the nearest goal: the best-first engine, its test for the end
// the puzzle's goal.
impl<'p, P: Weighted> Resumable<'p, P> for BestFirst<'p, P> {
    type Answer = Found<P>;

    fn begin(puzzle: &'p P, starts: Vec<P::State>, run: &Run<'p>) -> Result<Self, Self::Answer> {
        BestFirst::dijkstra(puzzle, starts, run)
            .map_err(|limit| (Outcome::LimitReached(limit), None))
    }

    fn advance<const PAUSE: bool>(
        &mut self,
        run: &mut Run<'p>,
        until: u64,
    ) -> Option<Self::Answer> {
        let puzzle = self.puzzle();
        let ended = BestFirst::advance::<PAUSE>(self, run, until, |state, _| puzzle.is_goal(state));
        ended.map(|ended| self.answer(ended))
    }

    fn stats(&self, run: &Run<'_>) -> Stats {
        BestFirst::stats(self, run)
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
