//! Solves searches on Moving AI grid maps and checks them against the
//! scenario file's optimal costs.
//!
//! ```text
//! cargo run --release --example grid -- MAP [SCEN] [--from X,Y --to X,Y]
//!     [--engine dijkstra|bidir|astar|idastar] [--jps] [--connect 4|8] [--weight W]
//!     [--max-states N] [--json] [--svg FILE]
//! ```
//!
//! With `SCEN`, every scenario is solved in file order, and one line printed
//! for each: `INDEX COST EXPECTED ok|MISMATCH` (costs with 8 decimals, `ok`
//! when they agree within 10⁻⁴; `unreachable` or `unknown` in place of a cost
//! the search did not find), then `N of M agree`. The exit status is 1 if
//! any disagrees. Without `SCEN`, `--from X,Y --to X,Y` gives one search: its
//! cost, then its path, one `X,Y` cell after another.
//!
//! A file that is not a map or scenario file is named with the line and
//! column of its first problem, `FILE:LINE:COLUMN: problem`, with exit
//! status 2 and nothing on standard output.

mod common;

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use puzzle_search::cost::{Cost, Octile};
use puzzle_search::grid::{Connect, Grid, GridMap, ParseError, Point, Scenario, Step};
use puzzle_search::search::costs::{CostResult, Weight, WeightedEngine, Workspace};
use puzzle_search::search::{Limits, Outcome, TwoWay};
use serde_derive::Serialize;

use common::{Failure, Output, StatsJson};

/// Solves searches on Moving AI grid maps (8-connected, straight moves 1,
/// diagonal √2, no corner cutting) and checks them against the scenario
/// file's optimal costs.
///
/// With SCEN, prints one line per scenario, `INDEX COST EXPECTED ok|MISMATCH`,
/// then `N of M agree`; exits with status 1 if any disagrees. Without it,
/// --from X,Y --to X,Y gives one search: its cost, then its path.
#[derive(Parser)]
#[command(name = "grid", version)]
struct Args {
    /// The map file (Moving AI `.map`).
    #[arg(value_name = "MAP")]
    map: PathBuf,
    /// The scenario file (Moving AI `.scen`) for the map.
    #[arg(value_name = "SCEN")]
    scen: Option<PathBuf>,
    /// The start of one search: column and row from 0, as in scenario files.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    from: Option<Point>,
    /// The goal of one search.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    to: Option<Point>,
    /// The search engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Astar)]
    engine: EngineArg,
    /// Jump point search's successors (8-connected only; not with bidir).
    #[arg(long)]
    jps: bool,
    /// The neighbours of a cell: 4 (straight only) or 8.
    #[arg(long, value_name = "4|8", default_value_t = 8, value_parser = parse_connect)]
    connect: u8,
    /// Weighted search with astar or idastar: f = g + W·h, every cost at most
    /// W times the optimum (W ≥ 1) [default: 1].
    #[arg(long, value_name = "W")]
    weight: Option<Weight>,
    /// The most cells one search may store.
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// One JSON object per search: {"index", "start", "goal", "cost",
    /// "expected", "agrees", "path", "stats"}.
    #[arg(long)]
    json: bool,
    /// Draws the map with the path of the first search as SVG to FILE (the
    /// answers take standard output).
    #[arg(long, value_name = "FILE", value_parser = Output::parse)]
    svg: Option<Output>,
}

/// The weighted engines, by the names of the command line.
#[derive(Clone, Copy, ValueEnum)]
enum EngineArg {
    /// Uniform-cost search.
    Dijkstra,
    /// Dijkstra from both ends.
    Bidir,
    /// Best first on cost so far plus the octile distance.
    Astar,
    /// Iterative deepening on cost so far plus the octile distance.
    Idastar,
}

impl EngineArg {
    fn engine(self) -> WeightedEngine {
        match self {
            EngineArg::Dijkstra => WeightedEngine::Dijkstra,
            EngineArg::Bidir => WeightedEngine::Bidirectional,
            EngineArg::Astar => WeightedEngine::AStar,
            EngineArg::Idastar => WeightedEngine::IdaStar,
        }
    }
}

/// `X,Y`: a column and a row.
fn parse_point(text: &str) -> Result<Point, String> {
    let bad = || format!("{text:?} is not a cell X,Y (two numbers from 0)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let number = |part: &str| part.trim().parse::<u32>().map_err(|_| bad());
    Ok(Point {
        x: number(x)?,
        y: number(y)?,
    })
}

fn parse_connect(text: &str) -> Result<u8, String> {
    match text {
        "4" => Ok(4),
        "8" => Ok(8),
        _ => Err(format!("{text:?}: expected 4 or 8")),
    }
}

/// Why the example stopped: a failure as the other examples report it, or
/// a bad file, reported as `FILE:LINE:COLUMN: problem`.
enum Stop {
    Failure(Failure),
    BadFile(String),
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Self {
        Stop::Failure(failure)
    }
}

fn main() -> ExitCode {
    let args = match common::parse_args::<Args>() {
        Ok(args) => args,
        Err(exit) => return exit,
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Stop::Failure(failure)) => common::finish("grid", Err(failure)),
        Err(Stop::BadFile(message)) => {
            let _ = writeln!(io::stderr().lock(), "{message}");
            ExitCode::from(2)
        }
    }
}

/// The cells IDA*'s table holds: a map of 2,000 × 2,000.
const IDA_TABLE: usize = 1 << 22;

/// The most bytes read from a map or scenario file.
const FILE_CAP: u64 = 256 << 20;

/// The text of `path`, read as `what`.
fn read_text(path: &Path, what: &str) -> Result<String, Stop> {
    let file = common::open_input(path, what)?;
    let mut bytes = Vec::new();
    file.take(FILE_CAP + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| Failure::usage(format!("cannot read {}: {error}", path.display())))?;
    if bytes.len() as u64 > FILE_CAP {
        return Err(Failure::usage(format!("{} is larger than 256 MiB", path.display())).into());
    }
    String::from_utf8(bytes).map_err(|error| {
        let before = error.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(error.as_bytes().get(..before).unwrap_or_default());
        let line = text.matches('\n').count() + 1;
        let column = text
            .rsplit('\n')
            .next()
            .map_or(0, |last| last.chars().count())
            + 1;
        Stop::BadFile(format!(
            "{}:{line}:{column}: not UTF-8 text",
            path.display()
        ))
    })
}

fn bad_file(path: &Path, error: &ParseError) -> Stop {
    Stop::BadFile(format!("{}:{error}", path.display()))
}

/// One search to run: its number in the scenario file, its ends, and the
/// file's optimal cost.
struct Search {
    index: Option<usize>,
    start: Point,
    goal: Point,
    expected: Option<f64>,
}

fn run(args: &Args) -> Result<bool, Stop> {
    common::check_stdout("the answers")?;
    let weight = args.weight.unwrap_or(Weight::ONE);
    let engine = args.engine.engine();
    if args.weight.is_some() && !engine.is_weighted() {
        return Err(Failure::usage("--weight goes with --engine astar or idastar").into());
    }
    if args.jps && args.connect == 4 {
        return Err(Failure::usage(
            "--jps is jump point search on 8-connected maps: not with --connect 4",
        )
        .into());
    }
    if args.jps && engine == WeightedEngine::Bidirectional {
        return Err(Failure::usage("--jps jumps forwards only: not with --engine bidir").into());
    }
    if let Some(svg) = &args.svg {
        if *svg == Output::Stdout {
            return Err(
                Failure::usage("--svg needs a FILE: the answers take standard output").into(),
            );
        }
        svg.check("the picture")?;
    }
    let map = GridMap::parse(&read_text(&args.map, "the map")?)
        .map_err(|error| bad_file(&args.map, &error))?;
    let searches = searches(args, &map)?;
    // IDA* learns the cheapest cost of each cell within an iteration: without
    // that table it would search the map path by path.
    let mut limits = Limits::new().with_table_capacity(IDA_TABLE);
    if let Some(max) = args.max_states {
        limits = limits.with_max_states(max);
    }
    let connect = if args.connect == 4 {
        Connect::Four
    } else {
        Connect::Eight
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut agree = 0;
    let mut first_path = None;
    let mut written = Ok(());
    // The best-first engines keep their tables from one scenario to the next.
    let mut workspace = Workspace::new();
    for search in &searches {
        let mut grid = Grid::new(&map, search.goal).with_connect(connect);
        if args.jps {
            grid = grid.with_jump_points();
        }
        let result = match engine {
            WeightedEngine::Dijkstra => workspace.dijkstra(&grid, search.start, &limits),
            WeightedEngine::AStar => workspace.weighted_astar(&grid, search.start, weight, &limits),
            _ => engine.solve(TwoWay(&grid), search.start, weight, &limits),
        };
        let agrees = search.expected.map(|expected| {
            result
                .cost
                .is_some_and(|cost| (cost.to_f64() - expected).abs() <= 1e-4)
        });
        agree += usize::from(agrees == Some(true));
        written = written.and_then(|()| report(&mut out, args, search, &result, agrees));
        if first_path.is_none() {
            first_path = Some((search.start, search.goal, result.outcome.into_path()));
        }
    }
    if args.scen.is_some() && !args.json {
        written = written.and_then(|()| writeln!(out, "{agree} of {} agree", searches.len()));
    }
    written = written.and_then(|()| out.flush());
    drop(out);
    common::answered(written, "the answers")?;
    if let (Some(svg), Some((start, goal, path))) = (&args.svg, first_path) {
        let cells = path.map(|path| Grid::cells(start, path.moves()));
        let picture = draw(&map, start, goal, cells.as_deref());
        svg.write("the picture", |out| out.write_all(picture.as_bytes()))?;
    }
    Ok(args.scen.is_none() || agree == searches.len())
}

/// The searches the arguments ask for: the scenarios of `SCEN`, or the one
/// of `--from` and `--to`.
fn searches(args: &Args, map: &GridMap) -> Result<Vec<Search>, Stop> {
    let Some(scen) = &args.scen else {
        let (Some(start), Some(goal)) = (args.from, args.to) else {
            return Err(Failure::usage("give a scenario file, or --from X,Y and --to X,Y").into());
        };
        for (option, point) in [("--from", start), ("--to", goal)] {
            if !map.is_open(point.x, point.y) {
                let (x, y) = (point.x, point.y);
                let place = if map.contains(x, y) {
                    "a blocked cell"
                } else {
                    "outside the map"
                };
                return Err(Failure::usage(format!("{option} {x},{y} is {place}")).into());
            }
        }
        return Ok(vec![Search {
            index: None,
            start,
            goal,
            expected: None,
        }]);
    };
    if args.from.is_some() || args.to.is_some() {
        return Err(
            Failure::usage("--from and --to give one search: not with a scenario file").into(),
        );
    }
    let scenarios = Scenario::parse_file(&read_text(scen, "the scenarios")?)
        .map_err(|error| bad_file(scen, &error))?;
    scenarios
        .iter()
        .enumerate()
        .map(|(index, scenario)| {
            scenario
                .check(map)
                .map_err(|error| bad_file(scen, &error))?;
            Ok(Search {
                index: Some(index + 1),
                start: scenario.start,
                goal: scenario.goal,
                expected: Some(scenario.optimal),
            })
        })
        .collect()
}

/// One search's JSON object.
#[derive(Serialize)]
struct SearchJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    start: [u32; 2],
    goal: [u32; 2],
    cost: Option<f64>,
    expected: Option<f64>,
    agrees: Option<bool>,
    path: Vec<[u32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    stats: StatsJson,
}

/// What the search found in place of a cost: the cost with 8 decimals,
/// `unreachable`, or `unknown` (a limit stopped it).
fn cost_text(result: &CostResult<Point, Step, Octile>) -> String {
    match (&result.outcome, result.cost) {
        (Outcome::Solved(_), Some(cost)) => format!("{:.8}", cost.to_f64()),
        (Outcome::Unsolvable, _) => "unreachable".to_owned(),
        _ => "unknown".to_owned(),
    }
}

fn report(
    out: &mut impl Write,
    args: &Args,
    search: &Search,
    result: &CostResult<Point, Step, Octile>,
    agrees: Option<bool>,
) -> io::Result<()> {
    let xy = |point: &Point| [point.x, point.y];
    if args.json {
        let object = SearchJson {
            index: search.index,
            start: xy(&search.start),
            goal: xy(&search.goal),
            cost: result.cost.map(Cost::to_f64),
            expected: search.expected,
            agrees,
            path: result
                .outcome
                .path()
                .map_or_else(Vec::new, |path| path.states().iter().map(xy).collect()),
            bound: args.weight.map(|_| result.bound.to_f64()),
            limit: result.outcome.limit().map(|limit| limit.name()),
            stats: StatsJson::from(&result.stats),
        };
        return common::write_json_line(out, &object);
    }
    let cost = cost_text(result);
    match (search.index, search.expected) {
        (Some(index), Some(expected)) => {
            let verdict = if agrees == Some(true) {
                "ok"
            } else {
                "MISMATCH"
            };
            writeln!(out, "{index} {cost} {expected:.8} {verdict}")
        }
        _ => {
            writeln!(out, "{cost}")?;
            if let Some(path) = result.outcome.path() {
                let cells: Vec<String> = path
                    .states()
                    .iter()
                    .map(|p| format!("{},{}", p.x, p.y))
                    .collect();
                writeln!(out, "{}", cells.join(" "))?;
            }
            Ok(())
        }
    }
}

/// The map as SVG, one unit a cell: blocked cells dark, the path (`cells`,
/// one after another) as a line, the start green and the goal red.
fn draw(map: &GridMap, start: Point, goal: Point, cells: Option<&[Point]>) -> String {
    let (width, height) = (map.width(), map.height());
    let scale = (1000.0 / f64::from(width.max(height))).clamp(1.0, 40.0);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{:.0}" height="{:.0}" shape-rendering="crispEdges">"##,
        f64::from(width) * scale,
        f64::from(height) * scale
    );
    let _ = writeln!(
        svg,
        r##"<rect width="{width}" height="{height}" fill="#f4f1e8"/>"##
    );
    let _ = write!(svg, r##"<path fill="#3b3b3b" d=""##);
    for y in 0..height {
        let mut x = 0;
        while x < width {
            if map.is_open(x, y) {
                x += 1;
                continue;
            }
            let run = (x..width).take_while(|&end| !map.is_open(end, y)).count() as u32;
            let _ = write!(svg, "M{x} {y}h{run}v1h-{run}z");
            x += run;
        }
    }
    let _ = writeln!(svg, r##""/>"##);
    if let Some(cells) = cells {
        let points: Vec<String> = cells
            .iter()
            .map(|p| format!("{}.5,{}.5", p.x, p.y))
            .collect();
        let stroke = (3.0 / scale).max(0.25);
        let _ = writeln!(
            svg,
            r##"<polyline points="{}" fill="none" stroke="#1f6fd1" stroke-width="{stroke:.3}" stroke-linejoin="round" stroke-linecap="round"/>"##,
            points.join(" ")
        );
    }
    let radius = (5.0 / scale).max(0.45);
    for (point, colour) in [(start, "#1a9c3c"), (goal, "#d1341f")] {
        let _ = writeln!(
            svg,
            r##"<circle cx="{}.5" cy="{}.5" r="{radius:.3}" fill="{colour}"/>"##,
            point.x, point.y
        );
    }
    svg.push_str("</svg>\n");
    svg
}
