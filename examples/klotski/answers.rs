//! `--count` and `--all N`: every optimal solution of a layout, over real
//! positions (a layout and its mirror image apart, SPEC §3.1), from the graph
//! of every shortest path.

use std::io::{self, Write};

use puzzle_search::klotski::{path_labels, CommonCode, Klotski, Layout, Metric, Move};
use puzzle_search::search::{
    all_optimal, Limit, Limits, OptimalGraph, OptimalOutcome, OptimalResult, PathCount,
};
use puzzle_search::Path;
use serde_derive::Serialize;

use super::{write_grid, write_stats};

/// What to tell: the count and end layouts, up to `all` solutions, or both.
pub struct Asked {
    pub count: bool,
    pub all: Option<usize>,
    pub json: bool,
}

type Found = OptimalResult<OptimalGraph<Layout, Move>>;

/// Searches `start` for every optimal solution under `metric` and `limits`,
/// and writes what was asked to `out`.
pub fn run(
    out: &mut impl Write,
    start: Layout,
    metric: Metric,
    limits: &Limits,
    asked: &Asked,
) -> io::Result<()> {
    // Mirror-folded, the search stores half the layouts; the graph it gives
    // is of real layouts all the same.
    let puzzle = Klotski::new(metric);
    let result = all_optimal(&puzzle, start, limits);
    let paths: Vec<Path<Layout, Move>> = match (&result.outcome, asked.all) {
        (OptimalOutcome::Solved(graph), Some(all)) => graph.paths().take(all).collect(),
        _ => Vec::new(),
    };
    if asked.json {
        super::common::write_json_line(out, &Answer::new(start, metric, &result, asked, &paths))
    } else {
        write_report(out, start, &result, asked, &paths)
    }
}

/// The JSON object of `--count` and `--all` (SPEC §3.1), in its field order:
/// `end_layouts` with `--count`, `paths` with `--all`.
#[derive(Serialize)]
struct Answer<'a> {
    start: Layout,
    metric: Metric,
    solvable: Option<bool>,
    moves: Option<usize>,
    count: Option<PathCount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_layouts: Option<&'a [Layout]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paths: Option<Vec<&'a [Layout]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Limit>,
}

impl<'a> Answer<'a> {
    fn new(
        start: Layout,
        metric: Metric,
        result: &'a Found,
        asked: &Asked,
        paths: &'a [Path<Layout, Move>],
    ) -> Self {
        let graph = result.outcome.graph();
        let (solvable, count) = match &result.outcome {
            OptimalOutcome::Solved(graph) => (Some(true), Some(graph.count())),
            OptimalOutcome::Unsolvable => (Some(false), Some(PathCount::Exact(0))),
            OptimalOutcome::LimitReached(_) => (None, None),
        };
        Answer {
            start,
            metric,
            solvable,
            moves: graph.map(|graph| graph.cost() as usize),
            count,
            end_layouts: asked
                .count
                .then(|| graph.map_or(&[][..], |graph| graph.goals())),
            paths: asked
                .all
                .map(|_| paths.iter().map(|path| path.states()).collect()),
            limit: result.outcome.limit().copied(),
        }
    }
}

fn write_report(
    out: &mut impl Write,
    start: Layout,
    result: &Found,
    asked: &Asked,
    paths: &[Path<Layout, Move>],
) -> io::Result<()> {
    writeln!(out, "CommonCode {}", CommonCode::from(start))?;
    write_grid(out, &start.labels())?;
    writeln!(out)?;
    match &result.outcome {
        OptimalOutcome::Solved(graph) => {
            let ends = graph.goals();
            let plural =
                |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
            writeln!(
                out,
                "{} optimal solution{} of {}, ending in {}",
                graph.count(),
                if graph.count() == PathCount::Exact(1) {
                    ""
                } else {
                    "s"
                },
                plural(graph.cost() as usize, "move"),
                plural(ends.len(), "layout"),
            )?;
            if asked.count {
                for end in ends {
                    writeln!(out, "\nCommonCode {}", CommonCode::from(*end))?;
                    write_grid(out, &end.labels())?;
                }
            }
            if asked.all.is_some() {
                writeln!(out, "\nThe first {}:", plural(paths.len(), "solution"))?;
                for (number, path) in paths.iter().enumerate() {
                    writeln!(out, "{:>4}. {}", number + 1, move_list(path))?;
                }
            }
            writeln!(out)?;
        }
        OptimalOutcome::Unsolvable => writeln!(
            out,
            "No solution: the general can never reach the exit from this layout.\n"
        )?,
        OptimalOutcome::LimitReached(limit) => {
            writeln!(out, "Stopped before an answer: {limit}.\n")?
        }
    }
    write_stats(out, &result.stats)
}

/// The moves of `path`, each the label of the piece (as on the start's grid,
/// stable along the path) and its route: `b down, A left-down, ...`.
fn move_list(path: &Path<Layout, Move>) -> String {
    let labels = path_labels(path.states()).unwrap_or_default();
    let moves: Vec<String> = path
        .steps()
        .zip(&labels)
        .map(|((before, mv, _), labels)| {
            let label = labels.get(usize::from(mv.from)).copied().unwrap_or('?');
            let route: Vec<&str> = mv
                .route(*before)
                .unwrap_or_default()
                .iter()
                .map(|direction| direction.name())
                .collect();
            format!("{label} {}", route.join("-"))
        })
        .collect();
    moves.join(", ")
}

/// `--farthest`: the largest distance from `start` within its group, and
/// every layout at it, mirror images apart (SPEC §3.1).
pub fn farthest(
    out: &mut impl Write,
    start: Layout,
    metric: Metric,
    limits: &Limits,
    json: bool,
) -> io::Result<()> {
    // Unfolded, so that a layout and its mirror image are two layouts.
    let puzzle = Klotski::new(metric).with_mirror_folding(false);
    let result = puzzle_search::search::farthest(&puzzle, start, limits);
    let (distance, mut layouts, limit) = match result.outcome {
        Ok(found) => (Some(found.distance), found.states, None),
        Err(limit) => (None, Vec::new(), Some(limit)),
    };
    layouts.sort_unstable_by_key(|&layout| CommonCode::from(layout));
    if json {
        #[derive(Serialize)]
        struct Farthest<'a> {
            start: Layout,
            metric: Metric,
            distance: Option<u32>,
            layouts: &'a [Layout],
            #[serde(skip_serializing_if = "Option::is_none")]
            limit: Option<Limit>,
        }
        let answer = Farthest {
            start,
            metric,
            distance,
            layouts: &layouts,
            limit,
        };
        return super::common::write_json_line(out, &answer);
    }
    match (distance, limit) {
        (Some(distance), _) => {
            writeln!(out, "farthest: {distance} moves, {} layouts", layouts.len())?;
            for layout in &layouts {
                writeln!(out)?;
                writeln!(out, "CommonCode {}", CommonCode::from(*layout))?;
                write_grid(out, &layout.labels())?;
            }
        }
        (None, Some(limit)) => writeln!(out, "unknown: {limit}")?,
        (None, None) => {}
    }
    write_stats(out, &result.stats)
}
