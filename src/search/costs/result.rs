//! What a weighted search returns, and the weight of weighted A* and IDA*.

use core::fmt;
use core::str::FromStr;

use crate::cost::{Cost, Weighted};
use crate::search::resumable::Answer;
use crate::search::run::Run;
use crate::search::{Limits, Outcome, Starts, Stats};
use crate::Puzzle;

/// The outcome of a weighted search, the cost of its path, the bound it
/// guarantees, and its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostResult<S, M, C> {
    /// How the search ended: [`Outcome::Solved`] with the path.
    pub outcome: Outcome<S, M>,
    /// The path's total cost, the sum of its moves' costs, when solved.
    pub cost: Option<C>,
    /// The bound the search guarantees: the cost is at most this times the
    /// optimal cost. [`Weight::ONE`] for an optimal search.
    pub bound: Weight,
    /// What the search did.
    pub stats: Stats,
}

/// The [`CostResult`] of a search of the weighted puzzle `P`.
pub type CostResultOf<P> =
    CostResult<<P as Puzzle>::State, <P as Puzzle>::Move, <P as Weighted>::Cost>;

/// What a weighted engine's search found: its outcome, and the cost of its
/// path when solved.
pub(in crate::search) type Found<P> = (
    Outcome<<P as Puzzle>::State, <P as Puzzle>::Move>,
    Option<<P as Weighted>::Cost>,
);

impl<P: Weighted> Answer<P> for Found<P> {
    type Result = CostResult<P::State, P::Move, P::Cost>;
    fn settled(outcome: Outcome<P::State, P::Move>) -> Self {
        // Only a start that is a goal is solved before the search begins.
        let cost = outcome.path().map(|_| P::Cost::ZERO);
        (outcome, cost)
    }
    fn result(self, stats: Stats) -> Self::Result {
        let (outcome, cost) = self;
        CostResult {
            outcome,
            cost,
            bound: Weight::ONE,
            stats,
        }
    }
}

/// Runs a weighted engine's `search` from `start` under `limits`, begun as
/// every engine begins ([`Run::begin`]), and returns its outcome with the
/// cost of its path and `bound`.
pub(in crate::search) fn search_with_costs<'a, P: Weighted>(
    puzzle: &'a P,
    start: impl Starts<P::State>,
    bound: Weight,
    limits: &'a Limits,
    search: impl FnOnce(&'a P, Vec<P::State>, &mut Run<'a>) -> Found<P>,
) -> CostResultOf<P> {
    let (mut run, begun) = Run::begin(puzzle, start, limits);
    let (outcome, cost) = match begun {
        Ok(starts) => search(puzzle, starts, &mut run),
        Err(outcome) => <Found<P> as Answer<P>>::settled(outcome),
    };
    CostResult {
        outcome,
        cost,
        bound,
        stats: run.finish(),
    }
}

/// The weight `w = p/q ≥ 1` of weighted A* and IDA*, which order states by
/// `g + w·h`: kept as a fraction, so that the engines compare `q·g + p·h`
/// exactly in the puzzle's cost type.
///
/// ```
/// use puzzle_search::search::costs::Weight;
///
/// let w: Weight = "1.25".parse()?;
/// assert_eq!((w.numerator(), w.denominator()), (5, 4));
/// assert_eq!(w.to_string(), "1.25");
/// assert!("0.5".parse::<Weight>().is_err());
/// assert_eq!("2".parse::<Weight>()?, Weight::new(2, 1)?);
/// # Ok::<(), puzzle_search::search::costs::WeightError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weight {
    numerator: u32,
    denominator: u32,
}

impl Weight {
    /// The weight 1: an optimal search.
    pub const ONE: Weight = Weight {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator`, in lowest terms.
    ///
    /// # Errors
    ///
    /// [`WeightError::BelowOne`] when the fraction is below 1 or its
    /// denominator is 0.
    pub fn new(numerator: u32, denominator: u32) -> Result<Weight, WeightError> {
        if denominator == 0 || numerator < denominator {
            return Err(WeightError::BelowOne);
        }
        let divisor = gcd(numerator, denominator);
        Ok(Weight {
            numerator: numerator / divisor,
            denominator: denominator / divisor,
        })
    }

    /// `p` of `p/q`.
    pub fn numerator(self) -> u32 {
        self.numerator
    }

    /// `q` of `p/q`.
    pub fn denominator(self) -> u32 {
        self.denominator
    }

    /// Whether this is the weight 1.
    pub fn is_one(self) -> bool {
        self == Weight::ONE
    }

    /// The weight as a floating-point number.
    pub fn to_f64(self) -> f64 {
        f64::from(self.numerator) / f64::from(self.denominator)
    }
}

impl Default for Weight {
    fn default() -> Self {
        Weight::ONE
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_f64())
    }
}

/// Why a text is not a [`Weight`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// Not a decimal number such as `1.5`.
    #[error("{0:?} is not a decimal number such as 1.5")]
    NotANumber(String),
    /// Below 1: weighted search needs `w ≥ 1`.
    #[error("the weight must be at least 1")]
    BelowOne,
    /// Too many digits to keep as a fraction of 32-bit integers.
    #[error("{0:?} has too many digits")]
    TooPrecise(String),
}

impl FromStr for Weight {
    type Err = WeightError;

    /// A decimal number of at least 1: `2`, `1.5`, `1.25`.
    fn from_str(text: &str) -> Result<Weight, WeightError> {
        let not_a_number = || WeightError::NotANumber(crate::util::excerpt::excerpt(text));
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) {
            return Err(not_a_number());
        }
        let too_precise = || WeightError::TooPrecise(crate::util::excerpt::excerpt(text));
        let fraction = fraction.trim_end_matches('0');
        let places = u32::try_from(fraction.len()).map_err(|_| too_precise())?;
        let denominator = 10u32.checked_pow(places).ok_or_else(too_precise)?;
        let whole: u32 = whole.parse().map_err(|_| too_precise())?;
        let part: u32 = if fraction.is_empty() {
            0
        } else {
            fraction.parse().map_err(|_| too_precise())?
        };
        let numerator = whole
            .checked_mul(denominator)
            .and_then(|scaled| scaled.checked_add(part))
            .ok_or_else(too_precise)?;
        Weight::new(numerator, denominator)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Weight {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_f64(self.to_f64())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn weights_parse_as_exact_fractions() {
        for (text, p, q) in [
            ("1", 1, 1),
            ("1.0", 1, 1),
            ("1.25", 5, 4),
            ("1.5", 3, 2),
            ("3", 3, 1),
            ("2.000", 2, 1),
        ] {
            let weight: Weight = text.parse().unwrap();
            assert_eq!((weight.numerator(), weight.denominator()), (p, q), "{text}");
        }
        for text in ["", ".5", "-1", "1e3", "abc", "0.99", "1.5.2"] {
            assert!(text.parse::<Weight>().is_err(), "{text}");
        }
        assert_eq!("0.99".parse::<Weight>(), Err(WeightError::BelowOne));
        assert!(matches!(
            "1.0000000001".parse::<Weight>(),
            Err(WeightError::TooPrecise(_))
        ));
    }
}
