//! The sliding-tile puzzle as a [`Puzzle`] and [`Backward`].

use super::{Board, Direction};
use crate::{Backward, Path, Puzzle};

/// The sliding-tile puzzle of any shape, to hand to any search engine.
///
/// States are [`Board`]s, which carry their shape, so one value serves every
/// size; moves are [`Direction`]s (where the blank goes) and keys are the
/// boards' [`code`](Board::code)s. The goal is [`Board::goal`] of the
/// board's shape. The heuristic is the Manhattan distance, updated from the
/// move ([`Board::manhattan_after`]). Another heuristic comes by
/// [`with_heuristic`](Puzzle::with_heuristic): a
/// [`HeuristicKind`](super::HeuristicKind) or a
/// [`PatternDatabase`](super::PatternDatabase).
///
/// The puzzle holds nothing: a search's inner loop tests no setting, and an
/// IDA* with the Manhattan distance runs as a hand-written one would.
///
/// Moves come in the order up, left, right, down (the blank's direction), as
/// in Korf's experiments, so node counts can be compared with his.
///
/// Only the boards that pass [`Board::is_solvable`] reach the goal; a search
/// from another board explores its half of the space, (R·C)!/2 boards,
/// before answering that there is no solution. Check first.
///
/// ```
/// use puzzle_search::sliding::{Board, HeuristicKind, Sliding};
/// use puzzle_search::search::{Engine, Limits, TwoWay};
/// use puzzle_search::Puzzle;
///
/// // One of the two 3x3 boards farthest from the goal.
/// let start: Board = "8 0 6 5 4 7 2 3 1".parse()?;
/// assert!(start.is_solvable());
/// let puzzle = Sliding::new().with_heuristic(HeuristicKind::LinearConflict);
/// let result = Engine::IdaStar.solve(TwoWay(&puzzle), start, &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.len(), 31);
/// assert!(path.replays(&puzzle));
///
/// // The tile each move slides, for people:
/// let tiles: Vec<u8> = puzzle_search::sliding::moved_tiles(path).collect();
/// assert_eq!(tiles.len(), 31);
/// # Ok::<(), puzzle_search::sliding::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sliding;

impl Sliding {
    /// The puzzle, with the Manhattan distance as its heuristic.
    pub const fn new() -> Self {
        Sliding
    }
}

impl Puzzle for Sliding {
    type State = Board;
    type Move = Direction;
    /// The board's packed tiles, [`Board::code`]: up to 25 cells of 5 bits
    /// each, so every supported shape fits one key without a hash of a list.
    type Key = u128;

    #[inline]
    fn encode(&self, board: &Board) -> u128 {
        board.code()
    }

    /// The blank moves up, left, right, down, where the board allows.
    #[inline]
    fn successors(&self, board: &Board, emit: impl FnMut(Direction, Board)) {
        for_each_move(board, board.moves(), emit);
    }

    /// Never moves the blank straight back, which would undo `last`.
    #[inline]
    fn successors_after(
        &self,
        board: &Board,
        last: &Direction,
        emit: impl FnMut(Direction, Board),
    ) {
        for_each_move(board, board.moves() & !last.reversed().bit(), emit);
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.code() == board.shape().goal_code()
    }

    /// The Manhattan distance.
    #[inline]
    fn heuristic(&self, board: &Board) -> u32 {
        board.manhattan()
    }

    /// The Manhattan distance changes only by the tile that moved: two
    /// lookups instead of one per tile.
    #[inline]
    fn heuristic_after(&self, previous: &Board, h: u32, _: &Direction, board: &Board) -> u32 {
        previous.manhattan_after(h, board)
    }
}

impl Backward for Sliding {
    /// The goal of the start's shape.
    fn goal_states(&self, start: &Board, mut emit: impl FnMut(Board)) {
        emit(Board::goal(start.shape()));
    }

    /// Every move undoes itself, so the predecessors are the successors: if
    /// the blank moving `d` turns `board` into `previous`, moving it
    /// `d.reversed()` turns `previous` into `board`.
    #[inline]
    fn predecessors(&self, board: &Board, mut emit: impl FnMut(Direction, Board)) {
        self.successors(board, |direction, previous| {
            emit(direction.reversed(), previous)
        });
    }

    /// Never steps back to the board `next` leads to.
    #[inline]
    fn predecessors_before(
        &self,
        board: &Board,
        next: &Direction,
        mut emit: impl FnMut(Direction, Board),
    ) {
        for_each_move(board, board.moves() & !next.bit(), |direction, previous| {
            emit(direction.reversed(), previous)
        });
    }
}

/// Calls `emit(direction, next)` for each direction of `moves` (a mask of
/// directions the blank can move in), in [`Direction::ALL`] order: up, left,
/// right, down.
///
/// A loop over the mask's bits, lowest first, calls `emit` from one place:
/// the compiler then inlines a search engine's callback, which it would not
/// copy four times into an unrolled loop over the directions. The loop comes
/// in two copies, one for each width of a cell's code, so that neither
/// tests the width again for every child.
#[inline(always)]
// The two blocks are the same code, compiled with different facts known.
#[allow(clippy::if_same_then_else)]
fn for_each_move(board: &Board, moves: u8, emit: impl FnMut(Direction, Board)) {
    if board.shape().bits_per_cell() == 4 {
        each_move(board, moves, emit);
    } else {
        each_move(board, moves, emit);
    }
}

/// [`for_each_move`]'s loop.
#[inline(always)]
fn each_move(board: &Board, moves: u8, mut emit: impl FnMut(Direction, Board)) {
    let mut left = moves;
    while left != 0 {
        let direction = Direction::from_bit_index(left.trailing_zeros());
        left &= left - 1;
        emit(direction, board.slide(board.target(direction)));
    }
}

/// The tile each move of `path` slides, in order: what a person moves.
///
/// ```
/// use puzzle_search::sliding::{moved_tiles, Board, Direction, Shape, Sliding};
/// use puzzle_search::Path;
///
/// let goal = Board::goal(Shape::EIGHT);
/// let mut path = Path::new(goal);
/// let next = goal.play(Direction::Right).unwrap();
/// path.push(Direction::Right, next);
/// path.push(Direction::Left, goal);
/// assert!(moved_tiles(&path).eq([1, 1]));
/// ```
pub fn moved_tiles(path: &Path<Board, Direction>) -> impl Iterator<Item = u8> + '_ {
    path.steps()
        .filter_map(|(before, &direction, _)| before.tile_moved_by(direction))
}
