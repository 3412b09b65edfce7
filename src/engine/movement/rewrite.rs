//! What rule options make of a movement before it is compiled: lion dog power as a plain
//! range (option `lion_dog = range3`), no area moves (`area_moves = false`), and the
//! triple-slashed arrow read as option `triple_arrow` says ([`TripleArrow`]).

use super::language::{Component, DirSet, Movement, UNLIMITED};

/// The readings of the triple-slashed arrow (taikyoku.md §4.4, option `triple_arrow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TripleArrow {
    /// A range, or a leap to the 2nd or 3rd square and a range on from there:
    /// `slide(D) jumpslide(2;D) jumpslide(3;D)`.
    Jump23,
    /// A range that may pass over up to three occupied squares: `fly3(D)`.
    Pass3,
}

impl TripleArrow {
    /// The components the triple arrow along `dirs` stands for under this reading.
    pub fn components(self, dirs: DirSet) -> Vec<Component> {
        match self {
            TripleArrow::Jump23 => vec![
                Component::Slide {
                    dirs,
                    max: UNLIMITED,
                },
                Component::LeapSlide {
                    dirs,
                    leap: 2,
                    max: UNLIMITED,
                },
                Component::LeapSlide {
                    dirs,
                    leap: 3,
                    max: UNLIMITED,
                },
            ],
            TripleArrow::Pass3 => vec![Component::Fly { dirs, over: 3 }],
        }
    }
}

impl Movement {
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

    /// The same movement with every triple-slashed arrow replaced by what `reading` makes
    /// of it (option `triple_arrow`).
    pub fn with_triple_arrow(&self, reading: TripleArrow) -> Movement {
        let mut components = Vec::with_capacity(self.components.len());
        for c in &self.components {
            match c {
                Component::Triple { dirs } => components.extend(reading.components(*dirs)),
                other => components.push(other.clone()),
            }
        }
        Movement { components }
    }

    /// Whether any component is a triple-slashed arrow.
    pub fn has_triple_arrow(&self) -> bool {
        self.components
            .iter()
            .any(|c| matches!(c, Component::Triple { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two readings of the triple arrow (taikyoku.md §4.4).
    #[test]
    fn the_triple_arrow_reads_per_option() {
        let tk = Movement::parse("step(b) triple(all)").unwrap();
        assert_eq!(
            tk.with_triple_arrow(TripleArrow::Jump23),
            Movement::parse("step(b) slide(all) jumpslide(2;all) jumpslide(3;all)").unwrap()
        );
        assert_eq!(
            tk.with_triple_arrow(TripleArrow::Pass3),
            Movement::parse("step(b) fly3(all)").unwrap()
        );
        assert!(tk.has_triple_arrow());
        assert!(!Movement::parse("slide(all) fly(fdiag)")
            .unwrap()
            .has_triple_arrow());
    }
}
