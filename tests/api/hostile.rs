//! Hostile inputs: each answered with problem+json in under a second while the server
//! keeps answering other requests; compressed bodies (decompression bombs of every coding,
//! built here) refused by their header, fast and without memory, by the release binary.

use crate::helpers::{assert_problem, spawn_app, Answer, TestApp};
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

async fn timed<F: std::future::Future<Output = Answer>>(app: &TestApp, f: F) -> Answer {
    let started = Instant::now();
    let a = f.await;
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "took {:?}",
        started.elapsed()
    );
    let health = app.get("/healthz").await;
    assert_eq!(health.status, 200, "the server still answers");
    a
}

fn rank_lines(ranks: usize, cells: &str) -> String {
    format!("{} b - 1", vec![cells; ranks].join("/"))
}

#[tokio::test]
async fn hostile_inputs_are_refused_quickly() {
    let app = spawn_app().await;
    let ten_mib = vec![b' '; 10 << 20];
    let a = timed(
        &app,
        app.post_raw("/v1/legal-moves", ten_mib, "application/json"),
    )
    .await;
    assert_problem(&a, 413, "body_too_large");

    let plies: Vec<String> = (0..1_000_000).map(|_| "13s13r".to_string()).collect();
    let a = timed(
        &app,
        app.post("/v1/replay", &json!({"variant": "tai", "moves": plies})),
    )
    .await;
    assert_problem(&a, 413, "body_too_large");

    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": rank_lines(26, "25")}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "rank_count");

    let wide = rank_lines(25, "25,5");
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": wide}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "rank_width");

    let crowded = rank_lines(25, &vec!["P"; 400].join(","));
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": crowded}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");

    let a = timed(
        &app,
        app.post("/v1/perft", &json!({"variant": "tai", "depth": 50})),
    )
    .await;
    assert_problem(&a, 422, "perft_depth_exceeded");

    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"options": {"x": "y"}}}),
        ),
    )
    .await;
    assert_problem(&a, 422, "unknown_option");
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "rules": {"profile": "x"}}),
        ),
    )
    .await;
    assert_problem(&a, 422, "unknown_profile");

    let not_utf8 = b"{\"variant\": \"t\xff\xfei\"}".to_vec();
    let a = timed(
        &app,
        app.post_raw("/v1/legal-moves", not_utf8, "application/json"),
    )
    .await;
    assert_problem(&a, 400, "malformed_json");

    let long_move = "1".repeat(100 * 1024);
    let a = timed(
        &app,
        app.post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": long_move}),
        ),
    )
    .await;
    assert_problem(&a, 422, "move_text_too_long");
}

#[tokio::test]
async fn ten_thousand_pieces_are_refused() {
    let app = spawn_app().await;
    // 10,000 pawns over 25 ranks of 400 cells each: refused as too long before any work.
    let text = rank_lines(25, &vec!["P"; 400].join(","));
    assert!(text.matches('P').count() >= 10_000);
    let a = timed(
        &app,
        app.post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": text}),
        ),
    )
    .await;
    assert_problem(&a, 422, "invalid_position");
    assert_eq!(a.body["problems"][0]["code"], "too_long");
}

/// Writes bits the way deflate and brotli pack them: each value's low bit first, from the
/// low bit of each byte up.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    used: u32,
}

impl Bits {
    fn put(&mut self, value: u64, count: u32) {
        for i in 0..count {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> i) & 1) as u8;
            *self.bytes.last_mut().unwrap() |= bit << (self.used % 8);
            self.used += 1;
        }
    }

    /// A Huffman code of deflate: its high bit first.
    fn put_code(&mut self, code: u64, count: u32) {
        for i in (0..count).rev() {
            self.put((code >> i) & 1, 1);
        }
    }

    fn align(&mut self) {
        self.used = self.bytes.len() as u32 * 8;
    }
}

/// Raw deflate (RFC 1951) of one zero byte and `copies` copies of the 258 bytes before,
/// in one block of fixed Huffman codes: 13 bits for every 258 zeros. Its decoded length.
fn deflate_zeros(copies: usize, out: &mut Bits) -> usize {
    out.put(1, 1); // BFINAL
    out.put(1, 2); // BTYPE 01: fixed Huffman codes
    out.put_code(0x30, 8); // literal 0
    for _ in 0..copies {
        out.put_code(0xc5, 8); // length code 285: 258 bytes
        out.put_code(0, 5); // distance code 0: 1 byte back
    }
    out.put_code(0, 7); // end of block
    1 + 258 * copies
}

fn crc32_of_zeros(len: usize) -> u32 {
    let table: Vec<u32> = (0..256_u32)
        .map(|n| {
            (0..8).fold(n, |c, _| {
                if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                }
            })
        })
        .collect();
    !(0..len).fold(!0_u32, |c, _| table[(c & 0xff) as usize] ^ (c >> 8))
}

/// A gzip member (RFC 1952) of `copies` × 258 zeros.
fn gzip_bomb(copies: usize) -> (Vec<u8>, usize) {
    let mut bits = Bits::default();
    let len = deflate_zeros(copies, &mut bits);
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    out.extend(bits.bytes);
    out.extend(crc32_of_zeros(len).to_le_bytes());
    out.extend((len as u32).to_le_bytes());
    (out, len)
}

/// A zlib stream (RFC 1950, the `deflate` content coding) of `copies` × 258 zeros.
fn zlib_bomb(copies: usize) -> (Vec<u8>, usize) {
    let mut bits = Bits::default();
    let len = deflate_zeros(copies, &mut bits);
    let mut out = vec![0x78, 0x01];
    out.extend(bits.bytes);
    let adler = (((len % 65_521) as u32) << 16) | 1;
    out.extend(adler.to_be_bytes());
    (out, len)
}

/// A zstd frame (RFC 8878) of `blocks` RLE blocks of 128 KiB of zeros: 4 bytes each.
fn zstd_bomb(blocks: usize) -> (Vec<u8>, usize) {
    const BLOCK: u32 = 128 * 1024;
    // Magic; frame header: no content size, no checksum; window 2^17.
    let mut out = vec![0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3];
    for i in 0..blocks {
        let last = u32::from(i + 1 == blocks);
        let header = (BLOCK << 3) | (1 << 1) | last; // Block_Type 1: RLE
        out.extend(&header.to_le_bytes()[..3]);
        out.push(0);
    }
    (out, blocks * BLOCK as usize)
}

/// A brotli stream (RFC 7932): one uncompressed zero byte, then `blocks` meta-blocks of
/// 16 MiB each made of one command (no literal, a copy of 16 MiB from 1 byte back) under
/// one-symbol prefix codes, about 13 bytes each; then the empty last meta-block.
fn brotli_bomb(blocks: usize) -> (Vec<u8>, usize) {
    const MLEN: u64 = 1 << 24;
    let mut b = Bits::default();
    b.put(0, 1); // WBITS 16
                 // An uncompressed meta-block of one byte: not last, 4 nibbles of MLEN - 1 = 0.
    b.put(0, 1);
    b.put(0, 2);
    b.put(0, 16);
    b.put(1, 1); // ISUNCOMPRESSED
    b.align();
    b.bytes.push(0);
    for _ in 0..blocks {
        b.put(0, 1); // ISLAST
        b.put(2, 2); // 6 nibbles
        b.put(MLEN - 1, 24);
        b.put(0, 1); // compressed
        b.put(0, 3); // one block type each of literals, commands, distances
        b.put(0, 2); // NPOSTFIX
        b.put(0, 4); // NDIRECT
        b.put(0, 2); // context mode of the literals
        b.put(0, 2); // one literal tree, one distance tree
        for (symbol, width) in [(0, 8), (391, 10), (16, 6)] {
            b.put(1, 2); // a simple prefix code
            b.put(0, 2); // of one symbol
            b.put(symbol, width);
        }
        // Command 391: insert length code 0 (no literal), copy length code 23 (2118 and
        // 24 extra bits), its distance given: symbol 16, one extra bit 0 = 1 byte back.
        b.put(MLEN - 2118, 24);
        b.put(0, 1);
    }
    b.put(1, 1); // ISLAST
    b.put(1, 1); // ISLASTEMPTY
    (b.bytes, 1 + blocks * MLEN as usize)
}

/// The release binary serving on a free loopback port, killed when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    fn start() -> Served {
        Served::start_with(Stdio::null(), "warn")
    }

    /// Starts the server with its log (standard output) going to `log` at level `level`.
    fn start_with(log: Stdio, level: &str) -> Served {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_shogi-arbiter"));
        for var in shogi_arbiter::config::ServeArgs::env_vars() {
            command.env_remove(var);
        }
        let child = command
            .args(["--port", &port.to_string(), "--workers", "2"])
            .env("RUST_LOG", level)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let served = Served {
            child,
            address: format!("127.0.0.1:{port}"),
        };
        let started = Instant::now();
        while served.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").0 != 200 {
            assert!(started.elapsed() < Duration::from_secs(10), "not serving");
            std::thread::sleep(Duration::from_millis(20));
        }
        served
    }

    /// Sends a request on a new connection: the status (0 for none), the whole answer and
    /// how long it took.
    fn send(&self, request: &[u8]) -> (u16, String, Duration) {
        let started = Instant::now();
        let Ok(mut stream) = TcpStream::connect(&self.address) else {
            return (0, String::new(), started.elapsed());
        };
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        // The server may answer, and close, before it has read the whole body.
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let mut buf = [0_u8; 4096];
        while let Ok(n) = stream.read(&mut buf) {
            if n == 0 {
                break;
            }
            answer.extend_from_slice(&buf[..n]);
            if complete(&answer) {
                break;
            }
        }
        let text = String::from_utf8_lossy(&answer).into_owned();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, text, started.elapsed())
    }

    /// A line of /proc/PID/status, in KiB.
    fn memory(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's status");
        status
            .lines()
            .find_map(|l| {
                l.strip_prefix(field)?
                    .trim()
                    .strip_suffix("kB")?
                    .trim()
                    .parse()
                    .ok()
            })
            .unwrap_or_else(|| panic!("no {field} in {status}"))
    }
}

/// Whether an HTTP/1.1 answer with a Content-Length has arrived whole.
fn complete(answer: &[u8]) -> bool {
    let text = String::from_utf8_lossy(answer);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    head.lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .is_some_and(|len| body.len() >= len)
}

#[test]
fn compressed_bodies_are_refused_by_their_header_fast_and_without_memory() {
    let bombs = [
        ("gzip", gzip_bomb(420_000)),
        ("deflate", zlib_bomb(420_000)),
        ("zstd", zstd_bomb(8192)),
        ("br", brotli_bomb(64)),
    ];
    for (coding, (body, decoded)) in &bombs {
        // Each is under the 1 MiB body limit and decodes to over 100 MiB.
        assert!(body.len() < 1 << 20 && *decoded > 100 << 20, "{coding}");
    }
    let server = Served::start();
    // The peak is reset (clear_refs 5) so that it counts from here.
    let reset = std::fs::write(format!("/proc/{}/clear_refs", server.child.id()), "5");
    let before = server.memory(if reset.is_ok() { "VmRSS:" } else { "VmHWM:" });
    let mut times = Vec::new();
    for (coding, (body, _)) in &bombs {
        for path in [
            "/v1/legal-moves",
            "/v1/replay",
            "/v1/perft",
            "/v1/adjudicate",
        ] {
            let mut request = format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                 Content-Encoding: {coding}\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .into_bytes();
            request.extend_from_slice(body);
            let (status, answer, took) = server.send(&request);
            assert_eq!(status, 415, "{coding} {path}: {answer}");
            let (head, json) = answer.split_once("\r\n\r\n").unwrap();
            let head = head.to_ascii_lowercase();
            assert!(
                head.contains("content-type: application/problem+json"),
                "{head}"
            );
            assert!(head.contains("accept-encoding: identity"), "{head}");
            let problem: serde_json::Value = serde_json::from_str(json).expect("JSON");
            assert_eq!(problem["code"], "unsupported_content_encoding");
            assert_eq!(problem["status"], 415);
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(&format!("`{coding}`")), "{detail}");
            assert!(detail.contains("`identity`"), "{detail}");
            times.push(took);
        }
    }
    let peak = server.memory("VmHWM:");
    times.sort();
    let slowest = *times.last().unwrap();
    println!(
        "{} refusals: median {:?}, slowest {slowest:?}; RSS {before} KiB, peak after {peak} KiB",
        times.len(),
        times[times.len() / 2]
    );
    assert!(
        slowest < Duration::from_millis(100),
        "slowest answer {slowest:?}"
    );
    assert!(
        peak < before + 10 * 1024,
        "the peak grew from {before} KiB to {peak} KiB"
    );
    // A body declared `identity` is read as it is.
    let body = br#"{"variant": "tai", "rules": {"profile": "x"}}"#;
    let mut request = format!(
        "POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Encoding: identity\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    let (status, answer, _) = server.send(&request);
    assert_eq!(status, 422, "{answer}");
    assert!(answer.contains("unknown_profile"), "{answer}");
    let (status, _, _) = server.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(status, 200);
}

#[test]
fn the_bombs_are_what_they_claim() {
    // The deflate stream's arithmetic: 13 bits for every 258 zeros.
    let (gzip, len) = gzip_bomb(1000);
    assert_eq!(len, 258_001);
    assert_eq!(
        gzip.len(),
        10 + (3 + 8 + 13 * 1000 + 7_usize).div_ceil(8) + 8
    );
    assert_eq!(crc32_of_zeros(0), 0);
    // Known: the CRC-32 of one zero byte and of four.
    assert_eq!(crc32_of_zeros(1), 0xd202_ef8d);
    assert_eq!(crc32_of_zeros(4), 0x2144_df1c);
    let (zstd, len) = zstd_bomb(2);
    assert_eq!(len, 256 * 1024);
    assert_eq!(zstd[6..10], [0x02, 0x00, 0x10, 0x00]);
    assert_eq!(zstd[10..13], [0x03, 0x00, 0x10]);
}

/// The one line logged per request names its variant cut as problems cut it (64
/// characters): a made-up variant of nearly a megabyte is no megabyte of log.
#[test]
fn a_huge_variant_is_logged_cut() {
    let path = std::env::temp_dir().join(format!("shogi-arbiter-log-{}.txt", std::process::id()));
    let file = std::fs::File::create(&path).expect("a log file");
    let served = Served::start_with(Stdio::from(file), "info");
    let variant = "v".repeat(900_000);
    let body = format!(r#"{{"variant":"{variant}"}}"#);
    let request = format!(
        "POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, answer, _) = served.send(request.as_bytes());
    assert_eq!(status, 422, "{answer}");
    assert!(answer.len() < 8192, "{} bytes", answer.len());
    drop(served);
    let log = std::fs::read_to_string(&path).expect("the log");
    let _ = std::fs::remove_file(&path);
    let answered: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("answered") && l.contains("/v1/legal-moves"))
        .collect();
    assert_eq!(answered.len(), 1, "{log}");
    assert!(answered[0].contains(&"v".repeat(64)), "{}", answered[0]);
    assert!(
        !answered[0].contains(&"v".repeat(65)),
        "{} bytes",
        answered[0].len()
    );
    assert!(
        log.lines().all(|l| l.len() < 4096),
        "a log line of over 4 KiB"
    );
}
