//! Steps, limited ranges and ranges along the eight lines: generation and the squares a
//! piece protects that way. What they attack along a line is the compiled `line_reach`,
//! read by [`crate::engine::attack`]. Under the rules with shots (ko.md) the same ranges
//! land routes ([`RouteGen`]).

use super::gen::{Gen, MoveSink};
use super::routes::{Piece, Route, RouteGen};
use crate::engine::core::dir::{abs_dir, Dir};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Range moves: through empty squares, capturing on the last, never onto a friend;
    /// distances another component produces are skipped.
    pub(super) fn slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let mut dirs = c.slide_dirs;
        let rays = self.geo.rays_from(from);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = rays.towards(d);
            let ray = &ray[..ray.len().min(c.slide_max[d] as usize)];
            let skip = c.slide_skip[d];
            for (i, &to) in ray.iter().enumerate() {
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
            }
        }
    }
}

impl<S: MoveSink> RouteGen<'_, S> {
    /// Under the rules with shots (ko.md): ranges and steps along the lines, each landing
    /// a route (the pawn's forward step only with its drum, ko.md §4.8).
    pub(super) fn slides(&mut self, p: &Piece<'_>, multi: bool) {
        let rays = self.geo.rays_from(p.from);
        let drum_dir = abs_dir(self.us, Dir::Forward);
        for d in 0..8 {
            let max = p.c.slide_max[d];
            if max == 0 || (p.kf.drum_step && d == drum_dir && !self.drum_link()) {
                continue;
            }
            for &to in rays.towards(d).iter().take(usize::from(max)) {
                let cell = self.pos.cell(to);
                if cell.is_empty() {
                    self.route(p, &Route::new(to, &[], &[to]), multi);
                    continue;
                }
                if cell.is_color(self.them) && self.may_capture(p, to) {
                    self.route(p, &Route::new(to, &[to], &[to]), multi);
                }
                break;
            }
        }
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
