//! Request and response bodies of the API, each field described for the OpenAPI document.
//! Requests are parsed into engine types at the edge (`api::context`).

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserializer, MapAccess, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use utoipa::ToSchema;

/// A request body read from a JSON object only: serde's derive would also read a struct
/// from an array of its field values in order, which the API does not accept.
#[derive(Debug, Clone)]
pub struct Body<T>(pub T);

impl<T> std::ops::Deref for Body<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Body<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ObjectOnly(PhantomData)).map(Body)
    }
}

/// Position text in an answer. The engine prints it from ASCII piece tokens, digits and
/// separators, so it is copied into the JSON answer between quotes as it is, without the
/// byte-by-byte escaping a plain string gets (a 1 KB tai position otherwise costs more to
/// escape than to print).
#[derive(Debug, Clone)]
pub struct PositionText(TextForm);

#[derive(Debug, Clone)]
enum TextForm {
    /// The quoted text, already a JSON string.
    Verbatim(Box<RawValue>),
    /// Text that needs escaping (never printed by the engine; kept for totality).
    Escaped(String),
}

impl PositionText {
    /// The JSON string of `text`.
    pub fn new(text: &str) -> PositionText {
        let mut quoted = String::with_capacity(text.len() + 2);
        quoted.push('"');
        quoted.push_str(text);
        quoted.push('"');
        PositionText(match RawValue::from_string(quoted) {
            Ok(raw) => TextForm::Verbatim(raw),
            Err(_) => TextForm::Escaped(text.to_string()),
        })
    }
}

impl Serialize for PositionText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            TextForm::Verbatim(raw) => raw.serialize(serializer),
            TextForm::Escaped(text) => serializer.serialize_str(text),
        }
    }
}

/// Reads a `T` from a JSON object and nothing else, in one pass.
struct ObjectOnly<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectOnly<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

/// Reads `Option<T>` from a JSON object or null only.
struct ObjectOrNull<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectOrNull<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object or null")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_map(ObjectOnly(PhantomData)).map(Some)
    }
}

/// `Option<T>` from a JSON object or null only (see [`Body`]).
fn object_or_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    d.deserialize_option(ObjectOrNull(PhantomData))
}

/// A `u32` from any JSON number with a whole value: `2` or `2.0`, as JSON Schema's
/// `integer` allows.
fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    d.deserialize_any(WholeNumber)
}

/// Reads a whole number from 0 to `u32::MAX`, written with or without a fraction.
struct WholeNumber;

impl Visitor<'_> for WholeNumber {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a whole number from 0 to {}", u32::MAX)
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<u32, E> {
        if v.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v) {
            Ok(v as u32)
        } else {
            Err(E::invalid_value(Unexpected::Float(v), &self))
        }
    }
}

/// Which rules to apply: a named profile (the variant's default when omitted) plus
/// overrides of individual options.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"profile": "tsa", "options": {"lion_dog_jump_back": "true"}}))]
pub struct RulesInput {
    /// Profile name (`wikipedia`, `japanese`, `tsa` for tai).
    #[schema(example = "wikipedia")]
    pub profile: Option<String>,
    /// Option overrides, name to value (see the variant's catalogue for names and values).
    /// Each option at most once.
    #[schema(example = json!({"emperor_capture": "royals_only"}))]
    #[schema(value_type = Option<BTreeMap<String, String>>)]
    pub options: Option<OptionOverrides>,
}

/// Option overrides as given, in order and every pair kept: a JSON object read into a map
/// would keep only the last of two equal names, which the rules refuse instead
/// (`duplicate_option`).
#[derive(Debug, Clone, Default)]
pub struct OptionOverrides(pub Vec<(String, String)>);

impl<'de> Deserialize<'de> for OptionOverrides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(Pairs)
    }
}

/// Reads every (name, value) pair of a JSON object of strings.
struct Pairs;

impl<'de> Visitor<'de> for Pairs {
    type Value = OptionOverrides;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object of option names to values")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OptionOverrides, A::Error> {
        let mut pairs = Vec::new();
        while let Some(pair) = map.next_entry::<String, String>()? {
            pairs.push(pair);
        }
        Ok(OptionOverrides(pairs))
    }
}

/// The rules that were applied, fully resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::rules_echo)]
pub struct RulesEcho {
    /// The variant id.
    #[schema(example = "tai")]
    pub variant: &'static str,
    /// The profile the options started from.
    #[schema(example = "wikipedia")]
    pub profile: &'static str,
    /// Every option of the variant with the value in force (in the catalogue's order).
    #[schema(value_type = BTreeMap<String, String>, example = examples::tai_options)]
    pub options: OptionValues,
}

/// Option names with their values as a JSON object in the catalogue's order, serialized
/// once and shared by every answer under the same rules.
#[derive(Debug, Clone)]
pub struct OptionValues(Arc<RawValue>);

impl OptionValues {
    /// The object of these (name, value) pairs, in the order given.
    pub fn new<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>) -> OptionValues {
        let json =
            serde_json::to_string(&InOrder(pairs.collect())).expect("a map of strings serializes");
        OptionValues(Arc::from(
            RawValue::from_string(json).expect("serde_json wrote valid JSON"),
        ))
    }
}

/// (name, value) pairs written as a JSON object in their order.
struct InOrder<'a>(Vec<(&'a str, &'a str)>);

impl Serialize for InOrder<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().copied())
    }
}

impl Serialize for OptionValues {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The fields that name a variant, its rules and a position in either form (bare
/// position, or start plus moves), shared by the requests that judge one position.
pub trait PositionForm {
    fn variant(&self) -> &str;
    fn rules(&self) -> Option<&RulesInput>;
    fn position(&self) -> Option<&str>;
    fn start(&self) -> Option<&str>;
    fn moves(&self) -> Option<&Vec<String>>;
}

macro_rules! position_form {
    ($($request:ty),*) => {$(
        impl PositionForm for $request {
            fn variant(&self) -> &str {
                &self.variant
            }
            fn rules(&self) -> Option<&RulesInput> {
                self.rules.as_ref()
            }
            fn position(&self) -> Option<&str> {
                self.position.as_deref()
            }
            fn start(&self) -> Option<&str> {
                self.start.as_deref()
            }
            fn moves(&self) -> Option<&Vec<String>> {
                self.moves.as_ref()
            }
        }
    )*};
}

position_form!(LegalMovesRequest, AdjudicateRequest, PerftRequest);

/// A variant id: one of the variants this service plays (`GET /v1/variants`). Requests
/// read it as text and answer any other with a 422 `unknown_variant` problem (404 in a
/// path), listing the valid ids.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "tai")]
pub enum VariantId {
    /// Tai shogi (25×25).
    Tai,
    /// Chu shogi (12×12), as lishogi plays it.
    Chu,
}

/// Ask for every legal move of the side to move.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r"]}))]
pub struct LegalMovesRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played so far.
    #[schema(example = json!(["13s13r"]))]
    pub moves: Option<Vec<String>>,
}

/// Judge one proposed move.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r"], "move": "13g13h"}))]
pub struct AdjudicateRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played so far.
    #[schema(example = json!(["13s13r"]))]
    pub moves: Option<Vec<String>>,
    /// The proposed move, in machine notation (any equivalent spelling) or Hodges notation.
    #[serde(rename = "move")]
    #[schema(example = "13g13h")]
    pub proposed: String,
}

/// Replay a whole game.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13q"]}))]
pub struct ReplayRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// The moves, in machine notation.
    #[schema(example = json!(["13s13r", "13g13h", "13r13q"]))]
    pub moves: Vec<String>,
}

/// Count move sequences to a depth.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "depth": 2, "divide": false}))]
pub struct PerftRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played first.
    #[schema(example = json!(["13s13r"]))]
    pub moves: Option<Vec<String>>,
    /// Depth (1 = the number of legal moves), at most the configured limit.
    #[schema(example = 2, minimum = 0)]
    #[serde(deserialize_with = "whole_number")]
    pub depth: u32,
    /// Also return the count under each first move.
    #[serde(default)]
    #[schema(example = true)]
    pub divide: bool,
}

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
    /// Captured pieces in capture order.
    #[schema(example = json!([{"square": "13h", "piece": "p", "royal": false}]))]
    pub captures: Vec<CaptureInfo>,
    /// Promotion.
    pub promotion: PromotionInfo,
    /// The mover's token after the move (`+R`, `+DV`, ...).
    #[schema(example = "P")]
    pub piece_after: String,
    /// Whether the move is a pass (every pass of a position is one move in lists; a
    /// played pass names the piece that passed: `from`).
    #[schema(example = false)]
    pub pass: bool,
}

/// Every legal move of the side to move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LegalMovesResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// The position the moves are for.
    #[schema(value_type = String, example = examples::hook_mover_mate)]
    pub position: PositionText,
    /// `black` or `white`.
    #[schema(example = "white")]
    pub side_to_move: String,
    /// Number of legal moves.
    #[schema(example = 304)]
    pub count: usize,
    /// The moves, in canonical text order (none once the game has ended; in the game
    /// form, none that a repetition rule forbids).
    #[schema(example = examples::move_infos)]
    pub moves: Vec<MoveInfo>,
    /// The game's status in this position.
    pub status: GameStatus,
}

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "ongoing")]
pub enum StatusState {
    /// The side to move has a legal move and nothing ended the game.
    Ongoing,
    /// The game is over; `result` and `reason` say how.
    Ended,
}

/// How an ended game came out.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "white")]
pub enum StatusResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// Drawn (`repetition = jcsa` or `lishogi`: a 4th occurrence nobody was obliged to
    /// avoid or lose by; chu `bare_king = true`: two lone royals).
    Draw,
    /// No contest (`repetition = fourfold_no_contest`: a 4th occurrence).
    NoContest,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "checkmate")]
pub enum StatusReason {
    /// A side has no royal piece left.
    RoyalsCaptured,
    /// The side to move is in check and no legal move escapes (tai shogi; chu shogi has
    /// no mate: royals are captured).
    Checkmate,
    /// The side to move has no legal move at all (it loses).
    Stalemate,
    /// A position occurred for the 4th time and nobody was obliged to avoid it, or (in a
    /// replayed game) a side made a move a repetition rule forbade.
    Repetition,
    /// (Replayed game) a side made the move that perpetual check forbade it; under chu's
    /// `repetition = lishogi`, the 4th occurrence of a cycle in which the loser attacked
    /// (gave check or threatened a capture) with every move and the winner did not.
    PerpetualCheck,
    /// (Replayed game) a side made an illegal move; the seeds' rule: it lost.
    IllegalMove,
    /// Chu shogi, `bare_king = true`: the loser has nothing left but one royal while the
    /// winner still has material and could not be bared back at once.
    BareKing,
    /// Chu shogi, `bare_king = true`: each side has nothing left but one royal (a draw).
    LoneKings,
}

/// Whether repetition was judged.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "evaluated")]
pub enum RepetitionJudged {
    /// Game form: the whole history is known and the `repetition` option applied.
    Evaluated,
    /// Bare position: no history, so no repetition ruling (the response says so rather
    /// than guessing).
    NotEvaluated,
}

/// The side to move's check: its royals and the opponent moves that would take them all.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"royals": ["1y"], "attacking_moves": ["3w1y+"]}))]
pub struct CheckInfo {
    /// Squares of the side's royal pieces.
    #[schema(example = json!(["1y"]))]
    pub royals: Vec<String>,
    /// The opponent's moves (canonical text) after which the side would have no royal.
    #[schema(example = json!(["3w1y+"]))]
    pub attacking_moves: Vec<String>,
}

/// The game's status: ongoing or ended (with result and reason), check, repetition.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::game_status)]
pub struct GameStatus {
    /// `ongoing` or `ended`.
    pub state: StatusState,
    /// When ended: who won, or draw / no contest.
    pub result: Option<StatusResult>,
    /// When ended: why.
    pub reason: Option<StatusReason>,
    /// `black` or `white`.
    #[schema(example = "black")]
    pub side_to_move: String,
    /// Whether the side to move is in check (its opponent, moving now, could leave it
    /// without a royal).
    #[schema(example = false)]
    pub in_check: bool,
    /// When in check: the royals and the attacking moves.
    pub check: Option<CheckInfo>,
    /// Whether repetition was judged (`not_evaluated` for a bare position).
    pub repetition: RepetitionJudged,
    /// Game form: how many times this position (board, side to move, extra field) has
    /// occurred, this time included.
    #[schema(example = 1)]
    pub occurrences: Option<usize>,
}

/// Why a move is illegal.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::illegal_info)]
pub struct IllegalInfo {
    /// Stable snake_case reason: `malformed`, `game_over`, `empty_square`,
    /// `not_your_piece`, `onto_own_piece`, `unreachable`, `path_blocked`, `invalid_route`,
    /// `emperor_capture_protected`, `promotion_compulsory`, `promotion_not_possible`; chu
    /// shogi's lion-trading rules: `lion_protected`, `counter_strike`; for moves a
    /// repetition rule forbids (game form): `perpetual_check` (`jcsa`, or
    /// `fourfold_no_contest` against a sole royal), `perpetual_attack` and `pass_cycle`
    /// (`jcsa`), `repetition` (`no_repeat`); for Hodges text (adjudication) that names no
    /// legal move: `malformed`, `unknown_piece`, `promoted_only_piece`, `no_such_piece`,
    /// `unreachable`, `ambiguous`, `promotion_mark_required`, `promotion_compulsory`,
    /// `promotion_not_possible`.
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

/// The verdict on one proposed move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdjudicateResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// Whether the move is legal.
    #[schema(example = true)]
    pub legal: bool,
    /// When illegal: why.
    pub illegal: Option<IllegalInfo>,
    /// When legal: the move in both notations with its effects.
    #[serde(rename = "move")]
    pub played: Option<MoveInfo>,
    /// When legal: the position after the move.
    #[schema(value_type = Option<String>, example = examples::hook_mover_mated)]
    pub position_after: Option<PositionText>,
    /// The game's status: after the move when legal (whether the opponent is now in
    /// check, mate, ...), else unchanged by the refused move.
    pub status: GameStatus,
}

/// The verdict on one move of a replayed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayVerdict {
    /// Index in the move list (0 = first).
    #[schema(example = 0)]
    pub index: usize,
    /// The move as submitted.
    #[schema(example = "13s13r")]
    pub submitted: String,
    /// Whether it was legal.
    #[schema(example = true)]
    pub legal: bool,
    /// When legal: the move in both notations with its effects.
    #[serde(rename = "move")]
    pub played: Option<MoveInfo>,
    /// When illegal: why.
    pub illegal: Option<IllegalInfo>,
    /// When legal: whether the move left the opponent in check.
    #[schema(example = false)]
    pub gave_check: Option<bool>,
}

/// A replayed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// One verdict per move, up to and including the first illegal one.
    #[schema(example = examples::verdicts)]
    pub verdicts: Vec<ReplayVerdict>,
    /// Index of the first illegal move, if any.
    #[schema(example = 1)]
    pub first_illegal: Option<usize>,
    /// The position after the last legal move.
    #[schema(value_type = String, example = examples::hook_mover_mated)]
    pub final_position: PositionText,
    /// The game's final status. When the replay stopped at an illegal move, the ruling
    /// that an illegal move loses is applied: ended, won by the other side, reason
    /// `illegal_move` (`perpetual_check` or `repetition` for a move a repetition rule
    /// forbade); a move after the end leaves the earlier ending.
    pub status: GameStatus,
}

/// Leaf count under one first move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DivideRow {
    /// The first move.
    #[serde(rename = "move")]
    #[schema(example = "13s13r")]
    pub text: String,
    /// Leaf nodes under it.
    #[schema(example = 304)]
    pub nodes: u64,
}

/// A perft count.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PerftResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// Depth counted.
    #[schema(example = 2)]
    pub depth: u32,
    /// Leaf nodes.
    #[schema(example = 92662)]
    pub nodes: u64,
    /// Per first move, when asked for.
    #[schema(example = json!([{"move": "8r8q", "nodes": 304}, {"move": "18r18q", "nodes": 304}]))]
    pub divide: Option<Vec<DivideRow>>,
}

/// A variant in the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantSummary {
    /// Id used in requests.
    #[schema(example = "tai")]
    pub id: String,
    /// Display name.
    #[schema(example = "Tai shogi")]
    pub name: String,
    /// Board width.
    #[schema(example = 25)]
    pub files: u8,
    /// Board height.
    #[schema(example = 25)]
    pub ranks: u8,
}

/// A rule option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OptionInfo {
    /// Option name.
    #[schema(example = "emperor_capture")]
    pub name: String,
    /// Allowed values.
    #[schema(example = json!(["unprotected", "royals_only", "unrestricted"]))]
    pub values: Vec<String>,
    /// The value under each profile.
    #[schema(example = json!({"japanese": "unprotected", "tsa": "unprotected", "wikipedia": "unprotected"}))]
    pub defaults: BTreeMap<String, String>,
    /// What it decides and the source of each reading.
    #[schema(example = examples::emperor_capture_description)]
    pub description: String,
    /// Each value of `values`, in the same order, with what it means and the sources
    /// that read the rule that way.
    #[schema(example = examples::emperor_capture_choices)]
    pub choices: Vec<ChoiceInfo>,
}

/// One value of a rule option: what it means and who reads the rule that way.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChoiceInfo {
    /// The value, as given in `rules.options`.
    #[schema(example = "royals_only")]
    pub value: String,
    /// What the rule is under this value, in one sentence.
    #[schema(
        example = "Only a royal victim must be unprotected; the emperor takes any other piece it can land on."
    )]
    pub meaning: String,
    /// The texts and programs that read the rule this way: names listed in the
    /// variant's `sources`.
    #[schema(example = json!(["seed 000"]))]
    pub sources: Vec<String>,
}

/// A rule profile: a named choice of a value for every option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProfileInfo {
    /// Profile name, as given in `rules.profile`.
    #[schema(example = "tsa")]
    pub name: String,
    /// What the profile follows, in one line.
    #[schema(
        example = "The Shogi Association's readings as in Steve Evans' program: lion dog a plain 1-3 range piece, Evans' moves for the turtle-snake, fierce eagle, donkey and others."
    )]
    pub description: String,
}

/// A text or program that an option's value is sourced to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SourceInfo {
    /// The name used in `options[].choices[].sources`.
    #[schema(example = "Evans")]
    pub name: String,
    /// What it is and where it was read.
    #[schema(
        example = "Steve Evans' Shogi Variants program data (Debian shogivar-data 1.55b: Tai.dat, Tai.rul), whose rule text follows George Hodges and The Shogi Association."
    )]
    pub description: String,
}

/// A piece kind.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PieceInfo {
    /// Canonical code (uppercase; lowercase on the board for White).
    #[schema(example = "LN")]
    pub code: String,
    /// English name.
    #[schema(example = "Lion")]
    pub name: String,
    /// Japanese name.
    #[schema(example = "獅子")]
    pub kanji: String,
    /// Romanised Japanese name.
    #[schema(example = "shishi")]
    pub romaji: String,
    /// Default movement in the project's movement language (`step(orth)`, `slide(diag)`,
    /// `lion`, ...; see the README).
    #[schema(example = "lion")]
    pub movement: String,
    /// What it promotes to under each promotion table (`null` = no promotion).
    #[schema(example = json!({"en": "FF", "ja": "FF"}))]
    pub promotes: BTreeMap<String, Option<String>>,
    /// Whether losing every royal loses the game.
    #[schema(example = false)]
    pub royal: bool,
    /// Whether the kind exists only as a promoted side.
    #[schema(example = false)]
    pub promoted_only: bool,
    /// Other codes accepted on input.
    #[schema(example = json!(["KY"]))]
    pub aliases: Vec<String>,
}

/// Board size.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"files": 25, "ranks": 25}))]
pub struct BoardInfo {
    /// Number of files (numbered from Black's right).
    #[schema(example = 25)]
    pub files: u8,
    /// Number of ranks (lettered from the top).
    #[schema(example = 25)]
    pub ranks: u8,
}

/// Everything about one variant.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantDetail {
    /// Id used in requests.
    #[schema(example = "tai")]
    pub id: String,
    /// Display name.
    #[schema(example = "Tai shogi")]
    pub name: String,
    /// Board size.
    pub board: BoardInfo,
    /// The initial position.
    #[schema(example = examples::tai_start)]
    pub start_position: String,
    /// The profile used when a request names none.
    #[schema(example = "wikipedia")]
    pub default_profile: String,
    /// Every profile name, the default first.
    #[schema(example = json!(["wikipedia", "japanese", "tsa"]))]
    pub profiles: Vec<String>,
    /// Every profile with what it follows, in the order of `profiles`.
    #[schema(example = examples::tai_profiles)]
    pub profile_details: Vec<ProfileInfo>,
    /// Every rule option.
    #[schema(example = examples::emperor_capture_option)]
    pub options: Vec<OptionInfo>,
    /// The texts and programs the options' values are sourced to.
    #[schema(example = examples::sources)]
    pub sources: Vec<SourceInfo>,
    /// Every piece kind.
    #[schema(example = json!([{
        "code": "LN", "name": "Lion", "kanji": "獅子", "romaji": "shishi", "movement": "lion",
        "promotes": {"en": "FF", "ja": "FF"}, "royal": false, "promoted_only": false, "aliases": []
    }]))]
    pub pieces: Vec<PieceInfo>,
}

/// Liveness or readiness.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Health {
    /// `ok`.
    #[schema(example = "ok")]
    pub status: String,
}

/// Examples of the OpenAPI document: real answers of the service, and tai shogi's own
/// catalogue data where the document shows it.
mod examples {
    use crate::engine::variant::{tai, OptionDef};
    use serde_json::{json, Value};

    /// A bare tai position: White's hook mover on 3c mates Black's lone crown prince on 1y
    /// with `3c3w` (the README's example).
    pub fn hook_mover_mate() -> &'static str {
        "cp,24/25/22,hm,2/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24,CP w - 1"
    }

    /// [`hook_mover_mate`] after `3c3w`.
    pub fn hook_mover_mated() -> &'static str {
        "cp,24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/22,hm,2/25/24,CP b - 2"
    }

    /// Tai shogi's initial position.
    pub fn tai_start() -> Value {
        json!(tai().setup)
    }

    /// Tai's options under its default profile.
    pub fn tai_options() -> Value {
        let profile = 0;
        Value::Object(
            tai()
                .options
                .iter()
                .map(|o| (o.name.clone(), json!(o.values[o.defaults[profile]])))
                .collect(),
        )
    }

    /// The rules echo of a tai request that names no rules.
    pub fn rules_echo() -> Value {
        json!({"variant": "tai", "profile": tai().profiles[0], "options": tai_options()})
    }

    /// The move `13s13r` of tai's initial position.
    pub fn move_info() -> Value {
        json!({
            "move": "13s13r", "hodges": "P-13r", "from": "13s", "to": "13r", "captures": [],
            "promotion": "none", "piece_after": "P", "pass": false
        })
    }

    /// A list of one move.
    pub fn move_infos() -> Value {
        json!([move_info()])
    }

    /// The status after `13s13r` in the game form.
    pub fn game_status() -> Value {
        json!({
            "state": "ongoing", "result": null, "reason": null, "side_to_move": "white",
            "in_check": false, "check": null, "repetition": "evaluated", "occurrences": 1
        })
    }

    /// Tai's lance on 25y asked to jump over its own pawns.
    pub fn illegal_info() -> Value {
        json!({"code": "path_blocked", "message": "the path is blocked", "winner_if_enforced": "white"})
    }

    /// The replay verdict on `13s13r`.
    pub fn verdicts() -> Value {
        json!([{
            "index": 0, "submitted": "13s13r", "legal": true, "move": move_info(),
            "illegal": null, "gave_check": false
        }])
    }

    /// Tai's `emperor_capture` option.
    fn emperor_capture() -> &'static OptionDef {
        let v = tai();
        &v.options[v
            .option_index("emperor_capture")
            .expect("tai has emperor_capture")]
    }

    /// What `emperor_capture` decides.
    pub fn emperor_capture_description() -> Value {
        json!(emperor_capture().description)
    }

    /// The values of `emperor_capture` explained.
    pub fn emperor_capture_choices() -> Value {
        let o = emperor_capture();
        Value::Array(
            o.values
                .iter()
                .zip(&o.choices)
                .map(|(value, c)| json!({"value": value, "meaning": c.meaning, "sources": c.sources}))
                .collect(),
        )
    }

    /// A list of one option: `emperor_capture`.
    pub fn emperor_capture_option() -> Value {
        let v = tai();
        let o = emperor_capture();
        let defaults: serde_json::Map<String, Value> = v
            .profiles
            .iter()
            .zip(&o.defaults)
            .map(|(p, &d)| (p.clone(), json!(o.values[d])))
            .collect();
        json!([{
            "name": o.name, "values": o.values, "defaults": defaults,
            "description": o.description, "choices": emperor_capture_choices()
        }])
    }

    /// Tai's profiles described.
    pub fn tai_profiles() -> Value {
        let v = tai();
        Value::Array(
            v.profiles
                .iter()
                .zip(&v.profile_descriptions)
                .map(|(name, description)| json!({"name": name, "description": description}))
                .collect(),
        )
    }

    /// Tai's sources.
    pub fn sources() -> Value {
        Value::Array(
            tai()
                .sources
                .iter()
                .map(|s| json!({"name": s.name, "description": s.description}))
                .collect(),
        )
    }
}
