//! The `options` file of a variant (`data/FORMAT.md`): one row per option with its values,
//! a default per profile and the defaults that depend on an earlier option's value, each
//! checked against the engine's declaration (`options.rs`). Reads the rows as the loader
//! (`load.rs`) splits them.

use super::catalogue::Row;
use super::model::{Choice, DependentDefault, OptionDef};
use super::options::check_row;

/// The `options` file: one row per option, which the engine declares with its values
/// ([`check_row`]), with a default for every profile; every row names the profiles of the
/// first, in its order. Also the profiles.
pub(super) fn load_options<'a>(
    rows: impl Iterator<Item = Row<'a>>,
) -> Result<(Vec<OptionDef>, Vec<String>), String> {
    let mut profiles: Vec<String> = Vec::new();
    let mut options: Vec<OptionDef> = Vec::new();
    for (line, f) in rows {
        if f.len() != 4 {
            return Err(format!("options line {line}: expected 4 fields"));
        }
        let values: Vec<String> = f[1].split_whitespace().map(String::from).collect();
        if options.iter().any(|o| o.name == f[0]) {
            return Err(format!("options line {line}: `{}` is listed twice", f[0]));
        }
        let declared = check_row(f[0], &values).map_err(|e| format!("options line {line}: {e}"))?;
        let mut defaults = Vec::new();
        let mut dependent = Vec::new();
        let mut names = Vec::new();
        for entry in f[2].split_whitespace() {
            let (profile, value) = entry
                .split_once('=')
                .ok_or_else(|| format!("options line {line}: bad default `{entry}`"))?;
            let v = values
                .iter()
                .position(|x| x == value)
                .ok_or_else(|| format!("options line {line}: `{value}` is not a value"))?;
            match profile.split_once('.') {
                Some((option, when)) => dependent.push(
                    dependent_default(&options, option, when, v)
                        .map_err(|e| format!("options line {line}: {e}"))?,
                ),
                None if dependent.is_empty() => {
                    names.push(profile.to_string());
                    defaults.push(v);
                }
                None => {
                    return Err(format!(
                        "options line {line}: the profile default `{entry}` follows a \
                         dependent default (profiles first)"
                    ))
                }
            }
        }
        if profiles.is_empty() {
            profiles = names;
        } else if profiles != names {
            return Err(format!(
                "options line {line}: profiles differ from the first row"
            ));
        }
        for (p, &d) in defaults.iter().enumerate() {
            let set = dependent
                .iter()
                .find(|dd| options[dd.option].defaults[p] == dd.when);
            if let Some(dd) = set.filter(|dd| dd.value != d) {
                return Err(format!(
                    "options line {line}: profile `{}` defaults to `{}`, but its `{}` sets `{}`",
                    profiles[p], values[d], options[dd.option].name, values[dd.value]
                ));
            }
        }
        options.push(OptionDef {
            name: f[0].to_string(),
            choices: vec![Choice::default(); values.len()],
            values,
            defaults,
            dependent,
            description: f[3].to_string(),
            declared,
        });
    }
    Ok((options, profiles))
}

/// A dependent default `OPTION.WHEN=value` (value index `value`): `OPTION` must be an
/// earlier row, so that its value is in force when this one's default is chosen.
fn dependent_default(
    earlier: &[OptionDef],
    option: &str,
    when: &str,
    value: usize,
) -> Result<DependentDefault, String> {
    let i = earlier
        .iter()
        .position(|o| o.name == option)
        .ok_or_else(|| {
            format!("a default depends on `{option}`, which is not an earlier option")
        })?;
    let w = earlier[i]
        .values
        .iter()
        .position(|v| v == when)
        .ok_or_else(|| format!("`{when}` is not a value of `{option}`"))?;
    Ok(DependentDefault {
        option: i,
        when: w,
        value,
    })
}
