//! `GET /metrics` (issue 19): requests by route pattern and status, latency by route,
//! engine time by pool, deadline hits and 429s by route, in the Prometheus text format.
//!
//! Every test app of this process shares one recorder, and the tests run side by side: a
//! test reads the series before and after its requests and asks for at least its own
//! increase.

use crate::helpers::{assert_problem, long_perft, spawn_app, spawn_app_with, unbudgeted, TestApp};
use serde_json::json;
use shogi_arbiter::config::Limits;
use std::time::Duration;

/// The metrics text, checked to be served as Prometheus text.
async fn scrape(app: &TestApp) -> String {
    let a = app.get("/metrics").await;
    assert_eq!(a.status, 200, "{a:?}");
    assert!(
        a.content_type.starts_with("text/plain; version=0.0.4"),
        "{}",
        a.content_type
    );
    String::from_utf8(a.raw).expect("UTF-8 text")
}

/// The labels of a sample line's `{...}`.
fn labels(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some((key, after)) = rest.split_once("=\"") {
        let (value, after) = after.split_once('"').expect("a closing quote");
        out.push((key.trim_start_matches(','), value));
        rest = after;
    }
    out
}

/// The value of series `name` whose labels include `wanted` (summed over the others), 0
/// when there is none.
fn value(text: &str, name: &str, wanted: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let (series, number) = line.rsplit_once(' ')?;
            let (metric, rest) = series.split_once('{').unwrap_or((series, "}"));
            let found = labels(rest.trim_end_matches('}'));
            (metric == name && wanted.iter().all(|w| found.contains(w)))
                .then(|| number.parse::<f64>().expect("a number"))
        })
        .sum()
}

const REQUESTS: &str = "shogi_arbiter_http_requests_total";
const LATENCY_COUNT: &str = "shogi_arbiter_http_request_duration_seconds_count";
const ENGINE_COUNT: &str = "shogi_arbiter_engine_duration_seconds_count";
const DEADLINE: &str = "shogi_arbiter_deadline_exceeded_total";
const TOO_BUSY: &str = "shogi_arbiter_too_busy_total";

#[tokio::test]
async fn requests_are_counted_and_timed_by_route_pattern_and_status() {
    let app = spawn_app().await;
    let variant = [("method", "GET"), ("route", "/v1/variants/{variant}")];
    let ok = [variant[0], variant[1], ("status", "200")];
    let missing = [variant[0], variant[1], ("status", "404")];
    let unmatched = [("method", "GET"), ("route", "unmatched"), ("status", "404")];
    let before = scrape(&app).await;
    for id in ["tai", "chu"] {
        assert_eq!(app.get(&format!("/v1/variants/{id}")).await.status, 200);
    }
    assert_problem(
        &app.get("/v1/variants/metrics-nope").await,
        404,
        "unknown_variant",
    );
    assert_problem(&app.get("/metrics-no-such-path").await, 404, "not_found");
    let after = scrape(&app).await;

    let grew = |name: &str, labels: &[(&str, &str)]| {
        value(&after, name, labels) - value(&before, name, labels)
    };
    assert!(grew(REQUESTS, &ok) >= 2.0, "{after}");
    assert!(grew(REQUESTS, &missing) >= 1.0, "{after}");
    assert!(grew(REQUESTS, &unmatched) >= 1.0, "{after}");
    assert!(grew(LATENCY_COUNT, &variant) >= 3.0, "{after}");
    let bucket = "shogi_arbiter_http_request_duration_seconds_bucket";
    assert!(
        value(&after, bucket, &[variant[1], ("le", "+Inf")]) >= 3.0,
        "{after}"
    );
    // The route label is the pattern, never the path asked for.
    for raw in ["/v1/variants/tai", "metrics-nope", "/metrics-no-such-path"] {
        assert!(!after.contains(raw), "{raw} is a label: {after}");
    }
    // The scrape itself is counted by the next one.
    let again = scrape(&app).await;
    let scrapes = [("route", "/metrics"), ("status", "200")];
    assert!(value(&again, REQUESTS, &scrapes) >= 2.0, "{again}");
}

#[tokio::test]
async fn engine_time_is_recorded_by_pool() {
    let app = spawn_app().await;
    let io = [("pool", "io")];
    let blocking = [("pool", "blocking")];
    let before = scrape(&app).await;
    // A perft goes straight to the blocking pool; any other job first runs on its I/O
    // thread.
    let a = app
        .post("/v1/perft", &json!({"variant": "chu", "depth": 1}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "chu"}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let after = scrape(&app).await;
    assert!(
        value(&after, ENGINE_COUNT, &blocking) > value(&before, ENGINE_COUNT, &blocking),
        "{after}"
    );
    assert!(
        value(&after, ENGINE_COUNT, &io) > value(&before, ENGINE_COUNT, &io),
        "{after}"
    );
    let sum = "shogi_arbiter_engine_duration_seconds_sum";
    assert!(value(&after, sum, &blocking) > 0.0, "{after}");
}

#[tokio::test]
async fn deadline_hits_and_429s_are_counted_by_route() {
    // One slot and no queue: of two long counts at once, one runs into its deadline and
    // the other is refused.
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 0,
        deadline: Duration::from_millis(300),
        ..unbudgeted()
    })
    .await;
    let perft = [("route", "/v1/perft")];
    let refused = [("route", "/v1/perft"), ("status", "429")];
    let stopped = [("route", "/v1/perft"), ("status", "422")];
    let before = scrape(&app).await;
    let body = long_perft();
    let (a, b) = tokio::join!(app.post("/v1/perft", &body), app.post("/v1/perft", &body));
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [422, 429], "{a:?} {b:?}");
    for x in [&a, &b] {
        let code = if x.status == 429 {
            "too_busy"
        } else {
            "deadline_exceeded"
        };
        assert_problem(x, x.status, code);
    }
    let after = scrape(&app).await;
    let grew = |name: &str, labels: &[(&str, &str)]| {
        value(&after, name, labels) - value(&before, name, labels)
    };
    assert!(grew(DEADLINE, &perft) >= 1.0, "{after}");
    assert!(grew(TOO_BUSY, &perft) >= 1.0, "{after}");
    assert!(grew(REQUESTS, &refused) >= 1.0, "{after}");
    assert!(grew(REQUESTS, &stopped) >= 1.0, "{after}");
}

#[tokio::test]
async fn the_document_lists_metrics_as_plain_text() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json").await.body;
    let ok = &doc["paths"]["/metrics"]["get"]["responses"]["200"]["content"];
    assert_eq!(ok["text/plain"]["schema"]["type"], "string", "{ok}");
    let head = app.request(reqwest::Method::HEAD, "/metrics").await;
    assert_eq!(head.status, 200, "{head:?}");
    let post = app.post("/metrics", &json!({})).await;
    assert_problem(&post, 405, "method_not_allowed");
}
