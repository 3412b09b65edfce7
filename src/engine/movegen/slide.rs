//! Steps, limited ranges and ranges along the eight lines: generation and the squares a
//! piece protects that way. What they attack along a line is the compiled `line_reach`,
//! read by [`crate::engine::attack`]. Under the rules with shots (ko.md) the same ranges
//! land routes (`slide_routes`).

use super::gen::{Gen, MoveSink};
use super::routes::{Piece, Route};
use crate::engine::core::dir::{abs_dir, Dir};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;

/// Walks the ranges of compiled movement `$c` from `$from` along the absolute directions
/// of `$dirs` (some of its `slide_dirs`), nearest square first, running `$body` for each
/// square `$to` in range, the `$i`-th of its ray, with the ray's `$skip` mask (bit `i + 1`
/// set: another component produces that square's effect); `break` in the body ends the
/// ray. Both generation contexts walk their ranges here; a macro, so that each keeps the
/// plain loop it had (a closure, or testing the mask before the body asks, costs chu's
/// generation 4 to 8% of its instructions).
macro_rules! walk_ranges {
    ($geo:expr, $from:expr, $c:expr, $dirs:expr, |$to:ident, $i:ident, $skip:ident| $body:block) => {{
        let mut dirs: u8 = $dirs;
        let rays = $geo.rays_from($from);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = rays.towards(d);
            let ray = &ray[..ray.len().min($c.slide_max[d] as usize)];
            let $skip = $c.slide_skip[d];
            for ($i, &$to) in ray.iter().enumerate() {
                $body
            }
        }
    }};
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Range moves: through empty squares, capturing on the last, never onto a friend;
    /// distances another component produces are skipped.
    pub(super) fn slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        walk_ranges!(self.geo, from, c, c.slide_dirs, |to, i, skip| {
            let cell = self.cell(to);
            if cell.is_color(self.us) {
                break;
            }
            if skip & (2 << i) == 0 {
                self.emit_to(from, to, cell, face);
            }
            if !cell.is_empty() {
                break;
            }
        });
    }
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Under the rules with shots (ko.md): ranges and steps along the lines, each landing
    /// a route, never onto a friend or an enemy the piece may not capture (the pawn's
    /// forward step only with its drum, ko.md §4.8).
    pub(super) fn slide_routes(&mut self, p: &Piece<'_>, multi: bool) {
        let mut dirs = p.c.slide_dirs;
        if p.kf.drum_step && !self.drum_link() {
            dirs &= !(1 << abs_dir(self.us, Dir::Forward));
        }
        // The rules with shots compile no skipped distances (no lion-like or area power).
        walk_ranges!(self.geo, p.from, p.c, dirs, |to, _i, _skip| {
            let cell = self.pos.cell(to);
            if cell.is_empty() {
                self.route(p, &Route::new(to, &[], &[to]), multi);
                continue;
            }
            if cell.is_color(self.them) && self.may_capture(p, to) {
                self.route(p, &Route::new(to, &[to], &[to]), multi);
            }
            break;
        });
    }
}

/// Adds to `map` the squares the piece on `from` protects by its ranges: the first
/// occupied square within range along each line (`occupied` says what blocks).
#[inline]
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for d in 0..8 {
        let max = c.slide_max[d] as usize;
        if max > 0 {
            if let Some(&s) = geo.ray(from, d).iter().take(max).find(|&&s| occupied(s)) {
                map.insert(s);
            }
        }
    }
}
