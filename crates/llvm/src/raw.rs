//! Instruction builders over LLVM's C API for what inkwell only offers per value kind
//! (comparisons, selects, casts and aggregates of any first-class type, GEPs with
//! no-wrap flags) and for instruction flags. A translator works on values whose kind
//! it learns from the IR, so one untyped entry point per instruction is what it needs.
//!
//! Every function takes values and types of the builder's context; the builder must be
//! positioned. The C functions never fail on such input (LLVM folds constant operands
//! into constants instead of instructions, so flag setters check for instructions).
//!
//! Flags are `nsw`/`nuw`/`exact`/`disjoint`/`nneg` and fast-math; metadata is attached by
//! kind. `src/shim.cpp` (compiled by the build script with `cc`) adds what the C API
//! lacks: multi-index `extractvalue`/`insertvalue` and folding constant expressions with
//! the data layout (mlir-translate's `TargetFolder`). With it the output is the same text
//! as `mlir-translate --mlir-to-llvmir`, which the lit substitution `%translate-compat`
//! diffs.

use std::ffi::CStr;

use inkwell::builder::Builder;
use inkwell::llvm_sys::core as c;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
use inkwell::types::{AsTypeRef, BasicTypeEnum};
use inkwell::values::{AsValueRef, BasicValueEnum};

use super::constants::wrap;

const NONAME: &CStr = c"";

fn b(builder: &Builder<'_>) -> inkwell::llvm_sys::prelude::LLVMBuilderRef {
    builder.as_mut_ptr()
}

/// `op lhs, rhs` for a binary opcode.
pub fn binop<'ll>(
    builder: &Builder<'ll>,
    op: LLVMOpcode,
    lhs: BasicValueEnum<'ll>,
    rhs: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildBinOp(
            b(builder),
            op,
            lhs.as_value_ref(),
            rhs.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `fneg v`.
pub fn fneg<'ll>(builder: &Builder<'ll>, v: BasicValueEnum<'ll>) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildFNeg(
            b(builder),
            v.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// A cast of `v` to `ty`.
pub fn cast<'ll>(
    builder: &Builder<'ll>,
    op: LLVMOpcode,
    v: BasicValueEnum<'ll>,
    ty: BasicTypeEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildCast(
            b(builder),
            op,
            v.as_value_ref(),
            ty.as_type_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `icmp pred lhs, rhs`.
pub fn icmp<'ll>(
    builder: &Builder<'ll>,
    pred: LLVMIntPredicate,
    lhs: BasicValueEnum<'ll>,
    rhs: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildICmp(
            b(builder),
            pred,
            lhs.as_value_ref(),
            rhs.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `fcmp pred lhs, rhs`.
pub fn fcmp<'ll>(
    builder: &Builder<'ll>,
    pred: LLVMRealPredicate,
    lhs: BasicValueEnum<'ll>,
    rhs: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildFCmp(
            b(builder),
            pred,
            lhs.as_value_ref(),
            rhs.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `select cond, t, f`.
pub fn select<'ll>(
    builder: &Builder<'ll>,
    cond: BasicValueEnum<'ll>,
    t: BasicValueEnum<'ll>,
    f: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildSelect(
            b(builder),
            cond.as_value_ref(),
            t.as_value_ref(),
            f.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `freeze v`.
pub fn freeze<'ll>(builder: &Builder<'ll>, v: BasicValueEnum<'ll>) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildFreeze(
            b(builder),
            v.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

extern "C" {
    // crates/llvm/src/shim.cpp
    fn pto_llvm_build_extract_value(
        builder: inkwell::llvm_sys::prelude::LLVMBuilderRef,
        aggregate: LLVMValueRef,
        indices: *const u32,
        count: u32,
    ) -> LLVMValueRef;
    fn pto_llvm_build_insert_value(
        builder: inkwell::llvm_sys::prelude::LLVMBuilderRef,
        aggregate: LLVMValueRef,
        value: LLVMValueRef,
        indices: *const u32,
        count: u32,
    ) -> LLVMValueRef;
    fn pto_llvm_set_inalloca(alloca: LLVMValueRef);
    fn pto_llvm_fold_constant(
        value: LLVMValueRef,
        module: inkwell::llvm_sys::prelude::LLVMModuleRef,
    ) -> LLVMValueRef;
}

/// Marks alloca `v` `inalloca`.
pub fn set_inalloca(v: BasicValueEnum<'_>) {
    if let Some(i) = instruction(v) {
        // SAFETY: the shim checks that `i` is an alloca.
        unsafe { pto_llvm_set_inalloca(i) }
    }
}

/// Sets the synchronization scope (`syncscope("agent")`) of an atomic load or store.
pub fn set_sync_scope(ll: &inkwell::context::Context, v: LLVMValueRef, scope: &str) {
    // SAFETY: `v` is an atomic instruction of `ll` (the op has an ordering).
    unsafe {
        let id = c::LLVMGetSyncScopeID(ll.raw(), scope.as_ptr().cast(), scope.len());
        c::LLVMSetAtomicSyncScopeID(v, id);
    }
}

/// `v` folded with `module`'s data layout if it is a constant expression (what
/// mlir-translate's `TargetFolder` does as it builds); other values unchanged.
pub fn fold<'ll>(
    module: &inkwell::module::Module<'ll>,
    v: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: `v` is a value of the module's context.
    unsafe {
        wrap(pto_llvm_fold_constant(
            v.as_value_ref(),
            module.as_mut_ptr(),
        ))
    }
}

/// `extractvalue agg, i0, i1, ...` (one instruction for a nested position).
pub fn extract_value<'ll>(
    builder: &Builder<'ll>,
    agg: BasicValueEnum<'ll>,
    position: &[u32],
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment; the position was checked against the type.
    unsafe {
        wrap(pto_llvm_build_extract_value(
            b(builder),
            agg.as_value_ref(),
            position.as_ptr(),
            position.len() as u32,
        ))
    }
}

/// `insertvalue agg, v, i0, i1, ...` (one instruction for a nested position).
pub fn insert_value<'ll>(
    builder: &Builder<'ll>,
    agg: BasicValueEnum<'ll>,
    v: BasicValueEnum<'ll>,
    position: &[u32],
) -> BasicValueEnum<'ll> {
    // SAFETY: as for `extract_value`.
    unsafe {
        wrap(pto_llvm_build_insert_value(
            b(builder),
            agg.as_value_ref(),
            v.as_value_ref(),
            position.as_ptr(),
            position.len() as u32,
        ))
    }
}

/// `extractelement vec, i`.
pub fn extract_element<'ll>(
    builder: &Builder<'ll>,
    vec: BasicValueEnum<'ll>,
    i: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildExtractElement(
            b(builder),
            vec.as_value_ref(),
            i.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `insertelement vec, v, i`.
pub fn insert_element<'ll>(
    builder: &Builder<'ll>,
    vec: BasicValueEnum<'ll>,
    v: BasicValueEnum<'ll>,
    i: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildInsertElement(
            b(builder),
            vec.as_value_ref(),
            v.as_value_ref(),
            i.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `shufflevector v1, v2, mask` (`mask` a constant `<n x i32>` vector).
pub fn shuffle<'ll>(
    builder: &Builder<'ll>,
    v1: BasicValueEnum<'ll>,
    v2: BasicValueEnum<'ll>,
    mask: BasicValueEnum<'ll>,
) -> BasicValueEnum<'ll> {
    // SAFETY: see the module comment.
    unsafe {
        wrap(c::LLVMBuildShuffleVector(
            b(builder),
            v1.as_value_ref(),
            v2.as_value_ref(),
            mask.as_value_ref(),
            NONAME.as_ptr(),
        ))
    }
}

/// `getelementptr <flags> elem, base, indices` (flags: LLVM's `GEPNoWrapFlags` bits,
/// which are MLIR's `noWrapFlags` bits).
pub fn gep<'ll>(
    builder: &Builder<'ll>,
    elem: BasicTypeEnum<'ll>,
    base: BasicValueEnum<'ll>,
    indices: &[BasicValueEnum<'ll>],
    flags: u32,
) -> BasicValueEnum<'ll> {
    let mut refs: Vec<LLVMValueRef> = indices.iter().map(|v| v.as_value_ref()).collect();
    // SAFETY: see the module comment; the indices were checked by the verifier.
    unsafe {
        wrap(c::LLVMBuildGEPWithNoWrapFlags(
            b(builder),
            elem.as_type_ref(),
            base.as_value_ref(),
            refs.as_mut_ptr(),
            refs.len() as u32,
            NONAME.as_ptr(),
            flags,
        ))
    }
}

/// The instruction behind `v`, if it is one (not a folded constant).
pub fn instruction(v: BasicValueEnum<'_>) -> Option<LLVMValueRef> {
    // SAFETY: `v` is a valid value.
    let i = unsafe { c::LLVMIsAInstruction(v.as_value_ref()) };
    (!i.is_null()).then_some(i)
}

/// Integer flags: MLIR's overflow bits (`nsw` 1, `nuw` 2).
pub fn set_overflow_flags(v: BasicValueEnum<'_>, bits: i128) {
    if let Some(i) = instruction(v) {
        // SAFETY: `i` is an instruction of a kind that has these flags (the op decides).
        unsafe {
            if bits & 1 != 0 {
                c::LLVMSetNSW(i, 1);
            }
            if bits & 2 != 0 {
                c::LLVMSetNUW(i, 1);
            }
        }
    }
}

/// `exact` on a division or shift.
pub fn set_exact(v: BasicValueEnum<'_>) {
    if let Some(i) = instruction(v) {
        // SAFETY: as for `set_overflow_flags`.
        unsafe { c::LLVMSetExact(i, 1) }
    }
}

/// `disjoint` on an `or`.
pub fn set_disjoint(v: BasicValueEnum<'_>) {
    if let Some(i) = instruction(v) {
        // SAFETY: as for `set_overflow_flags`.
        unsafe { c::LLVMSetIsDisjoint(i, 1) }
    }
}

/// `nneg` on a `zext` or `uitofp`.
pub fn set_nneg(v: BasicValueEnum<'_>) {
    if let Some(i) = instruction(v) {
        // SAFETY: as for `set_overflow_flags`.
        unsafe { c::LLVMSetNNeg(i, 1) }
    }
}

/// Fast-math flags (LLVM C API bits) on a floating-point instruction.
pub fn set_fast_math(v: LLVMValueRef, flags: u32) {
    // SAFETY: `v` is a valid value; the flags are only set on FP math instructions.
    unsafe {
        if flags != 0
            && !c::LLVMIsAInstruction(v).is_null()
            && c::LLVMCanValueUseFastMathFlags(v) != 0
        {
            c::LLVMSetFastMathFlags(v, flags);
        }
    }
}

/// Attaches metadata `kind` with the node `!{operands}` to instruction `v`.
pub fn set_metadata(
    ll: &inkwell::context::Context,
    v: LLVMValueRef,
    kind: &str,
    operands: &[BasicValueEnum<'_>],
) {
    // SAFETY: `v` is an instruction of `ll`; the node is built in `ll`.
    unsafe {
        let id = c::LLVMGetMDKindIDInContext(ll.raw(), kind.as_ptr().cast(), kind.len() as u32);
        let mut mds: Vec<_> = operands
            .iter()
            .map(|o| c::LLVMValueAsMetadata(o.as_value_ref()))
            .collect();
        let node = c::LLVMMDNodeInContext2(ll.raw(), mds.as_mut_ptr(), mds.len());
        c::LLVMSetMetadata(v, id, c::LLVMMetadataAsValue(ll.raw(), node));
    }
}

/// `!prof !{!"branch_weights", i32 w0, ...}` on a branch or switch.
pub fn set_branch_weights(ll: &inkwell::context::Context, v: LLVMValueRef, weights: &[i64]) {
    let name = "branch_weights";
    // SAFETY: `v` is a terminator of `ll`; the node is built in `ll`.
    unsafe {
        let i32t = c::LLVMInt32TypeInContext(ll.raw());
        let mut mds = vec![c::LLVMMDStringInContext2(
            ll.raw(),
            name.as_ptr().cast(),
            name.len(),
        )];
        for &w in weights {
            let k = c::LLVMConstInt(i32t, w as u64, 0);
            mds.push(c::LLVMValueAsMetadata(k));
        }
        let node = c::LLVMMDNodeInContext2(ll.raw(), mds.as_mut_ptr(), mds.len());
        let kind = "prof";
        let id = c::LLVMGetMDKindIDInContext(ll.raw(), kind.as_ptr().cast(), kind.len() as u32);
        c::LLVMSetMetadata(v, id, c::LLVMMetadataAsValue(ll.raw(), node));
    }
}
