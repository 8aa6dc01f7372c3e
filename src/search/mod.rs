//! The search engines and the values they share: limits, outcomes, paths and statistics.
//!
//! | engine | needs | memory | best for |
//! | --- | --- | --- | --- |
//! | [`bfs`] | [`Puzzle`] | every state reached | small spaces, exhaustive runs |
//! | [`bidirectional_bfs`] | [`Backward`] | two frontiers | few goal states, long solutions |
//! | [`astar`] | [`Puzzle::heuristic`] | states within the bound | informative heuristics |
//! | [`idastar`] | [`Puzzle::heuristic`] | one table per iteration | tight heuristics, short solutions |
//!
//! Every engine returns a [`SearchResult`]: an [`Outcome`] (solved with an optimal
//! [`Path`], unsolvable, or stopped by a [`Limit`]) and [`Stats`].

mod astar;
mod bfs;
mod bidirectional;
mod idastar;
mod limits;
mod path;
pub(crate) mod table;

pub use astar::astar;
pub use bfs::bfs;
pub use bidirectional::bidirectional_bfs;
pub use idastar::idastar;
pub use limits::{CancelFlag, Limit, Limits};
pub use path::Path;

use crate::{Backward, Puzzle};
use core::fmt;
use core::str::FromStr;
use std::time::Duration;

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
pub struct SearchResult<S, M> {
    /// How the search ended.
    pub outcome: Outcome<S, M>,
    /// What it cost.
    pub stats: Stats,
}

/// The four engines, for choosing one at run time.
///
/// ```
/// use puzzle_search::search::Engine;
///
/// let engine: Engine = "idastar".parse()?;
/// assert_eq!(engine, Engine::IdaStar);
/// assert_eq!(engine.to_string(), "idastar");
/// # Ok::<(), puzzle_search::search::UnknownEngine>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// [`bfs`]: breadth-first search.
    #[default]
    Bfs,
    /// [`bidirectional_bfs`]: breadth-first from both ends.
    Bidirectional,
    /// [`astar`]: best-first on moves made plus the heuristic.
    AStar,
    /// [`idastar`]: iterative deepening on moves made plus the heuristic.
    IdaStar,
}

impl Engine {
    /// All engines, in the order of this enum.
    pub const ALL: [Engine; 4] = [
        Engine::Bfs,
        Engine::Bidirectional,
        Engine::AStar,
        Engine::IdaStar,
    ];

    /// The short name used on command lines and in JSON: `bfs`, `bidir`, `astar` or `idastar`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bfs => "bfs",
            Engine::Bidirectional => "bidir",
            Engine::AStar => "astar",
            Engine::IdaStar => "idastar",
        }
    }

    /// Searches `puzzle` from `start` with this engine.
    pub fn solve<P: Backward>(
        self,
        puzzle: &P,
        start: P::State,
        limits: &Limits,
    ) -> SearchResult<P::State, P::Move> {
        match self {
            Engine::Bfs => bfs(puzzle, start, limits),
            Engine::Bidirectional => bidirectional_bfs(puzzle, start, limits),
            Engine::AStar => astar(puzzle, start, limits),
            Engine::IdaStar => idastar(puzzle, start, limits),
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an engine name that is none of `bfs`, `bidir`, `astar`, `idastar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}: expected bfs, bidir, astar or idastar")]
pub struct UnknownEngine(pub String);

impl FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| UnknownEngine(name.to_owned()))
    }
}

/// Rebuilds a real path from `start` that follows `keys`, the keys of the states after each move.
///
/// Used where an engine knows only which key classes a path passes through (the
/// backward half of a bidirectional search): each step picks a successor of the
/// current state whose key is the next key, so every step is a real move even
/// when `encode` folds symmetric states together.
fn follow_keys<P: Puzzle>(
    puzzle: &P,
    path: &mut Path<P::State, P::Move>,
    keys: impl IntoIterator<Item = P::Key>,
) {
    for key in keys {
        let mut step = None;
        puzzle.successors(path.goal(), |mv, next| {
            if step.is_none() && puzzle.encode(&next) == key {
                step = Some((mv, next));
            }
        });
        match step {
            Some((mv, next)) => path.push(mv, next),
            // Unreachable for a puzzle that honours the `encode` contract; this is a
            // bug in the `Puzzle` implementation, never a property of the input.
            #[allow(clippy::panic)]
            None => panic!(
                "Puzzle::encode contract broken: states sharing a key have different successors"
            ),
        }
    }
}
