//! Every optimal solution against one solve: counting the optimal solutions
//! of a classic Klotski layout (the graph of every shortest path, lifted to
//! real positions, mirror images apart, then its count) beside one BFS solve
//! of it, both mirror-folded as the `klotski` example runs them.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench optimal`.

mod common;

use common::layout;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzle_search::klotski::{Klotski, Metric};
use puzzle_search::search::{all_optimal, bfs, Limits};

fn count_against_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("klotski-count");
    group.sample_size(20);
    for (name, metric) in [
        ("hengdaolima", Metric::Piece),
        ("hengdaolima", Metric::Step),
        ("fenghuiluzhuan", Metric::Piece),
    ] {
        let start = layout(name);
        let puzzle = Klotski::new(metric);
        let id = format!("{name}/{metric}");
        group.bench_with_input(BenchmarkId::new(&id, "bfs-solve"), &start, |b, &start| {
            b.iter(|| bfs(&puzzle, start, &Limits::new()).stats.expanded)
        });
        group.bench_with_input(BenchmarkId::new(&id, "count"), &start, |b, &start| {
            b.iter(|| {
                all_optimal(&puzzle, start, &Limits::new())
                    .outcome
                    .graph()
                    .map(|graph| graph.count())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, count_against_solve);
criterion_main!(benches);
