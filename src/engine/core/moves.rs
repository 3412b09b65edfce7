//! The move value: the start square, the squares listed after it (canonical machine text:
//! every square where a capture happens before the end or the piece turns back, then the
//! final square), the squares it shot at (ko shogi, ko.md §4.2), the promotion mark and
//! whether that promotion was a choice; and what a played move did ([`Effects`]: how it
//! promoted, [`Promotion`], and its ordered [`Event`]s, each piece removed or changed
//! with its cause).

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

/// Why a move removed a piece from the board (one arm per mechanism).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// Captured by the moving piece (displacement, jump, range jump, igui, a line's
    /// steps).
    Capture,
    /// Burned by the moving burner (a fire demon, tenjiku.md §5, or a poison flame, ko.md
    /// §4.3) next to its final square: the active burn.
    Burn,
    /// The mover itself, burned on arrival next to an enemy burner (the passive burn),
    /// with the square it reached and the piece it had become.
    SelfBurn,
    /// Shot by the moving piece (ko.md §4.2).
    Shot,
    /// An enemy poison flame removed by the clerk's promotion (ko.md §4.6c).
    ClerkPromotion,
}

/// Why a move changed a piece other than the mover in place (one arm per mechanism).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// An allied guard promoted by the clerk's promotion (ko.md §4.6c).
    ClerkPromotion,
    /// A piece turned back to its unpromoted side (ko.md §4.7).
    Reversion,
}

/// What one event did to its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// The piece left the board.
    Removed(Removal),
    /// The piece stays where it stood with another face.
    Changed(Change),
}

/// One thing a move did to a piece besides moving it: the square, the piece (as it was
/// when removed, as it became when changed), why, and whether it was a royal piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    pub square: Square,
    pub piece: Piece,
    pub cause: Cause,
    /// Whether the piece is royal (a removed royal is a lost royal).
    pub royal: bool,
}

/// What a played move did (for responses; the fast path does not build it): the mover's
/// faces, how it promoted, whether it passed, the side that lost through it, and its
/// events in the order the move made them (the rules page's order: captures, the passive
/// or the active burn, shots, the clerk's promotion, reversions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effects {
    /// The side that moved.
    pub mover: Color,
    /// The mover's face before and after the move.
    pub face_before: FaceId,
    pub face_after: FaceId,
    /// How the piece changed: promotion compulsory, chosen or declined, or contagion
    /// (the piece became the captured contagious piece's promoted side).
    pub promotion: Promotion,
    /// Whether the move was a pass.
    pub pass: bool,
    /// The side that lost through the move (no royal left, or ko shogi's loss condition,
    /// ko.md §6): the mover's opponent first.
    pub loser: Option<Color>,
    /// The removals and changes, in the order the move made them.
    pub events: Vec<Event>,
}

impl Effects {
    /// Nothing done yet by a move of `mover`'s (filled in as the move is played).
    pub fn of(mover: Color) -> Effects {
        Effects {
            mover,
            face_before: FaceId::default(),
            face_after: FaceId::default(),
            promotion: Promotion::None,
            pass: false,
            loser: None,
            events: Vec::new(),
        }
    }

    /// Records an event.
    #[inline]
    pub fn push(&mut self, square: Square, piece: Piece, cause: Cause, royal: bool) {
        self.events.push(Event {
            square,
            piece,
            cause,
            royal,
        });
    }

    /// The pieces removed for `why`, in order.
    pub fn removed(&self, why: Removal) -> Vec<(Square, Piece)> {
        self.of_cause(Cause::Removed(why))
    }

    /// The pieces changed for `why`, as they became, in order.
    pub fn changed(&self, why: Change) -> Vec<(Square, Piece)> {
        self.of_cause(Cause::Changed(why))
    }

    /// The captured pieces, in capture order.
    pub fn captures(&self) -> Vec<(Square, Piece)> {
        self.removed(Removal::Capture)
    }

    /// The mover, burned on arrival, as it had become.
    pub fn self_burned(&self) -> Option<(Square, Piece)> {
        self.removed(Removal::SelfBurn).first().copied()
    }

    /// Every royal piece the move removed, of either side.
    pub fn royals_lost(&self) -> Vec<(Square, Piece)> {
        self.events
            .iter()
            .filter(|e| e.royal && matches!(e.cause, Cause::Removed(_)))
            .map(|e| (e.square, e.piece))
            .collect()
    }

    fn of_cause(&self, cause: Cause) -> Vec<(Square, Piece)> {
        self.events
            .iter()
            .filter(|e| e.cause == cause)
            .map(|e| (e.square, e.piece))
            .collect()
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
