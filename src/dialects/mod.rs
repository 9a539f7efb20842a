//! Dialects. Each dialect is declarative data (its [`Dialect`](crate::ir::Dialect) table) plus
//! small Rust hooks for what cannot be declared.

pub mod builtin;
