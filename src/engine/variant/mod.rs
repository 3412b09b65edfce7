//! Variant definitions loaded from the embedded data files of `data/` (a header with the
//! variant's names, board and capabilities, one row per piece, one row per rule option,
//! one row per option value with its meaning and sources, one row per profile, one row per
//! source, one row per option-dependent movement, the setup as position text); see
//! `data/FORMAT.md`.
//!
//! `model` holds the data model (a [`Variant`] and its rows) and its accessors; `header`
//! reads a variant's header file, `load` reads the other data files into a variant
//! (`catalogue` the files that explain the options), `registry` keeps the one list of the
//! variants built into the binary, `options` declares the rule options the engine
//! understands (checked against the data at load), `rules` resolves a choice of options
//! into [`Rules`] (`contagion` says what option `contagion` gives each face, `mechanisms` which play
//! mechanisms beyond movement a variant has), `rules_page` renders a variant's rules page from its data and its prose fragment (`prose/<id>.md`),
//! `key_table` packs piece codes and tokens into the keys of a one-probe hash table, and
//! `token` reads what a piece token means.

mod catalogue;
mod contagion;
mod header;
mod key_table;
mod ko_flags;
mod ko_options;
mod load;
mod mechanisms;
mod model;
mod option_file;
mod option_spec;
mod options;
mod registry;
mod request;
mod route_rules;
mod rule_blocks;
mod rules;
mod rules_page;
mod token;
mod zone;

pub use header::read_header;
pub use key_table::{code_key, pack_token};
pub use ko_flags::{CapturePromotes, StepMover};
pub use ko_options::{
    ClerkPrecondition, FogLightGeometry, FogProtection, NetRule, PassiveBurn, PriestLoss,
    ShootTiming,
};
pub use load::{load, DataFiles};
pub use mechanisms::{
    flag, BurnVictims, Burning, Mechanisms, PassiveRule, PromotionTime, Reversions,
};
pub use model::{
    CellText, Choice, CodeEntry, KindInfo, KoFlags, OptionDef, Override, OverrideChange,
    PromotionKind, SetupOverride, Source, Variant, VariantNames, VariantTraits,
};
pub use options::{
    BothRoyalsLost, Contagion, EmperorCapture, LastRank, LionDogMove, LionProtection,
    PromotionRight, PromotionTrigger, Repetition,
};
pub use registry::{
    by_id, chu, dai, dai_dai, data_files, headers, ko, maka_dai_dai, names, rules_page, tai,
    taikyoku, tenjiku, VARIANT_IDS,
};
pub use request::{RulesError, RulesRequest};
pub use route_rules::{RouteFace, RouteRules, Shooter, Victim};
pub use rules::{
    BurnRules, FaceRule, FaceTraits, LionTrading, Placement, PromotionChoice, RangeCaptureRules,
    RangeJumpRules, Rules, Zone,
};
pub use rules_page::MARKERS as RULES_PAGE_MARKERS;
pub use token::TokenProblem;
