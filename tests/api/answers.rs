//! How answers are shaped for the people and programs that read them: one order for every
//! list of moves, `gives_check` on each listed move, the compact `format: text`, gzip
//! answers, and CORS for browser pages.

use crate::helpers::{spawn_app, spawn_app_set, TestApp};
use serde_json::{json, Value};
use shogi_arbiter::config::Settings;
use std::io::Read as _;

/// The move texts of a legal-moves answer in either format.
fn texts(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().or(m["move"].as_str()).unwrap().to_string())
        .collect()
}

fn is_byte_sorted(list: &[String]) -> bool {
    list.windows(2).all(|w| w[0].as_bytes() < w[1].as_bytes())
}

/// legal-moves (objects and text) and perft's divide (objects and text) list the same
/// position's moves in one order: ascending by machine text, byte by byte.
#[tokio::test]
async fn every_list_of_moves_takes_the_same_order() {
    let app = spawn_app().await;
    for (variant, moves) in [
        ("tai", json!([])),
        ("chu", json!([])),
        ("tenjiku", json!([])),
        ("ko", json!([])),
        ("dai-dai", json!([])),
    ] {
        let base = json!({"variant": variant, "moves": moves});
        let with = |extra: Value| {
            let mut body = base.clone();
            body.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            body
        };
        let objects = app.post("/v1/legal-moves", &base).await;
        assert_eq!(objects.status, 200, "{variant}: {objects:?}");
        let text = app
            .post("/v1/legal-moves", &with(json!({"format": "text"})))
            .await;
        assert_eq!(text.status, 200, "{variant}: {text:?}");
        let divide = app
            .post("/v1/perft", &with(json!({"depth": 1, "divide": true})))
            .await;
        assert_eq!(divide.status, 200, "{variant}: {divide:?}");
        let divide_text = app
            .post(
                "/v1/perft",
                &with(json!({"depth": 1, "divide": true, "format": "text"})),
            )
            .await;
        assert_eq!(divide_text.status, 200, "{variant}: {divide_text:?}");

        let listed = texts(&objects.body["moves"]);
        assert!(is_byte_sorted(&listed), "{variant}: {listed:?}");
        assert_eq!(listed.len() as u64, objects.body["count"].as_u64().unwrap());
        assert!(text.body["moves"].as_array().unwrap()[0].is_string());
        assert_eq!(texts(&text.body["moves"]), listed, "{variant}");
        assert_eq!(text.body["count"], objects.body["count"], "{variant}");
        assert_eq!(texts(&divide.body["divide"]), listed, "{variant}");
        assert_eq!(divide.body["nodes"], objects.body["count"], "{variant}");
        let rows: Vec<String> = divide.body["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("{} {}", r["move"].as_str().unwrap(), r["nodes"]))
            .collect();
        assert_eq!(texts(&divide_text.body["divide"]), rows, "{variant}");
        assert_eq!(divide_text.body["nodes"], divide.body["nodes"]);
    }
}

/// A bare tai position, White to move: White's prince on 25a and rook on 5c; Black's
/// prince on 1y and, when `emperor`, Black's emperor on 25y.
fn rook_and_princes(emperor: bool) -> String {
    let mut ranks = vec!["cp,24".to_string(), "25".into(), "20,r,4".into()];
    ranks.extend(std::iter::repeat_n("25".to_string(), 21));
    ranks.push(if emperor { "E,23,CP" } else { "24,CP" }.into());
    format!("{} w - 1", ranks.join("/"))
}

async fn listed(app: &TestApp, position: &str) -> Vec<Value> {
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": position}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    a.body["moves"].as_array().unwrap().clone()
}

fn gives_check(moves: &[Value], text: &str) -> bool {
    let m = moves.iter().find(|m| m["move"] == text).unwrap();
    m["gives_check"].as_bool().unwrap()
}

/// tai.md: a side is in check when the opponent could next leave it with no royal; with
/// emperor and prince both alive a threat against one is not check. The rook to 1c
/// attacks the prince on 1y down the file: check against a lone prince, none while the
/// emperor stands. Every listed move says what adjudicating it says of the status after.
#[tokio::test]
async fn each_listed_move_says_whether_it_gives_check() {
    let app = spawn_app().await;
    let alone = rook_and_princes(false);
    let moves = listed(&app, &alone).await;
    assert!(gives_check(&moves, "5c1c"));
    assert!(!gives_check(&moves, "5c2c"));
    assert!(!gives_check(
        &listed(&app, &rook_and_princes(true)).await,
        "5c1c"
    ));
    let checking: Vec<&Value> = moves.iter().filter(|m| m["gives_check"] == true).collect();
    // The rook on file 1 or rank y; the prince on 25a cannot reach Black's.
    assert!(checking.iter().all(|m| m["from"] == "5c"), "{checking:?}");
    for m in &moves {
        let verdict = app
            .post(
                "/v1/adjudicate",
                &json!({"variant": "tai", "position": alone, "move": m["move"]}),
            )
            .await;
        assert_eq!(verdict.body["legal"], true, "{verdict:?}");
        assert_eq!(
            verdict.body["status"]["in_check"], m["gives_check"],
            "{}",
            m["move"]
        );
        assert_eq!(verdict.body["move"]["gives_check"], m["gives_check"]);
    }
}

async fn legal_moves_gzip(app: &TestApp, accept: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .post(format!("{}/v1/legal-moves", app.address))
        .json(&json!({"variant": "tai"}));
    if let Some(accept) = accept {
        req = req.header("accept-encoding", accept);
    }
    req.send().await.unwrap()
}

/// A client that accepts gzip gets the tai start list gzip-coded, the same JSON once
/// decoded and much smaller; one that does not gets it plain; both are told the answer
/// varies with `Accept-Encoding`. A short answer is not compressed.
#[tokio::test]
async fn answers_are_gzip_coded_when_the_client_accepts_it() {
    let app = spawn_app().await;
    let plain = legal_moves_gzip(&app, None).await;
    assert_eq!(plain.status(), 200);
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain = plain.bytes().await.unwrap();

    for accept in ["gzip", "br, gzip;q=0.5", "*"] {
        let coded = legal_moves_gzip(&app, Some(accept)).await;
        assert_eq!(coded.status(), 200);
        assert_eq!(coded.headers()["content-encoding"], "gzip", "{accept}");
        assert_eq!(coded.headers()["vary"], "accept-encoding");
        let coded = coded.bytes().await.unwrap();
        assert!(
            coded.len() * 5 < plain.len(),
            "{} {}",
            coded.len(),
            plain.len()
        );
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&coded[..])
            .read_to_end(&mut decoded)
            .unwrap();
        let decoded: Value = serde_json::from_slice(&decoded).unwrap();
        assert_eq!(decoded, serde_json::from_slice::<Value>(&plain).unwrap());
    }
    for refused in ["identity", "gzip;q=0", "br"] {
        let a = legal_moves_gzip(&app, Some(refused)).await;
        assert!(a.headers().get("content-encoding").is_none(), "{refused}");
    }
    let health = app
        .client
        .get(format!("{}/healthz", app.address))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
    assert!(health.headers().get("content-encoding").is_none());
    assert!(health.headers().get("vary").is_none());
}

async fn preflight(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/v1/legal-moves", app.address),
        )
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .unwrap()
}

async fn from_origin(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .post(format!("{}/v1/legal-moves", app.address))
        .header("origin", origin)
        .json(&json!({"variant": "chu"}))
        .send()
        .await
        .unwrap()
}

const ALLOW_ORIGIN: &str = "access-control-allow-origin";

/// CORS is off by default: no answer carries a CORS header, and a preflight is not
/// answered as one.
#[tokio::test]
async fn cors_is_off_by_default() {
    let app = spawn_app().await;
    let pre = preflight(&app, "https://a.example").await;
    assert_ne!(pre.status(), 204);
    assert!(pre.headers().get(ALLOW_ORIGIN).is_none());
    let a = from_origin(&app, "https://a.example").await;
    assert_eq!(a.status(), 200);
    assert!(a.headers().get(ALLOW_ORIGIN).is_none());
}

/// With `--cors-origins`, a listed origin's preflight is answered 204 with the methods and
/// headers, and its requests are marked; an origin not listed gets no CORS header; `*`
/// allows any origin.
#[tokio::test]
async fn cors_allows_the_origins_listed() {
    let listed = |origins: &[&str]| Settings {
        cors_origins: origins.iter().map(|s| (*s).to_string()).collect(),
        ..Settings::default()
    };
    let app = spawn_app_set(listed(&["https://a.example", "http://localhost:3000"])).await;
    let pre = preflight(&app, "http://localhost:3000").await;
    assert_eq!(pre.status(), 204);
    let h = pre.headers();
    assert_eq!(h[ALLOW_ORIGIN], "http://localhost:3000");
    assert!(h["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .contains("POST"));
    assert!(h["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .contains("content-type"));
    assert!(h.get("access-control-max-age").is_some());
    let a = from_origin(&app, "https://a.example").await;
    assert_eq!(a.status(), 200);
    assert_eq!(a.headers()[ALLOW_ORIGIN], "https://a.example");
    assert!(a.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .contains("x-request-id"));
    assert!(a
        .headers()
        .get_all("vary")
        .iter()
        .any(|v| v.to_str().unwrap().contains("origin")));
    let other = preflight(&app, "https://b.example").await;
    assert!(other.headers().get(ALLOW_ORIGIN).is_none());
    let other = from_origin(&app, "https://b.example").await;
    assert_eq!(other.status(), 200);
    assert!(other.headers().get(ALLOW_ORIGIN).is_none());

    let any = spawn_app_set(listed(&["*"])).await;
    let pre = preflight(&any, "https://b.example").await;
    assert_eq!(pre.status(), 204);
    assert_eq!(pre.headers()[ALLOW_ORIGIN], "*");
    let a = from_origin(&any, "https://c.example").await;
    assert_eq!(a.headers()[ALLOW_ORIGIN], "*");
}
