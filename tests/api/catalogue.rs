//! The catalogue: variant list and tai's board, start position, profiles, options, pieces.

use crate::helpers::{assert_problem, spawn_app};

#[tokio::test]
async fn lists_variants_and_describes_tai() {
    let app = spawn_app().await;
    let list = app.get("/v1/variants").await;
    assert_eq!(list.status, 200);
    assert_eq!(list.body[0]["id"], "tai");
    assert_eq!(list.body[0]["files"], 25);
    let tai = app.get("/v1/variants/tai").await;
    assert_eq!(tai.status, 200);
    assert_eq!(tai.body["board"]["ranks"], 25);
    assert_eq!(tai.body["default_profile"], "wikipedia");
    assert_eq!(
        tai.body["profiles"],
        serde_json::json!(["wikipedia", "japanese", "tsa"])
    );
    let start = tai.body["start_position"].as_str().unwrap();
    assert!(start.ends_with(" b - 1"));
    assert!(start.contains("L,TS,W,FD,LO,D,R,DH,DK,Q,G,DV,E,DS,G,Q,DK,DH,R,D,LO,FD,W,WT,L b"));
    let options = tai.body["options"].as_array().unwrap();
    assert_eq!(options.len(), 20);
    let emperor = options
        .iter()
        .find(|o| o["name"] == "emperor_capture")
        .unwrap();
    assert_eq!(emperor["defaults"]["tsa"], "unprotected");
    assert!(emperor["description"].as_str().unwrap().contains("A18"));
    let pieces = tai.body["pieces"].as_array().unwrap();
    assert_eq!(
        pieces
            .iter()
            .filter(|p| p["promoted_only"] == false)
            .count(),
        93
    );
    let lion = pieces.iter().find(|p| p["code"] == "LN").unwrap();
    assert_eq!(lion["kanji"], "獅子");
    assert_eq!(lion["movement"], "lion");
    assert_eq!(lion["promotes"]["en"], "FF");
    let emperor = pieces.iter().find(|p| p["code"] == "E").unwrap();
    assert_eq!(emperor["royal"], true);
    assert_eq!(emperor["promotes"]["en"], serde_json::Value::Null);
}

#[tokio::test]
async fn unknown_variant_is_a_404_listing_the_valid_ones() {
    let app = spawn_app().await;
    let a = app.get("/v1/variants/chess").await;
    assert_problem(&a, 404, "unknown_variant");
    assert_eq!(a.body["valid"], serde_json::json!(["tai", "chu"]));
}
