//! The fire demon's burns (tenjiku.md §5) as part of playing a move: the mover's passive
//! burn on arrival next to an enemy demon, and a demon's active burn of every enemy next
//! to its final square; and the same questions asked of a move not yet played.

use super::Position;
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Effects, Move, Promo};
use crate::engine::core::piece::Piece;
use crate::engine::core::square::Square;
use crate::engine::variant::Rules;

impl Position {
    /// Ends a move in a variant with fire demons (tenjiku.md §5, after the captures and
    /// the promotion): the mover `piece` arriving on `to` is burned when an enemy demon
    /// stands next to it (passive burn); otherwise it is placed, and if it is a demon that
    /// may burn on this move (`may_burn`: not one just promoted under
    /// `water_buffalo_burns_on_promotion = false`), every enemy piece next to it is removed
    /// (active burn).
    pub(super) fn burn(
        &mut self,
        to: Square,
        piece: Piece,
        may_burn: bool,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let geo = &rules.variant.geometry;
        let them = piece.color.opponent();
        let next_to = |d: usize| geo.neighbour(to, d);
        // The move's captures are already off the board.
        if self.demon_next_to(to, them, &[], rules) {
            if let Some(e) = effects {
                e.self_burned = Some((to, piece));
                if rules.face(piece.face).royal {
                    e.royals_lost.push((to, piece));
                }
            }
            return;
        }
        self.put(to, piece, rules);
        if !(may_burn && rules.face(piece.face).fire_demon) {
            return;
        }
        for d in 0..8 {
            let Some(n) = next_to(d) else { continue };
            if !self.cells[n.index()].is_color(them) {
                continue;
            }
            let victim = self.take(n, rules).expect("occupied");
            if let Some(e) = effects.as_deref_mut() {
                e.burned.push((n, victim));
                if rules.face(victim.face).royal {
                    e.royals_lost.push((n, victim));
                }
            }
        }
        if let Some(e) = effects {
            e.burned.sort_by_key(|&(sq, _)| geo.shape.file_rank_key(sq));
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
