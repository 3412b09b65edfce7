//! Every error answer of the API as an RFC 9457 problem (`application/problem+json`) with a
//! stable `code`: one type, one place that maps errors to status codes.

use crate::engine::interrupt::Stopped;
use crate::engine::notation::PositionProblem;
use crate::engine::variant::RulesError;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::fmt;
use std::time::Duration;
use utoipa::ToSchema;

/// A problem found at a place in a position text.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProblemItem {
    /// Stable snake_case code (`unknown_piece`, `rank_width`, ...).
    #[schema(example = "unknown_piece")]
    pub code: String,
    /// Rank letter where it was found, when it concerns a rank.
    #[schema(example = "a")]
    pub rank: Option<String>,
    /// File number where it was found, when it concerns a cell.
    #[schema(example = 25)]
    pub file: Option<u32>,
    /// What is wrong, in English.
    #[schema(example = "unknown piece code `x`")]
    pub message: String,
}

/// RFC 9457 problem details, with a stable machine-readable `code`. A problem repeats at
/// most 64 characters of any text of the request, and its body is at most 8 KiB.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Problem {
    /// A URI naming the kind of problem: `urn:shogi-arbiter:problem:<code>`.
    #[serde(rename = "type")]
    #[schema(example = "urn:shogi-arbiter:problem:invalid_position")]
    pub kind: String,
    /// Short summary of the kind of problem.
    #[schema(example = "Invalid position")]
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 422)]
    pub status: u16,
    /// What went wrong in this request.
    #[schema(example = "`position` has 1 problem(s)")]
    pub detail: String,
    /// Stable snake_case code (the same as the last segment of `type`).
    #[schema(example = "invalid_position")]
    pub code: String,
    /// For positions: the problems found, with their locations (the first 8; `detail`
    /// says how many there are).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = json!([{"code": "unknown_piece", "rank": "a", "file": 25, "message": "unknown piece code `x`"}]))]
    pub problems: Option<Vec<ProblemItem>>,
    /// For a game's move list: the index of the first illegal (or unreadable) move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 2)]
    pub index: Option<usize>,
    /// For an illegal move in a game's move list: the stable reason code, the same as a
    /// replay verdict's `illegal.code` (`unreachable`, `path_blocked`, `perpetual_check`,
    /// ...); for unreadable text (`unreadable_move_in_game`), its `unreadable.code`
    /// (`malformed`, `ambiguous`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "unreachable")]
    pub reason: Option<String>,
    /// For an illegal (or unreadable) move in a game's move list: the move as submitted
    /// (at most 64 characters).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    #[schema(example = "13r13p")]
    pub submitted: Option<String>,
    /// For a game record (`record`): the line (1 = the first) where the problem was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 12)]
    pub line: Option<usize>,
    /// The valid choices, when a name was not recognised.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = json!(["wikipedia", "japanese", "tsa"]))]
    pub valid: Option<Vec<String>>,
    /// For engine work stopped by its deadline (`deadline_exceeded`): how far it got.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub progress: Option<Progress>,
}

/// How far engine work got before it was stopped.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"stage": "replay", "done": 4312, "total": 10000, "unit": "plies", "elapsed_ms": 2001}))]
pub struct Progress {
    /// What was running: `replay` (playing the game's moves), `status` (the status of the
    /// position reached: check, mate), `moves` (listing the legal moves), `verdict`
    /// (judging the proposed move), `perft` (counting), `answer` (writing the answer).
    #[schema(example = "replay")]
    pub stage: String,
    /// How many units of the stage were done.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 4312)]
    pub done: Option<u64>,
    /// How many units the stage had in all, when known before it started.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 10000)]
    pub total: Option<u64>,
    /// The unit of `done` and `total`: `plies`, `moves` or `nodes`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "plies")]
    pub unit: Option<String>,
    /// Milliseconds the work ran before it stopped.
    #[schema(example = 2001)]
    pub elapsed_ms: u64,
}

impl Progress {
    /// At `stage`, with no count.
    pub fn at(stage: &str) -> Progress {
        Progress {
            stage: stage.to_string(),
            done: None,
            total: None,
            unit: None,
            elapsed_ms: 0,
        }
    }

    /// At `stage`, `done` units of `unit` done (of `total`, when known).
    pub fn counted(stage: &str, done: u64, total: Option<u64>, unit: &str) -> Progress {
        Progress {
            done: Some(done),
            total,
            unit: Some(unit.to_string()),
            ..Progress::at(stage)
        }
    }
}

/// How a problem repeats a client's text (a name, a value, a move, a token, a record's
/// line): cut to [`ECHO_CHARS`] characters by [`echo`], the one helper the engine's messages
/// use too.
pub use crate::engine::notation::{echo, ECHO_CHARS};

/// The largest problem body the service sends, in bytes, whatever the request (README,
/// "Configuration and limits"): every client text a problem repeats is cut by [`echo`],
/// and a position's problems are listed at most [`LISTED_PROBLEMS`] at a time.
pub const MAX_PROBLEM_BYTES: usize = 8 * 1024;

/// The most problems of one position text a problem lists (the first ones found; `detail`
/// gives how many there are).
pub const LISTED_PROBLEMS: usize = 8;

/// The problems every POST job can answer besides its own 422 and 429, documented once and
/// listed in each job's `responses` (the values are never built: each status is answered
/// as a [`Problem`] by [`ApiError`]).
#[derive(utoipa::IntoResponses)]
pub enum PostJobProblems {
    #[response(
        status = 400,
        description = "Malformed JSON (not JSON, not UTF-8)",
        content_type = "application/problem+json"
    )]
    Malformed(Problem),
    #[response(status = 405, description = "Method not allowed: `Allow` lists the methods the path takes (POST; GET and HEAD too for `/v1/board.svg`)", content_type = "application/problem+json",
        headers(("Allow" = String, description = "The methods the path takes")))]
    MethodNotAllowed(Problem),
    #[response(
        status = 408,
        description = "The body did not arrive within the configured time after the request head (`--body-timeout`); the connection is closed",
        content_type = "application/problem+json"
    )]
    BodyTimeout(Problem),
    #[response(
        status = 413,
        description = "Body larger than the configured limit (`--body-limit`)",
        content_type = "application/problem+json"
    )]
    BodyTooLarge(Problem),
    #[response(
        status = 414,
        description = "URL longer than 8192 bytes",
        content_type = "application/problem+json"
    )]
    UriTooLong(Problem),
    #[response(status = 415, description = "Body not sent as application/json (`unsupported_media_type`), or sent with a `Content-Encoding` other than `identity` (`unsupported_content_encoding`, refused before the body is read: bodies are never decompressed; `Accept-Encoding` names the one coding accepted)", content_type = "application/problem+json",
        headers(("Accept-Encoding" = String, description = "`identity`, with `unsupported_content_encoding`")))]
    UnsupportedMediaType(Problem),
    #[response(status = 503, description = "The heavy engine call could not be run (the engine's thread pool is shutting down), or `--max-connections` connections are open (`too_many_connections`, with `Retry-After`, answered as the connection is accepted and closed)", content_type = "application/problem+json",
        headers(("Retry-After" = u32, description = "Seconds to wait before retrying, with `too_many_connections`")))]
    EngineUnavailable(Problem),
}

/// The problems every GET route can answer, documented once (see [`PostJobProblems`]).
#[derive(utoipa::IntoResponses)]
pub enum GetRouteProblems {
    #[response(status = 405, description = "Method not allowed: only GET; `Allow` lists it", content_type = "application/problem+json",
        headers(("Allow" = String, description = "The methods the path takes")))]
    MethodNotAllowed(Problem),
    #[response(
        status = 414,
        description = "URL longer than 8192 bytes",
        content_type = "application/problem+json"
    )]
    UriTooLong(Problem),
    #[response(status = 503, description = "`--max-connections` connections are open (`too_many_connections`), answered as the connection is accepted and closed", content_type = "application/problem+json",
        headers(("Retry-After" = u32, description = "Seconds to wait before retrying")))]
    TooManyConnections(Problem),
}

/// An error answer.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub problem: Box<Problem>,
}

impl ApiError {
    /// A problem with a status, code, title and detail.
    pub fn new(status: StatusCode, code: &str, title: &str, detail: impl Into<String>) -> ApiError {
        ApiError {
            status,
            problem: Box::new(Problem {
                kind: format!("urn:shogi-arbiter:problem:{code}"),
                title: title.to_string(),
                status: status.as_u16(),
                detail: detail.into(),
                code: code.to_string(),
                problems: None,
                index: None,
                reason: None,
                submitted: None,
                line: None,
                valid: None,
                progress: None,
            }),
        }
    }

    /// 422 with a code.
    pub fn unprocessable(code: &str, title: &str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, title, detail)
    }

    /// An unknown variant, listing the valid ids.
    pub fn unknown_variant(given: &str, status: StatusCode) -> ApiError {
        let mut e = ApiError::new(
            status,
            "unknown_variant",
            "Unknown variant",
            format!("unknown variant `{}`", echo(given)),
        );
        e.problem.valid = Some(
            crate::engine::variant::VARIANT_IDS
                .iter()
                .map(|s| s.to_string())
                .collect(),
        );
        e
    }

    /// Position text that does not parse or is not valid for the variant.
    pub fn invalid_position(field: &str, problems: Vec<PositionProblem>) -> ApiError {
        let detail = if problems.len() > LISTED_PROBLEMS {
            format!(
                "`{field}` has {} problem(s); the first {LISTED_PROBLEMS} are listed",
                problems.len()
            )
        } else {
            format!("`{field}` has {} problem(s)", problems.len())
        };
        let mut e = ApiError::unprocessable("invalid_position", "Invalid position", detail);
        e.problem.problems = Some(
            problems
                .into_iter()
                .take(LISTED_PROBLEMS)
                .map(|p| ProblemItem {
                    code: p.code.to_string(),
                    rank: p.rank,
                    file: p.file,
                    message: p.message,
                })
                .collect(),
        );
        e
    }
}

impl ApiError {
    /// Engine work stopped before its end: 422 `deadline_exceeded` with how far it got,
    /// or 499 `cancelled` (the client went away; nobody reads it, the log line does).
    pub fn stopped(why: Stopped, deadline: Duration, progress: Progress) -> ApiError {
        let mut e = match why {
            Stopped::Deadline => ApiError::unprocessable(
                "deadline_exceeded",
                "Deadline exceeded",
                format!(
                    "the engine work did not finish within its deadline of {} ms; ask for \
                     less (a shorter game, a smaller depth)",
                    deadline.as_millis()
                ),
            ),
            Stopped::Cancelled => ApiError::new(
                StatusCode::from_u16(CLIENT_CLOSED).expect("a valid status code"),
                "cancelled",
                "Cancelled",
                "the client closed the connection before the answer was ready",
            ),
        };
        e.problem.progress = Some(progress);
        e
    }
}

/// The status logged for a request whose client went away before its answer (nginx's
/// convention; never sent).
pub const CLIENT_CLOSED: u16 = 499;

impl From<RulesError> for ApiError {
    fn from(err: RulesError) -> ApiError {
        let valid = match &err {
            RulesError::UnknownProfile { valid, .. }
            | RulesError::UnknownOption { valid, .. }
            | RulesError::InvalidValue { valid, .. } => Some(valid.clone()),
            RulesError::DuplicateOption { .. } => None,
        };
        let echoed = match err {
            RulesError::UnknownProfile { given, valid } => RulesError::UnknownProfile {
                given: echo(&given),
                valid,
            },
            RulesError::UnknownOption { given, valid } => RulesError::UnknownOption {
                given: echo(&given),
                valid,
            },
            RulesError::InvalidValue {
                option,
                given,
                valid,
            } => RulesError::InvalidValue {
                option: echo(&option),
                given: echo(&given),
                valid,
            },
            RulesError::DuplicateOption { option } => RulesError::DuplicateOption {
                option: echo(&option),
            },
        };
        let mut e = ApiError::unprocessable(echoed.code(), "Invalid rules", echoed.to_string());
        e.problem.valid = valid;
        e
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.problem.code, self.problem.detail)
    }
}

/// Seconds a client refused with 429 is asked to wait (`Retry-After`): heavy engine calls
/// are bounded (perft node budget, moves per game), so a slot frees up soon.
pub const RETRY_AFTER_SECONDS: u32 = 1;

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            response.insert_header((header::RETRY_AFTER, RETRY_AFTER_SECONDS));
        }
        // A body that stopped arriving may still be on its way: the connection cannot carry
        // another request.
        if self.status == StatusCode::REQUEST_TIMEOUT {
            response.force_close();
        }
        response
            .content_type("application/problem+json")
            .json(&*self.problem)
    }
}

/// Maps a JSON body that cannot be read to a problem: 408 not received in time, 413 too
/// large, 415 not JSON, 400 malformed (not JSON, not UTF-8), 422 well-formed but not the
/// request's shape.
pub fn json_error(err: actix_web::error::JsonPayloadError) -> ApiError {
    use actix_web::error::JsonPayloadError as J;
    match &err {
        J::Payload(e) if is_body_timeout(e) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "body_timeout",
            "Request body timeout",
            e.to_string(),
        ),
        J::OverflowKnownLength { .. } | J::Overflow { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            "Request body too large",
            err.to_string(),
        ),
        J::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Unsupported media type",
            "send the request body as application/json",
        ),
        J::Deserialize(e) if e.classify() == serde_json::error::Category::Data => {
            ApiError::unprocessable(
                "invalid_request",
                "Invalid request",
                cut_echo(&e.to_string()),
            )
        }
        _ => ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            "Malformed JSON",
            err.to_string(),
        ),
    }
}

/// A serde message with the client's text it repeats cut by [`echo`]: a field or variant
/// name (serde writes "field `NAME`" and "variant `NAME`", the name unescaped; a variant is
/// an unknown `count` or `record.format`) or a string (written "string \"TEXT\"",
/// escaped). A message repeats at most one of them, before any text of the service's own,
/// so the first opening found is serde's.
pub fn cut_echo(message: &str) -> String {
    const OPENINGS: [&str; 3] = ["field `", "variant `", "string \""];
    let first = OPENINGS
        .iter()
        .filter_map(|o| message.find(o).map(|at| (at + o.len(), o.ends_with('`'))))
        .min_by_key(|&(start, _)| start);
    let span = first.and_then(|(start, backticked)| {
        let rest = &message[start..];
        let len = if backticked {
            // serde's own text follows the name; the name may hold any of it, so the last
            // occurrence is serde's.
            ["`, expected", "`, there are no", "` at line"]
                .iter()
                .find_map(|end| rest.rfind(end))
                .or_else(|| rest.strip_suffix('`').map(str::len))
        } else {
            let mut escaped = false;
            rest.char_indices()
                .find(|&(_, c)| {
                    let close = c == '"' && !escaped;
                    escaped = c == '\\' && !escaped;
                    close
                })
                .map(|(len, _)| len)
        };
        len.map(|len| (start, start + len))
    });
    match span {
        Some((start, end)) => format!(
            "{}{}{}",
            &message[..start],
            echo(&message[start..end]),
            &message[end..]
        ),
        None => message.to_string(),
    }
}

/// Whether a payload error is the body timeout of the transport limits
/// (`api::transport::limit` ends a body that is late with an I/O error of kind
/// `TimedOut`).
fn is_body_timeout(err: &actix_web::error::PayloadError) -> bool {
    matches!(err, actix_web::error::PayloadError::Io(e) if e.kind() == std::io::ErrorKind::TimedOut)
}
