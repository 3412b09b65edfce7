//! Area moves (tenjiku.md §4.3): up to N king steps in any directions, every step but the
//! last onto an empty square, stopping at the first capture; the move is its final square
//! however reached, and a route back to the start is a pass. Generation, what an area
//! mover attacks, its routes as equivalent spellings, and the first-square filter.

use super::gen::{Gen, MoveSink};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Compiled;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Every final square of the area move of the piece on `from` but those its leaps
    /// reach, and its pass when a neighbour is empty. Returns the final squares, which the
    /// piece's range jumps skip.
    pub(super) fn area(&mut self, from: Square, face: FaceId, c: &Compiled) -> SquareSet {
        let steps = c.area;
        let (pos, us) = (self.pos, self.us);
        let finals = reach(
            self.geo,
            from,
            steps,
            |s| pos.cell(s).is_empty(),
            |s| !pos.cell(s).is_color(us),
        );
        let (fx, fy) = self.geo.xy(from);
        for to in finals.iter() {
            // A square the piece also leaps to is the leap's.
            let (tx, ty) = self.geo.xy(to);
            if !c.jumps.contains(&((tx - fx) as i8, (ty - fy) as i8)) {
                self.emit_simple(from, to, face);
            }
        }
        for d in 0..8 {
            if let Some(n) = self.geo.neighbour(from, d) {
                if self.cell(n).is_empty() {
                    self.offer_pass(from, n);
                }
            }
        }
        finals
    }
}

/// The final squares other than `from` of an area move of up to `steps` king steps from
/// `from`: the squares `lands` accepts next to a square of E(steps − 1), where E(0) is
/// `from` and E(k) adds the squares `empty` accepts next to E(k − 1) (at most three steps,
/// as the movement language allows).
pub(crate) fn reach(
    geo: &Geometry,
    from: Square,
    steps: u8,
    empty: impl Fn(Square) -> bool,
    lands: impl Fn(Square) -> bool,
) -> SquareSet {
    // E(k) as a list (at most the (2k+1)² squares within k steps) and as a set.
    let mut inner = [from; 49];
    let mut seen = SquareSet::EMPTY;
    seen.insert(from);
    let mut len = 1;
    let mut ring = 0..1;
    for _ in 1..steps.min(3) {
        let start = len;
        for i in ring {
            for d in 0..8 {
                if let Some(n) = geo.neighbour(inner[i], d) {
                    if !seen.contains(n) && empty(n) {
                        seen.insert(n);
                        inner[len] = n;
                        len += 1;
                    }
                }
            }
        }
        ring = start..len;
    }
    let mut finals = SquareSet::EMPTY;
    for &s in &inner[..len] {
        for d in 0..8 {
            if let Some(n) = geo.neighbour(s, d) {
                if n != from && lands(n) {
                    finals.insert(n);
                }
            }
        }
    }
    finals
}

/// Whether a piece that `area_of` gives an area move could capture on `target` that way:
/// an area mover within its steps of the target reaching it through empty squares
/// (`free`).
pub(crate) fn attacks(
    geo: &Geometry,
    target: Square,
    max_steps: u8,
    area_of: impl Fn(Square) -> u8,
    free: impl Fn(Square) -> bool,
) -> bool {
    let r = i32::from(max_steps);
    for dy in -r..=r {
        for dx in -r..=r {
            let Some(s) = geo.offset(target, dx, dy) else {
                continue;
            };
            let steps = area_of(s);
            if steps == 0 || dx.abs().max(dy.abs()) > i32::from(steps) {
                continue;
            }
            if reach(geo, s, steps, &free, |n| n == target).contains(target) {
                return true;
            }
        }
    }
    false
}

/// An equivalent spelling: the route of an area move listed step by step. `route` starts
/// on the piece's square; when it is at most `steps` king steps, each onto a square
/// `empty` accepts but the last, it is the move to its last square.
pub(crate) fn reduces(
    geo: &Geometry,
    steps: u8,
    route: &[Square],
    empty: impl Fn(Square) -> bool,
) -> bool {
    let n = route.len() - 1;
    n >= 2
        && n <= usize::from(steps)
        && route.windows(2).all(|w| geo.distance(w[0], w[1]) == 1)
        && route[1..n].iter().all(|&s| empty(s))
}

/// Adds to `map` the squares the area mover on `from` protects: every final square of
/// its routes through squares `occupied` rejects, whatever stands on it.
pub(crate) fn protects(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    map: &mut SquareSet,
) {
    for s in reach(geo, from, c.area, |s| !occupied(s), |_| true).iter() {
        map.insert(s);
    }
}

/// The first-square filter: any square within the piece's steps.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    dx.abs().max(dy.abs()) <= i32::from(c.area)
}
