//! Every adapter forwards every method it does not replace: checked with a
//! puzzle that records the methods called on it.

use core::cell::RefCell;

use puzzle_search::{Backward, Puzzle};

/// A puzzle that records which of its methods were called, so each adapter
/// can be checked to forward every method it does not replace.
#[derive(Default)]
struct Probe {
    calls: RefCell<Vec<&'static str>>,
}

impl Probe {
    fn saw(&self, method: &'static str) {
        self.calls.borrow_mut().push(method);
    }

    fn take(&self) -> Vec<&'static str> {
        core::mem::take(&mut *self.calls.borrow_mut())
    }
}

impl Puzzle for Probe {
    type State = u8;
    type Move = u8;
    type Key = u8;
    fn encode(&self, state: &u8) -> u8 {
        self.saw("encode");
        *state
    }
    fn successors(&self, _: &u8, mut emit: impl FnMut(u8, u8)) {
        self.saw("successors");
        emit(0, 0);
    }
    fn successors_after(&self, _: &u8, _: &u8, mut emit: impl FnMut(u8, u8)) {
        self.saw("successors_after");
        emit(0, 0);
    }
    fn is_goal(&self, _: &u8) -> bool {
        self.saw("is_goal");
        false
    }
    fn heuristic(&self, _: &u8) -> u32 {
        self.saw("heuristic");
        7
    }
}

impl Backward for Probe {
    fn goal_states(&self, _: &u8, mut emit: impl FnMut(u8)) {
        self.saw("goal_states");
        emit(0);
    }
    fn predecessors(&self, _: &u8, mut emit: impl FnMut(u8, u8)) {
        self.saw("predecessors");
        emit(0, 0);
    }
    fn predecessors_before(&self, _: &u8, _: &u8, mut emit: impl FnMut(u8, u8)) {
        self.saw("predecessors_before");
        emit(0, 0);
    }
}

/// Calls every method of `puzzle` once, in a fixed order.
fn call_all<P: Puzzle<State = u8, Move = u8>>(puzzle: &P) {
    puzzle.encode(&0);
    puzzle.successors(&0, |_, _| {});
    puzzle.successors_after(&0, &0, |_, _| {});
    puzzle.is_goal(&0);
    puzzle.heuristic(&0);
}

fn call_backward<P: Backward<State = u8, Move = u8>>(puzzle: &P) {
    call_all(puzzle);
    puzzle.goal_states(&0, |_| {});
    puzzle.predecessors(&0, |_, _| {});
    puzzle.predecessors_before(&0, &0, |_, _| {});
}

const ALL: [&str; 8] = [
    "encode",
    "successors",
    "successors_after",
    "is_goal",
    "heuristic",
    "goal_states",
    "predecessors",
    "predecessors_before",
];

#[test]
fn a_reference_forwards_everything() {
    let probe = Probe::default();
    call_backward(&&probe);
    assert_eq!(probe.take(), ALL);
}

#[test]
fn with_heuristic_forwards_all_but_the_heuristic() {
    let probe = Probe::default();
    let adapted = (&probe).with_heuristic(|_: &u8| 3);
    call_backward(&adapted);
    assert_eq!(adapted.heuristic(&0), 3);
    let mut expected = ALL.to_vec();
    expected.retain(|&method| method != "heuristic");
    assert_eq!(probe.take(), expected);
}

#[test]
fn unpruned_forwards_all_but_the_pruning() {
    let probe = Probe::default();
    call_backward(&(&probe).unpruned());
    assert_eq!(
        probe.take(),
        [
            "encode",
            "successors",
            "successors", // for successors_after
            "is_goal",
            "heuristic",
            "goal_states",
            "predecessors",
            "predecessors", // for predecessors_before
        ]
    );
}

#[test]
fn with_goal_states_forwards_all_but_the_seeds() {
    let probe = Probe::default();
    let adapted = (&probe).with_goal_states(|_: &u8, emit: &mut dyn FnMut(u8)| emit(5));
    call_backward(&adapted);
    let mut seeds = Vec::new();
    adapted.goal_states(&0, |goal| seeds.push(goal));
    assert_eq!(seeds, [5]);
    let mut expected = ALL.to_vec();
    expected.retain(|&method| method != "goal_states");
    assert_eq!(probe.take(), expected);
}

#[test]
fn with_goal_forwards_the_moves_and_drops_the_heuristic() {
    let probe = Probe::default();
    let adapted = (&probe).with_goal(|&state: &u8| state == 0);
    call_all(&adapted);
    assert!(adapted.is_goal(&0));
    assert_eq!(adapted.heuristic(&0), 0);
    assert_eq!(probe.take(), ["encode", "successors", "successors_after"]);
}
