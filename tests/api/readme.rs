//! The README as a user meets it: every curl example runs against the app (each must
//! answer 200), every count it states is the service's, and the Markdown renders (every
//! code fence closes, every heading is one).

use crate::helpers::{spawn_app, Answer, TestApp};
use serde_json::Value;

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
        let a = curl(&app, line).await;
        assert_eq!(a.status, 200, "{line}: {a:?}");
        ran += 1;
    }
    assert!(ran >= 6, "only {ran} curl examples in README.md");
}

/// The answer to one of the README's curl lines (a pipe into jq after it left out).
async fn curl(app: &TestApp, line: &str) -> Answer {
    let line = line
        .split_once("' | jq ")
        .map_or(line, |(request, _)| request);
    // A URL with `&` in it is quoted for the shell.
    let url = line
        .split_whitespace()
        .map(|w| w.trim_matches('\''))
        .find(|w| w.starts_with("localhost:8080"))
        .unwrap_or_else(|| panic!("no URL in {line}"));
    let path = url.trim_start_matches("localhost:8080");
    match line.split_once(" -d '") {
        Some((_, rest)) => {
            let body = rest.trim_end_matches('\'');
            let value: Value = serde_json::from_str(body)
                .unwrap_or_else(|e| panic!("README body does not parse ({e}): {body}"));
            app.post(path, &value).await
        }
        None => app.get(path).await,
    }
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The README's curl examples grouped under their comments: each `# ...` comment block
/// of a code fence (its lines joined) with the curl lines that follow it.
fn commented_examples(readme: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_fence = false;
    let mut after_comment = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
            after_comment = false;
            continue;
        }
        if !in_fence {
            continue;
        }
        if let Some(text) = line.strip_prefix("# ") {
            match blocks.last_mut() {
                Some((comment, curls)) if after_comment && curls.is_empty() => {
                    comment.push(' ');
                    comment.push_str(text);
                }
                _ => blocks.push((text.to_string(), Vec::new())),
            }
            after_comment = true;
        } else if line.starts_with("curl ") && after_comment {
            if let Some((_, curls)) = blocks.last_mut() {
                curls.push(line.to_string());
            }
        } else {
            after_comment = false;
        }
    }
    blocks
}

/// The numbers of a comment outside its parentheses, as written (`1,296`), leaving out a
/// depth (`at depth 2`).
fn counts_in(comment: &str) -> Vec<u64> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in comment.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = plain.split_whitespace().collect();
    words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || words[i - 1] != "depth")
        .filter_map(|(_, w)| {
            let w = w.trim_end_matches([',', '.', ';', ':']);
            (!w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == ','))
                .then(|| w.replace(',', "").parse().ok())
                .flatten()
        })
        .collect()
}

/// A count in words as the README writes small ones.
fn number(word: &str) -> Option<usize> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS
        .iter()
        .position(|w| *w == word)
        .or_else(|| word.parse().ok())
}

/// Every count the README states is the service's or the data's: the legal moves and perft
/// counts a commented example states are its answers' (`count`, `nodes`, in order), the
/// profiles and options a catalogue example names are the variant's, and the options of
/// every variant listed under "Rule profiles" are the catalogue's.
#[tokio::test]
async fn every_count_in_the_readme_matches_the_data() {
    let readme = readme();
    let app = spawn_app().await;
    let mut checked = 0;
    for (comment, curls) in commented_examples(&readme) {
        let lower = comment.to_lowercase();
        let counts = counts_in(&comment);
        let counted = lower.contains("legal moves") || lower.contains("perft");
        if counted && !counts.is_empty() && !curls.is_empty() {
            let mut answered = Vec::new();
            for line in &curls {
                let a = curl(&app, line).await;
                if line.contains("/v1/legal-moves") {
                    answered.push(a.body["count"].as_u64().unwrap());
                } else if line.contains("/v1/perft") {
                    answered.push(a.body["nodes"].as_u64().unwrap());
                }
            }
            assert_eq!(counts, answered, "README: `# {comment}`");
            checked += counts.len();
        }
        let words: Vec<&str> = comment.split_whitespace().collect();
        for (i, w) in words.iter().enumerate().skip(1) {
            let kind = w.trim_end_matches(['.', ',']);
            if kind != "profiles" && kind != "options" {
                continue;
            }
            let Some(n) = number(words[i - 1]) else {
                continue;
            };
            let line = curls
                .iter()
                .find(|l| l.contains("/v1/variants/"))
                .unwrap_or_else(|| panic!("README: `# {comment}` names no variant"));
            let a = curl(&app, line).await;
            assert_eq!(
                a.body[kind].as_array().map(Vec::len),
                Some(n),
                "README: `# {comment}`: {kind}"
            );
            checked += 1;
        }
    }
    let line = readme
        .split("explains the options of every variant (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("README lists the options of every variant");
    let listed: Vec<(&str, usize)> = line
        .split(';')
        .next()
        .unwrap()
        .split(',')
        .map(|item| {
            let (id, n) = item.trim().rsplit_once(' ').unwrap();
            (id, n.parse().unwrap())
        })
        .collect();
    let ids: Vec<&str> = listed.iter().map(|&(id, _)| id).collect();
    assert_eq!(ids, shogi_arbiter::engine::variant::VARIANT_IDS);
    for (id, n) in listed {
        let variant = shogi_arbiter::engine::variant::by_id(id).unwrap();
        assert_eq!(variant.options.len(), n, "README: {id}'s options");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} counts checked in README.md");
}

/// Every heading renders: outside code fences, a line starting with `#` has one to six of
/// them and a space after; inside a fence no line is a section heading (`##`: a fence
/// left open turns the headings after it into code).
#[test]
fn every_readme_heading_renders() {
    let readme = readme();
    let mut in_fence = false;
    let mut headings = 0;
    for (no, line) in readme.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if hashes == 0 {
            continue;
        }
        if in_fence {
            assert!(
                hashes == 1,
                "README.md line {no}: the heading `{line}` is inside a code fence"
            );
            continue;
        }
        assert!(
            hashes <= 6 && line[hashes..].starts_with(' ') && line.len() > hashes + 1,
            "README.md line {no}: `{line}` does not render as a heading"
        );
        headings += 1;
    }
    assert!(headings >= 20, "only {headings} headings in README.md");
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
