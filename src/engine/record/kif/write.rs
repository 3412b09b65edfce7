//! Writing a game as KIF text (see the module [`super`] for the layout and its sources).

use super::board::write_board;
use super::names::Names;
use super::numerals::kif_square;
use super::terms::STEP_LABELS;
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::moves::{Move, Promo, ShotsFrom};
use crate::engine::core::square::Square;
use crate::engine::game::Game;
use crate::engine::notation::format_position_of;
use crate::engine::position::{Extra, Position};
use crate::engine::variant::Rules;

/// lishogi's line between the header and the moves.
const MOVES_HEADER: &str = "手数----指手---------消費時間--";

/// The game `game` as KIF text: its start, every move played, and `ending` (how it ended,
/// if it did: the game's own status, or the ruling on an illegal move that stopped it).
pub fn write_kif(rules: &Rules, game: &Game, ending: Option<Ending>) -> String {
    let moves: Vec<Move> = game.played.iter().map(|p| p.mv).collect();
    write_moves(rules, game.start(), &moves, ending)
}

/// [`write_kif`] from a start position and moves known to be legal from it.
pub fn write_moves(
    rules: &Rules,
    start: &Position,
    moves: &[Move],
    ending: Option<Ending>,
) -> String {
    let names = Names::of(rules);
    let mut out = String::with_capacity(128 + moves.len() * 40);
    let chu = rules.variant.traits.lishogi_kif;
    if !chu {
        out.push_str("手合割：");
        out.push_str(rules.variant.japanese);
        out.push('\n');
    }
    if *start != Position::start(rules) {
        if start.extra() != Extra::None {
            out.push_str("#局面：");
            out.push_str(&format_position_of(rules.variant, start));
            out.push('\n');
        }
        write_board(rules, &names, start, &mut out);
    }
    out.push_str("先手：\n後手：\n");
    out.push_str(MOVES_HEADER);
    out.push('\n');
    let mut pos = start.clone();
    let mut last: Option<Square> = None;
    for (i, mv) in moves.iter().enumerate() {
        let effects = pos.play(mv, rules);
        let face = effects.face_before;
        let writer = MoveWriter {
            rules,
            number: i + 1,
            name: names.move_name(face),
            captured: !effects.captures().is_empty(),
            pass: effects.pass,
        };
        writer.write(mv, last, &mut out);
        last = Some(mv.to());
    }
    if let Some(ending) = ending {
        write_ending(moves.len(), ending, &mut out);
    }
    out
}

/// What is needed to write one move's lines.
struct MoveWriter<'a> {
    rules: &'a Rules,
    number: usize,
    name: &'a str,
    captured: bool,
    pass: bool,
}

impl MoveWriter<'_> {
    fn square(&self, sq: Square) -> String {
        kif_square(self.rules.variant.shape(), sq)
    }

    /// One line: number, label, destination (or `仝`), name, suffix, origin.
    fn line(&self, label: &str, dest: &str, suffix: &str, origin: Square, out: &mut String) {
        out.push_str(&format!(
            "{:>4}手目{label}{dest}{}{suffix} （←{}）\n",
            self.number,
            self.name,
            self.square(origin)
        ));
    }

    fn shot(&self, target: Square, from: Square, out: &mut String) {
        let dest = self.square(target);
        self.line("射撃 ", &dest, "", from, out);
    }

    fn write(&self, mv: &Move, last: Option<Square>, out: &mut String) {
        let squares = mv.squares();
        let shots = mv.shots();
        let (first_leg_shots, final_shots) = match mv.shots_from() {
            ShotsFrom::FirstLeg => shots.split_at(1.min(shots.len())),
            ShotsFrom::Final => shots.split_at(0),
        };
        let promote = if mv.promo == Promo::Promote {
            "成"
        } else {
            ""
        };
        let dest_text = |sq: Square, first: bool| -> String {
            if first && last == Some(sq) {
                "仝".to_string()
            } else {
                self.square(sq)
            }
        };
        match squares {
            [] => {}
            [to] => self.line("   ", &dest_text(*to, true), promote, mv.from, out),
            _ => {
                let mut origin = mv.from;
                for (k, &sq) in squares.iter().enumerate() {
                    let label = format!("{} ", STEP_LABELS[k]);
                    let back = if k > 0 && sq == mv.from {
                        if self.captured {
                            "（居食い）"
                        } else if self.pass {
                            "(じっと)"
                        } else {
                            ""
                        }
                    } else {
                        ""
                    };
                    let suffix = if k + 1 == squares.len() {
                        format!("{promote}{back}")
                    } else {
                        back.to_string()
                    };
                    self.line(&label, &dest_text(sq, k == 0), &suffix, origin, out);
                    if k == 0 {
                        for &t in first_leg_shots {
                            self.shot(t, sq, out);
                        }
                    }
                    origin = sq;
                }
            }
        }
        let shooter = mv.to();
        if squares.len() < 2 {
            for &t in first_leg_shots {
                self.shot(t, shooter, out);
            }
        }
        for &t in final_shots {
            self.shot(t, shooter, out);
        }
    }
}

/// The termination line (lishogi's words, where one fits) and the `まで` summary line.
fn write_ending(plies: usize, ending: Ending, out: &mut String) {
    let word = match ending.reason {
        EndReason::Checkmate | EndReason::Stalemate => Some("詰み"),
        EndReason::Repetition if ending.result == GameResult::Draw => Some("千日手"),
        EndReason::Repetition | EndReason::PerpetualCheck => Some("反則勝ち"),
        EndReason::IllegalMove => Some("反則負け"),
        _ => None,
    };
    if let Some(word) = word {
        out.push_str(&format!("{:>4}   {word}\n", plies + 1));
    }
    let side = |c: Color| {
        if c == Color::Black {
            "先手"
        } else {
            "後手"
        }
    };
    let result = match ending.result {
        GameResult::Win(c) => format!("{}の勝ち", side(c)),
        GameResult::Draw if ending.reason == EndReason::Repetition => "千日手".to_string(),
        GameResult::Draw => "引き分け".to_string(),
        GameResult::NoContest => "無勝負".to_string(),
    };
    out.push_str(&format!("まで{plies}手で{result}\n"));
}
