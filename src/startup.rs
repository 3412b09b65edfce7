//! Building the application: the listener (port 0 picks a free port), the shared state
//! and limits, the HTTP/1 service over connections that bound every state in time and in
//! number (`api::peer`), the request-id span around every request, CORS (`api::cors`),
//! the transport limits, gzip answers (`api::gzip`) and request normalisation (trailing
//! slash, HEAD), the routes, the docs and the analysis board page.

use crate::api::cors::CorsPolicy;
use crate::api::peer::{refuse, Bounds, Connection, Gate};
use crate::api::{self, context::AppState, KnownPaths};
use crate::config::Settings;
use actix_http::error::DispatchError;
use actix_http::HttpService;
use actix_service::{map_config, IntoServiceFactory as _, ServiceFactoryExt as _};
use actix_web::body::MessageBody;
use actix_web::dev::{
    fn_service, AppConfig, Extensions, Server, Service, ServiceFactory, ServiceRequest,
    ServiceResponse,
};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::from_fn;
use actix_web::rt::net::TcpStream;
use actix_web::{web, App};
use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tracing::Instrument;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

/// A built, not yet running, service.
pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Binds the listener and builds the server.
    ///
    /// # Errors
    /// The address cannot be bound.
    pub fn build(settings: &Settings) -> std::io::Result<Application> {
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))?;
        let local = listener.local_addr()?;
        api::metrics::handle();
        let state = web::Data::new(AppState::new(settings.limits.clone()));
        AppState::trim_when_idle(&state.clone().into_inner());
        let known = web::Data::new(KnownPaths::from_document(&api::openapi()));
        let cors = web::Data::new(CorsPolicy::from_list(&settings.cors_origins));
        let limits = settings.limits.clone();
        let gate = Gate::new(connection_bound(limits.max_connections));
        let bounds = Bounds {
            head: limits.header_timeout,
            keep_alive: limits.keep_alive,
            send: limits.send_timeout,
        };
        let mut builder = Server::build();
        if settings.workers > 0 {
            builder = builder.workers(settings.workers);
        }
        let shutdown = builder.graceful_shutdown_signal();
        // actix-server stops accepting on a worker at its own bound; it is set above the
        // gate's (connections being refused hold a place too), so that past the bound a
        // client is answered, not left waiting in the listen queue.
        let builder = builder
            .max_concurrent_connections(gate.max() + REFUSING)
            .listen("shogi-arbiter", listener, move || {
                let (state, known, cors) = (state.clone(), known.clone(), cors.clone());
                let shutdown = shutdown.clone();
                let app = move || {
                    app(
                        state.clone(),
                        known.clone(),
                        cors.clone(),
                        limits.body_bytes,
                    )
                };
                let http = HttpService::build()
                    .keep_alive(limits.keep_alive)
                    // Every head's bound is the connection's own (api::peer), the first
                    // one's too.
                    .client_request_timeout(Duration::ZERO)
                    .client_disconnect_timeout(limits.disconnect_timeout)
                    .local_addr(local)
                    .graceful_shutdown_signal(move || {
                        let shutdown = shutdown.clone();
                        async move { shutdown.notified().await }
                    })
                    .on_connect_ext(|io: &Connection, data: &mut Extensions| {
                        data.insert(io.peer());
                    })
                    .h1(map_config(
                        app().into_factory().map_err(|err| err.error_response()),
                        |()| AppConfig::default(),
                    ));
                let gate = gate.clone();
                fn_service(move |stream: TcpStream| {
                    let admitted = gate.admit();
                    let max = gate.max();
                    async move {
                        let peer_addr = stream.peer_addr().ok();
                        match admitted {
                            Some(ticket) => {
                                Ok((Connection::new(stream, bounds, ticket), peer_addr))
                            }
                            None => {
                                refused(max);
                                refuse(stream, max).await;
                                Err(DispatchError::Io(std::io::Error::other(
                                    "too many connections",
                                )))
                            }
                        }
                    }
                })
                .and_then(http)
            })?;
        Ok(Application {
            port: local.port(),
            server: builder.run(),
        })
    }

    /// The port the listener got.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until stopped (SIGTERM/SIGINT stop it gracefully).
    ///
    /// # Errors
    /// The server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// The App of one worker: state, limits, middleware, routes and docs.
fn app(
    state: web::Data<AppState>,
    known: web::Data<KnownPaths>,
    cors: web::Data<CorsPolicy>,
    body_limit: usize,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (app, doc) = App::new()
        .app_data(state)
        .app_data(known)
        .app_data(cors)
        .app_data(
            web::JsonConfig::default()
                .limit(body_limit)
                .error_handler(|err, _req| api::error::json_error(err).into()),
        )
        .app_data(web::PayloadConfig::default().limit(body_limit))
        .wrap_fn(|mut req, srv| {
            api::normalize(&mut req);
            srv.call(req)
        })
        .wrap(from_fn(api::gzip::compress))
        .wrap(from_fn(api::transport::limit))
        .wrap(from_fn(api::cors::cors))
        .wrap(from_fn(api::metrics::record))
        .wrap_fn(|req, srv| {
            let id = request_id(req.headers().get("x-request-id"));
            // The handlers that read a request body record what it asks for (variant,
            // perft depth, replayed moves) on this span, so the one line logged per
            // request carries it.
            let span = tracing::info_span!(
                "request",
                request_id = %id,
                method = %req.method(),
                path = %cut_path(req.path()),
                variant = tracing::field::Empty,
                depth = tracing::field::Empty,
                moves = tracing::field::Empty,
            );
            let fut = {
                let _entered = span.enter();
                srv.call(req)
            };
            async move {
                let mut res = fut.await?;
                tracing::info!(status = res.status().as_u16(), "answered");
                if let Ok(v) = HeaderValue::from_str(&id) {
                    res.headers_mut()
                        .insert(HeaderName::from_static("x-request-id"), v);
                }
                Ok(res)
            }
            .instrument(span)
        })
        .into_utoipa_app()
        .openapi(api::ApiDoc::openapi_with_version())
        .configure(api::configure)
        .split_for_parts();
    let doc = api::complete(doc);
    app.route(
        "/docs/swagger-initializer.js",
        web::get().to(api::swagger_initializer),
    )
    .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", doc))
    .route("/docs", web::get().to(api::docs_redirect))
    .configure(api::routes::board::configure)
    .default_service(web::to(api::not_routed))
}

/// Places actix-server keeps, per worker, beyond the gate's bound for connections being
/// refused.
const REFUSING: usize = 256;

/// Descriptors kept for the process's own use (listener, event loops, logs) below the
/// open-file limit.
const RESERVED_FILES: usize = 128;

/// The bound on open connections: `wanted`, or less when the open-file limit does not
/// allow it (each connection holds one descriptor), with a warning.
fn connection_bound(wanted: usize) -> usize {
    let Some(files) = open_file_limit() else {
        return wanted;
    };
    let allowed = files.saturating_sub(RESERVED_FILES).max(1);
    if allowed < wanted {
        tracing::warn!(
            max_connections = wanted,
            open_file_limit = files,
            bound = allowed,
            "--max-connections lowered to what the open-file limit allows"
        );
    }
    wanted.min(allowed)
}

/// The soft limit on open files (`ulimit -n`), where it can be read (Linux).
fn open_file_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Logs a refused connection: the first, then at most one a second.
fn refused(max: usize) {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    if LAST.swap(now, Ordering::Relaxed) != now {
        tracing::warn!(max_connections = max, "connection refused: too many open");
    }
}

/// A path as the request span records it: at most 256 characters (a URL refused as too
/// long is not logged whole).
fn cut_path(path: &str) -> &str {
    path.char_indices()
        .nth(256)
        .map_or(path, |(i, _)| &path[..i])
}

/// The caller's `x-request-id` when it is short and plain, else a new one.
fn request_id(given: Option<&HeaderValue>) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    if let Some(v) = given.and_then(|v| v.to_str().ok()) {
        if !v.is_empty()
            && v.len() <= 64
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return v.to_string();
        }
    }
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    format!(
        "{:016x}",
        t.rotate_left(17) ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    )
}
