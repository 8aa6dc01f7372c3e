//! What IDA* remembers of the states it has searched: nothing ([`NoTable`],
//! linear memory), or a transposition table of bounded size ([`Table`]).

use crate::search::table::KeyMap;
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
    /// Records `entry` for `mark`: nothing when full. `Err` when a new
    /// state would make it hold more than `room` states.
    fn remember(&mut self, mark: Self::Mark, entry: Entry, room: usize) -> Result<(), ()>;
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
    fn remember(&mut self, (): (), _: Entry, _: usize) -> Result<(), ()> {
        Ok(())
    }
    #[inline]
    fn learn(&mut self, (): (), _: u32) {}
    #[inline]
    fn stored(&self) -> usize {
        0
    }
}

/// A transposition table of at most `capacity` keys.
pub(super) struct Table<K> {
    entries: KeyMap<K, Entry>,
    capacity: usize,
}

impl<K> Table<K> {
    pub(super) fn new(capacity: usize) -> Self {
        Table {
            entries: KeyMap::default(),
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
    fn remember(&mut self, key: P::Key, entry: Entry, room: usize) -> Result<(), ()> {
        let stored = self.entries.len();
        match self.entries.entry(key) {
            hashbrown::hash_map::Entry::Occupied(mut known) => {
                known.insert(entry);
            }
            hashbrown::hash_map::Entry::Vacant(_) if stored >= self.capacity => {}
            hashbrown::hash_map::Entry::Vacant(_) if stored >= room => return Err(()),
            hashbrown::hash_map::Entry::Vacant(vacancy) => {
                vacancy.insert(entry);
            }
        }
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
