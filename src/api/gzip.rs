//! Answers compressed with gzip for a client that accepts it (`Accept-Encoding: gzip`):
//! an answer of at least [`MIN_GZIP_BYTES`] whose body is already whole in memory (every
//! answer this service writes) is sent gzip-coded, with `Content-Encoding: gzip`; such an
//! answer says `Vary: Accept-Encoding` whether it was compressed or not. Only answers:
//! request bodies are never decoded (`api::transport` refuses a coded one with 415).

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::Write as _;

/// The smallest answer compressed: below it the gzip frame (18 bytes) and the work cost
/// more than the bytes saved (and an answer this small fits one packet anyway).
pub const MIN_GZIP_BYTES: u64 = 1024;

/// Compresses the answer when the request accepts gzip and the answer is large enough.
///
/// # Errors
/// Those of the services it wraps.
pub async fn compress(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let wanted = accepts_gzip(req.headers());
    let res = next.call(req).await?;
    Ok(res.map_body(|head, body| {
        let body = BoxBody::new(body);
        let eligible = matches!(body.size(), BodySize::Sized(n) if n >= MIN_GZIP_BYTES)
            && !head.headers.contains_key(header::CONTENT_ENCODING);
        if !eligible {
            return body;
        }
        head.headers
            .append(header::VARY, HeaderValue::from_static("accept-encoding"));
        if !wanted {
            return body;
        }
        match body.try_into_bytes() {
            Ok(bytes) => match gzip(&bytes) {
                Some(coded) => {
                    head.headers
                        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                    BoxBody::new(coded)
                }
                None => BoxBody::new(bytes),
            },
            Err(body) => body,
        }
    }))
}

/// `bytes` gzip-coded (`None` should the encoder fail, when the answer goes uncoded).
pub fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::fast());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

/// Whether `Accept-Encoding` accepts gzip: `gzip` (or `x-gzip`) listed with a weight
/// above 0, or not listed and `*` listed with one (RFC 9110 §12.5.3). No header, or
/// `identity` alone, is no.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = None;
    for entry in headers
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        let mut parts = entry.split(';').map(str::trim);
        let coding = parts.next().unwrap_or_default();
        let Some(weight) = weight(parts) else {
            continue;
        };
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            named = Some(weight);
        } else if coding == "*" {
            any = Some(weight);
        }
    }
    named.or(any).is_some_and(|w| w > 0.0)
}

/// The weight (`q`) of one entry: 1 when absent, `None` when it does not read.
fn weight<'a>(params: impl Iterator<Item = &'a str>) -> Option<f32> {
    let mut q = 1.0;
    for param in params {
        if let Some((name, value)) = param.split_once('=') {
            if name.trim().eq_ignore_ascii_case("q") {
                q = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|q| (0.0..=1.0).contains(q))?;
            }
        }
    }
    Some(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderName;

    fn accepts(values: &[&str]) -> bool {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append(
                HeaderName::from_static("accept-encoding"),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        accepts_gzip(&headers)
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepts(&["gzip"]));
        assert!(accepts(&["br, GZip;q=0.5"]));
        assert!(accepts(&["identity", "x-gzip"]));
        assert!(accepts(&["*"]));
        assert!(!accepts(&[]));
        assert!(!accepts(&["identity"]));
        assert!(!accepts(&["br, deflate"]));
        assert!(!accepts(&["gzip;q=0"]));
        assert!(!accepts(&["*, gzip;q=0"]));
        assert!(!accepts(&["*;q=0"]));
        assert!(accepts(&["gzip;q=0.001, *;q=0"]));
        assert!(!accepts(&["gzip;q=x"]));
        assert!(!accepts(&["gzip;q=2"]));
    }

    #[test]
    fn gzip_output_reads_back() {
        use flate2::read::GzDecoder;
        use std::io::Read as _;
        let text = b"{\"moves\":[\"13s13r\",\"13s13q\"]}".repeat(100);
        let coded = gzip(&text).unwrap();
        assert!(coded.len() * 10 < text.len(), "{} bytes", coded.len());
        let mut back = Vec::new();
        GzDecoder::new(&coded[..]).read_to_end(&mut back).unwrap();
        assert_eq!(back, text);
    }
}
