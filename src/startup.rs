//! Building the application: the listener (port 0 picks a free port), the shared state
//! and limits, the connection timeouts, the request-id span around every request, the
//! transport limits and request normalisation (trailing slash, HEAD), the routes and the
//! docs.

use crate::api::{self, context::AppState, KnownPaths};
use crate::config::Settings;
use actix_web::dev::{Server, Service};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, Ordering};
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
        let port = listener.local_addr()?.port();
        api::metrics::handle();
        let state = web::Data::new(AppState::new(settings.limits.clone()));
        AppState::trim_when_idle(&state.clone().into_inner());
        let known = web::Data::new(KnownPaths::from_document(&api::openapi()));
        let limits = &settings.limits;
        let body_limit = limits.body_bytes;
        let mut server = HttpServer::new(move || {
            let (app, doc) = App::new()
                .app_data(state.clone())
                .app_data(known.clone())
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
                .wrap(from_fn(api::transport::limit))
                .wrap(from_fn(api::metrics::record))
                .wrap_fn(|req, srv| {
                    let id = request_id(req.headers().get("x-request-id"));
                    // The handlers that read a request body record what it asks for
                    // (variant, perft depth, replayed moves) on this span, so the one
                    // line logged per request carries it.
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
            .default_service(web::to(api::not_routed))
        })
        .on_connect(api::peer::Peer::on_connect)
        .client_request_timeout(limits.header_timeout)
        .client_disconnect_timeout(limits.disconnect_timeout)
        .keep_alive(limits.keep_alive)
        .listen(listener)?;
        if settings.workers > 0 {
            server = server.workers(settings.workers);
        }
        Ok(Application {
            port,
            server: server.run(),
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
