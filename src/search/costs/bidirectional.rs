//! Bidirectional Dijkstra.

use super::frontier::{stopping, Frontier};
use super::result::Found;
use crate::cost::{Cost, Weighted};
use crate::search::grow::Budget;
use crate::search::run::{Countdown, Run, Watch};
use crate::search::{Limit, Outcome};
use crate::{Backward, Path};

/// The cheapest meeting found: the forward node, the backward node, and
/// the cost of the path through them.
type Meeting<C> = Option<(u32, u32, C)>;

/// The two searches, and what they share.
struct Sides<'w, P: Weighted> {
    forward: Frontier<P>,
    backward: Frontier<P>,
    meeting: Meeting<P::Cost>,
    watch: Watch<'w>,
    generated: Countdown,
    /// The bytes both frontiers hold, and the limit on them.
    budget: Budget,
}

/// The search from `starts` (one per key, none a goal, all admitted).
pub(super) fn search<P: Weighted + Backward>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
) -> Found<P> {
    if starts.is_empty() {
        return (Outcome::Unsolvable, None);
    }
    // Both sides share the state limit: each is checked against what is
    // left, as nodes come.
    let max = run.max_states();
    let mut budget = run.budget();
    let frontiers = Frontier::new(puzzle, max, &mut budget)
        .and_then(|forward| Ok((forward, Frontier::new(puzzle, max, &mut budget)?)));
    let (forward, backward) = match frontiers {
        Ok(frontiers) => frontiers,
        Err(limit) => return (Outcome::LimitReached(limit), None),
    };
    let watch = run.watch();
    let mut sides = Sides::<P> {
        forward,
        backward,
        meeting: None,
        generated: watch.countdown(0),
        watch,
        budget,
    };
    // The goals of every start, one root per key (a root already there is
    // left out), then the starts.
    let mut error = None;
    for start in &starts {
        puzzle.goal_states(start, |goal| {
            if error.is_none() {
                let key = puzzle.encode(&goal);
                error = sides
                    .backward
                    .push_root(puzzle, key, goal, P::Cost::ZERO, &mut sides.budget)
                    .err();
            }
        });
        if let Some(limit) = error {
            return (Outcome::LimitReached(limit), None);
        }
    }
    let mut keys = Vec::with_capacity(starts.len());
    for start in starts {
        let key = puzzle.encode(&start);
        let pushed = sides
            .forward
            .push_root(puzzle, key, start, P::Cost::ZERO, &mut sides.budget);
        if let Err(limit) = pushed {
            return (Outcome::LimitReached(limit), None);
        }
        keys.push(key);
    }
    for key in &keys {
        sides.meet(puzzle, key);
    }
    let stop = loop {
        let (Some(low_forward), Some(low_backward)) =
            (sides.forward.lowest(), sides.backward.lowest())
        else {
            break None;
        };
        if let Some((_, _, best)) = sides.meeting {
            // A sum past the type is past any meeting's cost.
            if low_forward
                .checked_add(low_backward)
                .is_none_or(|low| low >= best)
            {
                break None;
            }
        }
        if let Err(limit) = sides.watch.check() {
            break Some(limit);
        }
        run.stats.expanded += 1;
        let forward = sides.forward.waiting() <= sides.backward.waiting();
        let step = sides.expand(puzzle, forward, max);
        run.stats.max_stored = run
            .stats
            .max_stored
            .max(sides.forward.keys() + sides.backward.keys());
        if let Err(limit) = step {
            break Some(limit);
        }
    };
    run.stats.generated += sides.generated.count();
    match (stop, sides.meeting) {
        (Some(limit), _) => (Outcome::LimitReached(limit), None),
        (None, None) => (Outcome::Unsolvable, None),
        (None, Some((forward, backward, cost))) => {
            (Outcome::Solved(sides.join(forward, backward)), Some(cost))
        }
    }
}

impl<P: Weighted + Backward> Sides<'_, P> {
    /// Expands the lowest node of one side.
    fn expand(&mut self, puzzle: &P, forward: bool, max: usize) -> Result<(), Limit> {
        let side = if forward {
            &mut self.forward
        } else {
            &mut self.backward
        };
        let Some(node) = side.pop() else {
            return Ok(());
        };
        let (state, g, _) = side.node(node);
        let state = state.clone();
        let mut reached = Vec::new();
        let mut stop = None;
        let room = max.saturating_sub(self.forward.keys() + self.backward.keys());
        let (generated, watch, budget) = (&mut self.generated, &self.watch, &mut self.budget);
        let side = if forward {
            &mut self.forward
        } else {
            &mut self.backward
        };
        let keys = side.keys();
        let mut visit = |mv: P::Move, other: P::State| {
            if stopping(generated, watch, &mut stop) {
                return;
            }
            let step = if forward {
                puzzle.cost(&state, &mv, &other)
            } else {
                puzzle.cost(&other, &mv, &state)
            };
            let Some(cost) = g.checked_add(step) else {
                stop = Some(Limit::CostOverflow);
                return;
            };
            let key = puzzle.encode(&other);
            if side.keys() - keys >= room && side.best(puzzle, &key).is_none() {
                stop = Some(Limit::States { max });
                return;
            }
            match side.offer(puzzle, key, other, node, mv, cost, |_| Some(cost), budget) {
                Ok(Some(_)) => reached.push(key),
                Ok(None) => {}
                Err(limit) => stop = Some(limit),
            }
        };
        if forward {
            puzzle.successors(&state, &mut visit);
        } else {
            puzzle.predecessors(&state, &mut visit);
        }
        for key in &reached {
            self.meet(puzzle, key);
        }
        stop.map_or(Ok(()), Err)
    }

    /// Records the path through `key` if both sides reached it more cheaply
    /// than the cheapest meeting so far.
    fn meet(&mut self, puzzle: &P, key: &P::Key) {
        let (Some((forward, f)), Some((backward, b))) = (
            self.forward.best(puzzle, key),
            self.backward.best(puzzle, key),
        ) else {
            return;
        };
        // Costs that do not add up are no meeting worth keeping.
        let Some(cost) = f.checked_add(b) else {
            return;
        };
        if self.meeting.is_none_or(|(_, _, best)| cost < best) {
            self.meeting = Some((forward, backward, cost));
        }
    }

    /// The path from a start through the meeting to a goal.
    fn join(&self, forward: u32, backward: u32) -> Path<P::State, P::Move> {
        let mut path = self.forward.path_to(forward);
        let mut nodes = self.backward.ancestry(backward);
        let mut at = nodes.next();
        for next in nodes {
            if let Some(node) = at {
                if let (_, _, Some(mv)) = self.backward.node(node) {
                    let (state, _, _) = self.backward.node(next);
                    path.push(mv.clone(), state.clone());
                }
            }
            at = Some(next);
        }
        path
    }
}
