//! The variants' names come from one place, the registry (`variant::names`): the table
//! below states each name as the rules pages and the README's opening paragraph give it,
//! and every other list of the variants (KIF's `手合割` tag, "handicap", here "which game";
//! the crate's and the engine's docs) must agree with the registry.

use crate::rules::rules_for;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::record::kif::{read_kif, write_kif};
use shogi_arbiter::engine::variant::{self, VariantNames, VARIANT_IDS};

/// Id, English name and Japanese name of every variant, as the title of its rules page
/// (the research page "<id>") and the README's first paragraph write them. 大局将棋 is
/// taikyoku shogi, not tai shogi (泰将棋).
const EXPECTED: [(&str, &str, &str); 8] = [
    ("tai", "Tai shogi", "泰将棋"),
    ("chu", "Chu shogi", "中将棋"),
    ("tenjiku", "Tenjiku shogi", "天竺将棋"),
    ("dai", "Dai shogi", "大将棋"),
    ("dai-dai", "Dai dai shogi", "大大将棋"),
    ("maka-dai-dai", "Maka dai dai shogi", "摩訶大大将棋"),
    ("ko", "Ko shogi", "広将棋"),
    ("taikyoku", "Taikyoku shogi", "大局将棋"),
];

#[test]
fn the_registry_names_every_variant_as_the_rules_pages_do() {
    let names: Vec<VariantNames> = variant::names().collect();
    let got: Vec<(&str, &str, &str)> = names.iter().map(|n| (n.id, n.name, n.japanese)).collect();
    assert_eq!(got, EXPECTED);
    let ids: Vec<&str> = names.iter().map(|n| n.id).collect();
    assert_eq!(ids, VARIANT_IDS);
    for n in &names {
        let v = variant::by_id(n.id).expect("a listed id loads");
        assert_eq!((v.id, v.name, v.japanese), (n.id, n.name, n.japanese));
    }
}

/// A record of no moves from the initial setup, headed with `name`.
fn headed(name: &str) -> String {
    format!("手合割：{name}\n先手：\n後手：\n手数----指手---------消費時間--\n")
}

#[test]
fn kif_records_are_headed_with_the_registry_name_and_read_back() {
    for (id, _, japanese) in EXPECTED {
        let rules = rules_for(id, "");
        let game = Game::new(Position::start(&rules), &rules, true);
        let text = write_kif(&rules, &game, None);
        // Chu's records follow lishogi: no handicap line for the initial setup
        // (docs/kif.md), though the name is read.
        if id != "chu" {
            let first = format!("手合割：{japanese}\n");
            assert!(text.starts_with(&first), "{id}: {text}");
        }
        let read = read_kif(&rules, &headed(japanese), 10)
            .unwrap_or_else(|e| panic!("{id}: a record headed {japanese} is refused: {e}"));
        assert!(read.moves.is_empty(), "{id}");
        for (other, _, other_name) in EXPECTED {
            if other == id {
                continue;
            }
            let e = read_kif(&rules, &headed(other_name), 10).unwrap_err();
            assert_eq!(
                (e.line, e.code),
                (1, "kif_variant_mismatch"),
                "{id} ← {other}: {e}"
            );
            assert!(
                e.message.contains(&format!("`{other}`")),
                "{id} ← {other}: {e}"
            );
        }
    }
}

/// The variants as prose lists them: `tai, chu, …, maka dai dai and ko shogi`, in the
/// registry's order.
fn prose_list() -> String {
    let words: Vec<String> = variant::names()
        .map(|n| n.name.trim_end_matches(" shogi").to_lowercase())
        .collect();
    let (last, rest) = words.split_last().expect("variants");
    format!("{} and {last} shogi", rest.join(", "))
}

#[test]
fn the_docs_that_list_the_variants_list_the_registry() {
    let list = prose_list();
    assert_eq!(
        list,
        "tai, chu, tenjiku, dai, dai dai, maka dai dai, ko and taikyoku shogi"
    );
    for (file, text) in [
        ("src/lib.rs", include_str!("../../src/lib.rs")),
        ("src/engine/mod.rs", include_str!("../../src/engine/mod.rs")),
        ("src/api/mod.rs", include_str!("../../src/api/mod.rs")),
    ] {
        // Doc comments wrap: compare with the line breaks and comment marks folded.
        let folded = text
            .lines()
            .map(|l| l.trim_start().trim_start_matches("//!").trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            folded.contains(&list),
            "{file} does not list the variants as `{list}`"
        );
    }
    for (file, text) in [
        (
            "src/engine/variant/data/ko.pieces",
            include_str!("../../src/engine/variant/data/ko.pieces"),
        ),
        (
            "src/engine/variant/data/KO_PROPOSALS.md",
            include_str!("../../src/engine/variant/data/KO_PROPOSALS.md"),
        ),
    ] {
        assert!(
            !text.contains("does not load yet") && !text.contains("nothing here is loaded"),
            "{file} calls a registered variant unloaded"
        );
    }
}

/// 大局将棋 is taikyoku shogi's name (which this service once wrote on tai's records): a
/// tai record headed with it is a taikyoku record, the wrong game, and a taikyoku record
/// headed with it reads past its header.
#[test]
fn a_record_headed_with_taikyokus_name_is_a_taikyoku_record() {
    let rules = rules_for("tai", "");
    let e = read_kif(&rules, &headed("大局将棋"), 10).unwrap_err();
    assert_eq!((e.line, e.code), (1, "kif_variant_mismatch"), "{e}");
    assert!(e.message.contains("`taikyoku`"), "{e}");
    let taikyoku = rules_for("taikyoku", "");
    let read = read_kif(&taikyoku, &headed("大局将棋"), 10).unwrap_or_else(|e| panic!("{e}"));
    assert!(read.moves.is_empty());
    // Any other unknown name keeps the general message.
    let e = read_kif(&rules, &headed("将棋"), 10).unwrap_err();
    assert_eq!((e.line, e.code), (1, "kif_unsupported_handicap"), "{e}");
    assert!(!e.message.contains("taikyoku"), "{e}");
}
