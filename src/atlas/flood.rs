//! The connected components of a whole space, flooded one component at a time.

use core::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::error::{state_table, table_len};
use super::{AtlasError, Components, Options, Phase, Progress};
use crate::search::table::KeySet;
use crate::{DenseSpace, Puzzle};

/// A graph over states numbered `0..len`, for [`flood`]: its nodes, their
/// keys and ranks, their neighbours, and parts that no edge leaves.
///
/// # Contract
///
/// * The neighbour relation is symmetric: if `b` is a neighbour of `a`, `a`
///   is one of `b` (a puzzle whose moves can all be undone).
/// * [`key`](Graph::key) tells states apart, and [`rank`](Graph::rank) maps
///   every state to a distinct number below [`len`](Graph::len).
/// * [`for_each_node`](Graph::for_each_node) visits every rank of its range
///   once, in increasing order.
/// * [`part`](Graph::part) is below [`parts`](Graph::parts), and the same for
///   a node and its neighbours.
///
/// A node is whatever the graph lists neighbours from most cheaply: the state
/// alone, or the state with the move that led to it (see [`MoveGraph`] for the
/// plain one).
pub trait Graph: Sync {
    /// A state, with whatever else makes its neighbours cheap to list.
    type Node: Send;

    /// The number of states.
    fn len(&self) -> u64;

    /// Whether there is no state.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of parts no edge leaves: up to as many threads flood at once.
    fn parts(&self) -> u64 {
        1
    }

    /// The part of `node`, below [`parts`](Graph::parts).
    fn part(&self, _node: &Self::Node) -> u64 {
        0
    }

    /// Calls `visit(rank, node)` for every state with a rank in `ranks`, in
    /// rank order. Most of these nodes are only looked at, not flooded from.
    fn for_each_node(&self, ranks: Range<u64>, visit: impl FnMut(u64, Self::Node));

    /// A number that tells the state of `node` from every other: the key of
    /// the hash set that a flood keeps, so it should be cheaper than the rank.
    fn key(&self, node: &Self::Node) -> u64;

    /// The rank of the state of `node`, below [`len`](Graph::len).
    fn rank(&self, node: &Self::Node) -> u64;

    /// Calls `emit(node)` for every neighbour of `node`.
    fn neighbours(&self, node: &Self::Node, emit: impl FnMut(Self::Node));
}

/// The graph of a puzzle's moves over a dense space, in one part, keyed by rank.
///
/// Floods the components [`components`](super::components()) finds, provided every move
/// can be undone (for a puzzle with one-way moves, use
/// [`components`](super::components()), which finds the weakly connected ones).
#[derive(Clone, Copy, Debug)]
pub struct MoveGraph<'a, P, D> {
    puzzle: &'a P,
    space: &'a D,
}

impl<'a, P, D> MoveGraph<'a, P, D> {
    /// The moves of `puzzle` between the states of `space`.
    pub fn new(puzzle: &'a P, space: &'a D) -> Self {
        MoveGraph { puzzle, space }
    }
}

impl<P, D> Graph for MoveGraph<'_, P, D>
where
    P: Puzzle + Sync,
    D: DenseSpace<State = P::State> + Sync,
    P::State: Send,
{
    /// A state and its rank.
    type Node = (u64, P::State);

    fn len(&self) -> u64 {
        self.space.len()
    }

    fn for_each_node(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Self::Node)) {
        self.space
            .for_each_state(ranks, |rank, state| visit(rank, (rank, state)));
    }

    fn key(&self, node: &Self::Node) -> u64 {
        node.0
    }

    fn rank(&self, node: &Self::Node) -> u64 {
        node.0
    }

    fn neighbours(&self, (_, state): &Self::Node, mut emit: impl FnMut(Self::Node)) {
        self.puzzle
            .successors(state, |_, next| emit((self.space.rank(&next), next)));
    }
}

/// The label of a state no flood has reached yet.
const UNSEEN: u32 = u32::MAX;

/// The connected components of `graph`, found by flooding one component at a
/// time from its smallest rank; labelled as [`components`](super::components()) labels them.
///
/// A scan in rank order starts a flood at each state no flood has reached.
/// The flood tells new neighbours by their [keys](Graph::key) in a hash set of
/// its own, the step every edge costs; each state is [ranked](Graph::rank)
/// once, when it is taken from the flood's stack, and the labels are written
/// once every flood is done. Each thread
/// takes whole [parts](Graph::parts), and the components are numbered by their
/// smallest rank at the end, so the labels depend neither on the number of
/// threads nor on their timing.
///
/// # Errors
///
/// [`AtlasError::TooLarge`] if the graph has more than `u32::MAX - 1` states.
/// [`AtlasError::Cancelled`] if the options' cancel flag was set: no table is returned.
///
/// # Complexity
///
/// Four bytes per state, plus a node and a key for every state of the largest
/// component; every node's neighbours are listed once, and every state ranked once.
pub fn flood<G: Graph>(
    graph: &G,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Components, AtlasError> {
    let states = graph.len();
    if states >= u64::from(UNSEEN) {
        return Err(AtlasError::TooLarge { states });
    }
    let length = table_len(states)?;
    let reached = AtomicU64::new(0);
    let parts = graph.parts().max(1);
    let threads = options
        .threads()
        .min(usize::try_from(parts).unwrap_or(usize::MAX));
    // Thread `t` floods the parts `p` with `p % threads == t`. Each scans all
    // ranks for states it has not reached yet, which costs far less than a flood.
    let scan = |thread: usize, report: &mut dyn FnMut(u64)| {
        let mut flooder = Flooder::new(length);
        let mut scanned = 0u64;
        let mut cancelled = false;
        graph.for_each_node(0..states, |rank, node| {
            // A cancelled run only finishes its scan, which floods nothing more.
            if !cancelled && graph.part(&node) % threads as u64 == thread as u64 {
                let before = flooder.members.len() as u64;
                flooder.flood(graph, rank, node);
                let found = flooder.members.len() as u64 - before;
                if found > 0 {
                    reached.fetch_add(found, Relaxed);
                }
            }
            scanned += 1;
            if scanned % (1 << 20) == 0 {
                cancelled = options.is_cancelled();
                report(reached.load(Relaxed));
            }
        });
        flooder
    };
    let scan = &scan;
    let mut report = |done| {
        progress(Progress {
            phase: Phase::Components,
            depth: 0,
            done,
            total: states,
        })
    };
    let flooders: Vec<Flooder<G::Node>> = if threads <= 1 {
        vec![scan(0, &mut report)]
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|thread| scope.spawn(move || scan(thread, &mut |_| {})))
                .collect();
            let mut flooders = vec![scan(0, &mut report)];
            for helper in helpers {
                match helper.join() {
                    Ok(flooder) => flooders.push(flooder),
                    // A helper panics only through a bug in the graph; pass it on.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            flooders
        })
    };
    options.check_cancelled()?;
    report(states);
    // The labels are written only now, by one thread: threads that wrote them
    // as they went would share cache lines all the time, as the states of
    // different parts lie side by side in rank order.
    let mut labels = state_table(states, || UNSEEN)?;
    let mut flood = 0u32;
    for flooder in &flooders {
        let mut members = flooder.members.iter();
        for &size in &flooder.sizes {
            for &rank in members.by_ref().take(size as usize) {
                if let Some(label) = labels.get_mut(rank as usize) {
                    *label = flood;
                }
            }
            flood += 1;
        }
    }
    drop(flooders);
    Ok(Components::from_floods(labels, flood))
}

/// What one thread keeps while it floods.
struct Flooder<N> {
    /// A bit per state: reached by this thread.
    reached: Vec<u64>,
    /// The states reached whose neighbours are still to list.
    stack: Vec<N>,
    /// The ranks of the states reached, flood after flood.
    members: Vec<u32>,
    /// The size of each flood, in order.
    sizes: Vec<u32>,
}

impl<N> Flooder<N> {
    fn new(states: usize) -> Self {
        Flooder {
            reached: vec![0; states.div_ceil(64)],
            stack: Vec::new(),
            members: Vec::new(),
            sizes: Vec::new(),
        }
    }

    /// Marks `rank` reached; whether it was new (never for a rank outside the table).
    #[inline]
    fn reach(&mut self, rank: u64) -> bool {
        let bit = 1u64 << (rank % 64);
        match self.reached.get_mut((rank / 64) as usize) {
            Some(word) if *word & bit == 0 => {
                *word |= bit;
                true
            }
            _ => false,
        }
    }

    /// Floods the component of `node`, of rank `rank`, unless this thread has
    /// reached it already (parts are closed, so no other thread can have).
    fn flood<G: Graph<Node = N>>(&mut self, graph: &G, rank: u64, node: N) {
        let bit = 1u64 << (rank % 64);
        if self
            .reached
            .get((rank / 64) as usize)
            .is_none_or(|word| word & bit != 0)
        {
            return;
        }
        let before = self.members.len();
        // A set per flood, not one cleared between floods: clearing costs its
        // capacity, which the largest component would set for all the rest.
        let mut seen: KeySet<u64> = KeySet::default();
        seen.insert(graph.key(&node));
        self.stack.push(node);
        while let Some(node) = self.stack.pop() {
            let rank = graph.rank(&node);
            if self.reach(rank) {
                self.members.push(rank as u32);
            }
            graph.neighbours(&node, |next| {
                if seen.insert(graph.key(&next)) {
                    self.stack.push(next);
                }
            });
        }
        self.sizes.push((self.members.len() - before) as u32);
    }
}
