//! The open list of the weighted best-first engines: states by priority in
//! a binary heap (those of the lowest priority on a stack beside it), each
//! key's cheapest node, and the search tree behind them.

// Indices in this module are the tree's own, handed out by `Tree::push`: in bounds.
#![allow(clippy::indexing_slicing)]

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use hashbrown::hash_table::Entry as Slot;

use crate::adapt::stop;
use crate::cost::{Cost, Weighted};
use crate::search::grow::Budget;
use crate::search::run::{Countdown, Watch, MAX_INDEXED};
use crate::search::table::KeyTable;
use crate::search::tree::Tree;
use crate::search::Limit;
use crate::{Path, Puzzle};

/// A node waiting in the heap: the lowest priority comes out first, and
/// among equals the node reached last, which is the deeper one where the
/// priorities tie on open ground (it was reached from a node expanded
/// later). The entry holds no cost beside its priority: it is the heap's
/// whole traffic, and the smaller the faster.
#[derive(Clone, Copy, Debug)]
struct Waiting<C> {
    priority: C,
    node: u32,
}

impl<C: Ord> Ord for Waiting<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then_with(|| self.node.cmp(&other.node))
    }
}

impl<C: Ord> PartialOrd for Waiting<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> PartialEq for Waiting<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Ord> Eq for Waiting<C> {}

/// Room reserved up front: small, as a search of a small map runs for
/// microseconds, and a large reservation would cost it more than its search
/// (the vectors grow by doubling).
const INITIAL_CAPACITY: usize = 1 << 8;

/// The end of a list, or no node, in [`Best::Dense`].
const NONE: u32 = u32::MAX;

/// The cheapest node of each key: in a hash table, or in an array indexed by
/// [`Weighted::dense_key`].
enum Best<K> {
    Hashed(KeyTable<K, u32>),
    Dense {
        /// `nodes[dense_key(key)]`: the node, or [`NONE`].
        nodes: Vec<u32>,
        keys: usize,
    },
}

impl<K: Copy + Eq + core::hash::Hash> Best<K> {
    #[inline]
    fn len(&self) -> usize {
        match self {
            Best::Hashed(table) => table.len(),
            Best::Dense { keys, .. } => *keys,
        }
    }
}

/// The states a weighted search has reached: every node in a [`Tree`] with
/// its cost so far, the cheapest node of each key, and the nodes still to
/// expand in a heap. A node replaced by a cheaper way to its key is marked
/// superseded and skipped when it comes out of the heap (lazy deletion); a
/// key already expanded can be reached again more cheaply, and its new node
/// is expanded again (reopening).
pub(super) struct Frontier<P: Weighted> {
    tree: Tree<P::State, P::Move>,
    /// `costs[i]`: the cost of the path from the roots to node `i`.
    costs: Vec<P::Cost>,
    superseded: Vec<bool>,
    /// The cheapest node of each key.
    best: Best<P::Key>,
    heap: BinaryHeap<Waiting<P::Cost>>,
    /// Nodes whose priority is `current`, the priority of the node last
    /// taken from the heap, the newest last. They come out before the heap
    /// and in the heap's own order (among equal priorities the node reached
    /// last first, and every node in the heap is older or of a higher
    /// priority), so a node of the lowest priority costs no heap push or
    /// pop: most of them on open ground, where A*'s priority stays level
    /// along the way to the goal. `None` when no node is expanded yet, or
    /// when a node of a lower priority joined the heap (an inconsistent
    /// heuristic): then these nodes went into the heap.
    ties: Vec<u32>,
    current: Option<P::Cost>,
    max_states: usize,
}

impl<P: Weighted> Frontier<P> {
    /// An empty frontier for `puzzle` that holds at most `max_states` keys,
    /// its room taken from `budget`.
    pub(super) fn new(puzzle: &P, max_states: usize, budget: &mut Budget) -> Result<Self, Limit> {
        let best = match puzzle.dense_keys() {
            Some(count) => {
                let mut nodes = budget.vec(count)?;
                nodes.resize(count, NONE);
                Best::Dense { nodes, keys: 0 }
            }
            None => Best::Hashed(budget.table(INITIAL_CAPACITY)?),
        };
        let start = budget.start(INITIAL_CAPACITY);
        Ok(Frontier {
            tree: Tree::new_in(budget, INITIAL_CAPACITY)?,
            costs: budget.vec(start)?,
            superseded: budget.vec(start)?,
            best,
            heap: BinaryHeap::from(budget.vec(start)?),
            ties: budget.vec(start)?,
            current: None,
            max_states: max_states.min(MAX_INDEXED),
        })
    }

    /// A frontier for `puzzle` as [`new`](Frontier::new) makes it, made of
    /// `kept`'s room where it can be: a kept frontier has been
    /// [`forget`](Frontier::forget)ten, and a search under a byte limit
    /// starts small, as a new one does.
    pub(super) fn renew(
        kept: Option<Self>,
        puzzle: &P,
        max_states: usize,
        budget: &mut Budget,
    ) -> Result<Self, Limit> {
        let Some(mut frontier) = kept.filter(|kept| {
            !budget.is_limited()
                && match &kept.best {
                    Best::Hashed(_) => puzzle.dense_keys().is_none(),
                    Best::Dense { nodes, .. } => puzzle.dense_keys() == Some(nodes.len()),
                }
        }) else {
            return Frontier::new(puzzle, max_states, budget);
        };
        frontier.tree.clear_in(budget);
        frontier.costs.clear();
        budget.adopt(&frontier.costs);
        frontier.superseded.clear();
        budget.adopt(&frontier.superseded);
        let mut heap = core::mem::take(&mut frontier.heap).into_vec();
        heap.clear();
        budget.adopt(&heap);
        frontier.heap = BinaryHeap::from(heap);
        frontier.ties.clear();
        budget.adopt(&frontier.ties);
        frontier.current = None;
        match &mut frontier.best {
            Best::Hashed(table) => {
                table.clear();
                budget.adopt_table(table);
            }
            Best::Dense { nodes, .. } => budget.adopt(nodes),
        }
        frontier.max_states = max_states.min(MAX_INDEXED);
        Ok(frontier)
    }

    /// Clears the keys this search reached from a dense table, so that
    /// [`renew`](Frontier::renew) finds it empty without filling all of it:
    /// a search that reached a few states of a large space clears a few
    /// entries.
    pub(super) fn forget(&mut self, puzzle: &P) {
        if let Best::Dense { nodes, keys } = &mut self.best {
            for node in 0..self.tree.len() {
                let key = puzzle.encode(self.tree.state(node));
                if let Some(slot) = nodes.get_mut(puzzle.dense_key(&key)) {
                    *slot = NONE;
                }
            }
            *keys = 0;
        }
    }

    /// Room for one more node, and for one more key in a hashed table,
    /// from `budget`.
    #[inline(always)]
    fn room(&mut self, budget: &mut Budget) -> Result<(), Limit> {
        self.tree.room(budget)?;
        budget.room(&mut self.costs)?;
        budget.room(&mut self.superseded)?;
        // The heap has room for the ties too, which may join it at once.
        if self.heap.len() + self.ties.len() >= self.heap.capacity() {
            let mut heap = core::mem::take(&mut self.heap).into_vec();
            let more = self.ties.len() + heap.capacity().max(4);
            let grown = budget.reserve(&mut heap, more);
            self.heap = BinaryHeap::from(heap);
            grown?;
        }
        budget.room(&mut self.ties)?;
        match &mut self.best {
            Best::Hashed(table) => budget.table_room(table),
            Best::Dense { .. } => Ok(()),
        }
    }

    /// Adds `state` as a root of cost zero and priority `priority`, before
    /// any other node; a root whose key is already a root is left out.
    ///
    /// # Errors
    ///
    /// The state limit when the frontier is full.
    pub(super) fn push_root(
        &mut self,
        puzzle: &P,
        key: P::Key,
        state: P::State,
        priority: P::Cost,
        budget: &mut Budget,
    ) -> Result<(), Limit> {
        if self.best(puzzle, &key).is_some() {
            return Ok(());
        }
        self.admit()?;
        self.room(budget)?;
        let node = self.tree.push_root(state);
        match &mut self.best {
            Best::Hashed(table) => table.insert_new(key, node),
            Best::Dense { nodes, keys } => {
                let slot = nodes.get_mut(puzzle.dense_key(&key)).ok_or(Limit::States {
                    max: self.max_states,
                })?;
                *slot = node;
                *keys += 1;
            }
        }
        self.record(node, P::Cost::ZERO, priority);
        Ok(())
    }

    /// Keeps `state`, reached from node `parent` by `mv` at cost `cost`,
    /// unless a node of its key costs no more; `priority` gives its priority
    /// from its cost when it is kept. Returns the node kept, if any.
    ///
    /// # Errors
    ///
    /// The state limit when a new key would not fit, the memory limit when
    /// the frontier cannot grow within `budget`, or the cost overflow that
    /// `priority` reports as `None`.
    #[inline]
    #[allow(clippy::too_many_arguments)] // the child, its link, its cost: one thing each
    pub(super) fn offer(
        &mut self,
        puzzle: &P,
        key: P::Key,
        state: P::State,
        parent: u32,
        mv: P::Move,
        cost: P::Cost,
        priority: impl FnOnce(&P::State) -> Option<P::Cost>,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Limit> {
        if self.tree.len() >= MAX_INDEXED {
            return Err(Limit::States { max: MAX_INDEXED });
        }
        // Room for a node, whether it is kept or not: growth is checked
        // where it would happen, never inside a push.
        self.room(budget)?;
        let node = self.tree.len() as u32;
        let keys = self.best.len();
        let table = match &mut self.best {
            Best::Hashed(table) => table,
            Best::Dense { nodes, keys } => {
                let max = self.max_states;
                let slot = nodes
                    .get_mut(puzzle.dense_key(&key))
                    .ok_or(Limit::States { max })?;
                if *slot == NONE {
                    if *keys >= max {
                        return Err(Limit::States { max });
                    }
                    let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                    *slot = node;
                    *keys += 1;
                    self.tree.push(state, parent, mv);
                    self.record(node, cost, priority);
                } else {
                    let known = *slot as usize;
                    if self.costs[known] <= cost {
                        return Ok(None);
                    }
                    let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                    self.superseded[known] = true;
                    *slot = node;
                    self.tree.push(state, parent, mv);
                    self.record(node, cost, priority);
                }
                return Ok(Some(node));
            }
        };
        match table.entry(key) {
            Slot::Occupied(mut entry) => {
                let known = entry.get().1 as usize;
                if self.costs[known] <= cost {
                    return Ok(None);
                }
                let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                self.superseded[known] = true;
                entry.get_mut().1 = node;
                self.tree.push(state, parent, mv);
                self.record(node, cost, priority);
            }
            Slot::Vacant(entry) => {
                if keys >= self.max_states {
                    return Err(Limit::States {
                        max: self.max_states,
                    });
                }
                let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                entry.insert((key, node));
                self.tree.push(state, parent, mv);
                self.record(node, cost, priority);
            }
        }
        Ok(Some(node))
    }

    fn admit(&self) -> Result<(), Limit> {
        if self.best.len() >= self.max_states {
            return Err(Limit::States {
                max: self.max_states,
            });
        }
        Ok(())
    }

    #[inline]
    fn record(&mut self, node: u32, cost: P::Cost, priority: P::Cost) {
        self.costs.push(cost);
        self.superseded.push(false);
        match self.current.map(|current| priority.cmp(&current)) {
            Some(Ordering::Equal) => self.ties.push(node),
            Some(Ordering::Less) => {
                self.demote();
                self.heap.push(Waiting { priority, node });
            }
            _ => self.heap.push(Waiting { priority, node }),
        }
    }

    /// Moves the ties into the heap, which has room for them.
    #[cold]
    fn demote(&mut self) {
        if let Some(priority) = self.current.take() {
            let waiting = self.ties.drain(..).map(|node| Waiting { priority, node });
            self.heap.extend(waiting);
        }
    }

    /// Removes and returns the node of lowest priority, skipping superseded ones.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        while let Some(node) = self.ties.pop() {
            if !self.superseded[node as usize] {
                return Some(node);
            }
        }
        while let Some(waiting) = self.heap.pop() {
            if !self.superseded[waiting.node as usize] {
                self.current = Some(waiting.priority);
                return Some(waiting.node);
            }
        }
        None
    }

    /// The lowest priority of a node still to expand, if any.
    pub(super) fn lowest(&mut self) -> Option<P::Cost> {
        while let Some(&node) = self.ties.last() {
            if !self.superseded[node as usize] {
                return self.current;
            }
            self.ties.pop();
        }
        while let Some(waiting) = self.heap.peek() {
            if !self.superseded[waiting.node as usize] {
                return Some(waiting.priority);
            }
            self.heap.pop();
        }
        None
    }

    /// The number of nodes in the heap, superseded ones included.
    pub(super) fn waiting(&self) -> usize {
        self.heap.len() + self.ties.len()
    }

    /// The number of keys reached.
    pub(super) fn keys(&self) -> usize {
        self.best.len()
    }

    /// The cheapest node of `key` and its cost, if the key was reached.
    #[inline]
    pub(super) fn best(&self, puzzle: &P, key: &P::Key) -> Option<(u32, P::Cost)> {
        let node = match &self.best {
            Best::Hashed(table) => *table.get(key)?,
            Best::Dense { nodes, .. } => *nodes
                .get(puzzle.dense_key(key))
                .filter(|&&node| node != NONE)?,
        };
        Some((node, self.costs[node as usize]))
    }

    /// The state of node `node`, its cost, and the move that reached it
    /// unless it is a root.
    #[inline]
    pub(super) fn node(&self, node: u32) -> (&P::State, P::Cost, Option<&P::Move>) {
        let (state, mv) = self.tree.node(node as usize);
        (state, self.costs[node as usize], mv)
    }

    /// The nodes from `node` up to its root, `node` first.
    pub(super) fn ancestry(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        self.tree.ancestry(node as usize).map(|index| index as u32)
    }

    /// The path from the root of node `node` to it, both included.
    pub(super) fn path_to(&self, node: u32) -> Path<P::State, P::Move>
    where
        P: Puzzle,
    {
        self.tree.path_to(node as usize)
    }
}

/// Counts a child generated, and tells whether the search must stop: it was
/// stopped already, or its time is up or it was cancelled (recorded in `stop`).
#[inline(always)]
pub(super) fn stopping(
    generated: &mut Countdown,
    watch: &Watch<'_>,
    stop: &mut Option<Limit>,
) -> bool {
    let look = generated.step();
    if stop.is_some() {
        // The search has stopped: the rest of the children need not come.
        stop::request();
        return true;
    }
    if look {
        if let Err(limit) = watch.look() {
            *stop = Some(limit);
            return true;
        }
    }
    false
}
