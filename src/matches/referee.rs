//! One game between two players with the arbiter as referee ([`play_game`]): the opening
//! moves, then every turn the clocks, the player's reply within its deadline, the ruling on
//! the move by the rules engine, and the game's end: by the rules (the arbiter's
//! [`EndReason`] codes), by a player's fault (an illegal or unparsable move, a crash, a
//! hang, a loss on time, an output flood, a protocol failure, a refused legal move), by
//! resignation, by the ply limit or by adjudication on the engines' scores. Each ending
//! against a player carries a [`Reproduction`].

use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, GameResult};
use crate::engine::game::Game;
use crate::engine::notation::{format_hodges, format_move, format_position_of};
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::clock::{seconds_text, Clock, TimeControl};
use super::player::{Action, Fault, GameStart, Player, Reply, Turn};
use super::record::{
    game_result, result_name, side_name, GameRecord, MoveRecord, RefereeCost, Reproduction,
    RulesEcho,
};

/// Adjudication by resignation: a side whose own score stayed at or below `-score`
/// centipawns for `moves` consecutive moves of its own, while its opponent's stayed at or
/// above `score` for its last `moves` moves, loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score: i32,
    pub moves: u32,
}

/// Adjudication as a draw: once both sides' scores stayed within `score` centipawns of 0
/// for `moves` consecutive moves each, all of them after ply `after`, the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub score: i32,
    pub moves: u32,
    pub after: usize,
}

/// The adjudication rules in force (none by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// Everything one game is played under.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The variant's id.
    pub variant: &'static str,
    pub rules: Arc<Rules>,
    /// The rules as given, for the record.
    pub rules_echo: RulesEcho,
    /// The start position (before the opening moves) and its text.
    pub start: Position,
    pub start_text: String,
    pub start_is_initial: bool,
    /// Moves played from the start before the engines take over, in machine text.
    pub opening_moves: Vec<String>,
    pub time_control: TimeControl,
    /// The time control as records write it.
    pub tc_text: String,
    /// Time a reply may take beyond its allowance (transport, process scheduling).
    pub margin: Duration,
    /// How long an engine that missed its deadline has to answer a probe before it is
    /// declared hung.
    pub grace: Duration,
    /// The game is drawn once this many plies are played (opening moves included).
    pub max_plies: usize,
    pub adjudication: Adjudication,
}

/// How a game ended, before it is written down.
struct End {
    result: &'static str,
    reason: String,
    detail: String,
    fault: Option<Reproduction>,
    /// A player that is not told the result: it crashed or hung (and was shut down).
    gone: Option<Color>,
}

impl End {
    fn rules(result: &'static str, reason: &str, detail: String) -> End {
        End {
            result,
            reason: reason.to_string(),
            detail,
            fault: None,
            gone: None,
        }
    }
}

/// Plays one game; `round` is its number in the match (1 for the first). Never panics on
/// what a player does: every failure is a result.
pub fn play_game(
    cfg: &GameConfig,
    round: usize,
    black: &mut dyn Player,
    white: &mut dyn Player,
) -> GameRecord {
    let mut record = empty_record(cfg, round, [black.name(), white.name()]);
    let mut players: [&mut dyn Player; 2] = [black, white];
    let mut referee = Referee::new(cfg);
    let end = referee.run(&mut players, &mut record.moves);
    record.referee_cost = referee.cost;
    for side in Color::ALL {
        if end.gone != Some(side) {
            players[side.index()].game_over(game_result(end.result), &end.reason);
        }
    }
    record.result = end.result;
    record.reason = end.reason;
    record.detail = end.detail;
    record.fault = end.fault;
    record
}

/// A game that could not start because a player could not be started (its process or
/// handshake failed): it loses without a move.
pub fn lost_before_start(
    cfg: &GameConfig,
    round: usize,
    names: [&str; 2],
    loser: Color,
    fault: &Fault,
) -> GameRecord {
    let (reason, verdict, message) = fault_words(fault);
    let mut record = empty_record(cfg, round, names);
    record.result = side_name(loser.opponent());
    record.reason = reason.to_string();
    record.detail = format!(
        "{} ({}) could not start: {message}",
        names[loser.index()],
        side_name(loser)
    );
    record.fault = Some(Reproduction {
        position: cfg.start_text.clone(),
        wire: wire_of(fault),
        text: None,
        verdict: verdict.to_string(),
        message,
    });
    record
}

/// The record of a game between `names` (Black's, White's) before it is played: no
/// moves, no result.
fn empty_record(cfg: &GameConfig, round: usize, names: [&str; 2]) -> GameRecord {
    GameRecord {
        round,
        black: names[0].to_string(),
        white: names[1].to_string(),
        variant: cfg.variant,
        rules: cfg.rules_echo.clone(),
        start: cfg.start_text.clone(),
        start_is_initial: cfg.start_is_initial,
        time_control: cfg.tc_text.clone(),
        margin_ms: millis(cfg.margin),
        moves: Vec::new(),
        result: "none",
        reason: String::new(),
        detail: String::new(),
        fault: None,
        referee_cost: RefereeCost::default(),
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The referee's code for a fault, the reproduction's verdict and the fault in words.
fn fault_words(fault: &Fault) -> (&'static str, &'static str, String) {
    match fault {
        Fault::Crashed { status, stderr } => {
            let tail = stderr.trim();
            let message = if tail.is_empty() {
                format!("the engine exited ({status})")
            } else {
                format!("the engine exited ({status}); its last words: {tail}")
            };
            ("crash", "crash", message)
        }
        Fault::TimedOut => ("hang", "hang", "the engine did not answer".to_string()),
        Fault::Unparsable { wire, why } => (
            "unparsable_move",
            "unparsable",
            format!("{wire:?} does not read as a move: {why}"),
        ),
        Fault::Flood { what } => ("output_flood", "output_flood", what.clone()),
        Fault::Protocol(what) => ("protocol_error", "protocol_error", what.clone()),
        Fault::Refused { wire, message } => (
            "refused_legal_move",
            "refused_legal_move",
            format!("the engine refused a legal move ({wire}): {message}"),
        ),
    }
}

/// What the engine wrote that the fault is about.
fn wire_of(fault: &Fault) -> String {
    match fault {
        Fault::Unparsable { wire, .. } | Fault::Refused { wire, .. } => wire.clone(),
        _ => String::new(),
    }
}

/// The consecutive-score counts adjudication reads, per side.
#[derive(Default)]
struct Streaks {
    /// Own moves in a row scored at or below −resign score.
    losing: [u32; 2],
    /// Own moves in a row scored at or above the resign score.
    winning: [u32; 2],
    /// Own moves in a row after the draw ply scored within the draw score.
    level: [u32; 2],
}

impl Streaks {
    /// Counts a move of `side` at `ply` (1 = the first) scored `score`; the ending it
    /// brings by adjudication, if any.
    fn note(
        &mut self,
        rules: &Adjudication,
        side: Color,
        ply: usize,
        score: Option<i32>,
    ) -> Option<End> {
        let (me, them) = (side.index(), side.opponent().index());
        let bump = |count: &mut u32, yes: bool| *count = if yes { *count + 1 } else { 0 };
        if let Some(r) = rules.resign {
            bump(&mut self.losing[me], score.is_some_and(|s| s <= -r.score));
            bump(&mut self.winning[me], score.is_some_and(|s| s >= r.score));
            if self.losing[me] >= r.moves && self.winning[them] >= r.moves {
                return Some(End::rules(
                    side_name(side.opponent()),
                    "adjudicated_resign",
                    format!(
                        "{} scored -{} cp or less for {} moves and its opponent agreed",
                        side_name(side),
                        r.score,
                        r.moves
                    ),
                ));
            }
        }
        if let Some(d) = rules.draw {
            let level = ply > d.after && score.is_some_and(|s| s.abs() <= d.score);
            bump(&mut self.level[me], level);
            if self.level[me] >= d.moves && self.level[them] >= d.moves {
                return Some(End::rules(
                    "draw",
                    "adjudicated_draw",
                    format!(
                        "both scores stayed within {} cp for {} moves each after ply {}",
                        d.score, d.moves, d.after
                    ),
                ));
            }
        }
        None
    }
}

/// One game in progress.
struct Referee<'a> {
    cfg: &'a GameConfig,
    rules: &'a Rules,
    game: Game,
    clocks: [Clock; 2],
    streaks: Streaks,
    /// The referee's own time: every turn's, less the time the player took.
    cost: RefereeCost,
}

impl<'a> Referee<'a> {
    fn new(cfg: &'a GameConfig) -> Referee<'a> {
        let rules: &Rules = &cfg.rules;
        Referee {
            cfg,
            rules,
            game: Game::new(cfg.start.clone(), rules, true),
            clocks: [Clock::new(cfg.time_control); 2],
            streaks: Streaks::default(),
            cost: RefereeCost::default(),
        }
    }

    /// Plays the game to its end, writing every move into `moves`.
    fn run(&mut self, players: &mut [&mut dyn Player; 2], moves: &mut Vec<MoveRecord>) -> End {
        for side in Color::ALL {
            let start = GameStart {
                variant: self.cfg.variant,
                rules: self.rules,
                start: &self.cfg.start,
                start_is_initial: self.cfg.start_is_initial,
                side,
                time_control: &self.cfg.time_control,
            };
            if let Err(fault) = players[side.index()].new_game(&start) {
                return self.fault(side, &mut *players[side.index()], &fault);
            }
        }
        if let Some(end) = self.openings(moves) {
            return end;
        }
        loop {
            if let Some(end) = self.by_the_rules() {
                return end;
            }
            if self.game.plies() >= self.cfg.max_plies {
                return End::rules(
                    "draw",
                    "max_plies",
                    format!("{} plies were played", self.game.plies()),
                );
            }
            let side = self.game.position.side();
            let player = &mut *players[side.index()];
            let allowance = self.clocks[side.index()].allowance();
            let began = Instant::now();
            let turn = Turn {
                game: &self.game,
                rules: self.rules,
                own: self.clocks[side.index()].remaining(),
                opponent: self.clocks[side.opponent().index()].remaining(),
                deadline: began + allowance + self.cfg.margin,
            };
            let answer = player.think(&turn);
            let used = began.elapsed();
            let ruling = Instant::now();
            let reply = match answer {
                Ok(reply) => reply,
                Err(fault) => return self.fault(side, player, &fault),
            };
            if let Err(flagged) = self.clocks[side.index()].charge(used, self.cfg.margin) {
                let text = match reply.action {
                    Action::Move(text) => Some(text),
                    Action::Resign => None,
                };
                let message = flagged.to_string();
                return self.against(side, "time_forfeit", &reply.wire, text, message);
            }
            let end = self.reply(side, reply, used, moves);
            self.cost.add(ruling.elapsed());
            if let Some(end) = end {
                return end;
            }
        }
    }

    /// Plays the opening moves; an ending if one is illegal (no result: the openings file
    /// is at fault) or ends the game.
    fn openings(&mut self, moves: &mut Vec<MoveRecord>) -> Option<End> {
        for text in &self.cfg.opening_moves {
            let side = self.game.position.side();
            let candidate = match self.game.judge(self.rules, text) {
                Ok(candidate) => candidate,
                Err(reason) => {
                    return Some(End::rules(
                        "none",
                        "bad_opening",
                        format!(
                            "opening move {} ({text}) is illegal: {reason}",
                            self.game.plies() + 1
                        ),
                    ))
                }
            };
            let hodges = format_hodges(&self.game.position, self.rules, &candidate.mv);
            let mv = candidate.mv;
            self.game.commit(self.rules, candidate);
            moves.push(MoveRecord {
                ply: self.game.plies(),
                side: side_name(side),
                opening: true,
                wire: String::new(),
                text: format_move(self.rules.variant.shape(), &mv),
                hodges,
                time_ms: 0,
                clock_ms: millis(self.clocks[side.index()].remaining()),
                score: None,
                depth: None,
            });
        }
        None
    }

    /// The ending the rules give the position reached, if any.
    fn by_the_rules(&self) -> Option<End> {
        let ending = self.game.status().ending?;
        let detail = match (ending.result, ending.reason) {
            (GameResult::Win(side), EndReason::RoyalsCaptured | EndReason::BareKing) => {
                format!("{} won: {}", side_name(side), ending.reason.code())
            }
            (GameResult::Win(side), _) => format!("{} won by the rules", side_name(side)),
            (GameResult::Draw, _) => "drawn by the rules".to_string(),
            (GameResult::NoContest, _) => "no contest by the rules".to_string(),
        };
        Some(End::rules(
            result_name(ending.result),
            ending.reason.code(),
            detail,
        ))
    }

    /// Rules on a reply that came in time; an ending if it ends the game.
    fn reply(
        &mut self,
        side: Color,
        reply: Reply,
        used: Duration,
        moves: &mut Vec<MoveRecord>,
    ) -> Option<End> {
        let text = match reply.action {
            Action::Resign => {
                return Some(End::rules(
                    side_name(side.opponent()),
                    "resign",
                    format!("{} resigned", side_name(side)),
                ))
            }
            Action::Move(text) => text,
        };
        let candidate = match self.game.judge(self.rules, &text) {
            Ok(candidate) => candidate,
            Err(reason) => {
                let message = reason.to_string();
                let mut end = self.against(side, "illegal_move", &reply.wire, Some(text), message);
                if let Some(fault) = end.fault.as_mut() {
                    fault.verdict = reason.code().to_string();
                }
                return Some(end);
            }
        };
        let hodges = format_hodges(&self.game.position, self.rules, &candidate.mv);
        let mv = candidate.mv;
        self.game.commit(self.rules, candidate);
        let ply = self.game.plies();
        moves.push(MoveRecord {
            ply,
            side: side_name(side),
            opening: false,
            wire: reply.wire,
            text: format_move(self.rules.variant.shape(), &mv),
            hodges,
            time_ms: millis(used),
            clock_ms: millis(self.clocks[side.index()].remaining()),
            score: reply.score,
            depth: reply.depth,
        });
        self.by_the_rules().or_else(|| {
            self.streaks
                .note(&self.cfg.adjudication, side, ply, reply.score)
        })
    }

    /// The game lost by `side` for `reason`, with a reproduction at the position reached.
    fn against(
        &self,
        side: Color,
        reason: &str,
        wire: &str,
        text: Option<String>,
        message: String,
    ) -> End {
        End {
            result: side_name(side.opponent()),
            reason: reason.to_string(),
            detail: format!("{} lost: {message}", side_name(side)),
            fault: Some(Reproduction {
                position: format_position_of(self.rules.variant, &self.game.position),
                wire: wire.to_string(),
                text,
                verdict: reason.to_string(),
                message,
            }),
            gone: None,
        }
    }

    /// The game lost by `side`, whose player failed with `fault`. A player that missed its
    /// deadline is probed: one that answers within the grace lost on time, one that does
    /// not hangs and is shut down.
    fn fault(&self, side: Color, player: &mut dyn Player, fault: &Fault) -> End {
        if *fault == Fault::TimedOut {
            let allowance = self.clocks[side.index()].allowance();
            if player.probe(self.cfg.grace) {
                let message = format!(
                    "no move within {} s and the margin of {} s",
                    seconds_text(allowance),
                    seconds_text(self.cfg.margin)
                );
                return self.against(side, "time_forfeit", "", None, message);
            }
            player.shutdown();
            let message = format!(
                "no move within {} s and the margin of {} s, and no answer to a probe within \
                 {} s",
                seconds_text(allowance),
                seconds_text(self.cfg.margin),
                seconds_text(self.cfg.grace)
            );
            let mut end = self.against(side, "hang", "", None, message);
            end.gone = Some(side);
            return end;
        }
        let (reason, verdict, message) = fault_words(fault);
        let refused = matches!(fault, Fault::Refused { .. });
        let mut end = self.against(side, reason, &wire_of(fault), None, message);
        if let Some(rep) = end.fault.as_mut() {
            rep.verdict = verdict.to_string();
            if refused {
                // The refused move is the last one played: reproduce it from before it.
                if let Some(last) = self.game.last_played(self.rules) {
                    rep.position = format_position_of(self.rules.variant, &last.before);
                    rep.text = Some(format_move(self.rules.variant.shape(), &last.mv));
                }
            }
        }
        if matches!(fault, Fault::Crashed { .. }) {
            end.gone = Some(side);
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::super::scripted::{config, scripted, Replaying, Scripted, Step};
    use super::*;
    use crate::engine::notation::parse_valid_position;
    use std::collections::VecDeque;

    fn play(cfg: &GameConfig, black: &mut Scripted, white: &mut Scripted) -> GameRecord {
        play_game(cfg, 1, black, white)
    }

    /// Both players were told `result` for `reason`.
    fn told(players: [&Scripted; 2], result: Option<GameResult>, reason: &str) {
        for p in players {
            let log = p.log.lock().unwrap();
            assert_eq!(log.over, Some((result, reason.to_string())), "{}", p.name);
        }
    }

    const WHITE_WINS: Option<GameResult> = Some(GameResult::Win(Color::White));
    const BLACK_WINS: Option<GameResult> = Some(GameResult::Win(Color::Black));

    #[test]
    fn an_illegal_move_loses_with_its_reproduction() {
        let cfg = config(None);
        let mut black = scripted("A", vec![Step::Legal(None), Step::Text("6a6b")]);
        let mut white = scripted("B", vec![]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("white", "illegal_move")
        );
        assert_eq!(record.moves.len(), 2);
        let fault = record.fault.expect("a reproduction");
        assert_eq!(fault.wire, "bestmove 6a6b");
        assert_eq!(fault.text.as_deref(), Some("6a6b"));
        assert_eq!(fault.verdict, "not_your_piece", "{}", fault.message);
        // The position is the one before the move, where the arbiter refuses it too.
        let rules = &cfg.rules;
        let before = parse_valid_position(rules, &fault.position).expect("reads");
        let game = Game::new(before, rules, false);
        assert_eq!(
            game.judge(rules, "6a6b").map(|_| ()).map_err(|e| e.code()),
            Err("not_your_piece")
        );
        told([&black, &white], WHITE_WINS, "illegal_move");
    }

    #[test]
    fn an_unparsable_move_a_crash_a_flood_and_a_protocol_failure_lose() {
        let faults = [
            (
                Fault::Unparsable {
                    wire: "move zz".to_string(),
                    why: "no square".to_string(),
                },
                "unparsable_move",
                "unparsable",
            ),
            (
                Fault::Crashed {
                    status: "exit status: 3".to_string(),
                    stderr: "boom".to_string(),
                },
                "crash",
                "crash",
            ),
            (
                Fault::Flood {
                    what: "a line over 1 MiB".to_string(),
                },
                "output_flood",
                "output_flood",
            ),
            (
                Fault::Protocol("no usiok".to_string()),
                "protocol_error",
                "protocol_error",
            ),
        ];
        for (fault, reason, verdict) in faults {
            let cfg = config(None);
            let mut black = scripted("A", vec![]);
            let mut white = scripted("B", vec![Step::Legal(None), Step::Fail(fault.clone())]);
            let record = play(&cfg, &mut black, &mut white);
            assert_eq!((record.result, record.reason.as_str()), ("black", reason));
            assert_eq!(record.moves.len(), 3, "{reason}");
            let rep = record.fault.expect("a reproduction");
            assert_eq!(rep.verdict, verdict);
            assert_eq!(
                rep.position,
                format_position_of(cfg.rules.variant, &{
                    let mut game = Game::new(cfg.start.clone(), &cfg.rules, true);
                    for m in &record.moves {
                        game.play_text(&cfg.rules, &m.text)
                            .expect("recorded moves are legal");
                    }
                    *game.position
                })
            );
            let black_told = black.log.lock().unwrap().over.clone();
            assert_eq!(black_told, Some((BLACK_WINS, reason.to_string())));
            let white_told = white.log.lock().unwrap().over.clone();
            if reason == "crash" {
                assert_eq!(white_told, None, "a crashed engine is not told");
                assert!(rep.message.contains("boom"), "{}", rep.message);
            } else {
                assert_eq!(white_told, Some((BLACK_WINS, reason.to_string())));
            }
        }
    }

    #[test]
    fn a_late_reply_loses_on_time() {
        let mut cfg = config(None);
        cfg.time_control = TimeControl::PerMove(Duration::from_millis(30));
        cfg.margin = Duration::from_millis(20);
        let mut black = scripted(
            "A",
            vec![
                Step::Late(Duration::from_millis(10)),
                Step::Late(Duration::from_millis(80)),
            ],
        );
        let mut white = scripted("B", vec![]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("white", "time_forfeit")
        );
        assert_eq!(record.moves.len(), 2, "the first, quick move counts");
        assert!(record.moves[0].time_ms >= 10);
        let rep = record.fault.clone().expect("a reproduction");
        assert!(rep.message.contains("it had 0.030 s"), "{}", rep.message);
        assert!(
            rep.text.is_some_and(|t| !t.is_empty()),
            "the late move is kept"
        );
        told([&black, &white], WHITE_WINS, "time_forfeit");
    }

    #[test]
    fn a_missed_deadline_is_a_time_forfeit_or_a_hang_as_the_probe_says() {
        for (answers, reason) in [(true, "time_forfeit"), (false, "hang")] {
            let cfg = config(None);
            let mut black = scripted("A", vec![]);
            let mut white = scripted("B", vec![Step::Fail(Fault::TimedOut)]);
            white.answers_probe = answers;
            let record = play(&cfg, &mut black, &mut white);
            assert_eq!((record.result, record.reason.as_str()), ("black", reason));
            let log = white.log.lock().unwrap();
            assert!(log.probed);
            assert_eq!(log.shut, !answers, "{reason}: a hung engine is shut down");
            assert_eq!(log.over.is_some(), answers, "{reason}");
        }
    }

    #[test]
    fn a_refused_legal_move_loses_for_the_engine_that_refused_it() {
        let cfg = config(None);
        let mut black = scripted("A", vec![]);
        let refused = Fault::Refused {
            wire: "Illegal move: f5f6".to_string(),
            message: "Illegal move".to_string(),
        };
        let mut white = scripted("B", vec![Step::Fail(refused)]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("black", "refused_legal_move")
        );
        let rep = record.fault.expect("a reproduction");
        assert_eq!(
            rep.position, cfg.start_text,
            "the position before the refused move"
        );
        assert_eq!(rep.text.as_deref(), Some(record.moves[0].text.as_str()));
    }

    #[test]
    fn resigning_loses() {
        let cfg = config(None);
        let mut black = scripted("A", vec![]);
        let mut white = scripted("B", vec![Step::Legal(None), Step::Resign]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!((record.result, record.reason.as_str()), ("black", "resign"));
        assert_eq!(record.fault, None);
        told([&black, &white], BLACK_WINS, "resign");
    }

    #[test]
    fn capturing_the_last_royal_ends_the_game_by_the_rules() {
        // chu.md "Game end": a side whose last royal is captured loses. Black's rook on 1b
        // takes White's lone king on 1a.
        let cfg = config(Some("11k/11R/12/12/12/12/12/12/12/12/12/K11 b - 1"));
        let mut black = scripted("A", vec![Step::Text("1b1a")]);
        let mut white = scripted("B", vec![]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("black", "royals_captured")
        );
        assert_eq!(record.moves.len(), 1);
        // Recorded canonically: the rook entered the promotion zone and did not promote.
        assert_eq!(record.moves[0].text, "1b1a=");
        assert_eq!(record.moves[0].wire, "bestmove 1b1a");
        assert!(
            record.moves[0].hodges.starts_with('R'),
            "{}",
            record.moves[0].hodges
        );
        told([&black, &white], BLACK_WINS, "royals_captured");
    }

    #[test]
    fn the_ply_limit_draws_and_opening_moves_are_recorded() {
        let mut cfg = config(None);
        cfg.max_plies = 6;
        let rules = Arc::clone(&cfg.rules);
        let mut game = Game::new(cfg.start.clone(), &rules, true);
        for _ in 0..2 {
            let mv = game.legal_moves(&rules)[3];
            cfg.opening_moves
                .push(format_move(rules.variant.shape(), &mv));
            game.play_text(&rules, cfg.opening_moves.last().unwrap())
                .expect("legal");
        }
        let mut black = scripted("A", vec![]);
        let mut white = scripted("B", vec![]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("draw", "max_plies")
        );
        assert_eq!(record.moves.len(), 6);
        let openings: Vec<bool> = record.moves.iter().map(|m| m.opening).collect();
        assert_eq!(openings, [true, true, false, false, false, false]);
        assert_eq!(record.moves[0].text, cfg.opening_moves[0]);
        told([&black, &white], Some(GameResult::Draw), "max_plies");
    }

    #[test]
    fn an_illegal_opening_move_gives_no_result() {
        let mut cfg = config(None);
        cfg.opening_moves = vec!["6a6b".to_string()];
        let mut black = scripted("A", vec![]);
        let mut white = scripted("B", vec![]);
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("none", "bad_opening")
        );
        told([&black, &white], None, "bad_opening");
    }

    #[test]
    fn adjudication_by_scores() {
        let mut cfg = config(None);
        cfg.adjudication.resign = Some(ResignRule {
            score: 400,
            moves: 2,
        });
        let low = || Step::Legal(Some(-500));
        let high = || Step::Legal(Some(500));
        let mut black = scripted("A", vec![low(), low(), low(), low(), low()]);
        let mut white = scripted("B", vec![high(), Step::Legal(None), high(), high()]);
        let record = play(&cfg, &mut black, &mut white);
        // Black at or below -400 on plies 1, 3, 5, 7 and 9; White at or above 400 on plies
        // 2, 6 and 8 (no score on ply 4): White's last two agree first with Black's ply 9.
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("white", "adjudicated_resign")
        );
        assert_eq!(record.moves.len(), 9);

        let mut cfg = config(None);
        cfg.adjudication.draw = Some(DrawRule {
            score: 10,
            moves: 2,
            after: 2,
        });
        let level = || Step::Legal(Some(5));
        let mut black = scripted(
            "A",
            vec![level(), level(), Step::Legal(Some(50)), level(), level()],
        );
        let mut white = scripted("B", vec![level(), level(), level(), level(), level()]);
        let record = play(&cfg, &mut black, &mut white);
        // Counted after ply 2 only; Black's 50 on ply 5 starts its count again: Black level
        // on 7 and 9, White on 4, 6 and 8: the draw comes with ply 9.
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("draw", "adjudicated_draw")
        );
        assert_eq!(record.moves.len(), 9);
    }

    #[test]
    fn a_player_that_fails_to_start_a_game_loses_it() {
        let cfg = config(None);
        let mut black = scripted("A", vec![]);
        let mut white = scripted("B", vec![]);
        white.start = Some(Fault::Protocol("no readyok".to_string()));
        let record = play(&cfg, &mut black, &mut white);
        assert_eq!(
            (record.result, record.reason.as_str()),
            ("black", "protocol_error")
        );
        assert!(record.moves.is_empty());
        let lost = lost_before_start(&cfg, 2, ["A", "B"], Color::Black, &Fault::TimedOut);
        assert_eq!(
            (lost.result, lost.reason.as_str(), lost.round),
            ("white", "hang", 2)
        );
        assert!(
            lost.detail.contains("A (black) could not start"),
            "{}",
            lost.detail
        );
    }

    #[test]
    fn the_referees_own_cost_per_move_is_under_a_hundredth_of_a_tenth_of_a_second() {
        // A 400-ply chu game chosen beforehand (the move at an index that cycles through
        // each position's list), replayed by two players that answer at once: what the
        // game takes is the referee's own work (clocks, ruling, Hodges text, records).
        let mut cfg = config(None);
        cfg.max_plies = 400;
        let rules = Arc::clone(&cfg.rules);
        let mut game = Game::new(cfg.start.clone(), &rules, true);
        let mut sides = [VecDeque::new(), VecDeque::new()];
        while game.plies() < cfg.max_plies && game.status().ending.is_none() {
            let moves = game.legal_moves(&rules);
            let mv = moves[(game.plies() * 7) % moves.len()];
            let text = format_move(rules.variant.shape(), &mv);
            sides[game.plies() % 2].push_back(text.clone());
            game.play_text(&rules, &text).expect("legal");
        }
        let plies = game.plies();
        let [b, w] = sides;
        let (mut black, mut white) = (Replaying { moves: b }, Replaying { moves: w });
        let began = Instant::now();
        let record = play_game(&cfg, 1, &mut black, &mut white);
        let per_move = began.elapsed() / u32::try_from(plies).expect("small");
        assert_eq!(record.moves.len(), plies, "{}", record.detail);
        assert!(plies > 100, "{plies}");
        assert!(
            per_move < Duration::from_millis(1),
            "{per_move:?} a move over {plies} plies"
        );
        eprintln!("the referee's own cost: {per_move:?} a move over {plies} plies");
    }
}
