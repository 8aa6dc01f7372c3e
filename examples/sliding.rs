//! Solves sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any board from
//! 2×2 to 5×5) optimally.
//!
//! ```text
//! cargo run --release --example sliding -- [--size RxC] [--engine bfs|bidir|astar|idastar]
//!     [--heuristic manhattan|linear-conflict|pdb] [--max-states N] [--pdb FILE] [--json] [BOARD]...
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

mod common;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use puzzle_search::search::{Engine, Limit, Limits, Outcome, SearchResult};
use puzzle_search::sliding::{
    moved_tiles, parse_board, Board, Direction, HeuristicKind, Shape, SlidingPuzzle,
};
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
    /// for the size: linear-conflict].
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// The most boards one search may store.
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// Load the pattern databases from FILE, or build them and save them there
    /// (not available yet).
    #[arg(long, value_name = "FILE")]
    pdb: Option<PathBuf>,
    /// One JSON object per board: {"start", "rows", "columns", "solvable",
    /// "moves", "tiles", "stats"}.
    #[arg(long)]
    json: bool,
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
    /// Pattern databases (not available yet).
    Pdb,
}

/// `--size`: `RxC`, read by [`Shape`]'s `FromStr`.
fn parse_shape(text: &str) -> Result<Shape, String> {
    text.parse().map_err(|error| format!("{error}"))
}

/// The message for `--heuristic pdb` and `--pdb`.
const NO_PDB: &str = "pattern databases are not available yet";

/// The most standard input read: several hundred thousand boards.
const STDIN_CAP: u64 = 16 << 20;

fn main() -> ExitCode {
    common::finish("sliding", run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), Failure> {
    common::check_stdout("the answers")?;
    if args.heuristic == Some(HeuristicArg::Pdb) {
        return Err(Failure::usage(format!("--heuristic pdb: {NO_PDB}")));
    }
    if args.pdb.is_some() {
        return Err(Failure::usage(format!("--pdb: {NO_PDB}")));
    }
    let heuristic = match args.heuristic {
        Some(HeuristicArg::Manhattan) => HeuristicKind::Manhattan,
        // The strongest available for every size, until pattern databases come.
        Some(HeuristicArg::LinearConflict | HeuristicArg::Pdb) | None => {
            HeuristicKind::LinearConflict
        }
    };
    let boards = read_boards(args)?;
    let puzzle = SlidingPuzzle::with_heuristic_kind(heuristic);
    let mut limits = Limits::new();
    if let Some(max_states) = args.max_states {
        limits = limits.with_max_states(max_states);
    }
    let written = solve_all(args, &puzzle, &limits, &boards);
    common::answered(written, "the answers")
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
fn solve_all(
    args: &Args,
    puzzle: &SlidingPuzzle,
    limits: &Limits,
    boards: &[Board],
) -> io::Result<()> {
    let engine = args.engine.engine();
    let mut out = io::stdout().lock();
    for &board in boards {
        // Half of all boards cannot reach the goal: the parity tells at once,
        // where a search would explore half of the space first.
        let result = if board.is_solvable() {
            Answer::Searched(engine.solve(puzzle, board, limits))
        } else {
            Answer::Unsolvable
        };
        if args.json {
            common::write_json_line(&mut out, &to_json(board, &result))?;
        } else {
            match result.outcome() {
                Some(Outcome::Solved(path)) => writeln!(out, "{}", path.len())?,
                None | Some(Outcome::Unsolvable) => writeln!(out, "unsolvable")?,
                Some(Outcome::LimitReached(limit)) => {
                    writeln!(out, "unknown: {} limit reached", limit.name())?
                }
            }
        }
        out.flush()?;
    }
    Ok(())
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
    }
}
