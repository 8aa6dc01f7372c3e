//! Solves sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any board from
//! 2×2 to 5×5) optimally.
//!
//! ```text
//! cargo run --release --example sliding -- [--size RxC] [--engine bfs|bidir|astar|idastar]
//!     [--heuristic manhattan|linear-conflict|pdb] [--partition GROUPS] [--pdb FILE]
//!     [--max-states N] [--time-limit SECONDS] [--json] [--count] [BOARD]...
//! ```
//!
//! Each `BOARD` argument, or else each line of standard input that is neither
//! blank nor starts with `#`, is one board: its numbers in row-major order, the
//! blank written `0`, separated by whitespace or commas, perhaps after an
//! instance number (SPEC §4). One line per board, in input order: the optimal
//! number of moves, `unsolvable`, or `unknown: <which> limit reached`. With
//! `--json`, one JSON object per board instead.
//!
//! Every board is checked before any answer is printed; bad input or arguments
//! exit with status 2, and so does standard input larger than 16 MiB. A
//! standard output that is closed or cannot be written exits with status 1.
//!
//! IDA* (the default) holds only its path, so it solves the 15-puzzle in
//! little memory. BFS, bidirectional BFS and A* store every board they reach:
//! on a 4×4 board that can exhaust memory; `--max-states` bounds them.
//!
//! The default heuristic is the additive pattern databases of the shape's
//! default partition (`--partition` picks another), built by the crate's
//! atlas engine before the first search (about 5 s for the 15-puzzle on two
//! cores, with a progress bar on a terminal). `--pdb FILE` keeps them: it loads them
//! from FILE, or builds them and saves them there.
//!
//! `--count` adds the number of distinct optimal solutions (`moves count`),
//! counted by IDA*'s last iteration run to its end.

mod common;

use std::collections::HashMap;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use puzzle_search::analysis::{
    build_pattern_database, load_pattern_database, save_pattern_database,
};
use puzzle_search::atlas::{Options, Progress};
use puzzle_search::search::{
    idastar_count, CountOutcome, CountResult, Engine, Limit, Limits, Outcome, PathCount,
    SearchResult, TwoWay,
};
use puzzle_search::sliding::{
    moved_tiles, parse_board, Board, Direction, HeuristicKind, Partition, PatternDatabase, Shape,
    Sliding,
};
use puzzle_search::Puzzle;
use serde_derive::Serialize;

use common::{Failure, StatsJson};

/// Solves sliding-tile puzzles (the 8-, 15- and 24-puzzle) optimally.
///
/// Each BOARD argument, or else each line of standard input that is neither
/// blank nor starts with `#`, is one board: the numbers in row-major order, the
/// blank written 0, separated by spaces or commas, perhaps after an instance
/// number. Prints one line per board: the optimal number of moves,
/// `unsolvable`, or `unknown: <which> limit reached`. Reads at most 16 MiB of
/// standard input.
#[derive(Parser)]
#[command(name = "sliding", version)]
struct Args {
    /// The boards; without any, one board a line from standard input.
    #[arg(value_name = "BOARD")]
    boards: Vec<String>,
    /// The shape of every board, rows x columns (2 to 5 each), e.g. 3x4
    /// [default: 9 or 10 numbers are 3x3, 16 or 17 are 4x4, 25 or 26 are 5x5].
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    size: Option<Shape>,
    /// The search engine; idastar holds only its path, the others every board
    /// they reach (bound them with --max-states).
    #[arg(long, value_enum, default_value_t = EngineArg::Idastar)]
    engine: EngineArg,
    /// The lower bound for astar and idastar [default: the strongest available
    /// for the size: pdb].
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// The groups of tiles of the pattern databases: a name (6-6-3 or 7-8 on
    /// 4x4, 6-6-6-6 on 5x5, or sizes like 5-5-5 for consecutive tiles) or
    /// the groups, like 1,2,3/4,5,6,7,8 [default: 6-6-3 on 4x4, 5-5-5-5-4 on
    /// 5x5, one group of all tiles on 3x3].
    #[arg(long, value_name = "GROUPS")]
    partition: Option<String>,
    /// The most boards one search may store.
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// The most seconds one search may take (the databases' build aside);
    /// past it the answer is `unknown: time limit reached`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<std::time::Duration>,
    /// Load the pattern databases from FILE, or build them and save them there
    /// (the boards must then share one shape).
    #[arg(long, value_name = "FILE")]
    pdb: Option<PathBuf>,
    /// One JSON object per board: {"start", "rows", "columns", "solvable",
    /// "moves", "tiles", "stats"}.
    #[arg(long)]
    json: bool,
    /// Also count the distinct optimal solutions: each line is `moves count`
    /// (JSON adds "count"), by IDA*'s last iteration run to its end (with
    /// the heuristic of --heuristic; ignores --engine).
    #[arg(long)]
    count: bool,
}

/// The engines, by the names of the command line.
#[derive(Clone, Copy, ValueEnum)]
enum EngineArg {
    /// Breadth-first search.
    Bfs,
    /// Breadth-first from both ends.
    Bidir,
    /// Best-first on moves made plus the heuristic.
    Astar,
    /// Iterative deepening on moves made plus the heuristic.
    Idastar,
}

impl EngineArg {
    fn engine(self) -> Engine {
        match self {
            EngineArg::Bfs => Engine::Bfs,
            EngineArg::Bidir => Engine::Bidirectional,
            EngineArg::Astar => Engine::AStar,
            EngineArg::Idastar => Engine::IdaStar,
        }
    }
}

/// The heuristics, by the names of the command line.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HeuristicArg {
    /// The Manhattan distance.
    Manhattan,
    /// The Manhattan distance plus the linear conflicts.
    LinearConflict,
    /// Additive pattern databases (the groups of --partition), mirrored on
    /// square boards.
    Pdb,
}

/// `--size`: `RxC`, read by [`Shape`]'s `FromStr`.
fn parse_shape(text: &str) -> Result<Shape, String> {
    text.parse().map_err(|error| format!("{error}"))
}

/// `--time-limit`: a number of seconds, perhaps with a fraction.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| std::time::Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("{text:?} is not a number of seconds"))
}

/// The most standard input read: several hundred thousand boards.
const STDIN_CAP: u64 = 16 << 20;

fn main() -> ExitCode {
    match common::parse_args::<Args>() {
        Ok(args) => common::finish("sliding", run(&args)),
        Err(exit) => exit,
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    common::check_stdout("the answers")?;
    let heuristic = args.heuristic.unwrap_or(HeuristicArg::Pdb);
    if args.pdb.is_some() && heuristic != HeuristicArg::Pdb {
        return Err(Failure::usage(
            "--pdb FILE keeps pattern databases: it goes with --heuristic pdb",
        ));
    }
    if args.partition.is_some() && heuristic != HeuristicArg::Pdb {
        return Err(Failure::usage(
            "--partition chooses pattern databases: it goes with --heuristic pdb",
        ));
    }
    let boards = read_boards(args)?;
    let mut limits = Limits::new();
    if let Some(max_states) = args.max_states {
        limits = limits.with_max_states(max_states);
    }
    if let Some(budget) = args.time_limit {
        limits = limits.with_time_budget(budget);
    }
    let bounds = match heuristic {
        HeuristicArg::Manhattan => Bounds::Own,
        HeuristicArg::LinearConflict => Bounds::Kind(HeuristicKind::LinearConflict),
        HeuristicArg::Pdb => Bounds::Databases(databases(args, &boards)?),
    };
    let written = solve_all(args, &bounds, &limits, &boards);
    common::answered(written, "the answers")
}

/// The heuristic of every search.
enum Bounds {
    /// The puzzle's own: the Manhattan distance, updated move by move.
    Own,
    Kind(HeuristicKind),
    /// The pattern databases of each shape.
    Databases(HashMap<Shape, PatternDatabase>),
}

/// The pattern databases the searches of `boards` need: one set per shape,
/// loaded from `--pdb` or built (and then saved there).
fn databases(args: &Args, boards: &[Board]) -> Result<HashMap<Shape, PatternDatabase>, Failure> {
    let uses_heuristic = args.count || matches!(args.engine, EngineArg::Astar | EngineArg::Idastar);
    let mut shapes: Vec<Shape> = Vec::new();
    for board in boards {
        let needed = uses_heuristic && board.is_solvable();
        if (needed || args.pdb.is_some()) && !shapes.contains(&board.shape()) {
            shapes.push(board.shape());
        }
    }
    let mut databases = HashMap::new();
    if let Some(path) = &args.pdb {
        match shapes.as_slice() {
            [] => {}
            [shape] => {
                databases.insert(*shape, kept_database(args, *shape, path)?);
            }
            [first, second, ..] => {
                return Err(Failure::usage(format!(
                    "--pdb {} holds the pattern databases of one shape, but the boards are {first} and {second}",
                    path.display()
                )))
            }
        }
        return Ok(databases);
    }
    for shape in shapes {
        let database = build(partition(args, shape)?)?;
        databases.insert(shape, database);
    }
    Ok(databases)
}

/// The partition `--partition` names for `shape`, or the shape's default.
fn partition(args: &Args, shape: Shape) -> Result<Partition, Failure> {
    match &args.partition {
        None => Ok(Partition::for_shape(shape)),
        Some(text) => Partition::parse(shape, text)
            .map_err(|error| Failure::usage(format!("--partition {text:?} for {shape}: {error}"))),
    }
}

/// The pattern databases of `shape` in the file `path`: loaded when it
/// exists, else built and saved there.
fn kept_database(args: &Args, shape: Shape, path: &Path) -> Result<PatternDatabase, Failure> {
    let partition = partition(args, shape)?;
    if path.exists() {
        let file = common::open_input(path, "the pattern databases")?;
        return load_pattern_database(BufReader::new(file), partition)
            .map_err(|error| Failure::usage(format!("cannot load {}: {error}", path.display())));
    }
    common::check_output(path, "the pattern databases")?;
    let database = build(partition)?;
    common::write_output(path, "the pattern databases", |writer| {
        save_pattern_database(writer, &database)
    })?;
    Ok(database)
}

/// Builds the pattern databases of `partition`, with a progress bar.
fn build(partition: Partition) -> Result<PatternDatabase, Failure> {
    let groups = partition.groups().len();
    let shape = partition.shape();
    let bar = common::progress_bar();
    let mut current = None;
    let mut show = |group: usize, report: Progress| {
        if current != Some(group) {
            current = Some(group);
            bar.reset();
        }
        bar.set_length(report.total);
        bar.set_position(report.done);
        bar.set_message(format!(
            "{shape} pdb {}/{groups}: layer {}",
            group + 1,
            report.depth
        ));
    };
    let database = build_pattern_database(partition, &Options::new(), &mut show)
        .map_err(|error| Failure::other(format!("cannot build the pattern databases: {error}")))?;
    bar.finish_and_clear();
    Ok(database)
}

/// Every board of the arguments, or else of standard input, all checked.
fn read_boards(args: &Args) -> Result<Vec<Board>, Failure> {
    if !args.boards.is_empty() {
        return (1..)
            .zip(&args.boards)
            .map(|(number, text)| parse(text, args.size, &format!("argument {number}")))
            .collect();
    }
    let input = common::read_stdin(STDIN_CAP, "16 MiB")?;
    // Input that is not UTF-8 text is bad input, hence status 2.
    let text = String::from_utf8(input).map_err(|error| {
        Failure::usage(format!(
            "cannot read standard input: it is not UTF-8 text: {}",
            error.utf8_error()
        ))
    })?;
    (1..)
        .zip(text.lines())
        .filter(|(_, line)| {
            let line = line.trim();
            !line.is_empty() && !line.starts_with('#')
        })
        .map(|(number, line)| parse(line, args.size, &format!("line {number}")))
        .collect()
}

/// The board of `text`, or a failure naming it as `name`.
fn parse(text: &str, size: Option<Shape>, name: &str) -> Result<Board, Failure> {
    parse_board(text, size)
        .map(|parsed| parsed.board)
        .map_err(|error| Failure::usage(format!("invalid board at {name}: {error}")))
}

/// Solves every board and writes one line per board to standard output, each
/// as soon as it is known.
fn solve_all(args: &Args, bounds: &Bounds, limits: &Limits, boards: &[Board]) -> io::Result<()> {
    let engine = args.engine.engine();
    let mut out = io::stdout().lock();
    for &board in boards {
        // Half of all boards cannot reach the goal: the parity tells at once,
        // where a search would explore half of the space first.
        let mut count = None;
        let result = if !board.is_solvable() {
            Answer::Unsolvable
        } else if args.count {
            let counted = count_one(bounds, board, limits);
            count = counted.outcome.count();
            Answer::Searched(SearchResult {
                outcome: match counted.outcome {
                    CountOutcome::Counted { path, .. } => Outcome::Solved(path),
                    CountOutcome::Unsolvable => Outcome::Unsolvable,
                    CountOutcome::LimitReached(limit) => Outcome::LimitReached(limit),
                },
                stats: counted.stats,
            })
        } else {
            Answer::Searched(match bounds {
                Bounds::Own => engine.solve(TwoWay(&Sliding::new()), board, limits),
                Bounds::Kind(kind) => {
                    engine.solve(TwoWay(&Sliding::new().with_heuristic(*kind)), board, limits)
                }
                Bounds::Databases(databases) => match databases.get(&board.shape()) {
                    Some(database) => {
                        let puzzle = Sliding::new().with_heuristic(database);
                        engine.solve(TwoWay(&puzzle), board, limits)
                    }
                    // Only the engines without a heuristic have no databases.
                    None => engine.solve(TwoWay(&Sliding::new()), board, limits),
                },
            })
        };
        if args.json {
            let json = BoardJson {
                count,
                ..to_json(board, &result)
            };
            common::write_json_line(&mut out, &json)?;
        } else {
            match (result.outcome(), count) {
                (Some(Outcome::Solved(path)), Some(count)) => {
                    writeln!(out, "{} {count}", path.len())?
                }
                (Some(Outcome::Solved(path)), None) => writeln!(out, "{}", path.len())?,
                (None | Some(Outcome::Unsolvable), _) => writeln!(out, "unsolvable")?,
                (Some(Outcome::LimitReached(limit)), _) => {
                    writeln!(out, "unknown: {} limit reached", limit.name())?
                }
            }
        }
        out.flush()?;
    }
    Ok(())
}

/// `--count`: the optimal solutions of `board`, counted by IDA*'s last
/// iteration with the heuristic of `bounds`.
fn count_one(bounds: &Bounds, board: Board, limits: &Limits) -> CountResult<Board, Direction> {
    match bounds {
        Bounds::Own => idastar_count(&Sliding::new(), board, limits),
        Bounds::Kind(kind) => idastar_count(&Sliding::new().with_heuristic(*kind), board, limits),
        Bounds::Databases(databases) => match databases.get(&board.shape()) {
            Some(database) => {
                idastar_count(&Sliding::new().with_heuristic(database), board, limits)
            }
            None => idastar_count(&Sliding::new(), board, limits),
        },
    }
}

/// A board's answer: by the parity, or by a search.
enum Answer {
    Unsolvable,
    Searched(SearchResult<Board, Direction>),
}

impl Answer {
    /// The outcome of the search, if there was one.
    fn outcome(&self) -> Option<&Outcome<Board, Direction>> {
        match self {
            Answer::Unsolvable => None,
            Answer::Searched(result) => Some(&result.outcome),
        }
    }
}

/// The JSON object of `--json` (SPEC §3.5), in its field order.
#[derive(Serialize)]
struct BoardJson {
    start: Vec<u8>,
    rows: usize,
    columns: usize,
    solvable: Option<bool>,
    moves: Option<usize>,
    tiles: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Limit>,
    stats: StatsJson,
    /// With `--count`, once counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<PathCount>,
}

fn to_json(board: Board, answer: &Answer) -> BoardJson {
    let shape = board.shape();
    let (solvable, moves, tiles, limit, stats) = match answer {
        // Told by the parity, without a search.
        Answer::Unsolvable => (Some(false), None, Vec::new(), None, StatsJson::default()),
        Answer::Searched(result) => {
            let outcome = &result.outcome;
            let tiles = outcome
                .path()
                .map_or_else(Vec::new, |path| moved_tiles(path).collect());
            (
                common::solvable(outcome),
                outcome.path().map(|path| path.len()),
                tiles,
                outcome.limit().copied(),
                StatsJson::from(&result.stats),
            )
        }
    };
    BoardJson {
        start: board.tiles().collect(),
        rows: shape.rows(),
        columns: shape.columns(),
        solvable,
        moves,
        tiles,
        limit,
        stats,
        count: None,
    }
}
