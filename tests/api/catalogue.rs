//! The catalogue: variant list and tai's board, start position, profiles, options, pieces;
//! every option value of tai, chu, tenjiku, dai, dai dai and maka dai dai with its meaning and
//! sources, every profile described.

use crate::helpers::{assert_problem, spawn_app};
use serde_json::Value;
use std::collections::BTreeSet;

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
    assert_eq!(
        a.body["valid"],
        serde_json::json!([
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

/// The strings of a JSON array.
fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap_or_else(|| panic!("{v} is an array"))
        .iter()
        .map(|x| x.as_str().expect("a string"))
        .collect()
}

#[tokio::test]
async fn every_option_value_has_a_meaning_and_sources_and_every_profile_a_description() {
    let app = spawn_app().await;
    for id in [
        "tai",
        "chu",
        "tenjiku",
        "dai",
        "dai-dai",
        "maka-dai-dai",
        "ko",
    ] {
        let v = app.get(&format!("/v1/variants/{id}")).await.body;
        let profiles = strings(&v["profiles"]);
        let details = v["profile_details"].as_array().unwrap();
        let named: Vec<&str> = details
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            named, profiles,
            "{id}: one description per profile, in order"
        );
        for p in details {
            assert!(!p["description"].as_str().unwrap().is_empty(), "{id}: {p}");
        }
        let sources: BTreeSet<&str> = v["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert!(!s["description"].as_str().unwrap().is_empty(), "{id}: {s}");
                s["name"].as_str().unwrap()
            })
            .collect();
        let mut cited = BTreeSet::new();
        for o in v["options"].as_array().unwrap() {
            let name = o["name"].as_str().unwrap();
            let values = strings(&o["values"]);
            let choices = o["choices"].as_array().unwrap();
            let chosen: Vec<&str> = choices
                .iter()
                .map(|c| c["value"].as_str().unwrap())
                .collect();
            assert_eq!(
                chosen, values,
                "{id} {name}: one choice per value, in order"
            );
            for c in choices {
                assert!(
                    !c["meaning"].as_str().unwrap().is_empty(),
                    "{id} {name}: {c}"
                );
                let by = strings(&c["sources"]);
                assert!(!by.is_empty(), "{id} {name}: {c}");
                for s in by {
                    assert!(sources.contains(s), "{id} {name}: `{s}` is a listed source");
                    cited.insert(s);
                }
            }
            let defaults = o["defaults"].as_object().unwrap();
            let keys: BTreeSet<&str> = defaults.keys().map(String::as_str).collect();
            assert_eq!(keys, profiles.iter().copied().collect(), "{id} {name}");
            for d in defaults.values() {
                assert!(values.contains(&d.as_str().unwrap()), "{id} {name}: {d}");
            }
        }
        assert_eq!(cited, sources, "{id}: every listed source is cited");
    }
}

/// The choice of `value` for option `name` of a variant's catalogue.
fn choice<'a>(variant: &'a Value, name: &str, value: &str) -> &'a Value {
    let option = variant["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name)
        .unwrap_or_else(|| panic!("option {name}"));
    option["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["value"] == value)
        .unwrap_or_else(|| panic!("{name} = {value}"))
}

/// The default of option `name` under each profile.
fn defaults<'a>(variant: &'a Value, name: &str) -> &'a Value {
    &variant["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name)
        .unwrap()["defaults"]
}

#[tokio::test]
async fn the_sources_are_those_of_the_rules_pages() {
    let app = spawn_app().await;
    let chu = app.get("/v1/variants/chu").await.body;
    // chu_lishogi.md section 7: repetition is ruled by lishogi's server only; section 9:
    // HaChu forbids any recurrence.
    assert_eq!(
        strings(&choice(&chu, "repetition", "lishogi")["sources"]),
        ["scalashogi"]
    );
    assert_eq!(
        strings(&choice(&chu, "repetition", "no_repeat")["sources"]),
        ["HaChu"]
    );
    assert_eq!(
        defaults(&chu, "repetition"),
        &serde_json::json!({"lishogi": "lishogi", "hachu": "no_repeat"})
    );
    let scalashogi = chu["sources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "scalashogi")
        .unwrap();
    let text = scalashogi["description"].as_str().unwrap();
    assert!(text.contains("lishogi's server"), "{text}");
    // Section 4.2: the doomed protector is lishogi's (the Chu Shogi Renmei's) reading, HaChu
    // judges after the move; section 4.4: Okazaki is HaChu's option.
    let before = strings(&choice(&chu, "lion_protection", "before_move")["sources"]);
    assert!(
        before.contains(&"shogiops") && before.contains(&"JCSA"),
        "{before:?}"
    );
    assert!(strings(&choice(&chu, "lion_protection", "after_move")["sources"]).contains(&"HaChu"));
    assert!(strings(&choice(&chu, "counter_strike", "okazaki")["sources"]).contains(&"HaChu"));
    assert_eq!(
        strings(&choice(&chu, "promoted_kirin_recapture", "forbidden")["sources"]),
        ["HaChu"]
    );
    assert_eq!(chu["profile_details"][1]["name"], "hachu");
    assert!(chu["profile_details"][1]["description"]
        .as_str()
        .unwrap()
        .contains("HaChu"));

    let tai = app.get("/v1/variants/tai").await.body;
    // tai.md: the emperor takes only unprotected pieces under every profile (A18: seed 001
    // and Evans; seed 000 restricts only the capture of royals).
    assert_eq!(
        defaults(&tai, "emperor_capture"),
        &serde_json::json!({"wikipedia": "unprotected", "japanese": "unprotected", "tsa": "unprotected"})
    );
    assert_eq!(
        strings(&choice(&tai, "emperor_capture", "unprotected")["sources"]),
        ["seed 001", "Evans"]
    );
    assert_eq!(
        strings(&choice(&tai, "emperor_capture", "royals_only")["sources"]),
        ["seed 000"]
    );
    // A7: the plain range-3 lion dog is Evans' and the TSA's; A20: the JCSA rule is seed
    // 000's, no contest seed 001's.
    let range3 = strings(&choice(&tai, "lion_dog", "range3")["sources"]);
    assert!(
        range3.contains(&"Evans") && range3.contains(&"TSA"),
        "{range3:?}"
    );
    let jcsa = strings(&choice(&tai, "repetition", "jcsa")["sources"]);
    assert!(
        jcsa.contains(&"seed 000") && jcsa.contains(&"JCSA"),
        "{jcsa:?}"
    );
    assert_eq!(
        strings(&choice(&tai, "repetition", "fourfold_no_contest")["sources"]),
        ["seed 001"]
    );
    assert_eq!(
        defaults(&tai, "repetition")["japanese"],
        "fourfold_no_contest"
    );
    let tsa = &tai["profile_details"][2];
    assert_eq!(tsa["name"], "tsa");
    assert!(tsa["description"].as_str().unwrap().contains("Evans"));
}

/// `GET /v1/variants/{id}/rules` with an `Accept` header.
async fn rules_page(
    app: &crate::helpers::TestApp,
    id: &str,
    accept: Option<&str>,
) -> (u16, String, String) {
    let mut request = app
        .client
        .get(format!("{}/v1/variants/{id}/rules", app.address));
    if let Some(accept) = accept {
        request = request.header("accept", accept);
    }
    let resp = request.send().await.expect("request sent");
    let status = resp.status().as_u16();
    let content_type = resp
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    assert_eq!(
        resp.headers().get("vary").and_then(|v| v.to_str().ok()),
        (status == 200).then_some("Accept"),
        "the answer depends on Accept"
    );
    (status, content_type, resp.text().await.expect("text"))
}

#[tokio::test]
async fn every_variant_serves_its_committed_rules_page_as_markdown() {
    let app = spawn_app().await;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for id in shogi_arbiter::engine::variant::VARIANT_IDS {
        let (status, content_type, body) = rules_page(&app, id, None).await;
        assert_eq!(status, 200, "{id}");
        assert_eq!(content_type, "text/markdown; charset=utf-8", "{id}");
        let committed = std::fs::read_to_string(root.join(format!("docs/rules/{id}.md"))).unwrap();
        assert!(
            body == committed,
            "{id}: the served page is docs/rules/{id}.md"
        );
    }
    let (_, _, chu) = rules_page(&app, "chu", Some("*/*")).await;
    assert!(chu.starts_with("# Chu shogi (中将棋)\n"));
    assert!(
        chu.contains("| `N` | Lion | 獅子 (shishi) | lion move:"),
        "the lion's row"
    );
    assert!(chu.contains("### `lion_protection`"));
    assert!(
        chu.contains("| `after_move` |"),
        "each value of each option"
    );
}

#[tokio::test]
async fn a_client_that_prefers_html_gets_the_page_as_html() {
    let app = spawn_app().await;
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    let (status, content_type, html) = rules_page(&app, "chu", Some(browser)).await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/html; charset=utf-8");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<title>Chu shogi (中将棋)</title>"));
    assert!(html.contains("<h2 id=\"capturing-lions\">Capturing lions</h2>"));
    assert!(
        html.contains("<a href=\"../tai/rules#kinds-of-movement\">"),
        "a link to another rules page leads to its route"
    );
    assert!(html.contains("<td><code>N</code></td><td>Lion</td>"));
    assert!(!html.contains("{{") && !html.contains("<!--"));
    for accept in [
        "text/markdown, text/html;q=0.9",
        "text/*",
        "application/json",
        "text/html;q=0",
    ] {
        let (_, content_type, _) = rules_page(&app, "chu", Some(accept)).await;
        assert_eq!(
            content_type, "text/markdown; charset=utf-8",
            "Accept: {accept}"
        );
    }
    let (_, content_type, _) =
        rules_page(&app, "chu", Some("text/markdown;q=0.5, text/html")).await;
    assert_eq!(content_type, "text/html; charset=utf-8");
}

#[tokio::test]
async fn the_rules_of_an_unknown_variant_are_a_404_problem() {
    let app = spawn_app().await;
    let a = app.get("/v1/variants/chess/rules").await;
    assert_problem(&a, 404, "unknown_variant");
    assert_eq!(a.body["valid"][0], "tai");
}
