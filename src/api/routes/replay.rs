//! Replaying a whole game: a verdict per move up to the first illegal one, the final
//! position; the game given as `start` and `moves` or as a record, and sent back as a
//! record when asked.

use crate::api::context::{
    describe, game_status, halt_point, heavy_game, position_text, refusal, resolve_rules,
    rules_echo, AppState, LIGHT_MOVES,
};
use crate::api::dto::{
    Body, MoveTexts, RecordFormat, RecordInput, RecordOutput, ReplayRequest, ReplayResponse,
    ReplayVerdict,
};
use crate::api::error::{ApiError, PostJobProblems, Problem, Progress};
use crate::api::form::check_moves_limit;
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::game::{replay_with as replay_game, Game};
use crate::engine::record::kif::{replay_kif, write_kif, KifError};
use crate::engine::rules::legality::IllegalReason;
use crate::engine::variant::Rules;
use actix_web::{post, web::Data, web::Json, HttpRequest, HttpResponse};

/// Replays a game move by move (each in machine or Hodges text); stops at the first illegal
/// move (a rule breach: `first_illegal`, and the ruling that it loses) or at the first text
/// that names no move (`first_unreadable`, no ruling), and reports its index.
#[utoipa::path(
    tag = "games",
    request_body = ReplayRequest,
    responses(
        (status = 200, description = "The verdicts (and the game as a record when `record_format` asked for one)", body = ReplayResponse),
        (status = 422, description = "Unknown variant or rules, invalid start position, too many moves, a record that cannot be read (`invalid_record`, with its `line`) or with a move longer than 64 bytes in machine text (`move_text_too_long`, with its `line`), `record` together with `start` or `moves` (`record_conflict`), neither `moves` nor `record` (`missing_moves`), deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/replay")]
pub async fn replay(
    state: Data<AppState>,
    req: HttpRequest,
    body: Json<Body<ReplayRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    let plies = match (&body.moves, &body.record) {
        (Some(moves), _) => moves.len(),
        (None, Some(record)) => record.text.lines().count(),
        (None, None) => 0,
    };
    super::record_variant(&body.variant).record("moves", plies);
    let limits = state.limits.clone();
    let heavy = heavy_game(body.moves.as_ref()) || plies > LIGHT_MOVES;
    state
        .into_inner()
        .run(req.conn_data::<Peer>().cloned(), heavy, move || {
            replay_job(&limits, &body)
        })
        .await
}

/// The first refused move of a replay (illegal or unreadable): its index, text, reason and
/// record line.
struct Stop {
    index: usize,
    text: String,
    reason: IllegalReason,
    line: Option<usize>,
}

/// The replay job itself, without HTTP: a verdict per move up to the first illegal one.
///
/// # Errors
/// Unknown variant or rules, an invalid start position, too many moves, a record that
/// cannot be read or that comes with `start` or `moves`, neither moves nor a record.
pub fn replay_job(limits: &Limits, body: &ReplayRequest) -> Result<ReplayResponse, ApiError> {
    let rules = resolve_rules(&body.variant, body.rules.as_ref())?;
    let mut verdicts: Vec<ReplayVerdict> = Vec::new();
    let (game, stop, total) = match (&body.record, &body.moves) {
        (Some(_), Some(_)) => return Err(conflict("`record` replaces `moves`: give one")),
        (Some(_), None) if body.start.is_some() => {
            return Err(conflict(
                "`record` carries its start position: give no `start`",
            ))
        }
        (Some(record), None) => {
            let (game, stop) = replay_record(&rules, limits, record, &mut verdicts)?;
            (game, stop, None)
        }
        (None, Some(moves)) => {
            check_moves_limit(limits, Some(&moves.iter().collect::<MoveTexts>()))?;
            verdicts.reserve(moves.len());
            let (game, illegal) = replay_game(&rules, body.start.as_deref(), moves, |index, p| {
                verdicts.push(ReplayVerdict {
                    index,
                    submitted: moves[index].clone(),
                    legal: true,
                    played: Some(describe(&rules, p)),
                    illegal: None,
                    unreadable: None,
                    gave_check: Some(p.gave_check),
                    line: None,
                })
            })
            .map_err(|p| ApiError::invalid_position("start", p))?;
            let stop = illegal.map(|bad| Stop {
                index: bad.index,
                text: bad.text,
                reason: bad.reason,
                line: None,
            });
            (game, stop, Some(moves.len() as u64))
        }
        (None, None) => {
            return Err(ApiError::unprocessable(
                "missing_moves",
                "Missing moves",
                "give the game as `moves` (with an optional `start`) or as a `record`",
            ))
        }
    };
    halt_point(limits, || {
        Progress::counted("replay", verdicts.len() as u64, total, "plies")
    })?;
    if let Some(bad) = &stop {
        let (illegal, unreadable) = refusal(&game, &bad.reason);
        verdicts.push(ReplayVerdict {
            index: bad.index,
            submitted: bad.text.clone(),
            legal: false,
            played: None,
            illegal,
            unreadable,
            gave_check: None,
            line: bad.line,
        });
    }
    let ruling = stop
        .as_ref()
        .and_then(|b| game.ruling_on_illegal(&b.reason));
    let unreadable = stop.as_ref().filter(|b| b.reason.is_unreadable());
    let record = body.record_format.map(|format| RecordOutput {
        format,
        text: match format {
            RecordFormat::Kif => write_kif(&rules, &game, ruling.or(game.status().ending)),
        },
    });
    Ok(ReplayResponse {
        rules: rules_echo(&rules),
        verdicts,
        first_illegal: stop
            .as_ref()
            .filter(|b| !b.reason.is_unreadable())
            .map(|b| b.index),
        first_unreadable: unreadable.map(|b| b.index),
        final_position: position_text(&rules, &game.position),
        status: game_status(&rules, &game, ruling),
        record,
    })
}

/// 422 `record_conflict`.
fn conflict(detail: &str) -> ApiError {
    ApiError::unprocessable("record_conflict", "Record conflict", detail)
}

/// Replays a record, a verdict per move played.
fn replay_record(
    rules: &Rules,
    limits: &Limits,
    record: &RecordInput,
    verdicts: &mut Vec<ReplayVerdict>,
) -> Result<(Game, Option<Stop>), ApiError> {
    match record.format {
        RecordFormat::Kif => {
            let read = replay_kif(rules, &record.text, limits.moves_per_game, |m| {
                verdicts.push(ReplayVerdict {
                    index: m.index,
                    submitted: m.text.to_string(),
                    legal: true,
                    played: Some(describe(rules, m.played)),
                    illegal: None,
                    unreadable: None,
                    gave_check: Some(m.played.gave_check),
                    line: Some(m.line),
                })
            })
            .map_err(record_error)?;
            let stop = read.illegal.map(|bad| Stop {
                index: bad.index,
                text: bad.text,
                reason: bad.reason,
                line: Some(bad.line),
            });
            Ok((read.game, stop))
        }
    }
}

/// A record that cannot be read: 422 `invalid_record` with its line and the reader's code
/// as `reason`; a record over a request limit has the limit's own code, as a move list
/// has (`too_many_moves`, `move_text_too_long`).
fn record_error(err: KifError) -> ApiError {
    let mut e = match err.code {
        "too_many_moves" => {
            ApiError::unprocessable("too_many_moves", "Too many moves", err.to_string())
        }
        "move_text_too_long" => {
            ApiError::unprocessable("move_text_too_long", "Move text too long", err.to_string())
        }
        _ => ApiError::unprocessable("invalid_record", "Invalid record", err.to_string()),
    };
    e.problem.line = Some(err.line);
    e.problem.reason = Some(err.code.to_string());
    e
}
