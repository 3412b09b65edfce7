//! The repository's documents hold together: every rules page `docs/rules/<id>.md` is what
//! the generator writes from the variant data and its prose fragment (regenerate with
//! `cargo run --release --example rules_pages`); every relative link of every Markdown
//! file leads to a file of the repository, and every anchor into a Markdown file to one
//! of its headings; no file refers to the research folder kept outside the repository;
//! `ARCHITECTURE.md`'s code map names every source file of `src/engine`.

// Headings are anchored as the served HTML anchors them (GitHub's rule).
use shogi_arbiter::api::markdown::slug;
use shogi_arbiter::engine::variant::{rules_page, RULES_PAGE_MARKERS, VARIANT_IDS};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under the repository's root, less build output and version control.
fn files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read a folder") {
            let path = entry.expect("a folder entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !["target", ".git", "node_modules", "__pycache__"].contains(&name) {
                    walk(&path, out);
                }
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(root(), &mut out);
    out.sort();
    out
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_rules_page_is_what_the_generator_writes() {
    let dir = root().join("docs/rules");
    for id in VARIANT_IDS {
        let path = dir.join(format!("{id}.md"));
        let committed =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let generated = rules_page(id).expect("a built-in variant");
        assert!(
            committed == generated,
            "docs/rules/{id}.md differs from the generator's page: run `cargo run --release \
             --example rules_pages` and commit the result"
        );
    }
    let pages: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("docs/rules")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    let expected: BTreeSet<String> = VARIANT_IDS.iter().map(|id| format!("{id}.md")).collect();
    assert_eq!(
        pages, expected,
        "docs/rules holds one page per variant, nothing else"
    );
}

#[test]
fn every_prose_fragment_places_each_generated_part_once() {
    for id in VARIANT_IDS {
        let path = root().join(format!("src/engine/variant/prose/{id}.md"));
        let prose = std::fs::read_to_string(&path).expect("the prose fragment");
        for marker in RULES_PAGE_MARKERS {
            let count = prose.lines().filter(|l| l.trim() == marker).count();
            assert_eq!(count, 1, "{id}.md: `{marker}` on a line of its own, once");
        }
        let page = rules_page(id).expect("a built-in variant");
        assert!(
            RULES_PAGE_MARKERS.iter().all(|m| !page.contains(m)),
            "{id}: every marker replaced"
        );
    }
}

/// The lines of a Markdown text outside code fences, inline code spans blanked.
fn prose_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, ... as
/// GitHub numbers them).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fence = false;
    let mut seen = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        if fence || !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim());
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of a line's `[text](target)` links.
fn link_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        out.push(target.to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn every_relative_link_of_every_markdown_file_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in files()
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
    {
        let text = std::fs::read_to_string(file).expect("a Markdown file is text");
        for (n, line) in prose_lines(&text).iter().enumerate() {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                    continue;
                }
                checked += 1;
                let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().expect("a folder").join(path)
                };
                let place = format!("{}:{}: `{target}`", relative(file), n + 1);
                if !resolved.exists() {
                    broken.push(format!("{place}: no such file"));
                } else if !anchor.is_empty() && resolved.extension().is_some_and(|e| e == "md") {
                    let page = std::fs::read_to_string(&resolved).expect("Markdown");
                    if !anchors(&page).contains(anchor) {
                        broken.push(format!("{place}: no such heading"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked > 20,
        "only {checked} links found: the scan is broken"
    );
}

#[test]
fn no_file_refers_to_the_research_folder_outside_the_repository() {
    // Spelt in two halves, so that this file does not name what it looks for.
    let outside = [concat!("..", "/shared"), concat!("shared", "/rules")];
    let mut found = Vec::new();
    let mut read = 0;
    for file in files() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        read += 1;
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|o| line.contains(o)) {
                found.push(format!("{}:{}: {line}", relative(&file), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "references to a folder the repository does not have:\n{}",
        found.join("\n")
    );
    assert!(read > 100, "only {read} files read: the walk is broken");
}

#[test]
fn the_link_reader_finds_links_and_headings() {
    assert_eq!(
        link_targets("see [a](x.md#b) and [c](https://e.org) `[d](no.md)`"),
        ["x.md#b", "https://e.org", "no.md"]
    );
    assert_eq!(
        prose_lines("a `[d](no.md)` b\n```\n[e](f.md)\n```\n"),
        ["a  b"]
    );
    let headings =
        anchors("# Tai shogi (泰将棋)\n## Order of a move's effects\n## Notes\n## Notes\n");
    assert!(headings.contains("tai-shogi-泰将棋"));
    assert!(headings.contains("order-of-a-moves-effects"));
    assert!(headings.contains("notes-1"));
}

/// The code map of `ARCHITECTURE.md` (from its "Code map" heading to the next `## `), cut
/// into its `### ` entries: (heading, text).
fn code_map_entries() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let start = text.find("\n## Code map").expect("a code map");
    let map = &text[start + 1..];
    let end = map[3..].find("\n## ").map_or(map.len(), |e| e + 3);
    map[..end]
        .split("\n### ")
        .skip(1)
        .map(|entry| {
            let (heading, body) = entry.split_once('\n').unwrap_or((entry, ""));
            (heading.to_string(), body.to_string())
        })
        .collect()
}

/// Whether `text` names `name` as a path or the end of one: `name` starts it or follows a
/// backtick, a slash or a space, and ends it or comes before a backtick, a comma or a space.
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        before.is_none_or(|c| matches!(c, '`' | '/' | ' ' | '\n' | '('))
            && after.is_none_or(|c| matches!(c, '`' | ',' | ' ' | ')' | '\n' | ':'))
    })
}

/// Whether the code map covers the engine file at `rel` (its path under `src/engine`):
/// its whole path `src/engine/<rel>` is named anywhere in the map, or the entry whose
/// heading names its top folder (`src/engine/<top>/`) or itself names the file: by its
/// file name, or, for a folder's `mod.rs`, by the folder (`ko/`).
fn covered(entries: &[(String, String)], rel: &str) -> bool {
    let full = format!("src/engine/{rel}");
    if entries
        .iter()
        .any(|(h, b)| names(h, &full) || names(b, &full))
    {
        return true;
    }
    let parts: Vec<&str> = rel.split('/').collect();
    // A top folder's entry names it as `src/engine/<top>/`, or as `src/engine/<top>.rs`
    // when that file's submodules sit in the folder (`perft.rs`, `perft/`).
    let units = if parts.len() > 1 {
        [
            format!("src/engine/{}/", parts[0]),
            format!("src/engine/{}.rs", parts[0]),
        ]
    } else {
        [full.clone(), full.clone()]
    };
    let name = match parts.as_slice() {
        [.., folder, "mod.rs"] => format!("{folder}/"),
        [.., file] => file.to_string(),
        [] => unreachable!("a path has a file name"),
    };
    entries
        .iter()
        .filter(|(heading, _)| units.iter().any(|u| heading.contains(u.as_str())))
        .any(|(heading, body)| parts.len() == 1 || names(body, &name) || names(heading, &name))
}

/// Every source file under `src/engine` is named in `ARCHITECTURE.md`'s code map, in the
/// entry of its top folder (a file added without a line there fails here).
#[test]
fn the_code_map_names_every_engine_file() {
    let entries = code_map_entries();
    assert!(
        entries.len() > 10,
        "the code map has {} entries",
        entries.len()
    );
    let engine = root().join("src/engine");
    let missing: Vec<String> = files()
        .iter()
        .filter(|p| p.starts_with(&engine) && p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            p.strip_prefix(&engine)
                .expect("under src/engine")
                .display()
                .to_string()
        })
        .filter(|rel| !covered(&entries, rel))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name these files of src/engine: {missing:?}"
    );
}

/// The coverage rule of the code-map test on a small map.
#[test]
fn the_code_map_rule_reads_names_and_folders() {
    let entries = vec![
        (
            "`src/engine/movegen/`".to_string(),
            "`gen.rs` the context; `ko/` ko's generator: `legs.rs`".to_string(),
        ),
        (
            "`src/engine/attack.rs`".to_string(),
            "Who attacks.".to_string(),
        ),
    ];
    for rel in [
        "movegen/gen.rs",
        "movegen/ko/mod.rs",
        "movegen/ko/legs.rs",
        "attack.rs",
    ] {
        assert!(covered(&entries, rel), "{rel}");
    }
    for rel in [
        "movegen/slide.rs",
        "rules/mod.rs",
        "geometry.rs",
        "rules/gen.rs",
        "movegen/en.rs",
    ] {
        assert!(!covered(&entries, rel), "{rel}");
    }
}
