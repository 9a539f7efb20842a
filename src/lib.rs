//! pto-mlir: an MLIR-style dialect framework in Rust for the PTO family of AI-kernel IRs.
//!
//! See `ARCHITECTURE.md` for the map of the crate.

#![warn(missing_docs)]
// Parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the located diagnostic has
// already been reported through the parser when `Err(())` comes back.
#![allow(clippy::result_unit_err)]

pub mod bridge;
pub mod conversion;
pub mod dialects;
pub mod interp;
pub mod ir;
pub mod ods;
pub mod pass;
pub mod rewrite;
pub mod syntax;
pub mod target;
pub mod tools;
pub mod transforms;
