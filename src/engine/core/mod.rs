//! The engine's ground floor: vocabulary every other engine module may use and that uses
//! none of them but [`crate::engine::geometry`]: [`piece`] (kinds, faces, pieces, board
//! cells), [`moves`] (the move value and what a played move did), [`ending`] (how a game
//! ends).

pub mod ending;
pub mod moves;
pub mod piece;
