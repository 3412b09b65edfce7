//! Chu shogi's lion-trading rules (`docs/rules/chu.md`, `sources/chu_lishogi.md` §4): which
//! captures of a lion (獅子, shishi, and the kirin promoted to one) a move may make, given
//! the counter-strike square `Position::play` leaves in the extra field. A rule module of its
//! own, which the generator asks ([`forbids`]) only in variants whose rules have
//! [`LionTrading`]; it imports nothing of the generator.
//!
//! - A lion may always capture an enemy lion next to its start square.
//! - A lion may capture an enemy lion two squares from its start only if that lion is
//!   unprotected, or as the second victim of a move whose first victim is neither an
//!   unpromoted pawn nor an unpromoted go-between (仲人, chūnin) (the bridge capture).
//! - Counter-strike: right after a non-lion captured a lion, no non-lion may capture a lion
//!   (option `counter_strike`, `promoted_kirin_recapture`).

use crate::engine::attack::attacked;
use crate::engine::core::color::Color;
use crate::engine::core::moves::Move;
use crate::engine::core::square::Square;
use crate::engine::position::{Extra, Position};
use crate::engine::variant::{LionProtection, LionTrading, Rules};
use std::fmt;

/// Why a lion-trading rule forbids a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LionBan {
    /// A lion may not capture a protected lion two squares away (without a bridge).
    Protected,
    /// A non-lion may not capture a lion right after a non-lion captured one.
    CounterStrike,
}

impl LionBan {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            LionBan::Protected => "lion_protected",
            LionBan::CounterStrike => "counter_strike",
        }
    }
}

impl fmt::Display for LionBan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LionBan::Protected => write!(
                f,
                "a lion may not capture a protected lion two squares away unless its first \
                 victim was neither a pawn nor a go-between"
            ),
            LionBan::CounterStrike => write!(
                f,
                "right after a non-lion captured a lion, a non-lion may not capture a lion"
            ),
        }
    }
}

/// The rule that forbids the move of the piece on `from` capturing on `captured` (in
/// order), if any.
pub fn ban(
    pos: &Position,
    rules: &Rules,
    trading: &LionTrading,
    from: Square,
    captured: &[Square],
) -> Option<LionBan> {
    let geo = &rules.variant.geometry;
    let mover_is_lion = rules.face(pos.cell(from).face_unchecked()).lion;
    let first = captured.first().copied();
    for (i, &target) in captured.iter().enumerate() {
        if !rules.face(pos.cell(target).face_unchecked()).lion {
            continue;
        }
        // The first victim of a two-capture move, when the lion is the second.
        let bridge = (i > 0).then_some(first).flatten();
        if mover_is_lion {
            if geo.distance(from, target) <= 1 {
                continue;
            }
            let real_bridge =
                bridge.is_some_and(|b| !rules.face(pos.cell(b).face_unchecked()).pawnlike);
            if !real_bridge && protected(pos, rules, trading.protection, from, bridge, target) {
                return Some(LionBan::Protected);
            }
        } else if let Extra::LionCapture(recorded) = pos.extra() {
            if target == recorded && trading.kirin_recapture {
                continue;
            }
            if trading.okazaki && !protected(pos, rules, trading.protection, from, bridge, target) {
                continue;
            }
            return Some(LionBan::CounterStrike);
        }
    }
    None
}

/// [`ban`] as the generator asks it (a [`crate::engine::movegen`] capture ban): whether
/// the rules in force forbid the move of the piece on `from` capturing on `captured`.
pub fn forbids(pos: &Position, rules: &Rules, from: Square, captured: &[Square]) -> bool {
    rules
        .lion_trading
        .as_ref()
        .is_some_and(|trading| ban(pos, rules, trading, from, captured).is_some())
}

/// Whether the lion on `target` is protected against the piece moving from `from` whose
/// earlier victim on this move (if any) was on `first`: some piece of the lion's side could
/// capture on `target` with `from` and `first` emptied; under `before_move` the first
/// victim itself counts too if it could capture there (the doomed protector).
fn protected(
    pos: &Position,
    rules: &Rules,
    timing: LionProtection,
    from: Square,
    first: Option<Square>,
    target: Square,
) -> bool {
    let owner: Color = pos.cell(target).color_unchecked();
    let vacated = [from, first.unwrap_or(from)];
    if attacked(pos, rules, target, owner, &vacated) {
        return true;
    }
    match (timing, first) {
        (LionProtection::BeforeMove, Some(first)) => {
            let geo = &rules.variant.geometry;
            let cell = pos.cell(first);
            cell.is_color(owner)
                && geo.line(first, target).is_some_and(|(d, n)| {
                    n == 1
                        && rules.traits[owner.index()][cell.face_unchecked().index()].guard_steps
                            & (1 << d)
                            != 0
                })
        }
        _ => false,
    }
}

/// [`ban`] for a whole move (its captures read from the position).
pub fn ban_of_move(
    pos: &Position,
    rules: &Rules,
    trading: &LionTrading,
    mv: &Move,
) -> Option<LionBan> {
    let (captured, n) = pos.captures(mv);
    ban(pos, rules, trading, mv.from, &captured[..n])
}
