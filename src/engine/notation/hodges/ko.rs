//! What ko shogi (広将棋, ko.md §5) adds to Hodges text: the captures a line move leaves
//! implied, the promoted-only codes accepted on input, the one pass of a position (and the
//! passes that burn their piece), and the reading of a text by its effect.

use super::{ambiguous, squares_with_face, HodgesError, Step};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::{FaceId, KindId, Piece};
use crate::engine::core::square::Square;
use crate::engine::movegen::{generate_from, ko_pass_via};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The promoted faces a promoted-only kind's own code names on input (ko shogi only): the
/// promoted sides that move as `kind` (`GV` is `+MA`; `CO` is `+PU` and `+VA`). Empty
/// under other rules, where such a code is an error.
pub(super) fn promoted_only_faces(rules: &Rules, kind: KindId) -> Vec<FaceId> {
    if rules.ko.is_none() {
        return Vec::new();
    }
    (0..rules.variant.kinds.len())
        .map(|k| KindId(k as u16).face(true))
        .filter(|&f| {
            let rule = rules.face(f);
            rule.exists && rule.moves_as == kind
        })
        .collect()
}

/// Whether `mv` is shaped as a pass: out to an empty point and back, no shot.
fn is_pass(pos: &Position, mv: &Move) -> bool {
    matches!(mv.squares(), &[via, back] if back == mv.from && pos.cell(via).is_empty())
        && mv.shots().is_empty()
}

/// Reads a pass text (`-!` and `via`) whose piece may stand on `starts`: `None` when no
/// such piece can pass through `via`. Every piece that can names the position's one pass,
/// unless its pass burns it (a move of its own): such a text must name one piece.
pub(super) fn read_pass(
    pos: &Position,
    rules: &Rules,
    starts: &[Square],
    via: Square,
    mark: Option<Promo>,
) -> Option<Result<Move, HodgesError>> {
    let passers: Vec<(Square, bool)> = starts
        .iter()
        .filter_map(|&sq| ko_pass_via(pos, rules, sq, via).map(|burns| (sq, burns)))
        .collect();
    let &(from, burns) = passers.first()?;
    if mark.is_some() {
        return Some(Err(HodgesError::PromotionNotPossible));
    }
    if passers.len() > 1 && passers.iter().any(|&(_, b)| b) {
        let froms = passers.iter().map(|&(sq, _)| sq).collect();
        return Some(Err(ambiguous(rules.variant.shape(), froms)));
    }
    // The piece's moves hold its own burning pass, or else the position's one pass.
    let mut moves = Vec::new();
    generate_from(pos, rules, from, &mut moves);
    let pass = moves
        .into_iter()
        .find(|m| is_pass(pos, m) && (!burns || m.from == from));
    Some(pass.ok_or(HodgesError::Unreachable { hint: None }))
}

/// For a ko pass of `piece` through `via`, whether its text needs the start point: another
/// piece of the same face could pass through `via` too, and one of the two passes burns
/// its piece (the others are all one move).
pub(super) fn pass_needs_start(
    pos: &Position,
    rules: &Rules,
    mv: &Move,
    piece: Piece,
    via: Square,
) -> bool {
    let burns = ko_pass_via(pos, rules, mv.from, via) == Some(true);
    piece.color == pos.side()
        && squares_with_face(pos, piece.face)
            .any(|sq| sq != mv.from && ko_pass_via(pos, rules, sq, via).is_some_and(|b| b || burns))
}

/// Whether the text's `steps` have the effect of the legal move `mv` (ko.md §5): the same
/// final point, points captured by displacement and shot targets, whatever their order.
/// Never for a pass text or under other rules.
pub(super) fn same_effect(pos: &Position, rules: &Rules, steps: &[Step], mv: &Move) -> bool {
    let Some(ko) = &rules.ko else {
        return false;
    };
    let moved: Vec<&Step> = steps.iter().filter(|s| !s.shot).collect();
    let to = match moved.last() {
        Some(s) if s.stay && !s.capture => return false,
        Some(s) if s.stay => mv.from,
        Some(s) => s.sq,
        None => mv.from,
    };
    if to != mv.to() {
        return false;
    }
    let sorted = |mut v: Vec<Square>| {
        v.sort_unstable();
        v.dedup();
        v
    };
    let caps = sorted(moved.iter().filter(|s| s.capture).map(|s| s.sq).collect());
    let shots = sorted(steps.iter().filter(|s| s.shot).map(|s| s.sq).collect());
    caps == sorted(pos.ko_displaced(mv, rules, ko)) && shots == sorted(mv.shots().to_vec())
}
