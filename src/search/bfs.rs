//! Breadth-first search.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use hashbrown::hash_set::Entry;

use super::limits::Budget;
use super::table::{KeySet, INITIAL_CAPACITY};
use super::{Limit, Limits, Outcome, Path, SearchResult, Stats};
use crate::Puzzle;

/// One layer of the search tree: the states first reached after the same number
/// of moves, each with the index of its parent in the layer before and the move
/// from there (the start's layer has neither).
struct Layer<S, M> {
    states: Vec<S>,
    links: Vec<(u32, M)>,
}

impl<S, M> Layer<S, M> {
    fn with_capacity(capacity: usize) -> Self {
        Layer {
            states: Vec::with_capacity(capacity),
            links: Vec::with_capacity(capacity),
        }
    }
}

/// The path through `layers` to state `index` of the last layer, then one more step.
fn path_to<S: Clone, M: Clone>(
    layers: &[Layer<S, M>],
    mut index: usize,
    last: (M, S),
) -> Path<S, M> {
    let mut steps = Vec::with_capacity(layers.len());
    for layer in layers.iter().skip(1).rev() {
        let (parent, mv) = &layer.links[index];
        steps.push((mv.clone(), layer.states[index].clone()));
        index = *parent as usize;
    }
    let mut path = Path::new(layers[0].states[index].clone());
    for (mv, state) in steps.into_iter().rev() {
        path.push(mv, state);
    }
    path.push(last.0, last.1);
    path
}

/// Breadth-first search from `start` to the nearest goal.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states, depth and time.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`] once every reachable state has been seen, or
/// [`Outcome::LimitReached`]. States are compared by [`Puzzle::encode`].
///
/// # Complexity
///
/// Time and memory linear in the number of states closer to `start` than the
/// nearest goal, plus those one move further.
///
/// # Example
///
/// ```
/// use puzzle_search::{Puzzle, search::{bfs, Limits, Outcome}};
///
/// /// Reach `target` from 1 by doubling or adding one.
/// struct Doubling { target: u64 }
///
/// impl Puzzle for Doubling {
///     type State = u64;
///     type Move = &'static str;
///     type Key = u64;
///     fn encode(&self, n: &u64) -> u64 { *n }
///     fn successors(&self, n: &u64, mut emit: impl FnMut(&'static str, u64)) {
///         if *n < self.target {
///             emit("*2", n * 2);
///             emit("+1", n + 1);
///         }
///     }
///     fn is_goal(&self, n: &u64) -> bool { *n == self.target }
/// }
///
/// let result = bfs(&Doubling { target: 10 }, 1, &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.states(), &[1, 2, 4, 5, 10]);
/// assert_eq!(path.moves(), &["*2", "*2", "+1", "*2"]);
/// assert!(result.stats.expanded > 0);
/// ```
pub fn bfs<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    Budget::measure(limits, |budget, stats| run(puzzle, start, budget, stats))
}

pub(super) fn run<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    budget: &mut Budget<'_>,
    stats: &mut Stats,
) -> Outcome<P::State, P::Move> {
    if puzzle.is_goal(&start) {
        stats.max_stored = 1;
        return Outcome::Solved(Path::new(start));
    }
    if let Err(limit) = budget.admit(1) {
        return Outcome::LimitReached(limit);
    }
    let mut growth = Growth {
        puzzle,
        seen: KeySet::with_capacity_and_hasher(INITIAL_CAPACITY, Default::default()),
        max_states: budget.max_states(),
        room: budget.max_states().saturating_sub(1),
        next: Layer::with_capacity(0),
        generated: 0,
        stop: None,
    };
    growth.seen.insert(puzzle.encode(&start));
    let mut root = Layer::with_capacity(1);
    root.states.push(start);
    let mut layers = vec![root];
    let outcome = loop {
        let depth = layers.len() - 1;
        let layer = &layers[depth];
        if layer.states.is_empty() {
            break Outcome::Unsolvable;
        }
        if depth as u64 >= u64::from(budget.max_depth()) {
            break match growth.leads_beyond(layer, budget, stats) {
                Ok(true) => Outcome::LimitReached(budget.depth_limit()),
                Ok(false) => Outcome::Unsolvable,
                Err(limit) => Outcome::LimitReached(limit),
            };
        }
        growth.next = Layer::with_capacity(layer.states.len() * 2);
        for (parent, state) in layer.states.iter().enumerate() {
            if let Err(limit) = budget.tick() {
                growth.stop = Some(Stop::Limit(limit));
                break;
            }
            stats.expanded += 1;
            // Two closures, one per call: each is inlined into its own generator.
            match layer.links.get(parent) {
                Some((_, last)) => puzzle
                    .successors_after(state, last, |mv, child| growth.visit(parent, mv, child)),
                None => puzzle.successors(state, |mv, child| growth.visit(parent, mv, child)),
            }
            if growth.stop.is_some() {
                break;
            }
        }
        match growth.stop.take() {
            Some(Stop::Found { parent, mv, goal }) => {
                break Outcome::Solved(path_to(&layers, parent, (mv, goal)))
            }
            Some(Stop::Limit(limit)) => break Outcome::LimitReached(limit),
            None => layers.push(core::mem::replace(
                &mut growth.next,
                Layer::with_capacity(0),
            )),
        }
    };
    stats.generated += growth.generated;
    stats.max_stored = growth.seen.len();
    outcome
}

/// The next layer as it grows, and what the search has seen so far.
struct Growth<'p, P: Puzzle> {
    puzzle: &'p P,
    seen: KeySet<P::Key>,
    max_states: usize,
    /// How many more states the state limit lets the search store.
    room: usize,
    next: Layer<P::State, P::Move>,
    generated: u64,
    stop: Option<Stop<P::State, P::Move>>,
}

/// Why the search stops before the layer is done.
enum Stop<S, M> {
    /// A goal, reached by `mv` from state `parent` of the current layer.
    Found { parent: usize, mv: M, goal: S },
    /// A limit.
    Limit(Limit),
}

impl<P: Puzzle> Growth<'_, P> {
    /// Records `child`, reached by `mv` from state `parent` of the current layer.
    #[inline(always)]
    fn visit(&mut self, parent: usize, mv: P::Move, child: P::State) {
        self.generated += 1;
        if self.stop.is_some() {
            return;
        }
        let Entry::Vacant(vacancy) = self.seen.entry(self.puzzle.encode(&child)) else {
            return;
        };
        if self.room == 0 {
            self.stop = Some(Stop::Limit(Limit::States {
                max: self.max_states,
            }));
            return;
        }
        self.room -= 1;
        vacancy.insert();
        if self.puzzle.is_goal(&child) {
            self.stop = Some(Stop::Found {
                parent,
                mv,
                goal: child,
            });
            return;
        }
        self.next.states.push(child);
        self.next.links.push((parent as u32, mv));
    }

    /// Whether a state of `layer` has a successor not seen yet; stops at the first.
    fn leads_beyond(
        &self,
        layer: &Layer<P::State, P::Move>,
        budget: &mut Budget<'_>,
        stats: &mut Stats,
    ) -> Result<bool, Limit> {
        for state in &layer.states {
            budget.tick()?;
            stats.expanded += 1;
            let mut beyond = false;
            self.puzzle.successors(state, |_, next| {
                stats.generated += 1;
                beyond |= !self.seen.contains(&self.puzzle.encode(&next));
            });
            if beyond {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
