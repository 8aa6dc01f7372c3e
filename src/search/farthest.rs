//! The states farthest from a start: breadth-first search with no goal.

use hashbrown::hash_table::Entry;

use super::run::Run;
use super::{Limit, Limits, Stats};
use crate::adapt::stop;
use crate::search::table::{KeyTable, INITIAL_CAPACITY};
use crate::Puzzle;

/// What [`farthest`] found: the states reachable from the start, and the
/// farthest of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Farthest<S> {
    /// The number of states reachable from the start, the start included
    /// (states compared by [`Puzzle::encode`]).
    pub reached: usize,
    /// The largest distance from the start, in moves.
    pub distance: u32,
    /// Every state at that distance, one per key, in the order reached.
    pub states: Vec<S>,
}

/// The outcome of [`farthest`] and its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct FarthestResult<S> {
    /// The answer, or the limit that stopped the search before it had one:
    /// a limit is not an answer.
    pub outcome: Result<Farthest<S>, Limit>,
    /// What the search did.
    pub stats: Stats,
}

/// Breadth-first search from `start` over every state it reaches, ignoring
/// the goal: how many states there are, how far the farthest lie, and which.
///
/// # Arguments
///
/// * `puzzle` – the puzzle; its goal and heuristic are not used.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states, depth, time and the cancel flag.
///
/// # Returns
///
/// [`Farthest`], or the [`Limit`] that stopped the search: the state limit
/// when the start reaches more states, the depth limit when some state lies
/// beyond it, the time budget or the cancel flag.
///
/// # Complexity
///
/// Time linear in the states reached and the moves between them; memory one
/// key per state reached, plus two layers of states.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, search::{farthest, Limits}};
///
/// // Steps of +1 and +3 modulo 10 from 0: 10 states; 8 alone is 4 moves away.
/// let ring = adapt::from_fn(|&n: &u8| [(n + 1) % 10, (n + 3) % 10], |_| false);
/// let result = farthest(&ring, 0, &Limits::new());
/// let answer = result.outcome.unwrap();
/// assert_eq!((answer.reached, answer.distance), (10, 4));
/// assert_eq!(answer.states, vec![8]);
///
/// // A limit is not an answer.
/// let stopped = farthest(&ring, 0, &Limits::new().with_max_states(5));
/// assert_eq!(stopped.outcome.err().map(|limit| limit.name()), Some("states"));
/// ```
pub fn farthest<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> FarthestResult<P::State> {
    let mut run = Run::start(limits);
    let outcome = search(puzzle, start, &mut run);
    FarthestResult {
        outcome,
        stats: run.finish(),
    }
}

fn search<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    run: &mut Run<'_>,
) -> Result<Farthest<P::State>, Limit> {
    run.admit(1)?;
    let max_states = run.max_states();
    let mut watch = run.watch();
    let mut budget = run.budget();
    let mut seen: KeyTable<P::Key> = budget.table(INITIAL_CAPACITY)?;
    seen.insert_new(puzzle.encode(&start), ());
    budget.table_room(&mut seen)?;
    run.stats.max_stored = 1;
    let mut stored = 1usize;
    let mut generated = watch.countdown(0);
    let mut layer: Vec<(P::State, Option<P::Move>)> = vec![(start, None)];
    let mut depth = 0u32;
    let result = loop {
        let mut next = Vec::new();
        let mut stop = None;
        for (state, last) in &layer {
            if let Err(limit) = watch.check() {
                stop = Some(limit);
                break;
            }
            run.stats.expanded += 1;
            let mut visit = |mv: P::Move, child: P::State| {
                let look = generated.step();
                if stop.is_some() {
                    // Stopped: the rest of the children need not come.
                    stop::request();
                    return;
                }
                if look {
                    if let Err(limit) = watch.look() {
                        stop = Some(limit);
                        return;
                    }
                }
                let key = puzzle.encode(&child);
                let Entry::Vacant(vacancy) = seen.entry(key) else {
                    return;
                };
                if stored >= max_states {
                    stop = Some(Limit::States { max: max_states });
                    return;
                }
                if let Err(limit) = budget.room(&mut next) {
                    stop = Some(limit);
                    return;
                }
                stored += 1;
                vacancy.insert((key, ()));
                next.push((child, Some(mv)));
                // Room for the next key, where growing can fail.
                if let Err(limit) = budget.table_room(&mut seen) {
                    stop = Some(limit);
                }
            };
            match last {
                Some(last) => puzzle.successors_after(state, last, &mut visit),
                None => puzzle.successors(state, &mut visit),
            }
            if stop.is_some() {
                break;
            }
        }
        if let Some(limit) = stop {
            break Err(limit);
        }
        if next.is_empty() {
            break Ok(Farthest {
                reached: seen.len(),
                distance: depth,
                states: layer.into_iter().map(|(state, _)| state).collect(),
            });
        }
        if depth >= run.max_depth() {
            break Err(run.depth_limit());
        }
        // The layer done gives its bytes back to the budget.
        budget.release(&layer);
        layer = next;
        depth += 1;
    };
    run.stats.generated = generated.count();
    run.stats.max_stored = seen.len();
    result
}
