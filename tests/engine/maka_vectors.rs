//! Maka dai dai shogi (摩訶大大将棋, 19×19) against its hand-derived rule vectors: every row
//! of `tests/data/maka-dai-dai_vectors.tsv` (the 25 vectors of
//! the research page "maka-dai-dai_vectors", transcribed) and of
//! `tests/data/maka-dai-dai_own_vectors.tsv` (this repository's, derived by hand from
//! the research page "maka-dai-dai" for every option value), in every rules case its `cases`
//! column names. A row plays its history, then judges its move: an illegal move must be
//! refused (not because the game is over); a legal one must be accepted with its canonical
//! text, and after it the position (without its move number, see the data file's header),
//! the captures in order, what happened to the moving piece (promotion kind, the token it
//! became), the game's end and whether the side to move is in check must be the row's. A
//! second test holds the machine columns to the rows' own words (`verdict_text`,
//! `rules_text`) without the engine; a third that the cases exercise every value of every
//! option.

use crate::support::rules_for;
use crate::vector_support::{
    cases_of, ending_text, game_of, promotion_name, refusal_problem, split_move_number, tsv_rows,
};
use shogi_arbiter::engine::core::piece::Piece;
use shogi_arbiter::engine::notation::{format_move, format_position_of, piece_token};
use shogi_arbiter::engine::variant::{self, Rules};
use std::collections::BTreeSet;

const VARIANT: &str = "maka-dai-dai";

/// One row of a vector file.
struct Row {
    id: String,
    /// The rules cases, each a list of `profile=` and `option=value` entries (empty: the
    /// default profile).
    cases: Vec<String>,
    position: String,
    history: Vec<String>,
    mv: String,
    verdict: String,
    canonical: String,
    captures: Vec<String>,
    promotion: String,
    becomes: String,
    end: String,
    check: String,
    after: String,
    rules_text: String,
    verdict_text: String,
}

const HEADER: &str = "id\ttitle\tcases\tposition\thistory\tmove\tverdict\tcanonical\tcaptures\t\
                      promotion\tbecomes\tend\tcheck\tposition_after\trules_text\trule_text\t\
                      verdict_text\tnote";

fn rows_of(file: &str) -> Vec<Row> {
    let list = |s: &str| -> Vec<String> {
        match s {
            "-" => Vec::new(),
            s => s.split(',').map(|m| m.trim().to_string()).collect(),
        }
    };
    tsv_rows(file, HEADER)
        .into_iter()
        .map(|(_, f)| Row {
            id: f[0].to_string(),
            cases: cases_of(&f[2]),
            position: f[3].to_string(),
            history: list(&f[4]),
            mv: f[5].to_string(),
            verdict: f[6].to_string(),
            canonical: f[7].to_string(),
            captures: list(&f[8]),
            promotion: f[9].to_string(),
            becomes: f[10].to_string(),
            end: f[11].to_string(),
            check: f[12].to_string(),
            after: f[13].to_string(),
            rules_text: f[14].to_string(),
            verdict_text: f[16].to_string(),
        })
        .collect()
}

/// The page's rows, then this repository's.
fn rows() -> Vec<Row> {
    let mut all = rows_of("maka-dai-dai_vectors.tsv");
    all.extend(rows_of("maka-dai-dai_own_vectors.tsv"));
    all
}

/// Runs one row under one rules case; returns the problems found.
fn run_case(row: &Row, rules: &Rules) -> Vec<String> {
    let mut game = match game_of(rules, &row.position, &row.history) {
        Ok(game) => game,
        Err(e) => return vec![e],
    };
    let mut problems = Vec::new();
    match row.verdict.as_str() {
        "illegal" => problems.extend(refusal_problem(
            &game,
            rules,
            &row.mv,
            row.rules_text.contains("repetition"),
        )),
        "legal" => match game.judge(rules, &row.mv) {
            Err(reason) => problems.push(format!("legal move refused: {}", reason.code())),
            Ok(candidate) => {
                let text = format_move(rules.variant.shape(), &candidate.mv);
                if text != row.canonical {
                    problems.push(format!("canonical {text}, expected {}", row.canonical));
                }
                let played = game.commit(rules, candidate);
                let after = format_position_of(rules.variant, &game.position);
                if split_move_number(&after).0 != split_move_number(&row.after).0 {
                    problems.push(format!("position after {after}, expected {}", row.after));
                }
                let e = &played.effects;
                let captures: Vec<String> = e
                    .captures()
                    .iter()
                    .map(|(sq, p)| {
                        format!(
                            "{}:{}",
                            rules.variant.shape().name(*sq),
                            piece_token(rules.variant, *p)
                        )
                    })
                    .collect();
                if captures != row.captures {
                    problems.push(format!(
                        "captures {captures:?}, expected {:?}",
                        row.captures
                    ));
                }
                if promotion_name(e.promotion) != row.promotion {
                    problems.push(format!(
                        "promotion {}, expected {}",
                        promotion_name(e.promotion),
                        row.promotion
                    ));
                }
                let became = if e.face_after == e.face_before {
                    "-".to_string()
                } else {
                    let piece = Piece {
                        color: e.mover,
                        face: e.face_after,
                    };
                    piece_token(rules.variant, piece)
                };
                if became != row.becomes {
                    problems.push(format!("became {became}, expected {}", row.becomes));
                }
                let status = game.status();
                let end = status.ending.as_ref().map_or("-".to_string(), ending_text);
                if end != row.end {
                    problems.push(format!("end {end}, expected {}", row.end));
                }
                if status.in_check.to_string() != row.check {
                    problems.push(format!(
                        "in check {}, expected {}",
                        status.in_check, row.check
                    ));
                }
            }
        },
        other => panic!("{}: verdict `{other}`", row.id),
    }
    problems
}

#[test]
fn every_maka_vector_holds_in_every_case_it_names() {
    let rows = rows();
    assert_eq!(rows.len(), 25 + 53, "rows went missing or were added");
    let ids: BTreeSet<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), rows.len(), "duplicate row ids");
    let mut failing = Vec::new();
    let mut cases = 0;
    for row in &rows {
        for case in &row.cases {
            let rules = rules_for(VARIANT, case);
            cases += 1;
            for problem in run_case(row, &rules) {
                failing.push(format!("{} [{case}]: {problem}", row.id));
            }
        }
    }
    assert_eq!(cases, 27 + 60, "rules cases");
    assert!(failing.is_empty(), "{}", failing.join("\n"));
}

/// The machine columns against the rows' own words: the verdict and canonical text, the
/// captures (`dv on 9h`, in order), the piece the mover becomes, the game's end and check
/// as `verdict_text` states them, and the rules cases as `rules_text` names them.
#[test]
fn the_machine_columns_agree_with_the_vector_texts() {
    let rows = rows();
    let page: Vec<&str> = rows.iter().take(25).map(|r| r.id.as_str()).collect();
    let expected: Vec<String> = (1..=25).map(|i| format!("M{i:02}")).collect();
    assert_eq!(page, expected, "the page's vectors, in order");
    for row in &rows {
        let at = &row.id;
        let t = row.verdict_text.as_str();
        for case in &row.cases {
            if case.is_empty() {
                assert!(row.rules_text.contains("default profile"), "{at}: default");
            }
            for entry in case.split_whitespace() {
                let named = match entry.strip_prefix("profile=") {
                    Some(profile) => format!("`{profile}`"),
                    None => format!("`{entry}`"),
                };
                assert!(row.rules_text.contains(&named), "{at}: {named}");
            }
        }
        if row.verdict == "illegal" {
            assert!(t.starts_with("**illegal**"), "{at}: verdict");
            for column in [&row.canonical, &row.promotion, &row.becomes, &row.end] {
                assert_eq!(column, "-", "{at}: an illegal row has no effects");
            }
            assert!(row.captures.is_empty() && row.after == "-", "{at}");
            continue;
        }
        assert!(t.starts_with("**legal**"), "{at}: verdict");
        assert!(
            t.contains(&format!("canonical `{}`", row.canonical)),
            "{at}: canonical"
        );
        if row.captures.is_empty() {
            assert!(t.contains("captures: none"), "{at}: no captures");
        } else {
            let said: Vec<String> = row
                .captures
                .iter()
                .map(|c| {
                    let (sq, piece) = c.split_once(':').expect("SQ:PIECE");
                    format!("{piece} on {sq}")
                })
                .collect();
            assert!(
                t.contains(&format!("captures: {};", said.join(", "))),
                "{at}: captures {said:?}"
            );
        }
        match row.becomes.as_str() {
            "-" => assert!(!t.contains("becomes"), "{at}: becomes"),
            token => assert!(
                t.contains(&format!("moving piece becomes `{token}`")),
                "{at}: becomes {token}"
            ),
        }
        let mark = row.canonical.chars().last().filter(|c| "+=".contains(*c));
        let promoted = ["compulsory", "chosen", "contagion"].contains(&row.promotion.as_str());
        assert_eq!(mark == Some('+'), promoted, "{at}: `+`");
        assert_eq!(mark == Some('='), row.promotion == "declined", "{at}: `=`");
        assert_eq!(
            promoted,
            row.becomes != "-",
            "{at}: a promotion changes the piece"
        );
        if row.promotion == "contagion" {
            assert!(["+DV", "+DS"].contains(&row.becomes.as_str()), "{at}");
        }
        let (winner, reason) = row.end.split_once(':').unwrap_or(("-", "-"));
        let wins = match winner {
            "black" => Some("Black wins"),
            "white" => Some("White wins"),
            "draw" => Some("drawn"),
            "no_contest" => Some("no contest"),
            _ => None,
        };
        match wins {
            Some(words) => assert!(t.contains("game over") && t.contains(words), "{at}"),
            None => assert!(t.contains("status: ongoing"), "{at}: ongoing"),
        }
        let reason_words = match reason {
            "checkmate" => Some("mated"),
            "royals_captured" => Some("no royal left"),
            "repetition" => Some("repetition"),
            _ => None,
        };
        if let Some(words) = reason_words {
            assert!(t.contains(words), "{at}: {reason}");
        }
        assert_eq!(
            row.check == "true",
            t.contains("in check") || t.contains("mated"),
            "{at}: check"
        );
        assert_ne!(row.after, "-", "{at}: a legal row has a resulting position");
    }
}

/// Each value of each option of maka dai dai is in force in some rules case of the rows.
#[test]
fn the_vectors_exercise_every_option_value() {
    let variant = variant::by_id(VARIANT).expect("maka dai dai is built in");
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for row in rows() {
        for case in &row.cases {
            let rules = rules_for(VARIANT, case);
            seen.extend(
                rules
                    .resolved()
                    .map(|(o, v)| (o.to_string(), v.to_string())),
            );
        }
    }
    for option in &variant.options {
        for value in &option.values {
            assert!(
                seen.contains(&(option.name.clone(), value.clone())),
                "{} = {value} is in force in no case",
                option.name
            );
        }
    }
}
