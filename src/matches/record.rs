//! Game records and the match summary: what the referee keeps of every game
//! ([`GameRecord`]), written as JSON (with the body of a `POST /v1/replay` request that
//! replays it: [`GameRecord::to_json`], [`GameRecord::replay_request`]) and as KIF
//! ([`GameRecord::to_kif`]), and what a match came to ([`MatchSummary`]).
//!
//! KIF (棋譜 kifu, "game record") is written as the service writes it
//! (`engine::record::kif`, `docs/kif.md`): the game rebuilt from its start and moves, and
//! its ending. An ending by the rules is the engine's, and so is the ruling on an illegal
//! move (`反則負け`, loss by foul). The referee's other endings are written with KIF's
//! termination words (`投了`, `切れ負け` and `中断` are lishogi's, the others other KIF
//! writers'): `投了` (resignation) for a resignation, adjudicated or not; `切れ負け` (loss
//! on time) for a time forfeit and for a hang (the engine let its time run out without
//! answering); `反則負け` for every other failure of an engine (an unparsable move, a crash,
//! a protocol breach, a legal move refused: KIF has no word for a program's failure, and a
//! foul is the nearest: the loser broke the match's rules of play); `引き分け` (draw) for a
//! draw by the move limit or adjudication; `中断` (suspended) for a game without result.
//! Each is followed by kifu's summary line (`まで{n}手で先手の勝ち`, …, `まで{n}手で中断`).
//! Readers end the moves at any of these words and replay only the moves, so
//! `POST /v1/replay` of such a record reports the game as ongoing: the referee's ending is
//! not a rule of the game, and the illegal move it refused is not in the record (its
//! reproduction is, in the JSON record).

use super::stats::{elo_interval, EloInterval, Sprt, SprtState, Tally};
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::game::Game;
use crate::engine::notation::parse_valid_position;
use crate::engine::position::Position;
use crate::engine::record::kif::write_kif;
use crate::engine::variant::Rules;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

/// The rules a game was played under, as given (echoed in every record).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RulesEcho {
    /// The profile's name (the variant's first profile when none was given).
    pub profile: String,
    /// Options over the profile, as given (written as a JSON object, as requests give
    /// them).
    #[serde(serialize_with = "as_object")]
    pub options: Vec<(String, String)>,
}

/// One move of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// 1 for the first move of the game (opening moves included).
    pub ply: usize,
    /// `black` or `white`.
    pub side: &'static str,
    /// From the openings file, not chosen by an engine.
    pub opening: bool,
    /// The protocol text the engine wrote (empty for an opening move).
    pub wire: String,
    /// The move in canonical machine text, as played.
    pub text: String,
    /// The move in Hodges notation.
    pub hodges: String,
    /// Milliseconds the engine took (0 for an opening move).
    pub time_ms: u64,
    /// Milliseconds left on the mover's clock after the move.
    pub clock_ms: u64,
    /// The engine's score in centipawns from its own side, when it gave one.
    pub score: Option<i32>,
    pub depth: Option<u32>,
}

/// How the game ended against an engine that failed: where, what it sent and the
/// arbiter's verdict, enough to reproduce the ruling with `POST /v1/moves` or
/// `POST /v1/replay`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reproduction {
    /// The position text before the offending move.
    pub position: String,
    /// What the engine wrote (empty when it wrote nothing).
    pub wire: String,
    /// Its translation into machine text, when it had one.
    pub text: Option<String>,
    /// The verdict's stable code (`illegal_move`, an `IllegalReason` code, `unparsable`,
    /// `time_forfeit`, `crash`, `hang`, ...).
    pub verdict: String,
    /// The verdict in words.
    pub message: String,
}

/// A game as the referee kept it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// 1 for the match's first game.
    pub round: usize,
    pub black: String,
    pub white: String,
    /// The variant's id.
    pub variant: &'static str,
    pub rules: RulesEcho,
    /// The start position text (before the opening moves).
    pub start: String,
    /// Whether `start` is the variant's initial setup.
    pub start_is_initial: bool,
    /// The time control as given on the command line.
    pub time_control: String,
    pub margin_ms: u64,
    pub moves: Vec<MoveRecord>,
    /// `black`, `white`, `draw` or `none` (no result: the match was stopped).
    pub result: &'static str,
    /// The ending's stable code (an `EndReason` code, or the referee's: `illegal_move`,
    /// `unparsable_move`, `time_forfeit`, `crash`, `hang`, `resign`, `max_plies`,
    /// `adjudicated_draw`, `adjudicated_resign`, `refused_legal_move`, ...).
    pub reason: String,
    /// The ending in words.
    pub detail: String,
    /// When an engine failed: the reproduction.
    pub fault: Option<Reproduction>,
    /// The referee's own time on this game's moves (ruling, clocks, the record; not the
    /// engines' thinking).
    pub referee_cost: RefereeCost,
}

/// (name, value) pairs written as a JSON object, in their order.
fn as_object<S: Serializer>(pairs: &[(String, String)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

impl RulesEcho {
    /// The rules as a request's `rules` object reads them (`api::dto::rules::RulesInput`):
    /// `{"profile": …, "options": {name: value, …}}`, the profile left out when empty.
    pub fn to_request(&self) -> Value {
        let options: serde_json::Map<String, Value> = self
            .options
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        let mut rules = json!({ "options": options });
        if !self.profile.is_empty() {
            rules["profile"] = Value::String(self.profile.clone());
        }
        rules
    }
}

/// Every ending the rules give, to read a record's `reason` back.
const RULE_ENDINGS: [EndReason; 9] = [
    EndReason::RoyalsCaptured,
    EndReason::CommandersLost,
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::Repetition,
    EndReason::PerpetualCheck,
    EndReason::IllegalMove,
    EndReason::BareKing,
    EndReason::LoneKings,
];

/// `black` or `white`.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The record's result for a result of the rules: the winner's side, `draw`, or `none`
/// for no contest.
pub fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(side) => side_name(side),
        GameResult::Draw => "draw",
        GameResult::NoContest => "none",
    }
}

/// The engine's result for a record's result (`None`: no result).
pub fn game_result(result: &str) -> Option<GameResult> {
    match result {
        "black" => Some(GameResult::Win(Color::Black)),
        "white" => Some(GameResult::Win(Color::White)),
        "draw" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The KIF termination word of a referee's ending (module doc).
fn termination_word(reason: &str, result: Option<GameResult>) -> &'static str {
    match (result, reason) {
        (None, _) => "中断",
        (Some(GameResult::Draw | GameResult::NoContest), _) => "引き分け",
        (_, "resign" | "adjudicated_resign") => "投了",
        (_, "time_forfeit" | "hang") => "切れ負け",
        _ => "反則負け",
    }
}

/// A name as a KIF tag carries it: one line, control characters dropped, at most 64
/// characters.
fn tag_text(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(64).collect()
}

impl GameRecord {
    /// The body of a `POST /v1/replay` request that replays the game: `variant`, `rules`
    /// (`{profile, options}`), `start` unless it is the initial setup, and `moves` (the
    /// machine texts, opening moves included).
    pub fn replay_request(&self) -> Value {
        let moves: Vec<&str> = self.moves.iter().map(|m| m.text.as_str()).collect();
        let mut body = json!({
            "variant": self.variant,
            "rules": self.rules.to_request(),
            "moves": moves,
        });
        if !self.start_is_initial {
            body["start"] = Value::String(self.start.clone());
        }
        body
    }

    /// The record as pretty JSON: every field, each move with its verdict (`legal`: the
    /// referee keeps only moves the arbiter judged legal; an offending move is in `fault`)
    /// and clock, and `replay`, the body of the `POST /v1/replay` request that replays it.
    pub fn to_json(&self) -> String {
        let mut value = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Some(moves) = value.get_mut("moves").and_then(Value::as_array_mut) {
            for mv in moves.iter_mut().filter_map(Value::as_object_mut) {
                mv.insert("verdict".into(), Value::String("legal".into()));
            }
        }
        value["replay"] = self.replay_request();
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    /// The game rebuilt under `rules`: its start and every move.
    ///
    /// # Errors
    /// The start is not a valid position, or a move is not legal in turn.
    pub fn game(&self, rules: &Rules) -> Result<Game, String> {
        let start = if self.start_is_initial {
            Position::start(rules)
        } else {
            parse_valid_position(rules, &self.start).map_err(|problems| {
                let first = problems.first().map_or("", |p| p.message.as_str());
                format!("the start is not a valid position: {first}")
            })?
        };
        let mut game = Game::new(start, rules, true);
        for mv in &self.moves {
            game.play_text(rules, &mv.text).map_err(|reason| {
                format!("move {} `{}` is not legal: {reason}", mv.ply, mv.text)
            })?;
        }
        Ok(game)
    }

    /// The record as KIF, as the service writes it, with its ending (module doc), the
    /// players' names in the `先手` (Black, "first mover") and `後手` (White) tags.
    ///
    /// # Errors
    /// As [`GameRecord::game`]: the record does not replay under `rules`.
    pub fn to_kif(&self, rules: &Rules) -> Result<String, String> {
        let game = self.game(rules)?;
        let result = game_result(self.result);
        let by_rules = game.status().ending.or_else(|| {
            // The referee's ruling on a move it refused, in the engine's words: an illegal
            // move, or one a repetition rule forbade.
            let reason = RULE_ENDINGS.into_iter().find(|r| r.code() == self.reason)?;
            Some(Ending {
                result: result?,
                reason,
            })
        });
        let mut text = write_kif(rules, &game, by_rules);
        if by_rules.is_none() {
            let plies = game.plies();
            let word = termination_word(&self.reason, result);
            let summary = match result {
                Some(GameResult::Win(Color::Black)) => "先手の勝ち",
                Some(GameResult::Win(Color::White)) => "後手の勝ち",
                Some(_) => "引き分け",
                None => "中断",
            };
            text.push_str(&format!(
                "{:>4}   {word}\nまで{plies}手で{summary}\n",
                plies + 1
            ));
        }
        let players = format!(
            "先手：{}\n後手：{}\n",
            tag_text(&self.black),
            tag_text(&self.white)
        );
        Ok(text.replacen("先手：\n後手：\n", &players, 1))
    }
}

/// One game in the match summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    pub round: usize,
    pub black: String,
    pub white: String,
    /// Whether the match's first engine played Black.
    pub first_is_black: bool,
    pub result: &'static str,
    pub reason: String,
    /// Moves played, opening moves included.
    pub plies: usize,
}

impl GameSummary {
    /// The summary of a game, given which side the match's first engine played (names
    /// cannot tell: an engine may play itself).
    pub fn of(record: &GameRecord, first_is_black: bool) -> GameSummary {
        GameSummary {
            round: record.round,
            black: record.black.clone(),
            white: record.white.clone(),
            first_is_black,
            result: record.result,
            reason: record.reason.clone(),
            plies: record.moves.len(),
        }
    }
}

/// What the referee's own work cost (ruling, clocks, records), measured by the referee.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RefereeCost {
    /// Moves ruled on.
    pub moves: u64,
    /// Microseconds in all.
    pub total_us: u64,
    /// The most microseconds one move cost.
    pub max_us: u64,
}

impl RefereeCost {
    /// Counts one move that cost `spent`.
    pub fn add(&mut self, spent: std::time::Duration) {
        let us = u64::try_from(spent.as_micros()).unwrap_or(u64::MAX);
        self.moves += 1;
        self.total_us = self.total_us.saturating_add(us);
        self.max_us = self.max_us.max(us);
    }

    /// Adds another count's moves and time (a game's to the match's).
    pub fn merge(&mut self, other: &RefereeCost) {
        self.moves += other.moves;
        self.total_us = self.total_us.saturating_add(other.total_us);
        self.max_us = self.max_us.max(other.max_us);
    }

    /// Microseconds per move, on average.
    pub fn mean_us(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_us as f64 / self.moves as f64
        }
    }
}

/// What a match came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSummary {
    /// The two engines' names, the first one's view being the tally's.
    pub engines: [String; 2],
    pub variant: &'static str,
    pub rules: RulesEcho,
    pub time_control: String,
    /// Games with a result (a game stopped without one is listed but not counted).
    pub games_played: u64,
    /// Wins, losses and draws of the first engine.
    #[serde(flatten)]
    pub tally: Tally,
    /// The first engine's mean score (0 to 1).
    pub score: Option<f64>,
    pub elo: Option<EloInterval>,
    pub sprt: Option<SprtState>,
    pub games: Vec<GameSummary>,
    pub referee_cost: Option<RefereeCost>,
    /// Games the match was to play (0 when not said).
    pub games_planned: usize,
    /// Whether the SPRT stopped the match before its last game.
    pub stopped_early: bool,
}

impl MatchSummary {
    /// The summary of the games played (in any order; listed by round).
    pub fn new(
        engines: [String; 2],
        variant: &'static str,
        rules: RulesEcho,
        time_control: String,
        games: Vec<GameSummary>,
        sprt: Option<Sprt>,
        referee_cost: Option<RefereeCost>,
    ) -> MatchSummary {
        let tally = Tally::default();
        let mut summary = MatchSummary {
            engines,
            variant,
            rules,
            time_control,
            games_played: 0,
            tally,
            score: None,
            elo: None,
            sprt: sprt.map(|t| t.state(&tally)),
            games: Vec::with_capacity(games.len()),
            referee_cost,
            games_planned: 0,
            stopped_early: false,
        };
        for game in games {
            summary.add(game);
        }
        summary
    }

    /// Counts one more game (kept in round order) and brings the score, the Elo interval
    /// and the SPRT's state up to date.
    pub fn add(&mut self, game: GameSummary) {
        self.tally.add(game.result, game.first_is_black);
        self.games_played = self.tally.games();
        self.score = self.tally.score();
        self.elo = elo_interval(&self.tally);
        self.sprt = self.sprt.map(|s| s.test.state(&self.tally));
        let at = self.games.partition_point(|g| g.round < game.round);
        self.games.insert(at, game);
    }

    /// The summary as pretty JSON (non-finite figures, such as an interval's unbounded
    /// side, as `null`; `referee_cost` with its mean per move).
    pub fn to_json(&self) -> String {
        let mut value = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Some(cost) = &self.referee_cost {
            value["referee_cost"]["mean_us"] = json!(cost.mean_us());
        }
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    /// The result table, as cutechess and fastchess print it: the score line, the Elo
    /// difference with its 95% interval, and the SPRT's state when one runs.
    pub fn table(&self) -> String {
        let t = &self.tally;
        let score = self.score.unwrap_or(0.5);
        let mut out = format!(
            "Score of {} vs {}: {} - {} - {}  [{score:.3}] {}\n",
            self.engines[0], self.engines[1], t.wins, t.losses, t.draws, self.games_played
        );
        match &self.elo {
            Some(e) => out.push_str(&format!(
                "Elo difference: {e}, 95% interval [{:.2}, {:.2}]\n",
                e.low, e.high
            )),
            None if self.games_played == 0 => out.push_str("Elo difference: no games\n"),
            None => out.push_str(&format!(
                "Elo difference: unbounded (score {:.0}%)\n",
                100.0 * score
            )),
        }
        if let Some(s) = &self.sprt {
            out.push_str(&format!("{s}\n"));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::{format_move, format_position_of};
    use crate::engine::record::kif::read_kif;
    use crate::engine::variant::by_id;

    fn chu() -> Rules {
        Rules::default_for(by_id("chu").expect("chu is built in"))
    }

    /// A record of `plies` moves of chu, each the `k`-th legal move for a varying `k`,
    /// from `start` (the initial setup when `None`), ended as given.
    fn record(
        rules: &Rules,
        start: Option<&str>,
        plies: usize,
        result: &'static str,
        reason: &str,
    ) -> GameRecord {
        let pos = match start {
            Some(text) => parse_valid_position(rules, text).expect("a valid start"),
            None => Position::start(rules),
        };
        let mut game = Game::new(pos.clone(), rules, true);
        let mut moves = Vec::new();
        for ply in 1..=plies {
            let legal = game.legal_moves(rules);
            let mv = legal[(ply * 7) % legal.len()];
            let text = format_move(rules.variant.shape(), &mv);
            let side = if game.position.side() == Color::Black {
                "black"
            } else {
                "white"
            };
            game.play_text(rules, &text).expect("a legal move");
            moves.push(MoveRecord {
                ply,
                side,
                opening: ply == 1,
                wire: if ply == 1 {
                    String::new()
                } else {
                    format!("w{ply}")
                },
                text,
                hodges: String::new(),
                time_ms: ply as u64,
                clock_ms: 1000 - ply as u64,
                score: Some(-(ply as i32)),
                depth: None,
            });
        }
        GameRecord {
            round: 3,
            black: "Eng\nine A".into(),
            white: "B".into(),
            variant: "chu",
            rules: RulesEcho {
                profile: "lishogi".into(),
                options: vec![("bare_king".into(), "true".into())],
            },
            start: format_position_of(rules.variant, &pos),
            start_is_initial: start.is_none(),
            time_control: "st=0.1".into(),
            margin_ms: 100,
            moves,
            result,
            reason: reason.into(),
            detail: "said in words".into(),
            fault: None,
            referee_cost: RefereeCost::default(),
        }
    }

    #[test]
    fn the_replay_request_is_the_apis_body() {
        let rules = chu();
        let r = record(&rules, None, 4, "white", "resign");
        let body = r.replay_request();
        assert_eq!(body["variant"], "chu");
        assert_eq!(
            body["rules"],
            json!({"profile": "lishogi", "options": {"bare_king": "true"}})
        );
        let texts: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(body["moves"], json!(texts));
        assert!(body.get("start").is_none(), "{body}");
        // A start that is not the initial setup is sent.
        let other = "6k5/12/12/pppp8/12/12/12/12/8PPPP/12/12/6K5 b - 1";
        let r = record(&rules, Some(other), 2, "none", "stopped");
        let body = r.replay_request();
        assert_eq!(body["start"], r.start.as_str());
        // An empty profile is left to the service's default.
        let mut bare = r.clone();
        bare.rules = RulesEcho::default();
        assert_eq!(bare.replay_request()["rules"], json!({"options": {}}));
    }

    #[test]
    fn the_json_record_has_every_move_with_verdict_and_clock_and_its_replay() {
        let rules = chu();
        let mut r = record(&rules, None, 3, "black", "illegal_move");
        r.fault = Some(Reproduction {
            position: "a position".into(),
            wire: "x9y9".into(),
            text: Some("9x9y".into()),
            verdict: "unreachable".into(),
            message: "the piece cannot reach".into(),
        });
        let v: Value = serde_json::from_str(&r.to_json()).expect("JSON");
        assert!(r.to_json().contains("\n  \"round\": 3"), "pretty");
        assert_eq!(v["round"], 3);
        assert_eq!(v["black"], "Eng\nine A");
        assert_eq!(v["rules"]["options"], json!({"bare_king": "true"}));
        assert_eq!(v["result"], "black");
        assert_eq!(v["reason"], "illegal_move");
        assert_eq!(v["fault"]["verdict"], "unreachable");
        assert_eq!(v["fault"]["text"], "9x9y");
        let moves = v["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), 3);
        for (m, kept) in moves.iter().zip(&r.moves) {
            assert_eq!(m["verdict"], "legal");
            assert_eq!(m["text"], kept.text.as_str());
            assert_eq!(m["clock_ms"], kept.clock_ms);
            assert_eq!(m["time_ms"], kept.time_ms);
            assert_eq!(m["score"], json!(kept.score));
        }
        assert_eq!(moves[0]["opening"], true);
        assert_eq!(v["replay"], r.replay_request());
    }

    /// The KIF's last two lines.
    fn ending_lines(kif: &str) -> Vec<&str> {
        let lines: Vec<&str> = kif.lines().collect();
        lines[lines.len() - 2..].to_vec()
    }

    #[test]
    fn referee_endings_get_kif_termination_words() {
        let rules = chu();
        for (result, reason, word, summary) in [
            ("white", "resign", "投了", "まで5手で後手の勝ち"),
            ("black", "adjudicated_resign", "投了", "まで5手で先手の勝ち"),
            ("black", "time_forfeit", "切れ負け", "まで5手で先手の勝ち"),
            ("white", "hang", "切れ負け", "まで5手で後手の勝ち"),
            ("white", "crash", "反則負け", "まで5手で後手の勝ち"),
            (
                "black",
                "unparsable_move",
                "反則負け",
                "まで5手で先手の勝ち",
            ),
            ("draw", "max_plies", "引き分け", "まで5手で引き分け"),
            ("draw", "adjudicated_draw", "引き分け", "まで5手で引き分け"),
            ("none", "stopped", "中断", "まで5手で中断"),
        ] {
            let r = record(&rules, None, 5, result, reason);
            let kif = r.to_kif(&rules).expect("the record replays");
            assert_eq!(
                ending_lines(&kif),
                [format!("   6   {word}").as_str(), summary],
                "{reason}: {kif}"
            );
            // Names on one line each.
            assert!(kif.contains("先手：Engine A\n後手：B\n"), "{kif}");
            // Read back: the same moves, and the reader stops at the ending.
            let back = read_kif(&rules, &kif, 1000).expect("the KIF reads back");
            assert_eq!(back.game.plies(), 5);
            assert!(back.game.status().ending.is_none());
            let canonical: Vec<String> = back
                .game
                .played
                .iter()
                .map(|p| format_move(rules.variant.shape(), &p.mv))
                .collect();
            let texts: Vec<String> = r.moves.iter().map(|m| m.text.clone()).collect();
            assert_eq!(canonical, texts);
        }
    }

    #[test]
    fn an_illegal_move_is_written_by_the_engine_as_a_foul() {
        let rules = chu();
        let r = record(&rules, None, 4, "white", "illegal_move");
        let kif = r.to_kif(&rules).expect("replays");
        // The offending 5th move is not in the record; Black made it and lost by a foul.
        assert_eq!(
            ending_lines(&kif),
            ["   5   反則負け", "まで4手で後手の勝ち"]
        );
        // A repetition ruling on a refused move: the engine's word for the winner.
        let r = record(&rules, None, 4, "white", "perpetual_check");
        let kif = r.to_kif(&rules).expect("replays");
        assert_eq!(
            ending_lines(&kif),
            ["   5   反則勝ち", "まで4手で後手の勝ち"]
        );
    }

    #[test]
    fn an_ending_by_the_rules_is_the_games_own() {
        let rules = chu();
        // Black's gold takes the lone white king: royals captured.
        let start = "6k5/6G5/12/12/12/12/12/12/12/12/12/6K5 b - 1";
        let mut r = record(&rules, Some(start), 0, "black", "royals_captured");
        let mut first = record(&rules, None, 1, "black", "x").moves.remove(0);
        first.text = "6b6a".into();
        r.moves.push(first);
        let kif = r.to_kif(&rules).expect("replays");
        assert!(kif.ends_with("まで1手で先手の勝ち\n"), "{kif}");
        assert!(!kif.contains("反則") && !kif.contains("投了"), "{kif}");
        // The start was written (a diagram), so that the record replays from it.
        let back = read_kif(&rules, &kif, 10).expect("reads back");
        assert_eq!(back.moves, ["6b6a"]);
        assert!(back.game.status().ending.is_some());
    }

    #[test]
    fn a_record_that_does_not_replay_is_an_error() {
        let rules = chu();
        let mut r = record(&rules, None, 2, "white", "resign");
        r.moves[1].text = "1a1a".into();
        let err = r.to_kif(&rules).unwrap_err();
        assert!(err.starts_with("move 2 `1a1a` is not legal"), "{err}");
        let mut r = record(&rules, None, 0, "white", "resign");
        r.start = "not a position".into();
        r.start_is_initial = false;
        assert!(r
            .to_kif(&rules)
            .unwrap_err()
            .contains("not a valid position"));
    }

    #[test]
    fn the_summary_counts_from_the_first_engines_view() {
        let rules = chu();
        let mut games = Vec::new();
        // Round 1: the first engine is Black and wins; 2: White, wins; 3: Black, loses;
        // 4: White, draw; 5: stopped (not counted).
        for (round, result, first_is_black) in [
            (2, "white", false),
            (1, "black", true),
            (3, "white", true),
            (4, "draw", false),
            (5, "none", true),
        ] {
            let mut r = record(&rules, None, round, result, "resign");
            r.round = round;
            games.push(GameSummary::of(&r, first_is_black));
        }
        let cost = RefereeCost {
            moves: 4,
            total_us: 10,
            max_us: 5,
        };
        let s = MatchSummary::new(
            ["A".into(), "B".into()],
            "chu",
            RulesEcho::default(),
            "st=0.1".into(),
            games,
            Some(Sprt::new(0.0, 10.0, 0.05, 0.05).expect("valid")),
            Some(cost),
        );
        assert_eq!(
            s.tally,
            Tally {
                wins: 2,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(s.games_played, 4);
        assert_eq!(s.score, Some(2.5 / 4.0));
        let rounds: Vec<usize> = s.games.iter().map(|g| g.round).collect();
        assert_eq!(rounds, [1, 2, 3, 4, 5]);
        assert_eq!(s.games[2].plies, 3);
        let v: Value = serde_json::from_str(&s.to_json()).expect("JSON");
        assert_eq!(
            (v["wins"].clone(), v["losses"].clone(), v["draws"].clone()),
            (json!(2), json!(1), json!(1))
        );
        assert_eq!(v["engines"], json!(["A", "B"]));
        assert_eq!(v["games"][0]["result"], "black");
        assert_eq!(v["games"][0]["first_is_black"], true);
        assert_eq!(v["referee_cost"]["mean_us"], 2.5);
        assert_eq!(v["sprt"]["decision"], "continue");
        assert_eq!(v["sprt"]["elo1"], 10.0);
        let elo = elo_interval(&s.tally).expect("an interval");
        assert_eq!(v["elo"]["diff"], json!(elo.diff));
        let table = s.table();
        assert!(
            table.starts_with("Score of A vs B: 2 - 1 - 1  [0.625] 4\n"),
            "{table}"
        );
        assert!(table.contains(&format!("Elo difference: {elo}")), "{table}");
        assert!(table.contains("SPRT: llr"), "{table}");
    }

    #[test]
    fn a_summary_without_games_or_with_a_whole_score_has_no_interval() {
        let s = MatchSummary::new(
            ["A".into(), "B".into()],
            "chu",
            RulesEcho::default(),
            String::new(),
            vec![],
            None,
            None,
        );
        assert_eq!(s.elo, None);
        assert!(s.table().contains("no games"));
        let v: Value = serde_json::from_str(&s.to_json()).expect("JSON");
        assert_eq!(v["elo"], Value::Null);
        assert_eq!(v["sprt"], Value::Null);
    }
}
