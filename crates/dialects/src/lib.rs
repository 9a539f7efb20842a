//! `pto-dialects`: MLIR's upstream dialects as pto-mlir has them (`func`, `arith`, `cf`,
//! `math`, `ub`, `affine`, `scf`, `memref`, `vector`, `llvm`), with the transformations
//! specific to one of them (`memref`'s `expand-strided-metadata`, `math`'s polynomial
//! approximation). Each dialect is declarative data (its [`Dialect`](pto_ir::Dialect)
//! table, generated from `td/<name>/*.td` by the build script, whose list is the crate's
//! one list of dialects) plus small Rust hooks for what cannot be declared.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

pub mod affine;
pub mod arith;
pub mod cf;
pub mod func;
mod function_syntax;
pub mod llvm;
pub mod math;
pub mod memref;
pub mod scf;
pub mod ub;
pub mod vector;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers this crate's dialects in `ctx` (with the interface models their ODS
/// records declare).
pub fn register_dialects(ctx: &mut pto_ir::Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

/// Adds this crate's dialects and passes to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    registry.dialects(DIALECTS).passes_from(register_passes);
}

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;
