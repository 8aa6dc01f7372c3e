//! What the benchmarks share.

// Each benchmark uses a part of this module.
#![allow(dead_code)]

pub mod arena;

use std::fs;

use puzzle_search::klotski::{catalog, Layout};
use puzzle_search::knights::{parse_input, Knights, Position, DEFAULT_LIMIT};
use puzzle_search::search::{Engine, Limits, Outcome, TwoWay};
use puzzle_search::{Backward, Puzzle};

/// The SCOI2005 sample: two boards, answers 7 and -1.
pub const SAMPLE: &str =
    "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n";

/// The catalog layout called `name`.
pub fn layout(name: &str) -> Layout {
    catalog::find(name)
        .map(|entry| entry.layout())
        .unwrap_or_else(|| panic!("{name} is in the catalog"))
}

/// The 1,000 checked-in hard knight boards (distance 13 to 18, fixed seed).
pub fn hard_boards() -> Vec<Position> {
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/knights_hard.txt"
    ))
    .unwrap_or_else(|error| panic!("tests/data/knights_hard.txt: {error}"));
    parse_input(&text).unwrap_or_else(|error| panic!("tests/data/knights_hard.txt: {error}"))
}

/// The SCOI2005 answer for `board` by `engine`: the fewest moves, or -1 beyond
/// the default limit of 15.
pub fn answer<P: Backward<State = Position>>(engine: Engine, puzzle: &P, board: Position) -> i64 {
    let limits = Limits::new().with_max_depth(DEFAULT_LIMIT);
    match engine.solve(TwoWay(puzzle), board, &limits).outcome {
        Outcome::Solved(path) => path.len() as i64,
        _ => -1,
    }
}

/// Every state one move from `state`, collected for `pathfinding`, whose
/// successor functions return collections.
pub fn successor_states<P: Puzzle>(puzzle: &P, state: &P::State) -> Vec<P::State> {
    let mut next = Vec::new();
    puzzle.successors(state, |_, state| next.push(state));
    next
}

/// `pathfinding` has no depth limit: states carry their move count, and
/// successors whose lower bound would pass the limit are not generated, the
/// pruning our engines do for `Limits::with_max_depth`.
pub fn limited_successors(
    position: Position,
    moves: u32,
) -> impl Iterator<Item = ((Position, u32), u32)> {
    successor_states(&Knights, &position)
        .into_iter()
        .filter(move |next| moves + 1 + next.lower_bound() <= DEFAULT_LIMIT)
        .map(move |next| ((next, moves + 1), 1u32))
}

/// `pathfinding`'s A* answer for a knight board: the fewest moves, or -1 beyond
/// the default limit.
pub fn pathfinding_astar(board: Position) -> i64 {
    pathfinding::directed::astar::astar(
        &(board, 0u32),
        |&(position, moves)| limited_successors(position, moves),
        |(position, _)| position.lower_bound(),
        |(position, _)| *position == Position::TARGET,
    )
    .map_or(-1, |(_, cost)| i64::from(cost))
}

/// `pathfinding`'s IDA* answer for a knight board, as [`pathfinding_astar`].
pub fn pathfinding_idastar(board: Position) -> i64 {
    pathfinding::directed::idastar::idastar(
        &(board, 0u32),
        |&(position, moves)| limited_successors(position, moves),
        |(position, _)| position.lower_bound(),
        |(position, _)| *position == Position::TARGET,
    )
    .map_or(-1, |(_, cost)| i64::from(cost))
}
