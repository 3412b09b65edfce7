//! The baseline engine's two ends: its input read line by line on a thread of its own (so
//! that the engine can wait for a line and for a moment at once), each line bounded in
//! length, and its output written and flushed line by line, where a reader that has gone
//! ends the engine quietly.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

/// The longest input line kept; the rest of a longer line is read and dropped (a USI
/// `position` command with a thousand moves of taikyoku shogi is about 16 KB).
pub const MAX_LINE: usize = 1 << 20;

/// What waiting for input gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// A line, without its line end (`\r\n` or `\n`), read as UTF-8 with replacement.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes (dropped).
    TooLong,
    /// The moment waited for came first.
    Timeout,
    /// The input has ended.
    Closed,
}

/// Standard input, read by a thread of its own.
pub struct Input {
    lines: Receiver<Event>,
}

impl Input {
    /// Starts reading standard input.
    pub fn stdin() -> Input {
        Input::from_reader(io::BufReader::new(io::stdin()))
    }

    /// Starts reading `reader` on a thread of its own.
    pub fn from_reader(reader: impl BufRead + Send + 'static) -> Input {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = reader;
            loop {
                let event = read_line(&mut reader);
                let end = event == Event::Closed;
                if tx.send(event).is_err() || end {
                    return;
                }
            }
        });
        Input { lines: rx }
    }

    /// The next line, waiting at most until `until` (`None`: as long as it takes).
    pub fn next(&self, until: Option<Instant>) -> Event {
        match until {
            None => self.lines.recv().unwrap_or(Event::Closed),
            Some(at) => match self
                .lines
                .recv_timeout(at.saturating_duration_since(Instant::now()))
            {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => Event::Timeout,
                Err(RecvTimeoutError::Disconnected) => Event::Closed,
            },
        }
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes.
fn read_line(reader: &mut impl BufRead) -> Event {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Event::Closed,
        };
        if chunk.is_empty() {
            return if line.is_empty() && !too_long {
                Event::Closed
            } else {
                finish(line, too_long)
            };
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], Some(at + 1)),
            None => (chunk, None),
        };
        if line.len() + part.len() > MAX_LINE {
            too_long = true;
            line.clear();
        } else if !too_long {
            line.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            return finish(line, too_long);
        }
    }
}

fn finish(mut line: Vec<u8>, too_long: bool) -> Event {
    if too_long {
        return Event::TooLong;
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Event::Line(String::from_utf8_lossy(&line).into_owned())
}

/// Standard output, flushed after every line; a closed pipe ends the process (status 0:
/// its reader has gone, nobody is left to tell).
pub struct Output {
    out: Box<dyn Write + Send>,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        Output::to(Box::new(io::stdout()))
    }

    /// Any writer (tests).
    pub fn to(out: Box<dyn Write + Send>) -> Output {
        Output { out }
    }

    /// Writes one line and flushes it.
    pub fn line(&mut self, text: &str) {
        self.bytes(text.as_bytes());
        self.bytes(b"\n");
        self.flush();
    }

    /// Writes raw bytes (not flushed).
    pub fn bytes(&mut self, bytes: &[u8]) {
        if self.out.write_all(bytes).is_err() {
            std::process::exit(0);
        }
    }

    /// Flushes what was written.
    pub fn flush(&mut self) {
        if self.out.flush().is_err() {
            std::process::exit(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(input: &'static [u8]) -> Vec<Event> {
        let mut reader = input;
        let mut out = vec![];
        loop {
            let e = read_line(&mut reader);
            let end = e == Event::Closed;
            out.push(e);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_split_trimmed_of_their_ends_and_read_lossily() {
        assert_eq!(
            events(b"usi\r\nisready\n\xff x\nlast"),
            [
                Event::Line("usi".into()),
                Event::Line("isready".into()),
                Event::Line("\u{fffd} x".into()),
                Event::Line("last".into()),
                Event::Closed
            ]
        );
    }

    #[test]
    fn a_line_over_the_bound_is_dropped_and_the_next_one_read() {
        let mut text = vec![b'x'; MAX_LINE + 1];
        text.extend_from_slice(b"\nping 1\n");
        let leaked: &'static [u8] = Box::leak(text.into_boxed_slice());
        assert_eq!(
            events(leaked),
            [Event::TooLong, Event::Line("ping 1".into()), Event::Closed]
        );
    }
}
