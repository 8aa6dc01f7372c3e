//! The `grid` example, run as a process (SPEC §3.6), and `sliding --weight`
//! (SPEC §3.5): their lines, JSON, exit statuses and error messages.
//!
//! `cargo test` builds the examples next to this test binary.

use crate::support;

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;
use support::process::{example, run_command, Input, Run};

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/movingai")
        .join(name)
        .display()
        .to_string()
}

fn run(name: &str, args: &[String], stdin: &str) -> Run {
    let mut command = Command::new(example(name));
    command.args(args);
    run_command(
        command,
        Input::Bytes(stdin.as_bytes().to_vec()),
        &format!("{name} {args:?}"),
    )
}

fn grid(args: &[&str]) -> Run {
    let args: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
    run("grid", &args, "")
}

/// A file of `text` in a fresh temporary directory.
fn temporary(name: &str, text: &str) -> String {
    let directory = std::env::temp_dir().join(format!("grid-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_arena_scenario_agrees_line_by_line() {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    for extra in [&[][..], &["--jps"][..], &["--engine", "bidir"][..]] {
        let mut args = vec![map.as_str(), scen.as_str()];
        args.extend_from_slice(extra);
        let result = grid(&args);
        assert_eq!(result.code, Some(0), "{extra:?}: {}", result.stderr);
        let lines: Vec<&str> = result.stdout.lines().collect();
        assert_eq!(lines.len(), 161);
        assert_eq!(lines[0], "1 1.00000000 1.00000000 ok");
        assert_eq!(lines[2], "3 3.41421356 3.41421000 ok");
        assert_eq!(lines[160], "160 of 160 agree");
    }
}

#[test]
fn a_wrong_optimum_is_a_mismatch_and_status_1() {
    let scen = temporary(
        "wrong.scen",
        "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t2\n0\tarena.map\t49\t49\t1\t12\t1\t10\t2\n",
    );
    let result = grid(&[&data("arena.map"), &scen]);
    assert_eq!(result.code, Some(1), "{result:?}");
    assert_eq!(
        result.stdout,
        "1 1.00000000 2.00000000 MISMATCH\n2 2.00000000 2.00000000 ok\n1 of 2 agree\n"
    );
}

#[test]
fn one_search_prints_its_cost_and_path_and_json() {
    let map = data("arena.map");
    let result = grid(&[&map, "--from", "1,11", "--to", "1,13"]);
    assert_eq!(result.code, Some(0), "{result:?}");
    assert_eq!(result.stdout, "2.00000000\n1,11 1,12 1,13\n");
    let result = grid(&[
        &map, "--from", "1,11", "--to", "4,12", "--json", "--weight", "1.5",
    ]);
    let object: Value = serde_json::from_str(result.stdout.trim()).unwrap();
    let keys: Vec<&str> = object
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["start", "goal", "cost", "expected", "agrees", "path", "bound", "stats"]
    );
    assert_eq!(object["start"], serde_json::json!([1, 11]));
    assert_eq!(object["bound"], 1.5);
    let cost = object["cost"].as_f64().unwrap();
    assert!((3.4142..=1.5 * 3.41422).contains(&cost), "{cost}");
    // A goal no path reaches: the arena's border is a wall.
    let result = grid(&[&map, "--from", "1,11", "--to", "0,0"]);
    assert_eq!(result.code, Some(2), "{result:?}");
}

#[test]
fn an_unreachable_goal_is_said_so() {
    let map = temporary("split.map", "type octile\nheight 1\nwidth 3\nmap\n.@.\n");
    let result = grid(&[&map, "--from", "0,0", "--to", "2,0"]);
    assert_eq!(
        (result.code, result.stdout.as_str()),
        (Some(0), "unreachable\n")
    );
}

#[test]
fn bad_files_are_named_with_line_and_column() {
    let map = temporary("bad.map", "type octile\nheight 2\nwidth 2\nmap\n..\n.x\n");
    let result = grid(&[&map, "--from", "0,0", "--to", "1,0"]);
    assert_eq!(result.code, Some(2));
    assert_eq!(result.stdout, "");
    assert!(
        result.stderr.starts_with(&format!("{map}:6:2: ")),
        "{}",
        result.stderr
    );
    let scen = temporary(
        "bad.scen",
        "version 1\n0\tarena.map\t49\t49\t0\t0\t1\t12\t2\n",
    );
    let result = grid(&[&data("arena.map"), &scen]);
    assert_eq!(result.code, Some(2));
    assert_eq!(result.stdout, "");
    assert!(
        result.stderr.starts_with(&format!("{scen}:2:19: ")),
        "{}",
        result.stderr
    );
    for args in [
        &["--jps", "--connect", "4"][..],
        &["--jps", "--engine", "bidir"][..],
        &["--weight", "2", "--engine", "dijkstra"][..],
        &["--weight", "0.5"][..],
    ] {
        let mut all = vec![data("arena.map"), data("arena.map.scen")];
        all.extend(args.iter().map(|arg| (*arg).to_owned()));
        let result = run("grid", &all, "");
        assert_eq!(
            (result.code, result.stdout.as_str()),
            (Some(2), ""),
            "{args:?}"
        );
    }
}

#[test]
fn sliding_weight_bounds_every_answer() {
    // Korf's instance 2 (55 moves) and a board 4 moves from the goal.
    let boards = "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n1 5 2 3 4 9 6 7 8 13 10 11 12 0 14 15\n";
    for engine in ["idastar", "astar"] {
        let args: Vec<String> = [
            "--weight",
            "2",
            "--heuristic",
            "linear-conflict",
            "--json",
            "--engine",
            engine,
        ]
        .iter()
        .map(|arg| (*arg).to_owned())
        .collect();
        let result = run("sliding", &args, boards);
        assert_eq!(result.code, Some(0), "{result:?}");
        let answers: Vec<Value> = result
            .stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        for (answer, optimum) in answers.iter().zip([55, 4]) {
            let moves = answer["moves"].as_u64().unwrap();
            assert!(
                moves >= optimum && moves <= 2 * optimum,
                "{engine}: {moves} against {optimum}"
            );
            assert_eq!(answer["bound"], 2.0);
        }
    }
    let result = run(
        "sliding",
        &[
            "--weight".into(),
            "2".into(),
            "--engine".into(),
            "bfs".into(),
        ],
        "1 0 2 3 4 5 6 7 8\n",
    );
    assert_eq!((result.code, result.stdout.as_str()), (Some(2), ""));
}
