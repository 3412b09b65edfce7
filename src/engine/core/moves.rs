//! The move value: the start square, the squares listed after it (canonical machine text:
//! every square where a capture happens before the end or the piece turns back, then the
//! final square), the promotion mark and whether that promotion was a choice; and what a
//! played move did ([`Effects`]: its captures and burns, how it promoted, [`Promotion`]).

use super::color::Color;
use super::piece::{FaceId, Piece};
use super::square::Square;

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

/// How a played move changed its piece: part of the move's effects, decided by the
/// generator (which knows whether the move also exists with the other mark) and by the
/// captures (contagion), never re-derived from the rules afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Promotion {
    /// The move offers no promotion.
    #[default]
    None,
    /// The piece promoted and had to (`+`; the move has no `=` form).
    Compulsory,
    /// The piece promoted where declining was allowed (`+`; the `=` form is legal too).
    Chosen,
    /// A possible promotion was declined (`=`).
    Declined,
    /// The piece became the captured contagious piece's promoted side (written `+`).
    Contagion,
}

/// A move in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    path: [Square; 3],
    /// The number of listed squares (bits 0-1) and [`OPTIONAL`] (kept in one byte so that
    /// a move stays 10 bytes: move lists are written in the hot path).
    meta: u8,
    pub promo: Promo,
}

/// In [`Move`]'s `meta`: the move's promotion mark was a choice (its `+` and `=` forms are
/// both legal). Set by the generator, which alone knows; moves built from text before
/// matching the generated ones leave it unset.
const OPTIONAL: u8 = 0x80;
/// In [`Move`]'s `meta`: the number of listed squares.
const LEN: u8 = 0x03;

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
            meta: path.len() as u8,
            promo,
        }
    }

    /// A move that lands only on `to`.
    #[inline]
    pub fn simple(from: Square, to: Square, promo: Promo) -> Move {
        Move {
            from,
            path: [to, Square(0), Square(0)],
            meta: 1,
            promo,
        }
    }

    /// The squares listed after the start square.
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.path[..self.len()]
    }

    /// The final square.
    #[inline]
    pub fn to(&self) -> Square {
        self.path[self.len() - 1]
    }

    /// The same move with another promotion mark, where the mark was not a choice.
    pub fn with_promo(mut self, promo: Promo) -> Move {
        self.promo = promo;
        self.meta &= LEN;
        self
    }

    /// The same move with the mark `promo` where the other mark is legal too.
    pub fn with_chosen_promo(mut self, promo: Promo) -> Move {
        self.promo = promo;
        self.meta |= OPTIONAL;
        self
    }

    /// Whether the move's promotion mark was a choice (its `+` and `=` forms are both
    /// legal).
    #[inline]
    pub fn promotion_optional(&self) -> bool {
        self.meta & OPTIONAL != 0
    }

    /// The number of listed squares.
    #[inline]
    fn len(&self) -> usize {
        usize::from(self.meta & LEN)
    }
}

/// What a played move did (for responses; the fast path does not build it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effects {
    /// Captured pieces in capture order.
    pub captures: Vec<(Square, Piece)>,
    /// The side that moved.
    pub mover: Color,
    /// The mover's face before and after the move.
    pub face_before: FaceId,
    pub face_after: FaceId,
    /// How the piece changed: promotion compulsory, chosen or declined, or contagion
    /// (the piece became the captured contagious piece's promoted side).
    pub promotion: Promotion,
    /// Captured royal pieces.
    pub royals_captured: Vec<(Square, Piece)>,
    /// Pieces the moving fire demon burned on arrival (tenjiku.md §5, active burn), in
    /// file-then-rank order.
    pub burned: Vec<(Square, Piece)>,
    /// The mover itself, burned on arrival next to an enemy fire demon (passive burn),
    /// with the square it reached and the piece it had become.
    pub self_burned: Option<(Square, Piece)>,
    /// Every royal piece the move removed, captured or burned, of either side.
    pub royals_lost: Vec<(Square, Piece)>,
    /// Whether the move was a pass.
    pub pass: bool,
}

impl Effects {
    /// Nothing done yet by a move of `mover`'s (filled in as the move is played).
    pub fn of(mover: Color) -> Effects {
        Effects {
            captures: Vec::new(),
            mover,
            face_before: FaceId::default(),
            face_after: FaceId::default(),
            promotion: Promotion::None,
            royals_captured: Vec::new(),
            burned: Vec::new(),
            self_burned: None,
            royals_lost: Vec::new(),
            pass: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_stays_ten_bytes_and_keeps_its_squares_and_choice() {
        assert_eq!(std::mem::size_of::<Move>(), 10);
        let path = [Square(7), Square(9), Square(11)];
        for n in 1..=3 {
            let mv = Move::new(Square(3), &path[..n], Promo::None);
            let chosen = mv.with_chosen_promo(Promo::Promote);
            assert_eq!(chosen.squares(), &path[..n]);
            assert_eq!(chosen.to(), path[n - 1]);
            assert!(chosen.promotion_optional() && !mv.promotion_optional());
            let forced = chosen.with_promo(Promo::Promote);
            assert_eq!(forced.squares(), &path[..n]);
            assert!(!forced.promotion_optional());
        }
    }
}
