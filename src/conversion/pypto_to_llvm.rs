//! `pypto-to-llvm`: a PyPTO program (as `pto-translate --import-pypto` gives it) to
//! the `llvm` dialect, as one pass over the module: `pypto-tensor-to-block`,
//! `pypto-block-to-pto`, then what PTOAS runs on a kernel (`ptoas` with
//! `enable-insert-sync`: memory planning, synchronisation, cse), the CPU model of the
//! tiles (`convert-pto-to-loops`) and `lower-to-llvm`. `pto-translate
//! --mlir-to-llvmir` then gives LLVM IR, and `pto-run` runs the result.

use super::{lower_to_llvm, pto_to_loops, pypto_block_to_pto, pypto_tensor_to_block};
use crate::dialects::pto::transforms::ptoas;
use crate::ir::Context;
use crate::ir::Diagnostic;
use crate::pass::{OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};

/// The registration of `pypto-to-llvm`.
pub static INFO: PassInfo = PassInfo {
    argument: "pypto-to-llvm",
    name: "PyPTOToLLVMPipeline",
    summary: "Lower a PyPTO program to the LLVM dialect (pypto-tensor-to-block, pypto-block-to-pto, ptoas{enable-insert-sync=true}, convert-pto-to-loops, lower-to-llvm)",
    options: &[] as &[OptionSpec],
    statistics: &[] as &[StatisticSpec],
    create: |_: &PassOptions| Box::new(PyptoToLlvm),
};

/// The pass.
pub struct PyptoToLlvm;

impl Pass for PyptoToLlvm {
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        target.run_stage(ctx, &pypto_tensor_to_block::INFO)?;
        target.run_stage(ctx, &pypto_block_to_pto::INFO)?;
        target.run_stage_with(ctx, &ptoas::INFO, "enable-insert-sync=true")?;
        target.run_stage(ctx, &pto_to_loops::INFO)?;
        target.run_stage(ctx, &lower_to_llvm::INFO)
    }
}
