//! The dense-index trait: the states of a finite puzzle numbered `0..len`.

use core::ops::Range;

/// A finite set of states numbered `0..len()`: a dense index.
///
/// An exhaustive engine (the crate's `atlas`) pairs a space with a
/// [`Backward`](crate::Backward) puzzle over the same states and keeps one
/// byte per state instead of a hash table. The space only numbers states; the
/// moves are the puzzle's. One puzzle can have several spaces (all Klotski
/// layouts, or the layouts of one piece set), and one space can serve several
/// puzzles (the three Klotski move metrics).
///
/// # Contract
///
/// * [`rank`](DenseSpace::rank) maps every state of the space to a distinct
///   number below [`len`](DenseSpace::len), and [`unrank`](DenseSpace::unrank)
///   maps it back. A state outside the space ranks at `len()` or above.
/// * The puzzle it is searched with stays inside the space: the successors and
///   predecessors of a state of the space are in the space.
/// * [`for_each_goal`](DenseSpace::for_each_goal) emits exactly the states of
///   the space that are goals of that puzzle.
///
/// # Example
///
/// The positions 0 to 9 of a counter, its own rank:
///
/// ```
/// use puzzle_search::DenseSpace;
///
/// struct Digits;
///
/// impl DenseSpace for Digits {
///     type State = u8;
///     fn len(&self) -> u64 { 10 }
///     fn rank(&self, digit: &u8) -> u64 { u64::from(*digit) }
///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
///     fn for_each_goal(&self, mut emit: impl FnMut(u8)) { emit(0) }
/// }
///
/// let mut seen = Vec::new();
/// Digits.for_each_state(3..6, |rank, digit| seen.push((rank, digit)));
/// assert_eq!(seen, [(3, 3), (4, 4), (5, 5)]);
/// ```
pub trait DenseSpace {
    /// The states numbered.
    type State;

    /// The number of states.
    fn len(&self) -> u64;

    /// Whether the space has no state at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of `state`, below [`len`](DenseSpace::len) for a state of the space.
    fn rank(&self, state: &Self::State) -> u64;

    /// The state numbered `rank`, for `rank` below [`len`](DenseSpace::len).
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `visit(rank, state)` for every rank in `ranks`, in increasing order.
    ///
    /// The engine scans whole ranges of states this way. The default unranks each
    /// one; override it when the next state can be derived from the previous one
    /// more cheaply.
    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Self::State)) {
        for rank in ranks.start..ranks.end.min(self.len()) {
            visit(rank, self.unrank(rank));
        }
    }

    /// Calls `emit` once for every goal state of the space.
    fn for_each_goal(&self, emit: impl FnMut(Self::State));
}
