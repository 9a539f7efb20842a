//! The `arith` dialect (`td/arith/ArithOps.td`). This file holds the hooks its
//! records ask for: `arith.constant` and `arith.select` syntax, cast verifiers, result
//! names, and constant folders.
//!
//! Canonicalization is every pattern MLIR 22 registers (`ArithCanonicalization.td` and
//! the C++ `SelectToExtUI`, `CmpFIntToFPConst`): `canonicalize.rs` (reassociation and the
//! DRR helpers), `canonicalize_casts.rs` (bit ops and equalities of like extensions,
//! `not(cmpi)`, cast chains, truncations, negations), `canonicalize_select.rs` (selects,
//! extended ops), `cmpf.rs` (the folder and `CmpFIntToFPConst`). The folders (`fold.rs`,
//! `fold_extra.rs`, `fold_float.rs`) fold scalars, splats (to splats) and element lists
//! (elementwise) alike through `elements.rs`, as MLIR's `constFold*` helpers; the matchers
//! (`m_ConstantInt`, `m_Zero`, the float ones) see splats; `f16`/`bf16`/`tf32` go through
//! `f64` exactly (`float_bits.rs`: one rounding, also from integers; the formats'
//! parameters are the literal parser's, `pto_ir::float`), and NaN results follow APFloat.
//! Hooks that only call a shared folder with fixed arguments are rows of `folders_by!`.
//! Trait folds run after the op's own (`Idempotent`, `CastOpInterface` on `bitcast`); the
//! folds MLIR does in place (`extui`/`extsi` of a like extension, `trunci` of a truncation
//! or of a wider extension's source, `truncf` of `extf`, `cmpi` with a constant on the
//! left) are `FoldInPlaceOpInterface` models (`fold_in_place.rs`). A poison operand gives
//! poison where MLIR's constant folders propagate it, and the materializer makes
//! `ub.poison` for a poison result; `addui_extended` of poison gives poison for both
//! results (mlir-opt 22 crashes folding it). Tests:
//! `lit-tests/transforms/canonicalize-arith.mlir` and `canonicalize-arith-folds.mlir`,
//! checked against mlir-opt in every traversal mode.

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::printer::type_to_string;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type};
use pto_ir::{FloatKind, OperationState, TypeKind};

/// Defines a fold hook `$name` (the signature ODS's `hasFolder` expects) from a body over
/// the context, the body, the op and its constant operands.
macro_rules! folder {
    ($(#[$doc:meta])* $name:ident, |$ctx:ident, $body:ident, $op:ident, $c:ident| $e:expr) => {
        /// Folder hook.
        $(#[$doc])*
        pub fn $name<'c>(
            $ctx: &'c Context,
            $body: &Body<'c>,
            $op: OpId,
            $c: &[Option<Attribute<'c>>],
        ) -> FoldOut<'c> {
            $e
        }
    };
}

/// Folder hooks that each call a shared folder with extra arguments:
/// `fold_x => helper(args)` is `fold_x(ctx, body, op, c)` calling `helper(ctx, body, op, c, args)`.
macro_rules! folders_by {
    ($($(#[$doc:meta])* $name:ident => $f:ident($($arg:expr),*)),* $(,)?) => {
        $(folder!($(#[$doc])* $name, |ctx, body, op, c| $f(ctx, body, op, c, $($arg),*));)*
    };
}

mod canonicalize;
mod canonicalize_casts;
mod canonicalize_select;
mod cmpf;
pub(crate) mod elements;
mod float_bits;
mod fold;
mod fold_extra;
mod fold_float;
mod fold_in_place;
mod speculation;
use canonicalize::*;
use canonicalize_casts::*;
use canonicalize_select::*;
use cmpf::*;
use fold::*;
pub use fold::{eval_cmpi, materialize_constant};
use fold_extra::*;
use fold_float::*;
use fold_in_place::{
    fold_in_place_cmpi, fold_in_place_extsi, fold_in_place_extui, fold_in_place_truncf,
    fold_in_place_trunci,
};
use speculation::{
    speculatability_ceildivsi, speculatability_ceildivui, speculatability_divsi,
    speculatability_divui,
};
pub mod expand;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/arith_ods.rs"));
}
pub use ods::*;

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, &msg)
}

// ---- constant -------------------------------------------------------------------------

fn verify_constant<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let ty = body.value_type(body.result(op, 0));
    let Some(v) = body.attr(op, "value") else {
        return Ok(());
    };
    if v.ty() != Some(ty) {
        return Err(op_error(
            body,
            op,
            "failed to verify that all of {value, result} have same type".to_string(),
        ));
    }
    if matches!(ty.kind(), TypeKind::Integer { signedness, .. } if *signedness != pto_ir::Signedness::Signless)
    {
        return Err(op_error(
            body,
            op,
            "integer return type must be signless".to_string(),
        ));
    }
    if !matches!(
        v.kind(),
        AttrKind::Integer { .. }
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseResource { .. }
    ) {
        return Err(op_error(
            body,
            op,
            "value must be an integer, float, or elements attribute".to_string(),
        ));
    }
    Ok(())
}

/// `attr-dict $value`: the result type is the value's type.
pub fn parse_constant<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    p.parse_optional_attr_dict(state)?;
    let v = p.parse_attribute()?;
    let Some(ty) = v.ty() else {
        p.emit_error("expected a typed attribute");
        return Err(());
    };
    state.result_types.push(ty);
    let mut props = vec![pto_ir::NamedAttribute {
        name: ctx.ident("value"),
        value: v,
    }];
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    Ok(())
}

/// `attr-dict $value`, printed with the value's type after it.
pub fn print_constant<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.print_attr_dict(body, op, &["value"], false);
    if let Some(v) = body.attr(op, "value") {
        p.write(" ");
        p.print_attribute(v);
    }
}

/// `%c42_i32`, `%c0` (index), `%true`, `%false`, else `%cst`.
fn result_names_constant(body: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    let Some(v) = body.attr(op, "value") else {
        return;
    };
    match v.kind() {
        AttrKind::Integer { value, ty } => match ty.kind() {
            TypeKind::Integer { width: 1, .. } => {
                set(0, if *value & 1 == 1 { "true" } else { "false" })
            }
            TypeKind::Integer { width, .. } => set(0, &format!("c{value}_i{width}")),
            TypeKind::Index => set(0, &format!("c{value}")),
            _ => set(0, "cst"),
        },
        _ => set(0, "cst"),
    }
}

fn result_names_addui_extended(_b: &Body<'_>, _op: OpId, set: &mut dyn FnMut(usize, &str)) {
    set(0, "sum");
    set(1, "overflow");
}
fn result_names_mului_extended(_b: &Body<'_>, _op: OpId, set: &mut dyn FnMut(usize, &str)) {
    set(0, "low");
    set(1, "high");
}
fn result_names_mulsi_extended(b: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    result_names_mului_extended(b, op, set)
}

// ---- select ---------------------------------------------------------------------------

/// `%c, %a, %b : T` or `%c, %a, %b : C, T`.
fn parse_select<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let mut ops = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.parse_punct(",")?;
        }
        let u = p.parse_operand()?;
        ops.push(u);
    }
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let first = p.parse_type()?;
    let (cond_ty, ty) = if p.parse_optional_punct(",") {
        (first, p.parse_type()?)
    } else {
        (ctx.int_type(1), first)
    };
    let c = p.resolve_operand(&ops[0], cond_ty)?;
    let a = p.resolve_operand(&ops[1], ty)?;
    let b = p.resolve_operand(&ops[2], ty)?;
    state.operands.extend([c, a, b]);
    state.result_types.push(ty);
    Ok(())
}

fn print_select<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    for (i, v) in body.operands(op).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, v);
    }
    p.print_attr_dict(body, op, &[], false);
    p.write(" : ");
    let cond = body.value_type(body.operand(op, 0));
    if cond.shape().is_some() {
        p.print_type(cond);
        p.write(", ");
    }
    p.print_type(body.value_type(body.result(op, 0)));
}

fn verify_select<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let cond = body.value_type(body.operand(op, 0));
    if cond.shape().is_none() {
        return Ok(());
    }
    let res = body.value_type(body.result(op, 0));
    if pto_ir::ods::preds::i1_same_shape(_ctx, res) != cond {
        return Err(op_error(
            body,
            op,
            "failed to verify that condition is signless i1 or has matching shape".to_string(),
        ));
    }
    Ok(())
}

// ---- casts ----------------------------------------------------------------------------

fn scalar_width(t: Type<'_>) -> Option<u32> {
    let e = pto_ir::ods::preds::element_type_or_self(t);
    e.int_width()
        .or_else(|| e.float_kind().map(FloatKind::width))
}

/// Checks that the result is wider (`wider`) or narrower than the operand.
fn verify_width<'c>(body: &Body<'c>, op: OpId, wider: bool) -> Result<(), Diagnostic<'c>> {
    let i = body.value_type(body.operand(op, 0));
    let o = body.value_type(body.result(op, 0));
    let (Some(wi), Some(wo)) = (scalar_width(i), scalar_width(o)) else {
        return Ok(());
    };
    let ok = if wider { wo > wi } else { wo < wi };
    if !ok {
        return Err(cast_incompatible(body, op));
    }
    Ok(())
}

/// MLIR's cast verifiers report through `areCastCompatible`.
fn cast_incompatible<'c>(body: &Body<'c>, op: OpId) -> Diagnostic<'c> {
    op_error(
        body,
        op,
        format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(body.value_type(body.operand(op, 0))),
            type_to_string(body.value_type(body.result(op, 0)))
        ),
    )
}

fn verify_extsi<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_width(b, op, true)
}
fn verify_extui<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_width(b, op, true)
}
fn verify_extf<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_width(b, op, true)
}
fn verify_trunci<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_width(b, op, false)
}
fn verify_truncf<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_width(b, op, false)
}
fn verify_bitcast<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let i = b.value_type(b.operand(op, 0));
    let o = b.value_type(b.result(op, 0));
    if scalar_width(i) != scalar_width(o) {
        return Err(cast_incompatible(b, op));
    }
    Ok(())
}
fn verify_index_cast<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_index_cast_impl(b, op)
}
fn verify_index_castui<'c>(_c: &'c Context, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_index_cast_impl(b, op)
}
fn verify_index_cast_impl<'c>(b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let i = pto_ir::ods::preds::element_type_or_self(b.value_type(b.operand(op, 0)));
    let o = pto_ir::ods::preds::element_type_or_self(b.value_type(b.result(op, 0)));
    if i.is_index() == o.is_index() {
        return Err(cast_incompatible(b, op));
    }
    Ok(())
}

/// The `overflowFlags` property value for `flags` (`nsw`, `nuw`): `#arith.overflow<none>`
/// when empty, as on the ops MLIR builds.
pub fn overflow_attr<'c>(ctx: &'c Context, flags: &[&str]) -> Attribute<'c> {
    let text = if flags.is_empty() {
        "overflow<none>".to_string()
    } else {
        format!("overflow<{}>", flags.join(", "))
    };
    ctx.opaque_attr(ctx.ident("arith"), &text)
}

/// The `fastmath` property value for `flags` (`reassoc`, `contract`, ...):
/// `#arith.fastmath<none>` when empty.
pub fn fastmath_attr<'c>(ctx: &'c Context, flags: &[&str]) -> Attribute<'c> {
    let text = if flags.is_empty() {
        "fastmath<none>".to_string()
    } else {
        format!("fastmath<{}>", flags.join(", "))
    };
    ctx.opaque_attr(ctx.ident("arith"), &text)
}

/// The flags of an `#arith.overflow<...>` or `#arith.fastmath<...>` value, none when
/// absent; `fast` stands for every fast-math flag.
pub(crate) fn enum_flags<'c>(a: Option<Attribute<'c>>) -> Vec<&'c str> {
    let Some(AttrKind::Opaque { body, .. }) = a.map(|a| *a.kind()) else {
        return Vec::new();
    };
    let inner = body
        .find('<')
        .and_then(|i| body[i + 1..].strip_suffix('>'))
        .unwrap_or("");
    let mut flags = Vec::new();
    for f in inner.split(',').map(str::trim) {
        match f {
            "" | "none" => {}
            "fast" => flags.extend(["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"]),
            f => flags.push(f),
        }
    }
    flags
}

/// The predicates of `arith.cmpf` (the enum's values), for code that builds compares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpFPredicate {
    False = 0,
    Oeq = 1,
    Ogt = 2,
    Oge = 3,
    Olt = 4,
    Ole = 5,
    One = 6,
    Ord = 7,
    Ueq = 8,
    Ugt = 9,
    Uge = 10,
    Ult = 11,
    Ule = 12,
    Une = 13,
    Uno = 14,
    True = 15,
}

/// The predicates of `arith.cmpi` (the enum's values).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpIPredicate {
    Eq = 0,
    Ne = 1,
    Slt = 2,
    Sle = 3,
    Sgt = 4,
    Sge = 5,
    Ult = 6,
    Ule = 7,
    Ugt = 8,
    Uge = 9,
}
