//! The analysis of `sccp`: MLIR's `DeadCodeAnalysis` (which blocks run, which edges are
//! taken, which calls reach which callables) together with `SparseConstantPropagation`
//! (a constant, unknown, or not-yet-known value per SSA value), solved to their joint
//! fixpoint.
//!
//! Everything starts optimistic: no block runs, no value is known. Blocks become live
//! from the anchor's entry, from callables with unknown or live callers, through branch
//! edges (one edge when the condition is constant) and region edges (the regions an
//! `scf` op may enter given constant operands). Values of live ops are computed by their
//! folders from the operands' constants; block arguments join the values passed along
//! live edges, callable arguments those of live calls, call results those of the
//! callee's live returns. The lattices only grow, so the solver sweeps the live IR until
//! nothing changes; the fixpoint is the one MLIR's worklist reaches.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::dataflow::region_branch::{self, Target};
use crate::dataflow::{forwarded_operands, is_known_branch, successor_for_operands};
use pto_dialects::func;
use pto_dialects::llvm;
use pto_ir::{Attribute, BlockId, Body, Context, Folded, OpId, OpTraits, RegionId, ValueId};

/// The value of one SSA value (MLIR's `Lattice<ConstantValue>`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lat<'c> {
    /// Not computed yet (its definition never ran, so far).
    Uninit,
    /// Always this constant; the name of the dialect of the op that produced it
    /// materializes it.
    Const(Attribute<'c>, &'c str),
    /// Not a constant.
    Unknown,
}

impl<'c> Lat<'c> {
    /// The least upper bound (constants compare by attribute only, as MLIR's).
    fn join(self, other: Lat<'c>) -> Lat<'c> {
        match (self, other) {
            (Lat::Uninit, x) | (x, Lat::Uninit) => x,
            (Lat::Const(a, d), Lat::Const(b, _)) if a == b => Lat::Const(a, d),
            _ => Lat::Unknown,
        }
    }

    fn constant(self) -> Option<Attribute<'c>> {
        match self {
            Lat::Const(a, _) => Some(a),
            _ => None,
        }
    }
}

/// A body's identity while the analysis holds it (its address).
pub type BodyKey = usize;

/// The key of a body.
pub fn key(body: &Body<'_>) -> BodyKey {
    body as *const Body<'_> as usize
}

/// The results of the analysis.
#[derive(Default)]
pub struct Solution<'c> {
    lattices: FxHashMap<(BodyKey, ValueId), Lat<'c>>,
    live_blocks: FxHashSet<(BodyKey, BlockId)>,
    live_edges: FxHashSet<(BodyKey, BlockId, BlockId)>,
    /// Live calls of each callable (keyed by its table's body and its op).
    call_sites: FxHashMap<(BodyKey, OpId), Vec<(BodyKey, OpId)>>,
    /// Callables (by table body and op) with callers the analysis cannot see.
    unknown_callers: FxHashSet<(BodyKey, OpId)>,
}

impl<'c> Solution<'c> {
    /// The value of `v` of `body`.
    pub fn lattice(&self, body: BodyKey, v: ValueId) -> Lat<'c> {
        self.lattices
            .get(&(body, v))
            .copied()
            .unwrap_or(Lat::Uninit)
    }
    /// Whether block `b` of `body` may run.
    pub fn is_live(&self, body: BodyKey, b: BlockId) -> bool {
        self.live_blocks.contains(&(body, b))
    }
    /// The live calls (caller body, call op) of callable `op` of the table `table`.
    pub fn call_sites(&self, table: BodyKey, op: OpId) -> &[(BodyKey, OpId)] {
        self.call_sites.get(&(table, op)).map_or(&[], Vec::as_slice)
    }
    /// Whether callable `op` of the table `table` has callers the analysis cannot see
    /// (it is public, or referred to by something other than a call).
    pub fn has_unknown_callers(&self, table: BodyKey, op: OpId) -> bool {
        self.unknown_callers.contains(&(table, op))
    }
}

/// A symbol table the analysis sees: its symbols by name.
struct Table<'c> {
    symbols: FxHashMap<&'c str, OpId>,
}

/// The solver's state over the IR, which it only reads.
pub struct Solver<'b, 'c> {
    ctx: &'c Context,
    sol: Solution<'c>,
    tables: FxHashMap<BodyKey, Table<'c>>,
    bodies: FxHashMap<BodyKey, &'b Body<'c>>,
    changed: bool,
}

/// Whether `op` is a callable (`CallableOpInterface`) with a body: its body and region.
pub fn callable_body<'b, 'c>(body: &'b Body<'c>, op: OpId) -> Option<(&'b Body<'c>, RegionId)> {
    if !matches!(
        body.op_name(op).as_str(),
        func::FuncOp::NAME | llvm::LLVMFuncOp::NAME
    ) {
        return None;
    }
    let nested = body.nested(op)?;
    let r = *body.regions_of(op).first()?;
    nested.entry_block(r)?;
    Some((nested, r))
}

/// Whether `op` is a call (`CallOpInterface`).
pub fn is_call(body: &Body<'_>, op: OpId) -> bool {
    matches!(
        body.op_name(op).as_str(),
        func::CallOp::NAME | func::CallIndirectOp::NAME | llvm::CallOp::NAME
    )
}

/// The flat callee name of a call through a symbol.
pub fn callee_name<'c>(body: &Body<'c>, op: OpId) -> Option<&'c str> {
    if body.op_name(op).as_str() == func::CallIndirectOp::NAME {
        return None;
    }
    match *body.attr(op, "callee")?.kind() {
        pto_ir::AttrKind::SymbolRef { root, nested: [] } => Some(root.as_str()),
        _ => None,
    }
}

impl<'b, 'c> Solver<'b, 'c> {
    /// Solves the analysis over `root`, the body of the pass's anchor; `anchor_is_table`:
    /// the anchor is a symbol table (a module), whose public callables have unknown
    /// callers.
    pub fn solve(ctx: &'c Context, root: &'b Body<'c>, anchor_is_table: bool) -> Solution<'c> {
        let mut s = Solver {
            ctx,
            sol: Solution::default(),
            tables: FxHashMap::default(),
            bodies: FxHashMap::default(),
            changed: false,
        };
        s.index(root, anchor_is_table);
        loop {
            s.changed = false;
            let table = anchor_is_table.then_some(root);
            for r in root.root_regions() {
                if let Some(entry) = root.entry_block(r) {
                    s.mark_live(root, entry);
                    if !anchor_is_table {
                        // The anchor's own arguments come from outside.
                        for &a in root.block_args(entry) {
                            s.join(root, a, Lat::Unknown);
                        }
                    }
                }
                s.sweep_region(root, r, table);
            }
            if !s.changed {
                break;
            }
        }
        s.sol
    }

    /// Records the bodies and symbol tables below `body`, and the callables with unknown
    /// callers (public ones, and any a non-call op refers to).
    fn index(&mut self, body: &'b Body<'c>, is_table: bool) {
        self.bodies.insert(key(body), body);
        if is_table {
            let mut symbols = FxHashMap::default();
            let mut opaque = false;
            for r in body.root_regions() {
                for b in body.region_blocks(r) {
                    for op in body.block_ops(b) {
                        if let Some(n) = body.attr(op, "sym_name").and_then(|a| a.as_str()) {
                            symbols.entry(n).or_insert(op);
                        }
                    }
                }
            }
            let mut refs = Vec::new();
            for r in body.root_regions() {
                for b in body.region_blocks(r) {
                    for op in body.block_ops(b) {
                        if callable_body(body, op).is_some()
                            && pto_ir::symbol_table::symbol_visibility(body, op)
                                == pto_ir::symbol_table::Visibility::Public
                        {
                            self.sol.unknown_callers.insert((key(body), op));
                        }
                        non_call_refs(body, op, &mut refs, &mut opaque);
                    }
                }
            }
            for name in refs {
                if let Some(&op) = symbols.get(name) {
                    self.sol.unknown_callers.insert((key(body), op));
                }
            }
            if opaque {
                for &op in symbols.values() {
                    self.sol.unknown_callers.insert((key(body), op));
                }
            }
            self.tables.insert(key(body), Table { symbols });
        }
        for o in body.all_ops() {
            if let Some(nested) = body.nested(o) {
                let t = body.op_name(o).traits().contains(OpTraits::SYMBOL_TABLE);
                self.index(nested, t);
            }
        }
    }

    fn mark_live(&mut self, body: &Body<'c>, b: BlockId) {
        if self.sol.live_blocks.insert((key(body), b)) {
            self.changed = true;
        }
    }

    fn join(&mut self, body: &Body<'c>, v: ValueId, l: Lat<'c>) {
        let k = (key(body), v);
        let old = self.sol.lattices.get(&k).copied().unwrap_or(Lat::Uninit);
        let new = old.join(l);
        if new != old {
            self.sol.lattices.insert(k, new);
            self.changed = true;
        }
    }

    fn lat(&self, body: &Body<'c>, v: ValueId) -> Lat<'c> {
        self.sol.lattice(key(body), v)
    }

    /// The operands' constants of `op`, or `None` while one is not computed yet.
    fn operand_consts(
        &self,
        body: &Body<'c>,
        op: OpId,
    ) -> Option<SmallVec<[Option<Attribute<'c>>; 4]>> {
        let mut out = SmallVec::new();
        for v in body.operands(op) {
            match self.lat(body, v) {
                Lat::Uninit => return None,
                l => out.push(l.constant()),
            }
        }
        Some(out)
    }

    fn set_unknown(&mut self, body: &Body<'c>, values: impl IntoIterator<Item = ValueId>) {
        for v in values {
            self.join(body, v, Lat::Unknown);
        }
    }

    /// Visits the live blocks of `region`; `table`: the body of the nearest symbol table.
    fn sweep_region(&mut self, body: &'b Body<'c>, region: RegionId, table: Option<&'b Body<'c>>) {
        let entry = body.entry_block(region);
        let blocks: SmallVec<[BlockId; 8]> = body.region_blocks(region).collect();
        for b in blocks {
            if !self.sol.is_live(key(body), b) {
                continue;
            }
            if Some(b) != entry {
                self.visit_block_args(body, b);
            }
            for op in body.block_ops(b) {
                self.visit_op(body, op, table);
            }
        }
    }

    /// A non-entry block's arguments: the values its live incoming edges pass.
    fn visit_block_args(&mut self, body: &'b Body<'c>, b: BlockId) {
        let args: SmallVec<[ValueId; 4]> = body.block_args(b).iter().copied().collect();
        if args.is_empty() {
            return;
        }
        for (term, index) in body.predecessors(b) {
            let Some(pred) = body.op_block(term) else {
                continue;
            };
            if !self.sol.live_edges.contains(&(key(body), pred, b)) {
                continue;
            }
            let range = is_known_branch(body, term)
                .then(|| forwarded_operands(body, term, index))
                .flatten();
            match range {
                Some((start, end)) if end - start == args.len() => {
                    for (i, &a) in args.iter().enumerate() {
                        let l = self.lat(body, body.operand(term, start + i));
                        self.join(body, a, l);
                    }
                }
                _ => self.set_unknown(body, args.iter().copied()),
            }
        }
    }

    fn visit_op(&mut self, body: &'b Body<'c>, op: OpId, table: Option<&'b Body<'c>>) {
        if let Some((nested, region)) = callable_body(body, op) {
            self.visit_callable(body, op, nested, region);
            return;
        }
        if !body.regions_of(op).is_empty() {
            if region_branch::is_region_branch(self.ctx, body, op) {
                self.visit_region_branch(body, op, table);
            } else {
                self.visit_opaque_regions(body, op, table);
            }
            return;
        }
        if is_call(body, op) {
            self.visit_call(body, op, table);
            return;
        }
        if !body.successors(op).is_empty() {
            self.visit_branch(body, op);
        }
        if body.num_results(op) > 0 {
            self.visit_fold(body, op);
        }
    }

    /// A callable runs when some caller is unknown or some live call reaches it; its
    /// arguments join those of the live calls.
    fn visit_callable(
        &mut self,
        table: &'b Body<'c>,
        op: OpId,
        nested: &'b Body<'c>,
        region: RegionId,
    ) {
        let k = (key(table), op);
        let unknown = self.sol.unknown_callers.contains(&k);
        let sites = self.sol.call_sites.get(&k).cloned().unwrap_or_default();
        if !unknown && sites.is_empty() {
            return;
        }
        let Some(entry) = nested.entry_block(region) else {
            return;
        };
        self.mark_live(nested, entry);
        let args: SmallVec<[ValueId; 4]> = nested.block_args(entry).iter().copied().collect();
        if unknown {
            self.set_unknown(nested, args.iter().copied());
        } else {
            for (caller_key, call) in sites {
                let Some(caller) = self.bodies.get(&caller_key).copied() else {
                    continue;
                };
                let operands: SmallVec<[ValueId; 4]> = caller.operands(call).collect();
                for (&a, &o) in args.iter().zip(&operands) {
                    let l = self.lat(caller, o);
                    self.join(nested, a, l);
                }
            }
        }
        self.sweep_region(nested, region, Some(table));
    }

    /// A call makes its callee live; its results join the operands of the callee's live
    /// returns, or are unknown for a declaration or an unresolvable callee.
    fn visit_call(&mut self, body: &'b Body<'c>, op: OpId, table: Option<&'b Body<'c>>) {
        let results: SmallVec<[ValueId; 2]> = body.results(op).collect();
        let target = table.zip(callee_name(body, op)).and_then(|(t, name)| {
            let callee = *self.tables.get(&key(t))?.symbols.get(name)?;
            Some((t, callee))
        });
        let Some((t, callee)) = target else {
            self.set_unknown(body, results);
            return;
        };
        let Some((cb, region)) = callable_body(t, callee) else {
            self.set_unknown(body, results);
            return;
        };
        let sites = self.sol.call_sites.entry((key(t), callee)).or_default();
        if !sites.contains(&(key(body), op)) {
            sites.push((key(body), op));
            self.changed = true;
        }
        let blocks: SmallVec<[BlockId; 8]> = cb.region_blocks(region).collect();
        for b in blocks {
            if !self.sol.is_live(key(cb), b) {
                continue;
            }
            let Some(term) = cb.last_op(b) else { continue };
            if !cb.successors(term).is_empty() {
                continue;
            }
            if !cb.op_name(term).traits().contains(OpTraits::RETURN_LIKE) {
                self.set_unknown(body, results.iter().copied());
                continue;
            }
            if self.operand_consts(cb, term).is_none() {
                continue;
            }
            let values: SmallVec<[ValueId; 4]> = cb.operands(term).collect();
            for (&r, &v) in results.iter().zip(&values) {
                let l = self.lat(cb, v);
                self.join(body, r, l);
            }
        }
    }

    /// A branch: with its operands known, the edge its constant condition selects, else
    /// all edges; an unknown op with successors takes all of them at once.
    fn visit_branch(&mut self, body: &'b Body<'c>, op: OpId) {
        let Some(from) = body.op_block(op) else {
            return;
        };
        let succs: SmallVec<[BlockId; 4]> = body.successors(op).iter().copied().collect();
        let chosen = if is_known_branch(body, op) {
            let Some(consts) = self.operand_consts(body, op) else {
                return;
            };
            successor_for_operands(body, op, &consts)
        } else {
            None
        };
        let live: SmallVec<[BlockId; 4]> = match chosen {
            Some(i) => succs.get(i).copied().into_iter().collect(),
            None => succs,
        };
        for to in live {
            if self.sol.live_edges.insert((key(body), from, to)) {
                self.changed = true;
            }
            self.mark_live(body, to);
        }
    }

    /// A plain op: its folder on the operands' constants (MLIR's simulated execution:
    /// an in-place fold counts as unknown).
    fn visit_fold(&mut self, body: &'b Body<'c>, op: OpId) {
        let results: SmallVec<[ValueId; 2]> = body.results(op).collect();
        let Some(consts) = self.operand_consts(body, op) else {
            return;
        };
        let name = body.op_name(op);
        let Some(fold) = name.def.and_then(|d| d.fold) else {
            self.set_unknown(body, results);
            return;
        };
        let Some(folded) = fold(self.ctx, body, op, &consts) else {
            self.set_unknown(body, results);
            return;
        };
        let in_place = folded.len() == results.len()
            && folded
                .iter()
                .zip(&results)
                .all(|(f, &r)| *f == Folded::Value(r));
        if in_place || folded.len() != results.len() {
            self.set_unknown(body, results);
            return;
        }
        for (f, &r) in folded.iter().zip(&results) {
            let l = match *f {
                Folded::Attr(a) => Lat::Const(a, name.dialect()),
                Folded::Value(v) => self.lat(body, v),
            };
            self.join(body, r, l);
        }
    }

    /// An op with regions the analysis cannot follow: every region may run, with unknown
    /// arguments, and its results are unknown.
    fn visit_opaque_regions(&mut self, body: &'b Body<'c>, op: OpId, table: Option<&'b Body<'c>>) {
        let results: SmallVec<[ValueId; 2]> = body.results(op).collect();
        self.set_unknown(body, results);
        let is_table = body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE);
        let rb = body.region_body(op);
        let inner_table = if body.nested(op).is_some() && is_table {
            Some(rb)
        } else {
            table
        };
        let regions: SmallVec<[RegionId; 2]> = body.regions_of(op).iter().copied().collect();
        for r in regions {
            if let Some(entry) = rb.entry_block(r) {
                self.mark_live(rb, entry);
                let args: SmallVec<[ValueId; 4]> = rb.block_args(entry).iter().copied().collect();
                self.set_unknown(rb, args);
            }
            self.sweep_region(rb, r, inner_table);
        }
    }

    /// A region branch op: the edges from the op and from its live regions' terminators
    /// make region entries live and carry values into entry arguments and results.
    fn visit_region_branch(&mut self, body: &'b Body<'c>, op: OpId, table: Option<&'b Body<'c>>) {
        let mut edges = Vec::new();
        if let Some(consts) = self.operand_consts(body, op) {
            edges.extend(region_branch::entry_edges(self.ctx, body, op, &consts));
        }
        let regions: SmallVec<[RegionId; 2]> = body.regions_of(op).iter().copied().collect();
        for (i, &r) in regions.iter().enumerate() {
            for b in body.region_blocks(r) {
                if !self.sol.is_live(key(body), b) {
                    continue;
                }
                let Some(term) = body.last_op(b) else {
                    continue;
                };
                if !body.successors(term).is_empty()
                    || !body.op_name(term).traits().contains(OpTraits::TERMINATOR)
                {
                    continue;
                }
                if let Some(consts) = self.operand_consts(body, term) {
                    edges.extend(region_branch::terminator_edges(
                        self.ctx, body, op, i, term, &consts,
                    ));
                }
            }
        }
        for e in &edges {
            let receives_block_args = match e.target {
                Target::Region(i) => {
                    let Some(entry) = regions.get(i).and_then(|&r| body.entry_block(r)) else {
                        continue;
                    };
                    self.mark_live(body, entry);
                    Some(entry)
                }
                Target::Parent => None,
            };
            // Values not received along the edge (loop induction variables) are unknown.
            let all: SmallVec<[ValueId; 4]> = match receives_block_args {
                Some(entry) => body.block_args(entry).iter().copied().collect(),
                None => body.results(op).collect(),
            };
            match &e.operands {
                None => self.set_unknown(body, all),
                Some(operands) => {
                    if e.inputs.len() != all.len() {
                        let rest: SmallVec<[ValueId; 4]> = all
                            .iter()
                            .filter(|v| !e.inputs.contains(v))
                            .copied()
                            .collect();
                        self.set_unknown(body, rest);
                    }
                    for (&input, &v) in e.inputs.iter().zip(operands) {
                        let l = self.lat(body, v);
                        self.join(body, input, l);
                    }
                }
            }
        }
        for r in regions {
            self.sweep_region(body, r, table);
        }
    }
}

/// The symbol names that ops other than calls refer to, in `op` and below it (not
/// entering nested symbol tables); `opaque` is set when an unknown op might hide a
/// symbol table (MLIR then cannot collect the uses).
fn non_call_refs<'c>(body: &Body<'c>, op: OpId, out: &mut Vec<&'c str>, opaque: &mut bool) {
    let name = body.op_name(op);
    if name.def.is_none() && body.regions_of(op).len() == 1 {
        *opaque = true;
    }
    if !is_call(body, op) {
        let mut refs = Vec::new();
        crate::inliner::op_symbol_refs(body, op, &mut refs);
        out.extend(refs.into_iter().filter_map(|a| a.symbol_root()));
    }
    if name.traits().contains(OpTraits::SYMBOL_TABLE) {
        return;
    }
    let rb = body.region_body(op);
    for &r in body.regions_of(op) {
        for b in rb.region_blocks(r) {
            for o in rb.block_ops(b) {
                non_call_refs(rb, o, out, opaque);
            }
        }
    }
}
