//! `pypto-to-llvm`: a PyPTO program (as `pto-translate --import-pypto` gives it) to
//! the `llvm` dialect, as one pass over the module: `pypto-convert-to-ssa` on each
//! function (programs that reassign variables), `pypto-materialize-dims`,
//! `pypto-tensor-to-block`,
//! `pypto-block-to-pto`, then what PTOAS runs on a kernel (`ptoas` with
//! `enable-insert-sync`: memory planning, synchronisation, cse), the CPU model of the
//! tiles (`convert-pto-to-loops`), polynomials for `exp` and the like (vectorizable,
//! unlike libm calls) and `lower-to-llvm`. `pto-translate
//! --mlir-to-llvmir` then gives LLVM IR, and `pto-run` runs the result.

use crate::transforms::materialize_dims;
use crate::{pypto_block_to_pto, pypto_tensor_to_block};
use pto_conversion::lower_to_llvm;
use pto_dialects::math::polynomial_approximation;
use pto_ir::Context;
use pto_ir::Diagnostic;
use pto_pass::{OptionKind, OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};
use pto_tile::pto_to_loops;
use pto_tile::transforms::ptoas;

/// The registration of `pypto-to-llvm`.
pub static INFO: PassInfo = PassInfo {
    argument: "pypto-to-llvm",
    name: "PyPTOToLLVMPipeline",
    summary: "Lower a PyPTO program to the LLVM dialect (pypto-convert-to-ssa, pypto-materialize-dims, pypto-tensor-to-block, pypto-block-to-pto, ptoas{enable-insert-sync=true}, convert-pto-to-loops, math-polynomial-approximation, lower-to-llvm)",
    options: &[OptionSpec {
        name: "vector-bits",
        kind: OptionKind::Enum(&["128", "256", "512"]),
        default: "256",
        help: "Width of the target's vector registers, for convert-pto-to-loops",
    }],
    statistics: &[] as &[StatisticSpec],
    create: |o: &PassOptions| {
        Box::new(PyptoToLlvm {
            vector_bits: o.int("vector-bits") as u32,
        })
    },
};

/// The pass.
pub struct PyptoToLlvm {
    /// The target's vector width in bits (`vector-bits`).
    pub vector_bits: u32,
}

impl Pass for PyptoToLlvm {
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        to_ssa(ctx, target.body)?;
        target.run_stage(ctx, &materialize_dims::INFO)?;
        target.run_stage(ctx, &pypto_tensor_to_block::INFO)?;
        target.run_stage(ctx, &pypto_block_to_pto::INFO)?;
        target.run_stage_with(ctx, &ptoas::INFO, "enable-insert-sync=true")?;
        let loops = format!("vector-bits={}", self.vector_bits);
        target.run_stage_with(ctx, &pto_to_loops::INFO, &loops)?;
        target.run_stage(ctx, &polynomial_approximation::INFO)?;
        target.run_stage(ctx, &lower_to_llvm::INFO)
    }
}

/// Runs `pypto-convert-to-ssa` on every function of `module` (the pass is anchored on
/// `func.func`, whose bodies are nested).
fn to_ssa<'c>(ctx: &'c Context, module: &mut pto_ir::Body<'c>) -> Result<(), Diagnostic<'c>> {
    let info = &crate::ssa::convert_to_ssa::INFO;
    let funcs: Vec<_> = module
        .all_ops()
        .into_iter()
        .filter(|&op| module.op_name(op).as_str() == "func.func")
        .collect();
    for f in funcs {
        let (op_name, loc) = (module.op_name(f), module.op_loc(f));
        let Some(body) = module.nested_mut(f) else {
            continue;
        };
        let mut statistics = pto_pass::Statistics::default();
        let mut target = PassTarget {
            op_name,
            loc,
            body,
            statistics: &mut statistics,
        };
        target.run_stage(ctx, info)?;
    }
    Ok(())
}
