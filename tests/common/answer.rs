//! This engine's answer to a conformance-kit request, through the API's job in process
//! (what the service answers), as JSON: shared by the engine tests' rule-vector driver and
//! the kit generator (each includes this file as a module).

use serde_json::Value;
use shogi_arbiter::api::routes::moves::{adjudicate_job, legal_moves_job};
use shogi_arbiter::api::routes::replay::replay_job;
use shogi_arbiter::config::Limits;

/// The answer to `body` at `path` (`/v1/adjudicate`, `/v1/legal-moves`, `/v1/replay`). A
/// refusal of the request itself panics: every kit case must be answered.
pub fn answer(path: &str, body: Value) -> Value {
    match path {
        "/v1/adjudicate" => job(path, body, adjudicate_job),
        "/v1/legal-moves" => job(path, body, legal_moves_job),
        _ => job(path, body, replay_job),
    }
}

/// The answer of one job to a body, as JSON.
fn job<Q, A, E>(path: &str, body: Value, run: fn(&Limits, &Q) -> Result<A, E>) -> Value
where
    Q: serde::de::DeserializeOwned,
    A: serde::Serialize,
    E: std::fmt::Debug,
{
    let request: Q =
        serde_json::from_value(body.clone()).unwrap_or_else(|e| panic!("{path} {body}: {e}"));
    let answered = run(&Limits::default(), &request)
        .unwrap_or_else(|e| panic!("{path} {body}: refused: {e:?}"));
    serde_json::to_value(answered).expect("an answer serializes")
}
