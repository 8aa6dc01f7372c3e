//! The path's frames on the heap, each with its children listed, for the
//! descent past the recursion's stack budget: a deep bound cannot overflow
//! the thread's stack.

use crate::Puzzle;

/// One state of a path on the heap: the state, how it was reached, and its
/// children not tried yet.
pub(super) struct Frame<S, M, K> {
    pub(super) state: S,
    /// The move that reached `state`.
    pub(super) last: M,
    /// What the memory calls `state`.
    pub(super) mark: K,
    /// The heuristic of `state`.
    pub(super) heuristic: u32,
    /// The children of `state`, and how many were taken.
    pub(super) children: Vec<(M, S)>,
    pub(super) taken: usize,
    /// The smallest of one plus the bound of each child taken so far.
    pub(super) backed_up: u32,
}

/// A depth-first path on the heap: `frames[d]` is the state `d` moves below
/// the one the descent began at. Frames are kept from one descent to the
/// next, so their children's vectors are allocated once per depth, not once
/// per state.
pub(super) struct Stack<S, M, K> {
    pub(super) frames: Vec<Frame<S, M, K>>,
}

impl<S, M, K> Default for Stack<S, M, K> {
    fn default() -> Self {
        Stack { frames: Vec::new() }
    }
}

impl<S: Clone, M: Clone, K: Copy> Stack<S, M, K> {
    /// Makes `state`, reached by `last`, the state at `depth`, and lists its
    /// children: all of them, or those `successors_after` keeps when `prune`.
    pub(super) fn enter<P: Puzzle<State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        depth: usize,
        (state, last, mark, heuristic): (S, M, K, u32),
        prune: bool,
    ) {
        if self.frames.len() <= depth {
            self.frames.push(Frame {
                state,
                last,
                mark,
                heuristic,
                children: Vec::new(),
                taken: 0,
                backed_up: u32::MAX,
            });
        } else {
            let frame = &mut self.frames[depth];
            frame.state = state;
            frame.last = last;
            frame.mark = mark;
            frame.heuristic = heuristic;
            frame.taken = 0;
            frame.backed_up = u32::MAX;
        }
        let frame = &mut self.frames[depth];
        let children = &mut frame.children;
        children.clear();
        let keep = |mv, child| children.push((mv, child));
        if prune {
            puzzle.successors_after(&frame.state, &frame.last, keep);
        } else {
            puzzle.successors(&frame.state, keep);
        }
    }

    /// The steps below the first frame down to the one at `depth`, then `mv`
    /// to `goal`, the goal first (as [`Stop::Found`] holds them).
    pub(super) fn steps(&self, depth: usize, mv: M, goal: S) -> Vec<(M, S)> {
        let mut steps = vec![(mv, goal)];
        for frame in self.frames[1..=depth].iter().rev() {
            steps.push((frame.last.clone(), frame.state.clone()));
        }
        steps
    }
}
