//! A variant's rules page (`docs/rules/<id>.md`) as Markdown: the parts the data carries
//! (board and start position, the piece table with each piece's moves in words and what it
//! promotes to, every rule option with each value's meaning and sources and the pieces it
//! changes, the profiles, the sources), set into the variant's prose fragment
//! (`prose/<id>.md`: what the data cannot say, such as the order of a move's effects, how
//! the game ends, notation). The fragment names where each generated part goes by a line of
//! its own: `{{board}}`, `{{pieces}}`, `{{options}}`, `{{profiles}}`, `{{sources}}`.

use super::model::{KindInfo, OverrideChange, PromotionKind, Variant};
use crate::engine::core::piece::KindId;
use crate::engine::movement::movement_in_words;

/// The markers a prose fragment must hold, each once on a line of its own.
pub const MARKERS: [&str; 5] = [
    "{{board}}",
    "{{pieces}}",
    "{{options}}",
    "{{profiles}}",
    "{{sources}}",
];

/// The page of `variant`, its prose fragment's markers replaced by the generated parts.
pub fn render(variant: &Variant, prose: &str) -> String {
    let mut page = format!(
        "# {} ({})\n\n<!-- Generated from the variant data and the prose fragment \
         src/engine/variant/prose/{}.md by `cargo run --release --example rules_pages`; \
         edit those, not this page. -->\n\n",
        variant.name, variant.japanese, variant.id
    );
    for line in prose.lines() {
        match line.trim() {
            "{{board}}" => page += &board(variant),
            "{{pieces}}" => page += &pieces(variant),
            "{{options}}" => page += &options(variant),
            "{{profiles}}" => page += &profiles(variant),
            "{{sources}}" => page += &sources(variant),
            _ => {
                page += line;
                page.push('\n');
            }
        }
    }
    while page.ends_with("\n\n") {
        page.pop();
    }
    page
}

/// A table cell: no `|` and no line break inside.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// A piece as the tables name it: `Gold general (G)`.
fn piece_name(variant: &Variant, kind: KindId) -> String {
    let k = variant.kind(kind);
    format!("{} (`{}`)", k.name, k.code)
}

fn board(v: &Variant) -> String {
    let shape = v.shape();
    let promotion = match v.traits.promotion {
        PromotionKind::OnCapture => {
            "Promotion comes with capturing: there is no promotion zone.".to_string()
        }
        PromotionKind::Zone { ranks } => {
            format!("Each side's promotion zone is the {ranks} ranks farthest from it.")
        }
    };
    format!(
        "Id in requests: `{}`. The board has {} files and {} ranks; Black (sente, 先手, \
         \"first mover\") moves first. {promotion}\n\nThe start position in position text \
         (rank `a` at the top, White's side; uppercase is Black):\n\n```\n{}\n```\n",
        v.id, shape.files, shape.ranks, v.setup
    )
}

/// What a piece promotes to, over every promotion table (one name when they agree).
fn promotes(v: &Variant, k: &KindInfo) -> String {
    let name = |t: Option<KindId>| t.map_or_else(|| "—".to_string(), |t| piece_name(v, t));
    let first = k.promotes.first().and_then(|(_, t)| *t);
    if k.promotes.iter().all(|(_, t)| *t == first) {
        return name(first);
    }
    k.promotes
        .iter()
        .map(|(table, t)| format!("{table}: {}", name(*t)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the piece table's notes column says: the flags of the piece row, in words.
fn notes(v: &Variant, k: &KindInfo) -> String {
    let mut notes = Vec::new();
    if k.royal {
        notes.push("royal".to_string());
    }
    if k.lion {
        notes.push("counts as a lion for the lion-trading rules".to_string());
    }
    if k.pawnlike {
        notes.push("pawn-like: no bridge for a lion, no material against a bare king".into());
    }
    match k.trapped_ranks {
        0 => {}
        1 => notes.push("unpromoted, it has no move on its last rank".into()),
        n => notes.push(format!("unpromoted, it has no move on its last {n} ranks")),
    }
    if k.jump_rank > 0 {
        notes.push(format!("jump rank {}", k.jump_rank));
    }
    if k.fire_demon {
        notes.push("burns (fire demon)".into());
    }
    if let Some(c) = k.contagious {
        notes.push(format!(
            "contagious: whoever captures it becomes a promoted {}",
            piece_name(v, c)
        ));
    }
    if !k.aliases.is_empty() {
        let aliases: Vec<String> = k.aliases.iter().map(|a| format!("`{a}`")).collect();
        notes.push(format!("also written {}", aliases.join(", ")));
    }
    notes.join("; ")
}

fn piece_rows(v: &Variant, promoted_only: bool) -> String {
    let mut rows = String::from(
        "| code | piece | Japanese | moves | promotes to | notes |\n|---|---|---|---|---|---|\n",
    );
    for k in v.kinds.iter().filter(|k| k.promoted_only == promoted_only) {
        rows += &format!(
            "| `{}` | {} | {} ({}) | {} | {} | {} |\n",
            k.code,
            cell(&k.name),
            cell(&k.kanji),
            cell(&k.romaji),
            cell(&movement_in_words(&k.movement)),
            cell(&promotes(v, k)),
            cell(&notes(v, k)),
        );
    }
    rows
}

fn pieces(v: &Variant) -> String {
    let tables: Vec<&str> = v
        .kinds
        .first()
        .map(|k| k.promotes.iter().map(|(t, _)| t.as_str()).collect())
        .unwrap_or_default();
    let mut text = format!(
        "Moves are as the default profile `{}` plays them; directions are the owner's \
         (forward is towards the opponent). A piece that \"moves\" some distance passes \
         only empty squares and may capture on the last one; a piece never lands on a \
         friend. ",
        v.profiles[0]
    );
    if tables.len() > 1 {
        text += &format!(
            "The promotion column names each promotion table ({}), which option \
             `promotion_table` chooses. ",
            tables.join(", ")
        );
    }
    text += "Rule options that change a piece are listed under the option.\n\n";
    text += &piece_rows(v, false);
    if v.kinds.iter().any(|k| k.promoted_only) {
        text += "\nPieces that exist only as the promoted side of another (on the board, `+` and \
                 the code of the piece they came from):\n\n";
        text += &piece_rows(v, true);
    }
    text
}

fn options(v: &Variant) -> String {
    let mut text = String::new();
    for (o_index, o) in v.options.iter().enumerate() {
        text += &format!("### `{}`\n\n{}\n\n", o.name, o.description);
        text += "| value | meaning | sources | default in |\n|---|---|---|---|\n";
        for (value, (name, choice)) in o.values.iter().zip(&o.choices).enumerate() {
            let defaults: Vec<String> = v
                .profiles
                .iter()
                .zip(&o.defaults)
                .filter(|(_, &d)| d == value)
                .map(|(p, _)| format!("`{p}`"))
                .collect();
            text += &format!(
                "| `{name}` | {} | {} | {} |\n",
                cell(&choice.meaning),
                cell(&choice.sources.join(", ")),
                defaults.join(", ")
            );
        }
        let changes: Vec<String> = v
            .overrides
            .iter()
            .filter(|ov| ov.option == o_index)
            .map(|ov| {
                let what = match &ov.change {
                    OverrideChange::Movement(m) => movement_in_words(m),
                    OverrideChange::Promotes(t) => format!("promotes to {}", piece_name(v, *t)),
                };
                format!(
                    "- With `{}`, the {}: {what}.\n",
                    o.values[ov.value],
                    piece_name(v, ov.kind)
                )
            })
            .chain(
                v.setup_overrides
                    .iter()
                    .filter(|s| s.option == o_index)
                    .map(|s| {
                        format!(
                            "- With `{}`, the game starts from:\n\n  ```\n  {}\n  ```\n",
                            o.values[s.value], s.setup
                        )
                    }),
            )
            .collect();
        if !changes.is_empty() {
            text += "\n";
            text += &changes.concat();
        }
        text.push('\n');
    }
    text
}

fn profiles(v: &Variant) -> String {
    let mut text = String::new();
    for (i, (p, description)) in v.profiles.iter().zip(&v.profile_descriptions).enumerate() {
        let default = if i == 0 { " (the default)" } else { "" };
        text += &format!("- `{p}`{default}: {description}\n");
    }
    text += "\n| option |";
    for p in &v.profiles {
        text += &format!(" `{p}` |");
    }
    text += "\n|---|";
    text += &"---|".repeat(v.profiles.len());
    text.push('\n');
    for o in &v.options {
        text += &format!("| `{}` |", o.name);
        for &d in &o.defaults {
            text += &format!(" `{}` |", o.values[d]);
        }
        text.push('\n');
    }
    text
}

fn sources(v: &Variant) -> String {
    v.sources
        .iter()
        .map(|s| format!("- **{}**: {}\n", s.name, s.description))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{render, MARKERS};
    use crate::engine::variant::chu;

    #[test]
    fn the_markers_are_replaced_and_the_prose_kept() {
        let prose = format!("Intro line.\n\n{}\n\nClosing line.\n", MARKERS.join("\n\n"));
        let page = render(chu(), &prose);
        assert!(page.starts_with("# Chu shogi (中将棋)\n"));
        assert!(page.contains("Intro line.") && page.ends_with("Closing line.\n"));
        assert!(MARKERS.iter().all(|m| !page.contains(m)));
        assert!(
            page.contains("| `N` | Lion | 獅子 (shishi) | lion move:"),
            "{page}"
        );
        assert!(page.contains("### `lion_protection`"));
    }
}
