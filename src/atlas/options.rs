//! How the exhaustive engine runs and what it reports while it runs.

use crate::search::CancelFlag;
use crate::util::named::by_name;

/// The distance byte of a state that cannot reach a goal (or was not reached
/// within [`Options::max_depth`]).
pub const UNREACHABLE: u8 = u8::MAX;

/// The deepest layer a distance table can hold: distances are bytes, and
/// [`UNREACHABLE`] takes the last value.
pub const MAX_DEPTH: u8 = UNREACHABLE - 1;

/// How the engine runs.
///
/// ```
/// use puzzle_search::atlas::Options;
///
/// let options = Options::new().with_threads(1).with_max_depth(20);
/// assert_eq!(options.threads(), 1);
/// assert_eq!(options.max_depth(), 20);
/// ```
///
/// A run can be cancelled from any thread, as a search can; it then returns
/// [`AtlasError::Cancelled`](super::AtlasError::Cancelled) and no table:
///
/// ```
/// use puzzle_search::atlas::{self, AtlasError, Options};
/// use puzzle_search::search::CancelFlag;
/// # use puzzle_search::{Backward, DenseSpace, Puzzle};
/// # struct Ring;
/// # impl Puzzle for Ring {
/// #     type State = u64; type Move = (); type Key = u64;
/// #     fn encode(&self, n: &u64) -> u64 { *n }
/// #     fn successors(&self, n: &u64, mut emit: impl FnMut((), u64)) { emit((), (n + 1) % 1000) }
/// #     fn is_goal(&self, n: &u64) -> bool { *n == 0 }
/// # }
/// # impl Backward for Ring {
/// #     fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) { emit(0) }
/// #     fn predecessors(&self, n: &u64, mut emit: impl FnMut((), u64)) { emit((), (n + 999) % 1000) }
/// # }
/// # impl DenseSpace for Ring {
/// #     type State = u64;
/// #     fn len(&self) -> u64 { 1000 }
/// #     fn rank(&self, n: &u64) -> u64 { *n }
/// #     fn unrank(&self, rank: u64) -> u64 { rank }
/// #     fn for_each_goal(&self, mut emit: impl FnMut(u64)) { emit(0) }
/// # }
///
/// let flag = CancelFlag::new();
/// let options = Options::new().with_cancel_flag(flag.clone());
/// // Cancel as soon as the first layer is reported.
/// let result = atlas::distances(&Ring, &Ring, &options, &mut |_| flag.cancel());
/// assert!(matches!(result, Err(AtlasError::Cancelled)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "options do nothing until an atlas engine is given them"]
pub struct Options {
    threads: usize,
    max_depth: u8,
    cancel: Option<CancelFlag>,
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

impl Options {
    /// As many threads as the machine runs at once, and no depth limit.
    pub fn new() -> Self {
        Options {
            threads: machine_threads(),
            max_depth: MAX_DEPTH,
            cancel: None,
        }
    }

    /// Work with `threads` threads: at least one, and at most as many as the
    /// machine runs at once, since more would only wait for each other. A
    /// pass also never starts more threads than it has units of work.
    ///
    /// ```
    /// use puzzle_search::atlas::Options;
    ///
    /// assert_eq!(Options::new().with_threads(0).threads(), 1);
    /// assert_eq!(Options::new().with_threads(65_535).threads(), Options::new().threads());
    /// ```
    pub fn with_threads(self, threads: usize) -> Self {
        Options {
            threads: threads.clamp(1, machine_threads()),
            ..self
        }
    }

    /// Stop [`distances`](super::distances()) after layer `depth`: states farther from the goals are
    /// left [`UNREACHABLE`] instead of making the search fail with
    /// [`AtlasError::TooDeep`](super::AtlasError::TooDeep). Capped at [`MAX_DEPTH`].
    pub fn with_max_depth(self, depth: u8) -> Self {
        Options {
            max_depth: depth.min(MAX_DEPTH),
            ..self
        }
    }

    /// Stop soon after `flag` is cancelled, from any thread: the run returns
    /// [`AtlasError::Cancelled`](super::AtlasError::Cancelled) and keeps no
    /// part of its table.
    pub fn with_cancel_flag(self, flag: CancelFlag) -> Self {
        Options {
            cancel: Some(flag),
            ..self
        }
    }

    /// The cancel flag, if any.
    pub fn cancel_flag(&self) -> Option<&CancelFlag> {
        self.cancel.as_ref()
    }

    /// Whether the cancel flag, if any, is set.
    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
    }

    /// [`AtlasError::Cancelled`](super::AtlasError::Cancelled) once the cancel
    /// flag is set.
    pub(crate) fn check_cancelled(&self) -> Result<(), super::AtlasError> {
        if self.is_cancelled() {
            Err(super::AtlasError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The deepest layer [`distances`](super::distances()) computes.
    pub fn max_depth(&self) -> u8 {
        self.max_depth
    }
}

/// The threads the machine runs at once (1 if it cannot tell).
fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What the engine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Phase {
    /// Breadth-first layers of [`distances`](super::distances()).
    Distances,
    /// Labelling the components ([`components`](super::components()) or [`flood`](super::flood())).
    Components,
    /// A pass over all states that gathers statistics (the atlases' summaries).
    Summary,
}

impl Phase {
    /// `distances`, `components` or `summary`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Distances => "distances",
            Phase::Components => "components",
            Phase::Summary => "summary",
        }
    }
}

by_name!(Phase);

/// A progress report: `done` of `total` states handled in `phase`.
///
/// For [`Phase::Distances`], `done` counts the states whose distance is known
/// and `depth` is the last layer finished; the final report has `done == total`,
/// once every state left is known to be unreachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// What the engine is doing.
    pub phase: Phase,
    /// The last finished breadth-first layer (0 outside [`Phase::Distances`]).
    pub depth: u32,
    /// States handled so far.
    pub done: u64,
    /// States to handle in this phase.
    pub total: u64,
}
