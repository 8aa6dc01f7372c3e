//! Binomial coefficients, for the colexicographic ranks of subsets of cells.

/// The largest `n` of [`BINOMIAL`]: the 24 cells of the knights' board, and
/// more than the 16 free cells of a Klotski frame.
const MAX_N: usize = 24;

/// `BINOMIAL[n][k]` = C(n, k) for n, k ≤ [`MAX_N`] (0 for k > n); the largest,
/// C(24, 12) = 2,704,156, fits a `u32`.
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
pub(crate) const BINOMIAL: [[u32; MAX_N + 1]; MAX_N + 1] = {
    let mut table = [[0u32; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// n choose k, for n ≤ 24 (an invariant of every caller: a count of cells).
#[inline]
// `n <= MAX_N` is the callers' invariant, and `k > n` gives 0 without a lookup.
#[allow(clippy::indexing_slicing)]
#[cfg_attr(not(feature = "puzzles"), allow(dead_code))]
pub(crate) fn binomial(n: u32, k: u32) -> u32 {
    debug_assert!(n as usize <= MAX_N, "C({n}, {k}) is beyond the table");
    if k > n {
        return 0;
    }
    BINOMIAL[n as usize][k as usize]
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// Against the product formula, computed independently in `u64`.
    #[test]
    fn table_matches_the_product_formula() {
        for n in 0..=MAX_N as u64 {
            for k in 0..=MAX_N as u64 {
                let expected = if k > n {
                    0
                } else {
                    (1..=k).fold(1u64, |c, i| c * (n + 1 - i) / i)
                };
                assert_eq!(
                    u64::from(BINOMIAL[n as usize][k as usize]),
                    expected,
                    "{n} {k}"
                );
            }
        }
    }
}
