//! The move value: the start square, the squares listed after it (canonical machine text:
//! every square where a capture happens before the end or the piece turns back, then the
//! final square), and the promotion mark.

use super::geometry::Square;

/// Promotion mark of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promo {
    /// No promotion possible (no capture, or a piece without a promoted side).
    None,
    /// `+`: the piece promotes (contagion counts as promotion).
    Promote,
    /// `=`: a possible promotion is declined.
    Decline,
}

/// A move in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    path: [Square; 3],
    len: u8,
    pub promo: Promo,
}

impl Move {
    /// A move from `from` listing `path` (1 to 3 squares, the last is the destination).
    #[inline]
    pub fn new(from: Square, path: &[Square], promo: Promo) -> Move {
        debug_assert!((1..=3).contains(&path.len()));
        let mut p = [Square(0); 3];
        p[..path.len()].copy_from_slice(path);
        Move {
            from,
            path: p,
            len: path.len() as u8,
            promo,
        }
    }

    /// A move that lands only on `to`.
    #[inline]
    pub fn simple(from: Square, to: Square, promo: Promo) -> Move {
        Move {
            from,
            path: [to, Square(0), Square(0)],
            len: 1,
            promo,
        }
    }

    /// The squares listed after the start square.
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The final square.
    #[inline]
    pub fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// The same move with another promotion mark.
    pub fn with_promo(mut self, promo: Promo) -> Move {
        self.promo = promo;
        self
    }
}
