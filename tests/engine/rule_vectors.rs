//! The one driver of the rule vectors: every vector of `tests/data/vectors/<variant>.json`
//! (the conformance kit's vector format, `conformance/schema/vectors.schema.json`; what
//! each file holds and where it comes from: `tests/data/vectors/README.md`). A vector is a
//! request (adjudicate a move, or list the legal moves) answered by the API's job in
//! process, and its `expect` is compared field by field by the kit's own comparison
//! ([`vector_problems`]), so that a field means the same here and against any server. The
//! driver adds what only the engine can say: a legal-move list names no move twice, a
//! vector's count of legal moves is the engine's perft(1) of the position, and the pieces
//! ko shogi's nets freeze (`frozen`, which no API answer carries) are the vector's. The number of
//! vectors and of each expected field per variant is [`COUNTS`]: a vector that goes missing
//! fails the run.

use crate::answer::answer;
use crate::support::rules_for;
use serde_json::Value;
use shogi_arbiter::conformance::{vector_problems, vector_request};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{format_position_of, parse_valid_position, piece_token};
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::route_board::RouteBoard;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Per variant: the number of vectors of each job, and of each field their `expect` names
/// (`job.field`).
const COUNTS: &[(&str, &str, usize)] = &[
    ("chu", "adjudicate", 396),
    ("chu", "adjudicate.extra_after", 47),
    ("chu", "adjudicate.legal", 396),
    ("chu", "adjudicate.move", 73),
    ("chu", "adjudicate.reason", 101),
    ("chu", "adjudicate.status", 5),
    ("chu", "legal_moves", 137),
    ("chu", "legal_moves.from", 137),
    ("chu", "legal_moves.from_captures", 52),
    ("chu", "legal_moves.from_moves", 85),
    ("chu", "legal_moves.pass", 137),
    ("dai", "adjudicate", 50),
    ("dai", "adjudicate.captures", 24),
    ("dai", "adjudicate.in_check", 24),
    ("dai", "adjudicate.legal", 50),
    ("dai", "adjudicate.move", 31),
    ("dai", "adjudicate.move_number_after", 24),
    ("dai", "adjudicate.passes", 24),
    ("dai", "adjudicate.position_after", 20),
    ("dai", "adjudicate.promotion", 24),
    ("dai", "adjudicate.refused_by", 14),
    ("dai", "adjudicate.status", 24),
    ("dai-dai", "adjudicate", 81),
    ("dai-dai", "adjudicate.captures", 42),
    ("dai-dai", "adjudicate.legal", 81),
    ("dai-dai", "adjudicate.move", 46),
    ("dai-dai", "adjudicate.move_number_after", 42),
    ("dai-dai", "adjudicate.piece_after", 7),
    ("dai-dai", "adjudicate.position_after", 42),
    ("dai-dai", "adjudicate.promotion", 37),
    ("dai-dai", "adjudicate.refused_by", 29),
    ("dai-dai", "adjudicate.status", 44),
    ("dai-dai", "legal_moves", 1),
    ("dai-dai", "legal_moves.passes_listed", 1),
    ("ko", "adjudicate", 347),
    ("ko", "adjudicate.changed", 240),
    ("ko", "adjudicate.legal", 347),
    ("ko", "adjudicate.move", 240),
    ("ko", "adjudicate.passes", 240),
    ("ko", "adjudicate.piece_after", 36),
    ("ko", "adjudicate.position_after", 240),
    ("ko", "adjudicate.promotion", 240),
    ("ko", "adjudicate.refused_by", 107),
    ("ko", "adjudicate.removed", 240),
    ("ko", "adjudicate.status", 240),
    ("ko", "legal_moves", 347),
    ("ko", "legal_moves.count", 2),
    ("ko", "legal_moves.from_counts", 10),
    ("ko", "legal_moves.frozen", 245),
    ("ko", "legal_moves.listed", 240),
    ("ko", "legal_moves.pairs_count", 2),
    ("ko", "legal_moves.pass_count", 13),
    ("ko", "legal_moves.route_counts", 18),
    ("ko", "legal_moves.unlisted", 107),
    ("maka-dai-dai", "adjudicate", 87),
    ("maka-dai-dai", "adjudicate.captures", 56),
    ("maka-dai-dai", "adjudicate.in_check", 56),
    ("maka-dai-dai", "adjudicate.legal", 87),
    ("maka-dai-dai", "adjudicate.move", 56),
    ("maka-dai-dai", "adjudicate.piece_after", 20),
    ("maka-dai-dai", "adjudicate.position_after", 56),
    ("maka-dai-dai", "adjudicate.promotion", 56),
    ("maka-dai-dai", "adjudicate.refused_by", 31),
    ("maka-dai-dai", "adjudicate.status", 56),
    ("tai", "adjudicate", 167),
    ("tai", "adjudicate.legal", 167),
    ("tai", "adjudicate.move", 54),
    ("tai", "legal_moves", 432),
    ("tai", "legal_moves.from", 432),
    ("tai", "legal_moves.from_captures", 10),
    ("tai", "legal_moves.from_moves", 422),
    ("tai", "legal_moves.pass", 432),
    ("taikyoku", "adjudicate", 252),
    ("taikyoku", "adjudicate.captures", 161),
    ("taikyoku", "adjudicate.legal", 252),
    ("taikyoku", "adjudicate.move", 163),
    ("taikyoku", "adjudicate.move_number_after", 161),
    ("taikyoku", "adjudicate.passes", 161),
    ("taikyoku", "adjudicate.position_after", 161),
    ("taikyoku", "adjudicate.promotion", 161),
    ("taikyoku", "adjudicate.reason", 2),
    ("taikyoku", "adjudicate.refused_by", 87),
    ("taikyoku", "adjudicate.removed", 161),
    ("taikyoku", "adjudicate.royals_removed", 161),
    ("taikyoku", "adjudicate.status", 163),
    ("taikyoku", "legal_moves", 3),
    ("taikyoku", "legal_moves.pass_count", 3),
    ("taikyoku", "legal_moves.passes_listed", 3),
    ("tenjiku", "adjudicate", 146),
    ("tenjiku", "adjudicate.captures", 92),
    ("tenjiku", "adjudicate.hodges", 92),
    ("tenjiku", "adjudicate.legal", 146),
    ("tenjiku", "adjudicate.move", 20),
    ("tenjiku", "adjudicate.move_number_after", 92),
    ("tenjiku", "adjudicate.passes", 92),
    ("tenjiku", "adjudicate.position_after", 92),
    ("tenjiku", "adjudicate.promotion", 92),
    ("tenjiku", "adjudicate.refused_by", 33),
    ("tenjiku", "adjudicate.removed", 92),
    ("tenjiku", "adjudicate.royals_removed", 92),
    ("tenjiku", "adjudicate.status", 92),
    ("tenjiku", "legal_moves", 18),
    ("tenjiku", "legal_moves.count", 3),
    ("tenjiku", "legal_moves.in_check", 15),
    ("tenjiku", "legal_moves.status", 15),
];

/// Every transcribed vector file: (variant, vectors).
fn files() -> Vec<(String, Vec<Value>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/data/vectors")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).expect("a vector file");
            let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let variant = doc["variant"].as_str().expect("a variant").to_string();
            assert_eq!(
                format!("{variant}.json"),
                *name,
                "a file holds its variant's vectors"
            );
            let list = doc["vectors"].as_array().expect("vectors").clone();
            (variant, list)
        })
        .collect()
}

/// The `rules` object of a vector as `profile=NAME option=value` entries.
fn rule_entries(rules: &Value) -> String {
    let mut entries = format!("profile={}", rules["profile"].as_str().expect("a profile"));
    for (k, v) in rules["options"].as_object().into_iter().flatten() {
        entries.push_str(&format!(" {k}={}", v.as_str().expect("an option value")));
    }
    entries
}

/// The game a vector's request makes: its position (absent: the variant's start) with its
/// moves played (game form, so that the repetition rules see them).
fn game_of(variant: &str, v: &Value) -> Result<(Rules, Game), String> {
    let rules = rules_for(variant, &rule_entries(&v["rules"]));
    let start = match v["position"].as_str() {
        Some(p) => p.to_string(),
        None => format_position_of(rules.variant, &Position::start(&rules)),
    };
    let pos = parse_valid_position(&rules, &start)
        .map_err(|e| format!("position does not parse: {e:?}"))?;
    let mut game = Game::new(pos, &rules, true);
    for text in v["moves"].as_array().into_iter().flatten() {
        let text = text.as_str().expect("a move text");
        game.play_text(&rules, text)
            .map_err(|e| format!("history move {text} refused: {}", e.code()))?;
    }
    Ok((rules, game))
}

/// The pieces nets freeze (ko shogi, both sides) as `square:piece`, in square order.
fn frozen_on(rules: &Rules, game: &Game) -> Vec<String> {
    let ko = rules.routes.as_ref().expect("ko rules");
    let pos = &game.position;
    let board = RouteBoard::read(pos, rules, ko);
    let shape = rules.variant.shape();
    let mut out: Vec<_> = Color::ALL
        .into_iter()
        .flat_map(|color| board.frozen[color.index()].iter())
        .map(|sq| {
            let piece = pos
                .piece_at(sq)
                .expect("a frozen piece stands on its point");
            (
                shape.file_rank_key(sq),
                format!("{}:{}", shape.name(sq), piece_token(rules.variant, piece)),
            )
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, entry)| entry).collect()
}

/// What the engine says beside the kit's comparison (see the module doc).
fn engine_problems(variant: &str, v: &Value, answer: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    if v["job"] != "legal_moves" {
        return problems;
    }
    let texts: Vec<&str> = answer["moves"]
        .as_array()
        .expect("a move list")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    let distinct: BTreeSet<&str> = texts.iter().copied().collect();
    if distinct.len() != texts.len() {
        problems.push("the list names a move twice".to_string());
    }
    let expect = &v["expect"];
    if expect.get("count").is_none() && expect.get("frozen").is_none() {
        return problems;
    }
    let (rules, game) = match game_of(variant, v) {
        Ok(g) => g,
        Err(e) => return vec![e],
    };
    if let Some(want) = expect["count"].as_u64() {
        let nodes = perft(&game.position, &rules, 1);
        if nodes != want {
            problems.push(format!("perft(1) {nodes}, expected {want}"));
        }
    }
    if let Some(want) = expect.get("frozen") {
        let got = frozen_on(&rules, &game);
        if *want != serde_json::json!(got) {
            problems.push(format!("frozen {got:?}, expected {want}"));
        }
    }
    problems
}

#[test]
fn every_rule_vector_holds() {
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (variant, vectors) in files() {
        let mut ids = BTreeSet::new();
        for v in &vectors {
            let id = v["id"].as_str().expect("an id");
            assert!(ids.insert(id.to_string()), "{variant}: vector {id} twice");
            let job = v["job"].as_str().expect("a job");
            *counts
                .entry((variant.clone(), job.to_string()))
                .or_default() += 1;
            for key in v["expect"].as_object().expect("an expectation").keys() {
                *counts
                    .entry((variant.clone(), format!("{job}.{key}")))
                    .or_default() += 1;
            }
            let (path, body) = vector_request(&variant, v);
            let got = answer(path, body);
            let mut problems = vector_problems(path, &v["expect"], &got);
            problems.extend(engine_problems(&variant, v, &got));
            if !problems.is_empty() {
                failures.push(format!("{variant} {id}: {}", problems.join("; ")));
            }
        }
    }
    let table: Vec<String> = counts
        .iter()
        .map(|((variant, key), n)| format!("    (\"{variant}\", \"{key}\", {n}),"))
        .collect();
    eprintln!("vectors and expected fields:\n{}", table.join("\n"));
    assert!(
        failures.is_empty(),
        "{} vectors fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let want: BTreeMap<(String, String), usize> = COUNTS
        .iter()
        .map(|(v, k, n)| ((v.to_string(), k.to_string()), *n))
        .collect();
    assert_eq!(
        counts, want,
        "the vectors and their fields, per variant (COUNTS)"
    );
}

/// Each value of each option of variant `id` is in force in some rules case of its vectors.
fn every_option_value_is_in_force(id: &str) {
    let variant = shogi_arbiter::engine::variant::by_id(id).expect("a built-in variant");
    let (_, vectors) = files()
        .into_iter()
        .find(|(v, _)| v == id)
        .expect("its vector file");
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for v in &vectors {
        let rules = rules_for(id, &rule_entries(&v["rules"]));
        seen.extend(
            rules
                .resolved()
                .map(|(o, value)| (o.to_string(), value.to_string())),
        );
    }
    for option in &variant.options {
        for value in &option.values {
            assert!(
                seen.contains(&(option.name.clone(), value.clone())),
                "{id}: {} = {value} is in force in no vector",
                option.name
            );
        }
    }
}

/// Each value of each option of maka dai dai is in force in some rules case of its vectors
/// (its own vectors were written to exercise every one).
#[test]
fn the_maka_dai_dai_vectors_exercise_every_option_value() {
    every_option_value_is_in_force("maka-dai-dai");
}

/// Each value of each option of taikyoku (taikyoku.md §9) is in force in some rules case of
/// its vectors (the page's T01..T29e and this repository's own TX.., which were written to
/// cover the values the page's leave out).
#[test]
fn the_taikyoku_vectors_exercise_every_option_value() {
    every_option_value_is_in_force("taikyoku");
}
