//! What the rule-vector harnesses share (tenjiku, dai, dai dai): the game a vector's
//! position and history make, how an ending and a promotion are written in the expected
//! facts, a position text split from its move number, the rows of a tab-separated vector
//! file, and what is wrong with the refusal of a move a vector says is illegal.

pub use crate::rules::cases_of;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::ending::{Ending, GameResult};
use shogi_arbiter::engine::core::moves::Promotion;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{format_move, parse_valid_position};
use shogi_arbiter::engine::rules::legality::IllegalReason;
use shogi_arbiter::engine::variant::Rules;

/// The game from `position` with `history` played (game form, so that the repetition
/// rules see the history).
pub fn game_of(rules: &Rules, position: &str, history: &[String]) -> Result<Game, String> {
    let pos = parse_valid_position(rules, position)
        .map_err(|e| format!("position does not parse: {e:?}"))?;
    let mut game = Game::new(pos, rules, true);
    for text in history {
        game.play_text(rules, text)
            .map_err(|e| format!("history move {text} refused: {}", e.code()))?;
    }
    Ok(game)
}

/// A game ending as the facts write it: `WINNER:REASON`.
pub fn ending_text(ending: &Ending) -> String {
    let winner = match ending.result {
        GameResult::Win(Color::Black) => "black",
        GameResult::Win(Color::White) => "white",
        GameResult::Draw => "draw",
        GameResult::NoContest => "no_contest",
    };
    format!("{winner}:{}", ending.reason.code())
}

/// A promotion as the facts write it.
pub fn promotion_name(p: Promotion) -> &'static str {
    match p {
        Promotion::None => "none",
        Promotion::Compulsory => "compulsory",
        Promotion::Chosen => "chosen",
        Promotion::Declined => "declined",
        Promotion::Contagion => "contagion",
    }
}

/// The rows of the tab-separated vector file `tests/data/{file}`: comment lines (`#`) and
/// blank lines skipped, the first other line the `header` (checked), each row split into
/// as many fields as the header has, with its line number (from 1).
pub fn tsv_rows(file: &str, header: &str) -> Vec<(usize, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let (_, first) = lines.next().expect("a header line");
    assert_eq!(first, header, "{file}: header");
    let columns = header.split('\t').count();
    lines
        .map(|(i, l)| {
            let f: Vec<String> = l.split('\t').map(str::to_string).collect();
            assert_eq!(f.len(), columns, "{file} line {}: {columns} columns", i + 1);
            (i + 1, f)
        })
        .collect()
}

/// What is wrong when `mv`, which a vector says is illegal, is judged in `game`: `None`
/// when it is refused for a reason of its own. It must not be accepted, nor refused only
/// because the game is already over; a `repetition` vector's move is legal on the board,
/// so only the repetition rule may refuse it, and no other vector's move may be refused by
/// that rule.
pub fn refusal_problem(game: &Game, rules: &Rules, mv: &str, repetition: bool) -> Option<String> {
    match game.judge(rules, mv) {
        Ok(c) => Some(format!(
            "illegal move accepted as {}",
            format_move(rules.variant.shape(), &c.mv)
        )),
        Err(IllegalReason::GameOver(ending)) => Some(format!(
            "refused because the game is over ({})",
            ending_text(&ending)
        )),
        Err(reason) if matches!(reason, IllegalReason::Repetition(..)) != repetition => {
            Some(format!(
                "refused for {} (repetition vector: {repetition})",
                reason.code()
            ))
        }
        Err(_) => None,
    }
}
