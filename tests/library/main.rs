//! The library's integration tests, one module per subject, in one test
//! binary: the engines against references and each other, every puzzle
//! against an independent model, the parsers and files under attack.
//!
//! One binary rather than one per file: the library's generic code is
//! compiled and linked once for all of them. Run one subject with
//! `cargo test --test library klotski::`, the `#[ignore]`d long runs with
//! `cargo test --release --test library -- --ignored`.

#[path = "../support/mod.rs"]
mod support;

mod adapters;
mod answers;
mod atlas;
mod attacks;
mod blocks;
mod blocks_edges;
mod blocks_rules;
mod costs;
mod engines;
mod farthest;
mod grid;
mod hardening;
mod klotski;
mod knights;
mod knights_data;
mod optimal;
mod optimal_puzzles;
mod parsers;
mod patterns;
mod serde;
mod sliding;
