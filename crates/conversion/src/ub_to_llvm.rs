//! `convert-ub-to-llvm`: `ub.poison` to `llvm.mlir.poison` of the converted type and
//! `ub.unreachable` to `llvm.unreachable` (MLIR's `UBToLLVM`). A poison of a type the
//! LLVM type converter does not convert (`tuple`) stays.

use super::llvm_common::apply_llvm_conversion;
use pto_dialects::ub::{PoisonOp, PoisonOpAdaptor, UnreachableOp, UnreachableOpAdaptor};
use pto_dialects::{llvm, ub};
use pto_ir::{Context, Diagnostic};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::MatchResult;

impl Pass for crate::UBToLLVMConversionPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            &[],
            populate_ub_to_llvm_patterns,
        )
    }
}

/// Adds the lowering of `ub` to `llvm`.
pub fn populate_ub_to_llvm_patterns(set: &mut ConversionPatternSet) {
    set.add_op::<PoisonOp>("PoisonOpLowering", lower_poison)
        .add_op::<UnreachableOp>("UnreachableOpLowering", lower_unreachable);
}

fn lower_poison<'c>(
    poison: PoisonOp,
    _: PoisonOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let op = poison.0;
    let body = rw.body();
    if !poison.value(body).is_none_or(ub::is_poison_attr) {
        return rw.notify_match_failure(op, "only #ub.poison is supported");
    }
    let old = body.value_type(body.result(op, 0));
    let loc = body.op_loc(op);
    let Some(ty) = rw.convert_type(old) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    let mut st = rw.state(llvm::PoisonOp::NAME, loc);
    st.result_types.push(ty);
    rw.replace_op_with_new(op, st);
    Ok(())
}

fn lower_unreachable<'c>(
    unreachable: UnreachableOp,
    _: UnreachableOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let loc = rw.body().op_loc(unreachable.0);
    let st = rw.state(llvm::UnreachableOp::NAME, loc);
    rw.replace_op_with_new(unreachable.0, st);
    Ok(())
}
