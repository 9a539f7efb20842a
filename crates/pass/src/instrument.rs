//! What mlir-opt's instrumentation flags ask of a pipeline run, and the texts it produces:
//! IR dumps around passes (`--mlir-print-ir-*`) and the pass statistics report
//! (`--mlir-pass-statistics`). The execution time report is in [`super::timing`].
//!
//! A run does not print: it returns its IR dumps and diagnostics as [`Event`]s in the order
//! mlir-opt would emit them (as if single-threaded, whatever the thread count), and the
//! tool writes them out.

use super::pipeline::OpPassManager;
use super::schedule::{adaptor_name, schedule, Manager, Step};
use super::{PassInfo, Statistics};
use pto_ir::Diagnostic;

/// Something a pipeline run reports, in order.
#[derive(Debug)]
pub enum Event<'c> {
    /// Text for stderr (an IR dump, with its header and trailing blank line).
    Output(String),
    /// An error from a pass or from verifying its result.
    Diagnostic(Diagnostic<'c>),
}

/// Which passes IR dumps are taken around.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassFilter {
    /// None.
    #[default]
    None,
    /// Every pass.
    All,
    /// The passes with these arguments.
    Only(Vec<String>),
}

impl PassFilter {
    /// Whether the pass registered as `argument` is selected.
    pub fn matches(&self, argument: &str) -> bool {
        match self {
            PassFilter::None => false,
            PassFilter::All => true,
            PassFilter::Only(v) => v.iter().any(|a| a == argument),
        }
    }
}

/// IR dumps around passes, from the `--mlir-print-ir-*` flags.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    /// Dump before these passes.
    pub before: PassFilter,
    /// Dump after these passes (and after these passes fail).
    pub after: PassFilter,
    /// Dump after a pass only if it changed the IR (`--mlir-print-ir-after-change`).
    pub after_change: bool,
    /// Dump after a pass only if it failed (`--mlir-print-ir-after-failure`).
    pub after_failure: bool,
    /// Dump the whole top-level op rather than the pass's anchor
    /// (`--mlir-print-ir-module-scope`; needs `--mlir-disable-threading`).
    pub module_scope: bool,
}

impl IrPrinting {
    /// The configuration mlir-opt derives from its flags: `-all` selects every pass,
    /// otherwise the listed ones; `--mlir-print-ir-after-failure` selects every pass for
    /// the after-dump but only failures are dumped.
    pub fn from_flags(
        before_all: bool,
        before: Vec<String>,
        after_all: bool,
        after: Vec<String>,
        after_change: bool,
        after_failure: bool,
        module_scope: bool,
    ) -> Self {
        let filter = |all: bool, list: Vec<String>| {
            if all {
                PassFilter::All
            } else if list.is_empty() {
                PassFilter::None
            } else {
                PassFilter::Only(list)
            }
        };
        Self {
            before: filter(before_all, before),
            after: filter(after_all || after_failure, after),
            after_change,
            after_failure,
            module_scope,
        }
    }
}

/// The header line of an IR dump, as MLIR writes it:
/// `// -----// IR Dump After CSE (cse) //----- //`, with ` Failed` after the name for a
/// failed pass and, with `--mlir-print-ir-module-scope`, the anchor
/// (`('func.func' operation: @f)`) before the closing marker.
pub(crate) fn dump_header(
    when: &str,
    info: &PassInfo,
    failed: bool,
    anchor: Option<(&str, Option<&str>)>,
) -> String {
    let mut s = format!("// -----// IR Dump {when} {}", info.name);
    if failed {
        s.push_str(" Failed");
    }
    s.push_str(&format!(" ({})", info.argument));
    if let Some((op, sym)) = anchor {
        s.push_str(&format!(" ('{op}' operation"));
        if let Some(sym) = sym {
            s.push_str(&format!(": @{sym}"));
        }
        s.push(')');
    }
    s.push_str(" //----- //\n");
    s
}

/// The banner opening mlir-opt's reports: a rule, the title centred in 80 columns, a rule.
pub(crate) fn banner(title: &str) -> String {
    let rule = format!("==={}===\n", "-".repeat(73));
    let pad = (80usize.saturating_sub(title.len())) / 2;
    format!("{rule}{}{title}\n{rule}", " ".repeat(pad))
}

/// How the statistics report is laid out (`--mlir-pass-statistics-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatisticsDisplay {
    /// Each pass once (by display name), its counters summed, sorted by name.
    List,
    /// The passes in pipeline order, nested under their pass managers.
    #[default]
    Pipeline,
}

/// The counters of every pass of a pipeline, by position in the pipeline as written.
pub type PassStatistics = Vec<Statistics>;

/// The statistics report of a run of `pm`, as mlir-opt prints it after the pipeline:
/// each pass with `(S) <value> <name> - <description>` for its declared counters.
pub fn statistics_report(
    pm: &OpPassManager,
    stats: &PassStatistics,
    display: StatisticsDisplay,
) -> String {
    let sched = schedule(pm);
    let mut out = banner("... Pass statistics report ...");
    match display {
        StatisticsDisplay::Pipeline => pipeline_entries(&sched.steps, 0, stats, &mut out),
        StatisticsDisplay::List => {
            let mut merged: Vec<(&'static str, Vec<Counter>)> = Vec::new();
            collect_list(&sched, stats, &mut merged);
            merged.sort_by(|a, b| a.0.cmp(b.0));
            for (name, counters) in merged {
                pass_entry(&mut out, 2, name, counters);
            }
        }
    }
    out.push('\n');
    out
}

/// One counter as reported: name, description, value.
type Counter = (&'static str, &'static str, u64);

/// The declared counters of a pass with their values, then any it reported without
/// declaring them.
fn counters(info: &PassInfo, s: Option<&Statistics>) -> Vec<Counter> {
    let value = |n: &str| s.map_or(0, |s| s.get(n));
    let mut v: Vec<Counter> = info
        .statistics
        .iter()
        .map(|d| (d.name, d.description, value(d.name)))
        .collect();
    if let Some(s) = s {
        for &(n, x) in &s.counters {
            if !info.statistics.iter().any(|d| d.name == n) {
                v.push((n, "", x));
            }
        }
    }
    v
}

fn pipeline_entries(steps: &[Step<'_>], indent: usize, stats: &PassStatistics, out: &mut String) {
    for s in steps {
        match s {
            Step::Pass { slot, info, .. } => {
                pass_entry(out, indent, info.name, counters(info, stats.get(*slot)))
            }
            Step::Adaptor { managers } => {
                let mut indent = indent;
                if managers.len() > 1 {
                    pass_entry(out, indent, &adaptor_name(managers), Vec::new());
                    indent += 2;
                }
                for m in managers {
                    pass_entry(
                        out,
                        indent,
                        &format!("'{}' Pipeline", m.anchor_name()),
                        Vec::new(),
                    );
                    pipeline_entries(&m.steps, indent + 2, stats, out);
                }
            }
        }
    }
}

fn collect_list(
    m: &Manager<'_>,
    stats: &PassStatistics,
    merged: &mut Vec<(&'static str, Vec<Counter>)>,
) {
    for s in &m.steps {
        match s {
            Step::Pass { slot, info, .. } => {
                let c = counters(info, stats.get(*slot));
                if c.is_empty() {
                    continue;
                }
                match merged.iter_mut().find(|e| e.0 == info.name) {
                    Some(e) => {
                        for (n, _, v) in c {
                            match e.1.iter_mut().find(|x| x.0 == n) {
                                Some(x) => x.2 += v,
                                None => e.1.push((n, "", v)),
                            }
                        }
                    }
                    None => merged.push((info.name, c)),
                }
            }
            Step::Adaptor { managers } => {
                for m in managers {
                    collect_list(m, stats, merged);
                }
            }
        }
    }
}

/// A pass (or pipeline) line, then its counters sorted by name, values right-aligned and
/// names padded to the widest.
fn pass_entry(out: &mut String, indent: usize, name: &str, mut counters: Vec<Counter>) {
    out.push_str(&" ".repeat(indent));
    out.push_str(name);
    out.push('\n');
    counters.sort_by(|a, b| a.0.cmp(b.0));
    let name_w = counters.iter().map(|c| c.0.len()).max().unwrap_or(0);
    let value_w = counters
        .iter()
        .map(|c| c.2.to_string().len())
        .max()
        .unwrap_or(0);
    for (n, d, v) in counters {
        out.push_str(&format!(
            "{}(S) {v:>value_w$} {n:<name_w$} - {d}\n",
            " ".repeat(indent + 2)
        ));
    }
}
