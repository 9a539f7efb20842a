//! `lower-to-llvm`: the standard lowering of `func`/`scf`/`cf`/`arith`/`math`/`memref`/
//! `vector` to the `llvm` dialect, as one pass over the module: the conversions in the
//! order MLIR's pipelines run them (`convert-vector-to-llvm` after `convert-scf-to-cf`
//! and before the conversions of the `arith` and `memref` ops it creates), then
//! `reconcile-unrealized-casts`. `vector` ops that `convert-vector-to-llvm` leaves (it
//! converts partially, as MLIR's) fail the pipeline with "failed to legalize". `pto-run`
//! lowers what is not yet LLVM with it.

use super::{
    arith_to_llvm, cf_to_llvm, func_to_llvm, math_to_llvm, memref_to_llvm,
    reconcile_unrealized_casts, scf_to_cf, vector_to_llvm,
};
use crate::ir::{Body, Context, Diagnostic};
use crate::pass::{OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};

/// The registration of `lower-to-llvm`.
pub static INFO: PassInfo = PassInfo {
    argument: "lower-to-llvm",
    name: "LowerToLLVMPipeline",
    summary: "Lower func, scf, cf, arith, math, memref and vector to the LLVM dialect (convert-scf-to-cf, convert-vector-to-llvm, convert-math-to-llvm, convert-arith-to-llvm, finalize-memref-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts)",
    options: &[] as &[OptionSpec],
    statistics: &[] as &[StatisticSpec],
    create: |_: &PassOptions| Box::new(LowerToLlvm),
};

/// The passes of the pipeline, in order.
pub const STAGES: &[&PassInfo] = &[
    &scf_to_cf::INFO,
    &vector_to_llvm::INFO,
    &math_to_llvm::INFO,
    &arith_to_llvm::INFO,
    &memref_to_llvm::INFO,
    &func_to_llvm::INFO,
    &cf_to_llvm::INFO,
    &reconcile_unrealized_casts::INFO,
];

/// The pass.
pub struct LowerToLlvm;

impl Pass for LowerToLlvm {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        for info in STAGES {
            let options = PassOptions::parse(info, "").expect("default options parse");
            let pass = (info.create)(&options);
            tracing::debug!(target: "pto::conversion", stage = info.argument, "lower-to-llvm");
            let mut stage = PassTarget {
                op_name: target.op_name,
                loc: target.loc,
                body: target.body,
                statistics: target.statistics,
            };
            pass.run(ctx, &mut stage)?;
            if std::ptr::eq(*info, &vector_to_llvm::INFO) {
                check_no_vector_ops(target.body)?;
            }
        }
        Ok(())
    }
}

/// The first `vector` op left in `body` (nested bodies included), as a located
/// "failed to legalize" error: the pipeline must produce LLVM only.
fn check_no_vector_ops<'c>(body: &Body<'c>) -> Result<(), Diagnostic<'c>> {
    for op in body.all_ops() {
        let name = body.op_name(op);
        if name.as_str().starts_with("vector.") {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("failed to legalize operation '{}'", name.as_str()),
            ));
        }
        if let Some(nested) = body.nested(op) {
            check_no_vector_ops(nested)?;
        }
    }
    Ok(())
}
