//! Whether a request's client is still connected ([`Peer`]: a duplicate of the
//! connection's socket), so that its engine work can stop when it has gone.

use actix_web::dev::Extensions;
use actix_web::rt::net::TcpStream;
use std::any::Any;
use std::os::fd::AsFd as _;
use std::sync::Arc;
use std::time::Duration;

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
