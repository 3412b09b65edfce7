//! Squares: a square of a board ([`Square`]), its printable name ([`SquareName`]), a rank's
//! name ([`RankName`]: `a` to `z`, then `aa` to `jj`) and the largest board the engine has
//! room for ([`MAX_FILES`], [`MAX_RANKS`], [`MAX_SQUARES`]).
//!
//! Coordinates: `x` is the file number minus one (x = 0 is file 1, Black's rightmost file),
//! `y` is the rank index from the top (y = 0 is rank `a`, White's back rank). A square's
//! index is `y * files + x`.

use std::fmt;

/// The largest board the engine has room for (taikyoku shogi's, 36×36). A position stores
/// only its own board's squares; square sets ([`super::square_set::SquareSet`]) have room
/// for this many.
pub const MAX_FILES: usize = 36;
/// The largest number of ranks.
pub const MAX_RANKS: usize = 36;
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

/// A printable square name: the file number, then the rank's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    pub(super) file: u8,
    pub(super) rank: RankName,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

/// Ranks named by one letter (`a` to `z`); the ranks after them take a doubled letter.
const SINGLE_LETTER_RANKS: usize = 26;
const _: () = assert!(
    MAX_RANKS <= SINGLE_LETTER_RANKS + 10,
    "doubled letters go to `jj`"
);

/// A rank's name, from its index `y` (0 = rank `a`): a letter `a` to `z` for the first 26
/// ranks, then the doubled letters `aa` to `jj` (rank 27 to 36). Ranks are ordered by
/// their number (`z` before `aa`), which is the order of `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RankName(pub u8);

impl RankName {
    /// The rank index a name stands for: one lowercase letter, or a doubled letter `a` to
    /// `j`; `None` for anything else (`ab`, `kk`, `aaa`, an empty text).
    pub fn parse(text: &str) -> Option<usize> {
        match *text.as_bytes() {
            [c] if c.is_ascii_lowercase() => Some(usize::from(c - b'a')),
            [c, d] if c == d && (b'a'..=b'j').contains(&c) => {
                Some(SINGLE_LETTER_RANKS + usize::from(c - b'a'))
            }
            _ => None,
        }
    }

    /// The letters of the name and how many there are (1 or 2).
    fn letters(self) -> ([u8; 2], usize) {
        let y = usize::from(self.0);
        if y < SINGLE_LETTER_RANKS {
            ([b'a' + self.0, 0], 1)
        } else {
            let c = b'a' + (y - SINGLE_LETTER_RANKS) as u8;
            ([c, c], 2)
        }
    }
}

impl fmt::Display for RankName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (letters, n) = self.letters();
        f.write_str(std::str::from_utf8(&letters[..n]).expect("ASCII letters"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rank name reads back as its rank, and names order as rank numbers do.
    #[test]
    fn rank_names_round_trip_past_z() {
        let names: Vec<String> = (0..MAX_RANKS as u8)
            .map(|y| RankName(y).to_string())
            .collect();
        assert_eq!(names[0], "a");
        assert_eq!(names[25], "z");
        assert_eq!(names[26], "aa");
        assert_eq!(names[35], "jj");
        for (y, name) in names.iter().enumerate() {
            assert_eq!(RankName::parse(name), Some(y), "{name}");
        }
        assert!(RankName(25) < RankName(26));
        for bad in ["", "ab", "kk", "aaa", "A", "1", "zz"] {
            assert_eq!(RankName::parse(bad), None, "{bad}");
        }
    }
}
