//! Criterion benchmarks of the engine (filled in by issue 2's performance work).
fn main() {}
