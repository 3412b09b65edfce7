//! [`XboardPlayer`]: a [`Player`] over an engine speaking XBoard/CECP version 2 the way
//! HaChu does. The handshake is `xboard`, `protover 2` and the `feature` lines up to
//! `feature done=1` (each answered `accepted`, or `rejected` for `san=1`: we write coordinate
//! moves only), then `memory N` when the engine asked for it (HaChu crashes on its first
//! search without it) and `option NAME=VALUE` for each engine option. A game is `new`,
//! `variant NAME` (HaChu's `new` falls back to chu), `force`, `post` and the time control;
//! the engine is kept in force mode, told the moves it has not seen with `usermove` (each
//! checked with `ping`/`pong`: an `Illegal move` before the `pong` is a refusal), and asked
//! for a move with `time`/`otim` (centiseconds) and `go`, then `force` again. A lion's two
//! legs may come on two `move` lines, the first ending in a comma: they are joined.
//!
//! Time controls: XBoard has no byoyomi (a fixed time for every move once the main time is
//! spent) and HaChu does not honour `st` (measured: `st 1` gave
//! moves of up to 0.98 s, too close to the limit), so a fixed time T per move is sent as
//! `level 1 T 0` (one move per period) with `time` = 7/10 of T before each move: with `time` =
//! T HaChu overshot (up to 134 ms at T = 0.1 s in chu, 1007 ms at T = 1 s in dai); with 7/10
//! its longest move in 32 was 88 ms at 0.1 s and 703 ms at 1 s. A byoyomi control is sent as
//! sudden death with `time` = main time left plus the byoyomi period (HaChu then moves well
//! within the period).
//!
//! Only the variant's initial setup can be set for sure: HaChu's `setboard` reads the board
//! field alone, with the first player to move. A later start position is sent that way in
//! chu (whose board letters are HaChu's) when sente (Black, the first player: XBoard's
//! "white") is to move, no counter-strike state is pending (the lion-trading rule's ban on
//! taking back a lion, which a board cannot carry) and the engine declared `setboard=1`; any
//! other start is a [`Fault::Protocol`] (openings as move lists always work: they are
//! replayed).

use super::common::{handshake_fault, read_until, wire_moves, Engine, QUIT_GRACE};
use crate::engine::core::color::Color;
use crate::engine::core::ending::GameResult;
use crate::engine::notation::format_position_of;
use crate::matches::clock::TimeControl;
use crate::matches::player::{Action, EngineSpec, Fault, GameStart, Player, Reply, Turn};
use crate::matches::protocol::xboard as wire;
use std::time::{Duration, Instant};

/// What the engine declared in its `feature` lines (CECP's defaults where it said nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub ping: bool,
    pub usermove: bool,
    pub memory: bool,
    pub setboard: bool,
    /// The `variants` list, when given.
    pub variants: Option<Vec<String>>,
    pub myname: Option<String>,
}

/// An XBoard/CECP engine.
pub struct XboardPlayer {
    engine: Engine,
    features: Features,
    /// The moves of the current game the engine has been told or has played.
    known: usize,
    time_control: Option<TimeControl>,
    pings: u32,
}

impl XboardPlayer {
    /// Starts the engine and runs the handshake.
    ///
    /// # Errors
    /// The engine could not start, crashed, flooded, or did not send `feature done=1` in
    /// time ([`Fault::Protocol`]).
    pub fn start(spec: &EngineSpec) -> Result<XboardPlayer, Fault> {
        let mut player = XboardPlayer {
            engine: Engine::spawn(spec)?,
            features: Features::default(),
            known: 0,
            time_control: None,
            pings: 0,
        };
        player.handshake(spec)?;
        Ok(player)
    }

    /// What the engine declared.
    pub fn features(&self) -> &Features {
        &self.features
    }

    fn handshake(&mut self, spec: &EngineSpec) -> Result<(), Fault> {
        self.engine.process.send("xboard")?;
        self.engine.process.send("protover 2")?;
        let timeout = spec.handshake_timeout;
        let mut deadline = Instant::now() + timeout;
        let mut extended = false;
        loop {
            let line = self
                .engine
                .process
                .recv(deadline)
                .map_err(|f| handshake_fault(f, "`feature done=1`", timeout))?;
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            for (key, value) in parse_features(rest) {
                let answer = if key == "san" && value == "1" {
                    "rejected"
                } else {
                    "accepted"
                };
                self.engine.process.send(&format!("{answer} {key}"))?;
                let on = value == "1";
                match key.as_str() {
                    "ping" => self.features.ping = on,
                    "usermove" => self.features.usermove = on,
                    "memory" => self.features.memory = on,
                    "setboard" => self.features.setboard = on,
                    "myname" => self.features.myname = Some(value.clone()),
                    "variants" => {
                        self.features.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect());
                    }
                    "done" if on => return self.configure(spec),
                    "done" if !extended => {
                        extended = true;
                        deadline = Instant::now() + timeout;
                    }
                    _ => {}
                }
            }
        }
    }

    /// After the features: memory, options, and a `ping` to see the engine took them.
    fn configure(&mut self, spec: &EngineSpec) -> Result<(), Fault> {
        if self.features.memory {
            self.engine
                .process
                .send(&format!("memory {}", spec.memory_mib.max(1)))?;
        }
        for (name, value) in &spec.options {
            self.engine
                .process
                .send(&format!("option {name}={value}"))?;
        }
        self.sync(Instant::now() + self.engine.handshake_timeout, None)
            .map_err(|f| {
                handshake_fault(f, "`pong` after the options", self.engine.handshake_timeout)
            })
    }

    /// `ping N` and waits for `pong N` (when the engine has `ping`); an `Illegal move`
    /// before it is the refusal of `usermove`, when one was just sent.
    fn sync(&mut self, deadline: Instant, usermove: Option<&str>) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.engine.process.send(&format!("ping {}", self.pings))?;
        let mut refused = None;
        read_until(&mut self.engine.process, deadline, |line| {
            let line = line.trim();
            if line.starts_with("Illegal move") && refused.is_none() {
                refused = Some(line.to_string());
            }
            line == pong
        })?;
        match (refused, usermove) {
            (Some(message), Some(wire)) => Err(Fault::Refused {
                wire: wire.to_string(),
                message,
            }),
            _ => Ok(()),
        }
    }

    /// Tells the engine one move of the game.
    fn user_move(&mut self, text: &str, deadline: Instant) -> Result<(), Fault> {
        let line = if self.features.usermove {
            format!("usermove {text}")
        } else {
            text.to_string()
        };
        self.engine.process.send(&line)?;
        self.sync(deadline, Some(text))
    }

    /// The clock commands before `go`.
    fn clock_commands(&mut self, turn: &Turn<'_>) -> Result<(), Fault> {
        let (own, other) = match self.time_control {
            Some(TimeControl::PerMove(t)) => (t * PER_MOVE_SHARE / 10, t * PER_MOVE_SHARE / 10),
            Some(TimeControl::Byoyomi { byoyomi, .. }) => {
                (turn.own + byoyomi, turn.opponent + byoyomi)
            }
            _ => (turn.own, turn.opponent),
        };
        self.engine.process.send(&format!("time {}", centis(own)))?;
        self.engine.process.send(&format!("otim {}", centis(other)))
    }

    /// Reads up to the engine's move (or resignation). `told`: the last move told to an
    /// engine without `ping`, whose `Illegal move` can only come here.
    fn read_move(&mut self, turn: &Turn<'_>, told: Option<&str>) -> Result<Reply, Fault> {
        let mut joined = String::new();
        let (mut score, mut depth) = (None, None);
        loop {
            let line = self.engine.process.recv(turn.deadline)?;
            let line = line.trim();
            if let Some(text) = line.strip_prefix("move ") {
                joined.push_str(text.trim());
                if joined.ends_with(',') {
                    continue;
                }
                let action = Action::Move(translate(turn, &joined)?);
                return Ok(Reply {
                    action,
                    wire: joined,
                    score,
                    depth,
                });
            }
            if line == "resign" {
                return Ok(Reply {
                    action: Action::Resign,
                    wire: line.to_string(),
                    score,
                    depth,
                });
            }
            if let (Some(wire), true) = (told, line.starts_with("Illegal move")) {
                return Err(Fault::Refused {
                    wire: wire.to_string(),
                    message: line.to_string(),
                });
            }
            if let Some((d, s)) = thinking(line) {
                (depth, score) = (Some(d), Some(s));
            }
        }
    }
}

impl Player for XboardPlayer {
    fn name(&self) -> &str {
        &self.engine.name
    }

    fn new_game(&mut self, start: &GameStart<'_>) -> Result<(), Fault> {
        let Some(variant) = wire::variant_name(start.variant) else {
            return Err(Fault::Protocol(format!(
                "XBoard cannot carry the variant {}",
                start.variant
            )));
        };
        if let Some(list) = &self.features.variants {
            if !list.iter().any(|v| v == variant) {
                return Err(Fault::Protocol(format!(
                    "the engine does not list the variant {variant} in its features ({})",
                    list.join(",")
                )));
            }
        }
        let setup = if start.start_is_initial {
            None
        } else if self.features.setboard {
            Some(setboard_text(start)?)
        } else {
            return Err(Fault::Protocol(
                "the engine has no `setboard` for a start that is not the initial setup".into(),
            ));
        };
        self.known = 0;
        self.time_control = Some(*start.time_control);
        for line in ["new".to_string(), format!("variant {variant}")] {
            self.engine.process.send(&line)?;
        }
        if let Some(board) = setup {
            self.engine.process.send(&format!("setboard {board}"))?;
        }
        self.engine.process.send("force")?;
        self.engine.process.send("post")?;
        self.engine.process.send(&level(start.time_control))?;
        self.sync(Instant::now() + self.engine.handshake_timeout, None)
            .map_err(|f| {
                handshake_fault(
                    f,
                    "`pong` after the game's setup",
                    self.engine.handshake_timeout,
                )
            })
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let plies = turn.game.plies();
        if plies < self.known {
            return Err(Fault::Protocol(format!(
                "the game has {plies} moves but the engine was told {}",
                self.known
            )));
        }
        let mut told = None;
        for text in wire_moves(turn.game, turn.rules, self.known, wire::move_to_wire) {
            self.user_move(&text, turn.deadline)?;
            told = Some(text);
            self.known += 1;
        }
        self.clock_commands(turn)?;
        self.engine.process.send("go")?;
        let unchecked = told.filter(|_| !self.features.ping);
        let reply = self.read_move(turn, unchecked.as_deref())?;
        self.engine.process.send("force")?;
        self.known = plies + 1;
        Ok(reply)
    }

    fn probe(&mut self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        let ping = format!("ping {}", self.pings);
        if self.engine.process.send("?").is_err() || self.engine.process.send(&ping).is_err() {
            return false;
        }
        let answered = read_until(&mut self.engine.process, deadline, |line| {
            let line = line.trim();
            line == pong || line.starts_with("move ")
        })
        .is_ok();
        answered && self.engine.process.send("force").is_ok()
    }

    fn game_over(&mut self, result: Option<GameResult>, reason: &str) {
        let result = match result {
            Some(GameResult::Win(Color::Black)) => "1-0",
            Some(GameResult::Win(Color::White)) => "0-1",
            Some(GameResult::Draw | GameResult::NoContest) => "1/2-1/2",
            None => "*",
        };
        let reason: String = reason
            .chars()
            .map(|c| if "{}\r\n".contains(c) { ' ' } else { c })
            .collect();
        let _ = self
            .engine
            .process
            .send(&format!("result {result} {{{reason}}}"));
        let _ = self.engine.process.send("force");
    }

    fn shutdown(&mut self) {
        let _ = self.engine.process.send("quit");
        self.engine.process.shutdown(QUIT_GRACE);
    }

    fn pid(&self) -> Option<u32> {
        Some(self.engine.process.pid())
    }
}

/// The `setboard` text of a start that is not the initial setup (see the module's doc).
fn setboard_text(start: &GameStart<'_>) -> Result<String, Fault> {
    let text = format_position_of(start.rules.variant, start.start);
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields.as_slice() {
        [board, "b", "-", ..] if start.variant == "chu" => Ok((*board).to_string()),
        _ => Err(Fault::Protocol(format!(
            "an XBoard engine can start only from the initial setup, or in chu from a board \
             with sente to move and no counter-strike pending; not from {text}"
        ))),
    }
}

/// The tenths of a fixed time per move told to the engine as its clock (see the module's doc).
const PER_MOVE_SHARE: u32 = 7;

/// The `level` command of a time control.
fn level(tc: &TimeControl) -> String {
    match *tc {
        TimeControl::PerMove(t) => format!("level 1 {} 0", minutes_seconds(t)),
        TimeControl::Increment { base, increment } => {
            format!("level 0 {} {}", minutes_seconds(base), seconds(increment))
        }
        TimeControl::Byoyomi { base, .. } => format!("level 0 {} 0", minutes_seconds(base)),
    }
}

/// `M` or `M:SS`, whole seconds rounded up (at least one).
fn minutes_seconds(d: Duration) -> String {
    let secs = d.as_millis().div_ceil(1000).max(1);
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Seconds, with a fraction only when there is one.
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        d.as_secs().to_string()
    } else {
        format!("{:.3}", d.as_secs_f64())
    }
}

/// Centiseconds (at least one: HaChu reads a zero clock as "move at once").
fn centis(d: Duration) -> u128 {
    (d.as_millis() / 10).max(1)
}

/// A thinking line's depth and score: `depth score time nodes pv...`.
fn thinking(line: &str) -> Option<(u32, i32)> {
    let mut fields = line.split_whitespace();
    let depth = fields.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score = fields.next()?.parse().ok()?;
    fields.next()?.parse::<u64>().ok()?;
    fields.next()?.parse::<u64>().ok()?;
    Some((depth, score))
}

/// The engine's move text as machine text; the checks first keep the translation's slicing
/// on ASCII text with no empty leg.
fn translate(turn: &Turn<'_>, text: &str) -> Result<String, Fault> {
    let unparsable = |why: String| Fault::Unparsable {
        wire: text.to_string(),
        why,
    };
    let body = text.strip_suffix('+').unwrap_or(text);
    if text != "@@@@"
        && (body.is_empty()
            || !text.bytes().all(|b| b.is_ascii_graphic())
            || body.split(',').any(str::is_empty))
    {
        return Err(unparsable(format!("not an XBoard move: {text:?}")));
    }
    wire::move_from_wire(&turn.game.position, turn.rules, text).map_err(|e| unparsable(e.why))
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            },
            None => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::common::turn_in;
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::notation::parse_valid_position;
    use crate::engine::position::Position;
    use crate::engine::variant::{by_id, Rules};
    use crate::matches::player::Protocol;
    use crate::matches::process::testing::{peak_kb, reaped, shell};

    /// A fake XBoard engine: the handshake, `ping`, and `go` and `usermove` as given.
    fn fake(go: &str, usermove: &str) -> EngineSpec {
        let script = format!(
            "while read -r line; do case \"$line\" in \
             protover*) echo 'feature ping=1 usermove=1 memory=1 setboard=1 variants=\"chu,dai\"'; \
                        echo '# a comment'; echo 'feature done=1';; \
             ping*) echo \"pong ${{line#ping }}\";; \
             usermove*) {usermove};; \
             go) {go};; \
             quit) exit 0;; \
             esac; done"
        );
        shell(&script, Protocol::Xboard)
    }

    fn chu() -> Rules {
        Rules::default_for(by_id("chu").expect("chu"))
    }

    fn begin(player: &mut XboardPlayer, rules: &Rules, start: &Position, tc: &TimeControl) {
        let initial = *start == Position::start(rules);
        let game_start = GameStart {
            variant: "chu",
            rules,
            start,
            start_is_initial: initial,
            side: start.side(),
            time_control: tc,
        };
        player.new_game(&game_start).expect("new game");
    }

    /// A fake engine started, in a chu game from the initial setup at `ms` a move.
    fn started(go: &str, usermove: &str, ms: u64) -> (XboardPlayer, Rules) {
        let mut p = XboardPlayer::start(&fake(go, usermove)).expect("handshake");
        let rules = chu();
        let tc = TimeControl::PerMove(Duration::from_millis(ms));
        begin(&mut p, &rules, &Position::start(&rules), &tc);
        (p, rules)
    }

    fn initial(rules: &Rules) -> Game {
        Game::new(Position::start(rules), rules, true)
    }

    #[test]
    fn a_fake_engine_handshakes_and_moves_with_a_lion_move_on_two_lines() {
        let (mut p, rules) = started("echo 'move f5f6,'; echo '# x'; echo 'move f6e7'", ":", 1000);
        assert!(p.features().memory && p.features().ping && p.features().usermove);
        let game = initial(&rules);
        let reply = p.think(&turn_in(&game, &rules, 2000)).expect("a move");
        assert_eq!(reply.wire, "f5f6,f6e7");
        assert_eq!(reply.action, Action::Move("7h7g8f".into()));
        let pid = p.pid().expect("a process");
        p.shutdown();
        assert!(reaped(pid));
    }

    #[test]
    fn the_score_of_the_last_thinking_line_comes_with_the_move() {
        let go = "echo '3 -25 10 1000 f3f5'; echo '4 17 20 3000 f3f5 g10g8'; echo 'move f3f5'";
        let (mut p, rules) = started(go, ":", 1000);
        let game = initial(&rules);
        let reply = p.think(&turn_in(&game, &rules, 2000)).expect("a move");
        assert_eq!(reply.action, Action::Move("7j7h".into()));
        assert_eq!((reply.depth, reply.score), (Some(4), Some(17)));
        p.shutdown();
    }

    #[test]
    fn an_engine_that_never_answers_the_handshake_is_a_protocol_fault() {
        let file = std::env::temp_dir().join(format!("xb-silent-{}", std::process::id()));
        let mut spec = shell(
            &format!("echo $$ > {}; sleep 30", file.display()),
            Protocol::Xboard,
        );
        spec.handshake_timeout = Duration::from_millis(300);
        let t = Instant::now();
        let Err(Fault::Protocol(why)) = XboardPlayer::start(&spec) else {
            panic!("not a protocol fault");
        };
        assert!(t.elapsed() < Duration::from_secs(2));
        assert!(why.contains("feature done=1"), "{why}");
        let pid: u32 = std::fs::read_to_string(&file)
            .expect("pid")
            .trim()
            .parse()
            .expect("pid");
        let _ = std::fs::remove_file(&file);
        assert!(reaped(pid), "the silent engine {pid} was not reaped");
    }

    #[test]
    fn a_refused_usermove_is_reported_with_its_text() {
        let (mut p, rules) = started("echo 'move g10g8'", "echo 'Illegal move'", 1000);
        let mut game = initial(&rules);
        game.play_text(&rules, "7j7h").expect("legal");
        let fault = p.think(&turn_in(&game, &rules, 2000)).expect_err("refused");
        assert_eq!(
            fault,
            Fault::Refused {
                wire: "f3f5".into(),
                message: "Illegal move".into()
            }
        );
        p.shutdown();
    }

    #[test]
    fn without_ping_a_refusal_is_read_before_the_move() {
        let script = "while read -r line; do case \"$line\" in \
             protover*) echo 'feature usermove=1 done=1';; \
             usermove*) echo 'Illegal move';; \
             go) echo 'move g10g8';; \
             esac; done";
        let mut p = XboardPlayer::start(&shell(script, Protocol::Xboard)).expect("handshake");
        assert!(!p.features().ping);
        let rules = chu();
        let tc = TimeControl::PerMove(Duration::from_secs(1));
        begin(&mut p, &rules, &Position::start(&rules), &tc);
        let mut game = initial(&rules);
        game.play_text(&rules, "7j7h").expect("legal");
        let fault = p.think(&turn_in(&game, &rules, 2000)).expect_err("refused");
        assert!(
            matches!(fault, Fault::Refused { ref wire, .. } if wire == "f3f5"),
            "{fault:?}"
        );
        p.shutdown();
    }

    #[test]
    fn games_xboard_or_the_engine_cannot_carry_are_protocol_faults() {
        let mut p = XboardPlayer::start(&fake(":", ":")).expect("handshake");
        let tc = TimeControl::PerMove(Duration::from_secs(1));
        for (variant, expected) in [("tai", "does not list"), ("tenjiku", "does not list")] {
            let rules = Rules::default_for(by_id(variant).expect("variant"));
            let start = Position::start(&rules);
            let game_start = GameStart {
                variant,
                rules: &rules,
                start: &start,
                start_is_initial: true,
                side: Color::Black,
                time_control: &tc,
            };
            let fault = p.new_game(&game_start).expect_err("refused");
            assert!(
                matches!(&fault, Fault::Protocol(why) if why.contains(expected)),
                "{fault:?}"
            );
        }
        let rules = chu();
        let white_to_move =
            parse_valid_position(&rules, "5k6/12/12/12/12/12/12/5N6/12/12/12/5K6 w - 1")
                .expect("a position");
        let game_start = GameStart {
            variant: "chu",
            rules: &rules,
            start: &white_to_move,
            start_is_initial: false,
            side: Color::White,
            time_control: &tc,
        };
        let fault = p.new_game(&game_start).expect_err("refused");
        assert!(
            matches!(&fault, Fault::Protocol(why) if why.contains("sente to move")),
            "{fault:?}"
        );
        p.shutdown();
    }

    #[test]
    fn a_crash_on_go_is_reported_with_its_status() {
        let (mut p, rules) = started("exit 3", ":", 1000);
        let game = initial(&rules);
        let Err(Fault::Crashed { status, .. }) = p.think(&turn_in(&game, &rules, 2000)) else {
            panic!("not a crash");
        };
        assert!(status.contains('3'), "{status}");
        let pid = p.pid().expect("a process");
        p.shutdown();
        assert!(reaped(pid));
    }

    #[test]
    fn a_slow_engine_times_out_and_answers_the_probe() {
        let go = "(sleep 0.4; echo 'move f3f5') &";
        let (mut p, rules) = started(go, ":", 100);
        let game = initial(&rules);
        assert_eq!(p.think(&turn_in(&game, &rules, 100)), Err(Fault::TimedOut));
        assert!(p.probe(Duration::from_millis(1000)));
        p.shutdown();
    }

    #[test]
    fn a_hung_engine_times_out_and_fails_the_probe_and_is_killed() {
        let (mut p, rules) = started("sleep 30", ":", 100);
        let game = initial(&rules);
        assert_eq!(p.think(&turn_in(&game, &rules, 100)), Err(Fault::TimedOut));
        let t = Instant::now();
        assert!(!p.probe(Duration::from_millis(300)));
        assert!(t.elapsed() >= Duration::from_millis(300));
        let pid = p.pid().expect("a process");
        p.shutdown();
        assert!(t.elapsed() < Duration::from_secs(2));
        assert!(reaped(pid));
    }

    #[test]
    fn a_flood_of_100_mb_is_a_flood_fault_in_bounded_memory() {
        let (mut p, rules) = started("yes | head -c 100000000", ":", 10_000);
        let game = initial(&rules);
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let before = peak_kb();
        let t = Instant::now();
        let Err(Fault::Flood { what }) = p.think(&turn_in(&game, &rules, 10_000)) else {
            panic!("not a flood");
        };
        let grown = peak_kb().saturating_sub(before);
        println!(
            "flood: {what}; after {:?}, peak memory grew by {grown} kB",
            t.elapsed()
        );
        assert!(grown < 40 * 1024, "peak memory grew by {grown} kB");
        p.shutdown();
    }

    #[test]
    fn hachu_plays_legal_moves_and_a_lion_double_move() {
        let program = std::path::Path::new("/usr/games/hachu");
        if !program.exists() {
            println!("skipped: /usr/games/hachu is not installed");
            return;
        }
        let spec = EngineSpec {
            name: "HaChu".into(),
            program: program.into(),
            args: Vec::new(),
            protocol: Protocol::Xboard,
            options: vec![("Resign".into(), "0".into())],
            memory_mib: 32,
            handshake_timeout: Duration::from_secs(10),
        };
        let t = Instant::now();
        let mut p = XboardPlayer::start(&spec).expect("HaChu's handshake");
        println!("HaChu handshake: {:?}", t.elapsed());
        assert!(p
            .features()
            .myname
            .as_deref()
            .is_some_and(|n| n.contains("HaChu")));
        let rules = chu();
        let tc = TimeControl::PerMove(Duration::from_millis(300));
        let start = Position::start(&rules);
        begin(&mut p, &rules, &start, &tc);
        let mut game = Game::new(start, &rules, true);
        for ply in 0..4 {
            if ply % 2 == 1 {
                let mv = game.legal_moves(&rules)[0];
                let text = crate::engine::notation::format_move(rules.variant.shape(), &mv);
                game.play_text(&rules, &text).expect("legal");
                continue;
            }
            let t = Instant::now();
            let reply = p.think(&turn_in(&game, &rules, 1000)).expect("HaChu moves");
            println!("HaChu at 0.3 s a move: {} in {:?}", reply.wire, t.elapsed());
            let Action::Move(text) = reply.action else {
                panic!("HaChu resigned");
            };
            game.play_text(&rules, &text)
                .expect("HaChu's move is legal");
        }
        let lion = parse_valid_position(&rules, "5k6/12/12/12/12/12/4pp6/5N6/12/12/12/5K6 b - 1")
            .expect("the lion position");
        begin(&mut p, &rules, &lion, &tc);
        let mut game = Game::new(lion, &rules, true);
        let reply = p.think(&turn_in(&game, &rules, 1000)).expect("HaChu moves");
        assert_eq!(reply.wire, "f5f6,f6e7");
        let Action::Move(text) = reply.action else {
            panic!("HaChu resigned");
        };
        assert_eq!(text, "7h7g8f");
        game.play_text(&rules, &text)
            .expect("the lion's double capture is legal");
        p.game_over(Some(GameResult::Win(Color::Black)), "test over");
        let pid = p.pid().expect("a process");
        p.shutdown();
        assert!(reaped(pid), "HaChu {pid} was not reaped");
    }
}
