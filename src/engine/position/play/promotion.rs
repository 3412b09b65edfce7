//! Step 5 of playing a move (ko.md §3): the mover's promotion where it takes effect after
//! the burns and shots (ko.md §4.6: a burned mover does not promote; elsewhere the piece
//! arrived promoted, step 1), then the clerk's side effects: every allied guard promotes
//! where it stands and every enemy poison flame is removed (ko.md §4.6c).

use super::{Position, Turn};
use crate::engine::core::moves::{Cause, Change, Effects, Promotion, Removal};
use crate::engine::core::piece::Piece;
use crate::engine::variant::{flag, PromotionTime, Rules};

impl Position {
    /// Step 5: the promotion, then the clerk's side effects.
    pub(super) fn promotion_step(
        &mut self,
        turn: &mut Turn,
        rules: &Rules,
        effects: Option<&mut Effects>,
    ) {
        if rules.play.promotion == PromotionTime::AfterEffects && turn.becomes != turn.face {
            if turn.burned {
                // A burned mover does not promote (ko.md §3 step 2).
                turn.becomes = turn.face;
                if matches!(turn.promotion, Promotion::Chosen | Promotion::Compulsory) {
                    turn.promotion = Promotion::None;
                }
                return;
            }
            turn.face = self.change(turn.to, turn.becomes, rules).face;
        }
        if !turn.burned
            && turn.face != turn.mover.face
            && rules.play.has(turn.mover.face, flag::CLERK)
        {
            self.clerk_promotes(turn, rules, effects);
        }
    }

    /// The clerk's promotion (ko.md §4.6c): every allied guard promotes wherever it
    /// stands, every enemy poison flame is removed.
    fn clerk_promotes(
        &mut self,
        turn: &mut Turn,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let us = turn.mover.color;
        let play = &rules.play;
        for sq in self.occupied(us).iter() {
            let face = self.cell(sq).face_unchecked();
            if let (true, false, Some(p)) = (
                play.has(face, flag::GUARD),
                face.promoted(),
                rules.face(face).promotes_to,
            ) {
                let piece: Piece = self.change(sq, p, rules);
                if let Some(e) = effects.as_deref_mut() {
                    let royal = rules.face(p).royal;
                    e.push(sq, piece, Cause::Changed(Change::ClerkPromotion), royal);
                }
            }
        }
        for sq in self.occupied(us.opponent()).iter() {
            if play.has(self.cell(sq).face_unchecked(), flag::BURNER) {
                self.remove(
                    sq,
                    Removal::ClerkPromotion,
                    turn,
                    rules,
                    effects.as_deref_mut(),
                );
            }
        }
    }
}
