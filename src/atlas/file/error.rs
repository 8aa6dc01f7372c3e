//! What is wrong with a table file: the errors loading names.

/// What is wrong with a table file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file does not start with [`MAGIC`](super::MAGIC).
    #[error("not a puzzle-search table file (it does not start with \"PZATLAS2\")")]
    NotATable,
    /// The file is a table of the older format, which this version does not read.
    #[error(
        "a table file of the older PZATLAS1 format: build the table again to save it in this one"
    )]
    OldFormat,
    /// A reserved byte of the header (or a byte after the space's name) is not zero.
    #[error("the file is corrupt: header byte {offset} is reserved and must be 0")]
    ReservedByte {
        /// Its offset in the file, from 0.
        offset: usize,
    },
    /// The distances are not what a breadth-first search gives.
    #[error("the file is corrupt: {0}")]
    ImpossibleDistances(ImpossibleDistances),
    /// The file holds the table of another space.
    #[error("the file holds the table of {found:?}, not of {expected:?}")]
    WrongSpace {
        /// The space asked for.
        expected: String,
        /// The space in the file.
        found: String,
    },
    /// The file holds a table of another number of states.
    #[error("the file holds {found} states, expected {expected}")]
    WrongSize {
        /// The number asked for.
        expected: u64,
        /// The number in the file.
        found: u64,
    },
    /// The file holds distances only where component labels are needed too.
    #[error("the file holds distances only; this table needs component labels too")]
    MissingComponents,
    /// The sections field is not one this version knows.
    #[error("unknown table sections {0}: expected 1 (distances), 3 (distances and components) or 4 (a pattern database)")]
    UnknownSections(u32),
    /// The file holds another kind of table: distances where a pattern
    /// database is expected, or the other way round.
    #[error("the file holds {found}, not {expected}")]
    WrongKind {
        /// What was asked for.
        expected: &'static str,
        /// What the file holds.
        found: &'static str,
    },
    /// The file ends early.
    #[error("the file is truncated: expected {expected} bytes, found {found}")]
    Truncated {
        /// The length the header implies.
        expected: u64,
        /// The bytes present.
        found: u64,
    },
    /// The file goes on after the tables.
    #[error("the file has extra bytes after its {expected} bytes of tables")]
    TrailingBytes {
        /// The length the header implies.
        expected: u64,
    },
    /// The checksum does not match the file.
    #[error("the file is corrupt: its checksum does not match its content")]
    BadChecksum,
    /// The component labels are not numbered in order of first appearance.
    #[error("the file is corrupt: its component labels are not numbered in order")]
    BadLabels,
    /// The space's name does not fit in the header.
    #[error("the space name {0:?} is longer than 24 bytes")]
    NameTooLong(String),
}

/// Why a table of distances cannot be a breadth-first search's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImpossibleDistances {
    /// A state is `distance` moves away, but no state is one move closer.
    #[error("states are {distance} moves from a goal, but none is {} moves away", distance - 1)]
    MissingLayer {
        /// The distance found.
        distance: u8,
    },
    /// A pattern database's entry that its neighbours' entries contradict
    /// (the first such of the file): no breadth-first build gives it.
    #[error(
        "entry {rank} of table {table} is {found}, but its neighbours' entries make it {expected}"
    )]
    WrongEntry {
        /// The table, counted from 1 in the file's order.
        table: usize,
        /// The entry's rank (its pattern), from 0.
        rank: u64,
        /// The entry found.
        found: u8,
        /// What the entries of its neighbours give (255: no way to a goal).
        expected: u8,
    },
    /// A distance that the distances of the state's neighbours contradict
    /// (the first such, by rank): no breadth-first search gives it.
    #[error("state {rank} is {found} moves from a goal, but its neighbours make it {expected}")]
    WrongDistance {
        /// The state's rank, from 0.
        rank: u64,
        /// The distance found (255: unreachable).
        found: u8,
        /// What the distances of its successors give.
        expected: u8,
    },
    /// A distance at least as large as the number of states.
    #[error("a distance of {distance} in a space of {states} states")]
    TooFar {
        /// The distance found.
        distance: u8,
        /// The states of the space.
        states: u64,
    },
}
