//! Attacks on the `sliding` and `atlas` programs, run as processes: bad
//! partitions where no database is needed, partitions that leave most tiles
//! out, builds and tables too large for the memory at hand, an edited
//! pattern-database file, a byte-order mark, a closed standard input, a
//! dangling symbolic link, and a huge `--size`.
//!
//! Build the examples first when running this file alone: `cargo build
//! --examples` (see `tests/cli_hardening.rs`).

use crate::support;

use std::process::Command;
use std::time::{Duration, Instant};

use puzzle_search::analysis::{load_pattern_database, save_pattern_database};
use puzzle_search::sliding::{Partition, PatternDatabase, Shape};
use support::process::{assert_rejected, example, run_command, Input, Run};

/// Korf's instance 1 (SPEC §4), 57 moves away.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

fn launch(program: &str, args: &[&str], stdin: &[u8]) -> Run {
    let mut command = Command::new(example(program));
    command.args(args);
    run_command(
        command,
        Input::Bytes(stdin.to_vec()),
        &format!("{program} {}", args.join(" ")),
    )
}

/// Runs `program` through `sh -c 'SETUP; exec program args'`.
fn run_in_shell(setup: &str, program: &str, args: &[&str]) -> Run {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("{setup}; exec \"$0\" \"$@\""))
        .arg(example(program))
        .args(args);
    run_command(
        command,
        Input::Bytes(Vec::new()),
        &format!("{setup}: {program}"),
    )
}

fn scratch(name: &str) -> std::path::PathBuf {
    let directory = std::env::temp_dir().join(format!("cli-attacks-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a scratch directory");
    directory
}

#[test]
fn a_bad_partition_is_refused_even_without_databases() {
    for args in [
        &[
            "--engine",
            "bfs",
            "--partition",
            "1,2/2,3",
            "1 2 3 4 5 6 7 8 0",
        ][..],
        // An unsolvable board needs no search.
        &["--partition", "99", "2 1 3 4 5 6 7 8 0"][..],
    ] {
        let run = launch("sliding", args, b"");
        assert_rejected(&run, &["--partition"], "a bad partition");
    }
}

#[test]
fn a_partition_of_few_tiles_is_warned_about() {
    let run = launch(
        "sliding",
        &[
            "--partition",
            "15",
            "--engine",
            "astar",
            "--max-states",
            "1000",
            KORF_1,
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("warning"), "{}", run.stderr);
    assert!(
        run.stderr.contains("one group of tile 15 alone"),
        "{}",
        run.stderr
    );
    let quiet = run_command(
        {
            let mut command = Command::new(example("sliding"));
            command.args(["--partition", "4-4", "--engine", "bfs", "1 2 3 4 5 6 7 8 0"]);
            command
        },
        Input::Bytes(Vec::new()),
        "4-4",
    );
    assert!(!quiet.stderr.contains("warning"), "{}", quiet.stderr);
}

#[test]
fn a_build_too_large_for_the_address_space_is_refused_at_once() {
    let started = Instant::now();
    let run = run_in_shell(
        "ulimit -v 400000",
        "sliding",
        &["--partition", "7-8", KORF_1],
    );
    assert_rejected(
        &run,
        &["needs about", "address space", "ulimit -v"],
        "7-8 in 400 MB",
    );
    // Far sooner than a build that aborts after tens of seconds.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_table_too_large_for_memory_is_refused_like_a_shape_too_large() {
    let run = launch("atlas", &["sliding", "--size", "4x4"], b"");
    assert_rejected(&run, &["4x4", "needs about", "TiB"], "atlas 4x4");
    let five = launch("atlas", &["sliding", "--size", "5x5"], b"");
    assert_eq!(five.code, run.code);
}

#[test]
fn an_edited_pattern_database_file_is_refused() {
    let directory = scratch("edited");
    let path = directory.join("eight.pdb");
    let path_text = path.to_str().expect("a UTF-8 path");
    let args = [
        "--partition",
        "4-4",
        "--pdb",
        path_text,
        "8 0 6 5 4 7 2 3 1",
    ];
    let built = launch("sliding", &args, b"");
    assert_eq!(
        (built.code, built.stdout.trim()),
        (Some(0), "31"),
        "{}",
        built.stderr
    );
    // A file this program saved loads on its checksum alone with --trust-pdb.
    let trusted = launch("sliding", &[&args[..], &["--trust-pdb"]].concat(), b"");
    assert_eq!(
        (trusted.code, trusted.stdout.trim()),
        (Some(0), "31"),
        "{}",
        trusted.stderr
    );
    let partition = Partition::named(Shape::EIGHT, "4-4").expect("a partition");
    let bytes = std::fs::read(&path).expect("the file");
    let database = load_pattern_database(&bytes[..], partition.clone()).expect("it loads");
    let tables: Vec<Vec<u8>> = (0..2)
        .map(|group| {
            let table = database.table(group).expect("two groups");
            table.iter().map(|&entry| entry.saturating_mul(3)).collect()
        })
        .collect();
    let tripled = PatternDatabase::from_tables(partition, tables).expect("right sizes");
    let mut edited = Vec::new();
    save_pattern_database(&mut edited, &tripled).expect("saved");
    std::fs::write(&path, edited).expect("written");
    let run = launch("sliding", &args, b"");
    assert_rejected(&run, &["entry", "table 1"], "a tripled pattern database");
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn a_save_removes_a_killed_save_s_temporary_file() {
    let directory = scratch("stale");
    let stale = directory.join(".puzzle-search-4294967295-0.tmp");
    std::fs::write(&stale, vec![0u8; 1 << 16]).expect("written");
    let path = directory.join("eight.pdb");
    let run = launch(
        "sliding",
        &[
            "--partition",
            "4-4",
            "--pdb",
            path.to_str().expect("UTF-8"),
            "8 0 6 5 4 7 2 3 1",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(path.exists() && !stale.exists());
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let run = launch(
        "sliding",
        &["--heuristic", "manhattan"],
        b"\xef\xbb\xbf8 0 6 5 4 7 2 3 1\n",
    );
    assert_eq!(
        (run.code, run.stdout.trim()),
        (Some(0), "31"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_closed_standard_input_is_not_read_as_empty() {
    let run = run_in_shell("exec <&-", "sliding", &["--heuristic", "manhattan"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("standard input: it is closed"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_dangling_pdb_link_is_named_with_its_target() {
    let directory = scratch("dangling");
    let link = directory.join("link.pdb");
    std::os::unix::fs::symlink(directory.join("missing/target.pdb"), &link).expect("a link");
    let run = launch(
        "sliding",
        &["--pdb", link.to_str().expect("UTF-8"), "8 0 6 5 4 7 2 3 1"],
        b"",
    );
    assert_rejected(
        &run,
        &["link.pdb", "symbolic link", "missing/target.pdb"],
        "dangling link",
    );
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn a_huge_size_is_quoted_as_written() {
    let size = "99999999999999999999999x3";
    let run = launch("sliding", &["--size", size, "1 2 3"], b"");
    assert_rejected(&run, &[size], "a huge size");
    assert!(
        !run.stderr.contains("18446744073709551615"),
        "{}",
        run.stderr
    );
}
