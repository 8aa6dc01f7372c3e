//! The knight puzzle: every engine on the SCOI2005 sample and on the checked-in
//! hard boards (distance 13 to 18), and the `pathfinding` crate driven by the
//! same successors and heuristic.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench knights`.

mod common;

use common::{
    answer, hard_boards, pathfinding_astar, pathfinding_idastar, successor_states, SAMPLE,
};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzle_search::analysis::EndgameTable;
use puzzle_search::knights::{parse_input, Knights, Position};
use puzzle_search::search::Engine;
use puzzle_search::Puzzle;

fn engines(c: &mut Criterion) {
    let sample = parse_input(SAMPLE).unwrap_or_default();
    let hard = hard_boards();
    let table = EndgameTable::new(EndgameTable::DEFAULT_DEPTH);
    let tabled = table.puzzle();
    let mut group = c.benchmark_group("knights");
    group.sample_size(10);
    group.bench_function("endgame-table/build", |b| {
        b.iter(|| EndgameTable::new(EndgameTable::DEFAULT_DEPTH).len())
    });
    for engine in Engine::ALL {
        group.bench_with_input(BenchmarkId::new("sample", engine), &sample, |b, boards| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|&board| answer(engine, &Knights, board))
                    .sum::<i64>()
            })
        });
        group.bench_with_input(
            BenchmarkId::new("sample-tabled", engine),
            &sample,
            |b, boards| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|&board| answer(engine, &tabled, board))
                        .sum::<i64>()
                })
            },
        );
    }
    // 200 hard boards: the plain heuristic with the heuristic engines, and the
    // endgame table with every engine but plain BFS (minutes per run).
    let first_200 = &hard[..200];
    for engine in [Engine::AStar, Engine::IdaStar] {
        group.bench_with_input(
            BenchmarkId::new("hard-200", engine),
            first_200,
            |b, boards| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|&board| answer(engine, &Knights, board))
                        .sum::<i64>()
                })
            },
        );
    }
    for engine in [Engine::Bidirectional, Engine::AStar, Engine::IdaStar] {
        group.bench_with_input(
            BenchmarkId::new("hard-200-tabled", engine),
            first_200,
            |b, boards| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|&board| answer(engine, &tabled, board))
                        .sum::<i64>()
                })
            },
        );
    }
    group.finish();
}

fn versus_pathfinding(c: &mut Criterion) {
    let hard = hard_boards();
    let boards = &hard[..200];
    let successors = |position: &Position| successor_states(&Knights, position);
    let mut group = c.benchmark_group("knights-vs-pathfinding");
    group.sample_size(10);
    group.bench_function("ours/astar-200", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| answer(Engine::AStar, &Knights, board))
                .sum::<i64>()
        })
    });
    group.bench_function("ours/astar-200-same-successors", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| answer(Engine::AStar, &Knights.unpruned(), board))
                .sum::<i64>()
        })
    });
    group.bench_function("pathfinding/astar-200", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| pathfinding_astar(board))
                .sum::<i64>()
        })
    });
    group.bench_function("ours/idastar-200", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| answer(Engine::IdaStar, &Knights, board))
                .sum::<i64>()
        })
    });
    group.bench_function("pathfinding/idastar-200", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&board| pathfinding_idastar(board))
                .sum::<i64>()
        })
    });
    let sample = parse_input(SAMPLE).unwrap_or_default();
    let first = sample[0];
    group.bench_function("ours/bfs-sample-1", |b| {
        b.iter(|| answer(Engine::Bfs, &Knights, first))
    });
    group.bench_function("ours/bfs-sample-1-same-successors", |b| {
        b.iter(|| answer(Engine::Bfs, &Knights.unpruned(), first))
    });
    group.bench_function("pathfinding/bfs-sample-1", |b| {
        b.iter(|| {
            pathfinding::directed::bfs::bfs(&first, successors, |p| *p == Position::TARGET)
                .map(|p| p.len())
        })
    });
    group.bench_function("ours/bidir-sample-1", |b| {
        b.iter(|| answer(Engine::Bidirectional, &Knights, first))
    });
    group.bench_function("pathfinding/bfs_bidirectional-sample-1", |b| {
        b.iter(|| {
            pathfinding::directed::bfs::bfs_bidirectional(
                &first,
                &Position::TARGET,
                successors,
                successors,
            )
            .map(|p| p.len())
        })
    });
    group.finish();
}

criterion_group!(benches, engines, versus_pathfinding);
criterion_main!(benches);
