//! Solves sliding-block puzzles: any board of up to 64 cells, rectangular
//! pieces, walls, Rush Hour vehicles, any goal.
//!
//! ```text
//! cargo run --release --example blocks -- [PUZZLE]... [--rush FILE]
//!     [--metric step|slide|piece] [--engine bfs|bidir|astar|idastar]
//!     [--max-states N] [--json] [--cluster] [--svg FILE]
//! ```
//!
//! Each `PUZZLE` is a file in the drawing format (SPEC §6.2), `-` for standard
//! input (at most 1 MiB), or a 36-character Rush Hour string. `--rush FILE`
//! reads one Rush Hour string a line: the first 36-character word of each line
//! that is neither blank nor starts with `#` (Fogleman's database as it is).
//!
//! One line per puzzle: the optimal number of moves, `unsolvable`, or
//! `unknown: <which> limit reached`; `--cluster` adds the number of layouts
//! reachable from the start and the largest distance among them. Every puzzle
//! is read before any answer is printed: bad input gets the puzzle (file,
//! line and column, or argument number) and the problem on standard error,
//! nothing on standard output, and exit status 2.

mod common;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use puzzle_search::blocks::{Metric, Move, ParseError, Setup};
use puzzle_search::search::{
    astar, bfs, bidirectional_bfs, farthest, idastar, Farthest, Limit, Limits, SearchResult,
};
use serde_derive::Serialize;

use common::{EngineArg, Failure, MetricArg, Output, StatsJson};

#[derive(Parser)]
#[command(
    name = "blocks",
    version,
    about = "Solve sliding-block puzzles (any board, Rush Hour) optimally"
)]
struct Args {
    /// Puzzle files in the drawing format, `-` for standard input (at most
    /// 1 MiB), or 36-character Rush Hour strings
    puzzles: Vec<String>,
    /// Read one Rush Hour string a line from FILE (the first 36-character
    /// word of each line neither blank nor starting with `#`)
    #[arg(long, value_name = "FILE")]
    rush: Option<PathBuf>,
    /// What counts as one move (for pieces that move along one axis, slide
    /// and piece are the same)
    #[arg(long, value_enum, default_value_t = MetricArg::Piece)]
    metric: MetricArg,
    /// The search engine
    #[arg(long, value_enum, default_value_t = EngineArg::Bfs)]
    engine: EngineArg,
    /// The most layouts one search may store
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// One JSON object a puzzle instead of a line
    #[arg(long)]
    json: bool,
    /// Add the number of layouts reachable from the start and the largest
    /// distance among them
    #[arg(long)]
    cluster: bool,
    /// Draw every board of each solution as SVG to FILE (`-`: standard
    /// output, instead of the answers)
    #[arg(long, value_name = "FILE", value_parser = Output::parse)]
    svg: Option<Output>,
}

/// The transposition table IDA* keeps: the heuristics are weak and many ways
/// lead to one layout.
const IDA_TABLE: usize = 1 << 22;

/// The most standard input `-` reads, and the most a file may hold.
const INPUT_CAP: u64 = 1 << 20;

/// Rush Hour strings are this long.
const RUSH: usize = 36;

fn main() -> ExitCode {
    match common::parse_args::<Args>() {
        Ok(args) => common::finish("error", run(&args)),
        Err(exit) => exit,
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    common::check_stdout("the answers")?;
    if args.json && args.svg == Some(Output::Stdout) {
        return Err(Failure::usage(
            "--json and --svg - both write to standard output: give --svg a file",
        ));
    }
    if let Some(output) = &args.svg {
        output.check("the drawing")?;
    }
    let puzzles = read_all(args)?;
    let metric = match args.metric {
        MetricArg::Step => Metric::Step,
        MetricArg::Slide => Metric::Slide,
        MetricArg::Piece => Metric::Piece,
    };
    let mut limits = Limits::new().with_table_capacity(IDA_TABLE);
    if let Some(max) = args.max_states {
        limits = limits.with_max_states(max);
    }
    let mut report = String::new();
    let mut drawings = Vec::new();
    for setup in &puzzles {
        let puzzle = setup.puzzle(metric);
        let start = setup.start();
        let result = match args.engine {
            EngineArg::Bfs => bfs(&puzzle, start, &limits),
            EngineArg::Bidir => bidirectional_bfs(&puzzle, start, &limits),
            EngineArg::Astar => astar(&puzzle, start, &limits),
            EngineArg::Idastar => idastar(&puzzle, start, &limits),
        };
        let cluster = args
            .cluster
            // Every layout counts, not one per mirror pair.
            .then(|| farthest(&puzzle.clone().with_mirror_folding(false), start, &limits).outcome);
        let answer = Answer::new(setup, metric, &result);
        if args.json {
            let line = answer.json(setup, metric, &result, cluster.as_ref());
            report += &serde_json::to_string(&line)
                .map_err(|error| Failure::other(format!("cannot write JSON: {error}")))?;
            report.push('\n');
        } else {
            report += &answer.line(cluster.as_ref());
            report.push('\n');
        }
        drawings.push(answer);
    }
    if let Some(output) = &args.svg {
        let svg = svg::solutions(&puzzles.iter().collect::<Vec<_>>(), &drawings, metric);
        output.write("the drawing", |out| out.write_all(svg.as_bytes()))?;
        if *output == Output::Stdout {
            return Ok(());
        }
    }
    let mut out = io::stdout().lock();
    common::answered(
        out.write_all(report.as_bytes()).and_then(|()| out.flush()),
        "the answers",
    )
}

/// Every puzzle of the arguments and of `--rush`, read and checked.
fn read_all(args: &Args) -> Result<Vec<Setup>, Failure> {
    let mut puzzles = Vec::new();
    if args.puzzles.is_empty() && args.rush.is_none() {
        return Err(Failure::usage(
            "no puzzle: give a file, `-`, a Rush Hour string or --rush FILE",
        ));
    }
    for (index, word) in args.puzzles.iter().enumerate() {
        let number = index + 1;
        let setup = if word == "-" {
            let text = utf8(common::read_stdin(INPUT_CAP, "1 MiB")?, "standard input")?;
            text.parse::<Setup>()
                .map_err(|error| at_line("standard input", &error))?
        } else if looks_like_rush(word) && !std::path::Path::new(word).exists() {
            Setup::from_rush(word).map_err(|error| {
                Failure::usage(format!("argument {number}: {}", rush_message(&error, 0)))
            })?
        } else {
            let path = PathBuf::from(word);
            let text = read_file(&path, &format!("puzzle (argument {number})"))?;
            text.parse::<Setup>()
                .map_err(|error| at_line(&path.display().to_string(), &error))?
        };
        puzzles.push(setup);
    }
    if let Some(path) = &args.rush {
        let text = read_file(path, "the Rush Hour strings")?;
        let name = path.display().to_string();
        for (index, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let Some(word) = line.split_whitespace().find(|w| w.chars().count() == RUSH) else {
                return Err(Failure::usage(format!(
                    "{name}:{}: no 36-character Rush Hour string on this line: {}",
                    index + 1,
                    common::excerpt(trimmed)
                )));
            };
            let offset = line[..word.as_ptr() as usize - line.as_ptr() as usize]
                .chars()
                .count();
            let setup = Setup::from_rush(word).map_err(|error| {
                Failure::usage(format!(
                    "{name}:{}:{}",
                    index + 1,
                    rush_message(&error, offset).replacen("column ", "", 1)
                ))
            })?;
            puzzles.push(setup);
        }
    }
    Ok(puzzles)
}

/// Whether `word` reads as a Rush Hour string rather than a file name.
fn looks_like_rush(word: &str) -> bool {
    word.chars().count() == RUSH && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

/// `column C (row R, column C'): problem` for a Rush Hour string, its
/// columns shifted by `offset`.
fn rush_message(error: &ParseError, offset: usize) -> String {
    let index = error.column.saturating_sub(1);
    let cell = if index < RUSH {
        format!(" (row {}, column {})", index / 6 + 1, index % 6 + 1)
    } else {
        String::new()
    };
    format!("column {}{cell}: {}", error.column + offset, error.problem)
}

/// `NAME:LINE:COLUMN: problem`.
fn at_line(name: &str, error: &ParseError) -> Failure {
    Failure::usage(format!(
        "{name}:{}:{}: {}",
        error.line, error.column, error.problem
    ))
}

/// The text of the file at `path`, a regular file of at most 1 MiB of UTF-8.
fn read_file(path: &std::path::Path, what: &str) -> Result<String, Failure> {
    use std::io::Read as _;
    let file = common::open_input(path, what)?;
    let mut bytes = Vec::new();
    file.take(INPUT_CAP + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| Failure::usage(format!("cannot read {}: {error}", path.display())))?;
    if bytes.len() as u64 > INPUT_CAP {
        return Err(Failure::usage(format!(
            "{} is larger than 1 MiB, the most this reads",
            path.display()
        )));
    }
    utf8(bytes, &path.display().to_string())
}

/// `bytes` as text; input that is not UTF-8 is bad input, hence status 2.
fn utf8(bytes: Vec<u8>, name: &str) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|error| {
        Failure::usage(format!(
            "cannot read {name}: it is not UTF-8 text: {}",
            error.utf8_error()
        ))
    })
}

/// The answer to one puzzle, with the boards of its solution lettered.
struct Answer {
    /// Each board of the solution (the start alone without one).
    boards: Vec<puzzle_search::blocks::Lettered>,
    /// Each move: the piece's letter and the move.
    moves: Vec<(char, Move)>,
    /// The moves, `None` without a solution.
    length: Option<usize>,
    limit: Option<Limit>,
}

impl Answer {
    fn new(
        setup: &Setup,
        metric: Metric,
        result: &SearchResult<puzzle_search::blocks::Layout, Move>,
    ) -> Self {
        let mut boards = vec![setup.lettered().clone()];
        let mut moves = Vec::new();
        let mut complete = true;
        if let Some(path) = result.outcome.path() {
            for &mv in path.moves() {
                let Some(before) = boards.last() else { break };
                match setup.apply(before, mv, metric) {
                    Some((letter, after)) => {
                        moves.push((letter, mv));
                        boards.push(after);
                    }
                    None => {
                        complete = false;
                        break;
                    }
                }
            }
        }
        Answer {
            length: result
                .outcome
                .path()
                .filter(|_| complete)
                .map(|path| path.len()),
            boards,
            moves,
            limit: result.outcome.limit().copied(),
        }
    }

    fn solved_text(&self) -> String {
        match (self.length, self.limit) {
            (Some(moves), _) => moves.to_string(),
            (None, Some(limit)) => format!("unknown: {} limit reached", limit.name()),
            (None, None) => "unsolvable".to_owned(),
        }
    }

    fn line(
        &self,
        cluster: Option<&Result<Farthest<puzzle_search::blocks::Layout>, Limit>>,
    ) -> String {
        let mut line = self.solved_text();
        match cluster {
            Some(Ok(far)) => line += &format!(" {} {}", far.reached, far.distance),
            Some(Err(limit)) => line += &format!(" unknown: {} limit reached", limit.name()),
            None => {}
        }
        line
    }

    fn json(
        &self,
        setup: &Setup,
        metric: Metric,
        result: &SearchResult<puzzle_search::blocks::Layout, Move>,
        cluster: Option<&Result<Farthest<puzzle_search::blocks::Layout>, Limit>>,
    ) -> Json {
        let blocks = setup.blocks();
        let solved = self.length.is_some();
        let cell = |cell: u8| {
            let (row, column) = blocks.position(cell);
            [row, column]
        };
        Json {
            start: setup.drawing(setup.lettered()),
            metric: metric.name(),
            solvable: match (solved, self.limit) {
                (true, _) => Some(true),
                (false, Some(_)) => None,
                (false, None) => Some(false),
            },
            moves: self.length,
            path: if solved {
                self.boards
                    .iter()
                    .map(|board| setup.drawing(board))
                    .collect()
            } else {
                Vec::new()
            },
            moves_detail: self
                .moves
                .iter()
                .filter(|_| solved)
                .map(|&(letter, mv)| MoveJson {
                    piece: letter.to_string(),
                    from: cell(mv.from),
                    to: cell(mv.to),
                })
                .collect(),
            stats: StatsJson::from(&result.stats),
            limit: self.limit.filter(|_| !solved).map(|limit| limit.name()),
            cluster: cluster.and_then(|c| c.as_ref().ok()).map(|far| far.reached),
            farthest: cluster
                .and_then(|c| c.as_ref().ok())
                .map(|far| far.distance),
            farthest_layouts: cluster.and_then(|c| c.as_ref().ok()).map(|far| {
                far.states
                    .iter()
                    .map(|&layout| setup.drawing(&setup.letter(layout)))
                    .collect()
            }),
            cluster_limit: cluster
                .and_then(|c| c.as_ref().err())
                .map(|limit| limit.name()),
        }
    }
}

/// One puzzle's answer in JSON (SPEC §3.7).
#[derive(Serialize)]
struct Json {
    start: String,
    metric: &'static str,
    solvable: Option<bool>,
    moves: Option<usize>,
    path: Vec<String>,
    moves_detail: Vec<MoveJson>,
    stats: StatsJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cluster: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    farthest: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    farthest_layouts: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cluster_limit: Option<&'static str>,
}

/// One move: the piece's letter, its top-left cell before and after, (row,
/// column) from 0.
#[derive(Serialize)]
struct MoveJson {
    piece: String,
    from: [usize; 2],
    to: [usize; 2],
}

/// `--svg`: the boards of every solution as small multiples.
mod svg {
    use std::fmt::Write;

    use puzzle_search::blocks::{Metric, Setup};

    use super::Answer;

    /// Pixels per cell.
    const CELL: usize = 18;
    const MARGIN: usize = 16;
    /// Boards per row.
    const PER_ROW: usize = 8;

    /// A colour per letter, the goal piece red.
    fn colour(letter: char, goal: Option<char>) -> String {
        if Some(letter) == goal {
            return "#d64541".to_owned();
        }
        // Hues from yellow to violet: red is the goal piece's alone.
        let hue = 40 + (u32::from(letter) * 47) % 280;
        format!("hsl({hue}, 55%, 62%)")
    }

    fn escape(text: &str) -> String {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    }

    pub fn solutions(setups: &[&Setup], answers: &[Answer], metric: Metric) -> String {
        let mut body = String::new();
        let mut y = MARGIN;
        let mut width = 480;
        for (number, (setup, answer)) in setups.iter().zip(answers).enumerate() {
            let blocks = setup.blocks();
            let (rows, columns) = (blocks.rows(), blocks.columns());
            let panel = (CELL * columns + 24, CELL * rows + 40);
            let per_row = PER_ROW.min(answer.boards.len()).max(1);
            width = width.max(2 * MARGIN + per_row * panel.0);
            let title = format!(
                "Puzzle {}: {}, {} metric",
                number + 1,
                answer.solved_text(),
                metric.name()
            );
            let _ = writeln!(
                body,
                r#"<text x="{MARGIN}" y="{}" font-size="16" font-family="{}">{}</text>"#,
                y + 16,
                crate::common::FONTS,
                escape(&title)
            );
            y += 28;
            for (index, board) in answer.boards.iter().enumerate() {
                let x0 = MARGIN + panel.0 * (index % per_row);
                let y0 = y + panel.1 * (index / per_row) + 18;
                let caption = match index.checked_sub(1).and_then(|i| answer.moves.get(i)) {
                    Some(&(letter, mv)) => {
                        let (fr, fc) = blocks.position(mv.from);
                        let (tr, tc) = blocks.position(mv.to);
                        let mut arrows = String::new();
                        if tr != fr {
                            arrows += if tr > fr { "↓" } else { "↑" };
                            arrows += &tr.abs_diff(fr).to_string();
                        }
                        if tc != fc {
                            arrows += if tc > fc { "→" } else { "←" };
                            arrows += &tc.abs_diff(fc).to_string();
                        }
                        format!("{index}. {letter} {arrows}")
                    }
                    None => "start".to_owned(),
                };
                let _ = writeln!(
                    body,
                    r#"<text x="{x0}" y="{}" font-size="11" font-family="{}">{}</text>"#,
                    y0 - 5,
                    crate::common::FONTS,
                    escape(&caption)
                );
                let _ = writeln!(
                    body,
                    r##"<rect x="{x0}" y="{y0}" width="{}" height="{}" fill="#f4f1ea" stroke="#333" stroke-width="1.5"/>"##,
                    CELL * columns,
                    CELL * rows
                );
                // The goal place, dashed.
                if let Some(goal) = blocks.goal_cells() {
                    let cells: Vec<(usize, usize)> = (0..rows * columns)
                        .filter(|&cell| goal >> cell & 1 == 1)
                        .map(|cell| (cell / columns, cell % columns))
                        .collect();
                    if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
                        let _ = writeln!(
                            body,
                            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#d64541" stroke-width="1.5" stroke-dasharray="3 2"/>"##,
                            x0 + first.1 * CELL,
                            y0 + first.0 * CELL,
                            (last.1 + 1 - first.1) * CELL,
                            (last.0 + 1 - first.0) * CELL
                        );
                    }
                }
                let grid = setup.rows(board);
                let moved = index
                    .checked_sub(1)
                    .and_then(|i| answer.moves.get(i))
                    .map(|&(letter, _)| letter);
                let mut done = Vec::new();
                for (r, row) in grid.iter().enumerate() {
                    for (c, symbol) in row.chars().enumerate() {
                        let (x, yy) = (x0 + c * CELL, y0 + r * CELL);
                        if symbol == '#' {
                            let _ = writeln!(
                                body,
                                r##"<rect x="{x}" y="{yy}" width="{CELL}" height="{CELL}" fill="#444"/>"##
                            );
                        } else if symbol != '.' && !done.contains(&symbol) {
                            done.push(symbol);
                            // The piece's rectangle: from here, as far as its letter goes.
                            let w = row.chars().skip(c).take_while(|&s| s == symbol).count();
                            let h = grid
                                .iter()
                                .skip(r)
                                .take_while(|line| line.chars().nth(c) == Some(symbol))
                                .count();
                            let stroke = if Some(symbol) == moved {
                                ("#000", 2.5)
                            } else {
                                ("#555", 1.0)
                            };
                            let _ = writeln!(
                                body,
                                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="{}" stroke-width="{}"/>"#,
                                x + 1,
                                yy + 1,
                                w * CELL - 2,
                                h * CELL - 2,
                                colour(symbol, setup.goal_piece()),
                                stroke.0,
                                stroke.1
                            );
                            let _ = writeln!(
                                body,
                                r#"<text x="{}" y="{}" font-size="11" font-family="monospace" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                                x + w * CELL / 2,
                                yy + h * CELL / 2,
                                escape(&symbol.to_string())
                            );
                        }
                    }
                }
            }
            y += panel.1 * answer.boards.len().div_ceil(per_row) + 12;
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{y}\" viewBox=\"0 0 {width} {y}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
        )
    }
}
