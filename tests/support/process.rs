//! Running the example programs as a person would: a binary, its arguments
//! and standard input, and what it left behind.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The example binary `name`, built beside this test binary.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // The test binary is `<target>/<profile>/deps/<test>-<hash>`.
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary lives in <target>/<profile>/deps");
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    // `cargo test` builds the examples in the profile of the tests (`test`,
    // or `release` with `--release`); `cargo test --no-run` does only that.
    let rebuild = if cfg!(debug_assertions) {
        "cargo test --no-run"
    } else {
        "cargo test --release --no-run"
    };
    assert!(
        path.is_file(),
        "the example binary {} is missing: run `{rebuild}` first",
        path.display(),
    );
    // `cargo test --test NAME` alone does not rebuild the examples: say so
    // when a failure may come from an old binary.
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.rs"));
    let modified = |path: &Path| path.metadata().and_then(|m| m.modified()).ok();
    if let (Some(binary), Some(source)) = (modified(&path), modified(&source)) {
        if source > binary {
            eprintln!(
                "note: {} is older than examples/{name}.rs: run `{rebuild}`",
                path.display()
            );
        }
    }
    path
}

/// What a run of a program left behind.
#[derive(Debug)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Far more than any run here needs: only a hang gets near it, and then the
/// test fails instead of hanging too.
pub const HANG: Duration = Duration::from_secs(300);

/// Waits for `child`, killing it and failing the test if it hangs.
pub fn wait(mut child: Child, what: &str) -> Run {
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    // Drained from threads so that a large output cannot block the child.
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(pipe) = stdout.as_mut() {
            let _ = pipe.read_to_end(&mut text);
        }
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(pipe) = stderr.as_mut() {
            let _ = pipe.read_to_end(&mut text);
        }
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {HANG:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: String::from_utf8(out.join().expect("the stdout reader"))
            .expect("standard output is UTF-8"),
        stderr: String::from_utf8_lossy(&err.join().expect("the stderr reader")).into_owned(),
    }
}

/// Runs `command` with `stdin` (written from a thread, so that a large input
/// and the output cannot block each other; a program that stops reading early
/// is no error here).
pub fn run_command(mut command: Command, stdin: Input, what: &str) -> Run {
    // No run shares a cache of pattern databases with another (an empty
    // cache directory turns the cache off); the cache's own tests set one.
    if command
        .get_envs()
        .all(|(key, _)| key != "PUZZLE_SEARCH_CACHE")
    {
        command.env("PUZZLE_SEARCH_CACHE", "");
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut pipe = child.stdin.take().expect("a stdin pipe");
    let writer = std::thread::spawn(move || match stdin {
        Input::Bytes(bytes) => {
            let _ = pipe.write_all(&bytes);
        }
        Input::Blank(mut len) => {
            let block = vec![b'\n'; 1 << 16];
            while len > 0 {
                let part = len.min(block.len());
                if pipe.write_all(&block[..part]).is_err() {
                    break;
                }
                len -= part;
            }
        }
    });
    let run = wait(child, what);
    writer.join().expect("the writer thread");
    run
}

/// What goes to a program's standard input.
pub enum Input {
    Bytes(Vec<u8>),
    /// That many newlines, generated as they are written.
    Blank(usize),
}

/// Exit status 2, nothing on standard output, and each of `needles` on standard error.
#[track_caller]
pub fn assert_rejected(run: &Run, needles: &[&str], what: &str) {
    assert_eq!(
        run.code,
        Some(2),
        "{what}: exit status; stderr: {}",
        run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "{what}: standard output should be empty, got {:?}",
        run.stdout
    );
    assert!(
        !run.stderr.trim().is_empty(),
        "{what}: no message on standard error"
    );
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{what}: standard error {:?} does not mention {needle:?}",
            run.stderr
        );
    }
}

/// Exit status 0 and nothing on standard error.
#[track_caller]
pub fn assert_success(run: &Run, what: &str) {
    assert_eq!(
        run.code,
        Some(0),
        "{what}: exit status; stderr: {}",
        run.stderr
    );
    assert!(
        run.stderr.is_empty(),
        "{what}: unexpected standard error {:?}",
        run.stderr
    );
}
