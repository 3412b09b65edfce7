//! Reading KIF lines: what each line of a record is (header tag, board line, move line,
//! the end of the moves), and a move line's parts. Nothing here looks at a position; the
//! replay (`replay.rs`) groups the move lines into moves and judges them.
//!
//! A move line is read as lishogi's readers read it (scalashogi `KifParser`, shogiops
//! `parseKifMovesOrDrops`): an optional move number with `手目`, an optional step label
//! (`一歩目`, `二歩目`, ...; `射撃` for a shot, this project's extension), an optional side
//! mark (`▲☗` Black, `△☖` White), the destination (`7七`, `１２十二`, or `仝`/`同` for the
//! previous move's destination), the piece name, `成` or `不成`, an igui or pass mark
//! (`（居食い）`, `(じっと)`), then the origin (` （←7八）`, or the `(78)` of standard
//! shogi records for files and ranks up to 9); a time in parentheses after it is ignored.

use super::names::Names;
use super::numerals::{is_digit, parse_digits, parse_square, rank_readings, split_file, square_at};
use super::terms::STEP_LABELS;
use crate::engine::core::color::Color;
use crate::engine::core::shape::Shape;
use crate::engine::core::square::Square;
use crate::engine::notation::echo;

/// Words that end the moves (lishogi writes the first six; the rest are other KIF
/// writers' endings).
const ENDINGS: &[&str] = &[
    "投了",
    "詰み",
    "千日手",
    "反則勝ち",
    "反則負け",
    "切れ負け",
    "中断",
    "持将棋",
    "入玉勝ち",
    "引き分け",
    "引分け",
    "不戦勝",
    "不戦敗",
    "Time-up",
];

/// What one line of a record is.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// Blank, or a comment (`*`, `#`, `&`).
    Skip,
    /// `#局面：` and a position text (this project's extension: the start position's
    /// state beyond the board).
    PositionText(String),
    /// `key：value`.
    Tag(String, String),
    /// `|...|一`: a rank of a board diagram.
    BoardRank,
    /// A diagram's border or file numbers.
    BoardFrame,
    /// `後手番` (White to move) or `先手番`.
    Turn(Color),
    /// `手数----指手----...`: the moves begin.
    MovesHeader,
    /// A move line.
    Step(Step),
    /// A termination word, `まで...`, or `変化：` (a variation: the main line ended).
    End,
}

/// Which part of a move a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// A move of one step.
    Single,
    /// Step 1, 2, ... of a move through several squares.
    Step(u8),
    /// A shot (ko shogi).
    Shot,
}

/// The destination of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    Square(Square),
    /// `仝` or `同`: the previous move's destination.
    Same,
}

/// A move line's parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub number: Option<u32>,
    pub label: Label,
    pub side: Option<Color>,
    pub dest: Dest,
    pub name: String,
    /// `Some(true)` for `成`, `Some(false)` for `不成`.
    pub promote: Option<bool>,
    pub origin: Square,
}

/// Strips any of `prefixes` from the start of `text`.
fn strip_any<'a>(text: &'a str, prefixes: &[&str]) -> Option<(usize, &'a str)> {
    prefixes
        .iter()
        .enumerate()
        .find_map(|(i, p)| text.strip_prefix(p).map(|rest| (i, rest)))
}

/// Classifies one line (`in_moves`: the moves have begun, so no header line may come).
///
/// # Errors
/// A message saying why the line is not KIF.
pub fn read_line(shape: Shape, names: &Names, raw: &str, in_moves: bool) -> Result<Line, String> {
    let line = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if line.is_empty() || line.starts_with(['*', '＊', '&']) {
        return Ok(Line::Skip);
    }
    if let Some(rest) = line.strip_prefix('#') {
        if let Some(text) = rest
            .strip_prefix("局面：")
            .or_else(|| rest.strip_prefix("局面:"))
        {
            return Ok(Line::PositionText(text.trim().to_string()));
        }
        return Ok(Line::Skip);
    }
    if line.starts_with("まで") || line.starts_with("変化") {
        return Ok(Line::End);
    }
    if !in_moves {
        if line.starts_with('|') {
            return Ok(Line::BoardRank);
        }
        if line.starts_with('+') && line[1..].chars().all(|c| c == '-' || c == '+') {
            return Ok(Line::BoardFrame);
        }
        if line.chars().all(|c| is_digit(c) || c.is_whitespace()) {
            return Ok(Line::BoardFrame);
        }
        if line.starts_with("手数") {
            return Ok(Line::MovesHeader);
        }
        match line {
            "後手番" | "上手番" => return Ok(Line::Turn(Color::White)),
            "先手番" | "下手番" => return Ok(Line::Turn(Color::Black)),
            _ => {}
        }
        let first_is_digit = line.chars().next().is_some_and(is_digit);
        if let Some((key, value)) = line.split_once(['：', ':']) {
            if !first_is_digit && !key.contains(['(', '（']) {
                return Ok(Line::Tag(key.trim().to_string(), value.trim().to_string()));
            }
        }
    }
    read_move_line(shape, names, line)
}

/// Reads a line that must be a move line or the end of the moves.
fn read_move_line(shape: Shape, names: &Names, line: &str) -> Result<Line, String> {
    let (digits, rest) = split_file(line);
    let number = if digits.is_empty() {
        None
    } else {
        let ascii: String = digits
            .chars()
            .map(|c| {
                char::from_u32(c as u32 - '０' as u32 + '0' as u32)
                    .filter(|_| !c.is_ascii())
                    .unwrap_or(c)
            })
            .collect();
        Some(ascii.parse::<u32>().map_err(|_| "bad move number")?)
    };
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("手目")
        .or_else(|| rest.strip_prefix('.'))
        .unwrap_or(rest)
        .trim_start();
    if ENDINGS.iter().any(|w| rest.starts_with(w)) {
        return Ok(Line::End);
    }
    let (label, rest) = if let Some((i, r)) = strip_any(rest, &STEP_LABELS) {
        (Label::Step(i as u8 + 1), r)
    } else if let Some(r) = rest.strip_prefix("射撃") {
        (Label::Shot, r)
    } else {
        (Label::Single, rest)
    };
    let rest = rest.trim_start();
    let (side, rest) = match strip_any(rest, &["▲", "☗", "△", "☖"]) {
        Some((i, r)) => (Some(if i < 2 { Color::Black } else { Color::White }), r),
        None => (None, rest),
    };
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Err("a move line names a destination square".into());
    }
    // The origin: `（←7八）`, `(←7八)`, or standard shogi's `(78)`.
    let (middle, origin) = if let Some(at) = rest.find('←') {
        let before = rest[..at].trim_end();
        let before = before
            .strip_suffix(['（', '('])
            .unwrap_or(before)
            .trim_end();
        let after = &rest[at + '←'.len_utf8()..];
        let close = after
            .find(['）', ')'])
            .ok_or("the origin square is not closed by `）`")?;
        let origin = parse_square(shape, &after[..close])
            .ok_or_else(|| format!("`{}` is not a square of this board", echo(&after[..close])))?;
        (before, origin)
    } else if let Some(open) = rest.find('(') {
        let inner = &rest[open + 1..];
        let close = inner
            .find(')')
            .ok_or("the origin square is not closed by `)`")?;
        let digits: Vec<u32> = inner[..close]
            .chars()
            .filter_map(|c| c.to_digit(10))
            .collect();
        let origin = match digits.as_slice() {
            [f, r] if inner[..close].chars().count() == 2 => square_at(shape, *f, *r),
            _ => None,
        }
        .ok_or_else(|| format!("`({})` is not an origin square", echo(&inner[..close])))?;
        (rest[..open].trim_end(), origin)
    } else {
        return Err("a move line ends with its origin square, as in `（←7八）`".into());
    };
    let mut middle = middle;
    for mark in ["（居食い）", "(居食い)", "（じっと）", "(じっと)"] {
        if let Some(m) = middle.strip_suffix(mark) {
            middle = m.trim_end();
            break;
        }
    }
    let (middle, promote) = if let Some(m) = middle.strip_suffix("不成") {
        (m, Some(false))
    } else if let Some(m) = middle.strip_suffix('成').filter(|m| !m.is_empty()) {
        (m, Some(true))
    } else {
        (middle, None)
    };
    let (dest, name) = if let Some((_, name)) = strip_any(middle, &["仝", "同"]) {
        (Dest::Same, name.trim_start_matches([' ', '　']).to_string())
    } else {
        let (file, after) = split_file(middle);
        let no_square = || {
            format!(
                "`{}` does not begin with a destination square",
                echo(middle)
            )
        };
        let file = parse_digits(file).ok_or_else(no_square)?;
        let readings = rank_readings(shape, after);
        let (rank, name) = readings
            .iter()
            .find(|(_, name)| names.is_name(name.trim()))
            .or(readings.first())
            .ok_or_else(no_square)?;
        let sq = square_at(shape, file, *rank)
            .ok_or_else(|| format!("file {file} is not on this board"))?;
        (Dest::Square(sq), name.trim().to_string())
    };
    if !names.is_name(&name) {
        return Err(format!("`{}` names no piece of this variant", echo(&name)));
    }
    Ok(Line::Step(Step {
        number,
        label,
        side,
        dest,
        name,
        promote,
        origin,
    }))
}
