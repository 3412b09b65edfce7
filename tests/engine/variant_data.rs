//! The variant data files as the loader checks them: every value of every option has a
//! meaning and a known source, every profile a description, every source is cited; data
//! that misses one does not load.

use shogi_arbiter::engine::variant::{self, load, DataFiles, Variant};

/// Tai's embedded data files, each of which a test may replace.
fn tai_files() -> DataFiles<'static> {
    DataFiles {
        pieces: include_str!("../../src/engine/variant/data/tai.pieces"),
        options: include_str!("../../src/engine/variant/data/tai.options"),
        choices: include_str!("../../src/engine/variant/data/tai.choices"),
        profiles: include_str!("../../src/engine/variant/data/tai.profiles"),
        sources: include_str!("../../src/engine/variant/data/tai.sources"),
        overrides: include_str!("../../src/engine/variant/data/tai.overrides"),
        setup: include_str!("../../src/engine/variant/data/tai.setup"),
    }
}

fn load_tai(files: &DataFiles<'_>) -> Result<Variant, String> {
    load("tai", "Tai shogi", variant::tai().traits, files)
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
    let err = load_tai(&DataFiles {
        choices: &choices,
        ..tai_files()
    })
    .unwrap_err();
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
        let err = load_tai(&DataFiles {
            choices: &choices,
            ..tai_files()
        })
        .unwrap_err();
        assert!(err.contains(expected), "{line}: {err}");
    }
}

#[test]
fn a_profile_without_a_description_does_not_load() {
    for profiles in [
        without(tai_files().profiles, "japanese |"),
        replaced(tai_files().profiles, "japanese |", "japanese"),
    ] {
        let err = load_tai(&DataFiles {
            profiles: &profiles,
            ..tai_files()
        })
        .unwrap_err();
        assert!(err.starts_with("profiles"), "{err}");
    }
}

#[test]
fn an_uncited_or_doubled_source_does_not_load() {
    let sources = format!("{}\nHodges | George Hodges' rules.", tai_files().sources);
    let err = load_tai(&DataFiles {
        sources: &sources,
        ..tai_files()
    })
    .unwrap_err();
    assert!(err.contains("`Hodges` is cited by no choice"), "{err}");
    let sources = format!("{}\nEvans | Again.", tai_files().sources);
    let err = load_tai(&DataFiles {
        sources: &sources,
        ..tai_files()
    })
    .unwrap_err();
    assert!(err.contains("`Evans` is listed twice"), "{err}");
}
