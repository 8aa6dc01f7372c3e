//! Counting the optimal solutions depth first, for spaces too large for the
//! graph of every optimal path: IDA*'s last iteration, run to its end.

use core::mem;

use super::super::run::{Countdown, Run, Watch};
use super::super::{idastar, Limit, Limits, Outcome, Stats};
use super::PathCount;
use crate::adapt::stop;
use crate::{Path, Puzzle};

/// How a count of the optimal solutions ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountOutcome<S, M> {
    /// There are `count` optimal solutions, of which `path` is the first found.
    Counted {
        /// The optimal solution IDA* found.
        path: Path<S, M>,
        /// The number of distinct optimal solutions.
        count: PathCount,
    },
    /// The whole reachable space was explored and holds no goal.
    Unsolvable,
    /// The search stopped at a limit before it could decide.
    LimitReached(Limit),
}

impl<S, M> CountOutcome<S, M> {
    /// The number of optimal solutions, if they were counted.
    pub fn count(&self) -> Option<PathCount> {
        match self {
            CountOutcome::Counted { count, .. } => Some(*count),
            _ => None,
        }
    }

    /// The number of moves of every optimal solution, if they were counted.
    pub fn moves(&self) -> Option<usize> {
        match self {
            CountOutcome::Counted { path, .. } => Some(path.len()),
            _ => None,
        }
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(&self) -> Option<&Limit> {
        match self {
            CountOutcome::LimitReached(limit) => Some(limit),
            _ => None,
        }
    }
}

/// What [`idastar_count`] returns: its outcome and its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a count says whether the puzzle was solved"]
pub struct CountResult<S, M> {
    /// How the count ended.
    pub outcome: CountOutcome<S, M>,
    /// What it cost: the search for the optimum and the count together.
    pub stats: Stats,
}

/// The number of distinct optimal solutions from `start`, in memory linear in
/// their length: [`idastar`] finds the optimum, then a depth-first search
/// bounded by it, as IDA*'s last iteration, runs to its end and counts every
/// path that reaches a goal.
///
/// # Transpositions
///
/// The count keeps no table: it walks the tree of paths, and a state reached
/// by two paths is searched once for each, which is what counting paths asks.
/// Every path of the optimal length from the start to a goal is a shortest
/// path, so the count is that of [`all_optimal`](super::all_optimal)'s graph:
/// distinct sequences of states (two moves from one state to one state count
/// once, as states are compared with `==`; symmetric states that share a key
/// are two states). A puzzle with many transpositions and a weak heuristic
/// (Klotski) makes the walk exponential where the graph is small: count it
/// with `all_optimal`. A transposition table in `limits` serves the search for
/// the optimum only.
///
/// # Limits
///
/// Those of [`idastar`]; the time budget covers both searches.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, Puzzle};
/// use puzzle_search::search::{idastar_count, Limits, PathCount};
///
/// // From (0, 0) to (3, 2) on a grid, a step right or up at a time.
/// let grid = adapt::from_fn(|&(x, y): &(u8, u8)| [(x + 1, y), (x, y + 1)], |&p| p == (3, 2))
///     .with_heuristic(|&(x, y): &(u8, u8)| u32::from(3u8.saturating_sub(x) + 2u8.saturating_sub(y)));
/// let result = idastar_count(&grid, (0, 0), &Limits::new());
/// assert_eq!(result.outcome.count(), Some(PathCount::Exact(10)));
/// assert_eq!(result.outcome.moves(), Some(5));
/// ```
pub fn idastar_count<P>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> CountResult<P::State, P::Move>
where
    P: Puzzle,
    P::State: PartialEq,
{
    let solved = idastar(puzzle, start.clone(), limits);
    let mut stats = solved.stats;
    let path = match solved.outcome {
        Outcome::Solved(path) => path,
        Outcome::Unsolvable => {
            return CountResult {
                outcome: CountOutcome::Unsolvable,
                stats,
            }
        }
        Outcome::LimitReached(limit) => {
            return CountResult {
                outcome: CountOutcome::LimitReached(limit),
                stats,
            }
        }
    };
    let mut rest = limits.clone();
    if let Some(budget) = limits.time_budget {
        rest.time_budget = Some(budget.saturating_sub(stats.elapsed));
    }
    let bound = u32::try_from(path.len()).unwrap_or(u32::MAX);
    let (count, more) = Run::answer(
        puzzle,
        start,
        &rest,
        |_| Ok(PathCount::Exact(1)),
        Err,
        |puzzle, start, run| count(puzzle, start, bound, run),
    );
    stats.expanded += more.expanded;
    stats.generated += more.generated;
    stats.max_stored = stats.max_stored.max(more.max_stored);
    stats.elapsed += more.elapsed;
    let outcome = match count {
        Ok(count) => CountOutcome::Counted { path, count },
        Err(limit) => CountOutcome::LimitReached(limit),
    };
    CountResult { outcome, stats }
}

/// The paths of `bound` moves from `start` (no goal, admitted) to a goal.
fn count<P>(puzzle: &P, start: P::State, bound: u32, run: &mut Run<'_>) -> Result<PathCount, Limit>
where
    P: Puzzle,
    P::State: PartialEq,
{
    run.admit(bound as usize + 1)?;
    let watch = run.watch();
    let mut walk = Walk {
        puzzle,
        bound,
        generated: watch.countdown(0),
        watch,
        expanded: 0,
        stop: None,
        children: Vec::new(),
    };
    let h = puzzle.heuristic(&start);
    let total = walk.descend(&start, None, 0, h);
    run.stats.expanded += walk.expanded;
    run.stats.generated += walk.generated.count();
    run.stats.max_stored = run.stats.max_stored.max(bound as usize + 1);
    match walk.stop {
        Some(limit) => Err(limit),
        None => Ok(total),
    }
}

/// The depth-first walk of the paths within the bound.
struct Walk<'p, P: Puzzle> {
    puzzle: &'p P,
    bound: u32,
    watch: Watch<'p>,
    expanded: u64,
    generated: Countdown,
    stop: Option<Limit>,
    /// The children of the state at each depth of the current path, kept
    /// from one state to the next so that the walk allocates once per depth.
    children: Vec<Vec<(P::Move, P::State)>>,
}

impl<P: Puzzle> Walk<'_, P>
where
    P::State: PartialEq,
{
    /// The paths from `state`, `depth` moves from the start and reached by
    /// `last`, with heuristic `h`, to a goal at the bound.
    fn descend(
        &mut self,
        state: &P::State,
        last: Option<&P::Move>,
        depth: u32,
        h: u32,
    ) -> PathCount {
        if depth >= self.bound {
            return PathCount::Exact(u128::from(self.puzzle.is_goal(state)));
        }
        if let Err(limit) = self.watch.check() {
            self.stop = Some(limit);
            return PathCount::Exact(0);
        }
        self.expanded += 1;
        let slot = depth as usize;
        if self.children.len() <= slot {
            self.children.resize_with(slot + 1, Vec::new);
        }
        let mut children = self
            .children
            .get_mut(slot)
            .map(mem::take)
            .unwrap_or_default();
        children.clear();
        let mut add = |mv: P::Move, child: P::State| {
            if self.stop.is_some() {
                // Stopped: the rest of the children need not come.
                stop::request();
                return;
            }
            if self.generated.step() {
                if let Err(limit) = self.watch.look() {
                    self.stop = Some(limit);
                    return;
                }
            }
            // Two moves to one state are one step of a path.
            if !children.iter().any(|(_, other)| *other == child) {
                children.push((mv, child));
            }
        };
        // No path through `state` leads back to where `last` came from.
        match last {
            Some(last) => self.puzzle.successors_after(state, last, &mut add),
            None => self.puzzle.successors(state, &mut add),
        }
        let mut total = PathCount::Exact(0);
        for (mv, child) in &children {
            if self.stop.is_some() {
                break;
            }
            let child_h = self.puzzle.heuristic_after(state, h, mv, child);
            if depth + 1 + child_h <= self.bound {
                total = total + self.descend(child, Some(mv), depth + 1, child_h);
            }
        }
        if let Some(slot) = self.children.get_mut(slot) {
            *slot = children;
        }
        total
    }
}
