//! Perft and divide, bounded by a depth limit and a node budget.

use crate::api::context::{rules_echo, AppState};
use crate::api::dto::{
    Body, DivideList, DivideRow, ListFormat, PerftCount, PerftRequest, PerftResponse,
};
use crate::api::error::{ApiError, PostJobProblems, Problem, Progress};
use crate::api::form::{prepared, Form};
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::interrupt::{halted, Stopped};
use crate::engine::notation::format_move;
use crate::engine::perft::{divide, perft_bounded, Count, Halt, HaltReason};
use crate::engine::variant::Rules;
use actix_web::{post, web::Data, web::Json, HttpRequest, HttpResponse};
use std::sync::Arc;

/// Counts the move sequences of `depth` plies (optionally per first move), as distinct
/// effects or (chu only) as lishogi's USI strings; refused beyond the configured depth,
/// stopped when the node budget runs out.
#[utoipa::path(
    tag = "perft",
    request_body = PerftRequest,
    responses(
        (status = 200, description = "The count", body = PerftResponse),
        (status = 422, description = "Depth or node budget exceeded, unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), `count: usi_strings` for a variant other than chu (`count_unavailable`, `valid` lists `effects`), deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a perft count, a game of more than 64 moves, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/perft")]
pub async fn perft(
    state: Data<AppState>,
    req: HttpRequest,
    body: Json<Body<PerftRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    super::record_variant(&body.variant).record("depth", body.depth);
    let limits = state.limits.clone();
    check_perft_depth(&limits, &body)?;
    state
        .into_inner()
        .run(req.conn_data::<Peer>().cloned(), true, move || {
            perft_job(&limits, &body)
        })
        .await
}

/// Refuses a depth above the configured limit.
///
/// # Errors
/// `perft_depth_exceeded`.
pub fn check_perft_depth(limits: &Limits, body: &PerftRequest) -> Result<(), ApiError> {
    if body.depth > limits.perft_max_depth {
        return Err(ApiError::unprocessable(
            "perft_depth_exceeded",
            "Perft depth too large",
            format!(
                "depth {} is above the limit of {}",
                body.depth, limits.perft_max_depth
            ),
        ));
    }
    Ok(())
}

/// The perft job itself, without HTTP: the count (and divide rows) within the limits.
///
/// # Errors
/// Depth or node budget exceeded, unknown variant or rules, an invalid position, an
/// illegal move in the game.
pub fn perft_job(limits: &Limits, body: &PerftRequest) -> Result<PerftResponse, ApiError> {
    check_perft_depth(limits, body)?;
    prepared(limits, body, |rules, form| {
        perft_of(limits, body, rules, form)
    })
}

/// The answer of [`perft_job`] on the request's rules and position.
fn perft_of(
    limits: &Limits,
    body: &PerftRequest,
    rules: &Arc<Rules>,
    form: &Form,
) -> Result<PerftResponse, ApiError> {
    let count = match body.count {
        PerftCount::Effects => Count::Effects,
        PerftCount::UsiStrings => Count::UsiStrings,
    };
    if !count.available(rules) {
        let mut e = ApiError::unprocessable(
            "count_unavailable",
            "Count not available for this variant",
            format!(
                "`count: usi_strings` is lishogi's count and only defined for {}, not `{}`",
                Count::UsiStrings.variants().join(", "),
                rules.variant.id
            ),
        );
        e.problem.valid = Some(vec!["effects".to_string()]);
        return Err(e);
    }
    let pos = form.position();
    let halted = |halt: Halt| match halt.reason {
        HaltReason::Budget => ApiError::unprocessable(
            "perft_budget_exceeded",
            "Perft node budget exceeded",
            format!(
                "the count needs more than {} nodes; ask for a smaller depth",
                limits.perft_node_budget
            ),
        ),
        HaltReason::Interrupted => ApiError::stopped(
            halted().unwrap_or(Stopped::Deadline),
            limits.deadline,
            Progress::counted("perft", halt.visited, None, "nodes"),
        ),
    };
    let (nodes, rows) = if body.divide {
        let rows =
            divide(pos, rules, body.depth, count, limits.perft_node_budget).map_err(halted)?;
        let shape = rules.variant.shape();
        let total = if body.depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        };
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (format_move(shape, &m), n))
            .collect();
        rows.sort_unstable();
        let rows = match body.format {
            ListFormat::Objects => DivideList::Objects(
                rows.into_iter()
                    .map(|(text, nodes)| DivideRow { text, nodes })
                    .collect(),
            ),
            ListFormat::Text => DivideList::Text(
                rows.into_iter()
                    .map(|(text, nodes)| format!("{text} {nodes}"))
                    .collect(),
            ),
        };
        (total, Some(rows))
    } else {
        (
            perft_bounded(pos, rules, body.depth, count, limits.perft_node_budget)
                .map_err(halted)?,
            None,
        )
    };
    Ok(PerftResponse {
        rules: rules_echo(rules),
        depth: body.depth,
        count: body.count,
        nodes,
        divide: rows,
    })
}
