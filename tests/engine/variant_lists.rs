//! Every list and document that names the variants or their profiles agrees with the
//! registry (each variant's header `data/<id>.variant` and its `.profiles`): the README
//! (its opening paragraph, its links to the rules pages, each variant's profile tables and
//! option columns, the command line's `--variant` list, the kit's count of pairs),
//! `docs/kif.md`'s `手合割` names, and the conformance kit (its perft files and README). No
//! source file compares a variant id. (The OpenAPI document's variant enum and profile
//! description: `tests/api/openapi.rs`; the rules pages: `repository_docs.rs`; the
//! crate's and the engine's docs and KIF's names: `names.rs`.)

use shogi_arbiter::engine::variant::{self, VariantNames, VARIANT_IDS};
use std::path::Path;

const README: &str = include_str!("../../README.md");
const KIF_DOC: &str = include_str!("../../docs/kif.md");
const KIT_README: &str = include_str!("../../conformance/README.md");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each variant's names and profiles, in the registry's order.
fn registry() -> Vec<(VariantNames, Vec<String>)> {
    variant::names()
        .map(|n| {
            let v = variant::by_id(n.id).expect("a listed variant loads");
            (n, v.profiles.clone())
        })
        .collect()
}

/// The text with its line breaks folded into spaces.
fn folded(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The part of `text` (split at `separator`) that starts with `start`, folded.
fn part(text: &str, separator: &str, start: &str) -> String {
    let found = text.split(separator).find(|p| p.starts_with(start));
    folded(found.unwrap_or_else(|| panic!("no part starts with `{start}`")))
}

/// The code spans of `text` (what backticks enclose), in order.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The README's sections, by heading (`## ` headings).
fn sections(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut starts: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(heading) = line.strip_prefix("## ") {
            starts.push((at, heading.trim()));
        }
        at += line.len();
    }
    for (i, &(start, heading)) in starts.iter().enumerate() {
        let end = starts.get(i + 1).map_or(text.len(), |&(e, _)| e);
        out.push((heading, &text[start..end]));
    }
    out
}

const COUNTS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];

#[test]
fn the_readme_names_and_links_every_variant_in_the_registry_order() {
    let opening = part(README, "\n\n", "A stateless REST/JSON rules arbiter").to_lowercase();
    let mut last = 0;
    for (n, _) in registry() {
        let v = variant::by_id(n.id).unwrap();
        let shape = v.shape();
        let named = format!(
            "{} ({}, {}×{}",
            n.name.to_lowercase(),
            n.japanese,
            shape.files,
            shape.ranks
        );
        let at = opening
            .find(&named)
            .unwrap_or_else(|| panic!("the README's opening lacks `{named}`"));
        assert!(
            at >= last,
            "the README's opening lists {} out of order",
            n.id
        );
        last = at;
    }
    let links: Vec<usize> = VARIANT_IDS
        .iter()
        .map(|id| {
            README
                .find(&format!("](docs/rules/{id}.md)"))
                .unwrap_or_else(|| panic!("the README does not link docs/rules/{id}.md"))
        })
        .collect();
    assert!(
        links.is_sorted(),
        "the README links the rules pages out of order"
    );
    let command = format!("perft --variant {} --depth N", VARIANT_IDS.join("|"));
    assert!(README.contains(&command), "the README lacks `{command}`");
}

/// In each variant's section of the README, every enumeration of its profiles (the
/// profile table, the option table's columns, "values under ...") and "the N profiles"
/// name exactly the registry's profiles, in order (the default first).
#[test]
fn the_readme_gives_each_variant_its_profiles() {
    let sections = sections(README);
    for (n, profiles) in registry() {
        let lower = n.name.to_lowercase();
        let (_, text) = sections
            .iter()
            .copied()
            .find(|(h, _)| *h == n.name || h.ends_with(&format!("({lower})")))
            .unwrap_or_else(|| panic!("the README has no section for {}", n.id));
        let mut lists: Vec<Vec<&str>> = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("| option |") && line.contains('`') {
                lists.push(code_spans(line));
            }
            if let Some((_, rest)) = line.split_once("values under ") {
                lists.push(code_spans(rest.split(['(', ';', ')']).next().unwrap()));
            }
            if line.starts_with("| profile |") {
                let rows = lines[i + 2..].iter().take_while(|l| l.starts_with('|'));
                lists.push(rows.map(|row| code_spans(row)[0]).collect());
            }
        }
        let mut checked = lists.len();
        for list in lists {
            assert_eq!(list, profiles, "{}: the README's list of profiles", n.id);
        }
        let folded = folded(text);
        for (k, word) in COUNTS.iter().enumerate() {
            if folded.contains(&format!("the {word} profiles")) {
                assert_eq!(k + 1, profiles.len(), "{}: `the {word} profiles`", n.id);
                checked += 1;
            }
        }
        assert!(
            checked > 0,
            "{}: the README names or counts no profile",
            n.id
        );
    }
}

/// The kit has one perft file per variant and profile, and the README and the kit's own
/// README count them (and list the variants) as the registry does.
#[test]
fn the_kit_has_a_perft_file_per_variant_and_profile() {
    let mut expected: Vec<String> = registry()
        .iter()
        .flat_map(|(n, profiles)| profiles.iter().map(|p| format!("{}-{p}.perft", n.id)))
        .collect();
    expected.sort();
    let mut files: Vec<String> = std::fs::read_dir(root().join("conformance/perft"))
        .expect("the kit's perft folder")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".perft"))
        .collect();
    files.sort();
    assert_eq!(files, expected);
    let pairs = expected.len();
    assert!(
        folded(README).contains(&format!("each of the {pairs} variant-profile pairs")),
        "the README does not count {pairs} variant-profile pairs"
    );
    assert!(
        KIT_README.contains(&format!("rule profile ({pairs} files)")),
        "conformance/README.md does not count {pairs} perft files"
    );
    let words: Vec<String> = variant::names()
        .map(|n| n.name.trim_end_matches(" shogi").to_lowercase())
        .collect();
    let (last, rest) = words.split_last().unwrap();
    let list = format!("{} and {last}", rest.join(", "));
    assert!(
        folded(KIT_README).contains(&list),
        "conformance/README.md does not list the variants as `{list}`"
    );
}

/// docs/kif.md's header rule names the variants written with lishogi's layout (no
/// `手合割` line) and every other variant's `手合割` name, in the registry's order.
#[test]
fn the_kif_doc_gives_every_variant_its_name() {
    let rule = part(KIF_DOC, "\n- ", "Header: `手合割：{variant}`");
    let (except, rest) = rule
        .split_once(" (")
        .and_then(|(head, rest)| Some((head.split_once("except for ")?.1, rest)))
        .expect("`except for <ids> (<names>...`");
    let (lishogi, others): (Vec<_>, Vec<_>) =
        variant::names().partition(|n| variant::by_id(n.id).unwrap().traits.lishogi_kif);
    let ids: Vec<&str> = lishogi.iter().map(|n| n.id).collect();
    assert_eq!(except, ids.join(", "));
    let names: Vec<&str> = others.iter().map(|n| n.japanese).collect();
    let listed = code_spans(rest.split(':').next().unwrap());
    assert_eq!(listed, names);
}

/// No source file decides anything by a variant's id: behaviour follows the header's
/// capabilities.
#[test]
fn no_source_compares_a_variant_id() {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files);
    assert!(files.len() > 50);
    for (path, text) in files {
        for (no, line) in text.lines().enumerate() {
            let compares = line.contains("id == \"") || line.contains("variant.id ==");
            assert!(!compares, "{path}:{}: {line}", no + 1);
        }
    }
}
