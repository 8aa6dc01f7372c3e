//! What the examples share: how they fail and with which exit status, how they
//! treat a closed standard output, and the JSON of a search outcome.
//!
//! Each example includes this file with `mod common;`. Cargo builds
//! `examples/*.rs` and `examples/*/main.rs` as examples, so this directory is
//! not an example of its own.

// Each example uses only part of this module.
#![allow(dead_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_search::search::{Limit, Outcome, SearchResult, Stats};
use serde_json::{json, Value};

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

/// `value` as one line of `out`.
pub fn write_json_line(out: &mut impl Write, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// The answer of a search in full (SPEC §3.1): the fields of `head` (a JSON
/// object), then `"solvable"` (`true`, `false`, or `null` when a limit stopped
/// the search first), `"moves"` and `"path"` (see [`path_json`]), `"limit"`
/// (the limit's name) when a limit stopped the search, and `"stats"`.
pub fn outcome_json<S, M>(
    mut head: Value,
    result: &SearchResult<S, M>,
    render: impl Fn(&S) -> String,
) -> Value {
    let outcome = &result.outcome;
    head["solvable"] = match outcome {
        Outcome::Solved(_) => json!(true),
        Outcome::Unsolvable => json!(false),
        Outcome::LimitReached(_) => Value::Null,
    };
    let mut object = path_json(head, solution(outcome), render);
    if let Outcome::LimitReached(limit) = outcome {
        object["limit"] = json!(limit.name());
    }
    object["stats"] = stats_json(&result.stats);
    object
}

/// The answer of a search in brief (SPEC §3.2): the fields of `head` (a JSON
/// object), `"moves"` and `"path"` (see [`path_json`]), then only what those
/// leave unsaid: `"solvable": false` when there is no solution at all, or
/// `"solvable": null` and `"limit"` when a limit stopped the search before an
/// answer. A depth limit is an answer: no solution within that many moves.
pub fn answer_json<S, M>(
    head: Value,
    outcome: &Outcome<S, M>,
    render: impl Fn(&S) -> String,
) -> Value {
    let mut object = path_json(head, solution(outcome), render);
    match outcome {
        Outcome::Solved(_) | Outcome::LimitReached(Limit::Depth { .. }) => {}
        Outcome::Unsolvable => object["solvable"] = json!(false),
        Outcome::LimitReached(limit) => {
            object["solvable"] = Value::Null;
            object["limit"] = json!(limit.name());
        }
    }
    object
}

/// The fields of `head` (a JSON object), then `"moves"`, one fewer than the
/// `states`, and `"path"`, the `states` from the start to a goal, each written
/// by `render`. No states, no solution: `"moves": null, "path": []`.
pub fn path_json<S>(mut head: Value, states: &[S], render: impl Fn(&S) -> String) -> Value {
    head["moves"] = json!(states.len().checked_sub(1));
    head["path"] = states.iter().map(render).collect();
    head
}

/// `{"expanded", "generated", "elapsed_us"}`: what a search cost.
fn stats_json(stats: &Stats) -> Value {
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "elapsed_us": stats.elapsed.as_micros() as u64,
    })
}

/// The states of the solution, from the start to a goal; none without one.
fn solution<S, M>(outcome: &Outcome<S, M>) -> &[S] {
    match outcome {
        Outcome::Solved(path) => path.states(),
        Outcome::Unsolvable | Outcome::LimitReached(_) => &[],
    }
}
