//! A*'s open list: nodes by their bound, the lowest bound first.

// `heads` is indexed by bounds checked against its length where it is indexed.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

use super::grow::Budget;
use super::Limit;

/// Bounds up to this much above twice the nodes stored get a bucket of their own.
const DENSE_SLACK: usize = 1 << 10;

/// The end of a bucket's list.
const NONE: u32 = u32::MAX;

/// Open nodes by `f = moves + heuristic`, last in, first out among equals,
/// which favours deeper nodes.
///
/// A* pushes every node once, when it creates it, so each bucket is a list
/// threaded through A*'s own nodes: [`push`](Open::push) returns the node below
/// the new one in its bucket, which A* keeps in the node, and
/// [`pop`](Open::pop) asks for it back. A push is two stores, a pop two loads,
/// and no bucket has a vector of its own to grow and copy.
///
/// Bounds are small integers, so most buckets live in `heads`, one per bound.
/// But a heuristic may return any `u32` (a dead end's "infinity", say), and a
/// bucket per value up to it would allocate by the size of the number. A bound
/// beyond twice the nodes pushed (plus [`DENSE_SLACK`]) goes to `sparse`
/// instead, so the memory of the open list grows with the nodes it holds,
/// never with the bounds.
#[derive(Default)]
pub(super) struct Open {
    /// `heads[f]`: the last node pushed with bound `f` and not popped, or [`NONE`].
    heads: Vec<u32>,
    /// No bucket of `heads` below this one holds a node.
    lowest: usize,
    /// The nodes pushed so far.
    pushed: usize,
    /// The heads of the buckets whose bound was too large for `heads` when
    /// their nodes were pushed.
    sparse: BTreeMap<u32, u32>,
}

/// The node below a node in its bucket, as [`Open::push`] returned it; [`NONE`]
/// for the last.
pub(super) type Below = u32;

impl Open {
    /// Adds `node` with bound `f`, and returns the node below it in its
    /// bucket, which [`pop`](Open::pop)'s `below` must give back for `node`.
    /// `Err` when the buckets must grow and `budget` cannot have it.
    #[inline]
    pub(super) fn push(&mut self, f: u32, node: u32, budget: &mut Budget) -> Result<Below, Limit> {
        self.pushed += 1;
        let index = f as usize;
        match self.heads.get_mut(index) {
            Some(head) => {
                self.lowest = self.lowest.min(index);
                Ok(core::mem::replace(head, node))
            }
            None => self.push_beyond(f, node, budget),
        }
    }

    /// [`push`](Open::push) for a bound past the last bucket: rare, so kept
    /// out of the loop that calls `push`.
    #[cold]
    #[inline(never)]
    fn push_beyond(&mut self, f: u32, node: u32, budget: &mut Budget) -> Result<Below, Limit> {
        let index = f as usize;
        // The sparse buckets hold one entry a distinct bound beyond the
        // dense ones: few (a heuristic's "infinity"), so a map that cannot
        // fail its growth gracefully.
        if index > DENSE_SLACK.saturating_add(self.pushed.saturating_mul(2)) {
            return Ok(core::mem::replace(
                self.sparse.entry(f).or_insert(NONE),
                node,
            ));
        }
        // At least doubling, as `resize` alone would.
        let more = (index + 1 - self.heads.len()).max(self.heads.capacity());
        budget.reserve(&mut self.heads, more)?;
        self.heads.resize(index + 1, NONE);
        self.heads[index] = node;
        self.lowest = self.lowest.min(index);
        Ok(NONE)
    }

    /// Removes a node of the lowest bound; `below(node)` is what
    /// [`push`](Open::push) returned for `node`.
    #[inline]
    pub(super) fn pop(&mut self, below: impl Fn(u32) -> Below) -> Option<u32> {
        while let Some(&head) = self.heads.get(self.lowest) {
            if head != NONE {
                // A sparse bucket below the lowest dense one goes first.
                if !self.sparse.is_empty() {
                    return self.pop_sparse(&below);
                }
                self.heads[self.lowest] = below(head);
                return Some(head);
            }
            self.lowest += 1;
        }
        self.pop_sparse(&below)
    }

    /// [`pop`](Open::pop) when `sparse` holds nodes, or the dense buckets none.
    #[cold]
    #[inline(never)]
    fn pop_sparse(&mut self, below: &dyn Fn(u32) -> Below) -> Option<u32> {
        let dense = self
            .heads
            .get(self.lowest)
            .filter(|&&head| head != NONE)
            .map(|_| self.lowest);
        let mut bucket = self.sparse.first_entry();
        let sparse_first = bucket.as_ref().map(|bucket| *bucket.key() as usize);
        match (dense, sparse_first) {
            (Some(f), Some(g)) if f <= g => bucket = None,
            (Some(_), None) => bucket = None,
            _ => {}
        }
        match bucket {
            Some(mut bucket) => {
                let node = *bucket.get();
                let next = below(node);
                if next == NONE {
                    bucket.remove();
                } else {
                    *bucket.get_mut() = next;
                }
                Some(node)
            }
            None => {
                let head = *self.heads.get(dense?)?;
                self.heads[self.lowest] = below(head);
                Some(head)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// An open list with the links kept beside it, as A* keeps them in its nodes.
    #[derive(Default)]
    struct Linked {
        open: Open,
        below: Vec<Below>,
    }

    impl Linked {
        fn push(&mut self, f: u32, node: u32) {
            assert_eq!(node as usize, self.below.len());
            let below = self.open.push(f, node, &mut Budget::new(None)).unwrap();
            self.below.push(below);
        }

        fn pop(&mut self) -> Option<u32> {
            let below = &self.below;
            self.open.pop(|node| below[node as usize])
        }
    }

    #[test]
    fn pops_the_lowest_bound_first_dense_or_sparse() {
        let mut open = Linked::default();
        for (node, f) in [u32::MAX, 7, 3_000_000, 7, 0].into_iter().enumerate() {
            open.push(f, node as u32);
        }
        let order: Vec<u32> = core::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, [4, 3, 1, 2, 0]);
        assert!(open.open.heads.len() <= DENSE_SLACK + 3);
    }

    #[test]
    fn pushes_after_pops_keep_the_order() {
        let mut open = Linked::default();
        open.push(5, 0);
        open.push(5, 1);
        assert_eq!(open.pop(), Some(1));
        open.push(4, 2);
        open.push(5, 3);
        open.push(4_000_000, 4);
        open.push(6, 5);
        let order: Vec<u32> = core::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, [2, 3, 0, 5, 4]);
    }

    #[test]
    fn huge_bounds_cost_no_memory_by_their_size() {
        let mut open = Linked::default();
        for node in 0..100 {
            open.push(u32::MAX - node, node);
        }
        assert!(open.open.heads.is_empty());
        assert_eq!(open.pop(), Some(99));
    }
}
