//! Runs every case of `tests/data/vectors/*.vec` (format: `tests/data/vectors/FORMAT.md`):
//! the move set of one piece, whether a pass exists, accepted and rejected move texts (with
//! the reason, where given), and the counter-strike field a move leaves (chu shogi).

use crate::support::{position_text, rules_for};
use shogi_arbiter::engine::movegen::{canonical_pass, generate_from};
use shogi_arbiter::engine::notation::{format_move, format_position_of, parse_valid_position};
use shogi_arbiter::engine::rules::legality::check_move;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[derive(Default, Debug)]
struct Case {
    name: String,
    file: String,
    fields: BTreeMap<String, Vec<String>>,
}

impl Case {
    fn one(&self, key: &str) -> Option<&str> {
        self.fields
            .get(key)
            .and_then(|v| v.first())
            .map(String::as_str)
    }
}

fn load_cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("vector folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "vec"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut current = Case::default();
        for line in text.lines().chain(std::iter::once("")) {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                if !current.fields.is_empty() {
                    current.name = current.one("case").unwrap_or("?").to_string();
                    current.file = file.clone();
                    cases.push(std::mem::take(&mut current));
                }
                continue;
            }
            let (k, v) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("{file}: line without key: {line}"));
            current
                .fields
                .entry(k.trim().to_string())
                .or_default()
                .push(v.trim().to_string());
        }
    }
    cases
}

/// Runs one case; returns the problems found.
fn run_case(case: &Case) -> Vec<String> {
    let mut problems = Vec::new();
    let rules = rules_for(
        case.one("variant").unwrap_or("tai"),
        case.one("rules").unwrap_or(""),
    );
    let side = case.one("side").unwrap_or("b").chars().next().unwrap();
    // The placements' position text, with the extra field the case gives.
    let text = position_text(&rules, case.one("pieces").expect("pieces"), side);
    let mut fields: Vec<&str> = text.split(' ').collect();
    fields[2] = case.one("extra").unwrap_or("-");
    let pos = match parse_valid_position(&rules, &fields.join(" ")) {
        Ok(pos) => pos,
        Err(e) => return vec![format!("position does not parse: {e:?}")],
    };
    let shape = rules.variant.shape();
    let from = shape
        .parse_square(case.one("from").expect("from"))
        .expect("from square");
    let mut generated = Vec::new();
    generate_from(&pos, &rules, from, &mut generated);
    let is_pass = |m: &shogi_arbiter::engine::core::moves::Move| {
        m.squares().len() == 2 && m.squares()[1] == m.from && pos.cell(m.squares()[0]).is_empty()
    };
    let own: Vec<_> = generated
        .iter()
        .filter(|m| m.from == from && !is_pass(m))
        .collect();
    let texts: Vec<String> = own.iter().map(|m| format_move(shape, m)).collect();
    let unique: BTreeSet<&String> = texts.iter().collect();
    if unique.len() != texts.len() {
        problems.push("the generator lists a move twice".to_string());
    }
    let (key, got): (&str, BTreeSet<String>) = if case.fields.contains_key("captures") {
        let caps = own
            .iter()
            .filter(|m| {
                m.squares()
                    .iter()
                    .any(|&s| pos.cell(s).is_color(side_color(side).opponent()))
            })
            .map(|m| format_move(shape, m))
            .collect();
        ("captures", caps)
    } else {
        ("moves", texts.iter().cloned().collect())
    };
    let expected: BTreeSet<String> = case
        .one(key)
        .unwrap_or_else(|| panic!("{}: no moves/captures", case.name))
        .split_whitespace()
        .filter(|t| *t != "-")
        .map(String::from)
        .collect();
    let missing: Vec<_> = expected.difference(&got).collect();
    let extra: Vec<_> = got.difference(&expected).collect();
    if !missing.is_empty() {
        problems.push(format!("missing {missing:?}"));
    }
    if !extra.is_empty() {
        problems.push(format!("unexpected {extra:?}"));
    }
    let want_pass = case.one("pass") == Some("yes");
    if canonical_pass(&pos, &rules).is_some() != want_pass {
        problems.push(format!("pass expected {want_pass}"));
    }
    for accept in case.fields.get("accept").into_iter().flatten() {
        let (input, canonical) = accept.split_once("=>").expect("INPUT => CANONICAL");
        match check_move(&pos, &rules, input.trim()) {
            Ok(m) if format_move(shape, &m) == canonical.trim() => {}
            Ok(m) => problems.push(format!(
                "accept {input}: normalised to {} not {canonical}",
                format_move(shape, &m)
            )),
            Err(e) => problems.push(format!("accept {input}: rejected ({})", e.code())),
        }
    }
    for reject in case.fields.get("reject").into_iter().flatten() {
        let (input, reason) = match reject.split_once("=>") {
            Some((input, reason)) => (input.trim(), Some(reason.trim())),
            None => (reject.as_str(), None),
        };
        match check_move(&pos, &rules, input) {
            Ok(m) => problems.push(format!(
                "reject {input}: accepted as {}",
                format_move(shape, &m)
            )),
            Err(e) if reason.is_some_and(|r| r != e.code()) => problems.push(format!(
                "reject {input}: reason {} not {}",
                e.code(),
                reason.unwrap_or_default()
            )),
            Err(_) => {}
        }
    }
    for after in case.fields.get("after_extra").into_iter().flatten() {
        let (input, expected) = after.split_once("=>").expect("INPUT => SQUARE");
        match check_move(&pos, &rules, input.trim()) {
            Ok(m) => {
                let mut next = pos.clone();
                next.play(&m, &rules);
                let text = format_position_of(rules.variant, &next);
                let field = text.split(' ').nth(2).unwrap_or_default().to_string();
                if field != expected.trim() {
                    problems.push(format!("after {input}: extra field {field} not {expected}"));
                }
            }
            Err(e) => problems.push(format!("after_extra {input}: rejected ({})", e.code())),
        }
    }
    problems
}

fn side_color(side: char) -> shogi_arbiter::engine::core::color::Color {
    if side == 'w' {
        shogi_arbiter::engine::core::color::Color::White
    } else {
        shogi_arbiter::engine::core::color::Color::Black
    }
}

#[test]
fn every_rule_vector_holds() {
    let cases = load_cases();
    assert!(cases.len() > 300, "only {} vector cases found", cases.len());
    let mut names = BTreeSet::new();
    let mut failures = Vec::new();
    for case in &cases {
        assert!(
            names.insert(case.name.clone()),
            "duplicate case name {}",
            case.name
        );
        let problems = run_case(case);
        if !problems.is_empty() {
            failures.push(format!(
                "{}:{}: {}",
                case.file,
                case.name,
                problems.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
