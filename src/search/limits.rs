//! Bounds on a search: memory, depth, time and cancellation.

use core::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The bounds a search must stay within. No bound is set by default.
///
/// They bound the search, not the answer: a start that is already a goal is a
/// path of no moves under any limits, with every engine.
///
/// ```
/// use std::time::Duration;
/// use puzzle_search::search::Limits;
///
/// let limits = Limits::new()
///     .with_max_states(1_000_000)
///     .with_max_depth(15)
///     .with_time_budget(Duration::from_secs(2));
/// assert_eq!(limits.max_depth(), Some(15));
/// ```
#[derive(Clone, Debug, Default)]
#[must_use = "limits do nothing until a search is given them"]
pub struct Limits {
    pub(super) max_states: Option<usize>,
    pub(super) max_depth: Option<u32>,
    pub(super) time_budget: Option<Duration>,
    pub(super) cancel: Option<CancelFlag>,
    pub(super) table_capacity: Option<usize>,
    pub(super) max_bytes: Option<usize>,
}

impl Limits {
    /// No limits at all.
    pub fn new() -> Self {
        Self::default()
    }

    /// At most `states` states stored at once: visited sets and frontiers, and
    /// for IDA* the states on its current path and in its table.
    ///
    /// Whatever the limit, an engine holds at most
    /// [`MAX_INDEXED`](crate::search::MAX_INDEXED) states (it numbers them in
    /// 32 bits): past them it stops with that state limit.
    pub fn with_max_states(mut self, states: usize) -> Self {
        self.max_states = Some(states);
        self
    }

    /// Only solutions of at most `moves` moves are looked for.
    pub fn with_max_depth(mut self, moves: u32) -> Self {
        self.max_depth = Some(moves);
        self
    }

    /// Stop after roughly `budget` of wall-clock time.
    ///
    /// A search looks at the clock (and the cancel flag) before it expands
    /// the start, so a budget of zero, or a flag cancelled already, stops
    /// every engine before it expands anything (unless the start is a goal:
    /// see above). Then it looks every few steps (states expanded, children
    /// generated): the steps between two looks double while they take less
    /// than a millisecond, up to 1,024, and halve when they take more than
    /// 10 ms, down to one. So a deadline is noticed within a few
    /// milliseconds, plus the step under way, however much a step costs, as
    /// long as steps cost about the same; a search with neither a budget nor
    /// a flag never reads the clock.
    pub fn with_time_budget(mut self, budget: Duration) -> Self {
        self.time_budget = Some(budget);
        self
    }

    /// Stop soon after `flag` is cancelled, from any thread (looked at as
    /// the clock is, see [`with_time_budget`](Limits::with_time_budget)).
    pub fn with_cancel_flag(mut self, flag: CancelFlag) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Let [`idastar`](super::idastar) keep a transposition table of at most
    /// `states` states (none by default).
    ///
    /// The table makes IDA* search each state once per iteration and learn
    /// lower bounds across iterations, which puzzles with many transpositions
    /// and a weak heuristic need (Klotski), and lets it prove a puzzle
    /// unsolvable. Once full it stores nothing more and the search goes on:
    /// its capacity never stops a search. (The state limit still counts its
    /// states with those on the path.) The other engines ignore it.
    pub fn with_table_capacity(mut self, states: usize) -> Self {
        self.table_capacity = Some(states);
        self
    }

    /// At most `bytes` bytes in the search's own tables and vectors: its
    /// visited states, frontiers, open lists and search tree (states as
    /// stored there, not memory a state owns on the heap).
    ///
    /// A table or vector that would grow past the limit stops the search
    /// with [`Limit::Memory`], as an allocation the allocator refuses does
    /// without a limit. Under a byte limit the tables start small, so that
    /// the limit counts what the search needs. IDA*'s transposition table is
    /// the exception: when it cannot grow it stores nothing more and the
    /// search goes on, as when it is full.
    pub fn with_max_bytes(mut self, bytes: usize) -> Self {
        self.max_bytes = Some(bytes);
        self
    }

    /// The byte limit, if any.
    pub fn max_bytes(&self) -> Option<usize> {
        self.max_bytes
    }

    /// The transposition table IDA* may keep, if any.
    pub fn table_capacity(&self) -> Option<usize> {
        self.table_capacity
    }

    /// The state limit, if any.
    pub fn max_states(&self) -> Option<usize> {
        self.max_states
    }

    /// The depth limit, if any.
    pub fn max_depth(&self) -> Option<u32> {
        self.max_depth
    }

    /// The time budget, if any.
    pub fn time_budget(&self) -> Option<Duration> {
        self.time_budget
    }
}

/// A flag shared between threads that asks running searches to stop.
///
/// ```
/// use puzzle_search::search::CancelFlag;
///
/// let flag = CancelFlag::new();
/// let handle = flag.clone();
/// std::thread::spawn(move || handle.cancel()).join().unwrap();
/// assert!(flag.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](CancelFlag::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two flags are equal when they are the same flag: clones of one another.
impl PartialEq for CancelFlag {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CancelFlag {}

/// The limit that stopped a search.
///
/// ```
/// use puzzle_search::{adapt, search::{bfs, Limit, Limits}};
///
/// let endless = adapt::from_fn(|&n: &u64| [n + 1], |_| false);
/// let outcome = bfs(&endless, 0, &Limits::new().with_max_depth(10)).outcome;
/// assert_eq!(outcome.limit(), Some(&Limit::Depth { max: 10 }));
/// assert_eq!(outcome.limit().map(Limit::name), Some("depth"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// Storing one more state would exceed the state limit.
    States {
        /// The limit.
        max: usize,
    },
    /// A solution, if any, is longer than the depth limit.
    Depth {
        /// The limit.
        max: u32,
    },
    /// The time budget ran out.
    Time {
        /// The budget.
        budget: Duration,
    },
    /// The cancel flag was set.
    Cancelled,
    /// A path's cost (or, for weighted A* and IDA*, its weighted bound)
    /// would not fit the puzzle's cost type: the weighted engines stop rather
    /// than answer wrong.
    CostOverflow,
    /// The search's tables could not grow: growing them would pass the
    /// byte limit ([`Limits::with_max_bytes`]), or the allocator refused
    /// the memory. The search stops with what it holds, rather than abort
    /// the process.
    Memory {
        /// The byte limit that growing would pass, or `None` when the
        /// allocator refused.
        max_bytes: Option<usize>,
    },
}

impl Limit {
    /// A one-word name: `states`, `depth`, `time`, `cancelled`, `cost` or
    /// `memory`.
    pub fn name(&self) -> &'static str {
        match self {
            Limit::States { .. } => "states",
            Limit::Depth { .. } => "depth",
            Limit::Time { .. } => "time",
            Limit::Cancelled => "cancelled",
            Limit::CostOverflow => "cost",
            Limit::Memory { .. } => "memory",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::States { max } => write!(f, "state limit reached ({max} states)"),
            Limit::Depth { max } => write!(f, "no solution within the depth limit of {max} moves"),
            Limit::Time { budget } => write!(f, "time budget of {budget:?} used up"),
            Limit::Cancelled => f.write_str("search cancelled"),
            Limit::CostOverflow => f.write_str("the path cost overflowed its type"),
            Limit::Memory {
                max_bytes: Some(max),
            } => write!(f, "memory limit reached ({max} bytes)"),
            Limit::Memory { max_bytes: None } => {
                f.write_str("memory limit reached (the allocator refused)")
            }
        }
    }
}
