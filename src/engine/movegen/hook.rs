//! Hook moves (鉤行, kagiyuki, "hook mover"): a range leg, a 90° turn at an empty square,
//! a second range leg; one capture at most, ending the move. A destination reachable
//! through either corner is one move. Generation, what hook moves attack and protect, the
//! corner as an equivalent spelling of a route, and the first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::color::Color;
use crate::engine::core::dir::ABS_DIRS;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::position::Position;
use crate::engine::variant::Rules;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
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
    pub(super) fn clear_l(&self, from: Square, d1: usize, n1: usize, d2: usize, n2: usize) -> bool {
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

/// The lengths of the two legs of the L that leads `v` away (absolute board offsets),
/// first along absolute direction `a`, then along `p` at 90° to it; `None` when no L of
/// those directions leads there (a leg would be empty or go backwards).
#[inline]
pub(crate) fn l_legs(a: usize, p: usize, (vx, vy): (i32, i32)) -> Option<(usize, usize)> {
    let ((ax, ay), (px, py)) = (ABS_DIRS[a], ABS_DIRS[p]);
    let norm = ax * ax + ay * ay;
    let (ka, kp) = (vx * ax + vy * ay, vx * px + vy * py);
    if ka <= 0 || kp <= 0 || ka % norm != 0 || kp % norm != 0 {
        return None;
    }
    Some(((ka / norm) as usize, (kp / norm) as usize))
}

/// Whether a hook mover of `color` (not on `vacated`) could capture on `target` by a
/// turning move: from each hook mover, the L routes whose second leg ends on the target,
/// turning at an empty corner (`free` says which squares are empty).
#[inline]
pub(crate) fn attacks(
    pos: &Position,
    rules: &Rules,
    target: Square,
    color: Color,
    vacated: &[Square],
    free: impl Fn(Square) -> bool,
) -> bool {
    let geo = &rules.variant.geometry;
    let ci = color.index();
    let (tx, ty) = geo.xy(target);
    for h in pos.hook_movers(color).iter() {
        if vacated.contains(&h) {
            continue;
        }
        let mask = rules.face(pos.cell(h).face_unchecked()).compiled[ci].hook;
        let (hx, hy) = geo.xy(h);
        let (vx, vy) = (tx - hx, ty - hy);
        for a in 0..8 {
            if mask & (1 << a) == 0 {
                continue;
            }
            for p in perpendicular(a) {
                let Some((n1, n2)) = l_legs(a, p, (vx, vy)) else {
                    continue;
                };
                let leg1 = geo.ray(h, a);
                // A diagonal corner may lie off the board.
                if leg1.len() >= n1
                    && leg1[..n1].iter().all(|&s| free(s))
                    && geo.ray(leg1[n1 - 1], p)[..n2 - 1].iter().all(|&s| free(s))
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Adds to `map` the squares the hook mover on `from` (first legs along `mask`) protects
/// by turning: the first occupied square of each second leg (`occupied` says what blocks).
#[inline]
pub(crate) fn protects(
    geo: &Geometry,
    mask: u8,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for a in 0..8 {
        if mask & (1 << a) == 0 {
            continue;
        }
        for &corner in geo.ray(from, a) {
            if occupied(corner) {
                map.insert(corner);
                break;
            }
            for p in perpendicular(a) {
                if let Some(&s) = geo.ray(corner, p).iter().find(|&&s| occupied(s)) {
                    map.insert(s);
                }
            }
        }
    }
}

/// An equivalent spelling: the corner of a turning move (a first leg along a hook
/// direction of `mask`, `(direction, length)` `leg1`, then a second at 90°) may be written
/// and is dropped.
pub(crate) fn drops(mask: u8, leg1: (usize, i32), leg2: (usize, i32)) -> bool {
    mask & (1 << leg1.0) != 0 && perpendicular(leg1.0).contains(&leg2.0)
}

/// The first-square filter: a hook move's first square is its destination after the
/// turn, an L of two legs of at least one square, the first along a direction of `mask`
/// (absolute), the second at 90° to it on either side, whatever stands on the board.
pub(crate) fn may_start_towards(mask: u8, dx: i32, dy: i32) -> bool {
    ABS_DIRS.iter().enumerate().any(|(a, &(ax, ay))| {
        // The offset's coordinates along the first leg and across it, scaled by the
        // squared length of a unit step (2 on diagonals).
        let norm = ax * ax + ay * ay;
        let along = dx * ax + dy * ay;
        let across = dy * ax - dx * ay;
        mask & (1 << a) != 0 && along > 0 && across != 0 && along % norm == 0 && across % norm == 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::movegen::StartFilter;
    use crate::engine::movement::{Compiled, Movement};

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

    /// A hook mover's moves start along its first leg's line or beside it on either side,
    /// never behind it; on the diagonals only towards squares of the leg's colour.
    #[test]
    fn hook_moves_start_towards_the_squares_beside_their_first_leg() {
        let orth = Compiled::new(&Movement::parse("hook(f)").unwrap(), Color::Black);
        for (dx, dy) in [(3, -2), (-1, -5), (0, -4)] {
            assert!(orth.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        for (dx, dy) in [(1, 3), (0, 4), (2, 0)] {
            assert!(!orth.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        let diag = Compiled::new(&Movement::parse("hook(fl)").unwrap(), Color::Black);
        for (dx, dy) in [(2, 0), (0, -2), (3, -1), (5, -3)] {
            assert!(diag.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        for (dx, dy) in [(1, 0), (-2, 0), (0, 2), (2, -1)] {
            assert!(!diag.may_start_towards(dx, dy), "({dx}, {dy})");
        }
    }
}
