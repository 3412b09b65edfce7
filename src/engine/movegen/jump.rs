//! Leaps to fixed squares (the knight's kind of move): the squares in between do not
//! matter. Generation (as moves, and as routes under the rules with shots, ko.md), what a
//! leap attacks and protects, and the first-square filter.

use super::gen::{Gen, MoveSink};
use super::routes::{Piece, Route};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;
use crate::engine::variant::Rules;

/// The squares the leaps of `c` (less those another component covers) from `from` land
/// on, in the table's order: `jump_routes` leaps here (`jumps` keeps its
/// plain loop over the same table, which chu's generation runs faster).
#[inline(always)]
pub(crate) fn landings<'a>(
    geo: &'a Geometry,
    from: Square,
    c: &'a Compiled,
) -> impl Iterator<Item = Square> + 'a {
    c.jumps
        .iter()
        .filter_map(move |&(dx, dy)| geo.offset(from, dx as i32, dy as i32))
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Leaps: the squares in between do not matter.
    pub(super) fn jumps(&mut self, from: Square, face: FaceId, c: &Compiled) {
        for &(dx, dy) in &c.jumps {
            if let Some(to) = self.geo.offset(from, dx as i32, dy as i32) {
                let cell = self.cell(to);
                if !cell.is_color(self.us) {
                    self.emit_to(from, to, cell, face);
                }
            }
        }
    }
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Under the rules with shots (ko.md): leaps to fixed points, each landing a route,
    /// never onto a friend or an enemy the piece may not capture.
    pub(super) fn jump_routes(&mut self, p: &Piece<'_>, multi: bool) {
        for to in landings(self.geo, p.from, p.c) {
            let cell = self.pos.cell(to);
            if cell.is_empty() {
                self.route(p, &Route::new(to, &[], &[to]), multi);
            } else if cell.is_color(self.them) && self.may_capture(p, to) {
                self.route(p, &Route::new(to, &[to], &[to]), multi);
            }
        }
    }
}

/// Whether a piece of the side `ci` that `attacker` accepts could leap onto `target`:
/// the variant's distinct leaps of that side ([`Rules::leaps`]), each looked for where it
/// would start.
#[inline]
pub(crate) fn attacks<'a>(
    geo: &Geometry,
    rules: &Rules,
    ci: usize,
    target: Square,
    attacker: impl Fn(Square) -> Option<&'a Compiled>,
) -> bool {
    rules.leaps[ci].iter().any(|&(dx, dy)| {
        geo.offset(target, -(dx as i32), -(dy as i32))
            .is_some_and(|s| attacker(s).is_some_and(|c| c.all_jumps.contains(&(dx, dy))))
    })
}

/// Adds to `map` every square the piece on `from` could leap to.
#[inline]
pub(crate) fn protects(geo: &Geometry, c: &Compiled, from: Square, map: &mut SquareSet) {
    for &(dx, dy) in &c.all_jumps {
        if let Some(s) = geo.offset(from, dx as i32, dy as i32) {
            map.insert(s);
        }
    }
}

/// The first-square filter: a leap's first square is its destination.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    c.all_jumps
        .iter()
        .any(|&(jx, jy)| (i32::from(jx), i32::from(jy)) == (dx, dy))
}

/// The farthest leap, in king steps.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.all_jumps
        .iter()
        .map(|&(x, y)| x.unsigned_abs().max(y.unsigned_abs()))
        .max()
        .unwrap_or(0)
}
