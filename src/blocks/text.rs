//! Reading the drawing format: the board, then the directives.

use core::str::FromStr;

use super::error::{At, ParseError, Problem};
use super::setup::{Axis, GoalSpec, Grid, Setup, Sketch};

/// A line that is neither blank nor a comment, with its number from 1.
struct Line<'a> {
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    /// Where the character at byte `offset` of the line is, from 1.
    fn at(&self, offset: usize) -> At {
        let column = self
            .text
            .get(..offset)
            .map_or(1, |text| text.chars().count() + 1);
        At {
            line: self.number,
            column,
        }
    }

    /// The first word, and its byte offset.
    fn words(&self) -> impl Iterator<Item = (usize, &str)> {
        self.text
            .split_whitespace()
            .map(move |word| (word.as_ptr() as usize - self.text.as_ptr() as usize, word))
    }

    /// Whether the line is a directive: its first word is one.
    fn is_directive(&self) -> bool {
        matches!(self.words().next(), Some((_, "goal" | "axis" | "distinct")))
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the drawing format: the board (one line a row, or rows joined
    /// by `/` on one line), then one directive a line. Blank lines and lines
    /// starting with `;` are skipped; a line whose first word is `goal`,
    /// `axis` or `distinct` is a directive.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the line and column of the fault.
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, text)| Line {
                number: index + 1,
                text: text.strip_suffix('\r').unwrap_or(text),
            })
            .filter(|line| {
                let trimmed = line.text.trim();
                !trimmed.is_empty() && !trimmed.starts_with(';')
            })
            .peekable();
        let mut drawing = Vec::new();
        while let Some(line) = lines.next_if(|line| !line.is_directive()) {
            drawing.push(line);
        }
        let grid = read_grid(&drawing, At { line: 1, column: 1 })?;
        let mut sketch = Sketch {
            grid,
            goal: None,
            axis: Axis::None,
            distinct: false,
        };
        while let Some(line) = lines.next() {
            let mut words = line.words();
            let Some((offset, word)) = words.next() else {
                continue;
            };
            let at = line.at(offset);
            match word {
                "goal" => {
                    if sketch.goal.is_some() {
                        return Err(at.error(Problem::SecondGoal));
                    }
                    let rest: Vec<(usize, &str)> = words.collect();
                    sketch.goal = Some(match rest.as_slice() {
                        [] => {
                            let mut target = Vec::new();
                            while let Some(line) = lines.next_if(|line| !line.is_directive()) {
                                target.push(line);
                            }
                            let first = At {
                                line: line.number + 1,
                                column: 1,
                            };
                            GoalSpec::Drawing(read_grid(&target, first)?)
                        }
                        [(piece_at, piece), (place_at, place)] => {
                            let letter = single(piece).ok_or_else(|| {
                                line.at(*piece_at).error(Problem::BadDirective(GOAL))
                            })?;
                            let (row, column) = place
                                .split_once(',')
                                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                                .ok_or_else(|| {
                                    line.at(*place_at).error(Problem::BadDirective(GOAL))
                                })?;
                            GoalSpec::Place {
                                letter,
                                row,
                                column,
                                at: line.at(*piece_at),
                            }
                        }
                        [(offset, _), ..] => {
                            return Err(line.at(*offset).error(Problem::BadDirective(GOAL)))
                        }
                    });
                }
                "axis" => {
                    let rest: Vec<(usize, &str)> = words.collect();
                    match rest.as_slice() {
                        [] => return Err(at.error(Problem::BadDirective(AXIS))),
                        [(_, "all")] => sketch.axis = Axis::All,
                        _ => {
                            let mut letters = match core::mem::take(&mut sketch.axis) {
                                Axis::Some(letters) => letters,
                                Axis::All => {
                                    sketch.axis = Axis::All;
                                    continue;
                                }
                                Axis::None => Vec::new(),
                            };
                            for (offset, word) in rest {
                                for (index, letter) in word.char_indices() {
                                    letters.push((letter, line.at(offset + index)));
                                }
                            }
                            sketch.axis = Axis::Some(letters);
                        }
                    }
                }
                "distinct" => {
                    if let Some((offset, _)) = words.next() {
                        return Err(line.at(offset).error(Problem::BadDirective(DISTINCT)));
                    }
                    sketch.distinct = true;
                }
                _ => {
                    let excerpt = crate::util::excerpt::excerpt(line.text.trim());
                    return Err(at.error(Problem::UnknownDirective(excerpt)));
                }
            }
        }
        sketch.build()
    }
}

const GOAL: &str = "expected `goal P R,C` (a piece, then its top-left cell's row and column from 1) or `goal` alone before a drawing";
const AXIS: &str = "expected `axis all` or `axis` and the pieces that move along one axis only";
const DISTINCT: &str = "expected `distinct` alone";

/// The only character of `word`.
fn single(word: &str) -> Option<char> {
    let mut chars = word.chars();
    let first = chars.next()?;
    chars.next().is_none().then_some(first)
}

/// The drawing in `lines`: each line a row, or rows joined by `/`; spaces
/// between cells are ignored.
fn read_grid(lines: &[Line<'_>], first: At) -> Result<Grid, ParseError> {
    let mut rows: Vec<Vec<(char, At)>> = Vec::new();
    let mut row_starts = Vec::new();
    for line in lines {
        let mut row = Vec::new();
        let mut start = line.at(0);
        for (offset, symbol) in line.text.char_indices() {
            if symbol == '/' {
                rows.push(core::mem::take(&mut row));
                row_starts.push(start);
                start = line.at(offset + 1);
            } else if !symbol.is_whitespace() {
                row.push((symbol, line.at(offset)));
            }
        }
        if !row.is_empty() {
            rows.push(row);
            row_starts.push(start);
        }
    }
    let first = row_starts.first().copied().unwrap_or(first);
    let Some(columns) = rows.first().map(Vec::len) else {
        return Err(first.error(Problem::NoDrawing));
    };
    for (row, start) in rows.iter().zip(&row_starts) {
        if row.len() != columns {
            let at = row.get(columns).map_or(*start, |&(_, at)| at);
            return Err(at.error(Problem::RowLength {
                expected: columns,
                found: row.len(),
            }));
        }
    }
    if columns == 0 || rows.len() * columns > super::rules::MAX_CELLS {
        return Err(first.error(Problem::TooManyCells {
            rows: rows.len(),
            columns,
        }));
    }
    Ok(Grid {
        rows: rows.len(),
        columns,
        cells: rows.iter().flatten().map(|&(symbol, _)| symbol).collect(),
        at: rows.iter().flatten().map(|&(_, at)| at).collect(),
        first,
    })
}
