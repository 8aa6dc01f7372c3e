//! A running search: its limits, its clock, its statistics, and the start
//! every engine shares.

use std::time::{Duration, Instant};

use super::{CancelFlag, Limit, Limits, Outcome, SearchResult, Stats};
use crate::{Path, Puzzle};

/// How many states expanded, or children generated, pass between two looks at
/// the clock and the cancel flag: little work between two looks, so a search
/// stops soon after its deadline whatever its branching factor.
const CHECK_INTERVAL: u32 = 1024;

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
}

impl<'a> Run<'a> {
    /// Runs an engine's `search` from `start` under `limits`, and returns its outcome with the statistics it kept and the
    /// time it took.
    ///
    /// What every engine does first is done here: a start that is already a
    /// goal is a path of no moves whatever the limits (they bound the search,
    /// not the answer), and a state limit of 0 stops the search before it
    /// stores the start.
    pub(crate) fn search<P: Puzzle>(
        puzzle: &P,
        start: P::State,
        limits: &'a Limits,
        search: impl FnOnce(&P, P::State, &mut Run<'a>) -> Outcome<P::State, P::Move>,
    ) -> SearchResult<P::State, P::Move> {
        let (outcome, stats) = Run::answer(
            puzzle,
            start,
            limits,
            |start| Outcome::Solved(Path::new(start)),
            Outcome::LimitReached,
            search,
        );
        SearchResult { outcome, stats }
    }

    /// [`search`](Run::search) for a search whose answer is any `A`: `at_goal`
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
        let answer = if puzzle.is_goal(&start) {
            run.stats.max_stored = 1;
            at_goal(start)
        } else if let Err(limit) = run.admit(1) {
            limited(limit)
        } else {
            run.stats.max_stored = 1;
            search(puzzle, start, &mut run)
        };
        (answer, run.finish())
    }

    pub(super) fn start(limits: &'a Limits) -> Self {
        let started = Instant::now();
        Run {
            stats: Stats::default(),
            limits,
            started,
        }
    }

    /// The statistics, with the time since the start.
    pub(super) fn finish(mut self) -> Stats {
        self.stats.elapsed = self.started.elapsed();
        self.stats
    }

    /// The depth limit, or `u32::MAX`.
    pub(crate) fn max_depth(&self) -> u32 {
        self.limits.max_depth.unwrap_or(u32::MAX)
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
        Watch {
            // A budget too long for the clock to express never runs out.
            deadline: self
                .limits
                .time_budget
                .and_then(|budget| Some((self.started.checked_add(budget)?, budget))),
            cancel: self.limits.cancel.as_ref(),
        }
    }

    pub(crate) fn depth_limit(&self) -> Limit {
        Limit::Depth {
            max: self.max_depth(),
        }
    }
}

/// Whether one of `states` (the last layer of a breadth-first search) has a
/// successor whose key is not `seen`; stops at the first. Each state looked
/// at counts as expanded and each successor as generated, and the watch is
/// looked at as in the search.
pub(crate) fn leads_beyond<'s, P: Puzzle>(
    puzzle: &P,
    states: impl Iterator<Item = &'s P::State>,
    seen: impl Fn(&P::Key) -> bool,
    watch: &Watch<'_>,
    generated: &mut Countdown,
    run: &mut Run<'_>,
) -> Result<bool, Limit>
where
    P::State: 's,
{
    for state in states {
        watch.check(run.stats.expanded)?;
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
            }
        });
        stop?;
        if beyond {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The time and cancel limits, looked at every [`CHECK_INTERVAL`] steps of a search.
///
/// Every engine counts the children it is handed with a [`Countdown`], which
/// tells it when to [`look`](Watch::look); BFS, bidirectional BFS and A* also
/// call [`check`](Watch::check) with their count of states expanded for every
/// state they expand (a mask and a branch on a count they keep anyway), as
/// they may expand long runs of states without children. A deadline is
/// noticed within [`CHECK_INTERVAL`] steps even when one state has a million
/// children.
pub(crate) struct Watch<'a> {
    /// The deadline and the budget it ends.
    deadline: Option<(Instant, Duration)>,
    cancel: Option<&'a CancelFlag>,
}

impl Watch<'_> {
    /// `Err` when time is up or the search was cancelled, looked at when
    /// `count` is a multiple of [`CHECK_INTERVAL`] (so at once, for a count of 0).
    #[inline]
    pub(crate) fn check(&self, count: u64) -> Result<(), Limit> {
        if count % u64::from(CHECK_INTERVAL) != 0 {
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
}

/// A count of steps that tells when to look at a [`Watch`]: at every
/// multiple of [`CHECK_INTERVAL`], as [`Watch::check`] does, but with one
/// decrement and one branch a step. The engines count the children they are
/// handed with it: the innermost loop of every search, whose count lives in
/// memory.
///
/// ```text
/// count = next_look - left
/// ```
#[derive(Clone, Copy, Debug)]
pub(crate) struct Countdown {
    /// The count at the next look: the next multiple of [`CHECK_INTERVAL`].
    next_look: u64,
    /// The steps left until then, from 1 to [`CHECK_INTERVAL`].
    left: u32,
}

impl Countdown {
    /// A countdown that has counted `count` steps.
    pub(crate) fn new(count: u64) -> Self {
        // `count % CHECK_INTERVAL` is below the interval: it fits.
        let past = (count % u64::from(CHECK_INTERVAL)) as u32;
        let left = CHECK_INTERVAL - past;
        Countdown {
            next_look: count + u64::from(left),
            left,
        }
    }

    /// Counts a step; `true` when the count reaches a multiple of
    /// [`CHECK_INTERVAL`], the time to look at the watch.
    #[inline(always)]
    pub(crate) fn step(&mut self) -> bool {
        self.left -= 1;
        if self.left != 0 {
            return false;
        }
        self.next_window();
        true
    }

    #[cold]
    fn next_window(&mut self) {
        self.next_look += u64::from(CHECK_INTERVAL);
        self.left = CHECK_INTERVAL;
    }

    /// The steps counted.
    pub(crate) fn count(&self) -> u64 {
        self.next_look - u64::from(self.left)
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

    /// The countdown counts as a plain counter does, and asks for a look at
    /// the same steps as [`Watch::check`], from any count.
    #[test]
    fn a_countdown_counts_and_looks_like_a_counter() {
        let interval = u64::from(CHECK_INTERVAL);
        for start in [0, 1, interval - 1, interval, 5 * interval + 7] {
            let mut countdown = Countdown::new(start);
            assert_eq!(countdown.count(), start);
            for count in start + 1..start + 3 * interval {
                assert_eq!(countdown.step(), count % interval == 0, "{start} {count}");
                assert_eq!(countdown.count(), count);
            }
        }
    }
}
