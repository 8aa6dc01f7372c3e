//! Maps a whole state space: every Klotski layout or every knight position.
//!
//! ```text
//! cargo run --release --example atlas -- klotski [--metric step|slide|piece] [OPTIONS]
//! cargo run --release --example atlas -- knights [OPTIONS]
//! ```
//!
//! Prints a summary for people on standard output, with a progress bar on
//! standard error. Options: `--json FILE` (the summary as one JSON object),
//! `--svg FILE` (the distance histogram), `--save FILE` / `--load FILE` (the
//! tables, in the format of `puzzle_search::atlas::file`), `--threads N`.
//! Bad arguments and unreadable or wrong table files exit with status 2, and
//! so does a sliding-tile shape whose table would not fit in memory
//! (estimated before the work, against the memory available and `ulimit
//! -v`). A sliding-tile table loaded is checked entry by entry against the
//! search's equations.
//!
//! Every FILE must be a regular file or a new one, not a FIFO, a directory or
//! a device (such as `/dev/null`); all are checked before the work starts, and
//! `--json` and `--svg` may not name each other or a table. Each file is
//! written all or nothing, so `--load T --save T` keeps `T` whole. A run that
//! fails writes no file. The summary is printed last: a reader that goes away
//! early (`| head`) is no failure, a standard output that is closed or full is
//! (status 1).

mod common;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use puzzle_search::analysis::{KlotskiAtlas, KlotskiSummary, KnightTable, PhaseTimes};
use puzzle_search::atlas::{self, file, AtlasError, Options, Progress};
use puzzle_search::klotski::{CommonCode, Layout, Metric, PieceCounts, ShortCode};
use puzzle_search::knights::Position;
use puzzle_search::sliding::{Shape, Sliding, SolvableBoards};
use puzzle_search::DenseSpace;
use serde_derive::Serialize;

use common::{Failure, MetricArg, Output};

/// Maps every Klotski layout or every knight position: exact distances to the
/// goal, groups, and the hardest states.
///
/// Each FILE must be a regular file or a new one (not a FIFO, a directory or a
/// device such as /dev/null), and is written all or nothing.
#[derive(Parser)]
#[command(name = "atlas", version)]
struct Args {
    /// The puzzle to map.
    puzzle: Puzzle,
    /// The move metric (Klotski only) [default: piece].
    #[arg(long, value_enum)]
    metric: Option<MetricArg>,
    /// Write the summary as one JSON object to FILE (`-`: standard output,
    /// instead of the summary for people).
    #[arg(long, value_name = "FILE", value_parser = Output::parse)]
    json: Option<Output>,
    /// Draw the distance histogram as SVG to FILE (`-`: standard output,
    /// instead of the summary for people).
    #[arg(long, value_name = "FILE", value_parser = Output::parse)]
    svg: Option<Output>,
    /// Save the tables to FILE.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Load the tables from FILE instead of computing them.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// The board's shape, rows x columns (sliding only) [default: 3x3].
    #[arg(long, value_name = "RxC", value_parser = clap::value_parser!(Shape))]
    size: Option<Shape>,
    /// Worker threads, at least 1 [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Puzzle {
    /// Klotski (华容道): all 29,334,498 layouts.
    Klotski,
    /// The 5×5 knight puzzle (骑士精神): all 67,603,900 positions.
    Knights,
    /// A sliding-tile puzzle: every solvable board of one shape (--size).
    Sliding,
}

fn main() -> ExitCode {
    match common::parse_args::<Args>() {
        Ok(args) => common::finish("atlas", run(&args)),
        Err(exit) => exit,
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    let started = Instant::now();
    if args.puzzle != Puzzle::Klotski && args.metric.is_some() {
        return Err(Failure::usage("--metric applies to klotski only"));
    }
    if args.puzzle != Puzzle::Sliding && args.size.is_some() {
        return Err(Failure::usage("--size applies to sliding only"));
    }
    common::check_stdout("the summary")?;
    check_files(args)?;
    let mut options = Options::new();
    if let Some(threads) = args.threads {
        options = options.with_threads(usize::from(threads));
    }
    match args.puzzle {
        Puzzle::Klotski => klotski(args, &options, started),
        Puzzle::Knights => knights(args, &options, started),
        Puzzle::Sliding => sliding(args, &options, started),
    }
}

/// Checks every file named before the work, not after it: the table to load
/// exists as a regular file, each output can be written, and no output is
/// written over another file named (but `--save` may replace `--load`).
fn check_files(args: &Args) -> Result<(), Failure> {
    common::one_on_stdout(&[("--json", args.json.as_ref()), ("--svg", args.svg.as_ref())])?;
    let file = |output: &Option<Output>| output.as_ref().and_then(Output::file).map(Path::to_owned);
    let named = [
        ("--json", &file(&args.json)),
        ("--svg", &file(&args.svg)),
        ("--save", &args.save),
        ("--load", &args.load),
    ];
    for (index, &(option, path)) in named.iter().enumerate() {
        for &(other, other_path) in named.iter().skip(index + 1) {
            if let (Some(path), Some(other_path)) = (path, other_path) {
                if (option, other) != ("--save", "--load") && common::same_file(path, other_path) {
                    return Err(Failure::usage(format!(
                        "{option} and {other} name the same file {}",
                        path.display()
                    )));
                }
            }
        }
    }
    if let Some(path) = &args.load {
        common::check_input(path, "the tables")?;
    }
    if let Some(path) = &args.save {
        common::check_output(path, "the tables")?;
    }
    if let Some(output) = &args.json {
        output.check("the summary")?;
    }
    if let Some(output) = &args.svg {
        output.check("the histogram")?;
    }
    Ok(())
}

/// Whether the summary for people goes to standard output: not when the JSON
/// or the histogram goes there.
fn prints_summary(args: &Args) -> bool {
    ![&args.json, &args.svg]
        .into_iter()
        .any(|output| *output == Some(Output::Stdout))
}

fn klotski(args: &Args, options: &Options, started: Instant) -> Result<(), Failure> {
    let metric = args.metric.map_or_else(Default::default, MetricArg::metric);
    let bar = common::progress_bar();
    let mut phase = None;
    let mut progress = |report: Progress| common::show_progress(&bar, &mut phase, report);
    let atlas = match &args.load {
        Some(path) => {
            bar.set_message(format!("loading {}", path.display()));
            KlotskiAtlas::load(open(path)?, metric).map_err(|error| load_failure(path, &error))?
        }
        None => KlotskiAtlas::build(metric, options, &mut progress)
            .map_err(|error| build_failure(&error))?,
    };
    if let Some(path) = &args.save {
        bar.set_message(format!("saving {}", path.display()));
        common::write_output(path, "the tables", |writer| atlas.save(writer))?;
    }
    let summary = atlas
        .summary(options, &mut progress)
        .map_err(|error| Failure::other(error.to_string()))?;
    bar.finish_and_clear();
    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if let Some(path) = &args.json {
        write_json(
            path,
            &klotski_json(&summary, elapsed_ms, atlas.phase_times()),
        )?;
    }
    if let Some(path) = &args.svg {
        let title = format!("Klotski: layouts by distance to the exit ({metric} metric)");
        draw_histogram(path, &title, "layouts", &summary.histogram)?;
    }
    if !prints_summary(args) {
        return Ok(());
    }
    common::answered(print_klotski(&summary), "the summary")
}

fn knights(args: &Args, options: &Options, started: Instant) -> Result<(), Failure> {
    let bar = common::progress_bar();
    let mut phase = None;
    let table = match &args.load {
        Some(path) => {
            bar.set_message(format!("loading {}", path.display()));
            KnightTable::load(open(path)?).map_err(|error| load_failure(path, &error))?
        }
        None => KnightTable::build(options, &mut |report| {
            common::show_progress(&bar, &mut phase, report)
        })
        .map_err(|error| build_failure(&error))?,
    };
    if let Some(path) = &args.save {
        bar.set_message(format!("saving {}", path.display()));
        common::write_output(path, "the tables", |writer| table.save(writer))?;
    }
    bar.finish_and_clear();
    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let histogram = table.histogram();
    let positions = table.distances().len();
    let (ranks, count) = hardest_ranks(table.distances(), usize::MAX);
    let hardest: Vec<Position> = ranks.into_iter().filter_map(Position::from_index).collect();
    if let Some(path) = &args.json {
        let summary = TableJson {
            puzzle: "knights",
            rows: None,
            columns: None,
            positions,
            diameter: table.diameter(),
            histogram: &histogram,
            hardest: &hardest,
            elapsed_ms,
        };
        write_json(path, &summary)?;
    }
    if let Some(path) = &args.svg {
        let title = "Knight puzzle: positions by distance to the target";
        draw_histogram(path, title, "positions", &histogram)?;
    }
    if !prints_summary(args) {
        return Ok(());
    }
    let hardest: Vec<String> = hardest
        .iter()
        .map(|position| position.to_row_string())
        .collect();
    common::answered(
        print_table(
            "Knight puzzle table",
            positions,
            table.diameter(),
            &histogram,
            (&hardest, count),
        ),
        "the summary",
    )
}

fn sliding(args: &Args, options: &Options, started: Instant) -> Result<(), Failure> {
    let shape = args.size.unwrap_or(Shape::EIGHT);
    let space = SolvableBoards::new(shape).map_err(|error| Failure::usage(error.to_string()))?;
    let name = format!("sliding/{shape}");
    let bar = common::progress_bar();
    let mut phase = None;
    // A byte per board, and the breadth-first layers as lists of boards
    // (the largest of 3x3's and 2x5's holds a sixth of the boards; current
    // and next).
    let board = std::mem::size_of::<puzzle_search::sliding::Board>() as u64;
    let needed = space
        .len()
        .saturating_add((space.len() / 6).saturating_mul(board).saturating_mul(2))
        .saturating_add(common::overhead(options.threads()));
    common::check_memory(
        needed,
        &format!(
            "mapping the {} solvable {shape} boards",
            grouped(space.len())
        ),
        "map a smaller shape (3x3, 2x5, 3x4 ...)",
    )?;
    let distances = match &args.load {
        Some(path) => {
            bar.set_message(format!("loading {}", path.display()));
            let (distances, _) = file::load(open(path)?, &name, space.len())
                .map_err(|error| load_failure(path, &error))?;
            // The file's checks cannot see an entry edited with its checksum
            // recomputed; the search's equations can.
            bar.set_message(format!("checking {}", path.display()));
            atlas::check_distances(&Sliding::new(), &space, &distances, options)
                .map_err(|error| load_failure(path, &error))?;
            distances
        }
        None => atlas::distances(&Sliding::new(), &space, options, &mut |report| {
            common::show_progress(&bar, &mut phase, report)
        })
        .map_err(|error| build_failure(&error))?,
    };
    if let Some(path) = &args.save {
        bar.set_message(format!("saving {}", path.display()));
        common::write_output(path, "the tables", |writer| {
            file::save(writer, &name, &distances, None)
        })?;
    }
    bar.finish_and_clear();
    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let histogram = distances.histogram();
    let diameter = distances.max().map_or(0, u32::from);
    let (ranks, count) = hardest_ranks(&distances, HARDEST_BOARDS);
    let hardest: Vec<Vec<u8>> = ranks
        .into_iter()
        .map(|rank| space.unrank(rank).tiles().collect())
        .collect();
    if let Some(path) = &args.json {
        let summary = TableJson {
            puzzle: "sliding",
            rows: Some(shape.rows()),
            columns: Some(shape.columns()),
            positions: distances.len(),
            diameter,
            histogram: &histogram,
            hardest: &hardest,
            elapsed_ms,
        };
        write_json(path, &summary)?;
    }
    if let Some(path) = &args.svg {
        let title = format!("The {shape} sliding-tile puzzle: boards by distance to the goal");
        draw_histogram(path, &title, "boards", &histogram)?;
    }
    if !prints_summary(args) {
        return Ok(());
    }
    let title = format!("The {shape} sliding-tile puzzle, every solvable board");
    let hardest: Vec<String> = hardest
        .iter()
        .map(|tiles| {
            let words: Vec<String> = tiles.iter().map(u8::to_string).collect();
            words.join(" ")
        })
        .collect();
    common::answered(
        print_table(
            &title,
            distances.len(),
            diameter,
            &histogram,
            (&hardest, count),
        ),
        "the summary",
    )
}

fn open(path: &Path) -> Result<BufReader<File>, Failure> {
    common::open_input(path, "the tables").map(BufReader::new)
}

/// A build that failed: memory refused is a request too large for this
/// machine (status 2, as the estimates before the work give); anything else
/// status 1.
fn build_failure(error: &AtlasError) -> Failure {
    match error {
        AtlasError::TooLarge { .. } => Failure::usage(error.to_string()),
        _ => Failure::other(error.to_string()),
    }
}

fn load_failure(path: &Path, error: &AtlasError) -> Failure {
    Failure::usage(format!("cannot load {}: {error}", path.display()))
}

/// The JSON summary of a table of distances (SPEC §3.3): knights, or a
/// sliding-tile shape with its rows and columns.
#[derive(Serialize)]
struct TableJson<'a, H> {
    puzzle: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    columns: Option<usize>,
    positions: u64,
    diameter: u32,
    histogram: &'a [u64],
    /// The states at the diameter (for the sliding tiles, the first
    /// [`HARDEST_BOARDS`] by rank).
    hardest: &'a [H],
    elapsed_ms: u64,
}

/// The most hardest boards a sliding-tile summary lists.
const HARDEST_BOARDS: usize = 1_000;

/// The ranks of the states at the largest distance of `distances`, in rank
/// order, at most `limit` of them, and how many there are in all.
fn hardest_ranks(distances: &atlas::Distances, limit: usize) -> (Vec<u64>, u64) {
    let Some(max) = distances.max() else {
        return (Vec::new(), 0);
    };
    let mut ranks = Vec::new();
    let mut count = 0u64;
    for (rank, &distance) in (0u64..).zip(distances.as_bytes()) {
        if distance == max {
            count += 1;
            if ranks.len() < limit {
                ranks.push(rank);
            }
        }
    }
    (ranks, count)
}

/// The JSON summary of the Klotski atlas (SPEC §3.3), in its field order.
#[derive(Serialize)]
struct KlotskiJson<'a> {
    puzzle: &'static str,
    metric: Metric,
    layouts: u64,
    groups: u32,
    largest_group: u32,
    solvable: u64,
    max_distance: Option<u32>,
    hardest: Vec<HardestJson>,
    piece_sets: Vec<PieceSetJson<'a>>,
    elapsed_ms: u64,
    /// Each phase alone; 0 for tables loaded from a file.
    distances_ms: u64,
    components_ms: u64,
    /// Listing every layout once, alone.
    enumeration_ms: u64,
}

/// One of the hardest layouts: its codes and its distance.
#[derive(Serialize)]
struct HardestJson {
    common_code: CommonCode,
    short_code: ShortCode,
    distance: Option<u32>,
}

/// One piece set: the library's summary, but for its hardest layouts.
#[derive(Serialize)]
struct PieceSetJson<'a> {
    #[serde(flatten)]
    counts: &'a PieceCounts,
    layouts: u64,
    groups: u32,
    solvable: u64,
    max_distance: Option<u32>,
}

fn write_json(output: &Output, value: &impl serde::Serialize) -> Result<(), Failure> {
    output.write("the summary", |out| common::write_json_line(out, value))
}

/// `1234567` as `1,234,567`.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn codes(layout: Layout) -> (CommonCode, ShortCode) {
    (CommonCode::from(layout), ShortCode::from(layout))
}

fn print_klotski(summary: &KlotskiSummary) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let percent = |part: u64, whole: u64| 100.0 * part as f64 / whole.max(1) as f64;
    writeln!(out, "Klotski atlas, {} metric", summary.metric)?;
    let all = &summary.stats;
    writeln!(out, "  layouts       {:>12}", grouped(all.layouts))?;
    writeln!(
        out,
        "  groups        {:>12}   largest: {} layouts",
        grouped(u64::from(all.groups)),
        grouped(u64::from(summary.largest_group))
    )?;
    writeln!(
        out,
        "  solvable      {:>12}   ({:.1}% of all layouts)",
        grouped(all.solvable),
        percent(all.solvable, all.layouts)
    )?;
    match all.max_distance {
        Some(max) => writeln!(
            out,
            "  max distance  {max:>12}   {} layout(s) need that many moves",
            all.hardest_count
        )?,
        None => writeln!(out, "  max distance             -   no layout is solvable")?,
    }
    for &layout in &all.hardest {
        let (common, short) = codes(layout);
        writeln!(out)?;
        writeln!(out, "  hardest: CommonCode {common} · ShortCode {short}")?;
        for row in layout.to_string().lines() {
            writeln!(out, "    {row}")?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Per piece set (V vertical, H horizontal, S soldiers besides the general):"
    )?;
    writeln!(
        out,
        "   V  H  S      layouts    groups     solvable   max  hardest (CommonCode, count)"
    )?;
    for set in &summary.piece_sets {
        let stats = &set.stats;
        let hardest = match (stats.max_distance, stats.hardest.first()) {
            (Some(_), Some(&layout)) => {
                let more = stats.hardest_count.saturating_sub(1);
                let more = if more > 0 {
                    format!(" +{more}")
                } else {
                    String::new()
                };
                format!("{}{more}", CommonCode::from(layout))
            }
            _ => "-".to_owned(),
        };
        let max = stats
            .max_distance
            .map_or("-".to_owned(), |max| max.to_string());
        writeln!(
            out,
            "  {:>2} {:>2} {:>2} {:>12} {:>9} {:>12} {:>5}  {hardest}",
            set.counts.vertical,
            set.counts.horizontal,
            set.counts.soldiers,
            grouped(stats.layouts),
            grouped(u64::from(stats.groups)),
            grouped(stats.solvable),
            max,
        )?;
    }
    out.flush()
}

fn klotski_json(summary: &KlotskiSummary, elapsed_ms: u64, phases: PhaseTimes) -> KlotskiJson<'_> {
    let millis =
        |duration: std::time::Duration| u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
    KlotskiJson {
        puzzle: "klotski",
        metric: summary.metric,
        layouts: summary.stats.layouts,
        groups: summary.stats.groups,
        largest_group: summary.largest_group,
        solvable: summary.stats.solvable,
        max_distance: summary.stats.max_distance,
        hardest: summary
            .stats
            .hardest
            .iter()
            .map(|&layout| {
                let (common_code, short_code) = codes(layout);
                HardestJson {
                    common_code,
                    short_code,
                    distance: summary.stats.max_distance,
                }
            })
            .collect(),
        piece_sets: summary
            .piece_sets
            .iter()
            .map(|set| PieceSetJson {
                counts: &set.counts,
                layouts: set.stats.layouts,
                groups: set.stats.groups,
                solvable: set.stats.solvable,
                max_distance: set.stats.max_distance,
            })
            .collect(),
        elapsed_ms,
        distances_ms: millis(phases.distances),
        components_ms: millis(phases.components),
        enumeration_ms: millis(phases.enumeration),
    }
}

/// The summary of a distance table for people; `hardest` holds the states at
/// the diameter as text (perhaps the first of them) and how many there are.
fn print_table(
    title: &str,
    positions: u64,
    diameter: u32,
    histogram: &[u64],
    (hardest, count): (&[String], u64),
) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{title}")?;
    writeln!(out, "  positions  {:>12}", grouped(positions))?;
    writeln!(out, "  reachable  {:>12}", grouped(histogram.iter().sum()))?;
    writeln!(out, "  diameter   {diameter:>12}")?;
    let listed = if hardest.len() as u64 == count {
        String::new()
    } else {
        format!(", the first {} listed", hardest.len())
    };
    writeln!(
        out,
        "  hardest    {:>12} at the diameter{listed}",
        grouped(count)
    )?;
    for state in hardest {
        writeln!(out, "    {state}")?;
    }
    writeln!(out)?;
    writeln!(out, "  distance     positions")?;
    for (distance, &count) in histogram.iter().enumerate() {
        writeln!(out, "  {distance:>8} {:>13}", grouped(count))?;
    }
    out.flush()
}

/// Draws `histogram` (states per distance) as bars on a logarithmic scale,
/// so that the long thin tails stay visible.
fn draw_histogram(
    output: &Output,
    title: &str,
    states: &str,
    histogram: &[u64],
) -> Result<(), Failure> {
    use plotters::prelude::*;

    // Drawn in memory, then written all or nothing like every other file.
    let mut svg = String::new();
    let draw = |svg: &mut String| -> Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::with_string(svg, (1000, 600)).into_drawing_area();
        root.fill(&WHITE)?;
        let top = histogram.iter().copied().max().unwrap_or(1).max(1) as f64;
        let columns = -0.5..histogram.len() as f64 - 0.5;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, (common::FONTS, 22))
            .margin(20)
            .x_label_area_size(45)
            .y_label_area_size(90)
            // From below 1, so that a count of 1 shows as a bar.
            .build_cartesian_2d(columns, (0.5..top * 2.0).log_scale())?;
        let label = |count: &f64| grouped(count.round() as u64);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("distance (moves)")
            .x_label_formatter(&|x| format!("{:.0}", x))
            .y_desc(format!("{states} (log scale)"))
            .y_label_formatter(&label)
            .draw()?;
        chart.draw_series(
            histogram
                .iter()
                .enumerate()
                .filter(|&(_, &count)| count > 0)
                .map(|(distance, &count)| {
                    let x = distance as f64;
                    Rectangle::new(
                        [(x - 0.4, 0.5), (x + 0.4, count as f64)],
                        BLUE.mix(0.7).filled(),
                    )
                }),
        )?;
        root.present()?;
        Ok(())
    };
    draw(&mut svg)
        .map_err(|error| Failure::other(format!("cannot draw the histogram: {error}")))?;
    output.write("the histogram", |out| out.write_all(svg.as_bytes()))
}
