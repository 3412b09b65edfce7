//! A move as the answers describe it (notations, captures, every removed piece with its
//! cause, promotion, check), and why a move is illegal: shared by the legal-moves, adjudication
//! and replay jobs.

use super::examples;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A captured piece.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CaptureInfo {
    /// Where it stood.
    #[schema(example = "13h")]
    pub square: String,
    /// Its token in position text (colour by case, `+` when promoted).
    #[schema(example = "p")]
    pub piece: String,
    /// Whether it was a royal piece.
    #[schema(example = false)]
    pub royal: bool,
}

/// Why a move removed a piece from the board.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "burn")]
pub enum RemovalCause {
    /// Captured by the moving piece (displacement, jump, range jump, double capture, igui).
    Capture,
    /// Burned by the moving fire demon on arrival (tenjiku's active burn).
    Burn,
    /// The moving piece itself, burned on arrival next to an enemy fire demon (tenjiku's
    /// passive burn) or poison flame (ko shogi).
    SelfBurn,
    /// Shot by the moving piece (ko shogi, ko.md §4.2).
    Shot,
    /// An enemy poison flame removed by the clerk's promotion (ko shogi, ko.md §4.6c).
    ClerkPromotion,
}

/// Why a move changed a piece other than the mover, which stays where it stood.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "reversion")]
pub enum ChangeCause {
    /// An allied guard promoted by the clerk's promotion (ko shogi, ko.md §4.6c).
    ClerkPromotion,
    /// A piece turned back to its unpromoted side: a five-li fog near an immaculate light,
    /// a thunderclap or flag waver whose side lost its priest (ko shogi, ko.md §4.7).
    Reversion,
}

/// A piece a move changed in place (ko shogi).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"square": "2r", "piece": "TP", "cause": "reversion"}))]
pub struct ChangedInfo {
    /// Where it stands.
    #[schema(example = "2r")]
    pub square: String,
    /// Its token after the change.
    #[schema(example = "TP")]
    pub piece: String,
    /// Why it changed.
    pub cause: ChangeCause,
}

/// A piece a move removed from the board: captured or burned, of either side.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"square": "7h", "piece": "p", "cause": "burn", "royal": false}))]
pub struct RemovedInfo {
    /// Where it stood (for a `self_burn`, the square the mover reached).
    #[schema(example = "7h")]
    pub square: String,
    /// Its token in position text (colour by case, `+` when promoted; for a `self_burn`,
    /// the piece the mover had become).
    #[schema(example = "p")]
    pub piece: String,
    /// Why it was removed.
    pub cause: RemovalCause,
    /// Whether it was a royal piece: a royal removed by any cause is a lost royal.
    #[schema(example = false)]
    pub royal: bool,
}

/// How a move promotes.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "chosen")]
pub enum PromotionInfo {
    /// The move offers no promotion.
    None,
    /// The piece promoted and had to: the move has no `=` form under the rules in force.
    Compulsory,
    /// Promotion chosen where it was optional (`+`).
    Chosen,
    /// Promotion declined where it was optional (`=`).
    Declined,
    /// Contagion: the mover became the captured contagious piece's promoted side.
    Contagion,
}

/// A move with its notations and effects.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::move_info)]
pub struct MoveInfo {
    /// Canonical machine notation.
    #[serde(rename = "move")]
    #[schema(example = "13s13r")]
    pub text: String,
    /// Hodges/TSA human notation.
    #[schema(example = "P-13r")]
    pub hodges: String,
    /// Start square.
    #[schema(example = "13s")]
    pub from: String,
    /// Final square.
    #[schema(example = "13r")]
    pub to: String,
    /// Captured pieces in capture order (burned pieces are not captures: see `removed`). A
    /// taikyoku range capture captures every piece it passes, of either side, in order of
    /// distance, then the piece on its final square.
    #[schema(example = json!([{"square": "13h", "piece": "p", "royal": false}]))]
    pub captures: Vec<CaptureInfo>,
    /// Every piece the move removed, with its cause, in the order the move removed them
    /// (the order of steps of the variant's rules page): the captures in capture order
    /// (in ko shogi with a shot made between legs), then either the mover itself, burned
    /// on arrival, or the pieces the moving fire demon (tenjiku) or poison flame (ko)
    /// burned, in file-then-rank order, then (ko) the pieces shot from the final point in
    /// shot order and the enemy poison flames the clerk's promotion removed. A removed
    /// royal, captured or burned, is a lost royal (`royal`).
    #[schema(example = json!([{"square": "13h", "piece": "p", "cause": "capture", "royal": false}]))]
    pub removed: Vec<RemovedInfo>,
    /// Promotion.
    pub promotion: PromotionInfo,
    /// The mover's token after the move (`+R`, `+DV`, ...); when the mover was burned on
    /// arrival (a `self_burn` in `removed`), the piece it had become.
    #[schema(example = "P")]
    pub piece_after: String,
    /// Whether the move is a pass (every pass of a position is one move in lists; a
    /// played pass names the piece that passed: `from`).
    #[schema(example = false)]
    pub pass: bool,
    /// Whether the move gives check: after it the opponent is in check as
    /// `status.in_check` judges it, by the engine's one test of check (the mover could,
    /// moving again, leave the opponent without a royal; with several royals, a move that
    /// takes them all at once: attacking one royal of two is not check). The same as a
    /// replay verdict's `gave_check`. `false` for a move that takes the opponent's last
    /// royal (the game ends). In ko shogi, check as ko.md §6 defines it: the mover could,
    /// moving again, bring the opponent to the loss condition.
    #[schema(example = false)]
    pub gives_check: bool,
    /// Ko shogi: the pieces the move changed in place, in the order the move changed them:
    /// promoted by the clerk, then reverted (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(example = json!([{"square": "2r", "piece": "TP", "cause": "reversion"}]))]
    pub changed: Vec<ChangedInfo>,
}

/// How a list of moves is written: `objects` (the default) with every move's notations
/// and effects, or `text`, the machine texts alone (a tai start list is about a fifth of
/// the size).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "text")]
pub enum ListFormat {
    /// One object per move.
    #[default]
    Objects,
    /// One string per move.
    Text,
}

/// Moves in the form the request's `format` asked for, in the order every list of moves
/// takes: ascending by machine text, compared byte by byte (as jq's `sort` or Python's
/// `sorted` order strings).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(example = examples::move_infos)]
pub enum MoveList {
    /// `format: objects`: each move with its notations and effects.
    #[schema(example = examples::move_infos)]
    Objects(Vec<MoveInfo>),
    /// `format: text`: each move's machine text.
    #[schema(example = json!(["13s13r"]))]
    Text(Vec<String>),
}

/// Why a move is illegal: a rule breach, on which a game server may rule (the seeds' rule
/// that an illegal move loses).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::illegal_info)]
pub struct IllegalInfo {
    /// Stable snake_case reason, every one a rule breach (the text names a move the rules
    /// forbid): `game_over` (the game has already ended), `empty_square`,
    /// `not_your_piece`, `onto_own_piece`, `unreachable` (machine text, or Hodges text
    /// whose piece cannot get there), `path_blocked`, `invalid_route`,
    /// `emperor_capture_protected`, `promotion_compulsory` (`=` where promotion is
    /// compulsory), `promotion_not_possible` (`+` or `=` on a move that offers no
    /// promotion); chu shogi's lion-trading rules: `lion_protected`, `counter_strike`;
    /// tenjiku shogi's `both_royals_lost` (option `both_royals_lost = illegal`); ko
    /// shogi's `frozen` (a netted piece) and `invalid_shot`; for moves a repetition rule
    /// forbids (game form): `perpetual_check` (`jcsa`, or `fourfold_no_contest` against a
    /// sole royal), `perpetual_attack` and `pass_cycle` (`jcsa`), `repetition`
    /// (`no_repeat`). Text that names no move is not here: see `unreadable`.
    #[schema(example = "path_blocked")]
    pub code: String,
    /// An English sentence.
    #[schema(example = "the path is blocked")]
    pub message: String,
    /// The seeds' ruling that an illegal move loses: the side that would win if the game
    /// server applies it (`black` or `white`). For `game_over`, the winner of the game
    /// that already ended (`null` when it ended drawn or with no contest).
    #[schema(example = "white")]
    pub winner_if_enforced: Option<String>,
}

/// Text that names no move: not a rule breach and no ruling on who wins (api.md job 3,
/// settled 2026-11-28). A game server should ask its player again.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::unreadable_info)]
pub struct UnreadableInfo {
    /// Stable snake_case reason, every one a notation problem: `malformed` (neither
    /// machine text nor Hodges text; the message names the odd character or square),
    /// and for Hodges text: `unknown_piece` (no piece of the variant has the code),
    /// `promoted_only_piece` (a promoted-only piece's code without `+`),
    /// `no_such_piece` (the side to move has no such piece, or none on the start square
    /// given), `ambiguous` (several pieces can make the move: the start square is
    /// needed), `promotion_mark_required` (promotion is optional: `+` or `=` is needed),
    /// `capture_mark_wrong` (`x` where nothing is captured or `-` where something is: the
    /// hint gives the corrected text).
    #[schema(example = "ambiguous")]
    pub code: String,
    /// An English sentence: why the text names no move.
    #[schema(
        example = "several pieces can make this move; add the start square after the piece code (one of 3m, 5m) (Hodges text)"
    )]
    pub message: String,
    /// What to send instead.
    #[schema(example = "add the start square after the piece code: one of 3m, 5m")]
    pub hint: String,
}
