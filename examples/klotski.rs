//! Solves a Klotski (华容道) layout and shows every move.
//!
//! ```text
//! cargo run --release --example klotski -- [LAYOUT] [--metric step|slide|piece]
//!     [--engine bfs|bidir|astar|idastar] [--max-states N] [--json]
//! ```
//!
//! `LAYOUT` is a catalog name (`横刀立马`, `hengdaolima`, ...), a board in any
//! text format, a CommonCode or ShortCode, or `-` to read the board from standard
//! input (at most 1 MiB). Without one, 横刀立马 is solved. Bad input exits with
//! status 2; a standard output that is closed or cannot be written, with 1.

mod common;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use puzzle_search::klotski::{catalog, CommonCode, Klotski, Layout, Metric, Move, CELLS};
use puzzle_search::search::{Engine, Limits, Outcome, SearchResult, Stats};
use serde_json::json;

use common::Failure;

#[derive(Parser)]
#[command(about = "Solve a Klotski (华容道) layout optimally and show every move")]
struct Args {
    /// A catalog name (Chinese or pinyin), a board (shape digits, shape letters or piece labels),
    /// a CommonCode, a ShortCode, or `-` for standard input (at most 1 MiB) [default: 横刀立马]
    layout: Vec<String>,
    /// What counts as one move
    #[arg(long, default_value = "piece", value_parser = clap::value_parser!(Metric))]
    metric: Metric,
    /// The search engine; idastar keeps a transposition table of up to 4,194,304
    /// layouts, as Klotski needs one
    #[arg(long, default_value = "bfs", value_parser = clap::value_parser!(Engine))]
    engine: Engine,
    /// The most positions the search may store
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// Print one JSON object instead of text for people
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    common::finish("error", run(&Args::parse()))
}

/// The transposition table IDA* keeps (the other engines ignore it). Klotski
/// needs one: its heuristic is weak, and many ways lead to the same layout,
/// which IDA* without a table searches again each time. The largest group of
/// layouts has 964,656 of them.
const IDA_TABLE: usize = 1 << 22;

/// The most standard input `-` reads: a board is 20 symbols, and even with
/// comments and spacing fits many times over.
const STDIN_CAP: u64 = 1 << 20;

fn run(args: &Args) -> Result<(), Failure> {
    common::check_stdout("the answer")?;
    let (start, entry) = read_layout(&args.layout)?;
    let mut limits = Limits::new().with_table_capacity(IDA_TABLE);
    if let Some(max) = args.max_states {
        limits = limits.with_max_states(max);
    }
    let puzzle = Klotski::new(args.metric);
    let result = args.engine.solve(&puzzle, start, &limits);
    let mut out = io::stdout().lock();
    let written = if args.json {
        common::write_json_line(&mut out, &to_json(start, args, &result))
    } else {
        write_report(&mut out, start, entry, args, &result)
    };
    common::answered(written.and_then(|()| out.flush()), "the answer")
}

/// The layout named or written by the arguments, with its catalog name if it has one.
fn read_layout(words: &[String]) -> Result<(Layout, Option<&'static catalog::Entry>), Failure> {
    let text = match words {
        [] => {
            return catalog::find("hengdaolima")
                .map(|entry| (entry.layout(), Some(entry)))
                .ok_or_else(|| Failure::usage("catalog is empty"))
        }
        [dash] if dash == "-" => {
            let input = common::read_stdin(STDIN_CAP, "1 MiB")?;
            // Input that is not UTF-8 text is bad input, hence status 2.
            String::from_utf8(input).map_err(|error| {
                Failure::usage(format!(
                    "cannot read standard input: it is not UTF-8 text: {}",
                    error.utf8_error()
                ))
            })?
        }
        [first, rest @ ..]
            if !rest.is_empty() && (first == "-" || catalog::find(first).is_some()) =>
        {
            return Err(Failure::usage(format!(
                "unexpected {} after the layout {}",
                common::excerpt(&rest.join(" ")),
                common::excerpt(first)
            )))
        }
        _ => words.join(" "),
    };
    if let Some(entry) = catalog::find(&text) {
        return Ok((entry.layout(), Some(entry)));
    }
    let layout: Layout = text
        .parse()
        .map_err(|error| Failure::usage(format!("invalid layout: {error}")))?;
    let entry = catalog::ENTRIES
        .iter()
        .find(|entry| entry.layout() == layout);
    Ok((layout, entry))
}

/// The one JSON object of `--json` (SPEC §3.1).
fn to_json(start: Layout, args: &Args, result: &SearchResult<Layout, Move>) -> serde_json::Value {
    let head = json!({
        "start": start.to_shape_digits(),
        "metric": args.metric.name(),
        "engine": args.engine.name(),
    });
    common::outcome_json(head, result, |layout| layout.to_shape_digits())
}

fn write_report(
    out: &mut impl Write,
    start: Layout,
    entry: Option<&catalog::Entry>,
    args: &Args,
    result: &SearchResult<Layout, Move>,
) -> io::Result<()> {
    let name = entry
        .map(|entry| format!("{} ({}) ", entry.name, entry.slug))
        .unwrap_or_default();
    // The ShortCode is left out: its rank tables would cost more than the search.
    writeln!(out, "{name}CommonCode {}", CommonCode::from(start))?;
    let mut labels = start.labels();
    write_grid(out, &labels)?;
    writeln!(out)?;
    match &result.outcome {
        Outcome::Solved(path) => {
            writeln!(
                out,
                "Solved in {} moves (metric {}, engine {}).",
                path.len(),
                args.metric,
                args.engine
            )?;
            for (number, (before, mv, _)) in path.steps().enumerate() {
                let label = labels.get(usize::from(mv.from)).copied().unwrap_or('?');
                let route: Vec<&str> = mv
                    .route(*before)
                    .unwrap_or_default()
                    .iter()
                    .map(|d| d.name())
                    .collect();
                writeln!(
                    out,
                    "\n{:>3}. {} {label} {}",
                    number + 1,
                    mv.shape,
                    route.join(", ")
                )?;
                move_label(&mut labels, mv);
                write_grid(out, &labels)?;
            }
            writeln!(out)?;
        }
        Outcome::Unsolvable => {
            writeln!(
                out,
                "No solution: the general can never reach the exit from this layout."
            )?;
        }
        Outcome::LimitReached(limit) => writeln!(out, "Stopped before an answer: {limit}.")?,
    }
    write_stats(out, &result.stats)
}

/// Moves the labels of the piece `mv` moves, so every piece keeps its label.
fn move_label(labels: &mut [char; CELLS], mv: &Move) {
    let footprint = match mv.shape {
        puzzle_search::klotski::Shape::General => [0, 1, 4, 5].as_slice(),
        puzzle_search::klotski::Shape::Vertical => &[0, 4],
        puzzle_search::klotski::Shape::Horizontal => &[0, 1],
        puzzle_search::klotski::Shape::Soldier => &[0],
    };
    let label = labels[usize::from(mv.from)];
    for offset in footprint {
        labels[usize::from(mv.from) + offset] = '.';
    }
    for offset in footprint {
        labels[usize::from(mv.to) + offset] = label;
    }
}

fn write_grid(out: &mut impl Write, labels: &[char; CELLS]) -> io::Result<()> {
    for row in labels.chunks(4) {
        writeln!(out, "    {}", row.iter().collect::<String>())?;
    }
    Ok(())
}

fn write_stats(out: &mut impl Write, stats: &Stats) -> io::Result<()> {
    writeln!(
        out,
        "Search: {} states expanded, {} generated, at most {} held, {:.3} ms.",
        stats.expanded,
        stats.generated,
        stats.max_stored,
        stats.elapsed.as_secs_f64() * 1e3
    )
}
