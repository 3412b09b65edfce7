//! Linear lions: the lion's two-step power confined to some lines (the soaring eagle's
//! and horned falcon's): a jump to the second square, a capture on the first and a step
//! on (or back), igui and passes along those lines. Generation, what it protects, and its
//! steps through an empty square as equivalent spellings. Along its lines it attacks
//! through the compiled `leap_reach`.

use super::gen::{mark_along_lines, Gen, MoveSink};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Linear lion power along each absolute direction of `mask`.
    pub(super) fn linelion(&mut self, from: Square, face: FaceId, mask: u8) {
        for d in 0..8 {
            if mask & (1 << d) == 0 {
                continue;
            }
            let ray = self.geo.ray(from, d);
            let Some(&s1) = ray.first() else { continue };
            let s2 = ray.get(1).copied();
            if !self.friend(s1) {
                self.emit_simple(from, s1, face);
            }
            if let Some(s2) = s2 {
                if !self.friend(s2) {
                    self.emit_simple(from, s2, face);
                }
            }
            if self.cell(s1).is_empty() {
                self.offer_pass(from, s1);
            } else if self.enemy(s1) {
                self.emit_capture(Move::new(from, &[s1, from], Promo::None), face, &[s1]);
                if let Some(s2) = s2 {
                    if !self.friend(s2) {
                        self.emit_double(from, s1, s2, face);
                    }
                }
            }
        }
    }
}

/// Adds to `map` the two squares along each line of `lines` from `from`.
#[inline]
pub(crate) fn protects(geo: &Geometry, lines: u8, from: Square, map: &mut SquareSet) {
    mark_along_lines(geo, lines, 2, from, map);
}

/// An equivalent spelling: an empty square stepped on between two single steps along the
/// same line of linear-lion power (legs given as `(direction, length)`).
pub(crate) fn drops(c: &Compiled, leg1: (usize, i32), leg2: (usize, i32)) -> bool {
    leg1.1 == 1 && leg2.1 == 1 && leg1.0 == leg2.0 && c.linelion_all & (1 << leg1.0) != 0
}
