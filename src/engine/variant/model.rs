//! The data model of a variant: a [`Variant`] (its piece rows, option rows, sources,
//! overrides, setup text, code and token tables) and its accessors; what the loader
//! fills and every request reads.

use super::key_table::{code_key, pack_token, packed_token_key, KeyTable};
pub use super::ko_flags::KoFlags;
use crate::engine::core::color::Color;
use crate::engine::core::piece::{FaceId, KindId, Piece};
use crate::engine::core::shape::Shape;
use crate::engine::geometry::Geometry;
use crate::engine::movement::Movement;

/// One row of a variant's piece table.
#[derive(Debug, Clone)]
pub struct KindInfo {
    pub code: String,
    pub name: String,
    pub kanji: String,
    pub romaji: String,
    /// The default movement, as written in the data file.
    pub movement_text: String,
    pub movement: Movement,
    /// What the kind promotes to under each promotion table, in table order.
    pub promotes: Vec<(String, Option<KindId>)>,
    pub royal: bool,
    pub promoted_only: bool,
    /// Counts as a lion for the lion-trading rules (flag `lion`).
    pub lion: bool,
    /// Unpromoted: no bridge for a lion's capture, no material for bare king (`pawnlike`).
    pub pawnlike: bool,
    /// Unpromoted: how many of the last ranks trap the piece (flag `last_rank`, 1, or
    /// `last_rank=2`, the tenjiku knight): it has no move there, so reaching them gives a
    /// second chance to promote (or as the variant's options say), and it is dead there.
    pub trapped_ranks: u8,
    /// The jump rank (flag `rank=N`, tenjiku.md §4.2): range jumps pass only pieces of a
    /// lower rank; 0 without the flag.
    pub jump_rank: u8,
    /// Burns (flag `fire_demon`, tenjiku.md §5).
    pub fire_demon: bool,
    /// The kind whose promoted side a capturer of this piece becomes (contagion).
    pub contagious: Option<KindId>,
    pub aliases: Vec<String>,
    /// Ko shogi's flags (ko.md §2; none elsewhere).
    pub ko: KoFlags,
}

/// One rule option of a variant.
#[derive(Debug, Clone)]
pub struct OptionDef {
    pub name: String,
    pub values: Vec<String>,
    /// Value index per profile, in profile order.
    pub defaults: Vec<usize>,
    /// Defaults that depend on an earlier option's value (`readings.ats=jumps`): when a
    /// request does not give this option, the first entry whose option has its value in
    /// force gives the default, before the profile's.
    pub dependent: Vec<DependentDefault>,
    pub description: String,
    /// What each value means and who reads the rule that way, in value order.
    pub choices: Vec<Choice>,
    /// Per value, its place among the values `options.rs` declares for the option (the
    /// data may list them in another order): what typed reading goes through.
    pub(super) declared: Vec<usize>,
}

/// A default of one option that another option's value sets (options file entry
/// `OPTION.VALUE=DEFAULT`): taikyoku's `readings` setting its per-piece options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DependentDefault {
    /// The option it depends on: an earlier row of the options file.
    pub option: usize,
    /// The value of that option under which the default applies.
    pub when: usize,
    /// The default then, a value index of the dependent option.
    pub value: usize,
}

/// What one value of a rule option means, and the sources that read the rule that way.
#[derive(Debug, Clone, Default)]
pub struct Choice {
    pub meaning: String,
    /// Names of the variant's [`Source`]s, at least one.
    pub sources: Vec<String>,
}

/// A text or program that option values are sourced to.
#[derive(Debug, Clone)]
pub struct Source {
    pub name: String,
    pub description: String,
}

/// A start position that replaces the setup file's when an option has a value (ko.md O32).
#[derive(Debug, Clone)]
pub struct SetupOverride {
    pub option: usize,
    pub value: usize,
    /// Position text.
    pub setup: String,
}

/// A movement or promotion that replaces a piece's default when an option has a value.
#[derive(Debug, Clone)]
pub struct Override {
    pub option: usize,
    pub value: usize,
    pub kind: KindId,
    pub change: OverrideChange,
}

/// What an [`Override`] changes.
#[derive(Debug, Clone)]
pub enum OverrideChange {
    Movement(Movement),
    /// The kind promotes to this kind (under every promotion table).
    Promotes(KindId),
}

/// How pieces promote in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionKind {
    /// No zone: a piece promotes on capturing (tai shogi; option `promotion_trigger`).
    OnCapture,
    /// A zone of the far `ranks` ranks, promotion optional on entering it or capturing
    /// with the start or final square in it (chu shogi).
    Zone { ranks: u8 },
}

/// The rules a variant has that are not options: its board, what kind of promotion, and
/// the capabilities the engine branches on, as its header file (`data/<id>.variant`) lists
/// them (each field below names its capability there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantTraits {
    pub shape: Shape,
    pub promotion: PromotionKind,
    /// Chu shogi's lion-trading rules (options `lion_protection`, `counter_strike`,
    /// `promoted_kirin_recapture`) and the counter-strike square in the extra field
    /// (capability `lion_trading`).
    pub lion_trading: bool,
    /// Whether a mated side loses (tai shogi) or mate is no ending at all (chu shogi has no
    /// check rule: a royal is captured, not mated) (capability `mate_ends_game`).
    pub checkmate: bool,
    /// Whether promotion marks are read as lishogi reads them: a `+` on a three-square move
    /// (a pass too) of a piece that cannot promote is ignored (lishogi's client accepts
    /// `7g6f5e+` as `7g5e`), and `=` or `?` after a move that cannot promote means "no
    /// promotion" (chu_lishogi.md §1, §5) (capability `lishogi_marks`).
    pub lishogi_marks: bool,
    /// Whether KIF records follow lishogi's own layout (no `手合割` line for the initial
    /// setup, three-column board cells, lishogi's piece names); otherwise this project's
    /// extension of it to the larger boards (`docs/kif.md`) (capability `lishogi_kif`).
    pub lishogi_kif: bool,
    /// Whether perft may count USI strings as lishogi's rules library lists them
    /// (`perft::Count::UsiStrings`): only for the variant lishogi plays, whose listing it
    /// reproduces (capability `usi_string_count`).
    pub usi_string_count: bool,
    /// Moves are routes (ko shogi, ko.md): shots, burns, nets, on-the-spot promotions,
    /// reversions and the command loss condition instead of royals, generated in the route
    /// context and played with [`super::RouteRules`] (capability `route_moves`).
    pub routes: bool,
}

/// What a variant is called: its id in requests, its English display name and its
/// Japanese name (the kanji a KIF record's `手合割` tag, "handicap", here "which game",
/// names it by), as its header file (`data/<id>.variant`) gives them. The one home of
/// these names: every list of the variants is read from the registry's headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantNames {
    /// The id in requests (`tai`).
    pub id: &'static str,
    /// The English display name (`Tai shogi`).
    pub name: &'static str,
    /// The Japanese name (`泰将棋`).
    pub japanese: &'static str,
}

/// A variant: board, pieces, options, profiles, setup.
#[derive(Debug)]
pub struct Variant {
    /// The variant's id in requests (`tai`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// The Japanese name (`泰将棋`), as a KIF `手合割` tag writes it.
    pub japanese: &'static str,
    pub traits: VariantTraits,
    pub geometry: Geometry,
    pub kinds: Vec<KindInfo>,
    pub profiles: Vec<String>,
    /// What each profile follows, one line each, in profile order.
    pub profile_descriptions: Vec<String>,
    pub options: Vec<OptionDef>,
    /// The texts and programs the options' values are sourced to.
    pub sources: Vec<Source>,
    pub overrides: Vec<Override>,
    /// The initial position as position text.
    pub setup: String,
    /// Other initial positions, each under an option value.
    pub setup_overrides: Vec<SetupOverride>,
    /// Every code and alias as a [`code_key`] with its kind.
    pub(super) codes: KeyTable<CodeEntry>,
    /// Every piece token as position text prints it (`LN`, `+ln`; no aliases, no other
    /// spellings), packed by `token_key`, with its piece: what the one-pass position
    /// reader accepts, in one probe. Other spellings go to [`Variant::read_token`].
    pub(super) token_pieces: KeyTable<Piece>,
    /// Per face and colour, the piece's token in position text (`+KR`, `ln`).
    pub(super) tokens: Vec<[String; 2]>,
    /// Per face and colour, the token as written in a rank: followed by the cell
    /// separator in the comma form.
    pub(super) cell_texts: Vec<[CellText; 2]>,
}

/// A piece's token with the separator that follows it in a rank, in a fixed 8-byte buffer
/// (`+` and six letters, then `,`), so that writing a rank copies one word per piece.
#[derive(Clone, Copy, Debug, Default)]
pub struct CellText {
    pub bytes: [u8; 8],
    pub len: u8,
}

impl CellText {
    pub(super) fn new(token: &str, separator: &str) -> Result<CellText, String> {
        let text = format!("{token}{separator}");
        let mut cell = CellText {
            len: text.len() as u8,
            ..CellText::default()
        };
        cell.bytes
            .get_mut(..text.len())
            .ok_or_else(|| format!("token `{token}` is longer than 7 bytes"))?
            .copy_from_slice(text.as_bytes());
        Ok(cell)
    }
}

/// What a piece code stands for, with the facts position text needs about the kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeEntry {
    pub kind: KindId,
    /// The kind exists only as a promoted piece.
    pub promoted_only: bool,
    /// The kind has a promoted side under some choice of rules.
    pub can_promote: bool,
}

impl Variant {
    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.geometry.shape
    }

    /// The kind with this code or alias, in either case.
    pub fn kind_by_code(&self, code: &str) -> Option<KindId> {
        self.code_entry(code_key(code)?).map(|e| e.kind)
    }

    /// The kind with this [`code_key`], and what position text needs to know about it.
    #[inline]
    pub fn code_entry(&self, key: u32) -> Option<CodeEntry> {
        self.codes.get(u64::from(key))
    }

    /// The piece a token of position text stands for (`+LN`, `ln`) when the token is
    /// spelled as position text prints the piece; `None` for other spellings (which
    /// [`Variant::read_token`] may still read) and for what is not a piece.
    #[inline]
    pub fn token_piece(&self, token: &[u8]) -> Option<Piece> {
        self.token_piece_packed(token.len(), pack_token(token))
    }

    /// [`Variant::token_piece`] of a token of `len` bytes that the caller has already
    /// packed with [`pack_token`] (while scanning for its end).
    #[inline(always)]
    pub fn token_piece_packed(&self, len: usize, packed: u64) -> Option<Piece> {
        self.token_pieces.get(packed_token_key(len, packed)?)
    }

    /// Every piece token as position text prints it, packed by `token_key`, with its
    /// piece.
    pub(crate) fn printed_tokens(&self) -> impl Iterator<Item = (u64, Piece)> + '_ {
        self.token_pieces.entries()
    }

    /// The token of a piece in position text (`+KR`, `ln`).
    #[inline]
    pub fn token(&self, face: FaceId, color: Color) -> &str {
        &self.tokens[face.index()][color.index()]
    }

    /// The piece's token as written in a rank, with the separator after it.
    #[inline]
    pub fn cell_text(&self, face: FaceId, color: Color) -> &CellText {
        &self.cell_texts[face.index()][color.index()]
    }

    /// The kind's row.
    pub fn kind(&self, id: KindId) -> &KindInfo {
        &self.kinds[id.index()]
    }

    /// The option with this name.
    pub fn option_index(&self, name: &str) -> Option<usize> {
        self.options.iter().position(|o| o.name == name)
    }

    /// Whether the kind has a promoted side under some choice of rules (a promotion table
    /// or an option).
    pub fn can_ever_promote(&self, kind: KindId) -> bool {
        self.kind(kind).promotes.iter().any(|(_, t)| t.is_some())
            || self
                .overrides
                .iter()
                .any(|o| o.kind == kind && matches!(o.change, OverrideChange::Promotes(_)))
    }

    /// Whether any piece that can stand on the board under its own code has more than one
    /// letter (position text then uses commas).
    pub fn multi_letter_codes(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| !k.promoted_only && k.code.len() > 1)
    }
}
