//! What a search returns: its outcome and its statistics.

use std::time::Duration;

use super::Limit;
use crate::Path;

/// How a search ended.
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a search result says whether the puzzle was solved"]
pub struct SearchResult<S, M> {
    /// How the search ended.
    pub outcome: Outcome<S, M>,
    /// What it cost.
    pub stats: Stats,
}
