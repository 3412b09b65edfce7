//! The position a request names, as a game ([`Form`]): a bare position, or a start and
//! the moves played from it, replayed with the cache of game states (which lends the game
//! and takes it back once the request has answered, [`prepared`]); and the limits on a
//! game's moves.

use super::context::{halt_point, resolve_rules};
use super::dto::{MoveTexts, PositionForm, PositionText};
use super::error::{echo, ApiError, Progress};
use super::game_cache;
use crate::config::Limits;
use crate::engine::game::{Candidate, Game, IllegalAt, Played};
use crate::engine::interrupt::Stopped;
use crate::engine::notation::{
    format_position_after, format_position_of, parse_valid_position_spans, RankSpans, MAX_MOVE_TEXT,
};
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::sync::Arc;

/// The position of a request, as a game: with its history (game form) or without (a
/// bare position, where repetition is not judged).
pub struct Form {
    game: Box<Game>,
    /// The ranks of the bare position's text, when it is written as answers write it.
    ranks: Option<RankSpans>,
    /// Where the game goes back once answered: the cache of game states it was lent by.
    home: Option<game_cache::Home>,
}

impl Form {
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.game.position
    }

    /// The game behind it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `candidate`, hands `look` the form with the move played and what it did, and
    /// takes the move back ([`Game::take_back`]): the game is then as it was, and goes back
    /// to the cache of game states as such ([`prepared`]; a job that panics gives nothing
    /// back).
    pub fn with_played<R>(
        &mut self,
        rules: &Rules,
        candidate: Candidate,
        look: impl FnOnce(&Form, &Played) -> R,
    ) -> R {
        let point = self.game.undo_point();
        let played = self.game.commit(rules, candidate);
        let answer = look(self, &played);
        self.game.take_back(point, played);
        answer
    }

    /// Gives the game back to the cache of game states that lent it, if one did.
    fn give_back(self) {
        if let Some(home) = self.home {
            home.give_back(*self.game);
        }
    }

    /// Position text of the current position. `bare_text` is the request's bare position
    /// text, if it gave one: ranks that no move has changed since are copied from it when
    /// it is written as answers write it.
    pub fn position_text(&self, rules: &Rules, bare_text: Option<&str>) -> PositionText {
        let game = &self.game;
        let start = game.start();
        PositionText::new(&match (self.ranks, bare_text) {
            (Some(ranks), Some(text)) => {
                format_position_after(rules.variant, &game.position, start, text, &ranks)
            }
            _ => format_position_of(rules.variant, &game.position),
        })
    }
}

/// Refuses a move text longer than any move can be (a request limit, not a verdict).
pub fn check_move_text(text: &str, index: Option<usize>) -> Result<(), ApiError> {
    if text.len() > MAX_MOVE_TEXT {
        let mut e = ApiError::unprocessable(
            "move_text_too_long",
            "Move text too long",
            format!(
                "a move text has {} bytes; at most {MAX_MOVE_TEXT} are accepted",
                text.len()
            ),
        );
        e.problem.index = index;
        return Err(e);
    }
    Ok(())
}

/// Checks the move count of a game and the length of each move text against the limits.
pub fn check_moves_limit(limits: &Limits, moves: Option<&MoveTexts>) -> Result<(), ApiError> {
    if let Some(moves) = moves {
        if let Some(i) = moves.lengths().position(|n| n > MAX_MOVE_TEXT) {
            return check_move_text(moves.get(i).unwrap_or_default(), Some(i));
        }
    }
    let n = moves.map_or(0, MoveTexts::len);
    if n > limits.moves_per_game {
        return Err(ApiError::unprocessable(
            "too_many_moves",
            "Too many moves",
            format!(
                "the game has {n} moves; at most {} are accepted",
                limits.moves_per_game
            ),
        ));
    }
    Ok(())
}

/// Builds the position of a request from its bare or game form (each move in machine or
/// Hodges text); a game with an illegal move is refused (`illegal_move_in_game`), and so is
/// one with text that names no move (`unreadable_move_in_game`), with the move's index,
/// reason code and text.
///
/// On an I/O thread's slice, a game of more than
/// [`LIGHT_MOVES`](super::context::LIGHT_MOVES) moves whose prefix the cache of game
/// states does not hold is not replayed: the call moves off to the blocking pool
/// ([`game_cache::run_light`]), and the error answered here is dropped.
pub fn build_form(
    rules: &Rules,
    limits: &Limits,
    position: Option<&str>,
    start: Option<&str>,
    moves: Option<&MoveTexts>,
) -> Result<Form, ApiError> {
    check_moves_limit(limits, moves)?;
    match (position, start, moves) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(ApiError::unprocessable(
            "ambiguous_position",
            "Ambiguous position",
            "give either `position` or `start`/`moves`, not both",
        )),
        (Some(text), None, None) => {
            let (p, ranks) = parse_valid_position_spans(rules, text)
                .map_err(|p| ApiError::invalid_position("position", p))?;
            let game = Box::new(Game::new(p, rules, false));
            halt_point(limits, || Progress::at("status"))?;
            Ok(Form {
                game,
                ranks,
                home: None,
            })
        }
        (None, start, moves) => {
            let none = MoveTexts::default();
            let moves = moves.unwrap_or(&none);
            let replayed = game_cache::replay(limits, rules, start, moves)
                .map_err(|p| ApiError::invalid_position("start", p))?;
            let Some(game_cache::Replayed {
                game,
                illegal,
                home,
            }) = replayed
            else {
                // Moved off the I/O thread: this answer is dropped.
                return Err(ApiError::stopped(
                    Stopped::Deadline,
                    limits.deadline,
                    Progress::at("replay"),
                ));
            };
            let form = Form {
                game: Box::new(game),
                ranks: None,
                home,
            };
            // The game is whole whatever is refused now: it goes back to the cache.
            let halted = halt_point(limits, || {
                Progress::counted(
                    "replay",
                    form.game.plies() as u64,
                    Some(moves.len() as u64),
                    "plies",
                )
            });
            match (halted, illegal) {
                (Err(e), _) => {
                    form.give_back();
                    Err(e)
                }
                (Ok(()), Some(bad)) => {
                    form.give_back();
                    Err(illegal_in_game(&bad))
                }
                (Ok(()), None) => Ok(form),
            }
        }
    }
}

/// The refusal of a game whose move `bad` is illegal or names no move, with the move's
/// index, reason code and text.
fn illegal_in_game(bad: &IllegalAt) -> ApiError {
    let text = echo(&bad.text);
    let mut e = if bad.reason.is_unreadable() {
        ApiError::unprocessable(
            "unreadable_move_in_game",
            "Unreadable move in game",
            format!(
                "move {} (`{text}`) names no move: {}; {}",
                bad.index,
                bad.reason,
                bad.reason.hint().unwrap_or_default()
            ),
        )
    } else {
        ApiError::unprocessable(
            "illegal_move_in_game",
            "Illegal move in game",
            format!("move {} (`{text}`) is illegal: {}", bad.index, bad.reason),
        )
    };
    e.problem.index = Some(bad.index);
    e.problem.reason = Some(bad.reason.code().to_string());
    e.problem.submitted = Some(text);
    e
}

/// Runs `job` on the rules and position of a request that names a variant, rules and a
/// position in either form; the game then goes back to the cache of game states that
/// lent it (also when `job` fails: the game is as it was lent).
///
/// # Errors
/// Those of the rules and position ([`build_form`]), then `job`'s.
pub fn prepared<R>(
    limits: &Limits,
    body: &impl PositionForm,
    job: impl FnOnce(&Arc<Rules>, &mut Form) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    let rules = resolve_rules(body.variant(), body.rules())?;
    let moves = body.moves();
    let mut form = build_form(
        &rules,
        limits,
        body.position(),
        body.start(),
        moves.as_deref(),
    )?;
    let answer = job(&rules, &mut form);
    form.give_back();
    answer
}
