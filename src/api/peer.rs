//! A client's connection and the bounds on it. [`Connection`] is the socket actix-http
//! reads and writes, with a time bound on each state actix-http leaves open: a request head
//! (every one, not only the first: from the connection's opening, or from the first byte
//! after the previous answer), and a write that makes no progress. [`Peer`] is what the
//! App and the connection tell each other: a request is being answered, and the client
//! has closed its side (so that a request's engine work can stop when it has gone).
//! [`Gate`] bounds the number of open connections, and [`refuse`] answers one past it.

use crate::api::error::ApiError;
use actix_web::http::StatusCode;
use actix_web::rt::net::TcpStream;
use actix_web::rt::time::{sleep_until, Instant, Sleep};
use std::future::Future as _;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How often a heavy call looks whether its client is still there.
pub const DISCONNECT_POLL: Duration = Duration::from_millis(10);

/// What a connection answers, by itself, to a request head that did not arrive in time
/// (the answer actix-http gives a first head that is late).
const HEAD_TIMEOUT_ANSWER: &[u8] =
    b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/// The time bounds of a connection ([`crate::config::Limits`]); zero for none.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// From the opening, or from the first byte after an answer, to a complete head.
    pub head: Duration,
    /// How long an idle connection is kept between requests (actix-http closes it then).
    pub keep_alive: Duration,
    /// How long a write may make no progress (the client does not read its answer).
    pub send: Duration,
}

/// What the App and a connection tell each other; one per connection, in its data
/// (`HttpRequest::conn_data`).
#[derive(Clone, Debug, Default)]
pub struct Peer(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    /// Requests handed to the App whose answers have not been sent whole.
    in_flight: AtomicUsize,
    /// Answers sent whole: each starts a new wait for a head.
    answered: AtomicU64,
    /// The client closed its side of the connection (or it broke).
    closed: AtomicBool,
}

impl Peer {
    /// Whether the client has closed the connection (or it broke), as its socket last
    /// read: actix-http reads a connection while its request is answered, and a heavy call
    /// wakes it every [`DISCONNECT_POLL`]. A client that shuts only its sending side is
    /// taken as gone too.
    pub fn gone(&self) -> bool {
        self.0.closed.load(Ordering::Relaxed)
    }

    /// A request's head reached the App: no head is awaited until the [`Answering`] this
    /// gives is dropped (its answer's body has been sent whole, or the request ended).
    pub fn answering(&self) -> Answering {
        self.0.in_flight.fetch_add(1, Ordering::Relaxed);
        Answering(self.clone())
    }
}

/// A request being answered (see [`Peer::answering`]).
#[derive(Debug)]
pub struct Answering(Peer);

impl Drop for Answering {
    fn drop(&mut self) {
        let shared = &self.0 .0;
        shared.in_flight.fetch_sub(1, Ordering::Relaxed);
        shared.answered.fetch_add(1, Ordering::Relaxed);
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

/// The bound on open connections, shared by the workers.
#[derive(Clone, Debug)]
pub struct Gate {
    open: Arc<AtomicUsize>,
    max: usize,
}

impl Gate {
    /// At most `max` connections open at once.
    pub fn new(max: usize) -> Gate {
        Gate {
            open: Arc::default(),
            max,
        }
    }

    /// A place for a new connection, or none when `max` are open.
    pub fn admit(&self) -> Option<Ticket> {
        let before = self.open.fetch_add(1, Ordering::AcqRel);
        let ticket = Ticket(Arc::clone(&self.open));
        (before < self.max).then_some(ticket)
    }

    /// The bound.
    pub fn max(&self) -> usize {
        self.max
    }
}

/// A connection's place under the [`Gate`], given back when dropped.
#[derive(Debug)]
pub struct Ticket(Arc<AtomicUsize>);

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// How long a refused connection is read (and what it sent thrown away) before it is
/// closed, so that closing it with a request unread does not reset the answer away.
const REFUSAL_LINGER: Duration = Duration::from_millis(100);

/// Answers a connection past the [`Gate`]'s bound: a 503 problem+json
/// `too_many_connections` with `Retry-After: 1` and `Connection: close`, written before
/// anything is read; then the connection is closed.
pub async fn refuse(stream: TcpStream, max: usize) {
    let problem = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "too_many_connections",
        "Too many connections",
        format!("the server has its limit of {max} open connections (--max-connections); retry after Retry-After seconds"),
    );
    let body = serde_json::to_string(&*problem.problem).unwrap_or_default();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\n\
         retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    // A new socket's send buffer is empty: the answer fits at once, or is not sent.
    let writable = actix_web::rt::time::timeout(REFUSAL_LINGER, stream.writable()).await;
    if !matches!(writable, Ok(Ok(()))) || stream.try_write(answer.as_bytes()).is_err() {
        return;
    }
    let mut stream = stream;
    let _ = std::future::poll_fn(|cx| Pin::new(&mut stream).poll_shutdown(cx)).await;
    let drain = async {
        let mut buf = [0_u8; 4096];
        let mut left: usize = 64 * 1024;
        while left > 0 && stream.readable().await.is_ok() {
            match stream.try_read(&mut buf) {
                Ok(0) => return,
                Ok(n) => left = left.saturating_sub(n),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    };
    let _ = actix_web::rt::time::timeout(REFUSAL_LINGER, drain).await;
}

/// A client's connection with a time bound on every state (see the module's doc).
pub struct Connection {
    io: TcpStream,
    peer: Peer,
    bounds: Bounds,
    /// When the awaited head must be complete (none while a request is answered).
    head_by: Option<Instant>,
    /// The [`Shared::answered`] count the current wait for a head started at.
    answers_seen: u64,
    /// When a write that made no progress fails.
    send_by: Option<Instant>,
    /// The last write could not be taken whole: actix-http holds bytes to send.
    write_blocked: bool,
    /// The head timed out: the connection reads as closed from then on.
    expired: bool,
    timer: Pin<Box<Sleep>>,
    _ticket: Ticket,
}

impl Connection {
    /// A new connection: its first head is awaited from now.
    pub fn new(io: TcpStream, bounds: Bounds, ticket: Ticket) -> Connection {
        let now = Instant::now();
        let head_by = after(now, bounds.head);
        Connection {
            io,
            peer: Peer::default(),
            bounds,
            head_by,
            answers_seen: 0,
            send_by: None,
            write_blocked: false,
            expired: false,
            timer: Box::pin(sleep_until(head_by.unwrap_or(now))),
            _ticket: ticket,
        }
    }

    /// What the App and this connection tell each other (its connection data).
    pub fn peer(&self) -> Peer {
        self.peer.clone()
    }

    /// Reads the App's side: while a request is answered no head is awaited; once its
    /// answer is sent, the next head is awaited, at most the keep-alive time for its first
    /// byte (actix-http closes the connection then) and the head time from there.
    fn follow_app(&mut self, now: Instant) {
        let shared = &self.peer.0;
        if shared.in_flight.load(Ordering::Relaxed) > 0 {
            self.head_by = None;
            return;
        }
        let answered = shared.answered.load(Ordering::Relaxed);
        if answered != self.answers_seen {
            self.answers_seen = answered;
            self.head_by = if self.bounds.head.is_zero() {
                None
            } else {
                after(now, self.bounds.keep_alive.saturating_add(self.bounds.head))
            };
        }
    }

    /// Wakes the connection's task at the nearest deadline.
    fn arm(&mut self, cx: &mut Context<'_>) {
        let nearest = match (self.head_by, self.send_by) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => match a.or(b) {
                Some(t) => t,
                None => return,
            },
        };
        if self.timer.deadline() != nearest {
            self.timer.as_mut().reset(nearest);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            cx.waker().wake_by_ref();
        }
    }

    /// The awaited head is late: answered 408 (unless actix-http still holds bytes of an
    /// answer to send), and the connection reads as closed, so actix-http shuts it down.
    fn head_timed_out(&mut self) -> Poll<io::Result<()>> {
        self.expired = true;
        self.head_by = None;
        if !self.write_blocked {
            let _ = self.io.try_write(HEAD_TIMEOUT_ANSWER);
        }
        tracing::debug!(
            timeout_ms = self.bounds.head.as_millis() as u64,
            "request head not received in time; connection closed"
        );
        Poll::Ready(Ok(()))
    }
}

/// `from + span`, or none for a zero span (no bound) or one past the clock's range.
fn after(from: Instant, span: Duration) -> Option<Instant> {
    if span.is_zero() {
        return None;
    }
    from.checked_add(span)
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.expired {
            return Poll::Ready(Ok(()));
        }
        let now = Instant::now();
        this.follow_app(now);
        if this.head_by.is_some_and(|t| t <= now) {
            return this.head_timed_out();
        }
        let before = buf.filled().len();
        let room = buf.remaining() > 0;
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                let read = buf.filled().len() - before;
                if read == 0 && room {
                    this.peer.0.closed.store(true, Ordering::Relaxed);
                } else if let (Some(by), Some(from_here)) =
                    (this.head_by, after(now, this.bounds.head))
                {
                    // A byte of the awaited head: complete within the head time from here.
                    this.head_by = Some(by.min(from_here));
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => {
                this.peer.0.closed.store(true, Ordering::Relaxed);
                Poll::Ready(Err(e))
            }
            Poll::Pending => {
                this.arm(cx);
                Poll::Pending
            }
        }
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let now = Instant::now();
        if this.send_by.is_some_and(|t| t <= now) {
            tracing::debug!(
                timeout_ms = this.bounds.send.as_millis() as u64,
                "the client took nothing of an answer in time; connection dropped"
            );
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not read its answer in time",
            )));
        }
        match Pin::new(&mut this.io).poll_write(cx, buf) {
            Poll::Pending => {
                this.write_blocked = true;
                if this.send_by.is_none() {
                    this.send_by = after(now, this.bounds.send);
                }
                this.arm(cx);
                Poll::Pending
            }
            done => {
                this.write_blocked = false;
                this.send_by = None;
                done
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}
