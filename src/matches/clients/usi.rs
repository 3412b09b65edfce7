//! [`UsiPlayer`]: a [`Player`] over an engine speaking USI (the Universal Shogi Interface) as
//! lishogi's bots do. The handshake is `usi`, the `id` and `option name …` lines up to
//! `usiok`, `setoption name NAME value VALUE` for each engine option (and `USI_Hash` from the
//! memory size when the engine declared it), then `isready` up to `readyok`.
//!
//! A game: `setoption name USI_Variant value ID` when the engine declared `USI_Variant` (the
//! arbiter's variant id); an engine without it is taken to play chu only, and any other
//! variant is then a [`Fault::Protocol`]. Then `isready`/`readyok` and `usinewgame`. Each
//! turn is `position sfen START moves M1 M2 …` (always the start position and every move,
//! as USI wants) and `go btime B wtime W` with `binc`/`winc` for an increment or `byoyomi`
//! (byoyomi: a fixed time for every move once the main time is spent; all in milliseconds).
//! A fixed time per move is `byoyomi T` with both main times zero, the form shogi engines
//! commonly honour (`movetime` is not sent).
//!
//! The answer is `bestmove X [ponder Y]`; `bestmove resign` resigns. `bestmove win` is the
//! entering-king declaration of standard shogi, a rule none of these variants has: it is
//! read as an unparsable move. `info … depth D … score cp N` gives the score; `score mate N`
//! becomes ±([`MATE_SCORE`] − |N|).

use super::common::{handshake_fault, millis, read_until, wire_moves, Engine, QUIT_GRACE};
use crate::engine::core::color::Color;
use crate::engine::core::ending::GameResult;
use crate::matches::clock::TimeControl;
use crate::matches::player::{Action, EngineSpec, Fault, GameStart, Player, Reply, Turn};
use crate::matches::protocol::usi as wire;
use std::time::{Duration, Instant};

/// The score a mate in 0 is given (centipawns).
pub const MATE_SCORE: i32 = 100_000;

/// A USI engine.
pub struct UsiPlayer {
    engine: Engine,
    /// The options the engine declared (`option name NAME …`).
    declared: Vec<String>,
    side: Color,
    time_control: Option<TimeControl>,
    /// The USI texts of the current game's moves so far (kept between turns).
    moves: Vec<String>,
}

impl UsiPlayer {
    /// Starts the engine and runs the handshake.
    ///
    /// # Errors
    /// The engine could not start, crashed, flooded, or did not send `usiok` or `readyok` in
    /// time ([`Fault::Protocol`]).
    pub fn start(spec: &EngineSpec) -> Result<UsiPlayer, Fault> {
        let mut player = UsiPlayer {
            engine: Engine::spawn(spec)?,
            declared: Vec::new(),
            side: Color::Black,
            time_control: None,
            moves: Vec::new(),
        };
        player.handshake(spec)?;
        Ok(player)
    }

    /// The options the engine declared.
    pub fn declared_options(&self) -> &[String] {
        &self.declared
    }

    fn handshake(&mut self, spec: &EngineSpec) -> Result<(), Fault> {
        self.engine.process.send("usi")?;
        let timeout = self.engine.handshake_timeout;
        let deadline = Instant::now() + timeout;
        let mut declared = Vec::new();
        read_until(&mut self.engine.process, deadline, |line| {
            if let Some(name) = option_name(line) {
                declared.push(name);
            }
            line.trim() == "usiok"
        })
        .map_err(|f| handshake_fault(f, "`usiok`", timeout))?;
        self.declared = declared;
        if self.declares("USI_Hash") {
            self.engine.process.send(&format!(
                "setoption name USI_Hash value {}",
                spec.memory_mib
            ))?;
        }
        for (name, value) in &spec.options {
            self.engine
                .process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    fn declares(&self, name: &str) -> bool {
        self.declared.iter().any(|d| d == name)
    }

    /// `isready` up to `readyok`.
    fn ready(&mut self) -> Result<(), Fault> {
        self.engine.process.send("isready")?;
        let timeout = self.engine.handshake_timeout;
        read_until(&mut self.engine.process, Instant::now() + timeout, |line| {
            line.trim() == "readyok"
        })
        .map(|_| ())
        .map_err(|f| handshake_fault(f, "`readyok`", timeout))
    }

    /// The `go` command of a turn.
    fn go(&self, turn: &Turn<'_>) -> String {
        let mover = turn.game.position.side();
        let (black, white) = if mover == Color::Black {
            (turn.own, turn.opponent)
        } else {
            (turn.opponent, turn.own)
        };
        let (b, w) = (millis(black), millis(white));
        match self.time_control {
            Some(TimeControl::PerMove(t)) => {
                format!("go btime 0 wtime 0 byoyomi {}", millis(t))
            }
            Some(TimeControl::Increment { increment, .. }) => {
                let i = millis(increment);
                format!("go btime {b} wtime {w} binc {i} winc {i}")
            }
            Some(TimeControl::Byoyomi { byoyomi, .. }) => {
                format!("go btime {b} wtime {w} byoyomi {}", millis(byoyomi))
            }
            None => format!("go btime {b} wtime {w}"),
        }
    }

    /// Reads up to `bestmove`.
    fn read_move(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let (mut score, mut depth) = (None, None);
        loop {
            let line = self.engine.process.recv(turn.deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("");
                    let action = match text {
                        "resign" => Action::Resign,
                        "win" => {
                            return Err(Fault::Unparsable {
                                wire: text.to_string(),
                                why: "`bestmove win` claims the entering-king rule of \
                                      standard shogi, which this variant does not have"
                                    .into(),
                            })
                        }
                        _ => Action::Move(
                            wire::move_from_wire(&turn.game.position, turn.rules, text).map_err(
                                |e| Fault::Unparsable {
                                    wire: text.to_string(),
                                    why: e.why,
                                },
                            )?,
                        ),
                    };
                    return Ok(Reply {
                        action,
                        wire: text.to_string(),
                        score,
                        depth,
                    });
                }
                Some("info") => {
                    let (d, s) = info(&line);
                    depth = d.or(depth);
                    score = s.or(score);
                }
                _ => {}
            }
        }
    }
}

impl Player for UsiPlayer {
    fn name(&self) -> &str {
        &self.engine.name
    }

    fn new_game(&mut self, start: &GameStart<'_>) -> Result<(), Fault> {
        if self.declares("USI_Variant") {
            self.engine.process.send(&format!(
                "setoption name USI_Variant value {}",
                start.variant
            ))?;
        } else if start.variant != "chu" {
            return Err(Fault::Protocol(format!(
                "the engine declares no USI_Variant option, so it plays chu only, not {}",
                start.variant
            )));
        }
        self.side = start.side;
        self.time_control = Some(*start.time_control);
        self.moves.clear();
        self.ready()?;
        self.engine.process.send("usinewgame")
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let known = self.moves.len().min(turn.game.plies());
        self.moves.truncate(known);
        let new = wire_moves(turn.game, turn.rules, known, wire::move_to_wire);
        self.moves.extend(new);
        let mut position = format!(
            "position sfen {}",
            wire::position_to_wire(turn.rules, turn.game.start())
        );
        if !self.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&self.moves.join(" "));
        }
        self.engine.process.send(&position)?;
        let go = self.go(turn);
        self.engine.process.send(&go)?;
        self.read_move(turn)
    }

    fn probe(&mut self, grace: Duration) -> bool {
        if self.engine.process.send("stop").is_err() {
            return false;
        }
        read_until(&mut self.engine.process, Instant::now() + grace, |line| {
            line.trim_start().starts_with("bestmove")
        })
        .is_ok()
    }

    fn game_over(&mut self, result: Option<GameResult>, _reason: &str) {
        let word = match result {
            Some(GameResult::Win(c)) if c == self.side => "win",
            Some(GameResult::Win(_)) => "lose",
            Some(GameResult::Draw | GameResult::NoContest) => "draw",
            None => return,
        };
        let _ = self.engine.process.send(&format!("gameover {word}"));
    }

    fn shutdown(&mut self) {
        let _ = self.engine.process.send("quit");
        self.engine.process.shutdown(QUIT_GRACE);
    }

    fn pid(&self) -> Option<u32> {
        Some(self.engine.process.pid())
    }
}

/// The name in an `option name NAME type …` line.
fn option_name(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

/// The depth and score of an `info` line, when it gives them.
fn info(line: &str) -> (Option<u32>, Option<i32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (mut depth, mut score) = (None, None);
    for (i, w) in words.iter().enumerate() {
        match (*w, words.get(i + 1), words.get(i + 2)) {
            ("depth", Some(d), _) => depth = d.parse().ok().or(depth),
            ("score", Some(&"cp"), Some(n)) => score = n.parse().ok().or(score),
            ("score", Some(&"mate"), Some(n)) => {
                score = mate_score(n).or(score);
            }
            _ => {}
        }
    }
    (depth, score)
}

/// `score mate N` as centipawns: mate in N for the mover is large and positive, a mate
/// against it large and negative (`+`/`-` alone: an unknown distance).
fn mate_score(n: &str) -> Option<i32> {
    match n {
        "+" => Some(MATE_SCORE),
        "-" => Some(-MATE_SCORE),
        _ => {
            let plies: i32 = n.parse().ok()?;
            let distance = plies.unsigned_abs().min(10_000) as i32;
            Some(if n.starts_with('-') {
                -(MATE_SCORE - distance)
            } else {
                MATE_SCORE - distance
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::common::turn_in;
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::notation::format_position_of;
    use crate::engine::position::Position;
    use crate::engine::variant::{by_id, Rules};
    use crate::matches::player::Protocol;
    use crate::matches::process::testing::{reaped, shell};
    use std::path::{Path, PathBuf};

    /// A fake USI engine: the handshake (with `USI_Variant` when `variants`), `go` and `stop`
    /// as given; it logs what it reads to `log`.
    fn fake(variants: bool, go: &str, stop: &str, log: &Path) -> EngineSpec {
        let variant = if variants {
            "echo 'option name USI_Variant type combo default chu var chu var dai';"
        } else {
            ""
        };
        let script = format!(
            "while read -r line; do echo \"$line\" >> {log}; case \"$line\" in \
             usi) echo 'id name fake'; \
                  echo 'option name USI_Hash type spin default 16 min 1 max 1024'; \
                  {variant} echo usiok;; \
             isready) echo readyok;; \
             go*) {go};; \
             stop) {stop};; \
             quit) exit 0;; \
             esac; done",
            log = log.display()
        );
        shell(&script, Protocol::Usi)
    }

    fn log_file(name: &str) -> PathBuf {
        let file = std::env::temp_dir().join(format!("usi-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(&file);
        file
    }

    fn begin(
        p: &mut UsiPlayer,
        variant: &'static str,
        rules: &Rules,
        tc: &TimeControl,
    ) -> Result<(), Fault> {
        let start = Position::start(rules);
        p.new_game(&GameStart {
            variant,
            rules,
            start: &start,
            start_is_initial: true,
            side: Color::White,
            time_control: tc,
        })
    }

    fn chu() -> Rules {
        Rules::default_for(by_id("chu").expect("chu"))
    }

    #[test]
    fn a_fake_engine_is_told_the_game_and_its_move_and_score_are_read() {
        let log = log_file("move");
        let go = "echo 'info depth 3 seldepth 5 score cp 42 nodes 100 pv 6c6e'; echo 'bestmove 6c6e ponder 7h7g'";
        let mut spec = fake(true, go, ":", &log);
        spec.options = vec![("Threads".into(), "1".into())];
        let mut p = UsiPlayer::start(&spec).expect("handshake");
        assert!(p.declared_options().iter().any(|o| o == "USI_Variant"));
        let rules = chu();
        let tc = TimeControl::PerMove(Duration::from_millis(1500));
        begin(&mut p, "chu", &rules, &tc).expect("new game");
        let mut game = Game::new(Position::start(&rules), &rules, true);
        game.play_text(&rules, "7j7h").expect("legal");
        let reply = p.think(&turn_in(&game, &rules, 2000)).expect("a move");
        assert_eq!(reply.action, Action::Move("6c6e".into()));
        assert_eq!((reply.depth, reply.score), (Some(3), Some(42)));
        p.game_over(Some(GameResult::Win(Color::White)), "test");
        let pid = p.pid().expect("a process");
        p.shutdown();
        assert!(reaped(pid));
        let sent = std::fs::read_to_string(&log).expect("the log");
        let _ = std::fs::remove_file(&log);
        let start = format_position_of(rules.variant, &Position::start(&rules));
        let expected = [
            "usi".to_string(),
            "setoption name USI_Hash value 16".into(),
            "setoption name Threads value 1".into(),
            "isready".into(),
            "setoption name USI_Variant value chu".into(),
            "isready".into(),
            "usinewgame".into(),
            format!("position sfen {start} moves 7j7h"),
            "go btime 0 wtime 0 byoyomi 1500".into(),
            "gameover win".into(),
            "quit".into(),
        ];
        assert_eq!(sent.lines().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn a_resignation_comes_with_a_mate_score() {
        let log = log_file("resign");
        let go = "echo 'info depth 9 score mate -3 pv 6c6e'; echo 'bestmove resign'";
        let mut p = UsiPlayer::start(&fake(true, go, ":", &log)).expect("handshake");
        let rules = chu();
        let tc = TimeControl::Increment {
            base: Duration::from_secs(60),
            increment: Duration::from_secs(1),
        };
        begin(&mut p, "chu", &rules, &tc).expect("new game");
        let game = Game::new(Position::start(&rules), &rules, true);
        let reply = p.think(&turn_in(&game, &rules, 2000)).expect("a reply");
        assert_eq!(reply.action, Action::Resign);
        assert_eq!(reply.score, Some(-(MATE_SCORE - 3)));
        p.shutdown();
        let sent = std::fs::read_to_string(&log).expect("the log");
        let _ = std::fs::remove_file(&log);
        assert!(
            sent.contains("\ngo btime 2000 wtime 2000 binc 1000 winc 1000\n"),
            "{sent}"
        );
    }

    #[test]
    fn an_entering_king_claim_is_unparsable() {
        let log = log_file("win");
        let mut p =
            UsiPlayer::start(&fake(true, "echo 'bestmove win'", ":", &log)).expect("handshake");
        let rules = chu();
        begin(
            &mut p,
            "chu",
            &rules,
            &TimeControl::PerMove(Duration::from_secs(1)),
        )
        .expect("new game");
        let game = Game::new(Position::start(&rules), &rules, true);
        let fault = p.think(&turn_in(&game, &rules, 2000)).expect_err("no move");
        assert!(
            matches!(fault, Fault::Unparsable { ref wire, .. } if wire == "win"),
            "{fault:?}"
        );
        p.shutdown();
        let _ = std::fs::remove_file(&log);
    }

    #[test]
    fn an_engine_without_usi_variant_plays_chu_only() {
        let log = log_file("novariant");
        let mut p = UsiPlayer::start(&fake(false, ":", ":", &log)).expect("handshake");
        let dai = Rules::default_for(by_id("dai").expect("dai"));
        let tc = TimeControl::PerMove(Duration::from_secs(1));
        let Err(Fault::Protocol(why)) = begin(&mut p, "dai", &dai, &tc) else {
            panic!("dai accepted");
        };
        assert!(why.contains("USI_Variant"), "{why}");
        assert_eq!(begin(&mut p, "chu", &chu(), &tc), Ok(()));
        p.shutdown();
        let _ = std::fs::remove_file(&log);
    }

    #[test]
    fn an_engine_that_never_answers_usi_is_a_protocol_fault() {
        let mut spec = shell("sleep 30", Protocol::Usi);
        spec.handshake_timeout = Duration::from_millis(300);
        let Err(Fault::Protocol(why)) = UsiPlayer::start(&spec) else {
            panic!("not a protocol fault");
        };
        assert!(why.contains("usiok"), "{why}");
    }

    #[test]
    fn a_slow_engine_times_out_and_stops_when_probed_a_hung_one_does_not() {
        let log = log_file("slow");
        let slow = fake(true, ":", "echo 'bestmove 6c6e'", &log);
        let hung = fake(true, "sleep 30", "echo 'bestmove 6c6e'", &log);
        let rules = chu();
        let tc = TimeControl::PerMove(Duration::from_millis(100));
        let game = Game::new(Position::start(&rules), &rules, true);
        for (spec, answers) in [(slow, true), (hung, false)] {
            let mut p = UsiPlayer::start(&spec).expect("handshake");
            begin(&mut p, "chu", &rules, &tc).expect("new game");
            assert_eq!(p.think(&turn_in(&game, &rules, 100)), Err(Fault::TimedOut));
            assert_eq!(p.probe(Duration::from_millis(300)), answers);
            let pid = p.pid().expect("a process");
            p.shutdown();
            assert!(reaped(pid));
        }
        let _ = std::fs::remove_file(&log);
    }
}
