//! Board pictures (issue 19): a position drawn as an SVG document, written by hand. The
//! board is a grid of squares with file numbers along the top (file 1 on the right, as
//! Black sees the board) and rank letters down the right side; each piece is a five-sided
//! shogi piece shape with its kanji (Japanese characters) written vertically, in red on a
//! promoted side; White's (gote, the second player's) pieces are turned through 180° and
//! point down. The last move's squares and the squares of the pieces it removed are
//! marked. Ko shogi's pieces stand on the points of a go board; its picture draws squares
//! like the others, since the notation calls them squares.
//!
//! `label.rs` chooses and lays out the characters of a piece; `svg.rs` draws the board.

mod label;
mod svg;

pub use label::{piece_label, Label};
pub use svg::{board_svg, LastMove, CELL};
