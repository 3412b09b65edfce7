//! The analysis board page (`GET /board/`): static HTML, CSS and JavaScript from
//! `web/board/`, compiled into the binary and served as they are. The page draws positions
//! with `POST /v1/board.svg` and asks the JSON API for everything else; it addresses the
//! API and its own files with relative URLs only, so it works behind a path prefix. Not
//! part of the OpenAPI document (as `/docs` is not): these are files for a browser, not
//! API operations.
//!
//! Every answer carries its media type, a Content-Security-Policy that lets the page load
//! and fetch only from the service itself (no inline script, no outside request), `nosniff`,
//! and an `ETag` with `Cache-Control: no-cache`: a browser keeps the file and asks again
//! each time, answered `304 Not Modified` while the build is the same.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use std::sync::OnceLock;

/// The page's policy: its own origin for everything, no plugins, no base override, not
/// framed by other sites.
pub const CSP: &str = "default-src 'self'; object-src 'none'; base-uri 'self'; \
                       form-action 'self'; frame-ancestors 'self'";

/// One file of the page: where it is served under `/board/`, its media type, its bytes.
#[derive(Debug)]
pub struct Asset {
    /// The path under `/board/` (`""` for the page itself).
    pub name: &'static str,
    pub media_type: &'static str,
    pub body: &'static [u8],
}

/// An [`Asset`] from the file `web/board/$file`, served as `$name` with `$type`.
macro_rules! asset {
    ($file:literal, $name:literal, $type:expr) => {
        Asset {
            name: $name,
            media_type: $type,
            body: include_bytes!(concat!("../../../web/board/", $file)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// The page's files.
pub const ASSETS: [Asset; 6] = [
    asset!("index.html", "", "text/html; charset=utf-8"),
    asset!("board.css", "board.css", "text/css; charset=utf-8"),
    asset!("board.js", "board.js", JS),
    asset!("moves.js", "moves.js", JS),
    asset!("service.js", "service.js", JS),
    asset!("icon.png", "icon.png", "image/png"),
];

/// Registers the page's routes on the app (outside the OpenAPI document).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/board", web::get().to(redirect))
        .route("/board/", web::get().to(page))
        .route("/board/{file}", web::get().to(page));
}

/// `/board` without its slash: the page is at `board/` (a relative `Location`, so a
/// path prefix in front of the service is kept).
async fn redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "board/"))
        .finish()
}

/// One of [`ASSETS`], or 404 for a name that is none of them.
async fn page(req: HttpRequest) -> HttpResponse {
    let name = req.match_info().get("file").unwrap_or("");
    let Some((index, asset)) = ASSETS.iter().enumerate().find(|(_, a)| a.name == name) else {
        return crate::api::not_routed(req).await;
    };
    let tag = &etags()[index];
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let mut answer = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header((header::CONTENT_SECURITY_POLICY, CSP))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ETAG, tag.as_str()));
    if fresh {
        return answer.finish();
    }
    answer.content_type(asset.media_type).body(asset.body)
}

/// The entity tag of each asset: a 64-bit FNV-1a hash of its bytes, computed once.
fn etags() -> &'static [String; 6] {
    static TAGS: OnceLock<[String; 6]> = OnceLock::new();
    TAGS.get_or_init(|| {
        ASSETS
            .each_ref()
            .map(|a| format!("\"{:016x}\"", fnv1a(a.body)))
    })
}

/// FNV-1a over `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
