//! Examples of the OpenAPI document: real answers of the service, and tai shogi's own
//! catalogue data where the document shows it.

use crate::engine::variant::{tai, OptionDef};
use serde_json::{json, Value};

/// A bare tai position: White's hook mover on 3c mates Black's lone crown prince on 1y
/// with `3c3w` (the README's example).
pub fn hook_mover_mate() -> &'static str {
    "cp,24/25/22,hm,2/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24,CP w - 1"
}

/// [`hook_mover_mate`] after `3c3w`.
pub fn hook_mover_mated() -> &'static str {
    "cp,24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/22,hm,2/25/24,CP b - 2"
}

/// Tai shogi's initial position.
pub fn tai_start() -> Value {
    json!(tai().setup)
}

/// Tai's options under its default profile.
pub fn tai_options() -> Value {
    let profile = 0;
    Value::Object(
        tai()
            .options
            .iter()
            .map(|o| (o.name.clone(), json!(o.values[o.defaults[profile]])))
            .collect(),
    )
}

/// The rules echo of a tai request that names no rules.
pub fn rules_echo() -> Value {
    json!({"variant": "tai", "profile": tai().profiles[0], "options": tai_options()})
}

/// The move `13s13r` of tai's initial position.
pub fn move_info() -> Value {
    json!({
        "move": "13s13r", "hodges": "P-13r", "from": "13s", "to": "13r", "captures": [],
        "removed": [], "promotion": "none", "piece_after": "P", "pass": false,
        "gives_check": false
    })
}

/// A list of one move.
pub fn move_infos() -> Value {
    json!([move_info()])
}

/// The status after `13s13r` in the game form.
pub fn game_status() -> Value {
    json!({
        "state": "ongoing", "result": null, "reason": null, "side_to_move": "white",
        "in_check": false, "check": null, "repetition": "evaluated", "occurrences": 1
    })
}

/// Tai's lance on 25y asked to jump over its own pawns.
pub fn illegal_info() -> Value {
    json!({"code": "path_blocked", "message": "the path is blocked", "winner_if_enforced": "white"})
}

/// Two golds that can both step to 4l, asked `G-4l`.
pub fn unreadable_info() -> Value {
    json!({
        "code": "ambiguous",
        "message": "several pieces can make this move; add the start square after the piece code (one of 3m, 5m) (Hodges text)",
        "hint": "add the start square after the piece code: one of 3m, 5m"
    })
}

/// The replay verdict on `13s13r`.
pub fn verdicts() -> Value {
    json!([{
        "index": 0, "submitted": "13s13r", "legal": true, "move": move_info(),
        "illegal": null, "unreadable": null, "gave_check": false
    }])
}

/// Tai's `emperor_capture` option.
fn emperor_capture() -> &'static OptionDef {
    let v = tai();
    &v.options[v
        .option_index("emperor_capture")
        .expect("tai has emperor_capture")]
}

/// What `emperor_capture` decides.
pub fn emperor_capture_description() -> Value {
    json!(emperor_capture().description)
}

/// The values of `emperor_capture` explained.
pub fn emperor_capture_choices() -> Value {
    let o = emperor_capture();
    Value::Array(
        o.values
            .iter()
            .zip(&o.choices)
            .map(|(value, c)| json!({"value": value, "meaning": c.meaning, "sources": c.sources}))
            .collect(),
    )
}

/// A list of one option: `emperor_capture`.
pub fn emperor_capture_option() -> Value {
    let v = tai();
    let o = emperor_capture();
    let defaults: serde_json::Map<String, Value> = v
        .profiles
        .iter()
        .zip(&o.defaults)
        .map(|(p, &d)| (p.clone(), json!(o.values[d])))
        .collect();
    json!([{
        "name": o.name, "values": o.values, "defaults": defaults,
        "description": o.description, "choices": emperor_capture_choices()
    }])
}

/// Tai's profiles described.
pub fn tai_profiles() -> Value {
    let v = tai();
    Value::Array(
        v.profiles
            .iter()
            .zip(&v.profile_descriptions)
            .map(|(name, description)| json!({"name": name, "description": description}))
            .collect(),
    )
}

/// Tai's sources.
pub fn sources() -> Value {
    Value::Array(
        tai()
            .sources
            .iter()
            .map(|s| json!({"name": s.name, "description": s.description}))
            .collect(),
    )
}
