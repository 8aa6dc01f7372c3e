//! Why an atlas could not be built, saved or loaded.

use super::{file, MAX_DEPTH};

/// Why an atlas could not be built, saved or loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AtlasError {
    /// The space has more states than this machine can hold a table for:
    /// the table's memory could not be had (or not even indexed).
    #[error(
        "a table of the space's {states} states does not fit in the memory this process can have"
    )]
    TooLarge {
        /// The number of states.
        states: u64,
    },
    /// The run was cancelled through [`Options::with_cancel_flag`](super::Options::with_cancel_flag).
    #[error("cancelled")]
    Cancelled,
    /// A goal is farther than [`MAX_DEPTH`] moves from some state.
    #[error(
        "some states are more than {MAX_DEPTH} moves from a goal; distance bytes cannot hold that"
    )]
    TooDeep,
    /// Reading or writing a table file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A table file is not what was expected (see [`file`](mod@file)).
    #[error("{0}")]
    File(#[from] file::FileError),
    /// A component label comes before every smaller one: labels are numbered
    /// from 0 in order of first appearance.
    #[error("the label {label} of rank {rank} comes before a smaller label: labels are numbered from 0 in order of first appearance")]
    UnnumberedLabel {
        /// The rank of the state.
        rank: u64,
        /// Its label.
        label: u32,
    },
    /// A table handed over in memory does not have one entry per state.
    #[error("the table has {found} entries, expected one per state: {expected}")]
    TableSize {
        /// The number of states.
        expected: u64,
        /// The entries found.
        found: u64,
    },
}

/// The number of states as a table length, if this machine can index it.
pub(crate) fn table_len(states: u64) -> Result<usize, AtlasError> {
    usize::try_from(states).map_err(|_| AtlasError::TooLarge { states })
}

/// A table of one `fill()` per state, or [`AtlasError::TooLarge`] when this
/// machine cannot hold it (rather than aborting the process).
pub(crate) fn state_table<T>(states: u64, fill: impl FnMut() -> T) -> Result<Vec<T>, AtlasError> {
    let length = table_len(states)?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(length)
        .map_err(|_| AtlasError::TooLarge { states })?;
    table.extend(core::iter::repeat_with(fill).take(length));
    Ok(table)
}
