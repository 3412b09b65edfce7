//! The OpenAPI document: the committed file equals the generated one and the served one;
//! every request example in it is a real request that succeeds.

use crate::helpers::spawn_app;
use serde_json::Value;

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
    assert_eq!(sent, 4);
}
