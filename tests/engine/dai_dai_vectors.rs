//! Dai dai shogi (大大将棋, "very large chess") against its hand-derived rule vectors: every
//! row of `tests/data/dai-dai_vectors.tsv` (the 25 vectors of the research page "dai-dai_vectors",
//! transcribed field for field) and of `tests/data/dai-dai_own_vectors.tsv` (this repository's
//! rows for every option value, derived by hand from the research page "dai-dai"), in every rule
//! case its `rules` column names. A row checks the verdict after its history; a legal row
//! also the text the move is answered in, the position's one listed pass where the row
//! states it (DD02: a played pass names its own piece, the list carries another), the
//! resulting position, the captures, what the moving piece becomes (promotion) and the
//! status after the move. The notes' further claims about a row's position are [`CLAIMS`].

use crate::support::rules_for;
use crate::vector_support::{game_of, refusal_problem, split_move_number, tsv_rows};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::ending::{EndReason, Ending, GameResult};
use shogi_arbiter::engine::core::moves::Promotion;
use shogi_arbiter::engine::notation::{format_move, format_position_of, piece_token};
use shogi_arbiter::engine::variant::Rules;
use std::collections::BTreeSet;

/// Further moves that a row's note states for the row's position after its history: row
/// id, rule case (as the `rules` column writes it), move text, and its canonical text or
/// `illegal`.
const CLAIMS: &[(&str, &str, &str, &str)] = &[
    // DD02: the lion's pass is the same move as the lion dog's.
    ("DD02", "default profile", "3p3o3p", "3p3o3p"),
    // DD03: "`9i9e` is accepted and normalised to `9i9e+`".
    ("DD03", "default profile", "9i9e", "9i9e+"),
    // DD18: "under `great_dragon=ja` (1-3 on the back diagonals only) this move is illegal".
    ("DD18", "`great_dragon=ja`", "9i12f", "illegal"),
    // DD19: "illegal under `neighbor_king=no_back` (profile tsa)".
    (
        "DD19",
        "`neighbor_king=no_back` (profile `tsa`)",
        "9i9j",
        "illegal",
    ),
    // DD20: "legal under `free_demon_diagonals=all` (profile tsa)".
    (
        "DD20",
        "`free_demon_diagonals=all` (profile `tsa`)",
        "9i11k",
        "9i11k",
    ),
    // DD25: "Under `repetition=no_repeat` White's very first pass back (`9e8d9e` after
    // `9i8h9i`) would already be illegal": the first ply of the row's history, then that pass.
    ("DD25", "`repetition=no_repeat`", "9i8h9i 9e8d9e", "illegal"),
];

/// One row of a vector file.
struct Row {
    line: usize,
    /// A row of the page's file (not of this repository's own).
    page: bool,
    id: String,
    rule: String,
    rules: String,
    position: String,
    history: Vec<String>,
    mv: String,
    verdict: String,
    canonical: String,
    captures: String,
    becomes: String,
    status: String,
    after: String,
    /// The position's one pass as its legal moves list it (`-`: not stated).
    listed: String,
}

/// The page's rows, then this repository's own.
fn rows() -> Vec<Row> {
    let mut all = rows_of("dai-dai_vectors.tsv");
    all.extend(rows_of("dai-dai_own_vectors.tsv"));
    all
}

fn rows_of(file: &str) -> Vec<Row> {
    let header = "id\trule\trules\tposition\thistory\tmove\tverdict\treason\tcanonical\tcaptures\t\
                  becomes\tstatus\tposition_after\tnote\tlisted";
    tsv_rows(file, header)
        .into_iter()
        .map(|(line, f)| Row {
            line,
            page: file == "dai-dai_vectors.tsv",
            id: f[0].to_string(),
            rule: f[1].to_string(),
            rules: f[2].to_string(),
            position: f[3].to_string(),
            history: match f[4].as_str() {
                "-" => Vec::new(),
                h => h.split_whitespace().map(String::from).collect(),
            },
            mv: f[5].to_string(),
            verdict: f[6].to_string(),
            canonical: f[8].to_string(),
            captures: f[9].to_string(),
            becomes: f[10].to_string(),
            status: f[11].to_string(),
            after: f[12].to_string(),
            listed: f[14].to_string(),
        })
        .collect()
}

/// The rule cases of a `rules` column, as (label, entries for [`rules_for`]): `default
/// profile` is the profile `wikipedia`; each `` `option=value` `` is that override on the
/// default profile; a `` (profile `NAME`) `` after it adds that profile as a case of its
/// own (the page names the profile whose defaults include the value).
fn rule_cases(spec: &str) -> Vec<(String, String)> {
    if spec == "default profile" {
        return vec![("wikipedia".into(), "profile=wikipedia".into())];
    }
    let mut cases = Vec::new();
    let mut rest = spec;
    while let Some(open) = rest.find('`') {
        let close = open + 1 + rest[open + 1..].find('`').expect("closing backtick");
        let item = &rest[open + 1..close];
        let before = rest[..open].trim_end();
        if before.ends_with("(profile") {
            cases.push((item.to_string(), format!("profile={item}")));
        } else {
            assert!(item.contains('='), "`{item}` in `{spec}`");
            cases.push((item.to_string(), format!("profile=wikipedia {item}")));
        }
        rest = &rest[close + 1..];
    }
    assert!(!cases.is_empty(), "no rule case in `{spec}`");
    cases
}

/// The ending a `status` text names: exactly the texts the two files use.
fn expected_ending(status: &str) -> Option<(GameResult, EndReason)> {
    match status {
        "ongoing" => None,
        "game over: White is mated, Black wins" => {
            Some((GameResult::Win(Color::Black), EndReason::Checkmate))
        }
        "game over: Black wins (royal captured)" => {
            Some((GameResult::Win(Color::Black), EndReason::RoyalsCaptured))
        }
        "game over: drawn by repetition" => Some((GameResult::Draw, EndReason::Repetition)),
        s if s.starts_with("game over, no contest") => {
            Some((GameResult::NoContest, EndReason::Repetition))
        }
        other => panic!("status text `{other}`"),
    }
}

/// The captures a `captures` text names, as `SQ:PIECE` in capture order (`p on 9h, g on
/// 9g` is `9h:p,9g:g`).
fn expected_captures(text: &str) -> Vec<String> {
    if text == "none" {
        return Vec::new();
    }
    text.split(", ")
        .map(|c| {
            let (piece, sq) = c.split_once(" on ").expect("PIECE on SQ");
            format!("{sq}:{piece}")
        })
        .collect()
}

/// Runs one row in one rule case; returns the problems found.
fn run_case(row: &Row, rules: &Rules) -> Vec<String> {
    let mut game = match game_of(rules, &row.position, &row.history) {
        Ok(game) => game,
        Err(e) => return vec![e],
    };
    let mut problems = Vec::new();
    let repetition_row = row.rule.contains("repetition = ") || row.rule.contains("repetition=");
    match row.verdict.as_str() {
        "illegal" => problems.extend(refusal_problem(&game, rules, &row.mv, repetition_row)),
        "legal" => match game.judge(rules, &row.mv) {
            Err(reason) => problems.push(format!("legal move refused: {}", reason.code())),
            Ok(candidate) => {
                let shape = rules.variant.shape();
                let text = format_move(shape, &candidate.mv);
                // A played move is answered in its canonical text; a pass names its own
                // piece, while the legal moves list the position's one pass (notation.md).
                if row.canonical != "-" && text != row.canonical {
                    problems.push(format!("answered as {text}, expected {}", row.canonical));
                }
                if row.listed != "-" {
                    let passes: Vec<String> = game
                        .legal_moves(rules)
                        .iter()
                        .filter(|m| m.to() == m.from && m.squares().len() == 2)
                        .filter(|m| game.position.cell(m.squares()[0]).is_empty())
                        .map(|m| format_move(shape, m))
                        .collect();
                    if passes != [row.listed.as_str()] {
                        problems.push(format!("listed passes {passes:?}, expected {}", row.listed));
                    }
                }
                let number_before = game.position.move_number();
                let played = game.commit(rules, candidate);
                let after = format_position_of(rules.variant, &game.position);
                if row.after != "-" {
                    // notation.md counts plies: the move number goes up by one. The page's
                    // resulting positions keep the number of the position before (`w - 1`
                    // after `b - 1`): for its rows the rest of the text must agree and its
                    // number be the one before; own rows must agree in full.
                    let (got, n) = split_move_number(&after);
                    let (want, row_n) = split_move_number(&row.after);
                    if got != want {
                        problems.push(format!("position after {after}, expected {}", row.after));
                    }
                    if n != number_before + 1 {
                        problems.push(format!("move number {n} after {number_before}"));
                    }
                    let expected_n = if row.page { number_before } else { n };
                    if row_n != expected_n {
                        problems.push(format!(
                            "the row's move number {row_n}, expected {expected_n}"
                        ));
                    }
                }
                let captures: Vec<String> = played
                    .effects
                    .captures()
                    .iter()
                    .map(|&(sq, p)| {
                        format!(
                            "{}:{}",
                            rules.variant.shape().name(sq),
                            piece_token(rules.variant, p)
                        )
                    })
                    .collect();
                if row.captures != "-" && captures != expected_captures(&row.captures) {
                    problems.push(format!("captures {captures:?}, expected {}", row.captures));
                }
                let promoted = matches!(
                    played.effects.promotion,
                    Promotion::Compulsory | Promotion::Chosen
                );
                let mover = game
                    .position
                    .piece_at(played.mv.to())
                    .map(|p| piece_token(rules.variant, p));
                match row.becomes.as_str() {
                    "-" if promoted => problems.push("the piece promoted".to_string()),
                    "-" => {}
                    code if !promoted || mover.as_deref() != Some(code) => problems.push(format!(
                        "piece after {mover:?} ({:?}), expected {code}",
                        played.effects.promotion
                    )),
                    _ => {}
                }
                let ending = game
                    .status()
                    .ending
                    .map(|Ending { result, reason }| (result, reason));
                if ending != expected_ending(&row.status) {
                    problems.push(format!("ending {ending:?}, expected {}", row.status));
                }
            }
        },
        other => panic!("line {}: verdict `{other}`", row.line),
    }
    problems
}

/// Every vector in every rule case it names: 25 page rows (27 cases) and 34 own rows (46
/// cases).
#[test]
fn every_dai_dai_vector_holds_in_every_rule_case_it_names() {
    let rows = rows();
    assert_eq!(rows.len(), 25 + 34, "rows went missing or were added");
    let ids: BTreeSet<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), rows.len(), "duplicate row ids");
    let mut failing = Vec::new();
    let mut cases = 0;
    for row in &rows {
        for (label, entries) in rule_cases(&row.rules) {
            let rules = rules_for("dai-dai", &entries);
            cases += 1;
            for problem in run_case(row, &rules) {
                failing.push(format!("{} [{label}]: {problem}", row.id));
            }
        }
    }
    assert_eq!(cases, 27 + 46, "rule cases");
    assert!(failing.is_empty(), "{}", failing.join("\n"));
}

/// The claims of the notes: each in its rule case, from the row's position after its
/// history (a claim's text may play earlier moves first, all but its last from the start
/// of the row's history).
#[test]
fn the_notes_claims_hold() {
    let rows = rows();
    let mut failing = Vec::new();
    for &(id, spec, text, expected) in CLAIMS {
        let row = rows
            .iter()
            .find(|r| r.id == id)
            .expect("a row of the files");
        let moves: Vec<String> = text.split_whitespace().map(String::from).collect();
        let (last, earlier) = moves.split_last().expect("a move");
        // A claim with earlier moves replaces the row's history by them.
        let history = if earlier.is_empty() {
            row.history.clone()
        } else {
            earlier.to_vec()
        };
        for (label, entries) in rule_cases(spec) {
            let rules = rules_for("dai-dai", &entries);
            let got = match game_of(&rules, &row.position, &history) {
                Ok(game) => match game.judge(&rules, last) {
                    Ok(c) => format_move(rules.variant.shape(), &c.mv),
                    Err(_) => "illegal".to_string(),
                },
                Err(e) => e,
            };
            if got != expected {
                failing.push(format!(
                    "{id} [{label}] {text}: got {got}, expected {expected}"
                ));
            }
        }
    }
    assert!(failing.is_empty(), "{}", failing.join("\n"));
}
