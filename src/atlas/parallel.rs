//! Splitting a range of work over scoped threads.

use core::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Runs `work` over `0..items` in chunks of `chunk` items on `threads` threads,
/// the calling thread being one of them.
///
/// Threads claim chunks from a shared counter, so a slow chunk holds up no one.
/// Each thread folds its chunks into an accumulator of its own, made by `init`;
/// the accumulators come back in thread order (the calling thread's first), but
/// which chunks went into which depends on timing, so callers combine them in a
/// way that does not depend on it. `tick` is called on the calling thread after
/// each of its chunks with the number of items done by all threads so far.
pub(crate) fn run_chunks<R: Send>(
    threads: usize,
    items: u64,
    chunk: u64,
    init: impl Fn() -> R + Sync,
    work: impl Fn(Range<u64>, &mut R) + Sync,
    tick: &mut dyn FnMut(u64),
) -> Vec<R> {
    let chunk = chunk.max(1);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let drain = |accumulator: &mut R, tick: &mut dyn FnMut(u64)| loop {
        let start = next.fetch_add(chunk, Relaxed);
        if start >= items {
            break;
        }
        let end = items.min(start + chunk);
        work(start..end, accumulator);
        tick(done.fetch_add(end - start, Relaxed) + (end - start));
    };
    let helpers = threads
        .saturating_sub(1)
        .min(items.div_ceil(chunk) as usize);
    if helpers == 0 {
        let mut accumulator = init();
        drain(&mut accumulator, tick);
        return vec![accumulator];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..helpers)
            .map(|_| {
                scope.spawn(|| {
                    let mut accumulator = init();
                    drain(&mut accumulator, &mut |_| {});
                    accumulator
                })
            })
            .collect();
        let mut accumulator = init();
        drain(&mut accumulator, tick);
        let mut results = vec![accumulator];
        for handle in handles {
            match handle.join() {
                Ok(result) => results.push(result),
                // A helper panics only through a bug in `work`; pass it on.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        results
    })
}
