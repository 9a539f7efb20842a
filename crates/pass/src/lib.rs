//! Passes and pass managers, after MLIR's: a pass runs on the body of one
//! isolated-from-above op (its anchor), pass managers nest by op name, and pipelines have
//! MLIR's textual form (`builtin.module(func.func(cse,canonicalize{max-iterations=3}))`).
//!
//! A pass is registered once as a [`PassInfo`]: its argument, display name, summary and
//! declarative tables of options and statistics. Option text (`{key=value ...}`) is parsed
//! and checked against that table here, so no pass parses its own options.
//!
//! Passes are declared in a crate's `td/Passes.td` (MLIR's `PassBase.td`): `pto-ods-gen`
//! generates, per pass, a struct holding its typed options, the `PassInfo` (whose display
//! name is MLIR's class name, `CSE`, shown in dumps and reports) and its statistic
//! handles; the crate writes `impl Pass` for the struct. A tool's [`Registry`] collects
//! the passes, and `pto-opt` turns each into a `--<argument>` flag. [`testing`] holds test
//! passes after mlir-opt's (`test-pass-failure`, `test-pass-create-invalid-ir`),
//! registered by `pto-opt` only.
//!
//! Running ([`run`], `OpPassManager::run_on_module`) follows MLIR's finalized pass list
//! (`schedule`): adjacent nested managers merge, so a function goes through the whole
//! nested pipeline before the next, and managers on different ops form one collection.
//! Every nested op runs even if another fails. With `--verify-each` (the default) the
//! anchor op is verified after each pass (a failure fails the pass), and after a nested
//! pipeline the parent's symbol uses; parsed IR is always verified by the driver. Nested
//! ops run on scoped threads and their results are collected in op order, so output and
//! errors do not depend on the thread count (`--mlir-disable-threading` only changes
//! speed). A run prints nothing: it returns [`Event`]s (IR dumps and diagnostics, in
//! mlir-opt's order) and the counters ([`instrument`], [`timing`]), which the driver
//! writes.
//!
//! Differences from mlir-opt: no analysis manager, so no `(A) ...` analysis timers; a
//! failing pass always reports a diagnostic; the after-change fingerprint
//! (`--mlir-print-ir-after-change`) is a hash of the anchor's printed generic form with
//! locations (MLIR's also sees op identity).

#![warn(missing_docs)]

pub mod instrument;
pub mod pipeline;
pub mod registry;
pub mod run;
mod schedule;
pub mod testing;
pub mod timing;

use pto_ir::{Body, Context, Diagnostic, Location, OpName};

pub use instrument::{
    statistics_report, Event, IrPrinting, PassFilter, PassStatistics, StatisticsDisplay,
};
pub use pipeline::{parse_pipeline, OpPassManager, PipelineEntry};
pub use registry::Registry;
pub use run::{RunOptions, RunReport};
pub use timing::{TimerKey, Timing, TimingDisplay};

/// The IR a pass runs on: the body of its anchor op.
pub struct PassTarget<'a, 'c> {
    /// The anchor op's name.
    pub op_name: OpName<'c>,
    /// The anchor op's location (where errors about the anchor as a whole belong).
    pub loc: Location<'c>,
    /// The anchor's body (its regions and everything nested in them). The anchor's own
    /// attributes are readable through [`Body::owner_attr`].
    pub body: &'a mut Body<'c>,
    /// Counters the pass reports (`--mlir-pass-statistics`).
    pub statistics: &'a mut Statistics,
    /// Diagnostics that do not fail the pass (warnings, remarks), as MLIR's
    /// `emitWarning`: the drivers show them in order with the others.
    pub diagnostics: &'a mut Vec<Diagnostic<'c>>,
}

impl<'c> PassTarget<'_, 'c> {
    /// Runs the registered pass `info` with its default options on this target: a
    /// stage of a pass that is a pipeline (`lower-to-llvm`, `ptoas`).
    pub fn run_stage(&mut self, ctx: &'c Context, info: &PassInfo) -> Result<(), Diagnostic<'c>> {
        self.run_stage_with(ctx, info, "")
    }

    /// Like [`PassTarget::run_stage`] with options given as pipeline text
    /// (`enable-insert-sync=true`), which must parse.
    pub fn run_stage_with(
        &mut self,
        ctx: &'c Context,
        info: &PassInfo,
        options: &str,
    ) -> Result<(), Diagnostic<'c>> {
        let options = PassOptions::parse(info, options).expect("stage options parse");
        let pass = (info.create)(&options);
        tracing::debug!(target: "pto::pass", stage = info.argument, "pipeline stage");
        let mut stage = PassTarget {
            op_name: self.op_name,
            loc: self.loc,
            body: self.body,
            statistics: self.statistics,
            diagnostics: self.diagnostics,
        };
        pass.run(ctx, &mut stage)
    }
}

/// Named counters of one pass run, summed over all the ops it ran on.
#[derive(Default, Debug, Clone)]
pub struct Statistics {
    /// `(name, value)` in the order first reported.
    pub counters: Vec<(&'static str, u64)>,
}

impl Statistics {
    /// Adds `n` to counter `stat`, one of the pass's [`PassInfo::statistics`] (a
    /// declarative pass has them as constants: `Cse::NUM_CSED`).
    pub fn add(&mut self, stat: &'static StatisticSpec, n: u64) {
        self.add_named(stat.name, n);
    }
    fn add_named(&mut self, name: &'static str, n: u64) {
        match self.counters.iter_mut().find(|(k, _)| *k == name) {
            Some((_, v)) => *v += n,
            None => self.counters.push((name, n)),
        }
    }
    /// The value of counter `name` (0 if never reported).
    pub fn get(&self, name: &str) -> u64 {
        self.counters
            .iter()
            .find(|(k, _)| *k == name)
            .map_or(0, |(_, v)| *v)
    }
    /// Merges another run's counters in.
    pub fn merge(&mut self, other: &Statistics) {
        for &(k, v) in &other.counters {
            self.add_named(k, v);
        }
    }
}

/// A transformation or analysis of the IR under one op. Its argument, name, options and
/// counters are in its [`PassInfo`], which pipelines keep beside it.
pub trait Pass: Send + Sync {
    /// The pass's options as pipeline text (`max-iterations=3`), for
    /// `--dump-pass-pipeline`.
    fn options_text(&self) -> String {
        String::new()
    }
    /// Runs the pass. An error is reported at the offending op and fails the pipeline.
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>>;
}

/// The type of an option value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true`/`false` (a bare `name` means true).
    Bool,
    /// A signed integer.
    Int,
    /// Any text.
    String,
    /// A comma-separated list of text (`a,b`).
    List,
    /// One of the listed words.
    Enum(&'static [&'static str]),
}

/// One declared option of a pass.
#[derive(Debug)]
pub struct OptionSpec {
    /// Its name (`max-iterations`).
    pub name: &'static str,
    /// Its type.
    pub kind: OptionKind,
    /// The default, as option text.
    pub default: &'static str,
    /// What it does.
    pub help: &'static str,
}

/// One declared counter of a pass (MLIR's `Pass::Statistic`), reported by
/// `--mlir-pass-statistics` as `(S) <value> <name> - <description>`.
#[derive(Debug)]
pub struct StatisticSpec {
    /// Its name (`num-cse'd`), as the pass passes it to [`Statistics::add`].
    pub name: &'static str,
    /// What it counts.
    pub description: &'static str,
}

/// A pass's registration: everything the registry, `--help`, pipeline parsing and the
/// instrumentation (IR dumps, timing, statistics) need.
pub struct PassInfo {
    /// The argument (`cse`), also the `--cse` flag.
    pub argument: &'static str,
    /// The display name in IR dumps, timing and statistics reports: MLIR shows the pass
    /// class's name there (`CSE`, `Canonicalizer`), so tools agree line for line.
    pub name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// The op name the pass must run on, or `None` for any op.
    pub anchor: Option<&'static str>,
    /// The declared options.
    pub options: &'static [OptionSpec],
    /// The declared counters, in declaration order.
    pub statistics: &'static [StatisticSpec],
    /// Builds the pass from checked options.
    pub create: fn(&PassOptions) -> Box<dyn Pass>,
}

/// Option values checked against a pass's [`OptionSpec`] table (defaults filled in).
#[derive(Debug, Clone)]
pub struct PassOptions {
    values: Vec<(&'static str, OptionKind, String)>,
}

impl PassOptions {
    /// The declared defaults of `info`'s options.
    pub fn defaults(info: &PassInfo) -> Self {
        Self {
            values: info
                .options
                .iter()
                .map(|o| (o.name, o.kind, o.default.to_string()))
                .collect(),
        }
    }
    /// Parses `key=value key2 ...` (the text between `{` and `}`) for `info`.
    pub fn parse(info: &PassInfo, text: &str) -> Result<Self, String> {
        let mut values: Vec<(&'static str, OptionKind, String)> = info
            .options
            .iter()
            .map(|o| (o.name, o.kind, o.default.to_string()))
            .collect();
        for item in split_options(text) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim()),
                None => (item.trim(), "true"),
            };
            let Some(slot) = values.iter_mut().find(|(n, _, _)| *n == key) else {
                return Err(format!("no such option {key}"));
            };
            let value = value.trim_matches('"');
            let ok = match slot.1 {
                OptionKind::Bool => matches!(value, "true" | "false" | "1" | "0"),
                OptionKind::Int => value.parse::<i64>().is_ok(),
                OptionKind::String | OptionKind::List => true,
                OptionKind::Enum(words) => {
                    if !words.contains(&value) {
                        return Err(format!(
                            "for the --{key} option: Cannot find option named '{value}'!"
                        ));
                    }
                    true
                }
            };
            if !ok {
                return Err(format!(
                    "for the --{key} option: '{value}' value invalid for {} argument!",
                    if slot.1 == OptionKind::Int {
                        "integer"
                    } else {
                        "boolean"
                    }
                ));
            }
            slot.2 = value.to_string();
        }
        Ok(Self { values })
    }

    fn raw(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(n, _, _)| *n == name)
            .map_or("", |(_, _, v)| v.as_str())
    }
    /// A boolean option.
    pub fn bool(&self, name: &str) -> bool {
        matches!(self.raw(name), "true" | "1")
    }
    /// An integer option.
    pub fn int(&self, name: &str) -> i64 {
        self.raw(name).parse().unwrap_or(0)
    }
    /// A text option.
    pub fn string(&self, name: &str) -> String {
        self.raw(name).to_string()
    }
    /// A list option, written `a,b` or, as MLIR prints lists, `{a,b}`.
    pub fn list(&self, name: &str) -> Vec<String> {
        let raw = self.raw(name).trim();
        let raw = raw
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .unwrap_or(raw);
        raw.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }
    /// All options as pipeline text (`max-iterations=10 top-down=true`).
    pub fn to_text(&self) -> String {
        self.values
            .iter()
            .map(|(n, _, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Splits option text at spaces outside quotes and braces.
fn split_options(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '{' | '[' | '(' if !quoted => depth += 1,
            '}' | ']' | ')' if !quoted => depth -= 1,
            ' ' | '\t' | '\n' if !quoted && depth == 0 => {
                if i > start {
                    out.push(&text[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// The passes a tool knows, by argument.
#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<&'static PassInfo>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }
    /// Registers a pass (a second registration of the same argument is ignored).
    pub fn register(&mut self, info: &'static PassInfo) {
        if self.lookup(info.argument).is_none() {
            self.passes.push(info);
        }
    }
    /// The pass registered as `argument`.
    pub fn lookup(&self, argument: &str) -> Option<&'static PassInfo> {
        self.passes.iter().copied().find(|p| p.argument == argument)
    }
    /// All registered passes, sorted by argument.
    pub fn all(&self) -> Vec<&'static PassInfo> {
        let mut v = self.passes.clone();
        v.sort_by_key(|p| p.argument);
        v
    }
}
