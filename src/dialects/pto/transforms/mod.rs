//! The passes of the `pto` dialect, one file each, as PTOAS runs them: memory planning,
//! synchronisation insertion and its static check. The lowering to loops is a
//! conversion (`conversion::pto_to_loops`).

pub mod plan_memory;

use crate::pass::PassRegistry;

/// Registers the `pto` passes.
pub fn register_pto_passes(registry: &mut PassRegistry) {
    registry.register(&plan_memory::INFO);
}
