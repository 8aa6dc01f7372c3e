//! Hash tables over compact keys, shared by the engines (`search` and `atlas`)
//! and the analyses.

use core::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use hashbrown::hash_table;

/// A fast hasher for small integer keys: one 64×64→128-bit multiply, folded.
///
/// Keys here are puzzle codes chosen by the library or its users, not data from
/// an adversary, so a keyed hash buys nothing; the folded multiply spreads every
/// input bit over both the low bits (bucket index) and the high bits (tag) that
/// `hashbrown` uses.
#[derive(Clone, Copy, Default)]
pub struct KeyHasher(u64);

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl KeyHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        let product = u128::from(self.0 ^ word) * u128::from(MULTIPLIER);
        self.0 = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            for (slot, &byte) in word.iter_mut().zip(chunk) {
                *slot = byte;
            }
            self.mix(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u32(&mut self, value: u32) {
        self.mix(u64::from(value));
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.mix(value);
    }

    /// Both halves: the codes of large sliding-tile boards take 128 bits.
    #[inline]
    fn write_u128(&mut self, value: u128) {
        self.mix(value as u64);
        self.mix((value >> 64) as u64);
    }
}

/// A hash map keyed by puzzle keys.
pub type KeyMap<K, V> = hashbrown::HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// A hash set of puzzle keys.
pub type KeySet<K> = hashbrown::HashSet<K, BuildHasherDefault<KeyHasher>>;

/// Room reserved up front (a few hundred KiB), so small searches never grow their tables.
pub const INITIAL_CAPACITY: usize = 1 << 14;

/// Keys with a value each, for the engines' inner loops: [`entry`](KeyTable::entry)
/// finds a key, or the slot a new one goes in, in one probe of the table
/// (`hashbrown`'s `HashMap::entry` probes again to insert).
pub(crate) struct KeyTable<K, V = ()> {
    table: hashbrown::HashTable<(K, V)>,
}

/// The hash of `key` by [`KeyHasher`].
#[inline]
fn hash_of<K: Hash>(key: &K) -> u64 {
    BuildHasherDefault::<KeyHasher>::default().hash_one(key)
}

impl<K: Copy + Eq + Hash, V> KeyTable<K, V> {
    /// An empty table that holds no memory yet.
    pub(crate) fn new() -> Self {
        KeyTable {
            table: hashbrown::HashTable::new(),
        }
    }

    /// The number of keys.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }

    /// The keys the table holds before it must grow.
    #[inline]
    pub(crate) fn capacity(&self) -> usize {
        self.table.capacity()
    }

    /// The bytes the table holds.
    pub(crate) fn allocation_size(&self) -> usize {
        self.table.allocation_size()
    }

    /// Removes every key, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// Room for `additional` more keys, or `Err` when it cannot be had.
    pub(crate) fn try_reserve(&mut self, additional: usize) -> Result<(), ()> {
        self.table
            .try_reserve(additional, |(known, _)| hash_of(known))
            .map_err(|_| ())
    }

    /// The entry of `key`, occupied or vacant, found in one probe. A table
    /// that is full grows here, and an allocation that fails here aborts:
    /// the engines keep room for one more key (see
    /// [`Budget::table_room`](super::grow::Budget::table_room)).
    #[inline]
    pub(crate) fn entry(&mut self, key: K) -> hash_table::Entry<'_, (K, V)> {
        self.table.entry(
            hash_of(&key),
            |&(known, _)| known == key,
            |(known, _)| hash_of(known),
        )
    }

    /// The value of `key`, if it is in the table.
    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        self.table
            .find(hash_of(key), |(known, _)| known == key)
            .map(|(_, value)| value)
    }

    /// The value of `key`, to change, if it is in the table.
    #[inline]
    pub(crate) fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.table
            .find_mut(hash_of(key), |(known, _)| known == key)
            .map(|(_, value)| value)
    }

    /// Whether `key` is in the table.
    #[inline]
    pub(crate) fn contains(&self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// Adds `key` with `value`; `key` must not be in the table yet.
    #[inline]
    pub(crate) fn insert_new(&mut self, key: K, value: V) {
        self.table
            .insert_unique(hash_of(&key), (key, value), |(known, _)| hash_of(known));
    }
}
