//! What the examples share: how they fail and with which exit status, and how
//! they treat a closed standard output.
//!
//! Each example includes this file with `mod common;`. Cargo builds
//! `examples/*.rs` and `examples/*/main.rs` as examples, so this directory is
//! not an example of its own.

// Each example uses only part of this module.
#![allow(dead_code)]

use std::io;
use std::process::ExitCode;

/// Why an example stopped early, and the exit status it deserves.
pub struct Failure {
    /// The exit status: 2 for bad arguments or input, 1 for anything else.
    pub status: u8,
    /// What went wrong, for standard error.
    pub message: String,
}

impl Failure {
    /// Bad arguments or bad input (a layout, a board, a table file): status 2.
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            status: 2,
            message: message.into(),
        }
    }

    /// Anything else that went wrong, I/O mostly (reading standard input,
    /// writing the answers or a file) or building a table: status 1.
    pub fn other(message: impl Into<String>) -> Self {
        Failure {
            status: 1,
            message: message.into(),
        }
    }
}

/// The exit of an example: success, or the failure's message on standard error
/// after `prefix: `, and its status.
pub fn finish(prefix: &str, result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("{prefix}: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

/// The end of writing the answers to standard output, `what` naming them in a
/// failure. A reader that stops early (`| head`) closes the pipe: that is no
/// failure for these tools.
pub fn answered(written: io::Result<()>, what: &str) -> Result<(), Failure> {
    match written {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written.map_err(|error| Failure::other(format!("cannot write {what}: {error}"))),
    }
}
