//! The `shogi-arbiter` command: `serve` (the default) runs the HTTP service; `perft`
//! counts move sequences; `openapi` prints the OpenAPI document.

use shogi_arbiter::config::{Settings, KNOBS};
use shogi_arbiter::engine::notation::{format_move, parse_valid_position};
use shogi_arbiter::engine::perft::{divide, perft};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};
use shogi_arbiter::startup::Application;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  shogi-arbiter [serve] [--host H] [--port P] [--log-format human|json] [...limits]
  shogi-arbiter perft --variant tai [--profile P] [--option NAME=VALUE]... [--position TEXT] --depth N [--divide]
  shogi-arbiter openapi";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        Some("openapi") => {
            print!("{}", shogi_arbiter::api::openapi_json());
            Ok(())
        }
        Some("serve") => serve(&args[1..]),
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}\n\nservice settings (flag, environment variable):");
            for (flag, var, what) in KNOBS {
                println!("  {flag:<22} {var:<34} {what}");
            }
            Ok(())
        }
        _ => serve(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn serve(args: &[String]) -> Result<(), String> {
    let settings = Settings::load(|k| std::env::var(k).ok(), args).map_err(|e| e.to_string())?;
    shogi_arbiter::telemetry::init(settings.log_format);
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(&settings).map_err(|e| e.to_string())?;
        tracing::info!(host = %settings.host, port = app.port(), "listening");
        app.run_until_stopped().await.map_err(|e| e.to_string())
    })
}

fn run_perft(args: &[String]) -> Result<(), String> {
    let mut variant_id = "tai".to_string();
    let mut request = RulesRequest::default();
    let mut position = None;
    let mut depth = None;
    let mut show_divide = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--variant" => variant_id = value()?,
            "--profile" => request.profile = Some(value()?),
            "--option" => {
                let v = value()?;
                let (k, x) = v.split_once('=').ok_or("--option takes NAME=VALUE")?;
                request.overrides.push((k.to_string(), x.to_string()));
            }
            "--position" => position = Some(value()?),
            "--depth" => depth = Some(value()?.parse::<u32>().map_err(|e| e.to_string())?),
            "--divide" => show_divide = true,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let variant = variant::by_id(&variant_id).ok_or_else(|| {
        format!(
            "unknown variant `{variant_id}`; valid: {}",
            variant::VARIANT_IDS.join(", ")
        )
    })?;
    let rules = Rules::resolve(variant, &request).map_err(|e| e.to_string())?;
    let pos = match position {
        None => Position::start(&rules),
        Some(text) => parse_valid_position(&rules, &text).map_err(|ps| {
            ps.iter()
                .map(|p| {
                    format!(
                        "{} (rank {:?}, file {:?}): {}",
                        p.code, p.rank, p.file, p.message
                    )
                })
                .collect::<Vec<_>>()
                .join("; ")
        })?,
    };
    let depth = depth.ok_or("--depth is required")?;
    let start = Instant::now();
    let total = if show_divide {
        let rows = divide(&pos, &rules, depth, u64::MAX).map_err(|_| "node budget exceeded")?;
        for (mv, n) in &rows {
            println!("{} {n}", format_move(variant.shape(), mv));
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        perft(&pos, &rules, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {total}");
    println!(
        "time {secs:.3} s ({:.2} M leaf nodes/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
