//! Solves 5×5 knight puzzles (骑士精神) read in the SCOI2005 format from standard input.
//!
//! ```text
//! cargo run --release --example knights -- [--limit N] [--engine bfs|bidir|astar|idastar] [--max-states N] [--json] [--count] < input
//! ```
//!
//! `--count` adds the number of distinct optimal solutions: each line is
//! `moves count`, or `-1` beyond the limit.
//!
//! One line per board: the fewest moves, or `-1` when more than the limit are
//! needed. With `--json`, one JSON object per board instead. The whole input is
//! checked before anything is printed; bad input or arguments exit with status
//! 2, and so does an input larger than 64 MiB (about two million boards). A
//! standard output that is closed or cannot be written exits with status 1.
//!
//! `--exact` answers every board with its exact distance instead (no limit),
//! from the table of all 67,603,900 positions: loaded from `--table FILE`, or
//! built (about 2 s) and, with `--table FILE`, saved there for the next run.
//! `FILE` must be a regular file or a new one (not a FIFO, a directory or a
//! device); it is checked before the table is built, and saved all or nothing.

mod common;

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use puzzle_search::analysis::{EndgameTable, KnightTable};
use puzzle_search::atlas::Options;
use puzzle_search::knights::{self, Jump, Position};
use puzzle_search::search::{
    all_optimal, Limit, Limits, OptimalOutcome, Outcome, PathCount, TwoWay,
};
use serde_derive::Serialize;

use common::{EngineArg, Failure};

/// Solves 5×5 knight puzzles (骑士精神) given in the SCOI2005 format on standard input.
///
/// Prints one line per board: the fewest moves, or -1 when more than the limit
/// are needed. Reads at most 64 MiB (about two million boards).
#[derive(Parser)]
#[command(name = "knights", version)]
struct Args {
    /// The most moves a solution may take.
    #[arg(long, value_name = "N", default_value_t = knights::DEFAULT_LIMIT)]
    limit: u32,
    /// The search engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Idastar)]
    engine: EngineArg,
    /// The most positions one search may store.
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// One JSON object per board: {"start", "moves", "path"}.
    #[arg(long)]
    json: bool,
    /// Print every board's exact distance, from the table of all positions
    /// (ignores --limit, --engine and --max-states).
    #[arg(long)]
    exact: bool,
    /// With --exact: load the table from FILE, or build it and save it to FILE
    /// (a regular file, or a new one).
    #[arg(long, value_name = "FILE", requires = "exact")]
    table: Option<PathBuf>,
    /// Also count the distinct optimal solutions: each line is `moves count`
    /// (JSON adds "count"), from the graph of every optimal path (ignores
    /// --engine).
    #[arg(long, conflicts_with = "exact")]
    count: bool,
}

fn main() -> ExitCode {
    match common::parse_args::<Args>() {
        Ok(args) => common::finish("knights", run(&args)),
        Err(exit) => exit,
    }
}

/// The most standard input read: about two million boards of 31 bytes.
const STDIN_CAP: u64 = 64 << 20;

fn run(args: &Args) -> Result<(), Failure> {
    common::check_stdout("the answers")?;
    let table_file = match (args.exact, args.table.as_deref()) {
        (true, Some(path)) => Some(TableFile::check(path)?),
        _ => None,
    };
    let input = common::read_stdin(STDIN_CAP, "64 MiB")?;
    let boards = knights::parse_input_bytes(&input)
        .map_err(|error| Failure::usage(format!("invalid input: {error}")))?;
    drop(input);
    let written = if args.exact {
        let table = exact_table(table_file)?;
        solve_exact(args, &table, &boards)
    } else {
        solve_all(args, &boards)
    };
    common::answered(written, "the answers")
}

/// Solves every board and writes one line per board to standard output.
fn solve_all(args: &Args, boards: &[Position]) -> io::Result<()> {
    let engine = args.engine.engine();
    let mut limits = Limits::new().with_max_depth(args.limit);
    if let Some(max_states) = args.max_states {
        limits = limits.with_max_states(max_states);
    }
    // Exact distances near the target make the heuristic far sharper; the table
    // takes about a millisecond to build and serves every board.
    let table = EndgameTable::new(EndgameTable::DEFAULT_DEPTH);
    let puzzle = table.puzzle();
    let mut out = BufWriter::new(io::stdout().lock());
    for &board in boards {
        if args.count {
            count_one(&mut out, args.json, &puzzle, board, &limits)?;
            continue;
        }
        let outcome = engine.solve(TwoWay(&puzzle), board, &limits).outcome;
        if args.json {
            let path = common::solution(&outcome);
            let (solvable, limit) = common::brief_solvable(&outcome);
            let answer = BoardAnswer::new(board, path, solvable, limit);
            common::write_json_line(&mut out, &answer)?;
        } else {
            match &outcome {
                Outcome::Solved(path) => writeln!(out, "{}", path.len())?,
                // No solution at all is also none within the limit.
                Outcome::Unsolvable => writeln!(out, "-1")?,
                Outcome::LimitReached(Limit::Depth { .. }) => writeln!(out, "-1")?,
                // Any other limit leaves the answer unknown: say so instead of guessing.
                Outcome::LimitReached(limit) => writeln!(out, "unknown: {limit}")?,
            }
        }
    }
    out.flush()
}

/// `--count`: the number of optimal solutions of `board` within the limits,
/// by the graph of every optimal path (the depth limit prunes it with the
/// heuristic), and the first of them in JSON.
fn count_one<P>(
    out: &mut impl Write,
    json: bool,
    puzzle: &P,
    board: Position,
    limits: &Limits,
) -> io::Result<()>
where
    P: puzzle_search::Puzzle<State = Position, Move = Jump>,
{
    let result = all_optimal(puzzle, board, limits);
    let first = result
        .outcome
        .graph()
        .and_then(|graph| graph.paths().next());
    let path = first.as_ref().map_or(&[][..], |path| path.states());
    let count = result.outcome.graph().map(|graph| graph.count());
    // A depth limit is an answer (-1); any other limit leaves it unknown.
    let unknown = result
        .outcome
        .limit()
        .filter(|limit| !matches!(limit, Limit::Depth { .. }));
    if json {
        let solvable = match (&result.outcome, unknown) {
            (OptimalOutcome::Unsolvable, _) => Some(Some(false)),
            (_, Some(_)) => Some(None),
            _ => None,
        };
        let answer = BoardAnswer::new(board, path, solvable, unknown.copied());
        return common::write_json_line(out, &CountAnswer { answer, count });
    }
    match (unknown, common::moves(path), count) {
        (Some(limit), ..) => writeln!(out, "unknown: {limit}"),
        (None, Some(moves), Some(count)) => writeln!(out, "{moves} {count}"),
        _ => writeln!(out, "-1"),
    }
}

/// `--count --json`: the object of the board with `"count"` added (`null`
/// beyond the limit).
#[derive(Serialize)]
struct CountAnswer<'a> {
    #[serde(flatten)]
    answer: BoardAnswer<'a>,
    count: Option<PathCount>,
}

/// `--exact`: every board's distance from the table of all positions.
fn solve_exact(args: &Args, table: &KnightTable, boards: &[Position]) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for &board in boards {
        if args.json {
            let path = table.path(board).unwrap_or_default();
            let answer = BoardAnswer::new(board, &path, None, None);
            common::write_json_line(&mut out, &answer)?;
        } else {
            match table.distance(board) {
                Some(distance) => writeln!(out, "{distance}")?,
                None => writeln!(out, "-1")?,
            }
        }
    }
    out.flush()
}

/// The JSON object of one board (SPEC §3.2), in its field order: `"start"`,
/// `"moves"` and `"path"`; `"solvable"` and `"limit"` only when the answer is
/// not a number of moves or -1 (see [`common::brief_solvable`]); then
/// `"jumps"`, an addition when there are moves: for each move the cell the
/// knight jumps from and the cell it lands on (`5 * row + column`).
#[derive(Serialize)]
struct BoardAnswer<'a> {
    start: Position,
    moves: Option<usize>,
    path: &'a [Position],
    #[serde(skip_serializing_if = "Option::is_none")]
    solvable: Option<Option<bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Limit>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    jumps: Vec<Jump>,
}

impl<'a> BoardAnswer<'a> {
    fn new(
        start: Position,
        path: &'a [Position],
        solvable: Option<Option<bool>>,
        limit: Option<Limit>,
    ) -> Self {
        BoardAnswer {
            start,
            moves: common::moves(path),
            path,
            solvable,
            limit,
            jumps: jumps(path),
        }
    }
}

/// The jump between each two positions of `path` in a row.
fn jumps(path: &[Position]) -> Vec<Jump> {
    path.windows(2)
        .filter_map(|pair| {
            let [before, after] = pair else { return None };
            before
                .jumps()
                .find(|&jump| before.play(jump) == Some(*after))
        })
        .collect()
}

/// The file of `--table`, checked before the work: the table to load, or the
/// place to save the one built.
enum TableFile<'a> {
    Load(&'a Path),
    Save(&'a Path),
}

impl<'a> TableFile<'a> {
    /// A file that exists must be a regular file to load; else a table built
    /// must be able to go there. Status 2 otherwise.
    fn check(path: &'a Path) -> Result<Self, Failure> {
        if path.exists() {
            common::check_input(path, "the table")?;
            Ok(TableFile::Load(path))
        } else {
            common::check_output(path, "the table")?;
            Ok(TableFile::Save(path))
        }
    }
}

/// The table of all positions: read from `file` if it exists, else built (and
/// saved to `file`). A file that cannot be read or is no table is bad input.
fn exact_table(file: Option<TableFile<'_>>) -> Result<KnightTable, Failure> {
    if let Some(TableFile::Load(path)) = file {
        let reader = common::open_input(path, "the table")?;
        return KnightTable::load(io::BufReader::new(reader)).map_err(|error| {
            Failure::usage(format!("cannot load table {}: {error}", path.display()))
        });
    }
    // About two seconds: worth a progress bar (on a terminal only).
    let bar = common::progress_bar();
    let mut phase = None;
    let built = KnightTable::build(&Options::new(), &mut |report| {
        common::show_progress(&bar, &mut phase, report)
    });
    bar.finish_and_clear();
    let table =
        built.map_err(|error| Failure::other(format!("cannot build the table: {error}")))?;
    if let Some(TableFile::Save(path)) = file {
        common::write_output(path, "the table", |writer| table.save(writer))?;
    }
    Ok(table)
}
