//! Variant definitions loaded from the embedded data files of `data/` (one row per piece,
//! one row per rule option, one row per option value with its meaning and sources, one row
//! per profile, one row per source, one row per option-dependent movement, the setup as
//! position text); see `data/FORMAT.md`.

mod rules;

pub use rules::{
    EmperorCapture, FaceRule, FaceTraits, LionProtection, LionTrading, Placement, PromotionChoice,
    PromotionTrigger, Repetition, Rules, RulesError, RulesRequest, Zone,
};

use super::geometry::{Color, Geometry, Shape};
use super::movement::Movement;
use super::notation::parse_piece_token;
use crate::engine::core::piece::{FaceId, KindId, Piece};
use std::sync::{Arc, OnceLock};

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
    /// Unpromoted: a second chance to promote on the last rank, dead there (`last_rank`).
    pub last_rank: bool,
    /// The kind whose promoted side a capturer of this piece becomes (contagion).
    pub contagious: Option<KindId>,
    pub aliases: Vec<String>,
}

/// One rule option of a variant.
#[derive(Debug, Clone)]
pub struct OptionDef {
    pub name: String,
    pub values: Vec<String>,
    /// Value index per profile, in profile order.
    pub defaults: Vec<usize>,
    pub description: String,
    /// What each value means and who reads the rule that way, in value order.
    pub choices: Vec<Choice>,
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

/// A piece code of 1 to 6 ASCII letters packed into a number, case folded (5 bits a
/// letter); `None` for anything else.
pub fn code_key(code: &str) -> Option<u32> {
    if code.is_empty() || code.len() > 6 {
        return None;
    }
    code.bytes().try_fold(0u32, |key, b| {
        b.is_ascii_alphabetic()
            .then(|| key << 5 | u32::from(b.to_ascii_uppercase() - b'A' + 1))
    })
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

/// The rules a variant has that are not options: what kind of promotion, whether the
/// lion-trading rules apply, whether mate ends the game, how lenient move input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantTraits {
    pub shape: Shape,
    pub promotion: PromotionKind,
    /// Chu shogi's lion-trading rules (options `lion_protection`, `counter_strike`,
    /// `promoted_kirin_recapture`) and the counter-strike square in the extra field.
    pub lion_trading: bool,
    /// Whether a mated side loses (tai shogi) or mate is no ending at all (chu shogi has no
    /// check rule: a royal is captured, not mated).
    pub checkmate: bool,
    /// Whether promotion marks are read as lishogi reads them: a `+` on a three-square move
    /// (a pass too) of a piece that cannot promote is ignored (lishogi's client accepts
    /// `7g6f5e+` as `7g5e`), and `=` or `?` after a move that cannot promote means "no
    /// promotion" (chu_lishogi.md §1, §5).
    pub lishogi_marks: bool,
}

/// A variant: board, pieces, options, profiles, setup.
#[derive(Debug)]
pub struct Variant {
    /// The variant's id in requests (`tai`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
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
    /// The rules a request that names no profile and no option gets, compiled on first
    /// use (see [`Rules::resolve_shared`]).
    default_rules: OnceLock<Arc<Rules>>,
    /// Every code and alias as a [`code_key`] with its kind.
    codes: KeyTable<CodeEntry>,
    /// Every piece token as position text prints it (`LN`, `+ln`; no aliases, no other
    /// spellings), packed by `token_key`, with its piece: what the one-pass position
    /// reader accepts, in one probe. Other spellings go to [`parse_piece_token`].
    token_pieces: KeyTable<Piece>,
    /// Per face and colour, the piece's token in position text (`+KR`, `ln`).
    tokens: Vec<[String; 2]>,
    /// Per face and colour, the token as written in a rank: followed by the cell
    /// separator in the comma form.
    cell_texts: Vec<[CellText; 2]>,
}

/// A piece's token with the separator that follows it in a rank, in a fixed 8-byte buffer
/// (`+` and six letters, then `,`), so that writing a rank copies one word per piece.
#[derive(Clone, Copy, Debug, Default)]
pub struct CellText {
    pub bytes: [u8; 8],
    pub len: u8,
}

impl CellText {
    fn new(token: &str, separator: &str) -> Result<CellText, String> {
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

/// An open-addressing hash table from a packed key ([`code_key`], a packed token; never 0)
/// to a value: a look-up is one multiplication and usually one probe. The table is at
/// most half full; keys and values are kept apart, so that a probe reads one 8-byte key
/// (tai's token table: 16 KB of keys and 4 KB of values instead of 32 KB of slots).
#[derive(Debug)]
pub(crate) struct KeyTable<V> {
    /// The key in each slot, 0 when the slot is empty.
    keys: Vec<u64>,
    /// The value of each filled slot.
    values: Vec<Option<V>>,
    shift: u32,
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

impl<V: Copy> KeyTable<V> {
    pub(crate) fn new(entries: &[(u64, V)]) -> Result<KeyTable<V>, String> {
        let bits = (entries.len() * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut table = KeyTable {
            keys: vec![0; 1 << bits],
            values: vec![None; 1 << bits],
            shift: 64 - bits,
        };
        let mask = table.keys.len() - 1;
        for &(key, value) in entries {
            if key == 0 {
                return Err("a table key is 0".to_string());
            }
            let mut i = table.home(key);
            while table.keys[i] != 0 {
                if table.keys[i] == key {
                    return Err(format!("two entries share key {key}"));
                }
                i = (i + 1) & mask;
            }
            table.keys[i] = key;
            table.values[i] = Some(value);
        }
        Ok(table)
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Every key with its value.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, V)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .filter_map(|(&k, v)| Some((k, (*v)?)))
    }

    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> Option<V> {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return self.values[i];
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }
}

/// A token of position text packed into a key: its length in the top byte, its bytes
/// below; `None` for more than 7 bytes (no piece token is that long).
#[inline]
fn token_key(token: &[u8]) -> Option<u64> {
    packed_token_key(token.len(), pack_token(token))
}

/// A token's bytes shifted in one by one from the right (only the last eight count).
#[inline]
pub fn pack_token(token: &[u8]) -> u64 {
    token.iter().fold(0u64, |key, &b| key << 8 | u64::from(b))
}

/// [`token_key`] from a token's length and its [`pack_token`] value: the length in the
/// top byte, `None` for an empty token or one longer than seven bytes.
#[inline]
pub(crate) fn packed_token_key(len: usize, packed: u64) -> Option<u64> {
    (1..=7)
        .contains(&len)
        .then_some((len as u64) << 56 | packed)
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
    /// [`parse_piece_token`] may still read) and for what is not a piece.
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

    /// The rules a request that names no profile and no option gets: compiled by
    /// `compile` the first time, then shared.
    pub(crate) fn default_rules(&self, compile: impl FnOnce() -> Rules) -> Arc<Rules> {
        Arc::clone(self.default_rules.get_or_init(|| Arc::new(compile())))
    }

    /// The token of a piece in position text (`+KR`, `ln`).
    #[inline]
    pub fn token(&self, face: FaceId, color: Color) -> &str {
        &self.tokens[face as usize][color.index()]
    }

    /// The piece's token as written in a rank, with the separator after it.
    #[inline]
    pub fn cell_text(&self, face: FaceId, color: Color) -> &CellText {
        &self.cell_texts[face as usize][color.index()]
    }

    /// The kind's row.
    pub fn kind(&self, id: KindId) -> &KindInfo {
        &self.kinds[id as usize]
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

/// The variants this build knows, by id.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    match id {
        "tai" => Some(tai()),
        "chu" => Some(chu()),
        _ => None,
    }
}

/// The ids of every variant.
pub const VARIANT_IDS: &[&str] = &["tai", "chu"];

/// Tai shogi (泰将棋, "grand chess"), 25×25.
pub fn tai() -> &'static Variant {
    static TAI: OnceLock<Variant> = OnceLock::new();
    embedded(
        &TAI,
        "tai",
        "Tai shogi",
        VariantTraits {
            shape: Shape {
                files: 25,
                ranks: 25,
            },
            promotion: PromotionKind::OnCapture,
            lion_trading: false,
            checkmate: true,
            lishogi_marks: false,
        },
        &DataFiles {
            pieces: include_str!("data/tai.pieces"),
            options: include_str!("data/tai.options"),
            choices: include_str!("data/tai.choices"),
            profiles: include_str!("data/tai.profiles"),
            sources: include_str!("data/tai.sources"),
            overrides: include_str!("data/tai.overrides"),
            setup: include_str!("data/tai.setup"),
        },
    )
}

/// Chu shogi (中将棋, "middle chess"), 12×12, as lishogi plays it (`shared/rules/chu.md`).
pub fn chu() -> &'static Variant {
    static CHU: OnceLock<Variant> = OnceLock::new();
    embedded(
        &CHU,
        "chu",
        "Chu shogi",
        VariantTraits {
            shape: Shape {
                files: 12,
                ranks: 12,
            },
            promotion: PromotionKind::Zone { ranks: 4 },
            lion_trading: true,
            checkmate: false,
            lishogi_marks: true,
        },
        &DataFiles {
            pieces: include_str!("data/chu.pieces"),
            options: include_str!("data/chu.options"),
            choices: include_str!("data/chu.choices"),
            profiles: include_str!("data/chu.profiles"),
            sources: include_str!("data/chu.sources"),
            overrides: include_str!("data/chu.overrides"),
            setup: include_str!("data/chu.setup"),
        },
    )
}

/// A variant built into the binary, loaded from its data files on first use.
fn embedded(
    cell: &'static OnceLock<Variant>,
    id: &'static str,
    name: &'static str,
    traits: VariantTraits,
    files: &DataFiles<'static>,
) -> &'static Variant {
    cell.get_or_init(|| {
        load(id, name, traits, files)
            .unwrap_or_else(|e| panic!("embedded {id} data is invalid: {e}"))
    })
}

/// The data files of a variant.
pub struct DataFiles<'a> {
    pub pieces: &'a str,
    pub options: &'a str,
    pub choices: &'a str,
    pub profiles: &'a str,
    pub sources: &'a str,
    pub overrides: &'a str,
    pub setup: &'a str,
}

fn rows(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            None
        } else {
            Some((i + 1, line.split(" | ").map(str::trim).collect()))
        }
    })
}

/// The `sources` file: one row per source, names unique, each cited by some choice (checked
/// by [`load_choices`]).
fn load_sources(text: &str) -> Result<Vec<Source>, String> {
    let mut sources: Vec<Source> = Vec::new();
    for (line, f) in rows(text) {
        if f.len() != 2 || f[0].is_empty() || f[1].is_empty() {
            return Err(format!(
                "sources line {line}: expected a name and a description"
            ));
        }
        if f[0].contains(',') {
            return Err(format!("sources line {line}: a name may not contain `,`"));
        }
        if sources.iter().any(|s| s.name == f[0]) {
            return Err(format!("sources line {line}: `{}` is listed twice", f[0]));
        }
        sources.push(Source {
            name: f[0].to_string(),
            description: f[1].to_string(),
        });
    }
    Ok(sources)
}

/// The `choices` file: exactly one row per value of every option, each with a meaning and
/// at least one source from `sources`; every source is cited.
fn load_choices(text: &str, options: &mut [OptionDef], sources: &[Source]) -> Result<(), String> {
    let mut given: Vec<Vec<bool>> = options
        .iter()
        .map(|o| vec![false; o.values.len()])
        .collect();
    let mut cited = vec![false; sources.len()];
    for (line, f) in rows(text) {
        if f.len() != 4 {
            return Err(format!("choices line {line}: expected 4 fields"));
        }
        let option = options
            .iter()
            .position(|o| o.name == f[0])
            .ok_or_else(|| format!("choices line {line}: unknown option `{}`", f[0]))?;
        let value = options[option]
            .values
            .iter()
            .position(|v| v == f[1])
            .ok_or_else(|| {
                format!(
                    "choices line {line}: `{}` is not a value of `{}`",
                    f[1], f[0]
                )
            })?;
        if std::mem::replace(&mut given[option][value], true) {
            return Err(format!(
                "choices line {line}: `{} = {}` is given twice",
                f[0], f[1]
            ));
        }
        if f[2].is_empty() {
            return Err(format!("choices line {line}: no meaning"));
        }
        let mut names = Vec::new();
        for name in f[3].split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let i = sources
                .iter()
                .position(|s| s.name == name)
                .ok_or_else(|| format!("choices line {line}: unknown source `{name}`"))?;
            cited[i] = true;
            names.push(name.to_string());
        }
        if names.is_empty() {
            return Err(format!("choices line {line}: no source"));
        }
        options[option].choices[value] = Choice {
            meaning: f[2].to_string(),
            sources: names,
        };
    }
    for (o, given) in options.iter().zip(&given) {
        if let Some(v) = given.iter().position(|&g| !g) {
            return Err(format!(
                "choices: `{} = {}` has no row (meaning and sources)",
                o.name, o.values[v]
            ));
        }
    }
    if let Some(i) = cited.iter().position(|&c| !c) {
        return Err(format!(
            "sources: `{}` is cited by no choice",
            sources[i].name
        ));
    }
    Ok(())
}

/// The `profiles` file: one row per profile with its description, in the order of the
/// options file's defaults (the default profile first).
fn load_profiles(text: &str, profiles: &[String]) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let mut descriptions = Vec::new();
    for (line, f) in rows(text) {
        if f.len() != 2 || f[1].is_empty() {
            return Err(format!(
                "profiles line {line}: expected a profile and a description"
            ));
        }
        names.push(f[0]);
        descriptions.push(f[1].to_string());
    }
    if names != profiles {
        return Err(format!(
            "profiles: the rows name {names:?}, the options file {profiles:?} (each profile \
             needs a description, in the same order)"
        ));
    }
    Ok(descriptions)
}

/// Loads a variant from its data files.
///
/// # Errors
/// A sentence naming the file, line and problem.
pub fn load(
    id: &'static str,
    name: &'static str,
    traits: VariantTraits,
    files: &DataFiles<'_>,
) -> Result<Variant, String> {
    let mut kinds = Vec::new();
    let mut promote_codes = Vec::new();
    let mut contagious_codes = Vec::new();
    for (line, f) in rows(files.pieces) {
        if f.len() != 7 {
            return Err(format!(
                "pieces line {line}: expected 7 fields, got {}",
                f.len()
            ));
        }
        let movement =
            Movement::parse(f[4]).map_err(|e| format!("pieces line {line} ({}): {e}", f[0]))?;
        let mut kind = KindInfo {
            code: f[0].to_string(),
            name: f[1].to_string(),
            kanji: f[2].to_string(),
            romaji: f[3].to_string(),
            movement_text: f[4].to_string(),
            movement,
            promotes: Vec::new(),
            royal: false,
            promoted_only: false,
            lion: false,
            pawnlike: false,
            last_rank: false,
            contagious: None,
            aliases: Vec::new(),
        };
        if !kind.code.bytes().all(|b| b.is_ascii_uppercase()) || kind.code.is_empty() {
            return Err(format!("pieces line {line}: bad code `{}`", kind.code));
        }
        let mut promos = Vec::new();
        for entry in f[5].split_whitespace() {
            if entry == "-" {
                continue;
            }
            let (table, target) = entry
                .split_once('=')
                .ok_or_else(|| format!("pieces line {line}: bad promotion `{entry}`"))?;
            promos.push((table.to_string(), target.to_string()));
        }
        promote_codes.push(promos);
        let mut contagious = None;
        for flag in f[6].split_whitespace() {
            match flag {
                "-" => {}
                "royal" => kind.royal = true,
                "promoted_only" => kind.promoted_only = true,
                "lion" => kind.lion = true,
                "pawnlike" => kind.pawnlike = true,
                "last_rank" => kind.last_rank = true,
                _ => {
                    if let Some(c) = flag.strip_prefix("contagious=") {
                        contagious = Some(c.to_string());
                    } else if let Some(a) = flag.strip_prefix("alias=") {
                        kind.aliases.push(a.to_string());
                    } else {
                        return Err(format!("pieces line {line}: unknown flag `{flag}`"));
                    }
                }
            }
        }
        contagious_codes.push(contagious);
        kinds.push(kind);
    }
    if kinds.len() > 127 {
        return Err("more than 127 piece kinds".into());
    }
    let find = |kinds: &[KindInfo], code: &str| -> Option<KindId> {
        kinds
            .iter()
            .position(|k| k.code == code)
            .map(|i| i as KindId)
    };
    for (i, k) in kinds.iter().enumerate() {
        for (j, other) in kinds.iter().enumerate().skip(i + 1) {
            if k.code == other.code || k.aliases.contains(&other.code) {
                return Err(format!("code `{}` is used twice", other.code));
            }
            let _ = j;
        }
    }
    for i in 0..kinds.len() {
        let mut promotes = Vec::new();
        for (table, target) in &promote_codes[i] {
            let t =
                if target == "-" {
                    None
                } else {
                    Some(find(&kinds, target).ok_or_else(|| {
                        format!("{}: unknown promotion `{target}`", kinds[i].code)
                    })?)
                };
            promotes.push((table.clone(), t));
        }
        kinds[i].promotes = promotes;
        if let Some(c) = &contagious_codes[i] {
            kinds[i].contagious = Some(
                find(&kinds, c)
                    .ok_or_else(|| format!("{}: unknown contagion `{c}`", kinds[i].code))?,
            );
        }
    }
    let mut profiles: Vec<String> = Vec::new();
    let mut options = Vec::new();
    for (line, f) in rows(files.options) {
        if f.len() != 4 {
            return Err(format!("options line {line}: expected 4 fields"));
        }
        let values: Vec<String> = f[1].split_whitespace().map(String::from).collect();
        let mut defaults = Vec::new();
        let mut names = Vec::new();
        for entry in f[2].split_whitespace() {
            let (profile, value) = entry
                .split_once('=')
                .ok_or_else(|| format!("options line {line}: bad default `{entry}`"))?;
            let v = values
                .iter()
                .position(|x| x == value)
                .ok_or_else(|| format!("options line {line}: `{value}` is not a value"))?;
            names.push(profile.to_string());
            defaults.push(v);
        }
        if profiles.is_empty() {
            profiles = names;
        } else if profiles != names {
            return Err(format!(
                "options line {line}: profiles differ from the first row"
            ));
        }
        options.push(OptionDef {
            name: f[0].to_string(),
            choices: vec![Choice::default(); values.len()],
            values,
            defaults,
            description: f[3].to_string(),
        });
    }
    let sources = load_sources(files.sources)?;
    load_choices(files.choices, &mut options, &sources)?;
    let profile_descriptions = load_profiles(files.profiles, &profiles)?;
    let mut overrides = Vec::new();
    for (line, f) in rows(files.overrides) {
        if f.len() != 4 {
            return Err(format!("overrides line {line}: expected 4 fields"));
        }
        let option = options
            .iter()
            .position(|o: &OptionDef| o.name == f[0])
            .ok_or_else(|| format!("overrides line {line}: unknown option `{}`", f[0]))?;
        let value = options[option]
            .values
            .iter()
            .position(|v| v == f[1])
            .ok_or_else(|| format!("overrides line {line}: unknown value `{}`", f[1]))?;
        let kind = find(&kinds, f[2])
            .ok_or_else(|| format!("overrides line {line}: unknown piece `{}`", f[2]))?;
        let change = match f[3].strip_prefix("promotes=") {
            Some(code) => OverrideChange::Promotes(
                find(&kinds, code)
                    .ok_or_else(|| format!("overrides line {line}: unknown piece `{code}`"))?,
            ),
            None => OverrideChange::Movement(
                Movement::parse(f[3]).map_err(|e| format!("overrides line {line}: {e}"))?,
            ),
        };
        overrides.push(Override {
            option,
            value,
            kind,
            change,
        });
    }
    let setup = files
        .setup
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .ok_or("setup file has no position")?
        .to_string();
    let tokens = kinds
        .iter()
        .flat_map(|k| {
            [false, true].map(|promoted| {
                let plus = if promoted { "+" } else { "" };
                [
                    format!("{plus}{}", k.code),
                    format!("{plus}{}", k.code.to_ascii_lowercase()),
                ]
            })
        })
        .collect();
    let mut variant = Variant {
        id,
        name,
        codes: KeyTable::new(&[])?,
        token_pieces: KeyTable::new(&[])?,
        tokens,
        cell_texts: Vec::new(),
        geometry: Geometry::new(traits.shape),
        traits,
        kinds,
        profiles,
        profile_descriptions,
        options,
        sources,
        overrides,
        setup,
        default_rules: OnceLock::new(),
    };
    let mut codes = Vec::new();
    for (i, k) in variant.kinds.iter().enumerate() {
        let entry = CodeEntry {
            kind: i as KindId,
            promoted_only: k.promoted_only,
            can_promote: variant.can_ever_promote(i as KindId),
        };
        for code in std::iter::once(&k.code).chain(&k.aliases) {
            let key =
                code_key(code).ok_or_else(|| format!("code `{code}` is not 1 to 6 letters"))?;
            codes.push((u64::from(key), entry));
        }
    }
    variant.codes = KeyTable::new(&codes)?;
    // Every token a code or alias can be written as (either case, with or without `+`)
    // that the reporting reader accepts and that is the piece's printed token.
    let mut token_pieces = Vec::new();
    for k in &variant.kinds {
        for code in std::iter::once(&k.code).chain(&k.aliases) {
            for case in [code.to_ascii_uppercase(), code.to_ascii_lowercase()] {
                for token in [case.clone(), format!("+{case}")] {
                    if let (Ok(piece), Some(key)) = (
                        parse_piece_token(&variant, &token),
                        token_key(token.as_bytes()),
                    ) {
                        if token == variant.token(piece.face, piece.color) {
                            token_pieces.push((key, piece));
                        }
                    }
                }
            }
        }
    }
    variant.token_pieces = KeyTable::new(&token_pieces)?;
    let separator = if variant.multi_letter_codes() {
        ","
    } else {
        ""
    };
    variant.cell_texts = variant
        .tokens
        .iter()
        .map(|[black, white]| {
            Ok([
                CellText::new(black, separator)?,
                CellText::new(white, separator)?,
            ])
        })
        .collect::<Result<_, String>>()?;
    Ok(variant)
}
