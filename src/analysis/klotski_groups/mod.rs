//! The groups of all Klotski layouts, flooded over the frame-and-soldiers
//! index of [`klotski::frames`](crate::klotski), which is cheaper to compute
//! than the ShortCode rank and dense within each piece set.
//!
//! The groups are found in two passes. The first floods every piece set, a
//! group at a time, labelling layouts by index; the second walks all layouts
//! in rank order and reads each one's label, so the labels come out by rank
//! without ranking anything. (Ranking each layout as the flood reaches it,
//! and writing its label by rank there, measured half again as slow: a rank
//! costs more than the walk's step, and the stores land all over a table far
//! larger than the caches.) The second pass writes a stretch of ranks'
//! indices first and then reads their labels in a loop of loads alone, which
//! keeps many of the cache misses in flight at once.
//!
//! | room | job |
//! | --- | --- |
//! | this file | the two passes over all piece sets, on threads |
//! | `flood` | the flood of one piece set |

mod flood;

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

use flood::Flooder;

use crate::atlas::{AtlasError, Components, Options, Phase, Progress};
use crate::klotski::frames::{FrameCache, FrameIndex, PieceSet};
use crate::klotski::{AllLayouts, LAYOUT_COUNT};
use crate::DenseSpace;

/// The label of a layout no flood has reached.
const UNSEEN: u32 = u32::MAX;
/// Layouts labelled by rank per job of the second pass.
const RANK_CHUNK: usize = 1 << 16;

/// The groups of all layouts under `step` moves (the same under every
/// metric), labelled by rank; see the [module docs](self).
/// [`AtlasError::Cancelled`] once the options' cancel flag is set: no job
/// starts after it.
pub(super) fn flood_groups(
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Components, AtlasError> {
    let states = u64::from(LAYOUT_COUNT);
    let index = FrameIndex::build();
    let threads = options.threads().max(1);
    let done = AtomicU64::new(0);
    let mut report = |done: u64| {
        progress(Progress {
            phase: Phase::Components,
            depth: 0,
            // Each layout is counted once per pass.
            done: done / 2,
            total: states,
        })
    };
    // The first pass: a job per piece set, the largest first.
    // Every index gets its label (the floods start wherever the bitmaps say
    // none has been), and so does every rank: zeroed tables come from the
    // system without a pass to fill them.
    let mut by_index = vec![0; LAYOUT_COUNT as usize];
    let mut jobs: Vec<(PieceSet, &mut [u32])> = Vec::with_capacity(index.sets.len());
    let mut rest: &mut [u32] = &mut by_index;
    for set in &index.sets {
        let len = index
            .classes
            .get(set.class as usize)
            .map_or(0, |class| set.len(class));
        let (labels, after) = rest.split_at_mut(len.min(rest.len()));
        jobs.push((*set, labels));
        rest = after;
    }
    jobs.sort_by_key(|(_, labels)| labels.len());
    let floods = AtomicU32::new(0);
    {
        let jobs = Mutex::new(jobs);
        let first_pass = |report: &mut dyn FnMut(u64)| {
            let mut flooder = Flooder::new(&index, &floods);
            while !options.is_cancelled() {
                let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).pop();
                let Some((set, labels)) = job else { break };
                flooder.flood_set(&set, labels);
                report(done.fetch_add(labels.len() as u64, Relaxed) + labels.len() as u64);
            }
        };
        on_threads(threads, &first_pass, &mut report);
    }
    options.check_cancelled()?;
    // The second pass: every layout in rank order reads its label.
    let mut by_rank = vec![0; LAYOUT_COUNT as usize];
    let chunks = Mutex::new(by_rank.chunks_mut(RANK_CHUNK).enumerate());
    let second_pass = |report: &mut dyn FnMut(u64)| loop {
        if options.is_cancelled() {
            break;
        }
        let chunk = chunks.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some((number, labels)) = chunk else { break };
        let first = (number * RANK_CHUNK) as u64;
        let ranks = first..first + labels.len() as u64;
        // The walk writes each layout's index, and a loop of loads alone
        // then replaces the indices by labels: the labels by index are far
        // larger than the caches, and a tight loop keeps many of the misses
        // in flight where the walk between them kept one or two.
        let mut cache = FrameCache::new();
        AllLayouts.for_each_state(ranks, |rank, layout| {
            let at = index.index_of(layout, &mut cache).unwrap_or(UNSEEN);
            if let Some(slot) = labels.get_mut((rank - first) as usize) {
                *slot = at;
            }
        });
        for slot in labels.iter_mut() {
            *slot = by_index.get(*slot as usize).copied().unwrap_or(UNSEEN);
        }
        report(done.fetch_add(labels.len() as u64, Relaxed) + labels.len() as u64);
    };
    on_threads(threads, &second_pass, &mut report);
    options.check_cancelled()?;
    drop(by_index);
    report(2 * states);
    Ok(Components::from_floods(by_rank, floods.into_inner()))
}

/// Runs `work` on `threads` threads, the calling thread one of them and the
/// only one to report progress.
fn on_threads(
    threads: usize,
    work: &(impl Fn(&mut dyn FnMut(u64)) + Sync),
    report: &mut dyn FnMut(u64),
) {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| scope.spawn(|| work(&mut |_| {})))
            .collect();
        work(report);
        for helper in helpers {
            // A helper panics only through a bug; pass it on.
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}
