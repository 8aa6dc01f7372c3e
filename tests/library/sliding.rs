//! The sliding-tile puzzle against an independent model: boards as plain tile
//! vectors with their own moves, exact distances from the reference BFS over
//! that model, and the engines on top.

use crate::support;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use proptest::prelude::*;
use puzzle_search::atlas::{self, Options};
use puzzle_search::search::{
    astar, bfs, bidirectional_bfs, idastar, Engine, Limits, Outcome, TwoWay,
};
use puzzle_search::sliding::{
    moved_tiles, parse_board, Board, BoardError, Direction, HeuristicKind, ParsedBoard, Shape,
    Sliding, SolvableBoards,
};
use puzzle_search::{Backward, DenseSpace, Puzzle};
use support::{ReferenceBfs, SplitMix64};

// ---------------------------------------------------------------- the model

/// A board as its tiles in row-major order, 0 the blank: nothing of the library's.
type Tiles = Vec<u8>;

/// The model puzzle: its own moves on tile vectors, the blank going up, left,
/// right, down.
struct Model {
    rows: usize,
    columns: usize,
}

impl Model {
    fn of(shape: Shape) -> Self {
        Model {
            rows: shape.rows(),
            columns: shape.columns(),
        }
    }

    fn goal(&self) -> Tiles {
        (0..(self.rows * self.columns) as u8).collect()
    }

    /// Every board one move away: the blank swapped with a neighbour.
    fn moves(&self, tiles: &Tiles) -> Vec<Tiles> {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let (row, column) = (blank / self.columns, blank % self.columns);
        let mut next = Vec::new();
        for (dr, dc) in [(-1i32, 0i32), (0, -1), (0, 1), (1, 0)] {
            let (r, c) = (row as i32 + dr, column as i32 + dc);
            if (0..self.rows as i32).contains(&r) && (0..self.columns as i32).contains(&c) {
                let mut board = tiles.clone();
                board.swap(blank, r as usize * self.columns + c as usize);
                next.push(board);
            }
        }
        next
    }
}

impl Puzzle for Model {
    type State = Tiles;
    type Move = ();
    type Key = [u8; 25];

    fn encode(&self, tiles: &Tiles) -> [u8; 25] {
        let mut key = [u8::MAX; 25];
        key[..tiles.len()].copy_from_slice(tiles);
        key
    }
    fn successors(&self, tiles: &Tiles, mut emit: impl FnMut((), Tiles)) {
        for next in self.moves(tiles) {
            emit((), next);
        }
    }
    fn is_goal(&self, tiles: &Tiles) -> bool {
        *tiles == self.goal()
    }
}

fn board(shape: Shape, tiles: &[u8]) -> Board {
    Board::from_tiles(shape, tiles).unwrap()
}

fn tiles(board: Board) -> Tiles {
    board.tiles().collect()
}

/// The exact distance to the goal of every solvable board of `shape`, by the
/// model alone.
fn exact_distances(shape: Shape) -> HashMap<Tiles, u32> {
    let model = Model::of(shape);
    ReferenceBfs::new(&model, [model.goal()]).collect()
}

/// Every permutation of `0..n`, by Heap's algorithm.
fn permutations(n: u8, mut visit: impl FnMut(&[u8])) {
    let mut items: Vec<u8> = (0..n).collect();
    let mut counters = vec![0usize; n as usize];
    visit(&items);
    let mut i = 0;
    while i < n as usize {
        if counters[i] < i {
            items.swap(if i % 2 == 0 { 0 } else { counters[i] }, i);
            visit(&items);
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
}

/// `board` made solvable: two tiles (not the blank) swapped when it is not.
fn solvable(board: Board) -> Board {
    if board.is_solvable() {
        return board;
    }
    let mut tiles = tiles(board);
    let mut others = (0..tiles.len()).filter(|&cell| tiles[cell] != 0);
    let (a, b) = (others.next().unwrap(), others.next().unwrap());
    tiles.swap(a, b);
    let board = Board::from_tiles(board.shape(), &tiles).unwrap();
    assert!(board.is_solvable());
    board
}

// ---------------------------------------------------------------- strategies

fn any_shape() -> impl Strategy<Value = Shape> {
    (2..=5usize, 2..=5usize).prop_map(|(rows, columns)| Shape::new(rows, columns).unwrap())
}

fn any_board_of(shape: Shape) -> impl Strategy<Value = Board> {
    Just((0..shape.cells() as u8).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(move |tiles| board(shape, &tiles))
}

fn any_board() -> impl Strategy<Value = Board> {
    any_shape().prop_flat_map(any_board_of)
}

/// The board after a walk of random moves from the goal of a random shape.
fn any_walk() -> impl Strategy<Value = Board> {
    (any_shape(), prop::collection::vec(0..4usize, 0..200)).prop_map(|(shape, choices)| {
        choices
            .into_iter()
            .fold(Board::goal(shape), |board, choice| {
                let open: Vec<Direction> = board.directions().collect();
                board.play(open[choice % open.len()]).unwrap()
            })
    })
}

// ---------------------------------------------------------------- boards and text

proptest! {
    #[test]
    fn tiles_and_code_round_trip(board in any_board()) {
        let shape = board.shape();
        let bits = shape.bits_per_cell();
        prop_assert_eq!(bits, if shape.cells() <= 16 { 4 } else { 5 });
        let expected = board.tiles().enumerate().fold(0u128, |code, (cell, tile)| {
            code | u128::from(tile) << (bits as usize * cell)
        });
        prop_assert_eq!(board.code(), expected);
        prop_assert_eq!(Board::from_code(shape, board.code()), Some(board));
        prop_assert_eq!(Board::from_tiles(shape, &tiles(board)), Ok(board));
        prop_assert_eq!(board.tile_at(board.blank()), Some(0));
        prop_assert_eq!(board.tile_at(shape.cells()), None);
        for (cell, tile) in board.tiles().enumerate() {
            prop_assert_eq!(board.tile_at(cell), Some(tile));
        }
    }

    #[test]
    fn text_round_trips(board in any_board(), instance in any::<u64>()) {
        let shape = board.shape();
        // The grid form shows its shape.
        prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        prop_assert_eq!(board.to_string().lines().count(), shape.rows());
        // The one-line form, with the shape, with commas, with an instance number.
        let line = board.to_row_string();
        let plain = ParsedBoard { instance: None, board };
        prop_assert_eq!(parse_board(&line, Some(shape)), Ok(plain));
        prop_assert_eq!(parse_board(&line.replace(' ', ","), Some(shape)), Ok(plain));
        let numbered = format!("{instance}\t{line}\n");
        let parsed = ParsedBoard { instance: Some(instance), board };
        prop_assert_eq!(parse_board(&numbered, Some(shape)), Ok(parsed));
        if shape.rows() == shape.columns() && shape.rows() > 2 {
            prop_assert_eq!(parse_board(&line, None), Ok(plain));
            prop_assert_eq!(parse_board(&numbered, None), Ok(parsed));
        }
    }

    #[test]
    fn moves_swap_the_blank_with_a_neighbour(board in any_board()) {
        let puzzle = Sliding::new();
        let shape = board.shape();
        let mut successors = Vec::new();
        puzzle.successors(&board, |direction, next| successors.push((direction, next)));
        // The model's moves, in the same order.
        let model: Vec<Tiles> = Model::of(shape).moves(&tiles(board));
        prop_assert_eq!(successors.iter().map(|&(_, next)| tiles(next)).collect::<Vec<_>>(), model);
        let directions: Vec<Direction> = successors.iter().map(|&(direction, _)| direction).collect();
        prop_assert_eq!(&directions, &board.directions().collect::<Vec<_>>());
        let order: Vec<Direction> =
            Direction::ALL.into_iter().filter(|d| directions.contains(d)).collect();
        prop_assert_eq!(&directions, &order); // up, left, right, down
        for &(direction, next) in &successors {
            // One swap: the blank and the tile moved, which are neighbours.
            let changed: Vec<usize> = (0..shape.cells())
                .filter(|&cell| board.tile_at(cell) != next.tile_at(cell))
                .collect();
            prop_assert_eq!(changed.len(), 2);
            let (from, to) = (board.blank(), next.blank());
            prop_assert!(changed.contains(&from) && changed.contains(&to));
            let (dr, dc) = match direction {
                Direction::Up => (-1, 0),
                Direction::Left => (0, -1),
                Direction::Right => (0, 1),
                Direction::Down => (1, 0),
            };
            prop_assert_eq!(shape.row_of(to) as i32 - shape.row_of(from) as i32, dr);
            prop_assert_eq!(shape.column_of(to) as i32 - shape.column_of(from) as i32, dc);
            prop_assert_eq!(board.neighbour(direction), Some(to));
            prop_assert_eq!(board.tile_moved_by(direction), board.tile_at(to));
            prop_assert_eq!(next.tile_at(from), board.tile_at(to));
            prop_assert_eq!(board.play(direction), Some(next));
            prop_assert_eq!(next.play(direction.reversed()), Some(board));
            prop_assert_eq!(board.manhattan_after(board.manhattan(), &next), next.manhattan());
            let tile = board.tile_moved_by(direction).unwrap();
            let delta = shape.manhattan_delta(tile, to, from);
            prop_assert_eq!(i64::from(next.manhattan()) - i64::from(board.manhattan()), i64::from(delta));
            // Pruned: everything but the way back.
            let mut after = Vec::new();
            puzzle.successors_after(&next, &direction, |d, b| after.push((d, b)));
            let mut all = Vec::new();
            puzzle.successors(&next, |d, b| all.push((d, b)));
            all.retain(|&(_, b)| b != board);
            prop_assert_eq!(after, all);
        }
        for direction in Direction::ALL {
            if !directions.contains(&direction) {
                prop_assert_eq!(board.play(direction), None);
                prop_assert_eq!(board.tile_moved_by(direction), None);
                prop_assert_eq!(board.neighbour(direction), None);
            }
        }
    }

    #[test]
    fn predecessors_lead_back(board in any_board()) {
        let puzzle = Sliding::new();
        let mut predecessors = Vec::new();
        puzzle.predecessors(&board, |mv, previous| predecessors.push((mv, previous)));
        prop_assert_eq!(predecessors.len(), board.directions().count());
        for &(mv, previous) in &predecessors {
            prop_assert_eq!(previous.play(mv), Some(board));
            let mut before = Vec::new();
            puzzle.predecessors_before(&previous, &mv, |m, p| before.push((m, p)));
            prop_assert!(before.iter().all(|&(_, p)| p != board));
            prop_assert_eq!(before.len(), previous.directions().count() - 1);
            prop_assert!(before.iter().all(|&(m, p)| p.play(m) == Some(previous)));
        }
    }

    #[test]
    fn walks_from_the_goal_are_solvable(board in any_walk()) {
        prop_assert!(board.is_solvable());
        // A swap of two tiles (not the blank) never is.
        let mut swapped = tiles(board);
        let others: Vec<usize> = (0..swapped.len()).filter(|&c| swapped[c] != 0).collect();
        for pair in others.windows(2).take(3) {
            let mut tiles = swapped.clone();
            tiles.swap(pair[0], pair[1]);
            prop_assert!(!Board::from_tiles(board.shape(), &tiles).unwrap().is_solvable());
        }
        swapped.swap(others[0], others[others.len() - 1]);
        prop_assert!(!Board::from_tiles(board.shape(), &swapped).unwrap().is_solvable());
        // Ranked in the space, and back.
        if let Ok(space) = SolvableBoards::new(board.shape()) {
            let rank = space.rank(&board);
            prop_assert!(rank < space.len());
            prop_assert_eq!(space.unrank(rank), board);
            let unsolvable = Board::from_tiles(board.shape(), &swapped).unwrap();
            prop_assert!(space.rank(&unsolvable) >= space.len());
        }
    }

    #[test]
    fn ranks_round_trip(shape in any_shape(), seed in any::<u64>()) {
        prop_assume!(shape.cells() <= 20);
        let space = SolvableBoards::new(shape).unwrap();
        let rank = seed % space.len();
        let board = space.unrank(rank);
        prop_assert_eq!(board.shape(), shape);
        prop_assert!(board.is_solvable());
        prop_assert_eq!(space.rank(&board), rank);
    }
}

#[test]
fn korf_instance_1_parses() {
    let parsed = parse_board("1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None).unwrap();
    assert_eq!(parsed.instance, Some(1));
    let board = parsed.board;
    assert_eq!(board.shape(), Shape::FIFTEEN);
    assert_eq!(
        tiles(board),
        [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    );
    assert!(board.is_solvable());
    assert_eq!(board.manhattan(), 41); // Korf's h for instance 1; its optimum is 57
    assert_eq!(board.blank(), 9);
    assert_eq!(
        board.to_string(),
        "14 13 15  7\n11 12  9  5\n 6  0  2  1\n 4  8 10  3"
    );
    assert_eq!(
        board.to_row_string(),
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    );
}

#[test]
fn parser_errors_name_what_is_wrong() {
    let error = |text: &str, shape: Option<Shape>| parse_board(text, shape).unwrap_err();
    let message = |text: &str, shape: Option<Shape>| error(text, shape).to_string();
    let three_by_four = Some(Shape::new(3, 4).unwrap());
    assert_eq!(
        error("1 2 3", None),
        BoardError::WrongCount {
            shape: None,
            found: 3
        }
    );
    assert_eq!(
        message("1 2 3", None),
        "expected 9, 16 or 25 numbers for a 3x3, 4x4 or 5x5 board \
         (or one more: an instance number, then the board), found 3"
    );
    assert_eq!(
        message("", three_by_four),
        "expected 12 numbers for a 3x4 board (or 13: an instance number, then the board), found 0"
    );
    assert_eq!(
        message("0 1 2 3 4 5 6 7 8 9 10 11 12 13", three_by_four),
        "expected 12 numbers for a 3x4 board (or 13: an instance number, then the board), found 14"
    );
    assert_eq!(
        error("1 2 3 4 five 6 7 8 0", None),
        BoardError::NotANumber {
            position: 5,
            token: "five".into()
        }
    );
    assert_eq!(
        message("1 2 3 4 5 6 7 8 0 1.5", None),
        r#"position 10: "1.5" is not a whole number"#
    );
    // A long word is quoted up to 40 characters; a bad word beats a bad count.
    let long = "x".repeat(100);
    assert_eq!(
        message(&format!("1 {long}"), None),
        format!("position 2: \"{}…\" is not a whole number", "x".repeat(40))
    );
    assert_eq!(
        message("1 2 3 4 5 6 7 8 9", None),
        "position 9: tile 9 is out of range (0 to 8)"
    );
    assert_eq!(
        error("7 0 1 2 -3 4 5 6 7 8", None),
        BoardError::TileOutOfRange {
            position: 5,
            token: "-3".into(),
            largest: 8
        }
    );
    let huge = "9".repeat(60);
    assert_eq!(
        message(&format!("0 1 2 {huge} 4 5 6 7 8"), None),
        format!(
            "position 4: tile {}… is out of range (0 to 8)",
            "9".repeat(40)
        )
    );
    assert_eq!(
        message("-1 0 1 2 3 4 5 6 7 8", None),
        "position 1: the instance number -1 is out of range"
    );
    assert_eq!(
        message("99999999999999999999 0 1 2 3 4 5 6 7 8", None),
        "position 1: the instance number 99999999999999999999 is out of range"
    );
    assert_eq!(
        error("0 1 2 3 4 5 6 7 7", None),
        BoardError::RepeatedTile {
            tile: 7,
            first: 8,
            second: 9,
            missing: 8
        }
    );
    assert_eq!(
        message("12 0 1 1 3 4 5 6 7 8", None),
        "positions 3 and 4: tile 1 appears twice, so tile 2 is missing"
    );
    // The shape of a grid, or of the count when the lines disagree.
    assert_eq!(
        "0 1\n2 3".parse::<Board>().map(Board::shape),
        Ok(Shape::new(2, 2).unwrap())
    );
    assert_eq!(
        "0 1 2 3\n4 5 6 7 8".parse::<Board>().map(Board::shape),
        Ok(Shape::EIGHT)
    );
    assert_eq!(
        Board::from_tiles(Shape::EIGHT, &[0, 1]),
        Err(BoardError::WrongCount {
            shape: Some(Shape::EIGHT),
            found: 2,
        })
    );
    // Shapes and heuristic names.
    assert_eq!(
        Shape::new(1, 7).unwrap_err().to_string(),
        "a board has 2 to 5 rows and 2 to 5 columns, not 1x7"
    );
    assert_eq!("4X5".parse(), Ok(Shape::new(4, 5).unwrap()));
    assert_eq!(" 2×3 ".parse(), Ok(Shape::new(2, 3).unwrap()));
    assert_eq!(
        "3by3".parse::<Shape>().unwrap_err().to_string(),
        r#"expected a size like 3x4 (rows x columns), found "3by3""#
    );
    assert_eq!(
        "9x3".parse::<Shape>().unwrap_err().to_string(),
        "a board has 2 to 5 rows and 2 to 5 columns, not 9x3"
    );
    assert_eq!(
        "pdb".parse::<HeuristicKind>().unwrap_err().to_string(),
        r#"unknown heuristic "pdb": expected manhattan or linear-conflict"#
    );
    assert_eq!(
        SolvableBoards::new(Shape::TWENTY_FOUR)
            .unwrap_err()
            .to_string(),
        "the boards of a 5x5 puzzle are too many to number: at most 20 cells, not 25"
    );
}

// ---------------------------------------------------------------- solvability and the space

#[test]
fn solvability_matches_brute_force_on_small_shapes() {
    for (rows, columns) in [(2, 2), (2, 3), (3, 2)] {
        let shape = Shape::new(rows, columns).unwrap();
        let reachable: HashSet<Tiles> = exact_distances(shape).into_keys().collect();
        let mut all = 0;
        permutations(shape.cells() as u8, |tiles| {
            all += 1;
            let board = board(shape, tiles);
            assert_eq!(board.is_solvable(), reachable.contains(tiles), "{board:?}");
        });
        assert_eq!(reachable.len() * 2, all);
    }
}

#[test]
fn the_eight_puzzle_has_181_440_solvable_boards() {
    let space = SolvableBoards::new(Shape::EIGHT).unwrap();
    assert_eq!(space.len(), 181_440);
    let mut solvable = 0;
    permutations(9, |tiles| {
        let board = board(Shape::EIGHT, tiles);
        let rank = space.rank(&board);
        assert_eq!(board.is_solvable(), rank < space.len());
        solvable += usize::from(board.is_solvable());
    });
    assert_eq!(solvable, 181_440);
}

#[test]
fn every_rank_round_trips_on_3x3_and_2x3() {
    for shape in [
        Shape::EIGHT,
        Shape::new(2, 3).unwrap(),
        Shape::new(3, 2).unwrap(),
    ] {
        let space = SolvableBoards::new(shape).unwrap();
        let mut seen = HashSet::new();
        space.for_each_state(0..space.len(), |rank, board| {
            assert!(board.is_solvable());
            assert_eq!(space.rank(&board), rank);
            assert!(seen.insert(board));
        });
        assert_eq!(seen.len() as u64, space.len());
        assert_eq!(space.rank(&Board::goal(shape)), 0);
        // A board of another shape is outside.
        assert!(space.rank(&Board::goal(Shape::FIFTEEN)) >= space.len());
    }
}

#[test]
fn random_3x4_boards_round_trip() {
    let shape = Shape::new(3, 4).unwrap();
    let space = SolvableBoards::new(shape).unwrap();
    assert_eq!(space.len(), 239_500_800);
    let mut rng = SplitMix64::new(34);
    for _ in 0..10_000 {
        let mut tiles: Tiles = (0..12).collect();
        for i in (1..tiles.len()).rev() {
            tiles.swap(i, rng.below(i + 1));
        }
        let board = solvable(board(shape, &tiles));
        assert_eq!(space.unrank(space.rank(&board)), board);
    }
    assert_eq!(space.rank(&space.unrank(space.len() - 1)), space.len() - 1);
    // Scanning a range steps through the same boards as unranking each,
    // across the end of one blank cell's ranks too.
    let per_blank = space.len() / 12;
    for start in [
        0,
        per_blank - 500,
        5 * per_blank - 1,
        space.len() - 700,
        rng.below(1 << 27) as u64,
    ] {
        let mut scanned = 0;
        space.for_each_state(start..start + 1000, |rank, board| {
            assert_eq!(board, space.unrank(rank));
            scanned += 1;
        });
        assert_eq!(scanned, 1000.min(space.len() - start));
    }
}

// ---------------------------------------------------------------- heuristics

#[test]
fn heuristics_are_admissible_against_exact_distances() {
    for shape in [
        Shape::new(2, 3).unwrap(),
        Shape::new(3, 2).unwrap(),
        Shape::EIGHT,
    ] {
        let distances = exact_distances(shape);
        assert_eq!(distances.len(), (1..=shape.cells()).product::<usize>() / 2);
        for (tiles, &distance) in &distances {
            let board = board(shape, tiles);
            let (manhattan, conflict) = (board.manhattan(), board.linear_conflict());
            assert!(manhattan <= conflict && conflict <= distance, "{board:?}");
            // Both keep the parity of the true distance, and vanish only at the goal.
            assert_eq!((distance - manhattan) % 2, 0);
            assert_eq!((distance - conflict) % 2, 0);
            assert_eq!(manhattan == 0, distance == 0);
            // Linear conflicts are consistent: one move changes them by one.
            Sliding::new().successors(&board, |_, next| {
                assert_eq!(next.linear_conflict().abs_diff(conflict), 1, "{board:?}");
            });
        }
        let max = distances.values().max().copied();
        assert_eq!(max, Some(if shape == Shape::EIGHT { 31 } else { 21 }));
    }
}

#[test]
fn heuristics_vanish_at_every_goal() {
    for shape in Shape::all() {
        let goal = Board::goal(shape);
        assert_eq!((goal.manhattan(), goal.linear_conflict()), (0, 0));
        assert!(goal.is_solvable() && Sliding::new().is_goal(&goal));
        for kind in HeuristicKind::ALL {
            assert_eq!(Sliding::new().with_heuristic(kind).heuristic(&goal), 0);
            assert_eq!(kind.name().parse(), Ok(kind));
        }
    }
}

#[test]
fn linear_conflict_counts_the_tiles_to_remove() {
    let extra = |text: &str| {
        let board: Board = text.parse().unwrap();
        board.linear_conflict() - board.manhattan()
    };
    // Row 0 holds 3, 2, 1, all at home in row 0 but reversed: three pairs in
    // conflict, but two tiles leaving the row are enough.
    assert_eq!(extra("0 3 2 1\n4 5 6 7\n8 9 10 11\n12 13 14 15"), 4);
    // 3, 1, 2 in row 0: 3 conflicts with both, and only 3 has to leave.
    assert_eq!(extra("0 3 1 2\n4 5 6 7\n8 9 10 11\n12 13 14 15"), 2);
    // Row 1 of a 3x3 holds 4, 3, 5: one of 4 and 3 must leave.
    assert_eq!(extra("0 1 2\n4 3 5\n6 7 8"), 2);
    // Column 0 holds 6 above 3, both at home in column 0.
    assert_eq!(extra("0 1 2\n6 4 5\n3 7 8"), 2);
    // 8, 7, 6 reversed in their goal row 2: two must leave.
    assert_eq!(extra("0 1 2\n3 4 5\n8 7 6"), 4);
    assert_eq!(extra("0 2 1\n3 4 5\n6 7 8"), 2);
    assert_eq!(extra("1 0 2\n3 4 5\n6 7 8"), 0);
}

// ---------------------------------------------------------------- the engines

#[test]
fn engines_find_the_exact_distances_on_random_3x3_boards() {
    let distances = exact_distances(Shape::EIGHT);
    let mut rng = SplitMix64::new(8);
    fn every_engine_finds<P>(puzzle: &P, start: Board, exact: usize)
    where
        P: Puzzle<State = Board, Move = Direction> + Backward,
    {
        // With a table, IDA* learns bounds above the heuristic; the
        // incremental Manhattan update must still start from the parent's
        // heuristic.
        let table = Limits::new().with_table_capacity(1 << 16);
        let results = [
            bfs(puzzle, start, &Limits::new()),
            astar(puzzle, start, &Limits::new()),
            idastar(puzzle, start, &Limits::new()),
            idastar(puzzle, start, &table),
            bidirectional_bfs(puzzle, start, &Limits::new()),
        ];
        for result in results {
            let path = result.outcome.path().expect("solvable");
            assert_eq!(path.len(), exact);
            assert!(path.replays(puzzle));
            assert_eq!(moved_tiles(path).count(), exact);
        }
    }
    for _ in 0..40 {
        let mut tiles: Tiles = (0..9).collect();
        for i in (1..9).rev() {
            tiles.swap(i, rng.below(i + 1));
        }
        let start = solvable(board(Shape::EIGHT, &tiles));
        let exact = distances[&self::tiles(start)] as usize;
        every_engine_finds(&Sliding::new(), start, exact);
        for kind in HeuristicKind::ALL {
            every_engine_finds(&Sliding::new().with_heuristic(kind), start, exact);
        }
    }
    // An unsolvable board: the engines exhaust its half of the space.
    let loyd = board(Shape::EIGHT, &[0, 1, 2, 3, 4, 5, 6, 8, 7]);
    assert!(!loyd.is_solvable());
    let result = Engine::Bfs.solve(TwoWay(&Sliding::new()), loyd, &Limits::new());
    assert_eq!(result.outcome, Outcome::Unsolvable);
}

#[test]
fn the_atlas_maps_the_eight_puzzle_and_2x5() {
    let space = SolvableBoards::new(Shape::EIGHT).unwrap();
    let table = atlas::distances(&Sliding::new(), &space, &Options::new(), &mut |_| {}).unwrap();
    assert_eq!(table.max(), Some(31));
    assert_eq!(table.reachable(), 181_440);
    for (tiles, distance) in exact_distances(Shape::EIGHT) {
        let rank = space.rank(&board(Shape::EIGHT, &tiles));
        assert_eq!(table.get(rank), Some(distance as u8));
    }
    // 2x5: 10!/2 boards, at most 55 moves from the goal.
    let space = SolvableBoards::new(Shape::new(2, 5).unwrap()).unwrap();
    let table = atlas::distances(&Sliding::new(), &space, &Options::new(), &mut |_| {}).unwrap();
    assert_eq!((table.reachable(), table.max()), (1_814_400, Some(55)));
}

// ---------------------------------------------------------------- the bare loop

/// A plain IDA* over `successors_after` and the incremental Manhattan
/// distance, the loop of the C reference (`fifteen_ida.c`): no table, the
/// move back skipped. Returns the optimum and the nodes generated.
fn bare_ida(start: Board) -> (u32, u64) {
    fn dfs(
        board: Board,
        g: u32,
        h: u32,
        bound: u32,
        last: Option<Direction>,
        counts: &mut (u64, u32),
    ) -> bool {
        let f = g + h;
        if f > bound {
            counts.1 = counts.1.min(f);
            return false;
        }
        if h == 0 {
            return true;
        }
        let mut found = false;
        let mut visit = |direction: Direction, next: Board| {
            if !found {
                counts.0 += 1;
                let h = board.manhattan_after(h, &next);
                found = dfs(next, g + 1, h, bound, Some(direction), counts);
            }
        };
        let puzzle = Sliding::new();
        match last {
            Some(last) => puzzle.successors_after(&board, &last, &mut visit),
            None => puzzle.successors(&board, &mut visit),
        }
        found
    }
    let h = start.manhattan();
    let mut bound = h;
    let mut counts = (0, u32::MAX);
    while !dfs(start, 0, h, bound, None, &mut counts) {
        bound = counts.1;
        counts.1 = u32::MAX;
    }
    (bound, counts.0)
}

/// Korf's instance 2: the C reference generates 15,300,441 nodes (Korf's
/// table, less the root), which needs the moves in Korf's order.
#[test]
fn korf_instance_2_generates_the_reference_nodes() {
    let start: Board = "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6".parse().unwrap();
    assert_eq!(bare_ida(start), (55, 15_300_441));
}

/// The speed of the bare loop: `cargo test --release --test library sliding:: -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, for release builds"]
fn bare_loop_node_rate() {
    for text in [
        "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6",
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    ] {
        let start: Board = text.parse().unwrap();
        let clock = Instant::now();
        let (moves, nodes) = bare_ida(start);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "{moves} moves, {nodes} nodes, {seconds:.3} s: {:.1} M nodes/s",
            nodes as f64 / seconds / 1e6
        );
    }
}

/// The 24-puzzle's boards play, parse and rank like the others, where they can.
#[test]
fn five_by_five_boards_work() {
    let mut rng = SplitMix64::new(25);
    let mut board = Board::goal(Shape::TWENTY_FOUR);
    for _ in 0..1000 {
        let open: Vec<Direction> = board.directions().collect();
        board = board.play(open[rng.below(open.len())]).unwrap();
    }
    assert!(board.is_solvable());
    assert_eq!(board.to_row_string().parse(), Ok(board));
    let exact = ReferenceBfs::new(&Sliding::new(), [Board::goal(Shape::TWENTY_FOUR)])
        .take(20_000)
        .all(|(board, distance)| board.linear_conflict() <= distance);
    assert!(exact);
}

/// The crate's own IDA*, on the generic `Puzzle` interface, generates exactly
/// the nodes of the bare loop (and of Korf's table, less the root): nothing
/// lost or added by the engine. It holds only its path: the start and the
/// states down to the goal's parent, 55 of them.
#[test]
fn korf_instance_2_through_the_engine() {
    use puzzle_search::search::{idastar, Limits};
    let start: Board = "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6".parse().unwrap();
    let result = idastar(&Sliding::new(), start, &Limits::new());
    let path = result.outcome.path().expect("instance 2 is solvable");
    assert_eq!(path.len(), 55);
    assert!(path.replays(&Sliding::new()));
    assert_eq!(result.stats.generated, 15_300_441);
    assert_eq!(result.stats.max_stored, 55);
}

/// Korf's instance 2 by IDA* in 1,000 slices: the same path and the same
/// counts as one call (15,300,441 nodes generated), each pause on the
/// slice's budget of states expanded.
#[test]
fn korf_instance_2_in_a_thousand_slices() {
    use puzzle_search::search::{idastar, IdaStar, Limits, Slice, Step};
    let start: Board = "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6".parse().unwrap();
    let puzzle = Sliding::new();
    let limits = Limits::new();
    let whole = idastar(&puzzle, start, &limits);
    let each = whole.stats.expanded.div_ceil(1000);
    let mut search = IdaStar::new(&puzzle, [start], &limits);
    let mut slices = 0u64;
    let result = loop {
        slices += 1;
        match search.run(Slice::expansions(each)) {
            Step::Paused(stats) => assert_eq!(stats.expanded, each * slices),
            Step::Done(result) => break result,
        }
    };
    assert_eq!(slices, 1000);
    assert_eq!(result.outcome, whole.outcome);
    assert_eq!(result.stats.generated, 15_300_441);
    assert_eq!(
        (result.stats.expanded, result.stats.max_stored),
        (whole.stats.expanded, whole.stats.max_stored)
    );
    assert!(result
        .outcome
        .path()
        .is_some_and(|path| path.replays(&puzzle)));
}

/// The engine's speed on Korf's instance 1 (57 moves, 276,361,932 nodes):
/// `cargo test --release --test library sliding::engine_node_rate -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, for release builds"]
fn engine_node_rate() {
    use puzzle_search::search::{idastar, Limits};
    let start: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
    let clock = Instant::now();
    let result = idastar(&Sliding::new(), start, &Limits::new());
    let seconds = clock.elapsed().as_secs_f64();
    assert_eq!(result.outcome.path().map(|path| path.len()), Some(57));
    assert_eq!(result.stats.generated, 276_361_932);
    println!(
        "engine: {} nodes in {seconds:.3} s, {:.1} M nodes/s",
        result.stats.generated,
        result.stats.generated as f64 / seconds / 1e6
    );
}
