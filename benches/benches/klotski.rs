//! Klotski: every engine on 横刀立马 (each metric) and 峰回路转, the exhaustive
//! 横刀立马 component, the `pathfinding` crate driven by the same successors,
//! and the listing of all 29,334,498 layouts.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench klotski`.

mod common;

use common::{layout, successor_states};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzle_search::klotski::{AllLayouts, Klotski, Layout, Metric};
use puzzle_search::search::{bfs, Engine, Limits, TwoWay};
use puzzle_search::{Backward, DenseSpace, Puzzle};

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski");
    group.sample_size(20);
    for (name, metrics) in [
        ("hengdaolima", &Metric::ALL[..]),
        ("fenghuiluzhuan", &[Metric::Piece][..]),
    ] {
        let start = layout(name);
        for &metric in metrics {
            let puzzle = Klotski::new(metric);
            for engine in Engine::ALL {
                let id = BenchmarkId::new(format!("{name}/{metric}"), engine);
                group.bench_with_input(id, &start, |b, &start| {
                    b.iter(|| {
                        engine
                            .solve(TwoWay(&puzzle), start, &Limits::new())
                            .stats
                            .expanded
                    })
                });
            }
        }
    }
    group.finish();
}

fn component(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski-component");
    group.sample_size(20);
    let start = layout("hengdaolima");
    for folding in [false, true] {
        // No goal: BFS explores the whole component.
        let puzzle = Klotski::new(Metric::Piece)
            .with_mirror_folding(folding)
            .with_goal(|_: &Layout| false);
        let id = if folding {
            "bfs-mirror-folded"
        } else {
            "bfs-all-25955"
        };
        group.bench_function(id, |b| {
            b.iter(|| bfs(&puzzle, start, &Limits::new()).stats.max_stored)
        });
    }
    group.finish();
}

/// `pathfinding` cannot fold mirror images, so it is compared with our engines
/// run without folding too (the `*-unfolded` rows).
fn versus_pathfinding(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski-vs-pathfinding");
    group.sample_size(20);
    let start = layout("hengdaolima");
    let puzzle = Klotski::new(Metric::Piece).with_mirror_folding(false);
    let successors = |layout: &Layout| successor_states(&puzzle, layout);
    let goal = *Engine::Bfs
        .solve(TwoWay(&puzzle), start, &Limits::new())
        .outcome
        .path()
        .map(|p| p.goal())
        .unwrap_or(&start);
    group.bench_function("ours/bfs-unfolded", |b| {
        b.iter(|| bfs(&puzzle, start, &Limits::new()).stats.expanded)
    });
    let same = puzzle.unpruned();
    group.bench_function("ours/bfs-unfolded-same-successors", |b| {
        b.iter(|| bfs(&same, start, &Limits::new()).stats.expanded)
    });
    group.bench_function("pathfinding/bfs", |b| {
        b.iter(|| {
            pathfinding::directed::bfs::bfs(&start, successors, |layout| layout.is_solved())
                .map(|p| p.len())
        })
    });
    group.bench_function("ours/bidir-unfolded", |b| {
        b.iter(|| {
            Engine::Bidirectional
                .solve(TwoWay(&puzzle), start, &Limits::new())
                .stats
                .expanded
        })
    });
    // pathfinding's bidirectional search needs one goal state: it gets the one our
    // search ended at. Ours is measured on that same task too.
    // The backward search seeded from one given solved layout only, as
    // `pathfinding`'s bidirectional search needs. This bends the contract of
    // `Backward::goal_states` (other solved layouts are left out), which is safe
    // here because the seed is the goal BFS found nearest to the start.
    let single =
        puzzle.with_goal_states(move |_: &Layout, emit: &mut dyn FnMut(Layout)| emit(goal));
    group.bench_function("ours/bidir-unfolded-one-goal", |b| {
        b.iter(|| {
            Engine::Bidirectional
                .solve(TwoWay(&single), start, &Limits::new())
                .stats
                .expanded
        })
    });
    group.bench_function("pathfinding/bfs_bidirectional", |b| {
        b.iter(|| {
            pathfinding::directed::bfs::bfs_bidirectional(&start, &goal, successors, successors)
                .map(|p| p.len())
        })
    });
    group.bench_function("ours/astar-unfolded", |b| {
        b.iter(|| {
            Engine::AStar
                .solve(TwoWay(&puzzle), start, &Limits::new())
                .stats
                .expanded
        })
    });
    group.bench_function("ours/astar-unfolded-same-successors", |b| {
        b.iter(|| {
            Engine::AStar
                .solve(TwoWay(&same), start, &Limits::new())
                .stats
                .expanded
        })
    });
    group.bench_function("pathfinding/astar", |b| {
        b.iter(|| {
            pathfinding::directed::astar::astar(
                &start,
                |layout| successors(layout).into_iter().map(|next| (next, 1u32)),
                |layout| puzzle.heuristic(layout),
                |layout| layout.is_solved(),
            )
            .map(|(_, cost)| cost)
        })
    });
    group.finish();
}

/// Every one of the 29,334,498 layouts listed in ShortCode order, alone: the
/// walk the atlas makes (`enumeration_ms` in `atlas klotski --json`), on one
/// thread, each layout's code folded in so that none is skipped.
fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski-enumeration");
    group.sample_size(20);
    group.bench_function("all-29334498", |b| {
        b.iter(|| {
            let mut folded = (0u64, 0u64);
            AllLayouts.for_each_state(0..AllLayouts.len(), |_, layout| {
                folded = (folded.0 + 1, folded.1 ^ layout.code());
            });
            assert_eq!(folded.0, 29_334_498);
            folded
        })
    });
    group.finish();
}

criterion_group!(benches, engines, component, versus_pathfinding, enumeration);
criterion_main!(benches);
