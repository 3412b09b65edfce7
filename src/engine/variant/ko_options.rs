//! Ko shogi's rule options O1–O30, O32 and O33 (ko.md §7), each declared once as the
//! other options are in `options.rs`: its name, its values as `ko.options` spells them with
//! the Rust value each stands for. Every one is needed by exactly the variants with ko
//! shogi's mechanics ([`Need::Routes`]). O31 is `repetition` (`options.rs`); O8, O19, O20, O21
//! and O32 are read through `ko.overrides` rows, and are declared here as plain values.

use super::option_spec::{Declaration, Need, Spec};

const BOOL: &[(&str, bool)] = &[("true", true), ("false", false)];

/// O1: when a shooter shoots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShootTiming {
    AfterMove,
    AfterMoveOrInPlace,
    InsteadOfMove,
}

/// O7: how the five-li fog is protected from shots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FogProtection {
    /// Only the Frankish cannon family, from distance 6 or 7.
    FogImmune,
    /// No target within 5 of an enemy fog (for shooters outside the priest family).
    TargetZone,
    /// No shooter within 5 of an enemy fog (outside the priest family) shoots at all.
    ShooterZone,
}

/// O11: which arrivals next to an enemy poison flame burn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassiveBurn {
    EnemyArrivals,
    None,
    AnyArrivals,
}

/// O12: which pieces a net freezes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetRule {
    FirstEnemyPerLine,
    AllEnemiesUntilBlocked,
    None,
}

/// O18: what the clerk's promotion needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClerkPrecondition {
    Off,
    AnyPromotedGuardInCamp,
    AllGuardsInCamp,
}

/// O22: when a side counts as having lost its priest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriestLoss {
    /// While it has neither Taoist priest nor five-li fog on the board.
    AnyMeans,
    /// Only at the end of a move that captured its unpromoted priest by displacement.
    UnpromotedDisplacedOnly,
}

/// O23: where an immaculate light reverts a five-li fog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FogLightGeometry {
    EightLinesLe5,
    ChebyshevLe5,
}

macro_rules! ko_spec {
    ($(#[$doc:meta])* $id:ident: $t:ty = $name:literal, $values:expr) => {
        $(#[$doc])*
        pub const $id: Spec<$t> = Spec {
            name: $name,
            values: $values,
            subset: false,
            need: Need::Routes,
        };
    };
}

ko_spec!(
    /// O1.
    SHOOT_TIMING: ShootTiming = "shoot_timing",
    &[
        ("after_move", ShootTiming::AfterMove),
        ("after_move_or_in_place", ShootTiming::AfterMoveOrInPlace),
        ("instead_of_move", ShootTiming::InsteadOfMove),
    ]
);
ko_spec!(
    /// O2.
    SHOT_NEEDS_EMPTY_LANDING: bool = "shot_needs_empty_landing", BOOL);
ko_spec!(
    /// O3.
    SHOOTER_DISPLACEMENT_CAPTURE: bool = "shooter_displacement_capture", BOOL);
ko_spec!(
    /// O4.
    FRANKISH_RANGE: u8 = "frankish_range", &[("7", 7), ("5", 5)]);
ko_spec!(
    /// O5.
    FRANKISH_SHOTS: u8 = "frankish_shots", &[("2", 2), ("1", 1)]);
ko_spec!(
    /// O6.
    SECOND_SHOT_SEES_FIRST_REMOVED: bool = "second_shot_sees_first_removed", BOOL);
ko_spec!(
    /// O7.
    FOG_SHOT_PROTECTION: FogProtection = "fog_shot_protection",
    &[
        ("fog_immune", FogProtection::FogImmune),
        ("target_zone", FogProtection::TargetZone),
        ("shooter_zone", FogProtection::ShooterZone),
    ]
);
ko_spec!(
    /// O8 (read through `ko.overrides`).
    BOWS_VS_CHARIOT_OF_GODS: bool = "bows_vs_chariot_of_gods",
    &[("can_shoot", true), ("immune", false)]
);
ko_spec!(
    /// O9: the value is the codes of the kinds that may not capture a heavenly fortress by
    /// displacement, resolved against the variant's codes when the rules are compiled.
    FORTRESS_DISPLACEMENT_IMMUNITY: &'static str = "fortress_displacement_immunity",
    &[("CH,CU,GC,CG", "CH,CU,GC,CG"), ("GC,CG", "GC,CG")]
);
ko_spec!(
    /// O10: `true` burns every neighbour, `false` enemies only.
    BURN_VICTIMS: bool = "burn_victims",
    &[("all_adjacent", true), ("enemies_only", false)]
);
ko_spec!(
    /// O11.
    PASSIVE_BURN: PassiveBurn = "passive_burn",
    &[
        ("enemy_arrivals", PassiveBurn::EnemyArrivals),
        ("none", PassiveBurn::None),
        ("any_arrivals", PassiveBurn::AnyArrivals),
    ]
);
ko_spec!(
    /// O12.
    NET_IMMOBILIZE: NetRule = "net_immobilize",
    &[
        ("first_enemy_per_line", NetRule::FirstEnemyPerLine),
        ("all_enemies_until_blocked", NetRule::AllEnemiesUntilBlocked),
        ("none", NetRule::None),
    ]
);
ko_spec!(
    /// O13: `true` when zone promotion is compulsory.
    ZONE_PROMOTION: bool = "zone_promotion",
    &[("optional", false), ("compulsory", true)]
);
ko_spec!(
    /// O14: `true` for `entering_only`.
    ZONE_TRIGGER: bool = "zone_trigger",
    &[("into_out_within", false), ("entering_only", true)]
);
ko_spec!(
    /// O15.
    CAPTURE_PROMOTION_BY_SHOT: bool = "capture_promotion_by_shot", BOOL);
ko_spec!(
    /// O16: `true` for `s3_enumerated`.
    STEP_MOVER_SET: bool = "step_mover_set",
    &[("by_definition", false), ("s3_enumerated", true)]
);
ko_spec!(
    /// O17.
    DRUM_CAPTURE_PROMOTES: bool = "drum_capture_promotes", BOOL);
ko_spec!(
    /// O18.
    CLERK_GUARD_PRECONDITION: ClerkPrecondition = "clerk_guard_precondition",
    &[
        ("off", ClerkPrecondition::Off),
        ("any_promoted_guard_in_camp", ClerkPrecondition::AnyPromotedGuardInCamp),
        ("all_guards_in_camp", ClerkPrecondition::AllGuardsInCamp),
    ]
);
ko_spec!(
    /// O19 (read through `ko.overrides`).
    THUNDERCLAP_STEPS: u8 = "thunderclap_steps",
    &[
        ("up_to_5_no_revisit", 0),
        ("up_to_5_revisit_allowed", 1),
        ("exactly_5_no_revisit", 2),
    ]
);
ko_spec!(
    /// O20 (read through `ko.overrides`).
    WAR_HAWK_DOUBLE_STEP: bool = "war_hawk_double_step",
    &[("straight", false), ("free_turn", true)]
);
ko_spec!(
    /// O21 (read through `ko.overrides`).
    CAVALRY_SECOND_JUMP: u8 = "cavalry_second_jump",
    &[
        ("same_direction_or_return", 0),
        ("compound_leaper", 1),
        ("first_leg_empty_only", 2),
    ]
);
ko_spec!(
    /// O22.
    PRIEST_LOSS_TRIGGER: PriestLoss = "priest_loss_trigger",
    &[
        ("priest_or_fog_removed_any_means", PriestLoss::AnyMeans),
        ("unpromoted_priest_displaced_only", PriestLoss::UnpromotedDisplacedOnly),
    ]
);
ko_spec!(
    /// O23.
    FOG_LIGHT_GEOMETRY: FogLightGeometry = "fog_light_geometry",
    &[
        ("eight_lines_le5", FogLightGeometry::EightLinesLe5),
        ("chebyshev_le5", FogLightGeometry::ChebyshevLe5),
    ]
);
ko_spec!(
    /// O24.
    FOG_LIGHT_LINE_OF_SIGHT: bool = "fog_light_line_of_sight", BOOL);
ko_spec!(
    /// O25: `true` for `opposing_only`.
    FOG_LIGHT_OWNER: bool = "fog_light_owner",
    &[("any", false), ("opposing_only", true)]
);
ko_spec!(
    /// O26: `true` for `on_fog_or_light_move`.
    FOG_LIGHT_CHECK: bool = "fog_light_check",
    &[("every_move", false), ("on_fog_or_light_move", true)]
);
ko_spec!(
    /// O27: `true` for `unpromoted_drum_not_captured` (the history in the extra field).
    PAWN_DRUM_LINK: bool = "pawn_drum_link",
    &[
        ("drum_or_thunderclap_alive", false),
        ("unpromoted_drum_not_captured", true),
    ]
);
ko_spec!(
    /// O28.
    BANNER_SURVIVAL_INCLUDES_FLAG_WAVER: bool = "banner_survival_includes_flag_waver", BOOL);
ko_spec!(
    /// O29: `true` for `same_type_only`.
    PRIEST_FAMILY_CAPTURE: bool = "priest_family_capture",
    &[("family", false), ("same_type_only", true)]
);
ko_spec!(
    /// O30.
    ALLOW_PASS: bool = "allow_pass", BOOL);
ko_spec!(
    /// O32 (read through `ko.overrides`: the `8P_1PU` setup).
    SETUP_PAWN_ROW: bool = "setup_pawn_row",
    &[("6P_3PU", false), ("8P_1PU", true)]
);
ko_spec!(
    /// O33.
    MATE_ENDS_GAME: bool = "mate_ends_game", BOOL);

/// The names of every ko option, for the loader's declarations.
pub(super) fn declarations() -> Vec<Declaration> {
    vec![
        SHOOT_TIMING.declaration(),
        SHOT_NEEDS_EMPTY_LANDING.declaration(),
        SHOOTER_DISPLACEMENT_CAPTURE.declaration(),
        FRANKISH_RANGE.declaration(),
        FRANKISH_SHOTS.declaration(),
        SECOND_SHOT_SEES_FIRST_REMOVED.declaration(),
        FOG_SHOT_PROTECTION.declaration(),
        BOWS_VS_CHARIOT_OF_GODS.declaration(),
        FORTRESS_DISPLACEMENT_IMMUNITY.declaration(),
        BURN_VICTIMS.declaration(),
        PASSIVE_BURN.declaration(),
        NET_IMMOBILIZE.declaration(),
        ZONE_PROMOTION.declaration(),
        ZONE_TRIGGER.declaration(),
        CAPTURE_PROMOTION_BY_SHOT.declaration(),
        STEP_MOVER_SET.declaration(),
        DRUM_CAPTURE_PROMOTES.declaration(),
        CLERK_GUARD_PRECONDITION.declaration(),
        THUNDERCLAP_STEPS.declaration(),
        WAR_HAWK_DOUBLE_STEP.declaration(),
        CAVALRY_SECOND_JUMP.declaration(),
        PRIEST_LOSS_TRIGGER.declaration(),
        FOG_LIGHT_GEOMETRY.declaration(),
        FOG_LIGHT_LINE_OF_SIGHT.declaration(),
        FOG_LIGHT_OWNER.declaration(),
        FOG_LIGHT_CHECK.declaration(),
        PAWN_DRUM_LINK.declaration(),
        BANNER_SURVIVAL_INCLUDES_FLAG_WAVER.declaration(),
        PRIEST_FAMILY_CAPTURE.declaration(),
        ALLOW_PASS.declaration(),
        SETUP_PAWN_ROW.declaration(),
        MATE_ENDS_GAME.declaration(),
    ]
}
