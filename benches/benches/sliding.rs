//! The sliding-tile puzzles: IDA* with the Manhattan distance on Korf's
//! instances (the loop `fifteen_ida.c` runs), the pattern databases' build,
//! and IDA* on the default 6-6-3 databases.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench sliding`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzle_search::analysis::build_pattern_database;
use puzzle_search::atlas::Options;
use puzzle_search::search::{idastar, Limits};
use puzzle_search::sliding::{parse_board, Board, Partition, Shape, Sliding};
use puzzle_search::Puzzle;

/// Korf's 100 instances (tests/data/korf100.txt).
fn korf() -> Vec<Board> {
    include_str!("../../tests/data/korf100.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| parse_board(line, None).ok())
        .map(|parsed| parsed.board)
        .collect()
}

/// The moves of an optimal solution, or `usize::MAX` when none was found.
fn moves<P: Puzzle<State = Board>>(puzzle: &P, start: Board) -> usize {
    let result = idastar(puzzle, start, &Limits::new());
    result.outcome.path().map_or(usize::MAX, |path| path.len())
}

fn manhattan(c: &mut Criterion) {
    let instances = korf();
    let mut group = c.benchmark_group("sliding/manhattan");
    group.sample_size(10);
    // Instance 2 (55 moves, 15.3 million nodes) and 12 (45 moves, 0.5 million).
    for number in [2usize, 12] {
        let start = instances[number - 1];
        group.bench_with_input(BenchmarkId::new("korf", number), &start, |b, &start| {
            b.iter(|| moves(&Sliding::new(), start))
        });
    }
    group.finish();
}

fn pattern_databases(c: &mut Criterion) {
    let instances = korf();
    let mut group = c.benchmark_group("sliding/pdb");
    group.sample_size(10);
    // One group of five tiles of the 15-puzzle: 524,160 placements.
    let five = Partition::parse(Shape::FIFTEEN, "1,2,3,4,5")
        .unwrap_or_else(|_| Partition::for_shape(Shape::FIFTEEN));
    group.bench_function("build/4x4 5 tiles", |b| {
        b.iter(|| {
            build_pattern_database(five.clone(), &Options::new(), &mut |_, _| {})
                .map(|database| database.table(0).map_or(0, <[u8]>::len))
        })
    });
    let Ok(database) = build_pattern_database(
        Partition::for_shape(Shape::FIFTEEN),
        &Options::new(),
        &mut |_, _| {},
    ) else {
        return;
    };
    let puzzle = Sliding::new().with_heuristic(&database);
    group.bench_function("korf 1-10, 6-6-3", |b| {
        b.iter(|| {
            instances[..10]
                .iter()
                .map(|&start| moves(&puzzle, start))
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, manhattan, pattern_databases);
criterion_main!(benches);
