//! The double step (tenjiku.md §4.4, the free eagle's `dblstep(diag)`): a first step
//! along one of its directions onto an empty or enemy square, then optionally a second
//! step along one of them, capturing on each; back to the start after a capture is igui,
//! after an empty first step a pass. Routes through an empty first square that end
//! elsewhere repeat the piece's leaps and slides, which emit them. Generation, what a
//! double step attacks off the lines, its steps as equivalent spellings, and the
//! first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::{line_of, Compiled};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The double steps of the piece on `from`.
    pub(super) fn double_steps(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let (fx, fy) = self.geo.xy(from);
        let mut quiet = SquareSet::EMPTY;
        for d1 in dirs(c.dblstep) {
            let Some(x) = self.geo.neighbour(from, d1) else {
                continue;
            };
            if self.friend(x) {
                continue;
            }
            let captured = self.enemy(x);
            // The single step is the slide's when the piece has one that way.
            if c.slide_max[d1] == 0 {
                self.emit_simple(from, x, face);
            }
            if captured {
                self.emit_capture(Move::new(from, &[x, from], Promo::None), face, &[x]);
            } else {
                self.offer_pass(from, x);
            }
            for d2 in dirs(c.dblstep) {
                let Some(y) = self.geo.neighbour(x, d2) else {
                    continue;
                };
                if y == from || self.friend(y) {
                    continue;
                }
                if captured {
                    self.emit_double(from, x, y, face);
                    continue;
                }
                let (yx, yy) = self.geo.xy(y);
                if !covered(c, yx - fx, yy - fy) && !quiet.contains(y) {
                    quiet.insert(y);
                    self.emit_simple(from, y, face);
                }
            }
        }
    }
}

/// The directions of a mask, lowest first.
fn dirs(mask: u8) -> impl Iterator<Item = usize> {
    (0..8).filter(move |d| mask & (1 << d) != 0)
}

/// Whether the piece's leaps or slide already reach the square `(dx, dy)` away through an
/// empty first square.
fn covered(c: &Compiled, dx: i32, dy: i32) -> bool {
    let (dx8, dy8) = (dx as i8, dy as i8);
    c.all_jumps.contains(&(dx8, dy8))
        || line_of(dx, dy).is_some_and(|(a, k)| u32::from(c.slide_max[a]) >= k)
}

/// Whether a piece that `double_of` gives a double step could capture on `target` by two
/// steps (the single step is in the compiled `line_reach`): from a square two steps away,
/// through a first square that `passable` accepts for that piece (empty or the target's
/// side).
pub(crate) fn attacks(
    geo: &Geometry,
    target: Square,
    double_of: impl Fn(Square) -> u8,
    passable: impl Fn(Square, Square) -> bool,
) -> bool {
    for d2 in 0..8 {
        let Some(x) = geo.neighbour(target, d2) else {
            continue;
        };
        for d1 in 0..8 {
            let Some(s) = geo.neighbour(x, d1) else {
                continue;
            };
            if s == target {
                continue;
            }
            let mask = double_of(s);
            let (out, on) = (opposite_abs(d1), opposite_abs(d2));
            if mask & (1 << out) != 0 && mask & (1 << on) != 0 && passable(s, x) {
                return true;
            }
        }
    }
    false
}

/// Adds to `map` every first square of the piece on `from`, and every square a second
/// step reaches from a first square not holding one of its friends (`friend`).
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    friend: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for d1 in dirs(c.dblstep) {
        let Some(x) = geo.neighbour(from, d1) else {
            continue;
        };
        map.insert(x);
        if friend(x) {
            continue;
        }
        for d2 in dirs(c.dblstep) {
            if let Some(y) = geo.neighbour(x, d2) {
                if y != from {
                    map.insert(y);
                }
            }
        }
    }
}

/// An equivalent spelling: an empty first square between two steps.
pub(crate) fn drops(c: &Compiled, leg1: (usize, i32), leg2: (usize, i32)) -> bool {
    leg1.1 == 1 && leg2.1 == 1 && c.dblstep & (1 << leg1.0) != 0 && c.dblstep & (1 << leg2.0) != 0
}

/// The first-square filter: a first step along one of the directions, or (through an
/// empty first square) a square two steps away.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    dx.abs() <= 2 && dy.abs() <= 2 && c.dblstep != 0
}
