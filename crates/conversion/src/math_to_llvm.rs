//! `convert-math-to-llvm`: `math` ops to LLVM intrinsics (MLIR's `MathToLLVM`), and to
//! calls of the C math library where LLVM has no intrinsic (MLIR's
//! `MathToLibm`, folded in here so that one pass lowers all of `math`: `tanh`, `erf`,
//! `erfc`, `cbrt`).

use super::llvm_common::module::{lookup_or_create_func, visit_ops_deep};
use super::llvm_common::{apply_llvm_conversion, enum_keywords, lower_one_to_one, named};
use pto_dialects::llvm::{self, build_call};
use pto_dialects::math;
use pto_ir::{Context, Diagnostic, FloatKind, NamedAttribute, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::MatchResult;

/// `math` ops that are one LLVM intrinsic.
const INTRINSICS: &[(&str, &str)] = &[
    (math::ExpOp::NAME, llvm::ExpOp::NAME),
    (math::LogOp::NAME, llvm::LogOp::NAME),
    (math::Exp2Op::NAME, llvm::Exp2Op::NAME),
    (math::Log2Op::NAME, llvm::Log2Op::NAME),
    (math::SqrtOp::NAME, llvm::SqrtOp::NAME),
    (math::SinOp::NAME, llvm::SinOp::NAME),
    (math::CosOp::NAME, llvm::CosOp::NAME),
    (math::AbsFOp::NAME, llvm::FAbsOp::NAME),
    (math::FloorOp::NAME, llvm::FFloorOp::NAME),
    (math::CeilOp::NAME, llvm::FCeilOp::NAME),
    (math::RoundOp::NAME, llvm::RoundOp::NAME),
    (math::RoundEvenOp::NAME, llvm::RoundEvenOp::NAME),
    (math::TruncOp::NAME, llvm::FTruncOp::NAME),
    (math::PowFOp::NAME, llvm::PowOp::NAME),
    (math::FmaOp::NAME, llvm::FMAOp::NAME),
    (math::AtanOp::NAME, llvm::ATanOp::NAME),
    (math::AsinOp::NAME, llvm::ASinOp::NAME),
    (math::AcosOp::NAME, llvm::ACosOp::NAME),
    (math::Atan2Op::NAME, llvm::ATan2Op::NAME),
    (math::CopySignOp::NAME, llvm::CopySignOp::NAME),
];

/// `math` ops that are a libm call: (op, f32 function, f64 function).
const LIBM: &[(&str, &str, &str)] = &[
    (math::TanhOp::NAME, "tanhf", "tanh"),
    (math::ErfOp::NAME, "erff", "erf"),
    (math::ErfcOp::NAME, "erfcf", "erfc"),
    (math::CbrtOp::NAME, "cbrtf", "cbrt"),
];

impl Pass for crate::ConvertMathToLLVMPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        declare_libm(ctx, target.body);
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            &[],
            populate_math_to_llvm_patterns,
        )
    }
}

/// The libm function for op `name` on scalars of type `t`.
fn libm_function(name: &str, t: Type<'_>) -> Option<&'static str> {
    let &(_, f32_fn, f64_fn) = LIBM.iter().find(|l| l.0 == name)?;
    match t.float_kind()? {
        FloatKind::F32 => Some(f32_fn),
        FloatKind::F64 => Some(f64_fn),
        _ => None,
    }
}

/// Declares the libm functions the module's scalar `tanh`/`erf` ops will call.
fn declare_libm<'c>(ctx: &'c Context, body: &mut pto_ir::Body<'c>) {
    let mut needed: Vec<(&'static str, Type<'c>)> = Vec::new();
    for &(op_name, _, _) in LIBM {
        visit_ops_deep(body, op_name, &mut |b, op| {
            let t = b.value_type(b.result(op, 0));
            if let Some(f) = libm_function(op_name, t) {
                if !needed.iter().any(|n| n.0 == f) {
                    needed.push((f, t));
                }
            }
        });
    }
    for (f, t) in needed {
        let fty = llvm::func_type(ctx, t, &[t], false);
        lookup_or_create_func(ctx, body, ctx.unknown_loc(), f, fty);
    }
}

/// Adds the lowering of `math` to `llvm`.
pub fn populate_math_to_llvm_patterns(set: &mut ConversionPatternSet) {
    for &(from, _) in INTRINSICS {
        set.add_fn(from, "MathIntrinsicLowering", lower_intrinsic);
    }
    for &(from, _, _) in LIBM {
        set.add_fn(from, "MathLibmCall", lower_libm);
    }
    set.add_op::<math::RsqrtOp>("RsqrtOpLowering", lower_rsqrt)
        .add_op::<math::AbsIOp>("AbsIOpLowering", lower_absi)
        .add_op::<math::ExpM1Op>("ExpM1OpLowering", lower_expm1)
        .add_op::<math::Log1pOp>("Log1pOpLowering", lower_log1p);
}

fn fastmath<'c>(
    ctx: &'c Context,
    rw: &ConversionPatternRewriter<'_, 'c>,
    op: OpId,
) -> NamedAttribute<'c> {
    let kw = enum_keywords(rw.body().attr(op, "fastmath")).unwrap_or("none");
    named(ctx, "fastmathFlags", llvm::enum_attr(ctx, "fastmath", kw))
}

fn lower_intrinsic<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let name = rw.body().op_name(op);
    let Some(&(_, to)) = INTRINSICS.iter().find(|i| i.0 == name.as_str()) else {
        return rw.notify_match_failure(op, "not an intrinsic lowering");
    };
    let fm = fastmath(ctx, rw, op);
    lower_one_to_one(rw, op, operands, to, &[fm])
}

fn lower_libm<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let t = body.value_type(body.result(op, 0));
    let Some(f) = libm_function(body.op_name(op).as_str(), t) else {
        return rw.notify_match_failure(op, "only scalar f32 and f64 have a libm function");
    };
    let loc = body.op_loc(op);
    let ctx = rw.context();
    rw.set_insertion_point_before(op);
    let r = rw.build(|b| {
        let fty = llvm::func_type(ctx, t, &[t], false);
        let fty = llvm::LLVMFunctionType::from_type(fty).expect("function type");
        let call = build_call(b, loc, f, fty, &[operands[0]]);
        b.body().result(call.0, 0)
    });
    rw.replace_op(op, &[r]);
    Ok(())
}

/// `rsqrt(x)` = `1 / sqrt(x)`.
fn lower_rsqrt<'c>(
    op: math::RsqrtOp,
    adaptor: math::RsqrtOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let t = body.value_type(adaptor.operand());
    // 1.0 in the operand's format (MLIR lowers every float type this way).
    let bits = match t.float_kind() {
        Some(FloatKind::F64) => u128::from(1.0f64.to_bits()),
        Some(FloatKind::F32) => u128::from(1.0f32.to_bits()),
        Some(FloatKind::F16) => 0x3c00,
        Some(FloatKind::BF16) => 0x3f80,
        _ => {
            return rw
                .notify_match_failure(op.0, "only f16, bf16, f32 and f64 scalars are supported")
        }
    };
    let loc = body.op_loc(op.0);
    let fm = fastmath(ctx, rw, op.0).value;
    rw.set_insertion_point_before(op.0);
    let r = rw.build(|b| {
        let one = ctx.intern_attr(pto_ir::AttrKind::Float { bits, ty: t });
        let one = llvm::ConstantOp::build(b, loc, t, one).res(b.body());
        let s = llvm::SqrtOp::build(b, loc, adaptor.operand(), t, Some(fm)).res(b.body());
        llvm::FDivOp::build(b, loc, one, s, t, Some(fm)).res(b.body())
    });
    rw.replace_op(op.0, &[r]);
    Ok(())
}

/// `absi(x)` = `llvm.intr.abs(x)` (INT_MIN stays INT_MIN).
fn lower_absi<'c>(
    op: math::AbsIOp,
    adaptor: math::AbsIOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let poison = named(ctx, "is_int_min_poison", ctx.int_attr(ctx.int_type(1), 0));
    lower_one_to_one(
        rw,
        op.0,
        adaptor.all_operands(),
        llvm::AbsOp::NAME,
        &[poison],
    )
}

/// The constant 1.0 of the converted scalar or 1-D vector type `t` (whose elements are
/// `elem`), before `op`; `None` for other types (n-D vectors are arrays after
/// conversion and are not lowered here).
fn float_one<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    t: Type<'c>,
) -> Option<ValueId> {
    let ctx = rw.context();
    let elem = pto_ir::ods::preds::element_type_or_self(t);
    let bits = match elem.float_kind()? {
        FloatKind::F64 => u128::from(1.0f64.to_bits()),
        FloatKind::F32 => u128::from(1.0f32.to_bits()),
        _ => return None,
    };
    let value = match t.kind() {
        pto_ir::TypeKind::Vector { shape, .. } if shape.len() == 1 => ctx.dense_splat(t, bits),
        pto_ir::TypeKind::Float(_) => ctx.intern_attr(pto_ir::AttrKind::Float { bits, ty: t }),
        _ => return None,
    };
    let loc = rw.body().op_loc(op);
    rw.set_insertion_point_before(op);
    Some(rw.build(|b| llvm::ConstantOp::build(b, loc, t, value).res(b.body())))
}

/// `expm1(x)` = `exp(x) - 1` (MLIR's `ExpM1OpLowering`: the flags on both ops).
fn lower_expm1<'c>(
    op: math::ExpM1Op,
    adaptor: math::ExpM1OpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let t = rw.body().value_type(adaptor.operand());
    let Some(one) = float_one(rw, op.0, t) else {
        return rw.notify_match_failure(op.0, "only f32/f64 scalars and 1-D vectors are lowered");
    };
    let loc = rw.body().op_loc(op.0);
    let fm = fastmath(ctx, rw, op.0).value;
    let r = rw.build(|b| {
        let e = llvm::ExpOp::build(b, loc, adaptor.operand(), t, Some(fm)).res(b.body());
        llvm::FSubOp::build(b, loc, e, one, t, Some(fm)).res(b.body())
    });
    rw.replace_op(op.0, &[r]);
    Ok(())
}

/// `log1p(x)` = `log(1 + x)` (MLIR's `Log1pOpLowering`).
fn lower_log1p<'c>(
    op: math::Log1pOp,
    adaptor: math::Log1pOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let t = rw.body().value_type(adaptor.operand());
    let Some(one) = float_one(rw, op.0, t) else {
        return rw.notify_match_failure(op.0, "only f32/f64 scalars and 1-D vectors are lowered");
    };
    let loc = rw.body().op_loc(op.0);
    let fm = fastmath(ctx, rw, op.0).value;
    let r = rw.build(|b| {
        let s = llvm::FAddOp::build(b, loc, one, adaptor.operand(), t, Some(fm)).res(b.body());
        llvm::LogOp::build(b, loc, s, t, Some(fm)).res(b.body())
    });
    rw.replace_op(op.0, &[r]);
    Ok(())
}
