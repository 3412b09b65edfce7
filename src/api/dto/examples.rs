//! Examples of the OpenAPI document: real answers of the service, and tai shogi's own
//! catalogue data where the document shows it.

use crate::engine::movegen::legal_moves;
use crate::engine::notation::{format_move, format_position_of};
use crate::engine::position::Position;
use crate::engine::variant::{tai, OptionDef, Rules};
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

/// The status of tai's initial position in the game form.
pub fn start_status() -> Value {
    json!({
        "state": "ongoing", "result": null, "reason": null, "side_to_move": "black",
        "in_check": false, "check": null, "repetition": "evaluated", "occurrences": 1
    })
}

/// Tai's initial position after `13s13r`, as the engine writes it.
fn after_first_move() -> Value {
    let rules = Rules::default_for(tai());
    let mut pos = Position::start(&rules);
    let shape = rules.variant.shape();
    if let Some(mv) = legal_moves(&pos, &rules)
        .into_iter()
        .find(|m| format_move(shape, m) == "13s13r")
    {
        pos.play(&mv, &rules);
    }
    json!(format_position_of(rules.variant, &pos))
}

/// The verdict on `13s13r` in tai's initial position: legal, with its effects.
pub fn legal_verdict() -> Value {
    json!({
        "rules": rules_echo(), "legal": true, "illegal": null, "unreadable": null,
        "move": move_info(), "position_after": after_first_move(), "status": game_status()
    })
}

/// The verdict on `25y25r` in tai's initial position: a rule breach ([`illegal_info`]).
pub fn illegal_verdict() -> Value {
    json!({
        "rules": rules_echo(), "legal": false, "illegal": illegal_info(), "unreadable": null,
        "move": null, "position_after": null, "status": start_status()
    })
}

/// The verdict on `P-99a` in tai's initial position: text that names no move.
pub fn unreadable_verdict() -> Value {
    json!({
        "rules": rules_echo(), "legal": false, "illegal": null,
        "unreadable": {
            "code": "malformed",
            "message": "malformed move text: `99a` is not a square of this board (Hodges text)",
            "hint": "write the move as its squares (`13s13r`, `+` to promote, `=` to decline) or in Hodges text (`P-13r`, `Rx7c+`)"
        },
        "move": null, "position_after": null, "status": start_status()
    })
}

/// The replay verdict on a move that breaks a rule.
pub fn illegal_replay_verdict() -> Value {
    json!({
        "index": 0, "submitted": "25y25r", "legal": false, "move": null,
        "illegal": illegal_info(), "unreadable": null, "gave_check": null
    })
}

/// A problem+json answer as the service writes it.
fn problem(status: u16, code: &str, title: &str, detail: &str) -> Value {
    json!({
        "type": format!("urn:shogi-arbiter:problem:{code}"), "title": title,
        "status": status, "detail": detail, "code": code
    })
}

/// Examples of the problems an operation on `path` answers with `status` (a name and
/// a real answer each): what Swagger shows under each status.
pub fn problems(status: u16, path: &str) -> Vec<(&'static str, Value)> {
    let post = path.starts_with("/v1/") && !path.starts_with("/v1/variants");
    match status {
        400 => vec![(
            "malformed_json",
            problem(
                400,
                "malformed_json",
                "Malformed JSON",
                "Json deserialize error: expected `,` or `}` at line 1 column 17",
            ),
        )],
        404 => vec![("unknown_variant", {
            let mut p = problem(
                404,
                "unknown_variant",
                "Unknown variant",
                "unknown variant `taii`",
            );
            p["valid"] = json!(crate::engine::variant::VARIANT_IDS);
            p
        })],
        405 => vec![(
            "method_not_allowed",
            problem(
                405,
                "method_not_allowed",
                "Method not allowed",
                &format!(
                    "PUT is not allowed here; allowed: {}",
                    if post { "POST" } else { "GET, HEAD" }
                ),
            ),
        )],
        408 => vec![(
            "body_timeout",
            problem(
                408,
                "body_timeout",
                "Request body timeout",
                "the request body did not arrive within 10000 ms",
            ),
        )],
        413 => vec![(
            "body_too_large",
            problem(
                413,
                "body_too_large",
                "Request body too large",
                "JSON payload (2000000 bytes) is larger than allowed (limit: 1048576 bytes).",
            ),
        )],
        414 => vec![(
            "uri_too_long",
            problem(
                414,
                "uri_too_long",
                "URL too long",
                "the URL has 9000 bytes; at most 8192 are accepted",
            ),
        )],
        415 => {
            vec![
            ("unsupported_media_type", problem(415, "unsupported_media_type",
                "Unsupported media type", "send the request body as application/json")),
            ("unsupported_content_encoding", problem(415, "unsupported_content_encoding",
                "Unsupported content encoding",
                "the body is sent with Content-Encoding `gzip`; only `identity` is accepted \
                 (send the body uncompressed)")),
        ]
        }
        422 if path == "/v1/perft" => vec![(
            "perft_depth_exceeded",
            problem(
                422,
                "perft_depth_exceeded",
                "Perft depth too large",
                "depth 9 is above the limit of 6",
            ),
        )],
        422 => vec![("illegal_move_in_game", {
            let mut p = problem(
                422,
                "illegal_move_in_game",
                "Illegal move in game",
                "move 1 (`13s13r`) is illegal: the start square is empty",
            );
            p["index"] = json!(1);
            p["reason"] = json!("empty_square");
            p["move"] = json!("13s13r");
            p
        })],
        429 => vec![(
            "too_busy",
            problem(
                429,
                "too_busy",
                "Too many engine calls at once",
                "2 heavy engine calls are running and the queue is full; retry shortly",
            ),
        )],
        503 => {
            let mut list =
                vec![("too_many_connections", problem(503, "too_many_connections",
                "Too many connections",
                "the server has its limit of 4096 open connections (--max-connections); retry \
                 after Retry-After seconds"))];
            if post {
                list.push((
                    "engine_unavailable",
                    problem(
                        503,
                        "engine_unavailable",
                        "Engine unavailable",
                        "the engine call could not be run",
                    ),
                ));
            }
            list
        }
        _ => vec![(
            "problem",
            problem(status, "problem", "Problem", "see `code`"),
        )],
    }
}
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
