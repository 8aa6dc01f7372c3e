//! The format's constants, shared by reading and writing: the magic, the
//! header's layout, the sections, and the checksum.

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"PZATLAS2";

/// The first eight bytes of a table file of the older format.
pub(super) const OLD_MAGIC: &[u8; 8] = b"PZATLAS1";

/// The size of the header.
pub const HEADER_LEN: usize = 64;

/// The longest space name the header holds.
pub const NAME_LEN: usize = 24;

pub(super) const DISTANCES: u32 = 1;
pub(super) const COMPONENTS: u32 = 2;
pub(super) const PATTERNS: u32 = 4;

/// The running checksum of a table file.
#[derive(Clone, Copy)]
pub(super) struct Checksum {
    hash: u64,
    /// Bytes of a word not yet complete, and how many.
    pending: [u8; 8],
    pending_len: usize,
}

impl Checksum {
    pub(super) fn new() -> Self {
        Checksum {
            hash: 0x243F_6A88_85A3_08D3,
            pending: [0; 8],
            pending_len: 0,
        }
    }

    fn word(&mut self, word: u64) {
        self.hash = (self.hash ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    /// Adds one byte to the pending word, folding it in once complete.
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.pending.get_mut(self.pending_len) {
            *slot = byte;
            self.pending_len += 1;
        }
        if self.pending_len == 8 {
            self.word(u64::from_le_bytes(self.pending));
            self.pending_len = 0;
        }
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        while self.pending_len > 0 {
            let Some((&byte, rest)) = bytes.split_first() else {
                return;
            };
            self.push(byte);
            bytes = rest;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut buffer = [0; 8];
            buffer.copy_from_slice(word);
            self.word(u64::from_le_bytes(buffer));
        }
        for &byte in words.remainder() {
            self.push(byte);
        }
    }

    pub(super) fn finish(mut self) -> u64 {
        if self.pending_len > 0 {
            if let Some(tail) = self.pending.get_mut(self.pending_len..) {
                tail.fill(0);
            }
            self.word(u64::from_le_bytes(self.pending));
        }
        self.hash
    }
}

/// Labels per block when converting between `u32`s and bytes.
pub(super) const LABELS_PER_BLOCK: usize = 1 << 16;

/// What a sections field names, for messages.
pub(super) fn kind_name(sections: u32) -> &'static str {
    if sections == PATTERNS {
        "a pattern database"
    } else {
        "a table of distances"
    }
}

/// Where the checksum stands in the header.
pub(super) const CHECKSUM: core::ops::Range<usize> = 48..56;

/// The reserved bytes of the header.
pub(super) const RESERVED: [core::ops::Range<usize>; 2] = [44..48, 56..64];
