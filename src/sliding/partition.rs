//! Partitions of the tiles into the disjoint groups of additive pattern databases.

use core::fmt;

use super::Shape;

/// The most tiles a group may hold. Its pattern database has one entry per
/// placement of its tiles, `cells! / (cells − tiles)!` of them, so groups of
/// this size are already far beyond memory on every shape but the smallest.
pub const MAX_GROUP: usize = 11;

/// The most abstract states a group of a default partition
/// ([`Partition::for_shape`]) maps: about 134 million.
const DEFAULT_BUDGET: u64 = 1 << 27;

/// A partition of the tiles of a [`Shape`] into disjoint groups: the value
/// that says which additive pattern databases a
/// [`PatternDatabase`](super::PatternDatabase) holds.
///
/// Each group's database counts only the moves of its own tiles, so the
/// bounds of the groups add up to a bound on the whole board (Korf and
/// Felner, *Disjoint pattern database heuristics*, 2002). Larger groups give
/// tighter bounds and larger tables. A partition need not cover every tile;
/// a tile in no group adds nothing.
///
/// ```
/// use puzzle_search::sliding::{Partition, Shape};
///
/// let partition = Partition::named(Shape::FIFTEEN, "7-8")?;
/// assert_eq!(partition.to_string(), "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15");
/// assert_eq!(partition.patterns(0), 16 * 15 * 14 * 13 * 12 * 11 * 10);
///
/// let custom = Partition::parse(Shape::EIGHT, "1,2,3,4/5,6,7,8")?;
/// assert_eq!(custom.groups().count(), 2);
///
/// let error = Partition::parse(Shape::EIGHT, "1,2,3/3,4").unwrap_err();
/// assert_eq!(error.to_string(), "tile 3 is in two groups");
/// # Ok::<(), puzzle_search::sliding::PartitionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    shape: Shape,
    groups: Vec<Vec<u8>>,
}

/// Why a partition cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartitionError {
    /// A tile that is not on the shape's board (tiles are `1` … `cells − 1`).
    #[error("tile {tile} is not a tile of the {shape} board (its tiles are 1 to {})", shape.cells() - 1)]
    TileOutOfRange {
        /// The tile named.
        tile: u64,
        /// The shape.
        shape: Shape,
    },
    /// A tile in two groups, or twice in one.
    #[error("tile {0} is in two groups")]
    RepeatedTile(u8),
    /// A group with no tile, counted from 1.
    #[error("group {0} has no tile")]
    EmptyGroup(usize),
    /// A group with more than [`MAX_GROUP`] tiles, counted from 1.
    #[error("group {group} has {tiles} tiles; a group holds at most {MAX_GROUP}")]
    GroupTooLarge {
        /// The group, counted from 1.
        group: usize,
        /// Its tiles.
        tiles: usize,
    },
    /// No group at all.
    #[error("a partition needs at least one group")]
    NoGroup,
    /// Something in the text that is not a tile number.
    #[error("{0:?} is not a tile number")]
    NotANumber(String),
    /// A name that names no partition of the shape.
    #[error("no partition named {name:?} for the {shape} board: give its sizes (like 6-6-3) adding up to at most {} or its groups (like 1,2,3/4,5,6)", shape.cells() - 1)]
    UnknownName {
        /// The name given, shortened to at most 40 characters.
        name: String,
        /// The shape.
        shape: Shape,
    },
}

impl Partition {
    /// The partition of `shape` into `groups`.
    ///
    /// # Errors
    ///
    /// A [`PartitionError`] when a tile is off the board or repeated, a group
    /// is empty or larger than [`MAX_GROUP`], or there is no group.
    pub fn new(shape: Shape, groups: Vec<Vec<u8>>) -> Result<Partition, PartitionError> {
        if groups.is_empty() {
            return Err(PartitionError::NoGroup);
        }
        let mut seen = 0u32;
        for (index, group) in groups.iter().enumerate() {
            if group.is_empty() {
                return Err(PartitionError::EmptyGroup(index + 1));
            }
            if group.len() > MAX_GROUP {
                return Err(PartitionError::GroupTooLarge {
                    group: index + 1,
                    tiles: group.len(),
                });
            }
            for &tile in group {
                if tile == 0 || usize::from(tile) >= shape.cells() {
                    return Err(PartitionError::TileOutOfRange {
                        tile: u64::from(tile),
                        shape,
                    });
                }
                if seen & 1 << tile != 0 {
                    return Err(PartitionError::RepeatedTile(tile));
                }
                seen |= 1 << tile;
            }
        }
        Ok(Partition { shape, groups })
    }

    /// The partition named `name` for `shape`:
    ///
    /// * for the 15-puzzle, `6-6-3` (the default: a block of six on the
    ///   left, one on the right, and the bottom row's last three tiles) and
    ///   `7-8` (the first seven tiles, then the other eight; Korf and
    ///   Felner's split);
    /// * for the 24-puzzle, `5-5-5-5-4` (the default: blocks of five) and
    ///   `6-6-6-6` (Korf and Felner's blocks of six);
    /// * for any shape, sizes like `5-5-5` adding up to at most the tiles:
    ///   groups of consecutive tiles in row-major order.
    ///
    /// # Errors
    ///
    /// [`PartitionError::UnknownName`], or the errors of [`Partition::new`].
    pub fn named(shape: Shape, name: &str) -> Result<Partition, PartitionError> {
        let unknown = || PartitionError::UnknownName {
            name: crate::util::excerpt::excerpt(name),
            shape,
        };
        let groups: &[&[u8]] = match (shape.rows(), shape.columns(), name) {
            (4, 4, "6-6-3") => &SIX_SIX_THREE,
            (4, 4, "7-8") => &SEVEN_EIGHT,
            (5, 5, "6-6-6-6") => &SIX_SIX_SIX_SIX,
            (5, 5, "5-5-5-5-4") => &FIVES,
            _ => {
                let sizes = name
                    .split('-')
                    .map(|size| size.parse::<usize>().ok().filter(|&size| size > 0))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(unknown)?;
                // Summed without wrapping: sizes near `usize::MAX` are no partition.
                let total = sizes
                    .iter()
                    .try_fold(0usize, |total, &size| total.checked_add(size));
                if total.is_none_or(|total| total >= shape.cells()) {
                    return Err(unknown());
                }
                return Partition::new(shape, consecutive(&sizes));
            }
        };
        Partition::new(shape, groups.iter().map(|group| group.to_vec()).collect())
    }

    /// Reads a partition of `shape`: a [name](Partition::named), or groups
    /// separated by `/`, each a list of tiles separated by commas or spaces.
    ///
    /// # Errors
    ///
    /// [`PartitionError::NotANumber`], or the errors of [`Partition::named`]
    /// and [`Partition::new`].
    pub fn parse(shape: Shape, text: &str) -> Result<Partition, PartitionError> {
        let text = text.trim();
        if !text.contains(['/', ',']) && text.contains('-') {
            return Partition::named(shape, text);
        }
        let groups = text
            .split('/')
            .map(|group| {
                group
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|word| !word.is_empty())
                    .map(|word| match word.parse::<u64>() {
                        Ok(tile) => u8::try_from(tile)
                            .map_err(|_| PartitionError::TileOutOfRange { tile, shape }),
                        Err(_) => Err(PartitionError::NotANumber(crate::util::excerpt::excerpt(
                            word,
                        ))),
                    })
                    .collect::<Result<Vec<u8>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Partition::new(shape, groups)
    }

    /// The default partition of `shape`: `6-6-3` for the 15-puzzle,
    /// `5-5-5-5-4` for the 24-puzzle, and for the
    /// other shapes groups of consecutive tiles as large as a budget of 2²⁷
    /// placements of a group allows (on the 8-puzzle, one group of all eight tiles: the
    /// exact distance).
    pub fn for_shape(shape: Shape) -> Partition {
        let named = match (shape.rows(), shape.columns()) {
            (4, 4) => Partition::named(shape, "6-6-3").ok(),
            (5, 5) => Partition::named(shape, "5-5-5-5-4").ok(),
            _ => None,
        };
        if let Some(partition) = named {
            return partition;
        }
        let cells = shape.cells() as u64;
        let tiles = shape.cells() - 1;
        // The largest group whose abstract space (its tiles and the blank)
        // fits the budget; a group of one always does.
        let size = (1..=tiles.min(MAX_GROUP))
            .take_while(|&size| placements(cells, size as u64 + 1) <= DEFAULT_BUDGET)
            .last()
            .unwrap_or(1);
        let count = tiles.div_ceil(size);
        // As even as possible, larger groups first: 24 tiles by at most 5 are 5-5-5-5-4.
        let sizes: Vec<usize> = (0..count)
            .map(|index| tiles / count + usize::from(index < tiles % count))
            .collect();
        Partition {
            shape,
            groups: consecutive(&sizes),
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The groups, each a list of tiles.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.groups.iter().map(Vec::as_slice)
    }

    /// The entries of group `group`'s pattern database: the placements of
    /// its tiles on the board. 0 for a group that does not exist.
    pub fn patterns(&self, group: usize) -> u64 {
        self.groups.get(group).map_or(0, |tiles| {
            placements(self.shape.cells() as u64, tiles.len() as u64)
        })
    }
}

impl fmt::Display for Partition {
    /// The groups separated by `/`, their tiles by commas: what
    /// [`Partition::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, group) in self.groups.iter().enumerate() {
            if index > 0 {
                f.write_str("/")?;
            }
            for (position, tile) in group.iter().enumerate() {
                if position > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{tile}")?;
            }
        }
        Ok(())
    }
}

/// The ways to place `items` distinct items on `cells` cells, saturating.
pub(super) fn placements(cells: u64, items: u64) -> u64 {
    (0..items).fold(1u64, |product, taken| {
        product.saturating_mul(cells.saturating_sub(taken))
    })
}

/// Groups of consecutive tiles from 1, of the sizes given.
fn consecutive(sizes: &[usize]) -> Vec<Vec<u8>> {
    let mut next = 1u8;
    sizes
        .iter()
        .map(|&size| {
            let group = (next..).take(size).collect();
            next = next.saturating_add(size as u8);
            group
        })
        .collect()
}

/// The 15-puzzle's default: two blocks of six, then the bottom row's last
/// three. Of seven 6-6-3 splits tried on the first 36 of Korf's instances,
/// this one generated the fewest nodes (a third of the split by the top
/// row, then left and right halves).
///
/// ```text
///  .  A  B  B
///  A  A  B  B
///  A  A  B  B
///  A  C  C  C
/// ```
const SIX_SIX_THREE: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];

/// Korf and Felner's 7-8 split of the 15-puzzle.
const SEVEN_EIGHT: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];

/// Korf and Felner's 6-6-6-6 split of the 24-puzzle.
///
/// ```text
///  .  A  A  B  B
///  A  A  A  B  B
///  C  C  A  B  B
///  C  C  D  D  D
///  C  C  D  D  D
/// ```
const SIX_SIX_SIX_SIX: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// The 24-puzzle's default: blocks of five (and one row of four), whose
/// abstractions are some twenty times smaller than six tiles' (P(25, 5)
/// placements of the tiles against P(25, 6)).
///
/// ```text
///  .  A  A  B  B
///  A  A  A  B  B
///  C  C  D  D  B
///  C  C  D  D  D
///  C  E  E  E  E
/// ```
const FIVES: [&[u8]; 5] = [
    &[1, 2, 5, 6, 7],
    &[3, 4, 8, 9, 14],
    &[10, 11, 15, 16, 20],
    &[12, 13, 17, 18, 19],
    &[21, 22, 23, 24],
];

#[cfg(test)]
// A test fails by panicking.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn named_partitions_cover_every_tile_once() {
        for (shape, name) in [
            (Shape::FIFTEEN, "6-6-3"),
            (Shape::FIFTEEN, "7-8"),
            (Shape::TWENTY_FOUR, "6-6-6-6"),
            (Shape::TWENTY_FOUR, "5-5-5-5-4"),
        ] {
            let partition = Partition::named(shape, name).unwrap();
            let mut tiles: Vec<u8> = partition.groups().flatten().copied().collect();
            tiles.sort_unstable();
            assert!(tiles.into_iter().eq(1..shape.cells() as u8), "{name}");
            let sizes: Vec<String> = partition.groups().map(|g| g.len().to_string()).collect();
            assert_eq!(sizes.join("-"), name);
        }
    }

    #[test]
    fn default_partitions_fit_the_budget() {
        for shape in Shape::all() {
            let partition = Partition::for_shape(shape);
            assert_eq!(
                partition.groups().map(<[u8]>::len).sum::<usize>(),
                shape.cells() - 1,
                "{shape}"
            );
            for (group, tiles) in partition.groups().enumerate() {
                let states = placements(shape.cells() as u64, tiles.len() as u64 + 1);
                assert!(states <= DEFAULT_BUDGET, "{shape} group {group}");
            }
        }
        let sizes = |shape| {
            Partition::for_shape(shape)
                .groups()
                .map(|g| g.len())
                .collect::<Vec<_>>()
        };
        assert_eq!(sizes(Shape::EIGHT), [8]);
        assert_eq!(sizes(Shape::FIFTEEN), [6, 6, 3]);
        assert_eq!(sizes(Shape::TWENTY_FOUR), [5, 5, 5, 5, 4]);
    }

    #[test]
    fn bad_partitions_are_named() {
        let parse = |text| {
            Partition::parse(Shape::EIGHT, text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            parse("1,2/3,9"),
            "tile 9 is not a tile of the 3x3 board (its tiles are 1 to 8)"
        );
        assert_eq!(
            parse("1,0"),
            "tile 0 is not a tile of the 3x3 board (its tiles are 1 to 8)"
        );
        assert_eq!(parse("1,2//3"), "group 2 has no tile");
        assert_eq!(parse("1,x"), "\"x\" is not a tile number");
        assert_eq!(
            parse("1,999"),
            "tile 999 is not a tile of the 3x3 board (its tiles are 1 to 8)"
        );
        assert!(parse("5-5").starts_with("no partition named \"5-5\""));
        assert!(parse("4-x").starts_with("no partition named \"4-x\""));
        // Sizes whose sum wraps around are no partition, not a huge allocation.
        assert!(parse("18446744073709551615-1").starts_with("no partition named"));
        let quarter = (1u64 << 62).to_string();
        let four = [quarter.as_str(); 4].join("-");
        assert!(parse(&four).starts_with("no partition named"));
        assert_eq!(
            Partition::new(Shape::FIFTEEN, vec![(1..=12).collect()]).unwrap_err(),
            PartitionError::GroupTooLarge {
                group: 1,
                tiles: 12
            }
        );
        assert_eq!(
            Partition::new(Shape::EIGHT, vec![]).unwrap_err(),
            PartitionError::NoGroup
        );
    }

    #[test]
    fn text_round_trips() {
        let partition = Partition::named(Shape::FIFTEEN, "6-6-3").unwrap();
        assert_eq!(
            Partition::parse(Shape::FIFTEEN, &partition.to_string()),
            Ok(partition)
        );
        let sizes = Partition::named(Shape::EIGHT, "3-3").unwrap();
        assert_eq!(sizes.to_string(), "1,2,3/4,5,6");
    }
}
