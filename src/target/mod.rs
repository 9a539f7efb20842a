//! Back ends: translations of IR in a target dialect into the target's own IR, and
//! running the result.
//!
//! [`llvm`] turns a module of `llvm` dialect ops into an LLVM IR module (through
//! inkwell), optimizes and emits it, and JIT-compiles it into an [`llvm::Engine`].

pub mod llvm;
