//! Check in ko shogi (ko.md §6), for information and for mate under O33: a side is in
//! check when its opponent, if it were to move now, has a legal move after which the side
//! meets the loss condition. Only an opponent move that removes one of the side's command
//! pieces (general, governor, middle troop, banner) can do that, by capture, shot or burn:
//! only the pieces that can reach such a point are asked for their moves, and the moves
//! that cannot remove one are skipped without being played.

use crate::engine::core::color::Color;
use crate::engine::core::moves::Move;
use crate::engine::core::square_set::SquareSet;
use crate::engine::movegen::generate_from;
use crate::engine::position::Position;
use crate::engine::variant::{KoRules, Rules};

/// Whether `side` is in check under ko shogi's rules.
pub fn in_check_ko(pos: &Position, rules: &Rules, ko: &KoRules, side: Color) -> bool {
    if pos.is_terminal() {
        return false;
    }
    let geo = &rules.variant.geometry;
    let mut command = SquareSet::EMPTY;
    for sq in pos.occupied(side).iter() {
        let f = ko.face(pos.cell(sq).face_unchecked());
        if f.commander || f.half.is_some() {
            command.insert(sq);
        }
    }
    let them = side.opponent();
    let flipped = pos.with_side_to_move(them);
    let mut moves = Vec::new();
    for from in pos.occupied(them).iter() {
        // Only a piece that can reach a command point by its bounded moves, shots and
        // burns, or along one of its unlimited ranges, is asked for its moves.
        let f = ko.face(pos.cell(from).face_unchecked());
        let near = command.iter().any(|c| {
            geo.distance(from, c) <= i32::from(f.reach)
                || geo
                    .line(from, c)
                    .is_some_and(|(d, _)| f.far[them.index()] & (1 << d) != 0)
        });
        if !near {
            continue;
        }
        moves.clear();
        generate_from(&flipped, rules, from, &mut moves);
        if moves.iter().any(|mv| {
            mv.from == from
                && may_remove(&flipped, rules, ko, mv, &command)
                && loses(&flipped, rules, mv, side)
        }) {
            return true;
        }
    }
    false
}

/// Whether `mv` could remove a piece on `command`: one it lists, shoots, steps over on a
/// line, or burns next to its final point (a poison flame's move).
fn may_remove(pos: &Position, rules: &Rules, ko: &KoRules, mv: &Move, command: &SquareSet) -> bool {
    let geo = &rules.variant.geometry;
    if mv
        .squares()
        .iter()
        .chain(mv.shots())
        .any(|&s| command.contains(s))
    {
        return true;
    }
    if let Some((d, n)) = geo.line(mv.from, mv.to()) {
        if geo
            .ray(mv.from, d)
            .iter()
            .take(n as usize)
            .any(|&s| command.contains(s))
        {
            return true;
        }
    }
    ko.face(pos.cell(mv.from).face_unchecked()).poison_flame
        && (0..8).any(|d| {
            geo.neighbour(mv.to(), d)
                .is_some_and(|s| command.contains(s))
        })
}

/// Whether `side` meets the loss condition after `mv` is played on `pos`.
fn loses(pos: &Position, rules: &Rules, mv: &Move, side: Color) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(mv, rules);
    after.royal_count(side) == 0
}
