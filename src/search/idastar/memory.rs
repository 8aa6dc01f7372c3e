//! What IDA* remembers of the states it has searched: nothing ([`NoTable`],
//! linear memory), or a transposition table of bounded size ([`Table`]).

use crate::search::grow::Budget;
use crate::search::table::KeyTable;
use crate::Puzzle;

/// What a table knows of a key.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    /// The iteration that last reached the key.
    pub(super) iteration: u32,
    /// The fewest moves that iteration reached it with.
    pub(super) moves: u32,
    /// A lower bound on the moves from the key's states to a goal.
    pub(super) bound: u32,
}

/// What IDA* remembers of the states it has searched: nothing, or a table.
pub(super) trait Memory<P: Puzzle> {
    /// Whether it remembers anything (then every successor is tried, and
    /// learned bounds are kept).
    const REMEMBERS: bool;
    /// What names a state for [`recall`](Memory::recall): its key, or nothing.
    type Mark: Copy;

    fn mark(&self, puzzle: &P, state: &P::State) -> Self::Mark;
    fn recall(&self, mark: Self::Mark) -> Option<Entry>;
    /// Records `entry` for `mark`: nothing when full, or when it cannot
    /// grow within `budget`. `Err` when a new state would make it hold more
    /// than `room` states.
    fn remember(
        &mut self,
        mark: Self::Mark,
        entry: Entry,
        room: usize,
        budget: &mut Budget,
    ) -> Result<(), ()>;
    /// Raises the bound known for `mark` to `bound`.
    fn learn(&mut self, mark: Self::Mark, bound: u32);
    /// The states remembered.
    fn stored(&self) -> usize;
}

/// Nothing remembered: IDA* in linear memory.
pub(super) struct NoTable;

impl<P: Puzzle> Memory<P> for NoTable {
    const REMEMBERS: bool = false;
    type Mark = ();

    #[inline]
    fn mark(&self, _: &P, _: &P::State) {}
    #[inline]
    fn recall(&self, (): ()) -> Option<Entry> {
        None
    }
    #[inline]
    fn remember(&mut self, (): (), _: Entry, _: usize, _: &mut Budget) -> Result<(), ()> {
        Ok(())
    }
    #[inline]
    fn learn(&mut self, (): (), _: u32) {}
    #[inline]
    fn stored(&self) -> usize {
        0
    }
}

/// A transposition table of at most `capacity` keys: fewer when it cannot
/// grow (then `capacity` is lowered to what it holds).
pub(super) struct Table<K> {
    entries: KeyTable<K, Entry>,
    capacity: usize,
}

impl<K: Copy + Eq + core::hash::Hash> Table<K> {
    pub(super) fn new(capacity: usize) -> Self {
        Table {
            entries: KeyTable::new(),
            capacity,
        }
    }
}

impl<P: Puzzle> Memory<P> for Table<P::Key> {
    const REMEMBERS: bool = true;
    type Mark = P::Key;

    #[inline]
    fn mark(&self, puzzle: &P, state: &P::State) -> P::Key {
        puzzle.encode(state)
    }
    #[inline]
    fn recall(&self, key: P::Key) -> Option<Entry> {
        self.entries.get(&key).copied()
    }
    #[inline]
    fn remember(
        &mut self,
        key: P::Key,
        entry: Entry,
        room: usize,
        budget: &mut Budget,
    ) -> Result<(), ()> {
        // A lookup first: a full table must not be handed a new key, which
        // would grow it where growing cannot fail.
        if let Some(known) = self.entries.get_mut(&key) {
            *known = entry;
            return Ok(());
        }
        let stored = self.entries.len();
        if stored >= self.capacity {
            return Ok(());
        }
        if stored >= room {
            return Err(());
        }
        if budget.table_room(&mut self.entries).is_err() {
            // A table that cannot grow is full: the search goes on without.
            self.capacity = stored;
            return Ok(());
        }
        self.entries.insert_new(key, entry);
        Ok(())
    }

    #[inline]
    fn learn(&mut self, key: P::Key, bound: u32) {
        if let Some(entry) = self.entries.get_mut(&key) {
            entry.bound = entry.bound.max(bound);
        }
    }
    fn stored(&self) -> usize {
        self.entries.len()
    }
}
