//! A search on a map: from a cell to a goal cell, with the moves of the
//! Moving AI rules and their costs.

use super::GridMap;
use crate::cost::{Octile, Weighted};
use crate::{Backward, Puzzle};

/// A cell: column `x` and row `y`, from 0 at the top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column.
    pub x: u32,
    /// The row.
    pub y: u32,
}

/// A move: `length` cells in direction `(dx, dy)` (each −1, 0 or 1). A step
/// of the 4- or 8-connected grid has length 1; a jump of jump point search
/// may be longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The direction along the columns.
    pub dx: i8,
    /// The direction along the rows.
    pub dy: i8,
    /// The cells moved.
    pub length: u32,
}

impl Step {
    /// Whether the move is diagonal.
    pub fn is_diagonal(self) -> bool {
        self.dx != 0 && self.dy != 0
    }

    /// What the move costs: `length` or `length·√2`.
    pub fn cost(self) -> Octile {
        let length = self.length;
        if self.is_diagonal() {
            Octile::new(0, length)
        } else {
            Octile::new(length, 0)
        }
    }
}

/// Which neighbours a cell has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connect {
    /// The four straight neighbours, at cost 1.
    Four,
    /// The straight neighbours at cost 1 and the diagonal ones at cost √2,
    /// a diagonal only where both straight cells beside it are passable.
    #[default]
    Eight,
}

/// The four straight directions, then the four diagonal ones.
pub(super) const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The search from any cell of a map to one goal cell: a [`Puzzle`] and a
/// [`Weighted`] one, whose states are [`Point`]s and moves [`Step`]s.
///
/// Its costs are [`Octile`]s (exact sums of 1s and √2s), its cost
/// heuristic the octile distance (the Manhattan distance when
/// 4-connected), and its unit-cost [`heuristic`](Puzzle::heuristic) the
/// fewest moves ignoring walls. With [`with_jump_points`](Grid::with_jump_points)
/// its successors are jump point search's: the same cheapest costs, found
/// through far fewer states.
///
/// ```
/// use puzzle_search::cost::Octile;
/// use puzzle_search::grid::{Grid, GridMap, Point};
/// use puzzle_search::search::{costs, Limits};
///
/// let map = GridMap::parse("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n")?;
/// let grid = Grid::new(&map, Point { x: 3, y: 2 });
/// let result = costs::astar(&grid, Point { x: 0, y: 0 }, &Limits::new());
/// // Around the wall in five straight steps: no diagonal may cut its corners.
/// assert_eq!(result.cost, Some(Octile::new(5, 0)));
/// // Without the wall, two diagonals and one straight step.
/// let open = GridMap::parse("type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n")?;
/// let result = costs::astar(&Grid::new(&open, Point { x: 3, y: 2 }), Point { x: 0, y: 0 }, &Limits::new());
/// assert!((result.cost.unwrap().to_f64() - 3.828_427_12).abs() < 1e-6);
/// # Ok::<(), puzzle_search::grid::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Grid<'m> {
    pub(super) map: &'m GridMap,
    pub(super) goal: Point,
    pub(super) goal_index: usize,
    connect: Connect,
    pub(super) jump_points: bool,
}

impl<'m> Grid<'m> {
    /// The 8-connected search on `map` to `goal`.
    pub fn new(map: &'m GridMap, goal: Point) -> Self {
        Grid {
            map,
            goal,
            goal_index: map.index(goal),
            connect: Connect::Eight,
            jump_points: false,
        }
    }

    /// The same search with `connect` neighbours. Four turns jump points off.
    #[must_use]
    pub fn with_connect(mut self, connect: Connect) -> Self {
        self.connect = connect;
        self.jump_points &= connect == Connect::Eight;
        self
    }

    /// The same search, 8-connected, with jump point search's successors:
    /// from a cell, the jump points reached in a straight or diagonal line
    /// (Harabor and Grastien's rules, without corner cutting), pruned by the
    /// direction the cell was reached from. Each move is then one
    /// [`Step`] of any length. The weighted engines find the same cheapest
    /// costs; bidirectional search steps backwards one cell at a time.
    #[must_use]
    pub fn with_jump_points(mut self) -> Self {
        self.connect = Connect::Eight;
        self.jump_points = true;
        self
    }

    /// The map.
    pub fn map(&self) -> &'m GridMap {
        self.map
    }

    /// The goal.
    pub fn goal(&self) -> Point {
        self.goal
    }

    /// The cells every move of `path_moves` passes, from `start`: a path of
    /// jumps spelled out cell by cell.
    pub fn cells(start: Point, path_moves: &[Step]) -> Vec<Point> {
        let mut cells = vec![start];
        let mut at = start;
        for step in path_moves {
            for _ in 0..step.length {
                at = Point {
                    x: at.x.wrapping_add_signed(i32::from(step.dx)),
                    y: at.y.wrapping_add_signed(i32::from(step.dy)),
                };
                cells.push(at);
            }
        }
        cells
    }

    /// The signed offset between the indices of neighbours in direction `(dx, dy)`.
    #[inline]
    pub(super) fn offset(&self, dx: i8, dy: i8) -> isize {
        // A map is at most 65,537 cells wide with its border: it fits.
        isize::from(dy) * self.map.stride() as isize + isize::from(dx)
    }

    /// The cell one step from `index` in direction `(dx, dy)`, if the step is
    /// allowed: a passable cell, and for a diagonal both straight cells beside it.
    #[inline]
    pub(super) fn step_from(&self, index: usize, dx: i8, dy: i8) -> Option<usize> {
        let next = index.wrapping_add_signed(self.offset(dx, dy));
        let open = self.map.open_at(next)
            && (dx == 0
                || dy == 0
                || (self
                    .map
                    .open_at(index.wrapping_add_signed(self.offset(dx, 0)))
                    && self
                        .map
                        .open_at(index.wrapping_add_signed(self.offset(0, dy)))));
        open.then_some(next)
    }

    fn directions(&self) -> &'static [(i8, i8)] {
        match self.connect {
            Connect::Four => DIRECTIONS.get(..4).unwrap_or(&DIRECTIONS),
            Connect::Eight => &DIRECTIONS,
        }
    }

    /// The single steps from `state`, but the one in direction `skip`.
    #[inline]
    fn steps(&self, state: &Point, skip: (i8, i8), mut emit: impl FnMut(Step, Point)) {
        let index = self.map.index(*state);
        for &(dx, dy) in self.directions() {
            if (dx, dy) != skip && self.step_from(index, dx, dy).is_some() {
                let next = Point {
                    x: state.x.wrapping_add_signed(i32::from(dx)),
                    y: state.y.wrapping_add_signed(i32::from(dy)),
                };
                emit(Step { dx, dy, length: 1 }, next);
            }
        }
    }

    /// `|x − goal x|` and `|y − goal y|`.
    #[inline]
    fn distances(&self, state: &Point) -> (u32, u32) {
        (state.x.abs_diff(self.goal.x), state.y.abs_diff(self.goal.y))
    }
}

impl Puzzle for Grid<'_> {
    type State = Point;
    type Move = Step;
    type Key = u32;

    #[inline]
    fn encode(&self, state: &Point) -> u32 {
        // The map's cells and border number fewer than 2³²: 65,537².
        self.map.index(*state) as u32
    }

    #[inline]
    fn successors(&self, state: &Point, emit: impl FnMut(Step, Point)) {
        if self.jump_points {
            self.jumps(state, None, emit);
        } else {
            self.steps(state, (0, 0), emit);
        }
    }

    #[inline]
    fn is_goal(&self, state: &Point) -> bool {
        *state == self.goal
    }

    /// The fewest moves to the goal through open ground: the larger
    /// distance (8-connected), their sum (4-connected), or for jumps 1 off
    /// the goal.
    fn heuristic(&self, state: &Point) -> u32 {
        let (dx, dy) = self.distances(state);
        if self.jump_points {
            return u32::from(*state != self.goal);
        }
        match self.connect {
            Connect::Four => dx.saturating_add(dy),
            Connect::Eight => dx.max(dy),
        }
    }
}

impl Weighted for Grid<'_> {
    type Cost = Octile;

    #[inline]
    fn cost(&self, _from: &Point, step: &Step, _to: &Point) -> Octile {
        step.cost()
    }

    /// The octile distance: `|dx − dy|` straight steps and `min(dx, dy)`
    /// diagonal ones (the Manhattan distance when 4-connected).
    #[inline]
    fn cost_heuristic(&self, state: &Point) -> Octile {
        let (dx, dy) = self.distances(state);
        match self.connect {
            // Both below 65,536: the sum fits.
            Connect::Four => Octile::new(dx.saturating_add(dy), 0),
            Connect::Eight => Octile::new(dx.abs_diff(dy), dx.min(dy)),
        }
    }

    /// The cells and their border, numbered by their index.
    fn dense_keys(&self) -> Option<usize> {
        Some((self.map.width() as usize + 2) * (self.map.height() as usize + 2))
    }

    #[inline]
    fn dense_key(&self, key: &u32) -> usize {
        *key as usize
    }

    #[inline]
    fn weighted_successors_after(&self, state: &Point, last: &Step, emit: impl FnMut(Step, Point)) {
        if self.jump_points {
            self.jumps(state, Some(*last), emit);
        } else {
            // Stepping straight back costs more than staying.
            self.steps(state, (-last.dx, -last.dy), emit);
        }
    }
}

impl Backward for Grid<'_> {
    fn goal_states(&self, _start: &Point, mut emit: impl FnMut(Point)) {
        emit(self.goal);
    }

    /// The single steps into `state`, jump points or not: every step can be undone.
    fn predecessors(&self, state: &Point, mut emit: impl FnMut(Step, Point)) {
        self.steps(state, (0, 0), |step, previous| {
            emit(
                Step {
                    dx: -step.dx,
                    dy: -step.dy,
                    length: 1,
                },
                previous,
            );
        });
    }
}
