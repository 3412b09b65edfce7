//! A movement in English words: what each [`Component`] of a piece's movement lets it do,
//! phrased for a reader of the rules pages (`docs/rules/`), derived from the same data
//! the generator compiles, so that the words cannot drift from the moves played.

use super::language::{Component, DirSet, DoubleRule, Movement, PathVisits, Shot, UNLIMITED};
use crate::engine::core::dir::Dir;

/// Named groups of directions, largest first, with how a sentence says them.
const GROUPS: &[(&str, &str)] = &[
    ("all", "in all eight directions"),
    ("orth", "orthogonally"),
    ("diag", "diagonally"),
    ("vert", "straight forward and backward"),
    ("side", "sideways"),
    ("fdiag", "diagonally forward"),
    ("bdiag", "diagonally backward"),
    ("f", "straight forward"),
    ("b", "straight backward"),
    ("l", "to the left"),
    ("r", "to the right"),
    ("fl", "diagonally forward-left"),
    ("fr", "diagonally forward-right"),
    ("bl", "diagonally backward-left"),
    ("br", "diagonally backward-right"),
];

/// A set of directions in words (`orthogonally and diagonally forward`), covering it with
/// the largest named groups first.
pub fn directions(dirs: DirSet) -> String {
    let mut left = dirs.0;
    let mut parts = Vec::new();
    for (name, words) in GROUPS {
        let bits = DirSet::parse(name).map_or(0, |d| d.0);
        if bits != 0 && left & bits == bits {
            left &= !bits;
            parts.push(*words);
        }
    }
    join_and(&parts)
}

/// The parts joined as a list: `a`, `a and b`, `a, b and c`.
fn join_and<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// A small number in words.
fn number(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// An ordinal in words (`2nd` as `second`).
fn ordinal(n: u8) -> String {
    const WORDS: [&str; 9] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| format!("{n}th"), |w| (*w).to_string())
}

/// Leap targets in words: those along one of the eight lines as "the second square
/// diagonally", the others as "two forward and one to either side".
fn leaps(offsets: &[(i8, i8)]) -> String {
    let mut parts = Vec::new();
    let mut by_distance: Vec<(u8, u8)> = Vec::new();
    for &(x, y) in offsets {
        let n = x.unsigned_abs().max(y.unsigned_abs());
        let on_line = x == 0 || y == 0 || x.abs() == y.abs();
        if let (true, Some(d)) = (
            on_line,
            Dir::from_relative(i32::from(x.signum()), i32::from(y.signum())),
        ) {
            match by_distance.iter_mut().find(|(m, _)| *m == n) {
                Some((_, bits)) => *bits |= 1 << d.index(),
                None => by_distance.push((n, 1 << d.index())),
            }
        }
    }
    for (n, bits) in by_distance {
        parts.push(format!(
            "the {} square {}",
            ordinal(n),
            directions(DirSet(bits))
        ));
    }
    let mut done: Vec<(i8, i8)> = Vec::new();
    for &(x, y) in offsets {
        let on_line = x == 0 || y == 0 || x.abs() == y.abs();
        if on_line || done.contains(&(x, y)) {
            continue;
        }
        let mirrored = offsets.contains(&(-x, y));
        done.push((x, y));
        if mirrored {
            done.push((-x, y));
        }
        let vertical = if y > 0 {
            format!("{} forward", number(y.unsigned_abs()))
        } else {
            format!("{} back", number(y.unsigned_abs()))
        };
        let side = if mirrored {
            format!("{} to either side", number(x.unsigned_abs()))
        } else if x > 0 {
            format!("{} to the right", number(x.unsigned_abs()))
        } else {
            format!("{} to the left", number(x.unsigned_abs()))
        };
        let squares = if mirrored { "squares" } else { "square" };
        parts.push(format!("the {squares} {vertical} and {side}"));
    }
    join_and(&parts)
}

/// One component in words, as a clause that follows the piece's name.
pub fn component(c: &Component) -> String {
    match c {
        Component::Slide { dirs, max: 1 } => format!("steps one square {}", directions(*dirs)),
        Component::Slide {
            dirs,
            max: UNLIMITED,
        } => format!("moves any distance {}", directions(*dirs)),
        Component::Slide { dirs, max } => format!(
            "moves up to {} squares {} (not jumping)",
            number(*max),
            directions(*dirs)
        ),
        Component::Jump { offsets } => {
            format!("jumps (whatever stands between) to {}", leaps(offsets))
        }
        Component::Hook { dirs } => format!(
            "hook move: any distance {}, then may turn 90° once at an empty square and go on \
             any distance",
            directions(*dirs)
        ),
        Component::Lion => "lion move: one or two king steps (capturing on each, the second \
                            possibly back to the start: capture without moving, or a pass), \
                            or a jump to any square within two"
            .into(),
        Component::LineLion { dirs } => format!(
            "lion power {}: a step or a jump to the second square, two steps capturing on \
             both, or a capture on the first square and back (capture without moving)",
            directions(*dirs)
        ),
        Component::LionDog => "lion dog move: up to three steps along any one of the eight \
                               lines, capturing on each square stepped on, leaping to the \
                               second or third square and coming back along the line"
            .into(),
        Component::Emperor => "emperor move: jumps to any empty square of the board, and \
                               captures anywhere as far as the emperor's capture rule allows"
            .into(),
        Component::RangeJump { dirs } => format!(
            "range jump {}: leaps over any number of pieces of a lower jump rank, capturing \
             where it lands",
            directions(*dirs)
        ),
        Component::RangeCapture { dirs } => format!(
            "range capture {}: flies over any number of pieces of either side ranked no \
             higher than itself (as the rule options say), removing every piece it passes and \
             the piece where it lands",
            directions(*dirs)
        ),
        Component::Area { steps } => format!(
            "area move: up to {} king steps through empty squares, ending on an empty \
             square or on its one capture",
            number(*steps)
        ),
        Component::DoubleStep { dirs } => format!(
            "double step {}: one step, then optionally a second, capturing on either",
            directions(*dirs)
        ),
        Component::LeapSlide { dirs, leap: 2, max } => {
            let reach = if *max == UNLIMITED {
                "any distance".to_string()
            } else {
                format!("up to the {} square", ordinal(*max))
            };
            format!(
                "leaps over the adjacent square {} whatever stands there, then goes on {reach}",
                directions(*dirs)
            )
        }
        Component::LeapSlide { dirs, leap, max } => {
            let reach = if *max == UNLIMITED {
                "any distance".to_string()
            } else {
                format!("up to {} more squares", number(max - leap))
            };
            format!(
                "leaps to the {} square {} whatever stands between, capturing nothing it \
                 passes, then from an empty square goes on {reach}",
                ordinal(*leap),
                directions(*dirs)
            )
        }
        Component::Fly { dirs, over } => {
            let pieces = if *over == UNLIMITED {
                "any number of pieces".to_string()
            } else {
                format!("up to {} pieces", number(*over))
            };
            format!(
                "flies {} any distance, passing over {pieces} of either side without \
                 capturing them, ending on an empty square or capturing an enemy",
                directions(*dirs)
            )
        }
        Component::Triple { dirs } => format!(
            "triple-slashed arrow {}, as the rule option `triple_arrow` reads it",
            directions(*dirs)
        ),
        Component::Igui { dirs } => format!(
            "captures on the adjacent square {} without moving",
            directions(*dirs)
        ),
        Component::Double { atoms, rule } => {
            let second = match rule {
                DoubleRule::Free => "then optionally a second such leg (back to the start too)",
                DoubleRule::SameLong => {
                    "then optionally a second leg that keeps the first leg's long direction"
                }
                DoubleRule::SameLongEmptyFirst => {
                    "then, from an empty point only, a second leg that keeps the first leg's \
                     long direction"
                }
            };
            format!(
                "double move: a leg to {}, {second}, capturing where each leg lands",
                leaps(atoms)
            )
        }
        Component::Path { steps, visits } => format!(
            "path of {} orthogonal steps{}, capturing every enemy stepped on",
            match visits {
                PathVisits::Exact => format!("exactly {}", number(*steps)),
                _ => format!("one to {}", number(*steps)),
            },
            match visits {
                PathVisits::Revisit => " (points may be visited again)",
                _ => " (no point twice)",
            }
        ),
        Component::Line { dirs, max } => format!(
            "moves one to {} squares {}, capturing every enemy on the way",
            number(*max),
            directions(*dirs)
        ),
        Component::Shoot(Shot {
            shots,
            range,
            over,
            except,
            each_leg,
        }) => {
            let mut text = format!(
                "shoots up to {} enemy piece{} within {} point{} ({})",
                number(*shots),
                if *shots == 1 { "" } else { "s" },
                number(*range),
                if *range == 1 { "" } else { "s" },
                if *over {
                    "over pieces in between"
                } else {
                    "the line must be clear"
                }
            );
            if !except.is_empty() {
                text += &format!(", never {}", except.join(", "));
            }
            if *each_leg {
                text += ", after each leg";
            }
            text
        }
    }
}

/// A movement in words: its components' clauses, joined by semicolons; slides of the same
/// reach are said once, their directions together.
pub fn movement(m: &Movement) -> String {
    let mut merged: Vec<Component> = Vec::new();
    for c in &m.components {
        let same_reach = merged.iter_mut().find_map(|earlier| match (earlier, c) {
            (Component::Slide { dirs, max }, Component::Slide { max: m, .. }) if *max == *m => {
                Some(dirs)
            }
            _ => None,
        });
        match (same_reach, c) {
            (Some(dirs), Component::Slide { dirs: more, .. }) => dirs.0 |= more.0,
            _ => merged.push(c.clone()),
        }
    }
    merged.iter().map(component).collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use super::{directions, movement};
    use crate::engine::movement::{DirSet, Movement};

    #[test]
    fn directions_use_the_largest_groups() {
        let d = |t: &str| directions(DirSet::parse(t).unwrap());
        assert_eq!(d("all"), "in all eight directions");
        assert_eq!(d("orth,fdiag"), "orthogonally and diagonally forward");
        assert_eq!(
            d("f,l,r,bl"),
            "sideways, straight forward and diagonally backward-left"
        );
    }

    #[test]
    fn slides_of_one_reach_are_said_once() {
        let m = Movement::parse("slide(fdiag) step(b) slide(b)").unwrap();
        assert_eq!(
            movement(&m),
            "moves any distance diagonally forward and straight backward; steps one square \
             straight backward"
        );
    }

    #[test]
    fn leaps_name_lines_and_knight_offsets() {
        let m = Movement::parse("jump(-1:2 1:2) jump(0:2 2:2 -2:2)").unwrap();
        assert_eq!(
            movement(&m),
            "jumps (whatever stands between) to the squares two forward and one to either side; \
             jumps (whatever stands between) to the second square diagonally forward and \
             straight forward"
        );
    }
}
