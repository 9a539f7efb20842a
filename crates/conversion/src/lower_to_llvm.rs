//! `lower-to-llvm`: the standard lowering of `func`/`scf`/`cf`/`arith`/`math`/`memref`/
//! `vector`/`ub`/`affine` to the `llvm` dialect, as one pass over the module: views
//! expanded first (`expand-strided-metadata`, then `lower-affine` for the index
//! arithmetic it makes), then the conversions in the order MLIR's pipelines run them (`convert-vector-to-llvm` after `convert-scf-to-cf`
//! and before the conversions of the `arith` and `memref` ops it creates), then
//! `reconcile-unrealized-casts`. The stages convert partially, as MLIR's do; the pipeline
//! does not: an op left outside the `llvm` dialect (a `vector` op after
//! `convert-vector-to-llvm`, an unsupported `memref` view, a cast that does not
//! reconcile) fails it with "failed to legalize" at the op. `pto-run` lowers what is not
//! yet LLVM with it.

use pto_ir::builtin;
use pto_ir::{Body, Context, Diagnostic};
use pto_pass::{Pass, PassInfo, PassTarget};

/// The dialects whose ops the pipeline lowers.
pub const SOURCE_DIALECTS: &[&str] = &[
    "func", "arith", "cf", "math", "ub", "affine", "scf", "memref", "vector",
];

/// The passes of the pipeline, in order.
pub const STAGES: &[&PassInfo] = &[
    pto_dialects::ExpandStridedMetadataPass::INFO,
    crate::LowerAffinePass::INFO,
    crate::SCFToControlFlowPass::INFO,
    crate::ConvertVectorToLLVMPass::INFO,
    crate::ConvertMathToLLVMPass::INFO,
    crate::ArithToLLVMConversionPass::INFO,
    crate::UBToLLVMConversionPass::INFO,
    crate::FinalizeMemRefToLLVMConversionPass::INFO,
    crate::ConvertFuncToLLVMPass::INFO,
    crate::ConvertControlFlowToLLVMPass::INFO,
    crate::ReconcileUnrealizedCastsPass::INFO,
];

impl Pass for crate::LowerToLLVMPipeline {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        for info in STAGES {
            target.run_stage(ctx, info)?;
            if std::ptr::eq(*info, crate::ConvertVectorToLLVMPass::INFO) {
                // Later stages expect no vector ops: report the leftover one itself.
                check_legal(target.body, &|name| !name.starts_with("vector."))?;
            }
        }
        // An op the stages could not convert first (casts around it are its symptom),
        // then casts that do not reconcile.
        const CAST: &str = builtin::UnrealizedConversionCastOp::NAME;
        check_legal(target.body, &|name| {
            name.starts_with("llvm.") || name == builtin::ModuleOp::NAME || name == CAST
        })?;
        check_legal(target.body, &|name| name != CAST)
    }
}

/// The first op of `body` (nested bodies included) whose name `legal` rejects, as a
/// located "failed to legalize" error: the pipeline must produce LLVM only.
fn check_legal<'c>(body: &Body<'c>, legal: &dyn Fn(&str) -> bool) -> Result<(), Diagnostic<'c>> {
    for op in body.all_ops() {
        let name = body.op_name(op);
        if !legal(name.as_str()) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("failed to legalize operation '{}'", name.as_str()),
            ));
        }
        if let Some(nested) = body.nested(op) {
            check_legal(nested, legal)?;
        }
    }
    Ok(())
}
