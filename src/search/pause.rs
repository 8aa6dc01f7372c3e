//! Searches that pause and resume: a search object run in slices, each a
//! budget of states expanded, of time, or both.

use std::time::{Duration, Instant};

use super::astar::Relax;
use super::bfs::Breadth;
use super::idastar::Deepening;
use super::run::Run;
use super::{Limits, Outcome, SearchResult, Stats};
use crate::Puzzle;

/// The states a time slice expands between two looks at the clock: a slice
/// ends within this many expansions of its deadline.
const CHUNK: u64 = 64;

/// How much a search does in one [`Bfs::run`], [`AStar::run`] or [`IdaStar::run`]: at most so many states
/// expanded, for at most so long, or until it ends.
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

/// What one slice of a search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Step<S, M> {
    /// The slice's budget ran out: what the search has done so far.
    Paused(Stats),
    /// The search ended: what one call of the engine returns.
    Done(SearchResult<S, M>),
}

/// An engine that may pause between two states expanded: what a search
/// object needs of it.
trait Resumable<'p, P: Puzzle>: Sized {
    /// The search from `starts` (one per key, none a goal, all admitted),
    /// or the outcome that ends it before it begins.
    fn begin(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>>;
    /// Searches until the end (`Some`) or until `run` counts `until` states
    /// expanded (`None`).
    fn advance(&mut self, run: &mut Run<'p>, until: u64) -> Option<Outcome<P::State, P::Move>>;
    /// The statistics so far.
    fn stats(&self, run: &Run<'_>) -> Stats;
}

impl<'p, P: Puzzle> Resumable<'p, P> for Breadth<'p, P> {
    fn begin(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        Breadth::new(puzzle, starts, run)
    }
    fn advance(&mut self, run: &mut Run<'p>, until: u64) -> Option<Outcome<P::State, P::Move>> {
        Breadth::advance(self, run, until)
    }
    fn stats(&self, run: &Run<'_>) -> Stats {
        Breadth::stats(self, run)
    }
}

impl<'p, P: Puzzle> Resumable<'p, P> for Relax<'p, P> {
    fn begin(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        Relax::new(puzzle, starts, run)
    }
    fn advance(&mut self, run: &mut Run<'p>, until: u64) -> Option<Outcome<P::State, P::Move>> {
        Relax::advance::<true>(self, run, until)
    }
    fn stats(&self, run: &Run<'_>) -> Stats {
        Relax::stats(self, run)
    }
}

impl<'p, P: Puzzle> Resumable<'p, P> for Deepening<'p, P> {
    fn begin(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        Deepening::new(puzzle, starts, run)
    }
    fn advance(&mut self, run: &mut Run<'p>, until: u64) -> Option<Outcome<P::State, P::Move>> {
        Deepening::advance(self, run, until)
    }
    fn stats(&self, run: &Run<'_>) -> Stats {
        Deepening::stats(self, run)
    }
}

/// Writes a public search object over a [`Resumable`] engine: its type,
/// `new` and `run`, with the documentation given.
macro_rules! sliced {
    ($(#[$doc:meta])* $name:ident, $engine:ident, $from:literal) => {
        $(#[$doc])*
        pub struct $name<'p, P: Puzzle>(Sliced<'p, P, $engine<'p, P>>);

        impl<'p, P: Puzzle> $name<'p, P> {
            #[doc = concat!("A search from `starts` under `limits`, not begun: as [`", $from, "`](super::", $from, "), whose answer to a start that is a goal, to no starts or to a limit before the first state is the first slice's.")]
            pub fn new(
                puzzle: &'p P,
                starts: impl IntoIterator<Item = P::State>,
                limits: &'p Limits,
            ) -> Self {
                $name(Sliced::new(puzzle, starts, limits))
            }

            /// Runs the search for one `slice`: [`Step::Paused`] when its
            /// budget runs out first, [`Step::Done`] with the result when the
            /// search ends (and again for every later slice).
            pub fn run(&mut self, slice: Slice) -> Step<P::State, P::Move> {
                self.0.run(slice)
            }
        }
    };
}

sliced! {
    /// Breadth-first search as an object that runs in slices: [`bfs_from`](super::bfs_from)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of [`bfs_from`](super::bfs_from):
    /// it is the same search. The limits hold over the whole search; its time
    /// budget and its [`Stats::elapsed`] count from [`Bfs::new`], pauses
    /// included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, search::{bfs_from, Bfs, Limits, Slice, Step}};
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
    /// let whole = bfs_from(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// assert!(slices > 1);
    /// ```
    Bfs, Breadth, "bfs_from"
}

sliced! {
    /// A* as an object that runs in slices: [`astar_from`](super::astar_from)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of
    /// [`astar_from`](super::astar_from): it is the same search. The limits
    /// hold over the whole search; its time budget and its
    /// [`Stats::elapsed`] count from [`AStar::new`], pauses included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzle_search::{adapt, Puzzle, search::{astar_from, AStar, Limits, Slice, Step}};
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
    /// let whole = astar_from(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// ```
    AStar, Relax, "astar_from"
}

sliced! {
    /// IDA* as an object that runs in slices: [`idastar_from`](super::idastar_from)
    /// paused between two states expanded and resumed where it stopped.
    ///
    /// A search run in slices ends with the same outcome and the same
    /// statistics (but the time) as one call of
    /// [`idastar_from`](super::idastar_from): it is the same search, with
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
    /// use puzzle_search::{adapt, Puzzle, search::{idastar_from, IdaStar, Limits, Slice, Step}};
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
    /// let whole = idastar_from(&walk, [1], &limits);
    /// assert_eq!(result.outcome, whole.outcome);
    /// assert_eq!((result.stats.expanded, result.stats.generated), (whole.stats.expanded, whole.stats.generated));
    /// assert!(slices > 1);
    /// ```
    IdaStar, Deepening, "idastar_from"
}

/// A search object over the engine `E`, and where it stands.
struct Sliced<'p, P: Puzzle, E> {
    state: State<'p, E, P::State, P::Move>,
}

/// Where a search object stands.
// One per search object, never in a collection: boxing the running search
// would save nothing.
#[allow(clippy::large_enum_variant)]
enum State<'p, E, S, M> {
    Running { run: Run<'p>, engine: E },
    Done(SearchResult<S, M>),
}

impl<'p, P: Puzzle, E: Resumable<'p, P>> Sliced<'p, P, E> {
    fn new(puzzle: &'p P, starts: impl IntoIterator<Item = P::State>, limits: &'p Limits) -> Self {
        let (run, begun) = Run::begin(puzzle, starts, limits);
        let engine = begun.and_then(|starts| E::begin(puzzle, starts, &run));
        let state = match engine {
            Ok(engine) => State::Running { run, engine },
            Err(outcome) => State::Done(SearchResult {
                outcome,
                stats: run.finish(),
            }),
        };
        Sliced { state }
    }

    fn run(&mut self, slice: Slice) -> Step<P::State, P::Move> {
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
            if let Some(outcome) = engine.advance(run, chunk) {
                self.end(outcome);
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

    /// Ends the search with `outcome`, and the statistics of its run.
    fn end(&mut self, outcome: Outcome<P::State, P::Move>) {
        let stats = Stats::default();
        let done = State::Done(SearchResult { outcome, stats });
        if let State::Running { run, .. } = core::mem::replace(&mut self.state, done) {
            let stats = run.finish();
            if let State::Done(result) = &mut self.state {
                result.stats = stats;
            }
        }
    }

    /// The result of the search ended, or its statistics so far.
    fn done(&self) -> Step<P::State, P::Move> {
        match &self.state {
            State::Done(result) => Step::Done(result.clone()),
            State::Running { run, engine } => Step::Paused(engine.stats(run)),
        }
    }
}
