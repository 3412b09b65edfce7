//! Legal moves of a position, and the verdict on one proposed move.

use crate::api::context::{
    describe, game_status, halt_point, heavy_game_form, move_info, refusal, rules_echo, AppState,
};
use crate::api::dto::{
    from_body, AdjudicateRequest, AdjudicateResponse, Body, LegalMovesRequest, LegalMovesResponse,
    ListFormat, MoveList, MoveTexts,
};
use crate::api::error::{json_error, ApiError, PostJobProblems, Problem, Progress};
use crate::api::form::{check_move_text, prepared, Form};
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::interrupt::stopped;
use crate::engine::notation::{format_hodges_all, format_move};
use crate::engine::variant::Rules;
use actix_web::dev::Payload;
use actix_web::error::JsonPayloadError;
use actix_web::http::header::{ContentLength, Header};
use actix_web::web::BytesMut;
use actix_web::{post, web::Data, FromRequest, HttpMessage, HttpRequest, HttpResponse};
use futures_core::future::LocalBoxFuture;
use futures_core::Stream;
use serde::de::DeserializeOwned;
use std::pin::Pin;
use std::sync::Arc;

/// A JSON request body read as actix-web's `Json` extractor reads it (a JSON content type,
/// the body limit, the same errors through [`json_error`], the handler `JsonConfig` is
/// given), its move list read the shorter way ([`from_body`]).
pub struct GameJson<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for GameJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req
            .app_data::<Data<AppState>>()
            .map_or_else(|| Limits::default().body_bytes, |s| s.limits.body_bytes);
        let json = req
            .mime_type()
            .ok()
            .flatten()
            .is_some_and(|m| m.subtype() == "json" || m.suffix().is_some_and(|s| s == "json"));
        let length = ContentLength::parse(req).ok().map(|l| l.0);
        let refused = match length {
            _ if !json => Some(JsonPayloadError::ContentType),
            Some(length) if length > limit => {
                Some(JsonPayloadError::OverflowKnownLength { length, limit })
            }
            _ => None,
        };
        if let Some(e) = refused {
            let e: actix_web::Error = json_error(e).into();
            return Box::pin(std::future::ready(Err(e)));
        }
        let mut payload = payload.take();
        Box::pin(async move {
            let read = async {
                // Room for the announced length up to 64 KiB (a 1,000-move game's body is
                // about 9 KiB): no copy as it arrives, and no large room for a body that
                // only announces itself.
                let room = length.map_or(8192, |l| l.min(64 << 10));
                let mut body = BytesMut::with_capacity(room);
                while let Some(chunk) =
                    std::future::poll_fn(|cx| Pin::new(&mut payload).poll_next(cx)).await
                {
                    let chunk = chunk?;
                    if body.len() + chunk.len() > limit {
                        return Err(JsonPayloadError::Overflow { limit });
                    }
                    body.extend_from_slice(&chunk);
                }
                from_body(&body).map_err(JsonPayloadError::Deserialize)
            };
            read.await.map(GameJson).map_err(|e| json_error(e).into())
        })
    }
}

/// Every legal move of the side to move, each once per distinct effect, with both
/// notations and effects.
#[utoipa::path(
    tag = "moves",
    request_body = LegalMovesRequest,
    responses(
        (status = 200, description = "The legal moves", body = LegalMovesResponse),
        (status = 422, description = "Unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), limits, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves of which the cache of game states holds no prefix, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/legal-moves")]
pub async fn legal(
    state: Data<AppState>,
    req: HttpRequest,
    body: GameJson<Body<LegalMovesRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.0 .0;
    super::record_variant(&body.variant);
    let limits = state.limits.clone();
    let heavy = heavy_game_form(&state.limits, body.moves.as_ref().map_or(0, MoveTexts::len));
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
    prepared(limits, body, |rules, form| {
        legal_moves_of(limits, body, rules, form)
    })
}

/// The answer of [`legal_moves_job`] on the request's rules and position.
fn legal_moves_of(
    limits: &Limits,
    body: &LegalMovesRequest,
    rules: &Arc<Rules>,
    form: &Form,
) -> Result<LegalMovesResponse, ApiError> {
    let pos = form.position();
    let mut moves = form.game().legal_moves(rules);
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
            let hodges = format_hodges_all(pos, rules, &moves);
            let mut infos = Vec::with_capacity(moves.len());
            for (m, h) in moves.iter().zip(hodges) {
                if stopped() {
                    break;
                }
                infos.push(move_info(rules, pos, m, h));
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
        rules: rules_echo(rules),
        position: form.position_text(rules, body.position.as_deref()),
        side_to_move: pos.side().name().into(),
        count: moves.len(),
        moves: list,
        status: game_status(rules, form.game(), None),
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
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves of which the cache of game states holds no prefix, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/adjudicate")]
pub async fn adjudicate(
    state: Data<AppState>,
    req: HttpRequest,
    body: GameJson<Body<AdjudicateRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.0 .0;
    super::record_variant(&body.variant);
    check_move_text(&body.proposed, None)?;
    let limits = state.limits.clone();
    let heavy = heavy_game_form(&state.limits, body.moves.as_ref().map_or(0, MoveTexts::len));
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
    prepared(limits, body, |rules, form| {
        let verdict = form.game().judge_either(rules, &body.proposed);
        let echo = rules_echo(rules);
        let answer = match verdict {
            Ok(candidate) => {
                form.with_played(rules, candidate, |after, played| AdjudicateResponse {
                    rules: echo,
                    legal: true,
                    illegal: None,
                    unreadable: None,
                    played: Some(describe(rules, played)),
                    position_after: Some(after.position_text(rules, body.position.as_deref())),
                    status: game_status(rules, after.game(), None),
                })
            }
            Err(reason) => {
                let game = form.game();
                let (illegal, unreadable) = refusal(game, &reason);
                AdjudicateResponse {
                    rules: echo,
                    legal: false,
                    illegal,
                    unreadable,
                    played: None,
                    position_after: None,
                    status: game_status(rules, game, None),
                }
            }
        };
        halt_point(limits, || Progress::at("verdict"))?;
        Ok(answer)
    })
}
