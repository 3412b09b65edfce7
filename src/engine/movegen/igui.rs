//! Igui without moving (居喰い, "eating in place"; tenjiku.md §4.5, the heavenly
//! tetrarch's `igui(DIRS)`): the piece captures an enemy on an adjacent square of those
//! directions and stays on its start square; never toward an empty or friendly square, so
//! never a pass. What it attacks is the compiled `line_reach` (one square). Generation
//! and what it protects.

use super::gen::{mark_along_lines, Gen, MoveSink};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The igui captures of the piece on `from` along the directions of `dirs`.
    pub(super) fn igui(&mut self, from: Square, face: FaceId, dirs: u8) {
        for d in 0..8 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            if let Some(x) = self.geo.neighbour(from, d) {
                if self.enemy(x) {
                    self.emit_capture(Move::new(from, &[x, from], Promo::None), face, &[x]);
                }
            }
        }
    }
}

/// Adds to `map` the neighbours of the piece on `from` along the directions of `dirs`.
pub(crate) fn protects(geo: &Geometry, dirs: u8, from: Square, map: &mut SquareSet) {
    mark_along_lines(geo, dirs, 1, from, map);
}
