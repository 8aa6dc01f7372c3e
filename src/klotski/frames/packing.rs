//! Soldiers packed down to their frame's free cells, and ranked among them.
//!
//! [`compress`] packs the bits of a set of cells at the places of the free
//! cells of a frame (a software `pext`), [`deposit`] puts them back (a
//! `pdep`), and [`colex_table`] ranks a packed set colexicographically among
//! the sets of as many places.

use crate::util::binomial::binomial;

/// `COMPRESS[free << 8 | cells]`: the bits of `cells` at the places of the set
/// bits of `free`, packed down (a `pext` of eight bits, which Rust offers only
/// as an unsafe intrinsic, and which is slow on many AMD processors).
static COMPRESS: [u8; 1 << 16] = bit_table(true);

/// The table of [`COMPRESS`] (`pack`) or of [`DEPOSIT`] (not `pack`).
///
/// Each entry comes from one of a smaller `free`, the one without its lowest
/// cell, which the loop has already made: the compiler's interpreter, which
/// builds these tables in every build of the crate, then does a few
/// operations an entry rather than a loop over the cells (seconds of build
/// time).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
const fn bit_table(pack: bool) -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    // `free == 0` packs and spreads nothing: its entries stay 0.
    let mut index: usize = 1 << 8;
    while index < 1 << 16 {
        let (free, value) = (index >> 8, index & 0xFF);
        let lowest = free.trailing_zeros();
        let rest = (free & (free - 1)) << 8;
        table[index] = if pack {
            (value >> lowest & 1) as u8 | table[rest | value] << 1
        } else {
            ((value & 1) << lowest) as u8 | table[rest | value >> 1]
        };
        index += 1;
    }
    table
}

/// The bits of `cells` at the places of the set bits of `free`, packed down:
/// eight cells at a time.
#[inline]
// Each slot is two bytes (`& 0xFF`), below the tables' 1 << 16 entries, which
// the compiler sees: no bounds check in the flood's inner loop.
#[allow(clippy::indexing_slicing)]
pub(crate) fn compress(cells: u32, free: u32) -> u32 {
    let part = |shift: u32| {
        let slot = ((free >> shift & 0xFF) << 8 | cells >> shift & 0xFF) as usize;
        u32::from(COMPRESS[slot])
    };
    part(0) | part(8) << (free & 0xFF).count_ones() | part(16) << (free & 0xFFFF).count_ones()
}

/// `DEPOSIT[free << 8 | packed]`: the low bits of `packed`, in order, at the
/// places of the set bits of `free` (a `pdep` of eight bits).
static DEPOSIT: [u8; 1 << 16] = bit_table(false);

/// The inverse of [`compress`]: the bits of `packed`, in order, at the places
/// of the set bits of `free`; eight cells at a time.
#[inline]
// Each slot is two bytes (`& 0xFF`), below the table's 1 << 16 entries.
#[allow(clippy::indexing_slicing)]
pub(crate) fn deposit(packed: u32, free: u32) -> u32 {
    let part = |shift: u32, packed: u32| {
        let slot = ((free >> shift & 0xFF) << 8 | packed & 0xFF) as usize;
        u32::from(DEPOSIT[slot]) << shift
    };
    let middle = packed >> (free & 0xFF).count_ones();
    let high = middle >> (free >> 8 & 0xFF).count_ones();
    part(0, packed) | part(8, middle) | part(16, high)
}

/// The set of `k` places with colexicographic rank `rank` (the inverse of
/// [`colex_table`]).
pub(crate) fn colex_unrank(mut rank: u32, mut k: u32) -> u32 {
    let mut places = 0;
    for place in (0..16).rev() {
        if k == 0 {
            break;
        }
        let below = binomial(place, k);
        if below <= rank {
            rank -= below;
            places |= 1 << place;
            k -= 1;
        }
    }
    places
}

/// `colex[places]`: the colexicographic rank of a set of places below 16
/// among the sets of as many: the sets of `k` places below `n` get the ranks
/// `0..C(n, k)`.
// Every index is below 1 << 16, the table's length.
#[allow(clippy::indexing_slicing)]
pub(crate) fn colex_table() -> Vec<u16> {
    let mut colex = vec![0u16; 1 << 16];
    for places in 1..1u32 << 16 {
        let top = 31 - places.leading_zeros();
        let rest = places & !(1 << top);
        // `rest < places`: its rank is known by now.
        let rank = colex[rest as usize];
        // C(16, 8) = 12,870 is the largest rank.
        let step = binomial(top, places.count_ones()) as u16;
        colex[places as usize] = rank + step;
    }
    colex
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn colex_ranks_are_dense() {
        let colex = colex_table();
        for n in 0..=16u32 {
            for k in 0..=n {
                let mut ranks: Vec<u32> = (0..1u32 << n)
                    .filter(|places| places.count_ones() == k)
                    .map(|places| u32::from(colex[places as usize]))
                    .collect();
                ranks.sort_unstable();
                assert!(ranks.iter().copied().eq(0..binomial(n, k)), "{n} {k}");
                for rank in 0..binomial(n, k) {
                    assert_eq!(u32::from(colex[colex_unrank(rank, k) as usize]), rank);
                }
            }
        }
    }

    /// `pext` and `pdep` of one byte, a cell at a time.
    fn by_cells(free: usize, value: usize, pack: bool) -> u8 {
        let places = (0..8).filter(|bit| free >> bit & 1 == 1);
        places.enumerate().fold(0, |out, (at, bit)| {
            let (from, to) = if pack { (bit, at) } else { (at, bit) };
            out | ((value >> from & 1) as u8) << to
        })
    }

    #[test]
    fn the_tables_are_pext_and_pdep_of_a_byte() {
        for index in 0..1 << 16 {
            let (free, value) = (index >> 8, index & 0xFF);
            assert_eq!(
                COMPRESS[index],
                by_cells(free, value, true),
                "{free:#b} {value:#b}"
            );
            assert_eq!(
                DEPOSIT[index],
                by_cells(free, value, false),
                "{free:#b} {value:#b}"
            );
        }
    }

    #[test]
    fn compress_and_deposit_are_inverse() {
        for free in [0xF_FFFFu32, 0x0_F0F0, 0x1_2345, 0xA_5A5A, 0] {
            for packed in 0..1u32 << free.count_ones().min(12) {
                let cells = deposit(packed, free);
                assert_eq!(cells & !free, 0);
                assert_eq!(compress(cells, free), packed);
            }
        }
    }
}
