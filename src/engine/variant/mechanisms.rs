//! The play mechanisms beyond movement, compiled once with the [`super::Rules`]: which
//! steps of the play pipeline a variant has and their parameters. Burning (tenjiku's fire
//! demon, tenjiku.md §5, and ko shogi's poison flame, ko.md §4.3) is one mechanism with its
//! victim set and passive rule as parameters; the clerk's promotion, the reversions (ko.md
//! §4.7), the drum link (§4.8) and the command loss condition (§6) are the others. A
//! variant without a mechanism has `None` (or no face flag) and its step does nothing.

use super::ko_options::{FogLightGeometry, PassiveBurn, PriestLoss};
use super::options::BothRoyalsLost;
use super::route_rules::RouteRules;
use crate::engine::core::piece::{FaceId, KindId};

/// The faces' mechanism flags ([`Mechanisms::has`]).
pub mod flag {
    /// Burns: a fire demon or a poison flame.
    pub const BURNER: u16 = 1;
    /// Its promotion promotes the allied guards and removes the enemy flames (a clerk).
    pub const CLERK: u16 = 1 << 1;
    /// Promoted by an allied clerk's promotion.
    pub const GUARD: u16 = 1 << 2;
    /// A five-li fog, which an immaculate light reverts.
    pub const FOG: u16 = 1 << 3;
    /// An immaculate light.
    pub const LIGHT: u16 = 1 << 4;
    /// A priest (Taoist priest or five-li fog) for the priest link.
    pub const PRIEST: u16 = 1 << 5;
    /// Reverts when its side loses its priest (thunderclap, flag waver).
    pub const PRIEST_LINK: u16 = 1 << 6;
    /// A commander: its side meets no loss condition while it stands.
    pub const COMMANDER: u16 = 1 << 7;
    /// Counts as a half-commander kind (middle troop, banner; a flag waver under O28).
    pub const HALF: u16 = 1 << 8;
}

/// Whose burners next to the mover's final square burn it (the passive burn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassiveRule {
    /// No passive burn.
    None,
    /// The enemy's.
    Enemies,
    /// Either side's.
    Any,
}

/// Which pieces next to a burner's final square its active burn removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BurnVictims {
    /// The enemy's.
    Enemies,
    /// Every piece (ko shogi's O10 `all`).
    All,
}

/// The one burning mechanism (fire demon and poison flame), with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burning {
    pub passive: PassiveRule,
    /// Whether a pass is burned too (ko.md §3 step 2).
    pub passive_on_pass: bool,
    /// Whether a piece that has just become a burner by promoting burns on that move
    /// (tenjiku's `water_buffalo_burns_on_promotion`).
    pub on_promotion: bool,
    pub victims: BurnVictims,
    /// What a move after which neither side has a royal does (tenjiku.md §7; a move whose
    /// mover burns after taking the last enemy royal wins elsewhere).
    pub both_royals_lost: BothRoyalsLost,
}

/// When the mover's own promotion takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionTime {
    /// On arrival, before any burn: a burned mover is burned as it became (tenjiku).
    OnArrival,
    /// After the burns and shots (ko.md §3 step 5): a burned mover does not promote.
    AfterEffects,
}

/// The reversions' parameters (ko.md §4.7, O22–O26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reversions {
    pub fog_light_geometry: FogLightGeometry,
    pub fog_light_line_of_sight: bool,
    pub fog_light_opposing_only: bool,
    pub fog_light_on_move_only: bool,
    pub priest_loss: PriestLoss,
}

/// Every play mechanism of a variant under the rules in force.
#[derive(Clone, Debug)]
pub struct Mechanisms {
    /// Per face, its [`flag`]s (empty when no face has one).
    flags: Vec<u16>,
    /// Per face, the half-commander kind it counts as, as a bit of [`Mechanisms::halves`].
    half: Vec<u32>,
    /// The bits of every half-commander kind (0 without the command loss condition).
    pub halves: u32,
    pub burning: Option<Burning>,
    pub promotion: PromotionTime,
    /// Whether some face has a line move (a range that captures every enemy it steps on,
    /// ko.md §4.5; how far it reaches is the face's compiled movement).
    pub line_captures: bool,
    /// Whether some face has a range capture (taikyoku.md §4.3): a move along one of its
    /// range-capture lines removes every piece it passes, friend and foe, in order of
    /// distance, then a friend it ends on (the movement step; which lines is the face's
    /// compiled movement).
    pub range_captures: bool,
    pub reversions: Option<Reversions>,
    /// Whether the loss condition is the command's (ko.md §6) rather than the royals'.
    pub command: bool,
    /// Per face, how far (Chebyshev distance) anything it does in one move reaches, its
    /// unlimited ranges aside, and per colour the directions of those ranges (bit mask):
    /// which pieces the command's check must ask (empty without the command rule).
    reach: Vec<(u8, [u8; 2])>,
    /// Whether a proposed move is judged by its effect (final square, points captured,
    /// points shot) rather than its route: where line, double and shooting moves give
    /// several routes one effect (ko.md §5).
    pub judged_by_effect: bool,
    /// The drum's kind when the loss of an unpromoted drum is history kept in the extra
    /// field (ko.md §4.8, O27).
    pub drum_history: Option<KindId>,
}

impl Mechanisms {
    /// Compiles the mechanisms from whether each face is a fire demon, the fire demon's
    /// options `water_buffalo_burns_on_promotion` and `both_royals_lost` (absent without
    /// fire demons), ko shogi's rules, whether any face has a line move and whether any has
    /// a range capture (the one place where a variant's mechanisms are chosen).
    pub(super) fn compile(
        fire_demons: impl Iterator<Item = bool>,
        demon_options: Option<(bool, BothRoyalsLost)>,
        routes: Option<&RouteRules>,
        line_captures: bool,
        range_captures: bool,
    ) -> Mechanisms {
        let mut flags: Vec<u16> = fire_demons.map(u16::from).collect();
        let faces = flags.len();
        let mut half = vec![0; faces];
        let mut reach = Vec::new();
        let mut halves = 0;
        if let Some(routes) = routes {
            halves = (1u32 << routes.half_kinds.len()) - 1;
            reach = routes.faces.iter().map(|f| (f.reach, f.far)).collect();
            for (i, f) in routes.faces.iter().enumerate() {
                let bits = [
                    (f.poison_flame, flag::BURNER),
                    (f.clerk, flag::CLERK),
                    (f.guard, flag::GUARD),
                    (f.fog, flag::FOG),
                    (f.light, flag::LIGHT),
                    (f.priest, flag::PRIEST),
                    (f.priest_link, flag::PRIEST_LINK),
                    (f.commander, flag::COMMANDER),
                    (f.half.is_some(), flag::HALF),
                ];
                for (on, bit) in bits {
                    if on {
                        flags[i] |= bit;
                    }
                }
                if let Some(k) = f.half {
                    if let Some(b) = routes.half_kinds.iter().position(|&h| h == k) {
                        half[i] = 1 << b;
                    }
                }
            }
        }
        if flags.iter().all(|&f| f == 0) {
            flags.clear();
        }
        let burning = match (demon_options, routes) {
            (_, Some(routes)) => Some(Burning {
                passive: match routes.passive_burn {
                    PassiveBurn::None => PassiveRule::None,
                    PassiveBurn::EnemyArrivals => PassiveRule::Enemies,
                    PassiveBurn::AnyArrivals => PassiveRule::Any,
                },
                passive_on_pass: true,
                on_promotion: true,
                victims: if routes.burn_all {
                    BurnVictims::All
                } else {
                    BurnVictims::Enemies
                },
                both_royals_lost: BothRoyalsLost::MoverWins,
            }),
            (Some((on_promotion, both_royals_lost)), None) => Some(Burning {
                passive: PassiveRule::Enemies,
                passive_on_pass: false,
                on_promotion,
                victims: BurnVictims::Enemies,
                both_royals_lost,
            }),
            (None, None) => None,
        };
        Mechanisms {
            flags,
            half,
            halves,
            burning,
            promotion: if routes.is_some() {
                PromotionTime::AfterEffects
            } else {
                PromotionTime::OnArrival
            },
            line_captures,
            range_captures,
            reversions: routes.map(|routes| Reversions {
                fog_light_geometry: routes.fog_light_geometry,
                fog_light_line_of_sight: routes.fog_light_line_of_sight,
                fog_light_opposing_only: routes.fog_light_opposing_only,
                fog_light_on_move_only: routes.fog_light_on_move_only,
                priest_loss: routes.priest_loss,
            }),
            command: routes.is_some(),
            reach,
            judged_by_effect: routes.is_some(),
            drum_history: routes.filter(|k| k.drum_history).and_then(|k| k.drum_kind),
        }
    }

    /// Whether `face` has the mechanism flag `bit` ([`flag`]).
    #[inline]
    pub fn has(&self, face: FaceId, bit: u16) -> bool {
        self.flags.get(face.index()).is_some_and(|&f| f & bit != 0)
    }

    /// Whether any face has a mechanism flag.
    #[inline]
    pub fn any_flags(&self) -> bool {
        !self.flags.is_empty()
    }

    /// The half-commander bit `face` counts as (0 for none).
    #[inline]
    pub fn half(&self, face: FaceId) -> u32 {
        self.half.get(face.index()).copied().unwrap_or(0)
    }

    /// How far `face` reaches in one move (its unlimited ranges aside) and, per colour,
    /// the directions of its unlimited ranges ((0, [0, 0]) without the command rule).
    #[inline]
    pub fn reach(&self, face: FaceId) -> (u8, [u8; 2]) {
        self.reach.get(face.index()).copied().unwrap_or_default()
    }

    /// Whether telling a move that loses needs the move played: a burn or a line capture
    /// removes pieces off its listed squares, or the loss condition is the command's. (A
    /// range capture removes pieces off them too, but never a royal: royals outrank every
    /// range capturer.)
    #[inline]
    pub fn loss_needs_play(&self) -> bool {
        self.burning.is_some() || self.command || self.line_captures
    }
}
