//! Cross-origin requests from browsers (CORS), off unless `--cors-origins` lists the
//! origins allowed (or `*`, any). For an allowed origin, a preflight (`OPTIONS` with
//! `Access-Control-Request-Method`) is answered 204 here, before routing, with the methods
//! and request headers the API takes; every other answer to it carries
//! `Access-Control-Allow-Origin` and exposes `Retry-After` and `x-request-id`. A request
//! from an origin not listed is served as before, with no CORS header, so the browser
//! withholds the answer from the page. No credentials: the service has no cookies or
//! authentication.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::HttpResponse;

/// The methods a preflight is told the API takes.
pub const ALLOWED_METHODS: &str = "GET, HEAD, POST";

/// The request headers a preflight is told the API reads.
pub const ALLOWED_HEADERS: &str = "content-type, x-request-id";

/// The answer headers a page may read besides the CORS-safelisted ones.
pub const EXPOSED_HEADERS: &str = "retry-after, x-request-id";

/// How long (seconds) a browser may keep a preflight's answer.
pub const PREFLIGHT_MAX_AGE: &str = "600";

/// The origins allowed to call the service from a browser.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CorsPolicy {
    /// No CORS header is ever sent (the default).
    #[default]
    Off,
    /// Any origin (`Access-Control-Allow-Origin: *`).
    Any,
    /// These origins exactly (`scheme://host[:port]`, as browsers send `Origin`).
    Origins(Vec<String>),
}

impl CorsPolicy {
    /// The policy of the `--cors-origins` list: empty is off, `*` anywhere is any origin,
    /// else the origins given (each trimmed, without a trailing slash).
    pub fn from_list(origins: &[String]) -> CorsPolicy {
        let origins: Vec<String> = origins
            .iter()
            .map(|o| o.trim().trim_end_matches('/').to_string())
            .filter(|o| !o.is_empty())
            .collect();
        if origins.is_empty() {
            CorsPolicy::Off
        } else if origins.iter().any(|o| o == "*") {
            CorsPolicy::Any
        } else {
            CorsPolicy::Origins(origins)
        }
    }

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, if allowed.
    fn allow(&self, origin: Option<&HeaderValue>) -> Option<HeaderValue> {
        let origin = origin?;
        match self {
            CorsPolicy::Off => None,
            CorsPolicy::Any => Some(HeaderValue::from_static("*")),
            CorsPolicy::Origins(list) => {
                let text = origin.to_str().ok()?;
                list.iter().any(|o| o == text).then(|| origin.clone())
            }
        }
    }
}

/// Answers an allowed origin's preflight and marks the answers to its requests.
///
/// # Errors
/// Those of the services it wraps.
pub async fn cors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let policy = req.app_data::<Data<CorsPolicy>>().cloned();
    let Some(policy) = policy.filter(|p| ***p != CorsPolicy::Off) else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let allowed = policy.allow(req.headers().get(header::ORIGIN));
    let listed = matches!(**policy, CorsPolicy::Origins(_));
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if let (Some(origin), true) = (&allowed, preflight) {
        let mut res = HttpResponse::NoContent().finish();
        let headers = res.headers_mut();
        mark(headers, origin.clone(), listed);
        for (name, value) in [
            (header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS),
            (header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS),
            (header::ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE),
        ] {
            headers.insert(name, HeaderValue::from_static(value));
        }
        return Ok(req.into_response(res).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    if let Some(origin) = allowed {
        mark(headers, origin, listed);
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSED_HEADERS),
        );
    } else if listed {
        headers.append(header::VARY, HeaderValue::from_static("origin"));
    }
    Ok(res.map_into_left_body())
}

/// The allowed origin, and `Vary: Origin` when the answer depends on it (a list).
fn mark(headers: &mut HeaderMap, origin: HeaderValue, listed: bool) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    if listed {
        headers.append(header::VARY, HeaderValue::from_static("origin"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn the_list_reads_as_a_policy() {
        assert_eq!(CorsPolicy::from_list(&[]), CorsPolicy::Off);
        assert_eq!(CorsPolicy::from_list(&list(&[" ", ""])), CorsPolicy::Off);
        assert_eq!(
            CorsPolicy::from_list(&list(&["https://a.example", "*"])),
            CorsPolicy::Any
        );
        assert_eq!(
            CorsPolicy::from_list(&list(&[" https://a.example/ ", "http://b.example:8000"])),
            CorsPolicy::Origins(list(&["https://a.example", "http://b.example:8000"]))
        );
    }

    #[test]
    fn only_a_listed_origin_is_allowed() {
        let policy = CorsPolicy::from_list(&list(&["https://a.example"]));
        let a = HeaderValue::from_static("https://a.example");
        let b = HeaderValue::from_static("https://b.example");
        assert_eq!(policy.allow(Some(&a)), Some(a.clone()));
        assert_eq!(policy.allow(Some(&b)), None);
        assert_eq!(policy.allow(None), None);
        assert_eq!(CorsPolicy::Off.allow(Some(&a)), None);
        assert_eq!(
            CorsPolicy::Any.allow(Some(&b)),
            Some(HeaderValue::from_static("*"))
        );
    }
}
