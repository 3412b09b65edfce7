//! The blocks of options a variant's rules carry where the variant has the mechanism:
//! chu shogi's lion trading, a promotion zone, tenjiku's range jump and fire demon,
//! taikyoku's range capture. Each is a small value compiled once with the rules
//! (`rules.rs`).

use super::options::{BothRoyalsLost, LastRank, LionProtection, PromotionRight};

/// The lion-trading rules in force (chu shogi): options `lion_protection`,
/// `counter_strike` and `promoted_kirin_recapture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LionTrading {
    pub protection: LionProtection,
    /// `counter_strike = okazaki`: the counter-strike ban spares an unprotected lion.
    pub okazaki: bool,
    /// `promoted_kirin_recapture = allowed`: the lion on the recorded square is fair game.
    pub kirin_recapture: bool,
}

/// A promotion zone (chu and tenjiku shogi) with the options `promotion_right` and
/// `last_rank` (chu: `last_rank_pawn_lance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone {
    /// How many ranks at the far end the zone has.
    pub ranks: u8,
    /// Which moves have a promotion right.
    pub right: PromotionRight,
    /// What a move of a trapped piece onto its last rank(s) may do.
    pub last_rank: LastRank,
    /// Option `promotion_choice = compulsory`: a move with a promotion right promotes.
    pub compulsory: bool,
}

/// The range jump's options (tenjiku.md §4.2), for variants with range-jumping pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeJumpRules {
    /// `range_jump = always`: non-capturing jumps too.
    pub always: bool,
    /// `jump_capture_victim = any`: any enemy piece may be jump-captured.
    pub any_victim: bool,
}

/// The range capture's options (taikyoku.md §4.3), for variants with range capturers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeCaptureRules {
    /// `range_capture_jump = not_higher`: a piece of the mover's own rank may be passed.
    pub pass_equal: bool,
    /// `range_capture_victim = any`: any enemy may be taken, royals included.
    pub any_victim: bool,
    /// `range_capture_end = any`: after passing, the move may end on an empty square or on
    /// a friend it may pass.
    pub end_any: bool,
    /// The highest rank of any face with a range capture (no line goes on past a piece
    /// that not even such a face may pass).
    pub top: u8,
}

/// The fire demon's rules (tenjiku.md §5, §7), for variants with one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BurnRules {
    /// `water_buffalo_burns_on_promotion`: a piece that becomes a demon by promoting
    /// burns on that move.
    pub on_promotion: bool,
    /// `both_royals_lost`: a move after which neither side has a royal.
    pub both_royals_lost: BothRoyalsLost,
}
