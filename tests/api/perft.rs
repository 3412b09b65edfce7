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

/// The depth is an integer written as one, from 0 to 2^32 - 1, as the schema says
/// (`minimum`, `maximum`, and the description for what JSON Schema's `integer` cannot
/// tell: `1.0` is refused). Above the configured limit it is the limit's 422.
#[tokio::test]
async fn the_depth_is_an_integer_written_as_one() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json").await.body;
    let depth = &doc["components"]["schemas"]["PerftRequest"]["properties"]["depth"];
    assert_eq!(depth["type"], "integer");
    assert_eq!(depth["minimum"], 0);
    assert_eq!(depth["maximum"], u64::from(u32::MAX));
    assert_ne!(depth["format"], "int32", "int32 ends at 2^31 - 1");
    let send = |depth: &'static str| {
        let body = format!(r#"{{"variant":"tai","depth":{depth}}}"#).into_bytes();
        app.post_raw("/v1/perft", body, "application/json")
    };
    let a = send("1").await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["nodes"], 304);
    for written in ["1.0", "-0", "1e0", "0.0", "1.5", "-1", "4294967296"] {
        let a = send(written).await;
        assert_problem(&a, 422, "invalid_request");
        let detail = a.body["detail"].as_str().unwrap();
        assert!(
            detail.contains("an integer from 0 to 4294967295 written without a fraction"),
            "{written}: {detail}"
        );
    }
    for within_schema in ["4294967295", "7"] {
        let a = send(within_schema).await;
        assert_problem(&a, 422, "perft_depth_exceeded");
    }
}

/// Chu perft from the start as shogiops counts it (`usi_strings`) and as HaChu does
/// (`effects`, the default): `tests/data/chu_shogiops_perft.tsv`, outside figures.
#[tokio::test]
async fn chu_perft_counts_shogiops_strings_or_effects() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chu_shogiops_perft.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the shogiops figures");
    let app = spawn_app().await;
    let mut depths = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("depth"))
    {
        let f: Vec<u64> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        for (count, want) in [("usi_strings", f[1]), ("effects", f[2])] {
            let a = app
                .post(
                    "/v1/perft",
                    &json!({"variant": "chu", "depth": f[0], "count": count}),
                )
                .await;
            assert_eq!(a.status, 200, "{a:?}");
            assert_eq!(a.body["nodes"], want, "depth {} {count}", f[0]);
            assert_eq!(a.body["count"], count);
        }
        depths += 1;
    }
    assert_eq!(depths, 4);
}

#[tokio::test]
async fn the_count_defaults_to_effects_and_is_echoed() {
    let app = spawn_app().await;
    let a = app
        .post("/v1/perft", &json!({"variant": "chu", "depth": 2}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["count"], "effects");
    assert_eq!(a.body["nodes"], 1_296);
    let a = app
        .post(
            "/v1/perft",
            &json!({"variant": "tai", "depth": 1, "count": "effects"}),
        )
        .await;
    assert_eq!(a.body["count"], "effects");
    assert_eq!(a.body["nodes"], 304);
}

/// Divide under `usi_strings` has one row per string lishogi lists. The lone lion position
/// of the chu rule vectors: 93 strings by hand (`tests/engine/chu_usi_strings.rs`), among
/// them the route `7g6f5e` beside the jump `7g5e` and the pass through 8g beside the one
/// through 6f; 41 effects.
#[tokio::test]
async fn divide_under_usi_strings_lists_every_string() {
    let app = spawn_app().await;
    let position = "11k/12/9g2/12/12/5s6/3G1N6/12/12/12/12/K11 b - 1";
    let body = |count: &str| json!({"variant": "chu", "position": position, "depth": 1, "divide": true, "count": count});
    let a = app.post("/v1/perft", &body("usi_strings")).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["nodes"], 93);
    let rows: Vec<&str> = a.body["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["move"].as_str().unwrap())
        .collect();
    assert_eq!(rows.len(), 93);
    for s in ["7g5e", "7g6f5e", "7g8g7g", "7g6f7g", "7g7f7g"] {
        assert!(rows.contains(&s), "{s} missing: {rows:?}");
    }
    let e = app.post("/v1/perft", &body("effects")).await;
    assert_eq!(e.body["nodes"], 41);
    assert_eq!(e.body["divide"].as_array().unwrap().len(), 41);
}

#[tokio::test]
async fn usi_strings_outside_chu_is_refused() {
    let app = spawn_app().await;
    for variant in ["tai", "tenjiku", "ko"] {
        let a = app
            .post(
                "/v1/perft",
                &json!({"variant": variant, "depth": 1, "count": "usi_strings"}),
            )
            .await;
        assert_problem(&a, 422, "count_unavailable");
        assert_eq!(a.body["valid"], json!(["effects"]));
        assert!(
            a.body["detail"].as_str().unwrap().contains(variant),
            "{a:?}"
        );
    }
    let a = app
        .post(
            "/v1/perft",
            &json!({"variant": "chu", "depth": 1, "count": "usi"}),
        )
        .await;
    assert_problem(&a, 422, "invalid_request");
}
