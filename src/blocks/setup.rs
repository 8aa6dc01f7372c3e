//! A puzzle as its text describes it: the rules, the start layout and the
//! letters of the pieces; built from a drawing, printed back as one.

use core::fmt;

use super::error::{At, ParseError, Problem};
use super::layout::Layout;
use super::moves::Move;
use super::rules::{touch_table, Blocks, Class, Kind, Movement, Target, MAX_CELLS};
use crate::metric::Metric;
use crate::Puzzle;

/// A puzzle read from text: the rules ([`Blocks`]), the start layout and
/// the letter of every piece, to draw layouts as they were drawn.
///
/// Parse one from the drawing format with [`str::parse`] (see the
/// [module docs](super)) or from a Rush Hour string with
/// [`Setup::from_rush`]; [`Display`](fmt::Display) prints it back in the
/// drawing format, which parses to the same setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub(super) blocks: Blocks,
    pub(super) start: Lettered,
    pub(super) goal: GoalText,
    pub(super) distinct: bool,
}

/// How the goal was stated, to print it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum GoalText {
    Place { letter: char, cell: u8 },
    Drawing(Lettered),
}

/// A layout with the letter of each piece, in the order of their anchors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lettered {
    /// The layout.
    pub layout: Layout,
    letters: Vec<char>,
}

impl Lettered {
    /// The letters of the pieces, in the order of their anchors (top-left cells, row-major).
    pub fn letters(&self) -> &[char] {
        &self.letters
    }
}

/// A drawing: rows of symbols (`.` empty, `#` wall), with where each symbol was read.
#[derive(Clone, Debug)]
pub(super) struct Grid {
    pub(super) rows: usize,
    pub(super) columns: usize,
    pub(super) cells: Vec<char>,
    pub(super) at: Vec<At>,
    /// Where the drawing starts.
    pub(super) first: At,
}

/// A piece of a drawing.
struct Drawn {
    letter: char,
    anchor: u8,
    height: u8,
    width: u8,
}

impl Grid {
    fn at(&self, cell: usize) -> At {
        self.at.get(cell).copied().unwrap_or(self.first)
    }

    fn walls(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &symbol)| symbol == '#')
            .fold(0, |walls, (cell, _)| walls | 1u64 << (cell & 63))
    }

    /// The pieces, by anchor, each checked to be a filled rectangle.
    fn pieces(&self) -> Result<Vec<Drawn>, ParseError> {
        let mut pieces: Vec<Drawn> = Vec::new();
        for (cell, &letter) in self.cells.iter().enumerate() {
            if letter == '.' || letter == '#' || pieces.iter().any(|p| p.letter == letter) {
                continue;
            }
            let (row, column) = (cell / self.columns, cell % self.columns);
            let mine: Vec<usize> = (cell..self.cells.len())
                .filter(|&c| self.cells.get(c) == Some(&letter))
                .collect();
            let bottom = mine.iter().map(|c| c / self.columns).max().unwrap_or(row);
            let left = mine
                .iter()
                .map(|c| c % self.columns)
                .min()
                .unwrap_or(column);
            let right = mine
                .iter()
                .map(|c| c % self.columns)
                .max()
                .unwrap_or(column);
            for r in row..=bottom {
                for c in left..=right {
                    let index = r * self.columns + c;
                    if self.cells.get(index) != Some(&letter) {
                        return Err(self
                            .at(index)
                            .error(Problem::NotRectangle { piece: letter }));
                    }
                }
            }
            pieces.push(Drawn {
                letter,
                anchor: (row * self.columns + left) as u8,
                height: (bottom - row + 1) as u8,
                width: (right - left + 1) as u8,
            });
        }
        pieces.sort_by_key(|piece| piece.anchor);
        Ok(pieces)
    }
}

/// Which pieces move along one axis only.
#[derive(Clone, Debug, Default)]
pub(super) enum Axis {
    #[default]
    None,
    All,
    Some(Vec<(char, At)>),
}

/// The goal as written.
#[derive(Clone, Debug)]
pub(super) enum GoalSpec {
    Place {
        letter: char,
        row: usize,
        column: usize,
        at: At,
    },
    Drawing(Grid),
}

/// Everything a text says, before it is checked.
#[derive(Clone, Debug)]
pub(super) struct Sketch {
    pub(super) grid: Grid,
    pub(super) goal: Option<GoalSpec>,
    pub(super) axis: Axis,
    pub(super) distinct: bool,
}

impl Sketch {
    fn movement(&self, letter: char) -> Movement {
        match &self.axis {
            Axis::All => Movement::Axis,
            Axis::Some(letters) if letters.iter().any(|&(l, _)| l == letter) => Movement::Axis,
            _ => Movement::Free,
        }
    }

    /// Checks the sketch and builds the setup.
    pub(super) fn build(self) -> Result<Setup, ParseError> {
        let grid = &self.grid;
        let (rows, columns) = (grid.rows, grid.columns);
        if rows * columns > MAX_CELLS {
            return Err(grid.first.error(Problem::TooManyCells { rows, columns }));
        }
        let walls = grid.walls();
        let pieces = grid.pieces()?;
        if let Axis::Some(letters) = &self.axis {
            if let Some(&(letter, at)) = letters
                .iter()
                .find(|(l, _)| !pieces.iter().any(|p| p.letter == *l))
            {
                return Err(at.error(Problem::UnknownPiece(letter)));
            }
        }
        let kind_of = |piece: &Drawn| Kind {
            height: piece.height,
            width: piece.width,
            movement: self.movement(piece.letter),
        };
        let goal_letter = match &self.goal {
            Some(GoalSpec::Place { letter, at, .. }) => {
                if !pieces.iter().any(|p| p.letter == *letter) {
                    return Err(at.error(Problem::UnknownPiece(*letter)));
                }
                Some(*letter)
            }
            Some(GoalSpec::Drawing(_)) => None,
            None => return Err(grid.first.error(Problem::NoGoal)),
        };
        // Classes: the goal piece's first, then one per piece (distinct) or per kind.
        let mut kinds: Vec<(Kind, Option<char>)> = Vec::new();
        let mut class_of = Vec::with_capacity(pieces.len());
        for piece in &pieces {
            let own = self.distinct || Some(piece.letter) == goal_letter;
            let key = (kind_of(piece), own.then_some(piece.letter));
            let class = match kinds.iter().position(|k| *k == key) {
                Some(class) => class,
                None => {
                    kinds.push(key);
                    kinds.len() - 1
                }
            };
            class_of.push(class);
        }
        if let Some(goal) = goal_letter {
            // Class 0 is the goal piece's.
            if let Some(goal_class) = kinds.iter().position(|(_, l)| *l == Some(goal)) {
                kinds.swap(0, goal_class);
                for class in &mut class_of {
                    if *class == goal_class {
                        *class = 0;
                    } else if *class == 0 {
                        *class = goal_class;
                    }
                }
            }
        }
        let bits = match kinds.len() {
            0 | 1 => 0,
            n => usize::BITS - (n - 1).leading_zeros(),
        };
        if pieces.len() as u32 * bits > 64 {
            return Err(grid.first.error(Problem::TooManyPieces {
                pieces: pieces.len(),
                classes: kinds.len(),
                bits,
            }));
        }
        let (r8, c8) = (rows as u8, columns as u8);
        let classes: Vec<Class> = kinds
            .iter()
            .map(|(kind, _)| Class::new(*kind, r8, c8, walls))
            .collect();
        let area: u32 = pieces.iter().map(|p| kind_of(p).area()).sum();
        let empty = (rows * columns) as u32 - walls.count_ones() - area;
        let mut start_pieces: Vec<(u8, u8)> = pieces
            .iter()
            .zip(&class_of)
            .map(|(p, &class)| (p.anchor, class as u8))
            .collect();
        let letters: Vec<char> = pieces.iter().map(|p| p.letter).collect();
        let touch = touch_table(&classes);
        let mut blocks = Blocks {
            rows: r8,
            columns: c8,
            walls,
            metric: Metric::default(),
            classes,
            bits,
            empty,
            board: (0..rows * columns).fold(0, |cells, cell| cells | 1 << cell),
            first_column: (0..rows).fold(0, |cells, row| cells | 1 << (row * columns)),
            last_column: (0..rows).fold(0, |cells, row| cells | 1 << (row * columns + columns - 1)),
            touch,
            from_empty: empty as usize <= pieces.len(),
            target: Target::Layout {
                layout: Layout::default(),
                class_at: [0; MAX_CELLS],
            },
            symmetric: mirrored_walls(walls, rows, columns) == walls,
            mirror_folding: true,
        };
        let goal = match &self.goal {
            Some(GoalSpec::Place {
                letter,
                row,
                column,
                at,
            }) => {
                let (letter, row, column, at) = (*letter, *row, *column, *at);
                let fits = row >= 1 && column >= 1 && row <= rows && column <= columns;
                let cell = ((row.max(1) - 1) * columns + column.max(1) - 1) as u8;
                if !fits || blocks.class(0).is_none_or(|class| class.cells(cell) == 0) {
                    return Err(at.error(Problem::GoalOffBoard {
                        piece: letter,
                        row,
                        column,
                    }));
                }
                blocks.target = Target::Place {
                    cell,
                    swept: swept(&blocks, cell),
                };
                blocks.symmetric &= blocks
                    .class(0)
                    .is_some_and(|class| class.mirrored(cell) == cell);
                GoalText::Place { letter, cell }
            }
            Some(GoalSpec::Drawing(target)) => {
                let mut lettered = self.target(&blocks, target, &pieces, &class_of)?;
                if lettered.layout.code() != lettered.layout.mirror_code() {
                    // Not symmetric: no mirror codes.
                    blocks.symmetric = false;
                    lettered = self.target(&blocks, target, &pieces, &class_of)?;
                }
                let mut class_at = [0u8; MAX_CELLS];
                for (cell, class) in blocks.decode(lettered.layout) {
                    if let Some(slot) = class_at.get_mut(usize::from(cell)) {
                        *slot = class + 1;
                    }
                }
                blocks.target = Target::Layout {
                    layout: lettered.layout,
                    class_at,
                };
                GoalText::Drawing(lettered)
            }
            None => return Err(grid.first.error(Problem::NoGoal)),
        };
        let start = blocks.layout_of(&mut start_pieces);
        Ok(Setup {
            blocks,
            start: Lettered {
                layout: start,
                letters,
            },
            goal,
            distinct: self.distinct,
        })
    }

    /// The target layout of a goal drawing, with the classes of the start.
    fn target(
        &self,
        blocks: &Blocks,
        target: &Grid,
        pieces: &[Drawn],
        class_of: &[usize],
    ) -> Result<Lettered, ParseError> {
        if (target.rows, target.columns) != (self.grid.rows, self.grid.columns) {
            return Err(target.first.error(Problem::GoalSize {
                rows: target.rows,
                columns: target.columns,
                board_rows: self.grid.rows,
                board_columns: self.grid.columns,
            }));
        }
        if let Some(cell) = (0..target.cells.len()).find(|&c| {
            (target.cells.get(c) == Some(&'#')) != (self.grid.cells.get(c) == Some(&'#'))
        }) {
            return Err(target.at(cell).error(Problem::GoalPieces("walls")));
        }
        let mut placed = Vec::new();
        let mut letters = Vec::new();
        let mut left: Vec<usize> = class_of.to_vec();
        for piece in target.pieces()? {
            let kind = Kind {
                height: piece.height,
                width: piece.width,
                movement: self.movement(piece.letter),
            };
            // With distinct pieces a letter is a piece; else any piece of the kind.
            let found = left.iter().position(|&class| {
                blocks.kind(class as u8) == kind
                    && (!self.distinct
                        || pieces
                            .iter()
                            .zip(class_of)
                            .any(|(p, &c)| c == class && p.letter == piece.letter))
            });
            let Some(index) = found else {
                let at = target.at(usize::from(piece.anchor));
                return Err(at.error(Problem::GoalPieces("pieces")));
            };
            let class = left.swap_remove(index);
            placed.push((piece.anchor, class as u8));
            letters.push(piece.letter);
        }
        if !left.is_empty() {
            return Err(target.first.error(Problem::GoalPieces("pieces")));
        }
        Ok(Lettered {
            layout: blocks.layout_of(&mut placed),
            letters,
        })
    }
}

/// The walls seen in a mirror, left and right swapped.
fn mirrored_walls(walls: u64, rows: usize, columns: usize) -> u64 {
    (0..rows * columns)
        .filter(|&cell| walls >> cell & 1 == 1)
        .fold(0, |mirrored, cell| {
            let (row, column) = (cell / columns, cell % columns);
            mirrored | 1 << (row * columns + columns - 1 - column)
        })
}

/// For a goal piece that moves along one axis, the cells it crosses from
/// each anchor of its line to the goal anchor `goal`.
fn swept(blocks: &Blocks, goal: u8) -> Vec<u64> {
    let Some(class) = blocks.class(0) else {
        return Vec::new();
    };
    let kind = class.kind;
    if kind.movement != Movement::Axis || kind.height == kind.width {
        return Vec::new();
    }
    (0..MAX_CELLS as u8)
        .map(|anchor| {
            let here = class.cells(anchor);
            let (row, column) = blocks.position(anchor);
            let (goal_row, goal_column) = blocks.position(goal);
            let on_line = if kind.width > kind.height {
                row == goal_row
            } else {
                column == goal_column
            };
            if here == 0 || !on_line {
                return 0;
            }
            // The bounding box of both places, less the cells it covers now.
            let low = (row.min(goal_row), column.min(goal_column));
            let high = (
                row.max(goal_row) + usize::from(kind.height),
                column.max(goal_column) + usize::from(kind.width),
            );
            let mut cells = 0u64;
            for cell in 0..blocks.rows() * blocks.columns() {
                let (r, c) = blocks.position(cell as u8);
                if r >= low.0 && r < high.0 && c >= low.1 && c < high.1 {
                    cells |= 1 << (cell & 63);
                }
            }
            cells & !here
        })
        .collect()
}

impl Setup {
    /// The rules, under the `piece` metric.
    pub fn blocks(&self) -> &Blocks {
        &self.blocks
    }

    /// The rules under `metric`.
    pub fn puzzle(&self, metric: Metric) -> Blocks {
        self.blocks.clone().with_metric(metric)
    }

    /// The start layout.
    pub fn start(&self) -> Layout {
        self.start.layout
    }

    /// The start layout with its letters.
    pub fn lettered(&self) -> &Lettered {
        &self.start
    }

    /// The letter of the goal piece, for a goal that puts one piece at a place.
    pub fn goal_piece(&self) -> Option<char> {
        match &self.goal {
            GoalText::Place { letter, .. } => Some(*letter),
            GoalText::Drawing(_) => None,
        }
    }

    /// Whether every piece is its own (the `distinct` directive).
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The letter of the piece `mv` moves on `before`, and the layout after
    /// it with its letters; `None` unless `mv` is a move of `before` in
    /// `metric`.
    pub fn apply(&self, before: &Lettered, mv: Move, metric: Metric) -> Option<(char, Lettered)> {
        let mut after = None;
        self.puzzle(metric).successors(&before.layout, |m, next| {
            if m == mv && after.is_none() {
                after = Some(next);
            }
        });
        let after = after?;
        let anchors = before.layout.anchors();
        let rank = (anchors & ((1u64 << (mv.from & 63)) - 1)).count_ones() as usize;
        let mut letters = before.letters.clone();
        let letter = *letters.get(rank)?;
        letters.remove(rank);
        let new_rank = (after.anchors() & ((1u64 << (mv.to & 63)) - 1)).count_ones() as usize;
        letters.insert(new_rank.min(letters.len()), letter);
        Some((
            letter,
            Lettered {
                layout: after,
                letters,
            },
        ))
    }

    /// `layout` with letters: each piece gets a letter of the start's pieces
    /// of its class, in the order of their anchors. Exact for distinct
    /// pieces (and the goal piece); for interchangeable ones, one consistent
    /// choice (to follow pieces along a path, use [`apply`](Setup::apply)).
    pub fn letter(&self, layout: Layout) -> Lettered {
        let blocks = &self.blocks;
        let mut by_class: Vec<Vec<char>> = vec![Vec::new(); blocks.classes.len()];
        for ((_, class), &letter) in blocks.decode(self.start.layout).zip(&self.start.letters) {
            if let Some(letters) = by_class.get_mut(usize::from(class)) {
                letters.push(letter);
            }
        }
        let mut used = vec![0usize; blocks.classes.len()];
        let letters = blocks
            .decode(layout)
            .map(|(_, class)| {
                let class = usize::from(class);
                let index = used.get(class).copied().unwrap_or(0);
                if let Some(count) = used.get_mut(class) {
                    *count += 1;
                }
                by_class
                    .get(class)
                    .and_then(|letters| letters.get(index))
                    .copied()
                    .unwrap_or('?')
            })
            .collect();
        Lettered { layout, letters }
    }

    /// The rows of `lettered` as drawn: `.` empty, `#` wall, each piece its letter.
    pub fn rows(&self, lettered: &Lettered) -> Vec<String> {
        let blocks = &self.blocks;
        let cells = blocks.rows() * blocks.columns();
        let mut symbols: Vec<char> = (0..cells)
            .map(|cell| {
                if blocks.walls >> (cell & 63) & 1 == 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        for ((anchor, class), &letter) in blocks.decode(lettered.layout).zip(&lettered.letters) {
            let covered = blocks.class(class).map_or(0, |class| class.cells(anchor));
            for (cell, symbol) in symbols.iter_mut().enumerate() {
                if covered >> (cell & 63) & 1 == 1 {
                    *symbol = letter;
                }
            }
        }
        symbols
            .chunks(blocks.columns().max(1))
            .map(|row| row.iter().collect())
            .collect()
    }

    /// The drawing of `lettered` on one line, rows joined by `/`.
    pub fn drawing(&self, lettered: &Lettered) -> String {
        self.rows(lettered).join("/")
    }
}

impl fmt::Display for Setup {
    /// The drawing, then the directives: `goal`, `axis`, `distinct`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows(&self.start) {
            writeln!(f, "{row}")?;
        }
        match &self.goal {
            GoalText::Place { letter, cell } => {
                let (row, column) = self.blocks.position(*cell);
                writeln!(f, "goal {letter} {},{}", row + 1, column + 1)?;
            }
            GoalText::Drawing(target) => {
                writeln!(f, "goal")?;
                for row in self.rows(target) {
                    writeln!(f, "{row}")?;
                }
            }
        }
        let axis: Vec<char> = self
            .blocks
            .decode(self.start.layout)
            .zip(&self.start.letters)
            .filter(|((_, class), _)| self.blocks.kind(*class).movement == Movement::Axis)
            .map(|(_, &letter)| letter)
            .collect();
        if !axis.is_empty() && axis.len() == self.start.letters.len() {
            writeln!(f, "axis all")?;
        } else if !axis.is_empty() {
            write!(f, "axis")?;
            for letter in axis {
                write!(f, " {letter}")?;
            }
            writeln!(f)?;
        }
        if self.distinct {
            writeln!(f, "distinct")?;
        }
        Ok(())
    }
}
