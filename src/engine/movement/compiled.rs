//! A movement compiled for one colour: the tables the move generator reads, with the
//! overlaps between kinds resolved so that every distinct effect is generated once (the
//! equal-effect rule of `docs/rules/tai.md`).

use super::kind::{Kind, KindSet};
use super::language::{Component, DirSet, DoubleRule, Movement, PathVisits, Shot, UNLIMITED};
use super::rewrite::TripleArrow;
use crate::engine::core::color::Color;
use crate::engine::core::dir::{abs_dir, absolute_offset, ABS_DIRS};

/// A movement compiled for one colour: absolute directions, with every overlap between
/// components removed so that each distinct effect is produced by exactly one component.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    /// Range per absolute direction (0 = none).
    pub slide_max: [u8; 8],
    /// The absolute directions with a range (bit mask of `slide_max[d] > 0`).
    pub slide_dirs: u8,
    /// Per absolute direction, bit k set: do not emit the slide's k-th square (another
    /// component produces that effect). Bits up to the 35th square: 64 bits.
    pub slide_skip: [u64; 8],
    /// Per absolute direction, bit k set: a component leaps to the k-th square whatever
    /// stands between (lion-like power, a leap), so a leap-slide or a flying move landing
    /// there leaves that effect to it.
    pub leap_skip: [u64; 8],
    /// Leaps as absolute (dx, dy), minus those another component covers.
    pub jumps: Vec<(i8, i8)>,
    /// Every leap (for protection maps, where overlaps do not matter).
    pub all_jumps: Vec<(i8, i8)>,
    /// Absolute first-leg directions of hook moves (bit mask).
    pub hook: u8,
    pub lion: bool,
    /// Absolute directions with linear-lion power not already covered by a lion or lion
    /// dog component.
    pub linelion: u8,
    /// Every absolute linear-lion direction, covered or not.
    pub linelion_all: u8,
    pub liondog: bool,
    pub emperor: bool,
    /// Per absolute direction, how far a capture along the line reaches when nothing is in
    /// the way (ranges, hook moves' straight legs, lion-like steps; 255 = unlimited).
    pub line_reach: [u8; 8],
    /// Per absolute direction, how far along the line lion-like power captures whatever
    /// stands between (lion and linear lion 2, lion dog 3).
    pub leap_reach: [u8; 8],
    /// The absolute directions along which the piece has lion-like power (a step out and
    /// back, a capture and a second step): all eight for a lion or lion dog, a linear
    /// lion's lines, a double step's directions. Such a piece can capture more than once
    /// in one move.
    pub lion_power: u8,
    /// The absolute directions through whose empty neighbour the piece can pass (step out
    /// and back): its lion-like power's, and all eight for an area mover.
    pub pass_lines: u8,
    /// The kinds the generator runs for this piece (after the overlaps are removed).
    pub kinds: KindSet,
    /// Absolute directions of range-jump captures (tenjiku.md §4.2).
    pub rangejump: u8,
    /// Absolute directions of range captures (taikyoku.md §4.3). Not in `line_reach`: what
    /// a range capturer may capture depends on ranks and on the rules in force, so its
    /// attacks, even with nothing passed, are its kind's own.
    pub rangecapture: u8,
    /// Per absolute direction, how many first squares another component (a range, a step,
    /// a unit leap, a double step) already reaches along a range-capture line: there a range
    /// capture that passes nothing is that component's move, emitted once by it.
    pub rangecapture_near: [u8; 8],
    /// The most king steps of an area move (0 = none; tenjiku.md §4.3).
    pub area: u8,
    /// Absolute directions of the double step's steps (tenjiku.md §4.4).
    pub dblstep: u8,
    /// Per absolute direction, its leap-slides (tenjiku.md §4.5, taikyoku.md §4.1
    /// `jumpslide`) as (the square leapt to, the farthest square of the range on from it;
    /// 255 = unlimited), one per leap, by leap.
    pub leapslide: [Vec<(u8, u8)>; 8],
    /// The farthest square any leap-slide leaps to (0 = none).
    pub max_leap: u8,
    /// Absolute directions of igui without moving (tenjiku.md §4.5).
    pub igui: u8,
    /// Per absolute direction, how many occupied squares a flying move passes at most (0 =
    /// none; 255 = any number; taikyoku.md §4.4).
    pub fly_over: [u8; 8],
    /// The absolute directions with a flying move (bit mask of `fly_over[d] > 0`).
    pub fly: u8,
    /// Double moves' legs (ko.md §4.5), as absolute offsets.
    pub double: Option<DoubleMove>,
    /// A path's most steps and which paths count (ko.md §4.5, the thunderclap).
    pub path: Option<(u8, PathVisits)>,
    /// Per absolute direction, how far a multi-capture line reaches (0 = none; ko.md §4.5).
    pub line: [u8; 8],
    /// Shots as the movement gives them (ko.md §4.2).
    pub shoot: Option<Shot>,
}

/// A double move's legs (ko.md §4.5): the offsets each leg may take, as absolute board
/// offsets, and which second legs follow a first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleMove {
    pub atoms: Vec<(i8, i8)>,
    pub rule: DoubleRule,
}

impl Compiled {
    /// Compiles `movement` for a piece of `color`.
    pub fn new(movement: &Movement, color: Color) -> Compiled {
        // The rules read the triple arrow per option `triple_arrow` before compiling; a
        // movement compiled without them reads it as `jump23`.
        let read;
        let movement = if movement.has_triple_arrow() {
            read = movement.with_triple_arrow(TripleArrow::Jump23);
            &read
        } else {
            movement
        };
        let mut c = Compiled::default();
        for comp in &movement.components {
            match comp {
                Component::Slide { dirs, max } => {
                    for d in dirs.iter() {
                        let a = abs_dir(color, d);
                        c.slide_max[a] = c.slide_max[a].max(*max);
                    }
                }
                Component::Jump { offsets } => {
                    for &(x, y) in offsets {
                        let (dx, dy) = absolute_offset(color, x as i32, y as i32);
                        let j = (dx as i8, dy as i8);
                        if !c.all_jumps.contains(&j) {
                            c.all_jumps.push(j);
                        }
                    }
                }
                Component::Hook { dirs } => c.hook |= abs_mask(color, *dirs),
                Component::Lion => c.lion = true,
                Component::LineLion { dirs } => c.linelion_all |= abs_mask(color, *dirs),
                Component::LionDog => c.liondog = true,
                Component::Emperor => c.emperor = true,
                Component::RangeJump { dirs } => c.rangejump |= abs_mask(color, *dirs),
                Component::RangeCapture { dirs } => c.rangecapture |= abs_mask(color, *dirs),
                Component::Area { steps } => c.area = c.area.max(*steps),
                Component::DoubleStep { dirs } => c.dblstep |= abs_mask(color, *dirs),
                Component::LeapSlide { dirs, leap, max } => {
                    for d in dirs.iter() {
                        let line = &mut c.leapslide[abs_dir(color, d)];
                        match line.iter_mut().find(|(l, _)| l == leap) {
                            Some((_, m)) => *m = (*m).max(*max),
                            None => line.push((*leap, *max)),
                        }
                        line.sort_unstable();
                        c.max_leap = c.max_leap.max(*leap);
                    }
                }
                Component::Igui { dirs } => c.igui |= abs_mask(color, *dirs),
                Component::Fly { dirs, over } => {
                    for d in dirs.iter() {
                        let a = abs_dir(color, d);
                        c.fly_over[a] = c.fly_over[a].max(*over);
                        c.fly |= 1 << a;
                    }
                }
                // Read above.
                Component::Triple { .. } => {}
                Component::Double { atoms, rule } => {
                    c.double = Some(DoubleMove {
                        atoms: atoms
                            .iter()
                            .map(|&(x, y)| {
                                let (dx, dy) = absolute_offset(color, i32::from(x), i32::from(y));
                                (dx as i8, dy as i8)
                            })
                            .collect(),
                        rule: *rule,
                    });
                }
                Component::Path { steps, visits } => c.path = Some((*steps, *visits)),
                Component::Line { dirs, max } => {
                    for d in dirs.iter() {
                        let a = abs_dir(color, d);
                        c.line[a] = c.line[a].max(*max);
                    }
                }
                Component::Shoot(shot) => c.shoot = Some(shot.clone()),
            }
        }
        c.linelion = if c.lion || c.liondog {
            0
        } else {
            c.linelion_all
        };
        // A lion's steps include every double step.
        if c.lion {
            c.dblstep = 0;
        }
        // Distances along each line produced by a lion-like component.
        let mut covered = [0u64; 8];
        for (a, cov) in covered.iter_mut().enumerate() {
            if c.liondog {
                *cov |= 0b1110;
            }
            if c.lion || c.linelion & (1 << a) != 0 {
                *cov |= 0b110;
            }
        }
        c.jumps = c
            .all_jumps
            .iter()
            .copied()
            .filter(|&(dx, dy)| {
                let (dx, dy) = (dx as i32, dy as i32);
                if c.lion && dx.abs() <= 2 && dy.abs() <= 2 {
                    return false;
                }
                match line_of(dx, dy) {
                    Some((a, k)) => covered[a] & (1 << k) == 0,
                    None => true,
                }
            })
            .collect();
        for (a, &cov) in covered.iter().enumerate() {
            let mut leaps = cov;
            for &(dx, dy) in &c.jumps {
                if let Some((ja, k)) = line_of(dx as i32, dy as i32) {
                    if ja == a {
                        leaps |= 1 << k;
                    }
                }
            }
            c.leap_skip[a] = leaps;
            // An area mover's final squares within its steps include the slide's.
            c.slide_skip[a] = leaps | ((2u64 << c.area) - 2);
        }
        for a in 0..8 {
            let leap = if c.liondog {
                3
            } else if c.lion || c.linelion_all & (1 << a) != 0 {
                2
            } else {
                0
            };
            // A flying move captures along its line like a range when nothing is passed.
            let line = if c.hook & (1 << a) != 0 || c.fly & (1 << a) != 0 {
                UNLIMITED
            } else {
                c.slide_max[a]
            };
            c.leap_reach[a] = leap;
            c.line_reach[a] = line.max(leap);
            if c.slide_max[a] > 0 {
                c.slide_dirs |= 1 << a;
            }
        }
        for a in 0..8 {
            if c.rangecapture & (1 << a) != 0 {
                let unit_leap = c
                    .all_jumps
                    .iter()
                    .any(|&(dx, dy)| line_of(i32::from(dx), i32::from(dy)) == Some((a, 1)));
                let unit = unit_leap || c.dblstep & (1 << a) != 0;
                c.rangecapture_near[a] = c.slide_max[a].max(u8::from(unit));
            }
        }
        c.lion_power = if c.lion || c.liondog {
            0xff
        } else {
            c.linelion_all | c.dblstep
        };
        c.pass_lines = if c.area > 0 { 0xff } else { c.lion_power };
        // Igui where lion-like power already captures without moving.
        c.igui &= !c.lion_power;
        for a in 0..8 {
            // An area mover reaches along every line through empty squares.
            c.line_reach[a] = c.line_reach[a].max(c.area);
            if c.igui & (1 << a) != 0 {
                c.line_reach[a] = c.line_reach[a].max(1);
            }
            if c.dblstep & (1 << a) != 0 {
                c.line_reach[a] = c.line_reach[a].max(1);
            }
        }
        let present = [
            (Kind::Emperor, c.emperor),
            (Kind::Area, c.area > 0),
            (Kind::Slide, c.slide_dirs != 0),
            (Kind::Jump, !c.jumps.is_empty()),
            (Kind::Hook, c.hook != 0),
            (Kind::Lion, c.lion),
            (Kind::LineLion, c.linelion != 0),
            (Kind::LionDog, c.liondog),
            (Kind::RangeJump, c.rangejump != 0),
            (Kind::RangeCapture, c.rangecapture != 0),
            (Kind::DoubleStep, c.dblstep != 0),
            (Kind::LeapSlide, c.max_leap > 0),
            (Kind::Igui, c.igui != 0),
            (Kind::Fly, c.fly != 0),
            (Kind::Double, c.double.is_some()),
            (Kind::Path, c.path.is_some()),
            (Kind::Line, c.line.iter().any(|&m| m > 0)),
            (Kind::Shoot, c.shoot.is_some()),
        ];
        for (kind, here) in present {
            if here {
                c.kinds.insert(kind);
            }
        }
        c
    }
}

impl Compiled {
    /// The kind that could also go from a range capture's start to a square along one of
    /// its lines over an occupied square, if any: the move text (start and final square)
    /// would then name two moves with different effects (one removing what it passes, one
    /// not), so a movement with such a pair is refused when loaded. Leaps along the line
    /// beyond the first square, lion-like power, leap-slides, flying moves, range jumps, area moves and
    /// the emperor's jumps are such kinds; steps and ranges pass nothing.
    pub fn range_capture_clash(&self) -> Option<Kind> {
        let lines = self.rangecapture;
        if lines == 0 {
            return None;
        }
        let on_lines = |bits: u8| bits & lines != 0;
        let leaps_along = self.all_jumps.iter().any(|&(dx, dy)| {
            line_of(i32::from(dx), i32::from(dy)).is_some_and(|(a, k)| k > 1 && on_lines(1 << a))
        });
        let lion_like = (0..8).any(|a| self.leap_reach[a] > 1 && on_lines(1 << a));
        let leapslide = (0..8).any(|a| !self.leapslide[a].is_empty() && on_lines(1 << a));
        [
            (Kind::Jump, leaps_along),
            (Kind::Lion, lion_like),
            (Kind::LeapSlide, leapslide),
            (Kind::Fly, on_lines(self.fly)),
            (Kind::RangeJump, on_lines(self.rangejump)),
            (Kind::Area, self.area > 0),
            (Kind::Emperor, self.emperor),
        ]
        .into_iter()
        .find_map(|(kind, clash)| clash.then_some(kind))
    }

    /// The same movement under the rules with shots when `routes` (ko.md §4.5), which make a
    /// double step a double move of unit steps that folds its routes by effect: its
    /// double-step directions become the atoms of a free double move. A movement with a
    /// double move of its own keeps it.
    pub fn routed(mut self, routes: bool) -> Compiled {
        if routes && self.dblstep != 0 && self.double.is_none() {
            let atoms = (0..8)
                .filter(|&a| self.dblstep & (1 << a) != 0)
                .map(|a| (ABS_DIRS[a].0 as i8, ABS_DIRS[a].1 as i8))
                .collect();
            self.double = Some(DoubleMove {
                atoms,
                rule: DoubleRule::Free,
            });
            self.kinds.insert(Kind::Double);
        }
        self
    }
}

/// The absolute directions of `dirs` for a piece of `color`, as a bit mask.
fn abs_mask(color: Color, dirs: DirSet) -> u8 {
    dirs.iter().fold(0, |m, d| m | 1 << abs_dir(color, d))
}

/// The absolute direction index and distance of an offset along a line.
pub(crate) fn line_of(dx: i32, dy: i32) -> Option<(usize, u32)> {
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    let a = ABS_DIRS
        .iter()
        .position(|&u| u == (dx.signum(), dy.signum()))?;
    Some((a, dx.abs().max(dy.abs()) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lion_covers_near_slides_and_jumps() {
        let m = Movement::parse("slide(all) lion jump(0:2 0:3)").unwrap();
        let c = Compiled::new(&m, Color::Black);
        assert_eq!(c.jumps, vec![(0, -3)]);
        let f = 0; // Black forward is absolute direction 0
        assert_eq!(c.slide_skip[f], 0b1110);
        assert_eq!(c.slide_skip[1], 0b110);
    }
}
