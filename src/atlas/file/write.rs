//! Saving tables: a header, the bytes, the labels, and the checksum.

use std::io::Write;

use super::format::{Checksum, CHECKSUM, COMPONENTS, DISTANCES, LABELS_PER_BLOCK, PATTERNS};
use super::{FileError, HEADER_LEN, MAGIC, NAME_LEN};
use crate::atlas::{AtlasError, Components, Distances};

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
/// [`pattern_database`](crate::atlas::pattern_database())), as the table of space
/// `name`. Several can follow one another in one file, to be read back in
/// the same order with [`load_patterns`](super::load_patterns).
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
