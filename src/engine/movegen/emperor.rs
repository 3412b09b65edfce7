//! The emperor (自在天王, jizai tennō, "free king"): a jump to any empty square, and
//! captures restricted by option `emperor_capture`, with tai.md's recursive protection
//! rule. Also the protection map: every square a side could capture on.

use super::hook::perpendicular;
use super::{Gen, MoveSink};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::geometry::{opposite_abs, Color, Square, SquareSet, ABS_DIRS};
use crate::engine::movement::Compiled;
use crate::engine::position::Position;
use crate::engine::variant::{EmperorCapture, Rules};

impl<S: MoveSink> Gen<'_, S> {
    pub(super) fn emperor_moves(&mut self, from: Square, face: FaceId) {
        let pos = self.pos;
        let n = self.geo.shape.len();
        if S::COUNT_ONLY {
            let pieces = pos.occupied(Color::Black).count() + pos.occupied(Color::White).count();
            self.sink.add((n - pieces as usize) as u64);
        } else {
            for i in 0..n {
                let to = Square(i as u16);
                if pos.cell(to).is_empty() {
                    self.sink.push(Move::simple(from, to, Promo::None));
                }
            }
        }
        // Under `unprotected`, a victim with a neighbour of its own that could recapture
        // is out at the price of one byte (the test below would say the same).
        let them = self.us.opponent();
        let guarded_out = self.rules.emperor_capture == EmperorCapture::Unprotected;
        for to in pos.occupied(them).iter() {
            if guarded_out && pos.neighbour_guarded(to, them, self.rules) {
                continue;
            }
            if emperor_may_capture(pos, self.rules, from, to) {
                self.emit_simple(from, to, face);
            }
        }
    }
}

/// tai.md `emperor_capture`: whether the emperor on `from` may capture the enemy piece on
/// `to` (whoever is to move).
pub fn emperor_may_capture(pos: &Position, rules: &Rules, from: Square, to: Square) -> bool {
    let victim_royal = rules.face(pos.cell(to).face_unchecked()).royal;
    match rules.emperor_capture {
        EmperorCapture::Unrestricted => return true,
        EmperorCapture::RoyalsOnly if !victim_royal => return true,
        _ => {}
    }
    let us = pos.cell(from).color_unchecked();
    if attacked(pos, rules, to, us.opponent(), &[from]) {
        return false;
    }
    // Their emperors protect `to` only if it is unprotected for them in turn; another
    // emperor of ours counts as able to recapture.
    let we_have_another = pos.emperors(us).iter().any(|s| s != from);
    we_have_another
        || !pos
            .emperors(us.opponent())
            .iter()
            .any(|f| f != to && !attacked(pos, rules, to, us, &[from, f]))
}

/// Whether a piece of `color` other than an emperor could capture on `target`, with the
/// pieces on `vacated` removed from the board: the same question as
/// `protection_map(..).contains(target)`, answered by looking outward from the target.
pub fn attacked(
    pos: &Position,
    rules: &Rules,
    target: Square,
    color: Color,
    vacated: &[Square],
) -> bool {
    let geo = &rules.variant.geometry;
    let ci = color.index();
    // The eight neighbours first: most pieces are protected by one of them. The kept
    // count answers unless a vacated square held one of the side's pieces.
    if pos.neighbour_guarded(target, color, rules) {
        if !vacated.iter().any(|&v| pos.cell(v).is_color(color)) {
            return true;
        }
        let traits = &rules.traits[ci];
        for d in 0..8 {
            if let Some(s) = geo.neighbour(target, d) {
                let cell = pos.cell(s);
                if cell.is_color(color)
                    && traits[cell.face_unchecked() as usize].guard_steps & (1 << opposite_abs(d))
                        != 0
                    && !vacated.contains(&s)
                {
                    return true;
                }
            }
        }
    }
    let free = |s: Square| pos.cell(s).is_empty() || vacated.contains(&s);
    let attacker = |s: Square| -> Option<&Compiled> {
        let cell = pos.cell(s);
        if !cell.is_color(color) || vacated.contains(&s) {
            return None;
        }
        let c = &rules.face(cell.face_unchecked()).compiled[ci];
        (!c.emperor).then_some(c)
    };
    // Along the eight lines: ranges up to the first piece; lion-like power ignores
    // blockers.
    for d in 0..8 {
        let back = opposite_abs(d);
        let ray = geo.ray(target, d);
        // The neighbour was judged above; it still blocks the line beyond it.
        let mut blocked = ray.first().is_some_and(|&s| !free(s));
        for (i, &s) in ray.iter().enumerate().skip(1) {
            let k = i + 1;
            if k > 3 && blocked {
                break;
            }
            if let Some(c) = attacker(s) {
                let reach = if blocked {
                    c.leap_reach[back]
                } else {
                    c.line_reach[back]
                };
                if reach as usize >= k {
                    return true;
                }
            }
            if !free(s) {
                blocked = true;
            }
        }
    }
    // Lions on the squares of the 5×5 block that are off the lines.
    for (dx, dy) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        if let Some(s) = geo.offset(target, dx, dy) {
            if attacker(s).is_some_and(|c| c.lion) {
                return true;
            }
        }
    }
    // Leaps landing on the target.
    for &(dx, dy) in &rules.leaps[ci] {
        if let Some(s) = geo.offset(target, -(dx as i32), -(dy as i32)) {
            if attacker(s).is_some_and(|c| c.all_jumps.contains(&(dx, dy))) {
                return true;
            }
        }
    }
    // Hook moves: from each hook mover, the L routes whose second leg ends on the
    // target, turning at an empty corner.
    let (tx, ty) = geo.xy(target);
    for h in pos.hook_movers(color).iter() {
        if vacated.contains(&h) {
            continue;
        }
        let mask = rules.face(pos.cell(h).face_unchecked()).compiled[ci].hook;
        let (hx, hy) = geo.xy(h);
        let (vx, vy) = (tx - hx, ty - hy);
        for (a, &(ax, ay)) in ABS_DIRS.iter().enumerate() {
            if mask & (1 << a) == 0 {
                continue;
            }
            let norm = ax * ax + ay * ay;
            for p in perpendicular(a) {
                let (px, py) = ABS_DIRS[p];
                let (ka, kp) = (vx * ax + vy * ay, vx * px + vy * py);
                if ka <= 0 || kp <= 0 || ka % norm != 0 || kp % norm != 0 {
                    continue;
                }
                let (n1, n2) = ((ka / norm) as usize, (kp / norm) as usize);
                let leg1 = geo.ray(h, a);
                // A diagonal corner may lie off the board.
                if leg1.len() >= n1
                    && leg1[..n1].iter().all(|&s| free(s))
                    && geo.ray(leg1[n1 - 1], p)[..n2 - 1].iter().all(|&s| free(s))
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Every square on which a piece of `color` other than an emperor could capture, with
/// the pieces on `vacated` removed from the board (lines through them open).
pub fn protection_map(
    pos: &Position,
    rules: &Rules,
    color: Color,
    vacated: &[Square],
) -> SquareSet {
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
