//! The benchmarks of `puzzle-search` live in `benches/`; this crate holds
//! nothing else. See `Cargo.toml` for how to run them.
