//! Service configuration: address, port, log format and request limits, from environment
//! variables (`SHOGI_ARBITER_*`) overridden by command-line flags.

use std::fmt;

/// How logs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    Human,
    /// One JSON object per line.
    Json,
}

/// Limits that keep one request from occupying the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest request body accepted (413 above).
    pub body_bytes: usize,
    /// Most moves in a game's move list (422 above).
    pub moves_per_game: usize,
    /// Deepest perft accepted (422 above).
    pub perft_max_depth: u32,
    /// Most nodes one perft request may visit (422 when exceeded).
    pub perft_node_budget: u64,
    /// Engine calls running at once on the blocking pool; more are refused with 429.
    pub heavy_concurrency: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 1 << 20,
            moves_per_game: 10_000,
            perft_max_depth: 6,
            perft_node_budget: 50_000_000,
            heavy_concurrency: 64,
        }
    }
}

/// Everything the service reads at start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub host: String,
    pub port: u16,
    pub log_format: LogFormat,
    /// HTTP worker threads (0 = one per core).
    pub workers: usize,
    pub limits: Limits,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            host: "127.0.0.1".into(),
            port: 8080,
            log_format: LogFormat::Human,
            workers: 0,
            limits: Limits::default(),
        }
    }
}

/// One configurable value: flag name, environment variable, description.
pub const KNOBS: &[(&str, &str, &str)] = &[
    (
        "--host",
        "SHOGI_ARBITER_HOST",
        "address to listen on (127.0.0.1)",
    ),
    (
        "--port",
        "SHOGI_ARBITER_PORT",
        "port (8080; 0 = any free port)",
    ),
    (
        "--log-format",
        "SHOGI_ARBITER_LOG_FORMAT",
        "`human` or `json` (human)",
    ),
    (
        "--workers",
        "SHOGI_ARBITER_WORKERS",
        "HTTP worker threads (0 = one per core)",
    ),
    (
        "--body-limit",
        "SHOGI_ARBITER_BODY_LIMIT",
        "largest request body in bytes (1048576)",
    ),
    (
        "--max-moves",
        "SHOGI_ARBITER_MAX_MOVES",
        "most moves in a game (10000)",
    ),
    (
        "--perft-max-depth",
        "SHOGI_ARBITER_PERFT_MAX_DEPTH",
        "deepest perft (6)",
    ),
    (
        "--perft-node-budget",
        "SHOGI_ARBITER_PERFT_NODE_BUDGET",
        "most nodes one perft may visit (50000000)",
    ),
    (
        "--heavy-concurrency",
        "SHOGI_ARBITER_HEAVY_CONCURRENCY",
        "engine calls at once (64)",
    ),
];

/// A configuration value that does not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

impl Settings {
    /// Reads the environment (`env` lookups) then the flags in `args`.
    ///
    /// # Errors
    /// An unknown flag, a flag without a value, or a value that does not parse.
    pub fn load(
        env: impl Fn(&str) -> Option<String>,
        args: &[String],
    ) -> Result<Settings, ConfigError> {
        let mut s = Settings::default();
        for (flag, var, _) in KNOBS {
            if let Some(v) = env(var) {
                s.set(flag, &v)?;
            }
        }
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let (flag, value) = match arg.split_once('=') {
                Some((f, v)) => (f.to_string(), v.to_string()),
                None => (
                    arg.clone(),
                    it.next()
                        .cloned()
                        .ok_or_else(|| ConfigError(format!("{arg} needs a value")))?,
                ),
            };
            s.set(&flag, &value)?;
        }
        Ok(s)
    }

    fn set(&mut self, flag: &str, value: &str) -> Result<(), ConfigError> {
        fn num<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, ConfigError> {
            v.trim()
                .parse()
                .map_err(|_| ConfigError(format!("{flag}: `{v}` is not a valid number")))
        }
        match flag {
            "--host" => self.host = value.to_string(),
            "--port" => self.port = num(flag, value)?,
            "--log-format" => {
                self.log_format = match value {
                    "human" => LogFormat::Human,
                    "json" => LogFormat::Json,
                    _ => {
                        return Err(ConfigError(format!(
                            "{flag}: `{value}` is not human or json"
                        )))
                    }
                }
            }
            "--workers" => self.workers = num(flag, value)?,
            "--body-limit" => self.limits.body_bytes = num(flag, value)?,
            "--max-moves" => self.limits.moves_per_game = num(flag, value)?,
            "--perft-max-depth" => self.limits.perft_max_depth = num(flag, value)?,
            "--perft-node-budget" => self.limits.perft_node_budget = num(flag, value)?,
            "--heavy-concurrency" => {
                self.limits.heavy_concurrency = num::<usize>(flag, value)?.max(1)
            }
            other => {
                let known: Vec<&str> = KNOBS.iter().map(|k| k.0).collect();
                return Err(ConfigError(format!(
                    "unknown flag `{other}`; valid: {}",
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_environment() {
        let env = |k: &str| match k {
            "SHOGI_ARBITER_PORT" => Some("9000".to_string()),
            "SHOGI_ARBITER_LOG_FORMAT" => Some("json".to_string()),
            _ => None,
        };
        let args = vec![
            "--port".to_string(),
            "0".to_string(),
            "--max-moves=5".to_string(),
        ];
        let s = Settings::load(env, &args).unwrap();
        assert_eq!(s.port, 0);
        assert_eq!(s.log_format, LogFormat::Json);
        assert_eq!(s.limits.moves_per_game, 5);
        assert!(Settings::load(|_| None, &["--nope".to_string(), "1".to_string()]).is_err());
        assert!(Settings::load(|_| None, &["--port".to_string(), "x".to_string()]).is_err());
    }
}
