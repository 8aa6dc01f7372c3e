//! The layered breadth-first pass that every exhaustive table is built by.

use super::parallel::run_chunks;
use super::{AtlasError, Options, CHUNK};
use crate::Backward;

/// Where [`breadth_first`] stopped.
pub(crate) struct LayersEnd<L> {
    /// The last layer that was not empty.
    pub(crate) depth: u8,
    /// That layer's frontier when the depth limit stopped the pass; empty when
    /// the pass ran out of states.
    pub(crate) frontier: L,
}

/// Runs breadth-first layers from `first`, the layer at depth 0.
///
/// `expand(frontier, depth)` marks the states at `depth` found from the
/// frontier at `depth - 1` and returns them; `size` counts a frontier. The
/// pass stops when a layer comes out empty or once layer `max_depth` is done,
/// and calls `report(depth, settled)` after the first layer and after every
/// layer found, `settled` counting the states of all layers so far. An error
/// of `expand` (a cancelled run) ends the pass.
pub(crate) fn breadth_first<L>(
    first: L,
    max_depth: u8,
    size: impl Fn(&L) -> u64,
    mut expand: impl FnMut(&L, u8) -> Result<L, AtlasError>,
    mut report: impl FnMut(u8, u64),
) -> Result<LayersEnd<L>, AtlasError> {
    let mut settled = size(&first);
    let mut depth = 0u8;
    let mut frontier = first;
    report(depth, settled);
    while size(&frontier) > 0 && depth < max_depth {
        let next = expand(&frontier, depth + 1)?;
        let found = size(&next);
        frontier = next;
        if found == 0 {
            break;
        }
        depth += 1;
        settled += found;
        report(depth, settled);
    }
    Ok(LayersEnd { depth, frontier })
}

/// What [`expand`]'s `mark` found a state to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Reached before: not listed again.
    Old,
    /// Reached now: listed in the next layer.
    New,
    /// Reached now, and one of the states the pass counts apart (the first
    /// state of its pattern, in a pattern-database pass).
    NewCounted,
}

/// The next layer backwards from `frontier`: the predecessors that `mark`
/// claims, on [`Options::threads`] threads, and how many of them it counted;
/// [`AtlasError::Cancelled`] once the options' cancel flag is set.
///
/// `mark(state)` records `state` as reached and says whether it was new and
/// whether to count it; several threads may offer it the same state, and it
/// must say it is new to one of them only (an atomic flip does). Each thread
/// counts on its own, so the count costs no shared write.
pub(crate) fn expand<P>(
    puzzle: &P,
    options: &Options,
    frontier: &[P::State],
    mark: impl Fn(&P::State) -> Mark + Sync,
) -> Result<(Vec<P::State>, u64), AtlasError>
where
    P: Backward + Sync,
    P::State: Send + Sync,
{
    let found = run_chunks(
        options,
        frontier.len() as u64,
        CHUNK,
        || (Vec::new(), 0),
        |range, (found, counted): &mut (Vec<P::State>, u64)| {
            let chunk = frontier
                .get(range.start as usize..range.end as usize)
                .unwrap_or(&[]);
            for state in chunk {
                puzzle.predecessors(state, |_, previous| match mark(&previous) {
                    Mark::Old => {}
                    Mark::New => found.push(previous),
                    Mark::NewCounted => {
                        *counted += 1;
                        found.push(previous);
                    }
                });
            }
        },
        &mut |_| {},
    )?;
    let counted = found.iter().map(|(_, counted)| counted).sum();
    // One thread's list is the layer as it is; several are copied once into
    // a list made to size. A copy that grows as it goes would touch every
    // fresh page of the layer twice, and a layer is tens of megabytes.
    let layer = match <[_; 1]>::try_from(found) {
        Ok([(layer, _)]) => layer,
        Err(parts) => {
            let mut layer = Vec::with_capacity(parts.iter().map(|(part, _)| part.len()).sum());
            for (part, _) in parts {
                layer.extend(part);
            }
            layer
        }
    };
    Ok((layer, counted))
}

/// Orders `layer` by `key` in `threads` runs, each sorted on a thread of
/// its own.
///
/// A frontier expanded in the order of its states' ranks walks the tables
/// its successors are marked in nearly in order too, so that far more of
/// them are found in a cache. Runs sorted apart keep that (the frontier is
/// expanded a chunk at a time, and a chunk lies within one run) at a
/// fraction of one sort's time.
pub(crate) fn sort_in_runs<S: Send>(
    layer: &mut [S],
    threads: usize,
    key: impl Fn(&S) -> u64 + Sync,
) {
    let run = run_length(layer.len(), threads);
    let (first, rest) = layer.split_at_mut(run.min(layer.len()));
    std::thread::scope(|scope| {
        for part in rest.chunks_mut(run) {
            let key = &key;
            scope.spawn(move || part.sort_unstable_by_key(key));
        }
        first.sort_unstable_by_key(&key);
    });
}

/// The states of each run of [`sort_in_runs`]: a share of the threads,
/// in whole chunks of [`expand`], so that no chunk straddles two runs.
fn run_length(states: usize, threads: usize) -> usize {
    let chunk = CHUNK as usize;
    states
        .div_ceil(threads.max(1))
        .next_multiple_of(chunk)
        .max(chunk)
}

/// Whether some predecessor of `frontier` is `unreached`: after a pass
/// stopped by its depth limit, whether it had more to find.
pub(crate) fn extends<P: Backward>(
    puzzle: &P,
    frontier: &[P::State],
    unreached: impl Fn(&P::State) -> bool,
) -> bool {
    frontier.iter().any(|state| {
        let mut found = false;
        puzzle.predecessors(state, |_, previous| {
            found = found || unreached(&previous);
        });
        found
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// The layers of 0..=10, each number reached from the one before.
    fn count_up(max_depth: u8) -> (LayersEnd<Vec<u8>>, Vec<(u8, u64)>) {
        let mut reports = Vec::new();
        let end = breadth_first(
            vec![0u8],
            max_depth,
            |layer| layer.len() as u64,
            |layer, depth| {
                assert_eq!(layer, &[depth - 1]);
                Ok(layer.iter().filter(|&&n| n < 10).map(|n| n + 1).collect())
            },
            |depth, settled| reports.push((depth, settled)),
        )
        .unwrap();
        (end, reports)
    }

    #[test]
    fn sorts_in_one_run_a_thread() {
        let scrambled: Vec<u64> = (0..3 * CHUNK).map(|n| n * 7919 % (3 * CHUNK)).collect();
        let mut layer = scrambled.clone();
        sort_in_runs(&mut layer, 2, |&n| n);
        let run = run_length(layer.len(), 2);
        assert_eq!(run % CHUNK as usize, 0);
        for part in layer.chunks(run) {
            assert!(part.is_sorted());
        }
        assert!(!layer.is_sorted());
        layer.sort_unstable();
        let mut all = scrambled;
        all.sort_unstable();
        assert_eq!(layer, all);
    }

    #[test]
    fn runs_until_no_state_is_left() {
        let (end, reports) = count_up(u8::MAX);
        assert_eq!(end.depth, 10);
        assert!(end.frontier.is_empty());
        assert_eq!(reports.len(), 11);
        assert_eq!(reports.last(), Some(&(10, 11)));
    }

    #[test]
    fn stops_at_the_depth_limit_with_its_frontier() {
        let (end, reports) = count_up(4);
        assert_eq!(end.depth, 4);
        assert_eq!(end.frontier, [4]);
        assert_eq!(reports.last(), Some(&(4, 5)));
    }
}
