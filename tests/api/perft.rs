//! Perft and divide over HTTP, with the depth limit and node budget.

use crate::helpers::{assert_problem, spawn_app, spawn_app_with};
use serde_json::json;
use shogi_arbiter::config::Limits;

#[tokio::test]
async fn perft_and_divide() {
    let app = spawn_app().await;
    let a = app
        .post("/v1/perft", &json!({"variant": "tai", "depth": 2}))
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["nodes"], 92_662);
    assert_eq!(a.body["divide"], serde_json::Value::Null);
    let d = app
        .post(
            "/v1/perft",
            &json!({"variant": "tai", "depth": 1, "divide": true}),
        )
        .await;
    assert_eq!(d.body["nodes"], 304);
    let rows = d.body["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 304);
    assert!(rows.iter().all(|r| r["nodes"] == 1));
}

#[tokio::test]
async fn perft_limits() {
    let app = spawn_app_with(Limits {
        perft_node_budget: 100_000,
        ..Limits::default()
    })
    .await;
    let deep = app
        .post("/v1/perft", &json!({"variant": "tai", "depth": 50}))
        .await;
    assert_problem(&deep, 422, "perft_depth_exceeded");
    let big = app
        .post("/v1/perft", &json!({"variant": "tai", "depth": 3}))
        .await;
    assert_problem(&big, 422, "perft_budget_exceeded");
}

/// JSON Schema's `integer` includes numbers written with a zero fraction.
#[tokio::test]
async fn a_whole_depth_written_with_a_fraction_is_that_depth() {
    let app = spawn_app().await;
    let a = app
        .post_raw(
            "/v1/perft",
            br#"{"variant":"tai","depth":1.0}"#.to_vec(),
            "application/json",
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["depth"], 1);
    assert_eq!(a.body["nodes"], 304);
    let a = app
        .post_raw(
            "/v1/perft",
            br#"{"variant":"tai","depth":1.5}"#.to_vec(),
            "application/json",
        )
        .await;
    assert_problem(&a, 422, "invalid_request");
}
