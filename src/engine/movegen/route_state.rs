//! The route state: what generation under route rules (ko.md) reads once per position and
//! the buffers of the route being emitted, which the generation context carries when the
//! rules have route parameters; and the records that state holds (a route's effect, a
//! choice of shots).

use crate::engine::core::moves::{Move, ShotsFrom};
use crate::engine::core::square::Square;
use crate::engine::position::route_board::RouteBoard;
use crate::engine::position::Position;
use crate::engine::variant::{RouteRules, Rules};

/// The most points one route captures by displacement (a thunderclap's five steps).
pub(crate) const MAX_CAPTURES: usize = 5;

/// A move's effect, the key under which routes fold into one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct EffectKey {
    pub(crate) to: Square,
    pub(crate) caps: [Square; MAX_CAPTURES],
    pub(crate) shots: [Square; 2],
    pub(crate) promoted: bool,
}

/// What generation under route rules reads once per position, kept in the generation
/// context ([`Gen`]) when the rules have route parameters: the parameters, the facts read
/// off the board (nets, flames, priests, drums, fogs, standing), and the buffers of the
/// route being emitted.
pub(crate) struct RouteState<'a> {
    pub(crate) routing: &'a RouteRules,
    pub(crate) board: RouteBoard,
    /// Whether a poison flame stands anywhere (else nothing burns on arrival).
    pub(crate) flames_near: bool,
    /// Routes of a multi-leg piece, folded by effect before they are emitted.
    pub(crate) buf: Vec<(EffectKey, Move)>,
    /// Shot target sets of the route being emitted.
    pub(crate) shot_sets: Vec<ShotSet>,
}

impl<'a> RouteState<'a> {
    /// Reads what generation under `routing` needs off `pos`.
    pub(crate) fn read(pos: &Position, rules: &Rules, routing: &'a RouteRules) -> Self {
        let board = RouteBoard::read(pos, rules, routing);
        RouteState::with(routing, board, Vec::new(), Vec::new())
    }

    /// The route state of a position whose facts `board` holds, with buffers to reuse.
    pub(crate) fn with(
        routing: &'a RouteRules,
        board: RouteBoard,
        buf: Vec<(EffectKey, Move)>,
        shot_sets: Vec<ShotSet>,
    ) -> Self {
        RouteState {
            routing,
            flames_near: !board.flames[0].is_empty() || !board.flames[1].is_empty(),
            board,
            buf,
            shot_sets,
        }
    }

    /// The route state of `pos` where `rules` have route parameters (else none).
    pub(crate) fn of(pos: &Position, rules: &'a Rules) -> Option<RouteState<'a>> {
        rules
            .routes
            .as_ref()
            .map(|routing| RouteState::read(pos, rules, routing))
    }

    /// Whether both sides still meet no loss condition (else no side moves).
    pub(crate) fn standing(&self) -> bool {
        self.board.standing[0] && self.board.standing[1]
    }
}

/// The targets of one choice of shots and where they were made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShotSet {
    targets: [Square; 2],
    n: u8,
    pub(crate) from: ShotsFrom,
}

impl ShotSet {
    pub(crate) const NONE: ShotSet = ShotSet {
        targets: [Square(0); 2],
        n: 0,
        from: ShotsFrom::Final,
    };

    pub(crate) fn of(targets: &[Square], from: ShotsFrom) -> ShotSet {
        let mut t = [Square(0); 2];
        t[..targets.len()].copy_from_slice(targets);
        ShotSet {
            targets: t,
            n: targets.len() as u8,
            from,
        }
    }

    pub(crate) fn targets(&self) -> &[Square] {
        &self.targets[..usize::from(self.n)]
    }
}
