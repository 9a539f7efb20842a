//! Textual pipelines and the pass managers they describe.
//!
//! Running them is in [`super::run`]: a nested pass manager runs on the isolated-from-above
//! ops directly inside its parent's anchor.

use super::{Pass, PassInfo, PassOptions, PassRegistry};

/// One step of a pass manager.
pub enum PipelineEntry {
    /// A pass, with the registration it was created from (its display name, argument and
    /// declared statistics, for the instrumentation).
    Pass(&'static PassInfo, Box<dyn Pass>),
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
                PipelineEntry::Pass(info, p) => {
                    let o = p.options_text();
                    if o.is_empty() {
                        info.argument.to_string()
                    } else {
                        format!("{}{{{o}}}", info.argument)
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
                PipelineEntry::Pass(info, p) => {
                    out.push_str(info.argument);
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

    /// The number of passes, nested ones included.
    pub fn count_passes(&self) -> usize {
        self.entries
            .iter()
            .map(|e| match e {
                PipelineEntry::Pass(..) => 1,
                PipelineEntry::Nested(pm) => pm.count_passes(),
            })
            .sum()
    }
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
                    .push(PipelineEntry::Pass(info, (info.create)(&options)));
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
