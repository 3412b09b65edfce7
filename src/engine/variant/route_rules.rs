//! The route rules (ko shogi's, ko.md) compiled for the engine ([`RouteRules`]): the values
//! of options O1–O30, O32 and O33 (ko.md §7) and, per face, what route generation and play
//! read about it
//! ([`RouteFace`]: how far its moves reach (the moves themselves are the face's
//! [`Compiled`] movement, as every variant's), its shots, what it may capture by displacement, the
//! on-the-spot promotions it takes part in, its part in the loss condition, nets, burns,
//! priests, fog and light). A twin (a promoted face whose promoted side is a setup kind,
//! ko.md §2.4) is the kind it moves as for every rule, so each face reads its facts from
//! the row of the kind it moves as.

use super::ko_flags::{CapturePromotes, StepMover};
use super::ko_options::{
    ClerkPrecondition, FogLightGeometry, FogProtection, NetRule, PassiveBurn, PriestLoss,
    ShootTiming, ALLOW_PASS, BANNER_SURVIVAL_INCLUDES_FLAG_WAVER, BURN_VICTIMS,
    CAPTURE_PROMOTION_BY_SHOT, CLERK_GUARD_PRECONDITION, DRUM_CAPTURE_PROMOTES, FOG_LIGHT_CHECK,
    FOG_LIGHT_GEOMETRY, FOG_LIGHT_LINE_OF_SIGHT, FOG_LIGHT_OWNER, FOG_SHOT_PROTECTION,
    FORTRESS_DISPLACEMENT_IMMUNITY, FRANKISH_RANGE, FRANKISH_SHOTS, MATE_ENDS_GAME, NET_IMMOBILIZE,
    PASSIVE_BURN, PAWN_DRUM_LINK, PRIEST_FAMILY_CAPTURE, PRIEST_LOSS_TRIGGER,
    SECOND_SHOT_SEES_FIRST_REMOVED, SHOOTER_DISPLACEMENT_CAPTURE, SHOOT_TIMING,
    SHOT_NEEDS_EMPTY_LANDING, STEP_MOVER_SET, ZONE_PROMOTION, ZONE_TRIGGER,
};
use super::model::Variant;
use crate::engine::core::color::Color;
use crate::engine::core::dir::abs_dir;
use crate::engine::core::piece::{FaceId, KindId};
use crate::engine::movement::{Compiled, UNLIMITED};

/// The most kinds a [`KindMask`] holds: the loader refuses a variant with route rules and
/// more kinds.
pub const KIND_MASK_BITS: usize = u128::BITS as usize;

/// A set of kinds, one bit per [`KindId`] (at most [`KIND_MASK_BITS`] kinds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindMask(u128);

impl KindMask {
    /// Whether the kind is in the set.
    #[inline]
    pub fn contains(self, kind: KindId) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    fn insert(&mut self, kind: KindId) {
        self.0 |= 1 << kind.index();
    }
}

/// A shooter (ko.md §4.2) under the rules in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shooter {
    pub shots: u8,
    pub range: u8,
    /// `over`: the points between do not matter; otherwise they must be empty.
    pub over: bool,
    /// The kinds (as moved) it may not shoot.
    pub immune: KindMask,
    /// One shot after each leg (five-li fog, immaculate light).
    pub each_leg: bool,
    /// The Frankish cannon family: may shoot a fog from 6 or 7 under `fog_immune`.
    pub frankish: bool,
}

/// How capturing a face promotes its capturer on the spot (ko.md §4.6b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Victim {
    No,
    Any,
    StepMover,
    Kind(KindId),
}

/// What ko's generator and play read about one face.
#[derive(Clone, Debug)]
pub struct RouteFace {
    /// The kind it moves as.
    pub moves_as: KindId,
    /// Its pawn-like forward step needs the side's drum link (ko.md §4.8, `drum_step`).
    pub drum_step: bool,
    pub shooter: Option<Shooter>,
    pub commander: bool,
    /// The half-commander kind it counts as (middle troop, banner; a flag waver under
    /// O28).
    pub half: Option<KindId>,
    pub victim: Victim,
    pub step_mover: bool,
    pub clerk: bool,
    pub guard: bool,
    pub priest: bool,
    /// Its family group for displacement limits (the origin kind: TP and FF, SM and IL).
    pub priest_family: Option<KindId>,
    pub priest_link: bool,
    /// A drum or thunderclap, which keeps the pawns' forward step.
    pub drum: bool,
    pub fog: bool,
    pub light: bool,
    pub fortress: bool,
    /// May not capture a heavenly fortress by displacement (O9).
    pub fortress_banned: bool,
    pub poison_flame: bool,
    /// Its line move is written `from to` (the flag waver, ko.md §5).
    pub implied_captures: bool,
    /// Net directions per colour (absolute bit mask).
    pub net: [u8; 2],
    /// How far (Chebyshev distance) anything the piece does in one move can reach, its
    /// unlimited ranges aside: moves, shots after them, burns next to its final point.
    pub reach: u8,
    /// Per colour, the absolute directions of its unlimited ranges (bit mask).
    pub far: [u8; 2],
}

/// The farthest point (Chebyshev distance) a compiled movement reaches, unlimited ranges
/// aside.
fn bounded_reach(c: &Compiled) -> u8 {
    let slide = c.slide_max.iter().filter(|&&m| m != UNLIMITED).max();
    let jump = c
        .all_jumps
        .iter()
        .map(|&(x, y)| x.unsigned_abs().max(y.unsigned_abs()))
        .max();
    let double = c.double.as_ref().and_then(|d| {
        d.atoms
            .iter()
            .map(|&(x, y)| 2 * x.unsigned_abs().max(y.unsigned_abs()))
            .max()
    });
    let path = c.path.map(|(n, _)| n);
    let line = c.line.iter().max();
    [slide.copied(), jump, double, path, line.copied()]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(0)
}

/// The absolute directions of a compiled movement's unlimited ranges.
fn far_dirs(c: &Compiled) -> u8 {
    (0..8)
        .filter(|&d| c.slide_max[d] == UNLIMITED)
        .fold(0, |m, d| m | 1 << d)
}

/// What ko's rules are compiled from for one face: its kind, whether it is the promoted
/// side, the kind it moves as, and its movement under the rules in force (overrides
/// applied) compiled per colour.
pub(super) struct FaceInput<'f> {
    pub kind: KindId,
    pub promoted: bool,
    pub moves_as: KindId,
    pub compiled: &'f [Compiled; 2],
}

/// Ko shogi's rules in force.
#[derive(Clone, Debug)]
pub struct RouteRules {
    pub shoot_timing: ShootTiming,
    pub shot_needs_empty_landing: bool,
    pub shooter_displacement_capture: bool,
    pub second_shot_sees_first_removed: bool,
    pub fog_protection: FogProtection,
    pub burn_all: bool,
    pub passive_burn: PassiveBurn,
    pub nets: NetRule,
    pub zone_compulsory: bool,
    pub zone_entering_only: bool,
    pub shot_capture_promotes: bool,
    pub clerk_precondition: ClerkPrecondition,
    pub priest_loss: PriestLoss,
    pub fog_light_geometry: FogLightGeometry,
    pub fog_light_line_of_sight: bool,
    pub fog_light_opposing_only: bool,
    pub fog_light_on_move_only: bool,
    /// O27 `unpromoted_drum_not_captured`: the pawns' link is history, in the extra field.
    pub drum_history: bool,
    pub priest_same_type_only: bool,
    pub allow_pass: bool,
    pub mate_ends_game: bool,
    /// The kinds with flag `half_commander`: a side keeps on with all of them.
    pub half_kinds: Vec<KindId>,
    /// The drum's kind (named by the pawn's `drum_step`), whose capture O27 records.
    pub drum_kind: Option<KindId>,
    /// Per face.
    pub faces: Vec<RouteFace>,
}

impl RouteRules {
    /// Compiles ko's rules from the option values (value index per option) and the faces
    /// compiled by `Rules::compile` (which applied the overrides to their movements and
    /// compiled them).
    pub(super) fn compile<'f>(
        variant: &Variant,
        values: &[usize],
        faces: impl Iterator<Item = FaceInput<'f>>,
    ) -> RouteRules {
        let frankish_range = FRANKISH_RANGE.require(variant, values);
        let frankish_shots = FRANKISH_SHOTS.require(variant, values);
        let s3_step_movers = STEP_MOVER_SET.require(variant, values);
        let drum_promotes = DRUM_CAPTURE_PROMOTES.require(variant, values);
        let flag_waver_is_banner = BANNER_SURVIVAL_INCLUDES_FLAG_WAVER.require(variant, values);
        let shooter_capture = SHOOTER_DISPLACEMENT_CAPTURE.require(variant, values);
        let code = |c: &str| variant.kind_by_code(c);
        let mut fortress_banned = KindMask::default();
        for c in FORTRESS_DISPLACEMENT_IMMUNITY
            .require(variant, values)
            .split(',')
        {
            if let Some(k) = code(c) {
                fortress_banned.insert(k);
            }
        }
        let drum_kind = variant
            .kinds
            .iter()
            .find_map(|k| k.ko.drum_step.as_deref().and_then(code));
        let half_kinds = (0..variant.kinds.len())
            .map(|k| KindId(k as u16))
            .filter(|&k| variant.kind(k).ko.half_commander)
            .collect();
        let faces = faces
            .map(|f| {
                let row = &variant.kind(f.moves_as).ko;
                let origin = &variant.kind(f.kind).ko;
                let shooter = f.compiled[0].shoot.as_ref().map(|s| {
                    let mut immune = KindMask::default();
                    for k in s.except.iter().filter_map(|c| code(c)) {
                        immune.insert(k);
                    }
                    Shooter {
                        shots: if row.frankish {
                            frankish_shots
                        } else {
                            s.shots
                        },
                        range: if row.frankish {
                            frankish_range
                        } else {
                            s.range
                        },
                        over: s.over,
                        immune,
                        each_leg: s.each_leg,
                        frankish: row.frankish,
                    }
                });
                let victim = match &row.capture_promotes {
                    None => Victim::No,
                    Some(_) if Some(f.moves_as) == drum_kind && !drum_promotes => Victim::No,
                    Some(CapturePromotes::Any) => Victim::Any,
                    Some(CapturePromotes::StepMover) => Victim::StepMover,
                    Some(CapturePromotes::Kind(c)) => code(c).map_or(Victim::No, Victim::Kind),
                };
                let half = if row.half_commander {
                    Some(f.moves_as)
                } else if flag_waver_is_banner && f.promoted && origin.half_commander {
                    Some(f.kind)
                } else {
                    None
                };
                let net =
                    Color::ALL.map(|c| row.net.iter().fold(0u8, |m, d| m | 1 << abs_dir(c, d)));
                let far = [far_dirs(&f.compiled[0]), far_dirs(&f.compiled[1])];
                let shot = shooter.map_or(0, |s| s.range);
                // A shooter with an unlimited range could shoot anywhere: no bound.
                let reach = if shot > 0 && far != [0, 0] {
                    u8::MAX
                } else {
                    bounded_reach(&f.compiled[0]) + shot + u8::from(row.poison_flame)
                };
                RouteFace {
                    moves_as: f.moves_as,
                    drum_step: row.drum_step.is_some(),
                    reach,
                    far,
                    shooter,
                    commander: row.commander,
                    half,
                    victim,
                    step_mover: match row.step_mover {
                        StepMover::No => false,
                        StepMover::Always => true,
                        StepMover::ByDefinition => !s3_step_movers,
                    },
                    clerk: row.clerk,
                    guard: row.guard,
                    priest: row.priest,
                    priest_family: row.priest_family.then_some(f.kind),
                    priest_link: row.priest_link,
                    drum: drum_kind == Some(f.kind),
                    fog: row.fog,
                    light: row.light,
                    fortress: row.fortress,
                    fortress_banned: fortress_banned.contains(f.moves_as),
                    poison_flame: row.poison_flame,
                    implied_captures: row.implied_captures,
                    net,
                }
            })
            .collect();
        RouteRules {
            shoot_timing: SHOOT_TIMING.require(variant, values),
            shot_needs_empty_landing: SHOT_NEEDS_EMPTY_LANDING.require(variant, values),
            shooter_displacement_capture: shooter_capture,
            second_shot_sees_first_removed: SECOND_SHOT_SEES_FIRST_REMOVED.require(variant, values),
            fog_protection: FOG_SHOT_PROTECTION.require(variant, values),
            burn_all: BURN_VICTIMS.require(variant, values),
            passive_burn: PASSIVE_BURN.require(variant, values),
            nets: NET_IMMOBILIZE.require(variant, values),
            zone_compulsory: ZONE_PROMOTION.require(variant, values),
            zone_entering_only: ZONE_TRIGGER.require(variant, values),
            shot_capture_promotes: CAPTURE_PROMOTION_BY_SHOT.require(variant, values),
            clerk_precondition: CLERK_GUARD_PRECONDITION.require(variant, values),
            priest_loss: PRIEST_LOSS_TRIGGER.require(variant, values),
            fog_light_geometry: FOG_LIGHT_GEOMETRY.require(variant, values),
            fog_light_line_of_sight: FOG_LIGHT_LINE_OF_SIGHT.require(variant, values),
            fog_light_opposing_only: FOG_LIGHT_OWNER.require(variant, values),
            fog_light_on_move_only: FOG_LIGHT_CHECK.require(variant, values),
            drum_history: PAWN_DRUM_LINK.require(variant, values),
            priest_same_type_only: PRIEST_FAMILY_CAPTURE.require(variant, values),
            allow_pass: ALLOW_PASS.require(variant, values),
            mate_ends_game: MATE_ENDS_GAME.require(variant, values),
            half_kinds,
            drum_kind,
            faces,
        }
    }

    /// The face's ko facts.
    #[inline]
    pub fn face(&self, face: FaceId) -> &RouteFace {
        &self.faces[face.index()]
    }
}
