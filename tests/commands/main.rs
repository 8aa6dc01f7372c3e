//! The example programs run as processes, as a person runs them: every
//! command-line contract, every input rule broken on purpose, and a hostile
//! world around them, one module per program or subject, in one test binary.
//!
//! `cargo test` builds the examples next to this test binary
//! (`<target>/<profile>/examples/`). When only this test is built
//! (`cargo test --test commands`), build them first: `cargo build --examples`,
//! with `--release` when testing in release.

#[path = "../support/mod.rs"]
mod support;

mod answers;
mod attacks;
mod blocks;
mod grid;
mod hardening;
mod klotski_knights;
mod sliding;
