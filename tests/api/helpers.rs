//! `spawn_app()`: the service on a free port, and request helpers.

use serde_json::Value;
use shogi_arbiter::config::{Limits, Settings};
use shogi_arbiter::startup::Application;
use std::time::Duration;

/// A running app and a client for it.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
}

/// Starts the service on port 0 with default limits.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(Limits::default()).await
}

/// Starts the service on port 0 with the given limits.
pub async fn spawn_app_with(limits: Limits) -> TestApp {
    spawn_app_set(Settings {
        limits,
        ..Settings::default()
    })
    .await
}

/// Starts the service with the given settings, on port 0 with two workers.
pub async fn spawn_app_set(settings: Settings) -> TestApp {
    let settings = Settings {
        port: 0,
        workers: 2,
        ..settings
    };
    let app = Application::build(&settings).expect("the app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client"),
    }
}

/// Limits without a perft node budget, for tests that need an engine call longer than
/// any deadline they set (the budget would refuse it before it starts).
pub fn unbudgeted() -> Limits {
    Limits {
        perft_node_budget: u64::MAX,
        ..Limits::default()
    }
}

/// A perft count far too long for any deadline a test sets, even in an optimised build
/// (tai, depth 4: billions of nodes); it needs [`unbudgeted`] limits.
pub fn long_perft() -> Value {
    serde_json::json!({"variant": "tai", "depth": 4})
}

/// An answer: status, content type, parsed body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
    /// The body as received.
    pub raw: Vec<u8>,
}

impl TestApp {
    /// POSTs a JSON value.
    pub async fn post(&self, path: &str, body: &Value) -> Answer {
        self.post_raw(path, serde_json::to_vec(body).unwrap(), "application/json")
            .await
    }

    /// POSTs raw bytes with a content type.
    pub async fn post_raw(&self, path: &str, body: Vec<u8>, content_type: &str) -> Answer {
        let resp = self
            .client
            .post(format!("{}{path}", self.address))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("request sent");
        answer(resp).await
    }

    /// Sends a request without a body.
    pub async fn request(&self, method: reqwest::Method, path: &str) -> Answer {
        let resp = self
            .client
            .request(method, format!("{}{path}", self.address))
            .send()
            .await
            .expect("request sent");
        answer(resp).await
    }

    /// GETs a path.
    pub async fn get(&self, path: &str) -> Answer {
        let resp = self
            .client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("request sent");
        answer(resp).await
    }
}

async fn answer(resp: reqwest::Response) -> Answer {
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let raw = resp.bytes().await.expect("body").to_vec();
    let body = serde_json::from_slice(&raw).unwrap_or(Value::Null);
    Answer {
        status,
        content_type,
        headers,
        body,
        raw,
    }
}

/// Asserts a problem+json answer with status and code.
pub fn assert_problem(a: &Answer, status: u16, code: &str) {
    assert_eq!(a.status, status, "{a:?}");
    assert_eq!(a.content_type, "application/problem+json", "{a:?}");
    assert_eq!(a.body["code"], code, "{a:?}");
    assert_eq!(a.body["status"], status);
    assert_eq!(a.body["type"], format!("urn:shogi-arbiter:problem:{code}"));
    assert!(a.body["title"].is_string() && a.body["detail"].is_string());
}

/// The catalogue entry of a built-in variant, checked the same way for each: `GET
/// /v1/variants` lists `id` with its `name` and a `size`×`size` board, and `GET
/// /v1/variants/{id}` answers that board, the `start` position, the first of `profiles` as
/// the default and `profiles` in order. Returns the second answer's body.
pub async fn catalogue_entry(
    app: &TestApp,
    id: &str,
    name: &str,
    size: u64,
    start: &str,
    profiles: &[&str],
) -> Value {
    let list = app.get("/v1/variants").await;
    assert_eq!(list.status, 200);
    let row = serde_json::json!({"id": id, "name": name, "files": size, "ranks": size});
    assert!(
        list.body.as_array().unwrap().contains(&row),
        "{}",
        list.body
    );
    let v = app.get(&format!("/v1/variants/{id}")).await;
    assert_eq!(v.status, 200, "{v:?}");
    assert_eq!(v.body["board"]["files"], size);
    assert_eq!(v.body["board"]["ranks"], size);
    assert_eq!(v.body["start_position"], start);
    assert_eq!(v.body["default_profile"], profiles[0]);
    assert_eq!(v.body["profiles"], serde_json::json!(profiles));
    v.body
}

/// The option names of a catalogue entry, in its order.
pub fn option_names(entry: &Value) -> Vec<&str> {
    entry["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect()
}

/// The per-profile defaults of option `name` in a catalogue entry.
pub fn option_defaults<'a>(entry: &'a Value, name: &str) -> &'a Value {
    let options = entry["options"].as_array().unwrap();
    &options.iter().find(|o| o["name"] == name).unwrap()["defaults"]
}
