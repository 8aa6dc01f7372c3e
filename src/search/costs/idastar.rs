//! IDA* with costs, and weighted IDA*.

use super::result::Found;
use super::Weight;
use crate::adapt::stop;
use crate::cost::{Cost, Weighted};
use crate::search::run::{Countdown, Run, Watch};
use crate::search::table::{KeyMap, KeySet};
use crate::search::{Limit, Outcome};
use crate::{Path, Puzzle};

/// Weighted IDA* from `starts` (one per key, none a goal, all admitted).
pub(super) fn search<P: Weighted>(
    puzzle: &P,
    starts: Vec<P::State>,
    weight: Weight,
    run: &mut Run<'_>,
) -> Found<P> {
    Deepening::new(puzzle, weight).search(starts, run)
}

/// A state on the current path, with its children still to try.
struct Frame<P: Puzzle, C> {
    state: P::State,
    key: P::Key,
    cost: C,
    /// The move that reached it; `None` for the start.
    reached_by: Option<P::Move>,
    children: Vec<(P::Move, P::State)>,
    next: usize,
}

/// What one iteration ended with.
enum Iteration<P: Puzzle, C> {
    Solved(Path<P::State, P::Move>, C),
    /// No goal within the bound; the smallest value that exceeded it.
    Exhausted(Option<C>),
    Stopped(Limit),
}

struct Deepening<'p, P: Weighted> {
    puzzle: &'p P,
    weight: Weight,
    /// Emptied child lists, kept for the next frames.
    spare: Vec<Vec<(P::Move, P::State)>>,
}

impl<'p, P: Weighted> Deepening<'p, P> {
    fn new(puzzle: &'p P, weight: Weight) -> Self {
        Deepening {
            puzzle,
            weight,
            spare: Vec::new(),
        }
    }

    /// `q·g + p·h` for `state` reached at cost `g`, or `None` on overflow.
    fn priority(&self, g: P::Cost, state: &P::State) -> Option<P::Cost> {
        let h = self.puzzle.cost_heuristic(state);
        if self.weight.is_one() {
            return g.checked_add(h);
        }
        g.checked_scale(self.weight.denominator())?
            .checked_add(h.checked_scale(self.weight.numerator())?)
    }

    /// The iterations from `starts` (one per key, none a goal, all
    /// admitted): each bound searched below every start, then raised.
    fn search(&mut self, starts: Vec<P::State>, run: &mut Run<'_>) -> Found<P> {
        let mut roots = Vec::with_capacity(starts.len());
        for start in starts {
            let Some(value) = self.priority(P::Cost::ZERO, &start) else {
                return (Outcome::LimitReached(Limit::CostOverflow), None);
            };
            roots.push((start, value));
        }
        let Some(mut bound) = roots.iter().map(|&(_, value)| value).min() else {
            return (Outcome::Unsolvable, None);
        };
        let mut generated = run.watch().countdown(0);
        let found = loop {
            match self.iterate(&roots, bound, run, &mut generated) {
                Iteration::Solved(path, cost) => break (Outcome::Solved(path), Some(cost)),
                Iteration::Exhausted(None) => break (Outcome::Unsolvable, None),
                Iteration::Exhausted(Some(next)) => bound = next,
                Iteration::Stopped(limit) => break (Outcome::LimitReached(limit), None),
            }
        };
        run.stats.generated += generated.count();
        found
    }

    /// A frame for `state`, its children listed; the time or cancel limit
    /// when it is reached while they come (a list may never end).
    fn frame(
        &mut self,
        state: P::State,
        key: P::Key,
        cost: P::Cost,
        reached_by: Option<P::Move>,
        watch: &Watch<'_>,
    ) -> Result<Frame<P, P::Cost>, Limit> {
        let mut children = self.spare.pop().unwrap_or_default();
        // Children are counted as generated when they are tried; this count
        // only paces the looks while they are listed.
        let mut listed = watch.countdown(0);
        let mut stopped = Ok(());
        let mut emit = |mv, child| {
            if stopped.is_err() {
                stop::request();
                return;
            }
            if listed.step() {
                stopped = watch.look();
            }
            children.push((mv, child));
        };
        match &reached_by {
            Some(last) => self
                .puzzle
                .weighted_successors_after(&state, last, &mut emit),
            None => self.puzzle.successors(&state, &mut emit),
        }
        stopped?;
        Ok(Frame {
            state,
            key,
            cost,
            reached_by,
            children,
            next: 0,
        })
    }

    /// One iteration: a depth-first search within `bound` below each of
    /// `roots` (a start and its value at cost zero) in turn, sharing the
    /// table; a start beyond the bound is pruned as a child is.
    fn iterate(
        &mut self,
        roots: &[(P::State, P::Cost)],
        bound: P::Cost,
        run: &mut Run<'_>,
        generated: &mut Countdown,
    ) -> Iteration<P, P::Cost> {
        let watch = run.watch();
        let max_states = run.max_states();
        let mut exceeded: Option<P::Cost> = None;
        let mut on_path = KeySet::default();
        let capacity = run.table_capacity().unwrap_or(0);
        let mut cheapest: KeyMap<P::Key, P::Cost> = KeyMap::default();
        let mut stack = Vec::new();
        for (start, value) in roots {
            if *value > bound {
                exceeded = Some(exceeded.map_or(*value, |low| low.min(*value)));
                continue;
            }
            let key = self.puzzle.encode(start);
            if capacity > 0
                && cheapest
                    .get(&key)
                    .is_some_and(|known| *known <= P::Cost::ZERO)
            {
                // Another start reached it at no cost: searched below there.
                continue;
            }
            on_path.insert(key);
            run.stats.expanded += 1;
            match self.frame(start.clone(), key, P::Cost::ZERO, None, &watch) {
                Ok(root) => stack.push(root),
                Err(limit) => return Iteration::Stopped(limit),
            }
            while let Some(top) = stack.last_mut() {
                let Some((mv, child)) = top.children.get(top.next).cloned() else {
                    if let Some(mut done) = stack.pop() {
                        on_path.remove(&done.key);
                        done.children.clear();
                        self.spare.push(done.children);
                    }
                    continue;
                };
                top.next += 1;
                if generated.step() {
                    if let Err(limit) = watch.look() {
                        return Iteration::Stopped(limit);
                    }
                }
                let key = self.puzzle.encode(&child);
                if on_path.contains(&key) {
                    continue;
                }
                let step = self.puzzle.cost(&top.state, &mv, &child);
                let Some(cost) = top.cost.checked_add(step) else {
                    return Iteration::Stopped(Limit::CostOverflow);
                };
                let Some(f) = self.priority(cost, &child) else {
                    return Iteration::Stopped(Limit::CostOverflow);
                };
                if f > bound {
                    exceeded = Some(exceeded.map_or(f, |low| low.min(f)));
                    continue;
                }
                if capacity > 0 {
                    let room = cheapest.len() < capacity;
                    match cheapest.get_mut(&key) {
                        Some(known) if *known <= cost => continue,
                        Some(known) => *known = cost,
                        None if room => {
                            cheapest.insert(key, cost);
                        }
                        None => {}
                    }
                }
                if self.puzzle.is_goal(&child) {
                    return Iteration::Solved(path_of(&stack, mv, child), cost);
                }
                if stack.len() + cheapest.len() >= max_states {
                    return Iteration::Stopped(Limit::States { max: max_states });
                }
                run.stats.expanded += 1;
                run.stats.max_stored = run.stats.max_stored.max(stack.len() + 1 + cheapest.len());
                on_path.insert(key);
                match self.frame(child, key, cost, Some(mv), &watch) {
                    Ok(frame) => stack.push(frame),
                    Err(limit) => return Iteration::Stopped(limit),
                }
            }
            if capacity > 0 && (cheapest.len() < capacity || cheapest.contains_key(&key)) {
                // Searched at no cost: another start that reaches it need not search it again.
                cheapest.insert(key, P::Cost::ZERO);
            }
        }
        Iteration::Exhausted(exceeded)
    }
}

/// The path along `stack`, then `mv` to `goal`.
fn path_of<P: Puzzle, C>(
    stack: &[Frame<P, C>],
    mv: P::Move,
    goal: P::State,
) -> Path<P::State, P::Move> {
    let mut frames = stack.iter();
    let mut path = match frames.next() {
        Some(root) => Path::new(root.state.clone()),
        None => return Path::new(goal),
    };
    for frame in frames {
        if let Some(reached_by) = &frame.reached_by {
            path.push(reached_by.clone(), frame.state.clone());
        }
    }
    path.push(mv, goal);
    path
}
