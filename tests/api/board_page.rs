//! The analysis board page (issue 35): `GET /board/` and its files are served with their
//! media types, a Content-Security-Policy that allows the service's own origin only,
//! `nosniff` and revalidated caching (`ETag`, `304`); the page refers to its files and to
//! the API by relative URLs only (so it works behind a path prefix), and no file names an
//! outside address. The page's behaviour in a browser is `.ci/board-page.sh`'s.

use crate::helpers::{assert_problem, spawn_app, TestApp};

/// The files of the page as the repository holds them, with the media type each must be
/// served with.
const FILES: [(&str, &str); 6] = [
    ("index.html", "text/html; charset=utf-8"),
    ("board.css", "text/css; charset=utf-8"),
    ("board.js", "text/javascript; charset=utf-8"),
    ("moves.js", "text/javascript; charset=utf-8"),
    ("service.js", "text/javascript; charset=utf-8"),
    ("icon.png", "image/png"),
];

fn file(name: &str) -> Vec<u8> {
    let path = format!("{}/web/board/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The path a file is served at.
fn served_at(name: &str) -> String {
    match name {
        "index.html" => "/board/".to_string(),
        other => format!("/board/{other}"),
    }
}

async fn get_with(app: &TestApp, path: &str, header: Option<(&str, &str)>) -> reqwest::Response {
    let mut req = app.client.get(format!("{}{path}", app.address));
    if let Some((name, value)) = header {
        req = req.header(name, value);
    }
    req.send().await.expect("request sent")
}

#[tokio::test]
async fn every_file_is_served_as_it_is_with_its_type_policy_and_cache_headers() {
    let app = spawn_app().await;
    for (name, media_type) in FILES {
        let a = app.get(&served_at(name)).await;
        assert_eq!(a.status, 200, "{name}: {a:?}");
        assert_eq!(a.content_type, media_type, "{name}");
        assert!(
            a.raw == file(name),
            "{name}: the served bytes are not the repository's"
        );
        let header = |h: &str| {
            a.headers
                .get(h)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        let csp = header("content-security-policy");
        assert!(csp.starts_with("default-src 'self';"), "{name}: {csp}");
        assert!(
            !csp.contains("unsafe") && !csp.contains("http"),
            "{name}: {csp}"
        );
        assert_eq!(header("x-content-type-options"), "nosniff", "{name}");
        assert_eq!(header("cache-control"), "no-cache", "{name}");
        let etag = header("etag");
        assert!(etag.starts_with('"') && etag.len() > 2, "{name}: {etag}");
        let again = get_with(&app, &served_at(name), Some(("if-none-match", &etag))).await;
        assert_eq!(again.status(), 304, "{name}: a known ETag is not modified");
        assert!(again.bytes().await.expect("body").is_empty(), "{name}");
        let other = get_with(&app, &served_at(name), Some(("if-none-match", "\"0\""))).await;
        assert_eq!(other.status(), 200, "{name}: another ETag gets the file");
    }
}

#[tokio::test]
async fn the_page_without_its_slash_is_redirected_relatively_and_unknown_files_are_404() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let resp = client
        .get(format!("{}/board", app.address))
        .send()
        .await
        .expect("request sent");
    assert_eq!(resp.status(), 308);
    assert_eq!(resp.headers()["location"], "board/");
    for path in ["/board/nope.js", "/board/index.html", "/board/board.js/x"] {
        let a = app.get(path).await;
        assert_problem(&a, 404, "not_found");
    }
}

/// The values of `attr="..."` in an HTML text.
fn attributes<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let marker = format!(" {attr}=\"");
    html.match_indices(&marker)
        .filter_map(|(i, _)| {
            let rest = &html[i + marker.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

#[tokio::test]
async fn the_page_refers_to_its_files_and_the_api_by_relative_urls_only() {
    let html = String::from_utf8(file("index.html")).expect("UTF-8");
    let mut refs: Vec<&str> = attributes(&html, "href");
    refs.extend(attributes(&html, "src"));
    assert!(refs.len() >= 4, "{refs:?}");
    for r in &refs {
        assert!(
            !r.starts_with('/') && !r.contains("//") && !r.contains(':'),
            "`{r}` is not a relative URL"
        );
    }
    // Every file the page loads is one of the served files, and every served file but the
    // page is loaded by it.
    let own: Vec<&str> = refs
        .iter()
        .copied()
        .filter(|r| !r.starts_with("../"))
        .collect();
    for (name, _) in FILES.iter().skip(1) {
        assert!(own.contains(name), "the page does not load {name}: {own:?}");
    }
    for r in &own {
        assert!(
            FILES.iter().any(|(n, _)| n == r),
            "the page loads {r}, not served"
        );
    }
    // The scripts ask the API next to the page's folder, never at an absolute path.
    let service = String::from_utf8(file("service.js")).expect("UTF-8");
    assert!(service.contains("const API = \"../v1/\";"));
    for name in ["board.js", "moves.js", "service.js"] {
        let script = String::from_utf8(file(name)).expect("UTF-8");
        for absolute in ["\"/v1", "'/v1", "`/v1", "\"/board", "'/board"] {
            assert!(!script.contains(absolute), "{name} has {absolute}");
        }
    }
}

#[tokio::test]
async fn no_file_of_the_page_names_an_outside_address() {
    for (name, _) in FILES {
        let bytes = file(name);
        let text = String::from_utf8_lossy(&bytes).to_lowercase();
        for scheme in ["http:", "https:", "ws:", "wss:", "//cdn", "@import", "url("] {
            assert!(!text.contains(scheme), "{name} has `{scheme}`");
        }
    }
}
