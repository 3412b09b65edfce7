//! Prometheus metrics (issue 19): one recorder for the process, rendered by `GET
//! /metrics`. Requests by method, route and status with their latency, engine time by the
//! pool it ran on, the deadline hits and 429s by route, and the cache of game states'
//! hits, misses, evictions and bytes (`game_cache`, which records them).
//!
//! The route label is the matched route pattern (`/v1/variants/{variant}`), or
//! `unmatched` for a path no route takes, so a client cannot make up new series.

use super::error::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header::CONTENT_TYPE, Method};
use actix_web::middleware::Next;
use actix_web::{get, HttpResponse};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Requests answered, by `method`, `route` and `status`.
pub const REQUESTS: &str = "shogi_arbiter_http_requests_total";
/// Time from a request reaching the service to its answer's head, by `method` and `route`.
pub const LATENCY: &str = "shogi_arbiter_http_request_duration_seconds";
/// Time spent in engine calls, by `pool`: `io` (a light call's slice on an I/O thread,
/// finished or not) or `blocking` (a heavy call on the blocking pool).
pub const ENGINE: &str = "shogi_arbiter_engine_duration_seconds";
/// Answers 422 `deadline_exceeded`, by `route`.
pub const DEADLINE: &str = "shogi_arbiter_deadline_exceeded_total";
/// Answers 429 `too_busy`, by `route`.
pub const TOO_BUSY: &str = "shogi_arbiter_too_busy_total";

/// The histogram buckets, in seconds: from a light call's tenth of a millisecond to well
/// past the default deadline.
const BUCKETS: [f64; 14] = [
    0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// How often histogram samples are folded into their buckets between scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's recorder, installed on first use (the service, or every test app of a
/// test process, shares it). `None` when another recorder was installed first.
pub fn handle() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
                .and_then(PrometheusBuilder::install_recorder);
            match handle {
                Ok(handle) => {
                    describe();
                    upkeep(handle.clone());
                    Some(handle)
                }
                Err(e) => {
                    tracing::warn!("no metrics: {e}");
                    None
                }
            }
        })
        .as_ref()
}

fn describe() {
    use metrics::{describe_counter, describe_histogram, Unit};
    describe_counter!(REQUESTS, "Requests answered, by method, route and status");
    describe_histogram!(
        LATENCY,
        Unit::Seconds,
        "Time to answer a request, by method and route"
    );
    describe_histogram!(
        ENGINE,
        Unit::Seconds,
        "Time spent in engine calls, by pool (io: a light call's slice; blocking: a heavy call)"
    );
    describe_counter!(DEADLINE, "Answers 422 deadline_exceeded, by route");
    describe_counter!(TOO_BUSY, "Answers 429 too_busy, by route");
    super::game_cache::describe_metrics();
}

/// Folds histogram samples into their buckets now and then, so they do not pile up when
/// nobody scrapes.
fn upkeep(handle: PrometheusHandle) {
    let spawned = std::thread::Builder::new()
        .name("metrics-upkeep".into())
        .spawn(move || loop {
            std::thread::sleep(UPKEEP_EVERY);
            handle.run_upkeep();
        });
    if let Err(e) = spawned {
        tracing::warn!("no metrics-upkeep thread: {e}");
    }
}

/// Records time spent in an engine call on `pool` (`io` or `blocking`).
pub fn engine_time(pool: &'static str, took: Duration) {
    metrics::histogram!(ENGINE, "pool" => pool).record(took.as_secs_f64());
}

/// Middleware: counts and times every answer by its route, and the deadline hits and
/// 429s among them.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let res = next.call(req).await?;
    let took = started.elapsed();
    let request = res.request();
    let route = request
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_string());
    let method = method_label(request.method());
    let status = res.status().as_u16().to_string();
    if let Some(e) = res
        .response()
        .error()
        .and_then(|e| e.as_error::<ApiError>())
    {
        match e.problem.code.as_str() {
            "deadline_exceeded" => {
                metrics::counter!(DEADLINE, "route" => route.clone()).increment(1)
            }
            "too_busy" => metrics::counter!(TOO_BUSY, "route" => route.clone()).increment(1),
            _ => {}
        }
    }
    metrics::histogram!(LATENCY, "method" => method, "route" => route.clone())
        .record(took.as_secs_f64());
    metrics::counter!(REQUESTS, "method" => method, "route" => route, "status" => status)
        .increment(1);
    Ok(res)
}

/// A method as a label: the standard ones by name, any other as `other`.
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [(Method, &str); 9] = [
        (Method::GET, "GET"),
        (Method::HEAD, "HEAD"),
        (Method::POST, "POST"),
        (Method::PUT, "PUT"),
        (Method::DELETE, "DELETE"),
        (Method::PATCH, "PATCH"),
        (Method::OPTIONS, "OPTIONS"),
        (Method::CONNECT, "CONNECT"),
        (Method::TRACE, "TRACE"),
    ];
    KNOWN
        .iter()
        .find(|(m, _)| m == method)
        .map_or("other", |(_, name)| name)
}

/// The metrics in the Prometheus text format.
#[utoipa::path(
    tag = "service",
    responses(
        (status = 200, description = "The metrics in the Prometheus text exposition format (version 0.0.4)",
            body = String, content_type = "text/plain",
            example = "# TYPE shogi_arbiter_http_requests_total counter\nshogi_arbiter_http_requests_total{method=\"GET\",route=\"/healthz\",status=\"200\"} 1\n"),
        super::error::GetRouteProblems,
    )
)]
#[get("/metrics")]
pub async fn get_metrics() -> HttpResponse {
    let text = handle().map(PrometheusHandle::render).unwrap_or_default();
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(text)
}
