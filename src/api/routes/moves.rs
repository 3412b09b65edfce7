//! Legal moves of a position, and the verdict on one proposed move.

use crate::api::context::{
    check_move_text, describe, game_status, halt_point, heavy_game, move_info, prepare, refusal,
    rules_echo, AppState,
};
use crate::api::dto::{
    AdjudicateRequest, AdjudicateResponse, Body, LegalMovesRequest, LegalMovesResponse, ListFormat,
    MoveList,
};
use crate::api::error::{ApiError, PostJobProblems, Problem, Progress};
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::interrupt::stopped;
use crate::engine::notation::{format_hodges_all, format_move};
use actix_web::{post, web::Data, web::Json, HttpRequest, HttpResponse};

/// Every legal move of the side to move, each once per distinct effect, with both
/// notations and effects.
#[utoipa::path(
    tag = "moves",
    request_body = LegalMovesRequest,
    responses(
        (status = 200, description = "The legal moves", body = LegalMovesResponse),
        (status = 422, description = "Unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), limits, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/legal-moves")]
pub async fn legal(
    state: Data<AppState>,
    req: HttpRequest,
    body: Json<Body<LegalMovesRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    super::record_variant(&body.variant);
    let limits = state.limits.clone();
    let heavy = heavy_game(body.moves.as_ref());
    state
        .into_inner()
        .run(req.conn_data::<Peer>().cloned(), heavy, move || {
            legal_moves_job(&limits, &body)
        })
        .await
}

/// The legal-moves job itself, without HTTP: every legal move of the request's position.
///
/// # Errors
/// Unknown variant or rules, an invalid position, an illegal move in the game, limits.
pub fn legal_moves_job(
    limits: &Limits,
    body: &LegalMovesRequest,
) -> Result<LegalMovesResponse, ApiError> {
    let (rules, form) = prepare(limits, body)?;
    let pos = form.position();
    let mut moves = form.game().legal_moves(&rules);
    halt_point(limits, || Progress::at("moves"))?;
    let list = match body.format {
        ListFormat::Text => {
            let shape = rules.variant.shape();
            let mut texts: Vec<String> = moves.iter().map(|m| format_move(shape, m)).collect();
            texts.sort_unstable();
            MoveList::Text(texts)
        }
        ListFormat::Objects => {
            moves.sort();
            let hodges = format_hodges_all(pos, &rules, &moves);
            let mut infos = Vec::with_capacity(moves.len());
            for (m, h) in moves.iter().zip(hodges) {
                if stopped() {
                    break;
                }
                infos.push(move_info(&rules, pos, m, h));
            }
            halt_point(limits, || {
                Progress::counted(
                    "moves",
                    infos.len() as u64,
                    Some(moves.len() as u64),
                    "moves",
                )
            })?;
            infos.sort_by(|a, b| a.text.cmp(&b.text));
            MoveList::Objects(infos)
        }
    };
    Ok(LegalMovesResponse {
        rules: rules_echo(&rules),
        position: form.position_text(&rules, body.position.as_deref()),
        side_to_move: pos.side().name().into(),
        count: moves.len(),
        moves: list,
        status: game_status(&rules, form.game(), None),
    })
}

/// The verdict on one proposed move (machine or Hodges notation): legal with the resulting
/// position and effects; illegal (`illegal`: a rule breach, with the ruling that an illegal
/// move loses); or unreadable (`unreadable`: text that names no move, a notation problem
/// with a hint and no ruling, so a game server asks its player again). Either refusal is an
/// answer, not an error.
#[utoipa::path(
    tag = "moves",
    request_body = AdjudicateRequest,
    responses(
        (status = 200, description = "The verdict", body = AdjudicateResponse),
        (status = 422, description = "Unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), limits, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/adjudicate")]
pub async fn adjudicate(
    state: Data<AppState>,
    req: HttpRequest,
    body: Json<Body<AdjudicateRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    super::record_variant(&body.variant);
    check_move_text(&body.proposed, None)?;
    let limits = state.limits.clone();
    let heavy = heavy_game(body.moves.as_ref());
    state
        .into_inner()
        .run(req.conn_data::<Peer>().cloned(), heavy, move || {
            adjudicate_job(&limits, &body)
        })
        .await
}

/// The adjudication job itself, without HTTP: the verdict on `body.proposed`.
///
/// # Errors
/// Unknown variant or rules, an invalid position, an illegal move in the game, limits.
pub fn adjudicate_job(
    limits: &Limits,
    body: &AdjudicateRequest,
) -> Result<AdjudicateResponse, ApiError> {
    let (rules, mut form) = prepare(limits, body)?;
    let game = form.game();
    let verdict = game.judge_either(&rules, &body.proposed);
    let echo = rules_echo(&rules);
    let answer = match verdict {
        Ok(candidate) => {
            let played = form.game_mut().commit(&rules, candidate);
            let info = describe(&rules, &played);
            AdjudicateResponse {
                rules: echo,
                legal: true,
                illegal: None,
                unreadable: None,
                played: Some(info),
                position_after: Some(form.position_text(&rules, body.position.as_deref())),
                status: game_status(&rules, form.game(), None),
            }
        }
        Err(reason) => {
            let (illegal, unreadable) = refusal(game, &reason);
            AdjudicateResponse {
                rules: echo,
                legal: false,
                illegal,
                unreadable,
                played: None,
                position_after: None,
                status: game_status(&rules, game, None),
            }
        }
    };
    halt_point(limits, || Progress::at("verdict"))?;
    Ok(answer)
}
