//! Dialects. Each dialect is declarative data (its [`Dialect`](crate::ir::Dialect) table) plus
//! small Rust hooks for what cannot be declared.

pub mod arith;
pub mod builtin;
pub mod cf;
pub mod func;
pub mod math;
pub mod memref;
pub mod scf;
