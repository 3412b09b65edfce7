//! The variants built into the binary: each one's traits and embedded data files, loaded
//! on first use and kept for the life of the process; look-up by id; and each variant's
//! default rules, compiled once and shared.

use super::load::{load, DataFiles};
use super::{PromotionKind, Rules, Variant, VariantTraits};
use crate::engine::geometry::Shape;
use std::sync::{Arc, OnceLock};

/// The variants this build knows, by id.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    match id {
        "tai" => Some(tai()),
        "chu" => Some(chu()),
        _ => None,
    }
}

/// The ids of every variant.
pub const VARIANT_IDS: &[&str] = &["tai", "chu"];

/// Tai shogi (泰将棋, "grand chess"), 25×25.
pub fn tai() -> &'static Variant {
    static TAI: OnceLock<Variant> = OnceLock::new();
    embedded(
        &TAI,
        "tai",
        "Tai shogi",
        VariantTraits {
            shape: Shape {
                files: 25,
                ranks: 25,
            },
            promotion: PromotionKind::OnCapture,
            lion_trading: false,
            checkmate: true,
            lishogi_marks: false,
        },
        &DataFiles {
            pieces: include_str!("data/tai.pieces"),
            options: include_str!("data/tai.options"),
            choices: include_str!("data/tai.choices"),
            profiles: include_str!("data/tai.profiles"),
            sources: include_str!("data/tai.sources"),
            overrides: include_str!("data/tai.overrides"),
            setup: include_str!("data/tai.setup"),
        },
    )
}

/// Chu shogi (中将棋, "middle chess"), 12×12, as lishogi plays it (`shared/rules/chu.md`).
pub fn chu() -> &'static Variant {
    static CHU: OnceLock<Variant> = OnceLock::new();
    embedded(
        &CHU,
        "chu",
        "Chu shogi",
        VariantTraits {
            shape: Shape {
                files: 12,
                ranks: 12,
            },
            promotion: PromotionKind::Zone { ranks: 4 },
            lion_trading: true,
            checkmate: false,
            lishogi_marks: true,
        },
        &DataFiles {
            pieces: include_str!("data/chu.pieces"),
            options: include_str!("data/chu.options"),
            choices: include_str!("data/chu.choices"),
            profiles: include_str!("data/chu.profiles"),
            sources: include_str!("data/chu.sources"),
            overrides: include_str!("data/chu.overrides"),
            setup: include_str!("data/chu.setup"),
        },
    )
}

/// A variant built into the binary, loaded from its data files on first use.
fn embedded(
    cell: &'static OnceLock<Variant>,
    id: &'static str,
    name: &'static str,
    traits: VariantTraits,
    files: &DataFiles<'static>,
) -> &'static Variant {
    cell.get_or_init(|| {
        load(id, name, traits, files)
            .unwrap_or_else(|e| panic!("embedded {id} data is invalid: {e}"))
    })
}

impl Variant {
    /// The rules a request that names no profile and no option gets: compiled by
    /// `compile` the first time, then shared.
    pub(crate) fn default_rules(&self, compile: impl FnOnce() -> Rules) -> Arc<Rules> {
        Arc::clone(self.default_rules.get_or_init(|| Arc::new(compile())))
    }
}
