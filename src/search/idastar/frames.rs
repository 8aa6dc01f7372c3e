//! The descent past the recursion's stack budget: the path's frames on the
//! heap, each with its children listed, so a deep bound cannot overflow the
//! thread's stack.

use super::descent::{back_up, Child, Descent, Stop};
use super::memory::Memory;
use crate::Puzzle;

impl<P: Puzzle, T: Memory<P>> Descent<'_, P, T> {
    /// [`recurse`](Descent::recurse) from `root`, at `depth`, with the
    /// frames of the path on the heap.
    pub(super) fn descend_on_heap(
        &mut self,
        puzzle: &P,
        root: (P::State, P::Move, T::Mark, u32),
        depth: usize,
    ) -> u32 {
        let prune = !T::REMEMBERS;
        let mut stack = core::mem::take(&mut self.heap);
        stack.enter(puzzle, 0, root, prune);
        let mut top = 0;
        let learned = loop {
            let frame = &mut stack.frames[top];
            let Some((mv, child)) = frame.children.get(frame.taken) else {
                let learned = frame.backed_up;
                if T::REMEMBERS {
                    self.memory.learn(frame.mark, learned);
                }
                if top == 0 {
                    break learned;
                }
                top -= 1;
                if T::REMEMBERS {
                    back_up(&mut stack.frames[top].backed_up, learned);
                }
                continue;
            };
            frame.taken += 1;
            let parent = (&frame.state, frame.heuristic, depth + top);
            match self.consider(puzzle, parent, mv, child, &mut frame.backed_up) {
                Child::Skip if self.stopped => break u32::MAX,
                Child::Skip => {}
                Child::Goal => {
                    let (mv, child) = (mv.clone(), child.clone());
                    let steps = stack.steps(top, mv, child);
                    self.halt(Stop::Found(steps));
                    break u32::MAX;
                }
                Child::Enter { mark, heuristic } => {
                    let next = (child.clone(), mv.clone(), mark, heuristic);
                    top += 1;
                    stack.enter(puzzle, top, next, prune);
                }
            }
        };
        self.heap = stack;
        learned
    }
}

/// One state of a path on the heap: the state, how it was reached, and its
/// children not tried yet.
struct Frame<S, M, K> {
    state: S,
    /// The move that reached `state`.
    last: M,
    /// What the memory calls `state`.
    mark: K,
    /// The heuristic of `state`.
    heuristic: u32,
    /// The children of `state`, and how many were taken.
    children: Vec<(M, S)>,
    taken: usize,
    /// The smallest of one plus the bound of each child taken so far.
    backed_up: u32,
}

/// A depth-first path on the heap: `frames[d]` is the state `d` moves below
/// the one the descent began at. Frames are kept from one descent to the
/// next, so their children's vectors are allocated once per depth, not once
/// per state.
pub(super) struct Stack<S, M, K> {
    frames: Vec<Frame<S, M, K>>,
}

impl<S, M, K> Default for Stack<S, M, K> {
    fn default() -> Self {
        Stack { frames: Vec::new() }
    }
}

impl<S: Clone, M: Clone, K: Copy> Stack<S, M, K> {
    /// Makes `state`, reached by `last`, the state at `depth`, and lists its
    /// children: all of them, or those `successors_after` keeps when `prune`.
    fn enter<P: Puzzle<State = S, Move = M>>(
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
    fn steps(&self, depth: usize, mv: M, goal: S) -> Vec<(M, S)> {
        let mut steps = vec![(mv, goal)];
        for frame in self.frames[1..=depth].iter().rev() {
            steps.push((frame.last.clone(), frame.state.clone()));
        }
        steps
    }
}
