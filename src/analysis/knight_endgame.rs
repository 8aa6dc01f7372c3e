//! Solving knight boards: the endgame table, the heuristic it sharpens, and
//! the SCOI2005 answer.

use crate::adapt::{Heuristic, WithHeuristic};
use crate::atlas::layers::breadth_first;
use crate::knights::{Knights, Position};
use crate::search::table::KeyMap;
use crate::search::{idastar, Limits};
use crate::Puzzle;

/// The exact distance to [`Position::TARGET`] of every position at most `depth` moves away.
///
/// A position missing from the table is more than `depth` moves away, so
/// [`lower_bound`](EndgameTable::lower_bound) is exact near the target and at
/// least `depth + 1` everywhere else: a much tighter bound than counting
/// misplaced knights when the answer is 13 moves or more. Depth 8 holds 10,486
/// positions; depth 10, 57,427.
///
/// ```
/// use puzzle_search::analysis::EndgameTable;
/// use puzzle_search::knights::Position;
/// use puzzle_search::search::{idastar, Limits};
///
/// let table = EndgameTable::new(8);
/// assert_eq!(table.distance(Position::TARGET), Some(0));
/// let start: Position = "01011/110*1/01110/01010/00100".parse()?;
/// assert!(table.lower_bound(start) >= 9);
/// let path = idastar(&table.puzzle(), start, &Limits::new()).outcome.into_path();
/// assert_eq!(path.map(|path| path.len()), Some(18));
/// # Ok::<(), puzzle_search::knights::ParsePositionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct EndgameTable {
    depth: u32,
    distances: KeyMap<u32, u8>,
}

impl EndgameTable {
    /// The depth the `knights` example uses: 57,427 positions.
    pub const DEFAULT_DEPTH: u32 = 10;

    /// Every position within `depth` moves of the target (`depth` is capped at 20).
    pub fn new(depth: u32) -> Self {
        let depth = depth.min(20);
        let mut distances = KeyMap::default();
        distances.insert(Position::TARGET.code(), 0u8);
        // The expansion below never fails: nothing cancels it.
        let _ = breadth_first(
            vec![Position::TARGET],
            depth as u8,
            |layer| layer.len() as u64,
            |layer, distance| {
                let mut next = Vec::new();
                for position in layer {
                    Knights.successors(position, |_, neighbour| {
                        if let hashbrown::hash_map::Entry::Vacant(slot) =
                            distances.entry(neighbour.code())
                        {
                            slot.insert(distance);
                            next.push(neighbour);
                        }
                    });
                }
                Ok(next)
            },
            |_, _| {},
        );
        EndgameTable { depth, distances }
    }

    /// The knight puzzle with its heuristic sharpened by this table.
    pub fn puzzle(&self) -> TabledKnights<'_> {
        Knights.with_heuristic(self)
    }

    /// The depth the table covers.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of positions in the table.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the table is empty (it never is: it holds the target).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The exact distance of `position`, if it is within the table's depth.
    pub fn distance(&self, position: Position) -> Option<u32> {
        self.distances.get(&position.code()).map(|&d| u32::from(d))
    }

    /// An admissible, consistent lower bound on the moves from `position` to the target.
    ///
    /// Exact within the table; outside it, the larger of
    /// [`Position::lower_bound`] and `depth + 1`, raised to the parity every
    /// solution of `position` has.
    #[inline]
    pub fn lower_bound(&self, position: Position) -> u32 {
        if let Some(distance) = self.distance(position) {
            return distance;
        }
        let bound = position.lower_bound();
        let outside = self.depth + 1;
        if bound >= outside {
            bound
        } else {
            outside + ((outside ^ bound) & 1)
        }
    }
}

/// The knight puzzle with its heuristic sharpened by an [`EndgameTable`]
/// ([`EndgameTable::puzzle`]): same states, moves, keys and goal as [`Knights`].
pub type TabledKnights<'a> = WithHeuristic<Knights, &'a EndgameTable>;

impl Heuristic<Position> for &EndgameTable {
    #[inline]
    fn estimate(&self, position: &Position) -> u32 {
        self.lower_bound(*position)
    }
}

/// The fewest moves from `start` to [`Position::TARGET`] if at most `limit`, else `None`.
///
/// The SCOI2005 answer is this number, or `-1` for `None`. Uses [`idastar`]
/// with [`Position::lower_bound`]; for statistics, a path or another engine,
/// call an engine with [`Knights`] directly.
///
/// ```
/// use puzzle_search::analysis::min_moves;
/// use puzzle_search::knights::{Position, DEFAULT_LIMIT};
///
/// let start: Position = "01011/110*1/01110/01010/00100".parse()?;
/// assert_eq!(min_moves(start, DEFAULT_LIMIT), None);
/// assert_eq!(min_moves(start, 20), Some(18));
/// # Ok::<(), puzzle_search::knights::ParsePositionError>(())
/// ```
pub fn min_moves(start: Position, limit: u32) -> Option<u32> {
    let result = idastar(&Knights, start, &Limits::new().with_max_depth(limit));
    // At most `limit` moves, so the length fits in a `u32`.
    result
        .outcome
        .path()
        .and_then(|path| u32::try_from(path.len()).ok())
}
