//! The README as a user meets it: every curl example runs against the app (each must
//! answer 200), and the Markdown renders (every code fence closes).

use crate::helpers::spawn_app;

#[tokio::test]
async fn every_readme_curl_example_works() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let app = spawn_app().await;
    let mut ran = 0;
    for line in readme
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("curl "))
    {
        // A URL with `&` in it is quoted for the shell.
        let url = line
            .split_whitespace()
            .map(|w| w.trim_matches('\''))
            .find(|w| w.starts_with("localhost:8080"))
            .unwrap_or_else(|| panic!("no URL in {line}"));
        let path = url.trim_start_matches("localhost:8080");
        let a = match line.split_once(" -d '") {
            Some((_, rest)) => {
                let body = rest.trim_end_matches('\'');
                let value: serde_json::Value = serde_json::from_str(body)
                    .unwrap_or_else(|e| panic!("README body does not parse ({e}): {body}"));
                app.post(path, &value).await
            }
            None => app.get(path).await,
        };
        assert_eq!(a.status, 200, "{line}: {a:?}");
        ran += 1;
    }
    assert!(ran >= 6, "only {ran} curl examples in README.md");
}

/// The README renders: every code fence closes, and no section heading (`## `) falls
/// inside one (an unclosed fence once turned the maka dai dai heading into code).
#[test]
fn every_readme_code_fence_closes() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut open: Option<usize> = None;
    let mut fences = 0;
    for (no, line) in readme.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.starts_with("```") {
            fences += 1;
            open = match open {
                Some(_) => None,
                None => Some(no),
            };
        } else if let Some(start) = open {
            assert!(
                !line.starts_with("## "),
                "README.md line {no}: the heading `{line}` is inside the code fence opened on line {start}"
            );
        }
    }
    assert_eq!(open, None, "README.md: a code fence is never closed");
    assert!(fences >= 20, "only {fences} fence lines in README.md");
}
