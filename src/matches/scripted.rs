//! A player in process that follows a script, for the referee's and the runner's tests.

use super::clock::TimeControl;
use super::player::{Action, Fault, GameStart, Player, Reply, Turn};
use super::record::RulesEcho;
use super::referee::{Adjudication, GameConfig};
use crate::engine::core::ending::GameResult;
use crate::engine::notation::{format_move, format_position_of, parse_valid_position};
use crate::engine::position::Position;
use crate::engine::variant::{chu, Rules};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a scripted player does on one of its turns.
pub enum Step {
    /// The first legal move, with this score.
    Legal(Option<i32>),
    /// This machine text.
    Text(&'static str),
    Fail(Fault),
    /// The first legal move, after sleeping this long.
    Late(Duration),
    Resign,
}

/// What the referee told a scripted player.
#[derive(Default)]
pub struct Log {
    pub over: Option<(Option<GameResult>, String)>,
    pub probed: bool,
    pub shut: bool,
}

/// A player in process that follows a script (then plays the first legal move).
pub struct Scripted {
    pub name: &'static str,
    pub steps: VecDeque<Step>,
    pub start: Option<Fault>,
    pub answers_probe: bool,
    pub log: Arc<Mutex<Log>>,
}

/// A scripted player named `name` that answers probes.
pub fn scripted(name: &'static str, steps: Vec<Step>) -> Scripted {
    Scripted {
        name,
        steps: steps.into(),
        start: None,
        answers_probe: true,
        log: Arc::default(),
    }
}

impl Player for Scripted {
    fn name(&self) -> &str {
        self.name
    }
    fn new_game(&mut self, _start: &GameStart<'_>) -> Result<(), Fault> {
        self.start.take().map_or(Ok(()), Err)
    }
    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let first = |score| {
            let mv = turn.game.legal_moves(turn.rules)[0];
            let text = format_move(turn.rules.variant.shape(), &mv);
            Ok(Reply {
                action: Action::Move(text.clone()),
                wire: text,
                score,
                depth: Some(1),
            })
        };
        match self.steps.pop_front().unwrap_or(Step::Legal(None)) {
            Step::Legal(score) => first(score),
            Step::Text(text) => Ok(Reply {
                action: Action::Move(text.to_string()),
                wire: format!("bestmove {text}"),
                score: None,
                depth: None,
            }),
            Step::Fail(fault) => Err(fault),
            Step::Late(pause) => {
                std::thread::sleep(pause);
                first(None)
            }
            Step::Resign => Ok(Reply {
                action: Action::Resign,
                wire: "resign".to_string(),
                score: None,
                depth: None,
            }),
        }
    }
    fn probe(&mut self, _grace: Duration) -> bool {
        self.log.lock().unwrap().probed = true;
        self.answers_probe
    }
    fn game_over(&mut self, result: Option<GameResult>, reason: &str) {
        self.log.lock().unwrap().over = Some((result, reason.to_string()));
    }
    fn shutdown(&mut self) {
        self.log.lock().unwrap().shut = true;
    }
}

/// A chu game's settings (default rules, 0.2 s a move) from `start`, or the initial
/// setup.
pub fn config(start: Option<&str>) -> GameConfig {
    let rules = Rules::default_for(chu());
    let position = match start {
        Some(text) => parse_valid_position(&rules, text).expect("the position reads"),
        None => Position::start(&rules),
    };
    let time_control = TimeControl::PerMove(Duration::from_millis(200));
    GameConfig {
        variant: "chu",
        rules_echo: RulesEcho {
            profile: rules.profile_name().to_string(),
            options: Vec::new(),
        },
        start_text: format_position_of(rules.variant, &position),
        start_is_initial: start.is_none(),
        start: position,
        rules: Arc::new(rules),
        opening_moves: Vec::new(),
        tc_text: time_control.to_string(),
        time_control,
        margin: Duration::from_millis(50),
        grace: Duration::from_millis(100),
        max_plies: 1000,
        adjudication: Adjudication::default(),
    }
}

/// A player in process that plays the given moves in turn, at once.
pub struct Replaying {
    pub moves: VecDeque<String>,
}

impl Player for Replaying {
    fn name(&self) -> &str {
        "replaying"
    }
    fn new_game(&mut self, _start: &GameStart<'_>) -> Result<(), Fault> {
        Ok(())
    }
    fn think(&mut self, _turn: &Turn<'_>) -> Result<Reply, Fault> {
        let text = self.moves.pop_front().unwrap_or_default();
        Ok(Reply {
            action: Action::Move(text.clone()),
            wire: text,
            score: Some(0),
            depth: Some(1),
        })
    }
    fn probe(&mut self, _grace: Duration) -> bool {
        true
    }
    fn game_over(&mut self, _result: Option<GameResult>, _reason: &str) {}
    fn shutdown(&mut self) {}
}
