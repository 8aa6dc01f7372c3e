//! How the exhaustive engine runs and what it reports while it runs.

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    threads: usize,
    max_depth: u8,
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
