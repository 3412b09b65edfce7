//! The movement language of the variant data files (`variant/data/FORMAT.md`): parsing a
//! piece's movement text into [`Component`]s and printing it back.

use crate::engine::core::dir::Dir;
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
    /// Range jump (tenjiku.md §4.2): along `dirs`, a capture beyond pieces of a lower jump
    /// rank than the mover's (the ordinary slide is a [`Component::Slide`] of its own).
    RangeJump { dirs: DirSet },
    /// Area move (tenjiku.md §4.3): 1 to `steps` king steps through empty squares, ending
    /// on an empty square or on the one capture.
    Area { steps: u8 },
    /// Double step (tenjiku.md §4.4): a step in one of `dirs`, then optionally a second
    /// step in one of `dirs`, capturing on either.
    DoubleStep { dirs: DirSet },
    /// Leap-slide (tenjiku.md §4.5): over the adjacent square whatever stands there, then a
    /// range from the 2nd square up to the `max`-th ([`UNLIMITED`] for no limit).
    LeapSlide { dirs: DirSet, max: u8 },
    /// Igui (居喰い, "eating in place"; tenjiku.md §4.5): capture an enemy on the adjacent
    /// square in one of `dirs` without moving.
    Igui { dirs: DirSet },
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

    /// The same movement without its area components (option `area_moves = false`).
    pub fn without_area(&self) -> Movement {
        let components = self
            .components
            .iter()
            .filter(|c| !matches!(c, Component::Area { .. }))
            .cloned()
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
                Component::RangeJump { dirs } => format!("rangejump({})", dirs.names()),
                Component::Area { steps } => format!("area({steps})"),
                Component::DoubleStep { dirs } => format!("dblstep({})", dirs.names()),
                Component::LeapSlide {
                    dirs,
                    max: UNLIMITED,
                } => format!("leapslide({})", dirs.names()),
                Component::LeapSlide { dirs, max } => {
                    format!("leapslide{max}({})", dirs.names())
                }
                Component::Igui { dirs } => format!("igui({})", dirs.names()),
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
        "leapslide" => Component::LeapSlide {
            dirs: dirs()?,
            max: UNLIMITED,
        },
        h if h.starts_with("leapslide") => Component::LeapSlide {
            dirs: dirs()?,
            max: range_limit(&h["leapslide".len()..], token)?,
        },
        h if h.starts_with("slide") => Component::Slide {
            dirs: dirs()?,
            max: range_limit(&h["slide".len()..], token)?,
        },
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
        "rangejump" => Component::RangeJump { dirs: dirs()? },
        "area" => {
            let steps: u8 = arg
                .and_then(|a| a.trim().parse().ok())
                .filter(|n| (1..=3).contains(n))
                .ok_or_else(|| format!("`{token}` needs a number of steps from 1 to 3"))?;
            Component::Area { steps }
        }
        "dblstep" => Component::DoubleStep { dirs: dirs()? },
        "igui" => Component::Igui { dirs: dirs()? },
        _ => return Err(format!("unknown movement component `{token}`")),
    })
}

/// The limit of a limited range (`slide3`, `leapslide3`): 2 to 24.
fn range_limit(digits: &str, token: &str) -> Result<u8, String> {
    let n: u8 = digits
        .parse()
        .map_err(|_| format!("bad range in `{token}`"))?;
    if !(2..=24).contains(&n) {
        return Err(format!("range out of 2..24 in `{token}`"));
    }
    Ok(n)
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

    /// The components tenjiku.md §4 adds, as its piece rows write them (vice general,
    /// free eagle, heavenly tetrarch).
    #[test]
    fn parses_and_prints_the_tenjiku_components() {
        let vg = Movement::parse("slide(diag) rangejump(diag) area(3)").unwrap();
        assert_eq!(
            vg.components[1..],
            [
                Component::RangeJump {
                    dirs: DirSet(0b1111_0000)
                },
                Component::Area { steps: 3 }
            ]
        );
        let ht = Movement::parse("leapslide(diag,vert) leapslide3(side) igui(all)").unwrap();
        assert_eq!(
            ht.components,
            [
                Component::LeapSlide {
                    dirs: DirSet(0b1111_0011),
                    max: UNLIMITED
                },
                Component::LeapSlide {
                    dirs: DirSet(0b0000_1100),
                    max: 3
                },
                Component::Igui { dirs: DirSet(0xff) },
            ]
        );
        for text in [
            "slide(diag) rangejump(diag) area(3)",
            "slide(all) jump(0:2 0:-2 2:0 -2:0 2:2 -2:2 2:-2 -2:-2) dblstep(diag)",
            "leapslide(diag,vert) leapslide3(side) igui(all)",
            "slide(diag) area(2)",
        ] {
            let m = Movement::parse(text).unwrap();
            assert_eq!(Movement::parse(&m.to_string()).unwrap(), m, "{text}");
        }
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
            "area",
            "area(0)",
            "area(4)",
            "area(f)",
            "rangejump",
            "dblstep",
            "igui",
            "leapslide1(f)",
            "leapslide25(f)",
        ] {
            assert!(Movement::parse(bad).is_err(), "{bad}");
        }
    }
}
