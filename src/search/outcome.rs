//! What a search returns: its outcome and its statistics.

use std::time::Duration;

use super::Limit;
use crate::Path;

/// How a search ended: solved, proved unsolvable, or stopped by a limit
/// before it could tell.
///
/// ```
/// use puzzle_search::{adapt, Puzzle, search::{bfs, Limits, Outcome}};
///
/// // From 1, add 3 or double, never past 40.
/// let walk = adapt::from_fn(|&n: &u32| [n + 3, n * 2].into_iter().filter(|&m| m <= 40), |&n| n == 22);
/// match bfs(&walk, 1, &Limits::new()).outcome {
///     Outcome::Solved(path) => assert_eq!(path.goal(), &22),
///     Outcome::Unsolvable => unreachable!("22 = ((1 + 3) * 2 + 3) * 2"),
///     Outcome::LimitReached(limit) => unreachable!("no limit was set: {limit}"),
/// }
/// // 3 is never reached: every state is at most 40, and none is 3.
/// assert_eq!(bfs(&walk.with_goal(|&n| n == 3), 1, &Limits::new()).outcome, Outcome::Unsolvable);
/// // A limit is neither a yes nor a no.
/// let stopped = bfs(&walk, 1, &Limits::new().with_max_states(3)).outcome;
/// assert_eq!(stopped.limit().map(|limit| limit.name()), Some("states"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S, M> {
    /// An optimal solution was found.
    Solved(Path<S, M>),
    /// The whole reachable space was explored and holds no goal.
    Unsolvable,
    /// The search stopped at a limit before it could decide.
    LimitReached(Limit),
}

impl<S, M> Outcome<S, M> {
    /// The solution path, if the puzzle was solved.
    pub fn path(&self) -> Option<&Path<S, M>> {
        match self {
            Outcome::Solved(path) => Some(path),
            _ => None,
        }
    }

    /// The solution path, if the puzzle was solved, taking ownership.
    pub fn into_path(self) -> Option<Path<S, M>> {
        match self {
            Outcome::Solved(path) => Some(path),
            _ => None,
        }
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(&self) -> Option<&Limit> {
        match self {
            Outcome::LimitReached(limit) => Some(limit),
            _ => None,
        }
    }
}

/// What a search did.
///
/// ```
/// use puzzle_search::{adapt, search::{bfs, Limits}};
///
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n + 2], |&n| n == 4);
/// let stats = bfs(&walk, 0, &Limits::new()).stats;
/// // 0 is expanded, then 1 and 2 (whose children 3 and 4 end the search).
/// assert!(stats.expanded >= 2 && stats.generated >= stats.expanded);
/// assert!(stats.max_stored >= 3);
/// println!("{} expanded, {} generated in {:?}", stats.expanded, stats.generated, stats.elapsed);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors generated, duplicates included.
    pub generated: u64,
    /// The most states held at once (visited sets, frontiers and tables).
    pub max_stored: usize,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// The outcome of a search together with its statistics.
///
/// ```
/// use puzzle_search::{adapt, search::{astar, Limits}};
///
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 12);
/// let result = astar(&walk, 1, &Limits::new());
/// let path = result.outcome.into_path().expect("12 is reachable");
/// assert_eq!(path.len(), 4); // 1, 2, 3, 6, 12
/// assert!(result.stats.expanded > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a search result says whether the puzzle was solved"]
pub struct SearchResult<S, M> {
    /// How the search ended.
    pub outcome: Outcome<S, M>,
    /// What it cost.
    pub stats: Stats,
}
