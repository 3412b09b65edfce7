//! The loader: reads a variant's data files (`data/FORMAT.md`) into a [`Variant`], checking
//! each file and the references between them, and the options against the engine's
//! declarations (`options.rs`); then builds the variant's code and token tables.

use super::catalogue::{load_choices, load_profiles, load_sources, Row};
use super::key_table::{code_key, token_key, KeyTable};
use super::model::{
    CellText, CodeEntry, KindInfo, KoFlags, OptionDef, Override, OverrideChange, SetupOverride,
    Variant, VariantNames, VariantTraits,
};
use super::option_file::load_options;
use super::options::{check_needs, Features, PROMOTION_TABLE};
use super::route_rules::KIND_MASK_BITS;
use crate::engine::core::color::Color;
use crate::engine::core::piece::{KindId, MAX_KINDS};
use crate::engine::geometry::Geometry;
use crate::engine::movement::{Compiled, Component, Kind, KindSet, Movement, UNLIMITED};

/// The data files of a variant.
#[derive(Clone, Copy)]
pub struct DataFiles<'a> {
    pub pieces: &'a str,
    pub options: &'a str,
    pub choices: &'a str,
    pub profiles: &'a str,
    pub sources: &'a str,
    pub overrides: &'a str,
    pub setup: &'a str,
}

/// The rows of a data file: its lines less blank ones and comments, split into fields.
fn rows(text: &str) -> impl Iterator<Item = Row<'_>> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            None
        } else {
            Some((i + 1, line.split(" | ").map(str::trim).collect()))
        }
    })
}

/// Loads a variant from its data files, its options checked against the engine's
/// declarations (`options.rs`).
///
/// # Errors
/// A sentence naming the file, line and problem.
pub fn load(
    names: VariantNames,
    traits: VariantTraits,
    files: &DataFiles<'_>,
) -> Result<Variant, String> {
    let (kinds, tables) = load_pieces(files.pieces, traits)?;
    let (mut options, profiles) = load_options(rows(files.options))?;
    let (overrides, setup_overrides) = load_overrides(files.overrides, &options, &kinds, traits)?;
    check_tables(&tables, &options)?;
    check_range_ranks(&kinds, &overrides)?;
    check_needs(
        &options,
        &features(traits, &kinds, &overrides, tables.len()),
    )?;
    let sources = load_sources(rows(files.sources))?;
    load_choices(rows(files.choices), &mut options, &sources)?;
    let profile_descriptions = load_profiles(rows(files.profiles), &profiles)?;
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
        id: names.id,
        name: names.name,
        japanese: names.japanese,
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
        setup_overrides,
    };
    index_tokens(&mut variant)?;
    Ok(variant)
}

/// The `pieces` file: one row per kind, with its promotions resolved to kinds, and the
/// promotion tables the rows name (every row that promotes under some table names the same
/// tables, in the same order).
fn load_pieces(text: &str, traits: VariantTraits) -> Result<(Vec<KindInfo>, Vec<String>), String> {
    let mut kinds = Vec::new();
    let mut promote_codes = Vec::new();
    let mut contagious_codes = Vec::new();
    let mut tables: Option<Vec<String>> = None;
    for (line, f) in rows(text) {
        if f.len() != 7 {
            return Err(format!(
                "pieces line {line}: expected 7 fields, got {}",
                f.len()
            ));
        }
        let movement =
            Movement::parse(f[4]).map_err(|e| format!("pieces line {line} ({}): {e}", f[0]))?;
        honoured(&movement, traits).map_err(|e| format!("pieces line {line} ({}): {e}", f[0]))?;
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
            trapped_ranks: 0,
            jump_rank: 0,
            fire_demon: false,
            contagious: None,
            aliases: Vec::new(),
            ko: KoFlags::default(),
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
        if !promos.is_empty() {
            let named: Vec<String> = promos.iter().map(|(t, _)| t.clone()).collect();
            let first = tables.get_or_insert_with(|| named.clone());
            if *first != named {
                return Err(format!(
                    "pieces line {line}: promotion tables `{}`, earlier rows `{}` (every row \
                     names the same tables, in the same order)",
                    named.join(" "),
                    first.join(" ")
                ));
            }
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
                "last_rank" => kind.trapped_ranks = 1,
                "last_rank=2" => kind.trapped_ranks = 2,
                "fire_demon" => kind.fire_demon = true,
                _ => {
                    if let Some(c) = flag.strip_prefix("contagious=") {
                        contagious = Some(c.to_string());
                    } else if let Some(n) = flag.strip_prefix("rank=") {
                        kind.jump_rank = n
                            .parse()
                            .ok()
                            .filter(|r| (1..=4).contains(r))
                            .ok_or_else(|| {
                                format!("pieces line {line}: jump rank `{n}` is not 1 to 4")
                            })?;
                    } else if let Some(a) = flag.strip_prefix("alias=") {
                        kind.aliases.push(a.to_string());
                    } else if !kind
                        .ko
                        .read(flag)
                        .map_err(|e| format!("pieces line {line}: {e}"))?
                    {
                        return Err(format!("pieces line {line}: unknown flag `{flag}`"));
                    }
                }
            }
        }
        flags_honoured(&kind, contagious.is_some(), traits)
            .map_err(|e| format!("pieces line {line} ({}): {e}", f[0]))?;
        contagious_codes.push(contagious);
        kinds.push(kind);
    }
    if kinds.len() > MAX_KINDS {
        return Err(format!("more than {MAX_KINDS} piece kinds"));
    }
    if traits.routes && kinds.len() > KIND_MASK_BITS {
        return Err(format!(
            "more than {KIND_MASK_BITS} piece kinds under route rules (their kind sets)"
        ));
    }
    for (i, k) in kinds.iter().enumerate() {
        for other in kinds.iter().skip(i + 1) {
            if k.code == other.code || k.aliases.contains(&other.code) {
                return Err(format!("code `{}` is used twice", other.code));
            }
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
        if let Some(code) = kinds[i].ko.codes().find(|c| find(&kinds, c).is_none()) {
            return Err(format!(
                "{}: a flag names the unknown piece `{code}`",
                kinds[i].code
            ));
        }
        if let Some(c) = &contagious_codes[i] {
            kinds[i].contagious = Some(
                find(&kinds, c)
                    .ok_or_else(|| format!("{}: unknown contagion `{c}`", kinds[i].code))?,
            );
        }
    }
    Ok((kinds, tables.unwrap_or_default()))
}

/// Whether the variant's rules run every component of `movement`: the rules with shots
/// (ko shogi's) run only [`KindSet::ROUTE_RULES`], the others every kind but
/// [`KindSet::ROUTES`]. A component the rules would ignore is an error naming it.
fn honoured(movement: &Movement, traits: VariantTraits) -> Result<(), String> {
    let run = if traits.routes {
        KindSet::ROUTE_RULES
    } else {
        KindSet::NOT_ROUTES
    };
    if let Some(c) = movement
        .components
        .iter()
        .find(|c| !run.contains(Kind::of(c)))
    {
        return Err(format!(
            "the component `{}` is not one this variant's rules run",
            Movement {
                components: vec![c.clone()]
            }
        ));
    }
    // A hook move's straight leg is the range `slide(D)` beside `hook(D)` (its turning
    // part): a hook without it would lose the moves that do not turn.
    let ranges = movement
        .components
        .iter()
        .filter_map(|c| match c {
            Component::Slide { dirs, max } if *max == UNLIMITED => Some(dirs.0),
            _ => None,
        })
        .fold(0u8, |all, dirs| all | dirs);
    if let Some(Component::Hook { dirs }) = movement
        .components
        .iter()
        .find(|c| matches!(c, Component::Hook { dirs } if dirs.0 & !ranges != 0))
    {
        return Err(format!(
            "`hook({})` needs its straight leg `slide({})` beside it (`hook` is only the \
             turning part of a hook move)",
            dirs.names(),
            dirs.names()
        ));
    }
    match Compiled::new(movement, Color::Black).range_capture_clash() {
        Some(kind) => Err(format!(
            "a range capture shares a line with a {kind:?} move that passes over pieces \
             (the move text could not tell the two apart)"
        )),
        None => Ok(()),
    }
}

/// Royals outrank every range capturer (taikyoku.md §4.3), so that no range capture ever
/// passes or takes as a friend a royal piece: the rank (flag `rank=`) of every royal kind
/// must be above that of every kind with a range capture (by default or in an override).
fn check_range_ranks(kinds: &[KindInfo], overrides: &[Override]) -> Result<(), String> {
    let captures = |m: &Movement| {
        m.components
            .iter()
            .any(|c| matches!(c, Component::RangeCapture { .. }))
    };
    let top = kinds
        .iter()
        .enumerate()
        .filter(|(i, k)| {
            captures(&k.movement)
                || overrides.iter().any(|o| {
                    o.kind.index() == *i
                        && matches!(&o.change, OverrideChange::Movement(m) if captures(m))
                })
        })
        .map(|(_, k)| k.jump_rank)
        .max();
    match (
        top,
        kinds.iter().find(|k| k.royal && Some(k.jump_rank) <= top),
    ) {
        (Some(top), Some(royal)) => Err(format!(
            "pieces: the royal `{}` has rank {}, not above the range capturers' highest, {top} \
             (a range capture would pass it)",
            royal.code, royal.jump_rank
        )),
        _ => Ok(()),
    }
}

/// Whether the variant's rules honour the flags of `kind` (`contagious`: it has a
/// `contagious=` flag): ko shogi's flags need its rules, and its rules have no lion
/// trading, burning fire demons, contagion or jump ranks.
fn flags_honoured(kind: &KindInfo, contagious: bool, traits: VariantTraits) -> Result<(), String> {
    let foreign = if traits.routes {
        [
            (kind.lion, "lion"),
            (kind.fire_demon, "fire_demon"),
            (contagious, "contagious"),
            (kind.jump_rank > 0, "rank"),
        ]
        .into_iter()
        .find_map(|(set, name)| set.then_some(name))
    } else {
        kind.ko.first_flag()
    };
    match foreign {
        Some(flag) => Err(format!(
            "the flag `{flag}` is not one this variant's rules honour"
        )),
        None => Ok(()),
    }
}

/// The kind with this code (not an alias).
fn find(kinds: &[KindInfo], code: &str) -> Option<KindId> {
    kinds
        .iter()
        .position(|k| k.code == code)
        .map(|i| KindId(i as u16))
}

/// The `overrides` file: rows naming an option, one of its values and a piece, each with a
/// movement or a promotion; or the piece `-` with `setup=` and a start position.
fn load_overrides(
    text: &str,
    options: &[OptionDef],
    kinds: &[KindInfo],
    traits: VariantTraits,
) -> Result<(Vec<Override>, Vec<SetupOverride>), String> {
    let mut overrides = Vec::new();
    let mut setups = Vec::new();
    for (line, f) in rows(text) {
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
        if let ("-", Some(setup)) = (f[2], f[3].strip_prefix("setup=")) {
            setups.push(SetupOverride {
                option,
                value,
                setup: setup.to_string(),
            });
            continue;
        }
        let kind = find(kinds, f[2])
            .ok_or_else(|| format!("overrides line {line}: unknown piece `{}`", f[2]))?;
        let change = match f[3].strip_prefix("promotes=") {
            Some(code) => OverrideChange::Promotes(
                find(kinds, code)
                    .ok_or_else(|| format!("overrides line {line}: unknown piece `{code}`"))?,
            ),
            None => {
                let movement =
                    Movement::parse(f[3]).map_err(|e| format!("overrides line {line}: {e}"))?;
                honoured(&movement, traits).map_err(|e| format!("overrides line {line}: {e}"))?;
                OverrideChange::Movement(movement)
            }
        };
        overrides.push(Override {
            option,
            value,
            kind,
            change,
        });
    }
    Ok((overrides, setups))
}

/// With option `promotion_table`, the pieces file's promotion tables are the values
/// `options.rs` declares for it, in the declared order, so that the typed value is the
/// table's place in every row (whether the variant needs the option at all is
/// [`check_needs`]'s).
fn check_tables(tables: &[String], options: &[OptionDef]) -> Result<(), String> {
    let declared: Vec<&str> = PROMOTION_TABLE.values.iter().map(|(v, _)| *v).collect();
    if options.iter().any(|o| o.name == PROMOTION_TABLE.name) && tables != declared {
        return Err(format!(
            "pieces: the promotion tables are `{}`, the values of `{}` are `{}` (the same \
             tables, in the same order)",
            tables.join(" "),
            PROMOTION_TABLE.name,
            declared.join(" ")
        ));
    }
    Ok(())
}

/// What decides which options the variant needs: its traits, and whether some movement (a
/// piece's default or an override) has the emperor's, the lion dog's, the range jump's, an
/// area or a triple-arrow component, and whether a piece burns.
fn features(
    traits: VariantTraits,
    kinds: &[KindInfo],
    overrides: &[Override],
    promotion_tables: usize,
) -> Features {
    let movements = || {
        kinds
            .iter()
            .map(|k| &k.movement)
            .chain(overrides.iter().filter_map(|o| match &o.change {
                OverrideChange::Movement(m) => Some(m),
                OverrideChange::Promotes(_) => None,
            }))
    };
    Features {
        traits,
        emperor: movements().any(Movement::is_emperor),
        lion_dog: movements().any(|m| m.components.contains(&Component::LionDog)),
        promotion_tables,
        range_jump: movements().any(|m| {
            m.components
                .iter()
                .any(|c| matches!(c, Component::RangeJump { .. }))
        }),
        range_capture: movements().any(|m| {
            m.components
                .iter()
                .any(|c| matches!(c, Component::RangeCapture { .. }))
        }),
        area: movements().any(|m| {
            m.components
                .iter()
                .any(|c| matches!(c, Component::Area { .. }))
        }),
        fire_demon: kinds.iter().any(|k| k.fire_demon),
        triple_arrow: movements().any(Movement::has_triple_arrow),
    }
}

/// Fills the variant's code table, its table of printed tokens and the tokens as written
/// in a rank.
fn index_tokens(variant: &mut Variant) -> Result<(), String> {
    let mut codes = Vec::new();
    for (i, k) in variant.kinds.iter().enumerate() {
        let kind = KindId(i as u16);
        let entry = CodeEntry {
            kind,
            promoted_only: k.promoted_only,
            can_promote: variant.can_ever_promote(kind),
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
                        variant.read_token(token.as_bytes()),
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
    Ok(())
}
