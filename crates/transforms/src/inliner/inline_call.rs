//! Inlining one call (MLIR's `inlineCall` and `inlineRegionImpl` with the dialects'
//! `DialectInlinerInterface`s): the legality checks, the copy of the callee's body at
//! the call, the callee's `return`s turned into the call's results (or into branches to
//! the block after the call when the callee has several blocks), and the copied
//! locations stacked under the call's (`callsite(callee at caller)`).
//! The copy is made across bodies by `Body::clone_region_from` (`pto_ir`, `body/clone.rs`).

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use pto_dialects::cf;
use pto_dialects::func;
use pto_dialects::llvm;
use pto_ir::builder::OpBuilder;
use pto_ir::builtin;
use pto_ir::{
    AttrKind, BlockId, Body, Context, InsertPoint, IrMapping, Location, OpId, OpName, RegionId,
    Type, ValueId,
};

/// Dialects whose inliner interface lets any of their ops be inlined, and lets calls be
/// inlined into any of their regions.
const LEGAL_DIALECTS: &[&str] = &[
    "func", "arith", "math", "scf", "cf", "memref", "vector", "llvm",
];

/// Whether the dialect of `name` has an inliner interface allowing everything.
fn legal_dialect(name: OpName<'_>) -> bool {
    name.def.is_some() && LEGAL_DIALECTS.contains(&name.dialect())
}

/// Whether every op of `region` (recursively) may be inlined: MLIR asks each op's
/// dialect; `builtin.unrealized_conversion_cast` is always allowed, `llvm` refuses
/// `va_start` and block tags. Beyond MLIR, callees that MLIR's LLVM interface would
/// post-process (allocas moved to the caller's entry, alias scopes, access groups,
/// loop annotations) are refused rather than inlined without that treatment.
fn ops_legal(body: &Body<'_>, region: RegionId) -> bool {
    body.region_blocks(region).all(|b| {
        body.block_ops(b).all(|o| {
            let name = body.op_name(o);
            if name.as_str() == builtin::UnrealizedConversionCastOp::NAME {
                return true;
            }
            if !legal_dialect(name) {
                return false;
            }
            if matches!(
                name.as_str(),
                "llvm.intr.vastart" | "llvm.blocktag" | llvm::AllocaOp::NAME
            ) || [
                "alias_scopes",
                "noalias_scopes",
                "access_groups",
                "loop_annotation",
            ]
            .iter()
            .any(|a| body.attr(o, a).is_some())
            {
                return false;
            }
            let rb = body.region_body(o);
            body.regions_of(o).iter().all(|&r| ops_legal(rb, r))
        })
    })
}

/// The call being inlined and where it sits.
pub struct CallSite<'c> {
    /// The call op, in the caller's body.
    pub call: OpId,
    /// The name of the caller's callable op (the parent of the caller body's root
    /// regions).
    pub caller_name: OpName<'c>,
}

/// The callee being inlined.
pub struct Callee<'b, 'c> {
    /// The callee's body.
    pub body: &'b Body<'c>,
    /// Its callable region.
    pub region: RegionId,
    /// Its result types (from its signature).
    pub result_types: &'c [Type<'c>],
    /// For an `llvm.func`: whether MLIR's LLVM inliner interface accepts it (see
    /// [`llvm_callee_inlinable`]).
    pub llvm_inlinable: bool,
}

/// The checks of MLIR's `LLVMInlinerInterface` on the callee: not `no_inline`, not
/// variadic, no personality, no passthrough attribute that forbids inlining, no
/// `llvm.inalloca` argument. Argument attributes MLIR's interface acts on (`noalias`
/// scopes, `byval` copies, alignment) and result attributes are refused here too.
pub fn llvm_callee_inlinable(table: &Body<'_>, func: OpId) -> bool {
    let variadic = pto_dialects::llvm::function_type_of(table, func).is_none_or(|t| t.var_arg());
    let forbidden = |a: pto_ir::Attribute<'_>| {
        [
            "noduplicate",
            "presplitcoroutine",
            "returns_twice",
            "strictfp",
        ]
        .iter()
        .any(|n| format!("{a}").contains(n))
    };
    // Argument attributes MLIR's interface acts on (copies, alias scopes, alignment).
    let acted_on = table.attr(func, "arg_attrs").is_some_and(|a| {
        let text = format!("{a}");
        ["llvm.noalias", "llvm.byval", "llvm.inalloca", "llvm.align"]
            .iter()
            .any(|n| text.contains(n))
    });
    !variadic
        && !acted_on
        && ["no_inline", "personality", "res_attrs"]
            .iter()
            .all(|a| table.attr(func, a).is_none())
        && table
            .attr(func, "passthrough")
            .is_none_or(|p| !forbidden(p))
}

/// Inlines the callee at the call. `collect` sees the copied blocks before their
/// terminators are rewritten (MLIR's `processInlinedBlocks`: where new calls are found).
/// Returns false, with nothing changed, when the call cannot be inlined. The call op
/// itself is left in place, without uses, for the caller to erase.
pub fn inline_call<'c>(
    ctx: &'c Context,
    caller: &mut Body<'c>,
    site: &CallSite<'c>,
    callee: &Callee<'_, 'c>,
    collect: &mut dyn FnMut(&Body<'c>, &[BlockId]),
) -> bool {
    let call = site.call;
    let src = callee.body;
    let Some(entry) = src.entry_block(callee.region) else {
        return false;
    };
    // An `llvm.call`'s operands are its arguments only without operand bundles.
    if caller
        .attr(call, "op_bundle_sizes")
        .and_then(|a| a.dense_int_values())
        .is_some_and(|v| !v.is_empty())
    {
        return false;
    }
    let operands: SmallVec<[ValueId; 4]> = caller.operands(call).collect();
    let results: SmallVec<[ValueId; 2]> = caller.results(call).collect();
    if operands.len() != src.block_args(entry).len() || results.len() != callee.result_types.len() {
        return false;
    }
    // Types must agree: `func` materializes no conversions at calls.
    let arg_types_match = operands
        .iter()
        .zip(src.block_args(entry))
        .all(|(&o, &a)| caller.value_type(o) == src.value_type(a));
    let result_types_match = results
        .iter()
        .zip(callee.result_types)
        .all(|(&r, &t)| caller.value_type(r) == t);
    if !arg_types_match || !result_types_match {
        return false;
    }
    // The call's dialect decides: `func.call` and `llvm.call` unless marked
    // `no_inline`, and for `llvm` a callee the LLVM interface accepts.
    let call_name = caller.op_name(call).as_str();
    if caller.attr(call, "no_inline").is_some() {
        return false;
    }
    match call_name {
        func::CallOp::NAME => {}
        llvm::CallOp::NAME if callee.llvm_inlinable => {}
        _ => return false,
    }
    let Some(block) = caller.op_block(call) else {
        return false;
    };
    let Some(region) = caller.block_region(block) else {
        return false;
    };
    // The dialect of the op whose region receives the callee, then every callee op.
    let dest_parent = caller
        .region_op(region)
        .map_or(site.caller_name, |p| caller.op_name(p));
    if !legal_dialect(dest_parent) || !ops_legal(src, callee.region) {
        return false;
    }

    let post = caller.split_block(block, caller.next_op(call));
    let mut map = IrMapping::default();
    for (&a, &o) in src.block_args(entry).iter().zip(&operands) {
        map.values.insert(a, o);
    }
    let new_blocks =
        match caller.clone_region_from(src, callee.region, region, Some(post), &mut map) {
            Ok(b) if !b.is_empty() => b,
            _ => {
                caller.merge_blocks(post, block, &[]);
                return false;
            }
        };
    let call_loc = caller.op_loc(call);
    if !matches!(call_loc.kind(), AttrKind::UnknownLoc) {
        let mut remap = LocRemap {
            ctx,
            caller: call_loc,
            cache: FxHashMap::default(),
        };
        for &b in &new_blocks {
            remap.block(caller, b);
        }
    }
    collect(caller, &new_blocks);

    let first = new_blocks[0];
    if new_blocks.len() == 1 {
        // One block: the return's operands replace the call's results.
        if let Some(term) = caller.last_op(first) {
            if matches!(
                caller.op_name(term).as_str(),
                func::ReturnOp::NAME | llvm::ReturnOp::NAME
            ) {
                let values: SmallVec<[ValueId; 2]> = caller.operands(term).collect();
                for (&r, &v) in results.iter().zip(&values) {
                    caller.replace_all_uses(r, v);
                }
                let _ = caller.erase_op(term);
            }
        }
        caller.merge_blocks(post, first, &[]);
    } else {
        // Several blocks: the results arrive as arguments of the block after the call,
        // which each return branches to.
        for (i, &r) in results.iter().enumerate() {
            let arg = caller.add_block_argument(post, callee.result_types[i], call_loc);
            caller.replace_all_uses(r, arg);
        }
        for &b in &new_blocks {
            let Some(term) = caller.last_op(b) else {
                continue;
            };
            let branch = match caller.op_name(term).as_str() {
                func::ReturnOp::NAME => cf::BranchOp::NAME,
                llvm::ReturnOp::NAME => llvm::BrOp::NAME,
                _ => continue,
            };
            let values: SmallVec<[ValueId; 4]> = caller.operands(term).collect();
            let loc = caller.op_loc(term);
            let mut builder = OpBuilder::new(ctx, caller);
            builder.set_insertion_point(InsertPoint::Before(term));
            let mut state = builder.state(branch, loc);
            state.operands = values;
            state.successors.push(post);
            builder.create(state);
            let _ = caller.erase_op(term);
        }
    }
    caller.merge_blocks(first, block, &[]);
    true
}

/// Rewrites locations of inlined IR to `callsite(loc at caller)`, keeping an existing
/// call-site stack innermost first (MLIR's `stackLocations`).
struct LocRemap<'c> {
    ctx: &'c Context,
    caller: Location<'c>,
    cache: FxHashMap<Location<'c>, Location<'c>>,
}

impl<'c> LocRemap<'c> {
    fn map(&mut self, loc: Location<'c>) -> Location<'c> {
        if let Some(&l) = self.cache.get(&loc) {
            return l;
        }
        let mut stack = Vec::new();
        let mut last = loc;
        while let AttrKind::CallSiteLoc { callee, caller } = *last.kind() {
            stack.push(callee);
            last = caller;
        }
        let mut out = self.ctx.location(AttrKind::CallSiteLoc {
            callee: last,
            caller: self.caller,
        });
        for callee in stack.into_iter().rev() {
            out = self.ctx.location(AttrKind::CallSiteLoc {
                callee,
                caller: out,
            });
        }
        self.cache.insert(loc, out);
        out
    }

    fn block(&mut self, body: &mut Body<'c>, b: BlockId) {
        for i in 0..body.block_args(b).len() {
            let l = self.map(body.block_arg_loc(b, i));
            body.set_block_arg_loc(b, i, l);
        }
        let ops: Vec<OpId> = body.block_ops(b).collect();
        for o in ops {
            self.op(body, o);
        }
    }

    fn op(&mut self, body: &mut Body<'c>, o: OpId) {
        let l = self.map(body.op_loc(o));
        body.set_op_loc(o, l);
        let regions: SmallVec<[RegionId; 2]> = body.regions_of(o).iter().copied().collect();
        if let Some(nested) = body.nested_mut(o) {
            for r in regions {
                for b in nested.region_blocks(r).collect::<Vec<_>>() {
                    self.block(nested, b);
                }
            }
        } else {
            for r in regions {
                for b in body.region_blocks(r).collect::<Vec<_>>() {
                    self.block(body, b);
                }
            }
        }
    }
}
