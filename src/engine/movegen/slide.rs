//! Steps, limited ranges and ranges along the eight lines, and leaps to fixed squares.

use super::{Gen, MoveSink};
use crate::engine::core::piece::FaceId;
use crate::engine::geometry::Square;
use crate::engine::movement::Compiled;

impl<S: MoveSink> Gen<'_, S> {
    /// Range moves: through empty squares, capturing on the last, never onto a friend;
    /// distances another component produces are skipped.
    pub(super) fn slides(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let mut dirs = c.slide_dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = self.geo.ray(from, d);
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
