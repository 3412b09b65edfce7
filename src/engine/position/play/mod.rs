//! Playing a move: one ordered pipeline of steps, ko.md §3's order, for every variant:
//! 1 the movement with its captures (and a shot between legs), 2 the passive burn, 3 the
//! active burn, 4 the shots from the final square, 5 the promotion and the clerk's side
//! effects, 6 the reversions, 7 the loss condition. Each variant runs the mechanisms its
//! rules compiled ([`Mechanisms`]): a step whose mechanism is absent does nothing, so that
//! chu shogi plays steps 1 and 5, tenjiku 1 to 3 and 5 (its promotion takes effect on
//! arrival), ko shogi all seven. Each removal and change is recorded as it is made, so
//! that the effects' order is the rules page's order by construction.
//!
//! `movement` holds step 1 and the shots, `burning` steps 2 and 3 (the fire demon's and
//! the poison flame's one burning mechanism) and the burn questions asked of a move not
//! yet played, `promotion` step 5, `reversions` step 6, `loss` step 7.

mod burning;
mod loss;
mod movement;
mod promotion;
mod reversions;

use super::{Extra, Position};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Cause, Effects, Move, Promotion, Removal};
use crate::engine::core::piece::{FaceId, Piece};
use crate::engine::core::square::Square;
use crate::engine::variant::{flag, Mechanisms, Rules};

/// A move being played, as the steps hand it on.
struct Turn {
    /// The mover as it stood on its start.
    mover: Piece,
    /// The face the move gives it: promoted by its mark, or by contagion.
    becomes: FaceId,
    /// Its face on the board now.
    face: FaceId,
    /// How the move promotes it.
    promotion: Promotion,
    to: Square,
    pass: bool,
    /// Whether the mover was burned on arrival: it then burns, shoots and promotes no
    /// more.
    burned: bool,
    /// The extra field the move leaves (a lion-trading square).
    extra: Extra,
    /// Per side, whether an unpromoted drum left the board (ko.md §4.8).
    drum_lost: [bool; 2],
    /// Per side, whether its unpromoted priest was captured by displacement (ko.md §4.7).
    priest_displaced: [bool; 2],
}

impl Position {
    /// Plays a move known to be legal and returns what it did.
    pub fn play(&mut self, mv: &Move, rules: &Rules) -> Effects {
        let mut effects = Effects::of(self.side);
        self.play_inner(mv, rules, Some(&mut effects));
        effects
    }

    /// Plays a move known to be legal, without recording its effects.
    #[inline]
    pub fn play_unchecked(&mut self, mv: &Move, rules: &Rules) {
        self.play_inner(mv, rules, None);
    }

    /// The pipeline (see the module's steps).
    fn play_inner(&mut self, mv: &Move, rules: &Rules, mut effects: Option<&mut Effects>) {
        let play = &rules.play;
        let mut turn = self.movement(mv, rules, effects.as_deref_mut());
        if let Some(burning) = play.burning {
            self.burns(&mut turn, burning, rules, effects.as_deref_mut());
        }
        if !turn.burned {
            self.shots_from_final(mv, &mut turn, rules, effects.as_deref_mut());
        }
        self.promotion_step(&mut turn, rules, effects.as_deref_mut());
        if let Some(reversions) = play.reversions {
            self.reversions(&turn, reversions, rules, effects.as_deref_mut());
        }
        self.conclude(&turn, rules, effects);
    }

    /// Removes the piece on `sq` for `why`, noting what the links of ko.md §4.7 and §4.8
    /// need, and records it.
    fn remove(
        &mut self,
        sq: Square,
        why: Removal,
        turn: &mut Turn,
        rules: &Rules,
        effects: Option<&mut Effects>,
    ) -> Piece {
        let piece = self.take(sq, rules).expect("an occupied square");
        let play = &rules.play;
        // Only the links read these: the drum's (§4.8) and the priest's (§4.7).
        if (play.drum_history.is_some() || play.reversions.is_some()) && !piece.face.promoted() {
            let ci = piece.color.index();
            turn.drum_lost[ci] |= play.drum_history == Some(piece.face.kind());
            turn.priest_displaced[ci] |=
                why == Removal::Capture && play.has(piece.face, flag::PRIEST);
        }
        if let Some(e) = effects {
            e.push(sq, piece, Cause::Removed(why), rules.face(piece.face).royal);
        }
        piece
    }

    /// Turns the piece on `sq` into `face` where it stands.
    fn change(&mut self, sq: Square, face: FaceId, rules: &Rules) -> Piece {
        let piece = self.take(sq, rules).expect("an occupied square");
        let changed = Piece {
            color: piece.color,
            face,
        };
        self.put(sq, changed, rules);
        changed
    }
}

/// Whether `color`'s pieces have any mechanism flag `bit` next to `sq` on `pos`.
fn flagged_next_to(
    pos: &Position,
    sq: Square,
    color: Color,
    bit: u16,
    rules: &Rules,
    play: &Mechanisms,
) -> bool {
    let geo = &rules.variant.geometry;
    (0..8).any(|d| {
        geo.neighbour(sq, d).is_some_and(|n| {
            let cell = pos.cell(n);
            cell.is_color(color) && play.has(cell.face_unchecked(), bit)
        })
    })
}
