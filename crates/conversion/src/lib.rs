//! `pto-conversion`: conversions between MLIR's upstream dialects and to the `llvm`
//! dialect, one pass per file (`<from>_to_<to>`), each a dialect conversion
//! ([`pto_rewrite::conversion`]) with its patterns next to the pass, and the
//! `lower-to-llvm` pipeline. Conversions of the PTO dialects live in their crates.
//!
//! What the conversions share is in `llvm_common` (MLIR's `LLVMCommon`: the type
//! converter, the memref descriptor with its fields packed in MLIR's orders, one-to-one
//! lowering, and the module-level declarations a lowering needs: `malloc`, `free`, `puts`,
//! libm functions, message strings, created by the pass in the module body before the
//! conversion, because patterns run inside one function body). The passes:
//! `convert-arith-to-llvm`, `convert-math-to-llvm`, `convert-vector-to-llvm`,
//! `convert-cf-to-llvm`, `convert-ub-to-llvm`, `convert-func-to-llvm`,
//! `finalize-memref-to-llvm`, `convert-scf-to-cf`, `lower-affine`,
//! `reconcile-unrealized-casts`, the pipeline `lower-to-llvm`, and
//! `test-dialect-conversion` (`testing`), which exercises the conversion driver. They
//! are declared in `td/Passes.td`.
//!
//! As in MLIR, each stage converts partially, leaving in place the ops it cannot convert;
//! `lower-to-llvm` fails on what is left ("failed to legalize"), and the translation to
//! LLVM IR reports any leftover of a pipeline written by hand. The lit tests
//! (`lit-tests/conversion`) compare with mlir-opt byte for byte (`%compat`), and the
//! kernels of `lit-tests/run` lowered by `lower-to-llvm` are accepted by
//! `mlir-translate --mlir-to-llvmir`.

#![warn(missing_docs)]

pub mod affine_to_std;
pub mod arith_to_llvm;
pub mod cf_to_llvm;
pub mod func_to_llvm;
pub mod llvm_common;
pub mod lower_to_llvm;
pub mod math_to_llvm;
pub mod memref_to_llvm;
pub mod reconcile_unrealized_casts;
pub mod scf_to_cf;
pub mod testing;
pub mod ub_to_llvm;
pub mod vector_to_llvm;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

/// Registers every conversion pass.
pub fn register_conversion_passes(registry: &mut pto_pass::PassRegistry) {
    register_passes(registry);
}

/// Adds this crate's passes to a tool, and the lowering of the upstream dialects to the
/// `llvm` dialect (`lower-to-llvm`), which compiling ends with.
pub fn register(registry: &mut pto_pass::Registry) {
    use pto_pass::registry::{Lowering, LoweringGoal};
    registry.passes_from(register_passes).lowering(Lowering {
        name: "lower-to-llvm",
        dialects: lower_to_llvm::SOURCE_DIALECTS,
        produces: &["llvm"],
        goals: &[LoweringGoal::Compile],
        pipeline: |_| "lower-to-llvm".to_string(),
    });
}
