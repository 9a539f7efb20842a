//! `pto-llvm`, the LLVM back end: `llvm` dialect IR to LLVM IR (as `mlir-translate
//! --mlir-to-llvmir`), LLVM's optimization pipelines, emission of text, bitcode,
//! assembly and objects, and a JIT [`Engine`] that runs functions with MLIR's calling
//! conventions.
//!
//! The translation builds an `inkwell` module in a caller-owned LLVM context:
//! globals and functions are declared first, then initializers and bodies are
//! translated op by op ([`translate`](self::translate_module)); block arguments become
//! phi nodes. An op without a translation is an error at its location, never a panic.
//!
//! With `pto-bridge` (melior), the crate of the workspace that links LLVM: the tools
//! link it through this crate (`pto-tools` names `inkwell` only for the LLVM context of
//! `--mlir-to-llvmir`), and the build scripts of dialect crates read ODS with LLVM's
//! TableGen through `pto-ods-gen`; the core crates (`pto-ir`, `pto-parser`,
//! `pto-rewrite`, `pto-pass`) have no LLVM at all.

#![warn(missing_docs)]

mod constants;
mod debug_info;
mod engine;
mod function;
mod intrinsics;
mod limits;
mod machine;
mod marshal;
mod ops;
mod raw;
mod runtime;
mod translate;
mod types;

pub use engine::{Engine, EngineError};
pub use limits::{check_codegen_limits, MAX_CODEGEN_VECTOR_ELEMENTS};
pub use machine::{
    configure_module, emit, host_vector_bits, initialize_targets, optimize, target_machine, verify,
    EmitKind, TargetOptions,
};
pub use marshal::Signature;
pub use runtime::set_threads;
pub use types::{basic_type, function_type};

use inkwell::context::Context as LLContext;
use inkwell::module::Module as LLModule;

use pto_ir::builtin;
use pto_ir::{BlockId, Body, Context, Diagnostic};

/// The name `mlir-translate` gives the modules it produces (`ModuleID` and
/// `source_filename`); the same here, so outputs compare line for line.
pub const MODULE_NAME: &str = "LLVMDialectModule";

/// How to translate.
#[derive(Clone, Debug, Default)]
pub struct TranslationOptions {
    /// Emit DWARF line tables from the ops' `file:line:col` locations.
    pub debug_info: bool,
}

/// Translates the `llvm` dialect ops in `block` of `body` (the top level of a parsed
/// file, or a module's body), and those of the `builtin.module`s in it, into a new LLVM
/// IR module of context `ll`. Module-level attributes such as `llvm.target_triple`
/// and `llvm.data_layout` on the modules are applied.
pub fn translate_module<'c, 'll>(
    ctx: &'c Context,
    body: &Body<'c>,
    block: BlockId,
    ll: &'ll LLContext,
) -> Result<LLModule<'ll>, Diagnostic<'c>> {
    translate_module_with(ctx, body, block, ll, &TranslationOptions::default())
}

/// [`translate_module`] with options (debug info).
pub fn translate_module_with<'c, 'll>(
    ctx: &'c Context,
    body: &Body<'c>,
    block: BlockId,
    ll: &'ll LLContext,
    options: &TranslationOptions,
) -> Result<LLModule<'ll>, Diagnostic<'c>> {
    let module = translate::translate(ctx, body, block, ll, MODULE_NAME, options)?;
    for op in body.block_ops(block) {
        if body.op_name(op).as_str() != builtin::ModuleOp::NAME {
            continue;
        }
        if let Some(t) = body.attr(op, "llvm.target_triple").and_then(|a| a.as_str()) {
            module.set_triple(&inkwell::targets::TargetTriple::create(t));
        }
        if let Some(dl) = body.attr(op, "llvm.data_layout").and_then(|a| a.as_str()) {
            module.set_data_layout(&inkwell::targets::TargetData::create(dl).get_data_layout());
        }
    }
    Ok(module)
}
