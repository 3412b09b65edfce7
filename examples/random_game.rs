//! Prints a long legal game as a JSON array of machine move texts, for load and storm
//! scripts: `cargo run --release --example random_game -- <variant> <plies> [seed]`.
//! Quiet moves only (nothing is captured, so no royal is and the game goes on), picked
//! by a fixed pseudo-random sequence from the moves the game form allows (no move a
//! repetition rule forbids).

use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(id), Some(Ok(plies))) = (args.first(), args.get(1).map(|n| n.parse::<usize>()))
    else {
        eprintln!("usage: random_game <variant> <plies> [seed]");
        return ExitCode::from(2);
    };
    let mut seed = args
        .get(2)
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0x2545_f491_4f6c_dd1d)
        .max(1);
    let Some(variant) = variant::by_id(id) else {
        eprintln!("unknown variant `{id}`");
        return ExitCode::from(2);
    };
    let rules = Rules::resolve(variant, &RulesRequest::default()).expect("default rules");
    let mut game = Game::new(Position::start(&rules), &rules, true);
    let mut texts = Vec::with_capacity(plies);
    while texts.len() < plies {
        let mut moves = game.legal_moves(&rules);
        moves.retain(|m| {
            m.squares()
                .iter()
                .all(|&s| game.position.cell(s).is_empty())
        });
        if moves.is_empty() {
            eprintln!("no quiet move after {} plies", texts.len());
            return ExitCode::FAILURE;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        texts.push(format!("\"{}\"", format_move(rules.variant.shape(), &mv)));
        let candidate = game
            .judge_legal(&rules, mv)
            .expect("a listed move is legal");
        game.commit(&rules, candidate);
    }
    println!("[{}]", texts.join(","));
    ExitCode::SUCCESS
}
