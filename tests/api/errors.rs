//! Every error path of `shared/api.md`, each a problem+json with a stable code.

use crate::helpers::{assert_problem, spawn_app, spawn_app_with};
use serde_json::json;
use shogi_arbiter::config::Limits;

#[tokio::test]
async fn request_errors() {
    let app = spawn_app().await;
    let a = app
        .post_raw(
            "/v1/legal-moves",
            b"{\"variant\": ".to_vec(),
            "application/json",
        )
        .await;
    assert_problem(&a, 400, "malformed_json");
    let a = app
        .post_raw("/v1/legal-moves", b"variant=tai".to_vec(), "text/plain")
        .await;
    assert_problem(&a, 415, "unsupported_media_type");
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "colour": "black"}),
        )
        .await;
    assert_problem(&a, 422, "invalid_request");
    let a = app.post("/v1/adjudicate", &json!({"variant": "tai"})).await;
    assert_problem(&a, 422, "invalid_request");
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "chess"}))
        .await;
    assert_problem(&a, 422, "unknown_variant");
    assert_eq!(a.body["valid"], json!(["tai", "chu"]));
}

#[tokio::test]
async fn rules_errors_list_the_valid_choices() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"profile": "hachu"}}),
        )
        .await;
    assert_problem(&a, 422, "unknown_profile");
    assert_eq!(a.body["valid"], json!(["wikipedia", "japanese", "tsa"]));
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"options": {"lion_power": "on"}}}),
        )
        .await;
    assert_problem(&a, 422, "unknown_option");
    assert!(a.body["valid"]
        .as_array()
        .unwrap()
        .contains(&json!("emperor_capture")));
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"options": {"donkey": "mule"}}}),
        )
        .await;
    assert_problem(&a, 422, "invalid_option_value");
    assert_eq!(a.body["valid"], json!(["wikipedia", "evans"]));
}

#[tokio::test]
async fn position_problems_are_listed_with_their_locations() {
    let app = spawn_app().await;
    let mut ranks = vec!["25".to_string(); 25];
    ranks[0] = "XX,24".into();
    ranks[3] = "26".into();
    let position = format!("{} q - 0", ranks.join("/"));
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": position}),
        )
        .await;
    assert_problem(&a, 422, "invalid_position");
    let problems = a.body["problems"].as_array().unwrap();
    let codes: Vec<&str> = problems
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"unknown_piece") && codes.contains(&"bad_empty_run"));
    assert!(codes.contains(&"bad_side") && codes.contains(&"bad_move_number"));
    let unknown = problems
        .iter()
        .find(|p| p["code"] == "unknown_piece")
        .unwrap();
    assert_eq!(
        (unknown["rank"].clone(), unknown["file"].clone()),
        (json!("a"), json!(25))
    );
}

#[tokio::test]
async fn limits_are_problems() {
    let app = spawn_app_with(Limits {
        moves_per_game: 3,
        body_bytes: 4096,
        ..Limits::default()
    })
    .await;
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13q", "13h13i"]}),
        )
        .await;
    assert_problem(&a, 422, "too_many_moves");
    let big = json!({"variant": "tai", "position": "x".repeat(5000)});
    let a = app.post("/v1/legal-moves", &big).await;
    assert_problem(&a, 413, "body_too_large");
}

#[tokio::test]
async fn wrong_method_and_unknown_path() {
    let app = spawn_app().await;
    let a = app.get("/v1/adjudicate").await;
    assert_problem(&a, 405, "method_not_allowed");
    assert_eq!(a.headers.get("allow").unwrap(), "POST");
    let a = app.post("/v1/variants", &json!({})).await;
    assert_problem(&a, 405, "method_not_allowed");
    assert_eq!(a.headers.get("allow").unwrap(), "GET");
    let a = app.get("/v1/nothing").await;
    assert_problem(&a, 404, "not_found");
}

#[tokio::test]
async fn too_many_heavy_requests_at_once_get_429() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        ..Limits::default()
    })
    .await;
    let body = json!({"variant": "tai", "depth": 3});
    let (a, b) = tokio::join!(app.post("/v1/perft", &body), app.post("/v1/perft", &body));
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [200, 429], "{a:?} {b:?}");
    let refused = if a.status == 429 { a } else { b };
    assert_problem(&refused, 429, "too_busy");
    assert_eq!(refused.headers.get("retry-after").unwrap(), "1");
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;
    let a = app.get("/healthz").await;
    assert_eq!(a.status, 200);
    let id = a.headers.get("x-request-id").unwrap().to_str().unwrap();
    assert!(!id.is_empty());
    let resp = app
        .client
        .get(format!("{}/readyz", app.address))
        .header("x-request-id", "trace-42")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers().get("x-request-id").unwrap(), "trace-42");
}
