//! The layout rules of `ARCHITECTURE.md`, checked on the source itself: each floor of the
//! engine imports only the floors below it, the engine names no web crate, and no source
//! file is over 600 lines (its `#[cfg(test)]` module aside) or over a tenth of `src`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The engine's floors, lowest first (`ARCHITECTURE.md`, "Bird's-eye view"). A unit is a
/// top-level module of the engine, or one file that sits on another floor than its folder:
/// the generation context and the kind files below `attack.rs`, the emperor (whose capture
/// rule asks who attacks) and lion trading (the one rule the generator applies) above it.
const FLOORS: &[&[&str]] = &[
    &["core", "interrupt", "test_rng"],
    &["geometry"],
    &["movement"],
    &["variant"],
    &["position"],
    &["movegen::route_state"],
    &["movegen::gen"],
    &["movegen::routes"],
    &[
        "movegen::slide",
        "movegen::jump",
        "movegen::hook",
        "movegen::lion",
        "movegen::linelion",
        "movegen::liondog",
        "movegen::area",
        "movegen::rangejump",
        "movegen::rangecapture",
        "movegen::dblstep",
        "movegen::leapslide",
        "movegen::igui",
        "movegen::fly",
        "movegen::double",
        "movegen::path",
        "movegen::line",
        "movegen::shoot",
        "movegen::route_emit",
    ],
    &["attack"],
    &["movegen::emperor", "rules::lion_trading"],
    &["movegen"],
    &["perft", "notation", "picture"],
    &["rules"],
    &["game"],
    &["record"],
];

fn floor_of(unit: &str) -> usize {
    FLOORS
        .iter()
        .position(|floor| floor.contains(&unit))
        .unwrap_or_else(|| panic!("engine module `{unit}` has no floor in FLOORS"))
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read source folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The text without comments, string and character literals, and `#[cfg(test)]` modules.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1), chars.get(i + 2)) {
            ('/', Some('/'), _) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('"', _, _) => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                code.push_str("\"\"");
            }
            ('\'', Some('\\'), _) => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            ('\'', Some(_), Some('\'')) => i += 3,
            (c, _, _) => {
                code.push(c);
                i += 1;
            }
        }
    }
    strip_test_modules(&code)
}

fn strip_test_modules(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let head = after.trim_start();
        let is_module = head.starts_with("mod ") || head.starts_with("pub mod ");
        match (is_module, after.find('{'), after.find(';')) {
            (true, Some(open), semi) if semi.is_none_or(|s| s > open) => {
                let mut depth = 0usize;
                let mut end = after.len();
                for (i, c) in after[open..].char_indices() {
                    depth = match c {
                        '{' => depth + 1,
                        '}' => depth - 1,
                        _ => depth,
                    };
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                rest = &after[end..];
            }
            _ => {
                out.push_str("#[cfg(test)]");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The module path of a file under `src/engine` (`["movegen", "hook"]`; a `mod.rs` is its
/// folder).
fn module_path(engine: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(engine).expect("file under the engine");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The engine unit a module path belongs to: the file's own floor when it has one
/// (`movegen::hook`), else its top-level module's.
fn unit_of(path: &[String]) -> String {
    match path {
        [first, second, ..]
            if FLOORS
                .iter()
                .any(|f| f.contains(&format!("{first}::{second}").as_str())) =>
        {
            format!("{first}::{second}")
        }
        [first, ..] => first.clone(),
        [] => String::new(),
    }
}

/// The identifier `text` starts with (empty if none).
fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The engine module paths a file's code names: `crate::engine::…` and `super::…`.
fn named_paths(code: &str, own: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for start in 0..code.len() {
        let before_ok = start == 0
            || !(bytes[start - 1].is_ascii_alphanumeric()
                || bytes[start - 1] == b'_'
                || bytes[start - 1] == b':');
        if !before_ok {
            continue;
        }
        let rest = &code[start..];
        let (mut base, tail) = if let Some(tail) = rest.strip_prefix("crate::engine::") {
            (Vec::new(), tail)
        } else if rest.starts_with("super::") {
            (own.to_vec(), rest)
        } else {
            continue;
        };
        let mut tail = tail;
        while let Some(t) = tail.strip_prefix("super::") {
            base.pop();
            tail = t;
        }
        let name = identifier(tail);
        if !name.is_empty() {
            let after = &tail[name.len()..];
            base.push(name);
            if let Some(second) = after.strip_prefix("::").map(identifier) {
                if !second.is_empty() {
                    base.push(second);
                }
            }
            out.push(base);
        }
    }
    out
}

#[test]
fn each_floor_of_the_engine_imports_only_the_floors_below_it() {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut wrong = BTreeMap::new();
    let mut checked = 0;
    for file in sources(&engine) {
        let own = module_path(&engine, &file);
        if own.is_empty() {
            continue;
        }
        let unit = unit_of(&own);
        let code = code_of(&std::fs::read_to_string(&file).expect("read source"));
        for path in named_paths(&code, &own) {
            let target = unit_of(&path);
            checked += 1;
            if target.is_empty() || target == unit {
                continue;
            }
            if floor_of(&target) >= floor_of(&unit) {
                wrong
                    .entry(file.display().to_string())
                    .or_insert_with(Vec::new)
                    .push(format!("{unit} names {}", path.join("::")));
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} engine paths found: the scan is broken"
    );
    assert!(wrong.is_empty(), "imports against the floors: {wrong:#?}");
}

#[test]
fn the_engine_names_no_web_crate() {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    for file in sources(&engine) {
        let code = code_of(&std::fs::read_to_string(&file).expect("read source"));
        for krate in ["actix", "utoipa", "tracing", "tokio", "reqwest", "metrics"] {
            assert!(
                !code.contains(&format!("{krate}::")) && !code.contains(&format!("{krate}_")),
                "{} names {krate}",
                file.display()
            );
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines_or_a_tenth_of_src() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    assert!(files.len() > 50, "only {} source files found", files.len());
    let mut sizes = Vec::new();
    let mut total = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        total += text.lines().count();
        let outside_tests = strip_test_modules(&text).lines().count();
        sizes.push((outside_tests, file.display().to_string()));
    }
    let over: Vec<_> = sizes.iter().filter(|(n, _)| *n > 600).collect();
    assert!(over.is_empty(), "over 600 lines outside tests: {over:?}");
    let big: Vec<_> = sizes.iter().filter(|(n, _)| *n * 10 > total).collect();
    assert!(
        big.is_empty(),
        "over a tenth of src ({total} lines): {big:?}"
    );
}
