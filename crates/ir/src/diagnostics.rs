//! Diagnostics in MLIR's form: a location, a severity, a message and attached notes.
//!
//! Nothing in the library prints: parsers, verifiers and passes return or emit
//! [`Diagnostic`]s, and a handler (the tools' renderer, the `--verify-diagnostics` checker,
//! a test) decides where they go.
//!
//! [`SourceMgr`] renders them as MLIR does: `file:line:col: error: msg`, the source line
//! and a caret, then the notes.

use std::fmt::Write as _;

use super::attributes::{AttrKind, Location};

/// How serious a diagnostic is.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Severity {
    /// A hard error.
    Error,
    /// A warning.
    Warning,
    /// An informational remark.
    Remark,
    /// A note attached to another diagnostic.
    Note,
}

impl Severity {
    /// The word MLIR prints for this severity.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// One diagnostic with its notes.
#[derive(Clone, Debug)]
pub struct Diagnostic<'c> {
    /// Where.
    pub loc: Location<'c>,
    /// How serious.
    pub severity: Severity,
    /// What.
    pub message: String,
    /// Attached notes.
    pub notes: Vec<Diagnostic<'c>>,
}

impl<'c> Diagnostic<'c> {
    /// An error at `loc`.
    pub fn error(loc: Location<'c>, message: impl Into<String>) -> Self {
        Self {
            loc,
            severity: Severity::Error,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    /// A diagnostic of any severity.
    pub fn new(loc: Location<'c>, severity: Severity, message: impl Into<String>) -> Self {
        Self {
            loc,
            severity,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    /// Attaches a note at `loc`.
    pub fn with_note(mut self, loc: Location<'c>, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(loc, Severity::Note, message));
        self
    }
}

/// A source buffer, so that diagnostics can show the offending line.
pub struct SourceFile {
    /// The name used in locations.
    pub name: String,
    /// The text (`String`s convert with `.into()`).
    pub text: super::source_text::SourceText,
    /// Line number (1-based) of the first line of `text` within the named file, for
    /// `--split-input-file` chunks.
    pub first_line: u32,
}

/// Renders diagnostics as MLIR does: `file:line:col: error: msg`, the source line, a caret.
#[derive(Default)]
pub struct SourceMgr {
    files: Vec<SourceFile>,
    /// Per file, where its lines start: built when a line is first shown (diagnostics are
    /// rare; a mapped input is not read again before), then each line in O(1).
    line_starts: Vec<std::sync::OnceLock<Vec<u32>>>,
}

/// Byte offsets at which the lines of `text` start (the first is 0).
pub fn line_starts(text: &str) -> Vec<u32> {
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i as u32 + 1))
        .collect()
}

/// Line `n` (0-based) of `text` whose lines start at `starts`, without its line break (as
/// `str::lines` gives it).
pub fn nth_line<'t>(text: &'t str, starts: &[u32], n: usize) -> Option<&'t str> {
    let start = *starts.get(n)? as usize;
    let end = starts.get(n + 1).map_or(text.len(), |&e| e as usize - 1);
    let line = text.get(start..end)?;
    Some(line.strip_suffix('\r').unwrap_or(line))
}

impl SourceMgr {
    /// An empty manager.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a buffer.
    pub fn add(&mut self, file: SourceFile) {
        self.files.push(file);
        self.line_starts.push(std::sync::OnceLock::new());
    }
    /// The text of the first buffer (the main input).
    pub fn main_text(&self) -> &str {
        self.files.first().map_or("", |f| f.text.as_str())
    }

    /// The first buffer (the main input).
    pub fn main_source(&self) -> Option<&super::SourceText> {
        self.files.first().map(|f| &f.text)
    }

    fn line_text(&self, file: &str, line: u32) -> Option<&str> {
        let i = self
            .files
            .iter()
            .rposition(|f| f.name == file && line >= f.first_line)?;
        self.file_line(i, (line - self.files[i].first_line) as usize)
    }

    /// Line `n` (0-based) of buffer `i`.
    fn file_line(&self, i: usize, n: usize) -> Option<&str> {
        let text = self.files[i].text.as_str();
        let starts = self.line_starts[i].get_or_init(|| line_starts(text));
        nth_line(text, starts, n)
    }

    /// Line `line` (1-based) of the main input.
    pub fn main_line(&self, line: u32) -> Option<&str> {
        if self.files.is_empty() || line == 0 {
            return None;
        }
        self.file_line(0, line as usize - 1)
    }

    /// Renders one diagnostic (and its notes) to text.
    pub fn render(&self, d: &Diagnostic<'_>) -> String {
        let mut out = String::new();
        let mut prev: Option<super::attributes::Location<'_>> = None;
        self.render_into(d, &mut out, &mut prev);
        out
    }

    fn render_into<'c>(
        &self,
        d: &Diagnostic<'c>,
        out: &mut String,
        prev: &mut Option<Location<'c>>,
    ) {
        let sev = d.severity.as_str();
        match d.loc.file_line_col() {
            Some((file, line, col)) => {
                let _ = writeln!(out, "{file}:{line}:{col}: {sev}: {}", d.message);
                // A note at the location just shown is not shown again (an error is).
                let same = d.severity == Severity::Note
                    && prev.is_some_and(|p| p.file_line_col() == Some((file, line, col)));
                if !same && line > 0 && col > 0 {
                    if let Some(text) = self.line_text(file, line) {
                        let text = text.trim_end_matches('\r');
                        if (col as usize) <= text.len() + 1 {
                            // A very long line (generated input) is shown around the
                            // column only.
                            let (shown, caret) = window(text, col as usize - 1);
                            let _ = writeln!(out, "{}", expand_tabs(shown));
                            if shown.is_ascii() {
                                let upto = &shown[..caret.min(shown.len())];
                                let _ = writeln!(out, "{}^", " ".repeat(expand_tabs(upto).len()));
                            }
                        }
                    }
                }
            }
            None if matches!(d.loc.kind(), AttrKind::UnknownLoc) => {
                let _ = writeln!(out, "<unknown>:0: {sev}: {}", d.message);
            }
            None => {
                let shown = crate::printer::attr_to_string(d.loc.attr());
                let _ = writeln!(out, "<unknown>:0: {sev}: {shown}: {}", d.message);
            }
        }
        *prev = Some(d.loc);
        // A call-site location is followed by its chain of callers.
        let mut loc = d.loc;
        while let AttrKind::CallSiteLoc { caller, .. } = *loc.kind() {
            let note = Diagnostic::new(caller, Severity::Note, "called from");
            self.render_into(&note, out, prev);
            loc = caller;
        }
        for n in &d.notes {
            self.render_into(n, out, prev);
        }
    }
}

/// Expands tabs to the next multiple of 8 columns, as LLVM's SourceMgr does.
fn expand_tabs(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\t' {
            out.push(' ');
            while !out.len().is_multiple_of(8) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// At most this many bytes of a source line are shown under a diagnostic.
const MAX_SHOWN_LINE: usize = 240;

/// The part of `text` shown for a diagnostic at byte `col` (0-based), and the caret's
/// byte offset in it: the whole line when short, else a window around the column.
fn window(text: &str, col: usize) -> (&str, usize) {
    if text.len() <= MAX_SHOWN_LINE || !text.is_ascii() {
        return (text, col);
    }
    let start = col.saturating_sub(MAX_SHOWN_LINE / 2);
    let end = (start + MAX_SHOWN_LINE).min(text.len());
    (&text[start..end], col - start)
}
