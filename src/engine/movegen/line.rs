//! Multi-capture lines (ko.md §4.5, the flag waver's line and the war hawk's straight
//! double step): unit steps along one line, capturing every enemy stepped on. What a line
//! reaches along its line is the compiled `line_reach`'s business for the first-square
//! filter (a line's first square is on its line, within its reach).

use super::gen::{Gen, MoveSink};
use super::route_state::MAX_CAPTURES;
use super::routes::{Piece, Route};
use crate::engine::core::moves::MAX_LISTED;
use crate::engine::movement::{line_of, Compiled};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Multi-capture lines (ko.md §4.5 line5, the war hawk's straight double step): unit
    /// steps along one direction, capturing every enemy stepped on, never onto a friendly
    /// piece. The flag waver's text is `from to` (its captures implied, §5); any other
    /// line lists the points it captures on before its final point, as every multi-leg
    /// move does (`notation.md`: every square where something happens).
    pub(super) fn lines(&mut self, p: &Piece<'_>, multi: bool) {
        let implied = p.kf.implied_captures;
        let line = p.c.line;
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
}

/// The first-square filter: a line's first listed square (a capture, or its final point)
/// lies along one of its lines within its reach.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    line_of(dx, dy).is_some_and(|(a, k)| k <= u32::from(c.line[a]))
}

/// The farthest a line reaches.
pub(crate) fn start_reach(c: &Compiled) -> u8 {
    c.line.iter().copied().max().unwrap_or(0)
}
