//! Replaying a KIF record: the header read into a start position, the move lines grouped
//! into moves (a move through several squares is one line per step, a shot one line
//! more), each move checked against its piece's name and judged by the game's legality.

use super::board::{build_position, read_rank};
use super::names::Names;
use super::read::{read_line, Dest, Label, Line, Step};
use super::terms::{first_problems, KifError, MAX_LINE};
use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::game::{Game, Played};
use crate::engine::interrupt::stopped;
use crate::engine::notation::{echo, parse_valid_position, MAX_MOVE_TEXT};
use crate::engine::position::Position;
use crate::engine::rules::legality::IllegalReason;
use crate::engine::variant::{names, Rules, VariantNames};

/// The first move of a record the game's legality refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KifIllegal {
    /// Index of the move (0 = the first).
    pub index: usize,
    /// Line number (1 = the first line) of its first line.
    pub line: usize,
    /// The move in machine text, as read from the record.
    pub text: String,
    pub reason: IllegalReason,
}

/// A replayed record: the game up to its end or its first illegal move.
#[derive(Debug)]
pub struct KifReplay {
    pub game: Game,
    pub illegal: Option<KifIllegal>,
}

/// One move read and played, handed to the caller of [`replay_kif`].
pub struct ReadMove<'a> {
    /// Index of the move (0 = the first).
    pub index: usize,
    /// Line number of its first line.
    pub line: usize,
    /// The move in machine text, as read from the record.
    pub text: &'a str,
    pub played: &'a Played,
}

/// Replays the KIF record `text` under `rules`, at most `max_moves` moves, handing each
/// move played to `on_move`; stops at the first illegal move (and, under a running
/// interrupt that stops it, where it stopped).
///
/// # Errors
/// A line that is not KIF, a board diagram or header that does not fit the variant, a
/// piece name that does not match the piece on the origin square, more than `max_moves`
/// moves, a move whose machine text would be longer than [`MAX_MOVE_TEXT`] bytes (code
/// `move_text_too_long`, the limit of every move text): each with the line number where
/// it was found.
pub fn replay_kif(
    rules: &Rules,
    text: &str,
    max_moves: usize,
    mut on_move: impl FnMut(ReadMove<'_>),
) -> Result<KifReplay, KifError> {
    let shape = rules.variant.shape();
    let names = Names::of(rules);
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l));
    let mut header = Header::default();
    let mut first_move: Option<(usize, Step)> = None;
    for (no, raw) in lines.by_ref() {
        if raw.len() > MAX_LINE {
            return Err(KifError::new(
                no,
                "kif_line_too_long",
                format!("the line has more than {MAX_LINE} bytes"),
            ));
        }
        match read_line(shape, &names, raw, false)
            .map_err(|m| KifError::new(no, "kif_syntax", m))?
        {
            Line::Skip | Line::BoardFrame | Line::MovesHeader => {}
            Line::PositionText(t) => header.position_text = Some((no, t)),
            Line::Tag(key, value) => header.tag(rules, no, &key, &value)?,
            Line::BoardRank => {
                header.board_line.get_or_insert(no);
                let cells =
                    read_rank(&names, raw).map_err(|m| KifError::new(no, "kif_board", m))?;
                header.ranks.push(cells);
            }
            Line::Turn(side) => header.side = Some(side),
            Line::Step(step) => {
                first_move = Some((no, step));
                break;
            }
            Line::End => break,
        }
    }
    let start = header.start(rules)?;
    let mut player = Player {
        rules,
        names: &names,
        game: Game::new(start, rules, true),
        max_moves,
        last: None,
        illegal: None,
    };
    let mut open: Vec<(usize, Step)> = Vec::new();
    if let Some(first) = first_move {
        open.push(first);
        for (no, raw) in lines {
            if raw.len() > MAX_LINE {
                return Err(KifError::new(
                    no,
                    "kif_line_too_long",
                    format!("the line has more than {MAX_LINE} bytes"),
                ));
            }
            let step = match read_line(shape, &names, raw, true)
                .map_err(|m| KifError::new(no, "kif_syntax", m))?
            {
                Line::Step(step) => step,
                Line::End => break,
                _ => continue,
            };
            let joins = match step.label {
                Label::Single => false,
                Label::Step(k) => k > 1,
                Label::Shot => open
                    .first()
                    .is_some_and(|(_, first)| step.number.is_none() || step.number == first.number),
            };
            if !joins {
                if stopped() || !player.play(&open, &mut on_move)? {
                    break;
                }
                open.clear();
            }
            open.push((no, step));
            if too_many_lines(open.len()) {
                return Err(player.too_long(open[0].0));
            }
        }
        if player.illegal.is_none() && !open.is_empty() && !stopped() {
            player.play(&open, &mut on_move)?;
        }
    }
    Ok(KifReplay {
        game: player.game,
        illegal: player.illegal,
    })
}

/// What the header said.
#[derive(Default)]
struct Header {
    position_text: Option<(usize, String)>,
    board_line: Option<usize>,
    ranks: Vec<Vec<Option<crate::engine::core::piece::Piece>>>,
    side: Option<Color>,
}

impl Header {
    /// Checks a tag: `手合割` must name this variant (or be empty, or `平手`, "even").
    fn tag(&self, rules: &Rules, no: usize, key: &str, value: &str) -> Result<(), KifError> {
        if key != "手合割" || value.is_empty() || value == "平手" {
            return Ok(());
        }
        if value == rules.variant.japanese {
            return Ok(());
        }
        Err(match names().find(|n| n.japanese == value) {
            Some(VariantNames { id, .. }) => KifError::new(
                no,
                "kif_variant_mismatch",
                format!(
                    "the record is a game of `{id}` (手合割：{value}); the request names `{}`",
                    rules.variant.id
                ),
            ),
            None => KifError::new(
                no,
                "kif_unsupported_handicap",
                format!(
                    "手合割：{} is not a setup of this variant (write the board instead)",
                    echo(value)
                ),
            ),
        })
    }

    /// The start position: the position text line, else the diagram, else the initial
    /// setup.
    fn start(self, rules: &Rules) -> Result<Position, KifError> {
        if let Some((no, text)) = self.position_text {
            return parse_valid_position(rules, &text).map_err(|problems| {
                KifError::new(no, "kif_board", first_problems(&problems, |p| &p.message))
            });
        }
        let side = self.side.unwrap_or(Color::Black);
        match self.board_line {
            None if side == Color::Black => Ok(Position::start(rules)),
            None => Ok(Position::start(rules).with_side_to_move(Color::White)),
            Some(no) => build_position(rules, self.ranks, side)
                .map_err(|m| KifError::new(no, "kif_board", m)),
        }
    }
}

/// Plays the grouped moves of a record.
struct Player<'a> {
    rules: &'a Rules,
    names: &'a Names,
    game: Game,
    max_moves: usize,
    /// The previous move's destination (what `仝` means).
    last: Option<Square>,
    illegal: Option<KifIllegal>,
}

/// Whether a move of `lines` lines has more than [`MAX_MOVE_TEXT`] bytes of machine text
/// whatever its squares: its start square and every line add a square's name of at least
/// two bytes. Read before the move's text is written, so that a move of thousands of shot
/// lines is refused at its 32nd line.
fn too_many_lines(lines: usize) -> bool {
    2 * (lines + 1) > MAX_MOVE_TEXT
}

impl Player<'_> {
    /// The move being read has a machine text longer than [`MAX_MOVE_TEXT`].
    fn too_long(&self, no: usize) -> KifError {
        KifError::new(
            no,
            "move_text_too_long",
            format!(
                "move {} is longer than {MAX_MOVE_TEXT} bytes in machine text, the limit of \
                 every move text",
                self.game.plies() + 1
            ),
        )
    }

    fn square(&self, sq: Square) -> String {
        self.rules.variant.shape().name(sq).to_string()
    }

    /// The square a step line that says `仝` stands for: the previous move's destination.
    /// On a step followed by another, the next step's origin names the square; it must be
    /// the previous destination (scalashogi's spelling: the lion's first step lands there),
    /// or the move ends there (shogiops' spelling, issue 36: when the double move ends on
    /// the previous destination, every step line says `仝`).
    fn same_square(&self, lines: &[(usize, Step)], i: usize) -> Result<Square, String> {
        let last = self
            .last
            .ok_or("仝 (same square) on the first move has no previous move")?;
        let steps = || {
            lines
                .iter()
                .skip(i + 1)
                .map(|(_, s)| s)
                .filter(|s| s.label != Label::Shot)
        };
        let Some(next) = steps().next() else {
            return Ok(last);
        };
        let shape = self.rules.variant.shape();
        let ends_there = |s: &Step| s.dest == Dest::Same || s.dest == Dest::Square(last);
        if next.origin == last || steps().next_back().is_some_and(ends_there) {
            return Ok(next.origin);
        }
        Err(format!(
            "仝 (same square) names the previous move's destination {}, but the next step \
             starts from {} and the move does not end on {}",
            super::numerals::kif_square(shape, last),
            super::numerals::kif_square(shape, next.origin),
            super::numerals::kif_square(shape, last),
        ))
    }

    /// The machine text of one move's lines.
    fn machine_text(&self, lines: &[(usize, Step)]) -> Result<(String, Option<bool>), KifError> {
        let first = &lines[0].1;
        let from = first.origin;
        let mut text = self.square(from);
        let mut at = from;
        let mut promote = None;
        let mut steps = 0;
        for (i, (no, step)) in lines.iter().enumerate() {
            let bad = |m: String| KifError::new(*no, "kif_sequence", m);
            if step.number != first.number {
                return Err(bad("the lines of one move carry one move number".into()));
            }
            match step.label {
                Label::Shot => {
                    if step.origin != at {
                        return Err(bad(format!(
                            "a shot is made from the square the piece stands on ({})",
                            super::numerals::kif_square(self.rules.variant.shape(), at)
                        )));
                    }
                    let Dest::Square(target) = step.dest else {
                        return Err(bad("a shot names its target square, not 仝".into()));
                    };
                    text.push('*');
                    text.push_str(&self.square(target));
                }
                Label::Single | Label::Step(_) => {
                    let expected = match step.label {
                        Label::Step(k) => steps + 1 == usize::from(k),
                        _ => steps == 0,
                    };
                    if !expected || step.origin != at {
                        return Err(bad(if expected {
                            "a step starts where the previous step ended".into()
                        } else {
                            "the steps of a move are numbered 一歩目, 二歩目, ... in order".into()
                        }));
                    }
                    if promote.is_some() {
                        return Err(bad("成 and 不成 go on a move's last step".into()));
                    }
                    let to = match step.dest {
                        Dest::Square(sq) => sq,
                        Dest::Same => self.same_square(lines, i).map_err(bad)?,
                    };
                    text.push_str(&self.square(to));
                    promote = step.promote;
                    at = to;
                    steps += 1;
                }
            }
        }
        Ok((text, promote))
    }

    /// Plays one move; `false` when it was illegal (recorded in `illegal`).
    fn play(
        &mut self,
        lines: &[(usize, Step)],
        on_move: &mut impl FnMut(ReadMove<'_>),
    ) -> Result<bool, KifError> {
        let (no, first) = &lines[0];
        let index = self.game.plies();
        if index >= self.max_moves {
            return Err(KifError::new(
                *no,
                "too_many_moves",
                format!("the record has more than {} moves", self.max_moves),
            ));
        }
        if let Some(n) = first.number {
            let start = self.game.start().move_number() as usize;
            if n as usize != index + 1 && n as usize != index + start {
                return Err(KifError::new(
                    *no,
                    "kif_sequence",
                    format!("move number {n} where move {} was expected", index + 1),
                ));
            }
        }
        let (body, promote) = self.machine_text(lines)?;
        let pos = &self.game.position;
        if let Some(piece) = pos.piece_at(first.origin) {
            for (line_no, step) in lines {
                if !self.names.accepts(&step.name, piece.face) {
                    return Err(KifError::new(
                        *line_no,
                        "kif_piece_mismatch",
                        format!(
                            "the line names `{}`, but the piece on {} is `{}`",
                            echo(&step.name),
                            super::numerals::kif_square(self.rules.variant.shape(), first.origin),
                            self.names.move_name(piece.face)
                        ),
                    ));
                }
            }
        }
        if let Some(side) = first.side {
            if side != pos.side() {
                return Err(KifError::new(
                    *no,
                    "kif_sequence",
                    format!(
                        "the line marks a move of {}, but {} is to move",
                        side.name(),
                        pos.side().name()
                    ),
                ));
            }
        }
        let mut text = body.clone();
        match promote {
            Some(true) => text.push('+'),
            Some(false) => text.push('='),
            None => {}
        }
        if text.len() > MAX_MOVE_TEXT {
            return Err(self.too_long(*no));
        }
        let judged = match self.game.judge(self.rules, &text) {
            Err(IllegalReason::PromotionNotPossible) if promote == Some(false) => {
                text = body;
                self.game.judge(self.rules, &text)
            }
            other => other,
        };
        match judged {
            Ok(candidate) => {
                let played = self.game.commit(self.rules, candidate);
                self.last = Some(played.mv.to());
                on_move(ReadMove {
                    index,
                    line: *no,
                    text: &text,
                    played: &played,
                });
                Ok(true)
            }
            Err(reason) => {
                self.illegal = Some(KifIllegal {
                    index,
                    line: *no,
                    text,
                    reason,
                });
                Ok(false)
            }
        }
    }
}

/// A record read in full: its game, every move legal.
#[derive(Debug)]
pub struct KifGame {
    pub game: Game,
    /// Each move in machine text, as read.
    pub moves: Vec<String>,
}

/// Reads a KIF record whose every move must be legal.
///
/// # Errors
/// As [`replay_kif`], and the first illegal move (code `kif_illegal_move`, its line and
/// the reason).
pub fn read_kif(rules: &Rules, text: &str, max_moves: usize) -> Result<KifGame, KifError> {
    let mut moves = Vec::new();
    let replay = replay_kif(rules, text, max_moves, |m| moves.push(m.text.to_string()))?;
    if let Some(bad) = replay.illegal {
        return Err(KifError::new(
            bad.line,
            "kif_illegal_move",
            format!(
                "move {} (`{}`) is illegal: {}",
                bad.index + 1,
                echo(&bad.text),
                bad.reason
            ),
        ));
    }
    Ok(KifGame {
        game: replay.game,
        moves,
    })
}
