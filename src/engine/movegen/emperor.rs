//! The emperor (自在天王, jizai tennō, "free king"): a jump to any empty square, and
//! captures restricted by option `emperor_capture`, with tai.md's recursive protection
//! rule. Also the protection map: every square a side could capture on.

use super::hook::perpendicular;
use super::{Gen, MoveSink};
use crate::engine::geometry::{Color, Square, SquareSet};
use crate::engine::position::Position;
use crate::engine::variant::{EmperorCapture, FaceId, Rules};

/// Protection maps computed once per position and emperor.
#[derive(Default)]
pub(crate) struct EmperorCache {
    /// For the emperor last asked about: its square, and the opponent's protection map
    /// without emperors, with that square vacated.
    theirs: Option<(Square, SquareSet)>,
    /// (our emperor, their emperor) → our protection map with both vacated.
    ours: Vec<(Square, Square, SquareSet)>,
}

impl<S: MoveSink> Gen<'_, S> {
    pub(super) fn emperor_moves(&mut self, from: Square, face: FaceId) {
        let pos = self.pos;
        let n = self.geo.shape.len();
        for i in 0..n {
            let to = Square(i as u16);
            if pos.cell(to).is_empty() {
                self.emit_simple(from, to, face);
            }
        }
        let them = self.us.opponent();
        for to in pos.occupied(them).iter() {
            if self.emperor_may_capture(from, to) {
                self.emit_simple(from, to, face);
            }
        }
    }

    /// tai.md `emperor_capture`: whether the emperor on `from` may capture on `to`.
    fn emperor_may_capture(&mut self, from: Square, to: Square) -> bool {
        let rules = self.rules;
        let victim_royal = rules.face(self.pos.cell(to).face_unchecked()).royal;
        match rules.emperor_capture {
            EmperorCapture::Unrestricted => return true,
            EmperorCapture::RoyalsOnly if !victim_royal => return true,
            _ => {}
        }
        let pos = self.pos;
        let us = self.us;
        let them = us.opponent();
        if self.emperor.theirs.is_none_or(|(e, _)| e != from) {
            let map = protection_map(pos, rules, them, &[from]);
            self.emperor.theirs = Some((from, map));
            self.emperor.ours.clear();
        }
        let theirs = &self.emperor.theirs.as_ref().expect("computed").1;
        if theirs.contains(to) {
            return false;
        }
        // Their emperors protect `to` only if it is unprotected for them in turn.
        let their_emperors: Vec<Square> = pos
            .occupied(them)
            .iter()
            .filter(|&s| s != to && is_emperor(pos, rules, s))
            .collect();
        if their_emperors.is_empty() {
            return true;
        }
        let we_have_another = pos
            .occupied(us)
            .iter()
            .any(|s| s != from && is_emperor(pos, rules, s));
        if we_have_another {
            return true;
        }
        for f in their_emperors {
            let cached = self.emperor.ours.iter().find(|(e, g, _)| *e == from && *g == f);
            let ours = match cached {
                Some((_, _, m)) => *m,
                None => {
                    let m = protection_map(pos, rules, us, &[from, f]);
                    self.emperor.ours.push((from, f, m));
                    m
                }
            };
            if !ours.contains(to) {
                return false;
            }
        }
        true
    }
}

fn is_emperor(pos: &Position, rules: &Rules, sq: Square) -> bool {
    let cell = pos.cell(sq);
    rules.face(cell.face_unchecked()).compiled[cell.color_unchecked().index()].emperor
}

/// Every square on which a piece of `color` other than an emperor could capture, with
/// the pieces on `vacated` removed from the board (lines through them open).
pub fn protection_map(pos: &Position, rules: &Rules, color: Color, vacated: &[Square]) -> SquareSet {
    let geo = &rules.variant.geometry;
    let occupied = |s: Square| !pos.cell(s).is_empty() && !vacated.contains(&s);
    let mut map = SquareSet::EMPTY;
    for from in pos.occupied(color).iter() {
        if vacated.contains(&from) {
            continue;
        }
        let c = &rules.face(pos.cell(from).face_unchecked()).compiled[color.index()];
        if c.emperor {
            continue;
        }
        for d in 0..8 {
            let max = c.slide_max[d] as usize;
            if max > 0 {
                if let Some(&s) = geo.ray(from, d).iter().take(max).find(|&&s| occupied(s)) {
                    map.insert(s);
                }
            }
        }
        for &(dx, dy) in &c.all_jumps {
            if let Some(s) = geo.offset(from, dx as i32, dy as i32) {
                map.insert(s);
            }
        }
        for a in 0..8 {
            if c.hook & (1 << a) == 0 {
                continue;
            }
            for &corner in geo.ray(from, a) {
                if occupied(corner) {
                    map.insert(corner);
                    break;
                }
                for p in perpendicular(a) {
                    if let Some(&s) = geo.ray(corner, p).iter().find(|&&s| occupied(s)) {
                        map.insert(s);
                    }
                }
            }
        }
        if c.lion {
            for dy in -2..=2 {
                for dx in -2..=2 {
                    if (dx, dy) != (0, 0) {
                        if let Some(s) = geo.offset(from, dx, dy) {
                            map.insert(s);
                        }
                    }
                }
            }
        }
        let lines = if c.liondog { 0xff } else { c.linelion_all };
        let depth = if c.liondog { 3 } else { 2 };
        for d in 0..8 {
            if lines & (1 << d) != 0 {
                for &s in geo.ray(from, d).iter().take(depth) {
                    map.insert(s);
                }
            }
        }
    }
    map
}
