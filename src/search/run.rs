//! A running search: its limits, its clock, its statistics, and the start
//! every engine shares.

use std::time::{Duration, Instant};

use hashbrown::hash_table::Entry;

use super::grow::Budget;
use super::table::KeyTable;
use super::{CancelFlag, Limit, Limits, Outcome, SearchResult, Starts, Stats};
use crate::adapt::stop;
use crate::{Path, Puzzle};

/// The most steps (states expanded, or children generated) between two
/// looks at the clock and the cancel flag. A search with neither a time
/// budget nor a cancel flag looks this seldom from the start.
const MAX_INTERVAL: u32 = 1024;

/// Below this time between two looks, the steps between looks double (up to
/// [`MAX_INTERVAL`]); above [`SLOW_WINDOW`] they halve (down to one), so that
/// a look comes every few milliseconds whatever a step costs.
const QUICK_WINDOW: Duration = Duration::from_millis(1);

/// See [`QUICK_WINDOW`].
const SLOW_WINDOW: Duration = Duration::from_millis(10);

/// The most states a search holds: BFS, bidirectional BFS and A* number
/// their states in 32 bits, one value kept free as a mark. About four billion
/// states, more than fit in memory for any state worth searching, but a
/// limit all the same, which the engines honour rather than wrap around.
pub const MAX_INDEXED: usize = u32::MAX as usize - 1;

/// A running search: its view of the limits, and what it has done so far.
pub(crate) struct Run<'a> {
    /// What the search has done so far.
    pub(crate) stats: Stats,
    limits: &'a Limits,
    started: Instant,
    /// This search's request that successor lists stop, clear when it
    /// starts.
    _request: stop::Scope,
}

impl<'a> Run<'a> {
    /// Runs an engine's `search` from `starts` under `limits`, and returns
    /// its outcome with the statistics it kept and the time it took.
    ///
    /// What every engine does first is done here: a start that is already a
    /// goal is a path of no moves whatever the limits (they bound the search,
    /// not the answer), a state limit below the starts stops the search
    /// before it stores them, and a look at the clock and the cancel flag
    /// stops it before it expands one (a time budget of zero, a flag
    /// cancelled already). `search` is handed the starts one per key (the
    /// first of each), none a goal, all admitted. A start
    /// that is a goal is a path of no moves (the first such start); no
    /// starts at all is handed to `search` as an empty list, which it
    /// answers [`Outcome::Unsolvable`].
    pub(crate) fn search_from<P: Puzzle>(
        puzzle: &'a P,
        starts: impl Starts<P::State>,
        limits: &'a Limits,
        search: impl FnOnce(&'a P, Vec<P::State>, &mut Run<'a>) -> Outcome<P::State, P::Move>,
    ) -> SearchResult<P::State, P::Move> {
        let (mut run, begun) = Run::begin(puzzle, starts, limits);
        let outcome = match begun {
            Ok(starts) => search(puzzle, starts, &mut run),
            Err(outcome) => outcome,
        };
        SearchResult {
            outcome,
            stats: run.finish(),
        }
    }

    /// What [`search_from`](Run::search_from) does before the engine: the
    /// run begun, and the starts to search (one per key, none a goal, all
    /// admitted) or the outcome already settled.
    #[allow(clippy::type_complexity)]
    pub(crate) fn begin<P: Puzzle>(
        puzzle: &P,
        starts: impl Starts<P::State>,
        limits: &'a Limits,
    ) -> (Self, Result<Vec<P::State>, Outcome<P::State, P::Move>>) {
        let mut starts = distinct(puzzle, starts);
        let mut run = Run::start(limits);
        let begun = match run.open(puzzle, &starts) {
            Opening::Goal(index) => Err(Outcome::Solved(Path::new(starts.swap_remove(index)))),
            Opening::Limited(limit) => Err(Outcome::LimitReached(limit)),
            Opening::Search => Ok(starts),
        };
        (run, begun)
    }

    /// A search from one start whose answer is any `A`, begun as
    /// [`search_from`](Run::search_from) begins one: `at_goal`
    /// is the answer for a start that is a goal, `limited` the answer for a
    /// limit that stops the search before it starts.
    pub(crate) fn answer<P: Puzzle, A>(
        puzzle: &P,
        start: P::State,
        limits: &'a Limits,
        at_goal: impl FnOnce(P::State) -> A,
        limited: impl FnOnce(Limit) -> A,
        search: impl FnOnce(&P, P::State, &mut Run<'a>) -> A,
    ) -> (A, Stats) {
        let mut run = Run::start(limits);
        let answer = match run.open(puzzle, core::slice::from_ref(&start)) {
            Opening::Goal(_) => at_goal(start),
            Opening::Limited(limit) => limited(limit),
            Opening::Search => search(puzzle, start, &mut run),
        };
        (answer, run.finish())
    }

    /// What a search from `starts` (one per key) does first: stop at a start
    /// that is a goal, or at a limit, or go on with every start stored.
    fn open<P: Puzzle>(&mut self, puzzle: &P, starts: &[P::State]) -> Opening {
        if let Some(goal) = starts.iter().position(|start| puzzle.is_goal(start)) {
            self.stats.max_stored = 1;
            return Opening::Goal(goal);
        }
        if starts.is_empty() {
            // Nothing to search, and nothing to stop: the engine says so.
            return Opening::Search;
        }
        if let Err(limit) = self.admit(starts.len()).and_then(|()| self.watch().look()) {
            return Opening::Limited(limit);
        }
        self.stats.max_stored = starts.len();
        Opening::Search
    }

    pub(super) fn start(limits: &'a Limits) -> Self {
        let started = Instant::now();
        Run {
            stats: Stats::default(),
            limits,
            started,
            _request: stop::Scope::enter(),
        }
    }

    /// The statistics, with the time since the start.
    pub(crate) fn finish(self) -> Stats {
        self.stats_now()
    }

    /// The statistics so far, with the time since the start.
    pub(crate) fn stats_now(&self) -> Stats {
        Stats {
            elapsed: self.started.elapsed(),
            ..self.stats
        }
    }

    /// The depth limit, or `u32::MAX`.
    pub(crate) fn max_depth(&self) -> u32 {
        self.limits.max_depth.unwrap_or(u32::MAX)
    }

    /// A budget for the search's tables, under the byte limit if any.
    pub(crate) fn budget(&self) -> Budget {
        Budget::new(self.limits.max_bytes)
    }

    /// The capacity of IDA*'s transposition table, if it may keep one.
    pub(crate) fn table_capacity(&self) -> Option<usize> {
        self.limits.table_capacity
    }

    /// The state limit, at most [`MAX_INDEXED`].
    pub(crate) fn max_states(&self) -> usize {
        self.limits
            .max_states
            .unwrap_or(usize::MAX)
            .min(MAX_INDEXED)
    }

    /// `Err` with the state limit when holding `stored` states would break it.
    pub(crate) fn admit(&self, stored: usize) -> Result<(), Limit> {
        match self.limits.max_states {
            Some(max) if stored > max => Err(Limit::States { max }),
            _ => Ok(()),
        }
    }

    /// A watch on the clock and the cancel flag, for the search's inner loop.
    pub(crate) fn watch(&self) -> Watch<'a> {
        // A budget too long for the clock to express never runs out.
        let deadline = self
            .limits
            .time_budget
            .and_then(|budget| Some((self.started.checked_add(budget)?, budget)));
        let cancel = self.limits.cancel.as_ref();
        Watch {
            deadline,
            cancel,
            expansions: Countdown::new(0, deadline.is_some() || cancel.is_some()),
        }
    }

    pub(crate) fn depth_limit(&self) -> Limit {
        Limit::Depth {
            max: self.max_depth(),
        }
    }
}

/// How a search begins: see [`Run::open`].
enum Opening {
    /// The start at this index is a goal.
    Goal(usize),
    /// A limit stops the search before it begins.
    Limited(Limit),
    /// The search goes on.
    Search,
}

/// `starts`, one per key, the first of each kept, in their order.
pub(crate) fn distinct<P: Puzzle>(puzzle: &P, starts: impl Starts<P::State>) -> Vec<P::State> {
    let mut starts = starts.into_starts();
    let Some(first) = starts.next() else {
        return Vec::new();
    };
    let mut rest = starts.peekable();
    if rest.peek().is_none() {
        // One start, the common case: no table.
        return vec![first];
    }
    let mut seen: KeyTable<P::Key> = KeyTable::new();
    seen.insert_new(puzzle.encode(&first), ());
    let mut kept = vec![first];
    for start in rest {
        let key = puzzle.encode(&start);
        if let Entry::Vacant(vacancy) = seen.entry(key) {
            vacancy.insert((key, ()));
            kept.push(start);
        }
    }
    kept
}

/// Whether one of `states` (the last layer of a breadth-first search) has a
/// successor whose key is not `seen`; stops at the first. Each state looked
/// at counts as expanded and each successor as generated, and the watch is
/// looked at as in the search.
pub(crate) fn leads_beyond<'s, P: Puzzle>(
    puzzle: &P,
    states: impl Iterator<Item = &'s P::State>,
    seen: impl Fn(&P::Key) -> bool,
    lookout: &mut Lookout<'_>,
    run: &mut Run<'_>,
) -> Result<bool, Limit>
where
    P::State: 's,
{
    let Lookout { watch, generated } = lookout;
    for state in states {
        watch.check()?;
        run.stats.expanded += 1;
        let mut beyond = false;
        let mut stop = Ok(());
        puzzle.successors(state, |_, next| {
            let look = generated.step();
            if !beyond && stop.is_ok() {
                if look {
                    stop = watch.look();
                }
                beyond = !seen(&puzzle.encode(&next));
            } else {
                stop::request();
            }
        });
        stop?;
        if beyond {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A search's [`Watch`] and the [`Countdown`] of the children it is handed,
/// which tells when to look at it: what every engine does first with each
/// child.
pub(crate) struct Lookout<'a> {
    pub(crate) watch: Watch<'a>,
    /// The children generated, and when to look at the watch.
    pub(crate) generated: Countdown,
}

impl<'a> Lookout<'a> {
    /// The lookout of `run`, which has generated no child yet.
    pub(crate) fn new(run: &Run<'a>) -> Self {
        let watch = run.watch();
        Lookout {
            generated: watch.countdown(0),
            watch,
        }
    }

    /// Counts a child and looks at the watch when due: `true` to go on
    /// with the child; `false` when the search has stopped already (`stop`
    /// holds why), or when a limit stops it now (`stop` then holds the
    /// limit, as `on_limit` makes it). Either way the rest of the children
    /// need not come: the puzzle is asked to stop emitting them.
    #[inline(always)]
    pub(crate) fn arrive<S>(
        &mut self,
        stop: &mut Option<S>,
        on_limit: impl FnOnce(Limit) -> S,
    ) -> bool {
        let look = self.generated.step();
        if stop.is_none() && look {
            if let Err(limit) = self.watch.look() {
                *stop = Some(on_limit(limit));
            }
        }
        if stop.is_some() {
            stop::request();
            return false;
        }
        true
    }

    /// Looks at the watch before a state is expanded: see [`Watch::check`].
    #[inline(always)]
    pub(crate) fn check(&mut self) -> Result<(), Limit> {
        self.watch.check()
    }
}

/// The time and cancel limits, looked at every few steps of a search.
///
/// Every engine counts the children it is handed with a [`Countdown`] made
/// by [`countdown`](Watch::countdown), which tells it when to
/// [`look`](Watch::look); BFS, bidirectional BFS and A* also call
/// [`check`](Watch::check) for every state they expand (one decrement and
/// one branch), as they may expand long runs of states without children.
///
/// How many steps pass between two looks adapts to what a step costs (see
/// [`Countdown`]), so a deadline is noticed a few milliseconds after it
/// passes, plus the step under way, whether a step takes nanoseconds or
/// seconds, and whether one state has no children or a million.
pub(crate) struct Watch<'a> {
    /// The deadline and the budget it ends.
    deadline: Option<(Instant, Duration)>,
    cancel: Option<&'a CancelFlag>,
    /// The states expanded, and when to look.
    expansions: Countdown,
}

impl Watch<'_> {
    /// Counts a state expanded: `Err` when time is up or the search was
    /// cancelled, looked at when the countdown of expansions says so (at
    /// once, for the first).
    #[inline]
    pub(crate) fn check(&mut self) -> Result<(), Limit> {
        if !self.expansions.step() {
            return Ok(());
        }
        self.look()
    }

    /// `Err` when time is up or the search was cancelled, looked at now.
    #[cold]
    pub(crate) fn look(&self) -> Result<(), Limit> {
        if self.cancel.is_some_and(CancelFlag::is_cancelled) {
            return Err(Limit::Cancelled);
        }
        match self.deadline {
            Some((deadline, budget)) if Instant::now() >= deadline => Err(Limit::Time { budget }),
            _ => Ok(()),
        }
    }

    /// Whether there is anything to look at: a deadline or a cancel flag.
    fn watches(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some()
    }

    /// A countdown of steps that has counted `count`, paced for this watch:
    /// one that looks every [`MAX_INTERVAL`] steps when there is nothing to
    /// watch, an adaptive one otherwise.
    pub(crate) fn countdown(&self, count: u64) -> Countdown {
        Countdown::new(count, self.watches())
    }
}

/// A count of steps that tells when to look at a [`Watch`], with one
/// decrement and one branch a step. The engines count the children they are
/// handed with it: the innermost loop of every search, whose count lives in
/// memory.
///
/// The steps between two looks (the window) adapt to the time they take:
/// a paced countdown begins with a window of one step, doubles it while a
/// window takes less than [`QUICK_WINDOW`] (up to [`MAX_INTERVAL`]) and
/// halves it when one takes more than [`SLOW_WINDOW`] (down to one step).
/// Steps that cost about the same are looked at every 1 to 20 ms, however
/// much they cost; a step of a second is looked at after each step. The
/// clock is read once a window, when the window ends: a window of 1024
/// steps of a fast puzzle reads it once. A countdown with nothing to watch
/// never reads the clock and keeps windows of [`MAX_INTERVAL`].
///
/// ```text
/// count = next_look - left
/// ```
#[derive(Clone, Copy, Debug)]
pub(crate) struct Countdown {
    /// The count at the end of the window.
    next_look: u64,
    /// The steps left until then, from 1 to `window`.
    left: u32,
    /// The steps of the next window.
    window: u32,
    /// When the window under way began: `None` for a countdown that is not
    /// paced.
    began: Option<Instant>,
}

impl Countdown {
    /// A countdown that has counted `count` steps: paced (its first window
    /// one step long), or not (windows of [`MAX_INTERVAL`]).
    pub(crate) fn new(count: u64, paced: bool) -> Self {
        let (window, began) = if paced {
            (1, Some(Instant::now()))
        } else {
            (MAX_INTERVAL, None)
        };
        Countdown {
            next_look: count + u64::from(window),
            left: window,
            window,
            began,
        }
    }

    /// Counts a step; `true` at the end of a window, the time to look at the
    /// watch.
    #[inline(always)]
    pub(crate) fn step(&mut self) -> bool {
        self.left -= 1;
        if self.left != 0 {
            return false;
        }
        self.next_window();
        true
    }

    /// Begins the next window, its length paced by the time the last one took.
    #[cold]
    fn next_window(&mut self) {
        if let Some(began) = self.began {
            let now = Instant::now();
            let took = now.saturating_duration_since(began);
            if took < QUICK_WINDOW {
                self.window = (self.window * 2).min(MAX_INTERVAL);
            } else if took > SLOW_WINDOW {
                self.window = (self.window / 2).max(1);
            }
            self.began = Some(now);
        }
        self.next_look += u64::from(self.window);
        self.left = self.window;
    }

    /// The steps counted.
    pub(crate) fn count(&self) -> u64 {
        self.next_look - u64::from(self.left)
    }

    /// Sets the count to `count`, the window under way unchanged.
    pub(crate) fn set_count(&mut self, count: u64) {
        self.next_look = count + u64::from(self.left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No limit, or one too high, is the most states a `u32` numbers.
    #[test]
    fn the_state_limit_stays_within_the_indices() {
        for limits in [Limits::new(), Limits::new().with_max_states(usize::MAX)] {
            assert_eq!(Run::start(&limits).max_states(), MAX_INDEXED);
        }
        assert_eq!(
            Run::start(&Limits::new().with_max_states(7)).max_states(),
            7
        );
    }

    /// A countdown with nothing to watch counts as a plain counter does and
    /// looks at every multiple of [`MAX_INTERVAL`].
    #[test]
    fn an_unpaced_countdown_looks_every_interval() {
        let interval = u64::from(MAX_INTERVAL);
        let mut countdown = Countdown::new(0, false);
        for count in 1..3 * interval {
            assert_eq!(countdown.step(), count % interval == 0, "{count}");
            assert_eq!(countdown.count(), count);
        }
        countdown.set_count(7);
        assert_eq!(countdown.count(), 7);
    }

    /// A paced countdown looks at the first step, then in windows that
    /// double while the steps are quick, never longer than [`MAX_INTERVAL`],
    /// and shorten when steps turn slow.
    #[test]
    fn a_paced_countdown_adapts_its_windows() {
        let mut countdown = Countdown::new(5, true);
        assert!(countdown.step());
        assert_eq!(countdown.count(), 6);
        let mut looks = 1;
        for _ in 0..10 * MAX_INTERVAL {
            looks += u32::from(countdown.step());
        }
        assert!(countdown.window <= MAX_INTERVAL);
        // Doubling windows: about log2(1024) looks to reach the longest
        // window, then one a window (a slow machine looks more often).
        assert!((10..=10 * MAX_INTERVAL).contains(&looks), "{looks}");
        assert_eq!(countdown.count(), 6 + u64::from(10 * MAX_INTERVAL));
        // Slow steps: each window takes longer than the slow mark.
        let window = countdown.window;
        countdown.left = 1;
        countdown.began = Instant::now().checked_sub(SLOW_WINDOW * 2);
        assert!(countdown.step());
        assert_eq!(countdown.window, (window / 2).max(1));
    }
}
