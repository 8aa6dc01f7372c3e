//! Breadth-first layers with no goal and no tree: the sweep that
//! [`farthest`](super::farthest) and [`distances_to`](super::distances_to)
//! share.

use core::ops::ControlFlow;

use hashbrown::hash_table::Entry;

use super::reach::StatesLeft;
use super::run::{Lookout, Run};
use super::table::{KeyTable, INITIAL_CAPACITY};
use super::Limit;
use crate::Puzzle;

/// One layer of a sweep: each state with the move that reached it (none for
/// a start).
pub(super) type Layer<S, M> = Vec<(S, Option<M>)>;

/// How a sweep ended, when no limit stopped it.
pub(super) enum Swept<S, M, B> {
    /// The layer handler stopped it, with this.
    Stopped(B),
    /// Every reachable state was seen: `reached` of them, the last layer
    /// `depth` moves from the starts.
    Exhausted {
        reached: usize,
        depth: u32,
        last: Layer<S, M>,
    },
}

/// Breadth-first search from `starts` (one per key) over every state they
/// reach, handing each layer to `on_layer` with its distance before it is
/// expanded: the starts first, at 0. `on_layer` stops the sweep with
/// [`ControlFlow::Break`].
///
/// Each state expanded and each child generated counts in `run`'s
/// statistics; the state limit, the byte limit, the time budget and the
/// cancel flag stop the sweep, and so does the depth limit when a layer
/// beyond it is not empty.
pub(super) fn sweep<P: Puzzle, B>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
    mut on_layer: impl FnMut(u32, &Layer<P::State, P::Move>) -> ControlFlow<B>,
) -> Result<Swept<P::State, P::Move, B>, Limit> {
    run.admit(starts.len())?;
    let mut lookout = Lookout::new(run);
    let mut states_left = StatesLeft::new(run, starts.len());
    let mut budget = run.budget();
    let mut seen: KeyTable<P::Key> = budget.table(INITIAL_CAPACITY)?;
    let mut layer: Layer<P::State, P::Move> = Vec::with_capacity(starts.len());
    for start in starts {
        seen.insert_new(puzzle.encode(&start), ());
        budget.table_room(&mut seen)?;
        layer.push((start, None));
    }
    run.stats.max_stored = seen.len();
    let mut depth = 0u32;
    let result = loop {
        if let ControlFlow::Break(stopped) = on_layer(depth, &layer) {
            break Ok(Swept::Stopped(stopped));
        }
        let mut next = Vec::new();
        let mut stop = None;
        for (state, last) in &layer {
            if let Err(limit) = lookout.check() {
                stop = Some(limit);
                break;
            }
            run.stats.expanded += 1;
            let mut visit = |mv: P::Move, child: P::State| {
                if !lookout.arrive(&mut stop, core::convert::identity) {
                    return;
                }
                let key = puzzle.encode(&child);
                let Entry::Vacant(vacancy) = seen.entry(key) else {
                    return;
                };
                let claimed = states_left.claim();
                if let Err(limit) = claimed.and_then(|()| budget.room(&mut next)) {
                    stop = Some(limit);
                    return;
                }
                vacancy.insert((key, ()));
                next.push((child, Some(mv)));
                // Room for the next key, where growing can fail.
                if let Err(limit) = budget.table_room(&mut seen) {
                    stop = Some(limit);
                }
            };
            match last {
                Some(last) => puzzle.successors_after(state, last, &mut visit),
                None => puzzle.successors(state, &mut visit),
            }
            if stop.is_some() {
                break;
            }
        }
        if let Some(limit) = stop {
            break Err(limit);
        }
        if next.is_empty() {
            break Ok(Swept::Exhausted {
                reached: seen.len(),
                depth,
                last: layer,
            });
        }
        if depth >= run.max_depth() {
            break Err(run.depth_limit());
        }
        // The layer done gives its bytes back to the budget.
        budget.release(&layer);
        layer = next;
        depth += 1;
    };
    run.stats.generated = lookout.generated.count();
    run.stats.max_stored = seen.len();
    result
}
