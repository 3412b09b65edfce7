//! The analysis board link of a reproduction: the request's game (variant, rules, start
//! position or bare position, moves, the move judged) as the URL fragment that
//! `GET /board/` reads, so a disagreement can be looked at on a board. The fragment's
//! fields are the page's (README, "Analysis board").

use serde_json::Value;

/// The page's URL for the game of a request `body`, under the server at `base`; `None`
/// for a request without a variant.
pub fn board_link(base: &str, body: &Value) -> Option<String> {
    let variant = body.get("variant")?.as_str()?;
    let mut fields = vec![("variant", variant.to_string())];
    let rules = body.get("rules");
    if let Some(profile) = rules.and_then(|r| r.get("profile")).and_then(Value::as_str) {
        fields.push(("profile", profile.to_string()));
    }
    if let Some(options) = rules
        .and_then(|r| r.get("options"))
        .and_then(Value::as_object)
    {
        let pairs: Vec<String> = options
            .iter()
            .filter_map(|(k, v)| Some(format!("{k}:{}", v.as_str()?)))
            .collect();
        if !pairs.is_empty() {
            fields.push(("options", pairs.join(",")));
        }
    }
    let text = |key: &str| body.get(key).and_then(Value::as_str);
    if let Some(start) = text("position").or_else(|| text("start")) {
        fields.push(("start", start.to_string()));
    }
    if let Some(moves) = body.get("moves").and_then(Value::as_array) {
        let moves: Vec<&str> = moves.iter().filter_map(Value::as_str).collect();
        if !moves.is_empty() {
            fields.push(("moves", moves.join(",")));
        }
    }
    if let Some(mv) = text("move") {
        fields.push(("move", mv.to_string()));
    }
    let fragment: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", escape(v)))
        .collect();
    Some(format!(
        "{}/board/#{}",
        base.trim_end_matches('/'),
        fragment.join("&")
    ))
}

/// `text` percent-encoded but for letters, digits, `-._~` and the `,` and `:` that
/// separate moves and options.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~,:".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_game_with_rules_and_a_move_is_one_fragment() {
        let body = json!({
            "variant": "chu",
            "rules": {"profile": "hachu", "options": {"counter_strike": "okazaki"}},
            "start": "6k5/12/7+P4/2+r9/12/5p6/5p6/5N6/12/12/12/6K5 b - 1",
            "moves": ["7h7g7f", "6a6b"],
            "move": "P-7h+",
        });
        assert_eq!(
            board_link("http://127.0.0.1:8080/", &body).as_deref(),
            Some(
                "http://127.0.0.1:8080/board/#variant=chu&profile=hachu\
                 &options=counter_strike:okazaki\
                 &start=6k5%2F12%2F7%2BP4%2F2%2Br9%2F12%2F5p6%2F5p6%2F5N6%2F12%2F12%2F12%2F6K5%20b%20-%201\
                 &moves=7h7g7f,6a6b&move=P-7h%2B"
            )
        );
    }

    #[test]
    fn a_bare_position_is_the_start_and_no_variant_is_no_link() {
        let body = json!({"variant": "tai", "position": "x y", "depth": 2});
        assert_eq!(
            board_link("http://h", &body).as_deref(),
            Some("http://h/board/#variant=tai&start=x%20y")
        );
        assert_eq!(board_link("http://h", &json!({"depth": 2})), None);
    }
}
