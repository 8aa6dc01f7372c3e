//! What the examples share: how they fail and with which exit status, how they
//! treat standard input and output and the files named on the command line,
//! the values of their options, progress bars, and the JSON of a search
//! outcome.
//!
//! Each example includes this file with `mod common;`. Cargo builds
//! `examples/*.rs` and `examples/*/main.rs` as examples, so this directory is
//! not an example of its own.

// Each example uses only part of this module.
#![allow(dead_code)]

use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use puzzle_search::atlas::{file, AtlasError, Phase, Progress};
use puzzle_search::klotski::Metric;
use puzzle_search::search::{Engine, Limit, Outcome, Stats};
use serde_derive::Serialize;

// ---------------------------------------------------------------------------
// The values of the options, by their command-line names
// ---------------------------------------------------------------------------

/// The search engines, by the names of the command line (so that `--help`
/// lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Breadth-first search.
    Bfs,
    /// Breadth-first search from both ends.
    Bidir,
    /// A*: best first on moves made plus the heuristic.
    Astar,
    /// IDA*: iterative deepening on moves made plus the heuristic.
    Idastar,
}

impl EngineArg {
    /// The engine of the library.
    pub fn engine(self) -> Engine {
        match self {
            EngineArg::Bfs => Engine::Bfs,
            EngineArg::Bidir => Engine::Bidirectional,
            EngineArg::Astar => Engine::AStar,
            EngineArg::Idastar => Engine::IdaStar,
        }
    }
}

/// The Klotski move metrics, by the names of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    /// One piece moves one cell.
    Step,
    /// One piece moves any number of cells in one straight direction.
    Slide,
    /// One piece moves along any path through empty cells (the classic count).
    Piece,
}

impl MetricArg {
    /// The metric of the library.
    pub fn metric(self) -> Metric {
        match self {
            MetricArg::Step => Metric::Step,
            MetricArg::Slide => Metric::Slide,
            MetricArg::Piece => Metric::Piece,
        }
    }
}

/// Where an output option (`--json FILE`, `--svg FILE`) sends its text: a
/// file, or standard output for `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// `-`: standard output.
    Stdout,
    /// A file, written all or nothing.
    File(PathBuf),
}

impl Output {
    /// `-` is standard output, anything else a file (for clap's `value_parser`).
    pub fn parse(text: &str) -> Result<Output, String> {
        match text {
            "" => Err("expected a file name, or - for standard output".to_owned()),
            "-" => Ok(Output::Stdout),
            path => Ok(Output::File(PathBuf::from(path))),
        }
    }

    /// The file, if this is one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Output::Stdout => None,
            Output::File(path) => Some(path),
        }
    }

    /// Checks before the work that `what` can go here (see [`check_output`]);
    /// standard output was checked by [`check_stdout`].
    pub fn check(&self, what: &str) -> Result<(), Failure> {
        match self {
            Output::Stdout => check_stdout(what),
            Output::File(path) => check_output(path, what),
        }
    }

    /// Writes `what` here with `write`: a file all or nothing (status 1 on
    /// failure), or standard output (status 1 when it cannot be written, a
    /// reader gone away early being no failure).
    pub fn write(
        &self,
        what: &str,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Failure> {
        match self {
            Output::Stdout => {
                let mut out = BufWriter::new(io::stdout().lock());
                let written = write(&mut out).and_then(|()| out.flush());
                answered(written, what)
            }
            Output::File(path) => write_output(path, what, |out| Ok(write(out)?)),
        }
    }
}

/// Fails when two outputs both name standard output: their texts would mix.
pub fn one_on_stdout(outputs: &[(&str, Option<&Output>)]) -> Result<(), Failure> {
    let named: Vec<&str> = outputs
        .iter()
        .filter(|(_, output)| *output == Some(&Output::Stdout))
        .map(|(option, _)| *option)
        .collect();
    if let [first, second, ..] = named[..] {
        return Err(Failure::usage(format!(
            "{first} - and {second} - both name standard output: give one of them a file"
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Progress bars
// ---------------------------------------------------------------------------

/// The fonts of every picture's text, in the order a browser tries them:
/// fonts that carry Chinese text first (titles name Klotski layouts), then
/// any sans-serif font.
pub const FONTS: &str = "Noto Sans CJK SC, Source Han Sans SC, PingFang SC, \
                         Hiragino Sans GB, Microsoft YaHei, WenQuanYi Micro Hei, sans-serif";

/// A progress bar on standard error, as wide as the terminal, or a hidden one
/// when standard error is not a terminal (a file, a pipe, a test).
///
/// The line holds a message of up to 24 columns, the bar, the percentage, the
/// time elapsed and an estimate of the time left, which appears only once the
/// work is 2% done and a second old (earlier estimates are noise).
pub fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // No length until the first report: a length of 0 would draw as 100%.
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{msg:24!} [{wide_bar}] {percent:>3}% {elapsed:>4} {left:9}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key(
                "left",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    if let Some(left) = time_left(state.fraction(), state.elapsed()) {
                        let _ = write!(out, "eta {}", short_duration(left));
                    }
                },
            )
            .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// The time left for work `fraction` done in `elapsed`, at the same pace;
/// `None` before the estimate means anything (2% done, one second spent).
pub fn time_left(fraction: f32, elapsed: Duration) -> Option<Duration> {
    let fraction = f64::from(fraction);
    if !(0.02..1.0).contains(&fraction) || elapsed < Duration::from_secs(1) {
        return None;
    }
    Some(elapsed.mul_f64((1.0 - fraction) / fraction))
}

/// `5s`, `1m05s`, `2h03m`: a duration in at most six characters.
pub fn short_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..=59 => format!("{seconds}s"),
        60..=3599 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h{:02}m", seconds / 3600, seconds / 60 % 60),
    }
}

/// Shows a report of the atlas on `bar`: a new phase starts the bar (and its
/// clock) afresh, so the estimate of the time left is that phase's.
pub fn show_progress(bar: &ProgressBar, last: &mut Option<Phase>, report: Progress) {
    if *last != Some(report.phase) {
        *last = Some(report.phase);
        bar.reset();
    }
    bar.set_length(report.total);
    bar.set_position(report.done);
    match report.phase {
        Phase::Distances => bar.set_message(format!("distances: layer {}", report.depth)),
        phase => bar.set_message(phase.name()),
    }
}

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

/// The command line parsed into `A`, or the exit clap asks for, with every
/// argument its message quotes cut to 40 characters: `--help` and
/// `--version` are printed on standard output (status 0, or 1 if it cannot
/// be written), a bad argument's message on standard error (status 2).
pub fn parse_args<A: clap::Parser>() -> Result<A, ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let error = match A::try_parse_from(&args) {
        Ok(parsed) => return Ok(parsed),
        Err(error) => error,
    };
    let mut message = error.render().to_string();
    // Longest first, so that an argument's value is cut after the argument.
    let mut quoted: Vec<&str> = args
        .iter()
        .filter_map(|arg| arg.to_str())
        .flat_map(|arg| [Some(arg), arg.split_once('=').map(|(_, value)| value)])
        .flatten()
        .filter(|text| text.chars().count() > EXCERPT_CHARS)
        .collect();
    quoted.sort_by_key(|text| core::cmp::Reverse(text.len()));
    for text in quoted {
        let head: String = text.chars().take(EXCERPT_CHARS).collect();
        message = message.replace(text, &format!("{head}…"));
    }
    let written = if error.use_stderr() {
        io::stderr().lock().write_all(message.as_bytes())
    } else {
        let mut out = io::stdout().lock();
        out.write_all(message.as_bytes()).and_then(|()| out.flush())
    };
    Err(match (error.exit_code(), written) {
        (0, Err(_)) => ExitCode::from(1),
        (code, _) => ExitCode::from(u8::try_from(code).unwrap_or(2)),
    })
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
    if stdout_state::stdin_was_closed() {
        // Read as it is, a closed standard input would be an empty one.
        return Err(Failure::other(
            "cannot read standard input: it is closed (give the input, or </dev/null for none)",
        ));
    }
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
    static STDIN_CLOSED: AtomicBool = AtomicBool::new(false);

    /// Run by the C runtime before `main`, hence before Rust's runtime puts
    /// `/dev/null` in place of a closed standard output.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static RECORD: extern "C" fn() = record;

    extern "C" fn record() {
        // With `/proc` mounted, descriptor 1 is listed there exactly when it
        // is open; without `/proc` nothing is known, and nothing is recorded.
        let listed = std::path::Path::new("/proc/self/fd").is_dir();
        let open = |fd: &str| std::fs::symlink_metadata(format!("/proc/self/fd/{fd}")).is_ok();
        CLOSED.store(listed && !open("1"), Ordering::Relaxed);
        STDIN_CLOSED.store(listed && !open("0"), Ordering::Relaxed);
    }

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }

    /// Whether standard input was closed when the program started (`<&-`).
    pub fn stdin_was_closed() -> bool {
        STDIN_CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(not(target_os = "linux"))]
mod stdout_state {
    pub fn was_closed() -> bool {
        false
    }

    pub fn stdin_was_closed() -> bool {
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
    } else if let Ok(target) = fs::read_link(path) {
        // A link to nothing: writing through it would create a file the
        // user may not expect, and its directory may not exist.
        return Err(cannot(format!(
            "it is a symbolic link to {}, which does not exist",
            target.display()
        )));
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

/// `value` as one line of JSON on `out`, through its `Serialize` impl.
pub fn write_json_line(
    out: &mut (impl Write + ?Sized),
    value: &impl serde::Serialize,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// `{"expanded", "generated", "elapsed_us"}`: what a search cost, in the form
/// of the JSON contracts (SPEC §3.1, §3.5).
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct StatsJson {
    pub expanded: u64,
    pub generated: u64,
    pub elapsed_us: u64,
}

impl From<&Stats> for StatsJson {
    fn from(stats: &Stats) -> Self {
        StatsJson {
            expanded: stats.expanded,
            generated: stats.generated,
            elapsed_us: u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX),
        }
    }
}

/// `true` when solved, `false` when there is no solution, `None` (JSON
/// `null`) when a limit stopped the search before an answer.
pub fn solvable<S, M>(outcome: &Outcome<S, M>) -> Option<bool> {
    match outcome {
        Outcome::Solved(_) => Some(true),
        Outcome::Unsolvable => Some(false),
        Outcome::LimitReached(_) => None,
    }
}

/// The number of moves of `states`, a path from the start to a goal: one
/// fewer than the states; none without states.
pub fn moves<S>(states: &[S]) -> Option<usize> {
    states.len().checked_sub(1)
}

/// The states of the solution, from the start to a goal; none without one.
pub fn solution<S, M>(outcome: &Outcome<S, M>) -> &[S] {
    match outcome {
        Outcome::Solved(path) => path.states(),
        Outcome::Unsolvable | Outcome::LimitReached(_) => &[],
    }
}

/// The answer of a search in brief (SPEC §3.2) says no more than `moves` and
/// `path` leave unsaid: `Some(Some(false))` (`"solvable": false`) when there
/// is no solution at all, `Some(None)` (`"solvable": null`, with the limit)
/// when a limit stopped the search, the depth limit included (no solution
/// within that many moves: whether one is farther is not known), else
/// nothing. Every board a limit stopped is told the same way.
pub fn brief_solvable<S, M>(outcome: &Outcome<S, M>) -> (Option<Option<bool>>, Option<Limit>) {
    match outcome {
        Outcome::Solved(_) => (None, None),
        Outcome::Unsolvable => (Some(Some(false)), None),
        Outcome::LimitReached(limit) => (Some(None), Some(*limit)),
    }
}

// ---------------------------------------------------------------------------
// Memory: what a table needs, and what this machine has
// ---------------------------------------------------------------------------

/// What this process may still have of memory, as far as it can be read.
#[derive(Clone, Copy, Debug, Default)]
pub struct Machine {
    /// The machine's memory available to new work (`MemAvailable`), in bytes.
    pub available: Option<u64>,
    /// The soft limit on this process's address space (`ulimit -v`), if any.
    pub address_limit: Option<u64>,
    /// The address space this process already uses.
    pub address_used: Option<u64>,
}

impl Machine {
    /// Reads the machine: on Linux from `/proc/meminfo` (`MemAvailable`),
    /// `/proc/self/limits` ("Max address space") and `/proc/self/status`
    /// (`VmSize`); elsewhere nothing is known.
    pub fn read() -> Machine {
        let read = |path: &str| fs::read_to_string(path).unwrap_or_default();
        // "Name:   123 kB" lines.
        let kilobytes = |text: &str, name: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|number| number.parse::<u64>().ok())
                .map(|kb| kb.saturating_mul(1024))
        };
        let address_limit = read("/proc/self/limits")
            .lines()
            .find_map(|line| line.strip_prefix("Max address space"))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|soft| soft.parse::<u64>().ok());
        Machine {
            available: kilobytes(&read("/proc/meminfo"), "MemAvailable:"),
            address_limit,
            address_used: kilobytes(&read("/proc/self/status"), "VmSize:"),
        }
    }

    /// The address space left under the limit, if there is one.
    pub fn address_left(&self) -> Option<u64> {
        self.address_limit
            .map(|limit| limit.saturating_sub(self.address_used.unwrap_or(0)))
    }

    /// The most this process can have: the less of the memory available
    /// and the address space left; `None` when neither is known.
    pub fn room(&self) -> Option<u64> {
        match (self.available, self.address_left()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// What is known, for a message: "1.2 GiB of address space left (limit
    /// 1.5 GiB) and 3.0 GiB of memory available".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let (Some(left), Some(limit)) = (self.address_left(), self.address_limit) {
            parts.push(format!(
                "{} of address space left under its limit of {} (ulimit -v)",
                bytes_text(left),
                bytes_text(limit)
            ));
        }
        if let Some(available) = self.available {
            parts.push(format!(
                "{} of memory available on this machine",
                bytes_text(available)
            ));
        }
        if parts.is_empty() {
            "nothing is known of the memory available".to_owned()
        } else {
            parts.join(" and ")
        }
    }
}

/// Memory a run needs besides its tables: the program, its threads' stacks
/// and the allocator's arenas (which reserve address space per thread).
pub fn overhead(threads: usize) -> u64 {
    (32 << 20) + threads as u64 * (72 << 20)
}

/// Refuses, before the work, work that needs about `needed` bytes when this
/// process cannot have them: status 2, with the estimate and what there is.
/// `what` says what needs them ("building the pattern databases of 7-8"),
/// `advice` what to do instead. Where nothing is known, the work goes ahead.
pub fn check_memory(needed: u64, what: &str, advice: &str) -> Result<(), Failure> {
    let machine = Machine::read();
    match machine.room() {
        Some(room) if needed > room => Err(Failure::usage(format!(
            "{what} needs about {}, but this process has {}: {advice}",
            bytes_text(needed),
            machine.describe()
        ))),
        _ => Ok(()),
    }
}

/// `bytes` for people: `512 B`, `3.4 MiB`, `9.5 TiB`.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} B"),
        _ => format!("{value:.1} {}", UNITS.get(unit).copied().unwrap_or("B")),
    }
}
