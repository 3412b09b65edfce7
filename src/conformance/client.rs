//! The conformance runner's HTTP client (reqwest, blocking): JSON posted to a server of the
//! same OpenAPI contract, a 429 retried after its `Retry-After`, any other failure told in
//! words. Bounded whatever the server does: an answer is read a chunk at a time up to
//! `--max-answer-bytes`, each call (its retries and its whole answer included) ends by
//! `--case-timeout`, the run by `--run-timeout`, and a `Retry-After` above
//! `--max-retry-after` is not waited for: each becomes the case's failure, in words. A
//! first request that cannot connect marks the server unreachable ([`Client::unreachable`]):
//! the run stops there.

use serde_json::Value;
use std::cell::Cell;
use std::io::Read;
use std::time::{Duration, Instant};

/// How often a call answered 429 `too_busy` is retried at most.
pub const BUSY_RETRIES: u32 = 10;

/// What bounds the client: the run's budget of bytes, time and patience.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// Largest answer body read, in bytes.
    pub max_answer_bytes: u64,
    /// Longest a call may take, its retries and its whole answer included.
    pub case_timeout: Duration,
    /// Longest the whole run may take.
    pub run_timeout: Duration,
    /// Longest `Retry-After` waited for, in seconds.
    pub max_retry_after: u64,
}

/// A server under test.
pub struct Client {
    base: String,
    http: reqwest::blocking::Client,
    bounds: Bounds,
    run_deadline: Instant,
    /// The largest answer body read so far, in bytes.
    largest: Cell<u64>,
    /// Whether the run's deadline cut a call or refused one.
    cut: Cell<bool>,
    /// Whether a request has reached the server yet.
    reached: Cell<bool>,
    /// Why the server could not be reached, when the first request found no one there.
    unreachable: std::cell::RefCell<Option<String>>,
}

/// Why a call failed, before the path is put in front.
enum Failure {
    /// The case's or the run's deadline passed.
    Late,
    /// Anything else, in words.
    Other(String),
}

impl Client {
    /// A client of the server at `base` (`http://host:port`, no trailing slash needed);
    /// the run's deadline starts now.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(base: &str, bounds: Bounds) -> Result<Client, String> {
        let http = reqwest::blocking::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {e}"))?;
        Ok(Client {
            base: base.trim_end_matches('/').to_string(),
            http,
            bounds,
            run_deadline: Instant::now() + bounds.run_timeout,
            largest: Cell::new(0),
            cut: Cell::new(false),
            reached: Cell::new(false),
            unreachable: std::cell::RefCell::new(None),
        })
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The largest answer body read so far, in bytes.
    pub fn largest_answer(&self) -> u64 {
        self.largest.get()
    }

    /// Whether the run's deadline has passed: no call is made any more.
    pub fn run_over(&self) -> bool {
        let over = Instant::now() >= self.run_deadline;
        if over {
            self.cut.set(true);
        }
        over
    }

    /// Why the server cannot be reached, when the first request could not connect (refused,
    /// no such host): the run stops at once.
    pub fn unreachable(&self) -> Option<String> {
        self.unreachable.borrow().clone()
    }

    /// When a call starting now must end: the case's deadline, or the run's if sooner.
    pub fn case_deadline(&self) -> Instant {
        (Instant::now() + self.bounds.case_timeout).min(self.run_deadline)
    }

    /// Whether the run's deadline cut a call short or stopped one being made.
    pub fn cut_short(&self) -> bool {
        self.cut.get()
    }

    /// Why the calls after the run's deadline are not made.
    pub fn run_over_reason(&self) -> String {
        format!(
            "the run deadline of {} s (--run-timeout) passed",
            self.bounds.run_timeout.as_secs()
        )
    }

    /// Posts `body` to `path` and returns the JSON answer of a 200.
    ///
    /// # Errors
    /// A transport failure, a status other than 200 (with the problem's `code` and
    /// `detail` when the body has them), a body that is not JSON, an answer larger than
    /// the bound, no complete answer by the case's or the run's deadline, or a 429 whose
    /// `Retry-After` is above the ceiling (or still 429 after [`BUSY_RETRIES`] retries).
    pub fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        if self.run_over() {
            return Err(format!("POST {path}: not run: {}", self.run_over_reason()));
        }
        let deadline = self.case_deadline();
        self.call(path, body, deadline)
            .map_err(|failure| match failure {
                Failure::Late if deadline == self.run_deadline => {
                    self.cut.set(true);
                    format!(
                        "POST {path}: no complete answer before {}",
                        self.run_over_reason()
                    )
                }
                Failure::Late => format!(
                    "POST {path}: no complete answer within {} s (--case-timeout)",
                    self.bounds.case_timeout.as_secs()
                ),
                Failure::Other(what) => format!("POST {path}: {what}"),
            })
    }

    /// The call with its retries, ending by `deadline`.
    fn call(&self, path: &str, body: &Value, deadline: Instant) -> Result<Value, Failure> {
        let url = format!("{}{path}", self.base);
        let mut tries = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Failure::Late);
            }
            let mut answer = self
                .http
                .post(&url)
                .json(body)
                .timeout(left)
                .send()
                .map_err(|e| {
                    if e.is_connect() && !self.reached.get() {
                        *self.unreachable.borrow_mut() = Some(innermost(&e));
                    }
                    late_or(deadline, e.is_timeout(), e.to_string())
                })?;
            self.reached.set(true);
            let status = answer.status();
            if status.as_u16() == 429 {
                let wait = self.retry_after(answer.headers())?;
                if tries == BUSY_RETRIES {
                    return Err(Failure::Other(format!(
                        "still 429 after {BUSY_RETRIES} retries"
                    )));
                }
                if Instant::now() + wait >= deadline {
                    return Err(Failure::Other(format!(
                        "429 with Retry-After {} s, which would pass the call's deadline",
                        wait.as_secs()
                    )));
                }
                tries += 1;
                drop(answer);
                std::thread::sleep(wait);
                continue;
            }
            let bytes = self.read_bounded(&mut answer, deadline)?;
            if !status.is_success() {
                let problem: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
                let detail = match (problem["code"].as_str(), problem["detail"].as_str()) {
                    (Some(code), Some(detail)) => format!("{code}: {detail}"),
                    _ => String::from_utf8_lossy(&bytes).chars().take(200).collect(),
                };
                return Err(Failure::Other(format!("{status}: {detail}")));
            }
            return serde_json::from_slice(&bytes)
                .map_err(|e| Failure::Other(format!("the answer is not JSON: {e}")));
        }
    }

    /// The wait a 429 asks for: its `Retry-After` seconds (1 when absent).
    fn retry_after(&self, headers: &reqwest::header::HeaderMap) -> Result<Duration, Failure> {
        let Some(value) = headers.get(reqwest::header::RETRY_AFTER) else {
            return Ok(Duration::from_secs(1));
        };
        let text = String::from_utf8_lossy(value.as_bytes());
        let seconds: u64 = text.trim().parse().map_err(|_| {
            Failure::Other(format!(
                "429 with Retry-After `{}`, not a number of seconds",
                text.chars().take(40).collect::<String>()
            ))
        })?;
        if seconds > self.bounds.max_retry_after {
            return Err(Failure::Other(format!(
                "Retry-After {seconds} s above the ceiling of {} s (--max-retry-after)",
                self.bounds.max_retry_after
            )));
        }
        Ok(Duration::from_secs(seconds))
    }

    /// The answer's body, a chunk at a time, refused as soon as it is longer than the
    /// bound (or says it will be) and cut at `deadline`.
    fn read_bounded(
        &self,
        answer: &mut reqwest::blocking::Response,
        deadline: Instant,
    ) -> Result<Vec<u8>, Failure> {
        let cap = self.bounds.max_answer_bytes;
        let too_large = || {
            Failure::Other(format!(
                "answer larger than {cap} bytes (--max-answer-bytes)"
            ))
        };
        if answer.content_length().is_some_and(|n| n > cap) {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        loop {
            if Instant::now() >= deadline {
                return Err(Failure::Late);
            }
            let n = match answer.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let timed_out = e.kind() == std::io::ErrorKind::TimedOut
                        || e.get_ref()
                            .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
                            .is_some_and(reqwest::Error::is_timeout);
                    return Err(late_or(
                        deadline,
                        timed_out,
                        format!("reading the answer: {e}"),
                    ));
                }
            };
            if bytes.len() as u64 + n as u64 > cap {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk[..n]);
        }
        self.largest.set(self.largest.get().max(bytes.len() as u64));
        Ok(bytes)
    }

    /// A ready-to-run curl command posting `body` to `path`, and on a second line the
    /// analysis board page's link to the same game (on a shogi-arbiter server).
    pub fn curl(&self, path: &str, body: &Value) -> String {
        let json = body.to_string().replace('\'', "'\\''");
        let mut repro = format!(
            "curl -s -X POST {}{path} -H 'content-type: application/json' -d '{json}'",
            self.base
        );
        if let Some(link) = super::board_link::board_link(&self.base, body) {
            repro.push_str("\n  board: ");
            repro.push_str(&link);
        }
        repro
    }
}

/// The innermost cause of an error, in words (`Connection refused (os error 111)`).
fn innermost(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

/// A transport failure: [`Failure::Late`] when it is a timeout or the deadline has passed,
/// else the failure in words.
fn late_or(deadline: Instant, timed_out: bool, what: String) -> Failure {
    if timed_out || Instant::now() >= deadline {
        Failure::Late
    } else {
        Failure::Other(what)
    }
}
