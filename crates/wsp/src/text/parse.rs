//! Upstream's `.pto` workload text (its `src/pto/wsp/ir/parser.cpp` grammar, plus
//! everything its printer writes that the parser does not read) to a syntax tree.
//!
//! As upstream: keywords are case-insensitive, `//` starts a comment, newlines are
//! blanks, a `,` or `;` may separate statements, and several statements in a body
//! are one `combine`. Beyond upstream's parser, as its printer writes them: the
//! `// PTO Module:` comment header, `pipeline { channel ... process ... }`,
//! `send`, `consume t from c { }`, `slot_set_u64(...)`, `slot_load_u64(...)`,
//! `cond <expression> { }`, `task_window = N tasks`, `batch_deps = N range_compress`,
//! `dispatch_threshold = [...]`, `dispatch_by(...)`, key expressions, and
//! `/* ... */` comments. Unlike upstream, an unknown character is an error, not
//! skipped. Nesting is bounded ([`MAX_DEPTH`]).

use super::ast::*;
use super::lex::{lex, Tok, Token};

struct Parser<'s> {
    src: &'s str,
    toks: Vec<Token>,
    at: usize,
    depth: usize,
}

/// Parses a `.pto` workload file.
pub fn parse(src: &str) -> Result<File, Err> {
    let (toks, header) = lex(src)?;
    let mut p = Parser {
        src,
        toks,
        at: 0,
        depth: 0,
    };
    let mut file = File::default();
    if let Some((name, version, targets)) = header {
        file.name = Some(name);
        if !version.is_empty() {
            file.version = Some(version);
        }
        file.targets = targets;
    }
    p.skip_newlines();
    // Header directives, in any order, before the items.
    loop {
        if p.eat_kw("module") {
            file.name = Some(p.string("a module name string")?);
        } else if p.eat_kw("version") {
            file.version = Some(p.string("a version string")?);
        } else if p.eat_kw("target") {
            file.targets = vec![p.string("a target string")?];
            while p.eat_punct('|') {
                file.targets.push(p.string("a target string after '|'")?);
            }
        } else {
            break;
        }
    }
    while !p.at_eof() {
        let pos = p.pos();
        if p.eat_punct('@') {
            if p.eat_kw("workload") {
                file.items.push(Item::Workload(p.workload(pos)?));
            } else if p.eat_kw("schedule") {
                file.items.push(Item::Schedule(p.schedule(pos)?));
            } else if p.eat_kw("pipeline") {
                file.items.push(Item::Pipeline(pos, p.pipeline()?));
            } else {
                return Err(p.error("expected 'workload', 'schedule' or 'pipeline' after '@'"));
            }
        } else if p.eat_kw("pipeline") {
            file.items.push(Item::Pipeline(pos, p.pipeline()?));
        } else if p.peek_kw("module") || p.peek_kw("version") || p.peek_kw("target") {
            return Err(p.error("the module header must come before the workloads"));
        } else {
            return Err(p.error("expected '@workload', '@schedule' or 'pipeline'"));
        }
    }
    Ok(file)
}

impl Parser<'_> {
    fn skip_newlines(&mut self) {
        while self.toks[self.at].tok == Tok::Newline {
            self.at += 1;
        }
    }

    fn peek(&self) -> &Token {
        let mut i = self.at;
        while self.toks[i].tok == Tok::Newline {
            i += 1;
        }
        &self.toks[i]
    }

    fn pos(&self) -> Pos {
        self.peek().pos
    }

    fn bump(&mut self) -> Token {
        self.skip_newlines();
        let t = self.toks[self.at].clone();
        if t.tok != Tok::Eof {
            self.at += 1;
        }
        t
    }

    fn at_eof(&self) -> bool {
        self.peek().tok == Tok::Eof
    }

    fn describe(t: &Tok) -> String {
        match t {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Number(s) => format!("'{s}'"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Punct(c) => format!("'{c}'"),
            Tok::Newline => "end of line".into(),
            Tok::Eof => "end of file".into(),
        }
    }

    fn error(&self, msg: &str) -> Err {
        let t = self.peek();
        (t.pos, format!("{msg}, got {}", Self::describe(&t.tok)))
    }

    fn peek_kw(&self, kw: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(s) if s.eq_ignore_ascii_case(kw))
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.peek_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn kw(&mut self, kw: &str) -> Result<(), Err> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{kw}'")))
        }
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.peek().tok == Tok::Punct(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn punct(&mut self, c: char) -> Result<(), Err> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{c}'")))
        }
    }

    fn ident(&mut self, what: &str) -> Result<Name, Err> {
        match &self.peek().tok {
            Tok::Ident(s) => {
                let s = s.clone();
                let t = self.bump();
                Ok((t.pos, s))
            }
            _ => Err(self.error(&format!("expected {what}"))),
        }
    }

    fn string(&mut self, what: &str) -> Result<String, Err> {
        match &self.peek().tok {
            Tok::Str(s) => {
                let s = s.clone();
                self.bump();
                Ok(s)
            }
            _ => Err(self.error(&format!("expected {what}"))),
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, Err> {
        match &self.peek().tok {
            Tok::Number(s) => {
                let pos = self.peek().pos;
                let v = s.parse::<i64>().map_err(|_| {
                    (
                        pos,
                        format!("expected {what}: '{s}' is not a 64-bit integer"),
                    )
                })?;
                self.bump();
                Ok(v)
            }
            _ => Err(self.error(&format!("expected {what}"))),
        }
    }

    /// `(a, b, ...)`: identifiers (possibly none).
    fn ident_list(&mut self, what: &str) -> Result<Vec<Name>, Err> {
        self.punct('(')?;
        let mut out = Vec::new();
        while !self.eat_punct(')') {
            if !out.is_empty() {
                self.punct(',')?;
            }
            out.push(self.ident(what)?);
        }
        Ok(out)
    }

    /// `(1, 2, ...)` or `[1, 2, ...]`.
    fn int_list(&mut self, open: char, close: char, what: &str) -> Result<Vec<i64>, Err> {
        self.punct(open)?;
        let mut out = Vec::new();
        while !self.eat_punct(close) {
            if !out.is_empty() {
                self.punct(',')?;
            }
            out.push(self.int(what)?);
        }
        Ok(out)
    }

    /// The source text of the tokens before the first `stop` at depth 0 of
    /// `()[]{}` (not consumed), trimmed; an expression as upstream's printer writes it.
    fn raw_until(&mut self, stop: &[Tok], what: &str) -> Result<String, Err> {
        // The tokens' own text, a space where the source had blanks or comments
        // between them: comments do not survive into the expression (a `//` in it
        // would swallow the rest of the line it is written back on).
        let mut text = String::new();
        let mut prev_end: Option<usize> = None;
        let mut depth = 0usize;
        loop {
            let t = &self.toks[self.at];
            if depth == 0 && stop.contains(&t.tok) {
                break;
            }
            match t.tok {
                Tok::Eof => return Err(self.error(&format!("unterminated {what}"))),
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => {
                    if depth == 0 {
                        return Err((
                            t.pos,
                            format!("unbalanced '{}' in {what}", &self.src[t.start..t.end]),
                        ));
                    }
                    depth -= 1;
                }
                _ => {}
            }
            if t.tok != Tok::Newline {
                if prev_end.is_some_and(|e| e != t.start) {
                    text.push(' ');
                }
                text.push_str(&self.src[t.start..t.end]);
                prev_end = Some(t.end);
            } else {
                prev_end = Some(usize::MAX);
            }
            self.at += 1;
        }
        if text.is_empty() {
            return Err(self.error(&format!("expected {what}")));
        }
        Ok(text)
    }

    fn axis(&mut self) -> Result<(Pos, Axis), Err> {
        let pos = self.pos();
        let axis = if self.eat_kw("dense") {
            self.punct('[')?;
            let n = self.int("a size in a dense axis")?;
            self.punct(']')?;
            Axis::Dense(n)
        } else if self.eat_kw("dense_dyn") {
            let v = self.ident_list("a size variable in a dense_dyn axis")?;
            match <[Name; 1]>::try_from(v) {
                Ok([(_, n)]) => Axis::DenseDyn(n),
                Err(_) => return Err((pos, "dense_dyn takes one size variable".into())),
            }
        } else if self.eat_kw("ragged") {
            let v = self.ident_list("a variable in a ragged axis")?;
            match <[Name; 2]>::try_from(v) {
                Ok([(_, a), (_, b)]) => Axis::Ragged(a, b),
                Err(_) => {
                    return Err((
                        pos,
                        "ragged takes two variables (outer size, lengths)".into(),
                    ))
                }
            }
        } else if self.eat_kw("sparse") {
            let v = self.ident_list("a variable in a sparse axis")?;
            match <[Name; 3]>::try_from(v) {
                Ok([(_, a), (_, b), (_, c)]) => Axis::Sparse(a, b, c),
                Err(_) => {
                    return Err((
                        pos,
                        "sparse takes three variables (outer size, indptr, indices)".into(),
                    ))
                }
            }
        } else {
            return Err(self.error("expected an axis type (dense, dense_dyn, ragged, sparse)"));
        };
        Ok((pos, axis))
    }

    fn optional_level(&mut self) -> Result<String, Err> {
        if self.eat_punct('[') {
            let (pos, l) = self.ident("a level (cpu or npu)")?;
            let l = l.to_ascii_lowercase();
            if !matches!(l.as_str(), "cpu" | "npu" | "any") {
                return Err((pos, format!("unknown level '{l}' (cpu, npu or any)")));
            }
            self.punct(']')?;
            Ok(l)
        } else {
            Ok("cpu".into())
        }
    }

    fn workload(&mut self, pos: Pos) -> Result<Workload, Err> {
        let level = self.optional_level()?;
        let (_, name) = self.ident("a workload name")?;
        self.punct('(')?;
        let mut params = Vec::new();
        while !self.eat_punct(')') {
            if !params.is_empty() {
                self.punct(',')?;
            }
            self.punct('%')?;
            let n = self.ident("a parameter name")?;
            self.punct(':')?;
            let (_, axis) = self.axis()?;
            params.push((n, axis));
        }
        let body = self.block()?;
        Ok(Workload {
            pos,
            name,
            level,
            params,
            body,
        })
    }

    /// `{ statements }`
    fn block(&mut self) -> Result<Vec<(Pos, Stmt)>, Err> {
        self.punct('{')?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err((
                self.pos(),
                format!("nesting too deep (more than {MAX_DEPTH} levels)"),
            ));
        }
        let mut out = Vec::new();
        while !self.eat_punct('}') {
            if self.at_eof() {
                return Err(self.error("expected '}'"));
            }
            out.push(self.stmt()?);
            while self.eat_punct(',') || self.eat_punct(';') {}
        }
        self.depth -= 1;
        Ok(out)
    }

    fn stmt(&mut self) -> Result<(Pos, Stmt), Err> {
        let pos = self.pos();
        let s = if self.eat_kw("task") {
            self.punct('@')?;
            let (_, kernel) = self.ident("a kernel name")?;
            let params = self.ident_list("a parameter")?;
            let resources = if self.eat_kw("resources") {
                self.ident_list("a resource")?
                    .into_iter()
                    .map(|(_, n)| n)
                    .collect()
            } else {
                Vec::new()
            };
            Stmt::Task {
                kernel,
                params,
                resources,
            }
        } else if let Some(kind) = self.loop_kind() {
            let (_, var) = self.ident("a loop variable")?;
            self.kw("in")?;
            let axis = self.axis()?;
            if kind == LoopKind::Select && !matches!(axis.1, Axis::Sparse(..)) {
                return Err((axis.0, "select iterates over a sparse axis".into()));
            }
            let row = if kind == LoopKind::Select && self.eat_punct('[') {
                let r = self.ident("a row variable")?;
                self.punct(']')?;
                Some(r)
            } else {
                None
            };
            let body = self.block()?;
            Stmt::Loop {
                kind,
                var,
                axis,
                row,
                body,
            }
        } else if self.eat_kw("cond") {
            let pred = self.raw_until(&[Tok::Punct('{')], "a predicate")?;
            let then_body = self.block()?;
            // Upstream requires the else branch; its Python side defaults it to
            // nothing, which the printer writes as an empty one.
            let else_body = if self.eat_kw("else") {
                self.block()?
            } else {
                Vec::new()
            };
            Stmt::Cond {
                pred,
                then_body,
                else_body,
            }
        } else if self.eat_kw("combine") {
            Stmt::Combine(self.block()?)
        } else if self.eat_kw("sequential") {
            Stmt::Sequential(self.block()?)
        } else if self.eat_kw("call") {
            self.punct('@')?;
            let (_, target) = self.ident("a workload name")?;
            let args = self.ident_list("an argument")?;
            Stmt::Call { target, args }
        } else if self.eat_kw("slot_set_u64") {
            self.punct('(')?;
            let slot = self.int("a slot")?;
            self.punct(',')?;
            let value = self.u64_literal()?;
            self.punct(')')?;
            Stmt::SlotSet { slot, value }
        } else if self.eat_kw("slot_load_u64") {
            self.punct('(')?;
            let slot = self.int("a slot")?;
            let mut vals = [0i64; 3];
            for (i, key) in ["tensor_id", "row", "col"].iter().enumerate() {
                self.punct(',')?;
                self.kw(key)?;
                self.punct('=')?;
                vals[i] = self.int(key)?;
            }
            self.punct(')')?;
            Stmt::SlotLoad {
                slot,
                tensor: vals[0],
                row: vals[1],
                col: vals[2],
            }
        } else if self.eat_kw("pipeline") {
            Stmt::Pipeline(self.pipeline()?)
        } else if self.eat_kw("send") {
            let (_, channel) = self.ident("a channel name")?;
            self.punct(',')?;
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err((
                    self.pos(),
                    format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                ));
            }
            let value = self.stmt()?;
            self.depth -= 1;
            Stmt::Send {
                channel,
                value: Box::new(value),
            }
        } else if self.eat_kw("consume") {
            let (_, var) = self.ident("a variable")?;
            self.kw("from")?;
            let channel = self.ident("a channel name")?;
            let body = self.block()?;
            Stmt::Consume { var, channel, body }
        } else {
            return Err(self.error(
                "expected a workload statement (task, parallel_for, for_each, select, cond, \
                 combine, sequential, call, pipeline, send, consume, slot_set_u64, slot_load_u64)",
            ));
        };
        Ok((pos, s))
    }

    /// `42u` or `42` (upstream prints slot values with a `u`).
    fn u64_literal(&mut self) -> Result<i64, Err> {
        match &self.peek().tok {
            Tok::Number(s) => {
                let pos = self.peek().pos;
                let digits = s.strip_suffix('u').unwrap_or(s);
                let v = digits
                    .parse::<u64>()
                    .map_err(|_| (pos, format!("'{s}' is not a 64-bit unsigned integer")))?;
                self.bump();
                // Stored in an i64 attribute bit for bit, as MLIR stores ui64 values.
                Ok(v as i64)
            }
            _ => Err(self.error("expected a value")),
        }
    }

    fn loop_kind(&mut self) -> Option<LoopKind> {
        for (kw, k) in [
            ("parallel_for", LoopKind::ParallelFor),
            ("for_each", LoopKind::ForEach),
            ("select", LoopKind::Select),
        ] {
            if self.eat_kw(kw) {
                return Some(k);
            }
        }
        None
    }

    fn pipeline(&mut self) -> Result<Pipeline, Err> {
        self.punct('{')?;
        let mut p = Pipeline::default();
        while !self.eat_punct('}') {
            let pos = self.pos();
            if self.eat_kw("channel") {
                p.channels.push(self.channel(pos)?);
            } else if self.eat_kw("process") {
                p.processes.push(self.process(pos)?);
            } else {
                return Err(self.error("expected 'channel', 'process' or '}' in a pipeline"));
            }
            while self.eat_punct(',') || self.eat_punct(';') {}
        }
        Ok(p)
    }

    /// `name : Channel[f32[4, 4]@global, 2]`
    fn channel(&mut self, pos: Pos) -> Result<Channel, Err> {
        let (_, name) = self.ident("a channel name")?;
        self.punct(':')?;
        self.kw("Channel")?;
        self.punct('[')?;
        let dtype = self.ident("a data type")?;
        self.punct('[')?;
        let mut shape = Vec::new();
        while !self.eat_punct(']') {
            if !shape.is_empty() {
                self.punct(',')?;
            }
            if self.eat_punct('?') {
                shape.push(None);
            } else {
                shape.push(Some(self.int("a size or '?'")?));
            }
        }
        self.punct('@')?;
        let location = self.ident("a location (global, l2, ub, l1)")?;
        self.punct(',')?;
        let depth = self.int("a channel depth")?;
        self.punct(']')?;
        Ok(Channel {
            pos,
            name,
            dtype,
            shape,
            location,
            depth,
        })
    }

    fn process(&mut self, pos: Pos) -> Result<Process, Err> {
        self.punct('@')?;
        let (_, name) = self.ident("a process name")?;
        let consumes = if self.eat_kw("consumes") {
            self.ident_list("a channel")?
        } else {
            Vec::new()
        };
        let produces = if self.eat_kw("produces") {
            self.ident_list("a channel")?
        } else {
            Vec::new()
        };
        let body = self.block()?;
        Ok(Process {
            pos,
            name,
            consumes,
            produces,
            body,
        })
    }

    fn schedule(&mut self, pos: Pos) -> Result<Schedule, Err> {
        let level = self.optional_level()?;
        let (_, name) = self.ident("a schedule name")?;
        self.kw("for")?;
        let workload = self.ident("a workload name")?;
        self.punct('{')?;
        let mut directives = Vec::new();
        while !self.eat_punct('}') {
            if self.at_eof() {
                return Err(self.error("expected '}'"));
            }
            let pos = self.pos();
            directives.push((pos, self.directive()?));
        }
        Ok(Schedule {
            pos,
            name,
            workload,
            level,
            directives,
        })
    }

    fn directive(&mut self) -> Result<Directive, Err> {
        let (pos, kw) = self.ident(
            "a schedule directive (dispatch, streams, timing, spatial_map, layout, \
             pipeline_depth, task_window, batch_deps, dispatch_threshold)",
        )?;
        let kw = kw.to_ascii_lowercase();
        if kw == "layout" {
            let (_, tensor) = self.ident("a tensor name")?;
            self.punct('=')?;
            self.punct('(')?;
            let mut dist = Vec::new();
            while !self.eat_punct(')') {
                if !dist.is_empty() {
                    self.punct(',')?;
                }
                let (p, d) = self.ident("a layout dimension (R or S(i))")?;
                match d.as_str() {
                    "R" => dist.push(crate::REPLICATE),
                    "S" => {
                        self.punct('(')?;
                        let a = self.int("a mesh axis")?;
                        if a < 0 {
                            return Err((p, format!("a mesh axis is >= 0, got {a}")));
                        }
                        self.punct(')')?;
                        dist.push(a);
                    }
                    _ => return Err((p, format!("expected 'R' or 'S' in a layout, got '{d}'"))),
                }
            }
            return Ok(Directive::Layout { tensor, dist });
        }
        self.punct('=')?;
        Ok(match kw.as_str() {
            "dispatch" => {
                let (p, policy) = self.ident("a dispatch policy")?;
                let policy = policy.to_ascii_lowercase();
                match policy.as_str() {
                    "round_robin" => {
                        self.punct('(')?;
                        let n = self.int("a number of workers")?;
                        self.punct(')')?;
                        Directive::Dispatch {
                            policy,
                            workers: n,
                            key: String::new(),
                        }
                    }
                    "work_steal" => Directive::Dispatch {
                        policy,
                        workers: 0,
                        key: String::new(),
                    },
                    "affinity" | "hash" | "dispatch_by" => {
                        self.punct('(')?;
                        let key = self.raw_until(&[Tok::Punct(')')], "a key expression")?;
                        self.punct(')')?;
                        Directive::Dispatch {
                            policy,
                            workers: 0,
                            key,
                        }
                    }
                    _ => {
                        return Err((
                            p,
                            format!(
                                "unknown dispatch policy '{policy}' (round_robin, affinity, \
                                 hash, work_steal, dispatch_by)"
                            ),
                        ))
                    }
                }
            }
            "streams" => {
                let count = self.int("a number of streams")?;
                let by = if self.eat_kw("stream_by") {
                    self.punct('=')?;
                    Some(self.raw_until(&[Tok::Newline, Tok::Punct('}')], "a stream key")?)
                } else {
                    None
                };
                Directive::Streams { count, by }
            }
            "timing" => {
                let (p, policy) = self.ident("a timing policy")?;
                let policy = policy.to_ascii_lowercase();
                match policy.as_str() {
                    "immediate" => Directive::Timing { policy, param: 0 },
                    "batched" | "interleaved" | "rate_limit" => {
                        self.punct('(')?;
                        let n = self.int("an integer")?;
                        self.punct(')')?;
                        Directive::Timing { policy, param: n }
                    }
                    _ => {
                        return Err((
                            p,
                            format!(
                                "unknown timing policy '{policy}' (immediate, batched, \
                                 interleaved, rate_limit)"
                            ),
                        ))
                    }
                }
            }
            "spatial_map" => Directive::SpatialMap(self.int_list('(', ')', "a grid size")?),
            "dispatch_threshold" => {
                Directive::DispatchThreshold(self.int_list('[', ']', "a threshold")?)
            }
            "pipeline_depth" => Directive::PipelineDepth(self.int("a pipeline depth")?),
            "task_window" => {
                let size = self.int("a task window size")?;
                let mut unit = "tasks".to_string();
                for u in ["tasks", "bytes", "entries"] {
                    if self.eat_kw(u) {
                        unit = u.to_string();
                    }
                }
                let mut overflow = "stall".to_string();
                for o in ["stall", "abort", "benchmark"] {
                    if self.eat_kw(o) {
                        overflow = o.to_string();
                    }
                }
                Directive::TaskWindow {
                    size,
                    unit,
                    overflow,
                }
            }
            "batch_deps" => {
                let threshold = self.int("a batch size")?;
                let range_compress = self.eat_kw("range_compress");
                Directive::BatchDeps {
                    threshold,
                    range_compress,
                }
            }
            _ => {
                return Err((
                    pos,
                    format!(
                        "unknown schedule directive '{kw}' (dispatch, streams, timing, \
                         spatial_map, layout, pipeline_depth, task_window, batch_deps, \
                         dispatch_threshold)"
                    ),
                ))
            }
        })
    }
}
