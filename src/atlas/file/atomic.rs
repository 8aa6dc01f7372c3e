//! Writing a file so that it holds its old content or all of the new one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::atlas::AtlasError;

/// Writes the file at `path` with `write`, so that `path` holds either its old
/// content or all of the new one, never a part.
///
/// `write` writes to a temporary file in the same directory, which is flushed
/// to disk and then renamed over `path` (and the directory synced): a crash, a
/// full disk or a kill midway leaves `path` as it was, at worst with a stray
/// `.puzzle-search-PID-N.tmp` file beside it, which the next save to the same
/// directory removes once process PID is gone (where `/proc` tells, on
/// Linux). So a table can be loaded from a file
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

/// The start of every temporary file's name.
const PREFIX: &str = ".puzzle-search-";

/// A new temporary file beside `path`, with a short name of its own: unique
/// to this process and call, so threads and long file names are no problem.
/// The temporary files that saves killed before their end left in that
/// directory are removed first.
fn create_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    sweep(directory_of(path));
    let name = format!("{PREFIX}{}-{call}.tmp", std::process::id());
    let temporary = directory_of(path).join(name);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    Ok((temporary, file))
}

/// Removes the temporary files in `directory` whose process is gone: a save
/// killed midway (`SIGKILL`, a crash, a power cut) cannot remove its own, so
/// the next save to the same directory does. A file is stale when its name is
/// `.puzzle-search-PID-N.tmp` and no process PID runs; that is known only
/// where `/proc` lists the processes (Linux), so elsewhere nothing is
/// removed. Failures change nothing: a file left is only a file left.
fn sweep(directory: &Path) {
    let processes = Path::new("/proc/self");
    if !processes.is_dir() {
        return;
    }
    let Ok(entries) = fs::read_dir(directory) else {
        return;
    };
    let own = std::process::id();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_pid) else {
            continue;
        };
        if pid != own && !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The process of a temporary file's name `.puzzle-search-PID-N.tmp`, or
/// `None` for any other name.
fn temporary_pid(name: &str) -> Option<u32> {
    let (pid, call) = name
        .strip_prefix(PREFIX)?
        .strip_suffix(".tmp")?
        .split_once('-')?;
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if !digits(pid) || !digits(call) {
        return None;
    }
    pid.parse().ok()
}
