//! Range jumps (tenjiku.md §4.2): along its lines a range-jumping general passes pieces of
//! a lower jump rank, of either side, to capture an enemy beyond them (any enemy under
//! `jump_capture_victim = any`, one of a lower rank under `lower_rank`), and under
//! `range_jump = always` also to stop on an empty square beyond them. Its moves up to the
//! first piece are its slide's. Generation and what a range jump attacks.

use super::gen::{Gen, MoveSink};
use crate::engine::core::color::Color;
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::piece::{Cell, FaceId};
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::movement::Compiled;
use crate::engine::position::Position;
use crate::engine::variant::Rules;

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The piece's moves beyond the first piece along each range-jump line.
    pub(super) fn range_jumps(
        &mut self,
        from: Square,
        face: FaceId,
        c: &Compiled,
        area_finals: &SquareSet,
    ) {
        let Some(options) = self.rules.range_jump else {
            return;
        };
        let rank = self.rules.face(face).jump_rank;
        let mut dirs = c.rangejump;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = self.geo.ray(from, d);
            let Some(first) = ray.iter().position(|&s| !self.cell(s).is_empty()) else {
                continue;
            };
            if self.rank_of(self.cell(ray[first])) >= rank {
                continue;
            }
            for &to in &ray[first + 1..] {
                let cell = self.cell(to);
                if cell.is_empty() {
                    if options.always && !(area_finals.contains(to)) {
                        self.emit_quiet(from, to, face);
                    }
                    continue;
                }
                let victim_rank = self.rank_of(cell);
                if self.enemy(to)
                    && (options.any_victim || victim_rank < rank)
                    && !(area_finals.contains(to))
                {
                    self.emit_to(from, to, cell, face);
                }
                if victim_rank >= rank {
                    break;
                }
            }
        }
    }

    /// The jump rank of the piece in `cell`.
    #[inline]
    fn rank_of(&self, cell: Cell) -> u8 {
        self.rules.face(cell.face_unchecked()).jump_rank
    }
}

/// Whether a range-jumping piece of `color` could capture on `target` by jumping one or
/// more pieces (the capture over none is its slide's, which the compiled `line_reach`
/// answers): looking outward from the target along each line, an attacker whose rank is
/// above every piece in between (and above the target's piece under `lower_rank`).
pub(crate) fn attacks(
    pos: &Position,
    rules: &Rules,
    target: Square,
    color: Color,
    vacated: &[Square],
) -> bool {
    let Some(options) = rules.range_jump else {
        return false;
    };
    let geo = &rules.variant.geometry;
    let rank = |s: Square| pos.rank_at(s, rules);
    let victim = rank(target);
    for d in 0..8 {
        let back = opposite_abs(d);
        // The highest rank among the pieces passed, and whether any was passed.
        let mut highest = 0;
        let mut passed = false;
        for &s in geo.ray(target, d) {
            if pos.cell(s).is_empty() || vacated.contains(&s) {
                continue;
            }
            let r = rank(s);
            if passed && pos.cell(s).is_color(color) && r > highest {
                let c = &rules.face(pos.cell(s).face_unchecked()).compiled[color.index()];
                if c.rangejump & (1 << back) != 0 && (options.any_victim || victim < r) {
                    return true;
                }
            }
            passed = true;
            highest = highest.max(r);
            if highest >= 4 {
                break;
            }
        }
    }
    false
}

/// Adds to `map` the occupied squares the range jumper on `from` (of `color`) protects
/// beyond the first piece along its lines: each piece it could jump to capture, were it
/// an enemy, until one of its rank or higher.
pub(crate) fn protects(
    pos: &Position,
    rules: &Rules,
    from: Square,
    color: Color,
    vacated: &[Square],
    map: &mut crate::engine::core::square_set::SquareSet,
) {
    let Some(options) = rules.range_jump else {
        return;
    };
    let geo = &rules.variant.geometry;
    let face = pos.cell(from).face_unchecked();
    let rank = rules.face(face).jump_rank;
    let c = &rules.face(face).compiled[color.index()];
    let occupied = |s: Square| !pos.cell(s).is_empty() && !vacated.contains(&s);
    let rank_at = |s: Square| rules.face(pos.cell(s).face_unchecked()).jump_rank;
    for d in 0..8 {
        if c.rangejump & (1 << d) == 0 {
            continue;
        }
        let ray = geo.ray(from, d);
        let Some(first) = ray.iter().position(|&s| occupied(s)) else {
            continue;
        };
        if rank_at(ray[first]) >= rank {
            continue;
        }
        for &s in &ray[first + 1..] {
            if !occupied(s) {
                continue;
            }
            let r = rank_at(s);
            if options.any_victim || r < rank {
                map.insert(s);
            }
            if r >= rank {
                break;
            }
        }
    }
}
