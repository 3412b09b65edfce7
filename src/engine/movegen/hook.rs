//! Hook moves (鉤行, kagiyuki, "hook mover"): a range leg, a 90° turn at an empty square,
//! a second range leg; one capture at most, ending the move. A destination reachable
//! through either corner is one move.

use super::{Gen, MoveSink};
use crate::engine::core::piece::FaceId;
use crate::engine::geometry::Square;

impl<S: MoveSink> Gen<'_, S> {
    /// The turning moves of a hook mover whose first legs run along `mask` (absolute
    /// directions); the straight moves come from its range component.
    pub(super) fn hooks(&mut self, from: Square, face: FaceId, mask: u8) {
        for a in 0..8 {
            if mask & (1 << a) == 0 {
                continue;
            }
            let leg1 = self.geo.ray(from, a);
            for (k1, &corner) in leg1.iter().enumerate() {
                if !self.cell(corner).is_empty() {
                    break;
                }
                for p in perpendicular(a) {
                    for (k2, &to) in self.geo.ray(corner, p).iter().enumerate() {
                        let cell = self.cell(to);
                        if cell.is_color(self.us) {
                            break;
                        }
                        // The other corner: leg along p first, then along a.
                        let twin = mask & (1 << p) != 0
                            && p < a
                            && self.clear_l(from, p, k2 + 1, a, k1 + 1);
                        if !twin {
                            self.emit_simple(from, to, face);
                        }
                        if !cell.is_empty() {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether the L route from `from`, `n1` squares along `d1` (all empty, the corner
    /// included) then `n2` along `d2` (empty before the destination) is open.
    fn clear_l(&self, from: Square, d1: usize, n1: usize, d2: usize, n2: usize) -> bool {
        let leg1 = self.geo.ray(from, d1);
        if leg1.len() < n1 || leg1[..n1].iter().any(|&s| !self.cell(s).is_empty()) {
            return false;
        }
        let leg2 = self.geo.ray(leg1[n1 - 1], d2);
        leg2.len() >= n2 && leg2[..n2 - 1].iter().all(|&s| self.cell(s).is_empty())
    }
}

/// The two absolute directions at 90° to absolute direction `a`.
#[inline]
pub(crate) fn perpendicular(a: usize) -> [usize; 2] {
    // In ABS_DIRS order: (0,-1) (0,1) (1,0) (-1,0) (1,-1) (-1,-1) (1,1) (-1,1).
    const PERPENDICULAR: [[usize; 2]; 8] = [
        [2, 3],
        [2, 3],
        [0, 1],
        [0, 1],
        [5, 6],
        [4, 7],
        [4, 7],
        [5, 6],
    ];
    PERPENDICULAR[a]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::ABS_DIRS;

    #[test]
    fn perpendicular_table_is_at_right_angles() {
        for (a, &(ax, ay)) in ABS_DIRS.iter().enumerate() {
            for p in perpendicular(a) {
                let (px, py) = ABS_DIRS[p];
                assert_eq!(ax * px + ay * py, 0);
            }
            assert_ne!(perpendicular(a)[0], perpendicular(a)[1]);
        }
    }
}
