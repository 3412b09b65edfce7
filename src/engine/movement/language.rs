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

    /// Reads a comma list of direction names (`f`, `orth`, `fdiag`, ...).
    ///
    /// # Errors
    /// An unknown direction name.
    pub fn parse(text: &str) -> Result<DirSet, String> {
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

    pub(crate) fn names(self) -> String {
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
    /// Range capture (taikyoku.md §4.3): along `dirs`, a range move that may pass pieces
    /// of either side ranked no higher than the mover (flag `rank=`, as the rule options
    /// say), removing every piece it passes, then the piece on its final square.
    RangeCapture { dirs: DirSet },
    /// Area move (tenjiku.md §4.3): 1 to `steps` king steps through empty squares, ending
    /// on an empty square or on the one capture.
    Area { steps: u8 },
    /// Double step (tenjiku.md §4.4): a step in one of `dirs`, then optionally a second
    /// step in one of `dirs`, capturing on either.
    DoubleStep { dirs: DirSet },
    /// Leap-slide (tenjiku.md §4.5, taikyoku's `jumpslide`): a leap to the `leap`-th square
    /// whatever stands between (nothing jumped is captured), then from an empty landing
    /// square a range on along the same line up to the `max`-th square ([`UNLIMITED`] for
    /// no limit). Tenjiku's `leapslide` is the leap to the 2nd square.
    LeapSlide { dirs: DirSet, leap: u8, max: u8 },
    /// Igui (居喰い, "eating in place"; tenjiku.md §4.5): capture an enemy on the adjacent
    /// square in one of `dirs` without moving.
    Igui { dirs: DirSet },
    /// Flying move (taikyoku.md §4.4): a range along `dirs` that may pass over up to `over`
    /// occupied squares of either side ([`UNLIMITED`]: any number), capturing none of them,
    /// ending on an empty square or capturing an enemy.
    Fly { dirs: DirSet, over: u8 },
    /// Triple-slashed arrow (taikyoku.md §4.4) along `dirs`: what it is depends on the rule
    /// option `triple_arrow` ([`TripleArrow`]), which the rules apply before compiling.
    Triple { dirs: DirSet },
    /// Double move (ko.md §4.5): a leg to one of `atoms` (right, forward), then optionally
    /// a second leg as `rule` says, capturing where each leg lands.
    Double {
        atoms: Vec<(i8, i8)>,
        rule: DoubleRule,
    },
    /// Area path (ko.md §4.5, the thunderclap): 1 to `steps` orthogonal unit steps,
    /// capturing every enemy stepped on.
    Path { steps: u8, visits: PathVisits },
    /// Multi-capture line (ko.md §4.5, the flag waver): 1 to `max` unit steps in one of
    /// `dirs`, capturing every enemy stepped on.
    Line { dirs: DirSet, max: u8 },
    /// Shooting after a move (ko.md §4.2): up to `shots` enemies within `range`, the line
    /// `over` pieces or blocked by them, never the kinds coded in `except`; `each_leg`:
    /// one shot after each leg of a double move.
    Shoot(Shot),
}

/// Shots (ko.md §4.2): up to `shots` enemies within `range`, the line `over` pieces or
/// blocked by them, never the kinds coded in `except`; `each_leg`: one shot after each leg
/// of a double move. The rules in force may change the count and range (ko's Frankish
/// cannon options) when they are compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub shots: u8,
    pub range: u8,
    pub over: bool,
    pub except: Vec<String>,
    pub each_leg: bool,
}

/// Which second legs a [`Component::Double`] allows (ko.md §4.5, O21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleRule {
    /// Any atom, the return to the start included (igui, pass).
    Free,
    /// The cavalry: after a leap (x, 2y) the leaps (±1, 2y), after (2x, y) the leaps
    /// (2x, ±1), or the exact reverse (`same_long`).
    SameLong,
    /// As [`DoubleRule::SameLong`], the first leg to an empty point only (`same_long
    /// empty_first`).
    SameLongEmptyFirst,
}

/// Which paths a [`Component::Path`] allows (ko.md §4.5, O19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathVisits {
    /// 1 to N steps, no point twice, the start counting as visited.
    NoRevisit,
    /// 1 to N steps that may revisit points, the start included (`revisit`).
    Revisit,
    /// Exactly N steps, no point twice (`exact`).
    Exact,
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
                Component::Jump { offsets } => format!("jump({})", offsets_text(offsets)),
                Component::Hook { dirs } => format!("hook({})", dirs.names()),
                Component::Lion => "lion".into(),
                Component::LineLion { dirs } => format!("linelion({})", dirs.names()),
                Component::LionDog => "liondog".into(),
                Component::Emperor => "emperor".into(),
                Component::RangeJump { dirs } => format!("rangejump({})", dirs.names()),
                Component::RangeCapture { dirs } => format!("rangecapture({})", dirs.names()),
                Component::Area { steps } => format!("area({steps})"),
                Component::DoubleStep { dirs } => format!("dblstep({})", dirs.names()),
                // The leap to the 2nd square is tenjiku's spelling.
                Component::LeapSlide {
                    dirs,
                    leap: 2,
                    max: UNLIMITED,
                } => format!("leapslide({})", dirs.names()),
                Component::LeapSlide { dirs, leap: 2, max } => {
                    format!("leapslide{max}({})", dirs.names())
                }
                Component::LeapSlide {
                    dirs,
                    leap,
                    max: UNLIMITED,
                } => format!("jumpslide({leap};{})", dirs.names()),
                Component::LeapSlide { dirs, leap, max } => {
                    format!("jumpslide({leap},{};{})", max - leap, dirs.names())
                }
                Component::Igui { dirs } => format!("igui({})", dirs.names()),
                Component::Fly {
                    dirs,
                    over: UNLIMITED,
                } => format!("fly({})", dirs.names()),
                Component::Fly { dirs, over } => format!("fly{over}({})", dirs.names()),
                Component::Triple { dirs } => format!("triple({})", dirs.names()),
                Component::Double { atoms, rule } => {
                    let mut text = format!("double(jump({})", offsets_text(atoms));
                    text.push_str(match rule {
                        DoubleRule::Free => "",
                        DoubleRule::SameLong => " same_long",
                        DoubleRule::SameLongEmptyFirst => " same_long empty_first",
                    });
                    text + ")"
                }
                Component::Path { steps, visits } => format!(
                    "path{steps}(orth{})",
                    match visits {
                        PathVisits::NoRevisit => "",
                        PathVisits::Revisit => " revisit",
                        PathVisits::Exact => " exact",
                    }
                ),
                Component::Line { dirs, max } => format!("line{max}({})", dirs.names()),
                Component::Shoot(Shot {
                    shots,
                    range,
                    over,
                    except,
                    each_leg,
                }) => {
                    let mut text = format!(
                        "shoot({shots}@{range} {}",
                        if *over { "over" } else { "blocked" }
                    );
                    if !except.is_empty() {
                        text += &format!(" except={}", except.join(","));
                    }
                    if *each_leg {
                        text += " each_leg";
                    }
                    text + ")"
                }
            })
            .collect();
        f.write_str(&parts.join(" "))
    }
}

/// Leap offsets as `jump(...)` writes them: `x:y` separated by spaces.
fn offsets_text(offsets: &[(i8, i8)]) -> String {
    offsets
        .iter()
        .map(|(x, y)| format!("{x}:{y}"))
        .collect::<Vec<_>>()
        .join(" ")
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
            leap: 2,
            max: UNLIMITED,
        },
        h if h.starts_with("leapslide") => Component::LeapSlide {
            dirs: dirs()?,
            leap: 2,
            max: range_limit(&h["leapslide".len()..], token)?,
        },
        "jumpslide" => parse_jumpslide(arg.ok_or("`jumpslide` needs `N;DIRS`")?, token)?,
        "fly" => Component::Fly {
            dirs: dirs()?,
            over: UNLIMITED,
        },
        h if h.starts_with("fly") => Component::Fly {
            dirs: dirs()?,
            over: range_limit(&h["fly".len()..], token)?,
        },
        "triple" => Component::Triple { dirs: dirs()? },
        h if h.starts_with("slide") => Component::Slide {
            dirs: dirs()?,
            max: range_limit(&h["slide".len()..], token)?,
        },
        "jump" => Component::Jump {
            offsets: parse_offsets(arg.ok_or("`jump` needs offsets")?)?,
        },
        "hook" => Component::Hook { dirs: dirs()? },
        "lion" if arg.is_none() => Component::Lion,
        "linelion" => Component::LineLion { dirs: dirs()? },
        "liondog" if arg.is_none() => Component::LionDog,
        "emperor" if arg.is_none() => Component::Emperor,
        "rangejump" => Component::RangeJump { dirs: dirs()? },
        "rangecapture" => Component::RangeCapture { dirs: dirs()? },
        "area" => {
            let steps: u8 = arg
                .and_then(|a| a.trim().parse().ok())
                .filter(|n| (1..=3).contains(n))
                .ok_or_else(|| format!("`{token}` needs a number of steps from 1 to 3"))?;
            Component::Area { steps }
        }
        "dblstep" => Component::DoubleStep { dirs: dirs()? },
        "igui" => Component::Igui { dirs: dirs()? },
        "double" => parse_double(arg.ok_or("`double` needs leg atoms")?)?,
        h if h.starts_with("path") => {
            let steps = range_limit(&h["path".len()..], token)?;
            let arg = arg.ok_or_else(|| format!("`{token}` needs `orth`"))?;
            let mut words = arg.split_whitespace();
            if words.next() != Some("orth") {
                return Err(format!("`{token}`: a path steps along `orth` only"));
            }
            let visits = match words.next() {
                None => PathVisits::NoRevisit,
                Some("revisit") => PathVisits::Revisit,
                Some("exact") => PathVisits::Exact,
                Some(w) => return Err(format!("`{token}`: unknown word `{w}`")),
            };
            if words.next().is_some() {
                return Err(format!("`{token}`: one of `revisit` or `exact` at most"));
            }
            Component::Path { steps, visits }
        }
        h if h.starts_with("line") => Component::Line {
            dirs: dirs()?,
            max: range_limit(&h["line".len()..], token)?,
        },
        "shoot" => parse_shoot(
            arg.ok_or("`shoot` needs shots@range and a line rule")?,
            token,
        )?,
        _ => return Err(format!("unknown movement component `{token}`")),
    })
}

/// Leap offsets `x:y` separated by spaces, none zero, each coordinate within 8.
fn parse_offsets(arg: &str) -> Result<Vec<(i8, i8)>, String> {
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
    if offsets.is_empty() {
        return Err("`jump` needs offsets".into());
    }
    Ok(offsets)
}

/// `jumpslide(N;DIRS)` or `jumpslide(N,M;DIRS)`: a leap to the N-th square (2 to 24), then
/// a range on, of at most M more squares (1 to 24) when M is given.
fn parse_jumpslide(arg: &str, token: &str) -> Result<Component, String> {
    let bad = || format!("`{token}`: expected `jumpslide(N;DIRS)` or `jumpslide(N,M;DIRS)`");
    let (numbers, dirs) = arg.split_once(';').ok_or_else(bad)?;
    let number = |text: &str, low: u8| {
        text.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (low..=24).contains(n))
            .ok_or_else(bad)
    };
    let (leap, max) = match numbers.split_once(',') {
        Some((n, m)) => {
            let leap = number(n, 2)?;
            (leap, leap + number(m, 1)?)
        }
        None => (number(numbers, 2)?, UNLIMITED),
    };
    Ok(Component::LeapSlide {
        dirs: DirSet::parse(dirs)?,
        leap,
        max,
    })
}

/// `double(ATOMS [same_long [empty_first]])`: atoms are `step(DIRS)` and `jump(...)`
/// components, written out as offsets.
fn parse_double(arg: &str) -> Result<Component, String> {
    let mut atoms: Vec<(i8, i8)> = Vec::new();
    let mut words = Vec::new();
    for token in split_components(arg)? {
        match parse_component(&token) {
            Ok(Component::Slide { dirs, max: 1 }) => {
                atoms.extend(dirs.iter().map(|d| {
                    let (x, y) = d.relative_offset();
                    (x as i8, y as i8)
                }));
            }
            Ok(Component::Jump { offsets }) => atoms.extend(offsets),
            _ => words.push(token),
        }
    }
    if atoms.is_empty() {
        return Err(format!("`double({arg})` needs step or jump atoms"));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let rule = match words[..] {
        [] => DoubleRule::Free,
        ["same_long"] => DoubleRule::SameLong,
        ["same_long", "empty_first"] => DoubleRule::SameLongEmptyFirst,
        _ => return Err(format!("`double({arg})`: unknown words {words:?}")),
    };
    Ok(Component::Double { atoms, rule })
}

/// `shoot(N@R blocked|over [except=CODES] [each_leg])`.
fn parse_shoot(arg: &str, token: &str) -> Result<Component, String> {
    let bad = || format!("`{token}`: expected `shoot(N@R blocked|over [except=CODES] [each_leg])`");
    let mut words = arg.split_whitespace();
    let (shots, range) = words
        .next()
        .and_then(|w| w.split_once('@'))
        .ok_or_else(bad)?;
    let shots: u8 = shots
        .parse()
        .ok()
        .filter(|n| (1..=2).contains(n))
        .ok_or_else(bad)?;
    let range: u8 = range
        .parse()
        .ok()
        .filter(|n| (1..=8).contains(n))
        .ok_or_else(bad)?;
    let over = match words.next() {
        Some("over") => true,
        Some("blocked") => false,
        _ => return Err(bad()),
    };
    let mut except = Vec::new();
    let mut each_leg = false;
    for w in words {
        if let Some(codes) = w.strip_prefix("except=") {
            except = codes.split(',').map(str::to_string).collect();
        } else if w == "each_leg" {
            each_leg = true;
        } else {
            return Err(bad());
        }
    }
    Ok(Component::Shoot(Shot {
        shots,
        range,
        over,
        except,
        each_leg,
    }))
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
                    leap: 2,
                    max: UNLIMITED
                },
                Component::LeapSlide {
                    dirs: DirSet(0b0000_1100),
                    leap: 2,
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
            "jump(0:2 2:0 0:-2 -2:0) rangecapture(diag)",
            "slide3(fdiag) slide2(bdiag) rangecapture(orth)",
        ] {
            let m = Movement::parse(text).unwrap();
            assert_eq!(Movement::parse(&m.to_string()).unwrap(), m, "{text}");
        }
    }

    /// The components ko.md §4 adds, as its piece rows write them (cavalry, thunderclap,
    /// flag waver, five-li fog, longbow).
    #[test]
    fn parses_and_prints_the_ko_components() {
        let cv = Movement::parse("double(jump(-1:2 1:2) same_long)").unwrap();
        assert_eq!(
            cv.components,
            [Component::Double {
                atoms: vec![(-1, 2), (1, 2)],
                rule: DoubleRule::SameLong
            }]
        );
        let ar = Movement::parse("double(step(diag) jump(0:2))").unwrap();
        assert_eq!(
            ar.components,
            [Component::Double {
                atoms: vec![(-1, 1), (1, 1), (-1, -1), (1, -1), (0, 2)],
                rule: DoubleRule::Free
            }]
        );
        let lb = Movement::parse("step(diag) shoot(1@3 blocked except=SH,SU)").unwrap();
        assert_eq!(
            lb.components[1],
            Component::Shoot(Shot {
                shots: 1,
                range: 3,
                over: false,
                except: vec!["SH".into(), "SU".into()],
                each_leg: false
            })
        );
        for text in [
            "path5(orth)",
            "path5(orth revisit)",
            "path5(orth exact)",
            "line5(orth)",
            "slide(diag) line2(orth)",
            "double(jump(0:2 2:2)) shoot(1@1 blocked each_leg)",
            "double(jump(1:2 2:1) same_long empty_first)",
            "step(diag) shoot(2@7 over except=SU,HF)",
        ] {
            let m = Movement::parse(text).unwrap();
            assert_eq!(Movement::parse(&m.to_string()).unwrap(), m, "{text}");
        }
    }

    /// The components taikyoku.md §4 adds, as its piece rows write them (free eagle,
    /// wooden dove, rain demon, teaching king).
    #[test]
    fn parses_and_prints_the_taikyoku_components() {
        let fe = Movement::parse("slide(all) jumpslide(2;all) jumpslide(3;all) jumpslide(4;fdiag)")
            .unwrap();
        assert_eq!(
            fe.components[1..],
            [
                Component::LeapSlide {
                    dirs: DirSet(0xff),
                    leap: 2,
                    max: UNLIMITED
                },
                Component::LeapSlide {
                    dirs: DirSet(0xff),
                    leap: 3,
                    max: UNLIMITED
                },
                Component::LeapSlide {
                    dirs: DirSet::parse("fdiag").unwrap(),
                    leap: 4,
                    max: UNLIMITED
                },
            ]
        );
        let wo = Movement::parse("jumpslide(3,2;diag) fly(fdiag) fly3(b) triple(vert)").unwrap();
        assert_eq!(
            wo.components,
            [
                Component::LeapSlide {
                    dirs: DirSet::parse("diag").unwrap(),
                    leap: 3,
                    max: 5
                },
                Component::Fly {
                    dirs: DirSet::parse("fdiag").unwrap(),
                    over: UNLIMITED
                },
                Component::Fly {
                    dirs: DirSet::parse("b").unwrap(),
                    over: 3
                },
                Component::Triple {
                    dirs: DirSet::parse("vert").unwrap()
                },
            ]
        );
        // The leap to the 2nd square prints as tenjiku's leap-slide: the same component.
        assert_eq!(
            Movement::parse("jumpslide(2;diag) jumpslide(2,3;side)")
                .unwrap()
                .to_string(),
            "leapslide(fl,fr,bl,br) leapslide5(l,r)"
        );
        for text in [&fe.to_string(), &wo.to_string(), "jumpslide(4,1;f)"] {
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
            "rangecapture",
            "rangecapture(x)",
            "dblstep",
            "igui",
            "leapslide1(f)",
            "leapslide25(f)",
            "double",
            "double(same_long)",
            "double(step(orth) sideways)",
            "path5(diag)",
            "path5(orth twice)",
            "line1(orth)",
            "shoot(3@5 blocked)",
            "shoot(1@5 sideways)",
            "shoot(1@9 over)",
            "jumpslide(1;all)",
            "jumpslide(25;all)",
            "jumpslide(3,0;diag)",
            "jumpslide(3;up)",
            "jumpslide(all)",
            "jumpslide3(all)",
            "fly1(all)",
            "fly",
            "triple",
            "triple(x)",
        ] {
            assert!(Movement::parse(bad).is_err(), "{bad}");
        }
    }
}
