//! Judging a proposed ko shogi move (ko.md §5): the move is read as its effect (start,
//! final point, points captured by displacement, shot targets) and matched against the
//! piece's legal moves, so that any equivalent spelling is accepted and normalised; the
//! promotion mark is then resolved as for the other variants, but that `=` names the
//! unmarked move where one route to the effect must promote and another cannot (§5).

use super::illegal::{resolve_mark, IllegalReason};
use crate::engine::core::moves::{Move, Promo, ShotsFrom, MAX_LISTED};
use crate::engine::core::square::Square;
use crate::engine::movegen::{can_pass_via, generate_from, pass_of};
use crate::engine::notation::MoveText;
use crate::engine::position::ko_board::KoBoard;
use crate::engine::position::Position;
use crate::engine::variant::{KoRules, Rules};

/// A move's effect without its promotion choice: final point, captured and shot points
/// (sorted).
type Effect = (Square, Vec<Square>, Vec<Square>);

/// Checks a parsed ko move whose start holds a piece of the side to move and returns the
/// canonical legal move.
///
/// # Errors
/// The reason the move is illegal.
pub fn check_ko_move(
    pos: &Position,
    rules: &Rules,
    ko: &KoRules,
    parsed: &MoveText,
) -> Result<Move, IllegalReason> {
    let from = parsed.squares[0];
    let us = pos.side();
    if KoBoard::read(pos, rules, ko).frozen[us.index()].contains(from) {
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
        if !can_pass_via(pos, rules, from, path[0]) {
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
    let effect = effect_of(pos, rules, ko, &proposed);
    let candidates: Vec<&Move> = moves
        .iter()
        .filter(|m| m.from == from && effect_of(pos, rules, ko, m) == effect)
        .collect();
    if candidates.is_empty() {
        let moved_alike = moves
            .iter()
            .any(|m| m.from == from && effect_of(pos, rules, ko, m).0 == effect.0);
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

/// The effect of a move on `pos` (not yet played): final point, captured and shot points.
fn effect_of(pos: &Position, rules: &Rules, ko: &KoRules, mv: &Move) -> Effect {
    let mut caps = pos.ko_displaced(mv, rules, ko);
    caps.sort_unstable();
    let mut shots = mv.shots().to_vec();
    shots.sort_unstable();
    (mv.to(), caps, shots)
}
