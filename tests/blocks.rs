//! Sliding blocks: checked against Michael Fogleman's Rush Hour database,
//! against the `klotski` module on the catalogued layouts, and against
//! themselves (parse and print, successors, predecessors, heuristics).

mod support;

use puzzle_search::blocks::{Metric, Setup};
use puzzle_search::klotski::{self, catalog, Klotski};
use puzzle_search::search::{astar, bfs, farthest, Limits};

/// The puzzles of `tests/data/rush/fogleman50.txt`: (moves, board, cluster).
fn fogleman() -> Vec<(usize, String, usize)> {
    let text = include_str!("data/rush/fogleman50.txt");
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

fn metric(metric: klotski::Metric) -> Metric {
    match metric {
        klotski::Metric::Step => Metric::Step,
        klotski::Metric::Slide => Metric::Slide,
        klotski::Metric::Piece => Metric::Piece,
    }
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
        let blocks = setup.puzzle(metric(km));
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
        let ours = farthest(&blocks, setup.start(), &Limits::new())
            .outcome
            .unwrap();
        let theirs = farthest(&reference, layout, &Limits::new())
            .outcome
            .unwrap();
        assert_eq!(ours.reached, theirs.reached, "{} {}", entry.name, km.name());
        assert_eq!(
            ours.distance,
            theirs.distance,
            "{} {}",
            entry.name,
            km.name()
        );
    }
}

#[test]
fn hengdaolima_through_blocks() {
    compare_with_klotski(&catalog::ENTRIES[0]);
}
