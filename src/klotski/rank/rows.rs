//! Ranking row by row: the tables that make a rank five independent lookups.

// Like the automaton's tables, every index here is a masked bit field or a
// position these tables themselves hold, in bounds by construction.
#![allow(clippy::indexing_slicing)]

use super::{Fill, Ranking, GENERAL_ANCHORS};
use crate::klotski::common_code::ITEMS;
use crate::klotski::layout::{COLUMNS, FULL, ROWS};
use crate::klotski::pieces::Shape;

/// Ranking row by row.
///
/// Walking the automaton item by item makes each lookup wait for the one
/// before. But what a row adds to the rank depends only on the general, the
/// row's cells covered from above, the empty cells before the row (capped at
/// two) and the row's own pieces — all read straight off the layout. So a rank
/// is five independent lookups, one per row, in tables of a few hundred
/// kilobytes.
pub(super) struct Rows {
    /// The number of each possible content of a row among the contents with the
    /// same covered cells; indexed by the covered cells, horizontal, vertical and
    /// soldier anchors of the row, four bits each, in that order from the top
    /// (the order of the masks in a layout's code, so that one shift and mask
    /// of the code reads all three). Every 16-bit index is in bounds.
    pub(super) ids: Box<[u8; 1 << 16]>,
    /// Where the contributions of each (row, general, covered cells, empty
    /// cells before) start in `contributions`.
    pub(super) bases: Vec<u32>,
    /// What a row adds to the rank, by base plus content number.
    pub(super) contributions: Vec<u32>,
}

impl Default for Rows {
    fn default() -> Self {
        Rows {
            ids: Box::new([0; 1 << 16]),
            bases: Vec::new(),
            contributions: Vec::new(),
        }
    }
}

impl Rows {
    pub(super) fn build(ranking: &mut Ranking) -> Self {
        // Every way to fill the cells of a row not covered from above.
        let mut contents: Vec<Vec<[u32; 3]>> = Vec::with_capacity(16);
        let mut ids = Box::new([0u8; 1 << 16]);
        for covered in 0..16u32 {
            let mut list = Vec::new();
            row_contents(covered, 0, [0; 3], &mut list);
            for (id, &[verticals, horizontals, soldiers]) in list.iter().enumerate() {
                let key = (covered << 12 | horizontals << 8 | verticals << 4 | soldiers) as usize;
                ids[key] = id as u8;
            }
            contents.push(list);
        }
        let mut bases = vec![0u32; ROWS * 12 * 16 * 3];
        let mut contributions = Vec::new();
        for row in 0..ROWS {
            let shift = (COLUMNS * row) as u32;
            for (general, &anchor) in GENERAL_ANCHORS.iter().enumerate() {
                let general_cells = Shape::General.footprint() << anchor;
                for covered in 0..16u32 {
                    if (general_cells >> shift & 0xF) & !covered != 0 {
                        continue;
                    }
                    for empties in 0..3u32 {
                        let index =
                            ((row * 12 + general) * 16 + covered as usize) * 3 + empties as usize;
                        bases[index] = contributions.len() as u32;
                        let fill = Fill {
                            general,
                            covered: (((1 << shift) - 1) | (covered << shift) | general_cells)
                                & FULL,
                            empty: empties,
                        };
                        for &content in &contents[covered as usize] {
                            contributions.push(ranking.row_contribution(fill, shift, content));
                        }
                    }
                }
            }
        }
        Rows {
            ids,
            bases,
            contributions,
        }
    }
}

/// Lists the fillings of a row's cells from `cell` on, given the `covered`
/// ones, as vertical, horizontal and soldier anchor masks, in a fixed order.
fn row_contents(covered: u32, cell: u32, placed: [u32; 3], out: &mut Vec<[u32; 3]>) {
    if cell >= COLUMNS as u32 {
        out.push(placed);
        return;
    }
    let bit = 1 << cell;
    if covered & bit != 0 {
        row_contents(covered, cell + 1, placed, out);
        return;
    }
    row_contents(covered, cell + 1, placed, out);
    for slot in 0..3 {
        let mut next = placed;
        next[slot] |= bit;
        if slot == 1 {
            // A horizontal piece also takes the next cell of the row.
            if cell + 1 < COLUMNS as u32 && covered & bit << 1 == 0 {
                row_contents(covered | bit << 1, cell + 1, next, out);
            }
        } else {
            row_contents(covered, cell + 1, next, out);
        }
    }
}

impl Ranking {
    /// What placing the row `content` (vertical, horizontal and soldier anchors
    /// of the row at `shift`) onto `fill` adds to the rank; 0 when it does not
    /// fit, as no legal layout asks for it then.
    fn row_contribution(&mut self, mut fill: Fill, shift: u32, content: [u32; 3]) -> u32 {
        let [verticals, horizontals, soldiers] = content.map(|mask| mask << shift);
        let mut sum = 0;
        for cell in shift..shift + COLUMNS as u32 {
            let bit = 1 << cell;
            if fill.covered & bit != 0 {
                continue;
            }
            let item = if horizontals & bit != 0 {
                1
            } else if verticals & bit != 0 {
                2
            } else if soldiers & bit != 0 {
                3
            } else {
                0
            };
            for &smaller in &ITEMS[..item] {
                if let Some(next) = fill.place(smaller) {
                    sum += self.count(next);
                }
            }
            match fill.place(ITEMS[item]) {
                Some(next) => fill = next,
                None => return 0,
            }
        }
        sum
    }
}
