//! The rules engine: a pure library (no web framework) that knows the variants as data,
//! generates legal moves, judges proposed moves, plays them and counts perft.
//!
//! Vocabulary: [`geometry`] (squares, colours, directions), [`movement`] (movement kinds),
//! [`variant`] (piece tables, options, profiles, resolved rules), [`position`] (setup and
//! position, playing a move), [`moves`] (the move value), [`movegen`] (legal moves),
//! [`legality`] (checking one proposed move), [`notation`] (text formats), [`perft`].

pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod movement;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod variant;
