//! The `llvm` dialect (`td/llvm/LLVMOps.td`, `LLVMTypes.td`) with MLIR 22's
//! syntax: the LLVM types and their builders, the type predicates the ODS constraints
//! name, and the hooks the records ask for (custom syntax in [`syntax`], verifiers in
//! [`verify`]).
//!
//! Lowering passes build types with [`ptr_type`], [`void_type`], [`array_type`],
//! [`struct_type`] and [`func_type`], and ops with the generated wrappers
//! (`AddOp::build`, `LoadOp::build`, ...) or the helpers [`build_func`] and
//! [`build_call`].
//! Other builders: `build_global`, `build_gep`, `build_load`, `build_store`
//! (`builders.rs`).
//!
//! The syntax is MLIR 22's, checked against mlir-opt (`lit-tests/dialects/llvm`, with an
//! `mlir-translate --mlir-to-llvmir` corpus). `LLVMTypes.td` declares the types (`ptr`,
//! `void`, `array`, literal `struct`, `func`), the constraints (the LLVM type predicates
//! are Rust functions here), enums and enum attributes (`#llvm.linkage<...>`, `cconv`,
//! `tailcallkind`, `fastmath`); MLIR's enum *properties* (`overflowFlags`,
//! `noWrapFlags`) are `i32` attributes with `custom<...>` directives for their keywords.
//! `LLVMOps.td` holds the ops with MLIR's attribute sets, so generic forms match. The
//! constant-like ops fold (`fold.rs`; `undef`/`poison`/`zero` to `#llvm.*` markers when no
//! builtin attribute fits) and the dialect materializes constants, so the canonicalizer
//! treats them as MLIR does. Hooks: `syntax.rs` (cmp, alloca, format directives),
//! `ops_syntax.rs` (call, func, global), `switch.rs`, `verify.rs`/`verify_calls.rs`.
//! Nested LLVM types print without the `!llvm.` prefix (`custom<PrettyLLVMType>`).
//! `llvm.func` and `func.func` share `function_syntax.rs`.
//!
//! Not yet: identified (named) structs (a parse error), and the LLVM types and ops not
//! listed above (token, target extension types, `invoke`/`landingpad`, atomics other
//! than load/store).

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::{Context, FloatKind, Type, TypeKind, TypeParam};

mod builders;
mod fold;
mod ops_syntax;
mod switch;
mod syntax;
mod verify;
mod verify_calls;

pub use builders::{
    build_call, build_func, build_gep, build_global, build_indirect_call, build_load, build_store,
    function_type_of, GepIndex, GEP_INBOUNDS, GEP_INBOUNDS_NUW,
};
pub use fold::materialize_constant;
use fold::*;
use ops_syntax::*;
use switch::*;
// `llvm.br` and `llvm.cond_br` choose their successor as the `cf` branches do.
use crate::cf::branch::{successor_for_operands_br, successor_for_operands_cond_br};
pub use syntax::enum_attr;
use syntax::*;
use verify::*;
use verify_calls::*;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/llvm_ods.rs"));
}
pub use ods::*;

/// The GEP index value marking a position taken by a dynamic index
/// (`rawConstantIndices`).
pub const GEP_DYNAMIC_INDEX: i32 = i32::MIN;

// ---- type builders ----------------------------------------------------------------

/// `!llvm.ptr` (address space 0).
pub fn ptr_type(ctx: &Context) -> Type<'_> {
    LLVMPointerType::get(ctx, 0).ty()
}

/// `!llvm.ptr<addr_space>`.
pub fn ptr_type_in(ctx: &Context, addr_space: u32) -> Type<'_> {
    LLVMPointerType::get(ctx, addr_space).ty()
}

/// `!llvm.void`.
pub fn void_type(ctx: &Context) -> Type<'_> {
    LLVMVoidType::get(ctx).ty()
}

/// `!llvm.array<n x elem>` (not verified; see [`LLVMArrayType::get_checked`]).
pub fn array_type<'c>(ctx: &'c Context, elem: Type<'c>, n: u64) -> Type<'c> {
    LLVMArrayType::get(ctx, elem, n).ty()
}

/// The literal struct `!llvm.struct<(elems)>`, or `!llvm.struct<packed (elems)>`.
pub fn struct_type<'c>(ctx: &'c Context, elems: &[Type<'c>], packed: bool) -> Type<'c> {
    LLVMStructType::get(ctx, elems, packed).ty()
}

/// `!llvm.func<ret (args)>`, with `, ...` when `vararg`; `ret` is [`void_type`] for
/// functions without result.
pub fn func_type<'c>(ctx: &'c Context, ret: Type<'c>, args: &[Type<'c>], vararg: bool) -> Type<'c> {
    LLVMFunctionType::get(ctx, ret, args, vararg).ty()
}

// ---- type predicates (named by the ODS constraints) ---------------------------------

fn is_llvm(t: Type<'_>, mnemonic: &str) -> bool {
    t.is_dialect_type("llvm", mnemonic)
}

/// A builtin float type LLVM has (`bf16`, `f16`, `f32`, `f64`, `f80`, `f128`).
pub fn is_compatible_floating_point_type(t: Type<'_>) -> bool {
    matches!(
        t.float_kind(),
        Some(FloatKind::BF16 | FloatKind::F16 | FloatKind::F32 | FloatKind::F64)
            | Some(FloatKind::F80 | FloatKind::F128)
    )
}

/// A type LLVM IR has at the outer level (MLIR's `isCompatibleOuterType`): LLVM types,
/// signless integers, LLVM floats and 1-D vectors.
pub fn is_compatible_outer_type(t: Type<'_>) -> bool {
    match t.kind() {
        TypeKind::Dialect { def, .. } => def.dialect == "llvm",
        TypeKind::Integer { .. } => t.int_width().is_some() && is_signless(t),
        TypeKind::Vector { shape, .. } => shape.len() == 1,
        _ => is_compatible_floating_point_type(t),
    }
}

fn is_signless(t: Type<'_>) -> bool {
    matches!(
        t.kind(),
        TypeKind::Integer {
            signedness: pto_ir::Signedness::Signless,
            ..
        }
    )
}

/// A type LLVM IR has, all the way down (MLIR's `isCompatibleType`).
pub fn is_compatible_type(t: Type<'_>) -> bool {
    match t.kind() {
        TypeKind::Vector { .. } => is_compatible_vector_type(t),
        TypeKind::Dialect { def, params } if def.dialect == "llvm" => {
            params.iter().all(|p| match *p {
                TypeParam::Type(x) => is_compatible_type(x),
                TypeParam::Types(xs) => xs.iter().all(|x| is_compatible_type(*x)),
                _ => true,
            })
        }
        _ => is_compatible_outer_type(t),
    }
}

/// A 1-D vector of signless integers, LLVM floats or pointers.
pub fn is_compatible_vector_type(t: Type<'_>) -> bool {
    match *t.kind() {
        TypeKind::Vector { shape, element, .. } => {
            shape.len() == 1
                && (is_signless(element)
                    || is_compatible_floating_point_type(element)
                    || is_llvm(element, "ptr"))
        }
        _ => false,
    }
}

/// `!llvm.struct` or `!llvm.array`.
pub fn is_aggregate_type(t: Type<'_>) -> bool {
    is_llvm(t, "struct") || is_llvm(t, "array")
}

/// `!llvm.void` or `!llvm.func`.
pub fn is_void_or_function_type(t: Type<'_>) -> bool {
    is_llvm(t, "void") || is_llvm(t, "func")
}

/// A type with a size, which `llvm.load` and `llvm.store` accept.
pub fn is_loadable_type(t: Type<'_>) -> bool {
    is_compatible_outer_type(t) && !is_void_or_function_type(t)
}

/// An element of `!llvm.array` or `!llvm.struct`.
fn is_valid_element_type(t: Type<'_>) -> bool {
    !is_void_or_function_type(t)
        && !matches!(t.kind(), TypeKind::Vector { scalable, .. } if scalable.iter().any(|s| *s))
}

/// The `i1` type with the shape of `t` (a vector of `i1` for vectors).
pub fn i1_same_shape<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    pto_ir::ods::preds::i1_same_shape(ctx, t)
}

// ---- type syntax hooks ------------------------------------------------------------------

/// A type inside an LLVM type: any type, or an LLVM type written without its `!llvm.`
/// prefix (`ptr`, `array<2 x i8>`).
fn parse_pretty_llvm_type<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Type<'c>, ()> {
    if let Some(t) = p.parse_optional_type()? {
        return Ok(t);
    }
    let pos = p.current_pos();
    let Some(key) = p.parse_optional_any_keyword() else {
        p.emit_error("expected valid keyword");
        return Err(());
    };
    match DIALECT.type_def(&key) {
        Some(def) => pto_ir::ods::typedef::parse_type_body(p, def),
        None => {
            p.emit_error_at(pos, &format!("unknown LLVM type: {key}"));
            Err(())
        }
    }
}

/// LLVM types without their prefix, other types in full.
fn print_pretty_llvm_type(p: &mut TypePrinter<'_>, t: Type<'_>) {
    match t.dialect_type() {
        Some((def, _)) if def.dialect == "llvm" => p.print_type_stripped(t),
        _ => p.print_type(t),
    }
}

/// `)`, `...)`, or `t0, t1[, ...])` (the `(` is a literal of the format).
fn parse_function_types<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<(Vec<Type<'c>>, bool), ()> {
    let mut params = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok((params, false));
    }
    if p.parse_optional_punct("...") {
        p.parse_punct(")")?;
        return Ok((params, true));
    }
    params.push(parse_pretty_llvm_type(p)?);
    while p.parse_optional_punct(",") {
        if p.parse_optional_punct("...") {
            p.parse_punct(")")?;
            return Ok((params, true));
        }
        params.push(parse_pretty_llvm_type(p)?);
    }
    p.parse_punct(")")?;
    Ok((params, false))
}

fn print_function_types(p: &mut TypePrinter<'_>, params: &[Type<'_>], var_arg: bool) {
    for (i, t) in params.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        print_pretty_llvm_type(p, *t);
    }
    if var_arg {
        p.write(if params.is_empty() { "..." } else { ", ..." });
    }
    p.write(")");
}

/// `<(t0, t1)>` or `<packed (t0, t1)>`; identified structs (`<"name", ...>`) are
/// reported as unsupported.
fn parse_type_struct<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    let pos = p.current_pos();
    if p.parse_optional_string()?.is_some() {
        p.emit_error_at(
            pos,
            "identified (named) LLVM structure types are not supported; use a literal structure",
        );
        return Err(());
    }
    if p.parse_optional_keyword("opaque") {
        p.emit_error_at(pos, "only identified structs can be opaque");
        return Err(());
    }
    let packed = p.parse_optional_keyword("packed");
    p.parse_punct("(")?;
    let mut body = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            body.push(parse_pretty_llvm_type(p)?);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Types(ctx.alloc_types(&body)),
        TypeParam::Bool(packed),
    ])
}

fn print_type_struct(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    if params.get(1).is_some_and(|b| b.as_bool()) {
        p.write("packed ");
    }
    p.write("(");
    let body = params.first().map_or(&[][..], |b| b.as_types());
    for (i, t) in body.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        print_pretty_llvm_type(p, *t);
    }
    p.write(")>");
}

fn verify_type_array<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    match params.first().and_then(|p| p.as_type()) {
        Some(t) if !is_valid_element_type(t) => Err(format!("invalid array element type: '{t}'")),
        _ => Ok(()),
    }
}

fn verify_type_func<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    if let Some(ret) = params.first().and_then(|p| p.as_type()) {
        if is_llvm(ret, "func") {
            return Err(format!("invalid function result type: '{ret}'"));
        }
    }
    for t in params.get(1).map_or(&[][..], |p| p.as_types()) {
        if is_void_or_function_type(*t) {
            return Err(format!("invalid function argument type: '{t}'"));
        }
    }
    Ok(())
}

fn verify_type_struct<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    for t in params.first().map_or(&[][..], |p| p.as_types()) {
        if !is_valid_element_type(*t) {
            return Err(format!("invalid LLVM structure element type: '{t}'"));
        }
    }
    Ok(())
}
