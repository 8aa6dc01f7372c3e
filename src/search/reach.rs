//! What a breadth-first search holds as it grows: the states it has seen,
//! the tree of the moves that first reached them, the states its state
//! limit has left, and its lookout. BFS and the search for every optimal
//! path share it; each keeps beside it what only it needs.

use super::grow::Budget;
use super::run::{self, Lookout, Run};
use super::table::{KeyTable, INITIAL_CAPACITY};
use super::tree::Tree;
use super::{Limit, Stats};
use crate::Puzzle;

/// The states a breadth-first search has reached, each key seen with a `V`.
pub(super) struct Reach<'p, P: Puzzle, V> {
    pub(super) puzzle: &'p P,
    pub(super) lookout: Lookout<'p>,
    pub(super) seen: KeyTable<P::Key, V>,
    pub(super) states_left: StatesLeft,
    /// Every state reached, layer after layer, with the move that first
    /// reached it.
    pub(super) tree: Tree<P::State, P::Move>,
    /// The bytes `seen` and `tree` hold (and whatever else the search grows
    /// in it), and the limit on them.
    pub(super) budget: Budget,
}

impl<'p, P: Puzzle, V> Reach<'p, P, V> {
    /// The reach of `starts` (one per key), layer 0, each start's key seen
    /// with the value `value` gives its index; or the limit that stops the
    /// search before it begins.
    pub(super) fn new(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
        value: impl Fn(u32) -> V,
    ) -> Result<Self, Limit> {
        let mut budget = run.budget();
        let (seen, tree) = Tree::with_table_in(&mut budget, INITIAL_CAPACITY)?;
        let mut reach = Reach {
            puzzle,
            lookout: Lookout::new(run),
            seen,
            states_left: StatesLeft::new(run, starts.len()),
            tree,
            budget,
        };
        for (index, start) in (0..).zip(starts) {
            reach.seen.insert_new(puzzle.encode(&start), value(index));
            reach.budget.table_room(&mut reach.seen)?;
            reach.tree.push_root(start);
        }
        Ok(reach)
    }

    /// Whether a state of the last layer, from `layer_start` on, has a
    /// successor not seen yet; stops at the first.
    pub(super) fn leads_beyond(
        &mut self,
        layer_start: usize,
        run: &mut Run<'_>,
    ) -> Result<bool, Limit> {
        let tree = &self.tree;
        let states = (layer_start..tree.len()).map(|index| tree.state(index));
        let seen = |key: &P::Key| self.seen.contains(key);
        run::leads_beyond(self.puzzle, states, seen, &mut self.lookout, run)
    }

    /// Adds to `stats` what the search has not written there yet: the
    /// children generated, and the states stored (another engine may have
    /// stored more before it handed over to BFS).
    pub(super) fn record(&self, stats: &mut Stats) {
        stats.generated += self.lookout.generated.count();
        stats.max_stored = stats.max_stored.max(self.seen.len());
    }
}

/// How many more states a search's state limit lets it store.
pub(super) struct StatesLeft {
    /// How many more states the search may store.
    left: usize,
    /// The limit.
    max: usize,
}

impl StatesLeft {
    /// What `run`'s state limit leaves once the search holds `stored` states.
    pub(super) fn new(run: &Run<'_>, stored: usize) -> Self {
        StatesLeft {
            left: run.max_states().saturating_sub(stored),
            max: run.max_states(),
        }
    }

    /// Takes one more state, or names the limit when none is left.
    #[inline(always)]
    pub(super) fn claim(&mut self) -> Result<(), Limit> {
        if self.left == 0 {
            return Err(Limit::States { max: self.max });
        }
        self.left -= 1;
        Ok(())
    }
}
