//! The `blocks` example, run as a process (SPEC §3.7): Fogleman's database
//! through `--rush`, drawings from files and standard input, `--json` with a
//! move list that replays, `--cluster`, `--svg`, and bad input, refused with
//! status 2 and nothing on standard output.
//!
//! `cargo test` builds the examples next to this test binary. When only this
//! test is built (`cargo test --test commands blocks::`), build them first:
//! `cargo build --examples`.

#![cfg(feature = "analysis")]

use crate::support;

use std::path::PathBuf;
use std::process::Command;

use puzzle_search::blocks::{Metric, Move, Setup};
use serde_json::Value;
use support::process::{assert_rejected, example, run_command, Input, Run};

fn blocks(args: &[&str], stdin: &str) -> Run {
    let mut command = Command::new(example("blocks"));
    command.args(args);
    let input = Input::Bytes(stdin.as_bytes().to_vec());
    run_command(command, input, &format!("blocks {args:?}"))
}

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rush")
        .join(name)
        .display()
        .to_string()
}

/// A file of its own in the temporary directory, with `text` in it.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("cli_blocks_{}_{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const HENGDAOLIMA: &str = "; 横刀立马\nABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4,2\n";

/// Every line of the database: its optimum, and with `--cluster` its cluster size.
#[test]
fn the_rush_hour_database_line_by_line() {
    let text = std::fs::read_to_string(data("fogleman50.txt")).unwrap();
    let expected: Vec<(String, String)> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (
                fields[0].trim_start_matches('0').to_owned(),
                fields[2].to_owned(),
            )
        })
        .collect();
    let run = blocks(&["--rush", &data("fogleman50.txt"), "--cluster"], "");
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (line, (moves, cluster)) in lines.iter().zip(&expected) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(
            (fields[0], fields[1]),
            (moves.as_str(), cluster.as_str()),
            "{line}"
        );
    }
}

/// 横刀立马 from standard input and from a file, in the three metrics.
#[test]
fn hengdaolima_in_three_metrics() {
    for (metric, moves) in [("step", "116"), ("slide", "90"), ("piece", "81")] {
        let run = blocks(&["-", "--metric", metric], HENGDAOLIMA);
        assert_eq!(run.stdout, format!("{moves}\n"), "{run:?}");
    }
    let file = temp_file("hdlm.txt", HENGDAOLIMA);
    let run = blocks(&[&file, "--cluster", "--engine", "astar"], "");
    let line = run.stdout.trim().to_owned();
    assert!(line.starts_with("81 25955 "), "{run:?}");
}

/// The JSON moves replay from the start to the goal, piece by piece.
#[test]
fn json_moves_replay() {
    let board = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    for engine in ["bfs", "bidir", "astar", "idastar"] {
        let run = blocks(
            &[board, "--json", "--engine", engine, "--metric", "slide"],
            "",
        );
        assert_eq!(run.code, Some(0), "{run:?}");
        let json: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(json["moves"], 51);
        assert_eq!(json["solvable"], true);
        assert_eq!(json["metric"], "slide");
        let setup = Setup::from_rush(board).unwrap();
        let mut lettered = setup.lettered().clone();
        assert_eq!(json["start"], setup.drawing(&lettered));
        let path = json["path"].as_array().unwrap();
        let moves = json["moves_detail"].as_array().unwrap();
        assert_eq!((path.len(), moves.len()), (52, 51));
        let cell = |pair: &Value| (pair[0].as_u64().unwrap() * 6 + pair[1].as_u64().unwrap()) as u8;
        for (index, mv) in moves.iter().enumerate() {
            let step = Move {
                from: cell(&mv["from"]),
                to: cell(&mv["to"]),
            };
            let (letter, after) = setup.apply(&lettered, step, Metric::Slide).unwrap();
            assert_eq!(mv["piece"], letter.to_string());
            assert_eq!(path[index + 1], setup.drawing(&after));
            lettered = after;
        }
        assert!(setup.blocks().is_solved(lettered.layout));
    }
}

/// Unsolvable puzzles and limits, in lines and in JSON.
#[test]
fn unsolvable_and_limits() {
    let walled = temp_file("walled.txt", "A.#.\ngoal A 1,4\n");
    let run = blocks(&[&walled, "-", "--max-states", "50"], HENGDAOLIMA);
    assert_eq!(
        run.stdout, "unsolvable\nunknown: states limit reached\n",
        "{run:?}"
    );
    let run = blocks(&[&walled, "--json", "--cluster"], "");
    let json: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(json["solvable"], false);
    assert_eq!(json["moves"], Value::Null);
    assert_eq!(json["path"], Value::Array(vec![]));
    assert_eq!(
        (json["cluster"].as_u64(), json["farthest"].as_u64()),
        (Some(2), Some(1))
    );
    let run = blocks(&["-", "--json", "--max-states", "50"], HENGDAOLIMA);
    let json: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (json["solvable"].clone(), json["limit"].clone()),
        (Value::Null, "states".into())
    );
}

/// `--svg` draws every board of the solution.
#[test]
fn svg_draws_every_board() {
    let svg = std::env::temp_dir().join(format!("cli_blocks_{}.svg", std::process::id()));
    let path = svg.display().to_string();
    let run = blocks(
        &["ooFBBBooFoooAAFoGoCCCoGooooooooooxEE", "--svg", &path],
        "",
    );
    assert_eq!(run.stdout, "6\n", "{run:?}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert_eq!(text.matches(">start<").count(), 1);
    for index in 1..=6 {
        assert!(text.contains(&format!(">{index}. ")), "board {index}");
    }
    let _ = std::fs::remove_file(svg);
}

/// Bad input: the file, line and column, or the argument, and the problem;
/// nothing on standard output, even for the good puzzles before it.
#[test]
fn bad_input_is_refused_with_where_and_what() {
    let bad = temp_file("bad.txt", "; a comment\nAB.\nAB..\ngoal A 1,1\n");
    let run = blocks(&["-", &bad], HENGDAOLIMA);
    assert_rejected(&run, &["bad.txt:3:4:", "a row of 4 cells"], "a ragged row");
    let run = blocks(&["-", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFZ"], HENGDAOLIMA);
    assert_rejected(
        &run,
        &["argument 2", "column 36", "row 6", "'Z'"],
        "a bad vehicle",
    );
    let rush = temp_file(
        "rush.txt",
        "# header\n51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n\n7 oooooo\n",
    );
    let run = blocks(&["--rush", &rush], "");
    assert_rejected(
        &run,
        &["rush.txt:4:", "no 36-character"],
        "a line without a string",
    );
    let run = blocks(&["-"], "AA.\nA..\ngoal A 1,1\n");
    assert_rejected(
        &run,
        &["standard input:2:2:", "not a filled rectangle"],
        "a cut piece",
    );
    let run = blocks(&["-"], "AA.\n...\ngoal Z 1,1\n");
    assert_rejected(
        &run,
        &["standard input:3:6:", "no piece 'Z'"],
        "an unknown piece",
    );
    let run = blocks(&["no-such-puzzle.txt"], "");
    assert_rejected(&run, &["no-such-puzzle.txt"], "a missing file");
    let run = blocks(&[], "");
    assert_rejected(&run, &["no puzzle"], "nothing to solve");
}
