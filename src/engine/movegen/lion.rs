//! Lion moves (獅子, shishi): direct jumps to any square within two, two king steps with a
//! capture on each, igui (居喰い, capturing an adjacent piece without moving) and passes.
//! Generation, what a lion attacks off the eight lines and protects, its steps through
//! empty squares as equivalent spellings, and the first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::dir::ABS_DIRS;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;
use crate::engine::variant::{PromotionChoice, PromotionRight};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// A full lion: every square within two (one effect each, however reached), igui and
    /// a second step after a capture on the first, and a pass through an empty neighbour.
    pub(super) fn lion(&mut self, from: Square, face: FaceId) {
        for dy in -2..=2 {
            for dx in -2..=2 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let Some(to) = self.geo.offset(from, dx, dy) {
                    if !self.friend(to) {
                        self.emit_simple(from, to, face);
                    }
                }
            }
        }
        for (dx, dy) in ABS_DIRS {
            let Some(x) = self.geo.offset(from, dx, dy) else {
                continue;
            };
            if self.cell(x).is_empty() {
                self.offer_pass(from, x);
                continue;
            }
            if !self.enemy(x) {
                continue;
            }
            self.emit_capture(Move::new(from, &[x, from], Promo::None), face, &[x]);
            for (ex, ey) in ABS_DIRS {
                let Some(y) = self.geo.offset(x, ex, ey) else {
                    continue;
                };
                if y == from || self.friend(y) {
                    continue;
                }
                self.emit_double(from, x, y, face);
            }
        }
        if self
            .rules
            .zone
            .is_some_and(|z| z.right == PromotionRight::ZoneRoute)
        {
            self.lion_zone_routes(from, face);
        }
    }

    /// Under `promotion_right = zone_route` (taikyoku.md §5, §8): the lion moves whose
    /// first step onto an empty square of the zone gives them the promotion right, where
    /// the same move without that step has none. Each is a move of its own, written
    /// through its step square (the first in file-then-rank order) with `+`: the pass, and
    /// every two-step move ending outside the zone (one ending inside has the right as a
    /// leap already). Declining is the leap or the position's one pass.
    #[cold]
    #[inline(never)]
    fn lion_zone_routes(&mut self, from: Square, face: FaceId) {
        if self.rules.face(face).promotes_to.is_none() {
            return;
        }
        let zone = &self.rules.zone_squares[self.us.index()];
        let mut vias: Vec<Square> = ABS_DIRS
            .iter()
            .filter_map(|&(dx, dy)| self.geo.offset(from, dx, dy))
            .filter(|&x| self.cell(x).is_empty() && zone.contains(x))
            .collect();
        if vias.is_empty() {
            return;
        }
        let shape = self.geo.shape;
        vias.sort_by_key(|&x| shape.file_rank_key(x));
        self.push_promoting(from, vias[0], from, face);
        for dy in -2..=2 {
            for dx in -2..=2 {
                let Some(to) = self.geo.offset(from, dx, dy) else {
                    continue;
                };
                if to == from || self.friend(to) || zone.contains(to) {
                    continue;
                }
                let (tx, ty) = self.geo.xy(to);
                let next_to = |x: &&Square| {
                    let (vx, vy) = self.geo.xy(**x);
                    *x != &to && (vx - tx).abs() <= 1 && (vy - ty).abs() <= 1
                };
                if let Some(&via) = vias.iter().find(next_to) {
                    self.push_promoting(from, via, to, face);
                }
            }
        }
    }

    /// Pushes the promoting form of the lion move `from` → `via` (empty) → `to`, as the
    /// zone's rules mark it.
    fn push_promoting(&mut self, from: Square, via: Square, to: Square, face: FaceId) {
        let capture = self.enemy(to);
        let mv = Move::new(from, &[via, to], Promo::None);
        match self
            .rules
            .zone_choice_via(face, self.us, from, Some(via), to, capture)
        {
            Some(PromotionChoice::Optional) => self.sink.push(mv.with_chosen_promo(Promo::Promote)),
            Some(PromotionChoice::Compulsory) => self.sink.push(mv.with_promo(Promo::Promote)),
            _ => {}
        }
    }
}

/// The squares of the 5×5 block around a lion that lie off the eight lines (those on the
/// lines are the compiled `leap_reach`).
const OFF_LINES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// Whether a lion that `attacker` accepts stands on a square of the 5×5 block around
/// `target` off the eight lines.
#[inline]
pub(crate) fn attacks_off_lines<'a>(
    geo: &Geometry,
    target: Square,
    attacker: impl Fn(Square) -> Option<&'a Compiled>,
) -> bool {
    OFF_LINES.iter().any(|&(dx, dy)| {
        geo.offset(target, dx, dy)
            .is_some_and(|s| attacker(s).is_some_and(|c| c.lion))
    })
}

/// Adds to `map` every square within two of the lion on `from`.
#[inline]
pub(crate) fn protects(geo: &Geometry, from: Square, map: &mut SquareSet) {
    for dy in -2..=2 {
        for dx in -2..=2 {
            if (dx, dy) != (0, 0) {
                if let Some(s) = geo.offset(from, dx, dy) {
                    map.insert(s);
                }
            }
        }
    }
}

/// An equivalent spelling: an empty square a lion steps on between two king steps (legs
/// given as `(direction, length)`).
pub(crate) fn drops(leg1: (usize, i32), leg2: (usize, i32)) -> bool {
    leg1.1 == 1 && leg2.1 == 1
}

/// How far a lion's first square can lie (in king steps).
pub(crate) const START_REACH: u8 = 2;

/// The first-square filter: every square within two.
pub(crate) fn may_start_towards(dx: i32, dy: i32) -> bool {
    dx.abs() <= 2 && dy.abs() <= 2
}
