//! Sliding blocks on the boards where mask shifts meet the edges: one row (up
//! to 64 cells), one column (up to 64 cells) and the full 8×8 board, pieces
//! on its last row and its last cell. The moves, the number of layouts the
//! start reaches and the fewest moves to the goal are checked against a brute
//! force on rectangles (`blocks_rules`), in every metric, and each
//! predecessor against the successors.

use crate::blocks_rules::{brute_moves, rects, Rect};
use crate::support::SplitMix64;

use std::collections::{HashSet, VecDeque};

use proptest::prelude::*;
use puzzle_search::blocks::{Metric, Setup};
use puzzle_search::search::{bfs, farthest, Limits};
use puzzle_search::{Backward, Puzzle};

/// The most layouts the brute force explores before the counts are skipped.
const MAX_LAYOUTS: usize = 20_000;

/// The symbols of the pieces, the goal piece's first.
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A board of one of the edge shapes, drawn, with its pieces as the brute
/// force sees them.
struct Board {
    text: String,
    rows: usize,
    columns: usize,
    walls: u64,
    pieces: Vec<Rect>,
    /// The goal piece's goal: row and column of its top-left cell.
    goal: (usize, usize),
}

#[derive(Clone, Copy, Debug)]
enum Shape {
    Row,
    Column,
    Full,
}

/// A random board of `shape`: one row or one column of 2 to 64 cells, or
/// 8×8; one to four empty cells (on 8×8, up to six), never the last cell, so a piece covers it;
/// the rest filled with rectangles from the last cell back (along the line,
/// up to 6 cells long; on 8×8, a goal piece of up to 2×2 and dominoes, a
/// wall where none fits); sometimes some pieces on one axis. The goal piece's
/// goal is anywhere it fits, or (two times in three) where a random walk
/// takes it.
fn random_board(seed: u64, shape: Shape) -> Option<Board> {
    let mut rng = SplitMix64::new(seed);
    let (rows, columns) = match shape {
        Shape::Row => (1, 2 + rng.below(63)),
        Shape::Column => (2 + rng.below(63), 1),
        Shape::Full => (8, 8),
    };
    let cells = rows * columns;
    let mut grid = vec![' '; cells];
    let empty = match shape {
        Shape::Full => 1 + rng.below(6),
        _ => 1 + rng.below(4),
    };
    for _ in 0..empty {
        // Any cell but the last.
        grid[rng.below(cells - 1)] = '.';
    }
    let mut letters = LETTERS.chars();
    let mut pieces = Vec::new();
    // From the last cell back, each piece with its bottom-right cell there.
    for cell in (0..cells).rev() {
        if grid[cell] != ' ' {
            continue;
        }
        let (bottom, right) = (cell / columns, cell % columns);
        let (mut height, mut width) = match shape {
            Shape::Row => (1, 1 + rng.below(6)),
            Shape::Column => (1 + rng.below(6), 1),
            // Dominoes, so that the 30 or so pieces fit in a code.
            Shape::Full if !pieces.is_empty() => [(1, 2), (2, 1)][rng.below(2)],
            Shape::Full => (1 + rng.below(2), 1 + rng.below(2)),
        };
        let free = |height: usize, width: usize| {
            height <= bottom + 1
                && width <= right + 1
                && (bottom + 1 - height..=bottom)
                    .all(|r| (right + 1 - width..=right).all(|c| grid[r * columns + c] == ' '))
        };
        // Shrink until it fits: a 1×1 always does.
        while !free(height, width) {
            if width >= height && width > 1 {
                width -= 1;
            } else {
                height -= 1;
            }
        }
        if matches!(shape, Shape::Full) && !pieces.is_empty() && height * width == 1 {
            // Not a third kind of piece on 8×8: a wall.
            grid[cell] = '#';
            continue;
        }
        let (row, column) = (bottom + 1 - height, right + 1 - width);
        let letter = letters.next()?;
        for r in row..row + height {
            for c in column..column + width {
                grid[r * columns + c] = letter;
            }
        }
        pieces.push((
            letter,
            Rect {
                row,
                column,
                height,
                width,
                axis: false,
                goal: pieces.is_empty(),
            },
        ));
    }
    let mut axis = Vec::new();
    if rng.below(3) == 0 {
        // On 8×8, all of them or none: two kinds more would not fit.
        let all = matches!(shape, Shape::Full);
        for (letter, piece) in &mut pieces {
            if all || rng.below(2) == 0 {
                piece.axis = true;
                axis.push(letter.to_string());
            }
        }
    }
    let &(_, first) = pieces.first()?;
    let walls = grid
        .iter()
        .enumerate()
        .filter(|(_, symbol)| **symbol == '#')
        .fold(0u64, |walls, (cell, _)| walls | 1 << cell);
    let places: Vec<(usize, usize)> = (0..=rows - first.height)
        .flat_map(|r| (0..=columns - first.width).map(move |c| (r, c)))
        .filter(|&(r, c)| {
            (r..r + first.height)
                .all(|r| (c..c + first.width).all(|c| walls >> (r * columns + c) & 1 == 0))
        })
        .collect();
    let mut goal = *places.get(rng.below(places.len()))?;
    let mut sorted: Vec<Rect> = pieces.iter().map(|(_, piece)| *piece).collect();
    sorted.sort();
    if rng.below(3) != 0 {
        // Where the goal piece is after a random walk, a goal in reach.
        for _ in 0..30 {
            let next = brute_moves(rows, columns, walls, &sorted, Metric::Step);
            let Some(next) = next.get(rng.below(next.len().max(1))) else {
                break;
            };
            sorted.clone_from(next);
        }
        goal = sorted
            .iter()
            .find(|piece| piece.goal)
            .map(|piece| (piece.row, piece.column))?;
    }
    let drawing: Vec<String> = grid
        .chunks(columns)
        .map(|row| row.iter().collect())
        .collect();
    let mut text = format!(
        "; seed {seed}\n{}\ngoal A {},{}\n",
        drawing.join("\n"),
        goal.0 + 1,
        goal.1 + 1
    );
    if !axis.is_empty() {
        text += &format!("axis {}\n", axis.join(" "));
    }
    let mut pieces: Vec<Rect> = pieces.into_iter().map(|(_, piece)| piece).collect();
    pieces.sort();
    Some(Board {
        text,
        rows,
        columns,
        walls,
        pieces,
        goal,
    })
}

/// The brute force's breadth-first search from the start: the number of
/// arrangements reached (pieces of one size and movement interchangeable, the
/// goal piece apart, as in a layout) and the fewest moves to the goal; `None`
/// beyond [`MAX_LAYOUTS`].
fn brute_search(board: &Board, metric: Metric) -> Option<(usize, Option<usize>)> {
    let solved = |pieces: &[Rect]| {
        pieces
            .iter()
            .any(|p| p.goal && (p.row, p.column) == board.goal)
    };
    let mut seen: HashSet<Vec<Rect>> = HashSet::from([board.pieces.clone()]);
    let mut queue = VecDeque::from([(board.pieces.clone(), 0)]);
    let mut moves = None;
    while let Some((pieces, distance)) = queue.pop_front() {
        if moves.is_none() && solved(&pieces) {
            moves = Some(distance);
        }
        for next in brute_moves(board.rows, board.columns, board.walls, &pieces, metric) {
            if seen.len() >= MAX_LAYOUTS {
                return None;
            }
            if seen.insert(next.clone()) {
                queue.push_back((next, distance + 1));
            }
        }
    }
    Some((seen.len(), moves))
}

/// Checks the engine against the brute force on the board of `seed`.
fn check(seed: u64, shape: Shape) -> Result<(), TestCaseError> {
    let Some(board) = random_board(seed, shape) else {
        return Ok(());
    };
    // Too many kinds for the number of pieces is an error of the drawing.
    let Ok(setup) = board.text.parse::<Setup>() else {
        return Ok(());
    };
    let text = &board.text;
    for metric in Metric::ALL {
        let puzzle = setup.puzzle(metric);
        // The moves of every layout of a short random walk, against the brute force.
        let mut rng = SplitMix64::new(seed);
        let mut layout = setup.start();
        for _ in 0..8 {
            let mut ours = Vec::new();
            let mut children = Vec::new();
            puzzle.successors(&layout, |mv, next| {
                ours.push(rects(&puzzle, next));
                children.push((mv, next));
            });
            ours.sort();
            let here = rects(&puzzle, layout);
            let brute = brute_moves(board.rows, board.columns, board.walls, &here, metric);
            prop_assert_eq!(&ours, &brute, "{} {:?}", text, metric);
            // Each predecessor leads here by its move.
            puzzle.predecessors(&layout, |mv, previous| {
                let mut found = false;
                puzzle.successors(&previous, |m, next| found |= m == mv && next == layout);
                assert!(found, "{text} {metric:?} {mv:?}");
            });
            let Some(&(_, next)) = children.get(rng.below(children.len().max(1))) else {
                break;
            };
            layout = next;
        }
        // The layouts reached and the fewest moves, against the brute force.
        let Some((reached, moves)) = brute_search(&board, metric) else {
            continue;
        };
        let unfolded = puzzle.clone().with_mirror_folding(false);
        let all = farthest(&unfolded, setup.start(), &Limits::new());
        let all = all
            .outcome
            .map_err(|limit| TestCaseError::fail(format!("{limit:?}")))?;
        prop_assert_eq!(all.reached as usize, reached, "{} {:?}", text, metric);
        let ours = bfs(&puzzle, setup.start(), &Limits::new());
        prop_assert_eq!(
            ours.outcome.path().map(|p| p.len()),
            moves,
            "{} {:?}",
            text,
            metric
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// One row of up to 64 cells: steps left and right that must not wrap.
    #[test]
    fn one_row_matches_the_brute_force(seed in any::<u64>()) {
        check(seed, Shape::Row)?;
    }

    /// One column of up to 64 cells: steps of a whole row, to cell 63.
    #[test]
    fn one_column_matches_the_brute_force(seed in any::<u64>()) {
        check(seed, Shape::Column)?;
    }

    /// The full 8×8 board, every cell in the mask, pieces on the last row.
    #[test]
    fn full_board_matches_the_brute_force(seed in any::<u64>()) {
        check(seed, Shape::Full)?;
    }
}

/// The random boards are not checked in name only: most of them parse, the
/// brute force counts the layouts of many, and some have their goal in reach.
#[test]
fn edge_boards_are_mostly_checked() {
    for shape in [Shape::Row, Shape::Column, Shape::Full] {
        let (mut parsed, mut counted, mut solvable) = (0, 0, 0);
        for seed in 0..40 {
            let Some(board) = random_board(seed, shape) else {
                continue;
            };
            if board.text.parse::<Setup>().is_err() {
                continue;
            }
            parsed += 1;
            if let Some((_, moves)) = brute_search(&board, Metric::Step) {
                counted += 1;
                solvable += usize::from(moves.is_some());
            }
        }
        eprintln!("{shape:?}: {parsed} parsed, {counted} counted, {solvable} solvable");
        assert!(
            parsed >= 30 && counted >= 15 && solvable >= 5,
            "{shape:?}: {parsed} parsed, {counted} counted, {solvable} solvable"
        );
    }
}

/// On 8×8, no step wraps from one row's end to the next row's start: `A`
/// and `B` stand at the start of a row with the cell before them (the end of
/// the row above) empty, `D` at the end of one with the cell after it empty.
/// Only `D` down, `A` up and `C` (on the last cell) up or left may move.
#[test]
fn no_step_wraps_around_a_row() {
    let text = "\
#######D
.######.
A#######
########
########
########
#######.
B#####.C
goal C 8,7
";
    let setup: Setup = text.parse().unwrap();
    let (rows, columns) = (8, 8);
    for metric in Metric::ALL {
        let puzzle = setup.puzzle(metric);
        let mut moves = Vec::new();
        let mut ours = Vec::new();
        puzzle.successors(&setup.start(), |mv, next| {
            moves.push((mv.from, mv.to));
            ours.push(rects(&puzzle, next));
        });
        moves.sort();
        assert_eq!(moves, [(7, 15), (16, 8), (63, 55), (63, 62)], "{metric:?}");
        ours.sort();
        let here = rects(&puzzle, setup.start());
        let brute = brute_moves(rows, columns, puzzle.walls(), &here, metric);
        assert_eq!(ours, brute, "{metric:?}");
    }
}
