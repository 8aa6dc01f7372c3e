//! Fallible growth of the engines' storage: a table or a vector that cannot
//! grow, because the allocator refuses or because the byte limit
//! ([`Limits::with_max_bytes`](super::Limits::with_max_bytes)) would be
//! passed, is the outcome [`Limit::Memory`], never an abort.
//!
//! Growth is checked where it happens, when a vector or a table is full: a
//! push or an insert that has room costs one comparison more than before.

use core::hash::Hash;
use core::mem::size_of;

use super::table::KeyTable;
use super::Limit;

/// The bytes a search's tables and vectors hold, against the byte limit.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// The byte limit, if any.
    max: Option<usize>,
    /// The bytes held by what grows through this budget.
    used: usize,
}

/// The capacity a vector or table starts with under a byte limit: small, so
/// that the limit counts what the search needs, not what it set aside.
const CAPPED_START: usize = 16;

impl Budget {
    /// A budget of `max` bytes, or with no limit but the allocator's.
    pub(crate) fn new(max: Option<usize>) -> Self {
        Budget { max, used: 0 }
    }

    /// The bytes held.
    #[cfg(test)]
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// The limit for a growth refused: the byte limit when one is set and
    /// the growth would pass it, else the allocator's refusal.
    fn refused(&self, passes_max: bool) -> Limit {
        Limit::Memory {
            max_bytes: self.max.filter(|_| passes_max),
        }
    }

    /// The capacity to start with, for a structure that would set aside
    /// `wanted`: as much with no byte limit, a little under one.
    pub(crate) fn start(&self, wanted: usize) -> usize {
        match self.max {
            Some(_) => wanted.min(CAPPED_START),
            None => wanted,
        }
    }

    /// `Err` when replacing `old` bytes by `new` would pass the limit. The
    /// old bytes count until the new ones hold what they held: a table
    /// grows into a new allocation, and a vector may.
    fn admit(&self, old: usize, new: usize) -> Result<(), Limit> {
        let _ = old;
        match self.max {
            Some(max) if self.used.saturating_add(new) > max => Err(self.refused(true)),
            _ => Ok(()),
        }
    }

    /// Records that `old` bytes became `new`.
    fn record(&mut self, old: usize, new: usize) {
        self.used = self.used.saturating_sub(old).saturating_add(new);
    }

    /// An empty vector with room for `capacity` elements (see
    /// [`start`](Budget::start)).
    pub(crate) fn vec<T>(&mut self, capacity: usize) -> Result<Vec<T>, Limit> {
        let mut vec = Vec::new();
        self.reserve(&mut vec, capacity)?;
        Ok(vec)
    }

    /// Room for `additional` more elements in `vec`.
    pub(crate) fn reserve<T>(&mut self, vec: &mut Vec<T>, additional: usize) -> Result<(), Limit> {
        if vec.capacity() - vec.len() >= additional {
            return Ok(());
        }
        let old = vec.capacity().saturating_mul(size_of::<T>());
        let new = (vec.len().saturating_add(additional)).saturating_mul(size_of::<T>());
        self.admit(old, new)?;
        vec.try_reserve_exact(additional)
            .map_err(|_| self.refused(false))?;
        self.record(old, vec.capacity().saturating_mul(size_of::<T>()));
        Ok(())
    }

    /// Whether a byte limit is set.
    pub(crate) fn is_limited(&self) -> bool {
        self.max.is_some()
    }

    /// Counts the room `vec` already holds, kept from an earlier search.
    pub(crate) fn adopt<T>(&mut self, vec: &Vec<T>) {
        self.record(0, vec.capacity().saturating_mul(size_of::<T>()));
    }

    /// Counts the room `table` already holds, kept from an earlier search.
    pub(crate) fn adopt_table<K: Copy + Eq + Hash, V>(&mut self, table: &KeyTable<K, V>) {
        self.record(0, table.allocation_size());
    }

    /// Gives back the bytes of `vec`, about to be dropped.
    pub(crate) fn release<T>(&mut self, vec: &Vec<T>) {
        self.record(vec.capacity().saturating_mul(size_of::<T>()), 0);
    }

    /// Room for one more element in `vec`: the check of a push.
    #[inline(always)]
    pub(crate) fn room<T>(&mut self, vec: &mut Vec<T>) -> Result<(), Limit> {
        if vec.len() < vec.capacity() {
            return Ok(());
        }
        self.double(vec)
    }

    /// Doubles the capacity of a full `vec` (to 4 at least).
    #[cold]
    #[inline(never)]
    fn double<T>(&mut self, vec: &mut Vec<T>) -> Result<(), Limit> {
        let more = vec.capacity().max(4);
        self.reserve(vec, more)
    }

    /// An empty table with room for `capacity` keys, fewer under a byte
    /// limit (see [`start`](Budget::start)).
    pub(crate) fn table<K: Copy + Eq + Hash, V>(
        &mut self,
        capacity: usize,
    ) -> Result<KeyTable<K, V>, Limit> {
        let mut table = KeyTable::new();
        self.reserve_table(&mut table, self.start(capacity).max(1))?;
        Ok(table)
    }

    /// Room for `additional` more keys in `table`.
    fn reserve_table<K: Copy + Eq + Hash, V>(
        &mut self,
        table: &mut KeyTable<K, V>,
        additional: usize,
    ) -> Result<(), Limit> {
        let old = table.allocation_size();
        // hashbrown keeps buckets a power of two, at most 7/8 full, with a
        // control byte each.
        let buckets = (table.len().saturating_add(additional))
            .saturating_mul(8)
            .div_ceil(7)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX);
        let new = buckets.saturating_mul(size_of::<(K, V)>().saturating_add(1));
        self.admit(old, new)?;
        table
            .try_reserve(additional)
            .map_err(|()| self.refused(false))?;
        self.record(old, table.allocation_size());
        Ok(())
    }

    /// Room for one more key in `table`, which the engines keep after every
    /// insert: a table with room never grows inside
    /// [`KeyTable::entry`], where growing could not fail.
    #[inline(always)]
    pub(crate) fn table_room<K: Copy + Eq + Hash, V>(
        &mut self,
        table: &mut KeyTable<K, V>,
    ) -> Result<(), Limit> {
        if table.len() < table.capacity() {
            return Ok(());
        }
        self.double_table(table)
    }

    /// Doubles the capacity of a full `table`.
    #[cold]
    #[inline(never)]
    fn double_table<K: Copy + Eq + Hash, V>(
        &mut self,
        table: &mut KeyTable<K, V>,
    ) -> Result<(), Limit> {
        let more = table.len().max(4);
        self.reserve_table(table, more)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Vectors and tables grow within the limit, and the growth that would
    /// pass it is refused with the limit, leaving them as they were.
    #[test]
    fn growth_stops_at_the_byte_limit() {
        let mut budget = Budget::new(Some(10_000));
        let mut vec: Vec<u64> = budget.vec(budget.start(1 << 20)).unwrap();
        let mut table: KeyTable<u64> = budget.table(1 << 20).unwrap();
        assert!(table.capacity() <= 2 * CAPPED_START);
        budget.table_room(&mut table).unwrap();
        assert!(vec.capacity() <= CAPPED_START);
        fill_to_the_limit(&mut budget, 10_000, |budget, n| {
            budget.room(&mut vec)?;
            vec.push(n);
            Ok(())
        });
        assert!(vec.len() >= 500, "{}", vec.len());

        let mut budget = Budget::new(Some(20_000));
        let mut table: KeyTable<u64> = budget.table(budget.start(1 << 20)).unwrap();
        fill_to_the_limit(&mut budget, 20_000, |budget, n| {
            table.insert_new(n, ());
            budget.table_room(&mut table)
        });
        assert!(table.len() >= 500, "{}", table.len());
    }

    /// Calls `add` with `budget` and 0, 1, 2 and so on until it is refused,
    /// as it must be within 10,000 calls: with the byte limit `max_bytes`,
    /// no more than that many bytes held.
    fn fill_to_the_limit(
        budget: &mut Budget,
        max_bytes: usize,
        mut add: impl FnMut(&mut Budget, u64) -> Result<(), Limit>,
    ) {
        let refused = (0..10_000u64).find_map(|n| add(budget, n).err());
        assert_eq!(
            refused,
            Some(Limit::Memory {
                max_bytes: Some(max_bytes)
            })
        );
        assert!(budget.used() <= max_bytes);
    }

    /// An allocation the allocator cannot make is the memory limit without
    /// a byte limit, not an abort.
    #[test]
    fn an_impossible_allocation_is_the_memory_limit() {
        let mut budget = Budget::new(None);
        let mut vec: Vec<[u8; 1 << 20]> = Vec::new();
        assert_eq!(
            budget.reserve(&mut vec, (usize::MAX / 2) >> 20),
            Err(Limit::Memory { max_bytes: None })
        );
        let mut table: KeyTable<[u64; 8]> = KeyTable::new();
        assert_eq!(
            budget.reserve_table(&mut table, usize::MAX / 128),
            Err(Limit::Memory { max_bytes: None })
        );
    }
}
