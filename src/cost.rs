//! Move costs: the [`Cost`] types and the [`Weighted`] extension of [`Puzzle`].
//!
//! A [`Puzzle`] counts moves: every move costs one, and its engines
//! (`search::bfs`, `search::astar`, …) keep that fast path, with small
//! integer keys and no cost arithmetic per node. A puzzle whose moves cost
//! different amounts implements [`Weighted`] as well, with a cost type of its
//! choosing, and is searched by the weighted engines of `search::costs`
//! (Dijkstra, bidirectional Dijkstra, A*, IDA*, and weighted A* and IDA*).
//! [`adapt::unit_costs`](crate::adapt::unit_costs) gives any unit-cost
//! puzzle a cost of 1 a move, so the weighted engines run on it too.
//!
//! Costs are exact: the unsigned integers, and [`Octile`] for grids
//! (`a + b·√2`, compared exactly with integers); [`Real`] is a NaN-free `f64`
//! for costs that are measured rather than counted. Every sum is checked: a
//! cost that overflows its type stops a search with a limit, never a wrong
//! answer.

use core::cmp::Ordering;
use core::fmt::Debug;
use core::hash::{Hash, Hasher};

use crate::adapt::forward;
use crate::Puzzle;

/// A cost type: totally ordered, never negative, with checked arithmetic.
///
/// `ZERO` must be the least value, and `checked_add` and `checked_scale`
/// must never make a cost smaller: the engines rely on costs that only grow
/// along a path.
pub trait Cost: Copy + Ord + Debug {
    /// The cost of no move at all.
    const ZERO: Self;

    /// `self + other`, or `None` when the sum does not fit the type.
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self · k`, or `None` when the product does not fit the type. Weighted
    /// A* and IDA* compare `q·g + p·h` for a weight `p/q`, so that their
    /// comparisons stay exact.
    fn checked_scale(self, k: u32) -> Option<Self>;

    /// The cost as a floating-point number, for people and ratios.
    fn to_f64(self) -> f64;
}

macro_rules! unsigned_cost {
    ($($type:ty),+) => {$(
        impl Cost for $type {
            const ZERO: Self = 0;

            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> {
                <$type>::checked_add(self, other)
            }

            #[inline]
            fn checked_scale(self, k: u32) -> Option<Self> {
                <$type>::checked_mul(self, <$type>::try_from(k).ok()?)
            }

            #[inline]
            #[allow(clippy::cast_precision_loss)] // for people: rounding is fine
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )+};
}

unsigned_cost!(u8, u16, u32, u64, u128, usize);

/// An exact grid cost: `straight + diagonal·√2`, the length of a path of
/// straight steps of 1 and diagonal steps of √2.
///
/// Each count is a `u32`: a path of more than four billion steps of one
/// kind overflows, and stops a search with the weighted engines'
/// `Limit::CostOverflow`. A cost also keeps its value rounded to an `f64`
/// (16 bytes in all), as the weighted engines compare costs in their heap
/// far more often than they add them.
///
/// Two costs compare by their real values, exactly: √2 is irrational, so
/// the pair is the value's only spelling. Below 2²³ steps of each kind the
/// rounded values are close enough to decide; above, the comparison is done
/// in integers. No rounding ever makes two paths tie or swap.
///
/// ```
/// use puzzle_search::cost::{Cost, Octile};
///
/// let three_diagonals = Octile::new(0, 3); // 4.2426…
/// let four_straight = Octile::new(4, 0);
/// assert!(four_straight < three_diagonals);
/// assert!(Octile::new(2, 1) < Octile::new(0, 3)); // 3.414… < 4.243…
/// assert_eq!(three_diagonals.checked_add(four_straight), Some(Octile::new(4, 3)));
/// assert!((Octile::new(1, 1).to_f64() - 2.414_213_56).abs() < 1e-8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Octile {
    /// `straight + diagonal·√2` rounded: exact enough to order two costs
    /// below [`EXACT_BELOW`], and kept so that ordering them is one
    /// comparison (the weighted engines compare costs in their heap).
    value: f64,
    straight: u32,
    diagonal: u32,
}

impl Octile {
    /// `straight + diagonal·√2`.
    #[allow(clippy::cast_precision_loss)] // exact below 2⁵³
    pub const fn new(straight: u32, diagonal: u32) -> Self {
        Octile {
            value: straight as f64 + diagonal as f64 * core::f64::consts::SQRT_2,
            straight,
            diagonal,
        }
    }

    /// The number of straight steps, each of cost 1.
    pub const fn straight(self) -> u32 {
        self.straight
    }

    /// The number of diagonal steps, each of cost √2.
    pub const fn diagonal(self) -> u32 {
        self.diagonal
    }

    /// The cost as a floating-point number, for people (also [`Cost::to_f64`]).
    pub fn to_f64(self) -> f64 {
        self.value
    }
}

impl PartialEq for Octile {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (self.straight, self.diagonal) == (other.straight, other.diagonal)
    }
}

impl Eq for Octile {}

impl Hash for Octile {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.straight, self.diagonal).hash(state);
    }
}

impl Ord for Octile {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // The values are finite and not negative, so their bits order them
        // as the values do: integer comparisons, no branch on NaN.
        let (mine, theirs) = (self.value.to_bits(), other.value.to_bits());
        if mine.max(theirs) < EXACT_BELOW.to_bits() {
            // Both counts of both costs are below 2²³ (the rounded values
            // are within 2⁻²⁷ of the real ones): two costs that differ are
            // at least 2⁻²⁵ apart (`|x − y·√2| = |x² − 2y²| / (|x| + |y|·√2)`
            // with `|x² − 2y²| ≥ 1`), so their rounded values order them, and
            // equal counts round alike.
            return mine.cmp(&theirs);
        }
        // self − other = x − y·√2, with x and y as below.
        let x = i128::from(self.straight) - i128::from(other.straight);
        let y = i128::from(other.diagonal) - i128::from(self.diagonal);
        compare_with_root_two(x, y)
    }
}

/// Below this value, two costs are ordered by their rounded values.
const EXACT_BELOW: f64 = (1u32 << 23) as f64;

impl PartialOrd for Octile {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How `x` compares with `y·√2`, exactly, for `|x|` and `|y|` below 2⁶⁴
/// (the fields of an [`Octile`] are below 2³²).
#[inline]
fn compare_with_root_two(x: i128, y: i128) -> Ordering {
    match (x.signum(), y.signum()) {
        (_, 0) => x.cmp(&0),
        (0, _) => 0.cmp(&y),
        (1, -1) => Ordering::Greater,
        (-1, 1) => Ordering::Less,
        // Same signs: compare the squares, x² against 2y² (2y² may pass
        // u128, and is then the larger: x² stays below 2¹²⁸).
        (sign, _) => {
            let (x2, y2) = (x.unsigned_abs().pow(2), y.unsigned_abs().pow(2));
            let by_magnitude = match y2.checked_mul(2) {
                Some(two_y2) => x2.cmp(&two_y2),
                None => Ordering::Less,
            };
            if sign > 0 {
                by_magnitude
            } else {
                by_magnitude.reverse()
            }
        }
    }
}

impl Cost for Octile {
    const ZERO: Self = Octile::new(0, 0);

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Some(Octile::new(
            self.straight.checked_add(other.straight)?,
            self.diagonal.checked_add(other.diagonal)?,
        ))
    }

    #[inline]
    fn checked_scale(self, k: u32) -> Option<Self> {
        Some(Octile::new(
            self.straight.checked_mul(k)?,
            self.diagonal.checked_mul(k)?,
        ))
    }

    fn to_f64(self) -> f64 {
        Octile::to_f64(self)
    }
}

/// A finite, non-negative `f64`: a cost that is measured rather than counted.
///
/// Never NaN, so it is totally ordered. Sums are rounded as `f64` sums are,
/// so two paths of equal real cost may compare unequal: use an integer type
/// or [`Octile`] where exactness matters. A sum that is no longer finite is
/// an overflow.
///
/// ```
/// use puzzle_search::cost::{Cost, Real};
///
/// let half = Real::new(0.5).unwrap();
/// assert_eq!(half.checked_add(half), Real::new(1.0));
/// assert_eq!(Real::new(f64::NAN), None);
/// assert_eq!(Real::new(-1.0), None);
/// assert_eq!(Real::new(f64::MAX).unwrap().checked_scale(2), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Real(f64);

impl Real {
    /// `value` as a cost, if it is finite and not negative (`-0.0` is `0.0`).
    pub fn new(value: f64) -> Option<Self> {
        (value.is_finite() && value >= 0.0).then_some(Real(value + 0.0))
    }

    /// The value.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl Eq for Real {}

impl Ord for Real {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for Real {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Cost for Real {
    const ZERO: Self = Real(0.0);

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Real::new(self.0 + other.0)
    }

    #[inline]
    fn checked_scale(self, k: u32) -> Option<Self> {
        Real::new(self.0 * f64::from(k))
    }

    fn to_f64(self) -> f64 {
        self.0
    }
}

/// A puzzle whose moves have costs: the extension of [`Puzzle`] that the
/// weighted engines (`search::costs`) search.
///
/// The weighted engines use [`Puzzle::successors`], [`Puzzle::is_goal`] and
/// [`Puzzle::encode`] as the unit-cost engines do (and for bidirectional
/// Dijkstra the [`Backward`](crate::Backward) methods), and ask this trait
/// what each move costs. They never call [`Puzzle::successors_after`], whose
/// pruning assumes that every move costs one; they call
/// [`weighted_successors_after`](Weighted::weighted_successors_after)
/// instead.
///
/// # Contract
///
/// * States that share a key are interchangeable, as for [`Puzzle`], and
///   moves between them cost the same.
/// * [`cost_heuristic`](Weighted::cost_heuristic) never exceeds the cheapest
///   cost from the state to a goal, and is `ZERO` at a goal (A* and IDA*
///   return optimal costs only then). It need not be consistent: A* reopens
///   states.
///
/// # Example
///
/// Climb from 0 to 10 by steps of one (cost 3) or jumps of four (cost 10):
///
/// ```
/// use puzzle_search::{cost::Weighted, Puzzle};
/// use puzzle_search::search::{costs, Limits};
///
/// struct Stairs;
///
/// impl Puzzle for Stairs {
///     type State = u32;
///     type Move = u32; // how far
///     type Key = u32;
///     fn encode(&self, n: &u32) -> u32 { *n }
///     fn successors(&self, n: &u32, mut emit: impl FnMut(u32, u32)) {
///         emit(1, n + 1);
///         emit(4, n + 4);
///     }
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
/// }
///
/// impl Weighted for Stairs {
///     type Cost = u32;
///     fn cost(&self, _from: &u32, step: &u32, _to: &u32) -> u32 {
///         if *step == 1 { 3 } else { 10 }
///     }
///     fn cost_heuristic(&self, n: &u32) -> u32 {
///         // Each unit of height costs at least 10/4: round down.
///         10u32.saturating_sub(*n) * 10 / 4
///     }
/// }
///
/// let result = costs::astar(&Stairs, 0, &Limits::new());
/// assert_eq!(result.cost, Some(26)); // 4 + 4 + 1 + 1: 10 + 10 + 3 + 3
/// ```
pub trait Weighted: Puzzle {
    /// The type of a cost.
    type Cost: Cost;

    /// What the move `mv` from `from` to `to` costs.
    fn cost(&self, from: &Self::State, mv: &Self::Move, to: &Self::State) -> Self::Cost;

    /// A lower bound on the cost from `state` to the cheapest goal. The
    /// default, `ZERO`, is always admissible.
    fn cost_heuristic(&self, _state: &Self::State) -> Self::Cost {
        Self::Cost::ZERO
    }

    /// `Some(n)` when every key is a small number: [`dense_key`](Weighted::dense_key)
    /// numbers the keys, distinct keys distinctly, below `n`. The weighted
    /// best-first engines then find a key's node in an array of `n` entries
    /// instead of a hash table (a grid map numbers its cells). The default,
    /// `None`, hashes the keys.
    fn dense_keys(&self) -> Option<usize> {
        None
    }

    /// The number of `key`, below [`dense_keys`](Weighted::dense_keys)'
    /// count; asked only when that is `Some`. A number past the count
    /// stops the search at its state limit.
    fn dense_key(&self, _key: &Self::Key) -> usize {
        0
    }

    /// The successors of `state` worth trying once `last` has led to it from
    /// some state `p`, for the weighted engines.
    ///
    /// It may leave out a successor `x` only when some path from `p` to `x`
    /// that does not pass through `state` costs no more than the way through
    /// it (so `p` itself, as costs are never negative). Jump point search on
    /// grids prunes this way. The default calls
    /// [`successors`](Puzzle::successors).
    fn weighted_successors_after(
        &self,
        state: &Self::State,
        _last: &Self::Move,
        emit: impl FnMut(Self::Move, Self::State),
    ) {
        self.successors(state, emit);
    }
}

impl<P: Weighted + ?Sized> Weighted for &P {
    type Cost = P::Cost;

    forward!(deref: cost, cost_heuristic, dense_keys, dense_key, weighted_successors_after);
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The exact comparison agrees with floating point wherever the two
    /// values are far enough apart for `f64` to tell.
    #[test]
    fn octile_order_agrees_with_floats() {
        for a in 0..40u32 {
            for b in 0..40u32 {
                for c in 0..40u32 {
                    for d in [0u32, 1, 7, 28, 39] {
                        let (left, right) = (Octile::new(a, b), Octile::new(c, d));
                        let (x, y) = (left.to_f64(), right.to_f64());
                        if (x - y).abs() > 1e-9 {
                            assert_eq!(left.cmp(&right), x.total_cmp(&y), "{left:?} {right:?}");
                        } else {
                            // Equal values are equal pairs, √2 being irrational.
                            assert_eq!(left.cmp(&right) == Ordering::Equal, left == right);
                        }
                    }
                }
            }
        }
    }

    /// The comparison of rounded values agrees with the integer one, up to
    /// the edge of the range where it is used, and on the pairs whose values
    /// are closest (the convergents of √2, `p / q ≈ √2`, so that
    /// `p − q·√2 ≈ ±1 / (2q·√2)`).
    #[test]
    fn octile_rounded_comparison_is_exact() {
        let convergents = [
            (99u32, 70u32),
            (3363, 2378),
            (1_607_521, 1_136_689),
            (3_880_899, 2_744_210),
        ];
        let mut costs = vec![
            (0u32, 0u32),
            (1, 0),
            (0, 1),
            (1 << 23, 0),
            ((1 << 23) - 1, 0),
        ];
        for (p, q) in convergents {
            costs.extend([
                (p, 0),
                (0, q),
                (p + 1, 0),
                (0, q + 1),
                (p, 1),
                (1, q),
                (p, q),
            ]);
            // Costs that differ by the convergent, deep in the range.
            costs.extend([
                (1_000_000 + p, 17),
                (1_000_000, 17 + q),
                (p + 3, q),
                (3, 2 * q),
            ]);
        }
        for &(a, b) in &costs {
            for &(c, d) in &costs {
                let (left, right) = (Octile::new(a, b), Octile::new(c, d));
                let x = i128::from(a) - i128::from(c);
                let y = i128::from(d) - i128::from(b);
                assert_eq!(
                    left.cmp(&right),
                    compare_with_root_two(x, y),
                    "{left:?} {right:?}"
                );
            }
        }
    }

    /// Values near the top of the range compare without overflow.
    #[test]
    fn octile_order_at_the_extremes() {
        let max = u32::MAX;
        assert!(Octile::new(max, 0) < Octile::new(0, max));
        assert!(Octile::new(0, max) > Octile::new(max, 1));
        assert!(Octile::new(max, max) > Octile::new(max - 1, max));
        assert!(Octile::new(1, 0) < Octile::new(0, 1));
        // 99 / 70 is just above √2, 140 / 99 just below it.
        assert!(Octile::new(99, 0) > Octile::new(0, 70));
        assert!(Octile::new(140, 0) < Octile::new(0, 99));
        assert_eq!(Octile::new(max, 0).checked_add(Octile::new(1, 0)), None);
        assert_eq!(7u8.checked_scale(300), None);
    }
}
