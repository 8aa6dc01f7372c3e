//! `klotski --count`, `klotski --all N`, `knights --count` and `sliding
//! --count`, run as processes (SPEC §3.1, §3.2, §3.5): their answers against a plain reference count
//! in this file's process (tests/support), their paths replayed move by move.
//!
//! Build the examples first when running this test alone:
//! `cargo build --examples` (see tests/cli.rs).

use crate::support;

use std::collections::HashSet;

use puzzle_search::klotski::{catalog, Klotski, Layout, Metric};
use puzzle_search::knights::Knights;
use puzzle_search::search::{all_optimal, idastar_count, Limits};
use puzzle_search::sliding::{parse_board, Board, Shape, Sliding};
use puzzle_search::Puzzle;
use serde_json::Value;
use support::process::{self, assert_rejected, assert_success, example, Input, Run};
use support::{hengdaolima, reference_path_count, SplitMix64, KNIGHTS_SAMPLE, SAMPLE_OPTIMA};

fn run(program: &str, args: &[&str], stdin: &str) -> Run {
    let mut command = std::process::Command::new(example(program));
    command.args(args);
    let what = format!("{command:?}");
    process::run_command(command, Input::Bytes(stdin.as_bytes().to_vec()), &what)
}

fn json(run: &Run) -> Value {
    serde_json::from_str(run.stdout.trim()).expect("one JSON object")
}

fn layout(value: &Value) -> Layout {
    value
        .as_str()
        .expect("a layout text")
        .parse()
        .expect("20 shape digits")
}

/// Whether `path` (layouts) takes one move of `metric` at a time and ends solved.
fn replays(metric: Metric, path: &[Layout]) -> bool {
    let puzzle = Klotski::new(metric).with_mirror_folding(false);
    path.windows(2).all(|pair| {
        let mut found = false;
        puzzle.successors(&pair[0], |_, next| found |= next == pair[1]);
        found
    }) && path.last().is_some_and(|last| puzzle.is_goal(last))
}

/// The count and the end layouts of every metric and a few catalogued layouts,
/// against the reference count over real layouts.
#[test]
fn klotski_count_matches_the_reference() {
    for name in ["hengdaolima", "biyihengkong", "qiandanghouzu", "zoutouwulu"] {
        let start = catalog::find(name).unwrap().layout();
        for metric in Metric::ALL {
            let args = ["--count", "--json", "--metric", metric.name(), name];
            let out = run("klotski", &args, "");
            assert_success(&out, name);
            let answer = json(&out);
            let keys: Vec<&str> = answer
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(
                keys,
                [
                    "start",
                    "metric",
                    "solvable",
                    "moves",
                    "count",
                    "end_layouts"
                ]
            );
            assert_eq!(layout(&answer["start"]), start);
            assert_eq!(answer["metric"], metric.name());
            let puzzle = Klotski::new(metric).with_mirror_folding(false);
            match reference_path_count(&puzzle, start) {
                Some((moves, count, ends)) => {
                    assert_eq!(answer["solvable"], true);
                    assert_eq!(answer["moves"], moves);
                    assert_eq!(
                        answer["count"].to_string(),
                        count.to_string(),
                        "{name} {metric}"
                    );
                    let found: HashSet<u64> = answer["end_layouts"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|end| layout(end).code())
                        .collect();
                    assert_eq!(found, ends);
                }
                None => {
                    assert_eq!(answer["solvable"], false);
                    assert_eq!(answer["moves"], Value::Null);
                    assert_eq!(answer["count"], 0);
                    assert_eq!(answer["end_layouts"], Value::Array(Vec::new()));
                }
            }
        }
    }
}

/// The report for people: the sentence of SPEC §3.1, then the end layouts.
#[test]
fn klotski_count_for_people() {
    let out = run("klotski", &["--count"], "");
    assert_success(&out, "--count");
    assert!(
        out.stdout
            .contains("256 optimal solutions of 81 moves, ending in 2 layouts"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("CommonCode DAAF4CC00"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("CommonCode DAA7F3000"),
        "{}",
        out.stdout
    );
}

/// `--all N`: min(N, count) distinct optimal paths that replay, in the
/// library's order.
#[test]
fn klotski_all_lists_distinct_optimal_paths_in_order() {
    let start = hengdaolima();
    for (metric, n) in [
        (Metric::Piece, 300usize),
        (Metric::Slide, 7),
        (Metric::Step, 0),
    ] {
        let args = ["--all", &n.to_string(), "--json", "--metric", metric.name()];
        let out = run("klotski", &args, "");
        assert_success(&out, "--all");
        let answer = json(&out);
        let puzzle = Klotski::new(metric).with_mirror_folding(false);
        let (moves, count, _) = reference_path_count(&puzzle, start).unwrap();
        assert_eq!(answer["moves"], moves);
        let paths: Vec<Vec<Layout>> = answer["paths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|path| path.as_array().unwrap().iter().map(layout).collect())
            .collect();
        assert_eq!(paths.len(), n.min(count as usize));
        assert_eq!(paths.iter().collect::<HashSet<_>>().len(), paths.len());
        for path in &paths {
            assert_eq!(path.first(), Some(&start));
            assert_eq!(path.len(), moves as usize + 1);
            assert!(replays(metric, path));
        }
        let graph = all_optimal(&Klotski::new(metric), start, &Limits::new());
        let library: Vec<Vec<Layout>> = graph
            .outcome
            .graph()
            .unwrap()
            .paths()
            .take(n)
            .map(|path| path.states().to_vec())
            .collect();
        assert_eq!(paths, library);
    }
    let out = run("klotski", &["--all", "2"], "");
    assert_success(&out, "--all for people");
    assert!(
        out.stdout.contains("The first 2 solutions:"),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stdout
            .lines()
            .filter(|line| line.starts_with("   1. ") || line.starts_with("   2. "))
            .count(),
        2
    );
}

/// A limit is an outcome, bad arguments exit with status 2.
#[test]
fn klotski_count_limits_and_errors() {
    let out = run("klotski", &["--count", "--json", "--max-states", "100"], "");
    assert_success(&out, "a state limit");
    let answer = json(&out);
    assert_eq!(answer["solvable"], Value::Null);
    assert_eq!(answer["count"], Value::Null);
    assert_eq!(answer["limit"], "states");
    for args in [
        &["--all", "many"][..],
        &["--count", "--svg", "x.svg"],
        &["--all"],
    ] {
        let out = run("klotski", args, "");
        assert_rejected(&out, &[], &format!("{args:?}"));
    }
}

/// `knights --count`: `moves count` per board, or -1, the count checked by
/// the reference count; JSON adds `"count"`.
#[test]
fn knights_count_matches_the_reference() {
    let out = run("knights", &["--count"], KNIGHTS_SAMPLE);
    assert_success(&out, "knights --count");
    let boards = puzzle_search::knights::parse_input(KNIGHTS_SAMPLE).unwrap();
    let (moves, count, _) = reference_path_count(&Knights, boards[0]).unwrap();
    assert_eq!(moves, SAMPLE_OPTIMA[0]);
    assert_eq!(out.stdout, format!("{moves} {count}\n-1\n"));

    let out = run("knights", &["--count", "--json"], KNIGHTS_SAMPLE);
    assert_success(&out, "knights --count --json");
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["moves"], moves);
    assert_eq!(lines[0]["count"].to_string(), count.to_string());
    assert_eq!(lines[1]["moves"], Value::Null);
    assert_eq!(lines[1]["count"], Value::Null);

    // Within a larger limit the second board has its true optimum, 18.
    let out = run("knights", &["--count", "--limit", "18"], KNIGHTS_SAMPLE);
    assert_success(&out, "knights --count --limit 18");
    let second = out.stdout.lines().nth(1).unwrap();
    assert!(
        second.starts_with(&format!("{} ", SAMPLE_OPTIMA[1])),
        "{second}"
    );
}

/// `sliding --count`: `moves count` per board, in input order; the 3×3
/// counts by the reference count, a 4×4 count (through IDA*) by the count
/// under another heuristic; `unsolvable` stays as it is.
#[test]
fn sliding_count_matches_the_reference() {
    let boards = [
        "1 0 2 3 4 5 6 7 8",
        "8 6 7 2 5 4 3 0 1",
        "1 2 3 4 5 6 7 8 0",
        "0 2 1 3 4 5 6 7 8",
    ];
    let out = run(
        "sliding",
        &["--count", "--heuristic", "manhattan"],
        &boards.join("\n"),
    );
    assert_success(&out, "sliding --count");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), boards.len());
    for (text, line) in boards.iter().zip(&lines) {
        let board = parse_board(text, None).unwrap().board;
        match reference_path_count(&Sliding::new(), board) {
            Some((moves, count, _)) => assert_eq!(*line, format!("{moves} {count}"), "{text}"),
            None => assert_eq!(*line, "unsolvable", "{text}"),
        }
    }

    // A 4×4 board 40 random moves from the goal.
    let mut rng = SplitMix64::new(4);
    let mut parsed = Board::goal("4x4".parse::<Shape>().unwrap());
    for _ in 0..40 {
        let directions: Vec<_> = parsed.directions().collect();
        parsed = parsed
            .play(directions[rng.next_u64() as usize % directions.len()])
            .unwrap();
    }
    let board: Vec<String> = parsed.tiles().map(|tile| tile.to_string()).collect();
    let board = board.join(" ");
    let out = run(
        "sliding",
        &[
            "--count",
            "--json",
            "--heuristic",
            "linear-conflict",
            &board,
        ],
        "",
    );
    assert_success(&out, "sliding --count --json");
    let answer = json(&out);
    let counted = idastar_count(&Sliding::new(), parsed, &Limits::new()).outcome;
    assert_eq!(
        answer["moves"].as_u64(),
        counted.moves().map(|moves| moves as u64)
    );
    assert_eq!(
        answer["count"].to_string(),
        counted.count().unwrap().to_string()
    );
    assert_eq!(
        answer["tiles"].as_array().unwrap().len(),
        counted.moves().unwrap()
    );
}

/// `klotski --farthest`: the largest distance from the layout within its
/// group and every layout at it, mirror images apart, as a plain
/// breadth-first search over real layouts finds them, in every metric.
#[test]
fn klotski_farthest_matches_a_reference_search() {
    let start = hengdaolima();
    for metric in Metric::ALL {
        let puzzle = Klotski::new(metric).with_mirror_folding(false);
        let mut deepest = 0;
        let mut at_deepest: HashSet<Layout> = HashSet::new();
        for (layout, distance) in support::ReferenceBfs::new(&puzzle, [start]) {
            if distance > deepest {
                deepest = distance;
                at_deepest.clear();
            }
            if distance == deepest {
                at_deepest.insert(layout);
            }
        }
        let run = run(
            "klotski",
            &["--farthest", "--json", "--metric", metric.name()],
            "",
        );
        assert_success(&run, "--farthest --json");
        let object = json(&run);
        assert_eq!(object["distance"], deepest, "{metric}");
        let layouts: HashSet<Layout> = object["layouts"]
            .as_array()
            .expect("layouts is an array")
            .iter()
            .map(layout)
            .collect();
        assert_eq!(layouts, at_deepest, "{metric}");
        let text = run_text(&["--farthest", "--metric", metric.name()]);
        assert!(
            text.starts_with(&format!(
                "farthest: {deepest} moves, {} layouts",
                at_deepest.len()
            )),
            "{text}"
        );
    }
}

fn run_text(args: &[&str]) -> String {
    let run = run("klotski", args, "");
    assert_success(&run, "klotski --farthest");
    run.stdout
}
