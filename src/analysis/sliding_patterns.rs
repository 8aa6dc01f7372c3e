//! The sliding-tile pattern databases, built by the atlas engine and kept in files.

use std::io::{Read, Write};

use crate::atlas::{self, file, AtlasError, Options, Progress};
use crate::sliding::{Partition, PatternDatabase, PatternSpace, Shape};

/// Builds the pattern databases of `partition`, one group after another,
/// with the engine's [`pattern_database`](atlas::pattern_database), and
/// returns the heuristic that sums them.
///
/// `progress(group, report)` follows each group's breadth-first layers
/// (`group` from 0).
///
/// # Errors
///
/// As [`atlas::pattern_database`]: [`AtlasError::TooLarge`] when a group's
/// abstract space does not fit in memory.
///
/// # Example
///
/// ```
/// use puzzle_search::analysis::build_pattern_database;
/// use puzzle_search::atlas::Options;
/// use puzzle_search::search::{Engine, Limits, TwoWay};
/// use puzzle_search::sliding::{Board, Partition, Shape, Sliding};
/// use puzzle_search::Puzzle;
///
/// let partition = Partition::named(Shape::EIGHT, "4-4")?;
/// let database = build_pattern_database(partition, &Options::new(), &mut |_, _| {})?;
/// let start: Board = "8 0 6 5 4 7 2 3 1".parse()?;
/// let puzzle = Sliding::new().with_heuristic(&database);
/// let result = Engine::IdaStar.solve(TwoWay(&puzzle), start, &Limits::new());
/// assert_eq!(result.outcome.path().map(|path| path.len()), Some(31));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn build_pattern_database(
    partition: Partition,
    options: &Options,
    progress: &mut dyn FnMut(usize, Progress),
) -> Result<PatternDatabase, AtlasError> {
    let mut tables = Vec::new();
    for group in 0..partition.groups().len() {
        let Some(space) = PatternSpace::new(&partition, group) else {
            break;
        };
        let table = atlas::pattern_database(&space, &space, options, &mut |report| {
            progress(group, report)
        })?;
        tables.push(table.into_bytes());
    }
    into_database(partition, tables)
}

/// Writes the tables of `database` to `writer`, one table of the engine's
/// [file format](atlas::file) per group, named by [`pattern_space_name`].
///
/// # Errors
///
/// The writer's error.
pub fn save_pattern_database(
    mut writer: impl Write,
    database: &PatternDatabase,
) -> Result<(), AtlasError> {
    let partition = database.partition();
    for (group, tiles) in partition.groups().enumerate() {
        let table = database.table(group).unwrap_or(&[]);
        let table = atlas::Distances::from_bytes(table.to_vec());
        file::save_patterns(
            &mut writer,
            &pattern_space_name(partition.shape(), tiles),
            &table,
        )?;
    }
    writer.flush()?;
    Ok(())
}

/// Reads the pattern databases of `partition` that
/// [`save_pattern_database`] wrote, with every check of the
/// [file format](atlas::file): each table must be the one of its group, of
/// the right size, with its checksum, and nothing may follow the last one.
///
/// # Errors
///
/// A [`FileError`](atlas::file::FileError) naming what is wrong (a file of
/// another partition fails on the first table that differs, naming both
/// groups), or the reader's error.
///
/// ```
/// use puzzle_search::analysis::{build_pattern_database, load_pattern_database, save_pattern_database};
/// use puzzle_search::atlas::Options;
/// use puzzle_search::sliding::{Partition, Shape};
///
/// let partition = Partition::named(Shape::EIGHT, "3-3-2")?;
/// let database = build_pattern_database(partition.clone(), &Options::new(), &mut |_, _| {})?;
/// let mut bytes = Vec::new();
/// save_pattern_database(&mut bytes, &database)?;
/// let loaded = load_pattern_database(&bytes[..], partition)?;
/// assert_eq!(loaded.table(1), database.table(1));
///
/// let other = Partition::named(Shape::EIGHT, "4-4")?;
/// let error = load_pattern_database(&bytes[..], other).unwrap_err();
/// assert!(error.to_string().contains("not of \"pdb 3x3 1e\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load_pattern_database(
    mut reader: impl Read,
    partition: Partition,
) -> Result<PatternDatabase, AtlasError> {
    let mut tables = Vec::new();
    for (group, tiles) in partition.groups().enumerate() {
        let name = pattern_space_name(partition.shape(), tiles);
        let table = file::load_patterns(&mut reader, &name, partition.patterns(group))?;
        tables.push(table.into_bytes());
    }
    file::expect_end(&mut reader)?;
    into_database(partition, tables)
}

/// The space's name of a group's table in a [table file](atlas::file), which
/// [`save_pattern_database`] writes and [`load_pattern_database`] expects: `pdb`, the shape, and the group's
/// tiles as a hexadecimal mask (bit `t` for tile `t`), like `pdb 4x4 7e`
/// for tiles 1 to 6.
pub fn pattern_space_name(shape: Shape, tiles: &[u8]) -> String {
    let mask = tiles.iter().fold(0u32, |mask, &tile| {
        mask | 1u32.checked_shl(u32::from(tile)).unwrap_or(0)
    });
    format!("pdb {shape} {mask:x}")
}

/// The heuristic of tables the engine made for `partition`.
fn into_database(
    partition: Partition,
    tables: Vec<Vec<u8>>,
) -> Result<PatternDatabase, AtlasError> {
    PatternDatabase::from_tables(partition, tables).map_err(|error| AtlasError::TableSize {
        expected: error.expected,
        found: error.found,
    })
}
