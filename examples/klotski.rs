//! Solves a Klotski (华容道) layout and shows every move.
//!
//! ```text
//! cargo run --release --example klotski -- [LAYOUT] [--metric step|slide|piece]
//!     [--engine bfs|bidir|astar|idastar] [--max-states N] [--json] [--svg FILE]
//!     [--count] [--all N] [--farthest]
//! ```
//!
//! `LAYOUT` is a catalog name (`横刀立马`, `hengdaolima`, ...), a board in any
//! text format, a CommonCode or ShortCode, or `-` to read the board from standard
//! input (at most 1 MiB). Without one, 横刀立马 is solved. Bad input exits with
//! status 2; a standard output that is closed or cannot be written, with 1.
//!
//! `--svg FILE` draws every board of the solution (`-`: to standard output,
//! instead of the report).
//!
//! `--count` tells the number of optimal solutions and their end layouts,
//! `--all N` up to N optimal solutions, each as its move list: over real
//! positions, a layout and its mirror image apart.

#[path = "klotski/answers.rs"]
mod answers;
mod common;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use puzzle_search::klotski::{
    catalog, path_labels, CommonCode, Klotski, Layout, Metric, Move, MoveDetail, ShortCode, CELLS,
};
use puzzle_search::search::{Engine, Limit, Limits, Outcome, SearchResult, Stats, TwoWay};
use serde_derive::Serialize;

use common::{EngineArg, Failure, MetricArg, Output, StatsJson};

#[derive(Parser)]
#[command(
    name = "klotski",
    version,
    about = "Solve a Klotski (华容道) layout optimally and show every move"
)]
struct Args {
    /// One layout: a catalog name (Chinese or pinyin; `--list` shows them), a board
    /// (shape digits, shape letters or piece labels; its rows may be separate words),
    /// a CommonCode, a ShortCode, or `-` for standard input (at most 1 MiB) [default: 横刀立马]
    #[arg(value_name = "LAYOUT")]
    layout: Vec<String>,
    /// Print the catalog of named layouts (name, pinyin, optimal moves in the
    /// piece metric, CommonCode) and exit
    #[arg(long)]
    list: bool,
    /// What counts as one move
    #[arg(long, value_enum, default_value_t = MetricArg::Piece)]
    metric: MetricArg,
    /// The search engine; idastar keeps a transposition table of up to 4,194,304
    /// layouts, as Klotski needs one
    #[arg(long, value_enum, default_value_t = EngineArg::Bfs)]
    engine: EngineArg,
    /// The most positions the search may store
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// Print one JSON object instead of text for people
    #[arg(long)]
    json: bool,
    /// Draw every board of the solution as SVG to FILE (`-`: standard output,
    /// instead of the text)
    #[arg(long, value_name = "FILE", value_parser = Output::parse)]
    svg: Option<Output>,
    /// Count the optimal solutions (sequences of layouts, a layout and its
    /// mirror image apart) and show the layouts they end in
    #[arg(long, conflicts_with = "svg")]
    count: bool,
    /// Show up to N optimal solutions, each as its list of moves, in the
    /// library's order (depth first, each layout's moves in generation order)
    #[arg(long, value_name = "N", conflicts_with = "svg")]
    all: Option<usize>,
    /// Show the largest distance from the layout within its group and every
    /// layout at it (mirror images apart)
    #[arg(long, conflicts_with_all = ["svg", "count", "all"])]
    farthest: bool,
}

fn main() -> ExitCode {
    match common::parse_args::<Args>() {
        Ok(args) => common::finish("error", run(&args)),
        Err(exit) => exit,
    }
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
    if args.list {
        if !args.layout.is_empty() {
            return Err(Failure::usage("--list takes no layout"));
        }
        return common::answered(write_catalog(), "the catalog");
    }
    if args.json && args.svg == Some(Output::Stdout) {
        return Err(Failure::usage(
            "--json and --svg - both write to standard output: give --svg a file",
        ));
    }
    if let Some(output) = &args.svg {
        output.check("the drawing")?;
    }
    let (start, entry) = read_layout(&args.layout)?;
    let mut limits = Limits::new().with_table_capacity(IDA_TABLE);
    if let Some(max) = args.max_states {
        limits = limits.with_max_states(max);
    }
    let (metric, engine) = (args.metric.metric(), args.engine.engine());
    if args.farthest {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let written = answers::farthest(&mut out, start, metric, &limits, args.json);
        return common::answered(written.and_then(|()| out.flush()), "the answer");
    }
    if args.count || args.all.is_some() {
        let asked = answers::Asked {
            count: args.count,
            all: args.all,
            json: args.json,
        };
        let mut out = io::BufWriter::new(io::stdout().lock());
        let written = answers::run(&mut out, start, metric, &limits, &asked);
        return common::answered(written.and_then(|()| out.flush()), "the answer");
    }
    let result = engine.solve(TwoWay(&Klotski::new(metric)), start, &limits);
    let states = common::solution(&result.outcome);
    // Every piece keeps its label from the first board to the last.
    let labels = path_labels(states).unwrap_or_else(|| vec![start.labels()]);
    if let Some(output) = &args.svg {
        let title = match entry {
            Some(entry) => format!("{} ({})", entry.name, entry.slug),
            None => format!("CommonCode {}", CommonCode::from(start)),
        };
        let svg = draw::solution(&title, start, metric, &result.outcome, &labels)
            .map_err(|error| Failure::other(format!("cannot draw the solution: {error}")))?;
        output.write("the drawing", |out| out.write_all(svg.as_bytes()))?;
        if *output == Output::Stdout {
            return Ok(());
        }
    }
    // Buffered: standard output is line-buffered, so the report of 横刀立马's
    // 81 moves would be some 580 write calls; this way it is one.
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if args.json {
        common::write_json_line(&mut out, &Answer::new(start, metric, engine, &result))
    } else {
        write_report(&mut out, start, entry, (metric, engine), &result, &labels)
    };
    common::answered(written.and_then(|()| out.flush()), "the answer")
}

/// The catalog for people: one line a layout, its Chinese name, its slug,
/// its optimal `piece` moves (`-` if unsolvable) and its CommonCode.
fn write_catalog() -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for entry in &catalog::ENTRIES {
        let moves = entry
            .piece_moves
            .map_or_else(|| "-".to_owned(), |moves| moves.to_string());
        let code = CommonCode::from(entry.layout());
        writeln!(out, "{}\t{}\t{moves}\t{code}", entry.name, entry.slug)?;
    }
    out.flush()
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
        [first, second, ..]
            if catalog::find(first).is_some() && catalog::find(second).is_some() =>
        {
            return Err(Failure::usage(format!(
                "one layout at a time: {} and {} are two catalog names",
                common::excerpt(first),
                common::excerpt(second)
            )))
        }
        [first, rest @ ..]
            if !rest.is_empty() && (first == "-" || catalog::find(first).is_some()) =>
        {
            return Err(Failure::usage(format!(
                "unexpected {} after the layout {}: one layout at a time",
                common::excerpt(&rest.join(" ")),
                common::excerpt(first)
            )))
        }
        _ => words.join(" "),
    };
    if let Some(entry) = catalog::find(&text) {
        return Ok((entry.layout(), Some(entry)));
    }
    note_ambiguous_code(text.trim());
    let layout: Layout = text.parse().map_err(|error| {
        // A word that is close to a catalog name was meant as one.
        let near = catalog::nearest(&text, 3);
        if near.is_empty() || text.trim().contains(char::is_whitespace) {
            Failure::usage(format!("invalid layout: {error}"))
        } else {
            let names: Vec<String> = near
                .iter()
                .map(|entry| format!("{} ({})", entry.slug, entry.name))
                .collect();
            Failure::usage(format!(
                "unknown layout {}: no catalog name is that (did you mean {}? `--list` shows them all), and as a board: {error}",
                common::excerpt(text.trim()),
                names.join(", ")
            ))
        }
    })?;
    let entry = catalog::ENTRIES
        .iter()
        .find(|entry| entry.layout() == layout);
    Ok((layout, entry))
}

/// A text that is both a legal CommonCode and a legal ShortCode of another
/// layout is read as the CommonCode (SPEC §1.3); a note on standard error
/// names both readings, and how to ask for the other.
fn note_ambiguous_code(text: &str) {
    let (Ok(common), Ok(short)) = (text.parse::<CommonCode>(), text.parse::<ShortCode>()) else {
        return;
    };
    if common.layout() == short.layout() {
        return;
    }
    let _ = writeln!(
        io::stderr().lock(),
        "note: {text} is both a CommonCode and a ShortCode; read as the CommonCode {}; \
         short:{text} is the layout {} (CommonCode {})",
        common.layout().to_shape_digits(),
        short.layout().to_shape_digits(),
        CommonCode::from(short.layout()),
    );
}

/// The one JSON object of `--json` (SPEC §3.1), in its field order, then
/// `"moves_detail"`, an addition when there are moves: each move told in full
/// (see [`MoveJson`]).
#[derive(Serialize)]
struct Answer<'a> {
    start: Layout,
    metric: Metric,
    engine: Engine,
    solvable: Option<bool>,
    moves: Option<usize>,
    path: &'a [Layout],
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Limit>,
    stats: StatsJson,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    moves_detail: Vec<MoveJson>,
}

/// One move of `"moves_detail"`: the piece's label (as in the report for
/// people, stable along the path), then its shape, the cells (`4 * row +
/// col`) it covers before and after, and the unit steps of its route.
#[derive(Serialize)]
struct MoveJson {
    piece: char,
    #[serde(flatten)]
    detail: MoveDetail,
}

impl<'a> Answer<'a> {
    fn new(
        start: Layout,
        metric: Metric,
        engine: Engine,
        result: &'a SearchResult<Layout, Move>,
    ) -> Self {
        let path = common::solution(&result.outcome);
        let labels = path_labels(path).unwrap_or_default();
        let moves_detail = match &result.outcome {
            Outcome::Solved(path) => path
                .steps()
                .zip(&labels)
                .filter_map(|((before, mv, _), labels)| {
                    let piece = *labels.get(usize::from(mv.from))?;
                    Some(MoveJson {
                        piece,
                        detail: mv.describe(*before)?,
                    })
                })
                .collect(),
            Outcome::Unsolvable | Outcome::LimitReached(_) => Vec::new(),
        };
        Answer {
            start,
            metric,
            engine,
            solvable: common::solvable(&result.outcome),
            moves: common::moves(path),
            path,
            limit: result.outcome.limit().copied(),
            stats: StatsJson::from(&result.stats),
            moves_detail,
        }
    }
}

fn write_report(
    out: &mut impl Write,
    start: Layout,
    entry: Option<&catalog::Entry>,
    (metric, engine): (Metric, Engine),
    result: &SearchResult<Layout, Move>,
    labels: &[[char; CELLS]],
) -> io::Result<()> {
    let name = entry
        .map(|entry| format!("{} ({}) ", entry.name, entry.slug))
        .unwrap_or_default();
    // The ShortCode is left out: its rank tables would cost more than the search.
    writeln!(out, "{name}CommonCode {}", CommonCode::from(start))?;
    write_grid(out, &start.labels())?;
    writeln!(out)?;
    match &result.outcome {
        Outcome::Solved(path) => {
            writeln!(
                out,
                "Solved in {} moves (metric {}, engine {}).",
                path.len(),
                metric,
                engine
            )?;
            for (number, ((before, mv, _), pair)) in path.steps().zip(labels.windows(2)).enumerate()
            {
                let [labels_before, labels_after] = pair else {
                    continue;
                };
                let label = labels_before
                    .get(usize::from(mv.from))
                    .copied()
                    .unwrap_or('?');
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
                write_grid(out, labels_after)?;
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

/// The board, indented, a row a line: one write, as a solution prints dozens.
fn write_grid(out: &mut impl Write, labels: &[char; CELLS]) -> io::Result<()> {
    let mut text = String::with_capacity(2 * CELLS);
    for row in labels.chunks(4) {
        text.push_str("    ");
        text.extend(row);
        text.push('\n');
    }
    out.write_all(text.as_bytes())
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

/// `--svg`: every board of the solution as small multiples, in reading order.
mod draw {
    use std::error::Error;

    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use puzzle_search::klotski::{
        Direction, Layout, Metric, Move, Piece, Shape, CELLS, COLUMNS, ROWS,
    };
    use puzzle_search::search::Outcome;

    /// Pixels per cell.
    const CELL: i32 = 16;
    /// A board and its caption, with room around them.
    const PANEL: (i32, i32) = (CELL * COLUMNS as i32 + 22, CELL * ROWS as i32 + 34);
    /// Boards per row.
    const PER_ROW: usize = 10;
    /// Room for the title and the legend.
    const HEADER: i32 = 64;
    const MARGIN: i32 = 16;

    fn colour(shape: Shape) -> RGBColor {
        match shape {
            Shape::General => RGBColor(214, 69, 65),
            Shape::Vertical => RGBColor(66, 133, 244),
            Shape::Horizontal => RGBColor(52, 168, 83),
            Shape::Soldier => RGBColor(240, 170, 0),
        }
    }

    fn arrow(direction: Direction) -> char {
        match direction {
            Direction::Up => '↑',
            Direction::Down => '↓',
            Direction::Left => '←',
            Direction::Right => '→',
        }
    }

    /// The SVG of the boards of `outcome` (the start alone without a
    /// solution), each piece coloured by its shape and labelled as in the
    /// report (`labels`, one grid per board), the piece that just moved
    /// outlined and the cells it left shaded.
    pub fn solution(
        title: &str,
        start: Layout,
        metric: Metric,
        outcome: &Outcome<Layout, Move>,
        labels: &[[char; CELLS]],
    ) -> Result<String, Box<dyn Error>> {
        let (boards, moves, subtitle) = match outcome {
            Outcome::Solved(path) => (
                path.states(),
                path.moves(),
                format!(
                    "{} moves, {metric} metric; the piece just moved is outlined",
                    path.len()
                ),
            ),
            Outcome::Unsolvable => (
                std::slice::from_ref(&start),
                &[][..],
                "no solution".to_owned(),
            ),
            Outcome::LimitReached(limit) => (
                std::slice::from_ref(&start),
                &[][..],
                format!("stopped before an answer: {limit}"),
            ),
        };
        let per_row = PER_ROW.min(boards.len()).max(1);
        let rows = boards.len().div_ceil(per_row);
        let width = (2 * MARGIN + PANEL.0 * per_row as i32).max(520);
        let height = 2 * MARGIN + HEADER + PANEL.1 * rows as i32;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (width as u32, height as u32))
                .into_drawing_area();
            root.fill(&WHITE)?;
            let text = |size: f64| (crate::common::FONTS, size).into_font().color(&BLACK);
            root.draw(&Text::new(title.to_owned(), (MARGIN, MARGIN), text(20.0)))?;
            root.draw(&Text::new(subtitle, (MARGIN, MARGIN + 26), text(13.0)))?;
            // The legend: a swatch and a name per shape.
            let mut x = MARGIN;
            for shape in Shape::ALL {
                let y = MARGIN + 46;
                root.draw(&Rectangle::new(
                    [(x, y), (x + 12, y + 12)],
                    colour(shape).filled(),
                ))?;
                root.draw(&Text::new(shape.name(), (x + 16, y), text(12.0)))?;
                x += 24 + 8 * shape.name().len() as i32;
            }
            for (index, layout) in boards.iter().enumerate() {
                let origin = (
                    MARGIN + PANEL.0 * (index % per_row) as i32 + 10,
                    MARGIN + HEADER + PANEL.1 * (index / per_row) as i32 + 18,
                );
                let moved = index.checked_sub(1).and_then(|i| moves.get(i));
                let before = index.checked_sub(1).and_then(|i| boards.get(i));
                let caption = match (moved, before) {
                    (Some(mv), Some(before)) => {
                        let label = labels
                            .get(index - 1)
                            .and_then(|grid| grid.get(usize::from(mv.from)))
                            .copied()
                            .unwrap_or('?');
                        let route: String = mv
                            .route(*before)
                            .unwrap_or_default()
                            .into_iter()
                            .map(arrow)
                            .collect();
                        format!("{index}. {label} {route}")
                    }
                    _ => "start".to_owned(),
                };
                root.draw(&Text::new(caption, (origin.0, origin.1 - 16), text(12.0)))?;
                let grid = labels
                    .get(index)
                    .copied()
                    .unwrap_or_else(|| layout.labels());
                board(&root, origin, *layout, &grid, moved.copied())?;
            }
            root.present()?;
        }
        Ok(svg)
    }

    /// One board at `origin` (its top-left corner, in pixels).
    fn board<DB: DrawingBackend>(
        root: &DrawingArea<DB, plotters::coord::Shift>,
        (x, y): (i32, i32),
        layout: Layout,
        labels: &[char; CELLS],
        moved: Option<Move>,
    ) -> Result<(), Box<dyn Error>>
    where
        DB::ErrorType: 'static,
    {
        let (w, h) = (CELL * COLUMNS as i32, CELL * ROWS as i32);
        let frame = RGBColor(60, 60, 60);
        root.draw(&Rectangle::new(
            [(x, y), (x + w, y + h)],
            RGBColor(236, 236, 236).filled(),
        ))?;
        // The frame, open at the exit (the two middle cells of the bottom edge).
        for (from, to) in [
            ((x - 2, y - 2), (x + w + 2, y)),
            ((x - 2, y), (x, y + h + 2)),
            ((x + w, y), (x + w + 2, y + h + 2)),
            ((x - 2, y + h), (x + CELL, y + h + 2)),
            ((x + 3 * CELL, y + h), (x + w + 2, y + h + 2)),
        ] {
            root.draw(&Rectangle::new([from, to], frame.filled()))?;
        }
        let cell_corner = |cell: u8| {
            let cell = i32::from(cell);
            (x + CELL * (cell % 4), y + CELL * (cell / 4))
        };
        // The cells the moved piece left, shaded.
        if let Some(mv) = moved {
            let cells = |anchor| {
                Piece {
                    shape: mv.shape,
                    anchor,
                }
                .cells()
            };
            let mut left = cells(mv.from) & !cells(mv.to);
            while left != 0 {
                let (cx, cy) = cell_corner(left.trailing_zeros() as u8);
                left &= left - 1;
                root.draw(&Rectangle::new(
                    [(cx + 1, cy + 1), (cx + CELL - 1, cy + CELL - 1)],
                    RGBColor(200, 200, 200).filled(),
                ))?;
            }
        }
        for piece in layout.pieces() {
            let (px, py) = cell_corner(piece.anchor);
            let (cw, ch) = size(piece.shape);
            let corners = [(px + 1, py + 1), (px + CELL * cw - 1, py + CELL * ch - 1)];
            root.draw(&Rectangle::new(corners, colour(piece.shape).filled()))?;
            let is_moved = moved.is_some_and(|mv| mv.shape == piece.shape && mv.to == piece.anchor);
            if is_moved {
                root.draw(&Rectangle::new(corners, BLACK.stroke_width(2)))?;
            }
            let label = labels
                .get(usize::from(piece.anchor))
                .copied()
                .unwrap_or('?');
            let centre = (px + CELL * cw / 2, py + CELL * ch / 2);
            let style = (crate::common::FONTS, 10.0)
                .into_font()
                .color(&WHITE)
                .pos(Pos::new(HPos::Center, VPos::Center));
            root.draw(&Text::new(label.to_string(), centre, style))?;
        }
        Ok(())
    }

    /// Width and height in cells.
    fn size(shape: Shape) -> (i32, i32) {
        match shape {
            Shape::General => (2, 2),
            Shape::Vertical => (1, 2),
            Shape::Horizontal => (2, 1),
            Shape::Soldier => (1, 1),
        }
    }
}
