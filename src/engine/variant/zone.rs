//! The promotion zone's rulings on one move ([`Rules::zone_choice`]): which promotion
//! marks a move may carry in a variant that promotes in a zone (chu, tenjiku, dai), and
//! whether a piece is trapped on its last ranks ([`Rules::trapped`]).

use super::options::{LastRank, PromotionRight};
use super::rules::{far_depth, FaceRule, PromotionChoice, Rules};
use crate::engine::core::color::Color;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;

impl Rules {
    /// The promotion marks a move of a piece with `face` from `from` to `to` may carry in a
    /// variant with a zone (`None` without one: promotion on capture is decided by the
    /// generator), its mover surviving the move (a piece burned on arrival has no choice,
    /// tenjiku.md §6.2). The promotion right (chu.md "Promotion", tenjiku.md §6.1,
    /// taikyoku.md §5): `capture_or_entry` when the move enters the zone, or captures with
    /// its start or final square in it; `zone_contact` when either square is in it;
    /// `zone_end` and `zone_route` when the final square is (for `zone_route` see
    /// [`Rules::zone_choice_via`]). A trapped piece ending on its last rank(s) (§6.3):
    /// `second_chance` may promote from anywhere, `must_promote` must, `no_second_chance`
    /// must when it has the right and cannot otherwise. With a right, option
    /// `promotion_choice = compulsory` makes the move promote.
    #[inline]
    pub fn zone_choice(
        &self,
        face: FaceId,
        color: Color,
        from: Square,
        to: Square,
        capture: bool,
    ) -> Option<PromotionChoice> {
        self.zone_choice_via(face, color, from, None, to, capture)
    }

    /// [`Rules::zone_choice`] for a move whose first step (a lion's double move, igui or
    /// pass) is on `via`: under `promotion_right = zone_route` that square counts too
    /// (taikyoku.md §5), under the other values it plays no part.
    #[inline]
    pub fn zone_choice_via(
        &self,
        face: FaceId,
        color: Color,
        from: Square,
        via: Option<Square>,
        to: Square,
        capture: bool,
    ) -> Option<PromotionChoice> {
        let zone = self.zone?;
        let rule = self.face(face);
        if rule.promotes_to.is_none() {
            return Some(PromotionChoice::None);
        }
        let zone_squares = &self.zone_squares[color.index()];
        let (from_in, to_in) = (zone_squares.contains(from), zone_squares.contains(to));
        let right = match zone.right {
            PromotionRight::CaptureOrEntry if capture => from_in || to_in,
            PromotionRight::CaptureOrEntry => to_in && !from_in,
            PromotionRight::ZoneContact => from_in || to_in,
            PromotionRight::ZoneEnd => to_in,
            PromotionRight::ZoneRoute => to_in || via.is_some_and(|v| zone_squares.contains(v)),
        };
        let trapped = self.trapped(rule, color, to);
        Some(match (right, trapped, zone.last_rank) {
            (_, true, LastRank::MustPromote) | (true, true, LastRank::NoSecondChance) => {
                PromotionChoice::Compulsory
            }
            (true, _, _) if zone.compulsory => PromotionChoice::Compulsory,
            (true, _, _) | (false, true, LastRank::SecondChance) => PromotionChoice::Optional,
            _ => PromotionChoice::None,
        })
    }

    /// Whether a piece with the rule `rule` of `color` is trapped on `sq`: unpromoted,
    /// on one of the last ranks where it has no move (a pawn's last rank, a tenjiku
    /// knight's last two).
    #[inline]
    pub fn trapped(&self, rule: &FaceRule, color: Color, sq: Square) -> bool {
        far_depth(self.variant, color, sq) < i32::from(rule.trapped_ranks)
    }
}
