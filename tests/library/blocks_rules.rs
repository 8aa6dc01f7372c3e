//! Sliding blocks against themselves and a brute force, on random boards:
//! parse and print, every successor legal and none missing, predecessors,
//! pruning, folding of interchangeable pieces, engines against BFS.

use crate::support;

use std::collections::HashSet;

use proptest::prelude::*;
use puzzle_search::blocks::{Blocks, Layout, Metric, Movement, Setup};
use puzzle_search::search::{astar, bfs, bidirectional_bfs, idastar, Limits};
use puzzle_search::Puzzle;
use support::SplitMix64;

/// A random board of at most 20 cells: rectangles of up to 3×3 (the first,
/// `A`, the goal piece), a few walls, some pieces on one axis, sometimes
/// `distinct`; the goal `A` at a random place where it fits, or (one time in
/// four) a second drawing from a few random moves.
fn random_text(seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let rows = 2 + rng.below(3);
    let columns = 2 + rng.below(3);
    let mut grid = vec!['.'; rows * columns];
    let mut sizes = Vec::new();
    let letters = ['A', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    for _ in 0..14 {
        let tall = usize::from(rng.below(3) == 0);
        let (h, w) = (1 + rng.below(2 + tall), 1 + rng.below(2));
        let (r, c) = (rng.below(rows), rng.below(columns));
        let Some(&letter) = letters.get(sizes.len()) else {
            break;
        };
        let free = r + h <= rows
            && c + w <= columns
            && (r..r + h).all(|r| (c..c + w).all(|c| grid[r * columns + c] == '.'));
        if free {
            for r in r..r + h {
                for c in c..c + w {
                    grid[r * columns + c] = letter;
                }
            }
            sizes.push((letter, h, w));
        }
    }
    if sizes.is_empty() {
        // Every try overran the board: the goal piece alone, 1×1, so that
        // there is a goal piece to name.
        grid[0] = 'A';
        sizes.push(('A', 1, 1));
    }
    for _ in 0..rng.below(3) {
        let cell = rng.below(rows * columns);
        if grid[cell] == '.' {
            grid[cell] = '#';
        }
    }
    let rows_text: Vec<String> = grid
        .chunks(columns)
        .map(|row| row.iter().collect())
        .collect();
    let mut text = format!("; seed {seed}\n{}\n", rows_text.join("\n"));
    let (_, h, w) = sizes[0];
    let places: Vec<(usize, usize)> = (0..=rows - h)
        .flat_map(|r| (0..=columns - w).map(move |c| (r, c)))
        .filter(|&(r, c)| (r..r + h).all(|r| (c..c + w).all(|c| grid[r * columns + c] != '#')))
        .collect();
    let (r, c) = places[rng.below(places.len())];
    text += &format!("goal A {},{}\n", r + 1, c + 1);
    match rng.below(3) {
        0 => text += "axis all\n",
        1 => {
            let axis: Vec<String> = sizes
                .iter()
                .filter(|_| rng.below(2) == 0)
                .map(|(letter, _, _)| letter.to_string())
                .collect();
            if !axis.is_empty() {
                text += &format!("axis {}\n", axis.join(" "));
            }
        }
        _ => {}
    }
    if rng.below(4) == 0 {
        text += "distinct\n";
    }
    if rng.below(4) == 0 {
        // A layout goal: the board after a few random moves.
        let setup: Setup = text.parse().unwrap();
        let mut lettered = setup.lettered().clone();
        for _ in 0..4 {
            let mut moves = Vec::new();
            setup
                .blocks()
                .successors(&lettered.layout, |mv, _| moves.push(mv));
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            lettered = setup.apply(&lettered, mv, Metric::Piece).unwrap().1;
        }
        let goal = format!("goal\n{}\n", setup.rows(&lettered).join("\n"));
        text = text.replace(&format!("goal A {},{}\n", r + 1, c + 1), &goal);
    }
    text
}

/// A piece as the brute force sees it: top-left row and column, size,
/// movement, and whether it is the goal piece (which [`rects`] leaves unset).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Rect {
    pub(crate) row: usize,
    pub(crate) column: usize,
    pub(crate) height: usize,
    pub(crate) width: usize,
    pub(crate) axis: bool,
    pub(crate) goal: bool,
}

/// The pieces of `layout` as the brute force sees them, sorted.
pub(crate) fn rects(blocks: &Blocks, layout: Layout) -> Vec<Rect> {
    let mut rects: Vec<Rect> = blocks
        .pieces(layout)
        .map(|(anchor, kind)| {
            let (row, column) = blocks.position(anchor);
            Rect {
                row,
                column,
                height: kind.height.into(),
                width: kind.width.into(),
                axis: kind.movement == Movement::Axis,
                goal: false,
            }
        })
        .collect();
    rects.sort();
    rects
}

/// Every layout one move away, by brute force on rectangles and a grid.
fn brute_successors(blocks: &Blocks, layout: Layout, metric: Metric) -> Vec<Vec<Rect>> {
    let pieces = rects(blocks, layout);
    brute_moves(
        blocks.rows(),
        blocks.columns(),
        blocks.walls(),
        &pieces,
        metric,
    )
}

/// Every arrangement of `pieces` (sorted) one move away on a board of `rows`
/// by `columns` with `walls`, each sorted, by brute force on a grid of cells.
pub(crate) fn brute_moves(
    rows: usize,
    columns: usize,
    walls: u64,
    pieces: &[Rect],
    metric: Metric,
) -> Vec<Vec<Rect>> {
    let (rows, columns) = (rows as i32, columns as i32);
    let mut result = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let mut busy: Vec<bool> = (0..rows * columns)
            .map(|cell| walls >> cell & 1 == 1)
            .collect();
        for (j, other) in pieces.iter().enumerate() {
            if i != j {
                for r in other.row..other.row + other.height {
                    for c in other.column..other.column + other.width {
                        busy[r * columns as usize + c] = true;
                    }
                }
            }
        }
        let (h, w) = (piece.height as i32, piece.width as i32);
        let fits = |r: i32, c: i32| {
            r >= 0
                && c >= 0
                && r + h <= rows
                && c + w <= columns
                && (r..r + h).all(|r| (c..c + w).all(|c| !busy[(r * columns + c) as usize]))
        };
        let directions: Vec<(i32, i32)> = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter(|&(dr, _)| !piece.axis || (h != w && (dr != 0) == (h > w)))
            .collect();
        let start = (piece.row as i32, piece.column as i32);
        let mut targets = Vec::new();
        match metric {
            Metric::Step => {
                for &(dr, dc) in &directions {
                    if fits(start.0 + dr, start.1 + dc) {
                        targets.push((start.0 + dr, start.1 + dc));
                    }
                }
            }
            Metric::Slide => {
                for &(dr, dc) in &directions {
                    let mut at = (start.0 + dr, start.1 + dc);
                    while fits(at.0, at.1) {
                        targets.push(at);
                        at = (at.0 + dr, at.1 + dc);
                    }
                }
            }
            Metric::Piece => {
                let mut seen = HashSet::from([start]);
                let mut queue = vec![start];
                while let Some((r, c)) = queue.pop() {
                    for &(dr, dc) in &directions {
                        let next = (r + dr, c + dc);
                        if fits(next.0, next.1) && seen.insert(next) {
                            targets.push(next);
                            queue.push(next);
                        }
                    }
                }
            }
        }
        for (r, c) in targets {
            let mut next = pieces.to_vec();
            next[i].row = r as usize;
            next[i].column = c as usize;
            next.sort();
            result.push(next);
        }
    }
    result.sort();
    result
}

/// The layouts of a random walk of `steps` moves from the start.
fn walk(setup: &Setup, seed: u64, steps: usize) -> Vec<Layout> {
    let mut rng = SplitMix64::new(seed);
    let mut layout = setup.start();
    let mut layouts = vec![layout];
    for _ in 0..steps {
        let mut next = Vec::new();
        setup
            .blocks()
            .successors(&layout, |_, child| next.push(child));
        if next.is_empty() {
            break;
        }
        layout = next[rng.below(next.len())];
        layouts.push(layout);
    }
    layouts
}

/// Each layout of a random walk on the board of `seed`, under each metric.
fn cases(seed: u64, steps: usize) -> Vec<(Metric, Blocks, Layout)> {
    let setup: Setup = random_text(seed).parse().unwrap();
    let walk = walk(&setup, seed, steps);
    walk.into_iter()
        .flat_map(|layout| Metric::ALL.map(|metric| (metric, setup.puzzle(metric), layout)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Printed and parsed back, a setup is the same; printed again, the same text.
    #[test]
    fn parse_and_print_round_trip(seed in any::<u64>()) {
        let text = random_text(seed);
        let setup: Setup = text.parse().unwrap();
        let printed = setup.to_string();
        let again: Setup = printed.parse().unwrap();
        prop_assert_eq!(&again, &setup, "{}\n{}", text, printed);
        prop_assert_eq!(again.to_string(), printed);
    }

    /// Every successor is a legal layout one move away, and none is missing:
    /// the same multiset as a brute force on rectangles, in every metric.
    #[test]
    fn successors_are_the_brute_force_moves(seed in any::<u64>()) {
        for (metric, puzzle, layout) in cases(seed, 6) {
            let mut ours = Vec::new();
            puzzle.successors(&layout, |_, next| ours.push(rects(&puzzle, next)));
            ours.sort();
            prop_assert_eq!(ours, brute_successors(&puzzle, layout, metric));
        }
    }

    /// Predecessors are the successors reversed: each leads here by its
    /// move, and there are as many.
    #[test]
    fn predecessors_are_reversed_successors(seed in any::<u64>()) {
        use puzzle_search::Backward;
        for (_, puzzle, layout) in cases(seed, 4) {
            let mut count = 0;
            puzzle.predecessors(&layout, |mv, previous| {
                count += 1;
                let mut found = false;
                puzzle.successors(&previous, |m, next| found |= m == mv && next == layout);
                assert!(found, "{mv:?}");
            });
            let mut successors = 0;
            puzzle.successors(&layout, |_, _| successors += 1);
            prop_assert_eq!(count, successors);
        }
    }

    /// `successors_after` leaves out only the state before and its successors.
    #[test]
    fn pruning_leaves_out_only_what_the_state_before_reaches(seed in any::<u64>()) {
        for (_, puzzle, layout) in cases(seed, 4) {
            let mut near: HashSet<Layout> = HashSet::from([layout]);
            puzzle.successors(&layout, |_, next| { near.insert(next); });
            let mut children = Vec::new();
            puzzle.successors(&layout, |mv, child| children.push((mv, child)));
            for (mv, child) in children {
                let mut all = Vec::new();
                puzzle.successors(&child, |m, next| all.push((m, next)));
                let mut kept = Vec::new();
                puzzle.successors_after(&child, &mv, |m, next| kept.push((m, next)));
                prop_assert!(kept.iter().all(|k| all.contains(k)));
                for left_out in all.iter().filter(|a| !kept.contains(a)) {
                    prop_assert!(near.contains(&left_out.1), "{:?}", left_out);
                }
            }
        }
    }

    /// Swapping the letters of two interchangeable pieces gives the same
    /// layout; with `distinct`, another one.
    #[test]
    fn interchangeable_pieces_fold_to_one_key(seed in any::<u64>()) {
        let text = random_text(seed);
        let setup: Setup = text.parse().unwrap();
        let rows = setup.rows(setup.lettered());
        let letters = setup.lettered().letters();
        let pieces: Vec<_> = setup.blocks().pieces(setup.start()).zip(letters).collect();
        let pair = pieces.iter().enumerate().find_map(|(i, ((_, a), x))| {
            pieces[i + 1..].iter().find(|((_, b), y)| a == b && **x != 'A' && **y != 'A').map(|(_, y)| (**x, **y))
        });
        if let Some((x, y)) = pair {
            let swap = |row: &String| -> String {
                row.chars().map(|c| if c == x { y } else if c == y { x } else { c }).collect()
            };
            let body: Vec<String> = rows.iter().map(swap).collect();
            // The start with the two letters swapped, as the goal: met at once
            // unless the pieces are distinct.
            let text = format!("{}\ngoal\n{}\n", rows.join("\n"), body.join("\n"));
            let plain: Setup = text.parse().unwrap();
            prop_assert!(plain.blocks().is_solved(plain.start()));
            let distinct: Setup = format!("{text}distinct\n").parse().unwrap();
            prop_assert!(!distinct.blocks().is_solved(distinct.start()));
            // And parsed from the swapped drawing, the start is the same layout.
            let swapped: Setup = format!("{}\ngoal\n{}\n", body.join("\n"), rows.join("\n")).parse().unwrap();
            prop_assert_eq!(swapped.start(), plain.start());
        }
    }

    /// A*, IDA* and bidirectional BFS find BFS's optimum.
    #[test]
    fn engines_agree_with_bfs(seed in any::<u64>()) {
        let setup: Setup = random_text(seed).parse().unwrap();
        for metric in Metric::ALL {
            let puzzle = setup.puzzle(metric);
            let expected = bfs(&puzzle, setup.start(), &Limits::new()).outcome.path().map(|p| p.len());
            let table = Limits::new().with_table_capacity(support::TABLE);
            prop_assert_eq!(astar(&puzzle, setup.start(), &Limits::new()).outcome.path().map(|p| p.len()), expected);
            prop_assert_eq!(idastar(&puzzle, setup.start(), &table).outcome.path().map(|p| p.len()), expected);
            let both = bidirectional_bfs(&puzzle, setup.start(), &Limits::new());
            prop_assert_eq!(both.outcome.path().map(|p| p.len()), expected, "{}", setup);
        }
    }
}
