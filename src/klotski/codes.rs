//! CommonCode and ShortCode: the published codes of Klotski layouts.
//!
//! A CommonCode is 36 bits. The top 4 hold the top-left cell of the general; the
//! low 32 list the other items in row-major order of their top-left cells, two
//! bits each, first item highest: `00` empty cell, `01` horizontal, `10`
//! vertical, `11` soldier. A ShortCode is a layout's rank among all 29,334,498
//! legal layouts ordered by CommonCode.

use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

use super::layout::{Layout, Shape, CELLS, COLUMNS, FULL};
use super::LayoutError;

/// The number of legal layouts: one general, any other pieces, two or more empty cells.
pub const LAYOUT_COUNT: u32 = 29_334_498;

/// An item of a CommonCode, in the order of its 2-bit value.
const ITEMS: [Option<Shape>; 4] = [
    None,
    Some(Shape::Horizontal),
    Some(Shape::Vertical),
    Some(Shape::Soldier),
];

/// The 36-bit code of a layout used by the open-source klotski engine and its catalogs.
///
/// Its text is 9 hex digits; when parsing, trailing zeros may be left out and
/// case does not matter.
///
/// ```
/// use puzzle_search::klotski::{CommonCode, Layout};
///
/// let code: CommonCode = "1A9BF0C".parse()?;
/// assert_eq!(code.value(), 0x1_A9BF_0C00);
/// assert_eq!(code.to_string(), "1A9BF0C00");
/// assert_eq!(code.layout().to_shape_digits(), "24422442233221121001");
/// assert_eq!(CommonCode::from(code.layout()), code);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommonCode(u64);

impl CommonCode {
    /// The code `value`, if it describes a legal layout.
    pub fn new(value: u64) -> Result<Self, LayoutError> {
        decode(value).map(|_| CommonCode(value))
    }

    /// The 36-bit value.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The layout it describes.
    pub fn layout(self) -> Layout {
        // `CommonCode` values are checked on construction.
        decode(self.0).unwrap_or_else(|_| Layout::from_parts(0, 0, 0, 0))
    }
}

impl From<Layout> for CommonCode {
    fn from(layout: Layout) -> Self {
        let mut range = 0u32;
        let mut items = 0;
        let mut covered = Shape::General.footprint() << layout.general();
        for cell in 0..CELLS as u32 {
            let bit = 1 << cell;
            if covered & bit != 0 {
                continue;
            }
            let (item, cells) = if layout.verticals() & bit != 0 {
                (2, Shape::Vertical.footprint() << cell)
            } else if layout.horizontals() & bit != 0 {
                (1, Shape::Horizontal.footprint() << cell)
            } else if layout.soldiers() & bit != 0 {
                (3, bit)
            } else {
                (0, bit)
            };
            covered |= cells;
            range |= item << (30 - 2 * items);
            items += 1;
        }
        CommonCode(u64::from(layout.general()) << 32 | u64::from(range))
    }
}

impl fmt::Display for CommonCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:09X}", self.0)
    }
}

impl FromStr for CommonCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason: &str| LayoutError::InvalidCommonCode {
            code: text.to_owned(),
            reason: reason.to_owned(),
        };
        if text.is_empty() || text.len() > 9 {
            return Err(invalid("a CommonCode has 1 to 9 hex digits"));
        }
        if !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(invalid("a CommonCode has only hex digits 0-9 and A-F"));
        }
        let value = u64::from_str_radix(text, 16).map_err(|error| invalid(&error.to_string()))?;
        // Trailing zeros may be left out: the digits are the leading ones of nine.
        let shift = 4 * (9 - text.len() as u32);
        CommonCode::new(value << shift).map_err(|error| match error {
            LayoutError::InvalidCommonCode { reason, .. } => invalid(&reason),
            other => other,
        })
    }
}

/// Decodes a CommonCode value into a legal layout.
fn decode(value: u64) -> Result<Layout, LayoutError> {
    let invalid = |reason: String| LayoutError::InvalidCommonCode {
        code: format!("{value:09X}"),
        reason,
    };
    if value >> 36 != 0 {
        return Err(invalid("the value has more than 36 bits".into()));
    }
    let general = (value >> 32) as u32;
    if general > 14 || general % 4 == 3 {
        return Err(invalid(format!(
            "the general's top-left cell {general} would put it off the board (row 4 or column 3)"
        )));
    }
    let mut range = value as u32;
    let mut covered = Shape::General.footprint() << general;
    let (mut verticals, mut horizontals, mut soldiers, mut empty) = (0u32, 0u32, 0u32, 0u32);
    for cell in 0..CELLS as u32 {
        let bit = 1 << cell;
        if covered & bit != 0 {
            continue;
        }
        let item = ITEMS[(range >> 30) as usize];
        range <<= 2;
        match item {
            None => empty += 1,
            Some(shape) => {
                let cells = shape.footprint() << cell;
                if shape.fits(!covered & FULL) & bit == 0 {
                    let (row, col) = (cell as usize / COLUMNS, cell as usize % COLUMNS);
                    return Err(invalid(format!(
                        "a {shape} piece at row {row}, column {col} does not fit on the board"
                    )));
                }
                match shape {
                    Shape::Vertical => verticals |= bit,
                    Shape::Horizontal => horizontals |= bit,
                    _ => soldiers |= bit,
                }
                covered |= cells;
            }
        }
        covered |= bit;
    }
    if range != 0 {
        return Err(invalid(
            "items are left over after the board is full".into(),
        ));
    }
    if empty < 2 {
        return Err(invalid(format!(
            "it leaves {empty} empty cells; at least two are needed"
        )));
    }
    Ok(Layout::from_parts(
        general as u8,
        verticals,
        horizontals,
        soldiers,
    ))
}

/// The alphabet of ShortCode text: base 32 without `0`, `I`, `L` and `O`.
const SHORT_ALPHABET: &[u8; 32] = b"123456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// A layout's rank among all [`LAYOUT_COUNT`] legal layouts ordered by CommonCode.
///
/// Its text is five base-32 characters, most significant first.
///
/// ```
/// use puzzle_search::klotski::{Layout, ShortCode};
///
/// let layout: Layout = "1A9BF0C".parse()?;
/// let short = ShortCode::from(layout);
/// assert_eq!(short.rank(), 4_091_296);
/// assert_eq!(short.to_string(), "4WVE1");
/// assert_eq!("4WVE1".parse::<ShortCode>()?.layout(), layout);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShortCode(u32);

impl ShortCode {
    /// The code of rank `rank`, if `rank < LAYOUT_COUNT`.
    pub fn new(rank: u32) -> Result<Self, LayoutError> {
        if rank < LAYOUT_COUNT {
            Ok(ShortCode(rank))
        } else {
            Err(LayoutError::InvalidShortCode {
                code: rank.to_string(),
                reason: format!("rank {rank} is not below the {LAYOUT_COUNT} legal layouts"),
            })
        }
    }

    /// The rank.
    pub fn rank(self) -> u32 {
        self.0
    }

    /// The layout of this rank.
    pub fn layout(self) -> Layout {
        ranking().unrank(self.0)
    }
}

impl From<Layout> for ShortCode {
    fn from(layout: Layout) -> Self {
        ShortCode(ranking().rank(layout))
    }
}

impl fmt::Display for ShortCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = [b'1'; 5];
        let mut rest = self.0;
        for digit in digits.iter_mut().rev() {
            *digit = SHORT_ALPHABET[(rest % 32) as usize];
            rest /= 32;
        }
        f.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for ShortCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason: String| LayoutError::InvalidShortCode {
            code: text.to_owned(),
            reason,
        };
        if text.chars().count() != 5 {
            return Err(invalid("a ShortCode has exactly 5 characters".into()));
        }
        let mut rank = 0u32;
        for symbol in text.chars() {
            let digit = SHORT_ALPHABET
                .iter()
                .position(|&letter| char::from(letter) == symbol.to_ascii_uppercase())
                .ok_or_else(|| {
                    invalid(format!(
                        "{symbol:?} is not a ShortCode character (1-9 and A-Z without I, L, O)"
                    ))
                })?;
            rank = rank * 32 + digit as u32;
        }
        ShortCode::new(rank).map_err(|error| match error {
            LayoutError::InvalidShortCode { reason, .. } => invalid(reason),
            other => other,
        })
    }
}

/// The anchors the general may have, in CommonCode order.
const GENERAL_ANCHORS: [u8; 12] = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14];

/// Counts of legal completions of partly filled boards, for ranking and unranking.
///
/// Filling a board in CommonCode order, the cells before the first unfilled one
/// (the cursor) are all covered, and only the next four cells after it can be
/// covered too (by the lower half of a vertical piece). With the general's
/// anchor, the cursor, those four bits and the empty cells so far (capped at
/// two), a partial fill is one of 12 × 21 × 16 × 3 states.
struct Ranking {
    /// Completions per state; see [`Ranking::index`].
    completions: Vec<u32>,
    /// Layouts whose general's anchor comes before each entry of `GENERAL_ANCHORS`.
    offsets: [u32; 12],
}

/// A partly filled board.
#[derive(Clone, Copy)]
struct Fill {
    general: usize,
    covered: u32,
    empty: u32,
}

impl Fill {
    fn start(general: usize) -> Self {
        let anchor = GENERAL_ANCHORS.get(general).copied().unwrap_or(0);
        Fill {
            general,
            covered: Shape::General.footprint() << anchor,
            empty: 0,
        }
    }

    fn cursor(self) -> u32 {
        (!self.covered & FULL).trailing_zeros()
    }

    fn is_full(self) -> bool {
        self.covered == FULL
    }

    /// The fill after placing `item` at the cursor, if it fits.
    fn place(self, item: Option<Shape>) -> Option<Fill> {
        let cursor = self.cursor();
        match item {
            None => Some(Fill {
                covered: self.covered | 1 << cursor,
                empty: self.empty + 1,
                ..self
            }),
            Some(shape) => (shape.fits(!self.covered & FULL) >> cursor & 1 == 1).then(|| Fill {
                covered: self.covered | shape.footprint() << cursor,
                ..self
            }),
        }
    }
}

impl Ranking {
    fn index(fill: Fill) -> usize {
        let cursor = fill.cursor() as usize;
        let window = (fill.covered >> (cursor + 1) & 0xF) as usize;
        ((fill.general * 21 + cursor) * 16 + window) * 3 + fill.empty.min(2) as usize
    }

    fn build() -> Self {
        let mut ranking = Ranking {
            completions: vec![u32::MAX; 12 * 21 * 16 * 3],
            offsets: [0; 12],
        };
        let mut total = 0;
        for general in 0..GENERAL_ANCHORS.len() {
            ranking.offsets[general] = total;
            total += ranking.count(Fill::start(general));
        }
        ranking
    }

    /// Legal completions of `fill`, memoised.
    fn count(&mut self, fill: Fill) -> u32 {
        if fill.is_full() {
            return u32::from(fill.empty >= 2);
        }
        let index = Self::index(fill);
        if let Some(&known) = self.completions.get(index) {
            if known != u32::MAX {
                return known;
            }
        }
        let total = ITEMS
            .iter()
            .filter_map(|&item| fill.place(item))
            .map(|next| self.count(next))
            .sum();
        if let Some(slot) = self.completions.get_mut(index) {
            *slot = total;
        }
        total
    }

    fn completions(&self, fill: Fill) -> u32 {
        if fill.is_full() {
            return u32::from(fill.empty >= 2);
        }
        self.completions
            .get(Self::index(fill))
            .copied()
            .unwrap_or(0)
    }

    fn rank(&self, layout: Layout) -> u32 {
        let general = GENERAL_ANCHORS
            .iter()
            .position(|&anchor| anchor == layout.general())
            .unwrap_or(0);
        let mut rank = self.offsets[general];
        let mut fill = Fill::start(general);
        let code = CommonCode::from(layout).value() as u32;
        let mut item_index = 0;
        while !fill.is_full() {
            let actual = (code >> (30 - 2 * item_index) & 3) as usize;
            for &smaller in &ITEMS[..actual] {
                if let Some(next) = fill.place(smaller) {
                    rank += self.completions(next);
                }
            }
            match fill.place(ITEMS[actual]) {
                Some(next) => fill = next,
                None => break,
            }
            item_index += 1;
        }
        rank
    }

    fn unrank(&self, mut rank: u32) -> Layout {
        let general = self
            .offsets
            .iter()
            .rposition(|&offset| offset <= rank)
            .unwrap_or(0);
        rank -= self.offsets[general];
        let mut fill = Fill::start(general);
        let mut code = u64::from(GENERAL_ANCHORS[general]) << 32;
        let mut item_index = 0;
        while !fill.is_full() {
            let mut chosen = None;
            for (value, &item) in ITEMS.iter().enumerate() {
                if let Some(next) = fill.place(item) {
                    let count = self.completions(next);
                    if rank < count {
                        chosen = Some((value, next));
                        break;
                    }
                    rank -= count;
                }
            }
            let Some((value, next)) = chosen else { break };
            code |= (value as u64) << (30 - 2 * item_index);
            fill = next;
            item_index += 1;
        }
        CommonCode(code).layout()
    }
}

fn ranking() -> &'static Ranking {
    static RANKING: OnceLock<Ranking> = OnceLock::new();
    RANKING.get_or_init(Ranking::build)
}
