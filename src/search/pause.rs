//! Searches that pause and resume: a search object run in slices, each a
//! budget of states expanded, of time, or both.

use std::time::{Duration, Instant};

use super::astar::Relax;
use super::bfs::Breadth;
use super::costs::{BestFirst, CostResult};
use super::idastar::Deepening;
use super::resumable::{Answer, Resumable};
use super::run::Run;
use super::{Limits, SearchResult, Starts, Stats};
use crate::cost::Weighted;
use crate::Puzzle;

/// The states a time slice expands between two looks at the clock: a slice
/// ends within this many expansions of its deadline.
const CHUNK: u64 = 64;

/// How much a search does in one [`Bfs::run`], [`AStar::run`],
/// [`IdaStar::run`] or [`costs::Dijkstra::run`](super::costs::Dijkstra::run):
/// at most so many states expanded, for at most so long, or until it ends.
///
/// ```
/// use std::time::Duration;
/// use puzzle_search::search::Slice;
///
/// let slices = [Slice::whole(), Slice::expansions(1000), Slice::time(Duration::from_millis(5))];
/// assert_eq!(Slice::expansions(10).and_time(Duration::ZERO), Slice::time(Duration::ZERO).and_expansions(10));
/// # let _ = slices;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[must_use]
pub struct Slice {
    expansions: Option<u64>,
    time: Option<Duration>,
}

impl Slice {
    /// No budget: the search runs to its end.
    pub fn whole() -> Self {
        Slice::default()
    }

    /// At most `expansions` states expanded.
    pub fn expansions(expansions: u64) -> Self {
        Slice::whole().and_expansions(expansions)
    }

    /// At most `time`, checked every few dozen states expanded.
    pub fn time(time: Duration) -> Self {
        Slice::whole().and_time(time)
    }

    /// This slice, with at most `expansions` states expanded too.
    pub fn and_expansions(self, expansions: u64) -> Self {
        Slice {
            expansions: Some(expansions),
            ..self
        }
    }

    /// This slice, with at most `time` too.
    pub fn and_time(self, time: Duration) -> Self {
        Slice {
            time: Some(time),
            ..self
        }
    }
}

/// What one slice of a search ended with: `R` is what one call of the
/// engine returns (a [`SearchResult`], or a
/// [`CostResult`](super::costs::CostResult) for a search with costs).
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Step<R> {
    /// The slice's budget ran out: what the search has done so far.
    Paused(Stats),
    /// The search ended: what one call of the engine returns.
    Done(R),
}

/// Writes a public search object over a [`Resumable`] engine: its type,
/// `new` and `run`, with the documentation given.
macro_rules! sliced {
    ($(#[$doc:meta])* $name:ident, $engine:ident, $puzzle:ident, $result:ty, $from:literal) => {
        $(#[$doc])*
        pub struct $name<'p, P: $puzzle>(Sliced<'p, P, $engine<'p, P>>);

        impl<'p, P: $puzzle> $name<'p, P> {
            #[doc = concat!("A search from `starts` under `limits`, not begun: as [`", $from, "`](super::", $from, "), whose answer to a start that is a goal, to no starts or to a limit before the first state is the first slice's.")]
            pub fn new(
                puzzle: &'p P,
                starts: impl Starts<P::State>,
                limits: &'p Limits,
            ) -> Self {
                $name(Sliced::new(puzzle, starts, limits))
            }

            /// Runs the search for one `slice`: [`Step::Paused`] when its
            /// budget runs out first, [`Step::Done`] with the result when the
            /// search ends (and again for every later slice).
            pub fn run(&mut self, slice: Slice) -> Step<$result> {
                self.0.run(slice)
            }
        }
    };
}

sliced! {
    /// Breadth-first search as an object that runs in slices: [`bfs`](super::bfs)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of [`bfs`](super::bfs):
    /// it is the same search. The limits hold over the whole search; its time
    /// budget and its [`Stats::elapsed`] count from [`Bfs::new`], pauses
    /// included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, search::{bfs, Bfs, Limits, Slice, Step}};
    ///
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m <= 1000), |&n| n == 999);
    /// let limits = Limits::new();
    /// let mut search = Bfs::new(&walk, [1], &limits);
    /// let mut slices = 0;
    /// let result = loop {
    ///     slices += 1;
    ///     match search.run(Slice::expansions(10)) {
    ///         Step::Paused(stats) => assert!(stats.expanded <= 10 * slices),
    ///         Step::Done(result) => break result,
    ///     }
    /// };
    /// let whole = bfs(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// assert!(slices > 1);
    /// ```
    Bfs, Breadth, Puzzle, SearchResult<P::State, P::Move>, "bfs"
}

sliced! {
    /// A* as an object that runs in slices: [`astar`](super::astar)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of
    /// [`astar`](super::astar): it is the same search. The limits
    /// hold over the whole search; its time budget and its
    /// [`Stats::elapsed`] count from [`AStar::new`], pauses included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, Puzzle, search::{astar, AStar, Limits, Slice, Step}};
    /// use std::time::Duration;
    ///
    /// // Steps of +1, +3 and ×2 towards 1000: anything short of it is at
    /// // least one step away.
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n + 3, n * 2].into_iter().filter(|&m| m <= 1000), |&n| n == 1000)
    ///     .with_heuristic(|&n: &u32| u32::from(n < 1000));
    /// let limits = Limits::new();
    /// let mut search = AStar::new(&walk, [1], &limits);
    /// // A frame's worth at a time, as a game loop would run it.
    /// let frame = Slice::time(Duration::from_micros(200)).and_expansions(50);
    /// let result = loop {
    ///     match search.run(frame) {
    ///         Step::Paused(_) => {} // draw the progress, handle input...
    ///         Step::Done(result) => break result,
    ///     }
    /// };
    /// let whole = astar(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// ```
    AStar, Relax, Puzzle, SearchResult<P::State, P::Move>, "astar"
}

sliced! {
    /// IDA* as an object that runs in slices: [`idastar`](super::idastar)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of
    /// [`idastar`](super::idastar): it is the same search, with
    /// the same memory (a table when [`Limits::with_table_capacity`] asks
    /// for one). Its path is kept on the heap, a frame a state, so that it
    /// lasts from one slice to the next, where the call searches by
    /// recursion inside the puzzle's successor callback: it takes about
    /// twice the time of the call on the 15-puzzle (measured on Korf's
    /// instance 2). The limits hold over the
    /// whole search; its time budget and its [`Stats::elapsed`] count from
    /// [`IdaStar::new`], pauses included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, Puzzle, search::{idastar, IdaStar, Limits, Slice, Step}};
    ///
    /// // Steps of +1, +3 and ×2 towards 100: anything short of it is at
    /// // least one step away.
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n + 3, n * 2].into_iter().filter(|&m| m <= 100), |&n| n == 100)
    ///     .with_heuristic(|&n: &u32| u32::from(n < 100));
    /// let limits = Limits::new();
    /// let mut search = IdaStar::new(&walk, [1], &limits);
    /// let mut slices = 0;
    /// let result = loop {
    ///     slices += 1;
    ///     match search.run(Slice::expansions(5)) {
    ///         Step::Paused(stats) => assert!(stats.expanded <= 5 * slices),
    ///         Step::Done(result) => break result,
    ///     }
    /// };
    /// let whole = idastar(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// assert!(slices > 1);
    /// ```
    IdaStar, Deepening, Puzzle, SearchResult<P::State, P::Move>, "idastar"
}

sliced! {
    /// Dijkstra's algorithm as an object that runs in slices:
    /// [`costs::dijkstra`](super::costs::dijkstra) paused between
    /// two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome, the same cost and
    /// the same statistics (but the time) as one call of
    /// [`costs::dijkstra`](super::costs::dijkstra): it is the same
    /// search. The limits hold over the whole search; its time budget and
    /// its [`Stats::elapsed`] count from [`Dijkstra::new`], pauses included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, search::{costs, Limits, Slice, Step}};
    ///
    /// // Halve, or add three, up to 1000: from 1 to 999.
    /// let walk = adapt::unit_costs(adapt::from_fn(
    ///     |&n: &u32| [n / 2, n + 3].into_iter().filter(|&m| m <= 1000),
    ///     |&n| n == 999,
    /// ));
    /// let limits = Limits::new();
    /// let mut search = costs::Dijkstra::new(&walk, [1], &limits);
    /// let mut slices = 0;
    /// let result = loop {
    ///     slices += 1;
    ///     match search.run(Slice::expansions(100)) {
    ///         Step::Paused(stats) => assert!(stats.expanded <= 100 * slices),
    ///         Step::Done(result) => break result,
    ///     }
    /// };
    /// let whole = costs::dijkstra(&walk, [1], &limits);
    /// assert_eq!((&result.outcome, result.cost), (&whole.outcome, whole.cost));
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// assert!(slices > 1);
    /// ```
    Dijkstra, BestFirst, Weighted, CostResult<P::State, P::Move, P::Cost>, "costs::dijkstra"
}

/// A search object over the engine `E`, and where it stands.
struct Sliced<'p, P: Puzzle, E: Resumable<'p, P>> {
    state: State<'p, E, <E::Answer as Answer<P>>::Result>,
}

/// Where a search object stands.
// One per search object, never in a collection: boxing the running search
// would save nothing.
#[allow(clippy::large_enum_variant)]
enum State<'p, E, R> {
    Running { run: Run<'p>, engine: E },
    Done(R),
}

impl<'p, P: Puzzle, E: Resumable<'p, P>> Sliced<'p, P, E> {
    fn new(puzzle: &'p P, starts: impl Starts<P::State>, limits: &'p Limits) -> Self {
        let (run, begun) = Run::begin(puzzle, starts, limits);
        let engine = begun
            .map_err(E::Answer::settled)
            .and_then(|starts| E::begin(puzzle, starts, &run));
        let state = match engine {
            Ok(engine) => State::Running { run, engine },
            Err(answer) => State::Done(answer.result(run.finish())),
        };
        Sliced { state }
    }

    fn run(&mut self, slice: Slice) -> Step<<E::Answer as Answer<P>>::Result> {
        let State::Running { run, engine } = &mut self.state else {
            return self.done();
        };
        let deadline = slice.time.map(|time| Instant::now().checked_add(time));
        let until = slice.expansions.map_or(u64::MAX, |expansions| {
            run.stats.expanded.saturating_add(expansions)
        });
        loop {
            let chunk = match deadline {
                Some(_) => until.min(run.stats.expanded.saturating_add(CHUNK)),
                None => until,
            };
            if let Some(answer) = engine.advance::<true>(run, chunk) {
                self.state = State::Done(answer.result(run.stats_now()));
                return self.done();
            }
            // A deadline past what the clock holds never comes.
            let late =
                deadline.is_some_and(|deadline| deadline.is_some_and(|at| Instant::now() >= at));
            if run.stats.expanded >= until || late {
                return Step::Paused(engine.stats(run));
            }
        }
    }

    /// The result of the search ended, or its statistics so far.
    fn done(&self) -> Step<<E::Answer as Answer<P>>::Result> {
        match &self.state {
            State::Done(result) => Step::Done(result.clone()),
            State::Running { run, engine } => Step::Paused(engine.stats(run)),
        }
    }
}
