//! Rule options resolved into one rules value: a profile plus overrides, checked against
//! the variant's option table, then compiled into per-face tables (movement per colour,
//! promotion, royalty, contagion) that the engine reads.

use super::key_table::{packed_token_key, KeyTable};
use super::mechanisms::Mechanisms;
use super::model::{OverrideChange, PromotionKind, Variant};
use super::options::{
    BothRoyalsLost, Contagion, EmperorCapture, LastRank, LionDogMove, PromotionRight,
    PromotionTrigger, Repetition, AREA_MOVES, BARE_KING, BOTH_ROYALS_LOST, BURNS_ON_PROMOTION,
    COUNTER_STRIKE, DEAD_END_PROMOTION, EMPEROR_CAPTURE, JUMP_CAPTURE_VICTIM, LAST_RANK,
    LAST_RANK_PAWN_LANCE, LION_DOG, LION_DOG_JUMP_BACK, LION_PROTECTION, LION_TRADING,
    PROMOTED_KIRIN_RECAPTURE, PROMOTION_CHOICE, PROMOTION_RIGHT, PROMOTION_TABLE,
    PROMOTION_TRIGGER, RANGE_CAPTURE_END, RANGE_CAPTURE_JUMP, RANGE_CAPTURE_VICTIM, RANGE_JUMP,
    REPETITION, TRIPLE_ARROW, ZONE_RULE,
};
use super::request::{RulesError, RulesRequest};
use super::route_rules::{FaceInput, RouteRules};
pub use super::rule_blocks::{BurnRules, LionTrading, RangeCaptureRules, RangeJumpRules, Zone};
use crate::engine::core::color::Color;
use crate::engine::core::piece::{FaceId, KindId, Piece};
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::movement::{Compiled, Generation, Kind, KindSet, Movement};
use std::sync::OnceLock;

/// Which promotion marks a move may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionChoice {
    /// None: the move offers no promotion.
    None,
    /// `+` or `=`.
    Optional,
    /// `+` only.
    Compulsory,
}

/// Everything the engine needs to know about one face under the rules in force.
#[derive(Debug, Clone)]
pub struct FaceRule {
    /// Whether the face can be on the board (a promoted face needs a promotion).
    pub exists: bool,
    pub kind: KindId,
    pub promoted: bool,
    /// The kind whose movement and name the face has.
    pub moves_as: KindId,
    pub movement: Movement,
    /// The movement compiled for Black and for White.
    pub compiled: [Compiled; 2],
    /// The face this one turns into when it promotes.
    pub promotes_to: Option<FaceId>,
    pub royal: bool,
    /// The face a capturer of this piece becomes (unless the capturer is exempt); `None`
    /// under `contagion = off`.
    pub contagion: Option<FaceId>,
    /// Whether a capturer with this face is exempt from contagion and promotes normally:
    /// a royal, and under `contagion = royals_and_elephant_exempt` also a piece that
    /// promotes to a royal (the drunk elephant).
    pub contagion_exempt: bool,
    /// Counts as a lion for the lion-trading rules.
    pub lion: bool,
    /// An unpromoted pawn or go-between (flag `pawnlike`).
    pub pawnlike: bool,
    /// How many of its last ranks trap the face (flag `last_rank`: unpromoted only).
    pub trapped_ranks: u8,
    /// The jump rank (tenjiku.md §4.2; 0 for most pieces).
    pub jump_rank: u8,
    /// Whether the face burns (flag `fire_demon`).
    pub fire_demon: bool,
}

/// The facts about a face (for one colour) that a position keeps track of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceTraits {
    /// The absolute directions in which the piece could capture on its neighbour (none
    /// for an emperor): the cheapest protection test.
    pub guard_steps: u8,
    pub royal: bool,
    /// Whether it has hook moves.
    pub hook: bool,
    /// Whether it moves as an emperor.
    pub emperor: bool,
    /// Whether the face exists under the rules ([`FaceRule::exists`]).
    pub exists: bool,
    /// Whether it burns ([`FaceRule::fire_demon`]).
    pub fire_demon: bool,
}

/// A piece as position text names it, with what placing it updates in a position under
/// the rules in force: [`Rules::placement_packed`]'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub piece: Piece,
    pub traits: FaceTraits,
}

/// The fully resolved rules of one request.
#[derive(Debug)]
pub struct Rules {
    pub variant: &'static Variant,
    pub profile: usize,
    /// Value index per option.
    pub values: Vec<usize>,
    pub faces: Vec<FaceRule>,
    pub emperor_capture: EmperorCapture,
    pub promotion_trigger: PromotionTrigger,
    pub lion_dog_jump_back: bool,
    pub repetition: Repetition,
    /// The promotion zone, for variants that have one.
    pub zone: Option<Zone>,
    /// Per colour, the squares of its promotion zone (empty without a zone): a quiet move
    /// can offer promotion only when it ends there.
    pub zone_squares: [SquareSet; 2],
    /// The lion-trading rules, for variants that have them.
    pub lion_trading: Option<LionTrading>,
    /// Option `bare_king`: baring the opponent's last royal wins, two lone royals draw.
    pub bare_king: bool,
    /// The range jump's options, for variants with range-jumping pieces.
    pub range_jump: Option<RangeJumpRules>,
    /// The range capture's options, for variants with range capturers.
    pub range_capture: Option<RangeCaptureRules>,
    /// The burning rules, for variants with a fire demon.
    pub burn: Option<BurnRules>,
    /// Whether mate ends the game (see [`super::VariantTraits::checkmate`]; ko shogi's
    /// option O33).
    pub checkmate: bool,
    /// Ko shogi's rules, for variants with its mechanics.
    pub routes: Option<RouteRules>,
    /// The play mechanisms beyond movement (burning, the clerk, ...), chosen once here.
    pub play: Mechanisms,
    /// Which instantiation of move generation runs under these rules.
    pub generation: Generation,
    /// Whether a promoted-only kind's code names in move text the promoted faces that move
    /// as it (ko.md §5: `GV` is `+MA`).
    pub promoted_only_codes: bool,
    /// Per colour, every distinct leap (absolute dx, dy) of any face that exists.
    pub leaps: [Vec<(i8, i8)>; 2],
    /// Every movement kind of a face that exists (what the attack test must ask about).
    pub kinds_present: KindSet,
    /// The most steps of any area move (0 without area movers).
    pub max_area: u8,
    /// The farthest square any leap-slide leaps to (0 without leap-slides).
    pub max_leap: u8,
    /// Per colour and face, what placing or removing such a piece updates in a position,
    /// packed small so that building a position touches little memory.
    pub traits: [Vec<FaceTraits>; 2],
    /// Every printed piece token ([`Variant::token`]) of a face that exists under these
    /// rules, with its placement: the one-pass position reader's single probe per piece.
    placements: KeyTable<Placement>,
    /// The initial position, built on first use by the position module (which lies above
    /// this one, hence the erased type: see [`Rules::start_slot`]).
    start: OnceLock<Box<dyn std::any::Any + Send + Sync>>,
}

impl Rules {
    /// The slot where the position module keeps the initial position under these rules,
    /// built on first use (the type is the position module's, which imports this one).
    pub fn start_slot(&self) -> &OnceLock<Box<dyn std::any::Any + Send + Sync>> {
        &self.start
    }

    /// Resolves a profile plus overrides.
    ///
    /// # Errors
    /// Unknown profile, option or value, or an option given twice; each lists the valid
    /// choices.
    pub fn resolve(variant: &'static Variant, request: &RulesRequest) -> Result<Rules, RulesError> {
        let (profile, values) = Rules::choose(variant, request)?;
        Ok(Rules::compile(variant, profile, values))
    }

    /// The profile index and option values a request selects.
    pub(super) fn choose(
        variant: &'static Variant,
        request: &RulesRequest,
    ) -> Result<(usize, Vec<usize>), RulesError> {
        let profile = match &request.profile {
            None => 0,
            Some(p) => variant
                .profiles
                .iter()
                .position(|x| x == p)
                .ok_or_else(|| RulesError::UnknownProfile {
                    given: p.clone(),
                    valid: variant.profiles.clone(),
                })?,
        };
        let mut values: Vec<usize> = variant
            .options
            .iter()
            .map(|o| o.defaults[profile])
            .collect();
        let mut seen = Vec::new();
        for (name, value) in &request.overrides {
            let i = variant
                .option_index(name)
                .ok_or_else(|| RulesError::UnknownOption {
                    given: name.clone(),
                    valid: variant.options.iter().map(|o| o.name.clone()).collect(),
                })?;
            if seen.contains(&i) {
                return Err(RulesError::DuplicateOption {
                    option: name.clone(),
                });
            }
            seen.push(i);
            let opt = &variant.options[i];
            values[i] = opt.values.iter().position(|v| v == value).ok_or_else(|| {
                RulesError::InvalidValue {
                    option: name.clone(),
                    given: value.clone(),
                    valid: opt.values.clone(),
                }
            })?;
        }
        // Dependent defaults, in table order (each depends on an earlier option): an option
        // the request gave always wins.
        for (i, o) in variant.options.iter().enumerate() {
            if seen.contains(&i) {
                continue;
            }
            if let Some(d) = o.dependent.iter().find(|d| values[d.option] == d.when) {
                values[i] = d.value;
            }
        }
        Ok((profile, values))
    }

    /// The placement of a piece token of `len` bytes packed by [`super::pack_token`], when
    /// it is the printed token of a face that exists under these rules.
    #[inline(always)]
    pub fn placement_packed(&self, len: usize, packed: u64) -> Option<Placement> {
        self.placements.get(packed_token_key(len, packed)?)
    }

    /// The default rules of a variant.
    pub fn default_for(variant: &'static Variant) -> Rules {
        Rules::resolve(variant, &RulesRequest::default()).expect("defaults are valid")
    }

    /// The initial position's text: the setup file's, or an override's under its option
    /// value (ko.md O32).
    pub fn setup_text(&self) -> &'static str {
        let variant: &'static Variant = self.variant;
        variant
            .setup_overrides
            .iter()
            .find(|o| self.values[o.option] == o.value)
            .map_or(variant.setup.as_str(), |o| o.setup.as_str())
    }

    /// The value of an option by name, if the variant has it.
    pub fn value(&self, option: &str) -> Option<&str> {
        let i = self.variant.option_index(option)?;
        Some(self.variant.options[i].values[self.values[i]].as_str())
    }

    /// The profile's name.
    pub fn profile_name(&self) -> &'static str {
        let variant: &'static Variant = self.variant;
        &variant.profiles[self.profile]
    }

    /// Every option with the value in force, in table order (what a response echoes).
    pub fn resolved(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        let variant: &'static Variant = self.variant;
        variant
            .options
            .iter()
            .zip(&self.values)
            .map(|(o, &v)| (o.name.as_str(), o.values[v].as_str()))
    }

    /// Compiles the rules of a profile and option values (value index per option), reading
    /// each option through its declaration in `options.rs`. The loader checked that the
    /// variant has exactly the options its features need, so an option it lacks is a rule
    /// it does not play; each such case below says what the rules hold instead.
    pub(super) fn compile(variant: &'static Variant, profile: usize, values: Vec<usize>) -> Rules {
        // Without `promotion_table` the pieces file names one table (or none): the first.
        let table = PROMOTION_TABLE.read(variant, &values).unwrap_or(0);
        // Without `lion_dog` no piece has the lion dog move: nothing to rewrite.
        let no_lion_dog_power = LION_DOG.read(variant, &values) == Some(LionDogMove::Range3);
        let n = variant.kinds.len();
        let mut movement: Vec<Movement> =
            variant.kinds.iter().map(|k| k.movement.clone()).collect();
        let mut promotes: Vec<Option<KindId>> = variant
            .kinds
            .iter()
            .map(|k| k.promotes.get(table).and_then(|p| p.1))
            .collect();
        for o in &variant.overrides {
            if values[o.option] == o.value {
                match &o.change {
                    OverrideChange::Movement(m) => movement[o.kind.index()] = m.clone(),
                    OverrideChange::Promotes(k) => promotes[o.kind.index()] = Some(*k),
                }
            }
        }
        if no_lion_dog_power {
            for m in &mut movement {
                *m = m.without_lion_dog_power();
            }
        }
        // Without `triple_arrow` no piece has a triple arrow: nothing to read.
        if let Some(reading) = TRIPLE_ARROW.read(variant, &values) {
            for m in &mut movement {
                *m = m.with_triple_arrow(reading);
            }
        }
        // Without `area_moves` no piece has an area move: nothing to drop.
        if AREA_MOVES.read(variant, &values) == Some(false) {
            for m in &mut movement {
                *m = m.without_area();
            }
        }
        let contagion = Contagion::in_force(variant, &values);
        let mut faces = Vec::with_capacity(n * 2);
        for (k, (info, &promotion)) in variant.kinds.iter().zip(&promotes).enumerate() {
            let kind = KindId(k as u16);
            for promoted in [false, true] {
                // A promoted face moves as the promotion target; it exists only when there
                // is one. Promoted-only kinds never stand on the board under their own code.
                let target = if promoted { promotion } else { Some(kind) };
                let moves_as = target.unwrap_or(kind);
                let shown = &variant.kinds[moves_as.index()];
                let m = movement[moves_as.index()].clone();
                faces.push(FaceRule {
                    exists: target.is_some() && !info.promoted_only,
                    kind,
                    promoted,
                    moves_as,
                    compiled: Color::ALL
                        .map(|c| Compiled::new(&m, c).routed(variant.traits.routes)),
                    movement: m,
                    promotes_to: (!promoted && promotion.is_some()).then_some(kind.face(true)),
                    royal: shown.royal,
                    contagion: contagion.turns_capturer_into(shown),
                    contagion_exempt: contagion.exempts(variant, shown, promoted, promotion),
                    lion: shown.lion,
                    pawnlike: !promoted && info.pawnlike,
                    trapped_ranks: if promoted { 0 } else { info.trapped_ranks },
                    jump_rank: shown.jump_rank,
                    fire_demon: shown.fire_demon,
                });
            }
        }
        let mut leaps: [Vec<(i8, i8)>; 2] = Default::default();
        for f in faces.iter().filter(|f| f.exists) {
            for (color, list) in leaps.iter_mut().enumerate() {
                for j in &f.compiled[color].all_jumps {
                    if !list.contains(j) {
                        list.push(*j);
                    }
                }
            }
        }
        let mut kinds_present = KindSet::default();
        let mut max_area = 0;
        let mut max_leap = 0;
        for f in faces.iter().filter(|f| f.exists) {
            for c in &f.compiled {
                for kind in c.kinds.iter() {
                    kinds_present.insert(kind);
                }
                max_area = max_area.max(c.area);
                max_leap = max_leap.max(c.max_leap);
            }
        }
        let traits: [Vec<FaceTraits>; 2] = [0, 1].map(|ci| {
            faces
                .iter()
                .map(|f| {
                    let c = &f.compiled[ci];
                    FaceTraits {
                        guard_steps: (0..8)
                            .filter(|&d| !c.emperor && c.line_reach[d] > 0)
                            .fold(0u8, |m, d| m | 1 << d),
                        royal: f.royal,
                        hook: c.hook != 0,
                        emperor: c.emperor,
                        exists: f.exists,
                        fire_demon: f.fire_demon,
                    }
                })
                .collect()
        });
        let placements: Vec<(u64, Placement)> = variant
            .printed_tokens()
            .filter_map(|(key, piece)| {
                let traits = *traits[piece.color.index()].get(piece.face.index())?;
                traits.exists.then_some((key, Placement { piece, traits }))
            })
            .collect();
        let placements =
            KeyTable::new(&placements).expect("the variant's token keys are distinct and not 0");
        let zone_ranks = match variant.traits.promotion {
            PromotionKind::OnCapture => 0,
            PromotionKind::Zone { ranks } => ranks,
        };
        let zone_squares = Color::ALL.map(|color| {
            let mut set = SquareSet::EMPTY;
            for i in 0..variant.shape().len() {
                let sq = Square(i as u16);
                if far_depth(variant, color, sq) < i32::from(zone_ranks) {
                    set.insert(sq);
                }
            }
            set
        });
        let routes = variant.traits.routes.then(|| {
            let inputs = faces.iter().map(|f| FaceInput {
                kind: f.kind,
                promoted: f.promoted,
                moves_as: f.moves_as,
                compiled: &f.compiled,
            });
            RouteRules::compile(variant, &values, inputs)
        });
        let burn = BURNS_ON_PROMOTION
            .read(variant, &values)
            .map(|on_promotion| BurnRules {
                on_promotion,
                both_royals_lost: BOTH_ROYALS_LOST.require(variant, &values),
            });
        let range_capture =
            RANGE_CAPTURE_JUMP
                .read(variant, &values)
                .map(|pass_equal| RangeCaptureRules {
                    pass_equal,
                    any_victim: RANGE_CAPTURE_VICTIM.require(variant, &values),
                    end_any: RANGE_CAPTURE_END.require(variant, &values),
                    top: faces
                        .iter()
                        .filter(|f| f.exists && f.compiled[0].rangecapture != 0)
                        .map(|f| f.jump_rank)
                        .max()
                        .unwrap_or(0),
                });
        let play = Mechanisms::compile(
            faces.iter().map(|f| f.fire_demon),
            burn.map(|b| (b.on_promotion, b.both_royals_lost)),
            routes.as_ref(),
            kinds_present.contains(Kind::Line),
            range_capture.is_some(),
        );
        let mut rules = Rules {
            checkmate: routes
                .as_ref()
                .map_or(variant.traits.checkmate, |k| k.mate_ends_game),
            promoted_only_codes: routes.is_some(),
            // Chosen below, from the rules compiled here.
            generation: Generation::Extended,
            routes,
            variant,
            profile,
            zone_squares,
            leaps,
            kinds_present,
            max_area,
            max_leap,
            traits,
            placements,
            start: OnceLock::new(),
            // Without the option no piece moves as an emperor: the value is never read.
            emperor_capture: EMPEROR_CAPTURE
                .read(variant, &values)
                .unwrap_or(EmperorCapture::Unprotected),
            // Without the option the variant promotes in a zone, which `zone_choice`
            // decides: the value is never read.
            promotion_trigger: PROMOTION_TRIGGER
                .read(variant, &values)
                .unwrap_or(PromotionTrigger::AnyCapture),
            // Without the option no piece has the lion dog move: the value is never read.
            lion_dog_jump_back: LION_DOG_JUMP_BACK.read(variant, &values).unwrap_or(false),
            repetition: REPETITION.require(variant, &values),
            zone: match variant.traits.promotion {
                PromotionKind::OnCapture => None,
                // Without a last-rank option trapped pieces get the second chance, and
                // without `promotion_right` or `zone_rule` the zone promotes as chu's does.
                PromotionKind::Zone { ranks } => Some(Zone {
                    ranks,
                    right: PROMOTION_RIGHT
                        .read(variant, &values)
                        .or_else(|| ZONE_RULE.read(variant, &values))
                        .unwrap_or(PromotionRight::CaptureOrEntry),
                    last_rank: LAST_RANK
                        .read(variant, &values)
                        .or_else(|| LAST_RANK_PAWN_LANCE.read(variant, &values))
                        .or_else(|| DEAD_END_PROMOTION.read(variant, &values))
                        .unwrap_or(LastRank::SecondChance),
                    // Without the option a right offers the choice.
                    compulsory: PROMOTION_CHOICE.read(variant, &values).unwrap_or(false),
                }),
            },
            lion_trading: (variant.traits.lion_trading
                && LION_TRADING.read(variant, &values).unwrap_or(true))
            .then(|| LionTrading {
                protection: LION_PROTECTION.require(variant, &values),
                okazaki: COUNTER_STRIKE.require(variant, &values),
                kirin_recapture: PROMOTED_KIRIN_RECAPTURE.require(variant, &values),
            }),
            // Without the option the variant does not play bare king (tai shogi): a side
            // left with its royals alone plays on.
            bare_king: BARE_KING.read(variant, &values).unwrap_or(false),
            range_jump: RANGE_JUMP
                .read(variant, &values)
                .map(|always| RangeJumpRules {
                    always,
                    any_victim: JUMP_CAPTURE_VICTIM.require(variant, &values),
                }),
            range_capture,
            burn,
            play,
            values,
            faces,
        };
        rules.generation = Generation::of(
            rules.kinds_present,
            rules.burn.is_some()
                || rules.routes.is_some()
                || rules
                    .zone
                    .is_some_and(|z| z.right == PromotionRight::ZoneContact),
        );
        rules
    }

    /// The rule row of a face.
    #[inline]
    pub fn face(&self, face: FaceId) -> &FaceRule {
        &self.faces[face.index()]
    }

    /// Whether a move by which both sides lose their last royal is illegal (tenjiku.md §7,
    /// `both_royals_lost = illegal`).
    pub fn both_royals_illegal(&self) -> bool {
        self.burn
            .is_some_and(|b| b.both_royals_lost == BothRoyalsLost::Illegal)
    }
}

/// How many ranks `sq` lies from `color`'s far end (0 = its last rank: rank `a` for Black,
/// the last letter for White).
pub(super) fn far_depth(variant: &Variant, color: Color, sq: Square) -> i32 {
    let y = variant.geometry.xy(sq).1;
    match color {
        Color::Black => y,
        Color::White => i32::from(variant.shape().ranks) - 1 - y,
    }
}
