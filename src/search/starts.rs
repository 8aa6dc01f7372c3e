//! Where a search starts: one state, or several at once.

/// Where a search starts: one state, or several at once.
///
/// Every engine that searches for a path, [`all_optimal`](super::all_optimal),
/// [`distances_to`](super::distances_to), their weighted twins and the
/// search objects take their start as an `impl Starts<State>`: the state
/// itself for the common case, or an array, a vector or a slice of states
/// (or a reference to an array or a vector) to search from several at
/// once. With several starts, each is at zero moves (cost zero with costs)
/// and the search finds the goal nearest to any of them:
///
/// - the path begins at the start it left from, so it tells which;
/// - starts with the same [key](crate::Puzzle::encode) count once, the
///   first of them kept;
/// - a start that is a goal is a path of no moves (the first such start);
/// - no starts at all is [`Outcome::Unsolvable`](super::Outcome::Unsolvable),
///   with nothing expanded.
///
/// A state that is itself an array or a vector is still one start: the
/// starts' type is the puzzle's [`State`](crate::Puzzle::State), so
/// `[s, t]` is two starts only where `s` and `t` are states. Only an empty
/// `vec![]` is ambiguous where the states are vectors (no starts, or the
/// empty state?): write its type, `Vec::<State>::new()`.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, search::{bfs, Limits, Outcome}};
///
/// // +1 or ×2 up to 40: from 3, 17 or 5, the nearest to 20 is 5 (5 → 10 → 20).
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m <= 40), |&n| n == 20);
/// let one = bfs(&walk, 3, &Limits::new());
/// assert_eq!(one.outcome.path().unwrap().len(), 4); // 3 → 4 → 5 → 10 → 20
///
/// let several = bfs(&walk, [3, 17, 5], &Limits::new());
/// assert_eq!(several.outcome.path().unwrap().states(), &[5, 10, 20]);
///
/// let starts = vec![17, 19];
/// assert_eq!(bfs(&walk, &starts, &Limits::new()).outcome.path().unwrap().len(), 1);
/// assert_eq!(bfs(&walk, &starts[..1], &Limits::new()).outcome.path().unwrap().len(), 3);
/// assert_eq!(bfs(&walk, [], &Limits::new()).outcome, Outcome::Unsolvable);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a start of a search over states of type `{S}`",
    label = "a state, or an array, a vector or a slice of states",
    note = "a search starts from a state of the puzzle (`Puzzle::State`), or from several: `[a, b]`, `&states` (an array or a `Vec`), a `Vec` or a slice; collect an iterator into a `Vec` first"
)]
pub trait Starts<S> {
    /// The starts, in their order.
    fn into_starts(self) -> impl Iterator<Item = S>;
}

impl<S> Starts<S> for S {
    fn into_starts(self) -> impl Iterator<Item = S> {
        core::iter::once(self)
    }
}

impl<S, const N: usize> Starts<S> for [S; N] {
    fn into_starts(self) -> impl Iterator<Item = S> {
        self.into_iter()
    }
}

impl<S> Starts<S> for Vec<S> {
    fn into_starts(self) -> impl Iterator<Item = S> {
        self.into_iter()
    }
}

impl<S: Clone> Starts<S> for &[S] {
    fn into_starts(self) -> impl Iterator<Item = S> {
        self.iter().cloned()
    }
}

impl<S: Clone, const N: usize> Starts<S> for &[S; N] {
    fn into_starts(self) -> impl Iterator<Item = S> {
        self.iter().cloned()
    }
}

impl<S: Clone> Starts<S> for &Vec<S> {
    fn into_starts(self) -> impl Iterator<Item = S> {
        self.iter().cloned()
    }
}
