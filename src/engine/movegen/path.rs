//! Paths (ko.md §4.5, the thunderclap): 1 to N orthogonal unit steps, never onto a
//! friendly piece, capturing every enemy stepped on; which paths count is option O19's.
//! Generation, the first points of the passes a path that may revisit makes, and the
//! first-square filter.

use super::gen::{Gen, MoveSink};
use super::route_state::MAX_CAPTURES;
use super::routes::{Piece, Route};
use crate::engine::core::moves::MAX_LISTED;
use crate::engine::core::square::Square;
use crate::engine::movement::{Compiled, PathVisits};

/// The four orthogonal absolute directions (indices into `ABS_DIRS`).
const ORTHOGONAL: [usize; 4] = [0, 1, 2, 3];

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The neighbours of `from` through which a path that may revisit points passes (out
    /// and straight back), empty or not.
    pub(super) fn path_pass_points(&self, c: &Compiled, from: Square, out: &mut Vec<Square>) {
        if let Some((steps, PathVisits::Revisit)) = c.path {
            if steps >= 2 {
                out.extend(
                    ORTHOGONAL
                        .iter()
                        .filter_map(|&d| self.geo.neighbour(from, d)),
                );
            }
        }
    }

    /// The thunderclap's paths (ko.md §4.5 area5, O19): 1 to N orthogonal unit steps, never
    /// onto a friendly piece, capturing every enemy stepped on.
    pub(super) fn paths(&mut self, p: &Piece<'_>) {
        let Some((steps, visits)) = p.c.path else {
            return;
        };
        let mut walk = Walk {
            points: [p.from; MAX_CAPTURES + 1],
            caps: [p.from; MAX_CAPTURES],
            ncaps: 0,
        };
        self.path_steps(p, steps, visits, &mut walk, 0);
    }

    fn path_steps(
        &mut self,
        p: &Piece<'_>,
        steps: u8,
        visits: PathVisits,
        w: &mut Walk,
        depth: usize,
    ) {
        let here = w.points[depth];
        for d in ORTHOGONAL {
            let Some(next) = self.geo.neighbour(here, d) else {
                continue;
            };
            let visited = w.points[..=depth].contains(&next);
            if visited && visits != PathVisits::Revisit {
                continue;
            }
            let captured = w.caps[..w.ncaps].contains(&next);
            let cell = self.pos.cell(next);
            let capture = if next == p.from || captured || cell.is_empty() {
                false
            } else if cell.is_color(self.them) && self.may_capture(p, next) {
                true
            } else {
                continue;
            };
            if capture {
                w.caps[w.ncaps] = next;
                w.ncaps += 1;
            }
            w.points[depth + 1] = next;
            let len = depth + 1;
            let ends = visits != PathVisits::Exact || len == usize::from(steps);
            // A path back to the start without a capture is a pass (`pass_candidates`).
            if ends && !(next == p.from && w.ncaps == 0) {
                let caps = &w.caps[..w.ncaps];
                let mut text = [next; MAX_LISTED];
                text[..caps.len()].copy_from_slice(caps);
                let n = if caps.last() == Some(&next) {
                    caps.len()
                } else {
                    caps.len() + 1
                };
                self.route(p, &Route::new(next, caps, &text[..n]), true);
            }
            if len < usize::from(steps) {
                self.path_steps(p, steps, visits, w, len);
            }
            if capture {
                w.ncaps -= 1;
            }
        }
    }
}

/// The first-square filter: a path's first listed square (a capture, or its final point)
/// is within its steps, counted orthogonally.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    c.path
        .is_some_and(|(steps, _)| dx.abs() + dy.abs() <= i32::from(steps))
}

/// The farthest a path reaches.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.path.map_or(0, |(steps, _)| steps)
}

/// The points of a thunderclap's path so far (the start first) and its captures.
struct Walk {
    points: [Square; MAX_CAPTURES + 1],
    caps: [Square; MAX_CAPTURES],
    ncaps: usize,
}
