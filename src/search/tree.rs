//! The search tree: states with a link to their parent, and the path back to the root.

// Indices in this module are the tree's own, handed out by `push`: in bounds.
#![allow(clippy::indexing_slicing)]

use crate::Path;

/// States in the order reached, each with the index of the state it was
/// reached from and the move between them (roots have neither).
///
/// BFS, bidirectional BFS and A* keep their states here; indices are `u32`, so
/// a tree holds at most `u32::MAX` states, far more than fit in memory for
/// any state worth searching.
pub(crate) struct Tree<S, M> {
    states: Vec<S>,
    links: Vec<Option<(u32, M)>>,
}

impl<S, M> Tree<S, M> {
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Tree {
            states: Vec::with_capacity(capacity),
            links: Vec::with_capacity(capacity),
        }
    }

    /// Adds `state`, reached from `link`'s parent by its move (`None` for a
    /// root), and returns its index.
    #[inline]
    pub(crate) fn push(&mut self, state: S, link: Option<(u32, M)>) -> u32 {
        let index = self.states.len() as u32;
        self.states.push(state);
        self.links.push(link);
        index
    }

    /// Moves every state of `growth` into the tree, in order.
    pub(crate) fn append(&mut self, growth: &mut Growth<S, M>) {
        self.states.append(&mut growth.states);
        self.links.extend(growth.links.drain(..).map(Some));
    }

    /// The number of states.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    #[inline]
    pub(crate) fn state(&self, index: usize) -> &S {
        &self.states[index]
    }

    /// The move that reached state `index`, `None` for a root.
    #[inline]
    pub(crate) fn last_move(&self, index: usize) -> Option<&M> {
        self.links[index].as_ref().map(|(_, mv)| mv)
    }

    /// The indices from `index` up to its root, `index` first.
    pub(crate) fn ancestry(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(index), move |&index| {
            self.links[index]
                .as_ref()
                .map(|&(parent, _)| parent as usize)
        })
    }
}

impl<S: Clone, M: Clone> Tree<S, M> {
    /// The path from the root of state `index` to it, both included.
    pub(crate) fn path_to(&self, index: usize) -> Path<S, M> {
        let mut chain: Vec<usize> = self.ancestry(index).collect();
        chain.reverse();
        let mut indices = chain.into_iter();
        let root = indices.next().unwrap_or(index);
        let mut path = Path::new(self.states[root].clone());
        for index in indices {
            if let Some((_, mv)) = &self.links[index] {
                path.push(mv.clone(), self.states[index].clone());
            }
        }
        path
    }
}

/// States being added to a [`Tree`] while the layer they come from is read:
/// all have a parent, and they join the tree together with [`Tree::append`].
pub(crate) struct Growth<S, M> {
    states: Vec<S>,
    links: Vec<(u32, M)>,
}

impl<S, M> Growth<S, M> {
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Growth {
            states: Vec::with_capacity(capacity),
            links: Vec::with_capacity(capacity),
        }
    }

    /// Adds `state`, reached from `parent` by `mv`.
    #[inline]
    pub(crate) fn push(&mut self, state: S, parent: u32, mv: M) {
        self.states.push(state);
        self.links.push((parent, mv));
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }
}
