//! `print-op-stats`: counts the ops under the anchor (the anchor included) by name and
//! prints the table mlir-opt prints (MLIR's `PrintOpStats`), or the same counts as JSON
//! with `json`.
//!
//! Like MLIR's pass, the report goes straight to stderr when the pass runs (one report
//! per anchor op), written in one piece so that reports of functions run on different
//! threads do not interleave.
//! A run's events (IR dumps, diagnostics) come after these reports.

use std::collections::BTreeMap;
use std::io::Write;

use pto_ir::{Body, Context, Diagnostic};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::PrintOpStats {
    fn options_text(&self) -> String {
        self.options.to_text()
    }
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut counts: BTreeMap<&'c str, u64> = BTreeMap::new();
        *counts.entry(target.op_name.as_str()).or_default() += 1;
        count(target.body, &mut counts);
        let text = if self.options.json {
            json_report(&counts)
        } else {
            table_report(&counts)
        };
        // A closed stderr is no reason to fail the pipeline.
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        Ok(())
    }
}

/// Adds the ops of `body` and of the bodies nested in it.
fn count<'c>(body: &Body<'c>, counts: &mut BTreeMap<&'c str, u64>) {
    for op in body.all_ops() {
        *counts.entry(body.op_name(op).as_str()).or_default() += 1;
        if let Some(nested) = body.nested(op) {
            count(nested, counts);
        }
    }
}

/// `dialect.op` split at the first dot; a name without one has an empty dialect.
fn split_name(name: &str) -> (&str, &str) {
    match name.split_once('.') {
        Some((d, o)) if !o.is_empty() => (d, o),
        _ => ("", name),
    }
}

/// The table: dialects right-aligned up to the dot, op names left-aligned, then the count.
fn table_report(counts: &BTreeMap<&str, u64>) -> String {
    let mut out = String::from("Operations encountered:\n-----------------------\n");
    let dialect_w = counts
        .keys()
        .map(|k| split_name(k).0.len())
        .max()
        .unwrap_or(0);
    let op_w = counts
        .keys()
        .map(|k| split_name(k).1.len())
        .max()
        .unwrap_or(0);
    for (name, n) in counts {
        let (dialect, op) = split_name(name);
        if dialect.is_empty() {
            out.push_str(&" ".repeat(dialect_w + 3));
        } else {
            out.push_str(&format!("{dialect:>w$}.", w = dialect_w + 2));
        }
        out.push_str(&format!("{op:<op_w$} , {n}\n"));
    }
    out
}

/// `{ "name" : count, ... }`, one entry per line.
fn json_report(counts: &BTreeMap<&str, u64>) -> String {
    let entries: Vec<String> = counts
        .iter()
        .map(|(name, n)| format!("  \"{name}\" : {n}"))
        .collect();
    format!("{{\n{}\n}}\n", entries.join(",\n"))
}
