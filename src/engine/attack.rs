//! Who attacks a square: whether a side could capture on it (check, protection, the
//! emperor rule, lion trading), and the whole map of such squares. Kind-neutral where the
//! compiled tables allow (the eight lines: `line_reach`, `leap_reach`; the neighbours:
//! the position's guard counts), and asking each movement kind's file
//! ([`crate::engine::movegen`]) for what lies off the lines.

use super::movegen::area;
use super::movegen::dblstep;
use super::movegen::fly;
use super::movegen::hook;
use super::movegen::igui;
use super::movegen::jump;
use super::movegen::leapslide;
use super::movegen::linelion;
use super::movegen::lion;
use super::movegen::liondog;
use super::movegen::rangecapture;
use super::movegen::rangejump;
use super::movegen::slide;
use super::movement::{Compiled, Kind};
use super::position::Position;
use super::variant::Rules;
use crate::engine::core::color::Color;
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;

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
                    && traits[cell.face_unchecked().index()].guard_steps & (1 << opposite_abs(d))
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
    // What lies off the lines: lions' knight-like squares, leaps, hook moves.
    if lion::attacks_off_lines(geo, target, attacker)
        || jump::attacks(geo, rules, ci, target, attacker)
        || hook::attacks(pos, rules, target, color, vacated, free)
    {
        return true;
    }
    // Tenjiku and taikyoku shogi's kinds, where some piece has them: beyond blockers,
    // around them.
    let kinds = rules.kinds_present;
    (kinds.contains(Kind::RangeJump) && rangejump::attacks(pos, rules, target, color, vacated))
        || (kinds.contains(Kind::RangeCapture)
            && rangecapture::attacks(pos, rules, target, color, vacated))
        || (kinds.contains(Kind::Area)
            && area::attacks(
                geo,
                target,
                rules.max_area,
                |s| attacker(s).map_or(0, |c| c.area),
                free,
            ))
        || (kinds.contains(Kind::DoubleStep)
            && dblstep::attacks(
                geo,
                target,
                |s| attacker(s).map_or(0, |c| c.dblstep),
                |_, x| free(x) || pos.cell(x).is_color(color.opponent()),
            ))
        || (kinds.contains(Kind::LeapSlide)
            && leapslide::attacks(geo, target, rules.max_leap, attacker, free))
        || (kinds.contains(Kind::Fly) && fly::attacks(geo, target, attacker, free))
}

/// Every square on which a piece of `color` other than an emperor could capture, with
/// the pieces on `vacated` removed from the board (lines through them open): the same
/// question as [`attacked`], asked of every piece's kinds at once.
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
        // Leaps another kind covers are left out of the generator's table, not of the
        // protection: the piece's every leap counts.
        jump::protects(geo, c, from, &mut map);
        for kind in c.kinds.iter() {
            match kind {
                Kind::Slide => slide::protects(geo, c, from, occupied, &mut map),
                Kind::Hook => hook::protects(geo, c.hook, from, occupied, &mut map),
                Kind::Lion => lion::protects(geo, from, &mut map),
                Kind::LineLion => linelion::protects(geo, c.linelion_all, from, &mut map),
                Kind::LionDog => liondog::protects(geo, from, &mut map),
                Kind::Area => area::protects(geo, c, from, occupied, &mut map),
                Kind::DoubleStep => dblstep::protects(
                    geo,
                    c,
                    from,
                    |x| pos.cell(x).is_color(color) && !vacated.contains(&x),
                    &mut map,
                ),
                Kind::LeapSlide => leapslide::protects(geo, c, from, occupied, &mut map),
                Kind::RangeJump => {
                    rangejump::protects(pos, rules, from, color, vacated, &mut map);
                }
                Kind::RangeCapture => {
                    rangecapture::protects(pos, rules, from, color, vacated, &mut map);
                }
                Kind::Igui => igui::protects(geo, c.igui, from, &mut map),
                Kind::Fly => fly::protects(geo, c, from, occupied, &mut map),
                // The route kinds (ko.md) belong to rules without a protection rule.
                Kind::Emperor
                | Kind::Jump
                | Kind::Double
                | Kind::Path
                | Kind::Line
                | Kind::Shoot => {}
            }
        }
    }
    map
}
