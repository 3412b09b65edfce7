//! The HTTP edges: a path with a trailing slash, `/docs` without one, HEAD on every GET
//! route, 405 answers, and text fields the schema says may not be empty.

use crate::helpers::{assert_problem, spawn_app};
use reqwest::Method;
use serde_json::{json, Value};

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

/// Whether `body` meets what the document adds to a request schema about which fields go
/// together: a `not` over branches (fields that exclude each other) and an `anyOf` over
/// branches (fields of which one is needed), or both under an `allOf`; each branch `required` fields whose
/// `properties` are `{"not": {"type": "null"}}` (a null counts as absent). Those are the
/// only keywords the branches may use; any other fails here.
fn meets_field_rules(schema: &Value, body: &Value) -> bool {
    let matches = |branch: &Value| {
        let branch = branch.as_object().unwrap();
        assert!(
            branch.keys().all(|k| k == "required" || k == "properties"),
            "{branch:?}"
        );
        let present = branch["required"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| body.get(f.as_str().unwrap()).is_some());
        let not_null = branch.get("properties").is_none_or(|p| {
            p.as_object().unwrap().iter().all(|(field, rule)| {
                assert_eq!(rule, &json!({"not": {"type": "null"}}));
                body.get(field).is_none_or(|v| !v.is_null())
            })
        });
        present && not_null
    };
    let rules = match schema.get("allOf") {
        Some(all) => all.as_array().unwrap().iter().collect(),
        None => vec![schema],
    };
    rules.iter().all(|rule| {
        let forbidden = rule
            .get("not")
            .is_some_and(|n| n["anyOf"].as_array().unwrap().iter().any(matches));
        let needed = rule
            .get("anyOf")
            .is_none_or(|a| a.as_array().unwrap().iter().any(matches));
        !forbidden && needed
    })
}

/// A path, its request schema, the fields whose combinations are tried (with a value that
/// is fine alone), and the codes the server refuses combinations with.
type FieldRulesCase = (
    &'static str,
    &'static str,
    Vec<(&'static str, Value)>,
    &'static [&'static str],
);

/// Every combination of the fields that go together or exclude each other (each absent,
/// null or given), sent to the server and checked against the schema: the schema refuses
/// exactly what the server refuses for it (`ambiguous_position`, `record_conflict`,
/// `missing_moves`), so schemathesis never finds a schema-valid body refused for its
/// shape, nor a schema-invalid one accepted.
#[tokio::test]
async fn the_schema_refuses_the_field_combinations_the_server_refuses() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json").await.body;
    let chu = app.get("/v1/variants/chu").await.body;
    let start = chu["start_position"].clone();
    let record = json!({"format": "kif", "text": "手数----指手---------消費時間--\n"});
    let cases: [FieldRulesCase; 2] = [
        (
            "/v1/replay",
            "ReplayRequest",
            vec![
                ("start", start.clone()),
                ("moves", json!(["7i7h"])),
                ("record", record),
            ],
            &["record_conflict", "missing_moves"],
        ),
        (
            "/v1/legal-moves",
            "LegalMovesRequest",
            vec![
                ("position", start.clone()),
                ("start", start),
                ("moves", json!(["7i7h"])),
            ],
            &["ambiguous_position"],
        ),
    ];
    for (path, schema, fields, codes) in cases {
        let schema = &doc["components"]["schemas"][schema];
        let mut refused = 0;
        // Each field absent (0), null (1) or given (2).
        for combination in 0..3_usize.pow(fields.len() as u32) {
            let mut body = json!({"variant": "chu"});
            let mut digits = combination;
            for (name, value) in &fields {
                match digits % 3 {
                    1 => body[*name] = Value::Null,
                    2 => body[*name] = value.clone(),
                    _ => {}
                }
                digits /= 3;
            }
            let a = app.post(path, &body).await;
            let valid = meets_field_rules(schema, &body);
            if valid {
                assert_eq!(a.status, 200, "{path} {body}: {a:?}");
            } else {
                assert_eq!(a.status, 422, "{path} {body}: {a:?}");
                let code = a.body["code"].as_str().unwrap();
                assert!(codes.contains(&code), "{path} {body}: {a:?}");
                refused += 1;
            }
        }
        assert!(refused > 0, "{path}: no combination refused");
    }
}

/// Move text (the notation contract, README "Notation"): ASCII white space at either end is
/// dropped; any other character outside printable ASCII makes the text malformed, named
/// by its code point (and its Unicode name for white space) and its byte offset. The same
/// in a game's move list, in `move` and in Hodges text.
#[tokio::test]
async fn move_text_takes_ascii_white_space_at_its_ends_and_names_any_other() {
    let app = spawn_app().await;
    for padded in ["13s13r\r\n", "\t13s13r ", "13s13r\n", " P-13r\t"] {
        let a = app
            .post("/v1/adjudicate", &json!({"variant": "tai", "move": padded}))
            .await;
        assert_eq!(a.status, 200, "{a:?}");
        assert_eq!(a.body["legal"], true, "{padded:?}: {a:?}");
        assert_eq!(a.body["move"]["move"], "13s13r", "{padded:?}");
    }
    for (text, named) in [
        (
            "13s13r\u{3000}",
            "unexpected character U+3000 IDEOGRAPHIC SPACE at byte 6",
        ),
        (
            "13s13r\u{a0}",
            "unexpected character U+00A0 NO-BREAK SPACE at byte 6",
        ),
        (
            "\u{2003}13s13r",
            "unexpected character U+2003 EM SPACE at byte 0",
        ),
        ("13s\u{0}13r", "unexpected character U+0000 at byte 3"),
        ("13s 13r", "unexpected character U+0020 SPACE at byte 3"),
        (
            "13s13r\u{ff0b}",
            "unexpected character U+FF0B `＋` at byte 6",
        ),
        (
            "P-13r\u{3000}",
            "unexpected character U+3000 IDEOGRAPHIC SPACE at byte 5",
        ),
        (
            " P-13r\u{a0}",
            "unexpected character U+00A0 NO-BREAK SPACE at byte 6",
        ),
    ] {
        let a = app
            .post("/v1/adjudicate", &json!({"variant": "tai", "move": text}))
            .await;
        assert_eq!(a.status, 200, "{a:?}");
        assert_eq!(a.body["legal"], false, "{text:?}");
        assert_eq!(a.body["unreadable"]["code"], "malformed", "{text:?}");
        assert_eq!(a.body["illegal"], serde_json::Value::Null, "{text:?}");
        let message = a.body["unreadable"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{text:?}: {message}");
        let in_game = app
            .post(
                "/v1/legal-moves",
                &json!({"variant": "tai", "moves": [text]}),
            )
            .await;
        // Machine or Hodges text alike: a move list reads both.
        assert_problem(&in_game, 422, "unreadable_move_in_game");
        assert_eq!(in_game.body["reason"], "malformed", "{text:?}");
        let detail = in_game.body["detail"].as_str().unwrap();
        assert!(detail.contains(named), "{text:?}: {detail}");
    }
}
