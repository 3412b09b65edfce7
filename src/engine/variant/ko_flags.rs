//! Ko shogi's piece flags (ko.md §2, §4, §6) as the flags column of `ko.pieces` spells them
//! ([`KoFlags`]), and reading one flag word. What each flag does is ko.md's; the rules
//! compiled from them are [`super::RouteRules`]'s.

use crate::engine::movement::DirSet;

/// Which capturer an on-the-spot promotion by capturing this piece applies to (ko.md
/// §4.6b).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CapturePromotes {
    /// Any capturer (rule 1: general, governor, middle troop, banner, drum).
    Any,
    /// A step mover (rule 2: sumo wrestler, dragon ascending, flag waver, thunderclap).
    StepMover,
    /// A capturer of the kind with this code (rule 3: the cavalryman on the Frankish
    /// cannon).
    Kind(String),
}

/// Whether a kind is a step mover (ko.md §4.1, O16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StepMover {
    #[default]
    No,
    /// Under both values of O16 (S3's enumerated list).
    Always,
    /// Only under O16 = `by_definition`.
    ByDefinition,
}

/// The ko flags of one piece row; all unset for the other variants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KoFlags {
    /// `commander`: the general and governor (§6).
    pub commander: bool,
    /// `half_commander`: the middle troop and banner, which together keep a side alive.
    pub half_commander: bool,
    /// `capture_promotes=...`.
    pub capture_promotes: Option<CapturePromotes>,
    /// `step_mover`, `step_mover=by_definition`.
    pub step_mover: StepMover,
    /// `clerk`: its promotion promotes the allied guards and removes enemy poison flames.
    pub clerk: bool,
    /// `guard`: promoted by the allied clerk's promotion.
    pub guard: bool,
    /// `priest`: a side's priest for the priest link (§4.7).
    pub priest: bool,
    /// `priest_family`: captures by displacement only within the family (§4.9).
    pub priest_family: bool,
    /// `priest_link`: cannot promote (unpromoted) or reverts (promoted) without a priest.
    pub priest_link: bool,
    /// `drum_step=CODE`: the forward step exists only with the side's CODE (§4.8).
    pub drum_step: Option<String>,
    /// `fog`: shot immunity (O7) and reversion near a light.
    pub fog: bool,
    /// `light`: reverts fogs.
    pub light: bool,
    /// `frankish`: range O4 and shots O5; may shoot a fog from 6 or 7.
    pub frankish: bool,
    /// `fortress`: not captured by displacement by the kinds O9 names.
    pub fortress: bool,
    /// `net=DIRS`: freezes enemies along these directions (§4.4).
    pub net: DirSet,
    /// `poison_flame`: burns (§4.3).
    pub poison_flame: bool,
    /// `implied_captures`: its line move is written `from to`, the captures implied (the
    /// flag waver, ko.md §5); other line moves list their captures.
    pub implied_captures: bool,
}

impl KoFlags {
    /// Reads one flag word into the flags: `Ok(true)` if it is a ko flag, `Ok(false)` if
    /// it is not one.
    ///
    /// # Errors
    /// A ko flag with a malformed value.
    pub(super) fn read(&mut self, flag: &str) -> Result<bool, String> {
        match flag {
            "commander" => self.commander = true,
            "half_commander" => self.half_commander = true,
            "step_mover" => self.step_mover = StepMover::Always,
            "step_mover=by_definition" => self.step_mover = StepMover::ByDefinition,
            "clerk" => self.clerk = true,
            "guard" => self.guard = true,
            "priest" => self.priest = true,
            "priest_family" => self.priest_family = true,
            "priest_link" => self.priest_link = true,
            "fog" => self.fog = true,
            "light" => self.light = true,
            "frankish" => self.frankish = true,
            "fortress" => self.fortress = true,
            "poison_flame" => self.poison_flame = true,
            "implied_captures" => self.implied_captures = true,
            "capture_promotes=any" => self.capture_promotes = Some(CapturePromotes::Any),
            "capture_promotes=step_mover" => {
                self.capture_promotes = Some(CapturePromotes::StepMover);
            }
            _ => {
                if let Some(code) = flag.strip_prefix("capture_promotes=") {
                    self.capture_promotes = Some(CapturePromotes::Kind(code.to_string()));
                } else if let Some(code) = flag.strip_prefix("drum_step=") {
                    self.drum_step = Some(code.to_string());
                } else if let Some(dirs) = flag.strip_prefix("net=") {
                    self.net = DirSet::parse(dirs)?;
                } else {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The first flag set, by its name in the flags column: `None` for the other
    /// variants' rows (the loader refuses these flags where ko's rules are not in force).
    pub(super) fn first_flag(&self) -> Option<&'static str> {
        [
            (self.commander, "commander"),
            (self.half_commander, "half_commander"),
            (self.capture_promotes.is_some(), "capture_promotes"),
            (self.step_mover != StepMover::No, "step_mover"),
            (self.clerk, "clerk"),
            (self.guard, "guard"),
            (self.priest, "priest"),
            (self.priest_family, "priest_family"),
            (self.priest_link, "priest_link"),
            (self.drum_step.is_some(), "drum_step"),
            (self.fog, "fog"),
            (self.light, "light"),
            (self.frankish, "frankish"),
            (self.fortress, "fortress"),
            (self.net.0 != 0, "net"),
            (self.poison_flame, "poison_flame"),
            (self.implied_captures, "implied_captures"),
        ]
        .into_iter()
        .find_map(|(set, name)| set.then_some(name))
    }

    /// The codes of other kinds the flags name (checked by the loader).
    pub(super) fn codes(&self) -> impl Iterator<Item = &str> {
        let promotes = match &self.capture_promotes {
            Some(CapturePromotes::Kind(code)) => Some(code.as_str()),
            _ => None,
        };
        promotes.into_iter().chain(self.drum_step.as_deref())
    }
}
