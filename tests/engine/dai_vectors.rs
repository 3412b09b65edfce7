//! Dai shogi (大将棋, "large shogi") against its hand-derived rule vectors: every case of
//! `tests/data/dai_vectors.md` (a verbatim copy of the research page "dai_vectors", derived by
//! hand from the research page "dai"). A case runs under its option override on the default
//! profile and under the profile it names; a legal move checks its canonical text, the
//! position after it, its effects (captures, promotion, pass) and the status after it, read
//! by hand from the verdict line into [`FACTS`]; an illegal move must be refused for its own
//! reason, not because the game is over. [`CLAIMS`] are the other moves the verdicts and
//! notes name, with what each must be judged. Also: the start divide(1) against the page's
//! list (the start perft is in `conformance/perft/`, run by `perft.rs`).

use crate::support::rules_for;
use crate::vector_support::{
    ending_text, game_of, promotion_name, refusal_problem, split_move_number,
};
use shogi_arbiter::engine::core::moves::Effects;
use shogi_arbiter::engine::game::Status;
use shogi_arbiter::engine::notation::{format_move, format_position_of, piece_token};
use shogi_arbiter::engine::perft::{divide, Count};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::collections::BTreeSet;
use std::path::Path;

/// The expected effects of every legal case, read by hand from its verdict line (and, for
/// whether a promotion was a choice, from dai.md "Promotion": entering the zone or a
/// capture touching it offers an optional promotion; a dead-end piece under `compulsory`
/// must promote): `captures=SQ:PIECE,...`, `promotion=chosen|compulsory|declined`,
/// `pass`, `check` (the side to move is in check), `end=WINNER:REASON`; `-` for none.
const FACTS: &[(&str, &str)] = &[
    ("D01", "-"),
    ("D02", "promotion=chosen"),
    ("D04", "captures=3h:p promotion=chosen"),
    ("D07", "promotion=compulsory"),
    ("D09", "promotion=declined"),
    ("D11", "promotion=compulsory"),
    ("D12", "captures=8g:p"),
    ("D13", "captures=8g:p,8f:g"),
    ("D14", "pass"),
    ("D15", "captures=8f:ln"),
    ("D17", "captures=8g:p,8f:s"),
    ("D18", "promotion=chosen"),
    ("D19", "captures=1o:K check"),
    ("D20", "captures=1o:K end=white:royals_captured"),
    ("D21", "end=white:stalemate"),
    ("D22", "captures=5f:p end=black:bare_king"),
    ("D23", "promotion=chosen"),
];

/// Other moves the verdicts and notes name, in the case's position and rules: (vector,
/// move text, the canonical text it must be judged as, or `illegal`).
const CLAIMS: &[(&str, &str, &str)] = &[
    // D02 note: declining is legal too, a second move.
    ("D02", "3g3e=", "3g3e="),
    // D03: `3e3c` is the legal move.
    ("D03", "3e3c", "3e3c"),
    // D05: `3h3g` is the legal move.
    ("D05", "3h3g", "3h3g"),
    // D06: `6d5b+` is the only form; the plain text means it.
    ("D06", "6d5b+", "6d5b+"),
    ("D06", "6d5b", "6d5b+"),
    // D08: the plain move is legal and leaves a knight that can never move.
    ("D08", "6d5b", "6d5b"),
    ("D08", "6d5b=", "illegal"),
    // D09 note: promoting is legal too.
    ("D09", "6d5b+", "6d5b+"),
    // D10: `4b4a+` is the only form.
    ("D10", "4b4a+", "4b4a+"),
    ("D10", "4b4a", "4b4a+"),
];

/// Cases the vectors name in a note, run in the same position with other rules: (vector,
/// rule entries, expected facts). D22's note: under the default (`bare_king=false`) the
/// same move is legal and the game goes on.
const NOTE_CASES: &[(&str, &str, &str)] = &[("D22", "profile=wikipedia", "captures=5f:p")];

/// This repository's own vectors for the option values the page's vectors leave out,
/// each derived by hand from dai.md "Lions" / "Repetition" and chu.md's rules they adopt
/// (chu_lishogi.md §4 and §7): (id, rule entries, position, history, move, expected
/// canonical text or `illegal`, facts as [`FACTS`] writes them).
///
/// - O1/O2 `lion_protection`: Black's lion on 8h takes White's go-between on 8g, then
///   White's lion on 8f. The go-between (vertical steps) protects 8f before the move and is
///   gone after it, and taking a go-between first is no bridge capture: protected (illegal)
///   under `before_move`, unprotected (legal) under `after_move`.
/// - O3/O4 `counter_strike`: Black's rook took White's lion on 3c; White's rook on 6a now
///   takes Black's lion on 6k, which nothing of Black's protects. A non-lion may not take a
///   lion right after a non-lion took one (`strict`), except an unprotected one (`okazaki`).
///   6k is in White's zone, so the capture offers promotion (declined here).
/// - O5/O6 `promoted_kirin_recapture`: Black's kirin jumped from 8g to 8e taking White's
///   lion and promoted to lion there; White's gold on 8d takes it back: `allowed`, or
///   refused by the counter-strike rule (`forbidden`).
/// - O7 `repetition=lishogi`: D24's pass cycles; White's 6th pass makes the start position
///   occur the 4th time, which ends the game drawn (no move of the cycle attacks; D24's
///   note).
const OWN: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
    (
        "O1",
        "lion_trading=chu lion_protection=before_move",
        LION_BRIDGE,
        "",
        "8h8g8f",
        "illegal",
        "",
    ),
    (
        "O2",
        "lion_trading=chu lion_protection=after_move",
        LION_BRIDGE,
        "",
        "8h8g8f",
        "8h8g8f",
        "captures=8g:gb,8f:ln",
    ),
    (
        "O3",
        "lion_trading=chu counter_strike=strict",
        ROOKS_TAKE_LIONS,
        "3h3c=",
        "6a6k=",
        "illegal",
        "",
    ),
    (
        "O4",
        "lion_trading=chu counter_strike=okazaki",
        ROOKS_TAKE_LIONS,
        "3h3c=",
        "6a6k=",
        "6a6k=",
        "captures=6k:LN promotion=declined",
    ),
    (
        "O5",
        "lion_trading=chu promoted_kirin_recapture=allowed",
        KIRIN_TAKES_LION,
        "8g8e+",
        "8d8e",
        "8d8e",
        "captures=8e:+KR",
    ),
    (
        "O6",
        "lion_trading=chu promoted_kirin_recapture=forbidden",
        KIRIN_TAKES_LION,
        "8g8e+",
        "8d8e",
        "illegal",
        "",
    ),
    (
        "O7",
        "repetition=lishogi",
        LIONS_APART,
        "8h7g8h 8e7d8e 8h7g8h 8e7d8e 8h7g8h",
        "8e7d8e",
        "8e7d8e",
        "pass end=draw:repetition",
    ),
];

/// O1/O2: Black's lion on 8h, White's go-between on 8g and lion on 8f.
const LION_BRIDGE: &str = "14,k/15/15/15/15/7,ln,7/7,gb,7/7,LN,7/15/15/15/15/15/15/14,K b - 1";
/// O3/O4: Black's rook on 3h and lion on 6k; White's lion on 3c and rook on 6a.
const ROOKS_TAKE_LIONS: &str =
    "9,r,4,k/15/12,ln,2/15/15/15/15/12,R,2/15/15/9,LN,5/15/15/15/14,K b - 1";
/// O5/O6: Black's kirin on 8g; White's lion on 8e and gold on 8d.
const KIRIN_TAKES_LION: &str = "14,k/15/15/7,g,7/7,ln,7/15/7,KR,7/15/15/15/15/15/15/15/14,K b - 1";
/// O7: D24's lions, three squares apart.
const LIONS_APART: &str = "14,k/15/15/15/7,ln,7/15/15/7,LN,7/15/15/15/15/15/15/14,K b - 1";

/// One vector of the page.
#[derive(Debug)]
struct Vector {
    id: String,
    /// `None` for the default profile; else (the option override, the profile named).
    rules: Option<(String, String)>,
    position: String,
    history: Vec<String>,
    mv: String,
    legal: bool,
    canonical: Option<String>,
    after: Option<String>,
}

/// The text between the first pair of backticks of `s`.
fn quoted(s: &str) -> Option<&str> {
    let start = s.find('`')? + 1;
    let len = s[start..].find('`')?;
    Some(&s[start..start + len])
}

/// Every backticked text of `s`, in order.
fn all_quoted(s: &str) -> Vec<&str> {
    s.split('`').skip(1).step_by(2).collect()
}

fn vectors() -> Vec<Vector> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dai_vectors.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: Vec<Vector> = Vec::new();
    for section in text.split("\n### ").skip(1) {
        let id = section.split('.').next().expect("an id").to_string();
        let field = |name: &str| {
            section
                .lines()
                .find_map(|l| l.strip_prefix(&format!("- {name}: ")))
        };
        let rules_line = field("rules").unwrap_or_else(|| panic!("{id}: rules"));
        let rules = (rules_line != "default profile").then(|| {
            let q = all_quoted(rules_line);
            assert_eq!(q.len(), 2, "{id}: `option=value` (profile `name`)");
            (q[0].to_string(), q[1].to_string())
        });
        let (position, history) = match field("position") {
            Some(p) => (quoted(p).expect("position").to_string(), Vec::new()),
            None => {
                let game = field("game").unwrap_or_else(|| panic!("{id}: position or game"));
                let q = all_quoted(game);
                let moves = q[q.len() - 1].split_whitespace();
                // `start as in D24`: that vector's start position.
                let start = match game.strip_prefix("start as in ") {
                    Some(rest) => {
                        let other = rest.split(',').next().expect("a vector id");
                        let v = out.iter().find(|v| v.id == other).expect("earlier");
                        v.position.clone()
                    }
                    None => q[0].to_string(),
                };
                (start, moves.map(str::to_string).collect())
            }
        };
        let verdict = field("verdict").unwrap_or_else(|| panic!("{id}: verdict"));
        let legal = if verdict.starts_with("**legal**") {
            true
        } else {
            assert!(verdict.starts_with("**illegal**"), "{id}: verdict");
            false
        };
        let canonical = verdict
            .split("; ")
            .find_map(|p| p.strip_prefix("canonical "))
            .and_then(quoted)
            .map(str::to_string);
        out.push(Vector {
            mv: quoted(field("move").expect("move"))
                .expect("move")
                .to_string(),
            after: field("resulting position")
                .and_then(quoted)
                .map(str::to_string),
            id,
            rules,
            position,
            history,
            legal,
            canonical,
        });
    }
    out
}

/// Vectors run under their option override only, not under the profile they name, with
/// the reason (derived by hand): D09's position (White's king alone against king and
/// knight) is already over under profile `chu`, whose `bare_king=true` ends it
/// (chu_lishogi.md §6), so its move would be refused as `game_over`.
const OVERRIDE_ONLY: &[&str] = &["D09"];

/// The rule entries of each case of a vector: the override alone, then the named profile.
fn cases(v: &Vector) -> Vec<String> {
    match &v.rules {
        None => vec!["profile=wikipedia".to_string()],
        Some((option, profile)) => {
            let mut cases = vec![format!("profile=wikipedia {option}")];
            if !OVERRIDE_ONLY.contains(&v.id.as_str()) {
                cases.push(format!("profile={profile}"));
            }
            cases
        }
    }
}

/// The facts as [`FACTS`] writes them, parsed.
#[derive(Debug, Default)]
struct Facts {
    captures: String,
    promotion: String,
    pass: bool,
    check: bool,
    end: Option<String>,
}

fn parse_facts(text: &str) -> Facts {
    let mut f = Facts {
        promotion: "none".to_string(),
        ..Facts::default()
    };
    for part in text.split_whitespace().filter(|p| *p != "-") {
        match part.split_once('=') {
            Some(("captures", v)) => f.captures = v.to_string(),
            Some(("promotion", v)) => f.promotion = v.to_string(),
            Some(("end", v)) => f.end = Some(v.to_string()),
            None if part == "pass" => f.pass = true,
            None if part == "check" => f.check = true,
            _ => panic!("fact `{part}`"),
        }
    }
    f
}

fn effect_problems(rules: &Rules, want: &Facts, got: &Effects, status: Status) -> Vec<String> {
    let captures: Vec<String> = got
        .captures
        .iter()
        .map(|(sq, piece)| {
            format!(
                "{}:{}",
                rules.variant.shape().name(*sq),
                piece_token(rules.variant, *piece)
            )
        })
        .collect();
    let got_end = status.ending.as_ref().map(ending_text);
    let mut problems = Vec::new();
    for (what, w, g) in [
        ("captures", want.captures.clone(), captures.join(",")),
        (
            "promotion",
            want.promotion.clone(),
            promotion_name(got.promotion).to_string(),
        ),
        ("pass", want.pass.to_string(), got.pass.to_string()),
        (
            "in check",
            want.check.to_string(),
            status.in_check.to_string(),
        ),
        (
            "game end",
            format!("{:?}", want.end),
            format!("{got_end:?}"),
        ),
    ] {
        if w != g {
            problems.push(format!("{what}: expected {w}, got {g}"));
        }
    }
    problems
}

/// How `text` is judged in the vector's game: its canonical text or `illegal (reason)`.
fn judged(v: &Vector, rules: &Rules, text: &str) -> String {
    match game_of(rules, &v.position, &v.history).map(|game| game.judge(rules, text)) {
        Ok(Ok(c)) => format_move(rules.variant.shape(), &c.mv),
        Ok(Err(e)) => format!("illegal ({})", e.code()),
        Err(e) => e,
    }
}

/// Runs the vector's move with `rules` and checks it against `facts` (legal moves only).
fn run_case(v: &Vector, rules: &Rules, facts: Option<&str>) -> Vec<String> {
    let mut game = match game_of(rules, &v.position, &v.history) {
        Ok(game) => game,
        Err(e) => return vec![e],
    };
    let mut problems = Vec::new();
    if !v.legal {
        // The two repetition vectors are legal on the board: only that rule refuses.
        let repetition = matches!(v.id.as_str(), "D24" | "D25");
        return refusal_problem(&game, rules, &v.mv, repetition)
            .into_iter()
            .collect();
    }
    match game.judge(rules, &v.mv) {
        Err(reason) => problems.push(format!("legal move refused: {}", reason.code())),
        Ok(candidate) => {
            let text = format_move(rules.variant.shape(), &candidate.mv);
            if v.canonical.as_ref().is_some_and(|c| *c != text) {
                problems.push(format!("canonical {text}, expected {:?}", v.canonical));
            }
            let played = game.commit(rules, candidate);
            // The page writes the start's move number after the move; notation.md counts
            // plies (SFEN), so the number must be the start's plus the plies played.
            let after = format_position_of(rules.variant, &game.position);
            let (board, number) = split_move_number(&after);
            if let Some(want) = &v.after {
                if split_move_number(want).0 != board {
                    problems.push(format!("position after {board}, expected {want}"));
                }
            }
            let start = split_move_number(&v.position).1;
            if number != start + v.history.len() as u32 + 1 {
                problems.push(format!(
                    "move number {number} after {} plies",
                    v.history.len() + 1
                ));
            }
            let facts = facts.unwrap_or_else(|| panic!("{}: no FACTS row", v.id));
            problems.extend(effect_problems(
                rules,
                &parse_facts(facts),
                &played.effects,
                game.status(),
            ));
        }
    }
    problems
}

#[test]
fn every_dai_vector_holds_under_its_rules() {
    let all = vectors();
    assert_eq!(all.len(), 25, "dai_vectors.md has 25 vectors");
    let mut failures = Vec::new();
    let mut cases_run = 0;
    for v in &all {
        let facts = FACTS.iter().find(|f| f.0 == v.id).map(|f| f.1);
        assert_eq!(
            facts.is_some(),
            v.legal,
            "{}: FACTS rows are the legal ones",
            v.id
        );
        for entries in cases(v) {
            let rules = rules_for("dai", &entries);
            cases_run += 1;
            for p in run_case(v, &rules, facts) {
                failures.push(format!("{} [{entries}]: {p}", v.id));
            }
            for &(_, text, expected) in CLAIMS.iter().filter(|c| c.0 == v.id) {
                let got = judged(v, &rules, text);
                let agrees =
                    got == expected || (expected == "illegal" && got.starts_with("illegal"));
                if !agrees {
                    failures.push(format!(
                        "{} [{entries}]: {text} judged {got}, expected {expected}",
                        v.id
                    ));
                }
            }
        }
    }
    for &(id, entries, facts) in NOTE_CASES {
        let v = all.iter().find(|v| v.id == id).expect("vector");
        cases_run += 1;
        for p in run_case(v, &rules_for("dai", entries), Some(facts)) {
            failures.push(format!("{id} [{entries}] (note): {p}"));
        }
    }
    for &(id, entries, position, history, mv, expected, facts) in OWN {
        let v = Vector {
            id: id.to_string(),
            rules: None,
            position: position.to_string(),
            history: history.split_whitespace().map(str::to_string).collect(),
            mv: mv.to_string(),
            legal: expected != "illegal",
            canonical: (expected != "illegal").then(|| expected.to_string()),
            after: None,
        };
        cases_run += 1;
        let facts = (expected != "illegal").then_some(facts);
        for p in run_case(&v, &rules_for("dai", entries), facts) {
            failures.push(format!("{id} [{entries}] (own): {p}"));
        }
    }
    assert_eq!(
        cases_run,
        25 + 6 - OVERRIDE_ONLY.len() + NOTE_CASES.len() + OWN.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The start divide(1) is the page's list of 71 moves (`tests/data/dai_start_divide1.txt`).
#[test]
fn dai_start_moves_are_the_pages_list() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dai_start_divide1.txt");
    let text = std::fs::read_to_string(&path).expect("divide file");
    let want: BTreeSet<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(want.len(), 71);
    let rules = rules_for("dai", "");
    let rows = divide(
        &Position::start(&rules),
        &rules,
        1,
        Count::Effects,
        u64::MAX,
    )
    .expect("divide");
    let got: BTreeSet<String> = rows
        .iter()
        .map(|(mv, _)| format_move(rules.variant.shape(), mv))
        .collect();
    assert_eq!(got, want.iter().map(|s| s.to_string()).collect());
}
