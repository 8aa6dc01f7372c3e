//! Splitting a range of work over scoped threads.

use core::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{AtlasError, Options};

/// Runs `work` over `0..items` in chunks of `chunk` items on
/// [`Options::threads`] threads, the calling thread being one of them.
///
/// No thread claims a chunk once the options' cancel flag is set, and the
/// run then returns [`AtlasError::Cancelled`], so no partial result escapes.
///
/// Threads claim chunks from a shared counter, so a slow chunk holds up no one.
/// Each thread folds its chunks into an accumulator of its own, made by `init`;
/// the accumulators come back in thread order (the calling thread's first), but
/// which chunks went into which depends on timing, so callers combine them in a
/// way that does not depend on it. `tick` is called on the calling thread after
/// each of its chunks with the number of items done by all threads so far.
pub(crate) fn run_chunks<R: Send>(
    options: &Options,
    items: u64,
    chunk: u64,
    init: impl Fn() -> R + Sync,
    work: impl Fn(Range<u64>, &mut R) + Sync,
    tick: &mut dyn FnMut(u64),
) -> Result<Vec<R>, AtlasError> {
    let threads = options.threads();
    let chunk = chunk.max(1);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let drain = |accumulator: &mut R, tick: &mut dyn FnMut(u64)| loop {
        if options.is_cancelled() {
            break;
        }
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
    let results = if helpers == 0 {
        let mut accumulator = init();
        drain(&mut accumulator, tick);
        vec![accumulator]
    } else {
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
    };
    options.check_cancelled()?;
    Ok(results)
}
