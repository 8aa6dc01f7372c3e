//! Grid maps: our weighted A* (plain, in a workspace kept across the
//! scenarios, and with jump point search) against
//! `pathfinding::directed::astar::astar` given the same successors, on all
//! 160 scenarios of the Moving AI `arena` map.
//!
//! Both sides use the same exact cost type ([`Octile`], wrapped here for
//! `pathfinding`'s `Zero`), the same octile heuristic and the same moves
//! (8-connected, no corner cutting). Every run checks every cost against the
//! scenario file.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench grid`.

mod common;

use std::hint::black_box;

use common::arena::{ours, theirs, MAP, SCEN};
use criterion::{criterion_group, criterion_main, Criterion};
use puzzle_search::grid::{GridMap, Scenario};

fn arena(c: &mut Criterion) {
    let map = GridMap::parse(MAP).expect("the map parses");
    let scenarios = Scenario::parse_file(SCEN).expect("the scenarios parse");
    let mut group = c.benchmark_group("arena 160 scenarios");
    group.bench_function("puzzle-search astar", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, false, false)))
    });
    group.bench_function("puzzle-search astar, one workspace", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, false, true)))
    });
    group.bench_function("puzzle-search astar jps", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, true, false)))
    });
    group.bench_function("pathfinding astar", |b| {
        b.iter(|| black_box(theirs(&map, &scenarios)))
    });
    group.finish();
}

criterion_group!(benches, arena);
criterion_main!(benches);
