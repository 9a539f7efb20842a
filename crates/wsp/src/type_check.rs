//! `wsp-type-check`: upstream's `type_check(Module)` (its `ir/type_check.cpp`) and
//! the seed's rules that need no kernel signatures, every finding reported.
//!
//! A finding has the seed's structure (section 6: category, location, description,
//! Expected, Got, Hint). By default it is an MLIR error whose notes carry the
//! expected and found types, the hint and related places; with
//! `error-format=seed` the findings are written to stderr in the seed's layout
//! (`TypeError: <category>` / `  at file:line, column col` / ...) and the pass
//! fails with their count.

use std::fmt::Write as _;

use pto_ir::{Body, Context, Diagnostic, Location, OpId};
use pto_pass::{Pass, PassTarget};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::{
    axis_text, layout_text, DenseType, Dispatch, DispatchAttr, LayoutAttr, Level, LevelAttr,
    Timing, TimingAttr, REPLICATE,
};

/// One type error, in the seed's structure.
#[derive(Clone, Debug)]
pub struct Finding<'c> {
    /// Where.
    pub loc: Location<'c>,
    /// The seed's category line (`Index out of bounds`).
    pub category: &'static str,
    /// What is wrong.
    pub description: String,
    /// What was expected and what was found, when a type or value mismatches.
    pub expected_got: Option<(String, String)>,
    /// How to fix it.
    pub hint: Option<String>,
    /// Related places.
    pub notes: Vec<(Location<'c>, String)>,
}

impl<'c> Finding<'c> {
    fn new(loc: Location<'c>, category: &'static str, description: impl Into<String>) -> Self {
        Finding {
            loc,
            category,
            description: description.into(),
            expected_got: None,
            hint: None,
            notes: Vec::new(),
        }
    }

    fn expected(mut self, expected: impl Into<String>, got: impl Into<String>) -> Self {
        self.expected_got = Some((expected.into(), got.into()));
        self
    }

    fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    fn note(mut self, loc: Location<'c>, message: impl Into<String>) -> Self {
        self.notes.push((loc, message.into()));
        self
    }

    /// As an MLIR diagnostic: `<category>: <description>` with notes.
    pub fn diagnostic(&self) -> Diagnostic<'c> {
        let mut d = Diagnostic::error(self.loc, format!("{}: {}", self.category, self.description));
        if let Some((e, g)) = &self.expected_got {
            d = d.with_note(self.loc, format!("expected: {e}; got: {g}"));
        }
        for (l, m) in &self.notes {
            d = d.with_note(*l, m.clone());
        }
        if let Some(h) = &self.hint {
            d = d.with_note(self.loc, format!("hint: {h}"));
        }
        d
    }

    /// The seed's layout (its section 6.1).
    pub fn seed_text(&self) -> String {
        let mut s = format!("TypeError: {}\n", self.category);
        match self.loc.file_line_col() {
            Some((f, l, c)) => {
                let _ = writeln!(s, "  at {f}:{l}, column {c}");
            }
            None => {
                let _ = writeln!(s, "  at {:?}", self.loc);
            }
        }
        let _ = writeln!(s, "\n  {}", self.description);
        if let Some((e, g)) = &self.expected_got {
            let _ = writeln!(s, "\n  Expected: {e}\n  Got:      {g}");
        }
        if let Some(h) = &self.hint {
            let _ = writeln!(s, "\n  Hint: {h}");
        }
        s
    }
}

impl Pass for crate::WspTypeCheck {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let seed = match self.options.error_format.as_str() {
            "mlir" => false,
            "seed" => true,
            other => {
                return Err(Diagnostic::error(
                    target.loc,
                    format!("wsp-type-check: error-format is 'mlir' or 'seed', got '{other}'"),
                ))
            }
        };
        let body = &*target.body;
        let Some(block) = body.root_entry_block() else {
            return Ok(());
        };
        let mut findings = Vec::new();
        for op in body.block_ops(block) {
            if crate::ModuleOp::from_op(body, op).is_some() {
                check_module(body, op, &mut findings);
                check_kernel_calls(body, block, op, &mut findings);
            }
        }
        target
            .statistics
            .add(crate::WspTypeCheck::NUM_ERRORS, findings.len() as u64);
        report(findings, seed, target.loc)
    }
}

/// Fails with `findings`, if any: one error carrying the others (MLIR's layout), or,
/// with `seed`, the seed's layout written to stderr and a count at `summary_loc`.
pub fn report<'c>(
    findings: Vec<Finding<'c>>,
    seed: bool,
    summary_loc: Location<'c>,
) -> Result<(), Diagnostic<'c>> {
    if findings.is_empty() {
        return Ok(());
    }
    if seed {
        let mut text = String::new();
        for f in &findings {
            text.push_str(&f.seed_text());
            text.push('\n');
        }
        eprint!("{text}");
        return Err(Diagnostic::error(
            summary_loc,
            format!("TypeCheck: {} error(s)", findings.len()),
        ));
    }
    let mut it = findings.iter().map(Finding::diagnostic);
    let mut first = it.next().expect("findings are not empty");
    first.notes.extend(it);
    Err(first)
}

/// The findings of every rule on one `wsp.module`.
pub fn check_module<'c>(body: &Body<'c>, module: OpId, out: &mut Vec<Finding<'c>>) {
    let rb = body.region_body(module);
    let items: Vec<OpId> = body
        .regions_of(module)
        .first()
        .and_then(|&r| rb.entry_block(r))
        .map_or(Vec::new(), |b| rb.block_ops(b).collect());
    // Workloads by name, with their parameter counts.
    let mut workloads: FxHashMap<&str, (OpId, usize)> = FxHashMap::default();
    for &op in &items {
        if crate::WorkloadOp::from_op(rb, op).is_some() {
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            workloads.insert(name, (op, crate::region_args(rb, op, 0).len()));
        }
    }
    let mut schedules: FxHashMap<&str, OpId> = FxHashMap::default();
    let mut calls: Vec<(&str, &str, Location<'c>)> = Vec::new();
    for &op in &items {
        if crate::WorkloadOp::from_op(rb, op).is_some() {
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            let npu = rb
                .attr(op, "level")
                .and_then(LevelAttr::from_attr)
                .map(LevelAttr::value)
                == Some(Level::Npu);
            let wb = rb.region_body(op);
            for &a in crate::region_args(rb, op, 0) {
                check_axis(wb.value_type(a), wb.value_loc(a), out);
            }
            let stmts = crate::nested_ops(rb, op);
            for s in stmts {
                check_stmt(wb, s, npu, &workloads, out);
                if let Some(callee) = crate::CallOp::from_op(wb, s).and(wb.attr(s, "callee")) {
                    calls.push((name, callee.symbol_root().unwrap_or(""), wb.op_loc(s)));
                }
            }
        } else if crate::ScheduleOp::from_op(rb, op).is_some() {
            check_schedule(rb, op, &workloads, &mut schedules, out);
        } else if crate::PipelineOp::from_op(rb, op).is_some() {
            let stmts = crate::child_ops(rb, op);
            for s in stmts {
                check_stmt(rb, s, false, &workloads, out);
            }
        }
    }
    check_recursion(&calls, out);
}

fn check_axis<'c>(t: pto_ir::Type<'c>, loc: Location<'c>, out: &mut Vec<Finding<'c>>) {
    if let Some(d) = DenseType::from_type(t) {
        if d.size() <= 0 {
            out.push(
                Finding::new(
                    loc,
                    "Invalid axis size",
                    format!("{} has a size <= 0", axis_text(t)),
                )
                .expected("Dense[N] with N >= 1", format!("Dense[{}]", d.size()))
                .hint("Use DenseDyn for a size known only at run time"),
            );
        }
    }
}

fn check_stmt<'c>(
    body: &Body<'c>,
    op: OpId,
    npu: bool,
    workloads: &FxHashMap<&str, (OpId, usize)>,
    out: &mut Vec<Finding<'c>>,
) {
    let loc = body.op_loc(op);
    if let Some(axis) = body.attr(op, "axis").and_then(|a| a.as_type()) {
        check_axis(axis, loc, out);
    }
    if npu && crate::ParallelForOp::from_op(body, op).is_some() {
        out.push(
            Finding::new(
                loc,
                "Invalid construct for level",
                "parallel_for in an NPU workload: an NPU workload runs on one core",
            )
            .hint("Use for_each inside @workload[npu], or move the loop to a CPU workload"),
        );
    }
    if crate::CallOp::from_op(body, op).is_some() {
        let callee = body
            .attr(op, "callee")
            .and_then(|a| a.symbol_root())
            .unwrap_or("");
        match workloads.get(callee) {
            None => out.push(
                Finding::new(
                    loc,
                    "Undefined workload",
                    format!("call of undefined workload '{callee}'"),
                )
                .hint("Define the workload in this module, or fix the name"),
            ),
            Some(&(_, n)) if n != body.operands(op).len() => out.push(
                Finding::new(
                    loc,
                    "Call arity mismatch",
                    format!("workload '{callee}' takes {n} arguments"),
                )
                .expected(
                    format!("{n} arguments"),
                    format!("{} arguments", body.operands(op).len()),
                ),
            ),
            _ => {}
        }
    }
    if crate::TaskOp::from_op(body, op).is_some() {
        let k = body
            .attr(op, "kernel")
            .and_then(|a| a.symbol_root())
            .unwrap_or("");
        if k.is_empty() {
            out.push(Finding::new(loc, "Invalid task", "a task names no kernel"));
        }
    }
    if crate::PipelineOp::from_op(body, op).is_some() {
        check_pipeline(body, op, out);
    }
}

/// Processes consume and produce declared channels; sends and consumes inside a
/// process use the channels it declares to produce and consume; a consumed
/// value's type is the channel's element.
fn check_pipeline<'c>(body: &Body<'c>, op: OpId, out: &mut Vec<Finding<'c>>) {
    let kids = crate::child_ops(body, op);
    let rb = body.region_body(op);
    let mut channels: FxHashMap<&str, OpId> = FxHashMap::default();
    for &k in &kids {
        if crate::ChannelOp::from_op(rb, k).is_some() {
            let n = rb
                .attr(k, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            channels.insert(n, k);
        }
    }
    let names = |p: OpId, key: &str| -> Vec<&'c str> {
        rb.attr(p, key)
            .and_then(|a| a.as_array())
            .unwrap_or(&[])
            .iter()
            .map(|a| a.symbol_root().unwrap_or(""))
            .collect()
    };
    for &p in &kids {
        if crate::ProcessOp::from_op(rb, p).is_none() {
            continue;
        }
        let pname = rb
            .attr(p, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        let (consumes, produces) = (names(p, "consumes"), names(p, "produces"));
        for (verb, list) in [("consumes", &consumes), ("produces", &produces)] {
            for c in list.iter() {
                if !channels.contains_key(c) {
                    out.push(
                        Finding::new(
                            rb.op_loc(p),
                            "Undefined channel",
                            format!("process '{pname}' {verb} undefined channel '{c}'"),
                        )
                        .hint("Declare the channel in the pipeline"),
                    );
                }
            }
        }
        let stmts = crate::nested_ops(rb, p);
        let pb = rb.region_body(p);
        for s in stmts {
            let (verb, list) = if crate::SendOp::from_op(pb, s).is_some() {
                ("sends to", &produces)
            } else if crate::ConsumeOp::from_op(pb, s).is_some() {
                ("consumes from", &consumes)
            } else {
                continue;
            };
            let c = pb
                .attr(s, "channel")
                .and_then(|a| a.symbol_root())
                .unwrap_or("");
            let Some(&decl) = channels.get(c) else {
                out.push(Finding::new(
                    pb.op_loc(s),
                    "Undefined channel",
                    format!("process '{pname}' {verb} undefined channel '{c}'"),
                ));
                continue;
            };
            if !list.contains(&c) {
                let key = if verb == "sends to" {
                    "produces"
                } else {
                    "consumes"
                };
                out.push(
                    Finding::new(
                        pb.op_loc(s),
                        "Channel direction",
                        format!(
                            "process '{pname}' {verb} '{c}' but does not declare that it {key} it"
                        ),
                    )
                    .note(rb.op_loc(p), format!("process '{pname}' is declared here"))
                    .hint(format!("Add '{c}' to the process's {key} list")),
                );
            }
            if crate::ConsumeOp::from_op(pb, s).is_some() {
                let elem = rb.attr(decl, "element").and_then(|a| a.as_type());
                let got = crate::region_args(pb, s, 0)
                    .first()
                    .map(|&a| pb.region_body(s).value_type(a));
                if let (Some(e), Some(g)) = (elem, got) {
                    if e != g {
                        out.push(
                            Finding::new(
                                pb.op_loc(s),
                                "Channel type mismatch",
                                format!("the value consumed from '{c}' has the wrong type"),
                            )
                            .expected(e.to_string(), g.to_string())
                            .note(rb.op_loc(decl), format!("channel '{c}' is declared here")),
                        );
                    }
                }
            }
        }
    }
}

fn check_schedule<'a, 'c>(
    body: &'a Body<'c>,
    op: OpId,
    workloads: &FxHashMap<&str, (OpId, usize)>,
    schedules: &mut FxHashMap<&'a str, OpId>,
    out: &mut Vec<Finding<'c>>,
) {
    let loc = body.op_loc(op);
    let name = body.attr(op, "name").and_then(|a| a.as_str()).unwrap_or("");
    if let Some(&prev) = schedules.get(name) {
        out.push(
            Finding::new(
                loc,
                "Duplicate name",
                format!("duplicate schedule name '{name}'"),
            )
            .note(body.op_loc(prev), "the first definition is here"),
        );
    } else {
        schedules.insert(name, op);
    }
    let w = body
        .attr(op, "workload")
        .and_then(|a| a.symbol_root())
        .unwrap_or("");
    if !workloads.contains_key(w) {
        out.push(
            Finding::new(
                loc,
                "Undefined workload",
                format!("schedule '{name}' is for undefined workload '{w}'"),
            )
            .hint("Define the workload in this module, or fix the name"),
        );
    }
    let directives = crate::child_ops(body, op);
    let rb = body.region_body(op);
    let mut layouts: FxHashMap<&str, (OpId, Vec<i64>)> = FxHashMap::default();
    let mut seen: FxHashMap<&str, OpId> = FxHashMap::default();
    for d in directives {
        let dloc = rb.op_loc(d);
        let int = |k: &str| rb.attr(d, k).and_then(|a| a.as_int()).unwrap_or(0) as i64;
        let dname = rb.op_name(d).as_str();
        let short = dname.strip_prefix("wsp.").unwrap_or(dname);
        if short != "layout" {
            if let Some(&first) = seen.get(short) {
                out.push(
                    Finding::new(
                        dloc,
                        "Conflicting directives",
                        format!("schedule '{name}' sets {short} twice"),
                    )
                    .note(rb.op_loc(first), "it is first set here"),
                );
            } else {
                seen.insert(short, d);
            }
        }
        let mut at_least = |key: &str, what: &str, min: i64| {
            let v = int(key);
            if v < min {
                out.push(
                    Finding::new(
                        dloc,
                        "Invalid schedule value",
                        format!("{what} must be >= {min}"),
                    )
                    .expected(format!("{what} >= {min}"), v.to_string()),
                );
            }
        };
        match short {
            "pipeline_depth" => at_least("depth", "pipeline_depth", 1),
            "task_window" => at_least("size", "task_window", 1),
            "streams" => at_least("count", "streams", 1),
            "batch_deps" => at_least("threshold", "batch_deps", 1),
            "timing" => {
                let policy = rb
                    .attr(d, "policy")
                    .and_then(TimingAttr::from_attr)
                    .map(TimingAttr::value);
                if policy != Some(Timing::Immediate) {
                    at_least("param", "the timing parameter", 1);
                }
            }
            "dispatch" => {
                let policy = rb
                    .attr(d, "policy")
                    .and_then(DispatchAttr::from_attr)
                    .map(DispatchAttr::value);
                if policy == Some(Dispatch::RoundRobin) {
                    at_least("workers", "the number of round-robin workers", 1);
                }
            }
            "spatial_map" => {
                let g = rb
                    .attr(d, "grid")
                    .and_then(|a| a.dense_int_values())
                    .unwrap_or_default();
                if g.is_empty() || g.iter().any(|&x| x < 1) {
                    out.push(
                        Finding::new(
                            dloc,
                            "Invalid schedule value",
                            "spatial_map needs at least one dimension, each >= 1",
                        )
                        .expected("(n, ...) with every n >= 1", format!("{:?}", g.as_slice())),
                    );
                }
            }
            "layout" => {
                let t = rb
                    .attr(d, "tensor")
                    .and_then(|a| a.symbol_root())
                    .unwrap_or("");
                let Some(l) = rb.attr(d, "layout").and_then(LayoutAttr::from_attr) else {
                    continue;
                };
                let dist = l.dist().to_vec();
                match layouts.get(t) {
                    Some((prev, pd)) => {
                        if let Err(msg) = layout_join(pd, &dist) {
                            out.push(
                                Finding::new(
                                    dloc,
                                    "Layout incompatibility",
                                    format!("the layouts given to '{t}' do not join: {msg}"),
                                )
                                .expected(crate::syntax::dist_text(pd, "(", ")"), layout_text(l))
                                .note(rb.op_loc(*prev), format!("'{t}' is first laid out here"))
                                .hint(format!(
                                    "Use relayout() to redistribute {t}, or make its layouts agree"
                                )),
                            );
                        }
                    }
                    None => {
                        layouts.insert(t, (d, dist));
                    }
                }
            }
            _ => {}
        }
    }
}

/// The seed's layout join (its section 3.1, the Dato rules): `R ⊔ x = x`,
/// `S(i) ⊔ S(i) = S(i)`, `S(i) ⊔ S(j)` an error; layouts of different ranks do not
/// join.
pub fn layout_join(a: &[i64], b: &[i64]) -> Result<Vec<i64>, String> {
    if a.len() != b.len() {
        return Err(format!("Layout rank mismatch: {} vs {}", a.len(), b.len()));
    }
    a.iter()
        .zip(b)
        .enumerate()
        .map(|(i, (&x, &y))| match (x, y) {
            (REPLICATE, y) => Ok(y),
            (x, REPLICATE) => Ok(x),
            (x, y) if x == y => Ok(x),
            (x, y) => Err(format!(
                "Incompatible sharding at dim {i}: S({x}) vs S({y})"
            )),
        })
        .collect()
}

/// A workload that calls itself, directly or through others, enumerates forever.
fn check_recursion<'c>(calls: &[(&str, &str, Location<'c>)], out: &mut Vec<Finding<'c>>) {
    let mut edges: FxHashMap<&str, Vec<(&str, Location<'c>)>> = FxHashMap::default();
    for &(from, to, loc) in calls {
        edges.entry(from).or_default().push((to, loc));
    }
    let mut reported: FxHashSet<&str> = FxHashSet::default();
    let mut starts: Vec<&str> = edges.keys().copied().collect();
    starts.sort_unstable();
    for start in starts {
        // Depth-first search from `start` for a path back to it.
        let mut stack: Vec<(&str, Vec<&str>, Location<'c>)> = Vec::new();
        let mut visited: FxHashSet<&str> = FxHashSet::default();
        for &(to, loc) in edges.get(start).map_or(&[][..], Vec::as_slice) {
            stack.push((to, vec![start, to], loc));
        }
        while let Some((node, path, loc)) = stack.pop() {
            if node == start {
                if reported.insert(start) {
                    out.push(
                        Finding::new(
                            loc,
                            "Recursive workload",
                            format!("workload '{start}' calls itself: {}", path.join(" -> ")),
                        )
                        .hint("A workload's task enumeration must be finite; unroll the recursion"),
                    );
                    for n in &path {
                        reported.insert(n);
                    }
                }
                break;
            }
            if !visited.insert(node) || reported.contains(node) {
                continue;
            }
            for &(to, _) in edges.get(node).map_or(&[][..], Vec::as_slice) {
                let mut p = path.clone();
                p.push(to);
                stack.push((to, p, loc));
            }
        }
    }
}

/// The element type of a kernel parameter that takes a tensor: `!pto.ptr<T>` or a
/// memref of `T` (a lowered kernel).
fn pointee(t: pto_ir::Type<'_>) -> Option<pto_ir::Type<'_>> {
    if let Some(p) = pto_tile::PtrType::from_type(t) {
        return Some(p.element_type());
    }
    match t.kind() {
        pto_ir::TypeKind::MemRef { element, .. } => Some(*element),
        _ => None,
    }
}

/// Same width, signedness aside (pointers lower to signless memrefs).
fn same_dtype(a: pto_ir::Type<'_>, b: pto_ir::Type<'_>) -> bool {
    use pto_ir::TypeKind::Integer;
    match (a.kind(), b.kind()) {
        (Integer { width: x, .. }, Integer { width: y, .. }) => x == y,
        _ => a == b,
    }
}

/// The seed's KERNEL-CALL rule where the kernels are functions of the enclosing
/// module (the MLIR form): a task passes its resources' tensors, then its indices,
/// and the kernel takes as many, tensors of the same data type where it takes
/// pointers and indices where it takes indices; every resource is a declared
/// tensor when the module declares any.
pub fn check_kernel_calls<'c>(
    top: &Body<'c>,
    block: pto_ir::BlockId,
    module: OpId,
    out: &mut Vec<Finding<'c>>,
) {
    let mut kernels: FxHashMap<&str, (OpId, Vec<pto_ir::Type<'c>>)> = FxHashMap::default();
    for f in top.block_ops(block) {
        if pto_dialects::func::FuncOp::from_op(top, f).is_none() {
            continue;
        }
        let name = top
            .attr(f, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        if let Some((inputs, _)) = pto_dialects::func::function_type(top, f) {
            kernels.insert(name, (f, inputs.to_vec()));
        }
    }
    let rb = top.region_body(module);
    let items: Vec<OpId> = top
        .regions_of(module)
        .first()
        .and_then(|&r| rb.entry_block(r))
        .map_or(Vec::new(), |b| rb.block_ops(b).collect());
    let mut tensors: FxHashMap<&str, (OpId, crate::TensorType<'c>)> = FxHashMap::default();
    for &op in &items {
        if crate::TensorOp::from_op(rb, op).is_some() {
            let n = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            if let Some(t) = rb
                .attr(op, "type")
                .and_then(|a| a.as_type())
                .and_then(crate::TensorType::from_type)
            {
                tensors.insert(n, (op, t));
            }
        }
    }
    for &w in &items {
        if crate::WorkloadOp::from_op(rb, w).is_none() {
            continue;
        }
        let wb = rb.region_body(w);
        let stmts = crate::nested_ops(rb, w);
        for s in stmts {
            if crate::TaskOp::from_op(wb, s).is_none() {
                continue;
            }
            let loc = wb.op_loc(s);
            let k = wb
                .attr(s, "kernel")
                .and_then(|a| a.symbol_root())
                .unwrap_or("");
            let resources: Vec<&str> = wb
                .attr(s, "resources")
                .and_then(|a| a.as_array())
                .unwrap_or(&[])
                .iter()
                .map(|a| a.symbol_root().unwrap_or(""))
                .collect();
            if !tensors.is_empty() {
                for r in &resources {
                    if !tensors.contains_key(r) {
                        out.push(
                            Finding::new(
                                loc,
                                "Undefined tensor",
                                format!(
                                    "task of '{k}' uses '{r}', which the module does not declare"
                                ),
                            )
                            .hint(format!(
                                "Declare it: wsp.tensor @{r} : !wsp.tensor<[...], f32>"
                            )),
                        );
                    }
                }
            }
            let Some((f, inputs)) = kernels.get(k) else {
                continue;
            };
            let args = resources.len() + wb.operands(s).len();
            if args != inputs.len() {
                out.push(
                    Finding::new(
                        loc,
                        "Kernel arity mismatch",
                        format!("Kernel '{k}' expects {} args, got {args}", inputs.len()),
                    )
                    .expected(
                        format!("{} arguments", inputs.len()),
                        format!(
                            "{} resources and {} indices",
                            resources.len(),
                            wb.operands(s).len()
                        ),
                    )
                    .note(top.op_loc(*f), format!("kernel '{k}' is defined here")),
                );
                continue;
            }
            for (i, r) in resources.iter().enumerate() {
                let want = pointee(inputs[i]);
                let got = tensors.get(r).map(|(_, t)| t.dtype());
                match (want, got) {
                    (None, _) => out.push(
                        Finding::new(loc, "Argument type mismatch", format!("resource '{r}' goes to parameter {i} of '{k}', which does not take a tensor"))
                            .expected("a pointer or memref parameter", inputs[i].to_string())
                            .note(top.op_loc(*f), format!("kernel '{k}' is defined here")),
                    ),
                    (Some(e), Some(g)) if !same_dtype(e, g) => out.push(
                        Finding::new(loc, "Argument type mismatch", format!("argument '{r}' of '{k}'"))
                            .expected(format!("Tensor[{}]", crate::syntax::dtype_name(e).unwrap_or("?").to_uppercase()), format!("Tensor[{}]", crate::syntax::dtype_name(g).unwrap_or("?").to_uppercase()))
                            .note(top.op_loc(*f), format!("kernel '{k}' is defined here")),
                    ),
                    _ => {}
                }
            }
            for (j, v) in wb.operands(s).enumerate() {
                let i = resources.len() + j;
                let t = wb.value_type(v);
                // Indices, and axes (their sizes), go to index parameters.
                if !inputs[i].is_index() {
                    out.push(
                        Finding::new(loc, "Argument type mismatch", format!("argument {j} of the task goes to parameter {i} of '{k}', which is not an index"))
                            .expected("index", inputs[i].to_string())
                            .note(top.op_loc(*f), format!("kernel '{k}' is defined here")),
                    );
                } else if !(t.is_index() || crate::is_axis(t)) {
                    out.push(
                        Finding::new(
                            loc,
                            "Argument type mismatch",
                            format!("argument {j} of the task is not an index or an axis"),
                        )
                        .expected("index", t.to_string()),
                    );
                }
            }
        }
    }
}
