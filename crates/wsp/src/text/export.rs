//! The `wsp` dialect to `.pto` workload text, as upstream's printer writes it
//! (`Module::print` and the nodes' `print`), except for the header: upstream writes
//! `// PTO Module: x` comments, which its parser drops, and this writes the
//! `module "x" version "9.0" target "cpu_sim"` its parser reads. A region of several
//! statements prints as the `combine` it means, and a schedule's `[npu]` level is
//! kept (upstream's printer drops it).

use std::fmt::Write as _;

use pto_ir::module::Module;
use pto_ir::{Body, Context, Diagnostic, OpId, ValueId};
use rustc_hash::FxHashMap;

use crate::{
    axis_text, layout_text, syntax::dtype_name, tensor_dims, Dispatch, DispatchAttr, LayoutAttr,
    Level, LevelAttr, TensorType, Timing, TimingAttr, WindowUnit, WindowUnitAttr,
};

/// Writes every `wsp.module` of `module` as `.pto` text.
pub fn export_wsp<'c>(ctx: &'c Context, module: &Module<'c>) -> Result<String, Diagnostic<'c>> {
    let (body, items) = crate::module_items(module);
    let mut out = String::new();
    let mut found = false;
    for op in items {
        if crate::ModuleOp::from_op(body, op).is_none() {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "--export-wsp writes wsp.module ops; '{}' is not one",
                    body.op_name(op).as_str()
                ),
            ));
        }
        if found {
            out.push('\n');
        }
        found = true;
        Exporter::default().module(&mut out, body, op)?;
    }
    if !found {
        let loc = module
            .top_op()
            .map_or(ctx.unknown_loc(), |t| module.body.op_loc(t));
        return Err(Diagnostic::error(loc, "no wsp.module to export"));
    }
    Ok(out)
}

#[derive(Default)]
struct Exporter {
    /// The source name of each bound value.
    names: FxHashMap<ValueId, String>,
}

/// A string literal of `.pto` text: the escapes upstream's lexer knows (`\\`, `\"`,
/// `\n`, `\t`, `\r`), every other character as it is.
fn pto_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `[npu]`/`[any]` after `@workload` or `@schedule` (nothing for `cpu`, the default).
fn level_suffix(body: &Body<'_>, op: OpId) -> &'static str {
    match body
        .attr(op, "level")
        .and_then(LevelAttr::from_attr)
        .map_or(Level::Cpu, LevelAttr::value)
    {
        Level::Npu => "[npu]",
        Level::Any => "[any]",
        Level::Cpu => "",
    }
}

/// A dense integer array attribute as `1, 2, 3`.
fn int_list(body: &Body<'_>, op: OpId, name: &str) -> String {
    let v = body
        .attr(op, name)
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn str_attr<'c>(body: &Body<'c>, op: OpId, name: &str) -> &'c str {
    body.attr(op, name).and_then(|a| a.as_str()).unwrap_or("")
}

fn int_attr(body: &Body<'_>, op: OpId, name: &str) -> i64 {
    body.attr(op, name).and_then(|a| a.as_int()).unwrap_or(0) as i64
}

fn sym_attr<'c>(body: &Body<'c>, op: OpId, name: &str) -> &'c str {
    body.attr(op, name)
        .and_then(|a| a.symbol_root())
        .unwrap_or("")
}

fn sym_list(body: &Body<'_>, op: OpId, name: &str) -> String {
    body.attr(op, name)
        .and_then(|a| a.as_array())
        .unwrap_or(&[])
        .iter()
        .map(|a| a.symbol_root().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// The ops of `op`'s `index`-th region (its one block), and the body they live in.
fn region_ops<'b, 'c>(body: &'b Body<'c>, op: OpId, index: usize) -> (&'b Body<'c>, Vec<OpId>) {
    let rb = body.region_body(op);
    let ops = body
        .regions_of(op)
        .get(index)
        .and_then(|&r| rb.entry_block(r))
        .map_or(Vec::new(), |b| rb.block_ops(b).collect());
    (rb, ops)
}

/// Every name the text writes bare must be an identifier of it (a name from the MLIR
/// form may not be): an error at the op, rather than text that does not read back.
fn check_names<'c>(body: &Body<'c>, module: OpId) -> Result<(), Diagnostic<'c>> {
    // (body, op, is the module itself): op ids are per body, so the module is marked.
    let mut stack = vec![(body, module, true)];
    while let Some((b, op, top)) = stack.pop() {
        let rb = b.region_body(op);
        for &r in b.regions_of(op) {
            for blk in rb.region_blocks(r) {
                for o in rb.block_ops(blk) {
                    stack.push((rb, o, false));
                }
            }
        }
        if top {
            continue;
        }
        let mut names: Vec<&str> = Vec::new();
        for key in ["sym_name", "var", "name"] {
            names.extend(b.attr(op, key).and_then(|a| a.as_str()));
        }
        for key in ["kernel", "callee", "workload", "tensor", "channel"] {
            names.extend(b.attr(op, key).and_then(|a| a.symbol_root()));
        }
        for key in ["resources", "consumes", "produces"] {
            for a in b.attr(op, key).and_then(|a| a.as_array()).unwrap_or(&[]) {
                names.extend(a.symbol_root());
            }
        }
        for a in b
            .attr(op, "param_names")
            .and_then(|a| a.as_array())
            .unwrap_or(&[])
        {
            names.extend(a.as_str());
        }
        let mut axes: Vec<pto_ir::Type<'c>> = b
            .attr(op, "axis")
            .and_then(|a| a.as_type())
            .into_iter()
            .collect();
        axes.extend(
            crate::region_args(b, op, 0)
                .iter()
                .map(|&a| rb.value_type(a)),
        );
        for t in axes {
            if let Some(d) = crate::DenseDynType::from_type(t) {
                names.push(d.size());
            } else if let Some(r) = crate::RaggedType::from_type(t) {
                names.extend([r.outer(), r.lengths()]);
            } else if let Some(s) = crate::SparseType::from_type(t) {
                names.extend([s.outer(), s.indptr(), s.indices()]);
            }
        }
        if let Some(bad) = names.into_iter().find(|n| !crate::syntax::is_identifier(n)) {
            return Err(Diagnostic::error(
                b.op_loc(op),
                format!(
                    "--export-wsp: '{bad}' is not a name of .pto text ([A-Za-z_][A-Za-z0-9_]*)"
                ),
            ));
        }
    }
    Ok(())
}

impl Exporter {
    fn module<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
    ) -> Result<(), Diagnostic<'c>> {
        check_names(body, op)?;
        let name = str_attr(body, op, "name");
        let mut header = Vec::new();
        if !name.is_empty() {
            header.push(format!("module {}", pto_string(name)));
        }
        header.push(format!(
            "version {}",
            pto_string(str_attr(body, op, "version"))
        ));
        let targets: Vec<String> = body
            .attr(op, "targets")
            .and_then(|a| a.as_array())
            .unwrap_or(&[])
            .iter()
            .map(|t| pto_string(t.as_str().unwrap_or("")))
            .collect();
        if !targets.is_empty() {
            header.push(format!("target {}", targets.join(" | ")));
        }
        let _ = writeln!(out, "{}\n", header.join(" "));
        let (rb, items) = region_ops(body, op, 0);
        for item in items {
            if crate::WorkloadOp::from_op(rb, item).is_some() {
                self.workload(out, rb, item)?;
                out.push('\n');
            } else if crate::ScheduleOp::from_op(rb, item).is_some() {
                self.schedule(out, rb, item)?;
                out.push('\n');
            } else if crate::PipelineOp::from_op(rb, item).is_some() {
                self.stmt(out, rb, item, 0)?;
                out.push_str("\n\n");
            } else {
                return Err(Diagnostic::error(
                    rb.op_loc(item),
                    format!(
                        "'{}' has no form in .pto text (a module holds workloads, schedules and pipelines)",
                        rb.op_name(item).as_str()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn workload<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
    ) -> Result<(), Diagnostic<'c>> {
        out.push_str("@workload");
        out.push_str(level_suffix(body, op));
        let _ = write!(out, " {}(", str_attr(body, op, "sym_name"));
        let names = body
            .attr(op, "param_names")
            .and_then(|a| a.as_array())
            .unwrap_or(&[]);
        let rb = body.region_body(op);
        for (i, &a) in crate::region_args(body, op, 0).iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let n = names.get(i).and_then(|n| n.as_str()).unwrap_or("");
            self.names.insert(a, n.to_string());
            let _ = write!(out, "%{n}: {}", axis_text(rb.value_type(a)));
        }
        out.push_str(") {\n");
        self.body(out, body, op, 0, 2)?;
        out.push_str("\n}\n");
        Ok(())
    }

    /// A region as the one statement it is (several: a `combine`) at `ind`.
    fn body<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
        index: usize,
        ind: usize,
    ) -> Result<(), Diagnostic<'c>> {
        let (rb, ops) = region_ops(body, op, index);
        if let [one] = ops[..] {
            return self.stmt(out, rb, one, ind);
        }
        indent(out, ind);
        out.push_str("combine {\n");
        self.list(out, rb, &ops, ind + 2, ",")?;
        indent(out, ind);
        out.push('}');
        Ok(())
    }

    /// A region's statement at `ind + 2`, then the closing `}` at `ind`.
    fn closed_body<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
        index: usize,
        ind: usize,
    ) -> Result<(), Diagnostic<'c>> {
        self.body(out, body, op, index, ind + 2)?;
        out.push('\n');
        indent(out, ind);
        out.push('}');
        Ok(())
    }

    /// Statements, each on its own lines; `sep` after each but the last (`,`), or
    /// after each (`;`).
    fn list<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        ops: &[OpId],
        ind: usize,
        sep: &str,
    ) -> Result<(), Diagnostic<'c>> {
        for (i, &o) in ops.iter().enumerate() {
            self.stmt(out, body, o, ind)?;
            if sep == ";" || i + 1 < ops.len() {
                out.push_str(sep);
            }
            out.push('\n');
        }
        Ok(())
    }

    fn value_names(&self, body: &Body<'_>, op: OpId) -> String {
        body.operands(op)
            .map(|v| self.names.get(&v).map_or("?", String::as_str))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn bind(&mut self, body: &Body<'_>, op: OpId) {
        if let Some(&a) = crate::region_args(body, op, 0).first() {
            self.names.insert(a, str_attr(body, op, "var").to_string());
        }
    }

    fn stmt<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
        ind: usize,
    ) -> Result<(), Diagnostic<'c>> {
        indent(out, ind);
        let name = body.op_name(op).as_str();
        let short = name.strip_prefix("wsp.").unwrap_or(name);
        match short {
            "task" => {
                let _ = write!(
                    out,
                    "task @{}({}) resources({})",
                    sym_attr(body, op, "kernel"),
                    self.value_names(body, op),
                    sym_list(body, op, "resources")
                );
            }
            "call" => {
                let _ = write!(
                    out,
                    "call @{}({})",
                    sym_attr(body, op, "callee"),
                    self.value_names(body, op)
                );
            }
            "parallel_for" | "for_each" | "select" => {
                let row = body
                    .operands(op)
                    .next()
                    .map(|r| format!("[{}]", self.names.get(&r).map_or("?", String::as_str)))
                    .unwrap_or_default();
                self.bind(body, op);
                let axis = body.attr(op, "axis").and_then(|a| a.as_type());
                let _ = writeln!(
                    out,
                    "{short} {} in {}{row} {{",
                    str_attr(body, op, "var"),
                    axis.map_or(String::new(), axis_text)
                );
                self.closed_body(out, body, op, 0, ind)?;
            }
            "cond" => {
                let _ = writeln!(out, "cond {} {{", str_attr(body, op, "predicate"));
                self.closed_body(out, body, op, 0, ind)?;
                out.push_str(" else {\n");
                self.closed_body(out, body, op, 1, ind)?;
            }
            "combine" | "sequential" => {
                let (rb, ops) = region_ops(body, op, 0);
                let _ = writeln!(out, "{short} {{");
                self.list(
                    out,
                    rb,
                    &ops,
                    ind + 2,
                    if short == "combine" { "," } else { ";" },
                )?;
                indent(out, ind);
                out.push('}');
            }
            "slot_set_u64" => {
                let _ = write!(
                    out,
                    "slot_set_u64({}, {}u)",
                    int_attr(body, op, "slot"),
                    int_attr(body, op, "value") as u64
                );
            }
            "slot_load_u64" => {
                let _ = write!(
                    out,
                    "slot_load_u64({}, tensor_id={}, row={}, col={})",
                    int_attr(body, op, "slot"),
                    int_attr(body, op, "tensor"),
                    int_attr(body, op, "row"),
                    int_attr(body, op, "col")
                );
            }
            "pipeline" => {
                out.push_str("pipeline {\n");
                let (rb, ops) = region_ops(body, op, 0);
                let (channels, processes): (Vec<OpId>, Vec<OpId>) = ops
                    .iter()
                    .partition(|&&o| crate::ChannelOp::from_op(rb, o).is_some());
                for c in channels {
                    indent(out, ind + 2);
                    let _ = writeln!(
                        out,
                        "channel {} : Channel[{}, {}]",
                        str_attr(rb, c, "sym_name"),
                        channel_element(rb, c),
                        int_attr(rb, c, "depth")
                    );
                }
                out.push('\n');
                for p in processes {
                    self.stmt(out, rb, p, ind + 2)?;
                    out.push('\n');
                }
                indent(out, ind);
                out.push('}');
            }
            "process" => {
                let _ = write!(out, "process @{}", str_attr(body, op, "sym_name"));
                for key in ["consumes", "produces"] {
                    let l = sym_list(body, op, key);
                    if !l.is_empty() {
                        let _ = write!(out, " {key}({l})");
                    }
                }
                out.push_str(" {\n");
                self.closed_body(out, body, op, 0, ind)?;
            }
            "send" => {
                let _ = write!(out, "send {}, ", sym_attr(body, op, "channel"));
                let (rb, ops) = region_ops(body, op, 0);
                match ops[..] {
                    [one] => self.stmt(out, rb, one, 0)?,
                    _ => {
                        return Err(Diagnostic::error(
                            body.op_loc(op),
                            "a send's body is the one statement whose result it sends",
                        ))
                    }
                }
            }
            "consume" => {
                self.bind(body, op);
                let _ = writeln!(
                    out,
                    "consume {} from {} {{",
                    str_attr(body, op, "var"),
                    sym_attr(body, op, "channel")
                );
                self.closed_body(out, body, op, 0, ind)?;
            }
            _ => {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!("'{name}' is not a workload statement of .pto text"),
                ))
            }
        }
        Ok(())
    }

    fn schedule<'c>(
        &mut self,
        out: &mut String,
        body: &Body<'c>,
        op: OpId,
    ) -> Result<(), Diagnostic<'c>> {
        out.push_str("@schedule");
        out.push_str(level_suffix(body, op));
        let _ = writeln!(
            out,
            " {} for {} {{",
            str_attr(body, op, "name"),
            sym_attr(body, op, "workload")
        );
        let (rb, ops) = region_ops(body, op, 0);
        for d in ops {
            out.push_str("  ");
            directive(out, rb, d)?;
            out.push('\n');
        }
        out.push_str("}\n");
        Ok(())
    }
}

/// `f32[4, 4]@global`, upstream's `TensorType::to_string`.
fn channel_element(body: &Body<'_>, op: OpId) -> String {
    let Some(t) = body
        .attr(op, "element")
        .and_then(|a| a.as_type())
        .and_then(TensorType::from_type)
    else {
        return String::new();
    };
    let dims: Vec<String> = tensor_dims(t).iter().map(ToString::to_string).collect();
    let loc = t.location().keyword();
    format!(
        "{}[{}]@{loc}",
        dtype_name(t.dtype()).unwrap_or("?"),
        dims.join(", ")
    )
}

fn directive<'c>(out: &mut String, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let name = body.op_name(op).as_str();
    match name.strip_prefix("wsp.").unwrap_or(name) {
        "dispatch" => {
            let policy = body
                .attr(op, "policy")
                .and_then(DispatchAttr::from_attr)
                .map_or(Dispatch::WorkSteal, DispatchAttr::value);
            out.push_str("dispatch = ");
            out.push_str(policy.keyword());
            match policy {
                Dispatch::RoundRobin => {
                    let _ = write!(out, "({})", int_attr(body, op, "workers"));
                }
                Dispatch::WorkSteal => {}
                _ => {
                    let _ = write!(out, "({})", str_attr(body, op, "key"));
                }
            }
        }
        "streams" => {
            let _ = write!(out, "streams = {}", int_attr(body, op, "count"));
            if let Some(by) = body.attr(op, "by").and_then(|a| a.as_str()) {
                let _ = write!(out, "\n  stream_by = {by}");
            }
        }
        "timing" => {
            let policy = body
                .attr(op, "policy")
                .and_then(TimingAttr::from_attr)
                .map_or(Timing::Immediate, TimingAttr::value);
            out.push_str("timing = ");
            out.push_str(policy.keyword());
            if policy != Timing::Immediate {
                let _ = write!(out, "({})", int_attr(body, op, "param"));
            }
        }
        "spatial_map" => {
            let _ = write!(out, "spatial_map = ({})", int_list(body, op, "grid"));
        }
        "layout" => {
            let l = body.attr(op, "layout").and_then(LayoutAttr::from_attr);
            let _ = write!(
                out,
                "layout {} = {}",
                sym_attr(body, op, "tensor"),
                l.map_or(String::new(), layout_text)
            );
        }
        "dispatch_threshold" => {
            let _ = write!(
                out,
                "dispatch_threshold = [{}]",
                int_list(body, op, "thresholds")
            );
        }
        "pipeline_depth" => {
            let _ = write!(out, "pipeline_depth = {}", int_attr(body, op, "depth"));
        }
        "task_window" => {
            let unit = body
                .attr(op, "unit")
                .and_then(WindowUnitAttr::from_attr)
                .map_or(WindowUnit::Tasks, WindowUnitAttr::value);
            let _ = write!(
                out,
                "task_window = {} {}",
                int_attr(body, op, "size"),
                unit.keyword()
            );
            let overflow = body
                .attr(op, "overflow")
                .and_then(crate::WindowOverflowAttr::from_attr)
                .map(crate::WindowOverflowAttr::value);
            if let Some(o) = overflow.filter(|o| *o != crate::WindowOverflow::Stall) {
                let _ = write!(out, " {}", o.keyword());
            }
        }
        "batch_deps" => {
            let _ = write!(out, "batch_deps = {}", int_attr(body, op, "threshold"));
            if body.attr(op, "range_compress").is_some() {
                out.push_str(" range_compress");
            }
        }
        _ => {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("'{name}' is not a schedule directive of .pto text"),
            ))
        }
    }
    Ok(())
}
