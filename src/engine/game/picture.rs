//! A game's picture: the board picture of its current position with what the game's state
//! marks on it — the last move and what it removed, the royals of the side to move when
//! it is in check, and the ending once there is one (the caption then gives the result,
//! not the side to move).

use super::state::Game;
use crate::engine::picture::{board_svg, LastMove, Marks, View};
use crate::engine::rules::check::royals;
use crate::engine::variant::Rules;

/// The SVG document of `game`'s current position under `rules`, drawn as `view` asks.
pub fn game_picture(rules: &Rules, game: &Game, view: &View) -> String {
    let last = game.last_played(rules);
    let pos = &game.position;
    let status = game.status();
    let marks = Marks {
        last: last.as_ref().map(|p| LastMove {
            mv: &p.mv,
            effects: &p.effects,
        }),
        checked: if status.in_check {
            royals(pos, pos.side())
        } else {
            Vec::new()
        },
        ending: status.ending,
    };
    board_svg(rules, pos, &marks, view)
}
