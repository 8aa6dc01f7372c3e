//! What is wrong with a map or scenario file, and where.

/// A problem in a Moving AI map or scenario file, at a line and column
/// counted from 1.
///
/// Its text is `LINE:COLUMN: problem`, so that a program can print
/// `FILE:LINE:COLUMN: problem`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {problem}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong there.
    pub problem: Problem,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, problem: Problem) -> Self {
        ParseError {
            line,
            column,
            problem,
        }
    }
}

/// What is wrong in a map or scenario file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// A header line is missing or wrong.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A number that is not one, or does not fit.
    #[error("{0:?} is not a number that fits here")]
    NotANumber(String),
    /// A map of no cells, or too many to number.
    #[error("a map must have between 1 and 65,535 rows and columns")]
    BadSize,
    /// A character that is no map cell.
    #[error("{0:?} is not a map cell: expected . or G (passable), @ O T S or W (blocked)")]
    BadCell(char),
    /// A row of the wrong length.
    #[error("a row of {found} cells: the map is {expected} wide")]
    RowLength {
        /// The map's width.
        expected: usize,
        /// The cells on the row.
        found: usize,
    },
    /// Fewer rows than the height says.
    #[error("the map ends after {found} of its {expected} rows")]
    MissingRows {
        /// The map's height.
        expected: usize,
        /// The rows found.
        found: usize,
    },
    /// Text after the last row of the map.
    #[error("text after the last row of the map")]
    ExtraText,
    /// A scenario line without its nine fields.
    #[error("{0} fields: expected 9 (bucket, map, width, height, start x, start y, goal x, goal y, optimal length)")]
    Fields(usize),
    /// A scenario for a map of another size.
    #[error("the scenario is for a {width}×{height} map, but the map is {map_width}×{map_height}")]
    MapSize {
        /// The scenario's width.
        width: u32,
        /// The scenario's height.
        height: u32,
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// A cell outside the map.
    #[error("({x}, {y}) is outside the map")]
    Outside {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
    },
    /// A start or goal on a blocked cell.
    #[error("({x}, {y}) is a blocked cell")]
    Blocked {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
    },
}
