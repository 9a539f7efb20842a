//! `sccp`: sparse conditional constant propagation (MLIR's `SCCP` pass). The analysis
//! (`analysis.rs`) finds the values that are constant on every path that can run,
//! across branches, `scf` regions and calls (inter-procedurally: a private function's
//! arguments join those of its live calls). The rewrite then replaces each such value by
//! a constant and erases ops all of whose results were replaced and that would be
//! trivially dead.
//!
//! As MLIR's `OperationFolder`, constants are created without a location at the start
//! of the entry block of the nearest isolated (or unregistered) ancestor's region,
//! uniqued there by dialect, value and type; each new one goes first, so they end up in
//! the reverse of the order the rewrite reached them (blocks taken from a stack, ops in
//! order, then the block's arguments). Unreachable code is left as it is.

pub(crate) mod analysis;

use rustc_hash::FxHashMap;

use analysis::{key, Lat, Solution, Solver};
use pto_ir::builder::OpBuilder;
use pto_ir::{
    Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, OpId, OpTraits, RegionId, Type,
    ValueId,
};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::SCCP {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let is_table = target.op_name.traits().contains(OpTraits::SYMBOL_TABLE);
        let solution = Solver::solve(ctx, target.body, is_table);
        rewrite(ctx, target.body, &solution);
        Ok(())
    }
}

/// The constants created in one insertion region, by (dialect, value, type).
type Scope<'c> = FxHashMap<(&'c str, Attribute<'c>, Type<'c>), ValueId>;

/// Replaces constant values in `body` and the bodies nested in it.
fn rewrite<'c>(ctx: &'c Context, body: &mut Body<'c>, sol: &Solution<'c>) {
    let bk = key(body);
    let mut scopes: FxHashMap<RegionId, Scope<'c>> = FxHashMap::default();
    let mut stack: Vec<BlockId> = Vec::new();
    let push_regions = |body: &Body<'c>, regions: &[RegionId], stack: &mut Vec<BlockId>| {
        for &r in regions {
            let blocks: Vec<BlockId> = body.region_blocks(r).collect();
            stack.extend(blocks.into_iter().rev());
        }
    };
    push_regions(body, &body.root_regions(), &mut stack);
    while let Some(block) = stack.pop() {
        let ops: Vec<OpId> = body.block_ops(block).collect();
        for op in ops {
            if !body.is_alive(op) {
                continue;
            }
            let results: Vec<ValueId> = body.results(op).collect();
            let mut replaced_all = !results.is_empty();
            for r in results {
                replaced_all &= replace_with_constant(ctx, body, sol, bk, &mut scopes, block, r);
            }
            if replaced_all && pto_ir::effects::would_be_trivially_dead(body, op) {
                let _ = body.erase_op(op);
                continue;
            }
            if body.nested(op).is_some() {
                if let Some(nested) = body.nested_mut(op) {
                    rewrite(ctx, nested, sol);
                }
            } else {
                let regions: Vec<RegionId> = body.regions_of(op).to_vec();
                push_regions(body, &regions, &mut stack);
            }
        }
        let args: Vec<ValueId> = body.block_args(block).to_vec();
        for a in args {
            replace_with_constant(ctx, body, sol, bk, &mut scopes, block, a);
        }
    }
}

/// The region constants for code in `block` go to: the first region up from it whose
/// owner is isolated (a root region of the body) or unregistered.
fn insertion_region(body: &Body<'_>, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = body.block_region(block)?;
        let Some(parent) = body.region_op(region) else {
            return Some(region);
        };
        if body.op_name(parent).def.is_none() {
            return Some(region);
        }
        block = body.op_block(parent)?;
    }
}

/// Replaces the uses of `v` (in `block`) by a constant if the analysis found one and
/// its dialect can build it (MLIR's `OperationFolder::getOrCreateConstant`).
fn replace_with_constant<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    sol: &Solution<'c>,
    bk: analysis::BodyKey,
    scopes: &mut FxHashMap<RegionId, Scope<'c>>,
    block: BlockId,
    v: ValueId,
) -> bool {
    let Lat::Const(attr, dialect) = sol.lattice(bk, v) else {
        return false;
    };
    let Some(region) = insertion_region(body, block) else {
        return false;
    };
    let Some(entry) = body.entry_block(region) else {
        return false;
    };
    let ty = body.value_type(v);
    let scope = scopes.entry(region).or_default();
    if let Some(&c) = scope.get(&(dialect, attr, ty)) {
        body.replace_all_uses(v, c);
        return true;
    }
    let Some(materialize) = ctx.dialect(dialect).and_then(|d| d.materialize_constant) else {
        return false;
    };
    let mut builder = OpBuilder::new(ctx, body);
    builder.set_insertion_point(InsertPoint::BlockStart(entry));
    let Some(c) = materialize(&mut builder, attr, ty, ctx.unknown_loc()) else {
        return false;
    };
    let mut value = body.result(c, 0);
    let made_in = body.op_name(c).dialect();
    if made_in != dialect {
        // Built by another dialect: reuse that dialect's constant if there is one.
        if let Some(&existing) = scope.get(&(made_in, attr, ty)) {
            let _ = body.erase_op(c);
            value = existing;
        } else {
            scope.insert((made_in, attr, ty), value);
        }
    }
    scope.insert((dialect, attr, ty), value);
    body.replace_all_uses(v, value);
    true
}
