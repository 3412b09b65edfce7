//! Ko shogi's multi-leg and multi-capture moves (ko.md §4.5): double moves (the sumo
//! wrestler's, the cavalry's, the master at arms', the fog's, ...), the thunderclap's path
//! of up to five orthogonal steps, the flag waver's line, and the first point of a
//! piece's pass.

use super::{KoGen, Piece, Route, MAX_CAPTURES};
use crate::engine::core::moves::MAX_LISTED;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::movegen::gen::MoveSink;
use crate::engine::movement::{DoubleRule, PathVisits};

/// The four orthogonal absolute directions (indices into `ABS_DIRS`).
const ORTHOGONAL: [usize; 4] = [0, 1, 2, 3];

impl<S: MoveSink> KoGen<'_, S> {
    /// Double moves: a leg to one of the atoms, then optionally a second leg (ko.md §4.5).
    pub(super) fn doubles(&mut self, p: &Piece<'_>) {
        let ko = self.ko;
        let Some(double) = ko.face(p.face).moves[self.us.index()].double.as_ref() else {
            return;
        };
        for &(ax, ay) in &double.atoms {
            let Some(p1) = self.geo.offset(p.from, i32::from(ax), i32::from(ay)) else {
                continue;
            };
            let c1 = self.pos.cell(p1);
            let cap1 = if c1.is_empty() {
                false
            } else if c1.is_color(self.them) && self.may_capture(p, p1) {
                true
            } else {
                continue;
            };
            let only_p1 = [p1];
            let first: &[Square] = if cap1 { &only_p1 } else { &[] };
            self.route(p, &Route::new(p1, first, &[p1]), true);
            // O21 `first_leg_empty_only`: a capture on leg 1 ends the move (one capture at
            // most, no igui); the single jump still captures.
            if cap1 && double.rule == DoubleRule::SameLongEmptyFirst {
                continue;
            }
            let second = |(bx, by): (i8, i8), gen: &mut Self| {
                let Some(p2) = gen.geo.offset(p1, i32::from(bx), i32::from(by)) else {
                    return;
                };
                let mut r = if p2 == p.from {
                    if !cap1 {
                        return;
                    }
                    Route::new(p2, &[p1], &[p1, p2])
                } else {
                    let c2 = gen.pos.cell(p2);
                    let text: &[Square] = if cap1 { &[p1, p2] } else { &[p2] };
                    if c2.is_empty() {
                        Route::new(p2, first, text)
                    } else if c2.is_color(gen.them) && gen.may_capture(p, p2) {
                        let caps: &[Square] = if cap1 { &[p1, p2] } else { &[p2] };
                        Route::new(p2, caps, text)
                    } else {
                        return;
                    }
                };
                r.leg1 = Some((p1, !cap1));
                gen.route(p, &r, true);
            };
            match double.rule {
                DoubleRule::Free => {
                    for &b in &double.atoms {
                        second(b, self);
                    }
                }
                DoubleRule::SameLong | DoubleRule::SameLongEmptyFirst => {
                    for b in same_long(ax, ay) {
                        second(b, self);
                    }
                }
            }
        }
    }

    /// The thunderclap's paths (ko.md §4.5 area5, O19): 1 to N orthogonal unit steps, never
    /// onto a friendly piece, capturing every enemy stepped on.
    pub(super) fn paths(&mut self, p: &Piece<'_>) {
        let ko = self.ko;
        let Some((steps, visits)) = ko.face(p.face).moves[self.us.index()].path else {
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

    /// Multi-capture lines (ko.md §4.5 line5, the war hawk's straight double step): unit
    /// steps along one direction, capturing every enemy stepped on, never onto a friendly
    /// piece. The flag waver's text is `from to` (its captures implied, §5); any other
    /// line lists the points it captures on before its final point, as every multi-leg
    /// move does (`notation.md`: every square where something happens).
    pub(super) fn lines(&mut self, p: &Piece<'_>, multi: bool) {
        let ko = self.ko;
        let implied = p.kf.implied_captures;
        let line = ko.face(p.face).moves[self.us.index()].line;
        let rays = self.geo.rays_from(p.from);
        for (d, &max) in line.iter().enumerate() {
            let mut caps = [p.from; MAX_CAPTURES];
            let mut n = 0;
            for &to in rays.towards(d).iter().take(usize::from(max)) {
                let cell = self.pos.cell(to);
                if !cell.is_empty() {
                    if !cell.is_color(self.them) || !self.may_capture(p, to) || n == MAX_CAPTURES {
                        break;
                    }
                    caps[n] = to;
                    n += 1;
                }
                let mut text = [to; MAX_LISTED];
                let listed = if implied {
                    1
                } else {
                    let before = if caps[..n].last() == Some(&to) {
                        n - 1
                    } else {
                        n
                    };
                    text[..before].copy_from_slice(&caps[..before]);
                    before + 1
                };
                self.route(p, &Route::new(to, &caps[..n], &text[..listed]), multi);
            }
        }
    }

    /// The empty point through which the piece on `from` would pass (out and straight
    /// back), first in square order; `None` for a piece that cannot pass.
    pub(super) fn first_pass_point(&self, from: Square, face: FaceId) -> Option<Square> {
        let shape = self.rules.variant.shape();
        self.pass_points(from, face)
            .into_iter()
            .min_by_key(|&s| shape.file_rank_key(s))
    }

    /// Every empty point through which the piece on `from` could pass: a leg-1 point of a
    /// double move with a way straight back, or a neighbour along a path that may revisit.
    pub(super) fn pass_points(&self, from: Square, face: FaceId) -> Vec<Square> {
        let m = &self.ko.face(face).moves[self.us.index()];
        let mut out = Vec::new();
        if let Some(double) = &m.double {
            for &(ax, ay) in &double.atoms {
                let back = double.rule != DoubleRule::Free || double.atoms.contains(&(-ax, -ay));
                if let (true, Some(p1)) =
                    (back, self.geo.offset(from, i32::from(ax), i32::from(ay)))
                {
                    out.push(p1);
                }
            }
        }
        if let Some((steps, PathVisits::Revisit)) = m.path {
            if steps >= 2 {
                out.extend(
                    ORTHOGONAL
                        .iter()
                        .filter_map(|&d| self.geo.neighbour(from, d)),
                );
            }
        }
        out.retain(|&s| self.pos.cell(s).is_empty());
        out
    }
}

/// The points of a thunderclap's path so far (the start first) and its captures.
struct Walk {
    points: [Square; MAX_CAPTURES + 1],
    caps: [Square; MAX_CAPTURES],
    ncaps: usize,
}

/// The cavalry's second leaps after a first leap (x, y) (ko.md §4.5, O21): keeping the long
/// component, or the exact reverse.
fn same_long(x: i8, y: i8) -> impl Iterator<Item = (i8, i8)> {
    let keep: [(i8, i8); 2] = if y.abs() == 2 {
        [(1, y), (-1, y)]
    } else {
        [(x, 1), (x, -1)]
    };
    keep.into_iter().chain(std::iter::once((-x, -y)))
}
