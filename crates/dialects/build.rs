//! Generates this crate's dialects from their ODS definitions (`td/<name>/*.td`); the
//! list below is the crate's one dialect list (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect("func", "td/func/FuncOps.td")
        .dialect("arith", "td/arith/ArithOps.td")
        .dialect("cf", "td/cf/ControlFlowOps.td")
        .dialect("math", "td/math/MathOps.td")
        .dialect("ub", "td/ub/UBOps.td")
        .dialect("affine", "td/affine/AffineOps.td")
        .dialect("scf", "td/scf/SCFOps.td")
        .dialect("memref", "td/memref/MemRefOps.td")
        .dialect("vector", "td/vector/VectorOps.td")
        .dialect("llvm", "td/llvm/LLVMOps.td")
        .passes("td/Passes.td")
        .build();
}
