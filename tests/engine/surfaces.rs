//! The engine's answers at its edges: rules resolution (profiles, overrides, errors that
//! list the valid choices), position text problems with their codes and locations, every
//! reason an illegal move can get, and the effects of a played move.

use crate::support::{position, position_text, tai_rules};
use shogi_arbiter::engine::core::moves::Promotion;
use shogi_arbiter::engine::notation::{format_move, parse_position, parse_valid_position};
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::{self, Rules, RulesError, RulesRequest};

fn request(profile: Option<&str>, overrides: &[(&str, &str)]) -> RulesRequest {
    RulesRequest {
        profile: profile.map(String::from),
        overrides: overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

#[test]
fn profiles_resolve_to_tai_md_table_and_overrides_apply() {
    let tai = variant::tai();
    let default = Rules::resolve(tai, &request(None, &[])).unwrap();
    assert_eq!(default.profile_name(), "wikipedia");
    let echoed: Vec<_> = default.resolved().collect();
    assert_eq!(echoed.len(), 20, "every option of tai.md is echoed");
    assert_eq!(echoed[0], ("promotion_table", "en"));
    let ja = Rules::resolve(tai, &request(Some("japanese"), &[])).unwrap();
    assert_eq!(ja.value("promotion_table"), Some("ja"));
    assert_eq!(ja.value("repetition"), Some("fourfold_no_contest"));
    assert_eq!(ja.value("great_dragon"), Some("ja"));
    let tsa = Rules::resolve(
        tai,
        &request(Some("tsa"), &[("emperor_capture", "royals_only")]),
    )
    .unwrap();
    assert_eq!(tsa.value("lion_dog"), Some("range3"));
    assert_eq!(tsa.value("turtle_snake"), Some("evans"));
    assert_eq!(tsa.value("emperor_capture"), Some("royals_only"));
}

#[test]
fn rules_errors_list_the_valid_choices() {
    let tai = variant::tai();
    match Rules::resolve(tai, &request(Some("hachu"), &[])) {
        Err(RulesError::UnknownProfile { valid, .. }) => {
            assert_eq!(valid, vec!["wikipedia", "japanese", "tsa"])
        }
        other => panic!("{other:?}"),
    }
    match Rules::resolve(tai, &request(None, &[("lion_power", "on")])) {
        Err(e @ RulesError::UnknownOption { .. }) => {
            assert_eq!(e.code(), "unknown_option");
            assert!(e.to_string().contains("emperor_capture"));
        }
        other => panic!("{other:?}"),
    }
    match Rules::resolve(tai, &request(None, &[("emperor_capture", "never")])) {
        Err(RulesError::InvalidValue { valid, .. }) => {
            assert_eq!(valid, vec!["unprotected", "royals_only", "unrestricted"])
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Rules::resolve(
            tai,
            &request(None, &[("donkey", "evans"), ("donkey", "wikipedia")])
        ),
        Err(RulesError::DuplicateOption { .. })
    ));
}

fn codes(text: &str) -> Vec<(String, Option<String>, Option<u32>)> {
    match parse_position(variant::tai(), text) {
        Ok(_) => vec![],
        Err(ps) => ps
            .into_iter()
            .map(|p| (p.code.to_string(), p.rank, p.file))
            .collect(),
    }
}

#[test]
fn position_text_problems_have_codes_and_locations() {
    let rules = tai_rules("");
    let good = position_text(&rules, "E@13y e@13a", 'b');
    assert!(codes(&good).is_empty());
    // 26 ranks.
    let extra_rank = good.replacen(' ', "/25 ", 1);
    assert!(codes(&extra_rank).iter().any(|c| c.0 == "rank_count"));
    // A rank with 30 cells (rank c: 25 + 5).
    let wide = good.replacen("/25/", "/25,5/", 1);
    assert!(codes(&wide).contains(&("rank_width".into(), Some("b".into()), None)));
    // An unknown code on rank a: the cells are 12 empty, e (file 13), 12 empty; put XX at file 25.
    let unknown = good.replacen("12,e,12", "XX,11,e,12", 1);
    assert!(codes(&unknown).contains(&("unknown_piece".into(), Some("a".into()), Some(25))));
    // Several problems at once: mixed case, a `+` on a piece that never promotes, bad side.
    let many = good
        .replacen("12,e,12", "Ln,+Q,10,e,12", 1)
        .replacen(" b ", " x ", 1);
    let found: Vec<String> = codes(&many).into_iter().map(|c| c.0).collect();
    for code in ["mixed_case", "cannot_promote", "bad_side"] {
        assert!(found.iter().any(|c| c == code), "{code} in {found:?}");
    }
    assert!(codes("").iter().any(|c| c.0 == "field_count"));
    assert!(codes(&good.replace(" 1", " 0"))
        .iter()
        .any(|c| c.0 == "bad_move_number"));
    // A promoted-only kind written by its own code.
    let tk = good.replacen("12,e,12", "TK,11,e,12", 1);
    assert!(codes(&tk).iter().any(|c| c.0 == "promoted_only_piece"));
    // `+G` parses (gold promotes under the ja table) but is invalid under the default en table.
    let plus_gold = position_text(&rules, "E@13y e@13a +G@5e", 'b');
    assert!(codes(&plus_gold).is_empty());
    let problems = parse_valid_position(&rules, &plus_gold).unwrap_err();
    assert_eq!(problems[0].code, "cannot_promote");
    assert_eq!(
        (problems[0].rank.as_deref(), problems[0].file),
        (Some("e"), Some(5))
    );
    assert!(parse_valid_position(&tai_rules("promotion_table=ja"), &plus_gold).is_ok());
}

#[test]
fn the_sfen_form_is_read_for_ranks_without_commas() {
    let rules = tai_rules("");
    let comma = position_text(&rules, "E@13y e@13a G@1c P@25c", 'b');
    let sfen = comma.replacen("P,23,G", "P23G", 1);
    assert_ne!(comma, sfen);
    assert_eq!(
        parse_position(rules.variant, &comma).unwrap(),
        parse_position(rules.variant, &sfen).unwrap()
    );
}

fn reason(placements: &str, side: char, rules: &str, text: &str) -> String {
    let rules = tai_rules(rules);
    let pos = position(&rules, placements, side);
    match check_move(&pos, &rules, text) {
        Ok(m) => format!("legal {}", format_move(rules.variant.shape(), &m)),
        Err(e) => e.code().to_string(),
    }
}

#[test]
fn every_illegal_move_reason() {
    let base = "CP@25y cp@1a";
    let with = |extra: &str| format!("{base} {extra}");
    assert_eq!(reason(&with("G@13m"), 'b', "", "13m12l13"), "malformed");
    assert_eq!(reason(&with("G@13m"), 'b', "", "13m"), "malformed");
    assert_eq!(
        reason(&with("G@13m"), 'b', "", "13m13l13k13j13i"),
        "malformed"
    );
    assert_eq!(reason(&with("G@13m"), 'b', "", "14m13l"), "empty_square");
    assert_eq!(reason(&with("g@13m"), 'b', "", "13m13n"), "not_your_piece");
    assert_eq!(
        reason(&with("G@13m P@13l"), 'b', "", "13m13l"),
        "onto_own_piece"
    );
    assert_eq!(
        reason(&with("R@13m P@13j"), 'b', "", "13m13h"),
        "path_blocked"
    );
    assert_eq!(reason(&with("G@13m"), 'b', "", "13m13k"), "unreachable");
    assert_eq!(
        reason(&with("G@13m"), 'b', "", "13m13l13k"),
        "invalid_route"
    );
    // The emperor may not capture a pawn its neighbour gold protects.
    assert_eq!(
        reason(&with("E@13y p@5e g@5d"), 'b', "", "13y5e"),
        "emperor_capture_protected"
    );
    assert_eq!(
        reason(&with("E@13y p@5e g@5d"), 'b', "", "13y5d"),
        "legal 13y5d"
    );
    // A rook's capture promotes it to gold (en table): `=` is refused, no mark is accepted.
    assert_eq!(
        reason(&with("R@13m p@13h"), 'b', "", "13m13h="),
        "promotion_compulsory"
    );
    assert_eq!(
        reason(&with("R@13m p@13h"), 'b', "", "13m13h"),
        "legal 13m13h+"
    );
    assert_eq!(
        reason(&with("R@13m"), 'b', "", "13m13h+"),
        "promotion_not_possible"
    );
    assert_eq!(reason("G@13m cp@1a", 'b', "", "13m13l"), "game_over");
}

#[test]
fn playing_reports_captures_promotion_contagion_and_royals() {
    let rules = tai_rules("");
    let shape = rules.variant.shape();
    // A lion captures a deva on 13l then the prince on 13k: contagion (the deva is the
    // only contagious victim) and a royal captured; White keeps its emperor.
    let pos = position(&rules, "CP@25y LN@13m dv@13l cp@13k e@1a", 'b');
    let mv = check_move(&pos, &rules, "13m13l13k").unwrap();
    assert_eq!(format_move(shape, &mv), "13m13l13k+");
    let mut after = pos.clone();
    let effects = after.play(&mv, &rules);
    assert_eq!(effects.captures().len(), 2);
    assert_eq!(effects.captures()[0].0, shape.parse_square("13l").unwrap());
    assert_eq!(effects.promotion, Promotion::Contagion);
    let dv = rules.variant.kind_by_code("DV").unwrap();
    assert_eq!(effects.face_after, dv.face(true), "the lion became +DV");
    assert_eq!(royals_captured(&effects), 1);
    assert!(!after.is_terminal(), "White still has its emperor");
    // A rook captures and promotes (en table: rook -> gold).
    let pos = position(&rules, "CP@25y R@13m p@13h e@1a", 'b');
    let mv = check_move(&pos, &rules, "13m13h").unwrap();
    let mut after = pos.clone();
    let effects = after.play(&mv, &rules);
    assert_eq!(effects.promotion, Promotion::Compulsory);
    let text = shogi_arbiter::engine::notation::format_position(
        rules.variant,
        &after.to_setup(rules.variant),
    );
    assert!(text.contains("+R"), "{text}");
    // Capturing the last royal ends the game: no moves.
    let pos = position(&rules, "CP@25y G@13m cp@13l", 'b');
    let mv = check_move(&pos, &rules, "13m13l").unwrap();
    let mut after = pos.clone();
    let effects = after.play(&mv, &rules);
    assert_eq!(royals_captured(&effects), 1);
    assert!(after.is_terminal());
    assert!(shogi_arbiter::engine::movegen::legal_moves(&after, &rules).is_empty());
}

/// How many royal pieces a move captured.
fn royals_captured(effects: &shogi_arbiter::engine::core::moves::Effects) -> usize {
    use shogi_arbiter::engine::core::moves::{Cause, Removal};
    effects
        .events
        .iter()
        .filter(|e| e.royal && e.cause == Cause::Removed(Removal::Capture))
        .count()
}
