//! Function bodies: blocks in an order where definitions come before uses, block
//! arguments as phi nodes, and the edges that feed them.
//!
//! LLVM blocks are laid out in region order and translated in reverse post-order
//! (dominators first); block arguments are phis created up front and filled after the
//! body, their incoming values ordered as MLIR's predecessor use lists (newest first). A
//! terminator that reaches a block with arguments twice goes through a forwarding block
//! appended at the end, as MLIR's `ensureDistinctSuccessors` does.

use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicType;
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, PhiValue};
use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::entity::EntityRef;
use pto_ir::{BlockId, Body, Diagnostic, OpId, RegionId, ValueId};

use super::translate::{error_at, ModuleCx};
use super::types::basic_type;

/// A value passed along an edge: an MLIR value, or a phi of a forwarding block.
#[derive(Copy, Clone)]
enum EdgeValue<'ll> {
    Mlir(ValueId),
    Llvm(BasicValueEnum<'ll>),
}

/// One control-flow edge into a block with arguments: the phis it feeds, the values it
/// passes and the LLVM block it leaves from.
struct Edge<'ll> {
    /// Where the edge comes from in the MLIR region: (position of the source block,
    /// successor index), which orders a phi's incoming values as mlir-translate does.
    source: (usize, usize),
    phis: Vec<PhiValue<'ll>>,
    values: Vec<EdgeValue<'ll>>,
    from: BasicBlock<'ll>,
}

/// A unit of translation: an MLIR block, or the forwarding block of successor `.0.1`
/// of the terminator of block `.0.0` (towards block `.1`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Node {
    Block(BlockId),
    Forwarder((BlockId, usize), BlockId),
}

/// A forwarding block for the second and later occurrences of a successor with
/// arguments in one terminator (a phi takes one value per predecessor block). As
/// mlir-translate's `ensureDistinctSuccessors`: appended after the function's blocks,
/// with phis of the destination's argument types that it passes on.
struct Forwarder<'ll> {
    block: BasicBlock<'ll>,
    phis: Vec<PhiValue<'ll>>,
}

/// The translation state of one function body (or global initializer region).
pub(super) struct FnCx<'m, 'c, 'll> {
    pub m: &'m ModuleCx<'c, 'll>,
    pub body: &'m Body<'c>,
    pub function: FunctionValue<'ll>,
    values: Vec<Option<BasicValueEnum<'ll>>>,
    blocks: FxHashMap<BlockId, BasicBlock<'ll>>,
    /// Position of each block in its region.
    positions: FxHashMap<BlockId, usize>,
    phis: FxHashMap<BlockId, Vec<PhiValue<'ll>>>,
    /// Forwarding blocks by (terminator's block, successor index).
    forwarders: FxHashMap<(BlockId, usize), Forwarder<'ll>>,
    edges: Vec<Edge<'ll>>,
    /// Set while translating a global's initializer: `llvm.return` records its value.
    initializer_result: Option<Option<BasicValueEnum<'ll>>>,
    /// The function's debug-info scope, when translating with debug info.
    subprogram: Option<inkwell::debug_info::DISubprogram<'ll>>,
}

impl<'m, 'c, 'll> FnCx<'m, 'c, 'll> {
    /// A translator of regions of `body` into `function`.
    pub fn new(m: &'m ModuleCx<'c, 'll>, body: &'m Body<'c>, function: FunctionValue<'ll>) -> Self {
        Self {
            m,
            body,
            function,
            values: vec![None; body.num_values()],
            blocks: FxHashMap::default(),
            positions: FxHashMap::default(),
            phis: FxHashMap::default(),
            forwarders: FxHashMap::default(),
            edges: Vec::new(),
            initializer_result: None,
            subprogram: None,
        }
    }

    /// Gives instructions `!dbg` locations in `subprogram` (when set).
    pub fn with_subprogram(
        mut self,
        subprogram: Option<inkwell::debug_info::DISubprogram<'ll>>,
    ) -> Self {
        self.subprogram = subprogram;
        self
    }

    /// Points the builder's debug location at `op` (or clears it without debug info).
    fn set_debug_location(&self, op: Option<OpId>) {
        match (self.subprogram, &self.m.debug, op) {
            (Some(sp), Some(d), Some(op)) => {
                let loc = d.borrow().location(self.m.ll, sp, self.body.op_loc(op));
                self.m.builder.set_current_debug_location(loc);
            }
            _ => self.m.builder.unset_current_debug_location(),
        }
    }

    /// An error at `op`.
    pub fn err(&self, op: OpId, msg: impl Into<String>) -> Diagnostic<'c> {
        error_at(self.body.op_loc(op), msg)
    }

    /// The LLVM value of `v` (used by `op`).
    pub fn value(&self, op: OpId, v: ValueId) -> Result<BasicValueEnum<'ll>, Diagnostic<'c>> {
        self.values[v.index()].ok_or_else(|| {
            self.err(
                op,
                "operand has no LLVM IR value (used before its definition, or produced by an op without one)",
            )
        })
    }

    /// The LLVM values of `vs`.
    pub fn values_of(
        &self,
        op: OpId,
        vs: impl IntoIterator<Item = ValueId>,
    ) -> Result<Vec<BasicValueEnum<'ll>>, Diagnostic<'c>> {
        vs.into_iter().map(|v| self.value(op, v)).collect()
    }

    /// Records the LLVM value of `v`.
    pub fn define(&mut self, v: ValueId, value: BasicValueEnum<'ll>) {
        self.values[v.index()] = Some(value);
    }

    /// Records the LLVM value of `op`'s single result; a constant expression is folded
    /// with the data layout first (as mlir-translate's builder folds).
    pub fn define_result(&mut self, op: OpId, value: impl BasicValue<'ll>) {
        let r = self.body.result(op, 0);
        let v = super::raw::fold(&self.m.module, value.as_basic_value_enum());
        self.define(r, v);
    }

    /// The successors of `node` in the translation's graph, where a forwarding block
    /// stands between a terminator and a repeated successor.
    fn node_successors(&self, node: Node) -> Vec<Node> {
        match node {
            Node::Forwarder(_, dest) => vec![Node::Block(dest)],
            Node::Block(b) => self
                .body
                .last_op(b)
                .map(|t| self.body.successors(t))
                .unwrap_or(&[])
                .iter()
                .enumerate()
                .map(|(i, &s)| match self.forwarders.contains_key(&(b, i)) {
                    true => Node::Forwarder((b, i), s),
                    false => Node::Block(s),
                })
                .collect(),
        }
    }

    /// The translation order (MLIR's `getBlocksSortedByDominance`): for each block in
    /// region order not yet reached, the reverse post-order from it; so a block comes
    /// after its dominators, and forwarding blocks where MLIR's own blocks would be.
    fn translation_order(&self, layout: &[BlockId]) -> Vec<Node> {
        let mut seen: FxHashSet<Node> = FxHashSet::default();
        let mut order = Vec::new();
        for &root in layout {
            if !seen.insert(Node::Block(root)) {
                continue;
            }
            let mut post = Vec::new();
            // Iterative DFS: (node, its successors, next successor index).
            let mut stack = vec![(
                Node::Block(root),
                self.node_successors(Node::Block(root)),
                0usize,
            )];
            while let Some((node, succs, i)) = stack.last_mut() {
                if let Some(&s) = succs.get(*i) {
                    *i += 1;
                    if seen.insert(s) {
                        let next = self.node_successors(s);
                        stack.push((s, next, 0));
                    }
                } else {
                    post.push(*node);
                    stack.pop();
                }
            }
            post.reverse();
            order.extend(post);
        }
        order
    }

    /// Creates the LLVM blocks of `region` and the phis of their arguments; the entry
    /// block's arguments become `params` (when given). Returns the translation order.
    fn create_blocks(
        &mut self,
        region: RegionId,
        params: Option<Vec<BasicValueEnum<'ll>>>,
    ) -> Result<Vec<Node>, Diagnostic<'c>> {
        // LLVM blocks are laid out in region order, as mlir-translate does; they are
        // translated in dominance order (`translation_order`).
        let layout: Vec<BlockId> = self.body.region_blocks(region).collect();
        let loc = self
            .body
            .owner_loc()
            .unwrap_or_else(|| self.m.ctx.unknown_loc());
        for (i, &b) in layout.iter().enumerate() {
            let bb = self.m.ll.append_basic_block(self.function, "");
            self.blocks.insert(b, bb);
            self.positions.insert(b, i);
            let args = self.body.block_args(b);
            if i == 0 {
                if let Some(params) = &params {
                    if params.len() != args.len() {
                        return Err(error_at(
                            loc,
                            format!(
                                "the entry block has {} arguments for a function of {} parameters",
                                args.len(),
                                params.len()
                            ),
                        ));
                    }
                    for (&a, &p) in args.iter().zip(params) {
                        self.define(a, p);
                    }
                }
                continue;
            }
            self.m.builder.position_at_end(bb);
            let mut phis = Vec::with_capacity(args.len());
            for &a in args {
                let ty = basic_type(self.m.ll, self.body.value_type(a))
                    .map_err(|e| error_at(self.body.value_loc(a), e))?;
                let phi = self
                    .m
                    .builder
                    .build_phi(ty.as_basic_type_enum(), "")
                    .map_err(|e| error_at(loc, e.to_string()))?;
                self.define(a, phi.as_basic_value());
                phis.push(phi);
            }
            self.phis.insert(b, phis);
        }
        self.create_forwarders(&layout)
            .map_err(|e| error_at(loc, e))?;
        Ok(self.translation_order(&layout))
    }

    /// Creates the [`Forwarder`]s of the terminators in `layout` (in region order).
    fn create_forwarders(&mut self, layout: &[BlockId]) -> Result<(), String> {
        let mut created = 0usize;
        for &b in layout {
            let Some(term) = self.body.last_op(b) else {
                continue;
            };
            let succs = self.body.successors(term);
            for (i, &dest) in succs.iter().enumerate() {
                let args = self.body.block_args(dest);
                if args.is_empty() || !succs[..i].contains(&dest) {
                    continue;
                }
                let block = self.m.ll.append_basic_block(self.function, "");
                self.m.builder.position_at_end(block);
                let mut phis = Vec::with_capacity(args.len());
                for &a in args {
                    let ty = basic_type(self.m.ll, self.body.value_type(a))?;
                    phis.push(
                        self.m
                            .builder
                            .build_phi(ty, "")
                            .map_err(|e| e.to_string())?,
                    );
                }
                // The branch out is built in translation order (`translate_blocks`); the
                // forwarding branch is the newest use of the destination: its
                // incoming value comes first.
                self.edges.push(Edge {
                    source: (layout.len() + created, 0),
                    phis: self.phis[&dest].clone(),
                    values: phis
                        .iter()
                        .map(|p| EdgeValue::Llvm(p.as_basic_value()))
                        .collect(),
                    from: block,
                });
                self.forwarders.insert((b, i), Forwarder { block, phis });
                created += 1;
            }
        }
        Ok(())
    }

    fn translate_blocks(&mut self, order: &[Node]) -> Result<(), Diagnostic<'c>> {
        for &node in order {
            match node {
                Node::Block(b) => {
                    self.m.builder.position_at_end(self.blocks[&b]);
                    for op in self.body.block_ops(b) {
                        self.set_debug_location(Some(op));
                        self.translate_op(op)?;
                    }
                    self.set_debug_location(None);
                }
                Node::Forwarder(key, dest) => {
                    self.m.builder.position_at_end(self.forwarders[&key].block);
                    self.m
                        .builder
                        .build_unconditional_branch(self.blocks[&dest])
                        .map_err(|e| error_at(self.m.ctx.unknown_loc(), e.to_string()))?;
                }
            }
        }
        Ok(())
    }

    /// Gives every phi its incoming values, once all values exist.
    fn connect_phis(&mut self) -> Result<(), Diagnostic<'c>> {
        // MLIR visits a block's predecessors through its use list, newest use first:
        // the last branch in region order comes first.
        let mut edges = std::mem::take(&mut self.edges);
        edges.sort_by_key(|e| std::cmp::Reverse(e.source));
        for e in edges {
            for (phi, v) in e.phis.iter().zip(&e.values) {
                let value = match *v {
                    EdgeValue::Llvm(x) => x,
                    EdgeValue::Mlir(v) => self.values[v.index()].ok_or_else(|| {
                        error_at(
                            self.body.value_loc(v),
                            "branch operand has no LLVM IR value",
                        )
                    })?,
                };
                phi.add_incoming(&[(&value as &dyn BasicValue<'ll>, e.from)]);
            }
        }
        Ok(())
    }

    /// Translates `region` as the body of the function.
    pub fn run_function(mut self, region: RegionId) -> Result<(), Diagnostic<'c>> {
        let params = self.function.get_params();
        let order = self.create_blocks(region, Some(params))?;
        self.translate_blocks(&order)?;
        self.connect_phis()
    }

    /// Translates a global's initializer region; the value its `llvm.return` returns.
    pub fn run_initializer(
        mut self,
        region: RegionId,
    ) -> Result<BasicValueEnum<'ll>, Diagnostic<'c>> {
        self.initializer_result = Some(None);
        let order = self.create_blocks(region, None)?;
        if order.iter().filter(|n| matches!(n, Node::Block(_))).count() != 1 {
            let loc = self
                .body
                .owner_loc()
                .unwrap_or_else(|| self.m.ctx.unknown_loc());
            return Err(error_at(loc, "a global initializer must be a single block"));
        }
        self.translate_blocks(&order)?;
        self.initializer_result.flatten().ok_or_else(|| {
            let loc = self
                .body
                .owner_loc()
                .unwrap_or_else(|| self.m.ctx.unknown_loc());
            error_at(loc, "the initializer region returns no value")
        })
    }

    /// Whether an `llvm.return` ends a global initializer (and records `value`).
    pub fn record_initializer_result(&mut self, value: Option<BasicValueEnum<'ll>>) -> bool {
        match &mut self.initializer_result {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// The LLVM blocks a terminator in `from` (of MLIR block `source`) jumps to, one
    /// per successor, recording the edges for the phis.
    pub fn branch_targets(
        &mut self,
        source: BlockId,
        from: BasicBlock<'ll>,
        succs: &[(BlockId, Vec<ValueId>)],
    ) -> Vec<BasicBlock<'ll>> {
        let position = self.positions.get(&source).copied().unwrap_or(0);
        let mut out = Vec::with_capacity(succs.len());
        for (i, (dest, operands)) in succs.iter().enumerate() {
            let (target, phis) = match self.forwarders.get(&(source, i)) {
                Some(f) => (f.block, f.phis.clone()),
                None => (
                    self.blocks[dest],
                    self.phis.get(dest).cloned().unwrap_or_default(),
                ),
            };
            if !phis.is_empty() {
                self.edges.push(Edge {
                    source: (position, i),
                    phis,
                    values: operands.iter().map(|&v| EdgeValue::Mlir(v)).collect(),
                    from,
                });
            }
            out.push(target);
        }
        out
    }
}
