//! The variant data files as the loader checks them: every value of every option has a
//! meaning and a known source, every profile a description, every source is cited; every
//! option is one the engine declares, with the declared values, and the variant has every
//! option its features need and no other; data that misses one does not load.

use shogi_arbiter::engine::variant::{
    self, load, DataFiles, EmperorCapture, LastRank, LionProtection, Repetition, Rules,
    RulesRequest, Variant, VariantNames,
};
use std::sync::Arc;

/// A built-in variant's names, by id.
fn names(id: &str) -> VariantNames {
    variant::names()
        .find(|n| n.id == id)
        .expect("a built-in variant")
}

/// A built-in variant's embedded data files, by id.
macro_rules! data_files {
    ($id:literal) => {
        variant::data_files($id).expect("a built-in variant")
    };
}

/// Tai's embedded data files, each of which a test may replace.
fn tai_files() -> DataFiles<'static> {
    data_files!("tai")
}

/// Chu's embedded data files, each of which a test may replace.
fn chu_files() -> DataFiles<'static> {
    data_files!("chu")
}

fn load_tai(files: &DataFiles<'_>) -> Result<Variant, String> {
    load(names("tai"), variant::tai().traits, files)
}

/// Tai's real data files with one of them changed by `change`, loaded.
fn tai_with<'a>(change: impl FnOnce(&mut DataFiles<'a>)) -> Result<Variant, String> {
    let mut files = tai_files();
    change(&mut files);
    load_tai(&files)
}

/// Tenjiku's embedded data files, each of which a test may replace.
fn tenjiku_files() -> DataFiles<'static> {
    data_files!("tenjiku")
}

fn load_chu(files: &DataFiles<'_>) -> Result<Variant, String> {
    load(names("chu"), variant::chu().traits, files)
}

/// The 1-based line of `text` that starts with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .expect("the line exists")
        + 1
}

/// Tai's options file with the `emperor_capture` row's name and values replaced.
fn tai_emperor_capture(name: &str, values: &str) -> String {
    replaced(
        tai_files().options,
        "emperor_capture |",
        &format!(
            "{name} | {values} | wikipedia=unprotected japanese=unprotected tsa=unprotected \
             | Emperor capture rule (A18)."
        ),
    )
}

/// `text` without its lines that start with `prefix`.
fn without(text: &str, prefix: &str) -> String {
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with(prefix)).collect();
    assert!(
        kept.len() < text.lines().count(),
        "no line starts with `{prefix}`"
    );
    kept.join("\n")
}

/// `text` with the one line that starts with `prefix` replaced by `line`.
fn replaced(text: &str, prefix: &str, line: &str) -> String {
    assert_eq!(text.lines().filter(|l| l.starts_with(prefix)).count(), 1);
    text.lines()
        .map(|l| if l.starts_with(prefix) { line } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_embedded_data_explains_every_value_and_profile() {
    for v in [variant::tai(), variant::chu()] {
        assert_eq!(v.profile_descriptions.len(), v.profiles.len(), "{}", v.id);
        for o in &v.options {
            assert_eq!(o.choices.len(), o.values.len(), "{} {}", v.id, o.name);
            for c in &o.choices {
                assert!(!c.meaning.is_empty() && !c.sources.is_empty());
                for s in &c.sources {
                    assert!(v.sources.iter().any(|x| &x.name == s), "{s}");
                }
            }
        }
    }
    assert!(load_tai(&tai_files()).is_ok());
}

#[test]
fn a_value_without_its_row_does_not_load() {
    let choices = without(tai_files().choices, "emperor_capture | royals_only |");
    let err = tai_with(|f| f.choices = &choices).unwrap_err();
    assert!(
        err.contains("`emperor_capture = royals_only` has no row"),
        "{err}"
    );
}

#[test]
fn a_value_without_a_source_does_not_load() {
    let prefix = "emperor_capture | royals_only |";
    for (line, expected) in [
        (
            "emperor_capture | royals_only | Only a royal victim must be unprotected. | ",
            "expected 4 fields",
        ),
        (
            "emperor_capture | royals_only | Only a royal victim must be unprotected. | ,",
            "no source",
        ),
        (
            "emperor_capture | royals_only | Only a royal victim must be unprotected. | seed 002",
            "unknown source `seed 002`",
        ),
    ] {
        let choices = replaced(tai_files().choices, prefix, line);
        let err = tai_with(|f| f.choices = &choices).unwrap_err();
        assert!(err.contains(expected), "{line}: {err}");
    }
}

#[test]
fn a_profile_without_a_description_does_not_load() {
    for profiles in [
        without(tai_files().profiles, "japanese |"),
        replaced(tai_files().profiles, "japanese |", "japanese"),
    ] {
        let err = tai_with(|f| f.profiles = &profiles).unwrap_err();
        assert!(err.starts_with("profiles"), "{err}");
    }
}

#[test]
fn an_uncited_or_doubled_source_does_not_load() {
    let sources = format!("{}\nHodges | George Hodges' rules.", tai_files().sources);
    let err = tai_with(|f| f.sources = &sources).unwrap_err();
    assert!(err.contains("`Hodges` is cited by no choice"), "{err}");
    let sources = format!("{}\nEvans | Again.", tai_files().sources);
    let err = tai_with(|f| f.sources = &sources).unwrap_err();
    assert!(err.contains("`Evans` is listed twice"), "{err}");
}

#[test]
fn the_real_data_loads() {
    let tai = load_tai(&tai_files()).expect("tai loads");
    let chu = load_chu(&chu_files()).expect("chu loads");
    assert_eq!((tai.options.len(), chu.options.len()), (20, 6));
}

#[test]
fn a_misspelt_option_name_does_not_load() {
    let options = tai_emperor_capture("emperor_captur", "unprotected royals_only unrestricted");
    let line = line_of(&options, "emperor_captur |");
    let err = tai_with(|f| f.options = &options).unwrap_err();
    assert!(
        err.starts_with(&format!(
            "options line {line}: unknown option `emperor_captur`; the engine declares: "
        )),
        "{err}"
    );
    assert!(err.contains(", emperor_capture, "), "{err}");
}

#[test]
fn a_misspelt_option_value_does_not_load() {
    let options = tai_emperor_capture("emperor_capture", "unprotectd royals_only unrestricted");
    let line = line_of(&options, "emperor_capture |");
    let err = tai_with(|f| f.options = &options).unwrap_err();
    assert_eq!(
        err,
        format!(
            "options line {line}: `unprotectd` is not a value of `emperor_capture`; the engine \
             declares: unprotected, royals_only, unrestricted"
        )
    );
}

#[test]
fn a_declared_value_the_data_lacks_or_doubles_does_not_load() {
    for (values, expected) in [
        (
            "unprotected royals_only",
            "`emperor_capture` lacks the value `unrestricted`; the engine declares: \
             unprotected, royals_only, unrestricted",
        ),
        (
            "unprotected royals_only unrestricted royals_only",
            "`emperor_capture` lists `royals_only` twice",
        ),
    ] {
        let options = tai_emperor_capture("emperor_capture", values);
        let line = line_of(&options, "emperor_capture |");
        let err = tai_with(|f| f.options = &options).unwrap_err();
        assert_eq!(err, format!("options line {line}: {expected}"));
    }
}

#[test]
fn values_in_another_order_are_read_by_name() {
    let options = tai_emperor_capture("emperor_capture", "unrestricted royals_only unprotected");
    let tai: &'static Variant = Box::leak(Box::new(
        tai_with(|f| f.options = &options).expect("the order of values is the data's"),
    ));
    for (value, expected) in [
        ("unprotected", EmperorCapture::Unprotected),
        ("royals_only", EmperorCapture::RoyalsOnly),
        ("unrestricted", EmperorCapture::Unrestricted),
    ] {
        let rules = Rules::resolve(
            tai,
            &RulesRequest {
                profile: None,
                overrides: vec![("emperor_capture".into(), value.into())],
            },
        )
        .expect("a declared value");
        assert_eq!(rules.emperor_capture, expected);
    }
    assert_eq!(
        Rules::default_for(tai).emperor_capture,
        EmperorCapture::Unprotected
    );
}

#[test]
fn promotion_table_values_in_another_order_pick_the_same_tables() {
    let options = tai_files()
        .options
        .replace("promotion_table | en ja |", "promotion_table | ja en |");
    let reordered: &'static Variant = Box::leak(Box::new(
        tai_with(|f| f.options = &options).expect("the order of values is the data's"),
    ));
    let promotions = |v: &'static Variant, profile: &str| {
        let rules = Rules::resolve(
            v,
            &RulesRequest {
                profile: Some(profile.into()),
                overrides: Vec::new(),
            },
        )
        .expect("a profile");
        rules
            .faces
            .iter()
            .map(|f| f.promotes_to)
            .collect::<Vec<_>>()
    };
    for profile in ["wikipedia", "japanese"] {
        assert_eq!(
            promotions(reordered, profile),
            promotions(variant::tai(), profile),
            "{profile}"
        );
    }
    assert_ne!(
        promotions(variant::tai(), "wikipedia"),
        promotions(variant::tai(), "japanese")
    );
}

#[test]
fn an_option_given_twice_does_not_load() {
    let row = tai_files()
        .options
        .lines()
        .find(|l| l.starts_with("repetition |"))
        .expect("tai has repetition");
    let options = format!("{}\n{row}", tai_files().options);
    let err = tai_with(|f| f.options = &options).unwrap_err();
    assert!(err.ends_with(": `repetition` is listed twice"), "{err}");
}

#[test]
fn an_option_the_variant_needs_but_lacks_does_not_load() {
    for (option, who) in [
        ("repetition", "every variant"),
        (
            "emperor_capture",
            "a variant with a piece that moves as an emperor",
        ),
        ("promotion_trigger", "a variant that promotes on capture"),
        (
            "lion_dog",
            "a variant with a piece that has the lion dog move",
        ),
        (
            "promotion_table",
            "a variant whose pieces name more than one promotion table",
        ),
    ] {
        let options = without(tai_files().options, &format!("{option} |"));
        let err = tai_with(|f| f.options = &options).unwrap_err();
        assert_eq!(
            err,
            format!("options: `{option}` is missing; the engine requires it of {who}")
        );
    }
    let (option, who) = ("lion_protection", "a variant with the lion-trading rules");
    let options = without(chu_files().options, &format!("{option} |"));
    let err = load_chu(&DataFiles {
        options: &options,
        ..chu_files()
    })
    .unwrap_err();
    assert_eq!(
        err,
        format!("options: `{option}` is missing; the engine requires it of {who}")
    );
}

#[test]
fn an_option_for_a_rule_the_variant_lacks_does_not_load() {
    let options = format!(
        "{}\nlion_protection | before_move after_move | wikipedia=before_move \
         japanese=before_move tsa=before_move | Lion protection.",
        tai_files().options
    );
    let err = tai_with(|f| f.options = &options).unwrap_err();
    assert_eq!(
        err,
        "options: `lion_protection` is only for a variant with the lion-trading rules, which \
         this variant is not"
    );
}

#[test]
fn the_promotion_tables_are_the_values_of_promotion_table() {
    let pieces = tai_files().pieces;
    let row = pieces
        .lines()
        .find(|l| l.contains(" | en=- ja=G | "))
        .expect("a piece that promotes under ja only");
    let pieces = pieces.replacen(row, &row.replace(" | en=- ja=G | ", " | ja=G en=- | "), 1);
    let code = row.split(" | ").next().expect("a code");
    let line = line_of(&pieces, &format!("{code} |"));
    let err = tai_with(|f| f.pieces = &pieces).unwrap_err();
    assert_eq!(
        err,
        format!(
            "pieces line {line}: promotion tables `ja en`, earlier rows `en ja` (every row names \
             the same tables, in the same order)"
        )
    );
    let pieces = tai_files().pieces.replace(" en=", " eng=");
    let err = tai_with(|f| f.pieces = &pieces).unwrap_err();
    assert_eq!(
        err,
        "pieces: the promotion tables are `eng ja`, the values of `promotion_table` are `en ja` \
         (the same tables, in the same order)"
    );
}

#[test]
fn every_value_of_a_typed_option_reaches_the_rules() {
    let resolve = |v: &'static Variant, option: &str, value: &str| {
        Rules::resolve(
            v,
            &RulesRequest {
                profile: None,
                overrides: vec![(option.into(), value.into())],
            },
        )
        .expect("a declared value")
    };
    let tai = variant::tai();
    for (value, expected) in [
        ("unprotected", EmperorCapture::Unprotected),
        ("royals_only", EmperorCapture::RoyalsOnly),
        ("unrestricted", EmperorCapture::Unrestricted),
    ] {
        assert_eq!(
            resolve(tai, "emperor_capture", value).emperor_capture,
            expected
        );
    }
    for (value, expected) in [
        ("jcsa", Repetition::Jcsa),
        ("fourfold_no_contest", Repetition::FourfoldNoContest),
        ("no_repeat", Repetition::NoRepeat),
    ] {
        assert_eq!(resolve(tai, "repetition", value).repetition, expected);
    }
    assert!(resolve(tai, "lion_dog_jump_back", "true").lion_dog_jump_back);
    assert!(!resolve(tai, "lion_dog_jump_back", "false").lion_dog_jump_back);
    assert!(!Rules::default_for(tai).bare_king);
    let chu = variant::chu();
    let trading = |option, value| {
        resolve(chu, option, value)
            .lion_trading
            .expect("chu trades")
    };
    assert_eq!(
        trading("lion_protection", "after_move").protection,
        LionProtection::AfterMove
    );
    assert!(trading("counter_strike", "okazaki").okazaki);
    assert!(!trading("promoted_kirin_recapture", "forbidden").kirin_recapture);
    let zone = |value| {
        resolve(chu, "last_rank_pawn_lance", value)
            .zone
            .expect("a zone")
    };
    assert_eq!(zone("must_promote").last_rank, LastRank::NoSecondChance);
    assert_eq!(zone("may_stay").last_rank, LastRank::SecondChance);
    assert!(!resolve(chu, "bare_king", "false").bare_king);
    assert!(resolve(chu, "bare_king", "true").bare_king);
    assert_eq!(
        resolve(chu, "repetition", "lishogi").repetition,
        Repetition::Lishogi
    );
}

/// The options tenjiku's pieces need (range jumps, area moves, the fire demon) fail its
/// load when missing, and chu, which has none of those pieces, may not declare them.
#[test]
fn the_tenjiku_options_follow_its_pieces() {
    let traits = variant::tenjiku().traits;
    for (option, who) in [
        ("range_jump", "a variant with a range-jumping piece"),
        (
            "jump_capture_victim",
            "a variant with a range-jumping piece",
        ),
        ("area_moves", "a variant with a piece that has an area move"),
        ("both_royals_lost", "a variant with a fire demon"),
        (
            "water_buffalo_burns_on_promotion",
            "a variant with a fire demon",
        ),
    ] {
        let options = without(tenjiku_files().options, &format!("{option} |"));
        let err = load(
            names("tenjiku"),
            traits,
            &DataFiles {
                options: &options,
                ..tenjiku_files()
            },
        )
        .unwrap_err();
        assert_eq!(
            err,
            format!("options: `{option}` is missing; the engine requires it of {who}")
        );
    }
    let options = format!(
        "{}
range_jump | capture_only always | lishogi=capture_only hachu=capture_only | Range jumps.",
        chu_files().options
    );
    let err = load_chu(&DataFiles {
        options: &options,
        ..chu_files()
    })
    .unwrap_err();
    assert_eq!(
        err,
        "options: `range_jump` is only for a variant with a range-jumping piece, which this variant is not"
    );
}

/// The flags tenjiku.md §3 adds to the piece rows: `rank=N` (§4.2), `fire_demon` (§5) and
/// `last_rank=2` (§6.3), read from a row; a rank outside 1..4 fails the load.
#[test]
fn the_tenjiku_flags_are_read() {
    let row = |flags: &str| {
        replaced(
            tai_files().pieces,
            "GG |",
            &format!("GG | Guardian of the Gods | 金剛 | kongō | slide3(orth) step(diag) | en=G ja=G | {flags}"),
        )
    };
    let pieces = row("rank=3 last_rank=2");
    let tai = tai_with(|f| f.pieces = &pieces).expect("loads");
    let gg = tai.kinds.iter().find(|k| k.code == "GG").expect("GG");
    assert_eq!(
        (gg.jump_rank, gg.fire_demon, gg.trapped_ranks),
        (3, false, 2)
    );
    // A fire demon needs the burning options, which tai lacks.
    let pieces = row("fire_demon");
    let err = tai_with(|f| f.pieces = &pieces).unwrap_err();
    assert_eq!(
        err,
        "options: `water_buffalo_burns_on_promotion` is missing; the engine requires it of a variant with a fire demon"
    );
    let pieces = row("-");
    let tai = tai_with(|f| f.pieces = &pieces).expect("loads");
    let gg = tai.kinds.iter().find(|k| k.code == "GG").expect("GG");
    assert_eq!(
        (gg.jump_rank, gg.fire_demon, gg.trapped_ranks),
        (0, false, 0)
    );
    for bad in ["rank=0", "rank=5", "rank=x"] {
        let pieces = row(bad);
        let err = tai_with(|f| f.pieces = &pieces).unwrap_err();
        assert!(err.contains("is not 1 to 4"), "{bad}: {err}");
    }
}

/// Shared rules: a built-in variant's defaults are compiled once; a variant loaded from
/// other data under the same id never receives the built-in variant's rules, by default
/// or with options.
#[test]
fn shared_rules_belong_to_their_variant() {
    let defaults = RulesRequest::default();
    let first = Rules::resolve_shared(variant::tai(), &defaults).expect("defaults");
    let again = Rules::resolve_shared(variant::tai(), &defaults).expect("defaults");
    assert!(Arc::ptr_eq(&first, &again));
    let pieces = replaced(
        tai_files().pieces,
        "P |",
        "P | Pawn | 歩兵 | fuhyō | step(f,b) | en=- ja=G | -",
    );
    let other: &'static Variant =
        Box::leak(Box::new(tai_with(|f| f.pieces = &pieces).expect("loads")));
    assert_eq!(other.id, "tai");
    let with_option = RulesRequest {
        profile: None,
        overrides: vec![("repetition".into(), "no_repeat".into())],
    };
    for request in [&defaults, &with_option] {
        let built_in = Rules::resolve_shared(variant::tai(), request).expect("built-in");
        let loaded = Rules::resolve_shared(other, request).expect("loaded");
        assert!(std::ptr::eq(built_in.variant, variant::tai()));
        assert!(std::ptr::eq(loaded.variant, other));
        let pawn = |r: &Rules| {
            let kind = r.variant.kind_by_code("P").expect("a pawn");
            r.face(kind.face(false)).movement.to_string()
        };
        assert_eq!(pawn(&built_in), "step(f)");
        assert_eq!(pawn(&loaded), "step(f,b)");
    }
}

/// Dai dai shogi's data (dai-dai.md): it loads with every value explained and sourced; it
/// has no `lion_dog_jump_back` (no contagious pieces, so the leap back never changes a
/// move's effect) and plays `false`, while tai keeps the option and may still choose it;
/// its 64 set-up kinds and 4 promoted-only ones are there, the king the only royal.
#[test]
fn the_dai_dai_data_loads_without_lion_dog_jump_back() {
    let files = data_files!("dai-dai");
    let dai_dai = variant::by_id("dai-dai").expect("built in");
    let loaded = load(names("dai-dai"), dai_dai.traits, &files).expect("loads");
    assert_eq!(loaded.profiles, ["wikipedia", "tsa", "japanese"]);
    assert_eq!(loaded.profile_descriptions.len(), 3);
    for o in &loaded.options {
        assert_eq!(o.choices.len(), o.values.len(), "{}", o.name);
    }
    assert!(loaded.option_index("lion_dog_jump_back").is_none());
    assert!(variant::tai().option_index("lion_dog_jump_back").is_some());
    for profile in ["wikipedia", "tsa", "japanese"] {
        let rules = Rules::resolve(
            dai_dai,
            &RulesRequest {
                profile: Some(profile.into()),
                overrides: Vec::new(),
            },
        )
        .expect("a profile");
        assert!(!rules.lion_dog_jump_back, "{profile}");
    }
    let promoted_only = loaded.kinds.iter().filter(|k| k.promoted_only).count();
    assert_eq!((loaded.kinds.len() - promoted_only, promoted_only), (64, 4));
    let royals: Vec<&str> = loaded
        .kinds
        .iter()
        .filter(|k| k.royal)
        .map(|k| k.code.as_str())
        .collect();
    assert_eq!(royals, ["K"]);
}

/// A data file that uses a component or flag its variant's rules cannot honour does not
/// load, and the error names the line: chu's rules have no shots and no commanders, ko's
/// no lion moves, hook moves or fire demons (acceptance 2 of issue 31).
#[test]
fn a_component_or_flag_the_rules_cannot_honour_does_not_load() {
    let ko_files = || data_files!("ko");
    let chu_pawn = |rest: &str| format!("P | Pawn | 歩兵 | fuhyō | {rest}");
    let ko_sumo = |rest: &str| format!("SW | Sumo wrestler | 力士 | rikishi | {rest}");
    let hawk = "war_hawk_double_step | free_turn |";
    // (variant, file, row prefix, replacement row, error after the line's name)
    let cases = [
        (
            "chu",
            "pieces",
            "P |",
            chu_pawn("step(f) shoot(1@3 blocked) | std=G | pawnlike last_rank"),
            " (P): the component `shoot(1@3 blocked)` is not one this variant's rules run",
        ),
        (
            "chu",
            "pieces",
            "P |",
            chu_pawn("step(f) | std=G | pawnlike last_rank commander"),
            " (P): the flag `commander` is not one this variant's rules honour",
        ),
        // A hook move's straight leg is `slide(D)` beside `hook(D)` (FORMAT.md), which a
        // row transcribed from a table that writes the whole move as `hook(D)` would lose.
        (
            "chu",
            "pieces",
            "P |",
            chu_pawn("hook(orth) | std=G | pawnlike last_rank"),
            " (P): `hook(f,b,l,r)` needs its straight leg `slide(f,b,l,r)` beside it (`hook` is \
             only the turning part of a hook move)",
        ),
        (
            "ko",
            "pieces",
            "SW |",
            ko_sumo("lion | std=- | capture_promotes=step_mover"),
            " (SW): the component `lion` is not one this variant's rules run",
        ),
        (
            "ko",
            "pieces",
            "SW |",
            ko_sumo("dblstep(all) | std=- | capture_promotes=step_mover fire_demon"),
            " (SW): the flag `fire_demon` is not one this variant's rules honour",
        ),
        (
            "ko",
            "overrides",
            hawk,
            format!("{hawk} WH | slide(diag) hook(orth)"),
            ": the component `hook(f,b,l,r)` is not one this variant's rules run",
        ),
    ];
    for (id, file, prefix, row, error) in cases {
        let mut files = if id == "chu" { chu_files() } else { ko_files() };
        let text = if file == "pieces" {
            files.pieces
        } else {
            files.overrides
        };
        let line = line_of(text, prefix);
        let changed = replaced(text, prefix, &row);
        if file == "pieces" {
            files.pieces = &changed;
        } else {
            files.overrides = &changed;
        }
        let traits = if id == "chu" {
            variant::chu()
        } else {
            variant::ko()
        }
        .traits;
        let err = load(names(id), traits, &files).unwrap_err();
        assert_eq!(err, format!("{file} line {line}{error}"), "{row}");
    }
    // The rows as they are load.
    load_chu(&chu_files()).expect("chu loads");
    load(names("ko"), variant::ko().traits, &ko_files()).expect("ko loads");
}

/// Route rules keep sets of kinds in 128 bits, so a variant with route rules and more
/// kinds does not load; with exactly 128 it does.
#[test]
fn route_rules_hold_at_most_128_kinds() {
    let files = data_files!("ko");
    let kinds = files
        .pieces
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    let with_fillers = |n: usize| {
        let mut pieces = files.pieces.to_string();
        for i in 0..n {
            let code = format!(
                "Q{}{}",
                char::from(b'A' + (i / 26) as u8),
                char::from(b'A' + (i % 26) as u8)
            );
            pieces.push_str(&format!(
                "{code} | Filler {i} | 試 | shi | step(f) | std=- | -\n"
            ));
        }
        pieces
    };
    let load_with = |pieces: &str| {
        let mut f = files;
        f.pieces = pieces;
        load(names("ko"), variant::ko().traits, &f)
    };
    load_with(&with_fillers(128 - kinds)).expect("128 kinds load");
    assert_eq!(
        load_with(&with_fillers(129 - kinds)).unwrap_err(),
        "more than 128 piece kinds under route rules (their kind sets)"
    );
}
