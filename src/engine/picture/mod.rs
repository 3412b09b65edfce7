//! Board pictures (issue 19): a position drawn as an SVG document, written by hand. The
//! board is a grid of squares with file numbers along the top (file 1 on the right, as
//! Black sees the board) and rank letters down the right side; each piece is a five-sided
//! shogi piece shape with its kanji (Japanese characters) written vertically, in red on a
//! promoted side; White's (gote, the second player's) pieces are turned through 180° and
//! point down. The last move's squares and the squares of the pieces it removed are
//! marked, and so are the royals in check; a finished game's caption gives the result
//! instead of the side to move. A picture may be flipped (White's view), scaled to a width,
//! and labelled in Latin letters instead of kanji. The kanji are drawn as outlines taken
//! from an OFL-licensed font, so that no font need be installed to see them. Ko shogi's
//! pieces stand on the points of a go board; its picture draws squares like the others,
//! since the notation calls them squares. What a game's state marks is read off the game
//! by `game::picture` (a floor up).
//!
//! `label.rs` chooses and lays out the characters of a piece; `glyphs.rs` holds the
//! kanji outlines (data written by `scripts/glyphs.py`); `svg.rs` draws the board.

mod glyphs;
mod label;
mod svg;

pub use glyphs::{glyph_id, outline};
pub use label::{label_in, piece_label, Label, Labels};
pub use svg::{board_svg, LastMove, Marks, View, CELL, MAX_WIDTH, MIN_WIDTH};
