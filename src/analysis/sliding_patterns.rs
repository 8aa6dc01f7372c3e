//! The sliding-tile pattern databases, built by the atlas engine and kept in files.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

use crate::atlas::file::{FileError, ImpossibleDistances};
use crate::atlas::{self, file, AtlasError, Options, Progress};
use crate::sliding::{Partition, PatternDatabase, PatternSpace, Shape};

/// Builds the pattern databases of `partition` with the engine's
/// [`pattern_database`](atlas::pattern_database), on the threads of
/// `options`, and returns the heuristic that sums them.
///
/// Groups of like sizes (the 15-puzzle's `6-6-3`) are built at the same
/// time, each on one thread, a thread taking the next group as it finishes
/// one: a group's breadth-first layers split over threads must wait for each
/// other at every layer, and the threads' tables crowd one cache, where
/// whole groups on threads of their own run apart. A group as large as all
/// the others together (the `8` of `7-8`) would leave the other threads idle
/// that way, so it is built first, alone, on every thread, as is the last
/// group left. The tables do not depend on the threads.
///
/// `progress(group, report)` follows each group's breadth-first layers
/// (`group` from 0), always on the calling thread; reports of groups built
/// at the same time interleave.
///
/// # Errors
///
/// As [`atlas::pattern_database`]: [`AtlasError::TooLarge`] when a group's
/// abstract space does not fit in memory (of one of them, when several
/// fail); [`AtlasError::Cancelled`] once the options' cancel flag is set.
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
    let groups = partition.groups().len();
    let mut tables: Vec<Option<Vec<u8>>> = vec![None; groups];
    // The groups not built yet, the largest first.
    let mut left: Vec<usize> = (0..groups).collect();
    left.sort_by_key(|&group| std::cmp::Reverse(partition.patterns(group)));
    while let Some(&largest) = left.first() {
        let rest: u64 = left
            .iter()
            .skip(1)
            .map(|&group| partition.patterns(group))
            .sum();
        if options.threads() == 1 || left.len() == 1 || partition.patterns(largest) >= rest {
            left.remove(0);
            let table = build_group(&partition, largest, options, &mut |report| {
                progress(largest, report)
            })?;
            if let Some(slot) = tables.get_mut(largest) {
                *slot = Some(table);
            }
        } else {
            for (group, table) in build_apart(&partition, &left, options, progress) {
                if let Some(slot) = tables.get_mut(group) {
                    *slot = Some(table?);
                }
            }
            left.clear();
        }
    }
    into_database(partition, tables.into_iter().flatten().collect())
}

/// The table of group `group` of `partition`, built on the threads of `options`.
fn build_group(
    partition: &Partition,
    group: usize,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<u8>, AtlasError> {
    // `build_pattern_database` names only the partition's own groups.
    let Some(space) = PatternSpace::new(partition, group) else {
        return Ok(Vec::new());
    };
    Ok(atlas::pattern_database(&space, &space, options, progress)?.into_bytes())
}

/// The tables of `groups`, each built on one thread, on as many threads as
/// `options` has, in the order of `groups`; the calling thread passes the
/// builders' reports on to `progress`.
fn build_apart(
    partition: &Partition,
    groups: &[usize],
    options: &Options,
    progress: &mut dyn FnMut(usize, Progress),
) -> Vec<(usize, Result<Vec<u8>, AtlasError>)> {
    let alone = options.clone().with_threads(1);
    let next = AtomicUsize::new(0);
    let builders = options.threads().min(groups.len());
    std::thread::scope(|scope| {
        let (sender, reports) = mpsc::channel();
        let handles: Vec<_> = (0..builders)
            .map(|_| {
                let (sender, next, alone) = (sender.clone(), &next, &alone);
                scope.spawn(move || {
                    let mut built = Vec::new();
                    while let Some(&group) = groups.get(next.fetch_add(1, Relaxed)) {
                        let table = build_group(partition, group, alone, &mut |report| {
                            // The calling thread stops listening only once
                            // every builder is done.
                            let _ = sender.send((group, report));
                        });
                        built.push((group, table));
                    }
                    built
                })
            })
            .collect();
        drop(sender);
        for (group, report) in reports {
            progress(group, report);
        }
        let mut built: Vec<_> = handles
            .into_iter()
            .flat_map(|handle| match handle.join() {
                Ok(built) => built,
                // A builder panics only through a bug; pass it on.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect();
        built.sort_by_key(|&(group, _)| groups.iter().position(|&other| other == group));
        built
    })
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
/// Then each table is checked against the breadth-first build that makes
/// it, by building it again with the engine and comparing entry by entry: a
/// table whose entries were edited, even with the checksum recomputed, is
/// refused, since an entry too large makes a search's answer longer than
/// optimal. The check costs what a build costs (about 5 s for the
/// 15-puzzle's default databases, 6-6-3, on two threads), so a file saves no
/// time; a run that trusts its file (one it wrote itself) loads it with
/// [`load_trusted_pattern_database`].
///
/// # Errors
///
/// A [`FileError`](atlas::file::FileError) naming what is wrong (a file of
/// another partition fails on the first table that differs, naming both
/// groups; a file cut short or with bytes after its tables names its length;
/// an edited entry is [`ImpossibleDistances::WrongEntry`], naming the
/// table and the rank of its first wrong entry), the build's error
/// ([`AtlasError::TooLarge`] when it does not fit in memory), or the
/// reader's error.
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
    reader: impl Read,
    partition: Partition,
) -> Result<PatternDatabase, AtlasError> {
    load(reader, partition, true)
}

/// [`load_pattern_database`] with every check of the file but the build
/// again: for files this program wrote itself and keeps where only it
/// writes (a cache), whose checksum guards against damage, and which must
/// load in milliseconds. An entry edited with the checksum recomputed is
/// not seen.
///
/// # Errors
///
/// As [`load_pattern_database`], but for [`ImpossibleDistances::WrongEntry`].
pub fn load_trusted_pattern_database(
    reader: impl Read,
    partition: Partition,
) -> Result<PatternDatabase, AtlasError> {
    load(reader, partition, false)
}

/// Loads the databases of `partition`, each table compared with a build
/// again if `check`.
fn load(
    reader: impl Read,
    partition: Partition,
    check: bool,
) -> Result<PatternDatabase, AtlasError> {
    let mut reader = Counted { reader, read: 0 };
    // The file's length, for the messages about a file cut or overlong.
    let length: u64 = (0..partition.groups().len())
        .map(|group| file::HEADER_LEN as u64 + partition.patterns(group))
        .sum();
    let mut tables = Vec::new();
    for (group, tiles) in partition.groups().enumerate() {
        let name = pattern_space_name(partition.shape(), tiles);
        let start = reader.read;
        let table = match file::load_patterns(&mut reader, &name, partition.patterns(group)) {
            Ok(table) => table.into_bytes(),
            // A later table missing or cut short is the file cut short.
            Err(AtlasError::File(FileError::NotATable))
                if group > 0 && reader.read - start < file::MAGIC.len() as u64 =>
            {
                return Err(truncated(length, reader.read));
            }
            Err(AtlasError::File(FileError::Truncated { .. })) => {
                return Err(truncated(length, reader.read));
            }
            Err(error) => return Err(error),
        };
        tables.push(table);
    }
    match file::expect_end(&mut reader) {
        Err(AtlasError::File(FileError::TrailingBytes { .. })) => {
            Err(FileError::TrailingBytes { expected: length }.into())
        }
        ended => ended,
    }?;
    if check {
        check_tables(&partition, &tables)?;
    }
    into_database(partition, tables)
}

/// Checks that `tables` are the tables of `partition` exactly as the
/// engine's breadth-first build makes them, by building them again (as
/// [`build_pattern_database`] does, groups side by side) and comparing: the
/// only check that catches every edit (an entry raised makes answers longer
/// than optimal, one lowered makes searches slower), since a file's checksum
/// can be recomputed by whoever edits it.
fn check_tables(partition: &Partition, tables: &[Vec<u8>]) -> Result<(), AtlasError> {
    let built = build_pattern_database(partition.clone(), &Options::new(), &mut |_, _| {})?;
    for (group, table) in tables.iter().enumerate() {
        let expected = built.table(group).unwrap_or_default();
        let wrong = (0u64..)
            .zip(table.iter().zip(expected))
            .find(|(_, (found, expected))| found != expected);
        if let Some((rank, (&found, &expected))) = wrong {
            return Err(
                FileError::ImpossibleDistances(ImpossibleDistances::WrongEntry {
                    table: group + 1,
                    rank,
                    found,
                    expected,
                })
                .into(),
            );
        }
    }
    Ok(())
}

/// A file of pattern databases cut short: `found` of its `length` bytes.
fn truncated(length: u64, found: u64) -> AtlasError {
    FileError::Truncated {
        expected: length,
        found,
    }
    .into()
}

/// A reader that counts the bytes it has read.
struct Counted<R> {
    reader: R,
    read: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.reader.read(buffer)?;
        self.read += read as u64;
        Ok(read)
    }
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
