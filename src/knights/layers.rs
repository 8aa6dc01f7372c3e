//! Breadth-first layers over all positions, organised by empty cell, for the
//! [knight table](crate::atlas::knights::KnightTable).
//!
//! The generic [`atlas::distances`](crate::atlas::distances) works here too (and
//! the tests check that both agree), but it knows nothing of the puzzle's
//! structure and takes about twice the work. Here the table is split into 25
//! blocks by empty cell: block `e` holds the C(24, 12) positions with `e` empty,
//! in [`Position::index`](super::Position::index) order. A jump moves the empty
//! cell, so every neighbour of a position lies in another block, reached
//! from a knight's move away. Each block is one unit of work, owned by one
//! thread for the layer: it takes the frontier positions of the neighbouring
//! blocks and marks their unreached neighbours in its own block. So
//!
//! * no two threads write the same block: no atomic operations, no races, and
//!   the same table whatever the number of threads;
//! * all probes of a unit land in one block's 2.7 MB of the table, which stays in
//!   cache, instead of anywhere in 67.6 MB.
//!
//! The frontier is kept as lists of the knights' subsets, so a position never
//! needs unranking. Only pushing is done: pulling (scanning the unreached
//! positions of a block for one with a neighbour in the frontier) was measured
//! slower at every layer, as positions have only 3.84 neighbours on average
//! and the unreached ones rarely find the frontier at the first try.

use std::sync::Mutex;

use super::dense::{compress, expand, subset_rank, ARRANGEMENTS};
use super::{Position, CELLS, COLOUR_MASK, KNIGHT_MOVES};
use crate::atlas::parallel::run_on_threads;
use crate::atlas::{Distances, Options, Phase, Progress, MAX_DEPTH, UNREACHABLE};

/// Positions per block.
const BLOCK: usize = ARRANGEMENTS as usize;

/// The knights' subset after the knight on `from` jumps into `empty`, in a
/// position with `empty` empty and the `1` knights on `subset` (both subsets
/// relative to their empty cells).
#[inline]
fn jump(subset: u32, empty: u32, from: u32) -> u32 {
    let colours = expand(subset, empty);
    let knight = colours >> from & 1;
    let moved = colours & !(1 << from) | knight << empty;
    compress(moved, from)
}

/// One block and the frontier it builds in a layer.
struct Target<'a> {
    cell: usize,
    table: &'a mut [u8],
    next: &'a mut Vec<u32>,
}

/// The distance of every position to [`Position::TARGET`], by index.
// `frontier` has one list per cell, and cells (the target's empty cell,
// `neighbours`) are below `CELLS`.
#[allow(clippy::indexing_slicing)]
pub(crate) fn distances(options: &Options, progress: &mut dyn FnMut(Progress)) -> Distances {
    let total = CELLS as u64 * ARRANGEMENTS;
    let mut table = vec![UNREACHABLE; CELLS * BLOCK];
    // The frontier of each block: the subsets of its positions in the last layer.
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new(); CELLS];
    let target = Position::TARGET;
    let centre = target.empty();
    let subset = compress(target.code() & COLOUR_MASK, centre as u32);
    if let Some(slot) = table.get_mut(centre * BLOCK + subset_rank(subset) as usize) {
        *slot = 0;
    }
    frontier[centre].push(subset);
    let mut settled = 1;
    let mut depth = 0u8;
    let mut report = |depth: u8, done: u64| {
        progress(Progress {
            phase: Phase::Distances,
            depth: u32::from(depth),
            done,
            total,
        })
    };
    report(0, settled);
    while depth < options.max_depth().min(MAX_DEPTH) {
        let mut next: Vec<Vec<u32>> = vec![Vec::new(); CELLS];
        let incoming =
            |cell: usize| -> usize { neighbours(cell).map(|from| frontier[from].len()).sum() };
        let mut work: Vec<Target<'_>> = table
            .chunks_mut(BLOCK)
            .zip(next.iter_mut())
            .enumerate()
            .map(|(cell, (table, next))| Target { cell, table, next })
            .filter(|target| incoming(target.cell) > 0)
            .collect();
        // Heaviest blocks first, so that the threads finish together.
        work.sort_by_key(|target| core::cmp::Reverse(incoming(target.cell)));
        let queue = Mutex::new(work.into_iter());
        let found = run_on_threads(options.threads(), || {
            let mut found = 0;
            // A poisoned lock means another thread panicked; its panic is passed on.
            while let Some(target) = queue.lock().ok().and_then(|mut queue| queue.next()) {
                found += expand_block(target, &frontier, depth + 1);
            }
            found
        });
        drop(queue);
        let found: u64 = found.into_iter().sum();
        if found == 0 {
            break;
        }
        frontier = next;
        depth += 1;
        settled += found;
        report(depth, settled);
    }
    report(depth, total);
    Distances::from_bytes(table)
}

/// The cells a knight's move from `cell`.
fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let mut mask = KNIGHT_MOVES.get(cell).copied().unwrap_or(0);
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let next = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            next
        })
    })
}

/// Marks with `distance` the unreached positions of `target`'s block one jump
/// from the frontier, lists them as its next frontier, and returns how many.
// `neighbours` yields cells below `CELLS`, and `frontier` has one list per cell.
#[allow(clippy::indexing_slicing)]
fn expand_block(target: Target<'_>, frontier: &[Vec<u32>], distance: u8) -> u64 {
    let Target { cell, table, next } = target;
    for from in neighbours(cell) {
        for &subset in &frontier[from] {
            // The knight on `cell` jumps into `from`, the frontier position's
            // empty cell, leaving `cell` empty.
            let moved = jump(subset, from as u32, cell as u32);
            if let Some(slot) = table.get_mut(subset_rank(moved) as usize) {
                if *slot == UNREACHABLE {
                    *slot = distance;
                    next.push(moved);
                }
            }
        }
    }
    next.len() as u64
}
