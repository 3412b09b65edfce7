//! Lion moves (獅子, shishi) and linear lions (the soaring eagle's and horned falcon's
//! two-step power on some lines): direct jumps, two steps with a capture on each, igui
//! (居喰い, capturing an adjacent piece without moving) and passes.

use super::{Gen, MoveSink};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::geometry::{Square, ABS_DIRS};

impl<S: MoveSink> Gen<'_, S> {
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
    }

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

    /// A capture on `x` followed by a step to `y` (capturing there too if an enemy).
    #[inline]
    pub(super) fn emit_double(&mut self, from: Square, x: Square, y: Square, face: FaceId) {
        let mv = Move::new(from, &[x, y], Promo::None);
        if self.enemy(y) {
            self.emit_capture(mv, face, &[x, y]);
        } else {
            self.emit_capture(mv, face, &[x]);
        }
    }
}
