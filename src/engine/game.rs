//! A game: a start position and the moves played from it (the form that carries the
//! history), replayed move by move up to the first illegal one.

use super::legality::{check_move, IllegalReason};
use super::moves::Move;
use super::notation::{parse_valid_position, PositionProblem};
use super::position::{Effects, Position};
use super::variant::Rules;

/// One move of a replayed game.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    /// The canonical move.
    pub mv: Move,
    /// The position before it.
    pub before: Position,
    /// What it did.
    pub effects: Effects,
}

/// The first illegal move of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAt {
    /// Index into the move list (0 = the first move).
    pub index: usize,
    /// The text as submitted.
    pub text: String,
    pub reason: IllegalReason,
}

/// A game replayed up to its end or its first illegal move.
#[derive(Debug, Clone)]
pub struct Replay {
    pub start: Position,
    pub played: Vec<PlayedMove>,
    /// The position after the last legal move.
    pub position: Position,
    pub illegal: Option<IllegalAt>,
}

/// Replays `moves` from `start` (the variant's initial position when `None`).
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay<S: AsRef<str>>(
    rules: &Rules,
    start: Option<&str>,
    moves: &[S],
) -> Result<Replay, Vec<PositionProblem>> {
    let start = match start {
        Some(text) => parse_valid_position(rules, text)?,
        None => Position::start(rules),
    };
    let mut position = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    let mut illegal = None;
    for (index, text) in moves.iter().enumerate() {
        match check_move(&position, rules, text.as_ref()) {
            Ok(mv) => {
                let before = position.clone();
                let effects = position.play(&mv, rules);
                played.push(PlayedMove {
                    mv,
                    before,
                    effects,
                });
            }
            Err(reason) => {
                illegal = Some(IllegalAt {
                    index,
                    text: text.as_ref().chars().take(64).collect(),
                    reason,
                });
                break;
            }
        }
    }
    Ok(Replay {
        start,
        played,
        position,
        illegal,
    })
}
