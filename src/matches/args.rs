//! The command line of `shogi-arbiter match` ([`MatchArgs`], read by clap) and its reading
//! into a [`MatchConfig`]: the engines' `KEY=VALUE` words, the rules (resolved as `perft`
//! resolves them), the time control, the openings file, adjudication and the SPRT; then
//! the match itself ([`run`]).

use crate::engine::notation::format_position_of;
use crate::engine::position::Position;
use crate::engine::variant::{self, Rules, RulesRequest};
use clap::builder::PossibleValuesParser;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::clock::{parse_seconds, TimeControl};
use super::openings::read_openings;
use super::player::{EngineSpec, Fault, Player, Protocol};
use super::record::MatchSummary;
use super::record::RulesEcho;
use super::referee::{Adjudication, DrawRule, GameConfig, ResignRule};
use super::runner::{run_match, MatchConfig, StartPlayer};
use super::stats::Sprt;

/// How long an engine that missed its deadline has to answer a probe (XBoard `ping`, USI
/// `stop`) before it counts as hung.
pub const GRACE: Duration = Duration::from_secs(1);

/// Hash memory an engine is given when its `memory=` is not set, in MiB.
const DEFAULT_MEMORY_MIB: u32 = 64;

/// `shogi-arbiter match`.
#[derive(Clone, Debug, clap::Args)]
pub struct MatchArgs {
    /// Variant
    #[arg(long, value_parser = PossibleValuesParser::new(variant::VARIANT_IDS))]
    pub variant: String,
    /// Rules profile (default: the variant's first)
    #[arg(long)]
    pub profile: Option<String>,
    /// A rule option over the profile's value; repeatable
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    pub options: Vec<(String, String)>,
    /// An engine, given exactly twice: KEY=VALUE words `name=NAME` (default: the program's
    /// file name; a name given twice gets `-1` and `-2`), `cmd=PROGRAM`, `proto=xboard|usi`, `arg=ARG` (repeatable, in order),
    /// `option.NAME=VALUE` (repeatable: XBoard `option`, USI `setoption`), `memory=MIB`
    /// (hash memory, default 64)
    #[arg(long = "engine", value_name = "KEY=VALUE", num_args = 1.., required = true)]
    pub engines: Vec<String>,
    /// The words of each `--engine`, as given ([`MatchArgs::group_engines`]).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// Games to play (colours alternate; each opening is played twice, colours swapped)
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub games: usize,
    /// Games played at once (capped at the machine's cores)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Time per move in seconds (fractional allowed; the default, 1, when no time control
    /// is given)
    #[arg(long, value_name = "SECONDS", conflicts_with = "tc")]
    pub st: Option<String>,
    /// Time for the game: BASE+INC seconds (an increment after every move), or BASE with
    /// --byoyomi
    #[arg(long, value_name = "BASE[+INC]")]
    pub tc: Option<String>,
    /// With --tc BASE: seconds for every move once the base is spent (byoyomi, "second
    /// counting"; unused seconds are not carried over)
    #[arg(long, value_name = "SECONDS", requires = "tc")]
    pub byoyomi: Option<String>,
    /// Seconds a move may take beyond its allowance before it loses on time
    #[arg(long, value_name = "SECONDS", default_value = "0.1")]
    pub margin: String,
    /// Seconds an engine has to answer the handshake (`xboard`/`protover`, `usi`,
    /// `isready`)
    #[arg(long, value_name = "SECONDS", default_value = "10")]
    pub handshake_timeout: String,
    /// Openings, one a line: position text, optionally followed by `moves M1 M2 ...` in
    /// machine or Hodges text; or `moves M1 M2 ...` (or `startpos moves ...`) from the
    /// initial setup. Blank lines and lines starting with `#` are skipped; every broken line
    /// is listed. Each opening is played twice, colours swapped.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Plies after which the game is drawn (opening moves included)
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_plies: usize,
    /// Adjudicate a loss when the mover's own score is at or below -CP centipawns for
    /// --resign-moves moves in a row and its opponent's at or above CP
    #[arg(long, value_name = "CP", requires = "resign_moves")]
    pub resign_score: Option<u32>,
    /// See --resign-score
    #[arg(long, value_name = "N", requires = "resign_score")]
    pub resign_moves: Option<u32>,
    /// Adjudicate a draw when both scores stay within CP centipawns of 0 for --draw-moves
    /// moves each, after ply --draw-after
    #[arg(long, value_name = "CP", requires = "draw_moves")]
    pub draw_score: Option<u32>,
    /// See --draw-score
    #[arg(long, value_name = "N", requires = "draw_score")]
    pub draw_moves: Option<u32>,
    /// See --draw-score (default 0)
    #[arg(long, value_name = "PLY", requires = "draw_score")]
    pub draw_after: Option<usize>,
    /// Stop early once the sequential probability ratio test decides: H0 Elo, H1 Elo and
    /// the two error rates
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub sprt: Option<String>,
    /// Folder for the records: game-NNNN.kif and game-NNNN.json per game, summary.json
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

impl MatchArgs {
    /// Groups the `--engine` words by occurrence from the matches clap read them from
    /// (clap's derive gives them as one list).
    pub fn group_engines(&mut self, matches: &clap::ArgMatches) {
        if let Ok(Some(groups)) = matches.try_get_occurrences::<String>("engines") {
            self.engine_groups = groups.map(|g| g.cloned().collect()).collect();
        }
    }
}

/// Reads `NAME=VALUE`.
pub fn name_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_string(), value.to_string())),
        _ => Err("expected NAME=VALUE".to_string()),
    }
}

/// How `match` failed.
#[derive(Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The command line does not make sense (exit code 2).
    Usage(String),
    /// The referee itself failed (exit code 1).
    Fatal(String),
}

/// Reads the command line and plays the match; `start` starts an engine's player,
/// `progress` gets the progress lines.
///
/// # Errors
/// A usage error, or the referee's own failure.
pub fn run(
    args: &MatchArgs,
    start: &StartPlayer<'_>,
    progress: &mut dyn FnMut(&str),
) -> Result<MatchSummary, MatchError> {
    let cfg = config(args).map_err(MatchError::Usage)?;
    run_match(&cfg, start, progress).map_err(MatchError::Fatal)
}

/// Starts an engine's player over its protocol ([`super::clients::start_player`]).
pub fn start_engine(spec: &EngineSpec) -> Result<Box<dyn Player>, Fault> {
    super::clients::start_player(spec)
}

/// The match the command line describes.
///
/// # Errors
/// What does not make sense, in words.
pub fn config(args: &MatchArgs) -> Result<MatchConfig, String> {
    let variant = variant::by_id(&args.variant).ok_or_else(|| {
        format!(
            "unknown variant '{}'; valid: {}",
            args.variant,
            variant::VARIANT_IDS.join(", ")
        )
    })?;
    let request = RulesRequest {
        profile: args.profile.clone(),
        overrides: args.options.clone(),
    };
    let rules = Rules::resolve(variant, &request).map_err(|e| e.to_string())?;
    let handshake =
        parse_seconds(&args.handshake_timeout).map_err(|e| format!("--handshake-timeout: {e}"))?;
    let single = [args.engines.clone()];
    let groups = if args.engine_groups.is_empty() {
        &single[..]
    } else {
        &args.engine_groups[..]
    };
    let engines = match groups {
        [a, b] => [engine(a, handshake)?, engine(b, handshake)?],
        [_] => return Err("--engine must be given exactly twice (given once)".to_string()),
        more => {
            return Err(format!(
                "--engine must be given exactly twice (given {} times)",
                more.len()
            ))
        }
    };
    let mut engines = engines;
    if engines[0].name == engines[1].name {
        // The same name twice (an engine against itself): records and the score tell the
        // two apart by a suffix.
        for (i, e) in engines.iter_mut().enumerate() {
            e.name = format!("{}-{}", e.name, i + 1);
        }
    }
    let time_control = TimeControl::from_flags(
        args.st.as_deref(),
        args.tc.as_deref(),
        args.byoyomi.as_deref(),
    )?;
    let margin = parse_seconds(&args.margin).map_err(|e| format!("--margin: {e}"))?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".to_string());
    }
    let openings = match &args.openings {
        Some(path) => read_openings(path, &rules)
            .map_err(|e| format!("--openings {}: {e}", path.display()))?,
        None => Vec::new(),
    };
    let start = Position::start(&rules);
    let game = GameConfig {
        variant: variant.id,
        rules_echo: RulesEcho {
            profile: rules.profile_name().to_string(),
            options: args.options.clone(),
        },
        start_text: format_position_of(variant, &start),
        start_is_initial: true,
        start,
        rules: Arc::new(rules),
        opening_moves: Vec::new(),
        tc_text: time_control.to_string(),
        time_control,
        margin,
        grace: GRACE,
        max_plies: args.max_plies,
        adjudication: adjudication(args),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Ok(MatchConfig {
        engines,
        games: args.games,
        concurrency: args.concurrency.clamp(1, cores),
        game,
        openings,
        sprt: args
            .sprt
            .as_deref()
            .map(|text| text.parse::<Sprt>().map_err(|e| format!("--sprt: {e}")))
            .transpose()?,
        out: args.out.clone(),
    })
}

fn adjudication(args: &MatchArgs) -> Adjudication {
    let cp = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
    Adjudication {
        resign: args
            .resign_score
            .zip(args.resign_moves)
            .map(|(score, moves)| ResignRule {
                score: cp(score),
                moves,
            }),
        draw: args
            .draw_score
            .zip(args.draw_moves)
            .map(|(score, moves)| DrawRule {
                score: cp(score),
                moves,
                after: args.draw_after.unwrap_or(0),
            }),
    }
}

/// One `--engine`'s words.
///
/// # Errors
/// A word that is not `KEY=VALUE`, an unknown key, a missing `cmd=` or `proto=`, a bad
/// value.
pub fn engine(words: &[String], handshake_timeout: Duration) -> Result<EngineSpec, String> {
    let mut name = None;
    let mut program = None;
    let mut protocol = None;
    let mut args = Vec::new();
    let mut options = Vec::new();
    let mut memory_mib = DEFAULT_MEMORY_MIB;
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "--engine: '{word}' is not KEY=VALUE (keys: name, cmd, proto, arg, \
                 option.NAME, memory)"
            ));
        };
        match key {
            "name" if !value.is_empty() => name = Some(value.to_string()),
            "cmd" if !value.is_empty() => program = Some(PathBuf::from(value)),
            "proto" => {
                protocol = Some(match value {
                    "xboard" | "cecp" => Protocol::Xboard,
                    "usi" => Protocol::Usi,
                    _ => {
                        return Err(format!(
                            "--engine: proto '{value}' is not a protocol (xboard or usi)"
                        ))
                    }
                });
            }
            "arg" => args.push(value.to_string()),
            "memory" => {
                memory_mib = value
                    .parse()
                    .map_err(|_| format!("--engine: memory '{value}' is not a number of MiB"))?;
            }
            _ => match key.strip_prefix("option.") {
                Some(option) if !option.is_empty() => {
                    options.push((option.to_string(), value.to_string()));
                }
                _ => {
                    return Err(format!(
                        "--engine: unknown or empty key in '{word}' (keys: name, cmd, proto, \
                         arg, option.NAME, memory)"
                    ))
                }
            },
        }
    }
    let program = program.ok_or("--engine: cmd=PROGRAM is missing")?;
    let protocol = protocol.ok_or("--engine: proto=xboard|usi is missing")?;
    let name = name.unwrap_or_else(|| {
        program.file_name().map_or_else(
            || program.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    });
    Ok(EngineSpec {
        name,
        program,
        args,
        protocol,
        options,
        memory_mib,
        handshake_timeout,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches, Parser};

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: MatchArgs,
    }

    /// The match the words describe (after `match`).
    fn read(words: &[&str]) -> Result<MatchConfig, String> {
        let matches = Line::command()
            .try_get_matches_from(std::iter::once("match").chain(words.iter().copied()))
            .map_err(|e| e.to_string())?;
        let mut line = Line::from_arg_matches(&matches).map_err(|e| e.to_string())?;
        line.args.group_engines(&matches);
        config(&line.args)
    }

    const A: [&str; 4] = ["--engine", "name=A", "cmd=/bin/a", "proto=usi"];

    #[test]
    fn engines_read_from_their_words() {
        let cfg = read(&[
            "--variant",
            "chu",
            "--engine",
            "cmd=/usr/games/hachu",
            "proto=xboard",
            "arg=-x",
            "option.Threads=2",
            "arg=y",
            "memory=32",
            "--engine",
            "name=B",
            "cmd=b",
            "proto=usi",
            "--st",
            "0.5",
        ])
        .expect("reads");
        let [a, b] = &cfg.engines;
        assert_eq!(a.name, "hachu");
        assert_eq!(a.protocol, Protocol::Xboard);
        assert_eq!(a.args, ["-x", "y"]);
        assert_eq!(a.options, [("Threads".to_string(), "2".to_string())]);
        assert_eq!(a.memory_mib, 32);
        assert_eq!(a.handshake_timeout, Duration::from_secs(10));
        assert_eq!((b.name.as_str(), b.memory_mib), ("B", DEFAULT_MEMORY_MIB));
        let twice = read(&[
            "--variant",
            "chu",
            "--engine",
            "cmd=x",
            "proto=usi",
            "--engine",
            "cmd=x",
            "proto=usi",
        ])
        .expect("reads");
        assert_eq!(twice.engines.map(|e| e.name), ["x-1", "x-2"]);
        assert_eq!(cfg.game.tc_text, "st=0.5");
        assert_eq!(cfg.game.margin, Duration::from_millis(100));
        assert_eq!(
            (cfg.games, cfg.concurrency, cfg.game.max_plies),
            (2, 1, 1000)
        );
        assert_eq!(cfg.game.rules_echo.profile, cfg.game.rules.profile_name());
    }

    #[test]
    fn bad_engine_words_are_named() {
        for (words, expected) in [
            (&["name=B", "proto=usi"][..], "cmd=PROGRAM is missing"),
            (&["cmd=b"], "proto=xboard|usi is missing"),
            (&["cmd=b", "proto=uci"], "proto 'uci'"),
            (
                &["cmd=b", "proto=usi", "colour=red"],
                "unknown or empty key in 'colour=red'",
            ),
            (&["cmd=b", "proto=usi", "fast"], "'fast' is not KEY=VALUE"),
            (&["cmd=b", "proto=usi", "memory=lots"], "memory 'lots'"),
        ] {
            let mut line = vec!["--variant", "chu"];
            line.extend(A);
            line.push("--engine");
            line.extend(words);
            let e = read(&line).expect_err(expected);
            assert!(e.contains(expected), "{words:?}: {e}");
        }
        let mut thrice = vec!["--variant", "chu"];
        for _ in 0..3 {
            thrice.extend(A);
        }
        let e = read(&thrice).expect_err("three engines");
        assert!(e.contains("exactly twice (given 3 times)"), "{e}");
    }

    #[test]
    fn flags_that_do_not_make_sense_are_refused() {
        let mut base = vec!["--variant", "chu"];
        base.extend(A);
        base.extend(A);
        for (extra, expected) in [
            (&["--sprt", "0,10,0.05"][..], "four numbers"),
            (&["--sprt", "10,0,0.05,0.05"], "must be less than its elo1"),
            (&["--sprt", "0,10,1.5,0.05"], "between 0 and 1"),
            (&["--games", "0"], "at least 1"),
            (&["--tc", "1+1", "--byoyomi", "2"], "exclude"),
            (&["--margin", "x"], "--margin"),
            (&["--profile", "nope"], "nope"),
            (&["--resign-score", "300"], "--resign-moves"),
        ] {
            let mut line = base.clone();
            line.extend(extra);
            let e = read(&line).expect_err(expected);
            assert!(e.contains(expected), "{extra:?}: {e}");
        }
        let mut line = base.clone();
        line.extend([
            "--sprt",
            "0,5,0.05,0.1",
            "--resign-score",
            "400",
            "--resign-moves",
            "3",
        ]);
        line.extend(["--draw-score", "20", "--draw-moves", "8"]);
        let cfg = read(&line).expect("reads");
        assert_eq!(cfg.sprt.map(|s| s.elo1), Some(5.0));
        assert_eq!(
            cfg.game.adjudication.resign,
            Some(ResignRule {
                score: 400,
                moves: 3
            })
        );
        assert_eq!(
            cfg.game.adjudication.draw,
            Some(DrawRule {
                score: 20,
                moves: 8,
                after: 0
            })
        );
    }
}
