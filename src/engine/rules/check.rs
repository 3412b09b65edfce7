//! Check, mate and stalemate as tai.md defines them: a side is in check when its opponent,
//! if it were to move now, has a legal move after which the side has lost (no royal left,
//! by capture or by a burn; or, under the command loss condition of ko.md §6, no
//! commander and not every half-commander kind); mate is check with no legal move that
//! escapes it (in variants where mate ends the game); a side with no legal move at all is
//! stalemated and loses; a side that has lost has lost at once. Each mechanism present is
//! asked what it can remove: the movement's attacks, the burning mechanism's burns, and,
//! under the command rule, every move of a piece that can reach a command piece.

use crate::engine::core::color::Color;
use crate::engine::core::moves::Move;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::interrupt::stopped;
use crate::engine::movegen::{could_capture, generate, generate_from};
use crate::engine::position::Position;
use crate::engine::variant::{flag, BothRoyalsLost, Rules};

/// The squares of `side`'s royal pieces.
pub fn royals(pos: &Position, side: Color) -> Vec<Square> {
    pos.royal_squares(side).iter().collect()
}

/// Whether `side` is in check.
pub fn in_check(pos: &Position, rules: &Rules, side: Color) -> bool {
    let them = side.opponent();
    if pos.is_terminal() {
        return false;
    }
    if rules.play.command {
        return command_in_check(pos, rules, side);
    }
    match pos.royal_count(side) {
        1 => pos.royal_squares(side).iter().any(|r| {
            could_capture(pos, rules, r, them)
                || (rules.play.burning.is_some()
                    && !burning_moves(pos, rules, side, &[r]).is_empty())
        }),
        _ => !checking_moves(pos, rules, side).is_empty(),
    }
}

/// Check under the command loss condition (ko.md §6): only an opponent move that removes
/// one of the side's command pieces (commander or half-commander), by capture, shot or
/// burn, can bring the side to the loss condition. Only the pieces that can reach such a
/// square are asked for their moves, and the moves that cannot remove one are skipped
/// without being played.
fn command_in_check(pos: &Position, rules: &Rules, side: Color) -> bool {
    let geo = &rules.variant.geometry;
    let play = &rules.play;
    let mut command = SquareSet::EMPTY;
    for sq in pos.occupied(side).iter() {
        let face = pos.cell(sq).face_unchecked();
        if play.has(face, flag::COMMANDER | flag::HALF) {
            command.insert(sq);
        }
    }
    let them = side.opponent();
    let flipped = pos.with_side_to_move(them);
    let mut moves = Vec::new();
    for from in pos.occupied(them).iter() {
        // Only a piece that can reach a command square by its bounded moves, shots and
        // burns, or along one of its unlimited ranges, is asked for its moves.
        let (reach, far) = play.reach(pos.cell(from).face_unchecked());
        let near = command.iter().any(|c| {
            geo.distance(from, c) <= i32::from(reach)
                || geo
                    .line(from, c)
                    .is_some_and(|(d, _)| far[them.index()] & (1 << d) != 0)
        });
        if !near {
            continue;
        }
        moves.clear();
        generate_from(&flipped, rules, from, &mut moves);
        if moves.iter().any(|mv| {
            mv.from == from
                && may_remove(&flipped, rules, mv, &command)
                && takes_every_royal(pos, rules, side, mv)
        }) {
            return true;
        }
    }
    false
}

/// Whether `mv` could remove a piece on `targets`: one it lists, shoots, steps over on a
/// line, or burns next to its final square (a burner's move).
fn may_remove(pos: &Position, rules: &Rules, mv: &Move, targets: &SquareSet) -> bool {
    let geo = &rules.variant.geometry;
    if mv
        .squares()
        .iter()
        .chain(mv.shots())
        .any(|&s| targets.contains(s))
    {
        return true;
    }
    if let Some((d, n)) = geo.line(mv.from, mv.to()) {
        if geo
            .ray(mv.from, d)
            .iter()
            .take(n as usize)
            .any(|&s| targets.contains(s))
        {
            return true;
        }
    }
    rules
        .play
        .has(pos.cell(mv.from).face_unchecked(), flag::BURNER)
        && (0..8).any(|d| {
            geo.neighbour(mv.to(), d)
                .is_some_and(|s| targets.contains(s))
        })
}

/// The opponent's moves of a fire demon (or of a piece becoming one by promotion, where
/// that burns at once) whose active burn removes every square of `royals` (tenjiku.md §5,
/// §7); with `royals` empty, every move of theirs that burns anything.
fn burning_moves(pos: &Position, rules: &Rules, side: Color, royals: &[Square]) -> Vec<Move> {
    let Some(burning) = rules.play.burning else {
        return Vec::new();
    };
    let them = side.opponent();
    let burner = |face| rules.play.has(face, flag::BURNER);
    let burners = pos.occupied(them).iter().filter(|&s| {
        let face = pos.cell(s).face_unchecked();
        burner(face) || (burning.on_promotion && rules.face(face).promotes_to.is_some_and(burner))
    });
    let flipped = pos.with_side_to_move(them);
    let mut moves = Vec::new();
    for from in burners {
        let mut own = Vec::new();
        generate_from(&flipped, rules, from, &mut own);
        own.retain(|m| {
            let victims = flipped.burn_victims(m, rules);
            !victims.is_empty() && royals.iter().all(|r| victims.contains(r))
        });
        moves.extend(own);
    }
    moves
}

/// The opponent's moves that would leave `side` without a royal (empty when not in check).
///
/// With two or more royals only a move that captures several pieces can take them all:
/// a move of a piece with lion-like power (a lion, linear lion or lion dog), whose
/// captures all lie within three squares of its start. Only such pieces within that reach
/// of every royal are asked for their moves.
pub fn checking_moves(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    let royals = pos.royal_squares(side);
    if royals.count() < 2 {
        return checking_moves_by_definition(pos, rules, side);
    }
    let them = side.opponent();
    let geo = &rules.variant.geometry;
    let reach = MULTI_CAPTURE_REACH;
    // The squares within that reach of every royal: the common part of their boxes.
    let (mut low, mut high) = ((i32::MIN, i32::MIN), (i32::MAX, i32::MAX));
    for r in royals.iter() {
        let (x, y) = geo.xy(r);
        low = (low.0.max(x - reach), low.1.max(y - reach));
        high = (high.0.min(x + reach), high.1.min(y + reach));
    }
    let mut near = Vec::new();
    for y in low.1..=high.1 {
        for x in low.0..=high.0 {
            let Some(from) = geo.shape.square(x, y) else {
                continue;
            };
            let cell = pos.cell(from);
            if cell.is_color(them)
                && rules.face(cell.face_unchecked()).compiled[them.index()].lion_power != 0
            {
                near.push(from);
            }
        }
    }
    let mut moves = Vec::new();
    // Most positions have no such piece: the position is copied for its side only when
    // there is one.
    if !near.is_empty() {
        let flipped = pos.with_side_to_move(them);
        for from in near {
            generate_from(&flipped, rules, from, &mut moves);
        }
        moves.retain(|m| royals.iter().all(|r| m.squares().contains(&r)));
    }
    if rules.play.burning.is_some() {
        // A burn removes every enemy piece next to the demon, and may follow a capture.
        for m in burning_moves(pos, rules, side, &[]) {
            if !moves.contains(&m) && takes_every_royal(pos, rules, side, &m) {
                moves.push(m);
            }
        }
    }
    moves
}

/// Whether the opponent's move `m` brings `side` to the loss condition, played out
/// (captures, burns, shots).
fn takes_every_royal(pos: &Position, rules: &Rules, side: Color, m: &Move) -> bool {
    let mut after = pos.with_side_to_move(side.opponent());
    after.play_unchecked(m, rules);
    after.royal_count(side) == 0
}

/// How far from its start the captures of one move can lie (a lion dog's third square).
const MULTI_CAPTURE_REACH: i32 = 3;

/// [`checking_moves`] by the definition alone: every opponent move, kept when it takes
/// every royal (the reference the fast version is tested against).
pub fn checking_moves_by_definition(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    // The command rule keeps whether a side stands in its royal counts (1 or 0).
    if pos.royal_count(side) == 0 {
        return Vec::new();
    }
    let flipped = pos.with_side_to_move(side.opponent());
    let mut moves = Vec::new();
    generate(&flipped, rules, &mut moves);
    if rules.play.loss_needs_play() {
        moves.retain(|m| takes_every_royal(pos, rules, side, m));
    } else {
        let royals = royals(pos, side);
        moves.retain(|m| royals.iter().all(|r| m.squares().contains(r)));
    }
    moves
}

/// Every legal move of the side to move that leaves it out of check or takes the
/// opponent's last royal (repetition aside): empty in a mate. Mate detection stops at the
/// first such move; this lists them all.
pub fn escapes(pos: &Position, rules: &Rules) -> Vec<Move> {
    let side = pos.side();
    let mut moves = Vec::new();
    generate(pos, rules, &mut moves);
    moves.retain(|m| {
        if stopped() {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(m, rules);
        leaves_check(&after, rules, side)
    });
    moves
}

/// Whether `side`, having just moved to `after`, is out of check or has won by taking the
/// opponent's last royal: the test of an escape. A move after which `side` itself has no
/// royal left (a royal burned on arrival) escapes nothing, unless it took the opponent's
/// last royal too and `both_royals_lost = mover_wins`.
pub fn leaves_check(after: &Position, rules: &Rules, side: Color) -> bool {
    let (mine, theirs) = (after.royal_count(side), after.royal_count(side.opponent()));
    if theirs == 0 {
        return mine > 0
            || rules
                .play
                .burning
                .is_none_or(|b| b.both_royals_lost == BothRoyalsLost::MoverWins);
    }
    mine > 0 && !in_check(after, rules, side)
}
