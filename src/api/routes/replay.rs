//! Replaying a whole game: a verdict per move up to the first illegal one, the final
//! position.

use crate::api::context::{
    check_moves_limit, describe, game_status, halt_point, heavy_game, illegal_info, position_text,
    resolve_rules, rules_echo, AppState,
};
use crate::api::dto::{Body, ReplayRequest, ReplayResponse, ReplayVerdict};
use crate::api::error::{ApiError, PostJobProblems, Problem, Progress};
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::game::replay_with as replay_game;
use actix_web::{post, web::Data, web::Json, HttpRequest, HttpResponse};

/// Replays a game move by move; stops at the first illegal move and reports its index.
#[utoipa::path(
    tag = "games",
    request_body = ReplayRequest,
    responses(
        (status = 200, description = "The verdicts", body = ReplayResponse),
        (status = 422, description = "Unknown variant or rules, invalid start position, too many moves, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
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
    tracing::Span::current()
        .record("variant", tracing::field::display(&body.variant))
        .record("moves", body.moves.len());
    let limits = state.limits.clone();
    let heavy = heavy_game(Some(&body.moves));
    state
        .into_inner()
        .run(req.conn_data::<Peer>().cloned(), heavy, move || {
            replay_job(&limits, &body)
        })
        .await
}

/// The replay job itself, without HTTP: a verdict per move up to the first illegal one.
///
/// # Errors
/// Unknown variant or rules, an invalid start position, too many moves.
pub fn replay_job(limits: &Limits, body: &ReplayRequest) -> Result<ReplayResponse, ApiError> {
    let rules = resolve_rules(&body.variant, body.rules.as_ref())?;
    check_moves_limit(limits, Some(&body.moves))?;
    let mut verdicts: Vec<ReplayVerdict> = Vec::with_capacity(body.moves.len());
    let (game, illegal) = replay_game(&rules, body.start.as_deref(), &body.moves, |index, p| {
        verdicts.push(ReplayVerdict {
            index,
            submitted: body.moves[index].clone(),
            legal: true,
            played: Some(describe(&rules, &p.before, &p.mv, &p.effects)),
            illegal: None,
            gave_check: Some(p.gave_check),
        })
    })
    .map_err(|p| ApiError::invalid_position("start", p))?;
    halt_point(limits, || {
        Progress::counted(
            "replay",
            verdicts.len() as u64,
            Some(body.moves.len() as u64),
            "plies",
        )
    })?;
    if let Some(bad) = &illegal {
        verdicts.push(ReplayVerdict {
            index: bad.index,
            submitted: bad.text.clone(),
            legal: false,
            played: None,
            illegal: Some(illegal_info(&game, &bad.reason)),
            gave_check: None,
        });
    }
    let ruling = illegal.as_ref().map(|b| game.ruling_on_illegal(&b.reason));
    Ok(ReplayResponse {
        rules: rules_echo(&rules),
        verdicts,
        first_illegal: illegal.as_ref().map(|b| b.index),
        final_position: position_text(&rules, &game.position),
        status: game_status(&rules, &game, ruling),
    })
}
