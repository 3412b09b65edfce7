//! The loaders of the files that explain a variant's options, for the catalogue: the
//! sources, the meaning and sources of every option value (choices), and the description
//! of every profile. Each reads the rows of its file, as the loader (`load.rs`) splits them.

use super::model::{Choice, OptionDef, Source};

/// A row of a data file: its line number and its fields.
pub(super) type Row<'a> = (usize, Vec<&'a str>);

/// The `sources` file: one row per source, names unique, each cited by some choice (checked
/// by [`load_choices`]).
pub(super) fn load_sources<'a>(rows: impl Iterator<Item = Row<'a>>) -> Result<Vec<Source>, String> {
    let mut sources: Vec<Source> = Vec::new();
    for (line, f) in rows {
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
pub(super) fn load_choices<'a>(
    rows: impl Iterator<Item = Row<'a>>,
    options: &mut [OptionDef],
    sources: &[Source],
) -> Result<(), String> {
    let mut given: Vec<Vec<bool>> = options
        .iter()
        .map(|o| vec![false; o.values.len()])
        .collect();
    let mut cited = vec![false; sources.len()];
    for (line, f) in rows {
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
pub(super) fn load_profiles<'a>(
    rows: impl Iterator<Item = Row<'a>>,
    profiles: &[String],
) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let mut descriptions = Vec::new();
    for (line, f) in rows {
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
