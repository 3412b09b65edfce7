//! Repetition (tai.md and chu.md, option `repetition`): position keys, and the ruling on a
//! move that recreates an earlier position. Positions are compared as board, side to move
//! and extra field, by a 64-bit key kept incrementally; the cycle analysis of `jcsa`
//! (checks, then attacks, then passes decide who must deviate) and of `lishogi` (a side
//! that attacked throughout loses) reads the moves since the position's first occurrence.

use crate::engine::attack::attacked;
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Move, MAX_LISTED};
use crate::engine::core::square::Square;
use crate::engine::movegen::generate_from;
use crate::engine::position::{Extra, Position};
use crate::engine::variant::{Repetition, Rules};
use std::fmt;

/// Why a repetition rule forbids a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ban {
    /// Every move of this side in the cycle gave check (`jcsa`; `fourfold_no_contest`
    /// against a sole royal).
    PerpetualCheck,
    /// Every move of this side in the cycle attacked, the opponent's did not (`jcsa`).
    PerpetualAttack,
    /// In a cycle of passes this side passed first (`jcsa`).
    FirstPasser,
    /// The position occurred before with the same side to move (`no_repeat`).
    Repeated,
}

impl Ban {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            Ban::PerpetualCheck => "perpetual_check",
            Ban::PerpetualAttack => "perpetual_attack",
            Ban::FirstPasser => "pass_cycle",
            Ban::Repeated => "repetition",
        }
    }
}

impl fmt::Display for Ban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ban::PerpetualCheck => write!(
                f,
                "the move would make the position occur a 4th time and every move of this \
                 side in the cycle gave check: the checking side must deviate"
            ),
            Ban::PerpetualAttack => write!(
                f,
                "the move would make the position occur a 4th time and every move of this \
                 side in the cycle attacked a piece while the opponent's did not: the \
                 attacking side must deviate"
            ),
            Ban::FirstPasser => write!(
                f,
                "the move would make the position occur a 4th time in a cycle of passes \
                 that this side began: the first passer must deviate"
            ),
            Ban::Repeated => write!(
                f,
                "the move recreates a position that already occurred with the same side to move"
            ),
        }
    }
}

/// The option value's name, for messages.
pub fn rule_name(rule: Repetition) -> &'static str {
    match rule {
        Repetition::Jcsa => "jcsa",
        Repetition::FourfoldNoContest => "fourfold_no_contest",
        Repetition::NoRepeat => "no_repeat",
        Repetition::Lishogi => "lishogi",
        Repetition::Ignore => "ignore",
    }
}

/// What a move that completes a repetition does, when it is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Nothing: the game goes on.
    Continues,
    /// The game ends drawn (`jcsa`, nobody obliged to deviate).
    Draw,
    /// The game ends with no contest (`fourfold_no_contest`).
    NoContest,
    /// The game ends lost by this side, which attacked with every move of the cycle while
    /// the other side did not (`lishogi`).
    Lost(Color),
}

/// The moves of a game as the cycle analysis reads them: the moves played (`0..n`, move
/// `i` played from ply `i`) followed by the candidate being judged (index `n`).
pub trait MoveHistory {
    /// The number of moves played, the candidate excluded.
    fn played(&self) -> usize;
    /// The side that made move `i`.
    fn mover(&self, i: usize) -> Color;
    /// Whether move `i` left the opponent in check.
    fn gave_check(&self, i: usize) -> bool;
    /// Whether move `i` was a pass.
    fn was_pass(&self, i: usize) -> bool;
    /// Whether move `i` attacked: under `lishogi` as [`attacks_lishogi`] says, otherwise
    /// whether the moved piece attacks an enemy piece it did not attack before (see
    /// [`attacks_anew`]).
    fn attacked(&self, i: usize) -> bool;
}

/// The ruling on the candidate move of `history` when it makes a position occur again.
/// `earlier` holds the plies at which the position occurred before (oldest first, not
/// empty); `opponent_royals` counts the opponent's royals after the candidate.
///
/// # Errors
/// The ban when the mover may not make this move.
pub fn rule_on(
    rule: Repetition,
    earlier: &[u32],
    history: &impl MoveHistory,
    opponent_royals: u16,
) -> Result<Completion, Ban> {
    let candidate = history.played();
    let mover = history.mover(candidate);
    match rule {
        Repetition::NoRepeat => Err(Ban::Repeated),
        Repetition::Ignore => Ok(Completion::Continues),
        _ if earlier.len() < 3 => Ok(Completion::Continues),
        rule => {
            // The cycle: the moves since the third-last earlier occurrence (for the 4th
            // occurrence, since the first), the candidate included.
            let from = earlier[earlier.len() - 3] as usize;
            let all = |ours: bool, test: &dyn Fn(usize) -> bool| {
                (from..=candidate)
                    .filter(|&i| (history.mover(i) == mover) == ours)
                    .all(test)
            };
            let checks = [
                all(true, &|i| history.gave_check(i)),
                all(false, &|i| history.gave_check(i)),
            ];
            if rule == Repetition::FourfoldNoContest {
                return if checks[0] && opponent_royals == 1 {
                    Err(Ban::PerpetualCheck)
                } else {
                    Ok(Completion::NoContest)
                };
            }
            if rule == Repetition::Lishogi {
                let attacks = [
                    all(true, &|i| history.attacked(i)),
                    all(false, &|i| history.attacked(i)),
                ];
                return Ok(match attacks {
                    [true, false] => Completion::Lost(mover),
                    [false, true] => Completion::Lost(mover.opponent()),
                    _ => Completion::Draw,
                });
            }
            // Who must deviate: `(true, _)` the mover, `(false, _)` the opponent.
            let obliged = if checks[0] != checks[1] {
                Some((checks[0], Ban::PerpetualCheck))
            } else {
                let attacks = [
                    all(true, &|i| history.attacked(i)),
                    all(false, &|i| history.attacked(i)),
                ];
                if attacks[0] != attacks[1] {
                    Some((attacks[0], Ban::PerpetualAttack))
                } else if (from..=candidate).all(|i| history.was_pass(i)) {
                    // The run of consecutive passes may begin before the cycle.
                    let mut first = from;
                    while first > 0 && history.was_pass(first - 1) {
                        first -= 1;
                    }
                    Some((history.mover(first) == mover, Ban::FirstPasser))
                } else {
                    None
                }
            };
            match obliged {
                Some((true, ban)) => Err(ban),
                Some((false, _)) => Ok(Completion::Continues),
                None => Ok(Completion::Draw),
            }
        }
    }
}

/// Whether the piece moved by `mv` (from `before` to `after`) attacks an enemy piece on
/// `after` that it did not attack on `before`: a square holding an enemy piece that one of
/// its legal moves would capture, or burn on arrival (a fire demon).
pub fn attacks_anew(rules: &Rules, before: &Position, after: &Position, mv: &Move) -> bool {
    let mover = before.side();
    let targets = |pos: &Position, from: Square| {
        let mut moves = Vec::new();
        generate_from(pos, rules, from, &mut moves);
        let mut squares: Vec<Square> = moves
            .iter()
            .flat_map(|m| m.squares().iter().copied())
            .filter(|&s| pos.cell(s).is_color(mover.opponent()))
            .collect();
        // A fire demon attacks what its arrival would burn (tenjiku.md §7).
        if rules.burn.is_some() {
            for m in &moves {
                squares.extend(pos.burn_victims(m, rules));
            }
        }
        squares.sort_unstable();
        squares.dedup();
        squares
    };
    let old = targets(before, mv.from);
    let new = targets(&after.with_side_to_move(mover), mv.to());
    new.iter().any(|s| old.binary_search(s).is_err())
}

/// lishogi's attacking move (chu_lishogi.md §7): after it, a royal of the opponent is
/// attacked, or the moved piece (the passing piece, for a pass) could capture an enemy
/// piece. `after` is the position the move `mv` made.
pub fn attacks_lishogi(rules: &Rules, after: &Position, mv: &Move) -> bool {
    let them = after.side();
    let mover = them.opponent();
    if after
        .royal_squares(them)
        .iter()
        .any(|r| attacked(after, rules, r, mover, &[]))
    {
        return true;
    }
    let mut moves = Vec::new();
    generate_from(&after.with_side_to_move(mover), rules, mv.to(), &mut moves);
    moves
        .iter()
        .any(|m| m.squares().iter().any(|&s| after.cell(s).is_color(them)))
}

/// The key of a position: board, side to move and extra field.
pub fn position_key(pos: &Position) -> u64 {
    let mut key = state_key(pos);
    for color in Color::ALL {
        for sq in pos.occupied(color).iter() {
            key ^= cell_key(sq, pos);
        }
    }
    key
}

/// The key of `after`, the position `mv` made from `before` (whose key is `before_key`):
/// only the squares the move touched change.
pub fn key_after(before_key: u64, before: &Position, after: &Position, mv: &Move) -> u64 {
    key_with_move(key_without_move(before_key, before, mv), after, mv)
}

/// The first half of [`key_after`], before `mv` is played on `pos` (whose key is `key`):
/// the key without the side to move, the extra field and the squares the move touches.
/// [`key_with_move`] adds them back from the position the move made, which may be `pos`
/// itself, played in place.
pub fn key_without_move(key: u64, pos: &Position, mv: &Move) -> u64 {
    let (touched, n) = touched(mv);
    touched[..n]
        .iter()
        .fold(key ^ state_key(pos), |k, &sq| k ^ cell_key(sq, pos))
}

/// The second half of [`key_after`]: `partial` ([`key_without_move`]) with the side to
/// move, the extra field and the squares `mv` touched as they stand in `after`.
pub fn key_with_move(partial: u64, after: &Position, mv: &Move) -> u64 {
    let (touched, n) = touched(mv);
    touched[..n]
        .iter()
        .fold(partial ^ state_key(after), |k, &sq| k ^ cell_key(sq, after))
}

/// The squares a move touches (its start and its listed squares), each once.
fn touched(mv: &Move) -> ([Square; MAX_LISTED + 1], usize) {
    let mut touched = [mv.from; MAX_LISTED + 1];
    let mut n = 1;
    for &sq in mv.squares() {
        if !touched[..n].contains(&sq) {
            touched[n] = sq;
            n += 1;
        }
    }
    (touched, n)
}

/// The key after a move that captures nothing and does not promote, from `pos` (whose
/// key is `key`): the mover leaves its start square for its final square (a pass changes
/// only the side to move); the extra field is cleared.
pub fn quiet_key_after(key: u64, pos: &Position, mv: &Move) -> u64 {
    let mover = pos.cell(mv.from).bits();
    let mut key = key ^ state_key(pos) ^ state_key_of(pos.side().opponent(), Extra::None);
    if mv.to() != mv.from {
        key ^= bits_key(mv.from, mover) ^ bits_key(mv.to(), mover);
    }
    key
}

fn cell_key(sq: Square, pos: &Position) -> u64 {
    bits_key(sq, pos.cell(sq).bits())
}

fn bits_key(sq: Square, bits: u16) -> u64 {
    match bits {
        0 => 0,
        bits => mix(u64::from(sq.0) << 16 | u64::from(bits)),
    }
}

fn state_key(pos: &Position) -> u64 {
    state_key_of(pos.side(), pos.extra())
}

fn state_key_of(side: Color, extra: Extra) -> u64 {
    let side = match side {
        Color::Black => 0,
        Color::White => mix(1 << 40),
    };
    let extra = match extra {
        Extra::None => 0,
        Extra::LionCapture(sq) => mix(2 << 40 | u64::from(sq.0)),
        Extra::DrumsLost(bits) => mix(3 << 40 | u64::from(bits)),
    };
    side ^ extra
}

/// splitmix64's finaliser: spreads a small distinct number over 64 bits.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::moves::Promo;
    use crate::engine::movegen::legal_moves;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::{tai, Rules};

    /// A move may list six squares (notation.md's longest routes), all distinct and apart
    /// from its start: each is touched once, the start first, in the order listed.
    #[test]
    fn a_move_listing_six_squares_touches_seven() {
        let path: Vec<Square> = (1..=6).map(Square).collect();
        let mv = Move::new(Square(0), &path, Promo::None);
        let (squares, n) = touched(&mv);
        assert_eq!(n, 7);
        assert_eq!(squares[..n], [0, 1, 2, 3, 4, 5, 6].map(Square));
        let back = Move::new(Square(0), &[Square(1), Square(0), Square(1)], Promo::None);
        let (squares, n) = touched(&back);
        assert_eq!(squares[..n], [Square(0), Square(1)]);
    }

    /// The incremental keys (after any move, and the direct one after a quiet move) equal
    /// the key computed from the whole position, along a random game.
    #[test]
    fn incremental_keys_equal_the_whole_position_key() {
        let rules = Rules::default_for(tai());
        let mut pos = Position::start(&rules);
        let mut rng = Rng(0x5eed_0f4e);
        let (mut checked, mut quiet) = (0, 0);
        for _ in 0..120 {
            let moves = legal_moves(&pos, &rules);
            if moves.is_empty() {
                break;
            }
            let key = position_key(&pos);
            for mv in &moves {
                let mut after = pos.clone();
                let effects = after.play(mv, &rules);
                let whole = position_key(&after);
                assert_eq!(key_after(key, &pos, &after, mv), whole, "{mv:?}");
                if effects.captures().is_empty() {
                    assert_eq!(quiet_key_after(key, &pos, mv), whole, "{mv:?}");
                    quiet += 1;
                }
                assert_ne!(whole, key, "a move changes the side to move");
                checked += 1;
            }
            pos.play(&moves[rng.below(moves.len())], &rules);
        }
        assert!(checked > 20_000 && quiet > 10_000, "{checked} {quiet}");
    }
}
