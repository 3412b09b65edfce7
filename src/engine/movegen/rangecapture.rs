//! Range captures (taikyoku.md §4.3): along its lines a range capturer flies over pieces
//! of either side whose rank (flag `rank=`, the same for both colours) its rules let it
//! pass (`range_capture_jump`: ranked no higher, or lower only), and ends on an enemy its
//! rules let it take (`range_capture_victim`), on an empty square when it passed nothing
//! or under `range_capture_end = any`, or under that value on a friend it could pass. An
//! enemy it may not take blocks the line (under `range_capture_victim = lower_only`).
//! Playing it removes every passed piece, then the one on the final square (the play
//! pipeline's movement step); the move text lists start and final square only. With
//! nothing passed it is an ordinary range move: where a slide or a step of the same piece
//! reaches the square, that component emits it (`Compiled::rangecapture_near`). Royals
//! outrank every range capturer (the loader checks it), so none is ever passed.
//! Generation, what a range capturer attacks and protects, its first squares.

use super::gen::{Gen, MoveSink};
use crate::engine::core::color::Color;
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::movement::{line_of, Compiled};
use crate::engine::position::Position;
use crate::engine::variant::{RangeCaptureRules, Rules};

/// The most squares a line of the largest board passes (the enemies a move removes).
const MAX_PASSED: usize = 36;

impl RangeCaptureRules {
    /// Whether a piece of rank `passed` may be passed by a range capturer of rank `mover`.
    #[inline]
    pub fn may_pass(self, passed: u8, mover: u8) -> bool {
        passed < mover || (self.pass_equal && passed == mover)
    }

    /// Whether an enemy of rank `victim` may be taken by a range capturer of rank `mover`.
    #[inline]
    pub fn may_take(self, victim: u8, mover: u8) -> bool {
        self.any_victim || victim < mover
    }

    /// Whether an enemy of rank `passed` may be passed by a range capturer of rank
    /// `mover`: under `range_capture_victim = lower_only` an enemy it may not take blocks
    /// the line, whatever `range_capture_jump` says.
    #[inline]
    pub fn may_pass_enemy(self, passed: u8, mover: u8) -> bool {
        self.may_pass(passed, mover) && self.may_take(passed, mover)
    }
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The piece's range captures along each of its range-capture lines (out of line: the
    /// dispatch of the other kinds stays as small as without it).
    #[inline(never)]
    pub(super) fn range_captures(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let Some(rc) = self.rules.range_capture else {
            return;
        };
        let rank = self.rules.face(face).jump_rank;
        let mut dirs = c.rangecapture;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let near = usize::from(c.rangecapture_near[d]);
            // The enemies passed so far, in order.
            let mut enemies = [from; MAX_PASSED];
            let mut taken = 0;
            let mut passed = false;
            for (i, &to) in self.geo.ray(from, d).iter().enumerate() {
                let cell = self.cell(to);
                if cell.is_empty() {
                    if passed {
                        if rc.end_any {
                            self.emit_range(from, to, face, &enemies[..taken]);
                        }
                    } else if i >= near {
                        self.emit_quiet(from, to, face);
                    }
                    continue;
                }
                let r = self.rules.face(cell.face_unchecked()).jump_rank;
                if cell.is_color(self.them) {
                    if !rc.may_take(r, rank) {
                        break;
                    }
                    enemies[taken] = to;
                    if passed || i >= near {
                        self.emit_range(from, to, face, &enemies[..=taken]);
                    }
                    if !rc.may_pass(r, rank) {
                        break;
                    }
                    taken += 1;
                } else {
                    if !rc.may_pass(r, rank) {
                        break;
                    }
                    if rc.end_any {
                        self.emit_range(from, to, face, &enemies[..taken]);
                    }
                }
                passed = true;
            }
        }
    }

    /// Emits the range capture from `from` to `to` that removes the enemies on `enemies`
    /// (passed, and the victim on `to` if any): a capture when it removes an enemy, else a
    /// move with the marks of a move that captures nothing.
    #[inline]
    fn emit_range(&mut self, from: Square, to: Square, face: FaceId, enemies: &[Square]) {
        if enemies.is_empty() {
            self.emit_quiet(from, to, face);
        } else {
            self.emit_capture(Move::simple(from, to, Promo::None), face, enemies);
        }
    }
}

/// Whether a range capturer of `color` could capture on `target`, with the pieces on
/// `vacated` removed: looking outward from the target along each line, a piece of `color`
/// with a range capture toward it that may pass every piece in between and take the
/// target's piece (an empty target: rank 0). Its captures over nothing are its own too,
/// since what it may take depends on ranks.
pub(crate) fn attacks(
    pos: &Position,
    rules: &Rules,
    target: Square,
    color: Color,
    vacated: &[Square],
) -> bool {
    let Some(rc) = rules.range_capture else {
        return false;
    };
    let geo = &rules.variant.geometry;
    let victim = pos.rank_at(target, rules);
    for d in 0..8 {
        let back = opposite_abs(d);
        // The highest ranks among the attacker's friends and among its enemies in between.
        let (mut friends, mut enemies): (Option<u8>, Option<u8>) = (None, None);
        for &s in geo.ray(target, d) {
            if pos.cell(s).is_empty() || vacated.contains(&s) {
                continue;
            }
            let r = pos.rank_at(s, rules);
            let ours = pos.cell(s).is_color(color);
            if ours {
                let c = &rules.face(pos.cell(s).face_unchecked()).compiled[color.index()];
                if c.rangecapture & (1 << back) != 0
                    && friends.is_none_or(|h| rc.may_pass(h, r))
                    && enemies.is_none_or(|h| rc.may_pass_enemy(h, r))
                    && rc.may_take(victim, r)
                {
                    return true;
                }
            }
            let highest = if ours { &mut friends } else { &mut enemies };
            let h = highest.map_or(r, |h| h.max(r));
            *highest = Some(h);
            if !rc.may_pass(h, rc.top) {
                break;
            }
        }
    }
    false
}

/// Adds to `map` the occupied squares the range capturer on `from` (of `color`) could
/// capture on along its lines, were an enemy there: each piece its rules let it take,
/// until one it may not pass.
pub(crate) fn protects(
    pos: &Position,
    rules: &Rules,
    from: Square,
    color: Color,
    vacated: &[Square],
    map: &mut SquareSet,
) {
    let Some(rc) = rules.range_capture else {
        return;
    };
    let geo = &rules.variant.geometry;
    let face = pos.cell(from).face_unchecked();
    let rank = rules.face(face).jump_rank;
    let lines = rules.face(face).compiled[color.index()].rangecapture;
    for d in 0..8 {
        if lines & (1 << d) == 0 {
            continue;
        }
        for &s in geo.ray(from, d) {
            if pos.cell(s).is_empty() || vacated.contains(&s) {
                continue;
            }
            let r = pos.rank_at(s, rules);
            if rc.may_take(r, rank) {
                map.insert(s);
            }
            let passable = if pos.cell(s).is_color(color) {
                rc.may_pass(r, rank)
            } else {
                rc.may_pass_enemy(r, rank)
            };
            if !passable {
                break;
            }
        }
    }
}

/// Whether a range capture could list the square `(dx, dy)` away as its first square
/// after the start: any square along its lines.
pub(crate) fn may_start_towards(c: &Compiled, dx: i32, dy: i32) -> bool {
    line_of(dx, dy).is_some_and(|(a, _)| c.rangecapture & (1 << a) != 0)
}
