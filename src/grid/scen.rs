//! Moving AI scenario files: searches on a map with their optimal costs.

use super::error::{ParseError, Problem};
use super::map::column_of;
use super::{GridMap, Point};

/// One search of a scenario file: from `start` to `goal`, whose cheapest
/// path (8-connected, no corner cutting) costs `optimal`.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The line of the file it was read from, from 1.
    pub line: usize,
    /// The difficulty bucket.
    pub bucket: u32,
    /// The map's name, as the file gives it.
    pub map: String,
    /// The map's width, as the file gives it.
    pub width: u32,
    /// The map's height, as the file gives it.
    pub height: u32,
    /// Where the search starts.
    pub start: Point,
    /// Where it ends.
    pub goal: Point,
    /// The optimal cost, as the file gives it (to 8 decimals or fewer).
    pub optimal: f64,
    /// The columns of the fields, from 1, for errors found later.
    columns: [usize; 9],
}

impl Scenario {
    /// Parses a scenario file: `version 1`, then one line per scenario,
    /// `bucket map width height start-x start-y goal-x goal-y optimal-length`,
    /// tab or space separated. Blank lines are skipped.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first problem.
    ///
    /// ```
    /// use puzzle_search::grid::{Point, Scenario};
    ///
    /// let scenarios = Scenario::parse_file("version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t3.82842712\n")?;
    /// assert_eq!(scenarios[0].goal, Point { x: 3, y: 2 });
    /// let error = Scenario::parse_file("version 1\n0 a.map 4 3 0 zero 3 2 3.8\n").unwrap_err();
    /// assert_eq!((error.line, error.column), (2, 15)); // at "zero"
    /// # Ok::<(), puzzle_search::grid::ParseError>(())
    /// ```
    pub fn parse_file(text: &str) -> Result<Vec<Scenario>, ParseError> {
        let mut lines = text
            .lines()
            .map(|line| line.strip_suffix('\r').unwrap_or(line))
            .enumerate();
        let version = lines.next().map(|(_, line)| line);
        let mut words = version.unwrap_or("").split_whitespace();
        let number_ok = words.nth(1).is_some_and(|v| v.parse::<f64>().is_ok());
        if version.is_none_or(|line| !line.trim_start().starts_with("version")) || !number_ok {
            return Err(ParseError::new(1, 1, Problem::Expected("version 1")));
        }
        let mut scenarios = Vec::new();
        for (index, text) in lines {
            if text.trim().is_empty() {
                continue;
            }
            scenarios.push(Scenario::parse_line(index + 1, text)?);
        }
        Ok(scenarios)
    }

    fn parse_line(line: usize, text: &str) -> Result<Scenario, ParseError> {
        let fields: Vec<&str> = text.split(['\t', ' ']).filter(|f| !f.is_empty()).collect();
        let [bucket, map, width, height, sx, sy, gx, gy, optimal] = fields[..] else {
            return Err(ParseError::new(line, 1, Problem::Fields(fields.len())));
        };
        let mut columns = [1; 9];
        for (column, field) in columns.iter_mut().zip(&fields) {
            *column = column_of(text, field);
        }
        let number = |field: &str, at: usize| -> Result<u32, ParseError> {
            field.parse().map_err(|_| {
                let column = columns.get(at).copied().unwrap_or(1);
                ParseError::new(line, column, Problem::NotANumber(field.to_owned()))
            })
        };
        let optimal_cost: f64 = optimal
            .parse()
            .ok()
            .filter(|cost: &f64| cost.is_finite() && *cost >= 0.0)
            .ok_or_else(|| {
                ParseError::new(line, columns[8], Problem::NotANumber(optimal.to_owned()))
            })?;
        Ok(Scenario {
            line,
            bucket: number(bucket, 0)?,
            map: map.to_owned(),
            width: number(width, 2)?,
            height: number(height, 3)?,
            start: Point {
                x: number(sx, 4)?,
                y: number(sy, 5)?,
            },
            goal: Point {
                x: number(gx, 6)?,
                y: number(gy, 7)?,
            },
            optimal: optimal_cost,
            columns,
        })
    }

    /// Checks that the scenario fits `map`: the same size, and a start and
    /// goal on passable cells.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the scenario's line and the column of the field at fault.
    pub fn check(&self, map: &GridMap) -> Result<(), ParseError> {
        if (self.width, self.height) != (map.width(), map.height()) {
            let problem = Problem::MapSize {
                width: self.width,
                height: self.height,
                map_width: map.width(),
                map_height: map.height(),
            };
            return Err(ParseError::new(self.line, self.columns[2], problem));
        }
        for (point, column) in [(self.start, self.columns[4]), (self.goal, self.columns[6])] {
            let Point { x, y } = point;
            if !map.contains(x, y) {
                return Err(ParseError::new(
                    self.line,
                    column,
                    Problem::Outside { x, y },
                ));
            }
            if !map.is_open(x, y) {
                return Err(ParseError::new(
                    self.line,
                    column,
                    Problem::Blocked { x, y },
                ));
            }
        }
        Ok(())
    }
}
