//! A game: a start position and the moves played from it, with what only the history can
//! decide (repetition, option `repetition`) and the game's status after every move:
//! royals captured, bare king and lone royals (chu shogi), checkmate (tai shogi),
//! stalemate, a repetition that ends it (tai.md "Royals, check, mate, end of the game",
//! chu.md "Game end"). A bare position is a game without history: every ruling but
//! repetition applies.

use super::geometry::{Color, Square};
use super::legality::{check_move, royals_captured, IllegalReason};
use super::movegen::generate_from;
use super::moves::Move;
use super::notation::{parse_hodges, parse_valid_position, HodgesError, PositionProblem};
use super::position::{Effects, Position};
use super::repetition::{
    attacks_anew, attacks_lishogi, key_after, position_key, quiet_key_after, rule_on, Completion,
    MoveHistory,
};
use super::status::{in_check, leaves_check, material_ending, EndReason, Ending, GameResult};
use super::variant::{Repetition, Rules};
use std::cell::OnceCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One move of a game.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    /// The canonical move.
    pub mv: Move,
    /// The position before it (boxed, as every position of a game, so that playing and
    /// recording a move moves a pointer, not the board).
    pub before: Box<Position>,
    /// What it did.
    pub effects: Effects,
    /// Whether it left the opponent in check.
    pub gave_check: bool,
    /// Whether the move attacked, as the repetition rule in force defines it (see
    /// [`MoveHistory::attacked`]); worked out only when a repetition cycle asks.
    attacked: OnceCell<bool>,
}

/// The status of the position a game has reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
    /// Whether the side to move is in check.
    pub in_check: bool,
}

/// A move judged legal and not yet played, with everything playing it needs.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub mv: Move,
    pub after: Box<Position>,
    pub effects: Effects,
    pub gave_check: bool,
    /// What playing it completes: nothing, or a repetition that ends the game.
    pub completion: Completion,
    key: u64,
}

/// Keys are already hashes: the map uses them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A game in progress.
#[derive(Debug)]
pub struct Game {
    /// Whether the history is known (game form); a bare position has none, and
    /// repetition is not evaluated.
    history: bool,
    pub played: Vec<PlayedMove>,
    /// The position reached.
    pub position: Box<Position>,
    /// The key of the position reached.
    key: u64,
    /// For each key, the plies (0 = start) at which it occurred, oldest first.
    seen: HashMap<u64, Vec<u32>, BuildHasherDefault<KeyHasher>>,
    status: Status,
}

/// The first illegal move of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAt {
    /// Index into the move list (0 = the first move).
    pub index: usize,
    /// The text as submitted (at most 64 characters).
    pub text: String,
    pub reason: IllegalReason,
}

impl Game {
    /// A game from `start`: `history` says whether positions before it are known to be
    /// none (the game form) or unknown (a bare position: repetition is not evaluated).
    pub fn new(start: impl Into<Box<Position>>, rules: &Rules, history: bool) -> Game {
        let start = start.into();
        let key = if history { position_key(&start) } else { 0 };
        let mut game = Game {
            history,
            played: Vec::new(),
            position: start,
            key,
            seen: HashMap::default(),
            status: Status {
                ending: None,
                in_check: false,
            },
        };
        if history {
            game.seen.insert(key, vec![0]);
        }
        let side = game.position.side();
        let checked = in_check(&game.position, rules, side);
        game.status = game.status_of(rules, checked, Completion::Continues);
        game
    }

    /// The status of the position reached.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether repetition is evaluated (the game form).
    pub fn repetition_evaluated(&self) -> bool {
        self.history
    }

    /// How many times the position reached has occurred, this time included (game form).
    pub fn occurrences(&self) -> Option<usize> {
        self.history
            .then(|| self.seen.get(&self.key).map_or(1, Vec::len))
    }

    /// Judges a proposed move in machine text.
    ///
    /// # Errors
    /// Why it is illegal: the game is over, the move is illegal on the board, or a
    /// repetition rule forbids it.
    pub fn judge(&self, rules: &Rules, text: &str) -> Result<Candidate, IllegalReason> {
        match check_move(&self.position, rules, text) {
            // Malformed text is reported as such even after the end.
            Err(reason @ IllegalReason::Malformed(_)) => Err(reason),
            Ok(mv) => self.judge_legal(rules, mv),
            Err(reason) => Err(self.ended().unwrap_or(reason)),
        }
    }

    /// Judges a proposed move in machine text or, when the text begins as Hodges text does
    /// (a piece code in capitals, or `+` and one), in Hodges text: an illegal Hodges move
    /// gets the Hodges reason (no such piece, unreachable, ambiguous, mark required...),
    /// never a machine-text one.
    ///
    /// # Errors
    /// As [`Game::judge`], or the Hodges text's reason.
    pub fn judge_either(&self, rules: &Rules, text: &str) -> Result<Candidate, IllegalReason> {
        let t = text.trim_start();
        let code = t.strip_prefix('+').unwrap_or(t);
        if !code.starts_with(|c: char| c.is_ascii_uppercase()) {
            return self.judge(rules, text);
        }
        match parse_hodges(&self.position, rules, text) {
            Ok(mv) => self.judge_legal(rules, mv),
            Err(HodgesError::GameOver) => Err(self
                .ended()
                .unwrap_or_else(|| IllegalReason::GameOver(royals_captured(&self.position)))),
            Err(e @ HodgesError::Malformed(_)) => Err(IllegalReason::Hodges(e)),
            Err(e) => Err(self.ended().unwrap_or(IllegalReason::Hodges(e))),
        }
    }

    /// Judges a move legal on the board: refused once the game has ended, or when a
    /// repetition rule forbids it.
    ///
    /// # Errors
    /// `game_over`, or the repetition rule that forbids it.
    pub fn judge_legal(&self, rules: &Rules, mv: Move) -> Result<Candidate, IllegalReason> {
        if let Some(over) = self.ended() {
            return Err(over);
        }
        self.judge_inner(rules, mv, true)
    }

    /// Whether `mv` might recreate an earlier position (then it needs the full judgement).
    /// A capture or a promotion never can: material only decreases and promoted pieces
    /// never turn back, so every earlier position differs. For any other move only the
    /// start and final squares change, and the key after it is worked out directly.
    fn may_repeat(&self, mv: Move) -> bool {
        let pos = &self.position;
        let them = pos.side().opponent();
        if mv.promo == super::moves::Promo::Promote
            || mv.squares().iter().any(|&s| pos.cell(s).is_color(them))
        {
            return false;
        }
        self.seen.contains_key(&quiet_key_after(self.key, pos, &mv))
    }

    /// `game_over` with the ending, once the game has ended.
    fn ended(&self) -> Option<IllegalReason> {
        self.status.ending.map(IllegalReason::GameOver)
    }

    /// [`Game::judge_legal`]; without `with_check`, whether the move gives check is worked
    /// out only when a repetition needs it (and `gave_check` is not to be read).
    fn judge_inner(
        &self,
        rules: &Rules,
        mv: Move,
        with_check: bool,
    ) -> Result<Candidate, IllegalReason> {
        let mut after = self.position.clone();
        let effects = after.play(&mv, rules);
        let them = self.position.side().opponent();
        let mut candidate = Candidate {
            mv,
            after,
            effects,
            gave_check: false,
            key: 0,
            completion: Completion::Continues,
        };
        let earlier = if self.history {
            candidate.key = key_after(self.key, &self.position, &candidate.after, &mv);
            self.seen.get(&candidate.key)
        } else {
            None
        };
        if with_check || earlier.is_some() {
            candidate.gave_check = in_check(&candidate.after, rules, them);
        }
        if let Some(earlier) = earlier {
            let history = Judging {
                game: self,
                candidate: &candidate,
                rules,
            };
            candidate.completion = rule_on(
                rules.repetition,
                earlier,
                &history,
                candidate.after.royal_count(them),
            )
            .map_err(|ban| IllegalReason::Repetition(ban, rules.repetition))?;
        }
        Ok(candidate)
    }

    /// Plays a judged move.
    pub fn commit(&mut self, rules: &Rules, candidate: Candidate) -> &PlayedMove {
        let before = std::mem::replace(&mut self.position, candidate.after);
        self.played.push(PlayedMove {
            mv: candidate.mv,
            before,
            effects: candidate.effects,
            gave_check: candidate.gave_check,
            attacked: OnceCell::new(),
        });
        if self.history {
            self.key = candidate.key;
            self.seen
                .entry(candidate.key)
                .or_default()
                .push(self.played.len() as u32);
        }
        self.status = self.status_of(rules, candidate.gave_check, candidate.completion);
        self.played.last().expect("just pushed")
    }

    /// Judges and plays a move in machine text.
    ///
    /// # Errors
    /// Why it is illegal (nothing is played then).
    pub fn play_text(&mut self, rules: &Rules, text: &str) -> Result<&PlayedMove, IllegalReason> {
        let candidate = self.judge(rules, text)?;
        Ok(self.commit(rules, candidate))
    }

    /// Every legal move: none once the game has ended; in the game form, none that a
    /// repetition rule forbids.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        if self.status.ending.is_some() {
            return Vec::new();
        }
        let mut moves = super::movegen::legal_moves(&self.position, rules);
        if self.history {
            moves.retain(|&mv| !self.may_repeat(mv) || self.judge_inner(rules, mv, false).is_ok());
        }
        moves
    }

    /// The ending if the game server applies the seeds' rule that an illegal move loses:
    /// a move after the end changes nothing; any other illegal move loses for the mover.
    pub fn ruling_on_illegal(&self, reason: &IllegalReason) -> Ending {
        if let IllegalReason::GameOver(ending) = reason {
            return *ending;
        }
        let why = match reason {
            IllegalReason::Repetition(super::repetition::Ban::PerpetualCheck, _) => {
                EndReason::PerpetualCheck
            }
            IllegalReason::Repetition(..) => EndReason::Repetition,
            _ => EndReason::IllegalMove,
        };
        Ending {
            result: GameResult::Win(self.position.side().opponent()),
            reason: why,
        }
    }

    /// The status of the position reached, given whether its side to move is in check
    /// and what the move that led here completed.
    fn status_of(&self, rules: &Rules, checked: bool, completion: Completion) -> Status {
        let pos = &self.position;
        let side = pos.side();
        let mate = checked && rules.checkmate;
        let ending = if pos.is_terminal() {
            Some(royals_captured(pos))
        } else if let Some(ending) = material_ending(pos, rules) {
            Some(ending)
        } else if let Some(ending) = repetition_ending(completion) {
            Some(ending)
        } else {
            let lost = |reason| {
                Some(Ending {
                    result: GameResult::Win(side.opponent()),
                    reason,
                })
            };
            if !self.any_move(rules, false) {
                lost(if mate {
                    EndReason::Checkmate
                } else {
                    EndReason::Stalemate
                })
            } else if mate && !self.any_move(rules, true) {
                lost(EndReason::Checkmate)
            } else {
                None
            }
        };
        Status {
            ending,
            in_check: checked,
        }
    }

    /// Whether the side to move has an allowed move (one that escapes check, with
    /// `escape`), asking one piece at a time (usually one of the first answers): royals
    /// first (the likeliest escapes), then the other pieces from the front rank backwards
    /// (the back ranks of a full army are blocked), emperors last (their moves are the
    /// costliest to list).
    ///
    /// Without `escape`, a move that cannot recreate an earlier position counts without
    /// being played.
    fn any_move(&self, rules: &Rules, escape: bool) -> bool {
        let pos = &self.position;
        let side = pos.side();
        let emperors = pos.emperors(side);
        let royals = pos.royal_squares(side).minus(emperors);
        let others = pos.occupied(side).minus(&royals).minus(emperors);
        // Black advances towards rank a (low indices), White towards rank y.
        let front_first: Box<dyn Iterator<Item = Square>> = match side {
            Color::Black => Box::new(others.iter()),
            Color::White => Box::new(others.iter().rev()),
        };
        let mut moves = Vec::new();
        let mut order = royals.iter().chain(front_first).chain(emperors.iter());
        order.any(|from| {
            moves.clear();
            generate_from(pos, rules, from, &mut moves);
            moves.iter().any(|&mv| {
                if !escape && (!self.history || !self.may_repeat(mv)) {
                    return true;
                }
                self.judge_inner(rules, mv, false)
                    .is_ok_and(|c| !escape || leaves_check(&c.after, rules, side))
            })
        })
    }

    /// The position after move `i`.
    fn after(&self, i: usize) -> &Position {
        self.played
            .get(i + 1)
            .map_or(&self.position, |next| &next.before)
    }
}

/// How a move that completes a repetition ends the game, if it does.
fn repetition_ending(completion: Completion) -> Option<Ending> {
    let (result, reason) = match completion {
        Completion::Continues => return None,
        Completion::Lost(loser) => (GameResult::Win(loser.opponent()), EndReason::PerpetualCheck),
        Completion::Draw => (GameResult::Draw, EndReason::Repetition),
        Completion::NoContest => (GameResult::NoContest, EndReason::Repetition),
    };
    Some(Ending { result, reason })
}

/// The game and a candidate move, as the cycle analysis reads them.
struct Judging<'a> {
    game: &'a Game,
    candidate: &'a Candidate,
    rules: &'a Rules,
}

impl MoveHistory for Judging<'_> {
    fn played(&self) -> usize {
        self.game.played.len()
    }

    fn mover(&self, i: usize) -> Color {
        match self.game.played.get(i) {
            Some(p) => p.before.side(),
            None => self.game.position.side(),
        }
    }

    fn gave_check(&self, i: usize) -> bool {
        self.game
            .played
            .get(i)
            .map_or(self.candidate.gave_check, |p| p.gave_check)
    }

    fn was_pass(&self, i: usize) -> bool {
        self.game
            .played
            .get(i)
            .map_or(self.candidate.effects.pass, |p| p.effects.pass)
    }

    fn attacked(&self, i: usize) -> bool {
        let rules = self.rules;
        let attacks = |before: &Position, after: &Position, mv: &Move| {
            if rules.repetition == Repetition::Lishogi {
                attacks_lishogi(rules, after, mv)
            } else {
                attacks_anew(rules, before, after, mv)
            }
        };
        match self.game.played.get(i) {
            Some(p) => *p
                .attacked
                .get_or_init(|| attacks(&p.before, self.game.after(i), &p.mv)),
            None => attacks(
                &self.game.position,
                &self.candidate.after,
                &self.candidate.mv,
            ),
        }
    }
}

/// Replays `moves` from `start` (the variant's initial position when `None`) up to the
/// first illegal one.
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay<S: AsRef<str>>(
    rules: &Rules,
    start: Option<&str>,
    moves: &[S],
) -> Result<(Game, Option<IllegalAt>), Vec<PositionProblem>> {
    let start = match start {
        Some(text) => parse_valid_position(rules, text)?,
        None => Position::start(rules),
    };
    let mut game = Game::new(start, rules, true);
    game.played.reserve(moves.len());
    for (index, text) in moves.iter().enumerate() {
        if let Err(reason) = game.play_text(rules, text.as_ref()) {
            let illegal = IllegalAt {
                index,
                text: text.as_ref().chars().take(64).collect(),
                reason,
            };
            return Ok((game, Some(illegal)));
        }
    }
    Ok((game, None))
}
