//! The variants built into the binary: each one's traits and embedded data files, loaded
//! on first use and kept for the life of the process; look-up by id; and the sharing of
//! compiled rules between requests (each variant's defaults compiled once, other choices
//! in a bounded cache); each one's rules page.

use super::load::{load, DataFiles};
use super::model::{PromotionKind, Variant, VariantNames, VariantTraits};
use super::rules::{Rules, RulesError, RulesRequest};
use super::rules_page::render;
use crate::engine::core::shape::Shape;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A variant built into the binary: what its loader needs, the variant once loaded, and
/// its default rules once compiled.
struct Embedded {
    names: VariantNames,
    traits: VariantTraits,
    files: DataFiles<'static>,
    /// The rules page's prose fragment (`prose/<id>.md`, see `rules_page.rs`).
    prose: &'static str,
    variant: OnceLock<Variant>,
    default_rules: OnceLock<Arc<Rules>>,
}

impl Embedded {
    /// The variant, loaded from its data files on first use.
    fn variant(&'static self) -> &'static Variant {
        self.variant.get_or_init(|| {
            load(self.names, self.traits, &self.files)
                .unwrap_or_else(|e| panic!("embedded {} data is invalid: {e}", self.names.id))
        })
    }
}

/// Tai shogi (泰将棋, "grand chess"), 25×25.
static TAI: Embedded = Embedded {
    names: VariantNames {
        id: "tai",
        name: "Tai shogi",
        japanese: "泰将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 25,
            ranks: 25,
        },
        promotion: PromotionKind::OnCapture,
        lion_trading: false,
        checkmate: true,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/tai.pieces"),
        options: include_str!("data/tai.options"),
        choices: include_str!("data/tai.choices"),
        profiles: include_str!("data/tai.profiles"),
        sources: include_str!("data/tai.sources"),
        overrides: include_str!("data/tai.overrides"),
        setup: include_str!("data/tai.setup"),
    },
    prose: include_str!("prose/tai.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Chu shogi (中将棋, "middle chess"), 12×12, as lishogi plays it (`docs/rules/chu.md`).
static CHU: Embedded = Embedded {
    names: VariantNames {
        id: "chu",
        name: "Chu shogi",
        japanese: "中将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 12,
            ranks: 12,
        },
        promotion: PromotionKind::Zone { ranks: 4 },
        lion_trading: true,
        checkmate: false,
        lishogi_marks: true,
        lishogi_kif: true,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/chu.pieces"),
        options: include_str!("data/chu.options"),
        choices: include_str!("data/chu.choices"),
        profiles: include_str!("data/chu.profiles"),
        sources: include_str!("data/chu.sources"),
        overrides: include_str!("data/chu.overrides"),
        setup: include_str!("data/chu.setup"),
    },
    prose: include_str!("prose/chu.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Tenjiku shogi (天竺将棋, "Indian chess"), 16×16 (`docs/rules/tenjiku.md`).
static TENJIKU: Embedded = Embedded {
    names: VariantNames {
        id: "tenjiku",
        name: "Tenjiku shogi",
        japanese: "天竺将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 16,
            ranks: 16,
        },
        promotion: PromotionKind::Zone { ranks: 5 },
        lion_trading: false,
        checkmate: true,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/tenjiku.pieces"),
        options: include_str!("data/tenjiku.options"),
        choices: include_str!("data/tenjiku.choices"),
        profiles: include_str!("data/tenjiku.profiles"),
        sources: include_str!("data/tenjiku.sources"),
        overrides: include_str!("data/tenjiku.overrides"),
        setup: include_str!("data/tenjiku.setup"),
    },
    prose: include_str!("prose/tenjiku.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Dai shogi (大将棋, "large shogi"), 15×15, chu shogi's ancestor (`docs/rules/dai.md`).
static DAI: Embedded = Embedded {
    names: VariantNames {
        id: "dai",
        name: "Dai shogi",
        japanese: "大将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 15,
            ranks: 15,
        },
        promotion: PromotionKind::Zone { ranks: 5 },
        lion_trading: true,
        checkmate: false,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/dai.pieces"),
        options: include_str!("data/dai.options"),
        choices: include_str!("data/dai.choices"),
        profiles: include_str!("data/dai.profiles"),
        sources: include_str!("data/dai.sources"),
        overrides: include_str!("data/dai.overrides"),
        setup: include_str!("data/dai.setup"),
    },
    prose: include_str!("prose/dai.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Dai dai shogi (大大将棋, "very large chess"), 17×17 (`docs/rules/dai-dai.md`): tai
/// shogi's rule frame (promotion by capture, no zone, mate ends the game) with the king as
/// the only royal.
static DAI_DAI: Embedded = Embedded {
    names: VariantNames {
        id: "dai-dai",
        name: "Dai dai shogi",
        japanese: "大大将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 17,
            ranks: 17,
        },
        promotion: PromotionKind::OnCapture,
        lion_trading: false,
        checkmate: true,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/dai-dai.pieces"),
        options: include_str!("data/dai-dai.options"),
        choices: include_str!("data/dai-dai.choices"),
        profiles: include_str!("data/dai-dai.profiles"),
        sources: include_str!("data/dai-dai.sources"),
        overrides: include_str!("data/dai-dai.overrides"),
        setup: include_str!("data/dai-dai.setup"),
    },
    prose: include_str!("prose/dai-dai.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Maka dai dai shogi (摩訶大大将棋, "great great great chess"), 19×19
/// (`docs/rules/maka-dai-dai.md`): tai shogi's rule frame, the king promoting to emperor.
static MAKA_DAI_DAI: Embedded = Embedded {
    names: VariantNames {
        id: "maka-dai-dai",
        name: "Maka dai dai shogi",
        japanese: "摩訶大大将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 19,
            ranks: 19,
        },
        promotion: PromotionKind::OnCapture,
        lion_trading: false,
        checkmate: true,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: false,
    },
    files: DataFiles {
        pieces: include_str!("data/maka-dai-dai.pieces"),
        options: include_str!("data/maka-dai-dai.options"),
        choices: include_str!("data/maka-dai-dai.choices"),
        profiles: include_str!("data/maka-dai-dai.profiles"),
        sources: include_str!("data/maka-dai-dai.sources"),
        overrides: include_str!("data/maka-dai-dai.overrides"),
        setup: include_str!("data/maka-dai-dai.setup"),
    },
    prose: include_str!("prose/maka-dai-dai.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Ko shogi (広将棋, "broad chess"), 19×19 points (`docs/rules/ko.md`): shooting,
/// burning, nets, on-the-spot promotions, reversions and a loss condition instead of
/// royals, played by its own generator and play ([`super::KoRules`]).
static KO: Embedded = Embedded {
    names: VariantNames {
        id: "ko",
        name: "Ko shogi",
        japanese: "広将棋",
    },
    traits: VariantTraits {
        shape: Shape {
            files: 19,
            ranks: 19,
        },
        promotion: PromotionKind::Zone { ranks: 6 },
        lion_trading: false,
        // Option `mate_ends_game` (O33) decides.
        checkmate: true,
        lishogi_marks: false,
        lishogi_kif: false,
        ko: true,
    },
    files: DataFiles {
        pieces: include_str!("data/ko.pieces"),
        options: include_str!("data/ko.options"),
        choices: include_str!("data/ko.choices"),
        profiles: include_str!("data/ko.profiles"),
        sources: include_str!("data/ko.sources"),
        overrides: include_str!("data/ko.overrides"),
        setup: include_str!("data/ko.setup"),
    },
    prose: include_str!("prose/ko.md"),
    variant: OnceLock::new(),
    default_rules: OnceLock::new(),
};

/// Every variant built into the binary.
static EMBEDDED: [&Embedded; 7] = [&TAI, &CHU, &TENJIKU, &DAI, &DAI_DAI, &MAKA_DAI_DAI, &KO];

/// The ids of every variant.
pub const VARIANT_IDS: &[&str] = &[
    "tai",
    "chu",
    "tenjiku",
    "dai",
    "dai-dai",
    "maka-dai-dai",
    "ko",
];

/// The names of every variant, in the order of [`VARIANT_IDS`], without loading any.
pub fn names() -> impl Iterator<Item = VariantNames> {
    EMBEDDED.iter().map(|e| e.names)
}

/// The variants this build knows, by id.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    embedded(id).map(Embedded::variant)
}

/// The rules page of a built-in variant (`docs/rules/<id>.md`): its data and its prose
/// fragment rendered as Markdown.
pub fn rules_page(id: &str) -> Option<String> {
    embedded(id).map(|e| render(e.variant(), e.prose))
}

fn embedded(id: &str) -> Option<&'static Embedded> {
    EMBEDDED.iter().copied().find(|e| e.names.id == id)
}

/// Tai shogi.
pub fn tai() -> &'static Variant {
    TAI.variant()
}

/// Chu shogi.
pub fn chu() -> &'static Variant {
    CHU.variant()
}

/// Tenjiku shogi.
pub fn tenjiku() -> &'static Variant {
    TENJIKU.variant()
}

/// Dai shogi.
pub fn dai() -> &'static Variant {
    DAI.variant()
}

/// Dai dai shogi.
pub fn dai_dai() -> &'static Variant {
    DAI_DAI.variant()
}

/// Maka dai dai shogi.
pub fn maka_dai_dai() -> &'static Variant {
    MAKA_DAI_DAI.variant()
}

/// Ko shogi.
pub fn ko() -> &'static Variant {
    KO.variant()
}

impl Rules {
    /// Like [`Rules::resolve`], but shares compiled rules between calls (what a service
    /// wants per request): a built-in variant's defaults are compiled once, other choices
    /// (and variants loaded from other data) are kept in a bounded cache keyed by the
    /// variant and the option values.
    ///
    /// # Errors
    /// As [`Rules::resolve`].
    pub fn resolve_shared(
        variant: &'static Variant,
        request: &RulesRequest,
    ) -> Result<Arc<Rules>, RulesError> {
        // The defaults, which most requests ask for, are kept apart from the cache.
        if request.profile.is_none() && request.overrides.is_empty() {
            if let Some(e) = EMBEDDED
                .iter()
                .find(|e| e.variant.get().is_some_and(|v| std::ptr::eq(v, variant)))
            {
                return Ok(Arc::clone(
                    e.default_rules
                        .get_or_init(|| Arc::new(Rules::default_for(variant))),
                ));
            }
        }
        type Key = (usize, usize, Vec<usize>);
        static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Rules>>>> = OnceLock::new();
        const MAX_ENTRIES: usize = 256;
        let (profile, values) = Rules::choose(variant, request)?;
        // Keyed by the variant's address: two variants may share an id (one loaded from
        // other data) but never an address, as variants live for the whole process.
        let key = (
            std::ptr::from_ref(variant) as usize,
            profile,
            values.clone(),
        );
        let cache = CACHE.get_or_init(Default::default);
        if let Some(r) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(Arc::clone(r));
        }
        let rules = Arc::new(Rules::compile(variant, profile, values));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, Arc::clone(&rules));
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::{by_id, EMBEDDED, VARIANT_IDS};

    #[test]
    fn the_listed_ids_are_the_embedded_variants() {
        let ids: Vec<&str> = EMBEDDED.iter().map(|e| e.names.id).collect();
        assert_eq!(ids, VARIANT_IDS);
        assert!(by_id("shogi").is_none());
    }
}
