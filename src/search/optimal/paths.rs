//! The optimal paths of a graph of every optimal path, one by one.

use core::iter::FusedIterator;

use super::graph::Dag;
use crate::Path;

/// The optimal paths of an [`OptimalGraph`](super::OptimalGraph), lazily,
/// in the order its [`paths`](super::OptimalGraph::paths) states.
///
/// It holds one path at a time: the states of the current one, and for each
/// its next edge to follow.
#[derive(Clone, Debug)]
pub struct OptimalPaths<'g, S, M> {
    graph: &'g Dag<S, M>,
    /// For each state of the current path: its index in the graph and the
    /// position of its next edge to follow.
    frames: Vec<(usize, usize)>,
    /// The start whose paths come next, once those of the current one end.
    next_start: usize,
    /// The path of no moves of a start that is a goal, not yet returned.
    single: bool,
}

impl<'g, S, M> OptimalPaths<'g, S, M> {
    pub(super) fn new(graph: &'g Dag<S, M>) -> Self {
        OptimalPaths {
            graph,
            frames: vec![(0, 0)],
            next_start: 1,
            single: graph.goal_range().contains(&0),
        }
    }
}

impl<S: Clone, M: Clone> OptimalPaths<'_, S, M> {
    /// The current path.
    fn path(&self) -> Path<S, M> {
        let states = self.graph.states();
        let start = self
            .frames
            .first()
            .and_then(|&(start, _)| states.get(start));
        let mut path = Path::new(start.unwrap_or(self.graph.start()).clone());
        for pair in self.frames.windows(2) {
            let [(parent, next), (child, _)] = pair else {
                continue;
            };
            // `next` is one past the edge taken from `parent`.
            let edge = self.graph.edges(*parent).nth(next.wrapping_sub(1));
            if let (Some((_, mv)), Some(state)) = (edge, states.get(*child)) {
                path.push(mv.clone(), state.clone());
            }
        }
        path
    }
}

impl<S: Clone, M: Clone> Iterator for OptimalPaths<'_, S, M> {
    type Item = Path<S, M>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.single {
            self.single = false;
            let path = self.path();
            self.frames.clear();
            return Some(path);
        }
        let goals = self.graph.goal_range();
        loop {
            if self.frames.is_empty() {
                // The paths of the next start, if there is one.
                if self.next_start >= self.graph.starts().len() {
                    return None;
                }
                self.frames.push((self.next_start, 0));
                self.next_start += 1;
            }
            let (index, next) = self.frames.last_mut()?;
            let Some((child, _)) = self.graph.edges(*index).nth(*next) else {
                self.frames.pop();
                continue;
            };
            *next += 1;
            self.frames.push((child, 0));
            if goals.contains(&child) {
                return Some(self.path());
            }
        }
    }
}

impl<S: Clone, M: Clone> FusedIterator for OptimalPaths<'_, S, M> {}
