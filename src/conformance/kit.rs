//! The conformance kit as the runner reads it: the perft files (python-chess layout, the
//! variant and profile in the file name), the rule vectors and the game fixtures (JSON,
//! `conformance/schema/`), from the copy compiled into the binary or from a directory.

use serde_json::Value;
use std::path::Path;

/// One perft line: a position, a depth and the expected count.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub variant: String,
    pub profile: String,
    /// The block's `id`.
    pub id: String,
    /// The block's `epd`: position text.
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
}

impl PerftCase {
    /// The case's id as the report prints it and `--case` names it:
    /// `<variant>-<profile>/<block id>/<depth>` (`chu-hachu/chu-start/2`).
    pub fn name(&self) -> String {
        format!(
            "{}-{}/{}/{}",
            self.variant, self.profile, self.id, self.depth
        )
    }
}

/// A rule vector or a game fixture: its variant and its JSON object (the runner reads the
/// fields it needs; the schema fixes them).
#[derive(Debug, Clone)]
pub struct JsonCase {
    pub variant: String,
    pub case: Value,
}

impl JsonCase {
    /// The case's `id` (`?` when it has none).
    pub fn id(&self) -> &str {
        self.case["id"].as_str().unwrap_or("?")
    }
}

/// The whole kit.
#[derive(Debug, Default)]
pub struct Kit {
    pub perft: Vec<PerftCase>,
    pub vectors: Vec<JsonCase>,
    pub games: Vec<JsonCase>,
}

impl Kit {
    /// The kit compiled into the binary.
    pub fn embedded() -> Result<Kit, String> {
        Kit::from_files(
            super::embedded::FILES
                .iter()
                .map(|(p, t)| (p.to_string(), t.to_string())),
        )
    }

    /// The kit in `dir` (its `perft/`, `vectors/` and `games/` folders).
    pub fn from_dir(dir: &Path) -> Result<Kit, String> {
        let mut files = Vec::new();
        for sub in ["perft", "vectors", "games"] {
            let folder = dir.join(sub);
            let entries = match std::fs::read_dir(&folder) {
                Ok(e) => e,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(format!("{}: {e}", folder.display())),
            };
            for entry in entries {
                let path = entry
                    .map_err(|e| format!("{}: {e}", folder.display()))?
                    .path();
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                files.push((format!("{sub}/{name}"), text));
            }
        }
        files.sort();
        if files.is_empty() {
            return Err(format!(
                "{}: no perft/, vectors/ or games/ files",
                dir.display()
            ));
        }
        Kit::from_files(files.into_iter())
    }

    /// The kit of (path under `conformance/`, text) pairs; other files are ignored.
    fn from_files(files: impl Iterator<Item = (String, String)>) -> Result<Kit, String> {
        let mut kit = Kit::default();
        for (path, text) in files {
            if let Some(name) = path
                .strip_prefix("perft/")
                .and_then(|n| n.strip_suffix(".perft"))
            {
                kit.perft
                    .extend(parse_perft(name, &text).map_err(|e| format!("{path}: {e}"))?);
            } else if path.ends_with(".json") {
                let key = if path.starts_with("vectors/") {
                    "vectors"
                } else if path.starts_with("games/") {
                    "games"
                } else {
                    continue;
                };
                let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
                let variant = doc["variant"]
                    .as_str()
                    .ok_or_else(|| format!("{path}: no `variant`"))?
                    .to_string();
                let list = doc[key]
                    .as_array()
                    .ok_or_else(|| format!("{path}: no `{key}` list"))?;
                let cases = list.iter().map(|c| JsonCase {
                    variant: c["variant"].as_str().unwrap_or(&variant).to_string(),
                    case: c.clone(),
                });
                if key == "vectors" {
                    kit.vectors.extend(cases);
                } else {
                    kit.games.extend(cases);
                }
            }
        }
        Ok(kit)
    }

    /// The kit without the variants not in `only` (all when `only` is empty).
    pub fn only(mut self, only: &[String]) -> Kit {
        if only.is_empty() {
            return self;
        }
        let keep = |v: &str| only.iter().any(|o| o == v);
        self.perft.retain(|c| keep(&c.variant));
        self.vectors.retain(|c| keep(&c.variant));
        self.games.retain(|c| keep(&c.variant));
        self
    }

    /// The kit without the kinds not in `kinds` and the cases not named in `cases` (a perft
    /// case is named by its [`PerftCase::name`] or its block id, which names its every
    /// depth and profile; a vector or game by its `id`); an empty list keeps everything.
    ///
    /// # Errors
    /// An id in `cases` that names no case of the kit (after `--only` and `--kind`).
    pub fn narrow(mut self, kinds: &[String], cases: &[String]) -> Result<Kit, String> {
        let kind = |k: &str| kinds.is_empty() || kinds.iter().any(|x| x == k);
        if !kind("perft") {
            self.perft.clear();
        }
        if !kind("vectors") {
            self.vectors.clear();
        }
        if !kind("games") {
            self.games.clear();
        }
        if cases.is_empty() {
            return Ok(self);
        }
        let mut used = vec![false; cases.len()];
        let mut named = |names: &[&str]| {
            let mut hit = false;
            for (i, c) in cases.iter().enumerate() {
                if names.contains(&c.as_str()) {
                    used[i] = true;
                    hit = true;
                }
            }
            hit
        };
        self.perft
            .retain(|c| named(&[c.name().as_str(), c.id.as_str()]));
        self.vectors.retain(|c| named(&[c.id()]));
        self.games.retain(|c| named(&[c.id()]));
        let unknown: Vec<&str> = cases
            .iter()
            .zip(&used)
            .filter(|(_, u)| !**u)
            .map(|(c, _)| c.as_str())
            .collect();
        if unknown.is_empty() {
            Ok(self)
        } else {
            Err(format!(
                "--case {}: no such case in the kit{} (a perft case is \
                 <variant>-<profile>/<id>/<depth> or its <id>; a vector or game its `id`, \
                 as the report prints them)",
                unknown.join(", "),
                if kinds.is_empty() {
                    ""
                } else {
                    " of the kinds asked for"
                }
            ))
        }
    }

    /// How many cases the kit holds.
    pub fn cases(&self) -> usize {
        self.perft.len() + self.vectors.len() + self.games.len()
    }
}

/// The variant and profile a perft file's name (`<variant>-<profile>`) carries: the
/// profile is the part after the last `-` (no profile name has one).
pub fn variant_profile(name: &str) -> Option<(&str, &str)> {
    let (variant, profile) = name.rsplit_once('-')?;
    (!variant.is_empty() && !profile.is_empty()).then_some((variant, profile))
}

/// The lines of a perft file: blocks of `id NAME`, `epd POSITION`, `perft DEPTH COUNT`
/// lines; `#` comments and blank lines between blocks.
fn parse_perft(name: &str, text: &str) -> Result<Vec<PerftCase>, String> {
    let (variant, profile) =
        variant_profile(name).ok_or("the file name is not <variant>-<profile>.perft")?;
    let mut cases = Vec::new();
    let (mut id, mut position) = (String::new(), None::<String>);
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            position = None;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => id = rest.trim().to_string(),
            "epd" => position = Some(rest.trim().to_string()),
            "perft" => {
                let at = || format!("line {}: `{line}`", n + 1);
                let pos = position
                    .clone()
                    .ok_or_else(|| format!("{}: no epd", at()))?;
                let mut parts = rest.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse().ok());
                let nodes = parts.next().and_then(|c| c.parse().ok());
                let (Some(depth), Some(nodes)) = (depth, nodes) else {
                    return Err(format!("{}: expected `perft DEPTH COUNT`", at()));
                };
                cases.push(PerftCase {
                    variant: variant.to_string(),
                    profile: profile.to_string(),
                    id: id.clone(),
                    position: pos,
                    depth,
                    nodes,
                });
            }
            _ => return Err(format!("line {}: unknown key `{key}`", n + 1)),
        }
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perft_file_reads_with_its_variant_and_profile() {
        let text = "# comment\n\nid a\nepd X b - 1\n# note\nperft 1 36\nperft 2 1296\n\nid b\nepd Y w - 3\nperft 1 7\n";
        let cases = parse_perft("maka-dai-dai-tsa", text).unwrap();
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[0].variant, "maka-dai-dai");
        assert_eq!(cases[0].profile, "tsa");
        assert_eq!((cases[1].depth, cases[1].nodes), (2, 1296));
        assert_eq!(
            (cases[2].id.as_str(), cases[2].position.as_str()),
            ("b", "Y w - 3")
        );
        assert!(parse_perft("chu", text).is_err());
        assert!(parse_perft("chu-lishogi", "id a\nperft 1 3\n").is_err());
        assert!(parse_perft("chu-lishogi", "id a\nepd X\nperft one 3\n").is_err());
    }

    #[test]
    fn the_embedded_kit_reads() {
        let kit = Kit::embedded().unwrap();
        assert!(kit.perft.len() > 40 && kit.vectors.len() > 1000 && kit.games.len() > 30);
        let only = kit.only(&["chu".to_string()]);
        assert!(only.perft.iter().all(|c| c.variant == "chu"));
        assert!(only.vectors.iter().all(|c| c.variant == "chu"));
    }
}
