//! Sliding blocks: checked against Michael Fogleman's Rush Hour database,
//! against the `klotski` module on the catalogued layouts, and against
//! themselves (parse and print, successors, predecessors, heuristics).

use crate::support;

use puzzle_search::blocks::{Metric, Setup};
use puzzle_search::klotski::{self, catalog, Klotski};
use std::collections::HashSet;

use puzzle_search::search::{astar, bfs, bidirectional_bfs, farthest, idastar, Engine, Limits};
use puzzle_search::{Backward, Puzzle};

/// The puzzles of `tests/data/rush/fogleman50.txt`: (moves, board, cluster).
fn fogleman() -> Vec<(usize, String, usize)> {
    let text = include_str!("../data/rush/fogleman50.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (
                fields[0].parse().unwrap(),
                fields[1].to_owned(),
                fields[2].parse().unwrap(),
            )
        })
        .collect()
}

/// A Klotski layout as a blocks drawing with its goal: the general, `B`, at
/// row 4, column 2.
fn klotski_setup(layout: klotski::Layout) -> Setup {
    let rows: Vec<String> = layout
        .labels()
        .chunks(klotski::COLUMNS)
        .map(|row| row.iter().collect())
        .collect();
    format!("{}\ngoal B 4,2\n", rows.join("\n"))
        .parse()
        .unwrap()
}

/// Every optimum and every cluster size of the database, in the `slide` metric.
#[test]
fn fogleman_optima_and_clusters() {
    let puzzles = fogleman();
    assert_eq!(puzzles.len(), 51);
    for (moves, board, cluster) in puzzles {
        let setup = Setup::from_rush(&board).unwrap();
        let puzzle = setup.puzzle(Metric::Slide);
        let result = bfs(&puzzle, setup.start(), &Limits::new());
        let path = result.outcome.path().unwrap();
        assert_eq!(path.len(), moves, "{board}");
        assert!(path.replays(&puzzle));
        let reach = farthest(&puzzle, setup.start(), &Limits::new())
            .outcome
            .unwrap();
        assert_eq!(reach.reached, cluster, "{board}");
    }
}

/// The hardest puzzle without walls: 51 moves, 4,780 layouts.
#[test]
fn fogleman_hardest() {
    let setup = Setup::from_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
    let puzzle = setup.puzzle(Metric::Slide);
    let result = astar(&puzzle, setup.start(), &Limits::new());
    assert_eq!(result.outcome.path().map(|p| p.len()), Some(51));
    let reach = farthest(&puzzle, setup.start(), &Limits::new())
        .outcome
        .unwrap();
    assert_eq!(reach.reached, 4780);
}

/// Klotski's own optima and reachable counts, through blocks.
fn compare_with_klotski(entry: &catalog::Entry) {
    let layout = entry.layout();
    let setup = klotski_setup(layout);
    for km in klotski::Metric::ALL {
        let blocks = setup.puzzle(km);
        let reference = Klotski::new(km).with_mirror_folding(false);
        let ours = bfs(&blocks, setup.start(), &Limits::new());
        let theirs = bfs(&reference, layout, &Limits::new());
        assert_eq!(
            ours.outcome.path().map(|p| p.len()),
            theirs.outcome.path().map(|p| p.len()),
            "{} {}",
            entry.name,
            km.name()
        );
        // Every layout, and every mirror pair: the two fold alike.
        for folding in [false, true] {
            let blocks = blocks.clone().with_mirror_folding(folding);
            let reference = Klotski::new(km).with_mirror_folding(folding);
            let ours = farthest(&blocks, setup.start(), &Limits::new())
                .outcome
                .unwrap();
            let theirs = farthest(&reference, layout, &Limits::new())
                .outcome
                .unwrap();
            assert_eq!(
                ours.reached,
                theirs.reached,
                "{} {} {folding}",
                entry.name,
                km.name()
            );
            assert_eq!(
                ours.distance,
                theirs.distance,
                "{} {}",
                entry.name,
                km.name()
            );
        }
    }
}

/// All 25 catalogued layouts, all three metrics: the same optima and the
/// same reachable layouts, counted with their largest distance, as the
/// `klotski` module without mirror folding.
#[test]
fn klotski_catalog_through_blocks() {
    for entry in &catalog::ENTRIES {
        compare_with_klotski(entry);
    }
}

/// The catalog's published optima, through blocks alone.
#[test]
fn klotski_catalog_optima_through_blocks() {
    for entry in &catalog::ENTRIES {
        let setup = klotski_setup(entry.layout());
        let result = bfs(&setup.puzzle(Metric::Piece), setup.start(), &Limits::new());
        let moves = result.outcome.path().map(|path| path.len() as u32);
        assert_eq!(moves, entry.piece_moves, "{}", entry.name);
    }
}

/// Every `step`-th Rush Hour puzzle of the database, and the named Klotski layouts.
fn samples(step: usize, klotski_names: &[&str]) -> Vec<Setup> {
    let rush = fogleman().into_iter().step_by(step);
    let rush = rush.map(|(_, board, _)| Setup::from_rush(&board).unwrap());
    let named = klotski_names
        .iter()
        .map(|name| klotski_setup(catalog::find(name).unwrap().layout()));
    rush.chain(named).collect()
}

/// Every engine finds the optimum BFS finds, on Rush Hour and Klotski, in
/// every metric: the heuristic is admissible and the goal states complete.
#[test]
fn engines_agree_with_bfs() {
    let setups = samples(5, &["比翼横空", "捷足先登"]);
    for setup in &setups {
        for metric in Metric::ALL {
            let puzzle = setup.puzzle(metric);
            let expected = bfs(&puzzle, setup.start(), &Limits::new())
                .outcome
                .path()
                .map(|p| p.len());
            let table = Limits::new().with_table_capacity(support::TABLE);
            for engine in [Engine::Bidirectional, Engine::AStar, Engine::IdaStar] {
                let found = match engine {
                    Engine::Bidirectional => {
                        bidirectional_bfs(&puzzle, setup.start(), &Limits::new())
                    }
                    Engine::AStar => astar(&puzzle, setup.start(), &Limits::new()),
                    _ => idastar(&puzzle, setup.start(), &table),
                };
                let path = found.outcome.path();
                assert_eq!(
                    path.map(|p| p.len()),
                    expected,
                    "{engine} {} {setup}",
                    metric.name()
                );
                assert!(path.is_none_or(|p| p.replays(&puzzle)));
            }
        }
    }
}

/// The heuristic never exceeds the true distance to the nearest goal, found by
/// a plain breadth-first search from every goal state (moves can be undone),
/// over whole Rush Hour clusters and a Klotski component, in every metric.
#[test]
fn heuristics_are_admissible() {
    let mut setups = samples(7, &["比翼横空"]);
    setups.push("AAb\n.cb\n.cd\ngoal A 3,2\n".parse().unwrap());
    // Layout goals, with interchangeable and with distinct pieces.
    setups.push("AA.\nbcc\nb.d\ngoal\n.AA\nccb\nd.b\n".parse().unwrap());
    setups.push(
        "AA.\nbcc\nb.d\ngoal\nd.b\nccb\nAA.\ndistinct\n"
            .parse()
            .unwrap(),
    );
    for setup in &setups {
        for metric in Metric::ALL {
            let puzzle = setup.puzzle(metric);
            let mut goals = Vec::new();
            puzzle.goal_states(&setup.start(), |goal| goals.push(goal));
            assert!(goals
                .iter()
                .all(|goal| puzzle.is_goal(goal) && puzzle.heuristic(goal) == 0));
            let component: HashSet<_> = support::reference_component(&puzzle, setup.start())
                .iter()
                .map(|s| puzzle.encode(s))
                .collect();
            let mut checked = 0;
            for (state, distance) in support::ReferenceBfs::new(&puzzle, goals) {
                if component.contains(&puzzle.encode(&state)) {
                    assert!(
                        puzzle.heuristic(&state) <= distance,
                        "{setup} {}",
                        metric.name()
                    );
                    checked += 1;
                }
            }
            let solvable = bfs(&puzzle, setup.start(), &Limits::new())
                .outcome
                .path()
                .is_some();
            // Every layout of a solvable component lies some distance from a goal.
            assert!(!solvable || checked == component.len(), "{setup}");
        }
    }
}

/// Errors name the line and column, from 1, and the problem.
#[test]
fn errors_name_line_and_column() {
    use puzzle_search::blocks::{ParseError, Problem};
    let error = |text: &str| text.parse::<Setup>().unwrap_err();
    let at = |e: &ParseError| (e.line, e.column);
    // Line 3 is the second row; its fourth cell is one too many.
    let e = error("; comment\nAB.\nAB..\ngoal A 1,1\n");
    assert_eq!(
        (at(&e), e.problem.clone()),
        (
            (3, 4),
            Problem::RowLength {
                expected: 3,
                found: 4
            }
        )
    );
    // The cell at line 2, column 2 is in A's rectangle but is not A.
    let e = error("AA.\nA..\ngoal A 1,1\n");
    assert_eq!(
        (at(&e), e.problem),
        ((2, 2), Problem::NotRectangle { piece: 'A' })
    );
    let e = error("AA.\n...\ngoal Z 1,1\n");
    assert_eq!((at(&e), e.problem), ((3, 6), Problem::UnknownPiece('Z')));
    let e = error("AA.\n...\ngoal A 2,3\n");
    assert!(matches!(
        e.problem,
        Problem::GoalOffBoard {
            piece: 'A',
            row: 2,
            column: 3
        }
    ));
    let e = error("AA.\n...\ngoal A 1,1\n  frobnicate\n");
    assert_eq!(at(&e), (4, 3));
    assert!(matches!(e.problem, Problem::UnknownDirective(_)));
    let e = error("AA.\n...\ngoal A 1,x\n");
    assert_eq!(at(&e), (3, 8));
    let e = error("AA.\n...\naxis A Q\ngoal A 1,1\n");
    assert_eq!((at(&e), e.problem), ((3, 8), Problem::UnknownPiece('Q')));
    let e = error("AA.\n...\n");
    assert_eq!(e.problem, Problem::NoGoal);
    let e = error("AA.\n...\ngoal\nAA.\n.#.\n");
    assert_eq!((at(&e), e.problem), ((5, 2), Problem::GoalPieces("walls")));
    let e = error("AA.\nb..\ngoal\nAA.\n...\n");
    assert_eq!(e.problem, Problem::GoalPieces("pieces"));
    let e = error(&format!("{}\ngoal A 1,1\n", "A".repeat(65)));
    assert!(matches!(e.problem, Problem::TooManyCells { .. }));
    // Rush Hour strings: the column of the fault on line 1.
    let e = Setup::from_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF").unwrap_err();
    assert_eq!(e.problem, Problem::RushLength(35));
    let e = Setup::from_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFZ").unwrap_err();
    assert_eq!((at(&e), e.problem), ((1, 36), Problem::Vehicle('Z')));
    let e = Setup::from_rush("AoooooAoooooooooooooooooooooooooooBB").unwrap_err();
    assert_eq!((at(&e), e.problem), ((1, 1), Problem::RedCar));
    // The message says where and what.
    let e = error("AA.\nA..\ngoal A 1,1\n");
    assert_eq!(e.to_string(), "line 2, column 2: piece 'A' is not a filled rectangle: this cell of its rectangle is not part of it");
}

/// A Rush Hour string reads as the drawing it prints, walls included.
#[test]
fn rush_hour_strings_print_as_drawings() {
    let setup = Setup::from_rush("ooFBBBooFoooAAFoGoCCCoGooooooooooxEE").unwrap();
    let text = setup.to_string();
    assert!(
        text.starts_with("..FBBB\n..F...\nAAF.G.\nCCC.G.\n......\n...#EE\ngoal A 3,5\naxis all\n"),
        "{text}"
    );
    assert_eq!(text.parse::<Setup>().unwrap(), setup);
    // Same rules as the string says: 50 is its cluster.
    let puzzle = setup.puzzle(Metric::Slide);
    assert_eq!(
        farthest(&puzzle, setup.start(), &Limits::new())
            .outcome
            .unwrap()
            .reached,
        50
    );
}
