//! An engine that runs in steps: begun, advanced until it ends or a count
//! of states expanded is reached, and asked for its statistics between two
//! steps. The search objects of [`pause`](super::pause) run one in slices;
//! [`run_to_end`] runs one to its end in one call.

use super::run::Run;
use super::{Outcome, SearchResult, Stats};
use crate::Puzzle;

/// An engine that may pause between two states expanded: what a search
/// object needs of it, and what [`run_to_end`] runs in one call.
pub(super) trait Resumable<'p, P: Puzzle>: Sized {
    /// What the search ends with, its statistics aside.
    type Answer: Answer<P>;
    /// The search from `starts` (one per key, none a goal, all admitted),
    /// or the answer that ends it before it begins.
    fn begin(puzzle: &'p P, starts: Vec<P::State>, run: &Run<'p>) -> Result<Self, Self::Answer>;
    /// Searches until the end (`Some`, the statistics written to `run`) or
    /// until `run` counts `until` states expanded (`None`: paused, to go on
    /// from the next state). An engine may leave the test for `until` out
    /// where `PAUSE` is false, as [`run_to_end`] runs it: the test then costs
    /// nothing in the plain call.
    fn advance<const PAUSE: bool>(&mut self, run: &mut Run<'p>, until: u64)
        -> Option<Self::Answer>;
    /// The statistics so far: `run`'s, with what the search has not
    /// written there yet.
    fn stats(&self, run: &Run<'_>) -> Stats;
}

/// What a search ends with: an [`Outcome`], or one with its cost.
pub(super) trait Answer<P: Puzzle> {
    /// What the search returns: the answer with the statistics.
    type Result: Clone;
    /// The answer of a search settled before it begins: a start that is a
    /// goal, no starts, or a limit.
    fn settled(outcome: Outcome<P::State, P::Move>) -> Self;
    /// What the search returns.
    fn result(self, stats: Stats) -> Self::Result;
}

impl<P: Puzzle> Answer<P> for Outcome<P::State, P::Move> {
    type Result = SearchResult<P::State, P::Move>;
    fn settled(outcome: Outcome<P::State, P::Move>) -> Self {
        outcome
    }
    fn result(self, stats: Stats) -> Self::Result {
        SearchResult {
            outcome: self,
            stats,
        }
    }
}

/// Runs engine `E` from `starts` (one per key, none a goal, all admitted)
/// to its end, in one call.
pub(super) fn run_to_end<'p, P: Puzzle, E: Resumable<'p, P>>(
    puzzle: &'p P,
    starts: Vec<P::State>,
    run: &mut Run<'p>,
) -> E::Answer {
    let mut engine = match E::begin(puzzle, starts, run) {
        Ok(engine) => engine,
        Err(answer) => return answer,
    };
    loop {
        if let Some(answer) = engine.advance::<false>(run, u64::MAX) {
            return answer;
        }
    }
}
