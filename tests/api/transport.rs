//! Transport limits over a raw connection: a stalled body (408 problem+json, closed), a
//! stalled head, first or later on a kept-alive connection (an empty 408, closed),
//! keep-alive, a client that does not read its answer (dropped), the bound on open
//! connections (503 problem+json past it), a long URL (414 problem+json, or actix-http's
//! empty 400 past 64 KiB) and oversized heads (actix-http's empty 431). Every client read
//! and loop is bounded, so a failing test cannot hang.

use crate::helpers::{assert_problem, spawn_app_with, TestApp};
use shogi_arbiter::api::transport::MAX_URL_BYTES;
use shogi_arbiter::config::Limits;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// How long a client waits for the server before the test fails.
const PATIENCE: Duration = Duration::from_secs(5);

/// Short timeouts, so that each test takes about a second.
fn short() -> Limits {
    Limits {
        header_timeout: Duration::from_millis(500),
        body_timeout: Duration::from_millis(500),
        keep_alive: Duration::from_millis(500),
        disconnect_timeout: Duration::from_millis(500),
        ..Limits::default()
    }
}

/// What a raw client saw: the bytes received, when the first of them came and when the
/// server closed the connection (times since the client's last byte was sent), if it did
/// within [`PATIENCE`].
struct Seen {
    text: String,
    answered_after: Option<Duration>,
    closed_after: Option<Duration>,
}

impl Seen {
    fn status(&self) -> u16 {
        self.text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {:?}", self.text))
    }

    fn header(&self, name: &str) -> Option<&str> {
        let head = self.text.split("\r\n\r\n").next()?;
        head.lines().skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }

    fn body(&self) -> &str {
        self.text.split_once("\r\n\r\n").map_or("", |(_, b)| b)
    }
}

/// Sends `bytes` (more stay unsent: the client stalls) and reads until the server closes.
async fn stall(app: &TestApp, bytes: Vec<u8>) -> Seen {
    let addr = app.address.trim_start_matches("http://").to_string();
    tokio::task::spawn_blocking(move || stall_on(&addr, &bytes))
        .await
        .expect("the client ran")
}

/// [`stall`] on a blocking thread.
fn stall_on(addr: &str, bytes: &[u8]) -> Seen {
    {
        let mut stream = TcpStream::connect(addr).expect("connects");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        stream.write_all(bytes).expect("sent");
        let sent = Instant::now();
        let mut received = Vec::new();
        let mut answered_after = None;
        let mut buf = [0u8; 4096];
        let closed_after = loop {
            match stream.read(&mut buf) {
                Ok(0) => break Some(sent.elapsed()),
                Ok(n) => {
                    answered_after.get_or_insert_with(|| sent.elapsed());
                    received.extend_from_slice(&buf[..n]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                    break Some(sent.elapsed())
                }
                Err(_) => break None,
            }
        };
        Seen {
            text: String::from_utf8_lossy(&received).into_owned(),
            answered_after,
            closed_after,
        }
    }
}

fn assert_within(after: Option<Duration>, from: Duration, to: Duration) {
    let after = after.expect("the server answered and closed the connection");
    assert!(from <= after && after <= to, "after {after:?}");
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[tokio::test]
async fn a_stalled_body_is_answered_408_problem_and_closed() {
    let app = spawn_app_with(short()).await;
    let head = "POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                Content-Length: 100\r\nx-request-id: stalled-body\r\n\r\n";
    let seen = stall(&app, format!("{head}{{\"variant\"").into_bytes()).await;
    assert_eq!(seen.status(), 408, "{}", seen.text);
    assert_eq!(
        seen.header("content-type"),
        Some("application/problem+json")
    );
    assert_eq!(seen.header("x-request-id"), Some("stalled-body"));
    let body: serde_json::Value = serde_json::from_str(seen.body()).expect("a JSON body");
    assert_eq!(body["code"], "body_timeout");
    assert_eq!(body["status"], 408);
    // Answered at the body timeout; closed when the client has not closed its side within
    // the disconnect timeout.
    assert_within(seen.answered_after, ms(450), ms(900));
    assert_within(seen.closed_after, ms(450), ms(1800));
    let health = app.get("/healthz").await;
    assert_eq!(health.status, 200);
}

#[tokio::test]
async fn a_body_in_time_is_read_whole() {
    let app = spawn_app_with(short()).await;
    let a = app
        .post(
            "/v1/legal-moves",
            &serde_json::json!({"variant": "tai", "rules": {"profile": "x"}}),
        )
        .await;
    assert_problem(&a, 422, "unknown_profile");
}

#[tokio::test]
async fn a_stalled_head_is_answered_an_empty_408_and_closed() {
    let app = spawn_app_with(short()).await;
    let seen = stall(&app, b"GET /heal".to_vec()).await;
    assert_eq!(seen.status(), 408, "{}", seen.text);
    assert_eq!(seen.body(), "");
    assert_within(seen.answered_after, ms(450), ms(900));
    assert_within(seen.closed_after, ms(450), ms(1800));
}

#[tokio::test]
async fn keep_alive_closes_an_idle_connection() {
    let app = spawn_app_with(short()).await;
    let seen = stall(&app, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".to_vec()).await;
    assert_eq!(seen.status(), 200, "{}", seen.text);
    assert_within(seen.closed_after, ms(450), ms(1300));
}

#[tokio::test]
async fn a_long_url_is_answered_414_problem() {
    let app = spawn_app_with(short()).await;
    let fits = format!("/healthz?x={}", "a".repeat(MAX_URL_BYTES - 11));
    assert_eq!(fits.len(), MAX_URL_BYTES);
    assert_eq!(app.get(&fits).await.status, 200);
    let a = app.get(&format!("{fits}a")).await;
    assert_problem(&a, 414, "uri_too_long");
    assert!(a.headers.contains_key("x-request-id"));
}

#[tokio::test]
async fn a_url_past_64_kib_is_an_empty_400() {
    let app = spawn_app_with(short()).await;
    let request = format!(
        "GET /healthz?x={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    let seen = stall(&app, request.into_bytes()).await;
    assert_eq!(seen.status(), 400, "{}", seen.text);
    assert_eq!(seen.body(), "");
    assert!(seen.closed_after.is_some());
}

#[tokio::test]
async fn oversized_heads_are_an_empty_431() {
    let app = spawn_app_with(short()).await;
    let huge = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nx-big: {}\r\n\r\n",
        "a".repeat(130 * 1024)
    );
    let many: String = (0..100).map(|i| format!("x-h{i}: 1\r\n")).collect();
    let many = format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{many}\r\n");
    for request in [huge, many] {
        let seen = stall(&app, request.into_bytes()).await;
        assert_eq!(seen.status(), 431, "{}", seen.text);
        assert_eq!(seen.body(), "");
        assert!(seen.closed_after.is_some());
    }
}

/// Sends a request on a raw connection and reads its answer (with a Content-Length) whole.
fn exchange(stream: &mut TcpStream, request: &[u8]) -> String {
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream.write_all(request).expect("sent");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = stream.read(&mut buf).expect("an answer");
        assert!(n > 0, "closed after {:?}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let len = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")?
                        .trim()
                        .parse()
                        .ok()
                })
                .unwrap_or(0);
            if body.len() >= len {
                return text.into_owned();
            }
        }
    }
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

#[tokio::test]
async fn a_later_head_that_drips_is_answered_an_empty_408_and_closed() {
    let app = spawn_app_with(Limits {
        keep_alive: Duration::from_secs(5),
        ..short()
    })
    .await;
    let addr = app.address.trim_start_matches("http://").to_string();
    let seen = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).expect("connects");
        assert!(exchange(&mut stream, HEALTHZ).starts_with("HTTP/1.1 200"));
        // The next head, a byte every 50 ms, never complete: for at most 3 s.
        stream.set_read_timeout(Some(ms(50))).unwrap();
        let first_byte = Instant::now();
        let mut received = Vec::new();
        let mut buf = [0u8; 4096];
        let mut closed_after = None;
        for byte in b"GET /healthz?".iter().chain([b'a'; 60].iter()) {
            if stream.write_all(&[*byte]).is_err() {
                closed_after = Some(first_byte.elapsed());
                break;
            }
            match stream.read(&mut buf) {
                Ok(0) => {
                    closed_after = Some(first_byte.elapsed());
                    break;
                }
                Ok(n) => received.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                    closed_after = Some(first_byte.elapsed());
                    break;
                }
                Err(_) => {}
            }
        }
        (
            String::from_utf8_lossy(&received).into_owned(),
            closed_after,
        )
    })
    .await
    .unwrap();
    let (text, closed_after) = seen;
    assert!(text.starts_with("HTTP/1.1 408"), "{text:?}");
    assert!(text.ends_with("\r\n\r\n"), "an empty body: {text:?}");
    // The header timeout (500 ms) counts from the head's first byte, not from the
    // keep-alive wait (5 s).
    assert_within(closed_after, ms(450), ms(1000));
    assert_eq!(app.get("/healthz").await.status, 200);
}

#[tokio::test]
async fn an_answer_the_client_does_not_read_is_dropped_after_the_send_timeout() {
    let app = spawn_app_with(Limits {
        send_timeout: Duration::from_millis(300),
        keep_alive: Duration::from_secs(30),
        header_timeout: Duration::from_secs(30),
        ..short()
    })
    .await;
    let addr = app.address.trim_start_matches("http://").to_string();
    let bundle = app.get("/docs/swagger-ui-bundle.js").await.raw.len();
    assert!(bundle > 500_000, "{bundle}");
    // 16 pipelined requests for 500 KB and more each, none of it read for 2 s: more than
    // the sockets' buffers hold.
    let (received, ended) = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).expect("connects");
        let request = b"GET /docs/swagger-ui-bundle.js HTTP/1.1\r\nHost: x\r\n\r\n".repeat(16);
        stream.write_all(&request).expect("sent");
        std::thread::sleep(Duration::from_secs(2));
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut received = 0;
        let mut buf = vec![0u8; 1 << 16];
        let ended = loop {
            match stream.read(&mut buf) {
                Ok(0) => break true,
                Ok(n) => received += n,
                Err(e) => break e.kind() == std::io::ErrorKind::ConnectionReset,
            }
        };
        (received, ended)
    })
    .await
    .unwrap();
    assert!(ended, "the connection was not closed");
    assert!(
        received < 16 * bundle,
        "{received} bytes: every answer was sent"
    );
    assert_eq!(app.get("/healthz").await.status, 200);
}

#[tokio::test]
async fn connections_past_the_bound_are_answered_503_problem_and_closed() {
    let app = spawn_app_with(Limits {
        max_connections: 3,
        keep_alive: Duration::from_secs(30),
        header_timeout: Duration::from_secs(30),
        ..short()
    })
    .await;
    let addr = app.address.trim_start_matches("http://").to_string();
    tokio::task::spawn_blocking(move || {
        let mut held: Vec<TcpStream> = (0..3)
            .map(|_| {
                let mut stream = TcpStream::connect(&addr).expect("connects");
                assert!(exchange(&mut stream, HEALTHZ).starts_with("HTTP/1.1 200"));
                stream
            })
            .collect();
        let refused = stall_on(&addr, HEALTHZ);
        assert_eq!(refused.status(), 503, "{}", refused.text);
        assert_eq!(
            refused.header("content-type"),
            Some("application/problem+json")
        );
        assert_eq!(refused.header("retry-after"), Some("1"));
        assert_eq!(refused.header("connection"), Some("close"));
        let body: serde_json::Value = serde_json::from_str(refused.body()).expect("JSON");
        assert_eq!(body["code"], "too_many_connections");
        assert_eq!(body["status"], 503);
        assert!(body["detail"]
            .as_str()
            .unwrap()
            .contains("3 open connections"));
        assert_within(refused.answered_after, Duration::ZERO, ms(100));
        assert!(refused.closed_after.is_some());
        // A held connection still works; once one closes, a new one is taken.
        assert!(exchange(&mut held[0], HEALTHZ).starts_with("HTTP/1.1 200"));
        drop(held.pop());
        let started = Instant::now();
        loop {
            let mut stream = TcpStream::connect(&addr).expect("connects");
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
            let answer = exchange(&mut stream, HEALTHZ);
            if answer.starts_with("HTTP/1.1 200") {
                break;
            }
            assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "the place was not freed"
            );
            std::thread::sleep(ms(20));
        }
    })
    .await
    .unwrap();
}

/// The OpenAPI document says what the transport refuses: every operation can be answered
/// 503 `too_many_connections` with `Retry-After`, every POST job 415 with
/// `Accept-Encoding` for a compressed body.
#[test]
fn the_document_lists_the_transport_refusals() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
            .unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut posts = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let answers = &op["responses"];
            let busy = &answers["503"];
            assert!(
                busy["description"]
                    .as_str()
                    .unwrap()
                    .contains("too_many_connections"),
                "{method} {path}: {busy}"
            );
            assert!(
                busy["headers"].get("Retry-After").is_some(),
                "{method} {path}"
            );
            if method == "post" {
                posts += 1;
                let refused = &answers["415"];
                let described = refused["description"].as_str().unwrap();
                assert!(described.contains("unsupported_content_encoding"), "{path}");
                assert!(
                    refused["headers"].get("Accept-Encoding").is_some(),
                    "{path}"
                );
            }
        }
    }
    assert!(posts >= 4, "{posts} POST operations");
}
