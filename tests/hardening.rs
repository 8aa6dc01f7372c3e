//! Regression tests for inputs that once aborted, hung or bloated a search:
//! heuristics of any size, huge branching factors, limits that must answer
//! promptly.

use std::cell::Cell;

use puzzle_search::search::{CancelFlag, Engine, Limit, Limits, Outcome};
use puzzle_search::{Backward, Puzzle};

/// A line of `len` states, 0 to `len - 1`; the goal is the last. Dead ends
/// hang off every state: `len + i` leads nowhere.
struct Line {
    len: u64,
}

impl Puzzle for Line {
    type State = u64;
    type Move = ();
    type Key = u64;

    fn encode(&self, state: &u64) -> u64 {
        *state
    }

    fn successors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state + 1 < self.len {
            emit((), state + 1);
            emit((), self.len + state);
        }
    }

    fn is_goal(&self, &state: &u64) -> bool {
        state == self.len - 1
    }

    /// Exact on the line, "infinite" on the dead ends: admissible, and as
    /// large as a `u32` gets.
    fn heuristic(&self, &state: &u64) -> u32 {
        if state < self.len {
            u32::try_from(self.len - 1 - state).unwrap_or(u32::MAX)
        } else {
            u32::MAX
        }
    }
}

impl Backward for Line {
    fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) {
        emit(self.len - 1);
    }

    fn predecessors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state > 0 && state < self.len {
            emit((), state - 1);
        }
    }
}

#[test]
fn a_heuristic_of_u32_max_costs_no_memory_by_its_size() {
    // 21 states on the line: once, the open list allocated 96 GiB here.
    let line = Line { len: 11 };
    for engine in [Engine::AStar, Engine::IdaStar] {
        let result = engine.solve(&line, 0, &Limits::new().with_max_states(1000));
        assert_eq!(result.outcome.path().map(|path| path.len()), Some(10));
    }
}

#[test]
fn a_heuristic_of_a_hundred_million_costs_no_memory_by_its_size() {
    let line = Line { len: 50 };
    let informed = (&line).with_heuristic(|&state: &u64| {
        if state < line.len {
            (line.len - 1 - state) as u32
        } else {
            100_000_000
        }
    });
    let result = Engine::AStar.solve(&informed, 0, &Limits::new());
    assert_eq!(result.outcome.path().map(|path| path.len()), Some(49));
}

#[test]
fn a_goal_two_to_the_31_moves_away_stops_at_the_state_limit() {
    let line = Line { len: 1 << 31 };
    let limits = Limits::new().with_max_states(10_000);
    for engine in Engine::ALL {
        let result = engine.solve(&line, 0, &limits);
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::States { max: 10_000 }),
            "{engine}"
        );
        assert!(result.stats.max_stored <= 10_000, "{engine}");
    }
}

/// A star: the centre has `children` successors, none of them a goal, and
/// cancels `flag` after handing out `cancel_after` of them.
struct Star {
    children: u64,
    cancel_after: u64,
    flag: CancelFlag,
    emitted: Cell<u64>,
}

impl Puzzle for Star {
    type State = u64;
    type Move = ();
    type Key = u64;

    fn encode(&self, state: &u64) -> u64 {
        *state
    }

    fn successors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state != 0 {
            return;
        }
        for child in 1..=self.children {
            if self.emitted.get() == self.cancel_after {
                self.flag.cancel();
            }
            self.emitted.set(self.emitted.get() + 1);
            emit((), child);
        }
    }

    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

impl Backward for Star {
    fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) {
        emit(u64::MAX);
    }

    fn predecessors(&self, _: &u64, _: impl FnMut((), u64)) {}
}

#[test]
fn a_cancel_is_noticed_among_the_children_of_one_state() {
    for engine in Engine::ALL {
        let flag = CancelFlag::new();
        let star = Star {
            children: 200_000,
            cancel_after: 5_000,
            flag: flag.clone(),
            emitted: Cell::new(0),
        };
        let result = engine.solve(&star, 0, &Limits::new().with_cancel_flag(flag));
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::Cancelled),
            "{engine}"
        );
        // The engine looks at the flag every 1,024 children at the latest, and
        // stores nothing once it has seen it.
        assert!(
            result.stats.max_stored <= 5_000 + 2_048,
            "{engine}: {} states stored after the cancel",
            result.stats.max_stored
        );
    }
}
