//! What ko shogi reads off a position before a move (ko.md §4.4, §4.7, §4.8, §6), each a
//! function of the board ([`KoBoard`]): the pieces frozen by nets, the points next to each
//! side's poison flames, whether each side has a priest and a drum, where the fogs stand,
//! and whether each side still meets no loss condition.

use super::Position;
use crate::engine::core::color::Color;
use crate::engine::core::piece::KindId;
use crate::engine::core::square_set::SquareSet;
use crate::engine::variant::{KoRules, NetRule, Rules};

/// Facts about a ko position, read in one pass over its pieces.
#[derive(Clone, Debug, Default)]
pub struct KoBoard {
    /// Per side, its pieces that an enemy net freezes.
    pub frozen: [SquareSet; 2],
    /// Per side, the points next to one of its poison flames.
    pub flame_near: [SquareSet; 2],
    /// Per side, the squares of its poison flames.
    pub flames: [SquareSet; 2],
    /// Per side, whether it has a priest (Taoist priest or five-li fog) on the board.
    pub priest: [bool; 2],
    /// Per side, whether it has a drum or thunderclap on the board.
    pub drum: [bool; 2],
    /// Per side, the squares of its five-li fogs.
    pub fogs: [SquareSet; 2],
    /// Per side, whether it meets no loss condition (ko.md §6).
    pub standing: [bool; 2],
}

impl KoBoard {
    /// Reads the facts off `pos` under `ko`'s rules.
    pub fn read(pos: &Position, rules: &Rules, ko: &KoRules) -> KoBoard {
        let geo = &rules.variant.geometry;
        let mut board = KoBoard::default();
        let mut nets = false;
        for color in Color::ALL {
            let ci = color.index();
            let mut commander = false;
            let mut halves = 0u32;
            for sq in pos.occupied(color).iter() {
                let f = ko.face(pos.cell(sq).face_unchecked());
                commander |= f.commander;
                if let Some(k) = f.half {
                    halves |= half_bit(ko, k);
                }
                board.priest[ci] |= f.priest;
                board.drum[ci] |= f.drum;
                nets |= f.net[ci] != 0;
                if f.fog {
                    board.fogs[ci].insert(sq);
                }
                if f.poison_flame {
                    board.flames[ci].insert(sq);
                    for d in 0..8 {
                        if let Some(n) = geo.neighbour(sq, d) {
                            board.flame_near[ci].insert(n);
                        }
                    }
                }
            }
            let all_halves = (1u32 << ko.half_kinds.len()) - 1;
            board.standing[ci] = commander || (!ko.half_kinds.is_empty() && halves == all_halves);
        }
        if nets && ko.nets != NetRule::None {
            for color in Color::ALL {
                let enemy = color.opponent();
                for sq in pos.occupied(color).iter() {
                    let dirs = ko.face(pos.cell(sq).face_unchecked()).net[color.index()];
                    for d in (0..8).filter(|d| dirs & (1 << d) != 0) {
                        for &s in geo.ray(sq, d) {
                            let cell = pos.cell(s);
                            if cell.is_empty() {
                                continue;
                            }
                            if cell.is_color(enemy) {
                                board.frozen[enemy.index()].insert(s);
                                if ko.nets == NetRule::AllEnemiesUntilBlocked {
                                    continue;
                                }
                            }
                            break;
                        }
                    }
                }
            }
        }
        board
    }
}

/// The bit of a half-commander kind among [`KoRules::half_kinds`].
fn half_bit(ko: &KoRules, kind: KindId) -> u32 {
    ko.half_kinds
        .iter()
        .position(|&k| k == kind)
        .map_or(0, |i| 1 << i)
}

/// Whether each side meets no loss condition on `pos` (ko.md §6).
pub fn standing(pos: &Position, ko: &KoRules) -> [bool; 2] {
    Color::ALL.map(|color| {
        let mut halves = 0u32;
        for sq in pos.occupied(color).iter() {
            let f = ko.face(pos.cell(sq).face_unchecked());
            if f.commander {
                return true;
            }
            if let Some(k) = f.half {
                halves |= half_bit(ko, k);
            }
        }
        !ko.half_kinds.is_empty() && halves == (1u32 << ko.half_kinds.len()) - 1
    })
}
