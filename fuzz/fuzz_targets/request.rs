//! Fuzz target: whole request bodies through the application in-process. The first byte
//! chooses the job (legal moves, adjudicate, replay, perft); the rest is the JSON body,
//! read as the server reads it (`Body<T>`: objects only) and run through the job function
//! the handler runs, under small limits. Answers and problems are serialised as the server
//! would send them. Nothing may panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_arbiter::api::context::check_move_text;
use shogi_arbiter::api::dto::{
    AdjudicateRequest, Body, LegalMovesRequest, PerftRequest, ReplayRequest,
};
use shogi_arbiter::api::error::ApiError;
use shogi_arbiter::api::routes::moves::{adjudicate_job, legal_moves_job};
use shogi_arbiter::api::routes::perft::perft_job;
use shogi_arbiter::api::routes::replay::replay_job;
use shogi_arbiter_fuzz::{fuzz_limits, within_time_bound, JOBS};
use std::sync::OnceLock;

/// Serialises an answer or a problem, as the server would send it.
fn send<T: serde::Serialize>(answer: Result<T, ApiError>) {
    let bytes = match answer {
        Ok(body) => serde_json::to_vec(&body),
        Err(e) => serde_json::to_vec(&e.problem),
    };
    bytes.expect("answers serialise");
}

fuzz_target!(|data: &[u8]| within_time_bound(|| run(data)));

fn run(data: &[u8]) {
    static LIMITS: OnceLock<shogi_arbiter::config::Limits> = OnceLock::new();
    let limits = LIMITS.get_or_init(fuzz_limits);
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    if body.len() > limits.body_bytes {
        return;
    }
    match JOBS[first as usize % JOBS.len()] {
        "legal-moves" => {
            if let Ok(Body(req)) = serde_json::from_slice::<Body<LegalMovesRequest>>(body) {
                send(legal_moves_job(limits, &req));
            }
        }
        "adjudicate" => {
            if let Ok(Body(req)) = serde_json::from_slice::<Body<AdjudicateRequest>>(body) {
                send(
                    check_move_text(&req.proposed, None)
                        .and_then(|()| adjudicate_job(limits, &req)),
                );
            }
        }
        "replay" => {
            if let Ok(Body(req)) = serde_json::from_slice::<Body<ReplayRequest>>(body) {
                send(replay_job(limits, &req));
            }
        }
        _ => {
            if let Ok(Body(req)) = serde_json::from_slice::<Body<PerftRequest>>(body) {
                send(perft_job(limits, &req));
            }
        }
    }
}
