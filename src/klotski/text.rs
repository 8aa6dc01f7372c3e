//! Reading layouts from text, in every format of the specification.

use crate::util::excerpt::excerpt;
use core::str::FromStr;

use super::common_code::CommonCode;
use super::error::{CellPosition, Cells, LayoutError};
use super::layout::{Layout, CELLS, COLUMNS, FULL, ROWS};
use super::pieces::Shape;
use super::short_code::ShortCode;

/// Whether `symbol` separates rows.
fn is_separator(symbol: char) -> bool {
    symbol.is_whitespace() || matches!(symbol, '/' | '|' | ',')
}

/// Reads a layout in any of the formats, choosing the format as the specification says:
///
/// * `common:` or `short:` before the text forces that code;
/// * whitespace, `/`, `|` and `,` separate rows, except inside a board of five
///   lines of four symbols, where they are piece labels (unless the board is
///   legal only with them as separators);
/// * 20 cells that are all digits are shape digits;
/// * 20 cells that are all of `B V H S .` are shape letters, or piece labels
///   where they are legal only as labels;
/// * other 20-cell boards are piece labels;
/// * otherwise a CommonCode, or else a ShortCode (a text legal as both is a CommonCode).
impl FromStr for Layout {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim_start_matches('\u{FEFF}').trim();
        if let Some(code) = text.strip_prefix("common:") {
            return code.trim().parse::<CommonCode>().map(CommonCode::layout);
        }
        if let Some(code) = text.strip_prefix("short:") {
            return code.trim().parse::<ShortCode>().map(ShortCode::layout);
        }
        let split = || -> Vec<&str> {
            text.split(is_separator)
                .filter(|row| !row.is_empty())
                .collect()
        };
        match board_lines(text) {
            // Where the separator symbols may be labels, a board that fails as
            // labels is tried with them as separators, as any other text.
            Some(rows) => parse_rows(&rows).or_else(|error| {
                let separated = split();
                if separated == rows {
                    Err(error)
                } else {
                    parse_rows(&separated).map_err(|_| error)
                }
            }),
            None => parse_rows(&split()),
        }
    }
}

/// A layout from the rows of a board, or from the one word of a code.
fn parse_rows(rows: &[&str]) -> Result<Layout, LayoutError> {
    match rows {
        [] => Err(LayoutError::Empty),
        [single] if single.chars().count() != CELLS => parse_code(single),
        _ => parse_board(rows),
    }
}

/// The rows of a board written as five lines of four symbols. Within such a
/// line `/`, `|` and `,` are symbols (piece labels), not separators; at either
/// end of a line they are symbols if the line then holds four, else separators.
fn board_lines(text: &str) -> Option<Vec<&str>> {
    let is_row = |row: &&str| row.chars().count() == COLUMNS && !row.contains(char::is_whitespace);
    let rows: Option<Vec<&str>> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            Some(line.trim())
                .filter(is_row)
                .or_else(|| Some(line.trim_matches(is_separator)).filter(is_row))
        })
        .collect();
    rows.filter(|rows| rows.len() == ROWS)
}

/// A CommonCode, or failing that a ShortCode; or an error that says which it resembles.
fn parse_code(text: &str) -> Result<Layout, LayoutError> {
    let length = text.chars().count();
    let all_hex = text.chars().all(|symbol| symbol.is_ascii_hexdigit());
    let board_like = text
        .chars()
        .all(|symbol| matches!(symbol, '0'..='4' | 'B' | 'V' | 'H' | 'S' | '.'));
    if all_hex && length <= 9 {
        return match text.parse::<CommonCode>() {
            Ok(code) => Ok(code.layout()),
            // Legal as a ShortCode only: read it as one.
            Err(error) if length == 5 => text
                .parse::<ShortCode>()
                .map(ShortCode::layout)
                .map_err(|_| error),
            Err(error) => Err(error),
        };
    }
    if length == 5 {
        return text.parse::<ShortCode>().map(ShortCode::layout);
    }
    if board_like && length > 9 {
        return Err(LayoutError::CellCount { found: length });
    }
    if all_hex {
        return text.parse::<CommonCode>().map(CommonCode::layout);
    }
    Err(LayoutError::Unrecognised {
        text: excerpt(text),
    })
}

/// A board in shape digits, shape letters or piece labels.
fn parse_board(rows: &[&str]) -> Result<Layout, LayoutError> {
    let cells: Vec<char> = match rows {
        [single] => single.chars().collect(),
        _ => {
            if rows.len() != ROWS {
                return Err(LayoutError::RowCount { found: rows.len() });
            }
            for (row, text) in rows.iter().enumerate() {
                let found = text.chars().count();
                if found != COLUMNS {
                    return Err(LayoutError::ColumnCount {
                        row: row + 1,
                        found,
                    });
                }
            }
            rows.iter().flat_map(|row| row.chars()).collect()
        }
    };
    if cells.len() != CELLS {
        return Err(LayoutError::CellCount { found: cells.len() });
    }
    if cells.iter().all(|symbol| symbol.is_numeric()) {
        let shapes = read_symbols(&cells, "a shape digit 0-4", |symbol| {
            shape_written(symbol, '0', Shape::digit)
        })?;
        return from_shapes(&shapes);
    }
    if cells
        .iter()
        .all(|symbol| matches!(symbol, 'B' | 'V' | 'H' | 'S' | '.'))
    {
        let shapes = read_symbols(&cells, "a shape letter B, V, H, S or .", |symbol| {
            shape_written(symbol, '.', Shape::letter)
        })?;
        // These letters are legal piece labels too: a board that reads only as
        // labels is one, while an error speaks of the letters.
        return from_shapes(&shapes).or_else(|error| from_labels(&cells).map_err(|_| error));
    }
    // Shape digits or letters with a typo would fail as piece labels with a
    // misleading cut piece: name the stray symbol instead.
    from_labels(&cells).map_err(|error| stray_symbol(&cells).unwrap_or(error))
}

/// The first symbol foreign to shape digits or shape letters, when all but one or
/// two of the cells are of that format. (Five digit labels cover at most 12 cells,
/// so such a board of digits is never a legal board of labels.)
fn stray_symbol(cells: &[char]) -> Option<LayoutError> {
    const FORMATS: [(&str, &str); 2] = [
        ("01234", "a shape digit 0-4"),
        ("BVHS.", "a shape letter B, V, H, S or ."),
    ];
    FORMATS.into_iter().find_map(|(symbols, expected)| {
        let mut strays = (0..)
            .zip(cells)
            .filter(|&(_, &symbol)| !symbols.contains(symbol));
        let (cell, &symbol) = strays.next()?;
        (strays.count() < 2).then(|| LayoutError::UnknownSymbol {
            symbol,
            at: CellPosition::of(cell),
            expected,
        })
    })
}

fn read_symbols(
    cells: &[char],
    expected: &'static str,
    read: impl Fn(char) -> Option<Option<Shape>>,
) -> Result<[Option<Shape>; CELLS], LayoutError> {
    let mut shapes = [None; CELLS];
    for (cell, (&symbol, slot)) in cells.iter().zip(shapes.iter_mut()).enumerate() {
        *slot = read(symbol).ok_or(LayoutError::UnknownSymbol {
            symbol,
            at: CellPosition::of(cell),
            expected,
        })?;
    }
    Ok(shapes)
}

/// The cell written `symbol` in a format that writes an empty cell `empty`
/// and each shape by `written`: `Some(None)` for an empty cell, `None` for a
/// symbol of no cell.
fn shape_written(symbol: char, empty: char, written: fn(Shape) -> char) -> Option<Option<Shape>> {
    if symbol == empty {
        return Some(None);
    }
    Shape::ALL
        .into_iter()
        .find(|&shape| written(shape) == symbol)
        .map(Some)
}

/// Collects pieces into a layout, checking the one-general and two-empty-cells rules.
#[derive(Default)]
struct Builder {
    general: Option<u8>,
    verticals: u32,
    horizontals: u32,
    soldiers: u32,
    empty: usize,
}

impl Builder {
    fn add(&mut self, shape: Shape, anchor: usize) -> Result<(), LayoutError> {
        let bit = 1u32 << anchor;
        match shape {
            Shape::General if self.general.is_some() => {
                return Err(LayoutError::SecondGeneral {
                    at: CellPosition::of(anchor),
                })
            }
            Shape::General => self.general = Some(anchor as u8),
            Shape::Vertical => self.verticals |= bit,
            Shape::Horizontal => self.horizontals |= bit,
            Shape::Soldier => self.soldiers |= bit,
        }
        Ok(())
    }

    fn finish(self) -> Result<Layout, LayoutError> {
        let general = self.general.ok_or(LayoutError::NoGeneral)?;
        if self.empty < 2 {
            return Err(LayoutError::TooFewEmptyCells { found: self.empty });
        }
        Ok(Layout::from_parts(
            general,
            self.verticals,
            self.horizontals,
            self.soldiers,
        ))
    }
}

fn shape_hint(shape: Shape) -> &'static str {
    match shape {
        Shape::General => "2×2 general",
        Shape::Vertical => "1-wide, 2-tall vertical piece",
        Shape::Horizontal => "2-wide, 1-tall horizontal piece",
        Shape::Soldier => "1×1 soldier",
    }
}

/// Splits a pattern of shapes into pieces: runs of verticals from the top, runs
/// of horizontals from the left, generals as 2×2 blocks.
fn from_shapes(shapes: &[Option<Shape>; CELLS]) -> Result<Layout, LayoutError> {
    let cells_of = |wanted: Shape| {
        (0..CELLS)
            .zip(shapes)
            .filter(|&(_, &shape)| shape == Some(wanted))
            .fold(0u32, |mask, (cell, _)| mask | 1 << cell)
    };
    let mut builder = Builder::default();
    let mut taken = 0u32;
    for (cell, &shape) in shapes.iter().enumerate() {
        if taken >> cell & 1 == 1 {
            continue;
        }
        let Some(shape) = shape else {
            builder.empty += 1;
            continue;
        };
        let same = cells_of(shape) & !taken;
        let footprint = shape.footprint() << cell;
        let whole = shape.fits(FULL) >> cell & 1 == 1 && footprint & !same == 0;
        if !whole {
            // Report the cells of this shape where the whole piece should be.
            let cells = (0..CELLS)
                .filter(|&c| (footprint & same) >> c & 1 == 1)
                .map(CellPosition::of)
                .collect();
            return Err(LayoutError::CutPiece {
                what: format!("{shape} piece at {}", CellPosition::of(cell)),
                cells: Cells(cells),
                shape_hint: shape_hint(shape),
            });
        }
        taken |= footprint;
        builder.add(shape, cell)?;
    }
    builder.finish()
}

/// Reads piece labels: each piece its own symbol, `.` for empty cells.
fn from_labels(cells: &[char]) -> Result<Layout, LayoutError> {
    let mut builder = Builder::default();
    let mut done = 0u32;
    for (cell, &label) in cells.iter().enumerate() {
        if label.is_control() {
            return Err(LayoutError::UnknownSymbol {
                symbol: label,
                at: CellPosition::of(cell),
                expected: "a piece label (any visible character) or . for an empty cell",
            });
        }
        if label == '.' {
            builder.empty += 1;
            continue;
        }
        if done >> cell & 1 == 1 {
            continue;
        }
        let mask = cells
            .iter()
            .enumerate()
            .filter(|&(_, &other)| other == label)
            .fold(0u32, |mask, (c, _)| mask | 1 << c);
        let anchor = mask.trailing_zeros() as usize;
        let shape = [
            Shape::General,
            Shape::Vertical,
            Shape::Horizontal,
            Shape::Soldier,
        ]
        .into_iter()
        .find(|shape| shape.footprint() << anchor == mask && shape.fits(mask) >> anchor & 1 == 1);
        let Some(shape) = shape else {
            let cells = (0..CELLS)
                .filter(|&c| mask >> c & 1 == 1)
                .map(CellPosition::of)
                .collect();
            return Err(LayoutError::CutPiece {
                what: format!("piece {label:?}"),
                cells: Cells(cells),
                shape_hint: "1×1, 1×2, 2×1 or 2×2 rectangle",
            });
        };
        done |= mask;
        builder.add(shape, anchor)?;
    }
    builder.finish()
}
