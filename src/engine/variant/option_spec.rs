//! The declaration of a rule option the engine reads ([`Spec`]: its name, its values as
//! the data files spell them with the Rust value each stands for) and which variants must
//! have it ([`Need`], decided by a variant's [`Features`]), and the declaration with the
//! value type left out that the loader checks ([`Declaration`]). The options themselves are
//! declared in `options.rs` and `ko_options.rs`.

use super::model::{PromotionKind, Variant, VariantTraits};

/// An option the engine reads.
#[derive(Debug)]
pub struct Spec<T: 'static> {
    pub name: &'static str,
    /// Each value as the data spells it, with what it means to the engine. The options
    /// file lists them in the order it likes (the order the catalogue shows).
    pub values: &'static [(&'static str, T)],
    /// Whether a variant may offer only some of the values (`repetition`: each variant
    /// names the rules it plays); otherwise it lists every one.
    pub subset: bool,
    pub need: Need,
}

impl<T: Copy> Spec<T> {
    /// The value in force, given the value index per option of the variant's table
    /// ([`super::Rules::values`]); `None` when the variant does not have the option.
    pub fn read(&self, variant: &Variant, values: &[usize]) -> Option<T> {
        let i = variant.option_index(self.name)?;
        Some(self.values[variant.options[i].declared[values[i]]].1)
    }

    /// [`Spec::read`] for an option the variant has by its [`Need`], which the loader
    /// checked.
    ///
    /// # Panics
    /// When the variant lacks the option: the loader lets no such variant through.
    pub fn require(&self, variant: &Variant, values: &[usize]) -> T {
        self.read(variant, values).unwrap_or_else(|| {
            panic!(
                "{} has no option `{}`, which the loader requires of {}",
                variant.id,
                self.name,
                self.need.who()
            )
        })
    }
}

/// Which variants must have an option: exactly those with the feature it names (the
/// others have nothing the option could change, so declaring it is a load error too), or
/// any variant for [`Need::Optional`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Every variant.
    Always,
    /// The variants with chu shogi's lion-trading rules ([`VariantTraits::lion_trading`]).
    LionTrading,
    /// The variants that promote on capture ([`PromotionKind::OnCapture`]).
    PromotionOnCapture,
    /// The variants with a piece that moves as an emperor (in the pieces file or an
    /// override).
    Emperor,
    /// The variants with a piece that has the lion dog move (in the pieces file or an
    /// override).
    LionDog,
    /// The variants whose pieces file names more than one promotion table.
    PromotionTables,
    /// The variants with a piece that has the range jump (in the pieces file or an
    /// override).
    RangeJump,
    /// The variants with a piece that has the range capture (in the pieces file or an
    /// override).
    RangeCapture,
    /// The variants with a piece that has an area move (in the pieces file or an override).
    Area,
    /// The variants with a fire demon (flag `fire_demon`).
    FireDemon,
    /// The variants with a piece that has a triple-slashed arrow (in the pieces file or an
    /// override).
    TripleArrow,
    /// The variants whose moves are routes ([`VariantTraits::routes`]: ko shogi).
    Routes,
    /// Any variant may have it; one without it does not play the rule, and
    /// `Rules::compile` says what it reads instead.
    Optional,
}

/// What decides which options a variant needs: its traits and what its pieces can do.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub traits: VariantTraits,
    /// A piece moves as an emperor (by default or under some option).
    pub emperor: bool,
    /// A piece has the lion dog move (by default or under some option).
    pub lion_dog: bool,
    /// How many promotion tables the pieces file names.
    pub promotion_tables: usize,
    /// A piece has the range jump (by default or under some option).
    pub range_jump: bool,
    /// A piece has the range capture (by default or under some option).
    pub range_capture: bool,
    /// A piece has an area move (by default or under some option).
    pub area: bool,
    /// A piece burns (flag `fire_demon`).
    pub fire_demon: bool,
    /// A piece has a triple-slashed arrow (by default or under some option).
    pub triple_arrow: bool,
}

impl Need {
    /// Whether a variant with `features` must have the option (`Some(true)`), must not
    /// (`Some(false)`), or may (`None`).
    pub(super) fn of(self, features: &Features) -> Option<bool> {
        match self {
            Need::Always => Some(true),
            Need::LionTrading => Some(features.traits.lion_trading),
            Need::PromotionOnCapture => Some(features.traits.promotion == PromotionKind::OnCapture),
            Need::Emperor => Some(features.emperor),
            Need::LionDog => Some(features.lion_dog),
            Need::PromotionTables => Some(features.promotion_tables > 1),
            Need::RangeJump => Some(features.range_jump),
            Need::RangeCapture => Some(features.range_capture),
            Need::Area => Some(features.area),
            Need::FireDemon => Some(features.fire_demon),
            Need::TripleArrow => Some(features.triple_arrow),
            Need::Routes => Some(features.traits.routes),
            Need::Optional => None,
        }
    }

    /// The variants that need the option, as an error names them.
    pub(super) fn who(self) -> &'static str {
        match self {
            Need::Always => "every variant",
            Need::LionTrading => "a variant with the lion-trading rules",
            Need::PromotionOnCapture => "a variant that promotes on capture",
            Need::Emperor => "a variant with a piece that moves as an emperor",
            Need::LionDog => "a variant with a piece that has the lion dog move",
            Need::PromotionTables => "a variant whose pieces name more than one promotion table",
            Need::RangeJump => "a variant with a range-jumping piece",
            Need::RangeCapture => "a variant with a range-capturing piece",
            Need::Area => "a variant with a piece that has an area move",
            Need::FireDemon => "a variant with a fire demon",
            Need::TripleArrow => "a variant with a piece that has a triple-slashed arrow",
            Need::Routes => "a variant whose moves are routes (ko shogi's mechanics)",
            Need::Optional => "no variant in particular",
        }
    }
}

/// An option's declaration with its value type left out: what the loader checks.
pub(super) struct Declaration {
    pub(super) name: &'static str,
    pub(super) values: Vec<&'static str>,
    pub(super) subset: bool,
    pub(super) need: Need,
}

impl<T> Spec<T> {
    /// The declaration the loader checks a variant's options file against.
    pub(super) fn declaration(&self) -> Declaration {
        Declaration {
            name: self.name,
            values: self.values.iter().map(|(v, _)| *v).collect(),
            subset: self.subset,
            need: self.need,
        }
    }
}
