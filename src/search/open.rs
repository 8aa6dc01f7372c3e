//! A*'s open list: nodes by their bound, the lowest bound first.

// `dense` is indexed below its length only, checked where it is indexed.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

/// Bounds up to this much above twice the nodes stored get a bucket of their own.
const DENSE_SLACK: usize = 1 << 10;

/// Open nodes by `f = moves + heuristic`, last in, first out among equals,
/// which favours deeper nodes.
///
/// Bounds are small integers, so most live in `dense`, one bucket per bound:
/// a push and a pop are a few instructions. But a heuristic may return any
/// `u32` (a dead end's "infinity", say), and a bucket per value up to it would
/// allocate by the size of the number. A bound beyond twice the nodes stored
/// (plus [`DENSE_SLACK`]) goes to `sparse` instead, so the memory of the open
/// list grows with the nodes it holds, never with the bounds.
#[derive(Default)]
pub(super) struct Open {
    /// `dense[f]`: the nodes with bound `f`.
    dense: Vec<Vec<u32>>,
    /// No bucket of `dense` below this one holds a node.
    lowest: usize,
    /// The nodes whose bound was too large for `dense` when they were pushed.
    sparse: BTreeMap<u32, Vec<u32>>,
}

impl Open {
    /// Adds `node` with bound `f`; `stored` is the number of nodes the search holds.
    #[inline]
    pub(super) fn push(&mut self, f: u32, node: u32, stored: usize) {
        let index = f as usize;
        match self.dense.get_mut(index) {
            Some(bucket) => {
                bucket.push(node);
                self.lowest = self.lowest.min(index);
            }
            None => self.push_beyond(f, node, stored),
        }
    }

    /// [`push`](Open::push) for a bound past the last bucket: rare, so kept
    /// out of the loop that calls `push`.
    #[cold]
    #[inline(never)]
    fn push_beyond(&mut self, f: u32, node: u32, stored: usize) {
        let index = f as usize;
        if index > DENSE_SLACK.saturating_add(stored.saturating_mul(2)) {
            self.sparse.entry(f).or_default().push(node);
            return;
        }
        self.dense.resize_with(index + 1, Vec::new);
        self.dense[index].push(node);
        self.lowest = self.lowest.min(index);
    }

    /// Removes a node of the lowest bound.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        while self.lowest < self.dense.len() && self.dense[self.lowest].is_empty() {
            self.lowest += 1;
        }
        if self.sparse.is_empty() {
            return self.dense.get_mut(self.lowest)?.pop();
        }
        let sparse_first = self.sparse.keys().next().map(|&f| f as usize);
        match sparse_first {
            Some(f) if f < self.lowest || self.lowest == self.dense.len() => {
                let mut bucket = self.sparse.first_entry()?;
                let node = bucket.get_mut().pop();
                if bucket.get().is_empty() {
                    bucket.remove();
                }
                node
            }
            _ => self.dense.get_mut(self.lowest)?.pop(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_the_lowest_bound_first_dense_or_sparse() {
        let mut open = Open::default();
        open.push(u32::MAX, 1, 1);
        open.push(7, 2, 1);
        open.push(3_000_000, 3, 1);
        open.push(7, 4, 1);
        open.push(0, 5, 1);
        let order: Vec<u32> = core::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, [5, 4, 2, 3, 1]);
        assert!(open.dense.len() <= DENSE_SLACK + 3);
    }

    #[test]
    fn huge_bounds_cost_no_memory_by_their_size() {
        let mut open = Open::default();
        for node in 0..100 {
            open.push(u32::MAX - node, node, 100);
        }
        assert!(open.dense.is_empty());
        assert_eq!(open.pop(), Some(99));
    }
}
