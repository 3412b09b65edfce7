//! Leap-slides (tenjiku.md §4.5, the heavenly tetrarch): along a line the piece passes
//! over the adjacent square, whatever stands there, and moves as a range piece from the
//! 2nd square on (up to the N-th for `leapslideN`); it never ends on the adjacent square,
//! and needs it on the board. Generation, what a leap-slide attacks, and the first-square
//! filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::{line_of, Compiled};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The leap-slides of the piece on `from`; squares its slide reaches through an empty
    /// adjacent square are the slide's.
    pub(super) fn leap_slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        for d in 0..8 {
            let max = usize::from(c.leapslide_max[d]);
            let ray = self.geo.ray(from, d);
            if max < 2 || ray.len() < 2 {
                continue;
            }
            let slid = if self.cell(ray[0]).is_empty() {
                usize::from(c.slide_max[d])
            } else {
                0
            };
            for (i, &to) in ray.iter().enumerate().take(max).skip(1) {
                let cell = self.cell(to);
                if cell.is_color(self.us) {
                    break;
                }
                if i + 1 > slid {
                    self.emit_to(from, to, cell, face);
                }
                if !cell.is_empty() {
                    break;
                }
            }
        }
    }
}

/// Whether a piece that `reach_of` gives leap-slides could capture on `target` that way:
/// looking outward from the target, an attacker at distance k ≥ 2 whose leap-slide
/// reaches k back towards the target, with the squares before its adjacent one `free`.
pub(crate) fn attacks(
    geo: &Geometry,
    target: Square,
    reach_of: impl Fn(Square, usize) -> u8,
    free: impl Fn(Square) -> bool,
) -> bool {
    for d in 0..8 {
        let back = opposite_abs(d);
        let ray = geo.ray(target, d);
        for (i, &s) in ray.iter().enumerate().skip(1) {
            if usize::from(reach_of(s, back)) > i {
                return true;
            }
            // Beyond here the square before the attacker's adjacent one must be empty.
            if !free(ray[i - 1]) {
                break;
            }
        }
    }
    false
}

/// Adds to `map` the squares the piece on `from` protects by its leap-slides: from the
/// 2nd square on, up to the first occupied one (`occupied`).
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for d in 0..8 {
        let max = usize::from(c.leapslide_max[d]);
        for &s in geo.ray(from, d).iter().take(max).skip(1) {
            map.insert(s);
            if occupied(s) {
                break;
            }
        }
    }
}

/// The first-square filter: a square 2 or more along a leap-slide line, within its reach.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    line_of(dx, dy).is_some_and(|(a, k)| k >= 2 && k <= u32::from(c.leapslide_max[a]))
}

/// The farthest first square of a leap-slide.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.leapslide_max.iter().copied().max().unwrap_or(0)
}
