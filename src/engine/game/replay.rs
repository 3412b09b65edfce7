//! Earlier positions of a game rebuilt from its history, the bytes a game holds, replaying
//! a list of moves up to the first illegal one (stalemate and mate settled by
//! the next move, [`Game::replay_text`]; each move played in place where it cannot
//! recreate an earlier position, [`Game::replay_in_place`]), taking back a move just
//! committed ([`Game::take_back`]: an answer about a move is worked out on the game
//! itself), and a bare position's outcome (the status of a game without history that
//! starts there).

use super::history::PlayedMove;
use super::state::{Candidate, Game, IllegalAt, Played, Status};
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::interrupt::stopped;
use crate::engine::notation::{parse_valid_position, PositionProblem};
use crate::engine::position::Position;
use crate::engine::rules::check::{in_check, leaves_check};
use crate::engine::rules::legality::IllegalReason;
use crate::engine::rules::repetition::{
    key_with_move, key_without_move, position_key, quiet_key_after, Completion,
};
use crate::engine::variant::Rules;
use std::collections::hash_map::Entry;

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
    Ok(replay_on(start_game(rules, start)?, rules, moves))
}

/// [`replay`], handing each move played, with its index, to `on_move` (the position
/// before it and its effects are not kept by the game).
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay_with<S: AsRef<str>>(
    rules: &Rules,
    start: Option<&str>,
    moves: &[S],
    on_move: impl FnMut(usize, &Played),
) -> Result<(Game, Option<IllegalAt>), Vec<PositionProblem>> {
    Ok(replay_from(
        start_game(rules, start)?,
        rules,
        moves,
        on_move,
    ))
}

/// The game form's new game from `start` (the variant's initial position when `None`).
fn start_game(rules: &Rules, start: Option<&str>) -> Result<Game, Vec<PositionProblem>> {
    let start = match start {
        Some(text) => parse_valid_position(rules, text)?,
        None => Position::start(rules),
    };
    Ok(Game::new(start, rules, true))
}

/// Plays `moves` on `game` up to the first illegal one, as [`replay_from`] without a
/// callback: each move is played in place on the game's position (no copy of it per ply)
/// wherever the move cannot recreate an earlier position; under a running interrupt that
/// stops it, up to where it stopped.
pub fn replay_on<S: AsRef<str>>(
    game: Game,
    rules: &Rules,
    moves: &[S],
) -> (Game, Option<IllegalAt>) {
    replay_each(game, rules, moves, |game, _, text| {
        game.replay_in_place(rules, text)
    })
}

/// Plays `moves` on `game` with `play` (given the game, the move's index and its text) up
/// to the first illegal one, then settles the status; under a running interrupt that
/// stops it, up to where it stopped.
fn replay_each<S: AsRef<str>>(
    mut game: Game,
    rules: &Rules,
    moves: &[S],
    mut play: impl FnMut(&mut Game, usize, &str) -> Result<(), IllegalReason>,
) -> (Game, Option<IllegalAt>) {
    game.reserve(moves.len());
    for (index, text) in moves.iter().enumerate() {
        if stopped() {
            break;
        }
        if let Err(reason) = play(&mut game, index, text.as_ref()) {
            let illegal = IllegalAt {
                index,
                text: text.as_ref().chars().take(64).collect(),
                reason,
            };
            return (game, Some(illegal));
        }
    }
    game.settle(rules);
    (game, None)
}

/// Plays `moves` on `game` up to the first illegal one, handing each move played, with its
/// index, to `on_move`; under a running interrupt that stops it, up to where it stopped.
pub fn replay_from<S: AsRef<str>>(
    game: Game,
    rules: &Rules,
    moves: &[S],
    mut on_move: impl FnMut(usize, &Played),
) -> (Game, Option<IllegalAt>) {
    replay_each(game, rules, moves, |game, index, text| {
        let played = game.replay_text(rules, text)?;
        on_move(index, &played);
        game.recycle(played.before);
        Ok(())
    })
}

impl Game {
    /// Hands a position no longer needed back to the game, as room for the next candidate.
    pub fn recycle(&self, room: Box<Position>) {
        *self.spare.borrow_mut() = Some(room);
    }

    /// Judges and plays a move of a replayed game ([`Game::play_text`]'s answers), leaving
    /// stalemate and mate out of the status reached: the next move replayed settles them
    /// (a move allowed there is a move, and one that leaves its side out of check is an
    /// escape), and [`Game::settle`] where it does not.
    ///
    /// # Errors
    /// Why it is illegal (nothing is played then).
    pub fn replay_text(&mut self, rules: &Rules, text: &str) -> Result<Played, IllegalReason> {
        let candidate = match self.judge_either(rules, text) {
            Ok(c) if !self.unsettled || self.escapes(rules, &c) => c,
            judged => {
                if let Ok(c) = judged {
                    self.recycle(c.after);
                }
                self.settle(rules);
                self.judge_either(rules, text)?
            }
        };
        Ok(self.commit_with(rules, candidate, false))
    }

    /// [`Game::replay_text`], keeping nothing of what the move did: played in place on the
    /// game's position where the move is judged legal on the board, the game has not
    /// ended, no mate is left to settle first (the side to move in check where mate ends
    /// the game) and the move recreates no earlier position; otherwise as
    /// [`Game::replay_text`] does.
    ///
    /// # Errors
    /// Why it is illegal (nothing is played then).
    pub fn replay_in_place(&mut self, rules: &Rules, text: &str) -> Result<(), IllegalReason> {
        let mate_to_settle = self.unsettled && rules.checkmate && self.status.in_check;
        if self.status.ending.is_none() && !mate_to_settle {
            if let Ok(mv) = self.written_move(rules, text) {
                if self.play_in_place(rules, mv) {
                    return Ok(());
                }
            }
        }
        let played = self.replay_text(rules, text)?;
        self.recycle(played.before);
        Ok(())
    }

    /// Plays `mv`, legal on the board, in place as [`Game::judge_legal`] and then
    /// [`Game::commit_with`] (unsettled) would, unless it recreates an earlier position:
    /// then the position is put back and `false` says that the full judgement must rule.
    /// A quiet move is looked up by the key it would make before it is played; any other
    /// move (a capture, a promotion) makes a position that never occurred, but its key is
    /// looked up all the same after it is played, the position then rebuilt from the last
    /// copy.
    fn play_in_place(&mut self, rules: &Rules, mv: Move) -> bool {
        let pos = &self.position;
        let them = pos.side().opponent();
        let mut partial = 0;
        if self.history {
            let quiet = mv.promo != Promo::Promote
                && !mv.squares().iter().any(|&s| pos.cell(s).is_color(them));
            if quiet && self.seen.contains_key(&quiet_key_after(self.key, pos, &mv)) {
                return false;
            }
            partial = key_without_move(self.key, pos, &mv);
        }
        let effects = self.position.play(&mv, rules);
        if self.history {
            let after = &self.position;
            let on_its_squares = effects
                .events
                .iter()
                .all(|e| e.square == mv.from || mv.squares().contains(&e.square));
            let key = if on_its_squares {
                key_with_move(partial, after, &mv)
            } else {
                position_key(after)
            };
            if self.seen.contains_key(&key) {
                *self.position = self.rebuilt_at(rules, self.played.len());
                return false;
            }
            self.key = key;
            self.keys.push(key);
            self.seen.insert(key, 1);
        }
        let gave_check = in_check(&self.position, rules, them);
        self.played
            .push(PlayedMove::new(mv, gave_check, effects.pass));
        if self.played.len().is_multiple_of(self.checkpoint_every) {
            self.checkpoints.push((*self.position).clone());
        }
        self.unsettled = true;
        self.status = self.status_before_moves(rules, gave_check, Completion::Continues);
        true
    }

    /// Whether an allowed `candidate` shows the position reached to go on: it is a move,
    /// so no stalemate, and where mate ends the game and the side is in check, it escapes.
    fn escapes(&self, rules: &Rules, candidate: &Candidate) -> bool {
        !(rules.checkmate && self.status.in_check)
            || leaves_check(&candidate.after, rules, self.position.side())
    }

    /// What [`Game::take_back`] needs to undo the moves committed after it: the state a
    /// move changes and does not hand back in its [`Played`].
    pub fn undo_point(&self) -> UndoPoint {
        UndoPoint {
            plies: self.played.len(),
            checkpoints: self.checkpoints.len(),
            keys: self.keys.len(),
            key: self.key,
            status: self.status,
            unsettled: self.unsettled,
        }
    }

    /// Takes back `played`, the one move committed ([`Game::commit`]) since `point` was
    /// taken: the game is then the game it was at `point`, and answers as it did (an
    /// answer about a move is worked out on the game itself, which is then given back as
    /// it was instead of being copied first).
    pub fn take_back(&mut self, point: UndoPoint, played: Played) {
        let after = std::mem::replace(&mut self.position, played.before);
        self.recycle(after);
        self.played.truncate(point.plies);
        self.checkpoints.truncate(point.checkpoints);
        for key in self.keys.drain(point.keys..) {
            if let Entry::Occupied(mut count) = self.seen.entry(key) {
                if *count.get() > 1 {
                    *count.get_mut() -= 1;
                } else {
                    count.remove();
                }
            }
        }
        self.key = point.key;
        self.status = point.status;
        self.unsettled = point.unsettled;
    }

    /// Works out the stalemate and mate a replay left out of the status.
    pub fn settle(&mut self, rules: &Rules) {
        if std::mem::take(&mut self.unsettled) && self.status.ending.is_none() {
            self.status = self.status_of(rules, self.status.in_check, Completion::Continues);
        }
    }
}

/// A game's state before a move, to take the move back ([`Game::undo_point`]).
#[derive(Clone, Copy, Debug)]
pub struct UndoPoint {
    plies: usize,
    checkpoints: usize,
    keys: usize,
    key: u64,
    status: Status,
    unsettled: bool,
}

/// How a position stands, without repetition (which needs the game history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on; whether the side to move is in check.
    Ongoing { in_check: bool },
    /// A side has no royal left; the other won.
    RoyalsCaptured { winner: Color },
    /// The side to move is in check and no legal move escapes.
    Checkmate { winner: Color },
    /// The side to move has no legal move.
    Stalemate { winner: Color },
    /// A side was bared (`bare_king = true`).
    BareKing { winner: Color },
    /// Two lone royals (`bare_king = true`).
    LoneKings,
}

/// The position's outcome (repetition aside): the status of a game without history
/// that starts here.
pub fn outcome(pos: &Position, rules: &Rules) -> Outcome {
    let status = Game::new(pos.clone(), rules, false).status();
    match status.ending {
        None => Outcome::Ongoing {
            in_check: status.in_check,
        },
        Some(Ending {
            result: GameResult::Win(winner),
            reason,
        }) => match reason {
            EndReason::RoyalsCaptured => Outcome::RoyalsCaptured { winner },
            EndReason::Stalemate => Outcome::Stalemate { winner },
            EndReason::BareKing => Outcome::BareKing { winner },
            _ => Outcome::Checkmate { winner },
        },
        Some(Ending {
            reason: EndReason::LoneKings,
            ..
        }) => Outcome::LoneKings,
        Some(ending) => unreachable!("a position alone cannot end as {ending:?}"),
    }
}

impl Game {
    /// The position at `ply` (0 = the start; at most the number of moves played), rebuilt
    /// from the copy before it.
    pub fn position_at(&self, rules: &Rules, ply: usize) -> Position {
        if ply == self.played.len() {
            return (*self.position).clone();
        }
        self.rebuilt_at(rules, ply)
    }

    /// The position at `ply`, rebuilt from the copy before it whatever the position
    /// reached holds.
    fn rebuilt_at(&self, rules: &Rules, ply: usize) -> Position {
        let at = ply / self.checkpoint_every;
        let mut pos = self.checkpoints[at].clone();
        for p in &self.played[at * self.checkpoint_every..ply] {
            pos.play_unchecked(&p.mv, rules);
        }
        pos
    }

    /// The last move played, with the position before it and what it did (rebuilt: the
    /// game keeps only the move); `None` before the first move and for a bare position.
    pub fn last_played(&self, rules: &Rules) -> Option<Played> {
        let last = self.played.last()?;
        let before = self.position_at(rules, self.played.len() - 1);
        let mut after = before.clone();
        let effects = after.play(&last.mv, rules);
        Some(Played {
            mv: last.mv,
            before: Box::new(before),
            effects,
            gave_check: last.gave_check(),
        })
    }

    /// The bytes the game holds, itself and all it owns: the history, the position
    /// reached, the copies of earlier positions and the key counts (at their capacity).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let position = size_of::<Position>() + self.position.heap_bytes();
        let checkpoints = self.checkpoints.capacity() * size_of::<Position>()
            + self
                .checkpoints
                .iter()
                .map(Position::heap_bytes)
                .sum::<usize>();
        // A hash map slot is its key and value and one control byte.
        let seen = self.seen.capacity() * (size_of::<(u64, u32)>() + 1);
        size_of::<Game>()
            + self.played.capacity() * size_of::<PlayedMove>()
            + position
            + checkpoints
            + self.keys.capacity() * size_of::<u64>()
            + seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::moves::Move;
    use crate::engine::movegen::legal_moves;
    use crate::engine::notation::format_move;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::{self, RulesRequest};

    /// Both rules profiles of chu shogi (lishogi's bare king and repetition, HaChu's) and
    /// every variant's default rules.
    fn every_rules() -> Vec<Rules> {
        let mut all: Vec<Rules> = variant::VARIANT_IDS
            .iter()
            .filter_map(|id| variant::by_id(id))
            .map(Rules::default_for)
            .collect();
        for profile in ["lishogi", "hachu"] {
            let request = RulesRequest {
                profile: Some(profile.into()),
                overrides: Vec::new(),
            };
            all.push(Rules::resolve(variant::chu(), &request).expect("a chu profile"));
        }
        all
    }

    /// A random game's texts, played one move at a time with [`Game::play_text`] (the
    /// status worked out in full after every move): board-legal moves, captures most of
    /// the time (so that games end), and half the time the mover's last move taken back
    /// (so that positions repeat); past the end, moves after it; the last text the first
    /// one refused, if any.
    fn random_game(rules: &Rules, rng: &mut Rng, plies: usize) -> Vec<String> {
        let shape = rules.variant.shape();
        let mut game = Game::new(Position::start(rules), rules, true);
        let (mut texts, mut played): (Vec<String>, Vec<Move>) = (Vec::new(), Vec::new());
        while texts.len() < plies {
            let moves = legal_moves(&game.position, rules);
            let Some(&any) = moves.get(rng.below(moves.len().max(1))) else {
                texts.push("1a1b".into());
                break;
            };
            let back = played.len().checked_sub(2).and_then(|i| {
                let last = played[i];
                moves
                    .iter()
                    .find(|m| m.from == last.to() && m.squares() == [last.from])
            });
            let them = game.position.side().opponent();
            let capture = moves
                .iter()
                .filter(|m| {
                    m.squares()
                        .iter()
                        .any(|&s| game.position.cell(s).is_color(them))
                })
                .nth(rng.below(4));
            let mv = match (rng.below(4), back, capture) {
                (0 | 1, Some(&back), _) => back,
                (2, _, Some(&capture)) => capture,
                _ => any,
            };
            let text = format_move(shape, &mv);
            texts.push(text.clone());
            played.push(mv);
            if game.play_text(rules, &text).is_err() {
                break;
            }
        }
        texts
    }

    /// A move after a mate is refused as after the end, also where the status that the
    /// replay leaves unsettled has to be worked out because the move does not escape: a
    /// tai position where White's hook mover on 3c mates Black's lone crown prince on 1y
    /// with `3c3w` (the README's example), then the prince's step to 1x.
    #[test]
    fn a_move_after_a_mate_in_a_replay_is_refused_as_after_the_end() {
        let rules = Rules::default_for(variant::tai());
        let start = "cp,24/25/22,hm,2/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24,CP w - 1";
        let (mated, illegal) = replay(&rules, Some(start), &["3c3w"]).expect("the start");
        assert_eq!(illegal, None);
        let mate = mated.status().ending.expect("mate");
        assert_eq!(mate.reason, EndReason::Checkmate);
        let (_, illegal) = replay(&rules, Some(start), &["3c3w", "1y1x"]).expect("the start");
        let at = illegal.expect("a move after the end");
        assert_eq!((at.index, at.reason), (1, IllegalReason::GameOver(mate)));
    }

    /// The replay's fast path (the status's stalemate and mate settled by the next move)
    /// answers as playing every move with the full status does: the same refusal at the
    /// same index, and at every tenth ply and at the end the same status, occurrences,
    /// position and legal moves.
    #[test]
    fn replaying_answers_as_playing_move_by_move() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut ended, mut repeated) = (0, 0);
        for rules in every_rules() {
            for _ in 0..3 {
                let texts = random_game(&rules, &mut rng, 120);
                let mut reference = Game::new(Position::start(&rules), &rules, true);
                let mut refused = None;
                for (index, text) in texts.iter().enumerate() {
                    let ply = reference.plies();
                    if ply.is_multiple_of(10) || index + 1 == texts.len() {
                        let (fast, illegal) =
                            replay(&rules, None, &texts[..index]).expect("the start");
                        assert_eq!(illegal, None, "{}", rules.variant.id);
                        assert_eq!(fast.status(), reference.status(), "{}", rules.variant.id);
                        assert_eq!(fast.occurrences(), reference.occurrences());
                        assert!(*fast.position == *reference.position);
                        assert_eq!(fast.legal_moves(&rules), reference.legal_moves(&rules));
                    }
                    if let Err(reason) = reference.play_text(&rules, text) {
                        refused = Some((index, reason));
                        break;
                    }
                }
                let (fast, illegal) = replay(&rules, None, &texts).expect("the start");
                assert_eq!(
                    illegal.map(|at| (at.index, at.reason)),
                    refused,
                    "{}",
                    rules.variant.id
                );
                assert_eq!(fast.status(), reference.status(), "{}", rules.variant.id);
                assert_eq!(fast.plies(), reference.plies());
                ended += usize::from(reference.status().ending.is_some());
                repeated += usize::from(reference.occurrences() > Some(1));
            }
        }
        // The games reach endings and repeat positions.
        assert!(
            ended > 0 && repeated > 0,
            "{ended} ended, {repeated} repeated"
        );
    }

    /// Everything a game holds that answers read, to compare two: its spare room aside,
    /// and of each move's flags those fixed when it is played (whether it attacked is
    /// worked out when a repetition rule first asks, and kept: a fact of the history).
    fn state(game: &Game) -> String {
        let seen: std::collections::BTreeMap<_, _> = game.seen.iter().collect();
        let played: Vec<_> = game
            .played
            .iter()
            .map(|p| (p.mv, p.gave_check(), p.was_pass()))
            .collect();
        format!(
            "{:?}",
            (
                played,
                &game.position,
                &game.checkpoints,
                (game.key, &game.keys, seen),
                (game.status, game.unsettled, game.plies()),
            )
        )
    }

    /// A move committed and taken back leaves the game as it was: on every variant's
    /// games, at every ply (among them the ply before a copy of the position is kept, at
    /// 128), in the game form and bare, replayed (unsettled) or played in full, with every
    /// kind of move the position allows (captures, repetitions, the moves that end a
    /// game).
    #[test]
    fn a_move_taken_back_leaves_the_game_as_it_was() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let (mut checked, mut crossed, mut repeated, mut ending) = (0, 0, 0, 0);
        for rules in every_rules() {
            let texts = random_game(&rules, &mut rng, 140);
            for history in [true, false] {
                let mut game = Game::new(Position::start(&rules), &rules, history);
                for (ply, text) in texts.iter().enumerate() {
                    if ply.is_multiple_of(2) {
                        game.settle(&rules);
                    }
                    let before = state(&game);
                    let moves = game.legal_moves(&rules);
                    let picks = [0, moves.len() / 2, moves.len().saturating_sub(1)];
                    for &pick in picks.iter().filter(|_| !moves.is_empty()) {
                        let text = format_move(rules.variant.shape(), &moves[pick]);
                        let candidate = game.judge_either(&rules, &text).expect("a legal move");
                        let point = game.undo_point();
                        let played = game.commit(&rules, candidate);
                        crossed += usize::from(game.checkpoints.len() > point.checkpoints);
                        repeated += usize::from(game.occurrences() > Some(1));
                        ending += usize::from(game.status().ending.is_some());
                        game.take_back(point, played);
                        assert_eq!(state(&game), before, "{} ply {ply}", rules.variant.id);
                        checked += 1;
                    }
                    if game.replay_text(&rules, text).is_err() {
                        break;
                    }
                }
            }
        }
        assert!(
            checked > 1000 && crossed > 0 && repeated > 0 && ending > 0,
            "{checked} checked, {crossed} crossed a copy, {repeated} repeated, {ending} ended"
        );
    }
}
