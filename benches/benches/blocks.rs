//! Sliding blocks: 横刀立马 through `blocks` beside the `klotski` module on
//! the same engine (BFS, each metric), and Fogleman's 51 Rush Hour puzzles.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench blocks`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzle_search::blocks::{self, Setup};
use puzzle_search::klotski::{catalog, Klotski, Metric};
use puzzle_search::search::{bfs, Limits};

/// 横刀立马 as a blocks drawing, the general `B`.
const HENGDAOLIMA: &str = "ABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4,2\n";

fn hengdaolima(c: &mut Criterion) {
    let mut group = c.benchmark_group("blocks-vs-klotski");
    group.sample_size(20);
    let start = catalog::find("hengdaolima")
        .expect("in the catalog")
        .layout();
    let setup: Setup = HENGDAOLIMA.parse().expect("a valid puzzle");
    for metric in Metric::ALL {
        let folded = Klotski::new(metric);
        let unfolded = Klotski::new(metric).with_mirror_folding(false);
        let general = setup.puzzle(metric);
        group.bench_function(BenchmarkId::new("klotski", metric), |b| {
            b.iter(|| bfs(&folded, start, &Limits::new()).stats.expanded)
        });
        group.bench_function(BenchmarkId::new("klotski-unfolded", metric), |b| {
            b.iter(|| bfs(&unfolded, start, &Limits::new()).stats.expanded)
        });
        group.bench_function(BenchmarkId::new("blocks", metric), |b| {
            b.iter(|| bfs(&general, setup.start(), &Limits::new()).stats.expanded)
        });
    }
    group.finish();
}

/// Fogleman's 51 puzzles, each solved by BFS in the `slide` metric.
fn rush_hour(c: &mut Criterion) {
    let text = include_str!("../../tests/data/rush/fogleman50.txt");
    let setups: Vec<Setup> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().nth(1))
        .map(|board| Setup::from_rush(board).expect("a valid puzzle"))
        .collect();
    let puzzles: Vec<_> = setups
        .iter()
        .map(|setup| (setup.puzzle(blocks::Metric::Slide), setup.start()))
        .collect();
    let mut group = c.benchmark_group("rush-hour");
    group.sample_size(20);
    group.bench_function("fogleman-51-bfs", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|(puzzle, start)| bfs(puzzle, *start, &Limits::new()).stats.expanded)
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, hengdaolima, rush_hour);
criterion_main!(benches);
