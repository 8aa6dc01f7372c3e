//! Loading tables: every promise of the header checked, the first thing
//! wrong named.

use std::io::{self, Read};

use super::format::{
    kind_name, Checksum, CHECKSUM, COMPONENTS, DISTANCES, LABELS_PER_BLOCK, OLD_MAGIC, PATTERNS,
    RESERVED,
};
use super::{FileError, ImpossibleDistances, HEADER_LEN, MAGIC, NAME_LEN};
use crate::atlas::error::state_table;
use crate::atlas::{AtlasError, Components, Distances};

/// Reads the table of space `name` with `states` states, checking everything
/// the header promises (see the [module docs](super)).
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
        Some(labels) => Some(Components::from_labels(labels).map_err(|_| FileError::BadLabels)?),
        None => None,
    };
    Ok((distances, components))
}

/// Reads the pattern database of space `name` with `patterns` entries, one
/// table of a file [`save_patterns`](super::save_patterns) wrote, checking everything its header
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
    let mut bytes = state_table(states, || 0)?;
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
