//! What the examples share: how they fail and with which exit status, how they
//! treat standard input and output and the files named on the command line,
//! and the JSON of a search outcome.
//!
//! Each example includes this file with `mod common;`. Cargo builds
//! `examples/*.rs` and `examples/*/main.rs` as examples, so this directory is
//! not an example of its own.

// Each example uses only part of this module.
#![allow(dead_code)]

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use puzzle_search::atlas::{file, AtlasError};
use puzzle_search::search::{Limit, Outcome, SearchResult, Stats};
use serde_json::{json, Value};

/// Why an example stopped early, and the exit status it deserves.
pub struct Failure {
    /// The exit status: 2 for bad arguments or input, 1 for anything else.
    pub status: u8,
    /// What went wrong, for standard error.
    pub message: String,
}

impl Failure {
    /// Bad arguments or bad input (a layout, a board, a table file): status 2.
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            status: 2,
            message: message.into(),
        }
    }

    /// Anything else that went wrong, I/O mostly (reading standard input,
    /// writing the answers or a file) or building a table: status 1.
    pub fn other(message: impl Into<String>) -> Self {
        Failure {
            status: 1,
            message: message.into(),
        }
    }
}

/// The exit of an example: success, or the failure's message on standard error
/// after `prefix: `, and its status.
pub fn finish(prefix: &str, result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            // Not `eprintln!`, which panics when standard error cannot be
            // written: the status still tells what happened.
            let _ = writeln!(io::stderr().lock(), "{prefix}: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

/// At most this many characters of the user's input go into a message.
const EXCERPT_CHARS: usize = 40;

/// `text` quoted for a message, cut after 40 characters (marked `…`), so that
/// a message never repeats an unbounded input.
pub fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(EXCERPT_CHARS).collect();
    if chars.next().is_some() {
        format!("{head:?}…")
    } else {
        format!("{head:?}")
    }
}

// ---------------------------------------------------------------------------
// Standard input and output
// ---------------------------------------------------------------------------

/// All of standard input, if it holds at most `cap` bytes; `cap_text` writes
/// the cap for people ("1 MiB"). Reading stops one byte past the cap, so
/// memory stays bounded whatever arrives. More input than that, or input that
/// cannot be read, is bad input: status 2.
pub fn read_stdin(cap: u64, cap_text: &str) -> Result<Vec<u8>, Failure> {
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .take(cap.saturating_add(1))
        .read_to_end(&mut input)
        .map_err(|error| Failure::usage(format!("cannot read standard input: {error}")))?;
    if input.len() as u64 > cap {
        return Err(Failure::usage(format!(
            "standard input is larger than {cap_text}, the most this reads"
        )));
    }
    Ok(input)
}

/// Fails when standard output was closed when the program started (`>&-`),
/// `what` naming what was to be written there: status 1, before any work.
///
/// Writing to a closed standard output cannot fail in Rust on Linux: before
/// `main`, the runtime opens `/dev/null` in place of a closed standard
/// stream, so that files opened later do not take its place, and everything
/// printed would vanish. So the state of standard output is recorded before
/// the runtime starts (see `stdout_state`). Elsewhere this check passes.
pub fn check_stdout(what: &str) -> Result<(), Failure> {
    if stdout_state::was_closed() {
        return Err(Failure::other(format!(
            "cannot write {what}: standard output is closed"
        )));
    }
    Ok(())
}

#[cfg(target_os = "linux")]
mod stdout_state {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Run by the C runtime before `main`, hence before Rust's runtime puts
    /// `/dev/null` in place of a closed standard output.
    #[used]
    #[link_section = ".init_array"]
    static RECORD: extern "C" fn() = record;

    extern "C" fn record() {
        // With `/proc` mounted, descriptor 1 is listed there exactly when it
        // is open; without `/proc` nothing is known, and nothing is recorded.
        let listed = std::path::Path::new("/proc/self/fd").is_dir();
        let open = std::fs::symlink_metadata("/proc/self/fd/1").is_ok();
        CLOSED.store(listed && !open, Ordering::Relaxed);
    }

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(not(target_os = "linux"))]
mod stdout_state {
    pub fn was_closed() -> bool {
        false
    }
}

/// The end of writing the answers to standard output, `what` naming them in a
/// failure. A reader that stops early (`| head`) closes the pipe: that is no
/// failure for these tools.
pub fn answered(written: io::Result<()>, what: &str) -> Result<(), Failure> {
    match written {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written.map_err(|error| Failure::other(format!("cannot write {what}: {error}"))),
    }
}

// ---------------------------------------------------------------------------
// Files named on the command line
// ---------------------------------------------------------------------------
//
// Only regular files are read or written. Opening a FIFO for reading waits
// for a writer, forever if none comes; a directory or a device (`/dev/zero`,
// `/dev/null`) is no table, and replacing one with a file would be worse. So
// the type is checked before anything is opened, and outputs are checked
// before any long work, so that a bad path fails at once with status 2.

/// What kind of file `file_type` is, for a message about a file that is not
/// a regular one.
fn kind(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

fn not_regular(action: &str, path: &Path, file_type: fs::FileType) -> Failure {
    Failure::usage(format!(
        "cannot {action} {}: it is {}, not a regular file",
        path.display(),
        kind(file_type)
    ))
}

/// Checks that `path` can be read as `what` ("the table"): it exists and is a
/// regular file. Status 2 otherwise.
pub fn check_input(path: &Path, what: &str) -> Result<(), Failure> {
    let action = format!("read {what} from");
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => Ok(()),
        Ok(metadata) => Err(not_regular(&action, path, metadata.file_type())),
        Err(error) => Err(Failure::usage(format!(
            "cannot {action} {}: {error}",
            path.display()
        ))),
    }
}

/// Opens `path` to read `what` ("the table") after [`check_input`], and checks
/// again what was opened, in case the path changed in between. Status 2 when
/// it cannot be read.
pub fn open_input(path: &Path, what: &str) -> Result<File, Failure> {
    check_input(path, what)?;
    let action = format!("read {what} from");
    let cannot =
        |error: io::Error| Failure::usage(format!("cannot {action} {}: {error}", path.display()));
    let file = File::open(path).map_err(cannot)?;
    let metadata = file.metadata().map_err(cannot)?;
    if !metadata.is_file() {
        return Err(not_regular(&action, path, metadata.file_type()));
    }
    Ok(file)
}

/// Checks, before the work, that [`write_output`] can write `what` ("the
/// table") to `path`: the path is a regular file or free, and a file can be
/// created in its directory (one is created there and removed again). Status
/// 2 otherwise.
pub fn check_output(path: &Path, what: &str) -> Result<(), Failure> {
    let action = format!("write {what} to");
    let cannot =
        |reason: String| Failure::usage(format!("cannot {action} {}: {reason}", path.display()));
    if let Ok(metadata) = fs::metadata(path) {
        if !metadata.is_file() {
            return Err(not_regular(&action, path, metadata.file_type()));
        }
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match fs::metadata(directory) {
        Ok(metadata) if metadata.is_dir() => {}
        Ok(_) => {
            return Err(cannot(format!(
                "{} is not a directory",
                directory.display()
            )))
        }
        Err(error) => return Err(cannot(format!("{}: {error}", directory.display()))),
    }
    file::check_writable(path).map_err(|error| {
        cannot(format!(
            "cannot create a file in {}: {error}",
            directory.display()
        ))
    })
}

/// Writes `what` ("the table") to `path` with `write`, all or nothing (see
/// [`file::write_atomically`]): a failure or a kill midway leaves `path` as
/// it was. Status 1 on failure.
pub fn write_output(
    path: &Path,
    what: &str,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<(), AtlasError>,
) -> Result<(), Failure> {
    file::write_atomically(path, write).map_err(|error| {
        Failure::other(format!(
            "cannot write {what} to {}: {error}",
            path.display()
        ))
    })
}

/// Whether `a` and `b` name the same file: the same path once symbolic links
/// and `..` are resolved (for a file not yet there, its directory's), or, on
/// Unix, the same file under two names.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) {
            if a.dev() == b.dev() && a.ino() == b.ino() {
                return true;
            }
        }
    }
    resolved(a) == resolved(b)
}

/// `path` with its symbolic links and `..` resolved as far as it exists.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(path) = fs::canonicalize(path) {
        return path;
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match (fs::canonicalize(directory), path.file_name()) {
        (Ok(directory), Some(name)) => directory.join(name),
        _ => path.to_owned(),
    }
}

/// `value` as one line of `out`.
pub fn write_json_line(out: &mut impl Write, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// The answer of a search in full (SPEC §3.1): the fields of `head` (a JSON
/// object), then `"solvable"` (`true`, `false`, or `null` when a limit stopped
/// the search first), `"moves"` and `"path"` (see [`path_json`]), `"limit"`
/// (the limit's name) when a limit stopped the search, and `"stats"`.
pub fn outcome_json<S, M>(
    mut head: Value,
    result: &SearchResult<S, M>,
    render: impl Fn(&S) -> String,
) -> Value {
    let outcome = &result.outcome;
    head["solvable"] = match outcome {
        Outcome::Solved(_) => json!(true),
        Outcome::Unsolvable => json!(false),
        Outcome::LimitReached(_) => Value::Null,
    };
    let mut object = path_json(head, solution(outcome), render);
    if let Outcome::LimitReached(limit) = outcome {
        object["limit"] = json!(limit.name());
    }
    object["stats"] = stats_json(&result.stats);
    object
}

/// The answer of a search in brief (SPEC §3.2): the fields of `head` (a JSON
/// object), `"moves"` and `"path"` (see [`path_json`]), then only what those
/// leave unsaid: `"solvable": false` when there is no solution at all, or
/// `"solvable": null` and `"limit"` when a limit stopped the search before an
/// answer. A depth limit is an answer: no solution within that many moves.
pub fn answer_json<S, M>(
    head: Value,
    outcome: &Outcome<S, M>,
    render: impl Fn(&S) -> String,
) -> Value {
    let mut object = path_json(head, solution(outcome), render);
    match outcome {
        Outcome::Solved(_) | Outcome::LimitReached(Limit::Depth { .. }) => {}
        Outcome::Unsolvable => object["solvable"] = json!(false),
        Outcome::LimitReached(limit) => {
            object["solvable"] = Value::Null;
            object["limit"] = json!(limit.name());
        }
    }
    object
}

/// The fields of `head` (a JSON object), then `"moves"`, one fewer than the
/// `states`, and `"path"`, the `states` from the start to a goal, each written
/// by `render`. No states, no solution: `"moves": null, "path": []`.
pub fn path_json<S>(mut head: Value, states: &[S], render: impl Fn(&S) -> String) -> Value {
    head["moves"] = json!(states.len().checked_sub(1));
    head["path"] = states.iter().map(render).collect();
    head
}

/// `{"expanded", "generated", "elapsed_us"}`: what a search cost.
fn stats_json(stats: &Stats) -> Value {
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "elapsed_us": stats.elapsed.as_micros() as u64,
    })
}

/// The states of the solution, from the start to a goal; none without one.
fn solution<S, M>(outcome: &Outcome<S, M>) -> &[S] {
    match outcome {
        Outcome::Solved(path) => path.states(),
        Outcome::Unsolvable | Outcome::LimitReached(_) => &[],
    }
}
