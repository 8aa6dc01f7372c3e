//! Michael Fogleman's 36-character Rush Hour strings.

use super::error::{At, ParseError, Problem};
use super::setup::{Axis, GoalSpec, Grid, Setup, Sketch};

/// Rows and columns of a Rush Hour board.
const SIDE: usize = 6;

impl Setup {
    /// Reads a Rush Hour string: 36 characters, the 6×6 board row by row,
    /// `o` or `.` empty, `x` a wall, `A` the red car (across the third row),
    /// other letters the vehicles. Every vehicle moves along its long side;
    /// the goal is the red car at the right edge of its row. Leading and
    /// trailing whitespace is ignored.
    ///
    /// ```
    /// use puzzle_search::blocks::Setup;
    ///
    /// let setup = Setup::from_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")?;
    /// assert_eq!(setup.blocks().rows(), 6);
    /// assert!(setup.to_string().contains("goal A 3,5"));
    /// # Ok::<(), puzzle_search::blocks::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on line 1, at the column (from 1) of the fault: a
    /// length other than 36, a vehicle that is no straight line of two or
    /// more cells, no red car across the third row.
    pub fn from_rush(text: &str) -> Result<Setup, ParseError> {
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        let at = |index: usize| At {
            line: 1,
            column: text.get(..lead).map_or(0, |t| t.chars().count()) + index + 1,
        };
        let symbols: Vec<char> = trimmed.chars().collect();
        if symbols.len() != SIDE * SIDE {
            return Err(
                at(symbols.len().min(SIDE * SIDE)).error(Problem::RushLength(symbols.len()))
            );
        }
        let cells: Vec<char> = symbols
            .iter()
            .map(|&symbol| match symbol {
                'o' | '.' => '.',
                'x' => '#',
                other => other,
            })
            .collect();
        let grid = Grid {
            rows: SIDE,
            columns: SIDE,
            cells,
            at: (0..SIDE * SIDE).map(at).collect(),
            first: at(0),
        };
        // Vehicles: straight lines of two or more cells.
        for (index, &symbol) in grid.cells.iter().enumerate() {
            if symbol == '.' || symbol == '#' {
                continue;
            }
            let count = grid.cells.iter().filter(|&&s| s == symbol).count();
            let first = grid
                .cells
                .iter()
                .position(|&s| s == symbol)
                .unwrap_or(index);
            let last = grid
                .cells
                .iter()
                .rposition(|&s| s == symbol)
                .unwrap_or(index);
            let horizontal = last - first + 1 == count && first / SIDE == last / SIDE;
            let vertical = (last - first) == (count - 1) * SIDE && first % SIDE == last % SIDE;
            if count < 2 || !(horizontal || vertical) {
                return Err(at(index).error(Problem::Vehicle(symbol)));
            }
            if symbol == 'A' && !(horizontal && first / SIDE == 2) {
                return Err(at(index).error(Problem::RedCar));
            }
        }
        let Some(width) = Some(grid.cells.iter().filter(|&&s| s == 'A').count()).filter(|&n| n > 0)
        else {
            return Err(at(0).error(Problem::RedCar));
        };
        let sketch = Sketch {
            grid,
            goal: Some(GoalSpec::Place {
                letter: 'A',
                row: 3,
                column: SIDE + 1 - width,
                at: at(0),
            }),
            axis: Axis::All,
            distinct: false,
        };
        sketch.build()
    }
}
