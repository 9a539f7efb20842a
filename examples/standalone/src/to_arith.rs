//! `convert-standalone-to-arith`: `!standalone.fixed<W, F>` becomes `iW` (in functions'
//! signatures too), and each op the integer (and float) code that computes it:
//!
//! - `constant` is the raw integer, `add` is `arith.addi` (wrapping);
//! - `mul` multiplies at double width and shifts the fraction bits out
//!   (`extsi`, `muli`, `shrsi`, `trunci`: rounding toward negative infinity);
//! - `neg` is `0 - x`;
//! - `to_float` is `sitofp`, then a multiplication by `2^-F`;
//! - `from_float` multiplies by `2^F`, rounds (`math.roundeven` for `nearest`, nothing
//!   for `toward_zero`, which `fptosi` does) and converts with `fptosi`.

use pto_dialects::arith::{
    AddIOp, ConstantOp as ArithConstant, ExtSIOp, FPToSIOp, MulFOp, MulIOp, SIToFPOp, ShRSIOp,
    SubIOp, TruncIOp,
};
use pto_dialects::func::conversions::{add_func_legality, populate_func_type_conversion_patterns};
use pto_dialects::math::RoundEvenOp;
use pto_ir::{Context, Diagnostic, FloatKind, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{
    apply_partial_conversion, ConversionPatternRewriter, ConversionPatternSet, ConversionTarget,
    TypeConversion, TypeConverter,
};
use pto_rewrite::MatchResult;

use crate::fixed::{rounding, Format};
use crate::Rounding;
use crate::{
    AddOp, AddOpAdaptor, ConstantOp, ConstantOpAdaptor, FixedType, FromFloatOp, FromFloatOpAdaptor,
    MulOp, MulOpAdaptor, NegOp, NegOpAdaptor, ToFloatOp, ToFloatOpAdaptor, DIALECT,
};

impl Pass for crate::ConvertStandaloneToArith {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut converter = TypeConverter::new();
        converter.add_identity_conversion();
        converter.add_conversion(move |t| match FixedType::from_type(t) {
            Some(f) => TypeConversion::Converted(ctx.int_type(f.width())),
            None => TypeConversion::Skip,
        });
        let mut legal = ConversionTarget::new();
        legal
            .add_illegal_dialects(&[DIALECT.name])
            .add_legal_dialects(&["arith", "math", "builtin"]);
        add_func_legality(&mut legal, &converter);
        let mut patterns = ConversionPatternSet::new();
        patterns
            .add_op::<ConstantOp>("ConstantLowering", lower_constant)
            .add_op::<AddOp>("AddLowering", lower_add)
            .add_op::<MulOp>("MulLowering", lower_mul)
            .add_op::<NegOp>("NegLowering", lower_neg)
            .add_op::<ToFloatOp>("ToFloatLowering", lower_to_float)
            .add_op::<FromFloatOp>("FromFloatLowering", lower_from_float);
        populate_func_type_conversion_patterns(&mut patterns);
        let before = count(target.body);
        apply_partial_conversion(
            ctx,
            target.body,
            &legal,
            &patterns.freeze(),
            Some(&converter),
        )?;
        target
            .statistics
            .add(crate::ConvertStandaloneToArith::NUM_CONVERTED, before);
        Ok(())
    }
}

/// The `standalone` ops of a body and its nested bodies.
fn count(body: &pto_ir::Body<'_>) -> u64 {
    body.all_ops()
        .into_iter()
        .map(|op| {
            u64::from(body.op_name(op).dialect() == DIALECT.name) + body.nested(op).map_or(0, count)
        })
        .sum()
}

/// The format of the op's (fixed-point) result, and its integer type.
fn result_format<'c>(
    rw: &ConversionPatternRewriter<'_, 'c>,
    op: pto_ir::OpId,
) -> Option<(Format, Type<'c>)> {
    let body = rw.body();
    let t = body.value_type(body.result(op, 0));
    Some((Format::of(t)?, rw.convert_type(t)?))
}

/// An integer constant of type `ty`.
fn int_constant<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    ty: Type<'c>,
    v: i128,
    loc: pto_ir::Location<'c>,
) -> ValueId {
    let value = rw.context().int_attr(ty, v);
    rw.build(|b| ArithConstant::build(b, loc, ty, value).result(b.body()))
}

/// A float constant of type `ty`, if `f32` or `f64` (the scales, powers of two, are
/// exact in both).
fn float_constant<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    ty: Type<'c>,
    v: f64,
    loc: pto_ir::Location<'c>,
) -> Option<ValueId> {
    let bits = match ty.float_kind()? {
        FloatKind::F32 => u128::from((v as f32).to_bits()),
        FloatKind::F64 => u128::from(v.to_bits()),
        _ => return None,
    };
    let value = rw
        .context()
        .intern_attr(pto_ir::AttrKind::Float { bits, ty });
    Some(rw.build(|b| ArithConstant::build(b, loc, ty, value).result(b.body())))
}

fn lower_constant<'c>(
    c: ConstantOp,
    _: ConstantOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let (Some((format, int)), Some(value)) = (
        result_format(rw, c.0),
        c.value(rw.body()).and_then(|a| a.as_f64()),
    ) else {
        return rw.notify_match_failure(c.0, "not a fixed-point constant");
    };
    let Some(raw) = format.raw_of(value) else {
        return rw.notify_match_failure(c.0, "value not representable");
    };
    let loc = rw.body().op_loc(c.0);
    let v = int_constant(rw, int, raw, loc);
    rw.replace_op(c.0, &[v]);
    Ok(())
}

fn lower_add<'c>(
    add: AddOp,
    operands: AddOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let Some((_, int)) = result_format(rw, add.0) else {
        return rw.notify_match_failure(add.0, "result does not convert");
    };
    let loc = rw.body().op_loc(add.0);
    let (l, r) = (operands.lhs(), operands.rhs());
    let v = rw.build(|b| AddIOp::build(b, loc, l, r, int, None).result(b.body()));
    rw.replace_op(add.0, &[v]);
    Ok(())
}

fn lower_mul<'c>(
    mul: MulOp,
    operands: MulOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let Some((format, int)) = result_format(rw, mul.0) else {
        return rw.notify_match_failure(mul.0, "result does not convert");
    };
    let loc = rw.body().op_loc(mul.0);
    let wide = rw.context().int_type(2 * format.width);
    let (l, r) = (operands.lhs(), operands.rhs());
    let shift = int_constant(rw, wide, i128::from(format.fraction), loc);
    let v = rw.build(|b| {
        let l = ExtSIOp::build(b, loc, l, wide).out(b.body());
        let r = ExtSIOp::build(b, loc, r, wide).out(b.body());
        let p = MulIOp::build(b, loc, l, r, wide, None).result(b.body());
        let s = ShRSIOp::build(b, loc, p, shift, wide, None).result(b.body());
        TruncIOp::build(b, loc, s, int, None).out(b.body())
    });
    rw.replace_op(mul.0, &[v]);
    Ok(())
}

fn lower_neg<'c>(
    neg: NegOp,
    operands: NegOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let Some((_, int)) = result_format(rw, neg.0) else {
        return rw.notify_match_failure(neg.0, "result does not convert");
    };
    let loc = rw.body().op_loc(neg.0);
    let zero = int_constant(rw, int, 0, loc);
    let x = operands.operand();
    let v = rw.build(|b| SubIOp::build(b, loc, zero, x, int, None).result(b.body()));
    rw.replace_op(neg.0, &[v]);
    Ok(())
}

fn lower_to_float<'c>(
    op: ToFloatOp,
    operands: ToFloatOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (Some(format), float) = (
        Format::of(body.value_type(op.input(body))),
        body.value_type(op.result(body)),
    ) else {
        return rw.notify_match_failure(op.0, "input is not fixed point");
    };
    let loc = body.op_loc(op.0);
    let Some(scale) = float_constant(rw, float, (-(format.fraction as f64)).exp2(), loc) else {
        return rw.notify_match_failure(op.0, "only f32 and f64 results lower");
    };
    let x = operands.input();
    let v = rw.build(|b| {
        let f = SIToFPOp::build(b, loc, x, float).out(b.body());
        MulFOp::build(b, loc, f, scale, float, None).result(b.body())
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_from_float<'c>(
    op: FromFloatOp,
    operands: FromFloatOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let Some((format, int)) = result_format(rw, op.0) else {
        return rw.notify_match_failure(op.0, "result does not convert");
    };
    let body = rw.body();
    let float = body.value_type(op.input(body));
    let round = rounding(body, op.0);
    let loc = body.op_loc(op.0);
    let Some(scale) = float_constant(rw, float, (format.fraction as f64).exp2(), loc) else {
        return rw.notify_match_failure(op.0, "only f32 and f64 inputs lower");
    };
    let x = operands.input();
    let v = rw.build(|b| {
        let scaled = MulFOp::build(b, loc, x, scale, float, None).result(b.body());
        let rounded = match round {
            Rounding::Nearest => RoundEvenOp::build(b, loc, scaled, float, None).result(b.body()),
            Rounding::TowardZero => scaled,
        };
        FPToSIOp::build(b, loc, rounded, int).out(b.body())
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}
