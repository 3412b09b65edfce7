//! Flying moves (taikyoku.md §4.4: the rain demon's `fly`, and the `pass3` reading of the
//! triple-slashed arrow, `fly3`): a range along a line that may pass over occupied squares
//! of either side, up to a number of them or any number, capturing none of them, and ends
//! on an empty square or captures an enemy (which may stand just beyond the last piece it
//! may pass). With nothing passed it is the range's move, which a slide along the same line
//! makes instead; a square a leap or lion-like power reaches is left to it. Generation,
//! what a flying move attacks and protects. Its first square is its final square along a
//! line, which the compiled `line_reach` answers for the first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The flying moves of the piece on `from`, none that another component produces.
    pub(super) fn flies(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let mut dirs = c.fly;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let over = usize::from(c.fly_over[d]);
            let slide = usize::from(c.slide_max[d]);
            let skip = c.leap_skip[d];
            let mut passed = 0;
            for (i, &to) in self.geo.ray(from, d).iter().enumerate() {
                let k = i + 1;
                let cell = self.cell(to);
                // The slide's square (nothing passed), or a leap's.
                let elsewhere = (passed == 0 && k <= slide) || skip & (1 << k) != 0;
                if !elsewhere && !cell.is_color(self.us) {
                    self.emit_to(from, to, cell, face);
                }
                if !cell.is_empty() {
                    passed += 1;
                    if passed > over {
                        break;
                    }
                }
            }
        }
    }
}

/// Whether a piece that `attacker` gives flying moves could capture on `target` that way:
/// looking outward from the target, an attacker along a line of its flying move with no
/// more occupied squares (not `free`) in between than it may pass.
pub(crate) fn attacks<'c>(
    geo: &Geometry,
    target: Square,
    attacker: impl Fn(Square) -> Option<&'c Compiled>,
    free: impl Fn(Square) -> bool,
) -> bool {
    for d in 0..8 {
        let back = opposite_abs(d);
        let mut passed = 0;
        for &s in geo.ray(target, d) {
            if let Some(c) = attacker(s) {
                let over = usize::from(c.fly_over[back]);
                if over > 0 && passed <= over {
                    return true;
                }
            }
            if !free(s) {
                passed += 1;
            }
        }
    }
    false
}

/// Adds to `map` the squares the piece on `from` protects by its flying moves: along each
/// of its lines every square up to the first occupied one it may not pass
/// (`occupied` says what is occupied).
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for d in 0..8 {
        let over = usize::from(c.fly_over[d]);
        if over == 0 {
            continue;
        }
        let mut passed = 0;
        for &s in geo.ray(from, d) {
            map.insert(s);
            if occupied(s) {
                passed += 1;
                if passed > over {
                    break;
                }
            }
        }
    }
}
