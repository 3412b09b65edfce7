//! The conformance runner's HTTP client (reqwest, blocking): JSON posted to a server of the
//! same OpenAPI contract, a 429 retried after its `Retry-After`, any other failure told in
//! words.

use serde_json::Value;
use std::time::Duration;

/// How often a call answered 429 `too_busy` is retried.
const BUSY_RETRIES: u32 = 20;

/// A server under test.
pub struct Client {
    base: String,
    http: reqwest::blocking::Client,
}

impl Client {
    /// A client of the server at `base` (`http://host:port`, no trailing slash needed).
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(base: &str) -> Result<Client, String> {
        let http = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        Ok(Client {
            base: base.trim_end_matches('/').to_string(),
            http,
        })
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Posts `body` to `path` and returns the JSON answer of a 200.
    ///
    /// # Errors
    /// A transport failure, a status other than 200 (with the problem's `code` and
    /// `detail` when the body has them), or a body that is not JSON.
    pub fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        let url = format!("{}{path}", self.base);
        let mut tries = 0;
        loop {
            let answer = self
                .http
                .post(&url)
                .json(body)
                .send()
                .map_err(|e| format!("POST {path}: {e}"))?;
            let status = answer.status();
            if status.as_u16() == 429 && tries < BUSY_RETRIES {
                tries += 1;
                let wait = answer
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<u64>().ok())
                    .unwrap_or(1);
                std::thread::sleep(Duration::from_millis(wait.clamp(1, 5) * 200));
                continue;
            }
            let text = answer
                .text()
                .map_err(|e| format!("POST {path}: reading the answer: {e}"))?;
            if !status.is_success() {
                let problem: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                let detail = match (problem["code"].as_str(), problem["detail"].as_str()) {
                    (Some(code), Some(detail)) => format!("{code}: {detail}"),
                    _ => text.chars().take(200).collect(),
                };
                return Err(format!("POST {path}: {status}: {detail}"));
            }
            return serde_json::from_str(&text)
                .map_err(|e| format!("POST {path}: the answer is not JSON: {e}"));
        }
    }

    /// A ready-to-run curl command posting `body` to `path`.
    pub fn curl(&self, path: &str, body: &Value) -> String {
        let json = body.to_string().replace('\'', "'\\''");
        format!(
            "curl -s -X POST {}{path} -H 'content-type: application/json' -d '{json}'",
            self.base
        )
    }
}
