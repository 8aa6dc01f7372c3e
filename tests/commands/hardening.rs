//! The three command-line programs, run as processes, where the world around
//! them is hostile: file arguments that are FIFOs, directories or devices,
//! outputs that cannot be created, a table saved over itself or killed midway,
//! outputs that would overwrite each other, unbounded standard input, a
//! standard output that is closed, full or gone, and absurd thread counts.
//!
//! Each bad case must fail at once with a message naming the path (status 2
//! for a bad argument or input, 1 for an output that cannot be written),
//! write nothing on standard output, leave no file behind, and never hang.
//!
//! `cargo test` builds the examples next to this test binary. When only this
//! test is built (`cargo test --test commands hardening::`), build them first:
//! `cargo build --examples`, with `--release` when testing in release.
//!
//! The knight table (67,603,900 positions, 67 MB on disk) is built once for the
//! whole file, by `atlas knights --threads 65535 --save`, and shared.

use crate::support;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use support::process::{
    assert_rejected, assert_success, example, run_command, wait, Input, Run, HANG,
};

// ---------------------------------------------------------------------------
// Running the programs
// ---------------------------------------------------------------------------

fn launch(program: &str, args: &[&str], stdin: &str) -> Run {
    let mut command = Command::new(example(program));
    command.args(args);
    let what = format!("{program} {}", args.join(" "));
    run_command(command, Input::Bytes(stdin.as_bytes().to_vec()), &what)
}

/// Runs `program` through `sh -c`, `redirect` applied to it (`>&-`).
fn run_redirected(program: &str, args: &[&str], stdin: &str, redirect: &str) -> Run {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(example(program))
        .args(args);
    let what = format!("{program} {} {redirect}", args.join(" "));
    run_command(command, Input::Bytes(stdin.as_bytes().to_vec()), &what)
}

/// Like [`assert_rejected`], and the message is the only line on standard
/// error: no progress, nothing else.
#[track_caller]
fn assert_rejected_at_once(run: &Run, needles: &[&str], what: &str) {
    assert_rejected(run, needles, what);
    assert_eq!(
        run.stderr.trim_end().lines().count(),
        1,
        "{what}: standard error should be one message, got {:?}",
        run.stderr
    );
}

/// Nothing on standard output, and each of `needles` on standard error.
#[track_caller]
fn assert_quiet_failure(run: &Run, needles: &[&str], what: &str) {
    assert!(
        run.stdout.is_empty(),
        "{what}: standard output should be empty, got {:?}",
        run.stdout
    );
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{what}: standard error {:?} does not mention {needle:?}",
            run.stderr
        );
    }
}

// ---------------------------------------------------------------------------
// Files and directories
// ---------------------------------------------------------------------------

/// The directory of this file's scratch files, under the target directory.
fn scratch_root() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_hardening")
}

/// A fresh, empty directory named `name`.
fn fresh_directory(name: &str) -> PathBuf {
    let dir = scratch_root().join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The scratch directory of one test: removed when the test passes (copies
/// of the table are 67 MB each), kept for a look when it fails.
struct Scratch(PathBuf);

fn scratch(name: &str) -> Scratch {
    Scratch(fresh_directory(name))
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

/// The names of the files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| {
            entry
                .expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

fn text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

/// A FIFO at `path`, made by `mkfifo`.
fn fifo(path: &Path) -> PathBuf {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
    path.to_owned()
}

/// The knight table built once for the whole file, by `atlas knights` with
/// 65,535 threads (the library spawns no more workers than it has work).
fn knight_table() -> &'static Path {
    static TABLE: OnceLock<PathBuf> = OnceLock::new();
    TABLE.get_or_init(|| {
        let dir = fresh_directory("shared");
        let table = dir.join("knights.tbl");
        let args = ["knights", "--threads", "65535", "--save", text(&table)];
        let run = launch("atlas", &args, "");
        assert_success(&run, "atlas knights --threads 65535 --save");
        assert!(run.stdout.contains("67,603,900"), "{}", run.stdout);
        assert_eq!(
            listing(&dir),
            ["knights.tbl"],
            "only the table, no stray file"
        );
        table
    })
}

const SAMPLE: &str = "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n";

// ---------------------------------------------------------------------------
// 1. Table files are written all or nothing
// ---------------------------------------------------------------------------

#[test]
fn atlas_load_and_save_of_the_same_table_keeps_it_whole() {
    let dir = scratch("same_table");
    let table = dir.join("knights.tbl");
    fs::copy(knight_table(), &table).expect("a copy of the table");
    let path = text(&table);
    let run = launch("atlas", &["knights", "--load", path, "--save", path], "");
    assert_success(&run, "--load T --save T");
    assert!(run.stdout.contains("diameter"), "{}", run.stdout);
    assert_eq!(listing(&dir), ["knights.tbl"]);
    assert!(
        fs::read(&table).expect("T") == fs::read(knight_table()).expect("the table"),
        "T changed"
    );
    let json = dir.join("summary.json");
    let run = launch(
        "atlas",
        &["knights", "--load", path, "--json", text(&json)],
        "",
    );
    assert_success(&run, "T loads afterwards");
    let summary = fs::read_to_string(&json).expect("the summary");
    assert!(summary.contains("\"positions\":67603900"), "{summary}");
}

#[test]
fn a_kill_during_a_save_never_leaves_a_truncated_table() {
    let dir = scratch("killed_save");
    let table = dir.join("knights.tbl");
    fs::copy(knight_table(), &table).expect("a copy of the table");
    let whole = fs::metadata(&table).expect("the table").len();
    for round in 0..3 {
        let mut child = Command::new(example("atlas"))
            .args(["knights", "--load", text(&table), "--save", text(&table)])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("atlas starts");
        // Kill it as soon as the save has begun: the temporary file fills, or
        // (the bug this guards against) the table itself shrinks.
        let started = Instant::now();
        let len = |path: &Path| fs::metadata(path).map_or(0, |metadata| metadata.len());
        loop {
            let saving = listing(&dir)
                .iter()
                .any(|name| name.ends_with(".tmp") && len(&dir.join(name)) > 0)
                || len(&table) < whole;
            if saving || started.elapsed() > HANG {
                break;
            }
            if child.try_wait().expect("atlas can be waited for").is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            fs::read(&table).expect("T") == fs::read(knight_table()).expect("the table"),
            "round {round}: T is not whole after a kill"
        );
        // A kill may leave the temporary file; nothing else.
        for name in listing(&dir) {
            if name != "knights.tbl" {
                assert!(name.ends_with(".tmp"), "round {round}: stray {name}");
                fs::remove_file(dir.join(name)).expect("the stray file goes");
            }
        }
    }
    let run = launch("atlas", &["knights", "--load", text(&table)], "");
    assert_success(&run, "T loads after the kills");
}

#[test]
fn knights_exact_loads_the_shared_table() {
    let run = launch(
        "knights",
        &["--exact", "--table", text(knight_table())],
        SAMPLE,
    );
    assert_success(&run, "knights --exact --table T");
    assert_eq!(run.stdout, "7\n18\n");
}

// ---------------------------------------------------------------------------
// 2. Paths that are not regular files; outputs checked before the work
// ---------------------------------------------------------------------------

/// Every option that names a file, as (program, the arguments before it, the
/// option).
fn file_options() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    vec![
        ("atlas", vec!["knights"], "--load"),
        ("atlas", vec!["knights"], "--save"),
        ("atlas", vec!["knights"], "--json"),
        ("atlas", vec!["knights"], "--svg"),
        ("knights", vec!["--exact"], "--table"),
    ]
}

#[test]
fn fifos_directories_and_devices_are_refused_at_once() {
    let dir = scratch("special_files");
    let fifo = fifo(&dir.join("fifo"));
    let subdir = dir.join("directory");
    fs::create_dir(&subdir).expect("a directory");
    let mut specials = vec![
        (text(&fifo).to_owned(), "FIFO"),
        (text(&subdir).to_owned(), "directory"),
    ];
    for device in ["/dev/null", "/dev/zero"] {
        if Path::new(device).exists() {
            specials.push((device.to_owned(), "device"));
        }
    }
    for (path, kind) in &specials {
        for (program, before, option) in file_options() {
            let mut args = before.clone();
            args.extend([option, path.as_str()]);
            let what = format!("{program} {}", args.join(" "));
            let run = launch(program, &args, SAMPLE);
            assert_rejected_at_once(&run, &[path, kind, "not a regular file"], &what);
        }
    }
    assert_eq!(listing(&dir), ["directory", "fifo"], "no file left behind");
    assert!(
        listing(&subdir).is_empty(),
        "nothing written into the directory"
    );
}

#[test]
fn an_output_that_cannot_be_created_fails_before_the_work() {
    let dir = scratch("uncreatable");
    let missing = dir.join("no such directory").join("out");
    let mut places = vec![text(&missing).to_owned()];
    // `/proc` takes no new files, even from root.
    if Path::new("/proc/self").is_dir() {
        places.push("/proc/x.tbl".to_owned());
    }
    for place in &places {
        for (program, before, option) in file_options() {
            if option == "--load" {
                continue;
            }
            let mut args = before.clone();
            args.extend([option, place.as_str()]);
            let what = format!("{program} {}", args.join(" "));
            // Fails before building the table: no summary, no answers, no
            // progress, a single message naming the path.
            let run = launch(program, &args, SAMPLE);
            assert_rejected_at_once(&run, &[place, "cannot write"], &what);
        }
    }
    assert!(listing(&dir).is_empty(), "no file left behind");
}

#[test]
fn outputs_onto_the_tables_or_onto_each_other_are_refused() {
    let dir = scratch("same_outputs");
    let table = dir.join("knights.tbl");
    fs::copy(knight_table(), &table).expect("a copy of the table");
    let table_text = text(&table);
    // The same file under another spelling, another name, a symbolic link.
    let dotted = format!("{}/../same_outputs/knights.tbl", dir.display());
    let hard_link = dir.join("hard.tbl");
    fs::hard_link(&table, &hard_link).expect("a hard link");
    let new = dir.join("new.out");
    let new_text = text(&new);
    #[allow(unused_mut)]
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--load", table_text, "--json", table_text],
            "--json and --load",
        ),
        (
            vec!["--load", table_text, "--json", &dotted],
            "--json and --load",
        ),
        (
            vec!["--load", table_text, "--json", text(&hard_link)],
            "--json and --load",
        ),
        (
            vec!["--load", table_text, "--svg", table_text],
            "--svg and --load",
        ),
        (
            vec!["--load", table_text, "--save", new_text, "--json", new_text],
            "--json and --save",
        ),
        (
            vec!["--load", table_text, "--save", new_text, "--svg", new_text],
            "--svg and --save",
        ),
        (
            vec!["--load", table_text, "--json", new_text, "--svg", new_text],
            "--json and --svg",
        ),
    ];
    #[cfg(unix)]
    let symbolic_link = dir.join("symbolic.tbl");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&table, &symbolic_link).expect("a symbolic link");
        cases.push((
            vec!["--load", table_text, "--svg", text(&symbolic_link)],
            "--svg and --load",
        ));
    }
    for (options, needle) in cases {
        let mut args = vec!["knights"];
        args.extend(&options);
        let what = format!("atlas {}", args.join(" "));
        assert_rejected_at_once(&launch("atlas", &args, ""), &[needle, "same file"], &what);
    }
    assert!(
        fs::read(&table).expect("T") == fs::read(knight_table()).expect("the table"),
        "the table changed"
    );
    assert!(!new.exists(), "no output written");
}

#[test]
fn a_failing_run_leaves_no_output_file() {
    let dir = scratch("failing_runs");
    let broken = dir.join("broken.tbl");
    fs::write(&broken, b"PZATLAS1 but nothing else").expect("a broken table");
    let outputs = ["summary.json", "histogram.svg", "saved.tbl"].map(|name| dir.join(name));
    let args = [
        "knights",
        "--load",
        text(&broken),
        "--json",
        text(&outputs[0]),
        "--svg",
        text(&outputs[1]),
        "--save",
        text(&outputs[2]),
    ];
    assert_rejected(
        &launch("atlas", &args, ""),
        &["broken.tbl"],
        "atlas --load broken",
    );
    // Bad input: knights stops before building the table it would save.
    let table = dir.join("new.tbl");
    let args = ["--exact", "--table", text(&table)];
    let run = launch("knights", &args, "1\n10110\n");
    assert_rejected(&run, &["invalid input"], "knights --exact with bad input");
    assert_eq!(listing(&dir), ["broken.tbl"], "no file left behind");
}

// ---------------------------------------------------------------------------
// 3. Bounded standard input
// ---------------------------------------------------------------------------

#[test]
fn klotski_reads_at_most_1_mib_of_standard_input() {
    for len in [2 << 20, 100 << 20] {
        let mut command = Command::new(example("klotski"));
        command.arg("-");
        let what = format!("klotski - with {len} blank bytes");
        let run = run_command(command, Input::Blank(len), &what);
        assert_rejected(&run, &["standard input is larger than 1 MiB"], &what);
    }
}

#[test]
fn knights_reads_at_most_64_mib_of_standard_input() {
    let what = "knights with 100 MiB of blank lines";
    let run = run_command(
        Command::new(example("knights")),
        Input::Blank(100 << 20),
        what,
    );
    assert_rejected(&run, &["standard input is larger than 64 MiB"], what);
    // Below the cap, blank input is just empty input.
    let what = "knights with 2 MiB of blank lines";
    let run = run_command(
        Command::new(example("knights")),
        Input::Blank(2 << 20),
        what,
    );
    assert_rejected(&run, &["empty"], what);
}

#[test]
fn messages_quote_a_short_excerpt_of_the_arguments() {
    let long = "x".repeat(100_000);
    let run = launch("klotski", &["hengdaolima", &long], "");
    assert_rejected(
        &run,
        &["unexpected", "xxxx"],
        "a 100,000-character argument",
    );
    assert!(
        run.stderr.len() < 200,
        "the message repeats the argument: {} bytes",
        run.stderr.len()
    );
}

// ---------------------------------------------------------------------------
// 4. Standard output closed, full, or gone
// ---------------------------------------------------------------------------

/// One quick successful run of each program, as (program, arguments, input).
fn quick_runs() -> Vec<(&'static str, Vec<String>, &'static str)> {
    vec![
        ("klotski", vec![], ""),
        ("knights", vec![], SAMPLE),
        (
            "atlas",
            vec![
                "knights".into(),
                "--load".into(),
                text(knight_table()).into(),
            ],
            "",
        ),
    ]
}

// The check that standard output is closed works on Linux only.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    for (program, args, stdin) in quick_runs() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let what = format!("{program} {} >&-", args.join(" "));
        let run = run_redirected(program, &args, stdin, ">&-");
        assert_eq!(
            run.code,
            Some(1),
            "{what}: exit status; stderr: {}",
            run.stderr
        );
        assert_quiet_failure(&run, &["standard output is closed"], &what);
    }
}

#[test]
fn a_full_standard_output_is_an_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for (program, args, stdin) in quick_runs() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let what = format!("{program} {} > /dev/full", args.join(" "));
        let run = run_redirected(program, &args, stdin, "> /dev/full");
        assert_eq!(
            run.code,
            Some(1),
            "{what}: exit status; stderr: {}",
            run.stderr
        );
        assert_quiet_failure(&run, &["cannot write", "No space left"], &what);
    }
}

#[test]
fn a_reader_that_goes_away_is_no_failure() {
    let mut runs = quick_runs();
    // Enough answers to fill any pipe buffer.
    let many = format!(
        "10000\n{}",
        "10110\n01*11\n10111\n01001\n00000\n".repeat(10_000)
    );
    let many: &'static str = Box::leak(many.into_boxed_str());
    runs.push(("knights", vec![], many));
    for (program, args, stdin) in runs {
        let what = format!("{program} {} | (gone)", args.join(" "));
        let mut child = Command::new(example(program))
            .env("PUZZLE_SEARCH_CACHE", "")
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example starts");
        // The reader goes away before the program writes a thing.
        drop(child.stdout.take());
        let mut pipe = child.stdin.take().expect("a stdin pipe");
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(stdin.as_bytes());
        });
        let run = wait(child, &what);
        writer.join().expect("the writer thread");
        assert_success(&run, &what);
    }
    // The same through a shell pipe, the usual way to meet it.
    let script = "set -o pipefail 2>/dev/null || exit 3; \"$0\" \"$@\" | head -c 1 > /dev/null";
    let mut command = Command::new("bash");
    command.arg("-c").arg(script).arg(example("knights"));
    let run = run_command(
        command,
        Input::Bytes(many.as_bytes().to_vec()),
        "knights | head -c 1",
    );
    assert_success(&run, "knights | head -c 1");
}

// ---------------------------------------------------------------------------
// 5. Threads
// ---------------------------------------------------------------------------

#[test]
fn thread_counts_out_of_range_are_refused_and_65535_works() {
    for threads in ["0", "65536", "-1", "many"] {
        let what = format!("atlas knights --threads {threads}");
        let run = launch("atlas", &["knights", "--threads", threads], "");
        assert_rejected(&run, &[threads], &what);
    }
    // 65,535 threads built the shared table (see `knight_table`).
    knight_table();
}

// ---------------------------------------------------------------------------
// Arguments of any length
// ---------------------------------------------------------------------------

/// A 128 KB argument (a few bytes short of the kernel's limit for one
/// argument, 128 KiB with its final NUL) to every program, as an option's value, as `--option=value` and as a
/// positional argument: refused with status 2 and a message that quotes at
/// most 40 characters of it (clap's messages included), or none.
#[test]
fn huge_arguments_are_quoted_in_40_characters() {
    let huge = "7".repeat(128 * 1024 - 16);
    let head = "7".repeat(40);
    let cases: [(&str, Vec<String>); 7] = [
        ("knights", vec!["--limit".into(), huge.clone()]),
        ("knights", vec![format!("--engine={huge}")]),
        ("klotski", vec!["--metric".into(), huge.clone()]),
        ("klotski", vec![huge.clone()]),
        ("sliding", vec!["--size".into(), format!("{huge}x3")]),
        ("sliding", vec![huge.clone()]),
        ("atlas", vec![huge.clone()]),
    ];
    for (program, args) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = launch(program, &args, "");
        let what = format!("{program} with a 128 KB argument");
        assert_eq!(
            run.code,
            Some(2),
            "{what}: {}",
            &run.stderr[..run.stderr.len().min(300)]
        );
        assert!(run.stdout.is_empty(), "{what}");
        assert!(
            run.stderr.len() < 1_000,
            "{what}: {} bytes",
            run.stderr.len()
        );
        assert!(
            !run.stderr.contains(&format!("{head}7")),
            "{what}: {}",
            run.stderr
        );
    }
}

/// `--help` and `--version` that cannot be written say so with status 1.
#[test]
fn help_onto_a_full_standard_output_fails() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for program in ["knights", "klotski", "sliding", "atlas"] {
        for flag in ["--help", "--version"] {
            let run = run_redirected(program, &[flag], "", ">/dev/full");
            assert_eq!(run.code, Some(1), "{program} {flag}");
        }
    }
}
