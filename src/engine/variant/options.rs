//! The rule options the engine understands, each declared once: its name, its values as
//! the data files spell them with the Rust value each stands for, and which variants must
//! have it ([`Need`]). The loader checks a variant's options file against these
//! declarations ([`check_row`], [`check_needs`]): an option or a value the engine does not
//! declare, a declared value the data lacks, an option the variant needs but lacks or has
//! but cannot use, each fails the load. `Rules::compile` then reads typed values
//! ([`Spec::read`]), never a value's name.

use super::model::OptionDef;
use super::option_spec::Declaration;
pub use super::option_spec::{Features, Need, Spec};
use crate::engine::movement::TripleArrow;

/// Option `emperor_capture` (tai.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmperorCapture {
    Unprotected,
    RoyalsOnly,
    Unrestricted,
}

/// Option `promotion_trigger` (tai.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionTrigger {
    AnyCapture,
    CaptureOfPromoted,
}

/// Option `repetition` (tai.md, chu.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Jcsa,
    FourfoldNoContest,
    NoRepeat,
    /// lishogi's server rule for chu shogi: the 4th occurrence ends the game, lost by a
    /// side that attacked with every move of the cycle while the other did not.
    Lishogi,
    /// Repetition never ends the game (ko.md §6, O31 `ignore`).
    Ignore,
}

/// Option `lion_protection` (chu.md): when a distant lion counts as protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LionProtection {
    /// Protectors taken from the position before the move (a doomed first victim protects).
    BeforeMove,
    /// Protected when the opponent could capture on the square after the move.
    AfterMove,
}

/// Option `lion_dog` (tai.md): what every lion-dog component of a movement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LionDogMove {
    /// The three-step linear lion move.
    LionDog,
    /// A plain range move of one to three squares along the eight lines, without lion
    /// power.
    Range3,
}

const BOOL: &[(&str, bool)] = &[("true", true), ("false", false)];

/// Which promotion table the pieces follow: the value is the table's place in each row's
/// `promotes` field, whose tables the loader checks are these values, in this order.
pub const PROMOTION_TABLE: Spec<usize> = Spec {
    name: "promotion_table",
    values: &[("en", 0), ("ja", 1)],
    subset: false,
    need: Need::PromotionTables,
};

pub const PROMOTION_TRIGGER: Spec<PromotionTrigger> = Spec {
    name: "promotion_trigger",
    values: &[
        ("any_capture", PromotionTrigger::AnyCapture),
        ("capture_of_promoted", PromotionTrigger::CaptureOfPromoted),
    ],
    subset: false,
    need: Need::PromotionOnCapture,
};

pub const LION_DOG: Spec<LionDogMove> = Spec {
    name: "lion_dog",
    values: &[
        ("lion_dog", LionDogMove::LionDog),
        ("range3", LionDogMove::Range3),
    ],
    subset: false,
    need: Need::LionDog,
};

/// Whether a lion dog that leaped over the 1st square may come back to capture on it.
/// Optional: the leap back differs from stepping 1st, 2nd, back to 1st only in the order of
/// its captures, which matters only under contagion, so a variant without contagious
/// pieces may leave the option out (dai-dai.md "Movement kinds") and plays `false`.
pub const LION_DOG_JUMP_BACK: Spec<bool> = Spec {
    name: "lion_dog_jump_back",
    values: BOOL,
    subset: false,
    need: Need::Optional,
};

pub const EMPEROR_CAPTURE: Spec<EmperorCapture> = Spec {
    name: "emperor_capture",
    values: &[
        ("unprotected", EmperorCapture::Unprotected),
        ("royals_only", EmperorCapture::RoyalsOnly),
        ("unrestricted", EmperorCapture::Unrestricted),
    ],
    subset: false,
    need: Need::Emperor,
};

pub const REPETITION: Spec<Repetition> = Spec {
    name: "repetition",
    values: &[
        ("jcsa", Repetition::Jcsa),
        ("fourfold_no_contest", Repetition::FourfoldNoContest),
        ("no_repeat", Repetition::NoRepeat),
        ("lishogi", Repetition::Lishogi),
        ("ignore", Repetition::Ignore),
    ],
    subset: true,
    need: Need::Always,
};

pub const LION_PROTECTION: Spec<LionProtection> = Spec {
    name: "lion_protection",
    values: &[
        ("before_move", LionProtection::BeforeMove),
        ("after_move", LionProtection::AfterMove),
    ],
    subset: false,
    need: Need::LionTrading,
};

/// `true`: the Okazaki rule (the counter-strike ban spares an unprotected lion).
pub const COUNTER_STRIKE: Spec<bool> = Spec {
    name: "counter_strike",
    values: &[("strict", false), ("okazaki", true)],
    subset: false,
    need: Need::LionTrading,
};

/// `true`: the lion on the square the counter-strike rule recorded is fair game.
pub const PROMOTED_KIRIN_RECAPTURE: Spec<bool> = Spec {
    name: "promoted_kirin_recapture",
    values: &[("allowed", true), ("forbidden", false)],
    subset: false,
    need: Need::LionTrading,
};

/// What a move of a piece trapped on its last rank(s) (flag `last_rank`) may do when it
/// ends there (chu.md C7, tenjiku.md §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastRank {
    /// The move offers promotion even without a promotion right; declining leaves a dead
    /// piece (chu `may_stay`, tenjiku `second_chance`).
    SecondChance,
    /// The move must promote, with or without a promotion right (tenjiku `must_promote`).
    MustPromote,
    /// With a promotion right the piece must promote; without one it stays unpromoted and
    /// immobile (chu `must_promote`, tenjiku `no_second_chance`).
    NoSecondChance,
}

/// Chu shogi's spelling of [`LastRank`] for pawns and lances. A variant with a zone has
/// this option, [`LAST_RANK`] or [`DEAD_END_PROMOTION`]; without one, trapped pieces get
/// the second chance.
pub const LAST_RANK_PAWN_LANCE: Spec<LastRank> = Spec {
    name: "last_rank_pawn_lance",
    values: &[
        ("may_stay", LastRank::SecondChance),
        ("must_promote", LastRank::NoSecondChance),
    ],
    subset: false,
    need: Need::Optional,
};

/// Tenjiku shogi's spelling of [`LastRank`] (pawn, lance, iron general, knight).
pub const LAST_RANK: Spec<LastRank> = Spec {
    name: "last_rank",
    values: &[
        ("second_chance", LastRank::SecondChance),
        ("must_promote", LastRank::MustPromote),
        ("no_second_chance", LastRank::NoSecondChance),
    ],
    subset: false,
    need: Need::Optional,
};

/// Dai shogi's spelling of [`LastRank`] (dai.md "Promotion": pawn, lance, iron and stone
/// generals, knight).
pub const DEAD_END_PROMOTION: Spec<LastRank> = Spec {
    name: "dead_end_promotion",
    values: &[
        ("compulsory", LastRank::MustPromote),
        ("may_stay", LastRank::SecondChance),
        ("when_offered", LastRank::NoSecondChance),
    ],
    subset: false,
    need: Need::Optional,
};

/// Option `promotion_right` (tenjiku.md §6.1, taikyoku.md §5): which moves may promote in
/// a zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRight {
    /// A move entering the zone, or a capture with its start or final square in it.
    CaptureOrEntry,
    /// Any move with its start or final square in the zone.
    ZoneContact,
    /// A move whose final square is in the zone (igui and pass: the start square).
    ZoneEnd,
    /// A move whose final square, or the square of a lion move's first step, is in the
    /// zone; the start square alone never counts.
    ZoneRoute,
}

/// A variant with a zone without this option promotes as chu shogi does
/// ([`PromotionRight::CaptureOrEntry`]).
pub const PROMOTION_RIGHT: Spec<PromotionRight> = Spec {
    name: "promotion_right",
    values: &[
        ("capture_or_entry", PromotionRight::CaptureOrEntry),
        ("zone_contact", PromotionRight::ZoneContact),
        ("zone_end", PromotionRight::ZoneEnd),
        ("zone_route", PromotionRight::ZoneRoute),
    ],
    subset: true,
    need: Need::Optional,
};

/// Option `promotion_choice` (taikyoku.md §5): `true` when a move with a promotion right
/// must promote (`compulsory`: one move, marked `+`, the mark optional on input), `false`
/// when it may decline (`optional`: two moves, `+` and `=`). Without the option a right
/// offers the choice.
pub const PROMOTION_CHOICE: Spec<bool> = Spec {
    name: "promotion_choice",
    values: &[("optional", false), ("compulsory", true)],
    subset: false,
    need: Need::Optional,
};

/// Dai shogi's spelling of [`PromotionRight`] (dai.md "Promotion", option `zone_rule`).
pub const ZONE_RULE: Spec<PromotionRight> = Spec {
    name: "zone_rule",
    values: &[
        ("entry_or_capture", PromotionRight::CaptureOrEntry),
        ("any_zone_move", PromotionRight::ZoneContact),
    ],
    subset: false,
    need: Need::Optional,
};

/// Option `lion_trading` (dai.md "Lions"): `false` (`none`) turns off the lion-trading
/// rules of a variant that has them ([`Need::LionTrading`]); without the option they apply.
pub const LION_TRADING: Spec<bool> = Spec {
    name: "lion_trading",
    values: &[("none", false), ("chu", true)],
    subset: false,
    need: Need::Optional,
};

/// Option `range_jump` (tenjiku.md §4.2): `true` when a range jump may also end on an
/// empty square beyond the pieces it jumps (`always`), `false` when it jumps only to
/// capture (`capture_only`).
pub const RANGE_JUMP: Spec<bool> = Spec {
    name: "range_jump",
    values: &[("capture_only", false), ("always", true)],
    subset: false,
    need: Need::RangeJump,
};

/// Option `jump_capture_victim` (tenjiku.md §4.2 (b)): `true` when a range jump may
/// capture any enemy piece (`any`), `false` when only one of a lower jump rank than the
/// jumper (`lower_rank`).
pub const JUMP_CAPTURE_VICTIM: Spec<bool> = Spec {
    name: "jump_capture_victim",
    values: &[("any", true), ("lower_rank", false)],
    subset: false,
    need: Need::RangeJump,
};

/// Option `range_capture_jump` (taikyoku.md §4.3 rule 1): which pieces a range capturer
/// may pass, of either side: `true` for `not_higher` (rank no higher than its own; MB, the
/// `wikipedia` profile), `false` for `lower_only` (strictly lower; ATS, the `ats` profile).
pub const RANGE_CAPTURE_JUMP: Spec<bool> = Spec {
    name: "range_capture_jump",
    values: &[("not_higher", true), ("lower_only", false)],
    subset: false,
    need: Need::RangeCapture,
};

/// Option `range_capture_victim` (taikyoku.md §4.3 rule 2): which enemy a range capture
/// may take: `true` for `any` (royals included, passing or not; MB), `false` for
/// `lower_only` (only one ranked lower than the mover; an equal or higher enemy blocks the
/// line; ATS).
pub const RANGE_CAPTURE_VICTIM: Spec<bool> = Spec {
    name: "range_capture_victim",
    values: &[("any", true), ("lower_only", false)],
    subset: false,
    need: Need::RangeCapture,
};

/// Option `range_capture_end` (taikyoku.md §4.3 rule 2): where a range capture that
/// passed pieces may end: `false` for `enemy` (only by capturing an enemy; MB), `true` for
/// `any` (also on an empty square, or on a friend it may pass, which is removed; ATS).
pub const RANGE_CAPTURE_END: Spec<bool> = Spec {
    name: "range_capture_end",
    values: &[("enemy", false), ("any", true)],
    subset: false,
    need: Need::RangeCapture,
};

/// Option `area_moves` (tenjiku.md §4.3): `false` drops every area component.
pub const AREA_MOVES: Spec<bool> = Spec {
    name: "area_moves",
    values: BOOL,
    subset: false,
    need: Need::Area,
};

/// Option `water_buffalo_burns_on_promotion` (tenjiku.md §5, A7): whether a piece that
/// becomes a fire demon by promoting burns on that move.
pub const BURNS_ON_PROMOTION: Spec<bool> = Spec {
    name: "water_buffalo_burns_on_promotion",
    values: BOOL,
    subset: false,
    need: Need::FireDemon,
};

/// Option `both_royals_lost` (tenjiku.md §7, A11): a move after which both sides have lost
/// their last royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothRoyalsLost {
    /// The mover wins: its capture came first.
    MoverWins,
    /// The game is drawn.
    Draw,
    /// Such a move is illegal.
    Illegal,
}

pub const BOTH_ROYALS_LOST: Spec<BothRoyalsLost> = Spec {
    name: "both_royals_lost",
    values: &[
        ("mover_wins", BothRoyalsLost::MoverWins),
        ("draw", BothRoyalsLost::Draw),
        ("illegal", BothRoyalsLost::Illegal),
    ],
    subset: false,
    need: Need::FireDemon,
};

/// Option `contagion` (maka-dai-dai.md "Promotion"): who is exempt from contagion, the
/// capturer of a deva or dark spirit (or their promoted sides) turning into the victim's
/// promoted side. A variant without the option plays [`Contagion::RoyalsExempt`] (tai.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contagion {
    /// Royal capturers promote normally or stay as they are (tai.md).
    RoyalsExempt,
    /// Royals and the pieces that promote to a royal (the drunk elephant, whose promoted
    /// side is the prince) promote normally.
    RoyalsAndElephantExempt,
    /// No contagion: a capturer promotes by its own table only.
    Off,
}

pub const CONTAGION: Spec<Contagion> = Spec {
    name: "contagion",
    values: &[
        ("royals_exempt", Contagion::RoyalsExempt),
        (
            "royals_and_elephant_exempt",
            Contagion::RoyalsAndElephantExempt,
        ),
        ("off", Contagion::Off),
    ],
    subset: false,
    need: Need::Optional,
};

/// Option `triple_arrow` (taikyoku.md §4.4): what every triple-slashed arrow `triple(D)` of
/// a movement is. `jump23`: a range, or a leap to the 2nd or 3rd square and a range on from
/// there (`slide(D) jumpslide(2;D) jumpslide(3;D)`); `pass3`: a range that may pass over
/// up to three occupied squares of either side, capturing none of them (`fly3(D)`).
pub const TRIPLE_ARROW: Spec<TripleArrow> = Spec {
    name: "triple_arrow",
    values: &[
        ("jump23", TripleArrow::Jump23),
        ("pass3", TripleArrow::Pass3),
    ],
    subset: false,
    need: Need::TripleArrow,
};

/// Baring the opponent's last royal wins, two lone royals draw.
pub const BARE_KING: Spec<bool> = Spec {
    name: "bare_king",
    values: BOOL,
    subset: false,
    need: Need::Optional,
};

/// An option that changes pieces only, through rows of the overrides file (a movement or a
/// promotion per value): the engine reads nothing else of it. Any variant may have one;
/// without it, the pieces move and promote as the pieces file says.
#[derive(Debug)]
pub struct PieceOption {
    pub name: &'static str,
    pub values: &'static [&'static str],
}

/// The options that change single pieces (tai shogi's ambiguities A3 to A16 and A23,
/// tenjiku shogi's A1 and A4 to A6, maka dai dai shogi's free bear, free wolf and free
/// dragon).
pub const PIECE_OPTIONS: &[PieceOption] = &[
    piece("vermillion_sparrow", &["en", "ja"]),
    piece("turtle_snake", &["en", "ja", "evans"]),
    piece("poisonous_snake", &["en", "ja"]),
    piece("eastern_barbarian", &["en", "ja"]),
    piece("furious_fiend", &["lion_or_range3", "lion_and_lion_dog"]),
    piece("teaching_king", &["queen_and_lion_dog", "queen"]),
    piece("great_elephant", &["plain", "lion_dog_power"]),
    piece("great_dragon", &["dai_dai", "ja"]),
    piece("free_demon_diagonals", &["forward", "all"]),
    piece("fierce_eagle", &["wikipedia", "evans"]),
    piece("neighbor_king", &["king", "no_back"]),
    piece(
        "guardian_of_the_gods",
        &["all_diagonals", "forward_diagonals"],
    ),
    piece("donkey", &["wikipedia", "evans"]),
    piece("prince_promotes", &["true", "false"]),
    piece("fire_demon_range", &["sideways", "vertical"]),
    piece("lion_hawk", &["bishop_lion", "bishop_area2"]),
    piece("free_eagle", &["wikipedia", "evans", "queen"]),
    piece(
        "heavenly_tetrarch",
        &["with_vertical", "no_vertical", "chariot_soldier"],
    ),
    piece("free_bear", &["plain", "diagonal_jump", "knight"]),
    piece("free_wolf", &["wikipedia", "evans"]),
    piece("free_dragon", &["wikipedia", "tsa"]),
    // Taikyoku shogi (taikyoku.md §9): the column of the piece table, then WP's listed
    // alternatives and ATS's readings.
    piece("readings", &["wikipedia", "ats"]),
    piece("violent_bear", &["wikipedia", "alt"]),
    piece("treacherous_fox", &["plain", "jumps"]),
    piece("divine_sparrow", &["wikipedia", "alt", "ats"]),
    piece("earth_dragon", &["wikipedia", "alt"]),
    piece("free_demon", &["wikipedia", "alt"]),
    piece("long_nosed_goblin", &["wikipedia", "alt"]),
    piece("capricorn", &["wikipedia", "alt"]),
];

const fn piece(name: &'static str, values: &'static [&'static str]) -> PieceOption {
    PieceOption { name, values }
}

impl PieceOption {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: self.name,
            values: self.values.to_vec(),
            subset: false,
            need: Need::Optional,
        }
    }
}

/// Every option the engine declares.
fn declarations() -> Vec<Declaration> {
    let mut all = vec![
        PROMOTION_TABLE.declaration(),
        PROMOTION_TRIGGER.declaration(),
        LION_DOG.declaration(),
        LION_DOG_JUMP_BACK.declaration(),
        EMPEROR_CAPTURE.declaration(),
        REPETITION.declaration(),
        LION_PROTECTION.declaration(),
        COUNTER_STRIKE.declaration(),
        PROMOTED_KIRIN_RECAPTURE.declaration(),
        LAST_RANK_PAWN_LANCE.declaration(),
        LAST_RANK.declaration(),
        DEAD_END_PROMOTION.declaration(),
        PROMOTION_RIGHT.declaration(),
        PROMOTION_CHOICE.declaration(),
        ZONE_RULE.declaration(),
        LION_TRADING.declaration(),
        RANGE_JUMP.declaration(),
        JUMP_CAPTURE_VICTIM.declaration(),
        RANGE_CAPTURE_JUMP.declaration(),
        RANGE_CAPTURE_VICTIM.declaration(),
        RANGE_CAPTURE_END.declaration(),
        AREA_MOVES.declaration(),
        BURNS_ON_PROMOTION.declaration(),
        BOTH_ROYALS_LOST.declaration(),
        BARE_KING.declaration(),
        CONTAGION.declaration(),
        TRIPLE_ARROW.declaration(),
    ];
    all.extend(PIECE_OPTIONS.iter().map(PieceOption::declaration));
    all.extend(super::ko_options::declarations());
    all
}

/// Checks one row of an options file: the engine declares the option and each of its
/// values, listed once each, and the row lists every declared value unless the option lets
/// a variant offer some ([`Spec::subset`]).
///
/// # Errors
/// A sentence naming the option or value and the valid ones.
pub(super) fn check_row(name: &str, values: &[String]) -> Result<Vec<usize>, String> {
    let all = declarations();
    let Some(declared) = all.iter().find(|d| d.name == name) else {
        let names: Vec<&str> = all.iter().map(|d| d.name).collect();
        return Err(format!(
            "unknown option `{name}`; the engine declares: {}",
            names.join(", ")
        ));
    };
    let mut places = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let place = declared.values.iter().position(|d| d == v).ok_or_else(|| {
            format!(
                "`{v}` is not a value of `{name}`; the engine declares: {}",
                declared.values.join(", ")
            )
        })?;
        if values[..i].contains(v) {
            return Err(format!("`{name}` lists `{v}` twice"));
        }
        places.push(place);
    }
    if !declared.subset {
        if let Some(missing) = declared
            .values
            .iter()
            .find(|d| !values.iter().any(|v| v == *d))
        {
            return Err(format!(
                "`{name}` lacks the value `{missing}`; the engine declares: {}",
                declared.values.join(", ")
            ));
        }
    }
    Ok(places)
}

/// Checks that a variant has exactly the options its features need.
///
/// # Errors
/// A sentence naming the first option missing or out of place.
pub(super) fn check_needs(options: &[OptionDef], features: &Features) -> Result<(), String> {
    for declared in declarations() {
        let has = options.iter().any(|o| o.name == declared.name);
        match (declared.need.of(features), has) {
            (Some(true), false) => {
                return Err(format!(
                    "options: `{}` is missing; the engine requires it of {}",
                    declared.name,
                    declared.need.who()
                ))
            }
            (Some(false), true) => {
                return Err(format!(
                    "options: `{}` is only for {}, which this variant is not",
                    declared.name,
                    declared.need.who()
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::declarations;
    use crate::engine::variant::{by_id, VARIANT_IDS};

    /// A declaration no variant uses is dead: every one is in some embedded variant's data.
    #[test]
    fn every_declared_option_is_in_some_variant() {
        for declared in declarations() {
            assert!(
                VARIANT_IDS.iter().any(|id| by_id(id)
                    .expect("a built-in variant")
                    .option_index(declared.name)
                    .is_some()),
                "no variant has `{}`",
                declared.name
            );
        }
    }

    #[test]
    fn declared_names_are_unique() {
        let all = declarations();
        for (i, d) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|e| e.name != d.name), "{}", d.name);
        }
    }
}
