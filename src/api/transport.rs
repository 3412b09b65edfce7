//! The transport limits a request meets once actix-http has read its head and handed it
//! to the App: a URL longer than [`MAX_URL_BYTES`] (414) and a body that does not arrive
//! within the body timeout (408, the connection closed), each a problem+json logged on the
//! request's span. The limits actix-http applies before the App (head timeout, head size)
//! are set in `startup` and described in the README. Also whether a request's client is
//! still connected ([`Peer`]), so that its engine work can stop when it has gone.

use crate::api::context::AppState;
use crate::api::error::ApiError;
use actix_web::body::MessageBody;
use actix_web::dev::Extensions;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::rt::net::TcpStream;
use actix_web::rt::time::{sleep, Sleep};
use actix_web::web::{Bytes, Data};
use actix_web::HttpMessage as _;
use futures_core::Stream;
use std::any::Any;
use std::future::Future as _;
use std::os::fd::AsFd as _;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

/// The longest URL (path and query) the App takes; longer ones are answered 414. URLs
/// over 65,534 bytes never reach the App: actix-http answers them with an empty 400.
pub const MAX_URL_BYTES: usize = 8 * 1024;

/// Refuses a URL over [`MAX_URL_BYTES`] and puts a deadline on the request's body.
///
/// # Errors
/// Those of the services it wraps.
pub async fn limit(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
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

/// How often a heavy call looks whether its client is still there.
pub const DISCONNECT_POLL: Duration = Duration::from_millis(10);

/// A duplicate of a connection's socket, kept with the connection to see whether the
/// client went away while its request's engine work waits or runs (actix-http does not
/// read a connection while its request is being answered, so it would not notice).
#[derive(Clone, Debug)]
pub struct Peer(Arc<std::net::TcpStream>);

impl Peer {
    /// Keeps a duplicate of a new connection's socket in its data
    /// (`HttpServer::on_connect`); without one (not TCP, or out of descriptors), a
    /// request's work runs until its deadline.
    pub fn on_connect(connection: &dyn Any, data: &mut Extensions) {
        let Some(stream) = connection.downcast_ref::<TcpStream>() else {
            return;
        };
        if let Ok(fd) = stream.as_fd().try_clone_to_owned() {
            data.insert(Peer(Arc::new(std::net::TcpStream::from(fd))));
        }
    }

    /// Whether the client has closed the connection (or it broke). The duplicate shares
    /// the original's non-blocking mode, so looking never waits. A client that closed
    /// with unread bytes behind it (a pipelined request) is not seen as gone.
    pub fn gone(&self) -> bool {
        let mut byte = [0_u8; 1];
        match self.0.peek(&mut byte) {
            Ok(n) => n == 0,
            Err(e) => !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
            ),
        }
    }
}

/// The client went away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone;

/// Awaits `work`, looking every [`DISCONNECT_POLL`] whether the client of `peer` is still
/// there.
///
/// # Errors
/// [`Gone`] once it is not (`work` is dropped).
pub async fn unless_gone<F: std::future::Future>(
    work: F,
    peer: Option<&Peer>,
) -> Result<F::Output, Gone> {
    let Some(peer) = peer else {
        return Ok(work.await);
    };
    let mut work = std::pin::pin!(work);
    loop {
        match actix_web::rt::time::timeout(DISCONNECT_POLL, work.as_mut()).await {
            Ok(output) => return Ok(output),
            Err(_) if peer.gone() => return Err(Gone),
            Err(_) => {}
        }
    }
}
