//! The table file: distances (and optionally component labels) on disk.
//!
//! A table file is a 64-byte header followed by the tables, all integers
//! little-endian:
//!
//! | offset | size | content |
//! | --- | --- | --- |
//! | 0 | 8 | magic `PZATLAS2` |
//! | 8 | 24 | the space's name in ASCII, zero-padded: `klotski/piece`, `knights`, ... |
//! | 32 | 8 | `n`, the number of states |
//! | 40 | 4 | sections: 1 = distances only, 3 = distances and component labels, 4 = a pattern database |
//! | 44 | 4 | reserved, 0 |
//! | 48 | 8 | checksum of the whole file, this field read as 0 (see below) |
//! | 56 | 8 | reserved, 0 |
//! | 64 | `n` | distances, one byte per state by rank, 255 for unreachable (or a pattern database's entries, one byte per pattern) |
//! | 64 + `n` | `4n` | component labels, one `u32` per state by rank (section 2 only) |
//!
//! A table file holds one such table; a pattern-database file holds one table
//! (sections 4) per pattern database, one after the other, the space's name of
//! each saying which it is. The file must be exactly that long. The checksum folds the file as
//! little-endian 64-bit words (the last one zero-padded), the checksum field
//! read as zero: starting from `0x243F_6A88_85A3_08D3`, each word `w` turns `h`
//! into `(h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)`. It
//! guards against a damaged or edited file, not a forged one; what a forger
//! could still change is checked for sense where that is cheap.
//!
//! Loading checks all of this and names the first thing that is wrong: a file
//! that is not a table (or one of the older `PZATLAS1` format, whose checksum
//! left the header out), the table of another space or size, reserved bytes
//! that are not zero, a truncated or overlong file, a bad checksum, distances
//! no breadth-first search can give (a distance with no state one move
//! closer, or one as large as the space), or labels that are not numbered as
//! [`components`](super::components()) numbers them.
//!
//! ```
//! use puzzle_search::atlas::{file, Distances};
//!
//! let distances = Distances::from_bytes(vec![0, 1, 2, 255]);
//! let mut bytes = Vec::new();
//! file::save(&mut bytes, "toy", &distances, None)?;
//! assert_eq!(bytes.len(), 64 + 4);
//! let (loaded, components) = file::load(&bytes[..], "toy", 4)?;
//! assert_eq!(loaded, distances);
//! assert!(components.is_none());
//!
//! let error = file::load(&bytes[..60], "toy", 4).unwrap_err();
//! assert!(error.to_string().contains("truncated"));
//! let error = file::load(&bytes[..], "other", 4).unwrap_err();
//! assert!(error.to_string().contains("\"toy\""));
//! # Ok::<(), puzzle_search::atlas::AtlasError>(())
//! ```

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{table_len, AtlasError, Components, Distances};

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"PZATLAS2";

/// The first eight bytes of a table file of the older format.
const OLD_MAGIC: &[u8; 8] = b"PZATLAS1";

/// The size of the header.
pub const HEADER_LEN: usize = 64;

/// The longest space name the header holds.
pub const NAME_LEN: usize = 24;

const DISTANCES: u32 = 1;
const COMPONENTS: u32 = 2;
const PATTERNS: u32 = 4;

/// What is wrong with a table file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file does not start with [`MAGIC`].
    #[error("not a puzzle-search table file (it does not start with \"PZATLAS2\")")]
    NotATable,
    /// The file is a table of the older format, which this version does not read.
    #[error(
        "a table file of the older PZATLAS1 format: build the table again to save it in this one"
    )]
    OldFormat,
    /// A reserved byte of the header (or a byte after the space's name) is not zero.
    #[error("the file is corrupt: header byte {offset} is reserved and must be 0")]
    ReservedByte {
        /// Its offset in the file, from 0.
        offset: usize,
    },
    /// The distances are not what a breadth-first search gives.
    #[error("the file is corrupt: {0}")]
    ImpossibleDistances(ImpossibleDistances),
    /// The file holds the table of another space.
    #[error("the file holds the table of {found:?}, not of {expected:?}")]
    WrongSpace {
        /// The space asked for.
        expected: String,
        /// The space in the file.
        found: String,
    },
    /// The file holds a table of another number of states.
    #[error("the file holds {found} states, expected {expected}")]
    WrongSize {
        /// The number asked for.
        expected: u64,
        /// The number in the file.
        found: u64,
    },
    /// The file holds distances only where component labels are needed too.
    #[error("the file holds distances only; this table needs component labels too")]
    MissingComponents,
    /// The sections field is not one this version knows.
    #[error("unknown table sections {0}: expected 1 (distances), 3 (distances and components) or 4 (a pattern database)")]
    UnknownSections(u32),
    /// The file holds another kind of table: distances where a pattern
    /// database is expected, or the other way round.
    #[error("the file holds {found}, not {expected}")]
    WrongKind {
        /// What was asked for.
        expected: &'static str,
        /// What the file holds.
        found: &'static str,
    },
    /// The file ends early.
    #[error("the file is truncated: expected {expected} bytes, found {found}")]
    Truncated {
        /// The length the header implies.
        expected: u64,
        /// The bytes present.
        found: u64,
    },
    /// The file goes on after the tables.
    #[error("the file has extra bytes after its {expected} bytes of tables")]
    TrailingBytes {
        /// The length the header implies.
        expected: u64,
    },
    /// The checksum does not match the file.
    #[error("the file is corrupt: its checksum does not match its content")]
    BadChecksum,
    /// The component labels are not numbered in order of first appearance.
    #[error("the file is corrupt: its component labels are not numbered in order")]
    BadLabels,
    /// The space's name does not fit in the header.
    #[error("the space name {0:?} is longer than 24 bytes")]
    NameTooLong(String),
}

/// Why a table of distances cannot be a breadth-first search's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImpossibleDistances {
    /// A state is `distance` moves away, but no state is one move closer.
    #[error("states are {distance} moves from a goal, but none is {} moves away", distance - 1)]
    MissingLayer {
        /// The distance found.
        distance: u8,
    },
    /// A distance at least as large as the number of states.
    #[error("a distance of {distance} in a space of {states} states")]
    TooFar {
        /// The distance found.
        distance: u8,
        /// The states of the space.
        states: u64,
    },
}

/// The running checksum of a table file.
#[derive(Clone, Copy)]
struct Checksum {
    hash: u64,
    /// Bytes of a word not yet complete, and how many.
    pending: [u8; 8],
    pending_len: usize,
}

impl Checksum {
    fn new() -> Self {
        Checksum {
            hash: 0x243F_6A88_85A3_08D3,
            pending: [0; 8],
            pending_len: 0,
        }
    }

    fn word(&mut self, word: u64) {
        self.hash = (self.hash ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    /// Adds one byte to the pending word, folding it in once complete.
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.pending.get_mut(self.pending_len) {
            *slot = byte;
            self.pending_len += 1;
        }
        if self.pending_len == 8 {
            self.word(u64::from_le_bytes(self.pending));
            self.pending_len = 0;
        }
    }

    fn update(&mut self, mut bytes: &[u8]) {
        while self.pending_len > 0 {
            let Some((&byte, rest)) = bytes.split_first() else {
                return;
            };
            self.push(byte);
            bytes = rest;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut buffer = [0; 8];
            buffer.copy_from_slice(word);
            self.word(u64::from_le_bytes(buffer));
        }
        for &byte in words.remainder() {
            self.push(byte);
        }
    }

    fn finish(mut self) -> u64 {
        if self.pending_len > 0 {
            if let Some(tail) = self.pending.get_mut(self.pending_len..) {
                tail.fill(0);
            }
            self.word(u64::from_le_bytes(self.pending));
        }
        self.hash
    }
}

/// Labels per block when converting between `u32`s and bytes.
const LABELS_PER_BLOCK: usize = 1 << 16;

/// Writes `distances`, and `components` if given, as the table of space `name`.
///
/// # Errors
///
/// [`FileError::NameTooLong`], or the writer's error.
pub fn save(
    mut writer: impl Write,
    name: &str,
    distances: &Distances,
    components: Option<&Components>,
) -> Result<(), AtlasError> {
    let kind = match components {
        Some(components) => Kind::WithComponents(components),
        None => Kind::Distances,
    };
    write_table(&mut writer, name, distances.as_bytes(), kind)?;
    writer.flush()?;
    Ok(())
}

/// Writes `table`, a pattern database (see
/// [`pattern_database`](super::pattern_database())), as the table of space
/// `name`. Several can follow one another in one file, to be read back in
/// the same order with [`load_patterns`].
///
/// # Errors
///
/// [`FileError::NameTooLong`], or the writer's error.
///
/// ```
/// use puzzle_search::atlas::{file, Distances};
///
/// let (a, b) = (Distances::from_bytes(vec![1, 0, 1, 2]), Distances::from_bytes(vec![0, 3]));
/// let mut bytes = Vec::new();
/// file::save_patterns(&mut bytes, "a", &a)?;
/// file::save_patterns(&mut bytes, "b", &b)?;
/// let mut reader = &bytes[..];
/// assert_eq!(file::load_patterns(&mut reader, "a", 4)?, a);
/// assert_eq!(file::load_patterns(&mut reader, "b", 2)?, b);
/// file::expect_end(&mut reader)?;
///
/// // A table of distances is not a pattern database.
/// let error = file::load_patterns(&bytes[..], "b", 2).unwrap_err();
/// assert!(error.to_string().contains("\"a\""));
/// # Ok::<(), puzzle_search::atlas::AtlasError>(())
/// ```
pub fn save_patterns(
    mut writer: impl Write,
    name: &str,
    table: &Distances,
) -> Result<(), AtlasError> {
    write_table(&mut writer, name, table.as_bytes(), Kind::Patterns)?;
    writer.flush()?;
    Ok(())
}

/// What a table holds, as its header's sections field says.
#[derive(Clone, Copy)]
enum Kind<'a> {
    Distances,
    WithComponents(&'a Components),
    Patterns,
}

impl Kind<'_> {
    fn sections(self) -> u32 {
        match self {
            Kind::Distances => DISTANCES,
            Kind::WithComponents(_) => DISTANCES | COMPONENTS,
            Kind::Patterns => PATTERNS,
        }
    }
}

/// What a sections field names, for messages.
fn kind_name(sections: u32) -> &'static str {
    if sections == PATTERNS {
        "a pattern database"
    } else {
        "a table of distances"
    }
}

/// Writes one table: its header, its bytes, then its labels if any.
fn write_table(
    writer: &mut impl Write,
    name: &str,
    bytes: &[u8],
    kind: Kind<'_>,
) -> Result<(), AtlasError> {
    if name.len() > NAME_LEN {
        return Err(FileError::NameTooLong(name.to_owned()).into());
    }
    let mut header = [0u8; HEADER_LEN];
    header[..8].copy_from_slice(MAGIC);
    // `name` fits: checked against `NAME_LEN` above.
    for (slot, &byte) in header[8..8 + NAME_LEN].iter_mut().zip(name.as_bytes()) {
        *slot = byte;
    }
    header[32..40].copy_from_slice(&(bytes.len() as u64).to_le_bytes());
    header[40..44].copy_from_slice(&kind.sections().to_le_bytes());
    let labels = match kind {
        Kind::WithComponents(components) => components.labels(),
        Kind::Distances | Kind::Patterns => &[],
    };
    let mut checksum = Checksum::new();
    checksum.update(&header);
    checksum.update(bytes);
    for block in labels.chunks(LABELS_PER_BLOCK) {
        checksum.update(&label_bytes(block));
    }
    header[CHECKSUM].copy_from_slice(&checksum.finish().to_le_bytes());
    writer.write_all(&header)?;
    writer.write_all(bytes)?;
    for block in labels.chunks(LABELS_PER_BLOCK) {
        writer.write_all(&label_bytes(block))?;
    }
    Ok(())
}

fn label_bytes(labels: &[u32]) -> Vec<u8> {
    labels
        .iter()
        .flat_map(|label| label.to_le_bytes())
        .collect()
}

/// Reads the table of space `name` with `states` states, checking everything
/// the header promises (see the [module docs](self)).
///
/// # Errors
///
/// A [`FileError`] naming what is wrong, or the reader's error.
pub fn load(
    mut reader: impl Read,
    name: &str,
    states: u64,
) -> Result<(Distances, Option<Components>), AtlasError> {
    let table = read_table(&mut reader, name, states, DISTANCES)?;
    expect_end_of(&mut reader, table.end)?;
    let distances = Distances::from_bytes(table.bytes);
    check_layers(&distances)?;
    let components = match table.labels {
        Some(labels) => Some(Components::from_labels(labels).ok_or(FileError::BadLabels)?),
        None => None,
    };
    Ok((distances, components))
}

/// Reads the pattern database of space `name` with `patterns` entries, one
/// table of a file [`save_patterns`] wrote, checking everything its header
/// promises, and leaves `reader` just after it. Call [`expect_end`] after the
/// last one.
///
/// # Errors
///
/// A [`FileError`] naming what is wrong, or the reader's error.
pub fn load_patterns(
    mut reader: impl Read,
    name: &str,
    patterns: u64,
) -> Result<Distances, AtlasError> {
    let table = read_table(&mut reader, name, patterns, PATTERNS)?;
    Ok(Distances::from_bytes(table.bytes))
}

/// Checks that `reader` has nothing left: the end of a file of pattern databases.
///
/// # Errors
///
/// [`FileError::TrailingBytes`], or the reader's error.
pub fn expect_end(mut reader: impl Read) -> Result<(), AtlasError> {
    expect_end_of(&mut reader, 0)
}

/// [`expect_end`], naming `expected` bytes in the message (0 when unknown).
fn expect_end_of(reader: &mut impl Read, expected: u64) -> Result<(), AtlasError> {
    if read_fully(reader, &mut [0u8; 1])? > 0 {
        return Err(FileError::TrailingBytes { expected }.into());
    }
    Ok(())
}

/// A table read from a file.
struct Table {
    bytes: Vec<u8>,
    labels: Option<Vec<u32>>,
    /// The offset just after it, for messages.
    end: u64,
}

/// Reads one table of space `name` with `states` entries, of the kind
/// `sections` names (distances: with or without labels), and checks its
/// checksum.
fn read_table(
    reader: &mut impl Read,
    name: &str,
    states: u64,
    sections: u32,
) -> Result<Table, AtlasError> {
    let mut header = [0u8; HEADER_LEN];
    let read = read_fully(reader, &mut header)?;
    if read >= OLD_MAGIC.len() && header.starts_with(OLD_MAGIC) {
        return Err(FileError::OldFormat.into());
    }
    if read < MAGIC.len() || !header.starts_with(MAGIC) {
        return Err(FileError::NotATable.into());
    }
    if read < HEADER_LEN {
        return Err(FileError::Truncated {
            expected: HEADER_LEN as u64,
            found: read as u64,
        }
        .into());
    }
    let Header {
        name: found_name,
        states: found_states,
        sections: found_sections,
        checksum: expected_checksum,
    } = Header::read(&header)?;
    if (found_sections == PATTERNS) != (sections == PATTERNS) {
        return Err(FileError::WrongKind {
            expected: kind_name(sections),
            found: kind_name(found_sections),
        }
        .into());
    }
    if found_name != name {
        return Err(FileError::WrongSpace {
            expected: name.to_owned(),
            found: found_name,
        }
        .into());
    }
    if found_states != states {
        return Err(FileError::WrongSize {
            expected: states,
            found: found_states,
        }
        .into());
    }
    let with_components = found_sections & COMPONENTS != 0;
    let per_state = if with_components { 5 } else { 1 };
    let end = states
        .checked_mul(per_state)
        .and_then(|bytes| bytes.checked_add(HEADER_LEN as u64))
        .ok_or(AtlasError::TooLarge { states })?;
    let truncated = |found: u64| FileError::Truncated {
        expected: end,
        found,
    };
    let mut checksum = Checksum::new();
    let mut unsummed = header;
    unsummed[CHECKSUM].fill(0);
    checksum.update(&unsummed);
    let mut bytes = allocate(states)?;
    let read = read_fully(reader, &mut bytes)?;
    if read < bytes.len() {
        return Err(truncated(HEADER_LEN as u64 + read as u64).into());
    }
    checksum.update(&bytes);
    let labels = if with_components {
        let mut labels: Vec<u32> = Vec::new();
        labels
            .try_reserve_exact(bytes.len())
            .map_err(|_| AtlasError::TooLarge { states })?;
        let mut buffer = vec![0u8; 4 * LABELS_PER_BLOCK];
        while labels.len() < bytes.len() {
            let want = 4 * LABELS_PER_BLOCK.min(bytes.len() - labels.len());
            // Only the last block is shorter, so this shrinks the buffer at most once.
            buffer.resize(want, 0);
            let read = read_fully(reader, &mut buffer)?;
            if read < want {
                let found = HEADER_LEN + bytes.len() + 4 * labels.len() + read;
                return Err(truncated(found as u64).into());
            }
            checksum.update(&buffer);
            labels.extend(buffer.chunks_exact(4).map(|word| {
                word.iter()
                    .rev()
                    .fold(0u32, |value, &byte| value << 8 | u32::from(byte))
            }));
        }
        Some(labels)
    } else {
        None
    };
    if checksum.finish() != expected_checksum {
        return Err(FileError::BadChecksum.into());
    }
    Ok(Table { bytes, labels, end })
}

/// Where the checksum stands in the header.
const CHECKSUM: core::ops::Range<usize> = 48..56;

/// The reserved bytes of the header.
const RESERVED: [core::ops::Range<usize>; 2] = [44..48, 56..64];

/// What a header says.
struct Header {
    name: String,
    states: u64,
    sections: u32,
    checksum: u64,
}

impl Header {
    /// Reads and checks the fields of `header`, which starts with [`MAGIC`].
    fn read(header: &[u8; HEADER_LEN]) -> Result<Self, FileError> {
        // The little-endian integer in `range` of the header, which is in bounds.
        let field = |range: core::ops::Range<usize>| {
            header.get(range).map_or(0, |bytes| {
                bytes
                    .iter()
                    .rev()
                    .fold(0u64, |value, &byte| value << 8 | u64::from(byte))
            })
        };
        let name_bytes = header
            .get(MAGIC.len()..MAGIC.len() + NAME_LEN)
            .unwrap_or(&[]);
        let name_len = name_bytes
            .iter()
            .position(|&byte| byte == 0)
            .unwrap_or(NAME_LEN);
        let after_name = MAGIC.len() + name_len..MAGIC.len() + NAME_LEN;
        for range in RESERVED.into_iter().chain([after_name]) {
            if let Some(offset) = range.clone().find(|&offset| header.get(offset) != Some(&0)) {
                return Err(FileError::ReservedByte { offset });
            }
        }
        let name = name_bytes
            .iter()
            .take(name_len)
            .map(|&byte| char::from(byte))
            .collect();
        let sections = match field(40..44) as u32 {
            s @ (DISTANCES | PATTERNS) => s,
            s if s == DISTANCES | COMPONENTS => s,
            other => return Err(FileError::UnknownSections(other)),
        };
        Ok(Header {
            name,
            states: field(32..40),
            sections,
            checksum: field(CHECKSUM),
        })
    }
}

/// A zeroed table of `states` bytes, or [`AtlasError::TooLarge`] when this
/// machine cannot hold it (rather than aborting the process).
fn allocate(states: u64) -> Result<Vec<u8>, AtlasError> {
    let length = table_len(states)?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(length)
        .map_err(|_| AtlasError::TooLarge { states })?;
    table.resize(length, 0);
    Ok(table)
}

/// Checks that `distances` can be a breadth-first search's: every layer but
/// the first has a layer before it, and no distance reaches the number of states.
fn check_layers(distances: &Distances) -> Result<(), FileError> {
    let histogram = distances.histogram();
    if let Some(empty) = histogram.iter().position(|&count| count == 0) {
        // The histogram ends with a state, so a layer follows the gap.
        let gap = histogram
            .iter()
            .skip(empty)
            .take_while(|&&count| count == 0);
        let distance = (empty + gap.count()) as u8;
        return Err(FileError::ImpossibleDistances(
            ImpossibleDistances::MissingLayer { distance },
        ));
    }
    match distances.max() {
        Some(distance) if u64::from(distance) >= distances.len() => Err(
            FileError::ImpossibleDistances(ImpossibleDistances::TooFar {
                distance,
                states: distances.len(),
            }),
        ),
        _ => Ok(()),
    }
}

/// Writes the file at `path` with `write`, so that `path` holds either its old
/// content or all of the new one, never a part.
///
/// `write` writes to a temporary file in the same directory, which is flushed
/// to disk and then renamed over `path` (and the directory synced): a crash, a
/// full disk or a kill midway leaves `path` as it was, at worst with a stray
/// `.puzzle-search-*.tmp` file beside it. So a table can be loaded from a file
/// and saved back to the same file. A symbolic link is written through, and a
/// file replaced keeps its permissions. `path` must not name a directory, a
/// FIFO, a device or anything else that is not a regular file.
///
/// # Errors
///
/// The error of `write`, or of creating, syncing or renaming the file; the
/// temporary file is removed then.
///
/// ```
/// use puzzle_search::atlas::{file, Distances};
///
/// let path = std::env::temp_dir().join(format!("atomic-{}.tbl", std::process::id()));
/// let distances = Distances::from_bytes(vec![0, 1, 2]);
/// file::write_atomically(&path, |writer| file::save(writer, "toy", &distances, None))?;
/// let (loaded, _) = file::load(std::fs::File::open(&path)?, "toy", 3)?;
/// assert_eq!(loaded, distances);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), puzzle_search::atlas::AtlasError>(())
/// ```
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<(), AtlasError>,
) -> Result<(), AtlasError> {
    let target = writable_target(path)?;
    let (temporary, file) = create_beside(&target)?;
    let written = (|| {
        let mut writer = BufWriter::new(file);
        write(&mut writer)?;
        let file = writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        if let Ok(old) = fs::metadata(&target) {
            file.set_permissions(old.permissions())?;
        }
        file.sync_all()?;
        fs::rename(&temporary, &target)?;
        // The rename is durable once the directory is; where a directory
        // cannot be opened or synced, the file is whole all the same.
        if let Ok(directory) = File::open(directory_of(&target)) {
            let _ = directory.sync_all();
        }
        Ok(())
    })();
    if written.is_err() {
        // The temporary file is ours alone; failing to remove it changes nothing.
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Checks, before long work, that [`write_atomically`] can write `path`: it
/// names a regular file or none, in a directory where a file can be created.
///
/// # Errors
///
/// What is in the way, as an [`io::Error`] that names it.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let target = writable_target(path)?;
    let (temporary, file) = create_beside(&target)?;
    drop(file);
    fs::remove_file(temporary)
}

/// `path`, or the file its symbolic link names, if that is a regular file or
/// nothing yet.
fn writable_target(path: &Path) -> io::Result<PathBuf> {
    let target = match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => fs::canonicalize(path)?,
        _ => path.to_owned(),
    };
    match fs::metadata(&target) {
        Ok(metadata) if !metadata.is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} exists and is not a regular file", path.display()),
        )),
        _ => Ok(target),
    }
}

/// The directory `path` is in.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A new temporary file beside `path`, with a short name of its own: unique
/// to this process and call, so threads and long file names are no problem.
fn create_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let name = format!(".puzzle-search-{}-{call}.tmp", std::process::id());
    let temporary = directory_of(path).join(name);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    Ok((temporary, file))
}

/// Reads until `buffer` is full or the input ends; returns the bytes read.
fn read_fully(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while let Some(rest) = buffer.get_mut(filled..).filter(|rest| !rest.is_empty()) {
        match reader.read(rest) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}
