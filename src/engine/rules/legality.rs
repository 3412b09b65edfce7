//! Judging one proposed move: its text is parsed, every equivalent spelling is reduced to
//! the canonical move (by its route, or, where the rules judge moves by their effect, by
//! its effect: ko.md §5), and an illegal move gets a reason from a closed set
//! ([`IllegalReason`], in `illegal`).

use super::illegal::resolve_mark;
pub use super::illegal::IllegalReason;
use super::lion_trading;
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::moves::{Move, Promo, ShotsFrom, MAX_LISTED};
use crate::engine::core::square::Square;
use crate::engine::movegen::{
    generate_from, generate_from_unfiltered, generate_towards, judged_alone, pass_of, pass_via,
    reduce_route, refused_capture, twin_route,
};
use crate::engine::notation::{parse_move_text, MoveText, MoveTextError};
use crate::engine::position::route_board::frozen;
use crate::engine::position::Position;
use crate::engine::variant::{BothRoyalsLost, Rules};

/// The ending of a position in which a side has no royal left. When neither has one (a
/// royal took the last enemy royal and burned on arrival, tenjiku.md §7), the side that
/// moved wins under `both_royals_lost = mover_wins` and the game is drawn under `draw`.
pub fn royals_captured(pos: &Position, rules: &Rules) -> Ending {
    let both = pos.royal_count(Color::Black) == 0 && pos.royal_count(Color::White) == 0;
    if both
        && rules
            .play
            .burning
            .is_some_and(|b| b.both_royals_lost == BothRoyalsLost::Draw)
    {
        return Ending {
            result: GameResult::Draw,
            reason: EndReason::RoyalsCaptured,
        };
    }
    // The command rule keeps whether a side meets its loss condition in the royal counts;
    // when both do, the side to move (the mover's opponent, tested first) has lost.
    let loser = if pos.royal_count(pos.side()) == 0 {
        pos.side()
    } else {
        pos.side().opponent()
    };
    Ending {
        result: GameResult::Win(loser.opponent()),
        reason: if rules.play.command {
            EndReason::CommandersLost
        } else {
            EndReason::RoyalsCaptured
        },
    }
}

/// Checks a proposed move in machine text and returns the canonical legal move.
///
/// Accepted spellings: the canonical text; the same route with extra empty intermediate
/// squares the piece steps on (a lion's two steps through an empty square, a lion dog's
/// steps) or a hook move's corner; a pass through any empty square the passing piece could
/// step to (the move names that piece: see [`pass_of`]); no `+` where promotion is
/// compulsory; `?` as `=`; in variants that read marks as lishogi does (chu shogi), a `+`
/// on a three-square move (a pass too) of a piece that cannot promote, and `=` or `?` on a
/// move that offers no promotion, both meaning "no promotion". A move without a mark where
/// promotion is optional declines it.
///
/// # Errors
/// The reason the move is illegal.
pub fn check_move(pos: &Position, rules: &Rules, text: &str) -> Result<Move, IllegalReason> {
    check_move_with(pos, rules, text, true)
}

/// [`check_move`]; with `direct`, a move to one square is matched against the piece's
/// moves to that square alone where they are found without listing the others
/// ([`generate_towards`]), else against all of the piece's moves (the same answer).
pub(crate) fn check_move_with(
    pos: &Position,
    rules: &Rules,
    text: &str,
    direct: bool,
) -> Result<Move, IllegalReason> {
    let geo = &rules.variant.geometry;
    let parsed = parse_move_text(geo.shape, text).map_err(IllegalReason::Malformed)?;
    if pos.is_terminal() {
        return Err(IllegalReason::GameOver(royals_captured(pos, rules)));
    }
    let from = parsed.squares[0];
    let cell = pos.cell(from);
    if cell.is_empty() {
        return Err(IllegalReason::EmptySquare);
    }
    if !cell.is_color(pos.side()) {
        return Err(IllegalReason::NotYourPiece);
    }
    if rules.play.judged_by_effect {
        return check_by_effect(pos, rules, &parsed);
    }
    if parsed.squares.len() > 4 {
        return Err(IllegalReason::Malformed(MoveTextError::TooManySquares));
    }
    if !parsed.shots.is_empty() {
        return Err(IllegalReason::Malformed(MoveTextError::Shots));
    }
    if let [to] = parsed.squares[1..] {
        if let Some(mv) = judged_alone(pos, rules, from, to) {
            return match parsed.mark {
                None => Ok(mv),
                Some(_) => Err(IllegalReason::PromotionNotPossible),
            };
        }
    }
    let path = &parsed.squares[1..];
    let mut moves = Vec::new();
    let towards = match path {
        [to] if direct => generate_towards(pos, rules, from, *to, &mut moves),
        _ => false,
    };
    // A move not found that way is refused as the whole list says.
    let towards = towards && !moves.is_empty();
    if !towards {
        // Room for a ranging piece's moves at once (growing the list cost more than listing).
        moves.reserve(64);
        generate_from(pos, rules, from, &mut moves);
    }
    let lishogi_marks = rules.variant.traits.lishogi_marks;
    let candidates: Vec<&Move> = if towards {
        // A move to one square of the kinds found that way has no other spelling: nothing
        // to reduce, no pass, no twin; every move found is written so.
        moves.iter().collect()
    } else {
        // A route whose step square gives it the promotion right (a lion's first step under
        // `promotion_right = zone_route`, taikyoku.md §5) is a move of its own, listed as
        // written with `+`; the mark may be left out where that promotion is compulsory.
        if let Some(mv) = moves.iter().find(|m| {
            path.len() > 1
                && m.from == from
                && m.squares() == path
                && m.promo == Promo::Promote
                && (parsed.mark == Some(Promo::Promote)
                    || (parsed.mark.is_none() && !m.promotion_optional()))
        }) {
            return Ok(*mv);
        }
        // Equivalent spellings reduced first (an area move's route, tenjiku.md §9.2).
        let reduced = reduce_route(pos, rules, from, path);
        // A pass: out to an empty square and straight back. It names its piece; the empty
        // square is written as that piece's first one.
        if reduced.len() == 2 && reduced[1] == from && pos.cell(reduced[0]).is_empty() {
            if pass_via(pos, rules, from, reduced[0]).is_some() {
                let pass = pass_of(pos, rules, from).expect("the piece can pass");
                return match parsed.mark {
                    Some(_) if !lishogi_marks => Err(IllegalReason::PromotionNotPossible),
                    _ => Ok(pass),
                };
            }
            return Err(IllegalReason::InvalidRoute);
        }
        let matching = |squares: &[Square]| -> Vec<&Move> {
            moves
                .iter()
                .filter(|m| m.from == from && m.squares() == squares)
                .collect()
        };
        let mut candidates = matching(&reduced);
        if candidates.is_empty() {
            if let Some(twin) = twin_route(pos, rules, from, &reduced) {
                candidates = matching(&twin);
            }
        }
        if candidates.is_empty() {
            return Err(classify(pos, rules, from, path, &reduced));
        }
        candidates
    };
    let has = |p: Promo| candidates.iter().find(|m| m.promo == p).copied();
    // A mark is ignored on lishogi's three-square moves of pieces that cannot promote, and
    // on a move whose piece is burned on arrival (tenjiku.md §6.2 (ii)).
    let burned_mover = has(Promo::None).is_some_and(|m| pos.self_burned(m, rules));
    let ignored_plus = (lishogi_marks
        && path.len() == 2
        && rules.face(cell.face_unchecked()).promotes_to.is_none())
        || burned_mover;
    resolve_mark(
        &candidates,
        parsed.mark,
        ignored_plus,
        lishogi_marks || burned_mover,
    )
}

/// The rule that removed the move `from` + `squares` from the legal moves, if the piece
/// could otherwise make it: a lion-trading rule (chu shogi), or `both_royals_lost =
/// illegal` (tenjiku.md §7), the only other rule the generator applies to a capture.
fn rule_ban(
    pos: &Position,
    rules: &Rules,
    from: Square,
    squares: &[Square],
) -> Option<IllegalReason> {
    if rules.lion_trading.is_none() && !rules.both_royals_illegal() {
        return None;
    }
    let mut moves = Vec::new();
    generate_from_unfiltered(pos, rules, from, &mut moves);
    let mv = moves.iter().find(|m| m.squares() == squares)?;
    let lion = rules
        .lion_trading
        .as_ref()
        .and_then(|trading| lion_trading::ban_of_move(pos, rules, trading, mv));
    match lion {
        Some(ban) => Some(IllegalReason::Lion(ban)),
        None => rules
            .both_royals_illegal()
            .then_some(IllegalReason::BothRoyalsLost),
    }
}

/// Why no generated move matches: a lion-trading rule, or else decided from the
/// destination and an empty board.
fn classify(
    pos: &Position,
    rules: &Rules,
    from: Square,
    path: &[Square],
    reduced: &[Square],
) -> IllegalReason {
    if let Some(ban) = rule_ban(pos, rules, from, reduced) {
        return ban;
    }
    let to = *path.last().expect("at least one square");
    if path.len() == 1 && pos.cell(to).is_color(pos.side()) {
        return IllegalReason::OntoOwnPiece;
    }
    if path.len() == 1 && refused_capture(pos, rules, from, to) {
        return IllegalReason::EmperorProtected;
    }
    if path.len() > 1 {
        return IllegalReason::InvalidRoute;
    }
    // Reachable on a board holding only this piece and the royals?
    let mut lone = pos.clone();
    lone.clear_except(&[from], rules);
    let mut moves = Vec::new();
    generate_from(&lone, rules, from, &mut moves);
    if moves.iter().any(|m| m.squares() == [to]) {
        IllegalReason::PathBlocked
    } else {
        IllegalReason::Unreachable
    }
}

/// A move's effect without its promotion choice: final square, captured and shot squares
/// (sorted).
type Effect = (Square, Vec<Square>, Vec<Square>);

/// Judges a parsed move by its effect (ko.md §5): the move is read as its effect (start,
/// final square, squares captured by displacement, shot targets) and matched against the
/// piece's legal moves, so that any equivalent spelling is accepted and normalised; the
/// promotion mark is then resolved as for a move judged by its route, but that `=` names
/// the unmarked move where one route to the effect must promote and another cannot. The
/// start holds a piece of the side to move.
///
/// # Errors
/// The reason the move is illegal.
fn check_by_effect(
    pos: &Position,
    rules: &Rules,
    parsed: &MoveText,
) -> Result<Move, IllegalReason> {
    let from = parsed.squares[0];
    let us = pos.side();
    if frozen(pos, rules, from) {
        return Err(IllegalReason::Frozen);
    }
    let path = &parsed.squares[1..];
    // A route may step on empty points, enemies and its own start, never on a friend.
    if path[..path.len().saturating_sub(1)]
        .iter()
        .any(|&s| s != from && pos.cell(s).is_color(us))
    {
        return Err(IllegalReason::InvalidRoute);
    }
    if path
        .last()
        .is_some_and(|&to| to != from && pos.cell(to).is_color(us))
    {
        return Err(IllegalReason::OntoOwnPiece);
    }
    let proposed = proposed_move(parsed).ok_or(IllegalReason::InvalidShot)?;
    let pass = path.len() == 2 && path[1] == from && pos.cell(path[0]).is_empty();
    if pass && parsed.shots.is_empty() {
        // A pass names its piece, written through its first pass point.
        if pass_via(pos, rules, from, path[0]).is_none() {
            return Err(IllegalReason::InvalidRoute);
        }
        let own = pass_of(pos, rules, from).ok_or(IllegalReason::InvalidRoute)?;
        return match parsed.mark {
            Some(_) => Err(IllegalReason::PromotionNotPossible),
            None => Ok(own),
        };
    }
    let mut moves = Vec::new();
    generate_from(pos, rules, from, &mut moves);
    let effect = effect_of(pos, rules, &proposed);
    let candidates: Vec<&Move> = moves
        .iter()
        .filter(|m| m.from == from && effect_of(pos, rules, m) == effect)
        .collect();
    if candidates.is_empty() {
        let moved_alike = moves
            .iter()
            .any(|m| m.from == from && effect_of(pos, rules, m).0 == effect.0);
        // Shots that fit no legal move, after a movement some move makes or in place.
        return Err(
            if !parsed.shots.is_empty() && (moved_alike || path.is_empty()) {
                IllegalReason::InvalidShot
            } else if path.len() > 1 {
                IllegalReason::InvalidRoute
            } else {
                IllegalReason::Unreachable
            },
        );
    }
    // `=` is only for a promotion that was possible and declined: where one route to the
    // effect must promote and another cannot promote at all, the two moves are written `+`
    // and unmarked, and `=` names the unmarked one (ko.md §5, settled 2026-11-28).
    let has = |p: Promo| candidates.iter().find(|m| m.promo == p).copied();
    if let (Some(Promo::Decline), None, Some(_), Some(unmarked)) = (
        parsed.mark,
        has(Promo::Decline),
        has(Promo::Promote),
        has(Promo::None),
    ) {
        return Ok(*unmarked);
    }
    resolve_mark(&candidates, parsed.mark, false, false)
}

/// The move the text spells, without its mark; `None` when its shots cannot be placed
/// (more than one point shot from, shots between legs other than after the first, or more
/// squares and shots than a move holds).
fn proposed_move(parsed: &MoveText) -> Option<Move> {
    let from = parsed.squares[0];
    let path = &parsed.squares[1..];
    if path.len() + parsed.shots.len() > MAX_LISTED {
        return None;
    }
    let targets: Vec<Square> = parsed.shots.iter().map(|&(_, t)| t).collect();
    let last = parsed.squares.len() - 1;
    let shots_from = match parsed.shots.as_slice() {
        [] => ShotsFrom::Final,
        [(1, _), ..] if last > 1 => ShotsFrom::FirstLeg,
        shots if shots.iter().all(|&(at, _)| at == last) => ShotsFrom::Final,
        _ => return None,
    };
    if shots_from == ShotsFrom::FirstLeg && parsed.shots.get(1).is_some_and(|&(at, _)| at != last) {
        return None;
    }
    let mv = if path.is_empty() {
        Move::shot_in_place(from, &targets, Promo::None)
    } else {
        Move::new(from, path, Promo::None).with_shots(&targets, shots_from)
    };
    Some(mv)
}

/// The effect of a move on `pos` (not yet played): final square, captured and shot squares.
fn effect_of(pos: &Position, rules: &Rules, mv: &Move) -> Effect {
    let mut caps = pos.displaced(mv, rules);
    caps.sort_unstable();
    let mut shots = mv.shots().to_vec();
    shots.sort_unstable();
    (mv.to(), caps, shots)
}
