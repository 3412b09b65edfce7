//! The engine's ground floor: vocabulary every other engine module may use and that uses
//! none of them but [`crate::engine::geometry`]. Issue 15 moves the rest of the vocabulary
//! here (colour, square, piece, the move); so far it holds [`ending`].

pub mod ending;
