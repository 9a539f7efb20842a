//! Limits on what is handed to LLVM's code generators: inputs within them compile in
//! bounded time and memory, inputs past them are a located error instead of LLVM
//! running out of memory (it aborts the process) or working for minutes.

use rustc_hash::FxHashSet;

use pto_dialects::llvm::{LLVMArrayType, LLVMFunctionType, LLVMStructType};
use pto_ir::{BlockId, Body, Diagnostic, OpId, Type, TypeKind};

/// The most elements a vector type may have in code compiled to machine code.
/// Instruction selection splits a vector into registers one node per part, and its
/// cost grows faster than linearly: 4096 `f32` lanes take 0.16 s and 150 MB, 16384
/// take 2.8 s, 65536 take 19 s, 10^8 exhaust memory. Real kernels use vectors of a
/// few registers (at most a few hundred lanes); textual IR output has no limit.
pub const MAX_CODEGEN_VECTOR_ELEMENTS: u64 = 1 << 14;

/// Checks that the module-level ops of `block` (and of the modules in it) stay within
/// what code generation handles: no vector type, anywhere in a value's, function's or
/// global's type, with more than [`MAX_CODEGEN_VECTOR_ELEMENTS`] elements. The error
/// is at the first op using such a type.
pub fn check_codegen_limits<'c>(body: &Body<'c>, block: BlockId) -> Result<(), Diagnostic<'c>> {
    let mut checker = Checker::default();
    for (b, op) in super::translate::module_ops(body, block) {
        for key in ["function_type", "global_type"] {
            if let Some(t) = b.attr(op, key).and_then(|a| a.as_type()) {
                checker.check(b, op, t)?;
            }
        }
        checker.check_op(b, op)?;
    }
    Ok(())
}

#[derive(Default)]
struct Checker<'c> {
    /// Types already found within the limits (types are uniqued, so most values of a
    /// module share a handful of them).
    fine: FxHashSet<Type<'c>>,
}

impl<'c> Checker<'c> {
    fn check_op(&mut self, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
        for v in body.operands(op).chain(body.results(op)) {
            self.check(body, op, body.value_type(v))?;
        }
        let inner = body.region_body(op);
        for &region in body.regions_of(op) {
            for b in inner.region_blocks(region) {
                for &arg in inner.block_args(b) {
                    self.check(body, op, inner.value_type(arg))?;
                }
                for nested in inner.block_ops(b) {
                    self.check_op(inner, nested)?;
                }
            }
        }
        Ok(())
    }

    fn check(&mut self, body: &Body<'c>, op: OpId, t: Type<'c>) -> Result<(), Diagnostic<'c>> {
        if self.fine.contains(&t) {
            return Ok(());
        }
        if let Some(v) = oversized_vector(t) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "{v} has more than {MAX_CODEGEN_VECTOR_ELEMENTS} elements, more than code \
                     generation handles (split it, or use memory)"
                ),
            ));
        }
        self.fine.insert(t);
        Ok(())
    }
}

/// The first vector type in `t` (itself, or its elements, fields, parameters) with more
/// elements than the limit.
fn oversized_vector(t: Type<'_>) -> Option<Type<'_>> {
    match t.kind() {
        TypeKind::Vector { shape, .. } => {
            let n = shape
                .iter()
                .try_fold(1u64, |n, &d| n.checked_mul(u64::try_from(d).ok()?));
            (n.is_none_or(|n| n > MAX_CODEGEN_VECTOR_ELEMENTS)).then_some(t)
        }
        TypeKind::Function { inputs, results } => inputs
            .iter()
            .chain(results.iter())
            .find_map(|t| oversized_vector(*t)),
        _ => {
            if let Some(a) = LLVMArrayType::from_type(t) {
                return oversized_vector(a.element_type());
            }
            if let Some(s) = LLVMStructType::from_type(t) {
                return s.body().iter().find_map(|f| oversized_vector(*f));
            }
            if let Some(f) = LLVMFunctionType::from_type(t) {
                return f
                    .params()
                    .iter()
                    .chain(std::iter::once(&f.return_type()))
                    .find_map(|p| oversized_vector(*p));
            }
            None
        }
    }
}
