//! `pypto-to-llvm`: a PyPTO program (as `pto-translate --import-pypto` gives it) to
//! the `llvm` dialect, as one pass over the module: `pypto-convert-to-ssa` on each
//! function (programs that reassign variables), `pypto-materialize-dims`,
//! `pypto-tensor-to-block`,
//! `pypto-block-to-pto`, then what PTOAS runs on a kernel (`ptoas` with
//! `enable-insert-sync`: memory planning, synchronisation, cse), the CPU model of the
//! tiles (`convert-pto-to-loops`), polynomials for `exp` and the like (vectorizable,
//! unlike libm calls) and `lower-to-llvm`. `pto-translate
//! --mlir-to-llvmir` then gives LLVM IR, and `pto-run` runs the result.
//!
//! `pto-run` runs the same steps. The programs of `examples/pypto/` run through it
//! against numpy (`lit-tests/pypto/lowering/examples.mlir`; `branch.py`'s `if`s in
//! `if-tensors.mlir`).

use pto_dialects::func;
use pto_ir::Context;
use pto_ir::Diagnostic;
use pto_pass::{Pass, PassTarget};

impl Pass for crate::PyPTOToLLVMPipeline {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        to_ssa(ctx, target.body)?;
        target.run_stage(ctx, crate::PyPTOMaterializeDims::INFO)?;
        target.run_stage(ctx, crate::PyPTOTensorToBlock::INFO)?;
        target.run_stage(ctx, crate::PyPTOBlockToPTO::INFO)?;
        target.run_stage_with(
            ctx,
            pto_tile::PTOASPipeline::INFO,
            "enable-insert-sync=true",
        )?;
        let loops = format!("vector-bits={}", self.options.vector_bits);
        target.run_stage_with(ctx, pto_tile::ConvertPTOToLoopsPass::INFO, &loops)?;
        target.run_stage(ctx, pto_dialects::MathPolynomialApproximationPass::INFO)?;
        target.run_stage(ctx, pto_conversion::LowerToLLVMPipeline::INFO)
    }
}

/// Runs `pypto-convert-to-ssa` on every function of `module` (the pass is anchored on
/// `func.func`, whose bodies are nested).
fn to_ssa<'c>(ctx: &'c Context, module: &mut pto_ir::Body<'c>) -> Result<(), Diagnostic<'c>> {
    let info = crate::ConvertToSSA::INFO;
    let funcs: Vec<_> = module
        .all_ops()
        .into_iter()
        .filter(|&op| module.op_name(op).as_str() == func::FuncOp::NAME)
        .collect();
    for f in funcs {
        let (op_name, loc) = (module.op_name(f), module.op_loc(f));
        let Some(body) = module.nested_mut(f) else {
            continue;
        };
        let mut statistics = pto_pass::Statistics::default();
        let mut diagnostics = Vec::new();
        let mut target = PassTarget {
            op_name,
            loc,
            body,
            statistics: &mut statistics,
            diagnostics: &mut diagnostics,
        };
        target.run_stage(ctx, info)?;
    }
    Ok(())
}
