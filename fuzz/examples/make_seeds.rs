//! Writes the committed seed corpus, `seeds/<target>/`, from real positions and moves:
//! start positions and positions from random games in both position-text forms, legal
//! moves in machine and Hodges text, and request bodies for every job. Run from `fuzz/`
//! with `cargo run --example make_seeds` (it replaces the files it writes).

use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_hodges, format_move, format_position_of, piece_token,
};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use shogi_arbiter_fuzz::{all_rules, fixtures, JOBS};
use std::fs;
use std::path::Path;

/// Writes one seed: the selector byte, then the text.
fn write(target: &str, name: &str, selector: usize, text: &str) {
    let dir = Path::new("seeds").join(target);
    fs::create_dir_all(&dir).expect("seed folder");
    let mut bytes = vec![selector as u8];
    bytes.extend_from_slice(text.as_bytes());
    fs::write(dir.join(name), bytes).expect("seed written");
}

/// The position's text with every rank in the comma form (SFEN-form output rewritten).
fn comma_form(rules: &Rules, pos: &Position) -> String {
    let printed = format_position_of(rules.variant, pos);
    let rest = printed.split_once(' ').map_or("", |(_, r)| r);
    let shape = rules.variant.shape();
    let files = shape.files as usize;
    let setup = pos.to_setup(rules.variant);
    let ranks: Vec<String> = setup
        .board
        .chunks(files)
        .map(|rank| {
            let mut cells = Vec::new();
            let mut empty = 0;
            for cell in rank {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            cells.push(empty.to_string());
                            empty = 0;
                        }
                        cells.push(piece_token(rules.variant, *p));
                    }
                }
            }
            if empty > 0 {
                cells.push(empty.to_string());
            }
            cells.join(",")
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

/// Picks `n` moves spread over `moves`.
fn spread<T: Copy>(items: &[T], n: usize) -> Vec<T> {
    if items.is_empty() {
        return Vec::new();
    }
    (0..n).map(|i| items[i * items.len() / n]).collect()
}

fn main() {
    let rules_list = all_rules();
    for (i, rules) in rules_list.iter().enumerate() {
        let id = rules.variant.id;
        for (k, plies) in [0usize, 30].into_iter().enumerate() {
            let pos = shogi_arbiter_fuzz::random_game_position(rules, plies, 0xabc + i as u64);
            let printed = format_position_of(rules.variant, &pos);
            write(
                "position_text",
                &format!("{id}_{i}_{k}_printed"),
                i,
                &printed,
            );
            if k == 0 {
                write(
                    "position_text",
                    &format!("{id}_{i}_comma"),
                    i,
                    &comma_form(rules, &pos),
                );
            }
        }
    }
    for (j, f) in fixtures().iter().enumerate() {
        let pos = f.position();
        let shape = f.rules.variant.shape();
        let moves = legal_moves(pos, f.rules);
        for (k, mv) in spread(&moves, 2).iter().enumerate() {
            write(
                "move_text",
                &format!("{j:02}_machine_{k}"),
                j,
                &format_move(shape, mv),
            );
            write(
                "move_text",
                &format!("{j:02}_hodges_{k}"),
                j,
                &format_hodges(pos, f.rules, mv),
            );
        }
    }
    let tai = &rules_list[0];
    let start = Position::start(tai);
    let first: Vec<String> = spread(&legal_moves(&start, tai), 3)
        .iter()
        .map(|m| format_move(tai.variant.shape(), m))
        .collect();
    let game = shogi_arbiter_fuzz::random_game_position(tai, 8, 3);
    let game_text = format_position_of(tai.variant, &game);
    let hodges = legal_moves(&game, tai)
        .first()
        .map(|m| format_hodges(&game, tai, m))
        .unwrap_or_default();
    let bodies: Vec<(&str, String)> = vec![
        ("legal-moves", r#"{"variant":"tai"}"#.to_string()),
        ("legal-moves", format!(r#"{{"variant":"tai","moves":["{}"]}}"#, first[0])),
        ("legal-moves", format!(r#"{{"variant":"tai","position":"{game_text}"}}"#)),
        ("legal-moves", r#"{"variant":"chu","rules":{"profile":"hachu"}}"#.to_string()),
        ("adjudicate", format!(r#"{{"variant":"tai","move":"{}"}}"#, first[1])),
        ("adjudicate", format!(r#"{{"variant":"tai","position":"{game_text}","move":"{hodges}"}}"#)),
        ("adjudicate", r#"{"variant":"chu","rules":{"options":{"counter_strike":"okazaki"}},"move":"1i1h"}"#.to_string()),
        ("adjudicate", r#"{"variant":"tai","rules":{"profile":"tsa","options":{"emperor_capture":"royals_only"}},"moves":["13s13r"],"move":"13g13h"}"#.to_string()),
        ("replay", format!(r#"{{"variant":"tai","moves":["{}","13g13h"]}}"#, first[2])),
        ("replay", format!(r#"{{"variant":"tai","start":"{game_text}","moves":["{hodges}"]}}"#)),
        ("replay", r#"{"variant":"chu","moves":["3i3h","3d3e","x"]}"#.to_string()),
        ("perft", r#"{"variant":"chu","depth":1,"divide":true}"#.to_string()),
        ("perft", r#"{"variant":"tai","depth":2}"#.to_string()),
        ("perft", format!(r#"{{"variant":"tai","position":"{game_text}","depth":1}}"#)),
    ];
    for (n, (job, body)) in bodies.iter().enumerate() {
        let selector = JOBS.iter().position(|j| j == job).expect("a job");
        write("request", &format!("{n:02}_{job}"), selector, body);
    }
}
