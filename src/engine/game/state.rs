//! The game itself ([`Game`]): its start, the moves played and their history, judging and
//! playing a move, the status after every move; see the module [`super`] for the rules.

use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::moves::Effects;
use crate::engine::core::moves::Move;
use crate::engine::core::square::Square;
use crate::engine::interrupt::stopped;
use crate::engine::movegen::generate_from;
use crate::engine::notation::{parse_hodges, HodgesError};
use crate::engine::position::Position;
use crate::engine::rules::check::{in_check, leaves_check};
use crate::engine::rules::legality::{check_move, royals_captured, IllegalReason};
use crate::engine::rules::material::material_ending;
use crate::engine::rules::repetition::{
    key_after, position_key, quiet_key_after, rule_on, Completion,
};
use crate::engine::variant::Rules;

use super::history::{repetition_ending, KeyHasher, PlayedMove, ATTACKED, ATTACK_KNOWN};
use crate::engine::rules::repetition::{attacks_anew, attacks_lishogi, MoveHistory};
use crate::engine::variant::Repetition;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// How often a copy of the position is kept: an earlier position is rebuilt from the
/// copy before it by replaying at most this many moves less one. 3.5 KB every 128 plies is
/// about 28 bytes a ply.
pub const CHECKPOINT_PLIES: usize = 128;

/// A move just played, with everything it did: what [`Game::commit`] hands back (the
/// game itself keeps only a [`PlayedMove`]).
#[derive(Debug, Clone)]
pub struct Played {
    /// The canonical move (a pass names the piece that passed).
    pub mv: Move,
    /// The position before it.
    pub before: Box<Position>,
    /// What it did.
    pub effects: Effects,
    /// Whether it left the opponent in check.
    pub gave_check: bool,
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

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    /// Whether the history is known (game form); a bare position has none, and
    /// repetition is not evaluated.
    pub(super) history: bool,
    pub played: Vec<PlayedMove>,
    /// The position reached.
    pub position: Box<Position>,
    /// The position at every ply that is a multiple of [`CHECKPOINT_PLIES`] (the start
    /// first) up to the position reached.
    pub(super) checkpoints: Vec<Position>,
    /// The key of the position reached.
    pub(super) key: u64,
    /// Game form: the key of the position at every ply (0 = the start), the position
    /// reached included.
    pub(super) keys: Vec<u64>,
    /// Game form: how often each key occurred.
    pub(super) seen: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// Plies between two copies of the position ([`CHECKPOINT_PLIES`]).
    pub(super) checkpoint_every: usize,
    pub(super) status: Status,
    /// Whether the status leaves out stalemate and mate, not yet worked out: a replay
    /// settles them only where the next move does not ([`Game::replay_text`]).
    pub(super) unsettled: bool,
    /// A position's room for the next candidate, handed back by [`Game::recycle`] (a
    /// copy into it costs no allocation).
    pub(super) spare: RefCell<Option<Box<Position>>>,
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
    /// Makes room in the history for `plies` more moves.
    pub(super) fn reserve(&mut self, plies: usize) {
        self.played.reserve(plies);
        self.keys.reserve(plies);
        if self.history {
            // One key a ply at most: the map never grows (and rehashes) during a replay.
            self.seen.reserve(plies);
        }
    }

    /// A game from `start`: `history` says whether positions before it are known to be
    /// none (the game form) or unknown (a bare position: repetition is not evaluated).
    pub fn new(start: impl Into<Box<Position>>, rules: &Rules, history: bool) -> Game {
        let start = start.into();
        let key = if history { position_key(&start) } else { 0 };
        let mut game = Game {
            history,
            played: Vec::new(),
            checkpoints: vec![(*start).clone()],
            position: start,
            key,
            keys: Vec::new(),
            seen: HashMap::default(),
            checkpoint_every: CHECKPOINT_PLIES,
            status: Status {
                ending: None,
                in_check: false,
            },
            unsettled: false,
            spare: RefCell::new(None),
        };
        if history {
            game.seen.insert(key, 1);
            game.keys.push(key);
        }
        let side = game.position.side();
        let checked = in_check(&game.position, rules, side);
        game.status = game.status_of(rules, checked, Completion::Continues);
        game
    }

    /// The same new game, keeping a copy of the position every `plies` plies instead of
    /// every [`CHECKPOINT_PLIES`] (tests use small values to rebuild positions often).
    ///
    /// # Panics
    /// When moves were played already, or `plies` is 0.
    pub fn with_checkpoint_every(mut self, plies: usize) -> Game {
        assert!(self.played.is_empty() && plies > 0);
        self.checkpoint_every = plies;
        self
    }

    /// The number of moves played since the start.
    pub fn plies(&self) -> usize {
        self.played.len()
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
            .then(|| self.seen.get(&self.key).map_or(1, |&n| n as usize))
    }

    /// Judges a proposed move in machine text.
    ///
    /// # Errors
    /// Why it is illegal: the game is over, the move is illegal on the board, or a
    /// repetition rule forbids it.
    pub fn judge(&self, rules: &Rules, text: &str) -> Result<Candidate, IllegalReason> {
        let mv = self.machine_move(rules, text)?;
        self.judge_legal(rules, mv)
    }

    /// The move a machine text names on the board, or why none ([`Game::judge`]'s
    /// refusals before the game's own rulings).
    fn machine_move(&self, rules: &Rules, text: &str) -> Result<Move, IllegalReason> {
        match check_move(&self.position, rules, text) {
            // Malformed text is reported as such even after the end.
            Err(reason @ IllegalReason::Malformed(_)) => Err(reason),
            Ok(mv) => Ok(mv),
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
        let mv = self.written_move(rules, text)?;
        self.judge_legal(rules, mv)
    }

    /// The move a machine or Hodges text names on the board, or why none
    /// ([`Game::judge_either`]'s refusals before the game's own rulings).
    pub(super) fn written_move(&self, rules: &Rules, text: &str) -> Result<Move, IllegalReason> {
        let t = text.trim_ascii_start();
        let code = t.strip_prefix('+').unwrap_or(t);
        if !code.starts_with(|c: char| c.is_ascii_uppercase()) {
            return self.machine_move(rules, text);
        }
        match parse_hodges(&self.position, rules, text) {
            Ok(mv) => Ok(mv),
            Err(HodgesError::GameOver) => Err(self.ended().unwrap_or_else(|| {
                IllegalReason::GameOver(royals_captured(&self.position, rules))
            })),
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
        if mv.promo == crate::engine::core::moves::Promo::Promote
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
        let mut after = match self.spare.borrow_mut().take() {
            Some(mut room) => {
                room.clone_from(&self.position);
                room
            }
            None => self.position.clone(),
        };
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
            // A burn, a shot or a change reaches pieces off the move's squares: the key is
            // then counted afresh.
            let on_its_squares = candidate
                .effects
                .events
                .iter()
                .all(|e| e.square == mv.from || mv.squares().contains(&e.square));
            candidate.key = if on_its_squares {
                key_after(self.key, &self.position, &candidate.after, &mv)
            } else {
                position_key(&candidate.after)
            };
            self.seen
                .contains_key(&candidate.key)
                .then(|| self.plies_of(candidate.key))
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
            // The command rule has no check rule, so no perpetual-check exception (ko.md
            // §6): its royal counts say only whether a side still stands.
            let opponent_royals = if rules.play.command {
                0
            } else {
                candidate.after.royal_count(them)
            };
            candidate.completion =
                rule_on(rules.repetition, &earlier, &history, opponent_royals)
                    .map_err(|ban| IllegalReason::Repetition(ban, rules.repetition))?;
        }
        Ok(candidate)
    }

    /// The plies (0 = the start) at which the position of `key` occurred, oldest first.
    fn plies_of(&self, key: u64) -> Vec<u32> {
        (0u32..)
            .zip(&self.keys)
            .filter(|&(_, &k)| k == key)
            .map(|(ply, _)| ply)
            .collect()
    }

    /// Plays a judged move; hands back what it did (the game keeps only the move and what
    /// the repetition rules ask of it).
    pub fn commit(&mut self, rules: &Rules, candidate: Candidate) -> Played {
        self.commit_with(rules, candidate, true)
    }

    /// [`Game::commit`]; without `settled`, stalemate and mate are left out of the status.
    pub(super) fn commit_with(
        &mut self,
        rules: &Rules,
        candidate: Candidate,
        settled: bool,
    ) -> Played {
        let before = std::mem::replace(&mut self.position, candidate.after);
        self.played.push(PlayedMove::new(
            candidate.mv,
            candidate.gave_check,
            candidate.effects.pass,
        ));
        if self.played.len().is_multiple_of(self.checkpoint_every) {
            self.checkpoints.push((*self.position).clone());
        }
        if self.history {
            self.key = candidate.key;
            self.keys.push(candidate.key);
            *self.seen.entry(candidate.key).or_default() += 1;
        }
        self.unsettled = !settled;
        self.status = if settled {
            self.status_of(rules, candidate.gave_check, candidate.completion)
        } else {
            self.status_before_moves(rules, candidate.gave_check, candidate.completion)
        };
        Played {
            mv: candidate.mv,
            before,
            effects: candidate.effects,
            gave_check: candidate.gave_check,
        }
    }

    /// Judges and plays a move in machine or Hodges text ([`Game::judge_either`]: a game
    /// server may store what its players typed).
    ///
    /// # Errors
    /// Why it is illegal (nothing is played then).
    pub fn play_text(&mut self, rules: &Rules, text: &str) -> Result<Played, IllegalReason> {
        let candidate = self.judge_either(rules, text)?;
        Ok(self.commit(rules, candidate))
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.checkpoints[0]
    }

    /// Every legal move: none once the game has ended; in the game form, none that a
    /// repetition rule forbids.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        if self.status.ending.is_some() {
            return Vec::new();
        }
        let mut moves = crate::engine::movegen::legal_moves(&self.position, rules);
        if self.history {
            moves.retain(|&mv| {
                !stopped() && (!self.may_repeat(mv) || self.judge_inner(rules, mv, false).is_ok())
            });
        }
        moves
    }

    /// The ending if the game server applies the seeds' rule that an illegal move loses:
    /// a move after the end changes nothing; any other illegal move loses for the mover;
    /// text that names no move ([`IllegalReason::is_unreadable`]) is no ruling (`None`).
    pub fn ruling_on_illegal(&self, reason: &IllegalReason) -> Option<Ending> {
        if reason.is_unreadable() {
            return None;
        }
        if let IllegalReason::GameOver(ending) = reason {
            return Some(*ending);
        }
        let why = match reason {
            IllegalReason::Repetition(crate::engine::rules::repetition::Ban::PerpetualCheck, _) => {
                EndReason::PerpetualCheck
            }
            IllegalReason::Repetition(..) => EndReason::Repetition,
            _ => EndReason::IllegalMove,
        };
        Some(Ending {
            result: GameResult::Win(self.position.side().opponent()),
            reason: why,
        })
    }

    /// The status of the position reached, given whether its side to move is in check
    /// and what the move that led here completed.
    pub(super) fn status_of(&self, rules: &Rules, checked: bool, completion: Completion) -> Status {
        let mut status = self.status_before_moves(rules, checked, completion);
        if status.ending.is_none() {
            let mate = checked && rules.checkmate;
            let reason = if !self.any_move(rules, false) {
                Some(if mate {
                    EndReason::Checkmate
                } else {
                    EndReason::Stalemate
                })
            } else if mate && !self.any_move(rules, true) {
                Some(EndReason::Checkmate)
            } else {
                None
            };
            status.ending = reason.map(|reason| Ending {
                result: GameResult::Win(self.position.side().opponent()),
                reason,
            });
        }
        status
    }

    /// [`Game::status_of`] without stalemate and mate (the endings that ask for the side's
    /// moves): royals captured, the material endings, a repetition that ends the game.
    pub(super) fn status_before_moves(
        &self,
        rules: &Rules,
        checked: bool,
        completion: Completion,
    ) -> Status {
        let pos = &self.position;
        let ending = if pos.is_terminal() {
            Some(royals_captured(pos, rules))
        } else {
            material_ending(pos, rules).or_else(|| repetition_ending(completion))
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
                // Stopping: any answer ends the search, and the caller drops it.
                if stopped() {
                    return true;
                }
                if !escape && (!self.history || !self.may_repeat(mv)) {
                    return true;
                }
                self.judge_inner(rules, mv, false).is_ok_and(|c| {
                    let allowed = !escape || leaves_check(&c.after, rules, side);
                    self.recycle(c.after);
                    allowed
                })
            })
        })
    }
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
        // Sides alternate from the start's side to move.
        let first = self.game.start().side();
        if i.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    fn gave_check(&self, i: usize) -> bool {
        self.game
            .played
            .get(i)
            .map_or(self.candidate.gave_check, PlayedMove::gave_check)
    }

    fn was_pass(&self, i: usize) -> bool {
        self.game
            .played
            .get(i)
            .map_or(self.candidate.effects.pass, PlayedMove::was_pass)
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
        let Some(p) = self.game.played.get(i) else {
            return attacks(
                &self.game.position,
                &self.candidate.after,
                &self.candidate.mv,
            );
        };
        let flags = p.flags.get();
        if flags & ATTACK_KNOWN != 0 {
            return flags & ATTACKED != 0;
        }
        let before = self.game.position_at(rules, i);
        let mut after = before.clone();
        after.play_unchecked(&p.mv, rules);
        let attacked = attacks(&before, &after, &p.mv);
        p.flags
            .set(flags | ATTACK_KNOWN | if attacked { ATTACKED } else { 0 });
        attacked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the history costs per ply beside the current position (issue 14: about 100
    /// bytes at most): the move with its flags, the key, its count (a hash map entry of 12
    /// bytes, padded to 16, at most half full after growing) and a share of a position
    /// copy.
    #[test]
    fn the_history_costs_well_under_100_bytes_a_ply() {
        let per_ply = std::mem::size_of::<PlayedMove>()
            + std::mem::size_of::<u64>()
            + 2 * (std::mem::size_of::<(u64, u32)>() + 1)
            + std::mem::size_of::<Position>().div_ceil(CHECKPOINT_PLIES);
        // A move is 16 bytes (ko shogi's thunderclap lists six squares), its flags one.
        assert_eq!(std::mem::size_of::<PlayedMove>(), 18);
        assert!(per_ply <= 100, "{per_ply} bytes a ply");
    }
}
