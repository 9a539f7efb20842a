//! `standalone`: a dialect defined outside pto-mlir's crates, with only their public API,
//! as MLIR's standalone example is. Fixed-point numbers (`!standalone.fixed<W, F>`: a
//! `W`-bit integer with `F` fraction bits) with their arithmetic, which
//! `convert-standalone-to-arith` lowers to `arith` on `iW`.
//!
//! The dialect is `td/standalone/StandaloneOps.td`: a type, an enum attribute, six ops,
//! an interface; this module holds the hooks its records ask for: the constant's custom
//! syntax and verifier, the folders, `neg`'s canonicalization pattern, the constant
//! materializer, the type's verifier and the cost interface's hooks. Its passes are
//! `td/Passes.td`, implemented in [`to_arith`] and [`cost`]; [`register`] adds all of it
//! to a tool. `docs/embedding.md` walks through it.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

// Generated code names this crate's items by absolute path (`::standalone::...`).
extern crate self as standalone;

pub mod cost;
pub mod fixed;
pub mod to_arith;

use smallvec::{smallvec, SmallVec};

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::builder::OpBuilder;
use pto_ir::{
    Attribute, Body, Context, Diagnostic, FloatKind, Folded, Location, OpId, OperationState, Type,
    TypeParam,
};
use pto_pass::registry::{Lowering, LoweringGoal};
use pto_pass::Registry;
use pto_rewrite::{MatchResult, PatternRewriter};

use fixed::Format;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/standalone_ods.rs"));
}
pub use ods::*;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Adds the dialect, its passes and its lowering (to `arith`, which `pto-run`-style
/// drivers then take further) to a tool.
pub fn register(registry: &mut Registry) {
    registry
        .dialects(DIALECTS)
        .passes_from(register_passes)
        .lowering(Lowering {
            name: "standalone-to-arith",
            dialects: &["standalone"],
            produces: &["arith", "math", "func"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            pipeline: |_| "convert-standalone-to-arith".to_string(),
        });
}

// ---- the type --------------------------------------------------------------------------

/// `!standalone.fixed<W, F>`: `W` from 2 to 64 bits, fewer fraction bits than that.
fn verify_type_fixed<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let (w, f) = (params[0].as_int(), params[1].as_int());
    match (w, f) {
        (Some(w), _) if !(2..=64).contains(&w) => {
            Err(format!("width must be 2 to 64 bits, got {w}"))
        }
        (Some(w), Some(f)) if f >= w => Err(format!(
            "fraction bits must be fewer than the width, got {f} of {w}"
        )),
        _ => Ok(()),
    }
}

// ---- standalone.constant -----------------------------------------------------------------

/// `standalone.constant 1.5 {attrs} : !standalone.fixed<16, 8>`.
fn parse_constant<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let value = p.parse_attribute_of(Some(ctx.float_type(FloatKind::F64)))?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    state.result_types.push(ty);
    state.props = Some(ctx.dictionary_of(&[("value", value)]));
    Ok(())
}

fn print_constant<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    if let Some(v) = ConstantOp(op).value(body) {
        p.write(" ");
        p.print_attribute_without_type(v);
    }
    p.print_attr_dict(body, op, &["value"], false);
    p.write(" : ");
    p.print_type(body.value_type(body.result(op, 0)));
}

/// The value is a multiple of `2^-F` within the type's range.
fn verify_constant<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let c = ConstantOp(op);
    let ty = body.value_type(c.result(body));
    let (Some(format), Some(value)) = (Format::of(ty), c.value(body).and_then(|a| a.as_f64()))
    else {
        return Ok(());
    };
    if format.raw_of(value).is_none() {
        return Err(pto_ir::verifier::op_error(
            body,
            op,
            &format!(
                "value {value} is not a {ty}: not a multiple of 2^-{} within its range",
                format.fraction
            ),
        ));
    }
    Ok(())
}

fn fold_constant<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    Some(smallvec![Folded::Attr(ConstantOp(op).value(body)?)])
}

/// Folded constants of the dialect are `standalone.constant`s.
fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    let format = Format::of(ty)?;
    format.raw_of(value.as_f64()?)?;
    Some(ConstantOp::build(b, loc, ty, value).0)
}

// ---- add and mul -------------------------------------------------------------------------

/// The constant operands as raw integers of `format`, if both are.
fn raw_operands(format: Format, operands: &[Option<Attribute<'_>>]) -> Option<(i128, i128)> {
    let raw = |a: Option<Attribute<'_>>| format.raw_of(a?.as_f64()?);
    Some((raw(operands[0])?, raw(operands[1])?))
}

/// The format of `op`'s result.
fn result_format(body: &Body<'_>, op: OpId) -> Option<Format> {
    Format::of(body.value_type(body.result(op, 0)))
}

/// `x + 0` is `x`; constants add (wrapping).
fn fold_add<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let format = result_format(body, op)?;
    if let Some((a, b)) = raw_operands(format, operands) {
        return Some(smallvec![Folded::Attr(
            ctx.f64_attr(format.value_of(format.wrap(a + b)))
        )]);
    }
    let is_zero = |a: Option<Attribute<'_>>| a.and_then(|a| a.as_f64()) == Some(0.0);
    let add = AddOp(op);
    if is_zero(operands[1]) {
        return Some(smallvec![Folded::Value(add.lhs(body))]);
    }
    if is_zero(operands[0]) {
        return Some(smallvec![Folded::Value(add.rhs(body))]);
    }
    None
}

/// `x * 1` is `x`; constants multiply (rounding toward negative infinity, wrapping).
fn fold_mul<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let format = result_format(body, op)?;
    if let Some((a, b)) = raw_operands(format, operands) {
        return Some(smallvec![Folded::Attr(
            ctx.f64_attr(format.value_of(format.mul(a, b)))
        )]);
    }
    let is_one = |a: Option<Attribute<'_>>| a.and_then(|a| a.as_f64()) == Some(1.0);
    let mul = MulOp(op);
    if is_one(operands[1]) {
        return Some(smallvec![Folded::Value(mul.lhs(body))]);
    }
    if is_one(operands[0]) {
        return Some(smallvec![Folded::Value(mul.rhs(body))]);
    }
    None
}

// ---- neg ---------------------------------------------------------------------------------

/// `neg(neg(x))` is `x`.
fn canonicalize_neg(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    let inner = body
        .defining_op(NegOp(op).operand(body))
        .and_then(|d| NegOp::from_op(body, d));
    let Some(inner) = inner else {
        return rw.notify_match_failure(op, "the operand is not a negation");
    };
    let x = inner.operand(body);
    rw.replace_op(op, &[x]);
    Ok(())
}

// ---- the cost interface ------------------------------------------------------------------

// What `convert-standalone-to-arith` makes of each op (see `to_arith`).

fn cost_constant(_: &Body<'_>, _: OpId) -> u64 {
    1
}

fn cost_add(_: &Body<'_>, _: OpId) -> u64 {
    1
}

fn cost_mul(_: &Body<'_>, _: OpId) -> u64 {
    6
}

fn cost_neg(_: &Body<'_>, _: OpId) -> u64 {
    2
}

fn cost_from_float(body: &Body<'_>, op: OpId) -> u64 {
    match fixed::rounding(body, op) {
        Rounding::Nearest => 4,
        Rounding::TowardZero => 3,
    }
}

fn cost_to_float(_: &Body<'_>, _: OpId) -> u64 {
    3
}
