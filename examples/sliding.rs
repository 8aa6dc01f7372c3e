//! Placeholder, replaced by the sliding example.
fn main() {}
