//! The transport limits a request meets once actix-http has read its head and handed it
//! to the App: a URL longer than [`MAX_URL_BYTES`] (414), a POST body sent with a
//! `Content-Encoding` other than `identity` (415, refused before its body is read: the
//! service never decodes a body) and a body that does not arrive within the body timeout
//! (408, the connection closed), each a problem+json logged on the request's span. It
//! tells the connection when a request is being answered (`api::peer`: no head is awaited
//! until its answer's body has been sent). The limits applied before the App (head
//! timeout, head size, open connections) are set in `startup` and `api::peer` and
//! described in the README. It also copies the head's header values out of the
//! connection's read buffer (`unpin_headers`).

use crate::api::context::AppState;
use crate::api::error::{echo, ApiError};
use crate::api::peer::{Answering, Peer};
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::rt::time::{sleep, Sleep};
use actix_web::web::{Bytes, Data};
use actix_web::HttpMessage as _;
use futures_core::Stream;
use std::future::Future as _;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// The longest URL (path and query) the App takes; longer ones are answered 414. URLs
/// over 65,534 bytes never reach the App: actix-http answers them with an empty 400.
pub const MAX_URL_BYTES: usize = 8 * 1024;

/// The only content coding a request body may have.
pub const ACCEPTED_ENCODING: &str = "identity";

/// Refuses a URL over [`MAX_URL_BYTES`] and a POST body with a content coding, and puts
/// a deadline on the request's body.
///
/// # Errors
/// Those of the services it wraps.
pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let answering = req.conn_data::<Peer>().map(Peer::answering);
    let res = checked(req, next).await?;
    Ok(res.map_body(|_, body| Answered::new(body, answering)))
}

async fn checked(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    unpin_headers(req.headers_mut());
    if req.method() == Method::POST {
        if let Some(coding) = refused_coding(req.headers()) {
            tracing::warn!(content_encoding = %coding, "request body with a content coding refused");
            let err = ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_content_encoding",
                "Unsupported content encoding",
                format!(
                    "the body is sent with Content-Encoding `{coding}`; only \
                     `{ACCEPTED_ENCODING}` is accepted (send the body uncompressed)"
                ),
            );
            let mut res = req.error_response(err);
            res.headers_mut().insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_static(ACCEPTED_ENCODING),
            );
            return Ok(res.map_into_right_body());
        }
    }
    let uri = &req.head().uri;
    let url_bytes = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if url_bytes > MAX_URL_BYTES {
        tracing::warn!(url_bytes, limit = MAX_URL_BYTES, "URL too long");
        let err = ApiError::new(
            StatusCode::URI_TOO_LONG,
            "uri_too_long",
            "URL too long",
            format!("the URL has {url_bytes} bytes; at most {MAX_URL_BYTES} are accepted"),
        );
        return Ok(req.error_response(err).map_into_right_body());
    }
    let timeout = req
        .app_data::<Data<AppState>>()
        .map_or(Duration::ZERO, |s| s.limits.body_timeout);
    if !timeout.is_zero() {
        let payload = req.take_payload();
        if !matches!(payload, Payload::None) {
            let stream: Pin<Box<dyn Stream<Item = _>>> = Box::pin(Deadline::new(payload, timeout));
            req.set_payload(Payload::from(stream));
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// The first content coding of a request other than `identity`, as a problem repeats it.
fn refused_coding(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::CONTENT_ENCODING)
        .flat_map(|v| v.as_bytes().split(|&b| b == b','))
        .map(<[u8]>::trim_ascii)
        .find(|c| !c.eq_ignore_ascii_case(ACCEPTED_ENCODING.as_bytes()))
        .map(|c| echo(&String::from_utf8_lossy(c)))
}

/// An answer's body that tells the connection, when dropped (sent whole, or the
/// connection ended), that its request has been answered.
struct Answered {
    body: BoxBody,
    _answering: Option<Answering>,
}

impl Answered {
    fn new(body: impl MessageBody + 'static, answering: Option<Answering>) -> Answered {
        Answered {
            body: BoxBody::new(body),
            _answering: answering,
        }
    }
}

impl MessageBody for Answered {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

/// Replaces each header value by a copy of its own. actix-http cuts header values out of
/// the buffer the connection read the request into (with the start of its body), and
/// actix-web keeps up to 128 finished requests per worker, heads and all, to reuse: each
/// kept request would hold its connection's whole read buffer. After 64 clients sent
/// 94 KB replays at once, 6.5 MB stayed held that way once idle (BENCHMARKS.md, issue 14).
fn unpin_headers(headers: &mut HeaderMap) {
    let shared = std::mem::replace(headers, HeaderMap::with_capacity(headers.len()));
    for (name, value) in shared {
        let own = HeaderValue::from_bytes(value.as_bytes()).unwrap_or(value);
        headers.append(name, own);
    }
}

/// A request body that ends in an error when it has not ended by its deadline.
struct Deadline {
    inner: Payload,
    timer: Pin<Box<Sleep>>,
    timeout: Duration,
    received: usize,
    done: bool,
}

impl Deadline {
    fn new(inner: Payload, timeout: Duration) -> Deadline {
        Deadline {
            inner,
            timer: Box::pin(sleep(timeout)),
            timeout,
            received: 0,
            done: false,
        }
    }
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            match &item {
                Some(Ok(chunk)) => self.received += chunk.len(),
                _ => self.done = true,
            }
            return Poll::Ready(item);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            self.done = true;
            let timeout_ms = self.timeout.as_millis() as u64;
            tracing::warn!(
                timeout_ms,
                received_bytes = self.received,
                "request body not received in time"
            );
            return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("the request body did not arrive within {timeout_ms} ms"),
            )))));
        }
        Poll::Pending
    }
}
