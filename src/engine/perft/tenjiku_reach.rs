//! How far along its lines a piece that reads past pieces reads, for perft's sibling
//! counts ([`super::siblings`]): tenjiku shogi's range-jumping generals (大将 taishō the
//! great general, 副将 fukushō the vice general, 飛将 hishō the rook general, 角将 kakushō
//! the bishop general; tenjiku.md §4.2) read along their range-jump lines past pieces of a
//! lower jump rank, up to and including the first piece of their rank or higher (the one
//! that stops the jump), or to the edge. A square farther along the line than that is
//! read by no move of the general: unless a nearer square of the line changes too (which
//! recounts the general anyway), its generation reads the same squares and stops at the
//! same piece. So a changed square makes a child recount the general only when it lies on
//! a range-jump line within that reach in the first child, instead of anywhere on its
//! eight lines. The other kinds that read past pieces (range captures, leap-slides, flying
//! moves) keep their whole lines.

use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::movement::Kind;
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// Per absolute direction (the geometry's ray order), how many squares along the line
/// the piece reads past pieces; [`WHOLE`] for the whole line.
pub(super) type LineReach = [u8; 8];

/// The whole line.
pub(super) const WHOLE: u8 = u8::MAX;

/// The absolute direction of a unit step `(sx, sy)` (each -1, 0 or 1), indexed by
/// `(sx + 1) * 3 + sy + 1` (the geometry's ray order; 8 for no step).
const DIR_OF: [usize; 9] = [5, 3, 7, 0, 8, 1, 4, 2, 6];

/// [`LineReach`] of the piece on `sq` (of side `us`) in `pos`, whose kinds read along
/// lines past pieces.
pub(super) fn line_reach(pos: &Position, rules: &Rules, sq: Square, us: Color) -> LineReach {
    let face = pos.cell(sq).face_unchecked();
    let rule = rules.face(face);
    let c = &rule.compiled[us.index()];
    let whole = c.kinds.contains(Kind::RangeCapture)
        || c.kinds.contains(Kind::LeapSlide)
        || c.kinds.contains(Kind::Fly);
    if whole {
        return [WHOLE; 8];
    }
    let mut reach = [0; 8];
    if rules.range_jump.is_none() {
        return reach;
    }
    let geo = &rules.variant.geometry;
    let rank = |s: Square| rules.face(pos.cell(s).face_unchecked()).jump_rank;
    for (d, out) in reach.iter_mut().enumerate() {
        if c.rangejump & (1 << d) == 0 {
            continue;
        }
        let ray = geo.ray(sq, d);
        let occupied = |s: &Square| !pos.cell(*s).is_empty();
        let stop = match ray.iter().position(occupied) {
            Some(first) if rank(ray[first]) >= rule.jump_rank => Some(first),
            Some(first) => ray[first + 1..]
                .iter()
                .position(|s| occupied(s) && rank(*s) >= rule.jump_rank)
                .map(|k| first + 1 + k),
            None => None,
        };
        // The squares up to and including the stopping piece (or the whole ray).
        *out = stop.map_or(ray.len(), |k| k + 1).min(usize::from(WHOLE)) as u8;
    }
    reach
}

/// Whether a piece with `reach` reads, past pieces, the square `(dx, dy)` away from it.
#[inline]
pub(super) fn reads_at(reach: &LineReach, dx: i32, dy: i32) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    if !(dx == 0 || dy == 0 || ax == ay) {
        return false;
    }
    let d = DIR_OF[((dx.signum() + 1) * 3 + dy.signum() + 1) as usize];
    d < 8 && ax.max(ay) <= i32::from(reach[d])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::dir::ABS_DIRS;

    #[test]
    fn direction_table_follows_the_ray_order() {
        for (d, (sx, sy)) in ABS_DIRS.iter().enumerate() {
            assert_eq!(DIR_OF[((sx + 1) * 3 + sy + 1) as usize], d);
        }
    }

    #[test]
    fn a_square_is_read_within_the_reach_of_its_line_only() {
        let mut reach = [0; 8];
        reach[2] = 3;
        let (dx, dy) = ABS_DIRS[2];
        assert!(reads_at(&reach, 3 * dx, 3 * dy));
        assert!(!reads_at(&reach, 4 * dx, 4 * dy));
        assert!(!reads_at(&reach, -dx, -dy));
        assert!(!reads_at(&reach, 2, 1));
        assert!(!reads_at(&[WHOLE; 8], 0, 0));
    }
}
