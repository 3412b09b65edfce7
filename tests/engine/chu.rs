//! Chu shogi against outside figures: the start position as lishogi prints it (its perft,
//! where HaChu 0.21 and lishogi's shogiops 0.18 agree, is in `conformance/perft/` and run
//! by `perft.rs`) and every row of `tests/data/chu_rule_vectors.tsv` (a copy
//! of the research file "chu_rule_vectors.tsv"; lishogi's verdicts, which hold under the default profile `lishogi`), including the
//! counter-strike field and the outcome that some rows record after the move.

use crate::support::rules_for;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::ending::{EndReason, GameResult};
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{format_position_of, parse_valid_position};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::legality::check_move;
use std::path::Path;

#[test]
fn the_start_position_prints_as_lishogis_sfen() {
    let rules = rules_for("chu", "");
    let start = Position::start(&rules);
    assert_eq!(
        format_position_of(rules.variant, &start),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        "the start position prints as lishogi's SFEN"
    );
}

/// One row of the conformance file.
struct Row {
    line: usize,
    sfen: String,
    usi: String,
    legal: bool,
    rule: String,
}

fn rows() -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chu_rule_vectors.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = text
        .lines()
        .position(|l| !l.starts_with('#'))
        .expect("a header line");
    text.lines()
        .enumerate()
        .skip(header + 1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "line {}: four columns", i + 1);
            Row {
                line: i + 1,
                sfen: f[0].to_string(),
                usi: f[1].to_string(),
                legal: match f[2] {
                    "legal" => true,
                    "illegal" => false,
                    other => panic!("line {}: verdict `{other}`", i + 1),
                },
                rule: f[3].to_string(),
            }
        })
        .collect()
}

/// The text of a `[KEY: VALUE]` note in the rule column.
fn note<'a>(rule: &'a str, key: &str) -> Option<&'a str> {
    let start = rule.find(&format!("[{key}: "))? + key.len() + 3;
    let end = start + rule[start..].find(']')?;
    Some(&rule[start..end])
}

#[test]
fn every_conformance_row_gets_lishogis_verdict() {
    let rules = rules_for("chu", "");
    let rows = rows();
    assert!(rows.len() >= 50, "rows went missing: {}", rows.len());
    let (mut extras, mut outcomes) = (0, 0);
    for row in &rows {
        let at = format!("line {} `{}` {}: {}", row.line, row.sfen, row.usi, row.rule);
        let pos = parse_valid_position(&rules, &row.sfen)
            .unwrap_or_else(|e| panic!("{at}: position does not parse: {e:?}"));
        let verdict = check_move(&pos, &rules, &row.usi);
        assert_eq!(verdict.is_ok(), row.legal, "{at}: got {verdict:?}");
        let Ok(mv) = verdict else { continue };
        let mut game = Game::new(pos, &rules, false);
        let candidate = game.judge_legal(&rules, mv).expect("legal on the board");
        game.commit(&rules, candidate);
        if let Some(field) = note(&row.rule, "SFEN 3rd field after the move") {
            let text = format_position_of(rules.variant, &game.position);
            let third = text.split(' ').nth(2).expect("four fields");
            assert_eq!(third, field, "{at}: counter-strike field after the move");
            extras += 1;
        }
        if let Some(expected) = note(&row.rule, "outcome() after the move") {
            // One row records a quirk of lishogi's client: it gives no bare-king win when
            // the baring side has king and prince. lishogi's server, which rules the
            // games, does (chu_lishogi.md §6 condition 3 and §8); this project follows
            // the server.
            let expected = if row
                .rule
                .contains("scalashogi/lishogi server would declare bareKing")
            {
                "bareking:gote"
            } else {
                expected
            };
            let got = match game.status().ending {
                None => "none".to_string(),
                Some(e) => {
                    let winner = match e.result {
                        GameResult::Win(Color::Black) => "sente",
                        GameResult::Win(Color::White) => "gote",
                        other => panic!("{at}: unexpected result {other:?}"),
                    };
                    let reason = match e.reason {
                        EndReason::RoyalsCaptured => "kingslost",
                        EndReason::BareKing => "bareking",
                        other => panic!("{at}: unexpected reason {other:?}"),
                    };
                    format!("{reason}:{winner}")
                }
            };
            assert_eq!(got, expected, "{at}: outcome after the move");
            outcomes += 1;
        }
    }
    assert!(
        extras >= 3 && outcomes >= 5,
        "notes went unread: {extras} {outcomes}"
    );
}
