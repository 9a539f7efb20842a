//! `inline`: MLIR's inliner. Over the call graph of each symbol table, strongly
//! connected components are visited bottom-up (callees first); in each, every callable
//! is simplified with the optimization pipeline (`default-pipeline`, `canonicalize` by
//! default, or the one `op-pipelines` gives for its op name), then the calls it makes
//! are inlined, repeatedly until nothing is inlined or `max-iterations` rounds ran.
//!
//! A call is not inlined into recursion (a callee that calls itself or the caller), nor
//! a callee of several blocks into a single-block region of another op kind, nor when
//! the callee's op count exceeds `inlining-threshold` percent of the caller's, nor when
//! an op of the callee belongs to a dialect without an inliner interface (see
//! `inline_call`). Private callables whose uses all disappear (inlined, or never used)
//! are erased, as MLIR's use list decides.
//!
//! `llvm.call`s of `llvm.func`s are inlined when MLIR's LLVM interface would accept
//! them and would not post-process the copy (no allocas, alias scopes, access groups,
//! loop annotations, argument or result attributes); other ones are left alone.

mod graph;
mod inline_call;

use rustc_hash::FxHashSet;

pub use graph::op_symbol_refs;
use graph::{call_callee, callable_region, is_call, CallGraph, Node, UseList};
use inline_call::{inline_call, CallSite, Callee};
use pto_dialects::llvm;
use pto_ir::{Attribute, Body, Context, Diagnostic, OpId, OpTraits, RegionId};
use pto_pass::{
    parse_pipeline, OpPassManager, Pass, PassRegistry, PassTarget, PipelineEntry, Statistics,
};

impl crate::Inliner {
    /// The default pipeline's text (`None`: no simplification).
    fn default_pipeline(&self) -> Option<String> {
        let text = self.options.default_pipeline.trim();
        (!text.is_empty()).then(|| text.to_string())
    }

    /// Pipelines by callable op name, or the error parsing them.
    fn op_pipelines(&self) -> Result<Vec<OpPassManager>, String> {
        let registry = registry();
        // The list may come braced, as MLIR prints it (`{a(x),b(y)}`).
        let list = &self.options.op_pipelines;
        let list = list
            .strip_prefix('{')
            .and_then(|l| l.strip_suffix('}'))
            .unwrap_or(list);
        split_top_level(list)
            .into_iter()
            .map(|p| {
                parse_pipeline(p, &registry)
                    .map_err(|e| format!("invalid op-pipelines entry '{p}': {}", e.message))
            })
            .collect()
    }
}

/// The passes a simplification pipeline may name.
fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    super::register_all_passes(&mut r);
    r
}

/// Splits `a(x,y),b(z)` at the commas outside parentheses and braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

impl Pass for crate::Inliner {
    /// MLIR's form: options sorted by name, an empty list option as nothing.
    fn options_text(&self) -> String {
        let mut items = [
            format!("default-pipeline={}", self.options.default_pipeline),
            format!("inlining-threshold={}", self.options.inlining_threshold),
            format!("max-iterations={}", self.options.max_iterations),
            String::new(),
        ];
        if let Ok(pipelines) = &self.op_pipelines() {
            if !pipelines.is_empty() {
                let texts: Vec<String> = pipelines.iter().map(OpPassManager::to_text).collect();
                items[3] = format!("op-pipelines={{{}}}", texts.join(","));
            }
        }
        items.join(" ")
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        if !target.op_name.traits().contains(OpTraits::SYMBOL_TABLE) {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "'{}' op  was scheduled to run under the inliner, but does not define a symbol table",
                    target.op_name.as_str()
                ),
            ));
        }
        let op_pipelines = self
            .op_pipelines()
            .map_err(|e| Diagnostic::error(target.loc, e))?;
        // An unparsable default pipeline fails the pass (MLIR reports it and goes on
        // with an empty pipeline, exiting 0: an error must not end in success).
        let default = match self.default_pipeline() {
            None => None,
            Some(t) => {
                let text = format!("any({t})");
                match parse_pipeline(&text, &registry()) {
                    Ok(pm) => Some(pm),
                    Err(e) => {
                        return Err(Diagnostic::error(
                            target.loc,
                            format!(
                                "inline: invalid default-pipeline '{t}': {}",
                                e.render(&text).trim_end()
                            ),
                        ))
                    }
                }
            }
        };
        let driver = Driver {
            ctx,
            default: default.as_ref(),
            op_pipelines: &op_pipelines,
            max_iterations: self.options.max_iterations.max(0) as u64,
            threshold: self.options.inlining_threshold.clamp(0, u32::MAX as i64) as u64,
        };
        let Some(&region) = target.body.root_regions().first() else {
            return Ok(());
        };
        driver.run_table(target.body, region)
    }
}

/// One run of the inliner.
struct Driver<'p, 'c> {
    ctx: &'c Context,
    default: Option<&'p OpPassManager>,
    op_pipelines: &'p [OpPassManager],
    max_iterations: u64,
    threshold: u64,
}

/// A call to consider: the call op (in the source's body), the node making it and the
/// node it calls.
#[derive(Copy, Clone)]
struct ResolvedCall {
    call: OpId,
    source: Node,
    target: Node,
}

/// The state of one symbol table's inlining.
struct TableState {
    graph: CallGraph,
    uses: UseList,
    /// Callables to erase at the end.
    doomed: Vec<Node>,
}

impl<'c> Driver<'_, 'c> {
    /// Inlines within the symbol table whose region is `region` of `tb`, then within the
    /// symbol tables nested in it.
    fn run_table(&self, tb: &mut Body<'c>, region: RegionId) -> Result<(), Diagnostic<'c>> {
        let graph = CallGraph::build(tb, region);
        let uses = UseList::new(tb, region, &graph);
        let mut st = TableState {
            graph,
            uses,
            doomed: Vec::new(),
        };
        for mut scc in st.graph.sccs() {
            let mut iterations = 0;
            loop {
                self.optimize_scc(tb, &mut st, &scc)?;
                if !self.inline_calls_in_scc(tb, &mut st, &mut scc) {
                    break;
                }
                iterations += 1;
                if iterations >= self.max_iterations {
                    break;
                }
            }
        }
        let mut erased = FxHashSet::default();
        for n in std::mem::take(&mut st.doomed) {
            if erased.insert(n) {
                let _ = tb.erase_op(st.graph.nodes[n]);
            }
        }
        // Nested symbol tables have call graphs of their own.
        let blocks: Vec<_> = tb.region_blocks(region).collect();
        for b in blocks {
            let ops: Vec<OpId> = tb.block_ops(b).collect();
            for op in ops {
                if !tb.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE) {
                    continue;
                }
                if let Some(nested) = tb.nested_mut(op) {
                    if let Some(&r) = nested.root_regions().first() {
                        self.run_table(nested, r)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs the simplification pipeline on each callable of the component, then counts
    /// their uses again.
    fn optimize_scc(
        &self,
        tb: &mut Body<'c>,
        st: &mut TableState,
        scc: &[Node],
    ) -> Result<(), Diagnostic<'c>> {
        let mut visited = Vec::new();
        for &n in scc {
            let op = st.graph.nodes[n];
            let name = tb.op_name(op);
            let loc = tb.op_loc(op);
            let own = self
                .op_pipelines
                .iter()
                .find(|p| p.anchor.as_deref() == Some(name.as_str()));
            let pm = own.or(self.default);
            visited.push(n);
            let Some(pm) = pm else { continue };
            let Some(body) = tb.nested_mut(op) else {
                continue;
            };
            run_manager(self.ctx, pm, name, loc, body)?;
        }
        for n in visited {
            st.uses.recompute(tb, &st.graph, n);
        }
        Ok(())
    }

    /// Inlines what may be inlined of the calls made by the component's callables (and
    /// the calls that inlining brings in). True if anything was inlined.
    fn inline_calls_in_scc(
        &self,
        tb: &mut Body<'c>,
        st: &mut TableState,
        scc: &mut Vec<Node>,
    ) -> bool {
        let mut dead: Vec<Node> = Vec::new();
        let mut calls: Vec<ResolvedCall> = Vec::new();
        for &n in scc.iter() {
            if st.uses.is_dead(n) {
                if !dead.contains(&n) {
                    dead.push(n);
                }
                continue;
            }
            let op = st.graph.nodes[n];
            if let Some(body) = tb.nested(op) {
                let roots = body.root_regions();
                let blocks: Vec<_> = roots.iter().flat_map(|&r| body.region_blocks(r)).collect();
                collect_calls(body, &blocks, n, &st.graph, &mut calls);
            }
        }
        // Which inlining brought each call in, so that a callee is never inlined into
        // its own inlined copy (MLIR's inline history).
        let mut history: Vec<(Node, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let c = calls[i];
            let from = call_history[i];
            i += 1;
            if dead.contains(&c.source) {
                continue;
            }
            let mut h = from;
            let mut in_history = false;
            while let Some(id) = h {
                if history[id].0 == c.target {
                    in_history = true;
                    break;
                }
                h = history[id].1;
            }
            if in_history || !self.should_inline(tb, &st.graph, c) {
                continue;
            }
            let before = calls.len();
            let in_place = st.uses.has_one_use_and_discardable(c.target);
            let mut refs: Vec<Attribute<'c>> = Vec::new();
            if !self.inline_one(tb, &st.graph, c, &mut calls, &mut refs) {
                continue;
            }
            inlined_any = true;
            let id = history.len();
            history.push((c.target, from));
            call_history.resize(calls.len(), Some(id));
            debug_assert!(call_history.len() >= before);
            st.uses.drop_call_uses(&st.graph, c.source, &refs);
            st.uses.merge_after_inlining(c.target, c.source);
            if in_place {
                st.uses.erase_node(c.target);
                if !dead.contains(&c.target) {
                    dead.push(c.target);
                }
            }
        }
        for n in dead {
            scc.retain(|&m| m != n);
            st.doomed.push(n);
        }
        inlined_any
    }

    /// MLIR's `shouldInline`: no recursion, no multi-block callee into a single-block
    /// region of another op kind, and a profitable size ratio.
    fn should_inline(&self, tb: &Body<'c>, g: &CallGraph, c: ResolvedCall) -> bool {
        if g.edges[c.target]
            .iter()
            .any(|e| *e == Some(c.target) || *e == Some(c.source))
        {
            return false;
        }
        if c.source == c.target {
            return false;
        }
        let (Some(caller), Some(callee)) =
            (tb.nested(g.nodes[c.source]), tb.nested(g.nodes[c.target]))
        else {
            return false;
        };
        let Some(callee_region) = callable_region(tb, g.nodes[c.target]) else {
            return false;
        };
        if callee.region_blocks(callee_region).nth(1).is_some() {
            let callee_name = tb.op_name(g.nodes[c.target]);
            let parent = caller
                .op_block(c.call)
                .and_then(|b| caller.block_region(b))
                .and_then(|r| caller.region_op(r));
            let parent_name = parent.map_or(tb.op_name(g.nodes[c.source]), |p| caller.op_name(p));
            let might_be_single_block =
                parent_name.def.is_none() || parent_name.traits().contains(OpTraits::SINGLE_BLOCK);
            if parent_name != callee_name && might_be_single_block {
                return false;
            }
        }
        self.profitable(caller, callee)
    }

    /// The `inlining-threshold` test: callee ops at most `threshold` percent of the
    /// caller's (MLIR tests the caller's count against zero).
    fn profitable(&self, caller: &Body<'_>, callee: &Body<'_>) -> bool {
        if self.threshold == 0 {
            return false;
        }
        if self.threshold == u64::from(u32::MAX) {
            return true;
        }
        let caller_ops = count_ops(caller);
        if caller_ops == 0 {
            return true;
        }
        let ratio = count_ops(callee) * 100 / caller_ops;
        ratio <= self.threshold
    }

    /// Inlines one call; new calls found in the copy are appended to `calls`, and the
    /// call's symbol references to `refs`. The call is erased on success.
    fn inline_one(
        &self,
        tb: &mut Body<'c>,
        g: &CallGraph,
        c: ResolvedCall,
        calls: &mut Vec<ResolvedCall>,
        refs: &mut Vec<Attribute<'c>>,
    ) -> bool {
        let caller_op = g.nodes[c.source];
        let callee_op = g.nodes[c.target];
        let caller_name = tb.op_name(caller_op);
        let Some(region) = callable_region(tb, callee_op) else {
            return false;
        };
        let llvm_inlinable = inline_call::llvm_callee_inlinable(tb, callee_op);
        let result_types: &'c [pto_ir::Type<'c>] =
            if tb.op_name(callee_op).as_str() == llvm::LLVMFuncOp::NAME {
                match pto_dialects::llvm::function_type_of(tb, callee_op) {
                    Some(t) if pto_dialects::llvm::is_void_or_function_type(t.return_type()) => &[],
                    Some(t) => self.ctx.alloc_types(&[t.return_type()]),
                    None => return false,
                }
            } else {
                pto_dialects::func::function_type(tb, callee_op).map_or(&[][..], |(_, r)| r)
            };
        let mut caller: Option<&mut Body<'c>> = None;
        let mut callee: Option<&Body<'c>> = None;
        for (op, body) in tb.nested_bodies_mut() {
            if op == caller_op {
                caller = Some(body);
            } else if op == callee_op {
                callee = Some(body);
            }
        }
        let (Some(caller), Some(callee)) = (caller, callee) else {
            return false;
        };
        if !caller.is_alive(c.call) {
            return false;
        }
        let site = CallSite {
            call: c.call,
            caller_name,
        };
        let callee = Callee {
            body: callee,
            region,
            result_types,
            llvm_inlinable,
        };
        let ok = inline_call(self.ctx, caller, &site, &callee, &mut |body, blocks| {
            collect_calls(body, blocks, c.source, g, calls);
        });
        if !ok {
            return false;
        }
        graph::op_symbol_refs(caller, c.call, refs);
        graph::nested_symbol_refs(caller, c.call, refs);
        caller.drop_operands(c.call);
        let _ = caller.erase_op(c.call);
        true
    }
}

/// MLIR's `collectCallOps`: blocks are taken from the back of a stack, ops in order;
/// a call is recorded (when it resolves to a node) and its regions skipped; other ops'
/// regions are pushed.
fn collect_calls(
    body: &Body<'_>,
    blocks: &[pto_ir::BlockId],
    source: Node,
    g: &CallGraph,
    out: &mut Vec<ResolvedCall>,
) {
    let mut stack: Vec<pto_ir::BlockId> = blocks.to_vec();
    while let Some(b) = stack.pop() {
        for op in body.block_ops(b) {
            if is_call(body, op) {
                if let Some(Some(name)) = call_callee(body, op) {
                    if let Some(target) = g.resolve(name) {
                        out.push(ResolvedCall {
                            call: op,
                            source,
                            target,
                        });
                    }
                }
                continue;
            }
            if body.nested(op).is_some() {
                continue;
            }
            for &r in body.regions_of(op) {
                stack.extend(body.region_blocks(r));
            }
        }
    }
}

/// The number of ops in a body, nested bodies included.
fn count_ops(body: &Body<'_>) -> u64 {
    let mut n = 0;
    for r in body.root_regions() {
        graph::walk_ops(body, r, &mut |o| {
            n += 1;
            if let Some(nb) = body.nested(o) {
                n += count_ops(nb);
            }
        });
    }
    n
}

/// Runs a pass manager on the body of a callable op named `name` (MLIR's dynamic
/// pipeline): its passes on the body, nested managers on the isolated ops inside.
fn run_manager<'c>(
    ctx: &'c Context,
    pm: &OpPassManager,
    name: pto_ir::OpName<'c>,
    loc: pto_ir::Location<'c>,
    body: &mut Body<'c>,
) -> Result<(), Diagnostic<'c>> {
    let mut statistics = Statistics::default();
    // Warnings of an inlined callee's pipeline are not shown: the callee is processed
    // again where it is defined, and reports them there.
    let mut diagnostics = Vec::new();
    for entry in &pm.entries {
        match entry {
            PipelineEntry::Pass(_, pass) => {
                let mut target = PassTarget {
                    op_name: name,
                    loc,
                    body,
                    statistics: &mut statistics,
                    diagnostics: &mut diagnostics,
                };
                pass.run(ctx, &mut target)?;
            }
            PipelineEntry::Nested(nested) => {
                let ops: Vec<(OpId, pto_ir::OpName<'c>, pto_ir::Location<'c>)> = body
                    .all_ops()
                    .into_iter()
                    .filter(|&o| body.nested(o).is_some())
                    .map(|o| (o, body.op_name(o), body.op_loc(o)))
                    .collect();
                for (op, n, l) in ops {
                    if nested.anchor.as_deref().is_some_and(|a| a != n.as_str()) {
                        continue;
                    }
                    if let Some(nb) = body.nested_mut(op) {
                        run_manager(ctx, nested, n, l, nb)?;
                    }
                }
            }
        }
    }
    Ok(())
}
