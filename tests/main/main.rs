//! Integration tests of the library API. One test binary (every binary links LLVM/MLIR).

mod bridge;
mod dialect_types;
mod interfaces;
mod ir_core;
mod llvm;
mod ods;
mod pass;
mod rewrite;
mod syntax;
