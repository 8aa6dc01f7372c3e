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

/// A dense space of abstract states grouped into patterns: what a pattern
/// database is built over.
///
/// An abstraction keeps part of a state and forgets the rest, so that its
/// space is small enough to map whole: a [`Backward`](crate::Backward)
/// puzzle over abstract states, each move of the abstraction standing for
/// one or more moves of the full puzzle. The fewest moves from an abstract
/// state to an abstract goal then never exceed the fewest from the full
/// state, a lower bound for A* and IDA*. Each abstract state belongs to one
/// pattern, and a pattern's entry in the database is the least distance of
/// its states (for the sliding-tile puzzles: a pattern places a few tiles,
/// its states also tell where the blank is free to go, and a move slides
/// one of the tiles, the others moving freely).
///
/// # Contract
///
/// On top of [`DenseSpace`]'s: [`pattern_of`](Abstraction::pattern_of) maps
/// every rank below `len()` to an entry below
/// [`patterns`](Abstraction::patterns).
///
/// # Example
///
/// A strip of four cells holds a blank and a few tiles, one of them, `t`,
/// the pattern; the others are not told apart, so an abstract state is
/// `t`'s cell and the side of `t` the blank is on. A move slides `t` into
/// the blank. The goal has the blank on cell 0 and `t` on cell 1. From cell
/// 0, `t` is one move from home; the blank cannot pass `t` on a strip, so
/// from cells 2 and 3 it never gets home:
///
/// ```
/// use puzzle_search::atlas::{self, Options};
/// use puzzle_search::{Abstraction, Backward, DenseSpace, Puzzle};
///
/// /// `(t, blank_left)`.
/// struct Strip;
///
/// impl Puzzle for Strip {
///     type State = (u8, bool);
///     type Move = ();
///     type Key = (u8, bool);
///     fn encode(&self, state: &(u8, bool)) -> (u8, bool) { *state }
///     fn successors(&self, &(t, left): &(u8, bool), mut emit: impl FnMut((), (u8, bool))) {
///         // `t` slides into the blank beside it, and the blank is then on its other side.
///         match left {
///             true if t > 0 => emit((), (t - 1, false)),
///             false if t < 3 => emit((), (t + 1, true)),
///             _ => {}
///         }
///     }
///     fn is_goal(&self, state: &(u8, bool)) -> bool { *state == (1, true) }
/// }
///
/// impl Backward for Strip {
///     fn goal_states(&self, _: &(u8, bool), mut emit: impl FnMut((u8, bool))) { emit((1, true)) }
///     fn predecessors(&self, state: &(u8, bool), mut emit: impl FnMut((), (u8, bool))) {
///         self.successors(state, |(), previous| emit((), previous));
///     }
/// }
///
/// impl DenseSpace for Strip {
///     type State = (u8, bool);
///     fn len(&self) -> u64 { 8 }
///     fn rank(&self, &(t, left): &(u8, bool)) -> u64 { u64::from(t) * 2 + u64::from(left) }
///     fn unrank(&self, rank: u64) -> (u8, bool) { ((rank / 2) as u8, rank % 2 == 1) }
///     fn for_each_goal(&self, mut emit: impl FnMut((u8, bool))) { emit((1, true)) }
/// }
///
/// impl Abstraction for Strip {
///     fn patterns(&self) -> u64 { 4 }
///     fn pattern_of(&self, rank: u64) -> u64 { rank / 2 }
/// }
///
/// let table = atlas::pattern_database(&Strip, &Strip, &Options::new(), &mut |_| {})?;
/// assert_eq!(table.as_bytes(), &[1, 0, atlas::UNREACHABLE, atlas::UNREACHABLE]);
/// # Ok::<(), atlas::AtlasError>(())
/// ```
pub trait Abstraction: DenseSpace {
    /// The number of patterns: the entries of the pattern database.
    fn patterns(&self) -> u64;

    /// The pattern of the state of rank `rank`, below [`patterns`](Abstraction::patterns).
    fn pattern_of(&self, rank: u64) -> u64;
}
