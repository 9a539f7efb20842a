//! Integration tests of the library API. One test binary (every binary links LLVM/MLIR).

mod bridge;
mod conversion;
mod dialect_attrs;
mod dialect_types;
mod differential;
mod engine;
mod half;
mod interfaces;
mod interp;
mod interprocedural;
mod ir_core;
mod lint;
mod llvm;
mod mutations;
mod ods;
mod ods_hooks;
mod pass;
mod rewrite;
mod run_pypto;
mod syntax;
