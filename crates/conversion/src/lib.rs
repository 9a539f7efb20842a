//! `pto-conversion`: conversions between MLIR's upstream dialects and to the `llvm`
//! dialect, one pass per file (`<from>_to_<to>`), each a dialect conversion
//! ([`pto_rewrite::conversion`]) with its patterns next to the pass, and the
//! `lower-to-llvm` pipeline. Conversions of the PTO dialects live in their crates.

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
