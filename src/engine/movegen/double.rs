//! Double moves (ko.md §4.5): a leg to one of some offsets, then optionally a second leg
//! (the sumo wrestler's, the cavalry's, the master at arms', the fog's, ...), capturing
//! where each leg lands: generation, the first points of the passes they make (out and
//! straight back), and the first-square filter.

use super::gen::{Gen, MoveSink};
use super::routes::{Piece, Route};
use crate::engine::core::square::Square;
use crate::engine::movement::{Compiled, DoubleMove, DoubleRule};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The leg-1 points of `double` from `from` through which a piece could pass (out and
    /// straight back), empty or not: those with a way back.
    pub(super) fn double_pass_points(
        &self,
        double: &DoubleMove,
        from: Square,
        out: &mut Vec<Square>,
    ) {
        for &(ax, ay) in &double.atoms {
            let back = double.rule != DoubleRule::Free || double.atoms.contains(&(-ax, -ay));
            if let (true, Some(p1)) = (back, self.geo.offset(from, i32::from(ax), i32::from(ay))) {
                out.push(p1);
            }
        }
    }

    /// Double moves: a leg to one of the atoms, then optionally a second leg (ko.md §4.5).
    pub(super) fn doubles(&mut self, p: &Piece<'_>) {
        let Some(double) = p.c.double.as_ref() else {
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
}

/// The first-square filter: a double move's first listed square (its first leg's end, or
/// its final point) is within two of its longest legs.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    dx.abs().max(dy.abs()) <= i32::from(start_reach(c))
}

/// The farthest a double move reaches: two of its longest legs, in king steps.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.double.as_ref().map_or(0, |d| {
        d.atoms
            .iter()
            .map(|&(x, y)| 2 * x.unsigned_abs().max(y.unsigned_abs()))
            .max()
            .unwrap_or(0)
    })
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
