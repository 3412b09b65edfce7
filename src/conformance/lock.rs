//! The kit's locks: every effect an answer reports, in a compact form the kit stores and the
//! runner compares. A case's `lock` is this engine's own answer to the case's request
//! (written by `examples/conformance_kit` through the API's jobs, in process): a regression
//! lock like the perft files' locks, beside the `expect` its source states. The same functions
//! turn the server's answer into a lock, and [`differences`] names what differs: a removed
//! piece with its cause (capture, burn (tenjiku's fire demon), self-burn, shot, clerk
//! promotion), a changed piece, the promotion and the piece after it, a pass, the game's
//! status (state, winner, reason, check), a move missing from a legal-move list or listed
//! where none is expected, a refusal's code and ruling.
//!
//! A move is one line: its machine text, then `: ` and its effects as groups separated by
//! `; ` (`removed [capture 8e:se, burn 4i:s]`, `changed [reversion 2r:TP]`, `promotion chosen
//! to +FD`, `pass`, `gives check` in a replay); a move with no effect is its text alone.

use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Most moves a difference of two move lists names one by one.
const MAX_NAMED: usize = 12;

/// The strings of a JSON array (none when it is not one).
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The pieces of a `removed` or `changed` list as `cause square:piece` (`(royal)` after a
/// royal).
fn pieces(list: &Value) -> Vec<String> {
    list.as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let royal = if p["royal"] == true { " (royal)" } else { "" };
                    format!(
                        "{} {}:{}{royal}",
                        p["cause"].as_str().unwrap_or("?"),
                        p["square"].as_str().unwrap_or("?"),
                        p["piece"].as_str().unwrap_or("?")
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// One move of an answer (`MoveInfo`) as a line. `captures` appears only when it is not the
/// `capture` entries of `removed` (an answer that contradicts itself).
pub fn move_line(info: &Value) -> String {
    let mut groups = Vec::new();
    let removed = pieces(&info["removed"]);
    if !removed.is_empty() {
        groups.push(format!("removed [{}]", removed.join(", ")));
    }
    let captured: Vec<String> = info["captures"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| {
                    let mut c = c.clone();
                    c["cause"] = json!("capture");
                    c
                })
                .collect::<Vec<_>>()
        })
        .map(|a| pieces(&Value::Array(a)))
        .unwrap_or_default();
    let from_removed: Vec<String> = removed
        .iter()
        .filter(|r| r.starts_with("capture "))
        .cloned()
        .collect();
    if captured != from_removed {
        groups.push(format!("captures [{}]", captured.join(", ")));
    }
    let changed = pieces(&info["changed"]);
    if !changed.is_empty() {
        groups.push(format!("changed [{}]", changed.join(", ")));
    }
    match info["promotion"].as_str() {
        Some("none") => {}
        promotion => groups.push(format!(
            "promotion {} to {}",
            promotion.unwrap_or("?"),
            info["piece_after"].as_str().unwrap_or("?")
        )),
    }
    if info["pass"] == true {
        groups.push("pass".to_string());
    }
    let text = info["move"].as_str().unwrap_or("?");
    if groups.is_empty() {
        text.to_string()
    } else {
        format!("{text}: {}", groups.join("; "))
    }
}

/// A status (`GameStatus`) as the lock keeps it: state, result and reason when ended, the
/// side to move, check, and the check's royals and attacking moves sorted.
fn status(s: &Value) -> Value {
    let mut out = Map::new();
    for key in ["state", "result", "reason", "side_to_move", "in_check"] {
        if !s[key].is_null() {
            out.insert(key.into(), s[key].clone());
        }
    }
    for (key, name) in [
        ("royals", "check_royals"),
        ("attacking_moves", "attacking_moves"),
    ] {
        if s["check"][key].is_array() {
            let mut list = strings(&s["check"][key]);
            list.sort();
            out.insert(name.into(), json!(list));
        }
    }
    Value::Object(out)
}

/// Why a move was refused: `illegal CODE` or `unreadable CODE`, with the ruling that an
/// illegal move loses.
fn refusal(verdict: &Value) -> String {
    match verdict["illegal"]["code"].as_str() {
        Some(code) => format!(
            "illegal {code}, winner_if_enforced {}",
            verdict["illegal"]["winner_if_enforced"]
        ),
        None => format!(
            "unreadable {}",
            verdict["unreadable"]["code"].as_str().unwrap_or("?")
        ),
    }
}

/// A position text without its move number (sources count it differently).
pub fn without_number(text: &str) -> String {
    let fields: Vec<&str> = text.split_whitespace().collect();
    fields[..fields.len().min(3)].join(" ")
}

/// The lock of an adjudication's answer.
pub fn adjudication(answer: &Value) -> Value {
    let mut out = Map::new();
    out.insert("legal".into(), answer["legal"].clone());
    if answer["legal"] == true {
        out.insert("move".into(), json!(move_line(&answer["move"])));
        out.insert("hodges".into(), answer["move"]["hodges"].clone());
        let after = answer["position_after"].as_str().unwrap_or("");
        out.insert("position_after".into(), json!(without_number(after)));
    } else {
        out.insert("refusal".into(), json!(refusal(answer)));
    }
    out.insert("status".into(), status(&answer["status"]));
    Value::Object(out)
}

/// The lock of a legal-move list's answer: the count, every move as a line (in text order),
/// the status.
pub fn legal_moves(answer: &Value) -> Value {
    let mut moves: Vec<String> = answer["moves"]
        .as_array()
        .map(|a| a.iter().map(move_line).collect())
        .unwrap_or_default();
    moves.sort();
    json!({
        "count": answer["count"],
        "moves": moves,
        "status": status(&answer["status"]),
    })
}

/// The lock of a replay's answer: every verdict as a line (the move's, or its refusal),
/// the first refused moves, the final position and status.
pub fn replay(answer: &Value) -> Value {
    let verdicts: Vec<String> = answer["verdicts"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| {
                    if v["legal"] == true {
                        let mut line = move_line(&v["move"]);
                        if v["gave_check"] == true {
                            line.push_str(if line.contains(": ") { "; " } else { ": " });
                            line.push_str("gives check");
                        }
                        line
                    } else {
                        format!(
                            "{}: refused {}",
                            v["submitted"].as_str().unwrap_or("?"),
                            refusal(v)
                        )
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let position = answer["final_position"].as_str().unwrap_or("");
    json!({
        "verdicts": verdicts,
        "first_illegal": answer["first_illegal"],
        "first_unreadable": answer["first_unreadable"],
        "final_position": without_number(position),
        "status": status(&answer["status"]),
    })
}

/// A move line split into its text and its groups by name (`removed`, `promotion`, ...).
fn groups(line: &str) -> (&str, BTreeMap<&str, &str>) {
    let (text, rest) = line.split_once(": ").unwrap_or((line, ""));
    let map = rest
        .split("; ")
        .filter(|g| !g.is_empty())
        .map(|g| g.split_once(' ').unwrap_or((g, "")))
        .collect();
    (text, map)
}

/// The items of a bracketed group (`[a, b]`).
fn items(group: &str) -> Vec<&str> {
    group
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(", ")
        .filter(|s| !s.is_empty())
        .collect()
}

/// What differs between two lines of the same move, group by group.
fn line_differences(want: &str, got: &str) -> Vec<String> {
    let (_, w) = groups(want);
    let (_, g) = groups(got);
    let mut names: Vec<&str> = w.keys().chain(g.keys()).copied().collect();
    names.sort_unstable();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let (a, b) = (w.get(name).copied(), g.get(name).copied());
        if a == b {
            continue;
        }
        let bracketed = a.or(b).is_some_and(|s| s.starts_with('['));
        if bracketed {
            let (a, b) = (items(a.unwrap_or("")), items(b.unwrap_or("")));
            let only = |x: &[&str], y: &[&str]| {
                x.iter()
                    .filter(|i| !y.contains(i))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let (missing, extra) = (only(&a, &b), only(&b, &a));
            if missing.is_empty() && extra.is_empty() {
                out.push(format!(
                    "{name} in another order: expected [{}], got [{}]",
                    a.join(", "),
                    b.join(", ")
                ));
            } else {
                out.push(format!(
                    "{name}: missing [{missing}], not expected [{extra}]"
                ));
            }
        } else {
            let say = |s: Option<&str>| match s {
                None => "none".to_string(),
                Some("") => "yes".to_string(),
                Some(s) => s.to_string(),
            };
            out.push(format!("{name}: expected {}, got {}", say(a), say(b)));
        }
    }
    out
}

/// What differs between two move lists (legal moves), by move text: the moves missing, the
/// moves not expected, and the effects that differ (at most [`MAX_NAMED`] of each named).
fn list_differences(want: &Value, got: &Value) -> Vec<String> {
    let by_text = |v: &Value| -> BTreeMap<String, String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(|l| (groups(l).0.to_string(), l.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (w, g) = (by_text(want), by_text(got));
    let named = |lines: Vec<&String>| {
        let more = lines.len().saturating_sub(MAX_NAMED);
        let mut text = lines
            .into_iter()
            .take(MAX_NAMED)
            .cloned()
            .collect::<Vec<_>>()
            .join(" | ");
        if more > 0 {
            text.push_str(&format!(" | and {more} more"));
        }
        text
    };
    let mut out = Vec::new();
    for (a, b, what) in [
        (&w, &g, "moves missing from the list"),
        (&g, &w, "moves listed, not expected"),
    ] {
        let only: Vec<&String> = a
            .iter()
            .filter(|(t, _)| !b.contains_key(*t))
            .map(|(_, l)| l)
            .collect();
        if !only.is_empty() {
            out.push(format!("{what}: {}", named(only)));
        }
    }
    let differing: Vec<String> = w
        .iter()
        .filter_map(|(t, l)| {
            let other = g.get(t)?;
            (other != l).then(|| format!("{t}: {}", line_differences(l, other).join(", ")))
        })
        .collect();
    for d in differing.iter().take(MAX_NAMED) {
        out.push(format!("listed move {d}"));
    }
    if differing.len() > MAX_NAMED {
        out.push(format!(
            "and {} more listed moves differ",
            differing.len() - MAX_NAMED
        ));
    }
    out
}

/// What differs between two replays' verdict lists, verdict by verdict (the first
/// [`MAX_NAMED`] named).
fn verdict_differences(want: &Value, got: &Value) -> Vec<String> {
    let (w, g) = (strings(want), strings(got));
    let mut out = Vec::new();
    if w.len() != g.len() {
        out.push(format!("verdicts: expected {}, got {}", w.len(), g.len()));
    }
    for (i, (a, b)) in w.iter().zip(&g).enumerate() {
        if out.len() > MAX_NAMED {
            break;
        }
        if a == b {
            continue;
        }
        let (ta, tb) = (groups(a).0, groups(b).0);
        let what = if ta == tb && !a.contains(": refused") && !b.contains(": refused") {
            line_differences(a, b).join(", ")
        } else {
            format!("expected `{a}`, got `{b}`")
        };
        out.push(format!("verdict {i} ({ta}): {what}"));
    }
    out
}

/// What differs between a case's lock and the lock of the server's answer, in words, each
/// named by its field (`move`, `moves`, `verdicts`, `status.result`, ...).
pub fn differences(want: &Value, got: &Value) -> Vec<String> {
    let (Some(w), Some(g)) = (want.as_object(), got.as_object()) else {
        return vec![format!("expected {want}, got {got}")];
    };
    let mut out = Vec::new();
    for (key, a) in w {
        let b = &g.get(key).cloned().unwrap_or(Value::Null);
        if a == b {
            continue;
        }
        match key.as_str() {
            "move" => {
                let (a, b) = (a.as_str().unwrap_or(""), b.as_str().unwrap_or(""));
                if groups(a).0 == groups(b).0 {
                    out.extend(
                        line_differences(a, b)
                            .into_iter()
                            .map(|d| format!("move {}: {d}", groups(a).0)),
                    );
                } else {
                    out.push(format!("move: expected `{a}`, got `{b}`"));
                }
            }
            "moves" => out.extend(list_differences(a, b)),
            "verdicts" => out.extend(verdict_differences(a, b)),
            "status" => {
                let (sa, sb) = (a.as_object(), b.as_object());
                let mut keys: Vec<&String> =
                    sa.into_iter().chain(sb).flat_map(|m| m.keys()).collect();
                keys.sort();
                keys.dedup();
                for k in keys {
                    let (x, y) = (&a[k.as_str()], &b[k.as_str()]);
                    if x != y {
                        out.push(format!("status.{k}: expected {x}, got {y}"));
                    }
                }
            }
            _ => out.push(format!("{key}: expected {a}, got {b}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(removed: Value, promotion: &str) -> Value {
        json!({
            "move": "8i8i", "captures": [], "removed": removed, "promotion": promotion,
            "piece_after": "FD", "pass": false
        })
    }

    #[test]
    fn a_burn_left_out_is_named_with_its_square_and_piece() {
        let burns = json!([
            {"square": "4i", "piece": "s", "cause": "burn", "royal": false},
            {"square": "4k", "piece": "n", "cause": "burn", "royal": false}
        ]);
        let want = json!({"legal": true, "move": move_line(&info(burns, "none"))});
        let one = json!([{"square": "4k", "piece": "n", "cause": "burn", "royal": false}]);
        let got = json!({"legal": true, "move": move_line(&info(one, "none"))});
        assert_eq!(
            differences(&want, &got),
            vec!["move 8i8i: removed: missing [burn 4i:s], not expected []"]
        );
    }

    #[test]
    fn captures_that_contradict_removed_are_a_group_of_their_own() {
        let removed = json!([{"square": "8e", "piece": "se", "cause": "capture", "royal": false}]);
        let mut i = info(removed, "chosen");
        assert_eq!(
            move_line(&i),
            "8i8i: removed [capture 8e:se]; captures []; promotion chosen to FD"
        );
        i["captures"] = json!([{"square": "8e", "piece": "se", "royal": false}]);
        assert_eq!(
            move_line(&i),
            "8i8i: removed [capture 8e:se]; promotion chosen to FD"
        );
    }

    #[test]
    fn a_move_missing_from_a_list_is_named_with_its_effects() {
        let want = json!({"moves": ["7h7g7h: removed [capture 7g:p]", "7h7i"]});
        let got = json!({"moves": ["7h7i"]});
        assert_eq!(
            differences(&want, &got),
            vec!["moves missing from the list: 7h7g7h: removed [capture 7g:p]"]
        );
    }

    #[test]
    fn a_status_names_the_field_that_differs() {
        let a = json!({"state": "ended", "result": "white", "reason": "royals_captured"});
        let b = json!({"state": "ended", "result": "black", "reason": "royals_captured"});
        assert_eq!(
            differences(
                &json!({"status": status(&a)}),
                &json!({"status": status(&b)})
            ),
            vec!["status.result: expected \"white\", got \"black\""]
        );
    }
}
