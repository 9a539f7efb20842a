//! The call graph of one symbol table and the symbol uses the inliner tracks (MLIR's
//! `CallGraph`, its SCC iteration, and the inliner's `CGUseList`).
//!
//! A node is a callable op of the table with a body (`func.func`, `llvm.func`); calls
//! resolve by flat symbol name in the table. Declarations and calls that do not resolve
//! (or are indirect) lead to the "unknown callee" node, which is never inlined.
//! SCCs are found by Tarjan's algorithm in the order of LLVM's `scc_iterator`, and the
//! use counts of private callables are tracked as the inliner's use list does.

use rustc_hash::{FxHashMap, FxHashSet};

use pto_dialects::func;
use pto_dialects::llvm;
use pto_ir::symbol_table::{symbol_visibility, Visibility};
use pto_ir::{AttrKind, Attribute, Body, OpId, OpTraits, RegionId};

/// Index of a node in [`CallGraph::nodes`].
pub type Node = usize;

/// The callable ops of one symbol table and the calls between them.
pub struct CallGraph {
    /// The callable ops with a body, in the table's order.
    pub nodes: Vec<OpId>,
    /// The call edges of each node (deduplicated, in the order the calls first appear);
    /// `None` is the unknown callee.
    pub edges: Vec<Vec<Option<Node>>>,
    /// Symbol name to the op defining it in the table.
    symbols: FxHashMap<String, OpId>,
    /// Op to node.
    index: FxHashMap<OpId, Node>,
}

/// Whether `op` is a callable the inliner knows (MLIR's `CallableOpInterface`).
pub fn is_callable_op(body: &Body<'_>, op: OpId) -> bool {
    matches!(
        body.op_name(op).as_str(),
        func::FuncOp::NAME | llvm::LLVMFuncOp::NAME
    )
}

/// The callable's region (in its nested body), if it has a block.
pub fn callable_region(body: &Body<'_>, op: OpId) -> Option<RegionId> {
    let r = *body.regions_of(op).first()?;
    body.region_body(op).entry_block(r).map(|_| r)
}

/// For a call op the inliner knows: the callee's flat symbol name, or `None` for a call
/// through a value or a nested reference (MLIR's `CallOpInterface` with a symbol).
pub fn call_callee<'c>(body: &Body<'c>, op: OpId) -> Option<Option<&'c str>> {
    match body.op_name(op).as_str() {
        func::CallOp::NAME | llvm::CallOp::NAME => {}
        func::CallIndirectOp::NAME => return Some(None),
        _ => return None,
    }
    let callee = body.attr(op, "callee");
    Some(callee.and_then(|a| match *a.kind() {
        AttrKind::SymbolRef { root, nested: [] } => Some(root.as_str()),
        _ => None,
    }))
}

/// Whether `op` is a call (any `CallOpInterface` op the inliner knows).
pub fn is_call(body: &Body<'_>, op: OpId) -> bool {
    call_callee(body, op).is_some()
}

impl CallGraph {
    /// The graph of the symbol table whose region is `region` of `table`.
    pub fn build(table: &Body<'_>, region: RegionId) -> Self {
        let mut g = CallGraph {
            nodes: Vec::new(),
            edges: Vec::new(),
            symbols: FxHashMap::default(),
            index: FxHashMap::default(),
        };
        for b in table.region_blocks(region) {
            for op in table.block_ops(b) {
                if let Some(name) = table.attr(op, "sym_name").and_then(|a| a.as_str()) {
                    g.symbols.entry(name.to_string()).or_insert(op);
                }
                if is_callable_op(table, op) && callable_region(table, op).is_some() {
                    g.index.insert(op, g.nodes.len());
                    g.nodes.push(op);
                }
            }
        }
        for n in 0..g.nodes.len() {
            let mut edges: Vec<Option<Node>> = Vec::new();
            let body = table.region_body(g.nodes[n]);
            for r in body.root_regions() {
                walk_ops(body, r, &mut |o| {
                    if let Some(callee) = call_callee(body, o) {
                        let target = callee.and_then(|c| g.resolve(c));
                        if !edges.contains(&target) {
                            edges.push(target);
                        }
                    }
                });
            }
            g.edges.push(edges);
        }
        g
    }

    /// The node a flat symbol name resolves to.
    pub fn resolve(&self, name: &str) -> Option<Node> {
        self.symbols
            .get(name)
            .and_then(|o| self.index.get(o).copied())
    }

    /// The strongly connected components in post-order (callees before callers), as
    /// LLVM's `scc_iterator` yields them from the external root whose children are all
    /// nodes in order. The unknown callee is left out.
    pub fn sccs(&self) -> Vec<Vec<Node>> {
        let n = self.nodes.len();
        let unknown = n;
        let root = n + 1;
        let children = |v: usize| -> Vec<usize> {
            if v == root {
                (0..n).collect()
            } else if v == unknown {
                Vec::new()
            } else {
                self.edges[v].iter().map(|e| e.unwrap_or(unknown)).collect()
            }
        };
        let mut number = vec![0u32; n + 2];
        let mut visit = 0u32;
        let mut node_stack: Vec<usize> = Vec::new();
        // (node, its children, next child, lowest number reached)
        let mut stack: Vec<(usize, Vec<usize>, usize, u32)> = Vec::new();
        let mut out = Vec::new();
        let mut push =
            |v: usize, stack: &mut Vec<_>, node_stack: &mut Vec<usize>, number: &mut Vec<u32>| {
                visit += 1;
                number[v] = visit;
                node_stack.push(v);
                stack.push((v, children(v), 0, visit));
            };
        push(root, &mut stack, &mut node_stack, &mut number);
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let child = top.1[top.2];
                top.2 += 1;
                if number[child] == 0 {
                    push(child, &mut stack, &mut node_stack, &mut number);
                } else if number[child] < top.3 {
                    top.3 = number[child];
                }
                continue;
            }
            let (v, _, _, low) = stack.pop().expect("non-empty");
            if let Some(parent) = stack.last_mut() {
                if parent.3 > low {
                    parent.3 = low;
                }
            }
            if low != number[v] {
                continue;
            }
            let mut scc = Vec::new();
            loop {
                let w = node_stack.pop().expect("on the stack");
                number[w] = u32::MAX;
                scc.push(w);
                if w == v {
                    break;
                }
            }
            scc.retain(|&w| w < n);
            if !scc.is_empty() {
                out.push(scc);
            }
        }
        out
    }
}

/// Calls `f` on every op of `region` and below it, in pre-order, not entering
/// isolated-from-above ops.
pub fn walk_ops(body: &Body<'_>, region: RegionId, f: &mut impl FnMut(OpId)) {
    for b in body.region_blocks(region) {
        for o in body.block_ops(b) {
            f(o);
            if body.nested(o).is_none() {
                for &r in body.regions_of(o) {
                    walk_ops(body, r, f);
                }
            }
        }
    }
}

/// The symbol references in an op's properties and attributes (in arrays and
/// dictionaries too).
pub fn op_symbol_refs<'c>(body: &Body<'c>, op: OpId, out: &mut Vec<Attribute<'c>>) {
    fn walk<'c>(a: Attribute<'c>, out: &mut Vec<Attribute<'c>>) {
        match *a.kind() {
            AttrKind::SymbolRef { .. } => out.push(a),
            AttrKind::Array(items) => items.iter().for_each(|&i| walk(i, out)),
            AttrKind::Dictionary(entries) => entries.iter().for_each(|e| walk(e.value, out)),
            _ => {}
        }
    }
    if let Some(p) = body.op_props(op) {
        walk(p, out);
    }
    walk(body.op_attrs(op), out);
}

/// The symbol references held by the ops nested in `op` (not `op` itself), down to
/// nested symbol tables (whose own attributes count, not their contents).
pub fn nested_symbol_refs<'c>(body: &Body<'c>, op: OpId, out: &mut Vec<Attribute<'c>>) {
    let rb = body.region_body(op);
    for &r in body.regions_of(op) {
        for b in rb.region_blocks(r) {
            for o in rb.block_ops(b) {
                op_symbol_refs(rb, o, out);
                if !rb.op_name(o).traits().contains(OpTraits::SYMBOL_TABLE) {
                    nested_symbol_refs(rb, o, out);
                }
            }
        }
    }
}

/// The uses one node holds of discardable nodes.
#[derive(Default, Clone)]
struct NodeUses {
    /// Uses by the callable op's own attributes, counted once each.
    top_level: FxHashSet<Node>,
    /// Uses by the ops in its body.
    inner: FxHashMap<Node, i64>,
}

/// How many symbol uses each discardable (private) callable still has (MLIR's
/// `CGUseList`): a private callable whose count drops to zero is erased, and one with a
/// single use is inlined in place.
pub struct UseList {
    discardable: FxHashMap<Node, i64>,
    node_uses: Vec<NodeUses>,
}

impl UseList {
    /// Counts the uses in `table` (the body holding the graph's nodes, whose table
    /// region is `region`).
    pub fn new(table: &Body<'_>, region: RegionId, g: &CallGraph) -> Self {
        let mut discardable = FxHashMap::default();
        let mut always_live = FxHashSet::default();
        for b in table.region_blocks(region) {
            for op in table.block_ops(b) {
                if let Some(&n) = g.index.get(&op) {
                    if symbol_visibility(table, op) == Visibility::Private {
                        discardable.insert(n, 0);
                    }
                    continue;
                }
                // Any other op referring to a callable keeps it alive.
                let mut refs = Vec::new();
                op_symbol_refs(table, op, &mut refs);
                nested_symbol_refs(table, op, &mut refs);
                for r in refs {
                    if let Some(n) = flat_node(g, r) {
                        always_live.insert(n);
                    }
                }
            }
        }
        for n in always_live {
            discardable.remove(&n);
        }
        let mut list = UseList {
            discardable,
            node_uses: vec![NodeUses::default(); g.nodes.len()],
        };
        for n in 0..g.nodes.len() {
            list.recompute(table, g, n);
        }
        list
    }

    /// Counts again the uses held by node `n` (after its body changed).
    pub fn recompute(&mut self, table: &Body<'_>, g: &CallGraph, n: Node) {
        let old = std::mem::take(&mut self.node_uses[n]);
        self.decrement(&old);
        let op = g.nodes[n];
        let mut uses = NodeUses::default();
        let mut top = Vec::new();
        op_symbol_refs(table, op, &mut top);
        for r in top {
            if let Some(t) = flat_node(g, r) {
                if let Some(c) = self.discardable.get_mut(&t) {
                    if uses.top_level.insert(t) {
                        *c += 1;
                    }
                }
            }
        }
        let mut inner = Vec::new();
        nested_symbol_refs(table, op, &mut inner);
        for r in inner {
            if let Some(t) = flat_node(g, r) {
                if let Some(c) = self.discardable.get_mut(&t) {
                    *c += 1;
                    *uses.inner.entry(t).or_insert(0) += 1;
                }
            }
        }
        self.node_uses[n] = uses;
    }

    // As in MLIR, updates of a count re-create the entry of a node no longer tracked.
    fn decrement(&mut self, uses: &NodeUses) {
        for t in &uses.top_level {
            *self.discardable.entry(*t).or_insert(0) -= 1;
        }
        for (t, k) in &uses.inner {
            *self.discardable.entry(*t).or_insert(0) -= k;
        }
    }

    /// A discardable node nothing uses any more.
    pub fn is_dead(&self, n: Node) -> bool {
        self.discardable.get(&n) == Some(&0)
    }

    /// A discardable node with exactly one use left.
    pub fn has_one_use_and_discardable(&self, n: Node) -> bool {
        self.discardable.get(&n) == Some(&1)
    }

    /// The call `refs` (its symbol references) of node `user` is gone.
    pub fn drop_call_uses(&mut self, g: &CallGraph, user: Node, refs: &[Attribute<'_>]) {
        for &r in refs {
            let Some(t) = flat_node(g, r) else { continue };
            if let Some(k) = self.node_uses[user].inner.get_mut(&t) {
                *k -= 1;
                *self.discardable.entry(t).or_insert(0) -= 1;
            }
        }
    }

    /// The body of `callee` was inlined into `caller`: the caller now holds a copy of
    /// the callee's uses.
    pub fn merge_after_inlining(&mut self, callee: Node, caller: Node) {
        let inner: Vec<(Node, i64)> = self.node_uses[callee]
            .inner
            .iter()
            .map(|(&t, &k)| (t, k))
            .collect();
        for (t, k) in inner {
            *self.node_uses[caller].inner.entry(t).or_insert(0) += k;
            *self.discardable.entry(t).or_insert(0) += k;
        }
    }

    /// Node `n` is going away: the uses it holds disappear, and it is no longer tracked.
    pub fn erase_node(&mut self, n: Node) {
        let old = std::mem::take(&mut self.node_uses[n]);
        self.decrement(&old);
        self.discardable.remove(&n);
    }
}

/// The node a flat symbol reference names.
fn flat_node(g: &CallGraph, r: Attribute<'_>) -> Option<Node> {
    match *r.kind() {
        AttrKind::SymbolRef { root, nested: [] } => g.resolve(root.as_str()),
        _ => None,
    }
}
