//! Solves sliding-tile puzzles (the 8-, 15- and 24-puzzle, and any board from
//! 2×2 to 5×5) optimally.
//!
//! ```text
//! cargo run --release --example sliding -- [--size RxC] [--engine bfs|bidir|astar|idastar]
//!     [--heuristic manhattan|linear-conflict|pdb] [--partition GROUPS] [--pdb FILE]
//!     [--max-states N] [--time-limit SECONDS] [--weight W] [--json] [--count]
//!     [--threads N] [BOARD]...
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
//! exit with status 2, and so do standard input larger than 16 MiB and
//! pattern databases that would not fit in memory (estimated before the
//! build, against the memory available and `ulimit -v`). A standard input
//! or output that is closed, or an output that cannot be written, exits
//! with status 1. A `--partition` is checked even when no search needs it,
//! and one whose groups hold fewer than half of the tiles is warned about.
//!
//! IDA* (the default) holds only its path, so it solves the 15-puzzle in
//! little memory. BFS, bidirectional BFS and A* store every board they reach:
//! on a 4×4 board that can exhaust memory; `--max-states` bounds them.
//!
//! `--weight W` (W ≥ 1) runs weighted A* or IDA* (f = g + W·h) through the
//! crate's weighted engines: each answer is then a solution of at most W
//! times the optimal number of moves, found much faster.
//!
//! The default heuristic is the additive pattern databases of the shape's
//! default partition (`--partition` picks another), built by the crate's
//! atlas engine before the first search (about 3 s for the 15-puzzle on two
//! cores, with a progress bar on a terminal). `--pdb FILE` keeps them: it loads them
//! from FILE, or builds them and saves them there.
//!
//! `--threads N` (default: one per core) builds the databases and searches
//! the boards on N threads, each board whole on one of them, so with the
//! node counts of one thread; the answers are written in input order.
//!
//! `--count` adds the number of distinct optimal solutions (`moves count`),
//! counted by IDA*'s last iteration run to its end.

mod common;

use std::collections::{BTreeMap, HashMap};
use std::fs::{self, File};
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

use clap::{Parser, ValueEnum};
use puzzle_search::analysis::{
    build_pattern_database, load_pattern_database, load_trusted_pattern_database,
    save_pattern_database,
};
use puzzle_search::atlas::{Options, Progress};
use puzzle_search::search::costs::{Weight, WeightedEngine};
use puzzle_search::search::{
    idastar_count, CancelFlag, CountOutcome, CountResult, Engine, Limit, Limits, Outcome,
    PathCount, Stats, TwoWay,
};
use puzzle_search::sliding::{
    moved_tiles, parse_board, Board, Direction, HeuristicKind, Partition, PatternDatabase,
    PatternSpace, PatternState, Shape, Sliding,
};
use puzzle_search::{adapt, Backward, DenseSpace, Puzzle};
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
    /// The goal: blank-first (0 1 2 …, the blank top-left: Korf's), blank-last
    /// (1 2 … 0), or the tiles of a board of the boards' shape. A goal whose
    /// blank is neither first nor last is searched with the Manhattan
    /// distance to it, by bfs, astar or idastar.
    #[arg(long, value_name = "GOAL", default_value = "blank-first")]
    goal: String,
    /// After each answer, the solution move by move: the tile moved, its
    /// direction and the board after the move.
    #[arg(long)]
    show: bool,
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
    /// (the boards must then share one shape), instead of the cache.
    #[arg(long, value_name = "FILE")]
    pdb: Option<PathBuf>,
    /// Load --pdb FILE checked by its checksum only, not entry by entry
    /// against a build (which costs what a build costs): for a file this
    /// program saved and nobody edited.
    #[arg(long, requires = "pdb")]
    trust_pdb: bool,
    /// Neither read nor write the cache of pattern databases (kept in
    /// $PUZZLE_SEARCH_CACHE, else $XDG_CACHE_HOME/puzzle-search, else
    /// ~/.cache/puzzle-search; an empty $PUZZLE_SEARCH_CACHE turns it off too).
    #[arg(long, conflicts_with = "pdb")]
    no_cache: bool,
    /// Weighted search with astar or idastar, f = g + W·h (W ≥ 1): every
    /// answer is at most W times the optimal number of moves [default: 1].
    #[arg(long, value_name = "W")]
    weight: Option<Weight>,
    /// One JSON object per board: {"start", "rows", "columns", "solvable",
    /// "moves", "tiles", "stats", "goal"} (and "bound" with --weight).
    #[arg(long)]
    json: bool,
    /// Also count the distinct optimal solutions: each line is `moves count`
    /// (JSON adds "count"), by IDA*'s last iteration run to its end (with
    /// the heuristic of --heuristic; ignores --engine).
    #[arg(long, conflicts_with = "weight")]
    count: bool,
    /// Worker threads, at least 1, for building the pattern databases and
    /// for the searches, each board searched whole on one thread (so with
    /// the node counts of one thread) and the answers written in input
    /// order; each search holds its own memory [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// The engines, by the names of the command line.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
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
    if args.weight.is_some() && !matches!(args.engine, EngineArg::Astar | EngineArg::Idastar) {
        return Err(Failure::usage(
            "--weight goes with --engine astar or idastar",
        ));
    }
    let boards = read_boards(args)?;
    check_partition(args, &boards)?;
    let goals = Goals::new(args, &boards)?;
    // The boards as the searches see them, toward Korf's goal (a goal the
    // searches cannot see that way needs no pattern databases).
    let searched: Vec<Board> = boards
        .iter()
        .filter_map(|&board| match goals.of(board.shape()) {
            Some(Goal::Framed(frame)) => Some(frame.to_search(board)),
            Some(Goal::Direct(_)) => None,
            None => Some(board),
        })
        .collect();
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
        HeuristicArg::Pdb => Bounds::Databases(databases(args, &searched)?),
    };
    let written = solve_all(
        args,
        &bounds,
        &limits,
        &boards,
        &goals,
        solving_threads(args),
    );
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
    let cache = if args.no_cache {
        None
    } else {
        cache_directory()
    };
    for shape in shapes {
        let partition = partition(args, shape)?;
        let database = match &cache {
            Some(directory) => cached_database(directory, partition, &atlas_options(args))?,
            None => build(partition, &atlas_options(args))?,
        };
        databases.insert(shape, database);
    }
    Ok(databases)
}

/// Where the pattern databases are cached between runs: `$PUZZLE_SEARCH_CACHE`
/// if set (empty: no cache), else `$XDG_CACHE_HOME/puzzle-search`, else
/// `~/.cache/puzzle-search`.
fn cache_directory() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    match std::env::var_os("PUZZLE_SEARCH_CACHE") {
        Some(value) if value.is_empty() => None,
        Some(value) => Some(PathBuf::from(value)),
        None => set("XDG_CACHE_HOME")
            .map(|cache| PathBuf::from(cache).join("puzzle-search"))
            .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".cache/puzzle-search"))),
    }
}

/// The pattern databases of `partition` from the cache in `directory`: the
/// file of its shape and groups when it loads, else built and written there.
/// A file that does not load (damaged, cut, or another partition's) is
/// rebuilt, never trusted; a cache that cannot be written only costs the
/// next run a build.
fn cached_database(
    directory: &Path,
    partition: Partition,
    options: &Options,
) -> Result<PatternDatabase, Failure> {
    let name: String = format!("sliding-{}-{partition}", partition.shape())
        .chars()
        .map(|c| match c {
            '/' => '_',
            ',' => '.',
            c if c.is_ascii_alphanumeric() || c == '-' => c,
            _ => '~',
        })
        .collect();
    let path = directory.join(format!("{name}.pdb"));
    if let Ok(file) = File::open(&path) {
        // The cache holds files this program wrote: their checksum is
        // checked, not their entries (which would cost a build).
        if let Ok(database) = load_trusted_pattern_database(BufReader::new(file), partition.clone())
        {
            return Ok(database);
        }
    }
    let database = build(partition, options)?;
    let saved = fs::create_dir_all(directory)
        .map_err(|error| error.to_string())
        .and_then(|()| {
            common::write_output(&path, "the pattern databases", |writer| {
                save_pattern_database(writer, &database)
            })
            .map_err(|failure| failure.message)
        });
    let mut err = io::stderr().lock();
    let _ = match saved {
        Ok(()) => writeln!(
            err,
            "sliding: saved the pattern databases in {}",
            path.display()
        ),
        Err(why) => writeln!(err, "sliding: cannot cache the pattern databases: {why}"),
    };
    Ok(database)
}

/// Checks `--partition` for the shape of every board (and of `--size`),
/// whether or not a search needs pattern databases, and warns on standard
/// error about a partition whose groups leave most tiles out: its bound is
/// weak, and the searches can take far longer than with the default.
fn check_partition(args: &Args, boards: &[Board]) -> Result<(), Failure> {
    let Some(text) = &args.partition else {
        return Ok(());
    };
    let mut shapes: Vec<Shape> = args.size.into_iter().collect();
    for board in boards {
        if !shapes.contains(&board.shape()) {
            shapes.push(board.shape());
        }
    }
    for shape in shapes {
        let partition = partition(args, shape)?;
        let tiles = shape.cells() - 1;
        let covered: usize = partition.groups().map(<[u8]>::len).sum();
        // Fewer than half of the tiles: most of the board adds nothing.
        if 2 * covered < tiles {
            let means = match partition.groups().collect::<Vec<_>>().as_slice() {
                [[tile]] => format!("one group of tile {tile} alone"),
                groups => format!(
                    "{} group{} holding {covered} of the {tiles} tiles",
                    groups.len(),
                    if groups.len() == 1 { "" } else { "s" }
                ),
            };
            let _ = writeln!(
                io::stderr().lock(),
                "sliding: warning: --partition {} for {shape} means {means}: the tiles in no group add nothing to the bound, so searches can take far longer (groups are written like 1,2,3/4,5,6, sizes like 6-6-3)",
                common::excerpt(text)
            );
        }
    }
    Ok(())
}

/// The partition `--partition` names for `shape`, or the shape's default.
fn partition(args: &Args, shape: Shape) -> Result<Partition, Failure> {
    match &args.partition {
        None => Ok(Partition::for_shape(shape)),
        Some(text) => Partition::parse(shape, text).map_err(|error| {
            Failure::usage(format!(
                "--partition {} for {shape}: {error}",
                common::excerpt(text)
            ))
        }),
    }
}

/// The pattern databases of `shape` in the file `path`: loaded when it
/// exists, else built and saved there.
fn kept_database(args: &Args, shape: Shape, path: &Path) -> Result<PatternDatabase, Failure> {
    let partition = partition(args, shape)?;
    if path.exists() {
        let file = common::open_input(path, "the pattern databases")?;
        let load = if args.trust_pdb {
            load_trusted_pattern_database
        } else {
            load_pattern_database
        };
        return load(BufReader::new(file), partition)
            .map_err(|error| Failure::usage(format!("cannot load {}: {error}", path.display())));
    }
    common::check_output(path, "the pattern databases")?;
    let database = build(partition, &atlas_options(args))?;
    common::write_output(path, "the pattern databases", |writer| {
        save_pattern_database(writer, &database)
    })?;
    Ok(database)
}

/// The searches' threads: `--threads`, even past the cores (the atlas
/// engine caps its own at the cores), or one per core.
fn solving_threads(args: &Args) -> usize {
    args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    )
}

/// The atlas engine's options for `--threads`: the threads of the builds,
/// and of the searches too.
fn atlas_options(args: &Args) -> Options {
    match args.threads {
        Some(threads) => Options::new().with_threads(usize::from(threads)),
        None => Options::new(),
    }
}

/// About the most memory building the pattern databases of `partition`
/// takes at once, on `threads` threads: for each group in turn, the tables
/// of the groups before it, a bit per abstract state, a byte per pattern, and
/// its two largest breadth-first layers as lists of states (measured on the
/// 15-puzzle's groups: each holds at most about a quarter of the patterns);
/// at the end, every table.
fn build_memory(partition: &Partition, threads: usize) -> u64 {
    let state = std::mem::size_of::<PatternState>() as u64;
    let mut kept = 0u64;
    let mut peak = 0u64;
    for group in 0..partition.groups().len() {
        let Some(space) = PatternSpace::new(partition, group) else {
            break;
        };
        let patterns = partition.patterns(group);
        let bits = space.len().div_ceil(8);
        let layers = (patterns / 4).saturating_mul(state).saturating_mul(2);
        let working = kept
            .saturating_add(bits)
            .saturating_add(patterns)
            .saturating_add(layers);
        peak = peak.max(working);
        kept = kept.saturating_add(patterns);
    }
    peak.max(kept).saturating_add(common::overhead(threads))
}

/// Builds the pattern databases of `partition` on the threads of `options`,
/// with a progress bar, after checking that the build fits in the memory this
/// process can have.
fn build(partition: Partition, options: &Options) -> Result<PatternDatabase, Failure> {
    let groups = partition.groups().len();
    let shape = partition.shape();
    let sizes: Vec<String> = partition
        .groups()
        .map(|group| group.len().to_string())
        .collect();
    common::check_memory(
        build_memory(&partition, options.threads()),
        &format!(
            "building the {shape} pattern databases of groups of {} tiles",
            sizes.join("-")
        ),
        "choose a --partition of smaller groups (the default fits in far less)",
    )?;
    let bar = common::progress_bar();
    // Groups may be built at the same time, their reports interleaved: the
    // bar shows the patterns known in all of them, and the groups finished.
    let totals: Vec<u64> = (0..groups).map(|group| partition.patterns(group)).collect();
    let mut known = vec![0u64; groups];
    bar.set_length(totals.iter().sum());
    let mut show = |group: usize, report: Progress| {
        if let Some(slot) = known.get_mut(group) {
            *slot = report.done;
        }
        let finished = known
            .iter()
            .zip(&totals)
            .filter(|(done, total)| done == total)
            .count();
        bar.set_position(known.iter().sum());
        bar.set_message(format!("{shape} pdb {finished}/{groups} done"));
    };
    let database = build_pattern_database(partition, options, &mut show).map_err(|error| {
        let message = format!("cannot build the pattern databases: {error}");
        match error {
            // Memory refused, as the estimate would have: a request too
            // large for this machine, like bad arguments.
            puzzle_search::atlas::AtlasError::TooLarge { .. } => Failure::usage(message),
            _ => Failure::other(message),
        }
    })?;
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
    // A leading byte-order mark (Windows editors write one) is no number.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
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

/// Solves every board and writes one line per board to standard output, in
/// input order, each as soon as it and every board before it are known.
///
/// With more than one thread, the boards are handed out one at a time to
/// `threads` workers, each board searched whole on one of them exactly as
/// on one thread (so with the same node counts), the databases shared.
/// This thread only writes: an answer that comes early waits for those
/// before it.
fn solve_all(
    args: &Args,
    bounds: &Bounds,
    limits: &Limits,
    boards: &[Board],
    goals: &Goals,
    threads: usize,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let threads = threads.min(boards.len());
    if threads <= 1 {
        for &board in boards {
            let solved = solve_one(args, bounds, limits, board, goals);
            write_answer(&mut out, args, &solved)?;
        }
        return Ok(());
    }
    // A write that fails (a closed standard output) stops the searches
    // under way as well as those not begun.
    let cancel = CancelFlag::new();
    let limits = &limits.clone().with_cancel_flag(cancel.clone());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (sender, answers) = mpsc::channel();
        for _ in 0..threads {
            let (sender, next, cancel) = (sender.clone(), &next, &cancel);
            scope.spawn(move || {
                while !cancel.is_cancelled() {
                    let index = next.fetch_add(1, Relaxed);
                    let Some(&board) = boards.get(index) else {
                        break;
                    };
                    let solved = solve_one(args, bounds, limits, board, goals);
                    if sender.send((index, solved)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut early = BTreeMap::new();
        let mut written = 0;
        for (index, solved) in answers {
            early.insert(index, solved);
            while let Some(solved) = early.remove(&written) {
                if let Err(error) = write_answer(&mut out, args, &solved) {
                    cancel.cancel();
                    return Err(error);
                }
                written += 1;
            }
        }
        Ok(())
    })
}

/// One board's answer, and what its line shows beside it.
struct Solved {
    board: Board,
    /// The goal it was searched toward, as the user named it.
    goal: Board,
    answer: Answer,
    /// With `--count`, once counted.
    count: Option<PathCount>,
}

/// The answer for `board` toward its shape's goal.
fn solve_one(args: &Args, bounds: &Bounds, limits: &Limits, board: Board, goals: &Goals) -> Solved {
    let mut count = None;
    let goal = goals.of(board.shape());
    let answer = match goal {
        Some(Goal::Direct(goal)) => solve_direct(args.engine.engine(), board, *goal, limits),
        framed => {
            let frame = match framed {
                Some(Goal::Framed(frame)) => Some(frame),
                _ => None,
            };
            let searched = frame.map_or(board, |frame| frame.to_search(board));
            let answer = if args.count {
                count_framed(bounds, limits, searched, &mut count)
            } else {
                solve_framed(args, bounds, limits, searched)
            };
            match frame {
                Some(frame) => answer.seen_from(frame),
                None => answer,
            }
        }
    };
    Solved {
        board,
        goal: goal.map_or_else(|| Board::goal(board.shape()), Goal::board),
        answer,
        count,
    }
}

/// Writes the line of `solved` (with `--show`, its moves after it) and
/// flushes it, so that each answer is seen as soon as it is written.
fn write_answer(out: &mut impl Write, args: &Args, solved: &Solved) -> io::Result<()> {
    let Solved {
        board,
        goal,
        answer,
        count,
    } = solved;
    if args.json {
        let json = BoardJson {
            count: *count,
            ..to_json(*board, *goal, answer, args.weight)
        };
        common::write_json_line(out, &json)?;
    } else {
        match (answer.outcome(), count) {
            (Some(Outcome::Solved(path)), Some(count)) => writeln!(out, "{} {count}", path.len())?,
            (Some(Outcome::Solved(path)), None) => writeln!(out, "{}", path.len())?,
            (None | Some(Outcome::Unsolvable), _) => writeln!(out, "unsolvable")?,
            (Some(Outcome::LimitReached(limit)), _) => {
                writeln!(out, "unknown: {} limit reached", limit.name())?
            }
        }
        if args.show {
            if let Some(Outcome::Solved(path)) = answer.outcome() {
                show(out, path)?;
            }
        }
    }
    out.flush()
}

/// `--count`: the answer for `board` toward Korf's goal, its optimal
/// solutions counted by IDA*'s last iteration with the heuristic of
/// `bounds`, their number left in `count`.
fn count_framed(
    bounds: &Bounds,
    limits: &Limits,
    board: Board,
    count: &mut Option<PathCount>,
) -> Answer {
    if !board.is_solvable() {
        return Answer::Unsolvable;
    }
    let counted: CountResult<Board, Direction> = match bounds {
        Bounds::Own => idastar_count(&Sliding::new(), board, limits),
        Bounds::Kind(kind) => idastar_count(&Sliding::new().with_heuristic(*kind), board, limits),
        Bounds::Databases(databases) => match databases.get(&board.shape()) {
            Some(database) => {
                idastar_count(&Sliding::new().with_heuristic(database), board, limits)
            }
            None => idastar_count(&Sliding::new(), board, limits),
        },
    };
    *count = counted.outcome.count();
    let outcome = match counted.outcome {
        CountOutcome::Counted { path, .. } => Outcome::Solved(path),
        CountOutcome::Unsolvable => Outcome::Unsolvable,
        CountOutcome::LimitReached(limit) => Outcome::LimitReached(limit),
    };
    Answer::Searched(outcome, counted.stats)
}

/// The answer for `board` toward Korf's goal, with the heuristic of `bounds`.
fn solve_framed(args: &Args, bounds: &Bounds, limits: &Limits, board: Board) -> Answer {
    // Half of all boards cannot reach the goal: the parity tells at once,
    // where a search would explore half of the space first.
    if !board.is_solvable() {
        return Answer::Unsolvable;
    }
    let solve = Solve {
        engine: args.engine.engine(),
        weight: args.weight,
        board,
        limits,
    };
    match bounds {
        Bounds::Own => solve.on(&Sliding::new()),
        Bounds::Kind(kind) => solve.on(&Sliding::new().with_heuristic(*kind)),
        Bounds::Databases(databases) => match databases.get(&board.shape()) {
            Some(database) => solve.on(&Sliding::new().with_heuristic(database)),
            // Only the engines without a heuristic have no databases.
            None => solve.on(&Sliding::new()),
        },
    }
}

/// The answer for `board` toward `goal`, a goal whose blank is neither
/// first nor last: the Manhattan distance to it, with a forward engine.
fn solve_direct(engine: Engine, board: Board, goal: Board, limits: &Limits) -> Answer {
    // Two boards reach each other exactly when both reach Korf's goal or neither does.
    if board.is_solvable() != goal.is_solvable() {
        return Answer::Unsolvable;
    }
    let cells: Vec<usize> = {
        let mut cells = vec![0; goal.shape().cells()];
        for (cell, tile) in goal.tiles().enumerate() {
            if let Some(slot) = cells.get_mut(usize::from(tile)) {
                *slot = cell;
            }
        }
        cells
    };
    let columns = goal.shape().columns();
    let manhattan = move |board: &Board| -> u32 {
        board
            .tiles()
            .enumerate()
            .filter(|&(_, tile)| tile != 0)
            .map(|(cell, tile)| {
                let target = cells.get(usize::from(tile)).copied().unwrap_or(cell);
                let rows = (cell / columns).abs_diff(target / columns);
                let sideways = (cell % columns).abs_diff(target % columns);
                (rows + sideways) as u32
            })
            .sum()
    };
    let puzzle = Sliding::new()
        .with_goal(move |state: &Board| *state == goal)
        .with_heuristic(manhattan);
    match engine.solve(&puzzle, board, limits) {
        Ok(result) => Answer::Searched(result.outcome, result.stats),
        // `run` refuses the bidirectional engine for such goals first.
        Err(_) => Answer::Unsolvable,
    }
}

/// `--show`: each move of `path`, the tile, the way it slides and the board after it.
fn show(out: &mut impl Write, path: &puzzle_search::Path<Board, Direction>) -> io::Result<()> {
    for (number, (before, direction, after)) in (1..).zip(path.steps()) {
        let tile = before.tile_moved_by(*direction).unwrap_or(0);
        // The tile slides the other way from the blank.
        let way = match direction {
            Direction::Up => "down",
            Direction::Down => "up",
            Direction::Left => "right",
            Direction::Right => "left",
        };
        writeln!(out, "move {number}: tile {tile} {way}")?;
        for row in after.to_string().lines() {
            writeln!(out, "  {row}")?;
        }
    }
    Ok(())
}

/// The goal of each shape's boards.
struct Goals {
    by_shape: HashMap<Shape, Goal>,
}

/// A goal, and how the searches, which all aim at Korf's goal, reach it.
enum Goal {
    /// A goal whose blank is in the first or the last cell: a renaming of the
    /// tiles (and half a turn of the board, for the last cell) makes it
    /// Korf's, so every engine and heuristic serves it.
    Framed(Frame),
    /// Any other goal, searched as it is.
    Direct(Board),
}

impl Goal {
    fn board(&self) -> Board {
        match self {
            Goal::Framed(frame) => frame.goal,
            Goal::Direct(goal) => *goal,
        }
    }
}

/// A board seen with its tiles renamed, and turned half a turn if `turn`.
struct Frame {
    goal: Board,
    turn: bool,
    /// The search's name of each tile.
    rename: Vec<u8>,
    /// Each search tile's own name.
    back: Vec<u8>,
}

impl Frame {
    /// The frame in which `goal` is Korf's goal, if its blank is first or last.
    fn new(goal: Board) -> Option<Frame> {
        let cells = goal.shape().cells();
        let tiles: Vec<u8> = goal.tiles().collect();
        let turn = match tiles.iter().position(|&tile| tile == 0) {
            Some(0) => false,
            Some(last) if last + 1 == cells => true,
            _ => return None,
        };
        let seen: Vec<u8> = if turn {
            tiles.into_iter().rev().collect()
        } else {
            tiles
        };
        let mut rename = vec![0; cells];
        for (cell, &tile) in seen.iter().enumerate() {
            *rename.get_mut(usize::from(tile))? = cell as u8;
        }
        Some(Frame {
            goal,
            turn,
            rename,
            back: seen,
        })
    }

    /// `board` as the searches see it.
    fn to_search(&self, board: Board) -> Board {
        self.map(board, &self.rename, true)
    }

    /// A board the searches saw, as it is.
    fn seen(&self, board: Board) -> Board {
        self.map(board, &self.back, false)
    }

    fn map(&self, board: Board, names: &[u8], turn_first: bool) -> Board {
        let mut tiles: Vec<u8> = board.tiles().collect();
        if self.turn && turn_first {
            tiles.reverse();
        }
        for tile in &mut tiles {
            *tile = names.get(usize::from(*tile)).copied().unwrap_or(*tile);
        }
        if self.turn && !turn_first {
            tiles.reverse();
        }
        // A renaming of a board's tiles (and half a turn) is a board.
        Board::from_tiles(board.shape(), &tiles).unwrap_or(board)
    }

    /// A direction the searches saw, as it is.
    fn direction(&self, direction: Direction) -> Direction {
        if self.turn {
            direction.reversed()
        } else {
            direction
        }
    }
}

impl Goals {
    /// The goal of `--goal` for the shapes of `boards`.
    fn new(args: &Args, boards: &[Board]) -> Result<Goals, Failure> {
        let mut by_shape = HashMap::new();
        // Without a board, the goal is still checked, as every argument is.
        if boards.is_empty() && !matches!(args.goal.as_str(), "blank-first" | "blank-last") {
            parse_board(&args.goal, args.size).map_err(|error| {
                Failure::usage(format!("--goal {}: {error}", common::excerpt(&args.goal)))
            })?;
        }
        for board in boards {
            let shape = board.shape();
            if by_shape.contains_key(&shape) {
                continue;
            }
            let goal = match args.goal.as_str() {
                "blank-first" => Board::goal(shape),
                "blank-last" => {
                    let cells = shape.cells() as u8;
                    let tiles: Vec<u8> = (1..cells).chain([0]).collect();
                    Board::from_tiles(shape, &tiles)
                        .map_err(|error| Failure::usage(format!("--goal blank-last: {error}")))?
                }
                text => parse_board(text, Some(shape))
                    .map(|parsed| parsed.board)
                    .map_err(|error| {
                        Failure::usage(format!(
                            "--goal {} for the {shape} boards: {error}",
                            common::excerpt(text)
                        ))
                    })?,
            };
            let goal = match Frame::new(goal) {
                Some(frame) => Goal::Framed(frame),
                None => {
                    if args.engine == EngineArg::Bidir || args.weight.is_some() || args.count {
                        return Err(Failure::usage(
                            "a --goal whose blank is neither first nor last is searched by bfs, astar or idastar, without --weight or --count",
                        ));
                    }
                    Goal::Direct(goal)
                }
            };
            by_shape.insert(shape, goal);
        }
        Ok(Goals { by_shape })
    }

    fn of(&self, shape: Shape) -> Option<&Goal> {
        self.by_shape.get(&shape)
    }
}

/// One board's search: the engine, and the weight of weighted search.
struct Solve<'a> {
    engine: Engine,
    weight: Option<Weight>,
    board: Board,
    limits: &'a Limits,
}

impl Solve<'_> {
    /// The answer of the search on `puzzle`: the unit-cost engine, or with a
    /// weight above 1 the weighted engine of the same kind.
    fn on<P: Backward<State = Board, Move = Direction>>(&self, puzzle: &P) -> Answer {
        match self.weight.filter(|weight| !weight.is_one()) {
            None => {
                let result = self.engine.solve(TwoWay(puzzle), self.board, self.limits);
                Answer::Searched(result.outcome, result.stats)
            }
            Some(weight) => {
                let engine = match self.engine {
                    Engine::IdaStar => WeightedEngine::IdaStar,
                    _ => WeightedEngine::AStar,
                };
                let unit = adapt::unit_costs(puzzle);
                let result = engine.solve(TwoWay(&unit), self.board, weight, self.limits);
                Answer::Searched(result.outcome, result.stats)
            }
        }
    }
}

/// A board's answer: by the parity, or by a search.
enum Answer {
    Unsolvable,
    Searched(Outcome<Board, Direction>, Stats),
}

impl Answer {
    /// The answer for a board the searches saw in `frame`, as it is.
    fn seen_from(self, frame: &Frame) -> Answer {
        match self {
            Answer::Searched(Outcome::Solved(path), stats) => {
                let mut seen = puzzle_search::Path::new(frame.seen(*path.start()));
                for (_, direction, after) in path.steps() {
                    seen.push(frame.direction(*direction), frame.seen(*after));
                }
                Answer::Searched(Outcome::Solved(seen), stats)
            }
            other => other,
        }
    }

    /// The outcome of the search, if there was one.
    fn outcome(&self) -> Option<&Outcome<Board, Direction>> {
        match self {
            Answer::Unsolvable => None,
            Answer::Searched(outcome, _) => Some(outcome),
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
    /// With `--weight W`: W, the bound on the ratio to the optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<f64>,
    stats: StatsJson,
    /// The goal board (`--goal`; Korf's by default).
    goal: Vec<u8>,
    /// With `--count`, once counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<PathCount>,
}

fn to_json(board: Board, goal: Board, answer: &Answer, weight: Option<Weight>) -> BoardJson {
    let shape = board.shape();
    let (solvable, moves, tiles, limit, stats) = match answer {
        // Told by the parity, without a search.
        Answer::Unsolvable => (Some(false), None, Vec::new(), None, StatsJson::default()),
        Answer::Searched(outcome, stats) => {
            let tiles = outcome
                .path()
                .map_or_else(Vec::new, |path| moved_tiles(path).collect());
            (
                common::solvable(outcome),
                outcome.path().map(|path| path.len()),
                tiles,
                outcome.limit().copied(),
                StatsJson::from(stats),
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
        bound: weight.map(Weight::to_f64),
        stats,
        goal: goal.tiles().collect(),
        count: None,
    }
}
