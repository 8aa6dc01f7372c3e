//! The search tree: states with a link to their parent, and the path back to the root.

// Indices in this module are the tree's own, handed out by `push`: in bounds.
#![allow(clippy::indexing_slicing)]

use super::grow::Budget;
use super::table::KeyTable;
use super::Limit;
use crate::Path;

/// States in the order reached, each but the roots with the index of the
/// state it was reached from and the move between them.
///
/// BFS, bidirectional BFS and A* keep their states here. The roots come first
/// and are kept apart, so that every other state is stored with its link in
/// one entry: one write per state reached, and one cache line read per state
/// expanded. Indices are `u32`: the engines stop at
/// [`MAX_INDEXED`](super::MAX_INDEXED) states, so an index never wraps.
pub(crate) struct Tree<S, M> {
    roots: Vec<S>,
    /// `linked[i]` is state `roots.len() + i`, with the index of its parent
    /// and the move from there.
    linked: Vec<(S, u32, M)>,
}

impl<S, M> Tree<S, M> {
    /// An empty tree with room for `capacity` states, taken from `budget`
    /// (which may start it smaller: see [`Budget::start`]).
    pub(crate) fn new_in(budget: &mut Budget, capacity: usize) -> Result<Self, Limit> {
        Ok(Tree {
            roots: Vec::new(),
            linked: budget.vec(budget.start(capacity))?,
        })
    }

    /// A table of keys seen and an empty tree, both with room for `capacity`
    /// states from `budget`: what every engine that grows a tree starts with.
    pub(crate) fn with_table_in<K: Copy + Eq + core::hash::Hash, V>(
        budget: &mut Budget,
        capacity: usize,
    ) -> Result<(KeyTable<K, V>, Self), Limit> {
        let table = budget.table(capacity)?;
        Ok((table, Tree::new_in(budget, capacity)?))
    }

    /// Room for one more state with a parent, from `budget`: the check
    /// before [`push`](Tree::push), which never grows the tree itself.
    #[inline(always)]
    pub(crate) fn room(&mut self, budget: &mut Budget) -> Result<(), Limit> {
        budget.room(&mut self.linked)
    }

    /// Adds `state` as a root, before any state with a parent, and returns its index.
    pub(crate) fn push_root(&mut self, state: S) -> u32 {
        debug_assert!(self.linked.is_empty(), "roots come first");
        self.roots.push(state);
        self.roots.len() as u32 - 1
    }

    /// Adds `state`, reached from state `parent` by `mv`, and returns its
    /// index; [`room`](Tree::room) must have made room for it (else the push
    /// grows the tree, and an allocation that fails aborts).
    #[inline]
    pub(crate) fn push(&mut self, state: S, parent: u32, mv: M) -> u32 {
        let index = self.len() as u32;
        self.linked.push((state, parent, mv));
        index
    }

    /// The number of states.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.roots.len() + self.linked.len()
    }

    #[inline]
    pub(crate) fn state(&self, index: usize) -> &S {
        self.node(index).0
    }

    /// State `index`, and the move that reached it unless it is a root.
    #[inline]
    pub(crate) fn node(&self, index: usize) -> (&S, Option<&M>) {
        match index.checked_sub(self.roots.len()) {
            Some(linked) => {
                let (state, _, mv) = &self.linked[linked];
                (state, Some(mv))
            }
            None => (&self.roots[index], None),
        }
    }

    /// The indices from `index` up to its root, `index` first.
    pub(crate) fn ancestry(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(index), move |&index| {
            let linked = index.checked_sub(self.roots.len())?;
            Some(self.linked[linked].1 as usize)
        })
    }
}

impl<S: Clone, M: Clone> Tree<S, M> {
    /// The path from the root of state `index` to it, both included.
    pub(crate) fn path_to(&self, index: usize) -> Path<S, M> {
        // Walked twice, to count and then to copy: the path's vectors are
        // allocated once each (growing them was a twentieth of a short
        // grid search).
        let length = self.ancestry(index).count();
        let mut states = Vec::with_capacity(length);
        let mut moves = Vec::with_capacity(length.saturating_sub(1));
        for index in self.ancestry(index) {
            let (state, mv) = self.node(index);
            states.push(state.clone());
            if let Some(mv) = mv {
                moves.push(mv.clone());
            }
        }
        Path::from_reversed(states, moves)
    }
}
