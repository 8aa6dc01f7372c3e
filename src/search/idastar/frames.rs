//! The path's frames on the heap, for the descent past the recursion's
//! stack budget: a deep bound cannot overflow the thread's stack.
//!
//! The recursion on the stack keeps, at each level, the puzzle's own loop
//! over the successors, suspended inside its callback: nothing is copied.
//! A frame on the heap cannot suspend that loop, so it lists children
//! instead, but never more than [`WINDOW`] at once: the next ones in the
//! puzzle's order. When they are all tried and the puzzle has more, the
//! frame asks for the successors again, skips those it has tried and lists
//! the next window. The memory of a path of `d` frames is `d` windows, not
//! `d` times the branching factor (a path 200,000 deep with 1,000 children
//! a state held 1.6 GB when frames listed every child); a state with more
//! children than a window is asked for its successors once per window.

use crate::adapt::stop;
use crate::search::grow::Budget;
use crate::search::Limit;
use crate::Puzzle;

/// The most children a frame lists at once. Puzzles with no more children
/// a state than this list them once, as a frame that lists all does.
pub(super) const WINDOW: usize = 32;

/// One state of a path on the heap: the state, how it was reached, and the
/// window of its children being tried.
pub(super) struct Frame<S, M, K> {
    pub(super) state: S,
    /// The move that reached `state`; none for a start.
    pub(super) last: Option<M>,
    /// What the memory calls `state`.
    pub(super) mark: K,
    /// The heuristic of `state`.
    pub(super) heuristic: u32,
    /// At most [`WINDOW`] children of `state`, the first of them child
    /// number `first` in the puzzle's order.
    window: Vec<(M, S)>,
    first: usize,
    /// Whether the window reaches the last child.
    last_window: bool,
    /// How many children were taken, from the first in the puzzle's order.
    taken: usize,
    /// The smallest of one plus the bound of each child taken so far.
    pub(super) backed_up: u32,
}

/// A depth-first path on the heap: `frames[d]` is the state `d` moves below
/// the one the descent began at. Frames are kept from one descent to the
/// next, so their windows are allocated once per depth, not once per state.
pub(super) struct Stack<S, M, K> {
    pub(super) frames: Vec<Frame<S, M, K>>,
    /// Whether every successor is listed, or those `successors_after` keeps.
    prune: bool,
}

impl<S, M, K> Default for Stack<S, M, K> {
    fn default() -> Self {
        Stack {
            frames: Vec::new(),
            prune: false,
        }
    }
}

impl<S: Clone, M: Clone, K: Copy> Stack<S, M, K> {
    /// Makes `state`, reached by `last` (none for a start), the state at
    /// `depth`, and lists the first window of its children: all of them, or
    /// those `successors_after` keeps when `prune` and it has a last move. `Err` when the frame cannot
    /// be had within `budget`.
    pub(super) fn enter<P: Puzzle<State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        depth: usize,
        (state, last, mark, heuristic): (S, Option<M>, K, u32),
        prune: bool,
        budget: &mut Budget,
    ) -> Result<(), Limit> {
        self.prune = prune;
        if self.frames.len() <= depth {
            budget.room(&mut self.frames)?;
            self.frames.push(Frame {
                state,
                last,
                mark,
                heuristic,
                window: budget.vec(WINDOW)?,
                first: 0,
                last_window: false,
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
        self.list(puzzle, depth);
        Ok(())
    }

    /// Lists the window of the frame at `depth` that begins at its child
    /// number `taken`.
    fn list<P: Puzzle<State = S, Move = M>>(&mut self, puzzle: &P, depth: usize) {
        let frame = &mut self.frames[depth];
        let (window, skip) = (&mut frame.window, frame.taken);
        window.clear();
        frame.first = skip;
        let mut seen = 0usize;
        let mut more = false;
        let keep = |mv, child| {
            if more {
                return;
            }
            seen += 1;
            if seen <= skip {
                return;
            }
            if window.len() < WINDOW {
                window.push((mv, child));
            } else {
                // One child past the window: there are more, and the rest
                // (perhaps endless) need not come now.
                more = true;
                stop::request();
            }
        };
        match &frame.last {
            Some(last) if self.prune => puzzle.successors_after(&frame.state, last, keep),
            _ => puzzle.successors(&frame.state, keep),
        }
        if more {
            // The request was the frame's own, not the search's: the search
            // stops by its bound, and asks again if it must.
            stop::withdraw();
        }
        frame.last_window = !more;
    }

    /// The next child of the frame at `depth` to try, counted as taken;
    /// `None` when every child was taken.
    pub(super) fn next_child<P: Puzzle<State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        depth: usize,
    ) -> Option<(M, S)> {
        let frame = &self.frames[depth];
        if frame.taken - frame.first >= frame.window.len() {
            if frame.last_window {
                return None;
            }
            self.list(puzzle, depth);
        }
        let frame = &mut self.frames[depth];
        let child = frame.window.get(frame.taken - frame.first)?.clone();
        frame.taken += 1;
        Some(child)
    }

    /// The steps below the first frame down to the one at `depth`, then `mv`
    /// to `goal`, the goal first (as [`Stop::Found`](super::descent::Stop::Found) holds them).
    pub(super) fn steps(&self, depth: usize, mv: M, goal: S) -> Vec<(M, S)> {
        let mut steps = vec![(mv, goal)];
        for frame in self.frames[1..=depth].iter().rev() {
            if let Some(last) = &frame.last {
                steps.push((last.clone(), frame.state.clone()));
            }
        }
        steps
    }
}
