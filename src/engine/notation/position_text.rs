//! Position text: `<board> <side> <extra> <move number>`, ranks from `a` down separated by
//! `/`, cells from the highest file to file 1; comma-separated tokens in the comma form,
//! single letters and digit runs in the SFEN form (a rank without a comma). Parsing is
//! strict and reports every problem with a stable code and its rank/file.

use crate::engine::geometry::{Color, Square};
use crate::engine::position::{Extra, Piece, Setup};
use crate::engine::variant::{Rules, Variant};
use std::borrow::Cow;

/// The longest position text accepted (a full tai position is about 1.3 KB).
pub const MAX_POSITION_TEXT: usize = 16 * 1024;

/// One problem found in position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// Stable snake_case code.
    pub code: &'static str,
    /// The rank letter where it was found, if it concerns a rank.
    pub rank: Option<char>,
    /// The file number where it was found, if it concerns a cell.
    pub file: Option<u32>,
    pub message: String,
}

impl PositionProblem {
    fn new(code: &'static str, message: impl Into<String>) -> PositionProblem {
        PositionProblem {
            code,
            rank: None,
            file: None,
            message: message.into(),
        }
    }

    fn at(mut self, rank: usize, file: Option<u32>) -> PositionProblem {
        self.rank = Some((b'a' + rank.min(25) as u8) as char);
        self.file = file;
        self
    }
}

/// Parses position text for `variant`, reporting every problem found.
///
/// # Errors
/// Every structural problem: field count, rank count, cells per rank, unknown codes, a
/// `+` on a piece that never promotes, bad side, extra field or move number.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Setup, Vec<PositionProblem>> {
    let shape = variant.shape();
    if text.len() > MAX_POSITION_TEXT {
        return Err(vec![PositionProblem::new(
            "too_long",
            format!("position text is longer than {MAX_POSITION_TEXT} bytes"),
        )]);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut problems = Vec::new();
    if fields.len() != 4 {
        problems.push(PositionProblem::new(
            "field_count",
            format!(
                "expected 4 fields (board, side, extra, move number), found {}",
                fields.len()
            ),
        ));
        if fields.is_empty() {
            return Err(problems);
        }
    }
    let files = shape.files as usize;
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != shape.ranks as usize {
        problems.push(PositionProblem::new(
            "rank_count",
            format!("expected {} ranks, found {}", shape.ranks, ranks.len()),
        ));
    }
    let mut board = vec![None; shape.len()];
    for (r, rank_text) in ranks.iter().enumerate() {
        let cells = match parse_rank(variant, rank_text) {
            Ok(cells) => cells,
            Err(mut ps) => {
                for p in &mut ps {
                    let file = p
                        .file
                        .and_then(|c| (files as u32).checked_sub(c).filter(|&f| f >= 1));
                    *p = p.clone().at(r, file);
                }
                problems.extend(ps);
                continue;
            }
        };
        if cells.len() != files {
            problems.push(
                PositionProblem::new(
                    "rank_width",
                    format!("rank has {} cells, expected {files}", cells.len()),
                )
                .at(r, None),
            );
            continue;
        }
        if r < shape.ranks as usize {
            for (c, piece) in cells.into_iter().enumerate() {
                let x = files - 1 - c;
                board[r * files + x] = piece;
            }
        }
    }
    let side = match fields.get(1) {
        Some(&"b") => Color::Black,
        Some(&"w") => Color::White,
        Some(other) => {
            problems.push(PositionProblem::new(
                "bad_side",
                format!("side must be `b` or `w`, found `{}`", truncate(other)),
            ));
            Color::Black
        }
        None => Color::Black,
    };
    let extra = match fields.get(2) {
        Some(&"-") | None => Extra::None,
        Some(other) => match shape.parse_square(other) {
            Some(sq) => Extra::LionCapture(sq),
            None => {
                problems.push(PositionProblem::new(
                    "bad_extra",
                    format!(
                        "extra field must be `-` or a square, found `{}`",
                        truncate(other)
                    ),
                ));
                Extra::None
            }
        },
    };
    let move_number = match fields.get(3) {
        None => 1,
        Some(n) => match n.parse::<u32>() {
            Ok(v) if v >= 1 && !n.starts_with('+') => v,
            _ => {
                problems.push(PositionProblem::new(
                    "bad_move_number",
                    format!(
                        "move number must be a positive integer, found `{}`",
                        truncate(n)
                    ),
                ));
                1
            }
        },
    };
    if problems.is_empty() {
        Ok(Setup {
            board,
            side,
            extra,
            move_number,
        })
    } else {
        Err(problems)
    }
}

fn truncate(s: &str) -> String {
    s.chars().take(32).collect()
}

/// Parses one rank into cells, left (highest file) first. Problems carry the cell index
/// (from the left) in `file`, converted by the caller.
fn parse_rank(variant: &Variant, text: &str) -> Result<Vec<Option<Piece>>, Vec<PositionProblem>> {
    let mut cells = Vec::new();
    let mut problems = Vec::new();
    let limit = variant.shape().files as usize;
    let tokens: Vec<Cow<str>> = if text.contains(',') {
        text.split(',').map(Cow::Borrowed).collect()
    } else {
        sfen_tokens(text).into_iter().map(Cow::Owned).collect()
    };
    for token in tokens {
        let at = cells.len() as u32;
        if token.is_empty() {
            problems.push(cell_problem(
                "empty_token",
                "empty token between commas",
                at,
            ));
            continue;
        }
        if token.bytes().all(|b| b.is_ascii_digit()) {
            match token.parse::<usize>() {
                Ok(n) if n >= 1 && n <= limit && !token.starts_with('0') => {
                    cells.extend(std::iter::repeat_n(None, n))
                }
                _ => {
                    problems.push(cell_problem(
                        "bad_empty_run",
                        format!(
                            "`{}` is not a run of 1 to {limit} empty squares",
                            truncate(&token)
                        ),
                        at,
                    ));
                    return Err(problems);
                }
            }
        } else {
            match parse_piece_token(variant, &token) {
                Ok(piece) => cells.push(Some(piece)),
                Err((code, message)) => {
                    problems.push(cell_problem(code, message, at));
                    cells.push(None);
                }
            }
        }
        if cells.len() > limit {
            break;
        }
    }
    if problems.is_empty() {
        Ok(cells)
    } else {
        Err(problems)
    }
}

fn cell_problem(code: &'static str, message: impl Into<String>, at: u32) -> PositionProblem {
    let mut p = PositionProblem::new(code, message);
    p.file = Some(at);
    p
}

/// Splits a rank without commas the SFEN way: digit runs, `+` prefixes, single letters.
fn sfen_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut run = c.to_string();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                run.push(*d);
                chars.next();
            }
            out.push(run);
        } else if c == '+' {
            match chars.next() {
                Some(l) => out.push(format!("+{l}")),
                None => out.push("+".into()),
            }
        } else {
            out.push(c.to_string());
        }
    }
    out
}

/// Parses one piece token (`LN`, `+kr`): uppercase Black, lowercase White, `+` promoted.
///
/// # Errors
/// The problem's code and message: not a code, mixed case, unknown code, a `+` on a piece
/// that never promotes, a promoted-only kind.
pub fn parse_piece_token(variant: &Variant, token: &str) -> Result<Piece, (&'static str, String)> {
    let (promoted, code) = match token.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err((
            "bad_token",
            format!("`{}` is not a piece code", truncate(token)),
        ));
    }
    let color = if code.bytes().all(|b| b.is_ascii_uppercase()) {
        Color::Black
    } else if code.bytes().all(|b| b.is_ascii_lowercase()) {
        Color::White
    } else {
        return Err((
            "mixed_case",
            format!("`{}` mixes upper and lower case", truncate(token)),
        ));
    };
    let upper = code.to_ascii_uppercase();
    let kind = variant.kind_by_code(&upper).ok_or_else(|| {
        (
            "unknown_piece",
            format!("unknown piece code `{}`", truncate(code)),
        )
    })?;
    let info = variant.kind(kind);
    if promoted && !variant.can_ever_promote(kind) {
        return Err((
            "cannot_promote",
            format!("`{}` has no promoted side", info.code),
        ));
    }
    if info.promoted_only {
        return Err((
            "promoted_only_piece",
            format!(
                "`{}` exists only as a promoted piece; write `+` and the code of the piece it promoted from",
                info.code
            ),
        ));
    }
    Ok(Piece {
        color,
        face: kind * 2 + promoted as u8,
    })
}

/// Prints a setup in canonical position text (comma form for variants with multi-letter
/// codes, SFEN form otherwise).
pub fn format_position(variant: &Variant, setup: &Setup) -> String {
    let shape = variant.shape();
    let commas = variant.multi_letter_codes();
    let files = shape.files as i32;
    let mut out = String::with_capacity(1600);
    for y in 0..shape.ranks as i32 {
        if y > 0 {
            out.push('/');
        }
        let mut tokens: Vec<String> = Vec::new();
        let mut run = 0;
        for x in (0..files).rev() {
            let sq = shape.square(x, y).expect("on board");
            match setup.board[sq.index()] {
                None => run += 1,
                Some(piece) => {
                    if run > 0 {
                        tokens.push(run.to_string());
                        run = 0;
                    }
                    tokens.push(piece_token(variant, piece));
                }
            }
        }
        if run > 0 {
            tokens.push(run.to_string());
        }
        out.push_str(&tokens.join(if commas { "," } else { "" }));
    }
    out.push(' ');
    out.push(setup.side.letter());
    out.push(' ');
    match setup.extra {
        Extra::None => out.push('-'),
        Extra::LionCapture(sq) => out.push_str(&shape.name(sq).to_string()),
    }
    out.push(' ');
    out.push_str(&setup.move_number.to_string());
    out
}

/// The token of one piece (`+KR`, `ln`).
pub fn piece_token(variant: &Variant, piece: Piece) -> String {
    let code = &variant.kind(piece.kind()).code;
    let code = match piece.color {
        Color::Black => code.clone(),
        Color::White => code.to_ascii_lowercase(),
    };
    if piece.promoted() {
        format!("+{code}")
    } else {
        code
    }
}

/// Parses and validates position text under `rules` into a position (parse problems and
/// validation problems together).
///
/// # Errors
/// Every problem found, parse problems first.
pub fn parse_valid_position(
    rules: &Rules,
    text: &str,
) -> Result<crate::engine::position::Position, Vec<PositionProblem>> {
    let setup = parse_position(rules.variant, text)?;
    crate::engine::position::Position::from_setup(&setup, rules).map_err(|ps| {
        ps.into_iter()
            .map(|p| {
                let shape = rules.variant.shape();
                PositionProblem {
                    code: p.code,
                    rank: p.square.map(|s: Square| shape.rank_letter(s)),
                    file: p.square.map(|s| shape.file(s)),
                    message: p.message,
                }
            })
            .collect()
    })
}
