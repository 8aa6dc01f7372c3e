//! The `klotski` and `knights` examples, run as processes: every input rule of the
//! specification (§1.3, §2) broken on purpose must exit with status 2, print
//! nothing on standard output and name the rule and the place on standard error;
//! good input must follow the output contracts (§3.1, §3.2); and large or odd
//! inputs (a count of 10⁹ boards, 100,000 boards, Windows line endings, a
//! byte-order mark, full-width digits) get a clear error or a correct answer in
//! bounded memory.
//!
//! The `atlas` example (§3.3) and `knights --exact` are run the same way: the
//! knight table (about 2 s and 140 MB) is built once per run of this binary and
//! shared by the tests; the full Klotski atlas (about 15 s) is `#[ignore]`d.
//!
//! `cargo test` builds the examples next to this test binary
//! (`<target>/<profile>/examples/`). When only this test is built
//! (`cargo test --test commands`), build them first: `cargo build --examples`, with
//! `--release` when testing in release.

use crate::support;

use std::collections::HashMap;
use std::fs;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use puzzle_search::analysis::{KlotskiAtlas, KnightTable};
use puzzle_search::atlas::{file, Options};
use puzzle_search::klotski::{
    catalog, CommonCode, Klotski, Layout, Metric, PieceCounts, PieceSetSpace, ShortCode,
    LAYOUT_COUNT,
};
use puzzle_search::knights::{Jump, Knights, Position, POSITION_COUNT};
use puzzle_search::search::{Engine, Limits, Outcome, TwoWay};
use puzzle_search::Puzzle;
use serde_json::Value;
use support::process::{self, assert_rejected, assert_success, example, Input, Run};
use support::{
    named, seeded_knight_walk, SplitMix64, HENGDAOLIMA_DIGITS as HENGDAOLIMA, HENGDAOLIMA_OPTIMA,
    KNIGHTS_SAMPLE as SAMPLE, KNIGHT_DIAMETER, KNIGHT_POSITIONS, SAMPLE_FIRST_BOARD as FIRST,
    SAMPLE_OPTIMA, SAMPLE_ROWS, TARGET_ROW as TARGET,
};

// ---------------------------------------------------------------------------
// Running the programs
// ---------------------------------------------------------------------------

/// The command that runs `program`: directly, or on Linux under a 1 GiB
/// address-space limit when `bounded`, so that a program trying to allocate for
/// an announced count instead of the data present fails the test.
fn command(program: &str, bounded: bool) -> Command {
    let path = example(program);
    if bounded && cfg!(target_os = "linux") && std::path::Path::new("/bin/sh").exists() {
        let mut command = Command::new("/bin/sh");
        command
            .arg("-c")
            .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
            .arg(path);
        command
    } else {
        Command::new(path)
    }
}

fn run_command(mut command: Command, args: &[&str], stdin: &[u8]) -> Run {
    command.args(args);
    let what = format!("{command:?}");
    process::run_command(command, Input::Bytes(stdin.to_vec()), &what)
}

fn run(program: &str, args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    run_command(command(program, false), args, stdin.as_ref())
}

fn klotski(args: &[&str]) -> Run {
    run("klotski", args, "")
}

fn knights(args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    run("knights", args, stdin)
}

// ---------------------------------------------------------------------------
// Klotski: every input rule of §1.3
// ---------------------------------------------------------------------------

/// The text of ShortCode rank `rank`, written without the library.
fn short_code_text(mut rank: u32) -> String {
    const ALPHABET: &[u8; 32] = b"123456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut text = Vec::new();
    for _ in 0..5 {
        text.insert(0, ALPHABET[(rank % 32) as usize]);
        rank /= 32;
    }
    String::from_utf8(text).unwrap()
}

/// Boards and codes that break one rule each, with what standard error must say.
fn klotski_violations() -> Vec<(&'static str, String, Vec<&'static str>)> {
    let past_the_end = short_code_text(LAYOUT_COUNT);
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        (
            "four rows",
            "2442/2442/2332/2112",
            vec!["5 rows", "found 4 rows"],
        ),
        (
            "six rows",
            "2442/2442/2332/2112/1001/0000",
            vec!["5 rows", "found 6 rows"],
        ),
        (
            "three columns",
            "2442/2442/233/2112/1001",
            vec!["row 3 has 3 cells", "expected 4"],
        ),
        (
            "five columns",
            "2442/2442/2332/21120/1001",
            vec!["row 4 has 5 cells"],
        ),
        (
            "nineteen cells",
            "2442244223322112100",
            vec!["expected 20 cells", "found 19"],
        ),
        (
            "unknown symbol among digits",
            "2442/2442/2332/2112/10x1",
            vec!["unknown symbol 'x'", "row 5, column 3"],
        ),
        (
            "digit out of range",
            "2442/2442/2332/2112/1005",
            vec!["unknown symbol '5'", "row 5, column 4", "0-4"],
        ),
        (
            "unknown symbol among letters",
            "VBBV/VBBV/VHHV/VSSV/S.xS",
            vec!["unknown symbol 'x'", "row 5, column 3"],
        ),
        (
            "full-width digit",
            "２４４２/2442/2332/2112/1001",
            vec!["unknown symbol '２'", "row 1, column 1"],
        ),
        (
            "control character in labels",
            "aBBb/aBBb/cdde/cfge/h\u{7}.i",
            vec!["unknown symbol", "row 5, column 2"],
        ),
        (
            "horizontal piece cut",
            "2442/2442/2332/2312/1001",
            vec!["horizontal piece", "is cut", "(row 4, column 2)"],
        ),
        (
            "vertical piece cut",
            "2442/2442/2332/2112/2001",
            vec!["vertical piece", "is cut", "(row 5, column 1)"],
        ),
        (
            "general cut",
            "4440/4400/2332/2112/1001",
            vec!["general piece", "is cut", "(row 1, column 3)"],
        ),
        (
            "label cut",
            "aBBb/aBBb/cdde/cfge/h.hi",
            vec![
                "piece 'h'",
                "is cut",
                "(row 5, column 1), (row 5, column 3)",
            ],
        ),
        (
            "no general (digits)",
            "2222/2222/2332/2112/1001",
            vec!["no general"],
        ),
        (
            "no general (letters)",
            "VSSV/VSSV/VHHV/VSSV/S..S",
            vec!["no general"],
        ),
        (
            "second general (digits)",
            "4444/4444/2332/2112/1001",
            vec!["second general", "(row 1, column 3)"],
        ),
        (
            "second general (labels)",
            "aabb/aabb/cdde/cfge/h..i",
            vec!["second general", "(row 1, column 3)"],
        ),
        (
            "one empty cell",
            "2442/2442/2332/2112/1011",
            vec!["too few empty cells: found 1", "at least two"],
        ),
        (
            "no empty cell",
            "2442/2442/2332/2112/1111",
            vec!["too few empty cells: found 0", "at least two"],
        ),
        (
            "CommonCode with the general off the board",
            "FFFFFFFFF",
            vec!["invalid CommonCode", "\"FFFFFFFFF\"", "off the board"],
        ),
        (
            "CommonCode without two empty cells",
            "common:0FFFFFFFF",
            vec!["invalid CommonCode", "\"0FFFFFFFF\"", "0 empty cells"],
        ),
        (
            "CommonCode with items left over",
            "1A9BF0CFF",
            vec!["invalid CommonCode", "\"1A9BF0CFF\"", "left over"],
        ),
        (
            "CommonCode with a piece off the board",
            "common:1A9BF0F",
            vec!["invalid CommonCode", "\"1A9BF0F\""],
        ),
        (
            "ShortCode out of range",
            "ZZZZZ",
            vec!["invalid ShortCode", "\"ZZZZZ\"", "29334498"],
        ),
        (
            "forced ShortCode out of range",
            "short:YYYYY",
            vec!["invalid ShortCode", "\"YYYYY\""],
        ),
        (
            "ShortCode with a letter outside the alphabet",
            "4WVEI",
            vec!["invalid ShortCode", "\"4WVEI\"", "'I'"],
        ),
        (
            "no layout at all",
            "helloworld",
            vec!["\"helloworld\"", "not a layout"],
        ),
    ];
    let mut cases: Vec<(&'static str, String, Vec<&'static str>)> = cases
        .into_iter()
        .map(|(what, text, needles)| (what, text.to_owned(), needles))
        .collect();
    cases.push((
        "ShortCode one past the last rank",
        format!("short:{past_the_end}"),
        vec!["invalid ShortCode", "not below the 29334498"],
    ));
    cases
}

#[test]
fn klotski_rejects_each_broken_rule_given_as_an_argument() {
    for (what, text, needles) in klotski_violations() {
        assert_rejected(&klotski(&[&text]), &needles, what);
        assert_rejected(&klotski(&[&text, "--json"]), &needles, what);
    }
}

#[test]
fn klotski_rejects_each_broken_rule_given_on_standard_input() {
    for (what, text, needles) in klotski_violations() {
        let as_lines = format!("{}\n", text.replace('/', "\n"));
        assert_rejected(&run("klotski", &["-"], &as_lines), &needles, what);
        assert_rejected(&run("klotski", &["-", "--json"], &text), &needles, what);
    }
    assert_rejected(
        &run("klotski", &["-"], ""),
        &["empty layout"],
        "empty stdin",
    );
    assert_rejected(
        &run("klotski", &["-"], b"2442\n24\xff2\n"),
        &["standard input"],
        "invalid UTF-8 on stdin",
    );
}

#[test]
fn klotski_rejects_bad_arguments() {
    for args in [
        &["--metric", "foo"][..],
        &["--engine", "foo"],
        &["--limit", "x"],
        &["--max-states", "x"],
        &["--max-states", "-1"],
        &["--json", "--metric"],
        &["--frobnicate"],
        &["hengdaolima", "extra"],
        &["-", "extra"],
    ] {
        let result = klotski(args);
        let what = args.join(" ");
        assert_rejected(&result, &[], &what);
        assert!(
            args.iter()
                .any(|arg| result.stderr.contains(arg.trim_start_matches('-'))),
            "{what}: {}",
            result.stderr
        );
    }
}

// ---------------------------------------------------------------------------
// Klotski: the output contracts of §3.1
// ---------------------------------------------------------------------------

/// The one JSON object on standard output.
#[track_caller]
fn one_json_object(run: &Run, what: &str) -> serde_json::Map<String, Value> {
    assert_success(run, what);
    let mut values = serde_json::Deserializer::from_str(&run.stdout).into_iter::<Value>();
    let value = values
        .next()
        .unwrap_or_else(|| panic!("{what}: no JSON on standard output"))
        .unwrap_or_else(|error| panic!("{what}: invalid JSON {error}: {:?}", run.stdout));
    assert!(
        values.next().is_none(),
        "{what}: more than one JSON value: {:?}",
        run.stdout
    );
    assert_eq!(run.stdout.trim_end().lines().count(), 1, "{what}: one line");
    match value {
        Value::Object(object) => object,
        other => panic!("{what}: not a JSON object: {other}"),
    }
}

fn keys(object: &serde_json::Map<String, Value>) -> Vec<&str> {
    object.keys().map(String::as_str).collect()
}

/// Checks a Klotski JSON answer: key order, the stats, and a path that starts at
/// `start`, replays move by move under `metric` and ends at a goal.
#[track_caller]
fn check_klotski_json(
    object: &serde_json::Map<String, Value>,
    start: &str,
    metric: Metric,
    engine: &str,
    moves: Option<usize>,
) {
    let what = format!("{start} {metric} {engine}");
    // SPEC §3.1's keys in its order, then the addition `moves_detail` when
    // there are moves to tell.
    let mut expected = vec![
        "start", "metric", "engine", "solvable", "moves", "path", "stats",
    ];
    if moves.is_some_and(|moves| moves > 0) {
        expected.push("moves_detail");
    }
    assert_eq!(keys(object), expected, "{what}");
    let details = match object.get("moves_detail") {
        Some(details) => details
            .as_array()
            .expect("moves_detail is an array")
            .as_slice(),
        None => &[],
    };
    assert_eq!(object["start"], start, "{what}");
    assert_eq!(object["metric"], metric.name(), "{what}");
    assert_eq!(object["engine"], engine, "{what}");
    let stats = object["stats"].as_object().expect("stats is an object");
    assert_eq!(
        keys(stats),
        ["expanded", "generated", "elapsed_us"],
        "{what}"
    );
    assert!(stats.values().all(Value::is_u64), "{what}: {stats:?}");
    let path = object["path"].as_array().expect("path is an array");
    match moves {
        None => {
            assert_eq!(object["solvable"], false, "{what}");
            assert_eq!(object["moves"], Value::Null, "{what}");
            assert!(path.is_empty(), "{what}");
            assert!(details.is_empty(), "{what}");
        }
        Some(moves) => {
            assert_eq!(object["solvable"], true, "{what}");
            check_moves_detail(details, path, metric, &what);
            assert_eq!(object["moves"], moves, "{what}");
            assert_eq!(path.len(), moves + 1, "{what}");
            assert_eq!(path[0], start, "{what}");
            let layouts: Vec<Layout> = path
                .iter()
                .map(|state| {
                    let text = state.as_str().expect("path entries are strings");
                    assert_eq!(text.len(), 20, "{what}: {text}");
                    assert!(text.bytes().all(|b| (b'0'..=b'4').contains(&b)), "{text}");
                    text.parse().expect("path entries are layouts")
                })
                .collect();
            let last = path[moves].as_str().unwrap().as_bytes();
            for cell in [13, 14, 17, 18] {
                assert_eq!(last[cell], b'4', "{what}: the last layout is not solved");
            }
            let puzzle = Klotski::new(metric);
            for pair in layouts.windows(2) {
                let mut next = Vec::new();
                puzzle.successors(&pair[0], |_, layout| next.push(layout));
                assert!(
                    next.contains(&pair[1]),
                    "{what}: {:?} does not follow {:?} in one move",
                    pair[1],
                    pair[0]
                );
            }
        }
    }
}

/// Replays `moves_detail` on the first board of `path` without looking at
/// the others: each move takes the piece of its shape off its `before` cells
/// and puts it on its `after` cells, which its `directions` lead to one unit
/// step at a time; the boards so made are the boards of `path`. Labels stay
/// with their pieces: a label is never given to two pieces.
#[track_caller]
fn check_moves_detail(details: &[Value], path: &[Value], metric: Metric, what: &str) {
    assert_eq!(details.len() + 1, path.len(), "{what}: one detail per move");
    let digit = |shape: &str| match shape {
        "general" => b'4',
        "horizontal" => b'3',
        "vertical" => b'2',
        "soldier" => b'1',
        other => panic!("{what}: unknown shape {other:?}"),
    };
    let cells = |value: &Value| -> Vec<usize> {
        value
            .as_array()
            .expect("cells are an array")
            .iter()
            .map(|cell| cell.as_u64().expect("a cell is a number") as usize)
            .collect()
    };
    let mut board: Vec<u8> = path[0].as_str().unwrap().bytes().collect();
    let mut label_of_cell: HashMap<usize, String> = HashMap::new();
    for (index, detail) in details.iter().enumerate() {
        let detail = detail.as_object().expect("a detail is an object");
        assert_eq!(
            keys(detail),
            ["piece", "shape", "before", "after", "directions"],
            "{what}"
        );
        let shape = digit(detail["shape"].as_str().expect("shape is a string"));
        let (before, after) = (cells(&detail["before"]), cells(&detail["after"]));
        assert_eq!(before.len(), after.len(), "{what}: move {index}");
        for &cell in &before {
            assert_eq!(
                board[cell], shape,
                "{what}: move {index} takes no such piece"
            );
            board[cell] = b'0';
        }
        for &cell in &after {
            assert_eq!(board[cell], b'0', "{what}: move {index} lands on a piece");
            board[cell] = shape;
        }
        assert_eq!(
            board,
            path[index + 1].as_str().unwrap().as_bytes(),
            "{what}: move {index}"
        );
        // The unit steps lead from the old top-left cell to the new one.
        let directions = detail["directions"].as_array().expect("directions");
        assert!(!directions.is_empty(), "{what}: move {index}");
        if metric == Metric::Step {
            assert_eq!(directions.len(), 1, "{what}: a step is one direction");
        }
        if metric == Metric::Slide {
            assert!(
                directions.windows(2).all(|pair| pair[0] == pair[1]),
                "{what}"
            );
        }
        let (mut row, mut column) = ((before[0] / 4) as i64, (before[0] % 4) as i64);
        for direction in directions {
            match direction.as_str() {
                Some("up") => row -= 1,
                Some("down") => row += 1,
                Some("left") => column -= 1,
                Some("right") => column += 1,
                other => panic!("{what}: unknown direction {other:?}"),
            }
        }
        assert_eq!(
            (row * 4 + column) as usize,
            after[0],
            "{what}: move {index}"
        );
        // A label names one piece: the one that moved keeps it.
        let label = detail["piece"]
            .as_str()
            .expect("piece is a label")
            .to_owned();
        if let Some(known) = label_of_cell.remove(&before[0]) {
            assert_eq!(known, label, "{what}: move {index} renames its piece");
        }
        assert!(
            !label_of_cell.values().any(|other| *other == label),
            "{what}: label {label} names two pieces"
        );
        label_of_cell.insert(after[0], label);
    }
}

#[test]
fn klotski_without_arguments_reports_81_moves_for_people() {
    let result = klotski(&[]);
    assert_success(&result, "klotski");
    let report = &result.stdout;
    assert!(report.contains("横刀立马"), "{report}");
    assert!(report.contains("81 moves"), "{report}");
    let numbered = report
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            line.split_once(". ")
                .is_some_and(|(number, _)| number.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(numbered, 81, "one numbered line per move:\n{report}");
    assert!(report.contains("expanded"), "statistics: {report}");
}

#[test]
fn klotski_json_follows_the_contract() {
    let object = one_json_object(&klotski(&["--json"]), "klotski --json");
    check_klotski_json(&object, HENGDAOLIMA, Metric::Piece, "bfs", Some(81));
}

#[test]
fn klotski_json_under_every_metric_and_engine() {
    for (metric, moves) in HENGDAOLIMA_OPTIMA {
        let args = ["hengdaolima", "--json", "--metric", metric.name()];
        let object = one_json_object(&klotski(&args), &args.join(" "));
        check_klotski_json(&object, HENGDAOLIMA, metric, "bfs", Some(moves));
    }
    for engine in Engine::ALL {
        let args = ["--json", "--engine", engine.name()];
        let object = one_json_object(&klotski(&args), &args.join(" "));
        check_klotski_json(&object, HENGDAOLIMA, Metric::Piece, engine.name(), Some(81));
    }
}

#[test]
fn klotski_unsolvable_layout() {
    let object = one_json_object(&klotski(&["zoutouwulu", "--json"]), "zoutouwulu");
    let start = catalog::find("走投无路")
        .unwrap()
        .layout()
        .to_shape_digits();
    check_klotski_json(&object, &start, Metric::Piece, "bfs", None);
    let result = klotski(&["走投无路"]);
    assert_success(&result, "走投无路");
    assert!(result.stdout.contains("No solution"), "{}", result.stdout);
}

#[test]
fn klotski_state_limit_is_an_answer_of_its_own() {
    let args = ["--max-states", "100", "--json"];
    let object = one_json_object(&klotski(&args), "--max-states 100 --json");
    assert_eq!(
        keys(&object),
        ["start", "metric", "engine", "solvable", "moves", "path", "limit", "stats"]
    );
    assert_eq!(object["start"], HENGDAOLIMA);
    assert_eq!(object["solvable"], Value::Null);
    assert_eq!(object["moves"], Value::Null);
    assert_eq!(object["path"], serde_json::json!([]));
    assert_eq!(object["limit"], "states");
    let result = klotski(&["--max-states", "100"]);
    assert_success(&result, "--max-states 100");
    assert!(result.stdout.contains("state limit"), "{}", result.stdout);
}

#[test]
fn klotski_solves_every_catalog_entry_by_either_name() {
    for (index, entry) in catalog::ENTRIES.iter().enumerate() {
        let start = entry.layout().to_shape_digits();
        // Both names for a few entries, one of them for the rest.
        let names: &[&str] = match index {
            0 | 5 | 24 => &[entry.name, entry.slug],
            _ if index % 2 == 0 => &[entry.name],
            _ => &[entry.slug],
        };
        for name in names {
            let object = one_json_object(&klotski(&[name, "--json"]), name);
            let moves = entry.piece_moves.map(|moves| moves as usize);
            check_klotski_json(&object, &start, Metric::Piece, "bfs", moves);
        }
    }
    let object = one_json_object(&klotski(&["HengDaoLiMa", "--json"]), "HengDaoLiMa");
    assert_eq!(object["start"], HENGDAOLIMA);
    let object = one_json_object(
        &run("klotski", &["-", "--json"], "横刀立马\n"),
        "name on stdin",
    );
    assert_eq!(object["start"], HENGDAOLIMA);
}

#[test]
fn klotski_reads_every_format_as_arguments_and_on_standard_input() {
    for args in [
        &["2442/2442/2332/2112/1001"][..],
        &["2442", "2442", "2332", "2112", "1001"],
        &["VBBV/VBBV/VHHV/VSSV/S..S"],
        &["aBBb/aBBb/cdde/cfge/h..i"],
        &["1A9BF0C"],
        &["common:1a9bf0c00"],
        &["4WVE1"],
        &["short:4wve1"],
    ] {
        let mut json_args = args.to_vec();
        json_args.push("--json");
        let object = one_json_object(&klotski(&json_args), &args.join(" "));
        assert_eq!(object["start"], HENGDAOLIMA, "{args:?}");
        assert_eq!(object["moves"], 81, "{args:?}");
        let text = args.join("\n");
        let object = one_json_object(&run("klotski", &["-", "--json"], &text), &text);
        assert_eq!(object["start"], HENGDAOLIMA, "stdin {text:?}");
    }
}

#[test]
fn klotski_reads_a_byte_order_mark_and_windows_line_endings() {
    for text in [
        "\u{feff}2442\r\n2442\r\n2332\r\n2112\r\n1001\r\n",
        "\u{feff}VBBV\r\nVBBV\r\nVHHV\r\nVSSV\r\nS..S",
        "\u{feff}\r\n1A9BF0C\r\n",
        "\u{feff}横刀立马\r\n",
        "\u{feff}hengdaolima\n",
    ] {
        let object = one_json_object(&run("klotski", &["-", "--json"], text), text);
        check_klotski_json(&object, HENGDAOLIMA, Metric::Piece, "bfs", Some(81));
    }
}

#[test]
fn klotski_names_full_width_digits() {
    let text = "２４４２\n２４４２\n２３３２\n２１１２\n１００１\n";
    assert_rejected(
        &run("klotski", &["-"], text),
        &["unknown symbol '２'", "row 1, column 1"],
        "full-width board on stdin",
    );
    assert_rejected(
        &klotski(&["１Ａ９ＢＦ０Ｃ"]),
        &["１Ａ９ＢＦ０Ｃ"],
        "full-width CommonCode",
    );
    assert_rejected(
        &klotski(&["４ＷＶＥ１"]),
        &["invalid ShortCode", "'４'"],
        "full-width ShortCode",
    );
}

// ---------------------------------------------------------------------------
// Knights: every input rule of §2
// ---------------------------------------------------------------------------

/// Inputs that break one rule each, with what standard error must say. Each has a
/// good board where it can, so a program that answered before checking everything
/// would print something.
fn knights_violations() -> Vec<(&'static str, String, Vec<&'static str>)> {
    vec![
        (
            "short line",
            format!("2\n{FIRST}10110\n01*1\n10111\n01001\n00000\n"),
            vec!["board 2", "line 8", "expected 5 characters, found 4"],
        ),
        (
            "long line",
            format!("2\n{FIRST}10110\n01*11\n101110\n01001\n00000\n"),
            vec!["board 2", "line 9", "found 6"],
        ),
        (
            "board cut short",
            format!("2\n{FIRST}10110\n01*11\n"),
            vec!["board 2", "line 7", "after 2 of its 5 lines"],
        ),
        (
            "a sixth row",
            format!("1\n{FIRST}00000\n"),
            vec!["line 7", "after the last board"],
        ),
        (
            "wrong symbol",
            format!("2\n{FIRST}10110\n01*11\n10x11\n01001\n00000\n"),
            vec!["board 2", "line 9", "column 3", "'x'"],
        ),
        (
            "space inside a row",
            "1\n10110\n01*11\n10 11\n01001\n00000\n".to_owned(),
            vec!["board 1", "line 4", "column 3", "' '"],
        ),
        (
            "13 knights of colour 1",
            format!("2\n{FIRST}10110\n01*11\n10111\n01001\n00001\n"),
            vec!["board 2", "line 7", "13 '1', 11 '0'"],
        ),
        (
            "13 knights of colour 0",
            format!("2\n{FIRST}10110\n01*11\n10111\n01000\n00000\n"),
            vec!["board 2", "line 7", "11 '1', 13 '0'"],
        ),
        (
            "two empty cells",
            format!("2\n{FIRST}10110\n01*11\n10111\n01*01\n00000\n"),
            vec!["board 2", "line 7", "2 '*'"],
        ),
        (
            "no empty cell",
            format!("2\n{FIRST}10110\n01011\n10111\n01001\n00000\n"),
            vec!["board 2", "line 7", "0 '*'"],
        ),
        (
            "T larger than the boards present",
            format!("3\n{FIRST}{FIRST}"),
            vec!["board 3", "line 12", "2 of the 3 announced boards"],
        ),
        (
            "T = 10^9 with three boards",
            format!("1000000000\n{FIRST}{FIRST}{FIRST}"),
            vec!["3 of the 1000000000 announced boards"],
        ),
        (
            "T smaller than the boards present",
            format!("1\n{FIRST}{FIRST}"),
            vec!["line 7", "after the last board", "1 announced"],
        ),
        (
            "T not a number",
            format!("x\n{FIRST}"),
            vec!["line 1", "\"x\""],
        ),
        (
            "T negative",
            format!("-1\n{FIRST}"),
            vec!["line 1", "\"-1\""],
        ),
        (
            "T a fraction",
            format!("1.0\n{FIRST}"),
            vec!["line 1", "\"1.0\""],
        ),
        (
            "T with a sign",
            format!("+1\n{FIRST}"),
            vec!["line 1", "\"+1\""],
        ),
        (
            "T with words",
            format!("1 board\n{FIRST}"),
            vec!["line 1", "\"1 board\""],
        ),
        (
            "T in full-width digits",
            format!("１\n{FIRST}"),
            vec!["line 1", "\"１\""],
        ),
        (
            "T too large",
            format!("99999999999999999999999\n{FIRST}"),
            vec!["line 1", "too large"],
        ),
        (
            "T missing",
            "*1111\n01111\n00111\n00001\n00000\n".to_owned(),
            vec!["line 1", "\"*1111\""],
        ),
        ("empty input", String::new(), vec!["empty"]),
        ("blank input", " \n\r\n\t\n".to_owned(), vec!["empty"]),
        (
            "full-width digit in a board",
            "1\n10110\n0１*11\n10111\n01001\n00000\n".to_owned(),
            vec!["board 1", "line 3", "column 2", "'１'"],
        ),
    ]
}

#[test]
fn knights_rejects_each_broken_rule() {
    for (what, text, needles) in knights_violations() {
        assert_rejected(&knights(&[], &text), &needles, what);
        assert_rejected(&knights(&["--json"], &text), &needles, what);
    }
}

#[test]
fn knights_rejects_invalid_utf8_with_its_place() {
    let input = b"2\n10110\n01*11\n10111\n01001\n00000\n10110\n01*\xff1\n";
    assert_rejected(
        &knights(&[], input),
        &["board 2", "line 8", "column 4", "UTF-8"],
        "invalid UTF-8",
    );
}

#[test]
fn knights_rejects_bad_arguments() {
    for args in [
        &["--metric", "foo"][..],
        &["--engine", "foo"],
        &["--limit", "x"],
        &["--limit", "-1"],
        &["--max-states", "x"],
        &["--frobnicate"],
        &["hengdaolima", "extra"],
        &["-", "extra"],
        &["--table", "knights.tbl"],
        &["--exact", "--table"],
    ] {
        let result = knights(args, SAMPLE);
        let what = args.join(" ");
        assert_rejected(&result, &[], &what);
        assert!(
            args.iter()
                .any(|arg| result.stderr.contains(arg.trim_start_matches('-'))),
            "{what}: {}",
            result.stderr
        );
    }
}

// ---------------------------------------------------------------------------
// Knights: the output contracts of §3.2
// ---------------------------------------------------------------------------

#[test]
fn knights_answers_the_sample() {
    let result = knights(&[], SAMPLE);
    assert_success(&result, "sample");
    assert_eq!(result.stdout, "7\n-1\n");
    let result = knights(&["--limit", "20"], SAMPLE);
    assert_success(&result, "sample --limit 20");
    assert_eq!(result.stdout, "7\n18\n");
    for engine in Engine::ALL {
        let result = knights(&["--engine", engine.name()], SAMPLE);
        assert_success(&result, engine.name());
        assert_eq!(result.stdout, "7\n-1\n", "{engine}");
    }
    let result = knights(&[], "0\n");
    assert_success(&result, "no boards");
    assert_eq!(result.stdout, "");
}

/// Checks one JSON line: its keys, and a path that replays jump by jump to the target.
#[track_caller]
fn check_knights_json(line: &str, start: &str, moves: Option<usize>) {
    let value: Value = serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}"));
    let object = value.as_object().expect("one object per line");
    // SPEC §3.2's keys; beyond the move limit, the limit as every limit is
    // told; the addition `jumps` when there are moves.
    let mut expected = vec!["start", "moves", "path"];
    if moves.is_none() {
        expected.extend(["solvable", "limit"]);
    }
    if moves.is_some_and(|moves| moves > 0) {
        expected.push("jumps");
    }
    assert_eq!(keys(object), expected, "{line}");
    assert_eq!(object["start"], start, "{line}");
    let path = object["path"].as_array().expect("path is an array");
    match moves {
        None => {
            assert_eq!(object["moves"], Value::Null, "{line}");
            assert!(path.is_empty(), "{line}");
            assert_eq!(object["solvable"], Value::Null, "{line}");
            assert_eq!(object["limit"], "depth", "{line}");
        }
        Some(moves) => {
            assert_eq!(object["moves"], moves, "{line}");
            assert_eq!(path.len(), moves + 1, "{line}");
            assert_eq!(path[0], start, "{line}");
            assert_eq!(path[moves], TARGET, "{line}");
            let positions: Vec<Position> = path
                .iter()
                .map(|state| state.as_str().unwrap().parse().unwrap())
                .collect();
            for pair in positions.windows(2) {
                let mut next = Vec::new();
                Knights.successors(&pair[0], |_, position| next.push(position));
                assert!(next.contains(&pair[1]), "{line}: not one jump");
            }
            // Each jump, replayed alone, makes the next board of the path.
            let jumps = object
                .get("jumps")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            assert_eq!(jumps.len(), moves, "{line}: one jump per move");
            for (pair, jump) in positions.windows(2).zip(jumps) {
                let cell = |key: &str| jump[key].as_u64().expect("a cell") as u8;
                let jump = Jump {
                    from: cell("from"),
                    to: cell("to"),
                };
                assert_eq!(pair[0].play(jump), Some(pair[1]), "{line}: {jump:?}");
            }
        }
    }
}

#[test]
fn knights_json_lines_follow_the_contract() {
    let [first, second] = SAMPLE_ROWS;
    let result = knights(&["--json"], SAMPLE);
    assert_success(&result, "--json");
    let lines: Vec<&str> = result.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", result.stdout);
    check_knights_json(lines[0], first, Some(7));
    check_knights_json(lines[1], second, None);
    assert!(lines[1].contains("\"moves\":null") || lines[1].contains("\"moves\": null"));

    let result = knights(&["--json", "--limit", "20"], SAMPLE);
    assert_success(&result, "--json --limit 20");
    let lines: Vec<&str> = result.stdout.lines().collect();
    check_knights_json(lines[0], first, Some(7));
    check_knights_json(lines[1], second, Some(18));
}

#[test]
fn knights_state_limit_is_reported_clearly() {
    // Each line is the right answer, found within the limit, or says the limit
    // stopped the search; never a guess such as -1.
    let answers = ["7", "-1"];
    for engine in Engine::ALL {
        let args = ["--max-states", "10", "--engine", engine.name()];
        let what = args.join(" ");
        let result = knights(&args, SAMPLE);
        assert_success(&result, &what);
        let lines: Vec<&str> = result.stdout.lines().collect();
        assert_eq!(
            lines.len(),
            2,
            "{what}: one line per board: {}",
            result.stdout
        );
        for (line, answer) in lines.iter().zip(answers) {
            assert!(
                *line == answer || line.contains("state limit"),
                "{what}: {line}"
            );
        }
        // The second board needs 18 moves. No search that keeps what it has
        // seen can tell within 10 states; IDA* keeps only its path, which the
        // endgame table's bound keeps short, and proves it beyond the limit.
        if engine == Engine::IdaStar {
            assert_eq!(lines[1], "-1", "{what}");
        } else {
            assert!(lines[1].contains("state limit"), "{what}: {}", lines[1]);
        }
        if engine == Engine::Bfs {
            assert!(lines[0].contains("state limit"), "{what}: {}", lines[0]);
        }

        let mut json_args = args.to_vec();
        json_args.push("--json");
        let result = knights(&json_args, SAMPLE);
        assert_success(&result, &json_args.join(" "));
        let lines: Vec<&str> = result.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{what}: {}", result.stdout);
        for line in &lines {
            let value: Value = serde_json::from_str(line).unwrap();
            if value["moves"].is_null() {
                assert_eq!(value["path"], serde_json::json!([]), "{line}");
                if engine == Engine::IdaStar {
                    // Beyond the move limit, told as every limit is.
                    assert_eq!(value["limit"], "depth", "{line}");
                } else {
                    assert_eq!(value["limit"], "states", "{line}");
                }
            } else {
                check_knights_json(line, SAMPLE_ROWS[0], Some(7));
            }
        }
        let value: Value = serde_json::from_str(lines[1]).unwrap();
        if engine == Engine::IdaStar {
            assert!(
                value["moves"].is_null() && value["limit"] == "depth",
                "{}",
                lines[1]
            );
        } else {
            assert_eq!(value["limit"], "states", "{}", lines[1]);
        }
    }
}

// ---------------------------------------------------------------------------
// Knights: large and odd inputs
// ---------------------------------------------------------------------------

#[test]
fn knights_tolerates_windows_line_endings_a_bom_blank_lines_and_trailing_spaces() {
    let crlf = SAMPLE.replace('\n', "\r\n");
    let bom = format!("\u{feff}{SAMPLE}");
    let both = format!("\u{feff}{crlf}");
    let loose =
        "\n2  \n\n10110\t\n01*11 \n10111\n\n01001\n00000\n\r\n01011\n110*1\n01110\n01010\n00100";
    for (what, input) in [
        ("CRLF", crlf.as_str()),
        ("BOM", bom.as_str()),
        ("BOM and CRLF", both.as_str()),
        ("blank lines and trailing spaces", loose),
    ] {
        let result = knights(&[], input);
        assert_success(&result, what);
        assert_eq!(result.stdout, "7\n-1\n", "{what}");
    }
}

#[test]
fn knights_count_of_a_billion_with_three_boards_fails_fast_in_bounded_memory() {
    let input = format!("1000000000\n{FIRST}{FIRST}{FIRST}");
    let result = run_command(command("knights", true), &[], input.as_bytes());
    assert_rejected(
        &result,
        &["3 of the 1000000000 announced boards"],
        "T = 10^9",
    );
    let input = format!("18446744073709551615\n{FIRST}");
    let result = run_command(command("knights", true), &[], input.as_bytes());
    assert_rejected(&result, &["1 of the 18446744073709551615"], "T = u64::MAX");
}

/// `count` boards, each a walk of 0 to 8 random jumps from the target, with the
/// length of its walk: the same boards every run.
fn random_walks(count: usize, seed: u64) -> Vec<(Position, usize)> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let steps = rng.below(9);
            (seeded_knight_walk(&mut rng, steps), steps)
        })
        .collect()
}

#[test]
fn knights_answers_100000_boards() {
    const BOARDS: usize = 100_000;
    let walks = random_walks(BOARDS, 2005);
    let mut input = format!("{BOARDS}\n");
    for (position, _) in &walks {
        input.push_str(&position.to_string());
        input.push('\n');
    }
    let result = run_command(command("knights", true), &[], input.as_bytes());
    assert_success(&result, "100,000 boards");
    let answers: Vec<i64> = result
        .stdout
        .lines()
        .map(|line| {
            line.parse()
                .unwrap_or_else(|_| panic!("not a number: {line:?}"))
        })
        .collect();
    assert_eq!(answers.len(), BOARDS);
    for (index, (&answer, &(_, steps))) in answers.iter().zip(&walks).enumerate() {
        // A walk of `steps` jumps bounds the distance, and every jump flips the
        // colour of the empty cell's square, so the parities agree.
        assert!(
            (0..=steps as i64).contains(&answer) && (steps as i64 - answer) % 2 == 0,
            "board {}: answer {answer} after a walk of {steps}",
            index + 1
        );
    }
    // Exact answers for a few hundred, from the library's own BFS.
    let limits = Limits::new().with_max_depth(15);
    for (index, (position, _)) in walks.iter().enumerate().step_by(BOARDS / 300) {
        let expected = match Engine::Bfs
            .solve(TwoWay(&Knights), *position, &limits)
            .outcome
        {
            Outcome::Solved(path) => path.len() as i64,
            other => panic!("board {}: {other:?}", index + 1),
        };
        assert_eq!(answers[index], expected, "board {}", index + 1);
    }
}

// ---------------------------------------------------------------------------
// The atlas example (§3.3) and knights --exact
// ---------------------------------------------------------------------------

/// A directory of this test process's own in Cargo's scratch space for
/// tests, made once. The directories of earlier runs whose process is gone
/// are removed then (on Linux, where that can be told), so their tables do
/// not pile up.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let pid = std::process::id();
        for entry in fs::read_dir(root).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let Some(other) = name
                .to_str()
                .and_then(|name| name.strip_prefix("cli-"))
                .and_then(|pid| pid.parse::<u32>().ok())
            else {
                continue;
            };
            let gone = cfg!(target_os = "linux") && !Path::new(&format!("/proc/{other}")).exists();
            if other != pid && gone {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
        let dir = root.join(format!("cli-{pid}"));
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    })
}

fn text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

fn atlas(args: &[&str]) -> Run {
    run("atlas", args, "")
}

/// The one JSON object of a file the atlas wrote, on one line.
#[track_caller]
fn json_file(path: &Path) -> serde_json::Map<String, Value> {
    let content =
        fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    assert_eq!(content.lines().count(), 1, "{content}");
    match serde_json::from_str(&content) {
        Ok(Value::Object(object)) => object,
        other => panic!("{}: not one JSON object: {other:?}", path.display()),
    }
}

/// `1234567` as `1,234,567`, as the summaries for people print counts.
fn with_commas(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// One run of `atlas PUZZLE --json --save --svg`: the run, its summary, and
/// where it saved the table and drew the histogram.
struct AtlasRun {
    run: Run,
    json: serde_json::Map<String, Value>,
    table: PathBuf,
    svg: PathBuf,
}

/// Maps `puzzle` with every output in a scratch directory.
fn atlas_with_outputs(puzzle: &str) -> AtlasRun {
    let dir = scratch();
    let (json, table, svg) = (
        dir.join(format!("{puzzle}.json")),
        dir.join(format!("{puzzle}.tbl")),
        dir.join(format!("{puzzle}.svg")),
    );
    let args = [
        puzzle,
        "--json",
        text(&json),
        "--save",
        text(&table),
        "--svg",
        text(&svg),
    ];
    let run = atlas(&args);
    assert_success(&run, &format!("atlas {puzzle}"));
    AtlasRun {
        run,
        json: json_file(&json),
        table,
        svg,
    }
}

/// The knight atlas, mapped once and shared by the tests.
fn knight_atlas() -> &'static AtlasRun {
    static ATLAS: OnceLock<AtlasRun> = OnceLock::new();
    ATLAS.get_or_init(|| atlas_with_outputs("knights"))
}

/// The library's own knight table, built in this process: what the programs
/// must agree with.
fn library_table() -> &'static KnightTable {
    static TABLE: OnceLock<KnightTable> = OnceLock::new();
    TABLE.get_or_init(|| KnightTable::build(&Options::new(), &mut |_| {}).expect("the table"))
}

#[test]
fn atlas_knights_summary_follows_the_contract() {
    let built = knight_atlas();
    let object = &built.json;
    assert_eq!(
        keys(object),
        [
            "puzzle",
            "positions",
            "diameter",
            "histogram",
            "hardest",
            "elapsed_ms"
        ]
    );
    assert_eq!(object["puzzle"], "knights");
    assert!(object["elapsed_ms"].is_u64(), "{object:?}");
    // The numbers of the README, which the library's own table has too.
    let table = library_table();
    assert_eq!(POSITION_COUNT, KNIGHT_POSITIONS);
    assert_eq!(table.distances().len(), KNIGHT_POSITIONS);
    assert_eq!(table.diameter(), KNIGHT_DIAMETER);
    assert_eq!(object["positions"], KNIGHT_POSITIONS);
    assert_eq!(object["diameter"], KNIGHT_DIAMETER);
    let histogram: Vec<u64> = object["histogram"]
        .as_array()
        .expect("the histogram is an array")
        .iter()
        .map(|count| count.as_u64().expect("counts are integers"))
        .collect();
    assert_eq!(histogram, table.histogram());
    assert_eq!(histogram.len() as u32, KNIGHT_DIAMETER + 1);
    assert_eq!(histogram[0], 1, "the target alone is at distance 0");
    assert!(histogram.iter().all(|&count| count > 0));
    // Every position reaches the target.
    assert_eq!(histogram.iter().sum::<u64>(), KNIGHT_POSITIONS);
    // Every position at the diameter, each once, and nothing else.
    let hardest: Vec<Position> = object["hardest"]
        .as_array()
        .expect("hardest is an array")
        .iter()
        .map(|text| text.as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(hardest.len() as u64, histogram[KNIGHT_DIAMETER as usize]);
    for position in &hardest {
        assert_eq!(table.distance(*position), Some(KNIGHT_DIAMETER));
    }
    let distinct: std::collections::HashSet<_> = hardest.iter().collect();
    assert_eq!(distinct.len(), hardest.len());

    // For people: the counts, and one line per distance.
    let report = &built.run.stdout;
    let lines: Vec<Vec<&str>> = report
        .lines()
        .map(|line| line.split_whitespace().collect())
        .collect();
    let positions = with_commas(KNIGHT_POSITIONS);
    let hardest_count = histogram[KNIGHT_DIAMETER as usize].to_string();
    for expected in [
        vec!["positions", positions.as_str()],
        vec!["reachable", positions.as_str()],
        vec!["diameter", "39"],
        vec!["hardest", hardest_count.as_str(), "at", "the", "diameter"],
    ] {
        assert!(lines.contains(&expected), "{expected:?} in\n{report}");
    }
    for (distance, &count) in histogram.iter().enumerate() {
        let expected = [distance.to_string(), with_commas(count)];
        assert!(
            lines.iter().any(|line| line[..] == expected),
            "{expected:?} in\n{report}"
        );
    }
    // The histogram as a drawing.
    let svg = fs::read_to_string(&built.svg).expect("the SVG file");
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(100)]);
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn atlas_knights_table_round_trips_through_save_and_load() {
    let built = knight_atlas();
    let saved = fs::read(&built.table).expect("the saved table");
    assert_eq!(
        saved.len() as u64,
        file::HEADER_LEN as u64 + KNIGHT_POSITIONS
    );
    assert!(saved.starts_with(file::MAGIC));
    let loaded = KnightTable::load(&saved[..]).expect("the library loads it");
    assert!(
        loaded == *library_table(),
        "the saved table is the library's"
    );

    // Loaded instead of built: the same summary, for people and as JSON.
    let json = scratch().join("knights-loaded.json");
    let resaved = scratch().join("knights-resaved.tbl");
    let args = [
        "knights",
        "--load",
        text(&built.table),
        "--json",
        text(&json),
        "--save",
        text(&resaved),
    ];
    let run = atlas(&args);
    assert_success(&run, "atlas knights --load");
    assert_eq!(run.stdout, built.run.stdout);
    let (mut first, mut second) = (built.json.clone(), json_file(&json));
    assert!(second["elapsed_ms"].is_u64());
    first.remove("elapsed_ms");
    second.remove("elapsed_ms");
    assert_eq!(first, second);
    // Saved again, byte for byte the same file.
    assert!(fs::read(&resaved).expect("the table saved again") == saved);
    let _ = fs::remove_file(resaved);
}

/// `atlas knights --load` and `knights --exact --table` refuse a table that is
/// damaged or not a knight table, with status 2, a message that says why and
/// nothing on standard output; and they leave the file as it was.
#[test]
fn damaged_or_wrong_tables_are_refused() {
    let built = knight_atlas();
    let dir = scratch().join("bad-tables");
    fs::create_dir_all(&dir).unwrap();
    let good = move || fs::read(&built.table).expect("the saved table");
    let klotski = || {
        let pieces = PieceCounts {
            vertical: 0,
            horizontal: 6,
            soldiers: 2,
        };
        let space = PieceSetSpace::new(pieces).unwrap();
        let atlas =
            KlotskiAtlas::build_piece_set(Metric::Slide, space, &Options::new(), &mut |_| {})
                .unwrap();
        let mut bytes = Vec::new();
        atlas.save(&mut bytes).unwrap();
        bytes
    };
    type Make = Box<dyn Fn() -> Vec<u8>>;
    let cases: Vec<(&str, Make, &[&str])> = vec![
        (
            "truncated",
            Box::new(move || good()[..KNIGHT_POSITIONS as usize / 2].to_vec()),
            &["truncated"],
        ),
        (
            "header-only",
            Box::new(move || good()[..file::HEADER_LEN].to_vec()),
            &["truncated"],
        ),
        (
            "flipped",
            Box::new(move || {
                let mut bytes = good();
                bytes[file::HEADER_LEN + 12_345_678] ^= 1;
                bytes
            }),
            &["checksum"],
        ),
        (
            "longer",
            Box::new(move || {
                let mut bytes = good();
                bytes.push(0);
                bytes
            }),
            &["extra bytes"],
        ),
        (
            "resized",
            // A header that announces 1,000 states (offset 32: see `atlas::file`).
            Box::new(move || {
                let mut bytes = good()[..file::HEADER_LEN + 1000].to_vec();
                bytes[32..40].copy_from_slice(&1000u64.to_le_bytes());
                bytes
            }),
            &["1000 states", "67603900"],
        ),
        (
            "junk",
            Box::new(|| b"hello, world".to_vec()),
            &["not a puzzle-search table"],
        ),
        ("empty", Box::new(Vec::new), &["not a puzzle-search table"]),
        (
            "klotski",
            Box::new(klotski),
            &["\"klotski/slide/0-6-2\"", "\"knights\""],
        ),
    ];
    for (name, make, needles) in cases {
        let path = dir.join(format!("{name}.tbl"));
        let bytes = make();
        fs::write(&path, &bytes).unwrap();
        let mut needles = needles.to_vec();
        needles.push(text(&path));
        let what = format!("atlas knights --load {name}");
        assert_rejected(&atlas(&["knights", "--load", text(&path)]), &needles, &what);
        let what = format!("knights --exact --table {name}");
        let result = knights(&["--exact", "--table", text(&path)], SAMPLE);
        assert_rejected(&result, &needles, &what);
        assert!(
            fs::read(&path).unwrap() == bytes,
            "{name}: the file was changed"
        );
        fs::remove_file(&path).unwrap();
    }
    // A knight table is no Klotski atlas, in any metric.
    for metric in Metric::ALL {
        let space = format!("\"klotski/{}\"", metric.name());
        let args = [
            "klotski",
            "--metric",
            metric.name(),
            "--load",
            text(&built.table),
        ];
        assert_rejected(
            &atlas(&args),
            &["cannot load", "\"knights\"", &space],
            &args.join(" "),
        );
    }
    let missing = dir.join("missing.tbl");
    assert_rejected(
        &atlas(&["knights", "--load", text(&missing)]),
        &["cannot read the tables from", "missing.tbl"],
        "a missing table",
    );
}

#[test]
fn atlas_rejects_bad_arguments() {
    let missing = scratch().join("no-such-table.tbl");
    let unwritable = scratch().join("no-such-directory").join("out.file");
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (vec![], vec!["<PUZZLE>"]),
        (vec!["hanoi"], vec!["'hanoi'"]),
        (
            vec!["knights", "--metric", "piece"],
            vec!["--metric", "klotski"],
        ),
        (vec!["klotski", "--metric", "foo"], vec!["'foo'"]),
        (vec!["knights", "--threads", "0"], vec!["'0'", "--threads"]),
        (vec!["knights", "--threads", "x"], vec!["'x'", "--threads"]),
        (vec!["knights", "--frobnicate"], vec!["--frobnicate"]),
        (vec!["knights", "extra"], vec!["'extra'"]),
        (vec!["knights", "--json"], vec!["--json"]),
        (
            vec!["knights", "--load", text(&missing)],
            vec!["cannot read the tables from", "no-such-table.tbl"],
        ),
        // Outputs that cannot be written are found before the work, not after it.
        (
            vec!["knights", "--json", text(&unwritable)],
            vec!["cannot write", "out.file"],
        ),
        (
            vec!["klotski", "--save", text(&unwritable)],
            vec!["cannot write", "out.file"],
        ),
        (
            vec!["klotski", "--svg", text(&unwritable)],
            vec!["cannot write", "out.file"],
        ),
    ];
    for (args, needles) in cases {
        assert_rejected(
            &atlas(&args),
            &needles,
            &format!("atlas {}", args.join(" ")),
        );
    }
    assert!(!missing.exists());
}

#[test]
fn knights_exact_answers_from_a_table_saved_by_the_atlas() {
    let table = text(&knight_atlas().table);
    let modified = || fs::metadata(table).and_then(|meta| meta.modified()).ok();
    let before = modified();
    let optima: String = SAMPLE_OPTIMA.map(|moves| format!("{moves}\n")).concat();
    let result = knights(&["--exact", "--table", table], SAMPLE);
    assert_success(&result, "--exact --table");
    assert_eq!(result.stdout, optima);
    // The exact distance, whatever --limit, --engine or --max-states say.
    for extra in [
        ["--limit", "5"],
        ["--engine", "bfs"],
        ["--max-states", "10"],
    ] {
        let args = ["--exact", "--table", table, extra[0], extra[1]];
        let result = knights(&args, SAMPLE);
        assert_success(&result, &args.join(" "));
        assert_eq!(result.stdout, optima, "{args:?}");
    }
    // What a search finds under a limit that lets it.
    let searched = knights(&["--limit", "20"], SAMPLE);
    assert_eq!(searched.stdout, optima);
    // As JSON: optimal paths that replay to the target.
    let result = knights(&["--exact", "--json", "--table", table], SAMPLE);
    assert_success(&result, "--exact --json");
    let lines: Vec<&str> = result.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", result.stdout);
    for ((line, start), moves) in lines.iter().zip(SAMPLE_ROWS).zip(SAMPLE_OPTIMA) {
        check_knights_json(line, start, Some(moves as usize));
    }
    assert_eq!(modified(), before, "the table was read, not written");
}

#[test]
fn knights_exact_agrees_with_the_library_table_near_and_far() {
    let table = library_table();
    // Walks of 0 to 59 random jumps, and one of the farthest positions of all.
    let mut rng = SplitMix64::new(67_603_900);
    let mut boards: Vec<Position> = (0..300)
        .map(|_| {
            let steps = rng.below(60);
            seeded_knight_walk(&mut rng, steps)
        })
        .collect();
    let farthest = table
        .distances()
        .as_bytes()
        .iter()
        .position(|&distance| u32::from(distance) == KNIGHT_DIAMETER)
        .expect("a position at the diameter");
    boards.push(Position::from_index(farthest as u64).unwrap());
    let mut input = format!("{}\n", boards.len());
    for board in &boards {
        input.push_str(&board.to_string());
        input.push('\n');
    }
    let path = text(&knight_atlas().table);
    let result = knights(&["--exact", "--table", path], &input);
    assert_success(&result, "--exact on 301 boards");
    let answers: Vec<&str> = result.stdout.lines().collect();
    assert_eq!(answers.len(), boards.len());
    for (board, answer) in boards.iter().zip(&answers) {
        let expected = table.distance(*board).expect("a full table");
        assert_eq!(*answer, expected.to_string(), "{board}");
    }
    assert_eq!(answers.last(), Some(&"39"));
    let result = knights(&["--exact", "--json", "--table", path], &input);
    assert_success(&result, "--exact --json on 301 boards");
    let lines: Vec<&str> = result.stdout.lines().collect();
    assert_eq!(lines.len(), boards.len());
    for (board, line) in boards.iter().zip(&lines).step_by(10) {
        let moves = table.distance(*board).unwrap() as usize;
        check_knights_json(line, &board.to_row_string(), Some(moves));
    }
    check_knights_json(lines[300], &boards[300].to_row_string(), Some(39));
}

#[test]
fn knights_exact_builds_and_saves_the_table_when_the_file_is_missing() {
    let path = scratch().join("built-by-knights.tbl");
    let _ = fs::remove_file(&path);
    let optima: String = SAMPLE_OPTIMA.map(|moves| format!("{moves}\n")).concat();
    let result = knights(&["--exact", "--table", text(&path)], SAMPLE);
    assert_success(&result, "--exact --table (missing)");
    assert_eq!(result.stdout, optima);
    // The very table the atlas saves, and the next run loads it.
    let built = fs::read(&path).expect("knights --exact saved the table");
    assert!(built == fs::read(&knight_atlas().table).unwrap());
    let again = knights(&["--exact", "--table", text(&path)], SAMPLE);
    assert_success(&again, "--exact --table (saved)");
    assert_eq!(again.stdout, optima);
    fs::remove_file(&path).unwrap();
}

/// The summary of §3.3 for all 29,334,498 layouts, against the README's
/// numbers; then the saved atlas loaded again.
#[test]
#[ignore = "maps all 29,334,498 Klotski layouts: about 8 s and 340 MB in release"]
fn atlas_klotski_summary_follows_the_contract() {
    let AtlasRun {
        run,
        json: object,
        table,
        svg,
    } = atlas_with_outputs("klotski");
    assert_eq!(object["puzzle"], "klotski");
    assert_eq!(object["metric"], "piece");
    assert_eq!(object["layouts"], LAYOUT_COUNT);
    assert_eq!(object["groups"], 25_422);
    assert_eq!(object["largest_group"], 964_656);
    assert_eq!(object["solvable"], 28_913_089);
    assert_eq!(object["max_distance"], 138);
    let hardest = object["hardest"].as_array().expect("hardest is an array");
    let fenghuiluzhuan = named("峰回路转");
    let mut found = false;
    for entry in hardest {
        let entry = entry.as_object().expect("hardest layouts are objects");
        assert_eq!(keys(entry), ["common_code", "short_code", "distance"]);
        assert_eq!(entry["distance"], 138);
        let common: CommonCode = entry["common_code"].as_str().unwrap().parse().unwrap();
        let short: ShortCode = entry["short_code"].as_str().unwrap().parse().unwrap();
        assert_eq!(common.layout(), short.layout(), "{entry:?}");
        found |= common.layout() == fenghuiluzhuan;
    }
    assert!(found, "峰回路转 is among the hardest: {hardest:?}");
    let sets = object["piece_sets"]
        .as_array()
        .expect("piece_sets is an array");
    assert_eq!(sets.len(), 203);
    let mut totals = [0u64; 3];
    let mut two_empty = 0;
    let mut deepest = 0;
    for set in sets {
        let set = set.as_object().expect("piece sets are objects");
        assert_eq!(
            keys(set),
            [
                "vertical",
                "horizontal",
                "soldiers",
                "layouts",
                "groups",
                "solvable",
                "max_distance"
            ]
        );
        let count = |key: &str| {
            set[key]
                .as_u64()
                .unwrap_or_else(|| panic!("{key}: {set:?}"))
        };
        for (total, key) in totals.iter_mut().zip(["layouts", "groups", "solvable"]) {
            *total += count(key);
        }
        let pieces = 4 + 2 * count("vertical") + 2 * count("horizontal") + count("soldiers");
        if pieces == 18 {
            two_empty += count("layouts");
        }
        match set["max_distance"].as_u64() {
            Some(max) => deepest = deepest.max(max),
            None => assert_eq!(set["max_distance"], Value::Null, "{set:?}"),
        }
    }
    assert_eq!(totals, [u64::from(LAYOUT_COUNT), 25_422, 28_913_089]);
    assert_eq!(two_empty, 1_588_914);
    assert_eq!(deepest, 138);
    let svg_text = fs::read_to_string(&svg).expect("the SVG file");
    assert!(svg_text.starts_with("<svg"));

    // Loaded instead of built: the same summary.
    let loaded_json = scratch().join("klotski-loaded.json");
    let args = [
        "klotski",
        "--load",
        text(&table),
        "--json",
        text(&loaded_json),
    ];
    let loaded = atlas(&args);
    assert_success(&loaded, "atlas klotski --load");
    assert_eq!(loaded.stdout, run.stdout);
    let timings = [
        "elapsed_ms",
        "distances_ms",
        "components_ms",
        "enumeration_ms",
    ];
    let without_timings = |mut object: serde_json::Map<String, Value>| {
        for key in timings {
            object.remove(key);
        }
        object
    };
    assert_eq!(
        without_timings(json_file(&loaded_json)),
        without_timings(object.clone())
    );
    let _ = fs::remove_file(&table);

    // Last, the exact keys of §3.3, the time of each phase included.
    for key in timings {
        assert!(
            object.get(key).is_some_and(Value::is_u64),
            "{key} in {object:?}"
        );
    }
    assert_eq!(
        keys(&object),
        [
            "puzzle",
            "metric",
            "layouts",
            "groups",
            "largest_group",
            "solvable",
            "max_distance",
            "hardest",
            "piece_sets",
            "elapsed_ms",
            "distances_ms",
            "components_ms",
            "enumeration_ms"
        ]
    );
}

// ---------------------------------------------------------------------------
// The atlas of a sliding-tile puzzle
// ---------------------------------------------------------------------------

/// `atlas sliding` maps every solvable board of a shape: its JSON is SPEC
/// §3.3's, and its distances are those of a plain BFS from the goal.
#[test]
fn atlas_sliding_maps_every_solvable_board() {
    use puzzle_search::sliding::{Board, Shape, Sliding};
    for (size, rows, columns, positions) in [("3x3", 3, 3, 181_440u64), ("2x3", 2, 3, 360)] {
        let json = scratch().join(format!("sliding-{size}.json"));
        let table = scratch().join(format!("sliding-{size}.tbl"));
        let run = atlas(&[
            "sliding",
            "--size",
            size,
            "--json",
            text(&json),
            "--save",
            text(&table),
        ]);
        assert_success(&run, size);
        let object = json_file(&json);
        assert_eq!(
            keys(&object),
            [
                "puzzle",
                "rows",
                "columns",
                "positions",
                "diameter",
                "histogram",
                "hardest",
                "elapsed_ms"
            ]
        );
        assert_eq!(object["puzzle"], "sliding");
        assert_eq!(object["rows"], rows);
        assert_eq!(object["columns"], columns);
        assert_eq!(object["positions"], positions);
        // The reference: a plain BFS from the goal over the puzzle's moves.
        let shape: Shape = size.parse().unwrap();
        let goal = Board::goal(shape);
        let mut histogram: Vec<u64> = Vec::new();
        let mut deepest = Vec::new();
        for (board, distance) in support::ReferenceBfs::new(&Sliding::new(), [goal]) {
            if histogram.len() <= distance as usize {
                histogram.resize(distance as usize + 1, 0);
                deepest.clear();
            }
            histogram[distance as usize] += 1;
            if distance as usize + 1 == histogram.len() {
                deepest.push(board.tiles().collect::<Vec<u8>>());
            }
        }
        // The hardest boards: those at the diameter, by rank, at most 1,000.
        let hardest: Vec<Vec<u8>> = serde_json::from_value(object["hardest"].clone()).unwrap();
        assert_eq!(hardest.len(), deepest.len().min(1000));
        let deepest: std::collections::HashSet<Vec<u8>> = deepest.into_iter().collect();
        assert!(hardest.iter().all(|tiles| deepest.contains(tiles)));
        assert_eq!(histogram.iter().sum::<u64>(), positions);
        assert_eq!(object["diameter"], histogram.len() - 1);
        assert_eq!(object["histogram"], serde_json::json!(histogram));
        // The table saved loads back to the same summary.
        let loaded = scratch().join(format!("sliding-{size}-loaded.json"));
        let args = [
            "sliding",
            "--size",
            size,
            "--load",
            text(&table),
            "--json",
            text(&loaded),
        ];
        assert_success(&atlas(&args), "--load");
        let mut again = json_file(&loaded);
        let mut first = object.clone();
        again.remove("elapsed_ms");
        first.remove("elapsed_ms");
        assert_eq!(again, first);
    }
    // The 8-puzzle's boards are at most 31 moves from the goal (SPEC §4).
    let json = scratch().join("sliding-3x3.json");
    assert_eq!(json_file(&json)["diameter"], 31);
    assert_rejected(&atlas(&["sliding", "--size", "5x5"]), &["5x5"], "5x5");
    assert_rejected(&atlas(&["knights", "--size", "3x3"]), &["--size"], "size");
}

// ---------------------------------------------------------------------------
// Conventions shared by the four programs
// ---------------------------------------------------------------------------

/// `program` run in `dir` with `args`, standard input empty.
fn run_in(dir: &Path, program: &str, args: &[&str]) -> Run {
    let mut command = command(program, false);
    command.current_dir(dir).args(args);
    process::run_command(command, Input::Bytes(Vec::new()), program)
}

/// A fresh directory of its own under the scratch directory.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = scratch().join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn every_program_lists_the_values_of_its_options_and_tells_its_version() {
    let engines = ["bfs", "bidir", "astar", "idastar"];
    let metrics = ["step", "slide", "piece"];
    let listed: [(&str, Vec<&str>); 4] = [
        ("klotski", [&engines[..], &metrics[..]].concat()),
        ("knights", engines.to_vec()),
        (
            "atlas",
            [&metrics[..], &["klotski", "knights", "sliding"][..]].concat(),
        ),
        (
            "sliding",
            [&engines[..], &["manhattan", "linear-conflict"][..]].concat(),
        ),
    ];
    for (program, values) in listed {
        let help = run(program, &["--help"], "");
        assert_success(&help, &format!("{program} --help"));
        for value in values {
            assert!(
                help.stdout.contains(value),
                "{program} --help does not list {value}: {}",
                help.stdout
            );
        }
        let version = run(program, &["--version"], "");
        assert_success(&version, &format!("{program} --version"));
        assert_eq!(
            version.stdout,
            format!("{program} {}\n", env!("CARGO_PKG_VERSION"))
        );
        // A value not listed is a usage error: status 2, and the values named.
        let wrong: &[&str] = match program {
            "atlas" => &["klotski", "--metric", "dijkstra"],
            _ => &["--engine", "dijkstra"],
        };
        let wrong = run(program, wrong, "");
        assert_rejected(&wrong, &["dijkstra", "possible values"], program);
    }
}

#[test]
fn atlas_writes_json_or_svg_to_standard_output_for_a_dash() {
    let dir = fresh_dir("dash");
    let json = run_in(&dir, "atlas", &["sliding", "--size", "2x3", "--json", "-"]);
    assert_success(&json, "atlas --json -");
    let value: Value = serde_json::from_str(&json.stdout).expect("JSON on standard output");
    assert_eq!(value["puzzle"], "sliding");
    assert_eq!(value["positions"], 360);
    assert_eq!(
        json.stdout.lines().count(),
        1,
        "only the JSON: {}",
        json.stdout
    );
    let svg = run_in(&dir, "atlas", &["sliding", "--size", "2x3", "--svg", "-"]);
    assert_success(&svg, "atlas --svg -");
    assert!(svg.stdout.starts_with("<svg"), "{}", svg.stdout);
    assert!(svg.stdout.trim_end().ends_with("</svg>"));
    assert!(!dir.join("-").exists(), "no file named -");
    let both = run_in(
        &dir,
        "atlas",
        &["sliding", "--size", "2x3", "--json", "-", "--svg", "-"],
    );
    assert_rejected(&both, &["standard output"], "--json - --svg -");
    assert!(!dir.join("-").exists(), "no file named -");
}

#[test]
fn klotski_draws_its_solution_as_svg() {
    let dir = fresh_dir("klotski-svg");
    let drawn = run_in(&dir, "klotski", &["--svg", "hengdaolima.svg"]);
    assert_success(&drawn, "klotski --svg FILE");
    assert!(
        drawn.stdout.contains("Solved in 81 moves"),
        "the report too"
    );
    let svg = fs::read_to_string(dir.join("hengdaolima.svg")).expect("the SVG file");
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    // Every board of the path is captioned: the start, then each move.
    assert!(svg.contains("start"));
    for number in [1, 40, 81] {
        assert!(
            svg.contains(&format!(">\n{number}. ")),
            "move {number} drawn"
        );
    }
    assert!(!svg.contains(">\n82. "), "no board after the last");
    // The Chinese title names fonts that carry it before the generic family.
    assert!(
        svg.contains(r#"font-family="Noto Sans CJK SC,"#) && svg.contains(r#"sans-serif""#),
        "CJK fonts named"
    );

    let piped = run_in(&dir, "klotski", &["--svg", "-"]);
    assert_success(&piped, "klotski --svg -");
    assert!(piped.stdout.starts_with("<svg"), "only the SVG");
    assert!(!dir.join("-").exists(), "no file named -");
    let unsolvable = run_in(&dir, "klotski", &["走投无路", "--svg", "-"]);
    assert_success(&unsolvable, "an unsolvable layout drawn");
    assert!(unsolvable.stdout.contains("no solution"));

    let both = run_in(&dir, "klotski", &["--json", "--svg", "-"]);
    assert_rejected(&both, &["standard output"], "--json --svg -");
    let bad = run_in(&dir, "klotski", &["not-a-layout", "--svg", "never.svg"]);
    assert_rejected(&bad, &["invalid layout"], "bad layout with --svg");
    assert!(!dir.join("never.svg").exists(), "no drawing for bad input");
}

/// A text legal both as a CommonCode and as a ShortCode of another layout.
fn ambiguous_code() -> String {
    const ALPHABET: &[u8] = b"123456789ABCDEF";
    for rank in 0..ALPHABET.len().pow(5) {
        let mut rest = rank;
        let text: String = (0..5)
            .map(|_| {
                let symbol = ALPHABET[rest % ALPHABET.len()] as char;
                rest /= ALPHABET.len();
                symbol
            })
            .collect();
        if let (Ok(common), Ok(short)) = (text.parse::<CommonCode>(), text.parse::<ShortCode>()) {
            if common.layout() != short.layout() {
                return text;
            }
        }
    }
    panic!("no text is both codes")
}

#[test]
fn an_ambiguous_code_is_a_common_code_with_a_note_naming_both_readings() {
    let text = ambiguous_code();
    let common = text.parse::<CommonCode>().unwrap().layout();
    let short = text.parse::<ShortCode>().unwrap().layout();
    let object = {
        let run = klotski(&[&text, "--json"]);
        assert_eq!(run.code, Some(0), "{text}: {}", run.stderr);
        assert!(run.stderr.starts_with("note: "), "{text}: {}", run.stderr);
        for reading in ["CommonCode", "ShortCode", &format!("short:{text}")] {
            assert!(run.stderr.contains(reading), "{}", run.stderr);
        }
        assert!(run.stderr.contains(&common.to_shape_digits()));
        assert!(run.stderr.contains(&short.to_shape_digits()));
        serde_json::from_str::<Value>(&run.stdout).expect("one JSON object")
    };
    assert_eq!(object["start"], common.to_shape_digits());
    // Forced readings need no note.
    for (forced, layout) in [("common:", common), ("short:", short)] {
        let run = klotski(&[&format!("{forced}{text}"), "--json"]);
        let object = one_json_object(&run, forced);
        assert_eq!(object["start"], layout.to_shape_digits());
    }
}

// ---------------------------------------------------------------------------
// The catalogue on the command line
// ---------------------------------------------------------------------------

/// `klotski --list` prints every catalogued layout: its name, slug, optimum
/// and CommonCode, which name the same layout the library's catalogue does.
#[test]
fn klotski_lists_its_catalogue() {
    let run = klotski(&["--list"]);
    assert_success(&run, "--list");
    let lines: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .map(|line| line.split('\t').collect())
        .collect();
    assert_eq!(lines.len(), catalog::ENTRIES.len());
    for (fields, entry) in lines.iter().zip(&catalog::ENTRIES) {
        assert_eq!(fields.len(), 4, "{fields:?}");
        assert_eq!((fields[0], fields[1]), (entry.name, entry.slug));
        let moves = entry
            .piece_moves
            .map_or("-".to_owned(), |moves| moves.to_string());
        assert_eq!(fields[2], moves);
        let code: CommonCode = fields[3].parse().unwrap();
        assert_eq!(code.layout(), entry.layout(), "{}", entry.slug);
    }
    assert_rejected(
        &klotski(&["--list", "hengdaolima"]),
        &["--list"],
        "--list LAYOUT",
    );
}

/// A misspelled name gets the nearest catalogue names; two names are
/// refused as two layouts, not read as one board.
#[test]
fn klotski_suggests_names_and_takes_one_layout() {
    let run = klotski(&["hengdaolma"]);
    assert_rejected(
        &run,
        &["hengdaolma", "did you mean", "hengdaolima", "--list"],
        "misspelled",
    );
    let run = klotski(&["横刀立"]);
    assert_rejected(&run, &["横刀立马"], "a name cut short");
    let run = klotski(&["横刀立马", "指挥若定"]);
    assert_rejected(
        &run,
        &["one layout at a time", "横刀立马", "指挥若定"],
        "two names",
    );
    // A board in separate words, one row each, is still one layout.
    let run = klotski(&["2442", "2442", "2332", "2112", "1001", "--json"]);
    assert_success(&run, "rows as words");
    assert!(run.stdout.contains("\"moves\":81"), "{}", run.stdout);
}
