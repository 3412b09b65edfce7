//! Leap-slides (tenjiku.md §4.5, the heavenly tetrarch; taikyoku.md §4.1 `jumpslide`, and
//! the `jump23` reading of the triple-slashed arrow): along a line the piece leaps to the
//! N-th square, whatever stands between (nothing jumped is captured), ending there on an
//! empty square or an enemy; from an empty landing square it may go on as a range piece
//! (up to a farthest square). Tenjiku's leap-slide is the leap to the 2nd square. A square
//! another component reaches with the same effect is left to it: the slide's (every
//! square before it empty), a leap's or lion-like power's, a flying move's (no more pieces
//! in between than it passes). Generation, what a leap-slide attacks and protects, and the
//! first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::{line_of, Compiled};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The leap-slides of the piece on `from`, each final square once, none that another
    /// component of the piece produces.
    pub(super) fn leap_slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        for d in 0..8 {
            let leaps = &c.leapslide[d];
            if leaps.is_empty() {
                continue;
            }
            let ray = self.geo.ray(from, d);
            let slide = usize::from(c.slide_max[d]);
            let fly = usize::from(c.fly_over[d]);
            let skip = c.leap_skip[d];
            // The next leap, the farthest square the range on reaches from the last empty
            // landing square (0: none since the last piece), the pieces passed so far.
            let mut next = 0;
            let mut reach = 0;
            let mut passed = 0;
            for (i, &to) in ray.iter().enumerate() {
                let k = i + 1;
                let lands = leaps.get(next).filter(|&&(leap, _)| usize::from(leap) == k);
                if lands.is_some() {
                    next += 1;
                } else if k > reach && next == leaps.len() {
                    break;
                }
                let cell = self.cell(to);
                if (lands.is_some() || k <= reach)
                    && !cell.is_color(self.us)
                    && !(passed == 0 && k <= slide)
                    && !(fly > 0 && passed <= fly)
                    && skip & (1 << k) == 0
                {
                    self.emit_to(from, to, cell, face);
                }
                if cell.is_empty() {
                    if let Some(&(_, end)) = lands {
                        reach = reach.max(usize::from(end));
                    }
                } else {
                    passed += 1;
                    reach = 0;
                }
            }
        }
    }
}

/// Whether a piece that `attacker` gives leap-slides could capture on `target` that way:
/// looking outward from the target, an attacker at distance k with a leap to the N-th
/// square, N ≤ k ≤ its farthest, and the k − N squares next to the target free (its range
/// on from the landing square). No leap is longer than `max_leap`.
pub(crate) fn attacks<'c>(
    geo: &Geometry,
    target: Square,
    max_leap: u8,
    attacker: impl Fn(Square) -> Option<&'c Compiled>,
    free: impl Fn(Square) -> bool,
) -> bool {
    let max_leap = usize::from(max_leap);
    for d in 0..8 {
        let back = opposite_abs(d);
        let ray = geo.ray(target, d);
        // The free squares next to the target, while they last.
        let mut run = usize::from(ray.first().is_some_and(|&s| free(s)));
        for (i, &s) in ray.iter().enumerate().skip(1) {
            let k = i + 1;
            if k > run + max_leap {
                break;
            }
            if let Some(c) = attacker(s) {
                let hit = c.leapslide[back].iter().any(|&(leap, end)| {
                    let (leap, end) = (usize::from(leap), usize::from(end));
                    leap <= k && k <= end && k - leap <= run
                });
                if hit {
                    return true;
                }
            }
            if run == k - 1 && free(s) {
                run = k;
            }
        }
    }
    false
}

/// Adds to `map` the squares the piece on `from` protects by its leap-slides: each landing
/// square, and from an empty one on, up to the first occupied one (`occupied`).
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for (d, leaps) in c.leapslide.iter().enumerate() {
        let ray = geo.ray(from, d);
        for &(leap, end) in leaps {
            for &s in ray
                .iter()
                .take(usize::from(end))
                .skip(usize::from(leap) - 1)
            {
                map.insert(s);
                if occupied(s) {
                    break;
                }
            }
        }
    }
}

/// The first-square filter: a square along a leap-slide line, from its leap to its
/// farthest square.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    line_of(dx, dy).is_some_and(|(a, k)| {
        c.leapslide[a]
            .iter()
            .any(|&(leap, end)| u32::from(leap) <= k && k <= u32::from(end))
    })
}

/// The farthest first square of a leap-slide.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.leapslide
        .iter()
        .flatten()
        .map(|&(_, end)| end)
        .max()
        .unwrap_or(0)
}
