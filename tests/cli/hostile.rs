//! `shogi-arbiter conformance` against hostile servers (a std `TcpListener` on port 0, a
//! thread per connection, every loop bounded): an endless answer, an answer announcing a
//! gigabyte, a JSON answer of the size bound (the most memory parsing can take) and one
//! byte over, a slow drip, a server that never answers, abusive `Retry-After`s. Each case
//! fails with its reason in the report, within its deadline, the run ends by its own, and
//! the client's memory stays bounded (its peak resident size, `VmHWM`, read while it runs).

use super::command;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the hostile server does with each request.
#[derive(Clone, Copy)]
enum Mischief {
    /// A 200 whose JSON body never ends (no length; stops after 8 GiB or when the client
    /// hangs up).
    Endless,
    /// A 200 announcing a 1 GiB body, then silence.
    Announced,
    /// A 200 whose body is a JSON array of zeros (the most values a byte) of this size.
    Zeros(usize),
    /// A 200 announcing 100,000 bytes, then one byte every 100 ms.
    Drip,
    /// Reads the request and never answers.
    Silent,
    /// A 429 with this `Retry-After`, on every request.
    Busy(&'static str),
}

/// Reads one request (head, then a body of its `content-length`); false when the client
/// has gone.
fn read_request(reader: &mut BufReader<TcpStream>) -> bool {
    let mut length = 0;
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return false,
            Ok(_) => {}
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).is_ok()
}

/// Answers the requests of one connection as `mischief` says.
fn serve(stream: TcpStream, mischief: Mischief, requests: &AtomicUsize) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let mut reader = BufReader::new(stream.try_clone().expect("a second handle"));
    let mut out = stream;
    for _ in 0..1000 {
        if !read_request(&mut reader) {
            return;
        }
        requests.fetch_add(1, Ordering::SeqCst);
        let ok = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n";
        match mischief {
            Mischief::Endless => {
                let _ = write!(out, "{ok}connection: close\r\n\r\n[");
                let chunk = "0,".repeat(32 * 1024);
                for _ in 0..(8u64 << 30) / chunk.len() as u64 {
                    if out.write_all(chunk.as_bytes()).is_err() {
                        return;
                    }
                }
                return;
            }
            Mischief::Announced => {
                let _ = write!(out, "{ok}content-length: {}\r\n\r\n[", 1u64 << 30);
                std::thread::sleep(Duration::from_secs(30));
                return;
            }
            Mischief::Zeros(size) => {
                let mut body = format!("[{}0]", "0,".repeat((size - 3) / 2));
                body.push_str(&" ".repeat(size - body.len()));
                let answer = format!("{ok}content-length: {size}\r\n\r\n{body}");
                if out.write_all(answer.as_bytes()).is_err() {
                    return;
                }
            }
            Mischief::Drip => {
                let _ = write!(out, "{ok}content-length: 100000\r\n\r\n");
                for _ in 0..600 {
                    if out.write_all(b" ").is_err() {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                return;
            }
            Mischief::Silent => {
                std::thread::sleep(Duration::from_secs(30));
                return;
            }
            Mischief::Busy(after) => {
                let head = format!(
                    "HTTP/1.1 429 Too Many Requests\r\nretry-after: {after}\r\ncontent-length: 0\r\n\r\n"
                );
                if out.write_all(head.as_bytes()).is_err() {
                    return;
                }
            }
        }
    }
}

/// Starts a hostile server (at most 200 connections); its base URL and its count of
/// requests received.
fn spawn_hostile(mischief: Mischief) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let requests = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&requests);
    std::thread::spawn(move || {
        for stream in listener.incoming().take(200).flatten() {
            let counted = Arc::clone(&counted);
            std::thread::spawn(move || serve(stream, mischief, &counted));
        }
    });
    (url, requests)
}

/// A kit directory of `cases` chu perft lines (the server never looks at them).
fn kit(name: &str, cases: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-kit-{name}"));
    std::fs::create_dir_all(dir.join("perft")).expect("a kit directory");
    let text: String = (0..cases)
        .map(|i| format!("id case-{i}\nepd X b - 1\nperft 1 36\n\n"))
        .collect();
    std::fs::write(dir.join("perft/chu-lishogi.perft"), text).expect("a perft file");
    dir
}

/// What a run of the command came to.
struct Run {
    status: ExitStatus,
    out: String,
    err: String,
    elapsed: Duration,
    /// The child's peak resident size in KiB (`VmHWM`), as last read while it ran.
    peak_kib: u64,
}

/// The child's peak resident size so far, in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `conformance` against `url` with the kit `dir` and `flags`, reading its peak
/// memory every 2 ms; kills it after 120 s.
fn conformance(url: &str, dir: &Path, flags: &[&str]) -> Run {
    let dir = dir.to_str().expect("a UTF-8 path");
    let mut args = vec!["conformance", "--against", url, "--kit", dir];
    args.extend_from_slice(flags);
    let started = Instant::now();
    let mut child = command(&args, &[])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = peak_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`shogi-arbiter {}` did not end in 120 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Run {
        status,
        elapsed: started.elapsed(),
        out: out.join().expect("stdout read"),
        err: err.join().expect("stderr read"),
        peak_kib: peak,
    }
}

/// The counts of the table's `total` line: cases, agree, disagree, errors.
fn total(out: &str) -> Vec<usize> {
    out.lines()
        .find(|l| l.starts_with("total"))
        .expect("a total line")
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().expect("a count"))
        .collect()
}

/// Asserts that the run failed with every one of its `cases` an error.
fn all_failed(run: &Run, cases: usize) {
    assert_eq!(run.status.code(), Some(1), "{}\n{}", run.out, run.err);
    assert_eq!(total(&run.out), [cases, 0, 0, cases], "{}", run.out);
}

/// Asserts that the run failed with every one of its `cases` an error for `reason`.
fn all_failed_with(run: &Run, cases: usize, reason: &str) {
    all_failed(run, cases);
    // `ERROR chu perft: <case id>: POST /v1/perft: <reason>`
    let end = format!(": POST /v1/perft: {reason}");
    let lines = run
        .out
        .lines()
        .filter(|l| l.starts_with("ERROR chu perft: ") && l.ends_with(&end));
    assert_eq!(lines.count(), cases, "{}", run.out);
}

#[test]
fn an_endless_answer_fails_its_case_and_the_memory_stays_bounded() {
    let (url, _) = spawn_hostile(Mischief::Endless);
    let dir = kit("endless", 3);
    let run = conformance(&url, &dir, &[]);
    all_failed_with(&run, 3, &too_large(default_max_answer_bytes()));
    assert!(run.peak_kib > 0, "no VmHWM read");
    assert!(
        run.peak_kib < 100 * 1024,
        "peak resident size {} KiB",
        run.peak_kib
    );
    assert!(run.elapsed < Duration::from_secs(20), "{:?}", run.elapsed);

    let run = conformance(&url, &dir, &["--max-answer-bytes", "100000"]);
    all_failed_with(&run, 3, &too_large(100_000));
}

/// The reason of a case whose answer is over `cap` bytes.
fn too_large(cap: usize) -> String {
    format!("answer larger than {cap} bytes (--max-answer-bytes)")
}

/// The default of `--max-answer-bytes`, as `conformance --help` states it.
fn default_max_answer_bytes() -> usize {
    let (_, help, _) = super::run(&["conformance", "--help"], &[]);
    let after = help
        .split("--max-answer-bytes <BYTES>")
        .nth(1)
        .expect("the flag in the help");
    let default = after
        .split("[default: ")
        .nth(1)
        .and_then(|d| d.split(']').next())
        .expect("a default");
    default.parse().expect("a number of bytes")
}

#[test]
fn an_answer_of_the_size_bound_is_read_in_bounded_memory_and_one_byte_more_is_not() {
    let cap = default_max_answer_bytes();
    let (url, _) = spawn_hostile(Mischief::Zeros(cap));
    let dir = kit("zeros", 2);
    let run = conformance(&url, &dir, &[]);
    // Read and parsed: a JSON array, not a perft answer.
    assert_eq!(run.status.code(), Some(1), "{}\n{}", run.out, run.err);
    assert_eq!(total(&run.out), [2, 0, 2, 0], "{}", run.out);
    assert!(run.out.contains("expected 36, got no count"), "{}", run.out);
    assert!(
        run.out.contains(&format!("largest answer: {cap} bytes")),
        "{}",
        run.out
    );
    assert!(
        run.peak_kib < 100 * 1024,
        "peak resident size {} KiB",
        run.peak_kib
    );

    let (url, _) = spawn_hostile(Mischief::Zeros(cap + 1));
    let run = conformance(&url, &dir, &[]);
    all_failed_with(&run, 2, &too_large(cap));
}

#[test]
fn an_answer_announcing_a_gigabyte_fails_before_it_is_read() {
    let (url, _) = spawn_hostile(Mischief::Announced);
    let dir = kit("announced", 2);
    let run = conformance(&url, &dir, &["--case-timeout", "20"]);
    all_failed_with(&run, 2, &too_large(default_max_answer_bytes()));
    assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
}

#[test]
fn a_slow_drip_fails_at_the_case_deadline() {
    let (url, _) = spawn_hostile(Mischief::Drip);
    let dir = kit("drip", 2);
    let run = conformance(&url, &dir, &["--case-timeout", "2"]);
    all_failed_with(&run, 2, "no complete answer within 2 s (--case-timeout)");
    // Two cases of 2 s each, and not much more.
    assert!(run.elapsed >= Duration::from_secs(4), "{:?}", run.elapsed);
    assert!(run.elapsed < Duration::from_secs(7), "{:?}", run.elapsed);
}

#[test]
fn a_retry_after_above_the_ceiling_fails_at_once() {
    let (url, requests) = spawn_hostile(Mischief::Busy("3600"));
    let dir = kit("busy", 3);
    let run = conformance(&url, &dir, &[]);
    all_failed_with(
        &run,
        3,
        "Retry-After 3600 s above the ceiling of 5 s (--max-retry-after)",
    );
    assert_eq!(requests.load(Ordering::SeqCst), 3, "one call a case");
    assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);

    let run = conformance(&url, &dir, &["--max-retry-after", "4000"]);
    all_failed_with(
        &run,
        3,
        "429 with Retry-After 3600 s, which would pass the call's deadline",
    );
}

#[test]
fn a_server_busy_for_ever_is_retried_a_bounded_number_of_times() {
    let (url, requests) = spawn_hostile(Mischief::Busy("0"));
    let dir = kit("busy-for-ever", 2);
    let run = conformance(&url, &dir, &[]);
    all_failed_with(&run, 2, "still 429 after 10 retries");
    assert_eq!(
        requests.load(Ordering::SeqCst),
        2 * 11,
        "a call and 10 retries"
    );
    assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
}

#[test]
fn the_run_deadline_stops_the_run_and_the_cases_left_are_not_run() {
    let (url, requests) = spawn_hostile(Mischief::Silent);
    let dir = kit("silent", 5);
    let run = conformance(
        &url,
        &dir,
        &["--case-timeout", "2", "--run-timeout", "3", "--fuzz", "2"],
    );
    all_failed(&run, 5);
    // The first case waits its 2 s, the second is cut at the run's 3 s, three are not run.
    assert!(
        run.out
            .contains("no complete answer within 2 s (--case-timeout)"),
        "{}",
        run.out
    );
    assert!(
        run.out
            .contains("no complete answer before the run deadline of 3 s (--run-timeout) passed"),
        "{}",
        run.out
    );
    assert!(
        run.out.contains(
            "NOT RUN 3 cases (counted as errors): the run deadline of 3 s (--run-timeout) passed"
        ),
        "{}",
        run.out
    );
    assert!(
        run.out.contains("fuzz: 1 games, 0 plies compared"),
        "{}",
        run.out
    );
    assert!(run.out.contains("not run: the run deadline"), "{}", run.out);
    assert_eq!(requests.load(Ordering::SeqCst), 2, "two calls made");
    assert!(
        run.err
            .contains("stopped short: the run deadline of 3 s (--run-timeout) passed"),
        "{}",
        run.err
    );
    assert!(run.elapsed >= Duration::from_secs(3), "{:?}", run.elapsed);
    assert!(run.elapsed < Duration::from_secs(6), "{:?}", run.elapsed);
}
