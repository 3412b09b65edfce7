//! What the baseline engine knows and how it chooses: the variant and rules profile it was
//! told, the game so far (a [`Game`] with its history, so that repetition rules apply to
//! its own moves too), and one ply of look-ahead ([`Brain::choose`]): a random legal move,
//! or the one that captures the most material, at random among equals.
//!
//! Material is measured from what the piece tables say of a piece: royal (king, prince,
//! emperor: [`ROYAL`]) before lion-like ([`LION`]) before promoted ([`PROMOTED`]) before the
//! rest ([`PIECE`]); a move that leaves the opponent without a royal is worth [`WIN`]. A
//! piece of the mover's own that the move loses (burned on arrival) counts against it.

use super::config::Style;
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Cause, Effects, Move, Promo};
use crate::engine::core::square::Square;
use crate::engine::game::Game;
use crate::engine::notation::format_move;
use crate::engine::position::Position;
use crate::engine::rules::legality::IllegalReason;
use crate::engine::variant::{self, Rules, RulesRequest};

/// The worth of a move that takes the opponent's last royal, in centipawns.
pub const WIN: i32 = 30_000;
/// The worth of a royal piece.
pub const ROYAL: i32 = 10_000;
/// The worth of a piece that moves as a lion does (two steps a turn).
pub const LION: i32 = 500;
/// The worth of any other promoted piece.
pub const PROMOTED: i32 = 200;
/// The worth of any other piece.
pub const PIECE: i32 = 100;

/// A small deterministic random generator (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The move chosen, its worth and how many moves were looked at.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub mv: Move,
    /// The material the move wins, in centipawns from the mover's side.
    pub score: i32,
    /// The legal moves looked at.
    pub nodes: usize,
}

/// The engine's knowledge of the game.
pub struct Brain {
    /// The variant's id (`chu`, `dai`, ...).
    pub variant: &'static str,
    /// The profile asked for (`None`: the variant's first).
    profile: Option<String>,
    pub rules: Rules,
    pub game: Game,
    style: Style,
    rng: Rng,
}

impl Brain {
    /// Chu shogi under its first profile, at the start.
    pub fn new(style: Style, seed: u64) -> Brain {
        let chu = variant::chu();
        let rules = Rules::default_for(chu);
        let game = Game::new(Position::start(&rules), &rules, true);
        Brain {
            variant: chu.id,
            profile: None,
            rules,
            game,
            style,
            rng: Rng::new(seed),
        }
    }

    /// The profiles of the variant in play, the first being the default.
    pub fn profiles(&self) -> &[String] {
        &self.rules.variant.profiles
    }

    /// Plays variant `id` from its start. When the profile asked for is not one of its
    /// own, its first is used and the warning says so (the profile asked for is kept for
    /// the next variant).
    ///
    /// # Errors
    /// When `id` is no variant (nothing changes then).
    pub fn set_variant(&mut self, id: &str) -> Result<Option<String>, String> {
        let v = variant::by_id(id).ok_or_else(|| {
            format!(
                "unknown variant {id:?}; known: {}",
                variant::VARIANT_IDS.join(" ")
            )
        })?;
        let request = RulesRequest {
            profile: self.profile.clone(),
            overrides: vec![],
        };
        let mut warning = None;
        self.rules = match Rules::resolve(v, &request) {
            Ok(rules) => rules,
            Err(e) => {
                warning = Some(format!("{e}; playing {id} under its first profile"));
                Rules::default_for(v)
            }
        };
        self.variant = v.id;
        self.new_game();
        Ok(warning)
    }

    /// Plays under `profile` (empty: the variant's first) from the start.
    ///
    /// # Errors
    /// When the variant has no such profile (nothing changes then).
    pub fn set_profile(&mut self, profile: &str) -> Result<(), String> {
        let profile = (!profile.is_empty()).then(|| profile.to_string());
        let request = RulesRequest {
            profile: profile.clone(),
            overrides: vec![],
        };
        self.rules = Rules::resolve(self.rules.variant, &request).map_err(|e| e.to_string())?;
        self.profile = profile;
        self.new_game();
        Ok(())
    }

    /// A new game from the variant's start.
    pub fn new_game(&mut self) {
        self.set_position(Position::start(&self.rules));
    }

    /// A new game from `start`.
    pub fn set_position(&mut self, start: Position) {
        self.game = Game::new(start, &self.rules, true);
    }

    /// Plays a move given in machine text.
    ///
    /// # Errors
    /// Why it is not legal, in words.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let candidate = self
            .game
            .judge(&self.rules, text)
            .map_err(|reason| reason.to_string())?;
        self.game.commit(&self.rules, candidate);
        Ok(())
    }

    /// Plays a move chosen from the legal moves.
    pub fn play_legal(&mut self, mv: Move) {
        if let Ok(candidate) = self.game.judge_legal(&self.rules, mv) {
            self.game.commit(&self.rules, candidate);
        }
    }

    /// Takes back the last `n` moves (as many as were played, at most).
    pub fn undo(&mut self, n: usize) {
        let keep = self.game.plies().saturating_sub(n);
        let moves: Vec<Move> = self.game.played[..keep].iter().map(|p| p.mv).collect();
        let start = self.game.start().clone();
        self.set_position(start);
        for mv in moves {
            self.play_legal(mv);
        }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.game.position.side()
    }

    /// Chooses a move; `None` when there is none (the game is over).
    pub fn choose(&mut self) -> Option<Choice> {
        let moves = self.game.legal_moves(&self.rules);
        if moves.is_empty() {
            return None;
        }
        let nodes = moves.len();
        let (mv, score) = match self.style {
            Style::Random => {
                let mv = moves[self.rng.below(nodes)];
                (mv, self.worth(&mv))
            }
            Style::Greedy => {
                let worths: Vec<i32> = moves.iter().map(|mv| self.worth(mv)).collect();
                let best = worths.iter().copied().max().unwrap_or(0);
                let equal: Vec<Move> = moves
                    .iter()
                    .zip(&worths)
                    .filter(|&(_, &w)| w == best)
                    .map(|(&mv, _)| mv)
                    .collect();
                (equal[self.rng.below(equal.len())], best)
            }
        };
        Some(Choice { mv, score, nodes })
    }

    /// The material a move wins, in centipawns.
    pub fn worth(&self, mv: &Move) -> i32 {
        let mut after = (*self.game.position).clone();
        let effects = after.play(mv, &self.rules);
        material(&self.rules, &effects)
    }

    /// A move of the side to move's that is well formed and not legal: one of its pieces
    /// onto another of its own, else any first move the arbiter refuses on the board.
    pub fn illegal_move(&self) -> Option<Move> {
        let pos = &self.game.position;
        let side = pos.side();
        let shape = self.rules.variant.shape();
        let own: Vec<Square> = (0..shape.len() as u16)
            .map(Square)
            .filter(|&sq| pos.cell(sq).is_color(side))
            .collect();
        let all = (0..shape.len() as u16).map(Square);
        let onto_own = own
            .iter()
            .flat_map(|&from| own.iter().map(move |&to| (from, to)));
        let anywhere = own
            .iter()
            .flat_map(|&from| all.clone().map(move |to| (from, to)));
        onto_own
            .chain(anywhere)
            .filter(|(from, to)| from != to)
            .map(|(from, to)| Move::simple(from, to, Promo::None))
            .find(
                |mv| match self.game.judge(&self.rules, &format_move(shape, mv)) {
                    Err(IllegalReason::Malformed(_) | IllegalReason::GameOver(_)) | Ok(_) => false,
                    Err(_) => true,
                },
            )
    }
}

/// What a move's removals are worth to its mover.
pub fn material(rules: &Rules, effects: &Effects) -> i32 {
    let mover = effects.mover;
    let mut worth = 0;
    if effects.loser == Some(mover.opponent()) {
        worth += WIN;
    } else if effects.loser == Some(mover) {
        worth -= WIN;
    }
    for event in &effects.events {
        if let Cause::Removed(_) = event.cause {
            let face = rules.faces.get(event.piece.face.index());
            let value = if event.royal {
                ROYAL
            } else if face.is_some_and(|f| f.lion) {
                LION
            } else if event.piece.promoted() {
                PROMOTED
            } else {
                PIECE
            };
            worth += if event.piece.color == mover {
                -value
            } else {
                value
            };
        }
    }
    worth
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::{format_move, parse_valid_position};

    fn brain_at(text: &str) -> Brain {
        let mut brain = Brain::new(Style::Greedy, 7);
        let pos = parse_valid_position(&brain.rules, text).expect("a position");
        brain.set_position(pos);
        brain
    }

    #[test]
    fn greedy_takes_the_king_before_anything_else() {
        // Black's lion on 6h behind two pawns (7g, 6g), White's king two squares ahead on
        // 6f and a second one on 1a (taking one is not yet the win).
        let mut brain = brain_at("11k/12/12/12/12/6k5/5pp5/6N5/12/12/12/K11 b - 1");
        let choice = brain.choose().expect("a move");
        let shape = brain.rules.variant.shape();
        let text = format_move(shape, &choice.mv);
        assert!(choice.score >= ROYAL, "{text} {}", choice.score);
        let mut after = (*brain.game.position).clone();
        let effects = after.play(&choice.mv, &brain.rules);
        assert!(effects.events.iter().any(|e| e.royal), "{text}");
    }

    #[test]
    fn greedy_prefers_two_captures_to_one() {
        // The lion on 6h can take both pawns (6g, 7g) in one turn: two pawns.
        let mut brain = brain_at("k11/12/12/12/12/12/5pp5/6N5/12/12/12/K11 b - 1");
        let choice = brain.choose().expect("a move");
        assert_eq!(choice.score, 2 * PIECE);
    }

    #[test]
    fn the_same_seed_gives_the_same_moves_and_others_differ() {
        let play = |seed| {
            let mut brain = Brain::new(Style::Random, seed);
            let shape = brain.rules.variant.shape();
            (0..30)
                .map(|_| {
                    let c = brain.choose().expect("a move");
                    brain.play_legal(c.mv);
                    format_move(shape, &c.mv)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(play(1), play(1));
        assert_ne!(play(1), play(2));
    }

    #[test]
    fn the_illegal_move_is_refused_by_the_arbiter_on_every_variant() {
        for id in variant::VARIANT_IDS {
            let mut brain = Brain::new(Style::Greedy, 1);
            assert_eq!(brain.set_variant(id), Ok(None));
            let mv = brain.illegal_move().expect("an illegal move");
            let text = format_move(brain.rules.variant.shape(), &mv);
            assert!(brain.play(&text).is_err(), "{id}: {text}");
        }
    }

    #[test]
    fn a_profile_of_another_variant_falls_back_with_a_warning() {
        let mut brain = Brain::new(Style::Greedy, 1);
        assert_eq!(brain.set_profile("hachu"), Ok(()));
        assert!(brain.set_profile("nonesuch").is_err());
        assert_eq!(brain.set_variant("dai"), Ok(None));
        assert_eq!(brain.rules.variant.profiles[brain.rules.profile], "hachu");
        assert!(brain.set_profile("lishogi").is_err());
        brain.set_profile("evans").expect("a dai profile");
        let warning = brain.set_variant("chu").expect("chu");
        assert!(warning.is_some_and(|w| w.contains("evans")));
        assert_eq!(brain.rules.profile, 0);
        // XBoard's `new` plays chu again before `variant dai`: the profile asked for holds.
        assert_eq!(brain.set_variant("dai"), Ok(None));
        assert_eq!(brain.rules.variant.profiles[brain.rules.profile], "evans");
    }

    #[test]
    fn undo_takes_back_moves() {
        let mut brain = Brain::new(Style::Random, 3);
        for _ in 0..5 {
            let c = brain.choose().expect("a move");
            brain.play_legal(c.mv);
        }
        let before: Vec<Move> = brain.game.played[..3].iter().map(|p| p.mv).collect();
        brain.undo(2);
        assert_eq!(brain.game.plies(), 3);
        let after: Vec<Move> = brain.game.played.iter().map(|p| p.mv).collect();
        assert_eq!(before, after);
    }
}
