//! The `sliding` example, run as a process (SPEC §3.5): answers, `--json`,
//! standard input, and bad input, which must be refused with status 2 and
//! nothing on standard output before any answer is printed.
//!
//! `cargo test` builds the examples next to this test binary. When only this
//! test is built (`cargo test --test commands sliding::`), build them first:
//! `cargo build --examples`, with `--release` when testing in release.

#![cfg(feature = "analysis")]

use crate::support;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use support::process::{example, run_command, Input, Run};

use puzzle_search::search::{bfs, Limits};
use puzzle_search::sliding::{Board, Sliding};
use serde_json::Value;

// ---------------------------------------------------------------------------
// Running the program
// ---------------------------------------------------------------------------

impl Run {
    /// The lines of standard output, after checking that the run succeeded.
    fn lines(&self) -> Vec<&str> {
        assert_eq!(self.code, Some(0), "{self:?}");
        self.stdout.lines().collect()
    }

    /// Checks that the run refused its input: status 2, nothing on standard
    /// output, and a message containing every one of `words`.
    fn refused(&self, words: &[&str]) {
        assert_eq!(self.code, Some(2), "{self:?}");
        assert_eq!(self.stdout, "", "{self:?}");
        for word in words {
            assert!(self.stderr.contains(word), "{word:?} missing: {self:?}");
        }
    }
}

/// Runs `sliding` with `args` and `stdin`, with no cache of pattern databases.
fn sliding(args: &[&str], stdin: &str) -> Run {
    let mut command = Command::new(example("sliding"));
    command.args(args);
    let input = Input::Bytes(stdin.as_bytes().to_vec());
    run_command(command, input, &format!("sliding {args:?}"))
}

/// Runs `sliding` as [`sliding`] does, but with the default databases of the
/// 8- and 15-puzzle loaded from a cache that this process filled first: the
/// runs whose subject is not the databases need not build them each time.
/// The cache's own tests and every other run build theirs.
fn sliding_with_cache(args: &[&str], stdin: &str) -> Run {
    static CACHE: OnceLock<PathBuf> = OnceLock::new();
    let directory = CACHE.get_or_init(|| {
        let directory = scratch("shared-cache");
        let mut command = Command::new(example("sliding"));
        command
            .args([HARDEST, KORF_2])
            .env("PUZZLE_SEARCH_CACHE", &directory);
        let filled = run_command(
            command,
            Input::Bytes(Vec::new()),
            "sliding (filling a cache)",
        );
        assert_eq!(filled.lines(), ["31", "55"]);
        directory
    });
    let mut command = Command::new(example("sliding"));
    command.args(args).env("PUZZLE_SEARCH_CACHE", directory);
    let input = Input::Bytes(stdin.as_bytes().to_vec());
    run_command(command, input, &format!("sliding {args:?} (cached)"))
}

// ---------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------

/// The 8-puzzle's goal.
const GOAL: &str = "0 1 2 3 4 5 6 7 8";

/// One of the two 3x3 boards farthest from the goal: 31 moves.
const HARDEST: &str = "8 0 6 5 4 7 2 3 1";

/// Korf's instance 2, its number first: 55 moves.
const KORF_2: &str = "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6";

/// Some solvable 3x3 boards at various distances.
const BOARDS: [&str; 5] = [
    "1 0 2 3 4 5 6 7 8",
    "3 1 2 4 0 5 6 7 8",
    "1 2 5 3 4 0 6 7 8",
    "7 2 4 5 0 6 8 3 1",
    HARDEST,
];

/// The distance of `text` from the goal, by breadth-first search.
fn distance(text: &str) -> usize {
    let board: Board = text.parse().unwrap();
    let result = bfs(&Sliding::new(), board, &Limits::new());
    result.outcome.path().unwrap().len()
}

/// Slides each of `tiles` in turn into the blank of `board` (row-major, `0`
/// the blank, `columns` wide), checking that each is next to the blank.
fn replay(board: &[u64], columns: usize, tiles: &[u64]) -> Vec<u64> {
    let mut board = board.to_vec();
    for &tile in tiles {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let cell = board.iter().position(|&t| t == tile).unwrap();
        let (br, bc) = (blank / columns, blank % columns);
        let (tr, tc) = (cell / columns, cell % columns);
        assert_eq!(
            br.abs_diff(tr) + bc.abs_diff(tc),
            1,
            "tile {tile} is not next to the blank"
        );
        board.swap(blank, cell);
    }
    board
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

#[test]
fn the_goal_takes_no_move() {
    assert_eq!(sliding(&[GOAL], "").lines(), ["0"]);
}

#[test]
fn boards_get_their_distances_in_order() {
    let expected: Vec<String> = BOARDS.iter().map(|b| distance(b).to_string()).collect();
    assert_eq!(expected.last().map(String::as_str), Some("31"));
    for engine in ["bfs", "bidir", "astar", "idastar"] {
        for heuristic in ["manhattan", "linear-conflict", "pdb"] {
            let mut args = vec!["--engine", engine, "--heuristic", heuristic];
            args.extend(BOARDS);
            assert_eq!(sliding(&args, "").lines(), expected, "{engine} {heuristic}");
        }
    }
}

#[test]
fn korf_instance_2_takes_55_moves() {
    assert_eq!(sliding_with_cache(&[KORF_2], "").lines(), ["55"]);
}

#[test]
fn unsolvable_boards_are_told_by_parity() {
    // Tiles 1 and 2 of the goal swapped; BFS would explore 181,440 boards
    // first, and a limit of 10 states would stop it.
    let run = sliding(
        &["--engine", "bfs", "--max-states", "10", "0 2 1 3 4 5 6 7 8"],
        "",
    );
    assert_eq!(run.lines(), ["unsolvable"]);
    let run = sliding(&["0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"], "");
    assert_eq!(run.lines(), ["unsolvable"]);
}

#[test]
fn a_state_limit_leaves_the_answer_unknown() {
    let run = sliding(&["--max-states", "10", "--engine", "bfs", HARDEST], "");
    assert_eq!(run.lines(), ["unknown: states limit reached"]);
}

#[test]
fn a_size_shapes_the_board() {
    let run = sliding(&["--size", "3x4", "1 0 2 3 4 5 6 7 8 9 10 11"], "");
    assert_eq!(run.lines(), ["1"]);
    let run = sliding(&["--size", "2x2", "1 0 2 3", "0,1,2,3"], "");
    assert_eq!(run.lines(), ["1", "0"]);
}

#[test]
fn standard_input_skips_blank_and_comment_lines() {
    let input = format!("# boards\n\n{GOAL}\n   \n  # indented comment\n{HARDEST}\n\n");
    assert_eq!(sliding(&[], &input).lines(), ["0", "31"]);
}

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

fn json_lines(run: &Run) -> Vec<Value> {
    run.lines()
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn json_tiles_replay_to_the_goal() {
    let run = sliding_with_cache(&["--json", HARDEST, KORF_2], "");
    let objects = json_lines(&run);
    assert_eq!(objects.len(), 2);
    for (object, moves) in objects.iter().zip([31, 55]) {
        assert_eq!(
            keys(object),
            ["start", "rows", "columns", "solvable", "moves", "tiles", "stats", "goal"]
        );
        assert_eq!(object["solvable"], Value::Bool(true));
        assert_eq!(object["moves"].as_u64(), Some(moves));
        let columns = object["columns"].as_u64().unwrap() as usize;
        let rows = object["rows"].as_u64().unwrap() as usize;
        let start = numbers(&object["start"]);
        assert_eq!(start.len(), rows * columns);
        let tiles = numbers(&object["tiles"]);
        assert_eq!(tiles.len() as u64, moves);
        let goal: Vec<u64> = (0..start.len() as u64).collect();
        assert_eq!(replay(&start, columns, &tiles), goal);
        assert_eq!(
            keys(&object["stats"]),
            ["expanded", "generated", "elapsed_us"]
        );
        assert!(object["stats"]["expanded"].as_u64().unwrap() > 0);
    }
    assert_eq!(objects[1]["rows"].as_u64(), Some(4));
    assert_eq!(numbers(&objects[1]["start"])[..3], [13, 5, 4]);
}

#[test]
fn json_tells_unsolvable_boards_and_limits() {
    let run = sliding(&["--json", GOAL], "");
    let goal = &json_lines(&run)[0];
    assert_eq!(goal["moves"].as_u64(), Some(0));
    assert_eq!(goal["tiles"], serde_json::json!([]));

    let run = sliding(&["--json", "0 2 1 3 4 5 6 7 8"], "");
    let unsolvable = &json_lines(&run)[0];
    assert_eq!(
        keys(unsolvable),
        ["start", "rows", "columns", "solvable", "moves", "tiles", "stats", "goal"]
    );
    assert_eq!(unsolvable["solvable"], Value::Bool(false));
    assert_eq!(unsolvable["moves"], Value::Null);
    assert_eq!(unsolvable["tiles"], serde_json::json!([]));

    let run = sliding(
        &["--json", "--max-states", "10", "--engine", "bfs", HARDEST],
        "",
    );
    let limited = &json_lines(&run)[0];
    assert_eq!(
        keys(limited),
        ["start", "rows", "columns", "solvable", "moves", "tiles", "limit", "stats", "goal"]
    );
    assert_eq!(limited["solvable"], Value::Null);
    assert_eq!(limited["moves"], Value::Null);
    assert_eq!(limited["tiles"], serde_json::json!([]));
    assert_eq!(limited["limit"], Value::String("states".into()));
}

// ---------------------------------------------------------------------------
// Bad input and arguments
// ---------------------------------------------------------------------------

#[test]
fn bad_boards_are_refused_with_their_place() {
    sliding(&["1 2 3 4 5 6 7 0"], "").refused(&["argument 1", "found 8"]);
    sliding(&[GOAL, "1 2 3 4 x 6 7 8 0"], "").refused(&["argument 2", "\"x\""]);
    sliding(&["1 1 2 3 4 5 6 7 8"], "").refused(&["argument 1", "tile 1 appears twice"]);
    sliding(&["1 9 2 3 4 5 6 7 8"], "").refused(&["argument 1", "tile 9 is out of range"]);
    sliding(&["--size", "3x4", GOAL], "").refused(&["argument 1", "12 numbers"]);
    sliding(&[], "# header\n\n1 2 3\n").refused(&["line 3", "found 3"]);
    // A board drawn in rows keeps its shape: 2x8 is refused, not read as 4x4.
    let two_by_eight = "8 1 2 3 4 5 6 7\n0 9 10 11 12 13 14 15";
    sliding(&[two_by_eight], "").refused(&["argument 1", "2 rows of 8", "2x8"]);
    sliding(&["1 0\n2 3\n4 5\n6 7\n8 9\n10 11\n12 13\n14 15"], "").refused(&["argument 1", "8x2"]);
}

#[test]
fn every_board_is_checked_before_any_answer() {
    let input = format!("{GOAL}\n{HARDEST}\n0 1 2 3 4 5 6 7 -1\n{GOAL}\n");
    sliding(&[], &input).refused(&["line 3", "out of range"]);
    sliding(&[GOAL, HARDEST, "0 1 2"], "").refused(&["argument 3"]);
}

#[test]
fn bad_arguments_are_refused() {
    for size in ["9x9", "3", "3x", "ax3", "1x4"] {
        sliding(&["--size", size, GOAL], "").refused(&["--size"]);
    }
    sliding(&["--engine", "dfs", GOAL], "").refused(&["dfs"]);
    sliding(&["--heuristic", "hamming", GOAL], "").refused(&["hamming"]);
    sliding(&["--max-states", "many", GOAL], "").refused(&["many"]);
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let directory = std::env::temp_dir().join(format!("cli-sliding-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

#[test]
fn pattern_databases_are_built_saved_and_loaded() {
    let directory = scratch("pdb");
    let path = directory.join("eight.pdb");
    let file = path.to_str().unwrap();
    // Built and saved: the 8-puzzle's default is one group of all 8 tiles,
    // 9!/1! placements, one byte each after a 64-byte header.
    assert_eq!(sliding(&["--pdb", file, HARDEST], "").lines(), ["31"]);
    let saved = std::fs::read(&path).unwrap();
    assert_eq!(saved.len(), 64 + 362_880);
    // Loaded, and the same answers.
    let expected: Vec<String> = BOARDS.iter().map(|b| distance(b).to_string()).collect();
    let mut args = vec!["--pdb", file];
    args.extend(BOARDS);
    assert_eq!(sliding(&args, "").lines(), expected);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        saved,
        "loading leaves the file alone"
    );
    // The file of another partition, or a damaged one, is refused.
    let run = sliding(&["--pdb", file, "--partition", "4-4", HARDEST], "");
    run.refused(&["cannot load", "eight.pdb", "pdb 3x3 1e"]);
    let mut damaged = saved.clone();
    damaged[1000] ^= 1;
    std::fs::write(&path, &damaged).unwrap();
    sliding(&["--pdb", file, HARDEST], "").refused(&["cannot load", "checksum"]);
    std::fs::write(&path, &saved[..saved.len() - 1]).unwrap();
    sliding(&["--pdb", file, HARDEST], "").refused(&["cannot load", "truncated"]);
    std::fs::write(&path, b"not a table").unwrap();
    sliding(&["--pdb", file, HARDEST], "").refused(&["cannot load", "not a puzzle-search table"]);
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn a_partition_can_be_chosen() {
    let expected: Vec<String> = BOARDS.iter().map(|b| distance(b).to_string()).collect();
    for partition in ["4-4", "3-3-2", "1,2,3/5,6,7,8", "2-2-2-2", "1"] {
        let mut args = vec!["--partition", partition];
        args.extend(BOARDS);
        assert_eq!(sliding(&args, "").lines(), expected, "{partition}");
    }
    let run = sliding(&["--partition", "1,2,3/4,5,6", "--json", HARDEST], "");
    let answer: Value = serde_json::from_str(run.lines()[0]).unwrap();
    assert_eq!(answer["moves"], 31);
}

#[test]
fn pattern_database_options_are_checked() {
    sliding(&["--partition", "1,2,9", GOAL], "").refused(&["--partition", "tile 9"]);
    sliding(&["--partition", "1,2/2,3", GOAL], "").refused(&["tile 2 is in two groups"]);
    sliding(&["--partition", "9-9", GOAL], "").refused(&["no partition named"]);
    // Sizes whose sum wraps around: refused, not a panic or a huge allocation.
    let wrapping = "18446744073709551615-1";
    sliding(&["--partition", wrapping, GOAL], "").refused(&["no partition named"]);
    let manhattan = ["--heuristic", "manhattan"];
    sliding(&[&manhattan[..], &["--pdb", "x.pdb", GOAL]].concat(), "").refused(&["--pdb"]);
    sliding(
        &[&manhattan[..], &["--partition", "4-4", GOAL]].concat(),
        "",
    )
    .refused(&["--partition"]);
    let directory = scratch("shapes");
    let file = directory.join("mixed.pdb");
    let file = file.to_str().unwrap();
    let fifteen = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    sliding(&["--pdb", file, GOAL, fifteen], "").refused(&["one shape", "3x3", "4x4"]);
    assert!(!directory.join("mixed.pdb").exists());
    sliding(&["--pdb", directory.to_str().unwrap(), GOAL], "").refused(&["directory"]);
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn a_time_limit_leaves_the_answer_unknown() {
    // Korf's instance 1 takes seconds with the Manhattan distance.
    let korf_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let args = [
        "--heuristic",
        "manhattan",
        "--time-limit",
        "0.05",
        korf_1,
        GOAL,
    ];
    assert_eq!(
        sliding(&args, "").lines(),
        ["unknown: time limit reached", "0"]
    );
    let run = sliding(
        &[
            "--json",
            "--heuristic",
            "manhattan",
            "--time-limit",
            "0.05",
            korf_1,
        ],
        "",
    );
    let answer: Value = serde_json::from_str(run.lines()[0]).unwrap();
    assert_eq!(answer["limit"], "time");
    assert_eq!(answer["moves"], Value::Null);
    for bad in ["--time-limit=soon", "--time-limit=-1", "--time-limit=NaN"] {
        sliding(&[bad, GOAL], "").refused(&["--time-limit"]);
    }
}

/// The pattern databases are cached between runs: the first run builds and
/// writes them (and names the file on standard error), the next loads them;
/// a damaged file is rebuilt, and `--no-cache` neither reads nor writes.
#[test]
fn pattern_databases_are_cached_between_runs() {
    let directory = scratch("cache");
    let cached = |args: &[&str]| {
        let mut command = Command::new(example("sliding"));
        command.args(args).env("PUZZLE_SEARCH_CACHE", &directory);
        run_command(
            command,
            Input::Bytes(Vec::new()),
            &format!("sliding {args:?}"),
        )
    };
    let expected = distance(HARDEST).to_string();
    let no_cache = cached(&["--no-cache", HARDEST]);
    assert_eq!(no_cache.lines(), [expected.as_str()]);
    assert!(no_cache.stderr.is_empty(), "{}", no_cache.stderr);
    assert!(std::fs::read_dir(&directory).map_or(true, |mut files| files.next().is_none()));

    let first = cached(&[HARDEST]);
    assert_eq!(first.lines(), [expected.as_str()]);
    assert!(
        first.stderr.contains("saved the pattern databases in"),
        "{}",
        first.stderr
    );
    let files: Vec<_> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(first.stderr.contains(&files[0].display().to_string()));

    let second = cached(&[HARDEST]);
    assert_eq!(second.lines(), [expected.as_str()]);
    assert!(
        second.stderr.is_empty(),
        "loaded, not rebuilt: {}",
        second.stderr
    );

    // A damaged file is rebuilt, never trusted.
    let mut bytes = std::fs::read(&files[0]).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(&files[0], &bytes).unwrap();
    let third = cached(&[HARDEST]);
    assert_eq!(third.lines(), [expected.as_str()]);
    assert!(
        third.stderr.contains("saved the pattern databases in"),
        "{}",
        third.stderr
    );
    let _ = std::fs::remove_dir_all(&directory);
}

/// `--goal`: the famous 31-move boards are 31 moves from the blank-last goal;
/// a goal of any board is searched toward that board (checked by a BFS from
/// it), JSON names the goal, and `--show` replays to it.
#[test]
fn a_goal_can_be_chosen_and_a_solution_shown() {
    let famous = ["8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"];
    assert_eq!(
        sliding(&[&["--goal", "blank-last"][..], &famous].concat(), "").lines(),
        ["31", "31"]
    );
    for goal_text in [
        "1 2 3 4 0 5 6 7 8",
        "3 1 2 0 4 5 6 7 8",
        "1 2 3 4 5 6 7 8 0",
    ] {
        let goal: Board = goal_text.parse().unwrap();
        let mut distances = std::collections::HashMap::new();
        for (board, distance) in support::ReferenceBfs::new(&Sliding::new(), [goal]) {
            distances.insert(board, distance);
        }
        for start in BOARDS {
            let board: Board = start.parse().unwrap();
            let expected = distances
                .get(&board)
                .map_or("unsolvable".to_owned(), |distance| distance.to_string());
            for engine in ["idastar", "astar", "bfs"] {
                let run = sliding(&["--goal", goal_text, "--engine", engine, start], "");
                assert_eq!(
                    run.lines(),
                    [expected.as_str()],
                    "{goal_text} {start} {engine}"
                );
            }
            let json = sliding(&["--goal", goal_text, "--json", start], "");
            let value: Value = serde_json::from_str(json.lines()[0]).unwrap();
            assert_eq!(
                numbers(&value["goal"]),
                goal.tiles().map(u64::from).collect::<Vec<_>>()
            );
            if let Some(&moves) = distances.get(&board) {
                let tiles = numbers(&value["tiles"]);
                assert_eq!(tiles.len(), moves as usize);
                let start_tiles: Vec<u64> = board.tiles().map(u64::from).collect();
                let end = replay(&start_tiles, 3, &tiles);
                assert_eq!(end, numbers(&value["goal"]), "{goal_text} {start}");
            }
        }
    }
    // --show: one move a block, the board after each, the last the goal.
    let run = sliding(&["--goal", "blank-last", "--show", "1 2 3 4 5 6 7 0 8"], "");
    assert_eq!(
        run.lines(),
        ["1", "move 1: tile 8 left", "  1 2 3", "  4 5 6", "  7 8 0"]
    );
    sliding(&["--goal", "1 2 3", GOAL], "").refused(&["--goal"]);
    sliding(
        &["--goal", "1 2 3 4 0 5 6 7 8", "--engine", "bidir", GOAL],
        "",
    )
    .refused(&["--goal"]);
}

/// The JSON lines of `run` with each search's time taken out: all that
/// may differ between two runs of the same boards.
fn without_times(run: &Run) -> Vec<Value> {
    json_lines(run)
        .into_iter()
        .map(|mut line| {
            if let Some(stats) = line.get_mut("stats").and_then(Value::as_object_mut) {
                assert!(stats.remove("elapsed_us").is_some(), "{stats:?}");
            }
            line
        })
        .collect()
}

#[test]
fn boards_searched_on_threads_get_the_answers_and_nodes_of_one_thread() {
    // 8-puzzle boards, an unsolvable one among them, and five of Korf's
    // 15-puzzle instances (the pattern databases built for each run, their
    // three groups at the same time with two threads), each input with more
    // boards than threads, so that answers may come out of order.
    let korf: Vec<&str> = include_str!("../data/korf100.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect();
    let fifteen = [korf[1], korf[3], korf[4], korf[5], korf[8]].join("\n");
    let mut eight: Vec<&str> = BOARDS.to_vec();
    eight.insert(2, "1 0 2 3 4 5 6 8 7");
    let eight = eight.join("\n");
    for (args, input, boards) in [
        (&["--json"][..], eight.as_str(), 6),
        (
            &["--json", "--no-cache", "--partition", "5-5-5"][..],
            &fifteen,
            5,
        ),
        (&["--json", "--engine", "bfs"][..], eight.as_str(), 6),
    ] {
        let on = |threads: &str| {
            let mut all = args.to_vec();
            all.extend(["--threads", threads]);
            sliding(&all, input)
        };
        let one = on("1");
        let lines = without_times(&one);
        assert_eq!(lines.len(), boards, "{args:?}");
        assert!(lines.iter().all(|line| line["stats"]["generated"].is_u64()));
        for threads in ["2", "3"] {
            assert_eq!(without_times(&on(threads)), lines, "{args:?} on {threads}");
        }
    }
    // The lines for people too, in input order, each solution after its
    // answer.
    let expected: Vec<String> = BOARDS.iter().map(|b| distance(b).to_string()).collect();
    assert_eq!(
        sliding(&["--threads", "2"], &BOARDS.join("\n")).lines(),
        expected
    );
    let shown = |threads| sliding(&["--show", "--threads", threads], &eight).stdout;
    assert_eq!(shown("2"), shown("1"));
}

#[test]
fn threads_are_counted_from_one() {
    sliding(&["--threads", "0", GOAL], "").refused(&["--threads"]);
    sliding(&["--threads", "many", GOAL], "").refused(&["--threads"]);
}
