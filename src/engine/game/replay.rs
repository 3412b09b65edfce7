//! Replaying a list of moves up to the first illegal one, and a bare position's outcome
//! (the status of a game without history that starts there).

use super::state::{Game, IllegalAt, Played};
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::interrupt::stopped;
use crate::engine::notation::{parse_valid_position, PositionProblem};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// Replays `moves` from `start` (the variant's initial position when `None`) up to the
/// first illegal one.
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay<S: AsRef<str>>(
    rules: &Rules,
    start: Option<&str>,
    moves: &[S],
) -> Result<(Game, Option<IllegalAt>), Vec<PositionProblem>> {
    replay_with(rules, start, moves, |_, _| {})
}

/// [`replay`], handing each move played, with its index, to `on_move` (the position
/// before it and its effects are not kept by the game).
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay_with<S: AsRef<str>>(
    rules: &Rules,
    start: Option<&str>,
    moves: &[S],
    on_move: impl FnMut(usize, &Played),
) -> Result<(Game, Option<IllegalAt>), Vec<PositionProblem>> {
    let start = match start {
        Some(text) => parse_valid_position(rules, text)?,
        None => Position::start(rules),
    };
    Ok(replay_from(
        Game::new(start, rules, true),
        rules,
        moves,
        on_move,
    ))
}

/// Plays `moves` on `game` up to the first illegal one, handing each move played, with its
/// index, to `on_move`; under a running interrupt that stops it, up to where it stopped.
pub fn replay_from<S: AsRef<str>>(
    mut game: Game,
    rules: &Rules,
    moves: &[S],
    mut on_move: impl FnMut(usize, &Played),
) -> (Game, Option<IllegalAt>) {
    game.reserve(moves.len());
    for (index, text) in moves.iter().enumerate() {
        if stopped() {
            break;
        }
        match game.play_text(rules, text.as_ref()) {
            Ok(played) => on_move(index, &played),
            Err(reason) => {
                let illegal = IllegalAt {
                    index,
                    text: text.as_ref().chars().take(64).collect(),
                    reason,
                };
                return (game, Some(illegal));
            }
        }
    }
    (game, None)
}

/// How a position stands, without repetition (which needs the game history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on; whether the side to move is in check.
    Ongoing { in_check: bool },
    /// A side has no royal left; the other won.
    RoyalsCaptured { winner: Color },
    /// The side to move is in check and no legal move escapes.
    Checkmate { winner: Color },
    /// The side to move has no legal move.
    Stalemate { winner: Color },
    /// A side was bared (`bare_king = true`).
    BareKing { winner: Color },
    /// Two lone royals (`bare_king = true`).
    LoneKings,
}

/// The position's outcome (repetition aside): the status of a game without history
/// that starts here.
pub fn outcome(pos: &Position, rules: &Rules) -> Outcome {
    let status = Game::new(pos.clone(), rules, false).status();
    match status.ending {
        None => Outcome::Ongoing {
            in_check: status.in_check,
        },
        Some(Ending {
            result: GameResult::Win(winner),
            reason,
        }) => match reason {
            EndReason::RoyalsCaptured => Outcome::RoyalsCaptured { winner },
            EndReason::Stalemate => Outcome::Stalemate { winner },
            EndReason::BareKing => Outcome::BareKing { winner },
            _ => Outcome::Checkmate { winner },
        },
        Some(Ending {
            reason: EndReason::LoneKings,
            ..
        }) => Outcome::LoneKings,
        Some(ending) => unreachable!("a position alone cannot end as {ending:?}"),
    }
}
