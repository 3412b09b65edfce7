//! Movement descriptions: the movement language of the variant data files (parsed into a
//! closed set of movement kinds), and its compilation into per-colour tables that the move
//! generator reads, with the overlaps between kinds resolved so that every distinct effect
//! is generated once (the equal-effect rule of `shared/rules/tai.md`).

use super::geometry::{abs_dir, absolute_offset, Color, Dir, ABS_DIRS};
use std::fmt;

/// A set of relative directions, one bit per [`Dir`] index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DirSet(pub u8);

impl DirSet {
    /// Whether `d` is in the set.
    pub fn contains(self, d: Dir) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// The directions in the set.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |d| self.contains(*d))
    }

    fn parse(text: &str) -> Result<DirSet, String> {
        let mut bits = 0u8;
        for name in text.split(',').map(str::trim) {
            let group: &[Dir] = match name {
                "f" => &[Dir::Forward],
                "b" => &[Dir::Backward],
                "l" => &[Dir::Left],
                "r" => &[Dir::Right],
                "fl" => &[Dir::ForwardLeft],
                "fr" => &[Dir::ForwardRight],
                "bl" => &[Dir::BackwardLeft],
                "br" => &[Dir::BackwardRight],
                "orth" => &[Dir::Forward, Dir::Backward, Dir::Left, Dir::Right],
                "diag" => &[
                    Dir::ForwardLeft,
                    Dir::ForwardRight,
                    Dir::BackwardLeft,
                    Dir::BackwardRight,
                ],
                "all" => &Dir::ALL,
                "vert" => &[Dir::Forward, Dir::Backward],
                "side" => &[Dir::Left, Dir::Right],
                "fdiag" => &[Dir::ForwardLeft, Dir::ForwardRight],
                "bdiag" => &[Dir::BackwardLeft, Dir::BackwardRight],
                other => return Err(format!("unknown direction `{other}`")),
            };
            for d in group {
                bits |= 1 << d.index();
            }
        }
        Ok(DirSet(bits))
    }

    fn names(self) -> String {
        self.iter().map(Dir::short).collect::<Vec<_>>().join(",")
    }
}

/// Unlimited range.
pub const UNLIMITED: u8 = u8::MAX;

/// One movement kind of a piece (tai.md "Movement kinds").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// Step (`max` 1), limited range (`max` 2..24) or range ([`UNLIMITED`]) along `dirs`.
    Slide { dirs: DirSet, max: u8 },
    /// Leaps to fixed squares, each as (right, forward) from the owner's view.
    Jump { offsets: Vec<(i8, i8)> },
    /// Hook move (鉤行, kagiyuki): a range leg in one of `dirs`, a 90° turn at an empty
    /// square, and a second range leg. Only the turning moves; the straight leg is a
    /// [`Component::Slide`] of its own.
    Hook { dirs: DirSet },
    /// Lion move (獅子, shishi): anything within two squares, two king steps with capture on
    /// each, igui (居喰い, capturing without moving) and pass.
    Lion,
    /// Linear lion: the lion's two-step power confined to each direction of `dirs`.
    LineLion { dirs: DirSet },
    /// Lion dog move (狛犬, komainu): up to three steps along one of the eight lines.
    LionDog,
    /// Emperor (自在天王, jizai tennō): jump to any square, captures restricted by rule.
    Emperor,
}

/// A piece's movement: the union of its components.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Movement {
    pub components: Vec<Component>,
}

impl Movement {
    /// Parses the movement language of the data files (see `variant/data/FORMAT.md`).
    ///
    /// # Errors
    /// A sentence naming the component that does not parse.
    pub fn parse(text: &str) -> Result<Movement, String> {
        let mut components = Vec::new();
        for token in split_components(text)? {
            components.push(parse_component(&token)?);
        }
        if components.is_empty() {
            return Err("empty movement".into());
        }
        Ok(Movement { components })
    }

    /// Replaces every lion-dog component by a plain range of three in all directions
    /// (option `lion_dog = range3`).
    pub fn without_lion_dog_power(&self) -> Movement {
        let components = self
            .components
            .iter()
            .map(|c| match c {
                Component::LionDog => Component::Slide {
                    dirs: DirSet(0xff),
                    max: 3,
                },
                other => other.clone(),
            })
            .collect();
        Movement { components }
    }

    /// Whether any component is the emperor's.
    pub fn is_emperor(&self) -> bool {
        self.components.contains(&Component::Emperor)
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .components
            .iter()
            .map(|c| match c {
                Component::Slide { dirs, max: 1 } => format!("step({})", dirs.names()),
                Component::Slide {
                    dirs,
                    max: UNLIMITED,
                } => format!("slide({})", dirs.names()),
                Component::Slide { dirs, max } => format!("slide{max}({})", dirs.names()),
                Component::Jump { offsets } => format!(
                    "jump({})",
                    offsets
                        .iter()
                        .map(|(x, y)| format!("{x}:{y}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                Component::Hook { dirs } => format!("hook({})", dirs.names()),
                Component::Lion => "lion".into(),
                Component::LineLion { dirs } => format!("linelion({})", dirs.names()),
                Component::LionDog => "liondog".into(),
                Component::Emperor => "emperor".into(),
            })
            .collect();
        f.write_str(&parts.join(" "))
    }
}

fn split_components(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0;
    for c in text.trim().chars() {
        match c {
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                if depth == 0 {
                    return Err(format!("unbalanced `)` in `{text}`"));
                }
                depth -= 1;
                current.push(c);
            }
            c if c.is_whitespace() && depth == 0 => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced `(` in `{text}`"));
    }
    if !current.is_empty() {
        out.push(current);
    }
    Ok(out)
}

fn parse_component(token: &str) -> Result<Component, String> {
    let (head, arg) = match token.find('(') {
        Some(i) if token.ends_with(')') => (&token[..i], Some(&token[i + 1..token.len() - 1])),
        Some(_) => return Err(format!("malformed component `{token}`")),
        None => (token, None),
    };
    let dirs = || -> Result<DirSet, String> {
        DirSet::parse(arg.ok_or_else(|| format!("`{head}` needs directions"))?)
    };
    Ok(match head {
        "step" => Component::Slide {
            dirs: dirs()?,
            max: 1,
        },
        "slide" => Component::Slide {
            dirs: dirs()?,
            max: UNLIMITED,
        },
        h if h.starts_with("slide") => {
            let n: u8 = h[5..]
                .parse()
                .map_err(|_| format!("bad range in `{token}`"))?;
            if !(2..=24).contains(&n) {
                return Err(format!("range out of 2..24 in `{token}`"));
            }
            Component::Slide {
                dirs: dirs()?,
                max: n,
            }
        }
        "jump" => {
            let arg = arg.ok_or("`jump` needs offsets")?;
            let mut offsets = Vec::new();
            for pair in arg.split_whitespace() {
                let (x, y) = pair
                    .split_once(':')
                    .ok_or_else(|| format!("bad jump offset `{pair}`"))?;
                let x: i8 = x.parse().map_err(|_| format!("bad jump offset `{pair}`"))?;
                let y: i8 = y.parse().map_err(|_| format!("bad jump offset `{pair}`"))?;
                if (x, y) == (0, 0) || x.abs() > 8 || y.abs() > 8 {
                    return Err(format!("jump offset out of range `{pair}`"));
                }
                offsets.push((x, y));
            }
            Component::Jump { offsets }
        }
        "hook" => Component::Hook { dirs: dirs()? },
        "lion" if arg.is_none() => Component::Lion,
        "linelion" => Component::LineLion { dirs: dirs()? },
        "liondog" if arg.is_none() => Component::LionDog,
        "emperor" if arg.is_none() => Component::Emperor,
        _ => return Err(format!("unknown movement component `{token}`")),
    })
}

/// A movement compiled for one colour: absolute directions, with every overlap between
/// components removed so that each distinct effect is produced by exactly one component.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    /// Range per absolute direction (0 = none).
    pub slide_max: [u8; 8],
    /// The absolute directions with a range (bit mask of `slide_max[d] > 0`).
    pub slide_dirs: u8,
    /// Per absolute direction, bit k set: do not emit the slide's k-th square (another
    /// component produces that effect).
    pub slide_skip: [u32; 8],
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
}

impl Compiled {
    /// Compiles `movement` for a piece of `color`.
    pub fn new(movement: &Movement, color: Color) -> Compiled {
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
                Component::Hook { dirs } => {
                    for d in dirs.iter() {
                        c.hook |= 1 << abs_dir(color, d);
                    }
                }
                Component::Lion => c.lion = true,
                Component::LineLion { dirs } => {
                    for d in dirs.iter() {
                        c.linelion_all |= 1 << abs_dir(color, d);
                    }
                }
                Component::LionDog => c.liondog = true,
                Component::Emperor => c.emperor = true,
            }
        }
        c.linelion = if c.lion || c.liondog {
            0
        } else {
            c.linelion_all
        };
        // Distances along each line produced by a lion-like component.
        let mut covered = [0u32; 8];
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
            let mut skip = cov;
            for &(dx, dy) in &c.jumps {
                if let Some((ja, k)) = line_of(dx as i32, dy as i32) {
                    if ja == a {
                        skip |= 1 << k;
                    }
                }
            }
            c.slide_skip[a] = skip;
        }
        for a in 0..8 {
            let leap = if c.liondog {
                3
            } else if c.lion || c.linelion_all & (1 << a) != 0 {
                2
            } else {
                0
            };
            let line = if c.hook & (1 << a) != 0 {
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
        c
    }

    /// An upper bound of `max(|dx|, |dy|)` over every offset for which
    /// [`Compiled::may_start_towards`] answers true: the farthest line reach, leap or lion
    /// step; `u8::MAX` for an emperor or a hook mover, whose first squares are unbounded.
    pub fn start_reach(&self) -> u8 {
        if self.emperor || self.hook != 0 {
            return u8::MAX;
        }
        let lines = self.line_reach.iter().copied().max().unwrap_or(0);
        let leaps = self
            .all_jumps
            .iter()
            .map(|&(x, y)| x.unsigned_abs().max(y.unsigned_abs()))
            .max()
            .unwrap_or(0);
        lines.max(leaps).max(if self.lion { 2 } else { 0 })
    }

    /// Whether a move of this piece could list, as the first square after its start
    /// square, the square `(dx, dy)` away from it (absolute board offsets). A conservative
    /// filter for questions about one first square (Hodges ambiguity): `false` proves that
    /// no move, whatever the position, starts that way; `true` only says "maybe".
    ///
    /// Per component, the first square a generated move lists is: a slide's destination
    /// (on a line, within `slide_max`); a leap's destination (`all_jumps`); a hook move's
    /// destination after the turn (an L of two legs of at least one square, the first
    /// along a hook direction); for lion, linear lion and lion dog powers the destination,
    /// the captured or stepped-through neighbour of igui, double and triple moves, the
    /// second square of a lion dog's leap-back, and the empty neighbour of a pass (all
    /// within two squares for a lion, along a line within `leap_reach` otherwise); for an
    /// emperor any square. Lines are judged with `line_reach`, which covers ranges, hook
    /// moves' straight legs and lion-like steps; promotion marks and the lion-trading
    /// rules change no squares.
    pub fn may_start_towards(&self, dx: i32, dy: i32) -> bool {
        if self.emperor {
            return true;
        }
        if self.lion && dx.abs() <= 2 && dy.abs() <= 2 {
            return true;
        }
        if let Some((a, k)) = line_of(dx, dy) {
            if k <= u32::from(self.line_reach[a]) {
                return true;
            }
        }
        if self
            .all_jumps
            .iter()
            .any(|&(jx, jy)| (i32::from(jx), i32::from(jy)) == (dx, dy))
        {
            return true;
        }
        self.hook != 0 && hook_may_end(self.hook, dx, dy)
    }
}

/// Whether a hook move whose first legs run along the absolute directions of `mask` could
/// end `(dx, dy)` away from its start: `n1 >= 1` squares along a direction of the mask,
/// then `n2 >= 1` squares at 90° to it (either side), whatever stands on the board.
fn hook_may_end(mask: u8, dx: i32, dy: i32) -> bool {
    ABS_DIRS.iter().enumerate().any(|(a, &(ax, ay))| {
        // The offset's coordinates along the first leg and across it, scaled by the
        // squared length of a unit step (2 on diagonals).
        let norm = ax * ax + ay * ay;
        let along = dx * ax + dy * ay;
        let across = dy * ax - dx * ay;
        mask & (1 << a) != 0 && along > 0 && across != 0 && along % norm == 0 && across % norm == 0
    })
}

/// The absolute direction index and distance of an offset along a line.
fn line_of(dx: i32, dy: i32) -> Option<(usize, u32)> {
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
    fn parses_and_prints_every_component() {
        let text = "step(f,b) slide(diag) slide3(l,r) jump(-1:2 1:2) hook(f,b,l,r) lion linelion(fl,fr) liondog emperor";
        let m = Movement::parse(text).unwrap();
        assert_eq!(m.components.len(), 9);
        assert_eq!(Movement::parse(&m.to_string()).unwrap(), m);
    }

    #[test]
    fn rejects_malformed_components() {
        for bad in [
            "",
            "step",
            "step(x)",
            "slide1(f)",
            "slide25(f)",
            "jump(0:0)",
            "jump(1)",
            "lion(f)",
            "hook(f",
            "teleport",
        ] {
            assert!(Movement::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lion_covers_near_slides_and_jumps() {
        let m = Movement::parse("slide(all) lion jump(0:2 0:3)").unwrap();
        let c = Compiled::new(&m, Color::Black);
        assert_eq!(c.jumps, vec![(0, -3)]);
        let f = 0; // Black forward is absolute direction 0
        assert_eq!(c.slide_skip[f], 0b1110);
        assert_eq!(c.slide_skip[1], 0b110);
    }

    /// A hook mover's moves start along its first leg's line or beside it on either side,
    /// never behind it; on the diagonals only towards squares of the leg's colour.
    #[test]
    fn hook_moves_start_towards_the_squares_beside_their_first_leg() {
        let orth = Compiled::new(&Movement::parse("hook(f)").unwrap(), Color::Black);
        for (dx, dy) in [(3, -2), (-1, -5), (0, -4)] {
            assert!(orth.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        for (dx, dy) in [(1, 3), (0, 4), (2, 0)] {
            assert!(!orth.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        let diag = Compiled::new(&Movement::parse("hook(fl)").unwrap(), Color::Black);
        for (dx, dy) in [(2, 0), (0, -2), (3, -1), (5, -3)] {
            assert!(diag.may_start_towards(dx, dy), "({dx}, {dy})");
        }
        for (dx, dy) in [(1, 0), (-2, 0), (0, 2), (2, -1)] {
            assert!(!diag.may_start_towards(dx, dy), "({dx}, {dy})");
        }
    }
}
