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
//!
//! | room | job |
//! | --- | --- |
//! | `format` | the magic, the header's layout, the sections, the checksum |
//! | `write` | [`save`], [`save_patterns`] |
//! | `read` | [`load`], [`load_patterns`], [`expect_end`] and every check |
//! | `atomic` | [`write_atomically`], [`check_writable`] |
//! | `error` | [`FileError`], [`ImpossibleDistances`] |

mod atomic;
mod error;
mod format;
mod read;
mod write;

pub use atomic::{check_writable, write_atomically};
pub use error::{FileError, ImpossibleDistances};
pub use format::{HEADER_LEN, MAGIC, NAME_LEN};
pub use read::{expect_end, load, load_patterns};
pub use write::{save, save_patterns};
