//! Hostile inputs: each answered with problem+json in under a second while the server
//! keeps answering other requests.

use crate::helpers::{assert_problem, spawn_app, Answer, TestApp};
use serde_json::json;
use std::time::{Duration, Instant};

async fn timed<F: std::future::Future<Output = Answer>>(app: &TestApp, f: F) -> Answer {
    let started = Instant::now();
    let a = f.await;
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "took {:?}",
        started.elapsed()
    );
    let health = app.get("/healthz").await;
    assert_eq!(health.status, 200, "the server still answers");
    a
}

fn rank_lines(ranks: usize, cells: &str) -> String {
    format!("{} b - 1", vec![cells; ranks].join("/"))
}

#[tokio::test]
async fn hostile_inputs_are_refused_quickly() {
    let app = spawn_app().await;
    let ten_mib = vec![b' '; 10 << 20];
    let a = timed(
        &app,
        app.post_raw("/v1/legal-moves", ten_mib, "application/json"),
    )
    .await;
    assert_problem(&a, 413, "body_too_large");

    let plies: Vec<String> = (0..1_000_000).map(|_| "13s13r".to_string()).collect();
    let a = timed(
        &app,
        app.post("/v1/replay", &json!({"variant": "tai", "moves": plies})),
    )
    .await;
    assert_problem(&a, 413, "body_too_large");

    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": rank_lines(26, "25")}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "rank_count");

    let wide = rank_lines(25, "25,5");
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": wide}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "rank_width");

    let crowded = rank_lines(25, &vec!["P"; 400].join(","));
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": crowded}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");

    let a = timed(
        &app,
        app.post("/v1/perft", &json!({"variant": "tai", "depth": 50})),
    )
    .await;
    assert_problem(&a, 422, "perft_depth_exceeded");

    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"options": {"x": "y"}}}),
        ),
    )
    .await;
    assert_problem(&a, 422, "unknown_option");
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"profile": "x"}}),
        ),
    )
    .await;
    assert_problem(&a, 422, "unknown_profile");

    let not_utf8 = b"{\"variant\": \"t\xff\xfei\"}".to_vec();
    let a = timed(
        &app,
        app.post_raw("/v1/legal-moves", not_utf8, "application/json"),
    )
    .await;
    assert_problem(&a, 400, "malformed_json");

    let long_move = "1".repeat(100 * 1024);
    let a = timed(
        &app,
        app.post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": long_move}),
        ),
    )
    .await;
    assert_problem(&a, 422, "move_text_too_long");
}

#[tokio::test]
async fn ten_thousand_pieces_are_refused() {
    let app = spawn_app().await;
    // 10,000 pawns over 25 ranks of 400 cells each: refused as too long before any work.
    let text = rank_lines(25, &vec!["P"; 400].join(","));
    assert!(text.matches('P').count() >= 10_000);
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": text}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "too_long");
}
