//! The structural verifier: terminators, successors, empty blocks, entry-block
//! predecessors, SSA dominance, and each registered op's own verifier.
//!
//! Every failure is a located [`Diagnostic`]; the walk stops at the first one in a body,
//! and isolated bodies are verified one after another (each may report its own error).
//!
//! Dominance is checked with per-region dominator trees, except in graph regions (those of
//! ops with the `GRAPH_REGION` trait, such as `builtin.module`, and of unregistered ops).
//! Isolated bodies are verified depth first after their parent; with
//! `VerifyOptions::threads > 1` (pto-opt's threading) sibling isolated bodies (the
//! functions of a module) are verified on that many threads, the errors kept in the same
//! order. A use of a value from outside an isolated op cannot be represented across bodies:
//! the parser gives it a detached `builtin.<outside-value>` result ([`OUTSIDE_VALUE_OP`])
//! and the verifier reports it where MLIR's `IsolatedFromAbove` check runs (after every
//! other check inside the isolated op, isolated ops inside it included); a caller that does
//! not verify (`ParseOptions::caller_verifies` false) gets that error from the parse. ODS's
//! `Symbol` trait becomes `TraitCheck::Symbol` (MLIR's `SymbolOpInterface` verifier).

use rustc_hash::FxHashMap;

use super::attributes::Location;
use super::body::{BlockId, Body, OpId, OpName, RegionId, ValueDef, ValueId};
use super::context::Context;
use super::diagnostics::Diagnostic;
use super::dialect::OpTraits;
use super::entity::SecondaryMap;

/// Verifies `op` and everything nested in it. Returns all errors found (one per isolated body
/// at most).
pub fn verify<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Vec<Diagnostic<'c>>> {
    verify_with(
        ctx,
        body,
        op,
        VerifyOptions {
            op_notes: true,
            debuginfo: false,
            threads: 1,
        },
    )
}

/// How verification reports errors, and how many threads it may use.
#[derive(Copy, Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Attach MLIR's "see current operation" note to errors on operations (mlir-opt leaves
    /// it out under `--verify-diagnostics`).
    pub op_notes: bool,
    /// Print locations in those notes (`--mlir-print-debuginfo`).
    pub debuginfo: bool,
    /// Threads to verify sibling isolated bodies (functions) on; 0 or 1: the calling
    /// thread only. The errors are the same, in the same order, either way.
    pub threads: usize,
}

/// Results of isolated bodies verified ahead of time ([`verify_detached`]), by the
/// address of the nested body (a `Box`, so stable while it is owned by its op).
pub type Preverified<'c> = FxHashMap<usize, Vec<Diagnostic<'c>>>;

/// The key of `nested` in [`Preverified`].
pub fn preverified_key(nested: &Body<'_>) -> usize {
    nested as *const Body<'_> as usize
}

/// Like [`verify`], with options.
pub fn verify_with<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    options: VerifyOptions,
) -> Result<(), Vec<Diagnostic<'c>>> {
    verify_with_preverified(ctx, body, op, options, &Preverified::default())
}

/// Like [`verify_with`], taking the results of the isolated bodies in `pre` as they are
/// instead of verifying those bodies again (the parser verifies functions while it reads
/// the rest of the file). The errors are the same as without `pre`, in the same order.
pub fn verify_with_preverified<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    options: VerifyOptions,
    pre: &Preverified<'c>,
) -> Result<(), Vec<Diagnostic<'c>>> {
    let mut errors = Vec::new();
    let mut v = Verifier {
        ctx,
        body,
        order: SecondaryMap::with_default(u32::MAX),
        doms: FxHashMap::default(),
        body_is_graph: true,
        op_notes: options,
        outside_use: None,
    };
    if let Err(d) = v.verify_op(op) {
        errors.push(d);
    }
    // Isolated children are verified after their parent's walk, depth first.
    let mut isolated: Vec<(&Body<'c>, OpId)> = Vec::new();
    collect_isolated(body, op, &mut isolated);
    verify_isolated_list(ctx, &isolated, options, options.threads, pre, &mut errors);
    // Symbol uses are checked last, on IR that is otherwise valid.
    if errors.is_empty() {
        if let Err(d) = super::symbol_table::verify_symbol_uses(ctx, body, op) {
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Verifies the isolated bodies of `list` in order, each followed by the isolated bodies
/// nested in it. With `threads > 1` the list is cut into that many runs verified at once
/// (the nested ones serially), their errors appended in list order.
fn verify_isolated_list<'c>(
    ctx: &'c Context,
    list: &[(&Body<'c>, OpId)],
    options: VerifyOptions,
    threads: usize,
    pre: &Preverified<'c>,
    errors: &mut Vec<Diagnostic<'c>>,
) {
    if !pre.is_empty() {
        // Bodies verified ahead of time contribute their errors where they stand.
        let mut rest: Vec<(&Body<'c>, OpId)> = Vec::new();
        for &(b, iso) in list {
            match b.nested(iso).and_then(|n| pre.get(&preverified_key(n))) {
                Some(done) => {
                    verify_isolated_list(ctx, &rest, options, threads, pre, errors);
                    rest.clear();
                    errors.extend(done.iter().cloned());
                }
                None => rest.push((b, iso)),
            }
        }
        return verify_isolated_list(
            ctx,
            &rest,
            options,
            threads,
            &Preverified::default(),
            errors,
        );
    }
    if threads > 1 && list.len() > 1 {
        let per = list.len().div_ceil(threads);
        let parts: Vec<Vec<Diagnostic<'c>>> = std::thread::scope(|scope| {
            let handles: Vec<_> = list
                .chunks(per)
                .map(|part| {
                    crate::threads::spawn(scope, move || {
                        let mut errs = Vec::new();
                        verify_isolated_list(ctx, part, options, 1, pre, &mut errs);
                        errs
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        errors.extend(parts.into_iter().flatten());
        return;
    }
    for &(b, iso) in list {
        let nested = b.nested(iso).expect("isolated body");
        let inner = verify_isolated(
            ctx,
            nested,
            b.op_name(iso),
            b.regions_of(iso),
            b.op_loc(iso),
            options,
            errors,
        );
        verify_isolated_list(ctx, &inner, options, threads, pre, errors);
    }
}

/// Verifies the body `nested` of an isolated op (its name, regions and location given,
/// as the op lives in another body) and the isolated bodies inside it, in the order
/// [`verify_with`] does; returns the errors. The op itself is not verified.
pub fn verify_detached<'c>(
    ctx: &'c Context,
    nested: &Body<'c>,
    iso_name: OpName<'c>,
    regions: &[RegionId],
    iso_loc: Location<'c>,
    options: VerifyOptions,
) -> Vec<Diagnostic<'c>> {
    let mut errors = Vec::new();
    let inner = verify_isolated(
        ctx,
        nested,
        iso_name,
        regions,
        iso_loc,
        options,
        &mut errors,
    );
    verify_isolated_list(
        ctx,
        &inner,
        options,
        1,
        &Preverified::default(),
        &mut errors,
    );
    errors
}

/// Verifies the regions of an isolated op (in its nested body); returns the isolated ops
/// directly inside, to verify next (none if this body failed).
fn verify_isolated<'b, 'c>(
    ctx: &'c Context,
    nested: &'b Body<'c>,
    iso_name: OpName<'c>,
    regions: &[RegionId],
    iso_loc: Location<'c>,
    options: VerifyOptions,
    errors: &mut Vec<Diagnostic<'c>>,
) -> Vec<(&'b Body<'c>, OpId)> {
    let body_is_graph =
        iso_name.def.is_none() || iso_name.traits().contains(OpTraits::GRAPH_REGION);
    let mut v = Verifier {
        ctx,
        body: nested,
        order: SecondaryMap::with_default(u32::MAX),
        doms: FxHashMap::default(),
        body_is_graph,
        op_notes: options,
        outside_use: None,
    };
    for &r in regions {
        if let Err(d) = v.verify_region(r, iso_name.traits(), iso_name.def.is_some(), iso_loc) {
            errors.push(d);
            return Vec::new();
        }
    }
    let mut inner = Vec::new();
    for &r in regions {
        for blk in nested.region_blocks(r) {
            for o in nested.block_ops(blk) {
                collect_isolated(nested, o, &mut inner);
            }
        }
    }
    if let Some(user) = v.outside_use {
        // MLIR checks isolation among the isolated op's region invariants, after the
        // isolated ops inside it: an error there is reported instead.
        let before = errors.len();
        verify_isolated_list(ctx, &inner, options, 1, &Preverified::default(), errors);
        if errors.len() == before {
            let d = op_error(nested, user, "using value defined outside the region");
            errors.push(
                v.with_op_note(d, user)
                    .with_note(iso_loc, "required by region isolation constraints"),
            );
        }
        return Vec::new();
    }
    inner
}

/// Finds `op` or the ops nested in it (same body) that own an isolated body.
fn collect_isolated<'b, 'c>(body: &'b Body<'c>, op: OpId, out: &mut Vec<(&'b Body<'c>, OpId)>) {
    if body.nested(op).is_some() {
        out.push((body, op));
        return;
    }
    for &r in body.regions_of(op) {
        for b in body.region_blocks(r) {
            for o in body.block_ops(b) {
                collect_isolated(body, o, out);
            }
        }
    }
}

struct Verifier<'a, 'c> {
    ctx: &'c Context,
    body: &'a Body<'c>,
    /// Position of each op in its block, computed per block on demand.
    order: SecondaryMap<OpId, u32>,
    /// Dominator sets per region (block -> immediate dominator index), for CFG regions.
    doms: FxHashMap<RegionId, super::dominance::Dominators>,
    /// Whether regions owned from outside this body (top level, isolated op) are graph regions.
    body_is_graph: bool,
    /// Whether and how to attach "see current operation" notes.
    op_notes: VerifyOptions,
    /// The first op (in walk order) with an operand from outside the isolated op whose
    /// body this is: the parser leaves a detached [`OUTSIDE_VALUE_OP`] result there.
    outside_use: Option<OpId>,
}

/// The name of the detached op whose result stands for a value used across an
/// isolated-from-above boundary (a body cannot refer to another body's values); the
/// verifier reports its users as MLIR's `IsolatedFromAbove` trait does.
pub const OUTSIDE_VALUE_OP: &str = "builtin.<outside-value>";

/// An error found while verifying an op: about the op itself (gets the note) or from
/// something nested in it (already complete).
enum OpError<'c> {
    Own(Diagnostic<'c>),
    Nested(Diagnostic<'c>),
}

impl<'c> From<Diagnostic<'c>> for OpError<'c> {
    fn from(d: Diagnostic<'c>) -> Self {
        OpError::Own(d)
    }
}

/// Adds MLIR's "see current operation" note (first, before other notes) to an error a
/// pass reports at `op`, if the context asks for it (see
/// [`Context::op_diagnostic_notes`]). The op is printed as it is now, in generic form.
pub fn with_current_op_note<'c>(
    ctx: &Context,
    body: &Body<'c>,
    op: OpId,
    d: Diagnostic<'c>,
) -> Diagnostic<'c> {
    match ctx.op_diagnostic_notes() {
        Some(debuginfo) => current_op_note(body, op, debuginfo, d),
        None => d,
    }
}

fn current_op_note<'c>(
    body: &Body<'c>,
    op: OpId,
    debuginfo: bool,
    mut d: Diagnostic<'c>,
) -> Diagnostic<'c> {
    let text = crate::printer::print_op_in_context(body, op, debuginfo);
    let msg = if text.contains('\n') {
        format!("see current operation: \n{text}")
    } else {
        format!("see current operation: {text}")
    };
    let note = Diagnostic::new(body.op_loc(op), super::diagnostics::Severity::Note, msg);
    // When MLIR reports two errors, the second is the one emitted at the op.
    let target = match d
        .notes
        .iter()
        .rposition(|n| n.severity == super::diagnostics::Severity::Error)
    {
        Some(i) => &mut d.notes[i],
        None => &mut d,
    };
    target.notes.insert(0, note);
    d
}

/// MLIR's two errors for an op whose result types differ from the inferred ones
/// (`InferTypeOpInterface`): `'<name>' op inferred type(s) ...`, then `failed to infer
/// returned types` (which gets the "see current operation" note).
pub fn inferred_types_error<'c>(body: &Body<'c>, op: OpId, mismatch: &str) -> Diagnostic<'c> {
    let mut d = op_error(body, op, mismatch);
    d.notes
        .push(op_error(body, op, "failed to infer returned types"));
    d
}

/// An error at `op` in MLIR's form: `'<name>' op <msg>`.
pub fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    Diagnostic::error(
        body.op_loc(op),
        format!("'{}' op {msg}", body.op_name(op).as_str()),
    )
}

impl<'a, 'c> Verifier<'a, 'c> {
    fn verify_op(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        self.verify_op_impl(op).map_err(|e| match e {
            OpError::Own(d) => self.with_op_note(d, op),
            OpError::Nested(d) => d,
        })
    }

    /// Adds MLIR's "see current operation" note (first, before other notes).
    fn with_op_note(&self, d: Diagnostic<'c>, op: OpId) -> Diagnostic<'c> {
        if self.op_notes.op_notes {
            current_op_note(self.body, op, self.op_notes.debuginfo, d)
        } else {
            d
        }
    }

    fn verify_op_impl(&mut self, op: OpId) -> Result<(), OpError<'c>> {
        let body = self.body;
        let name = body.op_name(op);
        // Operand dominance.
        for (i, v) in body.operands(op).enumerate() {
            self.check_dominance(op, i, v)?;
        }
        if let Some(def) = name.def {
            if !body.successors(op).is_empty() && !def.traits.contains(OpTraits::TERMINATOR) {
                return Err(op_error(body, op, "successors in non-terminator").into());
            }
        } else if !self.ctx.allows_unregistered_dialects()
            && self.ctx.dialect(name.dialect()).is_some()
        {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "unregistered operation '{}' found in dialect ('{}') that does not allow unknown operations",
                    name.as_str(),
                    name.dialect()
                ),
            )
            .into());
        }
        if !body.successors(op).is_empty() && body.next_op(op).is_some() {
            return Err(op_error(
                body,
                op,
                "operation with block successors must terminate its parent block",
            )
            .with_message_unprefixed(body, op)
            .into());
        }
        if name.traits().contains(OpTraits::TERMINATOR) && body.next_op(op).is_some() {
            return Err(
                op_error(body, op, "must be the last operation in the parent block").into(),
            );
        }
        // The op's own invariants come before its regions', as in MLIR.
        if let Some(f) = name.def.and_then(|d| d.verify) {
            f(self.ctx, body, op)?;
        }
        // Regions (isolated bodies are verified separately).
        if body.nested(op).is_none() {
            for &r in body.regions_of(op) {
                self.verify_region(r, name.traits(), name.def.is_some(), body.op_loc(op))
                    .map_err(OpError::Nested)?;
            }
        }
        if let Some(f) = name.def.and_then(|d| d.verify_regions) {
            f(self.ctx, body, op)?;
        }
        if name.traits().contains(OpTraits::SYMBOL_TABLE) {
            verify_symbol_table(body, op)?;
        }
        Ok(())
    }

    fn verify_region(
        &mut self,
        r: RegionId,
        traits: OpTraits,
        registered: bool,
        owner_loc: super::Location<'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let body = self.body;
        let blocks: Vec<BlockId> = body.region_blocks(r).collect();
        // The entry block may not have predecessors; in a multi-block region no block may
        // be empty.
        if let Some(&entry) = blocks.first() {
            for &b in &blocks {
                if blocks.len() > 1 && body.first_op(b).is_none() {
                    return Err(Diagnostic::error(
                        owner_loc,
                        "empty block: expect at least a terminator",
                    ));
                }
                for o in body.block_ops(b) {
                    if body.successors(o).contains(&entry) {
                        return Err(Diagnostic::error(
                            owner_loc,
                            "entry block of region may not have predecessors",
                        ));
                    }
                }
            }
        }
        let may_skip_terminator =
            traits.contains(OpTraits::NO_TERMINATOR) || (!registered && blocks.len() == 1);
        // In MLIR's order: on entering a block, an empty block and branches out of its
        // middle; then its ops; on leaving it, its terminator.
        for &b in &blocks {
            let Some(last) = body.last_op(b) else {
                if !may_skip_terminator && registered {
                    return Err(Diagnostic::error(
                        owner_loc,
                        "empty block: expect at least a terminator",
                    ));
                }
                continue;
            };
            for o in body.block_ops(b) {
                if o != last && !body.successors(o).is_empty() {
                    let d = Diagnostic::error(
                        body.op_loc(o),
                        "operation with block successors must terminate its parent block",
                    );
                    return Err(self.with_op_note(d, o));
                }
            }
            for o in body.block_ops(b) {
                self.verify_op(o)?;
            }
            let lname = body.op_name(last);
            if !may_skip_terminator
                && lname.def.is_some()
                && !lname.traits().contains(OpTraits::TERMINATOR)
            {
                let shown = crate::printer::print_op_in_context(body, last, false);
                let d = Diagnostic::error(
                    body.op_loc(last),
                    format!("block with no terminator, has {shown}"),
                );
                return Err(self.with_op_note(d, last));
            }
        }
        Ok(())
    }

    fn position(&mut self, op: OpId) -> u32 {
        let p = *self.order.get(op);
        if p != u32::MAX {
            return p;
        }
        let b = self.body.op_block(op).expect("op in block");
        for (i, o) in self.body.block_ops(b).enumerate() {
            self.order.set(o, i as u32);
        }
        *self.order.get(op)
    }

    /// Whether the region holding `block` is a graph region for same-block ordering.
    fn is_graph_block(&self, block: BlockId) -> bool {
        let body = self.body;
        match body.block_region(block).and_then(|r| body.region_op(r)) {
            Some(owner) => {
                let n = body.op_name(owner);
                n.def.is_none() || n.traits().contains(OpTraits::GRAPH_REGION)
            }
            // Regions owned from outside the body: the top level or an isolated op's body.
            None => self.body_is_graph,
        }
    }

    fn check_dominance(
        &mut self,
        user: OpId,
        index: usize,
        v: ValueId,
    ) -> Result<(), Diagnostic<'c>> {
        let body = self.body;
        let def_block = match body.value_block(v) {
            Some(b) => b,
            None => {
                // Detached definitions cannot be located; one that stands for a value
                // from outside the isolated op is reported after the walk.
                if self.outside_use.is_none() {
                    if let ValueDef::Result(def, _) = body.value_def(v) {
                        if body.op_name(def).as_str() == OUTSIDE_VALUE_OP {
                            self.outside_use = Some(user);
                        }
                    }
                }
                return Ok(());
            }
        };
        let def_region = body.block_region(def_block);
        // Walk up from the user to the ancestor whose block is in the def's region.
        let mut anc = user;
        let mut in_child = false;
        loop {
            let b = body.op_block(anc).expect("op in block");
            if body.block_region(b) == def_region {
                break;
            }
            match body.parent_op(anc) {
                Some(p) => {
                    anc = p;
                    in_child = true;
                }
                None => {
                    // The def is in a child or sibling region of the use.
                    let rel = if self.is_ancestor_region(def_block, user) {
                        "op in a child region"
                    } else {
                        "op is neither in a parent nor in a child region"
                    };
                    return Err(self.dominance_error(user, index, v, rel));
                }
            }
        }
        let anc_block = body.op_block(anc).expect("op in block");
        let ok = match body.value_def(v) {
            ValueDef::Result(def_op, _) => {
                if anc_block == def_block {
                    // Graph regions have no order; otherwise the def must come first.
                    self.is_graph_block(def_block)
                        || (def_op != anc && self.position(def_op) < self.position(anc))
                } else {
                    self.block_dominates(def_block, anc_block)
                }
            }
            ValueDef::Arg(b, _) => anc_block == b || self.block_dominates(b, anc_block),
        };
        if ok {
            return Ok(());
        }
        let rel = match body.value_def(v) {
            ValueDef::Result(..) if anc_block == def_block && !in_child => "op in the same block",
            ValueDef::Result(..) if in_child => "op in a parent region",
            ValueDef::Result(..) => "op in the same region",
            ValueDef::Arg(..) => "block argument",
        };
        Err(self.dominance_error(user, index, v, rel))
    }

    fn is_ancestor_region(&self, def_block: BlockId, user: OpId) -> bool {
        // Is the def nested (at any depth) inside an op that is an ancestor-or-sibling of the user?
        let body = self.body;
        let mut cur = body.block_region(def_block).and_then(|r| body.region_op(r));
        let user_block = body.op_block(user);
        while let Some(o) = cur {
            if body.op_block(o) == user_block {
                return true;
            }
            cur = body.parent_op(o);
        }
        false
    }

    fn dominance_error(&self, user: OpId, index: usize, v: ValueId, rel: &str) -> Diagnostic<'c> {
        let body = self.body;
        let d = Diagnostic::error(
            body.op_loc(user),
            format!("operand #{index} does not dominate this use"),
        );
        match body.value_def(v) {
            ValueDef::Result(def_op, _) => {
                d.with_note(body.op_loc(def_op), format!("operand defined here ({rel})"))
            }
            ValueDef::Arg(b, _) => {
                let region = body.block_region(b);
                let idx = region
                    .map(|r| body.region_blocks(r).position(|x| x == b).unwrap_or(0))
                    .unwrap_or(0);
                let loc = region
                    .and_then(|r| body.region_op(r))
                    .map(|o| body.op_loc(o))
                    .unwrap_or(body.op_loc(user));
                d.with_note(
                    loc,
                    format!(
                        "operand defined as a block argument (block #{idx} in the same region)"
                    ),
                )
            }
        }
    }

    fn block_dominates(&mut self, a: BlockId, b: BlockId) -> bool {
        let Some(region) = self.body.block_region(a) else {
            return false;
        };
        if !self.doms.contains_key(&region) {
            let d = super::dominance::compute_dominators(self.body, region);
            self.doms.insert(region, d);
        }
        let d = &self.doms[&region];
        let (Some(&ia), Some(&ib)) = (d.index.get(&a), d.index.get(&b)) else {
            return false;
        };
        if !d.reachable[ib] {
            return true; // anything dominates unreachable code
        }
        let mut x = ib;
        loop {
            if x == ia {
                return true;
            }
            if x == 0 || d.idom[x] == x {
                return false;
            }
            x = d.idom[x];
        }
    }
}

/// Symbols directly inside a symbol table must have unique names.
fn verify_symbol_table<'c>(body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let mut seen: FxHashMap<&str, OpId> = FxHashMap::default();
    for &r in body.regions_of(op) {
        for b in rb.region_blocks(r) {
            for o in rb.block_ops(b) {
                let Some(name) = rb.attr(o, "sym_name").and_then(|a| a.as_str()) else {
                    continue;
                };
                if let Some(&first) = seen.get(name) {
                    return Err(Diagnostic::error(
                        rb.op_loc(o),
                        format!("redefinition of symbol named '{name}'"),
                    )
                    .with_note(rb.op_loc(first), "see existing symbol definition here"));
                }
                seen.insert(name, o);
            }
        }
    }
    Ok(())
}

trait NoPrefix<'c> {
    fn with_message_unprefixed(self, body: &Body<'c>, op: OpId) -> Self;
}

impl<'c> NoPrefix<'c> for Diagnostic<'c> {
    /// MLIR reports this structural error without the op-name prefix.
    fn with_message_unprefixed(mut self, body: &Body<'c>, op: OpId) -> Self {
        let prefix = format!("'{}' op ", body.op_name(op).as_str());
        if let Some(rest) = self.message.strip_prefix(&prefix) {
            self.message = rest.to_string();
        }
        self
    }
}
