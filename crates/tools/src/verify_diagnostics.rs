//! `--verify-diagnostics`: checks emitted diagnostics against `expected-*` comments.

use regex::Regex;

use pto_ir::{Diagnostic, Severity};

/// One `expected-<severity> [@target] {{text}}` designator.
#[derive(Debug)]
pub struct Expected {
    /// Severity it expects.
    pub severity: Severity,
    /// Line the diagnostic must be on (None for `@unknown`).
    pub line: Option<u32>,
    /// Matcher: substring or regex.
    matcher: Matcher,
    /// The expected text as written.
    pub text: String,
    /// Where the designator is (line, column of `expected-`).
    pub pos: (u32, u32),
    /// Whether a diagnostic matched.
    pub matched: bool,
}

#[derive(Debug)]
enum Matcher {
    Substring(String),
    Regex(Regex),
}

impl Matcher {
    fn matches(&self, msg: &str) -> bool {
        match self {
            Matcher::Substring(s) => msg.contains(s.as_str()),
            Matcher::Regex(r) => r.is_match(msg),
        }
    }
}

/// A problem with the designators themselves (bad regex): reported as an error at `pos`.
pub struct DesignatorError {
    /// (line, column) of the designator.
    pub pos: (u32, u32),
    /// The message.
    pub message: String,
}

/// Collects the designators of a whole file.
pub fn parse_expectations(text: &str) -> (Vec<Expected>, Vec<DesignatorError>) {
    let re = Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
        .expect("valid regex");
    let lines: Vec<&str> = text.lines().collect();
    let is_designator: Vec<bool> = lines.iter().map(|l| re.is_match(l.trim_end())).collect();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim_end();
        let Some(c) = re.captures(line) else { continue };
        let whole = c.get(0).expect("match");
        let lineno = i as u32 + 1;
        let pos = (lineno, whole.start() as u32 + 1);
        let severity = match &c[1] {
            "error" => Severity::Error,
            "note" => Severity::Note,
            "remark" => Severity::Remark,
            _ => Severity::Warning,
        };
        let target = match c.get(4).map(|m| m.as_str()) {
            None => Some(lineno),
            Some("unknown") => None,
            Some("above") => (0..i)
                .rev()
                .find(|&j| !is_designator[j])
                .map(|j| j as u32 + 1),
            Some("below") => (i + 1..lines.len())
                .find(|&j| !is_designator[j])
                .map(|j| j as u32 + 1),
            Some(off) => {
                let n: i64 = off.parse().unwrap_or(0);
                Some((lineno as i64 + n).max(0) as u32)
            }
        };
        let text = c[5].to_string();
        let matcher = if c.get(2).is_some() {
            match build_regex(&text) {
                Ok(r) => Matcher::Regex(r),
                Err(e) => {
                    errors.push(DesignatorError { pos, message: e });
                    continue;
                }
            }
        } else {
            Matcher::Substring(text.clone())
        };
        let line_target = match c.get(4).map(|m| m.as_str()) {
            Some("above") | Some("below") if target.is_none() => Some(0),
            _ => target,
        };
        out.push(Expected {
            severity,
            line: line_target,
            matcher,
            text,
            pos,
            matched: false,
        });
    }
    (out, errors)
}

/// `text {{re}} text` -> a regex with the plain parts escaped.
fn build_regex(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            return Err("found start of regex with no end '}}'".to_string());
        };
        pattern.push('(');
        pattern.push_str(&after[..end]);
        pattern.push(')');
        rest = &after[end + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// What checking one diagnostic found.
pub enum Outcome {
    /// Matched a designator.
    Matched,
    /// A designator on that line has the text but another severity.
    WrongSeverity {
        /// Position of the designator.
        pos: (u32, u32),
        /// The severity it expects.
        expected: Severity,
    },
    /// Nothing expected it.
    Unexpected,
}

/// Matches one diagnostic (not its notes) against the designators.
pub fn check(expected: &mut [Expected], d: &Diagnostic<'_>) -> Outcome {
    let line = d.loc.file_line_col().map(|(_, l, _)| l);
    let mut wrong = None;
    for e in expected.iter_mut() {
        if e.matched || e.line != line || !e.matcher.matches(&d.message) {
            continue;
        }
        if e.severity == d.severity {
            e.matched = true;
            return Outcome::Matched;
        }
        wrong.get_or_insert((e.pos, e.severity));
    }
    match wrong {
        Some((pos, expected)) => Outcome::WrongSeverity { pos, expected },
        None => Outcome::Unexpected,
    }
}

/// Checks diagnostic `d` (and its notes) against the designators; a mismatch is
/// rendered into `stderr` and sets `failed`.
pub fn report_verified(
    d: &Diagnostic<'_>,
    expected: &mut [Expected],
    srcmgr: &pto_ir::SourceMgr,
    stderr: &mut String,
    failed: &mut bool,
) {
    let top = Diagnostic {
        loc: d.loc,
        severity: d.severity,
        message: d.message.clone(),
        notes: Vec::new(),
    };
    match check(expected, &top) {
        Outcome::Matched => {}
        Outcome::WrongSeverity { pos, expected: sev } => {
            *failed = true;
            let file = d.loc.file_line_col().map(|f| f.0).unwrap_or("<unknown>");
            let line_text = srcmgr.main_line(pos.0).unwrap_or("");
            stderr.push_str(&format!(
                "{file}:{}:{}: error: '{}' diagnostic emitted when expecting a '{}'\n{line_text}\n{}^\n",
                pos.0,
                pos.1,
                d.severity.as_str(),
                sev.as_str(),
                " ".repeat(pos.1 as usize - 1)
            ));
        }
        Outcome::Unexpected => {
            *failed = true;
            let shown = Diagnostic {
                loc: d.loc,
                severity: Severity::Error,
                message: format!("unexpected {}: {}", d.severity.as_str(), d.message),
                notes: Vec::new(),
            };
            stderr.push_str(&srcmgr.render(&shown));
        }
    }
    for n in &d.notes {
        report_verified(n, expected, srcmgr, stderr, failed);
    }
}

/// Reports every designator no diagnostic matched (`expected error "..." was not
/// produced`) into `stderr`; whether there was one.
pub fn report_unmatched(
    expected: &[Expected],
    file_name: &str,
    text: &str,
    stderr: &mut String,
) -> bool {
    let mut any = false;
    let mut starts = None;
    for e in expected.iter().filter(|e| !e.matched) {
        any = true;
        let starts = starts.get_or_insert_with(|| pto_ir::diagnostics::line_starts(text));
        let line_text =
            pto_ir::diagnostics::nth_line(text, starts, e.pos.0 as usize - 1).unwrap_or("");
        stderr.push_str(&format!(
            "{file_name}:{}:{}: error: expected {} \"{}\" was not produced\n{line_text}\n{}^{}\n",
            e.pos.0,
            e.pos.1,
            e.severity.as_str(),
            e.text,
            " ".repeat(e.pos.1 as usize - 1),
            "~".repeat(e.text.len().saturating_sub(1))
        ));
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designator_targets() {
        let t = "a\n// expected-error @below {{x}}\nb\nc // expected-error {{y}}\n// expected-note-re@-3 {{n {{[0-9]+}}}}\n";
        let (e, errs) = parse_expectations(t);
        assert!(errs.is_empty());
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].line, Some(3));
        assert_eq!(e[1].line, Some(4));
        assert_eq!(e[2].line, Some(2));
        assert!(matches!(&e[2].matcher, Matcher::Regex(r) if r.is_match("n 42")));
    }
}
