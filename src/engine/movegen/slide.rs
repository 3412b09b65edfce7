//! Steps, limited ranges and ranges along the eight lines, and leaps to fixed squares.

use super::{Gen, MoveSink};
use crate::engine::geometry::Square;
use crate::engine::movement::Compiled;
use crate::engine::variant::FaceId;

impl<S: MoveSink> Gen<'_, S> {
    /// Range moves: through empty squares, capturing on the last, never onto a friend;
    /// distances another component produces are skipped.
    pub(super) fn slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        for d in 0..8 {
            let max = c.slide_max[d] as usize;
            if max == 0 {
                continue;
            }
            let skip = c.slide_skip[d];
            let ray = self.geo.ray(from, d);
            for (i, &to) in ray.iter().take(max).enumerate() {
                let cell = self.cell(to);
                let emit = skip & (1 << (i + 1)) == 0;
                if cell.is_empty() {
                    if emit {
                        self.emit_simple(from, to, face);
                    }
                    continue;
                }
                if !cell.is_color(self.us) && emit {
                    self.emit_simple(from, to, face);
                }
                break;
            }
        }
    }

    /// Leaps: the squares in between do not matter.
    pub(super) fn jumps(&mut self, from: Square, face: FaceId, c: &Compiled) {
        for &(dx, dy) in &c.jumps {
            if let Some(to) = self.geo.offset(from, dx as i32, dy as i32) {
                if !self.friend(to) {
                    self.emit_simple(from, to, face);
                }
            }
        }
    }
}
