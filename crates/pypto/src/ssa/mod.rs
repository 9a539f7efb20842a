//! PyPTO's SSA passes: `pypto-convert-to-ssa` (cells of programs not in SSA form to
//! SSA values, PyPTO's versioned names) and `pypto-verify-ssa` (PyPTO's VerifySSA),
//! and the names they read and write (`names`). The structural equality check
//! (`pypto-structural-equal`) is registered with them.

pub mod convert_to_ssa;
pub mod names;
pub mod verify_ssa;

use pto_pass::PassRegistry;

/// Registers the SSA passes of the `pypto` dialect.
pub fn register_pypto_ssa_passes(registry: &mut PassRegistry) {
    registry.register(&convert_to_ssa::INFO);
    registry.register(&verify_ssa::INFO);
    registry.register(&super::structural_check::INFO);
}
