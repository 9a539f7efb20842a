//! Textual pipelines and the pass managers they describe, and running them.
//!
//! A nested pass manager runs on the isolated-from-above ops directly inside its parent's
//! anchor. Each such op owns its own [`Body`], so the ops are independent units of work:
//! they run on all cores, and the result does not depend on the thread count.

use super::{Pass, PassOptions, PassRegistry, PassTarget, Statistics};
use crate::ir::{Body, Context, Diagnostic, OpId, OpName};

/// One step of a pass manager.
pub enum PipelineEntry {
    /// A pass.
    Pass(Box<dyn Pass>),
    /// A pass manager run on the nested ops it is anchored on.
    Nested(OpPassManager),
}

/// A sequence of passes and nested pass managers anchored on an op name.
pub struct OpPassManager {
    /// The op name the manager runs on; `None` for `any`.
    pub anchor: Option<String>,
    /// The steps, in order.
    pub entries: Vec<PipelineEntry>,
}

/// How a pipeline runs.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Run nested pass managers on several threads (`--mlir-disable-threading` clears it).
    pub threading: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self { threading: true }
    }
}

/// Statistics of one pass, by its position in the pipeline.
pub type PassStatistics = Vec<(String, Statistics)>;

impl OpPassManager {
    /// An empty manager on `anchor` (`None`: any op).
    pub fn new(anchor: Option<&str>) -> Self {
        Self {
            anchor: anchor.map(str::to_string),
            entries: Vec::new(),
        }
    }

    /// The anchor as written in pipelines.
    pub fn anchor_name(&self) -> &str {
        self.anchor.as_deref().unwrap_or("any")
    }

    /// The pipeline as text (`builtin.module(func.func(cse))`), for
    /// `--dump-pass-pipeline`.
    pub fn to_text(&self) -> String {
        let items: Vec<String> = self
            .entries
            .iter()
            .map(|e| match e {
                PipelineEntry::Pass(p) => {
                    let o = p.options_text();
                    if o.is_empty() {
                        p.argument().to_string()
                    } else {
                        format!("{}{{{o}}}", p.argument())
                    }
                }
                PipelineEntry::Nested(pm) => pm.to_text(),
            })
            .collect();
        format!("{}({})", self.anchor_name(), items.join(","))
    }

    /// The pipeline one entry per line, as `--dump-pass-pipeline` shows it.
    pub fn to_pretty_text(&self) -> String {
        let mut out = String::new();
        self.pretty(0, &mut out);
        out
    }

    fn pretty(&self, depth: usize, out: &mut String) {
        out.push_str(self.anchor_name());
        out.push('(');
        for (i, e) in self.entries.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str(&"  ".repeat(depth + 1));
            match e {
                PipelineEntry::Pass(p) => {
                    out.push_str(p.argument());
                    let o = p.options_text();
                    if !o.is_empty() {
                        out.push('{');
                        out.push_str(&o);
                        out.push('}');
                    }
                }
                PipelineEntry::Nested(pm) => pm.pretty(depth + 1, out),
            }
        }
        // MLIR leaves an empty line inside an empty manager.
        if self.entries.is_empty() {
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
        out.push(')');
    }

    /// Runs the manager on the body of an op named `op_name`. Pass statistics are summed
    /// into `stats`, whose entries follow the pipeline's passes in order.
    pub fn run<'c>(
        &self,
        ctx: &'c Context,
        op_name: OpName<'c>,
        body: &mut Body<'c>,
        options: RunOptions,
        stats: &mut PassStatistics,
    ) -> Result<(), Diagnostic<'c>> {
        if let Some(a) = &self.anchor {
            if a != op_name.as_str() {
                return Err(Diagnostic::error(
                    ctx.unknown_loc(),
                    format!("can't run '{a}' pass manager on '{}' op", op_name.as_str()),
                ));
            }
        }
        let mut slot = 0;
        for e in &self.entries {
            match e {
                PipelineEntry::Pass(p) => {
                    if let Some(a) = p.anchor().filter(|a| *a != op_name.as_str()) {
                        return Err(Diagnostic::error(
                            ctx.unknown_loc(),
                            format!(
                                "can't run '{}' pass on '{}' op (it is anchored on '{a}')",
                                p.argument(),
                                op_name.as_str()
                            ),
                        ));
                    }
                    let span = tracing::debug_span!("pass", name = p.argument());
                    let _guard = span.enter();
                    ensure_slot(stats, slot, p.argument());
                    let mut target = PassTarget {
                        op_name,
                        body: &mut *body,
                        statistics: &mut stats[slot].1,
                    };
                    p.run(ctx, &mut target)?;
                    slot += 1;
                }
                PipelineEntry::Nested(pm) => {
                    let n = pm.count_passes();
                    let mut nested_stats = stats_slice(stats, slot, pm);
                    run_nested(ctx, pm, body, options, &mut nested_stats)?;
                    for (i, s) in nested_stats.into_iter().enumerate() {
                        stats[slot + i].1.merge(&s.1);
                    }
                    slot += n;
                }
            }
        }
        Ok(())
    }

    /// The number of passes, nested ones included.
    pub fn count_passes(&self) -> usize {
        self.entries
            .iter()
            .map(|e| match e {
                PipelineEntry::Pass(_) => 1,
                PipelineEntry::Nested(pm) => pm.count_passes(),
            })
            .sum()
    }

    fn pass_names(&self, out: &mut Vec<String>) {
        for e in &self.entries {
            match e {
                PipelineEntry::Pass(p) => out.push(p.argument().to_string()),
                PipelineEntry::Nested(pm) => pm.pass_names(out),
            }
        }
    }
}

fn ensure_slot(stats: &mut PassStatistics, slot: usize, name: &str) {
    while stats.len() <= slot {
        stats.push((name.to_string(), Statistics::default()));
    }
}

/// Fresh statistics slots for the passes of `pm`, named after them.
fn stats_slice(stats: &mut PassStatistics, slot: usize, pm: &OpPassManager) -> PassStatistics {
    let mut names = Vec::new();
    pm.pass_names(&mut names);
    for (i, n) in names.iter().enumerate() {
        ensure_slot(stats, slot + i, n);
    }
    names
        .into_iter()
        .map(|n| (n, Statistics::default()))
        .collect()
}

/// Runs `pm` on every isolated op directly inside `body`'s regions that it is anchored
/// on, in parallel when allowed. The first error in op order is reported.
fn run_nested<'c>(
    ctx: &'c Context,
    pm: &OpPassManager,
    body: &mut Body<'c>,
    options: RunOptions,
    stats: &mut PassStatistics,
) -> Result<(), Diagnostic<'c>> {
    let wanted: Vec<OpId> = body
        .root_regions()
        .into_iter()
        .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|&o| body.nested(o).is_some())
        .filter(|&o| {
            pm.anchor
                .as_deref()
                .is_none_or(|a| a == body.op_name(o).as_str())
        })
        .collect();
    let names: Vec<(OpId, OpName<'c>)> = wanted.iter().map(|&o| (o, body.op_name(o))).collect();
    let mut work: Vec<(usize, OpName<'c>, &mut Body<'c>)> = body
        .nested_bodies_mut()
        .filter_map(|(o, b)| {
            names
                .iter()
                .position(|(w, _)| *w == o)
                .map(|i| (i, names[i].1, b))
        })
        .collect();
    work.sort_by_key(|w| w.0);
    let threads = if options.threading {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    };
    let template: PassStatistics = stats
        .iter()
        .map(|(n, _)| (n.clone(), Statistics::default()))
        .collect();
    let mut results: Vec<(usize, Result<(), Diagnostic<'c>>, PassStatistics)> = Vec::new();
    if threads <= 1 || work.len() <= 1 {
        for (i, name, b) in work {
            let mut s = template.clone();
            let r = pm.run(ctx, name, b, options, &mut s);
            results.push((i, r, s));
        }
    } else {
        let chunk = work.len().div_ceil(threads);
        let mut groups: Vec<Vec<(usize, OpName<'c>, &mut Body<'c>)>> = Vec::new();
        let mut it = work.into_iter().peekable();
        while it.peek().is_some() {
            groups.push(it.by_ref().take(chunk).collect());
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = groups
                .into_iter()
                .map(|g| {
                    let template = &template;
                    scope.spawn(move || {
                        g.into_iter()
                            .map(|(i, name, b)| {
                                let mut s = template.clone();
                                let r = pm.run(ctx, name, b, options, &mut s);
                                (i, r, s)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for h in handles {
                match h.join() {
                    Ok(v) => results.extend(v),
                    Err(p) => std::panic::resume_unwind(p),
                }
            }
        });
    }
    results.sort_by_key(|r| r.0);
    let mut first_err = None;
    for (_, r, s) in results {
        for (slot, (_, st)) in s.iter().enumerate() {
            if let Some(dst) = stats.get_mut(slot) {
                dst.1.merge(st);
            }
        }
        if let (Err(d), None) = (r, &first_err) {
            first_err = Some(d);
        }
    }
    first_err.map_or(Ok(()), Err)
}

/// A pipeline syntax error at byte `pos` of the pipeline text.
#[derive(Debug, Clone)]
pub struct PipelineError {
    /// Byte offset in the pipeline text (within the top-level anchor's parentheses, as
    /// MLIR counts), or `None` for an option error (rendered as the message alone).
    pub pos: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl PipelineError {
    /// MLIR's rendering of the error for the pipeline `text`:
    /// `MLIR Textual PassPipeline Parser:1:col: error: msg`, the text and a caret.
    pub fn render(&self, text: &str) -> String {
        let Some(pos) = self.pos else {
            return format!("{}\n", self.message);
        };
        // MLIR parses the list inside the top-level anchor on its own.
        let inner = text
            .split_once('(')
            .and_then(|(_, r)| r.strip_suffix(')'))
            .unwrap_or(text);
        format!(
            "MLIR Textual PassPipeline Parser:1:{}: error: {}\n{inner}\n{}^\n",
            pos + 1,
            self.message,
            " ".repeat(pos)
        )
    }
}

fn perr<T>(pos: usize, message: impl Into<String>) -> Result<T, PipelineError> {
    Err(PipelineError {
        pos: Some(pos),
        message: message.into(),
    })
}

/// Parses a pipeline: `anchor(pass, pass{opt=v}, nested-anchor(...))`.
pub fn parse_pipeline(text: &str, registry: &PassRegistry) -> Result<OpPassManager, PipelineError> {
    let text = text.trim();
    let mut p = PipelineParser {
        s: text.as_bytes(),
        pos: 0,
        base: 0,
        registry,
    };
    let name = p.name();
    p.skip_ws();
    if name.is_empty() || !p.eat(b'(') {
        return Err(PipelineError {
            pos: None,
            message: "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'".into(),
        });
    }
    // Positions count from inside the anchor's parentheses.
    p.base = p.pos;
    // The top-level manager may be empty (`builtin.module()`, still checked against the
    // top-level op); nested ones may not, as in MLIR (nor may the top one hold spaces).
    let pm = if p.s.get(p.pos) == Some(&b')') {
        p.pos += 1;
        OpPassManager::new((name != "any").then_some(name.as_str()))
    } else {
        p.nested(&name)?
    };
    p.skip_ws();
    if p.pos != p.s.len() {
        return perr(
            p.pos - p.base,
            format!("unexpected '{}' after the pipeline", &text[p.pos..]),
        );
    }
    Ok(pm)
}

struct PipelineParser<'a> {
    s: &'a [u8],
    pos: usize,
    base: usize,
    registry: &'a PassRegistry,
}

impl PipelineParser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn name(&mut self) -> String {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"_.-$".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.pos]).into_owned()
    }
    /// The text up to the brace that closes the one just consumed.
    fn braced(&mut self) -> Result<String, PipelineError> {
        let start = self.pos;
        let mut depth = 1;
        while self.pos < self.s.len() {
            match self.s[self.pos] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        let t = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
                        self.pos += 1;
                        return Ok(t);
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        perr(self.pos - self.base, "missing '}' after pass options")
    }
    /// The list after `anchor(`, through the closing `)`.
    fn nested(&mut self, anchor: &str) -> Result<OpPassManager, PipelineError> {
        let mut pm = OpPassManager::new((anchor != "any").then_some(anchor));
        loop {
            self.skip_ws();
            let at = self.pos;
            let name = self.name();
            if self.eat(b'(') {
                if name.is_empty() {
                    return perr(at - self.base, "expected an operation name before '('");
                }
                pm.entries.push(PipelineEntry::Nested(self.nested(&name)?));
            } else {
                let Some(info) = self.registry.lookup(&name) else {
                    return perr(
                        at - self.base,
                        format!("'{name}' does not refer to a registered pass or pass pipeline"),
                    );
                };
                let opts = if self.eat(b'{') {
                    self.braced()?
                } else {
                    String::new()
                };
                let options = PassOptions::parse(info, &opts).map_err(|m| PipelineError {
                    pos: None,
                    message: format!(
                        "<Pass-Options-Parser>: {m}\n\nfailed to add `{name}` with options `{opts}`"
                    ),
                })?;
                pm.entries
                    .push(PipelineEntry::Pass((info.create)(&options)));
            }
            if self.eat(b')') {
                return Ok(pm);
            }
            if !self.eat(b',') {
                return perr(
                    self.pos - self.base,
                    "expected ',' after parsing pipeline element",
                );
            }
        }
    }
}
