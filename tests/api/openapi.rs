//! The OpenAPI document: the committed file equals the generated one and the served one;
//! every request example in it is a real request that succeeds; every property has an
//! example; every operation documents every status it can send, each with its own example;
//! verdict examples follow the verdict's rules; the Swagger UI page calls no outside
//! validator.

use crate::helpers::{assert_problem, spawn_app};
use serde_json::{json, Value};
use shogi_arbiter::engine::variant::VARIANT_IDS;

fn committed() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let text = std::fs::read_to_string(path).expect("openapi/openapi.json is committed");
    assert_eq!(
        text,
        shogi_arbiter::api::openapi_json(),
        "openapi/openapi.json is stale: run `cargo run --release -- openapi > openapi/openapi.json`"
    );
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn the_committed_document_is_current_and_served() {
    let doc = committed();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let app = spawn_app().await;
    let served = app.get("/openapi.json").await;
    assert_eq!(served.status, 200);
    assert_eq!(served.body, doc);
    let docs = app
        .client
        .get(format!("{}/docs/", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(docs.status(), 200);
    assert!(docs.text().await.unwrap().contains("swagger"));
}

#[tokio::test]
async fn every_schema_and_field_is_described() {
    let doc = committed();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let mut missing = Vec::new();
    for (name, schema) in schemas {
        if schema.get("description").is_none() && schema.get("oneOf").is_none() {
            missing.push(name.clone());
        }
        for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
            let described = prop.get("description").is_some()
                || prop.get("$ref").is_some()
                || prop["oneOf"]
                    .as_array()
                    .is_some_and(|v| v.iter().any(|x| x.get("$ref").is_some()));
            if !described {
                missing.push(format!("{name}.{field}"));
            }
        }
    }
    assert!(missing.is_empty(), "undescribed: {missing:?}");
}

#[tokio::test]
async fn every_request_example_is_a_real_request() {
    let doc = committed();
    let app = spawn_app().await;
    let mut sent = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        if let Some(post) = item.get("post") {
            let schema_ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                .as_str()
                .expect("a request schema");
            let name = schema_ref.rsplit('/').next().unwrap();
            let example = &doc["components"]["schemas"][name]["example"];
            assert!(!example.is_null(), "{name} has an example");
            let a = app.post(path, example).await;
            assert_eq!(a.status, 200, "{path}: {a:?}");
            sent += 1;
        }
    }
    assert_eq!(sent, 5);
}

/// The component schema a `$ref` names.
fn referenced<'a>(doc: &'a Value, reference: &str) -> &'a Value {
    let name = reference
        .strip_prefix("#/components/schemas/")
        .unwrap_or_else(|| panic!("{reference} names a component schema"));
    &doc["components"]["schemas"][name]
}

fn has_example(schema: &Value) -> bool {
    schema.get("example").is_some() || schema.get("examples").is_some()
}

/// Every property of every component schema has an example. The rule:
/// - a property carries `example` or `examples` itself; or
/// - it is a `$ref` to a component schema (`{"$ref": ...}`, or a `oneOf` of such a `$ref`
///   and `{"type": "null"}` for an optional field), and that referenced schema carries
///   `example` or `examples` at its top level. utoipa 6 writes no example beside a `$ref`
///   (its reference object holds only a description, summary, default, title and the
///   read/write-only flags), so a property typed by another schema (a nested object or an
///   enum) takes the example of that schema, which Swagger UI shows for it.
///
/// Arrays of schemas are not references: they carry their own example.
#[tokio::test]
async fn every_schema_property_has_an_example() {
    let doc = committed();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let mut missing = Vec::new();
    let mut counted = 0;
    for (name, schema) in schemas {
        for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
            counted += 1;
            if has_example(prop) {
                continue;
            }
            let refs: Vec<&str> = match prop["oneOf"].as_array() {
                Some(items) => items
                    .iter()
                    .filter(|x| x["type"] != "null")
                    .map(|x| x["$ref"].as_str().unwrap_or(""))
                    .collect(),
                None => vec![prop["$ref"].as_str().unwrap_or("")],
            };
            let ok = refs
                .iter()
                .all(|r| !r.is_empty() && has_example(referenced(&doc, r)));
            if !ok {
                missing.push(format!("{name}.{field}"));
            }
        }
    }
    assert!(counted > 120, "{counted} properties walked");
    assert!(
        missing.is_empty(),
        "properties without an example: {missing:?}"
    );
}

/// The statuses every operation of the document lists, by path and method.
fn statuses(doc: &Value) -> Vec<(String, String, Vec<String>)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let codes = op["responses"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            out.push((path.clone(), method.clone(), codes));
        }
    }
    out
}

/// Every status the server can send is documented per operation: every path can be asked
/// with a wrong method (405, with `Allow`) or too long a URL (414); every POST job reads a
/// JSON body (400 malformed, 408 not received in time, 413 too large, 415 not JSON, 422
/// invalid) and may run on the blocking pool (429 too
/// busy, with `Retry-After`; 503 engine unavailable), and so may the picture's GET form
/// (which reads its parameters, 422); an unknown variant in the catalogue (the variant, its
/// rules page) is a 404. Every error is documented as a problem+json `Problem`.
#[tokio::test]
async fn every_operation_documents_every_status_it_can_send() {
    let doc = committed();
    let ops = statuses(&doc);
    assert_eq!(ops.len(), 12);
    for (path, method, codes) in &ops {
        let has = |code: &str| codes.iter().any(|c| c == code);
        let op = &doc["paths"][path][method];
        assert!(has("405"), "{method} {path} documents 405: {codes:?}");
        assert!(has("414"), "{method} {path} documents 414: {codes:?}");
        let limit = shogi_arbiter::api::transport::MAX_URL_BYTES.to_string();
        let described = op["responses"]["414"]["description"].as_str().unwrap();
        assert!(described.contains(&limit), "{method} {path}: {described}");
        assert!(op["responses"]["405"]["headers"].get("Allow").is_some());
        if method == "post" {
            for code in [
                "200", "400", "405", "408", "413", "415", "422", "429", "503",
            ] {
                assert!(has(code), "{method} {path} documents {code}: {codes:?}");
            }
            let retry = &op["responses"]["429"]["headers"]["Retry-After"];
            assert_eq!(retry["schema"]["type"], "integer", "{path}: {retry}");
        }
        if path.starts_with("/v1/variants/{variant}") {
            assert!(has("404"), "{codes:?}");
        }
        if path == "/v1/board.svg" && method == "get" {
            for code in ["200", "422", "429", "503"] {
                assert!(has(code), "{method} {path} documents {code}: {codes:?}");
            }
        }
        for code in codes.iter().filter(|c| !c.starts_with('2')) {
            let content = &op["responses"][code]["content"];
            assert_eq!(
                content["application/problem+json"]["schema"]["$ref"],
                "#/components/schemas/Problem",
                "{method} {path} {code}"
            );
        }
    }
}

/// Every documented status of every operation has its own example: each problem status
/// one or more problems of that status (not one composed problem for all), and every
/// other answer an example of its own or a schema Swagger composes one from (whose
/// properties all have examples: `every_schema_property_has_an_example`).
#[tokio::test]
async fn every_documented_status_has_its_own_example() {
    let doc = committed();
    let mut problems = 0;
    for (path, method, codes) in statuses(&doc) {
        for code in codes {
            let response = &doc["paths"][&path][&method]["responses"][&code];
            let content = response["content"].as_object();
            for (media, content) in content.into_iter().flatten() {
                let here = format!("{method} {path} {code} {media}");
                if media == "application/problem+json" {
                    let examples = content["examples"].as_object();
                    assert!(
                        examples.is_some_and(|e| !e.is_empty()),
                        "{here}: no example"
                    );
                    for (name, example) in examples.into_iter().flatten() {
                        let value = &example["value"];
                        assert_eq!(value["status"].to_string(), code, "{here} {name}");
                        let problem_code = value["code"].as_str().unwrap();
                        assert_eq!(
                            value["type"],
                            format!("urn:shogi-arbiter:problem:{problem_code}"),
                            "{here} {name}"
                        );
                        assert_eq!(name, problem_code, "{here}");
                        problems += 1;
                    }
                } else {
                    assert!(
                        content.get("examples").is_some()
                            || content.get("example").is_some()
                            || content.get("schema").is_some(),
                        "{here}: no example and no schema"
                    );
                }
            }
        }
    }
    assert!(problems >= 60, "only {problems} problem examples");
}

/// The rules a verdict's fields follow, as the schemas describe them: a legal verdict has
/// its move and neither refusal; a refused one exactly one of `illegal` and `unreadable`
/// and no move; `gave_check` (a replay verdict's) only on a legal move.
fn check_verdict(verdict: &Value, at: &str) {
    let present = |field: &str| verdict.get(field).is_some_and(|v| !v.is_null());
    if verdict["legal"] == true {
        assert!(
            present("move"),
            "{at}: a legal verdict without its move: {verdict}"
        );
        assert!(
            !present("illegal") && !present("unreadable"),
            "{at}: {verdict}"
        );
        if verdict.get("position_after").is_some() {
            assert!(present("position_after"), "{at}: {verdict}");
        }
    } else {
        assert_eq!(verdict["legal"], false, "{at}: {verdict}");
        assert!(
            present("illegal") != present("unreadable"),
            "{at}: a refusal names one reason: {verdict}"
        );
        assert!(
            !present("move") && !present("position_after"),
            "{at}: {verdict}"
        );
        assert!(!present("gave_check"), "{at}: {verdict}");
    }
}

/// Walks every example in the document (schema, property and response examples) and
/// checks every verdict in it; returns how many it checked.
fn verdicts_in(value: &Value, at: &str, inside_example: bool) -> usize {
    let mut n = 0;
    match value {
        Value::Object(map) => {
            if inside_example
                && map.contains_key("legal")
                && map.get("legal").is_some_and(Value::is_boolean)
            {
                check_verdict(value, at);
                n += 1;
            }
            for (k, v) in map {
                let example = inside_example || k == "example" || k == "examples";
                n += verdicts_in(v, &format!("{at}/{k}"), example);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                n += verdicts_in(v, &format!("{at}/{i}"), inside_example);
            }
        }
        _ => {}
    }
    n
}

/// Verdict examples do not contradict themselves (a "legal" example once carried an
/// `illegal` object): every verdict shown anywhere in the document follows the verdict's
/// rules, the adjudication shows one of each kind, and each verdict schema has an example
/// of its own (else Swagger composes one from every field's example, refusals and all).
#[tokio::test]
async fn verdict_examples_do_not_contradict_themselves() {
    let doc = committed();
    assert!(verdicts_in(&doc, "", false) >= 5);
    let examples = &doc["paths"]["/v1/adjudicate"]["post"]["responses"]["200"]["content"]
        ["application/json"]["examples"];
    for (kind, legal) in [("legal", true), ("illegal", false), ("unreadable", false)] {
        let v = &examples[kind]["value"];
        assert_eq!(v["legal"], legal, "{kind}");
        if !legal {
            assert!(v[kind].is_object(), "{kind}: {v}");
        }
    }
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        if schema["properties"].get("legal").is_some() {
            assert!(
                schema.get("example").is_some(),
                "{name} has no example of its own"
            );
        }
    }
}

/// The Swagger UI page is configured with `validatorUrl: null` (issue 13), so the page
/// never sends the document's address to validator.swagger.io; the page itself still
/// answers.
#[tokio::test]
async fn swagger_ui_calls_no_outside_validator() {
    let app = spawn_app().await;
    let resp = app
        .client
        .get(format!("{}/docs/swagger-initializer.js", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let script = resp.text().await.unwrap();
    assert!(script.contains(r#""validatorUrl": null"#), "{script}");
    assert!(!script.contains("validator.swagger.io"), "{script}");
    let page = app.get("/docs/").await;
    assert_eq!(page.status, 200, "{page:?}");
    assert!(page.content_type.starts_with("text/html"), "{page:?}");
    assert!(script.contains(r#""url": "/openapi.json""#), "{script}");
}

/// The schema's variant ids are exactly the variants the engine plays (so a generated
/// client offers every one and no other).
#[tokio::test]
async fn the_variant_enum_is_the_engines_list() {
    let doc = committed();
    let ids: Vec<&str> = doc["components"]["schemas"]["VariantId"]["enum"]
        .as_array()
        .expect("VariantId is an enum")
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(ids, shogi_arbiter::engine::variant::VARIANT_IDS);
    let app = spawn_app().await;
    let listed = app.get("/v1/variants").await;
    let served: Vec<&str> = listed
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, served);
}

/// `rules.profile`'s description names every profile of every variant, as each variant's
/// catalogue serves them (the default first), and no variant is left out.
#[tokio::test]
async fn the_profile_description_lists_every_variants_profiles() {
    let doc = committed();
    let description = doc["components"]["schemas"]["RulesInput"]["properties"]["profile"]
        ["description"]
        .as_str()
        .expect("rules.profile is described");
    let (_, list) = description
        .split_once("): ")
        .expect("the description ends with the list");
    let entries: Vec<&str> = list.trim_end_matches('.').split("; ").collect();
    let app = spawn_app().await;
    let listed = app.get("/v1/variants").await;
    let mut expected = Vec::new();
    for summary in listed.body.as_array().unwrap() {
        let id = summary["id"].as_str().unwrap();
        let detail = app.get(&format!("/v1/variants/{id}")).await;
        let profiles: Vec<&str> = detail.body["profiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        assert_eq!(
            Some(&profiles[0]),
            detail.body["default_profile"].as_str().as_ref()
        );
        let names: Vec<String> = profiles.iter().map(|p| format!("`{p}`")).collect();
        expected.push(format!("{id}: {}", names.join(", ")));
    }
    assert_eq!(expected.len(), VARIANT_IDS.len(), "{expected:?}");
    assert_eq!(entries, expected, "{description}");
}

/// A request that takes a position in either form says in its schema that the two forms
/// exclude each other (the server answers both with 422 `ambiguous_position`).
#[tokio::test]
async fn the_two_position_forms_exclude_each_other_in_the_schema() {
    let doc = committed();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let mut seen = Vec::new();
    for (name, schema) in schemas {
        let has = |field: &str| schema["properties"].get(field).is_some();
        if !(has("position") && has("start")) {
            continue;
        }
        seen.push(name.as_str());
        // Each branch: both fields present and not null (edges.rs checks the branches
        // against the server).
        let forbidden: Vec<Value> = schema["not"]["anyOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|branch| branch["required"].clone())
            .collect();
        assert!(forbidden.contains(&json!(["position", "start"])), "{name}");
        assert!(forbidden.contains(&json!(["position", "moves"])), "{name}");
    }
    assert_eq!(
        seen,
        [
            "AdjudicateRequest",
            "BoardPictureRequest",
            "LegalMovesRequest",
            "PerftRequest"
        ]
    );
    let app = spawn_app().await;
    let both = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": "25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25 b - 1", "moves": []}),
        )
        .await;
    assert_problem(&both, 422, "ambiguous_position");
}
