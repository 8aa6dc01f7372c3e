//! The open list of the weighted best-first engines: states by priority in
//! a binary heap (those of the lowest priority on a stack beside it, those
//! bound for it waiting in a vector until it is next popped), each key's
//! cheapest node, and the search tree behind them.

// Indices in this module are the nodes' own, handed out by `Nodes::push`: in bounds.
#![allow(clippy::indexing_slicing)]

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use hashbrown::hash_table::Entry as Slot;

use crate::adapt::stop;
use crate::cost::{Cost, Weighted};
use crate::search::grow::Budget;
use crate::search::run::{Countdown, Watch, MAX_INDEXED};
use crate::search::table::KeyTable;
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

/// A node with a parent: its state, the link back, its cost and whether a
/// cheaper node of its key replaced it, all in one entry. A child kept is
/// one room check and one push, and a node expanded one cache line read,
/// where a vector for each of them took a check and a push each.
struct Node<S, M, C> {
    state: S,
    mv: M,
    parent: u32,
    /// The cost of the path from the roots.
    cost: C,
    superseded: bool,
}

/// The search tree of a weighted search: the roots, then the nodes reached
/// from them, numbered in the order reached. The roots are kept apart, as
/// in [`Tree`](crate::search::tree::Tree), so that a node needs no
/// optional move: a root costs zero and is never superseded (no path costs
/// less than zero).
struct Nodes<S, M, C> {
    roots: Vec<S>,
    /// `linked[i]` is node `roots.len() + i`.
    linked: Vec<Node<S, M, C>>,
}

impl<S, M, C: Cost> Nodes<S, M, C> {
    /// No nodes, with room for `capacity` from `budget`.
    fn new_in(budget: &mut Budget, capacity: usize) -> Result<Self, Limit> {
        Ok(Nodes {
            roots: Vec::new(),
            linked: budget.vec(capacity)?,
        })
    }

    /// Empties the nodes for another search, keeping their room, which
    /// `budget` counts from now on.
    fn clear_in(&mut self, budget: &mut Budget) {
        self.roots.clear();
        self.linked.clear();
        budget.adopt(&self.linked);
    }

    /// Room for one more node with a parent: the check before
    /// [`push`](Nodes::push), which never grows the vector itself.
    #[inline(always)]
    fn room(&mut self, budget: &mut Budget) -> Result<(), Limit> {
        budget.room(&mut self.linked)
    }

    /// Adds `state` as a root, before any node with a parent, and returns its index.
    fn push_root(&mut self, state: S) -> u32 {
        debug_assert!(self.linked.is_empty(), "roots come first");
        self.roots.push(state);
        self.roots.len() as u32 - 1
    }

    /// Adds `state`, reached from node `parent` by `mv` at `cost`;
    /// [`room`](Nodes::room) made room for it.
    #[inline]
    fn push(&mut self, state: S, parent: u32, mv: M, cost: C) {
        self.linked.push(Node {
            state,
            mv,
            parent,
            cost,
            superseded: false,
        });
    }

    /// The number of nodes.
    #[inline]
    fn len(&self) -> usize {
        self.roots.len() + self.linked.len()
    }

    /// Node `index` if it has a parent.
    #[inline]
    fn linked(&self, index: usize) -> Option<&Node<S, M, C>> {
        let linked = index.checked_sub(self.roots.len())?;
        Some(&self.linked[linked])
    }

    /// The cost of node `index`.
    #[inline]
    fn cost(&self, index: usize) -> C {
        self.linked(index).map_or(C::ZERO, |node| node.cost)
    }

    #[inline]
    fn is_superseded(&self, index: usize) -> bool {
        self.linked(index).is_some_and(|node| node.superseded)
    }

    /// Marks node `index` superseded; a root never is (nothing is cheaper).
    #[inline]
    fn supersede(&mut self, index: usize) {
        if let Some(linked) = index.checked_sub(self.roots.len()) {
            self.linked[linked].superseded = true;
        }
    }

    fn state(&self, index: usize) -> &S {
        self.node(index).0
    }

    /// The state of node `index`, its cost, and the move that reached it
    /// unless it is a root.
    #[inline]
    fn node(&self, index: usize) -> (&S, C, Option<&M>) {
        match self.linked(index) {
            Some(node) => (&node.state, node.cost, Some(&node.mv)),
            None => (&self.roots[index], C::ZERO, None),
        }
    }

    /// The indices from `index` up to its root, `index` first.
    fn ancestry(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(index), move |&index| {
            self.linked(index).map(|node| node.parent as usize)
        })
    }
}

impl<S: Clone, M: Clone, C: Cost> Nodes<S, M, C> {
    /// The path from the root of node `index` to it, both included.
    fn path_to(&self, index: usize) -> Path<S, M> {
        // Walked twice, to count and then to copy: the path's vectors are
        // allocated once each, as in `Tree::path_to`.
        let length = self.ancestry(index).count();
        let mut states = Vec::with_capacity(length);
        let mut moves = Vec::with_capacity(length.saturating_sub(1));
        for index in self.ancestry(index) {
            let (state, _, mv) = self.node(index);
            states.push(state.clone());
            if let Some(mv) = mv {
                moves.push(mv.clone());
            }
        }
        Path::from_reversed(states, moves)
    }
}

/// The nodes still to expand: a heap, the nodes bound for it, and the
/// nodes of the lowest priority beside it.
struct Queue<C> {
    heap: BinaryHeap<Waiting<C>>,
    /// Nodes bound for the heap, not sifted into it yet: they join it all
    /// at once (in one rebuild of its tail) when a node is next taken from
    /// it. A search that ends at its goal takes few nodes from the heap
    /// (most come from the ties) and puts many more in, which it never
    /// takes out: those cost a push on a vector, not a sift up the heap.
    /// The heap and these together are what the heap alone was, so nodes
    /// come out in the same order.
    pending: Vec<Waiting<C>>,
    /// Nodes whose priority is the frontier's `current`, that of the node last
    /// taken from the heap, the newest last. They come out before the heap
    /// and in the heap's own order (among equal priorities the node reached
    /// last first, and every node in the heap is older or of a higher
    /// priority), so a node of the lowest priority costs no heap push or
    /// pop: most of them on open ground, where A*'s priority stays level
    /// along the way to the goal. `None` when no node is expanded yet, or
    /// when a node of a lower priority joined the heap (an inconsistent
    /// heuristic): then these nodes went into the heap.
    ties: Vec<u32>,
}

impl<C: Cost> Queue<C> {
    /// An empty queue with room for `capacity` nodes from `budget`.
    fn new_in(budget: &mut Budget, capacity: usize) -> Result<Self, Limit> {
        Ok(Queue {
            heap: BinaryHeap::from(budget.vec(capacity)?),
            pending: budget.vec(capacity)?,
            ties: budget.vec(capacity)?,
        })
    }

    /// Empties the queue for another search, keeping its room, which
    /// `budget` counts from now on.
    fn clear_in(&mut self, budget: &mut Budget) {
        let mut heap = core::mem::take(&mut self.heap).into_vec();
        heap.clear();
        budget.adopt(&heap);
        self.heap = BinaryHeap::from(heap);
        self.ties.clear();
        budget.adopt(&self.ties);
        self.pending.clear();
        budget.adopt(&self.pending);
    }

    /// Room for one more node among the pending ones or the ties; the heap
    /// has room for both, which may join it at once.
    #[inline(always)]
    fn room(&mut self, budget: &mut Budget) -> Result<(), Limit> {
        let beside = self.pending.len() + self.ties.len();
        if self.heap.len() + beside >= self.heap.capacity() {
            grow_heap(&mut self.heap, beside, budget)?;
        }
        budget.room(&mut self.pending)?;
        budget.room(&mut self.ties)
    }

    /// The number of nodes, superseded ones included.
    fn len(&self) -> usize {
        self.heap.len() + self.pending.len() + self.ties.len()
    }
}

/// The states a weighted search has reached: every node in [`Nodes`] with
/// its cost so far, the cheapest node of each key, and the nodes still to
/// expand in a heap. A node replaced by a cheaper way to its key is marked
/// superseded and skipped when it comes out of the heap (lazy deletion); a
/// key already expanded can be reached again more cheaply, and its new node
/// is expanded again (reopening).
pub(super) struct Frontier<P: Weighted> {
    nodes: Nodes<P::State, P::Move, P::Cost>,
    /// The cheapest node of each key.
    best: Best<P::Key>,
    /// The nodes still to expand.
    queue: Queue<P::Cost>,
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
            nodes: Nodes::new_in(budget, start)?,
            best,
            queue: Queue::new_in(budget, start)?,
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
        frontier.nodes.clear_in(budget);
        frontier.queue.clear_in(budget);
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
            for node in 0..self.nodes.len() {
                let key = puzzle.encode(self.nodes.state(node));
                if let Some(slot) = nodes.get_mut(puzzle.dense_key(&key)) {
                    *slot = NONE;
                }
            }
            *keys = 0;
        }
    }

    /// Room for one more node, and for one more key in a hashed table,
    /// from `budget`.
    fn room(&mut self, budget: &mut Budget) -> Result<(), Limit> {
        self.nodes.room(budget)?;
        self.queue.room(budget)?;
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
        let node = self.nodes.push_root(state);
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
        self.record(node, priority);
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
        if self.nodes.len() >= MAX_INDEXED {
            return Err(Limit::States { max: MAX_INDEXED });
        }
        // Growth is checked where it would happen, never inside a push or
        // an insert: room for a node once the child is kept (most children
        // are not), and room for a key before the hashed table's entry,
        // which could not grow it.
        let node = self.nodes.len() as u32;
        let keys = self.best.len();
        let max = self.max_states;
        // The child is kept: a new key, or a cheaper way to a known one,
        // whose slot then names the new node.
        let priority = 'kept: {
            let slot = match &mut self.best {
                Best::Dense { nodes, keys } => {
                    let slot = nodes
                        .get_mut(puzzle.dense_key(&key))
                        .ok_or(Limit::States { max })?;
                    if *slot == NONE {
                        if *keys >= max {
                            return Err(Limit::States { max });
                        }
                        let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                        self.nodes.room(budget)?;
                        self.queue.room(budget)?;
                        *slot = node;
                        *keys += 1;
                        break 'kept priority;
                    }
                    slot
                }
                Best::Hashed(table) => {
                    budget.table_room(table)?;
                    match table.entry(key) {
                        Slot::Occupied(entry) => &mut entry.into_mut().1,
                        Slot::Vacant(entry) => {
                            if keys >= max {
                                return Err(Limit::States { max });
                            }
                            let priority = priority(&state).ok_or(Limit::CostOverflow)?;
                            self.nodes.room(budget)?;
                            self.queue.room(budget)?;
                            entry.insert((key, node));
                            break 'kept priority;
                        }
                    }
                }
            };
            let known = *slot as usize;
            if self.nodes.cost(known) <= cost {
                return Ok(None);
            }
            let priority = priority(&state).ok_or(Limit::CostOverflow)?;
            self.nodes.room(budget)?;
            self.queue.room(budget)?;
            self.nodes.supersede(known);
            *slot = node;
            priority
        };
        self.nodes.push(state, parent, mv, cost);
        self.record(node, priority);
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
    fn record(&mut self, node: u32, priority: P::Cost) {
        match self.current.map(|current| priority.cmp(&current)) {
            Some(Ordering::Equal) => self.queue.ties.push(node),
            Some(Ordering::Less) => {
                self.demote();
                self.queue.pending.push(Waiting { priority, node });
            }
            _ => self.queue.pending.push(Waiting { priority, node }),
        }
    }

    /// Moves the pending nodes into the heap, which has room for them.
    #[inline]
    fn sift_pending(&mut self) {
        match self.queue.pending.len() {
            0 => {}
            // One node, as bidirectional search leaves between two looks
            // at the heap's top: a push, without the rebuild's overhead.
            1 => {
                if let Some(waiting) = self.queue.pending.pop() {
                    self.queue.heap.push(waiting);
                }
            }
            _ => self.queue.heap.extend(self.queue.pending.drain(..)),
        }
    }

    /// Moves the ties into the heap, which has room for them.
    #[cold]
    fn demote(&mut self) {
        if let Some(priority) = self.current.take() {
            let waiting = self
                .queue
                .ties
                .drain(..)
                .map(|node| Waiting { priority, node });
            self.queue.heap.extend(waiting);
        }
    }

    /// Removes and returns the node of lowest priority, skipping superseded ones.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<u32> {
        while let Some(node) = self.queue.ties.pop() {
            if !self.nodes.is_superseded(node as usize) {
                return Some(node);
            }
        }
        self.sift_pending();
        while let Some(waiting) = self.queue.heap.pop() {
            if !self.nodes.is_superseded(waiting.node as usize) {
                self.current = Some(waiting.priority);
                return Some(waiting.node);
            }
        }
        None
    }

    /// The lowest priority of a node still to expand, if any.
    pub(super) fn lowest(&mut self) -> Option<P::Cost> {
        while let Some(&node) = self.queue.ties.last() {
            if !self.nodes.is_superseded(node as usize) {
                return self.current;
            }
            self.queue.ties.pop();
        }
        self.sift_pending();
        while let Some(waiting) = self.queue.heap.peek() {
            if !self.nodes.is_superseded(waiting.node as usize) {
                return Some(waiting.priority);
            }
            self.queue.heap.pop();
        }
        None
    }

    /// The number of nodes in the heap, superseded ones included.
    pub(super) fn waiting(&self) -> usize {
        self.queue.len()
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
        Some((node, self.nodes.cost(node as usize)))
    }

    /// The state of node `node`, its cost, and the move that reached it
    /// unless it is a root.
    #[inline]
    pub(super) fn node(&self, node: u32) -> (&P::State, P::Cost, Option<&P::Move>) {
        self.nodes.node(node as usize)
    }

    /// The nodes from `node` up to its root, `node` first.
    pub(super) fn ancestry(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        self.nodes.ancestry(node as usize).map(|index| index as u32)
    }

    /// The path from the root of node `node` to it, both included.
    pub(super) fn path_to(&self, node: u32) -> Path<P::State, P::Move>
    where
        P: Puzzle,
    {
        self.nodes.path_to(node as usize)
    }
}

/// Grows a full heap, by at least the nodes `beside` it.
#[cold]
#[inline(never)]
fn grow_heap<C: Cost>(
    heap: &mut BinaryHeap<Waiting<C>>,
    beside: usize,
    budget: &mut Budget,
) -> Result<(), Limit> {
    let mut vec = core::mem::take(heap).into_vec();
    let more = beside + vec.capacity().max(4);
    let grown = budget.reserve(&mut vec, more);
    *heap = BinaryHeap::from(vec);
    grown
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
