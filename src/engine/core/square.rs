//! Squares: a square of a board ([`Square`]), its printable name ([`SquareName`]) and the
//! largest board any variant uses ([`MAX_FILES`], [`MAX_RANKS`], [`MAX_SQUARES`]).
//!
//! Coordinates: `x` is the file number minus one (x = 0 is file 1, Black's rightmost file),
//! `y` is the rank index from the top (y = 0 is rank `a`, White's back rank). A square's
//! index is `y * files + x`.

use std::fmt;

/// The largest board any variant uses (tai shogi, 25×25).
pub const MAX_FILES: usize = 25;
/// The largest number of ranks.
pub const MAX_RANKS: usize = 25;
/// The largest number of squares.
pub const MAX_SQUARES: usize = MAX_FILES * MAX_RANKS;

/// A square of a board, as its index `y * files + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// The index into a board array.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A printable square name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    pub(super) file: u8,
    pub(super) rank: char,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}
