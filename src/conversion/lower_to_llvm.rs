//! `lower-to-llvm`: the standard lowering of `func`/`scf`/`cf`/`arith`/`math`/`memref`
//! to the `llvm` dialect, as one pass over the module: the conversions in the order
//! MLIR's examples run them, then `reconcile-unrealized-casts`. `pto-run` lowers what
//! is not yet LLVM with it.

use super::{
    arith_to_llvm, cf_to_llvm, func_to_llvm, math_to_llvm, memref_to_llvm,
    reconcile_unrealized_casts, scf_to_cf,
};
use crate::ir::{Context, Diagnostic};
use crate::pass::{OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};

/// The registration of `lower-to-llvm`.
pub static INFO: PassInfo = PassInfo {
    argument: "lower-to-llvm",
    name: "LowerToLLVMPipeline",
    summary: "Lower func, scf, cf, arith, math and memref to the LLVM dialect (convert-scf-to-cf, convert-math-to-llvm, convert-arith-to-llvm, finalize-memref-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts)",
    options: &[] as &[OptionSpec],
    statistics: &[] as &[StatisticSpec],
    create: |_: &PassOptions| Box::new(LowerToLlvm),
};

/// The passes of the pipeline, in order.
pub const STAGES: &[&PassInfo] = &[
    &scf_to_cf::INFO,
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
        }
        Ok(())
    }
}
