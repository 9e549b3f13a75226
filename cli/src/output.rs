//! Writing to standard output and standard error without panicking.
//!
//! `println!` panics when its stream is a closed pipe (`a2a-card validate big.json | head -1`).
//! Here every line is written with `writeln!` to a locked stream. When the reader has gone
//! (a broken pipe), writing to that stream stops quietly and the command ends with its normal
//! exit code; any other write error (a full disk, ...) is reported once on stderr and makes
//! the command fail. Text from elsewhere (a server's headers, a catalog's entries) reaches it
//! through the library's Display of diagnostics, endpoints and listed cards, which escape it;
//! paths and the names taken from them (a tenant's) are printed through [`shown_path`].

use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufWriter, ErrorKind, StderrLock, StdoutLock, Write};
use std::path::Path;

/// Writes a line to standard output: `outln!(output, "{}", x)`.
macro_rules! outln {
    ($output:expr, $($arg:tt)*) => {
        $output.out(format_args!($($arg)*))
    };
}

/// Writes a line to standard error: `errln!(output, "{}", x)`.
macro_rules! errln {
    ($output:expr, $($arg:tt)*) => {
        $output.err(format_args!($($arg)*))
    };
}

pub(crate) use {errln, outln};

/// Standard output (buffered) and standard error, both locked for the whole run.
pub(crate) struct Output {
    out: Stream<BufWriter<StdoutLock<'static>>>,
    err: Stream<StderrLock<'static>>,
}

/// One stream and whether it can still be written to.
struct Stream<W: Write> {
    writer: W,
    state: State,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    /// The reader closed the pipe; nothing more is written, and that is not a failure.
    Closed,
    /// Writing failed for another reason (already reported where possible).
    Failed,
}

impl<W: Write> Stream<W> {
    fn new(writer: W) -> Self {
        Self {
            writer,
            state: State::Open,
        }
    }

    /// Writes one line; the error, if any, is returned once and the stream is shut.
    fn line(&mut self, args: fmt::Arguments<'_>) -> Option<io::Error> {
        if self.state != State::Open {
            return None;
        }
        let result = writeln!(self.writer, "{args}");
        self.settle(result)
    }

    fn flush(&mut self) -> Option<io::Error> {
        if self.state != State::Open {
            return None;
        }
        let result = self.writer.flush();
        self.settle(result)
    }

    fn settle(&mut self, result: io::Result<()>) -> Option<io::Error> {
        match result {
            Ok(()) => None,
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.state = State::Closed;
                None
            }
            Err(e) => {
                self.state = State::Failed;
                Some(e)
            }
        }
    }
}

impl Output {
    /// Locks standard output and standard error.
    pub(crate) fn new() -> Self {
        Self {
            out: Stream::new(BufWriter::new(io::stdout().lock())),
            err: Stream::new(io::stderr().lock()),
        }
    }

    /// Writes a line to standard output.
    pub(crate) fn out(&mut self, args: fmt::Arguments<'_>) {
        if let Some(e) = self.out.line(args) {
            self.report_stdout_failure(&e);
        }
    }

    /// Writes a line to standard error. Standard output is flushed first, so the two keep
    /// their order when they go to the same terminal.
    pub(crate) fn err(&mut self, args: fmt::Arguments<'_>) {
        self.flush_stdout();
        // Nothing is left to tell about a failing standard error.
        let _ = self.err.line(args);
    }

    /// Flushes standard output. True when everything written reached its reader, or the
    /// reader closed the pipe (a `| head` is not a failure); false when writing failed.
    pub(crate) fn finish(mut self) -> bool {
        self.flush_stdout();
        let _ = self.err.flush();
        self.out.state != State::Failed
    }

    /// Flushes standard output now (a server announces its address before it serves).
    pub(crate) fn flush_stdout(&mut self) {
        if let Some(e) = self.out.flush() {
            self.report_stdout_failure(&e);
        }
    }

    fn report_stdout_failure(&mut self, error: &io::Error) {
        let _ = self.err.line(format_args!(
            "a2a-card: cannot write to standard output: {error}"
        ));
    }
}

/// `1 error`, `2 errors`: a count and its noun, for the summary lines.
pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A path as messages print it: control characters and the invisible characters that reorder
/// text escaped (the library's `terminal_safe`), so a file name from a folder listing cannot
/// forge or hide a line; bytes that are not UTF-8 shown as U+FFFD.
pub(crate) fn shown_path(path: &Path) -> Cow<'_, str> {
    match path.to_string_lossy() {
        Cow::Borrowed(text) => a2a_card::terminal_safe(text),
        Cow::Owned(text) => Cow::Owned(a2a_card::terminal_safe(&text).into_owned()),
    }
}
