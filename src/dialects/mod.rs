//! Dialects. Each dialect is declarative data (its [`Dialect`](crate::ir::Dialect) table) plus
//! small Rust hooks for what cannot be declared.

pub mod affine;
pub mod arith;
pub mod builtin;
pub mod cf;
pub mod func;
mod function_syntax;
pub mod interfaces;
pub mod llvm;
pub mod math;
pub mod memref;
pub mod pto;
pub mod ptotest;
pub mod pypto;
pub mod scf;
pub mod ub;
pub mod vector;

/// The Markdown reference generated from each ODS-defined dialect, by dialect name
/// (committed as `docs/dialects/<name>.md`).
pub fn generated_docs() -> [(&'static str, &'static str); 13] {
    [
        ("affine", affine::DOC),
        ("arith", arith::DOC),
        ("builtin", builtin::DOC),
        ("cf", cf::DOC),
        ("func", func::DOC),
        ("llvm", llvm::DOC),
        ("math", math::DOC),
        ("memref", memref::DOC),
        ("pto", pto::DOC),
        ("pypto", pypto::DOC),
        ("scf", scf::DOC),
        ("ub", ub::DOC),
        ("vector", vector::DOC),
    ]
}
