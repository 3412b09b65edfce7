//! What route generation (the rules of ko shogi, ko.md) reads off a position before a move
//! (ko.md §4.4, §4.7, §4.8, §6), each a function of the board ([`RouteBoard`]): the pieces frozen by nets, the points next to each
//! side's poison flames, whether each side has a priest and a drum, where the fogs stand,
//! and whether each side still meets no loss condition.

use super::Position;
use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::variant::{NetRule, RouteFace, RouteRules, Rules};

/// Facts about a position under route rules, read in one pass over its pieces.
#[derive(Clone, Debug, Default)]
pub struct RouteBoard {
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

impl RouteBoard {
    /// Reads the facts off `pos` under the route rules `routes`.
    pub fn read(pos: &Position, rules: &Rules, routes: &RouteRules) -> RouteBoard {
        let geo = &rules.variant.geometry;
        let mut board = RouteBoard::default();
        let mut nets = false;
        for color in Color::ALL {
            let ci = color.index();
            let mut command = Command::default();
            for sq in pos.occupied(color).iter() {
                let f = routes.face(pos.cell(sq).face_unchecked());
                command.add(routes, f);
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
            board.standing[ci] = command.stands(routes);
        }
        if nets && routes.nets != NetRule::None {
            for color in Color::ALL {
                let enemy = color.opponent();
                for sq in pos.occupied(color).iter() {
                    let dirs = routes.face(pos.cell(sq).face_unchecked()).net[color.index()];
                    for d in (0..8).filter(|d| dirs & (1 << d) != 0) {
                        for &s in geo.ray(sq, d) {
                            let cell = pos.cell(s);
                            if cell.is_empty() {
                                continue;
                            }
                            if cell.is_color(enemy) {
                                board.frozen[enemy.index()].insert(s);
                                if routes.nets == NetRule::AllEnemiesUntilBlocked {
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

/// What of a side's command (ko.md §6) is on the board: a commander, and which
/// half-commander kinds (bits in [`RouteRules::half_kinds`] order).
#[derive(Default)]
struct Command {
    commander: bool,
    halves: u32,
}

impl Command {
    /// Counts one piece.
    fn add(&mut self, routes: &RouteRules, f: &RouteFace) {
        self.commander |= f.commander;
        if let Some(k) = f.half {
            if let Some(i) = routes.half_kinds.iter().position(|&h| h == k) {
                self.halves |= 1 << i;
            }
        }
    }

    /// Whether the side meets no loss condition: a commander, or every half-commander kind.
    fn stands(&self, routes: &RouteRules) -> bool {
        self.commander
            || (!routes.half_kinds.is_empty()
                && self.halves == (1u32 << routes.half_kinds.len()) - 1)
    }
}

/// Whether the piece on `sq` is frozen by an enemy net (ko.md §4.4): never under rules
/// without nets.
pub fn frozen(pos: &Position, rules: &Rules, sq: Square) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    rules.routes.as_ref().is_some_and(|routes| {
        RouteBoard::read(pos, rules, routes).frozen[piece.color.index()].contains(sq)
    })
}
