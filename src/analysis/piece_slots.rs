//! A dense number for each Klotski piece set: the slot of its entry in a table
//! with one entry per piece set.

use crate::klotski::PieceCounts;

/// Piece sets are told apart by counts below these bounds (exclusive).
const MAX_VERTICAL: usize = 8;
const MAX_HORIZONTAL: usize = 8;
const MAX_SOLDIERS: usize = 17;

/// The number of slots: every [`slot`] is below it.
pub(super) const SLOTS: usize = MAX_VERTICAL * MAX_HORIZONTAL * MAX_SOLDIERS;

/// Where the entry of the piece set `counts` is kept: ordered by vertical, then
/// horizontal, then soldier count, and below [`SLOTS`] (each count is clamped
/// below its bound).
#[inline]
pub(super) fn slot(counts: PieceCounts) -> usize {
    let vertical = usize::from(counts.vertical).min(MAX_VERTICAL - 1);
    let horizontal = usize::from(counts.horizontal).min(MAX_HORIZONTAL - 1);
    let soldiers = usize::from(counts.soldiers).min(MAX_SOLDIERS - 1);
    (vertical * MAX_HORIZONTAL + horizontal) * MAX_SOLDIERS + soldiers
}
