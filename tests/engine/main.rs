//! Engine tests: rule vectors (hand-derived data files), invariants over random games,
//! the start position explained, perft regression locks.

mod invariants;
mod perft;
mod start_position;
mod status;
mod support;
mod surfaces;
mod vectors;
