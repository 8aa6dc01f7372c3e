//! Paired runs against the `pathfinding` crate, robust to a machine whose speed
//! drifts (shared cores): each round runs every contender once, back to back, and
//! the ratio is the median of the rounds' ratios. Criterion (`benches/klotski.rs`,
//! `benches/knights.rs`) measures each contender on its own.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench versus`;
//! `ROUNDS=n` sets the rounds (default 31).

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::arena;
use common::{
    answer, hard_boards, layout, pathfinding_astar, pathfinding_idastar, successor_states, SAMPLE,
};
use puzzle_search::klotski::{Klotski, Layout, Metric};
use puzzle_search::knights::{parse_input, Knights, Position};
use puzzle_search::search::{astar, bfs, idastar, Engine, Limits};
use puzzle_search::sliding::{Board, Sliding};
use puzzle_search::Puzzle;

/// Two of Korf's 100 random 15-puzzle instances (R. E. Korf, "Depth-first
/// iterative-deepening: an optimal admissible tree search", Artificial
/// Intelligence 27, 1985, table of results), with their optimal move counts:
/// number 2 (55 moves; our IDA* generates 15,300,441 nodes, Korf's count less
/// the root, see tests/sliding.rs) and number 4 (56 moves, 62,643,178 nodes
/// here). Every run checks the move count.
const KORF: [(&str, &str, i64); 2] = [
    ("2", "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 55),
    ("4", "5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 6", 56),
];

/// One comparison: our engine with the puzzle's pruning, our engine on exactly
/// the successors `pathfinding` gets, and `pathfinding`.
///
/// The 15-puzzle rows have no "same successors" run: `pathfinding`'s IDA*
/// skips every state already on its path (a scan of the path per child), so
/// it needs no pruning of the move back, while our IDA* keeps no such check
/// and, given the move back, searches a tree that grows several times faster
/// per level (over 50 times the time on Korf's instance 2). The fair pairing
/// is ours with the puzzle's pruning of the move back.
struct Contest<'a> {
    task: &'a str,
    ours: Box<dyn FnMut() -> i64 + 'a>,
    ours_same: Option<Box<dyn FnMut() -> i64 + 'a>>,
    theirs: Box<dyn FnMut() -> i64 + 'a>,
}

fn seconds(run: &mut dyn FnMut() -> i64) -> f64 {
    let started = Instant::now();
    black_box(run());
    started.elapsed().as_secs_f64()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn show(time: f64) -> String {
    if time < 1e-3 {
        format!("{:.1} µs", time * 1e6)
    } else {
        format!("{:.2} ms", time * 1e3)
    }
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters by task name.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(31);

    let klotski = Klotski::new(Metric::Piece).with_mirror_folding(false);
    let klotski_same = klotski.unpruned();
    let start = layout("hengdaolima");
    let layout_successors = |layout: &Layout| successor_states(&klotski, layout);
    let knights_successors = |position: &Position| successor_states(&Knights, position);
    let boards = hard_boards();
    let boards = &boards[..200];
    let sample = parse_input(SAMPLE).unwrap_or_default();
    let first = sample[0];
    let answers = |engine: Engine, same: bool| -> i64 {
        boards
            .iter()
            .map(|&board| {
                if same {
                    answer(engine, &Knights.unpruned(), board)
                } else {
                    answer(engine, &Knights, board)
                }
            })
            .sum()
    };

    let sliding = Sliding::new();
    let korf: Vec<(&str, Board, i64)> = KORF
        .iter()
        .map(|&(number, text, optimum)| (number, text.parse().expect("a Korf instance"), optimum))
        .collect();
    let board_successors = |board: &Board| {
        successor_states(&sliding, board)
            .into_iter()
            .map(|next| (next, 1u32))
    };

    let map = puzzle_search::grid::GridMap::parse(arena::MAP).expect("the arena map");
    let scenarios = puzzle_search::grid::Scenario::parse_file(arena::SCEN).expect("its scenarios");
    // The sum of the 160 costs, in units of 10⁻⁴ (each cost is checked).
    let units = |total: f64| (total * 1e4).round() as i64;

    let mut contests = vec![
        Contest {
            task: "Klotski BFS, 横刀立马 (unfolded)",
            ours: Box::new(|| moves(bfs(&klotski, start, &Limits::new()).outcome.path())),
            ours_same: Some(Box::new(|| {
                moves(bfs(&klotski_same, start, &Limits::new()).outcome.path())
            })),
            theirs: Box::new(|| {
                pathfinding::directed::bfs::bfs(&start, layout_successors, |l| l.is_solved())
                    .map_or(-1, |path| path.len() as i64 - 1)
            }),
        },
        Contest {
            task: "Klotski A*, 横刀立马 (unfolded)",
            ours: Box::new(|| moves(astar(&klotski, start, &Limits::new()).outcome.path())),
            ours_same: Some(Box::new(|| {
                moves(astar(&klotski_same, start, &Limits::new()).outcome.path())
            })),
            theirs: Box::new(|| {
                pathfinding::directed::astar::astar(
                    &start,
                    |layout| {
                        layout_successors(layout)
                            .into_iter()
                            .map(|next| (next, 1u32))
                    },
                    |layout| klotski.heuristic(layout),
                    |layout| layout.is_solved(),
                )
                .map_or(-1, |(_, cost)| i64::from(cost))
            }),
        },
        Contest {
            task: "knights BFS, sample board 1",
            ours: Box::new(|| answer(Engine::Bfs, &Knights, first)),
            ours_same: Some(Box::new(|| answer(Engine::Bfs, &Knights.unpruned(), first))),
            theirs: Box::new(|| {
                pathfinding::directed::bfs::bfs(&first, knights_successors, |p| {
                    *p == Position::TARGET
                })
                .map_or(-1, |path| path.len() as i64 - 1)
            }),
        },
        Contest {
            task: "knights A*, 200 hard boards",
            ours: Box::new(|| answers(Engine::AStar, false)),
            ours_same: Some(Box::new(|| answers(Engine::AStar, true))),
            theirs: Box::new(|| boards.iter().map(|&board| pathfinding_astar(board)).sum()),
        },
        Contest {
            task: "knights IDA*, 200 hard boards",
            ours: Box::new(|| answers(Engine::IdaStar, false)),
            ours_same: Some(Box::new(|| answers(Engine::IdaStar, true))),
            theirs: Box::new(|| boards.iter().map(|&board| pathfinding_idastar(board)).sum()),
        },
    ];
    for &(number, board, optimum) in &korf {
        contests.push(Contest {
            task: if number == "2" {
                "15-puzzle IDA*, Korf instance 2 (Manhattan)"
            } else {
                "15-puzzle IDA*, Korf instance 4 (Manhattan)"
            },
            ours: Box::new(move || {
                let solved = moves(idastar(&sliding, board, &Limits::new()).outcome.path());
                assert_eq!(solved, optimum, "Korf's instance {number}");
                solved
            }),
            ours_same: None,
            theirs: Box::new(move || {
                pathfinding::directed::idastar::idastar(
                    &board,
                    board_successors,
                    |board| board.manhattan(),
                    |board| sliding.is_goal(board),
                )
                .map_or(-1, |(_, cost)| i64::from(cost))
            }),
        });
    }

    contests.push(Contest {
        task: "grid A*, arena, 160 scenarios",
        ours: Box::new(|| units(arena::ours(&map, &scenarios, false, false))),
        ours_same: None,
        theirs: Box::new(|| units(arena::theirs(&map, &scenarios))),
    });

    println!(
        "| task | ours | ours, same successors | pathfinding | ratio | same-successor ratio |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for contest in &mut contests {
        if !filter.is_empty()
            && !filter
                .iter()
                .any(|word| contest.task.contains(word.as_str()))
        {
            continue;
        }
        // Warm up, and check that all three agree.
        let same_answer = contest.ours_same.as_mut().map(|same| same());
        let answers = [(contest.ours)(), (contest.theirs)()];
        assert!(
            answers
                .iter()
                .chain(&same_answer)
                .all(|&answer| answer == answers[0]),
            "{}: the answers differ: {answers:?}",
            contest.task
        );
        let rounds = if contest.task.contains("15-puzzle") {
            rounds.min(3)
        } else if contest.task.contains("IDA*") {
            rounds.min(7)
        } else {
            rounds
        };
        let (mut ours, mut same, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut ratio, mut same_ratio) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let a = seconds(&mut contest.ours);
            let c = seconds(&mut contest.theirs);
            if let Some(run) = contest.ours_same.as_mut() {
                let b = seconds(run);
                same.push(b);
                same_ratio.push(c / b);
            }
            ours.push(a);
            theirs.push(c);
            ratio.push(c / a);
        }
        let (same, same_ratio) = if same.is_empty() {
            ("—".to_string(), "—".to_string())
        } else {
            (show(median(same)), format!("{:.1}×", median(same_ratio)))
        };
        println!(
            "| {} | {} | {} | {} | {:.1}× | {} |",
            contest.task,
            show(median(ours)),
            same,
            show(median(theirs)),
            median(ratio),
            same_ratio,
        );
    }
}

/// The moves of a path, or -1.
fn moves<S, M>(path: Option<&puzzle_search::Path<S, M>>) -> i64 {
    path.map_or(-1, |path| path.len() as i64)
}
