//! Every error path of the API contract, each a problem+json with a stable code.

use crate::helpers::{assert_problem, long_perft, spawn_app, spawn_app_with, unbudgeted, TestApp};
use proptest::prelude::*;
use serde_json::{json, Value};
use shogi_arbiter::api::error::MAX_PROBLEM_BYTES;
use shogi_arbiter::config::Limits;
use std::sync::OnceLock;

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
    assert_eq!(
        a.body["valid"],
        json!([
            "tai",
            "chu",
            "tenjiku",
            "dai",
            "dai-dai",
            "maka-dai-dai",
            "ko",
            "taikyoku"
        ])
    );
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

/// A position with more problems than a problem lists: the first 8, and `detail` says how
/// many there are. Every cell of tai's 25 ranks is an unknown piece here.
#[tokio::test]
async fn a_position_lists_its_first_eight_problems() {
    let app = spawn_app().await;
    let rank = vec!["XX"; 25].join(",");
    let position = format!("{} b - 1", vec![rank.as_str(); 25].join("/"));
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": position}),
        )
        .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"].as_array().unwrap().len(), 8);
    assert_eq!(
        a.body["detail"],
        "`position` has 625 problem(s); the first 8 are listed"
    );
    assert_eq!(a.body["problems"][0]["rank"], "a");
    assert_eq!(a.body["problems"][0]["file"], 25);
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
    assert_eq!(a.headers.get("allow").unwrap(), "GET, HEAD");
    let a = app.get("/v1/nothing").await;
    assert_problem(&a, 404, "not_found");
}

#[tokio::test]
async fn too_many_heavy_requests_at_once_get_429() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 0,
        deadline: std::time::Duration::from_millis(500),
        ..unbudgeted()
    })
    .await;
    let body = long_perft();
    let (a, b) = tokio::join!(app.post("/v1/perft", &body), app.post("/v1/perft", &body));
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [422, 429], "{a:?} {b:?}");
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

/// Tai (tai.md, sources/tai_shogi.md): Black's pawns fill rank s, a pawn steps one square
/// forward; White's setup is Black's turned round, so White's rank h holds only the
/// go-betweens on files 8 and 18.
#[tokio::test]
async fn an_illegal_move_in_a_game_carries_its_index_reason_and_text() {
    let app = spawn_app().await;
    let cases = [
        // Black's pawn, now on 13r, cannot reach 13p two squares ahead (13q is empty, so
        // nothing blocks it: it cannot go there at all).
        (
            "/v1/legal-moves",
            json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13p"]}),
            2,
            "unreachable",
            "13r13p",
        ),
        // White moves from 13h, an empty square.
        (
            "/v1/adjudicate",
            json!({"variant": "tai", "moves": ["13s13r", "13h13i"], "move": "13r13q"}),
            1,
            "empty_square",
            "13h13i",
        ),
        // White moves Black's pawn on 12s.
        (
            "/v1/perft",
            json!({"variant": "tai", "moves": ["13s13r", "12s12r"], "depth": 1}),
            1,
            "not_your_piece",
            "12s12r",
        ),
    ];
    for (path, body, index, reason, text) in cases {
        let a = app.post(path, &body).await;
        assert_problem(&a, 422, "illegal_move_in_game");
        assert_eq!(a.body["index"], index, "{path}");
        assert_eq!(a.body["reason"], reason, "{path}");
        assert_eq!(a.body["move"], text, "{path}");
        let replayed = app
            .post(
                "/v1/replay",
                &json!({"variant": "tai", "moves": body["moves"]}),
            )
            .await;
        assert_eq!(replayed.body["first_illegal"], index, "{path}");
        assert_eq!(
            replayed.body["verdicts"][index]["illegal"]["code"], reason,
            "{path}"
        );
    }
}

#[tokio::test]
async fn an_option_given_twice_is_refused() {
    let app = spawn_app().await;
    for body in [
        r#"{"variant":"tai","rules":{"options":{"repetition":"jcsa","repetition":"no_repeat"}}}"#,
        r#"{"variant":"tai","rules":{"options":{"repetition":"jcsa","repetition":"jcsa"}}}"#,
    ] {
        let a = app
            .post_raw("/v1/legal-moves", body.into(), "application/json")
            .await;
        assert_problem(&a, 422, "duplicate_option");
        assert!(a.body["detail"].as_str().unwrap().contains("repetition"));
    }
    let top = app
        .post_raw(
            "/v1/legal-moves",
            br#"{"variant":"tai","variant":"tai"}"#.to_vec(),
            "application/json",
        )
        .await;
    assert_eq!(top.status, 422, "{top:?}");
}

/// Names and values a request made up are repeated in `detail` at most 64 characters
/// long (characters, not bytes), as unknown variant names are: whatever the field, and
/// whatever the value's size (a 1 MB unknown `count` was once echoed whole).
#[tokio::test]
async fn made_up_names_are_echoed_cut_to_64_characters() {
    let app = spawn_app().await;
    let long = "n".repeat(200);
    let wide = "名".repeat(200);
    let huge = "q".repeat(1_000_000);
    let cases = [
        (
            "/v1/legal-moves",
            json!({"variant": long}),
            "unknown_variant",
            &long,
        ),
        (
            "/v1/legal-moves",
            json!({"variant": "tai", "rules": {"options": {&long: "x"}}}),
            "unknown_option",
            &long,
        ),
        (
            "/v1/legal-moves",
            json!({"variant": "tai", "rules": {"profile": &long}}),
            "unknown_profile",
            &long,
        ),
        (
            "/v1/legal-moves",
            json!({"variant": "tai", "rules": {"profile": &wide}}),
            "unknown_profile",
            &wide,
        ),
        (
            "/v1/legal-moves",
            json!({"variant": "tai", "rules": {"options": {"repetition": &long}}}),
            "invalid_option_value",
            &long,
        ),
        (
            "/v1/legal-moves",
            json!({"variant": "tai", &long: 1}),
            "invalid_request",
            &long,
        ),
        (
            "/v1/perft",
            json!({"variant": "tai", "depth": 1, "count": &huge}),
            "invalid_request",
            &huge,
        ),
        (
            "/v1/perft",
            json!({"variant": "tai", "depth": &wide}),
            "invalid_request",
            &wide,
        ),
        (
            "/v1/replay",
            json!({"variant": "tai", "record": {"format": &huge, "text": ""}}),
            "invalid_request",
            &huge,
        ),
        (
            "/v1/replay",
            json!({"variant": "tai", "moves": [], "record_format": &huge}),
            "invalid_request",
            &huge,
        ),
        (
            "/v1/replay",
            json!({"variant": "tai", "moves": [], "record_format": {&wide: 1}}),
            "invalid_request",
            &wide,
        ),
    ];
    for (path, body, code, given) in cases {
        let a = app.post(path, &body).await;
        assert_problem(&a, 422, code);
        let detail = a.body["detail"].as_str().unwrap();
        let cut: String = given.chars().take(64).collect();
        let longer: String = given.chars().take(65).collect();
        assert!(
            detail.contains(&cut) && !detail.contains(&longer),
            "{code}: {detail}"
        );
        assert!(
            a.raw.len() <= MAX_PROBLEM_BYTES,
            "{path}: {} bytes",
            a.raw.len()
        );
    }
    // A made-up method on a known path, and a made-up variant in a path.
    let method = reqwest::Method::from_bytes("M".repeat(5000).as_bytes()).unwrap();
    let a = app.request(method, "/v1/adjudicate").await;
    assert_problem(&a, 405, "method_not_allowed");
    let detail = a.body["detail"].as_str().unwrap();
    assert!(detail.contains(&"M".repeat(64)) && !detail.contains(&"M".repeat(65)));
    let a = app.get(&format!("/v1/variants/{}", "v".repeat(5000))).await;
    assert_problem(&a, 404, "unknown_variant");
    let detail = a.body["detail"].as_str().unwrap();
    assert!(detail.contains(&"v".repeat(64)) && !detail.contains(&"v".repeat(65)));
}

/// The record text of the hostile KIF cases: a header, then the line under test.
const KIF_HEAD: &str = "先手：\n後手：\n手数----指手---------消費時間--\n";

/// The app the property below sends its requests to, on a runtime of its own (proptest
/// runs the cases synchronously).
fn shared_app() -> &'static (tokio::runtime::Runtime, TestApp) {
    static APP: OnceLock<(tokio::runtime::Runtime, TestApp)> = OnceLock::new();
    APP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        let app = runtime.block_on(spawn_app());
        (runtime, app)
    })
}

/// Text a client might send to break an echo: serde's own delimiters and phrases, quotes
/// and escapes, white space and control characters, wide and odd Unicode, pieces of moves,
/// positions and KIF lines; repeated up to a few thousand characters.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "`",
            "\"",
            "\\",
            "`, expected",
            "` at line",
            "string \"",
            "field `",
            "variant `",
            "\u{3000}",
            "\u{a0}",
            "\r\n",
            "\t",
            "\u{0}",
            "\u{1f}",
            "\u{7f}",
            "\u{202e}",
            "\u{feff}",
            "名",
            "獅",
            "😀",
            ",",
            "/",
            " ",
            "+",
            "*",
            "-",
            "13s13r",
            "LN",
            "（←",
            "）",
            "成",
            "手目",
            "：",
            "#局面：",
        ])
        .prop_map(String::from),
        "[a-zA-Z0-9]{1,8}",
        any::<char>().prop_map(String::from),
    ];
    (prop::collection::vec(piece, 1..24), 1..160_usize)
        .prop_map(|(parts, times)| parts.concat().repeat(times).chars().take(3000).collect())
}

/// The request of one echoing field, carrying `text` there: (path, body).
fn hostile_request(field: usize, text: &str) -> (&'static str, Value) {
    let kif = |line: String| json!({"format": "kif", "text": format!("{KIF_HEAD}{line}\n")});
    match field {
        0 => ("/v1/legal-moves", json!({"variant": text})),
        1 => (
            "/v1/legal-moves",
            json!({"variant": "ko", "rules": {"profile": text}}),
        ),
        2 => (
            "/v1/legal-moves",
            json!({"variant": "ko", "rules": {"options": {text: "x"}}}),
        ),
        3 => (
            "/v1/legal-moves",
            json!({"variant": "tai", "rules": {"options": {"repetition": text}}}),
        ),
        4 => ("/v1/legal-moves", json!({"variant": "tai", text: 1})),
        5 => (
            "/v1/perft",
            json!({"variant": "tai", "depth": 1, "count": text}),
        ),
        6 => ("/v1/perft", json!({"variant": "tai", "depth": text})),
        7 => (
            "/v1/replay",
            json!({"variant": "chu", "record": {"format": text, "text": ""}}),
        ),
        8 => (
            "/v1/replay",
            json!({"variant": "chu", "moves": [], "record_format": text}),
        ),
        9 => ("/v1/adjudicate", json!({"variant": "tai", "move": text})),
        10 => (
            "/v1/legal-moves",
            json!({"variant": "tai", "moves": ["13s13r", text]}),
        ),
        11 => ("/v1/replay", json!({"variant": "ko", "moves": [text]})),
        12 => (
            "/v1/legal-moves",
            json!({"variant": "tai", "position": text}),
        ),
        13 => {
            let ranks = vec![text; 25].join("/");
            let position = format!("{ranks} {text} {text} {text}");
            (
                "/v1/legal-moves",
                json!({"variant": "tai", "position": position}),
            )
        }
        14 => (
            "/v1/replay",
            json!({"variant": "chu", "record": kif(text.to_string())}),
        ),
        15 => (
            "/v1/replay",
            json!({"variant": "chu", "record": kif(format!("   1手目   7八{text} （←7九）"))}),
        ),
        16 => (
            "/v1/replay",
            json!({"variant": "chu", "record": kif(format!("   1手目   7八歩兵 （←{text}）"))}),
        ),
        17 => (
            "/v1/replay",
            json!({"variant": "chu", "record": {"format": "kif", "text": format!("手合割：{text}\n{KIF_HEAD}")}}),
        ),
        18 => (
            "/v1/replay",
            json!({"variant": "chu", "record": {"format": "kif", "text": format!("#局面：{text}\n{KIF_HEAD}")}}),
        ),
        _ => (
            "/v1/replay",
            json!({"variant": "ko", "record": kif(format!("   1手目射撃 {text}"))}),
        ),
    }
}

/// Every string of a JSON value.
fn strings(value: &Value) -> Vec<&str> {
    match value {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) => items.iter().flat_map(strings).collect(),
        Value::Object(map) => map.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 160,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// No problem body is larger than the documented bound ([`MAX_PROBLEM_BYTES`], README
    /// "Configuration and limits"), whatever a client puts in a field a problem repeats;
    /// and none repeats the text whole.
    #[test]
    fn no_problem_body_exceeds_its_bound(field in 0..20_usize, text in hostile_text()) {
        let (runtime, app) = shared_app();
        let (path, body) = hostile_request(field, &text);
        let a = runtime.block_on(app.post(path, &body));
        prop_assert!(a.status != 500, "{path}: {a:?}");
        if a.content_type == "application/problem+json" {
            prop_assert!(a.raw.len() <= MAX_PROBLEM_BYTES, "{path}: {} bytes", a.raw.len());
            prop_assert!(a.body["code"].is_string(), "{a:?}");
            // Twice the cut and one more: a cut echo followed by the service's own text
            // (a closing backtick, "`, expected") may match the text a little beyond 64
            // characters, never this far.
            let prefix: String = text.chars().take(129).collect();
            if prefix.chars().count() == 129 {
                prop_assert!(
                    !strings(&a.body).iter().any(|s| s.contains(&prefix)),
                    "{path} repeats more than 64 characters: {}",
                    a.body
                );
            }
        }
    }
}
