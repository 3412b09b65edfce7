//! The conformance kit's generator: reads the hand-derived rule vectors and game fixtures
//! of `tests/data/`, and returns every file of `conformance/` (perft files, vector and game
//! JSON) and `src/conformance/embedded.rs` (the kit compiled into the binary) as text. The
//! perft files (`conformance/perft/`) are data kept by hand, carried as they are. A case's
//! `expect` comes from the data files only, never from running the engine; the engine
//! writes the position text of a `.vec` case's piece placements (an input, not an
//! expectation) and each case's `lock`: its answer to the case's request through the API's
//! jobs, in process, in the form of `shogi_arbiter::conformance::lock` (every effect,
//! listed move and status: a regression lock, like the perft files' locks).
//!
//! Shared by `cargo run --release --example conformance_kit` (which writes the files) and
//! the drift test in `tests/cli/kit.rs` (which fails when the committed kit differs).

#[path = "../../tests/common/answer.rs"]
mod answer;
#[path = "../../tests/common/placements.rs"]
mod placements;
#[path = "../../tests/common/rules.rs"]
mod rules;

use answer::answer;
use placements::position_text;
use rules::rules_for;
use serde_json::{json, Map, Value};
use shogi_arbiter::conformance::{game_request, lock_of, vector_request};
use shogi_arbiter::engine::variant::{Rules, VARIANT_IDS};
use std::collections::BTreeMap;
use std::path::Path;

/// The variants and their profiles, the default first, as the registry has them
/// (`src/engine/variant/data/*.profiles`).
pub fn profiles() -> Vec<(&'static str, &'static [String])> {
    VARIANT_IDS
        .iter()
        .map(|&id| {
            let variant = shogi_arbiter::engine::variant::by_id(id).expect("a listed variant");
            (id, variant.profiles.as_slice())
        })
        .collect()
}

/// Every file of the kit, by path relative to the repository root, with its text.
pub fn kit(root: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for name in perft_files(root) {
        let path = format!("conformance/perft/{name}");
        let text = read(root, &path);
        files.insert(path, text);
    }
    let vectors: Vec<Value> = vectors(root)
        .into_iter()
        .map(|mut v| {
            let variant = v["variant"].as_str().expect("a variant").to_string();
            let (path, body) = vector_request(&variant, &v);
            v["lock"] = lock_of(path, &answer(path, body));
            v
        })
        .collect();
    for (variant, _) in profiles() {
        let list: Vec<Value> = vectors
            .iter()
            .filter(|v| v["variant"] == *variant)
            .cloned()
            .collect();
        if list.is_empty() {
            continue;
        }
        files.insert(
            format!("conformance/vectors/{variant}.json"),
            pretty(&json!({"variant": variant, "vectors": list})),
        );
    }
    for (variant, mut games) in games(root) {
        for g in &mut games {
            let path = "/v1/replay";
            g["lock"] = lock_of(path, &answer(path, game_request(&variant, g)));
        }
        files.insert(
            format!("conformance/games/{variant}.json"),
            pretty(&json!({"variant": variant, "games": games})),
        );
    }
    let embedded = embedded(files.keys());
    files.insert("src/conformance/embedded.rs".to_string(), embedded);
    files
}

/// JSON with two-space indents and a final newline.
/// An array of strings (a lock's move list) is written several items a line, up to
/// [`WIDTH`] columns, so that a list of hundreds of moves stays small.
fn pretty(v: &Value) -> String {
    let mut s = String::new();
    write_pretty(&mut s, v, 0);
    s.push('\n');
    s
}

/// The column at which [`pretty`] wraps an array of strings.
const WIDTH: usize = 100;

fn write_pretty(out: &mut String, v: &Value, depth: usize) {
    let pad = |d: usize| "  ".repeat(d);
    let text = |v: &Value| serde_json::to_string(v).expect("JSON");
    match v {
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Array(items) if items.iter().all(Value::is_string) => {
            out.push('[');
            let mut column = WIDTH;
            for (i, item) in items.iter().enumerate() {
                let t = text(item);
                let comma = usize::from(i + 1 < items.len());
                if column + 1 + t.len() + comma > WIDTH {
                    out.push('\n');
                    out.push_str(&pad(depth + 1));
                    column = 2 * (depth + 1);
                } else {
                    out.push(' ');
                    column += 1;
                }
                out.push_str(&t);
                column += t.len();
                if comma == 1 {
                    out.push(',');
                    column += 1;
                }
            }
            out.push('\n');
            out.push_str(&pad(depth));
            out.push(']');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                out.push_str(&pad(depth + 1));
                write_pretty(out, item, depth + 1);
            }
            out.push('\n');
            out.push_str(&pad(depth));
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                out.push_str(&pad(depth + 1));
                out.push_str(&text(&Value::String(key.clone())));
                out.push_str(": ");
                write_pretty(out, item, depth + 1);
            }
            out.push('\n');
            out.push_str(&pad(depth));
            out.push('}');
        }
        scalar => out.push_str(&text(scalar)),
    }
}

/// `src/conformance/embedded.rs`: every kit file, compiled in.
fn embedded<'a>(paths: impl Iterator<Item = &'a String>) -> String {
    let mut s = String::from(
        "//! The conformance kit compiled into the binary (`conformance/`): every file by its\n\
         //! path under `conformance/`. Written by `cargo run --release --example\n\
         //! conformance_kit`; a test fails when it drifts from the generator.\n\n\
         /// (path under `conformance/`, text) of every kit file.\n\
         pub const FILES: &[(&str, &str)] = &[\n",
    );
    for p in paths.filter(|p| p.starts_with("conformance/")) {
        let rel = &p["conformance/".len()..];
        s.push_str(&format!(
            "    (\n        \"{rel}\",\n        include_str!(\"../../{p}\"),\n    ),\n"
        ));
    }
    s.push_str("];\n");
    s
}

// ------------------------------------------------------------------------ perft files

/// The names of the perft files (`conformance/perft/*.perft`): data kept by hand (each
/// count with its origin in a comment), which the kit carries as they are; the engine
/// tests run their start-position blocks (`tests/engine/perft.rs`).
fn perft_files(root: &Path) -> Vec<String> {
    let dir = root.join("conformance/perft");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".perft"))
        .collect();
    names.sort();
    names
}

// ------------------------------------------------------------------------ rules

/// The request's `rules` object of `profile=NAME option=value` entries, the variant's
/// default profile named when none is.
fn rules_json(variant: &str, entries: &str) -> Value {
    let default = profiles()
        .into_iter()
        .find(|(v, _)| *v == variant)
        .map(|(_, p)| p[0].as_str())
        .expect("a variant");
    let mut profile = default.to_string();
    let mut options = Map::new();
    for entry in entries.split_whitespace() {
        let (k, v) = entry.split_once('=').unwrap_or_else(|| panic!("`{entry}`"));
        if k == "profile" {
            profile = v.to_string();
        } else {
            options.insert(k.to_string(), json!(v));
        }
    }
    if options.is_empty() {
        json!({ "profile": profile })
    } else {
        json!({ "profile": profile, "options": options })
    }
}

/// Position text of a board holding `placements` (`CODE@SQUARE`, lowercase = White), with
/// `extra` as its third field (`-` keeps the default).
fn placements_text(rules: &Rules, placements: &str, side: char, extra: &str) -> String {
    let text = position_text(rules, placements, side);
    if extra == "-" {
        return text;
    }
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[2] = extra;
    fields.join(" ")
}

// ------------------------------------------------------------------------ vectors

/// Every vector: the transcribed files `tests/data/vectors/<variant>.json` as they are
/// (their `expect` is the data; the engine tests run them, `tests/engine/rule_vectors.rs`),
/// then those still derived from their variant's own files.
fn vectors(root: &Path) -> Vec<Value> {
    let mut all = Vec::new();
    for variant in VARIANT_IDS {
        let rel = format!("tests/data/vectors/{variant}.json");
        if !root.join(&rel).exists() {
            continue;
        }
        let doc: Value =
            serde_json::from_str(&read(root, &rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        all.extend(
            doc["vectors"]
                .as_array()
                .unwrap_or_else(|| panic!("{rel}: no vectors"))
                .iter()
                .cloned(),
        );
    }
    all
}

fn read(root: &Path, rel: &str) -> String {
    let path = root.join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ------------------------------------------------------------------------ games

/// The game-end fixtures (`tests/data/game_end/<variant>.json`) by variant: start
/// position, moves, and the ruling (first illegal move with its reason, final status).
fn games(root: &Path) -> BTreeMap<String, Vec<Value>> {
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for &variant in VARIANT_IDS {
        let file = format!("game_end/{variant}.json");
        let text = read(root, &format!("tests/data/{file}"));
        let fixtures: Vec<Value> = serde_json::from_str(&text).expect("fixtures");
        for f in fixtures {
            let mut entries = String::new();
            for (k, v) in f["rules"].as_object().expect("rules") {
                entries.push_str(&format!("{k}={} ", v.as_str().expect("a value")));
            }
            let rules = rules_for(variant, &entries);
            let side = f["side"].as_str().expect("side").chars().next().expect("b");
            let start = placements_text(
                &rules,
                f["placements"].as_str().expect("placements"),
                side,
                "-",
            );
            let x = &f["expect"];
            let mut status = Map::new();
            status.insert("state".into(), x["state"].clone());
            for key in ["result", "reason"] {
                if let Some(v) = x.get(key).filter(|v| !v.is_null()) {
                    status.insert(key.into(), v.clone());
                }
            }
            status.insert("in_check".into(), x["in_check"].clone());
            if let Some(r) = x.get("check_royals").filter(|v| !v.is_null()) {
                status.insert("check_royals".into(), r.clone());
            }
            if let Some(r) = x.get("attacking_moves").filter(|v| !v.is_null()) {
                status.insert("attacking_moves".into(), r.clone());
            }
            let mut expect = Map::new();
            expect.insert("first_illegal".into(), x["first_illegal"].clone());
            if let Some(c) = x.get("illegal_code").filter(|v| !v.is_null()) {
                expect.insert("illegal_reason".into(), c.clone());
            }
            expect.insert("status".into(), Value::Object(status));
            out.entry(variant.to_string()).or_default().push(json!({
                "id": f["name"],
                "source": format!("tests/data/{file}: {}", f["why"].as_str().unwrap_or("")),
                "rules": rules_json(variant, &entries),
                "start": start,
                "moves": f["moves"],
                "expect": expect,
            }));
        }
    }
    out
}
