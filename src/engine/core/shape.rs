//! Board shapes: [`Shape`], the files and ranks of one rectangular board, and the
//! conversions between its squares, their coordinates and their names.

use super::square::{RankName, Square, SquareName};

/// The shape of a rectangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
}

impl Shape {
    /// Number of squares.
    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the board has no squares (never true for a variant).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The square at (x, y), if on the board.
    #[inline]
    pub fn square(self, x: i32, y: i32) -> Option<Square> {
        if x >= 0 && y >= 0 && x < self.files as i32 && y < self.ranks as i32 {
            Some(Square((y * self.files as i32 + x) as u16))
        } else {
            None
        }
    }

    /// (x, y) of a square.
    #[inline]
    pub fn coords(self, sq: Square) -> (i32, i32) {
        let f = self.files as i32;
        (sq.0 as i32 % f, sq.0 as i32 / f)
    }

    /// The file number (1 = Black's rightmost).
    pub fn file(self, sq: Square) -> u32 {
        self.coords(sq).0 as u32 + 1
    }

    /// The rank's name (`a` = top; `aa` after `z`).
    pub fn rank_name(self, sq: Square) -> RankName {
        RankName(self.coords(sq).1 as u8)
    }

    /// The square's name, file number then rank name (`13m`, `12aa`).
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq) as u8,
            rank: self.rank_name(sq),
        }
    }

    /// Parses a square name such as `13m` or `12aa`; `None` when malformed or off the
    /// board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let split = bytes.iter().position(|b| !b.is_ascii_digit())?;
        if split == 0 || split > 2 || bytes[0] == b'0' {
            return None;
        }
        let file: i32 = text[..split].parse().ok()?;
        let rank = RankName::parse(&text[split..])?;
        self.square(file - 1, rank as i32)
    }

    /// Squares in "file-then-rank" order key: lowest file number first, then rank `a`
    /// onwards by rank number (notation.md's order for canonical passes).
    pub fn file_rank_key(self, sq: Square) -> (i32, i32) {
        self.coords(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_follow_notation() {
        let shape = Shape {
            files: 25,
            ranks: 25,
        };
        let top_right = shape.parse_square("1a").unwrap();
        assert_eq!(shape.coords(top_right), (0, 0));
        let bottom_left = shape.parse_square("25y").unwrap();
        assert_eq!(shape.coords(bottom_left), (24, 24));
        assert_eq!(
            shape.name(shape.parse_square("13m").unwrap()).to_string(),
            "13m"
        );
        assert!(shape.parse_square("26a").is_none());
        assert!(shape.parse_square("0a").is_none());
        assert!(shape.parse_square("01a").is_none());
        assert!(shape.parse_square("1z").is_none());
        assert!(shape.parse_square("a1").is_none());
    }

    /// On 36 ranks the ranks after `z` are `aa` to `jj`, read and written alike.
    #[test]
    fn doubled_rank_letters_name_ranks_27_to_36() {
        let shape = Shape {
            files: 36,
            ranks: 36,
        };
        let corner = shape.parse_square("36jj").unwrap();
        assert_eq!(shape.coords(corner), (35, 35));
        assert_eq!(shape.coords(shape.parse_square("12aa").unwrap()), (11, 26));
        assert_eq!(shape.coords(shape.parse_square("1z").unwrap()), (0, 25));
        assert_eq!(shape.name(corner).to_string(), "36jj");
        for bad in ["18ab", "1kk", "1aaa", "37a", "0a", "1"] {
            assert!(shape.parse_square(bad).is_none(), "{bad}");
        }
    }
}
