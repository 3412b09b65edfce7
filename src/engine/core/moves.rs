//! The move value: the start square, the squares listed after it (canonical machine text:
//! every square where a capture happens before the end or the piece turns back, then the
//! final square), the squares it shot at (ko shogi, ko.md §4.2), the promotion mark and
//! whether that promotion was a choice; and what a played move did ([`Effects`]: its
//! captures, shots and burns, how it promoted, [`Promotion`]).

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
    /// The listed squares, then the shot targets (unused entries are square 0).
    path: [Square; MAX_LISTED],
    /// The number of listed squares ([`LEN`]), of shot targets ([`SHOTS`]), [`FIRST_SHOT_MID`]
    /// and [`OPTIONAL`], kept in one byte so that a move stays 16 bytes (move lists are
    /// written in the hot path).
    meta: u8,
    pub promo: Promo,
}

/// The most squares a move lists after its start, shot targets included (a thunderclap's
/// five captures and its final point, ko.md §5).
pub const MAX_LISTED: usize = 6;

/// In [`Move`]'s `meta`: the move's promotion mark was a choice (its `+` and `=` forms are
/// both legal). Set by the generator, which alone knows; moves built from text before
/// matching the generated ones leave it unset.
const OPTIONAL: u8 = 0x80;
/// In [`Move`]'s `meta`: the number of listed squares (0 only for a shot in place).
const LEN: u8 = 0x07;
/// In [`Move`]'s `meta`: the number of shot targets (bits 3-4).
const SHOTS: u8 = 0x18;
const SHOTS_SHIFT: u8 = 3;
/// In [`Move`]'s `meta`: the first shot was made from the first listed square (a five-li
/// fog shooting between its legs, ko.md §4.2) rather than from the final square.
const FIRST_SHOT_MID: u8 = 0x20;

/// Where a move's shots were made from (ko.md §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotsFrom {
    /// Every shot from the final square (or from the start, for a shot in place).
    Final,
    /// The first shot from the first listed square (after leg 1), any second from the
    /// final square.
    FirstLeg,
}

impl Move {
    /// A move from `from` listing `path` (1 to 6 squares, the last is the destination).
    #[inline]
    pub fn new(from: Square, path: &[Square], promo: Promo) -> Move {
        debug_assert!((1..=MAX_LISTED).contains(&path.len()));
        let mut p = [Square(0); MAX_LISTED];
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
        let mut path = [Square(0); MAX_LISTED];
        path[0] = to;
        Move {
            from,
            path,
            meta: 1,
            promo,
        }
    }

    /// The same move with the shot targets `targets` (at most 2, listed squares plus
    /// targets at most [`MAX_LISTED`]), made from where `from` says.
    pub fn with_shots(mut self, targets: &[Square], from: ShotsFrom) -> Move {
        let len = self.len();
        debug_assert!(targets.len() <= 2 && len + targets.len() <= MAX_LISTED);
        self.path[len..len + targets.len()].copy_from_slice(targets);
        self.meta =
            (self.meta & !(SHOTS | FIRST_SHOT_MID)) | ((targets.len() as u8) << SHOTS_SHIFT);
        if from == ShotsFrom::FirstLeg && !targets.is_empty() {
            self.meta |= FIRST_SHOT_MID;
        }
        self
    }

    /// A shot in place: the piece on `from` shoots `targets` without moving (ko.md §4.2,
    /// O1 alternatives).
    pub fn shot_in_place(from: Square, targets: &[Square], promo: Promo) -> Move {
        Move {
            from,
            path: [Square(0); MAX_LISTED],
            meta: 0,
            promo,
        }
        .with_shots(targets, ShotsFrom::Final)
    }

    /// The squares listed after the start square (without the shot targets).
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.path[..self.len()]
    }

    /// The shot targets, in the order the move text writes them.
    #[inline]
    pub fn shots(&self) -> &[Square] {
        let len = self.len();
        &self.path[len..len + usize::from((self.meta & SHOTS) >> SHOTS_SHIFT)]
    }

    /// Where the move's shots were made from.
    #[inline]
    pub fn shots_from(&self) -> ShotsFrom {
        if self.meta & FIRST_SHOT_MID != 0 {
            ShotsFrom::FirstLeg
        } else {
            ShotsFrom::Final
        }
    }

    /// The final square (the start for a shot in place).
    #[inline]
    pub fn to(&self) -> Square {
        match self.len() {
            0 => self.from,
            n => self.path[n - 1],
        }
    }

    /// The same move with another promotion mark, where the mark was not a choice.
    pub fn with_promo(mut self, promo: Promo) -> Move {
        self.promo = promo;
        self.meta &= !OPTIONAL;
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
    /// Pieces its shots removed, in shot order (ko.md §4.2).
    pub shots: Vec<(Square, Piece)>,
    /// Allied guards the clerk's promotion promoted, as they became (ko.md §4.6c).
    pub clerk_promoted: Vec<(Square, Piece)>,
    /// Enemy poison flames the clerk's promotion removed.
    pub flames_removed: Vec<(Square, Piece)>,
    /// Pieces that reverted to their unpromoted side, as they became (ko.md §4.7).
    pub reverted: Vec<(Square, Piece)>,
    /// The side that met ko shogi's loss condition through the move (ko.md §6).
    pub commanders_lost: Option<Color>,
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
            shots: Vec::new(),
            clerk_promoted: Vec::new(),
            flames_removed: Vec::new(),
            reverted: Vec::new(),
            commanders_lost: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_stays_sixteen_bytes_and_keeps_its_squares_and_choice() {
        assert_eq!(std::mem::size_of::<Move>(), 16);
        let path = [
            Square(7),
            Square(9),
            Square(11),
            Square(13),
            Square(15),
            Square(17),
        ];
        for n in 1..=MAX_LISTED {
            let mv = Move::new(Square(3), &path[..n], Promo::None);
            let chosen = mv.with_chosen_promo(Promo::Promote);
            assert_eq!(chosen.squares(), &path[..n]);
            assert_eq!(chosen.to(), path[n - 1]);
            assert!(chosen.promotion_optional() && !mv.promotion_optional());
            let forced = chosen.with_promo(Promo::Promote);
            assert_eq!(forced.squares(), &path[..n]);
            assert!(!forced.promotion_optional());
            assert!(forced.shots().is_empty());
        }
    }

    #[test]
    fn shots_follow_the_listed_squares_and_keep_where_they_were_made_from() {
        let mv = Move::new(Square(3), &[Square(5), Square(8)], Promo::None)
            .with_shots(&[Square(4), Square(9)], ShotsFrom::FirstLeg)
            .with_chosen_promo(Promo::Decline);
        assert_eq!(mv.squares(), &[Square(5), Square(8)]);
        assert_eq!(mv.shots(), &[Square(4), Square(9)]);
        assert_eq!(mv.shots_from(), ShotsFrom::FirstLeg);
        assert!(mv.promotion_optional());
        assert_eq!(mv.to(), Square(8));
        let in_place = Move::shot_in_place(Square(3), &[Square(2)], Promo::None);
        assert_eq!(
            (in_place.squares(), in_place.shots()),
            (&[][..], &[Square(2)][..])
        );
        assert_eq!(
            (in_place.to(), in_place.shots_from()),
            (Square(3), ShotsFrom::Final)
        );
    }
}
