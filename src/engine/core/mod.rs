//! The engine's ground floor: vocabulary every other engine module may use and that uses
//! none of them: [`color`] (the two sides), [`dir`] (directions relative to a side and on
//! the board), [`square`] (squares, their names, the largest board), [`square_set`]
//! (square sets), [`shape`] (a board's shape: coordinates and square names), [`piece`]
//! (kinds, faces, pieces, board cells), [`moves`] (the move value and what a played move
//! did), [`ending`] (how a game ends).

pub mod color;
pub mod dir;
pub mod ending;
pub mod moves;
pub mod piece;
pub mod shape;
pub mod square;
pub mod square_set;
