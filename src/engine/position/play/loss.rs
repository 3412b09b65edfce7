//! Step 7 of playing a move (ko.md §3): the loss condition (ko.md §6: a side stands while
//! it has a commander or every half-commander kind; elsewhere a side without a royal has
//! lost), the drum link's history (ko.md §4.8, O27) and the extra field, the turn passed
//! on, and what the move did recorded.

use super::{Extra, Position, Turn};
use crate::engine::core::color::Color;
use crate::engine::core::moves::Effects;
use crate::engine::variant::{flag, Rules};

impl Position {
    /// Step 7 and the move's end.
    pub(super) fn conclude(&mut self, turn: &Turn, rules: &Rules, effects: Option<&mut Effects>) {
        let play = &rules.play;
        if play.command {
            self.set_standing(self.command_standing(rules));
        }
        let us = turn.mover.color;
        let them = us.opponent();
        self.extra = match play.drum_history {
            Some(_) => {
                let before = match self.extra {
                    Extra::DrumsLost(bits) => bits,
                    _ => 0,
                };
                let now = before | u8::from(turn.drum_lost[0]) | u8::from(turn.drum_lost[1]) << 1;
                if now == 0 {
                    Extra::None
                } else {
                    Extra::DrumsLost(now)
                }
            }
            None => turn.extra,
        };
        if let Some(e) = effects {
            e.mover = us;
            e.face_before = turn.mover.face;
            e.face_after = turn.face;
            e.promotion = turn.promotion;
            e.pass = turn.pass;
            e.loser = [them, us].into_iter().find(|&c| self.royal_count(c) == 0);
        }
        self.side = them;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Whether each side meets no loss condition under the command rule (ko.md §6): it
    /// has a commander, or a piece of every half-commander kind.
    pub(crate) fn command_standing(&self, rules: &Rules) -> [bool; 2] {
        let play = &rules.play;
        Color::ALL.map(|color| {
            let mut halves = 0;
            for sq in self.occupied(color).iter() {
                let face = self.cell(sq).face_unchecked();
                if play.has(face, flag::COMMANDER) {
                    return true;
                }
                halves |= play.half(face);
            }
            play.halves != 0 && halves == play.halves
        })
    }

    /// Sets which sides still meet no loss condition (the command rule keeps it in the
    /// royal counts: 1 standing, 0 lost, so that [`Position::is_terminal`] reads it).
    pub(crate) fn set_standing(&mut self, standing: [bool; 2]) {
        self.royals = standing.map(u16::from);
    }
}
