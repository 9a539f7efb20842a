//! `convert-cf-to-llvm`: `cf` branches to `llvm` branches (MLIR's
//! `ControlFlowToLLVM`). `cf.br`, `cf.cond_br` and `cf.switch` keep their successors and
//! properties, and their destinations get converted argument types. `cf.assert`
//! branches to a block that prints the message with `puts` and calls `abort`.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::llvm_common::apply_llvm_conversion;
use super::llvm_common::module::{create_global_string, lookup_or_create_func, visit_ops_deep};
use pto_dialects::cf;
use pto_dialects::llvm::{self, build_call, build_gep, GepIndex};
use pto_ir::{BlockId, Context, Diagnostic, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPattern, ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::MatchResult;

/// The `cf` ops the pass must convert.
const CF_OPS: &[&str] = &[
    cf::BranchOp::NAME,
    cf::CondBranchOp::NAME,
    cf::SwitchOp::NAME,
    cf::AssertOp::NAME,
];

impl Pass for crate::ConvertControlFlowToLLVMPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let messages = declare_assert_runtime(ctx, target.body, target.loc);
        // As MLIR's pass: a branch that cannot convert (a destination argument without an
        // LLVM type) is an error, not left behind.
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            CF_OPS,
            |set| populate_cf_to_llvm_patterns(set, messages),
        )
    }
}

/// The global string of each `cf.assert` message: its symbol and `!llvm.array` type
/// (as an address, since patterns are `Send + Sync` and types are not).
pub type AssertMessages = FxHashMap<String, (String, usize)>;

/// Creates what lowered `cf.assert`s call (`puts`, `abort`) and a global string per
/// distinct message, in the module `body` (located at `module_loc`); the locations are
/// MLIR's.
pub fn declare_assert_runtime<'c>(
    ctx: &'c Context,
    body: &mut pto_ir::Body<'c>,
    module_loc: pto_ir::Location<'c>,
) -> AssertMessages {
    let mut found: Vec<(String, pto_ir::Location<'c>)> = Vec::new();
    visit_ops_deep(body, cf::AssertOp::NAME, &mut |b, op| {
        let msg = b
            .attr(op, "msg")
            .and_then(|a| a.as_str())
            .unwrap_or("")
            .to_string();
        found.push((msg, b.op_loc(op)));
    });
    let mut messages = AssertMessages::default();
    if found.is_empty() {
        return messages;
    }
    for (msg, loc) in &found {
        if messages.contains_key(msg) {
            continue;
        }
        if let Some((name, _)) = create_global_string(ctx, body, *loc, "assert_msg", msg) {
            messages.insert(msg.clone(), (name, msg.len() + 1));
        }
    }
    let ptr = llvm::ptr_type(ctx);
    let void = llvm::void_type(ctx);
    let puts = llvm::func_type(ctx, void, &[ptr], false);
    lookup_or_create_func(ctx, body, module_loc, "puts", puts);
    let abort = llvm::func_type(ctx, void, &[], false);
    lookup_or_create_func(ctx, body, ctx.unknown_loc(), "abort", abort);
    messages
}

/// Adds the lowering of `cf` to `llvm`; `messages` from [`declare_assert_runtime`].
pub fn populate_cf_to_llvm_patterns(set: &mut ConversionPatternSet, messages: AssertMessages) {
    set.add_fn(cf::BranchOp::NAME, "BranchOpLowering", lower_branch)
        .add_fn(cf::CondBranchOp::NAME, "CondBranchOpLowering", lower_branch)
        .add_fn(cf::SwitchOp::NAME, "SwitchOpLowering", lower_branch)
        .add(AssertLowering { messages });
}

/// Gives the arguments of the (non-entry) `blocks` their converted types.
pub fn convert_successor_signatures<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    blocks: &[BlockId],
) -> MatchResult {
    for &b in blocks {
        let body = rw.body();
        let region = body.block_region(b);
        if region.and_then(|r| body.entry_block(r)) == Some(b) {
            continue;
        }
        let old: SmallVec<[Type<'c>; 4]> = body
            .block_args(b)
            .iter()
            .map(|&a| body.value_type(a))
            .collect();
        let Some(new) = rw.convert_type_list(&old) else {
            return rw.notify_match_failure(op, "block argument types do not convert");
        };
        if new != old {
            rw.apply_signature_conversion(b, &new);
        }
    }
    Ok(())
}

/// `cf.br`/`cf.cond_br`/`cf.switch`: the `llvm` branch of the same shape.
fn lower_branch<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let name = match body.op_name(op).as_str() {
        cf::BranchOp::NAME => llvm::BrOp::NAME,
        cf::CondBranchOp::NAME => llvm::CondBrOp::NAME,
        _ => llvm::SwitchOp::NAME,
    };
    let successors: SmallVec<[BlockId; 2]> = body.successors(op).iter().copied().collect();
    let props = body.op_props(op);
    let loc = body.op_loc(op);
    convert_successor_signatures(rw, op, &successors)?;
    let mut st = rw.state(name, loc);
    st.operands.extend_from_slice(operands);
    st.successors = successors;
    st.props = props;
    pto_ir::ods::populate_defaults(ctx, &mut st);
    rw.replace_op_with_new(op, st);
    Ok(())
}

/// `cf.assert %c, "msg"`: continue if `%c`, else print and abort.
struct AssertLowering {
    messages: AssertMessages,
}

impl ConversionPattern for AssertLowering {
    fn root(&self) -> Option<&'static str> {
        Some(cf::AssertOp::NAME)
    }
    fn name(&self) -> &'static str {
        "AssertOpLowering"
    }
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        operands: &[ValueId],
        rw: &mut ConversionPatternRewriter<'_, 'c>,
    ) -> MatchResult {
        let ctx = rw.context();
        let body = rw.body();
        let loc = body.op_loc(op);
        let msg = body
            .attr(op, "msg")
            .and_then(|a| a.as_str())
            .unwrap_or("")
            .to_string();
        let Some((global, len)) = self.messages.get(&msg).cloned() else {
            return rw.notify_match_failure(op, "message global was not declared");
        };
        let (Some(block), Some(next)) = (body.op_block(op), body.next_op(op)) else {
            return rw.notify_match_failure(op, "assert without a following op");
        };
        let region = body.block_region(block).expect("block in a region");
        let cont = rw.split_block(block, Some(next));
        let failure = rw.create_block(region, &[]);
        rw.set_insertion_point(pto_ir::InsertPoint::BlockEnd(failure));
        let ptr = llvm::ptr_type(ctx);
        let void = llvm::void_type(ctx);
        rw.build(|b| {
            let arr = llvm::array_type(ctx, ctx.int_type(8), len as u64);
            let sym = ctx.symbol_ref_attr(ctx.ident(&global), &[]);
            let addr = llvm::AddressOfOp::build(b, loc, ptr, sym).res(b.body());
            let first = build_gep(b, loc, ptr, arr, addr, &[GepIndex::Const(0)], 0);
            let first = first.res(b.body());
            let puts = llvm::func_type(ctx, void, &[ptr], false);
            let puts = llvm::LLVMFunctionType::from_type(puts).expect("function type");
            build_call(b, loc, "puts", puts, &[first]);
            let abort = llvm::func_type(ctx, void, &[], false);
            let abort = llvm::LLVMFunctionType::from_type(abort).expect("function type");
            build_call(b, loc, "abort", abort, &[]);
            llvm::UnreachableOp::build(b, loc);
        });
        rw.set_insertion_point_before(op);
        let mut st = rw.state(llvm::CondBrOp::NAME, loc);
        st.operands.push(operands[0]);
        st.successors.extend([cont, failure]);
        st.props = Some(ctx.dict_with(
            None,
            "operandSegmentSizes",
            Some(pto_ir::ods::format::dense_i32_array(ctx, &[1, 0, 0])),
        ));
        pto_ir::ods::populate_defaults(ctx, &mut st);
        rw.create(st);
        rw.erase_op(op);
        Ok(())
    }
}
