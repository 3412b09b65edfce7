//! Service configuration: address, port, log format, request and transport limits, the
//! origins allowed to call from a browser (CORS), and the service flags that set them ([`ServeArgs`]), each also read from its environment variable
//! (`SHOGI_ARBITER_*`); a flag overrides its variable.

use std::time::Duration;

/// How logs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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
    /// Engine calls running at once on the blocking pool (default: one per core).
    pub heavy_concurrency: usize,
    /// Heavy engine calls waiting for one of those slots; more are refused with 429.
    pub heavy_queue: usize,
    /// Time one engine call may run (and, apart, wait for a slot) before it is stopped
    /// (422 `deadline_exceeded`; 429 while waiting).
    pub deadline: Duration,
    /// Time to a complete request head, from a connection's opening for its first
    /// request, and from the first byte after an answer for every later one (an empty 408,
    /// the connection closed); zero for none.
    pub header_timeout: Duration,
    /// Time from a complete request head to the end of its body (408 problem+json, the
    /// connection closed); zero for none.
    pub body_timeout: Duration,
    /// Time an idle connection is kept open between requests; zero closes it after each.
    pub keep_alive: Duration,
    /// Time a closing connection is given to shut down cleanly before it is dropped; zero
    /// for none.
    pub disconnect_timeout: Duration,
    /// Time a write to a client may make no progress (the client does not read its
    /// answer) before the connection is dropped; zero for none.
    pub send_timeout: Duration,
    /// Connections open at once (all workers together); more are answered 503
    /// `too_many_connections` and closed. Lowered at start to what the open-file limit
    /// allows.
    pub max_connections: usize,
    /// Bytes the cache of game states may hold (`api::game_cache`); 0 turns it off.
    pub game_cache_bytes: usize,
}

/// The cache of game states' default budget: 64 MiB, a quarter of the Kubernetes memory
/// limit (deploy/k8s: 256 MiB, with the server's own peak under storms at 79 MiB).
pub const GAME_CACHE_BYTES: usize = 64 << 20;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 1 << 20,
            moves_per_game: 10_000,
            perft_max_depth: 6,
            perft_node_budget: 50_000_000,
            heavy_concurrency: cores(),
            heavy_queue: 32,
            deadline: Duration::from_secs(2),
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            keep_alive: Duration::from_secs(5),
            disconnect_timeout: Duration::from_secs(1),
            send_timeout: Duration::from_secs(10),
            max_connections: 4096,
            game_cache_bytes: GAME_CACHE_BYTES,
        }
    }
}

/// The number of cores this process may use (1 when it cannot be told).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
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
    /// Origins a browser page may call the service from (`*`: any); empty, the default,
    /// sends no CORS header (`api::cors`).
    pub cors_origins: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            host: "127.0.0.1".into(),
            port: 8080,
            log_format: LogFormat::Human,
            workers: 0,
            limits: Limits::default(),
            cors_origins: Vec::new(),
        }
    }
}

/// The service flags. Each is also read from its environment variable when the flag is not
/// given; the defaults are those of [`Settings::default`]. Negative numbers are read as
/// values, so that the error names them.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on
    #[arg(long, env = "SHOGI_ARBITER_HOST", default_value_t = Settings::default().host)]
    pub host: String,
    /// Port to listen on (0 = any free port)
    #[arg(
        long,
        env = "SHOGI_ARBITER_PORT",
        allow_negative_numbers = true,
        default_value_t = Settings::default().port
    )]
    pub port: u16,
    /// Log format; the level comes from RUST_LOG (default info)
    #[arg(
        long,
        env = "SHOGI_ARBITER_LOG_FORMAT",
        value_enum,
        value_name = "FORMAT",
        default_value_t = Settings::default().log_format
    )]
    pub log_format: LogFormat,
    /// HTTP worker threads (0 = one per core)
    #[arg(
        long,
        env = "SHOGI_ARBITER_WORKERS", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Settings::default().workers
    )]
    pub workers: usize,
    /// Largest request body in bytes (413 above)
    #[arg(
        long,
        env = "SHOGI_ARBITER_BODY_LIMIT", allow_negative_numbers = true,
        value_name = "BYTES",
        default_value_t = Limits::default().body_bytes
    )]
    pub body_limit: usize,
    /// Most moves in a game's move list (422 above)
    #[arg(
        long,
        env = "SHOGI_ARBITER_MAX_MOVES", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().moves_per_game
    )]
    pub max_moves: usize,
    /// Deepest perft accepted (422 above)
    #[arg(
        long,
        env = "SHOGI_ARBITER_PERFT_MAX_DEPTH", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().perft_max_depth
    )]
    pub perft_max_depth: u32,
    /// Most nodes one perft request may visit (422 when exceeded)
    #[arg(
        long,
        env = "SHOGI_ARBITER_PERFT_NODE_BUDGET", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().perft_node_budget
    )]
    pub perft_node_budget: u64,
    /// Heavy engine calls running at once, off the I/O threads (default: one per core; 0 counts as 1)
    #[arg(
        long,
        env = "SHOGI_ARBITER_HEAVY_CONCURRENCY", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().heavy_concurrency
    )]
    pub heavy_concurrency: usize,
    /// Heavy engine calls waiting for a slot (429 with Retry-After above)
    #[arg(
        long,
        env = "SHOGI_ARBITER_HEAVY_QUEUE", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().heavy_queue
    )]
    pub heavy_queue: usize,
    /// Milliseconds one engine call may run before it is stopped (422 deadline_exceeded), and apart may wait for a slot (429)
    #[arg(
        long,
        env = "SHOGI_ARBITER_DEADLINE_MS", allow_negative_numbers = true,
        value_name = "MS",
        default_value_t = u64::try_from(Limits::default().deadline.as_millis()).unwrap_or(u64::MAX)
    )]
    pub deadline_ms: u64,
    /// Seconds to receive a request head, from the opening or from the first byte after an answer (empty 408 after; 0 = no limit)
    #[arg(
        long,
        env = "SHOGI_ARBITER_HEADER_TIMEOUT", allow_negative_numbers = true,
        value_name = "SECONDS",
        default_value_t = Limits::default().header_timeout.as_secs()
    )]
    pub header_timeout: u64,
    /// Seconds to receive a request body after its head (408 after; 0 = no limit)
    #[arg(
        long,
        env = "SHOGI_ARBITER_BODY_TIMEOUT", allow_negative_numbers = true,
        value_name = "SECONDS",
        default_value_t = Limits::default().body_timeout.as_secs()
    )]
    pub body_timeout: u64,
    /// Seconds an idle connection stays open between requests (0 = close after each)
    #[arg(
        long,
        env = "SHOGI_ARBITER_KEEP_ALIVE", allow_negative_numbers = true,
        value_name = "SECONDS",
        default_value_t = Limits::default().keep_alive.as_secs()
    )]
    pub keep_alive: u64,
    /// Seconds a closing connection has to shut down before it is dropped (0 = no limit)
    #[arg(
        long,
        env = "SHOGI_ARBITER_DISCONNECT_TIMEOUT", allow_negative_numbers = true,
        value_name = "SECONDS",
        default_value_t = Limits::default().disconnect_timeout.as_secs()
    )]
    pub disconnect_timeout: u64,
    /// Seconds a write to a client may make no progress before the connection is dropped (0 = no limit)
    #[arg(
        long,
        env = "SHOGI_ARBITER_SEND_TIMEOUT", allow_negative_numbers = true,
        value_name = "SECONDS",
        default_value_t = Limits::default().send_timeout.as_secs()
    )]
    pub send_timeout: u64,
    /// Connections open at once; more are answered 503 too_many_connections and closed (at most the open-file limit less 128)
    #[arg(
        long,
        env = "SHOGI_ARBITER_MAX_CONNECTIONS", allow_negative_numbers = true,
        value_name = "N",
        default_value_t = Limits::default().max_connections
    )]
    pub max_connections: usize,
    /// Bytes the cache of game states may hold, so that the next move of a game replays only the moves not seen before (0 = no cache)
    #[arg(
        long,
        env = "SHOGI_ARBITER_GAME_CACHE_BYTES", allow_negative_numbers = true,
        value_name = "BYTES",
        default_value_t = Limits::default().game_cache_bytes
    )]
    pub game_cache_bytes: usize,
    /// Origins a browser page may call the service from, comma-separated (`https://app.example,http://localhost:3000`), or `*` for any; preflights answered (default: none, no CORS header)
    #[arg(
        long,
        env = "SHOGI_ARBITER_CORS_ORIGINS",
        value_name = "ORIGINS",
        value_delimiter = ','
    )]
    pub cors_origins: Vec<String>,
}

impl ServeArgs {
    /// The environment variables the service flags are read from, in flag order.
    pub fn env_vars() -> Vec<String> {
        use clap::CommandFactory as _;
        #[derive(clap::Parser)]
        struct Serve {
            #[command(flatten)]
            args: ServeArgs,
        }
        Serve::command()
            .get_arguments()
            .filter_map(|a| a.get_env())
            .map(|v| v.to_string_lossy().into_owned())
            .collect()
    }
}

impl From<ServeArgs> for Settings {
    fn from(a: ServeArgs) -> Settings {
        Settings {
            host: a.host,
            port: a.port,
            log_format: a.log_format,
            workers: a.workers,
            limits: Limits {
                body_bytes: a.body_limit,
                moves_per_game: a.max_moves,
                perft_max_depth: a.perft_max_depth,
                perft_node_budget: a.perft_node_budget,
                heavy_concurrency: a.heavy_concurrency.max(1),
                heavy_queue: a.heavy_queue,
                deadline: Duration::from_millis(a.deadline_ms.max(1)),
                header_timeout: Duration::from_secs(a.header_timeout),
                body_timeout: Duration::from_secs(a.body_timeout),
                keep_alive: Duration::from_secs(a.keep_alive),
                disconnect_timeout: Duration::from_secs(a.disconnect_timeout),
                send_timeout: Duration::from_secs(a.send_timeout),
                max_connections: a.max_connections.max(1),
                game_cache_bytes: a.game_cache_bytes,
            },
            cors_origins: a.cors_origins,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args, FromArgMatches};

    /// The settings that `args` give under the current environment.
    fn settings(args: &[&str]) -> Result<Settings, clap::Error> {
        let cmd = ServeArgs::augment_args(clap::Command::new("serve"));
        let matches =
            cmd.try_get_matches_from(std::iter::once("serve").chain(args.iter().copied()))?;
        Ok(ServeArgs::from_arg_matches(&matches)?.into())
    }

    // The only test that touches the `SHOGI_ARBITER_*` variables; nothing else in this
    // test binary reads them.
    #[test]
    fn flags_override_environment() {
        let vars = ServeArgs::env_vars();
        assert_eq!(vars.len(), 19, "{vars:?}");
        for var in &vars {
            std::env::remove_var(var);
        }
        assert_eq!(settings(&[]).unwrap(), Settings::default());

        std::env::set_var("SHOGI_ARBITER_PORT", "9000");
        std::env::set_var("SHOGI_ARBITER_LOG_FORMAT", "json");
        std::env::set_var("SHOGI_ARBITER_MAX_MOVES", "7");
        std::env::set_var("SHOGI_ARBITER_BODY_TIMEOUT", "3");
        std::env::set_var("SHOGI_ARBITER_DEADLINE_MS", "250");
        std::env::set_var("SHOGI_ARBITER_MAX_CONNECTIONS", "300");
        std::env::set_var(
            "SHOGI_ARBITER_CORS_ORIGINS",
            "https://a.example,http://localhost:3000",
        );
        let s = settings(&["--port", "0", "--max-moves=5", "--heavy-concurrency", "0"]).unwrap();
        assert_eq!(s.limits.body_timeout, Duration::from_secs(3));
        assert_eq!(s.limits.deadline, Duration::from_millis(250));
        assert_eq!(s.limits.max_connections, 300);
        assert_eq!(
            s.cors_origins,
            ["https://a.example", "http://localhost:3000"]
        );
        assert_eq!(
            settings(&["--cors-origins", "*"]).unwrap().cors_origins,
            ["*"]
        );
        let flagged = settings(&["--max-connections", "0", "--send-timeout", "4"]).unwrap();
        assert_eq!(flagged.limits.max_connections, 1);
        assert_eq!(flagged.limits.send_timeout, Duration::from_secs(4));
        std::env::set_var("SHOGI_ARBITER_GAME_CACHE_BYTES", "4096");
        assert_eq!(settings(&[]).unwrap().limits.game_cache_bytes, 4096);
        assert_eq!(
            settings(&["--game-cache-bytes", "0"])
                .unwrap()
                .limits
                .game_cache_bytes,
            0
        );
        assert_eq!(
            settings(&["--deadline-ms", "0"]).unwrap().limits.deadline,
            Duration::from_millis(1)
        );
        assert_eq!(s.port, 0);
        assert_eq!(s.log_format, LogFormat::Json);
        assert_eq!(s.limits.moves_per_game, 5);
        assert_eq!(s.limits.heavy_concurrency, 1);
        assert_eq!(settings(&[]).unwrap().port, 9000);

        // A variable that does not parse is an error unless its flag overrides it.
        std::env::set_var("SHOGI_ARBITER_PORT", "x");
        assert!(settings(&[]).is_err());
        assert_eq!(settings(&["--port", "1"]).unwrap().port, 1);
        for var in &vars {
            std::env::remove_var(var);
        }

        assert!(settings(&["--nope", "1"]).is_err());
        assert!(settings(&["--port", "x"]).is_err());
        assert!(settings(&["--log-format", "xml"]).is_err());
    }
}
