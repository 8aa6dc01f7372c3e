//! Checking a table of distances against the search that makes it.

use super::parallel::run_chunks;
use super::{AtlasError, Distances, Options, CHUNK, UNREACHABLE};
use crate::atlas::file::{FileError, ImpossibleDistances};
use crate::{DenseSpace, Puzzle};

/// Checks that `distances` is exactly the table
/// [`distances`](super::distances()) makes for `puzzle` over `space`: the
/// goals at 0, and every other state one move farther than the nearest of
/// its successors ([`UNREACHABLE`] where none reaches a goal). These
/// equations have one solution, the true distances, so a table that passes
/// is the true table, whatever was done to its file. Ranks that name no
/// state (their state ranks elsewhere) must be [`UNREACHABLE`], as the
/// search leaves them.
///
/// A table loaded from a file is checked this way by the callers that know
/// its puzzle (the `atlas` example does for the sliding tiles); the file's
/// own checks ([`file::load`](super::file::load)) cannot see an entry
/// edited with its checksum recomputed. A table built with
/// [`Options::with_max_depth`] below the space's depth fails here, as it is
/// not the whole table.
///
/// # Errors
///
/// [`AtlasError::TableSize`] when `distances` has not one entry per state,
/// [`FileError::ImpossibleDistances`] with
/// [`ImpossibleDistances::WrongDistance`] naming the first wrong state by
/// rank, [`AtlasError::Cancelled`] if the options' cancel flag was set.
///
/// # Complexity
///
/// Every state is unranked and expanded once, and each successor ranked,
/// on [`Options::threads`] threads: a fraction of the search's time.
///
/// ```
/// use puzzle_search::atlas::{self, Options};
/// use puzzle_search::sliding::{Shape, Sliding, SolvableBoards};
///
/// let space = SolvableBoards::new(Shape::new(2, 3)?)?;
/// let distances = atlas::distances(&Sliding::new(), &space, &Options::new(), &mut |_| {})?;
/// atlas::check_distances(&Sliding::new(), &space, &distances, &Options::new())?;
///
/// let mut edited = distances.into_bytes();
/// edited[5] = edited[5].saturating_mul(3);
/// let edited = atlas::Distances::from_bytes(edited);
/// assert!(atlas::check_distances(&Sliding::new(), &space, &edited, &Options::new()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_distances<P, D>(
    puzzle: &P,
    space: &D,
    distances: &Distances,
    options: &Options,
) -> Result<(), AtlasError>
where
    P: Puzzle + Sync,
    D: DenseSpace<State = P::State> + Sync,
{
    let states = space.len();
    if distances.len() != states {
        return Err(AtlasError::TableSize {
            expected: states,
            found: distances.len(),
        });
    }
    let mut goals = std::collections::HashSet::new();
    space.for_each_goal(|goal| {
        goals.insert(space.rank(&goal));
    });
    let entry = |rank: u64| distances.get(rank).unwrap_or(UNREACHABLE);
    // Each thread keeps the first wrong state of its chunks; the least rank
    // of them all is the first wrong state of the table, whatever the timing.
    let wrong = run_chunks(
        options,
        states,
        CHUNK,
        || None::<ImpossibleDistances>,
        |ranks, first| {
            if first.is_some() {
                return;
            }
            for rank in ranks {
                let found = entry(rank);
                let state = space.unrank(rank);
                let expected = if space.rank(&state) != rank {
                    UNREACHABLE
                } else if goals.contains(&rank) {
                    0
                } else {
                    let mut least = UNREACHABLE;
                    puzzle.successors(&state, |_, next| {
                        least = least.min(entry(space.rank(&next)));
                    });
                    if least >= UNREACHABLE - 1 {
                        UNREACHABLE
                    } else {
                        least + 1
                    }
                };
                if found != expected {
                    *first = Some(ImpossibleDistances::WrongDistance {
                        rank,
                        found,
                        expected,
                    });
                    return;
                }
            }
        },
        &mut |_| {},
    )?;
    let rank_of = |wrong: &ImpossibleDistances| match wrong {
        ImpossibleDistances::WrongDistance { rank, .. } => *rank,
        _ => u64::MAX,
    };
    match wrong.into_iter().flatten().min_by_key(rank_of) {
        Some(wrong) => Err(FileError::ImpossibleDistances(wrong).into()),
        None => Ok(()),
    }
}
