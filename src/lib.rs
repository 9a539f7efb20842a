//! pto-mlir: an MLIR-style dialect framework in Rust for the PTO family of AI-kernel IRs.
//!
//! See `ARCHITECTURE.md` for the map of the crate.

#![warn(missing_docs)]

pub mod dialects;
pub mod ir;
pub mod syntax;
pub mod tools;
