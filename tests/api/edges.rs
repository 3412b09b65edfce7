//! The HTTP edges: a path with a trailing slash, `/docs` without one, HEAD on every GET
//! route, 405 answers, and text fields the schema says may not be empty.

use crate::helpers::{assert_problem, spawn_app};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_trailing_slash_reaches_the_resource() {
    let app = spawn_app().await;
    let body = json!({"variant": "tai", "moves": ["13s13r"]});
    let plain = app.post("/v1/legal-moves", &body).await;
    assert_eq!(plain.status, 200, "{plain:?}");
    let slash = app.post("/v1/legal-moves/", &body).await;
    assert_eq!(slash.status, 200, "{slash:?}");
    assert_eq!(slash.body, plain.body);
    for (with, without) in [
        ("/v1/variants/tai/", "/v1/variants/tai"),
        ("/v1/variants/", "/v1/variants"),
        ("/healthz//", "/healthz"),
    ] {
        let a = app.get(with).await;
        assert_eq!(a.status, 200, "{with}: {a:?}");
        assert_eq!(a.body, app.get(without).await.body, "{with}");
    }
    let a = app.get("/v1/variants/nope/").await;
    assert_problem(&a, 404, "unknown_variant");
}

#[tokio::test]
async fn docs_without_the_slash_lead_to_the_swagger_ui() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = client
        .get(format!("{}/docs", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 308);
    assert_eq!(resp.headers().get("location").unwrap(), "/docs/");
    let followed = app.get("/docs").await;
    assert_eq!(followed.status, 200);
    assert!(String::from_utf8_lossy(&followed.raw).contains("swagger"));
    let page = app.get("/docs/").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.raw, followed.raw);
}

#[tokio::test]
async fn head_answers_every_get_route_like_get_without_a_body() {
    let app = spawn_app().await;
    for path in [
        "/healthz",
        "/readyz",
        "/v1/variants",
        "/v1/variants/tai",
        "/openapi.json",
    ] {
        let get = app.get(path).await;
        let head = app.request(Method::HEAD, path).await;
        assert_eq!(head.status, 200, "{path}: {head:?}");
        assert!(head.raw.is_empty(), "{path}");
        assert_eq!(head.content_type, get.content_type, "{path}");
        assert_eq!(
            head.headers.get("content-length").unwrap(),
            &get.raw.len().to_string(),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_405_lists_the_allowed_methods_and_never_the_one_used() {
    let app = spawn_app().await;
    for (method, path, allow) in [
        (Method::DELETE, "/v1/variants", "GET, HEAD"),
        (Method::PUT, "/v1/variants/tai/", "GET, HEAD"),
        (Method::OPTIONS, "/openapi.json", "GET, HEAD"),
        (Method::PATCH, "/healthz", "GET, HEAD"),
        (Method::GET, "/v1/adjudicate/", "POST"),
        (Method::HEAD, "/v1/perft", "POST"),
    ] {
        let a = app.request(method.clone(), path).await;
        assert_eq!(a.status, 405, "{method} {path}: {a:?}");
        let allowed = a.headers.get("allow").unwrap().to_str().unwrap();
        assert_eq!(allowed, allow, "{method} {path}");
        assert!(
            !allowed.split(", ").any(|m| m == method.as_str()),
            "{method} {path}"
        );
        if method != Method::HEAD {
            assert_problem(&a, 405, "method_not_allowed");
        }
    }
}

/// The schema gives position text fields a minimum length of 1, and the server refuses
/// an empty one as the invalid position it is (an empty `start` does not mean the
/// initial setup: that is an absent `start`).
#[tokio::test]
async fn an_empty_start_or_position_is_refused_as_the_schema_says() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json").await.body;
    let schemas = &doc["components"]["schemas"];
    for (schema, field) in [
        ("LegalMovesRequest", "position"),
        ("LegalMovesRequest", "start"),
        ("AdjudicateRequest", "position"),
        ("AdjudicateRequest", "start"),
        ("PerftRequest", "position"),
        ("PerftRequest", "start"),
        ("ReplayRequest", "start"),
    ] {
        assert_eq!(
            schemas[schema]["properties"][field]["minLength"], 1,
            "{schema}.{field}"
        );
    }
    for (path, body) in [
        ("/v1/legal-moves", json!({"variant": "tai", "start": ""})),
        ("/v1/legal-moves", json!({"variant": "tai", "position": ""})),
        (
            "/v1/adjudicate",
            json!({"variant": "tai", "start": "", "moves": ["13s13r"], "move": "13g13h"}),
        ),
        (
            "/v1/adjudicate",
            json!({"variant": "tai", "position": "", "move": "13s13r"}),
        ),
        (
            "/v1/perft",
            json!({"variant": "tai", "start": "", "depth": 1}),
        ),
        (
            "/v1/perft",
            json!({"variant": "tai", "position": "", "depth": 1}),
        ),
        (
            "/v1/replay",
            json!({"variant": "tai", "start": "", "moves": []}),
        ),
    ] {
        let a = app.post(path, &body).await;
        assert_problem(&a, 422, "invalid_position");
    }
    let absent = app
        .post("/v1/replay", &json!({"variant": "tai", "moves": []}))
        .await;
    assert_eq!(absent.status, 200);
}
