//! Bidirectional breadth-first search.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::limits::Budget;
use super::table::{KeyMap, INITIAL_CAPACITY};
use super::{follow_keys, Limit, Limits, Outcome, Path, SearchResult, Stats};
use crate::Backward;

/// One direction of the search: a breadth-first tree whose states are indexed by key.
struct Side<P: Backward> {
    states: Vec<P::State>,
    /// `links[i]`: the index `states[i]` was reached from and the move between them.
    links: Vec<Option<(u32, P::Move)>>,
    index: KeyMap<P::Key, u32>,
    /// `states[layer_start..]` is the layer that will be expanded next.
    layer_start: usize,
    depth: u32,
}

impl<P: Backward> Side<P> {
    fn new() -> Self {
        Side {
            states: Vec::with_capacity(INITIAL_CAPACITY),
            links: Vec::with_capacity(INITIAL_CAPACITY),
            index: KeyMap::with_capacity_and_hasher(INITIAL_CAPACITY, Default::default()),
            layer_start: 0,
            depth: 0,
        }
    }

    fn insert(&mut self, key: P::Key, state: P::State, link: Option<(u32, P::Move)>) {
        self.index.insert(key, self.states.len() as u32);
        self.states.push(state);
        self.links.push(link);
    }

    fn frontier(&self) -> usize {
        self.states.len() - self.layer_start
    }

    /// Indices from `index` back to the root of this side, `index` first.
    fn chain(&self, mut index: usize) -> Vec<usize> {
        let mut chain = vec![index];
        while let Some((parent, _)) = &self.links[index] {
            index = *parent as usize;
            chain.push(index);
        }
        chain
    }
}

/// Where the two searches touched: a state of the forward tree and the key of a
/// state of the backward tree one move beyond it.
struct Meeting {
    forward: usize,
    backward: usize,
}

/// Breadth-first search from the start and from the goal states at once.
///
/// Each round expands one whole layer of the side with the smaller frontier, so
/// the two searches meet near the middle of a shortest path.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; [`Backward`] supplies the goal states and predecessors.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states (both sides together), depth and time.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`] when either side runs out of states, or
/// [`Outcome::LimitReached`].
///
/// # Complexity
///
/// Time and memory linear in the states the two searches store; on spaces that
/// branch evenly, about the square root of what [`bfs`](super::bfs) stores.
///
/// # Example
///
/// ```
/// use puzzle_search::{Backward, Puzzle, search::{bidirectional_bfs, Limits}};
///
/// /// A ring of 1000 positions; the goal is opposite the start.
/// struct Ring;
///
/// impl Puzzle for Ring {
///     type State = u32;
///     type Move = i8;
///     type Key = u32;
///     fn encode(&self, s: &u32) -> u32 { *s }
///     fn successors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 1) % 1000);
///         emit(-1, (s + 999) % 1000);
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 500 }
/// }
///
/// impl Backward for Ring {
///     fn goal_states(&self, _start: &u32, mut emit: impl FnMut(u32)) { emit(500) }
///     fn predecessors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 999) % 1000);
///         emit(-1, (s + 1) % 1000);
///     }
/// }
///
/// let result = bidirectional_bfs(&Ring, 0, &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.len(), 500);
/// assert!(path.replays(&Ring));
/// ```
pub fn bidirectional_bfs<P: Backward>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    let mut budget = Budget::start(limits);
    let mut stats = Stats::default();
    let outcome = run(puzzle, start, &mut budget, &mut stats);
    stats.elapsed = budget.elapsed();
    SearchResult { outcome, stats }
}

fn run<P: Backward>(
    puzzle: &P,
    start: P::State,
    budget: &mut Budget<'_>,
    stats: &mut Stats,
) -> Outcome<P::State, P::Move> {
    if puzzle.is_goal(&start) {
        stats.max_stored = 1;
        return Outcome::Solved(Path::new(start));
    }
    let mut forward = Side::<P>::new();
    let mut backward = Side::<P>::new();
    let mut seeding = Ok(());
    puzzle.goal_states(&start, |goal| {
        let key = puzzle.encode(&goal);
        if seeding.is_ok() && !backward.index.contains_key(&key) {
            seeding = budget.admit(backward.states.len() + 1);
            if seeding.is_ok() {
                backward.insert(key, goal, None);
            }
        }
    });
    stats.max_stored = backward.states.len() + 1;
    if let Err(limit) = seeding.and_then(|()| budget.admit(stats.max_stored)) {
        return Outcome::LimitReached(limit);
    }
    let start_key = puzzle.encode(&start);
    forward.insert(start_key, start, None);
    if backward.states.is_empty() {
        return Outcome::Unsolvable;
    }
    let max_depth = budget.max_depth();
    loop {
        if forward.frontier() == 0 || backward.frontier() == 0 {
            return Outcome::Unsolvable;
        }
        if forward.depth.saturating_add(backward.depth) >= max_depth {
            return Outcome::LimitReached(budget.depth_limit());
        }
        let expand_forward = forward.frontier() <= backward.frontier();
        let step = if expand_forward {
            expand_layer(puzzle, &mut forward, &backward, budget, stats, true)
        } else {
            expand_layer(puzzle, &mut backward, &forward, budget, stats, false)
        };
        stats.max_stored = forward.states.len() + backward.states.len();
        match step {
            Err(limit) => return Outcome::LimitReached(limit),
            Ok(Some(meeting)) => {
                return Outcome::Solved(join(puzzle, &forward, &backward, meeting))
            }
            Ok(None) => {}
        }
    }
}

/// Expands the frontier layer of `side`; stops at the first state `other` already holds.
fn expand_layer<P: Backward>(
    puzzle: &P,
    side: &mut Side<P>,
    other: &Side<P>,
    budget: &mut Budget<'_>,
    stats: &mut Stats,
    is_forward: bool,
) -> Result<Option<Meeting>, Limit> {
    let layer_end = side.states.len();
    let mut fresh: Vec<(P::Key, P::Move, P::State)> = Vec::new();
    for parent in side.layer_start..layer_end {
        budget.tick()?;
        stats.expanded += 1;
        let mut meeting = None;
        let mut result = Ok(());
        let stored = side.states.len() + other.states.len();
        let mut emit = |mv: P::Move, state: P::State| {
            stats.generated += 1;
            if meeting.is_some() || result.is_err() {
                return;
            }
            let key = puzzle.encode(&state);
            if let Some(&there) = other.index.get(&key) {
                meeting = Some(there as usize);
                return;
            }
            if side.index.contains_key(&key) || fresh.iter().any(|(k, _, _)| *k == key) {
                return;
            }
            result = budget.admit(stored + fresh.len() + 1);
            if result.is_ok() {
                fresh.push((key, mv, state));
            }
        };
        if is_forward {
            puzzle.successors(&side.states[parent], &mut emit);
        } else {
            puzzle.predecessors(&side.states[parent], &mut emit);
        }
        result?;
        if let Some(there) = meeting {
            return Ok(Some(if is_forward {
                Meeting {
                    forward: parent,
                    backward: there,
                }
            } else {
                Meeting {
                    forward: there,
                    backward: parent,
                }
            }));
        }
        for (key, mv, state) in fresh.drain(..) {
            side.insert(key, state, Some((parent as u32, mv)));
        }
    }
    side.layer_start = layer_end;
    side.depth += 1;
    Ok(None)
}

/// The forward path to the meeting state, then real moves through the backward tree's keys.
fn join<P: Backward>(
    puzzle: &P,
    forward: &Side<P>,
    backward: &Side<P>,
    meeting: Meeting,
) -> Path<P::State, P::Move> {
    let mut chain = forward.chain(meeting.forward);
    chain.reverse();
    let mut indices = chain.into_iter();
    let root = indices.next().unwrap_or(0);
    let mut path = Path::new(forward.states[root].clone());
    for index in indices {
        if let Some((_, mv)) = &forward.links[index] {
            path.push(mv.clone(), forward.states[index].clone());
        }
    }
    let keys = backward
        .chain(meeting.backward)
        .into_iter()
        .map(|index| puzzle.encode(&backward.states[index]));
    follow_keys(puzzle, &mut path, keys);
    path
}
