//! Steps 2 and 3 of playing a move: the one burning mechanism of tenjiku's fire demon
//! (tenjiku.md §5) and ko shogi's poison flame (ko.md §4.3), its victim set and passive
//! rule given by [`Burning`]. The passive burn removes the mover on arrival next to a
//! burner; otherwise a mover that is a burner (one that has just become one by promoting
//! only where it burns on promotion) removes the pieces next to its final square, in
//! file-then-rank order. Also the same questions asked of a move not yet played.

use super::{flagged_next_to, Position, Turn};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Effects, Move, Promo, Removal};
use crate::engine::core::square::Square;
use crate::engine::variant::{flag, BurnVictims, Burning, PassiveRule, Rules};

impl Position {
    /// Steps 2 and 3: the passive burn, else the active burn.
    pub(super) fn burns(
        &mut self,
        turn: &mut Turn,
        burning: Burning,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        if turn.pass && !burning.passive_on_pass {
            return;
        }
        let us = turn.mover.color;
        let them = us.opponent();
        let play = &rules.play;
        let next_to = |pos: &Position, color: Color| {
            flagged_next_to(pos, turn.to, color, flag::BURNER, rules, play)
        };
        let burned = match burning.passive {
            PassiveRule::None => false,
            PassiveRule::Enemies => next_to(self, them),
            PassiveRule::Any => next_to(self, them) || next_to(self, us),
        };
        if burned {
            self.remove(turn.to, Removal::SelfBurn, turn, rules, effects);
            turn.burned = true;
            return;
        }
        if turn.pass
            || !play.has(turn.face, flag::BURNER)
            || (turn.face != turn.mover.face && !burning.on_promotion)
        {
            return;
        }
        let geo = &rules.variant.geometry;
        let mut victims = [Square(0); 8];
        let mut n = 0;
        for d in 0..8 {
            let Some(sq) = geo.neighbour(turn.to, d) else {
                continue;
            };
            let cell = self.cell(sq);
            if cell.is_color(them) || (burning.victims == BurnVictims::All && cell.is_color(us)) {
                victims[n] = sq;
                n += 1;
            }
        }
        if effects.is_some() {
            victims[..n].sort_unstable_by_key(|&sq| geo.shape.file_rank_key(sq));
        }
        for &sq in &victims[..n] {
            self.remove(sq, Removal::Burn, turn, rules, effects.as_deref_mut());
        }
    }

    /// Whether the mover of `mv` (not yet played) is burned on arrival (tenjiku.md §5,
    /// passive burn): the move is not a pass and an enemy fire demon not captured by it
    /// stands next to its final square.
    pub fn self_burned(&self, mv: &Move, rules: &Rules) -> bool {
        if rules.burn.is_none() {
            return false;
        }
        let (captured, n) = self.captures(mv);
        let to = mv.to();
        let them = self.cell(mv.from).color_unchecked().opponent();
        !(n == 0 && to == mv.from) && self.demon_next_to(to, them, &captured[..n], rules)
    }

    /// Whether a fire demon of `demons`' side stands next to `to`, other than one on the
    /// squares of `captured` (taken by the move under judgement): what burns a piece ending
    /// its move on `to` (tenjiku.md §5, passive burn).
    #[inline]
    pub fn demon_next_to(
        &self,
        to: Square,
        demons: Color,
        captured: &[Square],
        rules: &Rules,
    ) -> bool {
        let geo = &rules.variant.geometry;
        (0..8).any(|d| {
            geo.neighbour(to, d)
                .is_some_and(|x| self.fire_demons(demons).contains(x) && !captured.contains(&x))
        })
    }

    /// The squares of the enemy pieces the active burn of `mv` (not yet played) would
    /// remove (tenjiku.md §5), in file-then-rank order: none unless the mover is a fire
    /// demon at the end of the move (one just promoted only under
    /// `water_buffalo_burns_on_promotion`), the move is not a pass, and the mover is not
    /// burned first ([`Position::self_burned`]).
    pub fn burn_victims(&self, mv: &Move, rules: &Rules) -> Vec<Square> {
        let Some(burn) = rules.burn else {
            return Vec::new();
        };
        let geo = &rules.variant.geometry;
        let cell = self.cell(mv.from);
        let face = cell.face_unchecked();
        let promoted = mv.promo == Promo::Promote;
        let after = match rules.face(face).promotes_to {
            Some(p) if promoted => p,
            _ => face,
        };
        let (captured, n) = self.captures(mv);
        let to = mv.to();
        if !rules.face(after).fire_demon
            || (promoted && !burn.on_promotion)
            || (n == 0 && to == mv.from)
            || self.self_burned(mv, rules)
        {
            return Vec::new();
        }
        let them = cell.color_unchecked().opponent();
        let mut victims: Vec<Square> = (0..8)
            .filter_map(|d| geo.neighbour(to, d))
            .filter(|&x| self.cell(x).is_color(them) && !captured[..n].contains(&x))
            .collect();
        victims.sort_by_key(|&x| geo.shape.file_rank_key(x));
        victims
    }
}
